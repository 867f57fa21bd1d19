/* read-rules-util.c - what every part of the rule language's reader shares: its messages, the
 * attributes each element may have, and numbers, roundings and fields read from attributes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Below read-rules.c, read-rules-sel.c and read-rules-expr.c, which all call it: it calls
 * none of them.
 */
#include "muster.h"
#include "read-rules.h"
#include "read-rules-int.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *rr_ename(xmlNodePtr n)
{
	return (const char *)n->name;
}

int rr_lookup_enum(const char *v, const char *const *names, size_t n, int def)
{
	if (v == NULL)
		return def;
	for (size_t i = 0; i < n; i++)
		if (strcmp(v, names[i]) == 0)
			return (int)i;
	return -2;
}

void rr_fatal(const struct rp *p, xmlNodePtr n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL, "%s", msg);
	free(msg);
}

int rr_read_rounding(xmlNodePtr n, const struct rp *p, enum rounding *out)
{
	static const char *const names[] = { "up", "down" };
	char *v = xml_prop(n, "round");
	int k = rr_lookup_enum(v, names, 2, -1);
	if (k == -2)
		rr_fatal(p, n, _("round must be up or down, not '%s'"), v);
	free(v);
	if (k == -2)
		return -1;
	*out = k == -1 ? p->sys->rounding : (enum rounding)k;
	return 0;
}

int rr_read_num(xmlNodePtr n, const struct rp *p, const char *attr, int64_t *out, bool need)
{
	char *v = xml_prop(n, attr);
	long x = 0;
	int rc = 0;
	if (v == NULL) {
		if (need) {
			rr_fatal(p, n, _("<%s> needs %s=\"N\""), rr_ename(n), attr);
			rc = -1;
		}
	} else if (parse_long(v, -1000000000000L, 1000000000000L, &x) != 0) {
		rr_fatal(p, n, _("%s must be a whole number, not '%s'"), attr, v);
		rc = -1;
	} else {
		*out = x;
	}
	free(v);
	return rc;
}

const struct field_def *rr_read_field(xmlNodePtr n, const struct rp *p, const char *attr)
{
	char *name = xml_prop(n, attr);
	const struct field_def *f = idx_get(p->sys->field_idx, name ? name : "");
	if (f == NULL)
		rr_fatal(p, n, _("<%s> names an unknown field '%s'"), rr_ename(n), name ? name : "");
	free(name);
	return f;
}

/* Refuses an attribute of n (in no namespace) that the table does not name for its element;
 * an element the table does not hold is left to the caller, which refuses it. */
int rr_check_attrs(xmlNodePtr n, const struct rp *p, const struct lang_elem *t, size_t nt)
{
	const struct lang_elem *row = lang_find(t, nt, rr_ename(n));
	if (row == NULL)
		return 0;
	const char *known = row->attrs;
	for (xmlAttrPtr a = n->properties; a; a = a->next) {
		if (a->ns != NULL)
			continue;
		const char *name = (const char *)a->name;
		size_t len = strlen(name), best = SIZE_MAX;
		char guess[64] = "";
		bool found = false;
		for (const char *k = known; *k && !found;) {
			size_t kl = strcspn(k, " ");
			char word[64];
			snprintf(word, sizeof(word), "%.*s", (int)kl, k);
			found = kl == len && memcmp(k, name, len) == 0;
			size_t dist = edit_distance(name, word, 2);
			if (dist < best) {
				best = dist;
				memcpy(guess, word, sizeof(guess));
			}
			k += kl + (k[kl] == ' ');
		}
		if (found)
			continue;
		/* A near miss: at most two edits, and fewer than the typo has letters. */
		if (best <= 2 && best < len && guess[0])
			rr_fatal(p, n, _("'%s' is not an attribute of <%s>; did you mean '%s'?"), name,
			         rr_ename(n), guess);
		else
			rr_fatal(p, n, _("'%s' is not an attribute of <%s>"), name, rr_ename(n));
		return -1;
	}
	return 0;
}
