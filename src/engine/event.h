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
#include "read-event.h"

struct eval;

/* Checks what the pack asks of each list of roster r that is not a rule: its system, battle
 * size, limits (against ev, its evaluation; NULL when it could not be evaluated) and choices.
 * Adds one error per breach, at the list's line, and returns how many. */
size_t event_check(const struct event *e, const struct roster *r, const struct eval *ev,
                   struct diags *d);

#endif
