/* export-html.h - the HTML renderer's parts: export-html.c (the document) calls
 * export-html-card.c (a unit's card); no other module includes this
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_EXPORT_HTML_H
#define MUSTER_EXPORT_HTML_H

#include "export.h"

/* Appends s escaped for HTML text and attributes. */
void html_esc(struct strbuf *sb, const char *s);
/* Data text escaped, with BattleScribe's markup ("**^^Infantry^^**") shown bold (ex_markup). */
void html_text(struct strbuf *sb, const char *s);
/* label and the colon after it as the user's language writes them (ex_colon), escaped. */
void html_colon(struct strbuf *sb, const char *label);
/* A column head per cost type the list uses (used), its abbreviation. */
void html_cost_heads(struct strbuf *sb, const struct system *sys, const bool *used);
/* Unit u's card: title and models, stats, a profile table per kind of item it carries (a
 * column per item attribute the data declares and one of them sets, then their abilities),
 * its abilities and notes; then its cost lines (full) or only its total in the title
 * (compact). used marks the cost types the list uses. */
void html_card(struct strbuf *sb, const struct eval *ev, const bool *used,
               const struct r_list *l, const struct eunit *u, bool compact);
/* export-html-camp.c: a campaign roster's units with their Level and experience, its pools
 * and its last battles; nothing for a roster without a campaign. */
void html_campaign(struct strbuf *sb, const struct roster *r);

#endif
