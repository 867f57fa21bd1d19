/* diag.c - diagnostics list and its one printer
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "diag.h"
#include "idx.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

struct diag *diags_add(struct diags *d, enum severity sev, const char *file, long line, long col,
                       const char *ref, const char *rule, const char *fmt, ...)
{
	if (d->full)
		return &d->v[d->n - 1];
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	size_t len = strlen(msg);
	if (d->n + 1 >= DIAGS_MAX || d->bytes + len > (size_t)DIAGS_MAX_BYTES) {
		free(msg);
		d->full = true;
		msg = xasprintf(_("too many problems to report: %zu shown, the rest dropped (at most %d "
		                  "messages or %ld MiB per file)"),
		                d->n, DIAGS_MAX, DIAGS_MAX_BYTES / (1024 * 1024));
		len = strlen(msg);
		sev = SEV_FATAL;
		ref = rule = NULL;
	}
	d->bytes += len;
	GROW(d->v, d->cap, d->n + 1);
	struct diag *g = &d->v[d->n++];
	g->msg = msg;
	g->sev = sev;
	g->file = dup_or_null(file);
	g->line = line;
	g->col = col;
	g->ref = dup_or_null(ref);
	g->rule = dup_or_null(rule);
	switch (sev) {
	case SEV_ERROR: d->errors++; break;
	case SEV_WARNING: d->warnings++; break;
	case SEV_FATAL: d->fatals++; break;
	case SEV_NOTE: break;
	}
	return g;
}

void diags_merge(struct diags *dst, const struct diags *src)
{
	for (size_t i = 0; i < src->n; i++) {
		const struct diag *g = &src->v[i];
		diags_add(dst, g->sev, g->file, g->line, g->col, g->ref, g->rule, "%s", g->msg);
	}
}

static int cmp_place(const struct diag *a, const struct diag *b)
{
	int f = strcmp(a->file ? a->file : "", b->file ? b->file : "");
	if (f)
		return f;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return 0;
}

void diags_sort(struct diags *d)
{
	/* A stable merge sort: a hostile list may give 100,000 diagnostics in any order. */
	if (d->n < 2)
		return;
	struct diag *tmp = xcalloc(d->n, sizeof(*tmp));
	struct diag *a = d->v, *b = tmp;
	for (size_t w = 1; w < d->n; w *= 2) {
		for (size_t lo = 0; lo < d->n; lo += 2 * w) {
			size_t mid = lo + w < d->n ? lo + w : d->n;
			size_t hi = lo + 2 * w < d->n ? lo + 2 * w : d->n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				b[k++] = cmp_place(&a[j], &a[i]) < 0 ? a[j++] : a[i++];
			while (i < mid)
				b[k++] = a[i++];
			while (j < hi)
				b[k++] = a[j++];
		}
		struct diag *t = a;
		a = b;
		b = t;
	}
	if (a != d->v)
		memcpy(d->v, a, d->n * sizeof(*a));
	free(tmp);
}

void diags_release(struct diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].ref);
		free(d->v[i].rule);
		free(d->v[i].msg);
	}
	free(d->v);
	memset(d, 0, sizeof(*d));
}

const char *severity_name(enum severity s)
{
	switch (s) {
	case SEV_NOTE: return "note";
	case SEV_WARNING: return "warning";
	case SEV_ERROR: return "error";
	case SEV_FATAL: return "fatal";
	}
	return "error";
}

/* The severity word is printed translated in text output (as GCC does) and in English in XML. */
static const char *severity_label(enum severity s)
{
	switch (s) {
	case SEV_NOTE: return _("note");
	case SEV_WARNING: return _("warning");
	case SEV_ERROR: return _("error");
	case SEV_FATAL: return _("error");
	}
	return _("error");
}

/* File names and messages may carry what a stranger wrote (a file name, a unit's name):
 * control characters are written visibly, never sent to a terminal. */
