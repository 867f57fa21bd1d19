/* eval.c - one evaluation of a roster: options and modifiers applied, costs added up
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Modifiers are applied in two phases: every condition, unit selector and value is first
 * evaluated on the units as their entries and options' grants make them, then every change is
 * applied. So no modifier sees another's change, and the order of <modify> elements matters
 * only for changes to the same number (set, then add, then mul, in file order).
 */
#include "muster.h"
#include "eval.h"
#include "campaign-model.h"
#include "expr.h"
#include "lang.h"
#include "select.h"
#include "util.h"
#include "value.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A name appended to by a repeated modifier takes at most this many appends of it. */
#define NAME_REPEAT_MAX 1000

/* Every array of an evaluation's units comes from its arena (util.h): a unit's keywords are
 * 8 bytes, its costs 8, each of a few dozen bytes, and malloc's 32-byte blocks and headers
 * were a fifth of a 100,000-unit list's memory. Only copies of values (rare) are malloc'd. */
static kwword *kw_copy(struct eval *ev, const kwword *src)
{
	const struct system *sys = ev->sys;
	kwword *k = arena_alloc(&ev->arena, sys->kw_words ? sys->kw_words : 1, sizeof(*k));
	if (src)
		memcpy(k, src, sys->kw_words * sizeof(*k));
	return k;
}

/* The unit's keywords, to change: its entry's are shared by every unit that changes none
 * (most units), and copied on the first change. */
static kwword *own_kw(struct eval *ev, struct eunit *u)
{
	if (!u->own_kw) {
		u->kw = kw_copy(ev, u->kw);
		u->own_kw = true;
	}
	return (kwword *)u->kw; /* its own copy */
}

/* The same for an item of a unit that owns its items. */
static kwword *own_item_kw(struct eval *ev, struct eitem *w)
{
	if (!w->own_kw) {
		w->kw = kw_copy(ev, w->kw);
		w->own_kw = true;
	}
	return (kwword *)w->kw; /* its own copy */
}

/* The items of entry e as the catalog has them, one array per entry an evaluation meets,
 * shared by every unit of that entry whose options change no item (most units): a copy per
 * unit was 100 bytes of each. Found by the entry's address in an open-addressing table. */
static struct eitem *base_items(struct eval *ev, const struct entry *e)
{
	if (e->n_items == 0)
		return NULL;
	if (2 * (ev->n_base + 1) > ev->cap_base) {
		size_t cap = ev->cap_base ? 2 * ev->cap_base : 64;
		struct base_slot *t = xcalloc(cap, sizeof(*t));
		for (size_t i = 0; i < ev->cap_base; i++) {
			if (ev->base[i].e == NULL)
				continue;
			size_t h = ((uintptr_t)ev->base[i].e >> 4) * 0x9E3779B97F4A7C15u & (cap - 1);
			while (t[h].e)
				h = (h + 1) & (cap - 1);
			t[h] = ev->base[i];
		}
		free(ev->base);
		ev->base = t;
		ev->cap_base = cap;
	}
	size_t h = ((uintptr_t)e >> 4) * 0x9E3779B97F4A7C15u & (ev->cap_base - 1);
	while (ev->base[h].e && ev->base[h].e != e)
		h = (h + 1) & (ev->cap_base - 1);
	if (ev->base[h].e == NULL) {
		struct eitem *items = arena_alloc(&ev->arena, e->n_items, sizeof(*items));
		for (size_t i = 0; i < e->n_items; i++) {
			items[i].w = &e->items[i];
			items[i].kw = e->items[i].kw;
			items[i].vals = e->items[i].vals;
		}
		ev->base[h].e = e;
		ev->base[h].items = items;
		ev->n_base++;
	}
	return ev->base[h].items;
}

/* Does option ro change an item of its unit (add, drop, name one, or train one)? */
static bool changes_items(const struct r_option *ro)
{
	const struct entry_option *o = ro->opt;
	return o->adds || option_more(o)->drops || o->target == TARGET_ITEM || ro->train;
}

/* Grants keyword k to set: an upgrade drops what it replaces and what it removes. */
static void grant(const struct system *sys, kwword *set, size_t k)
{
	const struct keyword_def *kd = &sys->keywords[k];
	if (kd->replaces)
		kw_del(set, kd->replaces->index);
	for (size_t i = 0; i < kd->n_removes; i++)
		kw_del(set, kd->removes[i]);
	kw_add(set, k);
}

static long find_item(const struct eunit *u, const char *id)
{
	for (size_t i = u->n_items; i-- > 0;)
		if (strcmp(u->items[i].w->id, id) == 0)
			return (long)i;
	return -1;
}

static int overflow(struct diags *d, const struct roster *r, const struct r_unit *ru,
                    const struct cost_def *c)
{
	diags_add(d, SEV_FATAL, r->file, ru->line, ru->col, NULL, NULL,
	          _("the cost of %s in %s is too large to count (more than %" PRId64 ")"),
	          r_unit_name(ru), c->name, INT64_MAX);
	return -1;
}

