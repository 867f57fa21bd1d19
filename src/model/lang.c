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
	free(s->anchor);
	if (!s->expr_borrowed)
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

struct expr *expr_num(long v, long line)
{
	struct expr *e = xcalloc(1, sizeof(*e));
	e->kind = EX_NUM;
	e->num = v;
	e->line = line;
	return e;
}

struct expr *expr_two(enum expr_kind k, struct expr *a, struct expr *b, long line)
{
	struct expr *e = xcalloc(1, sizeof(*e));
	e->kind = k;
	e->line = line;
	e->kids = xcalloc(2, sizeof(*e->kids));
	e->kids[0] = a;
	e->kids[1] = b;
	e->n_kids = b ? 2 : 1;
	return e;
}

struct expr *expr_agg(struct agg *a)
{
	struct expr *e = xcalloc(1, sizeof(*e));
	e->kind = EX_AGG;
	e->agg = a;
	e->line = a->line;
	return e;
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
	free(r->covered_by);
	sel_free(r->when);
	sel_free(r->each_sel);
	sel_free(r->where);
	sel_free(r->unlimited);
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

void sel_required_keywords(const struct sel *s, void (*fn)(size_t kw, void *arg), void *arg)
{
	if (s->kind == SEL_KEYWORD)
		fn(s->index, arg);
	else if (s->kind == SEL_ALL)
		for (size_t i = 0; i < s->n_kids; i++)
			sel_required_keywords(s->kids[i], fn, arg);
}
