/* check.c - the constraint engine: rules parsed from rules-xml, evaluated on rosters
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Nothing here knows a game system: every rule, bound and message comes from data.
 */
#include "muster.h"
#include "check.h"
#include "cost.h"
#include "idx.h"
#include "select.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

enum agg_kind { AGG_UNITS, AGG_MODELS, AGG_WEAPONS, AGG_LISTS, AGG_OPTIONS, AGG_COST, AGG_ATTR,
                AGG_DISTINCT };
enum scope_kind { SCOPE_UNIT, SCOPE_LIST, SCOPE_ROSTER };
enum group_kind { GROUP_NONE, GROUP_ENTRY, GROUP_ATTR };
enum bound_kind { B_CONST, B_THIS_ATTR, B_PER, B_PERCENT, B_LIMIT, B_FIELD, B_TABLE, B_TOTAL };
enum basis_kind { BASIS_LIMIT, BASIS_SPENT };

struct step {
	long from, value;
};

struct bound {
	enum bound_kind kind;
	long value;                   /* const; per: "each"; percent: the percentage */
	long every, plus;             /* per */
	const struct attr_def *attr;  /* this-attr */
	size_t cost;                  /* per, percent, limit */
	enum basis_kind basis;
	enum rounding round;
	size_t field;
	struct step *steps;
	size_t n_steps;
	struct bound *next;           /* the next term: a bound is the sum of its terms */
};

struct rule {
	char *id, *ref, *message;
	long line;
	enum severity sev;
	bool each;
	enum attr_on each_item;
	struct sel *each_sel;
	long taking;                  /* keyword index, or -1 */
	bool listed;                  /* taking rules: also items whose card lists the keyword */
	bool require;                 /* a requirement rule: this must match `where` */
	enum agg_kind agg;
	enum scope_kind scope;
	enum attr_on agg_item;
	struct sel *where;
	size_t cost;
	const struct attr_def *attr;
	enum group_kind group;
	const struct attr_def *group_attr;
	struct bound *min, *max;
};

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

static void bound_free(struct bound *b)
{
	while (b) {
		struct bound *next = b->next;
		free(b->steps);
		free(b);
		b = next;
	}
}

void rule_free(struct rule *r)
{
	if (r == NULL)
		return;
	free(r->id);
	free(r->ref);
	free(r->message);
	sel_free(r->each_sel);
	sel_free(r->where);
	bound_free(r->min);
	bound_free(r->max);
	free(r);
}

/* --- parsing ------------------------------------------------------------------------------- */

struct rparse {
	const struct system *sys;
	const char *file;
	struct diags *d;
	struct rule *r;
};

#define PFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		goto fail; \
	} while (0)

static int lookup_enum(const char *v, const char *const *names, size_t n, int def)
{
	if (v == NULL)
		return def;
	for (size_t i = 0; i < n; i++)
		if (strcmp(v, names[i]) == 0)
			return (int)i;
	return -2;
}

static int parse_rounding(xmlNodePtr n, const struct rparse *p, enum rounding *out)
{
	static const char *const names[] = { "up", "down", "nearest" };
	char *v = xml_prop(n, "round");
	int k = lookup_enum(v, names, 3, -1);
	if (k == -2) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("round must be up, down or nearest, not '%s'"), v);
		free(v);
		return -1;
	}
	free(v);
	*out = k == -1 ? p->sys->rounding : (enum rounding)k;
	return 0;
}

static int parse_cost_ref(xmlNodePtr n, const struct rparse *p, size_t *out)
{
	char *v = xml_prop(n, "cost");
	const struct cost_def *c = NULL;
	if (v == NULL && p->sys->n_costs == 1)
		c = &p->sys->costs[0];
	else
		c = idx_get(p->sys->cost_idx, v ? v : "");
	if (c == NULL) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> names an unknown cost type '%s'"), (const char *)n->name, v ? v : "");
		free(v);
		return -1;
	}
	free(v);
	*out = c->index;
	return 0;
}

static int parse_basis(xmlNodePtr n, const struct rparse *p, enum basis_kind *out)
{
	static const char *const names[] = { "limit", "spent" };
	char *v = xml_prop(n, "basis");
	int k = lookup_enum(v, names, 2, -1);
	if (k < 0) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> needs basis=\"limit\" (the points limit of the game) or basis=\"spent\" (the points the list spends), not '%s'"),
		          (const char *)n->name, v ? v : "");
		free(v);
		return -1;
	}
	free(v);
	*out = (enum basis_kind)k;
	return 0;
}

static int parse_field_ref(xmlNodePtr n, const struct rparse *p, size_t *out)
{
	char *v = xml_prop(n, "field");
	const struct field_def *f = idx_get(p->sys->field_idx, v ? v : "");
	if (f == NULL) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> names an unknown field '%s'"), (const char *)n->name, v ? v : "");
		free(v);
		return -1;
	}
	free(v);
	*out = f->index;
	return 0;
}

#define TFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		return -1; \
	} while (0)

/* One term of a bound, from a child element: <per>, <percent>, <limit>, <field>, <table> or
 * <total>. Returns 0, or -1 with a fatal diagnostic. */
