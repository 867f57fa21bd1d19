/* xml-outline.c - where the top elements of a document stand in its bytes, for changing a few
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * An edit changes a unit or two of a roster and must keep every other byte as the user wrote
 * it: it needs to know where each list and unit starts and ends, not a tree of the whole file
 * (a 100,000-unit list held as libxml2's tree was 37 times its XML). One pass over the bytes
 * of a document that is read as XML afterwards (the edit's result is loaded and checked
 * whole): comments, processing instructions and CDATA are skipped, attribute values decoded
 * as XML decodes them, and namespaces resolved down to the depth asked for. Anything this
 * scan does not understand makes it fail: the caller then reads the file with the real
 * parser, which says what is wrong.
 */
#include "muster.h"
#include "xml.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define OUTLINE_DEPTH 3 /* the root, its children and theirs */

/* Namespace declarations of an open element: its default, and prefix=href pairs. */
struct ns_level {
	const char *dflt;
	const char **pairs; /* prefix, href, ..., NULL */
};

struct scan {
	const char *b;
	size_t len, p;
	struct xml_outline *o;
	size_t cap;
	const char *deep;    /* elements of this name (ours) have their children recorded */
	struct ns_level *lv; /* per open recorded element, from the root */
	size_t *open;        /* index in o->el of each open recorded element */
	bool *deepf;         /* whether each open recorded element is a deep one */
	size_t cap_lv;
	size_t nrec;         /* open elements that are recorded: always the outer ones */
	size_t depth;        /* elements open */
};

#define OUTLINE_MAX_DEEP 200 /* xml_el.depth is 8 bits */

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The n bytes at s as an attribute value: references replaced, white space made spaces. */
static const char *decode(struct arena *a, const char *s, size_t n)
{
	char *out = arena_alloc(a, n + 1, 1), *w = out;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\r' && i + 1 < n && s[i + 1] == '\n')
			continue;
		if (c == '\t' || c == '\n' || c == '\r') {
			*w++ = ' ';
			continue;
		}
		if (c != '&') {
			*w++ = c;
			continue;
		}
		const char *semi = memchr(s + i, ';', n - i);
		if (semi == NULL)
			return NULL;
		size_t k = (size_t)(semi - (s + i)) - 1; /* between & and ; */
		const char *r = s + i + 1;
		unsigned long cp = 0;
		if (k == 2 && memcmp(r, "lt", 2) == 0)
			*w++ = '<';
		else if (k == 2 && memcmp(r, "gt", 2) == 0)
			*w++ = '>';
		else if (k == 3 && memcmp(r, "amp", 3) == 0)
			*w++ = '&';
		else if (k == 4 && memcmp(r, "quot", 4) == 0)
			*w++ = '"';
		else if (k == 4 && memcmp(r, "apos", 4) == 0)
			*w++ = '\'';
		else if (k >= 2 && r[0] == '#') {
			char *endp;
			bool hex = r[1] == 'x';
			cp = strtoul(r + 1 + hex, &endp, hex ? 16 : 10);
			if (endp != semi || cp == 0 || cp > 0x10FFFF)
				return NULL;
			/* UTF-8 */
			if (cp < 0x80) {
				*w++ = (char)cp;
			} else if (cp < 0x800) {
				*w++ = (char)(0xC0 | (cp >> 6));
				*w++ = (char)(0x80 | (cp & 0x3F));
			} else if (cp < 0x10000) {
				*w++ = (char)(0xE0 | (cp >> 12));
				*w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
				*w++ = (char)(0x80 | (cp & 0x3F));
			} else {
				*w++ = (char)(0xF0 | (cp >> 18));
				*w++ = (char)(0x80 | ((cp >> 12) & 0x3F));
				*w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
				*w++ = (char)(0x80 | (cp & 0x3F));
			}
		} else {
			return NULL; /* no other entity is declared: the parser refuses it */
		}
		i += k + 1;
	}
	*w = '\0';
	return out;
}

/* The namespace href that prefix (n bytes; 0 for none) names at the open depth d. */
static const char *ns_of(const struct scan *sc, size_t d, const char *prefix, size_t n)
{
	for (size_t k = d + 1; k-- > 0;) {
		if (n == 0) {
			if (sc->lv[k].dflt)
				return *sc->lv[k].dflt ? sc->lv[k].dflt : NULL;
			continue;
		}
		for (const char **pp = sc->lv[k].pairs; pp && *pp; pp += 2)
			if (strlen(pp[0]) == n && memcmp(pp[0], prefix, n) == 0)
				return pp[1];
	}
	return NULL;
}

/* The attribute at or after p in a start tag ending before len: its name [*an, *an_end) and
 * value [*v, *v_end). Returns where it ends; 0 at the tag's end ('>' or '/'), with *an at
 * it; -1 when the bytes are not an attribute. */
