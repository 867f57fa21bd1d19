/* csvout.h - the only user of libcsv: writing CSV rows
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_CSVOUT_H
#define MUSTER_CSVOUT_H

#include "muster.h"

#include <stdio.h>

/* Writes one row of n fields, each quoted; a field that a spreadsheet would read as a formula
 * (starting with = + - @, tab, CR or LF) gets a leading '. Numbers are written by
 * csv_write_row_num as plain numbers. Returns 0, or -1 on a write error. */
int csv_write_row(FILE *out, const char *const *fields, size_t n);
/* True when s would be taken as a formula by a spreadsheet. */
bool csv_is_formula(const char *s);

#endif
