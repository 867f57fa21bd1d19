/* expr.c - evaluating expressions, aggregates and conditions on an evaluated roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * An aggregate is computed in one pass over its scope and cached by slot: per key when its
 * selector compares with the unit being checked (the reader lifted those tests into keys), so
 * that a rule checked for each of n units costs O(n), not O(n^2).
 */
#include "muster.h"
#include "expr.h"
#include "idx.h"
#include "keyacc.h"
#include "select.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct bucket {
	int64_t value;
	bool any;                /* AGG_HIGHEST, AGG_LOWEST: value holds one already */
	bool overflow;
	long last_list;          /* count of lists: the last list counted */
	struct keyacc ds;        /* distinct values, with how many items hold each */
};

struct acache {
	struct keyacc keys;      /* the buckets' keys: bucket i is key i's */
	struct bucket *b;
	size_t cap;
	bool overflow;           /* a unit had more key sets than AGG_MAX_KEY_SETS */
};

/* Key sets one counted item may fall in: the product of its groups at each level it is keyed
 * by (<also-in>). Past it the aggregate cannot be computed (an input error, like an
 * overflow), never a silent undercount. */
#define AGG_MAX_KEY_SETS 4096

static void bucket_release(struct bucket *b)
{
	keyacc_release(&b->ds);
}

static void cache_free(struct acache *ac)
{
	if (ac == NULL)
		return;
	for (size_t i = 0; i < ac->keys.n; i++)
		bucket_release(&ac->b[i]);
	free(ac->b);
	keyacc_release(&ac->keys);
	free(ac);
}

void expr_cache_clear(struct eval *ev)
{
	if (ev->cache == NULL)
		return;
	size_t n = (ev->n_lists + 1) * ev->sys->n_slots;
	for (size_t i = 0; i < n; i++) {
		cache_free(ev->cache[i]);
		ev->cache[i] = NULL;
	}
}

static struct bucket *bucket_get(struct acache *ac, const char *key, bool create)
{
	long i = keyacc_find(&ac->keys, key);
	if (i >= 0)
		return &ac->b[i];
	if (!create)
		return NULL;
	size_t k = keyacc_slot(&ac->keys, key);
	GROW(ac->b, ac->cap, k + 1);
	struct bucket *b = &ac->b[k];
	memset(b, 0, sizeof(*b));
	b->last_list = -1;
	return b;
}

/* --- items ------------------------------------------------------------------------------- */

static const struct value *attr_value(const struct attr_def *a, const struct eunit *u,
                                      const struct eitem *w)
{
	if (a->on == ON_ITEM)
		return w ? item_value(w->vals, a) : NULL;
	return &u->vals[a->index];
}

int64_t agg_item_value(const struct system *sys, const struct agg *a, const struct eunit *u,
                       const struct eitem *w, const struct r_option *o)
{
	switch (a->kind) {
	case AGG_UNITS:
		if (o && a->options_too)
			return o->count;
		return a->by_number && !u->ru->entry->has_models ? u->ru->models : 1;
	case AGG_ITEMS:
	case AGG_LISTS:
	case AGG_FORCES:
		return 1;
	case AGG_OPTIONS:
		return o ? o->count : 0;
	case AGG_MODELS:
		return u->ru->models;
	case AGG_COST:
		/* An option's own cost line. */
		if (o)
			return eval_unit_option_cost(sys, u, (size_t)(o - u->ru->opts), a->cost);
		return u->costs[a->cost];
	case AGG_ATTR:
	case AGG_HIGHEST:
	case AGG_LOWEST: {
		const struct value *v = attr_value(a->attr, u, w);
		return v && v->set ? v->i : 0;
	}
	case AGG_DISTINCT:
		break;
	}
	return 0;
}

/* The text that keys a value: the same text for equal values. */
static void key_value(struct strbuf *sb, const struct value *v)
{
	if (v->s)
		strbuf_adds(sb, v->s);
	else
		strbuf_addf(sb, "%ld", v->i);
	strbuf_addc(sb, '\x1f');
}

/* Is an aggregate keyed by one value alone? Its key is then that value's own text, without
 * a separator, read from the value rather than copied for every item. */
static bool one_key(const struct agg *a)
{
	return a->n_keys == 1 && !a->attached_to_this;
}

/* The key of a counted item (this = false) or of the item checked (this = true), in sb or, for
 * one_key, the value's own text; NULL when an attribute it needs is not set, so that nothing
 * matches. */
