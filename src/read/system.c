/* system.c - game systems: loading rules-xml
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The file is checked against rules.xsd first, so the walk below can rely on structure; what a
 * schema cannot say (references between ids, types of values, cycles) is checked here, each
 * failure with file, line and the reason.
 */
#include "muster.h"
#include "system.h"
#include "catalog.h"
#include "campaign-model.h"
#include "ledger.h"
#include "lang.h"
#include "read-rules.h"
#include "rx.h"
#include "data.h"
#include "idx.h"
#include "schemas.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

#define SFAIL(node, ...) \
	do { \
		diags_add(d, SEV_FATAL, sys->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		goto fail; \
	} while (0)

const struct attr_def *system_attr(const struct system *sys, const char *id)
{
	return idx_get(sys->attr_idx, id);
}

const struct size_def *system_size(const struct system *sys, const char *id)
{
	return idx_get(sys->size_idx, id);
}

const struct entry *system_entry(const struct system *sys, const char *id)
{
	return entry_made(idx_get(sys->entry_idx, id));
}

const struct group *system_group(const struct system *sys, const char *id)
{
	return idx_get(sys->group_idx, id);
}

#define KNOWN_SHOWN 12

/* An entry's name near the word is suggested by its name (what the player typed was a name),
 * a size's or a group's by its id. */
static void offer(struct nearest *nr, struct strbuf *known, size_t *total, const char *id,
                  const char *name, bool by_name)
{
	nearest_offer(nr, id, id);
	if (name) {
		char *b = by_name ? name_bare(name) : NULL;
		nearest_offer(nr, b ? b : name, by_name ? name : id);
		free(b);
	}
	if ((*total)++ < KNOWN_SHOWN)
		strbuf_addf(known, "%s%s", *total > 1 ? ", " : "", id);
}

/* When no candidate is near the word: the one entry (by id, else by name) that shares a whole word
 * with it ("goose-guard": Goose Warden), or NULL when none or several do. */
static const char *one_sharing(const struct system *sys, enum known_kind kind, const char *word)
{
	const char *fit = NULL;
	size_t n = 0;
	for (size_t i = 0; kind == KNOWN_SIZE && i < sys->n_sizes; i++)
		if (shares_word(word, sys->sizes[i].id) || shares_word(word, sys->sizes[i].name))
			fit = sys->sizes[i].id, n++;
	for (size_t c = 0; kind != KNOWN_SIZE && c < sys->n_catalogs; c++) {
		const struct catalog *cat = sys->catalogs[c];
		for (size_t i = 0; kind == KNOWN_GROUP && i < cat->n_groups; i++)
			if (shares_word(word, cat->groups[i].id) || shares_word(word, cat->groups[i].name))
				fit = cat->groups[i].id, n++;
		for (size_t i = 0; kind == KNOWN_ENTRY && i < cat->n_entries; i++)
			if (shares_word(word, cat->entries[i].id))
				fit = cat->entries[i].id, n++;
			else if (shares_word(word, cat->entries[i].name))
				fit = cat->entries[i].name, n++;
	}
	return n == 1 ? fit : NULL;
}

void system_describe_unknown(const struct system *sys, enum known_kind kind, const char *word,
                             struct strbuf *sb)
{
	struct nearest nr;
	struct strbuf known = STRBUF_INIT;
	size_t total = 0;
	nearest_init(&nr, word ? word : "");
	if (kind == KNOWN_SIZE)
		for (size_t i = 0; i < sys->n_sizes; i++)
			offer(&nr, &known, &total, sys->sizes[i].id, sys->sizes[i].name, false);
	for (size_t c = 0; kind != KNOWN_SIZE && c < sys->n_catalogs; c++) {
		const struct catalog *cat = sys->catalogs[c];
		if (kind == KNOWN_GROUP)
			for (size_t i = 0; i < cat->n_groups; i++)
				offer(&nr, &known, &total, cat->groups[i].id, cat->groups[i].name, false);
		else
			for (size_t i = 0; i < cat->n_entries; i++)
				offer(&nr, &known, &total, cat->entries[i].id, cat->entries[i].name, true);
	}
	const char *best = nr.best ? nr.best : one_sharing(sys, kind, word);
	if (best) {
		char *b = name_bare(best);
		strbuf_addf(sb, _("; did you mean '%s'?"), b);
		free(b);
	}
	if (total > KNOWN_SHOWN)
		strbuf_addf(&known, _(" and %zu more (see 'muster catalog %s')"), total - KNOWN_SHOWN,
		            sys->id);
	strbuf_addf(sb, _(" (known: %s)"), known.s ? known.s : _("none"));
	strbuf_release(&known);
}

/* Registers id in ix; a duplicate is an error naming both lines' kind. */
static int reg(struct system *sys, struct idx *ix, const char *what, const char *id, void *val,
               xmlNodePtr n, struct diags *d)
{
	if (id == NULL || *id == '\0') {
		diags_add(d, SEV_FATAL, sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> needs an id"), (const char *)n->name);
		return -1;
	}
	if (idx_add(ix, id, val) != 0) {
		diags_add(d, SEV_FATAL, sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s id '%s' is used twice"), what, id);
		return -1;
	}
	return 0;
}

static size_t count_elems(xmlNodePtr parent)
{
	size_t n = 0;
	for (xmlNodePtr c = xml_first_elem(parent); c; c = xml_next_elem(c))
		n++;
	return n;
}

/* Every name of element c (a level, a cost): its name= attribute, then each <name xml:lang> child's
 * text; NULL ended (an empty array when it has none). Caller frees each and the array. */
static char **all_names(xmlNodePtr c)
{
	size_t n = 1;
	for (xmlNodePtr k = xml_first_elem(c); k; k = xml_next_elem(k))
		n += xml_is(k, "name");
	char **v = xcalloc(n + 1, sizeof(*v));
	size_t i = 0;
	if ((v[i] = xml_prop(c, "name")))
		i++;
	for (xmlNodePtr k = xml_first_elem(c); k; k = xml_next_elem(k))
		if (xml_is(k, "name") && (v[i] = xml_text(k)))
			i++;
	return v;
}

static int load_costs(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	sys->costs = xcalloc(count_elems(sec) + 1, sizeof(*sys->costs));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct cost_def *cd = &sys->costs[sys->n_costs];
		cd->id = xml_prop(c, "id");
		cd->name = xml_name_lang(c, "name");
		cd->names = all_names(c);
		cd->abbr = xml_prop(c, "abbr");
		cd->index = sys->n_costs++;
		if (xml_need(c, "name", cd->name, sys->file, d))
			return -1;
		if (reg(sys, sys->cost_idx, _("cost"), cd->id, cd, c, d))
			return -1;
	}
	return 0;
}

static int load_kinds(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	sys->kinds = xcalloc(count_elems(sec) + 1, sizeof(*sys->kinds));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct item_kind *k = &sys->kinds[sys->n_kinds];
		k->id = xml_prop(c, "id");
		k->name = xml_name_lang(c, "name");
		k->plural = xml_prop_lang(c, "plural");
		k->line = xml_line(c);
		k->index = sys->n_kinds++;
		if (k->name == NULL)
			k->name = xstrdup(k->id ? k->id : "");
		if (k->plural == NULL)
			k->plural = xstrdup(k->name);
		if (reg(sys, sys->kind_idx, _("item kind"), k->id, k, c, d))
			return -1;
	}
	return 0;
}

static int load_ladders(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	sys->ladders = xcalloc(count_elems(sec) + 1, sizeof(*sys->ladders));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct ladder *l = &sys->ladders[sys->n_ladders++];
		l->id = xml_prop(c, "id");
		char *t = xml_text(c);
		l->steps = strv_split(t, &l->n);
		free(t);
		if (l->n < 2) {
			diags_add(d, SEV_FATAL, sys->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("ladder '%s' needs at least two steps"), l->id);
			return -1;
		}
		for (size_t i = 0; i < l->n; i++)
			for (size_t j = 0; j < i; j++)
				if (strcmp(l->steps[i], l->steps[j]) == 0) {
					diags_add(d, SEV_FATAL, sys->file, xml_line(c), xml_col(c), NULL, NULL,
					          _("ladder '%s' lists step '%s' twice"), l->id, l->steps[i]);
					return -1;
				}
		if (reg(sys, sys->ladder_idx, _("ladder"), l->id, l, c, d))
			return -1;
	}
	return 0;
}

