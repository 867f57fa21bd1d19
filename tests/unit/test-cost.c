/* test-cost.c - unit tests of eval.c: effective units, option costs and keyword effects
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The lists are built by hand from the shipped catalogs' entries and options, so that only
 * eval_new is under test (not the roster loader).
 */
#include "muster.h"
#include "eval.h"
#include "catalog.h"
#include "data.h"
#include "idx.h"
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

static struct system *sys;

static void setup(void)
{
	fx_setup();
	struct diags d = DIAGS_INIT;
	sys = fx_load_duckhammer(&d);
	diags_release(&d);
}

static void teardown(void)
{
	system_free(sys);
	sys = NULL;
	fx_teardown();
}

TestSuite(cost, .init = setup, .fini = teardown);

static const struct entry *entry(const char *id)
{
	const struct entry *e = system_entry(sys, id);
	cr_assert_not_null(e, "no entry %s", id);
	return e;
}

/* The ids of the keywords in set, space-separated, in system order (static buffer). */
static const char *kw_names(const kwword *set)
{
	static char buf[1024];
	size_t off = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sys->n_keywords; i++)
		if (kw_has(set, i))
			off += (size_t)snprintf(buf + off, sizeof(buf) - off, "%s%s", off ? " " : "",
			                        sys->keywords[i].id);
	return buf;
}

/* One unit of entry e with models models and the given options (ids and counts). */
struct unit_spec {
	const char *entry;
	long models;
	const char *opts[6];
	long counts[6];
};

struct built {
	struct r_unit ru[4];
	struct r_option ro[4][6];
	struct r_list l;
	struct roster ros;
	struct eval *ev;
	struct eunit *u;
};

static void build(struct built *b, const struct unit_spec *spec, size_t n)
{
	memset(b, 0, sizeof(*b));
	cr_assert_leq(n, 4);
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = entry(spec[i].entry);
		b->ru[i].entry = e;
		b->ru[i].models = spec[i].models;
		b->ru[i].line = 100 * (long)(i + 1);
		size_t k = 0;
		for (; k < 6 && spec[i].opts[k]; k++) {
			b->ro[i][k].opt = fx_opt(e, spec[i].opts[k]);
			b->ro[i][k].count = spec[i].counts[k] ? spec[i].counts[k] : 1;
			b->ro[i][k].line = b->ru[i].line + (long)k + 1;
		}
		b->ru[i].opts = b->ro[i];
		b->ru[i].n_opts = k;
	}
	b->l.units = b->ru;
	b->l.n_units = n;
	b->ev = fx_eval(sys, &b->l, &b->ros);
	b->u = b->ev->lists[0].units;
}

static void unbuild(struct built *b)
{
	eval_free(b->ev);
	b->u = NULL;
}

/* --- costs ----------------------------------------------------------------------------------- */

Test(cost, models_times_entry_cost)
{
	struct unit_spec s[] = {
		{ "quack-marine", 10, { NULL }, { 0 } },
		{ "thunder-tank", 1, { NULL }, { 0 } },
		{ "marine-recruit", 7, { NULL }, { 0 } },
	};
	struct built b;
	build(&b, s, 3);
	cr_assert_eq(b.u[0].costs[0], 70);
	cr_assert_eq(b.u[1].costs[0], 25);
	cr_assert_eq(b.u[2].costs[0], 21);
	cr_assert_eq(b.ev->lists[0].totals[0], 116);
	cr_assert_eq(b.u[1].ru, &b.ru[1]);
	cr_assert_eq(b.u[1].ru->entry, entry("thunder-tank"));
	unbuild(&b);
}

