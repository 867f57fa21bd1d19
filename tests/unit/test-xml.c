/* test-xml.c - unit tests of xml.c: safe loading, DOCTYPE refusal, size caps, schemas, roots
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "data.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "fixture.h"

/* --- helpers --------------------------------------------------------------------------------- */

TestSuite(xml, .init = fx_setup, .fini = fx_teardown);

/* The messages of d, one per line, for assertion messages (static buffer: nothing leaks). */
static const char *dump(const struct diags *d)
{
	static char buf[8192];
	size_t off = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < d->n && off < sizeof(buf) - 1; i++) {
		int k = snprintf(buf + off, sizeof(buf) - off, "[%s %s:%ld:%ld %s] ",
		                 severity_name(d->v[i].sev), d->v[i].file ? d->v[i].file : "-",
		                 d->v[i].line, d->v[i].col, d->v[i].msg);
		if (k < 0)
			break;
		off += (size_t)k;
	}
	return buf;
}

static bool any_msg_contains(const struct diags *d, const char *needle)
{
	for (size_t i = 0; i < d->n; i++)
		if (strstr(d->v[i].msg, needle))
			return true;
	return false;
}

/* --- loading --------------------------------------------------------------------------------- */

static const char good[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<r xmlns=\"urn:x-test\" a=\" 12 \">\n"
	"  <!-- comment -->\n"
	"  <x id=\"one\">  Hello &amp; \xe2\x80\x9cquoted\xe2\x80\x9d\n  </x>\n"
	"  <other:y xmlns:other=\"urn:x-other\"/>\n"
	"  <x id=\"two\"><![CDATA[<raw>]]></x>\n"
	"</r>\n";

Test(xml, load_good_file_and_walk)
{
	char *p = fx_write_tmp("good.xml", good);
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_file(p, &d);
	cr_assert_not_null(doc, "%s", dump(&d));
	cr_assert_eq(d.n, 0);
	xmlNodePtr root = xml_root(doc, "r", "urn:x-test", p, &d);
	cr_assert_not_null(root, "%s", dump(&d));
	cr_assert_eq(xml_line(root), 2);

	long v = 0;
	cr_assert_eq(xml_prop_long(root, "a", 0, 100, -1, &v, p, &d), 0);
	cr_assert_eq(v, 12);
	cr_assert_eq(xml_prop_long(root, "absent", 0, 100, -1, &v, p, &d), 0);
	cr_assert_eq(v, -1);

	xmlNodePtr x = xml_first_elem(root);
	cr_assert_not_null(x);
	cr_assert(xml_is(x, "x"));
	cr_assert_eq(xml_line(x), 4);
	char *id = xml_prop(x, "id");
	cr_assert_str_eq(id, "one");
	free(id);
	char *t = xml_text(x);
	cr_assert_str_eq(t, "Hello & \xe2\x80\x9cquoted\xe2\x80\x9d");
	free(t);
	cr_assert_null(xml_prop(x, "nope"));

	/* The foreign-namespace <other:y> is skipped. */
	xmlNodePtr x2 = xml_next_elem(x);
	cr_assert_not_null(x2);
	cr_assert(xml_is(x2, "x"));
	id = xml_prop(x2, "id");
	cr_assert_str_eq(id, "two");
	free(id);
	t = xml_text(x2);
	cr_assert_str_eq(t, "<raw>");
	free(t);
	cr_assert_null(xml_next_elem(x2));
	cr_assert_eq(xml_child(root, "x"), x);
	cr_assert_null(xml_child(root, "y"));
	cr_assert_eq(d.n, 0, "%s", dump(&d));
	xml_doc_free(doc);
	free(p);
}

Test(xml, prop_long_refuses_junk_with_line)
{
	static const char doc_text[] = "<r>\n\n<k n=\"3d9\" m=\"99\"/></r>";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(doc_text, strlen(doc_text), "mem.xml", &d);
	cr_assert_not_null(doc, "%s", dump(&d));
	xmlNodePtr k = xml_first_elem(xmlDocGetRootElement(doc));
	long v = 5;
	cr_assert_eq(xml_prop_long(k, "n", 0, 10, 0, &v, "mem.xml", &d), -1);
	cr_assert_eq(d.fatals, 1);
	cr_assert_eq(d.v[0].line, 3);
	cr_assert_str_eq(d.v[0].file, "mem.xml");
	cr_assert(strstr(d.v[0].msg, "'n'") && strstr(d.v[0].msg, "'3d9'"), "%s", d.v[0].msg);
	cr_assert_eq(xml_prop_long(k, "m", 0, 10, 0, &v, "mem.xml", &d), -1, "99 is above max 10");
	cr_assert_eq(d.fatals, 2);
	xml_doc_free(doc);
	diags_release(&d);
}

Test(xml, empty_file)
{
	char *p = fx_write_tmp("empty.xml", "");
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_file(p, &d));
	cr_assert_eq(d.n, 1, "%s", dump(&d));
	cr_assert_eq(d.v[0].sev, SEV_FATAL);
	cr_assert_str_eq(d.v[0].file, p);
	cr_assert(strstr(d.v[0].msg, "file is empty"), "%s", d.v[0].msg);
	diags_release(&d);
	free(p);
}

Test(xml, nul_byte)
{
	static const char buf[] = "<?xml version=\"1.0\"?>\n<r>\n<a/>\0<b/></r>\n";
	char *p = fx_write_tmp_bytes("nul.xml", buf, sizeof(buf) - 1);
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_file(p, &d));
	cr_assert_eq(d.n, 1, "%s", dump(&d));
	cr_assert_eq(d.v[0].sev, SEV_FATAL);
	cr_assert(strstr(d.v[0].msg, "NUL"), "%s", d.v[0].msg);
	cr_assert_eq(d.v[0].line, 3, "the NUL is on line 3, reported %ld", d.v[0].line);
	diags_release(&d);
	free(p);
}

