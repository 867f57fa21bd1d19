/* test-rosz.c - unit tests of writing zipped BattleScribe rosters (.rosz): zipped_pack,
 * zipped_entry_name, and the builder's save of a .rosz (edit-ros.c) when the file changes
 * under it or a step of the save fails
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The builder reads a .rosz, changes it, and saves the new archive through save_file_checked:
 * the archive on disk must still be the bytes it read. save_test_hook runs before each step
 * of the save; at "lock" (before the directory is locked and the file compared) it plays
 * another command that saved the file meanwhile.
 */
#include "muster.h"
#include "data.h"
#include "diag.h"
#include "edit-ros.h"
#include "save.h"
#include "session.h"
#include "util.h"
#include "xml.h"
#include "zipped.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>
#include <zip.h>

#include "fixture.h"

static void setup(void)
{
	fx_setup();
	char *dir = xasprintf("%s/tests/data/bs-harbour", fx_src_dir());
	data_add_dir(dir);
	free(dir);
}

TestSuite(rosz, .init = setup, .fini = fx_teardown);

static const char text[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<roster/>\n";

Test(rosz, entry_name_drops_the_z)
{
	char *a = zipped_entry_name("/some/dir/My Army.rosz"), *b = zipped_entry_name("g.ROSZ"),
	     *c = zipped_entry_name("x");
	cr_assert_str_eq(a, "My Army.ros");
	cr_assert_str_eq(b, "g.ROS");
	cr_assert_str_eq(c, "x");
	free(a);
	free(b);
	free(c);
}

Test(rosz, pack_holds_one_deflated_file_named_as_battlescribe_does)
{
	struct diags d = DIAGS_INIT;
	char *zip = NULL, *back = NULL;
	size_t zip_len = 0, back_len = 0;
	cr_assert_eq(zipped_pack(text, strlen(text), "dir/army.rosz", &zip, &zip_len, &d), 0, "%s",
	             fx_dump(&d));
	cr_assert_eq(zipped_unpack(zip, zip_len, 1024, "army.rosz", &back, &back_len, &d), 0);
	cr_assert_eq(back_len, strlen(text));
	cr_assert_str_eq(back, text);
	zip_error_t err;
	zip_error_init(&err);
	zip_source_t *src = zip_source_buffer_create(zip, zip_len, 0, &err);
	zip_t *za = zip_open_from_source(src, ZIP_RDONLY, &err);
	cr_assert_not_null(za);
	cr_assert_eq(zip_get_num_entries(za, 0), 1);
	cr_assert_str_eq(zip_get_name(za, 0, 0), "army.ros");
	zip_stat_t st;
	cr_assert_eq(zip_stat_index(za, 0, 0, &st), 0);
	cr_assert_eq(st.comp_method, ZIP_CM_DEFLATE);
	zip_discard(za);
	zip_error_fini(&err);
	free(zip);
	free(back);
	diags_release(&d);
}

/* A text that deflates past the reader's bomb ratio would be written unreadable: refused. */
Test(rosz, pack_refuses_what_would_not_read_back)
{
	struct diags d = DIAGS_INIT;
	size_t n = 1024 * 1024;
	char *big = xmalloc(n);
	memset(big, ' ', n);
	char *zip = (char *)1;
	size_t len = 7;
	cr_assert_eq(zipped_pack(big, n, "big.rosz", &zip, &len, &d), -1);
	cr_assert_null(zip);
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, "zip bomb"), "%s", fx_dump(&d));
	free(big);
	diags_release(&d);
}

/* --- the builder's save ------------------------------------------------------------------- */

static const char *victim;
static const char *step_to_fail;
static const char other[] = "saved by another command meanwhile\n";

/* Another command saves the file just before this one locks the directory. */
static int hook_change(const char *step)
{
	if (strcmp(step, "lock") == 0) {
		FILE *f = fopen(victim, "w");
		cr_assert_not_null(f);
		fputs(other, f);
		fclose(f);
	}
	return 0;
}

static int hook_fail(const char *step)
{
	return strcmp(step, step_to_fail) == 0;
}

