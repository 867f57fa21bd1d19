/* expr.h - evaluating expressions, aggregates and conditions on an evaluated roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * An aggregate over a list (or the roster) is computed once, in one pass over the list, and
 * kept in the evaluation's cache: a rule checked per unit looks its value up by the unit's key
 * (its sub-faction, say), so checking grows linearly with the list, whatever the rules say.
 */
#ifndef MUSTER_EXPR_H
#define MUSTER_EXPR_H

#include "lang.h"
#include "eval.h"
#include "select.h"

/* Where an expression is evaluated: a list of an evaluation, and the unit or item a rule
 * checks (NULL outside <each>). The evaluation's caches fill as aggregates are asked for. */
struct ectx {
	struct eval *ev;
	size_t li;
	const struct eunit *this_u;
	const struct eitem *this_w;
	const struct r_option *this_o; /* a rule checked per option: the one checked, or NULL */
};

enum ev_status expr_eval(const struct expr *e, const struct ectx *c, int64_t *out);
enum ev_status agg_value(const struct agg *a, const struct ectx *c, int64_t *out);
/* Does condition s hold on the context's list? A condition that cannot be evaluated (an
 * overflow) does not hold; *st (may be NULL) says why. */
bool cond_holds(const struct sel *s, const struct ectx *c, enum ev_status *st);
/* The lists an aggregate over lists reads for list li (any li for the roster): [*from, *to). */
void agg_lists(const struct agg *a, const struct eval *ev, size_t li, size_t *from, size_t *to);
/* of="forces": how many forces of lists [from, to) its condition holds on. */
enum ev_status agg_forces(const struct agg *a, struct eval *ev, size_t from, size_t to,
                          int64_t *out);
/* The value a unit (or item, or option) adds to an aggregate of kind a (an option's cost:
 * after its own modifiers, eval_unit_option_cost). */
int64_t agg_item_value(const struct system *sys, const struct agg *a, const struct eunit *u,
                       const struct eitem *w, const struct r_option *o);
/* Calls fn for each thing of unit u that aggregate a counts and its selector matches: the
 * unit itself, each of its items, or each option it took. */
typedef void agg_visit_fn(void *arg, const struct eunit *u, const struct eitem *w,
                          const struct r_option *o);
void agg_visit_unit(const struct agg *a, const struct sel_ctx *c, const struct eunit *u,
                    agg_visit_fn *fn, void *arg);
/* Drops every cached aggregate (after the units they were computed on changed). */
void expr_cache_clear(struct eval *ev);

#endif
