/* bs-read.c - BattleScribe 2.x game systems and catalogues: files, definitions, links
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A BattleScribe system is a .gst file and the .cat files of its directory that name its id.
 * Each file is read whole with the safe XML reader (xml-read.c: caps, no network, no DTD),
 * with no schema: every element and attribute used is checked here. doc/data-guide.md's "From
 * BattleScribe" says how each construct maps onto the model; the entries and their option
 * trees are built in bs-entries.c (bs-int.h).
 */
#include "muster.h"
#include "bs-read.h"
#include "bs-int.h"
#include "catalog.h"
#include "data.h"
#include "decimal.h"
#include "system.h"
#include "idx.h"
#include "util.h"
#include "xml.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- small helpers ------------------------------------------------------------------------ */

int bs_decimal(struct bsctx *c, size_t fi, xmlNodePtr n, const char *name, unsigned scale,
               long min, long max, long def, long *out)
{
	char *v = xml_prop(n, name);
	if (v == NULL) {
		*out = def;
		return 0;
	}
	enum dec_status r = dec_parse(v, scale, min, max, out);
	char lo[DEC_BUF], hi[DEC_BUF];
	if (r == DEC_PRECISE)
		diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s=\"%s\": Muster reads at most %u decimal places here"), name, v, scale);
	else if (r != DEC_OK)
		diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s=\"%s\" is not a number from %s to %s"), name, v,
		          dec_format(min, scale, lo), dec_format(max, scale, hi));
	free(v);
	return r == DEC_OK ? 0 : -1;
}

static size_t count_children(xmlNodePtr sec)
{
	size_t n = 0;
	for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k))
		n++;
	return n;
}

/* How many elements the sections called name of every file hold. */
static size_t count_all(const struct bsctx *c, const char *name)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n; i++)
		n += count_children(xml_child(c->f[i].root, name));
	return n;
}

char *bs_trim(char *v, const char *fallback)
{
	if (v == NULL)
		return xstrdup(fallback ? fallback : "");
	size_t a = strspn(v, " \t\r\n"), len = strlen(v);
	while (len > a && strchr(" \t\r\n", v[len - 1]))
		len--;
	char *t = xstrndup(v + a, len - a);
	free(v);
	return t;
}

/* The element's name attribute with its surrounding white space removed (" Cans"). */
static char *trimmed_name(xmlNodePtr n, const char *fallback)
{
	return bs_trim(xml_prop(n, "name"), fallback);
}

long bs_category(const struct bsctx *c, const char *id)
{
	const struct category_def *cd = id ? idx_get(c->sys->cat_idx, id) : NULL;
	return cd ? (long)cd->index : -1;
}

/* --- what is not enforced yet ------------------------------------------------------------- */

bool bs_constraint_maps(xmlNodePtr con, long *value)
{
	xmlNodePtr sec = con->parent, owner = sec ? sec->parent : NULL;
	if (!owner || owner->type != XML_ELEMENT_NODE || !xml_is(sec, "constraints"))
		return false;
	if (!xml_is(owner, "selectionEntry") && !xml_is(owner, "selectionEntryGroup") &&
	    !xml_is(owner, "entryLink"))
		return false;
	/* includeChildSelections counts the selections of it below its parent at any depth:
	 * an option stands at one place of the tree, right under its parent, so they are the
	 * same selections (Warhammer 40,000's model groups: min 4 of a unit's models). */
	/* A root entry's constraints count in its force or roster, not per parent. */
	xmlNodePtr home = owner->parent;
	if (home && (xml_is(home, "selectionEntries") || xml_is(home, "entryLinks")) && home->parent &&
	    home->parent == xmlDocGetRootElement(con->doc))
		return false;
	/* A group's min and max count the groups within it too, which a choice cannot. */
	if (xml_is(owner, "selectionEntryGroup")) {
		if (count_children(xml_child(owner, "selectionEntryGroups")) > 0)
			return false;
		xmlNodePtr links = xml_child(owner, "entryLinks");
		for (xmlNodePtr l = xml_first_elem(links); l; l = xml_next_elem(l))
			if (xml_prop_is(l, "type", "selectionEntryGroup"))
				return false;
	}
	if (!(xml_prop_is(con, "type", "min") || xml_prop_is(con, "type", "max")) ||
	    !xml_prop_is(con, "field", "selections") || !xml_prop_is(con, "scope", "parent") ||
	    xml_prop_is(con, "percentValue", "true") || xml_prop_is(con, "shared", "false") ||
	    xml_prop_is(con, "includeChildForces", "true"))
		return false;
	char *v = xml_prop(con, "value");
	bool ok = dec_parse(v, 0, -1, OPTION_UNBOUNDED, value) == DEC_OK;
	free(v);
	return ok;
}

