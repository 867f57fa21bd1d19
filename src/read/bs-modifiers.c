/* bs-modifiers.c - BattleScribe modifiers of root entries made modifiers of the rule language
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A modifier on a root selectionEntry (or its root entryLink) becomes a struct modifier of the
 * entry (entry.mods), decided on each unit of it, in document order, when it has a shape the
 * language says: field "name" (set, append), "category" (add, remove a category) or a cost
 * type (set, increment, decrement, a whole value); conditions counting selections of an
 * entry, a group, a category or a type, or summing a cost, in the force (with or without
 * child forces) or the roster, of root selections or of every one (includeChildSelections),
 * or within the nearest selection of an entry's id (scope an id), compared with equalTo,
 * notEqualTo, greaterThan, lessThan, atLeast or atMost; condition groups (and, or) within the bound
 * below; modifier groups, whose conditions hold for every modifier within; the repeats of an
 * increment or decrement, their counts added up. The modifiers of a force's categoryLink that
 * change its constraint's value (set, increment, decrement; conditions and repeats as above)
 * become that rule's bound (bs_con_value), a set of -1 no bound. An option's own modifiers
 * (bs_own_mods) of these shapes change its hidden, name, categories or cost per selection of
 * it (engine/eval-option.c). Every other modifier stays kept as not enforced (bs_pend).
 * Part of the reader split by job (bs-int.h).
 */
#include "muster.h"
#include "bs-int.h"
#include "decimal.h"
#include "idx.h"
#include "lang.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

/* Condition groups and modifier groups nest at most this deep (a hostile file's deeper ones
 * stay not enforced). */
#define BS_MOD_DEPTH 16

/* What n->_private holds once its modifier is translated (bs_pend then skips it). */
static char mod_mark;

static struct sel *new_sel(enum sel_kind k)
{
	struct sel *s = xcalloc(1, sizeof(*s));
	s->kind = k;
	s->item = ON_UNIT;
	return s;
}

static void push(struct sel *all, struct sel *k)
{
	all->kids = xreallocarray(all->kids, all->n_kids + 1, sizeof(*all->kids));
	all->kids[all->n_kids++] = k;
}

/* The whole number attribute name of n holds, in [-1e12, 1e12]. */
static bool whole(xmlNodePtr n, const char *name, long *out)
{
	char *v = xml_prop(n, name), *end = NULL;
	double d = v ? strtod(v, &end) : 0;
	bool ok = v && end != v && *end == '\0' && d == (double)(long)d && d >= -1e12 && d <= 1e12;
	free(v);
	*out = ok ? (long)d : 0;
	return ok;
}

/* The decimal attribute name of n holds, times 10^scale (the cost type's the value is of), in
 * [-1e12, 1e12] before scaling. */
static bool scaled(xmlNodePtr n, const char *name, unsigned scale, long *out)
{
	char *v = xml_prop(n, name);
	long lim = 1000000000000L * dec_unit(scale);
	bool ok = dec_parse(v, scale, -lim, lim, out) == DEC_OK;
	free(v);
	if (!ok)
		*out = 0;
	return ok;
}

/* The cost type attribute field of n names, or NULL. */
static const struct cost_def *field_cost(const struct bsctx *c, xmlNodePtr n)
{
	char *field = xml_prop(n, "field");
	const struct cost_def *cd = field ? idx_get(c->sys->cost_idx, field) : NULL;
	free(field);
	return cd;
}

/* Whether childId names a type of selection entry (BattleScribe's unit, model, upgrade). */
static bool type_word(const char *child)
{
	return strcmp(child, "unit") == 0 || strcmp(child, "model") == 0 ||
	       strcmp(child, "upgrade") == 0;
}

/* Whether scope is one of BattleScribe's words for a scope, not an entry's id. */
static bool scope_word(const char *scope)
{
	static const char *const words[] = { "self", "parent", "ancestor", "force", "roster",
		                                 "primary-category", "primary-catalogue" };
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(scope, words[i]) == 0)
			return true;
	return false;
}

/* An aggregate of units or options (counted, or a cost summed) over scope, of what childId
 * names: an entry, a category, or anything ("any"). */
static struct agg *new_agg(struct bsctx *c, xmlNodePtr n, enum attr_on on, long cost,
                           enum scope_kind scope, const char *child)
{
	struct system *sys = c->sys;
	struct agg *a = xcalloc(1, sizeof(*a));
	a->kind = cost >= 0 ? AGG_COST : on == ON_OPTION ? AGG_OPTIONS : AGG_UNITS;
	a->cost = cost >= 0 ? (size_t)cost : 0;
	a->scope = scope;
	a->item = on;
	a->ancestor_cat = -1;
	a->line = xml_line(n);
	a->where = new_sel(SEL_ALL);
	a->where->item = on;
	long cat = bs_category(c, child);
	if (cat < 0 && type_word(child)) {
		struct sel *k = new_sel(SEL_INSTANCE); /* a selection of that type */
		k->item = on;
		k->id = xstrdup(child);
		push(a->where, k);
	} else if (cat >= 0 || strcmp(child, "any") != 0) {
		struct sel *k = new_sel(cat >= 0 ? SEL_CATEGORY : SEL_ENTRY);
		k->item = on;
		k->index = cat >= 0 ? (size_t)cat : 0;
		k->id = cat >= 0 ? NULL : xstrdup(child);
		k->shared = !xml_prop_is(n, "shared", "false");
		push(a->where, k);
	}
	a->slot = sys->n_slots++;
	sys->roster_aggs = sys->roster_aggs || (a->scope != SCOPE_LIST && a->scope != SCOPE_UNIT);
	return a;
}

