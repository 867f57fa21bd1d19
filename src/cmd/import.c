/* import.c - reading a pasted plain-text army list into a roster
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One pass over the lines. A line followed by a line of '=' starts a list (show's titles);
 * "Key: value" lines before a list's units give its game, battle size, faction level and
 * choices; a unit line starts a unit and the indented "+ Option" lines under it take its
 * options. Lines under "Notes" and "Legality:" are show's own and skipped. Every name is
 * looked up by index or in one pass over the catalogs: the text's length bounds the work.
 */
#include "muster.h"
#include "import.h"
#include "data.h"
#include "eval.h"
#include "rx.h"
#include "session.h"
#include "system.h"
#include "unitref.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The built-in patterns, tried after the system's own (<import> in rules-xml). */
#define PTS "(?:[\\[(](?<points>\\d+)\\s*(?i:pts?|points|ap)?[\\])])?"
#define OPTS "(?:\\[(?<options>[^\\]]*)\\])?"
static const struct {
	enum import_kind kind;
	const char *pattern;
} builtin[] = {
	{ IMPORT_IGNORE, "^\\s*[-=_*~#]{3,}\\s*$" },
	{ IMPORT_IGNORE, "^Unit\\s{2,}Models(\\s|$)" },
	{ IMPORT_IGNORE, "^Total(\\s|$)" },
	{ IMPORT_IGNORE, "^[^:]+: \\d+ of \\d+ spent" },
	/* show's cost lines under a unit: its models, what modifiers changed, each option */
	{ IMPORT_IGNORE, "^\\s+\\+\\s*\\d+ models?(?:\\s{2,}-?\\d+)*\\s*$" },
	{ IMPORT_IGNORE, "^\\s+\\+\\s*changed by modifiers(?:\\s{2,}-?\\d+)*\\s*$" },
	{ IMPORT_OPTION, "^\\s+joins\\s+(?<join>.+?)\\s*$" },
	{ IMPORT_OPTION, "^\\s+[-+*]\\s*(?<name>.+?)(?:\\s+[xX](?<count>\\d+))?(?:\\s{2,}-?\\d+)*\\s*$" },
	/* show's table: TITLE, two spaces or more, MODELS, then the costs */
	{ IMPORT_UNIT, "^(?<name>\\S.*?)\\s{2,}(?<count>\\d+)(?:\\s+-?\\d+)*\\s*$" },
	{ IMPORT_UNIT, "^\\s*(?<count>\\d+)\\s*[xX×]\\s*(?<name>[^\\[\\]]+?)\\s*" PTS "\\s*" OPTS "\\s*$" },
	{ IMPORT_UNIT, "^\\s*(?<name>[^\\[\\]]+?)\\s*[xX×]\\s*(?<count>\\d+)\\s*" PTS "\\s*" OPTS "\\s*$" },
	{ IMPORT_UNIT, "^\\s*(?<name>[^\\[\\]]+?)\\s*" PTS "\\s*" OPTS "\\s*$" },
};

static const char *const groups[] = { "name", "count", "points", "options", "join", NULL };
enum { G_NAME, G_COUNT, G_POINTS, G_OPTIONS, G_JOIN, G_N };

struct iopt {
	const struct entry_option *o;
	long count;
	size_t up;              /* 1 + index of the option it stands under; 0: on the unit */
};

struct iunit {
	const struct entry *e;
	char *label, *join, *id, *attach;
	long models;
	long line;              /* in the text */
	long stated;            /* the points its line gives, or -1 */
	bool bare;              /* given as "(N)", with no count on the line: models or points? */
	struct iopt *opts;
	size_t n_opts, cap_opts;
};

struct ilist {
	char *title;
	const struct size_def *size;
	long limits[8];
	size_t n_limits;
	const struct cost_def *limit_costs[8];
	const struct group *faction;
	struct strbuf fields;
	struct iunit *units;
	size_t n_units, cap_units;
	size_t up;              /* 1 + index of the force it stands in ("Child force of:"); 0: none */
	int depth;              /* 0 for a top force */
};

