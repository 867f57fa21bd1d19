/* export-html-card.c - a unit's card in the HTML export
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A card: the unit's title and models, its stats as a table, one profile table per kind of
 * item (weapons, spells, ...) with a column for each item attribute the system declares for
 * cards and one of the unit's items sets, its abilities by name (their text is printed once,
 * in the document's "Rules used"), notes, and its cost lines. Nothing here names a game: the
 * columns are the data's attribute declarations.
 */
#include "muster.h"
#include "decimal.h"
#include "export.h"
#include "export-common.h"
#include "export-html.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Bidirectional controls are shown as "\u202e", not isolated in <bdi>: an isolate keeps a
 * name from reordering its neighbours, but the name itself would still read as its author
 * arranged it ("Bob illegal"); written out, the trick is plain to see, as in text exports. */
void html_esc(struct strbuf *sb, const char *s)
{
	strbuf_add_html(sb, s);
}

void html_text(struct strbuf *sb, const char *s)
{
	unsigned char *bold;
	char *m = ex_markup(s, &bold);
	struct strbuf run = STRBUF_INIT;
	for (size_t i = 0; m[i];) {
		size_t end = i;
		while (m[end] && bold[end] == bold[i])
			end++;
		strbuf_add(&run, m + i, end - i);
		strbuf_adds(sb, bold[i] ? "<b>" : "");
		strbuf_add_html(sb, run.s);
		strbuf_adds(sb, bold[i] ? "</b>" : "");
		run.len = 0;
		run.s[0] = '\0';
		i = end;
	}
	strbuf_release(&run);
	free(m);
	free(bold);
}

void html_colon(struct strbuf *sb, const char *label)
{
	char *s = ex_colon(label);
	strbuf_add_html(sb, s);
	free(s);
}

