/* check.c - the constraint engine: rules evaluated on an evaluated roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Nothing here knows a game system: every rule, bound and message comes from data. Checking is
 * linear in the roster: a rule checked for each unit reads aggregates computed once per list
 * (expr.c); a grouped aggregate is one pass per list.
 */
#include "muster.h"
#include "check-int.h"
#include "decimal.h"
#include "faction.h"
#include "campaign.h"
#include "expr.h"
#include "idx.h"
#include "keyacc.h"
#include "lang.h"
#include "rx.h"
#include "select.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* --- grouped aggregates, with where each item stands ------------------------------------ */

struct group_acc {
	char *label;
	int64_t value;
	bool overflow;
	long last_list;       /* lists: the last list counted */
	/* Where each item counted stands, in order (capped at MAX_LINES): 8 bytes an item, for
	 * a list of 100,000 units grouped by entry. */
	struct at { int32_t line, col; } *at;
	size_t n_lines, cap_lines, keep_lines; /* keep_lines: its acc's */
	struct keyacc vals;   /* distinct values of the group, and how many of each */
	/* A level's distinct values by group id, while collecting: each id is shown by its
	 * group's name (value_display) once, when collected, not once per item. */
	struct keyacc ids;
};

/* The id key of a level that is not set: no XML text holds a U+001D. */
#define UNSET_ID "\x1d"

/* The groups: group i is key i's. */
struct acc {
	struct keyacc keys;
	struct group_acc *g;
	size_t n, cap;        /* n: keys.n */
	size_t keep_lines;    /* where the first this many items stand is kept (acc_lines) */
	struct strbuf text;   /* a distinct value's text, written again for each item */
	/* Grouped by entry, over at least as many units as the system has entries: per entry
	 * number (entry.no), 1 + the group of its units, 0 none yet; else NULL. A unit's group is
	 * then found by its entry's number, not by hashing its id for each of 100,000 units. */
	uint32_t *by_entry;
	size_t n_by_entry;
};

/* Where items stand is kept for pointing at the first one past a bound; a bound past this
 * many points at the list. */
#define MAX_LINES 10000

/* How many items' places rule r needs kept: only the one past its bound is ever pointed at,
 * so a bound written as a number keeps that many and one (a list of 100,000 units grouped by
 * entry kept 1 MB of places for an "at most 3"); a bound computed keeps MAX_LINES. */
static size_t acc_lines(const struct rule *r)
{
	if (r->max && r->max->kind == EX_NUM && r->max->num >= 0 && r->max->num < MAX_LINES)
		return (size_t)r->max->num + 1;
	return MAX_LINES;
}

/* The group of key, or NULL when there is none yet. */
static struct group_acc *acc_find(struct acc *a, const char *key)
{
	long i = keyacc_find(&a->keys, key);
	return i >= 0 ? &a->g[i] : NULL;
}

static struct group_acc *acc_group(struct acc *a, const char *key, const char *label)
{
	struct group_acc *found = acc_find(a, key);
	if (found)
		return found;
	size_t k = keyacc_slot(&a->keys, key);
	GROW(a->g, a->cap, k + 1);
	a->n = a->keys.n;
	struct group_acc *g = &a->g[k];
	memset(g, 0, sizeof(*g));
	g->label = xstrdup(label);
	g->last_list = -1;
	g->keep_lines = a->keep_lines;
	return g;
}

static void acc_release(struct acc *a)
{
	for (size_t i = 0; i < a->n; i++) {
		struct group_acc *g = &a->g[i];
		free(g->label);
		free(g->at);
		keyacc_release(&g->vals);
		keyacc_release(&g->ids);
	}
	free(a->g);
	free(a->by_entry);
	keyacc_release(&a->keys);
	strbuf_release(&a->text);
	memset(a, 0, sizeof(*a));
}

/* The text a unit shows in messages: the label the player gave, else the entry's name. */
static const char *unit_label(const struct eunit *u)
{
	return r_unit_name(u->ru);
}

