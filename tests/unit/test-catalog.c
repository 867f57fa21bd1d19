/* test-catalog.c - unit tests of catalog.c: entries, weapons, options, levels; bad catalogs
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The good cases read the shipped Impondium barracks; the bad ones write catalogs into a
 * temporary root and load the shipped Duckhammer rules with that root
 * (system_load_file(rules, root)), so that only the bad catalog is read.
 */
#include "muster.h"
#include "catalog.h"
#include "data.h"
#include "idx.h"
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

TestSuite(impondium, .init = fx_setup, .fini = fx_teardown);
TestSuite(bad, .init = fx_setup, .fini = fx_teardown);

static const struct value *uval(const struct system *sys, const struct entry *e, const char *attr)
{
	const struct attr_def *a = system_attr(sys, attr);
	cr_assert_not_null(a, "no attribute %s", attr);
	cr_assert_eq(a->on, ON_UNIT);
	return &e->vals[a->index];
}

static const struct value *wval(const struct system *sys, const struct item *w, const char *attr)
{
	const struct attr_def *a = system_attr(sys, attr);
	cr_assert_not_null(a, "no attribute %s", attr);
	cr_assert_eq(a->on, ON_ITEM);
	return item_value(w->vals, a);
}

static size_t count_kw(const struct system *sys, const kwword *set)
{
	size_t n = 0;
	for (size_t i = 0; i < sys->n_keywords; i++)
		n += kw_has(set, i);
	return n;
}

/* --- the shipped Impondium barracks ---------------------------------------------------------- */

Test(impondium, quack_marine_is_the_seed_card_dh14)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	const struct entry *e = system_entry(sys, "quack-marine");
	cr_assert_not_null(e);
	cr_assert_str_eq(e->name, "Quack Marine");
	cr_assert(!e->example, "the Quack Marine is from the seed, not an example");
	cr_assert_eq(e->costs[0], 7);
	cr_assert_eq(uval(sys, e, "grade")->i, 1);
	cr_assert_eq(uval(sys, e, "ms")->i, 6);
	cr_assert_str_eq(uval(sys, e, "cs")->s, "2d2");
	cr_assert_eq(uval(sys, e, "cs")->i, 2, "2d2 is step 2 of 0 2 2d2 ...");
	cr_assert_str_eq(uval(sys, e, "fl")->s, "S");
	cr_assert_eq(uval(sys, e, "fl")->i, 1);
	cr_assert_str_eq(uval(sys, e, "sw")->s, "S");
	cr_assert_eq(uval(sys, e, "hp")->i, 6);
	cr_assert_eq(uval(sys, e, "fs")->i, 10);
	cr_assert_eq(uval(sys, e, "ar")->i, 1);
	cr_assert_eq(uval(sys, e, "br")->i, 3);
	cr_assert(kw_has(e->kw, fx_kwi(sys, "duty")));
	cr_assert_eq(count_kw(sys, e->kw), 1, "Duty only");
	cr_assert_eq(e->n_items, 2);
	cr_assert_eq(e->n_options, 0);

	const struct item *m = &e->items[0], *s = &e->items[1];
	cr_assert_str_eq(m->id, "molter");
	cr_assert_str_eq(m->name, "Molter");
	cr_assert_str_eq(wval(sys, m, "kind")->s, "ranged");
	cr_assert_str_eq(wval(sys, m, "damage")->s, "d6");
	cr_assert_eq(wval(sys, m, "range")->i, 8);
	cr_assert(!wval(sys, m, "size")->set, "the seed gives no weapon size");
	cr_assert(kw_has(m->kw, fx_kwi(sys, "point-blank")));
	cr_assert_eq(count_kw(sys, m->kw), 1);
	cr_assert_str_eq(s->id, "sword");
	cr_assert_str_eq(wval(sys, s, "kind")->s, "melee");
	cr_assert_str_eq(wval(sys, s, "damage")->s, "4");
	cr_assert_eq(wval(sys, s, "range")->i, 1);
	cr_assert(kw_has(s->kw, fx_kwi(sys, "reliable")));
	cr_assert(!kw_has(s->kw, fx_kwi(sys, "point-blank")));
	cr_assert_gt(m->line, e->line);
	cr_assert_gt(s->line, m->line);
	system_free(sys);
}

