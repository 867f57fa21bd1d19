/* unchecked.c - what a BattleScribe roster takes that Muster does not check yet
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The reader keeps every constraint and modifier of the data it does not enforce
 * (struct bs_pending, with the id of the element it stands on). A roster that is called
 * legal may still break one of them, so validate says how many stand on what the roster
 * takes: its forces' entries, its units' entries and their options, each id of a path
 * ("link::entry") counted, as a modifier may stand on the link or on the entry it reaches.
 * The reader indexes the records by that id (bs-owners.c); a roster looks up each of its ids
 * once: its cost grows with the roster, not with the system. A minimum is broken by what a
 * roster does not take, too: the minimums on the root entries its forces may take and it
 * takes none of count as well (the reader lists those entries, bs_data.min_roots).
 */
#include "check.h"

#include "muster.h"

#include <stdlib.h>
#include <string.h>

#include "idx.h"

struct tally {
	const struct bs_data *bs;
	struct idx *seen;   /* the ids of the roster looked up so far */
	struct diags *d;    /* a note for each record, or NULL */
	size_t n[2];        /* constraints, modifiers */
};

static void note_one(struct diags *d, const struct bs_pending *p)
{
	if (p->kind == BS_CONSTRAINT)
		diags_add(d, SEV_NOTE, p->file, p->line, 0, NULL, NULL,
		          _("not checked yet: constraint '%s' of '%s' (%s)"), p->id ? p->id : "",
		          p->owner, p->why ? p->why : _("a shape not read yet"));
	else
		/* TRANSLATORS: the first %s is BattleScribe's modifier type (set, increment...),
		   the second the field it changes (a constraint's or cost type's id, name...). */
		diags_add(d, SEV_NOTE, p->file, p->line, 0, NULL, NULL,
		          _("not checked yet: a modifier of '%s' (%s %s)"), p->owner,
		          p->type ? p->type : "", p->field ? p->field : "");
}

/* The records standing on id (n bytes at p), the first time the roster names it; mins: only
 * the minimums of a root entry (bs_untaken_min), for an id the roster names nowhere. */
static void look_up(struct tally *t, const char *p, size_t n, bool mins)
{
	char *id = xstrndup(p, n);
	if (idx_add(t->seen, id, t->seen) == 0) {
		const struct bs_owned *o = idx_get(t->bs->owners, id);
		for (uint32_t k = 0; o && k < o->n; k++) {
			const struct bs_pending *r = &t->bs->pending[t->bs->by_owner[o->first + k]];
			if (mins && !bs_untaken_min(r))
				continue;
			t->n[r->kind == BS_MODIFIER]++;
			if (t->d)
				note_one(t->d, r);
		}
	}
	free(id);
}

/* Each id of path p ("a::b::c"), as look_up. */
static void look_up_path(struct tally *t, const char *p, bool mins)
{
	while (p && *p) {
		const char *e = strstr(p, "::");
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n > 0)
			look_up(t, p, n, mins);
		p = e ? e + 2 : NULL;
	}
}

/* Whether root entry e is offered to a force of a faction in factions (by group id): its
 * catalogue's, or one that imports it (the game system's: every catalogue). */
static bool may_take(const struct idx *factions, const struct entry *e)
{
	if (e->group && idx_get(factions, e->group->id))
		return true;
	for (size_t k = 0; k < e->n_also; k++)
		if (e->also[k] && idx_get(factions, e->also[k]->id))
			return true;
	return false;
}

/* The minimums on the root entries the roster's forces may take, each id of their path the
 * roster does not name (a renamed entry's after its "CATALOGUE/"). */
static void look_up_untaken(struct tally *t, const struct roster *r)
{
	struct idx *factions = idx_new();
	for (size_t i = 0; i < r->n_lists; i++)
		if (r->lists[i].faction && r->lists[i].faction->id)
			(void)idx_add(factions, r->lists[i].faction->id, factions);
	for (size_t i = 0; i < t->bs->n_min_roots; i++) {
		const struct entry *e = t->bs->min_roots[i];
		if (!may_take(factions, e))
			continue;
		look_up_path(t, strrchr(e->id, '/') ? strrchr(e->id, '/') + 1 : e->id, true);
	}
	idx_free(factions);
}

/* The ids of list l's force and of its units' entries and options; a root entry that a
 * later catalogue renamed "CATALOGUE/ID" by its own id too. */
static void look_up_list(struct tally *t, const struct r_list *l)
{
	if (l->force)
		look_up_path(t, l->force->id, false);
	for (size_t u = 0; u < l->n_units; u++) {
		const struct r_unit *ru = &l->units[u];
		if (ru->entry && ru->entry->id) {
			look_up_path(t, ru->entry->id, false);
			const char *slash = strrchr(ru->entry->id, '/');
			if (slash)
				look_up_path(t, slash + 1, false);
		}
		for (uint32_t k = 0; k < ru->n_opts; k++)
			if (ru->opts[k].opt && ru->opts[k].opt->id)
				look_up_path(t, ru->opts[k].opt->id, false);
	}
}

size_t unchecked_note(const struct roster *r, const char *file, struct diags *d, bool each)
{
	const struct bs_data *bs = r->sys ? r->sys->bs : NULL;
	if (bs == NULL || bs->owners == NULL || idx_size(bs->owners) == 0)
		return 0;
	struct tally t = { bs, idx_new(), each ? d : NULL, { 0, 0 } };
	for (size_t i = 0; i < r->n_lists; i++)
		look_up_list(&t, &r->lists[i]);
	look_up_untaken(&t, r);
	idx_free(t.seen);
	if (t.n[0] + t.n[1] > 0)
		diags_add(d, SEV_NOTE, file, 0, 0, NULL, NULL,
		          _("not checked yet on what this roster takes: %zu of the data's "
		            "constraints, %zu of its modifiers (--verbose lists them)"), t.n[0], t.n[1]);
	return t.n[0] + t.n[1];
}
