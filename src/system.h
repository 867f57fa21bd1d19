/* system.h - game systems: loading rules-xml and the system's catalogs
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_SYSTEM_H
#define MUSTER_SYSTEM_H

#include "model.h"
#include "diag.h"

/* Loads system id from the data path: its rules file, checked against rules.xsd, and every
 * catalog under catalogs/<id>/. Returns NULL with fatal diagnostics on any error. */
struct system *system_load(const char *id, struct diags *d);
/* Loads a rules file by path; catalogs come from root/catalogs/<id>/ when root is not NULL. */
struct system *system_load_file(const char *path, const char *root, struct diags *d);
void system_free(struct system *sys);

const struct attr_def *system_attr(const struct system *sys, const char *id);
const struct size_def *system_size(const struct system *sys, const char *id);
const struct entry *system_entry(const struct system *sys, const char *id);
const struct group *system_group(const struct system *sys, const char *id);

#endif
