/* cmd-lint.c - muster lint: what is wrong in a directory of game data, for its maintainers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every finding is printed as a compiler does, "FILE:LINE: error|warning: lint-CODE: message",
 * sorted by file and line, then one summary line. Exit 0 when there is no error (warnings
 * alone too, unless --werror), 1 when there is one, 2 when the directory cannot be read.
 * bslint.h does the work; doc/data-guide.md lists the codes.
 */
#include "muster.h"
#include "bslint.h"
#include "cmd.h"
#include "diag.h"
#include "schemas.h"
#include "util.h"
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int exec_lint(int argc, char **argv);

static const struct cmd_option lint_options[] = {
	CMD_FLAG("werror", 'W', N_("exit 1 when there are warnings, as when there are errors")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_lint_entry = {
	"lint",
	N_("[--werror] DIR"),
	N_("check game data for broken links, unused and impossible parts"),
	N_("Reads every game system and catalogue under DIR (BattleScribe's *.gst, *.cat,\n"
	   "*.gstz and *.catz, and Muster's *.xml) and reports, as FILE:LINE: error|warning:\n"
	   "lint-CODE: message, what is malformed, links and ids that name nothing, ids\n"
	   "defined twice, shared entries nothing links to and conditions that can never\n"
	   "hold (doc/data-guide.md lists the codes). Exit status: 0 when there is no error,\n"
	   "1 when there is one (or a warning, with --werror), 2 when DIR cannot be read.\n"),
	lint_options,
	NULL,
	exec_lint,
	"DIR",
};

/* Whether dir can be listed; says why not. */
static bool readable_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (d == NULL) {
		cmd_error_at(dir, _("cannot read the directory: %s"), strerror(errno));
		return false;
	}
	closedir(d);
	return true;
}

static int exec_lint(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_lint_entry;
	bool werror = false;
	int opt, rc = 0;
	while ((opt = cmd_getopt(self, argc, argv, &rc)) > 0)
		if (opt == 'W')
			werror = true;
	if (opt == 0)
		return rc;
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("no data directory given"));
	if (optind + 1 < argc)
		return cmd_usage_error(self, "%s", _("one data directory only"));
	const char *dir = argv[optind];
	if (!readable_dir(dir))
		return MUSTER_EXIT_TROUBLE;
	struct walk w = WALK_INIT;
	walk_add_data(&w, dir);
	if (w.n == 1 && w.v[0].problem && strcmp(w.v[0].path, dir) == 0) {
		cmd_error_at(dir, "%s", w.v[0].problem);
		walk_release(&w);
		return MUSTER_EXIT_TROUBLE;
	}
	struct diags d = DIAGS_INIT;
	char **paths = xcalloc(w.n + 1, sizeof(*paths));
	size_t n = 0;
	for (size_t i = 0; i < w.n; i++) {
		if (w.v[i].problem)
			diags_add(&d, SEV_ERROR, w.v[i].path, 0, 0, "lint-unreadable", NULL, "%s",
			          w.v[i].problem);
		else
			paths[n++] = w.v[i].path;
	}
	struct schemas *sc = schemas_new();
	bslint_files(paths, n, sc, &d);
	schemas_free(sc);
	diags_print(&d, stdout, DIAG_TEXT);
	char errs[64], warns[64];
	snprintf(errs, sizeof(errs), ngettext("%zu error", "%zu errors", d.errors), d.errors);
	snprintf(warns, sizeof(warns), ngettext("%zu warning", "%zu warnings", d.warnings),
	         d.warnings);
	/* TRANSLATORS: the last line of muster lint, e.g. "12 files: 3 errors, 5 warnings"; the
	 * two %s are "3 errors" and "5 warnings", each translated with its own plural. */
	printf(ngettext("%zu file: %s, %s\n", "%zu files: %s, %s\n", w.n), w.n, errs, warns);
	int status = d.errors || d.fatals || (werror && d.warnings) ? MUSTER_EXIT_ILLEGAL
	                                                            : MUSTER_EXIT_OK;
	diags_release(&d);
	free(paths);
	walk_release(&w);
	return status;
}
