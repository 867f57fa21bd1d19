/* bs-entries.c - BattleScribe entries: root entries, option trees, links, profiles
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A catalogue's root selectionEntries and entryLinks become its catalog's entries; what stands
 * under each (selectionEntries, selectionEntryGroups, entryLinks to shared entries and groups,
 * at any depth) becomes the entry's option tree, links followed where they stand, within the
 * bounds of bs-int.h. An option reached through links has BattleScribe's own entryId, the
 * ids of the links on its way and its own joined by "::" (as a roster names it). Each option is
 * a place of its selectionEntry's definition (struct bsdef, read once): its name, costs,
 * categories and item are the definition's, shared by every place, unless its link adds to
 * them. Part of the reader split by job (bs-int.h).
 */
#include "muster.h"
#include "bs-int.h"
#include "catalog.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int walk(struct bsb *b, size_t fi, xmlNodePtr n, const char *prefix, uint32_t up,
                uint32_t in_choice, int depth);

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

static int new_option(struct bsb *b, xmlNodePtr n, size_t fi, struct entry_option **out)
{
	struct entry *e = b->e;
	struct bsctx *c = b->c;
	if (e->n_options >= BS_ENTRY_OPTIONS_MAX)
		BSFAIL(c, c->f[fi].path, n, _("entry '%s' has more than %d options"), e->name,
		       BS_ENTRY_OPTIONS_MAX);
	c->sys->bs->linked += b->linked > 0;
	if (b->linked > 0 && ++c->brought > BS_SYSTEM_LINKED_MAX)
		BSFAIL(c, c->f[fi].path, n, _("the links of system '%s' bring more than %d options in all"),
		       c->sys->id, BS_SYSTEM_LINKED_MAX);
	GROW(e->options, b->cap_o, e->n_options + 1);
	*out = &e->options[e->n_options++];
	memset(*out, 0, sizeof(**out));
	return 0;
}

/* The id of element n (an entry or group) as a roster names it: prefix, then, through a link,
 * "LINK::" before n's id, in arena a (NULL: malloc'd); *kids the prefix of what it holds
 * (malloc'd), unless kids is NULL. nid_known and lid_known are n's and the link's ids when
 * already known (NULL: read here).
 * -1 when an id is missing. Joined by hand: a printf per option was a tenth of reading
 * Warhammer 40,000 10th edition. */
static int path_id(xmlNodePtr n, xmlNodePtr link, const char *nid_known, const char *lid_known,
                   const char *prefix, struct arena *a, char **id, char **kids)
{
	char *nid_read = nid_known ? NULL : xml_prop(n, "id");
	char *lid_read = link && !lid_known ? xml_prop(link, "id") : NULL;
	const char *nid = nid_known ? nid_known : nid_read;
	const char *lid = lid_known ? lid_known : lid_read;
	int rc = -1;
	if (nid && (link == NULL || lid)) {
		size_t pl = strlen(prefix), ll = lid ? strlen(lid) : 0, nl = strlen(nid);
		size_t kl = pl + (lid ? ll + 2 : 0);
		*id = a ? arena_alloc(a, kl + nl + 1, 1) : xmalloc(kl + nl + 1);
		memcpy(*id, prefix, pl);
		if (lid) {
			memcpy(*id + pl, lid, ll);
			memcpy(*id + pl + ll, "::", 2);
		}
		memcpy(*id + kl, nid, nl + 1);
		if (kids) {
			*kids = xmalloc(kl + 1);
			memcpy(*kids, *id, kl);
			(*kids)[kl] = '\0';
		}
		rc = 0;
	}
	free(nid_read);
	free(lid_read);
	return rc;
}

/* What every place of a selectionEntry shares: read once, the first time a place reaches it,
 * and kept in the system's arena, so that an entry linked from a thousand places is one name,
 * one costs array, one category list and one item (its first profile's) rather than a thousand
 * copies. Only what a place adds (a link's costs, categories, profiles) is made per place. */
