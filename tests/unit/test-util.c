/* test-util.c - unit tests of util.c: strbuf, parse_long, div_round, strv_split, escaping
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

/* --- strbuf ---------------------------------------------------------------------------------- */

Test(strbuf, add_adds_addc_addf)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_add(&sb, "abcdef", 3);
	cr_assert_str_eq(sb.s, "abc");
	cr_assert_eq(sb.len, 3);
	strbuf_adds(&sb, "-de");
	strbuf_addc(&sb, '!');
	strbuf_addf(&sb, "%d/%s", 42, "x");
	cr_assert_str_eq(sb.s, "abc-de!42/x");
	cr_assert_eq(sb.len, strlen("abc-de!42/x"));
	cr_assert_geq(sb.cap, sb.len + 1);
	strbuf_release(&sb);
	cr_assert_null(sb.s);
	cr_assert_eq(sb.len, 0);
	cr_assert_eq(sb.cap, 0);
}

Test(strbuf, grows_past_many_reallocations)
{
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < 10000; i++)
		strbuf_addc(&sb, (char)('a' + i % 26));
	cr_assert_eq(sb.len, 10000);
	cr_assert_eq(strlen(sb.s), 10000);
	cr_assert_eq(sb.s[9999], (char)('a' + 9999 % 26));
	cr_assert_eq(sb.s[26], 'a');
	strbuf_release(&sb);
}

Test(strbuf, add_keeps_embedded_bytes_and_terminates)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_add(&sb, "a\0b", 3);
	cr_assert_eq(sb.len, 3);
	cr_assert_eq(memcmp(sb.s, "a\0b", 4), 0); /* the terminator after the third byte */
	strbuf_release(&sb);
}

Test(strbuf, detach_empty_is_empty_string_not_null)
{
	struct strbuf sb = STRBUF_INIT;
	char *s = strbuf_detach(&sb);
	cr_assert_not_null(s);
	cr_assert_str_eq(s, "");
	free(s);
}

Test(strbuf, detach_hands_over_and_resets)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "hello");
	char *s = strbuf_detach(&sb);
	cr_assert_str_eq(s, "hello");
	cr_assert_null(sb.s);
	cr_assert_eq(sb.len, 0);
	cr_assert_eq(sb.cap, 0);
	/* The buffer is usable again after a detach. */
	strbuf_adds(&sb, "again");
	cr_assert_str_eq(sb.s, "again");
	strbuf_release(&sb);
	free(s);
}

Test(strbuf, escaped_xml_specials)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "[");
	strbuf_add_escaped(&sb, "a<b>&\"c\"'d'");
	strbuf_adds(&sb, "]");
	cr_assert_str_eq(sb.s, "[a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;]");
	strbuf_release(&sb);
}

Test(strbuf, escaped_leaves_plain_and_utf8_alone)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_add_escaped(&sb, "\xe2\x80\x9c" "Brother Quillus" "\xe2\x80\x9d 2d3\"");
	cr_assert_str_eq(sb.s, "\xe2\x80\x9c" "Brother Quillus" "\xe2\x80\x9d 2d3&quot;");
	strbuf_release(&sb);
	struct strbuf e = STRBUF_INIT;
	strbuf_add_escaped(&e, "");
	char *s = strbuf_detach(&e);
	cr_assert_str_eq(s, "");
	free(s);
}

Test(strbuf, escaped_ampersand_is_not_double_escaped_once)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_add_escaped(&sb, "&amp;");
	cr_assert_str_eq(sb.s, "&amp;amp;");
	strbuf_release(&sb);
}

Test(strbuf, escaped_keeps_cr_lf_tab_and_c1_as_references)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_add_escaped(&sb, "a\rb\nc\td\xc2\x9b" "e\x1b" "f");
	/* ESC has no place in XML 1.0, even as a reference: U+FFFD stands in. */
	cr_assert_str_eq(sb.s, "a&#13;b&#10;c&#9;d&#x9b;e\xef\xbf\xbd" "f");
	strbuf_release(&sb);
}

