/* lang-table.h - the rule language's elements, one table per construct
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each element of the rule language is written down once, here: its name, the kind the
 * reader makes of it (lang.h), where it may stand, the attributes it takes and what it is in
 * words. The reader (read/read-rules-*.c) dispatches on it and names what may stand where
 * from it, the describer (lang.c) takes its words from it, and the reference of
 * doc/data-guide.md is printed from it (lang_reference; tests/lang-ref.sh compares).
 */
#ifndef MUSTER_LANG_TABLE_H
#define MUSTER_LANG_TABLE_H

#include "lang.h"
#include "util.h"

/* Where an element may stand: a bit each. */
enum lang_where {
	LW_EXPR = 1u << 0,        /* an expression */
	LW_UNIT = 1u << 1,        /* a selector of units */
	LW_ITEM = 1u << 2,        /* a selector of items */
	LW_OPTION = 1u << 3,      /* a selector of options */
	LW_COND = 1u << 4,        /* a condition, in <when> */
};

struct lang_elem {
	const char *name;         /* the element */
	int kind;                 /* enum expr_kind (expressions) or enum sel_kind (selectors) */
	unsigned where;           /* enum lang_where bits */
	const char *attrs;        /* the attributes it takes, space-separated */
	const char *text;         /* what it is, in words, for the reference (English) */
};

/* Expressions, and selectors and conditions. */
extern const struct lang_elem lang_exprs[];
extern const size_t lang_n_exprs;
extern const struct lang_elem lang_sels[];
extern const size_t lang_n_sels;

/* The scopes of an aggregate, in=: the word, the scope, the describer's phrase (N_); in the
 * order of enum scope_kind, so that lang_scopes[k] is scope k's. */
struct lang_scope {
	const char *name;
	enum scope_kind kind;
	const char *phrase;
};
extern const struct lang_scope lang_scopes[];
extern const size_t lang_n_scopes;

/* The element of t (n of them) named name, or NULL. */
const struct lang_elem *lang_find(const struct lang_elem *t, size_t n, const char *name);
/* The element of t nearest to name (at most two edits, fewer than name has letters), or
 * NULL. */
const struct lang_elem *lang_near(const struct lang_elem *t, size_t n, const char *name);
/* The names of the elements of t that may stand in where, in table order, joined by ", ",
 * each as <name> when brackets. Caller frees. */
char *lang_names(const struct lang_elem *t, size_t n, unsigned where, bool brackets);
/* The scope named name (NULL: none), or NULL. */
const struct lang_scope *lang_scope_named(const char *name);
/* The scopes' names, joined by ", ". Caller frees. */
char *lang_scope_names(void);
/* The bound a rule checks, in words ("units in the list: at most 3"), from its data and
 * the scopes' phrases; for listings. Caller frees. */
char *rule_describe_bound(const struct system *sys, const struct rule *r);
/* The reference of the language in Markdown, as doc/data-guide.md holds it. */
void lang_reference(struct strbuf *sb);

#endif
