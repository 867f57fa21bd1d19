/* bs-int.h - what the files of the BattleScribe reader share, and nothing outside it includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The reader (bs-read.h) is split by job: bs-read.c reads the files, the game system's
 * definitions (cost types, categories, profile types, forces), the catalogues and their links,
 * and counts what is not enforced yet; bs-entries.c builds the entries and reads what stands
 * under them, following entry links to shared entries and groups, into templates read once;
 * bs-tree.c makes an entry's option tree from them at its first look-up. Every function here that returns int
 * returns 0, or -1 with a fatal diagnostic.
 */
#ifndef MUSTER_BS_INT_H
#define MUSTER_BS_INT_H

#include "muster.h"
#include "model.h"
#include "xml.h"

#define NS_BS_SYSTEM "http://www.battlescribe.net/schema/gameSystemSchema"
#define NS_BS_CATALOGUE "http://www.battlescribe.net/schema/catalogueSchema"

/* Links nest at most this deep below an entry (a cycle of links stops here), and an entry
 * takes at most this many options, the bounds of the catalog reader's links (catalog-tree.c).
 * The links of a whole system bring at most this many options: each is a place (its id path,
 * bounds, parent: a 136-byte record and about 100 bytes of path) sharing its entry's
 * definition (bsdef), made when its entry is looked up (bs-tree.c), so a million is a few
 * hundred MB at worst, made all, by a command that reads every entry; Warhammer 40,000 10th
 * edition's links bring about 567,000. */
#define BS_DEPTH_MAX 32
#define BS_INFOS_MAX 1000        /* profiles and rules a selection shows (bs-infos.c) */
#define BS_INFO_CHARS_MAX 200    /* characteristics of a profile shown */
#define BS_ENTRY_OPTIONS_MAX 100000
#define BS_SYSTEM_LINKED_MAX 1000000
/* A system has at most this many files, and a file links at most this many catalogues: a
 * catalogue's links are followed breadth first once, and each lookup of a linked id tries the
 * files it sees (Warhammer 40,000 10th edition: 47 files, at most 5 links in one). */
#define BS_FILES_MAX 500
#define BS_LINKS_MAX 200
/* A system is read at most this many times more, each try without a catalogue whose content
 * failed to read in the one before (bs-read.c's load): a few broken catalogues are left out,
 * a directory of many is refused, at a bounded cost. */
#define BS_TRIES_MAX 16

/* One file of the system: the game system first, then its catalogues. */
struct bsfile {
	char *path;
	size_t src;             /* a catalogue: its index among the files asked for (cats) */
	xmlDocPtr doc;
	xmlNodePtr root;
	char *id;
	bool library;
	struct catalog *cat;    /* its catalog (NULL for a game system with no root entries) */
	size_t *links;          /* files it links (catalogueLinks), by index */
	bool *imports;          /* ... and whether each link imports that file's root entries */
	size_t n_links;
	size_t *sees;           /* files it sees: itself, then those its links reach, breadth first */
	size_t n_sees;
	size_t *brings;         /* catalogues whose root entries it imports, transitively */
	size_t n_brings;
	struct idx *shared;     /* id -> sharedSelectionEntry or sharedSelectionEntryGroup node */
	struct idx *profiles;   /* id -> sharedProfile node */
	struct idx *rules;      /* id -> sharedRule node */
	struct idx *infogroups; /* id -> sharedInfoGroup node */
	struct bs_cand *cands;  /* its constraints, modifiers, conditions and repeats, in */
	size_t n_cands, cap_cands; /* ... document order (bs-read.c) */
};

/* A constraint, modifier, condition or repeat (or group of them) of a file, as the reader
 * found it: what is not enforced is recorded from these, not from another walk of the tree. */
struct bs_cand {
	xmlNodePtr node;
	int kind;               /* enum bs_pending_kind */
	uint32_t up;            /* 1 + the index of the nearest one it stands within; 0: none */
};

/* A catalogue left out while the system is read (bs-leftout.c), its strings malloc'd: id
 * NULL when the file did not say one. */
struct bs_gone {
	char *id, *name, *file;
	long line, col;
	char *why;
};
struct bs_gones {
	struct bs_gone *v;
	size_t n, cap;
};

/* A template's key in the reader's table (bs-entries.c's tpl_slot). */
struct tkey {
	const void *node;
	size_t fi, home, hash;
	struct tpl *t;
};

