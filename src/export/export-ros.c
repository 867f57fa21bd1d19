/* export-ros.c - a roster of a BattleScribe game system written as a BattleScribe 2.03 roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * roster, forces/force (a list; its child forces within; its forceEntry's page, publicationId,
 * rules and profiles; its catalogue's publications; its categories), selections/selection (a unit, its
 * options nested as the unit's are) with id, name, entryId, page, publicationId, number, type,
 * rules, profiles, costs and categories, the roster's costs and costLimits: what bs-roster.c
 * reads back to the same lists and fingerprint. Forces and selections are written in the
 * roster's order, as BattleScribe writes its roster (the order they were read or added in:
 * its list view sorts them, its file does not). The ids are the ones read (a force's, a
 * unit's, an option's), else made from the place in the roster ("mst-f2", "mst-f2-u3",
 * "mst-f2-u3-o4"), so that writing twice gives the same bytes. Written as text, with no libxml2, as the canonical XML is (export-xml.c).
 */
#include "muster.h"
#include "export.h"
#include "export-render.h"
#include "decimal.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void attr(struct strbuf *sb, const char *name, const char *value)
{
	strbuf_addf(sb, " %s=\"", name);
	strbuf_add_escaped(sb, value ? value : "");
	strbuf_adds(sb, "\"");
}

/* A root entry's id as BattleScribe knows it: without the CATALOGUE/ that the reader puts
 * before an id an earlier catalogue's entry has (bs-entries.c). */
static const char *bs_id(const struct entry *e)
{
	size_t n = strlen(e->catalog->id);
	if (strncmp(e->id, e->catalog->id, n) == 0 && e->id[n] == '/')
		return e->id + n + 1;
	return e->id;
}

/* A cost value as BattleScribe writes it (a Java double): "50.0", "0.25". */
static void value(struct strbuf *sb, int64_t v, unsigned scale)
{
	char buf[DEC_BUF];
	const char *s = dec_format(v, scale, buf);
	strbuf_addf(sb, " value=\"%s%s\"/>\n", s, strchr(s, '.') ? "" : ".0");
}

static int by_id(const void *a, const void *b)
{
	const struct cost_def *x = *(const struct cost_def *const *)a;
	const struct cost_def *y = *(const struct cost_def *const *)b;
	return strcmp(x->id, y->id);
}

/* The costs v of each cost type, but those of a type no entry of the data has while they are
 * 0, as BattleScribe leaves them out. The roster's (in == NULL) in the order the data declares
 * the types; a selection's as BattleScribe writes them: the types its entry's costs name, in
 * their order, then the others by id, as it gives every entry a zero cost of each of them
 * when it reads the data. */
static void costs(struct strbuf *sb, const struct system *sys, const int64_t *v,
                  const struct bs_infos *in, bool selection, int ind)
{
	const struct cost_def **order = xcalloc(sys->n_costs + 1, sizeof(*order));
	bool *done = xcalloc(sys->n_costs + 1, sizeof(*done));
	size_t n = 0;
	for (size_t i = 0; in && i < in->n_costs; i++) { /* each once (bs-infos.c) */
		done[in->costs[i]] = true;
		order[n++] = &sys->costs[in->costs[i]];
	}
	size_t declared = n;
	for (size_t c = 0; c < sys->n_costs; c++)
		if (!done[c])
			order[n++] = &sys->costs[c];
	if (selection && n - declared > 1)
		qsort(order + declared, n - declared, sizeof(*order), by_id);
	strbuf_addf(sb, "%*s<costs>\n", ind, "");
	for (size_t i = 0; i < n; i++) {
		const struct cost_def *cd = order[i];
		if (cd->unused && v[cd->index] == 0)
			continue;
		strbuf_addf(sb, "%*s<cost", ind + 2, "");
		attr(sb, "name", cd->name);
		attr(sb, "typeId", cd->id);
		value(sb, v[cd->index], cd->scale);
	}
	strbuf_addf(sb, "%*s</costs>\n", ind, "");
	free(done);
	free(order);
}

