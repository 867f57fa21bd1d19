/* edit.c - changing a unit's element: its attributes and its option tree
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Changes go through the libxml2 tree of the user's own file, so that its comments, its
 * layout and any content Muster does not know stay. Each new element gets the indentation of
 * its siblings. Every lookup of a unit or an option is one pass over a list or an entry.
 * The roster's whole text (written out, checked, read again) is edit-text.c's, a new
 * roster's edit-new.c's.
 */
#include "muster.h"
#include "edit.h"
#include "edit-int.h"
#include "catalog.h"
#include "idx.h"
#include "roster.h"
#include "derive.h"
#include "session.h"
#include "system.h"
#include "unitref.h"
#include "util.h"
#include "xml.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const edit_verbs[] = { "add", "add-force", "remove", "set", NULL };

/* --- names, did you mean ------------------------------------------------------------------ */

void did_you_mean(struct strbuf *sb, const char *word, const char *const *cands, size_t n)
{
	struct nearest nr;
	nearest_init(&nr, word);
	for (size_t i = 0; i < n; i++)
		nearest_offer(&nr, cands[i], cands[i]);
	if (nr.best)
		strbuf_addf(sb, _("; did you mean '%s'?"), nr.best);
}

void edit_no_list(struct diags *d, const char *ref, const char *best, const char *known)
{
	struct strbuf dym = STRBUF_INIT;
	if (best)
		strbuf_addf(&dym, _("; did you mean '%s'?"), best);
	/* TRANSLATORS: "the roster has no list 'x'; did you mean 'y'? (lists: 1 main, 2 allies)" */
	diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("the roster has no list '%s'%s (lists: %s)"),
	          ref ? ref : "", dym.s ? dym.s : "", known ? known : _("none"));
	strbuf_release(&dym);
}

/* At most this many entries are named when a word starts several entries' names. */
#define MAX_FITS 12

/* Refuses word, which starts the names of the n entries in fits (n > 1): each is named, with
 * its id when two share a name, and never one guessed. */
static void refuse_prefix(const char *word, const struct entry *const *fits, size_t n,
                          struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < n && i < MAX_FITS; i++) {
		char *b = name_bare(fits[i]->name);
		strbuf_addf(&sb, "%s'%s' (%s)", i ? ", " : "", b, fits[i]->id);
		free(b);
	}
	if (n > MAX_FITS)
		strbuf_adds(&sb, ", ...");
	diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
	          _("'%s' starts the names of %zu entries: %s; type more of the name"), word, n, sb.s);
	strbuf_release(&sb);
}

const struct entry *edit_find_entry(const struct system *sys, const char *word, struct diags *d)
{
	const struct entry *e = system_entry(sys, word);
	if (e)
		return e;
	/* By name, quotes and case aside; else by the one name it starts. */
	const struct entry **fits = NULL;
	size_t n = 0, cap = 0;
	for (size_t c = 0; c < sys->n_catalogs && e == NULL; c++)
		for (size_t i = 0; i < sys->catalogs[c]->n_entries && e == NULL; i++) {
			const struct entry *en = &sys->catalogs[c]->entries[i];
			enum name_fit f = name_fit(en->name, word);
			if (f == NAME_SAME) {
				e = entry_made(en);
			} else if (f == NAME_PREFIX) {
				GROW(fits, cap, n + 1);
				fits[n++] = en;
			}
		}
	if (e == NULL && n == 1)
		e = entry_made(fits[0]);
	else if (e == NULL && n > 1)
		refuse_prefix(word, fits, n, d);
	free(fits);
	if (e || n > 1)
		return e;
	struct strbuf sb = STRBUF_INIT;
	system_describe_unknown(sys, KNOWN_ENTRY, word, &sb);
	diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("unknown entry '%s' in system '%s'%s"), word,
	          sys->id, sb.s);
	strbuf_release(&sb);
	return NULL;
}

/* --- the tree ------------------------------------------------------------------------------ */

/* The white space that indents node: the text after the last newline before it. */
static char *indent_of(xmlNodePtr node)
{
	xmlNodePtr prev = node->prev;
	if (prev && prev->type == XML_TEXT_NODE && prev->content) {
		const char *t = (const char *)prev->content;
		const char *nl = strrchr(t, '\n');
		if (nl && strspn(nl + 1, " \t") == strlen(nl + 1))
			return xstrdup(nl + 1);
	}
	return xstrdup("");
}