struct bsctx {
	struct system *sys;
	struct diags *d;
	struct bs_gones *gone;  /* the catalogues left out: those of earlier tries first */
	const bool *skip;       /* cats[i] left out by an earlier try: not read again */
	struct bsfile *f;       /* f[0] is the game system */
	size_t n;
	size_t brought;         /* options the links of the whole system made */
	struct idx *modified;   /* ids that modifiers' field= name: constraints they change */
	struct idx *items;      /* profile node -> its struct item, made once */
	struct idx *infos;      /* profile or rule node -> its struct bs_info (bs-infos.c) */
	bool nested;            /* bs-modifiers.c: reading the hidden modifiers of a group or
	                         * option below a root entry (no scope of a selection) */
	bool option;            /* ... and, nested, an option's own modifiers, decided on each
	                         * instance of it (scopes self, parent and ancestor: its tree) */
	bool unit;              /* bs-constraints.c: reading the value of a root entry's
	                         * constraint of scope self, decided on each unit of it (a
	                         * count of scope self: the unit's own selections) */
	bool at_force;          /* ... reading the modifiers of a force's categoryLink, or
	                         * the value of a root entry's constraint counted in a force or
	                         * the roster: no one selection decides it (a scope of self or of
	                         * an entry's id is not read) */
	struct idx *pubs;       /* publication id -> its name (bs-infos.c), the first of an id */
	struct idx *con_ids;    /* constraint id -> its one copy in the system's arena: an
	                         * option's ref and min_ref, shared by every place of it */
	struct idx *maps;       /* constraint node -> what bs_con_maps found, made once */
	struct idx *leaf_forces; /* forceEntry id -> its force_def, for a force entry with no
	                          * force entries within it (a constraint's scope by id) */
	struct tkey *tmap;      /* the templates of option trees read (struct tpl) */
	size_t n_tmap, cap_tmap;
};

/* bs-leftout.c: a record added to g (copies of its strings; name NULL: file); g's records
 * from the n-th on freed; all of them freed; copied to sys->bs->left_out. */
void bs_gone_add(struct bs_gones *g, const char *id, const char *name, const char *file,
                 long line, long col, const char *why);
void bs_gones_truncate(struct bs_gones *g, size_t n);
void bs_gones_release(struct bs_gones *g);
void bs_gones_keep(struct system *sys, const struct bs_gones *g);
/* bs-leftout.c: each catalogue of c->f (not the game system) with a catalogue link to no
 * file of c->f, and each that links such a one, directly or through others, left out: a
 * record in c->gone each, at that link; its document freed and taken out of c->f, the others
 * staying in their order. Before any index of the files is made. */
void bs_leave_out_unlinked(struct bsctx *c);
/* bs-leftout.c: the catalogue links of file fi into f->links (the other files' ids in by_id:
 * -1 for one naming no file, fatal); the files fi reaches by them (all, or those that import
 * root entries), itself first, breadth first, each once; of a try that failed with
 * diagnostics d, the catalogue the first fatal one is in recorded as left out (c->gone) and
 * its index among the files asked for returned, SIZE_MAX when that is the game system or no
 * file. */
int bs_read_links(struct bsctx *c, size_t fi, struct idx *by_id);
size_t *bs_reach(const struct bsctx *c, size_t fi, bool imports_only, size_t *n_out);
size_t bs_blame(struct bsctx *c, const struct diags *d);

#define BSFAIL(c, file, node, ...) \
	do { \
		diags_add((c)->d, SEV_FATAL, (file), xml_line(node), xml_col(node), NULL, NULL, \
		          __VA_ARGS__); \
		return -1; \
	} while (0)

/* bs-read.c: v (taken; a name read from a file) without the white space around it, or a copy
 * of fallback (NULL: "") when v is NULL. */
char *bs_trim(char *v, const char *fallback);
/* bs-read.c: whether a constraint element becomes its option's (or choice's) min or max; the
 * same with its record kept as not enforced when not (once per element); an element looked up
 * by id in idx `which` (0: shared entries and groups, 1: profiles, 2: rules, 3: info groups) of file fi, the
 * files fi links, file home and the files it links, then the game system; the decimal value of
 * attribute name of n times 10^scale, in [min, max] (scaled; refusing more places). */
