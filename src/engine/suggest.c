/* suggest.c - what can still be added to a list without breaking a rule
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A candidate is a shallow copy of the roster whose list has one more unit; its evaluation
 * and check are the ones every command uses (eval.h, check.h), so a suggestion is judged by
 * exactly the rules `muster validate` applies. What the list broke before is counted per rule
 * once; a candidate is compared with it in one pass over its diagnostics.
 *
 * When no aggregate of the system looks past one list (sys->roster_aggs), a list's
 * evaluation and diagnostics depend on that list alone, so the copy holds only the list
 * suggested for: each probe costs that list, not the roster, and suggesting for every list
 * of a roster is linear in lists (800 one-unit lists took 27 s when every probe evaluated
 * and checked them all). When one does, every probe evaluates the whole roster, as it must.
 *
 * Each probe is one roster checked, with the regex work budget of one (rx.h): spent across
 * all the probes, the budget of a legal 400-list roster ran out and blamed a shipped pattern.
 * A probe that spends it stops the suggestions with that error, so a hostile pattern costs
 * at most one roster's budget more than checking the roster itself.
 */
#include "muster.h"
#include "catalog.h"
#include "suggest.h"
#include "check.h"
#include "eval.h"
#include "faction.h"
#include "idx.h"
#include "rx.h"
#include "select.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Errors per rule of the list as it is. */
struct base {
	struct idx *ix;   /* rule id -> index + 1 into counts */
	size_t *counts;
	size_t n, cap;
};

static const char *rule_key(const struct diag *g)
{
	return g->rule ? g->rule : g->msg ? g->msg : "";
}

static void base_count(struct base *b, const struct diags *d)
{
	b->ix = idx_new();
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].sev < SEV_ERROR)
			continue;
		const char *k = rule_key(&d->v[i]);
		void *pos = idx_get(b->ix, k);
		if (pos) {
			b->counts[(size_t)(uintptr_t)pos - 1]++;
			continue;
		}
		GROW(b->counts, b->cap, b->n + 1);
		b->counts[b->n++] = 1;
		idx_add(b->ix, k, (void *)(uintptr_t)b->n);
	}
}

/* The first error of d that makes the roster with the candidate less legal than the base (a
 * rule broken that was not, or more often), as its index in d; -1 when there is none. */
static long first_worse(const struct base *b, const struct diags *d, size_t *seen)
{
	memset(seen, 0, (b->n + 1) * sizeof(*seen));
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].sev < SEV_ERROR)
			continue;
		void *pos = idx_get(b->ix, rule_key(&d->v[i]));
		if (pos == NULL)
			return (long)i;
		size_t k = (size_t)(uintptr_t)pos - 1;
		if (++seen[k] > b->counts[k])
			return (long)i;
	}
	return -1;
}

/* Is the roster with the candidate as legal as the base: no rule broken more often? */
static bool no_worse(const struct base *b, const struct diags *d, size_t *seen)
{
	return !d->fatals && first_worse(b, d, seen) < 0;
}

struct trial {
	const struct roster *r;
	size_t li;
	struct roster copy;
	struct r_list *lists;
	struct r_unit *units;
	const struct base *b;
	size_t *seen;
	struct diags *stop;    /* not empty once a probe spent its regex budget */
	uint64_t spent;        /* matching steps of all the probes so far */
	/* A unit of kinds of model (entry has_models): its models are its model options', so a
	 * probe of m models takes m - fixed of option grow (an index into the new unit's
	 * options; -1: none, the unit is as its builder makes it) and scales what stands under
	 * it; want holds each option's count per one of its parent. */
	long grow, fixed;
	long *want;
};

/* The new unit's options counted again from want, parents first (compulsory's order). */
static void rescale(struct r_unit *nu, const long *want)
{
	struct r_option *opts = (struct r_option *)nu->opts;
	for (size_t k = 0; k < nu->n_opts; k++) {
		long per = opts[k].up ? opts[opts[k].up - 1].count : 1;
		long n = want[k] > SUGGEST_MAX_MODELS / (per > 0 ? per : 1) ? SUGGEST_MAX_MODELS
		                                                           : want[k] * per;
		opts[k].count = (int32_t)n;
	}
}

