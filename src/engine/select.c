/* select.c - selectors: matching units, items and options
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "select.h"
#include "idx.h"
#include "rx.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const struct value *attr_value(const struct attr_def *a, const struct eunit *u,
                                      const struct eitem *w)
{
	if (a->on == ON_ITEM)
		return w ? item_value(w->vals, a) : NULL;
	return &u->vals[a->index];
}

static bool cmp_holds(enum cmp_op op, int r)
{
	switch (op) {
	case CMP_EQ: return r == 0;
	case CMP_NE: return r != 0;
	case CMP_LT: return r < 0;
	case CMP_LE: return r <= 0;
	case CMP_GT: return r > 0;
	case CMP_GE: return r >= 0;
	case CMP_IN: case CMP_NOT_IN: break;
	}
	return false;
}

static bool num_holds(enum cmp_op op, long x, long y)
{
	return cmp_holds(op, (x > y) - (x < y));
}

/* Whether id is entry s->id, or, with s->shared, made by a link to it ("L::id"). */
static bool entry_is(const char *id, const struct sel *s)
{
	if (strcmp(id, s->id) == 0)
		return true;
	size_t n = strlen(id), k = strlen(s->id);
	return s->shared && n > k + 2 && strcmp(id + n - k, s->id) == 0 &&
	       strncmp(id + n - k - 2, "::", 2) == 0;
}

/* Whether option o stands right in the group (choice) of id s->id, or, with s->shared, that a
 * link to it made: BattleScribe counts a selection whose entryGroupId is a childId's, its
 * nearest group only. */
static bool in_group(const struct entry_option *o, const struct entry *e, const struct sel *s)
{
	return o->in_choice && o->in_choice <= e->n_choices &&
	       entry_is(e->choices[o->in_choice - 1].id, s);
}

/* Whether id is one of the ids of path, joined by "::" (a link's, then its target's). */
bool sel_instance_of(const char *id, const char *path)
{
	size_t n = strlen(id);
	for (const char *p = path; p; p = strstr(p, "::"), p = p ? p + 2 : NULL)
		if (strncmp(p, id, n) == 0 && (p[n] == '\0' || strncmp(p + n, "::", 2) == 0))
			return true;
	return false;
}

/* Whether a selection of id path id and type (ENTRY_*), the unit when unit, is the one
 * BattleScribe's scope names: of that entry id, of that type (unit, model, upgrade,
 * model-or-unit), or the root entry's (root-entry). */
bool sel_scope_is(const char *scope, const char *id, enum entry_type type, bool unit)
{
	if (strcmp(scope, "root-entry") == 0)
		return unit;
	if (strcmp(scope, "model-or-unit") == 0)
		return type == ENTRY_MODEL || type == ENTRY_UNIT;
	static const char *const types[] = { "unit", "model", "upgrade" };
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(scope, types[i]) == 0)
			return (size_t)type == i;
	return sel_instance_of(scope, id);
}

/* Whether a selection of this path id and these categories is what s names. */
static bool instance_is(const struct sel *s, const char *id, const size_t *cats, size_t n)
{
	if (s->id)
		return sel_instance_of(s->id, id);
	for (size_t i = 0; i < n; i++)
		if (cats[i] == s->index)
			return true;
	return false;
}

/* Whether a selection of this path id, type (ENTRY_*) and categories is what s names, or of
 * its type's name. */
static bool instance_or_type(const struct sel *s, const char *id, enum entry_type type,
                             const size_t *cats, size_t n)
{
	static const char *const types[] = { "unit", "model", "upgrade" };
	return instance_is(s, id, cats, n) ||
	       (s->id && (size_t)type < sizeof(types) / sizeof(types[0]) &&
	        strcmp(types[type], s->id) == 0);
}

/* SEL_UP_INSTANCE of num 3: the nearest selection that scope s->anchor names, the option
 * decided on itself included (none: the unit decided on), up to the unit, is what s names;
 * false when none is (BattleScribe's scope resolves to no selection). */
static bool scoped_instance(const struct sel *s, const struct eunit *u, const struct r_option *o)
{
	if (u == NULL || s->anchor == NULL)
		return false;
	const struct r_unit *ru = u->ru;
	size_t at = o ? (size_t)(o - ru->opts) + 1 : 0;
	for (size_t depth = 0; at && depth <= ru->n_opts; depth++) {
		const struct entry_option *p = ru->opts[at - 1].opt;
		enum entry_type t = p->model ? ENTRY_MODEL : ENTRY_UPGRADE;
		if (sel_scope_is(s->anchor, p->id, t, false))
			return instance_or_type(s, p->id, t, p->cats, p->n_cats);
		at = ru->opts[at - 1].up;
	}
	const struct entry *e = ru->entry;
	return at == 0 && sel_scope_is(s->anchor, e->id, e->type, true) &&
	       instance_or_type(s, e->id, e->type, u->cats, u->n_cats);
}