/* A new .rosz of one Harbour Gang, by ros_new. */
static char *new_gang(const char *rel)
{
	char *path = xasprintf("%s/%s", fx_tmpdir(), rel);
	char *forces[] = { "hbr-fe-gang", NULL };
	struct ros_new spec = { "hbr-sys-7a1", "Gang", "hbr-cat-dock", NULL, 100, forces, false };
	struct session *s = session_new();
	FILE *out = fopen("/dev/null", "w");
	cr_assert_eq(ros_new(s, path, &spec, out), MUSTER_EXIT_OK);
	fclose(out);
	session_free(s);
	return path;
}

static int add_bosun(const char *path)
{
	struct session *s = session_new();
	char *argv[] = { "add", "Bosun", NULL };
	FILE *out = fopen("/dev/null", "w");
	int rc = ros_change(s, path, 2, argv, out);
	fclose(out);
	session_free(s);
	return rc;
}

static char *slurp_len(const char *path, size_t *len)
{
	struct diags d = DIAGS_INIT;
	char *buf = NULL;
	cr_assert_eq(xml_read_file(path, &buf, len, &d), 0, "%s", fx_dump(&d));
	diags_release(&d);
	return buf;
}

Test(rosz, builder_keeps_a_change_made_meanwhile)
{
	char *path = new_gang("meanwhile.rosz");
	victim = path;
	save_test_hook = hook_change;
	int rc = add_bosun(path);
	save_test_hook = NULL;
	cr_assert_eq(rc, MUSTER_EXIT_TROUBLE);
	char *now = fx_slurp(path);
	cr_assert_str_eq(now, other, "the other command's save was overwritten");
	char *backup = xasprintf("%s~", path);
	cr_assert_neq(access(backup, F_OK), 0, "no backup made by a refused save");
	free(backup);
	free(now);
	free(path);
}

Test(rosz, builder_keeps_the_file_when_a_step_fails)
{
	static const char *const steps[] = { "open", "write", "fsync", "close", "backup", "rename" };
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		char *rel = xasprintf("fail-%zu.rosz", i);
		char *path = new_gang(rel);
		size_t before_len = 0, after_len = 0;
		char *before = slurp_len(path, &before_len);
		step_to_fail = steps[i];
		save_test_hook = hook_fail;
		int rc = add_bosun(path);
		save_test_hook = NULL;
		cr_assert_eq(rc, MUSTER_EXIT_TROUBLE, "step %s", steps[i]);
		char *after = slurp_len(path, &after_len);
		cr_assert(before_len == after_len && memcmp(before, after, before_len) == 0,
		          "the .rosz changed when %s failed", steps[i]);
		/* And it still reads, and then changes. */
		cr_assert_eq(add_bosun(path), MUSTER_EXIT_OK, "step %s", steps[i]);
		free(before);
		free(after);
		free(path);
		free(rel);
	}
}

Test(rosz, builder_changes_a_rosz_in_place)
{
	char *path = new_gang("gang.rosz");
	cr_assert_eq(add_bosun(path), MUSTER_EXIT_OK);
	struct diags d = DIAGS_INIT;
	char *raw = NULL, *xml = NULL;
	size_t raw_len = 0, xml_len = 0;
	cr_assert_eq(xml_read_both(path, &raw, &raw_len, &xml, &xml_len, &d), 0, "%s", fx_dump(&d));
	cr_assert_neq(raw, xml);
	cr_assert_eq(memcmp(raw, "PK", 2), 0, "a zip archive");
	cr_assert_not_null(strstr(xml, "name=\"Bosun\""));
	free(raw);
	free(xml);
	diags_release(&d);
	free(path);
}

Test(rosz, read_both_of_a_plain_file_is_one_buffer)
{
	char *path = fx_write_tmp("plain.ros", text);
	struct diags d = DIAGS_INIT;
	char *raw = NULL, *xml = NULL;
	size_t raw_len = 0, xml_len = 0;
	cr_assert_eq(xml_read_both(path, &raw, &raw_len, &xml, &xml_len, &d), 0);
	cr_assert_eq(raw, xml);
	cr_assert_eq(xml_len, strlen(text));
	free(raw);
	char *missing = xasprintf("%s/none.rosz", fx_tmpdir());
	raw = NULL;
	cr_assert_eq(xml_read_both(missing, &raw, &raw_len, &xml, &xml_len, &d), -1);
	cr_assert_null(xml);
	free(raw);
	free(missing);
	diags_release(&d);
	free(path);
}
