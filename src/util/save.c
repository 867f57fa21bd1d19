/* save.c - saving a user's file atomically, keeping the previous version as NAME~
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every step is relative to the directory, opened once: no path is resolved twice, so a
 * name planted between two steps is never followed (the temporary is created O_EXCL and
 * O_NOFOLLOW, the current file reopened O_NOFOLLOW to compare it). realpath() is not used:
 * it follows every link, which the kernel itself refuses for a stranger's link in /tmp.
 */
#include "muster.h"
#include "save.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Symbolic links followed before the path is refused, as the kernel's own limit. */
#define SAVE_MAX_LINKS 40
/* How long a save waits for another save into the same directory (milliseconds). A lock held
 * longer is someone else's doing: the save is refused rather than hang. */
#define SAVE_LOCK_WAIT_MS 30000

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

/* The directory's exclusive lock, waited for at most SAVE_LOCK_WAIT_MS. */
static int lock_dir(int dfd)
{
	for (long waited = 0;; waited += 5) {
		if (flock(dfd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return -1;
		if (waited >= SAVE_LOCK_WAIT_MS) {
			errno = EWOULDBLOCK;
			return -1;
		}
		struct timespec ts = { 0, 5 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
}

static bool is_temp_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* ".BASE.XXXXXX" (6 letters or digits), with a '~' or not: this file's temporaries, ours and
 * mkostemp's before them. */
static bool is_temp_of(const char *name, const char *base)
{
	size_t bl = strlen(base);
	if (name[0] != '.' || strncmp(name + 1, base, bl) != 0 || name[1 + bl] != '.')
		return false;
	const char *x = name + 2 + bl;
	for (int k = 0; k < 6; k++)
		if (!is_temp_char(x[k]))
			return false;
	return x[6] == '\0' || (x[6] == '~' && x[7] == '\0');
}

/* Removes the temporaries of base that a killed save left (called under the lock: no other
 * save is in flight in this directory). Only the user's own regular files; best effort. The
 * directory is read once: linear in its entries. */
static void remove_stale(int dfd, const char *base)
{
	int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	DIR *dir = fdopendir(fd);
	if (dir == NULL) {
		close(fd);
		return;
	}
	uid_t me = geteuid();
	for (struct dirent *de; (de = readdir(dir)) != NULL;) {
		struct stat st;
		if (is_temp_of(de->d_name, base) &&
		    fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
		    st.st_uid == me)
			(void)unlinkat(dfd, de->d_name, 0);
	}
	closedir(dir);
}

/* ".BASE." and 6 random letters or digits. */
static char *temp_name(const char *base)
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[6];
	if (getrandom(r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r)) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		unsigned long v = (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 16);
		for (size_t i = 0; i < sizeof(r); i++, v >>= 5)
			r[i] = (unsigned char)(v + i * 7);
	}
	char x[7];
	for (size_t i = 0; i < 6; i++)
		x[i] = set[r[i] % (sizeof(set) - 1)];
	x[6] = '\0';
	return xasprintf(".%s.%s", base, x);
}

/* 1 when the regular file base in dfd holds exactly was; 0 when it differs, is gone or is not
 * a regular file; -1 when it cannot be read (errno). */
static int holds(int dfd, const char *base, const char *was, size_t was_len)
{
	int fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT || errno == ELOOP ? 0 : -1;
	struct stat st;
	int rc = 1;
	if (fstat(fd, &st) != 0) {
		rc = -1;
	} else if (!S_ISREG(st.st_mode) || (uintmax_t)st.st_size != (uintmax_t)was_len) {
		rc = 0;
	} else {
		char buf[65536];
		size_t at = 0;
		for (;;) {
			ssize_t k = read(fd, buf, sizeof(buf));
			if (k < 0 && errno == EINTR)
				continue;
			if (k < 0) {
				rc = -1;
				break;
			}
			if (k == 0) {
				rc = at == was_len;
				break;
			}
			if ((size_t)k > was_len - at || memcmp(buf, was + at, (size_t)k) != 0) {
				rc = 0;
				break;
			}
			at += (size_t)k;
		}
	}
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

static char *readlink_at(int dfd, const char *name, off_t size)
{
	size_t cap = size > 0 && size < PATH_MAX ? (size_t)size + 1 : PATH_MAX;
	char *buf = xmalloc(cap + 1);
	ssize_t k = readlinkat(dfd, name, buf, cap);
	if (k < 0 || (size_t)k >= cap) {
		int e = k < 0 ? errno : ENAMETOOLONG;
		free(buf);
		errno = e;
		return NULL;
	}
	buf[k] = '\0';
	return buf;
}

static void split(const char *path, char **dir, char **base)
{
	char *a = xstrdup(path), *b = xstrdup(path);
	*dir = xstrdup(dirname(a));
	*base = xstrdup(basename(b));
	free(a);
	free(b);
}

/* One save under way: what its steps share, and what save() releases at the end. */
struct saving {
	char *cur, *dir, *base;
	char *tmp, *backup, *backup_tmp;
	int dfd, fd, e;
	bool exists;
	struct stat st;
	/* What failed, in words and by the system call's name; e is its errno. */
	const char *what;
};

/* The file's directory, opened and locked; a symbolic link is followed by hand, as the
 * kernel would (each directory on the way locked while it is looked at). -1 with s->what
 * on failure. */
static int open_dir(struct saving *s)
{
	for (int hops = 0;; hops++) {
		split(s->cur, &s->dir, &s->base);
		if (step("diropen") || (s->dfd = open(s->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
			s->e = errno;
			s->what = _("cannot open its directory (open)");
			return -1;
		}
		if (step("lock") || lock_dir(s->dfd) != 0) {
			s->e = errno;
			s->what = _("cannot lock its directory against other saves (flock)");
			return -1;
		}
		if (fstatat(s->dfd, s->base, &s->st, AT_SYMLINK_NOFOLLOW) != 0) {
			s->e = errno;
			if (s->e != ENOENT || hops > 0) { /* a dangling link, or worse */
				s->what = _("cannot resolve the path");
				return -1;
			}
			return 0;
		}
		if (!S_ISLNK(s->st.st_mode)) {
			s->exists = true;
			return 0;
		}
		struct stat ds;
		if (hops == SAVE_MAX_LINKS || fstat(s->dfd, &ds) != 0) {
			s->e = hops == SAVE_MAX_LINKS ? ELOOP : errno;
			s->what = _("cannot resolve the path");
			return -1;
		}
		/* Linux's protected_symlinks: in a sticky world-writable directory, only a link of
		 * the user's own or of the directory's owner is followed. Anyone may plant one there,
		 * pointing at a file of the user's that a save would then replace. */
		if ((ds.st_mode & (S_ISVTX | S_IWOTH)) == (S_ISVTX | S_IWOTH) &&
		    s->st.st_uid != geteuid() && s->st.st_uid != ds.st_uid) {
			s->e = EACCES;
			s->what = _("it is a symbolic link of another user in a shared directory, not followed");
			return -1;
		}
		char *target = readlink_at(s->dfd, s->base, s->st.st_size);
		if (target == NULL) {
			s->e = errno;
			s->what = _("cannot read the symbolic link (readlink)");
			return -1;
		}
		free(s->cur);
		s->cur = target[0] == '/' ? target : xasprintf("%s/%s", s->dir, target);
		if (s->cur != target)
			free(target);
		free(s->dir);
		free(s->base);
		s->dir = s->base = NULL;
		close(s->dfd); /* and its lock */
		s->dfd = -1;
	}
}

/* The file may be replaced: a regular file, writable, and (was given) still holding was.
 * -1 with s->what, or SAVE_CHANGED with a diagnostic in d, when not. */
static int check_file(struct saving *s, const char *path, const char *was, size_t was_len,
                      struct diags *d)
{
	if (s->exists && !S_ISREG(s->st.st_mode)) {
		s->e = EINVAL;
		s->what = _("not a regular file");
		return -1;
	}
	if (s->exists && faccessat(s->dfd, s->base, W_OK, 0) != 0) {
		s->e = errno;
		s->what = _("not writable");
		return -1;
	}
	if (was) {
		int h = holds(s->dfd, s->base, was, was_len);
		if (h < 0) {
			s->e = errno;
			s->what = _("cannot read it again to check that it is unchanged (read)");
			return -1;
		}
		if (h == 0) {
			diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s",
			          _("changed on disk since it was read (by another command?); nothing "
			            "saved; run the command again"));
			return SAVE_CHANGED;
		}
	}
	return 0;
}

/* A new temporary file beside the file, with the file's owner and permissions, open in
 * s->fd. -1 with s->what on failure. */
static int create_temp(struct saving *s)
{
	/* Under the lock no other save is in flight here: any temporary of this file is left
	 * from a save that was killed. */
	remove_stale(s->dfd, s->base);
	for (int tries = 0;; tries++) {
		free(s->tmp);
		s->tmp = temp_name(s->base);
		s->fd = step("open") ? -1
		        : openat(s->dfd, s->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (s->fd >= 0 || errno != EEXIST || tries == 100)
			break;
	}
	if (s->fd < 0) {
		s->e = errno;
		free(s->tmp);
		s->tmp = NULL; /* never made: nothing to remove */
		s->what = _("cannot create a temporary file beside it (openat)");
		return -1;
	}
	mode_t mode;
	if (s->exists) {
		mode = s->st.st_mode & 07777;
		if (fchown(s->fd, s->st.st_uid, s->st.st_gid) != 0 && errno != EPERM) {
			/* Keeping the owner is a courtesy; a user cannot give files away. */
		}
	} else {
		mode_t um = umask(0);
		umask(um);
		mode = 0666 & ~um;
	}
	if (fchmod(s->fd, mode) != 0) {
		s->e = errno;
		s->what = _("cannot give the temporary file the file's permissions (fchmod)");
		return -1;
	}
	return 0;
}

/* Writes data to the temporary file, flushes it to disk and closes it. -1 with s->what on
 * failure. */
static int write_temp(struct saving *s, const char *data, size_t len)
{
	/* Past a file size limit (RLIMIT_FSIZE) the kernel sends SIGXFSZ, which would kill the
	 * program with no word: ignored while writing, write() fails with EFBIG and says so. */
	struct sigaction ign, old_xfsz;
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	bool restore = sigaction(SIGXFSZ, &ign, &old_xfsz) == 0;
	int w = step("write") || write_all(s->fd, data, len) != 0;
	s->e = errno;
	if (restore)
		sigaction(SIGXFSZ, &old_xfsz, NULL);
	if (w) {
		s->what = _("cannot write the temporary file (write)");
		return -1;
	}
	if (step("fsync") || fsync(s->fd) != 0) {
		s->e = errno;
		s->what = _("cannot flush the temporary file to disk (fsync)");
		return -1;
	}
	int c = step("close") ? -1 : close(s->fd);
	if (c != 0) {
		s->e = errno;
		if (c < 0 && s->fd >= 0 && save_test_hook)
			close(s->fd);
		s->fd = -1;
		s->what = _("cannot close the temporary file (close)");
		return -1;
	}
	s->fd = -1;
	return 0;
}

/* Renames the temporary file over the file, keeping the previous version as NAME~, and
 * flushes the directory. -1 with s->what when the file is not replaced; 1 with a diagnostic
 * in d when it is, but what follows fails. */
static int replace(struct saving *s, const char *path, struct diags *d)
{
	s->backup = xasprintf("%s~", s->base);
	if (s->exists) {
		/* The previous version as NAME~: a hard link costs no copy and no window. It is
		 * made under a temporary name and renamed over NAME~ only once the file is
		 * replaced, so that a failure anywhere keeps the NAME~ there was. */
		s->backup_tmp = xasprintf("%s~", s->tmp);
		if (step("backup") || linkat(s->dfd, s->base, s->dfd, s->backup_tmp, 0) != 0) {
			s->e = errno;
			s->what = _("cannot keep the previous version as NAME~ (link)");
			free(s->backup_tmp);
			s->backup_tmp = NULL; /* never made: nothing to remove */
			return -1;
		}
	}
	if (step("rename") || renameat(s->dfd, s->tmp, s->dfd, s->base) != 0) {
		s->e = errno;
		s->what = _("cannot replace the file with the temporary file (rename)");
		return -1;
	}
	free(s->tmp);
	s->tmp = NULL;
	if (s->backup_tmp) {
		if (renameat(s->dfd, s->backup_tmp, s->dfd, s->backup) != 0) {
			/* The file is saved; the previous version stays where it is, under its
			 * temporary name, rather than be lost (until the next save of the file). */
			s->e = errno;
			char *kept = xasprintf("%s/%s", s->dir, s->backup_tmp);
			diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL,
			          _("saved, but the previous version could not be kept as NAME~ (rename): "
			            "%s; it is in %s"), strerror(s->e), kept);
			free(kept);
			free(s->backup_tmp);
			s->backup_tmp = NULL;
			return 1;
		}
		free(s->backup_tmp);
		s->backup_tmp = NULL;
	}
	/* The rename is done: a failure now is reported, but the file is the new one. */
	if (step("dirsync") || fsync(s->dfd) != 0) {
		s->e = errno;
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL,
		          _("saved, but the directory could not be flushed to disk (fsync): %s"),
		          strerror(s->e));
		return 1;
	}
	return 0;
}

/* Ends a save: closes what is open, removes the temporary file unless it replaced the file
 * (rc 0 or 1), releases the lock (last), says why when it failed with s->what (-1), and
 * frees s's names. */
static void save_end(struct saving *s, const char *path, int rc, struct diags *d)
{
	if (s->fd >= 0)
		close(s->fd);
	if (s->tmp && rc != 0 && rc != 1)
		unlinkat(s->dfd, s->tmp, 0);
	if (s->backup_tmp) {
		unlinkat(s->dfd, s->backup_tmp, 0);
		free(s->backup_tmp);
	}
	if (s->dfd >= 0)
		close(s->dfd); /* and the lock, last */
	if (rc == -1 && s->what)
		fail(d, path, s->what, s->e);
	free(s->tmp);
	free(s->backup);
	free(s->dir);
	free(s->base);
	free(s->cur);
}

static int save(const char *path, const char *data, size_t len, const char *was, size_t was_len,
                struct diags *d)
{
	struct saving s = { .cur = xstrdup(path), .dfd = -1, .fd = -1 };
	int rc = open_dir(&s);
	if (rc == 0)
		rc = check_file(&s, path, was, was_len, d);
	if (rc == 0)
		rc = create_temp(&s);
	if (rc == 0)
		rc = write_temp(&s, data, len);
	if (rc == 0)
		rc = replace(&s, path, d);
	save_end(&s, path, rc, d);
	return rc;
}

int save_file(const char *path, const char *data, size_t len, struct diags *d)
{
	return save(path, data, len, NULL, 0, d);
}

int save_file_checked(const char *path, const char *data, size_t len, const char *was,
                      size_t was_len, struct diags *d)
{
	return save(path, data, len, was ? was : "", was ? was_len : 0, d);
}

/* --- in two steps ------------------------------------------------------------------------ */

struct save_job {
	struct saving s;
	char *path;      /* as the caller named it: for messages */
	char *temp_path; /* the temporary file, by its directory's path: to read it again */
	size_t len;      /* the bytes written */
	int rfd;         /* the temporary file, open to be read: its inode is not reused */
	dev_t dev;       /* the temporary file's */
	ino_t ino;
};

int save_begin(const char *path, const char *data, size_t len, struct save_job **out,
               struct diags *d)
{
	struct save_job *j = xcalloc(1, sizeof(*j));
	j->s = (struct saving){ .cur = xstrdup(path), .dfd = -1, .fd = -1 };
	j->rfd = -1;
	struct stat st;
	int rc = open_dir(&j->s);
	if (rc == 0)
		rc = check_file(&j->s, path, NULL, 0, d);
	if (rc == 0)
		rc = create_temp(&j->s);
	if (rc == 0) {
		/* Opened for reading and writing while it was the user's only (0600): a file the
		 * user may not read (0200) can be read back all the same. */
		j->rfd = fcntl(j->s.fd, F_DUPFD_CLOEXEC, 0);
		if (j->rfd < 0 || fstat(j->rfd, &st) != 0) {
			j->s.e = errno;
			j->s.what = _("cannot create a temporary file beside it (openat)");
			rc = -1;
		}
	}
	if (rc == 0)
		rc = write_temp(&j->s, data, len);
	if (rc != 0) {
		if (j->rfd >= 0)
			close(j->rfd);
		save_end(&j->s, path, rc, d);
		free(j);
		*out = NULL;
		return rc;
	}
	j->path = xstrdup(path);
	j->temp_path = xasprintf("%s/%s", j->s.dir, j->s.tmp);
	j->len = len;
	j->dev = st.st_dev;
	j->ino = st.st_ino;
	*out = j;
	return 0;
}

const char *save_temp_path(const struct save_job *j)
{
	return j->temp_path;
}

static void job_free(struct save_job *j)
{
	if (j->rfd >= 0)
		close(j->rfd);
	free(j->path);
	free(j->temp_path);
	free(j);
}

void save_abort(struct save_job *j)
{
	if (j == NULL)
		return;
	save_end(&j->s, j->path, -1, NULL);
	job_free(j);
}

/* The current file compared, as it is read, with what it must hold. */
struct cmp {
	int fd;
	int rc; /* 1 equal so far, 0 differs, -1 cannot be read (errno in e) */
	int e;
	size_t have, pos;
	char buf[65536];
};

static void cmp_feed(struct cmp *c, const char *p, size_t n)
{
	while (n > 0 && c->rc == 1) {
		if (c->pos == c->have) {
			ssize_t k = read(c->fd, c->buf, sizeof(c->buf));
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0) {
				c->rc = k == 0 ? 0 : -1; /* shorter than it must be */
				c->e = errno;
				return;
			}
			c->have = (size_t)k;
			c->pos = 0;
		}
		size_t m = c->have - c->pos < n ? c->have - c->pos : n;
		if (memcmp(c->buf + c->pos, p, m) != 0)
			c->rc = 0;
		c->pos += m;
		p += m;
		n -= m;
	}
}

/* Feeds c the temporary file's bytes [from, to), read from tfd. */
static void cmp_feed_temp(struct cmp *c, int tfd, char *chunk, size_t cap, size_t from, size_t to)
{
	while (from < to && c->rc == 1) {
		size_t want = to - from < cap ? to - from : cap;
		ssize_t k = pread(tfd, chunk, want, (off_t)from);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			c->rc = -1;
			c->e = k == 0 ? EIO : errno;
			return;
		}
		cmp_feed(c, chunk, (size_t)k);
		from += (size_t)k;
	}
}

/* holds() for the bytes the temporary file (tfd, len bytes) was made from: its own, with each
 * of was's pieces put back. */
static int holds_before(int dfd, const char *base, int tfd, size_t len,
                        const struct save_piece *was, size_t n_was)
{
	size_t want = len;
	for (size_t i = 0; i < n_was; i++)
		want += was[i].old_len - was[i].len;
	int fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT || errno == ELOOP ? 0 : -1;
	struct stat st;
	struct cmp *c = xmalloc(sizeof(*c));
	char *chunk = xmalloc(65536);
	c->fd = fd;
	c->rc = 1;
	c->e = 0;
	c->have = c->pos = 0;
	if (fstat(fd, &st) != 0) {
		c->rc = -1;
		c->e = errno;
	} else if (!S_ISREG(st.st_mode) || (uintmax_t)st.st_size != (uintmax_t)want) {
		c->rc = 0;
	}
	size_t at = 0;
	for (size_t i = 0; i < n_was && c->rc == 1; i++) {
		cmp_feed_temp(c, tfd, chunk, 65536, at, was[i].at);
		cmp_feed(c, was[i].old, was[i].old_len);
		at = was[i].at + was[i].len;
	}
	cmp_feed_temp(c, tfd, chunk, 65536, at, len);
	if (c->rc == 1) { /* and nothing more */
		char one;
		ssize_t k;
		while ((k = read(fd, &one, 1)) < 0 && errno == EINTR)
			;
		if (c->pos != c->have || k != 0) {
			c->rc = k < 0 ? -1 : 0;
			c->e = errno;
		}
	}
	int rc = c->rc, e = c->e;
	free(chunk);
	free(c);
	close(fd);
	errno = e;
	return rc;
}

/* The temporary file, to be read (j->rfd): still the one written, of its length, under its
 * name. -1 with s->what when not. */
static int temp_unchanged(struct save_job *j)
{
	struct saving *s = &j->s;
	struct stat st;
	int r = fstatat(s->dfd, s->tmp, &st, AT_SYMLINK_NOFOLLOW);
	if (r == 0 && st.st_dev == j->dev && st.st_ino == j->ino && S_ISREG(st.st_mode) &&
	    (uintmax_t)st.st_size == (uintmax_t)j->len)
		return j->rfd;
	s->e = r != 0 ? errno : ESTALE;
	s->what = _("the temporary file changed while the change was checked");
	return -1;
}

int save_commit(struct save_job *j, const struct save_piece *was, size_t n_was, struct diags *d)
{
	struct saving *s = &j->s;
	int rc = 0, tfd = temp_unchanged(j);
	if (tfd < 0)
		rc = -1;
	if (rc == 0) {
		/* The file may have been replaced since save_begin looked (by no save of Muster's,
		 * which waits for the lock): looked at again. */
		s->exists = fstatat(s->dfd, s->base, &s->st, AT_SYMLINK_NOFOLLOW) == 0;
		int h = holds_before(s->dfd, s->base, tfd, j->len, was, n_was);
		if (h < 0) {
			s->e = errno;
			s->what = _("cannot read it again to check that it is unchanged (read)");
			rc = -1;
		} else if (h == 0) {
			diags_add(d, SEV_FATAL, j->path, 0, 0, NULL, NULL, "%s",
			          _("changed on disk since it was read (by another command?); nothing "
			            "saved; run the command again"));
			rc = SAVE_CHANGED;
		}
	}
	if (rc == 0)
		rc = check_file(s, j->path, NULL, 0, d);
	if (rc == 0)
		rc = replace(s, j->path, d);
	save_end(s, j->path, rc, d);
	job_free(j);
	return rc;
}