struct st {
	struct session *s;
	const struct system *sys;
	const char *file;
	struct diags *d;
	struct rx *rx[MUSTER_ARRAY_LEN(builtin)];
	struct ilist *lists;
	size_t n_lists, cap_lists;
	char *name;
	struct strbuf roster_fields;
	long last_id;           /* the number of the last unit id given (unitref_make_id) */
	bool skip;              /* in show's Notes or Legality section */
};

static void err(struct st *t, long line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void err(struct st *t, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(t->d, SEV_ERROR, t->file, line, 0, NULL, NULL, "%s", msg);
	free(msg);
}

static char *trim(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return xstrndup(s, n);
}

static struct ilist *new_list(struct st *t, const char *title)
{
	GROW(t->lists, t->cap_lists, t->n_lists + 1);
	struct ilist *l = &t->lists[t->n_lists++];
	memset(l, 0, sizeof(*l));
	l->title = title ? xstrdup(title) : NULL;
	return l;
}

static struct ilist *cur_list(struct st *t)
{
	return t->n_lists ? &t->lists[t->n_lists - 1] : new_list(t, NULL);
}

static struct iunit *cur_unit(struct st *t)
{
	struct ilist *l = t->n_lists ? &t->lists[t->n_lists - 1] : NULL;
	return l && l->n_units ? &l->units[l->n_units - 1] : NULL;
}

/* An entry by id or by name, without case. */
static const struct entry *entry_named(const struct system *sys, const char *name)
{
	const struct entry *e = system_entry(sys, name);
	for (size_t c = 0; e == NULL && c < sys->n_catalogs; c++)
		for (size_t i = 0; e == NULL && i < sys->catalogs[c]->n_entries; i++)
			if (strcasecmp(sys->catalogs[c]->entries[i].name, name) == 0)
				e = &sys->catalogs[c]->entries[i];
	return e;
}

static const struct entry_option *option_named(const struct entry *e, const char *name)
{
	for (size_t i = 0; i < e->n_options; i++)
		if (strcmp(e->options[i].id, name) == 0 ||
		    (e->options[i].name && strcasecmp(e->options[i].name, name) == 0))
			return &e->options[i];
	return NULL;
}

/* "2x Name", "Name x2" or "Name": the name and the count. */
static char *split_count(const char *s, long *count)
{
	char *t = trim(s, strlen(s));
	*count = 1;
	char *x = t + strspn(t, "0123456789");
	if (x != t && (*x == 'x' || *x == 'X') && x[1] == ' ') {
		*x = '\0';
		if (parse_long(t, 1, 1000, count) != 0)
			*count = 1;
		char *r = trim(x + 1, strlen(x + 1));
		free(t);
		return r;
	}
	char *sp = strrchr(t, ' ');
	if (sp && (sp[1] == 'x' || sp[1] == 'X') && sp[2] && strspn(sp + 2, "0123456789") == strlen(sp + 2) &&
	    parse_long(sp + 2, 1, 1000, count) == 0)
		*sp = '\0';
	return t;
}

static int add_option(struct st *t, long line, struct iunit *u, const char *text, long count)
{
	const struct entry_option *o = option_named(u->e, text);
	if (o == NULL) {
		struct nearest nr;
		nearest_init(&nr, text);
		for (size_t i = 0; i < u->e->n_options; i++) {
			nearest_offer(&nr, u->e->options[i].id, u->e->options[i].name);
			nearest_offer(&nr, u->e->options[i].name, u->e->options[i].name);
		}
		if (nr.best)
			err(t, line, _("'%s' has no option '%s'; did you mean '%s'?"), u->e->name, text, nr.best);
		else
			err(t, line, _("'%s' has no option '%s'"), u->e->name, text);
		return -1;
	}
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
		err(t, line, _("option '%s' stands under option '%s': list that first"), o->name,
		    u->e->options[o->up - 1].name);
		return -1;
	}
	GROW(u->opts, u->cap_opts, u->n_opts + 1);
	u->opts[u->n_opts].o = o;
	u->opts[u->n_opts].up = up;
	u->opts[u->n_opts++].count = count;
	return 0;
}

