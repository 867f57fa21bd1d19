/* fuzz-bs.c - libFuzzer target: a BattleScribe game system or catalogue, and its cards
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * An input whose root looks like <gameSystem is loaded as a game system, with the catalogues
 * of the test system of its id (tests/data/bs-harbour or bs-lantern) when it has one of
 * theirs, else alone; any other as a catalogue of the test system its gameSystemId="..."
 * names (bs-lantern's, else bs-harbour's), with that system's game system and its other
 * catalogues (those whose id the input does not have: it may link them, or share their
 * entries' ids). The fixed files are read once from the source tree; everything is parsed
 * from memory (bs_system_load_memory). Every entry of every catalog loaded is then made a
 * card.
 */
#include "muster.h"
#include "fuzz.h"
#include "bs-read.h"
#include "export.h"
#include "system.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A test system: its id, game system and catalogues (with their ids), read once. */
#define CATS_MAX 3
struct fixture {
	const char *id, *dir, *gst;
	const char *cats[CATS_MAX], *cat_ids[CATS_MAX];
	struct bs_text text[CATS_MAX + 1];
};

static struct fixture fixtures[] = {
	{ "hbr-sys-7a1", "tests/data/bs-harbour", "harbour.gst",
	  { "armoury.cat", "canal.cat", "dockside.cat" },
	  { "hbr-cat-arm", "hbr-cat-canal", "hbr-cat-dock" }, { { 0 } } },
	{ "lnr-sys-q4", "tests/data/bs-lantern", "lantern.gst", { "wicks.cat" },
	  { "lnr-cat-wick" }, { { 0 } } },
};

static void read_fixture(struct fixture *x)
{
	if (x->text[0].buf)
		return;
	for (size_t i = 0; i <= CATS_MAX; i++) {
		const char *base = i == 0 ? x->gst : x->cats[i - 1];
		if (base == NULL)
			break;
		char *rel = xasprintf("%s/%s", x->dir, base);
		x->text[i].buf = fuzz_read_source_file(rel, &x->text[i].len);
		x->text[i].name = rel; /* kept for the process */
	}
}

/* Whether the input has attribute name="value". */
static bool has(const uint8_t *data, size_t size, const char *name, const char *value)
{
	char *s = xasprintf("%s=\"%s\"", name, value);
	bool r = memmem(data, size, s, strlen(s)) != NULL;
	free(s);
	return r;
}

static struct system *load(const uint8_t *data, size_t size, struct diags *d)
{
	struct bs_text in = { "fuzz.cat", (const char *)data, size };
	struct bs_text cats[CATS_MAX + 1];
	size_t n = 0;
	const char *root = memmem(data, size, "<gameSystem", 11);
	if (root != NULL && memmem(data, (size_t)(root - (const char *)data), "<catalogue", 10) == NULL) {
		in.name = "fuzz.gst";
		for (size_t k = 0; k < MUSTER_ARRAY_LEN(fixtures); k++)
			if (has(data, size, " id", fixtures[k].id)) {
				read_fixture(&fixtures[k]);
				for (size_t i = 0; i < CATS_MAX && fixtures[k].cats[i]; i++)
					cats[n++] = fixtures[k].text[i + 1];
				break;
			}
		return bs_system_load_memory(&in, cats, n, d);
	}
	struct fixture *x = has(data, size, "gameSystemId", fixtures[1].id) ? &fixtures[1] : &fixtures[0];
	read_fixture(x);
	cats[n++] = in;
	for (size_t i = 0; i < CATS_MAX && x->cats[i]; i++)
		if (!has(data, size, " id", x->cat_ids[i]))
			cats[n++] = x->text[i + 1];
	return bs_system_load_memory(&x->text[0], cats, n, d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_init();
	struct diags d = DIAGS_INIT;
	struct system *sys = load(data, size, &d);
	if (sys) {
		for (size_t i = 0; i < sys->n_catalogs; i++)
			for (size_t k = 0; k < sys->catalogs[i]->n_entries; k++) {
				struct strbuf sb = STRBUF_INIT;
				export_card(sys, &sys->catalogs[i]->entries[k], &sb);
				strbuf_release(&sb);
			}
		system_free(sys);
	}
	fuzz_report(sys != NULL, &d);
	diags_release(&d);
	return 0;
}