Test(xml, missing_file_and_directory)
{
	char *p = xasprintf("%s/does-not-exist.xml", fx_tmpdir());
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_file(p, &d));
	cr_assert_eq(d.fatals, 1);
	cr_assert(strstr(d.v[0].msg, "cannot open"), "%s", d.v[0].msg);
	cr_assert_null(xml_load_file(fx_tmpdir(), &d));
	cr_assert_eq(d.fatals, 2);
	cr_assert(strstr(d.v[1].msg, "directory"), "%s", d.v[1].msg);
	diags_release(&d);
	free(p);
}

Test(xml, billion_laughs_refused_as_doctype)
{
	static const char bomb[] =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE lolz [\n"
		" <!ENTITY lol \"lol\">\n"
		" <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
		" <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
		" <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
		" <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
		" <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
		" <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
		" <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
		" <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
		" <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
		"]>\n"
		"<lolz>&lol9;</lolz>\n";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(bomb, strlen(bomb), "bomb.xml", &d);
	cr_assert_null(doc);
	cr_assert_eq(d.n, 1, "exactly one diagnostic: %s", dump(&d));
	cr_assert_eq(d.v[0].sev, SEV_FATAL);
	cr_assert_str_eq(d.v[0].file, "bomb.xml");
	cr_assert(strstr(d.v[0].msg, "DOCTYPE"), "%s", d.v[0].msg);
	cr_assert_eq(d.v[0].line, 2, "the DOCTYPE starts on line 2, reported %ld", d.v[0].line);
	diags_release(&d);
}

Test(xml, quadratic_blowup_refused)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY a \"");
	for (int i = 0; i < 20000; i++)
		strbuf_addc(&sb, 'a');
	strbuf_adds(&sb, "\">]>\n<r>");
	for (int i = 0; i < 5000; i++)
		strbuf_adds(&sb, "&a;");
	strbuf_adds(&sb, "</r>\n");
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(sb.s, sb.len, "quad.xml", &d);
	cr_assert_null(doc);
	cr_assert(any_msg_contains(&d, "DOCTYPE"), "%s", dump(&d));
	diags_release(&d);
	strbuf_release(&sb);
}

Test(xml, external_entity_never_read)
{
	static const char xxe[] =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE r [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
		"<r>&xxe;</r>\n";
	char *p = fx_write_tmp("xxe.xml", xxe);
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_file(p, &d);
	cr_assert_null(doc);
	cr_assert_geq(d.fatals, 1);
	cr_assert(any_msg_contains(&d, "DOCTYPE"), "%s", dump(&d));
	cr_assert(!any_msg_contains(&d, "root:"), "passwd content leaked: %s", dump(&d));
	cr_assert(!any_msg_contains(&d, "/bin/"), "passwd content leaked: %s", dump(&d));
	diags_release(&d);
	free(p);
}

Test(xml, external_dtd_without_internal_subset_refused)
{
	static const char ext[] =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE r SYSTEM \"file:///etc/passwd\">\n"
		"<r/>\n";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(ext, strlen(ext), "ext.xml", &d));
	cr_assert(any_msg_contains(&d, "DOCTYPE"), "%s", dump(&d));
	cr_assert(!any_msg_contains(&d, "root:"), "%s", dump(&d));
	diags_release(&d);
}

Test(xml, parameter_entity_refused)
{
	static const char pe[] =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE r [<!ENTITY % p SYSTEM \"http://127.0.0.1:9/x.dtd\"> %p;]>\n"
		"<r/>\n";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(pe, strlen(pe), "pe.xml", &d));
	cr_assert(any_msg_contains(&d, "DOCTYPE"), "%s", dump(&d));
	diags_release(&d);
}

Test(xml, xinclude_is_not_processed)
{
	static const char xi[] =
		"<r xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
		"<xi:include href=\"file:///etc/passwd\" parse=\"text\"/></r>";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(xi, strlen(xi), "xi.xml", &d);
	cr_assert_not_null(doc, "%s", dump(&d));
	char *t = xml_text(xmlDocGetRootElement(doc));
	cr_assert_str_eq(t, "", "XInclude was expanded: '%.40s'", t);
	free(t);
	xml_doc_free(doc);
	diags_release(&d);
}

Test(xml, malformed_gives_line)
{
	static const char bad[] = "<?xml version=\"1.0\"?>\n<r>\n  <a>\n</r>\n";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(bad, strlen(bad), "bad.xml", &d));
	cr_assert_eq(d.n, 1, "one diagnostic per malformed file: %s", dump(&d));
	cr_assert_eq(d.v[0].sev, SEV_FATAL);
	cr_assert_str_eq(d.v[0].file, "bad.xml");
	cr_assert_eq(d.v[0].line, 4, "mismatch found on line 4, reported %ld (%s)", d.v[0].line,
	             d.v[0].msg);
	cr_assert_neq(d.v[0].msg[strlen(d.v[0].msg) - 1], '\n', "trailing newline kept");
	diags_release(&d);
}

Test(xml, malformed_attribute_gives_line_and_column)
{
	static const char bad[] = "<r>\n\n<a b=\"1\" b=\"2\"/></r>";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(bad, strlen(bad), "dup.xml", &d));
	cr_assert_eq(d.n, 1, "%s", dump(&d));
	cr_assert_eq(d.v[0].line, 3, "%s", dump(&d));
	cr_assert_gt(d.v[0].col, 0, "%s", dump(&d));
	diags_release(&d);
}

Test(xml, truncated_file_says_so)
{
	static const char cut[] = "<?xml version=\"1.0\"?>\n<roster>\n  <list>\n    <unit entry=\"quack";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(cut, strlen(cut), "cut.xml", &d));
	cr_assert_eq(d.n, 1, "%s", dump(&d));
	cr_assert(strstr(d.v[0].msg, "end of file"), "%s", d.v[0].msg);
	cr_assert_eq(d.v[0].line, 4, "%s", dump(&d));
	diags_release(&d);
}

