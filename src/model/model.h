/* model.h - the loaded model: game system, catalogs and rosters
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Loaders (system.c, catalog.c, roster.c) build these once; nothing mutates them afterwards.
 * What checking derives (effective keywords, costs) lives in struct eunit (cost.h), never here.
 * Every name a game system uses (its attributes, costs, keywords, catalog levels) is data: the
 * C code knows them only by index.
 */
#ifndef MUSTER_MODEL_H
#define MUSTER_MODEL_H

#include "muster.h"
#include "util.h"

#include <string.h>

struct idx;
struct rule;
struct named_cond;
struct sel;
struct modifier;
struct camp_advance;
struct camp_def;
struct campaign;
struct entry_later;
struct bs_tree;

typedef uint64_t kwword;

/* --- values -------------------------------------------------------------------------------- */

enum attr_type { ATTR_INT, ATTR_TEXT, ATTR_LADDER, ATTR_BOOL, ATTR_LEVEL, ATTR_CHOICE };
/* What an attribute, keyword or selector applies to. Options are items only for selectors and
 * aggregates (unique items, upgrades counted per unit); they have no attributes. */
enum attr_on { ON_UNIT, ON_ITEM, ON_OPTION, ON_LIST };

/* An ordered scale of text steps ("d4 < d6 < 2d4"), so that "at least 2d3" can be checked. */
struct ladder {
	char *id;
	char **steps;
	size_t n;
};

struct value_label {
	long v;
	char *label; /* "Veteran" */
	char *note;  /* printed on cards and lists: "opponent gains 2 VP when destroyed" */
};

struct attr_def {
	char *id, *name, *abbr;
	/* A level's names in every language (its name= first, then each <name xml:lang>), NULL
	 * ended, for import to know a heading in any language; NULL for other attributes. */
	char **names;
	char *suffix;     /* printed after the value: '"' for inches */
	char *ref;        /* the rule that sets its range ("XX-1"), cited when a card breaks it */
	enum attr_type type;
	enum attr_on on;
	struct ladder *ladder;
	long min, max;    /* ints only */
	struct value_label *labels;
	size_t n_labels;
	bool card;        /* shown on cards */
	bool required;    /* every entry (or item) must give it */
	size_t index;     /* slot in struct value arrays of units or items */
	long line;
};

/* A value: i for ints, bools and ladder ranks; s for text and as written (ladders, levels). */
struct value {
	bool set;
	long i;
	char *s;
};

struct cost_def {
	char *id, *name, *abbr;     /* name in the user's language (<name xml:lang>) */
	char **names;               /* its name in every language, NULL-terminated: lists name it so */
	size_t index;
	unsigned scale; /* decimal places: its values are whole numbers times 10^scale (decimal.h) */
	bool unused;    /* BattleScribe data: no <cost> of this type anywhere (a .ros omits it) */
};

/* An ability or keyword. An upgrade replaces another ("Great Strike" replaces "Strike") and
 * keeps its exclusions: selectors treat it as also holding what it replaced. */
struct keyword_def {
	char *id, *name;
	char *text;       /* what it does, for printouts (<text>, translated), or NULL */
	enum attr_on on;
	char *replaces_id;
	struct keyword_def *replaces;
	size_t *removes;  /* keyword indices taking this one removes */
	size_t n_removes;
	kwword *providers; /* itself and every keyword that replaces it, transitively */
	size_t index;
	long line;
};

/* A kind of sub-item a model carries: a weapon, a spell, a piece of wargear. */
struct item_kind {
	char *id, *name, *plural;
	size_t index;
	long line;
};

struct category_def {
	char *id, *name;
	size_t index;
};

struct fact {
	char *name, *value;
};

struct size_def {
	char *id, *name;
	long *limits;     /* per cost type; -1 when the size sets no limit */
	struct fact *facts;
	size_t n_facts;
	long line;
};

/* A field set on a roster or a list: a count, an amount to spend, a yes/no flag, or one of
 * several choices (an army composition, a detachment). */
