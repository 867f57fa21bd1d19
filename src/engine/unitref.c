/* unitref.c - naming a unit of a roster, the same way in every command
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One pass over the units of the lists named, in the file's order. A campaign's roster is
 * read through its campaign's units (campaign.h), which keep every unit of the file, also
 * those the ledger has not enlisted or has destroyed and that 'muster status' does not show.
 */
#include "muster.h"
#include "unitref.h"
#include "campaign.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* At most this many candidates are named when a word is ambiguous. */
#define MAX_NAMED 12

/* Calls fn for each unit of list (or of every list) in the file's order; stops when fn
 * returns true. */
static void each_unit(const struct roster *r, size_t list,
                      bool (*fn)(const struct unitref *u, void *arg), void *arg)
{
	const struct campaign *c = r->camp;
	if (c && c->units) {
		size_t *next = xcalloc(r->n_lists + 1, sizeof(*next));
		for (size_t i = 0; i < c->n_units; i++) {
			const struct camp_unit *cu = &c->units[i];
			size_t ix = next[cu->list]++;
			if (list != UNITREF_ANY_LIST && cu->list != list)
				continue;
			const struct r_list *l = &r->lists[cu->list];
			struct unitref u = { cu->list, ix, cu->ru ? (long)(cu->ru - l->units) + 1 : 0,
			                     &cu->read, cu->ru };
			if (fn(&u, arg))
				break;
		}
		free(next);
		return;
	}
	for (size_t li = 0; li < r->n_lists; li++) {
		if (list != UNITREF_ANY_LIST && li != list)
			continue;
		const struct r_list *l = &r->lists[li];
		for (size_t i = 0; i < l->n_units; i++) {
			struct unitref u = { li, i, (long)i + 1, &l->units[i], &l->units[i] };
			if (fn(&u, arg))
				return;
		}
	}
}

enum stage { BY_ID, BY_NUMBER, BY_NAME, BY_ENTRY, BY_PREFIX, N_STAGES };

struct search {
	const struct roster *r;
	size_t list;
	const char *word;
	long want;                  /* the word as a number, or 0 */
	size_t n[N_STAGES];         /* units matched at each stage */
	struct unitref first[N_STAGES];
	enum stage stage;           /* the second pass: the candidates of this stage */
	struct strbuf named;
	size_t n_named;
	long shown;                 /* the largest number status shows */
	struct nearest near;
};

static bool matches(const struct search *s, const struct unitref *u, enum stage st)
{
	const struct r_unit *ru = u->unit;
	switch (st) {
	case BY_ID:
		return r_unit_id(ru) && strcmp(r_unit_id(ru), s->word) == 0;
	case BY_NUMBER:
		return s->want > 0 && u->number == s->want;
	case BY_NAME:
		return name_fit(r_unit_label(ru), s->word) == NAME_SAME;
	case BY_ENTRY:
		return strcmp(ru->entry->id, s->word) == 0 ||
		       name_fit(ru->entry->name, s->word) == NAME_SAME;
	case BY_PREFIX:
		return name_fit(r_unit_label(ru), s->word) == NAME_PREFIX ||
		       name_fit(ru->entry->name, s->word) == NAME_PREFIX;
	case N_STAGES:
		break;
	}
	return false;
}

static bool count(const struct unitref *u, void *arg)
{
	struct search *s = arg;
	for (enum stage st = 0; st < N_STAGES; st++)
		if (matches(s, u, st) && s->n[st]++ == 0)
			s->first[st] = *u;
	if (u->number > s->shown)
		s->shown = u->number;
	/* The names offered for "did you mean": the roster's, which outlive the search. */
	if (r_unit_label(u->unit))
		nearest_offer(&s->near, r_unit_label(u->unit), r_unit_label(u->unit));
	nearest_offer(&s->near, u->unit->entry->name, u->unit->entry->name);
	if (r_unit_id(u->unit))
		nearest_offer(&s->near, r_unit_id(u->unit), r_unit_id(u->unit));
	return false;
}

/* How a message names a list: its id (one list's among all forces), else its name. */
static const char *list_word(const struct r_list *l)
{
	return l->id ? l->id : l->name ? l->name : "?";
}

