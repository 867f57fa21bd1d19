/* fuzz-rules.c - libFuzzer target: a game system's rules file (rules-xml), alone
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "fuzz.h"
#include "session.h"
#include "system.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct session *s; /* for its compiled schemas only */
	static const char *const no_roots[] = { NULL };
	fuzz_init();
	if (s == NULL)
		s = session_new();
	struct diags d = DIAGS_INIT;
	struct system *sys = system_load_memory(session_schemas(s), (const char *)data, size, "fuzz.xml", no_roots, &d);
	bool loaded = sys != NULL;
	system_free(sys);
	fuzz_report(loaded, &d);
	diags_release(&d);
	return 0;
}
