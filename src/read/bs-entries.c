/* bs-entries.c - BattleScribe entries: root entries, option trees, links, profiles
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A catalogue's root selectionEntries and entryLinks become its catalog's entries; what stands
 * under each (selectionEntries, selectionEntryGroups, entryLinks to shared entries and groups,
 * at any depth) becomes the entry's option tree, links followed where they stand, within the
 * bounds of bs-int.h. What stands under an element is read once per catalogue into a template
 * (struct tpl), which every place of it shares; the entry's options are made from its
 * templates at its first look-up (bs-tree.c). An option reached through links has
 * BattleScribe's own entryId, the ids of the links on its way and its own joined by "::" (as a
 * roster names it). Each option is a place of its selectionEntry's definition (struct bsdef,
 * read once): its name, costs, categories and item are the definition's, shared by every
 * place, unless its link adds to them. Part of the reader split by job (bs-int.h).
 */
#include "muster.h"
#include "bs-int.h"
#include "catalog.h"
#include "idx.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* <costs><cost typeId value/></costs> of n into costs (a later element's replace). */
static int read_costs(struct bsctx *c, size_t fi, xmlNodePtr n, long *costs)
{
	for (xmlNodePtr k = xml_first_elem(xml_child(n, "costs")); k; k = xml_next_elem(k)) {
		char *t = bs_prop_or(k, "typeId", "costTypeId");
		const struct cost_def *cd = t ? idx_get(c->sys->cost_idx, t) : NULL;
		free(t);
		if (cd == NULL) {
			/* BattleScribe shows no cost of a type the system lacks: neither does Muster */
			if (bs_once(k))
				c->sys->bs->unknown_costs++;
			continue;
		}
		if (bs_decimal(c, fi, k, "value", cd->scale, -MUSTER_MAX_COST, MUSTER_MAX_COST, 0,
		               &costs[cd->index]))
			return -1;
	}
	return 0;
}

int bs_category_links(struct bsctx *c, size_t fi, xmlNodePtr owner, size_t **cats,
                      size_t *n_cats, uint32_t *primary)
{
	xmlNodePtr sec = xml_child(owner, "categoryLinks");
	for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k)) {
		char *t = xml_prop(k, "targetId");
		long ci = bs_category(c, t);
		if (ci < 0) {
			diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(k), xml_col(k), NULL, NULL,
			          _("category link names category '%s', which no file of system '%s' "
			            "declares"),
			          t ? t : "", c->sys->id);
			free(t);
			return -1;
		}
		free(t);
		if (xml_prop_is(k, "primary", "true"))
			*primary = (uint32_t)ci + 1;
		bool dup = false;
		for (size_t i = 0; i < *n_cats && !dup; i++)
			dup = (*cats)[i] == (size_t)ci;
		if (dup)
			continue;
		*cats = xreallocarray(*cats, *n_cats + 1, sizeof(**cats));
		(*cats)[(*n_cats)++] = (size_t)ci;
	}
	return 0;
}

/* --- the option tree ---------------------------------------------------------------------- */

/* Whether n holds selectionEntries, selectionEntryGroups or entryLinks, which walk reads. */
static bool has_kids(xmlNodePtr n)
{
	for (xmlNodePtr sec = xml_first_elem(n); sec; sec = xml_next_elem(sec))
		if ((xml_is(sec, "selectionEntries") || xml_is(sec, "selectionEntryGroups") ||
		     xml_is(sec, "entryLinks")) && xml_first_elem(sec))
			return true;
	return false;
}

/* The definition of selectionEntry se when a place has reached it, else NULL: kept in its
 * node's _private (bs-int.h). */
static struct bsdef *def_known(xmlNodePtr se)
{
	return se->_private;
}

/* The bounds node n of file fi has from its constraints: *min and *max (0 and
 * OPTION_UNBOUNDED where none gives them) and the ids of the constraints that set them (NULL:
 * none). Whether a constraint of n bounds it (bs_read_bounds): an entry's or a group's own
 * bounds apply either way; a link's replace its target's only when it has some. */
static bool read_bounds(struct bsctx *c, size_t fi, xmlNodePtr n, long *min, long *max,
                        char **ref, char **min_ref)
{
	xmlNodePtr lo_con = NULL, hi_con = NULL;
	*min = 0;
	*max = OPTION_UNBOUNDED;
	bool got = bs_read_bounds(c, fi, n, min, max, &lo_con, &hi_con);
	*ref = bs_con_id_shared(c, hi_con);
	*min_ref = bs_con_id_shared(c, lo_con);
	return got;
}

