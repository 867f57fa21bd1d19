/* test-check.c - unit tests of check.c: the constraint engine on rosters
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Rosters are written to temporary files and checked; each test asserts exactly which rules
 * are reported (by reference), and where. The "duckhammer" suite uses the shipped data; the
 * "toy" suite a small system written here, for bounds Duckhammer does not use (per N points,
 * percentages, limit modifiers, roster-wide counts, step bounds written with <if>).
 */
#include "muster.h"
#include "check.h"
#include "eval.h"
#include "data.h"
#include "roster.h"
#include "derive.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

/* --- helpers (the shared ones are in fixture.c) ---------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The result of checking one roster text. */
struct result {
	char *file;
	struct diags d;      /* load and check diagnostics */
	size_t errors;       /* check_roster's return */
	char refs[512];      /* sorted references of errors; warnings as REF(w) */
	long limit;          /* the first list's limit of the first cost, after modifiers */
};

static void check_text(const char *text, struct result *res)
{
	memset(res, 0, sizeof(*res));
	res->file = fx_write_tmp("roster.xml", text);
	struct roster *r = roster_load(fx_session(), res->file, &res->d);
	cr_assert_not_null(r, "the roster does not load:%s", fx_dump(&res->d));
	cr_assert_eq(res->d.n, 0, "loading gives diagnostics:%s", fx_dump(&res->d));
	struct eval *ev = eval_new(r, &res->d);
	cr_assert_not_null(ev, "the roster does not evaluate:%s", fx_dump(&res->d));
	res->limit = ev->lists[0].limits[0];
	res->errors = check_roster(ev, &res->d);
	eval_free(ev);
	roster_free(r);
	char *v[64];
	size_t n = 0;
	for (size_t i = 0; i < res->d.n && n < 64; i++) {
		const struct diag *g = &res->d.v[i];
		const char *ref = g->ref ? g->ref : g->rule ? g->rule : "-";
		v[n++] = xasprintf("%s%s", ref, g->sev == SEV_WARNING ? "(w)" : "");
	}
	qsort(v, n, sizeof(*v), cmp_str);
	size_t off = 0;
	for (size_t i = 0; i < n; i++) {
		off += (size_t)snprintf(res->refs + off, sizeof(res->refs) - off, "%s%s", i ? " " : "", v[i]);
		free(v[i]);
	}
}

static void release(struct result *res)
{
	diags_release(&res->d);
	free(res->file);
}

/* The diagnostic citing ref (the n-th one, from 0). */
static const struct diag *cites(const struct result *res, const char *ref, size_t nth)
{
	for (size_t i = 0; i < res->d.n; i++)
		if (res->d.v[i].ref && strcmp(res->d.v[i].ref, ref) == 0 && nth-- == 0)
			return &res->d.v[i];
	cr_assert_fail("no diagnostic citing %s:%s", ref, fx_dump(&res->d));
	return NULL;
}

#define EXPECT_REFS(res, want) \
	cr_assert_str_eq((res)->refs, want, "reported: '%s'%s", (res)->refs, fx_dump(&(res)->d))

/* --- Duckhammer ------------------------------------------------------------------------------ */

TestSuite(duckhammer, .init = fx_setup, .fini = fx_teardown);

/* A one-list Duckhammer roster. */
static char *dh_roster(const char *size, const char *units)
{
	return xasprintf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
	                 "  <list id=\"main\" name=\"Main\" size=\"%s\">\n"
	                 "%s"
	                 "  </list>\n"
	                 "</roster>\n",
	                 size, units);
}

static void check_dh(const char *units, struct result *res)
{
	char *t = dh_roster("all-out-war", units);
	check_text(t, res);
	free(t);
}

Test(duckhammer, illegal_example_breaks_exactly_five_rules)
{
	char *path = xasprintf("%s/doc/examples/illegal-strike-force.xml", fx_src_dir());
	char *text = fx_slurp(path);
	struct result res;
	check_text(text, &res);
	EXPECT_REFS(&res, "DH-3 DH-4 DH-5 DH-6 DH-7");
	cr_assert_eq(res.errors, 5);
	cr_assert_eq(res.d.errors, 5);
	cr_assert_eq(res.d.warnings, 0);

	/* <factions level="feather">, checked before the rules: the Geese unit, at its line; the
	 * Feathers rule (<same attr="feather">) does not tell the same breach again. */
	const struct diag *g = cites(&res, "DH-3", 0);
	cr_assert_eq(g->line, fx_line_of(text, "goose-warden"));
	cr_assert_str_eq(g->msg, "Borrowed geese is of Feather Geese, not of this list's Feather Waterfowl; the list may take units of: Waterfowl");
	cr_assert_str_eq(g->rule, "factions");
	g = cites(&res, "DH-4", 0);
	cr_assert_eq(g->line, fx_line_of(text, "auk-chieftain"));
	cr_assert_str_eq(g->msg, "\"Chieftain Razorbill\" is Grade 5: the army needs at least 5 units of its sub-faction Au'ks, and has 4");
	g = cites(&res, "DH-5", 0);
	cr_assert_eq(g->line, fx_line_of(text, "4th Squad"), "at the 4th unit, the first past the bound");
	cr_assert_str_eq(g->msg, "4 units of Quack Marine; at most 3 units of any one model");
	g = cites(&res, "DH-6", 0);
	cr_assert_eq(g->line, fx_line_of(text, "Second tank"), "at the 4th vehicle");
	cr_assert_str_eq(g->msg, "4 Vehicle units (Grade 3); at most 3 allowed");
	g = cites(&res, "DH-7", 0);
	cr_assert_eq(g->line, fx_line_of(text, "1st Squad"));
	cr_assert_str_eq(g->msg, "1st Squad has 11 models; its Full Strength is 10");
	cr_assert_str_eq(g->file, res.file);
	release(&res);
	free(text);
	free(path);
}

