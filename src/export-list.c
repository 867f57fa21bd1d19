/* export-list.c - printable lists as text and Markdown, and what every list renderer shares
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
#include "export.h"
#include "export-int.h"
#include "fingerprint.h"
#include "idx.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- shared by the renderers ---------------------------------------------------------------- */

const char *ex_cost_abbr(const struct cost_def *c)
{
	return c->abbr ? c->abbr : c->name;
}

bool ex_cost_used(const struct elist *el, size_t c)
{
	if (el->limits[c] >= 0)
		return true;
	for (size_t i = 0; i < el->n; i++)
		if (el->units[i].costs[c] != 0)
			return true;
	return false;
}

char *ex_unit_title(const struct r_unit *u)
{
	if (u->label)
		return xasprintf("%s (%s)", u->label, u->entry->name);
	return xstrdup(u->entry->name);
}

size_t ex_line_depth(const struct eunit *u, const struct cost_line *cl)
{
	size_t depth = 0;
	if (cl->kind != LINE_OPTION)
		return 0;
	for (uint32_t up = cl->ro->up; up && up <= u->ru->n_opts; up = u->ru->opts[up - 1].up)
		depth++;
	return depth;
}

char *ex_line_label(const struct system *sys, const struct eunit *u, const struct cost_line *cl)
{
	(void)sys;
	if (cl->kind == LINE_MODELS)
		return xasprintf(ngettext("%ld model", "%ld models", (unsigned long)u->ru->models),
		                 (long)u->ru->models);
	if (cl->kind == LINE_MODIFIERS)
		return xstrdup(_("changed by modifiers"));
	const struct r_option *ro = cl->ro;
	const struct r_train *tr = ro->train;
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, ro->opt->name);
	if (tr && tr->item)
		strbuf_addf(&sb, _(" on %s"), tr->item);
	if (tr && tr->grant >= 0 && (size_t)tr->grant < sys->n_keywords)
		strbuf_addf(&sb, " (%s)", sys->keywords[tr->grant].name);
	if (ro->count > 1)
		strbuf_addf(&sb, " x%ld", (long)ro->count);
	if (tr)
		strbuf_addf(&sb, " (%s)", _("training"));
	return strbuf_detach(&sb);
}

char *ex_verdict(const struct diags *d)
{
	size_t errors = d ? d->errors + d->fatals : 0, warnings = d ? d->warnings : 0;
	if (errors == 0)
		return xstrdup(warnings ? _("legal, with warnings") : _("legal"));
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, _("NOT LEGAL ("));
	strbuf_addf(&sb, ngettext("%zu error", "%zu errors", errors), errors);
	strbuf_adds(&sb, ", ");
	strbuf_addf(&sb, ngettext("%zu warning", "%zu warnings", warnings), warnings);
	strbuf_adds(&sb, ")");
	return strbuf_detach(&sb);
}

void ex_unit_stats(const struct system *sys, const struct eunit *u, struct strbuf *sb)
{
	bool first = true;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_UNIT || a->type == ATTR_LEVEL || !a->card || !u->vals[a->index].set)
			continue;
		char *v = value_display(sys, a, &u->vals[a->index]);
		const struct value_label *vl =
			a->type == ATTR_INT ? attr_label(a, u->vals[a->index].i) : NULL;
		strbuf_addf(sb, "%s%s %s", first ? "" : ", ", a->abbr ? a->abbr : a->name, v);
		if (vl && vl->label)
			strbuf_addf(sb, " (%s)", vl->label);
		free(v);
		first = false;
	}
}

void ex_keywords(const struct system *sys, const kwword *kw, struct strbuf *sb)
{
	bool first = true;
	for (size_t k = 0; k < sys->n_keywords; k++)
		if (kw_has(kw, k)) {
			strbuf_addf(sb, "%s%s", first ? "" : ", ", sys->keywords[k].name);
			first = false;
		}
}

void ex_item_text(const struct system *sys, const struct eitem *it, struct strbuf *sb)
{
	strbuf_adds(sb, it->w->name);
	bool stats = false;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_ITEM || !a->card || !it->vals[a->index].set)
			continue;
		char *v = value_display(sys, a, &it->vals[a->index]);
		strbuf_addf(sb, "%s %s %s", stats ? "" : ":", a->abbr ? a->abbr : a->name, v);
		free(v);
		stats = true;
	}
	struct strbuf k = STRBUF_INIT;
	ex_keywords(sys, it->kw, &k);
	if (k.len)
		strbuf_addf(sb, "%s%s", stats ? "; " : ": ", k.s);
	strbuf_release(&k);
}

