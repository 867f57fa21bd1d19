/* event.h - event packs: what a tournament asks of every list
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * An event pack (doc/data-guide.md, "Event packs"; rules-xml/schema/event.xsd) names one game
 * system and adds to it: a battle size every list must be of, limits on what a list may cost,
 * the values a list choice may take, and extra rules written in the rule language of rules-xml
 * ("no Legends", "at most 2 Heroes", a faction ban). The rules become rules of the system: the
 * pack's loader (read-event.c) loads a private copy of the system, appends them, and gives it
 * to the session (session_adopt), so every roster of that system loaded afterwards is checked
 * against them by check_roster like any other rule. What is not a rule (system, size, limits,
 * choices) event_check checks.
 */
#ifndef MUSTER_EVENT_H
#define MUSTER_EVENT_H

#include "model.h"
#include "diag.h"
#include "eval.h"

struct session;

struct event_limit {
	size_t cost;          /* cost type index */
	int64_t value;
	char *ref;
	long line;
};

struct event_choice {
	const struct field_def *field;
	bool *allowed;        /* per choice of the field */
	char *ref;
	long line;
};

struct event {
	char *file;
	char *name, *system_id, *description;
	const struct system *sys;     /* the session's, with the pack's rules */
	const struct size_def *size;  /* NULL: any */
	char *size_ref;
	long size_line;
	struct event_limit *limits;
	size_t n_limits;
	struct event_choice *choices;
	size_t n_choices;
	size_t n_rules;               /* rules the pack added to the system */
};

/* Loads an event pack and, through s, its system with the pack's rules added; s must not
 * have loaded that system yet (make the session, load the pack, then the rosters). NULL with
 * fatal diagnostics on any error. Free with event_free before the session. */
struct event *event_load(struct session *s, const char *path, struct diags *d);
/* The same for a pack already in memory (fuzzing, tests); name is used in messages. */
struct event *event_load_memory(struct session *s, const char *buf, size_t len, const char *name,
                                struct diags *d);
void event_free(struct event *e);

/* Checks what the pack asks of each list of roster r that is not a rule: its system, battle
 * size, limits (against ev, its evaluation; NULL when it could not be evaluated) and choices.
 * Adds one error per breach, at the list's line, and returns how many. */
size_t event_check(const struct event *e, const struct roster *r, const struct eval *ev,
                   struct diags *d);

#endif
