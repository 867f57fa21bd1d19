/* test-system.c - unit tests of system.c and data.c: loading game systems from rules-xml
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Duckhammer is loaded from the source tree (MUSTER_DATA_PATH); the error cases write small
 * "toy" systems into a temporary directory, whose schemas come from the source tree.
 */
#include "muster.h"
#include "check.h"
#include "data.h"
#include "idx.h"
#include "select.h"
#include "session.h"
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

TestSuite(system, .init = fx_setup, .fini = fx_teardown);
TestSuite(toy, .init = fx_setup, .fini = fx_teardown);
TestSuite(data, .init = fx_setup, .fini = fx_teardown);

/* --- Duckhammer ------------------------------------------------------------------------------ */

static const struct keyword_def *kw(const struct system *sys, const char *id)
{
	const struct keyword_def *k = idx_get(sys->kw_idx, id);
	cr_assert_not_null(k, "no keyword '%s'", id);
	return k;
}

Test(system, duckhammer_loads_cleanly)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	cr_assert_eq(d.n, 0, "loading the shipped data gives diagnostics:%s", fx_dump(&d));
	cr_assert_str_eq(sys->id, "duckhammer");
	cr_assert_str_eq(sys->name, "Duckhammer");
	cr_assert_eq(sys->rounding, ROUND_UP, "DH-1: every partial number rounds up");
	char *want = xasprintf("%s/rules-xml/duckhammer.xml", fx_src_dir());
	cr_assert_str_eq(sys->file, want);
	free(want);
	cr_assert_geq(sys->n_catalogs, 2, "impondium and example-honkers");
	system_free(sys);
}

Test(system, duckhammer_costs)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	cr_assert_eq(sys->n_costs, 1);
	cr_assert_str_eq(sys->costs[0].id, "ap");
	cr_assert_str_eq(sys->costs[0].name, "Army Points");
	cr_assert_str_eq(sys->costs[0].abbr, "AP");
	cr_assert_eq(sys->costs[0].index, 0);
	cr_assert_eq(idx_get(sys->cost_idx, "ap"), &sys->costs[0]);
	system_free(sys);
}

static const char *fact(const struct size_def *s, const char *name)
{
	for (size_t i = 0; i < s->n_facts; i++)
		if (strcmp(s->facts[i].name, name) == 0)
			return s->facts[i].value;
	return NULL;
}

Test(system, duckhammer_battle_sizes_dh2)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	static const struct {
		const char *id, *name;
		long limit;
		const char *vp, *map;
	} want[] = {
		{ "small-skirmish", "Small Skirmish", 120, "12", "30 x 42 inches" },
		{ "large-skirmish", "Large Skirmish", 300, "14", "42 x 60 inches" },
		{ "great-battle", "Great Battle", 420, "16", "42 x 84 inches" },
		{ "all-out-war", "All-Out War", 600, "18", "60 x 84 inches" },
	};
	cr_assert_eq(sys->n_sizes, 4);
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(want); i++) {
		const struct size_def *s = system_size(sys, want[i].id);
		cr_assert_not_null(s, "no size %s", want[i].id);
		cr_assert_str_eq(s->name, want[i].name);
		cr_assert_eq(s->limits[0], want[i].limit, "%s: limit %ld", want[i].id, s->limits[0]);
		cr_assert_str_eq(fact(s, "VP to win"), want[i].vp);
		cr_assert_str_eq(fact(s, "Map"), want[i].map);
		cr_assert_gt(s->line, 0);
	}
	cr_assert_null(system_size(sys, "all-out"));
	system_free(sys);
}

Test(system, duckhammer_grade_labels_dh6)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	const struct attr_def *g = system_attr(sys, "grade");
	cr_assert_not_null(g);
	cr_assert_eq(g->type, ATTR_INT);
	cr_assert_eq(g->on, ON_UNIT);
	cr_assert_eq(g->min, 0);
	cr_assert_eq(g->max, 6);
	cr_assert(g->required);
	static const char *const names[] = {
		"Conscript", "Soldier", "Officer", "Vehicle", "Hero", "Leader", "Legend",
	};
	for (long v = 0; v <= 6; v++) {
		const struct value_label *l = attr_label(g, v);
		cr_assert_not_null(l, "no label for grade %ld", v);
		cr_assert_str_eq(l->label, names[v]);
		if (v >= 4)
			cr_assert(l->note && strstr(l->note, "2 VP"), "grade %ld: note '%s'", v,
			          l->note ? l->note : "(none)");
		else
			cr_assert_null(l->note, "grade %ld has a note", v);
	}
	cr_assert(strstr(attr_label(g, 6)->note, "reinforcements"));
	cr_assert_null(attr_label(g, 7));
	cr_assert_null(attr_label(g, -1));
	system_free(sys);
}

