/* idx.c - an index from string ids to pointers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Up to IDX_SMALL keys live in a small array searched in order; past that, in an open-addressed
 * table of the keys' hashes, keys and values, at most half full. The hash is seeded anew for
 * each table (getrandom), as libxml2's xmlHashTable, used here before, seeds its own, so that a
 * file cannot be written to make its ids collide; the seed changes no result (the index is
 * never walked in order). The table replaced xmlHashTable for speed: a lookup in it took 150
 * to 360 instructions, and validating a 100,000-unit list looked 586,653 ids up. Every catalog
 * entry has two indexes (its options and its items) of a few keys each: a 64-slot table for
 * each made a 10,000-entry catalog take 129 MB, and an 8-slot one still 7.6 MB of its 40
 * (massif); hence the small array.
 */
#include "muster.h"
#include "idx.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#define IDX_SMALL 8

struct idx_pair {
	char *key;
	void *val;
};

/* A slot: key NULL is empty; a deleted key leaves a tombstone (key == tomb) that lookups pass. */
struct idx_slot {
	uint64_t hash;
	char *key;
	void *val;
};

struct idx {
	struct idx_slot *slot;  /* NULL while small */
	size_t mask;            /* slots - 1, a power of two less one */
	size_t used;            /* keys and tombstones in slot */
	uint64_t seed;
	struct idx_pair *small; /* the keys while there are at most IDX_SMALL */
	size_t n, cap;
};

static char tomb[1];

struct idx *idx_new(void)
{
	return xcalloc(1, sizeof(struct idx));
}

static void free_small(struct idx *ix)
{
	for (size_t i = 0; i < ix->n && ix->slot == NULL; i++)
		free(ix->small[i].key);
	free(ix->small);
	ix->small = NULL;
	ix->cap = 0;
}

void idx_free(struct idx *ix)
{
	if (ix == NULL)
		return;
	if (ix->slot) {
		for (size_t i = 0; i <= ix->mask; i++)
			if (ix->slot[i].key != tomb)
				free(ix->slot[i].key);
		free(ix->slot);
	} else {
		free_small(ix);
	}
	free(ix);
}

static struct idx_pair *find_small(const struct idx *ix, const char *key)
{
	/* The first byte before a call: most keys compared are not the one. */
	for (size_t i = 0; i < ix->n; i++)
		if (ix->small[i].key[0] == key[0] && strcmp(ix->small[i].key, key) == 0)
			return &ix->small[i];
	return NULL;
}

/* FNV-1a from the table's seed, its bits mixed (murmur3's finaliser) so that the low ones,
 * which pick the slot, depend on every byte. */
static uint64_t key_hash(const struct idx *ix, const char *key)
{
	uint64_t h = 14695981039346656037u ^ ix->seed;
	for (const unsigned char *q = (const unsigned char *)key; *q; q++)
		h = (h ^ *q) * 1099511628211u;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdu;
	h ^= h >> 33;
	return h;
}

/* The slot holding key (hash h), or NULL. */
static struct idx_slot *find_slot(const struct idx *ix, const char *key, uint64_t h)
{
	for (size_t i = (size_t)h & ix->mask;; i = (i + 1) & ix->mask) {
		struct idx_slot *sl = &ix->slot[i];
		if (sl->key == NULL)
			return NULL;
		if (sl->hash == h && sl->key != tomb && strcmp(sl->key, key) == 0)
			return sl;
	}
}

/* Puts a key known to be absent (the table has room). */
static void put_slot(struct idx *ix, char *key, uint64_t h, void *val)
{
	size_t i = (size_t)h & ix->mask;
	while (ix->slot[i].key != NULL && ix->slot[i].key != tomb)
		i = (i + 1) & ix->mask;
	if (ix->slot[i].key == NULL)
		ix->used++;
	ix->slot[i] = (struct idx_slot){ h, key, val };
}

/* A table of at least twice (keys + 1) slots, tombstones dropped; keys keep their hashes. */
static void rehash(struct idx *ix)
{
	struct idx_slot *old = ix->slot;
	size_t old_slots = old ? ix->mask + 1 : 0, want = 16;
	while (want < 2 * (ix->n + 1))
		want *= 2;
	ix->slot = xcalloc(want, sizeof(*ix->slot));
	ix->mask = want - 1;
	ix->used = 0;
	for (size_t i = 0; i < old_slots; i++)
		if (old[i].key && old[i].key != tomb)
			put_slot(ix, old[i].key, old[i].hash, old[i].val);
	free(old);
}

int idx_add(struct idx *ix, const char *key, void *val)
{
	if (key == NULL)
		return -1;
	if (ix->slot == NULL) {
		if (find_small(ix, key))
			return -1;
		if (ix->n < IDX_SMALL) {
			GROW(ix->small, ix->cap, ix->n + 1);
			ix->small[ix->n].key = xstrdup(key);
			ix->small[ix->n].val = val;
			ix->n++;
			return 0;
		}
		/* The ninth key: everything moves to a hash table. */
		if (getrandom(&ix->seed, sizeof(ix->seed), GRND_NONBLOCK) != (ssize_t)sizeof(ix->seed))
			ix->seed = (uintptr_t)ix * 0x9e3779b97f4a7c15u; /* no entropy yet: the address */
		struct idx_pair *small = ix->small;
		size_t n = ix->n;
		ix->small = NULL;
		ix->cap = 0;
		rehash(ix);
		for (size_t i = 0; i < n; i++)
			put_slot(ix, small[i].key, key_hash(ix, small[i].key), small[i].val);
		free(small);
	}
	uint64_t h = key_hash(ix, key);
	if (find_slot(ix, key, h))
		return -1;
	if (2 * (ix->used + 1) > ix->mask + 1)
		rehash(ix);
	put_slot(ix, xstrdup(key), h, val);
	ix->n++;
	return 0;
}

int idx_del(struct idx *ix, const char *key, const void *val)
{
	if (ix == NULL || key == NULL)
		return -1;
	if (ix->slot == NULL) {
		struct idx_pair *p = find_small(ix, key);
		if (p == NULL || p->val != val)
			return -1;
		free(p->key);
		*p = ix->small[--ix->n];
		return 0;
	}
	struct idx_slot *sl = find_slot(ix, key, key_hash(ix, key));
	if (sl == NULL || sl->val != val)
		return -1;
	free(sl->key);
	sl->key = tomb;
	sl->val = NULL;
	ix->n--;
	return 0;
}

void *idx_get(const struct idx *ix, const char *key)
{
	if (ix == NULL || key == NULL)
		return NULL;
	if (ix->slot == NULL) {
		const struct idx_pair *p = find_small(ix, key);
		return p ? p->val : NULL;
	}
	struct idx_slot *sl = find_slot(ix, key, key_hash(ix, key));
	return sl ? sl->val : NULL;
}

size_t idx_size(const struct idx *ix)
{
	return ix ? ix->n : 0;
}
