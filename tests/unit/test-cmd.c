/* test-cmd.c - the option tables: each command's --help lists exactly the options it takes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A command's options are one table (cmd.h): getopt's strings, the Options section of --help
 * and shell completion are made from it. These tests read --help as a user does and hold it
 * to the table: every option line of --help is a table option with help text, every such
 * option has its line, and every other --word --help names (the usage line, an action's
 * words) is an option of the table too, or of add and set where the help says what they do.
 */
#include "muster.h"
#include "cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

static char *usage_of(const struct cmd_entry *cmd)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	cmd_usage(cmd, f);
	fclose(f);
	return buf;
}

/* The option in table (or, when table is NULL, nowhere) with the long name of len bytes. */
static const struct cmd_option *in_table(const struct cmd_option *table, const char *name,
                                         size_t len)
{
	for (const struct cmd_option *o = table; o && o->name; o++)
		if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
			return o;
	return NULL;
}

static const struct cmd_option *find(const struct cmd_entry *cmd, const char *name, size_t len)
{
	const struct cmd_option *o = in_table(cmd->options, name, len);
	return o ? o : in_table(cmd_common_options, name, len);
}

/* Whether help has a line that defines o, as cmd_print_options writes it. */
static bool has_line(const char *help, const struct cmd_option *o)
{
	char want[128];
	if (o->key > 0 && o->key < 0x80)
		snprintf(want, sizeof(want), "\n  -%c, --%s%s", o->key, o->name, o->meta ? "=" : " ");
	else
		snprintf(want, sizeof(want), "\n      --%s%s", o->name, o->meta ? "=" : " ");
	return strstr(help, want) != NULL;
}

/* The help of muster edit describes the words of its session, add and set, and that of add,
 * remove and set what add and set do: their options. */
static const struct cmd_option *sibling_option(const struct cmd_entry *cmd, const char *name,
                                               size_t len)
{
	if (strcmp(cmd->name, "edit") != 0 && cmd != &cmd_add_entry && cmd != &cmd_remove_entry &&
	    cmd != &cmd_set_entry)
		return NULL;
	const struct cmd_option *o = in_table(cmd_add_entry.options, name, len);
	return o ? o : in_table(cmd_set_entry.options, name, len);
}

static void check_command(const struct cmd_entry *cmd)
{
	char *help = usage_of(cmd);
	/* Every option of the table: its line, or its --name elsewhere in the help. */
	for (int pass = 0; pass < 2; pass++) {
		for (const struct cmd_option *o = pass ? cmd_common_options : cmd->options; o && o->name; o++) {
			cr_assert_neq(o->key, 0, "%s --%s: no key", cmd->name, o->name);
			if (o->help) {
				cr_expect(has_line(help, o), "%s --help: no line for --%s", cmd->name, o->name);
				continue;
			}
			char word[64];
			snprintf(word, sizeof(word), "--%s", o->name);
			cr_expect_not_null(strstr(help, word), "%s --help never names %s", cmd->name, word);
			cr_expect_null(o->meta, "%s --%s: a value name but no line", cmd->name, o->name);
		}
	}
	/* Every --word of the help: an option of the table; on an option line, one with help. */
	for (const char *p = strstr(help, "--"); p; p = strstr(p, "--")) {
		const char *name = p + 2;
		size_t len = strspn(name, "abcdefghijklmnopqrstuvwxyz-");
		bool line = (p - help >= 7 && strncmp(p - 7, "\n      ", 7) == 0) ||
		            (p - help >= 7 && strncmp(p - 7, "\n  -", 4) == 0 && p[-2] == ',');
		p = name + len;
		if (len == 0)
			continue;
		const struct cmd_option *o = find(cmd, name, len);
		if (o == NULL)
			o = sibling_option(cmd, name, len);
		cr_expect_not_null(o, "%s --help names --%.*s, which is not in its table", cmd->name,
		                   (int)len, name);
		if (o && line)
			cr_expect_not_null(o->help, "%s --help: a line for --%.*s, which has no help text",
			                   cmd->name, (int)len, name);
	}
	free(help);
}

