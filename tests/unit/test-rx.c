/* test-rx.c - unit tests of rx.c: PCRE2 patterns from data files, with limits
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "rx.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <criterion/criterion.h>

static struct rx *compile_ok(const char *pat)
{
	char *err = NULL;
	size_t off = 99;
	struct rx *rx = rx_compile(pat, &err, &off);
	cr_assert_not_null(rx, "'%s' does not compile: %s at %zu", pat, err ? err : "?", off);
	cr_assert_null(err);
	return rx;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

Test(rx, compile_and_match)
{
	struct rx *rx = compile_ok("^Quack (Marine|Recruit)$");
	cr_assert_str_eq(rx_pattern(rx), "^Quack (Marine|Recruit)$");
	cr_assert_eq(rx_match(rx, "Quack Marine"), 1);
	cr_assert_eq(rx_match(rx, "Quack Recruit"), 1);
	cr_assert_eq(rx_match(rx, "Quack Marines"), 0);
	cr_assert_eq(rx_match(rx, ""), 0);
	rx_free(rx);
}

Test(rx, unanchored_search)
{
	struct rx *rx = compile_ok("Marine");
	cr_assert_eq(rx_match(rx, "10x Quack Marine"), 1);
	cr_assert_eq(rx_match(rx, "marine"), 0, "matching is case-sensitive by default");
	rx_free(rx);
	rx = compile_ok("(?i)marine");
	cr_assert_eq(rx_match(rx, "QUACK MARINE"), 1);
	rx_free(rx);
}

Test(rx, bad_pattern_gives_error_and_offset)
{
	char *err = NULL;
	size_t off = 0;
	cr_assert_null(rx_compile("ab(", &err, &off));
	cr_assert_not_null(err);
	cr_assert_gt(strlen(err), 0);
	cr_assert(strstr(err, "parenthes"), "PCRE2's message expected, got '%s'", err);
	cr_assert_eq(off, 3, "the problem is at the end of 'ab(', got offset %zu", off);
	free(err);

	err = NULL;
	off = 0;
	cr_assert_null(rx_compile("a[b", &err, &off));
	cr_assert_not_null(err);
	cr_assert_eq(off, 3);
	free(err);

	err = NULL;
	off = 0;
	cr_assert_null(rx_compile("x{2,1}", &err, &off));
	cr_assert_not_null(err);
	cr_assert_gt(off, 0);
	free(err);
}

Test(rx, error_is_reset_on_success)
{
	char *err = (char *)"stale";
	size_t off = 42;
	struct rx *rx = rx_compile("a", &err, &off);
	cr_assert_not_null(rx);
	cr_assert_null(err);
	cr_assert_eq(off, 0);
	rx_free(rx);
}

Test(rx, backslash_c_refused)
{
	/* \C can split a UTF-8 character: PCRE2_NEVER_BACKSLASH_C must refuse it. */
	char *err = NULL;
	size_t off = 0;
	cr_assert_null(rx_compile("a\\Cb", &err, &off));
	cr_assert_not_null(err);
	free(err);
}

Test(rx, pattern_length_cap)
{
	char *pat = xmalloc(RX_MAX_PATTERN + 2);
	memset(pat, 'a', RX_MAX_PATTERN + 1);
	pat[RX_MAX_PATTERN + 1] = '\0';
	char *err = NULL;
	size_t off = 0;
	cr_assert_null(rx_compile(pat, &err, &off));
	cr_assert_not_null(err);
	cr_assert(strstr(err, "too long"), "%s", err);
	free(err);
	pat[RX_MAX_PATTERN] = '\0'; /* exactly at the cap: fine */
	struct rx *rx = compile_ok(pat);
	rx_free(rx);
	free(pat);
}

Test(rx, catastrophic_backtracking_is_stopped, .timeout = 20)
{
	struct rx *rx = compile_ok("(a+)+$");
	char *s = xmalloc(4001);
	memset(s, 'a', 3999);
	s[3999] = 'b';
	s[4000] = '\0';
	double t0 = now();
	int rc = rx_match(rx, s);
	double dt = now() - t0;
	cr_assert(rc == -1 || rc == 0, "no match possible, got %d", rc);
	cr_assert_lt(dt, 5.0, "took %.1f s: the match limit does not bite", dt);
	free(s);
	rx_free(rx);
}

