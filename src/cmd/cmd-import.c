/* cmd-import.c - muster import: a pasted plain-text list made into a roster file
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "cmd.h"
#include "edit.h"
#include "eval.h"
#include "import.h"
#include "roster.h"
#include "save.h"
#include "session.h"
#include "util.h"
#include "xml.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int exec_import(int argc, char **argv);

enum { OPT_SYSTEM = 0x200, OPT_SIZE, OPT_LIMIT, OPT_FACTION, OPT_NAME, OPT_FORCE, OPT_KEEP_GOING };

static const struct cmd_option import_options[] = {
	CMD_VALUE("system", OPT_SYSTEM, CMD_ARG_SYSTEM, NC_("option value", "ID"),
	          N_("the game system, when the text has no 'Game:' line")),
	CMD_VALUE("size", OPT_SIZE, CMD_ARG_SIZE, NC_("option value", "ID"),
	          N_("the battle size of lists that give none")),
	CMD_VALUE("limit", OPT_LIMIT, CMD_ARG_NUMBER, NC_("option value", "N[:COST]"),
	          N_("a custom limit for lists that give none")),
	CMD_VALUE("faction", OPT_FACTION, CMD_ARG_FACTION, NC_("option value", "ID"),
	          N_("the faction of lists that give none")),
	CMD_VALUE("name", OPT_NAME, CMD_ARG_TEXT, NC_("option value", "TEXT"), N_("the roster's name")),
	CMD_VALUE("output", 'o', CMD_ARG_FILE, NC_("option value", "ROSTER"), N_("write the roster file ROSTER")),
	CMD_FLAG("force", OPT_FORCE, N_("replace an existing ROSTER (kept as ROSTER~)")),
	CMD_FLAG("keep-going", OPT_KEEP_GOING,
	         N_("import what can be read, and list each line skipped with the reason")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_import_entry = {
	"import",
	N_("[--system=ID] [--size=ID | --limit=N[:COST]] [--faction=ID] [--name=TEXT] [--keep-going] [--output=ROSTER [--force]] FILE"),
	N_("read a pasted plain-text list into a roster"),
	N_("FILE (- for standard input) holds a list as players paste it or builders print it:\n"
	   "\"10x Quack Marine [70]\", \"Quack Marine x10\", \"10 Quack Marines - 70pts\",\n"
	   "\"Quack Marine - 8 models\", \"Marine Recruit x5 @ 3 AP\" (a model's price),\n"
	   "\"Marine Sergeant [Trained] (14 pts)\", \"Marine Sergeant (Trained)\", options on\n"
	   "\"+ Option\" lines, headings (\"HQ\", \"+ Troops +\"), a title line (its points are\n"
	   "the list's size when a size has that limit, else its total), \"Total: 372\",\n"
	   "BattleScribe's and New Recruit's text, Muster's own text, compact and Markdown\n"
	   "exports, and the text a browser copies from Muster's HTML printout (select all,\n"
	   "copy). A game system may add patterns of its own (<import> in its rules-xml).\n"
	   "Each line that cannot be read is reported with its number, a misspelt name with\n"
	   "a \"did you mean\", a name that fits two entries with both, and nothing is\n"
	   "written; with --keep-going the rest is imported and each line skipped is a\n"
	   "warning. Points and totals a line states are compared with what the catalog\n"
	   "makes: a difference is a warning naming both figures, and a bare \"(N)\" that\n"
	   "may be the models or the points is an error. The roster goes to standard\n"
	   "output, or to ROSTER (saved safely, with its status printed). Exit status: 0\n"
	   "read, 1 read and written but stated figures differ from the catalog's or lines\n"
	   "were skipped (--keep-going), 2 on trouble.\n"),
	import_options,
	NULL,
	exec_import,
	"FILE",
};

/* Reads a whole text file (or standard input) up to the XML size cap: a regular file only,
 * as for every file Muster reads (a FIFO would block for ever), NUL-terminated. */
static char *read_text(const char *path, size_t *len)
{
	struct diags d = DIAGS_INIT;
	char *buf;
	if (xml_read_file(path, &buf, len, &d) != 0) {
		diags_print(&d, stderr, DIAG_TEXT);
		diags_release(&d);
		return NULL;
	}
	diags_release(&d);
	if (*len && memchr(buf, '\0', *len)) {
		fprintf(stderr, _("muster: %s: not a text file: it contains a NUL byte\n"), vis(path));
		free(buf);
		return NULL;
	}
	buf = xrealloc(buf, *len + 1);
	buf[*len] = '\0';
	return buf;
}

