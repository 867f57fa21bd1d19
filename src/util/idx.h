/* idx.h - an index from string ids to pointers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every id lookup in the model (entries, rules, attributes, sizes) goes through one of these,
 * so checking a list grows linearly with its size. The index does not own the values.
 */
#ifndef MUSTER_IDX_H
#define MUSTER_IDX_H

#include "muster.h"

struct idx;

struct idx *idx_new(void);
void idx_free(struct idx *ix);
/* Adds key -> val. Returns 0, or -1 when key is already present (the old value stays). */
int idx_add(struct idx *ix, const char *key, void *val);
/* Removes key when it maps to val. Returns 0, or -1 when it does not. */
int idx_del(struct idx *ix, const char *key, const void *val);
/* The value for key, or NULL. */
void *idx_get(const struct idx *ix, const char *key);
size_t idx_size(const struct idx *ix);

#endif