/* Puts models models into the new unit of t. */
static void set_models(struct trial *t, long models)
{
	struct r_unit *nu = &t->units[t->r->lists[t->li].n_units];
	nu->models = (int32_t)models;
	if (t->grow < 0)
		return;
	t->want[t->grow] = models - t->fixed;
	rescale(nu, t->want);
}

/* Whether the list with models models of the candidate is as legal as it is. When why is
 * not NULL and it is not, *why gets the first rule it breaks, "REF: message" (a new string),
 * or NULL when it breaks none but cannot be evaluated. */
static bool try_models_why(struct trial *t, long models, char **why)
{
	if (t->stop->fatals)
		return false;
	set_models(t, models);
	struct diags d = DIAGS_INIT;
	rx_budget_reset(RX_WORK_BUDGET);
	struct eval *ev = eval_new(&t->copy, &d);
	bool ok = false;
	if (ev) {
		check_roster(ev, &d);
		ok = no_worse(t->b, &d, t->seen);
		long w = why && !ok && !d.fatals ? first_worse(t->b, &d, t->seen) : -1;
		if (w >= 0)
			*why = d.v[w].ref ? xasprintf("%s: %s", d.v[w].ref, d.v[w].msg)
			                  : xstrdup(d.v[w].msg);
	}
	const char *pat, *file;
	long line;
	t->spent += RX_WORK_BUDGET - rx_budget_left();
	if (t->spent > SUGGEST_WORK_BUDGET && !t->stop->fatals) {
		const struct r_list *l = &t->r->lists[t->li];
		diags_add(t->stop, SEV_FATAL, t->r->file, l->line, l->col, NULL, NULL,
		          _("the candidates tried for this list took more than %llu steps of pattern "
		            "matching in all; suggestions stopped"),
		          (unsigned long long)SUGGEST_WORK_BUDGET);
	}
	if (rx_budget_spent(&pat, &file, &line))
		for (size_t i = 0; i < d.n; i++) /* the check's own message names the pattern */
			if (d.v[i].sev == SEV_FATAL)
				diags_add(t->stop, SEV_FATAL, d.v[i].file, d.v[i].line, d.v[i].col,
				          d.v[i].ref, d.v[i].rule, "%s", d.v[i].msg);
	eval_free(ev);
	diags_release(&d);
	return ok;
}

static bool try_models(struct trial *t, long models)
{
	return try_models_why(t, models, NULL);
}

/* The most models the points left could pay for (SUGGEST_MAX_MODELS when nothing limits). */
static long affordable(const struct eval *ev, size_t li, const struct entry *e)
{
	const struct elist *el = &ev->lists[li];
	long most = SUGGEST_MAX_MODELS;
	for (size_t c = 0; c < ev->sys->n_costs; c++) {
		if (el->limits[c] < 0 || e->costs[c] <= 0)
			continue;
		int64_t left = el->limits[c] - el->totals[c] - (e->unit_costs ? e->unit_costs[c] : 0);
		int64_t n = left < 0 ? 0 : left / e->costs[c];
		if (n < most)
			most = (long)n;
	}
	return most;
}

/* A new unit takes what its catalog makes compulsory, as a builder selects it: each option
 * its min asks for, under its parent when that is taken (per one of it, as a child counts),
 * and each choice's default up to the choice's min, less what the choice's other options'
 * mins take. Those options of e in *opts (grown as needed; the caller frees it), each naming
 * its parent, and their number. A parent stands before its options in e's array. */
