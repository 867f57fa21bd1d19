/* csvout.c - the only user of libcsv: writing CSV rows, and reading them back
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * libcsv's csv_write quotes a field and doubles its quotes, but does nothing about formulas:
 * a unit named "=HYPERLINK(...)" in a shared roster must not run in the organiser's
 * spreadsheet, so such cells get a leading ' (DESIGN.md, "Safety recipe"). Spreadsheets skip
 * leading spaces before a formula, so the guard does too.
 *
 * libcsv is opened the first time a CSV is written or read (dlib.h), not linked: linked, it
 * cost every command 0.12 M instructions at start-up, and only CSV exports and reports use
 * it.
 */
#include "muster.h"
#include "csvout.h"
#include "dlib.h"
#include "util.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

/* What is used of libcsv, once it is open. */
static struct {
	__typeof__(csv_write) *write;
	__typeof__(csv_init) *init;
	__typeof__(csv_parse) *parse;
	__typeof__(csv_fini) *fini;
	__typeof__(csv_free) *free;
} csv;
static const struct dlib_sym csv_syms[] = {
	DLIB_SYM(__typeof__(csv), write, csv_write),
	DLIB_SYM(__typeof__(csv), init, csv_init),
	DLIB_SYM(__typeof__(csv), parse, csv_parse),
	DLIB_SYM(__typeof__(csv), fini, csv_fini),
	DLIB_SYM(__typeof__(csv), free, csv_free),
};
static struct dlib csv_lib = DLIB_INIT(CSV_SONAME, csv_syms, &csv);

const char *csv_unavailable(void)
{
	return dlib_open(&csv_lib) == 0 ? NULL : dlib_why(&csv_lib);
}

bool csv_is_formula(const char *s)
{
	if (s[0] == '\t' || s[0] == '\r' || s[0] == '\n')
		return true;
	s += strspn(s, " ");
	return s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' ||
	       s[0] == '\r' || s[0] == '\n';
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
	size_t need = csv.write(NULL, 0, f, len);
	char *buf = xmalloc(need + 1);
	csv.write(buf, need, f, len);
	strbuf_add(sb, buf, need);
	free(buf);
}

int csv_add_row(struct strbuf *sb, const char *const *fields, size_t n)
{
	if (dlib_open(&csv_lib) != 0)
		return -1;
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
	return 0;
}

int csv_write_row(FILE *out, const char *const *fields, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	if (csv_add_row(&sb, fields, n) != 0)
		return -1;
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
	if (dlib_open(&csv_lib) != 0 || csv.init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return -1;
	struct reader rd = { NULL, 0, 0, row, ctx };
	int rc = 0;
	if (csv.parse(&p, text, len, on_field, on_row, &rd) != len)
		rc = -1;
	if (csv.fini(&p, on_field, on_row, &rd) != 0)
		rc = -1;
	csv.free(&p);
	for (size_t i = 0; i < rd.n; i++)
		free(rd.fields[i]);
	free(rd.fields);
	return rc;
}
