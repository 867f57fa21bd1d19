/* edit.h - changing a roster file: its XML changed in place, checked again, then saved
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every command that changes a roster works the same way: the change is made to the file's
 * own text, every byte it does not touch kept (comments, layout, content Muster does not
 * know), and the result is loaded and checked as a roster through the session, and only then
 * saved through save_file. add, remove and set splice their change into the bytes
 * (edit-splice.c), reading as a tree only the units they touch; the campaign recordings
 * still change the file's libxml2 document node by node (edit_unit_id, edit_dump). Nothing
 * here prints.
 */
#ifndef MUSTER_EDIT_H
#define MUSTER_EDIT_H

#include "model.h"
#include "diag.h"

#include <libxml/tree.h>

struct session;
struct eval;
struct unitref;
struct edit_undo;

/* The document as UTF-8 text ending in a newline; caller frees with free(). NULL (and a fatal
 * diagnostic naming name) when it cannot be written out. */
char *edit_dump(xmlDocPtr doc, const char *name, size_t *len, struct diags *d);

/* Loads roster text buf (or the file path when buf is NULL) through session s, evaluates and
 * checks it. Returns the number of errors, or -1 when it does not load or a number overflows
 * (diagnostics in d). When rout is not NULL, *rout and *evout get the roster and its
 * evaluation (caller frees both); otherwise they are freed here. */
long edit_check(struct session *s, const char *path, const char *buf, size_t len,
                struct roster **rout, struct eval **evout, struct diags *d);
/* edit_check of the text buf (len bytes) read whole from path, its pages given back as the
 * check reads them (they read as zeros then), so that a large roster is not held whole
 * beside the roster checked; *hash is the bytes' for edit_read_again. */
long edit_check_backed(struct session *s, const char *path, const char *buf, size_t len,
                       struct roster **rout, struct eval **evout, struct diags *d,
                       uint64_t *hash);
/* Reads path again into buf (len bytes) after edit_check_backed: 0, or -1 with one fatal
 * diagnostic in d when path no longer holds the bytes of that hash (another command saved it
 * meanwhile) or cannot be read again. */
int edit_read_again(const char *path, char *buf, size_t len, uint64_t hash, struct diags *d);

/* Applies one builder command to roster text buf (len bytes; name in messages) and returns
 * the text with the change spliced in, every byte the change does not touch kept (caller
 * frees; *out_len its length). r is the roster buf was loaded into, or NULL: units are then
 * named on buf's own outline, the system found through session s; NULL is then returned,
 * with nothing said, whenever that fails for any reason (a campaign roster, a command that
 * fails, a file that does not read): load the roster and call again with it, so that the
 * reader's complaints, if any, come first. argv[0] is the verb:
 *   add ENTRY [MODELS] [--models=N] [--name=TEXT] [--id=ID] [--option=ID[=N]]...
 *       [--attach=UNIT] [--list=LIST]
 *   remove UNIT [--list=LIST]
 *   set UNIT [--models=N] [--name=TEXT] [--id=ID] [--option=ID[=N]]... [--attach=UNIT]
 *       [--detach] [--copy] [--move=LIST] [--list=LIST] [--player=TEXT]
 *   set --player=TEXT   (the roster's player only; "" takes it off)
 *   add-force ID[:NAME] [--child-of=LIST] [--size=ID] [--faction=ID] [--limit=N[:COST]]
 *       (a new force after the last top list, or inside LIST after its last child element)
 * ENTRY is an entry's id or name; UNIT a unit of the list as unitref_find names it (its id,
 * its number in 'muster status', its name, or its entry); LIST a list's id, name or number
 * (default: the first). A unit that add or set --copy makes gets a new id (unitref_make_id)
 * unless --id gives one; a unit that --attach names gets one when it has none. An option
 * count of 0 takes the option off. With r, NULL means one fatal diagnostic with no file
 * ("did you mean" included). The result is not checked: edit_check does that. undo, when
 * not NULL, gets what was replaced (edit_undo; release it). */
char *edit_apply(struct session *s, const char *buf, size_t len, const char *name,
                 const struct roster *r, int argc, char **argv, size_t *out_len,
                 struct edit_undo *undo, struct diags *d);

/* What edit_apply spliced (when given an undo): enough to give back the text it was made
 * from without keeping it, so that a command holds one copy of a large roster while it
 * checks the change. Each piece: the new text's bytes [at, at + len) replaced old. */
struct edit_piece {
	size_t at, len;
	char *old;
	size_t old_len;
};
struct edit_undo {
	struct edit_piece *v;
	size_t n;
	/* Set by the caller when it never reads buf again once edit_apply has made the new
	 * text: the pages of buf are given back as they are copied (they read as zeros after),
	 * so that a large roster is not held twice. */
	bool consume;
};
#define EDIT_UNDO_INIT { NULL, 0, false }
/* The text that text (len bytes, as edit_apply returned it) was made from. Caller frees. */
char *edit_undo(const char *text, size_t len, const struct edit_undo *u, size_t *out_len);
void edit_undo_release(struct edit_undo *u);

/* The id of unit u of doc's roster (u as unitref_find gave it from the roster doc was read
 * into): its own, or a new one written on it (and the roster's last-id counted on) when it
 * has none. Caller frees; NULL when doc holds no such unit. */
char *edit_unit_id(xmlDocPtr doc, const struct unitref *u);

/* How completion offers option i of entry e, a word --option= takes: its id, or PARENT/ID
 * when its id stands under several parents (its whole path from the unit when even that
 * names several). Caller frees. */
char *edit_option_word(const struct entry *e, size_t i);

/* The verbs edit_apply knows, NULL-terminated. */
extern const char *const edit_verbs[];

/* What a new roster holds. */
struct edit_new {
	const char *system, *name;
	const char *player;       /* or NULL */
	const char *size;         /* a battle size id, or NULL for a custom limit */
	long limit;               /* custom limit when >= 0 */
	const char *limit_cost;   /* its cost type id, or NULL for the system's only one */
	const char *faction;      /* or NULL */
	char **fields;            /* NAME=VALUE, NULL-terminated or NULL */
	char **lists;             /* [PARENT/]ID[:NAME], NULL-terminated; NULL for one list "main".
	                           * With PARENT, a child force within the list of that id given
	                           * before it, with no size, faction, limit or field of its own. */
};
/* The text of a new roster file; fields go to the roster or to each top list as sys declares
 * them (sys may be NULL: every field on the lists). Caller frees. NULL with a fatal
 * diagnostic in d when a list names a parent not given before it. */
char *edit_new_text(const struct system *sys, const struct edit_new *spec, struct diags *d);

/* An entry by id, else by name (case-insensitive), else NULL with a fatal diagnostic naming
 * the nearest id or name ("did you mean") and the known ones (at most a screenful). */
const struct entry *edit_find_entry(const struct system *sys, const char *word, struct diags *d);

/* Appends to sb ", did you mean 'X'?" when a candidate is near word. cands: n strings. */
void did_you_mean(struct strbuf *sb, const char *word, const char *const *cands, size_t n);

/* A fatal diagnostic in d: the roster has no list ref (may be NULL), with "did you mean" best
 * (the nearest list id or name, or NULL) and known, the lists as "1 main, 2 allies" (or NULL:
 * none), as 'muster suggest --list' says it. */
void edit_no_list(struct diags *d, const char *ref, const char *best, const char *known);

#endif