/* The array is sized once (system_load_file): the indexes point into it, so it never moves. */
static struct attr_def *new_attr(struct system *sys, size_t *cap)
{
	if (sys->n_attrs >= *cap)
		abort();
	struct attr_def *a = &sys->attrs[sys->n_attrs++];
	memset(a, 0, sizeof(*a));
	return a;
}

/* Levels (realm, faction, regiment ...) become text attributes of every entry, valued by
 * the catalog group the entry sits in. A level's name is read in the user's language
 * (<name xml:lang>, as a keyword's), name= being the default. */
static int load_levels(struct system *sys, xmlNodePtr sec, size_t *cap, struct diags *d)
{
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct attr_def *a = new_attr(sys, cap);
		a->id = xml_prop(c, "id");
		a->name = xml_name_lang(c, "name");
		a->names = all_names(c);
		a->type = ATTR_LEVEL;
		a->on = ON_UNIT;
		a->line = xml_line(c);
		a->index = sys->n_unit_attrs++;
		/* name= is needed in every language: a translation does not stand in for it. */
		char *def = xml_prop(c, "name");
		int bad = reg(sys, sys->attr_idx, _("attribute"), a->id, a, c, d) ||
		          xml_need(c, "name", def, sys->file, d);
		free(def);
		if (bad)
			return -1;
	}
	return 0;
}

