/* edit.h - changing a roster file: its XML changed in place, checked again, then saved
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every command that changes a roster (new, add, remove, set, edit, import, and the campaign
 * recordings) works the same way: the file's libxml2 document is loaded keeping its white
 * space, changed node by node (comments and everything the change does not touch stay as they
 * were), written out, loaded and checked again as a roster through the session, and only then
 * saved through save_file. Nothing here prints.
 */
#ifndef MUSTER_EDIT_H
#define MUSTER_EDIT_H

#include "model.h"
#include "diag.h"

#include <libxml/tree.h>

struct session;
struct eval;
struct unitref;

/* The document as UTF-8 text ending in a newline; caller frees with free(). NULL (and a fatal
 * diagnostic naming name) when it cannot be written out. */
char *edit_dump(xmlDocPtr doc, const char *name, size_t *len, struct diags *d);

/* Loads roster text buf (or the file path when buf is NULL) through session s, evaluates and
 * checks it. Returns the number of errors, or -1 when it does not load or a number overflows
 * (diagnostics in d). When rout is not NULL, *rout and *evout get the roster and its
 * evaluation (caller frees both); otherwise they are freed here. */
long edit_check(struct session *s, const char *path, const char *buf, size_t len,
                struct roster **rout, struct eval **evout, struct diags *d);

/* Applies one builder command to doc, whose text r was loaded from (roster_load).
 * argv[0] is the verb:
 *   add ENTRY [MODELS] [--models=N] [--name=TEXT] [--id=ID] [--option=ID[=N]]...
 *       [--attach=UNIT] [--list=LIST]
 *   remove UNIT [--list=LIST]
 *   set UNIT [--models=N] [--name=TEXT] [--id=ID] [--option=ID[=N]]... [--attach=UNIT]
 *       [--detach] [--copy] [--move=LIST] [--list=LIST]
 * ENTRY is an entry's id or name; UNIT a unit of the list as unitref_find names it (its id,
 * its number in 'muster status', its name, or its entry); LIST a list's id, name or number
 * (default: the first). A unit that add or set --copy makes gets a new id (unitref_make_id)
 * unless --id gives one; a unit that --attach names gets one when it has none. An option
 * count of 0 takes the option off. Returns 0, or -1 with one fatal diagnostic with no file
 * ("did you mean" included); doc may then be half changed: throw it away. */
int edit_apply(xmlDocPtr doc, const struct roster *r, int argc, char **argv, struct diags *d);

/* The id of unit u of doc's roster (u as unitref_find gave it from the roster doc was read
 * into): its own, or a new one written on it (and the roster's last-id counted on) when it
 * has none. Caller frees; NULL when doc holds no such unit. */
char *edit_unit_id(xmlDocPtr doc, const struct unitref *u);

/* The verbs edit_apply knows, NULL-terminated. */
extern const char *const edit_verbs[];

/* What a new roster holds. */
struct edit_new {
	const char *system, *name;
	const char *size;         /* a battle size id, or NULL for a custom limit */
	long limit;               /* custom limit when >= 0 */
	const char *limit_cost;   /* its cost type id, or NULL for the system's only one */
	const char *faction;      /* or NULL */
	char **fields;            /* NAME=VALUE, NULL-terminated or NULL */
	char **lists;             /* ID or ID:NAME, NULL-terminated; NULL for one list "main" */
};
/* The text of a new roster file; fields go to the roster or to each list as sys declares
 * them (sys may be NULL: every field on the lists). Caller frees. */
char *edit_new_text(const struct system *sys, const struct edit_new *spec);

/* An entry by id, else by name (case-insensitive), else NULL with a fatal diagnostic naming
 * the nearest id or name ("did you mean") and the known ones (at most a screenful). */
const struct entry *edit_find_entry(const struct system *sys, const char *word, struct diags *d);

/* Appends to sb ", did you mean 'X'?" when a candidate is near word. cands: n strings. */
void did_you_mean(struct strbuf *sb, const char *word, const char *const *cands, size_t n);

#endif