static int parse_term(struct bound *b, xmlNodePtr c, const struct rparse *p)
{
	if (xml_is(c, "per")) {
		b->kind = B_PER;
		if (xml_prop_long(c, "every", 1, 1000000000L, 0, &b->every, p->file, p->d) != 0 ||
		    xml_prop_long(c, "each", 0, 1000000L, 1, &b->value, p->file, p->d) != 0 ||
		    xml_prop_long(c, "plus", -1000000L, 1000000L, 0, &b->plus, p->file, p->d) != 0)
			return -1;
		if (b->every == 0)
			TFAIL(c, "%s", _("<per> needs every=\"N\" points"));
		if (parse_cost_ref(c, p, &b->cost) || parse_basis(c, p, &b->basis) ||
		    parse_rounding(c, p, &b->round))
			return -1;
	} else if (xml_is(c, "percent")) {
		b->kind = B_PERCENT;
		if (xml_prop_long(c, "value", 0, 100, -1, &b->value, p->file, p->d) != 0)
			return -1;
		if (b->value < 0)
			TFAIL(c, "%s", _("<percent> needs value=\"N\" from 0 to 100"));
		if (parse_cost_ref(c, p, &b->cost) || parse_basis(c, p, &b->basis) ||
		    parse_rounding(c, p, &b->round))
			return -1;
	} else if (xml_is(c, "limit")) {
		b->kind = B_LIMIT;
		if (parse_cost_ref(c, p, &b->cost))
			return -1;
	} else if (xml_is(c, "field")) {
		b->kind = B_FIELD;
		char *name = xml_prop(c, "name");
		const struct field_def *f = idx_get(p->sys->field_idx, name ? name : "");
		if (f == NULL) {
			diags_add(p->d, SEV_FATAL, p->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("<field> names an unknown field '%s'"), name ? name : "");
			free(name);
			return -1;
		}
		free(name);
		b->field = f->index;
	} else if (xml_is(c, "table")) {
		b->kind = B_TABLE;
		if (parse_field_ref(c, p, &b->field))
			return -1;
		size_t cap = 0;
		long prev = 0;
		for (xmlNodePtr s = xml_first_elem(c); s; s = xml_next_elem(s)) {
			struct step st;
			if (!xml_is(s, "step"))
				TFAIL(s, _("<table> holds <step> elements, not <%s>"), (const char *)s->name);
			if (xml_prop_long(s, "from", -1000000000L, 1000000000L, 0, &st.from, p->file, p->d) ||
			    xml_prop_long(s, "value", -1000000000L, 1000000000L, 0, &st.value, p->file, p->d))
				return -1;
			if (b->n_steps > 0 && st.from <= prev)
				TFAIL(s, "%s", _("<step> elements must be in increasing order of from"));
			prev = st.from;
			GROW(b->steps, cap, b->n_steps + 1);
			b->steps[b->n_steps++] = st;
		}
		if (b->n_steps == 0)
			TFAIL(c, "%s", _("<table> needs at least one <step>"));
	} else if (xml_is(c, "total")) {
		b->kind = B_TOTAL;
		if (parse_cost_ref(c, p, &b->cost))
			return -1;
	} else {
		TFAIL(c, _("<%s> is not a bound"), (const char *)c->name);
	}
	return 0;
}

/* <at-most value="3"/>, <at-least this="rank"/>, or one child: <per>, <percent>, <limit>,
 * <field>, <table>. */
static struct bound *parse_bound(xmlNodePtr n, const struct rparse *p)
{
	struct bound *b = xcalloc(1, sizeof(*b));
	char *v = xml_prop(n, "value");
	char *th = xml_prop(n, "this");
	xmlNodePtr c = xml_first_elem(n);
	int forms = (v != NULL) + (th != NULL) + (c != NULL);
	if (forms != 1)
		PFAIL(n, _("<%s> needs exactly one bound: value=\"N\", this=\"ATTRIBUTE\", or terms to add up: <per>, <percent>, <limit>, <field>, <table>, <total>"),
		      (const char *)n->name);
	if (v) {
		b->kind = B_CONST;
		if (parse_long(v, -1000000000L, 1000000000L, &b->value) != 0)
			PFAIL(n, _("bound value must be a whole number, not '%s'"), v);
	} else if (th) {
		b->kind = B_THIS_ATTR;
		if (!p->r->each)
			PFAIL(n, "%s", _("this=\"...\" bounds need a rule checked per unit (<each>)"));
		b->attr = idx_get(p->sys->attr_idx, th);
		if (b->attr == NULL)
			PFAIL(n, _("bound names an unknown attribute '%s'"), th);
		/* A weapon rule may bound by its unit's attribute (a model's hands, say). */
		if (b->attr->on == ON_WEAPON && p->r->each_item != ON_WEAPON)
			PFAIL(n, _("bound attribute '%s' belongs to weapons, but the rule checks units"), th);
		if (b->attr->type != ATTR_INT)
			PFAIL(n, _("bound attribute '%s' is not a whole number"), th);
	} else {
		/* Each child is a term; the bound is their sum (black money plus contraband). */
		struct bound **tail = &b->next;
		if (parse_term(b, c, p))
			goto fail;
		for (c = xml_next_elem(c); c; c = xml_next_elem(c)) {
			*tail = xcalloc(1, sizeof(**tail));
			if (parse_term(*tail, c, p))
				goto fail;
			tail = &(*tail)->next;
		}
	}
	free(v);
	free(th);
	return b;
fail:
	free(v);
	free(th);
	bound_free(b);
	return NULL;
}

static const char *const placeholders[] = {
	"this", "count", "bound", "diff", "group", "values", "size", "cost", "list", "keyword",
};

