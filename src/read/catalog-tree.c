/* catalog-tree.c - faction catalogs: the option tree, shared options and links, held rules
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Options nest, stand in <choose> groups and link to the shared options of any catalog of
 * the system; a <rule> on an entry or option is held until the system's rules are read. Part
 * of the catalog reader split by job (catalog-int.h).
 */
#include "muster.h"
#include "catalog.h"
#include "catalog-int.h"
#include "lang.h"
#include "read-rules.h"
#include "system.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

/* Registers option o, the last of e->options read so far: -1 when its id is missing or taken
 * by an earlier option. */
static int register_option(struct entry *e, struct entry_option *o)
{
	if (o->id == NULL)
		return -1;
	if (e->option_idx)
		return idx_add(e->option_idx, o->id, o);
	size_t k = (size_t)(o - e->options);
	for (size_t i = 0; i < k; i++)
		if (e->options[i].id && strcmp(e->options[i].id, o->id) == 0)
			return -1;
	if (k + 1 > ENTRY_IDX_MIN) {
		e->option_idx = idx_new();
		for (size_t i = 0; i <= k; i++)
			idx_add(e->option_idx, e->options[i].id, &e->options[i]);
	}
	return 0;
}

/* min= and max= of an option, a choice or a link: each 0 to 1000, max="unbounded" for no limit
 * (OPTION_UNBOUNDED: the catalog sets none; rules may); def_min and def_max when absent. */
static int read_bounds(struct cparse *p, xmlNodePtr n, long def_min, long def_max, long *min,
                       long *max)
{
	char *mx = xml_prop(n, "max");
	bool unbounded = mx && strcmp(mx, "unbounded") == 0;
	free(mx);
	if (xml_prop_long(n, "min", 0, 1000, def_min, min, p->cat->file, p->d) ||
	    (!unbounded && xml_prop_long(n, "max", 0, 1000, def_max, max, p->cat->file, p->d)))
		return -1;
	if (unbounded)
		*max = OPTION_UNBOUNDED;
	return 0;
}

static int parse_option(struct cparse *p, struct entry *e, xmlNodePtr n, struct entry_option *o)
{
	struct option_more *m = o->more = xcalloc(1, sizeof(*o->more));
	o->id = xml_prop(n, "id");
	o->name = xml_name_lang(n, "name");
	o->line = xml_line(n);
	m->names = xml_names_all(n, "name", &p->cat->arena);
	if (xml_need(n, "id", o->id, p->cat->file, p->d))
		return -1;
	if (o->name == NULL)
		o->name = xstrdup(o->id);
	o->costs = arena_alloc(&p->cat->arena, p->sys->n_costs + 1, sizeof(*o->costs));
	if (read_bounds(p, n, 0, 1, &o->min, &o->max))
		return -1;
	if (o->min > o->max)
		CFAIL(n, _("option '%s' has min %ld above max %ld"), o->id, o->min, o->max);
	char *per = xml_prop(n, "per");
	o->per_model = per && strcmp(per, "model") == 0;
	free(per);
	m->item_id = xml_prop(n, "item");
	o->ref = xml_prop(n, "ref");
	o->target = m->item_id ? TARGET_ITEM : TARGET_UNIT;
	size_t nm = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		nm += xml_is(c, "modify");
	/* Most options change nothing: no array for them (an empty one was 95 bytes an option). */
	m->mods = nm ? xcalloc(nm, sizeof(*m->mods)) : NULL;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "modify")) {
			/* An option that names or adds an item changes that item. */
			bool item = m->item_id != NULL || xml_child(n, "item") != NULL;
			if (modifier_read(c, p->sys, item ? MOD_IN_OPTION_ITEM : MOD_IN_OPTION_UNIT,
			                  p->cat->file, &m->mods[m->n_mods], p->d))
				return -1;
			m->n_mods++;
			continue;
		}
		if (xml_is(c, "cost")) {
			if (cp_parse_costs(p, c, o->costs))
				return -1;
		} else if (xml_is(c, "categories")) {
			size_t nc = o->n_cats; /* fits 32 bits: a file's size is capped */
			int rc = cp_id_list(p, c, true, &o->cats, &nc);
			o->n_cats = (uint32_t)nc;
			if (rc)
				return -1;
		} else if (xml_is(c, "grant")) {
			if (cp_id_list(p, c, false, &m->grants, &m->n_grants))
				return -1;
		} else if (xml_is(c, "remove")) {
			if (cp_id_list(p, c, false, &m->removes, &m->n_removes))
				return -1;
		} else if (xml_is(c, "drop-item")) {
			char *t = xml_text(c);
			size_t k = 0;
			while (m->drops && m->drops[k])
				k++;
			m->drops = xreallocarray(m->drops, k + 2, sizeof(*m->drops));
			m->drops[k] = t;
			m->drops[k + 1] = NULL;
		} else if (xml_is(c, "item")) {
			if (o->adds)
				CFAIL(c, _("option '%s' adds more than one item"), o->id);
			o->adds = arena_alloc(&p->cat->arena, 1, sizeof(*o->adds));
			if (cp_parse_item(p, c, o->adds))
				return -1;
		}
	}
	if (register_option(e, o) != 0)
		CFAIL(n, _("option id '%s' is used twice in entry '%s'"), o->id, e->id);
	enum attr_on on = o->target == TARGET_ITEM ? ON_ITEM : ON_UNIT;
	for (size_t i = 0; i < m->n_grants; i++)
		if (p->sys->keywords[m->grants[i]].on != on)
			CFAIL(n, _("option '%s' grants keyword '%s' to the wrong kind of item"), o->id,
			      p->sys->keywords[m->grants[i]].id);
	return 0;
}

