/* read-rules-sel.c - the reader of the rule language: selectors and conditions
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Selectors choose units, items or options; conditions (<when>) test a list or the roster;
 * named conditions (<conditions>) are read once and shared. Part of the reader split by job
 * (read-rules-int.h).
 */
#include "muster.h"
#include "read-rules.h"
#include "read-rules-int.h"
#include "idx.h"
#include "lang-table.h"
#include "rx.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

/* Named conditions inside named conditions, at most: the reader and the check recurse. */
#define NAMED_COND_MAX_DEPTH 32

static const struct {
	const char *name;
	enum cmp_op op;
} ops[] = {
	{ "eq", CMP_EQ }, { "ne", CMP_NE }, { "lt", CMP_LT }, { "le", CMP_LE },
	{ "gt", CMP_GT }, { "ge", CMP_GE }, { "in", CMP_IN }, { "not-in", CMP_NOT_IN },
};

/* Reads the one comparison attribute (eq, ne, lt ...) of an element. */
static int read_op(xmlNodePtr n, const struct rp *p, enum cmp_op *op, char **text)
{
	int found = 0;
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(ops); i++) {
		char *v = xml_prop(n, ops[i].name);
		if (v == NULL)
			continue;
		if (found++) {
			free(v);
			free(*text);
			*text = NULL;
			rr_fatal(p, n, _("<%s> takes exactly one of eq, ne, lt, le, gt, ge, in, not-in"), rr_ename(n));
			return -1;
		}
		*op = ops[i].op;
		*text = v;
	}
	if (!found) {
		rr_fatal(p, n, _("<%s> needs a comparison: one of eq, ne, lt, le, gt, ge, in, not-in"), rr_ename(n));
		return -1;
	}
	return 0;
}

/* --- selectors and conditions -------------------------------------------------------------- */

struct sel *rr_sel_new(enum sel_kind k, enum attr_on item)
{
	struct sel *s = xcalloc(1, sizeof(*s));
	s->kind = k;
	s->item = item;
	return s;
}

static const struct attr_def *find_attr(const struct rp *p, const char *id, enum attr_on on,
                                        xmlNodePtr n)
{
	const struct attr_def *a = idx_get(p->sys->attr_idx, id ? id : "");
	if (a == NULL) {
		rr_fatal(p, n, _("<%s> names an unknown attribute '%s'"), rr_ename(n), id ? id : "");
		return NULL;
	}
	if (a->on != on) {
		rr_fatal(p, n, on == ON_UNIT ? _("attribute '%s' belongs to items, not units, here")
		                         : _("attribute '%s' belongs to units, not items, here"), id);
		return NULL;
	}
	return a;
}

static struct sel *read_sel(xmlNodePtr n, const struct rp *p);

struct sel *rr_sel_plan(const struct rp *p, struct sel *s)
{
	if (s == NULL || s->memo)
		return s;
	unsigned char deps = 0;
	switch (s->kind) {
	case SEL_ALL: case SEL_ANY: case SEL_NOT:
		for (size_t i = 0; i < s->n_kids; i++) {
			if (s->kids[i]->memo == 0)
				return s;
			deps |= s->kids[i]->deps;
		}
		break;
	case SEL_ENTRY: case SEL_UNIT_ENTRY: case SEL_OFFERS_OPTION: case SEL_GROUP:
	case SEL_ORIGIN: case SEL_KIND: case SEL_PAID:
		break;
	case SEL_NAME:
		/* A pattern spends the roster's budget of matching work (rx.c) for each unit, as
		 * if matched again: the verdict past the budget is the same however it is kept. */
		return s;
	case SEL_KEYWORD:
		deps = SEL_DEP_KW;
		break;
	case SEL_ATTR:
		deps = SEL_DEP_VALS;
		break;
	case SEL_CATEGORY:
		deps = SEL_DEP_CATS;
		break;
	default:
		return s;
	}
	s->deps = deps;
	s->memo = (uint32_t)++p->sys->n_sel_memo;
	return s;
}

struct sel *rr_sel_unwrap(struct sel *s)
{
	if (s == NULL || s->kind != SEL_ALL || s->n_kids != 1)
		return s;
	struct sel *only = s->kids[0];
	s->n_kids = 0;
	sel_free(s);
	return only;
}

