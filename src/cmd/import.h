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
struct eval;

struct import_opts {
	const char *system;     /* system id; NULL: from a "Game: NAME" line of the text */
	const char *size;       /* battle size id for lists that give none */
	long limit;             /* custom limit (>= 0) for lists that give none */
	const char *limit_cost;
	const char *faction;    /* faction id for lists that give none */
	const char *name;       /* the roster's name */
	bool keep_going;        /* skip a line that cannot be read, with a warning at its line */
};

/* What the text said of its units that only the catalog can confirm: the points a line
 * states ("10x Quack Marine [60]"), and a bare "(N)" that may be a unit's models or its
 * points. Read by import_check once the roster is evaluated. */
struct import_claims;

/* The roster file text for the list in text (len bytes, named file in messages), or NULL
 * with diagnostics: one error per line it cannot read, at FILE:LINE. Caller frees. When
 * claims is not NULL, *claims gets what the text stated (NULL when there is no roster), for
 * import_check; caller frees it with import_claims_free. */
char *import_text(struct session *s, const char *text, size_t len, const char *file,
                  const struct import_opts *o, struct import_claims **claims, struct diags *d);

/* Compares what the text stated with ev, the evaluation of the roster import_text made from
 * it, so that an import never changes an army without a word. A unit whose stated points
 * differ from what the catalog makes it (in the system's first cost type) is a warning at
 * its FILE:LINE naming both figures; a bare "(N)" on a line with no count is read as points
 * when the catalog makes one model cost N, and is otherwise an error (models or points: the
 * text does not say). Returns the number of diagnostics added to d. */
size_t import_check(const struct import_claims *c, const struct eval *ev, struct diags *d);
void import_claims_free(struct import_claims *c);

#endif
