/* test-roster.c - unit tests of roster.c: loading army lists and resolving their references
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "data.h"
#include "idx.h"
#include "roster.h"
#include "derive.h"
#include "campaign.h"
#include "check.h"
#include "eval.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <criterion/criterion.h>

#include "fixture.h"

/* --- helpers (the shared ones are in fixture.c) ---------------------------------------------- */

TestSuite(roster, .init = fx_setup, .fini = fx_teardown);

/* A one-list Duckhammer roster with the given list attributes and contents. */
static char *roster_text(const char *list_attrs, const char *body)
{
	return xasprintf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\" name=\"Test\">\n"
	                 "  <list id=\"main\" name=\"Main\" %s>\n"
	                 "%s"
	                 "  </list>\n"
	                 "</roster>\n",
	                 list_attrs ? list_attrs : "size=\"all-out-war\" faction=\"impondium\"", body);
}

/* Loading text must fail with a fatal diagnostic containing needle at the line of marker. */
static void expect_fatal(const char *text, const char *needle, const char *marker)
{
	char *p = fx_write_tmp("roster.xml", text);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), p, &d);
	cr_assert_null(r, "the roster loaded although %s", needle);
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, needle);
	cr_assert_not_null(g, "no fatal diagnostic containing '%s':%s", needle, fx_dump(&d));
	cr_assert_not_null(g->file);
	cr_assert_str_eq(g->file, p);
	cr_assert_eq(g->line, fx_line_of(text, marker), "'%s' at line %ld, expected %ld", needle, g->line,
	             fx_line_of(text, marker));
	diags_release(&d);
	free(p);
}

/* A unit's id and name are one record in the pool: each may be there without the other. */
Test(roster, unit_id_and_name_each_or_both_or_neither)
{
	struct arena pool = ARENA_INIT;
	struct entry e;
	memset(&e, 0, sizeof(e));
	e.name = (char *)"Quack Marine";
	struct r_unit u;
	memset(&u, 0, sizeof(u));
	u.entry = &e;
	cr_assert_null(r_unit_names(&pool, NULL, NULL));
	cr_assert_null(r_unit_id(&u));
	cr_assert_null(r_unit_label(&u));
	cr_assert_str_eq(r_unit_name(&u), "Quack Marine");
	u.names = r_unit_names(&pool, "u7", NULL);
	cr_assert_str_eq(r_unit_id(&u), "u7");
	cr_assert_null(r_unit_label(&u));
	cr_assert_str_eq(r_unit_name(&u), "Quack Marine");
	u.names = r_unit_names(&pool, NULL, "Red");
	cr_assert_null(r_unit_id(&u));
	cr_assert_str_eq(r_unit_label(&u), "Red");
	cr_assert_str_eq(r_unit_name(&u), "Red");
	u.names = r_unit_names(&pool, "u8", "");
	cr_assert_str_eq(r_unit_id(&u), "u8");
	cr_assert_str_eq(r_unit_label(&u), "");
	u.names = r_unit_names(&pool, "", "Blue");
	cr_assert_str_eq(r_unit_id(&u), "");
	cr_assert_str_eq(r_unit_label(&u), "Blue");
	arena_release(&pool);
}