Test(rx, nested_quantifier_with_alternation_is_stopped, .timeout = 20)
{
	struct rx *rx = compile_ok("^(a|aa)+$");
	char *s = xmalloc(4001);
	memset(s, 'a', 3999);
	s[3999] = '!';
	s[4000] = '\0';
	double t0 = now();
	int rc = rx_match(rx, s);
	double dt = now() - t0;
	cr_assert(rc == -1 || rc == 0, "no match possible, got %d", rc);
	cr_assert_lt(dt, 5.0, "took %.1f s", dt);
	free(s);
	rx_free(rx);
}

Test(rx, subject_length_cap)
{
	struct rx *rx = compile_ok("a");
	char *s = xmalloc(RX_MAX_SUBJECT + 2);
	memset(s, 'a', RX_MAX_SUBJECT + 1);
	s[RX_MAX_SUBJECT + 1] = '\0';
	cr_assert_eq(rx_match(rx, s), -1, "a subject over RX_MAX_SUBJECT must give -1");
	s[RX_MAX_SUBJECT] = '\0';
	cr_assert_eq(rx_match(rx, s), 1, "a subject at the cap is matched");
	free(s);
	rx_free(rx);
}

Test(rx, invalid_utf8_subject)
{
	struct rx *rx = compile_ok(".");
	cr_assert_eq(rx_match(rx, "\xff\xfe"), -1);
	cr_assert_eq(rx_match(rx, "ab\xe2\x80"), -1, "a truncated sequence is invalid too");
	rx_free(rx);
}

Test(rx, invalid_utf8_pattern)
{
	char *err = NULL;
	size_t off = 0;
	cr_assert_null(rx_compile("a\xff", &err, &off));
	cr_assert_not_null(err);
	free(err);
}

Test(rx, character_names_in_quotes)
{
	/* DH-9: Characters are models whose names are written in quotes, straight or curly. */
	struct rx *rx = compile_ok("^[\"\xe2\x80\x9c].*[\"\xe2\x80\x9d]$");
	cr_assert_eq(rx_match(rx, "\xe2\x80\x9c" "Brother Quillus" "\xe2\x80\x9d"), 1);
	cr_assert_eq(rx_match(rx, "\"Lord Commander Mallardine\""), 1);
	cr_assert_eq(rx_match(rx, "\xe2\x80\x9c" "Mixed\""), 1);
	cr_assert_eq(rx_match(rx, "Quack Marine"), 0);
	cr_assert_eq(rx_match(rx, "\"Half quoted"), 0);
	cr_assert_eq(rx_match(rx, "Au'k Veteran"), 0);
	/* A class holds whole characters: a lone byte of the curly quote must not match. */
	cr_assert_eq(rx_match(rx, "\xe2" "x\""), -1, "invalid UTF-8 subject");
	rx_free(rx);
}

Test(rx, utf8_dot_is_one_character)
{
	struct rx *rx = compile_ok("^.$");
	cr_assert_eq(rx_match(rx, "\xe2\x80\x9c"), 1, "one code point, three bytes");
	cr_assert_eq(rx_match(rx, "ab"), 0);
	rx_free(rx);
}

Test(rx, free_null)
{
	rx_free(NULL);
	cr_assert(true);
}