/* One option's cost line in cost type c: its cost x times taken x models when it is paid per
 * model. False on overflow. */
static bool option_cost(const struct r_option *ro, long models, size_t c, int64_t *out)
{
	const struct entry_option *o = ro->opt;
	return num_mul(o->costs[c], ro->count, out) && num_mul(*out, o->per_model ? models : 1, out);
}

/* The models' cost line in cost type c: the entry's cost per model x models. False on
 * overflow. */
static bool models_cost(const struct r_unit *ru, long models, size_t c, int64_t *out)
{
	return eval_entry_cost(ru->entry, models, c, out);
}

bool eval_entry_cost(const struct entry *e, long models, size_t c, int64_t *out)
{
	return num_mul(e->costs[c], models, out) &&
	       (e->unit_costs == NULL || num_add(*out, e->unit_costs[c], out));
}

/* One option's cost line in every cost type. Returns 0, or 1 + the cost type that overflows. */
static int option_line(const struct system *sys, long models, const struct r_option *ro,
                       int64_t *out)
{
	for (size_t c = 0; c < sys->n_costs; c++)
		if (!option_cost(ro, models, c, &out[c]))
			return (int)c + 1;
	return 0;
}

/* The cost formula, the one place it is written: unit ru's entry's cost per model x models,
 * plus each option's line, per cost type, into costs; line is scratch of n_costs. Returns 0,
 * or 1 + the cost type that overflows (the models' first, then each option's in turn). */
static int unit_cost(const struct system *sys, const struct r_unit *ru, long models,
                     int64_t *costs, int64_t *line)
{
	for (size_t c = 0; c < sys->n_costs; c++)
		if (!models_cost(ru, models, c, &costs[c]))
			return (int)c + 1;
	for (size_t i = 0; i < ru->n_opts; i++) {
		int bad = option_line(sys, models, &ru->opts[i], line);
		if (bad)
			return bad;
		for (size_t c = 0; c < sys->n_costs; c++)
			if (!num_add(costs[c], line[c], &costs[c]))
				return (int)c + 1;
	}
	return 0;
}

int eval_unit_cost(const struct system *sys, const struct r_unit *ru, long models, int64_t *costs)
{
	int64_t *line = xcalloc(sys->n_costs + 1, sizeof(*line));
	int rc = unit_cost(sys, ru, models, costs, line) ? -1 : 0;
	free(line);
	return rc;
}

/* The item an option changes: the one the ledger chose for a training, else the option's. */
static const char *option_item(const struct r_option *ro)
{
	return ro->train && ro->train->item ? ro->train->item : option_more(ro->opt)->item_id;
}

static struct value *own_vals(struct value **vals, bool *own, size_t n)
{
	if (!*own) {
		struct value *copy = xcalloc(n + 1, sizeof(*copy));
		for (size_t i = 0; i < n; i++) {
			copy[i] = (*vals)[i];
			copy[i].s = (*vals)[i].s ? xstrdup((*vals)[i].s) : NULL;
		}
		*vals = copy;
		*own = true;
	}
	return *vals;
}

/* Item w's values made its own to change: a copy with a value for each of the n item
 * attributes, the a-th at a (item_value reads it as any item's values). */
static struct item_vals *own_item_vals(struct eitem *w, size_t n)
{
	if (!w->own_vals) {
		w->vals = item_vals_full(w->vals, n);
		w->own_vals = true;
	}
	return w->vals;
}

/* How many keywords unit ru's options grant: its takes. */
static size_t unit_takes(const struct r_unit *ru)
{
	size_t n = 0;
	for (size_t i = 0; i < ru->n_opts; i++)
		n += option_more(ru->opts[i].opt)->n_grants + (ru->opts[i].train && ru->opts[i].train->grant >= 0);
	return n;
}

/* Takes option ro of unit ru into u: the item it adds (or a campaign training swaps in), the
 * keywords it grants (each recorded in takes) or removes, the items it drops. */
