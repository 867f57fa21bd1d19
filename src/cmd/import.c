/* import.c - reading a pasted plain-text army list into a roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One pass over the lines. A line followed by a line of '=' starts a list (show's titles);
 * "Key: value" lines before a list's units give its game, battle size, faction level and
 * choices; a unit line starts a unit and the indented "+ Option" lines under it take its
 * options. Lines under "Notes", "Rules used" and "Legality:" are show's own and skipped. Every name is
 * looked up by index or in one pass over the catalogs: the text's length bounds the work.
 */
#include "muster.h"
#include "catalog.h"
#include "import.h"
#include "import-int.h"
#include "data.h"
#include "eval.h"
#include "rx.h"
#include "session.h"
#include "system.h"
#include "unitref.h"
#include "util.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The built-in patterns, tried after the system's own (<import> in rules-xml); a line none
 * matches is taken apart by import_tokenise (import-line.c). */
static const struct {
	enum import_kind kind;
	const char *pattern;
} builtin[IMPORT_N_BUILTIN] = {
	{ IMPORT_IGNORE, "^\\s*[-=_*~#|:.]{3,}\\s*$" },
	{ IMPORT_IGNORE, "^Unit\\s{2,}Models(\\s|$)" },
	{ IMPORT_IGNORE, "^Total(\\s|$)" },
	{ IMPORT_IGNORE, "^[^:]+: \\d+ of \\d+ spent" },
	/* show's cost lines under a unit: its models, what modifiers changed, each option */
	{ IMPORT_IGNORE, "^\\s+\\+\\s*\\d+ models?(?:\\s{2,}-?\\d+)*\\s*$" },
	{ IMPORT_IGNORE, "^\\s+\\+\\s*changed by modifiers(?:\\s{2,}-?\\d+)*\\s*$" },
	{ IMPORT_OPTION, "^\\s+joins\\s+(?<join>.+?)\\s*$" },
	/* "+ Option" at any indent; "- Option", "* Option", ". Option", "\u2022 Option" (a bullet)
	 * indented; New Recruit's "\u25e6 Option" (a white bullet) under a bullet's model line */
	{ IMPORT_OPTION, "^(?:\\s*\\+|\\s+[-*.]|\\s*\xe2\x80\xa2|\\s*\xe2\x97\xa6)\\s*(?<name>.+?)(?:\\s+[xX](?<count>\\d+))?(?:\\s{2,}-?\\d+)*\\s*$" },
	/* show's table: TITLE, two spaces or more, MODELS, then the costs */
	{ IMPORT_UNIT, "^(?<name>\\S.*?)\\s{2,}(?<count>\\d+)(?:\\s+-?\\d+)*\\s*$" },
};

static const char *const groups[] = { "name", "count", "points", "options", "join", NULL };
enum { G_NAME, G_COUNT, G_POINTS, G_OPTIONS, G_JOIN, G_N };


void import_err(struct st *t, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	/* --keep-going: a line that cannot be read is skipped, and said so at its line */
	if (t->keep_going && line > 0)
		diags_add(t->d, SEV_WARNING, t->file, line, 0, NULL, NULL, _("line skipped: %s"), msg);
	else
		diags_add(t->d, SEV_ERROR, t->file, line, 0, NULL, NULL, "%s", msg);
	free(msg);
}

char *import_trim(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return xstrndup(s, n);
}

struct ilist *import_new_list(struct st *t, const char *title)
{
	GROW(t->lists, t->cap_lists, t->n_lists + 1);
	struct ilist *l = &t->lists[t->n_lists++];
	memset(l, 0, sizeof(*l));
	l->title = title ? xstrdup(title) : NULL;
	return l;
}

struct ilist *import_cur_list(struct st *t)
{
	return t->n_lists ? &t->lists[t->n_lists - 1] : import_new_list(t, NULL);
}

static struct iunit *cur_unit(struct st *t)
{
	struct ilist *l = t->n_lists ? &t->lists[t->n_lists - 1] : NULL;
	return l && l->n_units ? &l->units[l->n_units - 1] : NULL;
}

/* Does entry name en (its quotes left out: a Character is written without them) equal
 * s[0, n) without case? */
static bool name_eq(const char *en, const char *s, size_t n)
{
	size_t i = 0;
	for (;; en++) {
		while (*en == '"')
			en++;
		while (i < n && s[i] == '"')
			i++;
		if (*en == '\0' || i == n)
			break;
		if (tolower((unsigned char)*en) != tolower((unsigned char)s[i]))
			return false;
		i++;
	}
	return *en == '\0' && i == n;
}

/* Does s[0, n) give name, or one of names (the data's languages, or NULL), as name_eq? */
static bool names_eq(const char *name, char *const *names, const char *s, size_t n)
{
	if (name_eq(name, s, n))
		return true;
	for (size_t i = 0; names && names[i]; i++)
		if (name_eq(names[i], s, n))
			return true;
	return false;
}

