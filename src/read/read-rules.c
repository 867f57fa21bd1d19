/* read-rules.c - the reader of the rule language: rules, selectors, expressions, modifiers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Nothing here knows a game system: names are looked up in the system being loaded. Every
 * attribute is checked before use; the schema only gives earlier and nicer messages.
 *
 * The reader is split by job (read-rules-int.h): this file holds rules and modifiers;
 * read-rules-sel.c the selectors and conditions; read-rules-expr.c the aggregates and
 * expressions, which call each other as the language nests them (a selector holds a test, an
 * aggregate a selector); read-rules-util.c what all of them share, calling none.
 */
#include "muster.h"
#include "read-rules.h"
#include "read-rules-int.h"
#include "idx.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- small attribute readers ------------------------------------------------------------------ */

/* --- unknown attributes ---------------------------------------------------------------------- */

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
			rr_fatal(p, n, _("message placeholder '{%s}' is not known here (known: {this} {this.ATTRIBUTE} {count} {bound} {diff} {group} {values} {size} {cost} {list} {keyword})"),
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
		rr_fatal(p, c, "%s", _("a rule has at most one <each>"));
		return -1;
	}
	char *of = xml_prop(c, "of");
	int k = rr_lookup_enum(of, ofs, 3, 0);
	free(of);
	if (k < 0) {
		rr_fatal(p, c, "%s", _("<each of=...> takes units, items or options"));
		return -1;
	}
	r->each = true;
	r->each_item = ons[k];
	char *taking = xml_prop(c, "taking");
	if (taking && r->each_item == ON_OPTION) {
		rr_fatal(p, c, "%s", _("taking= goes with <each of=\"units\"> or of=\"items\", not options"));
		free(taking);
		return -1;
	}
	if (taking) {
		const struct keyword_def *kd = idx_get(p->sys->kw_idx, taking);
		if (kd == NULL)
			rr_fatal(p, c, _("taking names an unknown keyword '%s'"), taking);
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
	r->each_sel = rr_sel_unwrap(rr_read_group(c, SEL_ALL, &q));
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
			rr_fatal(p, c, _("a rule has at most one <%s> in language '%s'"), rr_ename(c), lang);
		else
			rr_fatal(p, c, _("a rule has at most one <%s> without xml:lang"), rr_ename(c));
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
	r->each_sel = rr_sel_new(SEL_ALL, on);
	r->each_sel->kids = xcalloc(2, sizeof(*r->each_sel->kids));
	struct sel *s = rr_sel_new(SEL_ENTRY, on);
	s->id = xstrdup(id);
	r->each_sel->kids[r->each_sel->n_kids++] = s;
	/* An option's id is its entry's own: the rule is that entry's option's. */
	if (unit_entry) {
		s = rr_sel_new(SEL_UNIT_ENTRY, on);
		s->id = xstrdup(unit_entry);
		r->each_sel->kids[r->each_sel->n_kids++] = s;
	}
	p->has_this = true;
	p->this_item = on;
}

/* severity="error" (the default) or "warning". */
static int read_severity(xmlNodePtr n, const struct rp *p, struct rule *r)
{
	r->sev = SEV_ERROR;
	char *sev = xml_prop(n, "severity");
	if (sev && strcmp(sev, "warning") == 0) {
		r->sev = SEV_WARNING;
	} else if (sev && strcmp(sev, "error") != 0) {
		rr_fatal(p, n, _("severity must be error or warning, not '%s'"), sev);
		free(sev);
		return -1;
	}
	free(sev);
	return 0;
}

/* Checks the placeholders of every <message> of rule element n, in each language. */
static int check_messages(xmlNodePtr n, const struct rp *p, const struct rule *r)
{
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "message"))
			continue;
		char *t = xml_text(c);
		int bad = check_message(c, p, r, t);
		free(t);
		if (bad)
			return -1;
	}
	return 0;
}

/* What rule r checks: its aggregate's bounds (<at-most>, <at-least>), a <require>, or a
 * <same>; the elements not given are NULL. */