/* Checks that every {placeholder} of the message is one the engine fills. */
static int check_message(xmlNodePtr n, const struct rparse *p, const char *msg)
{
	for (const char *s = strchr(msg, '{'); s; s = strchr(s + 1, '{')) {
		const char *e = strchr(s, '}');
		if (e == NULL)
			break;
		size_t len = (size_t)(e - s - 1);
		char *name = xstrndup(s + 1, len);
		bool ok = false;
		for (size_t i = 0; i < MUSTER_ARRAY_LEN(placeholders); i++)
			ok |= strcmp(name, placeholders[i]) == 0;
		if (!ok && strncmp(name, "this.", 5) == 0) {
			const struct attr_def *a = idx_get(p->sys->attr_idx, name + 5);
			/* A weapon rule may also name its unit's attributes. */
			ok = a != NULL && p->r->each && (a->on == p->r->each_item || a->on == ON_UNIT);
		}
		if (!ok) {
			diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("message placeholder '{%s}' is not known here (known: {this} {this.ATTRIBUTE} {count} {bound} {diff} {group} {values} {size} {cost} {list} {keyword})"),
			          name);
			free(name);
			return -1;
		}
		free(name);
	}
	return 0;
}

static int parse_aggregate(xmlNodePtr a, struct rparse *p)
{
	struct rule *r = p->r;
	static const char *const scopes[] = { "unit", "list", "roster" };
	char *in = xml_prop(a, "in");
	int sc = lookup_enum(in, scopes, 3, SCOPE_LIST);
	if (sc == -2) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(a), xml_col(a), NULL, NULL,
		          _("in must be unit, list or roster, not '%s'"), in);
		free(in);
		return -1;
	}
	free(in);
	r->scope = (enum scope_kind)sc;
	if (r->scope == SCOPE_UNIT && !r->each)
		PFAIL(a, "%s", _("in=\"unit\" needs a rule checked per unit (<each>)"));
	r->agg_item = ON_UNIT;
	if (xml_is(a, "count")) {
		static const char *const ofs[] = { "units", "models", "weapons", "lists", "options" };
		char *of = xml_prop(a, "of");
		int k = lookup_enum(of, ofs, 5, AGG_UNITS);
		if (k == -2) {
			diags_add(p->d, SEV_FATAL, p->file, xml_line(a), xml_col(a), NULL, NULL,
			          _("<count of=...> counts units, models, weapons, lists or options, not '%s'"), of);
			free(of);
			return -1;
		}
		free(of);
		r->agg = (enum agg_kind)k;
		if (r->agg == AGG_WEAPONS)
			r->agg_item = ON_WEAPON;
		if (r->agg == AGG_OPTIONS)
			r->agg_item = ON_OPTION;
		if (r->agg == AGG_LISTS && r->scope != SCOPE_ROSTER)
			PFAIL(a, "%s", _("<count of=\"lists\"> needs in=\"roster\""));
	} else if (xml_is(a, "sum")) {
		char *attr = xml_prop(a, "attr");
		if (attr) {
			r->agg = AGG_ATTR;
			r->attr = idx_get(p->sys->attr_idx, attr);
			if (r->attr == NULL || (r->attr->type != ATTR_INT && r->attr->type != ATTR_LADDER)) {
				diags_add(p->d, SEV_FATAL, p->file, xml_line(a), xml_col(a), NULL, NULL,
				          _("<sum attr=...> needs a whole-number or ladder attribute, not '%s'"), attr);
				free(attr);
				return -1;
			}
			free(attr);
			r->agg_item = r->attr->on;
		} else {
			r->agg = AGG_COST;
			if (parse_cost_ref(a, p, &r->cost))
				return -1;
		}
	} else {
		r->agg = AGG_DISTINCT;
		char *attr = xml_prop(a, "attr");
		r->attr = idx_get(p->sys->attr_idx, attr ? attr : "");
		if (r->attr == NULL) {
			diags_add(p->d, SEV_FATAL, p->file, xml_line(a), xml_col(a), NULL, NULL,
			          _("<%s> names an unknown attribute '%s'"), (const char *)a->name,
			          attr ? attr : "");
			free(attr);
			return -1;
		}
		free(attr);
		r->agg_item = r->attr->on;
	}
	/* items="options": count lists or sum costs over the options taken rather than units
	 * (a unique magic item in two lists of one player). */
	char *items = xml_prop(a, "items");
	if (items) {
		static const char *const kinds[] = { "units", "weapons", "options" };
		int k = lookup_enum(items, kinds, 3, -1);
		if (k < 0 || (r->agg != AGG_LISTS && r->agg != AGG_COST && r->agg != AGG_UNITS &&
		              r->agg != AGG_OPTIONS && r->agg != AGG_WEAPONS)) {
			diags_add(p->d, SEV_FATAL, p->file, xml_line(a), xml_col(a), NULL, NULL,
			          _("items=\"%s\" does not fit this aggregate (items: units, weapons or options, with count or sum cost)"),
			          items);
			free(items);
			return -1;
		}
		free(items);
		r->agg_item = (enum attr_on)k;
	}
	char *gb = xml_prop(a, "group-by");
	if (gb) {
		if (strcmp(gb, "entry") == 0) {
			r->group = GROUP_ENTRY;
		} else {
			r->group = GROUP_ATTR;
			r->group_attr = idx_get(p->sys->attr_idx, gb);
			if (r->group_attr == NULL || r->group_attr->on != r->agg_item) {
				diags_add(p->d, SEV_FATAL, p->file, xml_line(a), xml_col(a), NULL, NULL,
				          _("group-by must be \"entry\" or an attribute of the items counted, not '%s'"),
				          gb);
				free(gb);
				return -1;
			}
		}
		free(gb);
	}
	struct sel_parse sp = { p->sys, p->file, p->d, r->agg_item, r->each, r->each_item };
	r->where = sel_parse_children(a, &sp);
	return r->where ? 0 : -1;
fail:
	return -1;
}

