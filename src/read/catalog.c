/* catalog.c - faction catalogs: groups, entries, items and options
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A catalog nests groups, one per level the system declares (say realm > faction > regiment);
 * an entry inherits from its groups the value of each level, so "the same regiment"
 * is an ordinary attribute comparison. Stats are the attributes the system declares, checked
 * by type here; keywords and categories must be declared by the system too.
 *
 * The reader is split by job (catalog-int.h): this file reads groups, entries and items,
 * loads and frees a catalog; catalog-tree.c reads the option tree (options, <choose>, <link>,
 * <shared>), fills links once every catalog is read, and reads the rules held on entries.
 */
#include "muster.h"
#include "catalog.h"
#include "catalog-int.h"
#include "lang.h"
#include "read-rules.h"
#include "data.h"
#include "idx.h"
#include "schemas.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

static void item_release(struct item *w)
{
	free(w->id);
	free(w->name);
	item_vals_release(w->vals);
}

/* Registers item w, the last of e->items read so far (options' items come after them all). */
static int register_item(struct entry *e, struct item *w)
{
	if (w->id == NULL)
		return -1;
	if (e->item_idx)
		return idx_add(e->item_idx, w->id, w);
	size_t k = (size_t)(w - e->items);
	for (size_t i = 0; i < k; i++)
		if (strcmp(e->items[i].id, w->id) == 0)
			return -1;
	if (k + 1 > ENTRY_IDX_MIN) {
		e->item_idx = idx_new();
		for (size_t i = 0; i <= k; i++)
			idx_add(e->item_idx, e->items[i].id, &e->items[i]);
	}
	return 0;
}

static int parse_entry(struct cparse *p, xmlNodePtr n, struct group *g)
{
	struct system *sys = p->sys;
	struct catalog *cat = p->cat;
	/* Sized once by catalog_load: the system's entry index points into this array. */
	if (cat->n_entries >= p->cap_entries)
		CFAIL(n, "%s", _("more entries than the file has <entry> tags"));
	struct entry *e = &cat->entries[cat->n_entries++];
	memset(e, 0, sizeof(*e));
	e->id = xml_prop(n, "id");
	e->name = xml_name_lang(n, "name");
	e->names = xml_names_all(n, "name", &cat->arena);
	e->catalog = cat;
	e->group = g;
	e->line = xml_line(n);
	if (xml_need(n, "id", e->id, cat->file, p->d) || xml_need(n, "name", e->name, cat->file, p->d))
		return -1;
	/* Not inherited: an invented group may hold an entry taken from the rules. */
	e->example = cp_prop_true(n, "example");
	/* The small arrays of a catalog come from its arena (util.h): a 10,000-entry catalog
	 * made 90,000 allocations of 8 to 168 bytes, a quarter of them malloc's overhead. */
	e->vals = arena_alloc(&cat->arena, sys->n_unit_attrs + 1, sizeof(*e->vals));
	e->kw = arena_alloc(&cat->arena, sys->kw_words, sizeof(kwword));
	e->costs = arena_alloc(&cat->arena, sys->n_costs + 1, sizeof(*e->costs));
	for (const struct group *q = g; q; q = q->parent) {
		struct value *v = &e->vals[sys->attrs[q->level].index];
		if (!v->set) {
			v->set = true;
			v->s = xstrdup(q->id);
		}
	}
	size_t nw = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		nw += xml_is(c, "item");
	e->items = nw ? xcalloc(nw, sizeof(*e->items)) : NULL;
	if (cp_alloc_options(p, e, n) != 0)
		return -1;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "cost")) {
			char *per = xml_prop(c, "per");
			long *to = e->costs;
			if (per && strcmp(per, "unit") == 0) {
				if (e->unit_costs == NULL)
					e->unit_costs = arena_alloc(&p->cat->arena, sys->n_costs + 1,
					                            sizeof(*e->unit_costs));
				to = e->unit_costs;
			}
			free(per);
			if (cp_parse_costs(p, c, to))
				return -1;
		} else if (xml_is(c, "stats")) {
			if (cp_parse_stats(p, c, ON_UNIT, e->vals))
				return -1;
		} else if (xml_is(c, "categories")) {
			if (cp_id_list(p, c, true, &e->cats, &e->n_cats))
				return -1;
		} else if (xml_is(c, "keywords")) {
			if (cp_parse_keywords(p, c, ON_UNIT, e->kw))
				return -1;
		} else if (xml_is(c, "item")) {
			struct item *w = &e->items[e->n_items++];
			if (cp_parse_item(p, c, w))
				return -1;
			if (register_item(e, w) != 0)
				CFAIL(c, _("item id '%s' is used twice in entry '%s'"), w->id ? w->id : "", e->id);
		} else if (xml_is(c, "option") || xml_is(c, "link") || xml_is(c, "choose")) {
			if (cp_parse_tree(p, e, c, 0, 0, 0))
				return -1;
		} else if (xml_is(c, "rule")) {
			cp_hold_rule(p, e, c, ON_UNIT, e->id);
		} else if (xml_is(c, "note")) {
			free(e->note);
			e->note = xml_text(c);
		} else if (xml_is(c, "also-in")) {
			char *gid = xml_prop(c, "group");
			if (gid == NULL)
				CFAIL(c, "%s", _("<also-in> needs group=\"GROUP\""));
			e->also_ids = xreallocarray(e->also_ids, e->n_also + 2, sizeof(*e->also_ids));
			e->also_ids[e->n_also++] = gid;
			e->also_ids[e->n_also] = NULL;
		}
	}
	e->also = arena_alloc(&cat->arena, e->n_also + 1, sizeof(*e->also));
	if (cp_check_required(p, n, ON_UNIT, e->vals))
		return -1;
	if (cp_finish_items(e, 0, p->d))
		return -1;
	if (idx_add(sys->entry_idx, e->id, e) != 0)
		CFAIL(n, _("entry id '%s' is used twice in system '%s'"), e->id, sys->id);
	e->no = (uint32_t)++sys->n_entry_nos;
	return 0;
}

