/* test-csvout.c - CSV rows: quoting, and the guard against spreadsheet formulas
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A catalog is a stranger's file; its names reach a CSV export, which a spreadsheet opens.
 * A field that starts like a formula (= + - @, a tab or a line break) is written with a
 * leading apostrophe so that it is shown, not run (OWASP's "CSV injection").
 */
#include "muster.h"
#include "csvout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

static char *row(const char *const *fields, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	cr_assert_eq(csv_write_row(f, fields, n), 0);
	fclose(f);
	return buf;
}

Test(csvout, every_field_is_quoted)
{
	const char *const f[] = { "Quack Marine", "10", "", NULL };
	char *s = row(f, 4);
	cr_assert_str_eq(s, "\"Quack Marine\",\"10\",\"\",\"\"\r\n");
	free(s);
}

Test(csvout, commas_quotes_and_line_breaks_are_quoted)
{
	const char *const f[] = { "a,b", "say \"hi\"", "two\nlines" };
	char *s = row(f, 3);
	cr_assert_str_eq(s, "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n");
	free(s);
}

Test(csvout, formulas_are_defused)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "=1+1", "\"'=1+1\"" },
		{ "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" },
		{ "+1", "\"'+1\"" },
		{ "-1+2", "\"'-1+2\"" },
		{ "-x", "\"'-x\"" },
		{ "@SUM(A1)", "\"'@SUM(A1)\"" },
		{ "\tcmd", "\"'\tcmd\"" },
		{ "\rcmd", "\"'\rcmd\"" },
		{ "\ncmd", "\"'\ncmd\"" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cr_assert(csv_is_formula(cases[i].in), "%s", cases[i].in);
		const char *const f[] = { cases[i].in };
		char *s = row(f, 1);
		char *want = NULL;
		cr_assert_neq(asprintf(&want, "%s\r\n", cases[i].out), -1);
		cr_assert_str_eq(s, want, "field %zu", i);
		free(want);
		free(s);
	}
}

Test(csvout, negative_numbers_are_data)
{
	const char *const f[] = { "-3", "-120", "-", "-3a" };
	char *s = row(f, 4);
	cr_assert_str_eq(s, "\"-3\",\"-120\",\"'-\",\"'-3a\"\r\n");
	free(s);
}

Test(csvout, safe_starts_are_not_formulas)
{
	cr_assert_not(csv_is_formula("Quack"));
	cr_assert_not(csv_is_formula("3"));
	cr_assert_not(csv_is_formula(""));
	cr_assert_not(csv_is_formula("Quack =1"));
	/* A spreadsheet skips leading spaces before it looks for a formula (issue 8). */
	cr_assert(csv_is_formula(" =1"));
	cr_assert(csv_is_formula("   @SUM(A1)"));
}

/* Issue 19: a no-break space, a zero-width space, a BOM, a bidirectional control or a
 * fullwidth sign before the formula turned the guard off. */
Test(csvout, invisible_prefixes_and_fullwidth_signs_are_formulas)
{
	static const char *const cases[] = {
		"\xc2\xa0=1+1",                     /* no-break space */
		"\xe2\x80\x8b=1+1",                 /* zero-width space */
		"\xef\xbb\xbf=HYPERLINK(\"x\")",    /* BOM */
		"\xe2\x80\xae=1",                    /* right-to-left override */
		"\xe2\x81\xa6@SUM(A1)",              /* left-to-right isolate */
		"\xd8\x9c+1",                        /* Arabic letter mark */
		"\xe2\x80\x8e-1+2",                  /* left-to-right mark */
		"\xe2\x80\x8d\xe2\x80\x8c\xe2\x81\xa0=1", /* joiners, word joiner */
		"\xe3\x80\x80=1",                    /* ideographic space */
		" \xc2\xa0 \xe2\x80\x8b =1",         /* a mix */
		"\xef\xbc\x9d" "1+1",                /* fullwidth = */
		"\xef\xbc\x8b" "1",                  /* fullwidth + */
		"\xef\xbc\x8d" "1",                  /* fullwidth - */
		"\xef\xbc\xa0SUM(A1)",               /* fullwidth @ */
		"\xc2\xa0\xef\xbc\x9d" "1",          /* no-break space, fullwidth = */
		"\xef\xb9\xa6" "1",                  /* small = */
		"\xc2\xa0\tcmd",                     /* a tab after a no-break space */
		"\xe2\x80\x8b\ncmd",                 /* a line feed after a zero-width space */
		"\xe2\x80\xa8=1",                    /* line separator */
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(cases); i++) {
		cr_expect(csv_is_formula(cases[i]), "case %zu", i);
		const char *const f[] = { cases[i] };
		char *s = row(f, 1);
		cr_expect(strncmp(s, "\"'", 2) == 0, "case %zu: %s", i, s);
		free(s);
	}
}

Test(csvout, visible_letters_after_invisible_prefixes_are_not_formulas)
{
	cr_assert_not(csv_is_formula("\xc2\xa0Quack"));
	cr_assert_not(csv_is_formula("\xe2\x80\x8b" "3"));
	cr_assert_not(csv_is_formula("\xef\xbb\xbf"));
	cr_assert_not(csv_is_formula("Quack \xef\xbc\x9d" "1"));
	cr_assert_not(csv_is_formula("\xe2\x80\x94 a dash"));  /* an em dash is no minus */
	/* A plain negative number stays a number. */
	const char *const f[] = { "-12", "\xc2\xa0Quack" };
	char *s = row(f, 2);
	cr_assert_str_eq(s, "\"-12\",\"\xc2\xa0Quack\"\r\n");
	free(s);
}

Test(csvout, a_failed_write_is_reported)
{
	FILE *f = fopen("/dev/full", "w");
	if (f == NULL)
		cr_skip_test("no /dev/full");
	setvbuf(f, NULL, _IONBF, 0);
	const char *const fields[] = { "=1", "b" };
	cr_assert_eq(csv_write_row(f, fields, 2), -1);
	fclose(f);
}