Test(impondium, level_attributes_come_from_groups)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	const struct entry *e = system_entry(sys, "quack-marine");
	cr_assert_str_eq(uval(sys, e, "subfaction")->s, "quack-marines");
	cr_assert_str_eq(uval(sys, e, "faction")->s, "impondium");
	cr_assert_str_eq(uval(sys, e, "feather")->s, "waterfowl");
	cr_assert_str_eq(e->group->id, "quack-marines");
	cr_assert_str_eq(e->group->parent->id, "impondium");
	cr_assert_str_eq(e->group->parent->parent->id, "waterfowl");
	cr_assert_null(e->group->parent->parent->parent);
	cr_assert(e->group->parent->parent->example);
	cr_assert_not_null(e->group->parent->parent->note);
	char *s = value_display(sys, system_attr(sys, "subfaction"), uval(sys, e, "subfaction"));
	cr_assert_str_eq(s, "Quack Marines", "a level displays as its group's name");
	free(s);

	const struct entry *t = system_entry(sys, "thunder-tank");
	cr_assert_str_eq(uval(sys, t, "subfaction")->s, "thunder-kings");
	cr_assert_str_eq(uval(sys, t, "faction")->s, "impondium");
	const struct entry *g = system_entry(sys, "goose-warden");
	cr_assert_str_eq(uval(sys, g, "feather")->s, "geese");
	cr_assert_str_eq(uval(sys, g, "subfaction")->s, "gate-wardens");
	cr_assert_str_eq(g->catalog->id, "example-honkers");
	cr_assert_str_eq(e->catalog->id, "impondium");
	cr_assert_str_eq(e->catalog->name, "Impondium barracks");
	cr_assert_str_eq(e->catalog->revision, "1");
	cr_assert(strstr(e->catalog->file, "catalogs/duckhammer/impondium.xml"));
	system_free(sys);
}

Test(impondium, example_flags)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	cr_assert(!system_entry(sys, "quack-marine")->example);
	cr_assert(system_entry(sys, "marine-recruit")->example);
	cr_assert(system_entry(sys, "brother-quillus")->example);
	cr_assert_str_eq(system_entry(sys, "brother-quillus")->name, "\"Brother Quillus\"");
	system_free(sys);
}

Test(impondium, sergeant_options_per_unit_and_per_model)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	const struct entry *e = system_entry(sys, "marine-sergeant");
	cr_assert_not_null(e);
	cr_assert_eq(e->costs[0], 12);
	cr_assert_eq(e->n_options, 2);
	const struct entry_option *t = fx_opt(e, "trained"), *p = fx_opt(e, "extra-pistol");
	cr_assert_eq(t, &e->options[0]);
	cr_assert_str_eq(t->name, "Trained");
	cr_assert(!t->per_model);
	cr_assert_eq(t->costs[0], 2);
	cr_assert_eq(t->min, 0);
	cr_assert_eq(t->max, 1, "max defaults to 1");
	cr_assert_eq(t->target, TARGET_UNIT);
	cr_assert_eq(option_more(t)->n_grants, 1);
	cr_assert_eq(option_more(t)->grants[0], fx_kwi(sys, "trained"));
	cr_assert_null(t->adds);
	cr_assert(p->per_model);
	cr_assert_eq(p->costs[0], 1);
	cr_assert_not_null(p->adds);
	cr_assert_str_eq(p->adds->id, "pistol");
	cr_assert_str_eq(wval(sys, p->adds, "kind")->s, "ranged");
	cr_assert_str_eq(wval(sys, p->adds, "size")->s, "large");
	cr_assert_eq(wval(sys, p->adds, "size")->i, 2);
	cr_assert_eq(wval(sys, p->adds, "cost")->i, 1);
	cr_assert_eq(option_more(p)->n_grants, 0);
	cr_assert_gt(p->line, t->line);
	system_free(sys);
}

