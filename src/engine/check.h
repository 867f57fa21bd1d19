/* check.h - the constraint engine
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A rule is data (rules-xml <rule>, read by read-rules.c into lang.h's structs): optionally a
 * condition on the list (<when>), optionally "for each unit/item matching S", then either an
 * aggregate (count, sum, distinct) over a scope compared with bounds that are expressions, or
 * a requirement that this unit or item matches a selector. Violations become diagnostics
 * citing the rule's reference ("XX-6") with its message's placeholders filled.
 */
#ifndef MUSTER_CHECK_H
#define MUSTER_CHECK_H

#include "model.h"
#include "diag.h"
#include "eval.h"

/* Checks every list of an evaluated roster against every rule of its system (and the
 * catalogs' own limits on options); adds one diagnostic per violation. A number that
 * overflows adds a fatal diagnostic. Returns the number of errors added (warnings are not
 * counted). The evaluation's caches fill as rules ask for aggregates. */
size_t check_roster(struct eval *ev, struct diags *d);

/* unchecked.c: a note on file (roster r's) saying how many constraints and modifiers of the
 * data that Muster does not enforce yet (a BattleScribe system's) stand on what r takes: its
 * forces, its units' entries and their options; with each, a note for each of them too, at
 * its place in the data. Returns how many; adds nothing when none. */
size_t unchecked_note(const struct roster *r, const char *file, struct diags *d, bool each);

/* Where a list stands against one bound of a count or a sum: "Leaders 1/2", "Core 24%/at
 * least 25%". One per rule with an aggregate that is not checked per unit, whose condition
 * holds, per group of the aggregate (per entry, per sub-faction...). */
struct tracker {
	const struct rule *rule;
	size_t list;              /* index of the list; TRACKER_ROSTER for a roster-wide rule */
	char *group;              /* the group's label, or NULL when the rule does not group */
	int64_t value;
	bool has_min, has_max;
	int64_t min, max;
	/* A bound that is a percentage of a cost: the basis and each bound's percentage. */
	bool percent;
	int64_t basis, pct_min, pct_max;
	size_t cost;              /* the summed cost type, for sums */
	bool is_cost;
};
#define TRACKER_ROSTER ((size_t)-1)

/* Computes every tracker of an evaluated roster into a new array (caller frees with
 * trackers_free). Linear in the roster, like checking; uses the same aggregates. */
size_t check_trackers(struct eval *ev, struct tracker **out);
void trackers_free(struct tracker *t, size_t n);

#endif