static void take_option(struct eval *ev, const struct r_unit *ru, const struct r_option *ro,
                        struct eunit *u, struct take *takes, size_t *n_taken)
{
	const struct system *sys = ev->r->sys;
	const struct entry_option *o = ro->opt;
	const struct option_more *m = option_more(o);
	option_line(sys, ru->models, ro, ev->scratch); /* fits: unit_cost added it up */
	long target = -1;
	/* An item the unit paid for: its option's line costs something in some cost type. */
	bool paid = false;
	for (size_t c = 0; c < sys->n_costs; c++)
		paid |= ev->scratch[c] != 0;
	if (o->adds) {
		struct eitem *w = &u->items[u->n_items];
		w->w = o->adds;
		w->kw = o->adds->kw;
		w->vals = o->adds->vals;
		w->extra_line = ro->line;
		w->extra_col = ro->col;
		w->count = ro->count;
		w->paid = paid;
		target = (long)u->n_items++;
	}
	const struct r_train *tr = ro->train;
	if (tr && tr->drops) {
		/* A campaign swap: the unit's item leaves, its replacement comes below. */
		long wi = find_item(u, tr->drops);
		if (wi >= 0) {
			memmove(&u->items[wi], &u->items[wi + 1],
			        (u->n_items - (size_t)wi - 1) * sizeof(*u->items));
			u->n_items--;
			for (size_t t = 0; t < *n_taken; t++) {
				if (takes[t].item == wi)
					takes[t].item = -2;
				else if (takes[t].item > wi)
					takes[t].item--;
			}
		}
	}
	if (tr && tr->adds) {
		struct eitem *w = &u->items[u->n_items++];
		w->w = tr->adds;
		w->kw = tr->adds->kw;
		w->vals = tr->adds->vals;
		w->extra_line = ro->line;
		w->extra_col = ro->col;
		w->paid = paid;
	}
	if (o->target == TARGET_ITEM && option_item(ro))
		target = find_item(u, option_item(ro));
	if (o->target == TARGET_ITEM && target < 0)
		return; /* the loaders refuse options naming no item */
	bool writes = m->n_grants || (tr && tr->grant >= 0) || m->n_removes;
	kwword *set = !writes                       ? NULL
	              : o->target == TARGET_ITEM ? own_item_kw(ev, &u->items[target])
	                                         : own_kw(ev, u);
	for (size_t g = 0; g < m->n_grants + (tr && tr->grant >= 0); g++) {
		size_t kw = g < m->n_grants ? m->grants[g] : (size_t)tr->grant;
		struct take *t = &takes[(*n_taken)++]; /* counted above */
		t->kw = (uint32_t)kw;
		t->item = o->target == TARGET_ITEM ? (int32_t)target : -1;
		t->before = kw_copy(ev, set);
		t->line = ro->line;
		t->col = ro->col;
		grant(sys, set, kw);
	}
	for (size_t k = 0; k < m->n_removes; k++)
		kw_del(set, m->removes[k]);
	for (size_t k = 0; m->drops && m->drops[k]; k++) {
		long wi = find_item(u, m->drops[k]);
		if (wi < 0)
			continue;
		memmove(&u->items[wi], &u->items[wi + 1],
		        (u->n_items - (size_t)wi - 1) * sizeof(*u->items));
		u->n_items--;
		/* Takes recorded on items after the dropped one shift down with them. */
		for (size_t t = 0; t < *n_taken; t++) {
			if (takes[t].item == wi)
				takes[t].item = -2; /* gone: its take no longer applies */
			else if (takes[t].item > wi)
				takes[t].item--;
		}
	}
}

/* The unit as its entry and its options' grants, removals and items make it, with its cost
 * lines; modifiers come later. Returns 0, or -1 with a fatal diagnostic on overflow. */
static int build_one(struct eval *ev, const struct r_unit *ru, struct eunit *u, struct diags *d)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	const struct entry *e = ru->entry;
	size_t nc = sys->n_costs ? sys->n_costs : 1;
	u->ru = ru;
	u->kw = e->kw ? e->kw : kw_copy(ev, NULL);
	u->own_kw = e->kw == NULL;
	u->vals = e->vals;
	if (r->camp && ru->band >= 0 && sys->camp && sys->camp->band) {
		/* A campaign unit's Grade is its Level's (campaign.h). */
		struct value *v = &own_vals(&u->vals, &u->own_vals, sys->n_unit_attrs)[sys->camp->band->index];
		free(v->s);
		v->set = true;
		v->i = ru->band;
		v->s = xasprintf("%ld", (long)ru->band);
	}
	u->cats = e->cats;
	u->n_cats = e->n_cats;
	u->hidden = e->hidden;
	u->costs = arena_alloc(&ev->arena, nc, sizeof(*u->costs));
	size_t extra = 0, n_takes = unit_takes(ru);
	bool own_items = false;
	for (size_t i = 0; i < ru->n_opts; i++) {
		const struct r_option *ro = &ru->opts[i];
		extra += (ro->opt->adds ? 1 : 0) + (ro->train && ro->train->adds ? 1 : 0);
		own_items = own_items || changes_items(ro);
	}
	if (own_items) {
		u->items = arena_alloc(&ev->arena, e->n_items + extra, sizeof(*u->items));
		for (size_t i = 0; i < e->n_items; i++) {
			u->items[i].w = &e->items[i];
			u->items[i].kw = e->items[i].kw; /* copied when changed: own_item_kw */
			u->items[i].vals = e->items[i].vals;
		}
	} else {
		/* Never written: modifiers change only the items of units that own theirs. */
		u->items = base_items(ev, e);
	}
	u->n_items = e->n_items;
	struct take *takes = ev->takes + ev->n_takes; /* eval_new counted them */
	u->take0 = (uint32_t)ev->n_takes;
	ev->n_takes += n_takes;
	/* The cost lines are not kept (eval_lines computes them): only their sum. */
	int bad = unit_cost(sys, ru, ru->models, u->costs, ev->scratch);
	if (bad)
		return overflow(d, r, ru, &sys->costs[bad - 1]);
	size_t n_taken = 0;
	for (size_t i = 0; i < ru->n_opts; i++)
		take_option(ev, ru, &ru->opts[i], u, takes, &n_taken);
	return 0;
}