Test(xml, invalid_utf8_says_so)
{
	static const char bad[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r>\n<a n=\"caf\xe9\"/></r>\n";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(bad, strlen(bad), "latin1.xml", &d));
	cr_assert_eq(d.n, 1, "%s", dump(&d));
	cr_assert(strstr(d.v[0].msg, "UTF-8"), "%s", d.v[0].msg);
	cr_assert(strchr(d.v[0].msg, '\n') == NULL, "one diagnostic is one line: %s", d.v[0].msg);
	cr_assert_eq(d.v[0].line, 3, "%s", dump(&d));
	diags_release(&d);
}

/* Errors are told apart by libxml2's codes, not by words in its messages: those quote the
 * file's own names and values. */
static const char *only_msg(const char *text, struct diags *d)
{
	cr_assert_null(xml_load_memory(text, strlen(text), "t.xml", d));
	cr_assert_eq(d->n, 1, "%s", dump(d));
	return d->v[0].msg;
}

Test(xml, char_ref_told_from_raw_character)
{
	struct diags d = DIAGS_INIT;
	const char *m = only_msg("<r>&#1;</r>", &d);
	cr_assert(strstr(m, "character reference"), "%s", m);
	diags_release(&d);
	m = only_msg("<r>&#x110000;</r>", &d);
	cr_assert(strstr(m, "character reference"), "%s", m);
	diags_release(&d);
	/* A good reference just before a raw control character: the character is at fault. */
	m = only_msg("<r>&#65;\x01</r>", &d);
	cr_assert_null(strstr(m, "character reference"), "%s", m);
	diags_release(&d);
	m = only_msg("<r a=\"&#65;\x01\"/>", &d);
	cr_assert_null(strstr(m, "character reference"), "%s", m);
	diags_release(&d);
}

Test(xml, doctype_words_in_a_message_are_not_a_doctype)
{
	struct diags d = DIAGS_INIT;
	const char *m = only_msg("<r><DOCTYPE></r>", &d);
	cr_assert_null(strstr(m, "not allowed"), "%s", m);
	diags_release(&d);
	/* A DOCTYPE broken before its end is still refused as one. */
	m = only_msg("<!DOCTYPE r SYSTEM>\n<r/>", &d);
	cr_assert(strstr(m, "DOCTYPE declarations are not allowed"), "%s", m);
	diags_release(&d);
	m = only_msg("<!DOCTYPE", &d);
	cr_assert(strstr(m, "DOCTYPE declarations are not allowed"), "%s", m);
	diags_release(&d);
}

Test(xml, not_xml_at_all)
{
	static const char junk[] = "10x Quack Marine\n";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(junk, strlen(junk), "list.txt", &d));
	cr_assert_eq(d.fatals, 1, "%s", dump(&d));
	cr_assert_gt(d.v[0].line, 0, "%s", dump(&d));
	diags_release(&d);
}

Test(xml, too_large_file_refused, .timeout = 60)
{
	char *p = xasprintf("%s/big.xml", fx_tmpdir());
	FILE *f = fopen(p, "wb");
	cr_assert_not_null(f);
	fputs("<r>", f);
	static char chunk[65536];
	memset(chunk, ' ', sizeof(chunk));
	for (long n = 0; n < XML_MAX_FILE_SIZE; n += (long)sizeof(chunk))
		cr_assert_eq(fwrite(chunk, 1, sizeof(chunk), f), sizeof(chunk));
	fputs("</r>", f);
	cr_assert_eq(fclose(f), 0);
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_file(p, &d));
	cr_assert_eq(d.n, 1, "%s", dump(&d));
	cr_assert(strstr(d.v[0].msg, "too large"), "%s", d.v[0].msg);
	diags_release(&d);
	free(p);
}

Test(xml, file_of_exactly_the_cap_is_read, .timeout = 60)
{
	char *p = xasprintf("%s/cap.xml", fx_tmpdir());
	FILE *f = fopen(p, "wb");
	cr_assert_not_null(f);
	long left = XML_MAX_FILE_SIZE - (long)strlen("<r>") - (long)strlen("</r>");
	fputs("<r>", f);
	static char chunk[65536];
	memset(chunk, ' ', sizeof(chunk));
	while (left > 0) {
		size_t k = left > (long)sizeof(chunk) ? sizeof(chunk) : (size_t)left;
		cr_assert_eq(fwrite(chunk, 1, k, f), k);
		left -= (long)k;
	}
	fputs("</r>", f);
	cr_assert_eq(fclose(f), 0);
	struct stat st;
	cr_assert_eq(stat(p, &st), 0);
	cr_assert_eq(st.st_size, XML_MAX_FILE_SIZE);
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_file(p, &d);
	cr_assert_not_null(doc, "a file of exactly %ld bytes is allowed: %s", XML_MAX_FILE_SIZE, dump(&d));
	xml_doc_free(doc);
	free(p);
}

Test(xml, too_large_memory_refused)
{
	size_t n = (size_t)XML_MAX_FILE_SIZE + 1;
	char *buf = xmalloc(n);
	memset(buf, ' ', n);
	memcpy(buf, "<r>", 3);
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory(buf, n, "big", &d));
	cr_assert_eq(d.n, 1);
	cr_assert(strstr(d.v[0].msg, "too large"), "%s", d.v[0].msg);
	diags_release(&d);
	free(buf);
}

/* --- roots ----------------------------------------------------------------------------------- */

Test(xml, root_wrong_name)
{
	static const char t[] = "<?xml version=\"1.0\"?>\n\n<catalog xmlns=\"urn:x-muster:rules:1\"/>";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(t, strlen(t), "n.xml", &d);
	cr_assert_not_null(doc);
	cr_assert_null(xml_root(doc, "system", "urn:x-muster:rules:1", "n.xml", &d));
	cr_assert_eq(d.fatals, 1);
	cr_assert_eq(d.v[0].line, 3);
	cr_assert_str_eq(d.v[0].file, "n.xml");
	cr_assert(strstr(d.v[0].msg, "<system>") && strstr(d.v[0].msg, "<catalog>"), "%s", d.v[0].msg);
	xml_doc_free(doc);
	diags_release(&d);
}

