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

/* The same in two steps, so that a large text need not be held while it is checked: the text
 * is written to the temporary file first (save_begin), the caller then checks it (it may read
 * the temporary file again: save_temp_path) and frees it, and save_commit replaces the file,
 * or save_abort removes the temporary file. The directory stays locked from save_begin to the
 * end: other saves into it wait, as for a save in one step. save_begin returns 0 with *job,
 * or -1 with one fatal diagnostic (nothing written, *job NULL). */
struct save_job;
int save_begin(const char *path, const char *data, size_t len, struct save_job **job,
               struct diags *d);
/* The temporary file's path, which holds the bytes save_begin wrote until the job ends. */
const char *save_temp_path(const struct save_job *job);
/* What the caller read, given as the temporary file's bytes with pieces of them put back:
 * bytes [at, at + len) of the new text were old (old_len bytes) in the file as read. Pieces
 * in order of at, not overlapping. */
struct save_piece {
	size_t at, len;
	const char *old;
	size_t old_len;
};
/* save_file_checked's checks and answers, for the text save_begin wrote; the file must still
 * hold the bytes was makes of it. Ends the job (frees it). */
int save_commit(struct save_job *job, const struct save_piece *was, size_t n_was,
                struct diags *d);
/* Ends the job, nothing saved: the temporary file is removed. NULL does nothing. */
void save_abort(struct save_job *job);

/* Fault injection for tests: called before each step ("diropen", "lock", "open", "write",
 * "fsync", "close", "backup", "rename", "dirsync"); a nonzero return fails that step as an
 * I/O error. tests/fault/ fails the real system calls instead, through the command line. */
extern int (*save_test_hook)(const char *step);

#endif
