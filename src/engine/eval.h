/* eval.h - one evaluation of a roster: effective units, cost lines, effective limits
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A roster names entries and the options taken; its evaluation is what that makes, computed
 * once and read by checking and by every export: each unit's keywords, categories, items and
 * attribute values after its options and every modifier, its cost lines (the models, each
 * option, each modifier's change) in every cost type, each list's totals and effective limits.
 * Costs are 64-bit and checked: an overflow is an input error, never a wrapped number. The
 * roster and the system are never changed.
 */
#ifndef MUSTER_EVAL_H
#define MUSTER_EVAL_H

#include "model.h"
#include "lang.h"
#include "diag.h"

/* 40 bytes: a unit whose options change an item has its own copy of every item. */
struct eitem {
	const struct item *w;
	const kwword *kw;        /* effective keywords: the item's until changed (own_kw) */
	struct item_vals *vals;  /* effective values: the item's own, or a modified copy */
	int32_t extra_line;      /* 0 for the entry's own items; the option's line for added ones */
	int32_t extra_col;
	int32_t count;           /* how many the unit carries: its option's count (0: one) */
	bool own_vals;
	bool own_kw;             /* kw is its own (in the arena) */
	bool paid;               /* added by an option that costs something (<paid/>) */
};

/* An option granted a keyword: "taking" rules are checked against the state before it. */
struct take {
	uint32_t kw;
	int32_t item;            /* index in eunit.items, -1 for the unit itself, -2 dropped */
	kwword *before;          /* the item's keywords just before the grant */
	int32_t line, col;       /* where the option stands in the roster */
};

/* One line of a unit's cost: its models, one option taken, or what modifiers changed. */
enum cost_line_kind { LINE_MODELS, LINE_OPTION, LINE_MODIFIERS };
struct cost_line {
	enum cost_line_kind kind;
	const struct r_option *ro;   /* LINE_OPTION */
	int64_t *costs;              /* per cost type */
};

/* 64 bytes, not 128: a 100,000-unit list has 100,000 of them. Counts are 32-bit (a list is
 * read from at most 8 MiB of XML). */
struct eunit {
	const struct r_unit *ru; /* its entry is ru->entry */
	const kwword *kw;        /* the entry's until an option or a modifier changes it (own_kw) */
	struct value *vals;      /* effective unit attribute values */
	const size_t *cats;      /* effective categories: the entry's, or its own copy */
	struct eitem *items;     /* may be shared with other units of the entry: read only */
	int64_t *costs;          /* total for the unit, per cost type */
	uint32_t n_cats;
	uint32_t n_items;
	/* Its takes: eval.takes[take0, next unit's take0) (eval_n_takes). Its list is found
	 * from where it stands among eval.units (eval_unit_list): neither is kept in each unit. */
	uint32_t take0;
	bool own_vals;           /* vals is its own copy (own_vals() takes its address) */
	/* One bit each: five bools would take the struct to 80 bytes. */
	bool own_kw : 1;         /* kw is its own (in the arena) */
	bool own_cats : 1;       /* cats is a copy a modifier changed (malloc'd) */
	bool mod_line : 1;       /* a modifier changed a cost: its lines end with what it changed */
	bool hidden : 1;         /* its entry's hidden, after modifiers (MOD_HIDDEN) */
	/* An option's own cost modifier changed its line (BattleScribe's): costs holds, after
	 * the unit's totals, each option's line, option after option (eval_unit_option_cost). */
	bool opt_costs : 1;
};

struct elist {
	const struct r_list *list;
	struct eunit *units;     /* a run of eval.units */
	size_t n;
	int64_t *limits;         /* per cost type after the system's modifiers; -1: no limit */
	int64_t *totals;         /* per cost type */
};

/* The verdicts of selectors that depend on a unit's entry alone (lang.h, sel.memo), per entry
 * (entry.no): a rule matched against 100,000 units decides once for each entry (select.c). */
struct sel_memo {
	unsigned char **rows;    /* per entry number, NULL until a unit of it is matched; else one
	                          * byte per memo slot (in the arena): 0 not yet, 1 no, 2 yes */
	size_t n_rows, n_slots;  /* the system's entry numbers and memo slots at eval_new */
	struct arena *arena;
};