/* The entries s[0, n) names, by id or by name: how many (two of them kept in two). */
static size_t entries_named(const struct system *sys, const char *s, size_t n, const struct entry **two)
{
	char *z = xstrndup(s, n);
	const struct entry *e = system_entry(sys, z);
	free(z);
	if (e) {
		two[0] = e;
		return 1;
	}
	size_t k = 0;
	for (size_t c = 0; c < sys->n_catalogs; c++)
		for (size_t i = 0; i < sys->catalogs[c]->n_entries; i++) {
			const struct entry *x = &sys->catalogs[c]->entries[i];
			if (!names_eq(x->name, x->names, s, n) || (k && two[0] == x))
				continue;
			if (k < 2)
				two[k] = entry_made(x);
			k++;
		}
	return k;
}

/* The entries a player's name gives: as written, else as a plural ("Quack Marines"). */
static size_t lookup(const struct system *sys, const char *name, const struct entry **two)
{
	size_t n = strlen(name);
	size_t k = entries_named(sys, name, n, two);
	if (k == 0 && n > 3 && (name[n - 1] == 's' || name[n - 1] == 'S'))
		k = entries_named(sys, name, n - 1, two);
	if (k == 0 && n > 4 && strcasecmp(name + n - 2, "es") == 0)
		k = entries_named(sys, name, n - 2, two);
	return k;
}

static const struct entry *entry_named(const struct system *sys, const char *name)
{
	const struct entry *two[2];
	return lookup(sys, name, two) == 1 ? two[0] : NULL;
}

static const struct entry_option *option_named(const struct entry *e, const char *name)
{
	for (size_t i = 0; i < e->n_options; i++)
		if (strcmp(e->options[i].id, name) == 0 ||
		    (e->options[i].name && strcasecmp(e->options[i].name, name) == 0) ||
		    import_in_names(option_more(&e->options[i])->names, name))
			return &e->options[i];
	/* A BattleScribe printout names an option as its modifiers rename it. */
	for (size_t i = 0; i < e->n_options; i++)
		if (import_renamed_to(&e->options[i], name))
			return &e->options[i];
	return NULL;
}

/* Does text end in " (training)" (show's line of a campaign unit's training, which the
 * import leaves to the campaign)? */
static bool training_line(const char *text)
{
	const char *words[IMPORT_MAX_WORDS + 1];
	import_words(N_("training"), words);
	size_t n = strlen(text);
	for (size_t i = 0; words[i]; i++) {
		size_t w = strlen(words[i]);
		if (n > w + 3 && strncmp(text + n - w - 1, words[i], w) == 0 && text[n - 1 - w - 1] == '(' &&
		    text[n - 1] == ')' && text[n - w - 3] == ' ')
			return true;
	}
	return false;
}

static int add_option(struct st *t, long line, struct iunit *u, const char *text, long count)
{
	if (training_line(text))
		return 0;
	const struct entry_option *o = option_named(u->e, text);
	if (o == NULL) {
		struct nearest nr;
		nearest_init(&nr, text);
		for (size_t i = 0; i < u->e->n_options; i++) {
			nearest_offer(&nr, u->e->options[i].id, u->e->options[i].name);
			nearest_offer(&nr, u->e->options[i].name, u->e->options[i].name);
		}
		if (nr.best)
			import_err(t, line, _("'%s' has no option '%s'; did you mean '%s'?"), u->e->name, text, nr.best);
		else
			import_err(t, line, _("'%s' has no option '%s'"), u->e->name, text);
		return -1;
	}
	/* New Recruit's "\u25e6 5x Frag grenades" under "\u2022 5x Troopers" counts one for each
	 * model of the line above: an option per model is taken once for them all. */
	if (o->per_model && t->models_above > 1 && count % t->models_above == 0)
		count /= t->models_above;
	size_t up = 0;
	for (size_t i = 0; i < u->n_opts; i++) {
		if (u->opts[i].o == o) {
			u->opts[i].count += count;
			return 0;
		}
		if (o->up && u->opts[i].o == &u->e->options[o->up - 1])
			up = i + 1;
	}
	/* An option of an option: the one it stands under comes first, as in the roster. */
	if (o->up && up == 0) {
		import_err(t, line, _("option '%s' stands under option '%s': list that first"), o->name,
		    u->e->options[o->up - 1].name);
		return -1;
	}
	GROW(u->opts, u->cap_opts, u->n_opts + 1);
	u->opts[u->n_opts].o = o;
	u->opts[u->n_opts].up = up;
	u->opts[u->n_opts++].count = count;
	return 0;
}

/* What a line's name names: an entry, perhaps with a label ("1st Squad (Quack Marine)") or
 * options ("Marine Sergeant (Trained)", "Marine Sergeant - Trained"). */
