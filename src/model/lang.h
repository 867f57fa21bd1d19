/* lang.h - the rule language as plain structs: expressions, aggregates, rules, modifiers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The reader (read-rules.c) builds these from rules-xml and catalogs; the engine (expr.c,
 * eval.c, check.c) evaluates them. Nothing here names a libxml2 type: the engine never sees a
 * node. doc/data-guide.md is the user's side of the same language.
 */
#ifndef MUSTER_LANG_H
#define MUSTER_LANG_H

#include "model.h"
#include "diag.h"

struct rx;
struct expr;
struct agg;

enum cmp_op { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_IN, CMP_NOT_IN };

enum sel_kind {
	SEL_ALL, SEL_ANY, SEL_NOT,
	SEL_ENTRY, SEL_CATEGORY, SEL_KEYWORD, SEL_ATTR, SEL_NAME, SEL_SAME_AS_THIS, SEL_NOT_THIS,
	SEL_HAS_ITEM, SEL_MODELS, SEL_ATTACHED, SEL_FIELD, SEL_ATTR_THIS, SEL_ATTACHED_TO,
	SEL_ATTACHED_TO_THIS, SEL_HAS_OPTION, SEL_GROUP, SEL_KIND, SEL_PAID, SEL_OFFERS_OPTION, SEL_COND_REF,
	SEL_UNIT_ENTRY,      /* the unit's entry, whatever is checked (a rule on an entry's option) */
	SEL_ORIGIN,          /* an option that is a place of what origin names (a BattleScribe
	                      * selectionEntry, or a link to one): made by the reader, never read */
	SEL_INSTANCE,        /* a unit or option that is an instance of id (BattleScribe's
	                      * instanceOf): id is one of the ids of its "::" path, or the name
	                      * of the unit's type (unit, model, upgrade): made by the reader */
	/* Conditions only (<when>): they read the list, never one unit. */
	SEL_TEST, SEL_HAS,
	SEL_FORCE,           /* <force faction= size= child=/>: the list's own faction, size, place;
	                      * id, when set: the kind of force it is (a BattleScribe forceEntry) */
	SEL_PARENT,          /* <parent>C</parent>: the force the list stands in, where C holds */
	SEL_FORCE_ENTRY,     /* a list that is a force of BattleScribe forceEntry id: made by the
	                      * reader */
	SEL_UP_INSTANCE,     /* the option decided on (num 0), its parent (1) or one of the
	                      * selections above it (2) is an instance of id (as SEL_INSTANCE), or
	                      * of category index when id is NULL; (3) the nearest selection that
	                      * BattleScribe's scope of an entry id (or root-entry, unit, model,
	                      * upgrade, model-or-unit) in anchor names, the one decided on itself
	                      * included, up to the unit, is, or of its type's name: made by the
	                      * reader */
};

/* A selector, or a condition: a tree of tests. */
struct sel {
	enum sel_kind kind;
	struct sel **kids;
	size_t n_kids;
	char *id;                 /* entry or option id */
	char *anchor;             /* SEL_UP_INSTANCE (num 3): the scope it is decided in */
	size_t index;             /* category, keyword, attribute or field index */
	const struct attr_def *attr;
	const struct attr_def *this_attr; /* <attr name="X" le-this="Y"/>: Y of the checked unit */
	const struct group *group;
	const struct size_def *size; /* <force size=...> */
	const struct item_kind *ikind;
	enum cmp_op op;
	struct value *vals;       /* one, or several for in / not-in */
	size_t n_vals;
	long num;                 /* models, field; <force child=...>: 0 either, 1 no, 2 yes */
	struct rx *rx;
	struct expr *expr;        /* test */
	bool expr_borrowed;       /* expr is owned elsewhere (a rule's bound), not freed here */
	struct agg *agg;          /* has */
	const struct sel *ref;    /* <condition ref=...>: the named condition, owned by the system */
	enum attr_on item;
	const void *origin;       /* SEL_ORIGIN: what a matching option's def or via is */
	/* Settled when it is read (read-rules-sel.c): 1 + its slot in an evaluation's per-entry
	 * memo when its verdict on a unit depends on the unit's entry alone, so long as the unit
	 * keeps the entry's keywords, values and categories where deps says it reads them; 0:
	 * decided for each unit (select.c). */
	uint32_t memo;
	unsigned char deps;       /* SEL_DEP_*: what of a unit beyond its entry a memo reads */
	bool shared;              /* SEL_ENTRY: also what a link to entry id made ("L::id"), as
	                           * BattleScribe's shared="true" counts */
};
#define SEL_DEP_KW 1u         /* the unit's keywords */
#define SEL_DEP_VALS 2u       /* its attribute values */
#define SEL_DEP_CATS 4u       /* its categories */

/* A named condition (<conditions> of a rules file): parsed once for the <when> of a list
 * (variant 0) and once for that of a roster-wide rule (variant 1), where it may not read
 * one list; why[v] says why it cannot stand in variant v (sel[v] NULL then). */
