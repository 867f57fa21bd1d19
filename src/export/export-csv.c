/* export-csv.c - a CSV cost sheet
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Two blocks, each with its own header row, separated by an empty row. The cost block has one
 * row per cost line (a unit's models, each option, each training, what modifiers changed),
 * then a subtotal row per unit and a total row per list (and one for the roster when it has
 * several lists), the figures of every row in one column per cost type, so that the rows of
 * kind model/option/training/modifiers add up to the subtotals and those to the total. The
 * metadata block (system, battle size, limits, points left, verdict, every diagnostic,
 * fingerprint) is key/value rows whose values sit in the third column, never in a cost
 * column. Column names and kinds are an interface for scripts: never translated.
 * CRLF line ends (RFC 4180); formula-like cells neutralised by csvout.c.
 */
#include "muster.h"
#include "decimal.h"
#include "export.h"
#include "export-common.h"
#include "export-render.h"
#include "csvout.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { C_KIND, C_LIST, C_UNIT, C_ENTRY, C_LINE, C_COUNT, C_MODELS, C_FIRST_COST };

struct row {
	const char **f;
	char **own;
	size_t n;
};

static void row_clear(struct row *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->own[i]);
		r->own[i] = NULL;
		r->f[i] = "";
	}
}

static void row_num(struct row *r, size_t i, int64_t v)
{
	free(r->own[i]);
	r->own[i] = xasprintf("%" PRId64, v);
	r->f[i] = r->own[i];
}

/* A cost of cost type cd, as a decimal. */
static void row_cost(struct row *r, size_t i, const struct cost_def *cd, int64_t v)
{
	char buf[DEC_BUF];
	free(r->own[i]);
	r->own[i] = xstrdup(dec_format(v, cd->scale, buf));
	r->f[i] = r->own[i];
}

/* A row, each field with its control characters written visibly: a cost sheet printed to a
 * terminal sends none raw, and a name's line break cannot split a row in a naive reader. */
static void add_row(struct strbuf *sb, const char *const *fields, size_t n)
{
	char **v = xcalloc(n + 1, sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		struct strbuf f = STRBUF_INIT;
		strbuf_add_visible(&f, fields[i] ? fields[i] : "");
		v[i] = strbuf_detach(&f);
	}
	csv_add_row(sb, (const char *const *)v, n);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void meta(struct strbuf *sb, const char *key, const char *list, const char *value)
{
	const char *f[3] = { key, list, value };
	add_row(sb, f, 3);
}

static const char *line_kind(const struct system *sys, const struct r_unit *ru,
                             const struct cost_line *cl)
{
	switch (cl->kind) {
	/* A unit taken whole (a regiment, whose models are in its name) is a "unit", a root
	 * upgrade an "upgrade": neither counts models. */
	case LINE_MODELS: return ex_counts_models(sys, ru->entry) ? "models"
	                         : entry_counts_models(ru->entry) ? "unit" : "upgrade";
	case LINE_OPTION: return cl->ro->train ? "training" : "option";
	case LINE_MODIFIERS: return "modifiers";
	}
	return "";
}

/* The metadata block: key, list, value. */
static void metadata(const struct eval *ev, const struct diags *d, const char *fp,
                     struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	strbuf_adds(sb, "\r\n");
	meta(sb, "key", "list", "value");
	meta(sb, "system", "", sys->id);
	if (r->name)
		meta(sb, "roster", "", r->name);
	if (r->player)
		meta(sb, "player", "", r->player);
	meta(sb, "fingerprint", "", fp);
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		const struct r_list *l = el->list;
		const char *lname = ex_list_title(l);
		meta(sb, "size", lname, l->size ? l->size->id : "");
		if (l->faction)
			meta(sb, "faction", lname, l->faction->id);
		if (l->up)
			meta(sb, "parent", lname, ex_parent_title(r, l));
		for (size_t c = 0; c < sys->n_costs; c++) {
			if (el->limits[c] < 0)
				continue;
			const char *col = ex_cost_column(sys, &sys->costs[c]);
			char *k = xasprintf("limit:%s", col);
			char buf[DEC_BUF];
			meta(sb, k, lname, dec_format(el->limits[c], sys->costs[c].scale, buf));
			free(k);
			k = xasprintf("left:%s", col);
			meta(sb, k, lname,
			     dec_format(el->limits[c] - el->totals[c], sys->costs[c].scale, buf));
			free(k);
		}
	}
	bool legal = d == NULL || d->errors + d->fatals == 0;
	meta(sb, "verdict", "", legal ? "legal" : "illegal");
	for (size_t i = 0; d && i < d->n; i++) {
		const struct diag *g = &d->v[i];
		char *t = xasprintf("%s%s%s", g->ref ? g->ref : "", g->ref ? ": " : "", g->msg);
		meta(sb, severity_name(g->sev), "", t);
		free(t);
	}
}