static void categories(struct strbuf *sb, const struct system *sys, const size_t *cats, size_t n,
                       uint32_t primary, const char *owner, int ind)
{
	if (n == 0)
		return;
	strbuf_addf(sb, "%*s<categories>\n", ind, "");
	for (size_t i = 0; i < n; i++) {
		const struct category_def *cd = &sys->cats[cats[i]];
		strbuf_addf(sb, "%*s<category", ind + 2, "");
		char *id = xasprintf("%s-c%zu", owner, i + 1);
		attr(sb, "id", id);
		free(id);
		attr(sb, "name", cd->name);
		attr(sb, "entryId", cd->id);
		attr(sb, "primary", primary == cats[i] + 1 ? "true" : "false");
		strbuf_adds(sb, "/>\n");
	}
	strbuf_addf(sb, "%*s</categories>\n", ind, "");
}

/* What a selection of a BattleScribe entry shows: its rules (with their descriptions), then its
 * profiles (with their characteristics), each with its page and publication, as BattleScribe
 * writes them before the selection's own selections. */
static void info_attrs(struct strbuf *sb, const struct bs_info *w)
{
	attr(sb, "id", w->id);
	attr(sb, "name", w->name);
	if (w->pub)
		attr(sb, "publicationId", w->pub);
	if (w->page)
		attr(sb, "page", w->page);
	attr(sb, "hidden", w->hidden ? "true" : "false");
}

static void infos(struct strbuf *sb, const struct bs_infos *in, int ind)
{
	for (int profiles = 0; in && profiles < 2; profiles++) {
		bool open = false;
		for (size_t i = 0; i < in->n; i++) {
			const struct bs_info *w = in->v[i];
			if ((w->type_id != NULL) != profiles || w->hidden)
				continue; /* a hidden one is not shown */
			if (!open)
				strbuf_addf(sb, "%*s<%s>\n", ind, "", profiles ? "profiles" : "rules");
			open = true;
			strbuf_addf(sb, "%*s<%s", ind + 2, "", profiles ? "profile" : "rule");
			info_attrs(sb, w);
			if (!profiles) {
				strbuf_addf(sb, ">\n%*s<description>", ind + 4, "");
				strbuf_add_escaped(sb, w->desc ? w->desc : "");
				strbuf_addf(sb, "</description>\n%*s</rule>\n", ind + 2, "");
				continue;
			}
			attr(sb, "typeId", w->type_id);
			attr(sb, "typeName", w->type_name);
			strbuf_adds(sb, ">\n");
			strbuf_addf(sb, "%*s<characteristics>\n", ind + 4, "");
			for (size_t k = 0; k < w->n_chars; k++) {
				strbuf_addf(sb, "%*s<characteristic", ind + 6, "");
				attr(sb, "name", w->chars[3 * k]);
				attr(sb, "typeId", w->chars[3 * k + 1]);
				strbuf_adds(sb, ">");
				strbuf_add_escaped(sb, w->chars[3 * k + 2] ? w->chars[3 * k + 2] : "");
				strbuf_adds(sb, "</characteristic>\n");
			}
			strbuf_addf(sb, "%*s</characteristics>\n%*s</profile>\n", ind + 4, "", ind + 2, "");
		}
		if (open)
			strbuf_addf(sb, "%*s</%s>\n", ind, "", profiles ? "profiles" : "rules");
	}
}

/* A force's or selection's customNotes, a child element as BattleScribe writes it. */
static void notes(struct strbuf *sb, const char *text, int ind)
{
	if (text == NULL)
		return;
	strbuf_addf(sb, "%*s<customNotes>", ind, "");
	strbuf_add_escaped(sb, text);
	strbuf_adds(sb, "</customNotes>\n");
}

/* A selection's page and publicationId, its entry's. */
static void info_page(struct strbuf *sb, const struct bs_infos *in)
{
	if (in && in->pub)
		attr(sb, "publicationId", in->pub);
	if (in && in->page)
		attr(sb, "page", in->page);
}

/* Where the options written stand: the evaluation (its caches fill as an option's own
 * modifiers are decided: no value of it changes), the list and the unit. */
struct at {
	struct eval *ev;
	size_t li;
	const struct eunit *eu;
};

static void options(struct strbuf *sb, const struct at *at, const char *const *ids, uint32_t up,
                    const char *owner, int ind);

