/* walk.c - the files a batch reads: files as given, directories walked
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "walk.h"
#include "idx.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void add(struct walk *w, const char *path, char *problem)
{
	GROW(w->v, w->cap, w->n + 1);
	w->v[w->n].path = xstrdup(path);
	w->v[w->n].problem = problem;
	w->v[w->n].skipped = false;
	w->n++;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A roster's name: Muster's own (.xml) or BattleScribe's (.ros, and .rosz zipped); with
 * data, a data file's instead. */
static bool is_name(const char *name, bool data)
{
	static const char *const ros[] = { ".xml", ".ros", ".rosz", NULL };
	static const char *const dat[] = { ".xml", ".gst", ".cat", ".gstz", ".catz", NULL };
	size_t n = strlen(name);
	for (const char *const *e = data ? dat : ros; *e; e++) {
		size_t x = strlen(*e);
		if (n > x && strcmp(name + n - x, *e) == 0)
			return true;
	}
	return false;
}
#define is_xml_name(name) is_name((name), w->data)

/* A text file a player may have sent instead of a roster. */
static bool is_text_name(const char *name)
{
	size_t n = strlen(name);
	return (n > 4 && strcmp(name + n - 4, ".txt") == 0) ||
	       (n > 3 && strcmp(name + n - 3, ".md") == 0);
}

/* Ancestors: the chain of directories being walked, to tell a loop from a second way in. */
struct anc {
	dev_t dev;
	ino_t ino;
	const struct anc *up;
};

static void walk_dir(struct walk *w, const char *path, const struct stat *st,
                     const struct anc *up, int depth)
{
	for (const struct anc *a = up; a; a = a->up)
		if (a->dev == st->st_dev && a->ino == st->st_ino) {
			add(w, path, xstrdup(_("directory loop: a link back to a directory being read")));
			return;
		}
	char key[64];
	snprintf(key, sizeof(key), "%jx:%jx", (uintmax_t)st->st_dev, (uintmax_t)st->st_ino);
	if (w->seen == NULL)
		w->seen = idx_new();
	if (idx_get(w->seen, key))
		return; /* reached before by another link: its files are listed already */
	idx_add(w->seen, key, w);
	if (depth > WALK_MAX_DEPTH) {
		add(w, path, xasprintf(_("directories nested deeper than %d levels are not read"),
		                       WALK_MAX_DEPTH));
		return;
	}
	DIR *dir = opendir(path);
	if (dir == NULL) {
		add(w, path, xasprintf(_("cannot read the directory: %s"), strerror(errno)));
		return;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	errno = 0;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		GROW(names, cap, n + 1);
		names[n++] = xstrdup(de->d_name);
	}
	int err = errno;
	closedir(dir);
	if (err)
		add(w, path, xasprintf(_("cannot read the directory: %s"), strerror(err)));
	if (n > 1)
		qsort(names, n, sizeof(*names), by_name);
	struct anc me = { st->st_dev, st->st_ino, up };
	size_t plen = strlen(path);
	bool slash = plen > 0 && path[plen - 1] == '/';
	for (size_t i = 0; i < n; i++) {
		char *sub = xasprintf("%s%s%s", path, slash ? "" : "/", names[i]);
		struct stat sst;
		if (stat(sub, &sst) != 0) {
			/* A dangling link or a link loop: say so only where a list could have been. */
			if (is_xml_name(names[i]))
				add(w, sub, errno == ELOOP ? xstrdup(_("symbolic link loop"))
				                           : xasprintf(_("cannot open: %s"), strerror(errno)));
		} else if (S_ISDIR(sst.st_mode)) {
			walk_dir(w, sub, &sst, &me, depth + 1);
		} else if (is_xml_name(names[i])) {
			add(w, sub, S_ISREG(sst.st_mode) ? NULL
			            : xstrdup(_("not a regular file (a FIFO, a device or a socket): not read")));
		} else if (!w->data && S_ISREG(sst.st_mode) && is_text_name(names[i])) {
			add(w, sub, xasprintf(_("a text file, not a roster: skipped (a list in text "
			                        "becomes a roster with 'muster import %s')"), sub));
			w->v[w->n - 1].skipped = true;
		}
		free(sub);
		free(names[i]);
	}
	free(names);
}

void walk_add(struct walk *w, const char *path)
{
	struct stat st;
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		size_t before = w->n;
		walk_dir(w, path, &st, NULL, 0);
		if (w->n == before)
			add(w, path, xstrdup(_("no roster file (*.xml, *.ros, *.rosz) in this directory")));
	} else
		add(w, path, NULL); /* read as it is: its own message when it cannot be */
}

void walk_add_data(struct walk *w, const char *path)
{
	struct stat st;
	w->data = true;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		size_t before = w->n;
		walk_dir(w, path, &st, NULL, 0);
		if (w->n == before)
			add(w, path, xstrdup(_("no data file (*.gst, *.cat, *.gstz, *.catz, *.xml) in "
			                       "this directory")));
	} else
		add(w, path, xstrdup(_("not a directory")));
}

void walk_release(struct walk *w)
{
	for (size_t i = 0; i < w->n; i++) {
		free(w->v[i].path);
		free(w->v[i].problem);
	}
	free(w->v);
	idx_free(w->seen);
	w->v = NULL;
	w->n = w->cap = 0;
	w->seen = NULL;
}