static int load_attrs(struct system *sys, xmlNodePtr sec, size_t *cap, struct diags *d)
{
	static const char *const types[] = { "int", "text", "ladder", "bool" };
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct attr_def *a = new_attr(sys, cap);
		a->id = xml_prop(c, "id");
		a->name = xml_name_lang(c, "name");
		a->abbr = xml_prop_lang(c, "abbr");
		a->suffix = xml_prop(c, "suffix");
		a->ref = xml_prop(c, "ref");
		a->line = xml_line(c);
		char *t = xml_prop(c, "type");
		a->type = ATTR_INT;
		for (size_t i = 0; i < MUSTER_ARRAY_LEN(types); i++)
			if (t && strcmp(t, types[i]) == 0)
				a->type = (enum attr_type)i;
		free(t);
		char *on = xml_prop(c, "on");
		a->on = on && strcmp(on, "item") == 0 ? ON_ITEM : ON_UNIT;
		free(on);
		char *card = xml_prop(c, "card");
		a->card = !(card && strcmp(card, "false") == 0);
		free(card);
		char *req = xml_prop(c, "required");
		a->required = req && strcmp(req, "true") == 0;
		free(req);
		a->index = a->on == ON_ITEM ? sys->n_item_attrs++ : sys->n_unit_attrs++;
		if (xml_need(c, "name", a->name, sys->file, d) ||
		    xml_prop_long(c, "min", -1000000000L, 1000000000L, -1000000000L, &a->min, sys->file, d) ||
		    xml_prop_long(c, "max", -1000000000L, 1000000000L, 1000000000L, &a->max, sys->file, d))
			return -1;
		if (a->min > a->max) {
			diags_add(d, SEV_FATAL, sys->file, a->line, 0, NULL, NULL,
			          _("attribute '%s' has min %ld above max %ld"), a->id, a->min, a->max);
			return -1;
		}
		/* A text attribute may name a ladder too: values on it can be stepped ("one
		 * damage step"), others ("4") stay as written. */
		char *tl = a->type == ATTR_TEXT ? xml_prop(c, "ladder") : NULL;
		if (a->type == ATTR_LADDER || tl) {
			free(tl);
			char *ln = xml_prop(c, "ladder");
			a->ladder = idx_get(sys->ladder_idx, ln ? ln : "");
			if (a->ladder == NULL) {
				diags_add(d, SEV_FATAL, sys->file, a->line, 0, NULL, NULL,
				          _("attribute '%s' names an unknown ladder '%s'"), a->id, ln ? ln : "");
				free(ln);
				return -1;
			}
			free(ln);
		}
		size_t nl = count_elems(c);
		a->labels = xcalloc(nl + 1, sizeof(*a->labels));
		for (xmlNodePtr l = xml_first_elem(c); l; l = xml_next_elem(l)) {
			if (!xml_is(l, "label"))
				continue; /* <name>, <abbr>: translations, read above */
			struct value_label *vl = &a->labels[a->n_labels++];
			if (xml_prop_long(l, "value", -1000000000L, 1000000000L, 0, &vl->v, sys->file, d))
				return -1;
			vl->label = xml_name_lang(l, "name");
			vl->note = xml_prop_lang(l, "note");
			if (xml_need(l, "name", vl->label, sys->file, d))
				return -1;
		}
		if (reg(sys, sys->attr_idx, _("attribute"), a->id, a, c, d))
			return -1;
	}
	return 0;
}

