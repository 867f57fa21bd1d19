/* idx.c - an index from string ids to pointers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Up to IDX_SMALL keys live in a small array searched in order; past that, in libxml2's
 * xmlHashTable rather than a hand-written table: Muster already depends on libxml2, whose
 * hash is well kept and randomised against collision attacks. Every catalog entry has two
 * indexes (its options and its items) of a few keys each: a 64-slot table for each made a
 * 10,000-entry catalog take 129 MB, and an 8-slot one still 7.6 MB of its 40 (massif).
 */
#include "muster.h"
#include "idx.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/hash.h>

#define IDX_SMALL 8

struct idx_pair {
	char *key;
	void *val;
};

struct idx {
	xmlHashTablePtr h;      /* NULL while small */
	struct idx_pair *small; /* the keys while there are at most IDX_SMALL */
	size_t n, cap;
};

struct idx *idx_new(void)
{
	return xcalloc(1, sizeof(struct idx));
}

static void free_small(struct idx *ix)
{
	for (size_t i = 0; i < ix->n && ix->h == NULL; i++)
		free(ix->small[i].key);
	free(ix->small);
	ix->small = NULL;
	ix->cap = 0;
}

void idx_free(struct idx *ix)
{
	if (ix == NULL)
		return;
	if (ix->h)
		xmlHashFree(ix->h, NULL);
	else
		free_small(ix);
	free(ix);
}

static struct idx_pair *find_small(const struct idx *ix, const char *key)
{
	for (size_t i = 0; i < ix->n; i++)
		if (strcmp(ix->small[i].key, key) == 0)
			return &ix->small[i];
	return NULL;
}

int idx_add(struct idx *ix, const char *key, void *val)
{
	if (key == NULL)
		return -1;
	if (ix->h == NULL) {
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
		ix->h = xmlHashCreate(4 * IDX_SMALL);
		if (ix->h == NULL) {
			fputs("muster: error: out of memory\n", stderr);
			abort();
		}
		for (size_t i = 0; i < ix->n; i++) {
			xmlHashAddEntry(ix->h, (const xmlChar *)ix->small[i].key, ix->small[i].val);
			free(ix->small[i].key);
		}
		free(ix->small);
		ix->small = NULL;
		ix->cap = 0;
	}
	if (xmlHashAddEntry(ix->h, (const xmlChar *)key, val) != 0)
		return -1;
	ix->n++;
	return 0;
}

int idx_del(struct idx *ix, const char *key, const void *val)
{
	if (ix == NULL || key == NULL)
		return -1;
	if (ix->h == NULL) {
		struct idx_pair *p = find_small(ix, key);
		if (p == NULL || p->val != val)
			return -1;
		free(p->key);
		*p = ix->small[--ix->n];
		return 0;
	}
	if (xmlHashLookup(ix->h, (const xmlChar *)key) != val)
		return -1;
	if (xmlHashRemoveEntry(ix->h, (const xmlChar *)key, NULL) != 0)
		return -1;
	ix->n--;
	return 0;
}

void *idx_get(const struct idx *ix, const char *key)
{
	if (ix == NULL || key == NULL)
		return NULL;
	if (ix->h == NULL) {
		const struct idx_pair *p = find_small(ix, key);
		return p ? p->val : NULL;
	}
	return xmlHashLookup(ix->h, (const xmlChar *)key);
}

size_t idx_size(const struct idx *ix)
{
	return ix ? ix->n : 0;
}
