/* edit-faction.c - add: a unit of a faction the list may not take
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * When the system holds a list to its faction (<factions units="own">, engine/faction.h),
 * `add` refuses an entry from elsewhere before the file is touched, naming the factions the
 * list may take, or, when the system says severity="warning", adds it with a warning.
 */
#include "muster.h"
#include "edit-int.h"
#include "faction.h"
#include "system.h"
#include "util.h"

#include <stdlib.h>

int edit_faction_ok(const struct roster *r, size_t li, const struct entry *e, struct diags *d)
{
	if (r == NULL || li >= r->n_lists)
		return 0;
	const struct group *g = r->lists[li].faction;
	if (faction_allows(r->sys, g, e))
		return 0;
	/* A system that only warns: the check of the list with the unit added says so, at its
	 * line, as validate does. */
	if (r->sys->factions->warn)
		return 0;
	const struct r_list *l = &r->lists[li];
	const char *ref = r->sys->factions->ref;
	struct strbuf can = STRBUF_INIT, is = STRBUF_INIT, must = STRBUF_INIT;
	faction_describe(r->sys, g, &can);
	faction_word(r->sys, faction_of_entry(e, faction_home(r->sys, g)), &is);
	faction_word(r->sys, faction_home(r->sys, g), &must);
	char *msg = xasprintf(_("%s is of %s; list '%s' is of %s and may take units of: %s"),
	                      e->name, is.s, l->name ? l->name : l->id ? l->id : "", must.s, can.s);
	/* Said before the file is touched, with the rule it cites as validate cites it. */
	diags_add(d, SEV_FATAL, NULL, 0, 0, ref, "factions", "%s%s%s", ref ? ref : "",
	          ref ? ": " : "", msg);
	free(msg);
	strbuf_release(&can);
	strbuf_release(&is);
	strbuf_release(&must);
	return -1;
}

int edit_list_faction(const struct system *sys, const char *id, const struct roster *r,
                      struct r_list *l)
{
	l->faction = l->up ? r->lists[l->up - 1].faction : NULL;
	if (id == NULL)
		return 0;
	l->faction = system_group(sys, id);
	return l->faction ? 0 : -1;
}