static int load_keywords(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	size_t n = count_elems(sec);
	sys->keywords = xcalloc(n + 1, sizeof(*sys->keywords));
	sys->kw_words = (n + 63) / 64;
	if (sys->kw_words == 0)
		sys->kw_words = 1;
	xmlNodePtr *nodes = xcalloc(n + 1, sizeof(*nodes));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct keyword_def *k = &sys->keywords[sys->n_keywords];
		nodes[sys->n_keywords] = c;
		k->id = xml_prop(c, "id");
		k->name = xml_name_lang(c, "name");
		if (k->name == NULL && k->id)
			k->name = xstrdup(k->id);
		xmlNodePtr text = xml_child_lang(c, "text");
		k->text = text ? xml_text(text) : NULL;
		k->replaces_id = xml_prop(c, "replaces");
		char *on = xml_prop(c, "on");
		k->on = on && strcmp(on, "item") == 0 ? ON_ITEM : ON_UNIT;
		free(on);
		k->line = xml_line(c);
		k->index = sys->n_keywords++;
		if (reg(sys, sys->kw_idx, _("keyword"), k->id, k, c, d))
			goto fail;
	}
	/* Second pass: references, now that every keyword is known. */
	for (size_t i = 0; i < sys->n_keywords; i++) {
		struct keyword_def *k = &sys->keywords[i];
		if (k->replaces_id) {
			k->replaces = idx_get(sys->kw_idx, k->replaces_id);
			if (k->replaces == NULL)
				SFAIL(nodes[i], _("keyword '%s' replaces an unknown keyword '%s'"), k->id,
				      k->replaces_id);
			if (k->replaces->on != k->on)
				SFAIL(nodes[i], _("keyword '%s' replaces '%s', which belongs on %s"), k->id,
				      k->replaces_id, k->replaces->on == ON_ITEM ? _("items") : _("units"));
		}
		char *rm = xml_prop(nodes[i], "removes");
		char **v = strv_split(rm, &k->n_removes);
		free(rm);
		k->removes = xcalloc(k->n_removes + 1, sizeof(*k->removes));
		for (size_t j = 0; j < k->n_removes; j++) {
			const struct keyword_def *r = idx_get(sys->kw_idx, v[j]);
			if (r == NULL) {
				diags_add(d, SEV_FATAL, sys->file, k->line, 0, NULL, NULL,
				          _("keyword '%s' removes an unknown keyword '%s'"), k->id, v[j]);
				strv_free(v);
				goto fail;
			}
			k->removes[j] = r->index;
		}
		strv_free(v);
	}
	/* A chain of replacements must end: "a replaces b replaces a" could never be taken. */
	for (size_t i = 0; i < sys->n_keywords; i++) {
		const struct keyword_def *k = &sys->keywords[i];
		size_t steps = 0;
		for (const struct keyword_def *r = k->replaces; r; r = r->replaces)
			if (++steps > sys->n_keywords)
				SFAIL(nodes[i], _("keyword '%s' is part of a cycle of replacements"), k->id);
	}
	/* providers(k): k and every keyword whose replacement chain reaches k. */
	for (size_t i = 0; i < sys->n_keywords; i++)
		sys->keywords[i].providers = xcalloc(sys->kw_words, sizeof(kwword));
	for (size_t i = 0; i < sys->n_keywords; i++)
		for (const struct keyword_def *r = &sys->keywords[i]; r; r = r->replaces)
			kw_add(sys->keywords[r->index].providers, i);
	free(nodes);
	return 0;
fail:
	free(nodes);
	return -1;
}

static int load_categories(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	sys->cats = xcalloc(count_elems(sec) + 1, sizeof(*sys->cats));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct category_def *cd = &sys->cats[sys->n_cats];
		cd->id = xml_prop(c, "id");
		cd->name = xml_prop(c, "name");
		cd->index = sys->n_cats++;
		if (xml_need(c, "name", cd->name, sys->file, d))
			return -1;
		if (reg(sys, sys->cat_idx, _("category"), cd->id, cd, c, d))
			return -1;
	}
	return 0;
}

static int load_choices(struct system *sys, xmlNodePtr c, struct field_def *f, struct diags *d)
{
	f->choices = xcalloc(count_elems(c) + 1, sizeof(*f->choices));
	for (xmlNodePtr k = xml_first_elem(c); k; k = xml_next_elem(k)) {
		struct field_choice *ch = &f->choices[f->n_choices];
		ch->id = xml_prop(k, "id");
		ch->name = xml_prop(k, "name");
		if (!xml_is(k, "choice") || ch->id == NULL) {
			free(ch->id);
			free(ch->name);
			diags_add(d, SEV_FATAL, sys->file, xml_line(k), xml_col(k), NULL, NULL,
			          _("a choice field holds <choice id=\"...\"/> elements"));
			return -1;
		}
		f->n_choices++;
		for (size_t i = 0; i + 1 < f->n_choices; i++)
			if (strcmp(f->choices[i].id, ch->id) == 0) {
				diags_add(d, SEV_FATAL, sys->file, xml_line(k), xml_col(k), NULL, NULL,
				          _("choice '%s' is given twice in field '%s'"), ch->id, f->id);
				return -1;
			}
	}
	if (f->n_choices == 0) {
		diags_add(d, SEV_FATAL, sys->file, xml_line(c), xml_col(c), NULL, NULL,
		          _("choice field '%s' needs at least one <choice>"), f->id);
		return -1;
	}
	char *def = xml_prop(c, "default");
	f->def = 0;
	if (def) {
		size_t i;
		for (i = 0; i < f->n_choices && strcmp(f->choices[i].id, def) != 0; i++)
			;
		if (i == f->n_choices) {
			diags_add(d, SEV_FATAL, sys->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("field '%s' has no choice '%s' to be its default"), f->id, def);
			free(def);
			return -1;
		}
		f->def = (long)i;
	}
	free(def);
	return 0;
}