Test(xml, root_wrong_namespace)
{
	static const char t[] = "<system xmlns=\"urn:x-muster:rules:2\"/>";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(t, strlen(t), "ns.xml", &d);
	cr_assert_not_null(doc);
	cr_assert_null(xml_root(doc, "system", "urn:x-muster:rules:1", "ns.xml", &d));
	cr_assert_eq(d.fatals, 1);
	cr_assert(strstr(d.v[0].msg, "urn:x-muster:rules:2"), "%s", d.v[0].msg);
	xml_doc_free(doc);
	diags_release(&d);
}

Test(xml, root_without_namespace)
{
	static const char t[] = "<system/>";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(t, strlen(t), "nons.xml", &d);
	cr_assert_not_null(doc);
	cr_assert_null(xml_root(doc, "system", "urn:x-muster:rules:1", "nons.xml", &d));
	cr_assert_eq(d.fatals, 1);
	cr_assert(strstr(d.v[0].msg, "no namespace"), "%s", d.v[0].msg);
	/* The same document is fine for a caller that expects no namespace. */
	cr_assert_not_null(xml_root(doc, "system", "", "nons.xml", &d));
	cr_assert_eq(d.fatals, 1);
	xml_doc_free(doc);
	diags_release(&d);
}

/* --- schemas --------------------------------------------------------------------------------- */

Test(xml, schema_validation_failure_has_line)
{
	char *xsd = xasprintf("%s/rules-xml/schema/roster.xsd", fx_src_dir());
	struct diags d = DIAGS_INIT;
	struct xml_schema *s = xml_schema_load(xsd, &d);
	cr_assert_not_null(s, "%s", dump(&d));
	static const char bad[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <list size=\"small-skirmish\">\n"
		"    <unit entry=\"quack-marine\" models=\"1\" colour=\"red\"/>\n"
		"  </list>\n"
		"</roster>\n";
	xmlDocPtr doc = xml_load_memory(bad, strlen(bad), "bad-roster.xml", &d);
	cr_assert_not_null(doc, "%s", dump(&d));
	cr_assert_eq(xml_schema_validate(s, doc, "bad-roster.xml", &d), -1);
	cr_assert_geq(d.fatals, 1);
	cr_assert_str_eq(d.v[0].file, "bad-roster.xml");
	cr_assert_eq(d.v[0].line, 4, "%s", dump(&d));
	cr_assert(strstr(d.v[0].msg, "colour"), "%s", d.v[0].msg);
	xml_doc_free(doc);

	static const char ok[] =
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">"
		"<list size=\"small-skirmish\"><unit entry=\"quack-marine\" models=\"1\"/></list></roster>";
	size_t before = d.n;
	doc = xml_load_memory(ok, strlen(ok), "ok.xml", &d);
	cr_assert_not_null(doc);
	cr_assert_eq(xml_schema_validate(s, doc, "ok.xml", &d), 0, "%s", dump(&d));
	cr_assert_eq(d.n, before);
	xml_doc_free(doc);
	xml_schema_free(s);
	diags_release(&d);
	free(xsd);
}

Test(xml, schema_reports_every_violation)
{
	char *xsd = xasprintf("%s/rules-xml/schema/roster.xsd", fx_src_dir());
	struct diags d = DIAGS_INIT;
	struct xml_schema *s = xml_schema_load(xsd, &d);
	cr_assert_not_null(s, "%s", dump(&d));
	static const char bad[] =
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"<list>\n"
		"<unit entry=\"a\" models=\"1\" colour=\"red\"/>\n"
		"<unit models=\"2\"/>\n"
		"</list></roster>\n";
	xmlDocPtr doc = xml_load_memory(bad, strlen(bad), "two.xml", &d);
	cr_assert_not_null(doc);
	cr_assert_eq(xml_schema_validate(s, doc, "two.xml", &d), -1);
	cr_assert_eq(d.fatals, 2, "%s", dump(&d));
	cr_assert_eq(d.v[0].line, 3);
	cr_assert_eq(d.v[1].line, 4);
	xml_doc_free(doc);
	xml_schema_free(s);
	diags_release(&d);
	free(xsd);
}

Test(xml, broken_schema_file)
{
	static const char notxsd[] = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">"
	                             "<xs:element name=\"r\" type=\"nope:t\"/></xs:schema>";
	char *p = fx_write_tmp("broken.xsd", notxsd);
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_schema_load(p, &d));
	cr_assert_geq(d.fatals, 1);
	cr_assert_str_eq(d.v[0].file, p);
	diags_release(&d);
	free(p);
}

Test(xml, schema_with_doctype_refused)
{
	static const char t[] = "<!DOCTYPE x [<!ENTITY e \"e\">]><x/>";
	char *p = fx_write_tmp("dtd.xsd", t);
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_schema_load(p, &d));
	cr_assert(any_msg_contains(&d, "DOCTYPE"), "%s", dump(&d));
	diags_release(&d);
	free(p);
}

Test(xml, init_is_idempotent)
{
	xml_init();
	xml_init();
	static const char t[] = "<r/>";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(t, strlen(t), "r.xml", &d);
	cr_assert_not_null(doc);
	xml_doc_free(doc);
}

Test(xml, errors_do_not_leak_into_a_later_load)
{
	static const char bad[] = "<r><a></r>";
	static const char ok[] = "<r/>";
	struct diags d1 = DIAGS_INIT, d2 = DIAGS_INIT;
	cr_assert_null(xml_load_memory(bad, strlen(bad), "bad.xml", &d1));
	xmlDocPtr doc = xml_load_memory(ok, strlen(ok), "ok.xml", &d2);
	cr_assert_not_null(doc);
	cr_assert_eq(d2.n, 0, "%s", dump(&d2));
	cr_assert_eq(d1.n, 1, "%s", dump(&d1));
	xml_doc_free(doc);
	diags_release(&d1);
	diags_release(&d2);
}

