/* bs-infos.c - what a BattleScribe selection shows: its entry's profiles, rules, page and
 * publication
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each profile and rule element is read once into a struct bs_info of the system's arena, the
 * first time a place reaches it (bs_node_key, as bs-entries.c's definitions): the 13,891 profiles
 * of a large system are 13,891 records however many entries link them. An entry's list of them
 * is made once per definition (bs-entries.c) and shared by every place of it; only a link that
 * adds its own makes a list of its own. Part of the reader split by job (bs-int.h).
 */
#include "muster.h"
#include "bs-int.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *in_arena(struct arena *a, char *s)
{
	if (s == NULL)
		return NULL;
	const char *t = arena_strndup(a, s, strlen(s));
	free(s);
	return t;
}

/* The characteristics of profile p: name, typeId and value, three strings each. */
static void read_chars(struct arena *a, xmlNodePtr p, struct bs_info *w)
{
	size_t n = 0;
	xmlNodePtr sec = xml_child(p, "characteristics");
	for (xmlNodePtr k = xml_first_elem(sec); k && n < BS_INFO_CHARS_MAX; k = xml_next_elem(k))
		n++;
	if (n == 0)
		return;
	const char **v = arena_alloc(a, 3 * n, sizeof(*v));
	size_t i = 0;
	for (xmlNodePtr k = xml_first_elem(sec); k && i < n; k = xml_next_elem(k), i++) {
		v[3 * i] = in_arena(a, xml_name_lang(k, "name"));
		char *t = xml_prop(k, "typeId");
		v[3 * i + 1] = in_arena(a, t ? t : xml_prop(k, "characteristicTypeId"));
		char *val = xml_prop(k, "value"); /* 2.01 */
		v[3 * i + 2] = in_arena(a, val ? val : xml_text(k));
	}
	w->chars = v;
	w->n_chars = n;
}

/* --- modifiers that hold always ------------------------------------------------------------ */

/* Modifier groups nest at most this deep here (deeper ones stay not enforced). */
#define INFO_MOD_DEPTH 16

/* What n->_private holds once its modifier is applied here (bs_pend then skips it). */
static char info_mark;

/* Whether modifier or modifier group n holds always: no conditions, condition groups or
 * repeats of its own. */
static bool holds_always(xmlNodePtr n)
{
	return xml_first_elem(xml_child(n, "conditions")) == NULL &&
	       xml_first_elem(xml_child(n, "conditionGroups")) == NULL &&
	       xml_first_elem(xml_child(n, "repeats")) == NULL;
}

/* Whole number s, in [-1e12, 1e12], into *v. */
static bool whole_text(const char *s, long *v)
{
	char *end = NULL;
	double d = s ? strtod(s, &end) : 0;
	if (s == NULL || end == s || *end != '\0' || d != (double)(long)d || d < -1e12 || d > 1e12)
		return false;
	*v = (long)d;
	return true;
}

/* Modifier n on text *v: set, append (after a space), increment or decrement (a whole number
 * by a whole number); the result in arena a. Whether it applies. */
static bool change_text(struct arena *a, xmlNodePtr n, const char **v)
{
	char *type = xml_prop(n, "type"), *value = xml_prop(n, "value");
	char *t = NULL;
	long x, by;
	if (type && value && strcmp(type, "set") == 0)
		t = xstrdup(value);
	else if (type && value && strcmp(type, "append") == 0)
		t = *v && **v ? xasprintf("%s %s", *v, value) : xstrdup(value);
	else if (type && (strcmp(type, "increment") == 0 || strcmp(type, "decrement") == 0) &&
	         whole_text(*v, &x) && whole_text(value, &by))
		t = xasprintf("%ld", strcmp(type, "increment") == 0 ? x + by : x - by);
	free(type);
	free(value);
	if (t == NULL)
		return false;
	*v = arena_strndup(a, t, strlen(t));
	free(t);
	return true;
}

static bool is_page(xmlNodePtr n)
{
	char *field = xml_prop(n, "field");
	bool yes = field && strcmp(field, "page") == 0;
	free(field);
	return yes;
}

/* Modifier n on profile or rule w (a copy of its own): its name, description, page, hidden
 * or one of its characteristics (field: the characteristic type's id). */