static int load_fields(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	sys->fields = xcalloc(count_elems(sec) + 1, sizeof(*sys->fields));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct field_def *f = &sys->fields[sys->n_fields];
		f->id = xml_prop(c, "id");
		f->name = xml_prop(c, "name");
		char *scope = xml_prop(c, "scope");
		f->scope = scope && strcmp(scope, "roster") == 0 ? FIELD_ROSTER : FIELD_LIST;
		free(scope);
		char *type = xml_prop(c, "type");
		f->type = type && strcmp(type, "bool") == 0 ? ATTR_BOOL
		        : type && strcmp(type, "choice") == 0 ? ATTR_CHOICE : ATTR_INT;
		free(type);
		f->index = sys->n_fields++;
		if (xml_need(c, "name", f->name, sys->file, d))
			return -1;
		if (reg(sys, sys->field_idx, _("field"), f->id, f, c, d))
			return -1;
		if (f->type == ATTR_CHOICE) {
			if (load_choices(sys, c, f, d))
				return -1;
		} else if (xml_prop_long(c, "default", -1000000000L, 1000000000L, 0, &f->def, sys->file, d)) {
			return -1;
		}
	}
	return 0;
}

static int cost_index(struct system *sys, xmlNodePtr n, size_t *out, struct diags *d)
{
	char *v = xml_prop(n, "cost");
	const struct cost_def *c = v ? idx_get(sys->cost_idx, v)
	                             : sys->n_costs == 1 ? &sys->costs[0] : NULL;
	if (c == NULL) {
		diags_add(d, SEV_FATAL, sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> names an unknown cost type '%s'"), (const char *)n->name, v ? v : "");
		free(v);
		return -1;
	}
	free(v);
	*out = c->index;
	return 0;
}

static int load_sizes(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	sys->sizes = xcalloc(count_elems(sec) + 1, sizeof(*sys->sizes));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct size_def *s = &sys->sizes[sys->n_sizes++];
		s->id = xml_prop(c, "id");
		s->name = xml_prop(c, "name");
		s->line = xml_line(c);
		s->limits = xcalloc(sys->n_costs + 1, sizeof(*s->limits));
		for (size_t i = 0; i < sys->n_costs; i++)
			s->limits[i] = -1;
		s->facts = xcalloc(count_elems(c) + 1, sizeof(*s->facts));
		for (xmlNodePtr k = xml_first_elem(c); k; k = xml_next_elem(k)) {
			if (xml_is(k, "limit")) {
				size_t ci;
				long v;
				if (cost_index(sys, k, &ci, d) ||
				    xml_prop_long(k, "value", 0, MUSTER_MAX_COST, 0, &v, sys->file, d))
					return -1;
				s->limits[ci] = v;
			} else {
				struct fact *f = &s->facts[s->n_facts++];
				f->name = xml_name_lang(k, "name");
				f->value = xml_prop_lang(k, "value");
				if (xml_need(k, "name", f->name, sys->file, d) ||
				    xml_need(k, "value", f->value, sys->file, d))
					return -1;
			}
		}
		if (reg(sys, sys->size_idx, _("battle size"), s->id, s, c, d) ||
		    xml_need(c, "name", s->name, sys->file, d))
			return -1;
	}
	return 0;
}

static int load_mods(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	sys->mods = xcalloc(count_elems(sec) + 1, sizeof(*sys->mods));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "modify")) {
			diags_add(d, SEV_FATAL, sys->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("<modifiers> holds <modify> elements, not <%s>"), (const char *)c->name);
			return -1;
		}
		if (modifier_read(c, sys, MOD_IN_SYSTEM, sys->file, &sys->mods[sys->n_mods], d))
			return -1;
		sys->n_mods++;
	}
	return 0;
}

/* <also-in group="G"/> of entries: resolved once every catalog's groups are known. */
static int resolve_also(struct system *sys, struct diags *d)
{
	for (size_t ci = 0; ci < sys->n_catalogs; ci++) {
		struct catalog *cat = sys->catalogs[ci];
		for (size_t ei = 0; ei < cat->n_entries; ei++) {
			struct entry *e = &cat->entries[ei];
			for (size_t i = 0; i < e->n_also; i++) {
				e->also[i] = idx_get(sys->group_idx, e->also_ids[i]);
				if (e->also[i] == NULL) {
					diags_add(d, SEV_FATAL, cat->file, e->line, 0, NULL, NULL,
					          _("entry '%s' is also in group '%s', which no catalog of the system defines"),
					          e->id, e->also_ids[i]);
					return -1;
				}
			}
		}
	}
	return 0;
}