struct rule *rule_parse(xmlNodePtr n, const struct system *sys, const char *file,
                        struct diags *d)
{
	struct rule *r = xcalloc(1, sizeof(*r));
	struct rparse pp = { sys, file, d, r }, *p = &pp;
	r->id = xml_prop(n, "id");
	r->ref = xml_prop(n, "ref");
	r->line = xml_line(n);
	r->taking = -1;
	r->sev = SEV_ERROR;
	char *sev = xml_prop(n, "severity");
	if (sev && strcmp(sev, "warning") == 0)
		r->sev = SEV_WARNING;
	else if (sev && strcmp(sev, "error") != 0) {
		diags_add(d, SEV_FATAL, file, xml_line(n), xml_col(n), NULL, NULL,
		          _("severity must be error or warning, not '%s'"), sev);
		free(sev);
		goto fail;
	}
	free(sev);
	if (r->id == NULL)
		PFAIL(n, "%s", _("<rule> needs an id"));
	if (r->ref == NULL)
		r->ref = xstrdup(r->id);

	xmlNodePtr agg = NULL, req = NULL, msg = NULL, same = NULL;
	bool agg_done = false; /* the aggregate is parsed once, at its first bound */
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "each")) {
			static const char *const ofs[] = { "units", "weapons" };
			if (r->each)
				PFAIL(c, "%s", _("a rule has at most one <each>"));
			char *of = xml_prop(c, "of");
			int k = lookup_enum(of, ofs, 2, 0);
			free(of);
			if (k < 0)
				PFAIL(c, "%s", _("<each of=...> takes units or weapons"));
			r->each = true;
			r->each_item = k == 0 ? ON_UNIT : ON_WEAPON;
			char *taking = xml_prop(c, "taking");
			if (taking) {
				const struct keyword_def *kd = idx_get(sys->kw_idx, taking);
				if (kd == NULL) {
					diags_add(d, SEV_FATAL, file, xml_line(c), xml_col(c), NULL, NULL,
					          _("taking names an unknown keyword '%s'"), taking);
					free(taking);
					goto fail;
				}
				free(taking);
				r->taking = (long)kd->index;
				char *listed = xml_prop(c, "listed");
				r->listed = listed && strcmp(listed, "true") == 0;
				free(listed);
			}
			struct sel_parse sp = { sys, file, d, r->each_item, false, r->each_item };
			r->each_sel = sel_parse_children(c, &sp);
			if (r->each_sel == NULL)
				goto fail;
		} else if (xml_is(c, "count") || xml_is(c, "sum") || xml_is(c, "distinct")) {
			if (agg || agg_done || req || same)
				PFAIL(c, "%s", _("a rule has one aggregate, requirement or <same>"));
			agg = c;
		} else if (xml_is(c, "require")) {
			if (agg || agg_done || req || same)
				PFAIL(c, "%s", _("a rule has one aggregate, requirement or <same>"));
			req = c;
		} else if (xml_is(c, "same")) {
			if (agg || agg_done || req || same)
				PFAIL(c, "%s", _("a rule has one aggregate, requirement or <same>"));
			same = c;
		} else if (xml_is(c, "at-most") || xml_is(c, "at-least")) {
			bool most = xml_is(c, "at-most");
			if (most ? r->max != NULL : r->min != NULL)
				PFAIL(c, _("a rule has at most one <%s>"), (const char *)c->name);
			if (!agg && !agg_done)
				PFAIL(c, _("<%s> follows the aggregate it bounds"), (const char *)c->name);
			if (agg && parse_aggregate(agg, p))
				goto fail;
			agg = NULL;
			agg_done = true;
			struct bound *b = parse_bound(c, p);
			if (b == NULL)
				goto fail;
			if (most)
				r->max = b;
			else
				r->min = b;
		} else if (xml_is(c, "message")) {
			msg = c;
		} else if (!xml_is(c, "description")) {
			PFAIL(c, _("<%s> does not belong in a <rule>"), (const char *)c->name);
		}
	}
	if (agg)
		PFAIL(agg, "%s", _("an aggregate needs <at-most> or <at-least> after it"));
	if (req) {
		if (!r->each)
			PFAIL(req, "%s", _("<require> needs a rule checked per unit or weapon (<each>)"));
		r->require = true;
		struct sel_parse sp = { sys, file, d, r->each_item, true, r->each_item };
		r->where = sel_parse_children(req, &sp);
		if (r->where == NULL)
			goto fail;
	} else if (same) {
		/* <same attr="X"/>: one value of X shared by everything in scope. */
		if (parse_aggregate(same, p))
			goto fail;
		r->agg = AGG_DISTINCT;
		r->max = xcalloc(1, sizeof(*r->max));
		r->max->kind = B_CONST;
		r->max->value = 1;
	} else if (!r->where) {
		PFAIL(n, _("rule '%s' needs an aggregate with a bound, a <require> or a <same>"), r->id);
	}
	if (r->taking >= 0 && !r->require)
		PFAIL(n, "%s", _("<each taking=...> rules check a <require>"));
	if (msg == NULL)
		PFAIL(n, _("rule '%s' needs a <message>"), r->id);
	r->message = xml_text(msg);
	if (check_message(msg, p, r->message) != 0)
		goto fail;
	return r;
fail:
	rule_free(r);
	return NULL;
}

/* --- requirement cycles ------------------------------------------------------------------- */

struct kwgraph {
	const struct system *sys;
	bool *edge;  /* n x n: taking a requires b */
	size_t from;
};

static void add_edge(size_t kw, void *arg)
{
	struct kwgraph *g = arg;
	g->edge[g->from * g->sys->n_keywords + kw] = true;
}

