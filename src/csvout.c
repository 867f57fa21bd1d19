/* csvout.c - the only user of libcsv: writing CSV rows
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * libcsv's csv_fwrite quotes every field and doubles quotes, but does nothing about formulas:
 * a unit named "=HYPERLINK(...)" in a shared roster must not run in the organiser's
 * spreadsheet, so such cells get a leading ' (DESIGN.md, "Safety recipe").
 */
#include "muster.h"
#include "csvout.h"
#include "util.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

bool csv_is_formula(const char *s)
{
	return s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' ||
	       s[0] == '\r' || s[0] == '\n';
}

int csv_write_row(FILE *out, const char *const *fields, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *f = fields[i] ? fields[i] : "";
		if (i > 0 && fputc(',', out) == EOF)
			return -1;
		/* A negative number is data, not a formula: "-3" stays as written. */
		bool number = f[0] == '-' && f[1] >= '0' && f[1] <= '9' && strspn(f + 1, "0123456789") == strlen(f + 1);
		if (csv_is_formula(f) && !number) {
			char *safe = xasprintf("'%s", f);
			int rc = csv_fwrite(out, safe, strlen(safe));
			free(safe);
			if (rc == EOF)
				return -1;
		} else if (csv_fwrite(out, f, strlen(f)) == EOF) {
			return -1;
		}
	}
	if (fputs("\r\n", out) == EOF)
		return -1;
	return ferror(out) ? -1 : 0;
}