Test(system, duckhammer_attributes)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	const struct attr_def *ms = system_attr(sys, "ms");
	cr_assert_not_null(ms);
	cr_assert_str_eq(ms->suffix, "\"");
	struct value v = { true, 6, NULL };
	char *s = value_display(sys, ms, &v);
	cr_assert_str_eq(s, "6\"");
	free(s);
	s = value_display(sys, ms, NULL);
	cr_assert_str_eq(s, "-");
	free(s);

	const struct attr_def *cs = system_attr(sys, "cs");
	cr_assert_not_null(cs);
	cr_assert_eq(cs->type, ATTR_LADDER);
	cr_assert_not_null(cs->ladder);
	cr_assert_str_eq(cs->ladder->id, "charge");
	cr_assert_eq(cs->ladder->n, 8, "DH-13 charge ladder 0 2 2d2 2d3 2d4 3d3 2d6 4d3");
	cr_assert_str_eq(cs->ladder->steps[0], "0");
	cr_assert_str_eq(cs->ladder->steps[3], "2d3");
	cr_assert_str_eq(cs->ladder->steps[7], "4d3");

	const struct attr_def *fl = system_attr(sys, "fl");
	cr_assert_str_eq(fl->ladder->id, "speed");
	cr_assert_eq(fl->ladder->n, 3);

	static const char *const levels[] = { "feather", "faction", "subfaction" };
	for (size_t i = 0; i < 3; i++) {
		const struct attr_def *a = system_attr(sys, levels[i]);
		cr_assert_not_null(a, "no level %s", levels[i]);
		cr_assert_eq(a->type, ATTR_LEVEL);
		cr_assert_eq(a->on, ON_UNIT);
	}
	static const char *const weapon_attrs[] = { "kind", "damage", "range", "size", "cost" };
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(weapon_attrs); i++) {
		const struct attr_def *a = system_attr(sys, weapon_attrs[i]);
		cr_assert_not_null(a, "no weapon attribute %s", weapon_attrs[i]);
		cr_assert_eq(a->on, ON_ITEM, "%s is not on weapons", weapon_attrs[i]);
		cr_assert_lt(a->index, sys->n_item_attrs);
	}
	cr_assert(!system_attr(sys, "cost")->card, "card=\"false\"");
	cr_assert(system_attr(sys, "damage")->card);
	cr_assert(!system_attr(sys, "size")->required);
	/* Unit and weapon attributes are numbered separately, each from 0 without gaps. */
	bool seen_u[64] = { false }, seen_w[64] = { false };
	cr_assert_eq(sys->n_unit_attrs + sys->n_item_attrs, sys->n_attrs);
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		bool *seen = a->on == ON_ITEM ? seen_w : seen_u;
		cr_assert_lt(a->index, 64);
		cr_assert(!seen[a->index], "index %zu used twice", a->index);
		seen[a->index] = true;
	}
	for (size_t i = 0; i < sys->n_unit_attrs; i++)
		cr_assert(seen_u[i]);
	for (size_t i = 0; i < sys->n_item_attrs; i++)
		cr_assert(seen_w[i]);
	system_free(sys);
}

Test(system, duckhammer_keyword_replaces_dh11)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	const struct keyword_def *sc = kw(sys, "supercleave"), *cl = kw(sys, "cleave"),
	                         *mw = kw(sys, "masterwork");
	cr_assert_eq(sc->on, ON_ITEM);
	cr_assert_eq(sc->replaces, cl, "supercleave replaces cleave");
	cr_assert_null(cl->replaces);
	cr_assert_eq(sc->n_removes, 1);
	cr_assert_eq(sc->removes[0], mw->index, "taking supercleave removes masterwork");
	/* providers: a selector for cleave also matches supercleave, not the other way. */
	cr_assert(kw_has(cl->providers, cl->index));
	cr_assert(kw_has(cl->providers, sc->index));
	cr_assert(kw_has(sc->providers, sc->index));
	cr_assert(!kw_has(sc->providers, cl->index));
	cr_assert(!kw_has(mw->providers, sc->index), "supercleave does not count as masterwork");
	const struct keyword_def *un = kw(sys, "unflinching");
	cr_assert_eq(un->on, ON_UNIT);
	cr_assert_eq(un->replaces, kw(sys, "stubborn"));
	cr_assert_eq(un->n_removes, 1);
	cr_assert_eq(un->removes[0], kw(sys, "trained")->index);
	cr_assert(kw_has(kw(sys, "trained")->providers, kw(sys, "paragon")->index));
	cr_assert_eq(kw(sys, "accurate")->removes[0], kw(sys, "inaccurate")->index);
	cr_assert_str_eq(kw(sys, "point-blank")->name, "Point Blank");
	cr_assert_eq(sys->kw_words, (sys->n_keywords + 63) / 64);
	system_free(sys);
}