/* The definition of selectionEntry se of file fi, read as the first place reaches it. */
static struct bsdef *def_read(struct bsb *b, size_t fi, xmlNodePtr se)
{
	struct bsctx *c = b->c;
	struct arena *a = &c->sys->bs->arena;
	struct bsdef *df = arena_alloc(a, 1, sizeof(*df));
	char *id = xml_prop(se, "id"), *name = bs_name_of(se, id ? id : "");
	df->name = arena_strndup(a, name, strlen(name));
	df->id = id ? arena_strndup(a, id, strlen(id)) : NULL;
	df->model = xml_prop_is(se, "type", "model");
	df->collective = xml_prop_is(se, "collective", "true");
	df->hidden = xml_prop_is(se, "hidden", "true");
	df->kids = has_kids(se);
	free(id);
	free(name);
	df->costs = arena_alloc(a, c->sys->n_costs + 1, sizeof(*df->costs));
	size_t *cats = NULL;
	uint32_t primary = 0;
	struct infos in = { 0 };
	int rc = read_costs(c, fi, se, df->costs) ||
	         bs_category_links(c, fi, se, &cats, &df->n_cats, &primary) ||
	         bs_collect_infos(b, fi, se, &in, 0) || bs_first_profile(b, &in, &df->adds);
	if (rc == 0)
		df->infos = bs_infos_make(c, se, in.all, in.all_file, in.via, in.n_all, NULL, &se, 1);
	bs_infos_release(&in);
	if (df->n_cats) {
		df->cats = arena_alloc(a, df->n_cats, sizeof(*df->cats));
		memcpy(df->cats, cats, df->n_cats * sizeof(*cats));
	}
	free(cats);
	if (rc)
		return NULL;
	df->origin.own = bs_own_mods(c, se);
	read_bounds(c, fi, se, &df->min, &df->max, &df->ref, &df->min_ref);
	se->_private = df;
	return df;
}

/* What the places reached through entry link `link` share, made empty the first time a place
 * reaches it: kept in its node's _private (bs-int.h). */
static struct bslink *link_of(struct bsctx *c, xmlNodePtr link)
{
	if (link->_private == NULL)
		link->_private = arena_alloc(&c->sys->bs->arena, 1, sizeof(struct bslink));
	return link->_private;
}

/* The link of an option, read the first time one of its places reaches it. */
static struct bslink *link_read(struct bsctx *c, size_t lfi, xmlNodePtr link)
{
	struct arena *a = &c->sys->bs->arena;
	struct bslink *lk = link_of(c, link);
	lk->read = true;
	char *id = xml_prop(link, "id");
	lk->id = id ? arena_strndup(a, id, strlen(id)) : NULL;
	free(id);
	lk->collective = xml_prop_is(link, "collective", "true");
	lk->hidden = xml_prop_is(link, "hidden", "true");
	lk->kids = has_kids(link);
	lk->bounds = read_bounds(c, lfi, link, &lk->min, &lk->max, &lk->ref, &lk->min_ref);
	if (xml_child(link, "modifiers") || xml_child(link, "modifierGroups"))
		lk->origin.own = bs_own_mods(c, link); /* most links have none */
	return lk;
}

/* What link (of file lfi) adds to the definition df, into lk (the system's arena): its costs
 * replace the definition's of their type, its categories and profiles add to its own. */
static int link_adds_read(struct bsb *b, size_t lfi, xmlNodePtr link, const struct bsdef *df,
                          struct bslink *lk)
{
	struct bsctx *c = b->c;
	struct arena *a = &c->sys->bs->arena;
	memset(&lk->adds, 0, sizeof(lk->adds));
	struct bsadds *ad = &lk->adds;
	if (xml_first_elem(xml_child(link, "costs"))) {
		ad->costs = arena_alloc(a, c->sys->n_costs + 1, sizeof(*ad->costs));
		memcpy(ad->costs, df->costs, (c->sys->n_costs + 1) * sizeof(*ad->costs));
		if (read_costs(c, lfi, link, ad->costs))
			return -1;
	}
	if (xml_first_elem(xml_child(link, "categoryLinks"))) {
		size_t n = df->n_cats, *cats = n ? xreallocarray(NULL, n, sizeof(*cats)) : NULL;
		if (n)
			memcpy(cats, df->cats, n * sizeof(*cats));
		uint32_t primary = 0;
		int rc = bs_category_links(c, lfi, link, &cats, &n, &primary);
		ad->cats = n ? arena_alloc(a, n, sizeof(*cats)) : NULL;
		if (n)
			memcpy(ad->cats, cats, n * sizeof(*cats));
		ad->n_cats = n;
		ad->has_cats = true;
		free(cats);
		if (rc)
			return -1;
	}
	struct infos in = { 0 };
	int rc = bs_collect_infos(b, lfi, link, &in, 0);
	if (rc == 0)
		ad->infos = bs_infos_make(c, NULL, in.all, in.all_file, in.via, in.n_all, df->infos,
		                          &link, 1);
	if (rc == 0 && in.n_prof) {
		if (df->adds) { /* the definition's first profile stays the option's */
			for (size_t i = 0; i < in.n_prof; i++)
				c->sys->bs->extra_profiles += bs_once(in.prof[i]);
		} else if (bs_first_profile(b, &in, &ad->item) != 0) {
			rc = -1;
		}
	}
	bs_infos_release(&in);
	if (rc == 0) {
		ad->df = df;
		ad->home = b->home;
		ad->made = true;
	}
	return rc;
}

