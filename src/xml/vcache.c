/* vcache.c - remembers which data files passed their schema (vcache.h says why)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * An entry is the empty file DIR/valid/KEY, KEY being the schema's digest and the file's
 * identity written out in hexadecimal: looking one up is one lstat(2), adding one is one
 * open(2) with O_EXCL. Nothing is ever read from the
 * cache but whether a name exists, so a damaged cache can at worst cost a check.
 */
#include "muster.h"
#include "vcache.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>

struct vcache {
	char *dir;   /* DIR/valid */
};

char *vcache_dir(void)
{
	const char *v = getenv("MUSTER_CACHE_DIR");
	if (v)
		return v[0] == '/' ? xstrdup(v) : NULL;
	v = getenv("XDG_CACHE_HOME");
	if (v && v[0] == '/')
		return xasprintf("%s/muster", v);
	v = getenv("HOME");
	if (v && v[0] == '/')
		return xasprintf("%s/.cache/muster", v);
	return NULL;
}

struct vcache *vcache_new(char *dir)
{
	if (dir == NULL)
		return NULL;
	struct vcache *c = xcalloc(1, sizeof(*c));
	c->dir = xasprintf("%s/valid", dir);
	free(dir);
	return c;
}

void vcache_free(struct vcache *c)
{
	if (c == NULL)
		return;
	free(c->dir);
	free(c);
}

uint64_t vcache_schema_digest(const void *text, size_t len)
{
	/* The version libxml2 says it is at run time, not the one compiled against: another
	 * release may judge the same schema and file differently. FNV-1a's step over 8 bytes at
	 * a time: a schema is not chosen by an adversary, and this runs for every command. */
	const char *version = xmlParserVersion ? xmlParserVersion : "";
	const uint64_t prime = 1099511628211u;
	uint64_t h = 14695981039346656037u;
	for (const unsigned char *p = (const unsigned char *)version; *p; p++)
		h = (h ^ *p) * prime;
	h = (h ^ (uint64_t)len) * prime;
	const unsigned char *p = text, *end = p + len;
	for (; end - p >= 8; p += 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h = (h ^ w) * prime;
		h ^= h >> 29;
	}
	for (; p < end; p++)
		h = (h ^ *p) * prime;
	return h;
}

bool vcache_key(uint64_t schema, const struct stat *st, struct vcache_key *out)
{
	if (!S_ISREG(st->st_mode))
		return false;
	struct timespec now;
	if (clock_gettime(CLOCK_REALTIME, &now) != 0)
		return false;
	/* Racily new (vcache.h): also a time in the future, from a clock set back. */
	if (st->st_ctim.tv_sec > now.tv_sec - VCACHE_RACY_SECONDS ||
	    st->st_mtim.tv_sec > now.tv_sec - VCACHE_RACY_SECONDS)
		return false;
	int n = snprintf(out->name, sizeof(out->name), "%016llx-%llx-%llx-%llx-%llx.%lx-%llx.%lx",
	                 (unsigned long long)schema, (unsigned long long)st->st_dev,
	                 (unsigned long long)st->st_ino, (unsigned long long)st->st_size,
	                 (unsigned long long)st->st_mtim.tv_sec, (unsigned long)st->st_mtim.tv_nsec,
	                 (unsigned long long)st->st_ctim.tv_sec, (unsigned long)st->st_ctim.tv_nsec);
	return n > 0 && (size_t)n < sizeof(out->name);
}

static char *entry_path(const struct vcache *c, const struct vcache_key *key)
{
	return xasprintf("%s/%s", c->dir, key->name);
}

bool vcache_has(const struct vcache *c, const struct vcache_key *key)
{
	if (c == NULL)
		return false;
	char *path = entry_path(c, key);
	struct stat st;
	/* An entry is a regular file; anything else put there (a symbolic link, a directory)
	 * is not one. */
	bool found = lstat(path, &st) == 0 && S_ISREG(st.st_mode);
	free(path);
	return found;
}

/* mkdir -p, private to the user: the cache says which files they checked. */
static void make_dirs(char *path)
{
	for (char *p = strchr(path + 1, '/');; p = strchr(p + 1, '/')) {
		if (p)
			*p = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			if (p)
				*p = '/';
			return;
		}
		if (p == NULL)
			return;
		*p = '/';
	}
}

void vcache_add(const struct vcache *c, const struct vcache_key *key)
{
	if (c == NULL)
		return;
	char *path = entry_path(c, key);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 && errno == ENOENT) {
		char *dir = xstrdup(c->dir);
		make_dirs(dir);
		free(dir);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	}
	if (fd >= 0)
		close(fd);
	free(path);
}