struct sel *rr_read_group(xmlNodePtr parent, enum sel_kind kind, const struct rp *p)
{
	struct sel *s = rr_sel_new(kind, p->item);
	size_t cap = 0;
	for (xmlNodePtr c = xml_first_elem(parent); c; c = xml_next_elem(c)) {
		struct sel *k = read_sel(c, p);
		if (k == NULL) {
			sel_free(s);
			return NULL;
		}
		GROW(s->kids, cap, s->n_kids + 1);
		s->kids[s->n_kids++] = k;
	}
	return rr_sel_plan(p, s);
}

/* A selector with one sub-selector on other items (has-item, attached-to). */
static struct sel *read_nested(xmlNodePtr n, enum sel_kind kind, const struct rp *p,
                               enum attr_on item)
{
	struct rp q = *p;
	q.item = item;
	struct sel *sub = rr_read_group(n, SEL_ALL, &q);
	if (sub == NULL)
		return NULL;
	struct sel *s = rr_sel_new(kind, p->item);
	s->kids = xcalloc(1, sizeof(*s->kids));
	s->kids[0] = sub;
	s->n_kids = 1;
	return s;
}

/* The leaves that mean something for options (which have ids, names and categories) and for
 * conditions on a list. */
static struct sel *read_field_test(xmlNodePtr n, const struct rp *p, enum sel_kind kind)
{
	struct sel *s = rr_sel_new(kind, p->item);
	char *text = NULL;
	if (kind == SEL_FIELD) {
		const struct field_def *f = rr_read_field(n, p, "name");
		if (f == NULL)
			goto fail;
		if (p->item == ON_LIST && f->scope == FIELD_LIST && rr_refuse_list(n, p, _("a list's field")))
			goto fail;
		s->index = f->index;
		if (read_op(n, p, &s->op, &text) != 0)
			goto fail;
		if (s->op == CMP_IN || s->op == CMP_NOT_IN)
			FAIL(n, _("<%s> compares with eq, ne, lt, le, gt or ge"), rr_ename(n));
		if (f->type == ATTR_CHOICE) {
			if (s->op != CMP_EQ && s->op != CMP_NE)
				FAIL(n, _("field '%s' is a choice: compare it with eq or ne"), f->id);
			size_t i;
			for (i = 0; i < f->n_choices; i++)
				if (f->choices[i].id && strcmp(f->choices[i].id, text) == 0)
					break;
			if (i == f->n_choices)
				FAIL(n, _("field '%s' has no choice '%s'"), f->id, text);
			s->num = (long)i;
			free(text);
			return s;
		}
	} else if (read_op(n, p, &s->op, &text) != 0) {
		goto fail;
	} else if (s->op == CMP_IN || s->op == CMP_NOT_IN) {
		FAIL(n, _("<%s> compares with eq, ne, lt, le, gt or ge"), rr_ename(n));
	}
	if (strcmp(text, "true") == 0)
		s->num = 1;
	else if (strcmp(text, "false") == 0)
		s->num = 0;
	else if (parse_long(text, -1000000000000L, 1000000000000L, &s->num) != 0)
		FAIL(n, _("<%s> compares with a whole number, not '%s'"), rr_ename(n), text);
	free(text);
	return s;
fail:
	free(text);
	sel_free(s);
	return NULL;
}