Test(roster, shipped_example_loads)
{
	char *path = xasprintf("%s/doc/examples/impondium-strike-force.xml", fx_src_dir());
	char *text = fx_slurp(path);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), path, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	cr_assert_eq(r->sys, session_system(fx_session(), "duckhammer", &d), "the session's system");
	cr_assert_str_eq(r->sys->id, "duckhammer");
	cr_assert_str_eq(r->file, path);
	cr_assert_str_eq(r->name, "Impondium Strike Force");
	cr_assert_eq(r->line, fx_line_of(text, "<roster"));
	cr_assert_eq(r->n_lists, 1);
	const struct r_list *l = &r->lists[0];
	cr_assert_str_eq(l->id, "main");
	cr_assert_str_eq(l->name, "Strike Force Mallard");
	cr_assert_not_null(l->size);
	cr_assert_str_eq(l->size->id, "all-out-war");
	cr_assert_eq(l->limits[0], 600);
	cr_assert_not_null(l->faction);
	cr_assert_str_eq(l->faction->id, "impondium");
	cr_assert_eq(l->line, fx_line_of(text, "<list"));
	cr_assert_eq(l->n_units, 11);
	const struct r_unit *u = &l->units[0];
	cr_assert_str_eq(u->entry->id, "quack-marine");
	cr_assert_eq(u->models, 10);
	cr_assert_str_eq(r_unit_label(u), "1st Squad");
	cr_assert_eq(u->line, fx_line_of(text, "1st Squad"));
	cr_assert_eq(u->n_opts, 0);
	cr_assert_eq(u->attach, 0);
	cr_assert_null(r_unit_attach_id(l, u));
	const struct r_unit *tank = &l->units[3];
	cr_assert_str_eq(tank->entry->id, "thunder-tank");
	cr_assert_null(r_unit_label(tank));
	cr_assert_eq(tank->models, 1);
	const struct r_unit *v = &l->units[10];
	cr_assert_str_eq(v->entry->id, "auk-veteran");
	cr_assert_eq(v->models, 4);
	cr_assert_eq(v->n_opts, 1);
	cr_assert_str_eq(v->opts[0].opt->id, "gasp");
	cr_assert_eq(v->opts[0].count, 1);
	cr_assert_eq(v->opts[0].line, fx_line_of(text, "<option id=\"gasp\""));
	roster_free(r);
	diags_release(&d);
	free(text);
	free(path);
}

Test(roster, several_lists_custom_limit_options_attach)
{
	static const char text[] =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <note>two lists</note>\n"
		"  <list id=\"a\" size=\"small-skirmish\">\n"
		"    <unit id=\"sarge\" entry=\"marine-sergeant\" models=\"3\">\n"
		"      <option id=\"trained\"/>\n"
		"      <option id=\"extra-pistol\" count=\"1\"/>\n"
		"    </unit>\n"
		"    <unit entry=\"quack-marine\" models=\"5\" attach=\"sarge\"/>\n"
		"  </list>\n"
		"  <list id=\"b\">\n"
		"    <limit value=\"250\"/>\n"
		"    <unit entry=\"quack-marine\" models=\"2\"/>\n"
		"  </list>\n"
		"</roster>\n";
	char *p = fx_write_tmp("two.xml", text);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), p, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	cr_assert_null(r->name);
	cr_assert_eq(r->n_lists, 2);
	const struct r_list *a = &r->lists[0], *b = &r->lists[1];
	cr_assert_eq(a->limits[0], 120);
	cr_assert_null(a->faction);
	cr_assert_str_eq(r_unit_id(&a->units[0]), "sarge");
	cr_assert_eq(a->units[0].n_opts, 2);
	cr_assert_str_eq(a->units[0].opts[1].opt->id, "extra-pistol");
	cr_assert_eq(a->units[0].opts[1].line, fx_line_of(text, "extra-pistol"));
	cr_assert_str_eq(r_unit_attach_id(a, &a->units[1]), "sarge");
	cr_assert_eq(a->units[1].attach, 1, "1 + the index of the unit it joins");
	cr_assert_null(b->size);
	cr_assert_eq(b->limits[0], 250, "a custom <limit> without a size");
	cr_assert_eq(b->units[0].models, 2);
	roster_free(r);
	free(p);
}

Test(roster, unknown_entry)
{
	char *t = roster_text(NULL,
	                      "    <unit entry=\"quack-marine\" models=\"5\"/>\n"
	                      "    <unit entry=\"space-marine\" models=\"5\"/>\n");
	expect_fatal(t, "unknown entry 'space-marine'", "space-marine");
	free(t);
}