struct bsdef {
	struct bs_origin origin; /* its places' def: its modifiers of itself, or NULL */
	char *name;
	long *costs;
	size_t *cats, n_cats;
	struct item *adds;      /* its first profile, or NULL */
	const struct bs_infos *infos; /* all its profiles and rules, page and publication */
	long min, max;          /* per parent, as its constraints give them (bs_read_bounds), */
	char *ref, *min_ref;    /* ... and the ids of those they come from (system's arena) */
	char *id;               /* its own id (system's arena) */
	bool model, collective, hidden; /* its type, collective and hidden attributes */
	bool kids;              /* it holds entries, groups or links (has_kids) */
	bool cons_done;         /* bs_con_on made what its constraints make on its places */
};

/* What an entry link adds to its target's definition (link_adds), for the places of df
 * reached from catalogue file home; made: it is read. */
struct bsadds {
	long *costs;            /* the definition's with the link's, or NULL: the definition's */
	size_t *cats, n_cats;   /* the definition's and the link's categories, when has_cats */
	bool has_cats;
	const struct bs_infos *infos;
	struct item *item;      /* the link's first profile, when df has none; else NULL */
	const struct bsdef *df;
	size_t home;
	bool made;
};

/* What every place reached through an entry link shares: read once, the first time a place
 * reaches the link, kept in the system's arena. Its address is those places' via. */
struct bslink {
	struct bs_origin origin; /* its places' via: its modifiers of its option, or NULL:
	                         * none (bs_own_mods) */
	xmlNodePtr target;      /* what it names, as seen from catalogue file home (follow_link), */
	size_t tf, home;        /* ... the file that defines it, and home; NULL: not looked up */
	bool group;             /* ... a selectionEntryGroup, its type says (else an entry) */
	bool read;              /* the rest is read (link_read: the link of an option) */
	char *id;               /* the link's id (system's arena), or NULL: it has none */
	bool collective, hidden; /* its collective and hidden attributes */
	bool kids;              /* it holds entries, groups or links (has_kids) */
	bool cons_done;         /* bs_con_on made what its constraints make on its places */
	struct bsadds adds;     /* what it adds to its target's definition */
	bool bounds;            /* its constraints give a min and max per parent (bs_read_bounds), */
	long min, max;          /* ... these, */
	char *ref, *min_ref;    /* ... and the ids of those they come from (system's arena) */
	const struct bs_hide *hide; /* a link to a group: its and the group's set-hidden mods, */
	bool cats;              /* ... and whether it links categories */
};

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

/* What link lk (link of file lfi) adds to definition df at its place in option o, read the
 * first time a place of df in a catalogue (home) reaches it: its info links are looked up
 * from there. */
static int link_adds(struct bsb *b, size_t lfi, xmlNodePtr link, struct bslink *lk,
                     const struct bsdef *df, struct entry_option *o)
{
	const struct bsadds *ad = &lk->adds;
	if (!(ad->made && ad->df == df && ad->home == b->home) &&
	    link_adds_read(b, lfi, link, df, lk))
		return -1;
	if (ad->costs)
		o->costs = ad->costs;
	if (ad->has_cats) {
		o->cats = ad->cats;
		o->n_cats = ad->n_cats;
	}
	o->infos = ad->infos;
	if (ad->item)
		o->adds = ad->item;
	return 0;
}

/* A selectionEntry se of file fi as an option, reached through entry link `link` of file lfi
 * (NULL: where it stands): a place of its definition, its id the path of links to it. */
