/* read-rules-int.h - what the files of the rule reader share, and nothing outside it includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The reader (read-rules.h) is split by job: read-rules.c holds the small attribute readers
 * and the check of unknown attributes that every part uses, and reads rules and modifiers;
 * read-rules-sel.c reads selectors and conditions (and named conditions);
 * read-rules-expr.c reads aggregates, expressions and bounds. Every reader here returns NULL
 * or -1 with a fatal diagnostic in p->d.
 */
#ifndef MUSTER_READ_RULES_INT_H
#define MUSTER_READ_RULES_INT_H

#include "muster.h"
#include "lang-table.h"
#include "read-rules.h"
#include "xml.h"

#include <stdint.h>

/* How an element is read: which items a selector applies to, whether "this" exists, and in
 * which scope a condition's <has> looks. */
struct rp {
	struct system *sys;
	const char *file;
	struct diags *d;
	enum attr_on item;        /* units, items, options, or ON_LIST for conditions */
	bool has_this;
	enum attr_on this_item;
	enum scope_kind cond_scope;
	bool roster_rule;         /* a roster-wide rule: nothing may read "the" list */
	int cond_depth;           /* named conditions being parsed around this one */
};

#define FAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		goto fail; \
	} while (0)

/* The schema leaves selectors, conditions and expressions to this reader (rules.xsd says why):
 * so the reader refuses an attribute that the element's row of its table (lang-table.h) does
 * not name, which would otherwise be ignored and change a rule's meaning without a word
 * (<clamp mx="1">). Each element knows a few names, so the check is linear in the attributes
 * of the file. */


/* read-rules.c: the element's name; v's index in names (n of them), def when v is NULL, -2
 * when v is none of them; a fatal diagnostic at n. */
const char *rr_ename(xmlNodePtr n);
int rr_lookup_enum(const char *v, const char *const *names, size_t n, int def);
void rr_fatal(const struct rp *p, xmlNodePtr n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Attribute readers: round=, a whole number attr= (need: required), a field named by attr=. */
int rr_read_rounding(xmlNodePtr n, const struct rp *p, enum rounding *out);
int rr_read_num(xmlNodePtr n, const struct rp *p, const char *attr, int64_t *out, bool need);
const struct field_def *rr_read_field(xmlNodePtr n, const struct rp *p, const char *attr);
/* Refuses an attribute of n that its row of table t (nt entries) does not name. */
int rr_check_attrs(xmlNodePtr n, const struct rp *p, const struct lang_elem *t, size_t nt);

/* read-rules-sel.c: a new selector; the element children of parent as one selector of
 * that kind; a <when> condition in scope (list or roster). */
struct sel *rr_sel_new(enum sel_kind k, enum attr_on item);
struct sel *rr_read_group(xmlNodePtr parent, enum sel_kind kind, const struct rp *p);
/* s, or its one test when s is all of one test: what a rule keeps, once it is read, of a
 * selector the engine matches against every unit. */
struct sel *rr_sel_unwrap(struct sel *s);
/* Settles, once s and its parts are read, whether its verdict on a unit depends on the unit's
 * entry alone (lang.h, sel.memo): its kind reads nothing else of a unit (the tests of an
 * option or an item are false for a unit) and each of its parts is settled so. Such a
 * selector gets a memo slot of the system's. Returns s. */
struct sel *rr_sel_plan(const struct rp *p, struct sel *s);
struct sel *rr_read_when(xmlNodePtr n, const struct rp *p, enum scope_kind scope);

/* read-rules-expr.c: an aggregate (in_expr: inside an expression); a new expression node;
 * true (and reported) when a roster-wide rule would read one list; an expression; a bound
 * (<at-most>, <at-least>). */
struct agg *rr_read_agg(xmlNodePtr n, struct rp *p, bool in_expr);
struct expr *rr_expr_new(enum expr_kind k, xmlNodePtr n);
bool rr_refuse_list(xmlNodePtr n, const struct rp *p, const char *what);
struct expr *rr_read_expr(xmlNodePtr n, struct rp *p);
struct expr *rr_read_bound(xmlNodePtr n, struct rp *p);

#endif
