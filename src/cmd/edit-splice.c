/* edit-splice.c - a change to a roster file, spliced into the file's own bytes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The roster's bytes are outlined once (xml_outline: where each list and unit starts and
 * ends), and only the elements a change touches are read as libxml2 trees, each on its own
 * between copies of the root's and its list's start tags: the unit changed, a unit another
 * one now joins, a unit that loses its attachment. Each of them is written back in place of
 * its old bytes when it changed, a new unit after the last element of its list with the
 * indentation of that element, a removed one with the white space that put it on its line,
 * and the root's last-id in its start tag: every other byte stays as the user wrote it. A
 * 100,000-unit list is never one tree in memory (as a tree it was 37 times its XML).
 *
 * Units are named (unitref_find) on the roster the file was loaded into, or, when the
 * caller has none, on one built from the outline: the units' ids, names and entries, enough
 * to name them (a campaign roster's units come from its ledger: it is loaded).
 */
#include "muster.h"
#include "edit.h"
#include "edit-int.h"
#include "data.h"
#include "roster.h"
#include "session.h"
#include "system.h"
#include "unitref.h"
#include "util.h"
#include "xml.h"

#include <libxml/xmlsave.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#define NONE ((size_t)-1)

/* A unit the change touches, as its own small tree. */
struct sunit {
	size_t list;       /* the list it stands in now */
	size_t el;         /* its element in the outline; NONE for a new unit */
	xmlDocPtr doc;     /* owned when own_doc (a copy shares its original's) */
	bool own_doc, gone;
	xmlNodePtr node;
	char *before;      /* its text as first written out; NULL for a new unit */
};

struct sdoc {
	const char *buf, *name;
	size_t len;
	struct xml_outline o;
	size_t n_lists;
	size_t *list_el;    /* per list: its element */
	size_t *last_child; /* per list: its last child element before its child lists, or NONE */
	size_t *first_sub;  /* per list: its first child list's element, or NONE */
	size_t *up;         /* per list: 1 + the index of the list it stands in; 0: a top list */
	size_t *unit_from;  /* per list: where its units start in units[] (n_lists + 1) */
	uint32_t *units;    /* the lists' unit elements, list by list (fewer than the file's bytes) */
	const struct roster *names; /* built from the outline (names_roster), or NULL */
	const char **attach_of;     /* while names: per unit, as units[], its attach= (names' pool) */
	struct sunit **su;
	size_t n_su, cap_su;
	long last_id;       /* the root's last-id, when last_set */
	bool last_set;
	const char *nl;     /* the file's line end: "\r\n" when its first line ends so */
};

struct splice {
	size_t from, to;
	char *text;
};

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
static int sdoc_init(struct sdoc *sd, const char *buf, size_t len, const char *name)
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

static void sdoc_release(struct sdoc *sd)
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

/* The decoded value of e's attribute name, in arena a (the outline's when NULL). */
static const char *attr(const struct sdoc *sd, const struct xml_el *e, const char *name,
                        struct arena *a)
{
	return xml_el_attr(sd->buf, e, name, a ? a : (struct arena *)&sd->o.pool);
}

static const struct xml_el *list_elem(const struct sdoc *sd, size_t li)
{
	return &sd->o.el[sd->list_el[li]];
}

static size_t n_units(const struct sdoc *sd, size_t li)
{
	return sd->unit_from[li + 1] - sd->unit_from[li];
}

/* Element e's start tag as an open tag (<x a="b"/> becomes <x a="b">). */
static void open_tag(const struct sdoc *sd, const struct xml_el *e, struct strbuf *sb)
{
	if (e->end == e->stag_end) {
		strbuf_add(sb, sd->buf + e->start, e->stag_end - 2 - e->start);
		strbuf_addc(sb, '>');
	} else {
		strbuf_add(sb, sd->buf + e->start, e->stag_end - e->start);
	}
}

static void close_tag(const struct sdoc *sd, const struct xml_el *e, struct strbuf *sb)
{
	strbuf_adds(sb, "</");
	strbuf_add(sb, sd->buf + e->start + 1, e->qname_len);
	strbuf_addc(sb, '>');
}

