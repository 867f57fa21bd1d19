/* bs-owners.c - what the reader does not enforce, indexed by the element it stands on
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * validate names, for each roster, the constraints and modifiers not enforced yet that stand
 * on what the roster takes (engine/unchecked.c). Scanning every record for every roster would
 * cost the system's size again for each of a batch's 10,000 lists; this index, made once when
 * the system is read, lets a roster look up only its own ids.
 */
#include "muster.h"
#include "bs-read.h"

#include <stdlib.h>
#include <string.h>

#include "idx.h"

void bs_index_owners(struct bs_data *bs)
{
	size_t n = 0;
	for (size_t i = 0; i < bs->n_pending; i++)
		if ((bs->pending[i].kind == BS_CONSTRAINT || bs->pending[i].kind == BS_MODIFIER) &&
		    bs->pending[i].owner)
			n++;
	bs->owners = idx_new();
	if (n == 0)
		return;
	struct key_at *k = xcalloc(n, sizeof(*k));
	n = 0;
	for (size_t i = 0; i < bs->n_pending; i++)
		if ((bs->pending[i].kind == BS_CONSTRAINT || bs->pending[i].kind == BS_MODIFIER) &&
		    bs->pending[i].owner)
			k[n++] = (struct key_at){ bs->pending[i].owner, (uint32_t)i };
	bs->by_owner = key_order(k, n); /* by owner, then document order */
	bs->owned = xcalloc(n, sizeof(*bs->owned));
	size_t runs = 0;
	for (size_t i = 0; i < n; i++) {
		if (i == 0 || strcmp(k[i].key, k[i - 1].key) != 0) {
			bs->owned[runs] = (struct bs_owned){ (uint32_t)i, 0 };
			(void)idx_add(bs->owners, k[i].key, &bs->owned[runs]);
			runs++;
		}
		bs->owned[runs - 1].n++;
	}
	free(k);
}

/* Whether a record on id (n bytes at p) is a constraint of type min. */
static bool min_on(const struct bs_data *bs, const char *p, size_t n)
{
	char *id = xstrndup(p, n);
	const struct bs_owned *o = idx_get(bs->owners, id);
	free(id);
	for (uint32_t k = 0; o && k < o->n; k++) {
		const struct bs_pending *r = &bs->pending[bs->by_owner[o->first + k]];
		if (bs_untaken_min(r))
			return true;
	}
	return false;
}

void bs_index_min_roots(struct system *sys)
{
	struct bs_data *bs = sys->bs;
	size_t cap = 0;
	for (size_t ci = 0; ci < sys->n_catalogs; ci++) {
		const struct catalog *cat = sys->catalogs[ci];
		for (size_t ei = 0; cat && ei < cat->n_entries; ei++) {
			const struct entry *e = &cat->entries[ei];
			/* each id of its path ("link::entry"), a renamed one's after "CATALOGUE/" */
			const char *p = strrchr(e->id, '/') ? strrchr(e->id, '/') + 1 : e->id;
			bool min = false;
			while (p && *p && !min) {
				const char *end = strstr(p, "::");
				size_t n = end ? (size_t)(end - p) : strlen(p);
				min = n > 0 && min_on(bs, p, n);
				p = end ? end + 2 : NULL;
			}
			if (min) {
				GROW(bs->min_roots, cap, bs->n_min_roots + 1);
				bs->min_roots[bs->n_min_roots++] = e;
			}
		}
	}
}