/* Depth-first search; state 0 new, 1 on the path, 2 done. Returns the keyword closing a cycle
 * or -1; path[] gets the chain. */
static long dfs(const struct kwgraph *g, size_t k, char *state, size_t *path, size_t *depth)
{
	size_t n = g->sys->n_keywords;
	state[k] = 1;
	path[(*depth)++] = k;
	for (size_t j = 0; j < n; j++) {
		if (!g->edge[k * n + j])
			continue;
		if (state[j] == 1) {
			path[(*depth)++] = j;
			return (long)j;
		}
		if (state[j] == 0) {
			long c = dfs(g, j, state, path, depth);
			if (c >= 0)
				return c;
		}
	}
	state[k] = 2;
	(*depth)--;
	return -1;
}

int rules_check_cycles(const struct system *sys, struct diags *d)
{
	size_t n = sys->n_keywords;
	if (n == 0)
		return 0;
	struct kwgraph g = { sys, xcalloc(n * n, sizeof(bool)), 0 };
	const struct rule **by_kw = xcalloc(n, sizeof(*by_kw));
	for (size_t i = 0; i < sys->n_rules; i++) {
		const struct rule *r = sys->rules[i];
		if (r->taking < 0 || !r->require)
			continue;
		g.from = (size_t)r->taking;
		by_kw[g.from] = r;
		sel_required_keywords(r->where, add_edge, &g);
	}
	char *state = xcalloc(n, 1);
	size_t *path = xcalloc(n + 2, sizeof(*path));
	int rc = 0;
	for (size_t k = 0; k < n && rc == 0; k++) {
		size_t depth = 0;
		if (state[k] != 0)
			continue;
		long c = dfs(&g, k, state, path, &depth);
		if (c < 0)
			continue;
		struct strbuf sb = STRBUF_INIT;
		size_t start = 0;
		while (path[start] != (size_t)c)
			start++;
		for (size_t i = start; i < depth; i++)
			strbuf_addf(&sb, "%s%s", i > start ? _(" needs ") : "", sys->keywords[path[i]].id);
		const struct rule *r = by_kw[c];
		diags_add(d, SEV_FATAL, sys->file, r->line, 0, NULL, NULL,
		          _("cycle of requirements: %s; none of them could ever be taken"), sb.s);
		strbuf_release(&sb);
		rc = -1;
	}
	free(state);
	free(path);
	free(by_kw);
	free(g.edge);
	return rc;
}

/* --- evaluation ---------------------------------------------------------------------------- */

struct lctx {
	size_t li;
	const struct r_list *list;
	struct eunit *units;
	size_t n;
};

struct group_acc {
	char *key;
	char *label;
	long value;
	long last_list;       /* lists: the last list counted */
	long *line_of;        /* where each item counted stands, in order */
	long *col_of;
	size_t n_lines, cap_lines, cap_cols;
	char **vals;          /* distinct values of the group, and how many of each */
	long *val_counts;
	size_t n_vals, cap_vals, cap_counts;
};

struct acc {
	struct group_acc *g;
	size_t n, cap;
	struct idx *ix;
};

static struct group_acc *acc_group(struct acc *a, const char *key, const char *label)
{
	if (a->ix == NULL)
		a->ix = idx_new();
	struct group_acc *g = NULL;
	void *pos = idx_get(a->ix, key);
	if (pos)
		return &a->g[(size_t)(uintptr_t)pos - 1];
	GROW(a->g, a->cap, a->n + 1);
	g = &a->g[a->n++];
	memset(g, 0, sizeof(*g));
	g->key = xstrdup(key);
	g->label = xstrdup(label);
	g->last_list = -1;
	idx_add(a->ix, g->key, (void *)(uintptr_t)a->n);
	return g;
}

static void acc_release(struct acc *a)
{
	for (size_t i = 0; i < a->n; i++) {
		struct group_acc *g = &a->g[i];
		free(g->key);
		free(g->label);
		free(g->line_of);
		free(g->col_of);
		for (size_t k = 0; k < g->n_vals; k++)
			free(g->vals[k]);
		free(g->vals);
		free(g->val_counts);
	}
	free(a->g);
	idx_free(a->ix);
	memset(a, 0, sizeof(*a));
}

static void group_distinct(struct group_acc *g, const char *v)
{
	for (size_t i = 0; i < g->n_vals; i++)
		if (strcmp(g->vals[i], v) == 0) {
			g->val_counts[i]++;
			return;
		}
	GROW(g->vals, g->cap_vals, g->n_vals + 1);
	GROW(g->val_counts, g->cap_counts, g->n_vals + 1);
	g->vals[g->n_vals] = xstrdup(v);
	g->val_counts[g->n_vals++] = 1;
}

/* The text a unit shows in messages: the label the player gave, else the entry's name. */
static const char *unit_label(const struct eunit *u)
{
	return u->ru->label ? u->ru->label : u->e->name;
}