Test(rx, work_budget_spans_every_match_of_a_run)
{
	/* Each match stays under the per-match limit, but together they pass the run's budget. */
	struct rx *rx = compile_ok("^(a|aa|a?a)*(a|a?)*[bc]$");
	rx_set_origin(rx, "hostile.xml", 42);
	rx_budget_reset(1000000);
	const char *pat, *file;
	long line;
	cr_assert_not(rx_budget_spent(&pat, &file, &line));
	int limited = 0, runs = 0;
	while (runs < 1000 && !rx_budget_spent(&pat, &file, &line)) {
		limited += rx_match(rx, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaad") == -1;
		runs++;
	}
	cr_assert(rx_budget_spent(&pat, &file, &line), "the budget is spent after %d runs", runs);
	cr_assert_lt(runs, 1000);
	cr_assert_eq(rx_budget_left(), 0);
	cr_assert_str_eq(pat, "^(a|aa|a?a)*(a|a?)*[bc]$");
	cr_assert_str_eq(file, "hostile.xml");
	cr_assert_eq(line, 42);
	/* Once spent, even an easy match fails: its result would be a guess. */
	struct rx *easy = compile_ok("^a");
	cr_assert_eq(rx_match(easy, "abc"), -1);
	/* A new run starts with a full budget. */
	rx_budget_reset(RX_WORK_BUDGET);
	cr_assert_not(rx_budget_spent(&pat, &file, &line));
	cr_assert_eq(rx_match(easy, "abc"), 1);
	cr_assert_lt(rx_budget_left(), RX_WORK_BUDGET, "a match spends some budget");
	rx_free(easy);
	rx_free(rx);
	(void)limited;
}

/* rx_match remembers the outcome of a run's matches: a repeat gives the same answer and spends
 * the same budget as the first, the budget runs out where it would have, and no other pattern
 * (nor a new one at a freed one's address) gets its answer. */
Test(rx, repeated_match_spends_what_the_first_spent)
{
	struct rx *rx = compile_ok("^[\"\xe2\x80\x9c].*[\"\xe2\x80\x9d]$");
	const char *names[] = { "\"Old Feathers\"", "\xe2\x80\x9cThe Drake\xe2\x80\x9d", "Quack Marine" };
	const int want[] = { 1, 1, 0 };
	rx_budget_reset(RX_WORK_BUDGET);
	for (size_t i = 0; i < 3; i++) {
		uint64_t b0 = rx_budget_left();
		cr_assert_eq(rx_match(rx, names[i]), want[i], "%s", names[i]);
		uint64_t first = b0 - rx_budget_left();
		for (int k = 0; k < 3; k++) {
			uint64_t b = rx_budget_left();
			cr_assert_eq(rx_match(rx, names[i]), want[i], "%s, again", names[i]);
			cr_assert_eq(b - rx_budget_left(), first, "%s spends %llu steps again", names[i],
			             (unsigned long long)first);
		}
	}
	/* Room for the first match and less than the second: the second stops at the budget. */
	rx_budget_reset(RX_WORK_BUDGET);
	uint64_t b0 = rx_budget_left();
	cr_assert_eq(rx_match(rx, names[0]), 1);
	uint64_t steps = b0 - rx_budget_left();
	cr_assert_gt(steps, 1, "the match takes steps");
	rx_budget_reset(2 * steps - 1);
	cr_assert_eq(rx_match(rx, names[0]), 1);
	cr_assert_eq(rx_match(rx, names[0]), -1, "the budget runs out in the second match");
	const char *pat, *file;
	long line;
	cr_assert(rx_budget_spent(&pat, &file, &line));
	cr_assert_str_eq(pat, rx_pattern(rx));
	/* Exactly room for two. */
	rx_budget_reset(2 * steps);
	cr_assert_eq(rx_match(rx, names[0]), 1);
	cr_assert_eq(rx_match(rx, names[0]), 1);
	cr_assert_eq(rx_budget_left(), 0);
	cr_assert_eq(rx_match(rx, names[0]), -1);
	rx_free(rx);
}

Test(rx, one_pattern_never_answers_for_another)
{
	rx_budget_reset(RX_WORK_BUDGET);
	struct rx *a = compile_ok("^a"), *b = compile_ok("^b");
	for (int k = 0; k < 3; k++) {
		cr_assert_eq(rx_match(a, "abc"), 1);
		cr_assert_eq(rx_match(b, "abc"), 0);
	}
	rx_free(a);
	rx_free(b);
	/* More patterns on one subject than the outcomes have slots: some share one. */
	enum { MANY = 600 };
	struct rx *many[MANY];
	for (int k = 0; k < MANY; k++)
		many[k] = compile_ok(k % 3 ? "^a" : "^x");
	for (int round = 0; round < 2; round++)
		for (int k = 0; k < MANY; k++)
			cr_assert_eq(rx_match(many[k], "abc"), k % 3 != 0, "pattern %d, round %d", k, round);
	for (int k = 0; k < MANY; k++)
		rx_free(many[k]);
	/* New patterns, perhaps where the freed ones were. */
	for (int k = 0; k < 8; k++) {
		struct rx *x = compile_ok(k % 2 ? "^a" : "^x");
		cr_assert_eq(rx_match(x, "abc"), k % 2, "pattern %d", k);
		rx_free(x);
	}
}