static bool change_info(struct arena *a, xmlNodePtr n, struct bs_info *w)
{
	char *field = xml_prop(n, "field");
	bool ok = false;
	if (field == NULL)
		return false;
	if (strcmp(field, "name") == 0) {
		ok = change_text(a, n, &w->name);
	} else if (strcmp(field, "description") == 0 && w->type_id == NULL) {
		ok = change_text(a, n, &w->desc);
	} else if (strcmp(field, "page") == 0) {
		ok = change_text(a, n, &w->page);
	} else if (strcmp(field, "hidden") == 0) {
		char *type = xml_prop(n, "type"), *value = xml_prop(n, "value");
		ok = type && value && strcmp(type, "set") == 0 &&
		     (strcmp(value, "true") == 0 || strcmp(value, "false") == 0);
		if (ok)
			w->hidden = strcmp(value, "true") == 0;
		free(type);
		free(value);
	} else {
		for (size_t k = 0; k < w->n_chars && !ok; k++)
			if (w->chars[3 * k + 1] && strcmp(w->chars[3 * k + 1], field) == 0)
				ok = change_text(a, n, &w->chars[3 * k + 2]);
	}
	free(field);
	return ok;
}

/* The modifiers of owner that hold always (in modifier groups that do, INFO_MOD_DEPTH deep),
 * applied in document order to w (info NULL: to *page, field "page" only); each applied one
 * marked. Whether any applied. */
static bool apply_mods(struct arena *a, xmlNodePtr owner, struct bs_info *w, const char **page,
                       int depth)
{
	bool any = false;
	for (xmlNodePtr k = xml_first_elem(xml_child(owner, "modifiers")); k; k = xml_next_elem(k)) {
		if (!xml_is(k, "modifier") || (k->_private && k->_private != &info_mark) ||
		    !holds_always(k))
			continue; /* another reader's, or not applied here */
		bool ok = w ? change_info(a, k, w) : is_page(k) && change_text(a, k, page);
		if (ok)
			k->_private = &info_mark;
		any |= ok;
	}
	if (depth >= INFO_MOD_DEPTH)
		return any;
	xmlNodePtr sec = xml_child(owner, "modifierGroups");
	for (xmlNodePtr g = xml_first_elem(sec); g; g = xml_next_elem(g))
		if (xml_is(g, "modifierGroup") && holds_always(g) &&
		    apply_mods(a, g, w, page, depth + 1)) {
			g->_private = &info_mark;
			any = true;
		}
	return any;
}

/* w changed by the modifiers of owner that hold always: a copy, or w itself when none does. */
static const struct bs_info *modified(struct bsctx *c, xmlNodePtr owner, const struct bs_info *w)
{
	if (xml_child(owner, "modifiers") == NULL && xml_child(owner, "modifierGroups") == NULL)
		return w;
	struct arena *a = &c->sys->bs->arena;
	struct bs_info *m = arena_alloc(a, 1, sizeof(*m));
	*m = *w;
	if (w->n_chars) {
		m->chars = arena_alloc(a, 3 * w->n_chars, sizeof(*m->chars));
		memcpy(m->chars, w->chars, 3 * w->n_chars * sizeof(*m->chars));
	}
	return apply_mods(a, owner, m, NULL, 0) ? m : w;
}

/* The record of profile or rule element n of file fi, made the first time it is reached. */
static const struct bs_info *info_base(struct bsctx *c, size_t fi, xmlNodePtr n)
{
	char key[BS_NODE_KEY_MAX];
	bs_node_key('\0', fi, n, key);
	if (c->infos == NULL)
		c->infos = idx_new();
	struct bs_info *w = idx_get(c->infos, key);
	if (w)
		return w;
	struct arena *a = &c->sys->bs->arena;
	w = arena_alloc(a, 1, sizeof(*w));
	w->id = in_arena(a, xml_prop(n, "id"));
	w->name = in_arena(a, xml_name_lang(n, "name"));
	w->page = in_arena(a, xml_prop(n, "page"));
	w->pub = in_arena(a, xml_prop(n, "publicationId"));
	char *h = xml_prop(n, "hidden");
	w->hidden = h && strcmp(h, "true") == 0;
	free(h);
	if (xml_is(n, "profile")) {
		char *t = xml_prop(n, "typeId");
		if (t == NULL)
			t = xml_prop(n, "profileTypeId");
		const struct item_kind *k = t ? idx_get(c->sys->kind_idx, t) : NULL;
		w->type_id = in_arena(a, t);
		w->type_name = k ? k->name : in_arena(a, xml_prop(n, "typeName"));
		if (w->type_id == NULL)
			w->type_id = "";
		read_chars(a, n, w);
	} else {
		xmlNodePtr d = xml_child(n, "description");
		w->desc = d ? in_arena(a, xml_text(d)) : NULL;
	}
	const struct bs_info *m = modified(c, n, w);
	idx_add(c->infos, key, (void *)m);
	return m;
}