/* The white space that indents e: the text after the last newline before it. */
static char *indent_at(const struct sdoc *sd, const struct xml_el *e)
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
static char *new_indent(const struct sdoc *sd, size_t li)
{
	if (sd->last_child[li] != NONE)
		return indent_at(sd, &sd->o.el[sd->last_child[li]]);
	if (sd->first_sub[li] != NONE)
		return indent_at(sd, &sd->o.el[sd->first_sub[li]]);
	char *pind = indent_at(sd, list_elem(sd, li));
	char *ind = xasprintf("%s  ", pind);
	free(pind);
	return ind;
}

/* --- the units a change touches ------------------------------------------------------------ */

/* n written out as the whole file was, with line ends nl (the tree has only "\n": the parser
 * made "\r\n" one, and writes a "\r" of text as a reference). Caller frees. */
static char *dump_node(xmlNodePtr n, const char *nl)
{
	xmlBufferPtr b = xmlBufferCreate();
	xmlSaveCtxtPtr c = xmlSaveToBuffer(b, "UTF-8", 0);
	if (c) {
		xmlSaveTree(c, n);
		xmlSaveClose(c);
	}
	struct strbuf sb = STRBUF_INIT;
	const char *t = (const char *)xmlBufferContent(b);
	for (size_t i = 0, n0 = (size_t)xmlBufferLength(b); i < n0; i++) {
		if (t[i] == '\n')
			strbuf_adds(&sb, nl);
		else
			strbuf_addc(&sb, t[i]);
	}
	xmlBufferFree(b);
	return sb.s ? strbuf_detach(&sb) : xstrdup("");
}

/* A tree of the root's and list li's start tags around inner (len bytes); its list element in
 * *list. NULL with a fatal diagnostic when it does not parse. */
static xmlDocPtr small_doc(const struct sdoc *sd, size_t li, const char *inner, size_t len,
                           xmlNodePtr *list, struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	size_t chain[256], n = 0; /* li and the lists it stands in, innermost first */
	for (size_t k = li + 1; k && n < 256; k = sd->up[k - 1])
		chain[n++] = k - 1;
	open_tag(sd, &sd->o.el[0], &sb);
	for (size_t k = n; k-- > 0;)
		open_tag(sd, list_elem(sd, chain[k]), &sb);
	strbuf_add(&sb, inner, len);
	for (size_t k = 0; k < n; k++)
		close_tag(sd, list_elem(sd, chain[k]), &sb);
	close_tag(sd, &sd->o.el[0], &sb);
	xmlDocPtr doc = xml_load_memory_for_edit(sb.s, sb.len, sd->name, d);
	strbuf_release(&sb);
	if (doc == NULL)
		return NULL;
	/* Written out as the whole file was: UTF-8, not character references. */
	if (doc->encoding == NULL)
		doc->encoding = xmlStrdup(BAD_CAST "UTF-8");
	*list = xml_first_elem(xmlDocGetRootElement(doc));
	for (size_t k = 1; k < n; k++)
		*list = xml_first_elem(*list);
	return doc;
}

static struct sunit *add_sunit(struct sdoc *sd, size_t li, size_t el, xmlDocPtr doc, bool own,
                               xmlNodePtr node)
{
	struct sunit *u = xcalloc(1, sizeof(*u));
	u->list = li;
	u->el = el;
	u->doc = doc;
	u->own_doc = own;
	u->node = node;
	if (el != NONE)
		u->before = dump_node(node, sd->nl);
	GROW(sd->su, sd->cap_su, sd->n_su + 1);
	sd->su[sd->n_su++] = u;
	return u;
}

/* The index-th unit of list li as the file has it, as a tree of its own. NULL with a fatal
 * diagnostic when it does not parse. */
static struct sunit *touch(struct sdoc *sd, size_t li, size_t index, struct diags *d)
{
	size_t el = sd->units[sd->unit_from[li] + index];
	for (size_t i = 0; i < sd->n_su; i++)
		if (sd->su[i]->el == el)
			return sd->su[i];
	const struct xml_el *e = &sd->o.el[el];
	/* With the white space before it: its options are indented from it. */
	struct strbuf sb = STRBUF_INIT;
	char *ind = indent_at(sd, e);
	strbuf_addf(&sb, "\n%s", ind);
	strbuf_add(&sb, sd->buf + e->start, e->end - e->start);
	free(ind);
	xmlNodePtr list;
	xmlDocPtr doc = small_doc(sd, li, sb.s, sb.len, &list, d);
	strbuf_release(&sb);
	if (doc == NULL)
		return NULL;
	return add_sunit(sd, li, el, doc, true, xml_first_elem(list));
}

