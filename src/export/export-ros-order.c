/* export-ros-order.c - the order a BattleScribe roster lists its forces and selections in
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * As the battlescribe-spec suite's ordering specs have it (its docs/nr-ordering-analysis.md):
 * the roster's forces by name; a force's forces in the order of their forceEntries in the
 * data, those of one forceEntry in the order they were added; a force's selections by their primary category, in the order
 * the forceEntry links its categories (none first), then by name; a selection's selections
 * by name, those in a selectionEntryGroup after the others, group by group. Names compare
 * case-insensitively and numbers in them by value ("Unit 2" before "Unit 10"); what compares
 * equal keeps the order it was added in. Whatever the order, a force, unit or option keeps its
 * index in the model: only the order they are written in is made here.
 */
#include "muster.h"
#include "eval.h"
#include "export-ros-order.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct key {
	size_t rank;        /* a forceEntry's index, a category's place, 1 for a group's option */
	const char *group;  /* the name of the group an option stands in, or "" */
	const char *name;
	size_t k;           /* its index: what else compares equal stays in order */
};

/* Names compared as a reader orders them: case aside, a run of digits by its value. */
int ros_name_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			while (*a == '0')
				a++;
			while (*b == '0')
				b++;
			size_t na = strspn(a, "0123456789"), nb = strspn(b, "0123456789");
			if (na != nb)
				return na < nb ? -1 : 1;
			int c = strncmp(a, b, na);
			if (c)
				return c;
			a += na;
			b += nb;
			continue;
		}
		int ca = tolower((unsigned char)*a), cb = tolower((unsigned char)*b);
		if (ca != cb)
			return ca < cb ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

static int key_cmp(const void *pa, const void *pb)
{
	const struct key *a = pa, *b = pb;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	int c = ros_name_cmp(a->group, b->group);
	if (c == 0)
		c = ros_name_cmp(a->name, b->name);
	if (c == 0 && a->k != b->k)
		c = a->k < b->k ? -1 : 1;
	return c;
}

/* The indices of keys ks[0..n), sorted; ks freed. */
static size_t *sorted(struct key *ks, size_t n)
{
	if (n > 1) /* ks is NULL when there is none: qsort may not be given NULL */
		qsort(ks, n, sizeof(*ks), key_cmp);
	size_t *out = xcalloc(n + 1, sizeof(*out));
	for (size_t i = 0; i < n; i++)
		out[i] = ks[i].k;
	free(ks);
	return out;
}

size_t *ros_order_forces(const struct roster *r, size_t parent, size_t *n)
{
	size_t from = parent == SIZE_MAX ? 0 : parent + 1, cap = 0;
	uint32_t depth = parent == SIZE_MAX ? 0 : r->lists[parent].depth + 1;
	struct key *ks = NULL;
	*n = 0;
	for (size_t k = from; k < r->n_lists && r->lists[k].depth >= depth; k = forces_end(r, k)) {
		const struct r_list *l = &r->lists[k];
		const char *name = l->name ? l->name : l->force ? l->force->name : "";
		size_t rank = l->force ? (size_t)(l->force - r->sys->forces) : SIZE_MAX;
		GROW(ks, cap, *n + 1);
		/* the roster's forces by name, a force's by their forceEntries */
		ks[(*n)++] = (struct key){ parent == SIZE_MAX ? 0 : rank, "",
		                           parent == SIZE_MAX ? name : "", k };
	}
	return sorted(ks, *n);
}

/* The place of category ci + 1 (0: none) among those force f links: 0 for none, 1 for its
 * first, after them all for one it does not link. */
static size_t cat_rank(const struct force_def *f, uint32_t ci)
{
	if (ci == 0)
		return 0;
	size_t i = 0;
	while (f && i < f->n_cats && f->cats[i] != ci - 1)
		i++;
	return i + 1;
}

size_t *ros_order_units(const struct eval *ev, size_t li)
{
	const struct r_list *l = ev->lists[li].list;
	const struct eunit *eus = ev->lists[li].units;
	struct key *ks = xcalloc(l->n_units + 1, sizeof(*ks));
	for (size_t k = 0; k < l->n_units; k++) {
		ks[k] = (struct key){ cat_rank(l->force, eval_unit_primary(ev, &eus[k])), "",
		                     eval_unit_name(ev, &eus[k]), k };
	}
	return sorted(ks, l->n_units);
}

size_t *ros_order_options(const struct r_unit *u, uint32_t up, size_t *n)
{
	struct key *ks = NULL;
	size_t cap = 0;
	*n = 0;
	for (size_t k = r_option_child(u, up, up); k < u->n_opts; k = r_option_child(u, up, k + 1)) {
		const struct r_option *ro = &u->opts[k];
		if (ro->train)
			continue;
		const struct entry_option *o = ro->opt;
		const char *g = o->in_choice ? u->entry->choices[o->in_choice - 1].name : "";
		GROW(ks, cap, *n + 1);
		ks[(*n)++] = (struct key){ o->in_choice ? 1 : 0, g ? g : "", o->name, k };
	}
	return sorted(ks, *n);
}
