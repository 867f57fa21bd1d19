/* cmd.h - the subcommand table
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Adding a command (the git builtin.h checklist):
 *   1. src/cmd-NAME.c with static helpers, its options as one `struct cmd_option` table
 *      (read with cmd_getopt) and one `const struct cmd_entry cmd_NAME_entry`;
 *   2. its declaration below and its line in the table in cmd.c (alphabetical);
 *   3. the file in Makefile.am (src_libmuster_a_SOURCES) and po/POTFILES.in;
 *   4. golden tests in tests/cli/;
 *   5. its section in doc/muster.1 and a line in NEWS.
 */
#ifndef MUSTER_CMD_H
#define MUSTER_CMD_H

#include "muster.h"

#include <getopt.h>
#include <stdio.h>

/* The kind of value an option takes: whether getopt wants an argument, and what shell
 * completion offers for it (muster complete flags). */
enum cmd_arg {
	CMD_ARG_NONE,    /* a flag: no value */
	CMD_ARG_TEXT,    /* any text: nothing to offer */
	CMD_ARG_NUMBER,  /* a number: nothing to offer */
	CMD_ARG_FILE,    /* a file name */
	CMD_ARG_DIR,     /* a directory name */
	CMD_ARG_SYSTEM,  /* a game system's id, from the data path */
	CMD_ARG_SIZE,    /* a battle size of the system named on the line */
	CMD_ARG_FACTION, /* a faction of the system named on the line */
	CMD_ARG_OPTION,  /* an option id of the entry named on the line */
	CMD_ARG_WORDS,   /* one of a fixed set of words (cmd_option.words) */
	CMD_ARG_FIELD,   /* NAME=VALUE: a field of the system named on the line */
};

/* One option of a command, as git's parse-options.h declares them: the table gives the
 * getopt_long strings (cmd_getopt), the Options section of --help (cmd_usage) and what shell
 * completion offers (muster complete flags COMMAND). A table ends with CMD_OPTIONS_END. */
struct cmd_option {
	const char *name;  /* the long name, without "--" */
	int key;           /* what cmd_getopt returns (never 0); an ASCII letter is also -KEY */
	enum cmd_arg arg;
	const char *words; /* CMD_ARG_WORDS: the words, separated by one space */
	const char *meta;  /* NC_("option value", ...): the value's name in --help ("FORMAT"); NULL
	                    * for a flag */
	const char *help;  /* N_(): its text in the Options section of --help, a continuation
	                    * line after each "\n" (none at the end); NULL when the usage line or
	                    * the command's help text describes the option instead */
};
/* A string to translate in a context (xgettext --keyword=NC_:1c,2), as gettext's
 * pgettext: an option's value name in --help is NC_("option value", "FILE"), translated
 * apart from the same word in a usage line. */
#define NC_(context, s) (s)
#define CMD_META_CONTEXT "option value"
#define CMD_FLAG(name, key, help) { (name), (key), CMD_ARG_NONE, NULL, NULL, (help) }
#define CMD_VALUE(name, key, arg, meta, help) { (name), (key), (arg), NULL, (meta), (help) }
#define CMD_WORDS(name, key, words, meta, help) \
	{ (name), (key), CMD_ARG_WORDS, (words), (meta), (help) }
#define CMD_OPTIONS_END { NULL, 0, CMD_ARG_NONE, NULL, NULL, NULL }

struct cmd_entry {
	const char *name;
	const char *usage;    /* after "muster NAME " */
	const char *summary;  /* one line for the command list */
	const char *help;     /* for --help, before the options (NULL: none) */
	const struct cmd_option *options; /* the command's own options; NULL: none */
	const char *epilog;   /* for --help, after the options (NULL: none) */
	int (*exec)(int argc, char **argv);
	/* The words after the options, for shell completion (muster complete args): one pattern
	 * a line, each a word per position, a lowercase word as it is (a campaign action) or
	 * what a position takes: FILE, DIR, ROSTER (a roster file), SYSTEM, ENTRY (of the
	 * system named before it), UNIT (a unit of the roster named before it), ADDABLE (an
	 * entry its list may take), COMMAND; "..." after the last repeats it. NULL: none. */
	const char *args;
};
/* A command with no summary is hidden: --help does not list it, and only its full name finds
 * it (muster complete, for shell completion). */
#define CMD_HIDDEN(c) ((c)->summary == NULL)

