/* roster.c - roster files: loading and resolving army lists
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "roster.h"
#include "campaign-model.h"
#include "ledger.h"
#include "catalog.h"
#include "data.h"
#include "idx.h"
#include "rx.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

struct pending_attach {
	size_t list, unit; /* the unit, by its list's index among the roster's and its own */
	const char *to;    /* the id it names */
};

struct rp {
	const struct system *sys;
	struct roster *r;
	struct diags *d;
	/* Duplicate options, in time linear in a unit's options: seen[k] == unit_no when the unit
	 * numbered unit_no took its entry's option k. Never cleared, only outnumbered. */
	size_t *seen, cap_seen, unit_no;
	/* The options of the unit being read, copied to the roster's pool when it ends. */
	struct r_option *opts;
	size_t cap_opts;
	/* The list being read. */
	size_t cap_units;
	/* At least as many as the units not yet read (xml_reader_count): a list's array is made
	 * that large at its first unit, so that it never moves as it grows (each move left its
	 * old block a hole in the heap: 7 MB of a 100,000-unit list), and fitted when it ends. */
	size_t units_left;
	/* The lists' ids, to the line of the list that gives each: an id names one list among
	 * all forces, child forces included (--list=ID, "in ID"). Made at the first id. */
	struct idx *list_ids;
	/* session_unknown_entry_error: a unit of an unknown entry is a violation, left out. */
	bool unknown_entry_error;
	/* The attach= of the units of the open lists, resolved to the units they name as each
	 * list ends (the unit keeps only the index); the ids in att_text until none is left. */
	struct pending_attach *att;
	size_t n_att, cap_att;
	struct arena att_text;
};

#define RFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		return -1; \
	} while (0)

/* The field element n names no field of the system: the fields it has, and the nearest. */
static void no_such_field(struct rp *p, xmlNodePtr n, const char *name)
{
	struct strbuf known = STRBUF_INIT;
	struct nearest nr;
	nearest_init(&nr, name);
	for (size_t i = 0; i < p->sys->n_fields; i++) {
		strbuf_addf(&known, "%s%s", i ? ", " : "", p->sys->fields[i].id);
		nearest_offer(&nr, p->sys->fields[i].id, p->sys->fields[i].id);
	}
	char *dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
	/* TRANSLATORS: "system 'S' has no field 'x'; did you mean 'y'? (known: y, z)" */
	diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
	          _("system '%s' has no field '%s'%s (known: %s)"), p->sys->id, name, dym,
	          known.s ? known.s : _("none"));
	free(dym);
	strbuf_release(&known);
}

static int parse_field(struct rp *p, xmlNodePtr n, enum field_scope scope, long *fields)
{
	char *name = xml_prop(n, "name");
	char *val = xml_prop(n, "value");
	const struct field_def *f = idx_get(p->sys->field_idx, name ? name : "");
	int rc = -1;
	if (f == NULL) {
		no_such_field(p, n, name ? name : "");
	} else if (f->scope != scope) {
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
		          scope == FIELD_LIST ? _("field '%s' belongs to the roster, not to a list")
		                              : _("field '%s' belongs to a list, not to the roster"),
		          f->id);
	} else if (f->type == ATTR_CHOICE) {
		for (size_t i = 0; val && i < f->n_choices; i++)
			if (strcmp(f->choices[i].id, val) == 0) {
				fields[f->index] = (long)i;
				rc = 0;
			}
		if (rc != 0) {
			struct strbuf sb = STRBUF_INIT;
			for (size_t i = 0; i < f->n_choices; i++)
				strbuf_addf(&sb, "%s%s", i ? ", " : "", f->choices[i].id);
			diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("field '%s' is one of %s, not '%s'"), f->id, sb.s, val ? val : "");
			strbuf_release(&sb);
		}
	} else if (f->type == ATTR_BOOL) {
		if (val && (strcmp(val, "true") == 0 || strcmp(val, "false") == 0)) {
			fields[f->index] = strcmp(val, "true") == 0;
			rc = 0;
		} else {
			diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("field '%s' is true or false, not '%s'"), f->id, val ? val : "");
		}
	} else if (parse_long(val, -1000000000L, 1000000000L, &fields[f->index]) == 0) {
		rc = 0;
	} else {
		diags_add(p->d, SEV_FATAL, p->r->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("field '%s' is a whole number, not '%s'"), f->id, val ? val : "");
	}
	free(name);
	free(val);
	return rc;
}

