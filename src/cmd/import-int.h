/* import-int.h - what import.c and import-line.c share; for those two files only
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#ifndef MUSTER_IMPORT_INT_H
#define MUSTER_IMPORT_INT_H

#include "import.h"
#include "model.h"
#include "util.h"

#include <stdbool.h>

#define IMPORT_N_BUILTIN 9

struct session;
struct rx;

struct iopt {
	const struct entry_option *o;
	long count;
	size_t up;              /* 1 + index of the option it stands under; 0: on the unit */
};

struct iunit {
	const struct entry *e;
	char *label, *join, *id, *attach;
	long models;
	long line;              /* in the text */
	long stated;            /* the points its line gives, or -1 */
	bool each;              /* stated a model ("x5 @ 3 AP") */
	bool counted;           /* its models given by lines under it */
	long line_models;       /* the models the last such line gave ("\u2022 5x Name"), or 0 */
	bool bare;              /* given as "(N)", with no count on the line: models or points? */
	struct iopt *opts;
	size_t n_opts, cap_opts;
};

struct ilist {
	long total, total_line;  /* a total the text states, and its line; total_line 0: none */
	char *title;
	const struct size_def *size;
	const struct size_def *title_size; /* the size its title's figure names, or NULL */
	long limits[8];
	size_t n_limits;
	const struct cost_def *limit_costs[8];
	const struct group *faction;
	struct strbuf fields;
	struct iunit *units;
	size_t n_units, cap_units;
	size_t up;              /* 1 + index of the force it stands in ("Child force of:"); 0: none */
	int depth;              /* 0 for a top force */
	bool title_id;          /* its title is its id, and it has no name (import_to_xml) */
};

struct st {
	struct session *s;
	const struct system *sys;
	const char *file;
	struct diags *d;
	struct rx *rx[IMPORT_N_BUILTIN];
	struct ilist *lists;
	size_t n_lists, cap_lists;
	char *name;
	char *player;           /* a "Player:" line before the first unit: <roster player> */
	long models_above;      /* reading a New Recruit "\u25e6" line: the models of the line above */
	struct strbuf roster_fields;
	long last_id;           /* the number of the last unit id given (unitref_make_id) */
	bool skip;              /* in show's Notes or Legality section */
	bool md;                /* Muster's Markdown ("- Game: NAME") */
	bool titled;            /* show's text: titles underlined with '=' */
	bool keep_going;        /* a line that cannot be read is skipped with a warning */
	const char **costs;     /* the words of the system's costs ("AP"), NULL-terminated */
	const char *size_id;    /* --size and --faction as ids of sys (import_opts_ids) */
	const char *faction_id;
	/* The text a browser copies from the HTML printout (import-rows.c): */
	bool rows;              /* it has a "Game<TAB>NAME" row */
	int row_state;          /* where in the page the lines are */
	size_t card_at;         /* how many units' cards came before */
	struct iunit *card;     /* the unit whose card the lines are in */
	bool card_costs;        /* in its cost table */
};

