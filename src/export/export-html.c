/* export-html.c - a printable list as one self-contained HTML file
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One file with its CSS inline: no script, no network (a Content-Security-Policy forbids
 * both, should a string ever slip through unescaped), printable on A4 and Letter. A header
 * with the game, battle size, limit, total and points left, the verdict with every violation
 * and its rule, the fingerprint; then a card per unit with its stats, items, abilities and
 * cost lines. Cards never break across pages (break-inside: avoid). Every string from data or
 * a file goes through strbuf_add_html.
 */
#include "muster.h"
#include "decimal.h"
#include "export.h"
#include "export-common.h"
#include "export-render.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char css[] =
	"@page { margin: 12mm; }\n"
	"* { box-sizing: border-box; }\n"
	"body { font: 10pt/1.35 \"DejaVu Sans\", \"Liberation Sans\", Arial, sans-serif; color: #000;"
	" background: #fff; margin: 0 auto; max-width: 186mm; }\n"
	"h1 { font-size: 16pt; margin: 0 0 2mm; }\n"
	"h2 { font-size: 13pt; margin: 5mm 0 2mm; border-bottom: 1.5pt solid #000; }\n"
	"h3 { font-size: 11pt; margin: 0 0 1.5mm; display: flex; justify-content: space-between; }\n"
	"table { border-collapse: collapse; }\n"
	"th, td { padding: 0.6mm 2mm; text-align: left; vertical-align: top; }\n"
	"td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }\n"
	".facts th { font-weight: normal; color: #333; }\n"
	".facts td { font-weight: bold; }\n"
	".fp code { font: 11pt monospace; letter-spacing: 0.5pt; }\n"
	".verdict { border: 1.5pt solid #000; padding: 2mm 3mm; margin: 3mm 0;"
	" break-inside: avoid; page-break-inside: avoid; }\n"
	".verdict.illegal { border-width: 3pt; }\n"
	".verdict h2 { border: 0; margin: 0; }\n"
	".verdict ul { margin: 1mm 0 0; padding-left: 5mm; }\n"
	".ref { font-weight: bold; }\n"
	".card { border: 1pt solid #000; border-radius: 2mm; padding: 2.5mm 3mm; margin: 0 0 3mm;"
	" break-inside: avoid; page-break-inside: avoid; }\n"
	".card .models { font-weight: normal; }\n"
	".stats { margin: 1mm 0; border: 0.75pt solid #777; }\n"
	".stats th, .stats td { border: 0.75pt solid #777; text-align: center; min-width: 9mm; }\n"
	".card p { margin: 1mm 0; }\n"
	".costs { width: 100%; margin-top: 1.5mm; border-top: 0.75pt solid #777; }\n"
	".costs tr.sub td { border-top: 0.75pt solid #777; font-weight: bold; }\n"
	".total td { font-weight: bold; border-top: 1.5pt solid #000; }\n"
	"@media screen { body { padding: 6mm; } }\n";

/* Bidirectional controls are shown as "\u202e", not isolated in <bdi>: an isolate keeps a
 * name from reordering its neighbours, but the name itself would still read as its author
 * arranged it ("Bob illegal"); written out, the trick is plain to see, as in text exports. */
static void esc(struct strbuf *sb, const char *s)
{
	strbuf_add_html(sb, s);
}

static void fact_row(struct strbuf *sb, const char *name, const char *value)
{
	strbuf_adds(sb, "<tr><th>");
	esc(sb, name);
	strbuf_adds(sb, "</th><td>");
	esc(sb, value);
	strbuf_adds(sb, "</td></tr>\n");
}

static void fact_cb(void *sb, const char *name, const char *value)
{
	fact_row(sb, name, value);
}

static void list_facts(struct strbuf *sb, const struct system *sys, const struct elist *el,
                       const char *within)
{
	const struct r_list *l = el->list;
	strbuf_adds(sb, "<table class=\"facts\">\n");
	fact_row(sb, _("Game"), sys->name);
	if (within)
		fact_row(sb, _("Child force of"), within);
	fact_row(sb, _("Battle size"), l->size ? l->size->name : _("custom"));
	ex_list_facts(sys, l, true, fact_cb, sb);
	for (size_t c = 0; c < sys->n_costs; c++) {
		if (!ex_cost_used(el, c))
			continue;
		const struct cost_def *cd = &sys->costs[c];
		char *v, buf[DEC_BUF];
		if (el->limits[c] >= 0) {
			v = xasprintf("%s %s", dec_format(el->limits[c], cd->scale, buf), ex_cost_abbr(cd));
			char *n = xasprintf(_("Limit (%s)"), cd->name);
			fact_row(sb, n, v);
			free(n);
			free(v);
		}
		v = xasprintf("%s %s", dec_format(el->totals[c], cd->scale, buf), ex_cost_abbr(cd));
		char *n = xasprintf(_("Total (%s)"), cd->name);
		fact_row(sb, n, v);
		free(n);
		free(v);
		if (el->limits[c] >= 0) {
			int64_t left = el->limits[c] - el->totals[c];
			v = xasprintf("%s %s", dec_format(left, cd->scale, buf), ex_cost_abbr(cd));
			fact_row(sb, left >= 0 ? _("Points left") : _("Over the limit"), left >= 0 ? v : v + 1);
			free(v);
		}
	}
	strbuf_adds(sb, "</table>\n");
}