/* The option element c names no option of u's entry: what it could have said. */
static void no_such_option(struct rp *p, xmlNodePtr c, const struct r_unit *u, const char *oid)
{
	const struct entry *e = u->entry;
	struct strbuf sb = STRBUF_INIT;
	struct nearest nr;
	nearest_init(&nr, oid);
	for (size_t i = 0; i < e->n_options; i++) {
		strbuf_addf(&sb, "%s%s", i ? ", " : "", e->options[i].id);
		nearest_offer(&nr, e->options[i].id, e->options[i].id);
		nearest_offer(&nr, e->options[i].name, e->options[i].id);
	}
	char *dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
	diags_add(p->d, SEV_FATAL, p->r->file, xml_line(c), xml_col(c), NULL, NULL,
	          _("'%s' has no option '%s'%s (options: %s)"), e->name, oid, dym,
	          sb.s ? sb.s : _("none"));
	free(dym);
	strbuf_release(&sb);
}

/* The <option> children of n (the unit, or the option numbered up - 1 of the unit): each an
 * option of the entry that stands, in the catalog, right under what n is. */
static int parse_options(struct rp *p, xmlNodePtr n, const struct r_unit *u, uint32_t up,
                         size_t *n_opts)
{
	const struct entry *e = u->entry;
	const struct entry_option *parent = up ? p->opts[up - 1].opt : NULL;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "option"))
			continue;
		static const char *const names[] = { "id", "count" };
		const char *v[2];
		xml_props_in(c, names, 2, v, &p->r->pool);
		const char *oid = v[0];
		uint32_t want = parent ? (uint32_t)(parent - e->options) + 1 : 0;
		const struct entry_option *o = entry_option_under(e, oid ? oid : "", want);
		if (o == NULL)
			o = entry_option(e, oid ? oid : ""); /* under another parent: said below */
		if (o == NULL) {
			no_such_option(p, c, u, oid ? oid : "");
			return -1;
		}
		if (o->up != want) {
			if (o->up == 0)
				RFAIL(c, _("option '%s' stands on the unit, not under option '%s'"), o->id,
				      parent->id);
			RFAIL(c, _("option '%s' stands under option '%s' in the catalog: write it inside "
			           "that option's element"),
			      o->id, e->options[o->up - 1].id);
		}
		GROW(p->opts, p->cap_opts, *n_opts + 1);
		struct r_option *ro = &p->opts[(*n_opts)++];
		memset(ro, 0, sizeof(*ro));
		ro->opt = o;
		ro->up = up;
		ro->line = (int32_t)xml_line(c);
		ro->col = (int32_t)xml_col_on(c, ro->line);
		long count;
		if (xml_value_long(c, "count", v[1], 1, 1000, 1, &count, p->r->file, p->d))
			return -1;
		ro->count = (int32_t)count;
		size_t k = (size_t)(o - e->options);
		if (p->seen[k] == p->unit_no)
			RFAIL(c, _("option '%s' is listed twice on one unit: give it a count instead"),
			      o->id);
		p->seen[k] = p->unit_no;
		/* Depth is bounded by the catalog's: each level must match it. */
		if (parse_options(p, c, u, (uint32_t)*n_opts, n_opts))
			return -1;
	}
	return 0;
}

/* A unit of several kinds of model (a sergeant and troopers): its models are theirs. */
static int check_models(struct rp *p, const struct r_unit *u)
{
	long sum = 0;
	for (size_t i = 0; i < u->n_opts; i++)
		if (u->opts[i].opt->model)
			sum += u->opts[i].count;
	if (sum == u->models)
		return 0;
	diags_add(p->d, SEV_FATAL, p->r->file, u->line, u->col, NULL, NULL,
	          ngettext("'%s' has %ld model, but the models among its options count %ld",
	                   "'%s' has %ld models, but the models among its options count %ld",
	                   (unsigned long)u->models),
	          r_unit_name(u), (long)u->models, sum);
	return -1;
}

/* Returns 0, -1 on a fatal error, or 1 for a unit of an unknown entry that is a violation
 * (p->unknown_entry_error): reported, to be left out. */
