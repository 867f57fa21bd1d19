/* campaign.h - campaigns: what a game system's campaign rules say, a roster's ledger, and what
 * the ledger makes of the army
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A system's <campaign> (read by read-campaign.c) declares its currencies (rations, experience,
 * repair points ...), a progression table (XP to Level to a band such as the Grade), the
 * advances a unit may take as it gains levels (each an option with limits per band, per unit
 * and per item), where experience comes from after a battle, how destroyed models recover, and
 * which units enlist only once. A roster's <campaign> holds a ledger of dated entries (start,
 * enlistments, battles with their losses and dice rolls, XP spent, trainings, gains); everything
 * else (Levels, Grades, pools, models left, trainings and what they change) is derived from it,
 * in one pass, by camp_derive. Nothing is typed in twice, so correcting one entry corrects
 * every figure after it.
 */
#ifndef MUSTER_CAMPAIGN_H
#define MUSTER_CAMPAIGN_H

#include "campaign-model.h"
#include "ledger.h"

struct roster;

/* Derives the campaign state of r from its ledger (r->camp), and makes each unit what the
 * ledger made it: its models now, its trainings as options (r_option.advance) that the
 * evaluation applies like any other. Ledger entries that break a campaign rule are errors in
 * r->camp->viol; an entry that cannot be understood (an unknown unit, an impossible die roll)
 * is a fatal diagnostic in d and returns -1. Linear in the ledger and the units. */
int camp_derive(struct roster *r, struct diags *d);
/* Derives r's campaign again after camp_derive, from the units as the file enlists them: for
 * a ledger that has grown in memory since (ledger_add_rec). Same answer as camp_derive. */
int camp_rederive(struct roster *r, struct diags *d);

/* Works out a trip of `distance` inches over terrain t for a unit whose card gives `cost` and
 * `speed` (the terrain's attribute, when it has one), after `travelled` days and `moved`
 * inches since the last battle. */
void camp_trip(const struct camp_travel *tr, const struct camp_terrain *t, long cost, long speed,
               long distance, long travelled, long moved, struct trip *out);

/* The level of a unit with xp experience, and that level's band. */
long camp_level(const struct camp_def *cd, long xp);
long camp_band_of(const struct camp_def *cd, long level);
/* XP a level needs, or -1 past the last level. */
long camp_level_xp(const struct camp_def *cd, long level);

#endif
