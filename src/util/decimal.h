/* Exact decimals as scaled whole numbers: a cost of scale 2 holds 1.25 as 125. Sums of them are
 * whole sums, exact; a scale of 0 is a whole number, printed as before. */
#ifndef MUSTER_DECIMAL_H
#define MUSTER_DECIMAL_H

/* The most decimal places a value may have (a cost type's scale), and the size of a buffer
 * that holds any formatted long of any scale. */
#define DEC_MAX_SCALE 4
#define DEC_BUF 32

enum dec_status {
	DEC_OK,
	DEC_JUNK,    /* not a decimal: "", "1.", "1e3", "x" */
	DEC_PRECISE, /* more decimal places than the scale holds */
	DEC_RANGE    /* outside [min, max] (after scaling) */
};

/* The decimal places s uses, its trailing zeros not counted ("1.50": 1, "2.0": 0); 0 for what
 * is no decimal. */
unsigned dec_places(const char *s);

/* 10 to the scale (at most DEC_MAX_SCALE). */
long dec_unit(unsigned scale);

/* The decimal s ("-12", "0.25", "3.10") times 10^scale into *out, when in [min, max] (scaled
 * values). Leading and trailing blanks are allowed, as XML writers leave them. */
enum dec_status dec_parse(const char *s, unsigned scale, long min, long max, long *out);

/* v, scaled by 10^scale, as a decimal without trailing zeros ("1.25", "0.5", "3", "-0.1"):
 * written into buf, which it returns. */
const char *dec_format(long v, unsigned scale, char buf[DEC_BUF]);

#endif
