/* bslint.h - muster lint: what is wrong in a data directory, for its maintainers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Reads every data file of a directory (walk_add_data: BattleScribe's .gst, .cat, .gstz,
 * .catz and Muster's own .xml) one at a time, keeps of each only its ids and what names them,
 * and reports each finding as a diagnostic whose ref is its code ("lint-dangling-link").
 * Every id is looked up in a hash (idx.h), so the work grows linearly with the files; each file
 * is read with the safe reader (xml.h) and freed before the next. doc/data-guide.md's
 * "Linting a data directory" lists the codes and what each proves.
 */
#ifndef MUSTER_BSLINT_H
#define MUSTER_BSLINT_H

#include "muster.h"
#include "diag.h"

struct schemas;

/* Lints the n files of paths (their data is read through sc for Muster's XML) into d, warnings
 * and errors, sorted by file and line. Returns the number of files read. */
size_t bslint_files(char *const *paths, size_t n, struct schemas *sc, struct diags *d);

#endif
