/* bs-leftout.c - the catalogues of a BattleScribe system left out, and why
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One broken catalogue does not refuse its system: a catalogue that cannot be read, one whose
 * catalogue links name a catalogue no file is (a BSData checkout with a file missing), and
 * each that needs such a one through its links, are left out; the rest loads, and a force of a
 * left-out catalogue is refused saying why (bs-roster.c, edit-ros.c). bs-read.c leaves out, in
 * a new try, a catalogue whose own content fails to read. The game system failing still
 * refuses the system. Each catalogue is left out once, with one record (struct bs_left_out).
 */
#include "muster.h"
#include "bs-read.h"
#include "bs-int.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void bs_gone_add(struct bs_gones *g, const char *id, const char *name, const char *file,
                 long line, long col, const char *why)
{
	GROW(g->v, g->cap, g->n + 1);
	struct bs_gone *r = &g->v[g->n++];
	r->id = id ? xstrdup(id) : NULL;
	r->name = xstrdup(name ? name : file);
	r->file = xstrdup(file);
	r->line = line;
	r->col = col;
	r->why = xstrdup(why);
}

void bs_gones_truncate(struct bs_gones *g, size_t n)
{
	for (size_t i = n; i < g->n; i++) {
		free(g->v[i].id);
		free(g->v[i].name);
		free(g->v[i].file);
		free(g->v[i].why);
	}
	if (n < g->n)
		g->n = n;
}

void bs_gones_release(struct bs_gones *g)
{
	bs_gones_truncate(g, 0);
	free(g->v);
	g->v = NULL;
	g->cap = 0;
}

static const char *kept(struct arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

void bs_gones_keep(struct system *sys, const struct bs_gones *g)
{
	struct bs_data *bs = sys->bs;
	bs->left_out = xcalloc(g->n + 1, sizeof(*bs->left_out));
	for (size_t i = 0; i < g->n; i++) {
		struct bs_left_out *l = &bs->left_out[bs->n_left_out++];
		l->id = kept(&bs->arena, g->v[i].id);
		l->name = kept(&bs->arena, g->v[i].name);
		l->file = kept(&bs->arena, g->v[i].file);
		l->line = g->v[i].line;
		l->col = g->v[i].col;
		l->why = kept(&bs->arena, g->v[i].why);
	}
}

const struct bs_left_out *bs_left_out_find(const struct system *sys, const char *id)
{
	if (sys->bs == NULL || id == NULL)
		return NULL;
	for (size_t i = 0; i < sys->bs->n_left_out; i++)
		if (sys->bs->left_out[i].id && strcmp(sys->bs->left_out[i].id, id) == 0)
			return &sys->bs->left_out[i];
	return NULL;
}

void bs_left_out_warn(const struct system *sys, struct diags *d)
{
	for (size_t i = 0; sys->bs && i < sys->bs->n_left_out; i++) {
		const struct bs_left_out *l = &sys->bs->left_out[i];
		if (l->id)
			diags_add(d, SEV_WARNING, l->file, l->line, l->col, NULL, NULL,
			          _("catalogue '%s' [%s] is left out: %s"), l->name, l->id, l->why);
		else
			diags_add(d, SEV_WARNING, l->file, l->line, l->col, NULL, NULL,
			          _("this catalogue is left out: %s"), l->why);
	}
}

/* The files file fi reaches by its catalogue links (all of them, or those that import root
 * entries), itself first, breadth first, each once: BattleScribe follows links transitively
 * (a chapter's catalogue links the Space Marines', which links a library). */
size_t *bs_reach(const struct bsctx *c, size_t fi, bool imports_only, size_t *n_out)
{
	size_t *q = xcalloc(c->n + 1, sizeof(*q));
	bool *seen = xcalloc(c->n + 1, sizeof(*seen));
	size_t n = 0;
	q[n++] = fi;
	seen[fi] = true;
	for (size_t h = 0; h < n; h++) {
		const struct bsfile *f = &c->f[q[h]];
		for (size_t k = 0; k < f->n_links; k++)
			if (!seen[f->links[k]] && (!imports_only || f->imports[k])) {
				seen[f->links[k]] = true;
				q[n++] = f->links[k];
			}
	}
	free(seen);
	*n_out = n;
	return q;
}

/* catalogueLinks: each names another catalogue of the system, by id. */
int bs_read_links(struct bsctx *c, size_t fi, struct idx *by_id)
{
	struct bsfile *f = &c->f[fi];
	xmlNodePtr sec = xml_child(f->root, "catalogueLinks");
	size_t n = 0;
	for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k))
		n++;
	if (n > BS_LINKS_MAX)
		BSFAIL(c, f->path, sec, _("more than %d catalogue links"), BS_LINKS_MAX);
	f->links = xcalloc(n + 1, sizeof(*f->links));
	f->imports = xcalloc(n + 1, sizeof(*f->imports));
	for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k)) {
		char *t = xml_prop(k, "targetId");
		size_t *to = t ? idx_get(by_id, t) : NULL;
		if (to == NULL) {
			diags_add(c->d, SEV_FATAL, f->path, xml_line(k), xml_col(k), NULL, NULL,
			          _("catalogue link names catalogue '%s', which no file of system '%s' is"),
			          t ? t : "", c->sys->id);
			free(t);
			return -1;
		}
		free(t);
		f->imports[f->n_links] = xml_prop_is(k, "importRootEntries", "true");
		f->links[f->n_links++] = *to;
	}
	return 0;
}