static int parse_unit(struct rp *p, xmlNodePtr n, size_t li, size_t ui)
{
	struct r_unit *u = &p->r->lists[li].units[ui];
	/* Every attribute in one pass over them, where it lies: a unit is read 100,000 times
	 * in a large list, and a lookup each walked its attributes five times. */
	static const char *const names[] = { "entry", "id", "name", "attach", "models" };
	const char *v[5];
	xml_props_in(n, names, 5, v, &p->r->pool);
	const char *eid = v[0];
	u->line = (int32_t)xml_line(n);
	u->col = (int32_t)xml_col_on(n, u->line);
	u->entry = entry_made(idx_get(p->sys->entry_idx, eid ? eid : ""));
	if (u->entry == NULL) {
		struct strbuf sb = STRBUF_INIT;
		system_describe_unknown(p->sys, KNOWN_ENTRY, eid, &sb);
		if (p->unknown_entry_error)
			diags_add(p->d, SEV_ERROR, p->r->file, u->line, u->col, NULL, NULL,
			          _("unknown entry '%s' in system '%s'%s; the unit is left out of the "
			            "list and its costs"), eid ? eid : "", p->sys->id, sb.s);
		else
			diags_add(p->d, SEV_FATAL, p->r->file, u->line, u->col, NULL, NULL,
			          _("unknown entry '%s' in system '%s'%s"), eid ? eid : "", p->sys->id,
			          sb.s);
		strbuf_release(&sb);
		return p->unknown_entry_error ? 1 : -1;
	}
	u->names = r_unit_names(&p->r->pool, v[1], v[2]);
	if (v[3]) {
		GROW(p->att, p->cap_att, p->n_att + 1);
		p->att[p->n_att++] = (struct pending_attach){ li, ui,
			                                          arena_strndup(&p->att_text, v[3],
			                                                        strlen(v[3])) };
	}
	u->band = -1;
	long models;
	if (xml_value_long(n, "models", v[4], 1, 100000, 1, &models, p->r->file, p->d))
		return -1;
	u->models = (int32_t)models;
	p->unit_no++;
	if (u->entry->n_options > p->cap_seen) {
		size_t old = p->cap_seen;
		GROW(p->seen, p->cap_seen, u->entry->n_options);
		memset(p->seen + old, 0, (p->cap_seen - old) * sizeof(*p->seen));
	}
	size_t n_opts = 0;
	if (parse_options(p, n, u, 0, &n_opts))
		return -1;
	if (n_opts) {
		u->opts = arena_alloc(&p->r->pool, n_opts, sizeof(*u->opts));
		memcpy(u->opts, p->opts, n_opts * sizeof(*u->opts));
		u->n_opts = (uint32_t)n_opts;
	}
	return u->entry->has_models ? check_models(p, u) : 0;
}

/* A <list> starts: its attributes. Its children come one by one to list_child. A child force
 * (up, its parent read) takes its parent's size, limits, faction and list fields unless it
 * gives its own. */
static int list_begin(struct rp *p, xmlNodePtr n, struct r_list *l, const struct r_list *up)
{
	const struct system *sys = p->sys;
	l->line = xml_line(n);
	l->col = xml_col_on(n, l->line);
	l->id = xml_prop(n, "id");
	l->name = xml_prop(n, "name");
	if (l->id) {
		if (p->list_ids == NULL)
			p->list_ids = idx_new();
		/* The value is the line itself (at least 1): the lists' array moves as it grows. */
		uintptr_t at = (uintptr_t)idx_get(p->list_ids, l->id);
		if (at)
			RFAIL(n, _("list id '%s' is used twice in the roster (line %ld)"), l->id, (long)at);
		idx_add(p->list_ids, l->id, (void *)(uintptr_t)l->line);
	}
	l->limits = xcalloc(sys->n_costs + 1, sizeof(*l->limits));
	l->fields = xcalloc(sys->n_fields + 1, sizeof(*l->fields));
	for (size_t i = 0; i < sys->n_costs; i++)
		l->limits[i] = -1;
	for (size_t i = 0; i < sys->n_fields; i++)
		l->fields[i] = sys->fields[i].scope == FIELD_ROSTER ? p->r->fields[i] : sys->fields[i].def;
	if (up) {
		l->depth = up->depth + 1;
		l->size = up->size;
		l->faction = up->faction;
		memcpy(l->limits, up->limits, sys->n_costs * sizeof(*l->limits));
		memcpy(l->fields, up->fields, sys->n_fields * sizeof(*l->fields));
	}
	p->cap_units = 0;
	char *size = xml_prop(n, "size");
	if (size) {
		l->size = idx_get(sys->size_idx, size);
		if (l->size == NULL) {
			struct strbuf sb = STRBUF_INIT;
			system_describe_unknown(sys, KNOWN_SIZE, size, &sb);
			diags_add(p->d, SEV_FATAL, p->r->file, l->line, l->col, NULL, NULL,
			          _("unknown battle size '%s'%s"), size, sb.s);
			strbuf_release(&sb);
			free(size);
			return -1;
		}
		free(size);
		memcpy(l->limits, l->size->limits, sys->n_costs * sizeof(*l->limits));
	}
	char *faction = xml_prop(n, "faction");
	if (faction) {
		l->faction = idx_get(sys->group_idx, faction);
		if (l->faction == NULL) {
			struct strbuf sb = STRBUF_INIT;
			system_describe_unknown(sys, KNOWN_GROUP, faction, &sb);
			diags_add(p->d, SEV_FATAL, p->r->file, l->line, l->col, NULL, NULL,
			          _("unknown faction '%s' in system '%s'%s"), faction, sys->id, sb.s);
			strbuf_release(&sb);
			free(faction);
			return -1;
		}
		free(faction);
	}
	return 0;
}

