/* export-text.c - printable lists as text and Markdown
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Text is for a terminal or a printer: every string from data or a file goes through
 * strbuf_add_visible, so no control character reaches a terminal raw. Markdown escapes every
 * ASCII punctuation character of such strings with a backslash (CommonMark allows it of any
 * of them), so that nothing in a name becomes HTML, a link, emphasis, a heading, a list item
 * or a table cell; line breaks (a lone CR too) and tabs become spaces.
 */
#include "muster.h"
#include "decimal.h"
#include "export.h"
#include "export-common.h"
#include "export-render.h"
#include "idx.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- text and Markdown ---------------------------------------------------------------------- */

static void esc_md(struct strbuf *sb, const char *s)
{
	struct strbuf v = STRBUF_INIT;
	/* Control characters visible first (a lone CR ends a line in CommonMark); tabs and line
	 * breaks are spaces. */
	for (const char *p = s; *p; p++)
		strbuf_addc(&v, *p == '\n' || *p == '\r' || *p == '\t' ? ' ' : *p);
	char *t = strbuf_detach(&v);
	strbuf_add_visible(&v, t);
	free(t);
	/* Spaces at either end would stop emphasis around the name from closing. */
	size_t from = strspn(v.s ? v.s : "", " "), to = v.len;
	while (to > from && v.s[to - 1] == ' ')
		to--;
	if (to == from) {
		strbuf_release(&v);
		return;
	}
	v.s[to] = '\0';
	/* BattleScribe's markup ("**^^Infantry^^**") bold, the rest escaped. */
	unsigned char *bold;
	char *m = ex_markup(v.s + from, &bold);
	strbuf_release(&v);
	/* What opens HTML, an entity, a link, an image, emphasis, code, a table cell or a
	 * strike-through anywhere; what opens a heading, a quote or a list item at the start.
	 * (GFM still links a bare e-mail address, whatever is escaped: a mailto: link at worst.) */
	size_t digits = strspn(m, "0123456789");
	bool in_bold = false;
	for (size_t i = 0; m[i]; i++) {
		char c = m[i];
		if (bold[i] != in_bold) {
			strbuf_adds(sb, "**");
			in_bold = bold[i];
		}
		/* GFM also links bare URLs: "http://" needs its colon, "www." its dot. */
		bool www = c == '.' && i >= 3 && strncasecmp(m + i - 3, "www", 3) == 0;
		if (strchr("\\`*_[]<>&|~!:", c) || www || (i == 0 && strchr("#+-=", c)) ||
		    (i > 0 && i == digits && (c == '.' || c == ')')))
			strbuf_addc(sb, '\\');
		strbuf_addc(sb, c);
	}
	if (in_bold)
		strbuf_adds(sb, "**");
	free(m);
	free(bold);
}

/* Text: a line break in data (a rule's or ability's text written over several lines) is one
 * space, so that a card line stays one line; every other control character is shown escaped
 * (strbuf_add_visible), a lone CR too. */
static void esc_text(struct strbuf *sb, const char *s)
{
	/* BattleScribe's markup ("**^^Infantry^^**") read: plain text has no bold. */
	unsigned char *bold;
	char *m = ex_markup(s, &bold);
	free(bold);
	s = m;
	struct strbuf v = STRBUF_INIT;
	for (const char *p = s; *p; p++) {
		if (*p == '\n' || (*p == '\r' && p[1] == '\n')) {
			if (*p == '\r')
				p++;
			if (v.len && v.s[v.len - 1] != ' ')
				strbuf_addc(&v, ' ');
			continue;
		}
		strbuf_addc(&v, *p);
	}
	strbuf_add_visible(sb, v.s ? v.s : "");
	strbuf_release(&v);
	free(m);
}

struct tw {
	struct strbuf *sb;
	bool md;
	ex_escape esc;
	const struct eval *ev;
};

