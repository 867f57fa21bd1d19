/* import-check.c - what a pasted list stated of its points, checked against the catalog
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "import.h"
#include "import-int.h"
#include "eval.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct claim {
	long line;              /* in the text */
	size_t list, unit;      /* in the roster made */
	long points;
	long each;              /* the price of a model it was stated from, or -1 */
	bool bare;
	bool total;             /* the list's total ("Total: 372"), not a unit's points */
};

struct import_claims {
	char *file;
	struct claim *v;
	size_t n, cap;
};

void import_claims_free(struct import_claims *c)
{
	if (c == NULL)
		return;
	free(c->file);
	free(c->v);
	free(c);
}

struct import_claims *import_claims_of(const struct st *t)
{
	struct import_claims *c = xcalloc(1, sizeof(*c));
	c->file = xstrdup(t->file);
	for (size_t li = 0; li < t->n_lists; li++)
		for (size_t ui = 0; ui < t->lists[li].n_units; ui++) {
			const struct iunit *u = &t->lists[li].units[ui];
			if (u->stated < 0)
				continue;
			GROW(c->v, c->cap, c->n + 1);
			long each = u->each ? u->stated : -1;
			long points = u->each ? u->stated * u->models : u->stated;
			c->v[c->n++] = (struct claim){ u->line, li, ui, points, each, u->bare, false };
		}
	for (size_t li = 0; li < t->n_lists; li++)
		if (t->lists[li].total_line) {
			GROW(c->v, c->cap, c->n + 1);
			c->v[c->n++] = (struct claim){ t->lists[li].total_line, li, 0, t->lists[li].total, -1, false, true };
		}
	return c;
}

size_t import_check(const struct import_claims *c, const struct eval *ev, struct diags *d)
{
	const struct system *sys = ev->sys;
	size_t added = 0;
	if (c == NULL || sys->n_costs == 0)
		return 0;
	const struct cost_def *cd = &sys->costs[0];
	const char *abbr = cd->abbr ? cd->abbr : cd->name;
	for (size_t i = 0; i < c->n; i++) {
		const struct claim *cl = &c->v[i];
		if (cl->total && cl->list < ev->n_lists) {
			int64_t sum = ev->lists[cl->list].totals[0];
			if ((int64_t)cl->points != sum) {
				diags_add(d, SEV_WARNING, c->file, cl->line, 0, NULL, NULL,
				          _("the list's total is stated as %ld %s; the catalog makes it %" PRId64 " %s"),
				          cl->points, abbr, sum, abbr);
				added++;
			}
			continue;
		}
		if (cl->list >= ev->n_lists || cl->unit >= ev->lists[cl->list].n)
			continue;
		const struct eunit *u = &ev->lists[cl->list].units[cl->unit];
		const struct r_unit *ru = u->ru;
		int64_t made = u->costs[0];
		if ((int64_t)cl->points == made)
			continue;
		const char *label = r_unit_label(ru);
		char *title = label ? xasprintf("%s (%s)", label, ru->entry->name)
		                    : xstrdup(ru->entry->name);
		if (cl->bare)
			diags_add(d, SEV_ERROR, c->file, cl->line, 0, NULL, NULL,
			          _("'(%ld)' may be the models or the points of '%s' (the catalog makes "
			            "one model %" PRId64 " %s): write '%ldx' before the name for models, or "
			            "'[%ld %s]' for points"),
			          cl->points, title, made, abbr, cl->points, cl->points, abbr);
		else if (cl->each >= 0)
			diags_add(d, SEV_WARNING, c->file, cl->line, 0, NULL, NULL,
			          _("'%s' is stated as %ld %s a model, %ld %s in all; the catalog makes "
			            "it %" PRId64 " %s"),
			          title, cl->each, abbr, cl->points, abbr, made, abbr);
		else
			diags_add(d, SEV_WARNING, c->file, cl->line, 0, NULL, NULL,
			          _("'%s' is stated as %ld %s; the catalog makes it %" PRId64 " %s"),
			          title, cl->points, abbr, made, abbr);
		free(title);
		added++;
	}
	return added;
}
