/* read-rules.c - the reader of the rule language: rules, selectors, expressions, modifiers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Nothing here knows a game system: names are looked up in the system being loaded. Every
 * attribute is checked before use; the schema only gives earlier and nicer messages.
 */
#include "muster.h"
#include "read-rules.h"
#include "idx.h"
#include "rx.h"
#include "select.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How an element is read: which items a selector applies to, whether "this" exists, and in
 * which scope a condition's <has> looks. */
struct rp {
	struct system *sys;
	const char *file;
	struct diags *d;
	enum attr_on item;        /* units, items, options, or ON_LIST for conditions */
	bool has_this;
	enum attr_on this_item;
	enum scope_kind cond_scope;
	bool roster_rule;         /* a roster-wide rule: nothing may read "the" list */
	int cond_depth;           /* named conditions being parsed around this one */
};

/* Named conditions inside named conditions, at most: the reader and the check recurse. */
#define NAMED_COND_MAX_DEPTH 32

#define FAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		goto fail; \
	} while (0)

static const char *ename(xmlNodePtr n)
{
	return (const char *)n->name;
}

static int lookup_enum(const char *v, const char *const *names, size_t n, int def)
{
	if (v == NULL)
		return def;
	for (size_t i = 0; i < n; i++)
		if (strcmp(v, names[i]) == 0)
			return (int)i;
	return -2;
}

static void fatal(const struct rp *p, xmlNodePtr n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void fatal(const struct rp *p, xmlNodePtr n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL, "%s", msg);
	free(msg);
}

/* --- small attribute readers ------------------------------------------------------------------ */

static int read_rounding(xmlNodePtr n, const struct rp *p, enum rounding *out)
{
	static const char *const names[] = { "up", "down" };
	char *v = xml_prop(n, "round");
	int k = lookup_enum(v, names, 2, -1);
	if (k == -2)
		fatal(p, n, _("round must be up or down, not '%s'"), v);
	free(v);
	if (k == -2)
		return -1;
	*out = k == -1 ? p->sys->rounding : (enum rounding)k;
	return 0;
}

static int read_cost(xmlNodePtr n, const struct rp *p, const char *attr, size_t *out)
{
	char *v = xml_prop(n, attr);
	const struct cost_def *c = NULL;
	if (v == NULL && p->sys->n_costs == 1)
		c = &p->sys->costs[0];
	else if (v)
		c = idx_get(p->sys->cost_idx, v);
	if (c == NULL)
		fatal(p, n, _("<%s> names an unknown cost type '%s'"), ename(n), v ? v : "");
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
	int k = lookup_enum(v, names, 2, -1);
	if (k < 0)
		fatal(p, n, _("<%s> needs basis=\"limit\" (the points limit of the game) or basis=\"spent\" (the points the list spends), not '%s'"),
		      ename(n), v ? v : "");
	free(v);
	if (k < 0)
		return -1;
	*out = (enum basis_kind)k;
	return 0;
}

static int read_num(xmlNodePtr n, const struct rp *p, const char *attr, int64_t *out, bool need)
{
	char *v = xml_prop(n, attr);
	long x = 0;
	int rc = 0;
	if (v == NULL) {
		if (need) {
			fatal(p, n, _("<%s> needs %s=\"N\""), ename(n), attr);
			rc = -1;
		}
	} else if (parse_long(v, -1000000000000L, 1000000000000L, &x) != 0) {
		fatal(p, n, _("%s must be a whole number, not '%s'"), attr, v);
		rc = -1;
	} else {
		*out = x;
	}
	free(v);
	return rc;
}

static const struct field_def *read_field(xmlNodePtr n, const struct rp *p, const char *attr)
{
	char *name = xml_prop(n, attr);
	const struct field_def *f = idx_get(p->sys->field_idx, name ? name : "");
	if (f == NULL)
		fatal(p, n, _("<%s> names an unknown field '%s'"), ename(n), name ? name : "");
	free(name);
	return f;
}

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
			fatal(p, n, _("<%s> takes exactly one of eq, ne, lt, le, gt, ge, in, not-in"), ename(n));
			return -1;
		}
		*op = ops[i].op;
		*text = v;
	}
	if (!found) {
		fatal(p, n, _("<%s> needs a comparison: one of eq, ne, lt, le, gt, ge, in, not-in"), ename(n));
		return -1;
	}
	return 0;
}

/* --- unknown attributes ---------------------------------------------------------------------- */

/* The schema leaves selectors, conditions and expressions to this reader (rules.xsd says why):
 * so the reader refuses an attribute it does not know, which would otherwise be ignored and
 * change a rule's meaning without a word (<clamp mx="1">). Each element knows a few names, so
 * the check is linear in the attributes of the file. */
struct known_attrs {
	const char *elem;
	const char *names; /* space-separated */
};

#define CMP_NAMES "eq ne lt le gt ge in not-in"
#define AGG_NAMES "of in cost attr group-by items ancestor"
static const struct known_attrs sel_attrs[] = {
	{ "all", "" }, { "any", "" }, { "not", "" }, { "has", "" }, { "attached-to", "" },
	{ "attached-to-this", "" }, { "has-item", "" }, { "not-this", "" }, { "attached", "" },
	{ "paid", "" }, { "condition", "ref" },
	{ "test", CMP_NAMES }, { "models", CMP_NAMES }, { "field", "name " CMP_NAMES },
	{ "entry", "id" }, { "has-option", "id" }, { "offers-option", "id" }, { "kind", "id" },
	{ "group", "id" },
	{ "category", "id" }, { "keyword", "id" }, { "name", "matches" },
	{ "attr", "name " CMP_NAMES " eq-this ne-this lt-this le-this gt-this ge-this" },
	{ "same-as-this", "name" },
};
static const struct known_attrs expr_attrs[] = {
	{ "add", "" }, { "mul", "" }, { "min", "" }, { "max", "" }, { "sub", "" },
	{ "div", "round" }, { "clamp", "min max" }, { "num", "value" }, { "field", "name" },
	{ "limit", "cost" }, { "this", "attr" }, { "count", AGG_NAMES }, { "sum", AGG_NAMES },
	{ "distinct", AGG_NAMES }, { "highest", AGG_NAMES }, { "lowest", AGG_NAMES },
	{ "per", "every each cost basis round" },
	{ "percent", "value round cost basis" }, { "if", "" }, { "when", "" },
};

/* Refuses an attribute of n (in no namespace) that the table does not name for its element;
 * an element the table does not hold is left to the caller, which refuses it. */