/* Does text hold "(N)", N being digits (with blanks inside the parentheses), and no unit? */
static bool bare_parens(const char *text, const char *digits)
{
	size_t n = strlen(digits);
	for (const char *p = strchr(text, '('); p; p = strchr(p + 1, '(')) {
		const char *q = p + 1 + strspn(p + 1, " \t");
		if (strncmp(q, digits, n) != 0 || (q[n] >= '0' && q[n] <= '9'))
			continue;
		q += n;
		q += strspn(q, " \t");
		if (*q == ')')
			return true;
	}
	return false;
}

static int add_unit(struct st *t, long line, const char *text, char **g)
{
	const struct system *sys = t->sys;
	char *name = trim(g[G_NAME], strlen(g[G_NAME]));
	const struct entry *e = entry_named(sys, name);
	char *label = NULL;
	size_t n = strlen(name);
	/* "LABEL (ENTRY)", as show prints a unit given a name. */
	if (e == NULL && n > 3 && name[n - 1] == ')') {
		char *open = strrchr(name, '(');
		if (open && open > name && open[-1] == ' ') {
			char *inner = xstrndup(open + 1, (size_t)(name + n - 1 - open - 1));
			e = entry_named(sys, inner);
			if (e)
				label = trim(name, (size_t)(open - name));
			free(inner);
		}
	}
	if (e == NULL) {
		struct strbuf sb = STRBUF_INIT;
		system_describe_unknown(sys, KNOWN_ENTRY, name, &sb);
		err(t, line, _("unknown entry '%s' in system '%s'%s"), name, sys->id, sb.s);
		strbuf_release(&sb);
		free(name);
		return -1;
	}
	free(name);
	long models = 1;
	if (g[G_COUNT] && parse_long(g[G_COUNT], 1, 100000, &models) != 0) {
		err(t, line, _("'%s' models: give a whole number from 1 to 100000"), g[G_COUNT]);
		free(label);
		return -1;
	}
	long stated = -1;
	if (g[G_POINTS] && parse_long(g[G_POINTS], 0, MUSTER_MAX_COST, &stated) != 0) {
		err(t, line, _("'%s' points: give a whole number from 0 to %ld"), g[G_POINTS], MUSTER_MAX_COST);
		free(label);
		return -1;
	}
	struct ilist *l = cur_list(t);
	GROW(l->units, l->cap_units, l->n_units + 1);
	struct iunit *u = &l->units[l->n_units++];
	memset(u, 0, sizeof(*u));
	u->e = e;
	u->label = label;
	u->models = models;
	u->line = line;
	u->stated = stated;
	/* "Quack Marine (10)": ten models, or ten points? Only the catalog can tell (import_check). */
	u->bare = stated >= 0 && g[G_COUNT] == NULL && bare_parens(text, g[G_POINTS]);
	int rc = 0;
	if (g[G_OPTIONS]) {
		char *opts = xstrdup(g[G_OPTIONS]), *save = NULL;
		for (char *o = strtok_r(opts, ",;", &save); o; o = strtok_r(NULL, ",;", &save)) {
			long count;
			char *on = split_count(o, &count);
			if (*on && add_option(t, line, u, on, count) != 0)
				rc = -1;
			free(on);
		}
		free(opts);
	}
	return rc;
}

/* A system by id, or by the name a "Game:" line gives. */
static const struct system *find_system(struct st *t, const char *name, long line)
{
	struct diags sd = DIAGS_INIT;
	char **ids = data_system_ids();
	const struct system *sys = NULL;
	for (char **p = ids; *p && sys == NULL; p++) {
		const struct system *x = session_system(t->s, *p, &sd);
		if (x && (strcasecmp(x->name, name) == 0 || strcmp(x->id, name) == 0))
			sys = x;
	}
	if (sys == NULL) {
		struct strbuf known = STRBUF_INIT;
		struct nearest nr;
		nearest_init(&nr, name);
		for (char **p = ids; *p; p++) {
			strbuf_addf(&known, "%s%s", p > ids ? ", " : "", *p);
			nearest_offer(&nr, *p, *p);
		}
		if (nr.best)
			err(t, line, _("unknown game system '%s'; did you mean '%s'? (known: %s)"), name, nr.best,
			    known.s ? known.s : _("none"));
		else
			err(t, line, _("unknown game system '%s' (known: %s)"), name, known.s ? known.s : _("none"));
		strbuf_release(&known);
	}
	strv_free(ids);
	diags_release(&sd);
	return sys;
}

