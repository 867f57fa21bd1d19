/* util.c - allocation, growable strings and arrays
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void __attribute__((noreturn)) oom(size_t n)
{
	fprintf(stderr, "muster: error: out of memory (%zu bytes)\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		oom(n);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
	if (p == NULL)
		oom(nmemb * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (q == NULL)
		oom(n);
	return q;
}

void *xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		oom(SIZE_MAX);
	return xrealloc(p, nmemb * size);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	char *s;
	if (vasprintf(&s, fmt, ap) < 0)
		oom(0);
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

void grow_array(void **arr, size_t *cap, size_t n, size_t sz)
{
	if (n <= *cap)
		return;
	size_t c = *cap ? *cap : 4;
	while (c < n) {
		if (c > SIZE_MAX / 2)
			oom(SIZE_MAX);
		c *= 2;
	}
	*arr = xreallocarray(*arr, c, sz);
	*cap = c;
}

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_EACH_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_EACH_MALLOC 1
#endif
#endif

struct arena_chunk {
	struct arena_chunk *next;
	max_align_t data[];
};

#define ARENA_CHUNK (64 * 1024)

void *arena_alloc(struct arena *a, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		oom(SIZE_MAX);
	size_t n = nmemb * size;
	n = n ? n : 1;
	size_t align = sizeof(void *) > sizeof(int64_t) ? sizeof(void *) : sizeof(int64_t);
	if (n > SIZE_MAX - align)
		oom(SIZE_MAX);
	n = (n + align - 1) / align * align;
#ifdef ARENA_EACH_MALLOC
	struct arena_chunk *c = xcalloc(1, sizeof(*c) + n);
	c->next = a->chunks;
	a->chunks = c;
	return c->data;
#else
	if (a->chunks == NULL || a->size - a->used < n) {
		/* A block larger than a quarter chunk gets a chunk of its own, behind the current
		 * one, so that the current one's free space is not lost. */
		size_t sz = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK - sizeof(struct arena_chunk);
		if (sz > SIZE_MAX - sizeof(struct arena_chunk))
			oom(SIZE_MAX);
		struct arena_chunk *c = xmalloc(sizeof(*c) + sz);
		if (n > ARENA_CHUNK / 4 && a->chunks) {
			c->next = a->chunks->next;
			a->chunks->next = c;
			memset(c->data, 0, n);
			return c->data;
		}
		c->next = a->chunks;
		a->chunks = c;
		a->size = sz;
		a->used = 0;
	}
	char *p = (char *)a->chunks->data + a->used;
	a->used += n;
	memset(p, 0, n);
	return p;
#endif
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	if (n == SIZE_MAX)
		oom(SIZE_MAX);
	char *c = arena_alloc(a, n + 1, 1);
	memcpy(c, s, n);
	return c;
}