Test(system, duckhammer_rules)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	cr_assert_gt(sys->n_rules, 0);
	cr_assert_eq(idx_size(sys->rule_idx), sys->n_rules);
	const struct rule *r = idx_get(sys->rule_idx, "dh-6-vehicles");
	cr_assert_not_null(r);
	cr_assert_str_eq(rule_id(r), "dh-6-vehicles");
	cr_assert_str_eq(rule_ref(r), "DH-6");
	bool seen[15] = { false };
	for (size_t i = 0; i < sys->n_rules; i++) {
		const char *ref = rule_ref_of(sys, i);
		cr_assert_not_null(rule_id_of(sys, i));
		long k = 0;
		if (strncmp(ref, "DHC-", 4) == 0) { /* campaign rules: DHC-1 to DHC-10 */
			cr_assert_eq(parse_long(ref + 4, 1, 10, &k), 0, "bad reference %s", ref);
			continue;
		}
		cr_assert(strncmp(ref, "DH-", 3) == 0, "rule %s cites '%s'", rule_id_of(sys, i), ref);
		long n = 0;
		cr_assert_eq(parse_long(ref + 3, 1, 14, &n), 0, "bad reference %s", ref);
		seen[n] = true;
	}
	for (int n = 2; n <= 13; n++)
		cr_assert(seen[n], "no rule cites DH-%d", n);
	system_free(sys);
}

Test(system, duckhammer_lookups)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	cr_assert_not_null(system_entry(sys, "quack-marine"));
	cr_assert_not_null(system_entry(sys, "goose-warden"));
	cr_assert_null(system_entry(sys, "Quack Marine"));
	const struct group *g = system_group(sys, "auks");
	cr_assert_not_null(g);
	cr_assert_str_eq(g->name, "Au'ks");
	cr_assert_null(system_group(sys, "nope"));
	cr_assert_null(system_attr(sys, "nope"));
	system_free(sys);
}

Test(system, unknown_system)
{
	struct diags d = DIAGS_INIT;
	cr_assert_null(session_system(fx_session(), "warhammer", &d));
	cr_assert_eq(d.fatals, 1, "%s", fx_dump(&d));
	cr_assert_null(d.v[0].file);
	cr_assert(strstr(d.v[0].msg, "'warhammer'"), "%s", d.v[0].msg);
	cr_assert(strstr(d.v[0].msg, "duckhammer"), "the known systems are listed: %s", d.v[0].msg);
	diags_release(&d);
}

Test(system, system_id_is_not_a_path)
{
	struct diags d = DIAGS_INIT;
	cr_assert_null(data_system_root("../rules-xml/duckhammer"));
	cr_assert_null(data_system_root(".."));
	cr_assert_null(data_system_root(""));
	cr_assert_null(session_system(fx_session(), "rules-xml/../duckhammer", &d));
	cr_assert_eq(d.fatals, 1);
	diags_release(&d);
}

/* --- toy systems: what the loader refuses ---------------------------------------------------- */

static const char toy_default_keywords[] =
	"    <keyword id=\"a\" name=\"A\"/>\n"
	"    <keyword id=\"b\" name=\"B\" replaces=\"a\"/>\n"
	"    <keyword id=\"c\" replaces=\"b\" removes=\"d\"/>\n"
	"    <keyword id=\"d\" name=\"D\"/>\n"
	"    <keyword id=\"edge\" name=\"Edge\" on=\"item\"/>\n";

static const char toy_default_rule[] =
	"    <rule id=\"one-boss\" ref=\"T-1\">\n"
	"      <count of=\"units\" in=\"list\"><attr name=\"rank\" eq=\"5\"/></count>\n"
	"      <at-most value=\"1\"/>\n"
	"      <message>{count} bosses; at most {bound}</message>\n"
	"    </rule>\n";

