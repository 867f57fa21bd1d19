/* select.c - selectors: parsing from rules-xml and matching units or weapons
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "select.h"
#include "idx.h"
#include "rx.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

enum sel_kind {
	SEL_ALL, SEL_ANY, SEL_NOT,
	SEL_ENTRY, SEL_CATEGORY, SEL_KEYWORD, SEL_ATTR, SEL_NAME, SEL_SAME_AS_THIS, SEL_NOT_THIS,
	SEL_HAS_WEAPON, SEL_MODELS, SEL_ATTACHED, SEL_FIELD, SEL_ATTR_THIS, SEL_ATTACHED_TO,
	SEL_ATTACHED_TO_THIS,
};

struct sel {
	enum sel_kind kind;
	struct sel **kids;
	size_t n_kids;
	char *id;                 /* entry id */
	size_t index;             /* category, keyword, attribute or field index */
	const struct attr_def *attr;
	const struct attr_def *this_attr; /* <attr name="X" le-this="Y"/>: Y of the checked unit */
	enum cmp_op op;
	struct value *vals;       /* one, or several for in / not-in */
	size_t n_vals;
	long num;                 /* models, field */
	struct rx *rx;
	enum attr_on item;
};

static const struct {
	const char *name;
	enum cmp_op op;
} ops[] = {
	{ "eq", CMP_EQ }, { "ne", CMP_NE }, { "lt", CMP_LT }, { "le", CMP_LE },
	{ "gt", CMP_GT }, { "ge", CMP_GE }, { "in", CMP_IN }, { "not-in", CMP_NOT_IN },
};

/* The selectors that mean something for options (which have ids, names and categories). */
static const char *const option_leaves[] = { "all", "any", "not", "entry", "category", "name", "field" };

void value_release(struct value *v)
{
	free(v->s);
	v->s = NULL;
	v->set = false;
}

int value_parse(const struct attr_def *a, const char *text, struct value *out, char **err)
{
	memset(out, 0, sizeof(*out));
	*err = NULL;
	switch (a->type) {
	case ATTR_INT:
		if (parse_long(text, a->min, a->max, &out->i) != 0) {
			*err = xasprintf(_("'%s' is not a whole number from %ld to %ld for attribute '%s'"),
			                 text, a->min, a->max, a->id);
			return -1;
		}
		break;
	case ATTR_BOOL:
		if (strcmp(text, "true") == 0 || strcmp(text, "yes") == 0 || strcmp(text, "1") == 0)
			out->i = 1;
		else if (strcmp(text, "false") == 0 || strcmp(text, "no") == 0 || strcmp(text, "0") == 0)
			out->i = 0;
		else {
			*err = xasprintf(_("'%s' is not true or false for attribute '%s'"), text, a->id);
			return -1;
		}
		break;
	case ATTR_LADDER: {
		size_t i;
		for (i = 0; i < a->ladder->n; i++)
			if (strcmp(a->ladder->steps[i], text) == 0)
				break;
		if (i == a->ladder->n) {
			struct strbuf sb = STRBUF_INIT;
			for (size_t j = 0; j < a->ladder->n; j++)
				strbuf_addf(&sb, "%s%s", j ? " " : "", a->ladder->steps[j]);
			*err = xasprintf(_("'%s' is not a step of ladder '%s' (%s) for attribute '%s'"),
			                 text, a->ladder->id, sb.s ? sb.s : "", a->id);
			strbuf_release(&sb);
			return -1;
		}
		out->i = (long)i;
		break;
	}
	case ATTR_TEXT:
	case ATTR_LEVEL:
		break;
	}
	out->s = xstrdup(text);
	out->set = true;
	return 0;
}

int value_cmp(const struct attr_def *a, const struct value *x, const struct value *y)
{
	if (a->type == ATTR_TEXT || a->type == ATTR_LEVEL)
		return strcmp(x->s ? x->s : "", y->s ? y->s : "");
	return (x->i > y->i) - (x->i < y->i);
}

void sel_free(struct sel *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n_kids; i++)
		sel_free(s->kids[i]);
	free(s->kids);
	free(s->id);
	for (size_t i = 0; i < s->n_vals; i++)
		value_release(&s->vals[i]);
	free(s->vals);
	rx_free(s->rx);
	free(s);
}

