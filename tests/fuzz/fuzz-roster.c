/* fuzz-roster.c - libFuzzer target: a roster (lists and campaign ledger) of any shipped
 * system, evaluated, checked and exported in every format
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "fuzz.h"
#include "check.h"
#include "eval.h"
#include "export.h"
#include "roster.h"
#include "derive.h"
#include "session.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct session *s; /* systems are loaded once, as in a batch */
	fuzz_init();
	if (s == NULL)
		s = session_new();
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load_memory(s, (const char *)data, size, "fuzz.xml", &d);
	bool loaded = r != NULL;
	if (r) {
		struct eval *ev = eval_new(r, &d);
		if (ev) {
			check_roster(ev, &d);
			for (int f = EXPORT_TEXT; f <= EXPORT_XML; f++) {
				for (int st = EXPORT_FULL; st <= EXPORT_COMPACT; st++) {
					struct strbuf sb = STRBUF_INIT;
					export_roster(ev, &d, (enum export_format)f, (enum export_style)st,
					              &sb);
					strbuf_release(&sb);
				}
			}
		}
		eval_free(ev);
		roster_free(r);
	}
	fuzz_report(loaded, &d);
	diags_release(&d);
	return 0;
}