enum field_scope { FIELD_LIST, FIELD_ROSTER };
struct field_choice {
	char *id, *name;
};
struct field_def {
	char *id, *name;
	enum field_scope scope;
	enum attr_type type; /* ATTR_INT, ATTR_BOOL or ATTR_CHOICE (the value is the choice's index) */
	long def;
	struct field_choice *choices;
	size_t n_choices;
	size_t index;
};

/* --- catalogs ------------------------------------------------------------------------------ */

struct group {
	char *id, *name;
	char **names;     /* its name in each of the data's languages (the default and each
	                   * <name xml:lang>), NULL-terminated; NULL when it has no translation */
	size_t level;     /* index of the ATTR_LEVEL attribute it sets */
	struct group *parent;
	bool example;
	char *note;
};

/* An item's values: only those it sets, ascending by attribute (attr_def.index among the
 * item attributes), so that an item costs what it sets, not a slot for each of the system's
 * item attributes (a BattleScribe system has every profile type's). value.h reads them. */
struct item_value {
	size_t attr;
	struct value v;
};
struct item_vals {
	size_t n;
	struct item_value v[];
};

struct item {
	char *id, *name;
	const struct item_kind *kind;
	struct item_vals *vals; /* NULL: it sets none */
	kwword *kw;
	long line;
};

enum option_target { TARGET_UNIT, TARGET_ITEM };

#define OPTION_UNBOUNDED 1000000L
/* Costs and limits in data: a quadrillion, so that sums of them fit 64 bits as long as a list
 * is of a sane size, and an insane one is refused, never wrapped. */
#define MUSTER_MAX_COST 1000000000000000L

/* A BattleScribe profile or rule as a roster shows it (export-ros.c): read once, shared by
 * every place that reaches it, its strings in the system's arena. */
struct bs_info {
	const char *id, *name, *page, *pub;  /* pub: its publicationId, or NULL */
	const char *type_id, *type_name;    /* a profile's profileType; NULL: a rule */
	const char *desc;                   /* a rule's description, or NULL */
	const char **chars;                 /* a profile's characteristics: name, typeId, value */
	size_t n_chars;
	bool hidden;
};

/* What a BattleScribe entry shows on a selection of it: its page and publication, its profiles
 * and rules (its own, then its infoLinks' targets, then its infoGroups', each group's so in
 * turn: the order BattleScribe writes them in), and the cost types its costs declare. */
struct bs_infos {
	const char *page, *pub;
	const char *pub_name; /* the name of the publication pub names, or NULL */
	const struct bs_info **v;
	size_t n;
	const uint32_t *costs; /* the indices of the cost types its <costs> name, in their order */
	size_t n_costs;
};

/* What every place of one BattleScribe definition (a selectionEntry), or every place reached
 * through one entry link, shares and the engine reads: an option's def and via point to it,
 * held in the reader's record of that definition or link. */
struct bs_origin {
	/* its modifiers of its places (of names, hidden, categories), read once for all of
	 * them (bs_data.hides), decided on each instance taken (eval_option_*); NULL: none */
	const struct bs_hide *own;
};

/* What only a Muster catalog's options (and a campaign's advances) have, never a
 * BattleScribe option: kept apart, so that each of the 600,000 options BattleScribe's links
 * bring is 64 bytes smaller (a pointer, NULL, instead of these fields). Read through
 * option_more(), which gives an empty one for NULL. */
struct option_more {
	char **names;       /* in each of the data's languages, as struct group's */
	char *item_id;      /* TARGET_ITEM: which item (NULL: the option's own added item) */
	size_t *grants, n_grants;
	size_t *removes, n_removes;
	char **drops;       /* ids of items the option takes away; NULL-terminated or NULL */
	struct modifier *mods; /* what taking it changes, once per time taken */
	size_t n_mods;
};