static size_t compulsory(const struct entry *e, struct r_option **opts, size_t *cap_opts,
                         long **wants)
{
	size_t no = 0;
	if (e->n_options == 0)
		return 0;
	size_t *at = xcalloc(e->n_options, sizeof(*at)); /* 1 + its index in *opts; 0: none */
	long *others = xcalloc(e->n_choices + 1, sizeof(*others));
	for (size_t k = 0; k < e->n_options; k++) {
		const struct entry_option *o = &e->options[k];
		if (o->in_choice && e->choices[o->in_choice - 1].def != k + 1 && o->min > 0 &&
		    others[o->in_choice - 1] < 1000)
			others[o->in_choice - 1] += o->min;
	}
	for (size_t k = 0; k < e->n_options; k++) {
		const struct entry_option *o = &e->options[k];
		long want = o->min;
		if (o->in_choice) {
			const struct opt_choice *c = &e->choices[o->in_choice - 1];
			if (c->def == k + 1 && want < c->min - others[o->in_choice - 1])
				want = c->min - others[o->in_choice - 1];
		}
		size_t up = o->up ? at[o->up - 1] : 0;
		long per = up ? (*opts)[up - 1].count : 1;
		if (want <= 0 || (o->up && up == 0) || want > 1000 / per)
			continue;
		size_t cap = *cap_opts;
		GROW(*opts, *cap_opts, no + 1);
		if (cap != *cap_opts)
			*wants = xreallocarray(*wants, *cap_opts, sizeof(**wants));
		(*wants)[no] = want;
		memset(&(*opts)[no], 0, sizeof((*opts)[no]));
		(*opts)[no].opt = o;
		(*opts)[no].count = (int32_t)(want * per);
		(*opts)[no].up = (uint32_t)up;
		at[k] = ++no;
	}
	free(at);
	free(others);
	return no;
}

/* A unit of kinds of model as its builder makes it: its models, what it costs, and what one
 * model more of it costs (both per cost type, NULL for any other unit). */
struct built {
	long floor;
	int64_t *costs, *more;
};

static void built_release(struct built *bu)
{
	free(bu->costs);
	free(bu->more);
}

/* What the new unit of t costs in cost type c with the models it holds now. */
static int64_t new_unit_cost(const struct trial *t, size_t c)
{
	const struct r_unit *nu = &t->units[t->r->lists[t->li].n_units];
	int64_t sum = nu->entry->unit_costs ? nu->entry->unit_costs[c] : 0;
	for (size_t k = 0; k < nu->n_opts; k++) {
		int64_t v = eval_option_cost(&nu->opts[k], nu->models, c);
		if (v == INT64_MAX || __builtin_add_overflow(sum, v, &sum))
			return INT64_MAX;
	}
	return sum;
}

/* Sets t up for a new unit of kinds of model (entry has_models) holding the options its
 * builder selects: its models are theirs (bu->floor), the first model option at its root that
 * may be taken more is the one that grows (none: the unit is as it is built), and bu gets
 * its costs. Returns the most models the points left could pay for (below bu->floor when not
 * even those). */
static long kinds_of_model(struct trial *t, const struct eval *ev, struct built *bu)
{
	const struct r_unit *nu = &t->units[t->r->lists[t->li].n_units];
	const struct system *sys = ev->sys;
	const struct elist *el = &ev->lists[t->li];
	long sum = 0;
	t->grow = -1;
	for (size_t k = 0; k < nu->n_opts; k++) {
		const struct entry_option *o = nu->opts[k].opt;
		if (!o->model || nu->opts[k].train)
			continue;
		sum += nu->opts[k].count;
		if (t->grow < 0 && nu->opts[k].up == 0 && o->max > t->want[k])
			t->grow = (long)k;
	}
	bu->floor = sum > 0 ? sum : 1;
	t->fixed = t->grow < 0 ? 0 : bu->floor - t->want[t->grow];
	long most = t->grow < 0 ? bu->floor : SUGGEST_MAX_MODELS;
	if (t->grow >= 0 && nu->opts[t->grow].opt->max < OPTION_UNBOUNDED &&
	    t->fixed + nu->opts[t->grow].opt->max < most)
		most = t->fixed + nu->opts[t->grow].opt->max;
	bu->costs = xcalloc(sys->n_costs + 1, sizeof(*bu->costs));
	bu->more = xcalloc(sys->n_costs + 1, sizeof(*bu->more));
	set_models(t, bu->floor);
	for (size_t c = 0; c < sys->n_costs; c++)
		bu->costs[c] = new_unit_cost(t, c);
	if (t->grow >= 0) {
		set_models(t, bu->floor + 1);
		for (size_t c = 0; c < sys->n_costs; c++) {
			int64_t v = new_unit_cost(t, c);
			bu->more[c] = v == INT64_MAX || bu->costs[c] == INT64_MAX ? 0 : v - bu->costs[c];
		}
		set_models(t, bu->floor);
	}
	for (size_t c = 0; c < sys->n_costs; c++) {
		if (el->limits[c] < 0 || bu->costs[c] <= 0)
			continue;
		int64_t left = el->limits[c] - el->totals[c] - bu->costs[c];
		if (left < 0)
			return bu->floor - 1;
		if (bu->more[c] > 0 && bu->floor + left / bu->more[c] < most)
			most = (long)(bu->floor + left / bu->more[c]);
	}
	return most;
}