/* --- modifiers ------------------------------------------------------------------------------ */

/* A change decided in the first phase, applied in the second. */
struct change {
	const struct modifier *m;
	struct eunit *u;
	struct eitem *w;       /* an option's change to an item */
	int64_t value;           /* set / add / mul operand, repeats folded in */
	long times;              /* an option taken several times */
	size_t list;
};

/* Evaluates a modifier's condition and value on list li. Returns 1 when it applies (value in
 * *out), 0 when not, -1 on overflow. */
int eval_decide(const struct modifier *m, struct eval *ev, size_t li, const struct eunit *u,
                const struct r_option *o, int64_t *out)
{
	struct ectx c = { ev, li, u, NULL, o };
	enum ev_status st = EV_OK;
	if (m->when && !cond_holds(m->when, &c, &st))
		return st == EV_OVERFLOW ? -1 : 0;
	*out = 0;
	if (m->value) {
		st = expr_eval(m->value, &c, out);
		if (st != EV_OK)
			return st == EV_OVERFLOW ? -1 : 0;
	}
	if (m->repeat) {
		int64_t n;
		st = expr_eval(m->repeat, &c, &n);
		if (st != EV_OK)
			return st == EV_OVERFLOW ? -1 : 0;
		n = div_round(n, m->every, m->round);
		/* A set repeated sets the same value each time: it applies once when it repeats
		 * at least once, and not at all when it repeats none (BattleScribe's repeats). */
		if (m->op == MOD_SET) {
			if (n <= 0)
				return 0;
		} else if (m->op == MOD_ADD) {
			if (!num_mul(*out, n, out))
				return -1;
		} else if (n <= 0) { /* mul, repeated n times */
			*out = 1;
		} else if (*out == -1) {
			*out = n % 2 ? -1 : 1;
		} else if (*out != 0 && *out != 1) {
			/* |factor| >= 2 overflows within 63 steps: the loop is short. */
			int64_t f = 1;
			for (int64_t i = 0; i < n; i++)
				if (!num_mul(f, *out, &f))
					return -1;
			*out = f;
		}
	}
	return 1;
}

bool eval_hidden(struct eval *ev, size_t li, const struct eunit *u, bool hidden,
                 const struct modifier *mods, size_t n)
{
	for (size_t mi = 0; mi < n; mi++) {
		int64_t v;
		if (mods[mi].target == MOD_HIDDEN && eval_decide(&mods[mi], ev, li, u, NULL, &v) > 0)
			hidden = v != 0;
	}
	return hidden;
}

bool eval_entry_hidden(struct eval *ev, size_t li, const struct entry *e)
{
	return eval_hidden(ev, li, NULL, e->hidden, e->mods, e->n_mods);
}

static int apply_num(int64_t *x, enum mod_op op, int64_t v, long times)
{
	for (long k = 0; k < times; k++) {
		if (op == MOD_SET) {
			*x = v;
			return 0;
		}
		if (op == MOD_ADD ? !num_add(*x, v, x) : !num_mul(*x, v, x))
			return -1;
	}
	return 0;
}

int eval_attr_num(const struct attr_def *a, int64_t *x, enum mod_op op, int64_t v, long times)
{
	if (apply_num(x, op, v, times))
		return -1;
	/* A card never shows a value its attribute does not allow. */
	int64_t lo = a->min, hi = a->max;
	if (a->type == ATTR_LADDER) {
		lo = 0;
		hi = (int64_t)a->ladder->n - 1;
	} else if (a->type == ATTR_BOOL) {
		lo = 0;
		hi = 1;
	}
	*x = *x < lo ? lo : *x > hi ? hi : *x;
	return 0;
}

int64_t eval_option_cost(const struct r_option *ro, long models, size_t c)
{
	int64_t v;
	if (!option_cost(ro, models, c, &v))
		return INT64_MAX; /* refused when the unit was evaluated: never reached */
	return v;
}

/* Unit u's cost before its entry's modifiers, per cost type, into costs: its models' line and
 * each option's (after the option's own modifiers). -1 on overflow. */
static int unit_base(const struct system *sys, const struct eunit *u, int64_t *costs)
{
	const struct r_unit *ru = u->ru;
	for (size_t c = 0; c < sys->n_costs; c++) {
		if (!models_cost(ru, ru->models, c, &costs[c]))
			return -1;
		for (size_t k = 0; k < ru->n_opts; k++)
			if (!num_add(costs[c], eval_unit_option_cost(sys, u, k, c), &costs[c]))
				return -1;
	}
	return 0;
}