Test(cost, options_per_unit_and_per_model)
{
	/* marine-sergeant: 12 AP a model; Trained 2 AP a unit; Extra pistol 1 AP a model. */
	struct unit_spec s[] = {
		{ "marine-sergeant", 3, { "trained", "extra-pistol" }, { 1, 1 } },
		{ "marine-sergeant", 3, { "trained" }, { 1 } },
		{ "marine-sergeant", 3, { "extra-pistol" }, { 1 } },
		{ "marine-sergeant", 1, { "trained", "extra-pistol" }, { 1, 1 } },
	};
	struct built b;
	build(&b, s, 4);
	cr_assert_eq(b.u[0].costs[0], 36 + 2 + 3, "got %ld", b.u[0].costs[0]);
	cr_assert_eq(b.u[1].costs[0], 36 + 2, "per unit: 2 whatever the models, got %ld", b.u[1].costs[0]);
	cr_assert_eq(b.u[2].costs[0], 36 + 3, "per model: 1 x 3 models, got %ld", b.u[2].costs[0]);
	cr_assert_eq(b.u[3].costs[0], 12 + 2 + 1);
	cr_assert_eq(b.ev->lists[0].totals[0], 41 + 38 + 39 + 15);
	unbuild(&b);
}

Test(cost, option_count_multiplies)
{
	/* A count beyond the catalog's max is the roster loader's business; the cost still adds. */
	struct unit_spec s[] = {
		{ "marine-sergeant", 4, { "extra-pistol", "trained" }, { 2, 3 } },
	};
	struct built b;
	build(&b, s, 1);
	cr_assert_eq(b.u[0].costs[0], 48 + 1 * 2 * 4 + 2 * 3, "got %ld", b.u[0].costs[0]);
	unbuild(&b);
}

Test(cost, empty_list)
{
	struct built b;
	build(&b, NULL, 0);
	cr_assert_eq(b.ev->lists[0].totals[0], 0);
	unbuild(&b);
}

/* The lists' units are one array: each unit finds its list from where it stands, past lists
 * of no units at the start, in the middle and at the end. */
Test(cost, each_unit_finds_its_list)
{
	struct r_unit ru[3];
	memset(ru, 0, sizeof(ru));
	for (size_t i = 0; i < 3; i++) {
		ru[i].entry = entry("quack-marine");
		ru[i].models = 5;
	}
	struct r_list l[5];
	memset(l, 0, sizeof(l));
	l[1].units = ru;
	l[1].n_units = 2;
	l[3].units = ru + 2;
	l[3].n_units = 1;
	struct roster ros;
	memset(&ros, 0, sizeof(ros));
	ros.file = (char *)"list.xml";
	ros.sys = sys;
	ros.lists = l;
	ros.n_lists = 5;
	struct diags d = DIAGS_INIT;
	struct eval *ev = eval_new(&ros, &d);
	cr_assert_not_null(ev);
	diags_release(&d);
	cr_assert_eq(ev->n_units, 3);
	cr_assert_eq(ev->lists[1].units, ev->units);
	cr_assert_eq(ev->lists[3].units, ev->units + 2);
	cr_assert_eq(eval_unit_list(ev, &ev->units[0]), 1);
	cr_assert_eq(eval_unit_list(ev, &ev->units[1]), 1);
	cr_assert_eq(eval_unit_list(ev, &ev->units[2]), 3);
	cr_assert_eq(ev->units[2].ru, &ru[2]);
	cr_assert_eq(ev->lists[3].totals[0], ev->units[2].costs[0]);
	eval_free(ev);
}

/* --- weapons --------------------------------------------------------------------------------- */

Test(cost, option_adds_a_weapon)
{
	struct unit_spec s[] = {
		{ "marine-sergeant", 2, { "extra-pistol" }, { 1 } },
		{ "marine-sergeant", 2, { NULL }, { 0 } },
	};
	struct built b;
	build(&b, s, 2);
	cr_assert_eq(b.u[0].n_items, 2);
	cr_assert_str_eq(b.u[0].items[0].w->id, "sword");
	cr_assert_eq(b.u[0].items[0].extra_line, 0);
	cr_assert_str_eq(b.u[0].items[1].w->id, "pistol");
	cr_assert_eq(b.u[0].items[1].extra_line, 101, "the option's roster line");
	cr_assert_eq(b.u[1].n_items, 1);
	/* Effective keywords start as the catalog's. */
	cr_assert_str_eq(kw_names(b.u[0].items[0].kw), "reliable");
	cr_assert_str_eq(kw_names(b.u[0].items[1].kw), "");
	cr_assert_str_eq(kw_names(b.u[0].kw), "duty");
	cr_assert_eq(eval_n_takes(&b.u[0]), 0);
	unbuild(&b);
}