bool bs_con_maps(struct bsctx *c, size_t fi, xmlNodePtr con, long *value)
{
	static const long no; /* what the idx keeps for a constraint that does not map */
	char key[BS_NODE_KEY_MAX];
	bs_node_key('\0', fi, con, key);
	if (c->maps == NULL)
		c->maps = idx_new();
	const long *v = idx_get(c->maps, key);
	if (v == NULL) {
		long got;
		v = &no;
		if (bs_constraint_maps(con, &got) &&
		    (bs_con_fold(c, con, &got) || !bs_con_changed_max(c, con))) {
			long *kept = arena_alloc(&c->sys->bs->arena, 1, sizeof(*kept));
			*kept = got;
			v = kept;
		}
		idx_add(c->maps, key, (void *)v);
	}
	if (v == &no)
		return false;
	*value = *v;
	return true;
}

static int pending_kind(xmlNodePtr n)
{
	static const char *const names[BS_PENDING_KINDS] = {
		"constraint", "modifier", "modifierGroup", "condition", "conditionGroup", "repeat",
	};
	for (int k = 0; k < BS_PENDING_KINDS; k++)
		if (xml_is(n, names[k]))
			return k;
	return -1;
}

void bs_pend(struct bsctx *c, size_t fi, xmlNodePtr n, uint32_t up)
{
	struct bs_data *bs = c->sys->bs;
	int kind = pending_kind(n);
	if (kind < 0 || n->_private)
		return;
	n->_private = bs; /* recorded: once per element, however often links reach it */
	GROW(bs->pending, bs->cap_pending, bs->n_pending + 1);
	struct bs_pending *r = &bs->pending[bs->n_pending++];
	memset(r, 0, sizeof(*r));
	r->kind = (enum bs_pending_kind)kind;
	r->up = up;
	for (xmlNodePtr a = n->parent; a && a->type == XML_ELEMENT_NODE; a = a->parent)
		if (pending_kind(a) < 0 && (r->owner = xml_prop_in(a, "id", &bs->arena))) {
			/* A force's category limit stands on the force: no roster names the link. */
			xmlNodePtr fe = a->parent ? a->parent->parent : NULL;
			const char *force = xml_is(a, "categoryLink") && fe &&
			                    fe->type == XML_ELEMENT_NODE && xml_is(fe, "forceEntry")
			                    ? xml_prop_in(fe, "id", &bs->arena) : NULL;
			if (force)
				r->owner = force;
			break;
		}
	r->id = xml_prop_in(n, "id", &bs->arena);
	r->type = xml_prop_in(n, "type", &bs->arena);
	r->field = xml_prop_in(n, "field", &bs->arena);
	r->scope = xml_prop_in(n, "scope", &bs->arena);
	r->value = xml_prop_in(n, "value", &bs->arena);
	r->child = xml_prop_in(n, "childId", &bs->arena);
	r->file = c->f[fi].path;
	r->line = xml_line(n);
	if (kind == BS_CONSTRAINT)
		r->why = bs_con_why(c, n);
	bs->counts[kind]++;
}

/* Every constraint that is no option's min or max, every modifier, condition and repeat of
 * file fi, in document order: its candidates (index_all), each within the nearest recorded one
 * it stands within. */
static void pend_file(struct bsctx *c, size_t fi)
{
	struct bsfile *f = &c->f[fi];
	/* what stands within each gets, written before it is read */
	uint32_t *in = xreallocarray(NULL, f->n_cands + 1, sizeof(*in));
	for (size_t i = 0; i < f->n_cands; i++) {
		const struct bs_cand *k = &f->cands[i];
		long v;
		in[i] = k->up ? in[k->up - 1] : 0;
		if (!(k->kind == BS_CONSTRAINT && bs_constraint_maps(k->node, &v)) &&
		    !k->node->_private) {
			bs_pend(c, fi, k->node, in[i]);
			in[i] = (uint32_t)c->sys->bs->n_pending;
		}
	}
	free(in);
}

/* --- lookups ------------------------------------------------------------------------------ */

/* v in hexadecimal at key (most significant digit first); the digits written. */
static size_t put_hex(char *key, uintmax_t v)
{
	static const char hex[] = "0123456789abcdef";
	char rev[2 * sizeof(v)];
	size_t n = 0;
	do {
		rev[n++] = hex[v % 16];
		v /= 16;
	} while (v);
	for (size_t i = 0; i < n; i++)
		key[i] = rev[n - 1 - i];
	return n;
}

void bs_node_key(char tag, size_t fi, const void *n, char key[static BS_NODE_KEY_MAX])
{
	size_t w = 0;
	if (tag)
		key[w++] = tag;
	w += put_hex(key + w, fi);
	key[w++] = ':';
	w += put_hex(key + w, (uintptr_t)n);
	key[w] = '\0';
}

static xmlNodePtr in_file(const struct bsctx *c, size_t fi, int which, const char *id)
{
	const struct bsfile *f = &c->f[fi];
	struct idx *ix = which == 0 ? f->shared : which == 1 ? f->profiles
	               : which == 2 ? f->rules : f->infogroups;
	return ix ? idx_get(ix, id) : NULL;
}

