/* edit-ros.c - the builder on BattleScribe rosters (.ros, .rosz): new, add, remove, set,
 * add-force
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * edit-ros.h says how a change is made and what is printed. The model's unit holds its
 * options as one array in document order, a subtree after its root, each naming its parent
 * (model.h): an option is inserted at the end of its parent's subtree and a subtree removed
 * whole, the parents of those after renumbered. A selection of an entry under a parent that
 * already holds one of that entry is counted on it (its number grows, its id stays), as the
 * reader merges them, unless the entry is instanced (an option below it is not collective:
 * model.h): then it is a selection of its own, as BattleScribe makes one each time. An
 * option under an option, and a collective one under a unit, is counted per one of its
 * parent: taken, set and removed one per one of its parent, as the reference engine
 * multiplies numbers through the parents; an option's number set scales every option below
 * it alike.
 */
#include "muster.h"
#include "edit-ros.h"
#include "edit-ros-give.h"
#include "edit-ros-tree.h"
#include "decimal.h"
#include "bs-read.h"
#include "bs-roster.h"
#include "catalog.h"
#include "cmd.h"
#include "derive.h"
#include "edit.h"
#include "eval.h"
#include "export-render.h"
#include "idx.h"
#include "lang.h"
#include "roster.h"
#include "save.h"
#include "session.h"
#include "util.h"
#include "xml.h"
#include "zipped.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

struct ros {
	struct roster *r;
	const struct system *sys;
	long next_id;          /* the number of the next fresh id */
	struct strbuf said;    /* the lines printed before the status */
	struct diags *d;
};

static int fail(struct ros *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct ros *x, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(x->d, SEV_FATAL, NULL, 0, 0, NULL, NULL, "%s", msg);
	free(msg);
	return -1;
}

/* "added ID" said first: the selections made with it follow. */
static void say_added(struct ros *x, const char *id)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "added %s\n", id);
	strbuf_adds(&sb, x->said.s ? x->said.s : "");
	strbuf_release(&x->said);
	x->said = sb;
}

/* --- ids ----------------------------------------------------------------------------------- */

static void seen_id(struct ros *x, const char *id)
{
	if (id == NULL || strncmp(id, "mst-", 4) != 0 || id[4] < '0' || id[4] > '9')
		return;
	char *end;
	errno = 0;
	long v = strtol(id + 4, &end, 10);
	if (*end == '\0' && errno == 0 && v >= x->next_id && v < LONG_MAX)
		x->next_id = v + 1;
}

static const char *fresh(struct ros *x)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "mst-%ld", x->next_id++);
	return arena_strndup(&x->r->pool, buf, strlen(buf));
}

/* Every id the roster holds counted, then a fresh one given to each force, unit and option
 * that has none, so that every id printed stays as the file is written. Every list then has
 * its opt_ids, and every unit with options its array of them. */
static void ids_init(struct ros *x)
{
	struct roster *r = x->r;
	x->next_id = 1;
	for (size_t li = 0; li < r->n_lists; li++) {
		seen_id(x, r->lists[li].id);
		for (size_t ui = 0; ui < r->lists[li].n_units; ui++) {
			const struct r_unit *u = &r->lists[li].units[ui];
			seen_id(x, r_unit_id(u));
			for (size_t k = 0; k < u->n_opts; k++)
				seen_id(x, r_option_id(&r->lists[li], ui, k));
		}
	}
	for (size_t li = 0; li < r->n_lists; li++) {
		struct r_list *l = &r->lists[li];
		if (l->id == NULL)
			l->id = xstrdup(fresh(x));
		if (l->opt_ids == NULL)
			l->opt_ids = xcalloc(l->n_units + 1, sizeof(*l->opt_ids));
		for (size_t ui = 0; ui < l->n_units; ui++) {
			struct r_unit *u = &l->units[ui];
			if (r_unit_id(u) == NULL)
				u->names = r_unit_names(&x->r->pool, fresh(x), r_unit_label(u));
			if (l->opt_ids[ui] == NULL && u->n_opts)
				l->opt_ids[ui] = arena_alloc(&r->pool, u->n_opts, sizeof(**l->opt_ids));
			for (size_t k = 0; k < u->n_opts; k++)
				if (l->opt_ids[ui][k] == NULL)
					l->opt_ids[ui][k] = fresh(x);
		}
	}
}

/* --- finding things ------------------------------------------------------------------------ */

/* A force by id, name or number (1-based); NULL word: the first. -1 when none. */
static long find_force(const struct roster *r, const char *word)
{
	if (word == NULL)
		return r->n_lists ? 0 : -1;
	for (size_t i = 0; i < r->n_lists; i++)
		if (r->lists[i].id && strcmp(r->lists[i].id, word) == 0)
			return (long)i;
	for (size_t i = 0; i < r->n_lists; i++)
		if (r->lists[i].name && strcasecmp(r->lists[i].name, word) == 0)
			return (long)i;
	long n;
	if (parse_long(word, 1, (long)r->n_lists, &n) == 0)
		return n - 1;
	return -1;
}

