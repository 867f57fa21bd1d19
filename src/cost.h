/* cost.h - effective units: options applied, costs added up
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A roster names entries and the options taken; an effective unit is what that makes: the
 * unit's keywords and weapons after each option granted or removed what it says, and its cost
 * in every cost type of the system. The roster itself is never changed.
 */
#ifndef MUSTER_COST_H
#define MUSTER_COST_H

#include "model.h"

struct eweapon {
	const struct weapon *w;
	kwword *kw;        /* effective keywords */
	long extra_line;   /* 0 for the entry's own weapons; the option's line for added ones */
	long extra_col;
};

/* An option granted a keyword: "taking" rules are checked against the state before it. */
struct take {
	size_t kw;
	long weapon;       /* index in eunit.weapons, or -1 for the unit itself */
	kwword *before;    /* the item's keywords just before the grant */
	long line, col;    /* where the option stands in the roster */
};

struct eunit {
	const struct r_unit *ru;
	const struct entry *e;
	kwword *kw;
	struct eweapon *weapons;
	size_t n_weapons;
	long *costs;       /* total for the unit, per cost type */
	struct take *takes;
	size_t n_takes;
};

/* Builds the effective units of list l; returns an array of l->n_units (caller frees with
 * eunits_free). */
struct eunit *eunits_build(const struct system *sys, const struct r_list *l);
void eunits_free(struct eunit *u, size_t n);
/* The total of cost type c over units. */
long eunits_total(const struct eunit *u, size_t n, size_t c);

#endif
