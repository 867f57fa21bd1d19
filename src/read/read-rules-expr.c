/* read-rules-expr.c - the reader of the rule language: aggregates and expressions
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Aggregates count or sum what a selector matches in a scope; expressions compute with them
 * and with fields, limits and the item being checked; bounds are expressions. Part of the
 * reader split by job (read-rules-int.h).
 */
#include "muster.h"
#include "read-rules.h"
#include "read-rules-int.h"
#include "idx.h"
#include "lang-table.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

static int read_cost(xmlNodePtr n, const struct rp *p, const char *attr, size_t *out)
{
	char *v = xml_prop(n, attr);
	const struct cost_def *c = NULL;
	if (v == NULL && p->sys->n_costs == 1)
		c = &p->sys->costs[0];
	else if (v)
		c = idx_get(p->sys->cost_idx, v);
	if (c == NULL)
		rr_fatal(p, n, _("<%s> names an unknown cost type '%s'"), rr_ename(n), v ? v : "");
	free(v);
	if (c == NULL)
		return -1;
	*out = c->index;
	return 0;
}

static int read_basis(xmlNodePtr n, const struct rp *p, enum basis_kind *out)
{
	static const char *const names[] = { "limit", "spent" };
	char *v = xml_prop(n, "basis");
	int k = rr_lookup_enum(v, names, 2, -1);
	if (k < 0)
		rr_fatal(p, n, _("<%s> needs basis=\"limit\" (the points limit of the game) or basis=\"spent\" (the points the list spends), not '%s'"),
		         rr_ename(n), v ? v : "");
	free(v);
	if (k < 0)
		return -1;
	*out = (enum basis_kind)k;
	return 0;
}

/* --- aggregates ------------------------------------------------------------------------------ */

/* Does s read the item being checked anywhere? */
static bool reads_this(const struct sel *s)
{
	switch (s->kind) {
	case SEL_SAME_AS_THIS: case SEL_NOT_THIS: case SEL_ATTR_THIS: case SEL_ATTACHED_TO_THIS:
		return true;
	default:
		break;
	}
	for (size_t i = 0; i < s->n_kids; i++)
		if (reads_this(s->kids[i]))
			return true;
	return false;
}

/* Lifts the tests of "this" out of the top of an aggregate's selector into keys, so that the
 * engine computes the aggregate once per list and looks each checked item up by key. */
static int lift_this(struct agg *a, xmlNodePtr n, const struct rp *p)
{
	struct sel *w = a->where;
	size_t keep = 0, cap = 0;
	for (size_t i = 0; i < w->n_kids; i++) {
		struct sel *k = w->kids[i];
		bool lifted = true;
		if (k->kind == SEL_SAME_AS_THIS || (k->kind == SEL_ATTR_THIS && k->op == CMP_EQ)) {
			GROW(a->keys, cap, a->n_keys + 1);
			a->keys[a->n_keys].item_attr = k->attr;
			a->keys[a->n_keys++].this_attr = k->kind == SEL_SAME_AS_THIS ? k->attr : k->this_attr;
		} else if (k->kind == SEL_NOT_THIS) {
			if (a->item != p->this_item || a->kind == AGG_DISTINCT || a->kind == AGG_LISTS) {
				rr_fatal(p, n, "%s", _("<not-this/> needs a count or sum over the same kind of item as the rule checks"));
				return -1;
			}
			a->not_this = true;
		} else if (k->kind == SEL_ATTACHED_TO_THIS) {
			a->attached_to_this = true;
		} else {
			lifted = false;
		}
		if (lifted)
			sel_free(k);
		else
			w->kids[keep++] = k;
	}
	w->n_kids = keep;
	rr_sel_plan(p, w); /* what reads "this" is lifted out: the rest may depend on the entry */
	if (reads_this(w)) {
		rr_fatal(p, n, "%s", _("a test of the unit being checked (<same-as-this>, <not-this/>, <attached-to-this/>, eq-this=) must stand at the top of a list-wide aggregate's selector, not inside <any>, <not> or <attached-to>, and only eq-this= compares"));
		return -1;
	}
	return 0;
}

