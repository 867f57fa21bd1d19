/* value.c - values of attributes: parsing, comparing, printing
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Shared by the readers (cards, selector constants) and the engine (comparisons, messages):
 * it depends on the model only.
 */
#include "muster.h"
#include "value.h"
#include "idx.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void value_release(struct value *v)
{
	free(v->s);
	v->s = NULL;
	v->set = false;
}

const struct value *item_value(const struct item_vals *iv, const struct attr_def *a)
{
	static const struct value unset;
	size_t lo = 0, hi = iv ? iv->n : 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (iv->v[mid].attr < a->index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < (iv ? iv->n : 0) && iv->v[lo].attr == a->index ? &iv->v[lo].v : &unset;
}

/* Sorts v[0..n) by attribute, keeping the order of values of one attribute: a merge sort. */
static void sort_by_attr(struct item_value *v, size_t n)
{
	struct item_value *t = xcalloc(n + 1, sizeof(*t));
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = n - lo > w ? lo + w : n, hi = n - lo > 2 * w ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				t[k++] = v[j].attr < v[i].attr ? v[j++] : v[i++];
			while (i < mid)
				t[k++] = v[i++];
			while (j < hi)
				t[k++] = v[j++];
		}
		memcpy(v, t, n * sizeof(*v));
	}
	free(t);
}

struct item_vals *item_vals_new(struct arena *a, size_t n)
{
	if (n == 0)
		return NULL;
	struct item_vals *iv = arena_alloc(a, 1, sizeof(*iv) + n * sizeof(iv->v[0]));
	iv->n = n;
	return iv;
}

void item_vals_done(struct item_vals *iv, bool release)
{
	size_t n = iv ? iv->n : 0, k = 0;
	bool ascending = true;
	for (size_t i = 1; i < n && ascending; i++)
		ascending = iv->v[i - 1].attr < iv->v[i].attr;
	if (ascending)
		return; /* as a profile lists its type's characteristics */
	sort_by_attr(iv->v, n);
	for (size_t i = 0; i < n; i++) {
		if (k && iv->v[k - 1].attr == iv->v[i].attr) {
			if (release)
				value_release(&iv->v[k - 1].v);
			iv->v[k - 1] = iv->v[i];
		} else {
			iv->v[k++] = iv->v[i];
		}
	}
	iv->n = k;
}

void item_vals_release(struct item_vals *iv)
{
	for (size_t i = 0; iv && i < iv->n; i++)
		value_release(&iv->v[i].v);
}

int value_parse(const struct attr_def *a, const char *text, struct value *out, char **err)
{
	memset(out, 0, sizeof(*out));
	*err = NULL;
	switch (a->type) {
	case ATTR_INT:
		if (parse_long(text, a->min, a->max, &out->i) != 0) {
			*err = xasprintf(_("'%s' is not a whole number from %ld to %ld for attribute '%s'"),
			                 text, a->min, a->max, a->id);
			return -1;
		}
		break;
	case ATTR_BOOL:
		if (strcmp(text, "true") == 0 || strcmp(text, "yes") == 0 || strcmp(text, "1") == 0)
			out->i = 1;
		else if (strcmp(text, "false") == 0 || strcmp(text, "no") == 0 || strcmp(text, "0") == 0)
			out->i = 0;
		else {
			*err = xasprintf(_("'%s' is not true or false for attribute '%s'"), text, a->id);
			return -1;
		}
		break;
	case ATTR_LADDER: {
		size_t i;
		for (i = 0; i < a->ladder->n; i++)
			if (strcmp(a->ladder->steps[i], text) == 0)
				break;
		if (i == a->ladder->n) {
			struct strbuf sb = STRBUF_INIT;
			for (size_t j = 0; j < a->ladder->n; j++)
				strbuf_addf(&sb, "%s%s", j ? " " : "", a->ladder->steps[j]);
			*err = xasprintf(_("'%s' is not a step of ladder '%s' (%s) for attribute '%s'"),
			                 text, a->ladder->id, sb.s ? sb.s : "", a->id);
			strbuf_release(&sb);
			return -1;
		}
		out->i = (long)i;
		break;
	}
	case ATTR_TEXT:
	case ATTR_LEVEL:
	case ATTR_CHOICE:
		break;
	}
	out->s = xstrdup(text);
	out->set = true;
	return 0;
}

int value_cmp(const struct attr_def *a, const struct value *x, const struct value *y)
{
	if (a->type == ATTR_TEXT || a->type == ATTR_LEVEL)
		return strcmp(x->s ? x->s : "", y->s ? y->s : "");
	return (x->i > y->i) - (x->i < y->i);
}

const struct value_label *attr_label(const struct attr_def *a, long v)
{
	for (size_t i = 0; i < a->n_labels; i++)
		if (a->labels[i].v == v)
			return &a->labels[i];
	return NULL;
}

void value_display_to(struct strbuf *sb, const struct system *sys, const struct attr_def *a,
                      const struct value *v)
{
	if (v == NULL || !v->set) {
		strbuf_adds(sb, "-");
		return;
	}
	switch (a->type) {
	case ATTR_INT:
		strbuf_addf(sb, "%ld%s", v->i, a->suffix ? a->suffix : "");
		return;
	case ATTR_BOOL:
		strbuf_adds(sb, v->i ? _("yes") : _("no"));
		return;
	case ATTR_LEVEL: {
		const struct group *g = idx_get(sys->group_idx, v->s);
		strbuf_adds(sb, g ? g->name : v->s);
		return;
	}
	case ATTR_LADDER:
	case ATTR_TEXT:
		strbuf_addf(sb, "%s%s", v->s ? v->s : "-", a->suffix ? a->suffix : "");
		return;
	case ATTR_CHOICE:
		break;
	}
	strbuf_adds(sb, v->s ? v->s : "-");
}

char *value_display(const struct system *sys, const struct attr_def *a, const struct value *v)
{
	struct strbuf sb = STRBUF_INIT;
	value_display_to(&sb, sys, a, v);
	return strbuf_detach(&sb);
}

int dice_range(const char *dice, long *lo, long *hi)
{
	long n = 1, faces, plus = 0;
	const char *s = dice;
	if (s == NULL)
		return -1;
	if (isdigit((unsigned char)*s)) {
		char *end;
		n = strtol(s, &end, 10);
		s = end;
	}
	if (*s != 'd' || !isdigit((unsigned char)s[1]))
		return -1;
	char *end;
	faces = strtol(s + 1, &end, 10);
	s = end;
	if (*s == '+' && isdigit((unsigned char)s[1])) {
		plus = strtol(s + 1, &end, 10);
		s = end;
	}
	if (*s != '\0' || n < 1 || n > 100 || faces < 1 || faces > 1000 || plus > 1000)
		return -1;
	*lo = n + plus;
	*hi = n * faces + plus;
	return 0;
}

struct item_vals *item_vals_full(const struct item_vals *iv, size_t n)
{
	struct item_vals *copy = xcalloc(1, sizeof(*copy) + (n + 1) * sizeof(copy->v[0]));
	copy->n = n;
	for (size_t i = 0; i < n; i++)
		copy->v[i].attr = i;
	for (size_t i = 0; iv && i < iv->n; i++) {
		struct value *v = &copy->v[iv->v[i].attr].v;
		*v = iv->v[i].v;
		v->s = v->s ? xstrdup(v->s) : NULL;
	}
	return copy;
}