xmlNodePtr bs_lookup(const struct bsctx *c, size_t fi, size_t home, int which, const char *id,
                     size_t *found_in)
{
	if (id == NULL)
		return NULL;
	size_t from[2] = { fi, home };
	for (int s = 0; s < 2; s++) {
		const struct bsfile *f = &c->f[from[s]];
		for (size_t k = 0; k < f->n_sees; k++) {
			xmlNodePtr n = in_file(c, f->sees[k], which, id);
			if (n) {
				*found_in = f->sees[k];
				return n;
			}
		}
	}
	xmlNodePtr n = in_file(c, 0, which, id);
	if (n)
		*found_in = 0;
	return n;
}

int bs_version_check(xmlNodePtr root, const char *path, struct diags *d)
{
	char *ver = xml_prop(root, "battleScribeVersion");
	bool number = ver && ver[0] >= '0' && ver[0] <= '9';
	long major = number ? strtol(ver, NULL, 10) : 2;
	if (ver && (!number || major < 2)) {
		diags_add(d, SEV_FATAL, path, xml_line(root), xml_col(root), NULL, NULL,
		          number ? _("a BattleScribe 1.x file (battleScribeVersion=\"%s\"): Muster reads "
		                     "version 2 files; open and save it with BattleScribe 2 first")
		                 : _("battleScribeVersion=\"%s\" is no version: Muster reads BattleScribe 2 "
		                     "files"),
		          ver);
		free(ver);
		return -1;
	}
	free(ver);
	return 0;
}

/* --- files -------------------------------------------------------------------------------- */

/* Reads path, or mem when not NULL (path its name): a BattleScribe 2 game system (gst) or
 * catalogue. */
static int load_file(struct bsctx *c, const char *path, const struct bs_text *mem, bool gst,
                     struct bsfile *f)
{
	f->path = arena_strndup(&c->sys->bs->arena, path, strlen(path));
	f->doc = mem ? xml_load_memory_lean(mem->buf, mem->len, path, c->d)
	             : xml_load_file_lean(path, c->d);
	if (f->doc == NULL)
		return -1;
	f->root = xmlDocGetRootElement(f->doc);
	const char *want = gst ? "gameSystem" : "catalogue";
	const char *ns = gst ? NS_BS_SYSTEM : NS_BS_CATALOGUE;
	if (f->root == NULL || !xml_is(f->root, want) || f->root->ns == NULL ||
	    f->root->ns->href == NULL || strcmp((const char *)f->root->ns->href, ns) != 0) {
		diags_add(c->d, SEV_FATAL, path, f->root ? xml_line(f->root) : 0, 0, NULL, NULL,
		          gst ? _("not a BattleScribe game system: the root element is not <%s xmlns=\"%s\">")
		              : _("not a BattleScribe catalogue: the root element is not <%s xmlns=\"%s\">"),
		          want, ns);
		return -1;
	}
	if (bs_version_check(f->root, path, c->d))
		return -1;
	f->id = xml_prop(f->root, "id");
	if (xml_need(f->root, "id", f->id, path, c->d))
		return -1;
	f->library = xml_prop_is(f->root, "library", "true");
	return 0;
}

static void index_add(struct idx *ix, xmlNodePtr k)
{
	char *id = xml_prop(k, "id");
	if (id)
		idx_add(ix, id, k); /* the first of an id stays */
	free(id);
}

/* Every selection entry, group, profile and rule of the file below n: BattleScribe links to
 * any of them by id, not only to the shared ones (a chapter's entry links an upgrade that
 * stands within another entry); and its candidates (struct bs_cand), in document order, up
 * being 1 + the index of the nearest candidate n stands within (0: none). Depth is bounded by
 * the reader's XML_MAX_DEPTH. */
static void index_all(struct bsfile *f, xmlNodePtr n, uint32_t up)
{
	for (xmlNodePtr k = xml_first_elem(n); k; k = xml_next_elem(k)) {
		int kind = pending_kind(k);
		uint32_t in = up;
		if (kind >= 0) {
			GROW(f->cands, f->cap_cands, f->n_cands + 1);
			f->cands[f->n_cands++] = (struct bs_cand){ k, kind, up };
			in = (uint32_t)f->n_cands;
		} else if (xml_is(k, "selectionEntry") || xml_is(k, "selectionEntryGroup")) {
			index_add(f->shared, k);
		} else if (xml_is(k, "profile")) {
			index_add(f->profiles, k);
		} else if (xml_is(k, "rule")) {
			index_add(f->rules, k);
		} else if (xml_is(k, "infoGroup")) {
			index_add(f->infogroups, k);
		}
		index_all(f, k, in);
	}
}

