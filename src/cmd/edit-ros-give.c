/* edit-ros-give.c - what the builder gives a new force of a BattleScribe roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * BattleScribe, when it makes a roster, selects in each force the root entries whose minimum
 * of selections asks for some (the suite's docs/battlescribe-ui-flow.md: x(), "select
 * default root entries"): the data's value, modifiers on the constraint not applied (a
 * Warhammer 40,000 roster gets its Show/Hide Options though a modifier sets that minimum to
 * 0), an entry hidden="true" too (the suite's constraint-hidden-enforcement), not one its
 * hidden modifiers hide in the force once those before it are selected (no Order of Battle
 * outside a Crusade force). `new` and `add-force` give each force they make the same; a
 * minimum counted in the roster only as many as the roster is short of, so that a second
 * force gets no second Battle Size.
 */
#include "muster.h"
#include "catalog.h"
#include "edit-ros-give.h"
#include "eval.h"
#include "util.h"

#include <string.h>

const char *ros_root_id(const struct entry *e)
{
	size_t n = strlen(e->catalog->id);
	if (strncmp(e->id, e->catalog->id, n) == 0 && e->id[n] == '/')
		return e->id + n + 1;
	return e->id;
}

bool ros_offered(const struct entry *e, const struct group *faction)
{
	if (e->group == faction)
		return true;
	for (size_t i = 0; i < e->n_also; i++)
		if (e->also[i] == faction)
			return true;
	return false;
}

/* The last part of root entry e's id path ("LINK::ENTRY"): the entry every link reaches. */
static const char *base_id(const struct entry *e)
{
	const char *x = ros_root_id(e), *p;
	while ((p = strstr(x, "::")) != NULL)
		x = p + 2;
	return x;
}

/* How many units of the roster are of entry e, any root place of it. */
static long units_of(const struct roster *r, const struct entry *e)
{
	long n = 0;
	for (size_t li = 0; li < r->n_lists; li++)
		for (size_t ui = 0; ui < r->lists[li].n_units; ui++) {
			const struct entry *u = r->lists[li].units[ui].entry;
			if (u && (u == e || strcmp(base_id(u), base_id(e)) == 0))
				n++;
		}
	return n;
}

/* At most this many evaluations of the roster decide what a new force is given: past them,
 * the rest are given unasked (a system of thousands of such entries stays linear). */
enum { MAX_GIVE_EVALS = 64 };

struct giving {
	const struct roster *r;
	struct eval *ev;  /* the roster evaluated, or NULL */
	size_t evals;
	bool stale;       /* units were added since ev was made */
};

/* Whether a hidden modifier of e hides it on list li of the roster as it stands (e's own
 * hidden="true" is not asked). */
static bool hidden_now(struct giving *g, size_t li, const struct entry *e)
{
	bool mods = false;
	for (size_t i = 0; i < e->n_mods; i++)
		mods = mods || e->mods[i].target == MOD_HIDDEN;
	if (!mods)
		return false;
	if (g->stale && g->evals >= MAX_GIVE_EVALS)
		return false; /* g->ev read units since moved: not asked again */
	if (g->ev == NULL || g->stale) {
		struct diags d = DIAGS_INIT;
		eval_free(g->ev);
		g->ev = eval_new(g->r, &d);
		diags_release(&d);
		g->evals++;
		g->stale = false;
	}
	return g->ev && eval_hidden(g->ev, li, NULL, false, e->mods, e->n_mods);
}

/* None in a force of a hidden force entry (its hidden="true"; its modifiers are not decided
 * here): BattleScribe keeps no constraint of a hidden force that holds no force, as a new one
 * holds none. */
void ros_give(const struct roster *r, size_t li,
              void (*add)(void *arg, size_t li, const struct entry *e), void *arg)
{
	const struct system *sys = r->sys;
	const struct group *faction = r->lists[li].faction;
	if (r->lists[li].force && r->lists[li].force->hidden)
		return;
	struct giving g = { r, NULL, 0, false };
	for (size_t ci = 0; ci < sys->n_catalogs; ci++) {
		const struct catalog *cat = sys->catalogs[ci];
		for (size_t ei = 0; cat && ei < cat->n_entries; ei++) {
			const struct entry *e = &cat->entries[ei];
			if (e->starts == 0 || !ros_offered(e, faction) || hidden_now(&g, li, e))
				continue;
			entry_made(e); /* the builder adds what it holds */
			long want = e->starts < 100 ? (long)e->starts : 100;
			if (e->starts_roster)
				want -= units_of(r, e);
			for (long k = 0; k < want; k++) {
				add(arg, li, e);
				g.stale = true;
			}
		}
	}
	eval_free(g.ev);
}
