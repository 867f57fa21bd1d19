/* check-limits.c - the bounds on options and choices, cost limits and hidden entries taken
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * What a catalog's (or BattleScribe's) option and choice bounds, a roster's cost limits and its
 * cost loops say of each unit, apart from the rules of check.c. Linear in the roster: a unit's
 * options are walked once.
 */
#include "muster.h"
#include "check-int.h"
#include "decimal.h"
#include "idx.h"
#include "lang.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* How many of its parent option (the unit counts as one) the unit took. */
static long parent_count(const struct checker *k, uint32_t up)
{
	if (up == 0)
		return 1;
	return k->at[up - 1] ? (long)k->took[up - 1] : 0;
}

/* The reference of a minimum: its own, or the one of the whole range. */
static const char *min_ref(const char *own, const char *range)
{
	return own ? own : range;
}

/* Option ro of unit u, the first of its option, taken taken times in all. */
static void option_max(struct checker *k, const struct r_unit *u, const struct r_option *ro,
                       long taken)
{
	const struct entry_option *o = ro->opt;
	const char *who = r_unit_name(u);
	if (o->up == 0) {
		if (taken > o->max) {
			diags_add(k->d, SEV_ERROR, k->ros->file, u->line, u->col, o->ref, "catalog-option-max",
			          ngettext("%s takes option '%s' %ld time; the catalog allows at most %ld",
			                   "%s takes option '%s' %ld times; the catalog allows at most %ld",
			                   (unsigned long)taken),
			          who, o->name, taken, o->max);
			k->errors++;
		}
		return;
	}
	const struct entry_option *par = &u->entry->options[o->up - 1];
	long per = parent_count(k, o->up);
	if (o->max < OPTION_UNBOUNDED && taken > o->max * per) {
		/* BattleScribe's constraint on its parent: the breach is the parent's (its first). */
		const struct r_option *at = o->def && k->at[o->up - 1] ? &u->opts[k->at[o->up - 1] - 1] : ro;
		diags_add(k->d, SEV_ERROR, k->ros->file, at->line, at->col, o->ref, "catalog-option-max",
		          ngettext("%s takes option '%s' %ld time; the catalog allows at most %ld for "
		                   "each '%s', %ld here",
		                   "%s takes option '%s' %ld times; the catalog allows at most %ld for "
		                   "each '%s', %ld here",
		                   (unsigned long)taken),
		          who, o->name, taken, o->max, par->name, o->max * per);
		k->errors++;
	}
}

/* Option o (index oi of unit u's entry) taken k->grp_sum[oi] times right under the selection
 * k->grp_up[oi] - 1 of u: BattleScribe's maximum per parent, checked for each selection of the
 * parent (a collective one of count n allows n times the maximum), reported at that parent. */
static void parent_max(struct checker *k, const struct r_unit *u, size_t oi)
{
	const struct entry_option *o = &u->entry->options[oi];
	const struct r_option *rp = &u->opts[k->grp_up[oi] - 1];
	long taken = (long)k->grp_sum[oi], per = rp->count;
	k->grp_up[oi] = 0;
	if (o->max >= OPTION_UNBOUNDED || taken <= o->max * per)
		return;
	diags_add(k->d, SEV_ERROR, k->ros->file, rp->line, rp->col, o->ref, "catalog-option-max",
	          ngettext("%s takes option '%s' %ld time; the catalog allows at most %ld for "
	                   "each '%s', %ld here",
	                   "%s takes option '%s' %ld times; the catalog allows at most %ld for "
	                   "each '%s', %ld here",
	                   (unsigned long)taken),
	          r_unit_name(u), o->name, taken, o->max, rp->opt->name,
	          o->max * per);
	k->errors++;
}

/* Selection i of unit u, of option oi of its entry, right under selection ro->up - 1: summed
 * with the others of oi under that parent. A unit's selections are in document order, a
 * subtree right after its root, so those of oi under one parent come before those under the
 * next: the sum of the one before is checked when the parent changes (or at the end). */
static void parent_sum(struct checker *k, const struct r_unit *u, size_t oi,
                       const struct r_option *ro)
{
	if (k->grp_up[oi] == ro->up) {
		k->grp_sum[oi] += ro->count;
		return;
	}
	if (k->grp_up[oi])
		parent_max(k, u, oi);
	k->grp_up[oi] = ro->up;
	k->grp_sum[oi] = ro->count;
}

