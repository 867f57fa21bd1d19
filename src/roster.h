/* roster.h - roster files: one or more army lists of one game system
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_ROSTER_H
#define MUSTER_ROSTER_H

#include "model.h"
#include "diag.h"

/* Loads a roster file, checked against roster.xsd, and resolves every reference (system, battle
 * size, faction, entries, options, fields, attachments) against a system loaded on the way;
 * *sys_out receives it (caller frees with system_free, after roster_free).
 * A reference that does not resolve is malformed input: NULL with fatal diagnostics. What is
 * legal but against a catalog's own limits (an option taken too often) is an error diagnostic
 * and the roster still loads. */
struct roster *roster_load(const char *path, struct system **sys_out, struct diags *d);
void roster_free(struct roster *r);

#endif