/* A condition's or repeat's count of forces (field="forces") of forceEntry child (or "any")
 * in the roster (scope roster: its forces, or every force with includeChildForces) or within
 * the force (scope force, or a root entry's parent: every force within it, with
 * includeChildForces); NULL for any other shape. */
static struct expr *forces_counted(struct bsctx *c, xmlNodePtr n, const char *scope,
                                   const char *child)
{
	bool all = xml_prop_is(n, "includeChildForces", "true"), roster = strcmp(scope, "roster") == 0;
	bool force = strcmp(scope, "force") == 0 || (!c->nested && strcmp(scope, "parent") == 0);
	if (!roster && !(force && all))
		return NULL; /* a force's own child forces only: not decided yet */
	struct agg *a = new_agg(c, n, ON_UNIT, -1, roster ? SCOPE_ROSTER : SCOPE_CHILDREN, "any");
	a->kind = AGG_FORCES;
	if (roster && !all) {
		struct sel *top = new_sel(SEL_FORCE);
		top->num = 1; /* not a child force */
		push(a->where, top);
	}
	if (strcmp(child, "any") != 0) {
		struct sel *k = new_sel(SEL_FORCE_ENTRY);
		k->id = xstrdup(child);
		push(a->where, k);
	}
	return expr_agg(a);
}

/* An option's condition or repeat counting the selections of its own tree: scope self (it
 * and what it holds) or parent (what its parent holds, itself among them); NULL for any other
 * scope. */
static struct expr *tree_counted(struct bsctx *c, xmlNodePtr n, const char *scope,
                                 const char *child)
{
	bool self = strcmp(scope, "self") == 0, parent = strcmp(scope, "parent") == 0;
	if (!self && !parent)
		return NULL;
	return expr_agg(new_agg(c, n, ON_OPTION, -1, self ? SCOPE_SELF : SCOPE_PARENT, child));
}

/* A condition's or repeat's count (or cost cd summed, unless NULL) of the selections of child
 * within the nearest selection of entry id scope, itself or one above it (BattleScribe's
 * scope of an entry id; NULL: a root entry's scope self, the unit): what it holds directly,
 * or at every depth with includeChildSelections. Decided on a unit (a root entry's modifier)
 * or an option of it. */
static struct expr *by_id_counted(struct bsctx *c, xmlNodePtr n, const char *scope,
                                  const char *child, const struct cost_def *cd)
{
	struct agg *a = new_agg(c, n, ON_OPTION, cd ? (long)cd->index : -1, SCOPE_ANCESTOR, child);
	a->ancestor = scope ? xstrdup(scope) : NULL;
	a->by_id = true;
	a->deep = xml_prop_is(n, "includeChildSelections", "true");
	return expr_agg(a);
}

/* What a condition or repeat counts (field, scope, childId, or any instead when not NULL) as
 * an expression: the units of the scope, and with includeChildSelections the options they took
 * too; NULL when its shape is none this file translates. */