/* Option o's minimum on unit eu of list li. */
static void option_min(struct checker *k, size_t li, const struct eunit *eu,
                       const struct entry_option *o)
{
	const struct r_unit *u = eu->ru;
	const char *who = r_unit_name(u);
	uint32_t at = k->at[o - u->entry->options];
	long taken = (long)k->took[o - u->entry->options];
	if (eval_option_hidden(k->ev, li, eu, o, at ? &u->opts[at - 1] : NULL))
		return; /* BattleScribe keeps no constraint of a hidden entry */
	if (o->up == 0) {
		if (taken < o->min) {
			diags_add(k->d, SEV_ERROR, k->ros->file, u->line, u->col, min_ref(o->min_ref, o->ref),
			          "catalog-option-min",
			          ngettext("%s must take option '%s' at least %ld time",
			                   "%s must take option '%s' at least %ld times",
			                   (unsigned long)o->min),
			          who, o->name, o->min);
			k->errors++;
		}
		return;
	}
	long per = parent_count(k, o->up);
	if (per == 0 || taken >= o->min * per)
		return;
	const struct entry_option *par = &u->entry->options[o->up - 1];
	const struct r_option *rp = &u->opts[k->at[o->up - 1] - 1];
	diags_add(k->d, SEV_ERROR, k->ros->file, rp->line, rp->col, min_ref(o->min_ref, o->ref),
	          "catalog-option-min",
	          ngettext("%s must take option '%s' at least %ld time for each '%s', %ld here",
	                   "%s must take option '%s' at least %ld times for each '%s', %ld here",
	                   (unsigned long)o->min),
	          who, o->name, o->min, par->name, o->min * per);
	k->errors++;
}

/* Option ro of unit eu of list li, hidden (BattleScribe's hidden="true", or its own hidden
 * modifiers decided on it): an error, its ref "hidden". */
static void option_hidden(struct checker *k, size_t li, const struct eunit *eu,
                          const struct r_option *ro)
{
	const struct r_unit *u = eu->ru;
	const struct entry *e = u->entry;
	if (!eval_option_hidden(k->ev, li, eu, ro->opt, ro))
		return;
	char *id = e->catalog && e->catalog->id ? xasprintf("bs:hidden@%s/%s", e->catalog->id, ro->opt->id)
	                                        : xasprintf("hidden@%s", ro->opt->id);
	diags_add(k->d, SEV_ERROR, k->ros->file, ro->line, ro->col, "hidden", id,
	          _("%s cannot have any selections of %s (hidden)"), r_unit_name(u),
	          ro->opt->name);
	free(id);
	k->errors++;
}

/* <choose>: min..max of its options, for each one of its parent taken, by unit eu of list li. */
static void choice_bounds(struct checker *k, size_t li, const struct eunit *eu, size_t ci)
{
	const struct r_unit *u = eu->ru;
	const struct opt_choice *c = &u->entry->choices[ci];
	long per = parent_count(k, c->up);
	if (per == 0)
		return;
	int64_t took = k->in_choice[ci];
	/* A hidden group's minimum is not kept (its hidden after its modifiers, on this unit). */
	bool few = took < c->min * per && !eval_hidden(k->ev, li, eu, c->hidden, c->hide, c->n_hide);
	bool many = c->max < OPTION_UNBOUNDED && took > c->max * per;
	if (!few && !many)
		return;
	long line = u->line, col = u->col;
	if (c->up) {
		const struct r_option *rp = &u->opts[k->at[c->up - 1] - 1];
		line = rp->line;
		col = rp->col;
	}
	const char *who = r_unit_name(u);
	if (few)
		diags_add(k->d, SEV_ERROR, k->ros->file, line, col, min_ref(c->min_ref, c->ref),
		          "catalog-choice-min",
		          ngettext("%s takes %ld of '%s'; the catalog asks for at least %ld",
		                   "%s takes %ld of '%s'; the catalog asks for at least %ld",
		                   (unsigned long)took),
		          who, (long)took, c->name, c->min * per);
	else
		diags_add(k->d, SEV_ERROR, k->ros->file, line, col, c->ref, "catalog-choice-max",
		          ngettext("%s takes %ld of '%s'; the catalog allows at most %ld",
		                   "%s takes %ld of '%s'; the catalog allows at most %ld",
		                   (unsigned long)took),
		          who, (long)took, c->name, c->max * per);
	k->errors++;
}

/* Whether option o is one of entry e's (a training of campaign.h is not; compared as
 * addresses: the entry of a unit trained may have no options at all). */