static int check_attrs(xmlNodePtr n, const struct rp *p, const struct known_attrs *t, size_t nt)
{
	const char *known = NULL;
	for (size_t i = 0; i < nt && known == NULL; i++)
		if (xml_is(n, t[i].elem))
			known = t[i].names;
	if (known == NULL)
		return 0;
	for (xmlAttrPtr a = n->properties; a; a = a->next) {
		if (a->ns != NULL)
			continue;
		const char *name = (const char *)a->name;
		size_t len = strlen(name), best = SIZE_MAX;
		char guess[64] = "";
		bool found = false;
		for (const char *k = known; *k && !found;) {
			size_t kl = strcspn(k, " ");
			char word[64];
			snprintf(word, sizeof(word), "%.*s", (int)kl, k);
			found = kl == len && memcmp(k, name, len) == 0;
			size_t dist = edit_distance(name, word, 2);
			if (dist < best) {
				best = dist;
				memcpy(guess, word, sizeof(guess));
			}
			k += kl + (k[kl] == ' ');
		}
		if (found)
			continue;
		/* A near miss: at most two edits, and fewer than the typo has letters. */
		if (best <= 2 && best < len && guess[0])
			fatal(p, n, _("'%s' is not an attribute of <%s>; did you mean '%s'?"), name,
			      ename(n), guess);
		else
			fatal(p, n, _("'%s' is not an attribute of <%s>"), name, ename(n));
		return -1;
	}
	return 0;
}

/* --- selectors and conditions -------------------------------------------------------------- */

static struct sel *sel_new(enum sel_kind k, enum attr_on item)
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
		fatal(p, n, _("<%s> names an unknown attribute '%s'"), ename(n), id ? id : "");
		return NULL;
	}
	if (a->on != on) {
		fatal(p, n, on == ON_UNIT ? _("attribute '%s' belongs to items, not units, here")
		                         : _("attribute '%s' belongs to units, not items, here"), id);
		return NULL;
	}
	return a;
}

static struct sel *read_sel(xmlNodePtr n, const struct rp *p);
static struct expr *read_expr(xmlNodePtr n, struct rp *p);
static bool refuse_list(xmlNodePtr n, const struct rp *p, const char *what);
static struct agg *read_agg(xmlNodePtr a, struct rp *p, bool in_expr);

static struct sel *read_group(xmlNodePtr parent, enum sel_kind kind, const struct rp *p)
{
	struct sel *s = sel_new(kind, p->item);
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
	return s;
}

/* A selector with one sub-selector on other items (has-item, attached-to). */
static struct sel *read_nested(xmlNodePtr n, enum sel_kind kind, const struct rp *p,
                               enum attr_on item)
{
	struct rp q = *p;
	q.item = item;
	struct sel *sub = read_group(n, SEL_ALL, &q);
	if (sub == NULL)
		return NULL;
	struct sel *s = sel_new(kind, p->item);
	s->kids = xcalloc(1, sizeof(*s->kids));
	s->kids[0] = sub;
	s->n_kids = 1;
	return s;
}

/* The leaves that mean something for options (which have ids, names and categories) and for
 * conditions on a list. */
static const char *const option_leaves[] = { "all", "any", "not", "entry", "category", "name", "field" };
static const char *const cond_leaves[] = { "all", "any", "not", "field", "test", "has",
                                            "condition" };

static bool one_of(xmlNodePtr n, const char *const *names, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (xml_is(n, names[i]))
			return true;
	return false;
}

static struct sel *read_field_test(xmlNodePtr n, const struct rp *p, enum sel_kind kind)
{
	struct sel *s = sel_new(kind, p->item);
	char *text = NULL;
	if (kind == SEL_FIELD) {
		const struct field_def *f = read_field(n, p, "name");
		if (f == NULL)
			goto fail;
		if (p->item == ON_LIST && f->scope == FIELD_LIST && refuse_list(n, p, _("a list's field")))
			goto fail;
		s->index = f->index;
		if (read_op(n, p, &s->op, &text) != 0)
			goto fail;
		if (s->op == CMP_IN || s->op == CMP_NOT_IN)
			FAIL(n, _("<%s> compares with eq, ne, lt, le, gt or ge"), ename(n));
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
		FAIL(n, _("<%s> compares with eq, ne, lt, le, gt or ge"), ename(n));
	}
	if (strcmp(text, "true") == 0)
		s->num = 1;
	else if (strcmp(text, "false") == 0)
		s->num = 0;
	else if (parse_long(text, -1000000000000L, 1000000000000L, &s->num) != 0)
		FAIL(n, _("<%s> compares with a whole number, not '%s'"), ename(n), text);
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
			fatal(p, n, "%s", _("<test> holds exactly one expression"));
			return NULL;
		}
		struct sel *s = read_field_test(n, p, SEL_TEST);
		if (s == NULL)
			return NULL;
		q.has_this = false;
		s->expr = read_expr(c, &q);
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
	a->where = read_group(n, SEL_ALL, &q);
	if (a->where == NULL) {
		free(a);
		return NULL;
	}
	a->slot = p->sys->n_slots++;
	p->sys->roster_aggs = p->sys->roster_aggs || a->scope == SCOPE_ROSTER;
	struct sel *s = sel_new(SEL_HAS, p->item);
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
		s = sel_new(SEL_SAME_AS_THIS, p->item);
		s->attr = a;
		return s;
	}
	s = sel_new(SEL_ATTR, p->item);
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
			fatal(p, n, _("%s= names an unknown attribute '%s'"), this_ops[i].name, t);
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
			fatal(p, n, _("'%s' is not a known %s in any catalog"), t, a->name);
			strv_free(parts);
			goto fail;
		}
		if (value_parse(a, t, &s->vals[i], &err) != 0) {
			fatal(p, n, "%s", err);
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
	c->sel[v] = read_group((xmlNodePtr)c->node, SEL_ALL, &q);
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
			fatal(p, n, _("<condition> names no condition of <conditions>: '%s'; did you mean '%s'?"),
			      ref, near);
		else
			fatal(p, n, _("<condition> names no condition of <conditions>: '%s'"), ref ? ref : "");
		free(ref);
		return NULL;
	}
	free(ref);
	if (c->busy) {
		fatal(p, n, _("condition '%s' uses itself"), c->id);
		return NULL;
	}
	if (p->cond_depth >= NAMED_COND_MAX_DEPTH) {
		fatal(p, n, _("named conditions nest more than %d deep"), NAMED_COND_MAX_DEPTH);
		return NULL;
	}
	int v = p->roster_rule;
	parse_named(c, p);
	if (c->sel[v] == NULL) {
		if (c->why[v])
			fatal(p, n, _("condition '%s' cannot stand here: line %ld: %s"), c->id,
			      c->why_line[v], c->why[v]);
		else
			fatal(p, n, _("condition '%s' is defined in its rules file, and used only there"),
			      c->id);
		return NULL;
	}
	struct sel *s = sel_new(SEL_COND_REF, p->item);
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
			FAIL(c, _("<conditions> holds <condition> elements, not <%s>"), ename(c));
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

