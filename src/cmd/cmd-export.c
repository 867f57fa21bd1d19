/* cmd-export.c - muster export: a list in every printable form, written whole
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Text, Markdown, HTML, a CSV cost sheet or the canonical roster XML, each carrying the
 * verdict and the fingerprint (XML re-validates to both). -o writes through save_file, so an
 * earlier export is kept as OUT~ and a failure leaves OUT as it was.
 */
#include "muster.h"
#include "check.h"
#include "eval.h"
#include "cmd.h"
#include "export.h"
#include "roster.h"
#include "derive.h"
#include "bs-roster.h"
#include "save.h"
#include "session.h"
#include "util.h"
#include "zipped.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int exec_export(int argc, char **argv);

enum { OPT_STYLE = OPT_OUTPUT + 1, OPT_FORCE };

/* The words of --format in the order of enum export_format, of --style in that of enum
 * export_style. */
static const struct cmd_option export_options[] = {
	CMD_WORDS("format", OPT_FORMAT, "text markdown html csv xml ros", NC_("option value", "FORMAT"),
	          N_("text (the default), markdown, html (one printable file),\n"
	             "csv (a cost sheet), xml (the canonical roster) or ros\n"
	             "(a BattleScribe roster, for a BattleScribe game system)")),
	CMD_WORDS("style", OPT_STYLE, "full compact", NC_("option value", "STYLE"),
	          N_("full (the default) or compact (one line per unit in\n"
	             "text and markdown; in html, small, the cards in columns)")),
	CMD_VALUE("output", 'o', CMD_ARG_FILE, NC_("option value", "OUT"),
	          N_("write to OUT instead of standard output; an existing\n"
	             "file is refused, and never replaced by its own export")),
	CMD_FLAG("force", OPT_FORCE, N_("replace an existing OUT (kept as OUT~)")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_export_entry = {
	"export",
	N_("[--format=FORMAT] [--style=full|compact] [-o OUT [--force]] FILE"),
	N_("write a list as text, Markdown, HTML, a CSV cost sheet or roster XML"),
	N_("Every form keeps everything: units, models, every option, training and its cost,\n"
	   "stats, items, abilities, each cost type, limits, points left, notes, the\n"
	   "fingerprint and the verdict with every violation. Exit status: 0 when written\n"
	   "(legal or not), 2 on trouble.\n"),
	export_options,
	NULL,
	exec_export,
	"ROSTER",
};

/* Writes the export to out. A regular file (or a new one) goes through save_file; a device
 * or a pipe (-o /dev/stdout, /dev/null, a FIFO) cannot be replaced by renaming, and must not
 * be: it is written to as it is. Returns 0, or -1 with a message printed. */
static int write_out(const char *out, const struct strbuf *sb)
{
	struct stat st;
	if (stat(out, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		FILE *f = fopen(out, "w");
		bool ok = f && fwrite(sb->s, 1, sb->len, f) == sb->len;
		if (f && fclose(f) != 0)
			ok = false;
		if (!ok) {
			struct strbuf m = STRBUF_INIT;
			strbuf_add_visible(&m, out);
			cmd_error_at(m.s, _("cannot write: %s"), strerror(errno));
			strbuf_release(&m);
		}
		return ok ? 0 : -1;
	}
	struct diags d = DIAGS_INIT;
	char *zip = NULL;
	size_t len = sb->len;
	/* A .rosz is BattleScribe's zipped .ros: the roster written, zipped, then saved. */
	int rc = zipped_name(out) ? zipped_pack(sb->s, sb->len, out, &zip, &len, &d) : 0;
	if (rc == 0)
		rc = save_file(out, zip ? zip : sb->s, len, &d);
	free(zip);
	if (rc != 0)
		diags_print(&d, stderr, DIAG_TEXT);
	diags_release(&d);
	return rc;
}

static int exec_export(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_export_entry;
	enum export_format fmt = EXPORT_TEXT;
	enum export_style style = EXPORT_FULL;
	const char *out = NULL;
	bool force = false;
	int opt, status;
	while ((opt = cmd_getopt(self, argc, argv, &status)) > 0) {
		switch (opt) {
		case OPT_FORMAT:
			/* cmd_getopt refused a word not in the table */
			fmt = (enum export_format)cmd_option_word(self, opt, optarg);
			break;
		case OPT_STYLE:
			style = (enum export_style)cmd_option_word(self, opt, optarg);
			break;
		case 'o':
			out = optarg;
			break;
		case OPT_FORCE:
			force = true;
			break;
		}
	}
	if (opt == 0)
		return status;
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("no roster file given"));
	if (argc - optind > 1)
		return cmd_usage_error(self, "%s", _("export takes one roster file"));
	if (style == EXPORT_COMPACT && fmt != EXPORT_TEXT && fmt != EXPORT_MARKDOWN &&
	    fmt != EXPORT_HTML)
		return cmd_usage_error(self, "%s", _("--style=compact is for text, markdown and html"));
	if (out && zipped_name(out) && (fmt != EXPORT_ROS || !bs_roster_file(out)))
		return cmd_usage_error(self, "%s",
		                       _("-o writes a zipped file only as a .rosz, with --format=ros"));
	const char *path = argv[optind];
	if (out && cmd_check_output(out, force, &path, 1) != 0)
		return MUSTER_EXIT_TROUBLE;
	struct diags d = DIAGS_INIT;
	struct session *s = session_new();
	struct roster *r = roster_load(s, path, &d);
	if (r && fmt == EXPORT_ROS && r->sys->bs == NULL) {
		diags_add(&d, SEV_FATAL, path, r->line, 0, NULL, NULL,
		          _("--format=ros writes rosters of a BattleScribe game system; '%s' is not one"),
		          r->sys->id);
		roster_free(r);
		r = NULL;
	}
	struct eval *ev = r ? eval_new(r, &d) : NULL;
	if (ev)
		check_roster(ev, &d);
	diags_sort(&d);
	int rc = MUSTER_EXIT_OK;
	if (ev == NULL || d.fatals) {
		/* Unreadable, or a number too large to count: no truthful list to write. */
		diags_print(&d, stderr, DIAG_TEXT);
		rc = MUSTER_EXIT_TROUBLE;
	} else {
		struct strbuf sb = STRBUF_INIT;
		export_roster(ev, &d, fmt, style, &sb);
		if (out && write_out(out, &sb) != 0) {
			rc = MUSTER_EXIT_TROUBLE;
		} else if (out == NULL && (fwrite(sb.s, 1, sb.len, stdout) != sb.len || fflush(stdout) != 0)) {
			cmd_error("%s", _("cannot write to standard output"));
			rc = MUSTER_EXIT_TROUBLE;
		}
		strbuf_release(&sb);
	}
	eval_free(ev);
	roster_free(r);
	session_free(s);
	diags_release(&d);
	return rc;
}