/* A toy system file with the given keywords and rules (NULL: the defaults). */
static char *toy_text(const char *keywords, const char *rules)
{
	return xasprintf(
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<system xmlns=\"urn:x-muster:rules:1\" id=\"toy\" name=\"Toy\" rounding=\"down\">\n"
		"  <costs><cost id=\"pts\" name=\"Points\" abbr=\"pts\"/></costs>\n"
		"  <ladders><ladder id=\"speed\">slow fast</ladder></ladders>\n"
		"  <levels><level id=\"side\" name=\"Side\"/></levels>\n"
		"  <attributes>\n"
		"    <attribute id=\"rank\" name=\"Rank\" type=\"int\" min=\"0\" max=\"5\" required=\"true\">\n"
		"      <label value=\"5\" name=\"Boss\" note=\"worth 2 VP\"/>\n"
		"    </attribute>\n"
		"    <attribute id=\"move\" name=\"Move\" type=\"ladder\" ladder=\"speed\"/>\n"
		"    <attribute id=\"reach\" name=\"Reach\" type=\"int\" on=\"item\"/>\n"
		"  </attributes>\n"
		"  <keywords>\n%s  </keywords>\n"
		"  <categories><category id=\"leader\" name=\"Leader\"/></categories>\n"
		"  <sizes><size id=\"small\" name=\"Small\"><limit value=\"100\"/><fact name=\"VP\" value=\"10\"/></size></sizes>\n"
		"  <rules>\n%s  </rules>\n"
		"</system>\n",
		keywords ? keywords : toy_default_keywords, rules ? rules : toy_default_rule);
}

/* Writes the toy system and loads it by path, with no catalogs. */
static struct system *load_toy(const char *text, struct diags *d)
{
	char *p = fx_write_tmp("rules-xml/toy.xml", text);
	struct system *sys = system_load_file(session_schemas(fx_session()), p, NULL, d);
	free(p);
	return sys;
}

/* Loads the rules file text, which must fail with a fatal diagnostic containing needle, at the
 * line of marker in the file. */
static void expect_text_fatal(const char *text, const char *needle, const char *marker)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = load_toy(text, &d);
	cr_assert_null(sys, "the toy system loaded although it %s", needle);
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, needle);
	cr_assert_not_null(g, "no fatal diagnostic containing '%s':%s", needle, fx_dump(&d));
	cr_assert(g->file && strstr(g->file, "rules-xml/toy.xml"), "file %s", g->file ? g->file : "-");
	long want = fx_line_of(text, marker);
	cr_assert_gt(want, 0, "marker %s", marker);
	cr_assert_eq(g->line, want, "'%s' reported at line %ld, expected %ld (%s)", needle, g->line,
	             want, marker);
	diags_release(&d);
}

/* The same for the toy system with these keywords and rules. */
static void expect_toy_fatal(const char *keywords, const char *rules, const char *needle,
                             const char *marker)
{
	char *text = toy_text(keywords, rules);
	expect_text_fatal(text, needle, marker);
	free(text);
}

Test(toy, loads_and_is_what_it_says)
{
	char *text = toy_text(NULL, NULL);
	struct diags d = DIAGS_INIT;
	struct system *sys = load_toy(text, &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	cr_assert_eq(sys->rounding, ROUND_DOWN);
	cr_assert_eq(sys->n_catalogs, 0);
	cr_assert_eq(sys->n_rules, 1);
	cr_assert_str_eq(rule_ref_of(sys, 0), "T-1");
	cr_assert_eq(sys->n_sizes, 1);
	cr_assert_eq(sys->sizes[0].limits[0], 100, "a <limit> without cost= uses the only cost");
	cr_assert_eq(sys->n_unit_attrs, 3, "side, rank, move");
	cr_assert_eq(sys->n_item_attrs, 1);
	cr_assert_str_eq(attr_label(system_attr(sys, "rank"), 5)->note, "worth 2 VP");
	/* c replaces b replaces a: a selector for a matches a, b and c. */
	const struct keyword_def *a = kw(sys, "a"), *b = kw(sys, "b"), *c = kw(sys, "c"),
	                         *dd = kw(sys, "d");
	cr_assert(kw_has(a->providers, a->index));
	cr_assert(kw_has(a->providers, b->index));
	cr_assert(kw_has(a->providers, c->index));
	cr_assert(!kw_has(a->providers, dd->index));
	cr_assert(kw_has(b->providers, c->index));
	cr_assert(!kw_has(b->providers, a->index));
	cr_assert(!kw_has(c->providers, b->index));
	cr_assert_str_eq(c->name, "c", "a keyword without name= is named by its id");
	cr_assert_eq(c->removes[0], dd->index);
	cr_assert_eq(kw(sys, "edge")->on, ON_ITEM);
	system_free(sys);
	free(text);
}

Test(toy, many_keywords_span_several_words)
{
	struct strbuf k = STRBUF_INIT;
	for (int i = 0; i < 150; i++) {
		if (i == 0)
			strbuf_addf(&k, "    <keyword id=\"k%d\"/>\n", i);
		else
			strbuf_addf(&k, "    <keyword id=\"k%d\" replaces=\"k%d\"/>\n", i, i - 1);
	}
	char *text = toy_text(k.s, NULL);
	struct diags d = DIAGS_INIT;
	struct system *sys = load_toy(text, &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_eq(sys->n_keywords, 150);
	cr_assert_eq(sys->kw_words, 3);
	const struct keyword_def *k0 = kw(sys, "k0"), *k70 = kw(sys, "k70"), *k149 = kw(sys, "k149");
	/* k149 replaces ... replaces k0: every keyword provides k0; only k149 provides k149. */
	for (size_t i = 0; i < 150; i++)
		cr_assert(kw_has(k0->providers, i), "k%zu does not provide k0", i);
	cr_assert(kw_has(k70->providers, k149->index));
	cr_assert(!kw_has(k70->providers, 69));
	cr_assert(!kw_has(k149->providers, 148));
	system_free(sys);
	free(text);
	strbuf_release(&k);
}

Test(toy, selector_with_unknown_attribute)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"><attr name=\"nosuch\" eq=\"1\"/></count>\n"
	                 "      <at-most value=\"1\"/>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n",
	                 "unknown attribute 'nosuch'", "name=\"nosuch\"");
}