struct entry_option {
	char *id, *name;
	long min, max;      /* times it may be taken per unit */
	long *costs;        /* per cost type */
	size_t *cats;       /* categories of the option itself ("unique magic item"), n_cats */
	char *ref;          /* the rule its min and max come from ("XX-2"), or NULL */
	char *min_ref;      /* the rule its min comes from, when not ref (BattleScribe: ref is
	                     * its max constraint's id, this its min constraint's), or NULL */
	struct item *adds;  /* an extra item, or NULL */
	/* Its names, item, grants, removes, drops and modifiers (a Muster option's, owned by
	 * the option a linked copy copies), or NULL: none (every BattleScribe option). */
	struct option_more *more;
	char *link;         /* <link option="ID"/>: the shared option this one copies, or NULL */
	/* BattleScribe: the definition (selectionEntry) it is a place of and the link it was
	 * reached through (NULL: none); one rule per constraint of either matches every place
	 * of it (SEL_ORIGIN). Its own modifiers are theirs (option_own). */
	const struct bs_origin *def, *via;
	const struct bs_infos *infos; /* BattleScribe: what a selection of it shows, or NULL */
	/* The small fields last, 32 bits and single bits, with no padding between them: a
	 * record for each of the 600,000 options BattleScribe's links bring (136 bytes, not
	 * 168). */
	uint32_t n_cats;
	/* The tree: an entry's options are one array in document order, each naming the option
	 * it stands under. A child's min and max are per one of its parent taken. */
	uint32_t up;        /* 1 + index of its parent among the entry's options; 0: the entry */
	uint32_t in_choice; /* 1 + index of the <choose> it stands in among the entry's; 0: none */
	uint32_t same;      /* 1 + index of the next option of its id (under another parent; a
	                     * shared option linked twice); 0: none */
	int32_t line;       /* its line in its file (32 bits: no file read is over
	                     * XML_MAX_FILE_SIZE bytes) */
	enum option_target target : 1;
	bool per_model : 1;  /* costs multiply by the unit's models */
	bool model : 1;      /* a kind of model of the unit: its count is a number of the models */
	bool hidden : 1;     /* BattleScribe's hidden="true": taken, an error; its minimum not kept */
	bool collective : 1; /* taken per one of its parent (BattleScribe's collective): a builder
	                      * scales its count with its parent's */
	bool instanced : 1;  /* some option below it is not collective (BattleScribe): each
	                      * selection of it is a selection of its own, never counted on
	                      * another of it under the same parent */
	bool linked : 1;     /* a copy of a shared option: its arrays are the shared one's */
};

/* What option o has beyond the fields every option has: its own, or an empty one. */
static inline const struct option_more *option_more(const struct entry_option *o)
{
	static const struct option_more none;
	return o->more ? o->more : &none;
}

/* Option o's own modifiers (BattleScribe's: p 0 its definition's, p 1 its link's), or NULL:
 * none. */
static inline const struct bs_hide *option_own(const struct entry_option *o, int p)
{
	const struct bs_origin *at = p == 0 ? o->def : o->via;
	return at ? at->own : NULL;
}

/* <choose>: take min..max of the options it holds (counted per one of its parent taken),
 * the default first when a builder adds the parent. */
struct opt_choice {
	char *id, *name;
	long min, max;
	char *def_id;
	char *ref;
	char *min_ref;      /* as an option's */
	const struct modifier *hide; /* BattleScribe's set-hidden modifiers of it (MOD_HIDDEN),
	                     * in document order, each decided on the unit that holds it: its
	                     * group's or link's, shared by every place of it (bs_data.hides) */
	uint32_t n_hide;
	uint32_t up;        /* 1 + index of the option it stands under; 0: the entry */
	uint32_t def;       /* 1 + index of the default option; 0: none */
	int32_t line;       /* 32 bits, as an option's */
	bool hidden;        /* BattleScribe's hidden="true": its minimum is not kept */
	bool linked;        /* its id, name, ref and min_ref are not its own (BattleScribe: its
	                     * group's, shared by every place of it, or the catalog's arena's) */
};

/* What a BattleScribe selection entry says it is; Muster's own entries are units. */
enum entry_type { ENTRY_UNIT, ENTRY_MODEL, ENTRY_UPGRADE };

