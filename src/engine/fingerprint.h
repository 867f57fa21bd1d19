/* fingerprint.h - a SHA-256 of a roster's canonical form
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Two roster files that field the same army have the same fingerprint, whatever the units' and
 * lists' names, order, ids and the file's whitespace; changing a model count, an option, a
 * training, a battle size, a faction, a limit or a field changes it. An organiser compares
 * the short form printed on a list with the file that was submitted. The canonical form is
 * documented in doc/fingerprint.md; this code and that page change together (and the
 * version line of the form with them).
 */
#ifndef MUSTER_FINGERPRINT_H
#define MUSTER_FINGERPRINT_H

#include "muster.h"
#include "model.h"

/* Hex digits of the full fingerprint, and of the short form printed on lists. */
#define FINGERPRINT_HEX_LEN 64
#define FINGERPRINT_SHORT_LEN 12

/* Appends the canonical form of loaded roster r (doc/fingerprint.md) to sb. Linear in the
 * roster's size, apart from sorting (n log n). */
void fingerprint_canonical(const struct roster *r, struct strbuf *sb);
/* The SHA-256 of the canonical form, as 64 lowercase hex digits and a NUL. */
void fingerprint_roster(const struct roster *r, char hex[FINGERPRINT_HEX_LEN + 1]);
/* The short form: the first 12 hex digits of fingerprint_roster, and a NUL. */
void fingerprint_short(const struct roster *r, char hex[FINGERPRINT_SHORT_LEN + 1]);

#endif
