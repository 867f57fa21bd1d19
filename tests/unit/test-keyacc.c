/* test-keyacc.c - unit tests of keyacc.c: the keyed accumulator of the expression cache and
 * the grouped checks
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "keyacc.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

Test(keyacc, keys_get_indexes_in_the_order_first_seen)
{
	struct keyacc ka = KEYACC_INIT;
	cr_assert_eq(keyacc_find(&ka, "pond-guard"), -1, "an empty accumulator has no key");
	cr_assert_eq(keyacc_slot(&ka, "pond-guard"), 0);
	cr_assert_eq(keyacc_slot(&ka, "reed-scout"), 1);
	cr_assert_eq(keyacc_slot(&ka, "pond-guard"), 0, "a key seen again keeps its index");
	cr_assert_eq(keyacc_slot(&ka, ""), 2, "the empty key is a key");
	cr_assert_eq(ka.n, 3);
	cr_assert_str_eq(ka.keys[1], "reed-scout");
	cr_assert_eq(keyacc_find(&ka, "reed-scout"), 1);
	cr_assert_eq(keyacc_find(&ka, "Reed-Scout"), -1, "keys are case-sensitive");
	cr_assert_eq(ka.counts[0], 0, "a slot starts at count 0");
	cr_assert_eq(ka.live, 0, "no key has a count above 0 yet");
	keyacc_release(&ka);
	cr_assert_eq(ka.n, 0);
	cr_assert_null(ka.keys);
	cr_assert_eq(keyacc_find(&ka, "pond-guard"), -1, "released: empty again");
}

Test(keyacc, counts_and_live_keys_follow_every_delta)
{
	struct keyacc ka = KEYACC_INIT;
	cr_assert_eq(keyacc_add(&ka, "green", 1), 0);
	cr_assert_eq(keyacc_add(&ka, "green", 1), 0);
	cr_assert_eq(keyacc_add(&ka, "blue", 1), 1);
	cr_assert_eq(ka.counts[0], 2);
	cr_assert_eq(ka.live, 2);
	/* The expression cache takes an item's share back out (<not-this/>). */
	keyacc_add(&ka, "blue", -1);
	cr_assert_eq(ka.counts[1], 0);
	cr_assert_eq(ka.live, 1, "a key back at 0 is no longer live");
	keyacc_add(&ka, "blue", -1);
	cr_assert_eq(ka.live, 1, "below 0 is not live either");
	keyacc_add(&ka, "blue", 2);
	cr_assert_eq(ka.counts[1], 1);
	cr_assert_eq(ka.live, 2);
	keyacc_add(&ka, "green", -2);
	cr_assert_eq(ka.live, 1);
	cr_assert_eq(ka.n, 2, "keys stay when their count falls");
	keyacc_release(&ka);
}

Test(keyacc, counts_saturate_never_wrap)
{
	struct keyacc ka = KEYACC_INIT;
	keyacc_add(&ka, "horde", LONG_MAX);
	keyacc_add(&ka, "horde", 5);
	cr_assert_eq(ka.counts[0], LONG_MAX);
	cr_assert_eq(ka.live, 1);
	keyacc_add(&ka, "void", LONG_MIN);
	keyacc_add(&ka, "void", -5);
	cr_assert_eq(ka.counts[1], LONG_MIN);
	cr_assert_eq(ka.live, 1);
	keyacc_release(&ka);
}

/* Untrusted input may bring many keys: each is found again at its own index, and the arrays
 * grow geometrically (memory linear in the keys), not by one per key. */
Test(keyacc, many_keys_stay_linear)
{
	enum { N = 100000 };
	struct keyacc ka = KEYACC_INIT;
	char key[32];
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < N; i++) {
			snprintf(key, sizeof(key), "k%d", i);
			cr_assert_eq(keyacc_add(&ka, key, 1), (size_t)i);
		}
	cr_assert_eq(ka.n, N);
	cr_assert_eq(ka.live, N);
	cr_assert_leq(ka.cap_keys, 2 * (size_t)N + 64);
	cr_assert_leq(ka.cap_counts, 2 * (size_t)N + 64);
	for (int i = 0; i < N; i += 997) {
		snprintf(key, sizeof(key), "k%d", i);
		cr_assert_eq(keyacc_find(&ka, key), i);
		cr_assert_eq(ka.counts[i], 2);
	}
	keyacc_release(&ka);
}