static struct sel *sel_new(enum sel_kind k, enum attr_on item)
{
	struct sel *s = xcalloc(1, sizeof(*s));
	s->kind = k;
	s->item = item;
	return s;
}

#define FAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		goto fail; \
	} while (0)

static const struct attr_def *find_attr(const struct sel_parse *p, const char *id,
                                        enum attr_on on, xmlNodePtr n)
{
	const struct attr_def *a = idx_get(p->sys->attr_idx, id ? id : "");
	if (a == NULL) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> names an unknown attribute '%s'"), (const char *)n->name,
		          id ? id : "");
		return NULL;
	}
	if (a->on != on) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          on == ON_UNIT ? _("attribute '%s' belongs to weapons, not units, here")
		                        : _("attribute '%s' belongs to units, not weapons, here"),
		          id);
		return NULL;
	}
	return a;
}

/* Reads the one comparison attribute (eq, ne, lt ...) of an <attr> or <models> element. */
static int parse_op(xmlNodePtr n, const struct sel_parse *p, enum cmp_op *op, char **text)
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
			diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("<%s> takes exactly one of eq, ne, lt, le, gt, ge, in, not-in"),
			          (const char *)n->name);
			return -1;
		}
		*op = ops[i].op;
		*text = v;
	}
	if (!found) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> needs a comparison: one of eq, ne, lt, le, gt, ge, in, not-in"),
		          (const char *)n->name);
		return -1;
	}
	return 0;
}

static struct sel *parse_elem(xmlNodePtr n, const struct sel_parse *p);

static struct sel *parse_group(xmlNodePtr parent, enum sel_kind kind, const struct sel_parse *p)
{
	struct sel *s = sel_new(kind, p->item);
	size_t cap = 0;
	for (xmlNodePtr c = xml_first_elem(parent); c; c = xml_next_elem(c)) {
		/* parse_elem refuses what is not a selector: the schema leaves selectors to us. */
		struct sel *k = parse_elem(c, p);
		if (k == NULL) {
			sel_free(s);
			return NULL;
		}
		GROW(s->kids, cap, s->n_kids + 1);
		s->kids[s->n_kids++] = k;
	}
	return s;
}