/* Pads to width display columns (UTF-8 aware: continuation bytes take no column). */
static void add_padded(struct strbuf *sb, const char *s, size_t width, bool right)
{
	size_t cols = 0;
	for (const char *p = s; *p; p++)
		cols += ((unsigned char)*p & 0xC0) != 0x80;
	if (right)
		for (size_t i = cols; i < width; i++)
			strbuf_addc(sb, ' ');
	strbuf_adds(sb, s);
	if (!right)
		for (size_t i = cols; i < width; i++)
			strbuf_addc(sb, ' ');
}

/* A label from data, escaped, padded to width. */
static void add_cell(struct tw *w, const char *prefix, const char *s, size_t width, bool right)
{
	struct strbuf e = STRBUF_INIT;
	strbuf_adds(&e, prefix);
	w->esc(&e, s);
	add_padded(w->sb, e.s, width, right);
	strbuf_release(&e);
}

/* A cost of cost type cd, right-aligned in width. */
static void add_num(struct strbuf *sb, const struct cost_def *cd, int64_t v, size_t width)
{
	char num[DEC_BUF];
	add_padded(sb, dec_format(v, cd->scale, num), width, true);
}

enum { WNAME = 40, WNUM = 8 };

/* A cost column: 8 wide, or its heading and a space when that is wider ("Build Slots"). */
static size_t cost_width(const struct system *sys, size_t c)
{
	size_t cols = 1;
	for (const char *p = ex_cost_abbr(&sys->costs[c]); *p; p++)
		cols += ((unsigned char)*p & 0xC0) != 0x80;
	return cols > WNUM ? cols : WNUM;
}

/* One row of the units table: a unit (models set), one of its cost lines, or (costs NULL) a
 * line without costs. */
static void table_row(struct tw *w, const struct system *sys, const bool *used, const char *prefix,
                      const char *label, const char *models, const int64_t *costs, bool bold)
{
	struct strbuf *sb = w->sb;
	char num[DEC_BUF];
	if (w->md) {
		strbuf_addf(sb, "| %s%s", prefix, bold ? "**" : "");
		w->esc(sb, label);
		strbuf_addf(sb, "%s | %s |", bold ? "**" : "", models);
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c] && costs == NULL)
				strbuf_adds(sb, " |");
			else if (used[c])
				strbuf_addf(sb, bold ? " **%s** |" : " %s |",
				            dec_format(costs[c], sys->costs[c].scale, num));
	} else {
		/* A row without costs (the unit it joins) ends after its label. */
		add_cell(w, prefix, label, costs ? WNAME : 0, false);
		if (costs) {
			add_padded(sb, models, WNUM, true);
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c])
					add_num(sb, &sys->costs[c], costs[c], cost_width(sys, c));
		}
	}
	strbuf_adds(sb, "\n");
}

/* "Label: " as the language writes it (ex_colon: French puts a no-break space before the
 * colon), the label escaped, what the language adds to it not. */
static void add_label(struct tw *w, struct strbuf *sb, const char *name)
{
	char *c = ex_colon(name);
	size_t n = strlen(name);
	if (strncmp(c, name, n) == 0) {
		w->esc(sb, name);
		strbuf_adds(sb, c + n);
	} else {
		w->esc(sb, c);
	}
	strbuf_adds(sb, " ");
	free(c);
}

/* "Label: value" as a line of the header: "- " in Markdown. */
static void header_fact(struct tw *w, const char *name, const char *value)
{
	strbuf_adds(w->sb, w->md ? "- " : "");
	add_label(w, w->sb, name);
	w->esc(w->sb, value);
	strbuf_adds(w->sb, "\n");
}

static void fact_cb(void *w, const char *name, const char *value)
{
	header_fact(w, name, value);
}