/* A <rule> standing on an entry or an option: a copy of its element, read once the system's
 * rules and named conditions are (catalog_rules), as a rule may name them. */
struct held_rule {
	xmlNodePtr node;
	char *file, *id;
	char *unit_entry;       /* an option's entry; NULL for a shared option's rule */
	enum attr_on on;
};

void cp_hold_rule(struct cparse *p, const struct entry *e, xmlNodePtr n, enum attr_on on,
                  const char *id)
{
	struct system *sys = p->sys;
	if (sys->held_doc == NULL)
		sys->held_doc = xmlNewDoc((const xmlChar *)"1.0");
	sys->held = xreallocarray(sys->held, sys->n_held + 1, sizeof(*sys->held));
	struct held_rule *h = &sys->held[sys->n_held++];
	h->node = xmlDocCopyNode(n, sys->held_doc, 1);
	h->file = xstrdup(p->cat->file);
	h->id = xstrdup(id);
	h->unit_entry = on == ON_OPTION && e != &p->cat->shared ? xstrdup(e->id) : NULL;
	h->on = on;
}

/* Options nest (an option of an option), stand in <choose> groups and link to shared ones:
 * one array in document order, each naming its parent. Deeper than this is refused. */
#define OPTION_DEPTH_MAX 32

static void count_tree(xmlNodePtr n, size_t *no, size_t *nc)
{
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		bool opt = xml_is(c, "option"), ch = xml_is(c, "choose");
		*no += opt || xml_is(c, "link");
		*nc += ch;
		if (opt || ch)
			count_tree(c, no, nc);
	}
}

/* Exactly as many as the tags: an option is 160 bytes, and most entries have a few. */
int cp_alloc_options(struct cparse *p, struct entry *e, xmlNodePtr n)
{
	size_t no = 0, nc = 0;
	count_tree(n, &no, &nc);
	if (no > UINT32_MAX / 2 || nc > UINT32_MAX / 2)
		CFAIL(n, "%s", _("too many options in one entry"));
	e->options = no ? xcalloc(no, sizeof(*e->options)) : NULL;
	e->choices = nc ? xcalloc(nc, sizeof(*e->choices)) : NULL;
	return 0;
}

