/* cmd.c - the subcommand table and what every command shares
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "cmd.h"
#include "batch.h"
#include "data.h"
#include "model.h"
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct cmd_entry *const no_commands[] = { NULL };

/* The commands, as main registers them (cmd-table.c): this file calls no command, so that the
 * commands, which call its helpers, make no circle with it. */
const struct cmd_entry *const *cmd_table = no_commands;

void cmd_register(const struct cmd_entry *const *table)
{
	cmd_table = table;
}

const struct cmd_entry *cmd_find(const char *name, bool *ambiguous)
{
	const struct cmd_entry *found = NULL;
	size_t len = strlen(name);
	*ambiguous = false;
	for (const struct cmd_entry *const *c = cmd_table; *c; c++) {
		if (strcmp((*c)->name, name) == 0)
			return *c;
		if (len > 0 && !CMD_HIDDEN(*c) && strncmp((*c)->name, name, len) == 0) {
			if (found)
				*ambiguous = true;
			found = *c;
		}
	}
	return *ambiguous ? NULL : found;
}

int cmd_not_found(const char *name, bool ambiguous)
{
	if (!ambiguous)
		return cmd_unknown_command(name);
	struct strbuf sb = STRBUF_INIT;
	size_t len = strlen(name);
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		if (!CMD_HIDDEN(*c) && strncmp((*c)->name, name, len) == 0)
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", (*c)->name);
	int rc = cmd_usage_error(NULL, _("command '%s' is ambiguous: it could be %s"), name,
	                         sb.len ? sb.s : "");
	strbuf_release(&sb);
	return rc;
}