/* A condition leaf: <test op="N">EXPR</test> or <has>SELECTOR</has>. */
static struct sel *read_cond_leaf(xmlNodePtr n, const struct rp *p)
{
	struct rp q = *p;
	if (xml_is(n, "test")) {
		xmlNodePtr c = xml_first_elem(n);
		if (c == NULL || xml_next_elem(c) != NULL) {
			rr_fatal(p, n, "%s", _("<test> holds exactly one expression"));
			return NULL;
		}
		struct sel *s = read_field_test(n, p, SEL_TEST);
		if (s == NULL)
			return NULL;
		q.has_this = false;
		s->expr = rr_read_expr(c, &q);
		if (s->expr == NULL) {
			sel_free(s);
			return NULL;
		}
		return s;
	}
	/* <has>: a count of the units matching, in the condition's scope, of at least one. */
	struct agg *a = xcalloc(1, sizeof(*a));
	a->kind = AGG_UNITS;
	a->scope = p->cond_scope;
	a->item = ON_UNIT;
	a->line = xml_line(n);
	q.item = ON_UNIT;
	q.has_this = false;
	a->where = rr_read_group(n, SEL_ALL, &q);
	if (a->where == NULL) {
		free(a);
		return NULL;
	}
	a->slot = p->sys->n_slots++;
	p->sys->roster_aggs = p->sys->roster_aggs || a->scope == SCOPE_ROSTER;
	struct sel *s = rr_sel_new(SEL_HAS, p->item);
	s->agg = a;
	return s;
}

static struct sel *read_attr(xmlNodePtr n, const struct rp *p)
{
	struct sel *s = NULL;
	char *text = NULL;
	bool same = xml_is(n, "same-as-this");
	char *name = xml_prop(n, "name");
	const struct attr_def *a = find_attr(p, name, p->item, n);
	free(name);
	if (a == NULL)
		return NULL;
	if (same) {
		if (!p->has_this)
			FAIL(n, "%s", _("<same-as-this> is only meaningful inside a rule checked per unit (<each>)"));
		if (p->this_item != a->on)
			FAIL(n, _("<same-as-this> compares attribute '%s' of different kinds of item"), a->id);
		s = rr_sel_new(SEL_SAME_AS_THIS, p->item);
		s->attr = a;
		return s;
	}
	s = rr_sel_new(SEL_ATTR, p->item);
	s->attr = a;
	static const struct { const char *name; enum cmp_op op; } this_ops[] = {
		{ "eq-this", CMP_EQ }, { "ne-this", CMP_NE }, { "lt-this", CMP_LT },
		{ "le-this", CMP_LE }, { "gt-this", CMP_GT }, { "ge-this", CMP_GE },
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(this_ops); i++) {
		char *t = xml_prop(n, this_ops[i].name);
		if (t == NULL)
			continue;
		if (!p->has_this) {
			free(t);
			FAIL(n, _("%s= compares with the unit being checked, so it needs a rule with <each>"),
			     this_ops[i].name);
		}
		const struct attr_def *ta = idx_get(p->sys->attr_idx, t);
		if (ta == NULL) {
			rr_fatal(p, n, _("%s= names an unknown attribute '%s'"), this_ops[i].name, t);
			free(t);
			goto fail;
		}
		free(t);
		if (ta->on == ON_ITEM && p->this_item != ON_ITEM)
			FAIL(n, _("attribute '%s' belongs to items, but this rule checks units"), ta->id);
		bool ordered = a->type == ATTR_INT || a->type == ATTR_LADDER;
		if (ta->type != a->type || (ta->type == ATTR_LADDER && ta->ladder != a->ladder) ||
		    (!ordered && this_ops[i].op != CMP_EQ && this_ops[i].op != CMP_NE))
			FAIL(n, _("attributes '%s' and '%s' cannot be compared (different types)"), a->id,
			     ta->id);
		s->kind = SEL_ATTR_THIS;
		s->this_attr = ta;
		s->op = this_ops[i].op;
		return s;
	}
	if (read_op(n, p, &s->op, &text) != 0)
		goto fail;
	char **parts = NULL;
	size_t np = 1;
	if (s->op == CMP_IN || s->op == CMP_NOT_IN) {
		parts = strv_split(text, &np);
		if (np == 0) {
			strv_free(parts);
			FAIL(n, "%s", _("<attr in=...> needs at least one value"));
		}
	} else if ((a->type == ATTR_TEXT || a->type == ATTR_LEVEL || a->type == ATTR_BOOL) &&
	           s->op != CMP_EQ && s->op != CMP_NE) {
		FAIL(n, _("attribute '%s' is not ordered: compare it with eq, ne, in or not-in"), a->id);
	}
	s->vals = xcalloc(np, sizeof(*s->vals));
	for (size_t i = 0; i < np; i++) {
		char *err = NULL;
		const char *t = parts ? parts[i] : text;
		if (a->type == ATTR_LEVEL && idx_get(p->sys->group_idx, t) == NULL) {
			/* A level compares with catalog group ids; an unknown one is a typo. */
			rr_fatal(p, n, _("'%s' is not a known %s in any catalog"), t, a->name);
			strv_free(parts);
			goto fail;
		}
		if (value_parse(a, t, &s->vals[i], &err) != 0) {
			rr_fatal(p, n, "%s", err);
			free(err);
			strv_free(parts);
			goto fail;
		}
		s->n_vals++;
	}
	strv_free(parts);
	free(text);
	return s;
fail:
	free(text);
	sel_free(s);
	return NULL;
}

