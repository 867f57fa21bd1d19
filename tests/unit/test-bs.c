/* test-bs.c - unit tests of bs-read.c's entry points: a BattleScribe system read from memory
 * as from its files, a refused catalogue, and the look-ups of entries indexed at the first
 * look-up (from several threads), and what a profile's item holds
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "bs-read.h"
#include "catalog.h"
#include "idx.h"
#include "system.h"
#include "util.h"
#include "value.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

TestSuite(bs, .init = fx_setup, .fini = fx_teardown);

static const char *const harbour[] = { "harbour.gst", "armoury.cat", "canal.cat",
                                       "dockside.cat" };

static char *harbour_path(size_t i)
{
	return xasprintf("%s/tests/data/bs-harbour/%s", fx_src_dir(), harbour[i]);
}

Test(bs, memory_loads_as_the_files_do)
{
	char *paths[4], *texts[4];
	struct bs_text mem[4];
	for (size_t i = 0; i < 4; i++) {
		paths[i] = harbour_path(i);
		texts[i] = fx_slurp(paths[i]);
		mem[i] = (struct bs_text){ paths[i], texts[i], strlen(texts[i]) };
	}
	char *cats[] = { paths[1], paths[2], paths[3], NULL };
	struct diags d = DIAGS_INIT;
	struct system *a = bs_system_load(paths[0], cats, &d);
	cr_assert_not_null(a, "%s", fx_dump(&d));
	struct system *b = bs_system_load_memory(&mem[0], &mem[1], 3, &d);
	cr_assert_not_null(b, "%s", fx_dump(&d));
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	cr_assert_str_eq(b->id, "hbr-sys-7a1");
	cr_assert_str_eq(b->name, a->name);
	cr_assert_eq(b->n_catalogs, a->n_catalogs);
	cr_assert_gt(a->n_catalogs, 0);
	size_t entries = 0;
	for (size_t i = 0; i < a->n_catalogs; i++) {
		cr_assert_str_eq(b->catalogs[i]->id, a->catalogs[i]->id);
		cr_assert_eq(b->catalogs[i]->n_entries, a->catalogs[i]->n_entries);
		for (size_t k = 0; k < a->catalogs[i]->n_entries; k++)
			cr_assert_str_eq(b->catalogs[i]->entries[k].id, a->catalogs[i]->entries[k].id);
		entries += a->catalogs[i]->n_entries;
	}
	cr_assert_gt(entries, 0);
	system_free(a);
	system_free(b);
	diags_release(&d);
	for (size_t i = 0; i < 4; i++) {
		free(paths[i]);
		free(texts[i]);
	}
}

/* A catalogue that parses but is refused (another namespace), one for another game system,
 * then a good one: the two are left out of the system, each with its record, and the good one
 * loads. Before d28198a the refused document leaked (valgrind and LeakSanitizer report it;
 * tests/fuzz/regressions keeps the fuzz input that found it). */