/* The end of every --help, as GNU's emit_bug_reporting_address(). */
static void usage_footer(FILE *out)
{
	fputc('\n', out);
	fprintf(out, _("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
	fprintf(out, _("%s home page: <%s>\n"), PACKAGE_NAME, PACKAGE_URL);
}

size_t cmd_columns(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* The column where an option's text starts in --help (GNU's); a longer option is followed by
 * two spaces. */
#define HELP_COLUMN 23

/* An option's value name, translated in its context (msgctxt CMD_META_CONTEXT), as gettext's
 * pgettext looks it up. */
static const char *meta_text(const char *meta)
{
#if ENABLE_NLS
	char *key = xasprintf("%s\004%s", CMD_META_CONTEXT, meta);
	const char *t = gettext(key);
	if (t != key) {
		free(key);
		return t;
	}
	free(key);
#endif
	return meta;
}

void cmd_print_options(const struct cmd_option *table, FILE *out)
{
	for (const struct cmd_option *o = table; o && o->name; o++) {
		if (o->help == NULL)
			continue;
		struct strbuf sb = STRBUF_INIT;
		if (o->key > 0 && o->key < 0x80)
			strbuf_addf(&sb, "  -%c, --%s", o->key, o->name);
		else
			strbuf_addf(&sb, "      --%s", o->name);
		if (o->meta)
			strbuf_addf(&sb, "=%s", meta_text(o->meta));
		size_t col = cmd_columns(sb.s);
		strbuf_addf(&sb, "%*s", col < HELP_COLUMN ? (int)(HELP_COLUMN - col) : 2, "");
		for (const char *h = _(o->help); *h; h++) {
			strbuf_addc(&sb, *h);
			if (*h == '\n')
				strbuf_addf(&sb, "%*s", HELP_COLUMN, "");
		}
		fprintf(out, "%s\n", sb.s);
		strbuf_release(&sb);
	}
}

/* Whether table has an option with help text: a line in the Options section. */
static bool has_help(const struct cmd_option *table)
{
	for (const struct cmd_option *o = table; o && o->name; o++)
		if (o->help)
			return true;
	return false;
}

void cmd_usage(const struct cmd_entry *cmd, FILE *out)
{
	if (cmd) {
		fprintf(out, _("Usage: muster %s %s\n"), cmd->name, _(cmd->usage));
		if (!CMD_HIDDEN(cmd))
			fprintf(out, "%s\n", _(cmd->summary));
		if (cmd->help)
			fprintf(out, "\n%s", _(cmd->help));
		if (has_help(cmd->options)) {
			fprintf(out, "\n%s\n", _("Options:"));
			cmd_print_options(cmd->options, out);
		}
		if (cmd->epilog)
			fprintf(out, "\n%s", _(cmd->epilog));
		fprintf(out, "\n%s\n", _("Common options:"));
		cmd_print_options(cmd_common_options, out);
		usage_footer(out);
		return;
	}
	fputs(_("Usage: muster [--data-dir=DIR] COMMAND [OPTION]... [ARG]...\n"
	        "Build and check army lists for tabletop wargames whose rules are data.\n\n"
	        "Commands:\n"), out);
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		if (!CMD_HIDDEN(*c))
			fprintf(out, "  %-10s %s\n", (*c)->name, _((*c)->summary));
	fputs(_("\nOptions:\n"
	        "      --data-dir=DIR   look for game systems and catalogs in DIR first\n"
	        "  -h, --help           show this help and exit\n"
	        "  -V, --version        show the version and exit\n\n"
	        "'muster help COMMAND' shows a command's options. 'muster validate',\n"
	        "'muster tournament' and 'muster status' exit 0 when every list is legal, 1\n"
	        "when one is not, 2 on a usage error or unreadable or malformed input.\n"
	        "'muster campaign' exits 1 when a rule refuses what is recorded, 'muster import'\n"
	        "when a line's points differ from the catalog's, 'muster lint' when the data\n"
	        "has errors; the other commands exit 0 or 2 (see 'EXIT STATUS' in muster(1)).\n"), out);
	usage_footer(out);
}

void cmd_version(FILE *out)
{
	fprintf(out, "muster (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
	/* TRANSLATORS: keep "(C)"; the name is the copyright holder's. */
	fprintf(out, _("Copyright (C) %s The Muster developers.\n"), "2026");
	fputs(_("License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
	        "This is free software: you are free to change and redistribute it.\n"
	        "There is NO WARRANTY, to the extent permitted by law.\n"), out);
	fputs(_("\nWritten by the Muster developers; see the file AUTHORS.\n"), out);
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

/* The file name and the message (which may quote an argument or a name from a file) are
 * written visibly: no control character reaches the terminal. */
static void verror(const char *where, const char *fmt, va_list ap)
{
	char *msg = xvasprintf(fmt, ap);
	fprintf(stderr, "%s: %s: %s\n", vis(where), _("error"), vis(msg));
	free(msg);
}

void cmd_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror("muster", fmt, ap);
	va_end(ap);
}

void cmd_error_at(const char *file, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror(file, fmt, ap);
	va_end(ap);
}

int cmd_usage_error(const struct cmd_entry *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror("muster", fmt, ap);
	va_end(ap);
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

bool cmd_failed;

bool cmd_data_dir(const char *dir)
{
	struct stat st;
	if (stat(dir, &st) != 0) {
		cmd_error(_("data directory '%s': %s"), dir, strerror(errno));
		cmd_failed = true;
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		cmd_error(_("data directory '%s' is not a directory"), dir);
		cmd_failed = true;
		return false;
	}
	data_add_dir(dir);
	return true;
}

int cmd_common_option(const struct cmd_entry *cmd, int opt, const char *arg)
{
	switch (opt) {
	case OPT_HELP:
	case 'h':
		cmd_usage(cmd, stdout);
		return -1;
	case OPT_DATA_DIR:
		if (!cmd_data_dir(arg))
			return -1;
		return 1;
	default:
		return 0;
	}
}

const struct cmd_option cmd_common_options[] = {
	CMD_VALUE("data-dir", OPT_DATA_DIR, CMD_ARG_DIR, NC_("option value", "DIR"),
	          N_("look for game systems and catalogs in DIR first")),
	CMD_FLAG("help", 'h', N_("show this help and exit")),
	CMD_OPTIONS_END,
};

/* main.c's own: its --help writes them in its text (cmd_usage with no command). */
const struct cmd_option cmd_global_options[] = {
	CMD_VALUE("data-dir", OPT_DATA_DIR, CMD_ARG_DIR, NC_("option value", "DIR"), NULL),
	CMD_FLAG("help", 'h', NULL),
	CMD_FLAG("version", 'V', NULL),
	CMD_OPTIONS_END,
};

/* Enough for the longest table (campaign's) and the common options. */
#define MAX_OPTIONS 40

void cmd_getopt_strings(const struct cmd_option *table, const struct cmd_option *more,
                        const char **shortopts, const struct option **longopts)
{
	static char s[2 * MAX_OPTIONS + 2];
	static struct option l[MAX_OPTIONS + 1];
	size_t ns = 0, nl = 0;
	s[ns++] = ':';
	for (int pass = 0; pass < 2; pass++) {
		for (const struct cmd_option *o = pass ? more : table; o && o->name; o++) {
			if (nl == MAX_OPTIONS)
				abort(); /* a table longer than MAX_OPTIONS: a programming error */
			int has_arg = o->arg == CMD_ARG_NONE ? no_argument : required_argument;
			l[nl++] = (struct option){ o->name, has_arg, NULL, o->key };
			if (o->key > 0 && o->key < 0x80) {
				s[ns++] = (char)o->key;
				if (has_arg)
					s[ns++] = ':';
			}
		}
	}
	s[ns] = '\0';
	l[nl] = (struct option){ NULL, 0, NULL, 0 };
	*shortopts = s;
	*longopts = l;
}

int cmd_bad_value(const struct cmd_entry *cmd, const char *option, const char *what,
                  const char *value, const char *const *choices, size_t n)
{
	char *msg = cmd_value_message(option, what, value, choices, n);
	int rc = cmd_usage_error(cmd, "%s", msg);
	free(msg);
	return rc;
}

/* A CMD_ARG_WORDS option's value that is none of its words: refused with them. */
static int check_words(const struct cmd_entry *cmd, const struct cmd_option *o,
                       const char *value)
{
	const char *choices[MAX_OPTIONS];
	char *copy = xstrdup(o->words);
	size_t n = 0;
	for (char *save, *w = strtok_r(copy, " ", &save); w && n < MAX_OPTIONS;
	     w = strtok_r(NULL, " ", &save))
		choices[n++] = w;
	int rc = cmd_bad_value(cmd, o->name, NULL, value, choices, n);
	free(copy);
	return rc;
}

int cmd_getopt(const struct cmd_entry *cmd, int argc, char **argv, int *status)
{
	const char *shortopts;
	const struct option *longopts;
	cmd_getopt_strings(cmd_common_options, cmd->options, &shortopts, &longopts);
	int opt;
	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		int c = cmd_common_option(cmd, opt, optarg);
		if (c > 0)
			continue;
		if (c < 0) {
			*status = MUSTER_EXIT_OK; /* main() makes it 2 when cmd_failed */
			return 0;
		}
		if (opt == '?' || opt == ':') {
			*status = cmd_bad_option(cmd, opt, argv);
			return 0;
		}
		const struct cmd_option *o = cmd_option_find(cmd, opt, NULL);
		if (o && o->arg == CMD_ARG_WORDS && cmd_option_word(cmd, opt, optarg) < 0) {
			*status = check_words(cmd, o, optarg);
			return 0;
		}
		return opt;
	}
	return -1;
}

const struct cmd_option *cmd_option_find(const struct cmd_entry *cmd, int key, const char *name)
{
	for (int pass = 0; pass < 2; pass++)
		for (const struct cmd_option *o = pass ? cmd_common_options : cmd->options; o && o->name; o++)
			if (key ? o->key == key : strcmp(o->name, name) == 0)
				return o;
	return NULL;
}

int cmd_option_word(const struct cmd_entry *cmd, int key, const char *value)
{
	const struct cmd_option *o = cmd_option_find(cmd, key, NULL);
	size_t len = strlen(value);
	int i = 0;
	for (const char *w = o && o->words ? o->words : ""; *w; i++) {
		size_t n = strcspn(w, " ");
		if (n == len && strncmp(w, value, n) == 0)
			return i;
		w += n;
		w += *w == ' ';
	}
	return -1;
}

int cmd_parse_jobs(const struct cmd_entry *cmd, const char *arg, int *jobs)
{
	long j;
	if (parse_long(arg, 0, BATCH_MAX_JOBS, &j) != 0)
		return cmd_usage_error(cmd, _("--jobs takes a number from 0 to %d, not '%s'"),
		                       BATCH_MAX_JOBS, arg);
	*jobs = (int)j;
	return 0;
}

int cmd_parse_limit(const struct cmd_entry *cmd, char *arg, long *limit, const char **cost)
{
	char *colon = strchr(arg, ':');
	*cost = NULL;
	if (colon) {
		*colon = '\0';
		*cost = colon + 1;
	}
	if (parse_long(arg, 0, MUSTER_MAX_COST, limit) != 0)
		return cmd_usage_error(cmd, _("--limit=%s: give a whole number"), arg);
	return 0;
}

void cmd_diags_unplace(struct diags *d, const char *file)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].file && strcmp(d->v[i].file, file) == 0)
			d->v[i].line = d->v[i].col = 0;
}

int cmd_check_output(const char *out, bool force, const char *const *inputs, size_t n)
{
	struct stat so;
	if (stat(out, &so) != 0 || !S_ISREG(so.st_mode))
		return 0;
	for (size_t i = 0; i < n; i++) {
		struct stat si;
		if (inputs[i] && stat(inputs[i], &si) == 0 && si.st_dev == so.st_dev &&
		    si.st_ino == so.st_ino) {
			fprintf(stderr, _("muster: %s: is %s, an input of this command; not written\n"),
			        vis(out), vis(inputs[i]));
			return -1;
		}
	}
	if (!force) {
		fprintf(stderr, _("muster: %s: exists already (--force replaces it, keeping it as %s~)\n"),
		        vis(out), vis(out));
		return -1;
	}
	return 0;
}