Test(toy, bound_value_not_a_number)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"/>\n"
	                 "      <at-most value=\"abc\"/>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n",
	                 "'abc'", "value=\"abc\"");
}

Test(toy, keyword_replaces_cycle)
{
	expect_toy_fatal("    <keyword id=\"a\" replaces=\"b\"/>\n"
	                 "    <keyword id=\"b\" replaces=\"a\"/>\n",
	                 NULL, "cycle", "id=\"a\"");
}

Test(toy, keyword_replaces_itself)
{
	expect_toy_fatal("    <keyword id=\"x\"/>\n"
	                 "    <keyword id=\"self\" replaces=\"self\"/>\n",
	                 NULL, "cycle", "id=\"self\"");
}

Test(toy, keyword_replaces_or_removes_unknown)
{
	expect_toy_fatal("    <keyword id=\"x\" replaces=\"ghost\"/>\n", NULL,
	                 "unknown keyword 'ghost'", "replaces=\"ghost\"");
	data_cleanup();
	expect_toy_fatal("    <keyword id=\"x\"/>\n    <keyword id=\"y\" removes=\"x ghost\"/>\n", NULL,
	                 "unknown keyword 'ghost'", "removes=\"x ghost\"");
}

Test(toy, duplicate_keyword_id)
{
	expect_toy_fatal("    <keyword id=\"x\"/>\n    <keyword id=\"x\" name=\"Again\"/>\n", NULL,
	                 "used twice", "name=\"Again\"");
}

Test(toy, name_pattern_does_not_compile)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\">\n"
	                 "        <name matches=\"(\"/>\n"
	                 "      </count>\n"
	                 "      <at-most value=\"1\"/>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n",
	                 "does not compile", "matches=");
}

Test(toy, unknown_message_placeholder)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"/>\n"
	                 "      <at-most value=\"1\"/>\n"
	                 "      <message>{count} of {nosuch}</message>\n"
	                 "    </rule>\n",
	                 "{nosuch}", "{nosuch}");
}

Test(toy, this_placeholder_needs_each)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"/>\n"
	                 "      <at-most value=\"1\"/>\n"
	                 "      <message>rank {this.rank}</message>\n"
	                 "    </rule>\n",
	                 "{this.rank}", "{this.rank}");
}

Test(toy, this_placeholder_in_each_rule_is_fine)
{
	char *text = toy_text(NULL,
	                      "    <rule id=\"r1\">\n"
	                      "      <each of=\"units\"/>\n"
	                      "      <count of=\"models\" in=\"unit\"/>\n"
	                      "      <at-most this=\"rank\"/>\n"
	                      "      <message>{this} rank {this.rank}: {count} of {bound}, {diff} over</message>\n"
	                      "    </rule>\n");
	struct diags d = DIAGS_INIT;
	struct system *sys = load_toy(text, &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	system_free(sys);
	free(text);
}

Test(toy, every_bad_rule_is_reported)
{
	char *text = toy_text(NULL,
	                      "    <rule id=\"r1\">\n"
	                      "      <count of=\"units\"><keyword id=\"ghost1\"/></count>\n"
	                      "      <at-most value=\"1\"/><message>x</message>\n"
	                      "    </rule>\n"
	                      "    <rule id=\"r2\">\n"
	                      "      <count of=\"units\"><entry id=\"ghost2\"/></count>\n"
	                      "      <at-most value=\"1\"/><message>x</message>\n"
	                      "    </rule>\n");
	struct diags d = DIAGS_INIT;
	cr_assert_null(load_toy(text, &d));
	const struct diag *g1 = fx_find_diag(&d, SEV_FATAL, "ghost1");
	const struct diag *g2 = fx_find_diag(&d, SEV_FATAL, "ghost2");
	cr_assert_not_null(g1, "%s", fx_dump(&d));
	cr_assert_not_null(g2, "the second bad rule is reported too:%s", fx_dump(&d));
	cr_assert_eq(g1->line, fx_line_of(text, "ghost1"));
	cr_assert_eq(g2->line, fx_line_of(text, "ghost2"));
	cr_assert_eq(d.fatals, 2, "%s", fx_dump(&d));
	diags_release(&d);
	free(text);
}

Test(toy, duplicate_rule_id)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\"><count of=\"units\"/><at-most value=\"1\"/><message>x</message></rule>\n"
	                 "    <rule id=\"r1\" ref=\"SECOND\"><count of=\"units\"/><at-most value=\"2\"/><message>y</message></rule>\n",
	                 "used twice", "SECOND");
}

