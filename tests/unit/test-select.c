/* test-select.c - unit tests of select.c: parsing selectors, matching units and weapons
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Selectors are parsed from small XML fragments against the shipped Duckhammer system and
 * matched against the effective units of one roster (the fixture below).
 */
#include "muster.h"
#include "eval.h"
#include "data.h"
#include "idx.h"
#include "roster.h"
#include "derive.h"
#include "select.h"
#include "read-rules.h"
#include "eval.h"
#include "system.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <criterion/criterion.h>

#include "fixture.h"

/* --- helpers (the shared ones are in fixture.c) ---------------------------------------------- */

/* Unit indices: 0 marine (G1), 1 tank (G3), 2 veteran (G1, Supercleave blade), 3 Quillus (G4),
 * 4 goose (G1, other Feather), 5 sergeant (G2), 6 drummer (G1, attached to 5). */
static const char fixture_roster[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
	"  <list id=\"main\" size=\"all-out-war\">\n"
	"    <unit entry=\"quack-marine\" models=\"10\" name=\"Squad\"/>\n"
	"    <unit entry=\"thunder-tank\" models=\"1\"/>\n"
	"    <unit entry=\"auk-veteran\" models=\"2\" name=\"Vets\">\n"
	"      <option id=\"blade-cleave\"/>\n"
	"      <option id=\"blade-masterwork\"/>\n"
	"      <option id=\"blade-supercleave\"/>\n"
	"    </unit>\n"
	"    <unit entry=\"brother-quillus\" models=\"1\"/>\n"
	"    <unit entry=\"goose-warden\" models=\"5\"/>\n"
	"    <unit id=\"boss\" entry=\"marine-sergeant\" models=\"1\"/>\n"
	"    <unit entry=\"marine-drummer\" models=\"1\" attach=\"boss\"/>\n"
	"  </list>\n"
	"</roster>\n";

static const struct system *sys;
static struct roster *ros;
static struct eval *ev;
static struct eunit *units;
static size_t n_units;

static void setup(void)
{
	fx_setup();
	char *p = fx_write_tmp("fixture.xml", fixture_roster);
	struct diags d = DIAGS_INIT;
	ros = roster_load(fx_session(), p, &d);
	cr_assert_not_null(ros, "fixture roster does not load:%s", fx_dump(&d));
	sys = ros->sys;
	diags_release(&d);
	free(p);
	ev = eval_new(ros, &d);
	cr_assert_not_null(ev);
	units = ev->lists[0].units;
	n_units = ros->lists[0].n_units;
	cr_assert_eq(n_units, 7);
}

static void teardown(void)
{
	eval_free(ev);
	ev = NULL;
	roster_free(ros);
	units = NULL;
	ros = NULL;
	sys = NULL;
	fx_teardown();
}

TestSuite(select, .init = setup, .fini = teardown);
TestSuite(values, .init = setup, .fini = teardown);

/* Parses the selector elements in children. */
static struct sel *parse(const char *children, enum attr_on item, bool has_this, struct diags *d)
{
	char *text = xasprintf("<s xmlns=\"urn:x-muster:rules:1\">\n%s\n</s>\n", children);
	xmlDocPtr doc = xml_load_memory(text, strlen(text), "sel.xml", d);
	cr_assert_not_null(doc, "fragment is not XML: %s%s", children, fx_dump(d));
	struct sel_parse p = { sys, "sel.xml", d, item, has_this, item };
	struct sel *s = sel_parse_children(xmlDocGetRootElement(doc), &p);
	xml_doc_free(doc);
	free(text);
	return s;
}

static struct sel *parse_ok(const char *children, enum attr_on item, bool has_this)
{
	struct diags d = DIAGS_INIT;
	struct sel *s = parse(children, item, has_this, &d);
	cr_assert_not_null(s, "'%s' does not parse:%s", children, fx_dump(&d));
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	return s;
}

static struct sel_ctx ctx(const struct eunit *this_u, const struct eitem *this_w,
                          const kwword *this_kw)
{
	struct sel_ctx c = { sys, &ros->lists[0], units, n_units, this_u, this_w, this_kw, NULL };
	return c;
}

/* The indices of the units matching, space-separated, into a static buffer. */
static const char *units_matching_ctx(const char *children, const struct sel_ctx *c, bool has_this)
{
	static char buf[256];
	struct sel *s = parse_ok(children, ON_UNIT, has_this);
	size_t off = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n_units; i++)
		if (sel_match(s, c, &units[i], NULL))
			off += (size_t)snprintf(buf + off, sizeof(buf) - off, "%s%zu", off ? " " : "", i);
	sel_free(s);
	return buf;
}

