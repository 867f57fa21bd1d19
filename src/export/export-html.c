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
#include "export-html.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char css[] =
	"@page { margin: 12mm; }\n"
	"* { box-sizing: border-box; }\n"
	"body { font: 10pt/1.35 \"DejaVu Sans\", \"Liberation Sans\", Arial, sans-serif; color: #000;"
	" background: #fff; margin: 0 auto; max-width: 186mm; }\n"
	"h1 { font-size: 16pt; margin: 0 0 2mm; }\n"
	"h2 { font-size: 13pt; margin: 5mm 0 2mm; border-bottom: 1.5pt solid #000; }\n"
	"h3 { font-size: 11pt; margin: 0 0 1.5mm; display: flex; justify-content: space-between;"
	" gap: 2mm; }\n"
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
	".summary { width: 100%; margin: 2mm 0; }\n"
	".summary th { border-bottom: 1pt solid #000; }\n"
	".summary tbody tr:nth-child(even) { background: #eee; }\n"
	".summary caption { text-align: left; font-weight: bold; margin-top: 1mm; }\n"
	".profile { width: 100%; margin: 1mm 0; border: 0.75pt solid #777; }\n"
	".profile th { background: #ddd; }\n"
	".profile th, .profile td { border: 0.75pt solid #777; text-align: center; }\n"
	".profile .name, .profile .kw { text-align: left; }\n"
	".full main.units { break-before: page; page-break-before: always; }\n"
	".rules dl { margin: 0; }\n"
	".rule { break-inside: avoid; page-break-inside: avoid; margin: 0 0 1.5mm; }\n"
	".rule dt { font-weight: bold; display: inline; }\n"
	".rule dd { display: inline; margin: 0; }\n"
	"@media screen { body { padding: 6mm; } }\n";

/* --style=compact: one page for a tournament's table: small type, cards in three columns
 * without their cost lines (the title has the unit's cost), the rules' texts in three. */
static const char css_compact[] =
	"@page { margin: 7mm; }\n"
	"body { font-size: 6.5pt; line-height: 1.2; max-width: none; }\n"
	"h1 { font-size: 11pt; margin: 0; }\n"
	"h2 { font-size: 8.5pt; margin: 1.5mm 0 1mm; }\n"
	"h3 { font-size: 7pt; margin: 0 0 0.5mm; }\n"
	"th, td { padding: 0 1mm; }\n"
	".fp code { font-size: 7pt; }\n"
	".verdict { padding: 0.5mm 2mm; margin: 1mm 0; }\n"
	".facts { display: inline-table; }\n"
	".summary { margin: 0.5mm 0; }\n"
	".cards, .rules dl { column-count: 3; column-gap: 2.5mm; }\n"
	".card { padding: 1mm 1.5mm; margin: 0 0 1.5mm; border-radius: 1mm; }\n"
	".stats th, .stats td { min-width: 0; }\n"
	".stats th, .stats td, .profile th, .profile td { padding: 0 0.6mm; }\n"
	".card p { margin: 0.5mm 0; }\n"
	".rule { margin: 0 0 0.7mm; }\n";

static void fact_row(struct strbuf *sb, const char *name, const char *value)
{
	strbuf_adds(sb, "<tr><th>");
	html_esc(sb, name);
	strbuf_adds(sb, "</th><td>");
	html_esc(sb, value);
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
	if (ex_has_size(sys, l))
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
			/* Named by the cost type, as Limit and Total are: Gaslands counts Cans. */
			if (left >= 0) {
				/* TRANSLATORS: a cost type's name: "Points left", "Cans left". */
				n = xasprintf(_("%s left"), cd->name);
				fact_row(sb, n, v);
				free(n);
			} else {
				fact_row(sb, _("Over the limit"), v + 1);
			}
			free(v);
		}
	}
	strbuf_adds(sb, "</table>\n");
}

/* A list's heading: its name, or what it is when it has none ("FACTION, 397 AP"): its
 * faction (or the game) and its total in the first cost type it uses; never its id. */
static char *list_heading(const struct system *sys, const struct elist *el)
{
	const struct r_list *l = el->list;
	if (l->name)
		return xstrdup(l->name);
	struct strbuf sb = STRBUF_INIT;
	char buf[DEC_BUF];
	strbuf_adds(&sb, l->faction ? l->faction->name : sys->name);
	for (size_t c = 0; c < sys->n_costs; c++)
		if (ex_cost_used(el, c)) {
			strbuf_addf(&sb, ", %s %s", dec_format(el->totals[c], sys->costs[c].scale, buf),
			            ex_cost_abbr(&sys->costs[c]));
			break;
		}
	return strbuf_detach(&sb);
}

/* Does the document's title stand for the list's heading? When the roster has no name and
 * one list, the title is that list's heading, printed once. */
static bool title_is_list(const struct roster *r)
{
	return r->name == NULL && r->n_lists == 1;
}

