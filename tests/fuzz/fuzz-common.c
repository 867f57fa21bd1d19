/* fuzz-common.c - what the fuzz targets share
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "fuzz.h"
#include "data.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef MUSTER_SRCDATADIR
#define MUSTER_SRCDATADIR "."
#endif

/* The source tree: $srcdir when set (make check), else where configure ran from. */
static const char *source_dir(void)
{
	const char *s = getenv("MUSTER_FUZZ_SRCDIR");
	return s && *s ? s : MUSTER_SRCDATADIR;
}

void fuzz_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	xml_init();
	/* The shipped systems and the test systems (toy, clockwork, tempo) the corpus uses. */
	static const char *const test_dirs[] = { "tests/data/toy", "tests/data/toy2",
	                                         "tests/data/tempo" };
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(test_dirs); i++) {
		char *dir = xasprintf("%s/%s", source_dir(), test_dirs[i]);
		data_add_dir(dir);
		free(dir);
	}
	data_add_dir(source_dir());
}

char *fuzz_read_source_file(const char *rel, size_t *len)
{
	char *path = xasprintf("%s/%s", source_dir(), rel);
	struct diags d = DIAGS_INIT;
	char *buf;
	if (xml_read_file(path, &buf, len, &d) != 0) {
		fprintf(stderr, "fuzz: cannot read %s\n", path);
		abort();
	}
	diags_release(&d);
	free(path);
	buf = xrealloc(buf, *len + 1);
	buf[*len] = '\0';
	return buf;
}

void fuzz_report(bool loaded, const struct diags *d)
{
	static int verbose = -1;
	if (verbose < 0)
		verbose = getenv("MUSTER_FUZZ_VERBOSE") != NULL;
	if (!verbose)
		return;
	char *first = d->n ? diag_format_text(&d->v[0]) : NULL;
	fprintf(stderr, "%s %zu %s\n", loaded ? "loaded" : "refused", d->n, first ? first : "");
	free(first);
}