/* "All-Out War (limit 600 AP)" or "custom (limit 600 AP) (limit 3 RP)". */
static int read_size(struct st *t, struct ilist *l, const char *v, long line)
{
	const struct system *sys = t->sys;
	const char *paren = strstr(v, " (");
	char *name = trim(v, paren ? (size_t)(paren - v) : strlen(v));
	for (size_t i = 0; i < sys->n_sizes && l->size == NULL; i++)
		if (strcasecmp(sys->sizes[i].name, name) == 0 || strcmp(sys->sizes[i].id, name) == 0)
			l->size = &sys->sizes[i];
	if (l->size == NULL && strcasecmp(name, "custom") != 0 && strcasecmp(name, _("custom")) != 0) {
		struct strbuf sb = STRBUF_INIT;
		system_describe_unknown(sys, KNOWN_SIZE, name, &sb);
		err(t, line, _("unknown battle size '%s'%s"), name, sb.s);
		strbuf_release(&sb);
		free(name);
		return -1;
	}
	free(name);
	if (l->size)
		return 0;
	/* A custom limit: each "(limit N ABBR)". */
	for (const char *p = strstr(v, "(limit "); p; p = strstr(p + 1, "(limit ")) {
		long n = 0;
		char abbr[64] = "";
		if (sscanf(p, "(limit %ld %63[^)])", &n, abbr) < 1 || l->n_limits == 8)
			continue;
		const struct cost_def *cd = NULL;
		for (size_t c = 0; c < sys->n_costs && cd == NULL; c++)
			if (strcmp(sys->costs[c].id, abbr) == 0 || strcmp(sys->costs[c].name, abbr) == 0 ||
			    (sys->costs[c].abbr && strcmp(sys->costs[c].abbr, abbr) == 0))
				cd = &sys->costs[c];
		l->limit_costs[l->n_limits] = cd;
		l->limits[l->n_limits++] = n;
	}
	return 0;
}

static void add_field_xml(struct strbuf *sb, const char *indent, const char *id, const char *v)
{
	strbuf_addf(sb, "%s<field name=\"", indent);
	strbuf_add_escaped(sb, id);
	strbuf_adds(sb, "\" value=\"");
	strbuf_add_escaped(sb, v);
	strbuf_adds(sb, "\"/>\n");
}

/* "Child force of: TITLE" (forces within forces): show writes a force right after the one it
 * stands in and the forces within that, so its parent is the list above it or one that list
 * stands in. Without the line a list is a top force. */
static void child_of(struct st *t, struct ilist *l, const char *title, long line)
{
	size_t li = (size_t)(l - t->lists);
	for (size_t up = li; up > 0; up = t->lists[up - 1].up) {
		const struct ilist *p = &t->lists[up - 1];
		if (p->title == NULL || strcmp(p->title, title) != 0)
			continue;
		if (p->depth == ROSTER_MAX_FORCE_DEPTH - 1) {
			err(t, line, _("forces nest at most %d deep"), ROSTER_MAX_FORCE_DEPTH);
			return;
		}
		l->up = up;
		l->depth = p->depth + 1;
		return;
	}
	err(t, line, _("'%s' is no force above this one: a child force follows the force it stands in"),
	    title);
}