struct entry {
	char *id, *name;
	char **names;       /* in each of the data's languages, as struct group's */
	bool example;
	uint32_t no;        /* 1 + its number among the system's entries (sys->n_entry_nos); 0: none */
	struct catalog *catalog;
	struct group *group;
	char **also_ids;    /* further groups it belongs to (<also-in>), resolved into also */
	const struct group **also;
	size_t n_also;
	struct value *vals; /* per unit attribute */
	size_t *cats, n_cats;
	kwword *kw;
	struct item *items;
	size_t n_items;
	struct entry_option *options;
	size_t n_options;
	struct opt_choice *choices;
	size_t n_choices;
	bool has_models;    /* some option is a model: the unit's models are their counts */
	bool has_links;     /* some option is a <link> still to resolve (catalog_link) */
	struct idx *option_idx; /* its options by id while they are read (a catalog's own) */
	uint32_t *by_id;    /* once every option is known (catalog_index_entry), and more than a
	                     * few: their indices sorted by id, then index, looked up by binary
	                     * search; no copy of an id (BattleScribe's links make hundreds of
	                     * thousands, each a path of ids); NULL: option_idx, else a search */
	struct idx *item_idx;   /* its items, by id, while they are read (a catalog's own) */
	uint32_t *items_by_id;  /* once every option is known (cp_finish_items), and more than a
	                         * few: its items (k < n_items) and the items its options add
	                         * (option k - n_items), sorted by id, then k, looked up by binary
	                         * search; no copy of an id. NULL: item_idx, else a search */
	size_t n_items_by_id;
	/* BattleScribe's: what its options and choices are made from at its first look-up
	 * (entry_made), or NULL: they are made (n_options and n_choices are 0 until then) */
	const struct bs_tree *tree;
	struct entry_later *later; /* BattleScribe's: the indexes above, made at the first look-up
	                    * rather than at load (a roster takes few of its entries), or NULL */
	long *costs;        /* per model, per cost type */
	long *unit_costs;   /* per cost type, paid once per unit (<cost per="unit">), or NULL */
	char *note;
	uint32_t primary;   /* 1 + index of its primary category (BattleScribe); 0: none */
	enum entry_type type; /* BattleScribe's selection type (a .ros writes it back) */
	bool local;         /* BattleScribe's import="false": not offered by the catalogues that
	                     * import its own */
	bool hidden;        /* BattleScribe's hidden="true": a unit of it is an error (MOD_HIDDEN
	                     * modifiers may change that per unit) */
	struct modifier *mods; /* what every unit of it changes of itself (a BattleScribe entry's
	                     * modifiers), in document order, each decided on that unit */
	size_t n_mods;
	const struct bs_infos *infos; /* BattleScribe: what a selection of it shows, or NULL */
	uint32_t starts;    /* BattleScribe: how many of it a new force is given (its largest
	                     * minimum of selections as the data gives it, no percentage) */
	bool starts_roster; /* that minimum counts in the roster: given while it is short */
	long line;
};

/* Whether a unit of e is a number of models: all but a BattleScribe upgrade at the root (a
 * detachment's rule, a Warlord marker, a Rite of War) that no model option counts. A
 * printout gives such a unit no model count; its number is how often it is taken. */
static inline bool entry_counts_models(const struct entry *e)
{
	return e->type != ENTRY_UPGRADE || e->has_models;
}

struct catalog {
	char *file;
	char *id, *name;
	char *revision;
	struct group *groups;
	size_t n_groups;
	struct entry *entries;
	size_t n_entries;
	struct entry shared;    /* <shared>: options any entry of the system may <link> to */
	struct arena arena;     /* its entries' small fixed arrays (catalog.c) */
	/* BattleScribe: the publications a force of it lists, id and name each (the system's
	 * arena): its own, those of the catalogues it links, the game system's. */
	const char **pubs;
	size_t n_pubs;
	/* BattleScribe: the rules a force of it lists, its root rules then the game system's (in
	 * the system's arena), or NULL. */
	const struct bs_infos *rules;
};

/* --- game system --------------------------------------------------------------------------- */

/* A kind of force a roster may hold (a BattleScribe forceEntry): the categories it lists, and
 * the force it stands in when it is a child force. */
struct force_def {
	char *id, *name;
	uint32_t up;        /* 1 + index of the force it stands in among the system's; 0: none */
	size_t *cats, n_cats;
	const struct bs_infos *infos; /* BattleScribe: its profiles, rules, page, publication */
	bool hidden;        /* BattleScribe's hidden="true" */
	const struct bs_hide *hide; /* its set-hidden modifiers (the system's bs->hides), or NULL */
	long line;
};

