/* diag.h - diagnostics: what library code reports instead of printing
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every failure and every rule violation becomes one struct diag with file, line, column, the
 * rule it cites and a message. Library code fills a caller-owned struct diags; only cmd-*.c
 * prints them, through diags_print().
 */
#ifndef MUSTER_DIAG_H
#define MUSTER_DIAG_H

#include "muster.h"

#include <stdio.h>

enum severity { SEV_NOTE, SEV_WARNING, SEV_ERROR, SEV_FATAL };

struct diag {
	enum severity sev;
	char *file;    /* may be NULL: a problem with no file (usage) */
	long line, col; /* 0 when unknown */
	char *ref;     /* the rule it cites ("XX-6"), or NULL */
	char *rule;    /* the id of the rules-xml rule, or NULL */
	char *msg;
};

struct diags {
	struct diag *v;
	size_t n, cap;
	size_t errors, warnings, fatals;
	size_t bytes;   /* of message text held, for DIAGS_MAX_BYTES */
	bool full;      /* a limit was reached: later diagnostics were dropped */
};

#define DIAGS_INIT { NULL, 0, 0, 0, 0, 0, 0, false }

/* What one list of diagnostics (one file's) holds at most: a hostile rule's message, repeated
 * for each of 500,000 units, must not make gigabytes of output. Past either bound one fatal
 * diagnostic says so and the rest are dropped (SECURITY.md). */
#define DIAGS_MAX 100000
#define DIAGS_MAX_BYTES (16L * 1024 * 1024)

/* Adds a diagnostic; every string is copied. Returns the new entry (past DIAGS_MAX or
 * DIAGS_MAX_BYTES, the one that says the list is full). */
struct diag *diags_add(struct diags *d, enum severity sev, const char *file, long line, long col,
                       const char *ref, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));
/* Appends all of src to dst. */
void diags_merge(struct diags *dst, const struct diags *src);
void diags_release(struct diags *d);
/* Orders by file, then line, then column, keeping the order of equal places (stable). */
void diags_sort(struct diags *d);

enum diag_format { DIAG_TEXT, DIAG_XML };

/* Prints in the GNU form "FILE:LINE:COL: error: REF: message", one per line, or as one XML
 * document. Returns 0, or -1 when the stream reports an error. */
int diags_print(const struct diags *d, FILE *out, enum diag_format fmt);
/* Appends one diagnostic as an XML <diagnostic> element and a newline. */
struct strbuf;
void diag_format_xml(const struct diag *g, struct strbuf *sb);
/* The GNU form of one diagnostic; caller frees. */
char *diag_format_text(const struct diag *g);
const char *severity_name(enum severity s);

/* The errors of a roster's check before a change (before), told apart by the rule they break
 * and the place they name, not their wording, whose figures change with the change: an index
 * to free with idx_free. diags_new_errors marks the errors of now it does not hold (fresh[i])
 * and returns how many. Linear in the two lists. */
struct idx;
struct idx *diags_error_keys(const struct diags *before);
/* Takes the line and column off each diagnostic of file at line first or later (lines a
 * draft holds that the file does not). */
void diags_unline(struct diags *d, const char *file, long first);
size_t diags_new_errors(const struct idx *seen, const struct diags *now, bool *fresh);

#endif
