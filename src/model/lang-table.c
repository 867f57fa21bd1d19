/* lang-table.c - the rule language's elements, one table per construct, and what is drawn
 * from them: a rule's bound in words (the describer) and the reference
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * lang-table.h says who reads these tables. What an element is, in words, is the reference's,
 * in English like the rest of doc/data-guide.md; the scopes' phrases are the describer's,
 * translated. A new element is a row here, then its reading
 * (read/read-rules-*.c) and its evaluation (engine/); the reference in doc/data-guide.md is
 * printed again with tests/lang-ref (tests/lang-ref.sh says how).
 */
#include "muster.h"
#include "lang-table.h"
#include "util.h"

#include <string.h>

/* The attributes of every aggregate; and of every comparison. */
#define AGG_ATTRS "of in cost attr group-by items ancestor category"
#define CMP_ATTRS "eq ne lt le gt ge in not-in"

#define ANY_SEL (LW_UNIT | LW_ITEM | LW_OPTION | LW_COND)

const struct lang_elem lang_exprs[] = {
	{ "num", EX_NUM, LW_EXPR, "value", "the whole number value=" },
	{ "field", EX_FIELD, LW_EXPR, "name", "a whole-number or bool field of the list or roster" },
	{ "limit", EX_LIMIT, LW_EXPR, "cost", "the list's points limit in cost type cost=" },
	{ "this", EX_THIS, LW_EXPR, "attr", "attribute attr= of the unit or item being checked" },
	{ "count", EX_AGG, LW_EXPR, AGG_ATTRS, "how many units, models, items, lists, forces or options match in=" },
	{ "sum", EX_AGG, LW_EXPR, AGG_ATTRS, "the sum of a cost or of a whole-number attribute over what matches" },
	{ "distinct", EX_AGG, LW_EXPR, AGG_ATTRS, "how many different values of attr= what matches has" },
	{ "highest", EX_AGG, LW_EXPR, AGG_ATTRS, "the largest value of attr= over what matches" },
	{ "lowest", EX_AGG, LW_EXPR, AGG_ATTRS, "the smallest value of attr= over what matches" },
	{ "per", EX_PER, LW_EXPR, "every each cost basis round", "each= for every every= points of the limit or spent, rounded" },
	{ "percent", EX_PERCENT, LW_EXPR, "value round cost basis", "value= percent of its expression, or of the points, rounded" },
	{ "add", EX_ADD, LW_EXPR, "", "the sum of its expressions" },
	{ "sub", EX_SUB, LW_EXPR, "", "the first of two expressions less the second" },
	{ "mul", EX_MUL, LW_EXPR, "", "the product of its expressions" },
	{ "div", EX_DIV, LW_EXPR, "round", "the first of two expressions divided by the second, rounded" },
	{ "min", EX_MIN, LW_EXPR, "", "the smallest of its expressions" },
	{ "max", EX_MAX, LW_EXPR, "", "the largest of its expressions" },
	{ "clamp", EX_CLAMP, LW_EXPR, "min max", "its expression kept within min= and max=" },
	{ "if", EX_IF, LW_EXPR, "", "its first child, a `<when>`, then one expression if it holds, else the second (or 0)" },
};
const size_t lang_n_exprs = MUSTER_ARRAY_LEN(lang_exprs);

const struct lang_elem lang_sels[] = {
	{ "all", SEL_ALL, ANY_SEL, "", "all of its children match" },
	{ "any", SEL_ANY, ANY_SEL, "", "any of its children matches" },
	{ "not", SEL_NOT, ANY_SEL, "", "none of its children matches" },
	{ "field", SEL_FIELD, ANY_SEL, "name " CMP_ATTRS, "a field of the list compares" },
	{ "test", SEL_TEST, LW_COND, CMP_ATTRS, "its expression compares" },
	{ "has", SEL_HAS, LW_COND, "", "its aggregate holds" },
	{ "condition", SEL_COND_REF, LW_UNIT | LW_ITEM | LW_COND, "ref", "the named condition ref= holds" },
	{ "entry", SEL_ENTRY, LW_UNIT | LW_ITEM | LW_OPTION, "id", "an entry (an item's, an option's own) by id" },
	{ "category", SEL_CATEGORY, LW_UNIT | LW_ITEM | LW_OPTION, "id", "a category, after modifiers" },
	{ "name", SEL_NAME, LW_UNIT | LW_ITEM | LW_OPTION, "matches", "the name matches a PCRE2 pattern" },
	{ "keyword", SEL_KEYWORD, LW_UNIT | LW_ITEM, "id", "a keyword, or an upgrade that replaced it" },
	{ "attr", SEL_ATTR, LW_UNIT | LW_ITEM, "name " CMP_ATTRS " eq-this ne-this lt-this le-this gt-this ge-this",
	  "an attribute compares, with a value or with the one being checked" },
	{ "same-as-this", SEL_SAME_AS_THIS, LW_UNIT | LW_ITEM, "name", "attribute name= as the one being checked has it" },
	{ "not-this", SEL_NOT_THIS, LW_UNIT | LW_ITEM, "", "any but the one being checked" },
	{ "has-option", SEL_HAS_OPTION, LW_UNIT, "id", "a unit that took option id=" },
	{ "offers-option", SEL_OFFERS_OPTION, LW_UNIT, "id", "a unit whose entry offers option id=" },
	{ "group", SEL_GROUP, LW_UNIT, "id", "a unit whose entry is in catalog group id=" },
	{ "has-item", SEL_HAS_ITEM, LW_UNIT, "", "a unit with an item its children match" },
	{ "kind", SEL_KIND, LW_ITEM, "id", "an item of item kind id=" },
	{ "paid", SEL_PAID, LW_ITEM, "", "an item an option that costs something added" },
	{ "models", SEL_MODELS, LW_UNIT | LW_ITEM, CMP_ATTRS, "the unit's model count compares" },
	{ "attached", SEL_ATTACHED, LW_UNIT | LW_ITEM, "", "the unit joins another" },
	{ "attached-to", SEL_ATTACHED_TO, LW_UNIT, "", "the unit it joins matches its children" },
	{ "attached-to-this", SEL_ATTACHED_TO_THIS, LW_UNIT, "", "the unit joins the one being checked" },
	{ "force", SEL_FORCE, LW_COND, "faction size child", "the list's own faction=, size=, or whether it is a child force (child=)" },
	{ "parent", SEL_PARENT, LW_COND, "", "the force the list stands in, where its children hold" },
};
const size_t lang_n_sels = MUSTER_ARRAY_LEN(lang_sels);

