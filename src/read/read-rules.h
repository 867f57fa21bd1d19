/* read-rules.h - the reader of the rule language: rules, selectors, expressions, modifiers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Turns rules-xml elements (and the <modify> elements of catalogs) into the plain structs of
 * lang.h. This and the other readers are the only code that walks libxml2 trees. Every function
 * checks what it dereferences: a schema is never trusted for safety.
 */
#ifndef MUSTER_READ_RULES_H
#define MUSTER_READ_RULES_H

#include "lang.h"
#include "diag.h"

#include <libxml/tree.h>

/* Parses the element children of parent as one selector (all must match; none: everything).
 * Returns NULL and adds a fatal diagnostic on error. Never returns NULL for success: an empty
 * selector matches everything. */
/* How a selector is parsed: which items it applies to and whether "this" exists. */
struct sel_parse {
	const struct system *sys;
	const char *file;
	struct diags *d;
	enum attr_on item;   /* units or items */
	bool has_this;
	enum attr_on this_item;
};

struct sel *sel_parse_children(xmlNodePtr parent, const struct sel_parse *p);

/* Reads a rules file's <conditions>: each <condition id="..."> is indexed and parsed for the
 * <when> of a list and of a roster-wide rule, so that <condition ref="..."/> in a later <when>
 * shares it. Returns 0, or -1 with a fatal diagnostic. */
int named_conds_read(xmlNodePtr sec, struct system *sys, const char *file, struct diags *d);

/* Parses one <rule>. Returns NULL and adds fatal diagnostics on error. Aggregates get cache
 * slots counted in sys->n_slots. */
struct rule *rule_read(xmlNodePtr n, struct system *sys, const char *file, struct diags *d);
/* A <rule> of a catalog, standing on entry ID (on: ON_UNIT) or option ID (ON_OPTION) of entry
 * UNIT_ENTRY (NULL: of any entry, a shared option): checked for each selection of it. */
struct rule *rule_read_on(xmlNodePtr n, struct system *sys, const char *file, enum attr_on on,
                          const char *id, const char *unit_entry, struct diags *d);

/* Links the covered-by of rules first.. of sys (rule_read keeps its text) to the rule above
 * it of that id, or to the <factions> check ("factions"). Returns 0, or -1 with a fatal
 * diagnostic in file for each that names neither. */
int rules_link_covers(struct system *sys, size_t first, const char *file, struct diags *d);

/* Where a <modify> stands: in the system's <modifiers>, or in a catalog option that changes
 * its unit (ON_UNIT) or an item (ON_ITEM). */
enum mod_place { MOD_IN_SYSTEM, MOD_IN_OPTION_UNIT, MOD_IN_OPTION_ITEM };

/* Parses one <modify> into *m. Returns 0, or -1 with a fatal diagnostic (m is then released). */
int modifier_read(xmlNodePtr n, struct system *sys, enum mod_place where, const char *file,
                  struct modifier *m, struct diags *d);

/* Reads a system's <campaign> (read-campaign.c) into sys->camp. Returns 0, or -1 with a fatal
 * diagnostic. */
int campaign_read(xmlNodePtr n, struct system *sys, struct diags *d);
/* <factions> (read-factions.c), read once the catalogs are: sys->factions, or -1 with a fatal
 * diagnostic naming the nearest known faction or level. */
int factions_read(struct system *sys, xmlNodePtr n, struct diags *d);
void factions_free(struct faction_def *f);
void camp_def_free(const struct system *sys, struct camp_def *c);


/* Refuses "taking" requirements that form a cycle (taking a needs b, taking b needs a): no
 * unit could ever take them. Returns 0, or -1 with a fatal diagnostic at the rule's line: in
 * file for the rules from index first_of_file on (an event pack's, appended to the system's),
 * in the system's file for the others. */
int rules_check_cycles(const struct system *sys, size_t first_of_file, const char *file,
                       struct diags *d);

#endif
