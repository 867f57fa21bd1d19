/* edit-outline.c - a roster's bytes outlined for a change: its lists, their units, their tags
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The roster's bytes are outlined once (xml_outline: where each list and unit starts and
 * ends); a change (edit-splice.c) reads as trees only the units it touches. Units are named
 * on a roster built from the outline when the caller has none loaded (sdoc_names_roster).
 */
#include "muster.h"
#include "edit-sdoc.h"
#include "edit-int.h"
#include "data.h"
#include "roster.h"
#include "session.h"
#include "system.h"

#include <stdlib.h>
#include <string.h>

/* --- the outline --------------------------------------------------------------------------- */

/* One more list, element i, in force up (1 + its index; 0 for a top list). */
static void sdoc_list(struct sdoc *sd, size_t i, size_t up, size_t nu, size_t *cap)
{
	size_t cur = sd->n_lists++;
	size_t c = *cap;
	GROW(sd->list_el, c, sd->n_lists);
	sd->last_child = xreallocarray(sd->last_child, c, sizeof(*sd->last_child));
	sd->first_sub = xreallocarray(sd->first_sub, c, sizeof(*sd->first_sub));
	sd->up = xreallocarray(sd->up, c, sizeof(*sd->up));
	sd->unit_from = xreallocarray(sd->unit_from, c + 1, sizeof(*sd->unit_from));
	*cap = c;
	sd->list_el[cur] = i;
	sd->last_child[cur] = sd->first_sub[cur] = NONE;
	sd->up[cur] = up;
	sd->unit_from[cur] = nu;
}

/* Finds the lists and their units among the outline's elements: every <list> of the roster
 * or of a list, in document order as the reader numbers them, each with its own units (the
 * schema puts them before its child lists, so each list's units follow the previous list's).
 * -1 when the root is not a roster's (the reader says so). */
int sdoc_init(struct sdoc *sd, const char *buf, size_t len, const char *name)
{
	memset(sd, 0, sizeof(*sd));
	sd->buf = buf;
	sd->len = len;
	sd->name = name;
	const char *lf = memchr(buf, '\n', len);
	sd->nl = lf && lf > buf && lf[-1] == '\r' ? "\r\n" : "\n";
	if (xml_outline_deep(buf, len, NS_ROSTER, "list", &sd->o) != 0)
		return -1;
	const struct xml_el *el = sd->o.el;
	if (!el[0].ours || !xml_el_is(buf, &el[0], "roster"))
		return -1;
	size_t nu = 0, cap = 0;
	/* Made once, as large as the outline: it never moves nor has slack to give back. */
	sd->units = xcalloc(sd->o.n, sizeof(*sd->units));
	size_t open[256]; /* per depth, the list open there (a list index), or NONE */
	open[0] = NONE;
	for (size_t i = 1; i < sd->o.n; i++) {
		size_t dp = el[i].depth, cur = open[dp - 1];
		bool ours = el[i].ours;
		open[dp] = NONE;
		if (dp == 1 || cur != NONE) {
			bool list = ours && xml_el_is(buf, &el[i], "list");
			if (cur != NONE && sd->first_sub[cur] == NONE)
				*(list ? &sd->first_sub[cur] : &sd->last_child[cur]) = i;
			if (list) {
				sdoc_list(sd, i, cur == NONE ? 0 : cur + 1, nu, &cap);
				open[dp] = sd->n_lists - 1;
			} else if (ours && cur != NONE && xml_el_is(buf, &el[i], "unit")) {
				/* A unit after a child list, or a list's units after another's: not a
				 * roster's order; the reader says what is wrong. */
				if (cur != sd->n_lists - 1 || sd->first_sub[cur] != NONE)
					return -1;
				sd->units[nu++] = (uint32_t)i;
			}
		}
	}
	sd->unit_from = xreallocarray(sd->unit_from, sd->n_lists + 1, sizeof(*sd->unit_from));
	sd->unit_from[sd->n_lists] = nu;
	return 0;
}

void sdoc_release(struct sdoc *sd)
{
	for (size_t i = 0; i < sd->n_su; i++) {
		struct sunit *u = sd->su[i];
		if (u->own_doc)
			xml_doc_free(u->doc);
		free(u->before);
		free(u);
	}
	free(sd->su);
	free(sd->attach_of);
	free(sd->list_el);
	free(sd->last_child);
	free(sd->first_sub);
	free(sd->up);
	free(sd->unit_from);
	free(sd->units);
	xml_outline_release(&sd->o);
}

/* Element e's start tag as an open tag (<x a="b"/> becomes <x a="b">). */
void sdoc_open_tag(const struct sdoc *sd, const struct xml_el *e, struct strbuf *sb)
{
	if (e->end == e->stag_end) {
		strbuf_add(sb, sd->buf + e->start, e->stag_end - 2 - e->start);
		strbuf_addc(sb, '>');
	} else {
		strbuf_add(sb, sd->buf + e->start, e->stag_end - e->start);
	}
}

