/* save.h - the one way Muster writes a user's file
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * DESIGN.md's recipe: a temporary file in the same directory, write, fsync, check close, keep
 * the previous version as NAME~, rename over, fsync the directory. The file is never truncated
 * in place: a crash, a full disk or a kill at any moment leaves the old file or the new one,
 * never a mix. A symbolic link is written through; permissions are kept.
 */
#ifndef MUSTER_SAVE_H
#define MUSTER_SAVE_H

#include "muster.h"
#include "diag.h"

#include <stddef.h>

/* Replaces path's content with data. Returns 0; -1 with one fatal diagnostic naming the
 * reason, the file then unchanged; or 1 with one fatal diagnostic ("saved, but ...") when the
 * file was replaced and a later step failed (keeping NAME~, flushing the directory): the file
 * then holds data, and a caller that keeps the file's content in memory must take data. */
int save_file(const char *path, const char *data, size_t len, struct diags *d);

/* Fault injection for tests: called before each step ("open", "write", "fsync", "close",
 * "backup", "rename", "diropen", "dirsync"); a nonzero return fails that step as an I/O
 * error. tests/fault/ fails the real system calls instead, through the command line. */
extern int (*save_test_hook)(const char *step);

#endif