/* What a BattleScribe file says that Muster does not enforce yet (bs-read.c): every
 * constraint not read as an option's min and max, every modifier and modifier group, every
 * condition and condition group, every repeat, in document order, each with the record it
 * stands in (a condition in its modifier). Kept for the step that will enforce them. */
enum bs_pending_kind {
	BS_CONSTRAINT, BS_MODIFIER, BS_MODIFIER_GROUP, BS_CONDITION, BS_CONDITION_GROUP, BS_REPEAT,
	BS_PENDING_KINDS
};
struct bs_pending {
	enum bs_pending_kind kind;
	uint32_t up;        /* 1 + index of the record it stands in; 0: none */
	const char *owner;  /* the id of the element it stands on (an entry, a force, ...) */
	const char *id, *type, *field, *scope, *value, *child;
	const char *file;
	long line;
	const char *why;    /* a constraint: why it is no rule yet (plain words) */
};
/* Whether record r is a minimum that a roster taking none of what it stands on can break:
 * a constraint of type min counted beyond its selection (scope self counts within one). */
static inline bool bs_untaken_min(const struct bs_pending *r)
{
	return r->kind == BS_CONSTRAINT && r->type && strcmp(r->type, "min") == 0 &&
	       !(r->scope && strcmp(r->scope, "self") == 0);
}
/* A loop of cost modifiers: the cost type cost of entry a counts b's, and b's a's (or a is
 * b); their modifiers are not applied, and a roster with both is told so (check.c). */
struct bs_loop {
	const char *a, *b, *ref;  /* entry ids, the modifier's id (or NULL); in the arena */
	size_t cost;
};
struct bs_owned {
	uint32_t first, n;  /* a run of bs_data.by_owner */
};
/* A catalogue left out of the system (bs-leftout.c): it could not be read, or it needs (by
 * its catalogue links, directly or through others) one that no file is or that is left out.
 * The rest of the system loads; a force of it is refused, saying why. Strings in the arena;
 * id NULL when the file did not say one. */
struct bs_left_out {
	const char *id, *name, *file;
	long line, col;     /* of the catalogue link, or of what could not be read */
	const char *why;
};
struct bs_data {
	struct bs_pending *pending;
	size_t n_pending, cap_pending;
	/* The constraints and modifiers of pending that stand on an element with an id, by that
	 * id: owners maps it to its run of by_owner (indexes of pending, document order). Made
	 * once the system is read (bs-owners.c), read by validate (engine/unchecked.c). */
	struct idx *owners;
	uint32_t *by_owner;
	struct bs_owned *owned;
	/* The root entries a minimum of which is among them (one on an id of their path): a
	 * roster that may take one is told of it even when it takes none (bs-owners.c). */
	const struct entry **min_roots;
	size_t n_min_roots;
	struct bs_loop *loops;
	size_t n_loops, cap_loops;
	struct bs_left_out *left_out;
	size_t n_left_out;
	size_t counts[BS_PENDING_KINDS];
	size_t enforced;    /* constraints made rules (bs-constraints.c), each element once */
	size_t extra_profiles; /* profiles of an option beyond its first, not kept yet */
	size_t unknown_defaults; /* groups' defaults that name none of their entries */
	size_t unknown_costs;  /* costs of a type no costType declares (BattleScribe ignores them) */
	size_t renamed_entries; /* root entries whose id an earlier catalogue's has: CATALOGUE/ID */
	size_t options, linked; /* the entries' options, and how many of them links made */
	struct arena arena;    /* the records' strings */
	struct bs_hide **hides; /* the set-hidden modifiers of each group or link to one, read
	                        * once for all its places (opt_choice.hide points in) */
	size_t n_hides, cap_hides;
};

struct bs_hide {
	struct modifier *mods;
	size_t n;
};

/* <factions>: whether a list's units must come from the list's own faction (a catalog group,
 * raised to level `level` when the system gives one) or from the factions it may take as
 * allies, and the rule a unit from elsewhere breaks. Read by read-factions.c, checked by
 * engine/faction.c, told by `add` before it writes. */
