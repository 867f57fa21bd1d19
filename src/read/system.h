/* system.h - game systems: loading rules-xml and the system's catalogs
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_SYSTEM_H
#define MUSTER_SYSTEM_H

#include "model.h"
#include "diag.h"

struct schemas;

/* Loads a rules file by path, checked against the built-in rules.xsd of session s, and the
 * catalogs of its system found under the directories of roots (NULL-terminated; NULL for no
 * catalogs), layered as data_catalog_files says. Returns a new system (free with
 * system_free), or NULL with fatal diagnostics on any error. A system by id, from the data
 * path and loaded once, comes from session_system (session.h). */
struct system *system_load_file(struct schemas *sc, const char *path, const char *const *roots,
                                struct diags *d);
/* The same for a rules file already in memory (fuzzing, tests); name is used in messages. */
struct system *system_load_memory(struct schemas *sc, const char *buf, size_t len,
                                  const char *name, const char *const *roots, struct diags *d);
/* Makes cat, loaded with catalog_load_memory for sys, one of sys's catalogs (freed with it). */
/* An empty system read from path: its indexes made, nothing in them (for the readers of
 * rules-xml and of BattleScribe game systems). Free with system_free. */
struct system *system_new(const char *path);
void system_adopt_catalog(struct system *sys, struct catalog *cat);
/* Adds rule r (taken) to sys->rules and its index. A second rule of one id is refused with a
 * fatal diagnostic at line and col of file, and freed. Returns 0 or -1. */
struct rule;
int system_add_rule(struct system *sys, struct rule *r, const char *file, long line, long col,
                    struct diags *d);
void system_free(struct system *sys);

const struct attr_def *system_attr(const struct system *sys, const char *id);
const struct size_def *system_size(const struct system *sys, const char *id);
const struct entry *system_entry(const struct system *sys, const char *id);
const struct group *system_group(const struct system *sys, const char *id);

/* What a message about an unknown id appends: "; did you mean 'X'?" when a known id (or
 * name) is near word, then " (known: A, B, ...)", at most a dozen and how many more. One pass
 * over what is known, each compared with a capped edit distance (util.h). */
enum known_kind { KNOWN_ENTRY, KNOWN_GROUP, KNOWN_SIZE };
struct strbuf;
void system_describe_unknown(const struct system *sys, enum known_kind kind, const char *word,
                             struct strbuf *sb);

#endif
