/* cmd-tournament.c - muster tournament: check every list of an event against its pack
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The pack is loaded first (event.h): its rules become rules of its system in this command's
 * session, and every roster is then loaded, evaluated and checked as `validate` does, plus
 * event_check. Files are checked on every core (batch.h) into one slot each, and everything
 * is printed from those slots in the order of the command line and of sorted names (walk.h),
 * so two runs over the same files print the same bytes. Identical submissions are found by
 * their fingerprint through a hash, never by comparing files pairwise. Exit status: 2 when
 * any file is unreadable (or the pack is), else 1 when any list is illegal, else 0.
 */
#include "muster.h"
#include "decimal.h"
#include "batch.h"
#include "check.h"
#include "cmd.h"
#include "csvout.h"
#include "data.h"
#include "diag.h"
#include "eval.h"
#include "export-common.h"
#include "event.h"
#include "fingerprint.h"
#include "idx.h"
#include "roster.h"
#include "derive.h"
#include "save.h"
#include "session.h"
#include "util.h"
#include "walk.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int exec_tournament(int argc, char **argv);

enum { OPT_FORCE = 0x200 };

static const struct cmd_option tournament_options[] = {
	CMD_VALUE("output", 'o', CMD_ARG_FILE, NC_("option value", "FILE"),
	          N_("also write the report to FILE: CSV when it ends in .csv,\n"
	             "XML when it ends in .xml (may be given twice); an\n"
	             "existing file is refused, and never a pack or a list")),
	CMD_FLAG("force", OPT_FORCE, N_("replace an existing report (kept as FILE~)")),
	CMD_VALUE("jobs", 'j', CMD_ARG_NUMBER, NC_("option value", "N"),
	          N_("check on N threads (default: one per processor)")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_tournament_entry = {
	"tournament",
	N_("[-o REPORT.csv|REPORT.xml]... [--force] [--jobs=N] PACK LIST|DIR..."),
	N_("check every list of an event against its event pack, with a report"),
	N_("Checks each roster file (each *.xml, *.ros or *.rosz file under a directory, in\n"
	   "sorted order) against the game system and the event pack PACK: its battle size,\n"
	   "limits, list choices and extra rules. Prints one line per file (player, lists,\n"
	   "factions, total, verdict, violations), the violations, the identical\n"
	   "submissions, why each file not checked was not, and a summary. A file that\n"
	   "cannot be read is reported and the others are checked; a file of another kind\n"
	   "(the event pack, a game system) or a text file (*.txt, *.md) is named and\n"
	   "skipped.\n"
	   "Exit status: 0 when every list is legal, 1 when any is illegal, 2 when any file\n"
	   "(or the pack) cannot be read.\n"),
	tournament_options,
	NULL,
	exec_tournament,
	"FILE ROSTER...",
};

/* What the table shows for a value not known (NULL or ""); the reports leave it empty. */
static const char *shown(const char *s)
{
	return s && *s ? s : "-";
}

struct entry_row {
	const char *file;
	const char *problem;     /* walk.h */
	bool skipped;            /* not a roster (walk.h, data_other_kind): not checked */
	int status;              /* MUSTER_EXIT_*; MUSTER_EXIT_OK when skipped */
	struct diags d;
	size_t violations;       /* errors, the pack's included */
	char *player, *lists, *factions, *total; /* NULL when not known */
	int64_t total_num;       /* the lists' totals in the first cost type, when total is known */
	unsigned total_scale;    /* that cost type's decimal places (its scale) */
	size_t dup_of;           /* 1 + the row it repeats, or 0 */
	char fp[FINGERPRINT_HEX_LEN + 1]; /* "" when the file did not load */
};

struct run {
	struct session *s;
	const struct event *ev;
	struct entry_row *rows;
};

/* A copy of s fit for a terminal, a CSV cell and an XML attribute: control characters (C0,
 * DEL and C1: U+009B starts an escape sequence on some terminals), bidirectional controls (a
 * player "Bob <U+202E>lagelli<U+202C>" would read "Bob illegal") and bytes that are not
 * UTF-8 become '?'. Names come from files strangers wrote. */
static char *clean(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	while (*p) {
		size_t n = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3
		         : (*p & 0xF8) == 0xF0 ? 4 : 0;
		size_t k = 1;
		while (n > 1 && k < n && (p[k] & 0xC0) == 0x80)
			k++;
		if (n == 0 || k < n || (n == 1 && (*p < 0x20 || *p == 0x7F)) ||
		    (n == 2 && *p == 0xC2 && p[1] < 0xA0) || bidi_control((const char *)p) != 0) {
			/* One '?' for a whole character, one for each stray byte. */
			strbuf_addc(&sb, '?');
			p += n > 1 && k == n ? n : 1;
			continue;
		}
		strbuf_add(&sb, (const char *)p, n);
		p += n;
	}
	return strbuf_detach(&sb);
}

/* Characters (code points) in UTF-8 text: the width of a table cell. */
static size_t width(const char *s)
{
	size_t w = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		w += (*p & 0xC0) != 0x80;
	return w;
}

static const char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	return b ? b + 1 : path;
}

static void describe(struct entry_row *row, const struct roster *r, const struct eval *ev)
{
	struct strbuf lists = STRBUF_INIT, factions = STRBUF_INIT, total = STRBUF_INIT;
	const struct system *sys = r->sys;
	for (size_t i = 0; i < r->n_lists; i++) {
		const struct r_list *l = &r->lists[i];
		strbuf_addf(&lists, "%s%s", i ? " + " : "", l->name ? l->name : l->id ? l->id : "");
		strbuf_addf(&factions, "%s%s", i ? " + " : "", l->faction ? l->faction->name : "");
		if (ev && i < ev->n_lists && sys->n_costs > 0) {
			const struct cost_def *c = &sys->costs[0];
			char buf[DEC_BUF];
			strbuf_addf(&total, "%s%s %s", i ? " + " : "", dec_format(ev->lists[i].totals[0],
			            c->scale, buf), c->abbr ? c->abbr : c->name ? c->name : c->id);
			row->total_num += ev->lists[i].totals[0];
			row->total_scale = c->scale;
		}
	}
	if (r->player && *r->player) {
		row->player = clean(r->player);
	} else if (r->name) {
		row->player = clean(r->name);
	} else {
		/* The file's name without ".xml" (or BattleScribe's ".ros", ".rosz"). */
		char *b = xstrdup(base_name(row->file));
		char *dot = strrchr(b, '.');
		if (dot && (strcmp(dot, ".xml") == 0 || strcmp(dot, ".ros") == 0 ||
		            strcmp(dot, ".rosz") == 0))
			*dot = '\0';
		row->player = clean(b);
		free(b);
	}
	row->lists = clean(lists.s);
	row->factions = clean(factions.s);
	row->total = total.s ? clean(total.s) : NULL;
	strbuf_release(&lists);
	strbuf_release(&factions);
	strbuf_release(&total);
}

static void check_one(size_t i, void *ctx)
{
	struct run *run = ctx;
	struct entry_row *row = &run->rows[i];
	if (row->problem) {
		diags_add(&row->d, row->skipped ? SEV_NOTE : SEV_FATAL, row->file, 0, 0, NULL, NULL,
		          "%s", row->problem);
	} else {
		struct roster *r = roster_load(run->s, row->file, &row->d);
		const char *kind = r ? NULL : data_other_kind(row->file);
		if (kind) {
			/* An event pack (or a game system...) beside the lists: named and left. */
			diags_release(&row->d);
			diags_add(&row->d, SEV_NOTE, row->file, 0, 0, NULL, NULL,
			          _("%s, not a roster: skipped"), kind);
			row->skipped = true;
		}
		if (r) {
			struct eval *ev = r->sys == run->ev->sys ? eval_new(r, &row->d) : NULL;
			if (ev)
				check_roster(ev, &row->d);
			event_check(run->ev, r, ev, &row->d);
			describe(row, r, ev);
			fingerprint_roster(r, row->fp);
			eval_free(ev);
			roster_free(r);
		}
	}
	row->status = row->d.fatals ? MUSTER_EXIT_TROUBLE
	            : row->d.errors ? MUSTER_EXIT_ILLEGAL : MUSTER_EXIT_OK;
	row->violations = row->d.errors;
	diags_sort(&row->d);
}

static const char *verdict_name(const struct entry_row *r)
{
	if (r->skipped)
		return _("skipped");
	switch (r->status) {
	case MUSTER_EXIT_OK: return _("legal");
	case MUSTER_EXIT_ILLEGAL: return _("illegal");
	default: return _("unreadable");
	}
}

/* The same, untranslated: for the CSV and XML reports, read by programs. */
static const char *verdict_id(const struct entry_row *r)
{
	if (r->skipped)
		return "skipped";
	switch (r->status) {
	case MUSTER_EXIT_OK: return "legal";
	case MUSTER_EXIT_ILLEGAL: return "illegal";
	default: return "unreadable";
	}
}

/* Identical submissions: the same canonical roster (fingerprint.h), found through a hash of
 * the fingerprints, never by comparing rows pairwise. Returns how many rows repeat an earlier
 * one. */
static size_t find_duplicates(struct entry_row *rows, size_t n)
{
	struct idx *seen = idx_new();
	size_t dups = 0;
	for (size_t i = 0; i < n; i++) {
		if (rows[i].fp[0] == '\0')
			continue;
		struct entry_row *first = idx_get(seen, rows[i].fp);
		if (first) {
			rows[i].dup_of = (size_t)(first - rows) + 1;
			dups++;
		} else {
			idx_add(seen, rows[i].fp, &rows[i]);
		}
	}
	idx_free(seen);
	return dups;
}

/* Appends s cut to at most w characters and padded to w. */
static void cell(struct strbuf *sb, const char *s, size_t w, bool right)
{
	size_t sw = width(s);
	if (sw > w) {
		/* Cut on a character boundary and mark it. */
		const unsigned char *p = (const unsigned char *)s;
		size_t k = 0, bytes = 0;
		while (p[bytes] && k < w - 1) {
			bytes++;
			while ((p[bytes] & 0xC0) == 0x80)
				bytes++;
			k++;
		}
		strbuf_add(sb, s, bytes);
		strbuf_adds(sb, "~");
		return;
	}
	if (right)
		for (size_t k = sw; k < w; k++)
			strbuf_addc(sb, ' ');
	strbuf_adds(sb, s);
	if (!right)
		for (size_t k = sw; k < w; k++)
			strbuf_addc(sb, ' ');
}

/* count[]: the rows of each status, and then those skipped. */
enum { COUNT_SKIPPED = 3 };

#define NCOLS 9
#define MAX_CELL 30

static void row_cells(const struct entry_row *r, size_t i, char *buf[NCOLS])
{
	buf[0] = xasprintf("%zu", i + 1);
	buf[1] = xstrdup(shown(r->player));
	buf[2] = xstrdup(shown(r->lists));
	buf[3] = xstrdup(shown(r->factions));
	buf[4] = xstrdup(shown(r->total));
	buf[5] = xstrdup(verdict_name(r));
	buf[6] = r->status == MUSTER_EXIT_TROUBLE || r->skipped ? xstrdup("-") : xasprintf("%zu", r->violations);
	buf[7] = r->fp[0] ? xasprintf("%.*s%s", FINGERPRINT_SHORT_LEN, r->fp, r->dup_of ? "*" : "")
	                  : xstrdup("-");
	buf[8] = clean(r->file);
}

static void print_table(const struct entry_row *rows, size_t n, struct strbuf *sb)
{
	const char *head[NCOLS] = {
		"#", _("player"), _("list"), _("faction"), _("total"), _("verdict"),
		_("violations"), _("fingerprint"), _("file"),
	};
	static const bool right[NCOLS] = { true, false, false, false, true, false, true, false, false };
	size_t w[NCOLS];
	for (size_t c = 0; c < NCOLS; c++)
		w[c] = width(head[c]);
	for (size_t i = 0; i < n; i++) {
		char *buf[NCOLS];
		row_cells(&rows[i], i, buf);
		for (size_t c = 0; c < NCOLS; c++) {
			size_t cw = width(buf[c]);
			if (c < NCOLS - 1 && cw > MAX_CELL)
				cw = MAX_CELL;
			if (cw > w[c])
				w[c] = cw;
			free(buf[c]);
		}
	}
	for (size_t c = 0; c < NCOLS; c++) {
		cell(sb, head[c], c == NCOLS - 1 ? width(head[c]) : w[c], right[c]);
		strbuf_adds(sb, c == NCOLS - 1 ? "\n" : "  ");
	}
	for (size_t i = 0; i < n; i++) {
		char *buf[NCOLS];
		row_cells(&rows[i], i, buf);
		for (size_t c = 0; c < NCOLS; c++) {
			cell(sb, buf[c], c == NCOLS - 1 ? width(buf[c]) : w[c], right[c]);
			strbuf_adds(sb, c == NCOLS - 1 ? "\n" : "  ");
			free(buf[c]);
		}
	}
}

/* The CSV's and the XML's total: a number a spreadsheet can sum, "" when not known. */
static char *total_cell(const struct entry_row *r)
{
	char buf[DEC_BUF];
	return xstrdup(r->total ? dec_format(r->total_num, r->total_scale, buf) : "");
}

/* The id of the cost type the totals are in: the event's system's first. */
static const char *total_cost(const struct event *ev)
{
	const struct system *sys = ev->sys;
	return sys && sys->n_costs > 0 ? sys->costs[0].id : "";
}

static int write_csv(const char *path, const struct event *ev, const struct entry_row *rows,
                     size_t n, struct diags *d)
{
	char *data = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&data, &len);
	if (f == NULL) {
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s", _("out of memory"));
		return -1;
	}
	/* Column names are for programs: never translated. The total is a number, in the cost
	 * type its column names ("total_ap"; BattleScribe's by name, "total_pts"), so that a
	 * spreadsheet can sum it. */
	const struct system *sys = ev->sys;
	char *total_head = xasprintf("total_%s", sys && sys->n_costs > 0
	                             ? ex_cost_column(sys, &sys->costs[0]) : "");
	const char *const head[] = {
		"number", "player", "lists", "factions", total_head, "verdict", "violations",
		"fingerprint", "duplicate_of", "file", "messages",
	};
	int rc = csv_write_row(f, head, MUSTER_ARRAY_LEN(head));
	free(total_head);
	for (size_t i = 0; i < n && rc == 0; i++) {
		const struct entry_row *r = &rows[i];
		struct strbuf msgs = STRBUF_INIT;
		for (size_t k = 0; k < r->d.n; k++) {
			const struct diag *g = &r->d.v[k];
			char *m = clean(g->msg);
			if (k)
				strbuf_addc(&msgs, '\n');
			if (g->line > 0)
				strbuf_addf(&msgs, "%ld: ", g->line);
			if (g->ref)
				strbuf_addf(&msgs, "%s: ", g->ref);
			strbuf_adds(&msgs, m);
			free(m);
		}
		char *num = xasprintf("%zu", i + 1);
		char *viol = r->status == MUSTER_EXIT_TROUBLE || r->skipped ? xstrdup("") : xasprintf("%zu", r->violations);
		char *dup = r->dup_of ? xasprintf("%zu", r->dup_of) : xstrdup("");
		char *file = clean(r->file);
		char *m = strbuf_detach(&msgs);
		char *total = total_cell(r);
		const char *cells[] = {
			num, r->player, r->lists, r->factions, total, verdict_id(r), viol,
			r->fp, dup, file, m,
		};
		rc = csv_write_row(f, cells, MUSTER_ARRAY_LEN(cells));
		free(num);
		free(total);
		free(viol);
		free(dup);
		free(file);
		free(m);
		strbuf_release(&msgs);
	}
	if (fclose(f) != 0 || rc != 0) {
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s", _("cannot write the CSV report"));
		free(data);
		return -1;
	}
	rc = save_file(path, data, len, d);
	free(data);
	return rc;
}

