/* faction.h - whether a unit may stand in a list of its faction (<factions>, model.h)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A system's <factions units="own"> holds a list that names a faction to units of that faction
 * (raised to the system's level=) and of the factions its <ally> elements allow it. A list that
 * names no faction, and a system with no <factions> or units="any", take any unit. Each
 * unit costs a lookup per pair of groups above its entry and above the list's faction: the
 * catalog levels bound both, so a check grows linearly with the list.
 */
#ifndef MUSTER_FACTION_H
#define MUSTER_FACTION_H

#include "model.h"
#include "diag.h"

/* The faction a list of faction g is held to: g raised to the system's level (g itself when
 * it stands at or above it), or NULL when nothing holds the list to a faction. */
const struct group *faction_home(const struct system *sys, const struct group *g);
/* Whether entry e may stand in a list of faction g. */
bool faction_allows(const struct system *sys, const struct group *g, const struct entry *e);
/* The factions a list of faction g may take units of, for messages: its own faction's name,
 * then each ally's, "NAME (ally)", comma-separated. */
void faction_describe(const struct system *sys, const struct group *g, struct strbuf *sb);
/* The faction entry e is of, at the level of the list's faction home (for messages). */
const struct group *faction_of_entry(const struct entry *e, const struct group *home);
/* g's level and name ("Warband River Clans"); "no faction" for NULL. */
void faction_word(const struct system *sys, const struct group *g, struct strbuf *sb);
/* Reports each unit of r's lists that its list may not take, at the unit's line and citing
 * the rule <factions ref=> names; returns how many are errors (warnings are not). flagged
 * (may be NULL; r->n_lists flags, cleared by the caller) is set for each list with an error. */
size_t faction_check(const struct roster *r, struct diags *d, bool *flagged);

#endif