struct found {
	const struct entry *e;
	char *label, *opts;
};

static void name_two(struct st *t, long line, const char *name, const struct entry **two)
{
	import_err(t, line, _("'%s' fits two entries, '%s' of %s (id %s) and '%s' of %s (id %s): write the id of the one you mean"),
	    name, two[0]->name, two[0]->catalog->name, two[0]->id, two[1]->name, two[1]->catalog->name,
	    two[1]->id);
}

/* Returns 1 when name names one entry (f filled), 0 when none, -1 when two (reported). */
static int resolve(struct st *t, long line, const char *name, struct found *f)
{
	const struct entry *two[2];
	size_t k = lookup(t->sys, name, two), n = strlen(name);
	memset(f, 0, sizeof(*f));
	const char *open = n > 3 && name[n - 1] == ')' ? strrchr(name, '(') : NULL;
	if (k == 0 && open && open > name && open[-1] == ' ') {
		char *inner = xstrndup(open + 1, (size_t)(name + n - 1 - open - 1));
		char *outer = import_trim(name, (size_t)(open - name));
		if ((k = lookup(t->sys, inner, two)) != 0) {
			f->label = outer;
			outer = NULL;
		} else if ((k = lookup(t->sys, outer, two)) != 0) {
			f->opts = inner;
			inner = NULL;
		}
		free(inner);
		free(outer);
	}
	const char *dash = strstr(name, " - ");
	if (k == 0 && dash) {
		char *before = import_trim(name, (size_t)(dash - name));
		if ((k = lookup(t->sys, before, two)) != 0)
			f->opts = xstrdup(dash + 3);
		free(before);
	}
	if (k >= 2) {
		name_two(t, line, name, two);
		free(f->label);
		free(f->opts);
		memset(f, 0, sizeof(*f));
		return -1;
	}
	f->e = k ? two[0] : NULL;
	return k == 1;
}

/* The entry nearest to name, by the names players write (never an id), or NULL. */
static const char *nearest_entry(const struct system *sys, const char *name)
{
	struct nearest nr;
	nearest_init(&nr, name);
	for (size_t c = 0; c < sys->n_catalogs; c++)
		for (size_t i = 0; i < sys->catalogs[c]->n_entries; i++)
			nearest_offer(&nr, sys->catalogs[c]->entries[i].name, sys->catalogs[c]->entries[i].name);
	return nr.best;
}

static void unknown_entry(struct st *t, long line, const char *name)
{
	const char *best = nearest_entry(t->sys, name);
	if (best)
		import_err(t, line, _("unknown entry '%s' in system '%s'; did you mean '%s'?"), name, t->sys->id, best);
	else
		import_err(t, line, _("unknown entry '%s' in system '%s'"), name, t->sys->id);
}

/* "NAME xN" or "Nx NAME" where NAME is an option of e: cuts raw to NAME, N in *count. */
static bool counted_option(const struct entry *e, char *raw, long *count)
{
	size_t lead = strspn(raw, "0123456789");
	if (lead && lead <= 6 && (raw[lead] == 'x' || raw[lead] == 'X') && raw[lead + 1] == ' ' &&
	    option_named(e, raw + lead + 2)) {
		/* New Recruit's "1x Magneto grenades (6)" */
		*count = strtol(raw, NULL, 10);
		memmove(raw, raw + lead + 2, strlen(raw + lead + 2) + 1);
		return *count > 0;
	}
	char *x = strrchr(raw, ' ');
	size_t nd = x && (x[1] == 'x' || x[1] == 'X') ? strspn(x + 2, "0123456789") : 0;
	if (nd == 0 || nd > 6 || x[2 + nd] != '\0')
		return false;
	*x = '\0';
	if (option_named(e, raw) == NULL) {
		*x = ' ';
		return false;
	}
	*count = strtol(x + 2, NULL, 10);
	return *count > 0;
}

/* Options as a line gives them, "A, 2x B; C (1 pt)", for unit u. An "option" that is the
 * unit's own entry gives its models (BattleScribe's ". 10x Quack Marine"). */