Test(toy, aggregate_without_bound)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\" in=\"list\"/>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n",
	                 "needs <at-most> or <at-least>", "in=\"list\"");
}

Test(toy, rule_without_message)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"nomsg\">\n"
	                 "      <count of=\"units\"/><at-most value=\"1\"/>\n"
	                 "    </rule>\n",
	                 "needs a <message>", "id=\"nomsg\"");
}

Test(toy, this_bound_needs_each)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"/>\n"
	                 "      <at-most this=\"rank\"/>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n",
	                 "<each>", "this=\"rank\"");
}

Test(toy, ordered_comparison_of_a_level)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"><attr name=\"side\" lt=\"x\"/></count>\n"
	                 "      <at-most value=\"1\"/><message>x</message>\n"
	                 "    </rule>\n",
	                 "not ordered", "lt=\"x\"");
}

Test(toy, ladder_value_not_a_step)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"><attr name=\"move\" ge=\"warp\"/></count>\n"
	                 "      <at-most value=\"1\"/><message>x</message>\n"
	                 "    </rule>\n",
	                 "'warp' is not a step of ladder 'speed'", "ge=\"warp\"");
}

Test(toy, per_bound_rounding_setting)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"r1\">\n"
	                 "      <count of=\"units\"/>\n"
	                 "      <at-most><per every=\"0\" basis=\"limit\" round=\"down\"/></at-most>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n",
	                 "every", "every=\"0\"");
}

Test(toy, taking_needs_require)
{
	expect_toy_fatal(NULL,
	                 "    <rule id=\"take\">\n"
	                 "      <each of=\"units\" taking=\"b\"/>\n"
	                 "      <count of=\"units\" in=\"list\"/>\n"
	                 "      <at-most value=\"1\"/>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n",
	                 "<require>", "id=\"take\"");
}

Test(toy, cycle_of_taking_requirements)
{
	/* Taking a needs d first and taking d needs a first: neither can ever be taken. */
	expect_toy_fatal(NULL,
	                 "    <rule id=\"take-a\">\n"
	                 "      <each of=\"units\" taking=\"a\"/>\n"
	                 "      <require><keyword id=\"d\"/></require>\n"
	                 "      <message>x</message>\n"
	                 "    </rule>\n"
	                 "    <rule id=\"take-d\">\n"
	                 "      <each of=\"units\" taking=\"d\"/>\n"
	                 "      <require><keyword id=\"a\"/><keyword id=\"edge\"/></require>\n"
	                 "      <message>y</message>\n"
	                 "    </rule>\n",
	                 "cycle of requirements", "id=\"take-a\"");
}

