/* import.h - reading a pasted plain-text army list into a roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Players paste lists as forums and other builders print them: "10x Quack Marine [70]",
 * "Quack Marine x10", "Marine Sergeant [Trained, Extra Pistol]", with or without points, and
 * `muster show`'s own text. Each line is matched against the system's <import> patterns
 * (rules-xml), then the built-in ones, all PCRE2 through rx.h; their named groups say what a
 * line holds. Names are resolved against the catalogs; a line that cannot be read, or names
 * nothing known, is reported with its line number and a "did you mean". Linear in the text.
 */
#ifndef MUSTER_IMPORT_H
#define MUSTER_IMPORT_H

#include "model.h"
#include "diag.h"

struct session;

struct import_opts {
	const char *system;     /* system id; NULL: from a "Game: NAME" line of the text */
	const char *size;       /* battle size id for lists that give none */
	long limit;             /* custom limit (>= 0) for lists that give none */
	const char *limit_cost;
	const char *faction;    /* faction id for lists that give none */
	const char *name;       /* the roster's name */
};

/* The roster file text for the list in text (len bytes, named file in messages), or NULL
 * with diagnostics: one error per line it cannot read, at FILE:LINE. Caller frees. */
char *import_text(struct session *s, const char *text, size_t len, const char *file,
                  const struct import_opts *o, struct diags *d);

#endif
