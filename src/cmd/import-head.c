/* import-head.c - the lines of a pasted list that are not units: "Key: value" headers and
 * Muster's Markdown
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "import-int.h"
#include "cmd.h"
#include "import.h"
#include "data.h"
#include "session.h"
#include "system.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A system by id, or by the name a "Game:" line gives. */
const struct system *import_find_system(struct st *t, const char *name, long line)
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
			import_err(t, line, _("unknown game system '%s'; did you mean '%s'? (known: %s)"), name, nr.best,
			    known.s ? known.s : _("none"));
		else
			import_err(t, line, _("unknown game system '%s' (known: %s)"), name, known.s ? known.s : _("none"));
		strbuf_release(&known);
	}
	strv_free(ids);
	diags_release(&sd);
	return sys;
}

/* Whether the NULL-terminated names (or NULL) hold s. */
static bool names_have(char *const *names, const char *s)
{
	for (size_t i = 0; names && names[i]; i++)
		if (strcmp(names[i], s) == 0)
			return true;
	return false;
}

/* "All-Out War (limit 600 AP)" or "custom (limit 600 AP) (limit 3 RP)". */
static int read_size(struct st *t, struct ilist *l, const char *v, long line)
{
	const struct system *sys = t->sys;
	const char *paren = strstr(v, " (");
	char *name = import_trim(v, paren ? (size_t)(paren - v) : strlen(v));
	for (size_t i = 0; i < sys->n_sizes && l->size == NULL; i++)
		if (strcasecmp(sys->sizes[i].name, name) == 0 || strcmp(sys->sizes[i].id, name) == 0)
			l->size = &sys->sizes[i];
	if (l->size == NULL && !import_is_word(name, N_("custom"))) {
		struct strbuf sb = STRBUF_INIT;
		system_describe_unknown(sys, KNOWN_SIZE, name, &sb);
		import_err(t, line, _("unknown battle size '%s'%s"), name, sb.s);
		strbuf_release(&sb);
		free(name);
		return -1;
	}
	free(name);
	if (l->size)
		return 0;
	/* A custom limit: each "(limit N ABBR)", in any shipped language. */
	for (const char *p = strchr(v, '('); p; p = strchr(p + 1, '(')) {
		long n = 0;
		char abbr[64] = "";
		size_t w = import_starts_word(p + 1, N_("limit"));
		if (w == 0 || p[1 + w] != ' ' || sscanf(p + 2 + w, "%ld %63[^)])", &n, abbr) < 1 ||
		    l->n_limits == 8)
			continue;
		const struct cost_def *cd = NULL;
		for (size_t c = 0; c < sys->n_costs && cd == NULL; c++)
			if (strcmp(sys->costs[c].id, abbr) == 0 || strcmp(sys->costs[c].name, abbr) == 0 ||
			    (sys->costs[c].abbr && strcmp(sys->costs[c].abbr, abbr) == 0) ||
			    names_have(sys->costs[c].names, abbr))
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
			import_err(t, line, _("forces nest at most %d deep"), ROSTER_MAX_FORCE_DEPTH);
			return;
		}
		l->up = up;
		l->depth = p->depth + 1;
		return;
	}
	import_err(t, line, _("'%s' is no force above this one: a child force follows the force it stands in"),
	    title);
}

/* Has no unit been read yet? */
static bool no_units(const struct st *t)
{
	for (size_t i = 0; i < t->n_lists; i++)
		if (t->lists[i].n_units)
			return false;
	return true;
}