static bool entry_option_of(const struct entry *e, const struct entry_option *o)
{
	uintptr_t at = (uintptr_t)o, lo = (uintptr_t)e->options;
	return e->n_options && at >= lo && at < lo + e->n_options * sizeof(*o);
}

/* Whether each selection of unit u of a child option stands right under the latest
 * selection of its parent option before it (a BattleScribe roster's tree, a selection's own
 * right after it): then minimums and choices are kept per parent selection; else (a list
 * that names no parents) over the unit's totals. k->kid_last is left as it was. */
static bool tree_known(struct checker *k, const struct r_unit *u)
{
	const struct entry *e = u->entry;
	memset(k->kid_last, 0, e->n_options * sizeof(*k->kid_last));
	for (size_t i = 0; i < u->n_opts; i++) {
		const struct r_option *ro = &u->opts[i];
		if (!entry_option_of(e, ro->opt))
			continue;
		size_t oi = (size_t)(ro->opt - e->options);
		if (ro->opt->up && (ro->up == 0 || k->kid_last[ro->opt->up - 1] != ro->up))
			return false;
		k->kid_last[oi] = (uint32_t)i + 1;
	}
	return true;
}

/* Entry e's options with a parent and a minimum, and its choices with a parent, by parent
 * option: k->kid_at[p] .. k->kid_at[p + 1] in k->kid, each one's place in kid_pos. Linear in
 * the entry's options and choices. */
static void kids_index(struct checker *k, const struct entry *e)
{
	size_t n = e->n_options, m = e->n_choices;
	GROW(k->kid_at, k->cap_kid_at, n + 1);
	GROW(k->kid, k->cap_kid, n + m + 1);
	GROW(k->kid_pos, k->cap_kid_pos, n + m + 1);
	memset(k->kid_at, 0, (n + 1) * sizeof(*k->kid_at));
	for (size_t i = 0; i < n + m; i++) {
		uint32_t up = i < n ? (e->options[i].min > 0 ? e->options[i].up : 0)
		                    : e->choices[i - n].up;
		if (up)
			k->kid_at[up]++; /* counted one place on, summed below into starts */
	}
	for (size_t p = 1; p <= n; p++)
		k->kid_at[p] += k->kid_at[p - 1];
	/* kid_at[p] is now where the children of p start: fill from there. */
	for (size_t i = 0; i < n + m; i++) {
		uint32_t up = i < n ? (e->options[i].min > 0 ? e->options[i].up : 0)
		                    : e->choices[i - n].up;
		if (!up)
			continue;
		uint32_t at = k->kid_at[up - 1]++;
		k->kid[at] = (uint32_t)i;
		k->kid_pos[i] = at;
	}
	/* kid_at[p] is now where the children of p end, those of p + 1 start: shift back. */
	for (size_t p = n; p > 0; p--)
		k->kid_at[p] = k->kid_at[p - 1];
	k->kid_at[0] = 0;
}

/* Selection ro of unit u, of a child option: its count summed into its parent's, for its
 * own minimum and for its choice's bounds. */
static void kid_add(struct checker *k, const struct r_unit *u, const struct r_option *ro)
{
	const struct entry *e = u->entry;
	const struct entry_option *o = ro->opt;
	if (o->min > 0)
		k->kid_sum[k->kid_pos[o - e->options]] += ro->count;
	if (o->in_choice && e->choices[o->in_choice - 1].up == o->up)
		k->kid_sum[k->kid_pos[e->n_options + o->in_choice - 1]] += ro->count;
}

/* Child option oi of unit eu (list li) taken `sum` times under selection rp of its parent:
 * short of its minimum for each one of the parent (a collective one of count n asks n times
 * it), an error at that parent. */
static void kid_option_min(struct checker *k, size_t li, const struct eunit *eu, size_t oi,
                           const struct r_option *rp, int64_t sum)
{
	const struct r_unit *u = eu->ru;
	const struct entry_option *o = &u->entry->options[oi];
	long need = o->min * rp->count;
	uint32_t at = k->at[oi];
	if (sum >= need || eval_option_hidden(k->ev, li, eu, o, at ? &u->opts[at - 1] : NULL))
		return; /* BattleScribe keeps no constraint of a hidden entry */
	diags_add(k->d, SEV_ERROR, k->ros->file, rp->line, rp->col, min_ref(o->min_ref, o->ref),
	          "catalog-option-min",
	          ngettext("%s must take option '%s' at least %ld time for each '%s', %ld here",
	                   "%s must take option '%s' at least %ld times for each '%s', %ld here",
	                   (unsigned long)o->min),
	          r_unit_name(u), o->name, o->min, rp->opt->name, need);
	k->errors++;
}

