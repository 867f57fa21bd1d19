/* bs-tree.c - BattleScribe option trees, made from their templates at an entry's first look-up
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The reader (bs-entries.c) reads what stands under each selectionEntry, group and link once
 * per catalogue, into a template (struct tpl) of the definitions and links it holds. An
 * entry's options and choices, one record each per place, with its id the path of the links
 * to it, are made from its templates here, the first time the entry is looked up
 * (entry_made), long after the documents are freed: a roster takes a few of the thousands of
 * entries a system has. What is made is what the reader made of the documents before: the
 * same records in the same order. Part of the reader split by job (bs-int.h).
 */
#include "muster.h"
#include "bs-int.h"
#include "bs-read.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

bool bs_is_default(const char *id, const char *kids, const char *def)
{
	size_t kl = strlen(kids), dl = strlen(def), il = strlen(id);
	if (strncmp(id, kids, kl) == 0 && strncmp(id + kl, def, dl) == 0 &&
	    (id[kl + dl] == '\0' || strncmp(id + kl + dl, "::", 2) == 0))
		return true;
	return il > dl + 2 && strcmp(id + il - dl, def) == 0 && strncmp(id + il - dl - 2, "::", 2) == 0;
}

/* Making one entry's options. */
struct mk {
	struct entry *e;
	struct arena *a;        /* the catalog's: the options' ids and categories */
	size_t home;            /* the file of the entry's catalogue */
	long site_line;         /* the line in home of the outermost link to another file */
};

/* The id of a place as a roster names it: prefix, then, through a link, "LINK::", then its
 * node's id, in the catalog's arena; *kids the prefix of what it holds (malloc'd), unless kids
 * is NULL. Joined by hand: a printf per option was a tenth of reading Warhammer 40,000 10th
 * edition. */
static char *path_id(struct mk *m, const char *prefix, const char *lid, const char *nid,
                     char **kids)
{
	size_t pl = strlen(prefix), ll = lid ? strlen(lid) : 0, nl = strlen(nid);
	size_t kl = pl + (lid ? ll + 2 : 0);
	char *id = arena_alloc(m->a, kl + nl + 1, 1);
	memcpy(id, prefix, pl);
	if (lid) {
		memcpy(id + pl, lid, ll);
		memcpy(id + pl + ll, "::", 2);
	}
	memcpy(id + kl, nid, nl + 1);
	if (kids) {
		*kids = xmalloc(kl + 1);
		memcpy(*kids, id, kl);
		(*kids)[kl] = '\0';
	}
	return id;
}

static void make_walk(struct mk *m, const struct tpl *t, const char *prefix, uint32_t up,
                      uint32_t in_choice);

/* The line of step s's place: in the entry's own file, its own; else the line of the link
 * that leads out of it. */
static int32_t place_line(const struct mk *m, const struct tstep *s)
{
	return s->file == m->home ? s->line : (int32_t)m->site_line;
}

static void make_option(struct mk *m, const struct tstep *s, const char *prefix, uint32_t up,
                        uint32_t in_choice)
{
	struct entry *e = m->e;
	const struct bsdef *df = s->df;
	const struct bslink *lk = s->lk;
	struct entry_option *o = &e->options[e->n_options++];
	memset(o, 0, sizeof(*o));
	uint32_t self = (uint32_t)e->n_options;
	char *kids = NULL;
	o->id = path_id(m, prefix, lk ? lk->id : NULL, df->id,
	                s->kids[0] || s->kids[1] ? &kids : NULL);
	o->linked = true; /* its strings and arrays are the definition's or the catalog's arena's */
	o->name = df->name;
	o->def = &df->origin;
	o->via = lk ? &lk->origin : NULL;
	o->costs = s->costs;
	o->cats = s->cats;
	o->n_cats = s->n_cats;
	o->adds = s->adds;
	o->infos = s->infos;
	/* the definition's bounds, read once, unless the link has its own */
	bool own = lk && lk->bounds;
	o->min = own ? lk->min : df->min;
	o->max = own ? lk->max : df->max;
	o->ref = own ? lk->ref : df->ref;
	o->min_ref = own ? lk->min_ref : df->min_ref;
	o->up = up;
	o->in_choice = in_choice;
	o->target = TARGET_UNIT;
	o->model = df->model;
	o->collective = df->collective || (lk && lk->collective);
	o->hidden = df->hidden || (lk && lk->hidden);
	o->line = place_line(m, s);
	for (int k = 0; k < 2; k++)
		if (s->kids[k])
			make_walk(m, s->kids[k], kids, self, 0);
	free(kids);
}

/* The categories cats[0..n) added to those of each option of the group, from options[first],
 * at its level (up): a selection in a group is of the group's categories too. */
