/* test-export.c - unit tests of the list renderers and csvout.c
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The CSV cost sheet is read back with libcsv (csvout.c's csv_read): per list, the cost lines
 * of each cost column add up to the units' subtotals and to the total row, which equals the
 * evaluation's totals (what `muster show` prints). The formula guard is run on the cells a
 * stranger could write.
 */
#include "muster.h"
#include "check.h"
#include "csvout.h"
#include "eval.h"
#include "export.h"
#include "roster.h"
#include "derive.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

TestSuite(export, .init = fx_setup, .fini = fx_teardown);

/* --- the formula guard ---------------------------------------------------------------------- */

static char *row_of(const char *field)
{
	struct strbuf sb = STRBUF_INIT;
	const char *f[2] = { field, "x" };
	csv_add_row(&sb, f, 2);
	return strbuf_detach(&sb);
}

Test(export, formula_cells_are_neutralised)
{
	static const char *const cases[][2] = {
		{ "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",\"x\"\r\n" },
		{ " =1+1", "\"' =1+1\",\"x\"\r\n" },
		{ "   +1", "\"'   +1\",\"x\"\r\n" },
		{ "-2+3", "\"'-2+3\",\"x\"\r\n" },
		{ "@SUM(A1)", "\"'@SUM(A1)\",\"x\"\r\n" },
		{ "\tx", "\"'\tx\",\"x\"\r\n" },
		{ "\r=1", "\"'\r=1\",\"x\"\r\n" },
		/* Data stays as written: numbers, negative ones too, and text. */
		{ "-3", "\"-3\",\"x\"\r\n" },
		{ "42", "\"42\",\"x\"\r\n" },
		{ "Quack Marine", "\"Quack Marine\",\"x\"\r\n" },
		{ "a=b", "\"a=b\",\"x\"\r\n" },
		{ "", "\"\",\"x\"\r\n" },
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(cases); i++) {
		char *got = row_of(cases[i][0]);
		cr_expect_str_eq(got, cases[i][1], "cell [%s]", cases[i][0]);
		free(got);
	}
}

/* --- reading the cost sheet back ------------------------------------------------------------ */

#define MAX_COSTS 8

struct sheet {
	size_t rows, block;        /* block 0: costs, 1: metadata */
	size_t n_costs;
	int64_t lines[MAX_COSTS], unit[MAX_COSTS], list[MAX_COSTS];
	int64_t totals[4][MAX_COSTS];
	size_t n_totals, subtotals;
	bool bad;
	char *fingerprint, *verdict;
};

static void on_row(void *ctx, char **f, size_t n)
{
	struct sheet *s = ctx;
	if (s->rows++ == 0) {
		if (n < 7) {
			s->bad = true;
			return;
		}
		s->n_costs = n - 7;
		cr_assert_leq(s->n_costs, MAX_COSTS);
		cr_assert_str_eq(f[0], "kind");
		return;
	}
	if (s->block == 0 && n == 3 && strcmp(f[0], "key") == 0) {
		s->block = 1; /* the metadata's header (libcsv skips the empty row before it) */
		return;
	}
	if (s->block == 1) {
		cr_assert_eq(n, 3, "metadata rows have 3 fields");
		if (strcmp(f[0], "fingerprint") == 0)
			s->fingerprint = xstrdup(f[2]);
		if (strcmp(f[0], "verdict") == 0)
			s->verdict = xstrdup(f[2]);
		return;
	}
	cr_assert_eq(n, 7 + s->n_costs);
	int64_t v[MAX_COSTS];
	for (size_t c = 0; c < s->n_costs; c++) {
		char *end;
		v[c] = strtoll(f[7 + c], &end, 10);
		cr_assert(*f[7 + c] && *end == '\0', "cost cell [%s] is a number", f[7 + c]);
	}
	if (!strcmp(f[0], "models") || !strcmp(f[0], "option") || !strcmp(f[0], "training") ||
	    !strcmp(f[0], "modifiers")) {
		for (size_t c = 0; c < s->n_costs; c++) {
			s->unit[c] += v[c];
			s->list[c] += v[c];
		}
	} else if (!strcmp(f[0], "subtotal")) {
		for (size_t c = 0; c < s->n_costs; c++) {
			cr_expect_eq(s->unit[c], v[c], "subtotal of %s, column %zu", f[2], c);
			s->unit[c] = 0;
		}
		s->subtotals++;
	} else if (!strcmp(f[0], "total") && f[1][0]) {
		cr_assert_lt(s->n_totals, 4);
		for (size_t c = 0; c < s->n_costs; c++) {
			cr_expect_eq(s->list[c], v[c], "total of %s, column %zu", f[1], c);
			s->totals[s->n_totals][c] = v[c];
			s->list[c] = 0;
		}
		s->n_totals++;
	} else if (strcmp(f[0], "total") != 0) {
		s->bad = true;
	}
}

