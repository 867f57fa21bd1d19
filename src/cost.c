/* cost.c - effective units: options applied, costs added up
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "cost.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static kwword *kw_copy(const struct system *sys, const kwword *src)
{
	kwword *k = xcalloc(sys->kw_words ? sys->kw_words : 1, sizeof(*k));
	if (src)
		memcpy(k, src, sys->kw_words * sizeof(*k));
	return k;
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

static long find_weapon(const struct eunit *u, const char *id)
{
	for (size_t i = u->n_weapons; i-- > 0;)
		if (strcmp(u->weapons[i].w->id, id) == 0)
			return (long)i;
	return -1;
}

static void build_one(const struct system *sys, const struct r_unit *ru, struct eunit *u)
{
	const struct entry *e = ru->entry;
	u->ru = ru;
	u->e = e;
	u->kw = kw_copy(sys, e->kw);
	u->costs = xcalloc(sys->n_costs ? sys->n_costs : 1, sizeof(*u->costs));
	size_t extra = 0;
	for (size_t i = 0; i < ru->n_opts; i++)
		extra += ru->opts[i].opt->adds ? 1 : 0;
	u->weapons = xcalloc(e->n_weapons + extra + 1, sizeof(*u->weapons));
	for (size_t i = 0; i < e->n_weapons; i++) {
		u->weapons[i].w = &e->weapons[i];
		u->weapons[i].kw = kw_copy(sys, e->weapons[i].kw);
	}
	u->n_weapons = e->n_weapons;
	for (size_t c = 0; c < sys->n_costs; c++)
		u->costs[c] = e->costs[c] * ru->models;
	size_t cap_takes = 0;
	for (size_t i = 0; i < ru->n_opts; i++) {
		const struct r_option *ro = &ru->opts[i];
		const struct entry_option *o = ro->opt;
		for (size_t c = 0; c < sys->n_costs; c++)
			u->costs[c] += o->costs[c] * ro->count * (o->per_model ? ru->models : 1);
		long target = -1;
		if (o->adds) {
			struct eweapon *w = &u->weapons[u->n_weapons];
			w->w = o->adds;
			w->kw = kw_copy(sys, o->adds->kw);
			w->extra_line = ro->line;
			w->extra_col = ro->col;
			target = (long)u->n_weapons++;
		}
		if (o->target == TARGET_WEAPON && o->weapon_id)
			target = find_weapon(u, o->weapon_id);
		if (o->target == TARGET_WEAPON && target < 0)
			continue; /* the catalog loader refuses options naming no weapon */
		kwword *set = o->target == TARGET_WEAPON ? u->weapons[target].kw : u->kw;
		for (size_t g = 0; g < o->n_grants; g++) {
			GROW(u->takes, cap_takes, u->n_takes + 1);
			struct take *t = &u->takes[u->n_takes++];
			t->kw = o->grants[g];
			t->weapon = o->target == TARGET_WEAPON ? target : -1;
			t->before = kw_copy(sys, set);
			t->line = ro->line;
			t->col = ro->col;
			grant(sys, set, o->grants[g]);
		}
		for (size_t r = 0; r < o->n_removes; r++)
			kw_del(set, o->removes[r]);
		for (size_t k = 0; o->drops && o->drops[k]; k++) {
			long wi = find_weapon(u, o->drops[k]);
			if (wi < 0)
				continue;
			free(u->weapons[wi].kw);
			memmove(&u->weapons[wi], &u->weapons[wi + 1],
			        (u->n_weapons - (size_t)wi - 1) * sizeof(*u->weapons));
			u->n_weapons--;
			/* Takes recorded on weapons after the dropped one shift down with them. */
			for (size_t t = 0; t < u->n_takes; t++) {
				if (u->takes[t].weapon == wi)
					u->takes[t].weapon = -2; /* gone: its take no longer applies */
				else if (u->takes[t].weapon > wi)
					u->takes[t].weapon--;
			}
		}
	}
}

struct eunit *eunits_build(const struct system *sys, const struct r_list *l)
{
	struct eunit *u = xcalloc(l->n_units ? l->n_units : 1, sizeof(*u));
	for (size_t i = 0; i < l->n_units; i++) {
		build_one(sys, &l->units[i], &u[i]);
	}
	return u;
}

void eunits_free(struct eunit *u, size_t n)
{
	if (u == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		free(u[i].kw);
		for (size_t w = 0; w < u[i].n_weapons; w++)
			free(u[i].weapons[w].kw);
		free(u[i].weapons);
		free(u[i].costs);
		for (size_t t = 0; t < u[i].n_takes; t++)
			free(u[i].takes[t].before);
		free(u[i].takes);
	}
	free(u);
}

long eunits_total(const struct eunit *u, size_t n, size_t c)
{
	long t = 0;
	for (size_t i = 0; i < n; i++)
		t += u[i].costs[c];
	return t;
}
