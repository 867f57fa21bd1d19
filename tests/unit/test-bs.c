/* test-bs.c - unit tests of bs-read.c's entry points: a BattleScribe system read from memory
 * as from its files, and a refused catalogue
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "bs-read.h"
#include "system.h"
#include "util.h"

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