Test(cost, the_catalog_is_not_changed)
{
	const struct entry *v = entry("auk-veteran");
	kwword before = v->items[0].kw[0];
	kwword unit_before = v->kw[0];
	struct unit_spec s[] = {
		{ "auk-veteran", 1, { "blade-cleave", "reactive" }, { 0 } },
	};
	struct built b;
	build(&b, s, 1);
	cr_assert(kw_has(b.u[0].items[0].kw, fx_kwi(sys, "cleave")));
	cr_assert_eq(v->items[0].kw[0], before, "the entry's weapon keywords changed");
	cr_assert_eq(v->kw[0], unit_before, "the entry's keywords changed");
	cr_assert_neq(b.u[0].items[0].kw, v->items[0].kw, "effective keywords must be a copy");
	unbuild(&b);
}

/* --- keyword effects ------------------------------------------------------------------------- */

Test(cost, supercleave_replaces_cleave_and_removes_masterwork)
{
	struct unit_spec s[] = {
		{ "auk-veteran", 2, { "blade-cleave", "blade-masterwork", "blade-supercleave" }, { 0 } },
	};
	struct built b;
	build(&b, s, 1);
	const struct eunit *u = &b.u[0];
	cr_assert_str_eq(u->items[0].w->id, "blade");
	cr_assert_str_eq(kw_names(u->items[0].kw), "supercleave",
	                 "blade keeps Supercleave only, got '%s'", kw_names(u->items[0].kw));
	cr_assert_str_eq(kw_names(u->items[1].kw), "inaccurate", "the sling is untouched");
	cr_assert_str_eq(kw_names(u->kw), "");
	/* 5 AP a model, options 1 + 1 + 2 a unit. */
	cr_assert_eq(u->costs[0], 10 + 4);

	cr_assert_eq(eval_n_takes(u), 3);
	cr_assert_eq(eval_takes(b.ev, u)[0].kw, fx_kwi(sys, "cleave"));
	cr_assert_eq(eval_takes(b.ev, u)[0].item, 0);
	cr_assert_eq(eval_takes(b.ev, u)[0].line, 101);
	cr_assert_str_eq(kw_names(eval_takes(b.ev, u)[0].before), "");
	cr_assert_eq(eval_takes(b.ev, u)[1].kw, fx_kwi(sys, "masterwork"));
	cr_assert_str_eq(kw_names(eval_takes(b.ev, u)[1].before), "cleave");
	cr_assert_eq(eval_takes(b.ev, u)[2].kw, fx_kwi(sys, "supercleave"));
	cr_assert_eq(eval_takes(b.ev, u)[2].item, 0);
	cr_assert_eq(eval_takes(b.ev, u)[2].line, 103);
	cr_assert_str_eq(kw_names(eval_takes(b.ev, u)[2].before), "cleave masterwork",
	                 "before-state of the Supercleave take: '%s'", kw_names(eval_takes(b.ev, u)[2].before));
	unbuild(&b);
}

Test(cost, taking_order_is_roster_order)
{
	/* Supercleave first: nothing to replace yet; the later Cleave is added beside it. */
	struct unit_spec s[] = {
		{ "auk-veteran", 1, { "blade-supercleave", "blade-cleave" }, { 0 } },
	};
	struct built b;
	build(&b, s, 1);
	const struct eunit *u = &b.u[0];
	cr_assert_str_eq(kw_names(u->items[0].kw), "cleave supercleave");
	cr_assert_eq(eval_n_takes(u), 2);
	cr_assert_eq(eval_takes(b.ev, u)[0].kw, fx_kwi(sys, "supercleave"));
	cr_assert_str_eq(kw_names(eval_takes(b.ev, u)[0].before), "");
	cr_assert_str_eq(kw_names(eval_takes(b.ev, u)[1].before), "supercleave");
	unbuild(&b);
}