static int parse_choose(struct cparse *p, struct entry *e, xmlNodePtr n, uint32_t up, int depth)
{
	struct opt_choice *ch = &e->choices[e->n_choices++];
	uint32_t self = (uint32_t)e->n_choices;
	ch->id = xml_prop(n, "id");
	ch->name = xml_name_lang(n, "name");
	ch->def_id = xml_prop(n, "default");
	ch->ref = xml_prop(n, "ref");
	ch->line = xml_line(n);
	ch->up = up;
	if (xml_need(n, "id", ch->id, p->cat->file, p->d))
		return -1;
	if (ch->name == NULL)
		ch->name = xstrdup(ch->id);
	if (read_bounds(p, n, 0, 1, &ch->min, &ch->max))
		return -1;
	if (ch->min > ch->max)
		CFAIL(n, _("choice '%s' has min %ld above max %ld"), ch->id, ch->min, ch->max);
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		if ((xml_is(c, "option") || xml_is(c, "link")) && cp_parse_tree(p, e, c, up, self, depth + 1))
			return -1;
	return 0;
}

/* <link option="ID"/>: a place for a shared option, filled by catalog_link once every catalog
 * is read. Its own min and max, when given, replace the shared option's. */
static int parse_link(struct cparse *p, struct entry *e, xmlNodePtr n, struct entry_option *o)
{
	o->link = xml_prop(n, "option");
	o->line = xml_line(n);
	if (xml_need(n, "option", o->link, p->cat->file, p->d))
		return -1;
	/* -1: not given, the shared option's own */
	if (read_bounds(p, n, -1, -1, &o->min, &o->max))
		return -1;
	e->has_links = true;
	return 0;
}

/* Element n of an entry (or of an option, or a <choose>): an option with what nests in it, a
 * link, or a choice. */
int cp_parse_tree(struct cparse *p, struct entry *e, xmlNodePtr n, uint32_t up,
                  uint32_t in_choice, int depth)
{
	if (depth >= OPTION_DEPTH_MAX)
		CFAIL(n, _("options nest more than %d deep"), OPTION_DEPTH_MAX);
	if (xml_is(n, "choose"))
		return parse_choose(p, e, n, up, depth);
	struct entry_option *o = &e->options[e->n_options++];
	uint32_t self = (uint32_t)e->n_options;
	o->up = up;
	o->in_choice = in_choice;
	if (xml_is(n, "link"))
		return parse_link(p, e, n, o);
	if (parse_option(p, e, n, o))
		return -1;
	o->model = cp_prop_true(n, "model");
	e->has_models |= o->model;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "rule"))
			cp_hold_rule(p, e, c, ON_OPTION, o->id);
		else if ((xml_is(c, "option") || xml_is(c, "link") || xml_is(c, "choose")) &&
		         cp_parse_tree(p, e, c, self, 0, depth + 1))
			return -1;
	}
	return 0;
}

/* <shared>: options written once, which entries of any catalog of the system <link> to. They
 * stand on the catalog's pseudo-entry cat->shared, never in a roster themselves. */
int cp_parse_shared(struct cparse *p, xmlNodePtr n)
{
	struct catalog *cat = p->cat;
	struct entry *e = &cat->shared;
	if (e->id)
		CFAIL(n, "%s", _("a catalog has at most one <shared>"));
	e->id = xstrdup(cat->id);
	e->name = xstrdup(cat->name);
	e->catalog = cat;
	e->line = xml_line(n);
	if (cp_alloc_options(p, e, n) != 0)
		return -1;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		if (xml_is(c, "option") && cp_parse_tree(p, e, c, 0, 0, 0))
			return -1;
	for (size_t i = 0; i < e->n_options; i++) {
		struct entry_option *o = &e->options[i];
		if (o->up != 0 || o->link)
			continue;
		struct shared_ref *ref = arena_alloc(&cat->arena, 1, sizeof(*ref));
		ref->home = e;
		ref->index = i;
		if (idx_add(p->sys->shared_idx, o->id, ref) != 0) {
			diags_add(p->d, SEV_FATAL, cat->file, o->line, 0, NULL, NULL,
			          _("shared option id '%s' is used twice in system '%s'"), o->id, p->sys->id);
			return -1;
		}
	}
	return 0;
}

/* --- links, once every catalog is read ------------------------------------------------------ */