/* Sets t up for a new unit taken whole (entry_taken_whole: a regiment with no model in it, an
 * upgrade), which is added one at a time: its number is how often it is taken, and one more
 * of it is not. bu gets what one costs with the options its builder selects (bu->more none).
 * Returns 1 when the points left pay for it, else 0. */
static long whole_unit(struct trial *t, const struct eval *ev, struct built *bu)
{
	const struct system *sys = ev->sys;
	const struct elist *el = &ev->lists[t->li];
	const struct entry *e = t->units[t->r->lists[t->li].n_units].entry;
	long most = 1;
	bu->costs = xcalloc(sys->n_costs + 1, sizeof(*bu->costs));
	bu->more = xcalloc(sys->n_costs + 1, sizeof(*bu->more));
	set_models(t, 1);
	for (size_t c = 0; c < sys->n_costs; c++) {
		int64_t v = new_unit_cost(t, c);
		if (v == INT64_MAX || __builtin_add_overflow(v, (int64_t)e->costs[c], &v))
			v = INT64_MAX;
		bu->costs[c] = v;
		if (el->limits[c] >= 0 && v > 0 && v > el->limits[c] - el->totals[c])
			most = 0;
	}
	return most;
}

static bool widest(struct trial *t, long lo, long most, long *lo_out, long *hi_out);

/* The fewest models of the new unit that keep the list legal, and the most, up to most:
 * false when no count does. */
static bool model_range(struct trial *t, long floor, long most, long *lo_out, long *hi_out)
{
	if (floor > 1) {
		/* A unit of kinds of model: its fewest models are those its builder selects. */
		if (!try_models(t, floor))
			return false;
		return widest(t, floor, most, lo_out, hi_out);
	}
	/* The fewest models: a few probes up to 32 (an entry no count makes legal costs
	 * ten evaluations, not 32), then the gap below the first that works. */
	static const long probes[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 };
	long lo = 0, below = 0;
	for (size_t p = 0; p < MUSTER_ARRAY_LEN(probes) && probes[p] <= most && lo == 0; p++) {
		if (try_models(t, probes[p]))
			lo = probes[p];
		else
			below = probes[p];
	}
	if (lo == 0)
		return false;
	for (long m = below + 1; m < lo; m++)
		if (try_models(t, m)) {
			lo = m;
			break;
		}
	return widest(t, lo, most, lo_out, hi_out);
}

/* The largest count that keeps the list legal, between lo (fine) and most. */
static bool widest(struct trial *t, long lo, long most, long *lo_out, long *hi_out)
{
	long hi = lo, top = most;
	if (top > hi && try_models(t, top)) {
		hi = top;
	} else {
		while (top - hi > 1) {
			long mid = hi + (top - hi) / 2;
			if (try_models(t, mid))
				hi = mid;
			else
				top = mid;
		}
	}
	*lo_out = lo;
	*hi_out = hi;
	return true;
}

/* Tries a new unit of e as its builder makes it, in list t->li: 1 with *sg filled when it is
 * suggested or not legal yet, else 0. opts holds its options (grown as needed). */
