/* bs-roster.c - BattleScribe 2.x rosters (.ros, .rosz) into the model
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The file is read whole with the safe XML reader (a .rosz unzipped by it). A unit's
 * selections are gathered into a tree first. Selections of one entry under one parent are
 * merged (their counts added, their children under the merged one), as BattleScribe counts
 * one selection of an entry whose options are all collective; an instanced entry's (one with
 * an option below it that is not collective: model.h) stay selections of their own, as
 * BattleScribe makes one for each (two Deckhands, each with its net). The tree is then laid
 * out in document order, a subtree after its root, as roster.c lays out a Muster unit's
 * options.
 */
#include "muster.h"
#include "bs-roster.h"
#include "bs-read.h"
#include "decimal.h"
#include "catalog.h"
#include "idx.h"
#include "roster.h"
#include "rx.h"
#include "session.h"
#include "util.h"
#include "xml.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One selection's number is at most this. */
#define BS_ROSTER_NUMBER_MAX 1000000L

/* A selection below a unit, merged with the others of its entry under the same parent. */
struct bsnode {
	const struct entry_option *opt;
	const char *id;             /* the first merged selection's id */
	long count;
	int32_t line, col;
	uint32_t first, last, next; /* 1 + node index of its first and last child, next sibling */
	uint32_t up;                /* 1 + node index of its parent; 0: the unit */
};

struct brp {
	struct roster *r;
	const struct system *sys;
	struct diags *d;
	size_t cap_lists;
	struct bsnode *nodes;
	size_t n_nodes, cap_nodes;
	/* Per option of the unit's entry: 1 + its node when stamp[k] is the unit's number. */
	uint32_t *seen;
	size_t *stamp, cap_seen, unit_no;
	struct r_option *flat;
	const char **flat_ids;      /* each flat option's selection id */
	size_t cap_flat, cap_flat_ids;
	bool lenient;               /* session_unknown_entry_error: a force of a catalogue left
	                             * out of the system is an error, left out (validate) */
};

#define BRFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(node), xml_col(node), NULL, NULL, \
		          __VA_ARGS__); \
		return -1; \
	} while (0)

bool bs_roster_file(const char *path)
{
	static const char *const ext[] = { ".ros", ".rosz" };
	size_t n = strlen(path);
	for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
		size_t k = strlen(ext[i]);
		if (n > k && strcasecmp(path + n - k, ext[i]) == 0)
			return true;
	}
	return false;
}

/* Attribute name of n as a whole number in [min, max] ("12" and "12.0"; def when absent). */
static int whole(struct brp *p, xmlNodePtr n, const char *name, long min, long max, long def,
                 long *out)
{
	char *v = xml_prop(n, name);
	if (v == NULL) {
		*out = def;
		return 0;
	}
	char *end;
	errno = 0;
	long x = strtol(v, &end, 10);
	bool ok = end != v && errno == 0;
	if (ok && *end == '.')
		for (end++; *end == '0'; end++)
			;
	if (!ok || *end || x < min || x > max) {
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s=\"%s\" is not a whole number from %ld to %ld"), name, v, min, max);
		free(v);
		return -1;
	}
	free(v);
	*out = x;
	return 0;
}

/* The costLimit n's value of cost type cd into *out (scaled): -1, none, for any negative one,
 * as BattleScribe reads it. */
static int cost_limit(struct brp *p, xmlNodePtr n, const struct cost_def *cd, long *out)
{
	char *v = xml_prop(n, "value");
	enum dec_status r = v ? dec_parse(v, cd->scale, -MUSTER_MAX_COST, MUSTER_MAX_COST, out)
	                      : DEC_OK;
	char hi[DEC_BUF];
	if (r == DEC_PRECISE)
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s=\"%s\": Muster reads at most %u decimal places here"), "value", v,
		          cd->scale);
	else if (r != DEC_OK)
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s=\"%s\" is not a number from %s to %s"), "value", v, "-1",
		          dec_format(MUSTER_MAX_COST, cd->scale, hi));
	if (r != DEC_OK || v == NULL || *out < 0)
		*out = -1;
	free(v);
	return r == DEC_OK ? 0 : -1;
}

