/* idx.c - an index from string ids to pointers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Built on libxml2's xmlHashTable rather than a hand-written table: Muster already depends on
 * libxml2, whose hash is well kept and randomised against collision attacks. The table is made
 * on the first key, small, and grows as libxml2 sees fit: every catalog entry has two indexes
 * (options, items) that are mostly empty, and a 64-slot table for each made a 10,000-entry
 * catalog take 129 MB.
 */
#include "muster.h"
#include "idx.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

#include <libxml/hash.h>

struct idx {
	xmlHashTablePtr h;
	size_t n;
};

struct idx *idx_new(void)
{
	return xcalloc(1, sizeof(struct idx));
}

void idx_free(struct idx *ix)
{
	if (ix == NULL)
		return;
	if (ix->h)
		xmlHashFree(ix->h, NULL);
	free(ix);
}

int idx_add(struct idx *ix, const char *key, void *val)
{
	if (ix->h == NULL) {
		ix->h = xmlHashCreate(8);
		if (ix->h == NULL) {
			fputs("muster: error: out of memory\n", stderr);
			abort();
		}
	}
	if (xmlHashAddEntry(ix->h, (const xmlChar *)key, val) != 0)
		return -1;
	ix->n++;
	return 0;
}

int idx_del(struct idx *ix, const char *key, const void *val)
{
	if (ix == NULL || ix->h == NULL || key == NULL || xmlHashLookup(ix->h, (const xmlChar *)key) != val)
		return -1;
	if (xmlHashRemoveEntry(ix->h, (const xmlChar *)key, NULL) != 0)
		return -1;
	ix->n--;
	return 0;
}

void *idx_get(const struct idx *ix, const char *key)
{
	if (ix == NULL || ix->h == NULL || key == NULL)
		return NULL;
	return xmlHashLookup(ix->h, (const xmlChar *)key);
}

size_t idx_size(const struct idx *ix)
{
	return ix ? ix->n : 0;
}
