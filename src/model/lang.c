/* lang.c - the life cycle of the rule language's structs
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "lang.h"
#include "rx.h"
#include "value.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void sel_free(struct sel *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n_kids; i++)
		sel_free(s->kids[i]);
	free(s->kids);
	free(s->id);
	expr_free(s->expr);
	agg_free(s->agg);
	for (size_t i = 0; i < s->n_vals; i++)
		value_release(&s->vals[i]);
	free(s->vals);
	rx_free(s->rx);
	free(s);
}

void agg_free(struct agg *a)
{
	if (a == NULL)
		return;
	sel_free(a->where);
	free(a->keys);
	free(a->ancestor);
	free(a);
}

void expr_free(struct expr *e)
{
	if (e == NULL)
		return;
	for (size_t i = 0; i < e->n_kids; i++)
		expr_free(e->kids[i]);
	free(e->kids);
	agg_free(e->agg);
	sel_free(e->when);
	free(e);
}

void modifier_release(struct modifier *m)
{
	expr_free(m->value);
	expr_free(m->repeat);
	sel_free(m->when);
	sel_free(m->units);
	free(m->text);
	free(m->ref);
	memset(m, 0, sizeof(*m));
}

void rule_free(struct rule *r)
{
	if (r == NULL)
		return;
	free(r->id);
	free(r->ref);
	free(r->message);
	free(r->description);
	free(r->label);
	sel_free(r->when);
	sel_free(r->each_sel);
	sel_free(r->where);
	agg_free(r->agg);
	expr_free(r->min);
	expr_free(r->max);
	free(r);
}


const char *rule_id(const struct rule *r)
{
	return r->id;
}

const char *rule_ref(const struct rule *r)
{
	return r->ref;
}

const char *rule_id_of(const struct system *sys, size_t i)
{
	return sys->rules[i]->id;
}

const char *rule_ref_of(const struct system *sys, size_t i)
{
	return sys->rules[i]->ref;
}

/* --- describing a rule's bound, for listings ------------------------------------------------ */

static const char *cost_label(const struct system *sys, size_t i)
{
	if (i >= sys->n_costs)
		return "?";
	return sys->costs[i].abbr ? sys->costs[i].abbr : sys->costs[i].name;
}

static void describe_agg(const struct system *sys, const struct agg *a, struct strbuf *sb)
{
	static const char *const scopes[] = { N_("in the unit"), N_("in the list"),
	                                      N_("in the roster"), N_("in the option"),
	                                      N_("under the option's parent"),
	                                      N_("under the option's ancestor"),
	                                      N_("in the force and its child forces"),
	                                      N_("in the child forces") };
	const char *scope = _(scopes[a->scope <= SCOPE_CHILDREN ? a->scope : SCOPE_LIST]);
	switch (a->kind) {
	case AGG_UNITS: strbuf_addf(sb, _("units %s"), scope); break;
	case AGG_MODELS: strbuf_addf(sb, _("models %s"), scope); break;
	case AGG_ITEMS: strbuf_addf(sb, _("items %s"), scope); break;
	case AGG_LISTS: strbuf_addf(sb, _("lists %s"), scope); break;
	case AGG_FORCES: strbuf_addf(sb, _("forces %s"), scope); break;
	case AGG_OPTIONS: strbuf_addf(sb, _("options %s"), scope); break;
	case AGG_COST: strbuf_addf(sb, _("%s spent %s"), cost_label(sys, a->cost), scope); break;
	case AGG_ATTR:
		strbuf_addf(sb, _("the sum of %s %s"), a->attr ? a->attr->name : "?", scope);
		break;
	case AGG_DISTINCT:
		strbuf_addf(sb, _("different %s %s"), a->attr ? a->attr->name : "?", scope);
		break;
	case AGG_HIGHEST:
		strbuf_addf(sb, _("the highest %s %s"), a->attr ? a->attr->name : "?", scope);
		break;
	case AGG_LOWEST:
		strbuf_addf(sb, _("the lowest %s %s"), a->attr ? a->attr->name : "?", scope);
		break;
	}
}

static void describe_expr(const struct system *sys, const struct expr *e, struct strbuf *sb);

static void describe_list(const struct system *sys, const struct expr *e, const char *sep,
                          struct strbuf *sb)
{
	for (size_t i = 0; i < e->n_kids; i++) {
		if (i)
			strbuf_adds(sb, sep);
		describe_expr(sys, e->kids[i], sb);
	}
}