static void add_item(const struct rule *r, struct acc *a, const struct system *sys,
                     const struct lctx *lc, const struct eunit *u, const struct eweapon *w,
                     const struct r_option *o)
{
	char *key = NULL, *label = NULL;
	if (r->group == GROUP_ENTRY) {
		key = xstrdup(o ? o->opt->id : w ? w->w->id : u->e->id);
		label = xstrdup(o ? o->opt->name : w ? w->w->name : u->e->name);
	} else if (r->group == GROUP_ATTR) {
		const struct value *v = r->group_attr->on == ON_WEAPON ? &w->w->vals[r->group_attr->index]
		                                                      : &u->e->vals[r->group_attr->index];
		key = xstrdup(v->set && v->s ? v->s : "");
		label = value_display(sys, r->group_attr, v);
	} else {
		key = xstrdup("");
		label = xstrdup("");
	}
	struct group_acc *g = acc_group(a, key, label);
	free(key);
	free(label);
	long add = 0;
	switch (r->agg) {
	case AGG_UNITS: add = 1; break;
	case AGG_WEAPONS: add = 1; break;
	case AGG_OPTIONS: add = o ? o->count : 0; break;
	case AGG_MODELS: add = u->ru->models; break;
	case AGG_COST:
		add = o ? o->opt->costs[r->cost] * o->count * (o->opt->per_model ? u->ru->models : 1)
		        : u->costs[r->cost];
		break;
	case AGG_ATTR: {
		const struct value *v = w ? &w->w->vals[r->attr->index] : &u->e->vals[r->attr->index];
		add = v->set ? v->i : 0;
		break;
	}
	case AGG_LISTS:
		if (g->last_list == (long)lc->li)
			return;
		g->last_list = (long)lc->li;
		add = 1;
		break;
	case AGG_DISTINCT: {
		const struct value *v = w ? &w->w->vals[r->attr->index] : &u->e->vals[r->attr->index];
		char *s = value_display(sys, r->attr, v);
		group_distinct(g, s);
		free(s);
		add = 0;
		break;
	}
	}
	g->value += add;
	if (r->agg == AGG_UNITS || r->agg == AGG_WEAPONS || r->agg == AGG_LISTS ||
	    r->agg == AGG_OPTIONS) {
		/* One line per thing counted: an option taken three times stands three times. */
		long line = o ? o->line : w && w->extra_line ? w->extra_line : u->ru->line;
		long col = o ? o->col : w && w->extra_line ? w->extra_col : u->ru->col;
		for (long k = 0; k < add && g->n_lines < 10000; k++) {
			GROW(g->line_of, g->cap_lines, g->n_lines + 1);
			GROW(g->col_of, g->cap_cols, g->n_lines + 1);
			g->col_of[g->n_lines] = col;
			g->line_of[g->n_lines++] = line;
		}
	}
}

/* Adds every item of the rule's scope that matches its selector. */
static void collect(const struct rule *r, struct acc *a, const struct system *sys,
                    const struct lctx *lcs, size_t n_lcs, const struct lctx *cur,
                    const struct sel_ctx *base)
{
	size_t from = 0, to = n_lcs;
	if (r->scope != SCOPE_ROSTER) {
		from = (size_t)(cur - lcs);
		to = from + 1;
	}
	for (size_t li = from; li < to; li++) {
		const struct lctx *lc = &lcs[li];
		struct sel_ctx c = *base;
		c.list = lc->list;
		c.units = lc->units;
		c.n_units = lc->n;
		for (size_t ui = 0; ui < lc->n; ui++) {
			const struct eunit *u = &lc->units[ui];
			if (r->scope == SCOPE_UNIT && u != base->this_unit)
				continue;
			if (r->agg_item == ON_WEAPON) {
				for (size_t wi = 0; wi < u->n_weapons; wi++)
					if (sel_match(r->where, &c, u, &u->weapons[wi]))
						add_item(r, a, sys, lc, u, &u->weapons[wi], NULL);
			} else if (r->agg_item == ON_OPTION) {
				for (size_t oi = 0; oi < u->ru->n_opts; oi++)
					if (sel_match_option(r->where, &c, u, &u->ru->opts[oi]))
						add_item(r, a, sys, lc, u, NULL, &u->ru->opts[oi]);
			} else if (sel_match(r->where, &c, u, NULL)) {
				add_item(r, a, sys, lc, u, NULL, NULL);
			}
		}
	}
}

/* Evaluates a bound; returns false when it does not apply (the list has no such limit). */
static bool term_value(const struct bound *b, const struct lctx *lc, const struct eunit *this_u,
                       const struct eweapon *this_w, long *out)
{
	long basis;
	switch (b->kind) {
	case B_CONST:
		*out = b->value;
		return true;
	case B_THIS_ATTR: {
		const struct value *v = b->attr->on == ON_WEAPON ? &this_w->w->vals[b->attr->index]
		                                                 : &this_u->e->vals[b->attr->index];
		if (!v->set)
			return false;
		*out = v->i;
		return true;
	}
	case B_PER:
	case B_PERCENT:
		if (b->basis == BASIS_LIMIT) {
			basis = lc->list->limits[b->cost];
			if (basis < 0)
				return false;
		} else {
			basis = eunits_total(lc->units, lc->n, b->cost);
		}
		if (b->kind == B_PER)
			*out = b->value * div_round(basis, b->every, b->round) + b->plus;
		else
			*out = div_round(basis * b->value, 100, b->round);
		return true;
	case B_LIMIT:
		*out = lc->list->limits[b->cost];
		return *out >= 0;
	case B_FIELD:
		*out = lc->list->fields[b->field];
		return true;
	case B_TOTAL:
		*out = eunits_total(lc->units, lc->n, b->cost);
		return true;
	case B_TABLE: {
		long v = lc->list->fields[b->field];
		if (v < b->steps[0].from)
			return false;
		for (size_t i = 0; i < b->n_steps; i++)
			if (b->steps[i].from <= v)
				*out = b->steps[i].value;
		return true;
	}
	}
	return false;
}

/* A bound is the sum of its terms; it does not apply when one term does not (no limit). */
static bool bound_value(const struct bound *b, const struct lctx *lc, const struct eunit *this_u,
                        const struct eweapon *this_w, long *out)
{
	long sum = 0;
	for (; b; b = b->next) {
		long v;
		if (!term_value(b, lc, this_u, this_w, &v))
			return false;
		sum += v;
	}
	*out = sum;
	return true;
}