static long next_attr(const char *b, size_t p, size_t len, size_t *an, size_t *an_end, size_t *v,
                      size_t *v_end)
{
	while (p < len && is_ws(b[p]))
		p++;
	*an = p;
	if (p >= len)
		return -1;
	if (b[p] == '>' || b[p] == '/')
		return 0;
	while (p < len && !is_ws(b[p]) && b[p] != '=' && b[p] != '>')
		p++;
	*an_end = p;
	while (p < len && is_ws(b[p]))
		p++;
	if (p >= len || b[p] != '=')
		return -1;
	p++;
	while (p < len && is_ws(b[p]))
		p++;
	if (p >= len || (b[p] != '"' && b[p] != '\''))
		return -1;
	const char *q = memchr(b + p + 1, b[p], len - p - 1);
	if (q == NULL)
		return -1;
	*v = p + 1;
	*v_end = (size_t)(q - b);
	return (long)*v_end + 1;
}

/* A start tag at sc->p ('<'): skipped, or recorded when it stands within OUTLINE_DEPTH. */
static int start_tag(struct scan *sc, const char *ns, size_t text)
{
	const char *b = sc->b;
	size_t p = sc->p + 1, name = p;
	while (p < sc->len && !is_ws(b[p]) && b[p] != '>' && b[p] != '/')
		p++;
	size_t name_end = p;
	bool record = sc->depth == sc->nrec &&
	              (sc->depth < OUTLINE_DEPTH || (sc->depth > 0 && sc->deepf[sc->depth - 1]));
	if (record && sc->depth >= OUTLINE_MAX_DEEP)
		return -1;
	struct arena *a = &sc->o->pool;
	const char *pairs[2 * 64 + 2];
	size_t np = 0;
	const char *dflt = NULL;
	size_t an, an_end = 0, v = 0, v_end = 0;
	long k;
	while ((k = next_attr(b, p, sc->len, &an, &an_end, &v, &v_end)) > 0) {
		p = (size_t)k;
		size_t n = an_end - an;
		if (!record || n < 5 || memcmp(b + an, "xmlns", 5) != 0 || (n > 5 && b[an + 5] != ':'))
			continue;
		const char *val = decode(a, b + v, v_end - v);
		if (val == NULL || np >= 2 * 64)
			return -1;
		if (n == 5) {
			dflt = val;
		} else {
			pairs[np++] = arena_strndup(a, b + an + 6, n - 6);
			pairs[np++] = val;
		}
	}
	if (k < 0)
		return -1;
	p = an;
	bool empty = b[p] == '/';
	if (empty && (p + 1 >= sc->len || b[p + 1] != '>'))
		return -1;
	p += empty ? 2 : 1;
	if (record) {
		size_t d = sc->depth;
		if (d + 1 > sc->cap_lv) {
			size_t c = sc->cap_lv;
			GROW(sc->lv, c, d + 1);
			sc->open = xreallocarray(sc->open, c, sizeof(*sc->open));
			sc->deepf = xreallocarray(sc->deepf, c, sizeof(*sc->deepf));
			sc->cap_lv = c;
		}
		sc->lv[d].dflt = dflt;
		sc->lv[d].pairs = NULL;
		if (np) {
			pairs[np] = NULL;
			sc->lv[d].pairs = arena_alloc(a, np + 1, sizeof(*pairs));
			memcpy(sc->lv[d].pairs, pairs, (np + 1) * sizeof(*pairs));
		}
		struct xml_outline *o = sc->o;
		GROW(o->el, sc->cap, o->n + 1);
		struct xml_el *e = &o->el[o->n];
		memset(e, 0, sizeof(*e));
		const char *colon = memchr(b + name, ':', name_end - name);
		size_t pre = colon ? (size_t)(colon - (b + name)) : 0;
		const char *href = ns_of(sc, d, b + name, pre);
		e->ours = href && strcmp(href, ns) == 0;
		e->name_len = (uint32_t)(name_end - (colon ? name + pre + 1 : name));
		e->qname_len = (uint32_t)(name_end - name);
		e->text = (uint32_t)text;
		e->start = (uint32_t)sc->p;
		e->stag_end = e->etag = e->end = (uint32_t)p;
		e->depth = (uint8_t)d;
		if (!empty) {
			sc->open[d] = o->n;
			sc->deepf[d] = sc->deep && e->ours && xml_el_is(b, e, sc->deep);
			sc->nrec++;
		}
		o->n++;
	}
	if (!empty)
		sc->depth++;
	sc->p = p;
	return 0;
}

/* The end of the markup that starts at p with open (len bytes), ending with close. */
static int skip_to(struct scan *sc, const char *close)
{
	size_t n = strlen(close);
	const char *b = sc->b;
	for (size_t p = sc->p; p + n <= sc->len; p++) {
		const char *q = memchr(b + p, close[0], sc->len - p);
		if (q == NULL)
			return -1;
		p = (size_t)(q - b);
		if (p + n <= sc->len && memcmp(q, close, n) == 0) {
			sc->p = p + n;
			return 0;
		}
	}
	return -1;
}