/* import.c: an error at line of the text (with --keep-going, a line skipped: a warning) */
void import_err(struct st *t, long line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
char *import_trim(const char *s, size_t n);
struct ilist *import_new_list(struct st *t, const char *title);
struct ilist *import_cur_list(struct st *t);

/* import-head.c: a system by id or name; a "Key: value" line (1 when it was one of ours);
 * a Markdown line as text (NULL: taken already). */
const struct system *import_find_system(struct st *t, const char *name, long line);
int import_header(struct st *t, const char *key, const char *v, long line, bool roster);
char *import_from_markdown(struct st *t, const char *line, const char *next);
/* Resolves o's --size and --faction against t->sys (an id, or a name in any case) into
 * t->size_id and t->faction_id; a value that names none is an error of the text's file. */
struct import_opts;
void import_opts_ids(struct st *t, const struct import_opts *o);
/* Text (NUL-terminated) that is another file Muster reads or writes, not a pasted list: an
 * HTML printout, a CSV cost sheet, XML. Returns the message saying what to do instead, or
 * NULL when it may be a list. */
const char *import_other_kind(const char *text);
/* An error when a list of t names no battle size or limit and o gives neither. */
void import_check_sizes(struct st *t, const struct import_opts *o);

/* import-rows.c: a line of the text a browser copies from the HTML printout (next: the
 * line after it, or NULL); list headings and joins it takes itself. Returns what is left to
 * do: IMPORT_ROW_TEXT, read *x as a line of show's text; IMPORT_ROW_LINE, read the line
 * itself so, as one above the lists; IMPORT_ROW_OPTIONS, *x are options of *card;
 * IMPORT_ROW_DONE, nothing (*x is NULL). The caller frees *x. */
enum { IMPORT_ROW_DONE, IMPORT_ROW_TEXT, IMPORT_ROW_LINE, IMPORT_ROW_OPTIONS };
int import_row(struct st *t, const char *line, long no, const char *next, char **x, struct iunit **card);
/* Is line a "Game<TAB>NAME" row, in any shipped language? */
bool import_game_row(const char *line);

/* What t's text stated of its units' points and its lists' totals, for import_check
 * (import-check.c). */
struct import_claims *import_claims_of(const struct st *t);

/* import-write.c: is title u's title as show prints it ("LABEL (ENTRY)" or "ENTRY"), its
 * entry named in any of the data's languages? Each "joins TITLE" of l's units made the
 * unit's attach. */
bool import_titled(const struct iunit *u, const char *title);
void import_resolve_joins(struct st *t, struct ilist *l);

/* The roster file text of what t read (import-write.c). */
char *import_to_xml(struct st *t, const struct import_opts *o);

/* A unit line taken apart (import_tokenise): what is left of it is its name, which may still
 * be "LABEL (ENTRY)", "NAME (OPTIONS)" or "NAME - OPTIONS" (import.c tells them apart by
 * looking the names up). */
struct itok {
	char *name;
	char *options;  /* "A, B" from brackets or after a colon, or NULL */
	long count;     /* models the line gives, or -1 */
	long points;    /* points it states, or -1 */
	bool bare;      /* the points were a bare "(N)": perhaps models */
	bool each;      /* the points are a model's: "x5 @ 3 AP" */
};

/* Takes line apart; costs (NULL-terminated, or NULL) are the words of the system's costs
 * ("AP"). Returns 0, or -1 when no name is left; free k with import_itok_free either way. */
int import_tokenise(const char *line, const char *const *costs, struct itok *k);
void import_itok_free(struct itok *k);
void import_add_options(struct itok *k, const char *text);
/* s[0, n) with the no-break space French puts before ':' and ';' left out, as a new
 * NUL-terminated string (*len, when not NULL: its length): what Muster writes in French
 * is read as in English. */
char *import_plain(const char *s, size_t n, size_t *len);
/* Removes Markdown's bold marks and the backslashes of its escapes, in place. */
void import_unmark(char *s);
/* A total line: 1 with *v when it states a figure, 2 when it has none, 0 when no total. */
int import_total(const char *line, const char *const *costs, long *v);
/* A heading's text without its decorations (caller frees), or NULL; *framed: "+ X +". */
char *import_heading_text(const char *line, bool *framed);
/* Is text one of the words lists are commonly headed with ("HQ", "Troops")? */
bool import_heading_word(const char *text);
/* "joins TARGET" in any shipped language: TARGET (caller frees), or NULL. */
char *import_join_target(const char *text);
/* Is line one of show's lines in any shipped language that carry nothing to import (the
 * table's header, a unit's cost lines)? */
bool import_show_line(const char *line);
/* Is line show's "Points: 60 of 125 spent, 65 left" in any shipped language? */
bool import_spent_line(const char *line);

/* A message of the import sources and one of its translations (or plural forms), as the
 * message catalogs po/LL.po give it: import-words.c, made by src/cmd/po2words.sh at build
 * time. */
struct import_word {
	const char *msgid, *form;
};
extern const struct import_word import_word_table[];
extern const size_t import_word_count;

#define IMPORT_MAX_WORDS 12
/* The words msgid is written in, in every shipped language whatever the current one: msgid
 * itself, the current language's, then each form the table gives it. Fills w (room for
 * IMPORT_MAX_WORDS + 1) with them and a NULL; returns how many. A player pastes what
 * Muster exported in any language. */
size_t import_words(const char *msgid, const char **w);
/* Does s begin with one of msgid's words? Returns that word's length, or 0. */
size_t import_starts_word(const char *s, const char *msgid);
/* Is s one of msgid's words? */
bool import_is_word(const char *s, const char *msgid);
/* Is s one of msgid's words in any case (a key: "Battle Size: X")? */
bool import_is_key(const char *s, const char *msgid);
/* Is s, in any case, one of names (a name in each of the data's languages, or NULL)? */
bool import_in_names(char *const *names, const char *s);
/* Could option o's own name modifiers (BattleScribe's set and append of its name) name it
 * name, in any case, as a printout names it (ex_line_label)? Its name or a name one of them
 * sets, then texts they append, in any order and number: which of them apply depends on the
 * instance taken, which a pasted list does not tell. Bounded whatever the data (import-line.c). */
bool import_renamed_to(const struct entry_option *o, const char *name);

#endif
