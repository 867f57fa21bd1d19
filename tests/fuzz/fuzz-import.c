/* fuzz-import.c - libFuzzer target: a pasted plain-text list (muster import), and the roster
 * it becomes, loaded and checked
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The text names its system on a "Game: NAME" line (any shipped or test system); what
 * import_text writes is loaded back as a roster and checked, as `muster import` then
 * `muster validate` would.
 */
#include "muster.h"
#include "fuzz.h"
#include "check.h"
#include "eval.h"
#include "import.h"
#include "roster.h"
#include "derive.h"
#include "session.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct session *s; /* systems are loaded once */
	fuzz_init();
	if (s == NULL)
		s = session_new();
	struct import_opts o;
	memset(&o, 0, sizeof(o));
	o.limit = -1;
	struct diags d = DIAGS_INIT;
	struct import_claims *claims = NULL;
	char *xml = import_text(s, (const char *)data, size, "fuzz.txt", &o, &claims, &d);
	bool loaded = xml != NULL;
	if (xml) {
		struct roster *r = roster_load_memory(s, xml, strlen(xml), "imported.xml", &d);
		if (r) {
			struct eval *ev = eval_new(r, &d);
			if (ev) {
				import_check(claims, ev, &d);
				check_roster(ev, &d);
			}
			eval_free(ev);
			roster_free(r);
		}
		free(xml);
	}
	import_claims_free(claims);
	fuzz_report(loaded, &d);
	diags_release(&d);
	return 0;
}