/* An attribute; none when value is NULL or empty. */
static void attr(struct strbuf *sb, const char *name, const char *value)
{
	if (value == NULL || *value == '\0')
		return;
	char *v = clean(value);
	strbuf_addf(sb, " %s=\"", name);
	strbuf_add_escaped(sb, v);
	strbuf_adds(sb, "\"");
	free(v);
}

static int write_xml(const char *path, const struct event *ev, const struct entry_row *rows,
                     size_t n, const size_t count[4], size_t dups, struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<tournament xmlns=\"urn:x-muster:tournament:1\" version=\"1\"");
	attr(&sb, "event", ev->name);
	attr(&sb, "system", ev->system_id);
	attr(&sb, "pack", ev->file);
	strbuf_adds(&sb, ">\n");
	for (size_t i = 0; i < n; i++) {
		const struct entry_row *r = &rows[i];
		strbuf_addf(&sb, "  <entry number=\"%zu\"", i + 1);
		attr(&sb, "file", r->file);
		attr(&sb, "player", r->player);
		attr(&sb, "lists", r->lists);
		attr(&sb, "factions", r->factions);
		char *total = total_cell(r);
		attr(&sb, "total", total);
		free(total);
		if (r->total)
			attr(&sb, "cost", total_cost(ev));
		attr(&sb, "verdict", verdict_id(r));
		if (r->status != MUSTER_EXIT_TROUBLE && !r->skipped)
			strbuf_addf(&sb, " violations=\"%zu\"", r->violations);
		attr(&sb, "fingerprint", r->fp);
		if (r->dup_of)
			strbuf_addf(&sb, " duplicate-of=\"%zu\"", r->dup_of);
		if (r->d.n == 0) {
			strbuf_adds(&sb, "/>\n");
			continue;
		}
		strbuf_adds(&sb, ">\n");
		for (size_t k = 0; k < r->d.n; k++) {
			const struct diag *g = &r->d.v[k];
			strbuf_addf(&sb, "    <diagnostic severity=\"%s\"", severity_name(g->sev));
			if (g->line > 0)
				strbuf_addf(&sb, " line=\"%ld\"", g->line);
			if (g->col > 0)
				strbuf_addf(&sb, " column=\"%ld\"", g->col);
			if (g->ref)
				attr(&sb, "ref", g->ref);
			if (g->rule)
				attr(&sb, "rule", g->rule);
			char *m = clean(g->msg);
			strbuf_adds(&sb, ">");
			strbuf_add_escaped(&sb, m);
			strbuf_adds(&sb, "</diagnostic>\n");
			free(m);
		}
		strbuf_adds(&sb, "  </entry>\n");
	}
	strbuf_addf(&sb, "  <summary files=\"%zu\" legal=\"%zu\" illegal=\"%zu\" unreadable=\"%zu\" "
	                 "skipped=\"%zu\" duplicates=\"%zu\"/>\n</tournament>\n",
	            n, count[MUSTER_EXIT_OK], count[MUSTER_EXIT_ILLEGAL], count[MUSTER_EXIT_TROUBLE],
	            count[COUNT_SKIPPED], dups);
	int rc = save_file(path, sb.s, sb.len, d);
	strbuf_release(&sb);
	return rc;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int run_tournament(const char *pack, char **paths, int n_paths, const char *csv_out,
                          const char *xml_out, int jobs, bool force);