/* The selection element s names no option of e under option want - 1 (0: the entry). */
static int no_such_selection(struct brp *p, xmlNodePtr s, const struct entry *e, uint32_t want,
                             const char *eid)
{
	char *name = xml_prop(s, "name");
	struct nearest nr;
	nearest_init(&nr, name ? name : eid);
	for (size_t i = 0; i < e->n_options; i++)
		if (e->options[i].up == want) {
			nearest_offer(&nr, e->options[i].name, e->options[i].id);
			nearest_offer(&nr, e->options[i].id, e->options[i].id);
		}
	char *dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
	diags_add(p->d, SEV_FATAL, p->r->file, xml_line(s), xml_col(s), NULL, NULL,
	          _("selection '%s' (entryId '%s') is no entry of '%s' where it stands%s"),
	          name ? name : "", eid, e->name, dym);
	free(dym);
	free(name);
	return -1;
}

/* The <selection>s of element n (a selection), below node up - 1 (0: the unit) of unit e. */
static int read_options(struct brp *p, xmlNodePtr n, const struct entry *e, uint32_t up)
{
	for (xmlNodePtr c = xml_first_elem(xml_child(n, "selections")); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "selection"))
			continue;
		uint32_t want = up ? (uint32_t)(p->nodes[up - 1].opt - e->options) + 1 : 0;
		char *eid = xml_prop(c, "entryId");
		const struct entry_option *o = entry_option_under(e, eid ? eid : "", want);
		if (o == NULL) {
			no_such_selection(p, c, e, want, eid ? eid : "");
			free(eid);
			return -1;
		}
		free(eid);
		long number;
		if (whole(p, c, "number", 1, BS_ROSTER_NUMBER_MAX, 1, &number))
			return -1;
		size_t k = (size_t)(o - e->options);
		uint32_t at;
		/* merged with the last of its option under the same parent, unless instanced */
		if (p->stamp[k] == p->unit_no && !o->instanced && p->nodes[p->seen[k] - 1].up == up) {
			at = p->seen[k];
			struct bsnode *nd = &p->nodes[at - 1];
			nd->count += number;
			if (nd->count > BS_ROSTER_NUMBER_MAX)
				BRFAIL(c, _("'%s' is selected more than %ld times on one unit"), o->name,
				       BS_ROSTER_NUMBER_MAX);
		} else {
			if (p->n_nodes >= BS_ROSTER_SELECTIONS_MAX)
				BRFAIL(c, _("a unit holds more than %d selections"), BS_ROSTER_SELECTIONS_MAX);
			GROW(p->nodes, p->cap_nodes, p->n_nodes + 1);
			struct bsnode *nd = &p->nodes[p->n_nodes++];
			memset(nd, 0, sizeof(*nd));
			nd->opt = o;
			nd->id = xml_prop_in(c, "id", &p->r->pool);
			nd->count = number;
			nd->up = up;
			nd->line = (int32_t)xml_line(c);
			nd->col = (int32_t)xml_col(c);
			at = (uint32_t)p->n_nodes;
			p->stamp[k] = p->unit_no;
			p->seen[k] = at;
			if (up) {
				struct bsnode *par = &p->nodes[up - 1];
				if (par->last)
					p->nodes[par->last - 1].next = at;
				else
					par->first = at;
				par->last = at;
			}
		}
		/* Depth is bounded by the catalog's: each level must match it. */
		if (read_options(p, c, e, at))
			return -1;
	}
	return 0;
}

/* Nodes from first on, siblings, each followed by its subtree, under option up - 1. */
static void flatten(struct brp *p, uint32_t first, uint32_t up, size_t *n)
{
	for (uint32_t at = first; at; at = p->nodes[at - 1].next) {
		const struct bsnode *nd = &p->nodes[at - 1];
		GROW(p->flat, p->cap_flat, *n + 1);
		GROW(p->flat_ids, p->cap_flat_ids, *n + 1);
		p->flat_ids[*n] = nd->id;
		struct r_option *ro = &p->flat[(*n)++];
		memset(ro, 0, sizeof(*ro));
		ro->opt = nd->opt;
		ro->count = (int32_t)nd->count;
		ro->line = nd->line;
		ro->col = nd->col;
		ro->up = up;
		flatten(p, nd->first, (uint32_t)*n, n);
	}
}

