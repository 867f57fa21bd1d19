/* test-decimal.c - unit tests of decimal.c: exact decimals as scaled whole numbers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "decimal.h"

#include <limits.h>

#include <criterion/criterion.h>

static long parsed(const char *s, unsigned scale)
{
	long v = 12345;
	cr_assert_eq(dec_parse(s, scale, LONG_MIN, LONG_MAX, &v), DEC_OK, "%s", s);
	return v;
}

static enum dec_status status(const char *s, unsigned scale)
{
	long v = 12345;
	enum dec_status st = dec_parse(s, scale, LONG_MIN, LONG_MAX, &v);
	if (st != DEC_OK)
		cr_assert_eq(v, 12345, "%s: out written on failure", s);
	return st;
}

Test(decimal, unit)
{
	cr_assert_eq(dec_unit(0), 1);
	cr_assert_eq(dec_unit(2), 100);
	cr_assert_eq(dec_unit(DEC_MAX_SCALE), 10000);
	cr_assert_eq(dec_unit(DEC_MAX_SCALE + 3), 10000);
}

Test(decimal, places)
{
	cr_assert_eq(dec_places("12"), 0);
	cr_assert_eq(dec_places("12.0"), 0);
	cr_assert_eq(dec_places("1.50"), 1);
	cr_assert_eq(dec_places("-0.125"), 3);
	cr_assert_eq(dec_places(" 0.25 "), 2);
	cr_assert_eq(dec_places("0.000001"), 6);
	cr_assert_eq(dec_places("x"), 0);
	cr_assert_eq(dec_places(NULL), 0);
}

Test(decimal, parse_scaled)
{
	cr_assert_eq(parsed("12", 0), 12);
	cr_assert_eq(parsed("12.0", 0), 12);
	cr_assert_eq(parsed("12", 2), 1200);
	cr_assert_eq(parsed("0.1", 1), 1);
	cr_assert_eq(parsed("0.25", 2), 25);
	cr_assert_eq(parsed("1.5", 3), 1500);
	cr_assert_eq(parsed("1.500", 1), 15);
	cr_assert_eq(parsed("-1", 0), -1);
	cr_assert_eq(parsed("-0.5", 2), -50);
	cr_assert_eq(parsed("+3.25", 2), 325);
	cr_assert_eq(parsed(" 7.5\n", 1), 75);
	cr_assert_eq(parsed("9223372036854775807", 0), LONG_MAX);
	cr_assert_eq(parsed("-9223372036854775808", 0), LONG_MIN);
	cr_assert_eq(parsed("922337203685477.5807", 4), LONG_MAX);
}

Test(decimal, parse_refuses_junk)
{
	const char *junk[] = { "", " ", "-", ".", "1.", ".5", "1e3", "0x10", "1,5", "1.2.3", "abc",
		                   "12a", "1 2", "--1", "1.-2" };
	for (size_t i = 0; i < sizeof(junk) / sizeof(*junk); i++)
		cr_assert_eq(status(junk[i], 2), DEC_JUNK, "\"%s\"", junk[i]);
	cr_assert_eq(status(NULL, 0), DEC_JUNK);
	cr_assert_eq(status("1", DEC_MAX_SCALE + 1), DEC_JUNK);
}

Test(decimal, parse_refuses_too_many_places)
{
	cr_assert_eq(status("0.5", 0), DEC_PRECISE);
	cr_assert_eq(status("0.125", 2), DEC_PRECISE);
	cr_assert_eq(status("1.00001", 4), DEC_PRECISE);
	cr_assert_eq(status("0.12340", 4), DEC_OK);
}

Test(decimal, parse_refuses_overflow_and_range)
{
	long v = 0;
	cr_assert_eq(status("9223372036854775808", 0), DEC_RANGE);
	cr_assert_eq(status("-9223372036854775809", 0), DEC_RANGE);
	cr_assert_eq(status("922337203685477.5808", 4), DEC_RANGE);
	cr_assert_eq(status("922337203685478", 4), DEC_RANGE);
	cr_assert_eq(status("99999999999999999999999", 0), DEC_RANGE);
	cr_assert_eq(dec_parse("101", 0, 0, 100, &v), DEC_RANGE);
	cr_assert_eq(dec_parse("-0.01", 2, 0, 100, &v), DEC_RANGE);
	cr_assert_eq(dec_parse("1.01", 2, 0, 100, &v), DEC_RANGE);
	cr_assert_eq(dec_parse("1", 2, 0, 100, &v), DEC_OK);
	cr_assert_eq(v, 100);
}

Test(decimal, format)
{
	char buf[DEC_BUF];
	cr_assert_str_eq(dec_format(50, 0, buf), "50");
	cr_assert_str_eq(dec_format(-1, 0, buf), "-1");
	cr_assert_str_eq(dec_format(5000, 2, buf), "50");
	cr_assert_str_eq(dec_format(5, 1, buf), "0.5");
	cr_assert_str_eq(dec_format(30, 2, buf), "0.3");
	cr_assert_str_eq(dec_format(125, 3, buf), "0.125");
	cr_assert_str_eq(dec_format(1001, 3, buf), "1.001");
	cr_assert_str_eq(dec_format(-5, 1, buf), "-0.5");
	cr_assert_str_eq(dec_format(-15, 1, buf), "-1.5");
	cr_assert_str_eq(dec_format(0, 4, buf), "0");
	cr_assert_str_eq(dec_format(LONG_MAX, 4, buf), "922337203685477.5807");
	cr_assert_str_eq(dec_format(LONG_MIN, 4, buf), "-922337203685477.5808");
	cr_assert_str_eq(dec_format(LONG_MIN, 0, buf), "-9223372036854775808");
	cr_assert_str_eq(dec_format(7, DEC_MAX_SCALE + 1, buf), "7");
}

Test(decimal, round_trip)
{
	const char *vals[] = { "0", "0.1", "0.25", "1.33", "-2.5", "100", "123456789.1234" };
	char buf[DEC_BUF];
	for (size_t i = 0; i < sizeof(vals) / sizeof(*vals); i++)
		cr_assert_str_eq(dec_format(parsed(vals[i], 4), 4, buf), vals[i]);
}
