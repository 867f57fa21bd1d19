/* eval-option.c - an option taken, after its own modifiers (BattleScribe's, per instance)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A BattleScribe option's modifiers (option_own) are read once for every place of its
 * definition and link; each is decided here on one instance taken, in document order, on the
 * live values of the roster: the unit that holds it, its place in the unit's tree of options.
 * Its hidden, name and categories are not kept: a caller asks for the instance it shows or
 * checks. Its costs are decided once, by the evaluation (eval_option_costs), and kept in its
 * unit's costs: every total counts them.
 */
#include "muster.h"
#include "eval.h"
#include "diag.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Calls fn(ctx, m, v) for each of o's own modifiers of target t that applies on ro, in
 * document order. */
static void each_own(struct eval *ev, size_t li, const struct eunit *u,
                     const struct entry_option *o, const struct r_option *ro, enum mod_target t,
                     void (*fn)(void *ctx, const struct modifier *m, int64_t v), void *ctx)
{
	for (int p = 0; p < 2; p++) {
		const struct bs_hide *own = option_own(o, p);
		for (size_t i = 0; own && i < own->n; i++) {
			const struct modifier *m = &own->mods[i];
			int64_t v;
			if (m->target == t && eval_decide(m, ev, li, u, ro, &v) > 0)
				fn(ctx, m, v);
		}
	}
}

static void set_hidden(void *ctx, const struct modifier *m, int64_t v)
{
	(void)m;
	*(bool *)ctx = v != 0;
}

bool eval_option_hidden(struct eval *ev, size_t li, const struct eunit *u,
                        const struct entry_option *o, const struct r_option *ro)
{
	bool hidden = o->hidden;
	each_own(ev, li, u, o, ro, MOD_HIDDEN, set_hidden, &hidden);
	return hidden;
}

struct renaming {
	char *name;
	const struct r_option *ro;
};

static void rename_one(void *ctx, const struct modifier *m, int64_t v)
{
	struct renaming *r = ctx;
	eval_rename(&r->name, r->name ? r->name : r->ro->opt->name, m, v, 1);
}

char *eval_option_name(struct eval *ev, size_t li, const struct eunit *u,
                       const struct r_option *ro)
{
	struct renaming r = { NULL, ro };
	each_own(ev, li, u, ro->opt, ro, MOD_NAME, rename_one, &r);
	return r.name;
}

struct recat {
	size_t *cats, n;
	bool changed;
};

static void recat_one(void *ctx, const struct modifier *m, int64_t v)
{
	struct recat *r = ctx;
	(void)v;
	size_t at = r->n;
	for (size_t i = 0; i < r->n; i++)
		if (r->cats[i] == m->index)
			at = i;
	if (m->op == MOD_ADD && at == r->n) {
		r->cats = xreallocarray(r->cats, r->n + 1, sizeof(*r->cats));
		r->cats[r->n++] = m->index;
	} else if (m->op == MOD_REMOVE && at < r->n) {
		memmove(&r->cats[at], &r->cats[at + 1], (r->n - at - 1) * sizeof(*r->cats));
		r->n--;
	}
	r->changed = true;
}

size_t *eval_option_cats(struct eval *ev, size_t li, const struct eunit *u,
                         const struct r_option *ro, size_t *n)
{
	const struct entry_option *o = ro->opt;
	struct recat r = { NULL, o->n_cats, false };
	if (option_own(o, 0) == NULL && option_own(o, 1) == NULL)
		return NULL;
	r.cats = xreallocarray(NULL, o->n_cats + 1, sizeof(*r.cats));
	if (o->n_cats)
		memcpy(r.cats, o->cats, o->n_cats * sizeof(*r.cats));
	each_own(ev, li, u, o, ro, MOD_CATEGORY, recat_one, &r);
	if (!r.changed) {
		free(r.cats);
		return NULL;
	}
	*n = r.n;
	return r.cats;
}

bool eval_option_costs_modified(const struct entry_option *o)
{
	for (int p = 0; p < 2; p++) {
		const struct bs_hide *own = option_own(o, p);
		for (size_t i = 0; own && i < own->n; i++)
			if (own->mods[i].target == MOD_COST)
				return true;
	}
	return false;
}

int eval_option_own_costs(struct eval *ev, size_t li, const struct eunit *u,
                          const struct r_option *ro, int64_t *per)
{
	const struct entry_option *o = ro->opt;
	int changed = 0;
	for (size_t c = 0; c < ev->sys->n_costs; c++)
		per[c] = o->costs[c];
	for (int p = 0; p < 2; p++) {
		const struct bs_hide *own = option_own(o, p);
		for (size_t i = 0; own && i < own->n; i++) {
			const struct modifier *m = &own->mods[i];
			int64_t v;
			if (m->target != MOD_COST || m->index >= ev->sys->n_costs)
				continue;
			int k = eval_decide(m, ev, li, u, ro, &v);
			if (k < 0 || (k > 0 && m->op == MOD_ADD && !num_add(per[m->index], v, &per[m->index])))
				return -1;
			if (k > 0 && m->op == MOD_SET)
				per[m->index] = v;
			changed |= k > 0;
		}
	}
	return changed;
}

int64_t eval_unit_option_cost(const struct system *sys, const struct eunit *u, size_t k, size_t c)
{
	if (u->opt_costs)
		return u->costs[(sys->n_costs ? sys->n_costs : 1) * (1 + k) + c];
	return eval_option_cost(&u->ru->opts[k], u->ru->models, c);
}