bool bs_constraint_maps(xmlNodePtr con, long *value);
/* bs_con_maps: bs_constraint_maps of constraint con of file fi, worked out the first time
 * (a shared entry's constraints are asked once for every place of it). */
bool bs_con_maps(struct bsctx *c, size_t fi, xmlNodePtr con, long *value);
void bs_pend(struct bsctx *c, size_t fi, xmlNodePtr n, uint32_t up);
xmlNodePtr bs_lookup(const struct bsctx *c, size_t fi, size_t home, int which, const char *id,
                     size_t *found_in);
int bs_decimal(struct bsctx *c, size_t fi, xmlNodePtr n, const char *name, unsigned scale,
               long min, long max, long def, long *out);
/* bs-read.c: the key of node n of file fi in an idx of the reader's (c->items, c->infos, ...):
 * tag (a letter that keeps two records of one node apart, or '\0'), then the file and the
 * node's address, in hexadecimal. A file's document is freed once no file left to read sees
 * it: a later file's node may then have the same address, never the same file. Written out
 * by hand: a snprintf per look-up was 7% of reading Warhammer 40,000 10th edition. */
#define BS_NODE_KEY_MAX (4 * sizeof(void *) + 3)
void bs_node_key(char tag, size_t fi, const void *n, char key[static BS_NODE_KEY_MAX]);
/* bs-modifiers.c: takes out the cost modifiers of root entries whose repeats count the cost
 * they change (of the entry itself, or of an entry counting this one's), which BattleScribe
 * would feed back into themselves, and records each such loop in sys->bs. */
void bs_cost_loops(struct bsctx *c);
/* The force entries with no force entries within them, by id, into c->leaf_forces (read
 * once the forces are). */
void bs_leaf_forces(struct bsctx *c);
/* The force entry of that id when it holds no force entries (and no other has its id), or
 * NULL. */
const struct force_def *bs_leaf_force(const struct bsctx *c, const char *id);
/* The index of the category of that id, or -1. */
long bs_category(const struct bsctx *c, const char *id);

/* A node's _private holds what the reader made of it, once: a constraint's, modifier's or
 * condition's mark (bs-constraints.c, bs-modifiers.c, bs-infos.c, bs_pend), a
 * selectionEntry's struct bsdef, a selectionEntryGroup's struct bsgroup and an entryLink's
 * struct bslink (bs-entries.c: what every place of it shares, found without a look-up), or
 * bs_once's mark (profiles, costs).
 *
 * Whether this is the first time n is counted (it is marked): what links reach from several
 * places is counted once. */
static inline bool bs_once(xmlNodePtr n)
{
	if (n->_private)
		return false;
	n->_private = n;
	return true;
}

/* bs-infos.c: what a selection of an entry shows: base (NULL: none) and the profiles and rules
 * nodes[0..n) (of files files[], each reached through infoLink vias[i] or none) add, with
 * owner's page and publicationId unless base has them; base itself when nothing is added, NULL
 * when there is nothing at all. The modifiers that hold always (no conditions, no repeats; in
 * modifier groups with none) of a profile or rule, of the infoLink to it, and those of owner's
 * page, are applied; the others stay not enforced. Its cost types: base's, then those the
 * <costs> of priced[0..n_priced) add, in their order. */
const struct bs_infos *bs_infos_make(struct bsctx *c, xmlNodePtr owner, const xmlNodePtr *nodes,
                                     const size_t *files, const xmlNodePtr *vias, size_t n,
                                     const struct bs_infos *base, const xmlNodePtr *priced,
                                     size_t n_priced);

/* bs-infos.c: the publications of every file, game system first, into c->pubs; those file
 * fi's catalog lists (its own, the files it sees, the game system's) into its pubs. */
void bs_read_publications(struct bsctx *c);
void bs_catalog_publications(struct bsctx *c, size_t fi);
/* bs-infos.c: the rules a force of file fi's catalog lists, into its rules: the catalogue's
 * root rules, then the game system's (BattleScribe lists them on each force). */
void bs_catalog_rules(struct bsctx *c, size_t fi);

/* bs-profiles.c: what forceEntry n of file fi shows (its profiles, rules, page, publication)
 * into *out. */
int bs_force_infos(struct bsctx *c, size_t fi, xmlNodePtr n, const struct bs_infos **out);

/* bs-entries.c: the root entries of file fi (its selectionEntries and entryLinks) into its
 * catalog; the categories an element links into *cats (the primary one into *primary). */