static int exec_tournament(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_tournament_entry;
	const char *csv_out = NULL, *xml_out = NULL;
	int jobs = 0;
	bool force = false;
	int opt, ret;
	while ((opt = cmd_getopt(self, argc, argv, &ret)) > 0) {
		switch (opt) {
		case 'o':
			if (ends_with(optarg, ".csv"))
				csv_out = optarg;
			else if (ends_with(optarg, ".xml"))
				xml_out = optarg;
			else
				return cmd_usage_error(self, _("a report is FILE.csv or FILE.xml, not '%s'"),
				                       optarg);
			break;
		case OPT_FORCE:
			force = true;
			break;
		case 'j':
			if ((ret = cmd_parse_jobs(self, optarg, &jobs)) != 0)
				return ret;
			break;
		}
	}
	if (opt == 0)
		return ret;
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("no event pack given"));
	if (optind + 1 >= argc)
		return cmd_usage_error(self, "%s", _("no roster file or directory given"));
	const char *pack = argv[optind++];

	return run_tournament(pack, argv + optind, argc - optind, csv_out, xml_out, jobs, force);
}

/* Under heading, every diagnostic of the rows checked (checked) or of the rows not checked,
 * in table order. */
static void print_diags(const struct entry_row *rows, size_t n, bool checked,
                        const char *heading, struct strbuf *out)
{
	bool head = false;
	for (size_t i = 0; i < n; i++) {
		bool not_checked = rows[i].skipped || rows[i].status == MUSTER_EXIT_TROUBLE;
		for (size_t k = 0; k < rows[i].d.n; k++) {
			const struct diag *g = &rows[i].d.v[k];
			if (checked == (not_checked || g->sev == SEV_FATAL))
				continue;
			if (!head) {
				strbuf_addf(out, "\n%s\n", heading);
				head = true;
			}
			char *t = diag_format_text(g);
			char *c = clean(t);
			strbuf_addf(out, "%s\n", c);
			free(c);
			free(t);
		}
	}
}