/* Whether word is one part of the link path id ("LINK::LINK::ENTRY"): a link's id or the
 * entry's, as BattleScribe names what is selected through a link by either. */
static bool path_part(const char *id, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = id; n; ) {
		const char *sep = strstr(p, "::");
		size_t len = sep ? (size_t)(sep - p) : strlen(p);
		if (len == n && strncmp(p, word, n) == 0)
			return true;
		if (sep == NULL)
			break;
		p = sep + 2;
	}
	return false;
}

/* A root entry a force of that catalogue may take, by id, by a part of its link path, else
 * by name. */
static const struct entry *find_root(const struct system *sys, const struct group *faction,
                                     const char *word)
{
	for (int pass = 0; pass < 3; pass++)
		for (size_t ci = 0; ci < sys->n_catalogs; ci++) {
			const struct catalog *cat = sys->catalogs[ci];
			for (size_t i = 0; i < cat->n_entries; i++) {
				const struct entry *e = &cat->entries[i];
				if (!ros_offered(e, faction))
					continue;
				if (pass == 0 ? strcmp(ros_root_id(e), word) == 0 || strcmp(e->id, word) == 0
				    : pass == 1 ? path_part(ros_root_id(e), word)
				                : strcasecmp(e->name, word) == 0)
					return entry_made(e);
			}
		}
	return NULL;
}

/* Fails with msg (freed), and the name nearest to word, of the root entries faction offers
 * (e NULL) or of e's options right under option up - 1, "did you mean" after it. */
static int fail_near(struct ros *x, char *msg, const struct system *sys,
                     const struct group *faction, const struct entry *e, uint32_t up,
                     const char *word)
{
	struct nearest nr;
	nearest_init(&nr, word);
	for (size_t ci = 0; e == NULL && ci < sys->n_catalogs; ci++)
		for (const struct entry *c = sys->catalogs[ci]->entries;
		     c < sys->catalogs[ci]->entries + sys->catalogs[ci]->n_entries; c++)
			nearest_offer(&nr, ros_offered(c, faction) ? c->name : NULL, c->name);
	for (size_t i = 0; e && i < e->n_options; i++)
		if (e->options[i].up == up)
			nearest_offer(&nr, e->options[i].name, e->options[i].name);
	char *dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
	fail(x, "%s%s", msg, dym);
	free(dym);
	free(msg);
	return -1;
}

/* The option of e standing right under entry option up - 1 (0: the entry) named by word: its
 * id, the last part of its link path (after "::"), another part of it (a link's id), or its
 * name. */
static const struct entry_option *find_child(const struct entry *e, uint32_t up, const char *word)
{
	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < e->n_options; i++) {
			const struct entry_option *o = &e->options[i];
			if (o->up != up)
				continue;
			const char *tail = strrchr(o->id, ':');
			tail = tail ? tail + 1 : o->id;
			if (pass == 0 ? strcmp(o->id, word) == 0
			    : pass == 1 ? strcmp(tail, word) == 0
			    : pass == 2 ? path_part(o->id, word)
			                : strcasecmp(o->name, word) == 0)
				return o;
		}
	return NULL;
}

/* --- a unit's options ---------------------------------------------------------------------- */

static void sync_models(struct r_unit *u)
{
	if (!u->entry->has_models)
		return;
	long sum = 0;
	for (size_t k = 0; k < u->n_opts; k++)
		if (u->opts[k].opt->model && u->opts[k].train == NULL)
			sum += u->opts[k].count;
	u->models = (int32_t)(sum > 0 ? sum : 1);
}

static long add_option(struct ros *x, struct r_unit *u, const char ***ids, uint32_t up,
                       const struct entry_option *o, long n, bool say);

/* How many of option up - 1 of u (0: the unit) there are: what a child under it (a collective
 * one under a unit) is taken per. */
static long parent_number(const struct r_unit *u, uint32_t up)
{
	if (up)
		return u->opts[up - 1].count;
	return u->entry->has_models ? 1 : u->models;
}

/* The selections a builder makes with a new one (option at - 1 of u, 0: the unit itself, taken
 * per times), as BattleScribe does: each entry below it that its min asks for, and each
 * group's default up to the group's min, per one of it taken: what the group's other entries'
 * mins select counts towards it (a Bosun and 3 Deckhands make a crew of 4, not 5). A group
 * with no min has its default selected by none: BattleScribe selects a default only to meet a
 * minimum. */
static void mandatory(struct ros *x, struct r_unit *u, const char ***ids, uint32_t at, long per)
{
	const struct entry *e = u->entry;
	uint32_t eup = at ? (uint32_t)(u->opts[at - 1].opt - e->options) + 1 : 0;
	long *others = xcalloc(e->n_choices + 1, sizeof(*others));
	for (size_t i = 0; i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		if (o->up == eup && o->in_choice && e->choices[o->in_choice - 1].def != i + 1 &&
		    o->min > 0 && others[o->in_choice - 1] <= LONG_MAX - o->min)
			others[o->in_choice - 1] += o->min;
	}
	for (size_t i = 0; i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		if (o->up != eup)
			continue;
		/* its own min, in a group too; a group's default at least what the group's min
		 * still asks for */
		long want = o->min;
		if (o->in_choice) {
			const struct opt_choice *c = &e->choices[o->in_choice - 1];
			if (c->def == i + 1 && want < c->min - others[o->in_choice - 1])
				want = c->min - others[o->in_choice - 1];
		}
		if (want > 0 && per > 0 && want * per <= 1000) {
			/* at stays where it was: what is inserted goes after its subtree's start. */
			add_option(x, u, ids, at, o, want * per, true);
		}
	}
	free(others);
}