static int add_option(struct bsb *b, size_t fi, xmlNodePtr se, size_t lfi, xmlNodePtr link,
                      const char *prefix, uint32_t up, uint32_t in_choice, int depth)
{
	struct bsctx *c = b->c;
	struct entry_option *o;
	if (new_option(b, se, fi, &o))
		return -1;
	uint32_t self = (uint32_t)b->e->n_options;
	char *kids = NULL;
	struct bsdef *df = def_known(se);
	struct bslink *lk = link ? link_of(c, link) : NULL;
	if (lk && !lk->read)
		lk = NULL; /* read below */
	/* walk says when options nest too deep, even where none stand */
	bool deep = depth + 1 > BS_DEPTH_MAX;
	/* the prefix of what it holds, unless it is known to hold nothing */
	bool holds = df == NULL || df->kids || (link && (lk == NULL || lk->kids)) || deep;
	if (path_id(se, link, df ? df->id : NULL, lk ? lk->id : NULL, prefix,
	            &b->e->catalog->arena, &o->id, holds ? &kids : NULL) != 0)
		BSFAIL(c, c->f[link ? lfi : fi].path, link ? link : se, "%s",
		       _("a selection entry or entry link needs an id"));
	o->linked = true; /* its strings and arrays are the definition's or the catalog's arena's */
	if (df == NULL)
		df = def_read(b, fi, se);
	if (df == NULL) {
		free(kids);
		return -1;
	}
	if (link && lk == NULL)
		lk = link_read(c, lfi, link);
	o->name = df->name;
	o->def = &df->origin;
	o->via = lk ? &lk->origin : NULL;
	o->costs = df->costs;
	o->cats = df->cats;
	o->n_cats = df->n_cats;
	o->adds = df->adds;
	o->infos = df->infos;
	/* the definition's bounds, read once, unless the link has its own */
	o->min = df->min;
	o->max = df->max;
	o->ref = df->ref;
	o->min_ref = df->min_ref;
	o->up = up;
	o->in_choice = in_choice;
	o->target = TARGET_UNIT;
	o->model = df->model;
	o->collective = df->collective || (lk && lk->collective);
	o->hidden = df->hidden || (lk && lk->hidden);
	o->line = link ? bs_line_of(b, lfi, link) : bs_line_of(b, fi, se);
	int rc = 0;
	if (lk && lk->bounds) {
		o->min = lk->min;
		o->max = lk->max;
		o->ref = lk->ref;
		o->min_ref = lk->min_ref;
	}
	if (link)
		rc = link_adds(b, lfi, link, lk, df, o);
	/* A min above the max is read as it is, as BattleScribe does (add_group). */
	/* What its constraints make stands on every place of it: made at the first. */
	if (rc == 0 && !df->cons_done) {
		bs_con_on(c, fi, se, b->e, o, o->def);
		df->cons_done = true;
	}
	if (rc == 0 && lk && !lk->cons_done) {
		bs_con_on(c, lfi, link, b->e, o, o->via);
		lk->cons_done = true;
	}
	if (rc == 0 && (df->kids || deep))
		rc = walk(b, fi, se, kids, self, 0, depth + 1);
	if (rc == 0 && lk && (lk->kids || deep))
		rc = walk(b, lfi, link, kids, self, 0, depth + 1);
	free(kids);
	return rc ? -1 : 0;
}

/* Whether option id is the one BattleScribe's defaultSelectionEntryId def names, in a group
 * whose options' ids start with kids: the entry's own, or the link's, or the link's target. */
static bool is_default(const char *id, const char *kids, const char *def)
{
	size_t kl = strlen(kids), dl = strlen(def), il = strlen(id);
	if (strncmp(id, kids, kl) == 0 && strncmp(id + kl, def, dl) == 0 &&
	    (id[kl + dl] == '\0' || strncmp(id + kl + dl, "::", 2) == 0))
		return true;
	return il > dl + 2 && strcmp(id + il - dl, def) == 0 && strncmp(id + il - dl - 2, "::", 2) == 0;
}

/* The categories of group g of file fi (and of `link` of file lfi, when not NULL) added to
 * those of each option it holds, from options[first], at the group's level: a selection in a
 * group is of the group's categories too. Only when either has any (has_cats). */