static int load_rules(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	int rc = 0;
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		struct rule *r = rule_read(c, sys, sys->file, d);
		if (r == NULL) {
			rc = -1; /* keep going: report every bad rule at once */
			continue;
		}
		if (system_add_rule(sys, r, sys->file, xml_line(c), xml_col(c), d) != 0)
			rc = -1;
	}
	return rc;
}

static int load_catalogs(struct schemas *sc, struct system *sys, const char *const *roots,
                         struct diags *d)
{
	char **files = data_catalog_files(roots, sys->id);
	size_t n = 0;
	while (files[n])
		n++;
	sys->catalogs = xcalloc(n + 1, sizeof(*sys->catalogs));
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		struct catalog *c = catalog_load(sc, sys, files[i], d);
		if (c == NULL) {
			rc = -1;
			continue;
		}
		sys->catalogs[sys->n_catalogs++] = c;
	}
	strv_free(files);
	return rc;
}

/* <import><line kind="unit|option|ignore" pattern="..."/>...</import> */
static int load_import(struct system *sys, xmlNodePtr sec, struct diags *d)
{
	size_t n = 0;
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c))
		n += xml_is(c, "line");
	sys->imports = xcalloc(n + 1, sizeof(*sys->imports));
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "line"))
			continue;
		struct import_line *il = &sys->imports[sys->n_imports];
		char *kind = xml_prop(c, "kind"), *pat = xml_prop(c, "pattern");
		il->line = xml_line(c);
		il->kind = kind && strcmp(kind, "option") == 0 ? IMPORT_OPTION
		           : kind && strcmp(kind, "ignore") == 0 ? IMPORT_IGNORE : IMPORT_UNIT;
		char *err = NULL;
		size_t off = 0;
		il->rx = pat ? rx_compile(pat, &err, &off) : NULL;
		if (il->rx == NULL) {
			diags_add(d, SEV_FATAL, sys->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("import pattern: %s at character %zu"), err ? err : _("missing"), off);
			free(err);
			free(kind);
			free(pat);
			return -1;
		}
		sys->n_imports++;
		free(kind);
		free(pat);
	}
	return 0;
}
static struct system *load_doc(struct schemas *sc, xmlDocPtr doc, const char *path,
                               const char *const *roots, struct diags *d);

struct system *system_load_file(struct schemas *sc, const char *path, const char *const *roots,
                                struct diags *d)
{
	return load_doc(sc, xml_load_file(path, d), path, roots, d);
}

struct system *system_load_memory(struct schemas *sc, const char *buf, size_t len,
                                  const char *name, const char *const *roots, struct diags *d)
{
	return load_doc(sc, xml_load_memory(buf, len, name, d), name, roots, d);
}

int system_add_rule(struct system *sys, struct rule *r, const char *file, long line, long col,
                    struct diags *d)
{
	if (idx_add(sys->rule_idx, rule_id(r), r) != 0) {
		diags_add(d, SEV_FATAL, file, line, col, NULL, NULL, _("rule id '%s' is used twice"),
		          rule_id(r));
		rule_free(r);
		return -1;
	}
	GROW(sys->rules, sys->cap_rules, sys->n_rules + 1);
	sys->rules[sys->n_rules++] = r;
	return 0;
}

void system_adopt_catalog(struct system *sys, struct catalog *cat)
{
	sys->catalogs = xrealloc(sys->catalogs, (sys->n_catalogs + 2) * sizeof(*sys->catalogs));
	sys->catalogs[sys->n_catalogs++] = cat;
	sys->catalogs[sys->n_catalogs] = NULL;
}

struct system *system_new(const char *path)
{
	struct system *sys = xcalloc(1, sizeof(*sys));
	sys->file = xstrdup(path);
	sys->attr_idx = idx_new();
	sys->kind_idx = idx_new();
	sys->cost_idx = idx_new();
	sys->kw_idx = idx_new();
	sys->cat_idx = idx_new();
	sys->size_idx = idx_new();
	sys->field_idx = idx_new();
	sys->ladder_idx = idx_new();
	sys->entry_idx = idx_new();
	sys->shared_idx = idx_new();
	sys->group_idx = idx_new();
	sys->rule_idx = idx_new();
	return sys;
}