/* Stats as the system marks them for cards: a row of names, a row of values. */
static void card_stats(struct strbuf *sb, const struct system *sys, const struct eunit *u)
{
	struct strbuf head = STRBUF_INIT, vals = STRBUF_INIT;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_UNIT || a->type == ATTR_LEVEL || !a->card || !u->vals[a->index].set)
			continue;
		char *v = value_display(sys, a, &u->vals[a->index]);
		const struct value_label *vl =
			a->type == ATTR_INT ? attr_label(a, u->vals[a->index].i) : NULL;
		strbuf_adds(&head, "<th>");
		esc(&head, a->abbr ? a->abbr : a->name);
		strbuf_adds(&head, "</th>");
		strbuf_adds(&vals, "<td>");
		esc(&vals, v);
		if (vl && vl->label) {
			strbuf_adds(&vals, " (");
			esc(&vals, vl->label);
			strbuf_adds(&vals, ")");
		}
		strbuf_adds(&vals, "</td>");
		free(v);
	}
	if (head.len)
		strbuf_addf(sb, "<table class=\"stats\"><tr>%s</tr><tr>%s</tr></table>\n", head.s, vals.s);
	strbuf_release(&head);
	strbuf_release(&vals);
}

/* Unit u's cost lines and its total, one column per cost type of the list. */
static void card_costs(struct strbuf *sb, const struct system *sys, const bool *used,
                       const struct eunit *u, const char *title)
{
	char buf[DEC_BUF];
	strbuf_adds(sb, "<table class=\"costs\">\n<tr><th></th>");
	for (size_t c = 0; c < sys->n_costs; c++)
		if (used[c]) {
			strbuf_adds(sb, "<th class=\"n\">");
			esc(sb, ex_cost_abbr(&sys->costs[c]));
			strbuf_adds(sb, "</th>");
		}
	strbuf_adds(sb, "</tr>\n");
	struct cost_line *lines;
	size_t n_lines = eval_lines(sys, u, &lines);
	for (size_t k = 0; k < n_lines; k++) {
		char *lab = ex_line_label(sys, u, &lines[k]);
		size_t depth = ex_line_depth(u, &lines[k]);
		if (depth)
			strbuf_addf(sb, "<tr><td style=\"padding-left:%zuem\">", depth + 1);
		else
			strbuf_adds(sb, "<tr><td>");
		esc(sb, lab);
		strbuf_adds(sb, "</td>");
		free(lab);
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c])
				strbuf_addf(sb, "<td class=\"n\">%s</td>",
				            dec_format(lines[k].costs[c], sys->costs[c].scale, buf));
		strbuf_adds(sb, "</tr>\n");
	}
	free(lines);
	/* The last line of a card names it: a printed card cut out still says whose it is. */
	strbuf_adds(sb, "<tr class=\"sub\"><td>");
	char *tot = xasprintf(_("Total: %s"), title);
	esc(sb, tot);
	free(tot);
	strbuf_adds(sb, "</td>");
	for (size_t c = 0; c < sys->n_costs; c++)
		if (used[c])
			strbuf_addf(sb, "<td class=\"n\">%s</td>",
			            dec_format(u->costs[c], sys->costs[c].scale, buf));
	strbuf_adds(sb, "</tr>\n</table>\n");
}