size_t eval_lines(const struct system *sys, const struct eunit *u, struct cost_line **out)
{
	const struct r_unit *ru = u->ru;
	size_t nc = sys->n_costs ? sys->n_costs : 1;
	size_t n = 1 + ru->n_opts + (u->mod_line ? 1 : 0);
	if (n > SIZE_MAX / (sizeof(struct cost_line) + nc * sizeof(int64_t)))
		abort(); /* as many options as memory holds: never */
	struct cost_line *l = xcalloc(1, n * (sizeof(*l) + nc * sizeof(int64_t)));
	int64_t *costs = (int64_t *)(l + n);
	for (size_t k = 0; k < n; k++)
		l[k].costs = costs + k * nc;
	l[0].kind = LINE_MODELS;
	for (size_t i = 0; i < ru->n_opts; i++) {
		l[1 + i].kind = LINE_OPTION;
		l[1 + i].ro = &ru->opts[i];
	}
	/* Each figure was added up without overflow when the unit was evaluated. */
	int64_t *base = NULL;
	if (u->mod_line) {
		base = xcalloc(nc, sizeof(*base));
		if (unit_base(sys, u, base) != 0)
			for (size_t c = 0; c < sys->n_costs; c++)
				base[c] = INT64_MAX;
	}
	for (size_t c = 0; c < sys->n_costs; c++) {
		if (!models_cost(ru, ru->models, c, &l[0].costs[c]))
			l[0].costs[c] = INT64_MAX;
		for (size_t i = 0; i < ru->n_opts; i++)
			l[1 + i].costs[c] = eval_unit_option_cost(sys, u, i, c);
		/* The line of modifiers: what they changed, the total now less the models and options. */
		if (u->mod_line && __builtin_sub_overflow(u->costs[c], base[c], &l[n - 1].costs[c]))
			l[n - 1].costs[c] = INT64_MAX;
	}
	free(base);
	if (u->mod_line)
		l[n - 1].kind = LINE_MODIFIERS;
	*out = l;
	return n;
}

/* Unit u gains category c (add) or loses it, in its own copy of its categories. */
static void change_category(const struct system *sys, struct eunit *u, size_t c, bool add)
{
	if (!u->own_cats) {
		size_t *own = xcalloc(u->n_cats + sys->n_cats + 1, sizeof(*own));
		if (u->n_cats)
			memcpy(own, u->cats, u->n_cats * sizeof(*own));
		u->cats = own;
		u->own_cats = true;
	}
	size_t *cats = (size_t *)u->cats; /* its own copy, just made */
	size_t i;
	for (i = 0; i < u->n_cats && cats[i] != c; i++)
		;
	if (add && i == u->n_cats)
		cats[u->n_cats++] = c;
	else if (!add && i < u->n_cats)
		cats[i] = cats[--u->n_cats];
}

/* A primary modifier: category m->index made unit u's primary one (the unit gains it when it
 * lacks it), or, removed, the unit left with no primary when that is its primary one. */
static void set_primary(struct eval *ev, struct eunit *u, const struct modifier *m)
{
	uint32_t now = eval_unit_primary(ev, u), cat = (uint32_t)m->index + 1;
	if (m->op == MOD_REMOVE ? now != cat : now == cat)
		return;
	if (m->op != MOD_REMOVE)
		change_category(ev->sys, u, m->index, true);
	if (ev->primary == NULL)
		ev->primary = xcalloc(ev->n_units + 1, sizeof(*ev->primary));
	ev->primary[u - ev->units] = (m->op == MOD_REMOVE ? 0 : cat) + 1;
}

/* A name modifier: set, appended to, or a name that is a whole number counted. */
static int rename_unit(struct eval *ev, struct eunit *u, const struct modifier *m,
                       const struct change *ch)
{
	if (ev->names == NULL)
		ev->names = xcalloc(ev->n_units + 1, sizeof(*ev->names));
	eval_rename(&ev->names[u - ev->units], eval_unit_name(ev, u), m, ch->value, ch->times);
	return 0;
}

