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
 *   muster complete options SYSTEM ENTRY     the ids of an entry's options (PARENT/ID for
 *                                            an id standing under several parents)
 *   muster complete sizes SYSTEM             the ids of the system's battle sizes
 *   muster complete flags [COMMAND]          the options of COMMAND (of muster itself
 *                                            without), from its table: one a line, its
 *                                            spelling (--format, -j), the kind of value it
 *                                            takes (none, text, number, file, dir, system,
 *                                            size, faction, option, words) and for words
 *                                            the words (--format words text xml)
 * A name that cannot be found prints nothing and exits 0: completion never complains.
 * Not listed by --help and never matched by a prefix.
 */
#include "muster.h"
#include "cmd.h"
#include "data.h"
#include "diag.h"
#include "edit.h"
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
	   "factions SYSTEM, entries SYSTEM, options SYSTEM ENTRY, sizes SYSTEM or\n"
	   "flags [COMMAND].\n"),
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

/* The words of enum cmd_arg, for the shell. */
static const char *const arg_kinds[] = {
	[CMD_ARG_NONE] = "none", [CMD_ARG_TEXT] = "text", [CMD_ARG_NUMBER] = "number",
	[CMD_ARG_FILE] = "file", [CMD_ARG_DIR] = "dir", [CMD_ARG_SYSTEM] = "system",
	[CMD_ARG_SIZE] = "size", [CMD_ARG_FACTION] = "faction", [CMD_ARG_OPTION] = "option",
	[CMD_ARG_WORDS] = "words",
};

static void print_flags(const struct cmd_option *table)
{
	for (const struct cmd_option *o = table; o && o->name; o++) {
		const char *words = o->arg == CMD_ARG_WORDS ? o->words : NULL;
		printf("--%s %s%s%s\n", o->name, arg_kinds[o->arg], words ? " " : "", words ? words : "");
		if (o->key > 0 && o->key < 0x80)
			printf("-%c %s%s%s\n", o->key, arg_kinds[o->arg], words ? " " : "",
			       words ? words : "");
	}
}

/* muster complete flags [COMMAND]: the options of a command, or of muster itself. A command
 * that is not one prints nothing. */
static int complete_flags(int nargs, char **args)
{
	if (nargs == 0) {
		print_flags(cmd_global_options);
		return MUSTER_EXIT_OK;
	}
	bool ambiguous;
	const struct cmd_entry *cmd = cmd_find(args[0], &ambiguous);
	if (cmd) {
		print_flags(cmd->options);
		print_flags(cmd_common_options);
	}
	return MUSTER_EXIT_OK;
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
	if (strcmp(what, "flags") == 0) {
		if (nargs > 1)
			return cmd_usage_error(self, _("complete %s takes %s"), what, "[COMMAND]");
		return complete_flags(nargs, argv + optind + 1);
	}
	bool factions = strcmp(what, "factions") == 0, entries = strcmp(what, "entries") == 0;
	bool options = strcmp(what, "options") == 0, sizes = strcmp(what, "sizes") == 0;
	if (!factions && !entries && !options && !sizes)
		return cmd_usage_error(self, _("unknown list '%s'"), what);
	if (nargs != (options ? 2 : 1))
		return cmd_usage_error(self, _("complete %s takes %s"), what,
		                       options ? "SYSTEM ENTRY" : "SYSTEM");
	struct session *s = session_new();
	const struct system *sys = load(s, argv[optind + 1]);
	for (size_t i = 0; sys && sizes && i < sys->n_sizes; i++)
		printf("%s\n", vis(sys->sizes[i].id));
	for (size_t c = 0; sys && c < sys->n_catalogs; c++) {
		const struct catalog *cat = sys->catalogs[c];
		for (size_t i = 0; factions && i < cat->n_groups; i++)
			printf("%s\n", vis(cat->groups[i].id));
		for (size_t i = 0; entries && i < cat->n_entries; i++)
			printf("%s\n", vis(cat->entries[i].id));
	}
	const struct entry *e = sys && options ? system_entry(sys, argv[optind + 2]) : NULL;
	/* An id under several parents as PARENT/ID, each once: --option= takes them as they are. */
	char **words = e ? xcalloc(e->n_options + 1, sizeof(*words)) : NULL;
	for (size_t i = 0; e && i < e->n_options; i++) {
		words[i] = edit_option_word(e, i);
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = strcmp(words[k], words[i]) == 0;
		if (!seen)
			printf("%s\n", vis(words[i]));
	}
	strv_free(words);
	session_free(s);
	return MUSTER_EXIT_OK;
}