/* An entry takes at most this many options, its links' included: nested links multiply. */
#define ENTRY_OPTIONS_MAX 100000
/* And a whole system at most this many by its links: each is a copy of about 200 bytes, and
 * a few lines of shared options linked from every entry of a catalog multiply (a 100 KB
 * catalog whose 400 entries link one option of 2,000 brought 800,000: 228 MB, 0.5 s). A
 * real game's links bring far fewer; one that needs more needs links that share, not copy. */
#define SYSTEM_LINKED_MAX 250000

static bool descends(const struct entry *h, size_t j, size_t s)
{
	for (uint32_t u = h->options[j].up; u; u = h->options[u - 1].up)
		if (u - 1 == s)
			return true;
	return false;
}

/* Copies h's choices that stand under its options [s, end) into e; map[i - s] is where h's
 * option i went in e. */
static void copy_choices(struct entry *e, const struct entry *h, size_t s, size_t end,
                         const size_t *map, uint32_t *cmap)
{
	for (size_t ci = 0; ci < h->n_choices; ci++) {
		const struct opt_choice *hc = &h->choices[ci];
		cmap[ci] = 0;
		if (hc->up == 0 || hc->up - 1 < s || hc->up - 1 >= end)
			continue;
		e->choices = xreallocarray(e->choices, e->n_choices + 1, sizeof(*e->choices));
		struct opt_choice *c = &e->choices[e->n_choices++];
		*c = *hc;
		c->id = xstrdup(hc->id);
		c->name = xstrdup(hc->name);
		c->def_id = hc->def_id ? xstrdup(hc->def_id) : NULL;
		c->ref = hc->ref ? xstrdup(hc->ref) : NULL;
		c->min_ref = hc->min_ref ? xstrdup(hc->min_ref) : NULL;
		c->linked = false; /* its strings are its own */
		c->up = (uint32_t)map[hc->up - 1 - s] + 1;
		c->def = 0;
		cmap[ci] = (uint32_t)e->n_choices;
	}
}

/* Fills e's link at k with the shared option it names, and appends that option's subtree. */
static int expand_link(const struct system *sys, struct entry *e, size_t k, size_t *brought,
                       struct diags *d)
{
	struct entry_option *o = &e->options[k];
	const struct shared_ref *ref = idx_get(sys->shared_idx, o->link);
	const char *file = e->catalog->file;
	if (ref == NULL) {
		diags_add(d, SEV_FATAL, file, o->line, 0, NULL, NULL,
		          _("<link> names shared option '%s', which no catalog of system '%s' has"),
		          o->link, sys->id);
		return -1;
	}
	size_t depth = 0;
	for (uint32_t u = o->up; u; u = e->options[u - 1].up)
		depth++;
	const struct entry *h = ref->home;
	size_t s = ref->index, end = s + 1;
	while (end < h->n_options && descends(h, end, s))
		end++;
	*brought += end - s;
	if (*brought > SYSTEM_LINKED_MAX) {
		diags_add(d, SEV_FATAL, file, o->line, 0, NULL, NULL,
		          _("the links of system '%s' bring more than %d options in all"), sys->id,
		          SYSTEM_LINKED_MAX);
		return -1;
	}
	if (depth >= OPTION_DEPTH_MAX || e->n_options + (end - s - 1) > ENTRY_OPTIONS_MAX) {
		diags_add(d, SEV_FATAL, file, o->line, 0, NULL, NULL,
		          _("links under entry '%s' nest more than %d deep or bring more than %d options "
		            "(a shared option that links to itself?)"),
		          e->id, OPTION_DEPTH_MAX, ENTRY_OPTIONS_MAX);
		return -1;
	}
	struct entry_option site = *o;
	*o = h->options[s];
	o->linked = true;
	o->link = NULL;
	o->up = site.up;
	o->in_choice = site.in_choice;
	o->line = site.line;
	if (site.min >= 0)
		o->min = site.min;
	if (site.max >= 0)
		o->max = site.max;
	free(site.link);
	if (o->min > o->max) {
		diags_add(d, SEV_FATAL, file, o->line, 0, NULL, NULL,
		          _("option '%s' has min %ld above max %ld"), o->id, o->min, o->max);
		return -1;
	}
	size_t n = end - s - 1, base = e->n_options;
	size_t *map = xcalloc(n + 1, sizeof(*map));
	uint32_t *cmap = xcalloc(h->n_choices + 1, sizeof(*cmap));
	map[0] = k;
	for (size_t i = 0; i < n; i++)
		map[i + 1] = base + i;
	copy_choices(e, h, s, end, map, cmap);
	e->options = xreallocarray(e->options, base + n, sizeof(*e->options));
	for (size_t i = 0; i < n; i++) {
		struct entry_option *c = &e->options[base + i];
		*c = h->options[s + 1 + i];
		if (c->link)
			c->link = xstrdup(c->link); /* expanded in its turn */
		else
			c->linked = true;
		c->up = (uint32_t)map[c->up - 1 - s] + 1;
		c->in_choice = c->in_choice ? cmap[c->in_choice - 1] : 0;
	}
	e->n_options = base + n;
	free(map);
	free(cmap);
	return 0;
}

