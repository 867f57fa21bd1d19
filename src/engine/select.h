/* select.h - selectors: which units or items a rule speaks of (the matching side)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A selector is a tree parsed from rules-xml: all/any/not over leaves that test an entry id, a
 * category, a keyword, an attribute comparison, a catalog level (faction, regiment ...: those
 * are attributes too), a PCRE2 name pattern, the model count, a list field, or a relation to
 * the unit being checked ("the same sub-faction as this unit", "another unit").
 */
#ifndef MUSTER_SELECT_H
#define MUSTER_SELECT_H

#include "diag.h"
#include "eval.h"
#include "lang.h"
#include "value.h"

/* What a selector is evaluated against. */
struct sel_ctx {
	const struct system *sys;
	const struct r_list *list;
	const struct eunit *units;      /* the list's effective units */
	size_t n_units;
	const struct eunit *this_unit;  /* the unit a per-unit rule is checking, or NULL */
	const struct eitem *this_eitem;
	const kwword *this_kw;          /* overrides the keywords of "this" (taking rules) */
	struct sel_memo *memo;          /* the evaluation's verdicts per entry, or NULL: none kept */
};

/* A verdict kept for an entry (struct sel_memo): */
enum { SEL_UNDECIDED = 0, SEL_NO = 1, SEL_YES = 2 };

/* Is s's verdict on unit u its entry's: does u keep the entry's keywords, values and
 * categories where s reads them, with no keywords of "this" standing in for u's? */
static inline bool sel_entry_verdict(const struct sel *s, const struct sel_ctx *c,
                                     const struct eunit *u)
{
	if ((s->deps & SEL_DEP_KW) && (u->own_kw || (c->this_kw && u == c->this_unit)))
		return false;
	if ((s->deps & SEL_DEP_VALS) && u->own_vals)
		return false;
	return !(s->deps & SEL_DEP_CATS) || !u->own_cats;
}

/* s's verdict on unit u as kept for u's entry: SEL_NO or SEL_YES, or SEL_UNDECIDED when none
 * is kept (yet), for sel_match to decide. A loop over 100,000 units asks this first. */
static inline int sel_kept(const struct sel *s, const struct sel_ctx *c, const struct eunit *u)
{
	const struct sel_memo *m = c->memo;
	size_t no = u->ru->entry->no;
	if (s->memo == 0 || m == NULL || no == 0 || no > m->n_rows || m->rows[no - 1] == NULL ||
	    s->memo > m->n_slots || !sel_entry_verdict(s, c, u))
		return SEL_UNDECIDED;
	return m->rows[no - 1][s->memo - 1];
}

/* Does unit u (w == NULL) or item w of unit u match? */
bool sel_match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
               const struct eitem *w);
/* Does unit u match? sel_match, asking first for the verdict kept for u's entry. */
static inline bool sel_match_unit(const struct sel *s, const struct sel_ctx *c,
                                  const struct eunit *u)
{
	int kept = sel_kept(s, c, u);
	return kept == SEL_YES || (kept == SEL_UNDECIDED && sel_match(s, c, u, NULL));
}
/* Whether id is one of the ids of path, joined by "::" (a link's, then its target's). */
bool sel_instance_of(const char *id, const char *path);
/* SEL_UP_INSTANCE, for a condition decided on option o of unit u (o NULL: the unit): the
 * option, its parent, one above it, or the nearest selection of scope s->anchor, is what s
 * names. */
bool sel_up_instance(const struct sel *s, const struct eunit *u, const struct r_option *o);
/* Whether a selection of id path id and type (ENTRY_*), the unit when unit, is the one
 * BattleScribe's scope (of a condition or repeat) names: of that entry id, of that type
 * (unit, model, upgrade, model-or-unit), or the root entry's (root-entry). */
bool sel_scope_is(const char *scope, const char *id, enum entry_type type, bool unit);
/* Does option o, taken by unit u, match? */
bool sel_match_option(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                      const struct r_option *o);
/* Calls fn for every keyword that s requires positively (outside any not/any), so that
 * requirement cycles can be found. */

/* Is e in group g: the group it stands in, a parent of it, or one it is also in? */
bool entry_in_group(const struct entry *e, const struct group *g);

#endif