/* n - 1 more selections of instanced option k of u, each a copy of it (the mandatory ones
 * under it too), as BattleScribe makes one each time; past a unit's most selections, k is
 * counted n times instead. */
static void instances(struct ros *x, struct r_unit *u, const char ***ids, size_t k, size_t more)
{
	size_t len = r_option_end(u, k) - k;
	size_t room = u->n_opts < BS_ROSTER_SELECTIONS_MAX ? BS_ROSTER_SELECTIONS_MAX - u->n_opts : 0;
	if (more > room / len) {
		scale_below(u, (long)k, 1, (long)more + 1);
		u->opts[k].count = (int32_t)more + 1;
		return;
	}
	const char **v = xcalloc(len * more + 1, sizeof(*v));
	for (size_t c = 0; c < len * more; c++) {
		v[c] = fresh(x);
		strbuf_addf(&x->said, "selected %s %s\n", u->opts[k + c % len].opt->id, v[c]);
	}
	opt_repeat(x->r, u, ids, k, more, v);
	free(v);
}

/* Adds n of option o under option up - 1 of u (0: the unit); returns 1 + its index. *ids are
 * u's options' ids. Counted on a selection of o already there, unless o is instanced: then a
 * selection of its own, as BattleScribe makes one. */
static long add_option(struct ros *x, struct r_unit *u, const char ***ids, uint32_t up,
                       const struct entry_option *o, long n, bool say)
{
	for (size_t j = up; !o->instanced && j < u->n_opts; j++) {
		if (u->opts[j].up < up)
			break;
		if (u->opts[j].up == up && u->opts[j].opt == o && u->opts[j].train == NULL) {
			u->opts[j].count = (int32_t)(u->opts[j].count + n);
			if (say)
				strbuf_addf(&x->said, "selected %s %s\n", o->id, (*ids)[j]);
			return (long)j + 1;
		}
	}
	size_t pos = up ? r_option_end(u, up - 1) : u->n_opts;
	struct r_option ro;
	memset(&ro, 0, sizeof(ro));
	ro.opt = o;
	ro.count = (int32_t)(o->instanced ? 1 : n);
	ro.up = up;
	const char *id = fresh(x);
	opt_insert(x->r, u, ids, pos, ro, id);
	if (say)
		strbuf_addf(&x->said, "selected %s %s\n", o->id, id);
	mandatory(x, u, ids, (uint32_t)pos + 1, ro.count);
	if (ro.count < n)
		instances(x, u, ids, pos, (size_t)n - 1);
	return (long)pos + 1;
}

/* --- forces -------------------------------------------------------------------------------- */

static struct r_unit *add_unit(struct ros *x, size_t li, const struct entry *e, long n)
{
	struct r_list *l = &x->r->lists[li];
	l->units = xreallocarray(l->units, l->n_units + 1, sizeof(*l->units));
	l->opt_ids = xreallocarray(l->opt_ids, l->n_units + 1, sizeof(*l->opt_ids));
	l->opt_ids[l->n_units] = NULL;
	struct r_unit *u = &l->units[l->n_units++];
	memset(u, 0, sizeof(*u));
	u->entry = entry_made(e);
	u->names = r_unit_names(&x->r->pool, fresh(x), r_unit_label(u));
	u->models = (int32_t)n;
	u->band = -1;
	mandatory(x, u, &l->opt_ids[l->n_units - 1], 0, 1);
	sync_models(u);
	return u;
}

/* One unit of root entry e given to the new force li (ros_give's add). */
static void give_one(void *arg, size_t li, const struct entry *e)
{
	struct ros *x = arg;
	struct r_unit *u = add_unit(x, li, e, 1);
	strbuf_addf(&x->said, "selected %s %s\n", ros_root_id(e), r_unit_id(u));
}

static const struct force_def *force_def(const struct system *sys, const char *id)
{
	for (size_t i = 0; i < sys->n_forces; i++)
		if (strcmp(sys->forces[i].id, id) == 0 || strcasecmp(sys->forces[i].name, id) == 0)
			return &sys->forces[i];
	return NULL;
}

/* A new force of force entry spec (ID[:NAME]) in parent (-1: a top force) of catalogue
 * faction (NULL: the parent's, else the first force's). */
