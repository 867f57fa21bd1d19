/* bs-constraints.c - BattleScribe constraints made rules of Muster's rule language
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A constraint that is no option's min or max (bs_constraint_maps) becomes a struct rule built
 * here, standing on the entry or option it stands on, for the common shapes: type min or max,
 * field "selections" or a cost type, a fixed whole value, scope parent, self, force (with or
 * without child forces) or roster, shared, no percentage, and no modifier that changes it. A
 * maximum is checked for each selection of what it stands on (the message points at it); a
 * minimum of a unit entry in its force for each list of its catalogue. Every other constraint
 * is kept as not enforced (bs_pend), with the reason bs_con_why gives. Part of the reader
 * split by job (bs-int.h).
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

/* What n->_private holds once its constraint is a rule (bs_pend then skips it). */
static char translated_mark;

/* One constraint's shape, when it has one this file translates. */
struct shape {
	bool max;
	long value;
	long cost;              /* the cost type summed, or -1: selections counted */
	const char *scope;      /* "parent", "self", "force", "roster" */
	bool child_forces;
	bool forces;            /* field "forces": forces counted (scope force or roster) */
	bool percent;           /* percentValue: value is a percentage of all in the scope */
	bool shared;            /* selections of every link to the entry counted, not one's */
	bool modified;          /* on a force: modifiers change its value (shape_of) */
	bool kids;              /* includeChildSelections: the selections below a unit count */
	const struct force_def *in_force; /* scope a force entry's id: counted in the unit's
	                                   * force, of that entry (scope "force") */
};

/* What c->modified maps an id to when modifiers of more than one element change it. */
static char many_owners;

/* The element modifier k stands on, its modifier groups passed over. */
static xmlNodePtr modifier_owner(xmlNodePtr k)
{
	xmlNodePtr o = k->parent;
	while (o && o->type == XML_ELEMENT_NODE &&
	       (xml_is(o, "modifiers") || xml_is(o, "modifierGroup") || xml_is(o, "modifierGroups")))
		o = o->parent;
	return o;
}

void bs_modified_id(struct bsctx *c, xmlNodePtr k)
{
	char *f = xml_prop(k, "field");
	xmlNodePtr owner = modifier_owner(k);
	void *was = f ? idx_get(c->modified, f) : NULL;
	if (f && was == NULL) {
		(void)idx_add(c->modified, f, owner);
	} else if (f && was != owner && was != &many_owners) {
		(void)idx_del(c->modified, f, was);
		(void)idx_add(c->modified, f, &many_owners);
	}
	free(f);
}

/* What n->_private holds once its modifier is folded into the value of a constraint. */
static char folded_mark;

/* Whether a modifier at or below n changes field id. Depth is bounded by the reader's
 * XML_MAX_DEPTH. */
static bool changes(xmlNodePtr n, const char *id)
{
	if (n == NULL)
		return false;
	if (xml_is(n, "modifier") && xml_prop_is(n, "field", id))
		return true;
	for (xmlNodePtr k = xml_first_elem(n); k; k = xml_next_elem(k))
		if (changes(k, id))
			return true;
	return false;
}

/* Modifier m of constraint value *v applied, when it holds on every roster and has a shape
 * read here; false (*v untouched) when not. */
static bool fold_one(xmlNodePtr m, long *v)
{
	if (xml_child(m, "conditions") || xml_child(m, "conditionGroups") || xml_child(m, "repeats"))
		return false;
	char *type = xml_prop(m, "type"), *s = xml_prop(m, "value");
	long x, got = *v;
	bool ok = dec_parse(s, 0, -1, OPTION_UNBOUNDED, &x) == DEC_OK && type != NULL;
	if (ok && strcmp(type, "set") == 0)
		got = x;
	else if (ok && (strcmp(type, "increment") == 0 || strcmp(type, "decrement") == 0) &&
	         *v >= 0 && x >= 0)
		got = strcmp(type, "increment") == 0 ? *v + x : *v - x;
	else
		ok = false;
	free(type);
	free(s);
	if (!ok || got < -1 || got > OPTION_UNBOUNDED)
		return false;
	*v = got; /* below 0: a minimum of none, a maximum of no limit, as BattleScribe reads it */
	return true;
}

bool bs_con_fold(const struct bsctx *c, xmlNodePtr con, long *value)
{
	char *id = xml_prop(con, "id");
	xmlNodePtr owner = con->parent ? con->parent->parent : NULL;
	if (id == NULL || owner == NULL || c->modified == NULL || !idx_get(c->modified, id)) {
		free(id);
		return true;
	}
	if (changes(xml_child(owner, "modifierGroups"), id)) {
		free(id);
		return false;
	}
	xmlNodePtr mods = xml_child(owner, "modifiers");
	long v = *value;
	bool all = true;
	for (xmlNodePtr m = xml_first_elem(mods); m && all; m = xml_next_elem(m))
		if (xml_is(m, "modifier") && xml_prop_is(m, "field", id))
			all = fold_one(m, &v);
	if (all) {
		*value = v;
		for (xmlNodePtr m = xml_first_elem(mods); m; m = xml_next_elem(m))
			if (xml_is(m, "modifier") && xml_prop_is(m, "field", id) && m->_private == NULL)
				m->_private = &folded_mark;
	}
	free(id);
	return all;
}

