/* test-save.c - save_file: atomic replacement, NAME~, and faults at every step
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The "Saving is atomic": a save that fails or is killed at any step, or that runs
 * into a file size limit (a full disk), leaves the previous file intact.
 */
#include "muster.h"
#include "save.h"
#include "util.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const steps[] = { "diropen", "lock", "open", "write", "fsync", "close", "backup",
                                     "rename" };
static const char *fail_at;
static bool kill_at;

static int hook(const char *step)
{
	if (fail_at && strcmp(step, fail_at) == 0) {
		if (kill_at)
			raise(SIGKILL);
		return 1;
	}
	return 0;
}

static char *tmpdir(void)
{
	const char *t = getenv("TMPDIR");
	char *d = xasprintf("%s/muster-save.XXXXXX", t && *t ? t : "/tmp");
	cr_assert_not_null(mkdtemp(d));
	return d;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	char *buf = xcalloc(1, 1 << 20);
	size_t n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void put(const char *path, const char *s)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f);
	fputs(s, f);
	fclose(f);
}

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	size_t n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.' || (e->d_name[1] && e->d_name[1] != '.');
	closedir(d);
	return n;
}

static void cleanup(const char *dir)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
	free(cmd);
}

Test(save, new_file_then_replaced_keeping_the_previous_as_tilde)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir), *b = xasprintf("%s~", p);
	struct diags d = DIAGS_INIT;
	cr_assert_eq(save_file(p, "one\n", 4, &d), 0);
	char *s = slurp(p);
	cr_assert_str_eq(s, "one\n");
	free(s);
	chmod(p, 0640);
	cr_assert_eq(save_file(p, "two\n", 4, &d), 0);
	s = slurp(p);
	cr_assert_str_eq(s, "two\n");
	free(s);
	s = slurp(b);
	cr_assert_str_eq(s, "one\n");
	free(s);
	struct stat st;
	cr_assert_eq(stat(p, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0640, "the file's permissions are kept");
	cr_assert_eq(d.n, 0);
	cleanup(dir);
	free(dir);
	free(p);
	free(b);
}

Test(save, a_failure_at_any_step_leaves_the_file_intact)
{
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(steps); i++) {
		char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
		put(p, "old\n");
		struct diags d = DIAGS_INIT;
		fail_at = steps[i];
		kill_at = false;
		save_test_hook = hook;
		int rc = save_file(p, "new content\n", 12, &d);
		save_test_hook = NULL;
		cr_assert_eq(rc, -1, "step %s", steps[i]);
		cr_assert_eq(d.fatals, 1, "one fatal diagnostic at step %s", steps[i]);
		cr_assert(strstr(d.v[0].msg, "unchanged"), "%s", d.v[0].msg);
		char *s = slurp(p);
		cr_assert_str_eq(s, "old\n", "step %s", steps[i]);
		free(s);
		/* No temporary file is left behind (the backup link may be). */
		cr_assert_leq(entries(dir), 2, "step %s", steps[i]);
		diags_release(&d);
		cleanup(dir);
		free(dir);
		free(p);
	}
}

Test(save, killed_at_any_step_leaves_the_old_or_the_new_file_whole)
{
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(steps); i++) {
		char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
		put(p, "old\n");
		pid_t pid = fork();
		cr_assert_geq(pid, 0);
		if (pid == 0) {
			struct diags d = DIAGS_INIT;
			fail_at = steps[i];
			kill_at = true;
			save_test_hook = hook;
			save_file(p, "new content\n", 12, &d);
			_exit(0);
		}
		int status;
		cr_assert_eq(waitpid(pid, &status, 0), pid);
		cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "step %s", steps[i]);
		char *s = slurp(p);
		cr_assert(strcmp(s, "old\n") == 0 || strcmp(s, "new content\n") == 0,
		          "step %s left '%s'", steps[i], s);
		free(s);
		/* The next save removes what the killed one left (.list.xml.XXXXXX, and its ~). */
		struct diags d = DIAGS_INIT;
		cr_assert_eq(save_file(p, "next\n", 5, &d), 0, "step %s", steps[i]);
		cr_assert_eq(entries(dir), 2, "step %s: the file and NAME~, no temporary left",
		             steps[i]);
		diags_release(&d);
		cleanup(dir);
		free(dir);
		free(p);
	}
}