/* An entry of the system of that id, the catalogue's own first (a root entry whose id an
 * earlier catalogue has is CATALOGUE/ID: bs-entries.c). */
static const struct entry *find_entry(const struct system *sys, const struct r_list *l,
                                      const char *eid)
{
	if (l->faction) {
		char *q = xasprintf("%s/%s", l->faction->id, eid);
		const struct entry *e = entry_made(idx_get(sys->entry_idx, q));
		free(q);
		if (e)
			return e;
	}
	return entry_made(idx_get(sys->entry_idx, eid));
}

static int unknown_entry(struct brp *p, xmlNodePtr s, const char *eid)
{
	char *name = xml_prop(s, "name");
	struct nearest nr;
	nearest_init(&nr, name ? name : eid);
	for (size_t ci = 0; ci < p->sys->n_catalogs; ci++) {
		const struct catalog *cat = p->sys->catalogs[ci];
		for (size_t i = 0; i < cat->n_entries; i++) {
			nearest_offer(&nr, cat->entries[i].name, cat->entries[i].id);
			nearest_offer(&nr, cat->entries[i].id, cat->entries[i].id);
		}
	}
	char *dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
	diags_add(p->d, SEV_FATAL, p->r->file, xml_line(s), xml_col(s), NULL, NULL,
	          _("selection '%s': unknown entry '%s' in system '%s'%s"), name ? name : "", eid,
	          p->sys->id, dym);
	free(dym);
	free(name);
	return -1;
}

/* The customNotes of a force or selection n, BattleScribe's child element (an attribute in
 * older files), in the pool; NULL when it has none. */
static const char *custom_notes(xmlNodePtr n, struct arena *pool)
{
	xmlNodePtr c = xml_child(n, "customNotes");
	if (c == NULL)
		return xml_prop_in(n, "customNotes", pool);
	char *t = xml_text(c);
	const char *v = t && *t ? arena_strndup(pool, t, strlen(t)) : NULL;
	free(t);
	return v;
}

/* Unit u of l from selection s; *ids its options' selection ids. */
static int read_unit(struct brp *p, xmlNodePtr s, const struct r_list *l, struct r_unit *u,
                     const char ***ids)
{
	char *eid = xml_prop(s, "entryId");
	u->line = (int32_t)xml_line(s);
	u->col = (int32_t)xml_col(s);
	u->band = -1;
	u->entry = find_entry(p->sys, l, eid ? eid : "");
	if (u->entry == NULL) {
		unknown_entry(p, s, eid ? eid : "");
		free(eid);
		return -1;
	}
	free(eid);
	const struct entry *e = u->entry;
	struct arena *pool = &p->r->pool;
	char *sid = xml_prop(s, "id"), *name = xml_prop(s, "customName");
	u->names = r_unit_names(pool, sid, name);
	free(sid);
	free(name);
	const char *notes = custom_notes(s, pool);
	if (notes)
		r_unit_set_notes(p->r, u, notes);
	long number;
	if (whole(p, s, "number", 1, 100000, 1, &number))
		return -1;
	p->unit_no++;
	if (e->n_options > p->cap_seen) {
		size_t old = p->cap_seen;
		size_t cap = old;
		GROW(p->seen, cap, e->n_options);
		GROW(p->stamp, p->cap_seen, e->n_options);
		memset(p->stamp + old, 0, (p->cap_seen - old) * sizeof(*p->stamp));
		if (cap < p->cap_seen)
			p->seen = xreallocarray(p->seen, p->cap_seen, sizeof(*p->seen));
	}
	p->n_nodes = 0;
	if (read_options(p, s, e, 0))
		return -1;
	size_t n = 0;
	/* The unit's own selections (options standing on the entry), in the order they came. */
	uint32_t first = 0, last = 0;
	for (size_t i = 0; i < p->n_nodes; i++) {
		if (p->nodes[i].opt->up != 0)
			continue;
		if (last)
			p->nodes[last - 1].next = (uint32_t)i + 1;
		else
			first = (uint32_t)i + 1;
		last = (uint32_t)i + 1;
	}
	flatten(p, first, 0, &n);
	if (n) {
		u->opts = arena_alloc(pool, n, sizeof(*u->opts));
		memcpy(u->opts, p->flat, n * sizeof(*u->opts));
		u->n_opts = (uint32_t)n;
		*ids = arena_alloc(pool, n, sizeof(**ids));
		memcpy(*ids, p->flat_ids, n * sizeof(**ids));
	}
	long models = number;
	if (e->has_models) {
		long sum = 0;
		for (size_t i = 0; i < n; i++)
			if (u->opts[i].opt->model && (sum += u->opts[i].count) > 100000)
				BRFAIL(s, _("'%s' has more than %d models"), e->name, 100000);
		if (sum)
			models = sum;
	}
	u->models = (int32_t)models;
	return 0;
}

