/* lang-ref.c - prints the reference of the rule language from its tables (lang-table.h):
 * what doc/data-guide.md holds between its reference markers; tests/lang-ref.sh compares.
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "lang-table.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	lang_reference(&sb);
	int rc = fwrite(sb.s ? sb.s : "", 1, sb.len, stdout) == sb.len && fflush(stdout) == 0 ? 0 : 1;
	strbuf_release(&sb);
	return rc;
}