bool bs_con_changed_max(struct bsctx *c, xmlNodePtr con)
{
	xmlNodePtr owner = con->parent ? con->parent->parent : NULL;
	char *id = xml_prop(con, "id");
	bool ok = false;
	if (id && owner && owner->type == XML_ELEMENT_NODE && xml_prop_is(con, "type", "max") &&
	    (xml_is(owner, "selectionEntry") || xml_is(owner, "entryLink")) && c->modified &&
	    idx_get(c->modified, id) == owner) {
		struct expr *v = bs_con_value(c, owner, id, 0, 0, xml_line(con), true);
		ok = v != NULL;
		expr_free(v);
	}
	free(id);
	return ok;
}

/* Where a constraint stands: below a root entry, on a root entry, on a force (its own or
 * one of its categoryLinks'), which is counted in its force or roster as a whole. */
enum place { AT_OPTION, AT_ROOT, AT_FORCE };

/* The constraint's shape, or why it has none this file translates (untranslated words: the
 * record of bs_pend keeps them). A percentage is a whole number of percent, whatever the
 * scale of the cost type it is a share of. */
static const char *shape_of(const struct bsctx *c, xmlNodePtr con, enum place at,
                            struct shape *s)
{
	memset(s, 0, sizeof(*s));
	s->cost = -1;
	bool root = at != AT_OPTION;
	char *type = xml_prop(con, "type"), *field = xml_prop(con, "field"),
	     *scope = xml_prop(con, "scope"), *v = xml_prop(con, "value"), *id = xml_prop(con, "id");
	const char *why = NULL;
	const struct cost_def *cd = field ? idx_get(c->sys->cost_idx, field) : NULL;
	/* Modifiers of its own entry or link may change it (bs_con_value), not another's. */
	xmlNodePtr own = con->parent ? con->parent->parent : NULL;
	bool entry = at != AT_FORCE && own && own->type == XML_ELEMENT_NODE &&
	             (xml_is(own, "selectionEntry") || xml_is(own, "entryLink"));
	void *mods = id && c->modified ? idx_get(c->modified, id) : NULL;
	bool own_mods = entry && mods == own && !(field && strcmp(field, "forces") == 0);
	/* A scope naming a force entry with none within it: the unit's own force, of that entry
	 * (a maximum; BattleScribe checks it nowhere else). */
	bool fmax = entry && at == AT_ROOT && type && strcmp(type, "max") == 0 && field &&
	            strcmp(field, "forces") != 0;
	const struct force_def *fe = fmax ? bs_leaf_force(c, scope) : NULL;
	bool plain = scope && (strcmp(scope, "parent") == 0 || strcmp(scope, "self") == 0 ||
	                       strcmp(scope, "force") == 0 || strcmp(scope, "roster") == 0);
	unsigned scale = cd && !xml_prop_is(con, "percentValue", "true") ? cd->scale : 0;
	long x = 0, unit = dec_unit(scale);
	bool num = dec_parse(v, scale, -unit, 1000000000000L * unit, &x) == DEC_OK;
	if (type == NULL || (strcmp(type, "min") != 0 && strcmp(type, "max") != 0))
		why = N_("type");
	else if (xml_prop_is(con, "shared", "false") && !root)
		why = N_("shared=false");
	else if (id == NULL || (at != AT_FORCE && mods && !own_mods))
		why = id ? N_("modifiers on it") : N_("no id");
	else if (field == NULL || (strcmp(field, "selections") != 0 && cd == NULL &&
	                           (strcmp(field, "forces") != 0 || !root)))
		why = N_("field");
	else if (!num || (x < 0 && x != -unit))
		why = N_("value");
	else if (!plain && fe == NULL)
		why = N_("scope");
	else if (x < 0 && strcmp(type, "min") == 0)
		why = N_("value");
	else if (xml_prop_is(con, "percentValue", "true") &&
	         (strcmp(scope, "self") == 0 || strcmp(field, "forces") == 0))
		why = N_("percentage");
	else if (strcmp(field, "forces") == 0 &&
	         (strcmp(scope, "roster") != 0 && strcmp(scope, "force") != 0))
		why = N_("scope");
	else if (strcmp(type, "min") == 0 && strcmp(scope, "self") != 0 && !root &&
	         strcmp(field, "forces") != 0)
		why = N_("minimum outside its selection");
	if (why == NULL) {
		s->max = strcmp(type, "max") == 0;
		s->value = x;
		s->cost = cd ? (long)cd->index : -1;
		static const char *const scopes[] = { "parent", "self", "force", "roster" };
		for (size_t i = 0; i < 4; i++)
			if (strcmp(scope, scopes[i]) == 0)
				s->scope = scopes[i];
		if (!plain) {
			s->scope = "force";
			s->in_force = fe;
		}
		s->child_forces = xml_prop_is(con, "includeChildForces", "true");
		s->forces = strcmp(field, "forces") == 0;
		s->percent = xml_prop_is(con, "percentValue", "true");
		s->shared = !xml_prop_is(con, "shared", "false");
		s->modified = c->modified && idx_get(c->modified, id);
		s->kids = xml_prop_is(con, "includeChildSelections", "true");
	}
	free(type);
	free(field);
	free(scope);
	free(v);
	free(id);
	return why;
}

/* Why constraint n of categoryLink l of a forceEntry stays not enforced (shape_of's words,
 * or these), or NULL; its shape into *s. Scope self: no reference says what BattleScribe
 * counts there. A cost with includeChildSelections: a unit's cost holds its options' already.
 * Modifiers of another element on it: not read. */
