/* export-text.c - printable lists (text, Markdown), CSV cost sheets and entry cards
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "export.h"
#include "eval.h"
#include "csvout.h"
#include "idx.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Cost types worth a column: used by some unit, or limited by the list. */
static bool cost_used(const struct elist *el, size_t c)
{
	if (el->limits[c] >= 0)
		return true;
	for (size_t i = 0; i < el->n; i++)
		if (el->units[i].costs[c] != 0)
			return true;
	return false;
}

static const char *cost_abbr(const struct cost_def *c)
{
	return c->abbr ? c->abbr : c->name;
}

/* Pads s to width display columns (UTF-8 aware: continuation bytes take no column). */
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

static void add_md(struct strbuf *sb, const char *s)
{
	/* Markdown tables break on | and lines; escape what could change the table. */
	for (; *s; s++) {
		if (*s == '|' || *s == '*' || *s == '_' || *s == '`' || *s == '\\')
			strbuf_addc(sb, '\\');
		strbuf_addc(sb, *s == '\n' ? ' ' : *s);
	}
}

/* A line under a unit (an option taken, the unit it joins), with empty cells in Markdown. */
static void add_subline(struct strbuf *sb, const char *line, bool md, const bool *used,
                        size_t n_costs)
{
	if (!md) {
		strbuf_addf(sb, "%s\n", line);
		return;
	}
	strbuf_adds(sb, "| ");
	add_md(sb, line);
	strbuf_adds(sb, " | |");
	for (size_t c = 0; c < n_costs; c++)
		if (used[c])
			strbuf_adds(sb, " |");
	strbuf_adds(sb, "\n");
}

static char *unit_title(const struct r_unit *u)
{
	if (u->label)
		return xasprintf("%s (%s)", u->label, u->entry->name);
	return xstrdup(u->entry->name);
}

/* The notes a unit's attribute values carry ("opponent gains 2 VP when destroyed"). */
static void unit_notes(const struct system *sys, const struct entry *e, struct strbuf *sb)
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

/* Fields of one scope that differ from their defaults, one per line; booleans as yes/no. */
static void add_fields(const struct system *sys, const long *fields, enum field_scope scope,
                       bool md, struct strbuf *sb)
{
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != scope || fields[f] == fd->def)
			continue;
		strbuf_addf(sb, "%s%s: ", md ? "\n- " : "\n", fd->name);
		if (fd->type == ATTR_BOOL)
			strbuf_adds(sb, fields[f] ? _("yes") : _("no"));
		else if (fd->type == ATTR_CHOICE && fields[f] >= 0 && (size_t)fields[f] < fd->n_choices)
			strbuf_adds(sb, fd->choices[fields[f]].name ? fd->choices[fields[f]].name
			                                            : fd->choices[fields[f]].id);
		else
			strbuf_addf(sb, "%ld", fields[f]);
	}
}

static void list_header(const struct system *sys, const struct elist *el, bool md,
                        struct strbuf *sb)
{
	const struct r_list *l = el->list;
	const char *title = l->name ? l->name : l->id ? l->id : _("Army list");
	strbuf_addf(sb, md ? "## " : "");
	if (md)
		add_md(sb, title);
	else
		strbuf_adds(sb, title);
	strbuf_adds(sb, "\n");
	if (!md) {
		size_t n = strlen(title);
		for (size_t i = 0; i < n && i < 78; i++)
			strbuf_addc(sb, '=');
		strbuf_adds(sb, "\n");
	}
	strbuf_addf(sb, "%s%s: %s", md ? "\n- " : "", _("Game"), sys->name);
	strbuf_addf(sb, "%s%s: %s", md ? "\n- " : "\n", _("Battle size"),
	            l->size ? l->size->name : _("custom"));
	for (size_t c = 0; c < sys->n_costs; c++)
		if (el->limits[c] >= 0)
			strbuf_addf(sb, " (%s %" PRId64 " %s)", _("limit"), el->limits[c],
			            cost_abbr(&sys->costs[c]));
	if (l->size)
		for (size_t i = 0; i < l->size->n_facts; i++)
			strbuf_addf(sb, "%s%s: %s", md ? "\n- " : "\n", l->size->facts[i].name,
			            l->size->facts[i].value);
	if (l->faction) {
		/* The level's own name: "Faction" in one game, "Outfit" in another. */
		strbuf_addf(sb, "%s%s: %s", md ? "\n- " : "\n", sys->attrs[l->faction->level].name,
		            l->faction->name);
		for (const struct group *g = l->faction->parent; g; g = g->parent)
			strbuf_addf(sb, ", %s %s", sys->attrs[g->level].name, g->name);
	}
	add_fields(sys, l->fields, FIELD_LIST, md, sb);
	strbuf_adds(sb, "\n\n");
}

