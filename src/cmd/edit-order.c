/* edit-order.c - a unit's options kept in one order, whatever order they were taken in
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Options apply in the order a unit lists them, and an option may need others before it
 * (Unflinching after Stubborn and Trained). The canonical order is the catalog's: the order
 * of the entry's options, in which a data author lists prerequisites first. Every change a
 * command makes to a unit writes its options in that order, at every level of the option
 * tree, so that taking an option off and on again gives the file it was. Each option element
 * moves with its own content; the white space between elements stays where it was. An option
 * the catalog does not know keeps its place after the known ones before it.
 */
#include "muster.h"
#include "edit-int.h"
#include "catalog.h"
#include "xml.h"
#include "util.h"

#include <stdlib.h>

/* One option element and its place in the catalog. */
struct placed {
	xmlNodePtr node;
	size_t rank;
	size_t at;   /* its place in the file: ties keep it */
};

static int by_rank(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* Puts the option elements under n, which stands for option up - 1 of e (0: the unit), in
 * the catalog's order, then those under each of them. */
static void order_under(const struct entry *e, xmlNodePtr n, uint32_t up)
{
	struct placed *v = NULL;
	size_t k = 0, cap = 0, last = 0;
	bool sorted = true;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "option"))
			continue;
		const struct entry_option *o = edit_option_of(e, c, up);
		/* unknown: ranked with the known option before it */
		size_t rank = o ? (size_t)(o - e->options) : last;
		GROW(v, cap, k + 1);
		v[k] = (struct placed){ c, rank, k };
		sorted = sorted && rank >= last;
		last = rank;
		k++;
		if (o)
			order_under(e, c, (uint32_t)(o - e->options) + 1);
	}
	if (!sorted) {
		/* A mark at each element's place; the elements taken out, put back sorted. */
		xmlNodePtr *mark = xcalloc(k, sizeof(*mark));
		for (size_t i = 0; i < k; i++) {
			mark[i] = xmlNewComment(BAD_CAST "");
			xmlAddNextSibling(v[i].node, mark[i]);
			xmlUnlinkNode(v[i].node);
		}
		qsort(v, k, sizeof(*v), by_rank);
		for (size_t i = 0; i < k; i++) {
			xmlAddPrevSibling(mark[i], v[i].node);
			xmlUnlinkNode(mark[i]);
			xmlFreeNode(mark[i]);
		}
		free(mark);
	}
	free(v);
}

void edit_order_options(const struct entry *e, xmlNodePtr u)
{
	if (e->n_options > 0)
		order_under(e, u, 0);
}