/* SEL_UP_INSTANCE: the option decided on, its parent, or one above it, is what s names (the
 * unit holding it too, its type's name included; a force above the unit never is). */
bool sel_up_instance(const struct sel *s, const struct eunit *u, const struct r_option *o)
{
	if (s->num == 3)
		return scoped_instance(s, u, o);
	if (u == NULL || o == NULL)
		return false;
	const struct r_unit *ru = u->ru;
	uint32_t at = s->num == 0 ? (uint32_t)(o - ru->opts) + 1 : o->up;
	for (int depth = 0; at && depth <= (int)ru->n_opts; depth++) {
		const struct entry_option *p = ru->opts[at - 1].opt;
		if (instance_is(s, p->id, p->cats, p->n_cats))
			return true;
		if (s->num != 2)
			return false;
		at = ru->opts[at - 1].up;
	}
	if (s->num == 0)
		return false;
	static const char *const types[] = { "unit", "model", "upgrade" };
	const struct entry *e = ru->entry;
	return instance_is(s, e->id, u->cats, u->n_cats) ||
	       (s->id && (size_t)e->type < sizeof(types) / sizeof(types[0]) &&
	        strcmp(types[e->type], s->id) == 0);
}

/* SEL_INSTANCE: option o of unit u (o NULL: the unit) is an instance of id. */
static bool instance_of(const char *id, const struct r_option *o, const struct eunit *u)
{
	static const char *const types[] = { "unit", "model", "upgrade" };
	if (o)
		return sel_instance_of(id, o->opt->id) ||
		       strcmp(id, o->opt->model ? "model" : "upgrade") == 0;
	const struct entry *e = u->ru->entry;
	return sel_instance_of(id, e->id) || ((size_t)e->type < sizeof(types) / sizeof(types[0]) &&
	                              strcmp(types[e->type], id) == 0);
}

static bool match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                  const struct eitem *w, const struct r_option *o);

bool sel_match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
               const struct eitem *w)
{
	return match(s, c, u, w, NULL);
}

bool sel_match_option(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                      const struct r_option *o)
{
	return match(s, c, u, NULL, o);
}

static bool has_cat(const size_t *cats, size_t n, size_t cat)
{
	for (size_t i = 0; i < n; i++)
		if (cats[i] == cat)
			return true;
	return false;
}

bool entry_in_group(const struct entry *e, const struct group *g)
{
	for (const struct group *q = e->group; q; q = q->parent)
		if (q == g)
			return true;
	for (size_t i = 0; i < e->n_also; i++)
		for (const struct group *q = e->also[i]; q; q = q->parent)
			if (q == g)
				return true;
	return false;
}

/* Does e belong to a group with id v at level a, through <also-in>? */
static bool also_at_level(const struct entry *e, const struct attr_def *a, const struct value *v,
                          const struct system *sys)
{
	for (size_t i = 0; i < e->n_also; i++)
		for (const struct group *q = e->also[i]; q; q = q->parent)
			if (&sys->attrs[q->level] == a && strcmp(q->id, v->s ? v->s : "") == 0)
				return true;
	return false;
}

/* Do the groups of a (at level la, the one value va and its <also-in> groups) and of b (at
 * level lb) share one? A level matches any of a unit's groups (doc/data-guide.md, "Levels"), so
 * same-as-this and eq-this compare every group of both, not only the ones the entries stand
 * in. Linear in the entries' few <also-in> groups and their parents. */
static bool levels_meet(const struct entry *a, const struct attr_def *la, const struct value *va,
                        const struct entry *b, const struct attr_def *lb, const struct value *vb,
                        const struct system *sys)
{
	if (va->set && vb->set && value_cmp(la, va, vb) == 0)
		return true;
	if (vb->set && also_at_level(a, la, vb, sys))
		return true;
	if (va->set && also_at_level(b, lb, va, sys))
		return true;
	for (size_t i = 0; i < a->n_also; i++)
		for (const struct group *q = a->also[i]; q; q = q->parent) {
			if (&sys->attrs[q->level] != la)
				continue;
			struct value g = { .set = true, .s = q->id };
			if (also_at_level(b, lb, &g, sys))
				return true;
		}
	return false;
}