/* A "Key: value" line. Returns 1 when it was one of ours, 0 when not. */
int import_header(struct st *t, const char *key, const char *v, long line, bool roster)
{
	if (import_is_key(key, N_("Game"))) {
		if (t->sys == NULL)
			t->sys = import_find_system(t, v, line);
		return 1;
	}
	/* Who brings the army: Muster's exports print it above the lists, a post under its title;
	 * before the first unit, the first one given. */
	if (no_units(t) && import_is_key(key, N_("Player"))) {
		if (t->player == NULL && *v)
			t->player = xstrdup(v);
		return 1;
	}
	const struct system *sys = t->sys;
	if (sys == NULL)
		return 0;
	if (!roster && import_is_key(key, N_("Child force of"))) {
		child_of(t, import_cur_list(t), v, line);
		return 1;
	}
	if (!roster && import_is_key(key, N_("Battle size"))) {
		read_size(t, import_cur_list(t), v, line);
		return 1;
	}
	for (size_t i = 0; !roster && i < sys->n_attrs; i++) {
		/* A level heads the faction in the language it was exported in, whatever ours. */
		const struct attr_def *lv = &sys->attrs[i];
		if (lv->type != ATTR_LEVEL ||
		    (strcmp(lv->name, key) != 0 && !import_in_names(lv->names, key)))
			continue;
		const char *comma = strchr(v, ',');
		char *g = import_trim(v, comma ? (size_t)(comma - v) : strlen(v));
		const struct group *found = system_group(sys, g);
		for (size_t c = 0; found == NULL && c < sys->n_catalogs; c++)
			for (size_t k = 0; found == NULL && k < sys->catalogs[c]->n_groups; k++)
				if (strcasecmp(sys->catalogs[c]->groups[k].name, g) == 0 ||
				    import_in_names(sys->catalogs[c]->groups[k].names, g))
					found = &sys->catalogs[c]->groups[k];
		if (found == NULL) {
			struct strbuf sb = STRBUF_INIT;
			system_describe_unknown(sys, KNOWN_GROUP, g, &sb);
			import_err(t, line, _("unknown faction '%s' in system '%s'%s"), g, sys->id, sb.s);
			strbuf_release(&sb);
		}
		import_cur_list(t)->faction = found;
		free(g);
		return 1;
	}
	for (size_t i = 0; i < sys->n_fields; i++) {
		const struct field_def *f = &sys->fields[i];
		if (strcmp(f->name, key) != 0 || (f->scope == FIELD_ROSTER) != roster)
			continue;
		struct strbuf *sb = roster ? &t->roster_fields : &import_cur_list(t)->fields;
		const char *ind = roster ? "  " : "    ";
		if (f->type == ATTR_BOOL) {
			add_field_xml(sb, ind, f->id, import_is_word(v, N_("yes")) ? "true" : "false");
		} else if (f->type == ATTR_CHOICE) {
			const char *id = NULL;
			for (size_t c = 0; c < f->n_choices && id == NULL; c++)
				if (strcasecmp(f->choices[c].name ? f->choices[c].name : f->choices[c].id, v) == 0 ||
				    strcmp(f->choices[c].id, v) == 0)
					id = f->choices[c].id;
			if (id)
				add_field_xml(sb, ind, f->id, id);
			else
				import_err(t, line, _("field '%s' has no choice '%s'"), f->name, v);
		} else {
			add_field_xml(sb, ind, f->id, v);
		}
		return 1;
	}
	return 0;
}

/* Is the cell after the one that ends at q (the models) empty? */
static bool row_under(const char *q)
{
	if (*q != '|')
		return false;
	q++;
	q += strspn(q, " \t");
	return *q == '|';
}

/* A line of Muster's Markdown as the text it renders: "# NAME", "## TITLE" and "### Units"
 * are taken here (returns NULL: nothing more to read), a table row becomes show's row, a
 * "- " item its text. Returns the line to read on (caller frees). */