/* The entries, groups, profiles, rules and info groups of file f, by id: the shared ones first. */
static void index_shared(struct bsfile *f)
{
	static const char *const secs[] = {
		"sharedSelectionEntries", "sharedSelectionEntryGroups", "sharedProfiles", "sharedRules",
		"sharedInfoGroups",
	};
	f->shared = idx_new();
	f->profiles = idx_new();
	f->rules = idx_new();
	f->infogroups = idx_new();
	for (size_t s = 0; s < MUSTER_ARRAY_LEN(secs); s++) {
		struct idx *ix = s < 2 ? f->shared : s == 2 ? f->profiles : s == 3 ? f->rules
		               : f->infogroups;
		for (xmlNodePtr k = xml_first_elem(xml_child(f->root, secs[s])); k; k = xml_next_elem(k))
			index_add(ix, k);
	}
	index_all(f, f->root, 0);
}

/* --- the system's definitions ------------------------------------------------------------- */

/* The next element after n in document order under root, or NULL. */
static xmlNodePtr next_in(xmlNodePtr n, xmlNodePtr root)
{
	xmlNodePtr k = xml_first_elem(n);
	if (k)
		return k;
	for (; n && n != root; n = n->parent)
		if ((k = xml_next_elem(n)) != NULL)
			return k;
	return NULL;
}

/* Raises the scale of the cost type that attribute type (or else alt) of n names to the
 * decimal places of its attribute value. */
static void raise_scale(struct bsctx *c, xmlNodePtr n, const char *type, const char *alt,
                        const char *value)
{
	char *t = xml_prop(n, type);
	if (t == NULL && alt)
		t = xml_prop(n, alt);
	struct cost_def *cd = t ? idx_get(c->sys->cost_idx, t) : NULL;
	free(t);
	if (cd == NULL)
		return;
	if (xml_is(n, "cost"))
		cd->unused = false;
	char *v = xml_prop(n, value);
	unsigned p = dec_places(v);
	free(v);
	if (p > cd->scale)
		cd->scale = p > DEC_MAX_SCALE ? DEC_MAX_SCALE : p;
}

/* Each cost type's scale: the most decimal places any of its values uses (costs, limits,
 * modifiers, constraints, conditions and repeats on it), so that its sums are exact. */
static void cost_scales(struct bsctx *c)
{
	static const char *const fielded[] = { "modifier", "constraint", "condition", "repeat" };
	for (size_t fi = 0; fi < c->n; fi++)
		for (xmlNodePtr n = c->f[fi].root; n; n = next_in(n, c->f[fi].root)) {
			if (xml_is(n, "cost")) {
				raise_scale(c, n, "typeId", "costTypeId", "value");
			} else if (xml_is(n, "costType")) {
				raise_scale(c, n, "id", NULL, "defaultCostLimit");
			} else {
				for (size_t i = 0; i < 4; i++)
					if (xml_is(n, fielded[i]) && !xml_prop_is(n, "percentValue", "true"))
						raise_scale(c, n, "field", NULL, "value");
			}
		}
}

static int read_costs(struct bsctx *c)
{
	struct system *sys = c->sys;
	sys->costs = xcalloc(count_all(c, "costTypes") + 1, sizeof(*sys->costs));
	long *limits = xcalloc(count_all(c, "costTypes") + 1, sizeof(*limits));
	bool any_limit = false;
	for (size_t fi = 0; fi < c->n; fi++)
		for (xmlNodePtr k = xml_first_elem(xml_child(c->f[fi].root, "costTypes")); k;
		     k = xml_next_elem(k)) {
			char *id = xml_prop(k, "id");
			if (id == NULL || idx_get(sys->cost_idx, id)) {
				free(id); /* a catalogue's copy of the system's */
				continue;
			}
			struct cost_def *cd = &sys->costs[sys->n_costs];
			cd->id = id;
			cd->name = trimmed_name(k, id);
			cd->index = sys->n_costs++;
			idx_add(sys->cost_idx, id, cd);
			cd->unused = true; /* until a <cost> has it */
			limits[cd->index] = LONG_MIN; /* not read yet */
		}
	cost_scales(c);
	for (size_t fi = 0; fi < c->n; fi++)
		for (xmlNodePtr k = xml_first_elem(xml_child(c->f[fi].root, "costTypes")); k;
		     k = xml_next_elem(k)) {
			char *id = xml_prop(k, "id");
			struct cost_def *cd = id ? idx_get(sys->cost_idx, id) : NULL;
			free(id);
			long lim;
			if (cd == NULL || limits[cd->index] != LONG_MIN)
				continue; /* a catalogue's copy of the system's */
			if (bs_decimal(c, fi, k, "defaultCostLimit", cd->scale, -MUSTER_MAX_COST,
			               MUSTER_MAX_COST, -1, &lim)) {
				free(limits);
				return -1;
			}
			/* any negative limit is none, as BattleScribe reads it */
			limits[cd->index] = lim < 0 ? -1 : lim;
			any_limit |= lim >= 0;
		}
	if (any_limit) {
		sys->sizes = xcalloc(1, sizeof(*sys->sizes));
		struct size_def *s = &sys->sizes[sys->n_sizes++];
		s->id = xstrdup("default");
		s->name = xstrdup("Default cost limit");
		s->limits = limits;
		s->line = xml_line(c->f[0].root);
		idx_add(sys->size_idx, s->id, s);
	} else {
		free(limits);
	}
	return 0;
}

