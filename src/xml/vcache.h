/* vcache.h - remembers which data files passed their schema, so that later runs skip the check
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A game system's rules file and catalogs are read by every run and change seldom, and checking
 * them against their XSD is most of the time a small list takes: compiling rules.xsd and
 * validating the rules file cost more than parsing, modelling and checking the list together.
 * The cache holds one empty file per (schema, file) pair that passed, named by the schema's
 * digest (its text and the libxml2 version) and the file's identity as git's index and make
 * know it: device, inode, size, modification and status-change times to the
 * nanosecond. Writing a file changes its status-change time, which no user can set, so an
 * entry never vouches for bytes it was not made from and nothing is ever invalidated. As in
 * git ("racily clean" files), a file changed in the last VCACHE_RACY_SECONDS is neither looked
 * up nor added: a second change within one tick of a coarse clock could keep its times. Only
 * successes are kept; a failing file is checked, and its messages printed, every time.
 * Hashing the bytes instead would cost more than half of what skipping the check saves
 * (nettle's SHA-256: about 45 instructions a byte here, 2.9 M for the 600-AP list's files).
 *
 * The cache is an optimisation and never an error: a directory that cannot be made or written
 * is ignored. A library caller gets none unless it asks (session_use_cache); the commands use
 * the directory vcache_dir() finds.
 */
#ifndef MUSTER_VCACHE_H
#define MUSTER_VCACHE_H

#include "muster.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An entry's name. */
struct vcache_key {
	char name[160];
};
/* Files changed this recently are not cached (2 s: FAT's granularity, and a margin). */
#define VCACHE_RACY_SECONDS 3

struct stat;

struct vcache;

/* The directory the commands use: $MUSTER_CACHE_DIR when set (set but empty: no cache), else
 * $XDG_CACHE_HOME/muster, else $HOME/.cache/muster; relative values are ignored, as the XDG
 * specification says. Returns a new string, or NULL for no cache. */
char *vcache_dir(void);

/* A cache in dir (made on the first vcache_add). Takes dir; NULL gives NULL. */
struct vcache *vcache_new(char *dir);
void vcache_free(struct vcache *c);

/* The digest of a schema's text, with the libxml2 version that will compile it (FNV-1a: the
 * schemas are the program's own, and this runs for every command). */
uint64_t vcache_schema_digest(const void *text, size_t len);
/* The key of the file st describes checked against the schema of that digest. Returns false
 * when the file must not be cached: not a regular file, or changed too recently. */
bool vcache_key(uint64_t schema, const struct stat *st, struct vcache_key *out);

/* Did bytes with this key pass before? Safe from several threads (no state is changed). */
bool vcache_has(const struct vcache *c, const struct vcache_key *key);
/* Remembers that they did; failures are ignored. Safe from several threads. */
void vcache_add(const struct vcache *c, const struct vcache_key *key);

#endif
