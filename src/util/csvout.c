/* csvout.c - the only user of libcsv: writing CSV rows, and reading them back
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * libcsv's csv_write quotes a field and doubles its quotes, but does nothing about formulas:
 * a unit named "=HYPERLINK(...)" in a shared roster must not run in the organiser's
 * spreadsheet, so such cells get a leading ' (DESIGN.md, "Safety recipe"). Spreadsheets skip
 * leading spaces before a formula, and some take a fullwidth "＝" for "=", so the guard looks
 * past every blank or invisible character and knows those forms too: a guard that a no-break
 * space or a zero-width space turns off is no guard.

 */
#include "muster.h"
#include "csvout.h"
#include "util.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

/* The length of the blank or invisible character at s, which a spreadsheet may skip or a
 * reader not see before a formula, or 0. */
static size_t invisible_len(const unsigned char *s)
{
	if (s[0] == ' ')
		return 1;
	if (s[0] == 0xC2 && (s[1] == 0xA0 || s[1] == 0xAD))
		return 2;                       /* no-break space, soft hyphen */
	if (bidi_control((const char *)s) != 0)
		return s[0] == 0xD8 ? 2 : 3;
	if (s[0] == 0xCD && s[1] == 0x8F)
		return 2;                       /* combining grapheme joiner */
	if ((s[0] == 0xE1 && s[1] == 0x9A && s[2] == 0x80) ||  /* ogham space mark */
	    (s[0] == 0xE1 && s[1] == 0xA0 && s[2] == 0x8E) ||  /* Mongolian vowel separator */
	    (s[0] == 0xE2 && s[1] == 0x80 && s[2] >= 0x80 && s[2] <= 0x8D) || /* U+2000..U+200D */
	    (s[0] == 0xE2 && s[1] == 0x80 && s[2] == 0xAF) ||  /* narrow no-break space */
	    (s[0] == 0xE2 && s[1] == 0x81 && s[2] >= 0x9F && s[2] <= 0xAF) || /* U+205F..U+206F */
	    (s[0] == 0xE3 && s[1] == 0x80 && s[2] == 0x80) ||  /* ideographic space */
	    (s[0] == 0xE3 && s[1] == 0x85 && s[2] == 0xA4) ||  /* Hangul filler */
	    (s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) ||  /* BOM, zero-width no-break space */
	    (s[0] == 0xEF && s[1] == 0xBE && s[2] == 0xA0))    /* halfwidth Hangul filler */
		return 3;
	return 0;
}

/* Does s start with a character that begins a formula, or a tab or line break? */
static bool formula_start(const unsigned char *s)
{
	switch (s[0]) {
	case '=': case '+': case '-': case '@':
	case '\t': case '\n': case '\v': case '\f': case '\r':
		return true;
	}
	if (s[0] == 0xC2 && s[1] == 0x85)
		return true;                    /* next line */
	if (s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9))
		return true;                    /* line and paragraph separators */
	if (s[0] == 0xE2 && s[1] == 0x88 && s[2] == 0x92)
		return true;                    /* minus sign */
	if (s[0] == 0xEF && s[1] == 0xBC && (s[2] == 0x9D || s[2] == 0x8B || s[2] == 0x8D))
		return true;                    /* fullwidth = + - */
	if (s[0] == 0xEF && s[1] == 0xBC && s[2] == 0xA0)
		return true;                    /* fullwidth @ */
	if (s[0] == 0xEF && s[1] == 0xB9 && (s[2] == 0xA2 || s[2] == 0xA3 || s[2] == 0xA6 ||
	                                     s[2] == 0xAB))
		return true;                    /* small + - = @ */
	return false;
}

bool csv_is_formula(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t n; (n = invisible_len(p)) != 0; )
		p += n;
	return formula_start(p);
}

/* A whole decimal integer, maybe negative: data, never a formula. */
static bool is_integer(const char *f)
{
	if (f[0] == '-')
		f++;
	return f[0] != '\0' && strspn(f, "0123456789") == strlen(f);
}

static void add_field(struct strbuf *sb, const char *f)
{
	size_t len = strlen(f);
	size_t need = csv_write(NULL, 0, f, len);
	char *buf = xmalloc(need + 1);
	csv_write(buf, need, f, len);
	strbuf_add(sb, buf, need);
	free(buf);
}

void csv_add_row(struct strbuf *sb, const char *const *fields, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *f = fields[i] ? fields[i] : "";
		if (i > 0)
			strbuf_addc(sb, ',');
		if (csv_is_formula(f) && !is_integer(f)) {
			char *safe = xasprintf("'%s", f);
			add_field(sb, safe);
			free(safe);
		} else {
			add_field(sb, f);
		}
	}
	strbuf_adds(sb, "\r\n");
}

int csv_write_row(FILE *out, const char *const *fields, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	csv_add_row(&sb, fields, n);
	size_t w = fwrite(sb.s, 1, sb.len, out);
	bool ok = w == sb.len;
	strbuf_release(&sb);
	return ok && !ferror(out) ? 0 : -1;
}

struct reader {
	char **fields;
	size_t n, cap;
	void (*row)(void *ctx, char **fields, size_t n);
	void *ctx;
};

static void on_field(void *s, size_t len, void *data)
{
	struct reader *rd = data;
	GROW(rd->fields, rd->cap, rd->n + 1);
	rd->fields[rd->n++] = xstrndup(s ? s : "", len);
}

static void on_row(int c, void *data)
{
	(void)c;
	struct reader *rd = data;
	rd->row(rd->ctx, rd->fields, rd->n);
	for (size_t i = 0; i < rd->n; i++)
		free(rd->fields[i]);
	rd->n = 0;
}

int csv_read(const char *text, size_t len,
             void (*row)(void *ctx, char **fields, size_t n), void *ctx)
{
	struct csv_parser p;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return -1;
	struct reader rd = { NULL, 0, 0, row, ctx };
	int rc = 0;
	if (csv_parse(&p, text, len, on_field, on_row, &rd) != len)
		rc = -1;
	if (csv_fini(&p, on_field, on_row, &rd) != 0)
		rc = -1;
	csv_free(&p);
	for (size_t i = 0; i < rd.n; i++)
		free(rd.fields[i]);
	free(rd.fields);
	return rc;
}