static int add_force(struct ros *x, const char *spec, long parent, const char *faction)
{
	struct roster *r = x->r;
	const struct system *sys = x->sys;
	char *id = xstrdup(spec), *colon = strchr(id, ':');
	if (colon)
		*colon = '\0';
	const struct force_def *fd = force_def(sys, id);
	uint32_t want = parent >= 0 && r->lists[parent].force
	                    ? (uint32_t)(r->lists[parent].force - sys->forces) + 1 : 0;
	if (fd == NULL || fd->up != want) {
		if (fd)
			fail(x, _("force entry '%s' cannot stand there (--child-of names where it may)"),
			     id);
		else
			fail(x, _("unknown force entry '%s' in system '%s'"), id, sys->id);
		free(id);
		return -1;
	}
	const struct group *g = faction ? idx_get(sys->group_idx, faction)
	                        : parent >= 0 ? r->lists[parent].faction
	                        : r->n_lists ? r->lists[0].faction : NULL;
	const struct bs_left_out *lo = g || !faction ? NULL : bs_left_out_find(sys, faction);
	if (g == NULL) {
		if (lo)
			fail(x, _("catalogue '%s' [%s] could not be loaded: %s (%s:%ld)"), lo->name,
			     lo->id, lo->why, lo->file, lo->line);
		else if (faction)
			fail(x, _("unknown catalogue '%s' in system '%s'"), faction, sys->id);
		else
			fail(x, _("force '%s' needs a catalogue (--faction=ID)"), id);
		free(id);
		return -1;
	}
	size_t at = parent >= 0 ? forces_end(r, (size_t)parent) : r->n_lists;
	r->lists = xreallocarray(r->lists, r->n_lists + 1, sizeof(*r->lists));
	memmove(&r->lists[at + 1], &r->lists[at], (r->n_lists - at) * sizeof(*r->lists));
	r->n_lists++;
	for (size_t k = at + 1; k < r->n_lists; k++)
		if (r->lists[k].up > at)
			r->lists[k].up++;
	struct r_list *l = &r->lists[at];
	memset(l, 0, sizeof(*l));
	l->up = parent >= 0 ? (uint32_t)parent + 1 : 0;
	l->depth = parent >= 0 ? r->lists[parent].depth + 1 : 0;
	l->id = xstrdup(fresh(x));
	l->name = xstrdup(colon ? colon + 1 : fd->name);
	l->force = fd;
	l->faction = g;
	l->limits = xcalloc(sys->n_costs + 1, sizeof(*l->limits));
	l->fields = xcalloc(sys->n_fields + 1, sizeof(*l->fields));
	for (size_t i = 0; i < sys->n_costs; i++)
		l->limits[i] = parent >= 0 || r->bs_limits == NULL ? -1 : r->bs_limits[i];
	for (size_t i = 0; i < sys->n_fields; i++)
		l->fields[i] = sys->fields[i].def;
	l->units = xcalloc(1, sizeof(*l->units));
	l->opt_ids = xcalloc(1, sizeof(*l->opt_ids));
	strbuf_addf(&x->said, "force %s\n", l->id);
	ros_give(r, at, give_one, x);
	free(id);
	return 0;
}

static void remove_force(struct roster *r, size_t li)
{
	size_t end = forces_end(r, li), gone = end - li;
	for (size_t k = li; k < end; k++) {
		free(r->lists[k].units);
		free(r->lists[k].opt_ids);
		free(r->lists[k].id);
		free(r->lists[k].name);
		free(r->lists[k].limits);
		free(r->lists[k].fields);
	}
	memmove(&r->lists[li], &r->lists[end], (r->n_lists - end) * sizeof(*r->lists));
	r->n_lists -= gone;
	for (size_t k = li; k < r->n_lists; k++)
		if (r->lists[k].up > end)
			r->lists[k].up -= (uint32_t)gone;
}

/* --- the cost limit ------------------------------------------------------------------------ */

static int set_limit(struct ros *x, const char *arg)
{
	const struct system *sys = x->sys;
	char *v = xstrdup(arg), *colon = strchr(v, ':');
	long n;
	if (colon)
		*colon = '\0';
	long c = sys->n_costs ? 0 : -1;
	if (colon) {
		c = -1;
		for (size_t i = 0; i < sys->n_costs; i++)
			if (strcmp(sys->costs[i].id, colon + 1) == 0 ||
			    strcasecmp(sys->costs[i].name, colon + 1) == 0)
				c = (long)i;
	}
	unsigned scale = c < 0 ? 0 : sys->costs[c].scale;
	if (c < 0 || dec_parse(v, scale, -MUSTER_MAX_COST, MUSTER_MAX_COST, &n) != DEC_OK) {
		if (c < 0)
			fail(x, _("--limit=%s: no such cost type"), arg);
		else
			fail(x, _("--limit=%s: give a number with at most %u decimal places"), arg, scale);
		free(v);
		return -1;
	}
	if (n < 0)
		n = -1; /* any negative limit is none, as BattleScribe reads it */
	x->r->bs_limits[c] = n;
	for (size_t li = 0; li < x->r->n_lists; li++)
		if (x->r->lists[li].up == 0)
			x->r->lists[li].limits[c] = n;
	char buf[DEC_BUF];
	strbuf_addf(&x->said, "limit %s %s\n", n < 0 ? "-1" : dec_format(n, scale, buf),
	            sys->costs[c].id);
	free(v);
	return 0;
}

