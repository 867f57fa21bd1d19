/* fuzz-catalog.c - libFuzzer target: a faction catalog, and its cards
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The catalog is loaded for the system its system="..." names (a shipped or test system, the
 * toy system when none is found or it does not load without its own catalogs), loaded afresh
 * from memory without its catalogs.
 */
#include "muster.h"
#include "fuzz.h"
#include "catalog.h"
#include "data.h"
#include "export.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

/* The rules text of the system the input names, read once per system. */
static const char *rules_for(const uint8_t *data, size_t size, size_t *len)
{
	static struct { char *id, *text; size_t len; } known[16];
	static size_t n_known;
	char id[65] = "toy";
	const char *at = memmem(data, size < 4096 ? size : 4096, "system=\"", 8);
	if (at) {
		size_t k = 0;
		at += 8;
		while (k < 64 && at + k < (const char *)data + size &&
		       strchr("abcdefghijklmnopqrstuvwxyz0123456789-", at[k]) && at[k])
			k++;
		if (k > 0 && at + k < (const char *)data + size && at[k] == '"') {
			memcpy(id, at, k);
			id[k] = '\0';
		}
	}
	for (size_t i = 0; i < n_known; i++)
		if (strcmp(known[i].id, id) == 0) {
			*len = known[i].len;
			return known[i].text;
		}
	const char *root = data_system_root(id);
	if (root == NULL || n_known == MUSTER_ARRAY_LEN(known))
		return rules_for((const uint8_t *)"system=\"toy\"", 12, len);
	char *path = xasprintf("%s/rules-xml/%s.xml", root, id);
	struct diags d = DIAGS_INIT;
	char *text;
	if (xml_read_file(path, &text, len, &d) != 0)
		abort();
	diags_release(&d);
	free(path);
	known[n_known].id = xstrdup(id);
	known[n_known].text = text;
	known[n_known].len = *len;
	n_known++;
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct session *s;
	static const char *const no_roots[] = { NULL };
	fuzz_init();
	if (s == NULL)
		s = session_new();
	size_t rules_len;
	const char *rules = rules_for(data, size, &rules_len);
	struct diags d = DIAGS_INIT;
	/* A fresh system each time: a catalog registers its entries in the system. */
	struct system *sys = system_load_memory(session_schemas(s), rules, rules_len, "rules.xml", no_roots, &d);
	if (sys == NULL) {
		/* A system whose rules name entries of its own catalogs: the toy system instead. */
		diags_release(&d);
		rules = rules_for((const uint8_t *)"system=\"toy\"", 12, &rules_len);
		sys = system_load_memory(session_schemas(s), rules, rules_len, "rules.xml", no_roots, &d);
		if (sys == NULL)
			abort(); /* the toy system itself must load */
	}
	struct catalog *cat = catalog_load_memory(session_schemas(s), sys, (const char *)data, size, "fuzz.xml", &d);
	bool loaded = cat != NULL;
	if (cat) {
		system_adopt_catalog(sys, cat);
		for (size_t i = 0; i < cat->n_entries; i++) {
			struct strbuf sb = STRBUF_INIT;
			export_card(sys, &cat->entries[i], &sb);
			strbuf_release(&sb);
		}
	}
	system_free(sys);
	fuzz_report(loaded, &d);
	diags_release(&d);
	return 0;
}