/* Appends child to parent on a line of its own, indented as its element siblings or one step
 * further than parent. */
static void append_child(xmlNodePtr parent, xmlNodePtr child)
{
	xmlNodePtr last = NULL;
	for (xmlNodePtr c = parent->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE)
			last = c;
	if (last) {
		char *ind = indent_of(last);
		char *ws = xasprintf("\n%s", ind);
		xmlNodePtr t = xmlNewText(BAD_CAST ws);
		xmlAddNextSibling(last, t);
		xmlAddNextSibling(t, child);
		free(ws);
		free(ind);
		return;
	}
	char *pind = indent_of(parent);
	/* Only white space inside: replace it. */
	xmlNodePtr c = parent->children;
	while (c) {
		xmlNodePtr next = c->next;
		if (c->type == XML_TEXT_NODE) {
			xmlUnlinkNode(c);
			xmlFreeNode(c);
		}
		c = next;
	}
	char *open = xasprintf("\n%s  ", pind);
	char *close = xasprintf("\n%s", pind);
	xmlNodePtr first = parent->children;
	if (first) {
		xmlAddPrevSibling(first, xmlNewText(BAD_CAST open));
		xmlAddChild(parent, xmlNewText(BAD_CAST close));
		xmlAddPrevSibling(parent->last, child);
	} else {
		xmlAddChild(parent, xmlNewText(BAD_CAST open));
		xmlAddChild(parent, child);
		xmlAddChild(parent, xmlNewText(BAD_CAST close));
	}
	free(open);
	free(close);
	free(pind);
}

/* Takes node out of the tree with the white space that put it on its own line. */
static void drop_node(xmlNodePtr node)
{
	xmlNodePtr prev = node->prev;
	if (prev && prev->type == XML_TEXT_NODE && prev->content &&
	    strspn((const char *)prev->content, " \t\r\n") == strlen((const char *)prev->content)) {
		xmlUnlinkNode(prev);
		xmlFreeNode(prev);
	}
	xmlUnlinkNode(node);
	xmlFreeNode(node);
}

void edit_set_long_prop(xmlNodePtr n, const char *name, long v)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "%ld", v);
	xmlSetProp(n, BAD_CAST name, BAD_CAST buf);
}

#define EFAIL(...) \
	do { \
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, __VA_ARGS__); \
		return NULL; \
	} while (0)

/* The index-th <unit> of list (from 0), or NULL. */
static xmlNodePtr unit_node(xmlNodePtr list, size_t index)
{
	size_t k = 0;
	for (xmlNodePtr u = xml_first_elem(list); u; u = xml_next_elem(u))
		if (xml_is(u, "unit") && k++ == index)
			return u;
	return NULL;
}

/* The list after l in document order among the roster's lists, child forces too (each after
 * its parent, as the reader numbers them): l's first child list, or the next list after it
 * or after a list it stands in. The first list when l is NULL. */
static xmlNodePtr next_list(xmlNodePtr root, xmlNodePtr l)
{
	xmlNodePtr c = xml_first_elem(l ? l : root);
	for (;;) {
		for (; c; c = xml_next_elem(c))
			if (xml_is(c, "list"))
				return c;
		if (l == NULL || l == root)
			return NULL;
		c = xml_next_elem(l);
		l = l->parent;
	}
}

/* The index-th <list> of doc's roster (from 0), or NULL. */
static xmlNodePtr list_node(xmlDocPtr doc, size_t index)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);
	size_t k = 0;
	for (xmlNodePtr l = root ? next_list(root, NULL) : NULL; l; l = next_list(root, l))
		if (k++ == index)
			return l;
	return NULL;
}

/* A new id for a unit of entry entry_id in doc (unitref_make_id): numbered after the roster's
 * last-id and after every id of that form the file holds, and never one a unit has. The
 * roster's last-id becomes its number, so that no later unit gets it again. Caller frees. */