/* Diagnostics name the column of an element: found on the element's own line, in characters
 * (not bytes), after any namespace prefix. */
Test(xml, columns_of_elements)
{
	const char *text =
		"<?xml version=\"1.0\"?>\n"
		"<root xmlns=\"urn:a\" xmlns:p=\"urn:b\">\n"
		"  <unit id=\"one\"/>\n"
		"\t<unit id=\"two\"><note>x</note></unit>\n"
		"  <!-- \xc3\xa9\xc3\xa9 --> <p:extra/>\n"
		"</root>\n";
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory(text, strlen(text), "cols.xml", &d);
	cr_assert_not_null(doc, "%s", fx_dump(&d));
	xmlNodePtr root = xmlDocGetRootElement(doc);
	cr_expect_eq(xml_col(root), 1);
	xmlNodePtr one = xml_first_elem(root);
	cr_expect_eq(xml_line(one), 3);
	cr_expect_eq(xml_col(one), 3);
	xmlNodePtr two = xml_next_elem(one);
	cr_expect_eq(xml_col(two), 2, "a tab is one character");
	cr_expect_eq(xml_col(xml_first_elem(two)), 17, "the second tag on the line");
	xmlNodePtr extra = NULL;
	for (xmlNodePtr n = root->children; n; n = n->next)
		if (n->type == XML_ELEMENT_NODE && xmlStrEqual(n->name, (const xmlChar *)"extra"))
			extra = n;
	cr_assert_not_null(extra);
	cr_expect_eq(xml_col(extra), 15, "two-byte characters count once; the prefix is skipped");
	cr_expect_eq(xml_col(NULL), 0);
	xml_doc_free(doc); /* frees the kept source too: LeakSanitizer checks */
	diags_release(&d);
}

/* A document whose source is given back once parsed (xml_load_file_lean) still names the
 * column of an element on a page given back: the bytes are read again from the file. */
Test(xml, columns_after_the_source_is_given_back)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "<?xml version=\"1.0\"?>\n<root xmlns=\"urn:a\">\n");
	for (int i = 0; i < 2000; i++)
		strbuf_addf(&sb, "  <unit id=\"u%d\"/>\n", i);
	strbuf_adds(&sb, "      <last/>\n</root>\n");
	char *p = fx_write_tmp("lean.xml", sb.s);
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_file_lean(p, &d);
	cr_assert_not_null(doc, "%s", fx_dump(&d));
	xmlNodePtr last = NULL;
	for (xmlNodePtr n = xml_first_elem(xmlDocGetRootElement(doc)); n; n = xml_next_elem(n))
		last = n;
	cr_assert_eq(xml_line(last), 2003);
	cr_expect_eq(xml_col(last), 7, "found in the bytes read again");
	cr_expect_eq(xml_col(xml_first_elem(xmlDocGetRootElement(doc))), 3);
	xml_doc_free(doc);
	/* standard input keeps its source: nothing could read it again */
	cr_assert_not_null(freopen(p, "r", stdin));
	doc = xml_load_file_lean("-", &d);
	cr_assert_not_null(doc, "%s", fx_dump(&d));
	last = xmlGetLastChild(xmlDocGetRootElement(doc));
	cr_expect_eq(xml_col(last), 7);
	xml_doc_free(doc);
	cr_assert_null(xml_load_file_lean("/nonexistent/lean.xml", &d));
	cr_expect(d.n > 0);
	diags_release(&d);
	strbuf_release(&sb);
	free(p);
}

Test(xml, schema_from_memory)
{
	static const char xsd[] =
		"<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n"
		"  <xs:element name=\"r\"><xs:complexType>\n"
		"    <xs:attribute name=\"n\" type=\"xs:int\" use=\"required\"/>\n"
		"  </xs:complexType></xs:element>\n"
		"</xs:schema>\n";
	struct diags d = DIAGS_INIT;
	struct xml_schema *s = xml_schema_load_memory(xsd, strlen(xsd), "mem.xsd", &d);
	cr_assert_not_null(s, "%s", dump(&d));
	static const char bad[] = "<r/>\n";
	xmlDocPtr doc = xml_load_memory(bad, strlen(bad), "r.xml", &d);
	cr_assert_not_null(doc);
	cr_assert_eq(xml_schema_validate(s, doc, "r.xml", &d), -1);
	cr_assert_eq(d.fatals, 1, "%s", dump(&d));
	cr_assert_str_eq(d.v[0].file, "r.xml");
	cr_assert(strstr(d.v[0].msg, "'n'"), "%s", d.v[0].msg);
	xml_doc_free(doc);
	xml_schema_free(s);
	/* A broken one is named in the message. */
	static const char broken[] = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">"
	                             "<xs:element name=\"r\" type=\"nope:t\"/></xs:schema>";
	cr_assert_null(xml_schema_load_memory(broken, strlen(broken), "broken.xsd", &d));
	cr_assert_geq(d.fatals, 2);
	cr_assert_str_eq(d.v[1].file, "broken.xsd");
	diags_release(&d);
}

/* --- schema errors in Muster's words (xml-error.c, xml-expect.c) --------------------------- */

/* A schema with what xml-expect.c walks: a target namespace, a named type, a group and an
 * attribute group by reference, an element by reference, an extension, wildcards. */