/* A new unit of entry e in list li. */
static struct sunit *new_unit(struct sdoc *sd, size_t li, const struct entry *e, struct diags *d)
{
	xmlNodePtr list;
	char *ind = new_indent(sd, li), *ws = xasprintf("\n%s", ind);
	xmlDocPtr doc = small_doc(sd, li, ws, strlen(ws), &list, d);
	free(ind);
	free(ws);
	if (doc == NULL)
		return NULL;
	xmlNodePtr u = xmlNewNode(list->ns, BAD_CAST "unit");
	xmlSetProp(u, BAD_CAST "entry", BAD_CAST e->id);
	edit_set_long_prop(u, "models", 1);
	xmlAddChild(list, u);
	return add_sunit(sd, li, NONE, doc, true, u);
}

/* Children in the list's namespace only (xmlDocCopyNode of a node out of its tree would
 * declare the namespace again on the copy). */
static void own_ns(xmlNodePtr n, xmlNsPtr ns)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (n->nsDef) {
			xmlFreeNsList(n->nsDef);
			n->nsDef = NULL;
		}
		n->ns = ns;
		own_ns(n->children, ns);
	}
}

/* A copy of u, a new unit of list li. */
static struct sunit *copy_unit(struct sdoc *sd, struct sunit *u, size_t li)
{
	xmlNodePtr c = xmlDocCopyNode(u->node, u->doc, 1);
	char *ind = new_indent(sd, li), *ws = xasprintf("\n%s", ind);
	xmlAddChild(u->node->parent, xmlNewText(BAD_CAST ws));
	free(ind);
	free(ws);
	xmlAddChild(u->node->parent, c);
	own_ns(c, u->node->ns);
	return add_sunit(sd, li, NONE, u->doc, false, c);
}

/* --- names and ids ------------------------------------------------------------------------- */

static int find_list(const struct sdoc *sd, const char *ref, size_t *index, struct diags *d)
{
	long want = 0;
	if (ref && parse_long(ref, 1, 1000000, &want) != 0)
		want = 0;
	struct strbuf known = STRBUF_INIT;
	for (size_t k = 0; k < sd->n_lists; k++) {
		const char *id = attr(sd, list_elem(sd, k), "id", NULL);
		const char *nm = attr(sd, list_elem(sd, k), "name", NULL);
		if (ref == NULL || want == (long)k + 1 || (id && strcmp(id, ref) == 0) ||
		    (nm && strcasecmp(nm, ref) == 0)) {
			strbuf_release(&known);
			*index = k;
			return 0;
		}
		strbuf_addf(&known, "%s%zu%s%s", k ? ", " : "", k + 1, id ? " " : "", id ? id : "");
	}
	diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("the roster has no list '%s' (lists: %s)"),
	          ref ? ref : "", known.s ? known.s : _("none"));
	strbuf_release(&known);
	return -1;
}

/* List li of the outline among r's lists: both number every list in document order, child
 * forces too, each after its parent (model.h). */
static size_t model_list(const struct roster *r, size_t li)
{
	return li < r->n_lists ? li : NONE;
}

/* The unit of list li that ref names (unitref.h), as a tree. */
static struct sunit *find_unit(struct sdoc *sd, const struct roster *r, size_t li,
                               const char *ref, struct diags *d)
{
	struct unitref u;
	size_t rli = model_list(r, li);
	if (rli == NONE || unitref_find(r, rli, ref, &u, d) != 0)
		return NULL;
	if (u.index >= n_units(sd, li)) {
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("the list has no unit '%s' (a number from 1 to %ld, an id or a name)"), ref,
		          (long)r->lists[rli].n_units);
		return NULL;
	}
	return touch(sd, li, u.index, d);
}

