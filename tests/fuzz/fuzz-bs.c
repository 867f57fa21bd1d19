/* fuzz-bs.c - libFuzzer target: a BattleScribe game system or catalogue, and its cards
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * An input whose root looks like <gameSystem is loaded as a game system alone; any other as a
 * catalogue of the test system its gameSystemId="..." names (tests/data/bs-lantern's, else
 * tests/data/bs-harbour's), with that system's game system and, for Harbour Rats, its library
 * catalogue (armoury.cat, which the input may link) unless the input has its id. The fixed
 * files are read once from the source tree; everything is parsed from memory
 * (bs_system_load_memory). Every entry of every catalog loaded is then made a card.
 */
#include "muster.h"
#include "fuzz.h"
#include "bs-read.h"
#include "export.h"
#include "system.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A fixed file of the source tree, read once. */
struct fixed {
	const char *rel;
	struct bs_text t;
};

static const struct bs_text *fixed(struct fixed *f)
{
	if (f->t.buf == NULL) {
		f->t.name = f->rel;
		f->t.buf = fuzz_read_source_file(f->rel, &f->t.len);
	}
	return &f->t;
}

static bool has(const uint8_t *data, size_t size, const char *s)
{
	return memmem(data, size, s, strlen(s)) != NULL;
}

static struct system *load(const uint8_t *data, size_t size, struct diags *d)
{
	static struct fixed harbour = { "tests/data/bs-harbour/harbour.gst", { 0 } };
	static struct fixed armoury = { "tests/data/bs-harbour/armoury.cat", { 0 } };
	static struct fixed lantern = { "tests/data/bs-lantern/lantern.gst", { 0 } };
	struct bs_text in = { "fuzz.cat", (const char *)data, size };
	const char *root = memmem(data, size, "<gameSystem", 11);
	if (root != NULL && memmem(data, (size_t)(root - (const char *)data), "<catalogue", 10) == NULL) {
		in.name = "fuzz.gst";
		return bs_system_load_memory(&in, NULL, 0, d);
	}
	if (has(data, size, "gameSystemId=\"lnr-sys-q4\""))
		return bs_system_load_memory(fixed(&lantern), &in, 1, d);
	struct bs_text cats[2] = { in, { 0 } };
	size_t n = 1;
	if (!has(data, size, " id=\"hbr-cat-arm\""))
		cats[n++] = *fixed(&armoury);
	return bs_system_load_memory(fixed(&harbour), cats, n, d);
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
