/* import-rows.c - the text a browser copies from an HTML printout (issue 22)
 *
 * Select all and copy in a browser gives the page's innerText: a table row is a line of
 * cells separated by tabs, a heading or a paragraph is a line. Muster's HTML printout gives,
 * list by list, a heading, a table of facts ("Game<TAB>NAME") and a summary table
 * ("Name<TAB>models<TAB>points"); then the cards, unit by unit in the same order, which alone
 * say what each unit joins and which options it took (in the full style its cost table:
 * "<TAB>AP" above "Option<TAB>points" rows; in the compact one, an "Options: A, B" line).
 * import_row reads those lines into what import.c reads of Muster's text export.
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"

#include "import-int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum { R_HEAD, R_VERDICT, R_FACTS, R_SUMMARY, R_AFTER, R_CARDS };

/* Does s begin with msgid's word (any shipped language) and then c, a space or a no-break
 * space before it as French typography puts one ("Total : X")? Returns the length of all
 * that, or 0. */
static size_t word_then(const char *s, const char *msgid, char c)
{
	size_t w = import_starts_word(s, msgid);
	if (w == 0)
		return 0;
	if (s[w] == ' ')
		w++;
	else if (strncmp(s + w, "\xc2\xa0", 2) == 0)
		w += 2;
	return s[w] == c ? w + 1 : 0;
}

/* Does s end with ", N WORD", WORD one of the system's costs ("FACTION, 575 pts")? */
static bool ends_with_total(const struct st *t, const char *s)
{
	const char *comma = strrchr(s, ',');
	if (comma == NULL || comma[1] != ' ' || t->costs == NULL)
		return false;
	const char *p = comma + 2;
	size_t nd = strspn(p, "0123456789.,");
	if (nd == 0 || p[nd] != ' ')
		return false;
	for (size_t i = 0; t->costs[i]; i++)
		if (strcmp(p + nd + 1, t->costs[i]) == 0)
			return true;
	return false;
}

/* s[0..n) with the space before a colon left out: import_plain's no-break one, and a plain
 * one, which a French printout copied before the no-break rule has ("Total : X"). */
static char *colonless(const char *s, size_t n)
{
	char *r = import_plain(s, n, NULL), *w = r;
	for (const char *p = r; *p; p++)
		if (!(*p == ' ' && p[1] == ':'))
			*w++ = *p;
	*w = '\0';
	return r;
}

/* Does s begin with what msgid ("Limit (%s)") prints before its %s, in any shipped language? */
static bool form_head(const char *s, const char *msgid)
{
	const char *w[IMPORT_MAX_WORDS + 1];
	import_words(msgid, w);
	char *ps = colonless(s, strlen(s));
	bool yes = false;
	for (size_t i = 0; w[i] && !yes; i++) {
		const char *pc = strstr(w[i], "%s");
		if (pc && pc > w[i]) {
			char *pw = colonless(w[i], (size_t)(pc - w[i]));
			yes = strncmp(ps, pw, strlen(pw)) == 0;
			free(pw);
		}
	}
	free(ps);
	return yes;
}

bool import_game_row(const char *line)
{
	return line && word_then(line, N_("Game"), '\t') > 0;
}

/* The cells of line (a copy the caller frees, cells[0] pointing to it): how many. */
static size_t cells_of(const char *line, char **cells, size_t max)
{
	char *s = xstrdup(line);
	size_t n = 0;
	for (char *p = s; n < max;) {
		cells[n++] = p;
		char *tab = strchr(p, '\t');
		if (tab == NULL)
			break;
		*tab = '\0';
		p = tab + 1;
	}
	return n;
}

/* The cells joined as show's text joins its columns. */
static char *joined(char **cells, size_t n, const char *lead)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, lead);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? "   " : "", cells[i]);
	return strbuf_detach(&sb);
}

/* The unit whose card comes next (after the one t->card_at - 1 through the roster), or NULL. */
static struct iunit *next_card(struct st *t)
{
	size_t k = t->card_at;
	for (size_t li = 0; li < t->n_lists; li++) {
		if (k < t->lists[li].n_units)
			return &t->lists[li].units[k];
		k -= t->lists[li].n_units;
	}
	return NULL;
}