/* The sunit of element el, or NULL when the change has not touched it. */
static struct sunit *touched(const struct sdoc *sd, size_t el)
{
	for (size_t i = 0; i < sd->n_su; i++)
		if (sd->su[i]->el == el)
			return sd->su[i];
	return NULL;
}

/* Calls fn for the id and entry of every unit of the roster as it is now. */
static void each_unit(const struct sdoc *sd, void (*fn)(void *, const char *, const char *),
                      void *arg)
{
	struct arena a = ARENA_INIT;
	for (size_t li = 0; li < sd->n_lists; li++)
		for (size_t k = 0; k < n_units(sd, li); k++) {
			size_t el = sd->units[sd->unit_from[li] + k];
			if (touched(sd, el))
				continue;
			if (sd->names) {
				/* the outline's own attributes, decoded once */
				const struct r_unit *u = &sd->names->lists[li].units[k];
				fn(arg, u->id, u->entry->id);
				continue;
			}
			const struct xml_el *e = &sd->o.el[el];
			fn(arg, attr(sd, e, "id", &a), attr(sd, e, "entry", &a));
			if (k % 4096 == 4095)
				arena_release(&a);
		}
	arena_release(&a);
	for (size_t i = 0; i < sd->n_su; i++) {
		struct sunit *u = sd->su[i];
		if (u->gone)
			continue;
		char *id = xml_prop(u->node, "id"), *eid = xml_prop(u->node, "entry");
		fn(arg, id, eid);
		free(id);
		free(eid);
	}
}

/* The highest number of an id of unitref_make_id's form for its own entry (written by hand, or
 * before last-id was kept). */
static void top_number(void *arg, const char *id, const char *eid)
{
	long *last = arg;
	long k = unitref_id_number(id);
	if (k > *last && eid) {
		char *same = unitref_make_id(eid, k);
		if (strcmp(same, id) == 0)
			*last = k;
		free(same);
	}
}

struct id_seen {
	const char *id;
	bool seen;
};

static void is_taken(void *arg, const char *id, const char *eid)
{
	struct id_seen *s = arg;
	(void)eid;
	s->seen |= id && strcmp(id, s->id) == 0;
}

/* A new id for a unit of entry entry_id (unitref_make_id): numbered after the roster's
 * last-id and after every id of that form the file holds, and never one a unit has. The
 * roster's last-id becomes its number. Caller frees. */
static char *new_id(struct sdoc *sd, const char *entry_id)
{
	long last = 0;
	if (sd->last_set) {
		last = sd->last_id;
	} else {
		const char *v = attr(sd, &sd->o.el[0], "last-id", NULL);
		if (v == NULL || parse_long(v, 0, 1000000000L, &last) != 0)
			last = 0;
	}
	each_unit(sd, top_number, &last);
	/* Numbered past every id of the form: taken only when a unit has it by another form. */
	struct id_seen s = { NULL, true };
	char *id = NULL;
	while (s.seen) {
		free(id);
		id = unitref_make_id(entry_id, ++last);
		s.id = id;
		s.seen = false;
		each_unit(sd, is_taken, &s);
	}
	sd->last_id = last;
	sd->last_set = true;
	return id;
}

/* Gives unit u a new id when it has none. Returns its id; caller frees. */
static char *give_id(struct sdoc *sd, struct sunit *u)
{
	char *id = xml_prop(u->node, "id");
	if (id)
		return id;
	char *eid = xml_prop(u->node, "entry");
	id = new_id(sd, eid ? eid : "unit");
	free(eid);
	xml_set_prop(u->node, "id", id);
	return id;
}

/* Units of list li attached to unit u lose their attachment (u goes, or leaves the list). */
static int detach_from(struct sdoc *sd, size_t li, struct sunit *u, struct diags *d)
{
	char *id = xml_prop(u->node, "id");
	if (id == NULL)
		return 0;
	int rc = 0;
	struct arena a = ARENA_INIT;
	for (size_t k = 0; k < n_units(sd, li) && rc == 0; k++) {
		size_t el = sd->units[sd->unit_from[li] + k];
		struct sunit *c = touched(sd, el);
		if (c == u || (c && c->gone))
			continue;
		char *at = c ? xml_prop(c->node, "attach") : NULL;
		const char *was = c ? at : sd->names ? sd->attach_of[sd->unit_from[li] + k]
		                                      : attr(sd, &sd->o.el[el], "attach", &a);
		if (was && strcmp(was, id) == 0) {
			if (c == NULL && (c = touch(sd, li, k, d)) == NULL)
				rc = -1;
			else
				xmlUnsetProp(c->node, BAD_CAST "attach");
		}
		free(at);
		if (k % 4096 == 4095)
			arena_release(&a);
	}
	arena_release(&a);
	free(id);
	return rc;
}