static const char *units_matching(const char *children)
{
	struct sel_ctx c = ctx(NULL, NULL, NULL);
	return units_matching_ctx(children, &c, false);
}

/* The weapons matching, as "unit.item" pairs. */
static const char *weapons_matching(const char *children)
{
	static char buf[512];
	struct sel *s = parse_ok(children, ON_ITEM, false);
	struct sel_ctx c = ctx(NULL, NULL, NULL);
	size_t off = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n_units; i++)
		for (size_t w = 0; w < units[i].n_items; w++)
			if (sel_match(s, &c, &units[i], &units[i].items[w]))
				off += (size_t)snprintf(buf + off, sizeof(buf) - off, "%s%zu.%zu",
				                        off ? " " : "", i, w);
	sel_free(s);
	return buf;
}

#define EXPECT_UNITS(sel, want) \
	cr_expect_str_eq(units_matching(sel), want, "%s", sel)
#define EXPECT_WEAPONS(sel, want) \
	cr_expect_str_eq(weapons_matching(sel), want, "%s", sel)

/* --- units ----------------------------------------------------------------------------------- */

Test(select, empty_selector_matches_everything)
{
	EXPECT_UNITS("", "0 1 2 3 4 5 6");
	EXPECT_UNITS("<all/>", "0 1 2 3 4 5 6");
	EXPECT_UNITS("<any/>", "");
}

Test(select, int_attribute_comparisons)
{
	EXPECT_UNITS("<attr name=\"grade\" eq=\"1\"/>", "0 2 4 6");
	EXPECT_UNITS("<attr name=\"grade\" ne=\"1\"/>", "1 3 5");
	EXPECT_UNITS("<attr name=\"grade\" lt=\"2\"/>", "0 2 4 6");
	EXPECT_UNITS("<attr name=\"grade\" le=\"2\"/>", "0 2 4 5 6");
	EXPECT_UNITS("<attr name=\"grade\" gt=\"3\"/>", "3");
	EXPECT_UNITS("<attr name=\"grade\" ge=\"3\"/>", "1 3");
	EXPECT_UNITS("<attr name=\"grade\" in=\"2 4\"/>", "3 5");
	EXPECT_UNITS("<attr name=\"grade\" not-in=\"1\"/>", "1 3 5");
}

Test(select, ladder_comparisons_follow_the_ladder)
{
	/* 2d2 < 2d3 < 2d4 on the charge ladder, whatever the text order. */
	EXPECT_UNITS("<attr name=\"cs\" ge=\"2d3\"/>", "1 3 5");
	EXPECT_UNITS("<attr name=\"cs\" lt=\"2d3\"/>", "0 2 4 6");
	EXPECT_UNITS("<attr name=\"cs\" eq=\"2d4\"/>", "1 3");
	EXPECT_UNITS("<attr name=\"fl\" eq=\"N\"/>", "1");
}

Test(select, levels)
{
	EXPECT_UNITS("<attr name=\"feather\" eq=\"geese\"/>", "4");
	EXPECT_UNITS("<attr name=\"feather\" ne=\"waterfowl\"/>", "4");
	EXPECT_UNITS("<attr name=\"subfaction\" in=\"auks thunder-kings\"/>", "1 2");
	EXPECT_UNITS("<attr name=\"faction\" eq=\"impondium\"/>", "0 1 2 3 5 6");
}

Test(select, entry_keyword_name)
{
	EXPECT_UNITS("<entry id=\"quack-marine\"/>", "0");
	EXPECT_UNITS("<keyword id=\"duty\"/>", "0 5");
	EXPECT_UNITS("<keyword id=\"chain-of-command\"/>", "6");
	EXPECT_UNITS("<keyword id=\"diver\"/>", "");
	EXPECT_UNITS("<name matches=\"^[&quot;\xe2\x80\x9c].*[&quot;\xe2\x80\x9d]$\"/>", "3");
	EXPECT_UNITS("<name matches=\"Marine\"/>", "0 5 6");
}