/* What aggregate n is (count of what, sum of cost or of an attribute, highest, lowest,
 * distinct) and so which items it runs over. */
static int read_agg_kind(xmlNodePtr n, struct rp *p, struct agg *a)
{
	a->item = ON_UNIT;
	if (xml_is(n, "count")) {
		static const char *const ofs[] = { "units", "models", "items", "lists", "options",
		                                   "forces" };
		static const enum agg_kind kinds[] = { AGG_UNITS, AGG_MODELS, AGG_ITEMS, AGG_LISTS,
		                                       AGG_OPTIONS, AGG_FORCES };
		char *of = xml_prop(n, "of");
		int k = rr_lookup_enum(of, ofs, 6, 0);
		if (k == -2)
			rr_fatal(p, n, _("<count of=...> counts units, models, items, lists, options or forces, not '%s'"), of);
		free(of);
		if (k == -2)
			goto fail;
		a->kind = kinds[k];
		if (a->kind == AGG_ITEMS)
			a->item = ON_ITEM;
		if (a->kind == AGG_OPTIONS)
			a->item = ON_OPTION;
		if (a->kind == AGG_FORCES)
			a->item = ON_LIST;
		bool lists = a->scope == SCOPE_ROSTER || a->scope == SCOPE_FORCE ||
		             a->scope == SCOPE_CHILDREN;
		if (a->kind == AGG_LISTS && !lists)
			FAIL(n, "%s", _("<count of=\"lists\"> needs in=\"roster\", in=\"force\" or in=\"children\""));
		if (a->kind == AGG_FORCES && !lists && a->scope != SCOPE_LIST)
			FAIL(n, "%s", _("<count of=\"forces\"> counts in=\"list\", \"force\", \"children\" or \"roster\""));
	} else if (xml_is(n, "sum")) {
		char *attr = xml_prop(n, "attr");
		if (attr) {
			a->kind = AGG_ATTR;
			a->attr = idx_get(p->sys->attr_idx, attr);
			if (a->attr == NULL || (a->attr->type != ATTR_INT && a->attr->type != ATTR_LADDER)) {
				rr_fatal(p, n, _("<sum attr=...> needs a whole-number or ladder attribute, not '%s'"), attr);
				free(attr);
				goto fail;
			}
			free(attr);
			a->item = a->attr->on;
		} else {
			a->kind = AGG_COST;
			if (read_cost(n, p, "cost", &a->cost))
				goto fail;
		}
	} else if (xml_is(n, "highest") || xml_is(n, "lowest")) {
		/* The largest or smallest value of a number attribute over what matches: "the
		 * list's highest Leadership" (Old World Builder's general rule). An expression only:
		 * a rule checks a count or a sum, and compares it with these. */
		a->kind = xml_is(n, "highest") ? AGG_HIGHEST : AGG_LOWEST;
		char *attr = xml_prop(n, "attr");
		a->attr = idx_get(p->sys->attr_idx, attr ? attr : "");
		if (a->attr == NULL || (a->attr->type != ATTR_INT && a->attr->type != ATTR_LADDER)) {
			rr_fatal(p, n, _("<%s attr=...> needs a whole-number or ladder attribute, not '%s'"),
			         rr_ename(n), attr ? attr : "");
			free(attr);
			goto fail;
		}
		free(attr);
		a->item = a->attr->on;
	} else {
		a->kind = AGG_DISTINCT;
		char *attr = xml_prop(n, "attr");
		a->attr = idx_get(p->sys->attr_idx, attr ? attr : "");
		if (a->attr == NULL)
			rr_fatal(p, n, _("<%s> names an unknown attribute '%s'"), rr_ename(n), attr ? attr : "");
		free(attr);
		if (a->attr == NULL)
			goto fail;
		a->item = a->attr->on;
	}
	return 0;
fail:
	return -1;
}

/* category="ID" beside in="ancestor": the nearest selection above of that category (an option
 * of it, or the unit when it has it). One of ancestor= and category=, not both. */