static int scan(struct scan *sc, const char *ns)
{
	const char *b = sc->b;
	size_t text = 0;
	bool root_done = false;
	while (sc->p < sc->len) {
		const char *lt = memchr(b + sc->p, '<', sc->len - sc->p);
		if (lt == NULL)
			break;
		sc->p = (size_t)(lt - b);
		size_t left = sc->len - sc->p;
		if (left >= 4 && memcmp(lt, "<!--", 4) == 0) {
			if (skip_to(sc, "-->") != 0)
				return -1;
			text = sc->p;
		} else if (left >= 9 && memcmp(lt, "<![CDATA[", 9) == 0) {
			/* read as text (the parser merges it with the text around it) */
			if (skip_to(sc, "]]>") != 0)
				return -1;
		} else if (left >= 2 && lt[1] == '?') {
			if (skip_to(sc, "?>") != 0)
				return -1;
			text = sc->p;
		} else if (left >= 2 && lt[1] == '!') {
			return -1; /* a DOCTYPE: refused by the parser */
		} else if (left >= 2 && lt[1] == '/') {
			const char *gt = memchr(lt, '>', left);
			if (gt == NULL || sc->depth == 0)
				return -1;
			sc->depth--;
			if (sc->depth < sc->nrec) {
				sc->nrec = sc->depth;
				struct xml_el *e = &sc->o->el[sc->open[sc->depth]];
				e->etag = (uint32_t)sc->p;
				e->end = (uint32_t)(gt - b) + 1;
			}
			sc->p = (size_t)(gt - b) + 1;
			text = sc->p;
			if (sc->depth == 0)
				root_done = true;
		} else {
			if (root_done || start_tag(sc, ns, text) != 0)
				return -1;
			text = sc->p;
			if (sc->depth == 0)
				root_done = true;
		}
	}
	return root_done && sc->depth == 0 ? 0 : -1;
}

int xml_outline(const char *buf, size_t len, const char *ns, struct xml_outline *o)
{
	return xml_outline_deep(buf, len, ns, NULL, o);
}

int xml_outline_deep(const char *buf, size_t len, const char *ns, const char *deep,
                     struct xml_outline *o)
{
	memset(o, 0, sizeof(*o));
	if (len > (size_t)XML_MAX_FILE_SIZE)
		return -1;
	struct scan sc;
	memset(&sc, 0, sizeof(sc));
	sc.b = buf;
	sc.len = len;
	sc.o = o;
	sc.deep = deep;
	int rc = scan(&sc, ns) != 0 || o->n == 0 ? -1 : 0;
	free(sc.lv);
	free(sc.open);
	free(sc.deepf);
	if (rc != 0)
		xml_outline_release(o);
	else if (o->n < sc.cap)
		/* Growing left up to a third of the array unused (0.9 MB of a 100,000-unit list's
		 * outline), held while the command reads and splices: nothing points into it yet. */
		o->el = xreallocarray(o->el, o->n, sizeof(*o->el));
	return rc;
}

void xml_outline_release(struct xml_outline *o)
{
	free(o->el);
	arena_release(&o->pool);
	memset(o, 0, sizeof(*o));
}

bool xml_el_is(const char *buf, const struct xml_el *e, const char *name)
{
	return e->name_len == strlen(name) && memcmp(buf + xml_el_name(e), name, e->name_len) == 0;
}

void xml_el_attrs(const char *buf, const struct xml_el *e, const char *const *names,
                  const char **out, struct arena *a)
{
	size_t n = 0;
	for (; names[n]; n++)
		out[n] = NULL;
	size_t p = e->start + 1 + e->qname_len;
	size_t an, an_end = 0, v = 0, v_end = 0;
	long k;
	while ((k = next_attr(buf, p, e->stag_end, &an, &an_end, &v, &v_end)) > 0) {
		p = (size_t)k;
		for (size_t i = 0; i < n; i++)
			if (out[i] == NULL && an_end - an == strlen(names[i]) &&
			    memcmp(buf + an, names[i], an_end - an) == 0)
				out[i] = decode(a, buf + v, v_end - v);
	}
}

const char *xml_el_attr(const char *buf, const struct xml_el *e, const char *name,
                        struct arena *a)
{
	size_t p = e->start + 1 + e->qname_len, n = strlen(name);
	size_t an, an_end = 0, v = 0, v_end = 0;
	long k;
	while ((k = next_attr(buf, p, e->stag_end, &an, &an_end, &v, &v_end)) > 0) {
		p = (size_t)k;
		if (an_end - an == n && memcmp(buf + an, name, n) == 0)
			return decode(a, buf + v, v_end - v);
	}
	return NULL;
}
