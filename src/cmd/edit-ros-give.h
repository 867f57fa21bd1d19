/* edit-ros-give.h - what the builder gives a new force of a BattleScribe roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_EDIT_ROS_GIVE_H
#define MUSTER_EDIT_ROS_GIVE_H

#include "model.h"

#include <stdbool.h>
#include <stddef.h>

/* The id BattleScribe knows a root entry by (without the reader's CATALOGUE/). */
const char *ros_root_id(const struct entry *e);
/* Whether root entry e is offered to a force of faction: its catalogue's, or one that imports
 * it (the game system's: every catalogue). */
bool ros_offered(const struct entry *e, const struct group *faction);
/* The units new force li of r is given, as BattleScribe gives them: add(arg, li, e) for each
 * one of root entry e, in order, which adds it to r. */
void ros_give(const struct roster *r, size_t li,
              void (*add)(void *arg, size_t li, const struct entry *e), void *arg);

#endif