/* The document's title: the roster's name, else its only list's heading, else the game. */
static char *doc_title(const struct eval *ev)
{
	const struct roster *r = ev->r;
	if (r->name)
		return xstrdup(r->name);
	if (title_is_list(r))
		return list_heading(r->sys, &ev->lists[0]);
	return xstrdup(r->sys->name);
}

void html_cost_heads(struct strbuf *sb, const struct system *sys, const bool *used)
{
	for (size_t c = 0; c < sys->n_costs; c++)
		if (used[c]) {
			strbuf_adds(sb, "<th class=\"n\">");
			html_esc(sb, ex_cost_abbr(&sys->costs[c]));
			strbuf_adds(sb, "</th>");
		}
}

/* The summary of one list: a row per unit (its title, models and costs), then the totals. */
static void summary(struct strbuf *sb, const struct eval *ev, const struct elist *el,
                    const bool *used)
{
	const struct system *sys = ev->sys;
	char buf[DEC_BUF];
	strbuf_addf(sb, "<table class=\"summary\">\n<thead><tr><th>%s</th><th class=\"n\">%s</th>",
	            _("Unit"), _("Models"));
	html_cost_heads(sb, sys, used);
	strbuf_adds(sb, "</tr></thead>\n<tbody>\n");
	long models = 0;
	for (size_t i = 0; i < el->n; i++) {
		const struct eunit *u = &el->units[i];
		char *title = ex_eunit_title(ev, u);
		strbuf_adds(sb, "<tr><td>");
		html_esc(sb, title);
		free(title);
		char *cell = ex_models_cell(sys, u->ru);
		strbuf_addf(sb, "</td><td class=\"n\">%s</td>", cell);
		free(cell);
		if (ex_counts_models(sys, u->ru->entry) && u->ru->models > 0 &&
		    models <= LONG_MAX - u->ru->models)
			models += u->ru->models;
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c])
				strbuf_addf(sb, "<td class=\"n\">%s</td>",
				            dec_format(u->costs[c], sys->costs[c].scale, buf));
		strbuf_adds(sb, "</tr>\n");
	}
	strbuf_addf(sb, "</tbody>\n<tfoot><tr class=\"total\"><td>%s</td><td class=\"n\">%ld</td>",
	            _("Total"), models);
	for (size_t c = 0; c < sys->n_costs; c++)
		if (used[c])
			strbuf_addf(sb, "<td class=\"n\">%s</td>",
			            dec_format(el->totals[c], sys->costs[c].scale, buf));
	strbuf_adds(sb, "</tr></tfoot>\n</table>\n");
}

/* The keywords a unit of the roster or one of its items holds, as one set (sys->kw_words
 * words): each unit's and item's set is read once, whatever the number of keywords. */
static kwword *keywords_used(const struct eval *ev)
{
	const struct system *sys = ev->sys;
	kwword *all = xcalloc(sys->kw_words + 1, sizeof(*all));
	for (size_t li = 0; li < ev->r->n_lists; li++)
		for (size_t i = 0; i < ev->lists[li].n; i++) {
			const struct eunit *u = &ev->lists[li].units[i];
			for (size_t w = 0; w < sys->kw_words; w++)
				all[w] |= u->kw[w];
			for (size_t j = 0; j < u->n_items; j++)
				for (size_t w = 0; w < sys->kw_words; w++)
					all[w] |= u->items[j].kw[w];
		}
	return all;
}

/* One rule of "Rules used": its name and its text, or that the data gives none. */
static void rule_item(struct strbuf *sb, const char *name, const char *text)
{
	strbuf_adds(sb, "<div class=\"rule\"><dt>");
	html_colon(sb, name);
	strbuf_adds(sb, "</dt> <dd>");
	if (text && *text)
		html_text(sb, text);
	else
		strbuf_addf(sb, "<i>%s</i>", _("(the data gives no text)"));
	strbuf_adds(sb, "</dd></div>\n");
}

/* "Rules used": each ability the list's units and items hold, once, with its text where the
 * data gives one, in the order the system declares them; then each of BattleScribe's rules
 * the units show, once, in the order the roster first shows them (ex_roster_rules). */
static void rules_used(struct strbuf *sb, const struct eval *ev)
{
	const struct system *sys = ev->sys;
	kwword *used = keywords_used(ev);
	const struct bs_info **rules;
	size_t n_rules = ex_roster_rules(ev, &rules);
	bool any = n_rules > 0;
	for (size_t w = 0; w < sys->kw_words; w++)
		any = any || used[w];
	if (any) {
		strbuf_addf(sb, "<section class=\"rules\">\n<h2>%s</h2>\n<dl>\n", _("Rules used"));
		for (size_t k = 0; k < sys->n_keywords; k++)
			if (kw_has(used, k))
				rule_item(sb, sys->keywords[k].name, sys->keywords[k].text);
		for (size_t i = 0; i < n_rules; i++)
			rule_item(sb, rules[i]->name ? rules[i]->name : "", rules[i]->desc);
		strbuf_adds(sb, "</dl>\n</section>\n");
	}
	free(rules);
	free(used);
}