/* Parses named condition c in the variant of p (see struct named_cond), once. */
static void parse_named(struct named_cond *c, const struct rp *p)
{
	int v = p->roster_rule;
	if (c->sel[v] || c->why[v] || c->node == NULL)
		return;
	struct diags scratch = DIAGS_INIT;
	struct rp q = *p;
	q.d = &scratch;
	q.cond_depth = p->cond_depth + 1;
	c->busy = true;
	c->sel[v] = rr_read_group((xmlNodePtr)c->node, SEL_ALL, &q);
	c->busy = false;
	if (c->sel[v] == NULL) {
		const struct diag *g = scratch.n ? &scratch.v[0] : NULL;
		c->why[v] = xstrdup(g && g->msg ? g->msg : _("it is no condition"));
		c->why_line[v] = g ? g->line : c->line;
	}
	diags_release(&scratch);
}

/* <condition ref="ID"/>: the named condition ID, shared, not parsed again (a condition used in
 * a thousand rules is read once per variant, so the file stays linear). */
static struct sel *read_cond_ref(xmlNodePtr n, const struct rp *p)
{
	char *ref = xml_prop(n, "ref");
	struct named_cond *c = ref && p->sys->cond_idx ? idx_get(p->sys->cond_idx, ref) : NULL;
	if (c == NULL) {
		/* The nearest name, in one pass (a capped edit distance), not a list of them all. */
		const char *near = NULL;
		size_t best = 3;
		for (size_t i = 0; ref && i < p->sys->n_conds; i++) {
			size_t dist = edit_distance(ref, p->sys->conds[i].id, 2);
			if (dist < best) {
				best = dist;
				near = p->sys->conds[i].id;
			}
		}
		if (near)
			rr_fatal(p, n, _("<condition> names no condition of <conditions>: '%s'; did you mean '%s'?"),
			         ref, near);
		else
			rr_fatal(p, n, _("<condition> names no condition of <conditions>: '%s'"), ref ? ref : "");
		free(ref);
		return NULL;
	}
	free(ref);
	if (c->busy) {
		rr_fatal(p, n, _("condition '%s' uses itself"), c->id);
		return NULL;
	}
	if (p->cond_depth >= NAMED_COND_MAX_DEPTH) {
		rr_fatal(p, n, _("named conditions nest more than %d deep"), NAMED_COND_MAX_DEPTH);
		return NULL;
	}
	int v = p->roster_rule;
	parse_named(c, p);
	if (c->sel[v] == NULL) {
		if (c->why[v])
			rr_fatal(p, n, _("condition '%s' cannot stand here: line %ld: %s"), c->id,
			         c->why_line[v], c->why[v]);
		else
			rr_fatal(p, n, _("condition '%s' is defined in its rules file, and used only there"),
			         c->id);
		return NULL;
	}
	struct sel *s = rr_sel_new(SEL_COND_REF, p->item);
	s->ref = c->sel[v];
	return s;
}