static const char *category_why(const struct bsctx *c, xmlNodePtr l, xmlNodePtr n,
                                struct shape *s)
{
	const char *why = shape_of(c, n, AT_FORCE, s);
	if (why)
		return why;
	if (strcmp(s->scope, "self") == 0)
		return N_("scope");
	if (s->kids && s->cost >= 0 && !s->forces)
		return N_("includeChildSelections on a cost");
	char *id = xml_prop(n, "id");
	bool other = s->modified && (id == NULL || idx_get(c->modified, id) != l);
	free(id);
	return other ? N_("modifiers on it") : NULL;
}

const char *bs_con_why(const struct bsctx *c, xmlNodePtr con)
{
	xmlNodePtr sec = con->parent, owner = sec ? sec->parent : NULL;
	if (owner == NULL || owner->type != XML_ELEMENT_NODE)
		return N_("owner");
	struct shape s;
	xmlNodePtr links = owner->parent, force = links ? links->parent : NULL;
	if (xml_is(owner, "categoryLink") && force && force->type == XML_ELEMENT_NODE &&
	    xml_is(force, "forceEntry")) {
		const char *why = category_why(c, owner, con, &s);
		return why ? why : s.modified ? N_("modifiers on it") : N_("not reached");
	}
	if (xml_is(owner, "categoryLink") || xml_is(owner, "categoryEntry"))
		return N_("on a category");
	if (xml_is(owner, "forceEntry")) {
		const char *why = shape_of(c, con, AT_ROOT, &s);
		return why ? why : s.forces ? N_("child forces of its own") : N_("on a force");
	}
	if (xml_is(owner, "selectionEntryGroup")) {
		/* A cost limit on a group that links to it set per entry (Gaslands' build slots:
		 * max of a cost type, scope parent, its value set by modifiers on each entryLink
		 * to the group) is told apart: both its owner and its changed value are not read. */
		char *field = xml_prop(con, "field"), *id = xml_prop(con, "id");
		bool cost = field && idx_get(c->sys->cost_idx, field) != NULL;
		bool changed = id && c->modified && idx_get(c->modified, id) != NULL;
		free(field);
		free(id);
		return cost && changed ? N_("a cost limit on a group that modifiers change")
		                       : N_("on a group");
	}
	xmlNodePtr home = owner->parent;
	bool root = home && home->parent && home->parent == xmlDocGetRootElement(con->doc);
	const char *why = shape_of(c, con, root ? AT_ROOT : AT_OPTION, &s);
	return why ? why : s.modified ? N_("modifiers on it") : N_("not reached");
}

static struct sel *new_sel(enum sel_kind k, enum attr_on item, const char *id)
{
	struct sel *s = xcalloc(1, sizeof(*s));
	s->kind = k;
	s->item = item;
	s->id = id ? xstrdup(id) : NULL;
	return s;
}

static void sel_push(struct sel *all, struct sel *k)
{
	all->kids = xreallocarray(all->kids, all->n_kids + 1, sizeof(*all->kids));
	all->kids[all->n_kids++] = k;
}

/* Selections of entry or option id (on), of unit entry unit (NULL: any). */
static struct sel *selecting(enum attr_on on, const char *id, const char *unit)
{
	struct sel *all = new_sel(SEL_ALL, on, NULL);
	sel_push(all, new_sel(SEL_ENTRY, on, id));
	if (unit)
		sel_push(all, new_sel(SEL_UNIT_ENTRY, on, unit));
	return all;
}

/* The message: BattleScribe's words, the owner, what is counted by name and the bound. */
static char *message(const struct bsctx *c, const struct shape *s, const char *owner,
                     const char *name)
{
	if (s->forces)
		return s->max ? xasprintf(_("%s has {count} forces of %s (maximum {bound})"), owner, name)
		              : xasprintf(_("%s must have {diff} more forces of %s (minimum {bound})"),
		                          owner, name);
	long v = s->value;
	if (s->percent && s->cost >= 0) {
		const char *cn = c->sys->costs[s->cost].name;
		return s->max ? xasprintf(_("%s has {count} %s in %s (maximum %ld%% of all, {bound})"),
		                          owner, cn, name, v)
		              : xasprintf(_("%s must have {diff} more %s in %s (minimum %ld%% of all, "
		                            "{bound})"), owner, cn, name, v);
	}
	if (s->percent)
		return s->max ? xasprintf(_("%s has {count} selections of %s (maximum %ld%% of all, "
		                            "{bound})"), owner, name, v)
		              : xasprintf(_("%s must have {diff} more selections of %s (minimum %ld%% of "
		                            "all, {bound})"), owner, name, v);
	if (s->cost >= 0) {
		const char *cn = c->sys->costs[s->cost].name;
		return s->max ? xasprintf(_("%s has {count} %s in %s (maximum {bound})"), owner, cn, name)
		              : xasprintf(_("%s must have {diff} more %s in %s (minimum {bound})"), owner,
		                          cn, name);
	}
	return s->max ? xasprintf(_("%s has {count} selections of %s (maximum {bound})"), owner, name)
	              : xasprintf(_("%s must have {diff} more selections of %s (minimum {bound})"),
	                          owner, name);
}

/* The same aggregate as the rule's over everything in its scope (every selection, or the
 * whole cost). */