/* Of a try that failed with diagnostics d: the catalogue of c->f the first fatal one is in
 * recorded as left out (c->gone) and its index among cats returned; SIZE_MAX when it is in the
 * game system, or in no file. */
size_t bs_blame(struct bsctx *c, const struct diags *d)
{
	const struct diag *g = NULL;
	for (size_t i = 0; i < d->n && g == NULL; i++)
		if (d->v[i].sev == SEV_FATAL)
			g = &d->v[i];
	for (size_t i = 1; g && g->file && i < c->n; i++) {
		const struct bsfile *f = &c->f[i];
		if (strcmp(f->path, g->file) != 0)
			continue;
		const char *name = f->cat ? f->cat->name : NULL;
		char *own = name == NULL && f->root ? bs_trim(xml_prop(f->root, "name"), f->id) : NULL;
		bs_gone_add(c->gone, f->id, name ? name : own, f->path, g->line, g->col, g->msg);
		free(own);
		return f->src;
	}
	return SIZE_MAX;
}

/* The catalogue links of the catalogues, as indexes of c->f (SIZE_MAX: no file kept is it),
 * and who links whom the other way (rev[rfirst[j]..rfirst[j + 1]) the links to file j). */
struct graph {
	xmlNodePtr *link;   /* every link element, file by file */
	size_t *to;         /* ... its target */
	size_t *from;       /* ... the file it stands in */
	size_t *first;      /* file i's links: link[first[i]..first[i + 1]) */
	size_t *rev;        /* link indexes, by target */
	size_t *rfirst;
	size_t n;
};

static void graph_make(struct bsctx *c, struct graph *g)
{
	struct idx *by_id = idx_new();
	size_t *slot = xcalloc(c->n + 1, sizeof(*slot));
	size_t n = 0;
	for (size_t i = 1; i < c->n; i++) {
		slot[i] = i;
		idx_add(by_id, c->f[i].id, &slot[i]); /* the first of an id (read_system says so) */
		for (xmlNodePtr k = xml_first_elem(xml_child(c->f[i].root, "catalogueLinks")); k;
		     k = xml_next_elem(k))
			n++;
	}
	g->link = xcalloc(n + 1, sizeof(*g->link));
	g->to = xcalloc(n + 1, sizeof(*g->to));
	g->from = xcalloc(n + 1, sizeof(*g->from));
	g->first = xcalloc(c->n + 2, sizeof(*g->first));
	g->rfirst = xcalloc(c->n + 2, sizeof(*g->rfirst));
	g->rev = xcalloc(n + 1, sizeof(*g->rev));
	g->n = 0;
	for (size_t i = 1; i < c->n; i++) {
		g->first[i] = g->n;
		for (xmlNodePtr k = xml_first_elem(xml_child(c->f[i].root, "catalogueLinks")); k;
		     k = xml_next_elem(k)) {
			char *t = xml_prop(k, "targetId");
			const size_t *j = t ? idx_get(by_id, t) : NULL;
			free(t);
			g->link[g->n] = k;
			g->from[g->n] = i;
			g->to[g->n] = j ? *j : SIZE_MAX;
			if (j)
				g->rfirst[*j + 1]++;
			g->n++;
		}
	}
	g->first[c->n] = g->n;
	for (size_t j = 0; j < c->n; j++)
		g->rfirst[j + 1] += g->rfirst[j];
	size_t *fill = xcalloc(c->n + 1, sizeof(*fill));
	for (size_t k = 0; k < g->n; k++)
		if (g->to[k] != SIZE_MAX)
			g->rev[g->rfirst[g->to[k]] + fill[g->to[k]]++] = k;
	free(fill);
	free(slot);
	idx_free(by_id);
}