Test(save, a_full_disk_leaves_the_file_intact)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
	put(p, "old\n");
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		/* RLIMIT_FSIZE stands for a full disk: write() fails with EFBIG past 1000 bytes. */
		signal(SIGXFSZ, SIG_IGN);
		struct rlimit rl = { 1000, 1000 };
		setrlimit(RLIMIT_FSIZE, &rl);
		size_t n = 100000;
		char *big = xcalloc(1, n);
		memset(big, 'x', n);
		struct diags d = DIAGS_INIT;
		int rc = save_file(p, big, n, &d);
		_exit(rc == -1 && d.fatals == 1 ? 0 : 1);
	}
	int status;
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the save reports the failure");
	char *s = slurp(p);
	cr_assert_str_eq(s, "old\n");
	free(s);
	cr_assert_eq(entries(dir), 1, "no temporary file left");
	cleanup(dir);
	free(dir);
	free(p);
}

Test(save, refuses_a_directory_and_a_read_only_file)
{
	char *dir = tmpdir(), *p = xasprintf("%s/ro.xml", dir);
	struct diags d = DIAGS_INIT;
	cr_assert_eq(save_file(dir, "x", 1, &d), -1);
	put(p, "old\n");
	chmod(p, 0444);
	if (geteuid() != 0) { /* root may write anything */
		cr_assert_eq(save_file(p, "x", 1, &d), -1);
		char *s = slurp(p);
		cr_assert_str_eq(s, "old\n");
		free(s);
	}
	diags_release(&d);
	cleanup(dir);
	free(dir);
	free(p);
}

Test(save, a_failure_after_the_rename_says_the_file_is_saved)
{
	static const char *const late[] = { "dirsync" };
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(late); i++) {
		char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir), *b = xasprintf("%s~", p);
		put(p, "old\n");
		struct diags d = DIAGS_INIT;
		fail_at = late[i];
		kill_at = false;
		save_test_hook = hook;
		int rc = save_file(p, "new content\n", 12, &d);
		save_test_hook = NULL;
		cr_assert_eq(rc, 1, "step %s: saved, with a warning", late[i]);
		cr_assert_eq(d.fatals, 1, "step %s", late[i]);
		cr_assert(strstr(d.v[0].msg, "saved, but the directory") != NULL, "%s", d.v[0].msg);
		char *s = slurp(p), *o = slurp(b);
		cr_assert_str_eq(s, "new content\n", "step %s: the rename was done", late[i]);
		cr_assert_str_eq(o, "old\n", "step %s: the previous version is NAME~", late[i]);
		free(s);
		free(o);
		cr_assert_eq(entries(dir), 2, "step %s: no temporary file is left", late[i]);
		diags_release(&d);
		cleanup(dir);
		free(dir);
		free(p);
		free(b);
	}
}

Test(save, a_failed_backup_keeps_the_old_backup)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir), *b = xasprintf("%s~", p);
	put(p, "current\n");
	put(b, "older\n");
	struct diags d = DIAGS_INIT;
	fail_at = "backup";
	kill_at = false;
	save_test_hook = hook;
	int rc = save_file(p, "new content\n", 12, &d);
	save_test_hook = NULL;
	cr_assert_eq(rc, -1);
	char *s = slurp(p), *o = slurp(b);
	cr_assert_str_eq(s, "current\n");
	cr_assert_str_eq(o, "older\n", "NAME~ is not removed before the new one exists");
	cr_assert(strstr(d.v[0].msg, "(link)") != NULL, "%s", d.v[0].msg);
	cr_assert_eq(entries(dir), 2);
	free(s);
	free(o);
	diags_release(&d);
	cleanup(dir);
	free(dir);
	free(p);
	free(b);
}

Test(save, a_stale_temporary_of_another_file_or_user_is_kept)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
	char *other = xasprintf("%s/.other.xml.abcDEF", dir), *near = xasprintf("%s/.list.xml.abcDE", dir);
	char *mine = xasprintf("%s/.list.xml.Zz09aB~", dir);
	put(p, "old\n");
	put(other, "x");
	put(near, "x");
	put(mine, "x");
	struct diags d = DIAGS_INIT;
	cr_assert_eq(save_file(p, "new\n", 4, &d), 0);
	cr_assert_eq(access(other, F_OK), 0, "another file's temporary is not touched");
	cr_assert_eq(access(near, F_OK), 0, "a name that is not a temporary's is not touched");
	cr_assert_neq(access(mine, F_OK), 0, "this file's stale temporary is removed");
	diags_release(&d);
	cleanup(dir);
	free(dir);
	free(p);
	free(other);
	free(near);
	free(mine);
}