/* --- the verbs ----------------------------------------------------------------------------- */

struct ros_opts {
	const char *list, *under, *models, *limit, *child_of, *faction, *name, *notes, *category;
	bool copy;
	const char *pos[2];
	size_t n_pos;
};

static int parse(struct ros *x, int argc, char **argv, struct ros_opts *o)
{
	static const struct { const char *name; size_t off; } valued[] = {
		{ "list", offsetof(struct ros_opts, list) },
		{ "under", offsetof(struct ros_opts, under) },
		{ "models", offsetof(struct ros_opts, models) },
		{ "limit", offsetof(struct ros_opts, limit) },
		{ "child-of", offsetof(struct ros_opts, child_of) },
		{ "faction", offsetof(struct ros_opts, faction) },
		{ "name", offsetof(struct ros_opts, name) },
		{ "notes", offsetof(struct ros_opts, notes) },
		{ "category", offsetof(struct ros_opts, category) },
	};
	memset(o, 0, sizeof(*o));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strncmp(a, "--", 2) != 0) {
			if (o->n_pos == MUSTER_ARRAY_LEN(o->pos))
				return fail(x, _("'%s': too many words"), a);
			o->pos[o->n_pos++] = a;
			continue;
		}
		if (strcmp(a, "--copy") == 0) {
			o->copy = true;
			continue;
		}
		const char *eq = strchr(a, '=');
		size_t klen = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
		size_t k = 0;
		while (k < MUSTER_ARRAY_LEN(valued) &&
		       (strlen(valued[k].name) != klen || strncmp(valued[k].name, a + 2, klen) != 0))
			k++;
		if (k == MUSTER_ARRAY_LEN(valued) && klen == 6 && strncmp(a + 2, "player", 6) == 0)
			return fail(x, "%s", _("a .ros has no player (BattleScribe keeps none): give it in --name"));
		if (k == MUSTER_ARRAY_LEN(valued))
			return fail(x, _("'%s': not an option of a BattleScribe roster's %s"), a, argv[0]);
		const char *v = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
		if (v == NULL)
			return fail(x, _("option '%s' requires an argument"), a);
		*(const char **)((char *)o + valued[k].off) = v;
	}
	return 0;
}

static int count_arg(struct ros *x, const char *word, long min, long *n)
{
	if (parse_long(word, min, 100000, n) != 0)
		return fail(x, _("'%s': give a whole number from %ld to %d"), word, min, 100000);
	return 0;
}

static int do_add(struct ros *x, const struct ros_opts *o)
{
	struct roster *r = x->r;
	long n = 1;
	if (o->n_pos < 1)
		return fail(x, "%s", _("add takes an ENTRY"));
	if (o->n_pos > 1 && count_arg(x, o->pos[1], 1, &n))
		return -1;
	const char *word = o->pos[0];
	if (o->under) {
		size_t li, ui;
		long k;
		if (!ros_find_sel(r, o->under, &li, &ui, &k))
			return fail(x, _("no selection '%s' in the roster"), o->under);
		struct r_unit *u = &r->lists[li].units[ui];
		uint32_t eup = k < 0 ? 0 : (uint32_t)(u->opts[k].opt - u->entry->options) + 1;
		const struct entry_option *opt = find_child(u->entry, eup, word);
		if (opt == NULL)
			return fail_near(x, xasprintf(_("'%s' is no entry that '%s' may take"), word,
			                              k < 0 ? u->entry->name : u->opts[k].opt->name),
			                 x->sys, NULL, u->entry, eup, word);
		uint32_t up = k < 0 ? 0 : (uint32_t)k + 1;
		if (up || opt->collective) /* n per one of its parent */
			n *= parent_number(u, up);
		const char ***ids = &r->lists[li].opt_ids[ui];
		long at = add_option(x, u, ids, up, opt, n, false);
		sync_models(u);
		say_added(x, (*ids)[at - 1]);
		return 0;
	}
	long li = find_force(r, o->list);
	if (li < 0)
		return fail(x, o->list ? _("no force '%s' in the roster") : "%s",
		            o->list ? o->list : _("the roster has no force: add-force first"));
	const struct entry *e = find_root(x->sys, r->lists[li].faction, word);
	if (e == NULL)
		return fail_near(x, xasprintf(_("no entry '%s' that force '%s' may take"), word,
		                              r->lists[li].name ? r->lists[li].name : ""),
		                 x->sys, r->lists[li].faction, NULL, 0, word);
	if (e->has_models && n != 1)
		return fail(x, _("'%s' counts its models from its model selections: add or set those"),
		            e->name);
	struct r_unit *u = add_unit(x, (size_t)li, e, n);
	say_added(x, r_unit_id(u));
	return 0;
}

