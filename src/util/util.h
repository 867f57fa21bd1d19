/* util.h - allocation, growable strings and arrays
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Allocation failure aborts with a message (the tmux xmalloc pattern): callers never check.
 */
#ifndef MUSTER_UTIL_H
#define MUSTER_UTIL_H

#include "muster.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
void *xreallocarray(void *p, size_t nmemb, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Returns a newly allocated formatted string; caller frees. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* A growable NUL-terminated string. */
struct strbuf {
	char *s;
	size_t len, cap;
};
#define STRBUF_INIT { NULL, 0, 0 }
void strbuf_add(struct strbuf *sb, const char *s, size_t n);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addc(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the string and leaves sb empty; never NULL; caller frees. */
char *strbuf_detach(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);

/* Grows *arr (of *cap elements of size sz) so that it holds at least n elements. */
void grow_array(void **arr, size_t *cap, size_t n, size_t sz);
#define GROW(arr, cap, n) grow_array((void **)&(arr), &(cap), (n), sizeof(*(arr)))

/* An arena: many small blocks of one owner (an evaluation's units), taken from large chunks
 * and freed all at once. A block of 8 bytes costs 8, where malloc's costs 32. Blocks are
 * zeroed and aligned for pointers and 64-bit integers (not long double). Built with AddressSanitizer, each block is its
 * own malloc, so that the sanitizer still sees every overflow and use after free. */
struct arena {
	struct arena_chunk *chunks;
	size_t used, size;       /* of the newest chunk */
};
#define ARENA_INIT { NULL, 0, 0 }
void *arena_alloc(struct arena *a, size_t nmemb, size_t size);
void arena_release(struct arena *a);
/* A copy of the n bytes at s, and a NUL, in arena a: 8 bytes for a 7-character id. */
char *arena_strndup(struct arena *a, const char *s, size_t n);

/* A string key and the place it stands at (an index), to order places by key. */
struct key_at {
	const char *key;
	uint32_t at;
};
/* Sorts v[0..n) by key, then by place, and returns the places in that order: a new array of
 * n + 1 (the last 0), never NULL. Equal keys stand together, the first place first. */
uint32_t *key_order(struct key_at *v, size_t n);

/* Parses a whole decimal integer in [min, max]; returns 0 or -1 (not a number, out of range). */
int parse_long(const char *s, long min, long max, long *out);

/* Rounds num/den (den > 0) per mode; used by every "per N points" and percentage bound. */
enum rounding { ROUND_UP, ROUND_DOWN };
long div_round(long num, long den, enum rounding mode);

/* Splits s on white space; returns a NULL-terminated array of new strings; caller frees with
 * strv_free. *n (may be NULL) gets the count. */
char **strv_split(const char *s, size_t *n);
void strv_free(char **v);



/* "Did you mean": the candidate nearest to a misspelt word, by edit distance (ASCII letters
 * compared without case), within a cap that grows with the word's length (a third of it, at
 * least 2). Each offer costs at most the product of the two lengths, both capped at
 * NEAREST_MAX_LEN characters, and stops early once a row passes the cap: one pass over n
 * candidates is linear in n. */
#define NEAREST_MAX_LEN 64
struct nearest {
	const char *word;
	size_t cap;
	const char *best;   /* the answer of the nearest candidate so far, or NULL */
	size_t dist;        /* its distance; cap + 1: none is near, best holds the words */
	bool clash;         /* two answers hold the words: neither is offered */
};
void nearest_init(struct nearest *n, const char *word);
/* Offers candidate cand; answer (often cand itself, or the id of a name) is what best holds.
 * When no candidate is near, best is the candidate that holds every word of the word asked
 * (ASCII letters and digits, three at least) when that is one answer alone: "Fire-Oil"
 * finds "05 - Fire-Oil". */
void nearest_offer(struct nearest *n, const char *cand, const char *answer);
/* The edit distance of a and b, or cap + 1 when it is larger (or either is too long). */
size_t edit_distance(const char *a, const char *b, size_t cap);

/* Names as players type them: the quotes a name is printed in ("Lord X", \u201cLord X\u201d)
 * and ASCII case do not count. name_fit says how typed fits name: NAME_SAME (the same
 * name), NAME_PREFIX (typed is the start of name, at least one character), else NAME_NO. */
enum name_fit { NAME_NO, NAME_PREFIX, NAME_SAME };
enum name_fit name_fit(const char *name, const char *typed);
/* Does a whole word of a (ASCII letters and digits, at least 3 of them; its first
 * SHARES_WORD_MAX words) stand as a whole word in b, case aside? "goose-guard" and
 * "Goose Warden" do. */
#define SHARES_WORD_MAX 8
bool shares_word(const char *a, const char *b);
/* name without the quotes around it, as a message suggests it. Caller frees. */
char *name_bare(const char *name);

/* A copy of s in which every character XML 1.0 cannot hold, even as a reference (a control
 * character other than tab, line feed and return; bytes that are not UTF-8), is U+FFFD, as
 * strbuf_add_escaped writes it: for text given to libxml2, which would write such a character
 * as a reference that no parser reads back. Caller frees. */
char *xml_chars(const char *s);
/* Can every character of s be written in XML 1.0 (xml_chars would change nothing)? */
bool xml_text_ok(const char *s);
/* Appends s with & < > " ' escaped, for XML and HTML text and attribute values. */
void strbuf_add_escaped(struct strbuf *sb, const char *s);
/* Appends the attribute ' name="value"', value escaped; nothing when value is NULL. */
void strbuf_add_attr(struct strbuf *sb, const char *name, const char *value);
/* The same for HTML a person reads: bidirectional controls (bidi_control) also become the
 * visible text "\u202e", so that a name cannot reorder what it shows or what stands beside it.
 * XML keeps them: it is data for tools, read back as it was written. */
void strbuf_add_html(struct strbuf *sb, const char *s);
/* The code point of the bidirectional formatting character that starts s (U+061C, U+200E,
 * U+200F, U+202A..U+202E, U+2066..U+2069), or 0. Such a character reorders the text around it
 * on screen and on paper: "Bob <U+202E>lagelli<U+202C>" reads "Bob illegal". Each is 2 bytes
 * (U+061C) or 3 long. */
unsigned bidi_control(const char *s);
/* Appends s for a terminal: control characters (C0, DEL, C1), bidirectional controls and
 * bytes that are not UTF-8 become visible escapes ("\x1b", "\n", "\u009b", "\u202e");
 * everything else is copied. */
void strbuf_add_visible(struct strbuf *sb, const char *s);
/* The same for text of several lines: line feeds are kept. */
void strbuf_add_visible_text(struct strbuf *sb, const char *s);
#endif
