/* cmd-value.c - command-line values from a set: checked, and refused in one message
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every option whose value is one of a set (a word of its table, a battle size, a faction, a
 * terrain) is refused the same way, before any file is read or written: the option, the
 * value, the nearest choice ("did you mean") and the choices.
 */
#include "muster.h"
#include "cmd.h"
#include "model.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

char *cmd_value_message(const char *option, const char *what, const char *value,
                        const char *const *choices, size_t n)
{
	struct nearest nr;
	struct strbuf known = STRBUF_INIT, dym = STRBUF_INIT;
	nearest_init(&nr, value);
	for (size_t i = 0; i < n; i++) {
		nearest_offer(&nr, choices[i], choices[i]);
		if (i < CMD_CHOICES_SHOWN)
			strbuf_addf(&known, "%s%s", i ? ", " : "", choices[i]);
	}
	if (n > CMD_CHOICES_SHOWN)
		strbuf_addf(&known, _(" and %zu more"), n - CMD_CHOICES_SHOWN);
	if (nr.best)
		strbuf_addf(&dym, _("; did you mean '%s'?"), nr.best);
	const char *k = known.s ? known.s : _("none"), *m = dym.s ? dym.s : "";
	char *msg;
	if (option == NULL)
		/* TRANSLATORS: "unknown command 'x'; did you mean 'y'? (known: a, b)" */
		msg = xasprintf(_("unknown %s '%s'%s (known: %s)"), what, value, m, k);
	else if (what)
		/* TRANSLATORS: "--size: unknown battle size 'x'; did you mean 'y'? (known: a, b)" */
		msg = xasprintf(_("--%s: unknown %s '%s'%s (known: %s)"), option, what, value, m, k);
	else
		msg = xasprintf(_("--%s: unknown value '%s'%s (known: %s)"), option, value, m, k);
	strbuf_release(&known);
	strbuf_release(&dym);
	return msg;
}

const char *cmd_size_id(const struct system *sys, const char *value, char **msg)
{
	*msg = NULL;
	for (size_t i = 0; i < sys->n_sizes; i++)
		if (strcmp(sys->sizes[i].id, value) == 0 ||
		    (sys->sizes[i].name && strcasecmp(sys->sizes[i].name, value) == 0))
			return sys->sizes[i].id;
	const char **ids = xreallocarray(NULL, sys->n_sizes + 1, sizeof(*ids));
	for (size_t i = 0; i < sys->n_sizes; i++)
		ids[i] = sys->sizes[i].id;
	*msg = cmd_value_message("size", _("battle size"), value, ids, sys->n_sizes);
	free(ids);
	return NULL;
}

const char *cmd_faction_id(const struct system *sys, const char *value, char **msg)
{
	*msg = NULL;
	size_t n = 0;
	for (size_t c = 0; c < sys->n_catalogs; c++) {
		const struct catalog *cat = sys->catalogs[c];
		for (size_t i = 0; i < cat->n_groups; i++, n++)
			if (strcmp(cat->groups[i].id, value) == 0 ||
			    (cat->groups[i].name && strcasecmp(cat->groups[i].name, value) == 0))
				return cat->groups[i].id;
	}
	const char **ids = xreallocarray(NULL, n + 1, sizeof(*ids));
	n = 0;
	for (size_t c = 0; c < sys->n_catalogs; c++)
		for (size_t i = 0; i < sys->catalogs[c]->n_groups; i++)
			ids[n++] = sys->catalogs[c]->groups[i].id;
	*msg = cmd_value_message("faction", _("faction"), value, ids, n);
	free(ids);
	return NULL;
}

int cmd_unknown_command(const char *word)
{
	size_t n = 0;
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		n++;
	const char **names = xreallocarray(NULL, n + 1, sizeof(*names));
	n = 0;
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		if (!CMD_HIDDEN(*c))
			names[n++] = (*c)->name;
	int rc = cmd_bad_value(NULL, NULL, _("command"), word, names, n);
	free(names);
	return rc;
}
