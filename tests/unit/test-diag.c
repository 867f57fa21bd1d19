/* test-diag.c - unit tests of diag.c: counting, the GNU text form, XML output
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "diag.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

Test(diags, add_counts_per_severity)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_ERROR, "a.xml", 3, 0, "DH-6", "dh-6-vehicles", "%d vehicles", 4);
	diags_add(&d, SEV_WARNING, "a.xml", 4, 0, NULL, NULL, "w");
	diags_add(&d, SEV_WARNING, "a.xml", 5, 0, NULL, NULL, "w2");
	diags_add(&d, SEV_FATAL, "b.xml", 0, 0, NULL, NULL, "broken");
	diags_add(&d, SEV_NOTE, NULL, 0, 0, NULL, NULL, "note");
	cr_assert_eq(d.n, 5);
	cr_assert_eq(d.errors, 1);
	cr_assert_eq(d.warnings, 2);
	cr_assert_eq(d.fatals, 1);
	diags_release(&d);
	cr_assert_eq(d.n, 0);
	cr_assert_eq(d.errors, 0);
	cr_assert_eq(d.fatals, 0);
	cr_assert_null(d.v);
}

Test(diags, add_copies_every_string)
{
	struct diags d = DIAGS_INIT;
	char file[] = "roster.xml", ref[] = "DH-7", rule[] = "dh-7", arg[] = "1st Squad";
	struct diag *g = diags_add(&d, SEV_ERROR, file, 7, 2, ref, rule, "%s has %d models", arg, 11);
	file[0] = ref[0] = rule[0] = arg[0] = 'X';
	cr_assert_str_eq(g->file, "roster.xml");
	cr_assert_str_eq(g->ref, "DH-7");
	cr_assert_str_eq(g->rule, "dh-7");
	cr_assert_str_eq(g->msg, "1st Squad has 11 models");
	cr_assert_eq(g->line, 7);
	cr_assert_eq(g->col, 2);
	cr_assert_eq(g->sev, SEV_ERROR);
	diags_release(&d);
}

/* A draft's lines from 10 on are not the file's: they lose line and column there, and only
 * in that file. */
Test(diags, unline_from_a_line_of_one_file)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_ERROR, "c.xml", 9, 5, NULL, NULL, "before the entry");
	diags_add(&d, SEV_ERROR, "c.xml", 10, 7, NULL, NULL, "the entry");
	diags_add(&d, SEV_ERROR, "c.xml", 12, 3, NULL, NULL, "after it");
	diags_add(&d, SEV_ERROR, "data.xml", 40, 2, NULL, NULL, "another file");
	diags_add(&d, SEV_FATAL, NULL, 0, 0, NULL, NULL, "no file");
	diags_unline(&d, "c.xml", 10);
	cr_assert_eq(d.v[0].line, 9);
	cr_assert_eq(d.v[0].col, 5);
	cr_assert_eq(d.v[1].line, 0);
	cr_assert_eq(d.v[1].col, 0);
	cr_assert_eq(d.v[2].line, 0);
	cr_assert_eq(d.v[3].line, 40);
	cr_assert_eq(d.v[3].col, 2);
	cr_assert_null(d.v[4].file);
	diags_release(&d);
}

Test(diags, many_adds_keep_order)
{
	struct diags d = DIAGS_INIT;
	for (int i = 0; i < 300; i++)
		diags_add(&d, SEV_ERROR, "f", i + 1, 0, NULL, NULL, "m%d", i);
	cr_assert_eq(d.n, 300);
	cr_assert_eq(d.errors, 300);
	cr_assert_str_eq(d.v[0].msg, "m0");
	cr_assert_str_eq(d.v[299].msg, "m299");
	cr_assert_eq(d.v[299].line, 300);
	diags_release(&d);
}

Test(diags, merge_appends_and_counts)
{
	struct diags a = DIAGS_INIT, b = DIAGS_INIT;
	diags_add(&a, SEV_ERROR, "a", 1, 0, NULL, NULL, "first");
	diags_add(&b, SEV_FATAL, "b", 2, 3, "DH-1", "r", "second %%s literal");
	diags_add(&b, SEV_WARNING, NULL, 0, 0, NULL, NULL, "third");
	diags_merge(&a, &b);
	cr_assert_eq(a.n, 3);
	cr_assert_eq(a.errors, 1);
	cr_assert_eq(a.fatals, 1);
	cr_assert_eq(a.warnings, 1);
	cr_assert_str_eq(a.v[1].msg, "second %s literal");
	cr_assert_str_eq(a.v[1].ref, "DH-1");
	cr_assert_eq(a.v[1].col, 3);
	cr_assert_null(a.v[2].file);
	/* src is untouched */
	cr_assert_eq(b.n, 2);
	diags_release(&a);
	diags_release(&b);
}