Test(select, boolean_combinations)
{
	EXPECT_UNITS("<not><attr name=\"grade\" eq=\"1\"/></not>", "1 3 5");
	EXPECT_UNITS("<not><attr name=\"grade\" eq=\"1\"/><entry id=\"thunder-tank\"/></not>", "3 5");
	EXPECT_UNITS("<any><entry id=\"thunder-tank\"/><keyword id=\"courageous\"/></any>", "1 3");
	EXPECT_UNITS("<attr name=\"grade\" eq=\"1\"/><attr name=\"feather\" eq=\"waterfowl\"/>", "0 2 6");
	EXPECT_UNITS("<all><attr name=\"grade\" eq=\"1\"/><not><keyword id=\"duty\"/></not></all>", "2 4 6");
}

Test(select, has_weapon)
{
	/* The veteran's blade took Supercleave, which counts as Cleave (DH-12). */
	EXPECT_UNITS("<has-item><keyword id=\"cleave\"/></has-item>", "2");
	EXPECT_UNITS("<has-item><keyword id=\"masterwork\"/></has-item>", "");
	EXPECT_UNITS("<has-item><attr name=\"kind\" eq=\"ranged\"/></has-item>", "0 1 2");
	EXPECT_UNITS("<has-item><attr name=\"size\" eq=\"large\"/></has-item>", "1 3 4");
	EXPECT_UNITS("<has-item/>", "0 1 2 3 4 5 6");
}

Test(select, models_and_attached)
{
	EXPECT_UNITS("<models ge=\"5\"/>", "0 4");
	EXPECT_UNITS("<models eq=\"1\"/>", "1 3 5 6");
	EXPECT_UNITS("<models lt=\"2\"/>", "1 3 5 6");
	EXPECT_UNITS("<attached/>", "6");
}

Test(select, same_as_this_and_not_this)
{
	struct sel_ctx c = ctx(&units[0], NULL, NULL);
	cr_expect_str_eq(units_matching_ctx("<same-as-this name=\"subfaction\"/>", &c, true), "0 3 5 6");
	cr_expect_str_eq(units_matching_ctx("<not-this/><same-as-this name=\"subfaction\"/>", &c, true),
	                 "3 5 6");
	cr_expect_str_eq(units_matching_ctx("<same-as-this name=\"grade\"/>", &c, true), "0 2 4 6");
	struct sel_ctx c2 = ctx(&units[4], NULL, NULL);
	cr_expect_str_eq(units_matching_ctx("<same-as-this name=\"feather\"/>", &c2, true), "4");
	/* No unit being checked: a relation to it matches nothing. */
	struct sel_ctx none = ctx(NULL, NULL, NULL);
	cr_expect_str_eq(units_matching_ctx("<same-as-this name=\"subfaction\"/>", &none, true), "");
}

/* --- weapons --------------------------------------------------------------------------------- */

Test(select, weapon_selectors)
{
	EXPECT_WEAPONS("<keyword id=\"cleave\"/>", "2.0");
	EXPECT_WEAPONS("<keyword id=\"supercleave\"/>", "2.0");
	EXPECT_WEAPONS("<keyword id=\"reliable\"/>", "0.1 5.0");
	EXPECT_WEAPONS("<attr name=\"kind\" eq=\"ranged\"/>", "0.0 1.0 2.1");
	EXPECT_WEAPONS("<attr name=\"damage\" eq=\"d6\"/>", "0.0 2.0 4.0 5.0");
	EXPECT_WEAPONS("<attr name=\"range\" ge=\"8\"/>", "0.0 1.0 2.1");
	EXPECT_WEAPONS("<name matches=\"^S\"/>", "0.1 2.1 5.0");
	EXPECT_WEAPONS("<attr name=\"cost\" lt=\"0\"/>", "2.1");
	/* <entry> names the item's own id when weapons are the items. */
	EXPECT_WEAPONS("<entry id=\"sword\"/>", "0.1 5.0");
}

Test(select, unset_values_match_only_negations)
{
	/* The Quack Marine's seed weapons have no size. */
	EXPECT_WEAPONS("<attr name=\"size\" eq=\"small\"/>", "2.0 2.1 5.0 6.0");
	EXPECT_WEAPONS("<attr name=\"size\" ne=\"small\"/>", "0.0 0.1 1.0 3.0 4.0");
	EXPECT_WEAPONS("<attr name=\"size\" not-in=\"small large\"/>", "0.0 0.1");
	EXPECT_WEAPONS("<attr name=\"size\" ge=\"none\"/>", "1.0 2.0 2.1 3.0 4.0 5.0 6.0");
}

