/* main.c - muster: locale, global options, dispatch to a subcommand
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "cmd.h"
#include "data.h"
#include "util.h"
#include "xml.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

/* A failed write to stdout (a full disk, a closed pipe) fails the program, as GNU's
 * close_stdout does: an organiser must not take a truncated report for a whole one. */
static int close_stdout(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		if (errno != EPIPE)
			cmd_error(_("write error: %s"), strerror(errno));
		return MUSTER_EXIT_TROUBLE;
	}
	return status;
}

/* The languages of texts in game data (xml:lang) follow gettext's choice for messages: none
 * under the C locale, else LANGUAGE's list, then the locale's own language. */
static void set_data_languages(void)
{
	const char *loc = setlocale(LC_MESSAGES, NULL);
	if (loc == NULL || strcmp(loc, "C") == 0 || strcmp(loc, "POSIX") == 0 ||
	    strncmp(loc, "C.", 2) == 0)
		return;
	const char *language = getenv("LANGUAGE");
	char *list = xasprintf("%s:%s", language ? language : "", loc);
	xml_set_languages(list);
	free(list);
}

int main(int argc, char **argv)
{
	cmd_register(muster_commands);
	/* Only what Muster uses of the locale: its character set and its language. Each other
	 * category is a file glibc opens and maps (60 system calls, about a tenth of the time a
	 * small list takes), and the C locale's numbers and sorting are what files and
	 * reports want anyway. */
	setlocale(LC_CTYPE, "");
	setlocale(LC_MESSAGES, "");
	set_data_languages();
#if ENABLE_NLS
	/* MUSTER_LOCALEDIR points an uninstalled build (its tests) at its own catalogs. */
	const char *localedir = getenv("MUSTER_LOCALEDIR");
	bindtextdomain(PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
	textdomain(PACKAGE);
#endif
	const char *shortopts;
	const struct option *longopts;
	cmd_getopt_strings(cmd_global_options, NULL, &shortopts, &longopts);
	/* "+": stop at the command name; its options are its own. */
	char spec[32];
	snprintf(spec, sizeof(spec), "+%s", shortopts);
	int opt;
	opterr = 0; /* every command reports a refused option itself, once */
	while ((opt = getopt_long(argc, argv, spec, longopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			cmd_usage(NULL, stdout);
			return close_stdout(MUSTER_EXIT_OK);
		case 'V':
			cmd_version(stdout);
			return close_stdout(MUSTER_EXIT_OK);
		case OPT_DATA_DIR:
			if (!cmd_data_dir(optarg))
				return MUSTER_EXIT_TROUBLE;
			break;
		default:
			return cmd_bad_option(NULL, opt, argv);
		}
	}
	if (optind >= argc)
		return cmd_usage_error(NULL, "%s", _("no command given"));
	bool ambiguous;
	const struct cmd_entry *cmd = cmd_find(argv[optind], &ambiguous);
	if (cmd == NULL)
		return cmd_not_found(argv[optind], ambiguous);
	xml_init();
	int argc2 = argc - optind;
	char **argv2 = argv + optind;
	optind = 0; /* reset getopt for the command (GNU: 0 reinitialises) */
	int status = cmd->exec(argc2, argv2);
	if (cmd_failed)
		status = MUSTER_EXIT_TROUBLE;
	data_cleanup();
	xml_cleanup();
	return close_stdout(status);
}