static struct sel *read_sel(xmlNodePtr n, const struct rp *p)
{
	struct sel *s = NULL;
	char *id = NULL;
	if (check_attrs(n, p, sel_attrs, MUSTER_ARRAY_LEN(sel_attrs)))
		return NULL;
	if (p->item == ON_OPTION && !one_of(n, option_leaves, MUSTER_ARRAY_LEN(option_leaves)))
		FAIL(n, _("<%s> does not apply to options (options have ids, names and categories)"),
		     ename(n));
	if (p->item == ON_LIST && !one_of(n, cond_leaves, MUSTER_ARRAY_LEN(cond_leaves)))
		FAIL(n, _("<%s> is not a condition (conditions: <all>, <any>, <not>, <field>, <test>, <has>)"),
		     ename(n));
	if (p->item != ON_LIST && (xml_is(n, "test") || xml_is(n, "has")))
		FAIL(n, _("<%s> is a condition: it stands in <when>"), ename(n));
	if (xml_is(n, "all") || xml_is(n, "any") || xml_is(n, "not")) {
		enum sel_kind k = xml_is(n, "all") ? SEL_ALL : xml_is(n, "any") ? SEL_ANY : SEL_NOT;
		return read_group(n, k, p);
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
		return sel_new(SEL_ATTACHED_TO_THIS, p->item);
	}
	if (xml_is(n, "has-item")) {
		if (p->item != ON_UNIT)
			FAIL(n, "%s", _("<has-item> tests units, but this selector tests items"));
		return read_nested(n, SEL_HAS_ITEM, p, ON_ITEM);
	}
	id = xml_prop(n, "id");
	if (xml_is(n, "entry")) {
		/* The id of the item: an entry for units; an item's or option's own id otherwise
		 * (those are per entry, so only entries can be checked here). */
		if (id == NULL || (p->item == ON_UNIT && idx_get(p->sys->entry_idx, id) == NULL))
			FAIL(n, _("<entry> names an unknown entry '%s'"), id ? id : "");
		s = sel_new(SEL_ENTRY, p->item);
		s->id = id;
		return s;
	}
	if (xml_is(n, "has-option") || xml_is(n, "offers-option")) {
		if (p->item != ON_UNIT)
			FAIL(n, _("<%s> tests units"), ename(n));
		if (id == NULL || *id == '\0')
			FAIL(n, _("<%s> needs id=\"OPTION\""), ename(n));
		s = sel_new(xml_is(n, "has-option") ? SEL_HAS_OPTION : SEL_OFFERS_OPTION, p->item);
		s->id = id;
		return s;
	}
	if (xml_is(n, "kind")) {
		const struct item_kind *k = idx_get(p->sys->kind_idx, id ? id : "");
		if (p->item != ON_ITEM)
			FAIL(n, "%s", _("<kind> tests items"));
		if (k == NULL)
			FAIL(n, _("<kind> names '%s', which is no item kind of the system"), id ? id : "");
		s = sel_new(SEL_KIND, p->item);
		s->ikind = k;
		free(id);
		return s;
	}
	if (xml_is(n, "group")) {
		const struct group *g = idx_get(p->sys->group_idx, id ? id : "");
		if (p->item != ON_UNIT)
			FAIL(n, "%s", _("<group> tests units"));
		if (g == NULL)
			FAIL(n, _("<group> names '%s', which no catalog of the system defines"), id ? id : "");
		s = sel_new(SEL_GROUP, p->item);
		s->group = g;
		free(id);
		return s;
	}
	if (xml_is(n, "category")) {
		const struct category_def *c = idx_get(p->sys->cat_idx, id ? id : "");
		if (c == NULL)
			FAIL(n, _("<category> names an unknown category '%s'"), id ? id : "");
		s = sel_new(SEL_CATEGORY, p->item);
		s->index = c->index;
		free(id);
		return s;
	}
	if (xml_is(n, "keyword")) {
		const struct keyword_def *k = idx_get(p->sys->kw_idx, id ? id : "");
		if (k == NULL)
			FAIL(n, _("<keyword> names an unknown keyword '%s'"), id ? id : "");
		s = sel_new(SEL_KEYWORD, p->item);
		s->index = k->index;
		free(id);
		return s;
	}
	if (xml_is(n, "name")) {
		char *pat = xml_prop(n, "matches");
		char *err = NULL;
		size_t off = 0;
		struct rx *rx = pat ? rx_compile(pat, &err, &off) : NULL;
		if (rx == NULL) {
			fatal(p, n, _("pattern '%s' does not compile: %s (at offset %zu)"), pat ? pat : "",
			      err ? err : _("missing"), off);
			free(err);
			free(pat);
			goto fail;
		}
		free(pat);
		rx_set_origin(rx, p->file, xml_line(n));
		s = sel_new(SEL_NAME, p->item);
		s->rx = rx;
		free(id);
		return s;
	}
	if (xml_is(n, "not-this")) {
		if (!p->has_this)
			FAIL(n, "%s", _("<not-this/> is only meaningful inside a rule checked per unit (<each>)"));
		free(id);
		return sel_new(SEL_NOT_THIS, p->item);
	}
	if (xml_is(n, "attached")) {
		free(id);
		return sel_new(SEL_ATTACHED, p->item);
	}
	if (xml_is(n, "paid")) {
		free(id);
		if (p->item != ON_ITEM)
			FAIL(n, "%s", _("<paid/> tests items"));
		return sel_new(SEL_PAID, p->item);
	}
	if (xml_is(n, "models")) {
		free(id);
		return read_field_test(n, p, SEL_MODELS);
	}
	if (xml_is(n, "attr") || xml_is(n, "same-as-this")) {
		free(id);
		return read_attr(n, p);
	}
	FAIL(n, _("<%s> is not a selector"), ename(n));
fail:
	free(id);
	sel_free(s);
	return NULL;
}

struct sel *sel_parse_children(xmlNodePtr parent, const struct sel_parse *sp)
{
	struct rp p = { (struct system *)sp->sys, sp->file, sp->d, sp->item, sp->has_this,
	                sp->this_item, SCOPE_LIST, false, 0 };
	return read_group(parent, SEL_ALL, &p);
}

/* <when>: a condition on the list (or the roster, for roster-wide rules). */
static struct sel *read_when(xmlNodePtr n, const struct rp *p, enum scope_kind scope)
{
	struct rp q = *p;
	q.item = ON_LIST;
	q.has_this = false;
	q.cond_scope = scope == SCOPE_ROSTER ? SCOPE_ROSTER : SCOPE_LIST;
	return read_group(n, SEL_ALL, &q);
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
				fatal(p, n, "%s", _("<not-this/> needs a count or sum over the same kind of item as the rule checks"));
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
	if (reads_this(w)) {
		fatal(p, n, "%s", _("a test of the unit being checked (<same-as-this>, <not-this/>, <attached-to-this/>, eq-this=) must stand at the top of a list-wide aggregate's selector, not inside <any>, <not> or <attached-to>, and only eq-this= compares"));
		return -1;
	}
	return 0;
}