/* <keyword>: unit u, or its item w, has the keyword or one that provides it. */
static bool match_keyword(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                          const struct eitem *w)
{
	const kwword *set = w ? w->kw : u->kw;
	/* "this" may be seen as it was before an option was taken. */
	if (c->this_kw && ((w && w == c->this_eitem) || (!w && u == c->this_unit &&
	                                                   c->this_eitem == NULL)))
		set = c->this_kw;
	const kwword *prov = c->sys->keywords[s->index].providers;
	for (size_t i = 0; i < c->sys->kw_words; i++)
		if (set[i] & prov[i])
			return true;
	return false;
}

/* <attr>: the attribute of u (or of its item w) compares as s says. */
static bool match_attr(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                       const struct eitem *w)
{
	const struct value *v = attr_value(s->attr, u, w);
	if (v == NULL || !v->set)
		return s->op == CMP_NE || s->op == CMP_NOT_IN;
	if (s->op == CMP_IN || s->op == CMP_NOT_IN) {
		bool in = false;
		for (size_t i = 0; i < s->n_vals && !in; i++)
			in = value_cmp(s->attr, v, &s->vals[i]) == 0 ||
			     (s->attr->type == ATTR_LEVEL && also_at_level(u->ru->entry, s->attr, &s->vals[i], c->sys));
		return s->op == CMP_IN ? in : !in;
	}
	if (s->attr->type == ATTR_LEVEL && also_at_level(u->ru->entry, s->attr, &s->vals[0], c->sys))
		return s->op == CMP_EQ;
	return cmp_holds(s->op, value_cmp(s->attr, v, &s->vals[0]));
}

/* <same-as-this>: u (or w) has the value of the attribute that the item checked has. */
static bool match_same_as_this(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                               const struct eitem *w)
{
	if (c->this_unit == NULL)
		return false;
	const struct value *v = attr_value(s->attr, u, w);
	const struct value *t = attr_value(s->attr, c->this_unit, c->this_eitem);
	if (v == NULL || t == NULL)
		return false;
	if (s->attr->type == ATTR_LEVEL && w == NULL && c->this_eitem == NULL)
		return levels_meet(u->ru->entry, s->attr, v, c->this_unit->ru->entry, s->attr, t,
		                   c->sys);
	if (!v->set || !t->set)
		return false;
	return value_cmp(s->attr, v, t) == 0;
}

/* <attr eq-this=...>: u's (or w's) attribute compares with another of the item checked. */
static bool match_attr_this(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                            const struct eitem *w)
{
	if (c->this_unit == NULL)
		return false;
	const struct value *v = attr_value(s->attr, u, w);
	const struct value *t = attr_value(s->this_attr, c->this_unit, c->this_eitem);
	if (v == NULL || t == NULL)
		return false;
	/* eq-this= and ne-this= on levels, as eq= does: any group of either unit. */
	if (s->attr->type == ATTR_LEVEL && s->this_attr->type == ATTR_LEVEL && w == NULL &&
	    c->this_eitem == NULL && (s->op == CMP_EQ || s->op == CMP_NE)) {
		bool meet = levels_meet(u->ru->entry, s->attr, v, c->this_unit->ru->entry,
		                        s->this_attr, t, c->sys);
		return s->op == CMP_EQ ? meet : !meet && v->set && t->set;
	}
	if (!v->set || !t->set)
		return false;
	return cmp_holds(s->op, value_cmp(s->attr, v, t));
}

static bool decide(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                   const struct eitem *w, const struct r_option *o);

/* The row of verdicts of unit u's entry that keeps s's, or NULL when s is decided for u alone. */
static unsigned char **memo_row(const struct sel *s, const struct sel_ctx *c,
                                const struct eunit *u)
{
	const struct sel_memo *m = c->memo;
	size_t no = u->ru->entry->no;
	if (m == NULL || no == 0 || no > m->n_rows || s->memo > m->n_slots ||
	    !sel_entry_verdict(s, c, u))
		return NULL;
	return &m->rows[no - 1];
}

/* Decides s on unit u for its entry, and keeps the verdict in the entry's row. */
static bool decide_for_entry(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                             unsigned char **row)
{
	if (*row == NULL)
		*row = arena_alloc(c->memo->arena, c->memo->n_slots, 1);
	unsigned char *v = &(*row)[s->memo - 1];
	*v = decide(s, c, u, NULL, NULL) ? SEL_YES : SEL_NO;
	return *v == SEL_YES;
}

