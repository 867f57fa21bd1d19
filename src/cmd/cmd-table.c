/* cmd-table.c - the commands, alphabetical: what main dispatches to and help lists
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Above every command and cmd.c: main registers it (cmd_register), so that cmd.c, whose
 * helpers the commands call, never names a command.
 */
#include "muster.h"
#include "cmd.h"

const struct cmd_entry *const muster_commands[] = {
	&cmd_add_entry,
	&cmd_add_force_entry,
	&cmd_campaign_entry,
	&cmd_catalog_entry,
	&cmd_complete_entry,
	&cmd_edit_entry,
	&cmd_export_entry,
	&cmd_help_entry,
	&cmd_import_entry,
	&cmd_lint_entry,
	&cmd_new_entry,
	&cmd_remove_entry,
	&cmd_set_entry,
	&cmd_show_entry,
	&cmd_status_entry,
	&cmd_suggest_entry,
	&cmd_tournament_entry,
	&cmd_validate_entry,
	NULL,
};