/* A child of a list, whole: <limit>, <field> or <unit>. */
static int list_child(struct rp *p, xmlNodePtr c, struct r_list *l)
{
	const struct system *sys = p->sys;
	if (xml_is(c, "limit")) {
		char *ct = xml_prop(c, "cost");
		const struct cost_def *cd = ct ? idx_get(sys->cost_idx, ct)
		                          : sys->n_costs == 1 ? &sys->costs[0] : NULL;
		if (cd == NULL) {
			diags_add(p->d, SEV_FATAL, p->r->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("unknown cost type '%s' in system '%s'"), ct ? ct : "", sys->id);
			free(ct);
			return -1;
		}
		free(ct);
		if (xml_prop_long(c, "value", 0, MUSTER_MAX_COST, 0, &l->limits[cd->index], p->r->file,
		                  p->d))
			return -1;
		l->custom_limit = true;
	} else if (xml_is(c, "field")) {
		return parse_field(p, c, FIELD_LIST, l->fields);
	} else if (xml_is(c, "unit")) {
		/* Units are found by index, never by pointer, until the list ends: it may grow. */
		if (l->n_units == 0 && p->cap_units < p->units_left) {
			l->units = xreallocarray(l->units, p->units_left, sizeof(*l->units));
			p->cap_units = p->units_left;
		}
		GROW(l->units, p->cap_units, l->n_units + 1);
		memset(&l->units[l->n_units], 0, sizeof(*l->units));
		size_t ui = l->n_units++;
		int rc = parse_unit(p, c, (size_t)(l - p->r->lists), ui);
		if (rc > 0) {
			/* An unknown entry, a violation (session_unknown_entry_error): left out. */
			memset(&l->units[--l->n_units], 0, sizeof(*l->units));
			return 0;
		}
		return rc;
	}
	return 0;
}

/* The list's unit ids in an open-addressed table of unit indices + 1 (0: empty), a power of
 * two at least twice the ids: 1 MiB for 100,000 units, one hash and a probe or two each. The
 * hash is seeded anew for each table, so that a file cannot be written to make its ids
 * collide (libxml2's hash, under idx, does the same); the seed changes no result. */
struct id_table {
	uint32_t *slot;
	size_t mask;
	uint64_t seed;
};

static size_t id_hash(const struct id_table *t, const char *s)
{
	uint64_t h = 14695981039346656037u ^ t->seed; /* FNV-1a, 64 bits */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return (size_t)(h ^ (h >> 32));
}

/* The slot that holds id, or the empty one where it would go. */
static uint32_t *id_slot(const struct id_table *t, const struct r_unit *units, const char *id)
{
	size_t i = id_hash(t, id) & t->mask;
	while (t->slot[i] && strcmp(r_unit_id(&units[t->slot[i] - 1]), id) != 0)
		i = (i + 1) & t->mask;
	return &t->slot[i];
}

