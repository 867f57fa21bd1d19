/* import-line.c - taking a pasted line apart: counts, points, options, headings, totals
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Players and builders write the same unit many ways: "10x Name", "Name x10", "10 Name",
 * "Name - 8 models", "Name [70]", "Name (70 pts)", "Name - 56pts", "Name: 25pts", "Name - 25",
 * "Name [Stubborn, Trained]", "Name [28 AP]: Stubborn", Markdown's "- 10x **Name** -- 70 AP".
 * Each function here takes a line apart by scanning it from its ends, a bounded number of
 * times: linear in the line, which read_line caps at RX_MAX_SUBJECT. Names are not looked
 * up here (import.c does that): what is left of a line is its name. What names the lookup
 * takes are told here: a name in one of the data's languages, a name an option's modifiers
 * give it.
 */
#include "muster.h"
#include "decimal.h"
#include "import-int.h"
#include "lang.h"
#include "util.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* s without its blanks at both ends, in place. */
static char *strip(char *s)
{
	while (blank(*s))
		s++;
	size_t n = strlen(s);
	while (n && blank(s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* Removes every "**" and "__" (Markdown's bold) and the backslash of "\:", "\+", "\|"; a
 * dash set as a word becomes "-" and "\u00d710" becomes "x10". */
void import_unmark(char *s)
{
	char *w = s;
	for (const char *r = s; *r;) {
		if ((r[0] == '*' && r[1] == '*') || (r[0] == '_' && r[1] == '_')) {
			r += 2;
			continue;
		}
		if (r[0] == '\\' && r[1] && ispunct((unsigned char)r[1]))
			r++;
		/* a dash set as a word (" \u2014 28 AP", " \u2013 70") reads as "-", "\u00d710" as "x10" */
		if ((strncmp(r, "\xe2\x80\x94", 3) == 0 || strncmp(r, "\xe2\x80\x93", 3) == 0) &&
		    w > s && w[-1] == ' ' && r[3] == ' ') {
			*w++ = '-';
			r += 3;
			continue;
		}
		if (strncmp(r, "\xc3\x97", 2) == 0 && isdigit((unsigned char)r[2])) {
			*w++ = 'x';
			r += 2;
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
}

static bool word_is(const char *w, size_t n, const char *const *words)
{
	for (size_t i = 0; words[i]; i++)
		if (strlen(words[i]) == n && strncasecmp(w, words[i], n) == 0)
			return true;
	return false;
}

static const char *const point_words[] = { "pts", "pt", "points", "point", "p", "pkt", "pkte",
	"punkte", "pnts", "ap", NULL };
static const char *const model_words[] = { "models", "model", "modelle", "modell", "figurines",
	"figurine", "minis", NULL };

/* What a figure "N WORD" is: 'p' points, 'm' models, 0 neither. WORD may be absent (points),
 * a point word, the abbreviation or name of one of the system's costs, or a model word. */
static int figure_kind(const char *w, size_t n, const char *const *costs)
{
	if (n == 0 || word_is(w, n, point_words) || (costs && word_is(w, n, costs)))
		return 'p';
	if (word_is(w, n, model_words))
		return 'm';
	return 0;
}

/* Reads "N", "N pts", "1,000pts", "N models" filling all of s[0, n) (blanks around allowed).
 * Returns its kind ('p' or 'm', as figure_kind) with *v, or 0 when s is no figure. */
static int figure(const char *s, size_t n, const char *const *costs, long *v)
{
	while (n && blank(*s)) {
		s++;
		n--;
	}
	while (n && blank(s[n - 1]))
		n--;
	size_t i = 0;
	long x = 0;
	for (; i < n && (isdigit((unsigned char)s[i]) || (s[i] == ',' && i > 0)); i++) {
		if (s[i] == ',')
			continue;
		if (x > 100000000L)
			return 0;
		x = x * 10 + (s[i] - '0');
	}
	if (i == 0 || !isdigit((unsigned char)s[i - 1]))
		return 0;
	while (i < n && blank(s[i]))
		i++;
	int kind = figure_kind(s + i, n - i, costs);
	if (kind)
		*v = x;
	return kind;
}

/* Takes a figure off the end of s: "[70]", "(70 pts)", "- 56pts", ": 25pts", "- 25",
 * "-- 70 AP", "70pts", "- 8 models", "(8 models)", "x10". Returns 1 when it took one. */
static int take_tail_figure(char *s, struct itok *k, const char *const *costs)
{
	size_t n = strlen(s);
	if (n == 0)
		return 0;
	long v;
	/* Muster's compact line: "... -- 70 AP", "... -- 0 1000s / 2 RP": the first cost */
	char *dd = strstr(s, " -- ");
	while (dd && strstr(dd + 1, " -- "))
		dd = strstr(dd + 1, " -- ");
	if (dd && (isdigit((unsigned char)dd[4]) || (dd[4] == '-' && isdigit((unsigned char)dd[5])))) {
		if (k->points < 0 && dd[4] != '-')
			k->points = strtol(dd + 4, NULL, 10) <= 100000000L ? strtol(dd + 4, NULL, 10) : -1;
		*dd = '\0';
		return 1;
	}
	char close = s[n - 1];
	if (close == ']' || close == ')') {
		char *open = strrchr(s, close == ']' ? '[' : '(');
		if (open == NULL)
			return 0;
		int kind = figure(open + 1, (size_t)(s + n - 1 - open - 1), costs, &v);
		if (kind == 0)
			return 0;
		bool bare = close == ')' && kind == 'p' && figure(open + 1, (size_t)(s + n - 2 - open), NULL, &v) &&
		            strspn(open + 1, " \t0123456789") == (size_t)(s + n - 1 - open - 1);
		*open = '\0';
		if (kind == 'm')
			k->count = v;
		else if (k->points < 0) {
			k->points = v;
			k->bare = bare;
		}
		return 1;
	}
	/* "... SEP N [WORD]": the word, then the number, then a separator or "x". */
	size_t e = n;
	while (e && isalpha((unsigned char)s[e - 1]))
		e--;
	size_t wlen = n - e, d = e;
	while (d && blank(s[d - 1]) && wlen)
		d--;
	size_t de = d;
	while (d && (isdigit((unsigned char)s[d - 1]) || (s[d - 1] == ',' && d > 1 && isdigit((unsigned char)s[d - 2]))))
		d--;
	if (d == de || (d && isalnum((unsigned char)s[d - 1]) && !(s[d - 1] == 'x' || s[d - 1] == 'X')))
		return 0;
	int kind = figure(s + d, n - d, costs, &v);
	if (kind == 0)
		return 0;
	size_t b = d;
	/* "Name x10": a count */
	if (b && (s[b - 1] == 'x' || s[b - 1] == 'X') && wlen == 0 && b > 1 && blank(s[b - 2])) {
		s[b - 1] = '\0';
		k->count = v;
		return 1;
	}
	while (b && blank(s[b - 1]))
		b--;
	size_t sep = b;
	/* "Name x5 @ 3 AP": a model's price */
	if (sep && s[sep - 1] == '@' && kind == 'p' && k->points < 0) {
		s[sep - 1] = '\0';
		k->points = v;
		k->each = true;
		return 1;
	}
	while (sep && strchr("-:,=|", s[sep - 1]))
		sep--;
	/* "Name 70pts" needs its word; "Name - 25" its separator; "10 Name" is not a tail. */
	if ((sep == b && (wlen == 0 || kind == 'm')) || sep == 0)
		return 0;
	if (sep == b && b == d)
		return 0;
	s[sep] = '\0';
	if (kind == 'm')
		k->count = v;
	else if (k->points < 0)
		k->points = v;
	return 1;
}

/* Takes "[A, B]" of options off the end of s, appending them to k->options. */
static int take_tail_options(char *s, struct itok *k)
{
	size_t n = strlen(s);
	if (n == 0 || s[n - 1] != ']')
		return 0;
	char *open = strrchr(s, '[');
	if (open == NULL)
		return 0;
	s[n - 1] = '\0';
	import_add_options(k, open + 1);
	*open = '\0';
	return 1;
}

void import_add_options(struct itok *k, const char *text)
{
	char *t = xstrdup(text);
	char *o = strip(t);
	if (*o) {
		if (k->options) {
			char *both = xasprintf("%s, %s", k->options, o);
			free(k->options);
			k->options = both;
		} else {
			k->options = xstrdup(o);
		}
	}
	free(t);
}

/* The first ": " outside brackets and before any " - ", or NULL. */
static char *first_colon(char *s)
{
	int depth = 0;
	for (char *c = s; *c; c++) {
		depth += (*c == '(' || *c == '[') - (*c == ')' || *c == ']');
		if (depth == 0 && c[0] == ' ' && c[1] == '-' && c[2] == ' ')
			return NULL;
		if (depth == 0 && c[0] == ':' && c[1] == ' ')
			return c;
	}
	return NULL;
}

/* A leading count: "10x ", "10 x ", "10× ", "x10 ", "(10) ", "10 ". Points never stand
 * before the name, so "(10)" there is the models. */
static char *take_head_count(char *s, struct itok *k)
{
	char *p = s;
	bool x = false, paren = false;
	if ((*p == 'x' || *p == 'X') && isdigit((unsigned char)p[1])) {
		p++;
		x = true;
	} else if (*p == '(' && isdigit((unsigned char)p[1])) {
		p++;
		paren = true;
	}
	size_t nd = strspn(p, "0123456789");
	if (nd == 0 || nd > 6)
		return s;
	char *q = p + nd;
	long v = strtol(p, NULL, 10);
	if (paren) {
		if (*q != ')' || !blank(q[1]))
			return s;
		q++;
		x = true;
	}
	while (blank(*q))
		q++;
	if (!x && (*q == 'x' || *q == 'X') && (blank(q[1]) || q[1] == '\0'))
		q++, x = true;
	else if (!x && strncmp(q, "\xc3\x97", 2) == 0)
		q += 2, x = true;
	if (!x && q == p + nd)
		return s; /* "10th Company": no blank after the digits */
	while (blank(*q))
		q++;
	if (*q == '\0' || v < 1)
		return s;
	k->count = v;
	return q;
}

int import_tokenise(const char *line, const char *const *costs, struct itok *k)
{
	memset(k, 0, sizeof(*k));
	k->count = -1;
	k->points = -1;
	char *copy = xstrdup(line);
	import_unmark(copy);
	char *s = strip(copy);
	/* Markdown's and forums' bullets before a unit */
	if ((*s == '-' || *s == '*') && blank(s[1]))
		s = strip(s + 1);
	else if (strncmp(s, "\xe2\x80\xa2", 3) == 0)
		s = strip(s + 3);
	/* New Recruit's "Char1: 1x Name (28 pts): Options" numbers its characters */
	if (strncmp(s, "Char", 4) == 0 && isdigit((unsigned char)s[4])) {
		size_t nd = 4 + strspn(s + 4, "0123456789");
		if (s[nd] == ':' && blank(s[nd + 1]))
			s = strip(s + nd + 1);
	}
	/* New Recruit's "Name [69 pts]:" over the lines of its models and options */
	size_t len = strlen(s);
	if (len > 1 && s[len - 1] == ':' && !blank(s[len - 2]))
		s[len - 1] = '\0';
	/* Trailing figures and option brackets, each kind at most a few times; after Muster's
	 * compact "-- 50 1000s" none (its options may end in "(6)": "Magneto grenades (6)") */
	char *dd = strstr(s, " -- ");
	bool compact = dd && (isdigit((unsigned char)dd[4]) || (dd[4] == '-' && isdigit((unsigned char)dd[5])));
	for (int i = 0; i < (compact ? 1 : 6); i++) {
		s = strip(s);
		if (!take_tail_figure(s, k, costs) && !take_tail_options(s, k))
			break;
	}
	s = strip(s);
	/* "Name [28 AP]: Stubborn, Trained" (BattleScribe), "Name: Gasp" (Muster's compact); not
	 * a colon in brackets or after a dash, which is an option's ("Centurion - Formation: Horde") */
	char *colon = first_colon(s);
	if (colon && colon != s) {
		import_add_options(k, colon + 2);
		*colon = '\0';
		s = strip(s);
		for (int i = 0; i < 4; i++) {
			s = strip(s);
			if (!take_tail_figure(s, k, costs) && !take_tail_options(s, k))
				break;
		}
	}
	s = strip(take_head_count(strip(s), k));
	/* Options in brackets before the points: "Name [Stubborn] [28]" is taken above; a
	 * bracket left in the middle ("Name [A] x2") is taken here. */
	char *br = strchr(s, '[');
	if (br && strchr(br, ']')) {
		char *cl = strchr(br, ']');
		*cl = '\0';
		import_add_options(k, br + 1);
		memmove(br, cl + 1, strlen(cl + 1) + 1);
		s = strip(s);
		take_tail_figure(s, k, costs);
		s = strip(s);
	}
	k->name = xstrdup(s);
	free(copy);
	return *k->name ? 0 : -1;
}

void import_itok_free(struct itok *k)
{
	free(k->name);
	free(k->options);
	memset(k, 0, sizeof(*k));
}

/* "Total: 372", "Total 387 AP", "++ Total: [1,000pts] ++", "Gesamt: 372" in the locale's
 * word: returns 1 with *v for a total with a figure, 2 for one without ("Total"), 0 else. */
int import_total(const char *line, const char *const *costs, long *v)
{
	char *copy = xstrdup(line);
	import_unmark(copy);
	char *s = strip(copy);
	while (*s == '+' || *s == '|' || *s == '-' || *s == '*' || blank(*s))
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == '+' || s[n - 1] == '|' || blank(s[n - 1])))
		s[--n] = '\0';
	const char *words[IMPORT_MAX_WORDS + 1];
	import_words(N_("Total"), words);
	int rc = 0;
	for (size_t i = 0; words[i] && rc == 0; i++) {
		size_t w = strlen(words[i]);
		if (strncasecmp(s, words[i], w) != 0 || isalpha((unsigned char)s[w]))
			continue;
		char *r = s + w;
		while (*r == ':' || *r == '|' || *r == '=' || blank(*r))
			r++;
		if (*r == '\0') {
			rc = 2;
			break;
		}
		size_t m = strlen(r);
		if ((*r == '[' || *r == '(') && m > 2 && (r[m - 1] == ']' || r[m - 1] == ')')) {
			r++;
			m -= 2;
		}
		if (figure(r, m, costs, v) == 'p')
			rc = 1;
		else if (isdigit((unsigned char)*r) &&
		         (strspn(r, "0123456789 \t") == m || figure(r, strcspn(r, ","), costs, v) == 'p')) {
			/* Muster's Markdown table: "Total | | 60 | 65", one figure per cost; its
			 * compact line: "Total: 60 1000s, 65 Contra" */
			*v = strtol(r, NULL, 10) <= 100000000L ? strtol(r, NULL, 10) : 0;
			rc = 1;
		}
	}
	free(copy);
	return rc;
}

/* A heading: "+ HQ +" (BattleScribe), "## Troops", "HQ:", "**Elites**", "== Core ==", a
 * category name alone. Returns the heading's text (caller frees) or NULL. A figure in it
 * ("+ HQ [95 pts] +", "Troops (210 pts)") is dropped. */
char *import_heading_text(const char *line, bool *framed_out)
{
	char *copy = xstrdup(line);
	import_unmark(copy);
	char *s = strip(copy);
	bool framed = false;
	size_t n = strlen(s);
	if (n >= 3 && s[0] == '+' && s[n - 1] == '+') {
		framed = true;
		while (*s == '+')
			s++;
		n = strlen(s);
		while (n && s[n - 1] == '+')
			s[--n] = '\0';
	}
	while (*s == '#' || *s == '=' || (*s == '-' && s[1] == '-'))
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == '=' || s[n - 1] == ':' || s[n - 1] == '#' || (s[n - 1] == '-' && n > 1 && s[n - 2] == '-')))
		s[--n] = '\0';
	s = strip(s);
	n = strlen(s);
	/* a figure after it: "[95 pts]", "(210 pts)" */
	if (n && (s[n - 1] == ']' || s[n - 1] == ')')) {
		char *open = strrchr(s, s[n - 1] == ']' ? '[' : '(');
		if (open && open > s && strpbrk(open, "0123456789"))
			*open = '\0';
		s = strip(s);
	}
	char *r = NULL;
	if (*s && (framed || strpbrk(s, "0123456789") == NULL))
		r = xstrdup(s);
	free(copy);
	*framed_out = framed;
	return r;
}

/* The words forums and builders head sections with, in no game's own words. */
static const char *const heading_words[] = {
	"HQ", "Troops", "Elites", "Fast Attack", "Heavy Support", "Heavy", "Lords of War",
	"Dedicated Transports", "Transports", "Flyers", "Fortifications", "Characters", "Character",
	"Heroes", "Hero", "Lords", "Lord", "Leaders", "Leader", "Core", "Special", "Rare", "Battleline",
	"Infantry", "Vehicles", "Vehicle", "Monsters", "Cavalry", "Support", "Allies",
	"Other Datasheets", "Other", "Army List", "List", "Units", "Unit", "Reinforcements",
	"Configuration", "Command", "Detachment", NULL
};

bool import_heading_word(const char *text)
{
	return word_is(text, strlen(text), heading_words);
}

/* "joins TARGET" in English or the current language ("schliesst sich TARGET an"): the target
 * (caller frees), or NULL. */
char *import_join_target(const char *text)
{
	char *s = import_trim(text, strlen(text));
	const char *fmts[IMPORT_MAX_WORDS + 1];
	import_words(N_("joins %s"), fmts);
	char *r = NULL;
	for (size_t i = 0; fmts[i] && r == NULL; i++) {
		const char *pc = strstr(fmts[i], "%s");
		if (pc == NULL)
			continue;
		size_t pre = (size_t)(pc - fmts[i]), post = strlen(pc + 2), n = strlen(s);
		if (n > pre + post && strncmp(s, fmts[i], pre) == 0 && strcmp(s + n - post, pc + 2) == 0)
			r = import_trim(s + pre, n - pre - post);
		if (r && *r == '\0') {
			free(r);
			r = NULL;
		}
	}
	free(s);
	return r;
}

/* form (a message with one "%ld") with k in its place (caller frees). */
static char *fill_ld(const char *form, long k)
{
	const char *pc = strstr(form, "%ld");
	if (pc == NULL)
		return xstrdup(form);
	return xasprintf("%.*s%ld%s", (int)(pc - form), form, k, pc + 3);
}

/* show's lines in any shipped language that carry nothing to import: the table's header
 * ("Einheit  Modelle  pts") and the cost lines under a unit ("+ 30 Modelle  180", "+ changed
 * by modifiers"). */
bool import_show_line(const char *line)
{
	size_t u = import_starts_word(line, N_("Unit"));
	if (u && blank(line[u]) && blank(line[u + 1])) {
		const char *p = line + u;
		while (blank(*p))
			p++;
		size_t m = import_starts_word(p, N_("Models"));
		return m && (p[m] == '\0' || blank(p[m]));
	}
	if (!blank(line[0]))
		return false;
	const char *p = line;
	while (blank(*p))
		p++;
	if (*p != '+')
		return false;
	p++;
	while (blank(*p))
		p++;
	/* the text up to the cost columns (two blanks or more) */
	size_t n = 0;
	while (p[n] && !(blank(p[n]) && blank(p[n + 1])))
		n++;
	char *text = xstrndup(p, n);
	bool yes = import_is_word(text, N_("changed by modifiers"));
	size_t nd = strspn(p, "0123456789");
	const char *forms[IMPORT_MAX_WORDS + 1];
	import_words(N_("%ld model"), forms);
	long k = nd && nd <= 6 ? strtol(p, NULL, 10) : -1;
	for (size_t i = 0; forms[i] && !yes && k >= 0; i++) {
		char *want = fill_ld(forms[i], k);
		yes = strcmp(want, text) == 0;
		free(want);
	}
	free(text);
	return yes;
}

/* s with each run of digits made one '#' (caller frees). */
static char *skeleton(const char *s)
{
	char *r = xmalloc(strlen(s) + 1), *w = r;
	for (const char *p = s; *p;) {
		if (isdigit((unsigned char)*p)) {
			*w++ = '#';
			p += strspn(p, "0123456789");
		} else {
			*w++ = *p++;
		}
	}
	*w = '\0';
	return r;
}

/* The skeleton of a message "%s: %s of %s spent, %s left": its first "%s" (or "%1$s")
 * left out, each other one a '#' (caller frees). */
static char *form_skeleton(const char *form)
{
	struct strbuf sb = STRBUF_INIT;
	int nth = 0;
	for (const char *p = form; *p;) {
		size_t d = p[0] == '%' ? strspn(p + 1, "0123456789$") : 0;
		if (p[0] == '%' && p[1 + d] == 's') {
			if (nth++)
				strbuf_addc(&sb, '#');
			p += 2 + d;
		} else {
			strbuf_addc(&sb, *p++);
		}
	}
	return sb.s ? strbuf_detach(&sb) : xstrdup("");
}

/* show's "Points: 60 of 125 spent, 65 left" in any shipped language. */
bool import_spent_line(const char *line)
{
	const char *ids[] = { N_("%s: %s of %s spent, %s left"), N_("%s: %s of %s spent, %s over the limit"), NULL };
	char *sk = skeleton(line);
	size_t n = strlen(sk);
	bool yes = false;
	for (size_t i = 0; ids[i] && !yes; i++) {
		const char *forms[IMPORT_MAX_WORDS + 1];
		import_words(ids[i], forms);
		for (size_t f = 0; forms[f] && !yes; f++) {
			char *plain = import_plain(forms[f], strlen(forms[f]), NULL);
			char *fk = form_skeleton(plain);
			free(plain);
			size_t m = strlen(fk);
			yes = n > m && strcmp(sk + n - m, fk) == 0 && !blank(sk[0]);
			free(fk);
		}
	}
	free(sk);
	return yes;
}

static void add_word(const char **w, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(w[i], s) == 0)
			return;
	if (*n < IMPORT_MAX_WORDS)
		w[(*n)++] = s;
}

size_t import_words(const char *msgid, const char **w)
{
	size_t n = 0;
	add_word(w, &n, msgid);
	add_word(w, &n, _(msgid));
	for (size_t i = 0; i < import_word_count; i++)
		if (strcmp(import_word_table[i].msgid, msgid) == 0)
			add_word(w, &n, import_word_table[i].form);
	w[n] = NULL;
	return n;
}

/* The no-break space (U+00A0) or narrow one (U+202F) at s: its length in bytes, or 0. */
static size_t nbsp_at(const char *s, const char *end)
{
	if (end - s >= 2 && (unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xa0)
		return 2;
	if (end - s >= 3 && (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
	    (unsigned char)s[2] == 0xaf)
		return 3;
	return 0;
}

char *import_plain(const char *s, size_t n, size_t *len)
{
	char *r = xmalloc(n + 1), *w = r;
	const char *end = s + n;
	for (const char *p = s; p < end;) {
		size_t sp = nbsp_at(p, end);
		if (sp && p + sp < end && (p[sp] == ':' || p[sp] == ';'))
			p += sp;
		else
			*w++ = *p++;
	}
	*w = '\0';
	if (len)
		*len = (size_t)(w - r);
	return r;
}

/* The length of the longest of msgid's words s begins with (in any case when nocase), or 0. */
static size_t starts_word(const char *s, const char *msgid, bool nocase)
{
	const char *w[IMPORT_MAX_WORDS + 1];
	size_t best = 0;
	import_words(msgid, w);
	for (size_t i = 0; w[i]; i++) {
		char *f = import_plain(w[i], strlen(w[i]), NULL);
		size_t n = strlen(f);
		if (n > best && (nocase ? strncasecmp(s, f, n) : strncmp(s, f, n)) == 0)
			best = n;
		free(f);
	}
	return best;
}

size_t import_starts_word(const char *s, const char *msgid)
{
	return starts_word(s, msgid, false);
}

bool import_is_word(const char *s, const char *msgid)
{
	return *s && starts_word(s, msgid, false) == strlen(s);
}

bool import_is_key(const char *s, const char *msgid)
{
	return *s && starts_word(s, msgid, true) == strlen(s);
}

bool import_in_names(char *const *names, const char *s)
{
	for (size_t i = 0; names && names[i]; i++)
		if (strcasecmp(names[i], s) == 0)
			return true;
	return false;
}

/* Its modifiers are read up to RENAME_MODS_MAX, for a name of at most RENAME_NAME_MAX bytes:
 * the work is at most their product times the name's length, whatever the data and the text. */
enum { RENAME_MODS_MAX = 64, RENAME_NAME_MAX = 256 };

bool import_renamed_to(const struct entry_option *o, const char *name)
{
	const struct modifier *sets[RENAME_MODS_MAX], *appends[RENAME_MODS_MAX];
	size_t n_sets = 0, n_appends = 0, seen = 0;
	for (int p = 0; p < 2; p++) {
		const struct bs_hide *own = option_own(o, p);
		for (size_t i = 0; own && i < own->n && seen < RENAME_MODS_MAX; i++) {
			const struct modifier *m = &own->mods[i];
			if (m->target != MOD_NAME || m->text == NULL || m->text[0] == '\0')
				continue;
			seen++;
			if (m->op == MOD_SET)
				sets[n_sets++] = m;
			else
				appends[n_appends++] = m;
		}
	}
	size_t len = strlen(name);
	if (seen == 0 || len > RENAME_NAME_MAX)
		return false;
	/* at[i]: name's first i bytes can be so written */
	bool *at = xcalloc(len + 1, sizeof(*at));
	for (size_t k = 0; k <= n_sets; k++) {
		const char *base = k < n_sets ? sets[k]->text : o->name;
		size_t b = base ? strlen(base) : 0;
		if (base && b <= len && strncasecmp(name, base, b) == 0)
			at[b] = true;
	}
	for (size_t i = 0; i < len; i++)
		for (size_t k = 0; at[i] && k < n_appends; k++) {
			size_t a = strlen(appends[k]->text);
			if (a <= len - i && strncasecmp(name + i, appends[k]->text, a) == 0)
				at[i + a] = true;
		}
	bool yes = at[len];
	free(at);
	return yes;
}