static struct agg *read_agg(xmlNodePtr n, struct rp *p, bool in_expr)
{
	struct agg *a = xcalloc(1, sizeof(*a));
	a->line = xml_line(n);
	static const char *const scopes[] = { "unit", "list", "roster", "self", "parent", "ancestor" };
	char *in = xml_prop(n, "in");
	int sc = lookup_enum(in, scopes, 6, SCOPE_LIST);
	if (sc == -2)
		fatal(p, n, _("in must be unit, list, roster, self, parent or ancestor, not '%s'"), in);
	free(in);
	if (sc == -2)
		goto fail;
	a->scope = (enum scope_kind)sc;
	if (in_expr && a->scope != SCOPE_ROSTER && refuse_list(n, p, _("a list's units")))
		goto fail;
	if (a->scope == SCOPE_UNIT && !p->has_this)
		FAIL(n, "%s", _("in=\"unit\" needs a rule checked per unit (<each>)"));
	static const char *const tree_names[] = { "self", "parent", "ancestor" };
	bool tree = a->scope == SCOPE_SELF || a->scope == SCOPE_PARENT || a->scope == SCOPE_ANCESTOR;
	if (tree && (!p->has_this || p->this_item != ON_OPTION))
		FAIL(n, _("in=\"%s\" needs a rule checked per option (<each of=\"options\">)"),
		     tree_names[a->scope - SCOPE_SELF]);
	a->ancestor = xml_prop(n, "ancestor");
	if ((a->scope == SCOPE_ANCESTOR) != (a->ancestor != NULL))
		FAIL(n, "%s", _("in=\"ancestor\" and ancestor=\"ID\" (the entry or option counted "
		                "under) go together"));
	a->item = ON_UNIT;
	if (xml_is(n, "count")) {
		static const char *const ofs[] = { "units", "models", "items", "lists", "options" };
		static const enum agg_kind kinds[] = { AGG_UNITS, AGG_MODELS, AGG_ITEMS, AGG_LISTS,
		                                       AGG_OPTIONS };
		char *of = xml_prop(n, "of");
		int k = lookup_enum(of, ofs, 5, 0);
		if (k == -2)
			fatal(p, n, _("<count of=...> counts units, models, items, lists or options, not '%s'"), of);
		free(of);
		if (k == -2)
			goto fail;
		a->kind = kinds[k];
		if (a->kind == AGG_ITEMS)
			a->item = ON_ITEM;
		if (a->kind == AGG_OPTIONS)
			a->item = ON_OPTION;
		if (a->kind == AGG_LISTS && a->scope != SCOPE_ROSTER)
			FAIL(n, "%s", _("<count of=\"lists\"> needs in=\"roster\""));
	} else if (xml_is(n, "sum")) {
		char *attr = xml_prop(n, "attr");
		if (attr) {
			a->kind = AGG_ATTR;
			a->attr = idx_get(p->sys->attr_idx, attr);
			if (a->attr == NULL || (a->attr->type != ATTR_INT && a->attr->type != ATTR_LADDER)) {
				fatal(p, n, _("<sum attr=...> needs a whole-number or ladder attribute, not '%s'"), attr);
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
			fatal(p, n, _("<%s attr=...> needs a whole-number or ladder attribute, not '%s'"),
			      ename(n), attr ? attr : "");
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
			fatal(p, n, _("<%s> names an unknown attribute '%s'"), ename(n), attr ? attr : "");
		free(attr);
		if (a->attr == NULL)
			goto fail;
		a->item = a->attr->on;
	}
	/* items="options": count lists or sum costs over the options taken rather than units
	 * (a unique magic item in two lists of one player). */
	char *items = xml_prop(n, "items");
	if (items) {
		static const char *const kinds[] = { "units", "items", "options" };
		int k = lookup_enum(items, kinds, 3, -1);
		if (k < 0 || (a->kind != AGG_LISTS && a->kind != AGG_COST && a->kind != AGG_UNITS &&
		              a->kind != AGG_OPTIONS && a->kind != AGG_ITEMS)) {
			fatal(p, n, _("items=\"%s\" does not fit this aggregate (items: units, items or options, with count or sum cost)"),
			      items);
			free(items);
			goto fail;
		}
		free(items);
		a->item = (enum attr_on)k;
	}
	char *gb = xml_prop(n, "group-by");
	if (gb) {
		if (in_expr || p->has_this) {
			fatal(p, n, "%s", in_expr ? _("an aggregate in an expression has one value: no group-by")
			                          : _("group-by does not go with <each>: a rule checked per unit already names its group"));
			free(gb);
			goto fail;
		}
		if (strcmp(gb, "entry") == 0) {
			a->group = GROUP_ENTRY;
		} else {
			a->group = GROUP_ATTR;
			a->group_attr = idx_get(p->sys->attr_idx, gb);
			if (a->group_attr == NULL || a->group_attr->on != a->item) {
				fatal(p, n, _("group-by must be \"entry\" or an attribute of the items counted, not '%s'"),
				      gb);
				free(gb);
				goto fail;
			}
		}
		free(gb);
	}
	if (tree && a->item != ON_OPTION)
		FAIL(n, _("in=\"%s\" counts options: of=\"options\", or items=\"options\""),
		     tree_names[a->scope - SCOPE_SELF]);
	struct rp q = *p;
	q.item = a->item;
	a->where = read_group(n, SEL_ALL, &q);
	if (a->where == NULL)
		goto fail;
	if (a->scope != SCOPE_UNIT && !tree && p->has_this && lift_this(a, n, p) != 0)
		goto fail;
	if (a->not_this && (a->kind == AGG_HIGHEST || a->kind == AGG_LOWEST))
		FAIL(n, _("<%s> takes no <not-this/>: the highest of the others is no sum to take "
		          "the unit's share back out of"), ename(n));
	a->slot = p->sys->n_slots++;
	p->sys->roster_aggs = p->sys->roster_aggs || a->scope == SCOPE_ROSTER;
	return a;
fail:
	agg_free(a);
	return NULL;
}

/* --- expressions ----------------------------------------------------------------------------- */

static struct expr *expr_new(enum expr_kind k, xmlNodePtr n)
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
		struct expr *k = read_expr(c, p);
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
		fatal(p, n, "%s", _("a bound of the unit being checked needs a rule checked per unit (<each>)"));
		return NULL;
	}
	const struct attr_def *a = idx_get(p->sys->attr_idx, id ? id : "");
	if (a == NULL)
		fatal(p, n, _("bound names an unknown attribute '%s'"), id ? id : "");
	/* An item rule may bound by its unit's attribute (a model's hands, say). */
	else if (a->on == ON_ITEM && p->this_item != ON_ITEM)
		fatal(p, n, _("bound attribute '%s' belongs to items, but the rule checks units"), id);
	else if (a->type != ATTR_INT && a->type != ATTR_LADDER && a->type != ATTR_BOOL)
		fatal(p, n, _("bound attribute '%s' is not a whole number"), id);
	else
		return a;
	return NULL;
}

/* In a roster-wide rule there is no one list to read: its limit, its points spent, its
 * fields and its units are refused, so that the verdict never depends on which list is first. */
static bool refuse_list(xmlNodePtr n, const struct rp *p, const char *what)
{
	if (!p->roster_rule)
		return false;
	fatal(p, n, _("a roster-wide rule reads no one list, so <%s> cannot read %s here (use in=\"roster\" aggregates and roster fields)"),
	      ename(n), what);
	return true;
}

