/* cmd-help.c - muster help: the usage of the program or of one command
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "cmd.h"

static int exec_help(int argc, char **argv);

const struct cmd_entry cmd_help_entry = {
	"help",
	N_("[COMMAND]"),
	N_("show the usage of muster or of one command"),
	"",
	exec_help,
};

static int exec_help(int argc, char **argv)
{
	if (argc < 2) {
		cmd_usage(NULL, stdout);
		return MUSTER_EXIT_OK;
	}
	if (argc > 2)
		return cmd_usage_error(&cmd_help_entry, "%s", _("help takes one command name"));
	bool ambiguous;
	const struct cmd_entry *cmd = cmd_find(argv[1], &ambiguous);
	if (cmd == NULL)
		return cmd_usage_error(NULL, ambiguous ? _("command '%s' is ambiguous")
		                                       : _("unknown command '%s'"), argv[1]);
	cmd_usage(cmd, stdout);
	return MUSTER_EXIT_OK;
}