static void add_to_group(const struct agg *a, struct acc *acc, struct group_acc *g,
                         const struct system *sys, size_t li, const struct eunit *u,
                         const struct eitem *w, const struct r_option *o)
{
	if (a->kind == AGG_DISTINCT) {
		const struct value *v = a->attr->on == ON_ITEM ? item_value(w->vals, a->attr)
		                                                 : &u->vals[a->attr->index];
		if (a->attr->type == ATTR_LEVEL) {
			keyacc_add(&g->ids, v->set && v->s ? v->s : UNSET_ID, 1);
			return;
		}
		acc->text.len = 0;
		value_display_to(&acc->text, sys, a->attr, v);
		keyacc_add(&g->vals, acc->text.s, 1);
		return;
	}
	if (a->kind == AGG_LISTS) {
		if (g->last_list == (long)li)
			return;
		g->last_list = (long)li;
	}
	int64_t add = agg_item_value(sys, a, u, w, o);
	if (!num_add(g->value, add, &g->value))
		g->overflow = true;
	if (a->kind == AGG_UNITS || a->kind == AGG_ITEMS || a->kind == AGG_LISTS ||
	    a->kind == AGG_OPTIONS) {
		/* One line per thing counted: an option taken three times stands three times. */
		long line = o ? o->line : w && w->extra_line ? w->extra_line : u->ru->line;
		long col = o ? o->col : w && w->extra_line ? w->extra_col : u->ru->col;
		for (int64_t k = 0; k < add && g->n_lines < g->keep_lines; k++) {
			GROW(g->at, g->cap_lines, g->n_lines + 1);
			g->at[g->n_lines++] = (struct at){ (int32_t)line, (int32_t)col };
		}
	}
}

/* The group of the units of entry e, grouped by entry. */
static struct group_acc *entry_group(struct acc *acc, const struct entry *e)
{
	if (e->no == 0 || e->no > acc->n_by_entry)
		return acc_group(acc, e->id, e->name);
	uint32_t *slot = &acc->by_entry[e->no - 1];
	if (*slot == 0)
		*slot = (uint32_t)(acc_group(acc, e->id, e->name) - acc->g) + 1;
	return &acc->g[*slot - 1];
}

/* Adds an item to its group (or groups: a unit in several groups of the level counts in each). */
static void add_item(const struct agg *a, struct acc *acc, const struct system *sys, size_t li,
                     const struct eunit *u, const struct eitem *w, const struct r_option *o)
{
	if (a->group == GROUP_ENTRY && o == NULL && w == NULL) {
		add_to_group(a, acc, entry_group(acc, u->ru->entry), sys, li, u, w, o);
	} else if (a->group == GROUP_ENTRY) {
		add_to_group(a, acc, acc_group(acc, o ? o->opt->id : w ? w->w->id : u->ru->entry->id,
		                          o ? o->opt->name : w ? w->w->name : u->ru->entry->name),
		             sys, li, u, w, o);
	} else if (a->group == GROUP_ATTR) {
		const struct attr_def *ga = a->group_attr;
		const struct value *v = ga->on == ON_ITEM ? item_value(w->vals, ga) : &u->vals[ga->index];
		const char *key = v->set && v->s ? v->s : "";
		struct group_acc *g = acc_find(acc, key);
		if (g == NULL) {
			/* The label is written once, for the group's first item. */
			char *label = value_display(sys, ga, v);
			g = acc_group(acc, key, label);
			free(label);
		}
		add_to_group(a, acc, g, sys, li, u, w, o);
		if (ga->type == ATTR_LEVEL && w == NULL && o == NULL)
			for (size_t i = 0; i < u->ru->entry->n_also; i++)
				for (const struct group *q = u->ru->entry->also[i]; q; q = q->parent)
					if (&sys->attrs[q->level] == ga && strcmp(q->id, v->s ? v->s : "") != 0)
						add_to_group(a, acc, acc_group(acc, q->id, q->name), sys, li, u, w, o);
	} else {
		/* No grouping: the one group, the first and only one made. */
		add_to_group(a, acc, acc->n ? &acc->g[0] : acc_group(acc, "", ""), sys, li, u, w, o);
	}
}

struct grouping {
	const struct agg *a;
	struct acc *acc;
	const struct system *sys;
	size_t li;
};

static void group_one(void *arg, const struct eunit *u, const struct eitem *w,
                      const struct r_option *o)
{
	struct grouping *g = arg;
	add_item(g->a, g->acc, g->sys, g->li, u, w, o);
}

/* of="forces": each force of lists [from, to) its condition holds on, at its own line. */
static void collect_forces(const struct agg *a, struct acc *acc, struct eval *ev, size_t from,
                           size_t to)
{
	struct group_acc *g = acc_group(acc, "", "");
	for (size_t li = from; li < to; li++) {
		struct ectx c = { ev, li, NULL, NULL, NULL };
		enum ev_status st = EV_OK;
		if (!cond_holds(a->where, &c, &st)) {
			g->overflow = g->overflow || st == EV_OVERFLOW;
			continue;
		}
		g->value++;
		if (g->n_lines < acc->keep_lines) {
			GROW(g->at, g->cap_lines, g->n_lines + 1);
			const struct r_list *l = ev->lists[li].list;
			g->at[g->n_lines++] = (struct at){ (int32_t)l->line, (int32_t)l->col };
		}
	}
}