static struct expr *read_expr(xmlNodePtr n, struct rp *p)
{
	struct expr *e = NULL;
	static const struct { const char *name; enum expr_kind kind; size_t min, max; } arith[] = {
		{ "add", EX_ADD, 1, SIZE_MAX }, { "mul", EX_MUL, 1, SIZE_MAX },
		{ "min", EX_MIN, 1, SIZE_MAX }, { "max", EX_MAX, 1, SIZE_MAX },
		{ "sub", EX_SUB, 2, 2 }, { "div", EX_DIV, 2, 2 }, { "clamp", EX_CLAMP, 1, 1 },
	};
	if (check_attrs(n, p, expr_attrs, MUSTER_ARRAY_LEN(expr_attrs)))
		return NULL;
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(arith); i++) {
		if (!xml_is(n, arith[i].name))
			continue;
		e = expr_new(arith[i].kind, n);
		if (read_kids(e, xml_first_elem(n), p))
			goto fail;
		if (e->n_kids < arith[i].min || e->n_kids > arith[i].max) {
			if (arith[i].min == arith[i].max)
				FAIL(n, _("<%s> takes %zu expressions"), ename(n), arith[i].min);
			FAIL(n, _("<%s> takes at least one expression"), ename(n));
		}
		if (e->kind == EX_DIV && read_rounding(n, p, &e->round))
			goto fail;
		if (e->kind == EX_CLAMP) {
			char *lo = xml_prop(n, "min"), *hi = xml_prop(n, "max");
			e->has_lo = lo != NULL;
			e->has_hi = hi != NULL;
			free(lo);
			free(hi);
			if ((e->has_lo && read_num(n, p, "min", &e->lo, true)) ||
			    (e->has_hi && read_num(n, p, "max", &e->hi, true)))
				goto fail;
			if (!e->has_lo && !e->has_hi)
				FAIL(n, "%s", _("<clamp> needs min=\"N\", max=\"N\" or both"));
		}
		return e;
	}
	if (xml_is(n, "num")) {
		e = expr_new(EX_NUM, n);
		if (read_num(n, p, "value", &e->num, true))
			goto fail;
	} else if (xml_is(n, "field")) {
		e = expr_new(EX_FIELD, n);
		const struct field_def *f = read_field(n, p, "name");
		if (f == NULL)
			goto fail;
		if (f->type == ATTR_CHOICE)
			FAIL(n, _("field '%s' is a choice, not a number: test it in a <when>"), f->id);
		if (f->scope == FIELD_LIST && refuse_list(n, p, _("a list's field")))
			goto fail;
		e->index = f->index;
	} else if (xml_is(n, "limit")) {
		e = expr_new(EX_LIMIT, n);
		if (refuse_list(n, p, _("a list's limit")) || read_cost(n, p, "cost", &e->index))
			goto fail;
	} else if (xml_is(n, "this")) {
		e = expr_new(EX_THIS, n);
		char *id = xml_prop(n, "attr");
		e->attr = read_this_attr(n, p, id);
		free(id);
		if (e->attr == NULL)
			goto fail;
	} else if (xml_is(n, "count") || xml_is(n, "sum") || xml_is(n, "distinct") ||
	           xml_is(n, "highest") || xml_is(n, "lowest")) {
		e = expr_new(EX_AGG, n);
		e->agg = read_agg(n, p, true);
		if (e->agg == NULL)
			goto fail;
	} else if (xml_is(n, "per")) {
		e = expr_new(EX_PER, n);
		e->num = 1;
		if (read_num(n, p, "every", &e->every, true) || read_num(n, p, "each", &e->num, false))
			goto fail;
		if (e->every <= 0)
			FAIL(n, "%s", _("<per> needs every=\"N\" points, N at least 1"));
		if (refuse_list(n, p, _("a list's points")) || read_cost(n, p, "cost", &e->index) ||
		    read_basis(n, p, &e->basis) ||
		    read_rounding(n, p, &e->round))
			goto fail;
	} else if (xml_is(n, "percent")) {
		e = expr_new(EX_PERCENT, n);
		if (read_num(n, p, "value", &e->num, true) || read_rounding(n, p, &e->round))
			goto fail;
		if (e->num < 0 || e->num > 100)
			FAIL(n, "%s", _("<percent> needs value=\"N\" from 0 to 100"));
		xmlNodePtr c = xml_first_elem(n);
		if (c) {
			if (read_kids(e, c, p))
				goto fail;
			if (e->n_kids != 1)
				FAIL(n, "%s", _("<percent> takes one expression, or cost= and basis="));
		} else if (refuse_list(n, p, _("a list's points")) || read_cost(n, p, "cost", &e->index) ||
		           read_basis(n, p, &e->basis)) {
			goto fail;
		}
	} else if (xml_is(n, "if")) {
		e = expr_new(EX_IF, n);
		xmlNodePtr w = xml_first_elem(n);
		if (w == NULL || !xml_is(w, "when"))
			FAIL(n, "%s", _("<if> starts with a <when> condition, then one or two expressions"));
		e->when = read_when(w, p, p->roster_rule ? SCOPE_ROSTER : SCOPE_LIST);
		if (e->when == NULL || read_kids(e, xml_next_elem(w), p))
			goto fail;
		if (e->n_kids < 1 || e->n_kids > 2)
			FAIL(n, "%s", _("<if> starts with a <when> condition, then one or two expressions"));
	} else {
		FAIL(n, _("<%s> is not an expression (expressions: num, field, limit, this, count, sum, distinct, per, percent, add, sub, mul, div, min, max, clamp, if)"),
		     ename(n));
	}
	return e;
fail:
	expr_free(e);
	return NULL;
}