static char *new_id(xmlDocPtr doc, const char *entry_id)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);
	long last = 0;
	char *v = xml_prop(root, "last-id");
	if (v && parse_long(v, 0, 1000000000L, &last) != 0)
		last = 0;
	free(v);
	struct idx *ids = idx_new();
	char **owned = NULL;
	size_t n = 0, cap = 0;
	for (xmlNodePtr l = next_list(root, NULL); l; l = next_list(root, l)) {
		for (xmlNodePtr u = xml_first_elem(l); u; u = xml_next_elem(u)) {
			char *id = xml_is(u, "unit") ? xml_prop(u, "id") : NULL;
			if (id == NULL)
				continue;
			GROW(owned, cap, n + 1);
			owned[n++] = id;
			idx_add(ids, id, id);
			/* An id of the same form, written by hand or before last-id was kept. */
			long k = unitref_id_number(id);
			if (k > last) {
				char *eid = xml_prop(u, "entry");
				char *same = eid ? unitref_make_id(eid, k) : NULL;
				if (same && strcmp(same, id) == 0)
					last = k;
				free(same);
				free(eid);
			}
		}
	}
	char *id = unitref_make_id(entry_id, ++last);
	while (idx_get(ids, id)) {
		free(id);
		id = unitref_make_id(entry_id, ++last);
	}
	for (size_t i = 0; i < n; i++)
		free(owned[i]);
	free(owned);
	idx_free(ids);
	edit_set_long_prop(root, "last-id", last);
	return id;
}

/* Gives unit u a new id when it has none. Returns its id; caller frees. */
static char *give_id(xmlNodePtr u)
{
	char *id = xml_prop(u, "id");
	if (id)
		return id;
	char *eid = xml_prop(u, "entry");
	id = new_id(u->doc, eid ? eid : "unit");
	free(eid);
	xml_set_prop(u, "id", id);
	return id;
}

char *edit_unit_id(xmlDocPtr doc, const struct unitref *u)
{
	xmlNodePtr l = list_node(doc, u->list);
	xmlNodePtr n = l ? unit_node(l, u->index) : NULL;
	return n ? give_id(n) : NULL;
}

/* Whether option o is named word: its id, or its name in any case. */
static bool option_is(const struct entry_option *o, const char *word, size_t n)
{
	return (strlen(o->id) == n && memcmp(o->id, word, n) == 0) ||
	       (o->name && strlen(o->name) == n && strncasecmp(o->name, word, n) == 0);
}

/* Whether option o is named by path ref (a/b/c: o is c, under b, under a). With anchored, a
 * names an option on the unit itself. */
static bool option_at(const struct entry *e, const struct entry_option *o, const char *ref,
                      bool anchored)
{
	size_t end = strlen(ref);
	for (;;) {
		const char *slash = end ? memrchr(ref, '/', end) : NULL;
		size_t from = slash ? (size_t)(slash - ref) + 1 : 0;
		if (o == NULL || !option_is(o, ref + from, end - from))
			return false;
		o = o->up ? &e->options[o->up - 1] : NULL;
		if (slash == NULL)
			return !anchored || o == NULL;
		end = from - 1;
	}
}

/* Option o's path from the unit down (a/b/o). */
static void option_path(const struct entry *e, const struct entry_option *o, struct strbuf *sb)
{
	if (o->up)
		option_path(e, &e->options[o->up - 1], sb);
	strbuf_addf(sb, "%s%s", o->up ? "/" : "", o->id);
}

char *edit_option_word(const struct entry *e, size_t i)
{
	const struct entry_option *o = &e->options[i];
	bool twice = false, deep = false;
	for (size_t k = 0; k < e->n_options; k++) {
		const struct entry_option *x = &e->options[k];
		if (k == i || strcmp(x->id, o->id) != 0)
			continue;
		twice = true;
		/* PARENT/ID names it unless another of its id stands under a parent of that id. */
		deep |= o->up && x->up &&
		        strcmp(e->options[x->up - 1].id, e->options[o->up - 1].id) == 0;
	}
	if (!twice || o->up == 0)
		return xstrdup(o->id);
	struct strbuf sb = STRBUF_INIT;
	if (deep)
		option_path(e, o, &sb);
	else
		strbuf_addf(&sb, "%s/%s", e->options[o->up - 1].id, o->id);
	return strbuf_detach(&sb);
}

/* An id (or name) standing under several parents is refused, naming each by its path. */
static void say_paths(const struct entry *e, const char *ref, const struct entry_option *const *m,
                      size_t n, struct diags *d)
{
	struct strbuf under = STRBUF_INIT, paths = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		const char *sep = i == 0 ? "" : i + 1 < n ? ", " : NULL;
		strbuf_adds(&under, sep ? sep : _(" and "));
		strbuf_adds(&paths, sep ? sep : _(" or "));
		if (m[i]->up)
			option_path(e, &e->options[m[i]->up - 1], &under);
		else
			strbuf_adds(&under, e->id);
		option_path(e, m[i], &paths);
	}
	diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("%s stands under %s: name it as %s"), ref,
	          under.s, paths.s);
	strbuf_release(&under);
	strbuf_release(&paths);
}