/* "Battle size: NAME (limit N)", or "custom" for a list of none. */
static void size_fact(struct tw *w, const struct system *sys, const struct elist *el)
{
	const struct r_list *l = el->list;
	struct strbuf size = STRBUF_INIT;
	char num[DEC_BUF];
	strbuf_adds(&size, l->size ? l->size->name : _("custom"));
	/* A custom limit as the file gives it: the tally below shows it after the system's
	 * modifiers, and muster import reads this one back (and applies them again). */
	for (size_t c = 0; c < sys->n_costs; c++) {
		int64_t lim = l->size ? el->limits[c] : l->limits[c];
		if (el->limits[c] >= 0 && lim >= 0)
			strbuf_addf(&size, " (%s %s %s)", _("limit"), dec_format(lim, sys->costs[c].scale, num),
			            ex_cost_abbr(&sys->costs[c]));
	}
	header_fact(w, _("Battle size"), size.s);
	strbuf_release(&size);
}

/* For a system whose lists have no battle size (BattleScribe's): "Limit (COST): N" for each
 * cost limited, as the file gives it. */
static void limit_facts(struct tw *w, const struct system *sys, const struct elist *el)
{
	char num[DEC_BUF];
	for (size_t c = 0; c < sys->n_costs; c++) {
		int64_t lim = el->list->limits ? el->list->limits[c] : -1;
		if (el->limits[c] < 0 || lim < 0)
			continue;
		char *n = xasprintf(_("Limit (%s)"), sys->costs[c].name);
		char *v = xasprintf("%s %s", dec_format(lim, sys->costs[c].scale, num),
		                    ex_cost_abbr(&sys->costs[c]));
		header_fact(w, n, v);
		free(n);
		free(v);
	}
}

static void list_header(struct tw *w, const struct system *sys, const struct elist *el,
                        bool compact, const char *within)
{
	const struct r_list *l = el->list;
	char *title = ex_list_heading(l);
	struct strbuf *sb = w->sb;
	strbuf_adds(sb, w->md ? "## " : "");
	w->esc(sb, title);
	strbuf_adds(sb, "\n");
	if (!w->md) {
		size_t n = strlen(title);
		for (size_t i = 0; i < n && i < 78; i++)
			strbuf_addc(sb, '=');
		strbuf_adds(sb, "\n");
	}
	free(title);
	if (w->md)
		strbuf_adds(sb, "\n");
	header_fact(w, _("Game"), sys->name);
	if (within)
		header_fact(w, _("Child force of"), within);
	if (ex_has_size(sys, l))
		size_fact(w, sys, el);
	else
		limit_facts(w, sys, el);
	ex_list_facts(sys, l, !compact, fact_cb, w);
	strbuf_adds(sb, "\n");
}

/* Stats, items by kind and abilities of one unit, as lines under it (full style). */
static void unit_details(struct tw *w, const struct system *sys, const struct eunit *u)
{
	struct strbuf *sb = w->sb;
	const char *lead = w->md ? "  - " : "    ";
	struct strbuf t = STRBUF_INIT;
	ex_unit_stats(sys, u, &t);
	if (t.len) {
		strbuf_adds(sb, lead);
		add_label(w, sb, _("Stats"));
		w->esc(sb, t.s);
		strbuf_adds(sb, "\n");
	}
	for (size_t k = 0; k < sys->n_kinds; k++) {
		bool first = true;
		/* An item shown the same more than once (a pistol two models carry): once, counted. */
		size_t *counts = ex_item_counts(sys, u, &sys->kinds[k]);
		for (size_t i = 0; i < u->n_items; i++) {
			if (counts[i] == 0)
				continue;
			if (first) {
				strbuf_adds(sb, lead);
				add_label(w, sb, sys->kinds[k].plural ? sys->kinds[k].plural : sys->kinds[k].name);
			}
			t.len = 0;
			if (t.s)
				t.s[0] = '\0';
			char *name = ex_item_name(u->items[i].w->name, counts[i]);
			ex_item_text(sys, name, u->items[i].vals, u->items[i].kw, &t);
			free(name);
			if (!first)
				strbuf_adds(sb, " / ");
			w->esc(sb, t.s);
			first = false;
		}
		free(counts);
		if (!first)
			strbuf_adds(sb, "\n");
	}
	t.len = 0;
	if (t.s)
		t.s[0] = '\0';
	ex_keywords(sys, u->kw, &t);
	if (t.len) {
		strbuf_adds(sb, lead);
		add_label(w, sb, _("Abilities"));
		w->esc(sb, t.s);
		strbuf_adds(sb, "\n");
	}
	strbuf_release(&t);
	/* BattleScribe's rules it shows, by name: their texts stand once in "Rules used". */
	const struct bs_info **rules = NULL;
	size_t n_rules = 0, cap = 0;
	struct idx *seen = idx_new();
	ex_unit_rules(u, seen, &rules, &n_rules, &cap);
	idx_free(seen);
	for (size_t i = 0; i < n_rules; i++) {
		if (i == 0) {
			strbuf_adds(sb, lead);
			add_label(w, sb, _("Rules"));
		} else {
			strbuf_adds(sb, ", ");
		}
		w->esc(sb, rules[i]->name ? rules[i]->name : "");
	}
	if (n_rules)
		strbuf_adds(sb, "\n");
	free(rules);
}