static bool *costs_used(const struct system *sys, const struct elist *el)
{
	bool *used = xcalloc(sys->n_costs + 1, sizeof(*used));
	for (size_t c = 0; c < sys->n_costs; c++)
		used[c] = ex_cost_used(el, c);
	return used;
}

/* Each list's heading, facts and summary: the first page. */
static void summaries(struct strbuf *sb, const struct eval *ev)
{
	const struct roster *r = ev->r;
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		bool *used = costs_used(r->sys, el);
		strbuf_adds(sb, "<section class=\"list\">\n");
		if (!title_is_list(r)) {
			char *h = list_heading(r->sys, el);
			strbuf_adds(sb, "<h2>");
			html_esc(sb, h);
			strbuf_adds(sb, "</h2>\n");
			free(h);
		}
		list_facts(sb, r->sys, el, ex_parent_title(r, el->list));
		summary(sb, ev, el, used);
		strbuf_adds(sb, "</section>\n");
		free(used);
	}
}

/* Each list's cards, under its heading when there are several lists. */
static void all_cards(struct strbuf *sb, const struct eval *ev, bool compact)
{
	const struct roster *r = ev->r;
	strbuf_adds(sb, "<main class=\"units\">\n");
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		bool *used = costs_used(r->sys, el);
		if (r->n_lists > 1) {
			char *h = list_heading(r->sys, el);
			strbuf_adds(sb, "<h2 class=\"cards-of\">");
			html_esc(sb, h);
			strbuf_adds(sb, "</h2>\n");
			free(h);
		}
		strbuf_adds(sb, "<div class=\"cards\">\n");
		for (size_t i = 0; i < el->n; i++)
			html_card(sb, ev, used, el->list, &el->units[i], compact);
		strbuf_adds(sb, "</div>\n");
		free(used);
	}
	strbuf_adds(sb, "</main>\n");
}

static void verdict(struct strbuf *sb, const struct diags *d)
{
	bool legal = d == NULL || d->errors + d->fatals == 0;
	char *v = ex_verdict(d);
	strbuf_addf(sb, "<section class=\"verdict %s\">\n<h2>%s ", legal ? "legal" : "illegal",
	            _("Legality:"));
	html_esc(sb, v);
	strbuf_adds(sb, "</h2>\n");
	free(v);
	if (d && d->n) {
		strbuf_adds(sb, "<ul>\n");
		for (size_t i = 0; i < d->n; i++) {
			const struct diag *g = &d->v[i];
			strbuf_adds(sb, "<li>");
			if (g->ref) {
				strbuf_adds(sb, "<span class=\"ref\">");
				html_colon(sb, g->ref);
				strbuf_adds(sb, "</span> ");
			}
			html_esc(sb, g->msg);
			if (g->line > 0)
				strbuf_addf(sb, " <small>(%s %ld)</small>", _("line"), g->line);
			strbuf_adds(sb, "</li>\n");
		}
		strbuf_adds(sb, "</ul>\n");
	}
	strbuf_adds(sb, "</section>\n");
}

void export_html_list(const struct eval *ev, const struct diags *d, const char *fp,
                      enum export_style style, struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	bool compact = style == EXPORT_COMPACT;
	char *title = doc_title(ev);
	strbuf_adds(sb, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
	                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	                "style-src 'unsafe-inline'\">\n<title>");
	html_esc(sb, title);
	strbuf_addf(sb, "</title>\n<style>\n%s%s</style>\n</head>\n<body class=\"%s\">\n<header>\n<h1>",
	            css, compact ? css_compact : "", compact ? "compact" : "full");
	html_esc(sb, title);
	strbuf_adds(sb, "</h1>\n");
	free(title);
	if (r->player) {
		strbuf_adds(sb, "<p class=\"field\">");
		html_colon(sb, _("Player"));
		strbuf_adds(sb, " ");
		html_esc(sb, r->player);
		strbuf_adds(sb, "</p>\n");
	}
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != FIELD_ROSTER || r->fields[f] == fd->def)
			continue;
		char *v = ex_field_value(fd, r->fields[f]);
		strbuf_adds(sb, "<p class=\"field\">");
		html_colon(sb, fd->name);
		strbuf_adds(sb, " ");
		html_esc(sb, v);
		strbuf_adds(sb, "</p>\n");
		free(v);
	}
	strbuf_adds(sb, "<p class=\"fp\">");
	html_colon(sb, _("Fingerprint"));
	strbuf_adds(sb, " <code>");
	html_esc(sb, fp);
	strbuf_adds(sb, "</code></p>\n");
	verdict(sb, d);
	strbuf_adds(sb, "</header>\n");
	summaries(sb, ev);
	html_campaign(sb, r);
	all_cards(sb, ev, compact);
	rules_used(sb, ev);
	strbuf_adds(sb, "</body>\n</html>\n");
}