/* A "Key: value" line. Returns 1 when it was one of ours, 0 when not. */
static int header(struct st *t, const char *key, const char *v, long line, bool roster)
{
	if (strcmp(key, "Game") == 0 || strcmp(key, _("Game")) == 0) {
		if (t->sys == NULL)
			t->sys = find_system(t, v, line);
		return 1;
	}
	const struct system *sys = t->sys;
	if (sys == NULL)
		return 0;
	if (!roster && (strcmp(key, "Child force of") == 0 || strcmp(key, _("Child force of")) == 0)) {
		child_of(t, cur_list(t), v, line);
		return 1;
	}
	if (!roster && (strcmp(key, "Battle size") == 0 || strcmp(key, _("Battle size")) == 0)) {
		read_size(t, cur_list(t), v, line);
		return 1;
	}
	for (size_t i = 0; !roster && i < sys->n_attrs; i++) {
		if (sys->attrs[i].type != ATTR_LEVEL || strcmp(sys->attrs[i].name, key) != 0)
			continue;
		const char *comma = strchr(v, ',');
		char *g = trim(v, comma ? (size_t)(comma - v) : strlen(v));
		const struct group *found = system_group(sys, g);
		for (size_t c = 0; found == NULL && c < sys->n_catalogs; c++)
			for (size_t k = 0; found == NULL && k < sys->catalogs[c]->n_groups; k++)
				if (strcasecmp(sys->catalogs[c]->groups[k].name, g) == 0)
					found = &sys->catalogs[c]->groups[k];
		if (found == NULL) {
			struct strbuf sb = STRBUF_INIT;
			system_describe_unknown(sys, KNOWN_GROUP, g, &sb);
			err(t, line, _("unknown faction '%s' in system '%s'%s"), g, sys->id, sb.s);
			strbuf_release(&sb);
		}
		cur_list(t)->faction = found;
		free(g);
		return 1;
	}
	for (size_t i = 0; i < sys->n_fields; i++) {
		const struct field_def *f = &sys->fields[i];
		if (strcmp(f->name, key) != 0 || (f->scope == FIELD_ROSTER) != roster)
			continue;
		struct strbuf *sb = roster ? &t->roster_fields : &cur_list(t)->fields;
		const char *ind = roster ? "  " : "    ";
		if (f->type == ATTR_BOOL) {
			add_field_xml(sb, ind, f->id, strcmp(v, "yes") == 0 || strcmp(v, _("yes")) == 0
			                                    ? "true" : "false");
		} else if (f->type == ATTR_CHOICE) {
			const char *id = NULL;
			for (size_t c = 0; c < f->n_choices && id == NULL; c++)
				if (strcasecmp(f->choices[c].name ? f->choices[c].name : f->choices[c].id, v) == 0 ||
				    strcmp(f->choices[c].id, v) == 0)
					id = f->choices[c].id;
			if (id)
				add_field_xml(sb, ind, f->id, id);
			else
				err(t, line, _("field '%s' has no choice '%s'"), f->name, v);
		} else {
			add_field_xml(sb, ind, f->id, v);
		}
		return 1;
	}
	return 0;
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

static void read_line(struct st *t, const char *line, long no, const char *next, bool before_lists)
{
	size_t len = strlen(line);
	if (strspn(line, " \t\r") == len)
		return;
	/* A title: the next line is all '='. */
	if (next && *next == '=' && strspn(next, "=") == strcspn(next, "\r\n") && line[0] != ' ') {
		char *title = trim(line, len);
		new_list(t, title);
		free(title);
		t->skip = false;
		return;
	}
	if (line[0] == ' ' || line[0] == '\t') {
		if (t->skip)
			return;
	} else {
		t->skip = strcmp(line, "Notes") == 0 || strcmp(line, _("Notes")) == 0 ||
		          strcmp(line, "Units") == 0 || strcmp(line, _("Units")) == 0 ||
		          strncmp(line, "Legality:", 9) == 0 || strncmp(line, _("Legality:"), strlen(_("Legality:"))) == 0;
		if (t->skip)
			return;
	}
	if (before_lists && t->n_lists == 0 && t->name == NULL && strchr(line, ':') == NULL) {
		t->name = trim(line, len);
		return;
	}
	/* "Key: value" before the units of a list (or of the roster). */
	const char *colon = strstr(line, ": ");
	struct ilist *l = t->n_lists ? &t->lists[t->n_lists - 1] : NULL;
	if (colon && line[0] != ' ' && (l == NULL || l->n_units == 0)) {
		char *key = trim(line, (size_t)(colon - line));
		char *v = trim(colon + 2, strlen(colon + 2));
		int used = header(t, key, v, no, before_lists && t->n_lists == 0);
		free(key);
		free(v);
		/* Facts of a size ("VP to win: 18") under a title, and what show prints above the
		 * first list ("Fingerprint: ..."), are not the list's. */
		if (used || (l && l->title) || (before_lists && t->n_lists == 0))
			return;
	}
	char *g[G_N] = { NULL };
	int kind = classify(t, line, g);
	if (kind == IMPORT_IGNORE) {
		free_groups(g);
		return;
	}
	if (t->sys == NULL) {
		free_groups(g);
		err(t, no, "%s", _("no game system known yet: give --system, or a 'Game: NAME' line first"));
		return;
	}
	if (kind == IMPORT_OPTION) {
		struct iunit *u = cur_unit(t);
		if (u == NULL) {
			err(t, no, _("cannot read '%s': an option with no unit above it"), line);
		} else if (g[G_JOIN]) {
			free(u->join);
			u->join = trim(g[G_JOIN], strlen(g[G_JOIN]));
		} else if (g[G_NAME]) {
			long count = 1;
			if (g[G_COUNT] && parse_long(g[G_COUNT], 1, 1000, &count) != 0)
				count = 1;
			char *on = trim(g[G_NAME], strlen(g[G_NAME]));
			add_option(t, no, u, on, count);
			free(on);
		}
		free_groups(g);
		return;
	}
	if (kind == IMPORT_UNIT && g[G_NAME]) {
		add_unit(t, no, line, g);
		free_groups(g);
		return;
	}
	free_groups(g);
	err(t, no, _("cannot read this line: '%s'"), line);
}

static char *unit_title(const struct iunit *u)
{
	return u->label ? xasprintf("%s (%s)", u->label, u->e->name) : xstrdup(u->e->name);
}

/* Joins: each "joins TITLE" names a unit of the same list by the title show prints. */
static void resolve_joins(struct st *t, struct ilist *l)
{
	for (size_t i = 0; i < l->n_units; i++) {
		struct iunit *u = &l->units[i];
		if (u->join == NULL)
			continue;
		/* Several units may have that title: the nearest one above that joins no other
		 * unit (a unit that joins should not be joined), else the nearest below, else
		 * any, nearest above first. */
		struct iunit *to = NULL;
		for (size_t pass = 0; pass < 4 && to == NULL; pass++) {
			bool above = pass % 2 == 0;
			for (size_t k = 0; k < l->n_units && to == NULL; k++) {
				size_t j = above ? i - 1 - k : i + 1 + k;
				if ((above && k >= i) || j >= l->n_units)
					break;
				struct iunit *c = &l->units[j];
				char *title = unit_title(c);
				if ((pass >= 2 || c->join == NULL) && strcmp(title, u->join) == 0)
					to = c;
				free(title);
			}
		}
		if (to == NULL) {
			err(t, 0, _("'%s' joins '%s', which is no unit of its list"), u->e->name, u->join);
			continue;
		}
		u->attach = xstrdup(to->id);
	}
}

static void attr(struct strbuf *sb, const char *name, const char *v)
{
	if (v == NULL)
		return;
	strbuf_addf(sb, " %s=\"", name);
	strbuf_add_escaped(sb, v);
	strbuf_addc(sb, '"');
}

/* The options of u under the one numbered up - 1 (0: the unit), in the order they came. */
static void write_level(struct strbuf *sb, const struct iunit *u, const size_t *first,
                        const size_t *next, size_t up, int depth)
{
	for (size_t k = first[up]; k; k = next[k - 1]) {
		const struct iopt *io = &u->opts[k - 1];
		strbuf_addf(sb, "%*s<option", 2 * depth, "");
		attr(sb, "id", io->o->id);
		if (io->count > 1)
			strbuf_addf(sb, " count=\"%ld\"", io->count);
		if (first[k] == 0) {
			strbuf_adds(sb, "/>\n");
			continue;
		}
		strbuf_adds(sb, ">\n");
		write_level(sb, u, first, next, k, depth + 1);
		strbuf_addf(sb, "%*s</option>\n", 2 * depth, "");
	}
}

/* u's options nested as the catalog's: each list of children made once, in one pass. */
static void write_options(struct strbuf *sb, const struct iunit *u, int depth)
{
	size_t *first = xcalloc(u->n_opts + 1, sizeof(*first));
	size_t *next = xcalloc(u->n_opts + 1, sizeof(*next));
	for (size_t k = u->n_opts; k > 0; k--) {
		next[k - 1] = first[u->opts[k - 1].up];
		first[u->opts[k - 1].up] = k;
	}
	write_level(sb, u, first, next, 0, depth);
	free(first);
	free(next);
}

/* Appends text, whose lines are indented for a top list, indent more spaces in. */
static void add_indented(struct strbuf *sb, const char *text, int indent)
{
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
		strbuf_addf(sb, "%*s%.*s", indent, "", (int)n, p);
		p += n;
	}
}