static const char *rounding_word(enum rounding r)
{
	return r == ROUND_UP ? _("rounded up") : _("rounded down");
}

static void describe_expr(const struct system *sys, const struct expr *e, struct strbuf *sb)
{
	if (e == NULL) {
		strbuf_adds(sb, "?");
		return;
	}
	switch (e->kind) {
	case EX_NUM:
		strbuf_addf(sb, "%lld", (long long)e->num);
		break;
	case EX_FIELD:
		strbuf_adds(sb, e->index < sys->n_fields ? sys->fields[e->index].name : "?");
		break;
	case EX_LIMIT:
		strbuf_addf(sb, _("the %s limit"), cost_label(sys, e->index));
		break;
	case EX_THIS:
		strbuf_addf(sb, _("its %s"), e->attr ? e->attr->name : "?");
		break;
	case EX_AGG:
		describe_agg(sys, e->agg, sb);
		break;
	case EX_PER:
		strbuf_addf(sb, e->basis == BASIS_LIMIT
		                ? _("%lld per %lld %s of the limit (%s)")
		                : _("%lld per %lld %s spent (%s)"),
		            (long long)e->num, (long long)e->every, cost_label(sys, e->index),
		            rounding_word(e->round));
		break;
	case EX_PERCENT:
		if (e->n_kids == 1) {
			strbuf_addf(sb, _("%lld%% of "), (long long)e->num);
			describe_expr(sys, e->kids[0], sb);
		} else {
			strbuf_addf(sb, e->basis == BASIS_LIMIT ? _("%lld%% of the %s limit")
			                                        : _("%lld%% of the %s spent"),
			            (long long)e->num, cost_label(sys, e->index));
		}
		strbuf_addf(sb, " (%s)", rounding_word(e->round));
		break;
	case EX_ADD:
	case EX_SUB:
	case EX_MUL:
	case EX_DIV:
		strbuf_adds(sb, "(");
		describe_list(sys, e, e->kind == EX_ADD ? " + " : e->kind == EX_SUB ? " - "
		                      : e->kind == EX_MUL ? " \xc3\x97 " : " / ", sb);
		strbuf_adds(sb, ")");
		break;
	case EX_MIN:
	case EX_MAX:
		strbuf_adds(sb, e->kind == EX_MIN ? _("the least of (") : _("the greatest of ("));
		describe_list(sys, e, ", ", sb);
		strbuf_adds(sb, ")");
		break;
	case EX_CLAMP:
		describe_list(sys, e, ", ", sb);
		if (e->has_lo)
			strbuf_addf(sb, _(", at least %lld"), (long long)e->lo);
		if (e->has_hi)
			strbuf_addf(sb, _(", at most %lld"), (long long)e->hi);
		break;
	case EX_IF:
		describe_expr(sys, e->n_kids ? e->kids[0] : NULL, sb);
		strbuf_adds(sb, _(" when a condition holds"));
		if (e->n_kids > 1) {
			strbuf_adds(sb, _(", otherwise "));
			describe_expr(sys, e->kids[1], sb);
		}
		break;
	}
}

char *rule_describe_bound(const struct system *sys, const struct rule *r)
{
	struct strbuf sb = STRBUF_INIT;
	if (r->require) {
		strbuf_adds(&sb, _("a requirement on each unit or item"));
	} else if (r->agg && r->agg->kind == AGG_DISTINCT && r->min == NULL && r->max &&
	           r->max->kind == EX_NUM && r->max->num == 1) {
		strbuf_adds(&sb, _("at most 1 of "));
		describe_agg(sys, r->agg, &sb);
	} else if (r->agg) {
		describe_agg(sys, r->agg, &sb);
		if (r->min) {
			strbuf_adds(&sb, _(": at least "));
			describe_expr(sys, r->min, &sb);
		}
		if (r->max) {
			strbuf_adds(&sb, r->min ? _(", at most ") : _(": at most "));
			describe_expr(sys, r->max, &sb);
		}
	}
	if (r->each)
		strbuf_adds(&sb, _("; checked for each one"));
	if (r->when)
		strbuf_adds(&sb, _("; only when its condition holds"));
	return strbuf_detach(&sb);
}

void sel_required_keywords(const struct sel *s, void (*fn)(size_t kw, void *arg), void *arg)
{
	if (s->kind == SEL_KEYWORD)
		fn(s->index, arg);
	else if (s->kind == SEL_ALL)
		for (size_t i = 0; i < s->n_kids; i++)
			sel_required_keywords(s->kids[i], fn, arg);
}
