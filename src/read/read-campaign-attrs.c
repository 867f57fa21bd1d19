/* read-campaign-attrs.c - the attribute readers of a <campaign>'s sections: counts, currencies,
 * attributes, fractions, dice and unit selectors
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Below read-campaign.c and read-campaign-train.c, which both call it: it calls neither.
 */
#include "muster.h"
#include "campaign-model.h"
#include "ledger.h"
#include "read-campaign-int.h"
#include "idx.h"
#include "lang.h"
#include "read-rules.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

size_t cr_count_named(xmlNodePtr n, const char *name)
{
	size_t k = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		k += xml_is(c, name);
	return k;
}

/* A currency attribute: its index, or -1 when absent and optional. */
int cr_read_currency(struct cr *p, xmlNodePtr n, const char *name, bool required, long *out)
{
	char *id = xml_prop(n, name);
	*out = -1;
	if (id == NULL) {
		if (required)
			CRFAIL(n, _("<%s> needs %s=\"CURRENCY\""), (const char *)n->name, name);
		return 0;
	}
	const struct camp_currency *cc = idx_get(p->c->currency_idx, id);
	if (cc == NULL) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> names an unknown currency '%s'"), (const char *)n->name, id);
		free(id);
		return -1;
	}
	free(id);
	*out = (long)(cc - p->c->currencies);
	return 0;
}

int cr_read_attr(struct cr *p, xmlNodePtr n, const char *name, bool required,
                 const struct attr_def **out)
{
	char *id = xml_prop(n, name);
	*out = NULL;
	if (id == NULL) {
		if (required)
			CRFAIL(n, _("<%s> needs %s=\"ATTRIBUTE\""), (const char *)n->name, name);
		return 0;
	}
	const struct attr_def *a = idx_get(p->sys->attr_idx, id);
	if (a == NULL || a->on != ON_UNIT || a->type != ATTR_INT) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s %s=...> names '%s', which is no whole-number unit attribute"),
		          (const char *)n->name, name, id);
		free(id);
		return -1;
	}
	free(id);
	*out = a;
	return 0;
}

/* "2/3" or "1": a fraction with a positive denominator. */
int cr_read_fraction(struct cr *p, xmlNodePtr n, const char *name, long *num, long *den)
{
	char *v = xml_prop(n, name);
	*num = *den = 1;
	if (v == NULL)
		return 0;
	char *slash = strchr(v, '/');
	if (slash)
		*slash = '\0';
	int bad = parse_long(v, 0, 1000000, num) != 0 ||
	          (slash && (parse_long(slash + 1, 1, 1000000, den) != 0));
	if (slash)
		*slash = '/';
	if (bad) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s=\"%s\" is no fraction such as 2/3"), name, v);
		free(v);
		return -1;
	}
	free(v);
	return 0;
}

/* dice="2d6" into lo and hi. */
int cr_read_dice(struct cr *p, xmlNodePtr n, bool required, char **dice, long *lo, long *hi)
{
	*dice = xml_prop(n, "dice");
	*lo = *hi = 0;
	if (*dice == NULL && !required)
		return 0;
	if (*dice == NULL || dice_range(*dice, lo, hi) != 0)
		CRFAIL(n, _("<%s> needs dice=\"d6\" (or 2d6, d6+1), not '%s'"), (const char *)n->name,
		       *dice ? *dice : "");
	return 0;
}

struct sel *cr_read_units(struct cr *p, xmlNodePtr n, bool *bad)
{
	xmlNodePtr u = xml_child(n, "units");
	*bad = false;
	if (u == NULL)
		return NULL;
	struct sel_parse sp = { p->sys, p->sys->file, p->d, ON_UNIT, false, ON_UNIT };
	struct sel *s = sel_parse_children(u, &sp);
	*bad = s == NULL;
	return s;
}