Test(bs, refused_catalogue_is_left_out)
{
	char *gst = harbour_path(0), *text = fx_slurp(gst);
	static const char bad[] =
		"<catalogue xmlns=\"urn:x-not-battlescribe\" id=\"x\" gameSystemId=\"hbr-sys-7a1\"/>";
	static const char other[] =
		"<catalogue xmlns=\"http://www.battlescribe.net/schema/catalogueSchema\" id=\"z\" "
		"name=\" Zed \" battleScribeVersion=\"2.03\" gameSystemId=\"other\"/>";
	static const char good[] =
		"<catalogue xmlns=\"http://www.battlescribe.net/schema/catalogueSchema\" id=\"y\" "
		"battleScribeVersion=\"2.03\" gameSystemId=\"hbr-sys-7a1\"/>";
	struct bs_text sys = { gst, text, strlen(text) };
	struct bs_text cats[] = { { "bad.cat", bad, sizeof(bad) - 1 },
	                          { "other.cat", other, sizeof(other) - 1 },
	                          { "good.cat", good, sizeof(good) - 1 } };
	struct diags d = DIAGS_INIT;
	struct system *s = bs_system_load_memory(&sys, cats, 3, &d);
	cr_assert_not_null(s, "%s", fx_dump(&d));
	cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
	cr_assert_eq(s->bs->n_left_out, 2);
	const struct bs_left_out *l = &s->bs->left_out[0];
	cr_assert_null(l->id);
	cr_assert_str_eq(l->file, "bad.cat");
	cr_assert_str_eq(l->name, "bad.cat");
	cr_assert_not_null(strstr(l->why, "not a BattleScribe catalogue"), "%s", l->why);
	l = bs_left_out_find(s, "z");
	cr_assert_eq(l, &s->bs->left_out[1]);
	cr_assert_str_eq(l->name, "Zed");
	cr_assert_str_eq(l->why, "catalogue is for game system 'other', not 'hbr-sys-7a1'");
	cr_assert_null(bs_left_out_find(s, "y"));
	cr_assert_null(bs_left_out_find(s, NULL));
	bool found = false;
	for (size_t i = 0; i < s->n_catalogs; i++)
		found |= strcmp(s->catalogs[i]->id, "y") == 0;
	cr_assert(found);
	bs_left_out_warn(s, &d);
	cr_assert_eq(d.warnings, 2, "%s", fx_dump(&d));
	cr_assert_not_null(fx_find_diag(&d, SEV_WARNING, "this catalogue is left out: not a"),
	                   "%s", fx_dump(&d));
	cr_assert_not_null(fx_find_diag(&d, SEV_WARNING, "catalogue 'Zed' [z] is left out"),
	                   "%s", fx_dump(&d));
	system_free(s);
	diags_release(&d);
	free(gst);
	free(text);
}

/* --- the indexes of an entry, made at its first look-up ------------------------------------ */

#define BIG_ITEMS 10
#define BIG_OPTS 12

/* A catalogue of the Harbour Rats system: "big", BIG_ITEMS profiles and BIG_OPTS options of
 * a profile each (more than an entry searches in order), "twin" under two kinds of model,
 * and "opt-0" twice at the root; "small", a few options, "s1" twice. */
static char *lookup_catalogue(void)
{
	struct strbuf b = { 0 };
	strbuf_adds(&b, "<catalogue xmlns=\"http://www.battlescribe.net/schema/catalogueSchema\" "
	            "id=\"tlk-cat\" name=\"Lookups\" battleScribeVersion=\"2.03\" "
	            "gameSystemId=\"hbr-sys-7a1\"><selectionEntries>"
	            "<selectionEntry id=\"big\" name=\"Big\" type=\"unit\"><profiles>");
	for (int k = 0; k < BIG_ITEMS; k++)
		strbuf_addf(&b, "<profile id=\"bp-%d\" name=\"Big %d\" typeId=\"hbr-pt-rat\"/>", k, k);
	strbuf_adds(&b, "</profiles><selectionEntries>");
	for (int k = 0; k < BIG_OPTS; k++)
		strbuf_addf(&b, "<selectionEntry id=\"opt-%d\" name=\"Opt %d\" type=\"upgrade\"><profiles>"
		              "<profile id=\"op-%d\" name=\"Tool %d\" typeId=\"hbr-pt-tool\"/>"
		              "</profiles></selectionEntry>", k, k, k, k);
	for (char m = 'A'; m <= 'B'; m++)
		strbuf_addf(&b, "<selectionEntry id=\"hold-%c\" name=\"Hold %c\" type=\"model\">"
		              "<selectionEntries><selectionEntry id=\"twin\" name=\"Twin %c\" "
		              "type=\"upgrade\"/></selectionEntries></selectionEntry>", m, m, m);
	strbuf_adds(&b, "<selectionEntry id=\"opt-0\" name=\"Opt 0 again\" type=\"upgrade\"/>"
	            "</selectionEntries></selectionEntry>"
	            "<selectionEntry id=\"small\" name=\"Small\" type=\"unit\"><selectionEntries>"
	            "<selectionEntry id=\"s1\" name=\"S1\" type=\"upgrade\"/>"
	            "<selectionEntry id=\"s1\" name=\"S1 again\" type=\"upgrade\"/>"
	            "</selectionEntries></selectionEntry></selectionEntries></catalogue>");
	return b.s;
}