struct msgvars {
	const struct system *sys;
	const struct rule *r;
	const struct lctx *lc;
	const struct eunit *this_u;
	const struct eweapon *this_w;
	long count, bound, keyword;
	bool has_count;
	const char *group;
	const char *values;
};

static char *render(const struct msgvars *m)
{
	struct strbuf sb = STRBUF_INIT;
	const char *s = m->r->message;
	while (*s) {
		const char *open = strchr(s, '{');
		const char *close = open ? strchr(open, '}') : NULL;
		if (open == NULL || close == NULL) {
			strbuf_adds(&sb, s);
			break;
		}
		strbuf_add(&sb, s, (size_t)(open - s));
		char *name = xstrndup(open + 1, (size_t)(close - open - 1));
		if (strcmp(name, "this") == 0 && m->this_u) {
			if (m->this_w)
				strbuf_addf(&sb, "%s (%s)", m->this_w->w->name, unit_label(m->this_u));
			else
				strbuf_adds(&sb, unit_label(m->this_u));
		} else if (strncmp(name, "this.", 5) == 0 && m->this_u) {
			const struct attr_def *a = idx_get(m->sys->attr_idx, name + 5);
			const struct value *v = a->on == ON_WEAPON ? &m->this_w->w->vals[a->index]
			                                           : &m->this_u->e->vals[a->index];
			char *t = value_display(m->sys, a, v);
			strbuf_adds(&sb, t);
			free(t);
		} else if (strcmp(name, "count") == 0) {
			strbuf_addf(&sb, "%ld", m->count);
		} else if (strcmp(name, "bound") == 0) {
			strbuf_addf(&sb, "%ld", m->bound);
		} else if (strcmp(name, "diff") == 0) {
			long d = m->count - m->bound;
			strbuf_addf(&sb, "%ld", d < 0 ? -d : d);
		} else if (strcmp(name, "group") == 0) {
			strbuf_adds(&sb, m->group ? m->group : "");
		} else if (strcmp(name, "values") == 0) {
			strbuf_adds(&sb, m->values ? m->values : "");
		} else if (strcmp(name, "size") == 0) {
			strbuf_adds(&sb, m->lc->list->size ? m->lc->list->size->name : _("custom size"));
		} else if (strcmp(name, "cost") == 0) {
			const struct cost_def *c = &m->sys->costs[m->r->agg == AGG_COST ? m->r->cost : 0];
			strbuf_adds(&sb, c->abbr ? c->abbr : c->name);
		} else if (strcmp(name, "list") == 0) {
			const struct r_list *l = m->lc->list;
			strbuf_adds(&sb, l->name ? l->name : l->id ? l->id : "");
		} else if (strcmp(name, "keyword") == 0 && m->keyword >= 0) {
			strbuf_adds(&sb, m->sys->keywords[m->keyword].name);
		} else {
			strbuf_addf(&sb, "{%s}", name);
		}
		free(name);
		s = close + 1;
	}
	return strbuf_detach(&sb);
}

static void report(struct diags *d, const struct roster *ros, const struct msgvars *m,
                   long line, long col)
{
	char *msg = render(m);
	diags_add(d, m->r->sev, ros->file, line, col, m->r->ref, m->r->id, "%s", msg);
	free(msg);
}

/* Compares a finished aggregate with the rule's bounds and reports each violation. */
static size_t judge(const struct rule *r, struct acc *a, const struct lctx *lc,
                    const struct eunit *this_u, const struct eweapon *this_w,
                    const struct system *sys, const struct roster *ros, struct diags *d)
{
	size_t errors = 0;
	long line = this_u ? this_u->ru->line : lc->list->line;
	long col = this_u ? this_u->ru->col : lc->list->col;
	/* With no group and no match, the aggregate is zero, which an <at-least> must see. */
	if (a->n == 0 && r->group == GROUP_NONE)
		acc_group(a, "", "");
	for (size_t gi = 0; gi < a->n; gi++) {
		struct group_acc *g = &a->g[gi];
		long value = r->agg == AGG_DISTINCT ? (long)g->n_vals : g->value;
		struct strbuf vals = STRBUF_INIT;
		for (size_t i = 0; i < g->n_vals; i++)
			strbuf_addf(&vals, "%s%s (%ld)", i ? ", " : "", g->vals[i], g->val_counts[i]);
		struct msgvars m = { sys, r, lc, this_u, this_w, value, 0, -1, true, g->label,
		                     vals.s ? vals.s : "" };
		long b;
		if (r->max && bound_value(r->max, lc, this_u, this_w, &b) && value > b) {
			m.bound = b;
			long l = line, c = col;
			/* Point at the first item past the bound, where the list breaks the rule. */
			if (!this_u && g->n_lines > 0 && b >= 0 && (size_t)b < g->n_lines) {
				l = g->line_of[b];
				c = g->col_of[b];
			}
			report(d, ros, &m, l, c);
			errors += r->sev == SEV_ERROR;
		} else if (r->min && bound_value(r->min, lc, this_u, this_w, &b) && value < b) {
			m.bound = b;
			report(d, ros, &m, line, col);
			errors += r->sev == SEV_ERROR;
		}
		strbuf_release(&vals);
	}
	return errors;
}

/* listed="true": the unit's card (or its weapons' cards) already has the keyword; check it
 * as the card gives it. */