static const char words_xsd[] =
	"<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:t=\"urn:t\"\n"
	"           targetNamespace=\"urn:t\" elementFormDefault=\"qualified\">\n"
	"  <xs:element name=\"r\"><xs:complexType>\n"
	"    <xs:sequence>\n"
	"      <xs:element name=\"head\" type=\"t:empty\" minOccurs=\"0\"/>\n"
	"      <xs:group ref=\"t:items\"/>\n"
	"      <xs:element ref=\"t:tail\" minOccurs=\"0\"/>\n"
	"    </xs:sequence>\n"
	"    <xs:attributeGroup ref=\"t:common\"/>\n"
	"    <xs:attribute name=\"mode\"><xs:simpleType><xs:restriction base=\"xs:string\">\n"
	"      <xs:enumeration value=\"fast\"/><xs:enumeration value=\"slow\"/>\n"
	"    </xs:restriction></xs:simpleType></xs:attribute>\n"
	"  </xs:complexType></xs:element>\n"
	"  <xs:element name=\"tail\" type=\"t:open\"/>\n"
	"  <xs:group name=\"items\"><xs:sequence>\n"
	"    <xs:element name=\"item\" type=\"t:item\" maxOccurs=\"unbounded\"/>\n"
	"  </xs:sequence></xs:group>\n"
	"  <xs:attributeGroup name=\"common\"><xs:attribute name=\"name\" type=\"xs:string\"/></xs:attributeGroup>\n"
	"  <xs:complexType name=\"base\"><xs:attribute name=\"count\" type=\"xs:nonNegativeInteger\"/></xs:complexType>\n"
	"  <xs:complexType name=\"item\"><xs:complexContent><xs:extension base=\"t:base\">\n"
	"    <xs:attribute name=\"label\" type=\"xs:string\"/>\n"
	"    <xs:attribute name=\"code\" type=\"t:id\"/>\n"
	"  </xs:extension></xs:complexContent></xs:complexType>\n"
	"  <xs:simpleType name=\"id\"><xs:restriction base=\"xs:NMTOKEN\"/></xs:simpleType>\n"
	"  <xs:complexType name=\"open\"><xs:sequence>\n"
	"    <xs:any namespace=\"##any\" processContents=\"skip\" minOccurs=\"0\" maxOccurs=\"unbounded\"/>\n"
	"  </xs:sequence><xs:anyAttribute namespace=\"##other\" processContents=\"skip\"/></xs:complexType>\n"
	"  <xs:complexType name=\"empty\"/>\n"
	"</xs:schema>\n";

/* The one message validating body (inside <r xmlns="urn:t" ATTRS>) gives. Caller frees. */
static char *words_for(struct xml_schema *s, const char *attrs, const char *body)
{
	struct diags d = DIAGS_INIT;
	char *text = xasprintf("<r xmlns=\"urn:t\"%s>%s</r>\n", attrs, body);
	xmlDocPtr doc = xml_load_memory(text, strlen(text), "w.xml", &d);
	cr_assert_not_null(doc, "%s", dump(&d));
	cr_assert_eq(xml_schema_validate(s, doc, "w.xml", &d), -1, "%s is valid", text);
	cr_assert_eq(d.n, 1, "%s", dump(&d));
	char *msg = xstrdup(d.v[0].msg);
	cr_expect_null(strstr(msg, "urn:t"), "a namespace in '%s'", msg);
	xml_doc_free(doc);
	diags_release(&d);
	free(text);
	return msg;
}

static void expect_words(struct xml_schema *s, const char *attrs, const char *body,
                         const char *want)
{
	char *msg = words_for(s, attrs, body);
	cr_expect_str_eq(msg, want);
	free(msg);
}

Test(xml, schema_errors_in_words)
{
	struct diags d = DIAGS_INIT;
	struct xml_schema *s = xml_schema_load_memory(words_xsd, strlen(words_xsd), "w.xsd", &d);
	cr_assert_not_null(s, "%s", dump(&d));
	expect_words(s, "", "<itme/>",
	             "<itme> is not an element <r> takes; did you mean <item>? (expected: <head>, <item>)");
	expect_words(s, "", "<item/><head/>",
	             "<head> is not expected here in <r>: out of order, or once too many "
	             "(expected here: <item>, <tail>)");
	expect_words(s, "", "", "<r> lacks an element it needs (expected: <head>, <item>)");
	expect_words(s, " nmae=\"a\"", "<item/>",
	             "<r> takes no attribute 'nmae'; did you mean 'name'? (attributes: name, mode)");
	expect_words(s, "", "<item lable=\"a\"/>",
	             "<item> takes no attribute 'lable'; did you mean 'label'? (attributes: count, label, code)");
	expect_words(s, "", "<head x=\"1\"/><item/>", "<head> takes no attributes ('x' given)");
	expect_words(s, "", "<item/><tail zz=\"1\"/>", "<tail> takes no attribute 'zz'");
	expect_words(s, " mode=\"fats\"", "<item/>",
	             "attribute 'mode' of <r>: 'fats' is not one of 'fast', 'slow'; did you mean 'fast'?");
	expect_words(s, "", "<item count=\"x\"/>",
	             "attribute 'count' of <item>: 'x' is not a whole number, 0 or more");
	/* The schema's own simple type, by its base. */
	expect_words(s, "", "<item code=\"a b\"/>",
	             "attribute 'code' of <item>: 'a b' is not an id: letters, digits, '-', '_', '.' or ':', no spaces");
	/* Past the end of the sequence libxml2 expects nothing: what <r> takes, from the schema. */
	expect_words(s, "", "<item/><tail/><extra/>",
	             "<extra> is not an element <r> takes (expected: <head>, <item>, <tail>)");
	xml_schema_free(s);
	diags_release(&d);
}

/* --- reading element by element (xml_reader) --------------------------------------------------- */

/* Writes a file of n <u> elements, each with two children, large enough to be streamed
 * (XML_STREAM_MIN); element bad_at (0: none) is malformed. Returns its path. */