char *import_from_markdown(struct st *t, const char *line, const char *next)
{
	if (line[0] == '#') {
		size_t lv = strspn(line, "#");
		char *x = import_trim(line + lv, strlen(line + lv));
		import_unmark(x);
		/* Show's own sections at the end: the verdict, and the rules' texts. */
		bool own = import_starts_word(x, N_("Legality:")) > 0 ||
		           import_is_word(x, N_("Rules used"));
		if (lv == 1 && t->name == NULL) {
			t->name = x;
			return NULL;
		}
		t->skip = lv >= 3 || own;
		if (lv == 2 && !own) {
			import_new_list(t, x);
		}
		free(x);
		return NULL;
	}
	if (t->skip)
		return NULL;
	if (line[0] == '|') {
		/* the header row (the next line is |---|) */
		if (next && next[0] == '|' && next[1] == '-')
			return NULL;
		struct strbuf sb = STRBUF_INIT;
		for (const char *p = line + 1; *p;) {
			const char *q = p;
			while (*q && !(*q == '|' && q[-1] != '\\'))
				q++;
			char *cell = import_trim(p, (size_t)(q - p));
			import_unmark(cell);
			/* a row with no models is a line under the unit above ("+ Gasp", "joins X") */
			if (sb.len == 0 && (cell[0] == '+' || row_under(q)))
				strbuf_adds(&sb, "  ");
			if (*cell || *q)
				strbuf_addf(&sb, "%s%s", sb.len && sb.s[sb.len - 1] != ' ' ? "  " : "", cell);
			free(cell);
			p = *q ? q + 1 : q;
		}
		return sb.s ? strbuf_detach(&sb) : xstrdup("");
	}
	char *x = xstrdup(line[0] == '-' && line[1] == ' ' ? line + 2 : line);
	import_unmark(x);
	return x;
}


void import_opts_ids(struct st *t, const struct import_opts *o)
{
	char *msg = NULL;
	t->size_id = o->size ? cmd_size_id(t->sys, o->size, &msg) : NULL;
	if (msg) {
		import_err(t, 0, "%s", msg);
		free(msg);
		msg = NULL;
	}
	t->faction_id = o->faction ? cmd_faction_id(t->sys, o->faction, &msg) : NULL;
	if (msg) {
		import_err(t, 0, "%s", msg);
		free(msg);
	}
}

/* s starts with the ASCII word w, in any case. */
static bool starts_ci(const char *s, const char *w)
{
	return strncasecmp(s, w, strlen(w)) == 0;
}

const char *import_other_kind(const char *text)
{
	const char *p = text;
	if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	p += strspn(p, " \t\r\n");
	if (starts_ci(p, "<!doctype html") || starts_ci(p, "<html"))
		return _("this is an HTML printout, which import does not read: open it in a browser, "
		         "select all, copy and import what you copied, or import the list's text, "
		         "compact or Markdown export (muster export --format=text)");
	if (strncmp(p, "\"kind\",\"list\",", 14) == 0)
		return _("this is a CSV cost sheet, which import does not read: import the list's "
		         "text, compact or Markdown export (muster export --format=text)");
	if (starts_ci(p, "<?xml") || starts_ci(p, "<roster"))
		return _("this is XML, not a pasted list: a roster file (or a BattleScribe .ros) is "
		         "read as it is (muster show FILE)");
	return NULL;
}

/* A list that names no battle size and no limit, when the command line gives neither: say
 * what to give in the importer's words (the roster would be refused for its XML). */
void import_check_sizes(struct st *t, const struct import_opts *o)
{
	if (t->sys == NULL || t->size_id || o->limit >= 0)
		return;
	for (size_t li = 0; li < t->n_lists; li++) {
		const struct ilist *l = &t->lists[li];
		if (l->size || l->title_size || l->n_limits || l->up)
			continue;
		if (t->sys->n_sizes == 0) {
			import_err(t, 0, "%s", _("no battle size or limit: give --limit=N (the game "
			                         "system has no battle sizes)"));
			return;
		}
		struct strbuf ids = STRBUF_INIT;
		for (size_t i = 0; i < t->sys->n_sizes; i++)
			strbuf_addf(&ids, "%s%s", i ? ", " : "", t->sys->sizes[i].id);
		import_err(t, 0, _("no battle size: give --size (%s) or --limit=N, or a "
		                   "'Battle size: NAME' line"), ids.s);
		strbuf_release(&ids);
		return;
	}
}