/* The record of profile or rule n of file fi as infoLink via (NULL: none) shows it, made the
 * first time it is reached: changed by the link's modifiers. */
static const struct bs_info *info_of(struct bsctx *c, size_t fi, xmlNodePtr n, xmlNodePtr via)
{
	const struct bs_info *w = info_base(c, fi, n);
	if (via == NULL)
		return w;
	char key[BS_NODE_KEY_MAX];
	bs_node_key('L', fi, via, key);
	const struct bs_info *m = idx_get(c->infos, key);
	if (m == NULL) {
		m = modified(c, via, w);
		idx_add(c->infos, key, (void *)m);
	}
	return m;
}

/* Owner's page, changed by its modifiers of "page" that hold always. */
static char *owner_page(struct bsctx *c, xmlNodePtr owner)
{
	char *page = xml_prop(owner, "page");
	const char *v = page;
	if (!apply_mods(&c->sys->bs->arena, owner, NULL, &v, 0) || v == page)
		return page;
	free(page);
	return xstrdup(v);
}

/* The cost types base declares, then those the <costs> of priced[0..n_priced) add, into a
 * new array of c's arena (NULL: none); their number into *n. */
static const uint32_t *declared_costs(struct bsctx *c, const struct bs_infos *base,
                                      const xmlNodePtr *priced, size_t n_priced, size_t *n)
{
	const struct system *sys = c->sys;
	uint32_t *v = xcalloc(sys->n_costs + 1, sizeof(*v));
	*n = base ? base->n_costs : 0;
	if (*n)
		memcpy(v, base->costs, *n * sizeof(*v));
	size_t nb = *n;
	for (size_t p = 0; p < n_priced; p++) {
		for (xmlNodePtr k = xml_first_elem(xml_child(priced[p], "costs")); k;
		     k = xml_next_elem(k)) {
			char *t = xml_prop(k, "typeId");
			if (t == NULL)
				t = xml_prop(k, "costTypeId"); /* BattleScribe 2.01 */
			const struct cost_def *cd = t ? idx_get(sys->cost_idx, t) : NULL;
			free(t);
			bool dup = cd == NULL; /* a type no costType declares is not shown */
			for (size_t i = 0; i < *n && !dup; i++)
				dup = v[i] == cd->index;
			if (!dup)
				v[(*n)++] = (uint32_t)cd->index;
		}
	}
	const uint32_t *out = base && *n == nb ? base->costs : NULL;
	if (out == NULL && *n) {
		uint32_t *a = arena_alloc(&sys->bs->arena, *n, sizeof(*a));
		memcpy(a, v, *n * sizeof(*a));
		out = a;
	}
	free(v);
	return out;
}