static char *arena_copy(struct arena *a, char *s)
{
	char *t = s ? arena_strndup(a, s, strlen(s)) : NULL;
	free(s);
	return t;
}

static struct bsgroup *group_read(struct bsctx *c, size_t fi, xmlNodePtr g)
{
	if (g->_private)
		return g->_private;
	struct arena *a = &c->sys->bs->arena;
	struct bsgroup *gd = arena_alloc(a, 1, sizeof(*gd));
	char *name = xml_name_lang(g, "name");
	gd->id = arena_copy(a, xml_prop(g, "id"));
	gd->name = name ? arena_copy(a, bs_trim(name, NULL)) : NULL;
	gd->def = arena_copy(a, xml_prop(g, "defaultSelectionEntryId"));
	gd->hidden = xml_prop_is(g, "hidden", "true");
	gd->cats = xml_first_elem(xml_child(g, "categoryLinks")) != NULL;
	read_bounds(c, fi, g, &gd->min, &gd->max, &gd->ref, &gd->min_ref);
	g->_private = gd;
	return gd;
}

/* Link `link` of file lfi to group g, read the first time a place reaches it. */
static const struct bslink *group_link_read(struct bsctx *c, size_t lfi, xmlNodePtr link,
                                            xmlNodePtr g)
{
	struct bslink *lk = link_of(c, link);
	if (lk->read)
		return lk;
	lk->read = true;
	lk->id = arena_copy(&c->sys->bs->arena, xml_prop(link, "id"));
	lk->hidden = xml_prop_is(link, "hidden", "true");
	lk->bounds = read_bounds(c, lfi, link, &lk->min, &lk->max, &lk->ref, &lk->min_ref);
	lk->hide = bs_group_hide(c, g, link);
	lk->cats = xml_first_elem(xml_child(link, "categoryLinks")) != NULL;
	return lk;
}

/* --- templates ------------------------------------------------------------------------------ */

/* The template slot of node n of file fi for the entries of catalogue file home: an open
 * addressing table of the reader's, grown at half full (a node's address alone is not its
 * key: a freed document's nodes may be a later file's). */
static struct tpl **tpl_slot(struct bsctx *c, size_t fi, const void *n, size_t home)
{
	if (2 * (c->n_tmap + 1) > c->cap_tmap) {
		size_t cap = c->cap_tmap ? 2 * c->cap_tmap : 1024;
		struct tkey *v = xcalloc(cap, sizeof(*v));
		for (size_t i = 0; i < c->cap_tmap; i++) {
			const struct tkey *k = &c->tmap[i];
			if (k->node == NULL)
				continue;
			size_t h = k->hash & (cap - 1);
			while (v[h].node)
				h = (h + 1) & (cap - 1);
			v[h] = *k;
		}
		free(c->tmap);
		c->tmap = v;
		c->cap_tmap = cap;
	}
	uint64_t hash = ((uint64_t)(uintptr_t)n >> 4) * 0x9E3779B97F4A7C15ULL ^
	                ((uint64_t)fi << 32 | (uint64_t)home) * 0xC2B2AE3D27D4EB4FULL;
	hash ^= hash >> 29;
	size_t h = (size_t)hash & (c->cap_tmap - 1);
	for (;; h = (h + 1) & (c->cap_tmap - 1)) {
		struct tkey *k = &c->tmap[h];
		if (k->node == NULL) {
			*k = (struct tkey){ n, fi, home, (size_t)hash, NULL };
			c->n_tmap++;
			return &k->t;
		}
		if (k->node == n && k->fi == fi && k->home == home)
			return &k->t;
	}
}

/* a + b, at most UINT32_MAX */
static uint32_t sat_add(uint32_t a, uint32_t b)
{
	return a > UINT32_MAX - b ? UINT32_MAX : a + b;
}

/* The steps of a template being read, grown by doubling, copied to the arena once read. */
struct tsteps {
	struct tstep *v;
	size_t n, cap;
};

static struct tstep *t_new(struct tsteps *s)
{
	GROW(s->v, s->cap, s->n + 1);
	struct tstep *t = &s->v[s->n++];
	memset(t, 0, sizeof(*t));
	return t;
}

static const struct tpl *tpl_of(struct bsb *b, size_t fi, xmlNodePtr n, size_t afi,
                                xmlNodePtr at, int depth, int *rc);