/* The force def of that id, or NULL. */
static const struct force_def *find_force(const struct system *sys, const char *id)
{
	for (size_t i = 0; i < sys->n_forces; i++)
		if (strcmp(sys->forces[i].id, id) == 0)
			return &sys->forces[i];
	return NULL;
}

static int force_refs(struct brp *p, xmlNodePtr f, struct r_list *l, const struct r_list *up)
{
	const struct system *sys = p->sys;
	char *fe = xml_prop(f, "entryId"), *cat = xml_prop(f, "catalogueId");
	l->force = find_force(sys, fe ? fe : "");
	if (l->force == NULL) {
		struct nearest nr;
		char *name = xml_prop(f, "name");
		nearest_init(&nr, name ? name : fe ? fe : "");
		for (size_t i = 0; i < sys->n_forces; i++) {
			nearest_offer(&nr, sys->forces[i].name, sys->forces[i].id);
			nearest_offer(&nr, sys->forces[i].id, sys->forces[i].id);
		}
		char *dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(f), xml_col(f), NULL, NULL,
		          _("unknown force entry '%s' in system '%s'%s"), fe ? fe : "", sys->id, dym);
		free(dym);
		free(name);
		free(fe);
		free(cat);
		return -1;
	}
	free(fe);
	l->faction = cat ? idx_get(sys->group_idx, cat) : up ? up->faction : NULL;
	const struct bs_left_out *lo = l->faction ? NULL : bs_left_out_find(sys, cat);
	if (lo) {
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(f), xml_col(f), NULL, NULL,
		          _("force '%s': its catalogue '%s' [%s] could not be loaded: %s (%s:%ld)"),
		          l->force->name, lo->name, lo->id, lo->why, lo->file, lo->line);
		free(cat);
		return -1;
	}
	if (l->faction == NULL) {
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(f), xml_col(f), NULL, NULL,
		          _("unknown catalogue '%s' in system '%s'"), cat ? cat : "", sys->id);
		free(cat);
		return -1;
	}
	free(cat);
	return 0;
}

/* The customName and customNotes of the categories of force f (its <categories>) into
 * l->cat_custom: Uncategorised's ("(No Category)"), then those of its forceEntry. */
static void force_cat_custom(const struct system *sys, xmlNodePtr f, struct r_list *l,
                             struct arena *pool)
{
	size_t n = l->force->n_cats + 1;
	size_t *slot = xcalloc(n, sizeof(*slot));
	struct idx *at = idx_new(); /* category id -> 1 + its place among the force's */
	for (size_t i = 0; i < n; i++) {
		slot[i] = i;
		idx_add(at, i ? sys->cats[l->force->cats[i - 1]].id : "(No Category)", &slot[i]);
	}
	for (xmlNodePtr c = xml_first_elem(xml_child(f, "categories")); c; c = xml_next_elem(c)) {
		char *eid = xml_prop(c, "entryId");
		const size_t *k = eid ? idx_get(at, eid) : NULL;
		free(eid);
		const char *name = k ? xml_prop_in(c, "customName", pool) : NULL;
		const char *notes = k ? custom_notes(c, pool) : NULL;
		if (name == NULL && notes == NULL)
			continue;
		if (l->cat_custom == NULL)
			l->cat_custom = arena_alloc(pool, 2 * n, sizeof(*l->cat_custom));
		l->cat_custom[2 * *k] = name;
		l->cat_custom[2 * *k + 1] = notes;
	}
	idx_free(at);
	free(slot);
}