Test(strbuf, visible_writes_control_characters_out)
{
	static const char *const cases[][2] = {
		{ "plain Caf\xc3\xa9 \xe2\x80\x9cq\xe2\x80\x9d", "plain Caf\xc3\xa9 \xe2\x80\x9cq\xe2\x80\x9d" },
		{ "a\x1b[31mred", "a\\x1b[31mred" },
		{ "line\nbreak\rret\ttab", "line\\nbreak\\rret\\ttab" },
		{ "csi\xc2\x9b" "2J", "csi\\u009b2J" },
		{ "del\x7f", "del\\x7f" },
		{ "bad\xff\xc3", "bad\\xff\\xc3" },
		{ "back\\slash", "back\\slash" },
		{ "", "" },
		/* Bidirectional controls (issue 19): "Bob <RLO>lagelli<PDF>" reads "Bob illegal". */
		{ "Bob \xe2\x80\xaelagelli\xe2\x80\xac", "Bob \\u202elagelli\\u202c" },
		{ "\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xad", "\\u202a\\u202b\\u202d" },
		{ "\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9", "\\u2066\\u2067\\u2068\\u2069" },
		{ "\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c", "\\u200e\\u200f\\u061c" },
		/* Their neighbours are ordinary text: ZWJ, en dash, the Arabic letter before U+061C. */
		{ "\xe2\x80\x8d\xe2\x80\x93\xd8\x9b\xe2\x81\xaa", "\xe2\x80\x8d\xe2\x80\x93\xd8\x9b\xe2\x81\xaa" },
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(cases); i++) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_add_visible(&sb, cases[i][0]);
		cr_expect_str_eq(sb.s ? sb.s : "", cases[i][1], "case %zu", i);
		strbuf_release(&sb);
	}
	struct strbuf sb = STRBUF_INIT;
	strbuf_add_visible_text(&sb, "two\nlines\x1b");
	cr_assert_str_eq(sb.s, "two\nlines\\x1b");
	strbuf_release(&sb);
}

Test(strbuf, html_shows_bidirectional_controls_and_xml_keeps_them)
{
	const char *name = "Bob \xe2\x80\xaelagelli\xe2\x80\xac <b>";
	struct strbuf h = STRBUF_INIT, x = STRBUF_INIT;
	strbuf_add_html(&h, name);
	cr_expect_str_eq(h.s, "Bob \\u202elagelli\\u202c &lt;b&gt;");
	/* XML is data for tools, read back as written: the characters stay. */
	strbuf_add_escaped(&x, name);
	cr_expect_str_eq(x.s, "Bob \xe2\x80\xaelagelli\xe2\x80\xac &lt;b&gt;");
	strbuf_release(&h);
	strbuf_release(&x);
	cr_expect_eq(bidi_control("\xe2\x80\xae"), 0x202Eu);
	cr_expect_eq(bidi_control("\xd8\x9c"), 0x061Cu);
	cr_expect_eq(bidi_control("\xe2\x81\xa9x"), 0x2069u);
	cr_expect_eq(bidi_control("\xe2\x80\xaf"), 0u);   /* narrow no-break space */
	cr_expect_eq(bidi_control("\xe2\x80"), 0u);       /* cut short */
	cr_expect_eq(bidi_control(""), 0u);
}

/* --- allocation helpers ---------------------------------------------------------------------- */

Test(alloc, xasprintf_and_xstrndup)
{
	char *s = xasprintf("%s-%05d", "id", 42);
	cr_assert_str_eq(s, "id-00042");
	free(s);
	char *t = xstrndup("abcdef", 2);
	cr_assert_str_eq(t, "ab");
	free(t);
	char *u = xstrdup("");
	cr_assert_str_eq(u, "");
	free(u);
}

Test(alloc, grow_array_reaches_n_and_keeps_contents)
{
	int *v = NULL;
	size_t cap = 0;
	GROW(v, cap, 1);
	cr_assert_geq(cap, 1);
	v[0] = 7;
	GROW(v, cap, 1000);
	cr_assert_geq(cap, 1000);
	cr_assert_eq(v[0], 7);
	size_t before = cap;
	GROW(v, cap, 10); /* never shrinks */
	cr_assert_eq(cap, before);
	v[999] = 9;
	cr_assert_eq(v[999], 9);
	free(v);
}

/* --- parse_long ------------------------------------------------------------------------------ */

Test(parse_long, plain_numbers)
{
	long v = -1;
	cr_assert_eq(parse_long("42", 0, 100, &v), 0);
	cr_assert_eq(v, 42);
	cr_assert_eq(parse_long("-7", -10, 10, &v), 0);
	cr_assert_eq(v, -7);
	cr_assert_eq(parse_long("+5", 0, 10, &v), 0);
	cr_assert_eq(v, 5);
	cr_assert_eq(parse_long("0", 0, 0, &v), 0);
	cr_assert_eq(v, 0);
}

Test(parse_long, surrounding_white_space_is_allowed)
{
	long v = 0;
	cr_assert_eq(parse_long("  12\t\n", 0, 100, &v), 0);
	cr_assert_eq(v, 12);
}