/* The option of e that ref names: ID, or PARENT/ID, or a path a/b/c from the unit down (ids
 * or names). NULL with a fatal diagnostic when it names none, or several. */
static const struct entry_option *find_option(const struct entry *e, const char *ref,
                                              struct diags *d)
{
	const struct entry_option **m = xcalloc(e->n_options + 1, sizeof(*m));
	size_t n = 0;
	for (int anchored = 1; anchored >= 0 && n != 1; anchored--) {
		n = 0;
		for (size_t i = 0; i < e->n_options; i++)
			if (option_at(e, &e->options[i], ref, anchored))
				m[n++] = &e->options[i];
	}
	const struct entry_option *found = n == 1 ? m[0] : NULL;
	if (n > 1)
		say_paths(e, ref, m, n, d);
	free(m);
	if (n)
		return found;
	struct nearest nr;
	nearest_init(&nr, ref);
	struct strbuf known = STRBUF_INIT;
	for (size_t i = 0; i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		nearest_offer(&nr, o->id, o->id);
		nearest_offer(&nr, o->name, o->id);
		strbuf_adds(&known, i ? ", " : "");
		/* an id under several parents, by its path */
		bool twice = false;
		for (size_t k = 0; k < e->n_options && !twice; k++)
			twice = k != i && strcmp(e->options[k].id, o->id) == 0;
		if (twice)
			option_path(e, o, &known);
		else
			strbuf_adds(&known, o->id);
	}
	if (nr.best)
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("'%s' has no option '%s'; did you mean '%s'? (options: %s)"), e->name, ref,
		          nr.best, known.s);
	else
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("'%s' has no option '%s' (options: %s)"),
		          e->name, ref, known.s ? known.s : _("none"));
	strbuf_release(&known);
	return NULL;
}

/* The element of option o among the children of n, or NULL. */
static xmlNodePtr option_elem(xmlNodePtr n, const struct entry_option *o)
{
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		if (xml_is(c, "option") && xml_prop_is(c, "id", o->id))
			return c;
	return NULL;
}

/* The element option o of entry e goes in, in unit u: the unit, or the element of the option
 * it stands under in the catalog; NULL when that option is not taken. */
static xmlNodePtr option_holder(xmlNodePtr u, const struct entry *e, const struct entry_option *o)
{
	if (o->up == 0)
		return u;
	const struct entry_option *parent = &e->options[o->up - 1];
	xmlNodePtr h = option_holder(u, e, parent);
	return h ? option_elem(h, parent) : NULL;
}

static xmlNodePtr new_option(xmlNodePtr holder, const struct entry_option *o, long count)
{
	xmlNodePtr n = xmlNewNode(holder->ns, BAD_CAST "option");
	xml_set_prop(n, "id", o->id);
	if (count > 1)
		edit_set_long_prop(n, "count", count);
	append_child(holder, n);
	return n;
}

/* Taking o of a choose-one takes the others of its choice off, as a radio button does. */
static void drop_choice(xmlNodePtr holder, const struct entry *e, const struct entry_option *o)
{
	xmlNodePtr next;
	for (xmlNodePtr c = xml_first_elem(holder); c; c = next) {
		next = xml_next_elem(c);
		char *id = xml_is(c, "option") ? xml_prop(c, "id") : NULL;
		const struct entry_option *other = id ? entry_option_under(e, id, o->up) : NULL;
		free(id);
		if (other && other != o && other->in_choice == o->in_choice)
			drop_node(c);
	}
}

/* Sets how often unit u takes option o of entry e; 0 takes it off (with what it holds). */
static int set_option(xmlNodePtr u, const struct entry *e, const struct entry_option *o,
                      long count, struct diags *d)
{
	xmlNodePtr holder = option_holder(u, e, o);
	if (holder == NULL) {
		if (count == 0)
			return 0;
		return edit_fail(d, _("option '%s' stands under option '%s': take that first"), o->id,
		            e->options[o->up - 1].id);
	}
	if (count > 0 && o->in_choice && e->choices[o->in_choice - 1].max == 1)
		drop_choice(holder, e, o);
	xmlNodePtr c = option_elem(holder, o);
	if (c == NULL) {
		if (count > 0)
			new_option(holder, o, count);
	} else if (count == 0) {
		drop_node(c);
	} else if (count == 1) {
		xmlUnsetProp(c, BAD_CAST "count");
	} else {
		edit_set_long_prop(c, "count", count);
	}
	return 0;
}