Test(roster, unknown_size)
{
	char *t = roster_text("size=\"huge-war\"", "    <unit entry=\"quack-marine\" models=\"5\"/>\n");
	expect_fatal(t, "unknown battle size 'huge-war'", "huge-war");
	free(t);
	/* The message lists the sizes there are. */
	t = roster_text("size=\"huge-war\"", "    <unit entry=\"quack-marine\" models=\"5\"/>\n");
	char *p = fx_write_tmp("sizes.xml", t);
	struct diags d = DIAGS_INIT;
	cr_assert_null(roster_load(fx_session(), p, &d));
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, "huge-war");
	cr_assert_not_null(g);
	cr_assert(strstr(g->msg, "all-out-war") && strstr(g->msg, "small-skirmish"), "%s", g->msg);
	diags_release(&d);
	free(p);
	free(t);
}

Test(roster, unknown_faction)
{
	char *t = roster_text("size=\"all-out-war\" faction=\"orks\"",
	                      "    <unit entry=\"quack-marine\" models=\"5\"/>\n");
	expect_fatal(t, "unknown faction 'orks'", "orks");
	free(t);
}

Test(roster, unknown_option)
{
	char *t = roster_text(NULL,
	                      "    <unit entry=\"marine-sergeant\" models=\"1\">\n"
	                      "      <option id=\"trained\"/>\n"
	                      "      <option id=\"jetpack\"/>\n"
	                      "    </unit>\n");
	expect_fatal(t, "no option 'jetpack'", "jetpack");
	char *p = fx_write_tmp("opt.xml", t);
	struct diags d = DIAGS_INIT;
	cr_assert_null(roster_load(fx_session(), p, &d));
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, "jetpack");
	cr_assert_not_null(g);
	cr_assert(strstr(g->msg, "trained, extra-pistol"), "the options are listed: %s", g->msg);
	diags_release(&d);
	free(p);
	free(t);
}

Test(roster, option_on_an_entry_without_options)
{
	char *t = roster_text(NULL,
	                      "    <unit entry=\"quack-marine\" models=\"1\">\n"
	                      "      <option id=\"trained\"/>\n"
	                      "    </unit>\n");
	expect_fatal(t, "no option 'trained'", "<option");
	free(t);
}

Test(roster, option_listed_twice)
{
	char *t = roster_text(NULL,
	                      "    <unit entry=\"marine-sergeant\" models=\"1\">\n"
	                      "      <option id=\"trained\"/>\n"
	                      "      <option id=\"trained\" count=\"1\"/>\n"
	                      "    </unit>\n");
	expect_fatal(t, "listed twice", "count=\"1\"");
	free(t);
}

Test(roster, option_listed_twice_on_a_later_unit)
{
	/* The same options on several units are fine; twice on one unit is not, wherever it is. */
	char *t = roster_text(NULL,
	                      "    <unit entry=\"marine-sergeant\" models=\"1\">\n"
	                      "      <option id=\"trained\"/><option id=\"extra-pistol\"/>\n"
	                      "    </unit>\n"
	                      "    <unit entry=\"marine-sergeant\" models=\"1\">\n"
	                      "      <option id=\"extra-pistol\"/><option id=\"trained\"/>\n"
	                      "    </unit>\n"
	                      "    <unit entry=\"quack-marine\" models=\"5\"/>\n"
	                      "    <unit entry=\"marine-sergeant\" models=\"1\">\n"
	                      "      <option id=\"extra-pistol\"/>\n"
	                      "      <option id=\"trained\"/>\n"
	                      "      <option id=\"extra-pistol\" count=\"2\"/>\n"
	                      "    </unit>\n");
	expect_fatal(t, "option 'extra-pistol' is listed twice", "count=\"2\"");
	free(t);
}

