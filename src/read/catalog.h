/* catalog.h - faction catalogs: groups (one per level), entries, items, options
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_CATALOG_H
#define MUSTER_CATALOG_H

#include "model.h"
#include "diag.h"

struct schemas;

/* Loads one catalog file for sys, checked against the built-in catalog.xsd of session s;
 * registers its groups and entries in the system's indexes (an id used twice is an error).
 * Returns NULL with diagnostics. */
struct catalog *catalog_load(struct schemas *sc, struct system *sys, const char *path,
                             struct diags *d);
/* The same for a catalog already in memory (fuzzing, tests); name is used in messages. */
struct catalog *catalog_load_memory(struct schemas *sc, struct system *sys, const char *buf,
                                    size_t len, const char *name, struct diags *d);
/* Entry e's option or item (its own, or one an option adds) of that id, or NULL. */
/* e, its options and choices made if they are made at its first look-up (a BattleScribe
 * entry's, from its templates: until then it has none): call it before reading them. Safe
 * from several threads. */
const struct entry *entry_made(const struct entry *e);
const struct entry_option *entry_option(const struct entry *e, const char *id);
/* The option of that id standing right under option up - 1 of e (up 0: on the entry), or NULL:
 * an id may stand under several parents (entry_option gives the first). */
const struct entry_option *entry_option_under(const struct entry *e, const char *id,
                                              uint32_t up);
const struct item *entry_item(const struct entry *e, const char *id);
/* Once every catalog of sys is read: fills each <link> with the shared option it names (and
 * that option's own options), and resolves each <choose>'s default. */
int catalog_link(struct system *sys, struct diags *d);
/* For a reader that builds entry e whole (BattleScribe's, bs-read.h), and sets each choice's
 * def itself: its options and items are indexed at their first look-up (a roster takes few
 * entries), and an id twice under one parent finds the first. */
int catalog_index_entry(struct entry *e, struct diags *d);
/* Once the system's rules are read: reads the rules that stand on catalog entries and options
 * into sys->rules, each checked for every selection of what it stands on. */
int catalog_rules(struct system *sys, struct diags *d);
void catalog_rules_free(struct system *sys);
void catalog_free(const struct system *sys, struct catalog *c);
/* An option's more (NULL: nothing) and what it holds, freed. */
void option_more_free(struct option_more *m);

#endif