void arena_release(struct arena *a)
{
	for (struct arena_chunk *c = a->chunks, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	a->chunks = NULL;
	a->used = a->size = 0;
}

void strbuf_add(struct strbuf *sb, const char *s, size_t n)
{
	GROW(sb->s, sb->cap, sb->len + n + 1);
	memcpy(sb->s + sb->len, s, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addc(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	strbuf_adds(sb, s);
	free(s);
}

char *strbuf_detach(struct strbuf *sb)
{
	char *s = sb->s ? sb->s : xstrdup("");
	sb->s = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->s);
	sb->s = NULL;
	sb->len = sb->cap = 0;
}

int parse_long(const char *s, long min, long max, long *out)
{
	if (s == NULL)
		return -1;
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (*s == '\0')
		return -1;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

long div_round(long num, long den, enum rounding mode)
{
	long q = num / den, r = num % den;
	if (r == 0)
		return q;
	/* C division truncates toward zero; fix up for each mode. */
	bool neg = (r < 0);
	switch (mode) {
	case ROUND_UP:
		return neg ? q : q + 1;
	case ROUND_DOWN:
		return neg ? q - 1 : q;
	}
	return q;
}

char **strv_split(const char *s, size_t *n)
{
	char **v = NULL;
	size_t cap = 0, len = 0;
	while (s && *s) {
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		if (*s == '\0')
			break;
		const char *b = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			s++;
		GROW(v, cap, len + 2);
		v[len++] = xstrndup(b, (size_t)(s - b));
	}
	GROW(v, cap, len + 1);
	v[len] = NULL;
	if (n)
		*n = len;
	return v;
}

void strv_free(char **v)
{
	if (v == NULL)
		return;
	for (char **p = v; *p; p++)
		free(*p);
	free(v);
}

/* The length of the valid UTF-8 sequence at s, or 0 when it is not one. */
static size_t utf8_len(const unsigned char *s)
{
	if (s[0] < 0x80)
		return 1;
	size_t n = (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
	if (n == 0 || (n == 2 && s[0] < 0xC2))
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	if (n == 3 && s[0] == 0xE0 && s[1] < 0xA0)
		return 0; /* overlong */
	if (n == 3 && s[0] == 0xED && s[1] >= 0xA0)
		return 0; /* surrogate */
	if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || s[0] > 0xF4 || (s[0] == 0xF4 && s[1] >= 0x90)))
		return 0;
	return n;
}

bool xml_text_ok(const char *s)
{
	for (; *s; s++) {
		const unsigned char c = (unsigned char)*s;
		size_t n = utf8_len((const unsigned char *)s);
		if (n == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'))
			return false;
		s += n - 1;
	}
	return true;
}

char *xml_chars(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	while (*s) {
		const unsigned char c = (unsigned char)*s;
		size_t n = utf8_len((const unsigned char *)s);
		if (n == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
			strbuf_adds(&sb, "\xEF\xBF\xBD");
			s++;
			continue;
		}
		strbuf_add(&sb, s, n);
		s += n;
	}
	return strbuf_detach(&sb);
}

unsigned bidi_control(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	if (p[0] == 0xD8 && p[1] == 0x9C)
		return 0x061C;                  /* ARABIC LETTER MARK */
	if (p[0] != 0xE2)
		return 0;
	if (p[1] == 0x80 && (p[2] == 0x8E || p[2] == 0x8F || (p[2] >= 0xAA && p[2] <= 0xAE)))
		return 0x2000 + (p[2] - 0x80u); /* LRM, RLM; LRE, RLE, PDF, LRO, RLO */
	if (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9)
		return 0x2040 + (p[2] - 0x80u); /* LRI, RLI, FSI, PDI */
	return 0;
}

static void add_escaped(struct strbuf *sb, const char *s, bool html)
{
	while (*s) {
		const unsigned char c = (unsigned char)*s;
		size_t n = utf8_len((const unsigned char *)s);
		unsigned bidi;
		if (html && n > 1 && (bidi = bidi_control(s)) != 0) {
			/* As text, like a terminal shows it: a reference would still reorder. */
			strbuf_addf(sb, "\\u%04x", bidi);
			s += n;
			continue;
		}
		/* XML 1.0 has no place for other control characters, even as references, nor
		 * for bytes that are not UTF-8 (a file name can hold both): U+FFFD stands in. */
		if (n == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
			strbuf_adds(sb, "\xEF\xBF\xBD");
			s++;
			continue;
		}
		if (n == 2 && c == 0xC2 && (unsigned char)s[1] < 0xA0) {
			/* A C1 control (U+009B starts escape sequences): a reference, never raw. */
			strbuf_addf(sb, "&#x%x;", (unsigned char)s[1]);
			s += 2;
			continue;
		}
		if (n > 1) {
			strbuf_add(sb, s, n);
			s += n;
			continue;
		}
		s++;
		switch (c) {
		case '&': strbuf_adds(sb, "&amp;"); break;
		case '<': strbuf_adds(sb, "&lt;"); break;
		case '>': strbuf_adds(sb, "&gt;"); break;
		case '"': strbuf_adds(sb, "&quot;"); break;
		case '\'': strbuf_adds(sb, "&#39;"); break;
		/* As references, so that an attribute keeps them (XML normalises them to spaces). */
		case '\r': strbuf_adds(sb, "&#13;"); break;
		case '\n': strbuf_adds(sb, "&#10;"); break;
		case '\t': strbuf_adds(sb, "&#9;"); break;
		default: strbuf_addc(sb, (char)c); break;
		}
	}
}

void strbuf_add_escaped(struct strbuf *sb, const char *s)
{
	add_escaped(sb, s, false);
}

void strbuf_add_attr(struct strbuf *sb, const char *name, const char *value)
{
	if (value == NULL)
		return;
	strbuf_addf(sb, " %s=\"", name);
	strbuf_add_escaped(sb, value);
	strbuf_addc(sb, '"');
}

void strbuf_add_html(struct strbuf *sb, const char *s)
{
	add_escaped(sb, s, true);
}

static int fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c == '_' || c == ' ' ? '-' : c;
}

size_t edit_distance(const char *a, const char *b, size_t cap)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > NEAREST_MAX_LEN || lb > NEAREST_MAX_LEN)
		return cap + 1;
	if ((la > lb ? la - lb : lb - la) > cap)
		return cap + 1;
	size_t prev[NEAREST_MAX_LEN + 1], cur[NEAREST_MAX_LEN + 1];
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		size_t row_min = cur[0];
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = prev[j - 1] + (fold((unsigned char)a[i - 1]) != fold((unsigned char)b[j - 1]));
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
			size_t m = sub < del ? sub : del;
			cur[j] = m < ins ? m : ins;
			if (cur[j] < row_min)
				row_min = cur[j];
		}
		if (row_min > cap)
			return cap + 1;
		memcpy(prev, cur, (lb + 1) * sizeof(*prev));
	}
	return prev[lb] > cap ? cap + 1 : prev[lb];
}