const struct lang_scope lang_scopes[] = {
	{ "unit", SCOPE_UNIT, N_("in the unit") },
	{ "list", SCOPE_LIST, N_("in the list") },
	{ "roster", SCOPE_ROSTER, N_("in the roster") },
	{ "self", SCOPE_SELF, N_("in the option") },
	{ "parent", SCOPE_PARENT, N_("under the option's parent") },
	{ "ancestor", SCOPE_ANCESTOR, N_("under the option's ancestor") },
	{ "force", SCOPE_FORCE, N_("in the force and its child forces") },
	{ "children", SCOPE_CHILDREN, N_("in the child forces") },
};
const size_t lang_n_scopes = MUSTER_ARRAY_LEN(lang_scopes);

const struct lang_elem *lang_find(const struct lang_elem *t, size_t n, const char *name)
{
	for (size_t i = 0; name && i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

const struct lang_elem *lang_near(const struct lang_elem *t, size_t n, const char *name)
{
	const struct lang_elem *best = NULL;
	size_t dist = 3, len = name ? strlen(name) : 0;
	for (size_t i = 0; name && i < n; i++) {
		size_t d = edit_distance(name, t[i].name, 2);
		if (d < dist && d < len) {
			dist = d;
			best = &t[i];
		}
	}
	return best;
}

char *lang_names(const struct lang_elem *t, size_t n, unsigned where, bool brackets)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (!(t[i].where & where))
			continue;
		strbuf_addf(&sb, brackets ? "%s<%s>" : "%s%s", sb.len ? ", " : "", t[i].name);
	}
	return strbuf_detach(&sb);
}

const struct lang_scope *lang_scope_named(const char *name)
{
	for (size_t i = 0; name && i < lang_n_scopes; i++)
		if (strcmp(lang_scopes[i].name, name) == 0)
			return &lang_scopes[i];
	return NULL;
}

char *lang_scope_names(void)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < lang_n_scopes; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", lang_scopes[i].name);
	return strbuf_detach(&sb);
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
	const char *scope = _(lang_scopes[(size_t)a->scope < lang_n_scopes ? a->scope : SCOPE_LIST].phrase);
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
		if (e->n_kids > 0 && e->kids[0]) {
			/* BattleScribe's repeat: num for each every of what it counts. */
			strbuf_addf(sb, _("%lld per %lld of "), (long long)e->num, (long long)e->every);
			describe_expr(sys, e->kids[0], sb);
			strbuf_addf(sb, " (%s)", rounding_word(e->round));
			break;
		}
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

/* --- the reference ------------------------------------------------------------------------ */

static void ref_attrs(struct strbuf *sb, const char *attrs)
{
	if (*attrs == '\0') {
		strbuf_adds(sb, "\xe2\x80\x94");
		return;
	}
	for (const char *a = attrs; *a;) {
		size_t len = strcspn(a, " ");
		strbuf_addf(sb, "%s`%.*s`", a == attrs ? "" : " ", (int)len, a);
		a += len + (a[len] == ' ');
	}
}

static void ref_where(struct strbuf *sb, unsigned where)
{
	static const struct { unsigned bit; const char *word; } words[] = {
		{ LW_UNIT, "units" }, { LW_ITEM, "items" }, { LW_OPTION, "options" },
		{ LW_COND, "`<when>`" },
	};
	bool first = true;
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(words); i++) {
		if (!(where & words[i].bit))
			continue;
		strbuf_addf(sb, "%s%s", first ? "" : ", ", words[i].word);
		first = false;
	}
}

void lang_reference(struct strbuf *sb)
{
	strbuf_adds(sb, "#### Expressions\n\n| element | attributes | value |\n|---|---|---|\n");
	for (size_t i = 0; i < lang_n_exprs; i++) {
		strbuf_addf(sb, "| `<%s>` | ", lang_exprs[i].name);
		ref_attrs(sb, lang_exprs[i].attrs);
		strbuf_addf(sb, " | %s |\n", lang_exprs[i].text);
	}
	strbuf_adds(sb, "\n#### Selectors and conditions\n\n"
	                "| element | attributes | stands in | matches when |\n|---|---|---|---|\n");
	for (size_t i = 0; i < lang_n_sels; i++) {
		strbuf_addf(sb, "| `<%s>` | ", lang_sels[i].name);
		ref_attrs(sb, lang_sels[i].attrs);
		strbuf_adds(sb, " | ");
		ref_where(sb, lang_sels[i].where);
		strbuf_addf(sb, " | %s |\n", lang_sels[i].text);
	}
	strbuf_adds(sb, "\n#### Scopes of an aggregate: `in=`\n\n| `in=` | counts |\n|---|---|\n");
	for (size_t i = 0; i < lang_n_scopes; i++)
		strbuf_addf(sb, "| `%s` | what matches %s |\n", lang_scopes[i].name, lang_scopes[i].phrase);
}