static struct expr *all_of(struct system *sys, const struct rule *r)
{
	struct agg *t = xcalloc(1, sizeof(*t));
	t->kind = r->agg->kind;
	t->cost = r->agg->cost;
	t->scope = r->agg->scope;
	t->item = r->agg->item;
	t->options_too = r->agg->options_too;
	t->top_forces = r->agg->top_forces;
	t->direct = r->agg->direct;
	t->where = new_sel(SEL_ALL, r->agg->item, NULL);
	t->ancestor_cat = -1;
	t->line = r->line;
	t->slot = sys->n_slots++;
	return expr_agg(t);
}

/* percentValue: the rule's bound becomes value% of all_of, rounded down for a maximum and up
 * for a minimum, which compares the whole count exactly as BattleScribe's percentage does.
 * pct: the percentage as modifiers change it (NULL: s->value). */
static void percent_bound(struct system *sys, struct rule *r, const struct shape *s,
                          struct expr *pct)
{
	if (!s->percent) {
		expr_free(pct);
		return;
	}
	struct expr *e;
	if (pct == NULL) {
		e = expr_num(s->value, r->line);
		e->kind = EX_PERCENT;
		e->kids = xcalloc(1, sizeof(*e->kids));
		e->kids[e->n_kids++] = all_of(sys, r);
	} else {
		e = expr_two(EX_DIV, expr_two(EX_MUL, pct, all_of(sys, r), r->line),
		             expr_num(100, r->line), r->line);
	}
	e->round = s->max ? ROUND_DOWN : ROUND_UP;
	struct expr **b = s->max ? &r->max : &r->min;
	expr_free(*b);
	*b = e;
}

/* Rule r (shape s) made the system's; pct as percent_bound takes it. */
static void add_rule_pct(struct bsctx *c, struct rule *r, const struct shape *s,
                         struct expr *pct)
{
	struct system *sys = c->sys;
	if (r->agg) {
		percent_bound(sys, r, s, pct);
		r->agg->slot = sys->n_slots++;
		sys->roster_aggs = sys->roster_aggs || r->agg->scope == SCOPE_ROSTER ||
		                   r->agg->scope == SCOPE_FORCE;
	}
	if (idx_add(sys->rule_idx, r->id, r) != 0) {
		rule_free(r); /* the same constraint reached twice in one place: checked once */
		return;
	}
	GROW(sys->rules, sys->cap_rules, sys->n_rules + 1);
	sys->rules[sys->n_rules++] = r;
}

static void add_rule(struct bsctx *c, struct rule *r, const struct shape *s)
{
	add_rule_pct(c, r, s, NULL);
}

static struct rule *new_rule(xmlNodePtr con, const char *at, const struct shape *s)
{
	struct rule *r = xcalloc(1, sizeof(*r));
	char *id = xml_prop(con, "id");
	r->id = xasprintf("bs:%s@%s", id, at);
	r->ref = id;
	r->line = xml_line(con);
	r->sev = SEV_ERROR;
	r->taking = -1;
	struct expr *b = expr_num(s->value, r->line);
	if (s->max)
		r->max = b;
	else
		r->min = b;
	r->agg = xcalloc(1, sizeof(*r->agg));
	r->agg->ancestor_cat = -1;
	r->agg->line = r->line;
	return r;
}

/* The value of constraint n (shape s) as the modifiers of owner change it (bs_con_value),
 * into *value (the rule's bound, and its test of no limit: changed_bound); false when one of
 * them has a shape not read (*value NULL then). */
static bool changed_value(struct bsctx *c, xmlNodePtr owner, xmlNodePtr n,
                          const struct shape *s, bool option, struct expr **value)
{
	char *id = xml_prop(n, "id");
	unsigned scale = s->cost >= 0 && !s->percent ? c->sys->costs[s->cost].scale : 0;
	*value = bs_con_value(c, owner, id, s->value, scale, xml_line(n), option);
	free(id);
	return *value != NULL;
}

/* changed_value for constraint n of owner, a root entry or (option) an option. On a root
 * entry, of scope self, it is decided on each unit, and a count of scope self there is the
 * unit's own selections (of scope force or roster, one value stands for every unit of its
 * scope: a count of the unit is not read). On an option, it is decided on each instance, its
 * conditions of scopes self, parent and ancestor counted in its tree. */
static bool own_value(struct bsctx *c, xmlNodePtr owner, xmlNodePtr n, const struct shape *s,
                      bool option, struct expr **value)
{
	c->unit = !option && strcmp(s->scope, "self") == 0;
	c->at_force = !option && !c->unit;
	bool ok = changed_value(c, owner, n, s, option, value);
	c->unit = false;
	c->at_force = false;
	return ok;
}

/* Rule r (shape s) bounded by *value, the constraint's value as modifiers change it (NULL:
 * not changed), no bound where it comes to BattleScribe's -1 (r->unlimited tests the same
 * expression, which the rule's bound owns); a percentage's value is left in *value for
 * add_rule_pct, any other is taken. */
