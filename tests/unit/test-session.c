/* test-session.c - unit tests of session.c: systems loaded once by id, failures remembered,
 * the built-in schemas
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "data.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

TestSuite(session, .init = fx_setup, .fini = fx_teardown);

/* A small valid game system "toy", and one that its schema refuses ("broken": no rounding). */
static const char toy_rules[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<system xmlns=\"urn:x-muster:rules:1\" id=\"toy\" name=\"Toy\" rounding=\"down\">\n"
	"  <costs><cost id=\"pts\" name=\"Points\"/></costs>\n"
	"</system>\n";
static const char broken_rules[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<system xmlns=\"urn:x-muster:rules:1\" id=\"broken\" name=\"Broken\">\n"
	"  <costs><cost id=\"pts\" name=\"Points\"/></costs>\n"
	"</system>\n";

Test(session, same_system_twice_is_the_same_pointer)
{
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	const struct system *a = session_system(s, "duckhammer", &d);
	cr_assert_not_null(a, "%s", fx_dump(&d));
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	cr_assert_str_eq(a->id, "duckhammer");
	const struct system *b = session_system(s, "duckhammer", &d);
	cr_assert_eq(a, b, "loaded twice");
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	/* Another id is another system; asking again for the first still gives the first. */
	const struct system *c = session_system(s, "actionhammer", &d);
	cr_assert_not_null(c, "%s", fx_dump(&d));
	cr_assert_neq(a, c);
	cr_assert_eq(session_system(s, "duckhammer", &d), a);
	/* Sessions do not share: another session loads its own. */
	struct session *s2 = session_new();
	const struct system *a2 = session_system(s2, "duckhammer", &d);
	cr_assert_not_null(a2);
	cr_assert_neq(a2, a);
	session_free(s2);
	session_free(s);
	diags_release(&d);
}

Test(session, unknown_system_is_remembered_and_reported_every_time)
{
	struct session *s = session_new();
	struct diags d1 = DIAGS_INIT, d2 = DIAGS_INIT;
	cr_assert_null(session_system(s, "toy", &d1));
	cr_assert_eq(d1.fatals, 1, "%s", fx_dump(&d1));
	cr_assert_null(d1.v[0].file, "the caller places it");
	cr_assert(strstr(d1.v[0].msg, "unknown game system 'toy'"), "%s", d1.v[0].msg);
	/* Now it is on the path: the session does not look again, and says the same. */
	char *p = fx_write_tmp("rules-xml/toy.xml", toy_rules);
	data_add_dir(fx_tmpdir());
	cr_assert_null(session_system(s, "toy", &d2), "a failure is remembered, not retried");
	cr_assert_eq(d2.n, 1, "%s", fx_dump(&d2));
	cr_assert_str_eq(d2.v[0].msg, d1.v[0].msg);
	/* A new session reads the path afresh. */
	struct session *s2 = session_new();
	struct diags d3 = DIAGS_INIT;
	cr_assert_not_null(session_system(s2, "toy", &d3), "%s", fx_dump(&d3));
	session_free(s2);
	session_free(s);
	diags_release(&d1);
	diags_release(&d2);
	diags_release(&d3);
	free(p);
}

Test(session, broken_system_is_loaded_once_and_reported_every_time)
{
	char *p = fx_write_tmp("rules-xml/broken.xml", broken_rules);
	data_add_dir(fx_tmpdir());
	struct session *s = session_new();
	struct diags d1 = DIAGS_INIT, d2 = DIAGS_INIT;
	cr_assert_null(session_system(s, "broken", &d1));
	cr_assert_geq(d1.fatals, 1);
	cr_assert_str_eq(d1.v[0].file, p, "%s", fx_dump(&d1));
	cr_assert_eq(d1.v[0].line, 2);
	cr_assert(strstr(d1.v[0].msg, "rounding"), "%s", d1.v[0].msg);
	/* Mend the file: the session does not read it again. */
	free(fx_write_tmp("rules-xml/broken.xml", toy_rules));
	cr_assert_null(session_system(s, "broken", &d2));
	cr_assert_eq(d2.n, d1.n);
	for (size_t i = 0; i < d1.n; i++) {
		cr_assert_str_eq(d2.v[i].file, d1.v[i].file);
		cr_assert_eq(d2.v[i].line, d1.v[i].line);
		cr_assert_str_eq(d2.v[i].msg, d1.v[i].msg);
	}
	session_free(s);
	diags_release(&d1);
	diags_release(&d2);
	free(p);
}

Test(session, schemas_are_built_in_and_compiled_once)
{
	/* A data directory with a schema that would accept anything: never read. */
	free(fx_write_tmp("rules-xml/schema/roster.xsd",
	                  "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"/>"));
	data_add_dir(fx_tmpdir());
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	const struct xml_schema *x = session_schema(s, SCHEMA_ROSTER, &d);
	cr_assert_not_null(x, "%s", fx_dump(&d));
	cr_assert_eq(session_schema(s, SCHEMA_ROSTER, &d), x);
	cr_assert_not_null(session_schema(s, SCHEMA_RULES, &d));
	cr_assert_not_null(session_schema(s, SCHEMA_CATALOG, &d));
	cr_assert_neq(session_schema(s, SCHEMA_RULES, &d), x);
	static const char bad[] =
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"<list><unit entry=\"a\"/></list></roster>\n";
	xmlDocPtr doc = xml_load_memory(bad, strlen(bad), "r.xml", &d);
	cr_assert_not_null(doc);
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	cr_assert_eq(xml_schema_validate(x, doc, "r.xml", &d), -1, "the built-in schema requires models=");
	cr_assert(strstr(d.v[0].msg, "models"), "%s", d.v[0].msg);
	xml_doc_free(doc);
	session_free(s);
	session_free(NULL);
	diags_release(&d);
}

/* A one-entry Duckhammer catalog with catalog id, faction id and entry id. */
static char *duck_catalog(const char *id, const char *faction, const char *entry)
{
	return xasprintf(
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"duckhammer\" id=\"%s\" name=\"T\">\n"
		"  <group level=\"feather\" id=\"%s-feather\" name=\"F\">\n"
		"    <group level=\"faction\" id=\"%s\" name=\"Fa\">\n"
		"      <group level=\"subfaction\" id=\"%s-sub\" name=\"Sub\">\n"
		"        <entry id=\"%s\" name=\"Test Duck\">\n"
		"          <cost type=\"ap\" value=\"5\"/>\n"
		"          <stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\"/>\n"
		"        </entry>\n"
		"      </group>\n"
		"    </group>\n"
		"  </group>\n"
		"</catalog>\n",
		id, id, faction, id, entry);
}

Test(session, catalogs_come_from_every_data_directory)
{
	/* Only a catalog, no rules: it joins the shipped Duckhammer's. */
	char *t = duck_catalog("mallards", "mallard-host", "mallard");
	free(fx_write_tmp("catalogs/duckhammer/mallards.xml", t));
	data_add_dir(fx_tmpdir());
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	const struct system *sys = session_system(s, "duckhammer", &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_str_eq(sys->file + strlen(sys->file) - strlen("rules-xml/duckhammer.xml"),
	                 "rules-xml/duckhammer.xml");
	cr_assert(strncmp(sys->file, fx_tmpdir(), strlen(fx_tmpdir())) != 0, "the shipped rules");
	cr_assert_eq(sys->n_catalogs, 3, "two shipped and the new one");
	cr_assert_not_null(system_entry(sys, "mallard"));
	cr_assert_not_null(system_group(sys, "mallard-host"));
	cr_assert_not_null(system_entry(sys, "quack-marine"), "the shipped catalogs are still there");
	session_free(s);
	diags_release(&d);
	free(t);
}

Test(session, a_catalog_of_the_same_name_replaces_the_shipped_one)
{
	char *t = duck_catalog("impondium", "impondium", "house-duck");
	char *p = fx_write_tmp("catalogs/duckhammer/impondium.xml", t);
	data_add_dir(fx_tmpdir());
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	const struct system *sys = session_system(s, "duckhammer", &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_eq(sys->n_catalogs, 2);
	cr_assert_not_null(system_entry(sys, "house-duck"));
	cr_assert_null(system_entry(sys, "quack-marine"), "the shipped impondium.xml was read");
	cr_assert_str_eq(system_entry(sys, "house-duck")->catalog->file, p);
	cr_assert_not_null(system_entry(sys, "goose-warden"), "the other shipped catalog stays");
	session_free(s);
	diags_release(&d);
	free(t);
	free(p);
}
