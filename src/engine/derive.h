/* derive.h - a roster read, then what its campaign's ledger makes of it
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The data goes one way: read (roster_read, read/roster.h) -> derive the campaign
 * (camp_derive, campaign.h) -> evaluate (eval.h) -> check (check.h) -> report. These two do
 * the first two steps for the commands, so that the reader never runs the engine.
 */
#ifndef MUSTER_DERIVE_H
#define MUSTER_DERIVE_H

#include "model.h"
#include "diag.h"

struct session;

/* roster_read, then, for a campaign roster, camp_derive: the units its ledger enlisted,
 * trained and lost. NULL with fatal diagnostics when either fails. */
struct roster *roster_load(struct session *s, const char *path, struct diags *d);
/* The same for a roster in memory; name is used in messages. */
struct roster *roster_load_memory(struct session *s, const char *buf, size_t len,
                                  const char *name, struct diags *d);

#endif