Test(parse_long, bounds_are_inclusive)
{
	long v = 0;
	cr_assert_eq(parse_long("1", 1, 6, &v), 0);
	cr_assert_eq(v, 1);
	cr_assert_eq(parse_long("6", 1, 6, &v), 0);
	cr_assert_eq(v, 6);
	v = 99;
	cr_assert_eq(parse_long("0", 1, 6, &v), -1);
	cr_assert_eq(parse_long("7", 1, 6, &v), -1);
	cr_assert_eq(parse_long("-1", 0, 6, &v), -1);
	cr_assert_eq(v, 99, "a failed parse must leave *out alone, got %ld", v);
}

Test(parse_long, junk_is_refused)
{
	static const char *const bad[] = {
		"", "   ", "abc", "12abc", "1 2", "3d9", "0x10", "1.5", "1e3", "--1", "+", "-",
		"\xe2\x80\x9c" "1",
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(bad); i++) {
		long v = 1234;
		cr_expect_eq(parse_long(bad[i], -1000, 1000, &v), -1, "'%s' was accepted as %ld",
		             bad[i], v);
		cr_expect_eq(v, 1234, "'%s' changed *out", bad[i]);
	}
	long v = 0;
	cr_assert_eq(parse_long(NULL, 0, 10, &v), -1);
}

Test(parse_long, overflow_is_refused)
{
	long v = 0;
	cr_assert_eq(parse_long("9223372036854775808", LONG_MIN, LONG_MAX, &v), -1);
	cr_assert_eq(parse_long("-9223372036854775809", LONG_MIN, LONG_MAX, &v), -1);
	cr_assert_eq(parse_long("99999999999999999999999", LONG_MIN, LONG_MAX, &v), -1);
	cr_assert_eq(parse_long("9223372036854775807", LONG_MIN, LONG_MAX, &v), 0);
	cr_assert_eq(v, LONG_MAX);
	cr_assert_eq(parse_long("-9223372036854775808", LONG_MIN, LONG_MAX, &v), 0);
	cr_assert_eq(v, LONG_MIN);
}

/* --- div_round (DH-1: every partial number rounds up; AH-3..5: per full 1000 rounds down) --- */

Test(div_round, dh1_examples)
{
	cr_assert_eq(div_round(1999, 1000, ROUND_DOWN), 1);
	cr_assert_eq(div_round(1999, 1000, ROUND_UP), 2);
	cr_assert_eq(div_round(2000, 1000, ROUND_DOWN), 2);
	cr_assert_eq(div_round(2000, 1000, ROUND_UP), 2);
	cr_assert_eq(div_round(2001, 1000, ROUND_UP), 3);
	cr_assert_eq(div_round(2001, 1000, ROUND_DOWN), 2);
}

Test(div_round, zero_and_small)
{
	cr_assert_eq(div_round(0, 1000, ROUND_UP), 0);
	cr_assert_eq(div_round(0, 1000, ROUND_DOWN), 0);
	cr_assert_eq(div_round(1, 1000, ROUND_UP), 1);
	cr_assert_eq(div_round(1, 1000, ROUND_DOWN), 0);
	cr_assert_eq(div_round(7, 1, ROUND_UP), 7);
}

Test(div_round, negatives)
{
	/* Up is toward +infinity, down toward -infinity, whatever the sign. */
	cr_assert_eq(div_round(-1999, 1000, ROUND_UP), -1);
	cr_assert_eq(div_round(-1999, 1000, ROUND_DOWN), -2);
	cr_assert_eq(div_round(-2000, 1000, ROUND_UP), -2);
	cr_assert_eq(div_round(-2000, 1000, ROUND_DOWN), -2);
	cr_assert_eq(div_round(-1, 1000, ROUND_UP), 0);
	cr_assert_eq(div_round(-1, 1000, ROUND_DOWN), -1);
}

Test(div_round, large_values)
{
	cr_assert_eq(div_round(LONG_MAX, 1, ROUND_UP), LONG_MAX);
	cr_assert_eq(div_round(LONG_MAX, 2, ROUND_DOWN), LONG_MAX / 2);
	cr_assert_eq(div_round(LONG_MAX, 2, ROUND_UP), LONG_MAX / 2 + 1);
	cr_assert_eq(div_round(LONG_MIN, 2, ROUND_DOWN), LONG_MIN / 2);
}

/* --- strv_split ------------------------------------------------------------------------------ */

Test(strv_split, splits_on_any_white_space)
{
	size_t n = 99;
	char **v = strv_split("  cleave\tmasterwork\n supercleave\r\n", &n);
	cr_assert_eq(n, 3);
	cr_assert_str_eq(v[0], "cleave");
	cr_assert_str_eq(v[1], "masterwork");
	cr_assert_str_eq(v[2], "supercleave");
	cr_assert_null(v[3]);
	strv_free(v);
}