static size_t check_listed(const struct rule *r, const struct system *sys,
                           const struct roster *ros, const struct lctx *lc,
                           const struct sel_ctx *base, const struct eunit *u, struct diags *d)
{
	size_t errors = 0;
	size_t nw = r->each_item == ON_WEAPON ? u->n_weapons : 1;
	for (size_t wi = 0; wi < nw; wi++) {
		const struct eweapon *w = r->each_item == ON_WEAPON ? &u->weapons[wi] : NULL;
		const kwword *card = w ? w->w->kw : u->e->kw;
		if (!kw_has(card, (size_t)r->taking))
			continue;
		struct sel_ctx c = *base;
		c.this_unit = u;
		c.this_weapon = w;
		c.this_kw = card;
		if (!sel_match(r->each_sel, &c, u, w) || sel_match(r->where, &c, u, w))
			continue;
		struct msgvars m = { sys, r, lc, u, w, 0, 0, r->taking, false, NULL, NULL };
		report(d, ros, &m, u->ru->line, u->ru->col);
		errors += r->sev == SEV_ERROR;
	}
	return errors;
}

static size_t check_rule_each(const struct rule *r, const struct system *sys,
                              const struct roster *ros, const struct lctx *lcs, size_t n_lcs,
                              const struct lctx *lc, struct diags *d)
{
	size_t errors = 0;
	struct sel_ctx base = { sys, lc->list, lc->units, lc->n, NULL, NULL, NULL };
	for (size_t ui = 0; ui < lc->n; ui++) {
		const struct eunit *u = &lc->units[ui];
		size_t nw = r->each_item == ON_WEAPON ? u->n_weapons : 1;
		if (r->taking >= 0) {
			/* Only the moments an option granted the keyword, seen as they were before. */
			for (size_t ti = 0; ti < u->n_takes; ti++) {
				const struct take *t = &u->takes[ti];
				if ((long)t->kw != r->taking || t->weapon == -2)
					continue;
				if ((r->each_item == ON_WEAPON) != (t->weapon >= 0))
					continue;
				const struct eweapon *w = t->weapon >= 0 ? &u->weapons[t->weapon] : NULL;
				struct sel_ctx c = base;
				c.this_unit = u;
				c.this_weapon = w;
				c.this_kw = t->before;
				if (!sel_match(r->each_sel, &c, u, w))
					continue;
				if (!sel_match(r->where, &c, u, w)) {
					struct msgvars m = { sys, r, lc, u, w, 0, 0, (long)t->kw, false, NULL, NULL };
					report(d, ros, &m, t->line, t->col);
					errors += r->sev == SEV_ERROR;
				}
			}
			if (r->listed)
				errors += check_listed(r, sys, ros, lc, &base, u, d);
			continue;
		}
		for (size_t wi = 0; wi < nw; wi++) {
			const struct eweapon *w = r->each_item == ON_WEAPON ? &u->weapons[wi] : NULL;
			struct sel_ctx c = base;
			c.this_unit = u;
			c.this_weapon = w;
			if (!sel_match(r->each_sel, &c, u, w))
				continue;
			long line = w && w->extra_line ? w->extra_line : u->ru->line;
			long col = w && w->extra_line ? w->extra_col : u->ru->col;
			if (r->require) {
				if (!sel_match(r->where, &c, u, w)) {
					struct msgvars m = { sys, r, lc, u, w, 0, 0, -1, false, NULL, NULL };
					report(d, ros, &m, line, col);
					errors += r->sev == SEV_ERROR;
				}
				continue;
			}
			struct acc a = { 0 };
			collect(r, &a, sys, lcs, n_lcs, lc, &c);
			errors += judge(r, &a, lc, u, w, sys, ros, d);
			acc_release(&a);
		}
	}
	return errors;
}

size_t check_roster(const struct roster *ros, struct diags *d)
{
	const struct system *sys = ros->sys;
	size_t errors = 0;
	struct lctx *lcs = xcalloc(ros->n_lists ? ros->n_lists : 1, sizeof(*lcs));
	for (size_t li = 0; li < ros->n_lists; li++) {
		lcs[li].li = li;
		lcs[li].list = &ros->lists[li];
		lcs[li].n = ros->lists[li].n_units;
		lcs[li].units = eunits_build(sys, &ros->lists[li]);
	}
	for (size_t ri = 0; ri < sys->n_rules; ri++) {
		const struct rule *r = sys->rules[ri];
		if (r->scope == SCOPE_ROSTER && !r->each) {
			if (ros->n_lists == 0)
				continue;
			struct sel_ctx base = { sys, NULL, NULL, 0, NULL, NULL, NULL };
			struct acc a = { 0 };
			collect(r, &a, sys, lcs, ros->n_lists, &lcs[0], &base);
			/* A roster-wide excess points at the list where the item appears again. */
			errors += judge(r, &a, &lcs[0], NULL, NULL, sys, ros, d);
			acc_release(&a);
			continue;
		}
		for (size_t li = 0; li < ros->n_lists; li++) {
			const struct lctx *lc = &lcs[li];
			if (r->each) {
				errors += check_rule_each(r, sys, ros, lcs, ros->n_lists, lc, d);
			} else {
				struct sel_ctx base = { sys, lc->list, lc->units, lc->n, NULL, NULL, NULL };
				struct acc a = { 0 };
				collect(r, &a, sys, lcs, ros->n_lists, lc, &base);
				errors += judge(r, &a, lc, NULL, NULL, sys, ros, d);
				acc_release(&a);
			}
		}
	}
	for (size_t li = 0; li < ros->n_lists; li++)
		eunits_free(lcs[li].units, lcs[li].n);
	free(lcs);
	return errors;
}
