/* dlib.h - a shared library opened the first time it is needed, not at start-up
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every library a program links is loaded and relocated before main, for every command, and
 * each one linked makes the dynamic loader's other symbol lookups longer. A library that only
 * some commands need is better opened (dlopen) by the code that needs it, the first time it
 * does: nettle (fingerprints), libcsv (CSV) and GNU readline (muster edit). systemd opens its
 * optional libraries the same way. The library stays a normal shared library from its Debian
 * package, with its security updates; only when it is loaded changes.
 *
 * A user names the library by its soname (with its interface version, as configure finds it),
 * lists the symbols it uses with their offsets in a struct of pointers of the right types,
 * and calls dlib_open before using them. The first call opens the library and fills the
 * struct; later calls only return the result, also a failure (the library is not retried).
 * Thread-safe: the commands that check lists on both cores may reach it from both.
 */
#ifndef MUSTER_DLIB_H
#define MUSTER_DLIB_H

#include "muster.h"

#include <stdatomic.h>
#include <stddef.h>

struct dlib_sym {
	const char *name;
	size_t offset; /* in the struct of pointers */
};
#define DLIB_SYM(type, field, symbol) { #symbol, offsetof(type, field) }

struct dlib {
	const char *soname;           /* "libnettle.so.8" */
	const struct dlib_sym *syms;
	size_t n_syms;
	void *fns;                    /* the struct of pointers that syms' offsets are into */
	/* Set by dlib_open. */
	_Atomic int state;            /* 0: not tried, 1: open, -1: failed */
	char why[256];                /* why it failed (the loader's words) */
};
#define DLIB_INIT(soname, syms, fns) \
	{ (soname), (syms), MUSTER_ARRAY_LEN(syms), (fns), 0, "" }

/* Opens the library and finds every symbol, once: 0, or -1 with the reason in dlib_why (the
 * struct of pointers is then all zeros). Never closed. */
int dlib_open(struct dlib *l);
/* Why the library could not be opened: the loader's message, or its soname. */
const char *dlib_why(const struct dlib *l);

#endif
