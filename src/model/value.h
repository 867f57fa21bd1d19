/* value.h - values of attributes: parsing, comparing, printing
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_VALUE_H
#define MUSTER_VALUE_H

#include "model.h"

struct strbuf;

/* Parses a comparison value for attribute a ("2d3" on a ladder, "3" on an int). Returns 0, or
 * -1 with *err set (caller frees). */
int value_parse(const struct attr_def *a, const char *text, struct value *out, char **err);
void value_release(struct value *v);
int value_cmp(const struct attr_def *a, const struct value *x, const struct value *y);

/* Item attribute a's value among an item's values iv (NULL: it sets none): never NULL, an
 * unset value when iv has none of a. A binary search: an item's values are ascending. */
const struct value *item_value(const struct item_vals *iv, const struct attr_def *a);
/* Room in arena a for an item's n values, NULL when n is 0: its reader fills v[0..n) in the
 * order it finds them (and sets n to those filled when it stops short), then item_vals_done
 * orders them. */
struct item_vals *item_vals_new(struct arena *a, size_t n);
/* Orders iv's values by attribute; of an attribute given twice the later stays, the earlier
 * released when release is set (its string malloc'd). */
void item_vals_done(struct item_vals *iv, bool release);
/* Releases the strings of an item's values (malloc'd); iv itself is its arena's. */
void item_vals_release(struct item_vals *iv);
/* A malloc'd copy of iv (NULL: none set) with a value for each of the n item attributes, the
 * a-th at a, its strings copied: the values of an item a modifier changes (its strings freed
 * by item_vals_release, then the copy by free). */
struct item_vals *item_vals_full(const struct item_vals *iv, size_t n);

/* The text of a value for messages and cards ("2d3", "Blue Guard", "7"); caller frees. */
char *value_display(const struct system *sys, const struct attr_def *a, const struct value *v);
/* value_display's text, added to sb. */
void value_display_to(struct strbuf *sb, const struct system *sys, const struct attr_def *a,
                      const struct value *v);
/* The label of an int value ("Veteran" for rank 3), or NULL. */
const struct value_label *attr_label(const struct attr_def *a, long v);

/* The largest value a roll of dice ("d12", "2d6", "d6+1") can give, and the smallest; -1 when
 * dice is not of that form. */
int dice_range(const char *dice, long *lo, long *hi);

#endif