/* An option's line changed by its own cost modifiers: into option k of unit u, lines. */
struct opt_change {
	struct eunit *u;
	size_t k;
	int64_t *lines; /* per cost type, in the arena */
};

/* Option k of unit u's line becomes lines: the unit keeps its options' lines after its totals
 * (eval_unit_option_cost), and its totals change by as much. -1 on overflow. */
static int set_option_line(struct eval *ev, struct eunit *u, size_t k, const int64_t *lines)
{
	const struct system *sys = ev->sys;
	const struct r_unit *ru = u->ru;
	size_t nc = sys->n_costs ? sys->n_costs : 1;
	if (!u->opt_costs) {
		int64_t *all = arena_alloc(&ev->arena, nc * ((size_t)ru->n_opts + 1), sizeof(*all));
		memcpy(all, u->costs, nc * sizeof(*all));
		for (size_t i = 0; i < ru->n_opts; i++)
			for (size_t c = 0; c < sys->n_costs; c++)
				all[nc * (1 + i) + c] = eval_option_cost(&ru->opts[i], ru->models, c);
		u->costs = all;
		u->opt_costs = true;
	}
	for (size_t c = 0; c < sys->n_costs; c++) {
		int64_t *at = &u->costs[nc * (1 + k) + c], delta;
		if (__builtin_sub_overflow(lines[c], *at, &delta) || !num_add(u->costs[c], delta, &u->costs[c]))
			return -1;
		*at = lines[c];
	}
	return 0;
}

/* BattleScribe's options' own cost modifiers: each decided on every selection of its option
 * (eval_option_own_costs), in document order, on the roster as the first phase left it
 * (every decision before any change: one option's change is not seen by another's
 * condition); then each line changed, and its unit's totals with it. The cost of a selection
 * is its cost so modified x its number (x models, when paid per model). Returns -1 with a
 * fatal diagnostic on overflow. */
int eval_option_costs(struct eval *ev, struct diags *d)
{
	const struct system *sys = ev->sys;
	if (sys->n_costs == 0)
		return 0;
	int64_t *per = xcalloc(sys->n_costs, sizeof(*per));
	struct opt_change *chs = NULL;
	size_t n = 0, cap = 0;
	const struct r_unit *bad = NULL;
	for (size_t li = 0; li < ev->n_lists && bad == NULL; li++) {
		struct elist *el = &ev->lists[li];
		for (size_t ui = 0; ui < el->n && bad == NULL; ui++) {
			struct eunit *u = &el->units[ui];
			const struct r_unit *ru = u->ru;
			for (size_t k = 0; k < ru->n_opts && bad == NULL; k++) {
				const struct r_option *ro = &ru->opts[k];
				if (!eval_option_costs_modified(ro->opt))
					continue;
				int got = eval_option_own_costs(ev, li, u, ro, per);
				if (got == 0)
					continue;
				int64_t *lines = arena_alloc(&ev->arena, sys->n_costs, sizeof(*lines));
				for (size_t c = 0; got > 0 && c < sys->n_costs; c++)
					if (!num_mul(per[c], ro->count, &lines[c]) ||
					    !num_mul(lines[c], ro->opt->per_model ? ru->models : 1, &lines[c]))
						got = -1;
				if (got < 0) {
					bad = ru;
					break;
				}
				GROW(chs, cap, n + 1);
				chs[n++] = (struct opt_change){ u, k, lines };
			}
		}
	}
	for (size_t i = 0; i < n && bad == NULL; i++)
		if (set_option_line(ev, chs[i].u, chs[i].k, chs[i].lines) != 0)
			bad = chs[i].u->ru;
	free(chs);
	free(per);
	if (bad == NULL)
		return 0;
	diags_add(d, SEV_FATAL, ev->r->file, bad->line, bad->col, NULL, NULL,
	          _("a modifier of %s makes a number too large to count (more than %" PRId64 ")"),
	          r_unit_name(bad), INT64_MAX);
	return -1;
}

int eval_own_cost(const struct eunit *u, const struct modifier *m, int64_t value, long times,
                  int64_t base, int64_t *total)
{
	const struct r_unit *ru = u->ru;
	const struct entry *e = ru->entry;
	size_t c = m->index;
	int64_t models, fixed, own;
	/* What the modifier leaves alone: the options' lines, and with a cost paid once per unit
	 * the models' cost per model. */
	if (!eval_entry_cost(e, ru->models, c, &models) || __builtin_sub_overflow(base, models, &fixed))
		return -1;
	if (e->unit_costs) {
		int64_t per;
		if (!num_mul(e->costs[c], ru->models, &per) || !num_add(fixed, per, &fixed))
			return -1;
	}
	if (__builtin_sub_overflow(*total, fixed, &own) ||
	    (m->op != MOD_MUL && !num_mul(value, e->unit_costs ? 1 : ru->models, &value)))
		return -1;
	/* A set replaces, an add adds times times, a mul multiplies times times (|factor| >= 2
	 * overflows within 63 steps; 0, 1 and -1 are done after a step or two). */
	if (m->op == MOD_SET)
		own = value;
	for (long k = 0; m->op != MOD_SET && k < times; k++) {
		if (m->op == MOD_ADD ? !num_add(own, value, &own) : !num_mul(own, value, &own))
			return -1;
		if (m->op == MOD_MUL && (own == 0 || value == 1))
			break;
	}
	return num_add(fixed, own, total) ? 0 : -1;
}