/* Adds every item of lists [from, to) that matches the aggregate's selector. */
static void collect(const struct agg *a, struct acc *acc, struct eval *ev, size_t from,
                    size_t to)
{
	if (a->kind == AGG_FORCES) {
		collect_forces(a, acc, ev, from, to);
		return;
	}
	struct grouping g = { a, acc, ev->sys, 0 };
	size_t units = 0;
	for (size_t li = from; li < to; li++)
		units += ev->lists[li].n;
	if (a->group == GROUP_ENTRY && units >= ev->sys->n_entry_nos) {
		acc->n_by_entry = ev->sys->n_entry_nos;
		acc->by_entry = xcalloc(acc->n_by_entry + 1, sizeof(*acc->by_entry));
	}
	for (g.li = from; g.li < to; g.li++) {
		const struct elist *el = &ev->lists[g.li];
		struct sel_ctx c = { ev->sys, el->list, el->units, el->n, NULL, NULL, NULL, ev->memo };
		for (size_t ui = 0; ui < el->n; ui++)
			agg_visit_unit(a, &c, &el->units[ui], group_one, &g);
	}
	/* A level's values, shown: in the order first seen, as each item's would have been. */
	for (size_t gi = 0; gi < acc->n; gi++) {
		struct group_acc *ga = &acc->g[gi];
		for (size_t i = 0; i < ga->ids.n; i++) {
			bool set = strcmp(ga->ids.keys[i], UNSET_ID) != 0;
			struct value v = { set, 0, set ? ga->ids.keys[i] : NULL };
			acc->text.len = 0;
			value_display_to(&acc->text, ev->sys, a->attr, &v);
			keyacc_add(&ga->vals, acc->text.s, ga->ids.counts[i]);
		}
		keyacc_release(&ga->ids);
	}
}

/* --- messages -------------------------------------------------------------------------------- */

struct msgvars {
	const struct system *sys;
	const struct rule *r;
	const struct elist *el;
	const struct eunit *this_u;
	const struct eitem *this_w;
	int64_t count, bound;
	long keyword;
	const char *group;
	const char *values;
	const struct r_option *this_o; /* a rule checked per option: the one checked */
};

