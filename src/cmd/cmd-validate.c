/* cmd-validate.c - muster validate: check army lists, report every violation
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Exit 0 when every list is legal, 1 when any is not, 2 when any file could not be read or is
 * malformed (the grep/diff convention). Every file is checked, whatever an earlier one gave.
 * A directory stands for every roster file (*.xml, *.ros, *.rosz) under it (walk.h); the files are checked on every
 * core (batch.h) and reported in the order of the command line and of the sorted names.
 */
#include "muster.h"
#include "batch.h"
#include "check.h"
#include "eval.h"
#include "cmd.h"
#include "data.h"
#include "diag.h"
#include "fingerprint.h"
#include "roster.h"
#include "derive.h"
#include "session.h"
#include "util.h"
#include "walk.h"

#include <stdlib.h>
#include <string.h>

static int exec_validate(int argc, char **argv);

static const struct cmd_option validate_options[] = {
	CMD_WORDS("format", OPT_FORMAT, "text xml", NC_("option value", "FORMAT"),
	          N_("text (the default: FILE:LINE[:COL]: error: RULE: message)\n"
	             "or xml (one document for tools, problems included)")),
	CMD_VALUE("jobs", 'j', CMD_ARG_NUMBER, NC_("option value", "N"),
	          N_("check on N threads (default: one per processor)")),
	CMD_FLAG("verbose", 'v',
	         N_("also say of each file that could be checked whether it is\n"
	            "legal, with its fingerprint (doc/fingerprint.md), and end\n"
	            "with a one-line summary")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_validate_entry = {
	"validate",
	N_("[--format=text|xml] [-v|--verbose] [--jobs=N] FILE|DIR..."),
	N_("check army lists and report every rule they break"),
	N_("Every list of every file is checked and every violation reported, in line order.\n"
	   "Exit status: 0 when all are legal, 1 when any is not, 2 when a file cannot be\n"
	   "read or is malformed (its message goes to standard error). A directory stands\n"
	   "for every roster file under it (*.xml, and BattleScribe's *.ros and *.rosz), in\n"
	   "sorted order. A file of another kind there (an event pack, a game system, a\n"
	   "catalog) or a text file (*.txt, *.md) is named and skipped.\n"),
	validate_options,
	NULL,
	exec_validate,
	"ROSTER...",
};

struct verdict {
	const char *file;
	const char *problem; /* walk.h: not read, and why */
	bool skipped; /* not a roster (walk.h, data_other_kind): named, not checked */
	int status; /* MUSTER_EXIT_*; MUSTER_EXIT_OK when skipped */
	struct diags d;
	char fp[FINGERPRINT_SHORT_LEN + 1]; /* "" when the file did not load or it is not printed */
};

struct run {
	struct session *s;
	struct verdict *v;
	/* Only --verbose prints fingerprints: making the canonical form of a 100,000-unit list
	 * took its peak memory from 17.5 MB to 28.5 MB (VmHWM before and after). */
	bool fingerprints;
};

/* Checks one roster file; fp (NULL: not wanted) gets its short fingerprint. A file of
 * another kind (an event pack beside the lists...) is named and skipped. */
static int validate_one(struct session *s, const char *path, struct diags *d,
                        char fp[FINGERPRINT_SHORT_LEN + 1], bool *skipped)
{
	struct roster *r = roster_load(s, path, d);
	const char *kind = r ? NULL : data_other_kind(path);
	if (kind) {
		diags_release(d);
		diags_add(d, SEV_NOTE, path, 0, 0, NULL, NULL, _("%s, not a roster: skipped"), kind);
		*skipped = true;
		return MUSTER_EXIT_OK;
	}
	if (r == NULL)
		return MUSTER_EXIT_TROUBLE;
	if (fp)
		fingerprint_short(r, fp);
	struct eval *ev = eval_new(r, d);
	if (ev)
		check_roster(ev, d);
	eval_free(ev);
	if (d->fatals == 0)
		unchecked_note(r, path, d, fp != NULL);
	roster_free(r);
	if (d->fatals)
		return MUSTER_EXIT_TROUBLE;
	return d->errors ? MUSTER_EXIT_ILLEGAL : MUSTER_EXIT_OK;
}

static void check_one(size_t i, void *ctx)
{
	struct run *run = ctx;
	struct verdict *v = &run->v[i];
	if (v->problem) {
		diags_add(&v->d, v->skipped ? SEV_NOTE : SEV_FATAL, v->file, 0, 0, NULL, NULL, "%s",
		          v->problem);
		v->status = v->skipped ? MUSTER_EXIT_OK : MUSTER_EXIT_TROUBLE;
	} else {
		v->status = validate_one(run->s, v->file, &v->d, run->fingerprints ? v->fp : NULL,
		                         &v->skipped);
	}
	diags_sort(&v->d);
}

static const char *verdict_name(const struct verdict *v)
{
	if (v->skipped)
		return "skipped";
	switch (v->status) {
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
		            verdict_name(&v[i]), v[i].d.errors + v[i].d.fatals, v[i].d.warnings);
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
	const struct cmd_entry *self = &cmd_validate_entry;
	enum diag_format fmt = DIAG_TEXT;
	bool verbose = false;
	int jobs = 0;
	int opt, rc;
	while ((opt = cmd_getopt(self, argc, argv, &rc)) > 0) {
		switch (opt) {
		case OPT_FORMAT: {
			/* The words in the order of enum diag_format: text, xml (cmd_getopt refuses
			 * the others). */
			fmt = (enum diag_format)cmd_option_word(self, opt, optarg);
			break;
		}
		case 'v':
			verbose = true;
			break;
		case 'j':
			if ((rc = cmd_parse_jobs(self, optarg, &jobs)) != 0)
				return rc;
			break;
		}
	}
	if (opt == 0)
		return rc;
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("no roster file given"));
	struct walk w = WALK_INIT;
	for (int i = optind; i < argc; i++)
		walk_add(&w, argv[i]);
	size_t n = w.n;
	struct verdict *v = xcalloc(n + 1, sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		v[i].file = w.v[i].path;
		v[i].problem = w.v[i].problem;
		v[i].skipped = w.v[i].skipped;
	}
	/* One session for every file: each game system is loaded once, however many lists. */
	struct session *s = session_new();
	session_set_unknown_entry_error(s, true); /* a misspelt entry: illegal, not unreadable */
	struct run run = { s, v, verbose && fmt == DIAG_TEXT };
	batch_run(n, (unsigned)jobs, check_one, &run);
	int status = MUSTER_EXIT_OK;
	size_t count[4] = { 0, 0, 0, 0 }; /* by status, then those skipped */
	for (size_t i = 0; i < n; i++) {
		if (v[i].status > status)
			status = v[i].status;
		count[v[i].skipped ? 3 : v[i].status]++;
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
			if (verbose && v[i].status == MUSTER_EXIT_OK && !v[i].skipped)
				printf(_("%s: legal, fingerprint %s\n"), name.s, v[i].fp);
			else if (verbose && v[i].status == MUSTER_EXIT_ILLEGAL)
				printf(_("%s: not legal, fingerprint %s\n"), name.s, v[i].fp);
			strbuf_release(&name);
		}
	}
	if (verbose && fmt == DIAG_TEXT) {
		fflush(stderr);
		/* TRANSLATORS: the summary of muster validate --verbose, e.g. "4 files: 1 legal,
		   1 illegal, 1 unreadable, 1 skipped". */
		printf(ngettext("%zu file: %zu legal, %zu illegal, %zu unreadable, %zu skipped\n",
		                "%zu files: %zu legal, %zu illegal, %zu unreadable, %zu skipped\n", n),
		       n, count[MUSTER_EXIT_OK], count[MUSTER_EXIT_ILLEGAL], count[MUSTER_EXIT_TROUBLE],
		       count[3]);
	}
	session_free_at_exit(s);
	if (fmt == DIAG_XML)
		print_xml(v, n);
	for (size_t i = 0; i < n; i++)
		diags_release(&v[i].d);
	free(v);
	walk_release(&w);
	return status;
}