struct acache;
struct base_slot {
	const struct entry *e;
	struct eitem *items;
};

struct eval {
	const struct roster *r;
	const struct system *sys;
	struct elist *lists;
	size_t n_lists;
	/* Every list's units, list after list (each list's a run of them), and one past the
	 * last, whose take0 is where the takes end. */
	struct eunit *units;
	size_t n_units;
	/* Per unit of units, its name after modifiers (malloc'd) or NULL; NULL while no unit is
	 * renamed (rare: kept apart). */
	char **names;
	/* Per unit of units, its primary category after modifiers: 0 its entry's, 1 none, 2 + the
	 * category's index; NULL while no modifier changed one (rare: kept apart, as names). */
	uint32_t *primary;
	/* Aggregates computed once per list (and once for the roster), by slot: expr.c. */
	struct acache **cache;   /* (n_lists + 1) x sys->n_slots, allocated on first use */
	struct arena arena;      /* the units' arrays (eval.c) */
	struct base_slot *base;  /* each entry's items, shared by units that change none */
	size_t n_base, cap_base;
	int64_t *scratch;        /* two cost lines (an option's, a unit's), while units are built */
	/* Every unit's takes, unit after unit: most units have none, and a pointer in each was
	 * 800 KB of a 100,000-unit list. */
	struct take *takes;      /* counted before the units are built: no slack */
	size_t n_takes;
	/* The key of the item an aggregate is asked for (expr.c, agg_value), kept from one call
	 * to the next: a rule asks it of each of 100,000 units. */
	struct strbuf agg_key;
	struct sel_memo *memo;   /* asked through a const evaluation too: kept apart */
	/* Per list, the first list of its faction: the row of its SCOPE_CATALOGUE aggregates
	 * (expr.c), made on first use. */
	size_t *cat_row;
};

/* Unit u's takes, in order: eval_n_takes(u) of them. */
static inline const struct take *eval_takes(const struct eval *ev, const struct eunit *u)
{
	return ev->takes + u->take0;
}

/* How many takes unit u (one of an evaluation's units) has: the units' takes lie unit after
 * unit, so its own end where the next unit's begin. */
static inline size_t eval_n_takes(const struct eunit *u)
{
	return u[1].take0 - u[0].take0;
}

/* The index of the list that unit u (one of ev's units) stands in: the last list whose run
 * of ev->units begins at or before u (a list of no units begins where the next one does). */
size_t eval_unit_list(const struct eval *ev, const struct eunit *u);

/* Unit u of evaluation ev: its name after modifiers, its entry's unless a modifier set or
 * appended to it. */
static inline const char *eval_unit_name(const struct eval *ev, const struct eunit *u)
{
	const char *name = ev->names ? ev->names[u - ev->units] : NULL;
	return name ? name : u->ru->entry->name;
}

/* Unit u's primary category after modifiers: 1 + its index, 0 for none (as entry.primary). */
static inline uint32_t eval_unit_primary(const struct eval *ev, const struct eunit *u)
{
	uint32_t p = ev->primary ? ev->primary[u - ev->units] : 0;
	return p ? p - 1 : u->ru->entry->primary;
}

/* Evaluates roster r. Returns NULL with a fatal diagnostic (file and line of the unit or list)
 * when a cost or a limit overflows 64 bits. Caller frees with eval_free. */
/* The cost of unit ru with `models` models and its options, per cost type, into costs.
 * Returns -1 on overflow. */
int eval_unit_cost(const struct system *sys, const struct r_unit *ru, long models, int64_t *costs);
/* Entry e's own cost in cost type c for a unit of `models` models, its options aside: its
 * cost per model times models, plus its cost per unit. False on overflow. */
bool eval_entry_cost(const struct entry *e, long models, size_t c, int64_t *out);

/* Unit u's cost lines (exports): its models, each option taken, and what modifiers changed
 * when one changed a cost, per cost type. Computed when asked, not kept for every unit of a
 * 100,000-unit list. Returns their number; *out is one malloc'd block: free(*out). */