/* Whether force f names a catalogue left out of the system (bs-leftout.c): then an error, and
 * the force and those within it are left out, the rest of the roster checked. */
static bool left_out_force(struct brp *p, xmlNodePtr f)
{
	char *cat = xml_prop(f, "catalogueId"), *name = xml_prop(f, "name");
	const struct bs_left_out *lo = cat && idx_get(p->sys->group_idx, cat) == NULL
	                               ? bs_left_out_find(p->sys, cat) : NULL;
	if (lo)
		diags_add(p->d, SEV_ERROR, p->r->file, xml_line(f), xml_col(f), NULL, NULL,
		          _("force '%s': its catalogue '%s' [%s] could not be loaded: %s (%s:%ld)"),
		          name ? name : "", lo->name, lo->id, lo->why, lo->file, lo->line);
	free(cat);
	free(name);
	return lo != NULL;
}

/* Force f, as list number li + 1 of the roster's, standing in list up - 1 (0: none). */
static int read_force(struct brp *p, xmlNodePtr f, uint32_t up, uint32_t depth)
{
	struct roster *r = p->r;
	const struct system *sys = p->sys;
	if (depth >= ROSTER_MAX_FORCE_DEPTH)
		BRFAIL(f, _("forces nest at most %d deep"), ROSTER_MAX_FORCE_DEPTH);
	if (p->lenient && left_out_force(p, f))
		return 0;
	GROW(r->lists, p->cap_lists, r->n_lists + 1);
	size_t li = r->n_lists++;
	struct r_list *l = &r->lists[li];
	memset(l, 0, sizeof(*l));
	l->up = up;
	l->depth = depth;
	l->line = xml_line(f);
	l->col = xml_col(f);
	l->id = xml_prop(f, "id");
	l->name = xml_prop(f, "name");
	l->custom_name = xml_prop_in(f, "customName", &r->pool);
	l->custom_notes = custom_notes(f, &r->pool);
	l->limits = xcalloc(sys->n_costs + 1, sizeof(*l->limits));
	l->fields = xcalloc(sys->n_fields + 1, sizeof(*l->fields));
	for (size_t i = 0; i < sys->n_costs; i++) {
		/* The roster's limits stand on its top forces too, for what each prints as left;
		 * check.c checks the roster's total against them. */
		l->limits[i] = up ? -1 : r->bs_limits[i];
		l->custom_limit |= l->limits[i] >= 0;
	}
	for (size_t i = 0; i < sys->n_fields; i++)
		l->fields[i] = sys->fields[i].scope == FIELD_ROSTER ? r->fields[i] : sys->fields[i].def;
	if (force_refs(p, f, l, up ? &r->lists[up - 1] : NULL))
		return -1;
	size_t cap = 0, cap_ids = 0;
	force_cat_custom(sys, f, l, &r->pool);
	for (xmlNodePtr c = xml_first_elem(xml_child(f, "selections")); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "selection"))
			continue;
		l = &r->lists[li];
		GROW(l->units, cap, l->n_units + 1);
		GROW(l->opt_ids, cap_ids, l->n_units + 1);
		l->opt_ids[l->n_units] = NULL;
		struct r_unit *u = &l->units[l->n_units++];
		memset(u, 0, sizeof(*u));
		if (read_unit(p, c, l, u, &l->opt_ids[l->n_units - 1]))
			return -1;
	}
	if (r->lists[li].units == NULL)
		r->lists[li].units = xcalloc(1, sizeof(*l->units));
	if (r->lists[li].opt_ids == NULL)
		r->lists[li].opt_ids = xcalloc(1, sizeof(*l->opt_ids));
	for (xmlNodePtr c = xml_first_elem(xml_child(f, "forces")); c; c = xml_next_elem(c))
		if (xml_is(c, "force") && read_force(p, c, (uint32_t)li + 1, depth + 1))
			return -1;
	return 0;
}

