/* cmd-suggest.c - muster suggest: what can still be added to each list, as a table
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The suggestions are engine/suggest.c's; this prints them, for suggest and for edit's
 * suggest, one row an entry: its id, its name, then its models (or "a unit", "an upgrade")
 * and costs, each cell in its column by the columns its text takes.
 */
#include "muster.h"
#include "decimal.h"
#include "cmd.h"
#include "edit.h"
#include "eval.h"
#include "roster.h"
#include "session.h"
#include "suggest.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *abbr(const struct cost_def *c)
{
	return c->abbr ? c->abbr : c->name;
}

/* --- suggest ------------------------------------------------------------------------------- */

static int exec_suggest(int argc, char **argv);

enum { OPT_LIST = 0x200 };

static const struct cmd_option suggest_options[] = {
	CMD_VALUE("list", OPT_LIST, CMD_ARG_TEXT, NC_("option value", "LIST"),
	          N_("the list's id, name or number (default: every list)")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_suggest_entry = {
	"suggest",
	N_("[--list=LIST] FILE"),
	N_("list the entries that can still be added legally, with how many models"),
	N_("Each entry of the list's faction is tried as one more unit, in memory, and checked\n"
	   "with every rule: it is listed when some number of models keeps the list as legal as\n"
	   "it is. The fewest and the most models shown are both checked. Then, as not legal\n"
	   "yet, the entries the points left could pay for that no number of models makes\n"
	   "legal as the list stands (a hero that needs other units first), each with the\n"
	   "first rule one model would break. Exit status: 0, or 2 on trouble.\n"),
	suggest_options,
	NULL,
	exec_suggest,
	"ROSTER",
};

/* ": 27 AP left", or ": 27 AP over" as status says it, for each cost the list is limited in. */
static void print_points_left(const struct system *sys, const struct elist *el, FILE *out)
{
	char buf[DEC_BUF];
	for (size_t c = 0; c < sys->n_costs; c++) {
		if (el->limits[c] < 0)
			continue;
		int64_t left = el->limits[c] - el->totals[c];
		const char *v = dec_format(left < 0 ? -left : left, sys->costs[c].scale, buf);
		if (left < 0)
			fprintf(out, _(" %s %s over"), v, vis(abbr(&sys->costs[c])));
		else
			fprintf(out, _(" %s %s left"), v, vis(abbr(&sys->costs[c])));
	}
	fputc('\n', out);
}

/* ", 40 Pts" for what a unit of kinds of model costs as its builder makes it, then
 * ", +8 Pts a model" when it may have more. */
static void print_built_cost(const struct suggestion *sg, size_t c, const struct cost_def *cd,
                             FILE *out)
{
	char buf[DEC_BUF];
	if (sg->costs[c] && sg->costs[c] != INT64_MAX)
		/* TRANSLATORS: what a unit costs as it is added: ", 40 Pts". */
		fprintf(out, _(", %s %s"), dec_format(sg->costs[c], cd->scale, buf), vis(abbr(cd)));
	if (sg->more[c] && sg->max_models > sg->min_models)
		/* TRANSLATORS: what each model more of a unit costs: ", +8 Pts a model". */
		fprintf(out, _(", +%s %s a model"), dec_format(sg->more[c], cd->scale, buf),
		        vis(abbr(cd)));
}

/* How many copies of a BattleScribe model at the root may be taken, as a player says it:
 * "a model" (one only), "up to 3", "2 to 3", "any number". Each copy is one model. */
static void print_copies(const struct suggestion *sg, FILE *out)
{
	long lo = sg->min_models, hi = sg->max_models;
	/* The most tried is a bound of the search, not of the rules: none found. */
	if (hi >= SUGGEST_MAX_MODELS && lo <= 1)
		/* TRANSLATORS: how many copies of a character or vehicle suggest offers. */
		fputs(_("any number"), out);
	else if (hi >= SUGGEST_MAX_MODELS)
		/* TRANSLATORS: how many copies of a character or vehicle suggest offers. */
		fprintf(out, _("at least %ld"), lo);
	else if (hi <= 1)
		/* TRANSLATORS: what suggest offers of a character or vehicle of which one more may
		 * be taken, as it says "a unit" of a regiment. */
		fputs(_("a model"), out);
	else if (lo <= 1)
		/* TRANSLATORS: how many copies of a character or vehicle suggest offers. */
		fprintf(out, _("up to %ld"), hi);
	else if (lo == hi)
		/* TRANSLATORS: how many copies of a character or vehicle suggest offers. */
		fprintf(out, _("exactly %ld"), lo);
	else
		/* TRANSLATORS: how many copies of a character or vehicle suggest offers. */
		fprintf(out, _("%ld to %ld"), lo, hi);
}

/* The columns of suggest's table: an entry's id (its width the longest id shown, between
 * these two: BattleScribe's link ids, "LINK::ENTRY", are 39), then its name. */
#define SUGGEST_ID_WIDTH 24
#define SUGGEST_ID_WIDTH_MAX 40
#define SUGGEST_NAME_WIDTH 28

/* "  ID   NAME   " of a row of suggest's table, each cell padded by its columns (UTF-8 text,
 * not bytes) to its width: a wider id or name ends its line, and what follows it starts on
 * the next, under the next column, so every row's text stays in its columns. */
static void print_row_head(FILE *out, int lead, int id_width, const char *id, const char *name)
{
	size_t iw = cmd_columns(id), nw = cmd_columns(name);
	fprintf(out, "%*s%s", lead, "", id);
	if (iw > (size_t)id_width)
		fprintf(out, "\n%*s", lead + id_width, "");
	else
		fprintf(out, "%*s", (int)((size_t)id_width - iw), "");
	fprintf(out, " %s", name);
	if (nw > SUGGEST_NAME_WIDTH)
		fprintf(out, "\n%*s", lead + id_width + 1 + SUGGEST_NAME_WIDTH, "");
	else
		fprintf(out, "%*s", (int)(SUGGEST_NAME_WIDTH - nw), "");
	fputc(' ', out);
}

/* The entries suggested, then those not legal yet with the rule each would break. */
static void print_suggestions(const struct system *sys, const struct suggestion *sg, long n,
                              FILE *out)
{
	long ready = 0;
	int idw = SUGGEST_ID_WIDTH;
	for (long i = 0; i < n; i++) {
		/* An entry not legal yet stands two columns further in, its name under the names
		 * above: its id is as wide as theirs. */
		size_t in = sg[i].why ? 2 : 0, w = cmd_columns(vis(sg[i].e->id)) + in;
		ready += sg[i].why == NULL;
		if (w > (size_t)idw && w <= SUGGEST_ID_WIDTH_MAX + in)
			idw = (int)w;
	}
	if (ready == 0)
		fprintf(out, "  %s\n", _("nothing more can be added legally"));
	for (long i = 0; i < n; i++) {
		const struct entry *e = sg[i].e;
		if (sg[i].why)
			continue;
		char models[64];
		/* The most models tried is a bound of the search, not of the rules: none found. */
		if (sg[i].max_models >= SUGGEST_MAX_MODELS)
			snprintf(models, sizeof(models), "%ld+", sg[i].min_models);
		else if (sg[i].min_models == sg[i].max_models)
			snprintf(models, sizeof(models), "%ld", sg[i].min_models);
		else
			snprintf(models, sizeof(models), "%ld-%ld", sg[i].min_models, sg[i].max_models);
		print_row_head(out, 2, idw, vis(e->id), vis(e->name));
		if (entry_taken_whole(sys, e)) {
			if (!entry_counts_models(e))
				/* TRANSLATORS: what suggest offers that is no number of models: a
				 * BattleScribe upgrade at the root (a detachment's rule, a Warlord marker). */
				fputs(_("an upgrade"), out);
			else
				/* TRANSLATORS: what suggest offers that is taken whole, with no number of
				 * models: a BattleScribe unit that has no model in it (a Kings of War
				 * regiment, whose size is in its name). */
				fputs(_("a unit"), out);
			/* What one costs as its builder makes it (suggest.h). */
			for (size_t c = 0; sg[i].costs && c < sys->n_costs; c++)
				print_built_cost(&sg[i], c, &sys->costs[c], out);
			fputc('\n', out);
			continue;
		}
		/* A BattleScribe model at the root (a character, a vehicle) is one model a copy:
		 * its number is how many copies may be taken, "up to 3", each costing its cost. */
		bool copies = sys->bs && e->type == ENTRY_MODEL && !e->has_models;
		if (copies)
			print_copies(&sg[i], out);
		else
			fprintf(out, ngettext("%s model", "%s models", (unsigned long)sg[i].max_models),
			        models);
		for (size_t c = 0; c < sys->n_costs; c++) {
			char buf[DEC_BUF];
			unsigned scale = sys->costs[c].scale;
			if (sg[i].costs) {
				/* A unit of kinds of model: as its builder makes it, then one model more. */
				print_built_cost(&sg[i], c, &sys->costs[c], out);
				continue;
			}
			if (e->unit_costs && e->unit_costs[c])
				fprintf(out, _(", %s %s a unit"), dec_format(e->unit_costs[c], scale, buf),
				        vis(abbr(&sys->costs[c])));
			if (e->costs[c] && copies && sg[i].max_models == 1)
				fprintf(out, _(", %s %s"), dec_format(e->costs[c], scale, buf),
				        vis(abbr(&sys->costs[c])));
			else if (e->costs[c])
				fprintf(out, _(", %s %s each"), dec_format(e->costs[c], scale, buf),
				        vis(abbr(&sys->costs[c])));
		}
		fputc('\n', out);
	}
	if (ready == n)
		return;
	fprintf(out, "  %s\n", _("not legal yet (the first rule one model would break):"));
	for (long i = 0; i < n; i++)
		if (sg[i].why) {
			print_row_head(out, 4, idw - 2, vis(sg[i].e->id), vis(sg[i].e->name));
			fprintf(out, "%s\n", vis(sg[i].why));
		}
}

int cmd_print_suggestions(const struct roster *r, const struct eval *ev, const char *want,
                          FILE *out)
{
	const struct system *sys = r->sys;
	bool found = want == NULL;
	int rc = MUSTER_EXIT_OK;
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct r_list *l = &r->lists[li];
		char num[32];
		snprintf(num, sizeof(num), "%zu", li + 1);
		if (want && strcmp(want, num) != 0 && !(l->id && strcmp(want, l->id) == 0) &&
		    !(l->name && strcmp(want, l->name) == 0))
			continue;
		found = true;
		struct suggestion *sg = NULL;
		struct diags sd = DIAGS_INIT;
		long n = suggest_list(r, li, &sg, &sd);
		if (n < 0) {
			diags_print(&sd, stderr, DIAG_TEXT);
			diags_release(&sd);
			rc = MUSTER_EXIT_TROUBLE;
			continue;
		}
		diags_release(&sd);
		cmd_print_list_title(r, li, out);
		print_points_left(sys, &ev->lists[li], out);
		print_suggestions(sys, sg, n, out);
		suggestions_free(sg, n);
	}
	return found ? rc : -1;
}

void cmd_no_list(const char *path, const struct roster *r, const char *want)
{
	struct nearest nr;
	struct strbuf known = STRBUF_INIT;
	nearest_init(&nr, want);
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct r_list *l = &r->lists[li];
		if (l->id)
			nearest_offer(&nr, l->id, l->id);
		if (l->name)
			nearest_offer(&nr, l->name, l->name);
		strbuf_addf(&known, "%s%zu%s%s", li ? ", " : "", li + 1, l->id ? " " : "",
		            l->id ? l->id : "");
	}
	struct strbuf dym = STRBUF_INIT;
	if (nr.best)
		strbuf_addf(&dym, _("; did you mean '%s'?"), nr.best);
	/* TRANSLATORS: "muster: FILE: no list 'x'; did you mean 'y'? (lists: 1 main, 2 allies)" */
	fprintf(stderr, _("muster: %s: no list '%s'%s (lists: %s)\n"), vis(path), vis(want),
	        dym.s ? vis(dym.s) : "", known.s ? vis(known.s) : _("none"));
	strbuf_release(&dym);
	strbuf_release(&known);
}

static int exec_suggest(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_suggest_entry;
	const char *want = NULL;
	int opt, ret;
	while ((opt = cmd_getopt(self, argc, argv, &ret)) > 0)
		want = optarg; /* --list */
	if (opt == 0)
		return ret;
	if (argc - optind != 1)
		return cmd_usage_error(self, "%s", _("suggest takes one roster file"));
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	struct roster *r = NULL;
	struct eval *ev = NULL;
	int rc = MUSTER_EXIT_TROUBLE;
	if (edit_check(s, argv[optind], NULL, 0, &r, &ev, &d) < 0) {
		diags_sort(&d);
		diags_print(&d, stderr, DIAG_TEXT);
		goto out;
	}
	rc = cmd_print_suggestions(r, ev, want, stdout);
	if (rc == -1) {
		cmd_no_list(argv[optind], r, want);
		rc = MUSTER_EXIT_TROUBLE;
	}
out:
	eval_free(ev);
	roster_free(r);
	diags_release(&d);
	session_free(s);
	return rc;
}