/* Links option i of e after the last earlier option of its id (first): -1 when one of them
 * stands under the same parent, or when the id stands too often; said in d unless d is NULL.
 * e is const for an entry indexed at its first look-up (catalog_index_later): its options
 * are not, and only their chains change. */
static int chain_same(const struct entry *e, size_t first, size_t i, struct diags *d)
{
	const struct entry_option *o = &e->options[i];
	size_t k = first, n = 1;
	for (;; k = e->options[k].same - 1, n++) {
		if (e->options[k].up == o->up) {
			if (d)
				diags_add(d, SEV_FATAL, e->catalog->file, o->line, 0, NULL, NULL,
				          _("option id '%s' is used twice under one parent in entry '%s'"),
				          o->id, e->id);
			return -1;
		}
		if (e->options[k].same == 0)
			break;
	}
	if (n >= OPTION_SAME_MAX) {
		if (d)
			diags_add(d, SEV_FATAL, e->catalog->file, o->line, 0, NULL, NULL,
			          _("option id '%s' stands under more than %d parents in entry '%s'"),
			          o->id, OPTION_SAME_MAX, e->id);
		return -1;
	}
	e->options[k].same = (uint32_t)i + 1;
	return 0;
}

/* The options' indices sorted by id, then by index (e->by_id). */
static uint32_t *sort_options(const struct entry *e)
{
	struct key_at *v = xcalloc(e->n_options + 1, sizeof(*v));
	for (size_t i = 0; i < e->n_options; i++)
		v[i] = (struct key_at){ e->options[i].id, (uint32_t)i };
	uint32_t *by_id = key_order(v, e->n_options);
	free(v);
	return by_id;
}

/* The first option of the id of each option (its index), or itself: equal ids stand together
 * in by_id, in the order of their indices. */
static uint32_t *first_of_ids(const struct entry *e, const uint32_t *by_id)
{
	uint32_t *first = xcalloc(e->n_options + 1, sizeof(*first));
	for (size_t k = 0; k < e->n_options; k++) {
		uint32_t i = by_id[k];
		bool again = k > 0 && strcmp(e->options[by_id[k - 1]].id, e->options[i].id) == 0;
		first[i] = again ? first[by_id[k - 1]] : i;
	}
	return first;
}

/* Chains each option of e after the earlier ones of its id (by_id: e's options sorted, or
 * NULL: few enough to search). An id twice under one parent, or under too many, is said in d
 * and fails; with d NULL, that option stays out of its id's chain (the first is found) and
 * the others are chained. */
static int chain_options(const struct entry *e, const uint32_t *by_id, struct diags *d)
{
	for (size_t i = 0; i < e->n_options; i++)
		e->options[i].same = 0;
	uint32_t *first_at = by_id ? first_of_ids(e, by_id) : NULL;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		const struct entry_option *first = NULL;
		if (first_at && first_at[i] != i)
			first = &e->options[first_at[i]];
		for (size_t j = 0; !first_at && !first && j < i; j++)
			if (strcmp(e->options[j].id, o->id) == 0)
				first = &e->options[j];
		if (first && chain_same(e, (size_t)(first - e->options), i, d) && d)
			rc = -1;
	}
	free(first_at);
	return rc;
}