static struct expr *counted(struct bsctx *c, xmlNodePtr n, const char *any)
{
	char *field = xml_prop(n, "field"), *scope = xml_prop(n, "scope"),
	     *child = any ? xstrdup(any) : xml_prop(n, "childId");
	const struct cost_def *cd = field ? idx_get(c->sys->cost_idx, field) : NULL;
	struct expr *e = NULL;
	if (field && scope && child && strcmp(field, "forces") == 0) {
		e = forces_counted(c, n, scope, child);
		free(field);
		free(scope);
		free(child);
		return e;
	}
	if (c->option && field && scope && child && strcmp(field, "selections") == 0 &&
	    (e = tree_counted(c, n, scope, child)) != NULL) {
		free(field);
		free(scope);
		free(child);
		return e;
	}
	if (c->unit && field && scope && child && strcmp(field, "selections") == 0 &&
	    strcmp(scope, "self") == 0 && xml_prop_is(n, "includeChildSelections", "true")) {
		/* The unit's own selections, at any depth below it. */
		e = expr_agg(new_agg(c, n, ON_OPTION, -1, SCOPE_UNIT, child));
		free(field);
		free(scope);
		free(child);
		return e;
	}
	bool on_sel = c->option || (!c->nested && !c->at_force); /* a selection decides it */
	bool unit_self = !c->nested && !c->at_force && scope && strcmp(scope, "self") == 0;
	if ((unit_self || (on_sel && scope && !scope_word(scope))) && field && child &&
	    (strcmp(field, "selections") == 0 || cd)) {
		e = by_id_counted(c, n, unit_self ? NULL : scope, child, cd);
		free(field);
		free(scope);
		free(child);
		return e;
	}
	bool force = scope && (strcmp(scope, "force") == 0 ||
	                       (!c->nested && strcmp(scope, "parent") == 0));
	bool kids = xml_prop_is(n, "includeChildSelections", "true");
	bool cat = scope && strcmp(scope, "primary-catalogue") == 0;
	bool ok = field && (strcmp(field, "selections") == 0 || cd) && scope && child &&
	          (force || cat || strcmp(scope, "roster") == 0) &&
	          !(kids && cd && strcmp(child, "any") == 0); /* a unit's cost holds its options' */
	if (ok) {
		enum scope_kind sk = cat ? SCOPE_CATALOGUE : !force ? SCOPE_ROSTER
		                     : xml_prop_is(n, "includeChildForces", "true") ? SCOPE_FORCE : SCOPE_LIST;
		long cost = cd ? (long)cd->index : -1;
		e = expr_agg(new_agg(c, n, ON_UNIT, cost, sk, child));
		if (kids)
			e = expr_two(EX_ADD, e, expr_agg(new_agg(c, n, ON_OPTION, cost, sk, child)), e->line);
	}
	free(field);
	free(scope);
	free(child);
	return e;
}

/* A test of whether a selection above (num 0: the one decided on, 1: its parent, 2: an
 * ancestor, 3: the nearest of scope anchor) is an instance of child (a category's id, else an
 * entry's id or a type's name); not: that it is not. */
static struct sel *up_instance(struct bsctx *c, const char *child, int num, const char *anchor,
                               bool not)
{
	long cat = bs_category(c, child);
	struct sel *s = new_sel(SEL_UP_INSTANCE);
	s->num = num;
	s->anchor = anchor ? xstrdup(anchor) : NULL;
	s->index = cat >= 0 ? (size_t)cat : 0;
	s->id = cat >= 0 ? NULL : xstrdup(child);
	if (not) {
		struct sel *no = new_sel(SEL_NOT);
		push(no, s);
		s = no;
	}
	return s;
}

/* An instanceOf (not: notInstanceOf) condition as a test, or NULL. Scope self: whether the
 * unit decided on is an instance of childId (an entry or link id of its path, a category of
 * it, or its type's name). Scope an entry's id (or root-entry, unit, model, upgrade,
 * model-or-unit), decided on a selection: whether the nearest selection of that scope, the
 * one decided on itself included, up to the unit, is one (none: false, true for
 * notInstanceOf), as a count in that scope finds its selection (by_id_counted); on a group's
 * or option's hidden modifier no selection decides it yet. Any other scope names no
 * selection of a root entry's unit (its parent is a force; BattleScribe's force and roster
 * scopes are never instances), so the condition is constant: false, or true for
 * notInstanceOf. */
static struct sel *instance_condition(struct bsctx *c, xmlNodePtr n, bool not)
{
	char *child = xml_prop(n, "childId"), *scope = xml_prop(n, "scope");
	struct sel *s = NULL;
	bool sel = scope && (strcmp(scope, "self") == 0 || strcmp(scope, "parent") == 0 ||
	                     strcmp(scope, "ancestor") == 0);
	bool by_id = scope && *scope && !scope_word(scope);
	bool on_sel = c->option || (!c->nested && !c->at_force); /* a selection decides it */
	if (by_id && child && on_sel) {
		s = up_instance(c, child, 3, scope, not);
	} else if (by_id && child && c->nested) {
		; /* a selection above a group or an option: not decided yet */
	} else if (c->option && sel && child) {
		int num = strcmp(scope, "self") == 0 ? 0 : strcmp(scope, "parent") == 0 ? 1 : 2;
		s = up_instance(c, child, num, NULL, not);
	} else if (c->nested && sel) {
		; /* a selection above a nested one: not decided yet */
	} else if (child && scope && strcmp(scope, "self") == 0) {
		long cat = bs_category(c, child);
		struct agg *a = new_agg(c, n, ON_UNIT, -1, SCOPE_UNIT, "any");
		struct sel *k = new_sel(cat >= 0 ? SEL_CATEGORY : SEL_INSTANCE);
		k->index = cat >= 0 ? (size_t)cat : 0;
		k->id = cat >= 0 ? NULL : xstrdup(child);
		push(a->where, k);
		s = new_sel(SEL_TEST);
		s->op = not ? CMP_LT : CMP_GE;
		s->num = 1;
		s->expr = expr_agg(a);
	} else if (child && scope) {
		s = new_sel(not ? SEL_ALL : SEL_ANY); /* no kids: always true, never true */
	}
	free(child);
	free(scope);
	return s;
}