/* <at-most value="3"/>, <at-least this="rank"/>, or expressions that add up. */
static struct expr *read_bound(xmlNodePtr n, struct rp *p)
{
	const struct known_attrs bound_attrs[] = { { (const char *)n->name, "value this" } };
	if (check_attrs(n, p, bound_attrs, 1))
		return NULL;
	char *v = xml_prop(n, "value");
	char *th = xml_prop(n, "this");
	xmlNodePtr c = xml_first_elem(n);
	struct expr *e = NULL;
	int forms = (v != NULL) + (th != NULL) + (c != NULL);
	if (forms != 1)
		FAIL(n, _("<%s> needs exactly one bound: value=\"N\", this=\"ATTRIBUTE\", or expressions to add up"),
		     ename(n));
	if (v) {
		e = expr_new(EX_NUM, n);
		long x;
		if (parse_long(v, -1000000000000L, 1000000000000L, &x) != 0)
			FAIL(n, _("bound value must be a whole number, not '%s'"), v);
		e->num = x;
	} else if (th) {
		e = expr_new(EX_THIS, n);
		e->attr = read_this_attr(n, p, th);
		if (e->attr == NULL)
			goto fail;
	} else if (xml_next_elem(c) == NULL) {
		e = read_expr(c, p);
	} else {
		e = expr_new(EX_ADD, n);
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

/* --- rules ---------------------------------------------------------------------------------- */

static const char *const placeholders[] = {
	"this", "count", "bound", "diff", "group", "values", "size", "cost", "list", "keyword",
};

/* Checks that every {placeholder} of the message is one the engine fills. */
static int check_message(xmlNodePtr n, const struct rp *p, const struct rule *r, const char *msg)
{
	for (const char *s = strchr(msg, '{'); s; s = strchr(s + 1, '{')) {
		const char *e = strchr(s, '}');
		if (e == NULL)
			break;
		char *name = xstrndup(s + 1, (size_t)(e - s - 1));
		bool ok = false;
		for (size_t i = 0; i < MUSTER_ARRAY_LEN(placeholders); i++)
			ok |= strcmp(name, placeholders[i]) == 0;
		if (!ok && strncmp(name, "this.", 5) == 0) {
			const struct attr_def *a = idx_get(p->sys->attr_idx, name + 5);
			/* An item rule may also name its unit's attributes. */
			ok = a != NULL && r->each && (a->on == r->each_item || a->on == ON_UNIT);
		}
		if (!ok)
			fatal(p, n, _("message placeholder '{%s}' is not known here (known: {this} {this.ATTRIBUTE} {count} {bound} {diff} {group} {values} {size} {cost} {list} {keyword})"),
			      name);
		free(name);
		if (!ok)
			return -1;
	}
	return 0;
}

static int read_each(xmlNodePtr c, struct rule *r, struct rp *p)
{
	static const char *const ofs[] = { "units", "items", "options" };
	static const enum attr_on ons[] = { ON_UNIT, ON_ITEM, ON_OPTION };
	if (r->each) {
		fatal(p, c, "%s", _("a rule has at most one <each>"));
		return -1;
	}
	char *of = xml_prop(c, "of");
	int k = lookup_enum(of, ofs, 3, 0);
	free(of);
	if (k < 0) {
		fatal(p, c, "%s", _("<each of=...> takes units, items or options"));
		return -1;
	}
	r->each = true;
	r->each_item = ons[k];
	char *taking = xml_prop(c, "taking");
	if (taking && r->each_item == ON_OPTION) {
		fatal(p, c, "%s", _("taking= goes with <each of=\"units\"> or of=\"items\", not options"));
		free(taking);
		return -1;
	}
	if (taking) {
		const struct keyword_def *kd = idx_get(p->sys->kw_idx, taking);
		if (kd == NULL)
			fatal(p, c, _("taking names an unknown keyword '%s'"), taking);
		free(taking);
		if (kd == NULL)
			return -1;
		r->taking = (long)kd->index;
		char *listed = xml_prop(c, "listed");
		r->listed = listed && strcmp(listed, "true") == 0;
		free(listed);
	}
	struct rp q = *p;
	q.item = r->each_item;
	q.has_this = false;
	r->each_sel = read_group(c, SEL_ALL, &q);
	p->has_this = true;
	p->this_item = r->each_item;
	return r->each_sel ? 0 : -1;
}

/* The most language variants of one text: a rule's <message> or <description>. */
#define MAX_LANGS 64

/* True (and reported) when an earlier sibling of c in parent has c's name and language. */
static bool lang_twice(xmlNodePtr c, xmlNodePtr parent, const struct rp *p)
{
	char *lang = xml_lang(c);
	bool twice = false;
	for (xmlNodePtr o = xml_first_elem(parent); o && o != c && !twice; o = xml_next_elem(o)) {
		if (!xml_is(o, (const char *)c->name))
			continue;
		char *ol = xml_lang(o);
		twice = (lang == NULL && ol == NULL) || (lang && ol && strcasecmp(lang, ol) == 0);
		free(ol);
	}
	if (twice) {
		if (lang)
			fatal(p, c, _("a rule has at most one <%s> in language '%s'"), ename(c), lang);
		else
			fatal(p, c, _("a rule has at most one <%s> without xml:lang"), ename(c));
	}
	free(lang);
	return twice;
}

struct rule *rule_read(xmlNodePtr n, struct system *sys, const char *file, struct diags *d)
{
	return rule_read_on(n, sys, file, ON_LIST, NULL, NULL, d);
}

/* A rule that stands on an entry (on ON_UNIT) or an option (ON_OPTION) of a catalog is checked
 * for each selection of it: as if it began with <each of="units"><entry id="ID"/></each>. */
static void stand_on(struct rule *r, struct rp *p, enum attr_on on, const char *id,
                     const char *unit_entry)
{
	r->each = true;
	r->each_item = on;
	r->each_sel = sel_new(SEL_ALL, on);
	r->each_sel->kids = xcalloc(2, sizeof(*r->each_sel->kids));
	struct sel *s = sel_new(SEL_ENTRY, on);
	s->id = xstrdup(id);
	r->each_sel->kids[r->each_sel->n_kids++] = s;
	/* An option's id is its entry's own: the rule is that entry's option's. */
	if (unit_entry) {
		s = sel_new(SEL_UNIT_ENTRY, on);
		s->id = xstrdup(unit_entry);
		r->each_sel->kids[r->each_sel->n_kids++] = s;
	}
	p->has_this = true;
	p->this_item = on;
}

struct rule *rule_read_on(xmlNodePtr n, struct system *sys, const char *file, enum attr_on on,
                          const char *id, const char *unit_entry, struct diags *d)
{
	struct rule *r = xcalloc(1, sizeof(*r));
	struct rp pp = { sys, file, d, ON_UNIT, false, ON_UNIT, SCOPE_LIST, false, 0 }, *p = &pp;
	if (id)
		stand_on(r, p, on, id, unit_entry);
	r->id = xml_prop(n, "id");
	r->ref = xml_prop(n, "ref");
	r->label = xml_prop(n, "label");
	r->line = xml_line(n);
	r->taking = -1;
	r->sev = SEV_ERROR;
	char *sev = xml_prop(n, "severity");
	if (sev && strcmp(sev, "warning") == 0) {
		r->sev = SEV_WARNING;
	} else if (sev && strcmp(sev, "error") != 0) {
		fatal(p, n, _("severity must be error or warning, not '%s'"), sev);
		free(sev);
		goto fail;
	}
	free(sev);
	if (r->id == NULL || *r->id == '\0')
		FAIL(n, "%s", _("<rule> needs an id"));
	if (r->ref == NULL)
		r->ref = xstrdup(r->id);

	xmlNodePtr when = NULL, agg = NULL, req = NULL, msg = NULL, same = NULL, most = NULL,
	           least = NULL, desc = NULL;
	size_t n_msg = 0, n_desc = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		xmlNodePtr *slot = NULL;
		if (xml_is(c, "each")) {
			if (id)
				FAIL(c, "%s", _("a rule in a catalog is checked for each selection of what it "
				                "stands on: it takes no <each>"));
			if (agg || req || same || most || least)
				FAIL(c, "%s", _("<each> comes before the aggregate or requirement"));
			if (read_each(c, r, p))
				goto fail;
			continue;
		}
		if (xml_is(c, "count") || xml_is(c, "sum") || xml_is(c, "distinct") ||
		    xml_is(c, "require") || xml_is(c, "same")) {
			if (agg || req || same)
				FAIL(c, "%s", _("a rule has one aggregate, requirement or <same>"));
			slot = xml_is(c, "require") ? &req : xml_is(c, "same") ? &same : &agg;
		} else if (xml_is(c, "at-most")) {
			slot = &most;
		} else if (xml_is(c, "at-least")) {
			slot = &least;
		} else if (xml_is(c, "when")) {
			slot = &when;
		} else if (xml_is(c, "message") || xml_is(c, "description")) {
			/* One per language (xml:lang); every message's placeholders are checked,
			 * the one that suits the user best is kept. */
			xmlNodePtr *best = xml_is(c, "message") ? &msg : &desc;
			size_t *count = xml_is(c, "message") ? &n_msg : &n_desc;
			/* A bound on the languages keeps lang_twice's search of the siblings small. */
			if (++*count > MAX_LANGS)
				FAIL(c, _("a rule has at most %d <%s> elements, one per language"), MAX_LANGS,
				     ename(c));
			if (lang_twice(c, n, p))
				goto fail;
			if (*best == NULL || xml_lang_rank(c) < xml_lang_rank(*best))
				*best = c;
			continue;
		} else {
			FAIL(c, _("<%s> does not belong in a <rule>"), ename(c));
		}
		if (*slot)
			FAIL(c, _("a rule has at most one <%s>"), ename(c));
		if ((slot == &most || slot == &least) && !agg)
			FAIL(c, _("<%s> follows the aggregate it bounds"), ename(c));
		*slot = c;
	}
	if (agg || same) {
		r->agg = read_agg(agg ? agg : same, p, false);
		if (r->agg == NULL)
			goto fail;
	}
	p->roster_rule = r->agg && r->agg->scope == SCOPE_ROSTER && !r->each;
	if (when) {
		r->when = read_when(when, p, p->roster_rule ? SCOPE_ROSTER : SCOPE_LIST);
		if (r->when == NULL)
			goto fail;
	}
	if (agg) {
		if (!most && !least)
			FAIL(agg, "%s", _("an aggregate needs <at-most> or <at-least> after it"));
		if (most && (r->max = read_bound(most, p)) == NULL)
			goto fail;
		if (least && (r->min = read_bound(least, p)) == NULL)
			goto fail;
	} else if (req) {
		if (!r->each)
			FAIL(req, "%s", _("<require> needs a rule checked per unit or item (<each>)"));
		r->require = true;
		struct rp q = *p;
		q.item = r->each_item;
		r->where = read_group(req, SEL_ALL, &q);
		if (r->where == NULL)
			goto fail;
	} else if (same) {
		/* <same attr="X"/>: one value of X shared by everything in scope. */
		if (most || least)
			FAIL(same, "%s", _("<same> takes no bound: one value is the bound"));
		r->agg->kind = AGG_DISTINCT;
		r->max = expr_new(EX_NUM, same);
		r->max->num = 1;
	} else {
		FAIL(n, _("rule '%s' needs an aggregate with a bound, a <require> or a <same>"), r->id);
	}
	if (r->taking >= 0 && !r->require)
		FAIL(n, "%s", _("<each taking=...> rules check a <require>"));
	if (msg == NULL)
		FAIL(n, _("rule '%s' needs a <message>"), r->id);
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "message"))
			continue;
		char *t = xml_text(c);
		int bad = check_message(c, p, r, t);
		free(t);
		if (bad)
			goto fail;
	}
	r->message = xml_text(msg);
	if (desc)
		r->description = xml_text(desc);
	return r;