static struct system *load_lookups(void)
{
	char *gst = harbour_path(0), *text = fx_slurp(gst), *cat = lookup_catalogue();
	struct bs_text sys = { gst, text, strlen(text) };
	struct bs_text cats[] = { { "lookups.cat", cat, strlen(cat) } };
	struct diags d = DIAGS_INIT;
	struct system *s = bs_system_load_memory(&sys, cats, 1, &d);
	cr_assert_not_null(s, "%s", fx_dump(&d));
	diags_release(&d);
	free(gst);
	free(text);
	free(cat);
	return s;
}

static const struct entry_option *named(const struct entry *e, const char *name)
{
	for (size_t i = 0; i < e->n_options; i++)
		if (strcmp(e->options[i].name, name) == 0)
			return &e->options[i];
	cr_assert_fail("no option %s", name);
	return NULL;
}

/* Every look-up of "big" and "small": 0 when each finds what it should. */
static int look_up_all(const struct system *s)
{
	const struct entry *e = idx_get(s->entry_idx, "big"), *sm = idx_get(s->entry_idx, "small");
	if (e == NULL || sm == NULL || e->n_items != BIG_ITEMS)
		return -1;
	int bad = 0;
	char id[32];
	for (int k = 0; k < BIG_OPTS; k++) {
		snprintf(id, sizeof(id), "opt-%d", k);
		const struct entry_option *o = entry_option_under(e, id, 0);
		bad |= o == NULL || strncmp(o->name, "Opt ", 4) != 0 || strcmp(o->name + 4, id + 4) != 0;
		snprintf(id, sizeof(id), "op-%d", k);
		bad |= o == NULL || entry_item(e, id) != o->adds || o->adds == NULL;
	}
	for (int k = 0; k < BIG_ITEMS; k++) {
		snprintf(id, sizeof(id), "bp-%d", k);
		bad |= entry_item(e, id) != &e->items[k];
	}
	/* one id under two parents: each found under its own, the first by entry_option */
	const struct entry_option *a = named(e, "Hold A"), *b = named(e, "Hold B");
	bad |= entry_option_under(e, "twin", (uint32_t)(a - e->options) + 1) != named(e, "Twin A");
	bad |= entry_option_under(e, "twin", (uint32_t)(b - e->options) + 1) != named(e, "Twin B");
	bad |= entry_option(e, "twin") != named(e, "Twin A");
	bad |= entry_option_under(e, "twin", 0) != NULL;
	/* twice under one parent: the first */
	bad |= entry_made(sm) != sm; /* before named() reads its options */
	bad |= entry_option_under(e, "opt-0", 0) != named(e, "Opt 0");
	bad |= entry_option_under(sm, "s1", 0) != named(sm, "S1");
	bad |= entry_option(e, "opt-99") != NULL || entry_option(e, "") != NULL;
	bad |= entry_item(e, "op-99") != NULL || entry_item(sm, "bp-0") != NULL;
	return bad ? -1 : 0;
}

/* A BattleScribe entry is indexed at its first look-up; an id twice under one parent loads
 * (the first is found), as BattleScribe reads it. */
Test(bs, entries_indexed_at_first_look_up)
{
	struct system *s = load_lookups();
	cr_assert_eq(look_up_all(s), 0);
	cr_assert_eq(look_up_all(s), 0, "made once, found again");
	system_free(s);
}

static void *look_up_thread(void *arg)
{
	return look_up_all(arg) == 0 ? arg : NULL;
}

/* Two root entries that link one shared entry (holding an entry of its own) and one holds a
 * shared group with a default: their options are made at their first look-up, not at load,
 * each place its own record with its path of link ids, sharing its definition's. */