/* One condition as a test, or NULL. */
static struct sel *condition(struct bsctx *c, xmlNodePtr n)
{
	bool inst = xml_prop_is(n, "type", "instanceOf");
	bool not_inst = xml_prop_is(n, "type", "notInstanceOf");
	if (inst || not_inst)
		return instance_condition(c, n, not_inst);
	static const char *const types[] = { "equalTo", "notEqualTo", "greaterThan", "lessThan",
		                                 "atLeast", "atMost" };
	static const enum cmp_op ops[] = { CMP_EQ, CMP_NE, CMP_GT, CMP_LT, CMP_GE, CMP_LE };
	long v;
	int t = -1;
	for (int i = 0; i < 6; i++)
		if (xml_prop_is(n, "type", types[i]))
			t = i;
	bool pct = xml_prop_is(n, "percentValue", "true");
	const struct cost_def *cd = pct ? NULL : field_cost(c, n);
	if (t < 0 || !scaled(n, "value", cd ? cd->scale : 0, &v))
		return NULL;
	char *child = xml_prop(n, "childId");
	free(child);
	struct expr *e;
	if (child == NULL && c->option && !pct && xml_prop_is(n, "field", "selections") &&
	    xml_prop_is(n, "scope", "ancestor")) {
		/* An option's selections above it, none named: how many stand above it. */
		e = expr_agg(new_agg(c, n, ON_OPTION, -1, SCOPE_ANCESTOR, "any"));
	} else if (child == NULL) {
		return new_sel(SEL_ANY); /* BattleScribe counts nothing: the condition never holds */
	} else {
		e = counted(c, n, NULL);
	}
	if (e == NULL)
		return NULL;
	if (pct) {
		/* count >= value% of all: 100 x count - value x all, compared with 0 (exact). */
		struct expr *all = counted(c, n, "any");
		if (all == NULL) {
			expr_free(e);
			return NULL;
		}
		struct expr *k100 = expr_num(100, e->line), *kv = expr_num(v, e->line);
		e = expr_two(EX_SUB, expr_two(EX_MUL, e, k100, e->line),
		             expr_two(EX_MUL, all, kv, e->line), e->line);
		v = 0;
	}
	struct sel *s = new_sel(SEL_TEST);
	s->op = ops[t];
	s->num = v;
	s->expr = e;
	return s;
}

/* The conditions and condition groups under n, pushed into all (and) or any (or). False when
 * one of them is none this file translates. */
static bool conditions(struct bsctx *c, xmlNodePtr n, struct sel *into, int depth)
{
	if (depth > BS_MOD_DEPTH)
		return false;
	for (xmlNodePtr k = xml_first_elem(xml_child(n, "conditions")); k; k = xml_next_elem(k)) {
		struct sel *s = xml_is(k, "condition") ? condition(c, k) : NULL;
		if (s == NULL)
			return false;
		push(into, s);
	}
	for (xmlNodePtr g = xml_first_elem(xml_child(n, "conditionGroups")); g; g = xml_next_elem(g)) {
		bool or = xml_prop_is(g, "type", "or");
		if (!xml_is(g, "conditionGroup") || (!or && !xml_prop_is(g, "type", "and")))
			return false;
		struct sel *s = new_sel(or ? SEL_ANY : SEL_ALL);
		push(into, s);
		if (!conditions(c, g, s, depth + 1))
			return false;
	}
	return true;
}

/* percentValue: how many times a repeat of r counts every% of all it could count (e, what it
 * counts, consumed): 100 x e / (every x all), rounded, exact; all is at least e, so none
 * counted divides by 1, not 0. NULL (e freed) when all has no shape this file translates. */
static struct expr *percent_per(struct bsctx *c, xmlNodePtr r, struct expr *e, long every,
                                enum rounding round)
{
	long line = xml_line(r);
	struct expr *all = counted(c, r, "any");
	if (all == NULL) {
		expr_free(e);
		return NULL;
	}
	struct expr *den = expr_two(EX_MUL, expr_two(EX_MAX, all, expr_num(1, line), line),
	                            expr_num(every, line), line);
	struct expr *q = expr_two(EX_DIV, expr_two(EX_MUL, e, expr_num(100, line), line), den, line);
	q->round = round;
	return q;
}

/* The repeats of n (a modifier, or a modifier group it stands in) added to *sum: each counts
 * round(what it counts / value) x repeats times (rounded down unless roundUp; with
 * percentValue, value percent of all it could count), and their counts add up, at most
 * BS_MOD_DEPTH of them in all (*k). False when one has a shape not translated (a set, an
 * increment or a decrement of a cost, or an append to a name, repeat: a set repeated applies
 * when it repeats at least once, eval_decide). */