/* Names one candidate: "3 (quack-marine-3)", its list added when several lists are searched. */
static bool name_one(const struct unitref *u, void *arg)
{
	struct search *s = arg;
	if (!matches(s, u, s->stage))
		return false;
	if (s->n_named++ == MAX_NAMED) {
		strbuf_adds(&s->named, ", ...");
		return true;
	}
	if (s->n_named > 1)
		strbuf_adds(&s->named, ", ");
	const char *id = r_unit_id(u->unit);
	if (u->number && id)
		strbuf_addf(&s->named, "%ld (%s)", u->number, id);
	else if (u->number)
		strbuf_addf(&s->named, "%ld", u->number);
	else if (id)
		strbuf_adds(&s->named, id);
	else
		strbuf_addf(&s->named, _("line %ld"), (long)u->unit->line);
	if (s->stage == BY_PREFIX) {
		char *b = name_bare(r_unit_name(u->unit));
		strbuf_addf(&s->named, " '%s'", b);
		free(b);
	}
	if (s->list == UNITREF_ANY_LIST && s->r->n_lists > 1) {
		const struct r_list *l = &s->r->lists[u->list];
		if (l->up) {
			/* A child force's name may be its parent's wing's too: the parent says which. */
			const struct r_list *p = &s->r->lists[l->up - 1];
			strbuf_addf(&s->named, _(" in %s (child force of %s)"), list_word(l), list_word(p));
		} else {
			strbuf_addf(&s->named, _(" in %s"), list_word(l));
		}
	}
	return false;
}

int unitref_find(const struct roster *r, size_t list, const char *word, struct unitref *out,
                 struct diags *d)
{
	struct search s;
	memset(&s, 0, sizeof(s));
	s.r = r;
	s.list = list;
	s.word = word;
	if (word[0] < '0' || word[0] > '9' || parse_long(word, 1, 100000000L, &s.want) != 0)
		s.want = 0;
	nearest_init(&s.near, word);
	each_unit(r, list, count, &s);
	for (enum stage st = 0; st < N_STAGES; st++) {
		if (s.n[st] == 0)
			continue;
		if (s.n[st] == 1) {
			*out = s.first[st];
			return 0;
		}
		s.stage = st;
		each_unit(r, list, name_one, &s);
		if (st == BY_PREFIX)
			diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
			          _("'%s' starts the names of %zu units: %s; type more of the name, or name one by its id or its number"),
			          word, s.n[st], s.named.s);
		else
			diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
			          _("%zu units are '%s': %s; name one by its id or its number ('muster status' shows them)"),
			          s.n[st], word, s.named.s);
		strbuf_release(&s.named);
		return -1;
	}
	bool one_list = list != UNITREF_ANY_LIST;
	char *best = s.near.best ? name_bare(s.near.best) : NULL;
	if (best && one_list)
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("the list has no unit '%s'; did you mean '%s'?"), word, best);
	else if (best)
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("the roster has no unit '%s'; did you mean '%s'?"), word, best);
	else if (one_list)
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("the list has no unit '%s' (a number from 1 to %ld, an id or a name)"),
		          word, s.shown);
	else
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("the roster has no unit '%s' (an id, a name, an entry, or a number as 'muster status' shows it)"),
		          word);
	free(best);
	return -1;
}

/* An entry's id longer than this is cut in a unit's id: the id stays short to type. */
#define MAX_BASE 40

char *unitref_make_id(const char *entry_id, long n)
{
	size_t len = strlen(entry_id);
	if (len > MAX_BASE) {
		len = MAX_BASE;
		/* Not inside a character of several bytes. */
		while (len > 0 && ((unsigned char)entry_id[len] & 0xC0) == 0x80)
			len--;
	}
	while (len > 0 && entry_id[len - 1] == '-')
		len--;
	if (len == 0)
		return xasprintf("unit-%ld", n);
	return xasprintf("%.*s-%ld", (int)len, entry_id, n);
}

long unitref_id_number(const char *id)
{
	const char *dash = id ? strrchr(id, '-') : NULL;
	long n;
	if (dash == NULL || dash[1] < '0' || dash[1] > '9' || parse_long(dash + 1, 1, 1000000000L, &n) != 0)
		return 0;
	return n;
}