/* The verdict in words, as the text form prints it; caller frees. */
static char *verdict_text(const struct diags *d)
{
	size_t errors = d ? d->errors : 0, warnings = d ? d->warnings : 0;
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

void export_text(const struct eval *ev, const struct diags *d, bool md, struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	if (r->name) {
		if (md) {
			strbuf_adds(sb, "# ");
			add_md(sb, r->name);
		} else {
			strbuf_adds(sb, r->name);
		}
	}
	/* Roster fields (territories held...) once, for the whole roster. */
	struct strbuf rf = STRBUF_INIT;
	add_fields(sys, r->fields, FIELD_ROSTER, md, &rf);
	if (rf.len)
		strbuf_adds(sb, rf.s + (r->name ? 0 : 1));
	if (r->name || rf.len)
		strbuf_adds(sb, "\n\n");
	strbuf_release(&rf);
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		const struct r_list *l = el->list;
		const struct eunit *u = el->units;
		list_header(sys, el, md, sb);
		bool *used = xcalloc(sys->n_costs + 1, sizeof(*used));
		for (size_t c = 0; c < sys->n_costs; c++)
			used[c] = cost_used(el, c);
		const size_t wname = 40, wnum = 8;
		if (md) {
			strbuf_addf(sb, "| %s | %s |", _("Unit"), _("Models"));
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c])
					strbuf_addf(sb, " %s |", cost_abbr(&sys->costs[c]));
			strbuf_adds(sb, "\n|---|--:|");
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c])
					strbuf_adds(sb, "--:|");
			strbuf_adds(sb, "\n");
		} else {
			add_padded(sb, _("Unit"), wname, false);
			add_padded(sb, _("Models"), wnum, true);
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c])
					add_padded(sb, cost_abbr(&sys->costs[c]), wnum, true);
			strbuf_adds(sb, "\n");
		}
		for (size_t i = 0; i < l->n_units; i++) {
			const struct r_unit *ru = &l->units[i];
			char *title = unit_title(ru);
			char models[32];
			snprintf(models, sizeof(models), "%ld", ru->models);
			if (md) {
				strbuf_adds(sb, "| ");
				add_md(sb, title);
				strbuf_addf(sb, " | %s |", models);
				for (size_t c = 0; c < sys->n_costs; c++)
					if (used[c])
						strbuf_addf(sb, " %" PRId64 " |", u[i].costs[c]);
				strbuf_adds(sb, "\n");
			} else {
				add_padded(sb, title, wname, false);
				add_padded(sb, models, wnum, true);
				for (size_t c = 0; c < sys->n_costs; c++)
					if (used[c]) {
						char num[32];
						snprintf(num, sizeof(num), "%" PRId64, u[i].costs[c]);
						add_padded(sb, num, wnum, true);
					}
				strbuf_adds(sb, "\n");
			}
			free(title);
			if (ru->attach_id) {
				char *target = unit_title(&l->units[ru->attach]);
				char *line = xasprintf(_("  joins %s"), target);
				add_subline(sb, line, md, used, sys->n_costs);
				free(line);
				free(target);
			}
			for (size_t k = 0; k < ru->n_opts; k++) {
				const struct r_option *ro = &ru->opts[k];
				char *line = ro->count > 1 ? xasprintf("  + %s x%ld", ro->opt->name, ro->count)
				                           : xasprintf("  + %s", ro->opt->name);
				add_subline(sb, line, md, used, sys->n_costs);
				free(line);
			}
		}
		if (md) {
			strbuf_addf(sb, "| **%s** | |", _("Total"));
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c])
					strbuf_addf(sb, " **%" PRId64 "** |", el->totals[c]);
			strbuf_adds(sb, "\n\n");
		} else {
			for (size_t i = 0; i < wname + wnum; i++)
				strbuf_addc(sb, '-');
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c])
					for (size_t i = 0; i < wnum; i++)
						strbuf_addc(sb, '-');
			strbuf_adds(sb, "\n");
			add_padded(sb, _("Total"), wname + wnum, false);
			for (size_t c = 0; c < sys->n_costs; c++)
				if (used[c]) {
					char num[32];
					snprintf(num, sizeof(num), "%" PRId64, el->totals[c]);
					add_padded(sb, num, wnum, true);
				}
			strbuf_adds(sb, "\n\n");
		}
		for (size_t c = 0; c < sys->n_costs; c++) {
			if (!used[c] || el->limits[c] < 0)
				continue;
			/* Both are at most a few quadrillion (eval.c checked the sums): no overflow. */
			int64_t total = el->totals[c], left = el->limits[c] - total;
			strbuf_addf(sb, md ? "- " : "");
			if (left >= 0)
				strbuf_addf(sb, _("%s: %" PRId64 " of %" PRId64 " spent, %" PRId64 " left\n"),
				            sys->costs[c].name, total, el->limits[c], left);
			else
				strbuf_addf(sb, _("%s: %" PRId64 " of %" PRId64 " spent, %" PRId64 " over the limit\n"),
				            sys->costs[c].name, total, el->limits[c], -left);
		}
		/* Notes carried by the units' values, once per entry. */
		bool header = false;
		struct idx *seen = idx_new();
		for (size_t i = 0; i < l->n_units; i++) {
			struct strbuf notes = STRBUF_INIT;
			if (idx_add(seen, l->units[i].entry->id, (void *)l->units[i].entry) == 0)
				unit_notes(sys, l->units[i].entry, &notes);
			if (notes.len) {
				if (!header)
					strbuf_addf(sb, "\n%s%s\n", md ? "### " : "", _("Notes"));
				header = true;
				strbuf_addf(sb, "%s%s: %s\n", md ? "- " : "  ", l->units[i].entry->name, notes.s);
			}
			strbuf_release(&notes);
		}
		idx_free(seen);
		strbuf_adds(sb, "\n");
		free(used);
	}
	char *verdict = verdict_text(d);
	strbuf_addf(sb, "%s%s %s\n", md ? "## " : "", _("Legality:"), verdict);
	free(verdict);
	for (size_t i = 0; d && i < d->n; i++) {
		char *t = diag_format_text(&d->v[i]);
		strbuf_addf(sb, "%s%s\n", md ? "- " : "  ", t);
		free(t);
	}
}

