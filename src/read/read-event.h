/* read-event.h - event packs as read (read-event.c): what a tournament asks of every list
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * event.h says what a pack is and checks a roster against it.
 */
#ifndef MUSTER_READ_EVENT_H
#define MUSTER_READ_EVENT_H

#include "model.h"
#include "diag.h"

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

#endif
