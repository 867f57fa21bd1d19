/* edit-new.c - the text of a new roster file (muster new)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The roster's start tag, its fields, and its lists as --list gave them, child forces within
 * the lists they stand in, each indented for its depth.
 */
#include "muster.h"
#include "edit.h"
#include "system.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void add_field(struct strbuf *sb, const char *indent, const char *nv)
{
	const char *eq = strchr(nv, '=');
	char *name = eq ? xstrndup(nv, (size_t)(eq - nv)) : xstrdup(nv);
	strbuf_addf(sb, "%s<field", indent);
	strbuf_add_attr(sb, "name", name);
	strbuf_add_attr(sb, "value", eq ? eq + 1 : "true");
	strbuf_adds(sb, "/>\n");
	free(name);
}

static bool roster_field(const struct system *sys, const char *nv)
{
	if (sys == NULL)
		return false;
	const char *eq = strchr(nv, '=');
	size_t n = eq ? (size_t)(eq - nv) : strlen(nv);
	for (size_t i = 0; i < sys->n_fields; i++)
		if (strlen(sys->fields[i].id) == n && strncmp(sys->fields[i].id, nv, n) == 0)
			return sys->fields[i].scope == FIELD_ROSTER;
	return false;
}

/* One --list of muster new: PARENT/ID[:NAME] or ID[:NAME], split. */
struct new_list {
	char *parent, *id;
	const char *name;
};

/* List k of spec (parsed in v, n of them) and the lists given within it, indented for depth. */
static void new_list_text(struct strbuf *sb, const struct system *sys, const struct edit_new *spec,
                          const struct new_list *v, size_t n, size_t k, int depth)
{
	const struct new_list *l = &v[k];
	int ind = 2 * (depth + 1);
	strbuf_addf(sb, "%*s<list", ind, "");
	strbuf_add_attr(sb, "id", l->id);
	strbuf_add_attr(sb, "name", l->name);
	/* A child force inherits its size, faction and fields from the force it stands in. */
	bool top = l->parent == NULL;
	if (top) {
		strbuf_add_attr(sb, "size", spec->size);
		strbuf_add_attr(sb, "faction", spec->faction);
	}
	bool body = top && spec->limit >= 0;
	for (char **f = spec->fields; top && f && *f; f++)
		body |= !roster_field(sys, *f);
	for (size_t i = k + 1; i < n; i++)
		body |= v[i].parent && strcmp(v[i].parent, l->id) == 0;
	if (!body) {
		strbuf_adds(sb, "/>\n");
		return;
	}
	strbuf_adds(sb, ">\n");
	if (top && spec->limit >= 0) {
		strbuf_addf(sb, "%*s<limit", ind + 2, "");
		strbuf_add_attr(sb, "cost", spec->limit_cost);
		strbuf_addf(sb, " value=\"%ld\"/>\n", spec->limit);
	}
	char pad[64];
	snprintf(pad, sizeof(pad), "%*s", ind + 2, "");
	for (char **f = spec->fields; top && f && *f; f++)
		if (!roster_field(sys, *f))
			add_field(sb, pad, *f);
	for (size_t i = k + 1; i < n; i++)
		if (v[i].parent && strcmp(v[i].parent, l->id) == 0)
			new_list_text(sb, sys, spec, v, n, i, depth + 1);
	strbuf_addf(sb, "%*s</list>\n", ind, "");
}

/* spec's lists split into v; -1 with a fatal diagnostic when one names a parent that is not a
 * list given before it. */
static int new_lists(const struct edit_new *spec, struct new_list *v, size_t n, struct diags *d)
{
	for (size_t k = 0; k < n; k++) {
		const char *s = spec->lists[k], *colon = strchr(s, ':');
		size_t idn = colon ? (size_t)(colon - s) : strlen(s);
		const char *slash = memchr(s, '/', idn);
		v[k].parent = slash ? xstrndup(s, (size_t)(slash - s)) : NULL;
		v[k].id = slash ? xstrndup(slash + 1, idn - (size_t)(slash - s) - 1) : xstrndup(s, idn);
		v[k].name = colon ? colon + 1 : NULL;
		size_t p = 0;
		while (slash && p < k && strcmp(v[p].id, v[k].parent) != 0)
			p++;
		if (slash && p == k) {
			struct strbuf known = STRBUF_INIT;
			for (size_t i = 0; i < k; i++)
				strbuf_addf(&known, "%s%s", i ? ", " : "", v[i].id);
			diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
			          _("--list=%s: no list '%s' is given before it to stand in (lists: %s)"), s,
			          v[k].parent, known.s ? known.s : _("none"));
			strbuf_release(&known);
			return -1;
		}
	}
	return 0;
}

char *edit_new_text(const struct system *sys, const struct edit_new *spec, struct diags *d)
{
	static char *main_list[] = { (char *)"main", NULL };
	struct edit_new sp = *spec;
	if (sp.lists == NULL)
		sp.lists = main_list;
	size_t n = 0;
	while (sp.lists[n])
		n++;
	struct new_list *v = xcalloc(n + 1, sizeof(*v));
	char *text = NULL;
	if (new_lists(&sp, v, n, d) == 0) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\"");
		strbuf_add_attr(&sb, "system", sp.system);
		strbuf_add_attr(&sb, "name", sp.name);
		strbuf_add_attr(&sb, "player", sp.player);
		strbuf_adds(&sb, ">\n");
		for (char **f = sp.fields; f && *f; f++)
			if (roster_field(sys, *f))
				add_field(&sb, "  ", *f);
		for (size_t k = 0; k < n; k++)
			if (v[k].parent == NULL)
				new_list_text(&sb, sys, &sp, v, n, k, 0);
		strbuf_adds(&sb, "</roster>\n");
		text = strbuf_detach(&sb);
	}
	for (size_t k = 0; k < n; k++) {
		free(v[k].parent);
		free(v[k].id);
	}
	free(v);
	return text;
}