static int do_remove(struct ros *x, const struct ros_opts *o)
{
	struct roster *r = x->r;
	if (o->n_pos != 1)
		return fail(x, "%s", _("remove takes one SELECTION or FORCE id"));
	size_t li, ui;
	long k;
	if (ros_find_sel(r, o->pos[0], &li, &ui, &k)) {
		struct r_list *l = &r->lists[li];
		if (k < 0) {
			memmove(&l->units[ui], &l->units[ui + 1], (l->n_units - ui - 1) * sizeof(*l->units));
			memmove(&l->opt_ids[ui], &l->opt_ids[ui + 1],
			        (l->n_units - ui - 1) * sizeof(*l->opt_ids));
			l->n_units--;
		} else {
			struct r_unit *u = &l->units[ui];
			struct r_option *ro = &u->opts[k];
			long per = ro->up || ro->opt->collective ? parent_number(u, ro->up) : 0;
			if (per > 0 && ro->count > per) { /* one per one of its parent taken away */
				scale_below(u, k, ro->count, ro->count - per);
				ro->count = (int32_t)(ro->count - per);
			} else {
				opt_remove(u, l->opt_ids[ui], (size_t)k);
			}
			sync_models(u);
		}
	} else {
		size_t f = 0;
		while (f < r->n_lists && (r->lists[f].id == NULL || strcmp(r->lists[f].id, o->pos[0])))
			f++;
		if (f == r->n_lists)
			return fail(x, _("no selection or force '%s' in the roster"), o->pos[0]);
		remove_force(r, f);
	}
	strbuf_addf(&x->said, "removed %s\n", o->pos[0]);
	return 0;
}

/* set --copy: a copy of a top selection, every id in it fresh. */
static int copy_unit(struct ros *x, size_t li, size_t ui)
{
	struct r_list *l = &x->r->lists[li];
	l->units = xreallocarray(l->units, l->n_units + 1, sizeof(*l->units));
	l->opt_ids = xreallocarray(l->opt_ids, l->n_units + 1, sizeof(*l->opt_ids));
	l->opt_ids[l->n_units] = NULL;
	struct r_unit *u = &l->units[l->n_units++];
	*u = l->units[ui];
	u->names = r_unit_names(&x->r->pool, fresh(x), r_unit_label(u));
	r_unit_set_notes(x->r, u, r_unit_notes(x->r, &l->units[ui]));
	strbuf_addf(&x->said, "added %s\n", r_unit_id(u));
	if (u->n_opts) {
		struct r_option *v = arena_alloc(&x->r->pool, u->n_opts, sizeof(*v));
		const char **vi = arena_alloc(&x->r->pool, u->n_opts, sizeof(*vi));
		memcpy(v, u->opts, u->n_opts * sizeof(*v));
		for (size_t k = 0; k < u->n_opts; k++) {
			vi[k] = fresh(x);
			strbuf_addf(&x->said, "selected %s %s\n", v[k].opt->id, vi[k]);
		}
		u->opts = v;
		l->opt_ids[l->n_units - 1] = vi;
	}
	return 0;
}

static long *dup_longs(const long *v, size_t n)
{
	if (v == NULL)
		return NULL;
	long *c = xmalloc(n * sizeof(*c));
	memcpy(c, v, n * sizeof(*c));
	return c;
}

/* set FORCE --copy: a copy of a force with the forces within it, right after them in the same
 * parent, every id in it fresh. */
static int copy_force(struct ros *x, size_t li)
{
	struct roster *r = x->r;
	const struct system *sys = x->sys;
	size_t end = forces_end(r, li), n = end - li;
	r->lists = xreallocarray(r->lists, r->n_lists + n, sizeof(*r->lists));
	memmove(&r->lists[end + n], &r->lists[end], (r->n_lists - end) * sizeof(*r->lists));
	r->n_lists += n;
	for (size_t k = end + n; k < r->n_lists; k++)
		if (r->lists[k].up > end)
			r->lists[k].up += (uint32_t)n;
	for (size_t k = 0; k < n; k++) {
		struct r_list *c = &r->lists[end + k];
		*c = r->lists[li + k];
		if (k > 0)
			c->up = (uint32_t)(end + (c->up - 1 - li) + 1);
		c->id = xstrdup(fresh(x));
		c->name = xstrdup(c->name ? c->name : "");
		c->limits = dup_longs(c->limits, sys->n_costs + 1);
		c->fields = dup_longs(c->fields, sys->n_fields + 1);
		strbuf_addf(&x->said, "force %s\n", c->id);
		struct r_unit *from = c->units;
		c->units = xcalloc(c->n_units + 1, sizeof(*c->units));
		c->opt_ids = xcalloc(c->n_units + 1, sizeof(*c->opt_ids));
		for (size_t ui = 0; ui < c->n_units; ui++) {
			struct r_unit *u = &c->units[ui];
			*u = from[ui];
			u->names = r_unit_names(&x->r->pool, fresh(x), r_unit_label(u));
			r_unit_set_notes(r, u, r_unit_notes(r, &from[ui]));
			strbuf_addf(&x->said, "selected %s %s\n", ros_root_id(u->entry), r_unit_id(u));
			struct r_option *v = arena_alloc(&r->pool, u->n_opts + 1, sizeof(*v));
			const char **vi = arena_alloc(&r->pool, u->n_opts + 1, sizeof(*vi));
			for (size_t j = 0; j < u->n_opts; j++) {
				v[j] = u->opts[j];
				vi[j] = fresh(x);
				strbuf_addf(&x->said, "selected %s %s\n", v[j].opt->id, vi[j]);
			}
			u->opts = v;
			c->opt_ids[ui] = vi;
		}
	}
	return 0;
}

