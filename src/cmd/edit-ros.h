/* edit-ros.h - the builder on BattleScribe rosters (.ros, .rosz): new, add, remove, set,
 * add-force
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A BattleScribe roster is changed as BattleScribe changes one: read whole into the model
 * (bs-roster.c), the change made to the model, and the whole file written again by the .ros
 * exporter (export-ros.c), read back and checked, then saved through save_file_checked (the
 * file must still hold what was read; FILE~ keeps the previous version). A .rosz is read
 * unzipped and saved zipped (zipped_pack), checked against the archive's bytes as read.
 * Every selection and force the change makes gets a fresh id, "mst-N" with N one more than
 * the largest such id the roster holds, and the ids are printed first, one line each
 * (doc/muster.1):
 *   force ID                  a force made (new, add-force, set FORCE --copy)
 *   added ID                  the selection made (add, set --copy)
 *   selected ENTRYID ID       each selection made with it (mandatory and default children)
 *   removed ID                a selection or force taken away (remove)
 *   set ID N                  a selection's number changed (set --models)
 *   limit N COSTTYPEID        the roster's cost limit (set --limit)
 * then the status as 'muster status' prints it.
 */
#ifndef MUSTER_EDIT_ROS_H
#define MUSTER_EDIT_ROS_H

#include "muster.h"

#include <stdio.h>

struct session;

/* One change (argv[0] the verb: add, remove, set, add-force, with their words) to the
 * BattleScribe roster path. Returns the exit status; messages on stderr. */
int ros_change(struct session *s, const char *path, int argc, char **argv, FILE *out);

/* What muster new writes for a .ros. */
struct ros_new {
	const char *system, *name, *faction, *limit_cost;
	long limit;              /* -1: none */
	char **forces;           /* FORCE_ENTRY_ID[:NAME], NULL-terminated */
	bool force;              /* replace an existing file */
};
int ros_new(struct session *s, const char *path, const struct ros_new *spec, FILE *out);

/* The builder's own (edit-ros-custom.c): the selection of that id in r (*li, *ui, and *k the
 * option's index, -1 for the unit), and set ID --name --notes [--category]: the customName and
 * customNotes (NULL: kept, "": none) of the unit, the force or the force's category of that
 * id, strings in r's pool. Returns 0, or -1 with a fatal diagnostic in d. */
struct roster;
struct system;
struct diags;
bool ros_find_sel(const struct roster *r, const char *id, size_t *li, size_t *ui, long *k);
int ros_customise(struct roster *r, const struct system *sys, const char *id,
                  const char *category, const char *name, const char *notes, struct diags *d);

#endif