static void changed_bound(const struct bsctx *c, struct rule *r, const struct shape *s,
                          struct expr **value)
{
	if (*value == NULL)
		return;
	/* BattleScribe's -1, in the unit of the value: no limit. */
	r->unlimited = new_sel(SEL_TEST, ON_UNIT, NULL);
	r->unlimited->op = CMP_EQ;
	r->unlimited->num = -dec_unit(s->cost >= 0 && !s->percent ? c->sys->costs[s->cost].scale
	                                                          : 0);
	r->unlimited->expr = *value;
	r->unlimited->expr_borrowed = true;
	if (!s->percent) {
		struct expr **b = s->max ? &r->max : &r->min;
		expr_free(*b);
		*b = *value;
		*value = NULL;
	}
}

static enum scope_kind wide(const struct shape *s)
{
	return strcmp(s->scope, "roster") == 0 ? SCOPE_ROSTER
	       : s->child_forces && strcmp(s->scope, "force") == 0 ? SCOPE_FORCE : SCOPE_LIST;
}

/* One constraint con on root entry e: a maximum per unit of e (in a force of s->in_force,
 * when it names one); a minimum for each list where e may be taken (bs_con_offered), counted
 * in the list or in the roster (then told at each list it is short in), whether any of e is
 * taken or none; its value as changed_bound takes it (value NULL: the data's). */
static void root_rule(struct bsctx *c, size_t fi, xmlNodePtr con, const struct entry *e,
                      const struct shape *s, struct expr *value)
{
	bool self = strcmp(s->scope, "self") == 0, shared = s->shared && !self;
	/* shared: what every link to the entry made counts (its id after the links' "L::"); the
	 * entry's own maximum is then one rule however many links reach it (add_rule). A
	 * minimum is one rule for each root place of it: each is offered to its own lists. */
	const char *base = e->id;
	for (const char *p = strstr(base, "::"); p; p = strstr(base, "::"))
		base = p + 2;
	bool own = shared && !xml_is(con->parent->parent, "entryLink") && (s->max || self);
	char *at = own ? xasprintf("%s/%s", c->f[fi].id ? c->f[fi].id : "", base)
	               : xasprintf("%s/%s", e->catalog->id, e->id);
	struct rule *r = new_rule(con, at, s);
	free(at);
	bool changed = value != NULL;
	changed_bound(c, r, s, &value);
	struct agg *a = r->agg;
	a->kind = s->cost >= 0 ? AGG_COST : self ? AGG_MODELS : AGG_UNITS;
	/* A maximum counts each selection by its number (one of number 2 is two), as BattleScribe
	 * counts (a percentage stays a share of the units). */
	a->by_number = s->max && !s->percent;
	a->cost = s->cost >= 0 ? (size_t)s->cost : 0;
	a->scope = self ? SCOPE_UNIT : wide(s);
	a->item = ON_UNIT;
	a->where = selecting(ON_UNIT, shared ? base : e->id, NULL);
	a->where->kids[0]->shared = shared;
	bool most = s->max || self;
	const char *owner = self ? "{this}" : a->scope == SCOPE_ROSTER && most ? _("the roster")
	                                                                       : "{list}";
	if (most) {
		r->each = true;
		r->once = true;
		r->each_item = ON_UNIT;
		r->each_sel = selecting(ON_UNIT, shared ? base : e->id, NULL);
		r->each_sel->kids[0]->shared = shared;
		if (s->in_force)
			r->when = new_sel(SEL_FORCE, ON_UNIT, s->in_force->id);
	} else {
		/* BattleScribe checks it on each force the entry is offered to, counting in the
		 * roster's top forces alone without includeChildForces. */
		a->top_forces = a->scope == SCOPE_ROSTER && !s->child_forces;
		r->per_force = a->scope == SCOPE_ROSTER;
		if (e->catalog != c->f[0].cat) {
			r->when = new_sel(SEL_FORCE, ON_UNIT, NULL);
			r->when->group = e->group;
		}
	}
	if (!s->max && !self)
		r->unless_hidden = e; /* BattleScribe skips the constraints of a hidden entry */
	struct shape told = *s;
	told.percent = s->percent && !changed; /* a changed percentage: the bound alone */
	r->message = message(c, &told, owner, e->name);
	r->label = e->name ? xstrdup(e->name) : NULL;
	add_rule_pct(c, r, s, value);
}

/* A constraint of field forces on root entry e: BattleScribe counts the forces of what the
 * constraint stands on, and an entry is no kind of force, so it counts none: a minimum above
 * 0 is broken wherever the entry can be taken (for each list of its catalogue, or once for
 * the roster), a maximum never. */
static void zero_forces_rule(struct bsctx *c, xmlNodePtr con, const struct entry *e,
                             const struct shape *s)
{
	if (s->max || s->value <= 0)
		return;
	char *at = xasprintf("%s/%s", e->catalog->id, e->id);
	struct rule *r = new_rule(con, at, s);
	free(at);
	bool roster = strcmp(s->scope, "roster") == 0;
	r->agg->kind = AGG_FORCES;
	r->agg->scope = roster ? SCOPE_ROSTER : SCOPE_LIST;
	r->agg->where = new_sel(SEL_ANY, ON_UNIT, NULL); /* any of nothing: no force */
	if (e->catalog != c->f[0].cat) {
		r->when = new_sel(SEL_FORCE, ON_UNIT, NULL);
		r->when->group = e->group;
	}
	r->unless_hidden = e;
	r->at_roster = roster;
	r->message = message(c, s, roster ? _("the roster") : "{list}", e->name);
	r->label = e->name ? xstrdup(e->name) : NULL;
	add_rule(c, r, s);
}