/* --- the verbs ----------------------------------------------------------------------------- */

static int apply_attach(struct sdoc *sd, const struct roster *r, const struct edit_opts *o,
                        size_t li, struct sunit *u, struct diags *d)
{
	if (o->detach)
		xmlUnsetProp(u->node, BAD_CAST "attach");
	if (o->attach == NULL)
		return 0;
	struct sunit *to = find_unit(sd, r, li, o->attach, d);
	if (to == NULL)
		return -1;
	if (to == u)
		return edit_fail(d, _("a unit cannot join itself ('%s')"), o->attach);
	char *id = give_id(sd, to);
	xml_set_prop(u->node, "attach", id);
	free(id);
	return 0;
}

static int verb_add(struct sdoc *sd, const struct roster *r, struct edit_opts *o,
                    struct diags *d)
{
	if (o->n_pos < 1 || o->n_pos > 2)
		return edit_fail(d, "%s", _("add takes an ENTRY and, if you like, its number of models"));
	if (o->n_pos == 2 && (o->models >= 0 || parse_long(o->pos[1], 1, 100000, &o->models) != 0))
		return edit_fail(d, _("'%s': give the models as a whole number from 1 to 100000"),
		                 o->pos[1]);
	if (o->copy || o->move || o->detach)
		return edit_fail(d, "%s", _("add takes no --copy, --move or --detach"));
	const struct entry *e = edit_find_entry(r->sys, o->pos[0], d);
	if (e == NULL)
		return -1;
	size_t li;
	if (find_list(sd, o->list, &li, d) != 0 || edit_faction_ok(r, model_list(r, li), e, d))
		return -1;
	struct sunit *u = new_unit(sd, li, e, d);
	if (u == NULL)
		return -1;
	if (o->id == NULL)
		free(give_id(sd, u));
	if (edit_change_unit(o, e, u->node, d) != 0 || apply_attach(sd, r, o, li, u, d) != 0)
		return -1;
	edit_select_defaults(e, u->node);
	edit_order_options(e, u->node);
	edit_sync_models(e, u->node);
	return 0;
}

static int verb_remove(struct sdoc *sd, const struct roster *r, struct edit_opts *o,
                       struct diags *d)
{
	if (o->n_pos != 1 || o->n_opts || o->models >= 0 || o->name || o->attach || o->copy ||
	    o->move || o->detach || o->id)
		return edit_fail(d, "%s", _("remove takes one UNIT (and --list)"));
	size_t li;
	struct sunit *u = find_list(sd, o->list, &li, d) == 0 ? find_unit(sd, r, li, o->pos[0], d)
	                                                       : NULL;
	if (u == NULL || detach_from(sd, li, u, d) != 0)
		return -1;
	u->gone = true;
	return 0;
}

static int verb_set(struct sdoc *sd, const struct roster *r, struct edit_opts *o,
                    struct diags *d)
{
	if (o->n_pos != 1)
		return edit_fail(d, "%s", _("set takes one UNIT and what to change"));
	size_t li;
	struct sunit *u = find_list(sd, o->list, &li, d) == 0 ? find_unit(sd, r, li, o->pos[0], d)
	                                                       : NULL;
	if (u == NULL)
		return -1;
	char *eid = xml_prop(u->node, "entry");
	const struct entry *e = eid ? system_entry(r->sys, eid) : NULL;
	free(eid);
	if (e == NULL)
		return edit_fail(d, _("unit '%s' names no entry of the system"), o->pos[0]);
	if (o->copy) {
		struct sunit *c = copy_unit(sd, u, li);
		xmlUnsetProp(c->node, BAD_CAST "id");
		xmlUnsetProp(c->node, BAD_CAST "attach");
		xmlUnsetProp(c->node, BAD_CAST "name");
		/* A new unit: a new id, as add gives one. */
		if (o->id == NULL)
			free(give_id(sd, c));
		u = c;
	}
	if (o->move) {
		size_t ti;
		if (find_list(sd, o->move, &ti, d) != 0)
			return -1;
		if (ti != li) {
			if (detach_from(sd, li, u, d) != 0)
				return -1;
			xmlUnsetProp(u->node, BAD_CAST "attach");
			struct sunit *c = copy_unit(sd, u, ti);
			u->gone = true;
			u = c;
			li = ti;
		}
	}
	if (edit_change_unit(o, e, u->node, d) != 0)
		return -1;
	return apply_attach(sd, r, o, li, u, d);
}

