/* fuzz-zipped.c - libFuzzer target: a zipped BattleScribe file (.gstz, .catz, .rosz)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The input is the archive's bytes, unpacked as xml_read_text unpacks a file by that name
 * (zipped.h's bounds, the XML cap); the one file it holds, when it is let through, is parsed
 * as XML, as the readers would.
 */
#include "muster.h"
#include "fuzz.h"
#include "xml.h"
#include "zipped.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_init();
	struct diags d = DIAGS_INIT;
	char *text;
	size_t len;
	bool loaded = false;
	if (zipped_unpack((const char *)data, size, (size_t)XML_MAX_FILE_SIZE, "fuzz.rosz", &text,
	                  &len, &d) == 0) {
		xmlDocPtr doc = xml_load_memory(text, len, "fuzz.rosz", &d);
		loaded = doc != NULL;
		xml_doc_free(doc);
		free(text);
	}
	fuzz_report(loaded, &d);
	diags_release(&d);
	return 0;
}