Test(save, a_file_changed_since_it_was_read_is_not_replaced)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
	put(p, "theirs\n");
	struct diags d = DIAGS_INIT;
	cr_assert_eq(save_file_checked(p, "mine\n", 5, "read\n", 5, &d), SAVE_CHANGED);
	cr_assert_eq(d.fatals, 1);
	cr_assert(strstr(d.v[0].msg, "changed on disk since it was read") != NULL, "%s", d.v[0].msg);
	char *s = slurp(p);
	cr_assert_str_eq(s, "theirs\n");
	free(s);
	cr_assert_eq(entries(dir), 1, "nothing written, no NAME~, no temporary");
	diags_release(&d);
	/* Removed since it was read: not silently made again. */
	unlink(p);
	cr_assert_eq(save_file_checked(p, "mine\n", 5, "theirs\n", 7, &d), SAVE_CHANGED);
	cr_assert_neq(access(p, F_OK), 0);
	diags_release(&d);
	/* Unchanged: saved. */
	put(p, "read\n");
	cr_assert_eq(save_file_checked(p, "mine\n", 5, "read\n", 5, &d), 0);
	s = slurp(p);
	cr_assert_str_eq(s, "mine\n");
	free(s);
	cr_assert_eq(d.n, 0);
	cleanup(dir);
	free(dir);
	free(p);
}

Test(save, a_link_of_the_users_own_is_written_through)
{
	char *dir = tmpdir(), *p = xasprintf("%s/link.xml", dir), *t = xasprintf("%s/target.xml", dir);
	put(t, "old\n");
	cr_assert_eq(symlink("target.xml", p), 0);
	struct diags d = DIAGS_INIT;
	cr_assert_eq(save_file(p, "new\n", 4, &d), 0);
	struct stat st;
	cr_assert_eq(lstat(p, &st), 0);
	cr_assert(S_ISLNK(st.st_mode), "the link stays a link");
	char *s = slurp(t);
	cr_assert_str_eq(s, "new\n", "its target is saved");
	free(s);
	/* A dangling link is refused. */
	unlink(t);
	cr_assert_eq(save_file(p, "new\n", 4, &d), -1);
	cr_assert_neq(access(t, F_OK), 0);
	diags_release(&d);
	cleanup(dir);
	free(dir);
	free(p);
	free(t);
}

/* As /tmp: sticky and world-writable, owned by root. A link planted there by another user
 * (uid 65534) must not be followed; the kernel's protected_symlinks would not follow it. */
Test(save, a_strangers_link_in_a_sticky_directory_is_not_followed)
{
	if (geteuid() != 0)
		cr_skip_test("needs root, to give a link to another user");
	char *dir = tmpdir(), *shared = xasprintf("%s/tmp", dir), *victim = xasprintf("%s/victim", dir);
	char *p = xasprintf("%s/out.html", shared);
	cr_assert_eq(mkdir(shared, 0777), 0);
	cr_assert_eq(chmod(shared, 01777), 0);
	put(victim, "precious\n");
	cr_assert_eq(symlink(victim, p), 0);
	cr_assert_eq(lchown(p, 65534, 65534), 0);
	struct diags d = DIAGS_INIT;
	cr_assert_eq(save_file(p, "export\n", 7, &d), -1);
	cr_assert(strstr(d.v[0].msg, "symbolic link of another user") != NULL, "%s", d.v[0].msg);
	char *s = slurp(victim);
	cr_assert_str_eq(s, "precious\n", "the link's target is untouched");
	free(s);
	diags_release(&d);
	/* The directory's owner's link (root's, here) is followed, as the kernel would. */
	cr_assert_eq(lchown(p, 0, 0), 0);
	cr_assert_eq(save_file(p, "export\n", 7, &d), 0);
	s = slurp(victim);
	cr_assert_str_eq(s, "export\n");
	free(s);
	diags_release(&d);
	cleanup(dir);
	free(dir);
	free(shared);
	free(victim);
	free(p);
}

/* --- in two steps (save_begin, save_commit, save_abort) ------------------------------------ */

/* "one TWO three\n" made from "one two three\n": the piece that puts "two" back. */
static const struct save_piece two_back[] = { { 4, 3, "two", 3 } };