static int read_ancestor_cat(xmlNodePtr n, struct rp *p, struct agg *a)
{
	char *id = xml_prop(n, "category");
	if (id == NULL)
		return 0;
	const struct category_def *c = idx_get(p->sys->cat_idx, id);
	int rc = 0;
	if (c == NULL) {
		rr_fatal(p, n, _("category=\"%s\" names an unknown category"), id);
		rc = -1;
	} else if (a->ancestor != NULL) {
		rr_fatal(p, n, "%s", _("ancestor= and category= name two ancestors: give one"));
		rc = -1;
	} else {
		a->ancestor_cat = (long)c->index;
	}
	free(id);
	return rc;
}

/* items= (what is counted: units, items or options) and group-by= of an aggregate. */
static int read_items_group(xmlNodePtr n, struct rp *p, struct agg *a, bool in_expr)
{
	/* items="options": count lists or sum costs over the options taken rather than units
	 * (a unique magic item in two lists of one player). */
	char *items = xml_prop(n, "items");
	if (items && a->kind == AGG_FORCES) {
		free(items);
		rr_fatal(p, n, "%s", _("<count of=\"forces\"> counts forces: no items=, no group-by"));
		return -1;
	}
	if (items) {
		static const char *const kinds[] = { "units", "items", "options" };
		int k = rr_lookup_enum(items, kinds, 3, -1);
		if (k < 0 || (a->kind != AGG_LISTS && a->kind != AGG_COST && a->kind != AGG_UNITS &&
		              a->kind != AGG_OPTIONS && a->kind != AGG_ITEMS)) {
			rr_fatal(p, n, _("items=\"%s\" does not fit this aggregate (items: units, items or options, with count or sum cost)"),
			         items);
			free(items);
			return -1;
		}
		free(items);
		a->item = (enum attr_on)k;
	}
	char *gb = xml_prop(n, "group-by");
	if (gb && a->kind == AGG_FORCES) {
		free(gb);
		rr_fatal(p, n, "%s", _("<count of=\"forces\"> counts forces: no items=, no group-by"));
		return -1;
	}
	if (gb) {
		if (in_expr || p->has_this) {
			rr_fatal(p, n, "%s", in_expr ? _("an aggregate in an expression has one value: no group-by")
			                          : _("group-by does not go with <each>: a rule checked per unit already names its group"));
			free(gb);
			return -1;
		}
		if (strcmp(gb, "entry") == 0) {
			a->group = GROUP_ENTRY;
		} else {
			a->group = GROUP_ATTR;
			a->group_attr = idx_get(p->sys->attr_idx, gb);
			if (a->group_attr == NULL || a->group_attr->on != a->item) {
				rr_fatal(p, n, _("group-by must be \"entry\" or an attribute of the items counted, not '%s'"),
				         gb);
				free(gb);
				return -1;
			}
		}
		free(gb);
	}
	return 0;
}

