/* cmd-validate.c - muster validate: check army lists, report every violation
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Exit 0 when every list is legal, 1 when any is not, 2 when any file could not be read or is
 * malformed (the grep/diff convention). Every file is checked, whatever an earlier one gave.
 */
#include "muster.h"
#include "check.h"
#include "eval.h"
#include "cmd.h"
#include "diag.h"
#include "fingerprint.h"
#include "roster.h"
#include "session.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int exec_validate(int argc, char **argv);

const struct cmd_entry cmd_validate_entry = {
	"validate",
	N_("[--format=text|xml] [-v|--verbose] FILE..."),
	N_("check army lists and report every rule they break"),
	N_("Every list of every file is checked and every violation reported, in line order.\n"
	   "Exit status: 0 when all are legal, 1 when any is not, 2 when a file cannot be\n"
	   "read or is malformed (its message goes to standard error).\n\n"
	   "Options:\n"
	   "      --format=FORMAT  text (the default: FILE:LINE[:COL]: error: RULE: message)\n"
	   "                       or xml (one document for tools, problems included)\n"
	   "  -v, --verbose        also say of each file that could be checked whether it is\n"
	   "                       legal, with its fingerprint (doc/fingerprint.md)\n"),
	exec_validate,
};

struct verdict {
	const char *file;
	int status; /* MUSTER_EXIT_* */
	struct diags d;
	char fp[FINGERPRINT_SHORT_LEN + 1]; /* "" when the file did not load */
};

static int validate_one(struct session *s, const char *path, struct diags *d,
                        char fp[FINGERPRINT_SHORT_LEN + 1])
{
	fp[0] = '\0';
	struct roster *r = roster_load(s, path, d);
	if (r == NULL)
		return MUSTER_EXIT_TROUBLE;
	fingerprint_short(r, fp);
	struct eval *ev = eval_new(r, d);
	if (ev)
		check_roster(ev, d);
	eval_free(ev);
	roster_free(r);
	if (d->fatals)
		return MUSTER_EXIT_TROUBLE;
	return d->errors ? MUSTER_EXIT_ILLEGAL : MUSTER_EXIT_OK;
}

static const char *verdict_name(int status)
{
	switch (status) {
	case MUSTER_EXIT_OK: return "legal";
	case MUSTER_EXIT_ILLEGAL: return "illegal";
	default: return "unreadable";
	}
}

static void print_xml(const struct verdict *v, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<validation xmlns=\"urn:x-muster:diagnostics:1\">\n");
	for (size_t i = 0; i < n; i++) {
		strbuf_adds(&sb, "  <file path=\"");
		strbuf_add_escaped(&sb, v[i].file);
		strbuf_addf(&sb, "\" verdict=\"%s\" errors=\"%zu\" warnings=\"%zu\">\n",
		            verdict_name(v[i].status), v[i].d.errors + v[i].d.fatals, v[i].d.warnings);
		for (size_t k = 0; k < v[i].d.n; k++) {
			strbuf_adds(&sb, "    ");
			diag_format_xml(&v[i].d.v[k], &sb);
		}
		strbuf_adds(&sb, "  </file>\n");
	}
	strbuf_adds(&sb, "</validation>\n");
	fputs(sb.s, stdout);
	strbuf_release(&sb);
}

static int exec_validate(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_OPTIONS,
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd_entry *self = &cmd_validate_entry;
	enum diag_format fmt = DIAG_TEXT;
	bool verbose = false;
	int opt;
	while ((opt = getopt_long(argc, argv, CMD_SHORT_OPTIONS "v", longopts, NULL)) != -1) {
		int c = cmd_common_option(self, opt, optarg);
		if (c < 0)
			return MUSTER_EXIT_OK;
		if (c > 0)
			continue;
		switch (opt) {
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				fmt = DIAG_TEXT;
			else if (strcmp(optarg, "xml") == 0)
				fmt = DIAG_XML;
			else
				return cmd_usage_error(self, _("unknown format '%s' (text or xml)"), optarg);
			break;
		case 'v':
			verbose = true;
			break;
		default:
			return cmd_bad_option(self, opt, argv);
		}
	}
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("no roster file given"));
	size_t n = (size_t)(argc - optind);
	struct verdict *v = xcalloc(n, sizeof(*v));
	/* One session for every file: each game system is loaded once, however many lists. */
	struct session *s = session_new();
	int status = MUSTER_EXIT_OK;
	for (size_t i = 0; i < n; i++) {
		v[i].file = argv[optind + (int)i];
		v[i].status = validate_one(s, v[i].file, &v[i].d, v[i].fp);
		if (v[i].status > status)
			status = v[i].status;
		diags_sort(&v[i].d);
		if (fmt == DIAG_TEXT) {
			/* Violations are the report (stdout); a file that cannot be checked is
			 * trouble (stderr), as grep and diff do. */
			for (size_t k = 0; k < v[i].d.n; k++) {
				char *t = diag_format_text(&v[i].d.v[k]);
				fprintf(v[i].d.v[k].sev == SEV_FATAL ? stderr : stdout, "%s\n", t);
				free(t);
			}
			struct strbuf name = STRBUF_INIT;
			strbuf_add_visible(&name, v[i].file);
			if (verbose && v[i].status == MUSTER_EXIT_OK)
				printf(_("%s: legal, fingerprint %s\n"), name.s, v[i].fp);
			else if (verbose && v[i].status == MUSTER_EXIT_ILLEGAL)
				printf(_("%s: not legal, fingerprint %s\n"), name.s, v[i].fp);
			strbuf_release(&name);
		}
	}
	session_free(s);
	if (fmt == DIAG_XML)
		print_xml(v, n);
	for (size_t i = 0; i < n; i++)
		diags_release(&v[i].d);
	free(v);
	return status;
}