static int group_cats(struct bsb *b, size_t fi, xmlNodePtr g, size_t lfi, xmlNodePtr link,
                      size_t first, uint32_t up)
{
	struct entry *e = b->e;
	for (size_t i = first; i < e->n_options; i++) {
		struct entry_option *o = &e->options[i];
		if (o->up != up)
			continue;
		size_t n = o->n_cats, *cats = xreallocarray(NULL, n + 1, sizeof(*cats));
		if (n)
			memcpy(cats, o->cats, n * sizeof(*cats));
		uint32_t primary = 0;
		int rc = bs_category_links(b->c, fi, g, &cats, &n, &primary) ||
		         (link && bs_category_links(b->c, lfi, link, &cats, &n, &primary));
		o->cats = arena_alloc(&e->catalog->arena, n + 1, sizeof(*cats));
		memcpy(o->cats, cats, n * sizeof(*cats));
		o->n_cats = n;
		free(cats);
		if (rc)
			return -1;
	}
	return 0;
}

/* What every place of a selectionEntryGroup shares, read the first time a place reaches it,
 * in the system's arena: kept in its node's _private (bs-int.h). */
struct bsgroup {
	char *id, *name, *def;  /* NULL: it has none (its defaultSelectionEntryId: def) */
	bool hidden;
	long min, max;          /* as its constraints give them (bs_read_bounds), */
	char *ref, *min_ref;    /* ... and the ids of those they come from */
	const struct bs_hide *hide; /* its set-hidden modifiers, where it stands */
	bool def_counted;       /* its default, which none of its options is, is counted */
	bool cats;              /* it links categories */
};

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

/* A selectionEntryGroup g of file fi as a choice, reached through `link` of file lfi or not. */
static int add_group(struct bsb *b, size_t fi, xmlNodePtr g, size_t lfi, xmlNodePtr link,
                     const char *prefix, uint32_t up, int depth)
{
	struct bsctx *c = b->c;
	struct entry *e = b->e;
	GROW(e->choices, b->cap_c, e->n_choices + 1);
	struct opt_choice *ch = &e->choices[e->n_choices++];
	memset(ch, 0, sizeof(*ch));
	uint32_t self = (uint32_t)e->n_choices;
	char *kids;
	struct bsgroup *gd = group_read(c, fi, g);
	const struct bslink *lk = link ? group_link_read(c, lfi, link, g) : NULL;
	if (path_id(g, link, gd->id, lk ? lk->id : NULL, prefix, &e->catalog->arena, &ch->id,
	            &kids) != 0)
		BSFAIL(c, c->f[link ? lfi : fi].path, link ? link : g, "%s",
		       _("a selection entry group or entry link needs an id"));
	ch->linked = true; /* its id is in the catalog's arena, its name and refs the group's */
	ch->name = gd->name ? gd->name : ch->id;
	ch->up = up;
	ch->line = link ? bs_line_of(b, lfi, link) : bs_line_of(b, fi, g);
	ch->hidden = gd->hidden || (lk && lk->hidden);
	if (lk == NULL && gd->hide == NULL)
		gd->hide = bs_group_hide(c, g, NULL);
	const struct bs_hide *h = lk ? lk->hide : gd->hide;
	ch->hide = h->mods;
	ch->n_hide = h->n;
	bool own = lk && lk->bounds; /* the link's bounds replace the group's */
	ch->min = own ? lk->min : gd->min;
	ch->max = own ? lk->max : gd->max;
	ch->ref = own ? lk->ref : gd->ref;
	ch->min_ref = own ? lk->min_ref : gd->min_ref;
	/* A min above the max is read as it is, as BattleScribe does: what its min selects
	 * breaks its max, an error of the roster, not of the data. */
	const char *def = gd->def;
	size_t first = e->n_options;
	int rc = walk(b, fi, g, kids, up, self, depth + 1);
	if (rc == 0 && link)
		rc = walk(b, lfi, link, kids, up, self, depth + 1);
	if (rc == 0 && (gd->cats || (lk && lk->cats)))
		rc = group_cats(b, fi, g, lfi, link, first, up);
	ch = &e->choices[self - 1];
	bool found = def == NULL || strcmp(def, "none") == 0;
	for (size_t i = first; rc == 0 && !found && i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		if (o->up != up || !is_default(o->id, kids, def))
			continue;
		found = true;
		if (o->in_choice == self) {
			ch->def_id = xstrdup(o->id);
			ch->def = (uint32_t)i + 1;
		}
		/* else the entry of a group within: that group's own default, if any */
	}
	if (rc == 0 && !found && !gd->def_counted) {
		gd->def_counted = true;
		c->sys->bs->unknown_defaults++;
	}
	free(kids);
	return rc;
}