Test(diags, sort_by_file_line_column_stable)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_ERROR, "b.xml", 3, 0, NULL, NULL, "b3");
	diags_add(&d, SEV_ERROR, "a.xml", 10, 0, NULL, NULL, "a10");
	diags_add(&d, SEV_ERROR, "a.xml", 2, 5, NULL, NULL, "a2c5");
	diags_add(&d, SEV_ERROR, "a.xml", 2, 1, NULL, NULL, "a2c1-first");
	diags_add(&d, SEV_WARNING, "a.xml", 2, 1, NULL, NULL, "a2c1-second");
	diags_add(&d, SEV_FATAL, NULL, 0, 0, NULL, NULL, "nofile");
	diags_add(&d, SEV_ERROR, "a.xml", 2, 1, NULL, NULL, "a2c1-third");
	diags_sort(&d);
	static const char *const want[] = {
		"nofile", "a2c1-first", "a2c1-second", "a2c1-third", "a2c5", "a10", "b3",
	};
	cr_assert_eq(d.n, MUSTER_ARRAY_LEN(want));
	for (size_t i = 0; i < d.n; i++)
		cr_assert_str_eq(d.v[i].msg, want[i], "position %zu", i);
	cr_assert_eq(d.errors, 5);
	cr_assert_eq(d.warnings, 1);
	cr_assert_eq(d.fatals, 1);
	diags_release(&d);
	diags_sort(&d); /* empty: nothing to do */
}

/* --- text form ------------------------------------------------------------------------------- */

static char *fmt_one(enum severity sev, const char *file, long line, long col, const char *ref,
                     const char *msg)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, sev, file, line, col, ref, NULL, "%s", msg);
	char *s = diag_format_text(&d.v[0]);
	diags_release(&d);
	return s;
}

Test(text, gnu_form_with_line_and_ref)
{
	char *s = fmt_one(SEV_ERROR, "army.xml", 12, 0, "DH-6",
	                  "4 Vehicle units (Grade 3); at most 3 allowed");
	cr_assert_str_eq(s, "army.xml:12: error: DH-6: 4 Vehicle units (Grade 3); at most 3 allowed");
	free(s);
}

Test(text, gnu_form_with_column)
{
	char *s = fmt_one(SEV_ERROR, "army.xml", 12, 5, "DH-6", "msg");
	cr_assert_str_eq(s, "army.xml:12:5: error: DH-6: msg");
	free(s);
}

Test(text, no_ref_no_line)
{
	char *s = fmt_one(SEV_ERROR, "army.xml", 0, 0, NULL, "file is empty");
	cr_assert_str_eq(s, "army.xml: error: file is empty");
	free(s);
	/* A column without a line is not printed. */
	s = fmt_one(SEV_ERROR, "army.xml", 0, 9, NULL, "x");
	cr_assert_str_eq(s, "army.xml: error: x");
	free(s);
}

Test(text, no_file_is_the_program)
{
	char *s = fmt_one(SEV_FATAL, NULL, 0, 0, NULL, "unknown game system 'x'");
	cr_assert_str_eq(s, "muster: error: unknown game system 'x'");
	free(s);
}

Test(text, severities)
{
	char *s = fmt_one(SEV_WARNING, "f.xml", 1, 0, "DH-13", "w");
	cr_assert_str_eq(s, "f.xml:1: warning: DH-13: w");
	free(s);
	s = fmt_one(SEV_FATAL, "f.xml", 2, 0, NULL, "bad");
	cr_assert_str_eq(s, "f.xml:2: error: bad", "a fatal prints as 'error' (GCC style), got '%s'", s);
	free(s);
	s = fmt_one(SEV_NOTE, "f.xml", 3, 0, NULL, "n");
	cr_assert_str_eq(s, "f.xml:3: note: n");
	free(s);
	cr_assert_str_eq(severity_name(SEV_FATAL), "fatal");
	cr_assert_str_eq(severity_name(SEV_ERROR), "error");
	cr_assert_str_eq(severity_name(SEV_WARNING), "warning");
	cr_assert_str_eq(severity_name(SEV_NOTE), "note");
}

