/* fuzz-campaign.c - libFuzzer target: a game system's campaign rules (<campaign>: ledger
 * entries, experience, levels, trainings, recoveries, currencies) in the Duckhammer system
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The input is the whole <campaign ...>...</campaign> element that stands at the end of
 * rules-xml/duckhammer.xml; the system is loaded with its catalogs, so the campaign rules are
 * resolved against real entries, items and keywords.
 */
#include "muster.h"
#include "fuzz.h"
#include "session.h"
#include "system.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static char *head, *tail;
static size_t head_len, tail_len;

static void split_system(void)
{
	size_t len;
	char *text = fuzz_read_source_file("rules-xml/duckhammer.xml", &len);
	char *open = strstr(text, "\n  <campaign ");
	char *close = open ? strstr(open, "\n  </campaign>") : NULL;
	if (close == NULL)
		abort();
	head_len = (size_t)(open - text) + 1;
	head = xstrndup(text, head_len);
	tail = xstrdup(close + strlen("\n  </campaign>"));
	tail_len = strlen(tail);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct session *s;
	static char *roots[2];
	fuzz_init();
	if (s == NULL) {
		s = session_new();
		split_system();
		const char *src = getenv("MUSTER_FUZZ_SRCDIR");
		roots[0] = xstrdup(src && *src ? src : MUSTER_SRCDATADIR);
	}
	size_t len = head_len + size + tail_len;
	char *buf = xmalloc(len + 1);
	memcpy(buf, head, head_len);
	memcpy(buf + head_len, data, size);
	memcpy(buf + head_len + size, tail, tail_len);
	buf[len] = '\0';
	struct diags d = DIAGS_INIT;
	struct system *sys = system_load_memory(session_schemas(s), buf, len, "duckhammer.xml",
	                                        (const char *const *)roots, &d);
	bool loaded = sys != NULL;
	system_free(sys);
	fuzz_report(loaded, &d);
	diags_release(&d);
	free(buf);
	return 0;
}