/* profileTypes become item kinds, their characteristicTypes text attributes of items; one
 * level attribute, the catalogue, comes first. */
static void read_profile_types(struct bsctx *c)
{
	struct system *sys = c->sys;
	size_t n_attr = 1;
	for (size_t fi = 0; fi < c->n; fi++)
		for (xmlNodePtr k = xml_first_elem(xml_child(c->f[fi].root, "profileTypes")); k;
		     k = xml_next_elem(k))
			n_attr += count_children(xml_child(k, "characteristicTypes"));
	sys->attrs = xcalloc(n_attr + 1, sizeof(*sys->attrs));
	sys->kinds = xcalloc(count_all(c, "profileTypes") + 1, sizeof(*sys->kinds));
	struct attr_def *lv = &sys->attrs[sys->n_attrs++];
	lv->id = xstrdup("catalogue");
	lv->name = xstrdup("Catalogue");
	lv->type = ATTR_LEVEL;
	lv->on = ON_UNIT;
	lv->index = sys->n_unit_attrs++;
	idx_add(sys->attr_idx, lv->id, lv);
	for (size_t fi = 0; fi < c->n; fi++)
		for (xmlNodePtr k = xml_first_elem(xml_child(c->f[fi].root, "profileTypes")); k;
		     k = xml_next_elem(k)) {
			char *id = xml_prop(k, "id");
			if (id == NULL || idx_get(sys->kind_idx, id)) {
				free(id);
				continue;
			}
			struct item_kind *ik = &sys->kinds[sys->n_kinds];
			ik->id = id;
			ik->name = trimmed_name(k, id);
			ik->plural = xstrdup(ik->name);
			ik->line = xml_line(k);
			ik->index = sys->n_kinds++;
			idx_add(sys->kind_idx, id, ik);
			for (xmlNodePtr t = xml_first_elem(xml_child(k, "characteristicTypes")); t;
			     t = xml_next_elem(t)) {
				char *aid = xml_prop(t, "id");
				if (aid == NULL || idx_get(sys->attr_idx, aid)) {
					free(aid);
					continue;
				}
				struct attr_def *a = &sys->attrs[sys->n_attrs++];
				a->id = aid;
				a->name = trimmed_name(t, aid);
				a->type = ATTR_TEXT;
				a->on = ON_ITEM;
				a->card = true;
				a->line = xml_line(t);
				a->index = sys->n_item_attrs++;
				idx_add(sys->attr_idx, aid, a);
			}
		}
}

static void read_categories(struct bsctx *c)
{
	struct system *sys = c->sys;
	sys->cats = xcalloc(count_all(c, "categoryEntries") + 1, sizeof(*sys->cats));
	for (size_t fi = 0; fi < c->n; fi++)
		for (xmlNodePtr k = xml_first_elem(xml_child(c->f[fi].root, "categoryEntries")); k;
		     k = xml_next_elem(k)) {
			char *id = xml_prop(k, "id");
			if (id == NULL || idx_get(sys->cat_idx, id)) {
				free(id);
				continue;
			}
			struct category_def *cd = &sys->cats[sys->n_cats];
			cd->id = id;
			cd->name = trimmed_name(k, id);
			cd->index = sys->n_cats++;
			idx_add(sys->cat_idx, id, cd);
		}
}

static size_t count_forces(xmlNodePtr sec, int depth)
{
	size_t n = 0;
	for (xmlNodePtr k = xml_first_elem(sec); k && depth < BS_DEPTH_MAX; k = xml_next_elem(k))
		n += 1 + count_forces(xml_child(k, "forceEntries"), depth + 1);
	return n;
}

/* The set-hidden modifiers of forceEntry k, kept by the system (bs->hides); NULL when none. */
static const struct bs_hide *force_hide(struct bsctx *c, xmlNodePtr k)
{
	struct bs_hide *h = xcalloc(1, sizeof(*h));
	bs_hidden_mods_on(c, k, &h->mods, &h->n);
	if (h->n == 0) {
		free(h);
		return NULL;
	}
	return bs_hide_keep(c, h);
}

/* forceEntries and the forceEntries within them, parents first. */
static int read_forces(struct bsctx *c, size_t fi, xmlNodePtr sec, uint32_t up, int depth)
{
	struct system *sys = c->sys;
	for (xmlNodePtr k = xml_first_elem(sec); k; k = xml_next_elem(k)) {
		if (depth >= BS_DEPTH_MAX)
			BSFAIL(c, c->f[fi].path, k, _("forces nest more than %d deep"), BS_DEPTH_MAX);
		struct force_def *fd = &sys->forces[sys->n_forces++];
		uint32_t self = (uint32_t)sys->n_forces;
		fd->id = xml_prop(k, "id");
		fd->name = trimmed_name(k, fd->id);
		fd->up = up;
		fd->line = xml_line(k);
		if (xml_need(k, "id", fd->id, c->f[fi].path, c->d))
			return -1;
		fd->hidden = xml_prop_is(k, "hidden", "true");
		fd->hide = force_hide(c, k);
		bs_force_cons(c, k, fd);
		bs_category_cons(c, k, fd);
		uint32_t primary;
		if (bs_category_links(c, fi, k, &fd->cats, &fd->n_cats, &primary) ||
		    bs_force_infos(c, fi, k, &fd->infos) ||
		    read_forces(c, fi, xml_child(k, "forceEntries"), self, depth + 1))
			return -1;
	}
	return 0;
}

