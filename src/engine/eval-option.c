/* eval-option.c - an option taken, after its own modifiers (BattleScribe's, per instance)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A BattleScribe option's modifiers (option_own) are read once for every place of its
 * definition and link; each is decided here on one instance taken, in document order, on the
 * live values of the roster: the unit that holds it, its place in the unit's tree of options.
 * Nothing is kept: a caller asks for the instance it shows or checks.
 */
#include "muster.h"
#include "eval.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Calls fn(ctx, m, v) for each of o's own modifiers of target t that applies on ro, in
 * document order. */
static void each_own(struct eval *ev, size_t li, const struct eunit *u,
                     const struct entry_option *o, const struct r_option *ro, enum mod_target t,
                     void (*fn)(void *ctx, const struct modifier *m, int64_t v), void *ctx)
{
	for (int p = 0; p < 2; p++) {
		const struct bs_hide *own = option_own(o, p);
		for (size_t i = 0; own && i < own->n; i++) {
			const struct modifier *m = &own->mods[i];
			int64_t v;
			if (m->target == t && eval_decide(m, ev, li, u, ro, &v) > 0)
				fn(ctx, m, v);
		}
	}
}

static void set_hidden(void *ctx, const struct modifier *m, int64_t v)
{
	(void)m;
	*(bool *)ctx = v != 0;
}

bool eval_option_hidden(struct eval *ev, size_t li, const struct eunit *u,
                        const struct entry_option *o, const struct r_option *ro)
{
	bool hidden = o->hidden;
	each_own(ev, li, u, o, ro, MOD_HIDDEN, set_hidden, &hidden);
	return hidden;
}

struct renaming {
	char *name;
	const struct r_option *ro;
};

static void rename_one(void *ctx, const struct modifier *m, int64_t v)
{
	struct renaming *r = ctx;
	eval_rename(&r->name, r->name ? r->name : r->ro->opt->name, m, v, 1);
}

char *eval_option_name(struct eval *ev, size_t li, const struct eunit *u,
                       const struct r_option *ro)
{
	struct renaming r = { NULL, ro };
	each_own(ev, li, u, ro->opt, ro, MOD_NAME, rename_one, &r);
	return r.name;
}

struct recat {
	size_t *cats, n;
	bool changed;
};

static void recat_one(void *ctx, const struct modifier *m, int64_t v)
{
	struct recat *r = ctx;
	(void)v;
	size_t at = r->n;
	for (size_t i = 0; i < r->n; i++)
		if (r->cats[i] == m->index)
			at = i;
	if (m->op == MOD_ADD && at == r->n) {
		r->cats = xreallocarray(r->cats, r->n + 1, sizeof(*r->cats));
		r->cats[r->n++] = m->index;
	} else if (m->op == MOD_REMOVE && at < r->n) {
		memmove(&r->cats[at], &r->cats[at + 1], (r->n - at - 1) * sizeof(*r->cats));
		r->n--;
	}
	r->changed = true;
}

size_t *eval_option_cats(struct eval *ev, size_t li, const struct eunit *u,
                         const struct r_option *ro, size_t *n)
{
	const struct entry_option *o = ro->opt;
	struct recat r = { NULL, o->n_cats, false };
	if (option_own(o, 0) == NULL && option_own(o, 1) == NULL)
		return NULL;
	r.cats = xreallocarray(NULL, o->n_cats + 1, sizeof(*r.cats));
	if (o->n_cats)
		memcpy(r.cats, o->cats, o->n_cats * sizeof(*r.cats));
	each_own(ev, li, u, o, ro, MOD_CATEGORY, recat_one, &r);
	if (!r.changed) {
		free(r.cats);
		return NULL;
	}
	*n = r.n;
	return r.cats;
}

bool eval_option_costs_modified(const struct entry_option *o)
{
	for (int p = 0; p < 2; p++) {
		const struct bs_hide *own = option_own(o, p);
		for (size_t i = 0; own && i < own->n; i++)
			if (own->mods[i].target == MOD_COST)
				return true;
	}
	return false;
}

int eval_option_own_costs(struct eval *ev, size_t li, const struct eunit *u,
                          const struct r_option *ro, int64_t *per)
{
	const struct entry_option *o = ro->opt;
	int changed = 0;
	for (size_t c = 0; c < ev->sys->n_costs; c++)
		per[c] = o->costs[c];
	for (int p = 0; p < 2; p++) {
		const struct bs_hide *own = option_own(o, p);
		for (size_t i = 0; own && i < own->n; i++) {
			const struct modifier *m = &own->mods[i];
			int64_t v;
			if (m->target != MOD_COST || m->index >= ev->sys->n_costs)
				continue;
			int k = eval_decide(m, ev, li, u, ro, &v);
			if (k < 0 || (k > 0 && m->op == MOD_ADD && !num_add(per[m->index], v, &per[m->index])))
				return -1;
			if (k > 0 && m->op == MOD_SET)
				per[m->index] = v;
			changed |= k > 0;
		}
	}
	return changed;
}