/* A <group> starts: its attributes are read, its content comes element by element. */
static struct group *open_group(struct cparse *p, xmlNodePtr n, struct group *parent)
{
	struct system *sys = p->sys;
	struct catalog *cat = p->cat;
	if (cat->n_groups >= p->cap_groups) {
		diags_add(p->d, SEV_FATAL, cat->file, xml_line(n), xml_col(n), NULL, NULL, "%s",
		          _("more groups than the file has <group> tags"));
		return NULL;
	}
	struct group *g = &cat->groups[cat->n_groups++];
	g->id = xml_prop(n, "id");
	g->name = xml_name_lang(n, "name");
	g->names = xml_names_all(n, "name", &cat->arena);
	g->parent = parent;
	/* value_display and every printout show a level by its group's name. */
	if (xml_need(n, "name", g->name, cat->file, p->d))
		return NULL;
	g->example = cp_prop_true(n, "example");
	char *level = xml_prop(n, "level");
	const struct attr_def *a = idx_get(sys->attr_idx, level ? level : "");
	if (a == NULL || a->type != ATTR_LEVEL) {
		diags_add(p->d, SEV_FATAL, cat->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("'%s' is not a level of system '%s'"), level ? level : "", sys->id);
		free(level);
		return NULL;
	}
	free(level);
	g->level = (size_t)(a - sys->attrs);
	if (g->id == NULL || idx_add(sys->group_idx, g->id, g) != 0) {
		diags_add(p->d, SEV_FATAL, cat->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("group id '%s' is used twice in system '%s'"), g->id ? g->id : "", sys->id);
		return NULL;
	}
	return g;
}

static bool in_catalog_ns(xmlNodePtr n)
{
	return n->ns && n->ns->href && strcmp((const char *)n->ns->href, NS_CATALOG) == 0;
}

/* The catalog is read element by element (xml.h, xml_reader): a group's attributes when it
 * starts, each entry and note whole, validated, then freed. A 6.6 MiB catalog of 10,000
 * entries took 132 MB as one tree (libxml2's nodes are 15 to 20 times the XML); now the
 * model and one entry's tree at a time (47 MB, measured). */