/* Choice ci of unit eu (list li), `sum` of its options taken under selection rp of its
 * parent: its min and max for each one of the parent, an error at that parent, naming it. */
static void kid_choice(struct checker *k, size_t li, const struct eunit *eu, size_t ci,
                       const struct r_option *rp, int64_t sum)
{
	const struct r_unit *u = eu->ru;
	const struct opt_choice *c = &u->entry->choices[ci];
	long lo = c->min * rp->count, hi = c->max * rp->count;
	/* A hidden group's minimum is not kept (its hidden after its modifiers, on this unit). */
	bool few = sum < lo && !eval_hidden(k->ev, li, eu, c->hidden, c->hide, c->n_hide);
	bool many = c->max < OPTION_UNBOUNDED && sum > hi;
	const char *who = r_unit_name(u);
	if (few)
		diags_add(k->d, SEV_ERROR, k->ros->file, rp->line, rp->col, min_ref(c->min_ref, c->ref),
		          "catalog-choice-min",
		          ngettext("%s takes %ld of '%s' under this '%s'; the catalog asks for at "
		                   "least %ld for each, %ld here",
		                   "%s takes %ld of '%s' under this '%s'; the catalog asks for at "
		                   "least %ld for each, %ld here",
		                   (unsigned long)sum),
		          who, (long)sum, c->name, rp->opt->name, c->min, lo);
	else if (many)
		diags_add(k->d, SEV_ERROR, k->ros->file, rp->line, rp->col, c->ref, "catalog-choice-max",
		          ngettext("%s takes %ld of '%s' under this '%s'; the catalog allows at most "
		                   "%ld for each, %ld here",
		                   "%s takes %ld of '%s' under this '%s'; the catalog allows at most "
		                   "%ld for each, %ld here",
		                   (unsigned long)sum),
		          who, (long)sum, c->name, rp->opt->name, c->max, hi);
	if (few || many)
		k->errors++;
}

/* The children of selection rp (of option po of unit eu, list li) summed: each checked, then
 * set back to 0 for the next selection of po. */
static void kids_check(struct checker *k, size_t li, const struct eunit *eu, size_t po,
                       const struct r_option *rp)
{
	size_t n = eu->ru->entry->n_options;
	for (uint32_t at = k->kid_at[po]; at < k->kid_at[po + 1]; at++) {
		if (k->kid[at] < n)
			kid_option_min(k, li, eu, k->kid[at], rp, k->kid_sum[at]);
		else
			kid_choice(k, li, eu, k->kid[at] - n, rp, k->kid_sum[at]);
		k->kid_sum[at] = 0;
	}
}

/* Unit eu's (list li) minimums of child options and bounds of choices under a parent, for
 * each selection of the parent, those that hold none of the child too. A selection's own
 * stand right after it, before the next selection of its option (tree_known): the sums of
 * one are checked when the next of its option comes, or at the end. Linear in the
 * selections and their children's bounds; as much memory as the entry's options. */
static void parent_bounds(struct checker *k, size_t li, const struct eunit *eu)
{
	const struct r_unit *u = eu->ru;
	const struct entry *e = u->entry;
	size_t n = e->n_options;
	kids_index(k, e);
	if (k->kid_at[n] == 0)
		return;
	GROW(k->kid_sum, k->cap_kid_sum, k->kid_at[n]);
	memset(k->kid_sum, 0, k->kid_at[n] * sizeof(*k->kid_sum));
	memset(k->kid_last, 0, n * sizeof(*k->kid_last));
	for (size_t i = 0; i < u->n_opts; i++) {
		const struct entry_option *o = u->opts[i].opt;
		if (!entry_option_of(e, o))
			continue;
		size_t oi = (size_t)(o - e->options);
		if (k->kid_last[oi])
			kids_check(k, li, eu, oi, &u->opts[k->kid_last[oi] - 1]);
		k->kid_last[oi] = (uint32_t)i + 1;
		if (o->up)
			kid_add(k, u, &u->opts[i]);
	}
	for (size_t po = 0; po < n; po++)
		if (k->kid_last[po])
			kids_check(k, li, eu, po, &u->opts[k->kid_last[po] - 1]);
}