Test(duckhammer, legal_example_is_legal)
{
	char *path = xasprintf("%s/doc/examples/impondium-strike-force.xml", fx_src_dir());
	char *text = fx_slurp(path);
	struct result res;
	check_text(text, &res);
	EXPECT_REFS(&res, "");
	cr_assert_eq(res.errors, 0);
	release(&res);
	free(text);
	free(path);
}

Test(duckhammer, dh2_points_at_and_past_the_limit)
{
	static const char base[] =
		"    <unit entry=\"quack-marine\" models=\"10\"/>\n"
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n";
	char *units = xasprintf("%s    <unit entry=\"marine-recruit\" models=\"5\"/>\n", base);
	char *t = dh_roster("small-skirmish", units);
	struct result res;
	check_text(t, &res);
	EXPECT_REFS(&res, ""); /* 70 + 35 + 15 = 120 of 120 */
	release(&res);
	free(t);
	free(units);
	units = xasprintf("%s    <unit entry=\"marine-recruit\" models=\"6\"/>\n", base);
	t = dh_roster("small-skirmish", units);
	check_text(t, &res);
	EXPECT_REFS(&res, "DH-2");
	const struct diag *g = cites(&res, "DH-2", 0);
	cr_assert_str_eq(g->msg, "the army costs 123 AP, 3 AP over the Small Skirmish limit of 120 AP");
	cr_assert_eq(g->line, fx_line_of(t, "<list"));
	cr_assert_eq(res.errors, 1);
	release(&res);
	free(t);
	free(units);
}

Test(duckhammer, dh3_one_feather)
{
	struct result res;
	check_dh("    <unit entry=\"quack-marine\" models=\"5\"/>\n"
	         "    <unit entry=\"goose-warden\" models=\"5\"/>\n", &res);
	EXPECT_REFS(&res, "DH-3");
	cr_assert_str_eq(cites(&res, "DH-3", 0)->msg,
	                 "all models must belong to one Feather; this army mixes Waterfowl (1), Geese (1)");
	release(&res);
	check_dh("    <unit entry=\"goose-warden\" models=\"5\"/>\n"
	         "    <unit entry=\"goose-warden\" models=\"5\"/>\n", &res);
	EXPECT_REFS(&res, "");
	release(&res);
}

Test(duckhammer, dh4_subfaction_units_at_and_below_grade)
{
	static const char five[] =
		"    <unit entry=\"auk-chieftain\" models=\"1\"/>\n"
		"    <unit entry=\"auk-diver\" models=\"3\"/>\n"
		"    <unit entry=\"auk-diver\" models=\"3\"/>\n"
		"    <unit entry=\"auk-diver\" models=\"3\"/>\n";
	char *units = xasprintf("%s    <unit entry=\"auk-veteran\" models=\"2\"/>\n", five);
	struct result res;
	check_dh(units, &res);
	EXPECT_REFS(&res, ""); /* Grade 5 with 5 Au'k units, its own included */
	release(&res);
	free(units);
	/* A Thunder King does not count for the Au'ks. */
	units = xasprintf("%s    <unit entry=\"thunder-crew\" models=\"2\"/>\n", five);
	check_dh(units, &res);
	EXPECT_REFS(&res, "DH-4");
	cr_assert_str_eq(cites(&res, "DH-4", 0)->msg,
	                 "\"Chieftain Razorbill\" is Grade 5: the army needs at least 5 units of its sub-faction Au'ks, and has 4");
	release(&res);
	free(units);
}

Test(duckhammer, dh5_three_units_of_one_model)
{
	static const char three[] =
		"    <unit entry=\"thunder-crew\" models=\"2\"/>\n"
		"    <unit entry=\"thunder-crew\" models=\"2\"/>\n"
		"    <unit entry=\"thunder-crew\" models=\"2\"/>\n";
	struct result res;
	check_dh(three, &res);
	EXPECT_REFS(&res, "");
	release(&res);
	char *units = xasprintf("%s    <unit entry=\"thunder-crew\" models=\"2\" name=\"Fourth\"/>\n"
	                        "    <unit entry=\"thunder-crew\" models=\"2\" name=\"Fifth\"/>\n", three);
	char *t = dh_roster("all-out-war", units);
	check_text(t, &res);
	EXPECT_REFS(&res, "DH-5");
	const struct diag *g = cites(&res, "DH-5", 0);
	cr_assert_str_eq(g->msg, "5 units of Thunder Crew; at most 3 units of any one model");
	cr_assert_eq(g->line, fx_line_of(t, "Fourth"));
	release(&res);
	free(t);
	free(units);
}