/* Selections of what origin names (SEL_ORIGIN): every place of a definition, or of a link. */
static struct sel *of_origin(const void *origin)
{
	struct sel *all = new_sel(SEL_ALL, ON_OPTION, NULL);
	struct sel *k = new_sel(SEL_ORIGIN, ON_OPTION, NULL);
	k->origin = origin;
	sel_push(all, k);
	return all;
}

/* One constraint con of owner (file fi) on every place of it, option o one of them (origin its
 * def or via): one rule, checked for each selection of any of its places, in any entry; its
 * value as changed_bound takes it. */
static void option_rule(struct bsctx *c, size_t fi, xmlNodePtr owner, xmlNodePtr con,
                        const struct entry_option *o, const void *origin, const struct shape *s,
                        struct expr *value)
{
	char *oid = xml_prop(owner, "id");
	char *at = xasprintf("%s/%s", c->f[fi].id ? c->f[fi].id : "", oid ? oid : "");
	free(oid);
	struct rule *r = new_rule(con, at, s);
	free(at);
	bool changed = value != NULL;
	changed_bound(c, r, s, &value);
	if (idx_get(c->sys->rule_idx, r->id)) { /* ids used twice in one file: still one each */
		char *id = xasprintf("%s#%zu", r->id, c->sys->n_rules);
		free(r->id);
		r->id = id;
	}
	struct agg *a = r->agg;
	bool self = strcmp(s->scope, "self") == 0, parent = strcmp(s->scope, "parent") == 0;
	a->kind = s->cost >= 0 ? AGG_COST : AGG_OPTIONS;
	a->cost = s->cost >= 0 ? (size_t)s->cost : 0;
	a->scope = self ? SCOPE_SELF : parent ? SCOPE_PARENT : wide(s);
	a->direct = (self || parent) && !s->kids; /* includeChildSelections: every depth */
	a->item = ON_OPTION;
	a->where = of_origin(origin);
	r->each = true;
	r->once = true;
	r->each_item = ON_OPTION;
	r->each_sel = of_origin(origin);
	const char *owner_words = self ? "{this}" : parent ? _("the parent of {this}")
	                          : a->scope == SCOPE_ROSTER ? _("the roster") : "{list}";
	struct shape told = *s;
	told.percent = s->percent && !changed; /* a changed percentage: the bound alone */
	r->message = message(c, &told, owner_words, o->name);
	r->label = o->name ? xstrdup(o->name) : NULL;
	add_rule_pct(c, r, s, value);
}

/* What n->_private holds once its constraint is a rule on every place of its owner. */
static char placed_mark;

/* The constraints of owner (a selectionEntry or entryLink of file fi) on e, or on every place
 * of owner (o one of them) when o is not NULL. */
void bs_con_on(struct bsctx *c, size_t fi, xmlNodePtr owner, const struct entry *e,
               const struct entry_option *o, const void *origin)
{
	for (xmlNodePtr k = xml_first_elem(xml_child(owner, "constraints")); k; k = xml_next_elem(k)) {
		long v;
		struct shape s;
		struct expr *value = NULL;
		if (!xml_is(k, "constraint"))
			continue;
		if (o && k->_private == &placed_mark)
			continue; /* its rule stands on every place already (it maps to no bound) */
		if (o && bs_con_maps(c, fi, k, &v))
			continue;
		bool made = k->_private == &translated_mark || k->_private == &placed_mark;
		if ((k->_private && !made) || shape_of(c, k, o ? AT_OPTION : AT_ROOT, &s) ||
		    (s.modified && !own_value(c, owner, k, &s, o != NULL, &value))) {
			bs_pend(c, fi, k, 0);
			continue;
		}
		if (k->_private == NULL)
			c->sys->bs->enforced++;
		if (o)
			k->_private = &placed_mark;
		else if (k->_private == NULL)
			k->_private = &translated_mark;
		if (s.max && s.value < 0 && value == NULL)
			continue; /* -1: no limit */
		if (o)
			option_rule(c, fi, owner, k, o, origin, &s, value);
		else if (s.forces) {
			zero_forces_rule(c, k, e, &s);
			expr_free(value); /* it counts no force, whatever the bound */
		} else
			root_rule(c, fi, k, e, &s, value);
	}
}

/* Once the catalogues' imports are read: a rule that asks for the lists of its entry's
 * catalogue (a minimum of a root entry) asks for those of the catalogues that import the
 * entry too (importRootEntries), where BattleScribe offers it as well. */
void bs_con_offered(struct bsctx *c)
{
	struct system *sys = c->sys;
	for (size_t i = 0; i < sys->n_rules; i++) {
		struct rule *r = sys->rules[i];
		const struct entry *e = r->unless_hidden;
		if (e == NULL || e->n_also == 0 || r->when == NULL || r->when->kind != SEL_FORCE ||
		    r->when->group != e->group || r->when->id)
			continue;
		struct sel *any = new_sel(SEL_ANY, ON_UNIT, NULL);
		sel_push(any, r->when);
		for (size_t k = 0; k < e->n_also; k++) {
			struct sel *f = new_sel(SEL_FORCE, ON_UNIT, NULL);
			f->group = e->also[k];
			sel_push(any, f);
		}
		r->when = any;
	}
}

/* What BattleScribe gives a new force of root entry e from the constraints of owner (its
 * selectionEntry or root link): the largest minimum of field selections, no percentage,
 * whatever its scope, as the data gives it (modifiers not applied, as BattleScribe reads
 * it when it makes the roster). */