/* --- the bytes ------------------------------------------------------------------------------ */

static void add_splice(struct splice **v, size_t *n, size_t *cap, size_t from, size_t to,
                       char *text)
{
	GROW(*v, *cap, *n + 1);
	(*v)[(*n)++] = (struct splice){ from, to, text };
}

/* The root's start tag with last-id set to sd->last_id: the value replaced where the tag has
 * one, else the attribute added after its last one. */
static char *root_tag(const struct sdoc *sd, size_t *from, size_t *to)
{
	const struct xml_el *e = &sd->o.el[0];
	const char *b = sd->buf;
	size_t p = e->start + 1 + e->qname_len, after = p, end = e->stag_end;
	char num[32];
	snprintf(num, sizeof(num), "%ld", sd->last_id);
	/* The outline read this tag: each attribute is NAME = QUOTED, within it. */
	while (p < end) {
		while (p < end && strchr(" \t\r\n", b[p]))
			p++;
		if (p >= end || b[p] == '>' || b[p] == '/')
			break;
		size_t an = p;
		while (p < end && !strchr("= \t\r\n", b[p]))
			p++;
		size_t an_end = p;
		while (p < end && b[p] != '"' && b[p] != '\'')
			p++;
		const char *q = p < end ? memchr(b + p + 1, b[p], end - p - 1) : NULL;
		if (q == NULL)
			break;
		size_t v = p + 1, v_end = (size_t)(q - b);
		p = after = v_end + 1;
		if (an_end - an == 7 && memcmp(b + an, "last-id", 7) == 0) {
			*from = v;
			*to = v_end;
			return xstrdup(num);
		}
	}
	*from = *to = after;
	return xasprintf(" last-id=\"%s\"", num);
}

/* Where the removal of element e starts: the white space that put it on its own line goes
 * with it. */
static size_t drop_from(const struct sdoc *sd, const struct xml_el *e)
{
	size_t n = e->start - e->text;
	if (n == 0)
		return e->start;
	for (size_t i = e->text; i < e->start; i++)
		if (!strchr(" \t\r\n", sd->buf[i]))
			return e->start;
	return e->text;
}

/* The new units of list li, after its last element on lines of their own indented as that
 * element, or as the first children of a list that has none. */