/* "Rules used": each of BattleScribe's rules the roster's units show, once for the whole
 * printout, with its text (full style). */
static void rules_used(struct tw *w)
{
	const struct bs_info **rules;
	size_t n = ex_roster_rules(w->ev, &rules);
	struct strbuf *sb = w->sb;
	if (n)
		strbuf_addf(sb, "%s%s\n%s", w->md ? "## " : "", _("Rules used"), w->md ? "\n" : "");
	for (size_t i = 0; i < n; i++) {
		const struct bs_info *r = rules[i];
		strbuf_adds(sb, w->md ? "- **" : "  ");
		char *label = ex_colon(r->name ? r->name : "");
		w->esc(sb, label);
		free(label);
		strbuf_adds(sb, w->md ? "** " : " ");
		if (r->desc && *r->desc)
			w->esc(sb, r->desc);
		else if (w->md)
			strbuf_addf(sb, "*%s*", _("(the data gives no text)"));
		else
			strbuf_adds(sb, _("(the data gives no text)"));
		strbuf_adds(sb, "\n");
	}
	if (n)
		strbuf_adds(sb, "\n");
	free(rules);
}

/* One line per unit: "10x 1st Squad (Quack Marine): Gasp, Stubborn -- 70 AP". */
static void compact_unit(struct tw *w, const struct system *sys, const bool *used,
                         const struct r_list *l, const struct eunit *u)
{
	struct strbuf *sb = w->sb;
	const struct r_unit *ru = u->ru;
	char *title = ex_eunit_title(w->ev, u);
	strbuf_adds(sb, w->md ? "- " : "  ");
	/* A unit taken whole (a regiment, an upgrade) taken once is no number of anything. */
	if (ex_counts_models(sys, ru->entry) || ru->models > 1)
		strbuf_addf(sb, "%ldx ", (long)ru->models);
	if (w->md)
		strbuf_adds(sb, "**");
	w->esc(sb, title);
	if (w->md)
		strbuf_adds(sb, "**");
	free(title);
	bool first = true;
	struct cost_line *lines;
	size_t n_lines = eval_lines(sys, u, &lines);
	size_t depth = 0;
	for (size_t k = 0; k < n_lines; k++) {
		if (lines[k].kind != LINE_OPTION)
			continue;
		/* An option's options follow it in parentheses. */
		size_t dk = ex_line_depth(u, &lines[k]);
		char *lab = ex_line_label(w->ev, u, &lines[k]);
		if (first)
			add_label(w, sb, "");
		else if (dk > depth)
			strbuf_adds(sb, " (");
		for (; depth > dk; depth--)
			strbuf_adds(sb, ")");
		if (!first && dk <= depth)
			strbuf_adds(sb, ", ");
		depth = dk;
		w->esc(sb, lab);
		free(lab);
		first = false;
	}
	for (; depth > 0; depth--)
		strbuf_adds(sb, ")");
	free(lines);
	if (r_unit_joins(l, ru)) {
		char *target = ex_unit_title(r_unit_joins(l, ru));
		char *j = xasprintf(_("joins %s"), target);
		if (first)
			add_label(w, sb, "");
		else
			strbuf_adds(sb, ", ");
		w->esc(sb, j);
		free(j);
		free(target);
	}
	strbuf_adds(sb, " -- ");
	struct strbuf c = STRBUF_INIT;
	ex_costs_inline(sys, used, u->costs, &c);
	w->esc(sb, c.s);
	strbuf_release(&c);
	strbuf_adds(sb, "\n");
}