/* The options' index, made anew once links brought theirs. An id stands once under one
 * parent; under several (a shared option linked under two kinds of model) the index finds
 * the first, and each names the next (entry_option_under). */
static int index_options(struct entry *e, struct diags *d)
{
	idx_free(e->option_idx);
	e->option_idx = NULL;
	free(e->by_id);
	e->by_id = e->n_options > ENTRY_IDX_MIN ? sort_options(e) : NULL;
	return chain_options(e, e->by_id, d);
}

uint32_t *catalog_index_later(const struct entry *e)
{
	uint32_t *by_id = e->n_options > ENTRY_IDX_MIN ? sort_options(e) : NULL;
	chain_options(e, by_id, NULL);
	return by_id;
}

/* A choice's default is one of its options. */
static int resolve_choices(struct entry *e, struct diags *d)
{
	for (size_t ci = 0; ci < e->n_choices; ci++) {
		struct opt_choice *c = &e->choices[ci];
		if (c->def_id == NULL)
			continue;
		const struct entry_option *o = entry_option_under(e, c->def_id, c->up);
		if (o == NULL || o->in_choice != ci + 1) {
			diags_add(d, SEV_FATAL, e->catalog->file, c->line, 0, NULL, NULL,
			          _("choice '%s' has default '%s', which is not one of its options"), c->id,
			          c->def_id);
			return -1;
		}
		c->def = (uint32_t)(o - e->options) + 1;
	}
	return 0;
}

int catalog_index_entry(struct entry *e, struct diags *d)
{
	e->has_models = false;
	for (size_t k = 0; k < e->n_options; k++)
		e->has_models |= e->options[k].model;
	cp_entry_later(e);
	return cp_finish_items(e, 0, d);
}

int catalog_link(struct system *sys, struct diags *d)
{
	size_t brought = 0;
	for (size_t ci = 0; ci < sys->n_catalogs; ci++) {
		struct catalog *cat = sys->catalogs[ci];
		for (size_t i = 0; i < cat->n_entries; i++) {
			struct entry *e = &cat->entries[i];
			if (e->has_links) {
				for (size_t k = 0; k < e->n_options; k++)
					if (e->options[k].link && expand_link(sys, e, k, &brought, d))
						return -1;
				e->has_links = false;
				e->has_models = false;
				for (size_t k = 0; k < e->n_options; k++)
					e->has_models |= e->options[k].model;
				if (index_options(e, d) || cp_finish_items(e, 0, d))
					return -1;
			}
			if (resolve_choices(e, d))
				return -1;
		}
	}
	return 0;
}

/* --- rules standing on entries and options ------------------------------------------------- */

void catalog_rules_free(struct system *sys)
{
	for (size_t i = 0; i < sys->n_held; i++) {
		xmlFreeNode(sys->held[i].node); /* a copy, in no tree of held_doc's */
		free(sys->held[i].file);
		free(sys->held[i].id);
		free(sys->held[i].unit_entry);
	}
	free(sys->held);
	sys->held = NULL;
	sys->n_held = 0;
	if (sys->held_doc)
		xml_doc_free(sys->held_doc);
	sys->held_doc = NULL;
}

int catalog_rules(struct system *sys, struct diags *d)
{
	int rc = 0;
	for (size_t i = 0; i < sys->n_held; i++) {
		const struct held_rule *h = &sys->held[i];
		struct rule *r = rule_read_on(h->node, sys, h->file, h->on, h->id, h->unit_entry, d);
		if (r == NULL) {
			rc = -1; /* every bad rule at once, as the system's own */
			continue;
		}
		if (system_add_rule(sys, r, h->file, xml_line(h->node), xml_col(h->node), d) != 0)
			rc = -1;
	}
	catalog_rules_free(sys);
	return rc;
}