static const char *item_key(const struct agg *a, const struct eval *ev, const struct eunit *u,
                            const struct eitem *w, bool this, struct strbuf *sb)
{
	if (one_key(a)) {
		const struct value *v = attr_value(this ? a->keys[0].this_attr : a->keys[0].item_attr, u, w);
		if (v == NULL || !v->set)
			return NULL;
		if (v->s)
			return v->s;
	}
	sb->len = 0;
	if (sb->s)
		sb->s[0] = '\0';
	if (a->attached_to_this) {
		size_t li = eval_unit_list(ev, u);
		if (this) {
			const struct elist *el = &ev->lists[li];
			strbuf_addf(sb, "%zu:%zu\x1f", li, (size_t)(u - el->units));
		} else {
			if (u->ru->attach == 0)
				return NULL;
			strbuf_addf(sb, "%zu:%zu\x1f", li, (size_t)u->ru->attach - 1);
		}
	}
	for (size_t k = 0; k < a->n_keys; k++) {
		const struct value *v = attr_value(this ? a->keys[k].this_attr : a->keys[k].item_attr, u, w);
		if (v == NULL || !v->set)
			return NULL;
		key_value(sb, v);
	}
	if (one_key(a))
		sb->s[--sb->len] = '\0'; /* a number: its text without the separator */
	if (sb->s == NULL)
		strbuf_adds(sb, "");
	return sb->s;
}

/* highest and lowest: a value only once something had one. */
static bool extreme(const struct agg *a)
{
	return a->kind == AGG_HIGHEST || a->kind == AGG_LOWEST;
}

static void add_to_bucket(struct bucket *b, const struct agg *a, const struct system *sys,
                          size_t li, const struct eunit *u, const struct eitem *w,
                          const struct r_option *o)
{
	if (a->kind == AGG_DISTINCT) {
		char *s = value_display(sys, a->attr, attr_value(a->attr, u, w));
		keyacc_add(&b->ds, s, 1);
		free(s);
		return;
	}
	if (a->kind == AGG_LISTS) {
		if (b->last_list == (long)li)
			return;
		b->last_list = (long)li;
	}
	if (a->kind == AGG_HIGHEST || a->kind == AGG_LOWEST) {
		const struct value *v = attr_value(a->attr, u, w);
		if (v == NULL || !v->set)
			return; /* an item without the value is not counted, not a zero */
		if (!b->any || (a->kind == AGG_HIGHEST ? v->i > b->value : v->i < b->value))
			b->value = v->i;
		b->any = true;
		return;
	}
	if (!num_add(b->value, agg_item_value(sys, a, u, w, o), &b->value))
		b->overflow = true;
}

static void add_to(struct acache *ac, const struct agg *a, const struct system *sys,
                   size_t li, const char *key, const struct eunit *u, const struct eitem *w,
                   const struct r_option *o)
{
	add_to_bucket(bucket_get(ac, key, true), a, sys, li, u, w, o);
}


void agg_visit_unit(const struct agg *a, const struct sel_ctx *c, const struct eunit *u,
                    agg_visit_fn *fn, void *arg)
{
	if (a->top_forces && c->list && c->list->up != 0)
		return; /* a unit of a force within another */
	if (a->item == ON_ITEM) {
		for (size_t wi = 0; wi < u->n_items; wi++)
			if (sel_match(a->where, c, u, &u->items[wi]))
				fn(arg, u, &u->items[wi], NULL);
	} else if (a->item == ON_OPTION) {
		for (size_t oi = 0; oi < u->ru->n_opts; oi++)
			if (sel_match_option(a->where, c, u, &u->ru->opts[oi]))
				fn(arg, u, NULL, &u->ru->opts[oi]);
	} else {
		if (sel_match_unit(a->where, c, u))
			fn(arg, u, NULL, NULL);
		for (size_t oi = 0; a->options_too && oi < u->ru->n_opts; oi++)
			if (sel_match_option(a->where, c, u, &u->ru->opts[oi]))
				fn(arg, u, NULL, &u->ru->opts[oi]);
	}
}

