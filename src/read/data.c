/* data.c - the data search path
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "data.h"
#include "idx.h"
#include "util.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MUSTER_PKGDATADIR
#define MUSTER_PKGDATADIR "/usr/local/share/muster"
#endif
#ifndef MUSTER_SRCDATADIR
#define MUSTER_SRCDATADIR "."
#endif
#ifndef MUSTER_BUILDDIR
#define MUSTER_BUILDDIR "."
#endif

static char **extra;        /* --data-dir, in order given */
static size_t n_extra, cap_extra;
static char **dirs;         /* the computed path */

static void reset_path(void)
{
	strv_free(dirs);
	dirs = NULL;
}

void data_add_dir(const char *dir)
{
	GROW(extra, cap_extra, n_extra + 1);
	extra[n_extra++] = xstrdup(dir);
	reset_path();
}

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* True when this program is the one in the build tree: only then is the source tree part of
 * the path, so an installed muster never reads the tree it was built from. */
static bool running_from_build_tree(void)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	size_t len = strlen(MUSTER_BUILDDIR);
	return strncmp(exe, MUSTER_BUILDDIR, len) == 0 && exe[len] == '/';
}

const char *const *data_dirs(void)
{
	if (dirs)
		return (const char *const *)dirs;
	size_t n = 0, cap = 0;
	char **v = NULL;
	for (size_t i = 0; i < n_extra; i++) {
		GROW(v, cap, n + 1);
		v[n++] = xstrdup(extra[i]);
	}
	const char *env = getenv("MUSTER_DATA_PATH");
	if (env && *env) {
		char *copy = xstrdup(env), *save = NULL;
		for (char *t = strtok_r(copy, ":", &save); t; t = strtok_r(NULL, ":", &save)) {
			GROW(v, cap, n + 1);
			v[n++] = xstrdup(t);
		}
		free(copy);
	}
	GROW(v, cap, n + 3);
	v[n++] = xstrdup(MUSTER_PKGDATADIR);
	if (running_from_build_tree())
		v[n++] = xstrdup(MUSTER_SRCDATADIR);
	v[n] = NULL;
	dirs = v;
	return (const char *const *)dirs;
}

const char *data_system_root(const char *id)
{
	if (strchr(id, '/') || strcmp(id, "..") == 0 || *id == '\0')
		return NULL;
	for (const char *const *d = data_dirs(); *d; d++) {
		char *p = xasprintf("%s/rules-xml/%s.xml", *d, id);
		bool ok = is_file(p);
		free(p);
		if (ok)
			return *d;
	}
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names in dir ending in .xml, without the ending when strip; sorted. */
static void list_xml(const char *dir, bool strip, char ***v, size_t *n, size_t *cap)
{
	DIR *dp = opendir(dir);
	if (dp == NULL)
		return;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len <= 4 || de->d_name[0] == '.' || strcmp(de->d_name + len - 4, ".xml") != 0)
			continue;
		char *name = strip ? xstrndup(de->d_name, len - 4) : xasprintf("%s/%s", dir, de->d_name);
		bool dup = false;
		for (size_t i = 0; i < *n && !dup; i++)
			dup = strcmp((*v)[i], name) == 0;
		if (dup || (!strip && !is_file(name))) {
			free(name);
			continue;
		}
		GROW(*v, *cap, *n + 2);
		(*v)[(*n)++] = name;
	}
	closedir(dp);
}

char **data_system_ids(void)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	for (const char *const *d = data_dirs(); *d; d++) {
		char *p = xasprintf("%s/rules-xml", *d);
		list_xml(p, true, &v, &n, &cap);
		free(p);
	}
	GROW(v, cap, n + 1);
	qsort(v, n, sizeof(*v), cmp_str);
	v[n] = NULL;
	return v;
}

static const char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	return b ? b + 1 : path;
}

static int cmp_base(const void *a, const void *b)
{
	return strcmp(base_name(*(char *const *)a), base_name(*(char *const *)b));
}

char **data_catalog_files(const char *const *roots, const char *id)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	struct idx *seen = idx_new(); /* base name -> the path that has it */
	for (const char *const *r = roots; r && *r; r++) {
		char *p = xasprintf("%s/catalogs/%s", *r, id);
		size_t from = n;
		if (is_dir(p))
			list_xml(p, false, &v, &n, &cap);
		free(p);
		/* A name an earlier directory has is shadowed: drop this directory's file. */
		size_t k = from;
		for (size_t i = from; i < n; i++) {
			if (idx_get(seen, base_name(v[i])) != NULL) {
				free(v[i]);
				continue;
			}
			v[k++] = v[i];
		}
		n = k;
		for (size_t i = from; i < n; i++)
			idx_add(seen, base_name(v[i]), v[i]);
	}
	idx_free(seen);
	GROW(v, cap, n + 1);
	qsort(v, n, sizeof(*v), cmp_base);
	v[n] = NULL;
	return v;
}

void data_cleanup(void)
{
	reset_path();
	for (size_t i = 0; i < n_extra; i++)
		free(extra[i]);
	free(extra);
	extra = NULL;
	n_extra = cap_extra = 0;
}
