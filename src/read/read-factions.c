/* read-factions.c - <factions>: where a list's units may come from
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * <factions units="own|any" level="L" severity="error|warning" ref="XX-3"> with <ally of="A"
 * faction="B"/> children (doc/data-guide.md, "Factions"). Its factions are catalog groups, so
 * it is read once every catalog is: a group or level no one defines is refused at its line,
 * with the nearest known one. What it means is engine/faction.c's.
 */
#include "muster.h"
#include "read-rules.h"
#include "system.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void fail_at(struct system *sys, xmlNodePtr n, struct diags *d, const char *msg)
{
	diags_add(d, SEV_FATAL, sys->file, xml_line(n), xml_col(n), NULL, NULL, "%s", msg);
}

/* The group id (attribute attr of n) names, or NULL after a fatal diagnostic with a
 * did-you-mean. Takes id. */
static const struct group *group_at(struct system *sys, xmlNodePtr n, const char *attr,
                                    char *id, struct diags *d)
{
	const struct group *g = id ? idx_get(sys->group_idx, id) : NULL;
	if (g == NULL) {
		struct strbuf sb = STRBUF_INIT;
		system_describe_unknown(sys, KNOWN_GROUP, id, &sb);
		char *msg = xasprintf(_("<%s %s=\"%s\">: no catalog of system '%s' has that faction%s"),
		                      (const char *)n->name, attr, id ? id : "", sys->id, sb.s ? sb.s : "");
		fail_at(sys, n, d, msg);
		free(msg);
		strbuf_release(&sb);
	}
	free(id);
	return g;
}

/* The level attribute level= names (SIZE_MAX when it gives none); -1 after a diagnostic. */
static int level_at(struct system *sys, xmlNodePtr n, size_t *out, struct diags *d)
{
	char *id = xml_prop(n, "level");
	*out = SIZE_MAX;
	if (id == NULL)
		return 0;
	struct nearest nr;
	struct strbuf known = STRBUF_INIT;
	nearest_init(&nr, id);
	for (size_t i = 0; i < sys->n_attrs; i++) {
		if (sys->attrs[i].type != ATTR_LEVEL)
			continue;
		if (strcmp(sys->attrs[i].id, id) == 0)
			*out = i;
		nearest_offer(&nr, sys->attrs[i].id, sys->attrs[i].id);
		strbuf_addf(&known, "%s%s", known.len ? ", " : "", sys->attrs[i].id);
	}
	if (*out == SIZE_MAX) {
		char *near = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
		char *msg = xasprintf(_("<factions level=\"%s\">: the system declares no such level%s (levels: %s)"),
		                      id, near, known.s ? known.s : _("none"));
		fail_at(sys, n, d, msg);
		free(msg);
		free(near);
	}
	strbuf_release(&known);
	free(id);
	return *out == SIZE_MAX ? -1 : 0;
}

int factions_read(struct system *sys, xmlNodePtr n, struct diags *d)
{
	struct faction_def *f = xcalloc(1, sizeof(*f));
	sys->factions = f;
	char *units = xml_prop(n, "units"), *sev = xml_prop(n, "severity");
	f->own = units && strcmp(units, "own") == 0;
	f->warn = sev && strcmp(sev, "warning") == 0;
	f->ref = xml_prop(n, "ref");
	f->pairs = idx_new();
	free(units);
	free(sev);
	if (level_at(sys, n, &f->level, d))
		return -1;
	size_t cap = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "ally"))
			continue; /* the schema takes nothing else */
		GROW(f->allies, cap, f->n_allies + 1);
		struct faction_ally *a = &f->allies[f->n_allies];
		char *of = xml_prop(c, "of");
		a->of = NULL;
		if (of && (a->of = group_at(sys, c, "of", of, d)) == NULL)
			return -1;
		if ((a->faction = group_at(sys, c, "faction", xml_prop(c, "faction"), d)) == NULL)
			return -1;
		char *key = xasprintf("%s\n%s", a->faction->id, a->of ? a->of->id : "");
		idx_add(f->pairs, key, (void *)a->faction); /* a second one says nothing new */
		free(key);
		f->n_allies++;
	}
	return 0;
}

void factions_free(struct faction_def *f)
{
	if (f == NULL)
		return;
	free(f->ref);
	free(f->allies);
	idx_free(f->pairs);
	free(f);
}