/* Takes doc (NULL: loading it failed, d says why). */
static struct system *load_doc(struct schemas *sc, xmlDocPtr doc, const char *path,
                               const char *const *roots, struct diags *d)
{
	struct system *sys = system_new(path);
	if (doc == NULL)
		goto fail;
	xmlNodePtr root_el = xml_root(doc, "system", NS_RULES, path, d);
	if (root_el == NULL)
		goto fail;
	const struct xml_schema *xs = schemas_get(sc, SCHEMA_RULES, d);
	if (xs == NULL || xml_schema_validate(xs, doc, path, d) != 0)
		goto fail;
	sys->id = xml_prop(root_el, "id");
	sys->name = xml_prop(root_el, "name");
	sys->revision = xml_prop(root_el, "revision");
	if (xml_need(root_el, "id", sys->id, path, d) || xml_need(root_el, "name", sys->name, path, d))
		goto fail;
	char *rd = xml_prop(root_el, "rounding");
	sys->rounding = rd && strcmp(rd, "down") == 0 ? ROUND_DOWN
	              : ROUND_UP;
	free(rd);
	xmlNodePtr src = xml_child(root_el, "source");
	if (src)
		sys->source = xml_text(src);
	xmlNodePtr about = xml_child_lang(root_el, "description");
	if (about)
		sys->description = xml_text(about);
	xmlNodePtr sec;
	size_t attr_cap = 0;
	if ((sec = xml_child(root_el, "levels")))
		attr_cap += count_elems(sec);
	if ((sec = xml_child(root_el, "attributes")))
		attr_cap += count_elems(sec);
	sys->attrs = xcalloc(attr_cap + 1, sizeof(*sys->attrs));
	if ((sec = xml_child(root_el, "costs")) && load_costs(sys, sec, d))
		goto fail;
	if ((sec = xml_child(root_el, "ladders")) && load_ladders(sys, sec, d))
		goto fail;
	if ((sec = xml_child(root_el, "item-kinds")) && load_kinds(sys, sec, d))
		goto fail;
	if ((sec = xml_child(root_el, "levels")) && load_levels(sys, sec, &attr_cap, d))
		goto fail;
	if ((sec = xml_child(root_el, "attributes")) && load_attrs(sys, sec, &attr_cap, d))
		goto fail;
	if (load_keywords(sys, xml_child(root_el, "keywords"), d))
		goto fail;
	if ((sec = xml_child(root_el, "categories")) && load_categories(sys, sec, d))
		goto fail;
	if ((sec = xml_child(root_el, "fields")) && load_fields(sys, sec, d))
		goto fail;
	if ((sec = xml_child(root_el, "sizes")) && load_sizes(sys, sec, d))
		goto fail;
	if (load_catalogs(sc, sys, roots, d) || resolve_also(sys, d) || catalog_link(sys, d))
		goto fail;
	if ((sec = xml_child(root_el, "factions")) && factions_read(sys, sec, d))
		goto fail;
	/* Named conditions select entries too: after the catalogs, before their users. */
	if ((sec = xml_child(root_el, "conditions")) && named_conds_read(sec, sys, sys->file, d))
		goto fail;
	if ((sec = xml_child(root_el, "modifiers")) && load_mods(sys, sec, d))
		goto fail;
	if ((sec = xml_child(root_el, "rules")) &&
	    (load_rules(sys, sec, d) || rules_link_covers(sys, 0, sys->file, d)))
		goto fail;
	if (catalog_rules(sys, d))
		goto fail;
	if ((sec = xml_child(root_el, "import")) && load_import(sys, sec, d))
		goto fail;
	if ((sec = xml_child(root_el, "campaign")) && campaign_read(sec, sys, d))
		goto fail;
	if (rules_check_cycles(sys, sys->n_rules, NULL, d))
		goto fail;
	sys->doc = doc;
	return sys;
fail:
	if (doc)
		xml_doc_free(doc);
	system_free(sys);
	return NULL;
}

/* The unit and item attributes with their labels, and the keywords. */
static void attr_defs_release(struct system *sys)
{
	for (size_t i = 0; i < sys->n_attrs; i++) {
		struct attr_def *a = &sys->attrs[i];
		free(a->id);
		free(a->name);
		for (size_t j = 0; a->names && a->names[j]; j++)
			free(a->names[j]);
		free(a->names);
		free(a->abbr);
		free(a->suffix);
		free(a->ref);
		for (size_t j = 0; j < a->n_labels; j++) {
			free(a->labels[j].label);
			free(a->labels[j].note);
		}
		free(a->labels);
	}
	free(sys->attrs);
	for (size_t i = 0; i < sys->n_keywords; i++) {
		struct keyword_def *k = &sys->keywords[i];
		free(k->id);
		free(k->name);
		free(k->text);
		free(k->replaces_id);
		free(k->removes);
		free(k->providers);
	}
	free(sys->keywords);
}