struct named_cond {
	char *id;
	long line;
	struct sel *sel[2];
	char *why[2];
	long why_line[2];
	const void *node;         /* its element while its file is read (an xmlNodePtr), else NULL */
	bool busy;                /* being parsed: a use of it inside itself is a cycle */
};

enum agg_kind { AGG_UNITS, AGG_MODELS, AGG_ITEMS, AGG_LISTS, AGG_OPTIONS, AGG_COST, AGG_ATTR,
                AGG_DISTINCT, AGG_HIGHEST, AGG_LOWEST,
                AGG_FORCES };  /* the forces of the scope where its condition holds */
/* SCOPE_SELF, SCOPE_PARENT and SCOPE_ANCESTOR, for a rule checked per option: the option and
 * what it holds, what its parent holds (its siblings and theirs), or what the nearest
 * selection of a given entry or option, or of a given category, above it holds (BattleScribe's
 * scope by entry id; an ancestor of a kind).
 * SCOPE_FORCE: the list and the forces within it at every depth (BattleScribe's
 * includeChildForces); SCOPE_CHILDREN: only the forces within it. */
enum scope_kind { SCOPE_UNIT, SCOPE_LIST, SCOPE_ROSTER, SCOPE_SELF, SCOPE_PARENT, SCOPE_ANCESTOR,
                  SCOPE_FORCE, SCOPE_CHILDREN,
                  SCOPE_CATALOGUE /* every list of the roster of the checked list's faction */ };
enum group_kind { GROUP_NONE, GROUP_ENTRY, GROUP_ATTR };
enum basis_kind { BASIS_LIMIT, BASIS_SPENT };

/* One test of an aggregate's selector that reads the item being checked ("this"). The reader
 * lifts these out of the top of the selector, so that the aggregate is computed once per list
 * and looked up by key for each item checked, never re-collected per item. */
struct this_key {
	const struct attr_def *item_attr; /* the counted item's attribute ... */
	const struct attr_def *this_attr; /* ... equals this one of the checked item */
};

/* count, sum, distinct: over items of a scope that match a selector, optionally per group. */
struct agg {
	enum agg_kind kind;
	enum scope_kind scope;
	enum attr_on item;            /* what is counted: units, items or options */
	struct sel *where;            /* the selector, with the this-tests below lifted out */
	size_t cost;                  /* AGG_COST */
	const struct attr_def *attr;  /* AGG_ATTR, AGG_DISTINCT, AGG_HIGHEST, AGG_LOWEST */
	enum group_kind group;
	const struct attr_def *group_attr;
	char *ancestor;               /* SCOPE_ANCESTOR: the entry or option id it counts under, */
	long ancestor_cat;            /* ... or the category (index) of the selection, or -1 */
	/* SCOPE_ANCESTOR by BattleScribe's scope of an entry id: the nearest selection whose id
	 * path holds ancestor, the one decided on itself included (the unit too, when a unit's
	 * modifier is decided; ancestor NULL: the one decided on, a unit's scope self), and of
	 * what it holds only its direct children unless deep (its includeChildSelections). */
	bool by_id;
	bool deep;
	/* SCOPE_SELF and SCOPE_PARENT of a BattleScribe constraint without includeChildSelections:
	 * the option itself, or its parent's direct children, not what they hold below. */
	bool direct;
	/* Reading "this": keys to match on, "not this one", "the units attached to this one". */
	struct this_key *keys;
	size_t n_keys;
	bool not_this;
	bool attached_to_this;
	/* AGG_UNITS: a unit counts as its models when no model option of its own counts them,
	 * as BattleScribe counts a selection of number 2 as two (a root entry's maximum) */
	bool by_number;
	size_t slot;                  /* cache slot of this aggregate in an evaluation */
	long line;
	/* ON_UNIT: the units' options that where matches counted too, each by its count
	 * (BattleScribe's includeChildSelections); the units of top forces alone, not of the
	 * forces within them (its includeChildForces false at the roster's scope). */
	bool options_too;
	bool top_forces;
};

enum expr_kind {
	EX_NUM, EX_FIELD, EX_LIMIT, EX_THIS, EX_AGG, EX_PER, EX_PERCENT, EX_ADD, EX_SUB, EX_MUL,
	EX_DIV, EX_MIN, EX_MAX, EX_CLAMP, EX_IF,
};

struct expr {
	enum expr_kind kind;
	int64_t num;                  /* num; per: each; percent: the percentage */
	int64_t every;                /* per */
	int64_t lo, hi;               /* clamp */
	bool has_lo, has_hi;
	size_t index;                 /* field or cost */
	enum basis_kind basis;        /* per and percent without an operand */
	enum rounding round;
	const struct attr_def *attr;  /* this */
	struct agg *agg;
	struct sel *when;             /* if */
	struct expr **kids;
	size_t n_kids;
	long line;
};