/* Option k of the unit, and what it holds; ids the options' selection ids, or NULL. */
static void option(struct strbuf *sb, const struct at *at, const char *const *ids, size_t k,
                   const char *owner, int ind)
{
	const struct system *sys = at->ev->sys;
	const struct r_unit *u = at->eu->ru;
	const struct r_option *ro = &u->opts[k];
	const struct entry_option *o = ro->opt;
	char *id = ids && ids[k] ? xstrdup(ids[k]) : xasprintf("%s-o%zu", owner, k + 1);
	char *name = eval_option_name(at->ev, at->li, at->eu, ro);
	size_t n_cats = o->n_cats, *cats = eval_option_cats(at->ev, at->li, at->eu, ro, &n_cats);
	strbuf_addf(sb, "%*s<selection", ind, "");
	attr(sb, "id", id);
	attr(sb, "name", name ? name : o->name);
	attr(sb, "entryId", o->id);
	if (o->in_choice)
		attr(sb, "entryGroupId", u->entry->choices[o->in_choice - 1].id);
	info_page(sb, o->infos);
	strbuf_addf(sb, " number=\"%ld\"", (long)ro->count);
	attr(sb, "type", o->model ? "model" : "upgrade");
	strbuf_adds(sb, ">\n");
	infos(sb, o->infos, ind + 2);
	options(sb, at, ids, (uint32_t)k + 1, owner, ind + 2);
	int64_t *v = xcalloc(sys->n_costs + 1, sizeof(*v));
	for (size_t c = 0; c < sys->n_costs; c++)
		v[c] = eval_unit_option_cost(sys, at->eu, k, c);
	costs(sb, sys, v, o->infos, true, ind + 2);
	free(v);
	categories(sb, sys, cats ? cats : o->cats, n_cats, 0, id, ind + 2);
	strbuf_addf(sb, "%*s</selection>\n", ind, "");
	free(cats);
	free(name);
	free(id);
}

/* The options of u right under option up - 1 (0: the unit), each with its subtree, in the
 * unit's order; a training is none. */
static void options(struct strbuf *sb, const struct at *at, const char *const *ids, uint32_t up,
                    const char *owner, int ind)
{
	const struct r_unit *u = at->eu->ru;
	bool open = false;
	for (size_t k = r_option_child(u, up, up); k < u->n_opts; k = r_option_child(u, up, k + 1)) {
		if (u->opts[k].train)
			continue;
		if (!open)
			strbuf_addf(sb, "%*s<selections>\n", ind, "");
		open = true;
		option(sb, at, ids, k, owner, ind + 2);
	}
	if (open)
		strbuf_addf(sb, "%*s</selections>\n", ind, "");
}

/* Unit u's own line in every cost type into v: its models', or, when a modifier changed its
 * costs, its total less its options' lines. */
static void own_costs(const struct system *sys, const struct eunit *eu, int64_t *v)
{
	const struct r_unit *u = eu->ru;
	for (size_t c = 0; c < sys->n_costs; c++) {
		if (!eval_entry_cost(u->entry, u->models, c, &v[c]))
			v[c] = INT64_MAX;
		if (!eu->mod_line)
			continue;
		v[c] = eu->costs[c];
		for (size_t k = 0; k < u->n_opts && v[c] != INT64_MAX; k++)
			if (__builtin_sub_overflow(v[c], eval_unit_option_cost(sys, eu, k, c), &v[c]))
				v[c] = INT64_MAX;
	}
}

static void unit(struct strbuf *sb, const struct eval *ev, size_t li, size_t ui, int ind)
{
	const struct system *sys = ev->sys;
	const struct eunit *eu = &ev->lists[li].units[ui];
	const struct r_unit *u = &ev->r->lists[li].units[ui];
	const struct entry *e = u->entry;
	char *made = xasprintf("mst-f%zu-u%zu", li + 1, ui + 1);
	const char *id = r_unit_id(u) ? r_unit_id(u) : made;
	bool models = false;
	for (size_t k = 0; k < u->n_opts; k++)
		models |= u->opts[k].opt->model && u->opts[k].train == NULL;
	strbuf_addf(sb, "%*s<selection", ind, "");
	attr(sb, "id", id);
	attr(sb, "name", eval_unit_name(ev, eu));
	attr(sb, "entryId", bs_id(e));
	if (r_unit_label(u))
		attr(sb, "customName", r_unit_label(u));
	info_page(sb, e->infos);
	strbuf_addf(sb, " number=\"%ld\"", models ? 1L : (long)u->models);
	/* A BattleScribe entry's own type; one of Muster's: a unit when it has kinds of model. */
	static const char *const types[] = { "unit", "model", "upgrade" };
	attr(sb, "type", sys->bs ? types[e->type] : e->has_models ? "unit" : "model");
	strbuf_adds(sb, ">\n");
	notes(sb, r_unit_notes(ev->r, u), ind + 2);
	infos(sb, e->infos, ind + 2);
	const struct r_list *l = &ev->r->lists[li];
	struct at at = { (struct eval *)ev, li, eu };
	options(sb, &at, l->opt_ids ? l->opt_ids[ui] : NULL, 0, id, ind + 2);
	int64_t *v = xcalloc(sys->n_costs + 1, sizeof(*v));
	own_costs(sys, eu, v);
	costs(sb, sys, v, e->infos, true, ind + 2);
	free(v);
	categories(sb, sys, eu->cats, eu->n_cats, eval_unit_primary(ev, eu), id, ind + 2);
	strbuf_addf(sb, "%*s</selection>\n", ind, "");
	free(made);
}

