/* edit-bytes.c - a roster's bytes made again with a change spliced into them
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each unit a change touched is written back in place of its old bytes when it changed, a
 * new unit after the last element of its list with the indentation of that element, a
 * removed one with the white space that put it on its line, and the root's last-id and
 * player in its start tag: every other byte stays as the user wrote it.
 */
#include "muster.h"
#include "edit.h"
#include "edit-sdoc.h"

#include <libxml/xmlsave.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct splice {
	size_t from, to;
	char *text;
};

/* n written out as the whole file was, with line ends nl (the tree has only "\n": the parser
 * made "\r\n" one, and writes a "\r" of text as a reference). Caller frees. */
char *sdoc_dump_node(xmlNodePtr n, const char *nl)
{
	xmlBufferPtr b = xmlBufferCreate();
	xmlSaveCtxtPtr c = xmlSaveToBuffer(b, "UTF-8", 0);
	if (c) {
		xmlSaveTree(c, n);
		xmlSaveClose(c);
	}
	struct strbuf sb = STRBUF_INIT;
	const char *t = (const char *)xmlBufferContent(b);
	for (size_t i = 0, n0 = (size_t)xmlBufferLength(b); i < n0; i++) {
		if (t[i] == '\n')
			strbuf_adds(&sb, nl);
		else
			strbuf_addc(&sb, t[i]);
	}
	xmlBufferFree(b);
	return sb.s ? strbuf_detach(&sb) : xstrdup("");
}

/* --- the bytes ------------------------------------------------------------------------------ */

static void add_splice(struct splice **v, size_t *n, size_t *cap, size_t from, size_t to,
                       char *text)
{
	GROW(*v, *cap, *n + 1);
	(*v)[(*n)++] = (struct splice){ from, to, text };
}

/* Where attribute name stands in the root's start tag: *at the white space before it,
 * [*v, *v_end) its value as written (quotes aside). Returns whether it does; *after is where
 * the tag's last attribute ends, in any case. */
static bool root_attr(const struct sdoc *sd, const char *name, size_t *at, size_t *v,
                      size_t *v_end, size_t *after)
{
	const struct xml_el *e = &sd->o.el[0];
	const char *b = sd->buf;
	size_t p = e->start + 1 + e->qname_len, end = e->stag_end, nlen = strlen(name);
	bool found = false;
	*after = p;
	/* The outline read this tag: each attribute is NAME = QUOTED, within it. */
	while (p < end) {
		size_t ws = p;
		while (p < end && strchr(" \t\r\n", b[p]))
			p++;
		if (p >= end || b[p] == '>' || b[p] == '/')
			break;
		size_t an = p;
		while (p < end && !strchr("= \t\r\n", b[p]))
			p++;
		size_t an_end = p;
		while (p < end && b[p] != '"' && b[p] != '\'')
			p++;
		const char *q = p < end ? memchr(b + p + 1, b[p], end - p - 1) : NULL;
		if (q == NULL)
			break;
		size_t vs = p + 1, ve = (size_t)(q - b);
		p = *after = ve + 1;
		if (!found && an_end - an == nlen && memcmp(b + an, name, nlen) == 0) {
			found = true;
			*at = ws;
			*v = vs;
			*v_end = ve;
		}
	}
	return found;
}

/* The root's start tag with last-id and player as the change sets them: a value replaced
 * where the tag has the attribute, the player taken off when it is set to "", and the
 * attributes the tag lacks added after its last one (last-id first). */
static void root_splices(const struct sdoc *sd, struct splice **v, size_t *n, size_t *cap)
{
	size_t at = 0, vs = 0, ve = 0, after = 0;
	struct strbuf add = STRBUF_INIT;
	if (sd->last_set) {
		char num[32];
		snprintf(num, sizeof(num), "%ld", sd->last_id);
		if (root_attr(sd, "last-id", &at, &vs, &ve, &after))
			add_splice(v, n, cap, vs, ve, xstrdup(num));
		else
			strbuf_addf(&add, " last-id=\"%s\"", num);
	}
	if (sd->player) {
		bool has = root_attr(sd, "player", &at, &vs, &ve, &after);
		if (has && *sd->player) {
			struct strbuf val = STRBUF_INIT;
			strbuf_add_escaped(&val, sd->player);
			add_splice(v, n, cap, vs, ve, strbuf_detach(&val));
		} else if (has) {
			add_splice(v, n, cap, at, ve + 1, xstrdup(""));
		} else {
			strbuf_add_attr(&add, "player", *sd->player ? sd->player : NULL);
		}
	}
	if (add.len) {
		root_attr(sd, "", &at, &vs, &ve, &after);
		add_splice(v, n, cap, after, after, strbuf_detach(&add));
	}
	strbuf_release(&add);
}

/* Where the removal of element e starts: the white space that put it on its own line goes
 * with it. */
static size_t drop_from(const struct sdoc *sd, const struct xml_el *e)
{
	size_t n = e->start - e->text;
	if (n == 0)
		return e->start;
	for (size_t i = e->text; i < e->start; i++)
		if (!strchr(" \t\r\n", sd->buf[i]))
			return e->start;
	return e->text;
}

/* The new units of list li, after its last element on lines of their own indented as that
 * element, or as the first children of a list that has none. */