extern const struct cmd_entry cmd_add_entry;
extern const struct cmd_entry cmd_add_force_entry;
extern const struct cmd_entry cmd_campaign_entry;
extern const struct cmd_entry cmd_catalog_entry;
extern const struct cmd_entry cmd_complete_entry;
extern const struct cmd_entry cmd_edit_entry;
extern const struct cmd_entry cmd_export_entry;
extern const struct cmd_entry cmd_help_entry;
extern const struct cmd_entry cmd_import_entry;
extern const struct cmd_entry cmd_lint_entry;
extern const struct cmd_entry cmd_new_entry;
extern const struct cmd_entry cmd_remove_entry;
extern const struct cmd_entry cmd_set_entry;
extern const struct cmd_entry cmd_show_entry;
extern const struct cmd_entry cmd_status_entry;
extern const struct cmd_entry cmd_suggest_entry;
extern const struct cmd_entry cmd_tournament_entry;
extern const struct cmd_entry cmd_validate_entry;

struct system;
/* Prints each rule of sys: its number, its description (or message) and its bound in words. */
void cmd_print_rules(const struct system *sys, FILE *out);

/* The table, alphabetical, NULL-terminated: muster_commands (cmd-table.c) once main has
 * registered it, an empty one before. */
extern const struct cmd_entry *const *cmd_table;
extern const struct cmd_entry *const muster_commands[];
void cmd_register(const struct cmd_entry *const *table);

/* Finds a command by name or unique prefix. NULL when there is none; *ambiguous is set when the
 * prefix names several. */
const struct cmd_entry *cmd_find(const char *name, bool *ambiguous);
/* The usage error for a name cmd_find did not find: unknown, or ambiguous with the commands
 * it begins named. Returns MUSTER_EXIT_TROUBLE. */
int cmd_not_found(const char *name, bool ambiguous);

/* Prints the usage of the program (cmd NULL) or of one command to out. */
void cmd_usage(const struct cmd_entry *cmd, FILE *out);
/* Prints the GNU --version text: program, package, version, copyright, licence, warranty. */
void cmd_version(FILE *out);
/* Every message of the program that has no file and line has one form, "muster: error: MESSAGE"
 * (as GCC's "gcc: error: ..."), and one about a whole file "FILE: error: MESSAGE", the form
 * diags_print gives a diagnostic without a line. Both print a newline after MESSAGE. */