static void free_owned(char **owned, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(owned[i]);
		owned[i] = NULL;
	}
}

int export_csv(const struct eval *ev, const struct diags *d, FILE *out)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	/* Column names are an interface for scripts: never translated. */
	size_t ncols = 6 + sys->n_costs;
	const char **row = xcalloc(ncols, sizeof(*row));
	char **owned = xcalloc(ncols, sizeof(*owned));
	int rc = 0;
	row[0] = "list";
	row[1] = "unit";
	row[2] = "entry";
	row[3] = "option";
	row[4] = "models";
	row[5] = "taken";
	for (size_t c = 0; c < sys->n_costs; c++)
		row[6 + c] = sys->costs[c].id;
	rc |= csv_write_row(out, row, ncols);
	for (size_t li = 0; li < r->n_lists && rc == 0; li++) {
		const struct elist *el = &ev->lists[li];
		const struct r_list *l = el->list;
		const char *lname = l->name ? l->name : l->id ? l->id : "";
		for (size_t i = 0; i < el->n && rc == 0; i++) {
			const struct eunit *u = &el->units[i];
			const struct r_unit *ru = u->ru;
			/* One row per cost line: the models, each option, what modifiers changed. */
			for (size_t k = 0; k < u->n_lines && rc == 0; k++) {
				const struct cost_line *cl = &u->lines[k];
				const struct r_option *ro = cl->kind == LINE_OPTION ? cl->ro : NULL;
				row[0] = lname;
				row[1] = ru->label ? ru->label : ru->entry->name;
				row[2] = ru->entry->id;
				row[3] = ro ? ro->opt->name : cl->kind == LINE_MODIFIERS ? _("(modifiers)") : "";
				row[4] = owned[4] = xasprintf("%ld", ru->models);
				row[5] = owned[5] = ro ? xasprintf("%ld", ro->count) : xstrdup("");
				for (size_t c = 0; c < sys->n_costs; c++)
					row[6 + c] = owned[6 + c] = xasprintf("%" PRId64, cl->costs[c]);
				rc |= csv_write_row(out, row, ncols);
				free_owned(owned, ncols);
			}
		}
		/* Rows: total, then (when the list has a limit) limit and what is left. */
		static const char *const what[] = { "total", "limit", "left" };
		bool limited = false;
		for (size_t c = 0; c < sys->n_costs; c++)
			limited |= el->limits[c] >= 0;
		for (size_t k = 0; k < 3 && rc == 0; k++) {
			if (k > 0 && !limited)
				break;
			row[0] = lname;
			row[1] = what[k];
			row[2] = row[3] = row[4] = row[5] = "";
			for (size_t c = 0; c < sys->n_costs; c++) {
				int64_t total = el->totals[c], lim = el->limits[c];
				if (k > 0 && lim < 0)
					row[6 + c] = owned[6 + c] = xstrdup("");
				else
					row[6 + c] = owned[6 + c] =
						xasprintf("%" PRId64, k == 0 ? total : k == 1 ? lim : lim - total);
			}
			rc |= csv_write_row(out, row, ncols);
			free_owned(owned, ncols);
		}
	}
	/* The roster's verdict, once, as in the printed forms. */
	if (rc == 0) {
		row[0] = r->name ? r->name : "";
		row[1] = "verdict";
		row[2] = row[3] = row[4] = row[5] = "";
		for (size_t c = 0; c < sys->n_costs; c++)
			row[6 + c] = "";
		char *v = verdict_text(d);
		row[6] = v;
		rc |= csv_write_row(out, row, ncols);
		free(v);
	}
	free(owned);
	free(row);
	return rc ? -1 : 0;
}