/* The imported roster must load, and the catalog confirm the figures the text stated;
 * then it goes to output, or to stdout. Returns the exit status. */
static int check_import(struct session *s, const char *path, const char *output,
                        const char *xml, const struct import_claims *claims)
{
	int rc = MUSTER_EXIT_TROUBLE;
	/* The roster must load: a size or a faction the text did not give is said now. */
	const char *name = output ? output : path;
	struct roster *r = NULL;
	struct eval *ev = NULL;
	struct diags cd = DIAGS_INIT, wd = DIAGS_INIT;
	if (edit_check(s, name, xml, strlen(xml), &r, &ev, &cd) < 0) {
		cmd_diags_unplace(&cd, name);
		diags_sort(&cd);
		diags_print(&cd, stderr, DIAG_TEXT);
		fprintf(stderr, _("muster: %s: not imported\n"), vis(path));
	} else {
		import_check(claims, ev, &wd);
		diags_print(&wd, stderr, DIAG_TEXT);
		/* A stated figure the catalog does not confirm: the roster is what the catalog
		 * makes of the units, perhaps not the army the player posted. Exit 1 says to
		 * look (the warnings say where), as diff's 1 says the files differ. A count that
		 * may be models or points is an error: which army was meant is unknown. */
		int ok = wd.warnings > 0 ? MUSTER_EXIT_ILLEGAL : MUSTER_EXIT_OK;
		if (wd.errors > 0) {
			fprintf(stderr, _("muster: %s: not imported\n"), vis(path));
		} else if (output == NULL) {
			fputs(xml, stdout);
			rc = ok;
		} else {
			struct diags sd = DIAGS_INIT;
			if (save_file(output, xml, strlen(xml), &sd) != 0) {
				diags_print(&sd, stderr, DIAG_TEXT);
			} else {
				diags_sort(&cd);
				cmd_print_status(ev, &cd, true, stdout);
				rc = ok;
			}
			diags_release(&sd);
		}
	}
	diags_release(&wd);
	eval_free(ev);
	roster_free(r);
	diags_release(&cd);
	return rc;
}

static int exec_import(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_import_entry;
	struct import_opts io;
	memset(&io, 0, sizeof(io));
	io.limit = -1;
	const char *output = NULL;
	bool force = false;
	int opt, rc = MUSTER_EXIT_TROUBLE;
	while ((opt = cmd_getopt(self, argc, argv, &rc)) > 0) {
		switch (opt) {
		case OPT_SYSTEM: io.system = optarg; break;
		case OPT_SIZE: io.size = optarg; break;
		case OPT_FACTION: io.faction = optarg; break;
		case OPT_NAME: io.name = optarg; break;
		case OPT_FORCE: force = true; break;
		case OPT_KEEP_GOING: io.keep_going = true; break;
		case 'o': output = optarg; break;
		case OPT_LIMIT: /* its usage error's status is rc's, MUSTER_EXIT_TROUBLE */
			if (cmd_parse_limit(self, optarg, &io.limit, &io.limit_cost) != 0)
				goto out;
			break;
		}
	}
	if (opt == 0)
		goto out;
	if (argc - optind != 1) {
		rc = cmd_usage_error(self, "%s", _("import takes one text FILE"));
		goto out;
	}
	const char *path = argv[optind];
	/* Never over the text being imported, even with --force (issue 19, point 6). */
	if (output && cmd_check_output(output, force, &path, 1) != 0)
		goto out;
	size_t len = 0;
	char *text = read_text(path, &len);
	if (text == NULL)
		goto out;
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	struct import_claims *claims = NULL;
	char *xml = import_text(s, text, len, path, &io, &claims, &d);
	if (xml == NULL) {
		diags_print(&d, stderr, DIAG_TEXT);
		fprintf(stderr, _("muster: %s: not imported\n"), vis(path));
	} else {
		/* --keep-going: the lines skipped, each at its FILE:LINE; the status says so */
		diags_print(&d, stderr, DIAG_TEXT);
		rc = check_import(s, path, output, xml, claims);
		if (rc == MUSTER_EXIT_OK && d.warnings > 0)
			rc = MUSTER_EXIT_ILLEGAL;
	}
	free(xml);
	import_claims_free(claims);
	free(text);
	diags_release(&d);
	session_free(s);
out:
	return rc;
}
