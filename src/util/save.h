/* save.h - the one way Muster writes a user's file
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * DESIGN.md's recipe: a temporary file in the same directory, write, fsync, check close, keep
 * the previous version as NAME~, rename over, fsync the directory. The file is never truncated
 * in place: a crash, a full disk or a kill at any moment leaves the old file or the new one,
 * never a mix. Permissions are kept.
 *
 * Everything is done relative to the file's directory, opened once and locked (flock,
 * exclusive) for the whole save: two saves into one directory never overlap, so a command
 * that read the file can check, under the lock, that it is still what it read
 * (save_file_checked), and the save removes this file's temporaries left by a save that was
 * killed (.NAME.XXXXXX and .NAME.XXXXXX~, regular files of the user's own).
 *
 * A symbolic link is written through (the link stays, its target changes), as the kernel
 * would follow it: a link in a sticky world-writable directory (the system's temporary
 * directory) is followed only when it belongs to the user or to the directory's owner
 * (Linux's protected_symlinks rule); anyone else's is refused, the file unchanged. A dangling
 * link is refused.
 */
#ifndef MUSTER_SAVE_H
#define MUSTER_SAVE_H

#include "muster.h"
#include "diag.h"

#include <stddef.h>

/* save_file_checked's answer when the file is no longer what the caller read. */
#define SAVE_CHANGED (-2)

/* Replaces path's content with data. Returns 0; -1 with one fatal diagnostic naming the
 * reason, the file then unchanged; or 1 with one fatal diagnostic ("saved, but ...") when the
 * file was replaced and a later step failed (keeping NAME~, flushing the directory): the file
 * then holds data, and a caller that keeps the file's content in memory must take data. */
int save_file(const char *path, const char *data, size_t len, struct diags *d);

/* The same, for a command that read the file and changed it: was (was_len bytes) is what it
 * read. Under the directory's lock, the file must still hold exactly those bytes; otherwise
 * (another command saved it meanwhile, or removed it) nothing is written and SAVE_CHANGED is
 * returned with one fatal diagnostic saying so. */
int save_file_checked(const char *path, const char *data, size_t len, const char *was,
                      size_t was_len, struct diags *d);

/* Fault injection for tests: called before each step ("diropen", "lock", "open", "write",
 * "fsync", "close", "backup", "rename", "dirsync"); a nonzero return fails that step as an
 * I/O error. tests/fault/ fails the real system calls instead, through the command line. */
extern int (*save_test_hook)(const char *step);

#endif
