/* keyacc.c - a keyed accumulator (keyacc.h)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "keyacc.h"
#include "idx.h"
#include "util.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

long keyacc_find(const struct keyacc *ka, const char *key)
{
	void *pos = ka->ix ? idx_get(ka->ix, key) : NULL;
	return pos ? (long)((uintptr_t)pos - 1) : -1;
}

size_t keyacc_slot(struct keyacc *ka, const char *key)
{
	long i = keyacc_find(ka, key);
	if (i >= 0)
		return (size_t)i;
	if (ka->ix == NULL)
		ka->ix = idx_new();
	GROW(ka->keys, ka->cap_keys, ka->n + 1);
	GROW(ka->counts, ka->cap_counts, ka->n + 1);
	size_t k = ka->n++;
	ka->keys[k] = xstrdup(key);
	ka->counts[k] = 0;
	idx_add(ka->ix, ka->keys[k], (void *)(uintptr_t)(k + 1));
	return k;
}

size_t keyacc_add(struct keyacc *ka, const char *key, long delta)
{
	size_t k = keyacc_slot(ka, key);
	long before = ka->counts[k], after;
	if (__builtin_add_overflow(before, delta, &after))
		after = delta > 0 ? LONG_MAX : LONG_MIN;
	ka->counts[k] = after;
	if (before <= 0 && after > 0)
		ka->live++;
	else if (before > 0 && after <= 0)
		ka->live--;
	return k;
}

void keyacc_release(struct keyacc *ka)
{
	for (size_t i = 0; i < ka->n; i++)
		free(ka->keys[i]);
	free(ka->keys);
	free(ka->counts);
	idx_free(ka->ix);
	memset(ka, 0, sizeof(*ka));
}