static void group_cats(struct mk *m, const size_t *cats, size_t n, size_t first, uint32_t up)
{
	struct entry *e = m->e;
	for (size_t i = first; i < e->n_options; i++) {
		struct entry_option *o = &e->options[i];
		if (o->up != up)
			continue;
		size_t *v = arena_alloc(m->a, o->n_cats + n + 1, sizeof(*v)), k = o->n_cats;
		if (k)
			memcpy(v, o->cats, k * sizeof(*v));
		for (size_t j = 0; j < n; j++) {
			bool dup = false;
			for (size_t x = 0; x < k && !dup; x++)
				dup = v[x] == cats[j];
			if (!dup)
				v[k++] = cats[j];
		}
		o->cats = v;
		o->n_cats = (uint32_t)k;
	}
}

static void make_group(struct mk *m, const struct tstep *s, const char *prefix, uint32_t up)
{
	struct entry *e = m->e;
	const struct bsgroup *gd = s->gd;
	const struct bslink *lk = s->lk;
	struct opt_choice *ch = &e->choices[e->n_choices++];
	memset(ch, 0, sizeof(*ch));
	uint32_t self = (uint32_t)e->n_choices;
	char *kids;
	ch->id = path_id(m, prefix, lk ? lk->id : NULL, gd->id, &kids);
	ch->linked = true; /* its id is in the catalog's arena, its name and refs the group's */
	ch->name = gd->name ? gd->name : ch->id;
	ch->up = up;
	ch->line = place_line(m, s);
	ch->hidden = gd->hidden || (lk && lk->hidden);
	const struct bs_hide *h = lk ? lk->hide : gd->hide;
	ch->hide = h ? h->mods : NULL;
	ch->n_hide = h ? (uint32_t)h->n : 0;
	bool own = lk && lk->bounds; /* the link's bounds replace the group's */
	ch->min = own ? lk->min : gd->min;
	ch->max = own ? lk->max : gd->max;
	ch->ref = own ? lk->ref : gd->ref;
	ch->min_ref = own ? lk->min_ref : gd->min_ref;
	/* A min above the max is read as it is, as BattleScribe does: what its min selects
	 * breaks its max, an error of the roster, not of the data. */
	size_t first = e->n_options;
	for (int k = 0; k < 2; k++)
		if (s->kids[k])
			make_walk(m, s->kids[k], kids, up, self);
	if (s->n_gcats)
		group_cats(m, s->gcats, s->n_gcats, first, up);
	const char *def = gd->def;
	bool found = def == NULL || strcmp(def, "none") == 0;
	for (size_t i = first; !found && i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		if (o->up != up || !bs_is_default(o->id, kids, def))
			continue;
		found = true;
		if (o->in_choice == self) {
			ch->def_id = xstrdup(o->id);
			ch->def = (uint32_t)i + 1;
		}
		/* else the entry of a group within: that group's own default, if any */
	}
	free(kids);
}

/* What template t makes, in document order, under option up (0: the entry) and in choice
 * in_choice (0: none). */
static void make_walk(struct mk *m, const struct tpl *t, const char *prefix, uint32_t up,
                      uint32_t in_choice)
{
	for (uint32_t i = 0; i < t->n; i++) {
		const struct tstep *s = &t->v[i];
		long saved = m->site_line;
		if (s->lk && s->tf != m->home && s->file == m->home)
			m->site_line = s->line; /* a link out of the entry's own file */
		if (s->df)
			make_option(m, s, prefix, up, in_choice);
		else
			make_group(m, s, prefix, up);
		m->site_line = saved;
	}
}

void bs_tree_make(struct entry *e)
{
	const struct bs_tree *tr = e->tree;
	if (tr == NULL)
		return;
	/* the reader counted them, and refused more than BS_ENTRY_OPTIONS_MAX */
	e->options = tr->size ? xcalloc(tr->size, sizeof(*e->options)) : NULL;
	e->choices = tr->choices ? xcalloc(tr->choices, sizeof(*e->choices)) : NULL;
	e->n_options = e->n_choices = 0;
	struct mk m = { e, &e->catalog->arena, tr->home, e->line };
	for (int k = 0; k < 2; k++)
		if (tr->t[k])
			make_walk(&m, tr->t[k], tr->prefix, 0, 0);
	/* An option with one not collective below it is instanced, as the reference engine
	 * (New Recruit's collective_recursive) decides: a child stands after its parent. */
	for (size_t i = e->n_options; i-- > 0; ) {
		const struct entry_option *o = &e->options[i];
		if (o->up && o->up <= i && (!o->collective || o->instanced))
			e->options[o->up - 1].instanced = true;
	}
	e->tree = NULL;
}