static void add_options_text(struct st *t, long line, struct iunit *u, const char *text, long count)
{
	char *whole = import_trim(text, strlen(text));
	if (option_named(u->e, whole)) {
		add_option(t, line, u, whole, count);
		free(whole);
		return;
	}
	free(whole);
	char *opts = xstrdup(text), *next = NULL;
	for (char *o = opts; o; o = next) {
		/* split at a comma or semicolon outside parentheses and brackets */
		int depth = 0;
		next = NULL;
		for (char *c = o; *c && next == NULL; c++) {
			depth += (*c == '(' || *c == '[') - (*c == ')' || *c == ']');
			if ((*c == ',' || *c == ';') && depth <= 0) {
				*c = '\0';
				next = c + 1;
			}
		}
		struct itok k = { 0 };
		long c = 0;
		char *raw = import_trim(o, strlen(o));
		char *jt = import_join_target(raw);
		if (jt) {
			/* Muster's compact line: "Leader: joins Bodyguard" */
			free(u->join);
			u->join = jt;
		} else if (*raw && option_named(u->e, raw)) {
			add_option(t, line, u, raw, count);
		} else if (counted_option(u->e, raw, &c)) {
			/* "Contraband: illegal item x2": a name the tokeniser would split at its colon */
			add_option(t, line, u, raw, c);
		} else if (import_tokenise(o, t->costs, &k) == 0) {
			c = k.count > 0 ? k.count : count;
			const struct entry_option *eo = option_named(u->e, k.name);
			if (eo == NULL && entry_named(t->sys, k.name) == u->e && c > 0 && c <= 100000) {
				u->models = u->counted ? u->models + c : c;
				u->counted = true;
				u->line_models = c;
			} else {
				add_option(t, line, u, k.name, c);
			}
		}
		free(raw);
		import_itok_free(&k);
	}
	free(opts);
}

/* "Teamer: +1 HAR, Magneto grenades (6)": the bare "(6)" the line ended in is the last
 * option's when that makes an option of e. The options with it (caller frees), or NULL. */
static char *bare_option(const struct entry *e, const struct itok *k)
{
	if (!k->bare || k->options == NULL || k->points < 0)
		return NULL;
	char *all = xasprintf("%s (%ld)", k->options, k->points);
	const char *comma = strrchr(all, ',');
	char *last = import_trim(comma ? comma + 1 : all, strlen(comma ? comma + 1 : all));
	bool yes = option_named(e, last) != NULL;
	free(last);
	if (!yes) {
		free(all);
		return NULL;
	}
	return all;
}

/* A unit from a line taken apart, naming entry f->e. */
static void add_unit(struct st *t, long line, const struct itok *k, struct found *f)
{
	if (k->count > 100000) {
		import_err(t, line, _("'%ld' models: give a whole number from 1 to 100000"), k->count);
		free(f->label);
		free(f->opts);
		return;
	}
	struct ilist *l = import_cur_list(t);
	GROW(l->units, l->cap_units, l->n_units + 1);
	struct iunit *u = &l->units[l->n_units++];
	memset(u, 0, sizeof(*u));
	u->e = f->e;
	u->label = f->label;
	u->models = k->count > 0 ? k->count : 1;
	u->line = line;
	u->stated = k->points <= MUSTER_MAX_COST ? k->points : -1;
	u->each = k->each;
	/* "Quack Marine (10)": ten models, or ten points? Only the catalog can tell (import_check). */
	u->bare = k->bare && k->count < 0;
	char *opts = bare_option(f->e, k);
	if (opts) {
		u->stated = -1;
		u->bare = false;
	}
	if (opts || k->options)
		add_options_text(t, line, u, opts ? opts : k->options, 1);
	free(opts);
	if (f->opts)
		add_options_text(t, line, u, f->opts, 1);
	free(f->opts);
}

static const char *rx_of(struct st *t, size_t i, enum import_kind *kind)
{
	(void)t;
	*kind = builtin[i].kind;
	return builtin[i].pattern;
}

/* Matches line against the system's patterns, then the built-in ones. Returns the kind, or
 * -1 when none matches; g gets the named groups. */
static int classify(struct st *t, const char *line, char **g)
{
	const struct system *sys = t->sys;
	for (size_t i = 0; sys && i < sys->n_imports; i++)
		if (rx_match_named(sys->imports[i].rx, line, groups, g) == 1)
			return (int)sys->imports[i].kind;
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(builtin); i++) {
		enum import_kind kind;
		rx_of(t, i, &kind);
		if (t->rx[i] && rx_match_named(t->rx[i], line, groups, g) == 1)
			return (int)kind;
	}
	return -1;
}

static void free_groups(char **g)
{
	for (size_t i = 0; i < G_N; i++) {
		free(g[i]);
		g[i] = NULL;
	}
}

/* The words of the system's costs, as lists state points in them ("70 AP"). */
static void cost_words(struct st *t)
{
	const struct system *sys = t->sys;
	size_t n = 0;
	for (size_t c = 0; c < sys->n_costs; c++)
		for (size_t k = 0; sys->costs[c].names && sys->costs[c].names[k]; k++)
			n++;
	t->costs = xcalloc(2 * sys->n_costs + n + 1, sizeof(*t->costs));
	n = 0;
	for (size_t c = 0; c < sys->n_costs; c++) {
		if (sys->costs[c].abbr)
			t->costs[n++] = sys->costs[c].abbr;
		t->costs[n++] = sys->costs[c].name;
		/* A list printed in another language names the cost in that language. */
		for (size_t k = 0; sys->costs[c].names && sys->costs[c].names[k]; k++)
			t->costs[n++] = sys->costs[c].names[k];
	}
}