static const char tree_catalogue[] =
	"<catalogue xmlns=\"http://www.battlescribe.net/schema/catalogueSchema\" id=\"tmk-cat\" "
	"name=\"Boatyard\" battleScribeVersion=\"2.03\" gameSystemId=\"hbr-sys-7a1\">"
	"<selectionEntries>"
	"<selectionEntry id=\"skiff\" name=\"Skiff\" type=\"unit\"><entryLinks>"
	"<entryLink id=\"l1\" name=\"Oar\" targetId=\"oar\" type=\"selectionEntry\"/>"
	"<entryLink id=\"l2\" name=\"Kit\" targetId=\"kit\" type=\"selectionEntryGroup\"/>"
	"</entryLinks></selectionEntry>"
	"<selectionEntry id=\"barge\" name=\"Barge\" type=\"unit\"><entryLinks>"
	"<entryLink id=\"l3\" name=\"Oar\" targetId=\"oar\" type=\"selectionEntry\"/>"
	"</entryLinks></selectionEntry></selectionEntries>"
	"<sharedSelectionEntries>"
	"<selectionEntry id=\"oar\" name=\"Oar\" type=\"upgrade\"><selectionEntries>"
	"<selectionEntry id=\"blade\" name=\"Blade\" type=\"upgrade\"/>"
	"</selectionEntries></selectionEntry></sharedSelectionEntries>"
	"<sharedSelectionEntryGroups>"
	"<selectionEntryGroup id=\"kit\" name=\"Kit\" defaultSelectionEntryId=\"net\">"
	"<selectionEntries><selectionEntry id=\"rope\" name=\"Rope\" type=\"upgrade\"/>"
	"<selectionEntry id=\"net\" name=\"Net\" type=\"upgrade\"/></selectionEntries>"
	"</selectionEntryGroup></sharedSelectionEntryGroups></catalogue>";

Test(bs, options_made_at_first_look_up)
{
	char *gst = harbour_path(0), *text = fx_slurp(gst);
	struct bs_text sys = { gst, text, strlen(text) };
	struct bs_text cats[] = { { "boatyard.cat", tree_catalogue, strlen(tree_catalogue) } };
	struct diags d = DIAGS_INIT;
	struct system *s = bs_system_load_memory(&sys, cats, 1, &d);
	cr_assert_not_null(s, "%s", fx_dump(&d));
	const struct entry *sk = idx_get(s->entry_idx, "skiff"), *ba = idx_get(s->entry_idx, "barge");
	cr_assert(sk && ba);
	/* counted at load, made at the first look-up */
	cr_assert_eq(s->bs->options, 6);
	cr_assert_eq(sk->n_options, 0);
	cr_assert_eq(sk->n_choices, 0);
	cr_assert_not_null(sk->tree);
	cr_assert_eq(entry_made(sk), sk);
	cr_assert_null(sk->tree);
	cr_assert_not_null(ba->tree, "the other is not made yet");
	cr_assert_eq(ba->n_options, 0);
	cr_assert_eq(sk->n_options, 4);
	cr_assert_eq(sk->n_choices, 1);
	static const char *const ids[] = { "l1::oar", "l1::blade", "l2::rope", "l2::net" };
	static const uint32_t ups[] = { 0, 1, 0, 0 }, in[] = { 0, 0, 1, 1 };
	for (size_t i = 0; i < 4; i++) {
		cr_assert_str_eq(sk->options[i].id, ids[i]);
		cr_assert_eq(sk->options[i].up, ups[i], "%s", ids[i]);
		cr_assert_eq(sk->options[i].in_choice, in[i], "%s", ids[i]);
	}
	cr_assert_str_eq(sk->choices[0].id, "l2::kit");
	cr_assert_eq(sk->choices[0].def, 4, "the group's default, Net");
	cr_assert_str_eq(sk->choices[0].def_id, "l2::net");
	/* made by a look-up of an option too; a place of its own, its definition shared */
	const struct entry_option *oar = entry_option(ba, "l3::oar");
	cr_assert_not_null(oar);
	cr_assert_null(ba->tree);
	cr_assert_eq(ba->n_options, 2);
	cr_assert_str_eq(ba->options[1].id, "l3::blade");
	cr_assert_eq(ba->options[1].up, 1);
	cr_assert_neq(oar, &sk->options[0]);
	cr_assert_eq(oar->name, sk->options[0].name);
	cr_assert_eq(oar->def, sk->options[0].def);
	cr_assert_eq(oar->costs, sk->options[0].costs);
	cr_assert_eq(entry_made(sk), sk, "made once");
	cr_assert_eq(sk->n_options, 4);
	system_free(s);
	diags_release(&d);
	free(gst);
	free(text);
}