/* Applies one change to its unit or item. Returns -1 on overflow. */
static int apply(struct eval *ev, const struct change *ch)
{
	const struct system *sys = ev->sys;
	const struct modifier *m = ch->m;
	struct eunit *u = ch->u;
	switch (m->target) {
	case MOD_ATTR: {
		const struct attr_def *a = m->attr;
		struct value *v = ch->w ? &own_item_vals(ch->w, sys->n_item_attrs)->v[a->index].v
		                        : &own_vals(&u->vals, &u->own_vals, sys->n_unit_attrs)[a->index];
		if (a->type == ATTR_TEXT && m->op == MOD_SET) {
			free(v->s);
			v->s = xstrdup(m->text);
			v->set = true;
			return 0;
		}
		if (a->type == ATTR_TEXT) {
			/* Steps along the attribute's ladder; a value off the ladder stays. */
			size_t k;
			for (k = 0; v->s && k < a->ladder->n && strcmp(a->ladder->steps[k], v->s) != 0; k++)
				;
			if (v->s == NULL || k == a->ladder->n)
				return 0;
			int64_t x = (int64_t)k;
			if (apply_num(&x, MOD_ADD, ch->value, ch->times))
				return -1;
			x = x < 0 ? 0 : x >= (int64_t)a->ladder->n ? (int64_t)a->ladder->n - 1 : x;
			free(v->s);
			v->s = xstrdup(a->ladder->steps[x]);
			return 0;
		}
		int64_t x = v->set ? v->i : 0;
		if (eval_attr_num(a, &x, m->op, ch->value, ch->times))
			return -1;
		v->i = (long)x;
		v->set = true;
		free(v->s);
		v->s = a->type == ATTR_LADDER ? xstrdup(a->ladder->steps[x])
		                              : xasprintf("%" PRId64, x);
		return 0;
	}
	case MOD_COST: {
		/* The line of modifiers (eval_lines) is the total now less the models and options:
		 * it must fit 64 bits, as when it was added up change by change. */
		int64_t before = u->costs[m->index], after = before, delta, line;
		/* The models and options' cost before modifiers: its half of the scratch. */
		int64_t *base = ev->scratch + (sys->n_costs ? sys->n_costs : 1);
		if (unit_base(sys, u, base) != 0 ||
		    (m->own ? eval_own_cost(u, m, ch->value, ch->times, base[m->index], &after)
		            : apply_num(&after, m->op, ch->value, ch->times)) ||
		    __builtin_sub_overflow(after, before, &delta) ||
		    __builtin_sub_overflow(after, base[m->index], &line))
			return -1;
		u->costs[m->index] = after;
		u->mod_line = true;
		return 0;
	}
	case MOD_KEYWORD: {
		kwword *set = ch->w ? own_item_kw(ev, ch->w) : own_kw(ev, u);
		if (m->op == MOD_ADD)
			grant(sys, set, m->index);
		else
			kw_del(set, m->index);
		return 0;
	}
	case MOD_CATEGORY:
		change_category(sys, u, m->index, m->op == MOD_ADD);
		return 0;
	case MOD_PRIMARY:
		set_primary(ev, u, m);
		return 0;
	case MOD_NAME:
		return rename_unit(ev, u, m, ch);
	case MOD_HIDDEN:
		u->hidden = ch->value != 0;
		return 0;
	case MOD_LIMIT:
		break;
	}
	return 0;
}

void eval_rename(char **slot, const char *now, const struct modifier *m, int64_t value,
                 long times_taken)
{
	if (m->value && m->text[0] == '\0') {
		/* A name that is a whole number is counted: it gains the value. */
		char *end = NULL;
		errno = 0;
		long long x = strtoll(now, &end, 10);
		int64_t y = (int64_t)x;
		if (end == now || *end || errno || apply_num(&y, MOD_ADD, value, times_taken))
			return; /* not a number, or past 64 bits: the name stays */
		free(*slot);
		*slot = xasprintf("%" PRId64, y);
		return;
	}
	if (m->op == MOD_SET) {
		free(*slot);
		*slot = xstrdup(m->text);
		return;
	}
	/* An append repeated appends once for each time counted (a name of at most
	 * NAME_REPEAT_MAX appends: the count is the data's and the roster's). */
	int64_t times = m->repeat ? value : 1;
	if (times > NAME_REPEAT_MAX)
		times = NAME_REPEAT_MAX;
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, now);
	for (int64_t i = 0; i < times; i++)
		strbuf_adds(&sb, m->text);
	free(*slot);
	*slot = strbuf_detach(&sb);
}

/* The changes decided in one phase, applied after all are decided. */
struct changes {
	struct change *v;
	size_t n, cap;
};

static void add_change(struct changes *chs, struct change ch)
{
	GROW(chs->v, chs->cap, chs->n + 1);
	chs->v[chs->n++] = ch;
}

/* Modifiers apply in two phases, each decided on the units as the phase before left them:
 * first those that give or take categories and keywords, then those that change attributes
 * and costs, whose selectors and conditions so see the categories given in the first (a
 * limit modifier is decided before both, on each list). Within a phase, every modifier is
 * decided before any applies: file order never makes one see another. */
static bool in_phase(const struct modifier *m, int phase)
{
	bool kinds = m->target == MOD_CATEGORY || m->target == MOD_KEYWORD || m->target == MOD_PRIMARY;
	return m->target != MOD_LIMIT && (phase == 0 ? kinds : !kinds);
}

/* The changes of an entry's or an option's modifiers of one phase, in document order, each
 * decided on unit `on` (NULL: on list to->list; a condition on "this" reads the unit). Each that
 * applies adds *to with its modifier and value, when keep is true. */
static inline int decide_mods(struct eval *ev, const struct eunit *on, const struct modifier *mods,
                              size_t n_mods, int phase, const struct change *to, bool keep,
                              struct changes *chs)
{
	for (size_t mi = 0; mi < n_mods; mi++) {
		const struct modifier *m = &mods[mi];
		int64_t v;
		if (!in_phase(m, phase))
			continue;
		int k = eval_decide(m, ev, to->list, on, NULL, &v);
		if (k < 0)
			return -1;
		if (k > 0 && keep)
			add_change(chs, (struct change){ m, to->u, to->w, v, to->times, to->list });
	}
	return 0;
}

