/* check.h - the constraint engine
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A rule is data (rules-xml <rule>): optionally "for each unit/weapon matching S", then either
 * an aggregate (count units, models, weapons or lists, sum a cost or attribute, count distinct
 * values) over a scope (this unit, the list, the roster), grouped per entry or attribute value,
 * compared with bounds (a constant, an attribute of this unit, N per M points of the size or of
 * the points spent with explicit rounding, a percentage, the list's limit, a field, a step
 * table); or a requirement that this unit or weapon matches a selector. Violations become
 * diagnostics citing the rule's reference ("XX-6") with its message's placeholders filled.
 */
#ifndef MUSTER_CHECK_H
#define MUSTER_CHECK_H

#include "model.h"
#include "diag.h"

#include <libxml/tree.h>

/* Parses one <rule> element of a system file. Returns NULL and adds fatal diagnostics on error. */
struct rule *rule_parse(xmlNodePtr n, const struct system *sys, const char *file,
                        struct diags *d);
void rule_free(struct rule *r);
/* Refuses "taking" requirements that form a cycle (taking a needs b, taking b needs a): no
 * unit could ever take them. Returns 0, or -1 with a fatal diagnostic at the rule's line. */
int rules_check_cycles(const struct system *sys, struct diags *d);
const char *rule_id(const struct rule *r);
const char *rule_ref(const struct rule *r);
/* The id and reference of the i-th rule of sys, for listings. */
const char *rule_id_of(const struct system *sys, size_t i);
const char *rule_ref_of(const struct system *sys, size_t i);

/* Checks every list of r against every rule of its system; adds one diagnostic per violation.
 * Returns the number of errors added (warnings are not counted). */
size_t check_roster(const struct roster *r, struct diags *d);

#endif