/* The report on stdout: the table, the violations, why each file not checked was not, the
 * identical submissions and the summary; on stderr again what made a file unreadable. */
static void print_report(const struct event *ev, const struct entry_row *rows, size_t n,
                         const size_t *count, size_t dups)
{
	struct strbuf out = STRBUF_INIT;
	strbuf_addf(&out, _("Event: %s (%s)\n\n"), ev->name ? vis(ev->name) : "", vis(ev->system_id));
	print_table(rows, n, &out);
	print_diags(rows, n, true, _("Violations:"), &out);
	print_diags(rows, n, false, _("Not checked (unreadable or skipped):"), &out);
	if (dups) {
		strbuf_addf(&out, "\n%s\n", _("Identical submissions (same fingerprint):"));
		for (size_t i = 0; i < n; i++)
			if (rows[i].dup_of) {
				char *a = clean(rows[i].file), *b = clean(rows[rows[i].dup_of - 1].file);
				strbuf_addf(&out, _("  #%zu %s is the same army as #%zu %s\n"), i + 1, a,
				            rows[i].dup_of, b);
				free(a);
				free(b);
			}
	}
	strbuf_addc(&out, '\n');
	strbuf_addf(&out, ngettext("%zu file: %zu legal, %zu illegal, %zu unreadable, %zu skipped",
	                           "%zu files: %zu legal, %zu illegal, %zu unreadable, %zu skipped", n),
	            n, count[MUSTER_EXIT_OK], count[MUSTER_EXIT_ILLEGAL], count[MUSTER_EXIT_TROUBLE],
	            count[COUNT_SKIPPED]);
	strbuf_addf(&out, ngettext("; %zu identical submission\n", "; %zu identical submissions\n", dups),
	            dups);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < rows[i].d.n; k++)
			if (rows[i].d.v[k].sev == SEV_FATAL) {
				char *t = diag_format_text(&rows[i].d.v[k]);
				char *c = clean(t);
				fprintf(stderr, "%s\n", c);
				free(c);
				free(t);
			}
	fflush(stderr);
	fputs(out.s, stdout);
	strbuf_release(&out);
}