Test(roster, many_units_ids_and_attachments)
{
	/* 3,000 units: every odd one attaches to the one before it, the last to the first. Loading
	 * is linear (an index of the list's ids), so this takes no time; the old pairwise
	 * comparisons made a 80,000-unit list take 39 s to load. */
	enum { N = 3000 };
	struct strbuf body = STRBUF_INIT;
	for (int i = 0; i < N; i++) {
		if (i % 2 == 0)
			strbuf_addf(&body, "    <unit id=\"u%d\" entry=\"marine-sergeant\" models=\"1\">"
			                   "<option id=\"trained\"/></unit>\n", i);
		else
			strbuf_addf(&body, "    <unit id=\"u%d\" entry=\"quack-marine\" models=\"5\" "
			                   "attach=\"u%d\"/>\n", i, i == N - 1 ? 0 : i - 1);
	}
	char *t = roster_text("faction=\"impondium\"><limit value=\"1000000\"/", body.s);
	char *p = fx_write_tmp("many.xml", t);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), p, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	const struct r_list *l = &r->lists[0];
	cr_assert_eq(l->n_units, N);
	for (size_t i = 1; i < N; i += 2)
		cr_assert_eq(l->units[i].attach, i == N - 1 ? 1 : i, "unit %zu", i);
	roster_free(r);
	/* One id used again, far down: named at the list, with the second unit's line. */
	strbuf_addf(&body, "    <unit id=\"u1234\" entry=\"quack-marine\" models=\"5\"/>\n");
	free(t);
	t = roster_text("faction=\"impondium\"><limit value=\"1000000\"/", body.s);
	expect_fatal(t, "unit id 'u1234' is used twice", "<list");
	char *line = xasprintf("(line %ld)", fx_line_of(t, "<unit id=\"u1234\" entry=\"quack"));
	free(p);
	p = fx_write_tmp("dup.xml", t);
	cr_assert_null(roster_load(fx_session(), p, &d));
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, line), "%s", fx_dump(&d));
	diags_release(&d);
	strbuf_release(&body);
	free(line);
	free(p);
	free(t);
}

Test(roster, bad_list_field)
{
	/* Duckhammer declares no fields at all. */
	char *t = roster_text(NULL,
	                      "    <field name=\"territories\" value=\"3\"/>\n"
	                      "    <unit entry=\"quack-marine\" models=\"5\"/>\n");
	expect_fatal(t, "no field 'territories'", "territories");
	free(t);
}

