/* bs-roster.h - BattleScribe 2.x rosters (.ros, .rosz) into the model
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A roster names its game system by gameSystemId, found on the data path as any system is
 * (session.h). Each force is a list (a child force a child list), its catalogue the list's
 * faction, its forceEntry the list's force; a selection at the top of a force is a unit, every
 * selection below it an option nested as the selections are; the roster's costLimits are
 * roster->bs_limits. doc/data-guide.md's "Reading BattleScribe files" says the rest.
 */
#ifndef MUSTER_BS_ROSTER_H
#define MUSTER_BS_ROSTER_H

#include "model.h"
#include "diag.h"

struct session;

#define NS_BS_ROSTER "http://www.battlescribe.net/schema/rosterSchema"

/* Whether path names a BattleScribe roster: it ends in .ros or .rosz, in any case. */
bool bs_roster_file(const char *path);

/* A unit of a BattleScribe roster holds at most this many selections. */
#define BS_ROSTER_SELECTIONS_MAX 100000

/* Reads it as roster_read (roster.h) does a Muster roster: NULL with fatal diagnostics. A file
 * whose root is not in a BattleScribe namespace (a Muster roster zipped as .rosz) is NULL with
 * *other set and no diagnostic: the caller reads it as a Muster roster. */
struct roster *bs_roster_read(struct session *s, const char *path, struct diags *d, bool *other);
/* The same for the text of one (buf, len bytes; name in messages and as its file). */
struct roster *bs_roster_read_memory(struct session *s, const char *buf, size_t len,
                                     const char *name, struct diags *d, bool *other);

#endif