static struct sel *parse_elem(xmlNodePtr n, const struct sel_parse *p)
{
	struct sel *s = NULL;
	char *id = NULL, *text = NULL;
	if (p->item == ON_OPTION) {
		bool ok = false;
		for (size_t i = 0; i < MUSTER_ARRAY_LEN(option_leaves); i++)
			ok |= xml_is(n, option_leaves[i]);
		if (!ok)
			FAIL(n, _("<%s> does not apply to options (options have ids, names and categories)"),
			     (const char *)n->name);
	}
	if (xml_is(n, "attached-to")) {
		if (p->item != ON_UNIT)
			FAIL(n, "%s", _("<attached-to> tests units"));
		struct sel *sub = parse_group(n, SEL_ALL, p);
		if (sub == NULL)
			return NULL;
		s = sel_new(SEL_ATTACHED_TO, p->item);
		s->kids = xcalloc(1, sizeof(*s->kids));
		s->kids[0] = sub;
		s->n_kids = 1;
		return s;
	}
	if (xml_is(n, "attached-to-this")) {
		if (!p->has_this || p->this_item != ON_UNIT || p->item != ON_UNIT)
			FAIL(n, "%s", _("<attached-to-this/> needs a rule checked per unit (<each of=\"units\">)"));
		return sel_new(SEL_ATTACHED_TO_THIS, p->item);
	}
	if (xml_is(n, "all") || xml_is(n, "any") || xml_is(n, "not")) {
		enum sel_kind k = xml_is(n, "all") ? SEL_ALL : xml_is(n, "any") ? SEL_ANY : SEL_NOT;
		return parse_group(n, k, p);
	}
	if (xml_is(n, "has-weapon")) {
		if (p->item != ON_UNIT)
			FAIL(n, "%s", _("<has-weapon> tests units, but this selector tests weapons"));
		struct sel_parse wp = *p;
		wp.item = ON_WEAPON;
		struct sel *sub = parse_group(n, SEL_ALL, &wp);
		if (sub == NULL)
			return NULL;
		s = sel_new(SEL_HAS_WEAPON, p->item);
		s->kids = xcalloc(1, sizeof(*s->kids));
		s->kids[0] = sub;
		s->n_kids = 1;
		return s;
	}
	id = xml_prop(n, "id");
	if (xml_is(n, "entry")) {
		/* The id of the item: an entry for units; a weapon's or option's own id otherwise
		 * (those are per entry, so only entries can be checked here). */
		if (id == NULL || (p->item == ON_UNIT && idx_get(p->sys->entry_idx, id) == NULL))
			FAIL(n, _("<entry> names an unknown entry '%s'"), id ? id : "");
		s = sel_new(SEL_ENTRY, p->item);
		s->id = id;
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
			diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("pattern '%s' does not compile: %s (at offset %zu)"), pat ? pat : "",
			          err ? err : _("missing"), off);
			free(err);
			free(pat);
			goto fail;
		}
		free(pat);
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
	if (xml_is(n, "models") || xml_is(n, "field")) {
		bool models = xml_is(n, "models");
		s = sel_new(models ? SEL_MODELS : SEL_FIELD, p->item);
		if (!models) {
			char *name = xml_prop(n, "name");
			const struct field_def *f = idx_get(p->sys->field_idx, name ? name : "");
			if (f == NULL) {
				diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
				          _("<field> names an unknown field '%s'"), name ? name : "");
				free(name);
				goto fail;
			}
			free(name);
			s->index = f->index;
		}
		if (parse_op(n, p, &s->op, &text) != 0)
			goto fail;
		if (s->op == CMP_IN || s->op == CMP_NOT_IN)
			FAIL(n, _("<%s> compares with eq, ne, lt, le, gt or ge"), (const char *)n->name);
		if (strcmp(text, "true") == 0)
			s->num = 1;
		else if (strcmp(text, "false") == 0)
			s->num = 0;
		else if (parse_long(text, -1000000000L, 1000000000L, &s->num) != 0)
			FAIL(n, _("<%s> compares with a whole number, not '%s'"), (const char *)n->name, text);
		free(text);
		free(id);
		return s;
	}
	if (xml_is(n, "attr") || xml_is(n, "same-as-this")) {
		bool same = xml_is(n, "same-as-this");
		char *name = xml_prop(n, "name");
		const struct attr_def *a = find_attr(p, name, p->item, n);
		free(name);
		if (a == NULL)
			goto fail;
		if (same) {
			if (!p->has_this)
				FAIL(n, "%s", _("<same-as-this> is only meaningful inside a rule checked per unit (<each>)"));
			if (p->this_item != a->on)
				FAIL(n, _("<same-as-this> compares attribute '%s' of different kinds of item"), a->id);
			s = sel_new(SEL_SAME_AS_THIS, p->item);
			s->attr = a;
			free(id);
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
				diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
				          _("%s= names an unknown attribute '%s'"), this_ops[i].name, t);
				free(t);
				goto fail;
			}
			free(t);
			if (ta->on == ON_WEAPON && p->this_item != ON_WEAPON)
				FAIL(n, _("attribute '%s' belongs to weapons, but this rule checks units"), ta->id);
			bool ordered_a = a->type == ATTR_INT || a->type == ATTR_LADDER;
			if (ta->type != a->type || (ta->type == ATTR_LADDER && ta->ladder != a->ladder) ||
			    (!ordered_a && this_ops[i].op != CMP_EQ && this_ops[i].op != CMP_NE))
				FAIL(n, _("attributes '%s' and '%s' cannot be compared (different types)"), a->id,
				     ta->id);
			s->kind = SEL_ATTR_THIS;
			s->this_attr = ta;
			s->op = this_ops[i].op;
			free(id);
			return s;
		}
		if (parse_op(n, p, &s->op, &text) != 0)
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
				diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
				          _("'%s' is not a known %s in any catalog"), t, a->name);
				strv_free(parts);
				goto fail;
			}
			if (value_parse(a, t, &s->vals[i], &err) != 0) {
				diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL, "%s", err);
				free(err);
				strv_free(parts);
				goto fail;
			}
			s->n_vals++;
		}
		strv_free(parts);
		free(text);
		free(id);
		return s;
	}
	FAIL(n, _("<%s> is not a selector"), (const char *)n->name);
fail:
	free(id);
	free(text);
	sel_free(s);
	return NULL;
}

struct sel *sel_parse_children(xmlNodePtr parent, const struct sel_parse *p)
{
	return parse_group(parent, SEL_ALL, p);
}

