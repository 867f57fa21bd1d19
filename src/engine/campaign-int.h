/* campaign-int.h - what the files of the campaign engine share, and nothing outside it includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * campaign.c owns the pass (camp_derive walks the ledger: the start, enlistments, battles,
 * XP); campaign-train.c judges the entries that change one unit or the army (trainings,
 * bought and rolled advances, repairs). Private to those two files.
 */
#ifndef MUSTER_CAMPAIGN_INT_H
#define MUSTER_CAMPAIGN_INT_H

#include "campaign.h"

#include <stdint.h>

struct deriv {
	struct roster *r;
	const struct system *sys;
	const struct camp_def *cd;
	struct campaign *c;
	struct diags *d;
	struct idx *ids;           /* unit id -> camp_unit */
	struct idx *gone;          /* entry id of a destroyed once-only unit -> its camp_unit */
	long *table_used;          /* per roll table: units upgraded on it since the last battle */
	int64_t *yields;           /* per currency: what the chosen means yield at each battle */
	struct idx *barracks;      /* "GROUP|ITEM" -> item, made on first use */
	char **keys;
	size_t n_keys;
	long stamp;                /* counts up; marks a unit seen once in one battle */
};

static inline const char *unit_name(const struct camp_unit *u)
{
	return r_unit_name(u->ru);
}

/* --- campaign.c ---------------------------------------------------------------------------- */

/* An error of the ledger entry le breaking campaign rule ref; at le's line unless line. */
void deriv_violation(struct deriv *v, const struct ledger_entry *le, long line, long col,
                     const char *ref, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* The unit's cost of `models` models in cost type ci. */
int64_t deriv_cost_of(const struct deriv *v, const struct camp_unit *u, long models, size_t ci);
/* Does the unit match selector s (NULL: every unit)? Its catalog card, untrained. */
bool deriv_unit_matches(struct deriv *v, const struct camp_unit *u, const struct sel *s);
/* Spends amount of currency cur; spending more than the pool holds breaks rule ref. */
void deriv_pay_in(struct deriv *v, const struct ledger_entry *le, long cur, int64_t amount,
                  const char *what, const char *ref);
/* The wounds attribute of a unit's models (1 without one). */
long deriv_wounds_of(const struct deriv *v, const struct camp_unit *u);
/* The unit as its catalog card makes it, untrained: what selectors of the ledger's rules read. */
struct eunit;
void deriv_card(const struct camp_unit *u, struct eunit *eu);
/* The unit's base value of attribute a (its Level's band for the band attribute), and that
 * value as its trainings so far change it (campaign-deriv.c). */
long deriv_base_value(const struct deriv *v, const struct camp_unit *u, const struct attr_def *a);
long deriv_trained_value(const struct deriv *v, const struct camp_unit *u,
                         const struct attr_def *a);

/* --- campaign-train.c ---------------------------------------------------------------------- */

/* Does the unit's catalog entry carry item id? */
bool deriv_item_of(const struct camp_unit *u, const char *id);
/* A <train> with a roll, after battle bno. -1 on a fatal error. */
int deriv_table_train(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u,
                      long bno);
/* A <train> of an advance the army takes. */
void deriv_army_train(struct deriv *v, const struct ledger_entry *le);
/* A <train> of an advance a Level earns or the army buys for the unit. */
void deriv_train(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u);
/* A <repair> after battle bno. */
void deriv_repair(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u, long bno);

#endif