static void register_commands(void)
{
	cmd_register(muster_commands);
}

TestSuite(cmd, .init = register_commands);

Test(cmd, each_help_lists_exactly_its_table)
{
	for (const struct cmd_entry *const *c = cmd_table; *c; c++)
		check_command(*c);
}

Test(cmd, muster_help_names_exactly_the_global_options)
{
	char *help = usage_of(NULL);
	for (const struct cmd_option *o = cmd_global_options; o->name; o++) {
		char word[64];
		snprintf(word, sizeof(word), "--%s", o->name);
		cr_expect_not_null(strstr(help, word), "muster --help never names %s", word);
		if (o->key < 0x80) {
			snprintf(word, sizeof(word), "-%c, --%s", o->key, o->name);
			cr_expect_not_null(strstr(help, word), "muster --help never names %s", word);
		}
	}
	for (const char *p = strstr(help, "--"); p; p = strstr(p, "--")) {
		size_t len = strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
		cr_expect_not_null(in_table(cmd_global_options, p + 2, len),
		                   "muster --help names --%.*s, not a global option", (int)len, p + 2);
		p += 2 + len;
	}
	free(help);
}

Test(cmd, getopt_strings_come_from_the_table)
{
	const char *shortopts;
	const struct option *longopts;
	cmd_getopt_strings(cmd_common_options, cmd_validate_entry.options, &shortopts, &longopts);
	cr_assert_str_eq(shortopts, ":hj:v");
	size_t n = 0;
	for (const struct option *l = longopts; l->name; l++, n++) {
		const struct cmd_option *o = find(&cmd_validate_entry, l->name, strlen(l->name));
		cr_assert_not_null(o, "--%s", l->name);
		cr_assert_eq(l->has_arg, o->arg == CMD_ARG_NONE ? no_argument : required_argument);
		cr_assert_eq(l->val, o->key);
	}
	cr_assert_eq(n, 5); /* data-dir, help, format, jobs, verbose */
}

Test(cmd, option_words_are_numbered_in_order)
{
	cr_assert_eq(cmd_option_word(&cmd_export_entry, OPT_FORMAT, "text"), 0);
	cr_assert_eq(cmd_option_word(&cmd_export_entry, OPT_FORMAT, "xml"), 4);
	cr_assert_eq(cmd_option_word(&cmd_export_entry, OPT_FORMAT, "htm"), -1);
	cr_assert_eq(cmd_option_word(&cmd_export_entry, OPT_FORMAT, ""), -1);
	cr_assert_eq(cmd_option_word(&cmd_show_entry, OPT_FORMAT, "csv"), 2);
	cr_assert_eq(cmd_option_word(&cmd_show_entry, OPT_FORMAT, "html"), -1);
}

Test(cmd, value_message_names_option_nearest_and_choices)
{
	static const char *const few[] = { "text", "markdown", "html" };
	char *m = cmd_value_message("format", NULL, "htm", few, 3);
	cr_expect_str_eq(m, "--format: unknown value 'htm'; did you mean 'html'? (known: text, markdown, html)");
	free(m);
	m = cmd_value_message("size", "battle size", "zzz", few, 0);
	cr_expect_str_eq(m, "--size: unknown battle size 'zzz' (known: none)");
	free(m);
	/* Many choices: a dozen shown and how many more; the nearest may be past them. */
	static const char *const many[] = { "a01", "a02", "a03", "a04", "a05", "a06", "a07",
	                                    "a08", "a09", "a10", "a11", "a12", "a13", "zebra" };
	m = cmd_value_message("faction", "faction", "zebar", many, 14);
	cr_expect_str_eq(m, "--faction: unknown faction 'zebar'; did you mean 'zebra'? "
	                    "(known: a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12 and 2 more)");
	free(m);
}