static const struct value *item_value(const struct attr_def *a, const struct eunit *u,
                                      const struct eweapon *w)
{
	if (a->on == ON_WEAPON)
		return w ? &w->w->vals[a->index] : NULL;
	return &u->e->vals[a->index];
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

static bool match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                  const struct eweapon *w, const struct r_option *o);

bool sel_match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
               const struct eweapon *w)
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

static bool match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                  const struct eweapon *w, const struct r_option *o)
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
		return strcmp(o ? o->opt->id : w ? w->w->id : u->e->id, s->id) == 0;
	case SEL_CATEGORY:
		if (o)
			return has_cat(o->opt->cats, o->opt->n_cats, s->index);
		return has_cat(u->e->cats, u->e->n_cats, s->index);
	case SEL_KEYWORD: {
		const kwword *set = w ? w->kw : u->kw;
		/* "this" may be seen as it was before an option was taken. */
		if (c->this_kw && ((w && w == c->this_weapon) || (!w && u == c->this_unit &&
		                                                   c->this_weapon == NULL)))
			set = c->this_kw;
		const kwword *prov = c->sys->keywords[s->index].providers;
		for (size_t i = 0; i < c->sys->kw_words; i++)
			if (set[i] & prov[i])
				return true;
		return false;
	}
	case SEL_ATTR: {
		const struct value *v = item_value(s->attr, u, w);
		if (v == NULL || !v->set)
			return s->op == CMP_NE || s->op == CMP_NOT_IN;
		if (s->op == CMP_IN || s->op == CMP_NOT_IN) {
			bool in = false;
			for (size_t i = 0; i < s->n_vals && !in; i++)
				in = value_cmp(s->attr, v, &s->vals[i]) == 0;
			return s->op == CMP_IN ? in : !in;
		}
		return cmp_holds(s->op, value_cmp(s->attr, v, &s->vals[0]));
	}
	case SEL_NAME: {
		const char *name = o ? o->opt->name : w ? w->w->name : u->e->name;
		return rx_match(s->rx, name) == 1;
	}
	case SEL_SAME_AS_THIS: {
		if (c->this_unit == NULL)
			return false;
		const struct value *v = item_value(s->attr, u, w);
		const struct value *t = item_value(s->attr, c->this_unit, c->this_weapon);
		if (v == NULL || t == NULL || !v->set || !t->set)
			return false;
		return value_cmp(s->attr, v, t) == 0;
	}
	case SEL_NOT_THIS:
		return w ? w != c->this_weapon : u != c->this_unit;
	case SEL_HAS_WEAPON:
		for (size_t i = 0; i < u->n_weapons; i++)
			if (match(s->kids[0], c, u, &u->weapons[i], NULL))
				return true;
		return false;
	case SEL_ATTR_THIS: {
		if (c->this_unit == NULL)
			return false;
		const struct value *v = item_value(s->attr, u, w);
		const struct value *t = item_value(s->this_attr, c->this_unit, c->this_weapon);
		if (v == NULL || t == NULL || !v->set || !t->set)
			return false;
		return cmp_holds(s->op, value_cmp(s->attr, v, t));
	}
	case SEL_ATTACHED_TO:
		/* The unit this one joins must match; inside, "this" is still the unit checked. */
		if (u->ru->attach_id == NULL || c->units == NULL || u->ru->attach >= c->n_units)
			return false;
		return match(s->kids[0], c, &c->units[u->ru->attach], NULL, NULL);
	case SEL_ATTACHED_TO_THIS:
		return c->this_unit && u->ru->attach_id != NULL && c->units &&
		       &c->units[u->ru->attach] == c->this_unit;
	case SEL_MODELS:
		return num_holds(s->op, u->ru->models, s->num);
	case SEL_ATTACHED:
		return u->ru->attach_id != NULL;
	case SEL_FIELD:
		return c->list && num_holds(s->op, c->list->fields[s->index], s->num);
	}
	return false;
}

void sel_required_keywords(const struct sel *s, void (*fn)(size_t kw, void *arg), void *arg)
{
	if (s->kind == SEL_KEYWORD)
		fn(s->index, arg);
	else if (s->kind == SEL_ALL)
		for (size_t i = 0; i < s->n_kids; i++)
			sel_required_keywords(s->kids[i], fn, arg);
}