/* List li and the forces within it, its own lines 2 * depth spaces further in than a top
 * list's. A child force gives only what its text gives: the rest it takes from its parent. */
static void write_list(struct st *t, const struct import_opts *o, struct strbuf *sb, size_t li)
{
	struct ilist *l = &t->lists[li];
	int in = 2 * l->depth;
	char id[32];
	snprintf(id, sizeof(id), t->n_lists == 1 ? "main" : "list-%zu", li + 1);
	strbuf_addf(sb, "%*s  <list", in, "");
	attr(sb, "id", id);
	attr(sb, "name", l->title);
	if (l->size)
		attr(sb, "size", l->size->id);
	else if (l->n_limits == 0 && o->limit < 0 && !l->up)
		attr(sb, "size", o->size);
	const struct group *f = l->faction;
	attr(sb, "faction", f ? f->id : l->up ? NULL : o->faction);
	strbuf_adds(sb, ">\n");
	for (size_t k = 0; l->size == NULL && k < l->n_limits; k++) {
		strbuf_addf(sb, "%*s    <limit", in, "");
		if (l->limit_costs[k])
			attr(sb, "cost", l->limit_costs[k]->id);
		strbuf_addf(sb, " value=\"%ld\"/>\n", l->limits[k]);
	}
	if (l->size == NULL && l->n_limits == 0 && o->limit >= 0 && !l->up) {
		strbuf_adds(sb, "    <limit");
		attr(sb, "cost", o->limit_cost);
		strbuf_addf(sb, " value=\"%ld\"/>\n", o->limit);
	}
	if (l->fields.len)
		add_indented(sb, l->fields.s, in);
	for (size_t i = 0; i < l->n_units; i++) {
		struct iunit *u = &l->units[i];
		strbuf_addf(sb, "%*s    <unit", in, "");
		attr(sb, "entry", u->e->id);
		strbuf_addf(sb, " models=\"%ld\"", u->models);
		attr(sb, "id", u->id);
		attr(sb, "name", u->label);
		attr(sb, "attach", u->attach);
		if (u->n_opts == 0) {
			strbuf_adds(sb, "/>\n");
			continue;
		}
		strbuf_adds(sb, ">\n");
		write_options(sb, u, 3 + l->depth);
		strbuf_addf(sb, "%*s    </unit>\n", in, "");
	}
	/* Its child forces follow it (child_of): at most ROSTER_MAX_FORCE_DEPTH calls deep. */
	for (size_t k = li + 1; k < t->n_lists && t->lists[k].depth > l->depth; k++)
		if (t->lists[k].up == li + 1)
			write_list(t, o, sb, k);
	strbuf_addf(sb, "%*s  </list>\n", in, "");
}