static void place_new(const struct sdoc *sd, size_t li, struct splice **v, size_t *n,
                      size_t *cap)
{
	struct strbuf units = STRBUF_INIT;
	const struct xml_el *last = sd->last_child[li] == NONE ? NULL
	                                                       : &sd->o.el[sd->last_child[li]];
	const struct xml_el *l = list_elem(sd, li);
	char *ind = new_indent(sd, li);
	char *pind = last ? NULL : indent_at(sd, l);
	for (size_t i = 0; i < sd->n_su; i++) {
		const struct sunit *u = sd->su[i];
		if (u->el != NONE || u->gone || u->list != li)
			continue;
		char *t = dump_node(u->node, sd->nl);
		strbuf_addf(&units, "%s%s%s", sd->nl, ind, t);
		free(t);
	}
	const struct xml_el *sub = sd->first_sub[li] == NONE ? NULL : &sd->o.el[sd->first_sub[li]];
	if (units.len == 0) {
		;
	} else if (last) {
		add_splice(v, n, cap, last->end, last->end, strbuf_detach(&units));
	} else if (sub) {
		/* Before its first child list, where the schema has its units, on lines of their own
		 * indented as that list. */
		struct strbuf sb = STRBUF_INIT;
		size_t skip = strlen(sd->nl) + strlen(ind);
		strbuf_add(&sb, units.s + skip, units.len - skip);
		strbuf_addf(&sb, "%s%s", sd->nl, ind);
		add_splice(v, n, cap, sub->start, sub->start, strbuf_detach(&sb));
	} else {
		struct strbuf sb = STRBUF_INIT;
		bool blank = true;
		for (size_t i = l->stag_end; i < l->etag; i++)
			blank &= strchr(" \t\r\n", sd->buf[i]) != NULL;
		if (l->end == l->stag_end) {
			open_tag(sd, l, &sb);
			strbuf_addf(&sb, "%s%s%s", units.s, sd->nl, pind);
			close_tag(sd, l, &sb);
			add_splice(v, n, cap, l->start, l->end, strbuf_detach(&sb));
		} else if (blank) {
			strbuf_addf(&sb, "%s%s%s", units.s, sd->nl, pind);
			add_splice(v, n, cap, l->stag_end, l->etag, strbuf_detach(&sb));
		} else {
			/* Comments or text of the user's: kept, the units after them. */
			strbuf_addf(&sb, "%s%s%s", units.s, sd->nl, pind);
			add_splice(v, n, cap, l->etag, l->etag, strbuf_detach(&sb));
		}
	}
	strbuf_release(&units);
	free(ind);
	free(pind);
}

static int cmp_splice(const void *a, const void *b)
{
	const struct splice *x = a, *y = b;
	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return (x->to > y->to) - (x->to < y->to);
}

/* Copies the roster's bytes [from, to) to w. With give (the caller never reads them again),
 * the whole pages of the roster's buffer before to are given back behind the copy, 256 KiB
 * at a time (*given: where they start to be held). */
static void copy_bytes(const struct sdoc *sd, char *w, size_t from, size_t to, bool give,
                       size_t *given)
{
	const size_t step = 256 * 1024;
	while (from < to) {
		size_t n = to - from < step ? to - from : step;
		memcpy(w, sd->buf + from, n);
		w += n;
		from += n;
#ifdef MADV_DONTNEED
		long pg = sysconf(_SC_PAGESIZE);
		if (!give || pg <= 0)
			continue;
		uintptr_t b = (uintptr_t)sd->buf, page = (uintptr_t)pg;
		uintptr_t lo = (b + *given + page - 1) / page * page, hi = (b + from) / page * page;
		if (hi > lo && madvise((void *)lo, hi - lo, MADV_DONTNEED) == 0)
			*given = hi - b;
#else
		(void)give;
		(void)given;
#endif
	}
}

/* The roster's bytes with the change in them, in one buffer of their size. Caller frees. When
 * undo is not NULL, it gets what each splice replaced. */
static char *spliced(struct sdoc *sd, size_t *out_len, struct edit_undo *undo)
{
	struct splice *v = NULL;
	size_t n = 0, cap = 0;
	if (sd->last_set) {
		size_t from, to;
		char *t = root_tag(sd, &from, &to);
		add_splice(&v, &n, &cap, from, to, t);
	}
	for (size_t i = 0; i < sd->n_su; i++) {
		struct sunit *u = sd->su[i];
		if (u->el == NONE)
			continue;
		const struct xml_el *e = &sd->o.el[u->el];
		if (u->gone) {
			add_splice(&v, &n, &cap, drop_from(sd, e), e->end, xstrdup(""));
			continue;
		}
		char *t = dump_node(u->node, sd->nl);
		if (strcmp(t, u->before) == 0)
			free(t);
		else
			add_splice(&v, &n, &cap, e->start, e->end, t);
	}
	for (size_t li = 0; li < sd->n_lists; li++)
		place_new(sd, li, &v, &n, &cap);
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_splice);
	/* A removal and an insertion at its end are both made; splices never overlap otherwise. */
	size_t total = sd->len, at = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].from < at)
			v[i].from = at;
		if (v[i].to < v[i].from)
			v[i].to = v[i].from;
		total += strlen(v[i].text) - (v[i].to - v[i].from);
		at = v[i].to;
	}
	char *out = xmalloc(total + 1), *w = out;
	if (undo) {
		undo->v = xcalloc(n + 1, sizeof(*undo->v));
		undo->n = n;
	}
	at = 0;
	bool give = undo && undo->consume;
	size_t given = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(v[i].text);
		copy_bytes(sd, w, at, v[i].from, give, &given);
		w += v[i].from - at;
		if (undo)
			undo->v[i] = (struct edit_piece){ (size_t)(w - out), k,
			                                  xstrndup(sd->buf + v[i].from, v[i].to - v[i].from),
			                                  v[i].to - v[i].from };
		memcpy(w, v[i].text, k);
		w += k;
		at = v[i].to;
		free(v[i].text);
	}
	copy_bytes(sd, w, at, sd->len, give, &given);
	w += sd->len - at;
	*w = '\0';
	free(v);
	*out_len = total;
	return out;
}

