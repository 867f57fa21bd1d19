/* import-write.c - the roster file a pasted list makes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "export-common.h"
#include "idx.h"
#include "import-int.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options of u under the one numbered up - 1 (0: the unit), in the order they came. */
static void write_level(struct strbuf *sb, const struct iunit *u, const size_t *first,
                        const size_t *next, size_t up, int depth)
{
	for (size_t k = first[up]; k; k = next[k - 1]) {
		const struct iopt *io = &u->opts[k - 1];
		strbuf_addf(sb, "%*s<option", 2 * depth, "");
		strbuf_add_attr(sb, "id", io->o->id);
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

/* The id import gives list li when its title is not its id. */
static void list_id(const struct st *t, size_t li, char *id, size_t size)
{
	snprintf(id, size, t->n_lists == 1 ? "main" : "list-%zu", li + 1);
}

/* Marks each list whose title is its id: an export heads a list without a name by its id (and
 * a name written as an id in quotes, ex_list_heading), so a title written as an id, that no
 * other list has and that no other list's id would be, becomes the list's id and no name, and
 * the round trip gives back the list as it was. */
static void mark_title_ids(struct st *t)
{
	struct idx *seen = idx_new(), *twice = idx_new();
	for (size_t li = 0; li < t->n_lists; li++) {
		const char *ti = t->lists[li].title;
		if (ti && ex_id_shaped(ti) && idx_add(seen, ti, &t->lists[li]) != 0)
			idx_add(twice, ti, &t->lists[li]);
	}
	for (size_t li = 0; li < t->n_lists; li++) {
		struct ilist *l = &t->lists[li];
		char own[32];
		list_id(t, li, own, sizeof(own));
		/* "list-3" is the id list 3 gets when its title is not one: no other list's */
		const char *ti = l->title;
		bool other = ti && strncmp(ti, "list-", 5) == 0 && strcmp(ti, own) != 0;
		l->title_id = ti && ex_id_shaped(ti) && !idx_get(twice, ti) && !other;
	}
	idx_free(seen);
	idx_free(twice);
}

/* List li and the forces within it, its own lines 2 * depth spaces further in than a top
 * list's. A child force gives only what its text gives: the rest it takes from its parent. */
static void write_list(struct st *t, const struct import_opts *o, struct strbuf *sb, size_t li)
{
	struct ilist *l = &t->lists[li];
	int in = 2 * l->depth;
	char id[32];
	list_id(t, li, id, sizeof(id));
	strbuf_addf(sb, "%*s  <list", in, "");
	strbuf_add_attr(sb, "id", l->title_id ? l->title : id);
	/* A heading in quotes is a name, written so that it is not read as an id. */
	char *name = l->title && ex_heading_quoted(l->title)
	                 ? xstrndup(l->title + 1, strlen(l->title) - 2)
	                 : NULL;
	strbuf_add_attr(sb, "name", l->title_id ? NULL : name ? name : l->title);
	free(name);
	if (l->size)
		strbuf_add_attr(sb, "size", l->size->id);
	else if (l->n_limits == 0 && o->limit < 0 && !l->up)
		strbuf_add_attr(sb, "size", t->size_id || l->title_size == NULL ? t->size_id : l->title_size->id);
	const struct group *f = l->faction;
	strbuf_add_attr(sb, "faction", f ? f->id : l->up ? NULL : t->faction_id);
	strbuf_adds(sb, ">\n");
	for (size_t k = 0; l->size == NULL && k < l->n_limits; k++) {
		strbuf_addf(sb, "%*s    <limit", in, "");
		if (l->limit_costs[k])
			strbuf_add_attr(sb, "cost", l->limit_costs[k]->id);
		strbuf_addf(sb, " value=\"%ld\"/>\n", l->limits[k]);
	}
	if (l->size == NULL && l->n_limits == 0 && o->limit >= 0 && !l->up) {
		strbuf_adds(sb, "    <limit");
		strbuf_add_attr(sb, "cost", o->limit_cost);
		strbuf_addf(sb, " value=\"%ld\"/>\n", o->limit);
	}
	if (l->fields.len)
		add_indented(sb, l->fields.s, in);
	for (size_t i = 0; i < l->n_units; i++) {
		struct iunit *u = &l->units[i];
		strbuf_addf(sb, "%*s    <unit", in, "");
		strbuf_add_attr(sb, "entry", u->e->id);
		strbuf_addf(sb, " models=\"%ld\"", u->models);
		strbuf_add_attr(sb, "id", u->id);
		strbuf_add_attr(sb, "name", u->label);
		strbuf_add_attr(sb, "attach", u->attach);
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

char *import_to_xml(struct st *t, const struct import_opts *o)
{
	const struct system *sys = t->sys;
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\"");
	strbuf_add_attr(&sb, "system", sys->id);
	strbuf_add_attr(&sb, "name", o->name ? o->name : t->name);
	strbuf_add_attr(&sb, "player", t->player);
	if (t->last_id)
		strbuf_addf(&sb, " last-id=\"%ld\"", t->last_id);
	strbuf_adds(&sb, ">\n");
	if (t->roster_fields.len)
		strbuf_adds(&sb, t->roster_fields.s);
	mark_title_ids(t);
	for (size_t li = 0; li < t->n_lists; li++)
		if (t->lists[li].up == 0)
			write_list(t, o, &sb, li);
	strbuf_adds(&sb, "</roster>\n");
	return strbuf_detach(&sb);
}

static char *unit_title(const struct iunit *u, const char *name)
{
	return u->label ? xasprintf("%s (%s)", u->label, name) : xstrdup(name);
}

/* Is title u's title as show prints it, its entry named in any of the data's languages? */
bool import_titled(const struct iunit *u, const char *title)
{
	char *t = unit_title(u, u->e->name);
	bool yes = strcmp(t, title) == 0;
	free(t);
	for (size_t i = 0; !yes && u->e->names && u->e->names[i]; i++) {
		t = unit_title(u, u->e->names[i]);
		yes = strcmp(t, title) == 0;
		free(t);
	}
	return yes;
}

/* Joins: each "joins TITLE" names a unit of the same list by the title show prints. */
void import_resolve_joins(struct st *t, struct ilist *l)
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
				if ((pass >= 2 || c->join == NULL) && import_titled(c, u->join))
					to = c;
			}
		}
		if (to == NULL) {
			import_err(t, 0, _("'%s' joins '%s', which is no unit of its list"), u->e->name, u->join);
			continue;
		}
		u->attach = xstrdup(to->id);
	}
}
