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
};

/* Does unit u (w == NULL) or item w of unit u match? */
bool sel_match(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
               const struct eitem *w);
/* Does option o, taken by unit u, match? */
bool sel_match_option(const struct sel *s, const struct sel_ctx *c, const struct eunit *u,
                      const struct r_option *o);
/* Calls fn for every keyword that s requires positively (outside any not/any), so that
 * requirement cycles can be found. */

/* Is e in group g: the group it stands in, a parent of it, or one it is also in? */
bool entry_in_group(const struct entry *e, const struct group *g);

#endif
