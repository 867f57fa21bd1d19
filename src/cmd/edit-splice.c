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
 * The outline and that roster are edit-outline.c's, the bytes made again edit-bytes.c's;
 * here are the units a change touches, their names and ids, and the verbs.
 */
#include "muster.h"
#include "edit.h"
#include "edit-int.h"
#include "edit-sdoc.h"
#include "data.h"
#include "roster.h"
#include "session.h"
#include "system.h"
#include "unitref.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- the units a change touches ------------------------------------------------------------ */

/* A tree of the root's and list li's start tags around inner (len bytes); its list element in
 * *list. NULL with a fatal diagnostic when it does not parse. */
static xmlDocPtr small_doc(const struct sdoc *sd, size_t li, const char *inner, size_t len,
                           xmlNodePtr *list, struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	size_t chain[256], n = 0; /* li and the lists it stands in, innermost first */
	for (size_t k = li + 1; k && n < 256; k = sd->up[k - 1])
		chain[n++] = k - 1;
	sdoc_open_tag(sd, &sd->o.el[0], &sb);
	for (size_t k = n; k-- > 0;)
		sdoc_open_tag(sd, list_elem(sd, chain[k]), &sb);
	strbuf_add(&sb, inner, len);
	for (size_t k = 0; k < n; k++)
		sdoc_close_tag(sd, list_elem(sd, chain[k]), &sb);
	sdoc_close_tag(sd, &sd->o.el[0], &sb);
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
		u->before = sdoc_dump_node(node, sd->nl);
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
	char *ind = sdoc_indent_at(sd, e);
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
	char *ind = sdoc_new_indent(sd, li), *ws = xasprintf("\n%s", ind);
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
	char *ind = sdoc_new_indent(sd, li), *ws = xasprintf("\n%s", ind);
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
	struct nearest nr;
	nearest_init(&nr, ref ? ref : "");
	for (size_t k = 0; k < sd->n_lists; k++) {
		const char *id = attr(sd, list_elem(sd, k), "id", NULL);
		const char *nm = attr(sd, list_elem(sd, k), "name", NULL);
		if (ref == NULL || want == (long)k + 1 || (id && strcmp(id, ref) == 0) ||
		    (nm && strcasecmp(nm, ref) == 0)) {
			strbuf_release(&known);
			*index = k;
			return 0;
		}
		if (id)
			nearest_offer(&nr, id, id);
		if (nm)
			nearest_offer(&nr, nm, nm);
		strbuf_addf(&known, "%s%zu%s%s", k ? ", " : "", k + 1, id ? " " : "", id ? id : "");
	}
	edit_no_list(d, ref, nr.best, known.s);
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
				fn(arg, r_unit_id(u), u->entry->id);
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

/* The attach= of unit number unit (as units[]) on the outline's roster, or NULL. *next is the
 * first of sd->attach_of not yet passed: units are asked in order. */
static const char *attach_listed(const struct sdoc *sd, size_t unit, size_t *next)
{
	while (*next < sd->n_attach && sd->attach_of[*next].unit < unit)
		++*next;
	return *next < sd->n_attach && sd->attach_of[*next].unit == unit ? sd->attach_of[*next].to
	                                                                 : NULL;
}

/* Units of list li attached to unit u lose their attachment (u goes, or leaves the list). */
static int detach_from(struct sdoc *sd, size_t li, struct sunit *u, struct diags *d)
{
	char *id = xml_prop(u->node, "id");
	if (id == NULL)
		return 0;
	int rc = 0;
	struct arena a = ARENA_INIT;
	size_t next = 0;
	for (size_t k = 0; k < n_units(sd, li) && rc == 0; k++) {
		size_t el = sd->units[sd->unit_from[li] + k];
		struct sunit *c = touched(sd, el);
		if (c == u || (c && c->gone))
			continue;
		char *at = c ? xml_prop(c->node, "attach") : NULL;
		const char *was = c ? at : sd->names ? attach_listed(sd, sd->unit_from[li] + k, &next)
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
	if (o->n_pos == 2 && o->models < 0 && strpbrk(o->pos[1], "0123456789") == NULL)
		/* "add FILE field commander": the second word of a name the shell split */
		return edit_fail(d, _("'%s': give the models as a whole number from 1 to 100000 "
		                      "(a name of several words goes in quotes: \"%s %s\")"),
		                 o->pos[1], o->pos[0], o->pos[1]);
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
	if (o->player && o->n_pos == 0) {
		/* The roster's own setting: no unit to change. */
		if (o->list || o->name || o->id || o->attach || o->move || o->models >= 0 || o->n_opts ||
		    o->detach || o->copy)
			return edit_fail(d, "%s", _("set without a UNIT changes only the roster's --player"));
		sd->player = o->player;
		return 0;
	}
	if (o->n_pos != 1)
		return edit_fail(d, "%s", _("set takes one UNIT and what to change"));
	sd->player = o->player;
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
	struct roster *own = r ? NULL : sdoc_names_roster(&sd, s);
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
		if (o.player && strcmp(argv[0], "set") != 0)
			rc = edit_fail(dd, _("%s takes no --player: 'set FILE --player=TEXT' sets the roster's"),
			               argv[0]);
		else if (strcmp(argv[0], "add") == 0)
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
		out = sdoc_spliced(&sd, out_len, undo);
	sdoc_release(&sd);
	diags_release(&quiet);
	return out;
}
