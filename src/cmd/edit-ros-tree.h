/* edit-ros-tree.h - a unit's options as a tree, for the builder on BattleScribe rosters
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * ids are the unit's options' selection ids, an array alongside its options; an index k is
 * an option's among the unit's, a parent up 1 + its index (0: the unit).
 */
#ifndef MUSTER_EDIT_ROS_TREE_H
#define MUSTER_EDIT_ROS_TREE_H

#include "model.h"

#include <stddef.h>

struct roster;

/* ro, of selection id id, inserted at pos (its parent before pos). */
void opt_insert(struct roster *r, struct r_unit *u, const char ***ids, size_t pos,
                struct r_option ro, const char *id);
/* Option k and its subtree removed. */
void opt_remove(struct r_unit *u, const char **ids, size_t k);
/* Option k's subtree repeated times times right after it, the copies' ids len * times fresh
 * ones (len: the subtree's size). */
void opt_repeat(struct roster *r, struct r_unit *u, const char ***ids, size_t k, size_t times,
                const char *const *fresh);
/* Option k (-1: the unit) numbered n where it numbered was: the options below it scaled. */
void scale_below(struct r_unit *u, long k, long was, long n);

#endif