static int do_set(struct ros *x, const struct ros_opts *o)
{
	struct roster *r = x->r;
	if ((o->name || o->notes) && (o->n_pos != 1 || o->models || o->copy || o->limit))
		return fail(x, "%s", _("set takes a SELECTION or FORCE and --name=TEXT or --notes=TEXT"));
	if (o->name || o->notes)
		return ros_customise(r, x->sys, o->pos[0], o->category, o->name, o->notes, x->d);
	if (o->category)
		return fail(x, "%s", _("--category takes --name=TEXT or --notes=TEXT"));
	if (o->n_pos == 0 && o->limit)
		return set_limit(x, o->limit);
	if (o->n_pos != 1 || (!o->models && !o->copy && !o->limit))
		return fail(x, "%s", _("set takes a SELECTION and --models=N or --copy, or --limit=N[:COST]"));
	size_t li, ui;
	long k, n = 0;
	if (!ros_find_sel(r, o->pos[0], &li, &ui, &k)) {
		for (size_t f = 0; o->copy && !o->models && !o->limit && f < r->n_lists; f++)
			if (r->lists[f].id && strcmp(r->lists[f].id, o->pos[0]) == 0)
				return copy_force(x, f);
		return fail(x, _("no selection '%s' in the roster"), o->pos[0]);
	}
	if (o->limit && set_limit(x, o->limit))
		return -1;
	struct r_unit *u = &r->lists[li].units[ui];
	if (o->models) {
		if (count_arg(x, o->models, k < 0 ? 1 : 0, &n))
			return -1;
		if (k < 0 && u->entry->has_models)
			return fail(x, _("'%s' counts its models from its model selections: add or set those"),
			            u->entry->name);
		if (k < 0) {
			scale_below(u, k, u->models, n);
			u->models = (int32_t)n;
		} else if (n == 0) {
			opt_remove(u, r->lists[li].opt_ids[ui], (size_t)k);
		} else {
			if (u->opts[k].up || u->opts[k].opt->collective) /* n per one of its parent */
				n *= parent_number(u, u->opts[k].up);
			scale_below(u, k, u->opts[k].count, n);
			u->opts[k].count = (int32_t)n;
		}
		sync_models(u);
		strbuf_addf(&x->said, "set %s %ld\n", o->pos[0], n);
	}
	if (o->copy) {
		if (k >= 0)
			return fail(x, "%s", _("--copy copies a top selection (a unit) only"));
		return copy_unit(x, li, ui);
	}
	return 0;
}

static int apply(struct ros *x, int argc, char **argv)
{
	struct ros_opts o;
	if (parse(x, argc, argv, &o))
		return -1;
	if (strcmp(argv[0], "add") == 0)
		return do_add(x, &o);
	if (strcmp(argv[0], "remove") == 0)
		return do_remove(x, &o);
	if (strcmp(argv[0], "set") == 0)
		return do_set(x, &o);
	if (strcmp(argv[0], "add-force") == 0) {
		if (o.n_pos != 1)
			return fail(x, "%s", _("add-force takes one FORCE_ENTRY_ID[:NAME]"));
		long parent = -1;
		if (o.child_of && (parent = find_force(x->r, o.child_of)) < 0)
			return fail(x, _("no force '%s' in the roster"), o.child_of);
		return add_force(x, o.pos[0], parent, o.faction);
	}
	return fail(x, _("'%s' does not change a BattleScribe roster"), argv[0]);
}

/* --- writing ------------------------------------------------------------------------------- */

/* The roster written as .ros text, checked as it reads back: NULL with diagnostics. */
static char *written(struct session *s, const char *path, const struct roster *r, size_t *len,
                     struct roster **rout, struct eval **evout, struct diags *d)
{
	struct eval *ev = eval_new(r, d);
	if (ev == NULL)
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	export_ros_list(ev, &sb);
	eval_free(ev);
	*len = sb.len;
	char *text = strbuf_detach(&sb);
	if (edit_check(s, path, text, *len, rout, evout, d) < 0) {
		free(text);
		return NULL;
	}
	return text;
}