static char *to_xml(struct st *t, const struct import_opts *o)
{
	const struct system *sys = t->sys;
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\"");
	attr(&sb, "system", sys->id);
	attr(&sb, "name", o->name ? o->name : t->name);
	if (t->last_id)
		strbuf_addf(&sb, " last-id=\"%ld\"", t->last_id);
	strbuf_adds(&sb, ">\n");
	if (t->roster_fields.len)
		strbuf_adds(&sb, t->roster_fields.s);
	for (size_t li = 0; li < t->n_lists; li++)
		if (t->lists[li].up == 0)
			write_list(t, o, &sb, li);
	strbuf_adds(&sb, "</roster>\n");
	return strbuf_detach(&sb);
}

struct claim {
	long line;              /* in the text */
	size_t list, unit;      /* in the roster made */
	long points;
	bool bare;
};

struct import_claims {
	char *file;
	struct claim *v;
	size_t n, cap;
};

void import_claims_free(struct import_claims *c)
{
	if (c == NULL)
		return;
	free(c->file);
	free(c->v);
	free(c);
}

static struct import_claims *claims_of(const struct st *t)
{
	struct import_claims *c = xcalloc(1, sizeof(*c));
	c->file = xstrdup(t->file);
	for (size_t li = 0; li < t->n_lists; li++)
		for (size_t ui = 0; ui < t->lists[li].n_units; ui++) {
			const struct iunit *u = &t->lists[li].units[ui];
			if (u->stated < 0)
				continue;
			GROW(c->v, c->cap, c->n + 1);
			c->v[c->n++] = (struct claim){ u->line, li, ui, u->stated, u->bare };
		}
	return c;
}