/* What a pass over a scope fills: the cache, by key. */
struct filling {
	struct acache *ac;
	const struct agg *a;
	const struct eval *ev;
	size_t li;
	struct strbuf key;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The values of key k of an item, NUL-separated in sb (sorted, without repeats): its one value,
 * and for a level the further groups its entry is in at that level (<also-in>, doc/data-guide.md:
 * "a level matches any of a unit's groups"). Returns how many; 0 when it has none. */
static size_t key_values(const struct attr_def *a, const struct value *v, const struct eunit *u,
                         const struct system *sys, struct strbuf *sb)
{
	sb->len = 0;
	size_t n = 0;
	const char **ids = NULL;
	size_t cap = 0;
	if (v && v->set && a->type == ATTR_LEVEL && u->ru->entry->n_also) {
		const struct entry *e = u->ru->entry;
		GROW(ids, cap, 1);
		ids[n++] = v->s ? v->s : "";
		for (size_t i = 0; i < e->n_also; i++)
			for (const struct group *q = e->also[i]; q; q = q->parent)
				if (&sys->attrs[q->level] == a) {
					GROW(ids, cap, n + 1);
					ids[n++] = q->id;
				}
		qsort(ids, n, sizeof(*ids), cmp_str);
		size_t kept = 0;
		for (size_t i = 0; i < n; i++)
			if (kept == 0 || strcmp(ids[i], ids[kept - 1]) != 0)
				ids[kept++] = ids[i];
		n = kept;
		for (size_t i = 0; i < n; i++) {
			strbuf_adds(sb, ids[i]);
			strbuf_addc(sb, '\0');
		}
		free(ids);
		return n;
	}
	return 0;
}

/* Does item u have a further group (<also-in>) at a level it is keyed by? */
static bool keyed_by_also(const struct agg *a, const struct eunit *u, const struct eitem *w,
                          bool this, const struct system *sys)
{
	if (u->ru->entry->n_also == 0 || a->attached_to_this)
		return false;
	struct strbuf sb = STRBUF_INIT;
	bool multi = false;
	for (size_t k = 0; k < a->n_keys && !multi; k++) {
		const struct attr_def *at = this ? a->keys[k].this_attr : a->keys[k].item_attr;
		multi = key_values(at, attr_value(at, u, w), u, sys, &sb) > 1;
	}
	strbuf_release(&sb);
	return multi;
}

/* The faction of list li, as a key ("" for none). */
static const char *faction_key(const struct eval *ev, size_t li)
{
	const struct group *f = ev->lists[li].list->faction;
	return f && f->id ? f->id : "";
}

/* The first list of list li's faction: the row that caches its SCOPE_CATALOGUE aggregates, so
 * that each is computed once for each faction, not once for each list. */
static size_t catalogue_row(struct eval *ev, size_t li)
{
	if (ev->cat_row == NULL) {
		ev->cat_row = xcalloc(ev->n_lists, sizeof(*ev->cat_row)); /* n_lists > 0: li is one */
		struct idx *first = idx_new();
		for (size_t i = 0; i < ev->n_lists; i++) {
			const size_t *at = idx_get(first, faction_key(ev, i));
			ev->cat_row[i] = at ? *at : i;
			if (at == NULL)
				idx_add(first, faction_key(ev, i), &ev->cat_row[i]);
		}
		idx_free(first);
	}
	return ev->cat_row[li];
}

void agg_lists(const struct agg *a, const struct eval *ev, size_t li, size_t *from, size_t *to)
{
	*from = li;
	*to = li + 1;
	if (a->scope == SCOPE_ROSTER || a->scope == SCOPE_CATALOGUE) {
		*from = 0;
		*to = ev->n_lists;
	} else if (a->scope == SCOPE_FORCE || a->scope == SCOPE_CHILDREN) {
		/* A force's run: the forces within it follow it (model.h, forces_end). */
		*from = li + (a->scope == SCOPE_CHILDREN);
		*to = forces_end(ev->r, li);
	}
}

enum ev_status agg_forces(const struct agg *a, struct eval *ev, size_t from, size_t to,
                          int64_t *out)
{
	*out = 0;
	for (size_t li = from; li < to; li++) {
		struct ectx c = { ev, li, NULL, NULL, NULL };
		enum ev_status st = EV_OK;
		if (cond_holds(a->where, &c, &st))
			(*out)++;
		else if (st == EV_OVERFLOW)
			return st;
	}
	return EV_OK;
}

/* Visits what the aggregate selects in its scope: list row, or every list when row is the
 * roster's (n_lists); *li names the list being visited. */
static void visit_scope(const struct agg *a, const struct eval *ev, size_t row, size_t *li,
                        agg_visit_fn *fn, void *arg)
{
	size_t from, to;
	agg_lists(a, ev, row, &from, &to);
	for (*li = from; *li < to; (*li)++) {
		const struct elist *el = &ev->lists[*li];
		if (a->scope == SCOPE_CATALOGUE && strcmp(faction_key(ev, *li), faction_key(ev, row)) != 0)
			continue; /* a list of another faction */
		struct sel_ctx c = { ev->sys, el->list, el->units, el->n, NULL, NULL, NULL, ev->memo };
		for (size_t ui = 0; ui < el->n; ui++)
			agg_visit_unit(a, &c, &el->units[ui], fn, arg);
	}
}

/* The values of each key of an item, as fill_expanded and union_value take them: sets[k]
 * holds n[k] sorted NUL-terminated values. False when a key has no value. */
static bool item_key_sets(const struct agg *a, const struct eunit *u, const struct eitem *w,
                          bool this, const struct system *sys, struct strbuf *sets, size_t *n)
{
	for (size_t k = 0; k < a->n_keys; k++) {
		const struct attr_def *at = this ? a->keys[k].this_attr : a->keys[k].item_attr;
		const struct value *v = attr_value(at, u, w);
		if (v == NULL || !v->set)
			return false;
		n[k] = key_values(at, v, u, sys, &sets[k]);
		if (n[k] == 0) {
			/* One value: as item_key writes it, without its separator. */
			sets[k].len = 0;
			key_value(&sets[k], v);
			sets[k].s[sets[k].len - 1] = '\0';
			n[k] = 1;
		}
	}
	return true;
}

/* Adds a counted item with further groups to the bucket of every key set it falls in: one
 * value of each key, the product over the keys (counted in each, as group-by counts it). */
static void fill_expanded(struct filling *f, const struct eunit *u, const struct eitem *w,
                          const struct r_option *o)
{
	const struct system *sys = f->ev->sys;
	struct strbuf *vals = xcalloc(f->a->n_keys + 1, sizeof(*vals));
	size_t *n = xcalloc(f->a->n_keys + 1, sizeof(*n));
	size_t *at = xcalloc(f->a->n_keys + 1, sizeof(*at));
	const char **cur = xcalloc(f->a->n_keys + 1, sizeof(*cur));
	size_t sets = 1;
	if (!item_key_sets(f->a, u, w, false, sys, vals, n))
		goto out;
	for (size_t k = 0; k < f->a->n_keys; k++) {
		if (sets > AGG_MAX_KEY_SETS / n[k]) {
			f->ac->overflow = true;
			goto out;
		}
		sets *= n[k];
		cur[k] = vals[k].s;
	}
	/* Every combination, as an odometer over the keys' values. */
	for (size_t s = 0; s < sets; s++) {
		f->key.len = 0;
		if (f->key.s)
			f->key.s[0] = '\0';
		for (size_t k = 0; k < f->a->n_keys; k++) {
			strbuf_adds(&f->key, cur[k]);
			if (!one_key(f->a))
				strbuf_addc(&f->key, '\x1f');
		}
		add_to(f->ac, f->a, sys, f->li, f->key.s, u, w, o);
		for (size_t k = 0; k < f->a->n_keys; k++) {
			cur[k] += strlen(cur[k]) + 1;
			if (++at[k] < n[k])
				break;
			at[k] = 0;
			cur[k] = vals[k].s;
		}
	}
out:
	for (size_t k = 0; k < f->a->n_keys; k++)
		strbuf_release(&vals[k]);
	free(vals);
	free(n);
	free(at);
	free(cur);
}

static void fill_one(void *arg, const struct eunit *u, const struct eitem *w,
                     const struct r_option *o)
{
	struct filling *f = arg;
	const char *key;
	if (keyed_by_also(f->a, u, w, false, f->ev->sys))
		fill_expanded(f, u, w, o);
	else if ((key = item_key(f->a, f->ev, u, w, false, &f->key)) != NULL)
		add_to(f->ac, f->a, f->ev->sys, f->li, key, u, w, o);
}


/* Do two sorted sets of n and m NUL-terminated values share one? */
static bool sets_meet(const char *x, size_t n, const char *y, size_t m)
{
	size_t i = 0, j = 0;
	while (i < n && j < m) {
		int c = strcmp(x, y);
		if (c == 0)
			return true;
		if (c < 0) {
			x += strlen(x) + 1;
			i++;
		} else {
			y += strlen(y) + 1;
			j++;
		}
	}
	return false;
}

/* A checked item with further groups at a level it is keyed by: the items that share a value
 * of every key with it, each counted once (not once per shared group), in one pass over the
 * scope. Kept in the aggregate's cache under the item's key sets ("\x1e" first, which no
 * one-value key starts with), so the pass is made once per distinct set of groups, not per
 * item checked: entries with <also-in> are few, and their units share them. */
struct union_fill {
	const struct agg *a;
	const struct eval *ev;
	const struct eunit *this_u;
	const struct eitem *this_w;
	struct strbuf *this_sets, *sets;
	size_t *this_n, *n;
	struct bucket *b;
	size_t li;
};

static void union_one(void *arg, const struct eunit *u, const struct eitem *w,
                      const struct r_option *o)
{
	struct union_fill *f = arg;
	if (f->a->not_this && u == f->this_u && w == f->this_w)
		return;
	if (!item_key_sets(f->a, u, w, false, f->ev->sys, f->sets, f->n))
		return;
	for (size_t k = 0; k < f->a->n_keys; k++)
		if (!sets_meet(f->this_sets[k].s, f->this_n[k], f->sets[k].s, f->n[k]))
			return;
	add_to_bucket(f->b, f->a, f->ev->sys, f->li, u, w, o);
}

static enum ev_status union_value(const struct agg *a, struct eval *ev, struct acache *ac,
                                  size_t row, const struct ectx *c, int64_t *out)
{
	size_t nk = a->n_keys;
	struct strbuf *this_sets = xcalloc(2 * nk + 1, sizeof(*this_sets));
	size_t *counts = xcalloc(2 * nk + 1, sizeof(*counts));
	struct union_fill f = { a, ev, c->this_u, c->this_w, this_sets, this_sets + nk, counts,
	                        counts + nk, NULL, 0 };
	enum ev_status st = EV_OK;
	if (!item_key_sets(a, c->this_u, c->this_w, true, ev->sys, this_sets, counts))
		goto out;
	struct strbuf key = STRBUF_INIT;
	strbuf_addc(&key, '\x1e');
	for (size_t k = 0; k < nk; k++) {
		for (size_t i = 0; i < this_sets[k].len; i++)
			strbuf_addc(&key, this_sets[k].s[i] ? this_sets[k].s[i] : '\x1d');
		strbuf_addc(&key, '\x1f');
	}
	if (a->not_this) {
		/* The pass leaves the checked item out: the bucket is its own. */
		size_t li = eval_unit_list(ev, c->this_u);
		const struct elist *el = &ev->lists[li];
		strbuf_addf(&key, "%zu:%zu:%zu", li,
		            (size_t)(c->this_u - el->units),
		            c->this_w ? (size_t)(c->this_w - c->this_u->items) : (size_t)-1);
	}
	struct bucket *b = bucket_get(ac, key.s, false);
	if (b == NULL) {
		b = bucket_get(ac, key.s, true);
		f.b = b;
		visit_scope(a, ev, row, &f.li, union_one, &f);
	}
	strbuf_release(&key);
	if (b->overflow)
		st = EV_OVERFLOW;
	else if (extreme(a) && !b->any)
		st = EV_NA;
	else
		*out = a->kind == AGG_DISTINCT ? (int64_t)b->ds.live : b->value;
out:
	for (size_t k = 0; k < 2 * nk; k++)
		strbuf_release(&this_sets[k]);
	free(this_sets);
	free(counts);
	return st;
}

/* One pass over the aggregate's scope. */
static struct acache *compute(const struct agg *a, struct eval *ev, size_t row)
{
	struct filling f = { xcalloc(1, sizeof(*f.ac)), a, ev, 0, STRBUF_INIT };
	visit_scope(a, ev, row, &f.li, fill_one, &f);
	strbuf_release(&f.key);
	return f.ac;
}

static struct acache *cached(const struct agg *a, struct eval *ev, size_t row)
{
	size_t slots = ev->sys->n_slots;
	if (ev->cache == NULL)
		ev->cache = xcalloc((ev->n_lists + 1) * slots + 1, sizeof(*ev->cache));
	struct acache **slot = &ev->cache[row * slots + a->slot];
	if (*slot == NULL)
		*slot = compute(a, ev, row);
	return *slot;
}

struct one_bucket {
	struct bucket b;
	const struct agg *a;
	const struct system *sys;
	size_t li;
};

static void fill_bucket(void *arg, const struct eunit *u, const struct eitem *w,
                        const struct r_option *o)
{
	struct one_bucket *ob = arg;
	add_to_bucket(&ob->b, ob->a, ob->sys, ob->li, u, w, o);
}

/* An aggregate over this unit's own items: no cache, it reads one unit. */
static enum ev_status unit_value(const struct agg *a, const struct ectx *c, int64_t *out)
{
	const struct eunit *u = c->this_u;
	const struct elist *el = &c->ev->lists[c->li];
	struct sel_ctx sc = { c->ev->sys, el->list, el->units, el->n, u, c->this_w, NULL,
	                      c->ev->memo };
	struct one_bucket ob = { { .last_list = -1 }, a, c->ev->sys, c->li };
	agg_visit_unit(a, &sc, u, fill_bucket, &ob);
	*out = a->kind == AGG_DISTINCT ? (int64_t)ob.b.ds.live : ob.b.value;
	bucket_release(&ob.b);
	if (extreme(a) && !ob.b.any)
		return EV_NA; /* nothing had a value: the expression does not apply */
	return ob.b.overflow ? EV_OVERFLOW : EV_OK;
}

/* Whether a selection of this id and these categories is the ancestor a->scope names. */
static bool ancestor_is(const struct agg *a, const char *id, const size_t *cats, size_t n_cats)
{
	if (a->ancestor_cat < 0)
		return strcmp(id, a->ancestor) == 0;
	for (size_t i = 0; i < n_cats; i++)
		if (cats[i] == (size_t)a->ancestor_cat)
			return true;
	return false;
}

/* in="self" and in="parent", for a rule checked per option: the options of one subtree of the
 * unit's. A unit's options are in document order, a subtree right after its root, so the
 * subtree of option r ends at the first option whose parent stands before r. */
static enum ev_status tree_value(const struct agg *a, const struct ectx *c, int64_t *out)
{
	const struct eunit *u = c->this_u;
	const struct r_unit *ru = u->ru;
	size_t self = (size_t)(c->this_o - ru->opts);
	/* [from, to): the option and what it holds, or what its parent holds, or what the
	 * nearest option of id a->ancestor above it holds (the unit, when its entry is that). */
	size_t root = a->scope == SCOPE_SELF ? self + 1 : c->this_o->up;
	if (a->scope == SCOPE_ANCESTOR && a->ancestor == NULL && a->ancestor_cat < 0) {
		/* None named: how many selections stand above it, the unit's one of them. */
		*out = 1;
		for (size_t at = root; at && *out <= (int64_t)ru->n_opts; at = ru->opts[at - 1].up)
			(*out)++;
		return EV_OK;
	}
	if (a->scope == SCOPE_ANCESTOR) {
		while (root && !ancestor_is(a, ru->opts[root - 1].opt->id, ru->opts[root - 1].opt->cats,
		                            ru->opts[root - 1].opt->n_cats))
			root = ru->opts[root - 1].up;
		if (root == 0 && !ancestor_is(a, ru->entry->id, u->cats, u->n_cats))
			return EV_NA; /* nothing above it is that: the rule does not apply */
	}
	size_t from = a->scope == SCOPE_SELF ? self : root;
	size_t to = root ? r_option_end(ru, root - 1) : ru->n_opts;
	/* a->direct: the option alone (self), or what its parent holds directly (parent). */
	uint32_t up = a->scope == SCOPE_SELF ? c->this_o->up : (uint32_t)root;
	if (a->direct && a->scope == SCOPE_SELF)
		to = self + 1;
	const struct elist *el = &c->ev->lists[c->li];
	struct sel_ctx sc = { c->ev->sys, el->list, el->units, el->n, u, NULL, NULL, c->ev->memo };
	struct one_bucket ob = { { .last_list = -1 }, a, c->ev->sys, c->li };
	for (size_t i = from; i < to; i++)
		if ((!a->direct || a->scope == SCOPE_ANCESTOR || ru->opts[i].up == up) &&
		    sel_match_option(a->where, &sc, u, &ru->opts[i]))
			fill_bucket(&ob, u, NULL, &ru->opts[i]);
	*out = a->kind == AGG_DISTINCT ? (int64_t)ob.b.ds.live : ob.b.value;
	bucket_release(&ob.b);
	if (extreme(a) && !ob.b.any)
		return EV_NA;
	return ob.b.overflow ? EV_OVERFLOW : EV_OK;
}

/* BattleScribe's scope of an entry id or of a kind of selection: what the nearest selection
 * that sel_scope_is holds, the option decided on itself included, or the unit (when a unit's
 * modifier is decided, the unit alone; with no a->ancestor, its scope self, the one decided
 * on); its direct children only, unless a->deep. An option is a model or an upgrade. */
static enum ev_status by_id_value(const struct agg *a, const struct ectx *c, int64_t *out)
{
	const struct eunit *u = c->this_u;
	if (u == NULL)
		return EV_NA;
	const struct r_unit *ru = u->ru;
	size_t root = c->this_o ? (size_t)(c->this_o - ru->opts) + 1 : 0;
	while (a->ancestor && root && !sel_scope_is(a->ancestor, ru->opts[root - 1].opt->id,
	                         ru->opts[root - 1].opt->model ? ENTRY_MODEL : ENTRY_UPGRADE, false))
		root = ru->opts[root - 1].up;
	if (a->ancestor && root == 0 && !sel_scope_is(a->ancestor, ru->entry->id, ru->entry->type, true))
		return EV_NA; /* no selection of that scope holds it: BattleScribe counts nothing */
	size_t to = root ? r_option_end(ru, root - 1) : ru->n_opts;
	const struct elist *el = &c->ev->lists[c->li];
	struct sel_ctx sc = { c->ev->sys, el->list, el->units, el->n, u, NULL, NULL, c->ev->memo };
	struct one_bucket ob = { { .last_list = -1 }, a, c->ev->sys, c->li };
	for (size_t i = root; i < to; i++)
		if ((a->deep || ru->opts[i].up == root) &&
		    sel_match_option(a->where, &sc, u, &ru->opts[i]))
			fill_bucket(&ob, u, NULL, &ru->opts[i]);
	*out = a->kind == AGG_DISTINCT ? (int64_t)ob.b.ds.live : ob.b.value;
	bucket_release(&ob.b);
	return ob.b.overflow ? EV_OVERFLOW : EV_OK;
}

enum ev_status agg_value(const struct agg *a, const struct ectx *c, int64_t *out)
{
	*out = 0;
	if (a->scope == SCOPE_ANCESTOR && a->by_id)
		return by_id_value(a, c, out);
	if (a->scope == SCOPE_SELF || a->scope == SCOPE_PARENT || a->scope == SCOPE_ANCESTOR) {
		if (c->this_u == NULL || c->this_o == NULL)
			return EV_NA;
		return tree_value(a, c, out);
	}
	if (a->scope == SCOPE_UNIT) {
		if (c->this_u == NULL)
			return EV_NA;
		return unit_value(a, c, out);
	}
	struct eval *ev = c->ev;
	size_t row = a->scope == SCOPE_ROSTER ? ev->n_lists : c->li;
	if (a->scope != SCOPE_ROSTER && c->li >= ev->n_lists)
		return EV_NA;
	if (a->scope == SCOPE_CATALOGUE)
		row = catalogue_row(ev, c->li);
	if (a->kind == AGG_FORCES) {
		size_t from, to;
		agg_lists(a, ev, row, &from, &to);
		return agg_forces(a, ev, from, to, out);
	}
	struct acache *ac = cached(a, ev, row);
	/* The eval's buffer: nothing below asks for another aggregate while the key is used. */
	struct strbuf *buf = &ev->agg_key;
	const char *key = "";
	enum ev_status st = EV_OK;
	bool keyed = a->n_keys > 0 || a->attached_to_this;
	if (keyed && c->this_u == NULL)
		return EV_NA;
	if (ac->overflow)
		return EV_OVERFLOW;
	if (keyed && keyed_by_also(a, c->this_u, c->this_w, true, ev->sys))
		return union_value(a, ev, ac, row, c, out);
	if (keyed && (key = item_key(a, ev, c->this_u, c->this_w, true, buf)) == NULL)
		return EV_OK; /* the unit has no value to match: nothing matches it */
	struct bucket *b = bucket_get(ac, key, false);
	if (b && b->overflow)
		st = EV_OVERFLOW;
	else if (extreme(a) && (b == NULL || !b->any))
		st = EV_NA;
	else if (b)
		*out = a->kind == AGG_DISTINCT ? (int64_t)b->ds.live : b->value;
	/* <not-this/>: take the checked item's own share back out, when it was counted here. */
	if (b && a->not_this && st == EV_OK) {
		const struct elist *el = &ev->lists[eval_unit_list(ev, c->this_u)];
		struct sel_ctx sc = { ev->sys, el->list, el->units, el->n, NULL, NULL, NULL, ev->memo };
		struct strbuf self = STRBUF_INIT;
		const char *own;
		if (sel_match(a->where, &sc, c->this_u, c->this_w) &&
		    (own = item_key(a, ev, c->this_u, c->this_w, false, &self)) != NULL &&
		    strcmp(own, key) == 0)
			*out -= agg_item_value(ev->sys, a, c->this_u, c->this_w, NULL);
		strbuf_release(&self);
	}
	return st;
}

/* --- conditions ------------------------------------------------------------------------------ */

static bool cmp_num(enum cmp_op op, int64_t x, int64_t y)
{
	switch (op) {
	case CMP_EQ: return x == y;
	case CMP_NE: return x != y;
	case CMP_LT: return x < y;
	case CMP_LE: return x <= y;
	case CMP_GT: return x > y;
	case CMP_GE: return x >= y;
	case CMP_IN: case CMP_NOT_IN: break;
	}
	return false;
}

static const struct r_list *ctx_list(const struct ectx *c)
{
	return c->li < c->ev->n_lists ? c->ev->lists[c->li].list : NULL;
}

bool cond_holds(const struct sel *s, const struct ectx *c, enum ev_status *st)
{
	enum ev_status dummy;
	if (st == NULL)
		st = &dummy;
	*st = EV_OK;
	switch (s->kind) {
	case SEL_ALL:
		for (size_t i = 0; i < s->n_kids; i++)
			if (!cond_holds(s->kids[i], c, st))
				return false;
		return true;
	case SEL_ANY:
		for (size_t i = 0; i < s->n_kids; i++)
			if (cond_holds(s->kids[i], c, st))
				return true;
		return false;
	case SEL_NOT:
		for (size_t i = 0; i < s->n_kids; i++)
			if (cond_holds(s->kids[i], c, st) || *st == EV_OVERFLOW)
				return false;
		return true;
	case SEL_FIELD: {
		const struct r_list *l = ctx_list(c);
		const long *fields = l ? l->fields : c->ev->r->fields;
		return cmp_num(s->op, fields[s->index], s->num);
	}
	case SEL_TEST: {
		int64_t v;
		*st = expr_eval(s->expr, c, &v);
		return *st == EV_OK && cmp_num(s->op, v, s->num);
	}
	case SEL_HAS: {
		int64_t v;
		*st = agg_value(s->agg, c, &v);
		return *st == EV_OK && v >= 1;
	}
	case SEL_COND_REF:
		return cond_holds(s->ref, c, st);
	case SEL_FORCE: {
		const struct r_list *l = ctx_list(c);
		const struct group *g = l ? l->faction : NULL;
		while (s->group && g && g != s->group)
			g = g->parent;
		return l && (s->group == NULL || g) && (s->size == NULL || l->size == s->size) &&
		       (s->num == 0 || (s->num == 2) == (l->up != 0)) &&
		       (s->id == NULL || (l->force && strcmp(l->force->id, s->id) == 0));
	}
	case SEL_FORCE_ENTRY: {
		const struct r_list *l = ctx_list(c);
		return l && l->force && l->force->id && strcmp(l->force->id, s->id) == 0;
	}
	case SEL_PARENT: {
		const struct r_list *l = ctx_list(c);
		if (l == NULL || l->up == 0)
			return false;
		struct ectx up = { c->ev, l->up - 1, NULL, NULL, NULL };
		for (size_t i = 0; i < s->n_kids; i++)
			if (!cond_holds(s->kids[i], &up, st))
				return false;
		return true;
	}
	case SEL_UP_INSTANCE:
		return sel_up_instance(s, c->this_u, c->this_o);
	default:
		break; /* the reader allows no other leaf in a condition */
	}
	return false;
}

/* --- expressions ----------------------------------------------------------------------------- */

static enum ev_status divide(int64_t num, int64_t den, enum rounding r, int64_t *out)
{
	if (den == 0)
		return EV_NA;
	if (den < 0) {
		if (num == INT64_MIN || den == INT64_MIN)
			return EV_OVERFLOW;
		num = -num;
		den = -den;
	}
	*out = div_round(num, den, r);
	return EV_OK;
}

enum ev_status expr_eval(const struct expr *e, const struct ectx *c, int64_t *out)
{
	enum ev_status st;
	int64_t a = 0, b = 0;
	const struct elist *el = c->li < c->ev->n_lists ? &c->ev->lists[c->li] : NULL;
	*out = 0;
	switch (e->kind) {
	case EX_NUM:
		*out = e->num;
		return EV_OK;
	case EX_FIELD:
		*out = el ? el->list->fields[e->index] : c->ev->r->fields[e->index];
		return EV_OK;
	case EX_LIMIT:
		if (el == NULL || el->limits[e->index] < 0)
			return EV_NA;
		*out = el->limits[e->index];
		return EV_OK;
	case EX_THIS: {
		if (c->this_u == NULL)
			return EV_NA;
		const struct value *v = attr_value(e->attr, c->this_u, c->this_w);
		if (v == NULL || !v->set)
			return EV_NA;
		*out = v->i;
		return EV_OK;
	}
	case EX_AGG:
		return agg_value(e->agg, c, out);
	case EX_PER:
	case EX_PERCENT:
		if (e->n_kids) {
			if ((st = expr_eval(e->kids[0], c, &a)) != EV_OK)
				return st;
		} else if (el == NULL) {
			return EV_NA;
		} else if (e->basis == BASIS_LIMIT) {
			a = el->limits[e->index];
			if (a < 0)
				return EV_NA;
		} else {
			a = el->totals[e->index];
		}
		if (e->kind == EX_PER) {
			if ((st = divide(a, e->every, e->round, &b)) != EV_OK)
				return st;
			return num_mul(e->num, b, out) ? EV_OK : EV_OVERFLOW;
		}
		if (!num_mul(a, e->num, &b))
			return EV_OVERFLOW;
		return divide(b, 100, e->round, out);
	case EX_ADD:
	case EX_MUL:
	case EX_MIN:
	case EX_MAX:
		for (size_t i = 0; i < e->n_kids; i++) {
			if ((st = expr_eval(e->kids[i], c, &b)) != EV_OK)
				return st;
			if (i == 0)
				a = b;
			else if (e->kind == EX_ADD ? !num_add(a, b, &a)
			         : e->kind == EX_MUL ? !num_mul(a, b, &a) : false)
				return EV_OVERFLOW;
			else if (e->kind == EX_MIN && b < a)
				a = b;
			else if (e->kind == EX_MAX && b > a)
				a = b;
		}
		*out = a;
		return EV_OK;
	case EX_SUB:
	case EX_DIV:
		if ((st = expr_eval(e->kids[0], c, &a)) != EV_OK ||
		    (st = expr_eval(e->kids[1], c, &b)) != EV_OK)
			return st;
		if (e->kind == EX_DIV)
			return divide(a, b, e->round, out);
		return __builtin_sub_overflow(a, b, out) ? EV_OVERFLOW : EV_OK;
	case EX_CLAMP:
		if ((st = expr_eval(e->kids[0], c, &a)) != EV_OK)
			return st;
		if (e->has_lo && a < e->lo)
			a = e->lo;
		if (e->has_hi && a > e->hi)
			a = e->hi;
		*out = a;
		return EV_OK;
	case EX_IF:
		if (cond_holds(e->when, c, &st))
			return expr_eval(e->kids[0], c, out);
		if (st == EV_OVERFLOW)
			return st;
		if (e->n_kids > 1)
			return expr_eval(e->kids[1], c, out);
		return EV_OK;
	}
	return EV_NA;
}