static int follow_link(struct bsb *b, size_t fi, xmlNodePtr link, const char *prefix,
                       uint32_t up, uint32_t in_choice, int depth)
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
	b->linked++;
	int rc = group ? add_group(b, tf, target, fi, link, prefix, up, depth)
	               : add_option(b, tf, target, fi, link, prefix, up, in_choice, depth);
	b->linked--;
	b->site_line = saved;
	return rc;
}

/* What stands under n (an entry, a group or a link), in document order. */
static int walk(struct bsb *b, size_t fi, xmlNodePtr n, const char *prefix, uint32_t up,
                uint32_t in_choice, int depth)
{
	if (depth > BS_DEPTH_MAX) /* a link at BS_DEPTH_MAX says more: a cycle of links? */
		BSFAIL(b->c, b->c->f[fi].path, n, _("options nest more than %d deep under entry '%s'"),
		       BS_DEPTH_MAX, b->e->name);
	for (xmlNodePtr sec = xml_first_elem(n); sec; sec = xml_next_elem(sec)) {
		bool se = xml_is(sec, "selectionEntries"), sg = xml_is(sec, "selectionEntryGroups"),
		     el = xml_is(sec, "entryLinks");
		for (xmlNodePtr k = se || sg || el ? xml_first_elem(sec) : NULL; k; k = xml_next_elem(k)) {
			int rc = se ? add_option(b, fi, k, 0, NULL, prefix, up, in_choice, depth)
			       : sg ? add_group(b, fi, k, 0, NULL, prefix, up, depth)
			            : follow_link(b, fi, k, prefix, up, in_choice, depth);
			if (rc)
				return -1;
		}
	}
	return 0;
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
			for (size_t v = 0; v < b->c->sys->n_item_attrs; v++)
				free(w->vals[v].s);
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
	struct bsb b = { c, e, fi, 0, 0, 0, 0, link ? xml_line(link) : xml_line(se) };
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
	         root_infos(&b, &in) || walk(&b, tf, se, kids, 0, 0, 0);
	xmlNodePtr priced[2] = { se, link };
	if (rc == 0)
		e->infos = bs_infos_make(c, se, in.all, in.all_file, in.via, in.n_all, NULL, priced,
		                         link && !in_group ? 2 : 1);
	bs_infos_release(&in);
	if (rc == 0 && link && !in_group)
		rc = walk(&b, fi, link, kids, 0, 0, 0);
	free(kids);
	/* An option with one not collective below it is instanced, as the reference engine
	 * (New Recruit's collective_recursive) decides: a child stands after its parent. */
	for (size_t i = e->n_options; i-- > 0; ) {
		const struct entry_option *o = &e->options[i];
		if (o->up && o->up <= i && (!o->collective || o->instanced))
			e->options[o->up - 1].instanced = true;
	}
	/* The arrays grew by doubling: give back what they did not use. */
	if (e->n_options)
		e->options = xreallocarray(e->options, e->n_options, sizeof(*e->options));
	if (e->n_choices)
		e->choices = xreallocarray(e->choices, e->n_choices, sizeof(*e->choices));
	if (rc || catalog_index_entry(e, c->d))
		return -1;
	/* A selection of a unit of kinds of model is one unit (number 1): its entry's own cost
	 * is paid once, its models' costs on their own selections. */
	if (e->has_models) {
		e->unit_costs = e->costs;
		e->costs = arena_alloc(&cat->arena, sys->n_costs + 1, sizeof(*e->costs));
	}
	sys->bs->options += e->n_options;
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