void bs_con_starts(xmlNodePtr owner, struct entry *e)
{
	for (xmlNodePtr k = xml_first_elem(xml_child(owner, "constraints")); k; k = xml_next_elem(k)) {
		char *v = xml_prop(k, "value");
		long x = 0;
		if (xml_is(k, "constraint") && xml_prop_is(k, "type", "min") &&
		    xml_prop_is(k, "field", "selections") && !xml_prop_is(k, "percentValue", "true") &&
		    dec_parse(v, 0, 1, 1000000000L, &x) == DEC_OK && (uint32_t)x > e->starts) {
			e->starts = (uint32_t)x;
			e->starts_roster = xml_prop_is(k, "scope", "roster");
		}
		free(v);
	}
}

/* Root entry old_id was renamed new_id: the rules made for it since rule first follow. */
void bs_con_rename(struct bsctx *c, size_t first, const char *old_id, const char *new_id)
{
	struct system *sys = c->sys;
	for (size_t i = first; i < sys->n_rules; i++) {
		struct rule *r = sys->rules[i];
		struct sel *ss[] = { r->each_sel, r->agg ? r->agg->where : NULL };
		for (size_t j = 0; j < 2; j++)
			for (size_t k = 0; ss[j] && k < ss[j]->n_kids; k++) {
				struct sel *x = ss[j]->kids[k];
				bool unit = x->kind == SEL_UNIT_ENTRY || (x->kind == SEL_ENTRY && x->item == ON_UNIT);
				if (unit && strcmp(x->id, old_id) == 0) {
					free(x->id);
					x->id = xstrdup(new_id);
				}
			}
	}
}

/* The constraints of field forces on forceEntry k (file fi), force fd: how many forces of fd
 * the roster holds (its top forces, or every force with includeChildForces), or the force
 * within its own run (scope force, with includeChildForces), checked for each force of fd,
 * as BattleScribe checks it; a breach in the roster is reported at the roster. Every other
 * constraint of a force stays not enforced (bs_pend). */
void bs_force_cons(struct bsctx *c, xmlNodePtr k, const struct force_def *fd)
{
	for (xmlNodePtr n = xml_first_elem(xml_child(k, "constraints")); n; n = xml_next_elem(n)) {
		struct shape s;
		if (!xml_is(n, "constraint") || n->_private || shape_of(c, n, AT_ROOT, &s) || !s.forces)
			continue;
		bool roster = strcmp(s.scope, "roster") == 0;
		if (!roster && !s.child_forces)
			continue; /* a force's own child forces, not theirs: not read yet */
		n->_private = &translated_mark;
		c->sys->bs->enforced++;
		if (s.max && s.value < 0)
			continue;
		struct rule *r = new_rule(n, fd->id, &s);
		r->agg->kind = AGG_FORCES;
		r->agg->scope = roster ? SCOPE_ROSTER : SCOPE_CHILDREN;
		r->agg->where = new_sel(SEL_FORCE, ON_UNIT, fd->id);
		r->agg->where->num = roster && !s.child_forces ? 1 : 0; /* 1: top forces only */
		r->when = new_sel(SEL_FORCE, ON_UNIT, fd->id);
		r->per_force = true;
		r->at_roster = roster;
		r->message = message(c, &s, roster ? _("the roster") : "{list}", fd->name);
		r->label = fd->name ? xstrdup(fd->name) : NULL;
		add_rule(c, r, &s);
	}
}

/* Constraint n of a categoryLink of force fd, to category ci, made a rule (shape s): what
 * the units of the category hold in its scope (their number, or a cost type summed; with
 * includeChildSelections their options of the category too; at the roster's scope without
 * includeChildForces, in its top forces alone), a unit counted when the category is any of
 * its own; a percentage is one of the same over every unit in the scope. value: the bound
 * (or percentage) as the link's modifiers change it (NULL: not changed), a bound of -1 no
 * limit. Field forces: BattleScribe counts the forces of what the constraint
 * stands on, and a category is no force, so it counts none (docs/constraint-field-forces.md
 * of the suite): the count is 0. */
static void category_rule(struct bsctx *c, xmlNodePtr n, const struct force_def *fd, size_t ci,
                          const struct shape *s, struct expr *value)
{
	const struct category_def *cd = &c->sys->cats[ci];
	char *at = xasprintf("%s/%s", fd->id, cd->id);
	struct rule *r = new_rule(n, at, s);
	free(at);
	bool changed = value != NULL;
	changed_bound(c, r, s, &value);
	r->agg->kind = s->forces ? AGG_FORCES : s->cost >= 0 ? AGG_COST : AGG_UNITS;
	r->agg->cost = s->cost >= 0 ? (size_t)s->cost : 0;
	r->agg->scope = wide(s);
	r->agg->item = ON_UNIT;
	r->agg->options_too = s->kids;
	r->agg->top_forces = strcmp(s->scope, "roster") == 0 && !s->child_forces;
	r->agg->where = new_sel(s->forces ? SEL_ANY : SEL_ALL, ON_UNIT, NULL); /* any of none */
	if (!s->forces) {
		struct sel *in = new_sel(SEL_CATEGORY, ON_UNIT, NULL);
		in->index = ci;
		sel_push(r->agg->where, in);
	}
	r->when = new_sel(SEL_FORCE, ON_UNIT, fd->id);
	r->per_force = true;
	struct shape told = *s;
	told.percent = s->percent && !changed; /* a changed percentage: the bound alone */
	r->message = message(c, &told, r->agg->scope == SCOPE_ROSTER ? _("the roster") : "{list}",
	                     cd->name);
	r->label = cd->name ? xstrdup(cd->name) : NULL;
	add_rule_pct(c, r, s, value);
}

