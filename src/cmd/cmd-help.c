/* cmd-help.c - muster help: the usage of the program or of one command, or a system's rules
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "cmd.h"
#include "diag.h"
#include "session.h"
#include "system.h"

#include <string.h>

static int exec_help(int argc, char **argv);

const struct cmd_entry cmd_help_entry = {
	"help",
	N_("[COMMAND | rules SYSTEM]"),
	N_("show the usage of muster or of one command, or a game system's rules"),
	N_("With no argument, shows the usage of muster; with COMMAND, that command's.\n"
	   "'muster help rules SYSTEM' lists every rule of a game system with its number\n"
	   "(as diagnostics cite it), its description and its bound.\n"),
	NULL,
	NULL,
	exec_help,
	"COMMAND\n"
	"rules SYSTEM",
};

static int help_rules(const char *id)
{
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	const struct system *sys = session_system(s, id, &d);
	int status = MUSTER_EXIT_OK;
	if (sys == NULL) {
		diags_print(&d, stderr, DIAG_TEXT);
		status = MUSTER_EXIT_TROUBLE;
	} else {
		printf(_("Rules of %s [%s]:\n"), vis(sys->name), vis(sys->id));
		cmd_print_rules(sys, stdout);
	}
	diags_release(&d);
	session_free(s);
	return status;
}

static int exec_help(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_help_entry;
	int ret;
	if (cmd_getopt(self, argc, argv, &ret) == 0)
		return ret;
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		cmd_usage(NULL, stdout);
		return MUSTER_EXIT_OK;
	}
	if (strcmp(argv[0], "rules") == 0) {
		if (argc != 2)
			return cmd_usage_error(self, "%s", _("'help rules' takes one game system"));
		return help_rules(argv[1]);
	}
	if (argc > 1)
		return cmd_usage_error(self, "%s", _("help takes one command name"));
	bool ambiguous;
	const struct cmd_entry *cmd = cmd_find(argv[0], &ambiguous);
	if (cmd == NULL)
		return cmd_not_found(argv[0], ambiguous);
	cmd_usage(cmd, stdout);
	return MUSTER_EXIT_OK;
}