size_t import_check(const struct import_claims *c, const struct eval *ev, struct diags *d)
{
	const struct system *sys = ev->sys;
	size_t added = 0;
	if (c == NULL || sys->n_costs == 0)
		return 0;
	const struct cost_def *cd = &sys->costs[0];
	const char *abbr = cd->abbr ? cd->abbr : cd->name;
	for (size_t i = 0; i < c->n; i++) {
		const struct claim *cl = &c->v[i];
		if (cl->list >= ev->n_lists || cl->unit >= ev->lists[cl->list].n)
			continue;
		const struct eunit *u = &ev->lists[cl->list].units[cl->unit];
		const struct r_unit *ru = u->ru;
		int64_t made = u->costs[0];
		if ((int64_t)cl->points == made)
			continue;
		char *title = ru->label ? xasprintf("%s (%s)", ru->label, ru->entry->name)
		                        : xstrdup(ru->entry->name);
		if (cl->bare)
			diags_add(d, SEV_ERROR, c->file, cl->line, 0, NULL, NULL,
			          _("'(%ld)' may be the models or the points of '%s' (the catalog makes "
			            "one model %" PRId64 " %s): write '%ldx' before the name for models, or "
			            "'[%ld %s]' for points"),
			          cl->points, title, made, abbr, cl->points, cl->points, abbr);
		else
			diags_add(d, SEV_WARNING, c->file, cl->line, 0, NULL, NULL,
			          _("'%s' is stated as %ld %s; the catalog makes it %" PRId64 " %s"),
			          title, cl->points, abbr, made, abbr);
		free(title);
		added++;
	}
	return added;
}

static char *import_copy(struct session *s, const char *text, size_t len, const char *file,
                         const struct import_opts *o, struct import_claims **claims,
                         struct diags *d);

char *import_text(struct session *s, const char *text, size_t len, const char *file,
                  const struct import_opts *o, struct import_claims **claims, struct diags *d)
{
	/* The lines are read with the string functions, which need a NUL where the text ends:
	 * a buffer of len bytes has none (found by tests/fuzz/fuzz-import.c: strcspn read past
	 * it). Work on a terminated copy. */
	char *copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
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
		char *line = trim(p, n);
		const char *colon = strstr(line, ": ");
		if (colon && (strncmp(line, "Game", (size_t)(colon - line)) == 0 ||
		              strncmp(line, _("Game"), (size_t)(colon - line)) == 0) &&
		    (size_t)(colon - line) == (strncmp(line, "Game", 4) == 0 ? 4 : strlen(_("Game")))) {
			long no = 1;
			for (const char *q = text; q < p; q++)
				no += *q == '\n';
			t->sys = find_system(t, colon + 2, no);
		}
		free(line);
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
	strbuf_release(&t->roster_fields);
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
	}
	find_game(&t, text, end, errors_before);
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
			err(&t, no, "%s", _("cannot read this line: it is too long"));
		else
			read_line(&t, line, no, next, titled);
		free(line);
	}
	char *xml = NULL;
	if (t.sys == NULL && d->errors + d->fatals == errors_before)
		err(&t, 0, "%s", _("no game system: give --system, or a 'Game: NAME' line"));
	if (t.n_lists == 0 && t.sys)
		new_list(&t, NULL);
	/* Every unit made gets its id, as 'muster add' gives one, numbered through the roster. */
	for (size_t li = 0; li < t.n_lists; li++)
		for (size_t i = 0; i < t.lists[li].n_units; i++)
			t.lists[li].units[i].id = unitref_make_id(t.lists[li].units[i].e->id, ++t.last_id);
	for (size_t li = 0; li < t.n_lists; li++)
		resolve_joins(&t, &t.lists[li]);
	if (d->errors + d->fatals == errors_before) {
		xml = to_xml(&t, o);
		if (claims)
			*claims = claims_of(&t);
	}
	st_release(&t);
	return xml;
}
