/* export-render.h - the list renderers, one file each; called by export.c only
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each appends the whole roster in its format to sb; fp is the roster's short fingerprint.
 * A renderer calls export-common.c and no other renderer.
 */
#ifndef MUSTER_EXPORT_RENDER_H
#define MUSTER_EXPORT_RENDER_H

#include "export.h"

/* export-text.c: text, or Markdown when md. */
void export_text_list(const struct eval *ev, const struct diags *d, const char *fp, bool md,
                      enum export_style style, struct strbuf *sb);
/* export-html.c */
void export_html_list(const struct eval *ev, const struct diags *d, const char *fp,
                      enum export_style style, struct strbuf *sb);
/* export-csv.c */
void export_csv_list(const struct eval *ev, const struct diags *d, const char *fp,
                     struct strbuf *sb);
/* export-xml.c: the canonical roster (no verdict, no fingerprint) */
void export_xml_list(const struct eval *ev, struct strbuf *sb);
/* export-ros.c: a BattleScribe 2.03 roster (a BattleScribe system's roster only) */
void export_ros_list(const struct eval *ev, struct strbuf *sb);

#endif
