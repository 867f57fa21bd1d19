/* data.c - the data search path
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "data.h"
#include "diag.h"
#include "idx.h"
#include "util.h"
#include "xml.h"
#include "zipped.h"

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

/* --- BattleScribe: *.gst and *.cat files at the top of a data directory --------------------- */

/* How much of a file is searched for its root element's attributes: BSData files start with
 * the XML declaration and the root element. */
#define ROOT_SCAN_MAX 16384

/* The raw value of attribute attr of the first element called elem in the first
 * ROOT_SCAN_MAX bytes of path, or NULL. Only to find files: the reader checks what it reads. */
static char *root_attr(const char *path, const char *elem, const char *attr)
{
	char *buf = NULL;
	size_t len = 0;
	if (zipped_name(path)) {
		/* Unpacked under the readers' bounds; a bad archive is refused when it is read. */
		struct diags d = DIAGS_INIT;
		int rc = xml_read_text(path, &buf, &len, &d);
		diags_release(&d);
		if (rc != 0)
			return NULL;
		if (len > ROOT_SCAN_MAX)
			len = ROOT_SCAN_MAX;
	} else {
		FILE *fp = fopen(path, "rb");
		if (fp == NULL)
			return NULL;
		buf = xmalloc(ROOT_SCAN_MAX + 1);
		len = fread(buf, 1, ROOT_SCAN_MAX, fp);
		fclose(fp);
	}
	buf[len] = '\0';
	char *res = NULL;
	size_t el = strlen(elem), al = strlen(attr);
	for (char *p = strchr(buf, '<'); p && !res; p = strchr(p + 1, '<')) {
		if (strncmp(p + 1, elem, el) != 0 || !strchr(" \t\r\n", p[1 + el]) || p[1 + el] == '\0')
			continue;
		char *end = strchr(p, '>');
		if (end == NULL)
			break;
		for (char *q = p + 1 + el; q < end; q++) {
			if (strncmp(q, attr, al) != 0 || !strchr(" \t\r\n", q[-1]))
				continue;
			char *r = q + al;
			r += strspn(r, " \t\r\n");
			if (*r != '=')
				continue;
			r++;
			r += strspn(r, " \t\r\n");
			char quote = *r;
			char *close = quote == '"' || quote == '\'' ? strchr(r + 1, quote) : NULL;
			if (close && close < end)
				res = xstrndup(r + 1, (size_t)(close - r - 1));
			break;
		}
		break;
	}
	free(buf);
	return res;
}

/* The length of the extension ext or its zipped form (ext then 'z') that name ends in, or 0. */
static size_t ext_len(const char *name, const char *ext)
{
	size_t len = strlen(name), xl = strlen(ext);
	if (len > xl && strcmp(name + len - xl, ext) == 0)
		return xl;
	if (len > xl + 1 && strncmp(name + len - xl - 1, ext, xl) == 0 && name[len - 1] == 'z')
		return xl + 1;
	return 0;
}

/* The files of dir whose names end in ext or in its zipped form (.gst or .gstz), full paths,
 * sorted; free with strv_free. */
static char **files_ending(const char *dir, const char *ext)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	DIR *dp = opendir(dir);
	struct dirent *de;
	while (dp && (de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.' || ext_len(de->d_name, ext) == 0)
			continue;
		char *p = xasprintf("%s/%s", dir, de->d_name);
		if (!is_file(p)) {
			free(p);
			continue;
		}
		GROW(v, cap, n + 2);
		v[n++] = p;
	}
	if (dp)
		closedir(dp);
	GROW(v, cap, n + 1);
	qsort(v, n, sizeof(*v), cmp_str);
	v[n] = NULL;
	return v;
}

/* The name is matched as the file writes it (an entity stays as written): a convenience on
 * the command line, never how a roster names its system. */
char *data_bs_system_file(const char *id)
{
	if (id == NULL || *id == '\0')
		return NULL;
	for (const char *const *d = data_dirs(); *d; d++) {
		char **v = files_ending(*d, ".gst");
		char *found = NULL;
		for (char **p = v; *p && !found; p++) {
			char *sid = root_attr(*p, "gameSystem", "id");
			char *name = root_attr(*p, "gameSystem", "name");
			const char *base = strrchr(*p, '/') + 1;
			size_t bl = strlen(base) - ext_len(base, ".gst");
			if ((sid && strcmp(sid, id) == 0) || (name && strcmp(name, id) == 0) ||
			    (strncmp(base, id, bl) == 0 && id[bl] == '\0'))
				found = xstrdup(*p);
			free(sid);
			free(name);
		}
		strv_free(v);
		if (found)
			return found;
	}
	return NULL;
}

char **data_bs_catalog_files(const char *gst)
{
	char *sid = root_attr(gst, "gameSystem", "id");
	char *dir = xstrdup(gst);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	char **v = files_ending(slash ? dir : ".", ".cat");
	size_t k = 0;
	for (size_t i = 0; v[i]; i++) {
		char *cs = root_attr(v[i], "catalogue", "gameSystemId");
		if (sid && cs && strcmp(cs, sid) == 0)
			v[k++] = v[i];
		else
			free(v[i]);
		free(cs);
	}
	v[k] = NULL;
	free(dir);
	free(sid);
	return v;
}

char **data_system_ids(void)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	for (const char *const *d = data_dirs(); *d; d++) {
		char *p = xasprintf("%s/rules-xml", *d);
		list_xml(p, true, &v, &n, &cap);
		free(p);
		char **g = files_ending(*d, ".gst");
		for (char **q = g; *q; q++) {
			char *sid = root_attr(*q, "gameSystem", "id");
			bool dup = sid == NULL;
			for (size_t i = 0; i < n && !dup; i++)
				dup = strcmp(v[i], sid) == 0;
			if (dup) {
				free(sid);
				continue;
			}
			GROW(v, cap, n + 2);
			v[n++] = sid;
		}
		strv_free(g);
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

const char *data_other_kind(const char *path)
{
	static const struct { const char *ns, *kind; } kinds[] = {
		{ NS_EVENT, N_("an event pack") },
		{ NS_RULES, N_("a game system") },
		{ NS_CATALOG, N_("a catalog") },
		{ "urn:x-muster:diagnostics:1", N_("a validation report") },
		{ "urn:x-muster:tournament:1", N_("a tournament report") },
		{ "http://www.battlescribe.net/schema/gameSystemSchema", N_("a BattleScribe game system") },
		{ "http://www.battlescribe.net/schema/catalogueSchema", N_("a BattleScribe catalogue") },
	};
	char *ns = xml_root_namespace(path);
	const char *kind = NULL;
	for (size_t i = 0; ns && i < MUSTER_ARRAY_LEN(kinds); i++)
		if (strcmp(ns, kinds[i].ns) == 0)
			kind = _(kinds[i].kind);
	free(ns);
	return kind;
}
