/* derive.c - a roster read, then what its campaign's ledger makes of it
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "derive.h"
#include "campaign.h"
#include "roster.h"
#include "bs-roster.h"

static struct roster *derive(struct roster *r, struct diags *d)
{
	if (r && r->camp && camp_derive(r, d) != 0) {
		roster_free(r);
		return NULL;
	}
	return r;
}

struct roster *roster_load(struct session *s, const char *path, struct diags *d)
{
	/* A .ros or .rosz is BattleScribe's, unless its root says it is Muster's. */
	bool other = true;
	if (bs_roster_file(path)) {
		struct roster *r = bs_roster_read(s, path, d, &other);
		if (!other)
			return r;
	}
	return derive(roster_read(s, path, d), d);
}

struct roster *roster_load_memory(struct session *s, const char *buf, size_t len,
                                  const char *name, struct diags *d)
{
	bool other = true;
	if (bs_roster_file(name)) {
		struct roster *r = bs_roster_read_memory(s, buf, len, name, d, &other);
		if (!other)
			return r;
	}
	return derive(roster_read_memory(s, buf, len, name, d), d);
}