void export_csv_list(const struct eval *ev, const struct diags *d, const char *fp,
                     struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	struct row row = { NULL, NULL, C_FIRST_COST + sys->n_costs };
	row.f = xcalloc(row.n, sizeof(*row.f));
	row.own = xcalloc(row.n, sizeof(*row.own));
	row_clear(&row);
	static const char *const head[] = { "kind", "list", "unit", "entry", "line", "count", "models" };
	for (size_t i = 0; i < C_FIRST_COST; i++)
		row.f[i] = head[i];
	for (size_t c = 0; c < sys->n_costs; c++)
		row.f[C_FIRST_COST + c] = ex_cost_column(sys, &sys->costs[c]);
	add_row(sb, row.f, row.n);
	int64_t *grand = xcalloc(sys->n_costs + 1, sizeof(*grand));
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		const char *lname = ex_list_title(el->list);
		for (size_t i = 0; i < el->n; i++) {
			const struct eunit *u = &el->units[i];
			const struct r_unit *ru = u->ru;
			const char *uname = r_unit_label(ru);
			uname = uname ? uname : eval_unit_name(ev, u);
			struct cost_line *lines;
			size_t n_lines = eval_lines(sys, u, &lines);
			for (size_t k = 0; k < n_lines; k++) {
				const struct cost_line *cl = &lines[k];
				row_clear(&row);
				row.f[C_KIND] = line_kind(sys, ru, cl);
				row.f[C_LIST] = lname;
				row.f[C_UNIT] = uname;
				row.f[C_ENTRY] = ru->entry->id;
				row.f[C_LINE] = row.own[C_LINE] = ex_line_label(ev, u, cl);
				if (cl->kind == LINE_OPTION)
					row_num(&row, C_COUNT, cl->ro->count);
				/* A unit taken whole is taken so often, of no models. */
				if (cl->kind == LINE_MODELS && ex_counts_models(sys, ru->entry))
					row_num(&row, C_MODELS, ru->models);
				else if (cl->kind == LINE_MODELS)
					row_num(&row, C_COUNT, ru->models);
				for (size_t c = 0; c < sys->n_costs; c++)
					row_cost(&row, C_FIRST_COST + c, &sys->costs[c], cl->costs[c]);
				add_row(sb, row.f, row.n);
			}
			free(lines);
			row_clear(&row);
			row.f[C_KIND] = "subtotal";
			row.f[C_LIST] = lname;
			row.f[C_UNIT] = uname;
			row.f[C_ENTRY] = ru->entry->id;
			if (ex_counts_models(sys, ru->entry))
				row_num(&row, C_MODELS, ru->models);
			for (size_t c = 0; c < sys->n_costs; c++)
				row_cost(&row, C_FIRST_COST + c, &sys->costs[c], u->costs[c]);
			add_row(sb, row.f, row.n);
		}
		row_clear(&row);
		row.f[C_KIND] = "total";
		row.f[C_LIST] = lname;
		for (size_t c = 0; c < sys->n_costs; c++) {
			row_cost(&row, C_FIRST_COST + c, &sys->costs[c], el->totals[c]);
			grand[c] += el->totals[c];
		}
		add_row(sb, row.f, row.n);
	}
	if (r->n_lists > 1) {
		row_clear(&row);
		row.f[C_KIND] = "total";
		for (size_t c = 0; c < sys->n_costs; c++)
			row_cost(&row, C_FIRST_COST + c, &sys->costs[c], grand[c]);
		add_row(sb, row.f, row.n);
	}
	free(grand);
	row_clear(&row);
	free(row.f);
	free(row.own);
	metadata(ev, d, fp, sb);
}