static bool repeats_of(struct bsctx *c, xmlNodePtr n, const struct modifier *m,
                       struct expr **sum_io, size_t *k)
{
	struct expr *sum = *sum_io;
	bool append = m->target == MOD_NAME && m->op == MOD_ADD && m->text && m->text[0];
	for (xmlNodePtr r = xml_first_elem(xml_child(n, "repeats")); r; r = xml_next_elem(r), (*k)++) {
		long every, times;
		struct expr *e = NULL;
		const struct cost_def *cd = field_cost(c, r);
		enum rounding round = xml_prop_is(r, "roundUp", "true") ? ROUND_UP : ROUND_DOWN;
		bool pct = xml_prop_is(r, "percentValue", "true");
		if (*k >= BS_MOD_DEPTH || !xml_is(r, "repeat") || !(m->target == MOD_COST || append) ||
		    !(m->op == MOD_ADD || (m->op == MOD_SET && !append)) || !scaled(r, "value", cd && !pct ? cd->scale : 0, &every) ||
		    every < 1 || !whole(r, "repeats", &times) || times < 1 ||
		    (e = counted(c, r, NULL)) == NULL) {
			*sum_io = sum;
			return false;
		}
		if (pct && (e = percent_per(c, r, e, every, round)) == NULL) {
			*sum_io = sum;
			return false;
		}
		struct expr *per = expr_two(EX_PER, e, NULL, xml_line(r));
		per->num = times;
		per->every = pct ? 1 : every;
		per->round = round;
		sum = sum ? expr_two(EX_ADD, sum, per, per->line) : per;
	}
	*sum_io = sum;
	return true;
}

/* Modifier n's repeats and those of the modifier groups groups[0..n_groups) it stands in, into
 * m (an append repeated appends its text once for each time counted). */
static bool repeats(struct bsctx *c, xmlNodePtr n, struct modifier *m, xmlNodePtr *groups,
                    size_t n_groups)
{
	struct expr *sum = NULL;
	size_t k = 0;
	bool ok = repeats_of(c, n, m, &sum, &k);
	for (size_t i = 0; ok && i < n_groups; i++)
		ok = repeats_of(c, groups[i], m, &sum, &k);
	if (!ok) {
		expr_free(sum);
		return false;
	}
	m->repeat = sum;
	m->every = 1;
	if (sum && m->target == MOD_NAME && m->value == NULL)
		m->value = expr_num(1, m->line);
	return true;
}

/* What modifier n changes (field, type, value) into m. False when not translated. */
static bool change(struct bsctx *c, xmlNodePtr n, struct modifier *m)
{
	char *field = xml_prop(n, "field"), *type = xml_prop(n, "type");
	const struct cost_def *cd = field ? idx_get(c->sys->cost_idx, field) : NULL;
	bool ok = false;
	long v;
	if (field && type && strcmp(field, "name") == 0) {
		bool set = strcmp(type, "set") == 0, append = strcmp(type, "append") == 0;
		bool inc = strcmp(type, "increment") == 0, dec = strcmp(type, "decrement") == 0;
		char *value = xml_prop(n, "value");
		if ((set || append) && value) {
			m->target = MOD_NAME;
			m->op = set ? MOD_SET : MOD_ADD;
			m->text = set ? xstrdup(value) : xasprintf(" %s", value);
			ok = true;
		} else if ((inc || dec) && whole(n, "value", &v)) {
			/* A name that is a number counts up or down. */
			m->target = MOD_NAME;
			m->op = MOD_ADD;
			m->text = xstrdup("");
			m->value = expr_num(dec ? -v : v, xml_line(n));
			ok = true;
		}
		free(value);
	} else if (field && type && strcmp(field, "category") == 0) {
		char *value = xml_prop(n, "value");
		long cat = value ? bs_category(c, value) : -1;
		bool add = strcmp(type, "add") == 0, remove = strcmp(type, "remove") == 0;
		bool set = strcmp(type, "set-primary") == 0, unset = strcmp(type, "unset-primary") == 0;
		if (cat >= 0 && (add || remove || set || unset)) {
			m->target = set || unset ? MOD_PRIMARY : MOD_CATEGORY;
			m->op = add ? MOD_ADD : set ? MOD_SET : MOD_REMOVE;
			m->index = (size_t)cat;
			ok = true;
		}
		free(value);
	} else if (field && type && strcmp(field, "hidden") == 0 && strcmp(type, "set") == 0) {
		bool yes = xml_prop_is(n, "value", "true"), no = xml_prop_is(n, "value", "false");
		if (yes || no) {
			m->target = MOD_HIDDEN;
			m->op = MOD_SET;
			m->value = expr_num(yes, xml_line(n));
			ok = true;
		}
	} else if (cd && type && scaled(n, "value", cd->scale, &v)) {
		bool set = strcmp(type, "set") == 0, dec = strcmp(type, "decrement") == 0;
		if (set || dec || strcmp(type, "increment") == 0) {
			m->target = MOD_COST;
			m->own = true; /* the entry's own cost: its children's are added after */
			m->index = cd->index;
			m->op = set ? MOD_SET : MOD_ADD;
			m->value = xcalloc(1, sizeof(*m->value));
			m->value->kind = EX_NUM;
			m->value->num = dec ? -v : v;
			m->value->line = xml_line(n);
			ok = true;
		}
	}
	free(field);
	free(type);
	return ok;
}

