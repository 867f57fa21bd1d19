/* test-xml-lean.c - unit tests of lean documents (xml_load_file_lean, xml_load_memory_lean):
 * every attribute reads as it does in a whole tree, through every accessor
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

TestSuite(xml_lean, .init = fx_setup, .fini = fx_teardown);

/* Values with references ('&' stays one in the parser's copy), white space the parser
 * normalises, an empty one, attributes in a namespace beside those in none (the same local
 * name on one element), an element with none, one with only one in a namespace. */
static const char text[] =
	"<?xml version=\"1.0\"?>\n"
	"<r xmlns=\"urn:x-test\" xmlns:o=\"urn:x-other\" id=\"top\" name=\"Reef\">\n"
	"  <e id=\"c&amp;1\" name=\"a &lt;b&gt; &#38;#38; &#x41;\" tab=\"x\ty\nz\" empty=\"\"/>\n"
	"  <e o:id=\"foreign\" id=\"mine\" o:only=\"1\"/>\n"
	"  <e/>\n"
	"  <e o:id=\"only-foreign\">text</e>\n"
	"</r>\n";

/* The attributes every test asks of each element (an absent one too). */
static const char *const names[] = { "id", "name", "tab", "empty", "only", "absent" };
#define N_NAMES (sizeof(names) / sizeof(names[0]))

/* Every accessor on every element of lean and of whole agree, and a few values are as the
 * tree builder decodes them. */
static void same_reading(xmlDocPtr lean, xmlDocPtr whole)
{
	struct arena a = ARENA_INIT;
	xmlNodePtr l = xmlDocGetRootElement(lean), w = xmlDocGetRootElement(whole);
	size_t seen = 0;
	for (; l && w; l = seen ? xml_next_elem(l) : xml_first_elem(l),
	               w = seen++ ? xml_next_elem(w) : xml_first_elem(w)) {
		const char *lv[N_NAMES], *wv[N_NAMES];
		xml_props_in(l, names, N_NAMES, lv, &a);
		xml_props_in(w, names, N_NAMES, wv, &a);
		for (size_t i = 0; i < N_NAMES; i++) {
			char *lp = xml_prop(l, names[i]), *wp = xml_prop(w, names[i]);
			const char *li = xml_prop_in(l, names[i], &a), *wi = xml_prop_in(w, names[i], &a);
			cr_assert_eq(lp == NULL, wp == NULL, "%s of element %zu", names[i], seen);
			cr_assert_eq(li == NULL, wi == NULL);
			cr_assert_eq(lv[i] == NULL, wv[i] == NULL);
			if (wp) {
				cr_assert_str_eq(lp, wp);
				cr_assert_str_eq(li, wp);
				cr_assert_str_eq(lv[i], wp);
				cr_assert_str_eq(wi, wp);
				cr_assert(xml_prop_is(l, names[i], wp));
				cr_assert(!xml_prop_is(l, names[i], "no such value"));
			} else {
				cr_assert(!xml_prop_is(l, names[i], ""));
			}
			free(lp);
			free(wp);
		}
	}
	cr_assert_eq(seen, 5, "the root and its four elements");
	cr_assert_null(l);
	cr_assert_null(w);
	xmlNodePtr e = xml_first_elem(xmlDocGetRootElement(lean));
	char *v = xml_prop(e, "id");
	cr_assert_str_eq(v, "c&1");
	free(v);
	v = xml_prop(e, "name");
	cr_assert_str_eq(v, "a <b> &#38; A");
	free(v);
	cr_assert(xml_prop_is(e, "tab", "x y z"));
	cr_assert(xml_prop_is(e, "empty", ""));
	cr_assert(xml_prop_is(xml_next_elem(e), "id", "mine"), "not the one in a namespace");
	char *t = xml_text(xml_next_elem(xml_next_elem(xml_next_elem(e))));
	cr_assert_str_eq(t, "text");
	free(t);
	arena_release(&a);
}