int named_conds_read(xmlNodePtr sec, struct system *sys, const char *file, struct diags *d)
{
	size_t n = 0;
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c))
		n++;
	sys->conds = xcalloc(n + 1, sizeof(*sys->conds));
	sys->cond_idx = idx_new();
	struct rp pp = { sys, file, d, ON_LIST, false, ON_UNIT, SCOPE_LIST, false, 0 }, *p = &pp;
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "condition"))
			FAIL(c, _("<conditions> holds <condition> elements, not <%s>"), rr_ename(c));
		struct named_cond *nc = &sys->conds[sys->n_conds];
		nc->id = xml_prop(c, "id");
		nc->line = xml_line(c);
		nc->node = c;
		if (nc->id == NULL || *nc->id == '\0') {
			free(nc->id);
			nc->id = NULL;
			FAIL(c, "%s", _("<condition> needs an id"));
		}
		sys->n_conds++;
		if (idx_add(sys->cond_idx, nc->id, nc) != 0)
			FAIL(c, _("condition id '%s' is used twice"), nc->id);
	}
	/* Each is parsed for both kinds of <when> now, while the file is read; one that stands in
	 * neither is an error here, at its own line. */
	for (size_t i = 0; i < sys->n_conds; i++) {
		struct named_cond *nc = &sys->conds[i];
		for (int v = 0; v < 2; v++) {
			pp.roster_rule = v;
			pp.cond_scope = v ? SCOPE_ROSTER : SCOPE_LIST;
			parse_named(nc, p);
		}
		if (nc->sel[0] == NULL && nc->sel[1] == NULL) {
			diags_add(d, SEV_FATAL, file, nc->why_line[0], 0, NULL, NULL, "%s", nc->why[0]);
			goto fail;
		}
	}
	for (size_t i = 0; i < sys->n_conds; i++)
		sys->conds[i].node = NULL;
	return 0;
fail:
	for (size_t i = 0; i < sys->n_conds; i++)
		sys->conds[i].node = NULL;
	return -1;
}

/* <entry id="ID">, <has-option id="ID">, <offers-option id="ID">: ids kept as text (options
 * are per entry). Takes id. */
static struct sel *read_entry_ref(xmlNodePtr n, const struct rp *p, char *id)
{
	struct sel *s = NULL;
	if (xml_is(n, "entry")) {
		/* The id of the item: an entry for units; an item's or option's own id otherwise
		 * (those are per entry, so only entries can be checked here). */
		if (id == NULL || (p->item == ON_UNIT && idx_get(p->sys->entry_idx, id) == NULL))
			FAIL(n, _("<entry> names an unknown entry '%s'"), id ? id : "");
		s = rr_sel_new(SEL_ENTRY, p->item);
		s->id = id;
		return s;
	}
	if (xml_is(n, "has-option") || xml_is(n, "offers-option")) {
		if (p->item != ON_UNIT)
			FAIL(n, _("<%s> tests units"), rr_ename(n));
		if (id == NULL || *id == '\0')
			FAIL(n, _("<%s> needs id=\"OPTION\""), rr_ename(n));
		s = rr_sel_new(xml_is(n, "has-option") ? SEL_HAS_OPTION : SEL_OFFERS_OPTION, p->item);
		s->id = id;
		return s;
	}
fail:
	free(id);
	sel_free(s);
	return NULL;
}

/* <kind>, <group>, <category>, <keyword>: an id looked up among the system's definitions.
 * Takes id. */
static struct sel *read_def_ref(xmlNodePtr n, const struct rp *p, char *id)
{
	const char *key = id ? id : "";
	struct sel *s = NULL;
	if (xml_is(n, "kind")) {
		const struct item_kind *k = idx_get(p->sys->kind_idx, key);
		if (p->item != ON_ITEM)
			FAIL(n, "%s", _("<kind> tests items"));
		if (k == NULL)
			FAIL(n, _("<kind> names '%s', which is no item kind of the system"), key);
		s = rr_sel_new(SEL_KIND, p->item);
		s->ikind = k;
	} else if (xml_is(n, "group")) {
		const struct group *g = idx_get(p->sys->group_idx, key);
		if (p->item != ON_UNIT)
			FAIL(n, "%s", _("<group> tests units"));
		if (g == NULL)
			FAIL(n, _("<group> names '%s', which no catalog of the system defines"), key);
		s = rr_sel_new(SEL_GROUP, p->item);
		s->group = g;
	} else if (xml_is(n, "category")) {
		const struct category_def *c = idx_get(p->sys->cat_idx, key);
		if (c == NULL)
			FAIL(n, _("<category> names an unknown category '%s'"), key);
		s = rr_sel_new(SEL_CATEGORY, p->item);
		s->index = c->index;
	} else if (xml_is(n, "keyword")) {
		const struct keyword_def *k = idx_get(p->sys->kw_idx, key);
		if (k == NULL)
			FAIL(n, _("<keyword> names an unknown keyword '%s'"), key);
		s = rr_sel_new(SEL_KEYWORD, p->item);
		s->index = k->index;
	}
	free(id);
	return s;
fail:
	free(id);
	sel_free(s);
	return NULL;
}