fail:
	rule_free(r);
	return NULL;
}

/* --- modifiers ---------------------------------------------------------------------------- */

int modifier_read(xmlNodePtr n, struct system *sys, enum mod_place where, const char *file,
                  struct modifier *m, struct diags *d)
{
	struct rp pp = { sys, file, d, ON_UNIT, false, ON_UNIT, SCOPE_LIST, false, 0 }, *p = &pp;
	static const char *const targets[] = { "attr", "cost", "limit", "keyword", "category" };
	memset(m, 0, sizeof(*m));
	m->line = xml_line(n);
	m->ref = xml_prop(n, "ref");
	m->round = sys->rounding;
	char *id = NULL, *op = NULL, *value = NULL;
	int found = 0;
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(targets); i++) {
		char *v = xml_prop(n, targets[i]);
		if (v == NULL)
			continue;
		found++;
		free(id);
		id = v;
		m->target = (enum mod_target)i;
	}
	if (found != 1)
		FAIL(n, "%s", _("<modify> changes exactly one of attr=, cost=, limit=, keyword=, category="));
	op = xml_prop(n, "op");
	static const char *const opnames[] = { "set", "add", "mul", "remove" };
	int k = lookup_enum(op, opnames, 4, -2);
	if (k < 0)
		FAIL(n, _("<modify> needs op=\"set\", \"add\", \"mul\" or \"remove\", not '%s'"), op ? op : "");
	m->op = (enum mod_op)k;
	bool flag = m->target == MOD_KEYWORD || m->target == MOD_CATEGORY;
	if (flag ? m->op != MOD_ADD && m->op != MOD_REMOVE : m->op == MOD_REMOVE)
		FAIL(n, "%s", flag ? _("a keyword or category is added or removed: op=\"add\" or op=\"remove\"")
		                   : _("a number is changed with op=\"set\", \"add\" or \"mul\""));
	if (m->target == MOD_LIMIT && where != MOD_IN_SYSTEM)
		FAIL(n, "%s", _("limit= modifiers stand in the system's <modifiers>"));
	if (where == MOD_IN_OPTION_ITEM && (m->target == MOD_COST || m->target == MOD_CATEGORY))
		FAIL(n, "%s", _("an option that changes an item changes its attributes and keywords only"));
	enum attr_on on = where == MOD_IN_OPTION_ITEM ? ON_ITEM : ON_UNIT;
	switch (m->target) {
	case MOD_ATTR:
		m->attr = idx_get(sys->attr_idx, id);
		if (m->attr == NULL || m->attr->on != on || m->attr->type == ATTR_LEVEL)
			FAIL(n, _("<modify attr=...> names '%s', which is no %s attribute it can change"), id,
			     on == ON_ITEM ? _("item") : _("unit"));
		m->index = m->attr->index;
		if (m->attr->type == ATTR_TEXT && m->op != MOD_SET &&
		    (m->attr->ladder == NULL || m->op != MOD_ADD))
			FAIL(n, _("attribute '%s' is text: it can only be set, or stepped with op=\"add\" when it names a ladder"), id);
		break;
	case MOD_COST:
	case MOD_LIMIT: {
		const struct cost_def *c = idx_get(sys->cost_idx, id);
		if (c == NULL)
			FAIL(n, _("<modify> names an unknown cost type '%s'"), id);
		m->index = c->index;
		break;
	}
	case MOD_KEYWORD: {
		const struct keyword_def *kd = idx_get(sys->kw_idx, id);
		if (kd == NULL || kd->on != on)
			FAIL(n, _("<modify keyword=...> names '%s', which is no %s keyword"), id,
			     on == ON_ITEM ? _("item") : _("unit"));
		m->index = kd->index;
		break;
	}
	case MOD_CATEGORY: {
		const struct category_def *cd = idx_get(sys->cat_idx, id);
		if (cd == NULL)
			FAIL(n, _("<modify category=...> names an unknown category '%s'"), id);
		m->index = cd->index;
		break;
	}
	}
	value = xml_prop(n, "value");
	xmlNodePtr val_el = NULL;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "when")) {
			if (m->when)
				FAIL(c, "%s", _("a <modify> has at most one <when>"));
			if ((m->when = read_when(c, p, SCOPE_LIST)) == NULL)
				goto fail;
		} else if (xml_is(c, "units")) {
			if (where != MOD_IN_SYSTEM || m->target == MOD_LIMIT)
				FAIL(c, "%s", _("<units> chooses the units a system modifier changes"));
			if (m->units)
				FAIL(c, "%s", _("a <modify> has at most one <units>"));
			if ((m->units = read_group(c, SEL_ALL, p)) == NULL)
				goto fail;
		} else if (xml_is(c, "repeat")) {
			xmlNodePtr e = xml_first_elem(c);
			if (m->repeat || e == NULL || xml_next_elem(e) != NULL)
				FAIL(c, "%s", _("a <modify> has at most one <repeat>, holding one expression"));
			if (read_num(c, p, "every", &m->every, true) || read_rounding(c, p, &m->round))
				goto fail;
			if (m->every <= 0)
				FAIL(c, "%s", _("<repeat> needs every=\"N\", N at least 1"));
			if (flag || m->op == MOD_SET)
				FAIL(c, "%s", _("<repeat> repeats an add or a mul"));
			if ((m->repeat = read_expr(e, p)) == NULL)
				goto fail;
		} else {
			if (val_el)
				FAIL(c, "%s", _("a <modify> has one value: value=\"N\" or one expression"));
			val_el = c;
		}
	}
	if (flag) {
		if (value || val_el)
			FAIL(n, "%s", _("adding or removing a keyword or category takes no value"));
	} else if ((value != NULL) == (val_el != NULL)) {
		FAIL(n, "%s", _("a <modify> has one value: value=\"N\" or one expression"));
	} else if (val_el) {
		if ((m->value = read_expr(val_el, p)) == NULL)
			goto fail;
		if (m->attr && m->attr->type == ATTR_TEXT && m->op == MOD_SET)
			FAIL(n, "%s", _("a text attribute is set with value=\"TEXT\""));
	} else if (m->attr && m->attr->type == ATTR_TEXT && m->op == MOD_SET) {
		m->text = value;
		value = NULL;
	} else {
		/* A number; for a text attribute on a ladder, the steps to go (op="add"). */
		m->value = expr_new(EX_NUM, n);
		struct value v;
		char *err = NULL;
		long x;
		if (m->attr && m->op == MOD_SET && m->attr->type != ATTR_INT) {
			/* A ladder step or a yes/no, by name. */
			if (value_parse(m->attr, value, &v, &err) != 0) {
				fatal(p, n, "%s", err);
				free(err);
				goto fail;
			}
			m->value->num = v.i;
			value_release(&v);
		} else if (parse_long(value, -1000000000000L, 1000000000000L, &x) != 0) {
			FAIL(n, _("value must be a whole number, not '%s'"), value);
		} else {
			m->value->num = x;
		}
	}
	free(id);
	free(op);
	free(value);
	return 0;