/* The count of option element n (1 when it gives none). */
static long option_count(xmlNodePtr n)
{
	char *v = xml_prop(n, "count");
	long c = 1;
	if (v && parse_long(v, 1, 1000, &c) != 0)
		c = 1;
	free(v);
	return c;
}

const struct entry_option *edit_option_of(const struct entry *e, xmlNodePtr c, uint32_t up)
{
	char *id = xml_prop(c, "id");
	const struct entry_option *o = entry_option_under(e, id ? id : "", up);
	free(id);
	return o;
}

/* Walks the option elements under n, which stands for option up - 1 of e (0: the unit): for
 * each one of e's, node[i] and took[i]. An id that stands under several parents is the one
 * under n's (entry_option_under). */
static void taken_options(const struct entry *e, xmlNodePtr n, uint32_t up, xmlNodePtr *node,
                          long *took)
{
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "option"))
			continue;
		const struct entry_option *o = edit_option_of(e, c, up);
		if (o == NULL)
			continue;
		node[o - e->options] = c;
		took[o - e->options] = option_count(c);
		taken_options(e, c, (uint32_t)(o - e->options) + 1, node, took);
	}
}

/* Refuses --models for a unit of model options: they count its models. */
static int refuse_models(const struct entry *e, struct diags *d)
{
	struct strbuf ids = STRBUF_INIT;
	for (size_t i = 0; i < e->n_options; i++)
		if (e->options[i].model)
			strbuf_addf(&ids, "%s%s", ids.len ? ", " : "", e->options[i].id);
	edit_fail(d, _("'%s' counts its models from its model options (%s): set those instead"), e->name,
	     ids.s);
	strbuf_release(&ids);
	return -1;
}

/* A unit of several kinds of model (a sergeant and troopers) has the models its model
 * options count. */
void edit_sync_models(const struct entry *e, xmlNodePtr u)
{
	if (!e->has_models)
		return;
	xmlNodePtr *node = xcalloc(e->n_options, sizeof(*node));
	long *took = xcalloc(e->n_options, sizeof(*took));
	taken_options(e, u, 0, node, took);
	long models = 0;
	for (size_t i = 0; i < e->n_options; i++)
		if (e->options[i].model)
			models += took[i];
	edit_set_long_prop(u, "models", models > 0 ? models : 1);
	free(node);
	free(took);
}

/* What a builder selects with a new unit, as BattleScribe does: each option the catalog asks
 * for (min) and each choice's default, for each one of its parent taken, unless the command
 * took one itself. One pass: a parent stands before its options in an entry's array. */
void edit_select_defaults(const struct entry *e, xmlNodePtr u)
{
	if (e->n_options == 0)
		return;
	xmlNodePtr *node = xcalloc(e->n_options, sizeof(*node));
	long *took = xcalloc(e->n_options, sizeof(*took));
	bool *chosen = xcalloc(e->n_choices + 1, sizeof(*chosen));
	taken_options(e, u, 0, node, took);
	for (size_t i = 0; i < e->n_options; i++)
		if (took[i] && e->options[i].in_choice)
			chosen[e->options[i].in_choice - 1] = true;
	for (size_t i = 0; i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		long per = o->up ? took[o->up - 1] : 1;
		xmlNodePtr holder = o->up ? node[o->up - 1] : u;
		long want = 0;
		if (o->in_choice) {
			const struct opt_choice *c = &e->choices[o->in_choice - 1];
			if (c->def == i + 1 && !chosen[o->in_choice - 1])
				want = c->min > 0 ? c->min : 1;
		} else {
			want = o->min;
		}
		if (!took[i] && per > 0 && holder && want > 0 && want * per <= 1000) {
			took[i] = want * per;
			node[i] = new_option(holder, o, took[i]);
		}
	}
	free(node);
	free(took);
	free(chosen);
}

/* --- the verbs ----------------------------------------------------------------------------- */

int edit_fail(struct diags *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, "%s", msg);
	free(msg);
	return -1;
}

