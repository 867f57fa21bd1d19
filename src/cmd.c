/* cmd.c - the subcommand table and what every command shares
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "cmd.h"
#include "batch.h"
#include "data.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct cmd_entry *const cmd_table[] = {
	&cmd_add_entry,
	&cmd_campaign_entry,
	&cmd_catalog_entry,
	&cmd_edit_entry,
	&cmd_export_entry,
	&cmd_help_entry,
	&cmd_import_entry,
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

const struct cmd_entry *cmd_find(const char *name, bool *ambiguous)
{
	const struct cmd_entry *found = NULL;
	size_t len = strlen(name);
	*ambiguous = false;
	for (const struct cmd_entry *const *c = cmd_table; *c; c++) {
		if (strcmp((*c)->name, name) == 0)
			return *c;
		if (len > 0 && strncmp((*c)->name, name, len) == 0) {
			if (found)
				*ambiguous = true;
			found = *c;
		}
	}
	return *ambiguous ? NULL : found;
}

void cmd_usage(const struct cmd_entry *cmd, FILE *out)
{
	if (cmd) {
		fprintf(out, _("Usage: muster %s %s\n"), cmd->name, _(cmd->usage));
		fprintf(out, "%s\n", _(cmd->summary));
		if (cmd->help && *cmd->help)
			fprintf(out, "\n%s", _(cmd->help));
		fprintf(out, "%s", _("\nCommon options:\n"
		                     "      --data-dir=DIR   look for game systems and catalogs in DIR first\n"
		                     "      --help           show this help and exit\n"));
		return;
	}
	fputs(_("Usage: muster [--data-dir=DIR] COMMAND [OPTION]... [ARG]...\n"
	        "Build and check army lists for tabletop wargames whose rules are data.\n\n"
	        "Commands:\n"), out);
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		fprintf(out, "  %-10s %s\n", (*c)->name, _((*c)->summary));
	fputs(_("\nOptions:\n"
	        "      --data-dir=DIR   look for game systems and catalogs in DIR first\n"
	        "      --help           show this help and exit\n"
	        "      --version        show the version and exit\n\n"
	        "'muster help COMMAND' shows a command's options. 'muster validate' and\n"
	        "'muster tournament' exit 0 when every list is legal, 1 when one is not, 2 on a\n"
	        "usage error or unreadable or malformed input; the other commands exit 0 or 2.\n"), out);
}

const char *vis(const char *s)
{
	static struct strbuf slot[CMD_VIS_SLOTS];
	static size_t next;
	if (s == NULL)
		return NULL;
	struct strbuf *sb = &slot[next];
	next = (next + 1) % CMD_VIS_SLOTS;
	sb->len = 0;
	strbuf_adds(sb, "");
	strbuf_add_visible(sb, s);
	return sb->s;
}

int cmd_usage_error(const struct cmd_entry *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	fprintf(stderr, "muster: %s\n", vis(msg));
	free(msg);
	if (cmd)
		fprintf(stderr, _("Try 'muster %s --help' for more information.\n"), cmd->name);
	else
		fputs(_("Try 'muster --help' for more information.\n"), stderr);
	return MUSTER_EXIT_TROUBLE;
}

int cmd_bad_option(const struct cmd_entry *cmd, int opt, char **argv)
{
	const char *word = argv[optind - 1];
	bool is_long = strncmp(word, "--", 2) == 0;
	if (opt == ':') {
		if (is_long)
			return cmd_usage_error(cmd, _("option '%s' requires an argument"), word);
		return cmd_usage_error(cmd, _("option '-%c' requires an argument"), optopt);
	}
	if (is_long && optopt != 0 && strchr(word, '=')) {
		size_t n = (size_t)(strchr(word, '=') - word);
		return cmd_usage_error(cmd, _("option '%.*s' doesn't allow an argument"), (int)n, word);
	}
	if (!is_long && optopt && optopt < 0x100)
		return cmd_usage_error(cmd, _("invalid option '-%c'"), optopt);
	return cmd_usage_error(cmd, _("invalid option '%s'"), word);
}

int cmd_common_option(const struct cmd_entry *cmd, int opt, const char *arg)
{
	switch (opt) {
	case OPT_HELP:
		cmd_usage(cmd, stdout);
		return -1;
	case OPT_DATA_DIR:
		data_add_dir(arg);
		return 1;
	default:
		return 0;
	}
}

int cmd_parse_jobs(const char *arg)
{
	long j;
	if (parse_long(arg, 0, BATCH_MAX_JOBS, &j) != 0)
		return -1;
	return (int)j;
}