/* New Recruit's tournament header: "+ FACTION KEYWORD: Name", "+ TOTAL ARMY POINTS: 97pts",
 * a lone "+", between lines of '+'. Its keys are in capitals, which tells them from an
 * option's "+ Name". Returns true when s (not indented) was one; a total is kept. */
static bool nr_header(struct st *t, const char *s, long no)
{
	if (s[0] != '+' || (s[1] != '\0' && s[1] != ' '))
		return false;
	const char *k = s + 1 + strspn(s + 1, " \t");
	if (*k == '\0')
		return true;
	size_t n = strspn(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZ ");
	if (n < 2 || k[n] != ':')
		return false;
	const char *v = k + n + 1 + strspn(k + n + 1, " \t");
	size_t nd = strspn(v, "0123456789");
	if (strncmp(k, "TOTAL", 5) == 0 && nd > 0 && nd <= 8) {
		import_cur_list(t)->total = strtol(v, NULL, 10);
		import_cur_list(t)->total_line = no;
	}
	return true;
}

/* Lines builders print about a unit or a force that are not units: BattleScribe's banners
 * ("++ Battle (Game) [397 AP] ++", whose figure is the force's total), its
 * "Selections:" (the unit's options), "Categories:" and "Rules:" lines, and the builders'
 * footers ("Created with BattleScribe", New Recruit's "Exported with App Version: ...").
 * Returns true when line was one. */
static bool builder_line(struct st *t, const char *line, long no)
{
	const char *s = line + strspn(line, " \t");
	if (s[0] == '+' && s[1] == '+') {
		struct itok k = { 0 };
		long v;
		if (import_total(s, t->costs, &v) == 1 || (import_tokenise(s + strspn(s, "+ "), t->costs, &k) == 0 &&
		                                         (v = k.points) >= 0)) {
			import_cur_list(t)->total = v;
			import_cur_list(t)->total_line = no;
		}
		if (k.name)
			import_itok_free(&k);
		return true;
	}
	if (nr_header(t, s, no))
		return true;
	bool dot = s[0] == '.' && s[1] == ' ';
	if (dot)
		s += 2 + strspn(s + 2, " \t");
	static const char *const skipped[] = { "Categories:", "Rules:", "Abilities:", "Profiles:",
		"Unit:", "Weapon:", "Keywords:", "Created with BattleScribe", "Exported with ", NULL };
	for (size_t i = 0; skipped[i]; i++)
		if (strncasecmp(s, skipped[i], strlen(skipped[i])) == 0)
			return true;
	if (strncasecmp(s, "Selections:", 11) == 0) {
		struct iunit *u = cur_unit(t);
		if (u == NULL)
			import_err(t, no, _("cannot read '%s': an option with no unit above it"), line);
		else
			add_options_text(t, no, u, s + 11, 1);
		return true;
	}
	/* BattleScribe's ". OPTION" and ". 10x MODEL" under a unit */
	if (dot && cur_unit(t)) {
		add_options_text(t, no, cur_unit(t), s, 1);
		return true;
	}
	return false;
}

/* A heading: "HQ", "+ Troops +", "## Elites", a category of the system, alone on its line,
 * that names no entry. */
static bool heading(struct st *t, const char *line)
{
	bool framed = false;
	char *h = import_heading_text(line, &framed);
	if (h == NULL)
		return false;
	bool yes = framed || line[strspn(line, " \t")] == '#' || import_heading_word(h);
	for (size_t i = 0; !yes && i < t->sys->n_cats; i++)
		yes = strcasecmp(t->sys->cats[i].name, h) == 0 || strcasecmp(t->sys->cats[i].id, h) == 0;
	const struct entry *two[2];
	if (yes && !framed && lookup(t->sys, h, two))
		yes = false;
	free(h);
	return yes;
}

/* Does text, taken apart, name an entry? */
static bool names_unit(struct st *t, const char *text)
{
	struct itok k;
	const struct entry *two[2];
	bool yes = import_tokenise(text, t->costs, &k) == 0 && lookup(t->sys, k.name, two) > 0;
	import_itok_free(&k);
	return yes;
}

static size_t n_units(const struct st *t)
{
	size_t n = 0;
	for (size_t i = 0; i < t->n_lists && n == 0; i++)
		n += t->lists[i].n_units;
	return n;
}

/* A line no pattern took: a unit taken apart, else an option of the unit above alone on its
 * line ("Trained"), else the list's title on the first line ("Quackers - 372 pts"). */
static void body_line(struct st *t, const char *line, long no);

static void unit_line(struct st *t, long no, const char *line, struct itok *k)
{
	struct found f;
	int r = resolve(t, no, k->name, &f);
	if (r < 0)
		return;
	if (r == 1) {
		add_unit(t, no, k, &f);
		return;
	}
	struct iunit *u = cur_unit(t);
	if (u && k->points < 0 && option_named(u->e, k->name)) {
		add_option(t, no, u, k->name, k->count > 0 ? k->count : 1);
		return;
	}
	if (t->name == NULL && !t->titled && n_units(t) == 0 && k->count < 0 && !k->options &&
	    nearest_entry(t->sys, k->name) == NULL) {
		/* New Recruit's "Faction - Name - [97pts]": the dash before the figure */
		size_t n = strlen(k->name);
		while (n > 1 && (k->name[n - 1] == '-' || k->name[n - 1] == ' '))
			n--;
		t->name = xstrndup(k->name, n);
		/* "Granite Walk - 1000 points": the figure on a title is the list's size, which
		 * stands for no size given, when the system has one of that limit; a figure none
		 * of the system's sizes has is what the list costs ("Pond Patrol - 97 AP", New
		 * Recruit's title); a system without sizes has lists built to a limit instead */
		struct ilist *l = import_cur_list(t);
		for (size_t i = 0; k->points >= 0 && i < t->sys->n_sizes && t->sys->n_costs &&
		                   l->title_size == NULL; i++)
			if (t->sys->sizes[i].limits && t->sys->sizes[i].limits[0] == k->points)
				l->title_size = &t->sys->sizes[i];
		if (k->points >= 0 && l->title_size == NULL && t->sys->n_sizes > 0) {
			l->total = k->points;
			l->total_line = no;
		}
		return;
	}
	/* "HQ: 10x Name": a heading before the unit, on the unit's line */
	const char *colon = strchr(line, ':');
	if (colon && k->options && import_heading_word(k->name)) {
		body_line(t, colon + 1, no);
		return;
	}
	bool word = false;
	for (const char *p = k->name; *p && !word; p++)
		word = isalpha((unsigned char)*p) || (unsigned char)*p >= 0x80;
	if (!word || strpbrk(k->name, "[]{}<>|"))
		import_err(t, no, _("cannot read this line: '%s'"), line);
	else
		unknown_entry(t, no, k->name);
}

/* A line after the Key: value lines: matched by a pattern, else taken apart. */
static void body_line(struct st *t, const char *line, long no)
{
	char *g[G_N] = { NULL };
	int kind = classify(t, line, g);
	struct itok k = { 0 };
	if (kind == IMPORT_IGNORE) {
		free_groups(g);
		return;
	}
	if (kind == IMPORT_OPTION) {
		struct iunit *u = cur_unit(t);
		if (u == NULL) {
			import_err(t, no, _("cannot read '%s': an option with no unit above it"), line);
		} else if (g[G_JOIN]) {
			free(u->join);
			u->join = import_trim(g[G_JOIN], strlen(g[G_JOIN]));
		} else if (g[G_NAME]) {
			long count = 1;
			if (g[G_COUNT] && parse_long(g[G_COUNT], 1, 1000, &count) != 0)
				count = 1;
			bool white = strncmp(line + strspn(line, " \t"), "\xe2\x97\xa6", 3) == 0;
			t->models_above = white ? u->line_models : 0;
			if (!white)
				u->line_models = 0; /* set again when this line gives the models */
			add_options_text(t, no, u, g[G_NAME], count);
			t->models_above = 0;
		}
	} else if (kind == IMPORT_UNIT && g[G_NAME]) {
		char *text = xasprintf("%s%s%s%s%s%s%s", g[G_COUNT] ? g[G_COUNT] : "", g[G_COUNT] ? "x " : "",
		                       g[G_NAME], g[G_POINTS] ? " [" : "", g[G_POINTS] ? g[G_POINTS] : "",
		                       g[G_POINTS] ? "]" : "", "");
		if (import_tokenise(text, t->costs, &k) == 0) {
			if (g[G_OPTIONS])
				import_add_options(&k, g[G_OPTIONS]);
			unit_line(t, no, line, &k);
		} else {
			import_err(t, no, _("cannot read this line: '%s'"), line);
		}
		import_itok_free(&k);
		free(text);
	} else if (import_tokenise(line, t->costs, &k) == 0) {
		unit_line(t, no, line, &k);
		import_itok_free(&k);
	} else {
		import_itok_free(&k);
		import_err(t, no, _("cannot read this line: '%s'"), line);
	}
	free_groups(g);
}

/* An indented "joins TARGET" in the current language (the English one is a pattern). */
static bool join_line(struct st *t, const char *line)
{
	struct iunit *u = cur_unit(t);
	char *jt = u && (line[0] == ' ' || line[0] == '\t') ? import_join_target(line) : NULL;
	if (jt == NULL)
		return false;
	free(u->join);
	u->join = jt;
	return true;
}

static void read_text_line(struct st *t, const char *line, long no, const char *next, bool before_lists)
{
	size_t len = strlen(line);
	if (strspn(line, " \t\r") == len)
		return;
	/* A title: the next line is all '='. */
	if (next && *next == '=' && strspn(next, "=") == strcspn(next, "\r\n") && line[0] != ' ') {
		char *title = import_trim(line, len);
		import_new_list(t, title);
		free(title);
		t->skip = false;
		return;
	}
	if (line[0] == ' ' || line[0] == '\t') {
		if (t->skip)
			return;
	} else {
		t->skip = import_is_word(line, N_("Notes")) || import_is_word(line, N_("Units")) ||
		          import_is_word(line, N_("Rules used")) ||
		          import_starts_word(line, N_("Legality:")) > 0;
		if (t->skip)
			return;
	}
	if (before_lists && t->n_lists == 0 && t->name == NULL && strchr(line, ':') == NULL) {
		t->name = import_trim(line, len);
		return;
	}
	long total;
	if (t->sys && import_total(line, t->costs, &total)) {
		if (import_total(line, t->costs, &total) == 1 && cur_unit(t)) {
			import_cur_list(t)->total = total;
			import_cur_list(t)->total_line = no;
		}
		return;
	}
	/* "Key: value" before the units of a list (or of the roster). */
	const char *colon = strstr(line, ": ");
	struct ilist *l = t->n_lists ? &t->lists[t->n_lists - 1] : NULL;
	if (colon && line[0] != ' ' && (l == NULL || l->n_units == 0)) {
		char *key = import_trim(line, (size_t)(colon - line));
		char *v = import_trim(colon + 2, strlen(colon + 2));
		int used = import_header(t, key, v, no, before_lists && t->n_lists == 0);
		/* Facts of a size ("VP to win: 18") under a title, and what show prints above the
		 * first list ("Fingerprint: ..."), are not the list's; a unit ("1x Name: Option")
		 * is. */
		size_t nd = strspn(key, "0123456789");
		bool unit = !used && t->sys && ((nd && key[nd] == 'x' && key[nd + 1] == ' ') || names_unit(t, key));
		free(key);
		free(v);
		if (!unit && (used || (l && l->title) || (before_lists && t->n_lists == 0)))
			return;
	}
	if (t->sys == NULL) {
		import_err(t, no, "%s", _("no game system known yet: give --system, or a 'Game: NAME' line first"));
		return;
	}
	if (import_show_line(line) || import_spent_line(line) || builder_line(t, line, no) || heading(t, line) || join_line(t, line))
		return;
	body_line(t, line, no);
}

/* A line of the text a browser copies from the HTML printout (import-rows.c). */
static void read_row_line(struct st *t, const char *line, long no, const char *next)
{
	char *x;
	struct iunit *card;
	int r = import_row(t, line, no, next, &x, &card);
	if (r == IMPORT_ROW_TEXT || r == IMPORT_ROW_LINE)
		read_text_line(t, x ? x : line, no, NULL, r == IMPORT_ROW_LINE);
	else if (r == IMPORT_ROW_OPTIONS)
		add_options_text(t, no, card, x, 1);
	free(x);
}

static void read_line(struct st *t, const char *line, long no, const char *next, bool before_lists)
{
	if (t->rows) {
		read_row_line(t, line, no, next);
		return;
	}
	if (!t->md) {
		read_text_line(t, line, no, next, before_lists);
		return;
	}
	char *x = import_from_markdown(t, line, next);
	if (x)
		read_text_line(t, x, no, NULL, true);
	free(x);
}

static char *import_copy(struct session *s, const char *text, size_t len, const char *file,
                         const struct import_opts *o, struct import_claims **claims,
                         struct diags *d);

char *import_text(struct session *s, const char *text, size_t len, const char *file,
                  const struct import_opts *o, struct import_claims **claims, struct diags *d)
{
	/* The lines are read with the string functions, which need a NUL where the text ends:
	 * a buffer of len bytes has none (found by tests/fuzz/fuzz-import.c: strcspn read past
	 * it). Work on a terminated copy, French's no-break spaces before ':' and ';' left out. */
	char *copy = import_plain(text, len, &len);
	const char *other = import_other_kind(copy);
	if (other) {
		diags_add(d, SEV_ERROR, file, 0, 0, NULL, NULL, "%s", other);
		free(copy);
		if (claims)
			*claims = NULL;
		return NULL;
	}
	char *xml = import_copy(s, copy, len, file, o, claims, d);
	free(copy);
	return xml;
}

/* The game first, wherever its line stands: the roster's own lines above the first list
 * need its fields. Looked for until a system is known or an error is added to the
 * errors_before there were. */
static void find_game(struct st *t, const char *text, const char *end, size_t errors_before)
{
	for (const char *p = text; p < end && t->sys == NULL && t->d->errors + t->d->fatals == errors_before;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *whole = import_trim(p, n);
		import_unmark(whole);
		char *line = whole + (strncmp(whole, "- ", 2) == 0 ? 2 : 0);
		const char *colon = strstr(line, ": ");
		size_t sep = 2;
		if (import_game_row(line)) { /* "Game<TAB>NAME", copied from the HTML printout */
			colon = strchr(line, '\t');
			sep = 1;
		}
		if (colon && import_starts_word(line, N_("Game")) == (size_t)(colon - line)) {
			long no = 1;
			for (const char *q = text; q < p; q++)
				no += *q == '\n';
			t->sys = import_find_system(t, colon + sep, no);
		}
		free(whole);
		p = nl ? nl + 1 : end;
	}
}

/* Frees what the import state holds (not the state itself). */
static void st_release(struct st *t)
{
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(builtin); i++)
		rx_free(t->rx[i]);
	for (size_t li = 0; li < t->n_lists; li++) {
		struct ilist *l = &t->lists[li];
		for (size_t i = 0; i < l->n_units; i++) {
			free(l->units[i].label);
			free(l->units[i].join);
			free(l->units[i].id);
			free(l->units[i].attach);
			free(l->units[i].opts);
		}
		free(l->units);
		free(l->title);
		strbuf_release(&l->fields);
	}
	free(t->lists);
	free(t->name);
	free(t->player);
	free(t->costs);
	strbuf_release(&t->roster_fields);
}