fail:
	free(id);
	free(op);
	free(value);
	modifier_release(m);
	return -1;
}

/* --- requirement cycles ------------------------------------------------------------------- */

/* Edges "taking a needs b", as a list: a system may declare any number of keywords, so no
 * n x n table and no recursion as deep as the chain. */
struct kwedges {
	size_t *from, *to;
	size_t n, cap_from, cap_to;
	size_t cur;
};

static void add_edge(size_t kw, void *arg)
{
	struct kwedges *g = arg;
	GROW(g->from, g->cap_from, g->n + 1);
	GROW(g->to, g->cap_to, g->n + 1);
	g->from[g->n] = g->cur;
	g->to[g->n++] = kw;
}

int rules_check_cycles(const struct system *sys, size_t first_of_file, const char *file, struct diags *d)
{
	size_t n = sys->n_keywords;
	if (n == 0)
		return 0;
	struct kwedges g = { 0 };
	size_t *by_kw = xcalloc(n, sizeof(*by_kw)); /* the index of the rule taking it */
	for (size_t i = 0; i < sys->n_rules; i++) {
		const struct rule *r = sys->rules[i];
		if (r->taking < 0 || !r->require)
			continue;
		g.cur = (size_t)r->taking;
		by_kw[g.cur] = i;
		sel_required_keywords(r->where, add_edge, &g);
	}
	/* Adjacency in compressed form: the edges of k are to[first[k] .. first[k + 1]). */
	size_t *first = xcalloc(n + 1, sizeof(*first));
	size_t *adj = xcalloc(g.n + 1, sizeof(*adj));
	for (size_t e = 0; e < g.n; e++)
		first[g.from[e] + 1]++;
	for (size_t k = 0; k < n; k++)
		first[k + 1] += first[k];
	size_t *fill = xcalloc(n + 1, sizeof(*fill));
	for (size_t e = 0; e < g.n; e++)
		adj[first[g.from[e]] + fill[g.from[e]]++] = g.to[e];
	/* Iterative depth-first search; state 0 new, 1 on the path, 2 done. */
	char *state = xcalloc(n, 1);
	size_t *path = xcalloc(n + 1, sizeof(*path));
	size_t *next = xcalloc(n + 1, sizeof(*next));
	int rc = 0;
	for (size_t start = 0; start < n && rc == 0; start++) {
		if (state[start] != 0)
			continue;
		size_t depth = 0;
		path[depth] = start;
		next[depth++] = first[start];
		state[start] = 1;
		while (depth > 0 && rc == 0) {
			size_t k = path[depth - 1];
			if (next[depth - 1] == first[k + 1]) {
				state[k] = 2;
				depth--;
				continue;
			}
			size_t j = adj[next[depth - 1]++];
			if (state[j] == 0) {
				state[j] = 1;
				path[depth] = j;
				next[depth++] = first[j];
			} else if (state[j] == 1) {
				struct strbuf sb = STRBUF_INIT;
				size_t from = 0;
				while (path[from] != j)
					from++;
				for (size_t i = from; i < depth; i++)
					strbuf_addf(&sb, "%s%s", i > from ? _(" needs ") : "", sys->keywords[path[i]].id);
				strbuf_addf(&sb, "%s%s", _(" needs "), sys->keywords[j].id);
				size_t ri = by_kw[j];
				diags_add(d, SEV_FATAL, ri >= first_of_file && file ? file : sys->file, sys->rules[ri]->line, 0,
				          NULL, NULL,
				          _("cycle of requirements: %s; none of them could ever be taken"), sb.s);
				strbuf_release(&sb);
				rc = -1;
			}
		}
	}
	free(state);
	free(path);
	free(next);
	free(first);
	free(fill);
	free(adj);
	free(g.from);
	free(g.to);
	free(by_kw);
	return rc;
}
