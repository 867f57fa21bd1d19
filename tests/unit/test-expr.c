/* test-expr.c - unit tests of expr.c: expressions, conditions and their arithmetic
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each test writes a one-rule system "calc" whose bound is the expression under test, and a
 * roster of one unit costing a trillion: the points rule always fails, so its message shows
 * the bound the expression gave ({bound}), which the test compares exactly.
 */
#include "muster.h"
#include "check.h"
#include "data.h"
#include "eval.h"
#include "roster.h"
#include "derive.h"
#include "session.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

static const char calc_catalog[] =
	"<?xml version=\"1.0\"?>\n"
	"<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"calc\" id=\"abacus\" name=\"Abacus\">\n"
	"  <group level=\"house\" id=\"beads\" name=\"Beads\">\n"
	"    <entry id=\"bead\" name=\"Bead\"><cost value=\"1000000000000\"/><stats weight=\"3\"/></entry>\n"
	"    <entry id=\"pebble\" name=\"Pebble\"><cost value=\"1\"/><stats weight=\"5\"/></entry>\n"
	"  </group>\n"
	"</catalog>\n";

/* Writes system calc with one rule bounded by expr (the <at-most> children) and checks a
 * roster with the given units; returns the message of the rule's diagnostic (caller frees) or
 * NULL when the rule did not fire; *fatal gets whether a fatal diagnostic came instead. */
static char *bound_of(const char *expr, const char *fields, const char *units, bool *fatal)
{
	char *rules = xasprintf(
		"<?xml version=\"1.0\"?>\n"
		"<system xmlns=\"urn:x-muster:rules:1\" id=\"calc\" name=\"Calc\" rounding=\"up\">\n"
		"  <costs><cost id=\"pts\" name=\"Points\"/></costs>\n"
		"  <levels><level id=\"house\" name=\"House\"/></levels>\n"
		"  <attributes><attribute id=\"weight\" name=\"Weight\" type=\"int\" min=\"0\" max=\"99\"/></attributes>\n"
		"  <fields>\n"
		"    <field id=\"n\" name=\"N\" default=\"0\"/>\n"
		"    <field id=\"mode\" name=\"Mode\" type=\"choice\" default=\"calm\">\n"
		"      <choice id=\"calm\" name=\"Calm\"/><choice id=\"wild\" name=\"Wild\"/>\n"
		"    </field>\n"
		"  </fields>\n"
		"  <rules>\n"
		"    <rule id=\"x\" ref=\"X\">\n"
		"      <sum cost=\"pts\" in=\"list\"/>\n"
		"      <at-most>%s</at-most>\n"
		"      <message>{bound}</message>\n"
		"    </rule>\n"
		"  </rules>\n"
		"</system>\n", expr);
	char *a = fx_write_tmp("rules-xml/calc.xml", rules);
	char *b = fx_write_tmp("catalogs/calc/abacus.xml", calc_catalog);
	char *roster = xasprintf(
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"calc\">\n"
		"  <list id=\"l\"><limit value=\"2000\"/>%s\n%s\n  </list>\n"
		"</roster>\n", fields ? fields : "", units ? units : "<unit entry=\"bead\" models=\"1\"/>");
	char *p = fx_write_tmp("roster.xml", roster);
	struct diags d = DIAGS_INIT;
	struct session *s = session_new();
	struct roster *r = roster_load(s, p, &d);
	cr_assert_not_null(r, "%s%s", expr, fx_dump(&d));
	struct eval *ev = eval_new(r, &d);
	cr_assert_not_null(ev, "%s%s", expr, fx_dump(&d));
	check_roster(ev, &d);
	char *msg = NULL;
	*fatal = d.fatals > 0;
	for (size_t i = 0; i < d.n; i++)
		if (d.v[i].sev == SEV_ERROR && d.v[i].ref && strcmp(d.v[i].ref, "X") == 0)
			msg = xstrdup(d.v[i].msg);
	eval_free(ev);
	roster_free(r);
	session_free(s);
	diags_release(&d);
	free(a);
	free(b);
	free(p);
	free(rules);
	free(roster);
	return msg;
}

static void setup(void)
{
	fx_setup();
	data_add_dir(fx_tmpdir());
}

TestSuite(expr, .init = setup, .fini = fx_teardown);

#define EXPECT_BOUND(expr, fields, units, want) \
	do { \
		bool fatal_; \
		char *m_ = bound_of(expr, fields, units, &fatal_); \
		cr_assert_not_null(m_, "%s: the rule did not fire", expr); \
		cr_assert_str_eq(m_, want, "%s", expr); \
		free(m_); \
	} while (0)

Test(expr, arithmetic)
{
	EXPECT_BOUND("<num value=\"42\"/>", NULL, NULL, "42");
	EXPECT_BOUND("<num value=\"40\"/><num value=\"2\"/>", NULL, NULL, "42");
	EXPECT_BOUND("<add><num value=\"40\"/><num value=\"1\"/><num value=\"1\"/></add>", NULL, NULL, "42");
	EXPECT_BOUND("<sub><num value=\"50\"/><num value=\"8\"/></sub>", NULL, NULL, "42");
	EXPECT_BOUND("<mul><num value=\"6\"/><num value=\"7\"/></mul>", NULL, NULL, "42");
	EXPECT_BOUND("<min><num value=\"42\"/><num value=\"50\"/></min>", NULL, NULL, "42");
	EXPECT_BOUND("<max><num value=\"42\"/><num value=\"-5\"/></max>", NULL, NULL, "42");
}