/* Does p begin with "Game:" or "Game\\:" (Markdown's escape), in any shipped language? */
static bool game_key(const char *p)
{
	size_t w = import_starts_word(p, N_("Game"));
	return w && (p[w] == ':' || (p[w] == '\\' && p[w + 1] == ':'));
}

static char *import_copy(struct session *s, const char *text, size_t len, const char *file,
                         const struct import_opts *o, struct import_claims **claims,
                         struct diags *d)
{
	if (claims)
		*claims = NULL;
	struct st t;
	memset(&t, 0, sizeof(t));
	t.s = s;
	t.file = file;
	t.d = d;
	size_t errors_before = d->errors + d->fatals;
	if (o->system) {
		struct diags sd = DIAGS_INIT;
		t.sys = session_system(s, o->system, &sd);
		if (t.sys == NULL) {
			diags_merge(d, &sd);
			diags_release(&sd);
			return NULL;
		}
		diags_release(&sd);
	}
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(builtin); i++) {
		char *e = NULL;
		size_t off;
		t.rx[i] = rx_compile(builtin[i].pattern, &e, &off);
		free(e); /* the built-in patterns compile: tests/cli import cases prove it */
	}
	/* Does the text have titles (show's text)? Then what stands before the first is the
	 * roster's name and fields. */
	bool titled = false;
	const char *end = text + len;
	for (const char *p = text; p < end && !titled;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
		titled = p < end && *p == '=' && p[1] == '=';
		/* Muster's Markdown: "- Game: NAME" */
		t.md = t.md || (p < end && strncmp(p, "- ", 2) == 0 && game_key(p + 2));
		/* the text a browser copies from the HTML printout: "Game<TAB>NAME" */
		t.rows = t.rows || (p < end && import_game_row(p));
	}
	t.titled = titled || t.md;
	t.keep_going = o->keep_going;
	find_game(&t, text, end, errors_before);
	if (t.sys) {
		cost_words(&t);
		import_opts_ids(&t, o);
	}
	long no = 0;
	for (const char *p = text; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = xstrndup(p, n);
		if (n && line[n - 1] == '\r')
			line[n - 1] = '\0';
		no++;
		p = nl ? nl + 1 : end;
		const char *next = p < end ? p : NULL;
		if (strlen(line) > RX_MAX_SUBJECT)
			import_err(&t, no, "%s", _("cannot read this line: it is too long"));
		else
			read_line(&t, line, no, next, titled);
		free(line);
	}
	char *xml = NULL;
	if (t.sys == NULL && d->errors + d->fatals == errors_before)
		import_err(&t, 0, "%s", _("no game system: give --system, or a 'Game: NAME' line"));
	if (t.n_lists == 0 && t.sys)
		import_new_list(&t, NULL);
	/* Every unit made gets its id, as 'muster add' gives one, numbered through the roster. */
	for (size_t li = 0; li < t.n_lists; li++)
		for (size_t i = 0; i < t.lists[li].n_units; i++)
			t.lists[li].units[i].id = unitref_make_id(t.lists[li].units[i].e->id, ++t.last_id);
	for (size_t li = 0; li < t.n_lists; li++)
		import_resolve_joins(&t, &t.lists[li]);
	if (d->errors + d->fatals == errors_before)
		import_check_sizes(&t, o);
	if (d->errors + d->fatals == errors_before) {
		xml = import_to_xml(&t, o);
		if (claims)
			*claims = import_claims_of(&t);
	}
	st_release(&t);
	return xml;
}
