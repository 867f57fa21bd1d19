/* unitref.h - naming a unit of a roster, the same way in every command
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every command that names a unit (add --attach, remove, set, the editor's commands, the
 * campaign's actions) resolves the word the player typed here, so that a unit answers to
 * the same names everywhere: its id, its number as 'muster status' prints it, the name the
 * player gave it, or its entry when that is unambiguous. The ids that commands write on new
 * units are made here too (unitref_make_id), so that the scheme is written once.
 */
#ifndef MUSTER_UNITREF_H
#define MUSTER_UNITREF_H

#include "model.h"
#include "diag.h"

/* A unit named: where it stands in the roster file, and in 'muster status'. */
struct unitref {
	size_t list;                /* index of its list in the roster */
	size_t index;               /* its place among the list's units in the file, from 0 */
	long number;                /* its number in 'muster status' (1 is the first of its list);
	                             * 0 when status does not show it: a campaign unit that is not
	                             * enlisted yet, or destroyed */
	const struct r_unit *unit;  /* as the file gives it (before a campaign's ledger) */
	const struct r_unit *now;   /* as the roster is evaluated, or NULL when number is 0 */
};

/* Every list: for unitref_find's list. */
#define UNITREF_ANY_LIST ((size_t)-1)

/* Finds the unit that word names among the units of list `list` of r (UNITREF_ANY_LIST: of
 * every list). Tried in this order, the first that matches any unit deciding:
 *   1. a unit's id (exact);
 *   2. a number: the unit 'muster status' prints with it;
 *   3. the name the player gave a unit;
 *   4. a unit's entry, by its id or its name;
 *   5. the start of a unit's name or of its entry's name (a unique prefix).
 * Names are compared as players type them (name_fit: case and quotes aside); a prefix that
 * fits several units is refused naming each, never guessed.
 * Returns 0 with *out set, or -1 with one fatal diagnostic without a file: when several units
 * match, it names each (its number and id); when none does, it gives the nearest name ("did
 * you mean"). r is a loaded roster (roster_load), its campaign derived. */
int unitref_find(const struct roster *r, size_t list, const char *word, struct unitref *out,
                 struct diags *d);

/* The id a command gives the n-th unit it numbers in a roster file: the entry's id, a
 * hyphen and n ("quack-marine-3"), the entry's id cut short so that the id stays readable.
 * Unique because n is: the file keeps the last n given (<roster last-id="N">), and commands
 * count on from it, so that an id is never given to a second unit of one file. Caller
 * frees. */
char *unitref_make_id(const char *entry_id, long n);

/* The number n in an id of the form "WORD-N" (unitref_make_id's), or 0. */
long unitref_id_number(const char *id);

#endif