static char *stream_file(const char *name, long n, long bad_at)
{
	char *p = xasprintf("%s/%s", fx_tmpdir(), name);
	FILE *f = fopen(p, "wb");
	cr_assert_not_null(f);
	fputs("<?xml version=\"1.0\"?>\n<r xmlns=\"urn:x-test\">\n", f);
	for (long k = 1; k <= n; k++) {
		if (k == bad_at)
			fputs("  <u n=\"bad\"><c v=\"x\"></u>\n", f);
		else
			fprintf(f, "  <u n=\"%ld\"><c v=\"c%ld\"/><c v=\"d%ld\">text %ld</c></u>\n", k, k, k, k);
	}
	fputs("</r>\n", f);
	cr_assert_eq(fclose(f), 0);
	struct stat st;
	cr_assert_eq(stat(p, &st), 0);
	cr_assert_geq(st.st_size, XML_STREAM_MIN, "the file must be streamed");
	return p;
}

/* Element u as stream_file wrote it for k: its attribute, children and line. */
static void expect_u(xmlNodePtr u, long k)
{
	char want[64];
	char *v = xml_prop(u, "n");
	snprintf(want, sizeof(want), "%ld", k);
	cr_assert_str_eq(v ? v : "(none)", want);
	free(v);
	xmlNodePtr c1 = xml_first_elem(u), c2 = c1 ? xml_next_elem(c1) : NULL;
	cr_assert_not_null(c2, "element %ld has both children", k);
	cr_assert_null(xml_next_elem(c2));
	v = xml_prop(c2, "v");
	snprintf(want, sizeof(want), "d%ld", k);
	cr_assert_str_eq(v ? v : "(none)", want);
	free(v);
	v = xml_text(c2);
	snprintf(want, sizeof(want), "text %ld", k);
	cr_assert_str_eq(v, want);
	free(v);
	if (k + 2 < 65535)
		cr_assert_eq(xml_line(u), k + 2);
}

Test(xml, stream_take_gives_each_element_whole, .timeout = 60)
{
	const long n = 25000;
	char *p = stream_file("stream.xml", n, 0);
	struct diags d = DIAGS_INIT;
	struct xml_reader *r = xml_reader_open(p, "r", "urn:x-test", NULL, &d);
	cr_assert_not_null(r, "%s", dump(&d));
	xmlNodePtr node;
	int depth, ev;
	long k = 0;
	while ((ev = xml_reader_next(r, &node, &depth)) > 0) {
		if (depth == 0)
			continue;
		cr_assert_eq(depth, 1, "the children of a taken element are not reported");
		cr_assert_eq(ev, XML_READ_START, "a taken element's END is not reported");
		xmlNodePtr u = xml_reader_take(r);
		cr_assert_not_null(u, "%s", dump(&d));
		expect_u(u, ++k);
		xml_reader_release(r, u);
	}
	cr_assert_eq(ev, 0, "%s", dump(&d));
	cr_assert_eq(k, n);
	cr_assert_eq(d.n, 0, "%s", dump(&d));
	xml_reader_close(r);
	diags_release(&d);
	free(p);
}

Test(xml, stream_next_moves_past_an_element_not_released, .timeout = 60)
{
	const long n = 25000;
	char *p = stream_file("unreleased.xml", n, 0);
	struct diags d = DIAGS_INIT;
	struct xml_reader *r = xml_reader_open(p, "r", "urn:x-test", NULL, &d);
	cr_assert_not_null(r, "%s", dump(&d));
	xmlNodePtr node;
	int depth, ev;
	long k = 0;
	while ((ev = xml_reader_next(r, &node, &depth)) > 0) {
		if (depth != 1)
			continue;
		xmlNodePtr u = xml_reader_take(r);
		cr_assert_not_null(u, "%s", dump(&d));
		expect_u(u, ++k);
		if (k % 2)
			xml_reader_release(r, u);
	}
	cr_assert_eq(ev, 0, "%s", dump(&d));
	cr_assert_eq(k, n);
	xml_reader_close(r);
	diags_release(&d);
	free(p);
}

Test(xml, stream_malformed_element_fails_with_its_line, .timeout = 60)
{
	const long n = 25000, bad = 12000;
	char *p = stream_file("malformed.xml", n, bad);
	struct diags d = DIAGS_INIT;
	struct xml_reader *r = xml_reader_open(p, "r", "urn:x-test", NULL, &d);
	cr_assert_not_null(r, "%s", dump(&d));
	xmlNodePtr node;
	int depth, ev;
	long k = 0;
	while ((ev = xml_reader_next(r, &node, &depth)) > 0) {
		if (depth != 1)
			continue;
		xmlNodePtr u = xml_reader_take(r);
		if (u == NULL)
			break;
		expect_u(u, ++k);
		xml_reader_release(r, u);
	}
	/* Once failed, the reader stays failed. */
	cr_assert_eq(xml_reader_next(r, &node, &depth), -1);
	cr_assert_null(xml_reader_take(r));
	cr_assert_lt(k, bad, "no element at or after the bad one is given");
	cr_assert_geq(d.fatals, 1, "%s", dump(&d));
	bool at_line = false;
	for (size_t i = 0; i < d.n; i++)
		at_line |= d.v[i].line == bad + 2;
	cr_assert(at_line, "an error on line %ld: %s", bad + 2, dump(&d));
	xml_reader_close(r);
	diags_release(&d);
	free(p);
}

/* --- outlines -------------------------------------------------------------------------------- */

/* The bytes of element e of text from start to end. */
static char *el_text(const char *text, const struct xml_el *e)
{
	return xstrndup(text + e->start, e->end - e->start);
}