/* What link lk (link of file lfi) adds to definition df at step t, read the first time a
 * place of df in a catalogue (home) reaches it: its info links are looked up from there. */
static int link_adds(struct bsb *b, size_t lfi, xmlNodePtr link, struct bslink *lk,
                     const struct bsdef *df, struct tstep *t)
{
	const struct bsadds *ad = &lk->adds;
	if (!(ad->made && ad->df == df && ad->home == b->home) &&
	    link_adds_read(b, lfi, link, df, lk))
		return -1;
	if (ad->costs)
		t->costs = ad->costs;
	if (ad->has_cats) {
		t->cats = ad->cats;
		t->n_cats = (uint32_t)ad->n_cats;
	}
	t->infos = ad->infos;
	if (ad->item)
		t->adds = ad->item;
	return 0;
}

/* A selectionEntry se of file fi as an option, reached through entry link `link` of file lfi
 * (NULL: where it stands), at walk depth depth: a place of its definition, its id the path of
 * links to it. */
static int t_option(struct bsb *b, struct tsteps *out, size_t fi, xmlNodePtr se, size_t lfi,
                    xmlNodePtr link, int depth)
{
	struct bsctx *c = b->c;
	struct bsdef *df = def_known(se);
	if (df == NULL && (df = def_read(b, fi, se)) == NULL)
		return -1;
	struct bslink *lk = link ? link_of(c, link) : NULL;
	if (lk && !lk->read)
		lk = link_read(c, lfi, link);
	if (df->id == NULL || (lk && lk->id == NULL))
		BSFAIL(c, c->f[link ? lfi : fi].path, link ? link : se, "%s",
		       _("a selection entry or entry link needs an id"));
	struct tstep *t = t_new(out);
	t->df = df;
	t->lk = lk;
	t->costs = df->costs;
	t->cats = df->cats;
	t->n_cats = (uint32_t)df->n_cats;
	t->adds = df->adds;
	t->infos = df->infos;
	t->line = (int32_t)(link ? xml_line(link) : xml_line(se));
	t->file = (uint32_t)(link ? lfi : fi);
	t->tf = (uint32_t)fi;
	if (link && link_adds(b, lfi, link, lk, df, t))
		return -1;
	/* What its constraints make stands on every place of it: made at the first. */
	struct entry_option first = { .name = df->name };
	if (!df->cons_done) {
		bs_con_on(c, fi, se, b->e, &first, &df->origin);
		df->cons_done = true;
	}
	if (lk && !lk->cons_done) {
		bs_con_on(c, lfi, link, b->e, &first, &lk->origin);
		lk->cons_done = true;
	}
	/* tpl_of says when options nest too deep, even where none stand */
	bool deep = depth + 1 > BS_DEPTH_MAX;
	int rc = 0;
	size_t afi = link ? lfi : fi;
	xmlNodePtr at = link ? link : se;
	const struct tpl *k0 = df->kids || deep ? tpl_of(b, fi, se, afi, at, depth + 1, &rc) : NULL;
	const struct tpl *k1 = rc == 0 && lk && (lk->kids || deep) ?
	                       tpl_of(b, lfi, link, afi, at, depth + 1, &rc) : NULL;
	t = &out->v[out->n - 1]; /* the steps may have moved */
	t->kids[0] = k0;
	t->kids[1] = k1;
	return rc;
}

/* Whether a template's options of its parent (those of nested groups too) have an id that
 * defaultSelectionEntryId def names, their ids after pre (their links' ids): as is_default
 * (bs-tree.c) decides on an entry's options, read once per group for the count of defaults
 * that name none. */
static bool t_has_default(const struct tpl *t, const char *pre, const char *def)
{
	for (uint32_t i = 0; t && i < t->n; i++) {
		const struct tstep *s = &t->v[i];
		char *rel = xasprintf("%s%s%s%s", pre, s->lk ? s->lk->id : "", s->lk ? "::" : "",
		                      s->df ? s->df->id : "");
		bool found = s->df ? bs_is_default(rel, "", def)
		                   : t_has_default(s->kids[0], rel, def) ||
		                     t_has_default(s->kids[1], rel, def);
		free(rel);
		if (found)
			return true;
	}
	return false;
}

/* A selectionEntryGroup g of file fi as a choice, reached through `link` of file lfi or not,
 * at walk depth depth. */