struct agg *rr_read_agg(xmlNodePtr n, struct rp *p, bool in_expr)
{
	struct agg *a = xcalloc(1, sizeof(*a));
	a->line = xml_line(n);
	char *in = xml_prop(n, "in");
	const struct lang_scope *sc = in ? lang_scope_named(in) : &lang_scopes[SCOPE_LIST];
	if (sc == NULL) {
		char *names = lang_scope_names();
		rr_fatal(p, n, _("in must be one of %s; not '%s'"), names, in);
		free(names);
	}
	free(in);
	if (sc == NULL)
		goto fail;
	a->scope = sc->kind;
	if (in_expr && a->scope != SCOPE_ROSTER && rr_refuse_list(n, p, _("a list's units")))
		goto fail;
	if (a->scope == SCOPE_UNIT && !p->has_this)
		FAIL(n, "%s", _("in=\"unit\" needs a rule checked per unit (<each>)"));
	static const char *const tree_names[] = { "self", "parent", "ancestor" };
	bool tree = a->scope == SCOPE_SELF || a->scope == SCOPE_PARENT || a->scope == SCOPE_ANCESTOR;
	if (tree && (!p->has_this || p->this_item != ON_OPTION))
		FAIL(n, _("in=\"%s\" needs a rule checked per option (<each of=\"options\">)"),
		     tree_names[a->scope - SCOPE_SELF]);
	a->ancestor = xml_prop(n, "ancestor");
	a->ancestor_cat = -1;
	if (read_ancestor_cat(n, p, a))
		goto fail;
	if ((a->scope == SCOPE_ANCESTOR) != (a->ancestor != NULL || a->ancestor_cat >= 0))
		FAIL(n, "%s", _("in=\"ancestor\" goes with ancestor=\"ID\" (the entry or option counted "
		                "under) or category=\"ID\" (the kind of selection counted under)"));
	if (read_agg_kind(n, p, a))
		goto fail;
	if (read_items_group(n, p, a, in_expr))
		goto fail;
	if (tree && a->item != ON_OPTION)
		FAIL(n, _("in=\"%s\" counts options: of=\"options\", or items=\"options\""),
		     tree_names[a->scope - SCOPE_SELF]);
	struct rp q = *p;
	q.item = a->item;
	if (a->kind == AGG_FORCES) {
		/* Its children are a condition on each force counted, whatever the rule reads. */
		q.has_this = false;
		q.roster_rule = false;
		q.cond_scope = SCOPE_LIST;
	}
	a->where = rr_read_group(n, SEL_ALL, &q);
	if (a->where == NULL)
		goto fail;
	if (a->scope != SCOPE_UNIT && !tree && p->has_this && a->kind != AGG_FORCES &&
	    lift_this(a, n, p) != 0)
		goto fail;
	a->where = rr_sel_unwrap(a->where); /* after lift_this, which reads the group's tests */
	if (a->not_this && (a->kind == AGG_HIGHEST || a->kind == AGG_LOWEST))
		FAIL(n, _("<%s> takes no <not-this/>: the highest of the others is no sum to take "
		          "the unit's share back out of"), rr_ename(n));
	a->slot = p->sys->n_slots++;
	/* A force's count may read the forces around it, as a roster-wide one reads them all. */
	p->sys->roster_aggs = p->sys->roster_aggs || a->scope == SCOPE_ROSTER ||
	                      a->scope == SCOPE_FORCE || a->scope == SCOPE_CHILDREN ||
	                      a->kind == AGG_FORCES;
	return a;
fail:
	agg_free(a);
	return NULL;
}

/* --- expressions ----------------------------------------------------------------------------- */

struct expr *rr_expr_new(enum expr_kind k, xmlNodePtr n)
{
	struct expr *e = xcalloc(1, sizeof(*e));
	e->kind = k;
	e->line = xml_line(n);
	return e;
}

/* Reads the element children of n, from first on, as expressions into e->kids. */
static int read_kids(struct expr *e, xmlNodePtr first, struct rp *p)
{
	size_t cap = 0;
	for (xmlNodePtr c = first; c; c = xml_next_elem(c)) {
		struct expr *k = rr_read_expr(c, p);
		if (k == NULL)
			return -1;
		GROW(e->kids, cap, e->n_kids + 1);
		e->kids[e->n_kids++] = k;
	}
	return 0;
}

static const struct attr_def *read_this_attr(xmlNodePtr n, const struct rp *p, const char *id)
{
	if (!p->has_this) {
		rr_fatal(p, n, "%s", _("a bound of the unit being checked needs a rule checked per unit (<each>)"));
		return NULL;
	}
	const struct attr_def *a = idx_get(p->sys->attr_idx, id ? id : "");
	if (a == NULL)
		rr_fatal(p, n, _("bound names an unknown attribute '%s'"), id ? id : "");
	/* An item rule may bound by its unit's attribute (a model's hands, say). */
	else if (a->on == ON_ITEM && p->this_item != ON_ITEM)
		rr_fatal(p, n, _("bound attribute '%s' belongs to items, but the rule checks units"), id);
	else if (a->type != ATTR_INT && a->type != ATTR_LADDER && a->type != ATTR_BOOL)
		rr_fatal(p, n, _("bound attribute '%s' is not a whole number"), id);
	else
		return a;
	return NULL;
}

/* In a roster-wide rule there is no one list to read: its limit, its points spent, its
 * fields and its units are refused, so that the verdict never depends on which list is first. */