Test(cost, unit_keywords_replace_and_remove)
{
	/* DH-10: Unflinching replaces Stubborn and removes Trained. */
	struct unit_spec s[] = {
		{ "auk-veteran", 1, { "stubborn", "trained", "unflinching" }, { 0 } },
		{ "auk-veteran", 1, { "reactive", "precognition" }, { 0 } },
	};
	struct built b;
	build(&b, s, 2);
	cr_assert_str_eq(kw_names(b.u[0].kw), "unflinching");
	cr_assert_eq(eval_n_takes(&b.u[0]), 3);
	cr_assert_eq(eval_takes(b.ev, &b.u[0])[2].item, -1, "a unit take");
	cr_assert_str_eq(kw_names(eval_takes(b.ev, &b.u[0])[2].before), "stubborn trained");
	cr_assert_str_eq(kw_names(b.u[1].kw), "precognition");
	cr_assert_str_eq(kw_names(eval_takes(b.ev, &b.u[1])[1].before), "reactive");
	unbuild(&b);
}

Test(cost, accurate_removes_inaccurate_on_its_weapon_only)
{
	struct unit_spec s[] = {
		{ "auk-veteran", 1, { "sling-accurate" }, { 0 } },
	};
	struct built b;
	build(&b, s, 1);
	cr_assert_str_eq(b.u[0].items[1].w->id, "sling");
	cr_assert_str_eq(kw_names(b.u[0].items[1].kw), "accurate");
	cr_assert_str_eq(kw_names(b.u[0].items[0].kw), "");
	cr_assert_eq(eval_takes(b.ev, &b.u[0])[0].item, 1);
	cr_assert_str_eq(kw_names(eval_takes(b.ev, &b.u[0])[0].before), "inaccurate");
	unbuild(&b);
}

Test(cost, grant_and_remove_from_a_custom_catalog)
{
	/* <remove> takes keywords away; an option may target the weapon it adds; a grant replaces
	 * along the chain (vanguard replaces scout). */
	static const char cat[] =
		"<?xml version=\"1.0\"?>\n"
		"<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"duckhammer\" id=\"t\" name=\"T\">\n"
		" <group level=\"feather\" id=\"tf\" name=\"TF\"><group level=\"faction\" id=\"tfa\" name=\"TFa\">\n"
		"  <group level=\"subfaction\" id=\"ts\" name=\"TS\">\n"
		"   <entry id=\"scout-duck\" name=\"Scout Duck\">\n"
		"    <cost type=\"ap\" value=\"4\"/>\n"
		"    <stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\"/>\n"
		"    <keywords>scout stubborn duty</keywords>\n"
		"    <item kind=\"weapon\" id=\"bow\" name=\"Bow\"><stats kind=\"ranged\" damage=\"d4\" range=\"12\"/>\n"
		"      <keywords>inaccurate long-range</keywords></item>\n"
		"    <option id=\"vanguard\" max=\"1\"><cost value=\"2\"/><grant>vanguard</grant><remove>stubborn</remove></option>\n"
		"    <option id=\"plain-bow\" item=\"bow\"><cost value=\"-1\"/><remove>long-range</remove></option>\n"
		"    <option id=\"horn\" per=\"model\" max=\"3\"><cost value=\"1\"/>\n"
		"      <item kind=\"weapon\" id=\"horn\" name=\"Horn\"><stats kind=\"magic\" damage=\"d1\" range=\"6\"/></item></option>\n"
		"    <option id=\"loud-horn\" item=\"horn\"><cost value=\"1\"/><grant>booming</grant></option>\n"
		"    <option id=\"drop-bow\"><cost value=\"0\"/><drop-item>bow</drop-item></option>\n"
		"   </entry>\n"
		"  </group>\n"
		" </group></group>\n"
		"</catalog>\n";
	char *p = fx_write_tmp("catalogs/duckhammer/t.xml", cat);
	char *rules = xasprintf("%s/rules-xml/duckhammer.xml", fx_src_dir());
	struct diags d = DIAGS_INIT;
	struct system *tsys = system_load_file(session_schemas(fx_session()), rules, fx_tmp_roots(), &d);
	cr_assert_not_null(tsys, "%s", fx_dump(&d));
	const struct entry *e = system_entry(tsys, "scout-duck");
	cr_assert_not_null(e);
	struct r_option ro[5] = {
		{ entry_option(e, "vanguard"), NULL, 1, 11, 0, 0 },
		{ entry_option(e, "plain-bow"), NULL, 1, 12, 0, 0 },
		{ entry_option(e, "horn"), NULL, 2, 13, 0, 0 },
		{ entry_option(e, "loud-horn"), NULL, 1, 14, 0, 0 },
		{ entry_option(e, "drop-bow"), NULL, 1, 15, 0, 0 },
	};
	for (size_t i = 0; i < 4; i++)
		cr_assert_not_null(ro[i].opt);
	cr_assert_eq(((const struct entry_option *)entry_option(e, "horn"))->max, 3);
	struct r_unit ru = { 0 };
	ru.entry = e;
	ru.models = 5;
	ru.opts = ro;
	ru.n_opts = 4;
	cr_assert_not_null(ro[4].opt);
	ru.line = 10;
	struct r_list l = { 0 };
	l.units = &ru;
	l.n_units = 1;
	struct roster hold;
	struct eval *ev = fx_eval(tsys, &l, &hold);
	struct eunit *u = ev->lists[0].units;
	struct system *keep = sys;
	sys = tsys; /* kw_names and kwi read the global */
	cr_assert_str_eq(kw_names(u[0].kw), "vanguard duty", "got '%s'", kw_names(u[0].kw));
	cr_assert_eq(u[0].n_items, 2);
	cr_assert_str_eq(kw_names(u[0].items[0].kw), "inaccurate");
	cr_assert_str_eq(u[0].items[1].w->id, "horn");
	cr_assert_str_eq(kw_names(u[0].items[1].kw), "booming", "loud-horn targets the added horn");
	cr_assert_eq(u[0].items[1].extra_line, 13);
	/* 4 x 5 + 2 - 1 + 1 x 2 x 5 + 1 */
	cr_assert_eq(u[0].costs[0], 20 + 2 - 1 + 10 + 1, "got %ld", u[0].costs[0]);
	cr_assert_eq(eval_n_takes(&u[0]), 2);
	cr_assert_eq(eval_takes(ev, &u[0])[1].item, 1);
	cr_assert_eq(eval_takes(ev, &u[0])[1].line, 14);
	eval_free(ev);
	/* Now also leave the bow behind: the horn moves to index 0, its take with it. */
	ru.n_opts = 5;
	ev = fx_eval(tsys, &l, &hold);
	u = ev->lists[0].units;
	cr_assert_eq(u[0].n_items, 1);
	cr_assert_str_eq(u[0].items[0].w->id, "horn");
	cr_assert_str_eq(kw_names(u[0].items[0].kw), "booming");
	cr_assert_eq(eval_n_takes(&u[0]), 2);
	cr_assert_eq(eval_takes(ev, &u[0])[1].item, 0, "the horn's take follows it to index 0");
	cr_assert_eq(eval_takes(ev, &u[0])[0].item, -1, "the vanguard take is a unit take");
	eval_free(ev);
	sys = keep;
	system_free(tsys);
	diags_release(&d);
	free(rules);
	free(p);
}