int bs_root_entries(struct bsctx *c, size_t fi);
int bs_category_links(struct bsctx *c, size_t fi, xmlNodePtr owner, size_t **cats,
                      size_t *n_cats, uint32_t *primary);

/* bs-constraints.c: the id modifier k changes, into c->modified (each mapped to the
 * element its modifiers stand on, or to a mark of its own when they stand on several); why
 * constraint con is not made a rule (plain words, kept in its record); the constraints of owner (a
 * selectionEntry or entryLink of file fi) made rules on root entry e, or, when o is not NULL,
 * once for every place of owner (option o one of them, origin its def or via), the others
 * kept as not enforced; the rules made since rule first, after root entry old_id was renamed
 * new_id, made to name it so. */
void bs_modified_id(struct bsctx *c, xmlNodePtr k);
/* bs-constraints.c: the value of constraint con (*value, as the data gives it) after the
 * modifiers of its owner that change it and hold on every roster (no conditions, condition
 * groups or repeats, in no modifier group), in document order; those modifiers are then read.
 * The value stays as the data gives it when one that changes it depends on the roster: false
 * then. */
bool bs_con_fold(const struct bsctx *c, xmlNodePtr con, long *value);
/* bs-constraints.c: whether constraint con, an option's maximum per parent whose value
 * bs_con_fold does not give, is a rule instead (bs_con_on): its modifiers all stand on its
 * own entry or link, and bs_con_value reads them. */
bool bs_con_changed_max(struct bsctx *c, xmlNodePtr con);
/* bs-constraints.c: the constraints of forceEntry k's categoryLinks (force fd) made rules. */
void bs_category_cons(struct bsctx *c, xmlNodePtr k, const struct force_def *fd);
const char *bs_con_why(const struct bsctx *c, xmlNodePtr con);
void bs_con_on(struct bsctx *c, size_t fi, xmlNodePtr owner, const struct entry *e,
               const struct entry_option *o, const void *origin);
void bs_con_offered(struct bsctx *c);
void bs_con_starts(xmlNodePtr owner, struct entry *e);
void bs_con_rename(struct bsctx *c, size_t first, const char *old_id, const char *new_id);
/* The constraints of field forces on forceEntry k, force fd, made rules. */
void bs_force_cons(struct bsctx *c, xmlNodePtr k, const struct force_def *fd);
/* The min and max per parent the constraints of option node n (of file fi) give, and the
 * constraints they come from (bs-entries.c): false when it has none. */
bool bs_read_bounds(struct bsctx *c, size_t fi, xmlNodePtr n, long *min, long *max,
                    xmlNodePtr *lo_con, xmlNodePtr *hi_con);
/* The id of constraint k (NULL: none), malloc'd; or its one copy in the system's arena. */
char *bs_con_id(xmlNodePtr k);
char *bs_con_id_shared(struct bsctx *c, xmlNodePtr k);

/* bs-modifiers.c: the modifiers (and modifier groups) of owner, a root selectionEntry or
 * entryLink, that the rule language says, into e->mods in document order; the others stay
 * kept as not enforced. */
void bs_mods_on(struct bsctx *c, xmlNodePtr owner, struct entry *e);
/* The same for owner, a selectionEntryGroup or selectionEntry below a root entry (or the
 * link to one): its set-hidden modifiers, into (*mods)[0..*n), whose conditions count in the
 * force or the roster (scopes of a selection, parent and self, stay not enforced). */
void bs_hidden_mods_on(struct bsctx *c, xmlNodePtr owner, struct modifier **mods, size_t *n);
/* The modifiers of option node owner (a selectionEntry below a root one, or a link to one)
 * that change the option itself (its name, hidden, categories, costs), into (*mods)[0..*n). */
void bs_option_mods_on(struct bsctx *c, xmlNodePtr owner, struct modifier **mods, size_t *n);
/* The value of the constraint of id id on owner (a force's categoryLink, a root entry, an
 * option), base (scaled by 10^scale) as owner's modifiers of field id change it, in document
 * order (set, increment, decrement; their conditions counted in the force or roster, and
 * repeats; with option, owner an option's node, those of its tree too, as
 * bs_option_mods_on reads them), those modifiers then marked translated; NULL when one of
 * them has another shape. */
