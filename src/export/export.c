/* export.c - the roster in the format asked for: the one caller of the list renderers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Chooses the renderer (export-text.c for text and Markdown, export-html.c, export-csv.c,
 * export-xml.c) and gives it the roster's fingerprint. The renderers share export-common.c
 * and call no renderer nor this file.
 */
#include "muster.h"
#include "export.h"
#include "export-render.h"
#include "fingerprint.h"

void export_roster(const struct eval *ev, const struct diags *d, enum export_format fmt,
                   enum export_style style, struct strbuf *sb)
{
	/* The XML and BattleScribe rosters carry no fingerprint: nettle is not opened for it. */
	char fp[FINGERPRINT_SHORT_LEN + 1] = "";
	if (fmt != EXPORT_XML && fmt != EXPORT_ROS)
		fingerprint_short(ev->r, fp);
	switch (fmt) {
	case EXPORT_TEXT:
	case EXPORT_MARKDOWN:
		export_text_list(ev, d, fp, fmt == EXPORT_MARKDOWN, style, sb);
		break;
	case EXPORT_HTML:
		export_html_list(ev, d, fp, style, sb);
		break;
	case EXPORT_CSV:
		export_csv_list(ev, d, fp, sb);
		break;
	case EXPORT_XML:
		export_xml_list(ev, sb);
		break;
	case EXPORT_ROS:
		export_ros_list(ev, sb);
		break;
	}
}
