/* keyacc.h - a keyed accumulator: distinct text keys, each with an index and a count
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The one way the engine accumulates by key: the expression cache (engine/expr.c: a bucket
 * per key of an aggregate, the distinct values of each) and the grouped checks
 * (engine/check.c: a group per key, the distinct values of each). A key gets the next index
 * when first seen, so a caller keeps what else it needs per key in an array of its own
 * indexed alike. Each key is copied once and looked up through an idx: memory is linear in
 * the distinct keys' bytes, and each call costs one lookup, whatever the input.
 */
#ifndef MUSTER_KEYACC_H
#define MUSTER_KEYACC_H

#include "muster.h"

#include <stddef.h>

struct idx;

struct keyacc {
	struct idx *ix;           /* key -> index + 1; made on the first key */
	char **keys;              /* in the order first seen */
	long *counts;
	size_t n, cap_keys, cap_counts;
	size_t live;              /* keys whose count is above 0 */
};
#define KEYACC_INIT { NULL, NULL, NULL, 0, 0, 0, 0 }

/* The index of key, added with count 0 when new. */
size_t keyacc_slot(struct keyacc *ka, const char *key);
/* The index of key, or -1 when it has none. */
long keyacc_find(const struct keyacc *ka, const char *key);
/* Adds delta to key's count (the key added when new), keeping live; returns its index. A
 * count is saturated at LONG_MAX and LONG_MIN, never wrapped. */
size_t keyacc_add(struct keyacc *ka, const char *key, long delta);
/* Frees the keys; ka is empty (KEYACC_INIT) after. */
void keyacc_release(struct keyacc *ka);

#endif