static void graph_free(struct graph *g)
{
	free(g->link);
	free(g->to);
	free(g->from);
	free(g->first);
	free(g->rfirst);
	free(g->rev);
}

/* Why a file is left out: its link via (an index of g) is, or leads to, link cause, whose
 * target no file kept is (gone: that target's record, a catalogue left out, or NULL). */
static char *why(const struct bsctx *c, const struct graph *g, size_t via,
                 xmlNodePtr cause, const struct bs_gone *gone)
{
	char *t = xml_prop(cause, "targetId"), *name = xml_prop(cause, "name");
	char *named = name && *name ? xasprintf(" (\"%s\")", name) : xstrdup("");
	char *s;
	if (g->link[via] == cause && gone)
		s = xasprintf(_("it links catalogue '%s'%s, which is left out"), t ? t : "", named);
	else if (g->link[via] == cause)
		s = xasprintf(_("it links catalogue '%s'%s, which no file of system '%s' is"),
		              t ? t : "", named, c->sys->id);
	else if (gone)
		s = xasprintf(_("through its link to catalogue '%s' it needs catalogue '%s'%s, which "
		                "is left out"), c->f[g->to[via]].id, t ? t : "", named);
	else
		s = xasprintf(_("through its link to catalogue '%s' it needs catalogue '%s'%s, which "
		                "no file of system '%s' is"), c->f[g->to[via]].id, t ? t : "", named,
		              c->sys->id);
	free(t);
	free(name);
	free(named);
	return s;
}

/* The gone record of the catalogue that link k names, or NULL. */
static const struct bs_gone *gone_of(const struct bs_gones *gones, xmlNodePtr k)
{
	char *t = xml_prop(k, "targetId");
	const struct bs_gone *found = NULL;
	for (size_t i = 0; t && i < gones->n && !found; i++)
		if (gones->v[i].id && strcmp(gones->v[i].id, t) == 0)
			found = &gones->v[i];
	free(t);
	return found;
}

void bs_leave_out_unlinked(struct bsctx *c)
{
	struct graph g;
	graph_make(c, &g);
	/* Each catalogue with a link to no file kept is left out for its first such link; each
	 * that links one left out, breadth first from those, for the link that reaches it. */
	size_t *via = xcalloc(c->n + 1, sizeof(*via)), *cause = xcalloc(c->n + 1, sizeof(*cause));
	size_t *q = xcalloc(c->n + 1, sizeof(*q)), nq = 0;
	for (size_t i = 0; i < c->n; i++)
		via[i] = SIZE_MAX;
	for (size_t i = 1; i < c->n; i++)
		for (size_t k = g.first[i]; k < g.first[i + 1]; k++)
			if (g.to[k] == SIZE_MAX) {
				via[i] = cause[i] = k;
				q[nq++] = i;
				break;
			}
	for (size_t h = 0; h < nq; h++) {
		size_t j = q[h];
		for (size_t r = g.rfirst[j]; r < g.rfirst[j + 1]; r++) {
			size_t k = g.rev[r], i = g.from[k];
			if (via[i] != SIZE_MAX)
				continue;
			via[i] = k;
			cause[i] = cause[j];
			q[nq++] = i;
		}
	}
	size_t kept_n = c->n;
	for (size_t h = 0; h < nq; h++) {
		size_t i = q[h];
		xmlNodePtr cl = g.link[cause[i]];
		char *w = why(c, &g, via[i], cl, gone_of(c->gone, cl));
		char *name = bs_trim(xml_prop(c->f[i].root, "name"), c->f[i].id);
		bs_gone_add(c->gone, c->f[i].id, name, c->f[i].path, xml_line(g.link[via[i]]),
		            xml_col(g.link[via[i]]), w);
		free(name);
		free(w);
	}
	/* the documents of those left out freed, the others kept in their order */
	size_t w = 1;
	for (size_t i = 1; i < kept_n; i++) {
		if (via[i] != SIZE_MAX) {
			xml_doc_free(c->f[i].doc);
			free(c->f[i].id);
			continue;
		}
		c->f[w++] = c->f[i];
	}
	c->n = w;
	graph_free(&g);
	free(via);
	free(cause);
	free(q);
}