Test(strv_split, empty_blank_and_null)
{
	size_t n = 99;
	char **v = strv_split("", &n);
	cr_assert_eq(n, 0);
	cr_assert_not_null(v);
	cr_assert_null(v[0]);
	strv_free(v);
	n = 99;
	v = strv_split(" \t\n ", &n);
	cr_assert_eq(n, 0);
	cr_assert_null(v[0]);
	strv_free(v);
	n = 99;
	v = strv_split(NULL, &n);
	cr_assert_eq(n, 0);
	cr_assert_null(v[0]);
	strv_free(v);
	strv_free(NULL); /* allowed */
}

Test(strv_split, count_pointer_may_be_null_and_single_word)
{
	char **v = strv_split("N", NULL);
	cr_assert_str_eq(v[0], "N");
	cr_assert_null(v[1]);
	strv_free(v);
}

Test(strv_split, many_words)
{
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < 500; i++)
		strbuf_addf(&sb, "w%d ", i);
	size_t n = 0;
	char **v = strv_split(sb.s, &n);
	cr_assert_eq(n, 500);
	cr_assert_str_eq(v[0], "w0");
	cr_assert_str_eq(v[499], "w499");
	cr_assert_null(v[500]);
	strv_free(v);
	strbuf_release(&sb);
}

/* --- did you mean ---------------------------------------------------------------------------- */

Test(nearest, edit_distance_counts_edits_without_case)
{
	cr_assert_eq(edit_distance("quack-marine", "quack-marine", 5), 0);
	cr_assert_eq(edit_distance("quack-marin", "quack-marine", 5), 1);
	cr_assert_eq(edit_distance("Quack Marine", "quack-marine", 5), 0); /* space folds to - */
	cr_assert_eq(edit_distance("kitten", "sitting", 5), 3);
	cr_assert_eq(edit_distance("", "abc", 5), 3);
}

Test(nearest, edit_distance_stops_past_the_cap)
{
	cr_assert_eq(edit_distance("kitten", "sitting", 2), 3); /* cap + 1 */
	cr_assert_eq(edit_distance("a", "abcdefgh", 2), 3);     /* lengths alone exceed it */
	char long_a[NEAREST_MAX_LEN + 2], long_b[NEAREST_MAX_LEN + 2];
	memset(long_a, 'a', sizeof(long_a) - 1);
	long_a[sizeof(long_a) - 1] = '\0';
	memcpy(long_b, long_a, sizeof(long_b));
	cr_assert_eq(edit_distance(long_a, long_b, 3), 4); /* too long to compare: no match */
}

Test(nearest, picks_the_closest_within_the_cap)
{
	struct nearest n;
	nearest_init(&n, "impondum");
	nearest_offer(&n, "geese", "geese");
	nearest_offer(&n, "impondium", "impondium");
	nearest_offer(&n, "Impondium Guard", "guard");
	cr_assert_str_eq(n.best, "impondium");
	cr_assert_eq(n.dist, 1);
	/* A later candidate only as near does not replace the first. */
	nearest_offer(&n, "impondiun", "other");
	cr_assert_str_eq(n.best, "impondium");
}

Test(nearest, offers_nothing_when_nothing_is_near)
{
	struct nearest n;
	nearest_init(&n, "space-marine");
	nearest_offer(&n, "goose-warden", "goose-warden");
	nearest_offer(&n, "thunder-tank", "thunder-tank");
	nearest_offer(&n, NULL, "x");
	cr_assert_null(n.best);
}

Test(shares_word, a_whole_word_of_three_letters_or_more)
{
	cr_assert(shares_word("goose-guard", "goose-warden"));
	cr_assert(shares_word("Commander Duck", "\"Lord Commander Mallardine\""));
	cr_assert(shares_word("GOOSE", "Goose Warden"));
	/* part of a word, a word under three letters, none at all */
	cr_assert_not(shares_word("goo-guard", "goose-warden"));
	cr_assert_not(shares_word("of-geese", "warden-of-ducks"));
	cr_assert_not(shares_word("marine", "submarine-x"));
	cr_assert_not(shares_word("--", "goose"));
	cr_assert_not(shares_word(NULL, "goose"));
	cr_assert_not(shares_word("goose", NULL));
	/* only the first SHARES_WORD_MAX words of a count */
	cr_assert_not(shares_word("aaa bbb ccc ddd eee fff ggg hhh goose", "goose"));
	cr_assert(shares_word("aaa bbb ccc ddd eee fff ggg goose", "goose"));
}
