/* test-idx.c - unit tests of idx.c: the string-keyed index
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

static void setup(void)
{
	xml_init();
}

TestSuite(idx, .init = setup);

Test(idx, add_get_size)
{
	struct idx *ix = idx_new();
	int a = 1, b = 2;
	cr_assert_eq(idx_size(ix), 0);
	cr_assert_null(idx_get(ix, "quack-marine"));
	cr_assert_eq(idx_add(ix, "quack-marine", &a), 0);
	cr_assert_eq(idx_add(ix, "thunder-tank", &b), 0);
	cr_assert_eq(idx_size(ix), 2);
	cr_assert_eq(idx_get(ix, "quack-marine"), &a);
	cr_assert_eq(idx_get(ix, "thunder-tank"), &b);
	cr_assert_null(idx_get(ix, "Quack-Marine"), "keys are case-sensitive");
	cr_assert_null(idx_get(ix, "quack"), "no prefix matches");
	cr_assert_null(idx_get(ix, ""));
	idx_free(ix);
}

Test(idx, duplicate_is_refused_and_old_value_stays)
{
	struct idx *ix = idx_new();
	int a = 1, b = 2;
	cr_assert_eq(idx_add(ix, "cleave", &a), 0);
	cr_assert_eq(idx_add(ix, "cleave", &b), -1);
	cr_assert_eq(idx_get(ix, "cleave"), &a);
	cr_assert_eq(idx_size(ix), 1, "a refused add must not count");
	idx_free(ix);
}

Test(idx, key_is_copied)
{
	struct idx *ix = idx_new();
	int a = 1;
	char key[] = "sword";
	cr_assert_eq(idx_add(ix, key, &a), 0);
	key[0] = 'X';
	cr_assert_eq(idx_get(ix, "sword"), &a);
	cr_assert_null(idx_get(ix, "Xword"));
	idx_free(ix);
}

Test(idx, empty_key_and_utf8_keys)
{
	struct idx *ix = idx_new();
	int a = 1, b = 2;
	cr_assert_eq(idx_add(ix, "\xe2\x80\x9cQ\xe2\x80\x9d", &a), 0);
	cr_assert_eq(idx_add(ix, "", &b), 0);
	cr_assert_eq(idx_get(ix, "\xe2\x80\x9cQ\xe2\x80\x9d"), &a);
	cr_assert_eq(idx_get(ix, ""), &b);
	cr_assert_eq(idx_size(ix), 2);
	idx_free(ix);
}

Test(idx, many_keys)
{
	struct idx *ix = idx_new();
	static int vals[5000];
	for (int i = 0; i < 5000; i++) {
		char *k = xasprintf("entry-%d", i);
		vals[i] = i;
		cr_assert_eq(idx_add(ix, k, &vals[i]), 0);
		free(k);
	}
	cr_assert_eq(idx_size(ix), 5000);
	for (int i = 0; i < 5000; i += 7) {
		char *k = xasprintf("entry-%d", i);
		int *v = idx_get(ix, k);
		cr_assert_not_null(v, "%s lost", k);
		cr_assert_eq(*v, i);
		free(k);
	}
	cr_assert_null(idx_get(ix, "entry-5000"));
	idx_free(ix);
}

Test(idx, del_only_when_key_maps_to_value)
{
	struct idx *ix = idx_new();
	int a = 1, b = 2;
	cr_assert_eq(idx_add(ix, "k", &a), 0);
	cr_assert_eq(idx_add(ix, "j", &b), 0);
	cr_assert_eq(idx_del(ix, "k", &b), -1, "k maps to a, not b");
	cr_assert_eq(idx_get(ix, "k"), &a);
	cr_assert_eq(idx_size(ix), 2);
	cr_assert_eq(idx_del(ix, "missing", &a), -1);
	cr_assert_eq(idx_del(ix, "k", &a), 0);
	cr_assert_null(idx_get(ix, "k"));
	cr_assert_eq(idx_get(ix, "j"), &b);
	cr_assert_eq(idx_size(ix), 1);
	cr_assert_eq(idx_del(ix, "k", &a), -1, "already gone");
	cr_assert_eq(idx_add(ix, "k", &b), 0, "the key can be added again");
	cr_assert_eq(idx_get(ix, "k"), &b);
	cr_assert_eq(idx_del(NULL, "k", &b), -1);
	cr_assert_eq(idx_del(ix, NULL, &b), -1);
	idx_free(ix);
}

Test(idx, null_tolerance)
{
	cr_assert_null(idx_get(NULL, "x"));
	cr_assert_eq(idx_size(NULL), 0);
	struct idx *ix = idx_new();
	cr_assert_null(idx_get(ix, NULL));
	idx_free(ix);
	idx_free(NULL);
}

Test(idx, null_values_are_indistinguishable_from_absent)
{
	/* Documented behaviour of a pointer index: storing NULL is allowed, get returns NULL. */
	struct idx *ix = idx_new();
	cr_assert_eq(idx_add(ix, "k", NULL), 0);
	cr_assert_eq(idx_size(ix), 1);
	cr_assert_eq(idx_add(ix, "k", NULL), -1, "the key is present even with a NULL value");
	idx_free(ix);
}

/* Up to 8 keys live in a small array, then move to a hash table: every key, every duplicate
 * check and every deletion must work on both sides of the move. */
Test(idx, small_then_hashed)
{
	struct idx *ix = idx_new();
	static int vals[20];
	char key[16];
	for (int i = 0; i < 20; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		cr_assert_eq(idx_add(ix, key, &vals[i]), 0, "add %s", key);
		cr_assert_eq(idx_add(ix, key, &vals[0]), -1, "%s twice", key);
		cr_assert_eq(idx_size(ix), (size_t)i + 1);
		for (int j = 0; j <= i; j++) {
			snprintf(key, sizeof(key), "k%d", j);
			cr_assert_eq(idx_get(ix, key), &vals[j], "%s after %d keys", key, i + 1);
		}
	}
	idx_free(ix);
}

Test(idx, delete_while_small)
{
	struct idx *ix = idx_new();
	int a = 1, b = 2, c = 3;
	idx_add(ix, "a", &a);
	idx_add(ix, "b", &b);
	idx_add(ix, "c", &c);
	cr_assert_eq(idx_del(ix, "b", &a), -1, "only when it maps to that value");
	cr_assert_eq(idx_del(ix, "b", &b), 0);
	cr_assert_null(idx_get(ix, "b"));
	cr_assert_eq(idx_get(ix, "a"), &a);
	cr_assert_eq(idx_get(ix, "c"), &c);
	cr_assert_eq(idx_size(ix), 2);
	cr_assert_eq(idx_add(ix, "b", &c), 0, "a deleted key may come back");
	cr_assert_eq(idx_get(ix, "b"), &c);
	cr_assert_eq(idx_del(ix, "zz", &a), -1);
	cr_assert_eq(idx_add(ix, NULL, &a), -1);
	idx_free(ix);
}