Test(select, this_keywords_override_for_taking_rules)
{
	/* Seen as it was before Supercleave, the blade had Cleave and Masterwork. */
	const struct eunit *v = &units[2];
	cr_assert_eq(eval_n_takes(v), 3);
	struct sel *s = parse_ok("<keyword id=\"masterwork\"/>", ON_ITEM, false);
	struct sel_ctx now = ctx(v, &v->items[0], NULL);
	struct sel_ctx before = ctx(v, &v->items[0], eval_takes(ev, v)[2].before);
	cr_assert(!sel_match(s, &now, v, &v->items[0]));
	cr_assert(sel_match(s, &before, v, &v->items[0]));
	/* The override concerns "this" weapon only, not the sling. */
	cr_assert(!sel_match(s, &before, v, &v->items[1]));
	sel_free(s);
}

/* --- parse errors ---------------------------------------------------------------------------- */

static void expect_parse_error(const char *children, enum attr_on item, bool has_this,
                               const char *needle)
{
	struct diags d = DIAGS_INIT;
	struct sel *s = parse(children, item, has_this, &d);
	cr_expect_null(s, "'%s' parsed", children);
	sel_free(s);
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, needle);
	cr_expect_not_null(g, "'%s': no fatal diagnostic with '%s':%s", children, needle, fx_dump(&d));
	if (g) {
		cr_expect_str_eq(g->file, "sel.xml");
		cr_expect_eq(g->line, 2, "'%s' reported at line %ld", children, g->line);
	}
	diags_release(&d);
}

Test(select, parse_errors)
{
	expect_parse_error("<attr name=\"nosuch\" eq=\"1\"/>", ON_UNIT, false, "unknown attribute 'nosuch'");
	expect_parse_error("<attr name=\"kind\" eq=\"melee\"/>", ON_UNIT, false, "belongs to items");
	expect_parse_error("<attr name=\"grade\" eq=\"1\"/>", ON_ITEM, false, "belongs to units");
	expect_parse_error("<attr name=\"grade\" eq=\"x\"/>", ON_UNIT, false, "'x' is not a whole number");
	expect_parse_error("<attr name=\"grade\" eq=\"7\"/>", ON_UNIT, false, "from 0 to 6");
	expect_parse_error("<attr name=\"grade\" eq=\"1\" ne=\"2\"/>", ON_UNIT, false, "exactly one");
	expect_parse_error("<attr name=\"grade\"/>", ON_UNIT, false, "needs a comparison");
	expect_parse_error("<attr name=\"grade\" in=\" \"/>", ON_UNIT, false, "at least one value");
	expect_parse_error("<attr name=\"grade\" in=\"1 x\"/>", ON_UNIT, false, "'x'");
	expect_parse_error("<attr name=\"damage\" lt=\"d6\"/>", ON_ITEM, false, "not ordered");
	expect_parse_error("<attr name=\"cs\" ge=\"3d9\"/>", ON_UNIT, false, "not a step of ladder 'charge'");
	expect_parse_error("<attr name=\"feather\" eq=\"ducks\"/>", ON_UNIT, false, "'ducks' is not a known Feather");
	expect_parse_error("<attr name=\"subfaction\" in=\"auks nope\"/>", ON_UNIT, false, "'nope'");
	expect_parse_error("<entry id=\"space-marine\"/>", ON_UNIT, false, "unknown entry 'space-marine'");
	expect_parse_error("<keyword id=\"flying\"/>", ON_UNIT, false, "unknown keyword 'flying'");
	expect_parse_error("<category id=\"infantry\"/>", ON_UNIT, false, "unknown category 'infantry'");
	expect_parse_error("<name matches=\"a(\"/>", ON_UNIT, false, "does not compile");
	expect_parse_error("<not-this/>", ON_UNIT, false, "<not-this/>");
	expect_parse_error("<same-as-this name=\"subfaction\"/>", ON_UNIT, false, "<same-as-this>");
	expect_parse_error("<has-item><keyword id=\"cleave\"/></has-item>", ON_ITEM, false, "<has-item>");
	expect_parse_error("<models in=\"1 2\"/>", ON_UNIT, false, "compares with eq");
	expect_parse_error("<models ge=\"many\"/>", ON_UNIT, false, "'many'");
	expect_parse_error("<field name=\"territories\" eq=\"1\"/>", ON_UNIT, false, "unknown field");
	/* Errors deep inside combinations are reported too. */
	expect_parse_error("<any><not><attr name=\"grade\" eq=\"x\"/></not></any>", ON_UNIT, false,
	                   "'x' is not a whole number");
	expect_parse_error("<has-item><attr name=\"grade\" eq=\"1\"/></has-item>", ON_UNIT, false,
	                   "belongs to units");
}

