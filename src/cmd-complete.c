/* cmd-complete.c - muster complete: the names shell completion offers (hidden)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The bash completion (completion/muster) asks the program itself for names, so that it
 * stays true for every command and every data directory:
 *   muster complete commands                 the commands, one a line
 *   muster complete systems                  the game systems on the data path
 *   muster complete factions SYSTEM          the ids of the system's catalog groups
 *   muster complete entries SYSTEM           the ids of its entries
 *   muster complete options SYSTEM ENTRY     the ids of an entry's options
 * A name that cannot be found prints nothing and exits 0: completion never complains.
 * Not listed by --help and never matched by a prefix.
 */
#include "muster.h"
#include "cmd.h"
#include "data.h"
#include "diag.h"
#include "session.h"
#include "system.h"
#include "util.h"

#include <string.h>

static int exec_complete(int argc, char **argv);

const struct cmd_entry cmd_complete_entry = {
	"complete",
	N_("WHAT [SYSTEM [ENTRY]]"),
	NULL, /* hidden: for shell completion */
	N_("Prints names for shell completion, one a line. WHAT is commands, systems,\n"
	   "factions SYSTEM, entries SYSTEM or options SYSTEM ENTRY.\n"),
	NULL,
	NULL,
	exec_complete,
};

static const struct system *load(struct session *s, const char *id)
{
	struct diags d = DIAGS_INIT;
	const struct system *sys = session_system(s, id, &d);
	diags_release(&d);
	return sys;
}

static int exec_complete(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_complete_entry;
	int ret;
	if (cmd_getopt(self, argc, argv, &ret) == 0)
		return ret;
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("complete takes what to list"));
	const char *what = argv[optind];
	int nargs = argc - optind - 1;
	if (strcmp(what, "commands") == 0) {
		for (const struct cmd_entry *const *c = cmd_table; *c; c++)
			if (!CMD_HIDDEN(*c))
				printf("%s\n", (*c)->name);
		return MUSTER_EXIT_OK;
	}
	if (strcmp(what, "systems") == 0) {
		char **ids = data_system_ids();
		for (char **p = ids; *p; p++)
			printf("%s\n", vis(*p));
		strv_free(ids);
		return MUSTER_EXIT_OK;
	}
	bool factions = strcmp(what, "factions") == 0, entries = strcmp(what, "entries") == 0;
	bool options = strcmp(what, "options") == 0;
	if (!factions && !entries && !options)
		return cmd_usage_error(self, _("unknown list '%s'"), what);
	if (nargs != (options ? 2 : 1))
		return cmd_usage_error(self, _("complete %s takes %s"), what,
		                       options ? "SYSTEM ENTRY" : "SYSTEM");
	struct session *s = cmd_session_new();
	const struct system *sys = load(s, argv[optind + 1]);
	for (size_t c = 0; sys && c < sys->n_catalogs; c++) {
		const struct catalog *cat = sys->catalogs[c];
		for (size_t i = 0; factions && i < cat->n_groups; i++)
			printf("%s\n", vis(cat->groups[i].id));
		for (size_t i = 0; entries && i < cat->n_entries; i++)
			printf("%s\n", vis(cat->entries[i].id));
	}
	const struct entry *e = sys && options ? system_entry(sys, argv[optind + 2]) : NULL;
	for (size_t i = 0; e && i < e->n_options; i++)
		printf("%s\n", vis(e->options[i].id));
	session_free(s);
	return MUSTER_EXIT_OK;
}
