/* catalog-int.h - what the files of the catalog reader share, and nothing outside it includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The catalog reader (catalog.h) is split by job: catalog.c reads groups, entries and items,
 * and loads and frees a catalog; catalog-tree.c reads the option tree of an entry or of
 * <shared>, fills links once every catalog is read, and reads the rules that stand on entries
 * and options. Every function here that returns int returns 0, or -1 with a fatal diagnostic.
 */
#ifndef MUSTER_CATALOG_INT_H
#define MUSTER_CATALOG_INT_H

#include "muster.h"
#include "catalog.h"
#include "xml.h"

#include <stdint.h>

struct cparse {
	struct system *sys;
	struct catalog *cat;
	struct diags *d;
	size_t cap_groups, cap_entries;
};

#define CFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		return -1; \
	} while (0)

/* An entry's options and items are found by id: by a linear search while there are at most
 * ENTRY_IDX_MIN, through an index past that (so that a hostile entry of many options stays
 * linear to read). Two indexes for every entry, with their copies of the keys, were a third
 * of a 10,000-entry catalog's memory. */
#define ENTRY_IDX_MIN 8
/* How often one option id may stand in an entry, each under another parent (a shared option
 * linked under several kinds of model): looking one up by parent walks them. */
#define OPTION_SAME_MAX 64

/* Where a shared option is: the pseudo-entry of its catalog, and its index there (its
 * subtree follows it in document order). */
struct shared_ref {
	const struct entry *home;
	size_t index;
};

/* catalog.c: whether attribute name of n is "true" or "1"; a <cost> into costs; an <item>;
 * the keywords (or categories) named in n's text, appended to *out; the checks of the items
 * e's options name, for its options from `from` on. */
bool cp_prop_true(xmlNodePtr n, const char *name);
int cp_parse_costs(struct cparse *p, xmlNodePtr n, long *costs);
int cp_parse_item(struct cparse *p, xmlNodePtr n, struct item *w);
int cp_id_list(struct cparse *p, xmlNodePtr n, bool categories, size_t **out, size_t *n_out);
/* catalog-parts.c: stats and keywords of a unit or an item, its required attributes, and
 * whether entry e has (or an option of it adds) item id. */
int cp_parse_stats(struct cparse *p, xmlNodePtr n, enum attr_on on, struct value *vals);
int cp_parse_keywords(struct cparse *p, xmlNodePtr n, enum attr_on on, kwword *set);
int cp_check_required(struct cparse *p, xmlNodePtr n, enum attr_on on, const struct value *vals);
bool cp_entry_has_item(const struct entry *e, const char *id);
int cp_finish_items(struct entry *e, size_t from, struct diags *d);
/* Makes e's indexes at their first look-up (entry_option, entry_item; thread-safe) rather than
 * now: a BattleScribe entry, as a roster takes few. And frees what they hold. */
void cp_entry_later(struct entry *e);
void cp_entry_later_free(struct entry *e);
/* catalog-tree.c: for such an entry, its options sorted by id (NULL: too few to need it), their
 * chains made (an id twice under one parent stays out of its chain: the first is found). */
uint32_t *catalog_index_later(const struct entry *e);

/* catalog-tree.c: holds a <rule> of entry e (on ON_UNIT) or of its option id (ON_OPTION);
 * allocates e's options and choices for what n holds; reads element n of an entry, an option
 * or a <choose> (an option, a link or a choice) under option up (0: none), in choice
 * in_choice (0: none); reads a catalog's <shared>. */
void cp_hold_rule(struct cparse *p, const struct entry *e, xmlNodePtr n, enum attr_on on,
                  const char *id);
int cp_alloc_options(struct cparse *p, struct entry *e, xmlNodePtr n);
int cp_parse_tree(struct cparse *p, struct entry *e, xmlNodePtr n, uint32_t up,
                  uint32_t in_choice, int depth);
int cp_parse_shared(struct cparse *p, xmlNodePtr n);

#endif