/* The full table of list el: a row per unit with its cost lines, and the total. */
static void full_table(struct tw *w, const struct system *sys, const bool *used,
                       const struct elist *el)
{
	struct strbuf *sb = w->sb;
	bool md = w->md;
	const struct r_list *l = el->list;
	if (md) {
		strbuf_addf(sb, "| %s | %s |", _("Unit"), _("Models"));
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c]) {
				strbuf_adds(sb, " ");
				esc_md(sb, ex_cost_abbr(&sys->costs[c]));
				strbuf_adds(sb, " |");
			}
		strbuf_adds(sb, "\n|---|--:|");
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c])
				strbuf_adds(sb, "--:|");
		strbuf_adds(sb, "\n");
	} else {
		add_padded(sb, _("Unit"), WNAME, false);
		add_padded(sb, _("Models"), WNUM, true);
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c])
				add_cell(w, "", ex_cost_abbr(&sys->costs[c]), cost_width(sys, c), true);
		strbuf_adds(sb, "\n");
	}
	for (size_t i = 0; i < el->n; i++) {
		const struct eunit *u = &el->units[i];
		const struct r_unit *ru = u->ru;
		char *title = ex_eunit_title(w->ev, u);
		char *models = ex_models_cell(sys, ru);
		table_row(w, sys, used, "", title, models, u->costs, false);
		free(models);
		free(title);
		/* Its cost lines, each with its costs, when there is more than the models. */
		struct cost_line *lines;
		size_t n_lines = eval_lines(sys, u, &lines);
		for (size_t k = 0; n_lines > 1 && k < n_lines; k++) {
			if (!ex_line_shown(sys, u, &lines[k]))
				continue;
			char *lab = ex_line_label(w->ev, u, &lines[k]);
			/* An option's options stand under it, indented. */
			struct strbuf pre = STRBUF_INIT;
			for (size_t dk = ex_line_depth(u, &lines[k]); dk > 0; dk--)
				strbuf_adds(&pre, md ? "&emsp;" : "  ");
			strbuf_adds(&pre, md ? "\\+ " : "  + ");
			table_row(w, sys, used, pre.s, lab, "", lines[k].costs, false);
			strbuf_release(&pre);
			free(lab);
		}
		free(lines);
		if (r_unit_joins(l, ru)) {
			char *target = ex_unit_title(r_unit_joins(l, ru));
			char *j = xasprintf(_("joins %s"), target);
			table_row(w, sys, used, md ? "" : "  ", j, "", NULL, false);
			free(j);
			free(target);
		}
	}
	if (!md) {
		for (size_t i = 0; i < WNAME + WNUM; i++)
			strbuf_addc(sb, '-');
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c])
				for (size_t i = 0; i < cost_width(sys, c); i++)
					strbuf_addc(sb, '-');
		strbuf_adds(sb, "\n");
	}
	table_row(w, sys, used, "", _("Total"), "", el->totals, md);
}

/* Notes carried by the units' values of list l, once per entry. */
static void entry_notes(struct tw *w, const struct system *sys, const struct r_list *l)
{
	struct strbuf *sb = w->sb;
	bool md = w->md;
	bool header = false;
	struct idx *seen = idx_new();
	for (size_t i = 0; i < l->n_units; i++) {
		struct strbuf notes = STRBUF_INIT;
		if (idx_add(seen, l->units[i].entry->id, (void *)l->units[i].entry) == 0)
			ex_unit_notes(sys, l->units[i].entry, &notes);
		if (notes.len) {
			if (!header)
				strbuf_addf(sb, "\n%s%s\n%s", md ? "### " : "", _("Notes"), md ? "\n" : "");
			header = true;
			strbuf_adds(sb, md ? "- " : "  ");
			add_label(w, sb, l->units[i].entry->name);
			w->esc(sb, notes.s);
			strbuf_adds(sb, "\n");
		}
		strbuf_release(&notes);
	}
	idx_free(seen);
}