/* --- catalogs ----------------------------------------------------------------------------- */

/* The root entries of file fi: its selectionEntries, its entryLinks to selection entries, and
 * the selectionEntries of the group each entryLink to a selectionEntryGroup names. */
static size_t count_roots(const struct bsctx *c, size_t fi)
{
	xmlNodePtr root = c->f[fi].root;
	size_t n = count_children(xml_child(root, "selectionEntries"));
	for (xmlNodePtr k = xml_first_elem(xml_child(root, "entryLinks")); k; k = xml_next_elem(k)) {
		if (!xml_prop_is(k, "type", "selectionEntryGroup")) {
			n++;
			continue;
		}
		char *t = xml_prop(k, "targetId");
		size_t tf;
		xmlNodePtr g = bs_lookup(c, fi, fi, 0, t, &tf);
		free(t);
		n += g ? count_children(xml_child(g, "selectionEntries")) : 0;
	}
	return n;
}

/* File fi's catalog, with one group (the catalogue itself), sized for its root entries. */
static int make_catalog(struct bsctx *c, size_t fi)
{
	struct system *sys = c->sys;
	struct bsfile *f = &c->f[fi];
	struct catalog *cat = xcalloc(1, sizeof(*cat));
	f->cat = cat;
	sys->catalogs[sys->n_catalogs++] = cat;
	cat->file = xstrdup(f->path);
	cat->id = xstrdup(f->id);
	cat->name = trimmed_name(f->root, f->id);
	cat->revision = xml_prop(f->root, "revision");
	cat->groups = xcalloc(1, sizeof(*cat->groups));
	size_t n = count_roots(c, fi);
	if (n > BS_ENTRY_OPTIONS_MAX)
		BSFAIL(c, f->path, f->root, _("more than %d root entries"), BS_ENTRY_OPTIONS_MAX);
	cat->entries = xcalloc(n + 1, sizeof(*cat->entries));
	struct group *g = &cat->groups[cat->n_groups++];
	g->id = xstrdup(f->id);
	g->name = xstrdup(cat->name);
	g->level = 0;
	if (f->library)
		g->note = xstrdup(_("a library: its entries are for the catalogues that link it"));
	if (idx_add(sys->group_idx, g->id, g) != 0)
		BSFAIL(c, f->path, f->root, _("catalogue id '%s' is used twice in system '%s'"), g->id,
		       sys->id);
	bs_catalog_publications(c, fi);
	bs_catalog_rules(c, fi);
	return 0;
}

/* Root entries another catalogue imports (importRootEntries; the game system's, every
 * catalogue) are also in that catalogue's group, but for those marked import="false". */
static void add_also(struct catalog *from, const struct group *g)
{
	for (size_t i = 0; i < from->n_entries; i++) {
		struct entry *e = &from->entries[i];
		if (e->local)
			continue;
		for (size_t k = 0; k < e->n_also; k++)
			if (e->also[k] == g)
				goto next;
		e->also_ids = xreallocarray(e->also_ids, e->n_also + 2, sizeof(*e->also_ids));
		e->also_ids[e->n_also] = xstrdup(g->id);
		e->also_ids[e->n_also + 1] = NULL;
		const struct group **na = arena_alloc(&from->arena, e->n_also + 2, sizeof(*na));
		for (size_t k = 0; k < e->n_also; k++)
			na[k] = e->also[k];
		na[e->n_also++] = g;
		e->also = na;
next:;
	}
}

static void imports(struct bsctx *c)
{
	for (size_t fi = 1; fi < c->n; fi++) {
		const struct bsfile *f = &c->f[fi];
		if (f->cat == NULL || f->library)
			continue;
		if (c->f[0].cat)
			add_also(c->f[0].cat, &f->cat->groups[0]);
		for (size_t k = 1; k < f->n_brings; k++)
			if (c->f[f->brings[k]].cat)
				add_also(c->f[f->brings[k]].cat, &f->cat->groups[0]);
	}
}

/* --- the system --------------------------------------------------------------------------- */

static void ctx_release(struct bsctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		struct bsfile *f = &c->f[i];
		if (f->doc)
			xml_doc_free(f->doc);
		free(f->id);
		free(f->links);
		free(f->imports);
		free(f->sees);
		free(f->brings);
		idx_free(f->shared);
		idx_free(f->profiles);
		idx_free(f->rules);
		idx_free(f->infogroups);
		free(f->cands);
	}
	free(c->f);
	idx_free(c->modified);
	idx_free(c->pubs);
	idx_free(c->con_ids);
	idx_free(c->maps);
	idx_free(c->leaf_forces);
	idx_free(c->items);
	idx_free(c->infos);
	free(c->tmap);
}