/* The list ends: its size or limit, unit ids and attachments. */
static int list_end(struct rp *p, xmlNodePtr n, struct r_list *l)
{
	if (l->size == NULL && !l->custom_limit && l->up == 0)
		RFAIL(n, "%s", _("a list needs a battle size (size=\"...\") or a custom <limit>"));
	if (l->units == NULL)
		l->units = xcalloc(1, sizeof(*l->units));
	else if (l->n_units < p->cap_units)
		/* Made for every unit the file may still hold (list_child): no unit is pointed to
		 * yet. */
		l->units = xreallocarray(l->units, l->n_units, sizeof(*l->units));
	p->units_left -= p->units_left < l->n_units ? p->units_left : l->n_units;
	/* Unit ids, then attachments, through a table of the ids, each unit entered in file
	 * order: a list may hold 100,000 units, so no unit is compared with every other. The
	 * first id found already entered is the first unit, in file order, whose id an earlier
	 * unit has; the table keeps the first unit of each id. */
	const struct r_unit *units = l->units;
	struct id_table t = { NULL, 15, (uintptr_t)&t };
	if (getrandom(&t.seed, sizeof(t.seed), GRND_NONBLOCK) != (ssize_t)sizeof(t.seed))
		t.seed ^= (uint64_t)l->n_units * 0x9e3779b97f4a7c15u; /* no entropy yet: the address */
	while (t.mask + 1 < 2 * (size_t)l->n_units)
		t.mask = t.mask * 2 + 1;
	t.slot = xcalloc(t.mask + 1, sizeof(*t.slot));
	int rc = 0;
	for (size_t i = 0; i < l->n_units && rc == 0; i++) {
		if (r_unit_id(&units[i]) == NULL)
			continue;
		uint32_t *at = id_slot(&t, units, r_unit_id(&units[i]));
		if (*at == 0) {
			*at = (uint32_t)i + 1;
			continue;
		}
		diags_add(p->d, SEV_FATAL, p->r->file, l->line, l->col, NULL, NULL,
		          _("unit id '%s' is used twice in one list (line %ld)"),
		          r_unit_id(&units[i]), (long)units[i].line);
		rc = -1;
	}
	/* This list's attachments, in file order; those of the lists around it stay. */
	size_t li = (size_t)(l - p->r->lists), kept = 0;
	for (size_t k = 0; k < p->n_att; k++) {
		const struct pending_attach *a = &p->att[k];
		if (a->list != li) {
			p->att[kept++] = *a;
			continue;
		}
		struct r_unit *u = &l->units[a->unit];
		uint32_t to = rc == 0 ? *id_slot(&t, units, a->to) : 0;
		if (rc == 0 && (to == 0 || to - 1 == a->unit)) {
			diags_add(p->d, SEV_FATAL, p->r->file, u->line, u->col, NULL, NULL,
			          _("unit attaches to '%s', which is not another unit of this list"),
			          a->to);
			rc = -1;
		} else {
			u->attach = to;
		}
	}
	p->n_att = kept;
	if (kept == 0)
		arena_release(&p->att_text);
	free(t.slot);
	return rc;
}

/* A <campaign> is read element by element, as the lists are: its ledger's entries one by
 * one (ledger_add), every other child taken whole and let go. A ledger of 100,000 entries
 * was one tree of 36 times its XML. */
struct camp_read {
	bool in, in_ledger, ledger_seen;
	size_t cap;       /* of the campaign's ledger array */
	size_t expect;    /* at least its entries (ledger_count), counted before any is read */
};

/* Element n's event ev at depth 1 (the <campaign>, ours), or within the campaign being
 * read. 0, or -1 with a fatal diagnostic. */
static int campaign_event(struct rp *p, struct camp_read *cr, struct xml_reader *x,
                          xmlNodePtr n, int ev, int depth, bool ours, bool v2)
{
	struct roster *r = p->r;
	if (depth == 1 && ev == XML_READ_START) {
		cr->in = true;
		if (!v2) {
			diags_add(p->d, SEV_FATAL, r->file, xml_line(n), xml_col(n), NULL, NULL, "%s",
			          _("a roster with a <campaign> is version=\"2\""));
			return -1;
		}
		r->camp = ledger_begin(n, cr->expect, r->sys, r->file, p->d);
		return r->camp ? 0 : -1;
	}
	if (depth == 1) {
		cr->in = false;
		ledger_end(r->camp);
		return 0;
	}
	/* Its first <ledger>, as xml_child finds it: its entries come one by one. */
	if (depth == 2 && ours && xml_is(n, "ledger") && !cr->ledger_seen) {
		cr->in_ledger = ev == XML_READ_START;
		cr->ledger_seen = !cr->in_ledger;
		return 0;
	}
	if (ev != XML_READ_START)
		return 0;
	xmlNodePtr c = xml_reader_take(x);
	int rc = c ? 0 : -1;
	if (c && ours && depth == 3 && cr->in_ledger)
		rc = ledger_add(r->camp, &cr->cap, c, r->sys, r->file, p->d);
	xml_reader_release(x, c);
	return rc;
}

