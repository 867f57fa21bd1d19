/* export-common.h - what the list renderers (export-*.c) share; not for other modules
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every helper builds plain text from the one evaluation; the renderer escapes it for its
 * format (the terminal, Markdown, HTML, XML, CSV) as it appends it. Defined in
 * export-common.c, which calls no renderer.
 */
#ifndef MUSTER_EXPORT_COMMON_H
#define MUSTER_EXPORT_COMMON_H

#include "eval.h"
#include "idx.h"
#include "util.h"

/* Appends s escaped for one format. */
typedef void (*ex_escape)(struct strbuf *sb, const char *s);

/* A cost type's short name. */
const char *ex_cost_abbr(const struct cost_def *c);
/* Cost types worth a column in list el: used by some unit, or limited. */
bool ex_cost_used(const struct elist *el, size_t c);
/* "Label (Entry name)", or the entry's name; caller frees. */
char *ex_unit_title(const struct r_unit *u);
/* The same for an evaluated unit: its name after modifiers. */
char *ex_eunit_title(const struct eval *ev, const struct eunit *eu);
/* How deep a cost line's option stands under the unit's other options (0: on the unit). */
size_t ex_line_depth(const struct eunit *u, const struct cost_line *cl);
/* Whether a printout gives a unit of e a model count: not when it is taken whole
 * (entry_taken_whole: a Kings of War regiment, whose models are in its name, a BattleScribe
 * upgrade at the root), whose number is how often it is taken. */
bool ex_counts_models(const struct system *sys, const struct entry *e);
/* What one cost line of unit u (one of ev's units) is: "10 models", "Gasp x2" (an option by
 * its name after its own modifiers, eval_option_name), "Training: +1 HP on Sling", or for a
 * unit that counts no models (ex_counts_models) "own cost"; caller frees. */
char *ex_line_label(const struct eval *ev, const struct eunit *u, const struct cost_line *cl);
/* Whether a printout lists cost line cl of u: all but the own cost of a unit that counts no
 * models when it costs nothing (an upgrade's line is its options'). */
bool ex_line_shown(const struct system *sys, const struct eunit *u, const struct cost_line *cl);
/* A unit's models as a table's Models cell: "10"; for a unit that counts no models
 * (ex_counts_models), how often it is taken when more than once ("x2"), else "". Caller
 * frees. */
char *ex_models_cell(const struct system *sys, const struct r_unit *ru);
/* The name of cost type c as a column of a sheet for programs (CSV): its id, which the
 * data's author chose ("ap"), or for BattleScribe data, whose ids are generated, its name
 * ("pts") when it has one. Never translated. */
const char *ex_cost_column(const struct system *sys, const struct cost_def *c);
/* The verdict in words ("legal", "NOT LEGAL (2 errors, 0 warnings)"); caller frees. */
char *ex_verdict(const struct diags *d);
/* "label:" as the user's language writes a label before its value (French: "label :", with a
 * no-break space). Caller frees. */
char *ex_colon(const char *label);
/* ";" as the language writes it between two parts of a line (French: a no-break space first). */
const char *ex_semicolon(void);
/* Unit attribute a as cards print it, of a unit's or an entry's values vals: its display
 * ("2d2"; caller frees) and *label its value's label ("Veteran") or NULL; NULL where a card
 * does not show it (not a unit's card stat, or not set). */
char *ex_unit_stat(const struct system *sys, const struct attr_def *a, const struct value *vals,
                   const char **label);
/* The unit's stats the system prints on cards ("MS 6, CS 2d2 (Veteran)"), appended to sb. */
void ex_unit_stats(const struct system *sys, const struct eunit *u, struct strbuf *sb);
/* One item, of its name, values and keywords (an item's own or as evaluated):
 * "Sling: Dmg d4 Rng 10; Inaccurate", "HAR: Shoots through the ceiling" without stats. */
void ex_item_text(const struct system *sys, const char *name, const struct item_vals *vals,
                  const kwword *kw, struct strbuf *sb);