static int read_catalog(struct cparse *p, struct xml_reader *r, const char *path)
{
	struct catalog *cat = p->cat;
	struct system *sys = p->sys;
	struct group **stack = NULL;
	size_t top = 0, cap = 0;
	xmlNodePtr n;
	int depth, ev, rc = 0;
	bool root = false;
	while (rc == 0 && (ev = xml_reader_next(r, &n, &depth)) > 0) {
		if (ev == XML_READ_END) {
			if (top > 0 && xml_is(n, "group") && in_catalog_ns(n))
				top--;
			continue;
		}
		if (depth == 0) {
			if (xml_check_root(n, "catalog", NS_CATALOG, path, p->d) != 0)
				return -1;
			char *sysid = xml_prop(n, "system");
			if (sysid == NULL || strcmp(sysid, sys->id) != 0) {
				diags_add(p->d, SEV_FATAL, path, xml_line(n), xml_col(n), NULL, NULL,
				          _("catalog is for system '%s', not '%s'"), sysid ? sysid : "", sys->id);
				free(sysid);
				return -1;
			}
			free(sysid);
			cat->id = xml_prop(n, "id");
			cat->name = xml_prop(n, "name");
			cat->revision = xml_prop(n, "revision");
			if (xml_need(n, "id", cat->id, path, p->d) || xml_need(n, "name", cat->name, path, p->d))
				return -1;
			root = true;
			continue;
		}
		if (!root || !in_catalog_ns(n) || (size_t)depth != top + 1) {
			/* Not ours (a foreign namespace) or inside an element taken whole. */
			xmlNodePtr c = xml_reader_take(r);
			if (c == NULL)
				rc = -1;
			xml_reader_release(r, c);
			continue;
		}
		if (xml_is(n, "group")) {
			struct group *g = open_group(p, n, top ? stack[top - 1] : NULL);
			if (g == NULL) {
				rc = -1;
				break;
			}
			GROW(stack, cap, top + 1);
			stack[top++] = g;
		} else if (top == 0 && xml_is(n, "shared")) {
			xmlNodePtr c = xml_reader_take(r);
			rc = c ? cp_parse_shared(p, c) : -1;
			xml_reader_release(r, c);
		} else if (top > 0 && (xml_is(n, "entry") || xml_is(n, "note"))) {
			xmlNodePtr c = xml_reader_take(r);
			if (c == NULL) {
				rc = -1;
			} else if (xml_is(c, "entry")) {
				rc = parse_entry(p, c, stack[top - 1]);
			} else {
				free(stack[top - 1]->note);
				stack[top - 1]->note = xml_text(c);
			}
			xml_reader_release(r, c);
		} else {
			xmlNodePtr c = xml_reader_take(r);
			if (c == NULL)
				rc = -1;
			xml_reader_release(r, c);
		}
	}
	free(stack);
	if (rc == 0 && ev < 0)
		rc = -1;
	if (rc == 0 && !root) {
		diags_add(p->d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s", _("no root element"));
		rc = -1;
	}
	return rc;
}

/* Takes r (NULL: opening it failed, d says why) and closes it; a document read whole goes to
 * the system, which frees it with itself (sys->kept_docs). */
static struct catalog *load_reader(struct system *sys, struct xml_reader *r,
                                   const char *path, struct diags *d)
{
	struct catalog *cat = xcalloc(1, sizeof(*cat));
	cat->file = xstrdup(path);
	if (r == NULL)
		goto fail;
	/* Groups and entries are allocated once, at most as many as the file has tags, so that
	 * pointers to them (the system's indexes, entry->group, parents) stay valid. */
	struct cparse p = { sys, cat, d, xml_reader_count(r, "group"), xml_reader_count(r, "entry") };
	cat->groups = xcalloc(p.cap_groups + 1, sizeof(*cat->groups));
	cat->entries = xcalloc(p.cap_entries + 1, sizeof(*cat->entries));
	if (read_catalog(&p, r, path) != 0)
		goto fail;
	void *doc = xml_reader_close_keep(r);
	if (doc) {
		sys->kept_docs = xreallocarray(sys->kept_docs, sys->n_kept_docs + 1,
		                               sizeof(*sys->kept_docs));
		sys->kept_docs[sys->n_kept_docs++] = doc;
	}
	return cat;
fail:
	xml_reader_close(r);
	/* What was registered before the failure must not outlive the catalog. */
	for (size_t i = 0; i < cat->n_entries; i++)
		if (cat->entries[i].id)
			idx_del(sys->entry_idx, cat->entries[i].id, &cat->entries[i]);
	for (size_t i = 0; i < cat->n_groups; i++)
		if (cat->groups[i].id)
			idx_del(sys->group_idx, cat->groups[i].id, &cat->groups[i]);
	for (size_t i = 0; i < cat->shared.n_options; i++) {
		const char *id = cat->shared.options[i].id;
		const struct shared_ref *ref = id ? idx_get(sys->shared_idx, id) : NULL;
		if (ref && ref->home == &cat->shared)
			idx_del(sys->shared_idx, id, ref);
	}
	catalog_free(sys, cat);
	return NULL;
}

struct catalog *catalog_load(struct schemas *sc, struct system *sys, const char *path,
                             struct diags *d)
{
	const struct xml_schema *xs = schemas_get(sc, SCHEMA_CATALOG, d);
	struct xml_reader *r = xs ? xml_reader_open(path, "catalog", NS_CATALOG, xs, d) : NULL;
	return load_reader(sys, r, path, d);
}

struct catalog *catalog_load_memory(struct schemas *sc, struct system *sys, const char *buf,
                                    size_t len, const char *name, struct diags *d)
{
	const struct xml_schema *xs = schemas_get(sc, SCHEMA_CATALOG, d);
	struct xml_reader *r = xs ? xml_reader_open_memory(buf, len, name, "catalog", NS_CATALOG, xs, d)
	                          : NULL;
	return load_reader(sys, r, name, d);
}

void option_more_free(struct option_more *m)
{
	if (m == NULL)
		return;
	free(m->item_id);
	free(m->grants);
	free(m->removes);
	strv_free(m->drops);
	for (size_t k = 0; k < m->n_mods; k++)
		modifier_release(&m->mods[k]);
	free(m->mods);
	free(m);
}

static void option_release(struct entry_option *o)
{
	free(o->link);
	if (o->linked)
		return; /* the shared option's */
	free(o->id);
	free(o->name);
	free(o->cats);
	free(o->ref);
	free(o->min_ref);
	option_more_free(o->more);
	if (o->adds)
		item_release(o->adds);
}

static void entry_release(const struct system *sys, struct entry *e)
{
	free(e->id);
	free(e->name);
	free(e->note);
	if (e->vals)
		for (size_t j = 0; j < sys->n_unit_attrs; j++)
			value_release(&e->vals[j]);
	free(e->cats);
	strv_free(e->also_ids);
	for (size_t j = 0; j < e->n_items; j++)
		item_release(&e->items[j]);
	free(e->items);
	for (size_t j = 0; j < e->n_options; j++)
		option_release(&e->options[j]);
	free(e->options);
	for (size_t j = 0; j < e->n_choices; j++) {
		free(e->choices[j].def_id);
		if (e->choices[j].linked)
			continue;
		free(e->choices[j].id);
		free(e->choices[j].name);
		free(e->choices[j].ref);
		free(e->choices[j].min_ref);
	}
	free(e->choices);
	for (size_t j = 0; j < e->n_mods; j++)
		modifier_release(&e->mods[j]);
	free(e->mods);
	idx_free(e->option_idx);
	free(e->by_id);
	idx_free(e->item_idx);
	free(e->items_by_id);
	cp_entry_later_free(e);
}

void catalog_free(const struct system *sys, struct catalog *cat)
{
	if (cat == NULL)
		return;
	for (size_t i = 0; i < cat->n_entries; i++)
		entry_release(sys, &cat->entries[i]);
	entry_release(sys, &cat->shared);
	free(cat->entries);
	for (size_t i = 0; i < cat->n_groups; i++) {
		free(cat->groups[i].id);
		free(cat->groups[i].name);
		free(cat->groups[i].note);
	}
	free(cat->groups);
	free(cat->file);
	free(cat->id);
	free(cat->name);
	free(cat->revision);
	arena_release(&cat->arena);
	free(cat);
}