Test(duckhammer, dh6_grade_caps)
{
	static const char marines[] =
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n"
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n"
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n";
	char *units = xasprintf("%s"
	                        "    <unit entry=\"marine-champion\" models=\"1\"/>\n"
	                        "    <unit entry=\"brother-quillus\" models=\"1\"/>\n", marines);
	struct result res;
	check_dh(units, &res);
	EXPECT_REFS(&res, ""); /* two Heroes */
	release(&res);
	free(units);
	units = xasprintf("%s"
	                  "    <unit entry=\"marine-champion\" models=\"1\"/>\n"
	                  "    <unit entry=\"marine-champion\" models=\"1\"/>\n"
	                  "    <unit entry=\"brother-quillus\" models=\"1\"/>\n", marines);
	check_dh(units, &res);
	EXPECT_REFS(&res, "DH-6");
	cr_assert_str_eq(cites(&res, "DH-6", 0)->msg, "3 Hero units (Grade 4); at most 2 allowed");
	release(&res);
	free(units);
	/* Two Leaders: DH-6; and the Leader is a Character (DH-9). */
	units = xasprintf("%s"
	                  "    <unit entry=\"lord-mallardine\" models=\"1\"/>\n"
	                  "    <unit entry=\"lord-mallardine\" models=\"1\"/>\n", marines);
	check_dh(units, &res);
	EXPECT_REFS(&res, "DH-6 DH-9");
	cr_assert_str_eq(cites(&res, "DH-6", 0)->msg, "2 Leader units (Grade 5); at most 1 allowed");
	release(&res);
	free(units);
}

Test(duckhammer, dh7_full_strength)
{
	struct result res;
	check_dh("    <unit entry=\"quack-marine\" models=\"10\" name=\"Full\"/>\n", &res);
	EXPECT_REFS(&res, "");
	release(&res);
	char *t = dh_roster("all-out-war",
	                    "    <unit entry=\"quack-marine\" models=\"9\"/>\n"
	                    "    <unit entry=\"quack-marine\" models=\"11\" name=\"Over\"/>\n");
	check_text(t, &res);
	EXPECT_REFS(&res, "DH-7");
	const struct diag *g = cites(&res, "DH-7", 0);
	cr_assert_str_eq(g->msg, "Over has 11 models; its Full Strength is 10");
	cr_assert_eq(g->line, fx_line_of(t, "Over"));
	release(&res);
	free(t);
}

Test(duckhammer, dh8_chain_of_command)
{
	struct result res;
	check_dh("    <unit entry=\"marine-drummer\" models=\"1\"/>\n", &res);
	EXPECT_REFS(&res, "DH-8");
	release(&res);
	check_dh("    <unit entry=\"marine-drummer\" models=\"1\"/>\n"
	         "    <unit entry=\"marine-sergeant\" models=\"1\"/>\n"
	         "    <unit entry=\"quack-marine\" models=\"1\"/>\n", &res);
	EXPECT_REFS(&res, "");
	release(&res);
	/* A Grade 2 model of another sub-faction does not do. */
	check_dh("    <unit entry=\"marine-drummer\" models=\"1\"/>\n"
	         "    <unit entry=\"thunder-marshal\" models=\"1\"/>\n"
	         "    <unit entry=\"thunder-crew\" models=\"1\"/>\n", &res);
	EXPECT_REFS(&res, "DH-8");
	release(&res);
	/* Two drummers: each needs someone else of Grade 2, 4, 5 or 6; neither is. */
	check_dh("    <unit entry=\"marine-drummer\" models=\"1\"/>\n"
	         "    <unit entry=\"marine-drummer\" models=\"1\"/>\n", &res);
	EXPECT_REFS(&res, "DH-8 DH-8");
	cr_assert_eq(res.errors, 2);
	release(&res);
}

Test(duckhammer, dh9_characters_once)
{
	static const char marines[] =
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n"
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n";
	char *units = xasprintf("%s    <unit entry=\"brother-quillus\" models=\"1\"/>\n"
	                        "    <unit entry=\"marine-champion\" models=\"1\"/>\n", marines);
	struct result res;
	check_dh(units, &res);
	EXPECT_REFS(&res, "");
	release(&res);
	free(units);
	units = xasprintf("%s    <unit entry=\"brother-quillus\" models=\"1\"/>\n"
	                  "    <unit entry=\"brother-quillus\" models=\"1\" name=\"Again\"/>\n", marines);
	char *t = dh_roster("all-out-war", units);
	check_text(t, &res);
	EXPECT_REFS(&res, "DH-9");
	const struct diag *g = cites(&res, "DH-9", 0);
	cr_assert_str_eq(g->msg, "2 units of the Character \"Brother Quillus\"; a Character is taken once");
	cr_assert_eq(g->line, fx_line_of(t, "Again"));
	release(&res);
	free(t);
	free(units);
}

/* One Au'k Veteran unit named Vets with the given options. */
static void check_vets(const char *opts, struct result *res, char **text)
{
	char *units = xasprintf("    <unit entry=\"auk-veteran\" models=\"2\" name=\"Vets\">\n%s    </unit>\n",
	                        opts);
	char *t = dh_roster("all-out-war", units);
	check_text(t, res);
	free(units);
	if (text)
		*text = t;
	else
		free(t);
}