Test(cost, dropped_weapon_goes_with_its_takes)
{
	/* The sling is left behind after taking Accurate: its take no longer applies; the blade's
	 * stays on the blade. */
	struct unit_spec s[] = {
		{ "auk-veteran", 2, { "sling-accurate", "blade-cleave", "drop-sling", "extra-axe" }, { 0 } },
	};
	struct built b;
	build(&b, s, 1);
	const struct eunit *u = &b.u[0];
	cr_assert_eq(u->n_items, 2);
	cr_assert_str_eq(u->items[0].w->id, "blade");
	cr_assert_str_eq(u->items[1].w->id, "axe");
	cr_assert_eq(u->items[1].extra_line, 104);
	cr_assert_str_eq(kw_names(u->items[0].kw), "cleave");
	cr_assert_eq(eval_n_takes(u), 2);
	cr_assert_eq(eval_takes(b.ev, u)[0].kw, fx_kwi(sys, "accurate"));
	cr_assert_lt(eval_takes(b.ev, u)[0].item, 0, "the sling's take points at no weapon, got %ld",
	             eval_takes(b.ev, u)[0].item);
	cr_assert_neq(eval_takes(b.ev, u)[0].item, -1, "-1 would make it a unit take");
	cr_assert_eq(eval_takes(b.ev, u)[1].item, 0);
	cr_assert_eq(u->costs[0], 10 + 1 + 1 + 0 + 1);
	unbuild(&b);
}