static int t_group(struct bsb *b, struct tsteps *out, size_t fi, xmlNodePtr g, size_t lfi,
                   xmlNodePtr link, int depth)
{
	struct bsctx *c = b->c;
	struct bsgroup *gd = group_read(c, fi, g);
	const struct bslink *lk = link ? group_link_read(c, lfi, link, g) : NULL;
	if (gd->id == NULL || (lk && lk->id == NULL))
		BSFAIL(c, c->f[link ? lfi : fi].path, link ? link : g, "%s",
		       _("a selection entry group or entry link needs an id"));
	if (lk == NULL && gd->hide == NULL)
		gd->hide = bs_group_hide(c, g, NULL);
	size_t here = out->n;
	struct tstep *t = t_new(out);
	t->gd = gd;
	t->lk = lk;
	t->line = (int32_t)(link ? xml_line(link) : xml_line(g));
	t->file = (uint32_t)(link ? lfi : fi);
	t->tf = (uint32_t)fi;
	int rc = 0;
	size_t afi = link ? lfi : fi;
	xmlNodePtr at = link ? link : g;
	const struct tpl *k0 = tpl_of(b, fi, g, afi, at, depth + 1, &rc);
	const struct tpl *k1 = rc == 0 && link ? tpl_of(b, lfi, link, afi, at, depth + 1, &rc) : NULL;
	if (rc)
		return -1;
	t = &out->v[here];
	t->kids[0] = k0;
	t->kids[1] = k1;
	/* The categories of the group and its link, added to each option it holds: read where
	 * it holds one, as every place then reads them. */
	if ((gd->cats || (lk && lk->cats)) && ((k0 && k0->members) || (k1 && k1->members))) {
		size_t *cats = NULL, n = 0;
		uint32_t primary = 0;
		rc = bs_category_links(c, fi, g, &cats, &n, &primary) ||
		     (link && bs_category_links(c, lfi, link, &cats, &n, &primary)) ? -1 : 0;
		if (rc == 0 && n) {
			size_t *keep = arena_alloc(&c->sys->bs->arena, n, sizeof(*keep));
			memcpy(keep, cats, n * sizeof(*cats));
			t = &out->v[here];
			t->gcats = keep;
			t->n_gcats = (uint32_t)n;
		}
		free(cats);
		if (rc)
			return -1;
	}
	const char *def = gd->def;
	if (def && strcmp(def, "none") != 0 && !gd->def_counted &&
	    !t_has_default(k0, "", def) && !t_has_default(k1, "", def)) {
		gd->def_counted = true;
		c->sys->bs->unknown_defaults++;
	}
	return 0;
}

static int t_link(struct bsb *b, struct tsteps *out, size_t fi, xmlNodePtr link, int depth)
{
	struct bsctx *c = b->c;
	if (depth >= BS_DEPTH_MAX)
		BSFAIL(c, c->f[fi].path, link,
		       _("links under entry '%s' nest more than %d deep (a cycle of links?)"),
		       b->e->name, BS_DEPTH_MAX);
	/* its target, looked up the first time a place in a catalogue reaches it */
	struct bslink *lk = link_of(c, link);
	if (lk->target == NULL || lk->home != b->home) {
		bool group = xml_prop_is(link, "type", "selectionEntryGroup");
		char *t = xml_prop(link, "targetId");
		size_t tf = fi;
		xmlNodePtr target = bs_lookup(c, fi, b->home, 0, t, &tf);
		if (target == NULL ||
		    !xml_is(target, group ? "selectionEntryGroup" : "selectionEntry")) {
			diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(link), xml_col(link), NULL,
			          NULL, _("entry link names %s '%s', which no file it sees defines"),
			          group ? "selectionEntryGroup" : "selectionEntry", t ? t : "");
			free(t);
			return -1;
		}
		free(t);
		lk->target = target;
		lk->tf = tf;
		lk->home = b->home;
		lk->group = group;
	}
	bool group = lk->group; /* read once, not at each of its places */
	xmlNodePtr target = lk->target;
	size_t tf = lk->tf;
	long saved = b->site_line;
	if (tf != b->home && fi == b->home)
		b->site_line = xml_line(link);
	int rc = group ? t_group(b, out, tf, target, fi, link, depth)
	               : t_option(b, out, tf, target, fi, link, depth);
	b->site_line = saved;
	return rc;
}

/* The sizes of template t from its steps: options made, choices, options links make, how deep
 * it nests, whether it makes a model or an option of its parent. */