/* Marks n and every modifier, condition and repeat under it translated. */
static void mark(xmlNodePtr n, int depth)
{
	if (n->_private == NULL)
		n->_private = &mod_mark;
	for (xmlNodePtr k = xml_first_elem(n); k && depth < 4 * BS_MOD_DEPTH; k = xml_next_elem(k))
		mark(k, depth + 1);
}

/* Where the modifiers go: (*mods)[0..*n). */
struct into {
	struct modifier **mods;
	size_t *n;
};

/* Modifier n under the modifier groups groups[0..n_groups) into `to`, when translated. */
static void one(struct bsctx *c, xmlNodePtr n, struct into to, xmlNodePtr *groups,
                size_t n_groups)
{
	struct modifier m;
	memset(&m, 0, sizeof(m));
	m.line = xml_line(n);
	m.round = ROUND_DOWN;
	struct sel *all = new_sel(SEL_ALL);
	bool ok = change(c, n, &m) &&
	          (!c->nested || m.target == MOD_HIDDEN ||
	           (c->option && (m.target == MOD_NAME || m.target == MOD_CATEGORY ||
	                          m.target == MOD_COST))) &&
	          repeats(c, n, &m, groups, n_groups) &&
	          conditions(c, n, all, 0);
	for (size_t i = 0; ok && i < n_groups; i++)
		ok = conditions(c, groups[i], all, 0);
	if (!ok) {
		sel_free(all);
		modifier_release(&m);
		return;
	}
	m.when = all->n_kids ? all : NULL;
	if (all->n_kids == 0)
		sel_free(all);
	m.ref = xml_prop(n, "id");
	*to.mods = xreallocarray(*to.mods, *to.n + 1, sizeof(**to.mods));
	(*to.mods)[(*to.n)++] = m;
	mark(n, 0);
}

/* Modifier group g, once every modifier and group within it is translated: marked, with its
 * conditions and repeats (each modifier within has them as its own). */
static void group_done(xmlNodePtr g)
{
	static const char *const parts[2] = { "modifiers", "modifierGroups" };
	for (int p = 0; p < 2; p++)
		for (xmlNodePtr k = xml_first_elem(xml_child(g, parts[p])); k; k = xml_next_elem(k))
			if (k->_private != &mod_mark)
				return;
	if (g->_private == NULL)
		g->_private = &mod_mark;
	static const char *const used[3] = { "conditions", "conditionGroups", "repeats" };
	for (int u = 0; u < 3; u++) {
		xmlNodePtr k = xml_child(g, used[u]);
		if (k)
			mark(k, 0);
	}
}

static void walk(struct bsctx *c, xmlNodePtr owner, struct into to, xmlNodePtr *groups,
                 size_t n_groups)
{
	for (xmlNodePtr k = xml_first_elem(xml_child(owner, "modifiers")); k; k = xml_next_elem(k))
		if (xml_is(k, "modifier"))
			one(c, k, to, groups, n_groups);
	if (n_groups >= BS_MOD_DEPTH)
		return;
	for (xmlNodePtr g = xml_first_elem(xml_child(owner, "modifierGroups")); g; g = xml_next_elem(g)) {
		if (!xml_is(g, "modifierGroup"))
			continue;
		groups[n_groups] = g;
		walk(c, g, to, groups, n_groups + 1);
		group_done(g);
	}
}

void bs_mods_on(struct bsctx *c, xmlNodePtr owner, struct entry *e)
{
	xmlNodePtr groups[BS_MOD_DEPTH + 1];
	walk(c, owner, (struct into){ &e->mods, &e->n_mods }, groups, 0);
}

void bs_hidden_mods_on(struct bsctx *c, xmlNodePtr owner, struct modifier **mods, size_t *n)
{
	xmlNodePtr groups[BS_MOD_DEPTH + 1];
	c->nested = true;
	walk(c, owner, (struct into){ mods, n }, groups, 0);
	c->nested = false;
}

void bs_option_mods_on(struct bsctx *c, xmlNodePtr owner, struct modifier **mods, size_t *n)
{
	xmlNodePtr groups[BS_MOD_DEPTH + 1];
	c->nested = true;
	c->option = true;
	walk(c, owner, (struct into){ mods, n }, groups, 0);
	c->option = false;
	c->nested = false;
}

/* --- a constraint's value changed by modifiers ------------------------------------------ */

/* The nodes of the modifiers that change one constraint's value, marked once all are read. */
struct con_mods {
	xmlNodePtr *nodes;
	size_t n;
};

/* Modifier n (under groups[0..n_groups)) laid over value *v (scale): a set replaces it, an
 * increment or decrement adds to it (times its repeats), each where its conditions hold.
 * False when it has another shape. */