/* What an evaluation gives: a value, "does not apply" (no limit in that cost type, a division
 * by zero), or an overflow of 64 bits. */
enum ev_status { EV_OK = 0, EV_NA, EV_OVERFLOW };

/* Keywords and after take no number (read-rules.c: target >= MOD_KEYWORD). */
enum mod_target { MOD_ATTR, MOD_COST, MOD_LIMIT, MOD_KEYWORD, MOD_CATEGORY,
                  MOD_NAME,    /* the unit's name: set to text, or text appended (add) */
                  MOD_HIDDEN,  /* the unit is hidden (value 1) or shown (0): set only */
                  MOD_PRIMARY }; /* its primary category: set to index (added when it lacks it),
                                  * or removed (none) when it is index; made by the reader */
enum mod_op { MOD_SET, MOD_ADD, MOD_MUL, MOD_REMOVE };

/* <modify>: sets, adds to or multiplies an attribute, a cost or a limit, adds or removes a
 * keyword or a category, or sets or appends to the unit's name, under an optional condition,
 * optionally repeated. */
struct modifier {
	enum mod_target target;
	enum mod_op op;
	/* A cost modifier of the entry's own cost (BattleScribe's, on a root entry or link): it
	 * changes what the entry itself costs, as that is paid (per model, or once for a unit of
	 * kinds of model), and the options' costs are added after; else it changes the unit's
	 * total, options included. */
	bool own;
	size_t index;                 /* attribute, cost, keyword or category index */
	const struct attr_def *attr;
	struct expr *value;           /* NULL for keywords and categories */
	char *text;                   /* set on a text attribute; the name set or appended */
	struct sel *when;             /* condition on the list, or NULL */
	struct sel *units;            /* system modifiers: which units (NULL: all) */
	struct expr *repeat;          /* apply round(repeat / every) times, or NULL */
	int64_t every;
	enum rounding round;
	char *ref;
	long line;
};

struct rule {
	char *id, *ref, *message, *description;
	char *label;                  /* what a tracker calls it ("Leaders"), or NULL */
	long line;
	enum severity sev;
	struct sel *when;             /* the rule applies to a list only when this holds */
	bool each;
	enum attr_on each_item;
	struct sel *each_sel;
	long taking;                  /* keyword index, or -1 */
	bool listed;                  /* taking rules: also items whose card lists the keyword */
	bool require;                 /* a requirement rule: this must match `where` */
	struct sel *where;            /* require */
	struct agg *agg;              /* the aggregate, or NULL for a requirement */
	struct expr *min, *max;       /* bounds; the sum of the <at-least>/<at-most> children */
	const struct entry *unless_hidden; /* not checked on a list where this entry is hidden */
	/* each: a breach is reported once for the scope it is counted in (its parent, list or
	 * roster), on the first selection checked there, not once for each selection in it
	 * (BattleScribe's constraints). */
	bool once;
	/* An aggregate of the whole roster checked for each list where when holds, not once for
	 * the roster (BattleScribe's constraint on a forceEntry: once for each such force). */
	bool per_force;
	bool at_roster;               /* a breach is reported at the roster's own line */
	/* Where this holds, the rule has no bound (BattleScribe's -1: unlimited, as a modifier
	 * may set it); NULL: none. */
	struct sel *unlimited;
	/* covered-by: another check whose report on a list tells what this rule's would, so
	 * that this one is left out there: a rule above it (cover, its index in the system's
	 * rules plus one; 0 for none) or the <factions> check (cover_factions). */
	char *covered_by;
	size_t cover;
	bool cover_factions;
};

/* Calls fn for every keyword that s requires positively (outside any not or any), so that
 * requirement cycles can be found. */
void sel_required_keywords(const struct sel *s, void (*fn)(size_t kw, void *arg), void *arg);
void sel_free(struct sel *s);
void agg_free(struct agg *a);
/* New expressions, at line line: the number v; of kind k of a and b (b NULL: of a alone);
 * aggregate a (at its line). Each takes what it is given. */
struct expr *expr_num(long v, long line);
struct expr *expr_two(enum expr_kind k, struct expr *a, struct expr *b, long line);
struct expr *expr_agg(struct agg *a);
void expr_free(struct expr *e);
void modifier_release(struct modifier *m);
void rule_free(struct rule *r);
const char *rule_id(const struct rule *r);
const char *rule_ref(const struct rule *r);
/* The id and reference of the i-th rule of sys, for listings. */
const char *rule_id_of(const struct system *sys, size_t i);
const char *rule_ref_of(const struct system *sys, size_t i);


/* Arithmetic with overflow reported, never wrapped. Each returns false on overflow. */
static inline bool num_add(int64_t a, int64_t b, int64_t *out)
{
	return !__builtin_add_overflow(a, b, out);
}
static inline bool num_mul(int64_t a, int64_t b, int64_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

#endif
