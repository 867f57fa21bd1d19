/* bs-read.h - BattleScribe 2.x game systems (.gst) and catalogues (.cat) into the model
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A directory on the data path that holds .gst files (a checkout of a BSData repository) is a
 * data directory like any other: data.h finds a game system there by its id, and the session
 * loads it with bs_system_load. doc/data-guide.md's "From BattleScribe" says what each
 * construct becomes; what is not enforced yet is counted in sys->bs (model.h).
 */
#ifndef MUSTER_BS_READ_H
#define MUSTER_BS_READ_H

#include "model.h"
#include "diag.h"

/* Loads the game system of file path and the catalogues of cats (NULL-terminated paths, or
 * NULL), each of which must name the system's id. Returns a new system (system_free), or NULL
 * with fatal diagnostics. */
struct system *bs_system_load(const char *path, char **cats, struct diags *d);

struct _xmlNode;
/* Whether the battleScribeVersion of root (a game system's, catalogue's or roster's), where
 * it has one, is 2 or later: 0, or -1 with a fatal diagnostic for a 1.x file or a version
 * that is no number (path names the file). */
int bs_version_check(struct _xmlNode *root, const char *path, struct diags *d);

/* A file's bytes, for bs_system_load_memory: name is what diagnostics call it. */
struct bs_text {
	const char *name;
	const char *buf;
	size_t len;
};
/* The same from memory (the fuzz target, tests/fuzz/fuzz-bs.c): the game system gst and the
 * n_cats catalogues of cats, parsed as the files would be (never unzipped). */
struct system *bs_system_load_memory(const struct bs_text *gst, const struct bs_text *cats,
                                     size_t n_cats, struct diags *d);

/* bs-leftout.c: the record of the catalogue of that id left out of sys (struct bs_left_out),
 * or NULL; a warning into d for each catalogue left out, at its FILE:LINE. */
const struct bs_left_out *bs_left_out_find(const struct system *sys, const char *id);
void bs_left_out_warn(const struct system *sys, struct diags *d);

/* bs-owners.c: bs->owners made, once the system's records are all read: each owner id of a
 * constraint or modifier not enforced yet -> its struct bs_owned, the run of by_owner that
 * lists their records in document order. */
void bs_index_owners(struct bs_data *bs);
/* bs-owners.c: bs->min_roots made, once bs->owners is. */
void bs_index_min_roots(struct system *sys);
/* bs-tree.c: e's options and choices made from e->tree (NULL: made), which then is NULL;
 * entry_made calls it, under the lock of the entries made at their first look-up. */
void bs_tree_make(struct entry *e);

#endif