Test(impondium, weapon_options_target_their_weapon)
{
	struct diags d = DIAGS_INIT;
	struct system *sys = fx_load_duckhammer(&d);
	const struct entry *e = system_entry(sys, "auk-veteran");
	cr_assert_not_null(e);
	const struct entry_option *o = fx_opt(e, "blade-supercleave");
	cr_assert_eq(o->target, TARGET_ITEM);
	cr_assert_str_eq(option_more(o)->item_id, "blade");
	cr_assert_eq(o->costs[0], 2, "<cost value=\"2\"/> without type= uses the only cost");
	cr_assert_eq(option_more(o)->grants[0], fx_kwi(sys, "supercleave"));
	const struct entry_option *g = fx_opt(e, "gasp");
	cr_assert_eq(g->target, TARGET_UNIT);
	cr_assert_null(option_more(g)->item_id);
	const struct entry_option *axe = fx_opt(e, "extra-axe");
	cr_assert_eq(axe->target, TARGET_UNIT);
	cr_assert_not_null(axe->adds);
	cr_assert_str_eq(axe->adds->name, "Axe");
	cr_assert_null(entry_option(e, "blade"), "weapons are not options");
	/* The sling carries Inaccurate; its cost is negative. */
	cr_assert_str_eq(e->items[1].id, "sling");
	cr_assert(kw_has(e->items[1].kw, fx_kwi(sys, "inaccurate")));
	cr_assert_eq(wval(sys, &e->items[1], "cost")->i, -1);
	system_free(sys);
}

/* --- bad catalogs ---------------------------------------------------------------------------- */

static const char default_stats[] =
	"<stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\"/>";

/* A one-entry catalog; stats NULL: the default stats line; extra goes inside the entry. */
static char *catalog_text(const char *id, const char *entry_id, const char *stats, const char *extra)
{
	return xasprintf(
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"duckhammer\" id=\"%s\" name=\"Test\">\n"
		"  <group level=\"feather\" id=\"%s-feather\" name=\"F\">\n"
		"    <group level=\"faction\" id=\"%s-faction\" name=\"Fa\">\n"
		"      <group level=\"subfaction\" id=\"%s-sub\" name=\"Sub\">\n"
		"        <entry id=\"%s\" name=\"Test Duck\">\n"
		"          <cost type=\"ap\" value=\"5\"/>\n"
		"          %s\n"
		"          <item kind=\"weapon\" id=\"beak\" name=\"Beak\">\n"
		"            <stats kind=\"melee\" damage=\"d4\" range=\"1\" size=\"small\"/>\n"
		"          </item>\n"
		"%s"
		"        </entry>\n"
		"      </group>\n"
		"    </group>\n"
		"  </group>\n"
		"</catalog>\n",
		id, id, id, id, entry_id, stats ? stats : default_stats, extra ? extra : "");
}

/* Loads the shipped rules with the temporary root: only the catalogs written there. */
static struct system *load_with_tmp_catalogs(struct diags *d)
{
	char *rules = xasprintf("%s/rules-xml/duckhammer.xml", fx_src_dir());
	struct system *sys = system_load_file(session_schemas(fx_session()), rules, fx_tmp_roots(), d);
	free(rules);
	return sys;
}