bool rr_refuse_list(xmlNodePtr n, const struct rp *p, const char *what)
{
	if (!p->roster_rule)
		return false;
	rr_fatal(p, n, _("a roster-wide rule reads no one list, so <%s> cannot read %s here (use in=\"roster\" aggregates and roster fields)"),
	         rr_ename(n), what);
	return true;
}

/* <clamp>'s bounds: min=, max= or both. */
static int read_clamp(xmlNodePtr n, struct rp *p, struct expr *e)
{
	char *lo = xml_prop(n, "min"), *hi = xml_prop(n, "max");
	e->has_lo = lo != NULL;
	e->has_hi = hi != NULL;
	free(lo);
	free(hi);
	if ((e->has_lo && rr_read_num(n, p, "min", &e->lo, true)) ||
	    (e->has_hi && rr_read_num(n, p, "max", &e->hi, true)))
		goto fail;
	if (!e->has_lo && !e->has_hi)
		FAIL(n, "%s", _("<clamp> needs min=\"N\", max=\"N\" or both"));
	return 0;
fail:
	return -1;
}

/* <percent value="N">: of one expression, or of the points (cost=, basis=). */
static int read_percent(xmlNodePtr n, struct rp *p, struct expr *e)
{
	if (rr_read_num(n, p, "value", &e->num, true) || rr_read_rounding(n, p, &e->round))
		goto fail;
	if (e->num < 0 || e->num > 100)
		FAIL(n, "%s", _("<percent> needs value=\"N\" from 0 to 100"));
	xmlNodePtr c = xml_first_elem(n);
	if (c) {
		if (read_kids(e, c, p))
			goto fail;
		if (e->n_kids != 1)
			FAIL(n, "%s", _("<percent> takes one expression, or cost= and basis="));
	} else if (rr_refuse_list(n, p, _("a list's points")) || read_cost(n, p, "cost", &e->index) ||
	           read_basis(n, p, &e->basis)) {
		goto fail;
	}
	return 0;
fail:
	return -1;
}

/* The arithmetic elements: how many expressions each takes. */
static int read_arith(xmlNodePtr n, struct rp *p, struct expr *e)
{
	size_t min = 1, max = SIZE_MAX;
	if (e->kind == EX_SUB || e->kind == EX_DIV)
		min = max = 2;
	else if (e->kind == EX_CLAMP)
		max = 1;
	if (read_kids(e, xml_first_elem(n), p))
		goto fail;
	if (e->n_kids < min || e->n_kids > max) {
		if (min == max)
			FAIL(n, _("<%s> takes %zu expressions"), rr_ename(n), min);
		FAIL(n, _("<%s> takes at least one expression"), rr_ename(n));
	}
	if (e->kind == EX_DIV && rr_read_rounding(n, p, &e->round))
		goto fail;
	if (e->kind == EX_CLAMP && read_clamp(n, p, e))
		goto fail;
	return 0;
fail:
	return -1;
}

/* <field>, <limit>, <this>, <per>, <if>: what each reads besides its kind. */
static int read_leaf(xmlNodePtr n, struct rp *p, struct expr *e)
{
	if (e->kind == EX_FIELD) {
		const struct field_def *f = rr_read_field(n, p, "name");
		if (f == NULL)
			goto fail;
		if (f->type == ATTR_CHOICE)
			FAIL(n, _("field '%s' is a choice, not a number: test it in a <when>"), f->id);
		if (f->scope == FIELD_LIST && rr_refuse_list(n, p, _("a list's field")))
			goto fail;
		e->index = f->index;
	} else if (e->kind == EX_LIMIT) {
		if (rr_refuse_list(n, p, _("a list's limit")) || read_cost(n, p, "cost", &e->index))
			goto fail;
	} else if (e->kind == EX_THIS) {
		char *id = xml_prop(n, "attr");
		e->attr = read_this_attr(n, p, id);
		free(id);
		if (e->attr == NULL)
			goto fail;
	} else if (e->kind == EX_PER) {
		e->num = 1;
		if (rr_read_num(n, p, "every", &e->every, true) || rr_read_num(n, p, "each", &e->num, false))
			goto fail;
		if (e->every <= 0)
			FAIL(n, "%s", _("<per> needs every=\"N\" points, N at least 1"));
		if (rr_refuse_list(n, p, _("a list's points")) || read_cost(n, p, "cost", &e->index) ||
		    read_basis(n, p, &e->basis) ||
		    rr_read_rounding(n, p, &e->round))
			goto fail;
	} else if (e->kind == EX_IF) {
		xmlNodePtr w = xml_first_elem(n);
		if (w == NULL || !xml_is(w, "when"))
			FAIL(n, "%s", _("<if> starts with a <when> condition, then one or two expressions"));
		e->when = rr_read_when(w, p, p->roster_rule ? SCOPE_ROSTER : SCOPE_LIST);
		if (e->when == NULL || read_kids(e, xml_next_elem(w), p))
			goto fail;
		if (e->n_kids < 1 || e->n_kids > 2)
			FAIL(n, "%s", _("<if> starts with a <when> condition, then one or two expressions"));
	}
	return 0;
fail:
	return -1;
}