/* Whether entry e has a child option with a minimum or a choice under a parent (what
 * parent_bounds checks per parent selection): worked out once per numbered entry, not for
 * each of its units. */
static bool has_kids(struct checker *k, const struct entry *e)
{
	unsigned char *memo = NULL;
	if (e->no > 0 && e->no <= k->sys->n_entry_nos) {
		if (k->kids_of == NULL)
			k->kids_of = xcalloc(k->sys->n_entry_nos, 1);
		memo = &k->kids_of[e->no - 1];
		if (*memo)
			return *memo == 2;
	}
	bool any = false;
	for (size_t i = 0; i < e->n_options && !any; i++)
		any = e->options[i].up && e->options[i].min > 0;
	for (size_t ci = 0; ci < e->n_choices && !any; ci++)
		any = e->choices[ci].up != 0;
	if (memo)
		*memo = any ? 2 : 1;
	return any;
}

/* The catalog's own limits on how often a unit takes an option, each child option's per one
 * of its parent, and each choice's: in one pass over the unit's options and one over its
 * entry's. */
void check_option_limits(struct checker *k, const struct elist *el)
{
	size_t li = (size_t)(el - k->ev->lists);
	for (size_t ui = 0; ui < el->n; ui++) {
		const struct r_unit *u = el->units[ui].ru;
		const struct entry *e = u->entry;
		if (e->n_options > k->cap_at)
			GROW(k->at, k->cap_at, e->n_options);
		if (e->n_choices > k->cap_choice)
			GROW(k->in_choice, k->cap_choice, e->n_choices);
		if (e->n_options > k->cap_took) {
			GROW(k->took, k->cap_took, e->n_options);
			GROW(k->grp_up, k->cap_grp_up, e->n_options);
			GROW(k->grp_sum, k->cap_grp_sum, e->n_options);
			GROW(k->kid_last, k->cap_kid_last, e->n_options);
		}
		if (e->n_options) {
			memset(k->at, 0, e->n_options * sizeof(*k->at));
			memset(k->took, 0, e->n_options * sizeof(*k->took));
			memset(k->grp_up, 0, e->n_options * sizeof(*k->grp_up));
		}
		if (e->n_choices)
			memset(k->in_choice, 0, e->n_choices * sizeof(*k->in_choice));
		for (size_t i = 0; i < u->n_opts; i++) {
			const struct entry_option *o = u->opts[i].opt;
			if (entry_option_of(e, o)) { /* a training (campaign.h) is not */
				if (k->at[o - e->options] == 0)
					k->at[o - e->options] = (uint32_t)i + 1;
				k->took[o - e->options] += u->opts[i].count;
				if (o->in_choice)
					k->in_choice[o->in_choice - 1] += u->opts[i].count;
			}
		}
		for (size_t i = 0; i < u->n_opts; i++) {
			const struct entry_option *o = u->opts[i].opt;
			if (!entry_option_of(e, o))
				option_max(k, u, &u->opts[i], u->opts[i].count);
			else if (o->up && u->opts[i].up) /* the roster says under which selection */
				parent_sum(k, u, (size_t)(o - e->options), &u->opts[i]);
			else if (k->at[o - e->options] == i + 1) /* once, at its first */
				option_max(k, u, &u->opts[i], (long)k->took[o - e->options]);
			option_hidden(k, li, &el->units[ui], &u->opts[i]);
		}
		for (size_t i = 0; i < e->n_options; i++)
			if (k->grp_up[i])
				parent_max(k, u, i);
		/* Options not taken count 0; only those with a minimum need a look. Those under a
		 * parent, and choices, are kept per parent selection when the roster says which (an
		 * entry with none of them has nothing to keep so). */
		bool known = e->n_options && has_kids(k, e) && tree_known(k, u);
		for (size_t i = 0; i < e->n_options; i++)
			if (e->options[i].min > 0 && !(known && e->options[i].up))
				option_min(k, li, &el->units[ui], &e->options[i]);
		for (size_t ci = 0; ci < e->n_choices; ci++)
			if (!(known && e->choices[ci].up))
				choice_bounds(k, li, &el->units[ui], ci);
		if (known)
			parent_bounds(k, li, &el->units[ui]);
	}
}

/* A BattleScribe roster's costLimits: the whole roster's costs, every force's, against each,
 * as BattleScribe checks them. */
