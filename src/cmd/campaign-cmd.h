/* campaign-cmd.h - muster campaign's parts: recording (cmd-campaign.c), showing and
 * travelling (campaign-show.c)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_CAMPAIGN_CMD_H
#define MUSTER_CAMPAIGN_CMD_H

#include "model.h"
#include "diag.h"

#include <stdio.h>

struct cmd_entry;
struct eval;

/* The options given, each action's. */
struct args {
	const char *date, *note, *result, *opponent, *item, *keyword, *roll, *replaces;
	long vp, opp_vp, models, wounds, distance, travelled, moved;
	const char *terrain;
	char **means, **hurt, **lost;
	size_t n_means, n_hurt, n_lost;
};

/* The campaign army r (evaluated as ev, checked into d): its units, pools, advances, worth,
 * its whole ledger and whether it is legal. */
void campaign_show(const struct roster *r, const struct eval *ev, const struct diags *d, FILE *out);
/* The same after a recording, with only ledger entry `entry` (0-based) of the ledger. */
void campaign_show_recorded(const struct roster *r, const struct eval *ev, const struct diags *d,
                            size_t entry, FILE *out);
/* travel: what unit's trip a says would cost. Returns the exit status. */
int campaign_travel(const struct cmd_entry *self, const struct roster *r, const struct eval *ev,
                    const char *unit, const struct args *a, FILE *out);

#endif
