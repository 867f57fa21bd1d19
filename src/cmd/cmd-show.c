/* cmd-show.c - muster show: a printable list with costs, limits and its verdict
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "check.h"
#include "eval.h"
#include "cmd.h"
#include "export.h"
#include "roster.h"
#include "derive.h"
#include "session.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int exec_show(int argc, char **argv);

static const struct cmd_option show_options[] = {
	CMD_WORDS("format", OPT_FORMAT, "text markdown csv", NC_("option value", "FORMAT"),
	          N_("text (the default), markdown, or csv (a cost sheet)")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_show_entry = {
	"show",
	N_("[--format=text|markdown|csv] FILE"),
	N_("print a list with its units, costs, limit, points left and verdict"),
	N_("The printout ends with the list's verdict and every violation, so a printed list\n"
	   "carries its legality; 'muster export' writes every form, HTML and XML too.\n"
	   "Exit status: 0 when printed (legal or not), 2 on trouble.\n"),
	show_options,
	NULL,
	exec_show,
	"ROSTER",
};

/* In the order of the words of --format. */
enum show_format { SHOW_TEXT, SHOW_MARKDOWN, SHOW_CSV };

static int exec_show(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_show_entry;
	enum show_format fmt = SHOW_TEXT;
	int opt, status;
	while ((opt = cmd_getopt(self, argc, argv, &status)) > 0) {
		/* opt is --format, one of its words (cmd_getopt refuses the others) */
		fmt = (enum show_format)cmd_option_word(self, opt, optarg);
	}
	if (opt == 0)
		return status;
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("no roster file given"));
	if (argc - optind > 1)
		return cmd_usage_error(self, "%s", _("show takes one roster file"));
	const char *path = argv[optind];
	struct diags d = DIAGS_INIT;
	struct session *s = session_new();
	struct roster *r = roster_load(s, path, &d);
	if (r == NULL) {
		diags_print(&d, stderr, DIAG_TEXT);
		diags_release(&d);
		session_free(s);
		return MUSTER_EXIT_TROUBLE;
	}
	struct eval *ev = eval_new(r, &d);
	if (ev)
		check_roster(ev, &d);
	diags_sort(&d);
	if (ev == NULL || d.fatals) {
		/* A number too large to count: the list cannot be shown truthfully. */
		diags_print(&d, stderr, DIAG_TEXT);
		eval_free(ev);
		roster_free(r);
		session_free(s);
		diags_release(&d);
		return MUSTER_EXIT_TROUBLE;
	}
	int rc = 0;
	static const enum export_format as[] = { EXPORT_TEXT, EXPORT_MARKDOWN, EXPORT_CSV };
	struct strbuf sb = STRBUF_INIT;
	export_roster(ev, &d, as[fmt], EXPORT_FULL, &sb);
	if (fwrite(sb.s, 1, sb.len, stdout) != sb.len || fflush(stdout) != 0)
		rc = -1;
	strbuf_release(&sb);
	eval_free(ev);
	roster_free(r);
	session_free(s);
	diags_release(&d);
	return rc == 0 ? MUSTER_EXIT_OK : MUSTER_EXIT_TROUBLE;
}