void sdoc_close_tag(const struct sdoc *sd, const struct xml_el *e, struct strbuf *sb)
{
	strbuf_adds(sb, "</");
	strbuf_add(sb, sd->buf + e->start + 1, e->qname_len);
	strbuf_addc(sb, '>');
}

/* The white space that indents e: the text after the last newline before it. */
char *sdoc_indent_at(const struct sdoc *sd, const struct xml_el *e)
{
	size_t p = e->start;
	while (p > e->text && (sd->buf[p - 1] == ' ' || sd->buf[p - 1] == '\t'))
		p--;
	if (p > e->text && sd->buf[p - 1] == '\n')
		return xstrndup(sd->buf + p, e->start - p);
	return xstrdup("");
}

/* The indentation of a new unit of list li: that of its last element before its child lists,
 * or of its first child list, or one step further than the list when it has none. Caller
 * frees. */
char *sdoc_new_indent(const struct sdoc *sd, size_t li)
{
	if (sd->last_child[li] != NONE)
		return sdoc_indent_at(sd, &sd->o.el[sd->last_child[li]]);
	if (sd->first_sub[li] != NONE)
		return sdoc_indent_at(sd, &sd->o.el[sd->first_sub[li]]);
	char *pind = sdoc_indent_at(sd, list_elem(sd, li));
	char *ind = xasprintf("%s  ", pind);
	free(pind);
	return ind;
}

/* --- a roster to name units on -------------------------------------------------------------- */

/* The roster's lists and units as far as unitref_find names them (ids, names, entries; and
 * attachments, which a removed unit's companions lose: sd->attach_of), built from the
 * outline; NULL when that is not enough (a campaign roster: its units come from its ledger)
 * or the roster does not resolve (the reader then says why). Its lists are the file's, child
 * forces too, in the order the reader numbers them. */
struct roster *sdoc_names_roster(struct sdoc *sd, struct session *s)
{
	const struct xml_el *root = &sd->o.el[0];
	const char *ver = attr(sd, root, "version", NULL);
	if (ver && strcmp(ver, "2") == 0)
		return NULL;
	struct diags quiet = DIAGS_INIT;
	const char *sysid = attr(sd, root, "system", NULL);
	const struct system *sys = sysid ? session_system(s, sysid, &quiet) : NULL;
	diags_release(&quiet);
	if (sys == NULL)
		return NULL;
	struct roster *r = xcalloc(1, sizeof(*r));
	r->file = xstrdup(sd->name);
	r->sys = sys;
	r->n_lists = sd->n_lists;
	r->lists = xcalloc(sd->n_lists + 1, sizeof(*r->lists));
	struct arena scratch = ARENA_INIT;
	size_t li;
	for (li = 0; li < sd->n_lists; li++) {
		struct r_list *l = &r->lists[li];
		const char *id = attr(sd, list_elem(sd, li), "id", NULL);
		const char *nm = attr(sd, list_elem(sd, li), "name", NULL);
		l->id = id ? xstrdup(id) : NULL;
		l->name = nm ? xstrdup(nm) : NULL;
		l->up = (uint32_t)sd->up[li];
		l->depth = l->up ? r->lists[l->up - 1].depth + 1 : 0;
		if (edit_list_faction(sys, attr(sd, list_elem(sd, li), "faction", NULL), r, l) != 0)
			break; /* the reader says why */
		l->n_units = n_units(sd, li);
		l->units = xcalloc(l->n_units + 1, sizeof(*l->units));
		for (size_t k = 0; k < l->n_units; k++) {
			const struct xml_el *e = &sd->o.el[sd->units[sd->unit_from[li] + k]];
			static const char *const names[] = { "entry", "id", "name", "attach", NULL };
			const char *v[4];
			/* Decoded aside, and only what is kept copied into the roster's pool: the
			 * entry is kept as a pointer, not as its id again (1.5 MB of 100,000 units). */
			xml_el_attrs(sd->buf, e, names, v, &scratch);
			struct r_unit *u = &l->units[k];
			u->entry = v[0] ? system_entry(sys, v[0]) : NULL;
			u->names = r_unit_names(&r->pool, v[1], v[2]);
			if (v[3]) {
				GROW(sd->attach_of, sd->cap_attach, sd->n_attach + 1);
				sd->attach_of[sd->n_attach++] = (struct sattach){
					sd->unit_from[li] + k, arena_strndup(&r->pool, v[3], strlen(v[3])) };
			}
			if (k % 4096 == 4095)
				arena_release(&scratch);
			if (u->entry == NULL) {
				arena_release(&scratch);
				roster_free(r);
				return NULL;
			}
		}
	}
	arena_release(&scratch);
	if (li < sd->n_lists) {
		roster_free(r);
		return NULL;
	}
	return r;
}