static bool con_mod(struct bsctx *c, xmlNodePtr n, xmlNodePtr *groups, size_t n_groups,
                    unsigned scale, struct expr **v)
{
	long x, line = xml_line(n);
	bool set = xml_prop_is(n, "type", "set"), dec = xml_prop_is(n, "type", "decrement");
	if (!(set || dec || xml_prop_is(n, "type", "increment")) || !scaled(n, "value", scale, &x) ||
	    (set && x < 0 && x != -dec_unit(scale)))
		return false; /* a set of -1 is no limit (the rule's no_limit), below it no bound */
	struct modifier m;
	memset(&m, 0, sizeof(m));
	m.target = MOD_COST; /* repeats() counts for a number added, as for a cost's */
	m.op = set ? MOD_SET : MOD_ADD;
	m.line = line;
	struct sel *all = new_sel(SEL_ALL);
	/* A set repeated (applied where it repeats at least once) is not laid over a value yet. */
	bool ok = repeats(c, n, &m, groups, n_groups) && !(set && m.repeat) && conditions(c, n, all, 0);
	for (size_t i = 0; ok && i < n_groups; i++)
		ok = conditions(c, groups[i], all, 0);
	if (!ok) {
		sel_free(all);
		modifier_release(&m);
		return false;
	}
	struct expr *term = expr_num(dec ? -x : x, line);
	if (m.repeat) {
		term = expr_two(EX_MUL, term, m.repeat, line);
		m.repeat = NULL;
	}
	if (all->n_kids) {
		term = expr_two(EX_IF, term, set ? *v : expr_num(0, line), line);
		term->when = all;
	} else {
		sel_free(all);
		if (set)
			expr_free(*v);
	}
	*v = set ? term : expr_two(EX_ADD, *v, term, line);
	return true;
}

/* The modifiers of field id under owner (and its modifier groups, at most BS_MOD_DEPTH deep)
 * laid over *v in document order, their nodes into *seen. */
static bool con_walk(struct bsctx *c, xmlNodePtr owner, const char *id, unsigned scale,
                     xmlNodePtr *groups, size_t n_groups, struct expr **v, struct con_mods *seen)
{
	for (xmlNodePtr k = xml_first_elem(xml_child(owner, "modifiers")); k; k = xml_next_elem(k)) {
		if (!xml_is(k, "modifier") || !xml_prop_is(k, "field", id))
			continue;
		if (!con_mod(c, k, groups, n_groups, scale, v))
			return false;
		seen->nodes = xreallocarray(seen->nodes, seen->n + 1, sizeof(*seen->nodes));
		seen->nodes[seen->n++] = k;
	}
	for (xmlNodePtr g = xml_first_elem(xml_child(owner, "modifierGroups")); g; g = xml_next_elem(g)) {
		if (!xml_is(g, "modifierGroup"))
			continue;
		if (n_groups >= BS_MOD_DEPTH)
			return false;
		groups[n_groups] = g;
		if (!con_walk(c, g, id, scale, groups, n_groups + 1, v, seen))
			return false;
	}
	return true;
}

/* Marks the modifier groups under owner whose modifiers are all translated now. */
static void groups_done(xmlNodePtr owner, int depth)
{
	for (xmlNodePtr g = xml_first_elem(xml_child(owner, "modifierGroups")); g; g = xml_next_elem(g))
		if (xml_is(g, "modifierGroup") && depth < BS_MOD_DEPTH) {
			groups_done(g, depth + 1);
			group_done(g);
		}
}

struct expr *bs_con_value(struct bsctx *c, xmlNodePtr owner, const char *id, long base,
                          unsigned scale, long line, bool in_option)
{
	xmlNodePtr groups[BS_MOD_DEPTH + 1];
	struct con_mods seen = { NULL, 0 };
	struct expr *v = expr_num(base, line);
	bool nested = c->nested, option = c->option;
	c->nested = c->option = in_option; /* else counted in the force or the roster */
	bool ok = con_walk(c, owner, id, scale, groups, 0, &v, &seen);
	c->nested = nested;
	c->option = option;
	for (size_t i = 0; ok && i < seen.n; i++)
		mark(seen.nodes[i], 0);
	if (ok)
		groups_done(owner, 0);
	free(seen.nodes);
	if (!ok) {
		expr_free(v);
		return NULL;
	}
	return v;
}

const struct bs_hide *bs_hide_keep(struct bsctx *c, struct bs_hide *h)
{
	struct bs_data *bs = c->sys->bs;
	GROW(bs->hides, bs->cap_hides, bs->n_hides + 1);
	bs->hides[bs->n_hides++] = h;
	return h;
}

/* --- cost loops ---------------------------------------------------------------------------- */

/* The key of an edge: entry from's cost type cost counts entry to's. */
static char *edge_key(const char *from, const char *to, size_t cost)
{
	return xasprintf("%zu\x1f%s\x1f%s", cost, from, to);
}