static void add_keywords(const struct system *sys, const kwword *kw, struct strbuf *sb)
{
	bool first = true;
	for (size_t k = 0; k < sys->n_keywords; k++)
		if (kw_has(kw, k)) {
			strbuf_addf(sb, "%s%s", first ? "" : ", ", sys->keywords[k].name);
			first = false;
		}
}

static void add_item_line(const struct system *sys, const struct item *w, int indent,
                            struct strbuf *sb)
{
	struct strbuf stats = STRBUF_INIT;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_ITEM || !a->card || !w->vals[a->index].set)
			continue;
		char *v = value_display(sys, a, &w->vals[a->index]);
		strbuf_addf(&stats, " %s %s", a->abbr ? a->abbr : a->name, v);
		free(v);
	}
	struct strbuf k = STRBUF_INIT;
	add_keywords(sys, w->kw, &k);
	/* "Sword: Dmg 4 Rng 1"; Reliable", or "HAR: Shoots through the ceiling" without stats. */
	strbuf_addf(sb, "%*s%s", indent, "", w->name);
	if (stats.len)
		strbuf_addf(sb, ":%s", stats.s);
	if (k.len)
		strbuf_addf(sb, "%s%s", stats.len ? "; " : ": ", k.s);
	strbuf_release(&stats);
	strbuf_release(&k);
	strbuf_adds(sb, "\n");
}

/* Orders items by kind, then by their place on the card (qsort is not stable). */
static int cmp_item_kind(const void *a, const void *b)
{
	const struct item *x = *(const struct item *const *)a, *y = *(const struct item *const *)b;
	if (x->kind->index != y->kind->index)
		return x->kind->index < y->kind->index ? -1 : 1;
	return (x > y) - (x < y);
}