/* --- a roster to name units on -------------------------------------------------------------- */

/* The roster's lists and units as far as unitref_find names them (ids, names, entries; and
 * attachments, which a removed unit's companions lose: sd->attach_of), built from the
 * outline; NULL when that is not enough (a campaign roster: its units come from its ledger)
 * or the roster does not resolve (the reader then says why). Its lists are the file's, child
 * forces too, in the order the reader numbers them. */
static struct roster *names_roster(struct sdoc *sd, struct session *s)
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
	sd->attach_of = xcalloc(sd->unit_from[sd->n_lists] + 1, sizeof(*sd->attach_of));
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
			u->id = v[1] ? arena_strndup(&r->pool, v[1], strlen(v[1])) : NULL;
			u->label = v[2] ? arena_strndup(&r->pool, v[2], strlen(v[2])) : NULL;
			sd->attach_of[sd->unit_from[li] + k] =
				v[3] ? arena_strndup(&r->pool, v[3], strlen(v[3])) : NULL;
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

char *edit_apply(struct session *s, const char *buf, size_t len, const char *name,
                 const struct roster *r, int argc, char **argv, size_t *out_len,
                 struct edit_undo *undo, struct diags *d)
{
	if (argc >= 1 && strcmp(argv[0], "add-force") == 0) {
		/* A force, not a unit: its own splice (edit-force.c), said only with r as above. */
		struct diags fq = DIAGS_INIT;
		char *t = edit_add_force(buf, len, name, argc, argv, out_len, undo, r ? d : &fq);
		diags_release(&fq);
		return t;
	}
	struct sdoc sd;
	if (sdoc_init(&sd, buf, len, name) != 0) {
		if (r)
			diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s",
			          _("cannot find the roster's lists in its text"));
		sdoc_release(&sd);
		return NULL;
	}
	struct roster *own = r ? NULL : names_roster(&sd, s);
	sd.names = own;
	if (r == NULL && own == NULL) {
		sdoc_release(&sd);
		return NULL;
	}
	/* On the outline's roster, a failure is left unsaid: the caller loads the roster, whose
	 * reader may have more to say, and calls again. */
	struct diags quiet = DIAGS_INIT;
	struct diags *dd = own ? &quiet : d;
	struct edit_opts o;
	char *out = NULL;
	int rc = -1;
	memset(&o, 0, sizeof(o));
	if (argc < 1)
		rc = edit_fail(dd, "%s", _("no command given"));
	else if ((rc = edit_parse_opts(argc, argv, &o, dd)) == 0) {
		const struct roster *rr = r ? r : own;
		if (strcmp(argv[0], "add") == 0)
			rc = verb_add(&sd, rr, &o, dd);
		else if (strcmp(argv[0], "remove") == 0)
			rc = verb_remove(&sd, rr, &o, dd);
		else if (strcmp(argv[0], "set") == 0)
			rc = verb_set(&sd, rr, &o, dd);
		else
			rc = edit_fail(dd, _("unknown command '%s' (add, remove or set)"), argv[0]);
	}
	free(o.opt_ids);
	free(o.opt_counts);
	/* The verb has named its units: the outline's roster (for 100,000 units, more than the
	 * text) is not held while the new text is made. */
	sd.names = NULL;
	roster_free(own);
	if (rc == 0)
		out = spliced(&sd, out_len, undo);
	sdoc_release(&sd);
	diags_release(&quiet);
	return out;
}