Test(toy, requirements_without_a_cycle_load)
{
	/* A chain (a needs d, d needs edge) and a negated requirement are not cycles. */
	char *text = toy_text(NULL,
	                      "    <rule id=\"take-a\">\n"
	                      "      <each of=\"units\" taking=\"a\"/>\n"
	                      "      <require><keyword id=\"d\"/></require>\n"
	                      "      <message>x</message>\n"
	                      "    </rule>\n"
	                      "    <rule id=\"take-d\">\n"
	                      "      <each of=\"units\" taking=\"d\"/>\n"
	                      "      <require><not><keyword id=\"a\"/></not></require>\n"
	                      "      <message>y</message>\n"
	                      "    </rule>\n");
	struct diags d = DIAGS_INIT;
	struct system *sys = load_toy(text, &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_eq(sys->n_rules, 2);
	system_free(sys);
	free(text);
}

Test(toy, attribute_min_above_max)
{
	/* No value could ever be valid: the loader should say so where the attribute is. (The rule
	 * does not name rank, so nothing else trips over it.) */
	char *text = toy_text(NULL, "    <rule id=\"r1\"><count of=\"units\"/><at-most value=\"9\"/><message>x</message></rule>\n");
	struct strbuf sb = STRBUF_INIT;
	const char *at = strstr(text, "min=\"0\" max=\"5\"");
	cr_assert_not_null(at);
	strbuf_add(&sb, text, (size_t)(at - text));
	strbuf_adds(&sb, "min=\"5\" max=\"0\"");
	strbuf_adds(&sb, at + strlen("min=\"0\" max=\"5\""));
	char *bad = strbuf_detach(&sb);
	free(text);
	expect_text_fatal(bad, "rank", "id=\"rank\"");
	free(bad);
}

Test(toy, keyword_replaces_across_units_and_weapons)
{
	/* A weapon ability cannot upgrade a unit ability: taking it would drop nothing from the
	 * weapon, and a unit selector for the unit keyword would match weapons. */
	expect_toy_fatal("    <keyword id=\"a\"/>\n"
	                 "    <keyword id=\"wa\" on=\"item\" replaces=\"a\"/>\n",
	                 NULL, "'wa'", "id=\"wa\"");
}

Test(toy, schema_violation_is_fatal_with_line)
{
	char *text = toy_text(NULL, NULL);
	/* rounding is required by rules.xsd: drop it. */
	char *r = strstr(text, " rounding=\"down\"");
	cr_assert_not_null(r);
	memmove(r, r + strlen(" rounding=\"down\""), strlen(r + strlen(" rounding=\"down\"")) + 1);
	struct diags d = DIAGS_INIT;
	cr_assert_null(load_toy(text, &d));
	cr_assert_geq(d.fatals, 1);
	cr_assert_eq(d.v[0].line, 2, "%s", fx_dump(&d));
	cr_assert(strstr(d.v[0].msg, "rounding"), "%s", fx_dump(&d));
	diags_release(&d);
	free(text);
}

Test(toy, ladder_problems)
{
	char *text = toy_text(NULL, NULL);
	char *bad = NULL;
	/* One step only. */
	struct strbuf sb = STRBUF_INIT;
	char *at = strstr(text, "slow fast");
	strbuf_add(&sb, text, (size_t)(at - text));
	strbuf_adds(&sb, "slow");
	strbuf_adds(&sb, at + strlen("slow fast"));
	bad = strbuf_detach(&sb);
	struct diags d = DIAGS_INIT;
	cr_assert_null(load_toy(bad, &d));
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, "at least two steps"), "%s", fx_dump(&d));
	diags_release(&d);
	free(bad);
	/* A step twice. */
	at = strstr(text, "slow fast");
	strbuf_add(&sb, text, (size_t)(at - text));
	strbuf_adds(&sb, "slow fast slow");
	strbuf_adds(&sb, at + strlen("slow fast"));
	bad = strbuf_detach(&sb);
	cr_assert_null(load_toy(bad, &d));
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, "twice"), "%s", fx_dump(&d));
	diags_release(&d);
	free(bad);
	free(text);
}

Test(toy, size_limit_with_unknown_cost)
{
	char *text = toy_text(NULL, NULL);
	struct strbuf sb = STRBUF_INIT;
	char *at = strstr(text, "<limit value=\"100\"/>");
	strbuf_add(&sb, text, (size_t)(at - text));
	strbuf_adds(&sb, "<limit cost=\"gold\" value=\"100\"/>");
	strbuf_adds(&sb, at + strlen("<limit value=\"100\"/>"));
	char *bad = strbuf_detach(&sb);
	struct diags d = DIAGS_INIT;
	cr_assert_null(load_toy(bad, &d));
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, "'gold'");
	cr_assert_not_null(g, "%s", fx_dump(&d));
	cr_assert_eq(g->line, fx_line_of(bad, "cost=\"gold\""));
	diags_release(&d);
	free(bad);
	free(text);
}

/* --- the data path --------------------------------------------------------------------------- */

Test(data, add_dir_comes_first_then_environment)
{
	data_add_dir(fx_tmpdir());
	const char *const *dirs = data_dirs();
	cr_assert_not_null(dirs[0]);
	cr_assert_str_eq(dirs[0], fx_tmpdir());
	cr_assert_not_null(dirs[1]);
	cr_assert_str_eq(dirs[1], fx_src_dir());
	size_t n = 0;
	while (dirs[n])
		n++;
	cr_assert_geq(n, 4, "--data-dir, MUSTER_DATA_PATH, pkgdatadir, source tree");
}