static uint32_t tpl_sum(struct tpl *t)
{
	uint32_t over = UINT32_MAX;
	for (uint32_t i = 0; i < t->n; i++) {
		const struct tstep *s = &t->v[i];
		const struct tpl *k0 = s->kids[0], *k1 = s->kids[1];
		uint32_t size = sat_add(k0 ? k0->size : 0, k1 ? k1->size : 0);
		uint32_t need = 0;
		for (int k = 0; k < 2; k++)
			if (s->kids[k] && s->kids[k]->need + 1 > need)
				need = s->kids[k]->need + 1;
		/* within a link, everything it makes is a link's; else what links make below */
		uint32_t linked = s->lk ? size : sat_add(k0 ? k0->linked : 0, k1 ? k1->linked : 0);
		if (s->df) {
			size = sat_add(size, 1);
			linked = s->lk ? sat_add(linked, 1) : linked;
			need = need ? need : 1; /* an option's own walk, even of nothing */
			t->members = true;
		} else {
			t->members |= (k0 && k0->members) || (k1 && k1->members);
		}
		t->size = sat_add(t->size, size);
		if (t->size > BS_ENTRY_OPTIONS_MAX && over == UINT32_MAX)
			over = i;
		t->linked = sat_add(t->linked, linked);
		t->choices = sat_add(t->choices, sat_add(s->df == NULL,
		                                         sat_add(k0 ? k0->choices : 0,
		                                                 k1 ? k1->choices : 0)));
		if (need > t->need)
			t->need = need;
		t->models |= (s->df && s->df->model) || (k0 && k0->models) || (k1 && k1->models);
	}
	return over;
}

/* The template of what stands under n (an entry, a group or a link) of file fi, in document
 * order, for the entries of b->home, walked at depth depth: read the first time, then the same
 * for every place (at, of file afi: the place, where a cycle is told). NULL and *rc -1 on a
 * fatal error, among them more options than an entry may have, told at the place that passes
 * the bound. */
static const struct tpl *tpl_of(struct bsb *b, size_t fi, xmlNodePtr n, size_t afi,
                                xmlNodePtr at, int depth, int *rc)
{
	struct bsctx *c = b->c;
	if (depth > BS_DEPTH_MAX) { /* a link at BS_DEPTH_MAX says more: a cycle of links? */
		diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(n), xml_col(n), NULL, NULL,
		          _("options nest more than %d deep under entry '%s'"), BS_DEPTH_MAX,
		          b->e->name);
		*rc = -1;
		return NULL;
	}
	struct tpl **slot = tpl_slot(c, fi, n, b->home);
	struct tpl *t = *slot;
	if (t) {
		/* met again within itself (a cycle of links), or too deep here */
		if (t->building)
			diags_add(c->d, SEV_FATAL, c->f[afi].path, xml_line(at), xml_col(at), NULL, NULL,
			          _("links under entry '%s' nest more than %d deep (a cycle of links?)"),
			          b->e->name, BS_DEPTH_MAX);
		else if ((uint32_t)depth + t->need > BS_DEPTH_MAX)
			diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(n), xml_col(n), NULL, NULL,
			          _("options nest more than %d deep under entry '%s'"), BS_DEPTH_MAX,
			          b->e->name);
		else
			return t;
		*rc = -1;
		return NULL;
		return t;
	}
	t = arena_alloc(&c->sys->bs->arena, 1, sizeof(*t));
	t->building = true;
	*slot = t;
	struct tsteps out = { 0 };
	for (xmlNodePtr sec = xml_first_elem(n); sec && *rc == 0; sec = xml_next_elem(sec)) {
		bool se = xml_is(sec, "selectionEntries"), sg = xml_is(sec, "selectionEntryGroups"),
		     el = xml_is(sec, "entryLinks");
		for (xmlNodePtr k = se || sg || el ? xml_first_elem(sec) : NULL; k && *rc == 0;
		     k = xml_next_elem(k))
			*rc = se ? t_option(b, &out, fi, k, 0, NULL, depth)
			    : sg ? t_group(b, &out, fi, k, 0, NULL, depth)
			         : t_link(b, &out, fi, k, depth);
	}
	if (out.n) {
		struct tstep *v = arena_alloc(&c->sys->bs->arena, out.n, sizeof(*v));
		memcpy(v, out.v, out.n * sizeof(*v));
		t->v = v;
		t->n = (uint32_t)out.n;
	}
	uint32_t over = *rc ? UINT32_MAX : tpl_sum(t);
	if (over != UINT32_MAX) {
		/* what its steps hold is freed with the reader's documents: the step's own place */
		const struct tstep *s = &t->v[over];
		diags_add(c->d, SEV_FATAL, c->f[s->file].path, s->line, 0, NULL, NULL,
		          _("entry '%s' has more than %d options"), b->e->name, BS_ENTRY_OPTIONS_MAX);
		*rc = -1;
	}
	free(out.v);
	t->building = false;
	return *rc ? NULL : t;
}

/* --- root entries ------------------------------------------------------------------------- */