/* A list's heading begins a list: its name, or "FACTION, TOTAL" when it has none. */
static int list_title(struct st *t, const char *line)
{
	char *title = ends_with_total(t, line) ? NULL : import_trim(line, strlen(line));
	import_new_list(t, title);
	free(title);
	t->skip = false;
	t->row_state = R_FACTS;
	return IMPORT_ROW_DONE;
}

/* A line of a card: its title, "joins X", "Options: A, B", a row of its cost table. */
static int card_line(struct st *t, const char *line, char **cells, size_t n, char **x, struct iunit **card)
{
	struct iunit *u = next_card(t);
	size_t w;
	*card = t->card;
	if (n == 1 && u && import_titled(u, line)) {
		t->card = u;
		t->card_at++;
		t->card_costs = false;
		return IMPORT_ROW_DONE;
	}
	if (t->card == NULL)
		return IMPORT_ROW_DONE;
	char *jt = n == 1 ? import_join_target(line) : NULL;
	if (jt) {
		free(t->card->join);
		t->card->join = jt;
		return IMPORT_ROW_DONE;
	}
	if (n == 1 && (w = word_then(line, N_("Options"), ':')) > 0) {
		*x = import_trim(line + w, strlen(line + w));
		return IMPORT_ROW_OPTIONS;
	}
	if (n >= 2 && cells[0][0] == '\0') {
		t->card_costs = true; /* the cost table's header: "<TAB>AP" */
		return IMPORT_ROW_DONE;
	}
	if (n < 2 || !t->card_costs)
		return IMPORT_ROW_DONE;
	if (form_head(cells[0], N_("Total: %s"))) {
		t->card_costs = false;
		return IMPORT_ROW_DONE;
	}
	char *as_text = joined(cells, n, "  + ");
	bool models = import_show_line(as_text);
	free(as_text);
	if (models)
		return IMPORT_ROW_DONE;
	*x = xstrdup(cells[0]);
	return IMPORT_ROW_OPTIONS;
}

/* "Limit (Points)<TAB>300 pts": the limit of a list of no battle size, as show's text gives
 * it ("Battle size: custom (limit 300 pts)"). */
static void custom_limit(struct st *t, const char *v, long no)
{
	struct ilist *l = import_cur_list(t);
	if (l->size || l->n_limits == MUSTER_ARRAY_LEN(l->limits))
		return;
	char *size = xasprintf("custom (limit %s)", v);
	import_header(t, "Battle size", size, no, false);
	free(size);
}

/* A row of a list's facts or summary table. */
static int table_row(struct st *t, char **cells, size_t n, long no, char **x)
{
	if (t->row_state == R_FACTS) {
		if (n >= 3 && import_is_word(cells[0], N_("Unit")))
			t->row_state = R_SUMMARY;
		else if (n == 2 && form_head(cells[0], N_("Limit (%s)")))
			custom_limit(t, cells[1], no);
		else if (n == 2)
			import_header(t, cells[0], cells[1], no, false);
		return IMPORT_ROW_DONE;
	}
	if (t->row_state != R_SUMMARY || n < 3)
		return IMPORT_ROW_DONE;
	if (import_is_word(cells[0], N_("Total"))) {
		t->row_state = R_AFTER;
		*x = joined(cells + 2, n - 2, "Total   "); /* the cost columns */
		return IMPORT_ROW_TEXT;
	}
	*x = joined(cells, n, "");
	return IMPORT_ROW_TEXT;
}

int import_row(struct st *t, const char *line, long no, const char *next, char **x, struct iunit **card)
{
	*x = NULL;
	*card = NULL;
	char *cells[32];
	size_t n = cells_of(line, cells, MUSTER_ARRAY_LEN(cells));
	int r = IMPORT_ROW_DONE;
	if (n == 1 && t->row_state != R_CARDS && import_game_row(next))
		r = list_title(t, line);
	else if (n > 1 && t->row_state != R_CARDS)
		r = table_row(t, cells, n, no, x);
	else if (t->row_state == R_HEAD) {
		if (word_then(line, N_("Legality:"), ' ') || import_is_word(line, N_("Legality:")))
			t->row_state = R_VERDICT;
		else
			r = IMPORT_ROW_LINE;
	} else if (t->row_state == R_AFTER || t->row_state == R_CARDS) {
		t->row_state = R_CARDS;
		r = card_line(t, line, cells, n, x, card);
	}
	free(cells[0]);
	return r;
}
