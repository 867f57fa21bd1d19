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
};

/* Whether the list with models models of the candidate is as legal as it is. When why is
 * not NULL and it is not, *why gets the first rule it breaks, "REF: message" (a new string),
 * or NULL when it breaks none but cannot be evaluated. */
static bool try_models_why(struct trial *t, long models, char **why)
{
	if (t->stop->fatals)
		return false;
	t->units[t->r->lists[t->li].n_units].models = models;
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
static size_t compulsory(const struct entry *e, struct r_option **opts, size_t *cap_opts)
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
		GROW(*opts, *cap_opts, no + 1);
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

/* The fewest models of the new unit that keep the list legal, and the most, up to most:
 * false when no count does. */
static bool model_range(struct trial *t, long most, long *lo_out, long *hi_out)
{
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
	long hi = lo, top = most;
	/* The largest count that keeps the list legal, between lo (fine) and top. */
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
	struct trial t = { r, li, *r, NULL, NULL, &b, xcalloc(b.n + 1, sizeof(size_t)), &stop, 0 };
	t.lists = xcalloc(r->n_lists + 1, sizeof(*t.lists));
	memcpy(t.lists, r->lists, r->n_lists * sizeof(*t.lists));
	t.units = xcalloc(l->n_units + 1, sizeof(*t.units));
	if (l->n_units)
		memcpy(t.units, l->units, l->n_units * sizeof(*t.units));
	t.lists[li].units = t.units;
	t.lists[li].n_units = l->n_units + 1;
	t.copy.lists = t.lists;
	struct r_unit *nu = &t.units[l->n_units];
	struct r_option *opts = NULL;
	size_t cap_opts = 0, n = 0, cap = 0;
	const struct system *sys = r->sys;
	/* A system that holds lists to their faction names their allies too (faction.h). */
	bool own = sys->factions && sys->factions->own;
	for (size_t c = 0; c < sys->n_catalogs && !stop.fatals; c++) {
		const struct catalog *cat = sys->catalogs[c];
		for (size_t i = 0; i < cat->n_entries && !stop.fatals; i++) {
			const struct entry *e = &cat->entries[i];
			if (l->faction && !(own ? faction_allows(sys, l->faction, e)
			                        : entry_in_group(e, l->faction)))
				continue;
			long most = affordable(ev, li, e);
			if (most < 1)
				continue;
			size_t no = compulsory(e, &opts, &cap_opts);
			memset(nu, 0, sizeof(*nu));
			nu->entry = e;
			nu->opts = opts;
			nu->n_opts = no;
			nu->band = -1;
			long lo = 0, hi = 0;
			char *why = NULL;
			/* An entry no count makes legal yet: the first rule one model breaks. */
			if (!model_range(&t, most, &lo, &hi) &&
			    (try_models_why(&t, 1, &why) || why == NULL))
				continue;
			GROW(*out, cap, n + 1);
			(*out)[n].e = e;
			(*out)[n].min_models = lo;
			(*out)[n].max_models = hi;
			(*out)[n].why = why;
			n++;
		}
	}
	free(opts);
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
	for (long i = 0; sg && i < n; i++)
		free(sg[i].why);
	free(sg);
}