struct expr *bs_con_value(struct bsctx *c, xmlNodePtr owner, const char *id, long base,
                          unsigned scale, long line, bool option);
/* h, kept by the system (bs->hides, freed with it). */
const struct bs_hide *bs_hide_keep(struct bsctx *c, struct bs_hide *h);
/* The modifiers of option node n that change the option itself, kept by the system; NULL
 * when it has none. */
const struct bs_hide *bs_own_mods(struct bsctx *c, xmlNodePtr n);
/* The set-hidden modifiers of group g, reached through link or not, kept by the system: read
 * once, the first time a place reaches them (the caller keeps them). */
const struct bs_hide *bs_group_hide(struct bsctx *c, xmlNodePtr g, xmlNodePtr link);

/* --- what every place of a definition or link shares (bs-entries.c) --------------------- */

/* What every place of a selectionEntry shares: read once, the first time a place reaches it,
 * and kept in the system's arena, so that an entry linked from a thousand places is one name,
 * one costs array, one category list and one item (its first profile's) rather than a thousand
 * copies. Only what a place adds (a link's costs, categories, profiles) is made per place. */
struct bsdef {
	struct bs_origin origin; /* its places' def: its modifiers of itself, or NULL */
	char *name;
	long *costs;
	size_t *cats, n_cats;
	struct item *adds;      /* its first profile, or NULL */
	const struct bs_infos *infos; /* all its profiles and rules, page and publication */
	long min, max;          /* per parent, as its constraints give them (bs_read_bounds), */
	char *ref, *min_ref;    /* ... and the ids of those they come from (system's arena) */
	char *id;               /* its own id (system's arena) */
	bool model, collective, hidden; /* its type, collective and hidden attributes */
	bool kids;              /* it holds entries, groups or links (has_kids) */
	bool cons_done;         /* bs_con_on made what its constraints make on its places */
};

/* What an entry link adds to its target's definition (link_adds), for the places of df
 * reached from catalogue file home; made: it is read. */
struct bsadds {
	long *costs;            /* the definition's with the link's, or NULL: the definition's */
	size_t *cats, n_cats;   /* the definition's and the link's categories, when has_cats */
	bool has_cats;
	const struct bs_infos *infos;
	struct item *item;      /* the link's first profile, when df has none; else NULL */
	const struct bsdef *df;
	size_t home;
	bool made;
};

/* What every place reached through an entry link shares: read once, the first time a place
 * reaches the link, kept in the system's arena. Its address is those places' via. */
struct bslink {
	struct bs_origin origin; /* its places' via: its modifiers of its option, or NULL:
	                         * none (bs_own_mods) */
	xmlNodePtr target;      /* what it names, as seen from catalogue file home (follow_link), */
	size_t tf, home;        /* ... the file that defines it, and home; NULL: not looked up */
	bool group;             /* ... a selectionEntryGroup, its type says (else an entry) */
	bool read;              /* the rest is read (link_read: the link of an option) */
	char *id;               /* the link's id (system's arena), or NULL: it has none */
	bool collective, hidden; /* its collective and hidden attributes */
	bool kids;              /* it holds entries, groups or links (has_kids) */
	bool cons_done;         /* bs_con_on made what its constraints make on its places */
	struct bsadds adds;     /* what it adds to its target's definition */
	bool bounds;            /* its constraints give a min and max per parent (bs_read_bounds), */
	long min, max;          /* ... these, */
	char *ref, *min_ref;    /* ... and the ids of those they come from (system's arena) */
	const struct bs_hide *hide; /* a link to a group: its and the group's set-hidden mods, */
	bool cats;              /* ... and whether it links categories */
};

/* What every place of a selectionEntryGroup shares, read the first time a place reaches it,
 * in the system's arena: kept in its node's _private (bs-int.h). */
struct bsgroup {
	char *id, *name, *def;  /* NULL: it has none (its defaultSelectionEntryId: def) */
	bool hidden;
	long min, max;          /* as its constraints give them (bs_read_bounds), */
	char *ref, *min_ref;    /* ... and the ids of those they come from */
	const struct bs_hide *hide; /* its set-hidden modifiers, where it stands */
	bool def_counted;       /* its default, which none of its options is, is counted */
	bool cats;              /* it links categories */
};

/* --- option trees, read once and made at an entry's first look-up (bs-entries.c, bs-tree.c) */

