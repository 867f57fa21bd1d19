/* csvout.h - the only user of libcsv: writing CSV rows, and reading them back
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_CSVOUT_H
#define MUSTER_CSVOUT_H

#include "muster.h"
#include "util.h"

#include <stdio.h>

/* Appends one RFC 4180 row of n fields to sb, each quoted, the row ended by CRLF. A field
 * that a spreadsheet would read as a formula (csv_is_formula) gets a leading '; a field that
 * is a whole decimal integer ("-3") is data and stays as written. */
void csv_add_row(struct strbuf *sb, const char *const *fields, size_t n);
/* The same, written to out. Returns 0, or -1 on a write error. */
int csv_write_row(FILE *out, const char *const *fields, size_t n);
/* True when s would be taken as a formula by a spreadsheet: its first character that is
 * neither blank nor invisible (spaces of any width, no-break spaces, zero-width characters,
 * bidirectional controls, the BOM) is = + - @ or one of their fullwidth or small forms, or a
 * tab or a line break comes before any other. */
bool csv_is_formula(const char *s);

/* Reads CSV text: calls row(ctx, fields, n) for each row (fields NUL-terminated, valid during
 * the call). Returns 0, or -1 when the text is not well-formed CSV. For tests and importers. */
int csv_read(const char *text, size_t len,
             void (*row)(void *ctx, char **fields, size_t n), void *ctx);

#endif