static void card(struct strbuf *sb, const struct eval *ev, const bool *used,
                 const struct r_list *l, const struct eunit *u)
{
	const struct system *sys = ev->sys;
	const struct r_unit *ru = u->ru;
	char *title = ex_eunit_title(ev, u);
	strbuf_adds(sb, "<article class=\"card\">\n<h3><span class=\"title\">");
	esc(sb, title);
	strbuf_adds(sb, "</span> <span class=\"models\">");
	char *m = xasprintf(ngettext("%ld model", "%ld models", (unsigned long)ru->models),
	                    (long)ru->models);
	esc(sb, m);
	free(m);
	strbuf_adds(sb, "</span></h3>\n");
	card_stats(sb, sys, u);
	if (ru->attach_id && ru->attach < l->n_units) {
		char *target = ex_unit_title(&l->units[ru->attach]);
		char *j = xasprintf(_("joins %s"), target);
		strbuf_adds(sb, "<p class=\"joins\">");
		esc(sb, j);
		strbuf_adds(sb, "</p>\n");
		free(j);
		free(target);
	}
	struct strbuf t = STRBUF_INIT;
	for (size_t k = 0; k < sys->n_kinds; k++) {
		bool first = true;
		for (size_t i = 0; i < u->n_items; i++) {
			if (u->items[i].w->kind != &sys->kinds[k])
				continue;
			if (first) {
				strbuf_adds(sb, "<p class=\"items\"><b>");
				esc(sb, sys->kinds[k].plural ? sys->kinds[k].plural : sys->kinds[k].name);
				strbuf_adds(sb, ":</b> ");
			}
			t.len = 0;
			if (t.s)
				t.s[0] = '\0';
			ex_item_text(sys, &u->items[i], &t);
			if (!first)
				strbuf_adds(sb, "; ");
			esc(sb, t.s);
			first = false;
		}
		if (!first)
			strbuf_adds(sb, "</p>\n");
	}
	t.len = 0;
	if (t.s)
		t.s[0] = '\0';
	ex_keywords(sys, u->kw, &t);
	if (t.len) {
		strbuf_addf(sb, "<p class=\"abilities\"><b>%s:</b> ", _("Abilities"));
		esc(sb, t.s);
		strbuf_adds(sb, "</p>\n");
	}
	t.len = 0;
	if (t.s)
		t.s[0] = '\0';
	ex_unit_notes(sys, ru->entry, &t);
	if (t.len) {
		strbuf_addf(sb, "<p class=\"notes\"><b>%s:</b> ", _("Note"));
		esc(sb, t.s);
		strbuf_adds(sb, "</p>\n");
	}
	strbuf_release(&t);
	card_costs(sb, sys, used, u, title);
	strbuf_adds(sb, "</article>\n");
	free(title);
}

void export_html_list(const struct eval *ev, const struct diags *d, const char *fp,
                      struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	const char *title = r->name ? r->name : r->n_lists ? ex_list_title(&r->lists[0]) : "";
	strbuf_adds(sb, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
	                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	                "style-src 'unsafe-inline'\">\n<title>");
	esc(sb, title);
	strbuf_addf(sb, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n<h1>", css);
	esc(sb, title);
	strbuf_adds(sb, "</h1>\n");
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != FIELD_ROSTER || r->fields[f] == fd->def)
			continue;
		char *v = ex_field_value(fd, r->fields[f]);
		strbuf_adds(sb, "<p class=\"field\">");
		esc(sb, fd->name);
		strbuf_adds(sb, ": ");
		esc(sb, v);
		strbuf_adds(sb, "</p>\n");
		free(v);
	}
	strbuf_addf(sb, "<p class=\"fp\">%s: <code>", _("Fingerprint"));
	esc(sb, fp);
	strbuf_adds(sb, "</code></p>\n");
	bool legal = d == NULL || d->errors + d->fatals == 0;
	char *verdict = ex_verdict(d);
	strbuf_addf(sb, "<section class=\"verdict %s\">\n<h2>%s ", legal ? "legal" : "illegal",
	            _("Legality:"));
	esc(sb, verdict);
	strbuf_adds(sb, "</h2>\n");
	free(verdict);
	if (d && d->n) {
		strbuf_adds(sb, "<ul>\n");
		for (size_t i = 0; i < d->n; i++) {
			const struct diag *g = &d->v[i];
			strbuf_adds(sb, "<li>");
			if (g->ref) {
				strbuf_adds(sb, "<span class=\"ref\">");
				esc(sb, g->ref);
				strbuf_adds(sb, "</span>: ");
			}
			esc(sb, g->msg);
			if (g->line > 0)
				strbuf_addf(sb, " <small>(%s %ld)</small>", _("line"), g->line);
			strbuf_adds(sb, "</li>\n");
		}
		strbuf_adds(sb, "</ul>\n");
	}
	strbuf_adds(sb, "</section>\n</header>\n");
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		const struct r_list *l = el->list;
		bool *used = xcalloc(sys->n_costs + 1, sizeof(*used));
		for (size_t c = 0; c < sys->n_costs; c++)
			used[c] = ex_cost_used(el, c);
		strbuf_adds(sb, "<section class=\"list\">\n<h2>");
		esc(sb, ex_list_title(l));
		strbuf_adds(sb, "</h2>\n");
		list_facts(sb, sys, el, ex_parent_title(r, l));
		strbuf_adds(sb, "<div class=\"cards\">\n");
		for (size_t i = 0; i < el->n; i++)
			card(sb, ev, used, l, &el->units[i]);
		strbuf_adds(sb, "</div>\n</section>\n");
		free(used);
	}
	strbuf_adds(sb, "</body>\n</html>\n");
}