/* The constraints of the categoryLinks of forceEntry k, force fd (BattleScribe's "at least 1
 * HQ", "at most 500 pts of HQ", "at most 25% of the points in Lords of War"): checked for
 * each force of fd, counted in it (scope parent or force; with includeChildForces, in the
 * forces within it too) or in the whole roster (scope roster), a breach reported at the
 * force; with the value the link's own modifiers give it (bs_con_value). What category_why
 * names, and modifiers of shapes bs_con_value does not read, stay not enforced. */
void bs_category_cons(struct bsctx *c, xmlNodePtr k, const struct force_def *fd)
{
	for (xmlNodePtr l = xml_first_elem(xml_child(k, "categoryLinks")); l; l = xml_next_elem(l)) {
		char *t = xml_prop(l, "targetId");
		long ci = bs_category(c, t);
		free(t);
		if (ci < 0)
			continue;
		for (xmlNodePtr n = xml_first_elem(xml_child(l, "constraints")); n; n = xml_next_elem(n)) {
			struct shape s;
			struct expr *value = NULL;
			if (!xml_is(n, "constraint") || n->_private || category_why(c, l, n, &s))
				continue;
			c->at_force = true; /* no selection stands above a force's category link */
			bool read = !s.modified || changed_value(c, l, n, &s, false, &value);
			c->at_force = false;
			if (!read)
				continue; /* a modifier of a shape not read */
			n->_private = &translated_mark;
			c->sys->bs->enforced++;
			if (value || (s.forces ? !s.max && s.value > 0 : !s.max || s.value >= 0))
				category_rule(c, n, fd, (size_t)ci, &s, value);
		}
	}
}

/* --- an option's bounds (bs-entries.c) ------------------------------------------------ */

/* The min and max per parent the constraints of n give (several of one kind: the strictest);
 * false when it has none. A link that has any replaces its target's min and max (as a Muster
 * <link>'s do): BattleScribe data restates a shared entry's bounds where it links it. */
bool bs_read_bounds(struct bsctx *c, size_t fi, xmlNodePtr n, long *min, long *max,
                    xmlNodePtr *lo_con, xmlNodePtr *hi_con)
{
	bool got = false;
	long lo = 0, hi = OPTION_UNBOUNDED;
	xmlNodePtr lc = NULL, hc = NULL;
	for (xmlNodePtr k = xml_first_elem(xml_child(n, "constraints")); k; k = xml_next_elem(k)) {
		long v;
		if (!bs_con_maps(c, fi, k, &v))
			continue;
		got = true;
		if (xml_prop_is(k, "type", "min")) {
			if (v > lo || lc == NULL) {
				lo = v > lo ? v : lo;
				lc = k;
			}
		} else if (v >= 0 && v < hi) {
			hi = v; /* -1: no limit */
			hc = k;
		}
	}
	if (got) {
		*min = lo;
		*max = hi;
		*lo_con = lc;
		*hi_con = hc;
	}
	return got;
}

/* The id of constraint k (NULL: none), malloc'd. */
char *bs_con_id(xmlNodePtr k)
{
	return k ? xml_prop(k, "id") : NULL;
}

/* The same, one copy of each id in the system's arena, shared by every option that names it
 * (a constraint of a shared entry is every place's). */
char *bs_con_id_shared(struct bsctx *c, xmlNodePtr k)
{
	char *id = bs_con_id(k);
	if (id == NULL)
		return NULL;
	if (c->con_ids == NULL)
		c->con_ids = idx_new();
	char *t = idx_get(c->con_ids, id);
	if (t == NULL) {
		t = arena_strndup(&c->sys->bs->arena, id, strlen(id));
		idx_add(c->con_ids, id, t);
	}
	free(id);
	return t;
}

/* --- force entries a constraint's scope may name ------------------------------------------ */

/* What c->leaf_forces maps an id to when a force entry of it holds force entries, or two
 * force entries have it. */
static char not_leaf;

void bs_leaf_forces(struct bsctx *c)
{
	const struct system *sys = c->sys;
	bool *parent = xcalloc(sys->n_forces + 1, sizeof(*parent));
	for (size_t i = 0; i < sys->n_forces; i++)
		if (sys->forces[i].up)
			parent[sys->forces[i].up - 1] = true;
	c->leaf_forces = idx_new();
	for (size_t i = 0; i < sys->n_forces; i++) {
		const char *id = sys->forces[i].id;
		void *was = idx_get(c->leaf_forces, id);
		if (was)
			(void)idx_del(c->leaf_forces, id, was);
		void *to = was || parent[i] ? (void *)&not_leaf : (void *)&sys->forces[i];
		(void)idx_add(c->leaf_forces, id, to);
	}
	free(parent);
}

const struct force_def *bs_leaf_force(const struct bsctx *c, const char *id)
{
	void *f = c->leaf_forces && id ? idx_get(c->leaf_forces, id) : NULL;
	return f == &not_leaf ? NULL : f;
}