Test(select, not_a_selector)
{
	expect_parse_error("<entry id=\"quack-marine\"/><description/>", ON_UNIT, false,
	                   "<description> is not a selector");
	expect_parse_error("<any><frobnicate/></any>", ON_UNIT, false, "<frobnicate> is not a selector");
	/* A near miss is named from the table of selectors (lang-table.c). */
	expect_parse_error("<catgory id=\"leader\"/>", ON_UNIT, false,
	                   "<catgory> is not a selector; did you mean <category>?");
}

Test(select, what_stands_where_comes_from_the_table)
{
	/* The conditions named are the table's, <condition> included. */
	expect_parse_error("<entry id=\"quack-marine\"/>", ON_LIST, false,
	                   "<entry> is not a condition (conditions: <all>, <any>, <not>, <field>, "
	                   "<test>, <has>, <condition>, <force>, <parent>)");
	expect_parse_error("<keyword id=\"cleave\"/>", ON_OPTION, false,
	                   "<keyword> does not apply to options");
	expect_parse_error("<test ge=\"1\"><num value=\"1\"/></test>", ON_UNIT, false,
	                   "<test> is a condition: it stands in <when>");
	/* An attribute its row does not name is refused, with the nearest one. */
	expect_parse_error("<category idd=\"leader\"/>", ON_UNIT, false,
	                   "'idd' is not an attribute of <category>; did you mean 'id'?");
}

Test(select, compare_with_the_unit_checked)
{
	/* <attr name="X" OP-this="Y"/>: X of the item against Y of the unit being checked. */
	struct sel_ctx q = ctx(&units[3], NULL, NULL); /* Quillus, Grade 4 */
	cr_expect_str_eq(units_matching_ctx("<attr name=\"grade\" lt-this=\"grade\"/>", &q, true),
	                 "0 1 2 4 5 6");
	cr_expect_str_eq(units_matching_ctx("<attr name=\"grade\" ge-this=\"grade\"/>", &q, true), "3");
	struct sel_ctx sg = ctx(&units[5], NULL, NULL); /* sergeant, CS 2d3 */
	cr_expect_str_eq(units_matching_ctx("<attr name=\"cs\" ge-this=\"cs\"/>", &sg, true), "1 3 5");
	cr_expect_str_eq(units_matching_ctx("<attr name=\"subfaction\" eq-this=\"subfaction\"/>", &sg, true),
	                 "0 3 5 6");
	struct sel_ctx none = ctx(NULL, NULL, NULL);
	cr_expect_str_eq(units_matching_ctx("<attr name=\"grade\" le-this=\"grade\"/>", &none, true), "");
	expect_parse_error("<attr name=\"grade\" le-this=\"grade\"/>", ON_UNIT, false, "needs a rule with <each>");
	expect_parse_error("<attr name=\"grade\" eq-this=\"cs\"/>", ON_UNIT, true, "cannot be compared");
	expect_parse_error("<attr name=\"fl\" eq-this=\"cs\"/>", ON_UNIT, true, "cannot be compared");
	expect_parse_error("<attr name=\"subfaction\" lt-this=\"subfaction\"/>", ON_UNIT, true,
	                   "cannot be compared");
	expect_parse_error("<attr name=\"grade\" eq-this=\"nosuch\"/>", ON_UNIT, true, "unknown attribute 'nosuch'");
	expect_parse_error("<attr name=\"grade\" eq-this=\"range\"/>", ON_UNIT, true, "belongs to items");
}

Test(select, attachments)
{
	/* The drummer (6) joins the sergeant (5). */
	EXPECT_UNITS("<attached-to><entry id=\"marine-sergeant\"/></attached-to>", "6");
	EXPECT_UNITS("<attached-to><entry id=\"quack-marine\"/></attached-to>", "");
	EXPECT_UNITS("<attached-to/>", "6");
	struct sel_ctx boss = ctx(&units[5], NULL, NULL), squad = ctx(&units[0], NULL, NULL);
	cr_expect_str_eq(units_matching_ctx("<attached-to-this/>", &boss, true), "6");
	cr_expect_str_eq(units_matching_ctx("<attached-to-this/>", &squad, true), "");
	expect_parse_error("<attached-to-this/>", ON_UNIT, false, "<attached-to-this/>");
	expect_parse_error("<attached-to/>", ON_ITEM, false, "<attached-to> tests units");
}