static struct system *new_system(const char *path)
{
	struct system *sys = system_new(path);
	sys->bs = xcalloc(1, sizeof(*sys->bs));
	sys->kw_words = 1;
	sys->keywords = xcalloc(1, sizeof(*sys->keywords));
	return sys;
}

/* Catalogue i of cats (of mem when not NULL) into the next file of c; left out (c->gone)
 * when it cannot be read or is for another game system. */
static void read_catalogue(struct bsctx *c, char **cats, const struct bs_text *mem, size_t i)
{
	struct bsfile *f = &c->f[c->n];
	struct diags tmp = DIAGS_INIT, *d = c->d;
	c->d = &tmp;
	int rc = load_file(c, cats[i], mem ? &mem[i + 1] : NULL, false, f);
	c->d = d;
	if (rc == 0) {
		char *sid = xml_prop(f->root, "gameSystemId");
		if (sid == NULL || strcmp(sid, c->sys->id) != 0) {
			diags_add(&tmp, SEV_FATAL, f->path, xml_line(f->root), xml_col(f->root), NULL,
			          NULL, _("catalogue is for game system '%s', not '%s'"), sid ? sid : "",
			          c->sys->id);
			rc = -1;
		}
		free(sid);
	}
	if (rc == 0) {
		f->src = i;
		c->n++;
		diags_merge(d, &tmp);
		diags_release(&tmp);
		return;
	}
	const struct diag *g = tmp.n ? &tmp.v[0] : NULL;
	char *name = f->root && f->id ? bs_trim(xml_prop(f->root, "name"), f->id) : NULL;
	bs_gone_add(c->gone, f->id, name, g && g->file ? g->file : cats[i], g ? g->line : 0,
	            g ? g->col : 0, g ? g->msg : "");
	free(name);
	if (f->doc)
		xml_doc_free(f->doc);
	free(f->id);
	memset(f, 0, sizeof(*f));
	diags_release(&tmp);
}

/* Reads the files: the game system, then each catalogue of cats that names it and no earlier
 * try left out; from mem (the game system, then the catalogues, named path and cats) when not
 * NULL. */
static int read_files(struct bsctx *c, const char *path, char **cats, const struct bs_text *mem)
{
	size_t n = 0;
	while (cats && cats[n])
		n++;
	if (n >= BS_FILES_MAX) {
		diags_add(c->d, SEV_FATAL, path, 0, 0, NULL, NULL,
		          _("more than %d catalogues name this game system"), BS_FILES_MAX);
		return -1;
	}
	c->f = xcalloc(n + 1, sizeof(*c->f));
	if (load_file(c, path, mem, true, &c->f[c->n++]))
		return -1;
	struct system *sys = c->sys;
	sys->id = xstrdup(c->f[0].id);
	sys->name = trimmed_name(c->f[0].root, sys->id);
	sys->revision = xml_prop(c->f[0].root, "revision");
	for (size_t i = 0; i < n; i++)
		if (!c->skip[i])
			read_catalogue(c, cats, mem, i);
	bs_leave_out_unlinked(c);
	return 0;
}

/* File fi's document, and its indexes of nodes, freed: nothing reads them again. */
static void drop_doc(struct bsfile *f)
{
	xml_doc_free(f->doc);
	f->doc = NULL;
	f->root = NULL;
	idx_free(f->shared);
	idx_free(f->profiles);
	idx_free(f->rules);
	idx_free(f->infogroups);
	f->shared = f->profiles = f->rules = f->infogroups = NULL;
	free(f->cands);
	f->cands = NULL;
	f->n_cands = f->cap_cands = 0;
}

/* The root entries of every catalogue, file by file; constraints made rules first, what is
 * left of a file is recorded as not enforced, and its document freed, as soon as no file left
 * to read sees it (the game system's, which every lookup ends at, at the end): a faction's
 * catalogue goes before the next is read, a library after the last file that links it. */
static int root_entries(struct bsctx *c)
{
	size_t *last = xcalloc(c->n + 1, sizeof(*last)); /* the last file that sees it */
	for (size_t i = 0; i < c->n; i++)
		for (size_t k = 0; c->f[i].cat && k < c->f[i].n_sees; k++)
			if (c->f[i].sees[k] < c->n && last[c->f[i].sees[k]] < i)
				last[c->f[i].sees[k]] = i;
	for (size_t i = 0; i < c->n; i++) {
		if (c->f[i].cat && bs_root_entries(c, i)) {
			free(last);
			return -1;
		}
		for (size_t k = 1; k < c->n; k++)
			if (c->f[k].doc && last[k] <= i) {
				pend_file(c, k);
				drop_doc(&c->f[k]);
			}
	}
	free(last);
	pend_file(c, 0);
	return 0;
}

