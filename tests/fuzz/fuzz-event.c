/* fuzz-event.c - libFuzzer target: a tournament's event pack, and a list checked against it
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A pack adds its rules to its system, so each input gets a fresh session (the system is
 * loaded again with the pack's rules); when the pack loads, the example Duckhammer list is
 * loaded, checked and checked against the pack, as `muster tournament` does.
 */
#include "muster.h"
#include "fuzz.h"
#include "check.h"
#include "eval.h"
#include "event.h"
#include "roster.h"
#include "derive.h"
#include "session.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *list;
	static size_t list_len;
	fuzz_init();
	if (list == NULL)
		list = fuzz_read_source_file("doc/examples/impondium-strike-force.xml", &list_len);
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	struct event *e = event_load_memory(s, (const char *)data, size, "fuzz.xml", &d);
	bool loaded = e != NULL;
	if (e) {
		struct roster *r = roster_load_memory(s, list, list_len, "list.xml", &d);
		if (r) {
			struct eval *ev = eval_new(r, &d);
			if (ev)
				check_roster(ev, &d);
			event_check(e, r, ev, &d);
			eval_free(ev);
			roster_free(r);
		}
		event_free(e);
	}
	fuzz_report(loaded, &d);
	diags_release(&d);
	session_free(s);
	return 0;
}
