/* ledger.h - a roster's ledger: read, written and corrected (ledger.c)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_LEDGER_H
#define MUSTER_LEDGER_H

#include "campaign-model.h"

/* Frees what ledger_read made and camp_derive added. */
void campaign_free(const struct system *sys, struct campaign *c);

/* The element of a ledger entry of kind k ("start", "battle"...), as show names it too. */
const char *ledger_kind_name(enum ledger_kind k);

/* Reads a roster's <campaign> element (ledger.c); NULL with a fatal diagnostic on error. The
 * ledger's references are resolved by camp_derive. */
struct _xmlNode;
struct campaign *ledger_read(struct _xmlNode *n, const struct system *sys, const char *file,
                             struct diags *d);
/* The same entry by entry, for a roster read element by element (a ledger of 100,000
 * entries is never one tree): ledger_begin at <campaign> n (NULL with a fatal diagnostic),
 * ledger_add for each entry e of its <ledger> in order (*cap: 0 at first; -1 with a fatal
 * diagnostic, c then still to be freed with campaign_free), ledger_end after the last.
 * expect: at least as many entries as the ledger holds (ledger_count), or 0 when unknown. */
struct campaign *ledger_begin(struct _xmlNode *n, size_t expect, const struct system *sys,
                              const char *file, struct diags *d);
int ledger_add(struct campaign *c, size_t *cap, struct _xmlNode *e, const struct system *sys,
               const char *file, struct diags *d);
void ledger_end(struct campaign *c);
/* At least as many as the entries of the file x reads (the elements of every entry's name). */
struct xml_reader;
size_t ledger_count(const struct xml_reader *x);

/* An entry to write into a roster's ledger (ledger.c), as the user gave it: each text is
 * written as it stands and checked by ledger_read when the roster is read back; a NULL field
 * is not written. The attributes are written in the order of the fields. */
struct ledger_means_rec {
	const char *id, *times;
};
struct ledger_lost_rec {
	const char *unit, *models, *morale, *rolls; /* rolls: space-separated, as the file holds them */
};
struct ledger_rec {
	enum ledger_kind kind;
	const char *opponent, *vp, *opponent_vp, *result;
	const char *unit, *advance, *award, *currency, *amount, *times, *models, *wounds;
	const char *item, *keyword, *roll, *replaces;
	const struct ledger_means_rec *means;  /* start */
	size_t n_means;
	const char *const *hurt;               /* battle: each enemy unit's value */
	size_t n_hurt;
	const struct ledger_lost_rec *lost;    /* battle */
	size_t n_lost;
	const char *date, *note;
};

/* Whether the ids e names (unit, advance, item ...) are ids as the roster schema has them:
 * ledger_add_rec, unlike reading the file, does not validate against the schema. */
bool ledger_rec_ids_ok(const struct ledger_rec *e);
/* Appends e to the ledger c read, as reading the file with e appended would (ledger_add);
 * its line is 0: it is in no file yet. -1 with a fatal diagnostic when the entry does not
 * read; it is in c then, to be freed with campaign_free. */
struct system;
int ledger_add_rec(struct campaign *c, const struct ledger_rec *e, const struct system *sys,
                   const char *file, struct diags *d);

/* A field of an existing entry to correct: value "" removes the field. */
struct ledger_fix_rec {
	const char *name, *value;
};

struct _xmlDoc;
/* Whether the roster doc has a <campaign> already. */
bool ledger_started(struct _xmlDoc *doc);
/* Appends e to the ledger of the roster doc on its own line, starting the <campaign> (and
 * making the roster version 2) when there is none. */
void ledger_append(struct _xmlDoc *doc, const struct ledger_rec *e);
/* The same, spliced into roster text *bufp (*lenp bytes, allocated; NUL after them), every
 * other byte kept: the entry on its own line after the last one, as ledger_append places it.
 * The text changes where it is (its block may move: *bufp, *lenp are the new text's); sp says
 * where: bytes [at, at + cut) of the old text are bytes [at, at + len) of the new, and *cut
 * is a copy of those old bytes (caller frees). Returns 0, or -1, the text untouched, when it
 * has no <ledger> this appends to as the document would be written (none yet, <ledger/>, a
 * prefixed one, or one that does not end in white space after its last entry): append to
 * the document then. */
struct ledger_splice {
	size_t at, cut, len;
};
/* The line of the new text (1-based) where the entry spliced at sp begins. */
long ledger_splice_line(const char *buf, const struct ledger_splice *sp);
int ledger_append_text(char **bufp, size_t *lenp, const struct ledger_rec *e,
                       struct ledger_splice *sp, char **cut);
/* Whether doc's ledger has an entry n (1-based). */
bool ledger_has_entry(struct _xmlDoc *doc, long n);
/* Whether name can be a field of a ledger entry: an XML attribute name without a prefix
 * ("a b" or "1x" would make a file no parser reads). */
bool ledger_field_name_ok(const char *name);
/* Sets the fields f of entry n (1-based) of doc's ledger; -1 when there is no such entry. The
 * names must pass ledger_field_name_ok. The entry keeps its date. */
int ledger_fix(struct _xmlDoc *doc, long n, const struct ledger_fix_rec *f, size_t nf);

#endif