Test(expr, division_rounds_as_told_whatever_the_signs)
{
	EXPECT_BOUND("<div round=\"up\"><num value=\"7\"/><num value=\"2\"/></div>", NULL, NULL, "4");
	EXPECT_BOUND("<div round=\"down\"><num value=\"7\"/><num value=\"2\"/></div>", NULL, NULL, "3");
	/* The system's rounding (up) when round= is absent. */
	EXPECT_BOUND("<div><num value=\"7\"/><num value=\"2\"/></div>", NULL, NULL, "4");
	EXPECT_BOUND("<div round=\"up\"><num value=\"-7\"/><num value=\"2\"/></div>", NULL, NULL, "-3");
	EXPECT_BOUND("<div round=\"down\"><num value=\"-7\"/><num value=\"2\"/></div>", NULL, NULL, "-4");
	EXPECT_BOUND("<div round=\"down\"><num value=\"7\"/><num value=\"-2\"/></div>", NULL, NULL, "-4");
}

Test(expr, division_by_zero_makes_the_bound_not_apply)
{
	bool fatal;
	char *m = bound_of("<div><num value=\"7\"/><num value=\"0\"/></div>", NULL, NULL, &fatal);
	cr_assert_null(m, "no bound, no violation");
	cr_assert(!fatal);
}

Test(expr, clamp_per_percent_limit)
{
	EXPECT_BOUND("<clamp min=\"1\" max=\"3\"><num value=\"9\"/></clamp>", NULL, NULL, "3");
	EXPECT_BOUND("<clamp min=\"1\"><num value=\"-9\"/></clamp>", NULL, NULL, "1");
	/* Limit 2000: one per full 1000, two per started 1500. */
	EXPECT_BOUND("<per every=\"1000\" basis=\"limit\" round=\"down\"/>", NULL, NULL, "2");
	EXPECT_BOUND("<per every=\"1500\" each=\"2\" basis=\"limit\" round=\"up\"/>", NULL, NULL, "4");
	EXPECT_BOUND("<percent value=\"25\" basis=\"limit\" round=\"down\"/>", NULL, NULL, "500");
	EXPECT_BOUND("<percent value=\"33\" round=\"up\"><num value=\"10\"/></percent>", NULL, NULL, "4");
	EXPECT_BOUND("<limit cost=\"pts\"/>", NULL, NULL, "2000");
}

Test(expr, fields_conditions_and_aggregates)
{
	EXPECT_BOUND("<field name=\"n\"/>", "<field name=\"n\" value=\"42\"/>", NULL, "42");
	static const char pick[] =
		"<if><when><field name=\"mode\" eq=\"wild\"/></when><num value=\"1\"/><num value=\"2\"/></if>";
	EXPECT_BOUND(pick, NULL, NULL, "2");
	EXPECT_BOUND(pick, "<field name=\"mode\" value=\"wild\"/>", NULL, "1");
	static const char units[] =
		"<unit entry=\"bead\" models=\"1\"/><unit entry=\"pebble\" models=\"4\"/>"
		"<unit entry=\"pebble\" models=\"2\"/>";
	EXPECT_BOUND("<count of=\"units\" in=\"list\"/>", NULL, units, "3");
	EXPECT_BOUND("<count of=\"models\" in=\"list\"><entry id=\"pebble\"/></count>", NULL, units, "6");
	EXPECT_BOUND("<sum attr=\"weight\" in=\"list\"/>", NULL, units, "13");
	EXPECT_BOUND("<if><when><has><entry id=\"pebble\"/></has></when><num value=\"7\"/></if>", NULL,
	             units, "7");
	EXPECT_BOUND("<if><when><test gt=\"2\"><count of=\"units\" in=\"list\"/></test></when>"
	             "<num value=\"8\"/></if>", NULL, units, "8");
	/* No else: 0. */
	EXPECT_BOUND("<if><when><test gt=\"3\"><count of=\"units\" in=\"list\"/></test></when>"
	             "<num value=\"8\"/></if>", NULL, units, "0");
}

Test(expr, overflow_is_refused_never_wrapped)
{
	bool fatal;
	char *m = bound_of("<mul><num value=\"1000000000000\"/><num value=\"1000000000000\"/></mul>",
	                   NULL, NULL, &fatal);
	cr_assert_null(m, "a wrapped bound must not be judged: %s", m ? m : "");
	cr_assert(fatal, "an overflow is a fatal diagnostic");
	/* The product fits (9.223372e18); the difference, 10^12 further down, does not. */
	m = bound_of("<sub><num value=\"-1000000000000\"/><mul><num value=\"1000000000000\"/>"
	             "<num value=\"9223372\"/></mul></sub>", NULL, NULL, &fatal);
	cr_assert_null(m);
	cr_assert(fatal);
}