static const struct catalog *catalog_of(const struct system *sys, const struct group *g)
{
	for (size_t i = 0; g && i < sys->n_catalogs; i++)
		if (strcmp(sys->catalogs[i]->id, g->id) == 0)
			return sys->catalogs[i];
	return NULL;
}

static void force(struct strbuf *sb, const struct eval *ev, size_t li, int ind);

/* A force's categories as BattleScribe lists them: Uncategorised (its "(No Category)"), then
 * those its forceEntry links, none of them primary, each with its customName and customNotes. */
static void force_categories(struct strbuf *sb, const struct system *sys, const struct r_list *l,
                             const char *owner, int ind)
{
	if (l->force == NULL)
		return;
	strbuf_addf(sb, "%*s<categories>\n", ind, "");
	for (size_t i = 0; i <= l->force->n_cats; i++) {
		char *id = xasprintf("%s-c%zu", owner, i);
		strbuf_addf(sb, "%*s<category", ind + 2, "");
		attr(sb, "id", id);
		free(id);
		const struct category_def *cd = i ? &sys->cats[l->force->cats[i - 1]] : NULL;
		attr(sb, "name", cd ? cd->name : "Uncategorised");
		attr(sb, "entryId", cd ? cd->id : "(No Category)");
		const char *name = l->cat_custom ? l->cat_custom[2 * i] : NULL;
		const char *text = l->cat_custom ? l->cat_custom[2 * i + 1] : NULL;
		if (name)
			attr(sb, "customName", name);
		attr(sb, "primary", "false");
		if (text == NULL) {
			strbuf_adds(sb, "/>\n");
			continue;
		}
		strbuf_adds(sb, ">\n");
		notes(sb, text, ind + 4);
		strbuf_addf(sb, "%*s</category>\n", ind + 2, "");
	}
	strbuf_addf(sb, "%*s</categories>\n", ind, "");
}

/* The publications of force li's catalogue, as BattleScribe lists them on a force: what the
 * reader of the roster names a selection's publication from. */
static void publications(struct strbuf *sb, const struct catalog *cat, int ind)
{
	if (cat == NULL || cat->n_pubs == 0)
		return;
	strbuf_addf(sb, "%*s<publications>\n", ind, "");
	for (size_t i = 0; i < cat->n_pubs; i++) {
		strbuf_addf(sb, "%*s<publication", ind + 2, "");
		attr(sb, "id", cat->pubs[2 * i]);
		attr(sb, "name", cat->pubs[2 * i + 1]);
		strbuf_adds(sb, "/>\n");
	}
	strbuf_addf(sb, "%*s</publications>\n", ind, "");
}

/* The forces right within force parent (SIZE_MAX: the roster's), in the roster's order. */
static void forces(struct strbuf *sb, const struct eval *ev, size_t parent, int ind)
{
	const struct roster *r = ev->r;
	size_t from = parent == SIZE_MAX ? 0 : parent + 1;
	uint32_t depth = parent == SIZE_MAX ? 0 : r->lists[parent].depth + 1;
	bool open = false;
	for (size_t k = from; k < r->n_lists && r->lists[k].depth >= depth; k = forces_end(r, k)) {
		if (!open)
			strbuf_addf(sb, "%*s<forces>\n", ind, "");
		open = true;
		force(sb, ev, k, ind + 2);
	}
	if (open)
		strbuf_addf(sb, "%*s</forces>\n", ind, "");
}