/* A list's limit modifiers, in file order: every other modifier sees its final limits. */
static int modify_limits(struct eval *ev, size_t li)
{
	const struct system *sys = ev->sys;
	struct elist *el = &ev->lists[li];
	for (size_t i = 0; i < sys->n_mods; i++) {
		const struct modifier *m = &sys->mods[i];
		int64_t v;
		if (m->target != MOD_LIMIT)
			continue;
		int k = eval_decide(m, ev, li, NULL, NULL, &v);
		if (k < 0)
			return -1;
		if (k > 0 && (el->limits[m->index] >= 0 || m->op == MOD_SET) &&
		    apply_num(&el->limits[m->index], m->op, v, 1))
			return -1;
	}
	return 0;
}

/* The changes of list li's modifiers of one phase: the system's, then each option's. */
static int decide_list(struct eval *ev, size_t li, int phase, struct changes *chs)
{
	const struct system *sys = ev->sys;
	struct elist *el = &ev->lists[li];
	for (size_t i = 0; i < sys->n_mods; i++) {
		const struct modifier *m = &sys->mods[i];
		int64_t v;
		if (!in_phase(m, phase))
			continue;
		int k = eval_decide(m, ev, li, NULL, NULL, &v);
		if (k < 0)
			return -1;
		if (k == 0)
			continue;
		struct sel_ctx sc = { sys, el->list, el->units, el->n, NULL, NULL, NULL, ev->memo };
		for (size_t ui = 0; ui < el->n; ui++)
			if (m->units == NULL || sel_match(m->units, &sc, &el->units[ui], NULL))
				add_change(chs, (struct change){ m, &el->units[ui], NULL, v, 1, li });
	}
	for (size_t ui = 0; ui < el->n; ui++) {
		struct eunit *u = &el->units[ui];
		const struct entry *e = u->ru->entry;
		struct change own = { NULL, u, NULL, 0, 1, li };
		if (decide_mods(ev, u, e->mods, e->n_mods, phase, &own, true, chs))
			return -1;
		for (size_t oi = 0; oi < u->ru->n_opts; oi++) {
			const struct r_option *ro = &u->ru->opts[oi];
			const struct entry_option *o = ro->opt;
			struct eitem *w = NULL;
			if (o->target == TARGET_ITEM && option_item(ro)) {
				long wi = find_item(u, option_item(ro));
				w = wi >= 0 ? &u->items[wi] : NULL;
			} else if (o->adds) {
				for (size_t k = 0; k < u->n_items; k++)
					if (u->items[k].w == o->adds)
						w = &u->items[k];
			}
			struct change to = { NULL, u, w, 0, ro->count, li };
			if (decide_mods(ev, NULL, option_more(o)->mods, option_more(o)->n_mods, phase, &to,
			                w || o->target != TARGET_ITEM, chs))
				return -1;
		}
	}
	return 0;
}

static void too_large(struct diags *d, const struct roster *r, const struct r_list *l)
{
	diags_add(d, SEV_FATAL, r->file, l->line, l->col, NULL, NULL,
	          _("a modifier of %s is too large to count (more than %" PRId64 ")"),
	          l->name ? l->name : l->id ? l->id : _("the list"), INT64_MAX);
}

static int add_totals(struct eval *ev, struct diags *d);

/* Decides and applies the modifiers, phase by phase; between them, the options' own cost
 * modifiers, whose changed costs the second phase's cost modifiers (a repeat counting an
 * option's cost) and the totals see, as BattleScribe sets a selection's children's costs
 * before its own. */
static int modify(struct eval *ev, struct diags *d)
{
	const struct roster *r = ev->r;
	struct changes chs = { NULL, 0, 0 };
	int rc = 0;
	for (size_t li = 0; li < ev->n_lists && rc == 0; li++)
		if ((rc = modify_limits(ev, li)) != 0)
			too_large(d, r, ev->lists[li].list);
	for (int phase = 0; phase < 2 && rc == 0; phase++) {
		if (phase == 1 && (rc = eval_option_costs(ev, d)) == 0) {
			expr_cache_clear(ev); /* computed on the options' costs before */
			rc = add_totals(ev, d);
		}
		chs.n = 0;
		for (size_t li = 0; li < ev->n_lists && rc == 0; li++)
			if ((rc = decide_list(ev, li, phase, &chs)) != 0)
				too_large(d, r, ev->lists[li].list);
		/* The caches were computed on the units before this phase's changes. */
		expr_cache_clear(ev);
		for (size_t i = 0; i < chs.n && rc == 0; i++)
			if (apply(ev, &chs.v[i]) != 0) {
				const struct r_unit *ru = chs.v[i].u->ru;
				diags_add(d, SEV_FATAL, r->file, ru->line, ru->col, chs.v[i].m->ref, NULL,
				          _("a modifier of %s makes a number too large to count (more than %" PRId64 ")"),
				          r_unit_name(ru), INT64_MAX);
				rc = -1;
			}
	}
	free(chs.v);
	return rc;
}

/* --- the evaluation ---------------------------------------------------------------------- */

