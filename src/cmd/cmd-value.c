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

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Is value (any case) the start of s, or one of its words ("small" of "small-skirmish")? */
static bool fits_part(const char *s, const char *value)
{
	size_t n = strlen(value);
	if (s == NULL || n == 0)
		return false;
	if (strncasecmp(s, value, n) == 0)
		return true;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && strncasecmp(p + 1, value, n) == 0 &&
		    !isalnum((unsigned char)p[1 + n]))
			return true;
	return false;
}

/* The one choice (by its id, or its name in names, which may be NULL) value is the start or a
 * word of, or NULL when none or several are. */
static const char *only_fit(const char *value, const char *const *choices, const char *const *names,
                            size_t n)
{
	const char *fit = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!fits_part(choices[i], value) && !(names && fits_part(names[i], value)))
			continue;
		if (fit)
			return NULL;
		fit = choices[i];
	}
	return fit;
}

static char *value_message(const char *option, const char *what, const char *value,
                           const char *const *choices, const char *const *names, size_t n)
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
	const char *best = nr.best ? nr.best : only_fit(value, choices, names, n);
	if (best)
		strbuf_addf(&dym, _("; did you mean '%s'?"), best);
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

char *cmd_value_message(const char *option, const char *what, const char *value,
                        const char *const *choices, size_t n)
{
	return value_message(option, what, value, choices, NULL, n);
}

const char *cmd_size_id(const struct system *sys, const char *value, char **msg)
{
	*msg = NULL;
	for (size_t i = 0; i < sys->n_sizes; i++)
		if (strcmp(sys->sizes[i].id, value) == 0 ||
		    (sys->sizes[i].name && strcasecmp(sys->sizes[i].name, value) == 0))
			return sys->sizes[i].id;
	const char **ids = xreallocarray(NULL, sys->n_sizes + 1, sizeof(*ids));
	const char **names = xreallocarray(NULL, sys->n_sizes + 1, sizeof(*names));
	for (size_t i = 0; i < sys->n_sizes; i++) {
		ids[i] = sys->sizes[i].id;
		names[i] = sys->sizes[i].name;
	}
	*msg = value_message("size", _("battle size"), value, ids, names, sys->n_sizes);
	free(ids);
	free(names);
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