static size_t probe_entry(struct trial *t, const struct eval *ev, const struct entry *e,
                          struct r_option **opts, size_t *cap_opts, struct suggestion *sg)
{
	struct r_unit *nu = &t->units[t->r->lists[t->li].n_units];
	size_t no = compulsory(e, opts, cap_opts, &t->want);
	memset(nu, 0, sizeof(*nu));
	nu->entry = e;
	nu->opts = *opts;
	nu->n_opts = no;
	nu->band = -1;
	struct built bu = { 1, NULL, NULL };
	t->grow = -1;
	long most = e->has_models ? kinds_of_model(t, ev, &bu)
	            : entry_taken_whole(ev->sys, e) ? whole_unit(t, ev, &bu)
	                                            : affordable(ev, t->li, e);
	long lo = 0, hi = 0;
	char *why = NULL;
	/* An entry no count makes legal yet: the first rule its fewest models break. */
	if (most < bu.floor || (!model_range(t, bu.floor, most, &lo, &hi) &&
	                        (try_models_why(t, bu.floor, &why) || why == NULL))) {
		built_release(&bu);
		return 0;
	}
	sg->e = e;
	sg->min_models = lo;
	sg->max_models = hi;
	sg->why = why;
	sg->costs = bu.costs;
	sg->more = bu.more;
	return 1;
}

long suggest_list(const struct roster *r, size_t li, struct suggestion **out, struct diags *d)
{
	*out = NULL;
	if (li >= r->n_lists)
		return 0;
	/* The roster's own budget, left as it was for the caller's later checks. */
	uint64_t budget = rx_budget_left();
	struct roster one;
	if (!r->sys->roster_aggs) {
		/* List li alone: nothing it is judged by reads another list. */
		one = *r;
		one.lists = &r->lists[li];
		one.n_lists = 1;
		r = &one;
		li = 0;
	}
	rx_budget_reset(RX_WORK_BUDGET);
	struct eval *ev = eval_new(r, d);
	if (ev == NULL) {
		rx_budget_reset(budget);
		return -1;
	}
	struct diags bd = DIAGS_INIT;
	check_roster(ev, &bd);
	if (bd.fatals) {
		diags_merge(d, &bd);
		diags_release(&bd);
		eval_free(ev);
		rx_budget_reset(budget);
		return -1;
	}
	struct base b = { 0 };
	base_count(&b, &bd);
	diags_release(&bd);

	const struct r_list *l = &r->lists[li];
	struct diags stop = DIAGS_INIT;
	struct trial t = { r, li, *r, NULL, NULL, &b, xcalloc(b.n + 1, sizeof(size_t)), &stop, 0,
	                   -1, 0, NULL };
	t.lists = xcalloc(r->n_lists + 1, sizeof(*t.lists));
	memcpy(t.lists, r->lists, r->n_lists * sizeof(*t.lists));
	t.units = xcalloc(l->n_units + 1, sizeof(*t.units));
	if (l->n_units)
		memcpy(t.units, l->units, l->n_units * sizeof(*t.units));
	t.lists[li].units = t.units;
	t.lists[li].n_units = l->n_units + 1;
	t.copy.lists = t.lists;
	struct r_option *opts = NULL;
	size_t cap_opts = 0, n = 0, cap = 0;
	const struct system *sys = r->sys;
	/* A system that holds lists to their faction names their allies too (faction.h). */
	bool own = sys->factions && sys->factions->own;
	for (size_t c = 0; c < sys->n_catalogs && !stop.fatals; c++) {
		const struct catalog *cat = sys->catalogs[c];
		for (size_t i = 0; i < cat->n_entries && !stop.fatals; i++) {
			const struct entry *e = entry_made(&cat->entries[i]);
			if (l->faction && !(own ? faction_allows(sys, l->faction, e)
			                        : entry_in_group(e, l->faction)))
				continue;
			GROW(*out, cap, n + 1);
			n += probe_entry(&t, ev, e, &opts, &cap_opts, &(*out)[n]);
		}
	}
	free(opts);
	free(t.want);
	free(t.units);
	free(t.lists);
	free(t.seen);
	free(b.counts);
	idx_free(b.ix);
	eval_free(ev);
	rx_budget_reset(budget);
	if (stop.fatals) {
		diags_merge(d, &stop);
		diags_release(&stop);
		suggestions_free(*out, (long)n);
		*out = NULL;
		return -1;
	}
	diags_release(&stop);
	return (long)n;
}

void suggestions_free(struct suggestion *sg, long n)
{
	for (long i = 0; sg && i < n; i++) {
		free(sg[i].why);
		free(sg[i].costs);
		free(sg[i].more);
	}
	free(sg);
}