/* The army sizes with their facts, and the roster's fields with their choices. */
static void size_defs_release(struct system *sys)
{
	for (size_t i = 0; i < sys->n_sizes; i++) {
		struct size_def *s = &sys->sizes[i];
		free(s->id);
		free(s->name);
		free(s->limits);
		for (size_t j = 0; j < s->n_facts; j++) {
			free(s->facts[j].name);
			free(s->facts[j].value);
		}
		free(s->facts);
	}
	free(sys->sizes);
	for (size_t i = 0; i < sys->n_fields; i++) {
		free(sys->fields[i].id);
		free(sys->fields[i].name);
		for (size_t j = 0; j < sys->fields[i].n_choices; j++) {
			free(sys->fields[i].choices[j].id);
			free(sys->fields[i].choices[j].name);
		}
		free(sys->fields[i].choices);
	}
	free(sys->fields);
}

/* A BattleScribe system's forces and what it does not enforce yet (bs-read.c). */
static void bs_data_free(struct system *sys)
{
	struct bs_data *bs = sys->bs;
	for (size_t i = 0; i < sys->n_forces; i++) {
		free(sys->forces[i].id);
		free(sys->forces[i].name);
		free(sys->forces[i].cats);
	}
	free(sys->forces);
	if (bs == NULL)
		return;
	free(bs->pending);
	idx_free(bs->owners);
	free(bs->by_owner);
	free(bs->owned);
	free(bs->min_roots);
	free(bs->loops);
	free(bs->left_out);
	for (size_t i = 0; i < bs->n_hides; i++) {
		for (size_t m = 0; m < bs->hides[i]->n; m++)
			modifier_release(&bs->hides[i]->mods[m]);
		free(bs->hides[i]->mods);
		free(bs->hides[i]);
	}
	free(bs->hides);
	arena_release(&bs->arena);
	free(bs);
}

void system_free(struct system *sys)
{
	if (sys == NULL)
		return;
	if (sys->doc)
		xml_doc_free(sys->doc);
	for (size_t i = 0; i < sys->n_kept_docs; i++)
		xml_doc_free(sys->kept_docs[i]);
	free(sys->kept_docs);
	bs_data_free(sys);
	for (size_t i = 0; i < sys->n_conds; i++) {
		free(sys->conds[i].id);
		for (int v = 0; v < 2; v++) {
			sel_free(sys->conds[i].sel[v]);
			free(sys->conds[i].why[v]);
		}
	}
	free(sys->conds);
	idx_free(sys->cond_idx);
	for (size_t i = 0; i < sys->n_imports; i++)
		rx_free(sys->imports[i].rx);
	free(sys->imports);
	camp_def_free(sys, sys->camp);
	factions_free(sys->factions);
	for (size_t i = 0; i < sys->n_rules; i++)
		rule_free(sys->rules[i]);
	free(sys->rules);
	for (size_t i = 0; i < sys->n_catalogs; i++)
		catalog_free(sys, sys->catalogs[i]);
	free(sys->catalogs);
	for (size_t i = 0; i < sys->n_costs; i++) {
		free(sys->costs[i].id);
		free(sys->costs[i].name);
		free(sys->costs[i].abbr);
		for (size_t j = 0; sys->costs[i].names && sys->costs[i].names[j]; j++)
			free(sys->costs[i].names[j]);
		free(sys->costs[i].names);
	}
	free(sys->costs);
	for (size_t i = 0; i < sys->n_ladders; i++) {
		free(sys->ladders[i].id);
		strv_free(sys->ladders[i].steps);
	}
	free(sys->ladders);
	attr_defs_release(sys);
	for (size_t i = 0; i < sys->n_cats; i++) {
		free(sys->cats[i].id);
		free(sys->cats[i].name);
	}
	free(sys->cats);
	size_defs_release(sys);
	for (size_t i = 0; i < sys->n_mods; i++)
		modifier_release(&sys->mods[i]);
	free(sys->mods);
	idx_free(sys->attr_idx);
	idx_free(sys->kind_idx);
	for (size_t i = 0; i < sys->n_kinds; i++) {
		free(sys->kinds[i].id);
		free(sys->kinds[i].name);
		free(sys->kinds[i].plural);
	}
	free(sys->kinds);
	idx_free(sys->cost_idx);
	idx_free(sys->kw_idx);
	idx_free(sys->cat_idx);
	idx_free(sys->size_idx);
	idx_free(sys->field_idx);
	idx_free(sys->ladder_idx);
	idx_free(sys->entry_idx);
	idx_free(sys->shared_idx);
	idx_free(sys->group_idx);
	idx_free(sys->rule_idx);
	catalog_rules_free(sys);
	free(sys->file);
	free(sys->id);
	free(sys->name);
	free(sys->revision);
	free(sys->source);
	free(sys->description);
	free(sys);
}
