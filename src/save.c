/* save.c - saving a user's file atomically, keeping the previous version as NAME~
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "save.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int (*save_test_hook)(const char *step);

static int step(const char *name)
{
	if (save_test_hook && save_test_hook(name)) {
		errno = EIO;
		return -1;
	}
	return 0;
}

static int fail(struct diags *d, const char *path, const char *what, int err)
{
	diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot save: %s: %s; the file is unchanged"),
	          what, strerror(err));
	return -1;
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t k = write(fd, data, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = ENOSPC;
			return -1;
		}
		data += k;
		len -= (size_t)k;
	}
	return 0;
}

int save_file(const char *path, const char *data, size_t len, struct diags *d)
{
	/* Write through a symbolic link: the link stays, its target changes. */
	char *real = realpath(path, NULL);
	struct stat st;
	bool exists = real != NULL;
	if (!exists) {
		if (errno != ENOENT || lstat(path, &st) == 0) /* a dangling link, or worse */
			return fail(d, path, _("cannot resolve the path"), errno == ENOENT ? ENOENT : errno);
		real = xstrdup(path);
	} else if (stat(real, &st) != 0) {
		int e = errno;
		free(real);
		return fail(d, path, _("cannot read its status"), e);
	} else if (!S_ISREG(st.st_mode)) {
		free(real);
		return fail(d, path, _("not a regular file"), EINVAL);
	} else if (access(real, W_OK) != 0) {
		int e = errno;
		free(real);
		return fail(d, path, _("not writable"), e);
	}
	char *dcopy = xstrdup(real), *bcopy = xstrdup(real);
	char *dir = dirname(dcopy), *base = basename(bcopy);
	char *tmp = xasprintf("%s/.%s.XXXXXX", dir, base);
	char *backup = xasprintf("%s~", real);
	char *backup_tmp = NULL;
	int fd = -1, rc = -1, e = 0;
	/* What failed, in words and by the system call's name. */
	const char *what = NULL;
	if (step("open") || (fd = mkostemp(tmp, O_CLOEXEC)) < 0) {
		e = errno;
		what = _("cannot create a temporary file beside it (mkostemp)");
		goto out;
	}
	mode_t mode;
	if (exists) {
		mode = st.st_mode & 07777;
		if (fchown(fd, st.st_uid, st.st_gid) != 0 && errno != EPERM) {
			/* Keeping the owner is a courtesy; a user cannot give files away. */
		}
	} else {
		mode_t um = umask(0);
		umask(um);
		mode = 0666 & ~um;
	}
	if (fchmod(fd, mode) != 0) {
		e = errno;
		what = _("cannot give the temporary file the file's permissions (fchmod)");
		goto out;
	}
	/* Past a file size limit (RLIMIT_FSIZE) the kernel sends SIGXFSZ, which would kill the
	 * program with no word: ignored while writing, write() fails with EFBIG and says so. */
	struct sigaction ign, old_xfsz;
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	bool restore = sigaction(SIGXFSZ, &ign, &old_xfsz) == 0;
	int w = step("write") || write_all(fd, data, len) != 0;
	e = errno;
	if (restore)
		sigaction(SIGXFSZ, &old_xfsz, NULL);
	if (w) {
		what = _("cannot write the temporary file (write)");
		goto out;
	}
	if (step("fsync") || fsync(fd) != 0) {
		e = errno;
		what = _("cannot flush the temporary file to disk (fsync)");
		goto out;
	}
	int c = step("close") ? -1 : close(fd);
	if (c != 0) {
		e = errno;
		if (c < 0 && fd >= 0 && save_test_hook)
			close(fd);
		fd = -1;
		what = _("cannot close the temporary file (close)");
		goto out;
	}
	fd = -1;
	if (exists) {
		/* The previous version as NAME~: a hard link costs no copy and no window. It is
		 * made under a temporary name and renamed over NAME~ only once the file is
		 * replaced, so that a failure anywhere keeps the NAME~ there was. */
		backup_tmp = xasprintf("%s~", tmp);
		if (step("backup") || link(real, backup_tmp) != 0) {
			e = errno;
			what = _("cannot keep the previous version as NAME~ (link)");
			free(backup_tmp);
			backup_tmp = NULL; /* never made: nothing to remove */
			goto out;
		}
	}
	if (step("rename") || rename(tmp, real) != 0) {
		e = errno;
		what = _("cannot replace the file with the temporary file (rename)");
		goto out;
	}
	free(tmp);
	tmp = NULL;
	if (backup_tmp) {
		if (rename(backup_tmp, backup) != 0) {
			/* The file is saved; the previous version stays where it is, under its
			 * temporary name, rather than be lost. */
			e = errno;
			diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL,
			          _("saved, but the previous version could not be kept as NAME~ (rename): "
			            "%s; it is in %s"), strerror(e), backup_tmp);
			free(backup_tmp);
			backup_tmp = NULL;
			rc = 1;
			goto out;
		}
		free(backup_tmp);
		backup_tmp = NULL;
	}
	/* The rename is done: a failure now is reported, but the file is the new one. */
	int dfd = step("diropen") ? -1 : open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0) {
		e = errno;
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL,
		          _("saved, but the directory could not be opened to flush it to disk (open): %s"),
		          strerror(e));
		rc = 1;
		goto out;
	}
	if (step("dirsync") || fsync(dfd) != 0) {
		e = errno;
		close(dfd);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL,
		          _("saved, but the directory could not be flushed to disk (fsync): %s"),
		          strerror(e));
		rc = 1;
		goto out;
	}
	close(dfd);
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	if (tmp && what)
		unlink(tmp);
	if (backup_tmp) {
		unlink(backup_tmp);
		free(backup_tmp);
	}
	if (rc != 0 && what)
		fail(d, path, what, e);
	free(tmp);
	free(backup);
	free(dcopy);
	free(bcopy);
	free(real);
	return rc;
}