/* The root: its version, its system (through the session), its cost limits. */
static int roster_root(struct brp *p, struct session *s, xmlNodePtr root, bool *other)
{
	struct roster *r = p->r;
	if (root && root->ns && root->ns->href &&
	    strncmp((const char *)root->ns->href, "http://www.battlescribe.net/", 28) != 0) {
		*other = true;
		return -1;
	}
	if (root == NULL || !xml_is(root, "roster") || root->ns == NULL || root->ns->href == NULL ||
	    strcmp((const char *)root->ns->href, NS_BS_ROSTER) != 0) {
		diags_add(p->d, SEV_FATAL, r->file, root ? xml_line(root) : 0, 0, NULL, NULL,
		          _("not a BattleScribe roster: the root element is not <%s xmlns=\"%s\">"),
		          "roster", NS_BS_ROSTER);
		return -1;
	}
	r->line = xml_line(root);
	if (bs_version_check(root, r->file, p->d))
		return -1;
	r->name = xml_prop(root, "name");
	char *sysid = xml_prop(root, "gameSystemId");
	struct diags sd = DIAGS_INIT;
	const struct system *sys = session_system(s, sysid ? sysid : "", &sd);
	for (size_t i = 0; sys == NULL && i < sd.n; i++)
		if (sd.v[i].file == NULL) {
			/* Say which roster asked for it, at its line. */
			sd.v[i].file = xstrdup(r->file);
			sd.v[i].line = r->line;
		}
	diags_merge(p->d, &sd);
	diags_release(&sd);
	free(sysid);
	if (sys == NULL)
		return -1;
	r->sys = p->sys = sys;
	r->fields = xcalloc(sys->n_fields + 1, sizeof(*r->fields));
	for (size_t i = 0; i < sys->n_fields; i++)
		r->fields[i] = sys->fields[i].def;
	r->bs_limits = xcalloc(sys->n_costs + 1, sizeof(*r->bs_limits));
	for (size_t i = 0; i < sys->n_costs; i++)
		r->bs_limits[i] = -1;
	for (xmlNodePtr c = xml_first_elem(xml_child(root, "costLimits")); c; c = xml_next_elem(c)) {
		char *t = xml_prop(c, "typeId");
		const struct cost_def *cd = t ? idx_get(sys->cost_idx, t) : NULL;
		free(t);
		/* A limit of a type the system does not declare limits nothing (BattleScribe
		 * shows none). */
		if (cd && cost_limit(p, c, cd, &r->bs_limits[cd->index]))
			return -1;
	}
	return 0;
}

static struct roster *read_doc(struct session *s, xmlDocPtr doc, const char *path,
                               struct diags *d, bool *other)
{
	*other = false;
	struct roster *r = xcalloc(1, sizeof(*r));
	r->file = xstrdup(path);
	rx_budget_reset(RX_WORK_BUDGET);
	struct brp p = { 0 };
	p.r = r;
	p.d = d;
	p.lenient = session_unknown_entry_error(s);
	int rc = doc ? roster_root(&p, s, xmlDocGetRootElement(doc), other) : -1;
	for (xmlNodePtr c = rc ? NULL : xml_first_elem(xml_child(xmlDocGetRootElement(doc), "forces"));
	     c && rc == 0; c = xml_next_elem(c))
		if (xml_is(c, "force"))
			rc = read_force(&p, c, 0, 0);
	if (rc == 0 && r->lists == NULL)
		r->lists = xcalloc(1, sizeof(*r->lists));
	free(p.nodes);
	free(p.seen);
	free(p.stamp);
	free(p.flat);
	free(p.flat_ids);
	if (doc)
		xml_doc_free(doc);
	if (rc != 0) {
		roster_free(r);
		return NULL;
	}
	return r;
}

struct roster *bs_roster_read(struct session *s, const char *path, struct diags *d, bool *other)
{
	return read_doc(s, xml_load_file(path, d), path, d, other);
}

struct roster *bs_roster_read_memory(struct session *s, const char *buf, size_t len,
                                     const char *name, struct diags *d, bool *other)
{
	return read_doc(s, xml_load_memory(buf, len, name, d), name, d, other);
}