static char *render(const struct msgvars *m)
{
	struct strbuf sb = STRBUF_INIT;
	/* a cost summed counts in its cost type's decimals */
	unsigned scale = m->r->agg && m->r->agg->kind == AGG_COST
	                 ? m->sys->costs[m->r->agg->cost].scale : 0;
	char num[DEC_BUF];
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
		const struct attr_def *a = strncmp(name, "this.", 5) == 0
		                           ? idx_get(m->sys->attr_idx, name + 5) : NULL;
		if (strcmp(name, "this") == 0 && m->this_u) {
			if (m->this_o)
				strbuf_addf(&sb, "%s (%s)", m->this_o->opt->name, unit_label(m->this_u));
			else if (m->this_w)
				strbuf_addf(&sb, "%s (%s)", m->this_w->w->name, unit_label(m->this_u));
			else
				strbuf_adds(&sb, unit_label(m->this_u));
		} else if (a && m->this_u && (a->on == ON_UNIT || m->this_w)) {
			const struct value *v = a->on == ON_ITEM ? item_value(m->this_w->vals, a)
			                                           : &m->this_u->vals[a->index];
			char *t = value_display(m->sys, a, v);
			strbuf_adds(&sb, t);
			free(t);
		} else if (strcmp(name, "count") == 0) {
			strbuf_adds(&sb, dec_format(m->count, scale, num));
		} else if (strcmp(name, "bound") == 0) {
			strbuf_adds(&sb, dec_format(m->bound, scale, num));
		} else if (strcmp(name, "diff") == 0) {
			int64_t d;
			if (__builtin_sub_overflow(m->count, m->bound, &d) || d == INT64_MIN)
				strbuf_adds(&sb, "?");
			else
				strbuf_adds(&sb, dec_format(d < 0 ? -d : d, scale, num));
		} else if (strcmp(name, "group") == 0) {
			strbuf_adds(&sb, m->group ? m->group : "");
		} else if (strcmp(name, "values") == 0) {
			strbuf_adds(&sb, m->values ? m->values : "");
		} else if (strcmp(name, "size") == 0) {
			strbuf_adds(&sb, m->el->list->size ? m->el->list->size->name : _("custom size"));
		} else if (strcmp(name, "cost") == 0) {
			const struct cost_def *c = &m->sys->costs[m->r->agg && m->r->agg->kind == AGG_COST
			                                          ? m->r->agg->cost : 0];
			strbuf_adds(&sb, c->abbr ? c->abbr : c->name);
		} else if (strcmp(name, "list") == 0) {
			const struct r_list *l = m->el->list;
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


static void report(struct checker *k, const struct msgvars *m, long line, long col)
{
	char *msg = render(m);
	diags_add(k->d, m->r->sev, k->ros->file, line, col, m->r->ref, m->r->id, "%s", msg);
	free(msg);
	k->errors += m->r->sev == SEV_ERROR;
}

/* A number in a rule went past 64 bits: the input is refused, never judged on a wrapped value. */
static void report_overflow(struct checker *k, const struct rule *r, long line, long col)
{
	if (k->overflow)
		return;
	k->overflow = true;
	diags_add(k->d, SEV_FATAL, k->ros->file, line, col, r->ref, r->id,
	          _("a number of rule '%s' is too large to count (more than %" PRId64 ")"), r->id,
	          INT64_MAX);
}

/* Evaluates bound e; false when it does not apply (no limit in that cost type, or none where
 * the rule is unlimited). */
static bool bound(struct checker *k, const struct rule *r, const struct expr *e,
                  const struct ectx *c, long line, long col, int64_t *out)
{
	if (e == NULL)
		return false;
	enum ev_status st = EV_OK;
	if (r->unlimited && cond_holds(r->unlimited, c, &st))
		return false;
	if (st == EV_OK)
		st = expr_eval(e, c, out);
	if (st == EV_OVERFLOW)
		report_overflow(k, r, line, col);
	return st == EV_OK;
}

/* Compares a value with the rule's bounds and reports a violation. */
static void judge_value(struct checker *k, const struct rule *r, struct msgvars *m,
                        const struct ectx *c, long line, long col, const struct group_acc *g)
{
	int64_t b;
	if (bound(k, r, r->max, c, line, col, &b) && m->count > b) {
		m->bound = b;
		/* Point at the first item past the bound, where the list breaks the rule. */
		if (g && b >= 0 && (size_t)b < g->n_lines) {
			line = g->at[b].line;
			col = g->at[b].col;
		}
		report(k, m, line, col);
	} else if (bound(k, r, r->min, c, line, col, &b) && m->count < b) {
		m->bound = b;
		report(k, m, line, col);
	}
}

/* A rule with once: where it has been judged already (NULL: judged on every selection, its
 * scope being the selection itself). Every selection of one scope has the same count and the
 * same bound there, so the first one judged stands for all: a breach is reported once, and
 * the scope is read once, not once for each selection in it. parent: 1 + the option index of
 * the parent of the option checked, 0 the unit; ignored for a unit. */
static bool *once_flag(struct checker *k, const struct rule *r, uint32_t parent)
{
	if (!r->once || r->agg == NULL)
		return NULL;
	switch (r->agg->scope) {
	case SCOPE_ROSTER:
	case SCOPE_LIST:
	case SCOPE_FORCE:
	case SCOPE_CHILDREN:
		return &k->told_list;
	case SCOPE_PARENT:
		return k->told ? &k->told[parent] : NULL;
	default:
		return NULL;
	}
}

/* Records that rule r was judged at flag (once_flag). */
static void once_told(struct checker *k, const struct rule *r, bool *flag)
{
	if (flag == NULL)
		return;
	*flag = true;
	if (r->agg->scope == SCOPE_ROSTER)
		k->told_roster = r;
}

static bool roster_holds(struct eval *ev, const struct rule *r, size_t li);

/* A rule with no <each>: one aggregate per list (or for the roster), per group; its breach
 * reported times times (per_force: once for each force it is checked for; of the roster
 * and not at_roster: at each force it holds on, the force named). */
static void check_grouped(struct checker *k, const struct rule *r, size_t li, size_t times)
{
	const struct agg *a = r->agg;
	struct eval *ev = k->ev;
	bool roster = a->scope == SCOPE_ROSTER;
	size_t from, to;
	agg_lists(a, ev, roster ? 0 : li, &from, &to);
	/* A roster-wide excess points at the list where the item appears again. */
	const struct elist *el = &ev->lists[roster ? 0 : li];
	struct ectx c = { ev, roster ? 0 : li, NULL, NULL, NULL };
	struct acc acc = { .keep_lines = acc_lines(r) };
	collect(a, &acc, ev, from, to);
	/* With no group and no match, the aggregate is zero, which an <at-least> must see. */
	if (acc.n == 0 && a->group == GROUP_NONE)
		acc_group(&acc, "", "");
	for (size_t gi = 0; gi < acc.n; gi++) {
		struct group_acc *g = &acc.g[gi];
		if (g->overflow) {
			report_overflow(k, r, el->list->line, el->list->col);
			continue;
		}
		struct strbuf vals = STRBUF_INIT;
		for (size_t i = 0; i < g->vals.n; i++)
			strbuf_addf(&vals, "%s%s (%ld)", i ? ", " : "", g->vals.keys[i], g->vals.counts[i]);
		struct msgvars m = { k->sys, r, el, NULL, NULL,
		                     a->kind == AGG_DISTINCT ? (int64_t)g->vals.live : g->value, 0, -1,
		                     g->label, vals.s ? vals.s : "", NULL };
		if (r->at_roster) {
			for (size_t t = 0; t < times; t++)
				judge_value(k, r, &m, &c, k->ros->line, 0, NULL);
		} else if (roster && r->per_force) {
			for (size_t fi = 0; fi < ev->n_lists; fi++)
				if (roster_holds(ev, r, fi)) {
					struct ectx cf = { ev, fi, NULL, NULL, NULL };
					m.el = &ev->lists[fi];
					judge_value(k, r, &m, &cf, m.el->list->line, m.el->list->col, NULL);
				}
		} else {
			judge_value(k, r, &m, &c, el->list->line, el->list->col, r->per_force ? NULL : g);
		}
		strbuf_release(&vals);
	}
	acc_release(&acc);
}

/* listed="true": the unit's card (or its items' cards) already has the keyword; check it
 * as the card gives it. */
static void check_listed(struct checker *k, const struct rule *r, const struct elist *el,
                         const struct sel_ctx *base, const struct eunit *u)
{
	size_t nw = r->each_item == ON_ITEM ? u->n_items : 1;
	for (size_t wi = 0; wi < nw; wi++) {
		const struct eitem *w = r->each_item == ON_ITEM ? &u->items[wi] : NULL;
		const kwword *card = w ? w->w->kw : u->ru->entry->kw;
		if (!kw_has(card, (size_t)r->taking))
			continue;
		struct sel_ctx c = *base;
		c.this_unit = u;
		c.this_eitem = w;
		c.this_kw = card;
		if (!sel_match(r->each_sel, &c, u, w) || sel_match(r->where, &c, u, w))
			continue;
		struct msgvars m = { k->sys, r, el, u, w, 0, 0, r->taking, NULL, NULL, NULL };
		report(k, &m, u->ru->line, u->ru->col);
	}
}

/* taking="K": only the moments an option granted the keyword, seen as they were before. */
static void check_takes(struct checker *k, const struct rule *r, const struct elist *el,
                        const struct sel_ctx *base, const struct eunit *u)
{
	size_t n_takes = eval_n_takes(u);
	for (size_t ti = 0; ti < n_takes; ti++) {
		const struct take *t = &eval_takes(k->ev, u)[ti];
		if ((long)t->kw != r->taking || t->item == -2)
			continue;
		if ((r->each_item == ON_ITEM) != (t->item >= 0))
			continue;
		const struct eitem *w = t->item >= 0 ? &u->items[t->item] : NULL;
		struct sel_ctx c = *base;
		c.this_unit = u;
		c.this_eitem = w;
		c.this_kw = t->before;
		if (!sel_match(r->each_sel, &c, u, w) || sel_match(r->where, &c, u, w))
			continue;
		struct msgvars m = { k->sys, r, el, u, w, 0, 0, (long)t->kw, NULL, NULL, NULL };
		report(k, &m, t->line, t->col);
	}
	if (r->listed)
		check_listed(k, r, el, base, u);
}

/* <each of="options">: each option a unit took that the selector matches, in the unit's order.
 * A rule's own aggregate over the option's parent has one value for all the options of one
 * parent: computed once for each (memo), so that a unit of many options stays linear. */
static void check_each_option(struct checker *k, const struct rule *r, size_t li,
                              const struct sel_ctx *base, const struct eunit *u)
{
	const struct elist *el = &k->ev->lists[li];
	const struct r_unit *ru = u->ru;
	bool memo = r->agg && r->agg->scope == SCOPE_PARENT && !r->agg->not_this;
	if (memo && (size_t)ru->n_opts + 1 > k->cap_memo) {
		GROW(k->memo, k->cap_memo, (size_t)ru->n_opts + 1);
		GROW(k->memo_st, k->cap_memo_st, (size_t)ru->n_opts + 1);
	}
	if (memo)
		memset(k->memo_st, 0, ((size_t)ru->n_opts + 1) * sizeof(*k->memo_st));
	if (r->once) {
		GROW(k->told, k->cap_told, (size_t)ru->n_opts + 1);
		memset(k->told, 0, ((size_t)ru->n_opts + 1) * sizeof(*k->told));
	}
	for (size_t oi = 0; oi < ru->n_opts && !k->overflow; oi++) {
		const struct r_option *ro = &ru->opts[oi];
		struct sel_ctx c = *base;
		c.this_unit = u;
		bool *told = once_flag(k, r, ro->up);
		if ((told && *told) || !sel_match_option(r->each_sel, &c, u, ro))
			continue;
		struct msgvars m = { k->sys, r, el, u, NULL, 0, 0, -1, NULL, NULL, ro };
		if (r->require) {
			if (!sel_match_option(r->where, &c, u, ro))
				report(k, &m, ro->line, ro->col);
			continue;
		}
		struct ectx ec = { k->ev, li, u, NULL, ro };
		enum ev_status st;
		if (memo && k->memo_st[ro->up]) {
			st = (enum ev_status)(k->memo_st[ro->up] - 1);
			m.count = k->memo[ro->up];
		} else {
			st = agg_value(r->agg, &ec, &m.count);
			if (memo) {
				k->memo_st[ro->up] = (unsigned char)(st + 1);
				k->memo[ro->up] = m.count;
			}
		}
		if (st == EV_OVERFLOW)
			report_overflow(k, r, ro->line, ro->col);
		else if (st == EV_OK)
			judge_value(k, r, &m, &ec, ro->line, ro->col, NULL);
		once_told(k, r, told);
	}
}

/* Unit u (w NULL) or its item w, which the rule's each selects: c's "this" is set to them. */
static void check_each_one(struct checker *k, const struct rule *r, size_t li,
                           const struct sel_ctx *c, const struct eunit *u, const struct eitem *w)
{
	const struct elist *el = &k->ev->lists[li];
	long line = w && w->extra_line ? w->extra_line : u->ru->line;
	long col = w && w->extra_line ? w->extra_col : u->ru->col;
	struct msgvars m = { k->sys, r, el, u, w, 0, 0, -1, NULL, NULL, NULL };
	if (r->require) {
		if (!sel_match(r->where, c, u, w))
			report(k, &m, line, col);
		return;
	}
	struct ectx ec = { k->ev, li, u, w, NULL };
	enum ev_status st = agg_value(r->agg, &ec, &m.count);
	bool *told = once_flag(k, r, 0);
	if (st == EV_OVERFLOW)
		report_overflow(k, r, line, col);
	else if (st == EV_OK)
		judge_value(k, r, &m, &ec, line, col, NULL);
	once_told(k, r, told);
}

/* A rule checked on each unit, item or option of list li. What the rule checks on is settled
 * once, not for each unit: a rule looks at every unit of a 100,000-unit list. */
static void check_each(struct checker *k, const struct rule *r, size_t li)
{
	const struct elist *el = &k->ev->lists[li];
	struct sel_ctx base = { k->sys, el->list, el->units, el->n, NULL, NULL, NULL,
	                        k->ev->memo };
	k->told_list = k->told_roster == r;
	if (r->taking >= 0 || r->each_item == ON_OPTION) {
		for (size_t ui = 0; ui < el->n && !k->overflow; ui++) {
			if (r->taking >= 0)
				check_takes(k, r, el, &base, &el->units[ui]);
			else
				check_each_option(k, r, li, &base, &el->units[ui]);
		}
		return;
	}
	struct sel_ctx c = base;
	for (size_t ui = 0; ui < el->n && !k->overflow; ui++) {
		const struct eunit *u = &el->units[ui];
		c.this_unit = u;
		const bool *told = once_flag(k, r, 0);
		if (told && *told)
			break;
		if (r->each_item != ON_ITEM) {
			c.this_eitem = NULL;
			if (sel_match_unit(r->each_sel, &c, u))
				check_each_one(k, r, li, &c, u, NULL);
			continue;
		}
		for (size_t wi = 0; wi < u->n_items; wi++) {
			c.this_eitem = &u->items[wi];
			if (sel_match(r->each_sel, &c, u, &u->items[wi]))
				check_each_one(k, r, li, &c, u, &u->items[wi]);
		}
	}
}

/* Whether roster-wide rule r is checked for list li: its condition holds there, and the entry
 * it skips when hidden is not hidden there. */
static bool roster_holds(struct eval *ev, const struct rule *r, size_t li)
{
	struct ectx c = { ev, li, NULL, NULL, NULL };
	return (r->when == NULL || cond_holds(r->when, &c, NULL)) &&
	       (r->unless_hidden == NULL || !eval_entry_hidden(ev, li, r->unless_hidden));
}

/* Whether condition w asks for a kind of list (a BattleScribe entry's catalogue, or any of
 * the catalogues it is offered to). */
static bool asks_kind(const struct sel *w)
{
	if (w == NULL || (w->kind != SEL_FORCE && w->kind != SEL_ANY))
		return false;
	for (size_t i = 0; i < w->n_kids; i++)
		if (w->kids[i]->kind != SEL_FORCE)
			return false;
	return true;
}

/* How often a roster-wide rule is checked: once when its condition holds on the first list,
 * or, when it asks for a kind of list, on any list; with per_force, once for each list it
 * holds on. */
static size_t roster_times(struct eval *ev, const struct rule *r)
{
	size_t n = 0;
	for (size_t li = 0; li < ev->n_lists; li++) {
		if (roster_holds(ev, r, li)) {
			if (!r->per_force)
				return 1;
			n++;
		} else if (!asks_kind(r->when)) {
			return n;
		}
	}
	return n;
}

/* Has the check that covers r (covered-by) reported an error on list li: the factions check
 * (flagged), or a rule above it (told, for each rule some rule names, its lists)? A
 * roster-wide r (li SIZE_MAX) is covered when its cover reported on any list. Then r's
 * finding would tell the same breach a second time, and is left out. */
static bool covered(const struct rule *r, size_t li, size_t n_lists, const bool *flagged,
                    bool *const *told)
{
	const bool *by = r->cover_factions ? flagged : r->cover ? told[r->cover - 1] : NULL;
	if (by == NULL || li != SIZE_MAX)
		return by && by[li];
	for (size_t i = 0; i < n_lists; i++)
		if (by[i])
			return true;
	return false;
}

size_t check_roster(struct eval *ev, struct diags *d)
{
	struct checker k;
	memset(&k, 0, sizeof(k));
	k.ev = ev;
	k.sys = ev->sys;
	k.ros = ev->r;
	k.d = d;
	if (ev->r->camp) {
		/* What the ledger broke (campaign.c), found when it was derived. */
		diags_merge(d, &ev->r->camp->viol);
		k.errors += ev->r->camp->viol.errors;
	}
	/* A hidden force that holds no force: BattleScribe keeps none of its constraints (those of
	 * its own entries, counted in it); those of each selection in it it keeps. */
	bool *quiet = xcalloc(ev->n_lists ? ev->n_lists : 1, sizeof *quiet);
	for (size_t li = 0; li < ev->n_lists; li++) {
		check_option_limits(&k, &ev->lists[li]);
		check_hidden(&k, li);
		quiet[li] = check_force_hidden(&k, li);
	}
	for (size_t li = 0; li < ev->n_lists; li++)
		if (ev->lists[li].list->up)
			quiet[ev->lists[li].list->up - 1] = false;
	check_bs_limits(&k);
	check_bs_loops(&k);
	size_t nl = ev->n_lists ? ev->n_lists : 1;
	bool *flagged = xcalloc(nl, sizeof *flagged);
	k.errors += faction_check(ev->r, d, flagged);
	bool **told = xcalloc(k.sys->n_rules ? k.sys->n_rules : 1, sizeof *told);
	for (size_t ri = 0; ri < k.sys->n_rules; ri++) {
		size_t c = k.sys->rules[ri]->cover;
		if (c && told[c - 1] == NULL)
			told[c - 1] = xcalloc(nl, sizeof **told);
	}
	for (size_t ri = 0; ri < k.sys->n_rules && !k.overflow; ri++) {
		const struct rule *r = k.sys->rules[ri];
		if (r->agg && r->agg->scope == SCOPE_ROSTER && !r->each) {
			size_t times = roster_times(ev, r);
			size_t before = d->errors;
			if (times && !covered(r, SIZE_MAX, ev->n_lists, flagged, told))
				check_grouped(&k, r, 0, times);
			for (size_t li = 0; told[ri] && d->errors > before && li < nl; li++)
				told[ri][li] = true;
			continue;
		}
		for (size_t li = 0; li < ev->n_lists && !k.overflow; li++) {
			struct ectx c = { ev, li, NULL, NULL, NULL };
			enum ev_status st = EV_OK;
			if (r->when && !cond_holds(r->when, &c, &st)) {
				if (st == EV_OVERFLOW)
					report_overflow(&k, r, ev->lists[li].list->line, ev->lists[li].list->col);
				continue;
			}
			if (r->unless_hidden && eval_entry_hidden(ev, li, r->unless_hidden))
				continue;
			if (covered(r, li, ev->n_lists, flagged, told) || (quiet[li] && !r->each))
				continue;
			size_t before = d->errors;
			if (r->each)
				check_each(&k, r, li);
			else
				check_grouped(&k, r, li, 1);
			if (told[ri])
				told[ri][li] = d->errors > before;
		}
	}
	for (size_t ri = 0; ri < k.sys->n_rules; ri++)
		free(told[ri]);
	free(told);
	const char *pat, *file;
	long line;
	if (rx_budget_spent(&pat, &file, &line))
		diags_add(d, SEV_FATAL, file, line, 0, NULL, NULL,
		          _("pattern '%s' and the others took more than %llu steps of matching on one "
		            "roster (a pattern that backtracks too much?); the result would be wrong"),
		          pat, (unsigned long long)RX_WORK_BUDGET);
	free(flagged);
	free(quiet);
	free(k.at);
	free(k.took);
	free(k.grp_up);
	free(k.grp_sum);
	free(k.in_choice);
	free(k.kid_at);
	free(k.kid);
	free(k.kid_pos);
	free(k.kid_last);
	free(k.kid_sum);
	free(k.kids_of);
	free(k.memo);
	free(k.memo_st);
	free(k.told);
	return k.errors;
}

/* --- trackers -------------------------------------------------------------------------------- */

/* A bound that is "N% of a cost" (with no operand): its basis and percentage. */
static bool percent_of(const struct expr *e, const struct ectx *c, int64_t *basis, int64_t *pct)
{
	if (e == NULL || e->kind != EX_PERCENT || e->n_kids)
		return false;
	const struct elist *el = &c->ev->lists[c->li];
	int64_t b = e->basis == BASIS_LIMIT ? el->limits[e->index] : el->totals[e->index];
	if (b <= 0)
		return false;
	*basis = b;
	*pct = e->num;
	return true;
}

static void track_rule(struct eval *ev, const struct rule *r, size_t li, bool roster,
                       struct tracker **out, size_t *n, size_t *cap)
{
	const struct agg *a = r->agg;
	struct ectx c = { ev, roster ? 0 : li, NULL, NULL, NULL };
	struct acc acc = { .keep_lines = acc_lines(r) };
	size_t from, to;
	agg_lists(a, ev, roster ? 0 : li, &from, &to);
	collect(a, &acc, ev, from, to);
	if (acc.n == 0 && a->group == GROUP_NONE)
		acc_group(&acc, "", "");
	for (size_t gi = 0; gi < acc.n; gi++) {
		const struct group_acc *g = &acc.g[gi];
		if (g->overflow)
			continue;
		struct tracker t;
		memset(&t, 0, sizeof(t));
		t.rule = r;
		t.list = roster ? TRACKER_ROSTER : li;
		t.value = a->kind == AGG_DISTINCT ? (int64_t)g->vals.live : g->value;
		bool none = r->unlimited && cond_holds(r->unlimited, &c, NULL);
		t.has_max = !none && r->max && expr_eval(r->max, &c, &t.max) == EV_OK;
		t.has_min = !none && r->min && expr_eval(r->min, &c, &t.min) == EV_OK;
		if (!t.has_min && !t.has_max)
			continue;
		int64_t b1 = 0, b2 = 0, p1 = 0, p2 = 0;
		bool pmax = t.has_max && percent_of(r->max, &c, &b1, &p1);
		bool pmin = t.has_min && percent_of(r->min, &c, &b2, &p2);
		if ((pmax || !t.has_max) && (pmin || !t.has_min)) {
			t.percent = true;
			t.basis = pmax ? b1 : b2;
			t.pct_max = p1;
			t.pct_min = p2;
		}
		t.is_cost = a->kind == AGG_COST;
		t.cost = a->cost;
		if (a->group != GROUP_NONE)
			t.group = xstrdup(g->label);
		GROW(*out, *cap, *n + 1);
		(*out)[(*n)++] = t;
	}
	acc_release(&acc);
}

size_t check_trackers(struct eval *ev, struct tracker **out)
{
	size_t n = 0, cap = 0;
	*out = NULL;
	for (size_t ri = 0; ri < ev->sys->n_rules; ri++) {
		const struct rule *r = ev->sys->rules[ri];
		if (r->agg == NULL || r->each || ev->n_lists == 0)
			continue;
		bool roster = r->agg->scope == SCOPE_ROSTER;
		for (size_t li = 0; li < (roster ? 1 : ev->n_lists); li++) {
			struct ectx c = { ev, li, NULL, NULL, NULL };
			if (r->when && !cond_holds(r->when, &c, NULL))
				continue;
			track_rule(ev, r, li, roster, out, &n, &cap);
		}
	}
	return n;
}

void trackers_free(struct tracker *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(t[i].group);
	free(t);
}