/* Checks each of the n_paths rosters (files or directories) against the event pack and
 * reports on them, also into csv_out and xml_out when given. Returns the exit status. */
static int run_tournament(const char *pack, char **paths, int n_paths, const char *csv_out,
                          const char *xml_out, int jobs, bool force)
{
	struct session *s = session_new();
	session_set_unknown_entry_error(s, true); /* a misspelt entry: illegal, not unreadable */
	struct diags pd = DIAGS_INIT;
	struct event *ev = event_load(s, pack, &pd);
	if (ev == NULL) {
		diags_print(&pd, stderr, DIAG_TEXT);
		diags_release(&pd);
		session_free(s);
		return MUSTER_EXIT_TROUBLE;
	}
	diags_release(&pd);

	struct walk w = WALK_INIT;
	for (int i = 0; i < n_paths; i++)
		walk_add(&w, paths[i]);
	size_t n = w.n;
	/* A report never replaces the pack or a list it reports on (nor, without --force,
	 * anything else). */
	const char **inputs = xcalloc(n + 2, sizeof(*inputs));
	inputs[0] = pack;
	for (size_t i = 0; i < n; i++)
		inputs[i + 1] = w.v[i].path;
	int bad = (csv_out && cmd_check_output(csv_out, force, inputs, n + 1) != 0) ||
	          (xml_out && cmd_check_output(xml_out, force, inputs, n + 1) != 0);
	free(inputs);
	if (bad) {
		walk_release(&w);
		event_free(ev);
		session_free_at_exit(s);
		return MUSTER_EXIT_TROUBLE;
	}
	struct entry_row *rows = xcalloc(n + 1, sizeof(*rows));
	for (size_t i = 0; i < n; i++) {
		rows[i].file = w.v[i].path;
		rows[i].problem = w.v[i].problem;
		rows[i].skipped = w.v[i].skipped;
	}
	struct run run = { s, ev, rows };
	batch_run(n, (unsigned)jobs, check_one, &run);

	size_t dups = find_duplicates(rows, n);
	size_t count[4] = { 0, 0, 0, 0 };
	int status = MUSTER_EXIT_OK;
	for (size_t i = 0; i < n; i++) {
		count[rows[i].skipped ? COUNT_SKIPPED : rows[i].status]++;
		if (rows[i].status > status)
			status = rows[i].status;
	}

	print_report(ev, rows, n, count, dups);

	struct diags wd = DIAGS_INIT;
	if (csv_out && write_csv(csv_out, ev, rows, n, &wd) != 0)
		status = MUSTER_EXIT_TROUBLE;
	if (xml_out && write_xml(xml_out, ev, rows, n, count, dups, &wd) != 0)
		status = MUSTER_EXIT_TROUBLE;
	diags_print(&wd, stderr, DIAG_TEXT);
	diags_release(&wd);

	for (size_t i = 0; i < n; i++) {
		diags_release(&rows[i].d);
		free(rows[i].player);
		free(rows[i].lists);
		free(rows[i].factions);
		free(rows[i].total);
	}
	free(rows);
	walk_release(&w);
	event_free(ev);
	session_free_at_exit(s);
	return status;
}