/* Stats as the system marks them for cards: a row of names, a row of values. */
static void card_stats(struct strbuf *sb, const struct system *sys, const struct eunit *u)
{
	struct strbuf head = STRBUF_INIT, vals = STRBUF_INIT;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		const char *label;
		char *v = ex_unit_stat(sys, a, u->vals, &label);
		if (v == NULL)
			continue;
		strbuf_adds(&head, "<th>");
		html_esc(&head, a->abbr ? a->abbr : a->name);
		strbuf_adds(&head, "</th>");
		strbuf_adds(&vals, "<td>");
		html_text(&vals, v);
		if (label) {
			strbuf_adds(&vals, " (");
			html_esc(&vals, label);
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

static bool kw_any(const struct system *sys, const kwword *kw)
{
	for (size_t w = 0; kw && w < sys->kw_words; w++)
		if (kw[w])
			return true;
	return false;
}

/* Whether one of u's items of kind k sets card attribute a (a NULL: has a keyword). */
static bool kind_uses(const struct system *sys, const struct eunit *u, const struct item_kind *k,
                      const struct attr_def *a)
{
	for (size_t i = 0; i < u->n_items; i++) {
		const struct eitem *it = &u->items[i];
		if (it->w->kind != k)
			continue;
		if (a ? item_value(it->vals, a)->set : kw_any(sys, it->kw))
			return true;
	}
	return false;
}

static bool item_attr_shown(const struct attr_def *a)
{
	return a->on == ON_ITEM && a->card;
}

/* One row of a profile table: the item's name, its value of each shown attribute, its
 * abilities. */
static void profile_row(struct strbuf *sb, const struct system *sys, const struct eunit *u,
                        const struct eitem *it, size_t count, bool kw_col)
{
	strbuf_adds(sb, "<tr><td class=\"name\">");
	char *name = ex_item_name(it->w->name, count);
	html_esc(sb, name);
	free(name);
	strbuf_adds(sb, "</td>");
	for (size_t a = 0; a < sys->n_attrs; a++) {
		const struct attr_def *ad = &sys->attrs[a];
		if (!item_attr_shown(ad) || !kind_uses(sys, u, it->w->kind, ad))
			continue;
		strbuf_adds(sb, "<td>");
		if (item_value(it->vals, ad)->set) {
			char *v = value_display(sys, ad, item_value(it->vals, ad));
			html_text(sb, v);
			free(v);
		} else {
			strbuf_adds(sb, "&ndash;");
		}
		strbuf_adds(sb, "</td>");
	}
	if (kw_col) {
		struct strbuf k = STRBUF_INIT;
		ex_keywords(sys, it->kw, &k);
		strbuf_adds(sb, "<td class=\"kw\">");
		html_text(sb, k.len ? k.s : "");
		strbuf_adds(sb, "</td>");
		strbuf_release(&k);
	}
	strbuf_adds(sb, "</tr>\n");
}

/* A table of u's items of kind k: a header of the kind's name and the attributes' names. */
static void profile_table(struct strbuf *sb, const struct system *sys, const struct eunit *u,
                          const struct item_kind *k)
{
	bool kw_col = kind_uses(sys, u, k, NULL), cols = kw_col;
	/* An item shown the same more than once (a pistol two models carry): once, counted. */
	size_t *counts = ex_item_counts(sys, u, k);
	for (size_t a = 0; a < sys->n_attrs && !cols; a++)
		cols = item_attr_shown(&sys->attrs[a]) && kind_uses(sys, u, k, &sys->attrs[a]);
	if (!cols) {
		/* Items of names only (gear): a line, not a table of one column. */
		strbuf_adds(sb, "<p class=\"items\"><b>");
		html_colon(sb, k->plural ? k->plural : k->name);
		strbuf_adds(sb, "</b> ");
		bool first = true;
		for (size_t i = 0; i < u->n_items; i++)
			if (counts[i]) {
				strbuf_adds(sb, first ? "" : ", ");
				char *name = ex_item_name(u->items[i].w->name, counts[i]);
				html_esc(sb, name);
				free(name);
				first = false;
			}
		strbuf_adds(sb, "</p>\n");
		free(counts);
		return;
	}
	strbuf_adds(sb, "<table class=\"profile\">\n<tr><th class=\"name\">");
	html_esc(sb, k->plural ? k->plural : k->name);
	strbuf_adds(sb, "</th>");
	for (size_t a = 0; a < sys->n_attrs; a++) {
		const struct attr_def *ad = &sys->attrs[a];
		if (!item_attr_shown(ad) || !kind_uses(sys, u, k, ad))
			continue;
		strbuf_adds(sb, "<th>");
		html_esc(sb, ad->abbr ? ad->abbr : ad->name);
		strbuf_adds(sb, "</th>");
	}
	if (kw_col)
		strbuf_addf(sb, "<th class=\"kw\">%s</th>", _("Abilities"));
	strbuf_adds(sb, "</tr>\n");
	for (size_t i = 0; i < u->n_items; i++)
		if (counts[i])
			profile_row(sb, sys, u, &u->items[i], counts[i], kw_col);
	strbuf_adds(sb, "</table>\n");
	free(counts);
}

/* Unit u's cost lines and its total, one column per cost type of the list. */
static void card_costs(struct strbuf *sb, const struct eval *ev, const bool *used,
                       const struct eunit *u, const char *title)
{
	const struct system *sys = ev->sys;
	char buf[DEC_BUF];
	strbuf_adds(sb, "<table class=\"costs\">\n<tr><th></th>");
	html_cost_heads(sb, sys, used);
	strbuf_adds(sb, "</tr>\n");
	struct cost_line *lines;
	size_t n_lines = eval_lines(sys, u, &lines);
	for (size_t k = 0; k < n_lines; k++) {
		if (!ex_line_shown(sys, u, &lines[k]))
			continue;
		char *lab = ex_line_label(ev, u, &lines[k]);
		size_t depth = ex_line_depth(u, &lines[k]);
		if (depth)
			strbuf_addf(sb, "<tr><td style=\"padding-left:%zuem\">", depth + 1);
		else
			strbuf_adds(sb, "<tr><td>");
		html_esc(sb, lab);
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
	html_esc(sb, tot);
	free(tot);
	strbuf_adds(sb, "</td>");
	for (size_t c = 0; c < sys->n_costs; c++)
		if (used[c])
			strbuf_addf(sb, "<td class=\"n\">%s</td>",
			            dec_format(u->costs[c], sys->costs[c].scale, buf));
	strbuf_adds(sb, "</tr>\n</table>\n");
}

/* Compact: the unit's options (its cost lines but the models') on one line. */
static void card_options(struct strbuf *sb, const struct eval *ev, const struct eunit *u)
{
	const struct system *sys = ev->sys;
	struct cost_line *lines;
	size_t n_lines = eval_lines(sys, u, &lines);
	bool first = true;
	for (size_t k = 0; k < n_lines; k++) {
		if (lines[k].kind == LINE_MODELS)
			continue;
		char *lab = ex_line_label(ev, u, &lines[k]);
		if (first) {
			strbuf_adds(sb, "<p class=\"options\"><b>");
			html_colon(sb, _("Options"));
			strbuf_adds(sb, "</b> ");
		}
		strbuf_adds(sb, first ? "" : ", ");
		html_esc(sb, lab);
		free(lab);
		first = false;
	}
	if (!first)
		strbuf_adds(sb, "</p>\n");
	free(lines);
}

/* A paragraph "<b>label:</b> text" when text is not empty. */
static void labelled(struct strbuf *sb, const char *cls, const char *label, const char *text)
{
	if (!text || !*text)
		return;
	strbuf_addf(sb, "<p class=\"%s\"><b>", cls);
	html_colon(sb, label);
	strbuf_adds(sb, "</b> ");
	html_text(sb, text);
	strbuf_adds(sb, "</p>\n");
}

/* BattleScribe's rules the unit shows, by name: their texts stand once in "Rules used". */
static void card_rules(struct strbuf *sb, const struct eunit *u)
{
	const struct bs_info **rules = NULL;
	size_t n = 0, cap = 0;
	struct idx *seen = idx_new();
	ex_unit_rules(u, seen, &rules, &n, &cap);
	idx_free(seen);
	for (size_t i = 0; i < n; i++) {
		if (i == 0) {
			strbuf_adds(sb, "<p class=\"rule-names\"><b>");
			html_colon(sb, _("Rules"));
			strbuf_adds(sb, "</b> ");
		} else {
			strbuf_adds(sb, ", ");
		}
		html_esc(sb, rules[i]->name ? rules[i]->name : "");
	}
	if (n)
		strbuf_adds(sb, "</p>\n");
	free(rules);
}

static void card_head(struct strbuf *sb, const struct system *sys, const bool *used,
                      const struct eunit *u, const char *title, bool compact)
{
	const struct r_unit *ru = u->ru;
	strbuf_adds(sb, "<article class=\"card\">\n<h3><span class=\"title\">");
	html_esc(sb, title);
	strbuf_adds(sb, "</span> <span class=\"models\">");
	char *m = ex_counts_models(sys, ru->entry)
	          ? xasprintf(ngettext("%ld model", "%ld models", (unsigned long)ru->models),
	                      (long)ru->models)
	          : ex_models_cell(sys, ru);
	html_esc(sb, m);
	if (compact) {
		struct strbuf c = STRBUF_INIT;
		ex_costs_inline(sys, used, u->costs, &c);
		if (*m)
			strbuf_adds(sb, ", ");
		html_esc(sb, c.s);
		strbuf_release(&c);
	}
	free(m);
	strbuf_adds(sb, "</span></h3>\n");
}

void html_card(struct strbuf *sb, const struct eval *ev, const bool *used,
               const struct r_list *l, const struct eunit *u, bool compact)
{
	const struct system *sys = ev->sys;
	const struct r_unit *ru = u->ru;
	char *title = ex_eunit_title(ev, u);
	card_head(sb, sys, used, u, title, compact);
	card_stats(sb, sys, u);
	if (r_unit_joins(l, ru)) {
		char *target = ex_unit_title(r_unit_joins(l, ru));
		char *j = xasprintf(_("joins %s"), target);
		strbuf_adds(sb, "<p class=\"joins\">");
		html_esc(sb, j);
		strbuf_adds(sb, "</p>\n");
		free(j);
		free(target);
	}
	for (size_t k = 0; k < sys->n_kinds; k++)
		for (size_t i = 0; i < u->n_items; i++)
			if (u->items[i].w->kind == &sys->kinds[k]) {
				profile_table(sb, sys, u, &sys->kinds[k]);
				break;
			}
	struct strbuf t = STRBUF_INIT;
	ex_keywords(sys, u->kw, &t);
	labelled(sb, "abilities", _("Abilities"), t.s);
	t.len = 0;
	if (t.s)
		t.s[0] = '\0';
	ex_unit_notes(sys, ru->entry, &t);
	labelled(sb, "notes", _("Note"), t.s);
	strbuf_release(&t);
	card_rules(sb, u);
	if (compact)
		card_options(sb, ev, u);
	else
		card_costs(sb, ev, used, u, title);
	strbuf_adds(sb, "</article>\n");
	free(title);
}