static void expect_bad(const char *text, const char *needle, const char *marker)
{
	char *p = fx_write_tmp("catalogs/duckhammer/bad.xml", text);
	struct diags d = DIAGS_INIT;
	struct system *sys = load_with_tmp_catalogs(&d);
	cr_assert_null(sys, "the catalog loaded although %s", needle);
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, needle);
	cr_assert_not_null(g, "no fatal diagnostic containing '%s':%s", needle, fx_dump(&d));
	cr_assert_not_null(g->file);
	cr_assert_str_eq(g->file, p);
	cr_assert_eq(g->line, fx_line_of(text, marker), "'%s' at line %ld, expected %ld", needle,
	             g->line, fx_line_of(text, marker));
	diags_release(&d);
	free(p);
}

/* expect_bad on the catalog_text("bad", "e1", stats, extra). */
static void expect_bad_entry(const char *stats, const char *extra, const char *needle, const char *marker)
{
	char *t = catalog_text("bad", "e1", stats, extra);
	expect_bad(t, needle, marker);
	free(t);
}

Test(bad, control_good_catalog_loads)
{
	char *text = catalog_text("good", "test-duck", NULL,
	                          "          <option id=\"o\" item=\"beak\"><grant>cleave</grant></option>\n");
	char *p = fx_write_tmp("catalogs/duckhammer/good.xml", text);
	struct diags d = DIAGS_INIT;
	struct system *sys = load_with_tmp_catalogs(&d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_eq(sys->n_catalogs, 1);
	cr_assert_null(system_entry(sys, "quack-marine"), "the shipped catalogs are not read");
	const struct entry *e = system_entry(sys, "test-duck");
	cr_assert_not_null(e);
	cr_assert_str_eq(uval(sys, e, "subfaction")->s, "good-sub");
	cr_assert_eq(e->line, fx_line_of(text, "<entry"));
	cr_assert_eq(e->options[0].line, fx_line_of(text, "<option"));
	system_free(sys);
	free(p);
	free(text);
}

Test(bad, unknown_stat_attribute)
{
	expect_bad_entry("<stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\" luck=\"2\"/>",
	                 NULL, "'luck' is not a unit attribute", "luck=");
}

Test(bad, weapon_attribute_on_a_unit)
{
	expect_bad_entry("<stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\" range=\"2\"/>",
	                 NULL, "'range' is not a unit attribute", "range=\"2\"");
}

Test(bad, level_given_as_a_stat)
{
	expect_bad_entry("<stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\" feather=\"geese\"/>",
	                 NULL, "'feather' is not a unit attribute", "feather=\"geese\"");
}

Test(bad, ladder_value_of_wrong_type)
{
	expect_bad_entry("<stats grade=\"1\" ms=\"6\" cs=\"3d9\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\"/>",
	                 NULL, "'3d9'", "cs=\"3d9\"");
}

Test(bad, int_value_out_of_range_or_junk)
{
	expect_bad_entry("<stats grade=\"7\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\"/>",
	                 NULL, "'7' is not a whole number from 0 to 6", "grade=\"7\"");
	expect_bad_entry("<stats grade=\"1\" ms=\"six\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\"/>",
	                 NULL, "'six'", "ms=\"six\"");
}

Test(bad, missing_required_attribute)
{
	expect_bad_entry("<stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" fs=\"10\" ar=\"1\" br=\"3\"/>",
	                 NULL, "required attribute 'hp'", "<entry");
}

Test(bad, weapon_missing_required_attribute)
{
	expect_bad_entry(NULL,
	                 "          <item kind=\"weapon\" id=\"wing\" name=\"Wing\"><stats kind=\"melee\" range=\"1\"/></item>\n",
	                 "required attribute 'damage'", "id=\"wing\"");
}

Test(bad, unknown_keyword)
{
	expect_bad_entry(NULL, "          <keywords>duty quackery</keywords>\n",
	                 "unknown keyword 'quackery'", "quackery");
}

Test(bad, weapon_keyword_on_a_unit)
{
	expect_bad_entry(NULL, "          <keywords>cleave</keywords>\n",
	                 "belongs on items", "<keywords>cleave");
}

Test(bad, unit_keyword_on_a_weapon)
{
	expect_bad_entry(NULL,
	                 "          <item kind=\"weapon\" id=\"w2\" name=\"W2\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/>\n"
	                 "            <keywords>duty</keywords></item>\n",
	                 "belongs on units", "<keywords>duty");
}

Test(bad, unknown_category)
{
	expect_bad_entry(NULL, "          <categories>infantry</categories>\n",
	                 "unknown category 'infantry'", "<categories>");
}

Test(bad, unknown_cost_type)
{
	expect_bad_entry(NULL, "          <cost type=\"rations\" value=\"3\"/>\n",
	                 "unknown cost type 'rations'", "rations");
}

Test(bad, option_on_a_weapon_the_entry_lacks)
{
	expect_bad_entry(NULL,
	                 "          <option id=\"sharp\" item=\"claw\"><grant>cleave</grant></option>\n",
	                 "item 'claw'", "id=\"sharp\"");
}

Test(bad, option_drops_a_weapon_the_entry_lacks)
{
	expect_bad_entry(NULL,
	                 "          <option id=\"o-drop\"><drop-item>claw</drop-item></option>\n",
	                 "item 'claw'", "id=\"o-drop\"");
}

Test(bad, control_option_limits_and_drops)
{
	char *text = catalog_text("good", "test-duck", NULL,
	                          "          <option id=\"many\" max=\"unbounded\" ref=\"DK-2\"><cost value=\"1\"/></option>\n"
	                          "          <option id=\"few\" min=\"1\" max=\"3\"><cost value=\"1\"/></option>\n"
	                          "          <option id=\"no-beak\"><drop-item>beak</drop-item></option>\n");
	char *p = fx_write_tmp("catalogs/duckhammer/good.xml", text);
	struct diags d = DIAGS_INIT;
	struct system *sys = load_with_tmp_catalogs(&d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	const struct entry *e = system_entry(sys, "test-duck");
	const struct entry_option *many = fx_opt(e, "many"), *few = fx_opt(e, "few"), *nb = fx_opt(e, "no-beak");
	cr_assert_eq(many->max, OPTION_UNBOUNDED);
	cr_assert_str_eq(many->ref, "DK-2");
	cr_assert_eq(few->min, 1);
	cr_assert_eq(few->max, 3);
	cr_assert_null(few->ref);
	cr_assert_not_null(option_more(nb)->drops);
	cr_assert_str_eq(option_more(nb)->drops[0], "beak");
	cr_assert_null(option_more(nb)->drops[1]);
	system_free(sys);
	free(p);
	free(text);
}

Test(bad, option_grants_unit_keyword_to_weapon)
{
	expect_bad_entry(NULL,
	                 "          <option id=\"o1\" item=\"beak\"><grant>duty</grant></option>\n",
	                 "wrong kind of item", "id=\"o1\"");
}

Test(bad, option_min_above_max)
{
	expect_bad_entry(NULL,
	                 "          <option id=\"o1\" min=\"3\" max=\"2\"><cost value=\"1\"/></option>\n",
	                 "min 3 above max 2", "id=\"o1\"");
}

Test(bad, option_id_twice)
{
	expect_bad_entry(NULL,
	                 "          <option id=\"o1\"><cost value=\"1\"/></option>\n"
	                 "          <option id=\"o1\" name=\"again\"><cost value=\"2\"/></option>\n",
	                 "option id 'o1' is used twice", "name=\"again\"");
}

/* n options o1..on (o2 adds item "x2", the last adds a second "beak") and n more weapons
 * w1..wn, for the lookups past ENTRY_IDX_MIN (catalog.c) and below it. */
static char *many_text(int n, const char *dup_option, const char *dup_item)
{
	struct strbuf sb = STRBUF_INIT;
	for (int i = 1; i <= n; i++)
		strbuf_addf(&sb, "          <item kind=\"weapon\" id=\"w%d\" name=\"W%d\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/></item>\n", i, i);
	if (dup_item)
		strbuf_addf(&sb, "          <item kind=\"weapon\" id=\"%s\" name=\"Again\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/></item>\n", dup_item);
	for (int i = 1; i <= n; i++) {
		if (i == 2)
			strbuf_adds(&sb, "          <option id=\"o2\"><item kind=\"weapon\" id=\"x2\" name=\"X2\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/></item></option>\n");
		else if (i == n)
			strbuf_addf(&sb, "          <option id=\"o%d\"><item kind=\"weapon\" id=\"beak\" name=\"New beak\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/></item></option>\n", i);
		else
			strbuf_addf(&sb, "          <option id=\"o%d\" name=\"O%d\"><cost value=\"1\"/></option>\n", i, i);
	}
	if (dup_option)
		strbuf_addf(&sb, "          <option id=\"%s\" name=\"again\"><cost value=\"2\"/></option>\n", dup_option);
	char *t = catalog_text("good", "test-duck", NULL, sb.s);
	strbuf_release(&sb);
	return t;
}

static void check_lookups(int n)
{
	char *text = many_text(n, NULL, NULL);
	char *p = fx_write_tmp("catalogs/duckhammer/good.xml", text);
	struct diags d = DIAGS_INIT;
	struct system *sys = load_with_tmp_catalogs(&d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	const struct entry *e = system_entry(sys, "test-duck");
	cr_assert_eq(e->n_options, (size_t)n);
	cr_assert_eq(e->n_items, (size_t)n + 1);
	cr_assert_eq(e->option_idx != NULL, n > 8, "an index only past 8 options");
	/* its n + 1 items and the 2 its options add: sorted past 8, no index of items kept */
	cr_assert_eq(e->items_by_id != NULL, n + 3 > 8, "sorted items only past 8");
	cr_assert_eq(e->n_items_by_id, n + 3 > 8 ? (size_t)n + 3 : 0);
	cr_assert_null(e->item_idx);
	for (int i = 1; i <= n; i++) {
		char id[16];
		snprintf(id, sizeof(id), "o%d", i);
		cr_assert_eq(entry_option(e, id), &e->options[i - 1], "%s", id);
		snprintf(id, sizeof(id), "w%d", i);
		cr_assert_eq(entry_item(e, id), &e->items[i], "%s", id);
	}
	cr_assert_null(entry_option(e, "o0"));
	cr_assert_null(entry_option(e, "w1"), "items are not options");
	cr_assert_null(entry_item(e, "o1"), "options are not items");
	cr_assert_null(entry_item(e, NULL));
	/* An item an option adds is found too; the entry's own comes before one of the same id. */
	cr_assert_eq(entry_item(e, "x2"), e->options[1].adds);
	cr_assert_eq(entry_item(e, "beak"), &e->items[0]);
	system_free(sys);
	free(p);
	free(text);
}

Test(bad, control_few_options_and_items_found_in_order)
{
	check_lookups(4);
}

Test(bad, control_many_options_and_items_found_by_index)
{
	check_lookups(12);
}

Test(bad, option_id_twice_past_the_index)
{
	char *t = many_text(12, "o3", NULL);
	expect_bad(t, "option id 'o3' is used twice", "name=\"again\"");
	free(t);
}

Test(bad, weapon_id_twice_past_the_index)
{
	char *t = many_text(12, NULL, "w5");
	expect_bad(t, "item id 'w5' is used twice", "name=\"Again\"");
	free(t);
}

Test(bad, weapon_id_twice)
{
	expect_bad_entry(NULL,
	                 "          <item kind=\"weapon\" id=\"beak\" name=\"Second beak\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/></item>\n",
	                 "item id 'beak' is used twice", "Second beak");
}

Test(bad, option_adds_two_weapons)
{
	expect_bad_entry(NULL,
	                 "          <option id=\"o1\">\n"
	                 "            <item kind=\"weapon\" id=\"x1\" name=\"X1\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/></item>\n"
	                 "            <item kind=\"weapon\" id=\"x2\" name=\"X2\"><stats kind=\"melee\" damage=\"d4\" range=\"1\"/></item>\n"
	                 "          </option>\n",
	                 "more than one item", "id=\"x2\"");
}

Test(bad, unknown_level)
{
	char *t = catalog_text("bad", "e1", NULL, NULL);
	char *lvl = strstr(t, "level=\"faction\"");
	cr_assert_not_null(lvl);
	memcpy(lvl, "level=\"clan\"   ", strlen("level=\"faction\""));
	expect_bad(t, "'clan' is not a level", "level=\"clan\"");
	free(t);
}

Test(bad, catalog_for_another_system)
{
	char *t = catalog_text("bad", "e1", NULL, NULL);
	char *s = strstr(t, "system=\"duckhammer\"");
	cr_assert_not_null(s);
	memcpy(s, "system=\"actionhmr\" ", strlen("system=\"duckhammer\""));
	expect_bad(t, "for system 'actionhmr'", "<catalog");
	free(t);
}

Test(bad, schema_violation)
{
	expect_bad_entry(NULL, "          <cost type=\"ap\" value=\"lots\"/>\n",
	                 "lots", "value=\"lots\"");
}

Test(bad, entry_id_twice_across_catalogs)
{
	char *a = catalog_text("aaa", "twin", NULL, NULL);
	char *b = catalog_text("bbb", "twin", NULL, NULL);
	char *pa = fx_write_tmp("catalogs/duckhammer/aaa.xml", a);
	char *pb = fx_write_tmp("catalogs/duckhammer/bbb.xml", b);
	struct diags d = DIAGS_INIT;
	cr_assert_null(load_with_tmp_catalogs(&d));
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, "entry id 'twin' is used twice");
	cr_assert_not_null(g, "%s", fx_dump(&d));
	cr_assert_str_eq(g->file, pb, "reported in the second catalog read");
	cr_assert_eq(g->line, fx_line_of(b, "<entry"));
	cr_assert_eq(d.fatals, 1, "%s", fx_dump(&d));
	diags_release(&d);
	free(a);
	free(b);
	free(pa);
	free(pb);
}

Test(bad, entry_id_clashing_with_the_shipped_catalog)
{
	/* With the shipped catalogs and one more in a second root: the id clash is found. */
	char *rules = xasprintf("%s/rules-xml/duckhammer.xml", fx_src_dir());
	char *copy_cmd = xasprintf("cp '%s/catalogs/duckhammer/impondium.xml' '%s/catalogs/duckhammer/'",
	                           fx_src_dir(), fx_tmpdir());
	char *t = catalog_text("zzz", "quack-marine", NULL, NULL);
	char *p = fx_write_tmp("catalogs/duckhammer/zzz.xml", t);
	cr_assert_eq(system(copy_cmd), 0);
	struct diags d = DIAGS_INIT;
	cr_assert_null(system_load_file(session_schemas(fx_session()), rules, fx_tmp_roots(), &d));
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, "entry id 'quack-marine' is used twice");
	cr_assert_not_null(g, "%s", fx_dump(&d));
	cr_assert_str_eq(g->file, p);
	diags_release(&d);
	free(rules);
	free(copy_cmd);
	free(t);
	free(p);
}

Test(bad, group_id_twice_across_catalogs)
{
	char *a = catalog_text("same", "e-a", NULL, NULL);
	char *b = catalog_text("same", "e-b", NULL, NULL);
	char *pa = fx_write_tmp("catalogs/duckhammer/a.xml", a);
	char *pb = fx_write_tmp("catalogs/duckhammer/b.xml", b);
	struct diags d = DIAGS_INIT;
	cr_assert_null(load_with_tmp_catalogs(&d));
	const struct diag *g = fx_find_diag(&d, SEV_FATAL, "group id 'same-feather' is used twice");
	cr_assert_not_null(g, "%s", fx_dump(&d));
	cr_assert_str_eq(g->file, pb);
	cr_assert_eq(g->line, fx_line_of(b, "same-feather"));
	diags_release(&d);
	free(a);
	free(b);
	free(pa);
	free(pb);
}

Test(bad, failed_catalog_keeps_the_entries_of_earlier_catalogs)
{
	/* b.xml fails on an id a.xml already has: a.xml's entry must stay indexed (only what b.xml
	 * itself registered goes). */
	char *rules = xasprintf("%s/rules-xml/duckhammer.xml", fx_src_dir());
	struct diags d = DIAGS_INIT;
	struct system *sys = system_load_file(session_schemas(fx_session()), rules, NULL, &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	char *a = catalog_text("aaa", "twin", NULL, NULL);
	char *b = catalog_text("bbb", "b-first", NULL,
	                       "        </entry>\n"
	                       "        <entry id=\"twin\" name=\"Twin again\">\n"
	                       "          <cost type=\"ap\" value=\"5\"/>\n"
	                       "          <stats grade=\"1\" ms=\"6\" cs=\"2d2\" fl=\"S\" sw=\"S\" hp=\"6\" fs=\"10\" ar=\"1\" br=\"3\"/>\n");
	char *pa = fx_write_tmp("a.xml", a), *pb = fx_write_tmp("b.xml", b);
	struct catalog *ca = catalog_load(session_schemas(fx_session()), sys, pa, &d);
	cr_assert_not_null(ca, "%s", fx_dump(&d));
	sys->catalogs = xreallocarray(sys->catalogs, sys->n_catalogs + 1, sizeof(*sys->catalogs));
	sys->catalogs[sys->n_catalogs++] = ca; /* so that system_free frees it */
	const struct entry *twin = system_entry(sys, "twin");
	cr_assert_not_null(twin);
	cr_assert_null(catalog_load(session_schemas(fx_session()), sys, pb, &d));
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, "entry id 'twin' is used twice"), "%s", fx_dump(&d));
	cr_assert_eq(system_entry(sys, "twin"), twin, "a.xml's entry was dropped from the index");
	cr_assert_str_eq(system_entry(sys, "twin")->catalog->id, "aaa");
	cr_assert_null(system_entry(sys, "b-first"));
	cr_assert_null(system_group(sys, "bbb-sub"));
	cr_assert_not_null(system_group(sys, "aaa-sub"));
	system_free(sys);
	diags_release(&d);
	free(rules);
	free(a);
	free(b);
	free(pa);
	free(pb);
}