void cmd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cmd_error_at(const char *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Every MESSAGE (and FILE) is written visibly (strbuf_add_visible): it may quote an argument.
 * Prints "muster: error: MESSAGE" and a hint to try --help on stderr; returns MUSTER_EXIT_TROUBLE. */
int cmd_usage_error(const struct cmd_entry *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* s for a terminal: control characters and bytes that are not UTF-8 written visibly
 * (strbuf_add_visible), for every string from a file, the data or the command line that a
 * command prints. The result lives in one of CMD_VIS_SLOTS buffers used in turn: it stays
 * valid until that many more calls, enough for the arguments of one printf. NULL gives NULL. */
#define CMD_VIS_SLOTS 16
const char *vis(const char *s);
/* Columns s takes in UTF-8 text: every byte that does not continue a character. */
size_t cmd_columns(const char *s);
/* Options every command takes, handled by cmd_getopt itself: -h, --help and --data-dir. */
enum { OPT_HELP = 0x100, OPT_DATA_DIR, OPT_FORMAT, OPT_VERBOSE, OPT_QUIET, OPT_OUTPUT };
extern const struct cmd_option cmd_common_options[];
/* The options of muster itself, before the command name (main.c). */
enum { OPT_VERSION = OPT_OUTPUT + 1 };
extern const struct cmd_option cmd_global_options[];
/* Reads the next option of argv for cmd (getopt_long, with the strings made from cmd's table
 * and the common options). Returns the key of one of cmd's own options, its value in optarg;
 * -1 when the options are over (optind is at the first operand); 0 when the command must
 * return *status at once: after --help (0), when --data-dir failed (cmd_failed is set), or
 * when an option is not cmd's or lacks its value (reported, as cmd_bad_option). */
int cmd_getopt(const struct cmd_entry *cmd, int argc, char **argv, int *status);
/* The getopt_long strings for the options of table (and of more, a second table or NULL):
 * shortopts (":" first, then each letter key, with ":" when it takes a value) and longopts,
 * NULL-terminated. Both stay valid until the next call. */
void cmd_getopt_strings(const struct cmd_option *table, const struct cmd_option *more,
                        const char **shortopts, const struct option **longopts);
/* The option of cmd's table (or a common option) with that key or, when key is 0, that long
 * name; NULL when there is none. */
const struct cmd_option *cmd_option_find(const struct cmd_entry *cmd, int key, const char *name);
/* The number of value among the words of cmd's option key (CMD_ARG_WORDS), from 0; -1 when it
 * is not one of them. */
int cmd_option_word(const struct cmd_entry *cmd, int key, const char *value);
/* The one message for a command-line value that is not one of a fixed set of choices:
 * "--OPTION: unknown value 'VALUE'; did you mean 'X'? (known: A, B, ...)", the did-you-mean
 * when a choice is near value (util.h's nearest), at most CMD_CHOICES_SHOWN choices and how
 * many more. what names the kind of value ("battle size") or is NULL ("value"); with no
 * option, "unknown WHAT 'VALUE'..." (a command, an action: a word of a set). Printed as
 * a usage error; returns MUSTER_EXIT_TROUBLE. cmd_getopt calls it for every CMD_ARG_WORDS
 * option, before the command sees the value. */
#define CMD_CHOICES_SHOWN 12
int cmd_bad_value(const struct cmd_entry *cmd, const char *option, const char *what,
                  const char *value, const char *const *choices, size_t n);
/* "unknown command 'WORD'" with the nearest command and the commands (a usage error). */
int cmd_unknown_command(const char *word);
/* That message, for a caller that reports it itself (cmd-value.c). Caller frees. */
char *cmd_value_message(const char *option, const char *what, const char *value,
                        const char *const *choices, size_t n);
/* The id of the battle size (cmd_size_id) or faction (cmd_faction_id) of sys that value
 * names: its id, or its name in any case ("Great Battle"), as imported text names it. NULL
 * when none does, with *msg the message of cmd_value_message for --size or --faction
 * (caller frees). */
struct system;
const char *cmd_size_id(const struct system *sys, const char *value, char **msg);
const char *cmd_faction_id(const struct system *sys, const char *value, char **msg);
/* Writes the lines of the options of table that have help text, as --help shows them. */
void cmd_print_options(const struct cmd_option *table, FILE *out);
/* Reports the option getopt_long refused (opterr is 0: getopt prints nothing itself) and
 * returns MUSTER_EXIT_TROUBLE. */
int cmd_bad_option(const struct cmd_entry *cmd, int opt, char **argv);
/* Adds --data-dir's DIR to the data path; a DIR that is not a directory is an error: it is
 * reported, cmd_failed is set and false returned. */
bool cmd_data_dir(const char *dir);
/* Set when a common option failed: main() then exits MUSTER_EXIT_TROUBLE whatever the
 * command returned (a command returns at once when cmd_getopt gives 0). */
extern bool cmd_failed;
/* Handles a common option; returns 1 when handled and the command should go on, 0 when it is
 * not a common option, and -1 when the command should return now: after --help (exit 0), or when the option failed
 * (cmd_failed: exit 2 whatever the command returns). */
int cmd_common_option(const struct cmd_entry *cmd, int opt, const char *arg);

/* Reads --limit=N[:COST] from arg (cut at the colon): *limit, and *cost pointing into arg or
 * NULL. Returns 0, or a usage error's status. */
int cmd_parse_limit(const struct cmd_entry *cmd, char *arg, long *limit, const char **cost);

/* Shared by the builder commands (cmd-build.c, cmd-edit.c). */
struct eval;
struct diags;
struct session;
/* Prints each list's totals and points left (and its numbered units when units), the
 * trackers, every diagnostic of d and the verdict. */
void cmd_print_status(const struct eval *ev, const struct diags *d, bool units, FILE *out);
/* Applies one builder command (argv[0]: add, remove or set) to the roster file path, saves
 * it and prints its status to out; messages go to stderr. Returns an exit status. */
/* Prints what can still be added to each list (or the one named want: id, name or number);
 * returns an exit status, or -1 when no list is named want. */
struct roster;
int cmd_print_suggestions(const struct roster *r, const struct eval *ev, const char *want,
                          FILE *out);
/* A list's title line: "Gull Wing:", or "Gull Wing (child force of Home Fleet):" for a force
 * within another (forces within forces); a roster without them prints as it always did. */
void cmd_print_list_title(const struct roster *r, size_t li, FILE *out);
/* Says on standard error that the roster at path has no list want, with the nearest list id
 * or name ("did you mean") and the lists it has. */
void cmd_no_list(const char *path, const struct roster *r, const char *want);
int cmd_change_file(struct session *s, const char *path, int argc, char **argv, FILE *out);
/* Reads the number in a --jobs argument into *jobs (0: one thread per processor). Returns 0,
 * or a usage error's status when it is not a number from 0 to BATCH_MAX_JOBS. */
int cmd_parse_jobs(const struct cmd_entry *cmd, const char *arg, int *jobs);
/* Takes the lines and columns off d's diagnostics about file: for a roster text a command
 * made from its options and never wrote (new, import), whose positions would point into a
 * file the user cannot open. */
struct diags;
void cmd_diags_unplace(struct diags *d, const char *file);
/* An -o OUT about to be written: 0, or -1 with a message printed when OUT is an existing
 * regular file and force is false, or when it is the same file (device and inode, whatever
 * the names) as one of the n inputs, force or not: a report must never replace what it was
 * made from. A device or a pipe (-o /dev/null) is written to as it is, never refused. */
int cmd_check_output(const char *out, bool force, const char *const *inputs, size_t n);

#endif