/* The rosters of a batch are read on several threads: each finds the same. */
Test(bs, entries_indexed_from_threads)
{
	struct system *s = load_lookups();
	pthread_t t[4];
	for (size_t i = 0; i < 4; i++)
		cr_assert_eq(pthread_create(&t[i], NULL, look_up_thread, s), 0);
	for (size_t i = 0; i < 4; i++) {
		void *r = NULL;
		pthread_join(t[i], &r);
		cr_assert_eq(r, s, "thread %zu", i);
	}
	system_free(s);
}

/* --- what a profile's item holds ----------------------------------------------------------- */

static const struct value *gauge_value(const struct system *s, const struct item *w,
                                       const char *attr)
{
	const struct attr_def *a = system_attr(s, attr);
	cr_assert(a && a->on == ON_ITEM, "%s", attr);
	return item_value(w->vals, a);
}

/* A profile's item holds the characteristics it sets, not one value for each of the
 * system's: Brass Dial two of five (bs-gauge/gauge.gst), Lead Bob another profile type's
 * too, Twice Bob the later of one given twice, Blank Dial none; an option's item likewise. */
Test(bs, items_hold_what_their_profiles_set)
{
	char *gst = xasprintf("%s/tests/data/bs-gauge/gauge.gst", fx_src_dir());
	char *cat = xasprintf("%s/tests/data/bs-gauge/gauge.cat", fx_src_dir());
	char *cats[] = { cat, NULL };
	struct diags d = DIAGS_INIT;
	struct system *s = bs_system_load(gst, cats, &d);
	cr_assert_not_null(s, "%s", fx_dump(&d));
	cr_assert_eq(s->n_item_attrs, 5);
	const struct entry *e = idx_get(s->entry_idx, "gg-se-plumb");
	cr_assert_not_null(e);
	const struct item *brass = entry_item(e, "gg-prof-brass");
	const struct item *lead = entry_item(e, "gg-prof-lead");
	const struct item *twice = entry_item(e, "gg-prof-twice");
	const struct item *blank = entry_item(e, "gg-prof-blank");
	cr_assert(brass && lead && twice && blank);
	cr_assert_eq(brass->vals->n, 2);
	cr_assert_str_eq(gauge_value(s, brass, "gg-ch-reach")->s, "3\"");
	cr_assert_str_eq(gauge_value(s, brass, "gg-ch-hue")->s, "green");
	cr_assert_not(gauge_value(s, brass, "gg-ch-tick")->set);
	cr_assert_not(gauge_value(s, brass, "gg-ch-drop")->set, "another type's, unset");
	cr_assert_eq(lead->vals->n, 3);
	cr_assert_str_eq(gauge_value(s, lead, "gg-ch-reach")->s, "9\"");
	cr_assert_str_eq(gauge_value(s, lead, "gg-ch-sway")->s, "1");
	cr_assert_eq(twice->vals->n, 1);
	cr_assert_str_eq(gauge_value(s, twice, "gg-ch-drop")->s, "5");
	cr_assert_null(blank->vals);
	cr_assert_not(gauge_value(s, blank, "gg-ch-reach")->set);
	for (size_t i = 1; i < lead->vals->n; i++)
		cr_assert_lt(lead->vals->v[i - 1].attr, lead->vals->v[i].attr, "ascending");
	const struct entry_option *o = entry_option(e, "gg-se-spare");
	cr_assert(o && o->adds);
	cr_assert_eq(o->adds->vals->n, 1);
	cr_assert_str_eq(gauge_value(s, o->adds, "gg-ch-tick")->s, "7");
	system_free(s);
	diags_release(&d);
	free(gst);
	free(cat);
}