void nearest_init(struct nearest *n, const char *word)
{
	size_t len = strlen(word);
	n->word = word;
	n->cap = len / 3 > 2 ? len / 3 : 2;
	n->best = NULL;
	n->dist = n->cap + 1;
	n->clash = false;
}

static bool is_alnum(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether the len characters at w stand in s, ASCII case aside. */
static bool holds_word(const char *s, const char *w, size_t len)
{
	for (; *s; s++) {
		size_t i = 0;
		while (i < len && s[i] && fold((unsigned char)s[i]) == fold((unsigned char)w[i]))
			i++;
		if (i == len)
			return true;
	}
	return false;
}

/* Whether cand holds every word (run of ASCII letters and digits) of word, with three such
 * characters at least in all: "Fire-Oil" is in "05 - Fire-Oil". Linear in cand's length
 * (word is capped at NEAREST_MAX_LEN). */
static bool holds_words(const char *cand, const char *word)
{
	size_t total = 0;
	if (strlen(word) > NEAREST_MAX_LEN)
		return false;
	for (const char *w = word; *w;) {
		if (!is_alnum((unsigned char)*w)) {
			w++;
			continue;
		}
		size_t len = 0;
		while (is_alnum((unsigned char)w[len]))
			len++;
		if (!holds_word(cand, w, len))
			return false;
		total += len;
		w += len;
	}
	return total >= 3;
}

void nearest_offer(struct nearest *n, const char *cand, const char *answer)
{
	if (cand == NULL)
		return;
	size_t cap = n->best == NULL || n->dist > n->cap ? n->cap : n->dist ? n->dist - 1 : 0;
	size_t dist = edit_distance(n->word, cand, cap);
	if (dist <= cap && (n->best == NULL || dist < n->dist)) {
		n->best = answer;
		n->dist = dist;
		return;
	}
	/* None near by its letters yet: the one answer whose candidates hold the words asked;
	 * two such answers ("skirmish" in small-skirmish and large-skirmish) offer neither. */
	if (n->dist <= n->cap || n->clash || !holds_words(cand, n->word))
		return;
	if (n->best == NULL) {
		n->best = answer;
	} else if (strcmp(n->best, answer) != 0) {
		n->best = NULL;
		n->clash = true;
	}
}
static void add_visible(struct strbuf *sb, const char *s, bool lines)
{
	while (*s) {
		const unsigned char c = (unsigned char)*s;
		size_t n = utf8_len((const unsigned char *)s);
		if (lines && c == '\n') {
			strbuf_addc(sb, '\n');
			s++;
		} else if (n == 0 || c < 0x20 || c == 0x7f) {
			/* A control character or a byte that is no UTF-8 (a file name can hold any):
			 * written out, never sent to the terminal. */
			switch (c) {
			case '\n': strbuf_adds(sb, "\\n"); break;
			case '\r': strbuf_adds(sb, "\\r"); break;
			case '\t': strbuf_adds(sb, "\\t"); break;
			default: strbuf_addf(sb, "\\x%02x", c); break;
			}
			s++;
		} else if (n == 2 && c == 0xC2 && (unsigned char)s[1] < 0xA0) {
			/* U+0080..U+009F: the C1 controls (CSI is U+009B). */
			strbuf_addf(sb, "\\u%04x", (unsigned char)s[1]);
			s += 2;
		} else if (n > 1 && bidi_control(s) != 0) {
			/* A bidirectional control: raw, it would reorder what the reader sees. */
			strbuf_addf(sb, "\\u%04x", bidi_control(s));
			s += n;
		} else {
			strbuf_add(sb, s, n);
			s += n;
		}
	}
}

void strbuf_add_visible(struct strbuf *sb, const char *s)
{
	add_visible(sb, s, false);
}

void strbuf_add_visible_text(struct strbuf *sb, const char *s)
{
	add_visible(sb, s, true);
}

/* --- names as players type them ------------------------------------------------------------ */

/* The length of the quote mark at s (ASCII double quote, or a typographic double quote in
 * UTF-8: U+201C, U+201D, U+201E, U+00AB, U+00BB), else 0. */
static size_t quote_at(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	if (u[0] == '"')
		return 1;
	if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x9C || u[2] == 0x9D || u[2] == 0x9E))
		return 3;
	if (u[0] == 0xC2 && (u[1] == 0xAB || u[1] == 0xBB))
		return 2;
	return 0;
}

