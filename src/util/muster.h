/* muster.h - definitions shared by every Muster source file
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every .c file includes this first: it sets the feature macros, pulls in gettext and defines
 * the documented exit codes of the program.
 */
#ifndef MUSTER_H
#define MUSTER_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
#define _(s) (s)
#define ngettext(one, many, n) ((n) == 1 ? (one) : (many))
#endif
#define N_(s) (s)

/* Exit codes: the grep/diff convention (DESIGN.md, "Command line"). */
enum muster_exit {
	MUSTER_EXIT_OK = 0,      /* every list is legal */
	MUSTER_EXIT_ILLEGAL = 1, /* at least one list breaks a rule */
	MUSTER_EXIT_TROUBLE = 2, /* usage error, unreadable or malformed input */
};

#define MUSTER_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