Test(duckhammer, dh10_taking_precognition_needs_reactive_first)
{
	struct result res;
	char *t = NULL;
	check_vets("      <option id=\"reactive\"/>\n      <option id=\"precognition\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
	check_vets("      <option id=\"precognition\"/>\n", &res, &t);
	EXPECT_REFS(&res, "DH-10");
	const struct diag *g = cites(&res, "DH-10", 0);
	cr_assert_eq(g->line, fx_line_of(t, "precognition"), "at the option taken");
	cr_assert_str_eq(g->msg, "Vets takes Precognition, which upgrades Reactive: it needs Reactive first (options apply in the order the unit lists them; 'muster set' writes them in the catalog's order)");
	release(&res);
	free(t);
	/* Order matters: Reactive taken after Precognition is too late. */
	check_vets("      <option id=\"precognition\"/>\n      <option id=\"reactive\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "DH-10");
	release(&res);
}

Test(duckhammer, dh10_unflinching_and_trained)
{
	struct result res;
	char *t = NULL;
	/* Trained needs Grade 2 when it is taken, even if Unflinching removes it again later. */
	check_vets("      <option id=\"stubborn\"/>\n      <option id=\"trained\"/>\n"
	           "      <option id=\"unflinching\"/>\n", &res, &t);
	EXPECT_REFS(&res, "DH-10");
	const struct diag *g = cites(&res, "DH-10", 0);
	cr_assert_str_eq(g->rule, "dh-10-trained");
	cr_assert_eq(g->line, fx_line_of(t, "\"trained\""));
	release(&res);
	free(t);
	check_vets("      <option id=\"stubborn\"/>\n      <option id=\"unflinching\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "DH-10");
	cr_assert_str_eq(cites(&res, "DH-10", 0)->rule, "dh-10-unflinching");
	release(&res);
	/* A Grade 4 Champion may: Stubborn and Trained first, then Unflinching. */
	static const char marines[] =
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n"
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n"
		"    <unit entry=\"quack-marine\" models=\"5\"/>\n";
	char *units = xasprintf("%s    <unit entry=\"marine-champion\" models=\"1\">\n"
	                        "      <option id=\"stubborn\"/>\n      <option id=\"trained\"/>\n"
	                        "      <option id=\"unflinching\"/>\n    </unit>\n", marines);
	check_dh(units, &res);
	EXPECT_REFS(&res, "");
	release(&res);
	free(units);
	units = xasprintf("%s    <unit entry=\"marine-champion\" models=\"1\">\n"
	                  "      <option id=\"trained\"/>\n      <option id=\"unflinching\"/>\n"
	                  "    </unit>\n", marines);
	check_dh(units, &res);
	EXPECT_REFS(&res, "DH-10");
	cr_assert_str_eq(cites(&res, "DH-10", 0)->rule, "dh-10-unflinching");
	release(&res);
	free(units);
}

Test(duckhammer, dh10_model_ability_prerequisites)
{
	struct result res;
	check_vets("      <option id=\"peregrine\"/>\n      <option id=\"diver\"/>\n"
	           "      <option id=\"bull-rush\"/>\n      <option id=\"pecking-order\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "DH-10 DH-10 DH-10 DH-10");
	release(&res);
	/* Gasp needs a Non- or Slow Swimmer; Sharpshooter a ranged weapon (the sling). */
	check_vets("      <option id=\"gasp\"/>\n      <option id=\"sharpshooter\"/>\n"
	           "      <option id=\"spell\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
}

/* A selector that reads the unit's keywords is decided once per entry (select.c) only for the
 * units that keep their entry's keywords: a Veteran whose option grants Peregrine is judged on
 * its own, whether it stands before or after a plain Veteran of the same entry. */
Test(duckhammer, keyword_granted_by_an_option_is_no_verdict_of_the_entry)
{
	static const char plain[] = "    <unit entry=\"auk-veteran\" models=\"2\"/>\n";
	static const char peregrine[] =
		"    <unit entry=\"auk-veteran\" models=\"2\" name=\"Flier\">\n"
		"      <option id=\"peregrine\"/>\n    </unit>\n";
	for (int order = 0; order < 2; order++) {
		char *units = order ? xasprintf("%s%s%s", peregrine, plain, plain)
		                    : xasprintf("%s%s%s", plain, plain, peregrine);
		char *t = dh_roster("all-out-war", units);
		struct result res;
		check_text(t, &res);
		EXPECT_REFS(&res, "DH-10");
		cr_assert_eq(cites(&res, "DH-10", 0)->line, fx_line_of(t, "Flier"), "order %d", order);
		release(&res);
		free(t);
		free(units);
	}
}

Test(duckhammer, dh11_supercleave_needs_cleave_and_masterwork_first)
{
	struct result res;
	char *t = NULL;
	check_vets("      <option id=\"blade-cleave\"/>\n      <option id=\"blade-masterwork\"/>\n"
	           "      <option id=\"blade-supercleave\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
	check_vets("      <option id=\"blade-cleave\"/>\n      <option id=\"blade-supercleave\"/>\n",
	           &res, &t);
	EXPECT_REFS(&res, "DH-11");
	const struct diag *g = cites(&res, "DH-11", 0);
	cr_assert_eq(g->line, fx_line_of(t, "blade-supercleave"));
	cr_assert_str_eq(g->msg, "Au'k Blade (Vets) takes Supercleave, which needs Cleave and Masterwork first");
	release(&res);
	free(t);
}

Test(duckhammer, dh11_weapon_prerequisites)
{
	struct result res;
	/* Accurate removes Inaccurate: legal. */
	check_vets("      <option id=\"sling-accurate\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
	/* Point Blank on the Inaccurate sling; Masterwork on a -1 cost weapon. */
	check_vets("      <option id=\"sling-point-blank\"/>\n      <option id=\"sling-masterwork\"/>\n",
	           &res, NULL);
	EXPECT_REFS(&res, "DH-11 DH-11");
	release(&res);
	check_vets("      <option id=\"blade-average\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "DH-11");
	release(&res);
	check_vets("      <option id=\"blade-reliable\"/>\n      <option id=\"blade-average\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
}

Test(duckhammer, dh12_upgrade_keeps_the_exclusions)
{
	struct result res;
	check_vets("      <option id=\"blade-cleave\"/>\n      <option id=\"blade-masterwork\"/>\n"
	           "      <option id=\"blade-supercleave\"/>\n      <option id=\"blade-reliable\"/>\n",
	           &res, NULL);
	EXPECT_REFS(&res, "DH-12");
	cr_assert_str_eq(cites(&res, "DH-12", 0)->rule, "dh-12-cleave");
	release(&res);
	check_vets("      <option id=\"blade-critical\"/>\n      <option id=\"blade-reliable\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "DH-12");
	cr_assert_str_eq(cites(&res, "DH-12", 0)->rule, "dh-12-critical-reliable");
	release(&res);
	check_vets("      <option id=\"blade-cleave\"/>\n      <option id=\"blade-swift\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "DH-12");
	release(&res);
}

Test(duckhammer, dh13_paid_extra_weapon_is_no_part_of_the_load)
{
	struct result res;
	/* Blade and sling: 2 small weapons, fine; the extra large axe costs 1 AP, so it is one of
	 * the costed extras DH-13 allows (issue 19, point 14: it warned of 4 hands). A free one
	 * still warns: tests/rules/duckhammer/DH-13-weapon-load-past-bound.xml. */
	check_vets("      <option id=\"extra-axe\"/>\n", &res, NULL);
	EXPECT_REFS(&res, "");
	cr_assert_eq(res.errors, 0);
	cr_assert_eq(res.d.warnings, 0, "%s", fx_dump(&res.d));
	release(&res);
}

Test(duckhammer, rules_apply_per_list)
{
	static const char t[] =
		"<?xml version=\"1.0\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <list id=\"a\" size=\"all-out-war\">\n"
		"    <unit entry=\"thunder-crew\" models=\"1\"/>\n"
		"    <unit entry=\"thunder-crew\" models=\"1\"/>\n"
		"    <unit entry=\"thunder-crew\" models=\"1\"/>\n"
		"  </list>\n"
		"  <list id=\"b\" size=\"small-skirmish\">\n"
		"    <unit entry=\"thunder-crew\" models=\"1\"/>\n"
		"    <unit entry=\"thunder-crew\" models=\"9\" name=\"Too many\"/>\n"
		"    <unit entry=\"thunder-crew\" models=\"1\"/>\n"
		"    <unit entry=\"thunder-crew\" models=\"1\" name=\"Fourth\"/>\n"
		"  </list>\n"
		"</roster>\n";
	struct result res;
	check_text(t, &res);
	EXPECT_REFS(&res, "DH-5 DH-7");
	cr_assert_eq(cites(&res, "DH-5", 0)->line, fx_line_of(t, "Fourth"));
	cr_assert_eq(cites(&res, "DH-7", 0)->line, fx_line_of(t, "Too many"));
	release(&res);
}

/* --- a toy system: bounds Duckhammer does not use -------------------------------------------- */

static const char toy_rules[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<system xmlns=\"urn:x-muster:rules:1\" id=\"toy\" name=\"Toy\" rounding=\"up\">\n"
	"  <costs><cost id=\"pts\" name=\"Points\" abbr=\"pts\"/></costs>\n"
	"  <levels><level id=\"side\" name=\"Side\"/></levels>\n"
	"  <attributes>\n"
	"    <attribute id=\"rank\" name=\"Rank\" type=\"int\" min=\"0\" max=\"5\" required=\"true\"/>\n"
	"  </attributes>\n"
	"  <categories><category id=\"leader\" name=\"Leader\"/><category id=\"core\" name=\"Core\"/></categories>\n"
	"  <fields>\n"
	"    <field id=\"replacement\" name=\"Replacement list\" type=\"bool\"/>\n"
	"    <field id=\"home\" name=\"Defending home\" type=\"bool\"/>\n"
	"    <field id=\"territories\" name=\"Territories\" scope=\"roster\" default=\"0\"/>\n"
	"  </fields>\n"
	"  <sizes><size id=\"std\" name=\"Standard\"><limit cost=\"pts\" value=\"2250\"/></size></sizes>\n"
	"  <modifiers>\n"
	"    <modify limit=\"pts\" op=\"set\" value=\"2200\"><when><field name=\"replacement\" eq=\"true\"/></when></modify>\n"
	"    <modify limit=\"pts\" op=\"add\" value=\"300\"><when><field name=\"home\" eq=\"true\"/></when></modify>\n"
	"  </modifiers>\n"
	"  <rules>\n"
	"    <rule id=\"points\" ref=\"T-PTS\">\n"
	"      <sum cost=\"pts\" in=\"list\"/>\n"
	"      <at-most><limit cost=\"pts\"/></at-most>\n"
	"      <message>{count} of {bound} {cost} ({size})</message>\n"
	"    </rule>\n"
	"    <rule id=\"leaders\" ref=\"T-LEAD\">\n"
	"      <count of=\"units\" in=\"list\"><category id=\"leader\"/></count>\n"
	"      <at-most><per every=\"1000\" cost=\"pts\" basis=\"limit\" round=\"down\"/></at-most>\n"
	"      <message>{count} leaders; at most {bound}</message>\n"
	"    </rule>\n"
	"    <rule id=\"core\" ref=\"T-CORE\">\n"
	"      <sum cost=\"pts\" in=\"list\"><category id=\"core\"/></sum>\n"
	"      <at-least><percent value=\"25\" cost=\"pts\" basis=\"limit\" round=\"up\"/></at-least>\n"
	"      <message>core {count} {cost}, needs {bound}</message>\n"
	"    </rule>\n"
	"    <rule id=\"band\" ref=\"T-BAND\">\n"
	"      <count of=\"units\" in=\"list\"><category id=\"core\"/></count>\n"
	"      <at-least value=\"1\"/>\n"
	"      <at-most value=\"2\"/>\n"
	"      <message>{count} core units, bound {bound}</message>\n"
	"    </rule>\n"
	"    <rule id=\"lists\" ref=\"T-LISTS\">\n"
	"      <count of=\"lists\" in=\"roster\"/>\n"
	"      <at-most><add><num value=\"1\"/><if><when><field name=\"territories\" ge=\"5\"/></when><num value=\"1\"/></if><if><when><field name=\"territories\" ge=\"9\"/></when><num value=\"1\"/></if></add></at-most>\n"
	"      <message>{count} lists; at most {bound}</message>\n"
	"    </rule>\n"
	"    <rule id=\"unique\" ref=\"T-UNIQ\">\n"
	"      <count of=\"lists\" in=\"roster\" group-by=\"entry\"><category id=\"leader\"/></count>\n"
	"      <at-most value=\"1\"/>\n"
	"      <message>{group} in {count} lists</message>\n"
	"    </rule>\n"
	"    <rule id=\"ranks\" ref=\"T-DIST\" severity=\"warning\">\n"
	"      <distinct attr=\"rank\" in=\"list\" group-by=\"side\"/>\n"
	"      <at-most value=\"2\"/>\n"
	"      <message>side {group} fields {count} ranks</message>\n"
	"    </rule>\n"
	"  </rules>\n"
	"</system>\n";

static const char toy_catalog[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"toy\" id=\"toy\" name=\"Toy\">\n"
	"  <group level=\"side\" id=\"red\" name=\"Red\">\n"
	"    <entry id=\"general\" name=\"General\"><cost type=\"pts\" value=\"100\"/><stats rank=\"5\"/><categories>leader</categories></entry>\n"
	"    <entry id=\"captain\" name=\"Captain\"><cost type=\"pts\" value=\"50\"/><stats rank=\"5\"/><categories>leader</categories></entry>\n"
	"    <entry id=\"sergeant\" name=\"Sergeant\"><cost type=\"pts\" value=\"20\"/><stats rank=\"3\"/></entry>\n"
	"    <entry id=\"spear\" name=\"Spearmen\"><cost type=\"pts\" value=\"10\"/><stats rank=\"1\"/><categories>core</categories></entry>\n"
	"  </group>\n"
	"  <group level=\"side\" id=\"blue\" name=\"Blue\">\n"
	"    <entry id=\"archer\" name=\"Archers\"><cost type=\"pts\" value=\"12\"/><stats rank=\"1\"/></entry>\n"
	"    <entry id=\"scout\" name=\"Scouts\"><cost type=\"pts\" value=\"5\"/><stats rank=\"2\"/></entry>\n"
	"  </group>\n"
	"</catalog>\n";

static void toy_setup(void)
{
	fx_setup();
	char *a = fx_write_tmp("rules-xml/toy.xml", toy_rules);
	char *b = fx_write_tmp("catalogs/toy/toy.xml", toy_catalog);
	free(a);
	free(b);
	data_add_dir(fx_tmpdir());
}

TestSuite(toy, .init = toy_setup, .fini = fx_teardown);

/* A toy roster: roster-level children, then one list per entry of lists (NULL-terminated),
 * each "ATTRS|BODY". */
static char *toy_roster(const char *roster_fields, const char *const *lists)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "<?xml version=\"1.0\"?>\n"
	                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"toy\">\n%s",
	            roster_fields ? roster_fields : "");
	for (size_t i = 0; lists[i]; i++) {
		const char *bar = strchr(lists[i], '|');
		cr_assert_not_null(bar);
		strbuf_addf(&sb, "  <list id=\"l%zu\" %.*s>\n%s  </list>\n", i + 1, (int)(bar - lists[i]),
		            lists[i], bar + 1);
	}
	strbuf_adds(&sb, "</roster>\n");
	return strbuf_detach(&sb);
}

static void check_toy(const char *roster_fields, const char *const *lists, struct result *res,
                      char **text)
{
	char *t = toy_roster(roster_fields, lists);
	check_text(t, res);
	if (text)
		*text = t;
	else
		free(t);
}

Test(toy, per_full_thousand_rounds_down)
{
	/* At most 1 leader per full 1000 points of the limit: 1999 allows 1, 2000 allows 2. */
	static const char body[] =
		"    <unit entry=\"general\" models=\"1\"/>\n"
		"    <unit entry=\"captain\" models=\"1\" name=\"Second leader\"/>\n"
		"    <unit entry=\"spear\" models=\"50\"/>\n";
	char *l = xasprintf("|    <limit value=\"1999\"/>\n%s", body);
	const char *lists[] = { l, NULL };
	struct result res;
	char *t = NULL;
	check_toy(NULL, lists, &res, &t);
	EXPECT_REFS(&res, "T-LEAD");
	const struct diag *g = cites(&res, "T-LEAD", 0);
	cr_assert_str_eq(g->msg, "2 leaders; at most 1");
	cr_assert_eq(g->line, fx_line_of(t, "Second leader"), "at the leader past the bound");
	release(&res);
	free(t);
	free(l);
	l = xasprintf("|    <limit value=\"2000\"/>\n%s", body);
	lists[0] = l;
	check_toy(NULL, lists, &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
	free(l);
}

Test(toy, percentage_rounds_up)
{
	/* Core must be at least 25% of the limit, rounded up: 2000 -> 500, 2001 -> 501. */
	static const char body[] =
		"    <unit entry=\"general\" models=\"1\"/>\n"
		"    <unit entry=\"spear\" models=\"50\"/>\n";
	char *l = xasprintf("|    <limit value=\"2000\"/>\n%s", body);
	const char *lists[] = { l, NULL };
	struct result res;
	check_toy(NULL, lists, &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
	free(l);
	l = xasprintf("|    <limit value=\"2001\"/>\n%s", body);
	lists[0] = l;
	check_toy(NULL, lists, &res, NULL);
	EXPECT_REFS(&res, "T-CORE");
	cr_assert_str_eq(cites(&res, "T-CORE", 0)->msg, "core 500 pts, needs 501");
	release(&res);
	free(l);
}

Test(toy, at_least_sees_zero)
{
	/* No core unit at all: the sum is 0 and the count 0, both below their bounds. */
	const char *lists[] = { "size=\"std\"|    <unit entry=\"general\" models=\"1\"/>\n", NULL };
	struct result res;
	check_toy(NULL, lists, &res, NULL);
	EXPECT_REFS(&res, "T-BAND T-CORE");
	cr_assert_str_eq(cites(&res, "T-CORE", 0)->msg, "core 0 pts, needs 563");
	cr_assert_str_eq(cites(&res, "T-BAND", 0)->msg, "0 core units, bound 1");
	release(&res);
}

Test(toy, at_most_and_at_least_in_one_rule)
{
	const char *lists[] = { "size=\"std\"|"
		"    <unit entry=\"spear\" models=\"20\"/>\n"
		"    <unit entry=\"spear\" models=\"20\"/>\n"
		"    <unit entry=\"spear\" models=\"20\"/>\n", NULL };
	struct result res;
	check_toy(NULL, lists, &res, NULL);
	EXPECT_REFS(&res, "T-BAND");
	cr_assert_str_eq(cites(&res, "T-BAND", 0)->msg, "3 core units, bound 2");
	release(&res);
}

Test(toy, limit_modifiers_from_fields)
{
	/* 100 + 50 + 2060 = 2210 points: over a replacement list's 2200, within 2250. */
	static const char body[] =
		"    <unit entry=\"general\" models=\"1\"/>\n"
		"    <unit entry=\"captain\" models=\"1\"/>\n"
		"    <unit entry=\"spear\" models=\"206\"/>\n";
	static const struct {
		const char *fields;
		long limit;
		const char *refs;
	} cases[] = {
		{ "", 2250, "" },
		{ "    <field name=\"replacement\" value=\"true\"/>\n", 2200, "T-PTS" },
		{ "    <field name=\"replacement\" value=\"false\"/>\n", 2250, "" },
		{ "    <field name=\"home\" value=\"true\"/>\n", 2550, "" },
		{ "    <field name=\"replacement\" value=\"true\"/>\n    <field name=\"home\" value=\"true\"/>\n",
		  2500, "" },
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(cases); i++) {
		char *l = xasprintf("size=\"std\"|%s%s", cases[i].fields, body);
		const char *lists[] = { l, NULL };
		struct result res;
		check_toy(NULL, lists, &res, NULL);
		cr_expect_eq(res.limit, cases[i].limit, "case %zu: limit %ld", i, res.limit);
		cr_expect_str_eq(res.refs, cases[i].refs, "case %zu: '%s'%s", i, res.refs, fx_dump(&res.d));
		if (strcmp(cases[i].refs, "T-PTS") == 0)
			cr_expect_str_eq(cites(&res, "T-PTS", 0)->msg, "2210 of 2200 pts (Standard)");
		release(&res);
		free(l);
	}
}

Test(toy, custom_limit_has_no_size_name)
{
	const char *lists[] = { "|    <limit value=\"100\"/>\n"
		"    <unit entry=\"general\" models=\"1\"/>\n"
		"    <unit entry=\"spear\" models=\"3\"/>\n", NULL };
	struct result res;
	check_toy(NULL, lists, &res, NULL);
	EXPECT_REFS(&res, "T-LEAD T-PTS");
	cr_assert_str_eq(cites(&res, "T-PTS", 0)->msg, "130 of 100 pts (custom size)");
	cr_assert_str_eq(cites(&res, "T-LEAD", 0)->msg, "1 leaders; at most 0");
	release(&res);
}

Test(toy, roster_wide_counts_and_tables)
{
	static const char list_general[] =
		"size=\"std\"|    <unit entry=\"general\" models=\"1\"/>\n    <unit entry=\"spear\" models=\"60\"/>\n";
	static const char list_general_again[] =
		"size=\"std\"|    <unit entry=\"spear\" models=\"60\"/>\n"
		"    <unit entry=\"general\" models=\"1\" name=\"General again\"/>\n";
	static const char list_captain[] =
		"size=\"std\"|    <unit entry=\"captain\" models=\"1\"/>\n    <unit entry=\"spear\" models=\"60\"/>\n";
	const char *two[] = { list_general, list_general_again, NULL };
	struct result res;
	char *t = NULL;
	/* Territories 0: one list allowed; the General is in both. */
	check_toy(NULL, two, &res, &t);
	EXPECT_REFS(&res, "T-LISTS T-UNIQ");
	cr_assert_str_eq(cites(&res, "T-LISTS", 0)->msg, "2 lists; at most 1");
	const struct diag *g = cites(&res, "T-UNIQ", 0);
	cr_assert_str_eq(g->msg, "General in 2 lists");
	cr_assert_eq(g->line, fx_line_of(t, "General again"), "where the General appears again");
	cr_assert_eq(res.errors, 2, "roster-wide rules report once, not once per list");
	release(&res);
	free(t);
	/* Five territories: two lists. */
	check_toy("  <field name=\"territories\" value=\"5\"/>\n", two, &res, NULL);
	EXPECT_REFS(&res, "T-UNIQ");
	release(&res);
	const char *other[] = { list_general, list_captain, NULL };
	check_toy("  <field name=\"territories\" value=\"9\"/>\n", other, &res, NULL);
	EXPECT_REFS(&res, "");
	release(&res);
	const char *three[] = { list_general, list_captain, list_captain, NULL };
	check_toy("  <field name=\"territories\" value=\"8\"/>\n", three, &res, NULL);
	EXPECT_REFS(&res, "T-LISTS T-UNIQ");
	cr_assert_str_eq(cites(&res, "T-LISTS", 0)->msg, "3 lists; at most 2");
	cr_assert_str_eq(cites(&res, "T-UNIQ", 0)->msg, "Captain in 2 lists");
	release(&res);
}

/* With at least as many units as the system has entries, units are grouped by their entry's
 * number (check.c, entry_group), not by its id: the same groups, the same message. */
Test(toy, grouped_by_entry_over_more_units_than_entries)
{
	static const char list_general[] =
		"size=\"std\"|    <unit entry=\"captain\" models=\"1\"/>\n    <unit entry=\"spear\" models=\"60\"/>\n"
		"    <unit entry=\"general\" models=\"1\"/>\n    <unit entry=\"archer\" models=\"1\"/>\n";
	static const char list_general_again[] =
		"size=\"std\"|    <unit entry=\"spear\" models=\"60\"/>\n"
		"    <unit entry=\"archer\" models=\"1\"/>\n    <unit entry=\"archer\" models=\"1\"/>\n"
		"    <unit entry=\"general\" models=\"1\" name=\"General again\"/>\n";
	const char *two[] = { list_general, list_general_again, NULL };
	struct result res;
	char *t = NULL;
	check_toy("  <field name=\"territories\" value=\"5\"/>\n", two, &res, &t);
	EXPECT_REFS(&res, "T-UNIQ");
	const struct diag *g = cites(&res, "T-UNIQ", 0);
	cr_assert_str_eq(g->msg, "General in 2 lists");
	cr_assert_eq(g->line, fx_line_of(t, "General again"), "where the General appears again");
	release(&res);
	free(t);
}

/* The diagnostic citing ref, or NULL (no assertion: for tests that must clean up). */
static const struct diag *find_ref(const struct result *res, const char *ref)
{
	for (size_t i = 0; i < res->d.n; i++)
		if (res->d.v[i].ref && strcmp(res->d.v[i].ref, ref) == 0)
			return &res->d.v[i];
	return NULL;
}

Test(toy, distinct_values_per_group)
{
	/* At most 2 ranks per side. Red: 5 and 1; Blue: 1 and 2. Three ranks in all, but no side
	 * has more than two: nothing to report. (Expectations, not assertions: the results are
	 * released whatever happens.) */
	const char *lists[] = { "size=\"std\"|"
		"    <unit entry=\"general\" models=\"1\"/>\n"
		"    <unit entry=\"spear\" models=\"60\"/>\n"
		"    <unit entry=\"archer\" models=\"5\"/>\n"
		"    <unit entry=\"scout\" models=\"5\"/>\n", NULL };
	struct result res;
	check_toy(NULL, lists, &res, NULL);
	cr_expect_str_eq(res.refs, "", "distinct values are counted per group:%s", fx_dump(&res.d));
	release(&res);
	/* Red: 5, 3 and 1: one warning, for Red only. */
	const char *red[] = { "size=\"std\"|"
		"    <unit entry=\"general\" models=\"1\"/>\n"
		"    <unit entry=\"sergeant\" models=\"1\"/>\n"
		"    <unit entry=\"spear\" models=\"60\"/>\n"
		"    <unit entry=\"archer\" models=\"5\"/>\n", NULL };
	check_toy(NULL, red, &res, NULL);
	cr_expect_str_eq(res.refs, "T-DIST(w)", "one warning, for Red:%s", fx_dump(&res.d));
	const struct diag *g = find_ref(&res, "T-DIST");
	cr_expect(g && strcmp(g->msg, "side Red fields 3 ranks") == 0, "%s", fx_dump(&res.d));
	cr_expect_eq(res.errors, 0);
	release(&res);
}