Test(text, message_is_not_a_format)
{
	char *s = fmt_one(SEV_ERROR, "f", 1, 0, NULL, "100% %s %d");
	cr_assert_str_eq(s, "f:1: error: 100% %s %d");
	free(s);
}

/* --- XML form -------------------------------------------------------------------------------- */

Test(xml, one_diagnostic_all_fields)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_ERROR, "a&b.xml", 4, 2, "DH-9", "dh-9-characters-once",
	          "2 units of the Character \"Brother Quillus\" <x> & 'y'");
	struct strbuf sb = STRBUF_INIT;
	diag_format_xml(&d.v[0], &sb);
	cr_assert_str_eq(sb.s,
	                 "<diagnostic severity=\"error\" file=\"a&amp;b.xml\" line=\"4\" column=\"2\" "
	                 "ref=\"DH-9\" rule=\"dh-9-characters-once\">2 units of the Character "
	                 "&quot;Brother Quillus&quot; &lt;x&gt; &amp; &#39;y&#39;</diagnostic>\n");
	strbuf_release(&sb);
	diags_release(&d);
}

Test(xml, optional_fields_left_out)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_FATAL, NULL, 0, 0, NULL, NULL, "no file");
	struct strbuf sb = STRBUF_INIT;
	diag_format_xml(&d.v[0], &sb);
	cr_assert_str_eq(sb.s, "<diagnostic severity=\"fatal\">no file</diagnostic>\n");
	strbuf_release(&sb);
	diags_release(&d);
}

Test(xml, attribute_values_escape_quotes)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_WARNING, "q\"<.xml", 1, 0, "R\"1", "r'1", "m");
	struct strbuf sb = STRBUF_INIT;
	diag_format_xml(&d.v[0], &sb);
	cr_assert(strstr(sb.s, "file=\"q&quot;&lt;.xml\"") != NULL, "%s", sb.s);
	cr_assert(strstr(sb.s, "ref=\"R&quot;1\"") != NULL, "%s", sb.s);
	cr_assert(strstr(sb.s, "rule=\"r&#39;1\"") != NULL, "%s", sb.s);
	strbuf_release(&sb);
	diags_release(&d);
}

/* Whatever the bytes of a file name, --format=xml must stay a well-formed document. */
Test(xml, output_is_well_formed_for_odd_file_names)
{
	static const char *const names[] = {
		"ctrl\x01name.xml", "tab\tand\x1b[31mescape.xml", "latin1-caf\xe9.xml",
	};
	xml_init();
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(names); i++) {
		struct diags d = DIAGS_INIT;
		diags_add(&d, SEV_FATAL, names[i], 0, 0, NULL, NULL, "cannot open: %s", names[i]);
		struct strbuf sb = STRBUF_INIT;
		strbuf_adds(&sb, "<r>");
		diag_format_xml(&d.v[0], &sb);
		strbuf_adds(&sb, "</r>");
		struct diags pd = DIAGS_INIT;
		xmlDocPtr doc = xml_load_memory(sb.s, sb.len, "out.xml", &pd);
		cr_expect_not_null(doc, "file name %zu makes ill-formed XML: %s -> %s", i, sb.s,
		                   pd.n ? pd.v[0].msg : "?");
		if (doc)
			xml_doc_free(doc);
		diags_release(&pd);
		strbuf_release(&sb);
		diags_release(&d);
	}
}

static char *print_to_string(const struct diags *d, enum diag_format f, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	cr_assert_not_null(out);
	*rc = diags_print(d, out, f);
	cr_assert_eq(fclose(out), 0);
	return buf;
}

Test(print, text_one_line_each)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_ERROR, "r.xml", 6, 0, "DH-3", NULL, "one Feather");
	diags_add(&d, SEV_WARNING, "r.xml", 9, 0, "DH-13", NULL, "hands");
	int rc = -5;
	char *s = print_to_string(&d, DIAG_TEXT, &rc);
	cr_assert_eq(rc, 0);
	cr_assert_str_eq(s, "r.xml:6: error: DH-3: one Feather\nr.xml:9: warning: DH-13: hands\n");
	free(s);
	diags_release(&d);
}

