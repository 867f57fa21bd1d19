/* roster.h - roster files: one or more army lists of one game system
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_ROSTER_H
#define MUSTER_ROSTER_H

#include "model.h"
#include "diag.h"

struct session;

/* Loads a roster file, checked against the built-in roster.xsd, and resolves every reference
 * (system, battle size, faction, entries, options, fields, attachments) against the system it
 * names, as session s has it (session_system: loaded once per session). The roster points to
 * that system, which belongs to s: free the roster before the session.
 * A reference that does not resolve is malformed input: NULL with fatal diagnostics (a
 * system that does not load is reported at the roster's line, for every roster naming it).
 * What is legal but against a catalog's own limits (an option taken too often) is an error
 * diagnostic and the roster still loads. Loading is linear in the size of the file.
 * A campaign roster's ledger is read, not derived: roster_load (derive.h) reads and derives. */
struct roster *roster_read(struct session *s, const char *path, struct diags *d);
/* The same for a roster already in memory (an edit about to be saved); name is used in
 * messages. */
struct roster *roster_read_memory(struct session *s, const char *buf, size_t len,
                                  const char *name, struct diags *d);
void roster_free(struct roster *r);

#endif