/* For each item of u of kind k, how many u carries of the items of that kind that show the
 * same (name, values and keywords; each as many as its option is taken): the count at the
 * first of them, 0 at the others, as New Recruit lists a pistol five models carry once.
 * Linear in items; caller frees. */
size_t *ex_item_counts(const struct system *sys, const struct eunit *u, const struct item_kind *k);
/* An item's name with its count when it is more than one ("2x Bolt pistol"); caller frees. */
char *ex_item_name(const char *name, size_t count);
/* Data text with BattleScribe's markup read: "**bold**" and "^^keyword^^" (shown bold, as
 * BattleScribe and New Recruit do) paired left to right, a marker with no partner kept as
 * text. Returns the text without its markers (caller frees) and in *bold (caller frees) one
 * flag per byte of it, set where it is bold (never on blanks at a bold run's ends). */
char *ex_markup(const char *s, unsigned char **bold);
/* BattleScribe's rules (its <rule>s with their descriptions, not its profiles) that unit u
 * shows: its entry's, then each option's in the unit's order, a hidden one left out; each
 * appended to *v (*n of them, *cap as GROW keeps it) unless seen, an index the caller makes
 * and frees, has one shown the same (name and description) already. One unit's line takes a
 * new index; a printout's rules section one for all its units, so that a rule many units
 * have is printed once. Linear in their number and the lengths of their texts. */
void ex_unit_rules(const struct eunit *u, struct idx *seen, const struct bs_info ***v, size_t *n,
                   size_t *cap);
/* Every rule the units of evaluation ev show, each shown the same once, in the order the
 * roster first shows them (ex_unit_rules); their number, *v (caller frees) NULL when none. */
size_t ex_roster_rules(const struct eval *ev, const struct bs_info ***v);
/* Keyword names of set kw, comma-separated. */
void ex_keywords(const struct system *sys, const kwword *kw, struct strbuf *sb);
/* Notes carried by an entry's values ("opponent gains 2 VP when destroyed"). */
void ex_unit_notes(const struct system *sys, const struct entry *e, struct strbuf *sb);
/* The display of field f's value v ("yes", "Blue Guard", "4"); caller frees. */
char *ex_field_value(const struct field_def *fd, long v);
/* The facts of list l that every rendering prints under its game and battle size, in this
 * order: its size's own facts (when size_facts), its faction with the groups above it, and the
 * list fields it sets to other than their default; each given to fact(ctx, name, value). */
typedef void ex_fact_fn(void *ctx, const char *name, const char *value);
void ex_list_facts(const struct system *sys, const struct r_list *l, bool size_facts,
                   ex_fact_fn *fact, void *ctx);
/* Whether list l has a battle size to print: its own, or "custom" in a system whose lists
 * choose one. A BattleScribe roster has none (only cost limits): false. */
bool ex_has_size(const struct system *sys, const struct r_list *l);
/* The list's title: its name, its id or "Army list". */
const char *ex_list_title(const struct r_list *l);
/* The title of the force list l of roster r stands in (forces within forces), or NULL. */
const char *ex_parent_title(const struct roster *r, const struct r_list *l);
/* Is s written as Muster writes a list's id (a lower-case letter, then lower-case letters,
 * digits, '-' and '_'; at most 100 bytes)? */
bool ex_id_shaped(const char *s);
/* The heading of list l in text and Markdown, which import reads back: its title, but a name
 * written as an id (or that stands in double quotes already) in double quotes, so that a list
 * named "second" and one with no name and the id second are told apart. Caller frees. */
char *ex_list_heading(const struct r_list *l);
/* Is heading h one that ex_list_heading put in quotes? */
bool ex_heading_quoted(const char *h);
/* "Army Points: 580 of 600 spent, 20 left" (or "... over the limit"); caller frees. */
char *ex_spent(const struct system *sys, const struct elist *el, size_t c);
/* Appends n integer costs "70 AP, 5 Contra" of the used cost types; "0" when none. */
void ex_costs_inline(const struct system *sys, const bool *used, const int64_t *costs,
                     struct strbuf *sb);

#endif
