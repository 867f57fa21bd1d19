/* faction.c - whether a unit may stand in a list of its faction
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * faction.h says what <factions> means; read/read-factions.c reads it.
 */
#include "muster.h"
#include "faction.h"
#include "idx.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const struct group *faction_home(const struct system *sys, const struct group *g)
{
	const struct faction_def *f = sys ? sys->factions : NULL;
	if (f == NULL || !f->own || g == NULL)
		return NULL;
	if (f->level == SIZE_MAX)
		return g;
	for (const struct group *q = g; q; q = q->parent)
		if (q->level == f->level)
			return q;
	return g;
}

/* Does an ally "faction\nof" let a list held to home take a unit of group q? */
static bool ally_pair(const struct faction_def *f, const struct group *q, const struct group *home,
                      struct strbuf *key)
{
	key->len = 0;
	strbuf_adds(key, q->id);
	strbuf_addc(key, '\n');
	if (idx_get(f->pairs, key->s))
		return true;
	size_t base = key->len;
	for (const struct group *h = home; h; h = h->parent) {
		key->len = base;
		strbuf_adds(key, h->id);
		if (idx_get(f->pairs, key->s))
			return true;
	}
	return false;
}

/* Is group g, or a group above it, home (allies false), or a faction home may take as an
 * ally (allies true)? */
static bool group_allowed(const struct faction_def *f, const struct group *g,
                          const struct group *home, bool allies, struct strbuf *key)
{
	for (const struct group *q = g; q; q = q->parent)
		if (allies ? ally_pair(f, q, home, key) : q == home)
			return true;
	return false;
}

/* Is one of e's groups (its own, its <also-in> ones) allowed, as group_allowed says? */
static bool entry_allowed(const struct faction_def *f, const struct entry *e,
                          const struct group *home, bool allies, struct strbuf *key)
{
	if (group_allowed(f, e->group, home, allies, key))
		return true;
	for (size_t i = 0; i < e->n_also; i++)
		if (group_allowed(f, e->also[i], home, allies, key))
			return true;
	return false;
}

/* The list's own faction first, a few pointer compares: a key is made only when the unit
 * is of another faction and the system has allies. */
static bool allows(const struct system *sys, const struct group *home, const struct entry *e,
                   struct strbuf *key)
{
	const struct faction_def *f = sys->factions;
	return entry_allowed(f, e, home, false, key) ||
	       (f->n_allies > 0 && entry_allowed(f, e, home, true, key));
}

bool faction_allows(const struct system *sys, const struct group *g, const struct entry *e)
{
	const struct group *home = faction_home(sys, g);
	if (home == NULL || e == NULL)
		return true;
	struct strbuf key = STRBUF_INIT;
	bool ok = allows(sys, home, e, &key);
	strbuf_release(&key);
	return ok;
}

static bool under(const struct group *g, const struct group *anc)
{
	for (const struct group *q = g; q; q = q->parent)
		if (q == anc)
			return true;
	return false;
}

void faction_describe(const struct system *sys, const struct group *g, struct strbuf *sb)
{
	const struct group *home = faction_home(sys, g);
	if (home == NULL)
		return;
	strbuf_adds(sb, home->name);
	const struct faction_def *f = sys->factions;
	struct idx *seen = idx_new();
	for (size_t i = 0; i < f->n_allies; i++) {
		const struct faction_ally *a = &f->allies[i];
		/* Each ally once, in the order the system gives them. */
		if ((a->of && !under(home, a->of)) || idx_add(seen, a->faction->id, (void *)a) != 0)
			continue;
		strbuf_addf(sb, _(", %s (ally)"), a->faction->name);
	}
	idx_free(seen);
}

const struct group *faction_of_entry(const struct entry *e, const struct group *home)
{
	for (const struct group *q = e->group; q; q = q->parent)
		if (home && q->level == home->level)
			return q;
	return e->group;
}

void faction_word(const struct system *sys, const struct group *g, struct strbuf *sb)
{
	if (g == NULL)
		strbuf_adds(sb, _("no faction"));
	else
		strbuf_addf(sb, "%s %s", sys->attrs[g->level].name, g->name);
}

size_t faction_check(const struct roster *r, struct diags *d, bool *flagged)
{
	const struct system *sys = r->sys;
	size_t errors = 0;
	struct strbuf key = STRBUF_INIT, can = STRBUF_INIT;
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct r_list *l = &r->lists[li];
		const struct group *home = faction_home(sys, l->faction);
		if (home == NULL)
			continue;
		can.len = 0;
		for (size_t ui = 0; ui < l->n_units; ui++) {
			const struct r_unit *u = &l->units[ui];
			if (u->entry == NULL || allows(sys, home, u->entry, &key))
				continue;
			if (can.len == 0)
				faction_describe(sys, l->faction, &can);
			struct strbuf is = STRBUF_INIT, must = STRBUF_INIT;
			faction_word(sys, faction_of_entry(u->entry, home), &is);
			faction_word(sys, home, &must);
			bool warn = sys->factions->warn;
			diags_add(d, warn ? SEV_WARNING : SEV_ERROR, r->file, u->line, u->col,
			          sys->factions->ref, "factions",
			          _("%s is of %s, not of this list's %s; the list may take units of: %s"),
			          r_unit_name(u), is.s, must.s, can.s);
			strbuf_release(&is);
			strbuf_release(&must);
			errors += !warn;
			if (flagged && !warn)
				flagged[li] = true;
		}
	}
	strbuf_release(&key);
	strbuf_release(&can);
	return errors;
}