Test(print, xml_document_counts_fatals_as_errors)
{
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_ERROR, "r.xml", 6, 0, "DH-3", NULL, "a<b");
	diags_add(&d, SEV_FATAL, "s.xml", 1, 0, NULL, NULL, "f");
	diags_add(&d, SEV_WARNING, "r.xml", 9, 0, NULL, NULL, "w");
	int rc = -5;
	char *s = print_to_string(&d, DIAG_XML, &rc);
	cr_assert_eq(rc, 0);
	cr_assert_str_eq(s,
	                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<diagnostics xmlns=\"urn:x-muster:diagnostics:1\" errors=\"2\" warnings=\"1\">\n"
	                 "  <diagnostic severity=\"error\" file=\"r.xml\" line=\"6\" ref=\"DH-3\">a&lt;b</diagnostic>\n"
	                 "  <diagnostic severity=\"fatal\" file=\"s.xml\" line=\"1\">f</diagnostic>\n"
	                 "  <diagnostic severity=\"warning\" file=\"r.xml\" line=\"9\">w</diagnostic>\n"
	                 "</diagnostics>\n");
	free(s);
	diags_release(&d);
}

Test(print, xml_empty_document)
{
	struct diags d = DIAGS_INIT;
	int rc = -5;
	char *s = print_to_string(&d, DIAG_XML, &rc);
	cr_assert_eq(rc, 0);
	cr_assert(strstr(s, "errors=\"0\" warnings=\"0\">\n</diagnostics>\n") != NULL, "%s", s);
	free(s);
}

Test(print, write_error_is_reported)
{
	FILE *full = fopen("/dev/full", "w");
	if (full == NULL)
		cr_skip_test("no /dev/full");
	setvbuf(full, NULL, _IONBF, 0);
	struct diags d = DIAGS_INIT;
	diags_add(&d, SEV_ERROR, "r.xml", 6, 0, NULL, NULL, "m");
	cr_assert_eq(diags_print(&d, full, DIAG_TEXT), -1);
	cr_assert_eq(diags_print(&d, full, DIAG_XML), -1);
	fclose(full);
	diags_release(&d);
}

Test(diags, a_hostile_number_of_diagnostics_is_bounded)
{
	struct diags d = DIAGS_INIT;
	/* Twice the bound, in reverse order of lines: kept bounded, sorted in n log n. */
	for (long i = 2L * DIAGS_MAX; i > 0; i--)
		diags_add(&d, SEV_ERROR, "a.xml", i, 0, "R-1", "r1", "problem %ld", i);
	cr_assert_eq(d.n, DIAGS_MAX);
	cr_assert(d.full);
	cr_assert_eq(d.fatals, 1, "the notice is an input error");
	const struct diag *last = &d.v[d.n - 1];
	cr_assert_eq(last->sev, SEV_FATAL);
	cr_assert(strstr(last->msg, "too many problems to report") != NULL, "%s", last->msg);
	diags_sort(&d);
	for (size_t i = 1; i < d.n; i++)
		cr_assert_leq(d.v[i - 1].line, d.v[i].line);
	diags_release(&d);
}

Test(diags, the_bytes_of_messages_are_bounded)
{
	struct diags d = DIAGS_INIT;
	char *big = malloc(1024 * 1024 + 1);
	memset(big, 'x', 1024 * 1024);
	big[1024 * 1024] = '\0';
	for (int i = 0; i < 40; i++)
		diags_add(&d, SEV_ERROR, "a.xml", i + 1, 0, NULL, NULL, "%s", big);
	cr_assert_lt(d.n, 40);
	cr_assert_leq(d.bytes, (size_t)DIAGS_MAX_BYTES + 1000);
	cr_assert(d.full);
	cr_assert_eq(d.v[d.n - 1].sev, SEV_FATAL);
	free(big);
	diags_release(&d);
}

Test(diags, sorting_is_stable)
{
	struct diags d = DIAGS_INIT;
	for (int i = 0; i < 50; i++)
		diags_add(&d, SEV_ERROR, i % 2 ? "b.xml" : "a.xml", 10 - i % 5, 0, NULL, NULL, "%d", i);
	diags_sort(&d);
	for (size_t i = 1; i < d.n; i++) {
		int c = strcmp(d.v[i - 1].file, d.v[i].file);
		cr_assert(c < 0 || (c == 0 && d.v[i - 1].line < d.v[i].line) ||
		          (c == 0 && d.v[i - 1].line == d.v[i].line &&
		           atoi(d.v[i - 1].msg) < atoi(d.v[i].msg)));
	}
	diags_release(&d);
}