void export_text_list(const struct eval *ev, const struct diags *d, const char *fp, bool md,
                      enum export_style style, struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	struct tw w = { sb, md, md ? esc_md : esc_text, ev };
	bool compact = style == EXPORT_COMPACT;
	if (r->name) {
		strbuf_adds(sb, md ? "# " : "");
		w.esc(sb, r->name);
		strbuf_adds(sb, md ? "\n\n" : "\n");
	}
	if (r->player)
		header_fact(&w, _("Player"), r->player);
	/* Roster fields (territories held...) once, for the whole roster, and the fingerprint. */
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != FIELD_ROSTER || r->fields[f] == fd->def)
			continue;
		char *v = ex_field_value(fd, r->fields[f]);
		header_fact(&w, fd->name, v);
		free(v);
	}
	strbuf_adds(sb, md ? "- " : "");
	add_label(&w, sb, _("Fingerprint"));
	strbuf_addf(sb, "%s\n\n", fp);
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		const struct r_list *l = el->list;
		/* The parent by the heading it has above (import finds it by that). */
		char *within = l->up ? ex_list_heading(&r->lists[l->up - 1]) : NULL;
		list_header(&w, sys, el, compact, within);
		free(within);
		bool *used = xcalloc(sys->n_costs + 1, sizeof(*used));
		for (size_t c = 0; c < sys->n_costs; c++)
			used[c] = ex_cost_used(el, c);
		if (compact) {
			for (size_t i = 0; i < el->n; i++)
				compact_unit(&w, sys, used, l, &el->units[i]);
			strbuf_adds(sb, md ? "- **" : "  ");
			add_label(&w, sb, _("Total"));
			struct strbuf c = STRBUF_INIT;
			ex_costs_inline(sys, used, el->totals, &c);
			w.esc(sb, c.s);
			strbuf_release(&c);
			strbuf_adds(sb, md ? "**\n" : "\n");
		} else {
			full_table(&w, sys, used, el);
		}
		strbuf_adds(sb, "\n");
		for (size_t c = 0; c < sys->n_costs; c++) {
			if (!used[c] || el->limits[c] < 0)
				continue;
			char *s = ex_spent(sys, el, c);
			strbuf_adds(sb, md ? "- " : "");
			w.esc(sb, s);
			strbuf_adds(sb, "\n");
			free(s);
		}
		if (!compact && el->n) {
			strbuf_addf(sb, "\n%s%s\n%s", md ? "### " : "", _("Units"), md ? "\n" : "");
			for (size_t i = 0; i < el->n; i++) {
				char *title = ex_eunit_title(ev, &el->units[i]);
				strbuf_adds(sb, md ? "- **" : "  ");
				w.esc(sb, title);
				strbuf_adds(sb, md ? "**\n" : "\n");
				free(title);
				unit_details(&w, sys, &el->units[i]);
			}
		}
		entry_notes(&w, sys, l);
		strbuf_adds(sb, "\n");
		free(used);
	}
	if (!compact)
		rules_used(&w);
	char *verdict = ex_verdict(d);
	strbuf_addf(sb, "%s%s ", md ? "## " : "", _("Legality:"));
	w.esc(sb, verdict);
	strbuf_adds(sb, md ? "\n\n" : "\n");
	free(verdict);
	for (size_t i = 0; d && i < d->n; i++) {
		char *t = diag_format_text(&d->v[i]);
		strbuf_adds(sb, md ? "- " : "  ");
		w.esc(sb, t);
		strbuf_adds(sb, "\n");
		free(t);
	}
}
