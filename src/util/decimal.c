/* Exact decimals as scaled whole numbers (decimal.h). */
#include "decimal.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

long dec_unit(unsigned scale)
{
	long u = 1;
	for (unsigned i = 0; i < scale && i < DEC_MAX_SCALE; i++)
		u *= 10;
	return u;
}

/* The digits of s after its dot, their trailing zeros not counted, or -1 when s is no
 * decimal; *end: where its number ends. */
static int frac_places(const char *s, const char **end)
{
	s = skip_blanks(s);
	if (*s == '-' || *s == '+')
		s++;
	size_t ints = strspn(s, "0123456789");
	s += ints;
	int places = 0;
	if (*s == '.') {
		size_t n = strspn(s + 1, "0123456789");
		if (n == 0)
			return -1;
		for (size_t i = 0; i < n; i++)
			if (s[1 + i] != '0')
				places = (int)i + 1;
		s += 1 + n;
	}
	*end = s;
	return ints == 0 || *skip_blanks(s) ? -1 : places;
}

unsigned dec_places(const char *s)
{
	const char *end;
	int p = s ? frac_places(s, &end) : -1;
	return p < 0 ? 0 : (unsigned)p;
}

enum dec_status dec_parse(const char *s, unsigned scale, long min, long max, long *out)
{
	const char *end;
	int places = s ? frac_places(s, &end) : -1;
	if (places < 0 || scale > DEC_MAX_SCALE)
		return DEC_JUNK;
	if ((unsigned)places > scale)
		return DEC_PRECISE;
	s = skip_blanks(s);
	bool neg = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	long v = 0;
	unsigned after = 0;
	bool frac = false, range = false;
	for (; s < end; s++) {
		if (*s == '.') {
			frac = true;
			continue;
		}
		if (frac && after == scale)
			break; /* the rest are zeros */
		after += frac;
		/* the value is built negative: -LONG_MIN does not fit */
		range |= __builtin_mul_overflow(v, 10, &v) || __builtin_sub_overflow(v, *s - '0', &v);
	}
	for (; after < scale; after++)
		range |= __builtin_mul_overflow(v, 10, &v);
	if (!neg)
		range |= __builtin_mul_overflow(v, -1, &v);
	if (range || v < min || v > max)
		return DEC_RANGE;
	*out = v;
	return DEC_OK;
}

const char *dec_format(long v, unsigned scale, char buf[DEC_BUF])
{
	if (scale == 0 || scale > DEC_MAX_SCALE) {
		snprintf(buf, DEC_BUF, "%ld", v);
		return buf;
	}
	long unit = dec_unit(scale);
	/* the remainder has v's sign: its magnitude, and the quotient's, fit */
	long q = v / unit, r = v % unit;
	if (r < 0)
		r = -r;
	if (r == 0) {
		snprintf(buf, DEC_BUF, "%ld", q);
		return buf;
	}
	int n = snprintf(buf, DEC_BUF, "%s%ld.%0*ld", v < 0 && q == 0 ? "-" : "", q, (int)scale, r);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	return buf;
}
