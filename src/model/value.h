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
