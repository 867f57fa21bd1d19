/* export.h - renderings of rosters and catalog entries
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Renderers write into a caller's buffer or stream and never decide legality themselves: the
 * diagnostics of a validation are passed in and printed with the list, so that a printout
 * carries its verdict.
 */
#ifndef MUSTER_EXPORT_H
#define MUSTER_EXPORT_H

#include "model.h"
#include "diag.h"
#include "eval.h"

#include <stdio.h>

/* The whole roster as a printable list: per list its size, limit and facts, every unit with
 * its models, options and costs, totals, points left, notes, and the verdict with every
 * diagnostic. markdown selects Markdown tables instead of aligned text. */
void export_text(const struct eval *ev, const struct diags *d, bool markdown, struct strbuf *sb);
/* A cost sheet: one row per unit and per option, then per list its total, limit and what is
 * left, and last the verdict; formula-safe cells. Returns 0 or -1 on a write error. */
int export_csv(const struct eval *ev, const struct diags *d, FILE *out);
/* An entry's card: stats, keywords, categories, items by kind, options, costs, notes. */
void export_card(const struct system *sys, const struct entry *e, struct strbuf *sb);

#endif