static struct roster *load_reader(struct session *s, struct xml_reader *x, const char *path,
                                   struct diags *d);

struct roster *roster_read(struct session *s, const char *path, struct diags *d)
{
	const struct xml_schema *xs = session_schema(s, SCHEMA_ROSTER, d);
	struct xml_reader *x = xs ? xml_reader_open(path, "roster", NS_ROSTER, xs, d) : NULL;
	return load_reader(s, x, path, d);
}

struct roster *roster_read_memory(struct session *s, const char *buf, size_t len,
                                  const char *name, struct diags *d)
{
	const struct xml_schema *xs = session_schema(s, SCHEMA_ROSTER, d);
	struct xml_reader *x = xs ? xml_reader_open_memory(buf, len, name, "roster", NS_ROSTER, xs, d)
	                          : NULL;
	return load_reader(s, x, name, d);
}

/* The root <roster> starts: its system, loaded through the session. */
static int roster_begin(struct session *s, struct roster *r, xmlNodePtr root, struct diags *d)
{
	if (xml_check_root(root, "roster", NS_ROSTER, r->file, d) != 0)
		return -1;
	r->line = xml_line(root);
	r->name = xml_prop(root, "name");
	r->player = xml_prop(root, "player");
	if (xml_prop_long(root, "last-id", 0, LONG_MAX, 0, &r->last_id, r->file, d))
		return -1;
	char *sysid = xml_prop(root, "system");
	struct diags sd = DIAGS_INIT;
	const struct system *sys = session_system(s, sysid, &sd);
	if (sys == NULL) {
		/* Say which roster asked for it, at its line. */
		for (size_t i = 0; i < sd.n; i++)
			if (sd.v[i].file == NULL) {
				sd.v[i].file = xstrdup(r->file);
				sd.v[i].line = r->line;
			}
	}
	diags_merge(d, &sd);
	diags_release(&sd);
	free(sysid);
	if (sys == NULL)
		return -1;
	r->sys = sys;
	r->fields = xcalloc(sys->n_fields + 1, sizeof(*r->fields));
	for (size_t i = 0; i < sys->n_fields; i++)
		r->fields[i] = sys->fields[i].def;
	return 0;
}

/* Takes x (NULL: it did not open) and closes it. The roster is read event by event (xml.h):
 * a 100,000-unit list is never one tree in memory when its file is large. */
