/* fixture.h - helpers shared by the criterion unit tests: a temporary directory, files, diagnostics
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every unit test program links tests/unit/libfixture.a first. The helpers check their own
 * failures with criterion asserts, so a test that calls one needs no error handling of its own.
 * The temporary directory lives from fx_setup (or fx_make_tmpdir) to fx_teardown (or
 * fx_remove_tmpdir); criterion runs each test in its own process, so there is one per test.
 */
#ifndef MUSTER_TESTS_FIXTURE_H
#define MUSTER_TESTS_FIXTURE_H

#include "muster.h"
#include "diag.h"

#include <stddef.h>

struct entry;
struct entry_option;
struct session;
struct system;

/* A suite's .init for tests that need no fixture of their own: xml_init(), fx_make_tmpdir(). */
void fx_setup(void);
/* The matching .fini: fx_remove_tmpdir(), frees fx_session()'s session, data_cleanup(). */
void fx_teardown(void);

/* Creates a fresh directory $TMPDIR/muster-unit.XXXXXX (/tmp when TMPDIR is unset or empty). */
void fx_make_tmpdir(void);
/* Removes the directory and everything below it; does nothing when there is none. */
void fx_remove_tmpdir(void);
/* The path of the temporary directory, or NULL when there is none. Owned by the fixture:
 * valid until fx_remove_tmpdir. */
const char *fx_tmpdir(void);

/* The source tree (rules-xml/, catalogs/, doc/examples/): the first MUSTER_DATA_PATH entry.
 * A static buffer, overwritten by the next call; never free it. */
const char *fx_src_dir(void);

/* The temporary directory as a list of data directories (NULL-terminated), for
 * system_load_file and data_catalog_files. Owned by the fixture: valid until fx_remove_tmpdir. */
const char *const *fx_tmp_roots(void);

/* Writes text to rel below the temporary directory, creating the directories of rel.
 * Returns the full path; the caller frees it. */
char *fx_write_tmp(const char *rel, const char *text);
/* The same with len bytes of buf, which may hold NUL bytes. */
char *fx_write_tmp_bytes(const char *rel, const char *buf, size_t len);
/* The whole of the file at path, NUL-terminated; the caller frees it. */
char *fx_slurp(const char *path);

/* The 1-based line of the first occurrence of marker in text (0 when absent). */
long fx_line_of(const char *text, const char *marker);

/* Every diagnostic of d, for assertion messages. A static buffer, overwritten by the next
 * call (so nothing leaks when an assert fails); never free it. */
const char *fx_dump(const struct diags *d);
/* The first diagnostic of severity sev whose message contains needle, or NULL. The result
 * points into d. */
const struct diag *fx_find_diag(const struct diags *d, enum severity sev, const char *needle);

/* The session of the running test, made on the first call (so after the suite's setup has
 * added its data directories) and freed by fx_teardown. Owned by the fixture. */
struct session *fx_session(void);

/* The shipped Duckhammer system, loaded afresh (not from fx_session()'s cache) with its
 * diagnostics added to d (fails the test when it does not load). The caller frees it with
 * system_free and releases d. */
struct system *fx_load_duckhammer(struct diags *d);
/* The index of keyword id of sys (fails the test when there is none). */
size_t fx_kwi(const struct system *sys, const char *id);
/* Option id of entry e (fails the test when there is none). The result points into e. */
const struct entry_option *fx_opt(const struct entry *e, const char *id);
struct r_list;
struct roster;
struct eval;
/* Evaluates a list built by hand: holder becomes a one-list roster of sys around l. Asserts
 * that the evaluation succeeds; free with eval_free. */
struct eval *fx_eval(const struct system *sys, struct r_list *l, struct roster *holder);

#endif
