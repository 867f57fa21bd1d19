/* campaign-deriv.c - what the campaign pass (campaign.c) and its trainings and repairs
 * (campaign-train.c) both read: a unit's values and costs, its match with a selector, payments
 * and violations
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Below both: it calls neither, so that the two make no circle.
 */
#include "muster.h"
#include "campaign.h"
#include "campaign-int.h"
#include "eval.h"
#include "lang.h"
#include "select.h"
#include "util.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void deriv_violation(struct deriv *v, const struct ledger_entry *le, long line, long col,
                     const char *ref, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(&v->c->viol, SEV_ERROR, v->r->file, line ? line : le->line, line ? col : le->col,
	          ref, "campaign", "%s", msg);
	free(msg);
}

/* The unit's base value of attribute a: its Level's band for the band attribute. */
long deriv_base_value(const struct deriv *v, const struct camp_unit *u, const struct attr_def *a)
{
	if (a == v->cd->band)
		return u->band;
	const struct value *val = &u->ru->entry->vals[a->index];
	return val->set ? val->i : 0;
}

/* The unit's value of a as its trainings so far change it: the base value, then each
 * constant set, add or multiply of an advance taken, in the order taken, by the evaluation's
 * own arithmetic (eval_attr_num: kept within what the attribute allows). An advance whose
 * value is an expression, or that applies <when> or <repeat>, reads the list as the
 * evaluation sees it after the whole ledger: evaluating the list at every battle would make
 * the ledger cost battles times units, so such a modifier is left out here and the card after
 * evaluation is the authority. An overflow stops at the attribute's bound. */
long deriv_trained_value(const struct deriv *v, const struct camp_unit *u, const struct attr_def *a)
{
	int64_t x = deriv_base_value(v, u, a);
	for (size_t i = 0; i < u->n_trains; i++) {
		const struct option_more *o = option_more(&u->trains[i].adv->opt);
		for (size_t m = 0; m < o->n_mods; m++) {
			const struct modifier *md = &o->mods[m];
			if (md->target != MOD_ATTR || md->attr != a || md->value == NULL ||
			    md->value->kind != EX_NUM || md->when || md->repeat)
				continue;
			int64_t before = x;
			if (eval_attr_num(a, &x, md->op, md->value->num, 1) != 0) {
				/* Past 64 bits: towards the sign the change was going. */
				bool up = md->op == MOD_ADD ? md->value->num > 0
				                            : (before < 0) == (md->value->num < 0);
				x = up ? a->max : a->min;
			}
		}
	}
	return x > LONG_MAX ? LONG_MAX : x < LONG_MIN ? LONG_MIN : (long)x;
}

int64_t deriv_cost_of(const struct deriv *v, const struct camp_unit *u, long models, size_t ci)
{
	int64_t *costs = xcalloc(v->sys->n_costs + 1, sizeof(*costs));
	int64_t x = eval_unit_cost(v->sys, u->ru, models, costs) == 0 ? costs[ci] : INT64_MAX / 4;
	free(costs);
	return x;
}

void deriv_card(const struct camp_unit *u, struct eunit *eu)
{
	memset(eu, 0, sizeof(*eu));
	eu->ru = u->ru;
	eu->kw = u->ru->entry->kw;
	eu->vals = u->ru->entry->vals;
	eu->cats = u->ru->entry->cats;
	eu->n_cats = u->ru->entry->n_cats;
}

/* Does the unit match selector s (NULL: every unit)? Its catalog card, untrained. */
bool deriv_unit_matches(struct deriv *v, const struct camp_unit *u, const struct sel *s)
{
	if (s == NULL)
		return true;
	struct eunit eu;
	deriv_card(u, &eu);
	struct sel_ctx sc = { v->sys, &v->r->lists[u->list], &eu, 1, NULL, NULL, NULL, NULL };
	return sel_match(s, &sc, &eu, NULL);
}

/* Spends amount of currency cur; spending more than the pool holds breaks rule ref. */
void deriv_pay_in(struct deriv *v, const struct ledger_entry *le, long cur, int64_t amount,
                  const char *what, const char *ref)
{
	if (cur < 0)
		return;
	const struct camp_currency *cc = &v->cd->currencies[cur];
	int64_t *pool = &v->c->pools[cur];
	if (amount > *pool)
		deriv_violation(v, le, 0, 0, ref,
		                _("%s costs %" PRId64 " %s; only %" PRId64 " are left"), what, amount, cc->name,
		                *pool);
	*pool -= amount;
}

/* The wounds attribute of a unit's models (1 without one). */
long deriv_wounds_of(const struct deriv *v, const struct camp_unit *u)
{
	long w = v->cd->wounds ? deriv_trained_value(v, u, v->cd->wounds) : 1;
	return w > 0 ? w : 1;
}