static void check_sheet(const char *rel, size_t lists)
{
	char *path = xasprintf("%s/%s", fx_src_dir(), rel);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), path, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	struct eval *ev = eval_new(r, &d);
	cr_assert_not_null(ev, "%s", fx_dump(&d));
	check_roster(ev, &d);
	struct strbuf sb = STRBUF_INIT;
	export_roster(ev, &d, EXPORT_CSV, EXPORT_FULL, &sb);
	struct sheet s = { 0 };
	cr_assert_eq(csv_read(sb.s, sb.len, on_row, &s), 0, "libcsv reads the sheet back");
	cr_assert(!s.bad, "only known row kinds");
	cr_assert_eq(s.n_totals, lists);
	cr_assert_eq(ev->n_lists, lists);
	size_t units = 0;
	for (size_t li = 0; li < lists; li++) {
		units += ev->lists[li].n;
		for (size_t c = 0; c < s.n_costs; c++)
			cr_expect_eq(s.totals[li][c], ev->lists[li].totals[c],
			             "%s list %zu column %zu: %" PRId64 " in the sheet, %" PRId64 " evaluated",
			             rel, li, c, s.totals[li][c], ev->lists[li].totals[c]);
	}
	cr_expect_eq(s.subtotals, units);
	cr_assert_not_null(s.fingerprint);
	cr_expect_eq(strlen(s.fingerprint), 12);
	cr_assert_not_null(s.verdict);
	cr_expect_str_eq(s.verdict, d.errors ? "illegal" : "legal");
	free(s.fingerprint);
	free(s.verdict);
	strbuf_release(&sb);
	eval_free(ev);
	roster_free(r);
	diags_release(&d);
	free(path);
}

Test(export, csv_adds_up_duckhammer)
{
	check_sheet("doc/examples/illegal-strike-force.xml", 1);
}

Test(export, csv_adds_up_campaign_trainings)
{
	check_sheet("doc/examples/impondium-campaign.xml", 1);
}

Test(export, csv_adds_up_duck_two_cost_types)
{
	check_sheet("tests/rules/duck/DK-2-contraband-and-purchases.xml", 1);
}

Test(export, csv_adds_up_daemon_rift_three_lists)
{
	check_sheet("tests/rules/daemon-rift/DR-1-three-lists-with-modified-limits-at-bound.xml", 3);
}

Test(export, csv_adds_up_actionhammer_and_scrollhammer)
{
	check_sheet("tests/rules/actionhammer/AH-7-leader-joins-bodyguard-at-bound.xml", 1);
	check_sheet("tests/rules/scrollhammer/SH-1-hands-four-armed-past-bound.xml", 1);
}

Test(export, csv_reader_refuses_broken_quotes)
{
	struct sheet s = { 0 };
	static const char bad[] = "\"kind\",\"a\"x\r\n";
	cr_expect_neq(csv_read(bad, sizeof(bad) - 1, on_row, &s), 0);
	static const char open_quote[] = "\"kind\r\n";
	cr_expect_neq(csv_read(open_quote, sizeof(open_quote) - 1, on_row, &s), 0);
}