Test(xml, outline_finds_elements_and_keeps_offsets)
{
	static const char text[] =
		"<?xml version=\"1.0\"?>\n"
		"<!-- <a> in a comment -->\n"
		"<r xmlns=\"urn:x-test\" xmlns:o=\"urn:x-other\" v='1 &amp; 2'>\n"
		"  <x id=\"one\" n=\"a&#233;&lt;\tb\"><deep><deeper/></deep></x>\n"
		"  <o:x id=\"foreign\"/>\n"
		"  <?pi <x>?><![CDATA[<x>]]>\n"
		"  <x xmlns=\"urn:x-other\" id=\"other\">\n"
		"    <y/>\n"
		"  </x>\n"
		"</r>\n";
	struct xml_outline o;
	cr_assert_eq(xml_outline(text, strlen(text), "urn:x-test", &o), 0);
	/* r, x, deep, o:x, x, y: deeper is below the depth outlined */
	cr_assert_eq(o.n, 6, "%zu", o.n);
	cr_assert(xml_el_is(text, &o.el[0], "r") && o.el[0].ours && o.el[0].depth == 0);
	cr_assert_str_eq(xml_el_attr(text, &o.el[0], "v", &o.pool), "1 & 2");
	cr_assert_eq(o.el[0].end, strlen(text) - 1);
	char *x = el_text(text, &o.el[1]);
	cr_assert_str_eq(x, "<x id=\"one\" n=\"a&#233;&lt;\tb\"><deep><deeper/></deep></x>");
	free(x);
	cr_assert_str_eq(xml_el_attr(text, &o.el[1], "n", &o.pool), "a\xc3\xa9< b");
	cr_assert_str_eq(xml_el_attr(text, &o.el[1], "id", &o.pool), "one");
	cr_assert_null(xml_el_attr(text, &o.el[1], "missing", &o.pool));
	/* the text before it starts after the start tag before it */
	cr_assert_eq(o.el[1].text, o.el[0].stag_end);
	cr_assert(xml_el_is(text, &o.el[2], "deep") && o.el[2].depth == 2);
	cr_assert(xml_el_is(text, &o.el[3], "x") && !o.el[3].ours);
	cr_assert_eq(o.el[3].qname_len, 3);
	cr_assert_eq(o.el[3].end, o.el[3].stag_end, "an empty element ends with its start tag");
	/* namespaces: a default declared on the element itself */
	cr_assert(xml_el_is(text, &o.el[4], "x") && !o.el[4].ours);
	cr_assert(!o.el[5].ours, "y inherits its parent's default namespace");
	/* the text before the second x starts after the CDATA section? No: CDATA is text */
	cr_assert_eq(text[o.el[4].text - 1], '>');
	cr_assert_eq(strncmp(text + o.el[4].etag, "</x>", 4), 0);
	const char *const names[] = { "id", "xmlns", NULL };
	const char *v[2];
	xml_el_attrs(text, &o.el[4], names, v, &o.pool);
	cr_assert_str_eq(v[0], "other");
	cr_assert_str_eq(v[1], "urn:x-other");
	xml_outline_release(&o);
}

Test(xml, outline_refuses_what_it_cannot_read)
{
	static const char *const bad[] = {
		"<r><x></r>",                  /* an element left open */
		"<r a=\"1></r>",               /* a value left open */
		"<r/><r/>",                    /* two roots */
		"<!DOCTYPE r><r/>",            /* a DOCTYPE */
		"<r xmlns=\"&unknown;\"/>",    /* an entity no one declared, in a namespace */
		"<r><!-- open </r>",           /* a comment left open */
		"no element at all",
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(bad); i++) {
		struct xml_outline o;
		cr_assert_eq(xml_outline(bad[i], strlen(bad[i]), "urn:x-test", &o), -1, "%s", bad[i]);
	}
	/* An attribute is decoded when asked: one that does not decode is none. */
	static const char text[] = "<r a=\"&unknown;\" b=\"&#0;\" c=\"ok\"/>";
	struct xml_outline o;
	cr_assert_eq(xml_outline(text, strlen(text), "urn:x-test", &o), 0);
	cr_assert_null(xml_el_attr(text, &o.el[0], "a", &o.pool));
	cr_assert_null(xml_el_attr(text, &o.el[0], "b", &o.pool));
	cr_assert_str_eq(xml_el_attr(text, &o.el[0], "c", &o.pool), "ok");
	xml_outline_release(&o);
}

Test(xml, outline_deep_records_within_named_elements)
{
	/* l of the namespace holds l at any depth: those and their children are recorded; the
	 * children of other elements stop at depth 2, and an l of another namespace is not deep. */
	static const char text[] =
		"<r xmlns=\"urn:x-test\" xmlns:o=\"urn:x-other\">"
		"<l><u><opt/></u><l><u><opt/></u><l><u/></l></l></l>"
		"<o:l><a><b><c/></b></a></o:l>"
		"</r>";
	struct xml_outline o;
	cr_assert_eq(xml_outline_deep(text, strlen(text), "urn:x-test", "l", &o), 0);
	/* r; l, u (opt is under u); l, u; l, u; o:l, a */
	static const char *const names[] = { "r", "l", "u", "l", "u", "l", "u", "l", "a" };
	static const uint8_t depths[] = { 0, 1, 2, 2, 3, 3, 4, 1, 2 };
	cr_assert_eq(o.n, MUSTER_ARRAY_LEN(names), "%zu", o.n);
	for (size_t i = 0; i < o.n; i++) {
		cr_assert(xml_el_is(text, &o.el[i], names[i]), "%zu", i);
		cr_assert_eq(o.el[i].depth, depths[i], "%zu", i);
	}
	cr_assert(!o.el[7].ours);
	/* the innermost l ends with its end tag, the outer ones with theirs */
	cr_assert_eq(strncmp(text + o.el[5].etag, "</l></l></l>", 12), 0);
	cr_assert_eq(strncmp(text + o.el[3].etag, "</l></l>", 8), 0);
	cr_assert_eq(strncmp(text + o.el[1].etag, "</l><o:l>", 9), 0);
	xml_outline_release(&o);
	/* without a name, the same as xml_outline */
	cr_assert_eq(xml_outline_deep(text, strlen(text), "urn:x-test", NULL, &o), 0);
	cr_assert_eq(o.n, 6, "%zu", o.n);
	xml_outline_release(&o);
}