void export_card(const struct system *sys, const struct entry *e, struct strbuf *sb)
{
	strbuf_addf(sb, "%s [%s]%s\n", e->name, e->id, e->example ? _(" (example model, not from the rules)") : "");
	struct strbuf costs = STRBUF_INIT;
	for (size_t c = 0; c < sys->n_costs; c++)
		if (e->costs[c])
			strbuf_addf(&costs, "%s%ld %s", costs.len ? ", " : "", e->costs[c],
			            cost_abbr(&sys->costs[c]));
	strbuf_addf(sb, "  %s: %s %s\n", _("Cost"), costs.len ? costs.s : "0", _("per model"));
	strbuf_release(&costs);
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_UNIT || a->type != ATTR_LEVEL || !e->vals[a->index].set)
			continue;
		char *v = value_display(sys, a, &e->vals[a->index]);
		strbuf_addf(sb, "  %s: %s\n", a->name, v);
		free(v);
	}
	strbuf_adds(sb, " ");
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_UNIT || a->type == ATTR_LEVEL || !a->card || !e->vals[a->index].set)
			continue;
		char *v = value_display(sys, a, &e->vals[a->index]);
		const struct value_label *vl = a->type == ATTR_INT ? attr_label(a, e->vals[a->index].i) : NULL;
		if (vl && vl->label)
			strbuf_addf(sb, " %s %s (%s)", a->abbr ? a->abbr : a->name, v, vl->label);
		else
			strbuf_addf(sb, " %s %s", a->abbr ? a->abbr : a->name, v);
		free(v);
	}
	strbuf_adds(sb, "\n");
	for (size_t i = 0; i < e->n_also; i++)
		if (e->also[i])
			strbuf_addf(sb, "  %s %s %s\n", _("Also in"), sys->attrs[e->also[i]->level].name,
			            e->also[i]->name);
	if (e->n_cats) {
		strbuf_addf(sb, "  %s: ", _("Categories"));
		for (size_t i = 0; i < e->n_cats; i++)
			strbuf_addf(sb, "%s%s", i ? ", " : "", sys->cats[e->cats[i]].name);
		strbuf_adds(sb, "\n");
	}
	struct strbuf k = STRBUF_INIT;
	add_keywords(sys, e->kw, &k);
	if (k.len)
		strbuf_addf(sb, "  %s: %s\n", _("Abilities"), k.s);
	strbuf_release(&k);
	/* Items under their kinds, in the system's order of kinds, each kind's in card order. */
	const struct item **by_kind = xcalloc(e->n_items + 1, sizeof(*by_kind));
	for (size_t i = 0; i < e->n_items; i++)
		by_kind[i] = &e->items[i];
	qsort(by_kind, e->n_items, sizeof(*by_kind), cmp_item_kind);
	for (size_t i = 0; i < e->n_items; i++) {
		if (i == 0 || by_kind[i]->kind != by_kind[i - 1]->kind)
			strbuf_addf(sb, "  %s:\n", by_kind[i]->kind->plural);
		add_item_line(sys, by_kind[i], 4, sb);
	}
	free(by_kind);
	if (e->n_options) {
		strbuf_addf(sb, "  %s:\n", _("Options"));
		for (size_t i = 0; i < e->n_options; i++) {
			const struct entry_option *o = &e->options[i];
			strbuf_addf(sb, "    %s [%s]", o->name, o->id);
			for (size_t c = 0; c < sys->n_costs; c++)
				if (o->costs[c])
					strbuf_addf(sb, " %+ld %s%s", o->costs[c], cost_abbr(&sys->costs[c]),
					            o->per_model ? _(" per model") : "");
			if (o->max == OPTION_UNBOUNDED)
				strbuf_adds(sb, _(" (any number)"));
			else if (o->max != 1)
				strbuf_addf(sb, _(" (up to %ld)"), o->max);
			if (o->item_id)
				strbuf_addf(sb, _(" on %s"), o->item_id);
			for (size_t c = 0; c < o->n_cats; c++)
				strbuf_addf(sb, "%s%s%s", c ? ", " : " [", sys->cats[o->cats[c]].name,
				            c + 1 == o->n_cats ? "]" : "");
			strbuf_adds(sb, "\n");
			if (o->adds) {
				strbuf_addf(sb, "      %s ", _("adds"));
				add_item_line(sys, o->adds, 0, sb);
			}
		}
	}
	struct strbuf notes = STRBUF_INIT;
	unit_notes(sys, e, &notes);
	if (notes.len)
		strbuf_addf(sb, "  %s: %s\n", _("Note"), notes.s);
	strbuf_release(&notes);
	if (e->note)
		strbuf_addf(sb, "  %s\n", e->note);
}