char *diag_format_text(const struct diag *g)
{
	struct strbuf sb = STRBUF_INIT;
	if (g->file) {
		strbuf_add_visible(&sb, g->file);
		if (g->line > 0) {
			strbuf_addf(&sb, ":%ld", g->line);
			if (g->col > 0)
				strbuf_addf(&sb, ":%ld", g->col);
		}
		strbuf_adds(&sb, ": ");
	} else {
		strbuf_adds(&sb, "muster: ");
	}
	strbuf_addf(&sb, "%s: ", severity_label(g->sev));
	if (g->ref) {
		strbuf_add_visible(&sb, g->ref);
		strbuf_adds(&sb, ": ");
	}
	strbuf_add_visible(&sb, g->msg);
	return strbuf_detach(&sb);
}

void diag_format_xml(const struct diag *g, struct strbuf *sb)
{
	strbuf_addf(sb, "<diagnostic severity=\"%s\"", severity_name(g->sev));
	if (g->file) {
		strbuf_adds(sb, " file=\"");
		strbuf_add_escaped(sb, g->file);
		strbuf_adds(sb, "\"");
	}
	if (g->line > 0)
		strbuf_addf(sb, " line=\"%ld\"", g->line);
	if (g->col > 0)
		strbuf_addf(sb, " column=\"%ld\"", g->col);
	if (g->ref) {
		strbuf_adds(sb, " ref=\"");
		strbuf_add_escaped(sb, g->ref);
		strbuf_adds(sb, "\"");
	}
	if (g->rule) {
		strbuf_adds(sb, " rule=\"");
		strbuf_add_escaped(sb, g->rule);
		strbuf_adds(sb, "\"");
	}
	strbuf_adds(sb, ">");
	strbuf_add_escaped(sb, g->msg);
	strbuf_adds(sb, "</diagnostic>\n");
}

int diags_print(const struct diags *d, FILE *out, enum diag_format fmt)
{
	if (fmt == DIAG_TEXT) {
		for (size_t i = 0; i < d->n; i++) {
			char *s = diag_format_text(&d->v[i]);
			fprintf(out, "%s\n", s);
			free(s);
		}
		return ferror(out) ? -1 : 0;
	}
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<diagnostics xmlns=\"urn:x-muster:diagnostics:1\"");
	strbuf_addf(&sb, " errors=\"%zu\" warnings=\"%zu\">\n", d->errors + d->fatals, d->warnings);
	for (size_t i = 0; i < d->n; i++) {
		strbuf_adds(&sb, "  ");
		diag_format_xml(&d->v[i], &sb);
	}
	strbuf_adds(&sb, "</diagnostics>\n");
	fputs(sb.s, out);
	strbuf_release(&sb);
	return ferror(out) ? -1 : 0;
}

/* A diagnostic's identity across two checks of one roster: the rule it breaks and the place
 * it names (a unit's, a list's or a ledger entry's line), not its wording, whose figures
 * change with the entry. */
static char *diag_key(const struct diag *g)
{
	return xasprintf("%s\037%s\037%ld:%ld", g->rule ? g->rule : "", g->ref ? g->ref : "",
	                 g->line, g->col);
}

/* The errors of before, as diags_new_errors tells them apart (the roster's checks need not be held
 * while the roster with the entry is checked). */
struct idx *diags_error_keys(const struct diags *before)
{
	struct idx *seen = idx_new();
	for (size_t i = 0; i < before->n; i++) {
		if (before->v[i].sev != SEV_ERROR)
			continue;
		char *k = diag_key(&before->v[i]);
		idx_add(seen, k, seen);
		free(k);
	}
	return seen;
}

/* Marks the errors of now that are not seen before (new[i]); returns how many. One hash
 * table: linear in the two lists. */
size_t diags_new_errors(const struct idx *seen, const struct diags *now, bool *fresh)
{
	size_t n = 0;
	for (size_t i = 0; i < now->n; i++) {
		fresh[i] = false;
		if (now->v[i].sev != SEV_ERROR)
			continue;
		char *k = diag_key(&now->v[i]);
		fresh[i] = idx_get(seen, k) == NULL;
		n += fresh[i];
		free(k);
	}
	return n;
}

void diags_unline(struct diags *d, const char *file, long first)
{
	for (size_t i = 0; i < d->n; i++) {
		struct diag *x = &d->v[i];
		if (x->file && strcmp(x->file, file) == 0 && x->line >= first) {
			x->line = 0;
			x->col = 0;
		}
	}
}