int edit_parse_opts(int argc, char **argv, struct edit_opts *o, struct diags *d)
{
	static const char *const valued[] = { "list", "name", "id", "attach", "move", "models",
	                                       "option", "player", NULL };
	memset(o, 0, sizeof(*o));
	o->models = -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strncmp(a, "--", 2) != 0) {
			if (o->n_pos == MUSTER_ARRAY_LEN(o->pos))
				return edit_fail(d, _("'%s': too many words"), a);
			o->pos[o->n_pos++] = a;
			continue;
		}
		const char *key = a + 2, *eq = strchr(key, '=');
		size_t klen = eq ? (size_t)(eq - key) : strlen(key);
		const char *val = eq ? eq + 1 : NULL;
		if (val == NULL) {
			if (klen == 6 && strncmp(key, "detach", 6) == 0)
				o->detach = true;
			else if (klen == 4 && strncmp(key, "copy", 4) == 0)
				o->copy = true;
			else if (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
				bool known = false;
				for (const char *const *v = valued; *v; v++)
					known |= strlen(*v) == klen && strncmp(*v, key, klen) == 0;
				if (!known)
					return edit_fail(d, _("unknown option '%s'"), a);
				val = argv[++i];
			} else {
				return edit_fail(d, _("option '%s' needs a value"), a);
			}
			if (val == NULL)
				continue;
		}
		/* Each value may end up in the file: refused here with its own words, rather than
		 * by the parser that reads the file back. */
		if (!xml_text_ok(val))
			return edit_fail(d, _("'%s': an XML file cannot hold control characters or bytes that are not UTF-8"),
			            a);
#define IS(s) (klen == strlen(s) && strncmp(key, s, klen) == 0)
		if (IS("list"))
			o->list = val;
		else if (IS("name"))
			o->name = val;
		else if (IS("id"))
			o->id = val;
		else if (IS("attach"))
			o->attach = val;
		else if (IS("move"))
			o->move = val;
		else if (IS("player")) {
			/* A player is named on one line of a tournament's report. */
			if (strpbrk(val, "\t\n\r"))
				return edit_fail(d, "%s", _("--player: a player's name is one line, with no tab or line break"));
			o->player = val;
		}
		else if (IS("models")) {
			if (parse_long(val, 1, 100000, &o->models) != 0)
				return edit_fail(d, _("--models=%s: give a whole number from 1 to 100000"), val);
		} else if (IS("option")) {
			o->opt_ids = xreallocarray(o->opt_ids, o->n_opts + 1, sizeof(*o->opt_ids));
			o->opt_counts = xreallocarray(o->opt_counts, o->n_opts + 1, sizeof(*o->opt_counts));
			const char *e2 = strrchr(val, '=');
			long cnt = 1;
			if (e2 && parse_long(e2 + 1, 0, 1000, &cnt) != 0)
				return edit_fail(d, _("--option=%s: write ID or ID=COUNT (0 to 1000)"), val);
			/* The id is the part before =COUNT; kept in argv, cut in place. */
			if (e2)
				*(char *)e2 = '\0';
			o->opt_ids[o->n_opts] = val;
			o->opt_counts[o->n_opts++] = cnt;
		} else {
			return edit_fail(d, _("unknown option '%s'"), a);
		}
#undef IS
	}
	return 0;
}

static int apply_options(const struct edit_opts *o, const struct entry *e, xmlNodePtr u,
                         struct diags *d)
{
	for (size_t i = 0; i < o->n_opts; i++) {
		const struct entry_option *eo = find_option(e, o->opt_ids[i], d);
		if (eo == NULL)
			return -1;
		if (set_option(u, e, eo, o->opt_counts[i], d) != 0)
			return -1;
	}
	return 0;
}

int edit_change_unit(const struct edit_opts *o, const struct entry *e, xmlNodePtr u,
                     struct diags *d)
{
	if (o->models > 0 && e->has_models)
		return refuse_models(e, d);
	if (o->models > 0)
		edit_set_long_prop(u, "models", o->models);
	if (o->name) {
		if (*o->name)
			xml_set_prop(u, "name", o->name);
		else
			xmlUnsetProp(u, BAD_CAST "name");
	}
	if (o->id) {
		if (*o->id)
			xml_set_prop(u, "id", o->id);
		else
			xmlUnsetProp(u, BAD_CAST "id");
	}
	if (apply_options(o, e, u, d) != 0)
		return -1;
	edit_order_options(e, u);
	edit_sync_models(e, u);
	return 0;
}