struct faction_ally {
	const struct group *of;       /* the lists it applies to (theirs or under it); NULL: all */
	const struct group *faction;  /* the faction they may take units of */
};
struct faction_def {
	bool own;             /* units="own": units of the list's faction or an ally only */
	bool warn;            /* severity="warning": a unit from elsewhere is a warning */
	size_t level;         /* the level attribute the list's faction is raised to; SIZE_MAX: none */
	char *ref;            /* the rule cited, or NULL */
	struct faction_ally *allies;
	size_t n_allies;
	struct idx *pairs;    /* "FACTION\nOF" of each ally ("FACTION\n" for every list) */
};

/* <import>: how a pasted plain-text list is read (import.h). Each pattern's named groups say
 * what the line holds. */
enum import_kind { IMPORT_UNIT, IMPORT_OPTION, IMPORT_IGNORE };
struct import_line {
	enum import_kind kind;
	struct rx *rx;
	long line;
};

struct system {
	char *file;
	/* The rules file's parsed document (an xmlDocPtr, which the engine does not see): kept
	 * with the system and freed with it, as a run that exits frees neither (freeing it at
	 * once cost 0.82 M of the 15.6 M instructions of validating a 600-AP list). */
	void *doc;
	/* The documents of its catalogs read whole (xmlDocPtrs), freed with it, as the rules
	 * file's: a run that exits frees neither (freeing two small ones cost 0.4 M instructions). */
	void **kept_docs;
	size_t n_kept_docs;
	char *id, *name, *revision;
	char *source;
	char *description;          /* <description> in the user's language, or NULL */
	enum rounding rounding;     /* the default for every bound that divides */
	struct cost_def *costs;
	size_t n_costs;
	struct ladder *ladders;
	size_t n_ladders;
	struct attr_def *attrs;     /* unit attributes then item attributes, in file order */
	struct item_kind *kinds;    /* the kinds of sub-item the system declares (weapon, spell ...) */
	size_t n_kinds;
	size_t n_attrs;
	size_t n_unit_attrs, n_item_attrs;
	struct keyword_def *keywords;
	size_t n_keywords, kw_words;
	struct category_def *cats;
	size_t n_cats;
	struct size_def *sizes;
	size_t n_sizes;
	struct field_def *fields;
	size_t n_fields;
	struct modifier *mods;      /* <modifiers>: limits of lists, values of units */
	size_t n_mods;
	struct rule **rules;
	size_t n_rules, cap_rules;
	/* Rules standing on catalog entries and options (catalog.c), held from the catalogs'
	 * reading until the system's own rules and named conditions are read. */
	struct held_rule *held;
	size_t n_held;
	void *held_doc;
	struct named_cond *conds;   /* <conditions>, by cond_idx */
	size_t n_conds;
	struct idx *cond_idx;
	size_t n_slots;             /* aggregates, each with a cache slot in an evaluation */
	size_t n_entry_nos;         /* entries numbered (entry.no) */
	size_t n_sel_memo;          /* selectors with a memo slot (sel.memo) */
	/* Some aggregate counts over the whole roster (in="roster", or a condition's <has> on the
	 * roster): then a list's evaluation and verdict may depend on the other lists. */
	bool roster_aggs;
	struct catalog **catalogs;
	size_t n_catalogs;
	struct camp_def *camp;      /* <campaign> (campaign.h), or NULL */
	struct import_line *imports; /* <import>: tried before the built-in patterns */
	size_t n_imports;
	struct faction_def *factions; /* <factions>, or NULL: a list's faction is printed only */
	struct force_def *forces;   /* BattleScribe forceEntries, parents before children */
	size_t n_forces;
	struct bs_data *bs;         /* a BattleScribe system: what is not enforced yet; else NULL */
	struct idx *kind_idx;
	struct idx *shared_idx;     /* shared options of every catalog, by id */
	struct idx *attr_idx, *cost_idx, *kw_idx, *cat_idx, *size_idx, *field_idx, *ladder_idx,
	           *entry_idx, *group_idx, *rule_idx;
};

/* Whether a unit of e of system sys is taken whole, its number saying how often rather than
 * how many models: a BattleScribe unit or upgrade that no model option counts (a Kings of War
 * regiment, whose models are in its name and profile; a detachment's rule). A builder adds one
 * of it; a printout gives it no model count. Muster's own entries are numbers of models. */
