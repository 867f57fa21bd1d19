/* suggest.h - what can still be added to a list without breaking a rule
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * For each entry of the list's faction and, when the system holds lists to their faction
 * (<factions units="own">, faction.h), of its allies (every entry when the list names none),
 * the roster is evaluated and checked again with one more unit of that entry (taking the options its
 * catalog makes compulsory, at their minimum), in memory: the system is never loaded again.
 * An entry is suggested when some number of models breaks no rule that was not broken
 * before and breaks no rule more often: for a legal list, the list stays legal. An entry taken
 * whole (entry_taken_whole: a regiment of no model options, an upgrade) is tried once, as
 * a builder adds it. An entry the
 * points left could pay for but no count makes legal yet (a hero that needs units of its
 * sub-faction first) is listed too, with the first rule one model of it breaks: the player
 * plans around it.
 */
#ifndef MUSTER_SUGGEST_H
#define MUSTER_SUGGEST_H

#include "model.h"
#include "diag.h"
#include "rx.h"

struct suggestion {
	const struct entry *e;
	long min_models, max_models;  /* both checked; see suggest_list for the ones between */
	char *why;  /* NULL: suggested; else not yet: "REF: message" of the first rule one model
	             * breaks (min_models and max_models 0) */
	/* A unit of kinds of model (entry has_models), as a builder makes it: what it costs with
	 * min_models, and what each model more costs, per cost type; for an entry taken whole
	 * (entry_taken_whole), what one costs with the options its builder selects, and no more
	 * (0); NULL for any other entry, whose own costs say it. */
	int64_t *costs, *more;
};

/* The suggestions for list li of roster r (and the entries not yet legal), in catalog order, into a new array (caller frees).
 * min_models is the fewest models found (probing 1, 2, 3, 4, 6, 8 ... 32, then the gap below the
 * first that works) that keep the list as legal as it is; max_models the most,
 * found by halving between min_models and what the points left allow (at most
 * SUGGEST_MAX_MODELS), on the assumption that a count allowed above the minimum is allowed
 * below it too; both ends are checked. Returns the count, or -1 when the roster itself cannot
 * be evaluated, or a candidate spent the regex work budget of one roster (d says why). The
 * checks: per entry, a few dozen evaluations of the list (of the whole roster when a rule of
 * the system counts over the roster: sys->roster_aggs), each with one roster's regex budget.
 * Uses and restores the calling thread's regex budget (rx.h). */
#define SUGGEST_MAX_MODELS 1000
/* Matching steps that all the probes for one list may take together (each probe also has one
 * roster's RX_WORK_BUDGET): past it the suggestions for that list stop with an input error, so
 * a catalog of many entries with a costly pattern cannot keep suggest running for hours. The
 * shipped data takes a few thousand steps per probe. */
#define SUGGEST_WORK_BUDGET (8 * RX_WORK_BUDGET)
long suggest_list(const struct roster *r, size_t li, struct suggestion **out, struct diags *d);
/* Frees the n suggestions of sg (NULL: nothing). */
void suggestions_free(struct suggestion *sg, long n);

#endif