static int read_rule_check(xmlNodePtr n, struct rule *r, struct rp *p, xmlNodePtr agg,
                           xmlNodePtr req, xmlNodePtr same, xmlNodePtr most, xmlNodePtr least)
{
	if (agg) {
		if (!most && !least)
			FAIL(agg, "%s", _("an aggregate needs <at-most> or <at-least> after it"));
		if (most && (r->max = rr_read_bound(most, p)) == NULL)
			goto fail;
		if (least && (r->min = rr_read_bound(least, p)) == NULL)
			goto fail;
	} else if (req) {
		if (!r->each)
			FAIL(req, "%s", _("<require> needs a rule checked per unit or item (<each>)"));
		r->require = true;
		struct rp q = *p;
		q.item = r->each_item;
		r->where = rr_sel_unwrap(rr_read_group(req, SEL_ALL, &q));
		if (r->where == NULL)
			goto fail;
	} else if (same) {
		/* <same attr="X"/>: one value of X shared by everything in scope. */
		if (most || least)
			FAIL(same, "%s", _("<same> takes no bound: one value is the bound"));
		r->agg->kind = AGG_DISTINCT;
		r->max = rr_expr_new(EX_NUM, same);
		r->max->num = 1;
	} else {
		FAIL(n, _("rule '%s' needs an aggregate with a bound, a <require> or a <same>"), r->id);
	}
	return 0;
fail:
	return -1;
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
	r->label = xml_prop_lang(n, "label");
	r->covered_by = xml_prop(n, "covered-by");
	r->line = xml_line(n);
	r->taking = -1;
	if (read_severity(n, p, r))
		goto fail;
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
				     rr_ename(c));
			if (lang_twice(c, n, p))
				goto fail;
			if (*best == NULL || xml_lang_rank(c) < xml_lang_rank(*best))
				*best = c;
			continue;
		} else if (xml_is(c, "label")) {
			/* label= in another language (<label xml:lang="LL">), read above. */
			if (lang_twice(c, n, p))
				goto fail;
			continue;
		} else {
			FAIL(c, _("<%s> does not belong in a <rule>"), rr_ename(c));
		}
		if (*slot)
			FAIL(c, _("a rule has at most one <%s>"), rr_ename(c));
		if ((slot == &most || slot == &least) && !agg)
			FAIL(c, _("<%s> follows the aggregate it bounds"), rr_ename(c));
		*slot = c;
	}
	if (agg || same) {
		r->agg = rr_read_agg(agg ? agg : same, p, false);
		if (r->agg == NULL)
			goto fail;
	}
	p->roster_rule = r->agg && r->agg->scope == SCOPE_ROSTER && !r->each;
	if (when) {
		r->when = rr_read_when(when, p, p->roster_rule ? SCOPE_ROSTER : SCOPE_LIST);
		if (r->when == NULL)
			goto fail;
	}
	if (read_rule_check(n, r, p, agg, req, same, most, least))
		goto fail;
	if (r->taking >= 0 && !r->require)
		FAIL(n, "%s", _("<each taking=...> rules check a <require>"));
	if (msg == NULL)
		FAIL(n, _("rule '%s' needs a <message>"), r->id);
	if (check_messages(n, p, r))
		goto fail;
	r->message = xml_text(msg);
	if (desc)
		r->description = xml_text(desc);
	return r;
fail:
	rule_free(r);
	return NULL;
}

int rules_link_covers(struct system *sys, size_t first, const char *file, struct diags *d)
{
	struct idx *above = idx_new();
	int rc = 0;
	for (size_t i = 0; i < sys->n_rules; i++) {
		struct rule *r = sys->rules[i];
		struct rule **c = r->covered_by && i >= first ? idx_get(above, r->covered_by) : NULL;
		if (c)
			r->cover = (size_t)(c - sys->rules) + 1;
		else if (r->covered_by && i >= first && strcmp(r->covered_by, "factions") == 0 &&
		         sys->factions)
			r->cover_factions = true;
		else if (r->covered_by && i >= first) {
			diags_add(d, SEV_FATAL, file, r->line, 0, NULL, NULL,
			          _("rule '%s' is covered by '%s': that is no rule above it, nor "
			            "'factions' in a system with <factions>"),
			          r->id, r->covered_by);
			rc = -1;
		}
		idx_add(above, rule_id(r), &sys->rules[i]);
	}
	idx_free(above);
	return rc;
}

/* --- modifiers ---------------------------------------------------------------------------- */

static int modifier_number(xmlNodePtr n, const struct rp *p, struct modifier *m,
                           const char *value);