static int finish(struct ros *x, struct session *s, const char *path, const char *was,
                  size_t was_len, FILE *out)
{
	struct roster *r2 = NULL;
	struct eval *ev2 = NULL;
	struct diags cd = DIAGS_INIT, sd = DIAGS_INIT;
	size_t len = 0;
	int rc = MUSTER_EXIT_TROUBLE;
	char *text = written(s, path, x->r, &len, &r2, &ev2, &cd);
	if (text != NULL && zipped_name(path)) {
		/* A .rosz stays one: its .ros zipped, then saved as a .ros is. */
		char *zip = NULL;
		if (zipped_pack(text, len, path, &zip, &len, &sd) != 0)
			diags_print(&sd, stderr, DIAG_TEXT);
		free(text);
		text = zip;
	} else if (text == NULL) {
		diags_sort(&cd);
		diags_print(&cd, stderr, DIAG_TEXT);
	}
	if (text == NULL) {
		fprintf(stderr, _("muster: %s: not changed\n"), vis(path));
	} else if ((was ? save_file_checked(path, text, len, was, was_len, &sd)
	                : save_file(path, text, len, &sd)) != 0) {
		diags_print(&sd, stderr, DIAG_TEXT);
	} else {
		fputs(x->said.s ? x->said.s : "", out);
		diags_sort(&cd);
		cmd_print_status(ev2, &cd, false, out);
		rc = MUSTER_EXIT_OK;
	}
	free(text);
	eval_free(ev2);
	roster_free(r2);
	diags_release(&cd);
	diags_release(&sd);
	return rc;
}

static int refuse(struct diags *d, const char *path)
{
	for (size_t i = 0; i < d->n; i++)
		fprintf(stderr, "muster: %s: %s\n", vis(path), vis(d->v[i].msg));
	fprintf(stderr, _("muster: %s: not changed\n"), vis(path));
	return MUSTER_EXIT_TROUBLE;
}

int ros_change(struct session *s, const char *path, int argc, char **argv, FILE *out)
{
	struct diags d = DIAGS_INIT;
	char *was = NULL;
	size_t was_len = 0;
	int rc = MUSTER_EXIT_TROUBLE;
	struct ros x = { 0 };
	x.d = &d;
	/* was: the file's bytes, which must be there still when it is saved; text: the .ros
	 * they hold (was itself, or unzipped from it). */
	char *text = NULL;
	size_t text_len = 0;
	if (xml_read_both(path, &was, &was_len, &text, &text_len, &d) != 0 ||
	    (x.r = roster_load_memory(s, text, text_len, path, &d)) == NULL) {
		diags_sort(&d);
		diags_print(&d, stderr, DIAG_TEXT);
		goto out;
	}
	diags_release(&d);
	x.sys = x.r->sys;
	ids_init(&x);
	if (apply(&x, argc, argv) != 0) {
		rc = refuse(&d, path);
		goto out;
	}
	rc = finish(&x, s, path, was, was_len, out);
out:
	roster_free(x.r);
	strbuf_release(&x.said);
	if (text != was)
		free(text);
	free(was);
	diags_release(&d);
	return rc;
}

int ros_new(struct session *s, const char *path, const struct ros_new *spec, FILE *out)
{
	struct diags d = DIAGS_INIT;
	int rc = MUSTER_EXIT_TROUBLE;
	struct ros x = { 0 };
	x.d = &d;
	x.next_id = 1;
	if (!spec->force && access(path, F_OK) == 0) {
		fprintf(stderr, _("muster: %s: exists already (--force replaces it, keeping it as %s~)\n"),
		        vis(path), vis(path));
		return rc;
	}
	const struct system *sys = session_system(s, spec->system, &d);
	if (sys == NULL || sys->bs == NULL) {
		if (sys)
			fail(&x, _("'%s' is no BattleScribe game system: a .ros is written for one"),
			     spec->system);
		diags_print(&d, stderr, DIAG_TEXT);
		goto out;
	}
	struct roster *r = x.r = xcalloc(1, sizeof(*r));
	x.sys = r->sys = sys;
	r->file = xstrdup(path);
	r->name = xstrdup(spec->name ? spec->name : "");
	r->fields = xcalloc(sys->n_fields + 1, sizeof(*r->fields));
	r->bs_limits = xcalloc(sys->n_costs + 1, sizeof(*r->bs_limits));
	/* Each cost type's defaultCostLimit, as BattleScribe starts a roster (the reader keeps
	 * them as the size "default"); --limit then overrides one. */
	const struct size_def *dl = idx_get(sys->size_idx, "default");
	for (size_t i = 0; i < sys->n_costs; i++)
		r->bs_limits[i] = dl && dl->limits ? dl->limits[i] : -1;
	r->lists = xcalloc(1, sizeof(*r->lists));
	if (spec->limit >= 0) {
		char *arg = spec->limit_cost ? xasprintf("%ld:%s", spec->limit, spec->limit_cost)
		                             : xasprintf("%ld", spec->limit);
		int bad = set_limit(&x, arg);
		free(arg);
		if (bad) {
			rc = refuse(&d, path);
			goto out;
		}
	}
	for (size_t i = 0; spec->forces && spec->forces[i]; i++)
		if (add_force(&x, spec->forces[i], -1, spec->faction) != 0) {
			for (size_t k = 0; k < d.n; k++)
				fprintf(stderr, "muster: %s: %s\n", vis(path), vis(d.v[k].msg));
			fprintf(stderr, _("muster: %s: not written\n"), vis(path));
			goto out;
		}
	rc = finish(&x, s, path, NULL, 0, out);
out:
	roster_free(x.r);
	strbuf_release(&x.said);
	diags_release(&d);
	return rc;
}