Test(save_steps, the_file_is_replaced_when_it_holds_what_was_read)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
	put(p, "one two three\n");
	struct diags d = DIAGS_INIT;
	struct save_job *j = NULL;
	cr_assert_eq(save_begin(p, "one TWO three\n", 14, &j, &d), 0);
	cr_assert_not_null(j);
	char *t = slurp(save_temp_path(j));
	cr_assert_str_eq(t, "one TWO three\n", "the temporary file holds the new text");
	free(t);
	cr_assert_eq(save_commit(j, two_back, 1, &d), 0);
	char *s = slurp(p), *b = xasprintf("%s~", p), *old = slurp(b);
	cr_assert_str_eq(s, "one TWO three\n");
	cr_assert_str_eq(old, "one two three\n");
	cr_assert_eq(entries(dir), 2, "the file and NAME~, no temporary");
	cr_assert_eq(d.n, 0);
	free(s);
	free(old);
	free(b);
	cleanup(dir);
	free(dir);
	free(p);
}

Test(save_steps, a_file_changed_meanwhile_is_not_replaced)
{
	static const char *const changes[] = { "one tWo three\n", "one two three\n\n", "one two\n",
	                                       "" };
	for (size_t i = 0; i < sizeof(changes) / sizeof(*changes); i++) {
		char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
		put(p, "one two three\n");
		struct diags d = DIAGS_INIT;
		struct save_job *j = NULL;
		cr_assert_eq(save_begin(p, "one TWO three\n", 14, &j, &d), 0);
		put(p, changes[i]); /* another program's doing: Muster's saves wait for the lock */
		cr_assert_eq(save_commit(j, two_back, 1, &d), SAVE_CHANGED, "change %zu", i);
		char *s = slurp(p);
		cr_assert_str_eq(s, changes[i]);
		cr_assert_eq(entries(dir), 1, "no NAME~, no temporary (change %zu)", i);
		cr_assert_eq(d.fatals, 1);
		free(s);
		diags_release(&d);
		cleanup(dir);
		free(dir);
		free(p);
	}
}

Test(save_steps, abort_removes_the_temporary_file)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
	put(p, "one two three\n");
	struct diags d = DIAGS_INIT;
	struct save_job *j = NULL;
	cr_assert_eq(save_begin(p, "one TWO three\n", 14, &j, &d), 0);
	cr_assert_eq(entries(dir), 2);
	save_abort(j);
	save_abort(NULL);
	char *s = slurp(p);
	cr_assert_str_eq(s, "one two three\n");
	cr_assert_eq(entries(dir), 1);
	free(s);
	cleanup(dir);
	free(dir);
	free(p);
}

Test(save_steps, a_failure_at_any_step_leaves_the_file_and_no_temporary)
{
	for (size_t i = 0; i < sizeof(steps) / sizeof(*steps); i++) {
		char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
		put(p, "one two three\n");
		struct diags d = DIAGS_INIT;
		struct save_job *j = NULL;
		fail_at = steps[i];
		save_test_hook = hook;
		int rc = save_begin(p, "one TWO three\n", 14, &j, &d);
		if (rc == 0)
			rc = save_commit(j, two_back, 1, &d);
		else
			cr_assert_null(j);
		save_test_hook = NULL;
		fail_at = NULL;
		cr_assert_eq(rc, -1, "step %s", steps[i]);
		cr_assert_eq(d.fatals, 1, "step %s", steps[i]);
		char *s = slurp(p);
		cr_assert_str_eq(s, "one two three\n", "step %s", steps[i]);
		cr_assert_eq(entries(dir), 1, "step %s: no temporary, no NAME~", steps[i]);
		free(s);
		diags_release(&d);
		cleanup(dir);
		free(dir);
		free(p);
	}
}

Test(save_steps, a_temporary_file_replaced_meanwhile_is_not_renamed)
{
	char *dir = tmpdir(), *p = xasprintf("%s/list.xml", dir);
	put(p, "one two three\n");
	struct diags d = DIAGS_INIT;
	struct save_job *j = NULL;
	cr_assert_eq(save_begin(p, "one TWO three\n", 14, &j, &d), 0);
	char *t = xstrdup(save_temp_path(j));
	cr_assert_eq(unlink(t), 0);
	put(t, "one TWO three\n"); /* the same bytes, another file */
	cr_assert_eq(save_commit(j, two_back, 1, &d), -1);
	cr_assert_eq(d.fatals, 1);
	char *s = slurp(p);
	cr_assert_str_eq(s, "one two three\n");
	cr_assert_eq(access(t, F_OK), -1, "the temporary file is removed");
	free(s);
	free(t);
	diags_release(&d);
	cleanup(dir);
	free(dir);
	free(p);
}