size_t eval_lines(const struct system *sys, const struct eunit *u, struct cost_line **out);
/* Option ro's own line in cost type c, on a unit of `models` models: its cost x times taken
 * (x models when paid per model). Checked against overflow when the unit was evaluated. */
/* Applies a numeric change (set, add or multiply, times times) to value x of attribute a, then
 * keeps it within what a allows, as every card shows it: the one arithmetic of attribute
 * modifiers, for the evaluation and for the campaign's trained values. -1 on overflow. */
int eval_attr_num(const struct attr_def *a, int64_t *x, enum mod_op op, int64_t v, long times);
int64_t eval_option_cost(const struct r_option *ro, long models, size_t c);
/* Option k of unit u's line in cost type c after its own cost modifiers (BattleScribe's, per
 * selection: eval_option_own_costs), as the evaluation decided them; eval_option_cost's when
 * none changed it. */
int64_t eval_unit_option_cost(const struct system *sys, const struct eunit *u, size_t k, size_t c);
/* An own cost modifier m (BattleScribe's: modifier.own) applied on unit u, whose models and
 * options cost base in m's cost type before modifiers: the entry's own cost, as the modifiers
 * before made it (*total, the unit's total now, less the options' lines), set to value, or
 * value added or multiplied in times times, the value counted as the entry's cost is paid (per
 * model, or once for a unit of kinds of model); the options' lines added back, into *total.
 * -1 on overflow. */
int eval_own_cost(const struct eunit *u, const struct modifier *m, int64_t value, long times,
                  int64_t base, int64_t *total);
/* Whether entry e is hidden on list li: its own hidden, then its hidden modifiers in order,
 * their conditions read on the list (one that reads a unit of it does not hold). */
bool eval_entry_hidden(struct eval *ev, size_t li, const struct entry *e);
/* hidden, then changed by the hidden modifiers mods[0..n) in order, each decided on unit u
 * (may be NULL) of list li. */
bool eval_hidden(struct eval *ev, size_t li, const struct eunit *u, bool hidden,
                 const struct modifier *mods, size_t n);

/* Modifier m decided on unit u (may be NULL) of list li, and option o of it (may be NULL):
 * 1 when it applies (its value in *out), 0 when not, -1 on overflow. */
int eval_decide(const struct modifier *m, struct eval *ev, size_t li, const struct eunit *u,
                const struct r_option *o, int64_t *out);
/* Name modifier m, decided with value (repeats folded in) and taken `times` times, on name now
 * into *slot (malloc'd or NULL; now may be *slot). */
void eval_rename(char **slot, const char *now, const struct modifier *m, int64_t value,
                 long times);

/* Option o of unit u of list li after its own modifiers (BattleScribe's entry_option.own),
 * each decided in document order on ro, the instance of it taken (NULL: one not taken, whose
 * conditions on it do not hold): its hidden; its name (malloc'd, NULL: its option's); its
 * categories (malloc'd, NULL: its option's, *n untouched). */
bool eval_option_hidden(struct eval *ev, size_t li, const struct eunit *u,
                        const struct entry_option *o, const struct r_option *ro);
char *eval_option_name(struct eval *ev, size_t li, const struct eunit *u,
                       const struct r_option *ro);
size_t *eval_option_cats(struct eval *ev, size_t li, const struct eunit *u,
                         const struct r_option *ro, size_t *n);
/* Each option's own cost modifiers (BattleScribe's), decided on every selection of it taken
 * on the roster as the first phase of modifiers left it, every decision before any change;
 * then each line changed, and its unit's totals with it. -1 with a fatal diagnostic on
 * overflow. */
int eval_option_costs(struct eval *ev, struct diags *d);
/* Whether option o has an own cost modifier. */
bool eval_option_costs_modified(const struct entry_option *o);
/* The cost per selection of ro, an option taken by unit u of list li, in every cost type, into
 * per: its option's, changed by its own cost modifiers (set, increment, decrement, repeats
 * folded in), each decided on ro in document order. Returns 1 when one applied, 0 when none
 * did, -1 on overflow. */
int eval_option_own_costs(struct eval *ev, size_t li, const struct eunit *u,
                          const struct r_option *ro, int64_t *per);

struct eval *eval_new(const struct roster *r, struct diags *d);
void eval_free(struct eval *ev);

#endif
