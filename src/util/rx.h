/* rx.h - the only user of PCRE2: patterns that come from data files
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Patterns are untrusted (they come from rules and catalog files), so compiling caps their
 * length and matching caps backtracking, heap and subject length (DESIGN.md, "Safety recipe").
 */
#ifndef MUSTER_RX_H
#define MUSTER_RX_H

#include "muster.h"

#include <stdint.h>

#define RX_MAX_PATTERN 1024
#define RX_MAX_SUBJECT 4096
/* Matching steps (pattern items tried, backtracking included) that all patterns together may
 * take in one run, i.e. one roster checked: past it every match fails and the run is an input
 * error. The shipped data takes a few thousand per roster. */
#ifndef RX_WORK_BUDGET
#define RX_WORK_BUDGET 20000000ULL
#endif

struct rx;

/* Compiles pattern (UTF-8). Returns NULL on failure with *err set to a new message (caller
 * frees) and *offset to the character position of the problem. */
struct rx *rx_compile(const char *pattern, char **err, size_t *offset);
/* 1 when subject matches, 0 when not, -1 when a limit stopped the match (subject too long,
 * backtracking or heap limit) or the subject is not valid UTF-8. */
int rx_match(const struct rx *rx, const char *subject);
/* Like rx_match; on a match, out[i] gets a new copy of the named group names[i] (NULL when the
 * pattern has no such group or it did not take part). names is NULL-terminated; out has room
 * for each. */
int rx_match_named(const struct rx *rx, const char *subject, const char *const *names,
                   char **out);
const char *rx_pattern(const struct rx *rx);
/* Records where the pattern was written (copied), for the message past the work budget. */
void rx_set_origin(struct rx *rx, const char *file, long line);
/* Starts a run on the calling thread: steps of matching work are left (RX_WORK_BUDGET for a
 * roster). The budget belongs to the thread: the matches of other threads never spend it, so
 * a roster must be loaded, evaluated and checked on the thread that reset it. */
void rx_budget_reset(uint64_t steps);
uint64_t rx_budget_left(void);
/* True once the calling thread's run has spent its budget; then *pattern, *file and *line
 * name the pattern whose match spent it (file NULL and line 0 when unknown). */
bool rx_budget_spent(const char **pattern, const char **file, long *line);
void rx_free(struct rx *rx);

#endif
