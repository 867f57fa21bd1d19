/* check-int.h - what check.c and check-limits.c share: the checker's state
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_CHECK_INT_H
#define MUSTER_CHECK_INT_H

#include "check.h"
#include "eval.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The state of one check of an evaluated roster. */
struct checker {
	struct eval *ev;
	const struct system *sys;
	const struct roster *ros;
	struct diags *d;
	size_t errors;
	bool overflow;
	/* Per option of the unit's entry: 1 + where the unit first took it, or 0, and how many
	 * it took in all (an instanced option's selections are many: model.h) (option_limits). */
	uint32_t *at;
	size_t cap_at;
	int64_t *took;
	size_t cap_took;
	/* Per option of the unit's entry: 1 + the selection its selections being summed stand
	 * under (0: none yet), and their sum there (option_limits: a maximum per parent). */
	uint32_t *grp_up;
	size_t cap_grp_up;
	int64_t *grp_sum;
	size_t cap_grp_sum;
	int64_t *in_choice;     /* per choice of the entry: how many it took */
	/* Minimums and choices per parent selection (check-limits.c): per option of the entry,
	 * where its children with a minimum and its choices start in kid (kid_at, one more than
	 * the options); kid, those children (an option's index, or the options' count plus a
	 * choice's); per option and choice, its place in kid (kid_pos); per option, 1 + the
	 * latest selection of it (kid_last); and per child in kid, its sum under that one. */
	uint32_t *kid_at, *kid, *kid_pos, *kid_last;
	size_t cap_kid_at, cap_kid, cap_kid_pos, cap_kid_last;
	int64_t *kid_sum;
	size_t cap_kid_sum;
	/* Per numbered entry (entry.no): 0 not yet known, 1 no child option with a minimum nor
	 * choice under a parent (nothing to check per parent selection), 2 some. */
	unsigned char *kids_of;
	size_t cap_choice;
	/* check_each_option: per parent (1 + option index, 0: the unit), the rule's value. */
	int64_t *memo;
	size_t cap_memo;
	unsigned char *memo_st; /* 0: not computed; else 1 + its ev_status */
	size_t cap_memo_st;
	/* Rules with once: per parent of a unit (as memo), it was judged; ... */
	bool *told;
	size_t cap_told;
	bool told_list;                 /* ... in the list being checked; ... */
	const struct rule *told_roster; /* ... the rule judged in the roster. */
};

/* check-limits.c: the bounds a BattleScribe reader or a catalog puts on options, choices and
 * cost limits, and hidden entries taken; each adds its errors to k. */
void check_option_limits(struct checker *k, const struct elist *el);
void check_hidden(struct checker *k, size_t li);
bool check_force_hidden(struct checker *k, size_t li);
void check_bs_limits(struct checker *k);
void check_bs_loops(struct checker *k);

#endif