/* The entry's profiles become its items (each once), its rules' names its note. */
static int root_infos(struct bsb *b, struct infos *in)
{
	struct entry *e = b->e;
	e->items = in->n_prof ? xcalloc(in->n_prof, sizeof(*e->items)) : NULL;
	struct idx *seen = idx_new(); /* a profile reached twice (its own and an info link) */
	for (size_t i = 0; i < in->n_prof; i++) {
		struct item *w = &e->items[e->n_items];
		if (bs_read_profile(b, in->prof_file[i], in->prof[i], w, NULL)) {
			e->n_items++; /* freed with the entry */
			idx_free(seen);
			return -1;
		}
		if (idx_add(seen, w->id, w) != 0) {
			free(w->id);
			free(w->name);
			item_vals_release(w->vals);
			memset(w, 0, sizeof(*w));
			continue;
		}
		e->n_items++;
	}
	idx_free(seen);
	if (in->rules.len)
		e->note = xasprintf("Rules: %s", in->rules.s);
	return 0;
}

/* Root entry e's templates tr (read from file fi, the root entry's place at): what its options
 * will be counted, within the bounds of bs-int.h, and tr kept for its first look-up when it has
 * any, their ids after kids. */
static int tree_keep(struct bsctx *c, struct entry *e, struct bs_tree *tr, const char *kids,
                     size_t fi, xmlNodePtr at)
{
	struct system *sys = c->sys;
	uint32_t linked = 0;
	for (int k = 0; k < 2; k++) {
		const struct tpl *t = tr->t[k];
		if (t == NULL)
			continue;
		tr->size = tr->size > UINT32_MAX - t->size ? UINT32_MAX : tr->size + t->size;
		tr->choices = tr->choices > UINT32_MAX - t->choices ? UINT32_MAX
		                                                    : tr->choices + t->choices;
		linked = linked > UINT32_MAX - t->linked ? UINT32_MAX : linked + t->linked;
		e->has_models |= t->models;
	}
	if (tr->size > BS_ENTRY_OPTIONS_MAX)
		BSFAIL(c, c->f[fi].path, at, _("entry '%s' has more than %d options"), e->name,
		       BS_ENTRY_OPTIONS_MAX);
	c->brought += linked;
	sys->bs->linked += linked;
	if (c->brought > BS_SYSTEM_LINKED_MAX)
		BSFAIL(c, c->f[fi].path, at,
		       _("the links of system '%s' bring more than %d options in all"), sys->id,
		       BS_SYSTEM_LINKED_MAX);
	sys->bs->options += tr->size;
	if (tr->size || tr->choices) {
		tr->prefix = arena_strndup(&e->catalog->arena, kids, strlen(kids));
		struct bs_tree *keep = arena_alloc(&sys->bs->arena, 1, sizeof(*keep));
		*keep = *tr;
		e->tree = keep;
	}
	return 0;
}

/* A root entry: selectionEntry se of file tf, reached through root entry link `link` of file fi
 * (NULL: se stands at the root of fi); in_group: se is a member of the group link names, and
 * the link's constraints, costs and children, which are the group's, are not se's. */