static int read_system(struct bsctx *c, const char *path, char **cats,
                       const struct bs_text *mem)
{
	struct system *sys = c->sys;
	if (read_files(c, path, cats, mem))
		return -1;
	struct idx *by_id = idx_new();
	size_t *slot = xcalloc(c->n + 1, sizeof(*slot));
	int rc = 0;
	for (size_t i = 0; i < c->n; i++) {
		slot[i] = i;
		index_shared(&c->f[i]);
		if (i > 0 && idx_add(by_id, c->f[i].id, &slot[i]) != 0 && rc == 0) {
			diags_add(c->d, SEV_FATAL, c->f[i].path, xml_line(c->f[i].root), 0, NULL, NULL,
			          _("catalogue id '%s' is used twice in system '%s'"), c->f[i].id, sys->id);
			rc = -1;
		}
	}
	for (size_t i = 0; rc == 0 && i < c->n; i++)
		rc = bs_read_links(c, i, by_id);
	for (size_t i = 0; rc == 0 && i < c->n; i++) {
		c->f[i].sees = bs_reach(c, i, false, &c->f[i].n_sees);
		c->f[i].brings = bs_reach(c, i, true, &c->f[i].n_brings);
	}
	idx_free(by_id);
	free(slot);
	if (rc || read_costs(c))
		return -1;
	read_profile_types(c);
	read_categories(c);
	c->modified = idx_new();
	for (size_t i = 0; i < c->n; i++)
		for (size_t k = 0; k < c->f[i].n_cands; k++)
			if (c->f[i].cands[k].kind == BS_MODIFIER)
				bs_modified_id(c, c->f[i].cands[k].node);
	bs_read_publications(c);
	size_t nf = 0;
	for (size_t i = 0; i < c->n; i++)
		nf += count_forces(xml_child(c->f[i].root, "forceEntries"), 0);
	sys->forces = xcalloc(nf + 1, sizeof(*sys->forces));
	for (size_t i = 0; i < c->n; i++)
		if (read_forces(c, i, xml_child(c->f[i].root, "forceEntries"), 0, 0))
			return -1;
	bs_leaf_forces(c);
	sys->catalogs = xcalloc(c->n + 1, sizeof(*sys->catalogs));
	for (size_t i = 0; i < c->n; i++)
		if ((i > 0 || count_roots(c, i) > 0) && make_catalog(c, i))
			return -1;
	if (root_entries(c))
		return -1;
	imports(c);
	bs_con_offered(c);
	bs_cost_loops(c);
	bs_index_owners(c->sys->bs);
	bs_index_min_roots(c->sys);
	return 0;
}

/* Reads the system from the files path and cats, or from mem (named path and cats). A try
 * that fails in a catalogue's content is made again without it (and those that link it), up
 * to BS_TRIES_MAX times: each try reads the files afresh, so no half-read catalogue stays. */
static struct system *load(const char *path, char **cats, const struct bs_text *mem,
                           struct diags *d)
{
	size_t n = 0;
	while (cats && cats[n])
		n++;
	bool *skip = xcalloc(n + 1, sizeof(*skip));
	struct bs_gones gone = { 0 };
	struct system *sys = NULL;
	for (int tries = 0;; tries++) {
		struct diags tmp = DIAGS_INIT;
		size_t before = gone.n; /* the records of earlier tries, which this one skips */
		sys = new_system(path);
		struct bsctx c = { .sys = sys, .d = &tmp, .gone = &gone, .skip = skip };
		int rc = read_system(&c, path, cats, mem);
		size_t culprit = SIZE_MAX;
		if (rc == 0) {
			bs_gones_keep(sys, &gone);
		} else if (tries < BS_TRIES_MAX) {
			bs_gones_truncate(&gone, before);
			culprit = bs_blame(&c, &tmp);
		}
		ctx_release(&c);
		if (rc != 0) {
			system_free(sys);
			sys = NULL;
		}
		if (culprit == SIZE_MAX) {
			diags_merge(d, &tmp);
			diags_release(&tmp);
			break;
		}
		skip[culprit] = true;
		diags_release(&tmp);
	}
	bs_gones_release(&gone);
	free(skip);
	return sys;
}

struct system *bs_system_load(const char *path, char **cats, struct diags *d)
{
	return load(path, cats, NULL, d);
}

struct system *bs_system_load_memory(const struct bs_text *gst, const struct bs_text *cats,
                                     size_t n_cats, struct diags *d)
{
	struct bs_text *mem = xcalloc(n_cats + 1, sizeof(*mem));
	char **names = xcalloc(n_cats + 1, sizeof(*names));
	mem[0] = *gst;
	for (size_t i = 0; i < n_cats; i++) {
		mem[i + 1] = cats[i];
		names[i] = (char *)cats[i].name;
	}
	struct system *sys = load(gst->name, names, mem, d);
	free(names);
	free(mem);
	return sys;
}