/* The attribute, cost, keyword or category that m changes: id, of a unit or (on) an item. */
static int modifier_target(xmlNodePtr n, const struct rp *p, struct system *sys,
                           struct modifier *m, const char *id, enum attr_on on)
{
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
	case MOD_HIDDEN: {
		if (m->op != MOD_SET || on != ON_UNIT)
			FAIL(n, "%s", _("<modify hidden=\"true\"> (or \"false\") hides or shows a unit: op=\"set\""));
		char *v = xml_prop(n, "value");
		free(v);
		if (v)
			FAIL(n, "%s", _("<modify hidden=...> takes no value"));
		bool yes = strcmp(id, "true") == 0;
		if (!yes && strcmp(id, "false") != 0)
			FAIL(n, _("<modify hidden=...> is \"true\" or \"false\", not '%s'"), id);
		m->value = xcalloc(1, sizeof(*m->value));
		m->value->kind = EX_NUM;
		m->value->num = yes;
		m->value->line = m->line;
		break;
	}
	case MOD_NAME: {
		if (on != ON_UNIT || (m->op != MOD_SET && m->op != MOD_ADD))
			FAIL(n, "%s", _("<modify name=...> sets a unit's name (op=\"set\") or appends to it (op=\"add\")"));
		m->text = xstrdup(id);
		/* name="" op="add" value="N": a name that is a whole number gains N. */
		char *v = *id == '\0' && m->op == MOD_ADD ? xml_prop(n, "value") : NULL;
		int rc = v ? modifier_number(n, p, m, v) : 0;
		free(v);
		if (rc)
			goto fail;
		break;
	}
	case MOD_PRIMARY:
		break; /* the BattleScribe reader's only: no attribute names it */
	}
	return 0;
fail:
	return -1;
}

/* m's value=: a number, or a ladder step or a yes/no by name. */
static int modifier_number(xmlNodePtr n, const struct rp *p, struct modifier *m,
                           const char *value)
{
	/* A number; for a text attribute on a ladder, the steps to go (op="add"). */
	m->value = rr_expr_new(EX_NUM, n);
	struct value v;
	char *err = NULL;
	long x;
	if (m->attr && m->op == MOD_SET && m->attr->type != ATTR_INT) {
		/* A ladder step or a yes/no, by name. */
		if (value_parse(m->attr, value, &v, &err) != 0) {
			rr_fatal(p, n, "%s", err);
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
	return 0;
fail:
	return -1;
}

/* A <modify>'s target (the one of attr=, cost=, ... it gives, *id the new copy of its value)
 * and op=, checked against each other and against where it stands. */
static int modifier_head(xmlNodePtr n, struct rp *p, enum mod_place where, struct modifier *m,
                         char **id)
{
	static const char *const targets[] = { "attr", "cost", "limit", "keyword", "category", "name",
		                                   "hidden" };
	static const char *const opnames[] = { "set", "add", "mul", "remove" };
	char *op = NULL;
	int found = 0;
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(targets); i++) {
		char *v = xml_prop(n, targets[i]);
		if (v == NULL)
			continue;
		found++;
		free(*id);
		*id = v;
		m->target = (enum mod_target)i;
	}
	if (found != 1)
		FAIL(n, "%s", _("<modify> changes exactly one of attr=, cost=, limit=, keyword=, category=, name=, hidden="));
	op = xml_prop(n, "op");
	int k = rr_lookup_enum(op, opnames, 4, -2);
	if (k < 0)
		FAIL(n, _("<modify> needs op=\"set\", \"add\", \"mul\" or \"remove\", not '%s'"), op ? op : "");
	m->op = (enum mod_op)k;
	bool flag = m->target >= MOD_KEYWORD; /* keyword, category, name, hidden: no number */
	if (m->target != MOD_NAME && m->target != MOD_HIDDEN && (flag ? m->op != MOD_ADD && m->op != MOD_REMOVE : m->op == MOD_REMOVE))
		FAIL(n, "%s", flag ? _("a keyword or category is added or removed: op=\"add\" or op=\"remove\"")
		                   : _("a number is changed with op=\"set\", \"add\" or \"mul\""));
	if (m->target == MOD_LIMIT && where != MOD_IN_SYSTEM)
		FAIL(n, "%s", _("limit= modifiers stand in the system's <modifiers>"));
	if (where == MOD_IN_OPTION_ITEM && (m->target == MOD_COST || m->target == MOD_CATEGORY))
		FAIL(n, "%s", _("an option that changes an item changes its attributes and keywords only"));
	free(op);
	return 0;
fail:
	free(op);
	return -1;
}

/* A <modify>'s <repeat> c. */
static int modifier_repeat(xmlNodePtr c, struct rp *p, struct modifier *m)
{
	bool flag = m->target >= MOD_KEYWORD;
	xmlNodePtr e = xml_first_elem(c);
	if (m->repeat || e == NULL || xml_next_elem(e) != NULL)
		FAIL(c, "%s", _("a <modify> has at most one <repeat>, holding one expression"));
	if (rr_read_num(c, p, "every", &m->every, true) || rr_read_rounding(c, p, &m->round))
		goto fail;
	if (m->every <= 0)
		FAIL(c, "%s", _("<repeat> needs every=\"N\", N at least 1"));
	if (flag || m->op == MOD_SET)
		FAIL(c, "%s", _("<repeat> repeats an add or a mul"));
	if ((m->repeat = rr_read_expr(e, p)) == NULL)
		goto fail;
	return 0;
fail:
	return -1;
}

/* A <modify>'s children: <when>, <units>, <repeat>, and its value's expression (*val_el). */
static int modifier_children(xmlNodePtr n, struct rp *p, enum mod_place where,
                             struct modifier *m, xmlNodePtr *val_el)
{
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "when")) {
			if (m->when)
				FAIL(c, "%s", _("a <modify> has at most one <when>"));
			if ((m->when = rr_read_when(c, p, SCOPE_LIST)) == NULL)
				goto fail;
		} else if (xml_is(c, "units")) {
			if (where != MOD_IN_SYSTEM || m->target == MOD_LIMIT)
				FAIL(c, "%s", _("<units> chooses the units a system modifier changes"));
			if (m->units)
				FAIL(c, "%s", _("a <modify> has at most one <units>"));
			if ((m->units = rr_read_group(c, SEL_ALL, p)) == NULL)
				goto fail;
		} else if (xml_is(c, "repeat")) {
			if (modifier_repeat(c, p, m))
				goto fail;
		} else {
			if (*val_el)
				FAIL(c, "%s", _("a <modify> has one value: value=\"N\" or one expression"));
			*val_el = c;
		}
	}
	return 0;