/* The options of unit u matching, as indices into its options. */
static const char *options_matching(const char *children, size_t u)
{
	static char buf[256];
	struct diags d = DIAGS_INIT;
	struct sel *s = parse(children, ON_OPTION, false, &d);
	cr_assert_not_null(s, "'%s' does not parse:%s", children, fx_dump(&d));
	struct sel_ctx c = ctx(NULL, NULL, NULL);
	size_t off = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < units[u].ru->n_opts; i++)
		if (sel_match_option(s, &c, &units[u], &units[u].ru->opts[i]))
			off += (size_t)snprintf(buf + off, sizeof(buf) - off, "%s%zu", off ? " " : "", i);
	sel_free(s);
	return buf;
}

Test(select, options_as_items)
{
	/* The veterans (2) took blade-cleave, blade-masterwork, blade-supercleave. */
	cr_expect_str_eq(options_matching("<entry id=\"blade-masterwork\"/>", 2), "1");
	cr_expect_str_eq(options_matching("<name matches=\"^Blade: (Cleave|Supercleave)$\"/>", 2), "0 2");
	cr_expect_str_eq(options_matching("<not><entry id=\"blade-cleave\"/></not>", 2), "1 2");
	cr_expect_str_eq(options_matching("", 2), "0 1 2");
	cr_expect_str_eq(options_matching("", 0), "");
	expect_parse_error("<keyword id=\"cleave\"/>", ON_OPTION, false, "does not apply to options");
	expect_parse_error("<attr name=\"grade\" eq=\"1\"/>", ON_OPTION, false, "does not apply to options");
}

/* --- values ---------------------------------------------------------------------------------- */

Test(values, parse_and_compare_ladder)
{
	const struct attr_def *cs = system_attr(sys, "cs");
	struct value a, b;
	char *err = NULL;
	cr_assert_eq(value_parse(cs, "2d3", &a, &err), 0);
	cr_assert_null(err);
	cr_assert(a.set);
	cr_assert_eq(a.i, 3);
	cr_assert_str_eq(a.s, "2d3");
	cr_assert_eq(value_parse(cs, "2d2", &b, &err), 0);
	cr_assert_lt(value_cmp(cs, &b, &a), 0);
	cr_assert_gt(value_cmp(cs, &a, &b), 0);
	cr_assert_eq(value_cmp(cs, &a, &a), 0);
	value_release(&a);
	value_release(&b);
	cr_assert(!a.set);
	cr_assert_null(a.s);
	cr_assert_eq(value_parse(cs, "3d9", &a, &err), -1);
	cr_assert_not_null(err);
	cr_assert(strstr(err, "0 2 2d2 2d3 2d4 3d3 2d6 4d3"), "the steps are listed: %s", err);
	cr_assert(!a.set);
	free(err);
}

Test(values, parse_int_and_text)
{
	const struct attr_def *g = system_attr(sys, "grade"), *dmg = system_attr(sys, "damage");
	struct value v;
	char *err = NULL;
	cr_assert_eq(value_parse(g, "6", &v, &err), 0);
	cr_assert_eq(v.i, 6);
	value_release(&v);
	cr_assert_eq(value_parse(g, "-1", &v, &err), -1);
	cr_assert(strstr(err, "from 0 to 6") && strstr(err, "'grade'"), "%s", err);
	free(err);
	cr_assert_eq(value_parse(dmg, "2d6", &v, &err), 0);
	struct value w;
	cr_assert_eq(value_parse(dmg, "d6", &w, &err), 0);
	cr_assert_neq(value_cmp(dmg, &v, &w), 0);
	cr_assert_eq(value_cmp(dmg, &v, &v), 0);
	value_release(&v);
	value_release(&w);
}

Test(values, parse_bool)
{
	/* Duckhammer has no bool attribute: a made-up one. */
	struct attr_def b = { 0 };
	b.id = (char *)"flag";
	b.type = ATTR_BOOL;
	struct value v;
	char *err = NULL;
	static const char *const yes[] = { "true", "yes", "1" }, *const no[] = { "false", "no", "0" };
	for (size_t i = 0; i < 3; i++) {
		cr_assert_eq(value_parse(&b, yes[i], &v, &err), 0);
		cr_assert_eq(v.i, 1, "%s", yes[i]);
		value_release(&v);
		cr_assert_eq(value_parse(&b, no[i], &v, &err), 0);
		cr_assert_eq(v.i, 0, "%s", no[i]);
		value_release(&v);
	}
	cr_assert_eq(value_parse(&b, "maybe", &v, &err), -1);
	cr_assert(strstr(err, "'maybe'"));
	free(err);
}