void ex_unit_notes(const struct system *sys, const struct entry *e, struct strbuf *sb)
{
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_UNIT || a->type != ATTR_INT || !e->vals[a->index].set)
			continue;
		const struct value_label *vl = attr_label(a, e->vals[a->index].i);
		if (vl && vl->note)
			strbuf_addf(sb, "%s%s", sb->len ? "; " : "", vl->note);
	}
}

char *ex_field_value(const struct field_def *fd, long v)
{
	if (fd->type == ATTR_BOOL)
		return xstrdup(v ? _("yes") : _("no"));
	if (fd->type == ATTR_CHOICE && v >= 0 && (size_t)v < fd->n_choices)
		return xstrdup(fd->choices[v].name ? fd->choices[v].name : fd->choices[v].id);
	return xasprintf("%ld", v);
}

const char *ex_list_title(const struct r_list *l)
{
	return l->name ? l->name : l->id ? l->id : _("Army list");
}

char *ex_spent(const struct system *sys, const struct elist *el, size_t c)
{
	/* Both are at most a few quadrillion (eval.c checked the sums): no overflow. */
	int64_t total = el->totals[c], left = el->limits[c] - total;
	if (left >= 0)
		return xasprintf(_("%s: %" PRId64 " of %" PRId64 " spent, %" PRId64 " left"),
		                 sys->costs[c].name, total, el->limits[c], left);
	return xasprintf(_("%s: %" PRId64 " of %" PRId64 " spent, %" PRId64 " over the limit"),
	                 sys->costs[c].name, total, el->limits[c], -left);
}

void ex_costs_inline(const struct system *sys, const bool *used, const int64_t *costs,
                     struct strbuf *sb)
{
	bool any = false;
	for (size_t c = 0; c < sys->n_costs; c++)
		if (used[c]) {
			strbuf_addf(sb, "%s%" PRId64 " %s", any ? ", " : "", costs[c],
			            ex_cost_abbr(&sys->costs[c]));
			any = true;
		}
	if (!any)
		strbuf_adds(sb, "0");
}

void export_roster(const struct eval *ev, const struct diags *d, enum export_format fmt,
                   enum export_style style, struct strbuf *sb)
{
	/* The XML roster carries no fingerprint: nettle is not opened for it. */
	char fp[FINGERPRINT_SHORT_LEN + 1] = "";
	if (fmt != EXPORT_XML)
		fingerprint_short(ev->r, fp);
	switch (fmt) {
	case EXPORT_TEXT:
	case EXPORT_MARKDOWN:
		export_text_list(ev, d, fp, fmt == EXPORT_MARKDOWN, style, sb);
		break;
	case EXPORT_HTML:
		export_html_list(ev, d, fp, sb);
		break;
	case EXPORT_CSV:
		export_csv_list(ev, d, fp, sb);
		break;
	case EXPORT_XML:
		export_xml_list(ev, sb);
		break;
	}
}

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
	memmove(v.s, v.s + from, to - from);
	v.len = to - from;
	v.s[v.len] = '\0';
	/* What opens HTML, an entity, a link, an image, emphasis, code, a table cell or a
	 * strike-through anywhere; what opens a heading, a quote or a list item at the start.
	 * (GFM still links a bare e-mail address, whatever is escaped: a mailto: link at worst.) */
	size_t digits = strspn(v.s, "0123456789");
	for (size_t i = 0; i < v.len; i++) {
		char c = v.s[i];
		/* GFM also links bare URLs: "http://" needs its colon, "www." its dot. */
		bool www = c == '.' && i >= 3 && strncasecmp(v.s + i - 3, "www", 3) == 0;
		if (strchr("\\`*_[]<>&|~!:", c) || www || (i == 0 && strchr("#+-=", c)) ||
		    (i > 0 && i == digits && (c == '.' || c == ')')))
			strbuf_addc(sb, '\\');
		strbuf_addc(sb, c);
	}
	strbuf_release(&v);
}

struct tw {
	struct strbuf *sb;
	bool md;
	ex_escape esc;
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

static void add_num(struct strbuf *sb, int64_t v, size_t width)
{
	char num[32];
	snprintf(num, sizeof(num), "%" PRId64, v);
	add_padded(sb, num, width, true);
}

enum { WNAME = 40, WNUM = 8 };

/* One row of the units table: a unit (models set), one of its cost lines, or (costs NULL) a
 * line without costs. */
static void table_row(struct tw *w, const struct system *sys, const bool *used, const char *prefix,
                      const char *label, const char *models, const int64_t *costs, bool bold)
{
	struct strbuf *sb = w->sb;
	if (w->md) {
		strbuf_addf(sb, "| %s%s", prefix, bold ? "**" : "");
		w->esc(sb, label);
		strbuf_addf(sb, "%s | %s |", bold ? "**" : "", models);
		for (size_t c = 0; c < sys->n_costs; c++)
			if (used[c] && costs == NULL)
				strbuf_adds(sb, " |");
			else if (used[c])
				strbuf_addf(sb, bold ? " **%" PRId64 "** |" : " %" PRId64 " |", costs[c]);
	} else {
		/* A row without costs (the unit it joins) ends after its label. */
		add_cell(w, prefix, label, costs ? WNAME : 0, false);
		if (costs) {
			add_padded(sb, models, WNUM, true);
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c])
					add_num(sb, costs[c], WNUM);
		}
	}
	strbuf_adds(sb, "\n");
}