fail:
	return -1;
}

/* A <modify>'s value: value= (*value, taken when kept as text) or its expression val_el. */
static int modifier_value(xmlNodePtr n, struct rp *p, struct modifier *m, char **value,
                          xmlNodePtr val_el)
{
	bool flag = m->target >= MOD_KEYWORD;
	if (flag) {
		if ((*value || val_el) && m->value == NULL)
			FAIL(n, "%s", m->target == MOD_NAME ? _("<modify name=...> takes its text in name=, no value")
			                                    : _("adding or removing a keyword or category takes no value"));
	} else if ((*value != NULL) == (val_el != NULL)) {
		FAIL(n, "%s", _("a <modify> has one value: value=\"N\" or one expression"));
	} else if (val_el) {
		if ((m->value = rr_read_expr(val_el, p)) == NULL)
			goto fail;
		if (m->attr && m->attr->type == ATTR_TEXT && m->op == MOD_SET)
			FAIL(n, "%s", _("a text attribute is set with value=\"TEXT\""));
	} else if (m->attr && m->attr->type == ATTR_TEXT && m->op == MOD_SET) {
		m->text = *value;
		*value = NULL;
	} else {
		return modifier_number(n, p, m, *value);
	}
	return 0;
fail:
	return -1;
}

int modifier_read(xmlNodePtr n, struct system *sys, enum mod_place where, const char *file,
                  struct modifier *m, struct diags *d)
{
	struct rp pp = { sys, file, d, ON_UNIT, false, ON_UNIT, SCOPE_LIST, false, 0 }, *p = &pp;
	memset(m, 0, sizeof(*m));
	m->line = xml_line(n);
	m->ref = xml_prop(n, "ref");
	m->round = sys->rounding;
	char *id = NULL, *value = NULL;
	xmlNodePtr val_el = NULL;
	enum attr_on on = where == MOD_IN_OPTION_ITEM ? ON_ITEM : ON_UNIT;
	int rc = -1;
	if (modifier_head(n, p, where, m, &id) == 0 && modifier_target(n, p, sys, m, id, on) == 0) {
		value = xml_prop(n, "value");
		if (modifier_children(n, p, where, m, &val_el) == 0 &&
		    modifier_value(n, p, m, &value, val_el) == 0)
			rc = 0;
	}
	free(id);
	free(value);
	if (rc)
		modifier_release(m);
	return rc;
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