/* An expression: its row of lang_exprs says what it is. */
struct expr *rr_read_expr(xmlNodePtr n, struct rp *p)
{
	const struct lang_elem *t = lang_find(lang_exprs, lang_n_exprs, rr_ename(n));
	if (t == NULL) {
		char *names = lang_names(lang_exprs, lang_n_exprs, LW_EXPR, false);
		rr_fatal(p, n, _("<%s> is not an expression (expressions: %s)"), rr_ename(n), names);
		free(names);
		return NULL;
	}
	if (rr_check_attrs(n, p, lang_exprs, lang_n_exprs))
		return NULL;
	struct expr *e = rr_expr_new((enum expr_kind)t->kind, n);
	int rc = 0;
	switch (e->kind) {
	case EX_NUM:
		rc = rr_read_num(n, p, "value", &e->num, true);
		break;
	case EX_AGG:
		e->agg = rr_read_agg(n, p, true);
		rc = e->agg ? 0 : -1;
		break;
	case EX_PERCENT:
		rc = read_percent(n, p, e);
		break;
	case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV: case EX_MIN: case EX_MAX: case EX_CLAMP:
		rc = read_arith(n, p, e);
		break;
	case EX_FIELD: case EX_LIMIT: case EX_THIS: case EX_PER: case EX_IF:
		rc = read_leaf(n, p, e);
		break;
	}
	if (rc == 0)
		return e;
	expr_free(e);
	return NULL;
}

/* <at-most value="3"/>, <at-least this="rank"/>, or expressions that add up. */
struct expr *rr_read_bound(xmlNodePtr n, struct rp *p)
{
	const struct lang_elem bound_attrs[] = { { rr_ename(n), EX_NUM, LW_EXPR, "value this", "" } };
	if (rr_check_attrs(n, p, bound_attrs, 1))
		return NULL;
	char *v = xml_prop(n, "value");
	char *th = xml_prop(n, "this");
	xmlNodePtr c = xml_first_elem(n);
	struct expr *e = NULL;
	int forms = (v != NULL) + (th != NULL) + (c != NULL);
	if (forms != 1)
		FAIL(n, _("<%s> needs exactly one bound: value=\"N\", this=\"ATTRIBUTE\", or expressions to add up"),
		     rr_ename(n));
	if (v) {
		e = rr_expr_new(EX_NUM, n);
		long x;
		if (parse_long(v, -1000000000000L, 1000000000000L, &x) != 0)
			FAIL(n, _("bound value must be a whole number, not '%s'"), v);
		e->num = x;
	} else if (th) {
		e = rr_expr_new(EX_THIS, n);
		e->attr = read_this_attr(n, p, th);
		if (e->attr == NULL)
			goto fail;
	} else if (xml_next_elem(c) == NULL) {
		e = rr_read_expr(c, p);
	} else {
		e = rr_expr_new(EX_ADD, n);
		if (read_kids(e, c, p))
			goto fail;
	}
	free(v);
	free(th);
	return e;
fail:
	free(v);
	free(th);
	expr_free(e);
	return NULL;
}