/* "Label: value" as a line of the header: "- " in Markdown. */
static void header_fact(struct tw *w, const char *name, const char *value)
{
	strbuf_adds(w->sb, w->md ? "- " : "");
	w->esc(w->sb, name);
	strbuf_adds(w->sb, ": ");
	w->esc(w->sb, value);
	strbuf_adds(w->sb, "\n");
}

static void list_header(struct tw *w, const struct system *sys, const struct elist *el,
                        bool compact)
{
	const struct r_list *l = el->list;
	const char *title = ex_list_title(l);
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
	if (w->md)
		strbuf_adds(sb, "\n");
	struct strbuf size = STRBUF_INIT;
	strbuf_adds(&size, l->size ? l->size->name : _("custom"));
	/* A custom limit as the file gives it: the tally below shows it after the system's
	 * modifiers, and muster import reads this one back (and applies them again). */
	for (size_t c = 0; c < sys->n_costs; c++) {
		int64_t lim = l->size ? el->limits[c] : l->limits[c];
		if (el->limits[c] >= 0 && lim >= 0)
			strbuf_addf(&size, " (%s %" PRId64 " %s)", _("limit"), lim,
			            ex_cost_abbr(&sys->costs[c]));
	}
	header_fact(w, _("Game"), sys->name);
	header_fact(w, _("Battle size"), size.s);
	strbuf_release(&size);
	if (l->size && !compact)
		for (size_t i = 0; i < l->size->n_facts; i++)
			header_fact(w, l->size->facts[i].name, l->size->facts[i].value);
	if (l->faction) {
		/* The level's own name: "Faction" in one game, "Outfit" in another. */
		struct strbuf f = STRBUF_INIT;
		strbuf_adds(&f, l->faction->name);
		for (const struct group *g = l->faction->parent; g; g = g->parent)
			strbuf_addf(&f, ", %s %s", sys->attrs[g->level].name, g->name);
		header_fact(w, sys->attrs[l->faction->level].name, f.s);
		strbuf_release(&f);
	}
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != FIELD_LIST || l->fields[f] == fd->def)
			continue;
		char *v = ex_field_value(fd, l->fields[f]);
		header_fact(w, fd->name, v);
		free(v);
	}
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
		strbuf_addf(sb, "%s%s: ", lead, _("Stats"));
		w->esc(sb, t.s);
		strbuf_adds(sb, "\n");
	}
	for (size_t k = 0; k < sys->n_kinds; k++) {
		bool first = true;
		for (size_t i = 0; i < u->n_items; i++) {
			if (u->items[i].w->kind != &sys->kinds[k])
				continue;
			if (first) {
				strbuf_adds(sb, lead);
				w->esc(sb, sys->kinds[k].plural ? sys->kinds[k].plural : sys->kinds[k].name);
				strbuf_adds(sb, ": ");
			}
			t.len = 0;
			if (t.s)
				t.s[0] = '\0';
			ex_item_text(sys, &u->items[i], &t);
			if (!first)
				strbuf_adds(sb, " / ");
			w->esc(sb, t.s);
			first = false;
		}
		if (!first)
			strbuf_adds(sb, "\n");
	}
	t.len = 0;
	if (t.s)
		t.s[0] = '\0';
	ex_keywords(sys, u->kw, &t);
	if (t.len) {
		strbuf_addf(sb, "%s%s: ", lead, _("Abilities"));
		w->esc(sb, t.s);
		strbuf_adds(sb, "\n");
	}
	strbuf_release(&t);
}