Test(xml_lean, memory_reads_as_a_whole_tree)
{
	struct diags d = DIAGS_INIT;
	xmlDocPtr lean = xml_load_memory_lean(text, strlen(text), "lean.xml", &d);
	xmlDocPtr whole = xml_load_memory(text, strlen(text), "whole.xml", &d);
	cr_assert_not_null(lean, "%s", fx_dump(&d));
	cr_assert_not_null(whole, "%s", fx_dump(&d));
	same_reading(lean, whole);
	xml_doc_free(lean);
	xml_doc_free(whole);
	diags_release(&d);
}

Test(xml_lean, file_reads_as_a_whole_tree)
{
	char *p = fx_write_tmp("lean.xml", text);
	struct diags d = DIAGS_INIT;
	xmlDocPtr lean = xml_load_file_lean(p, &d);
	xmlDocPtr whole = xml_load_file(p, &d);
	cr_assert_not_null(lean, "%s", fx_dump(&d));
	cr_assert_not_null(whole, "%s", fx_dump(&d));
	same_reading(lean, whole);
	cr_assert_eq(xml_line(xml_first_elem(xmlDocGetRootElement(lean))),
	             xml_line(xml_first_elem(xmlDocGetRootElement(whole))));
	xml_doc_free(lean);
	xml_doc_free(whole);
	diags_release(&d);
	free(p);
}

/* A value of several nodes (an entity reference node, which only a tree built by hand holds)
 * is joined, as xmlGetNoNsProp joins it. */
Test(xml_lean, value_of_several_nodes_joined)
{
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_memory_lean(text, strlen(text), "lean.xml", &d);
	cr_assert_not_null(doc, "%s", fx_dump(&d));
	xmlNodePtr e = xml_first_elem(xmlDocGetRootElement(doc));
	xmlNodePtr h = xmlNewDocNode(doc, NULL, (const xmlChar *)"h", NULL);
	xmlAddChild(e, h);
	xmlAttrPtr at = xmlNewProp(h, (const xmlChar *)"v", (const xmlChar *)"one");
	xmlAddChild((xmlNodePtr)at, xmlNewDocText(doc, (const xmlChar *)" two"));
	char *v = xml_prop(h, "v");
	cr_assert_str_eq(v, "one two");
	free(v);
	cr_assert(xml_prop_is(h, "v", "one two"));
	cr_assert(!xml_prop_is(h, "v", "one"));
	struct arena a = ARENA_INIT;
	cr_assert_str_eq(xml_prop_in(h, "v", &a), "one two");
	const char *const one[] = { "v" };
	const char *got[1];
	xml_props_in(h, one, 1, got, &a);
	cr_assert_str_eq(got[0], "one two");
	xmlAttrPtr none = xmlNewProp(h, (const xmlChar *)"w", NULL);
	cr_assert_not_null(none);
	cr_assert(xml_prop_is(h, "w", ""));
	const char *const w[] = { "w" };
	xml_props_in(h, w, 1, got, &a);
	cr_assert_str_eq(got[0], "", "an attribute of no node is empty");
	xml_props_in(xmlDocGetRootElement(doc)->children, one, 1, got, &a);
	cr_assert_null(got[0], "not an element: no attributes");
	arena_release(&a);
	xml_doc_free(doc);
	diags_release(&d);
}

Test(xml_lean, malformed_refused_with_its_line)
{
	static const char bad[] = "<r a=\"1\">\n<e b=\"2\">\n</r>";
	struct diags d = DIAGS_INIT;
	cr_assert_null(xml_load_memory_lean(bad, strlen(bad), "bad.xml", &d));
	cr_assert_gt(d.n, 0);
	cr_assert_eq(d.v[0].sev, SEV_FATAL);
	cr_assert_eq(d.v[0].line, 3, "%s", fx_dump(&d));
	diags_release(&d);
}