/* What walk makes of the children of one node (a selectionEntry, a selectionEntryGroup or an
 * entryLink) for the entries of one catalogue (home): its template, read once from the
 * documents, in the system's arena. An entry's options are made from its templates at its
 * first look-up (bs_tree_make), after the documents are freed: a roster takes a few of the
 * thousands of entries a system has, each of which would hold a copy of every shared entry its
 * links reach (Warhammer 40,000 10th edition: 567,857 options, 138 MB of records and id
 * paths, made for every command). */
struct tstep {
	const struct bsdef *df;     /* an option's definition; NULL: a group */
	const struct bsgroup *gd;   /* a group's */
	const struct bslink *lk;    /* the link it is reached through, or NULL */
	long *costs;                /* an option's: its definition's, or with its link's */
	size_t *cats;               /* ... its categories, */
	const struct bs_infos *infos; /* ... what it shows, */
	struct item *adds;          /* ... and its item */
	const size_t *gcats;        /* a group's: the categories it and its link give each option
	                             * it holds (group_cats), n_gcats of them */
	uint32_t n_cats, n_gcats;
	int32_t line;               /* its place's line (the link's, else the node's) in file */
	uint32_t file, tf;          /* ... file, and the file of its node */
	const struct tpl *kids[2];  /* what its node holds, and what its link holds, or NULL */
};

struct tpl {
	const struct tstep *v;
	uint32_t n;
	uint32_t size, choices;     /* the options and choices it makes (saturated) */
	uint32_t linked;            /* ... of those options, how many links make */
	uint32_t need;              /* how many levels below the walk of it it nests */
	bool models;                /* an option it makes is a kind of model */
	bool members;               /* it makes an option of its parent (not under another) */
	bool building;              /* it is being read (met again: a cycle of links) */
};

/* A root entry's options still to make: its selectionEntry's template and its root link's
 * (or NULL), their ids' prefix, and its catalogue's file. */
struct bs_tree {
	const struct tpl *t[2];
	const char *prefix;
	size_t home;
	uint32_t size, choices;
};

/* bs-tree.c: whether option id is the one BattleScribe's defaultSelectionEntryId def names,
 * in a group whose options' ids start with kids: the entry's own, or the link's, or the link's
 * target. */
bool bs_is_default(const char *id, const char *kids, const char *def);

/* bs-entries.c and bs-profiles.c: building one entry (e NULL: a force's infos). */
struct bsb {
	struct bsctx *c;
	struct entry *e;
	size_t home;            /* the file of the entry's catalogue */
	long site_line;         /* the line in home of the outermost link to another file */
};

/* The profiles of n (its own, then those its infoLinks and its infoGroups bring) and the names
 * of its rules, collected. */
struct infos {
	xmlNodePtr *prof;
	size_t *prof_file;
	size_t n_prof, cap_prof, cap_file;
	struct strbuf rules;
	xmlNodePtr *all;        /* its profiles and rules, in document order (bs-infos.c) */
	xmlNodePtr *via;        /* ... the infoLink that reaches each, or NULL */
	size_t *all_file, n_all, cap_all, cap_all_file, cap_via;
};

/* bs-profiles.c: the name attribute of n (in the data's language), trimmed, or fallback when
 * it has none; attribute name of n, or old when n lacks it: files of BattleScribe 2.01 spell
 * some of them otherwise (profileTypeId, characteristicTypeId, costTypeId); the line a
 * diagnostic about the entry's option names, in the entry's own file. */
char *bs_name_of(xmlNodePtr n, const char *fallback);
char *bs_prop_or(xmlNodePtr n, const char *name, const char *old);
long bs_line_of(const struct bsb *b, size_t fi, xmlNodePtr n);
/* Profile p of file fi into w: with arena a, all of it in a (an option's item, shared by every
 * place the profile is reached from), else its strings malloc'd (an entry's own items). */
int bs_read_profile(struct bsb *b, size_t fi, xmlNodePtr p, struct item *w, struct arena *a);
/* The profiles and rules of n of file fi into in (bs_infos_release frees them). */
int bs_collect_infos(struct bsb *b, size_t fi, xmlNodePtr n, struct infos *in, int depth);
void bs_infos_release(struct infos *in);
/* The first profile of the infos in, its others counted once each as not shown yet; *w NULL
 * when it has none. */
int bs_first_profile(struct bsb *b, const struct infos *in, struct item **w);

#endif
