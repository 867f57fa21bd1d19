/* edit-int.h - what edit.c and edit-splice.c share, and nothing else includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * edit-splice.c places a change in the roster's bytes (which list, which unit, the ids);
 * edit.c changes one unit's own element (its attributes and its option tree) as a small
 * libxml2 tree. Nothing here prints.
 */
#ifndef MUSTER_EDIT_INT_H
#define MUSTER_EDIT_INT_H

#include "model.h"
#include "diag.h"

#include <libxml/tree.h>

/* A verb's words, as edit_parse_opts reads them. */
struct edit_opts {
	const char *list, *name, *id, *attach, *move;
	const char *player; /* set's --player: the roster's, "" to take it off; or NULL */
	long models;
	bool detach, copy;
	const char **opt_ids;
	long *opt_counts;
	size_t n_opts;
	const char *pos[3];
	size_t n_pos;
};

/* Whether list li of r may take a unit of entry e (edit-faction.c): 0, with a warning when
 * the system only warns; -1 with a fatal diagnostic naming the factions it may take. */
int edit_faction_ok(const struct roster *r, size_t li, const struct entry *e, struct diags *d);
/* The faction of list l of the outline's roster r: the group id names (-1 when none of the
 * system's), else its parent's (l->up), else none. */
int edit_list_faction(const struct system *sys, const char *id, const struct roster *r,
                      struct r_list *l);
/* Adds one fatal diagnostic without a file; returns -1. */
int edit_fail(struct diags *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reads argv's --name=value words and positional words into o (argv[0], the verb, skipped).
 * Returns 0 or edit_fail's -1. o's arrays are the caller's to free. */
int edit_parse_opts(int argc, char **argv, struct edit_opts *o, struct diags *d);
/* What o asks of unit u (an element of entry e): --models, --name, --id and --option, then
 * its models counted from its model options. 0, or -1 with a fatal diagnostic. */
int edit_change_unit(const struct edit_opts *o, const struct entry *e, xmlNodePtr u,
                     struct diags *d);
/* The defaults a builder selects with a new unit, and a unit's models from its model
 * options (edit.c says how). */
void edit_select_defaults(const struct entry *e, xmlNodePtr u);
void edit_sync_models(const struct entry *e, xmlNodePtr u);
void edit_set_long_prop(xmlNodePtr n, const char *name, long v);
/* The option of entry e that option element c names under option up - 1 (0: the unit), or
 * NULL. */
const struct entry_option *edit_option_of(const struct entry *e, xmlNodePtr c, uint32_t up);
/* Writes unit u's options (an element of entry e) in the catalog's order, at every level
 * (edit-order.c): every change to a unit ends with it. */
void edit_order_options(const struct entry *e, xmlNodePtr u);

/* edit_apply's add-force ID[:NAME] [--child-of=LIST] [--size=ID] [--faction=ID]
 * [--limit=N[:COST]] (edit-force.c): the text with the new force in it, or NULL with a fatal
 * diagnostic. */
struct edit_undo;
char *edit_add_force(const char *buf, size_t len, const char *name, int argc, char **argv,
                     size_t *out_len, struct edit_undo *undo, struct diags *d);

#endif