/* What force l shows: its forceEntry's rules and profiles, then the rules of its catalogue
 * cat (its root rules and the game system's, which BattleScribe lists on each force). */
static void force_infos(struct strbuf *sb, const struct r_list *l, const struct catalog *cat,
                        int ind)
{
	const struct bs_infos *own = l->force ? l->force->infos : NULL;
	const struct bs_infos *root = cat ? cat->rules : NULL;
	size_t n = (own ? own->n : 0) + (root ? root->n : 0);
	if (n == 0)
		return;
	struct bs_infos all = { .v = xcalloc(n, sizeof(*all.v)) };
	for (size_t i = 0; own && i < own->n; i++)
		all.v[all.n++] = own->v[i];
	for (size_t i = 0; root && i < root->n; i++)
		all.v[all.n++] = root->v[i];
	infos(sb, &all, ind);
	free(all.v);
}

/* Force li and the forces within it. */
static void force(struct strbuf *sb, const struct eval *ev, size_t li, int ind)
{
	const struct roster *r = ev->r;
	const struct r_list *l = &r->lists[li];
	const struct catalog *cat = catalog_of(r->sys, l->faction);
	char *made = xasprintf("mst-f%zu", li + 1);
	strbuf_addf(sb, "%*s<force", ind, "");
	attr(sb, "id", l->id ? l->id : made);
	attr(sb, "name", l->name ? l->name : l->force ? l->force->name : "");
	attr(sb, "entryId", l->force ? l->force->id : "");
	if (l->custom_name)
		attr(sb, "customName", l->custom_name);
	info_page(sb, l->force ? l->force->infos : NULL);
	attr(sb, "catalogueId", l->faction ? l->faction->id : "");
	attr(sb, "catalogueRevision", cat && cat->revision ? cat->revision : "0");
	attr(sb, "catalogueName", cat ? cat->name : "");
	strbuf_adds(sb, ">\n");
	notes(sb, l->custom_notes, ind + 2);
	force_infos(sb, l, cat, ind + 2);
	if (l->n_units) {
		strbuf_addf(sb, "%*s<selections>\n", ind + 2, "");
		for (size_t ui = 0; ui < l->n_units; ui++)
			unit(sb, ev, li, ui, ind + 4);
		strbuf_addf(sb, "%*s</selections>\n", ind + 2, "");
	}
	publications(sb, cat, ind + 2);
	force_categories(sb, r->sys, l, l->id ? l->id : made, ind + 2);
	free(made);
	forces(sb, ev, li, ind + 2);
	strbuf_addf(sb, "%*s</force>\n", ind, "");
}

void export_ros_list(const struct eval *ev, struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	strbuf_adds(sb, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<roster");
	attr(sb, "id", "mst-roster");
	attr(sb, "name", r->name ? r->name : "");
	attr(sb, "battleScribeVersion", "2.03");
	attr(sb, "gameSystemId", sys->id);
	attr(sb, "gameSystemName", sys->name);
	attr(sb, "gameSystemRevision", sys->revision ? sys->revision : "0");
	strbuf_adds(sb, " xmlns=\"http://www.battlescribe.net/schema/rosterSchema\">\n");
	int64_t *v = xcalloc(sys->n_costs + 1, sizeof(*v));
	for (size_t c = 0; c < sys->n_costs; c++) {
		v[c] = 0;
		for (size_t li = 0; li < ev->n_lists; li++)
			if (!num_add(v[c], ev->lists[li].totals[c], &v[c]))
				v[c] = INT64_MAX;
	}
	costs(sb, sys, v, NULL, false, 2);
	free(v);
	bool limits = false;
	for (size_t c = 0; r->bs_limits && c < sys->n_costs; c++)
		limits |= r->bs_limits[c] >= 0;
	if (limits) {
		strbuf_adds(sb, "  <costLimits>\n");
		for (size_t c = 0; c < sys->n_costs; c++) {
			if (r->bs_limits[c] < 0)
				continue;
			strbuf_adds(sb, "    <costLimit");
			attr(sb, "name", sys->costs[c].name);
			attr(sb, "typeId", sys->costs[c].id);
			value(sb, r->bs_limits[c], sys->costs[c].scale);
		}
		strbuf_adds(sb, "  </costLimits>\n");
	}
	forces(sb, ev, SIZE_MAX, 2);
	strbuf_adds(sb, "</roster>\n");
}