Test(data, system_found_in_an_added_dir)
{
	char *text = toy_text(NULL, NULL);
	char *p = fx_write_tmp("rules-xml/toy.xml", text);
	free(p);
	struct diags d = DIAGS_INIT;
	cr_assert_null(session_system(fx_session(), "toy", &d), "not on the path yet");
	diags_release(&d);
	data_add_dir(fx_tmpdir());
	cr_assert_str_eq(data_system_root("toy"), fx_tmpdir());
	cr_assert_str_eq(data_system_root("duckhammer"), fx_src_dir());
	/* A session remembers the failure; a new one reads the path again. */
	cr_assert_null(session_system(fx_session(), "toy", &d));
	diags_release(&d);
	struct session *s = session_new();
	const struct system *sys = session_system(s, "toy", &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_str_eq(sys->id, "toy");
	char **ids = data_system_ids();
	size_t n = 0;
	bool toy = false, duck = false;
	for (; ids[n]; n++) {
		toy |= strcmp(ids[n], "toy") == 0;
		duck |= strcmp(ids[n], "duckhammer") == 0;
		if (n > 0)
			cr_assert_lt(strcmp(ids[n - 1], ids[n]), 0, "sorted and unique: %s, %s", ids[n - 1],
			             ids[n]);
	}
	cr_assert(toy && duck);
	strv_free(ids);
	session_free(s);
	free(text);
}

Test(data, catalog_files_sorted_full_paths)
{
	const char *src[] = { fx_src_dir(), NULL };
	char **v = data_catalog_files(src, "duckhammer");
	cr_assert_not_null(v[0]);
	cr_assert_not_null(v[1]);
	char *want0 = xasprintf("%s/catalogs/duckhammer/example-honkers.xml", fx_src_dir());
	char *want1 = xasprintf("%s/catalogs/duckhammer/impondium.xml", fx_src_dir());
	cr_assert_str_eq(v[0], want0);
	cr_assert_str_eq(v[1], want1);
	strv_free(v);
	free(want0);
	free(want1);
	v = data_catalog_files(src, "no-such-system");
	cr_assert_null(v[0]);
	strv_free(v);
}

Test(data, catalog_files_skip_other_names)
{
	char *a = fx_write_tmp("catalogs/toy/b.xml", "<x/>");
	char *b = fx_write_tmp("catalogs/toy/a.xml", "<x/>");
	char *c = fx_write_tmp("catalogs/toy/notes.txt", "x");
	char *e = fx_write_tmp("catalogs/toy/.hidden.xml", "<x/>");
	char *sub = xasprintf("%s/catalogs/toy/dir.xml", fx_tmpdir());
	cr_assert_eq(mkdir(sub, 0700), 0);
	char **v = data_catalog_files(fx_tmp_roots(), "toy");
	cr_assert_not_null(v[0]);
	cr_assert(strstr(v[0], "/a.xml"), "%s", v[0]);
	cr_assert_not_null(v[1]);
	cr_assert(strstr(v[1], "/b.xml"), "%s", v[1]);
	cr_assert_null(v[2], "only regular *.xml files: got %s", v[2]);
	strv_free(v);
	free(a);
	free(b);
	free(c);
	free(e);
	free(sub);
}

Test(data, catalog_files_layered_and_shadowed)
{
	/* Directory one has b and c, directory two a, b and d: two's b is shadowed by one's. */
	free(fx_write_tmp("one/catalogs/toy/b.xml", "<x/>"));
	free(fx_write_tmp("one/catalogs/toy/c.xml", "<x/>"));
	free(fx_write_tmp("two/catalogs/toy/a.xml", "<x/>"));
	free(fx_write_tmp("two/catalogs/toy/b.xml", "<x/>"));
	free(fx_write_tmp("two/catalogs/toy/d.xml", "<x/>"));
	char *one = xasprintf("%s/one", fx_tmpdir()), *two = xasprintf("%s/two", fx_tmpdir());
	char *none = xasprintf("%s/none", fx_tmpdir());
	/* The same directory twice, and one that does not exist, change nothing. */
	const char *roots[] = { one, none, two, one, NULL };
	char **v = data_catalog_files(roots, "toy");
	static const char *const want[] = { "two/catalogs/toy/a.xml", "one/catalogs/toy/b.xml",
		                            "one/catalogs/toy/c.xml", "two/catalogs/toy/d.xml" };
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(want); i++) {
		cr_assert_not_null(v[i], "file %zu missing", i);
		char *w = xasprintf("%s/%s", fx_tmpdir(), want[i]);
		cr_assert_str_eq(v[i], w, "in order of base name, the first directory's wins");
		free(w);
	}
	cr_assert_null(v[MUSTER_ARRAY_LEN(want)]);
	strv_free(v);
	v = data_catalog_files(NULL, "toy");
	cr_assert_null(v[0], "no directories, no catalogs");
	strv_free(v);
	free(one);
	free(two);
	free(none);
}