/* s on unit u, decided once for u's entry when s depends on the entry alone (sel.memo). */
static bool match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                  const struct eitem *w, const struct r_option *o)
{
	unsigned char **row = s->memo && !w && !o ? memo_row(s, c, u) : NULL;
	if (row == NULL)
		return decide(s, c, u, w, o);
	if (*row == NULL || (*row)[s->memo - 1] == 0)
		return decide_for_entry(s, c, u, row);
	return (*row)[s->memo - 1] == SEL_YES;
}

static bool decide(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                   const struct eitem *w, const struct r_option *o)
{
	switch (s->kind) {
	case SEL_ALL:
		for (size_t i = 0; i < s->n_kids; i++)
			if (!match(s->kids[i], c, u, w, o))
				return false;
		return true;
	case SEL_ANY:
		for (size_t i = 0; i < s->n_kids; i++)
			if (match(s->kids[i], c, u, w, o))
				return true;
		return false;
	case SEL_NOT:
		for (size_t i = 0; i < s->n_kids; i++)
			if (match(s->kids[i], c, u, w, o))
				return false;
		return true;
	case SEL_ENTRY:
		return entry_is(o ? o->opt->id : w ? w->w->id : u->ru->entry->id, s) ||
		       (o && in_group(o->opt, u->ru->entry, s));
	case SEL_UNIT_ENTRY:
		return strcmp(u->ru->entry->id, s->id) == 0;
	case SEL_ORIGIN:
		return o && (o->opt->def == s->origin || o->opt->via == s->origin);
	case SEL_INSTANCE:
		return instance_of(s->id, o, u);
	case SEL_CATEGORY:
		if (o)
			return has_cat(o->opt->cats, o->opt->n_cats, s->index);
		return has_cat(u->cats, u->n_cats, s->index);
	case SEL_KEYWORD:
		return match_keyword(s, c, u, w);
	case SEL_ATTR:
		return match_attr(s, c, u, w);
	case SEL_NAME: {
		const char *name = o ? o->opt->name : w ? w->w->name : u->ru->entry->name;
		return rx_match(s->rx, name) == 1;
	}
	case SEL_SAME_AS_THIS:
		return match_same_as_this(s, c, u, w);
	case SEL_NOT_THIS:
		return w ? w != c->this_eitem : u != c->this_unit;
	case SEL_HAS_ITEM:
		for (size_t i = 0; i < u->n_items; i++)
			if (match(s->kids[0], c, u, &u->items[i], NULL))
				return true;
		return false;
	case SEL_ATTR_THIS:
		return match_attr_this(s, c, u, w);
	case SEL_ATTACHED_TO:
		/* The unit this one joins must match; inside, "this" is still the unit checked. */
		if (u->ru->attach == 0 || c->units == NULL || u->ru->attach > c->n_units)
			return false;
		return match(s->kids[0], c, &c->units[u->ru->attach - 1], NULL, NULL);
	case SEL_ATTACHED_TO_THIS:
		return c->this_unit && u->ru->attach != 0 && c->units && u->ru->attach <= c->n_units &&
		       &c->units[u->ru->attach - 1] == c->this_unit;
	case SEL_MODELS:
		return num_holds(s->op, u->ru->models, s->num);
	case SEL_ATTACHED:
		return u->ru->attach != 0;
	case SEL_FIELD:
		return c->list && num_holds(s->op, c->list->fields[s->index], s->num);
	case SEL_HAS_OPTION:
		for (size_t i = 0; i < u->ru->n_opts; i++)
			if (strcmp(u->ru->opts[i].opt->id, s->id) == 0)
				return true;
		return false;
	case SEL_OFFERS_OPTION: {
		/* The catalog's offer, taken or not: a fact of the entry that data authors copied
		 * into keywords for want of this. */
		const struct entry *e = u->ru->entry;
		for (size_t i = 0; i < e->n_options; i++)
			if (strcmp(e->options[i].id, s->id) == 0)
				return true;
		return false;
	}
	case SEL_GROUP:
		return entry_in_group(u->ru->entry, s->group);
	case SEL_KIND:
		return w && w->w->kind == s->ikind;
	case SEL_PAID:
		return w && w->paid;
	case SEL_TEST:
	case SEL_HAS:
	case SEL_FORCE:
	case SEL_PARENT:
	case SEL_FORCE_ENTRY:
	case SEL_UP_INSTANCE:
	case SEL_COND_REF:
		break; /* conditions: expr.c */
	}
	return false;
}