Test(roster, bad_roster_field)
{
	static const char t[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <field name=\"black-money\" value=\"10\"/>\n"
		"  <list size=\"all-out-war\"><unit entry=\"quack-marine\" models=\"5\"/></list>\n"
		"</roster>\n";
	expect_fatal(t, "no field 'black-money'", "black-money");
}

Test(roster, attach_to_unknown_unit)
{
	char *t = roster_text(NULL,
	                      "    <unit id=\"sq1\" entry=\"quack-marine\" models=\"5\"/>\n"
	                      "    <unit entry=\"marine-sergeant\" models=\"1\" attach=\"sq9\"/>\n");
	expect_fatal(t, "'sq9'", "attach=\"sq9\"");
	free(t);
}

/* Of several ids used twice, the message names the first unit, in file order, that repeats
 * an earlier one (b at its second use, before a's). */
Test(roster, first_repeated_unit_id_reported)
{
	char *t = roster_text(NULL,
	                      "    <unit id=\"a\" entry=\"quack-marine\" models=\"5\"/>\n"
	                      "    <unit id=\"b\" entry=\"quack-marine\" models=\"5\"/>\n"
	                      "    <unit id=\"b\" entry=\"quack-marine\" models=\"6\"/>\n"
	                      "    <unit id=\"a\" entry=\"quack-marine\" models=\"7\"/>\n");
	char *want = xasprintf("unit id 'b' is used twice in one list (line %ld)",
	                       fx_line_of(t, "models=\"6\""));
	expect_fatal(t, want, "<list");
	free(want);
	free(t);
}

Test(roster, attach_to_itself)
{
	char *t = roster_text(NULL,
	                      "    <unit id=\"me\" entry=\"marine-sergeant\" models=\"1\" attach=\"me\"/>\n");
	expect_fatal(t, "not another unit", "attach=\"me\"");
	free(t);
}

Test(roster, attach_across_lists_is_refused)
{
	static const char t[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <list size=\"all-out-war\"><unit id=\"sq1\" entry=\"quack-marine\" models=\"5\"/></list>\n"
		"  <list size=\"all-out-war\">\n"
		"    <unit entry=\"marine-sergeant\" models=\"1\" attach=\"sq1\"/>\n"
		"  </list>\n"
		"</roster>\n";
	expect_fatal(t, "'sq1'", "attach=\"sq1\"");
}

Test(roster, attach_around_a_child_force)
{
	/* The parent's attachments wait while a child force is read and resolved: each force's
	 * units join units of their own force, counted from its own first. */
	static const char t[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <list id=\"top\" size=\"all-out-war\" faction=\"impondium\">\n"
		"    <unit id=\"s1\" entry=\"marine-sergeant\" models=\"1\"/>\n"
		"    <unit id=\"q1\" entry=\"quack-marine\" models=\"5\" attach=\"s1\"/>\n"
		"    <unit id=\"q3\" entry=\"quack-marine\" models=\"5\" attach=\"s1\"/>\n"
		"    <list id=\"sub\">\n"
		"      <unit id=\"q2\" entry=\"quack-marine\" models=\"5\" attach=\"s2\"/>\n"
		"      <unit id=\"s2\" entry=\"marine-sergeant\" models=\"1\"/>\n"
		"    </list>\n"
		"  </list>\n"
		"</roster>\n";
	char *p = fx_write_tmp("nested-attach.xml", t);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), p, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	cr_assert_eq(r->n_lists, 2);
	const struct r_list *top = &r->lists[0], *sub = &r->lists[1];
	cr_assert_eq(top->n_units, 3);
	cr_assert_null(r_unit_attach_id(top, &top->units[0]));
	cr_assert_str_eq(r_unit_attach_id(top, &top->units[1]), "s1");
	cr_assert_str_eq(r_unit_attach_id(top, &top->units[2]), "s1");
	cr_assert_eq(top->units[2].attach, 1);
	cr_assert_eq(sub->units[0].attach, 2, "joins the child force's second unit");
	cr_assert_str_eq(r_unit_attach_id(sub, &sub->units[0]), "s2");
	cr_assert_eq(r_unit_joins(sub, &sub->units[1]), NULL);
	roster_free(r);
	diags_release(&d);
	free(p);
	/* A child force's unit cannot join its parent's. */
	static const char bad[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <list id=\"top\" size=\"all-out-war\" faction=\"impondium\">\n"
		"    <unit id=\"s1\" entry=\"marine-sergeant\" models=\"1\"/>\n"
		"    <list id=\"sub\">\n"
		"      <unit entry=\"quack-marine\" models=\"5\" attach=\"s1\"/>\n"
		"    </list>\n"
		"  </list>\n"
		"</roster>\n";
	expect_fatal(bad, "'s1', which is not another unit", "attach=\"s1\"");
}

Test(roster, unit_id_twice)
{
	char *t = roster_text(NULL,
	                      "    <unit id=\"sq\" entry=\"quack-marine\" models=\"5\"/>\n"
	                      "    <unit id=\"sq\" entry=\"quack-marine\" models=\"6\"/>\n");
	char *p = fx_write_tmp("dup.xml", t);
	struct diags d = DIAGS_INIT;
	cr_assert_null(roster_load(fx_session(), p, &d));
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, "'sq' is used twice");
	cr_assert_not_null(g, "%s", fx_dump(&d));
	char *second = xasprintf("line %ld", fx_line_of(t, "models=\"6\""));
	cr_assert(strstr(g->msg, second), "the message names the second unit's line: %s", g->msg);
	diags_release(&d);
	free(second);
	free(p);
	free(t);
}

Test(roster, list_without_size_or_limit)
{
	char *t = roster_text("faction=\"impondium\"", "    <unit entry=\"quack-marine\" models=\"5\"/>\n");
	expect_fatal(t, "battle size", "<list");
	free(t);
}

Test(roster, models_zero_refused)
{
	char *t = roster_text(NULL,
	                      "    <unit entry=\"quack-marine\" models=\"5\"/>\n"
	                      "    <unit entry=\"quack-marine\" models=\"0\"/>\n");
	expect_fatal(t, "models", "models=\"0\"");
	free(t);
}

Test(roster, models_not_a_number_refused)
{
	char *t = roster_text(NULL, "    <unit entry=\"quack-marine\" models=\"ten\"/>\n");
	expect_fatal(t, "ten", "models=\"ten\"");
	free(t);
}

Test(roster, option_count_zero_refused)
{
	char *t = roster_text(NULL,
	                      "    <unit entry=\"marine-sergeant\" models=\"1\">\n"
	                      "      <option id=\"trained\" count=\"0\"/>\n"
	                      "    </unit>\n");
	expect_fatal(t, "count", "count=\"0\"");
	free(t);
}

Test(roster, unknown_system)
{
	static const char t[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"goosehammer\">\n"
		"  <list size=\"x\"><unit entry=\"y\" models=\"1\"/></list>\n"
		"</roster>\n";
	expect_fatal(t, "unknown game system 'goosehammer'", "<roster");
}

Test(roster, wrong_root_or_version)
{
	static const char t1[] =
		"<?xml version=\"1.0\"?>\n"
		"<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"duckhammer\" id=\"c\" name=\"c\"/>\n";
	expect_fatal(t1, "<roster>", "<catalog");
	static const char t2[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"3\" system=\"duckhammer\">\n"
		"  <list size=\"all-out-war\"><unit entry=\"quack-marine\" models=\"1\"/></list>\n"
		"</roster>\n";
	expect_fatal(t2, "version", "<roster");
}

Test(roster, option_over_the_catalog_max_loads_and_checking_refuses_it)
{
	char *t = roster_text(NULL,
	                      "    <unit entry=\"marine-sergeant\" models=\"2\" name=\"Sarge\">\n"
	                      "      <option id=\"trained\" count=\"3\"/>\n"
	                      "    </unit>\n");
	char *p = fx_write_tmp("max.xml", t);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), p, &d);
	cr_assert_not_null(r, "legal input, illegal list: the roster still loads:%s", fx_dump(&d));
	cr_assert_eq(d.n, 0, "the loader hands out no verdicts:%s", fx_dump(&d));
	struct eval *ev = eval_new(r, &d);
	cr_assert_not_null(ev);
	check_roster(ev, &d);
	eval_free(ev);
	cr_assert_eq(d.fatals, 0);
	const struct diag *g = NULL;
	for (size_t i = 0; i < d.n; i++)
		if (d.v[i].rule && strcmp(d.v[i].rule, "catalog-option-max") == 0)
			g = &d.v[i];
	cr_assert_not_null(g, "no catalog-option-max error:%s", fx_dump(&d));
	cr_assert_eq(g->sev, SEV_ERROR);
	cr_assert_eq(g->line, fx_line_of(t, "name=\"Sarge\""));
	cr_assert(strstr(g->msg, "Sarge") && strstr(g->msg, "3 times") &&
	          strstr(g->msg, "at most 1"), "%s", g->msg);
	cr_assert_eq(r->lists[0].units[0].opts[0].count, 3);
	roster_free(r);
	diags_release(&d);
	free(p);
	free(t);
}

Test(roster, missing_file)
{
	char *p = xasprintf("%s/none.xml", fx_tmpdir());
	struct diags d = DIAGS_INIT;
	cr_assert_null(roster_load(fx_session(), p, &d));
	cr_assert_eq(d.fatals, 1);
	cr_assert_str_eq(d.v[0].file, p);
	diags_release(&d);
	free(p);
}

/* --- a ledger grown in memory (camp_rederive, ledger_add_rec) -------------------------------- */

static struct roster *load_example(const char *name)
{
	char *path = xasprintf("%s/doc/examples/%s", fx_src_dir(), name);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), path, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	diags_release(&d);
	free(path);
	return r;
}

Test(roster, campaign_entry_added_in_memory_is_derived_again)
{
	struct roster *r = load_example("impondium-campaign.xml");
	struct campaign *c = r->camp;
	cr_assert_not_null(c);
	const struct camp_def *cd = r->sys->camp;
	size_t xp = (size_t)cd->xp, n = c->n_ledger, units = r->lists[0].n_units;
	int64_t pool = c->pools[xp];
	long sq2 = -1;
	for (size_t i = 0; i < c->n_units; i++)
		if (c->units[i].ru && r_unit_id(c->units[i].ru) && strcmp(r_unit_id(c->units[i].ru), "sq2") == 0)
			sq2 = c->units[i].xp;
	cr_assert_geq(sq2, 0, "the example has sq2");
	struct diags d = DIAGS_INIT;
	struct ledger_rec e = { .kind = LE_XP, .unit = "sq2", .amount = "3", .date = "2027-01-01" };
	cr_assert(ledger_rec_ids_ok(&e));
	cr_assert_eq(ledger_add_rec(c, &e, r->sys, r->file, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(c->n_ledger, n + 1);
	cr_assert_eq(c->ledger[n].line, 0, "an entry in no file names no line");
	cr_assert_eq(camp_rederive(r, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(c->pools[xp], pool - 3, "the pool paid the 3 XP");
	cr_assert_eq(r->lists[0].n_units, units, "the list has its units once");
	for (size_t i = 0; i < c->n_units; i++)
		if (c->units[i].ru && r_unit_id(c->units[i].ru) && strcmp(r_unit_id(c->units[i].ru), "sq2") == 0)
			cr_assert_eq(c->units[i].xp, sq2 + 3, "sq2 got the 3 XP once");
	/* Derived again with nothing added: the same figures, not the entry twice. */
	cr_assert_eq(camp_rederive(r, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(c->pools[xp], pool - 3);
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	roster_free(r);
}

Test(roster, campaign_entry_that_does_not_read_is_refused_in_memory)
{
	struct roster *r = load_example("impondium-campaign.xml");
	struct diags d = DIAGS_INIT;
	struct ledger_rec e = { .kind = LE_GAIN, .currency = "gold", .amount = "1" };
	cr_assert_neq(ledger_add_rec(r->camp, &e, r->sys, r->file, &d), 0);
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, "unknown currency 'gold'"), "%s", fx_dump(&d));
	struct ledger_rec bad = { .kind = LE_TRAIN, .unit = "sq1", .advance = "hp", .item = "a b" };
	cr_assert_not(ledger_rec_ids_ok(&bad), "'a b' is no id");
	struct ledger_lost_rec lost = { .unit = "no id", .models = "1" };
	struct ledger_rec battle = { .kind = LE_BATTLE, .result = "win", .lost = &lost, .n_lost = 1 };
	cr_assert_not(ledger_rec_ids_ok(&battle), "a lost unit's id is checked too");
	struct ledger_means_rec means = { .id = "x y" };
	struct ledger_rec start = { .kind = LE_START, .amount = "1", .means = &means, .n_means = 1 };
	cr_assert_not(ledger_rec_ids_ok(&start), "a means' id is checked too");
	diags_release(&d);
	roster_free(r); /* frees the entry that did not read too */
}

Test(roster, rederive_without_a_campaign_does_nothing)
{
	struct roster *r = load_example("impondium-strike-force.xml");
	struct diags d = DIAGS_INIT;
	cr_assert_null(r->camp);
	cr_assert_eq(camp_rederive(r, &d), 0);
	cr_assert_eq(d.n, 0);
	roster_free(r);
}