/* Calls fn(ctx, id) for each entry id that a cost aggregate of type cost in x counts. */
static void counted_ids(const struct expr *x, size_t cost, int depth,
                        void (*fn)(void *ctx, const char *id), void *ctx)
{
	if (x == NULL || depth > 4 * BS_MOD_DEPTH)
		return;
	if (x->kind == EX_AGG && x->agg && x->agg->kind == AGG_COST && x->agg->cost == cost &&
	    x->agg->where)
		for (size_t i = 0; i < x->agg->where->n_kids; i++)
			if (x->agg->where->kids[i]->kind == SEL_ENTRY && x->agg->where->kids[i]->id)
				fn(ctx, x->agg->where->kids[i]->id);
	for (size_t i = 0; i < x->n_kids; i++)
		counted_ids(x->kids[i], cost, depth + 1, fn, ctx);
}

struct loops {
	struct bsctx *c;
	struct idx *edges;
	char **keys;
	size_t n_keys, cap_keys;
	const struct entry *e;
	size_t cost;
	const char *ref;
	bool loop;
};

static void add_edge(void *ctx, const char *id)
{
	struct loops *l = ctx;
	char *k = edge_key(l->e->id, id, l->cost);
	if (idx_get(l->edges, k)) {
		free(k);
		return;
	}
	GROW(l->keys, l->cap_keys, l->n_keys + 1);
	l->keys[l->n_keys++] = k;
	idx_add(l->edges, k, l->keys);
}

/* Whether the edge to id closes a loop (itself, or an entry counting this one's cost); the
 * loop is recorded once, by the entry whose id sorts first. */
static void find_loop(void *ctx, const char *id)
{
	struct loops *l = ctx;
	bool self = strcmp(id, l->e->id) == 0;
	char *back = edge_key(id, l->e->id, l->cost);
	bool loop = self || idx_get(l->edges, back);
	free(back);
	l->loop |= loop;
	struct bs_data *bs = l->c->sys->bs;
	if (!loop || (!self && strcmp(l->e->id, id) > 0))
		return;
	GROW(bs->loops, bs->cap_loops, bs->n_loops + 1);
	struct bs_loop *r = &bs->loops[bs->n_loops++];
	r->a = arena_strndup(&bs->arena, l->e->id, strlen(l->e->id));
	r->b = arena_strndup(&bs->arena, id, strlen(id));
	r->ref = l->ref ? arena_strndup(&bs->arena, l->ref, strlen(l->ref)) : NULL;
	r->cost = l->cost;
}

/* Calls fn for each cost modifier's repeat edge of every root entry; with drop, a modifier
 * one of whose edges closes a loop is taken out. */
static void each_edge(struct loops *l, void (*fn)(void *ctx, const char *id), bool drop)
{
	struct system *sys = l->c->sys;
	for (size_t ci = 0; ci < sys->n_catalogs; ci++)
		for (size_t ei = 0; sys->catalogs[ci] && ei < sys->catalogs[ci]->n_entries; ei++) {
			struct entry *e = &sys->catalogs[ci]->entries[ei];
			size_t w = 0;
			for (size_t i = 0; i < e->n_mods; i++) {
				struct modifier *m = &e->mods[i];
				l->e = e;
				l->cost = m->index;
				l->ref = m->ref;
				l->loop = false;
				if (m->target == MOD_COST && m->repeat)
					counted_ids(m->repeat, m->index, 0, fn, l);
				if (drop && l->loop)
					modifier_release(m);
				else
					e->mods[w++] = *m;
			}
			e->n_mods = w;
		}
}

void bs_cost_loops(struct bsctx *c)
{
	struct loops l = { .c = c, .edges = idx_new() };
	each_edge(&l, add_edge, false);
	if (l.n_keys)
		each_edge(&l, find_loop, true);
	idx_free(l.edges);
	for (size_t i = 0; i < l.n_keys; i++)
		free(l.keys[i]);
	free(l.keys);
}

/* --- an option's and a group's own modifiers (bs-entries.c) --------------------------- */

/* The modifiers of option node n (a selectionEntry or an entry link) that change the option
 * itself, kept by the system; NULL when it has none. */
const struct bs_hide *bs_own_mods(struct bsctx *c, xmlNodePtr n)
{
	struct bs_hide *h = xcalloc(1, sizeof(*h));
	bs_option_mods_on(c, n, &h->mods, &h->n);
	if (h->n == 0) {
		free(h);
		return NULL;
	}
	return bs_hide_keep(c, h);
}

/* The set-hidden modifiers of group g of file fi, reached through `link` of file lfi or not
 * (a link reaches one group): read the first time a place reaches them, kept by the system. */
const struct bs_hide *bs_group_hide(struct bsctx *c, xmlNodePtr g, xmlNodePtr link)
{
	struct bs_hide *h = xcalloc(1, sizeof(*h));
	bs_hidden_mods_on(c, g, &h->mods, &h->n);
	if (link)
		bs_hidden_mods_on(c, link, &h->mods, &h->n);
	return bs_hide_keep(c, h);
}
