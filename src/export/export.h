/* export.h - renderings of rosters and catalog entries
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Renderers write into a caller's buffer and never decide legality themselves: the
 * diagnostics of a validation are passed in and printed with the list, so that a printout
 * carries its verdict. Every string that came from data or a file is escaped for the format:
 * control characters are written visibly in text, Markdown is backslash-escaped, HTML and XML
 * are entity-escaped, CSV cells that a spreadsheet would run are neutralised.
 */
#ifndef MUSTER_EXPORT_H
#define MUSTER_EXPORT_H

#include "model.h"
#include "diag.h"
#include "eval.h"

#include <stdio.h>

enum export_format { EXPORT_TEXT, EXPORT_MARKDOWN, EXPORT_HTML, EXPORT_CSV, EXPORT_XML, EXPORT_ROS };
/* Full: every unit with its cost lines, stats, items and abilities. Compact (text and
 * Markdown only): one line per unit with its options, as players paste lists into chats. */
enum export_style { EXPORT_FULL, EXPORT_COMPACT };

/* The whole roster in one format: per list its size, limit and facts, every unit with its
 * models, every cost line (models, option, training, modifiers) in every cost type, its
 * stats, items and abilities, totals, points left, notes, the fingerprint, and the verdict
 * with every diagnostic of d. XML is the canonical roster (it carries no verdict: it
 * re-validates to the same). ROS is a BattleScribe roster, for a BattleScribe system only
 * (sys->bs): export-ros.c. */
void export_roster(const struct eval *ev, const struct diags *d, enum export_format fmt,
                   enum export_style style, struct strbuf *sb);
/* An entry's card: stats, keywords, categories, items by kind, options, costs, notes. */
void export_card(const struct system *sys, const struct entry *e, struct strbuf *sb);

#endif