/* One line per unit: "10x 1st Squad (Quack Marine): Gasp, Stubborn -- 70 AP". */
static void compact_unit(struct tw *w, const struct system *sys, const bool *used,
                         const struct r_list *l, const struct eunit *u)
{
	struct strbuf *sb = w->sb;
	const struct r_unit *ru = u->ru;
	char *title = ex_unit_title(ru);
	strbuf_addf(sb, "%s%ldx ", w->md ? "- " : "  ", (long)ru->models);
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
		char *lab = ex_line_label(sys, u, &lines[k]);
		if (first)
			strbuf_adds(sb, ": ");
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
	if (ru->attach_id && ru->attach < l->n_units) {
		char *target = ex_unit_title(&l->units[ru->attach]);
		char *j = xasprintf(_("joins %s"), target);
		strbuf_adds(sb, first ? ": " : ", ");
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

void export_text_list(const struct eval *ev, const struct diags *d, const char *fp, bool md,
                      enum export_style style, struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	struct tw w = { sb, md, md ? esc_md : strbuf_add_visible };
	bool compact = style == EXPORT_COMPACT;
	if (r->name) {
		strbuf_adds(sb, md ? "# " : "");
		w.esc(sb, r->name);
		strbuf_adds(sb, md ? "\n\n" : "\n");
	}
	/* Roster fields (territories held...) once, for the whole roster, and the fingerprint. */
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != FIELD_ROSTER || r->fields[f] == fd->def)
			continue;
		char *v = ex_field_value(fd, r->fields[f]);
		header_fact(&w, fd->name, v);
		free(v);
	}
	strbuf_addf(sb, "%s%s: %s\n\n", md ? "- " : "", _("Fingerprint"), fp);
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		const struct r_list *l = el->list;
		list_header(&w, sys, el, compact);
		bool *used = xcalloc(sys->n_costs + 1, sizeof(*used));
		for (size_t c = 0; c < sys->n_costs; c++)
			used[c] = ex_cost_used(el, c);
		if (compact) {
			for (size_t i = 0; i < el->n; i++)
				compact_unit(&w, sys, used, l, &el->units[i]);
			strbuf_addf(sb, "%s%s: ", md ? "- **" : "  ", _("Total"));
			struct strbuf c = STRBUF_INIT;
			ex_costs_inline(sys, used, el->totals, &c);
			w.esc(sb, c.s);
			strbuf_release(&c);
			strbuf_adds(sb, md ? "**\n" : "\n");
		} else {
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
						add_cell(&w, "", ex_cost_abbr(&sys->costs[c]), WNUM, true);
				strbuf_adds(sb, "\n");
			}
			for (size_t i = 0; i < el->n; i++) {
				const struct eunit *u = &el->units[i];
				const struct r_unit *ru = u->ru;
				char *title = ex_unit_title(ru);
				char models[32];
				snprintf(models, sizeof(models), "%ld", (long)ru->models);
				table_row(&w, sys, used, "", title, models, u->costs, false);
				free(title);
				/* Its cost lines, each with its costs, when there is more than the models. */
				struct cost_line *lines;
				size_t n_lines = eval_lines(sys, u, &lines);
				for (size_t k = 0; n_lines > 1 && k < n_lines; k++) {
					char *lab = ex_line_label(sys, u, &lines[k]);
					/* An option's options stand under it, indented. */
					struct strbuf pre = STRBUF_INIT;
					for (size_t dk = ex_line_depth(u, &lines[k]); dk > 0; dk--)
						strbuf_adds(&pre, md ? "&emsp;" : "  ");
					strbuf_adds(&pre, md ? "\\+ " : "  + ");
					table_row(&w, sys, used, pre.s, lab, "", lines[k].costs, false);
					strbuf_release(&pre);
					free(lab);
				}
				free(lines);
				if (ru->attach_id && ru->attach < l->n_units) {
					char *target = ex_unit_title(&l->units[ru->attach]);
					char *j = xasprintf(_("joins %s"), target);
					table_row(&w, sys, used, md ? "" : "  ", j, "", NULL, false);
					free(j);
					free(target);
				}
			}
			if (!md) {
				for (size_t i = 0; i < WNAME + WNUM; i++)
					strbuf_addc(sb, '-');
				for (size_t c = 0; c < sys->n_costs; c++)
					if (used[c])
						for (size_t i = 0; i < WNUM; i++)
							strbuf_addc(sb, '-');
				strbuf_adds(sb, "\n");
			}
			table_row(&w, sys, used, "", _("Total"), "", el->totals, md);
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
				char *title = ex_unit_title(el->units[i].ru);
				strbuf_adds(sb, md ? "- **" : "  ");
				w.esc(sb, title);
				strbuf_adds(sb, md ? "**\n" : "\n");
				free(title);
				unit_details(&w, sys, &el->units[i]);
			}
		}
		/* Notes carried by the units' values, once per entry. */
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
				w.esc(sb, l->units[i].entry->name);
				strbuf_adds(sb, ": ");
				w.esc(sb, notes.s);
				strbuf_adds(sb, "\n");
			}
			strbuf_release(&notes);
		}
		idx_free(seen);
		strbuf_adds(sb, "\n");
		free(used);
	}
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