/* <force faction= size= child=/> and <parent>C</parent>: the list's own place among the
 * forces (forces within forces, doc/data-guide.md), conditions only. */
static struct sel *read_force_test(xmlNodePtr n, const struct rp *p)
{
	struct sel *s = NULL;
	char *fac = xml_prop(n, "faction"), *size = xml_prop(n, "size"), *child = xml_prop(n, "child");
	if (rr_refuse_list(n, p, _("a list's place among the forces")))
		goto fail;
	if (xml_is(n, "parent")) {
		/* It reads another list: no list's verdict is its own alone (suggest.c). */
		p->sys->roster_aggs = true;
		s = rr_read_group(n, SEL_PARENT, p);
		goto out;
	}
	s = rr_sel_new(SEL_FORCE, p->item);
	if (fac && (s->group = idx_get(p->sys->group_idx, fac)) == NULL)
		FAIL(n, _("<force> names an unknown faction '%s'"), fac);
	if (size && (s->size = idx_get(p->sys->size_idx, size)) == NULL)
		FAIL(n, _("<force> names an unknown battle size '%s'"), size);
	if (child && strcmp(child, "true") != 0 && strcmp(child, "false") != 0)
		FAIL(n, _("<force child=...> is true or false, not '%s'"), child);
	s->num = child ? 1 + (strcmp(child, "true") == 0) : 0;
	goto out;
fail:
	sel_free(s);
	s = NULL;
out:
	free(fac);
	free(size);
	free(child);
	return s;
}

/* The table's row of element n, when it may stand where it stands (p->item); else NULL with
 * one diagnostic: not a selector (with a did-you-mean), not for options, not a condition. */
static const struct lang_elem *sel_row(xmlNodePtr n, const struct rp *p)
{
	if (rr_check_attrs(n, p, lang_sels, lang_n_sels))
		return NULL;
	const struct lang_elem *t = lang_find(lang_sels, lang_n_sels, rr_ename(n));
	if (p->item == ON_OPTION && (t == NULL || !(t->where & LW_OPTION)))
		FAIL(n, _("<%s> does not apply to options (options have ids, names and categories)"),
		     rr_ename(n));
	if (p->item == ON_LIST && (t == NULL || !(t->where & LW_COND))) {
		char *names = lang_names(lang_sels, lang_n_sels, LW_COND, true);
		rr_fatal(p, n, _("<%s> is not a condition (conditions: %s)"), rr_ename(n), names);
		free(names);
		goto fail;
	}
	if (p->item != ON_LIST && t && t->where == LW_COND)
		FAIL(n, _("<%s> is a condition: it stands in <when>"), rr_ename(n));
	if (t == NULL) {
		const struct lang_elem *near = lang_near(lang_sels, lang_n_sels, rr_ename(n));
		if (near)
			FAIL(n, _("<%s> is not a selector; did you mean <%s>?"), rr_ename(n), near->name);
		FAIL(n, _("<%s> is not a selector"), rr_ename(n));
	}
	return t;
fail:
	return NULL;
}

