/* fault.c - an LD_PRELOAD interposer that fails one system call of a save, for tests/fault/run.sh
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * MUSTER_FAULT="CALL:N:ERR" makes the N-th call of CALL, counted from the moment save_file
 * opens the file's directory (MUSTER_FAULT_DIR, as the program names it), fail with errno ERR
 * (EIO, ENOSPC, EDQUOT, EROFS, EPERM, or "short": a write that writes half and returns that,
 * then EIO); the real call is not made. CALL is one of diropen (that open of the directory),
 * flock, openat (the file reopened to compare it, then the temporary created O_EXCL), fchmod,
 * write, fsync, close, linkat, renameat. Everything else goes to the C library.
 * Each fault injected is written to the file named by MUSTER_FAULT_LOG (if set), so that the
 * test knows it happened.
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static bool armed;        /* save_file has opened the directory */
static char call[32];
static long nth, count;
static int err;
static bool shortw, parsed, fired;

static void parse(void)
{
	if (parsed)
		return;
	parsed = true;
	const char *spec = getenv("MUSTER_FAULT");
	if (spec == NULL)
		return;
	char e[32] = "";
	if (sscanf(spec, "%31[^:]:%ld:%31s", call, &nth, e) != 3) {
		call[0] = '\0';
		return;
	}
	err = strcmp(e, "ENOSPC") == 0 ? ENOSPC : strcmp(e, "EDQUOT") == 0 ? EDQUOT
	    : strcmp(e, "EROFS") == 0 ? EROFS : strcmp(e, "EPERM") == 0 ? EPERM : EIO;
	shortw = strcmp(e, "short") == 0;
}

/* Should this call of name fail? */
static bool fault(const char *name)
{
	parse();
	if (fired || call[0] == '\0' || strcmp(name, call) != 0)
		return false;
	if (!armed)
		return false;
	if (++count != nth)
		return false;
	fired = true;
	const char *log = getenv("MUSTER_FAULT_LOG");
	if (log) {
		FILE *f = fopen(log, "a");
		if (f) {
			fprintf(f, "%s:%ld\n", name, nth);
			fclose(f);
		}
	}
	return true;
}

#define REAL(ret, name, ...) \
	static ret (*real_##name)(__VA_ARGS__); \
	if (real_##name == NULL) \
		real_##name = (ret (*)(__VA_ARGS__))dlsym(RTLD_NEXT, #name)

int fchmod(int fd, mode_t mode)
{
	REAL(int, fchmod, int, mode_t);
	if (fault("fchmod")) {
		errno = err;
		return -1;
	}
	return real_fchmod(fd, mode);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	REAL(ssize_t, write, int, const void *, size_t);
	if (fd > 2 && fault("write")) {
		if (shortw && n > 1) {
			/* Half now; the next write of this save fails for real reasons of its own. */
			ssize_t k = real_write(fd, buf, n / 2);
			strcpy(call, "write");
			nth = count + 1;
			fired = false;
			shortw = false;
			err = EIO;
			return k;
		}
		errno = err;
		return -1;
	}
	return real_write(fd, buf, n);
}

int fsync(int fd)
{
	REAL(int, fsync, int);
	if (fault("fsync")) {
		errno = err;
		return -1;
	}
	return real_fsync(fd);
}

int close(int fd)
{
	REAL(int, close, int);
	if (fd > 2 && fault("close")) {
		/* As Linux does: the descriptor is gone even when close reports an error. */
		real_close(fd);
		errno = err;
		return -1;
	}
	return real_close(fd);
}

int flock(int fd, int op)
{
	REAL(int, flock, int, int);
	if (fault("flock")) {
		errno = err;
		return -1;
	}
	return real_flock(fd, op);
}

int linkat(int fd1, const char *a, int fd2, const char *b, int flags)
{
	REAL(int, linkat, int, const char *, int, const char *, int);
	if (fault("linkat")) {
		errno = err;
		return -1;
	}
	return real_linkat(fd1, a, fd2, b, flags);
}

int renameat(int fd1, const char *a, int fd2, const char *b)
{
	REAL(int, renameat, int, const char *, int, const char *);
	if (fault("renameat")) {
		errno = err;
		return -1;
	}
	return real_renameat(fd1, a, fd2, b);
}

static int openat_common(int dfd, const char *path, int flags, mode_t mode, bool large)
{
	static int (*real_openat)(int, const char *, int, ...);
	static int (*real_openat64)(int, const char *, int, ...);
	if (real_openat == NULL) {
		real_openat = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
		real_openat64 = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat64");
	}
	if (fault("openat")) {
		errno = err;
		return -1;
	}
	return large && real_openat64 ? real_openat64(dfd, path, flags, mode)
	                              : real_openat(dfd, path, flags, mode);
}

int openat(int dfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	return openat_common(dfd, path, flags, mode, false);
}

int openat64(int dfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	return openat_common(dfd, path, flags, mode, true);
}

static int open_common(const char *path, int flags, mode_t mode, bool large)
{
	static int (*real_open)(const char *, int, ...);
	static int (*real_open64)(const char *, int, ...);
	if (real_open == NULL) {
		real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
		real_open64 = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open64");
	}
	/* The save's first call: it arms the counting, and is "diropen" itself. */
	const char *dir = getenv("MUSTER_FAULT_DIR");
	if (!armed && dir && (flags & O_DIRECTORY) && strcmp(path, dir) == 0)
		armed = true;
	if (armed && (flags & O_DIRECTORY) && dir && strcmp(path, dir) == 0 && fault("diropen")) {
		errno = err;
		return -1;
	}
	return large && real_open64 ? real_open64(path, flags, mode) : real_open(path, flags, mode);
}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	return open_common(path, flags, mode, false);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	return open_common(path, flags, mode, true);
}
