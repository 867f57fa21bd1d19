/* zipped.h - the only user of libzip: BattleScribe's zipped files (.gstz, .catz, .rosz)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A zipped BattleScribe file is a zip archive holding one file, the .gst, .cat or .ros it
 * stands for; Muster writes a .rosz (the builder, export --format=ros) as BattleScribe does,
 * one deflated file named as the archive without its final 'z'. An archive read is
 * untrusted: it is read through libzip (zip64, deflate, CRC checks, a maintained parser of a
 * hostile format) from bytes already in memory, and nothing of it is ever written to disk, so
 * the names in it (".." or absolute) do not matter. What it may hold is
 * bounded before anything is inflated (SECURITY.md lists every limit):
 * - at most ZIPPED_MAX_ENTRIES entries, counted from the central directory, none looked at
 *   one by one past that;
 * - exactly one file: directory entries (names ending in '/') are passed over, a second file
 *   is refused whatever its name (a zipped BattleScribe file has one, whatever it is called;
 *   its root element tells what it is);
 * - that file stored or deflated (no other method), not encrypted, at most the caller's cap
 *   unpacked, and packed at most ZIPPED_MAX_RATIO to 1 (a zip bomb is refused unread);
 * - the size it declares is not trusted: reading stops one byte past it, and the bytes read
 *   must be exactly as many (libzip checks the CRC at the end).
 */
#ifndef MUSTER_ZIPPED_H
#define MUSTER_ZIPPED_H

#include "muster.h"
#include "diag.h"

#include <stddef.h>

/* Entries an archive may list: a BattleScribe file has one; a few more leave room for
 * directory entries. */
#define ZIPPED_MAX_ENTRIES 16
/* Unpacked bytes per packed byte, at most. XML deflates 5 to 20 to 1; deflate reaches 1032
 * to 1 on a run of one byte. */
#define ZIPPED_MAX_RATIO 200
/* What an archive may add to the file it holds (headers, central directory, a comment of
 * at most 65,535 bytes): the archive itself is read with the cap plus this. */
#define ZIPPED_OVERHEAD (128L * 1024)

/* True when the name of path ends in .gstz, .catz or .rosz, in any case: the only names
 * read as zip archives (a .xml is never unzipped). */
bool zipped_name(const char *path);

/* Unpacks the one file of the zip archive data[0..len), a file called name (for messages),
 * under the bounds above, at most cap bytes unpacked. Returns 0 with *out (a new buffer of
 * *out_len bytes and a NUL after them; caller frees), or -1 with *out NULL and one fatal
 * diagnostic naming name. */
int zipped_unpack(const char *data, size_t len, size_t cap, const char *name, char **out,
                  size_t *out_len, struct diags *d);

/* The name of the one file in the zipped BattleScribe file path, as BattleScribe names it:
 * path's base name without its last letter ("army.rosz" holds "army.ros"). Caller frees. */
char *zipped_entry_name(const char *path);

/* Packs text[0..len) into a new zip archive, the zipped BattleScribe file path, that holds it
 * alone, deflated, as zipped_entry_name(path); then checks that zipped_unpack gives back
 * exactly text. Returns 0 with *out (a new buffer of *out_len bytes; caller frees), or -1
 * with *out NULL and one fatal diagnostic naming path. out_len may be &len. */
int zipped_pack(const char *text, size_t len, const char *path, char **out, size_t *out_len,
                struct diags *d);

#endif