static struct roster *load_reader(struct session *s, struct xml_reader *x, const char *path,
                                   struct diags *d)
{
	struct roster *r = xcalloc(1, sizeof(*r));
	r->file = xstrdup(path);
	/* One roster, one budget of pattern matching for everything derived and checked. */
	rx_budget_reset(RX_WORK_BUDGET);
	struct rp p = { NULL, r, d, NULL, 0, 0, NULL, 0, 0, 0, NULL, false, NULL, 0, 0, ARENA_INIT };
	p.units_left = x ? xml_reader_count(x, "unit") : 0;
	p.unknown_entry_error = session_unknown_entry_error(s);
	size_t cap_lists = 0;
	/* The lists being read, outermost first (indices: the array grows), and the capacity of
	 * each one's units while a force within it is read. */
	size_t open[ROSTER_MAX_FORCE_DEPTH + 1], caps[ROSTER_MAX_FORCE_DEPTH + 1], n_open = 0;
	bool v2 = false;
	struct camp_read cr = { false, false, false, 0, 0 };
	int rc = x ? 0 : -1, ev = 0, depth;
	xmlNodePtr n;
	while (rc == 0 && (ev = xml_reader_next(x, &n, &depth)) > 0) {
		if (depth == 0) {
			if (ev == XML_READ_START) {
				rc = roster_begin(s, r, n, d);
				p.sys = r->sys;
				char *ver = xml_prop(n, "version");
				v2 = ver && strcmp(ver, "2") == 0;
				free(ver);
				/* Only a campaign's roster has a ledger; its text is whole yet. */
				cr.expect = v2 ? ledger_count(x) : 0;
			}
			continue;
		}
		bool ours = n->ns && n->ns->href && strcmp((const char *)n->ns->href, NS_ROSTER) == 0;
		if (cr.in || (ours && depth == 1 && xml_is(n, "campaign"))) {
			rc = campaign_event(&p, &cr, x, n, ev, depth, ours, v2);
			continue;
		}
		if (ours && xml_is(n, "list") && ev == XML_READ_START && depth == (int)n_open + 1) {
			if (n_open == ROSTER_MAX_FORCE_DEPTH) {
				diags_add(d, SEV_FATAL, path, xml_line(n), xml_col(n), NULL, NULL,
				          _("forces nest at most %d deep"), ROSTER_MAX_FORCE_DEPTH);
				rc = -1;
				continue;
			}
			if (n_open)
				caps[n_open - 1] = p.cap_units;
			GROW(r->lists, cap_lists, r->n_lists + 1);
			struct r_list *l = &r->lists[r->n_lists++];
			memset(l, 0, sizeof(*l));
			l->up = n_open ? (uint32_t)open[n_open - 1] + 1 : 0;
			open[n_open++] = r->n_lists - 1;
			rc = list_begin(&p, n, l, l->up ? &r->lists[l->up - 1] : NULL);
			continue;
		}
		if (ours && xml_is(n, "list") && ev != XML_READ_START && depth == (int)n_open) {
			rc = list_end(&p, n, &r->lists[open[--n_open]]);
			if (n_open)
				p.cap_units = caps[n_open - 1];
			continue;
		}
		if (ev != XML_READ_START)
			continue;
		xmlNodePtr c = xml_reader_take(x);
		if (c == NULL) {
			rc = -1;
		} else if (!ours) {
			/* a foreign extension: skipped */
		} else if (n_open && depth == (int)n_open + 1) {
			rc = list_child(&p, c, &r->lists[open[n_open - 1]]);
		} else if (depth == 1 && xml_is(c, "field")) {
			rc = parse_field(&p, c, FIELD_ROSTER, r->fields);
		}
		xml_reader_release(x, c);
	}
	free(p.seen);
	free(p.opts);
	free(p.att);
	arena_release(&p.att_text);
	idx_free(p.list_ids);
	if (rc == 0 && ev < 0)
		rc = -1;
	if (rc == 0 && r->sys == NULL) {
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s", _("no root element"));
		rc = -1;
	}
	if (rc == 0 && r->lists == NULL)
		r->lists = xcalloc(1, sizeof(*r->lists));
	xml_reader_close(x);
	if (rc != 0) {
		roster_free(r);
		return NULL;
	}
	return r;
}

const char *r_unit_names(struct arena *pool, const char *id, const char *label)
{
	if (id == NULL && label == NULL)
		return NULL;
	size_t ni = id ? strlen(id) + 1 : 0, nl = label ? strlen(label) + 1 : 0;
	char *rec = arena_alloc(pool, 1 + ni + nl, 1);
	rec[0] = (char)((id ? 1 : 0) | (label ? 2 : 0));
	if (id)
		memcpy(rec + 1, id, ni);
	if (label)
		memcpy(rec + 1 + ni, label, nl);
	return rec;
}

const char *r_unit_notes(const struct roster *r, const struct r_unit *u)
{
	return r->unit_notes && r_unit_id(u) ? idx_get(r->unit_notes, r_unit_id(u)) : NULL;
}

int r_unit_set_notes(struct roster *r, const struct r_unit *u, const char *notes)
{
	if (r_unit_id(u) == NULL)
		return notes ? -1 : 0;
	const char *old = r_unit_notes(r, u);
	if (old)
		idx_del(r->unit_notes, r_unit_id(u), old);
	if (notes == NULL)
		return 0;
	if (r->unit_notes == NULL)
		r->unit_notes = idx_new();
	return idx_add(r->unit_notes, r_unit_id(u), (void *)notes);
}

void roster_free(struct roster *r)
{
	if (r == NULL)
		return;
	idx_free(r->unit_notes);
	for (size_t i = 0; i < r->n_lists; i++) {
		struct r_list *l = &r->lists[i];
		free(l->units);
		free(l->opt_ids);
		free(l->id);
		free(l->name);
		free(l->limits);
		free(l->fields);
	}
	/* A list that failed half way is counted in n_lists: its arrays are freed above. */
	free(r->lists);
	if (r->camp)
		campaign_free(r->sys, r->camp);
	free(r->fields);
	free(r->bs_limits);
	free(r->file);
	free(r->name);
	free(r->player);
	arena_release(&r->pool);
	free(r);
}
