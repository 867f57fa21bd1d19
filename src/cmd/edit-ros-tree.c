/* edit-ros-tree.c - a unit's options as a tree, for the builder on BattleScribe rosters
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A unit holds its options as one array in document order, a subtree after its root, each
 * naming its parent (model.h); their selection ids are a second array alike. An option is
 * inserted at the end of its parent's subtree, a subtree removed or repeated whole, the
 * parents of those after renumbered. Each is linear in the unit's options.
 */
#include "muster.h"
#include "edit-ros-tree.h"
#include "roster.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Inserts ro of selection id id at pos (its parent before pos), renumbering the parents after
 * it; *ids are u's options' ids. */
void opt_insert(struct roster *r, struct r_unit *u, const char ***ids, size_t pos,
                       struct r_option ro, const char *id)
{
	struct r_option *v = arena_alloc(&r->pool, u->n_opts + 1, sizeof(*v));
	const char **vi = arena_alloc(&r->pool, u->n_opts + 1, sizeof(*vi));
	if (pos) {
		memcpy(v, u->opts, pos * sizeof(*v));
		memcpy(vi, *ids, pos * sizeof(*vi));
	}
	v[pos] = ro;
	vi[pos] = id;
	for (size_t j = pos; j < u->n_opts; j++) {
		v[j + 1] = u->opts[j];
		vi[j + 1] = (*ids)[j];
		if (v[j + 1].up > pos)
			v[j + 1].up++;
	}
	u->opts = v;
	*ids = vi;
	u->n_opts++;
}

void opt_remove(struct r_unit *u, const char **ids, size_t k)
{
	size_t end = r_option_end(u, k), gone = end - k;
	for (size_t j = end; j < u->n_opts; j++) {
		struct r_option ro = u->opts[j];
		if (ro.up > end)
			ro.up -= (uint32_t)gone;
		u->opts[j - gone] = ro;
		ids[j - gone] = ids[j];
	}
	u->n_opts -= (uint32_t)gone;
}

/* Option k of u (-1: the unit) now numbers n where it numbered was: every option below it
 * scaled alike, as the reference engine multiplies a selection's number through its parents
 * (a Badge of one Sergeant is 3 when the Sergeant is 3); below a unit, each collective option
 * and those under them (one per one of the unit, as BattleScribe keeps them). */
void scale_below(struct r_unit *u, long k, long was, long n)
{
	if (was <= 0 || was == n)
		return;
	size_t from = k < 0 ? 0 : (size_t)k + 1, end = k < 0 ? u->n_opts : r_option_end(u, (size_t)k);
	bool *scaled = xcalloc(end - from + 1, sizeof(*scaled));
	for (size_t j = from; j < end; j++) {
		struct r_option *ro = &u->opts[j];
		bool under = ro->up == (uint32_t)(k + 1) || (ro->up > from && scaled[ro->up - 1 - from]);
		if (!under || (k < 0 && !ro->opt->collective))
			continue;
		long c = (long)ro->count * n / was;
		ro->count = (int32_t)(c < 1 ? 1 : c > INT32_MAX ? INT32_MAX : c);
		scaled[j - from] = true;
	}
	free(scaled);
}

/* Option k's subtree repeated times times right after it, under the same parent: the copies'
 * ids are fresh, len * times of them (len: the subtree's size), in order. */
void opt_repeat(struct roster *r, struct r_unit *u, const char ***ids, size_t k, size_t times,
                const char *const *fresh)
{
	size_t end = r_option_end(u, k), len = end - k, more = len * times;
	struct r_option *v = arena_alloc(&r->pool, u->n_opts + more, sizeof(*v));
	const char **vi = arena_alloc(&r->pool, u->n_opts + more, sizeof(*vi));
	memcpy(v, u->opts, end * sizeof(*v));
	memcpy(vi, *ids, end * sizeof(*vi));
	for (size_t c = 0; c < more; c++) {
		struct r_option ro = u->opts[k + c % len];
		if (ro.up > k) /* its parent is in the copy too */
			ro.up += (uint32_t)(len * (c / len + 1));
		v[end + c] = ro;
		vi[end + c] = fresh[c];
	}
	for (size_t j = end; j < u->n_opts; j++) {
		struct r_option ro = u->opts[j];
		if (ro.up > end)
			ro.up += (uint32_t)more;
		v[j + more] = ro;
		vi[j + more] = (*ids)[j];
	}
	u->opts = v;
	*ids = vi;
	u->n_opts += (uint32_t)more;
}