static inline bool entry_taken_whole(const struct system *sys, const struct entry *e)
{
	return sys->bs && e->type != ENTRY_MODEL && !e->has_models;
}

/* --- rosters ------------------------------------------------------------------------------- */

/* A campaign training the ledger recorded (campaign.h): the advance, the item it changes and
 * the keyword it grants when the ledger chose them, and the band (Grade) it was taken at. */
struct r_train {
	const struct camp_advance *advance;
	const char *item;
	long grant;               /* keyword index, or -1 */
	long band;
	const struct item *adds;  /* an item the training brings (another entry's), or NULL */
	const char *drops;        /* the id of an item of the unit it replaces, or NULL */
};

/* 32 bytes, not 80: a 100,000-unit list takes tens of thousands of options. A unit's options
 * are its selections in document order; one nested in another names it as its parent. */
struct r_option {
	const struct entry_option *opt;
	const struct r_train *train;  /* a training, or NULL for an option the file took */
	int32_t count;
	int32_t line, col;            /* a file read into memory is at most 2 GiB */
	uint32_t up;                  /* 1 + index of its parent among the unit's options; 0: none */
};

/* 48 bytes, not 88: a list may hold 100,000 units. Its strings and its options are the
 * roster's (struct roster's pool): never freed one by one. */
struct r_unit {
	/* Its id (optional, for attachment) and the name its player gave (optional), one record
	 * in the roster's pool (r_unit_names), read with r_unit_id and r_unit_label; NULL:
	 * neither. One pointer, not two: 800 KB of a 100,000-unit list. */
	const char *names;
	const struct entry *entry;
	struct r_option *opts;
	int32_t models;
	uint32_t n_opts;
	/* 1 + the index in its list of the unit this one joins (attach=, that unit's id:
	 * r_unit_attach_id); 0: none. */
	uint32_t attach;
	int32_t band;           /* campaign: the band (Grade) its Level gives, or -1 */
	int32_t line, col;
};

/* Forces within forces: a roster's lists are one array in document order, a child force right
 * after its parent's (and after the forces before it within that parent), each naming its
 * parent. A force and every force within it are a run of the array from it: forces_end. */
#define ROSTER_MAX_FORCE_DEPTH 8

struct r_list {
	char *id, *name;
	const struct size_def *size;
	const struct group *faction;
	long *limits;       /* per cost type, from the size or a custom <limit>; -1: none. The
	                     * evaluation applies the system's limit modifiers (eval.h). */
	long *fields;       /* per field (list fields used) */
	struct r_unit *units;
	/* A BattleScribe roster's: per unit, its options' selection ids (u->n_opts of them, each
	 * or NULL, in the roster's pool), or NULL for a unit without. NULL for a Muster roster:
	 * 8 bytes an option that Muster's own rosters need not carry. */
	const char ***opt_ids;
	size_t n_units;
	long line, col;
	uint32_t up;        /* 1 + index of the force it stands in among the roster's; 0: none */
	uint32_t depth;     /* 0 for a top force, 1 for a child of one, ... */
	bool custom_limit;  /* the list gives its own <limit>, with or without a size */
	const struct force_def *force; /* a BattleScribe force: its forceEntry; else NULL */
	/* A BattleScribe force's customName and customNotes (the roster's pool), or NULL; those
	 * of its categories, name and notes each, Uncategorised first, then its forceEntry's
	 * (2 * (force->n_cats + 1) of them, the pool's), or NULL when none has any. */
	const char *custom_name, *custom_notes;
	const char **cat_custom;
};

struct roster {
	char *file;
	char *name;
	char *player;       /* <roster player>: who brings the army, or NULL */
	const struct system *sys;
	long *fields;       /* per field (roster fields used) */
	struct r_list *lists;
	size_t n_lists;
	struct campaign *camp;  /* campaign.h, or NULL */
	long last_id;           /* <roster last-id>: the last unit id number given (unitref.h) */
	/* A BattleScribe roster (bs-roster.h): its costLimits per cost type (-1: none), which
	 * the whole roster's costs must not pass; NULL for a Muster roster. */
	long *bs_limits;
	/* BattleScribe units' customNotes, by selection id (the pool's strings; r_unit_notes), or
	 * NULL when none has any: kept apart, so that a unit stays 64 bytes. */
	struct idx *unit_notes;
	long line;
	/* The units' strings, options and trainings: one allocation per 64 KiB, where malloc's
	 * blocks of at least 32 bytes for a 7-byte id were a tenth of a big list's memory. */
	struct arena pool;
};