static void place_new(const struct sdoc *sd, size_t li, struct splice **v, size_t *n,
                      size_t *cap)
{
	struct strbuf units = STRBUF_INIT;
	const struct xml_el *last = sd->last_child[li] == NONE ? NULL
	                                                       : &sd->o.el[sd->last_child[li]];
	const struct xml_el *l = list_elem(sd, li);
	char *ind = sdoc_new_indent(sd, li);
	char *pind = last ? NULL : sdoc_indent_at(sd, l);
	for (size_t i = 0; i < sd->n_su; i++) {
		const struct sunit *u = sd->su[i];
		if (u->el != NONE || u->gone || u->list != li)
			continue;
		char *t = sdoc_dump_node(u->node, sd->nl);
		strbuf_addf(&units, "%s%s%s", sd->nl, ind, t);
		free(t);
	}
	const struct xml_el *sub = sd->first_sub[li] == NONE ? NULL : &sd->o.el[sd->first_sub[li]];
	if (units.len == 0) {
		;
	} else if (last) {
		add_splice(v, n, cap, last->end, last->end, strbuf_detach(&units));
	} else if (sub) {
		/* Before its first child list, where the schema has its units, on lines of their own
		 * indented as that list. */
		struct strbuf sb = STRBUF_INIT;
		size_t skip = strlen(sd->nl) + strlen(ind);
		strbuf_add(&sb, units.s + skip, units.len - skip);
		strbuf_addf(&sb, "%s%s", sd->nl, ind);
		add_splice(v, n, cap, sub->start, sub->start, strbuf_detach(&sb));
	} else {
		struct strbuf sb = STRBUF_INIT;
		bool blank = true;
		for (size_t i = l->stag_end; i < l->etag; i++)
			blank &= strchr(" \t\r\n", sd->buf[i]) != NULL;
		if (l->end == l->stag_end) {
			sdoc_open_tag(sd, l, &sb);
			strbuf_addf(&sb, "%s%s%s", units.s, sd->nl, pind);
			sdoc_close_tag(sd, l, &sb);
			add_splice(v, n, cap, l->start, l->end, strbuf_detach(&sb));
		} else if (blank) {
			strbuf_addf(&sb, "%s%s%s", units.s, sd->nl, pind);
			add_splice(v, n, cap, l->stag_end, l->etag, strbuf_detach(&sb));
		} else {
			/* Comments or text of the user's: kept, the units after them. */
			strbuf_addf(&sb, "%s%s%s", units.s, sd->nl, pind);
			add_splice(v, n, cap, l->etag, l->etag, strbuf_detach(&sb));
		}
	}
	strbuf_release(&units);
	free(ind);
	free(pind);
}

static int cmp_splice(const void *a, const void *b)
{
	const struct splice *x = a, *y = b;
	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return (x->to > y->to) - (x->to < y->to);
}

/* Copies the roster's bytes [from, to) to w. With give (the caller never reads them again),
 * the whole pages of the roster's buffer before to are given back behind the copy, 256 KiB
 * at a time (*given: where they start to be held). */
static void copy_bytes(const struct sdoc *sd, char *w, size_t from, size_t to, bool give,
                       size_t *given)
{
	const size_t step = 256 * 1024;
	while (from < to) {
		size_t n = to - from < step ? to - from : step;
		memcpy(w, sd->buf + from, n);
		w += n;
		from += n;
#ifdef MADV_DONTNEED
		long pg = sysconf(_SC_PAGESIZE);
		if (!give || pg <= 0)
			continue;
		uintptr_t b = (uintptr_t)sd->buf, page = (uintptr_t)pg;
		uintptr_t lo = (b + *given + page - 1) / page * page, hi = (b + from) / page * page;
		if (hi > lo && madvise((void *)lo, hi - lo, MADV_DONTNEED) == 0)
			*given = hi - b;
#else
		(void)give;
		(void)given;
#endif
	}
}

/* The roster's bytes with the change in them, in one buffer of their size. Caller frees. When
 * undo is not NULL, it gets what each splice replaced. */
char *sdoc_spliced(struct sdoc *sd, size_t *out_len, struct edit_undo *undo)
{
	struct splice *v = NULL;
	size_t n = 0, cap = 0;
	root_splices(sd, &v, &n, &cap);
	for (size_t i = 0; i < sd->n_su; i++) {
		struct sunit *u = sd->su[i];
		if (u->el == NONE)
			continue;
		const struct xml_el *e = &sd->o.el[u->el];
		if (u->gone) {
			add_splice(&v, &n, &cap, drop_from(sd, e), e->end, xstrdup(""));
			continue;
		}
		char *t = sdoc_dump_node(u->node, sd->nl);
		if (strcmp(t, u->before) == 0)
			free(t);
		else
			add_splice(&v, &n, &cap, e->start, e->end, t);
	}
	for (size_t li = 0; li < sd->n_lists; li++)
		place_new(sd, li, &v, &n, &cap);
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_splice);
	/* A removal and an insertion at its end are both made; splices never overlap otherwise. */
	size_t total = sd->len, at = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].from < at)
			v[i].from = at;
		if (v[i].to < v[i].from)
			v[i].to = v[i].from;
		total += strlen(v[i].text) - (v[i].to - v[i].from);
		at = v[i].to;
	}
	char *out = xmalloc(total + 1), *w = out;
	if (undo) {
		undo->v = xcalloc(n + 1, sizeof(*undo->v));
		undo->n = n;
	}
	at = 0;
	bool give = undo && undo->consume;
	size_t given = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(v[i].text);
		copy_bytes(sd, w, at, v[i].from, give, &given);
		w += v[i].from - at;
		if (undo)
			undo->v[i] = (struct edit_piece){ (size_t)(w - out), k,
			                                  xstrndup(sd->buf + v[i].from, v[i].to - v[i].from),
			                                  v[i].to - v[i].from };
		memcpy(w, v[i].text, k);
		w += k;
		at = v[i].to;
		free(v[i].text);
	}
	copy_bytes(sd, w, at, sd->len, give, &given);
	w += sd->len - at;
	*w = '\0';
	free(v);
	*out_len = total;
	return out;
}