void check_bs_limits(struct checker *k)
{
	const struct roster *r = k->ros;
	const struct eval *ev = k->ev;
	for (size_t c = 0; r->bs_limits && c < k->sys->n_costs; c++) {
		if (r->bs_limits[c] < 0)
			continue;
		int64_t total = 0;
		for (size_t li = 0; li < ev->n_lists; li++)
			if (!num_add(total, ev->lists[li].totals[c], &total))
				total = INT64_MAX;
		if (total <= r->bs_limits[c])
			continue;
		const char *name = k->sys->costs[c].name;
		char t[DEC_BUF], l[DEC_BUF];
		diags_add(k->d, SEV_ERROR, r->file, r->line, 0, NULL, "bs-cost-limit",
		          _("the roster costs %s %s, over the %s limit of %s"),
		          dec_format(total, k->sys->costs[c].scale, t), name, name,
		          dec_format(r->bs_limits[c], k->sys->costs[c].scale, l));
		k->errors++;
	}
}

/* The loops of cost modifiers (bs-modifiers.c) whose entries the roster all has: one error
 * each, as their modifiers are not applied. */
void check_bs_loops(struct checker *k)
{
	const struct bs_data *bs = k->sys->bs;
	if (bs == NULL || bs->n_loops == 0 || k->ros->bs_limits == NULL)
		return;
	struct idx *has = idx_new();
	for (size_t li = 0; li < k->ev->n_lists; li++)
		for (size_t ui = 0; ui < k->ev->lists[li].n; ui++) {
			const struct entry *e = k->ev->lists[li].units[ui].ru->entry;
			if (!idx_get(has, e->id))
				idx_add(has, e->id, (void *)e);
		}
	for (size_t i = 0; i < bs->n_loops; i++) {
		const struct bs_loop *l = &bs->loops[i];
		if (!idx_get(has, l->a) || !idx_get(has, l->b))
			continue;
		const char *cost = k->sys->costs[l->cost].name;
		if (strcmp(l->a, l->b) == 0)
			diags_add(k->d, SEV_ERROR, k->ros->file, k->ros->line, 0, NULL, "bs-cost-loop",
			          _("modifier %s of %s counts the %s it changes: it is not applied"),
			          l->ref ? l->ref : "?", l->a, cost);
		else
			diags_add(k->d, SEV_ERROR, k->ros->file, k->ros->line, 0, NULL, "bs-cost-loop",
			          _("the %s of %s and of %s count each other: their modifiers are not applied"),
			          cost, l->a, l->b);
		k->errors++;
	}
	idx_free(has);
}

/* The units of list li that are hidden (their entry's hidden="true", or a hidden modifier):
 * each an error, whose reference is the pseudo-constraint "hidden". */
void check_hidden(struct checker *k, size_t li)
{
	const struct elist *el = &k->ev->lists[li];
	const char *list = el->list->name ? el->list->name : el->list->id ? el->list->id : "";
	for (size_t ui = 0; ui < el->n; ui++) {
		const struct eunit *u = &el->units[ui];
		if (!u->hidden)
			continue;
		const struct entry *e = u->ru->entry;
		char *id = e->catalog && e->catalog->id ? xasprintf("bs:hidden@%s/%s", e->catalog->id, e->id)
		                                        : xasprintf("hidden@%s", e->id);
		diags_add(k->d, SEV_ERROR, k->ros->file, u->ru->line, u->ru->col, "hidden", id,
		          _("%s cannot have any selections of %s (hidden)"), list,
		          eval_unit_name(k->ev, u));
		free(id);
		k->errors++;
	}
}

/* List li when it is a BattleScribe force of a hidden forceEntry (its hidden="true", or its
 * set-hidden modifiers decided on the list): a warning, whose reference is "hidden", and
 * true. BattleScribe reports no error for a hidden force, so its verdict stays the same. */
bool check_force_hidden(struct checker *k, size_t li)
{
	const struct r_list *l = k->ev->lists[li].list;
	const struct force_def *fd = l->force;
	if (fd == NULL)
		return false;
	const struct bs_hide *h = fd->hide;
	if (!eval_hidden(k->ev, li, NULL, fd->hidden, h ? h->mods : NULL, h ? h->n : 0))
		return false;
	char *id = xasprintf("hidden@%s", fd->id);
	diags_add(k->d, SEV_WARNING, k->ros->file, l->line, l->col, "hidden", id,
	          _("%s is a hidden force (BattleScribe reports no error for it)"),
	          l->name ? l->name : fd->name);
	free(id);
	return true;
}