/* The quote mark that ends s (len bytes), by its length, else 0. */
static size_t quote_before(const char *s, size_t len)
{
	for (size_t k = 1; k <= 3 && k <= len; k++)
		if (quote_at(s + len - k) == k)
			return k;
	return 0;
}

/* s without the white space and quote marks around it: *len bytes from the result. */
static const char *bare(const char *s, size_t *len)
{
	size_t n = strlen(s), q;
	for (;;) {
		if (n && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		} else if (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) {
			n--;
		} else if ((q = quote_at(s)) != 0 && q <= n) {
			s += q;
			n -= q;
		} else if ((q = quote_before(s, n)) != 0) {
			n -= q;
		} else {
			break;
		}
	}
	*len = n;
	return s;
}

enum name_fit name_fit(const char *name, const char *typed)
{
	if (name == NULL || typed == NULL)
		return NAME_NO;
	size_t nl, tl;
	const char *n = bare(name, &nl);
	const char *t = bare(typed, &tl);
	if (tl == 0 || tl > nl || strncasecmp(n, t, tl) != 0)
		return NAME_NO;
	return tl == nl ? NAME_SAME : NAME_PREFIX;
}

char *name_bare(const char *name)
{
	size_t n;
	const char *s = bare(name, &n);
	return xstrndup(s, n);
}

/* The length of the word (ASCII letters and digits) at s. */
static size_t word_len(const char *s)
{
	size_t n = 0;
	while (isalnum((unsigned char)s[n]))
		n++;
	return n;
}

bool shares_word(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return false;
	int words = 0;
	for (const char *p = a; *p && words < SHARES_WORD_MAX; p++) {
		size_t n = word_len(p);
		if (n == 0)
			continue;
		words++;
		for (const char *q = b; n >= 3 && *q; q++) {
			size_t m = word_len(q);
			if (m == n && strncasecmp(p, q, n) == 0)
				return true;
			q += m ? m - 1 : 0;
		}
		p += n - 1;
	}
	return false;
}

static int cmp_key_at(const void *a, const void *b)
{
	const struct key_at *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->at > y->at) - (x->at < y->at);
}

uint32_t *key_order(struct key_at *v, size_t n)
{
	if (n > 0)
		qsort(v, n, sizeof(*v), cmp_key_at);
	uint32_t *order = xcalloc(n + 1, sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = v[i].at;
	return order;
}