static int root_entry(struct bsctx *c, size_t fi, size_t tf, xmlNodePtr se, xmlNodePtr link,
                      bool in_group)
{
	struct catalog *cat = c->f[fi].cat;
	struct system *sys = c->sys;
	struct entry *e = &cat->entries[cat->n_entries++];
	memset(e, 0, sizeof(*e));
	struct bsb b = { c, e, fi, link ? xml_line(link) : xml_line(se) };
	char *sid = xml_prop(se, "id"), *lid = link ? xml_prop(link, "id") : NULL;
	if (sid == NULL || (link && lid == NULL)) {
		free(sid);
		free(lid);
		BSFAIL(c, c->f[fi].path, link ? link : se, "%s",
		       _("a selection entry or entry link needs an id"));
	}
	e->id = link ? xasprintf("%s::%s", lid, sid) : xstrdup(sid);
	char *kids = link ? xasprintf("%s::", lid) : xstrdup("");
	free(sid);
	free(lid);
	e->name = bs_name_of(se, e->id);
	e->local = xml_prop_is(link ? link : se, "import", "false");
	e->hidden = xml_prop_is(se, "hidden", "true") || (link && xml_prop_is(link, "hidden", "true"));
	e->type = xml_prop_is(se, "type", "model") ? ENTRY_MODEL
	          : xml_prop_is(se, "type", "upgrade") ? ENTRY_UPGRADE : ENTRY_UNIT;
	e->catalog = cat;
	e->group = &cat->groups[0];
	e->line = b.site_line;
	e->vals = arena_alloc(&cat->arena, sys->n_unit_attrs + 1, sizeof(*e->vals));
	e->kw = arena_alloc(&cat->arena, sys->kw_words, sizeof(kwword));
	e->costs = arena_alloc(&cat->arena, sys->n_costs + 1, sizeof(*e->costs));
	e->also = arena_alloc(&cat->arena, 1, sizeof(*e->also));
	e->vals[0].set = true;
	e->vals[0].s = xstrdup(e->group->id);
	/* Its constraints (a shared entry's linked at the root too) count in its force. */
	size_t first = sys->n_rules;
	bs_con_on(c, tf, se, e, NULL, NULL);
	bs_con_starts(se, e);
	if (link && !in_group) {
		bs_con_on(c, fi, link, e, NULL, NULL);
		bs_con_starts(link, e);
	}
	bs_mods_on(c, se, e);
	if (link)
		bs_mods_on(c, link, e);
	struct infos in = { 0 };
	int rc = read_costs(c, tf, se, e->costs) ||
	         (link && !in_group && read_costs(c, fi, link, e->costs)) ||
	         bs_category_links(c, tf, se, &e->cats, &e->n_cats, &e->primary) ||
	         (link && bs_category_links(c, fi, link, &e->cats, &e->n_cats, &e->primary)) ||
	         bs_collect_infos(&b, tf, se, &in, 0) || (link && bs_collect_infos(&b, fi, link, &in, 0)) ||
	         root_infos(&b, &in);
	struct bs_tree tr = { { NULL, NULL }, NULL, fi, 0, 0 };
	if (rc == 0)
		tr.t[0] = tpl_of(&b, tf, se, tf, se, 0, &rc);
	xmlNodePtr priced[2] = { se, link };
	if (rc == 0)
		e->infos = bs_infos_make(c, se, in.all, in.all_file, in.via, in.n_all, NULL, priced,
		                         link && !in_group ? 2 : 1);
	bs_infos_release(&in);
	if (rc == 0 && link && !in_group)
		tr.t[1] = tpl_of(&b, fi, link, fi, link, 0, &rc);
	if (rc == 0 && catalog_index_entry(e, c->d))
		rc = -1;
	if (rc) {
		free(kids);
		return -1;
	}
	/* Its options are made at its first look-up (bs_tree_make); what they are is known. */
	if (tree_keep(c, e, &tr, kids, fi, link ? link : se)) {
		free(kids);
		return -1;
	}
	free(kids);
	/* A selection of a unit of kinds of model is one unit (number 1): its entry's own cost
	 * is paid once, its models' costs on their own selections. */
	if (e->has_models) {
		e->unit_costs = e->costs;
		e->costs = arena_alloc(&cat->arena, sys->n_costs + 1, sizeof(*e->costs));
	}
	e->no = (uint32_t)++sys->n_entry_nos;
	if (idx_add(sys->entry_idx, e->id, e) == 0)
		return 0;
	/* Catalogues copied from one another share root link ids: the later entry is named by
	 * its catalogue too. */
	const struct entry *other = idx_get(sys->entry_idx, e->id);
	char *qualified = xasprintf("%s/%s", cat->id, e->id);
	if (other->catalog == cat || idx_add(sys->entry_idx, qualified, e) != 0) {
		free(qualified);
		BSFAIL(c, c->f[fi].path, link ? link : se, _("entry id '%s' is used twice in system '%s'"),
		       e->id, sys->id);
	}
	bs_con_rename(c, first, e->id, qualified);
	free(e->id);
	e->id = qualified;
	sys->bs->renamed_entries++;
	return 0;
}

/* Root entry link k of file fi: to a selection entry, that entry; to a selectionEntryGroup,
 * each selectionEntry of the group (the group's nested groups and links are not read yet). */
static int root_link(struct bsctx *c, size_t fi, xmlNodePtr k)
{
	bool group = xml_prop_is(k, "type", "selectionEntryGroup");
	char *t = xml_prop(k, "targetId");
	size_t tf = fi;
	xmlNodePtr target = bs_lookup(c, fi, fi, 0, t, &tf);
	if (target == NULL || !xml_is(target, group ? "selectionEntryGroup" : "selectionEntry")) {
		diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(k), xml_col(k), NULL, NULL,
		          _("entry link names %s '%s', which no file it sees defines"),
		          group ? "selectionEntryGroup" : "selectionEntry", t ? t : "");
		free(t);
		return -1;
	}
	free(t);
	if (!group)
		return root_entry(c, fi, tf, target, k, false);
	xmlNodePtr sec = xml_child(target, "selectionEntries");
	for (xmlNodePtr se = xml_first_elem(sec); se; se = xml_next_elem(se))
		if (root_entry(c, fi, tf, se, k, true))
			return -1;
	return 0;
}

int bs_root_entries(struct bsctx *c, size_t fi)
{
	xmlNodePtr root = c->f[fi].root;
	for (xmlNodePtr sec = xml_first_elem(root); sec; sec = xml_next_elem(sec)) {
		bool se = xml_is(sec, "selectionEntries");
		if (!se && !xml_is(sec, "entryLinks"))
			continue;
		for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k)) {
			if (se) {
				if (root_entry(c, fi, fi, k, NULL, false))
					return -1;
				continue;
			}
			if (root_link(c, fi, k))
				return -1;
		}
	}
	return 0;
}
