/* export-ros-order.h - the order a BattleScribe roster lists its forces and selections in
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * For export-ros.c. Each returns indices the caller frees (an array of *n, or of the list's
 * units), in the order they are written.
 */
#ifndef MUSTER_EXPORT_ROS_ORDER_H
#define MUSTER_EXPORT_ROS_ORDER_H

#include "model.h"

#include <stdint.h>

/* Names compared case-insensitively, runs of digits by their value: <0, 0 or >0. */
int ros_name_cmp(const char *a, const char *b);
/* The forces within force parent (SIZE_MAX: the roster's top forces), each the index of its
 * first list. */
size_t *ros_order_forces(const struct roster *r, size_t parent, size_t *n);
/* The units of list li of evaluation ev, by their names after modifiers. */
struct eval;
size_t *ros_order_units(const struct eval *ev, size_t li);
/* The options of u that stand right under option up - 1 (0: the unit), none a training. */
size_t *ros_order_options(const struct r_unit *u, uint32_t up, size_t *n);

#endif