Test(bad, failed_catalog_leaves_no_entries_in_the_system)
{
	/* catalog_load registers entries in the system's index as it goes; when the catalog then
	 * fails and is freed, the index must not keep pointers to the freed entries. */
	char *rules = xasprintf("%s/rules-xml/duckhammer.xml", fx_src_dir());
	struct diags d = DIAGS_INIT;
	struct system *sys = system_load_file(session_schemas(fx_session()), rules, NULL, &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	char *t = catalog_text("half", "first-ok", NULL,
	                       "        </entry>\n"
	                       "        <entry id=\"second-bad\" name=\"Bad\">\n"
	                       "          <keywords>nosuchkeyword</keywords>\n");
	char *p = fx_write_tmp("half.xml", t);
	struct catalog *c = catalog_load(session_schemas(fx_session()), sys, p, &d);
	cr_assert_null(c);
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, "nosuchkeyword"), "%s", fx_dump(&d));
	cr_assert_null(system_entry(sys, "first-ok"),
	               "entry 'first-ok' of the failed (freed) catalog is still indexed");
	cr_assert_null(system_group(sys, "half-sub"),
	               "group 'half-sub' of the failed (freed) catalog is still indexed");
	system_free(sys);
	diags_release(&d);
	free(rules);
	free(t);
	free(p);
}