const struct bs_infos *bs_infos_make(struct bsctx *c, xmlNodePtr owner, const xmlNodePtr *nodes,
                                     const size_t *files, const xmlNodePtr *vias, size_t n,
                                     const struct bs_infos *base, const xmlNodePtr *priced,
                                     size_t n_priced)
{
	struct arena *a = &c->sys->bs->arena;
	size_t n_costs;
	const uint32_t *costs = declared_costs(c, base, priced, n_priced, &n_costs);
	bool same_costs = base ? costs == base->costs : n_costs == 0;
	char *page = owner ? owner_page(c, owner) : NULL;
	char *pub = owner ? xml_prop(owner, "publicationId") : NULL;
	if (n == 0 && same_costs && (base || (page == NULL && pub == NULL))) {
		free(page);
		free(pub);
		return base;
	}
	size_t nb = base ? base->n : 0;
	if (n > BS_INFOS_MAX - nb)
		n = BS_INFOS_MAX > nb ? BS_INFOS_MAX - nb : 0; /* what is beyond is not shown */
	struct bs_infos *in = arena_alloc(a, 1, sizeof(*in));
	in->costs = costs;
	in->n_costs = n_costs;
	in->page = base && base->page ? base->page : in_arena(a, page);
	in->pub = base && base->pub ? base->pub : in_arena(a, pub);
	in->pub_name = in->pub && c->pubs ? idx_get(c->pubs, in->pub) : NULL;
	if (base && base->page)
		free(page);
	if (base && base->pub)
		free(pub);
	in->v = nb + n ? arena_alloc(a, nb + n, sizeof(*in->v)) : NULL;
	for (size_t i = 0; i < nb; i++)
		in->v[in->n++] = base->v[i];
	for (size_t i = 0; i < n; i++) {
		const struct bs_info *w = info_of(c, files[i], nodes[i], vias ? vias[i] : NULL);
		bool dup = false; /* a profile reached twice (its own and an info link) */
		for (size_t j = 0; j < in->n && !dup; j++)
			dup = in->v[j] == w;
		if (!dup)
			in->v[in->n++] = w;
	}
	return in;
}

static size_t count_pubs(xmlNodePtr root)
{
	size_t n = 0;
	for (xmlNodePtr k = xml_first_elem(xml_child(root, "publications")); k; k = xml_next_elem(k))
		n++;
	return n;
}

void bs_read_publications(struct bsctx *c)
{
	struct arena *a = &c->sys->bs->arena;
	if (c->pubs == NULL)
		c->pubs = idx_new();
	for (size_t i = 0; i < c->n; i++) {
		xmlNodePtr sec = xml_child(c->f[i].root, "publications");
		for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k)) {
			char *id = xml_prop(k, "id");
			char *name = xml_name_lang(k, "name");
			if (id && name && idx_get(c->pubs, id) == NULL)
				idx_add(c->pubs, id, (void *)arena_strndup(a, name, strlen(name)));
			free(id);
			free(name);
		}
	}
}

void bs_catalog_publications(struct bsctx *c, size_t fi)
{
	struct arena *a = &c->sys->bs->arena;
	struct catalog *cat = c->f[fi].cat;
	const struct bsfile *f = &c->f[fi];
	size_t n = 0;
	for (size_t s = 0; s <= f->n_sees; s++)
		n += count_pubs(c->f[s < f->n_sees ? f->sees[s] : 0].root);
	if (cat == NULL || n == 0)
		return;
	cat->pubs = arena_alloc(a, 2 * n, sizeof(*cat->pubs));
	struct idx *seen = idx_new();
	for (size_t s = 0; s <= f->n_sees; s++) {
		xmlNodePtr sec = xml_child(c->f[s < f->n_sees ? f->sees[s] : 0].root, "publications");
		for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k)) {
			const char *id = xml_prop_in(k, "id", a);
			if (id == NULL || idx_add(seen, id, (void *)id) != 0)
				continue;
			cat->pubs[2 * cat->n_pubs] = id;
			cat->pubs[2 * cat->n_pubs++ + 1] = idx_get(c->pubs, id);
		}
	}
	idx_free(seen);
}

void bs_catalog_rules(struct bsctx *c, size_t fi)
{
	struct catalog *cat = c->f[fi].cat;
	if (cat == NULL)
		return;
	size_t from[2] = { fi, 0 }, nf = fi == 0 ? 1 : 2, n = 0;
	for (size_t s = 0; s < nf; s++)
		for (xmlNodePtr r = xml_first_elem(xml_child(c->f[from[s]].root, "rules")); r;
		     r = xml_next_elem(r))
			n += xml_is(r, "rule");
	if (n == 0)
		return;
	xmlNodePtr *nodes = xcalloc(n, sizeof(*nodes));
	size_t *files = xcalloc(n, sizeof(*files));
	size_t k = 0;
	for (size_t s = 0; s < nf; s++)
		for (xmlNodePtr r = xml_first_elem(xml_child(c->f[from[s]].root, "rules")); r && k < n;
		     r = xml_next_elem(r))
			if (xml_is(r, "rule")) {
				nodes[k] = r;
				files[k++] = from[s];
			}
	cat->rules = bs_infos_make(c, NULL, nodes, files, NULL, k, NULL, NULL, 0);
	free(nodes);
	free(files);
}
