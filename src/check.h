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

#endif
