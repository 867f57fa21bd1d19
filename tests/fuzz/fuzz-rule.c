/* fuzz-rule.c - libFuzzer target: the rule language (selectors, expressions, aggregates,
 * conditions, modifiers) in the <rules> of a known system
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The input is the text between <rules> and </rules> of tests/data/toy/rules-xml/toy.xml,
 * whose levels, attributes, keywords and catalogs it may name; the system is loaded with its
 * catalogs, so the rules are resolved against real entries.
 */
#include "muster.h"
#include "fuzz.h"
#include "data.h"
#include "session.h"
#include "system.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static char *head, *tail;
static size_t head_len, tail_len;

static void split_toy(void)
{
	size_t len;
	char *toy = fuzz_read_source_file("tests/data/toy/rules-xml/toy.xml", &len);
	char *open = strstr(toy, "<rules>");
	char *close = open ? strstr(open, "</rules>") : NULL;
	if (close == NULL)
		abort();
	head_len = (size_t)(open - toy) + strlen("<rules>");
	head = xstrndup(toy, head_len);
	tail = xstrdup(close);
	tail_len = strlen(tail);
	free(toy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct session *s;
	static char *roots[2];
	fuzz_init();
	if (s == NULL) {
		s = session_new();
		split_toy();
		roots[0] = xasprintf("%s/tests/data/toy", getenv("MUSTER_FUZZ_SRCDIR") &&
		                     *getenv("MUSTER_FUZZ_SRCDIR") ? getenv("MUSTER_FUZZ_SRCDIR")
		                                                    : MUSTER_SRCDATADIR);
	}
	size_t len = head_len + size + tail_len;
	char *buf = xmalloc(len + 1);
	memcpy(buf, head, head_len);
	memcpy(buf + head_len, data, size);
	memcpy(buf + head_len + size, tail, tail_len);
	buf[len] = '\0';
	struct diags d = DIAGS_INIT;
	struct system *sys = system_load_memory(session_schemas(s), buf, len, "toy.xml", (const char *const *)roots, &d);
	bool loaded = sys != NULL;
	system_free(sys);
	fuzz_report(loaded, &d);
	diags_release(&d);
	free(buf);
	return 0;
}