static struct sel *read_sel_kind(xmlNodePtr n, const struct rp *p)
{
	struct sel *s = NULL;
	char *id = NULL;
	const struct lang_elem *t = sel_row(n, p);
	if (t == NULL)
		return NULL;
	if (t->kind == SEL_FORCE || t->kind == SEL_PARENT)
		return read_force_test(n, p);
	if (xml_is(n, "all") || xml_is(n, "any") || xml_is(n, "not")) {
		enum sel_kind k = xml_is(n, "all") ? SEL_ALL : xml_is(n, "any") ? SEL_ANY : SEL_NOT;
		return rr_read_group(n, k, p);
	}
	if (xml_is(n, "test") || xml_is(n, "has"))
		return read_cond_leaf(n, p);
	if (xml_is(n, "condition"))
		return read_cond_ref(n, p);
	if (xml_is(n, "field"))
		return read_field_test(n, p, SEL_FIELD);
	if (xml_is(n, "attached-to")) {
		if (p->item != ON_UNIT)
			FAIL(n, "%s", _("<attached-to> tests units"));
		return read_nested(n, SEL_ATTACHED_TO, p, ON_UNIT);
	}
	if (xml_is(n, "attached-to-this")) {
		if (!p->has_this || p->this_item != ON_UNIT || p->item != ON_UNIT)
			FAIL(n, "%s", _("<attached-to-this/> needs a rule checked per unit (<each of=\"units\">)"));
		return rr_sel_new(SEL_ATTACHED_TO_THIS, p->item);
	}
	if (xml_is(n, "has-item")) {
		if (p->item != ON_UNIT)
			FAIL(n, "%s", _("<has-item> tests units, but this selector tests items"));
		return read_nested(n, SEL_HAS_ITEM, p, ON_ITEM);
	}
	id = xml_prop(n, "id");
	if (xml_is(n, "entry") || xml_is(n, "has-option") || xml_is(n, "offers-option"))
		return read_entry_ref(n, p, id);
	if (xml_is(n, "kind") || xml_is(n, "group") || xml_is(n, "category") || xml_is(n, "keyword"))
		return read_def_ref(n, p, id);
	if (xml_is(n, "name")) {
		char *pat = xml_prop(n, "matches");
		char *err = NULL;
		size_t off = 0;
		struct rx *rx = pat ? rx_compile(pat, &err, &off) : NULL;
		if (rx == NULL) {
			rr_fatal(p, n, _("pattern '%s' does not compile: %s (at offset %zu)"), pat ? pat : "",
			         err ? err : _("missing"), off);
			free(err);
			free(pat);
			goto fail;
		}
		free(pat);
		rx_set_origin(rx, p->file, xml_line(n));
		s = rr_sel_new(SEL_NAME, p->item);
		s->rx = rx;
		free(id);
		return s;
	}
	if (xml_is(n, "not-this")) {
		if (!p->has_this)
			FAIL(n, "%s", _("<not-this/> is only meaningful inside a rule checked per unit (<each>)"));
		free(id);
		return rr_sel_new(SEL_NOT_THIS, p->item);
	}
	if (xml_is(n, "attached")) {
		free(id);
		return rr_sel_new(SEL_ATTACHED, p->item);
	}
	if (xml_is(n, "paid")) {
		free(id);
		if (p->item != ON_ITEM)
			FAIL(n, "%s", _("<paid/> tests items"));
		return rr_sel_new(SEL_PAID, p->item);
	}
	if (xml_is(n, "models")) {
		free(id);
		return read_field_test(n, p, SEL_MODELS);
	}
	if (xml_is(n, "attr") || xml_is(n, "same-as-this")) {
		free(id);
		return read_attr(n, p);
	}
	FAIL(n, _("<%s> is not a selector"), rr_ename(n));
fail:
	free(id);
	sel_free(s);
	return NULL;
}

static struct sel *read_sel(xmlNodePtr n, const struct rp *p)
{
	return rr_sel_plan(p, read_sel_kind(n, p));
}

struct sel *sel_parse_children(xmlNodePtr parent, const struct sel_parse *sp)
{
	struct rp p = { (struct system *)sp->sys, sp->file, sp->d, sp->item, sp->has_this,
	                sp->this_item, SCOPE_LIST, false, 0 };
	return rr_read_group(parent, SEL_ALL, &p);
}

/* <when>: a condition on the list (or the roster, for roster-wide rules). */
struct sel *rr_read_when(xmlNodePtr n, const struct rp *p, enum scope_kind scope)
{
	struct rp q = *p;
	q.item = ON_LIST;
	q.has_this = false;
	q.cond_scope = scope == SCOPE_ROSTER ? SCOPE_ROSTER : SCOPE_LIST;
	return rr_read_group(n, SEL_ALL, &q);
}