/* Each list's totals per cost type. Returns -1 with a fatal diagnostic on overflow. */
static int add_totals(struct eval *ev, struct diags *d)
{
	const struct system *sys = ev->sys;
	for (size_t li = 0; li < ev->n_lists; li++) {
		struct elist *el = &ev->lists[li];
		for (size_t c = 0; c < sys->n_costs; c++) {
			el->totals[c] = 0;
			for (size_t ui = 0; ui < el->n; ui++)
				if (!num_add(el->totals[c], el->units[ui].costs[c], &el->totals[c])) {
					diags_add(d, SEV_FATAL, ev->r->file, el->list->line, el->list->col, NULL, NULL,
					          _("the total of %s in %s is too large to count (more than %" PRId64 ")"),
					          el->list->name ? el->list->name : el->list->id ? el->list->id : _("the list"),
					          sys->costs[c].name, INT64_MAX);
					return -1;
				}
		}
	}
	return 0;
}

struct eval *eval_new(const struct roster *r, struct diags *d)
{
	const struct system *sys = r->sys;
	size_t nc = sys->n_costs ? sys->n_costs : 1;
	struct eval *ev = xcalloc(1, sizeof(*ev));
	ev->r = r;
	ev->sys = sys;
	ev->n_lists = r->n_lists;
	ev->lists = xcalloc(r->n_lists + 1, sizeof(*ev->lists));
	ev->scratch = xcalloc(2 * nc, sizeof(*ev->scratch)); /* an option's line; a unit's cost */
	ev->memo = xmalloc(sizeof(*ev->memo));
	*ev->memo = (struct sel_memo){ xcalloc(sys->n_entry_nos + 1, sizeof(*ev->memo->rows)),
	                               sys->n_entry_nos, sys->n_sel_memo, &ev->arena };
	/* Every take of every unit in one array, counted first: unit indices in 32 bits. */
	size_t all_takes = 0, all_units = 0;
	for (size_t li = 0; li < r->n_lists; li++)
		for (size_t ui = 0; ui < r->lists[li].n_units; ui++) {
			const struct r_unit *ru = &r->lists[li].units[ui];
			size_t n = unit_takes(ru);
			all_units++;
			if (n > UINT32_MAX - all_takes) {
				diags_add(d, SEV_FATAL, r->file, ru->line, ru->col, NULL, NULL,
				          _("too many keywords granted in one roster (more than %lu)"),
				          (unsigned long)UINT32_MAX);
				eval_free(ev);
				return NULL;
			}
			all_takes += n;
		}
	ev->takes = xcalloc(all_takes + 1, sizeof(*ev->takes));
	ev->units = xcalloc(all_units + 1, sizeof(*ev->units));
	ev->n_units = all_units;
	size_t first = 0;
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct r_list *l = &r->lists[li];
		struct elist *el = &ev->lists[li];
		el->list = l;
		el->units = ev->units + first;
		first += l->n_units;
		el->limits = xcalloc(nc, sizeof(*el->limits));
		el->totals = xcalloc(nc, sizeof(*el->totals));
		for (size_t c = 0; c < sys->n_costs; c++)
			el->limits[c] = l->limits ? l->limits[c] : -1;
		for (size_t ui = 0; ui < l->n_units; ui++) {
			el->n = ui + 1;
			if (build_one(ev, &l->units[ui], &el->units[ui], d) != 0)
				goto fail;
		}
	}
	ev->units[ev->n_units].take0 = (uint32_t)ev->n_takes; /* the last unit's takes end */
	/* Totals before modifiers, so that a modifier's condition may read the points spent. */
	if (add_totals(ev, d) != 0 || modify(ev, d) != 0 || add_totals(ev, d) != 0)
		goto fail;
	return ev;
fail:
	eval_free(ev);
	return NULL;
}

/* Frees what a unit holds outside the arena: its copies of values and categories. */
static void unit_release(const struct system *sys, struct eunit *u)
{
	if (u->own_vals) {
		for (size_t i = 0; i < sys->n_unit_attrs; i++)
			free(u->vals[i].s);
		free(u->vals);
	}
	if (u->own_cats)
		free((size_t *)u->cats);
	for (size_t w = 0; w < u->n_items; w++) {
		if (u->items[w].own_vals) {
			item_vals_release(u->items[w].vals);
			free(u->items[w].vals);
		}
	}
}

size_t eval_unit_list(const struct eval *ev, const struct eunit *u)
{
	size_t lo = 0, hi = ev->n_lists;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ev->lists[mid].units <= u)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

void eval_free(struct eval *ev)
{
	if (ev == NULL)
		return;
	expr_cache_clear(ev);
	free(ev->cache);
	free(ev->cat_row);
	for (size_t li = 0; li < ev->n_lists; li++) {
		struct elist *el = &ev->lists[li];
		for (size_t ui = 0; ui < el->n; ui++)
			unit_release(ev->sys, &el->units[ui]);
		free(el->limits);
		free(el->totals);
	}
	for (size_t ui = 0; ev->names && ui < ev->n_units; ui++)
		free(ev->names[ui]);
	free(ev->names);
	free(ev->primary);
	free(ev->units);
	free(ev->lists);
	free(ev->base);
	free(ev->scratch);
	free(ev->takes);
	free(ev->memo->rows);
	free(ev->memo);
	strbuf_release(&ev->agg_key);
	arena_release(&ev->arena);
	free(ev);
}