/* The selection id of option k of unit ui of l, or NULL. */
static inline const char *r_option_id(const struct r_list *l, size_t ui, size_t k)
{
	return l->opt_ids && l->opt_ids[ui] ? l->opt_ids[ui][k] : NULL;
}

/* The record of r_unit.names: a byte saying which strings follow (1: an id, 2: a label, 3:
 * both), then each that does, NUL-terminated, the id first. */
static inline const char *r_unit_id(const struct r_unit *u)
{
	return u->names && (u->names[0] & 1) ? u->names + 1 : NULL;
}

static inline const char *r_unit_label(const struct r_unit *u)
{
	if (u->names == NULL || !(u->names[0] & 2))
		return NULL;
	const char *p = u->names + 1;
	return u->names[0] & 1 ? p + strlen(p) + 1 : p;
}

/* Unit u's name in messages: the one its player gave, else its entry's. */
static inline const char *r_unit_name(const struct r_unit *u)
{
	const char *label = r_unit_label(u);
	return label ? label : u->entry->name;
}

/* The names record of a unit of id and label (each may be NULL), in pool; NULL when both are. */
const char *r_unit_names(struct arena *pool, const char *id, const char *label);

/* The unit u of l joins (attach=), or NULL. */
static inline const struct r_unit *r_unit_joins(const struct r_list *l, const struct r_unit *u)
{
	return u->attach && u->attach <= l->n_units ? &l->units[u->attach - 1] : NULL;
}

/* The id of the unit u of l joins (its attach=), or NULL. */
static inline const char *r_unit_attach_id(const struct r_list *l, const struct r_unit *u)
{
	const struct r_unit *to = r_unit_joins(l, u);
	return to ? r_unit_id(to) : NULL;
}

/* The customNotes the player gave unit u of r (a BattleScribe selection), or NULL. */
const char *r_unit_notes(const struct roster *r, const struct r_unit *u);
/* Sets them (notes in r's pool; NULL: none). -1 when u has no id to keep them by. */
int r_unit_set_notes(struct roster *r, const struct r_unit *u, const char *notes);

/* The end of force li's run: li, the forces within it at every depth, in [li, end). */
static inline size_t forces_end(const struct roster *r, size_t li)
{
	size_t end = li + 1;
	while (end < r->n_lists && r->lists[end].depth > r->lists[li].depth)
		end++;
	return end;
}

/* A unit's options are in document order, a subtree right after its root. The end of option
 * k's subtree: k and the options under it at every depth are [k, end). */
static inline size_t r_option_end(const struct r_unit *u, size_t k)
{
	size_t end = k + 1;
	while (end < u->n_opts && u->opts[end].up >= k + 1)
		end++;
	return end;
}

/* The first option of u at index k or after that stands right under option up - 1 (0: on the
 * unit), or u->n_opts where up's subtree ends first. Its children, each once:
 *	for (size_t k = r_option_child(u, up, up); k < u->n_opts; k = r_option_child(u, up, k + 1)) */
static inline size_t r_option_child(const struct r_unit *u, uint32_t up, size_t k)
{
	for (; k < u->n_opts && u->opts[k].up >= up; k++)
		if (u->opts[k].up == up)
			return k;
	return u->n_opts;
}

/* Keyword sets are bitsets of sys->kw_words words. */
static inline bool kw_has(const kwword *set, size_t i)
{
	return (set[i / 64] >> (i % 64)) & 1u;
}
static inline void kw_add(kwword *set, size_t i)
{
	set[i / 64] |= (kwword)1 << (i % 64);
}
static inline void kw_del(kwword *set, size_t i)
{
	set[i / 64] &= ~((kwword)1 << (i % 64));
}

#endif
