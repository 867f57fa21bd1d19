/* catalog-parts.c - the parts an entry and an option share: stats, keywords, costs, items,
 * id lists, and finding an entry's options and items by id
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Below catalog.c (entries, groups, the file) and catalog-tree.c (the option tree), which
 * both call it: it calls neither.
 */
#include "muster.h"
#include "catalog.h"
#include "catalog-int.h"
#include "bs-read.h"
#include "lang.h"
#include "read-rules.h"
#include "data.h"
#include "idx.h"
#include "schemas.h"
#include "util.h"
#include "value.h"
#include "xml.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

bool cp_prop_true(xmlNodePtr n, const char *name)
{
	char *v = xml_prop(n, name);
	bool t = v && (strcmp(v, "true") == 0 || strcmp(v, "1") == 0);
	free(v);
	return t;
}

/* Attribute name of card n is none of the system's unit (or item) attributes: the nearest of
 * them, as "did you mean", for 'armor' where 'armour' is declared. */
static void no_such_attr(struct cparse *p, xmlNodePtr n, enum attr_on on, const char *name)
{
	const struct system *sys = p->sys;
	struct nearest nr;
	nearest_init(&nr, name);
	for (size_t i = 0; i < sys->n_attrs; i++)
		if (sys->attrs[i].on == on && sys->attrs[i].type != ATTR_LEVEL)
			nearest_offer(&nr, sys->attrs[i].id, sys->attrs[i].id);
	char *dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
	diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(n), xml_col(n), NULL, NULL,
	          on == ON_UNIT ? _("'%s' is not a unit attribute of system '%s'%s")
	                        : _("'%s' is not an item attribute of system '%s'%s"),
	          name, sys->id, dym);
	free(dym);
}

int cp_parse_stats(struct cparse *p, xmlNodePtr n, enum attr_on on, struct value *vals)
{
	for (xmlAttrPtr a = n->properties; a; a = a->next) {
		const char *name = (const char *)a->name;
		const struct attr_def *ad = idx_get(p->sys->attr_idx, name);
		if (ad == NULL || ad->on != on || ad->type == ATTR_LEVEL) {
			no_such_attr(p, n, on, name);
			return -1;
		}
		char *text = xml_prop(n, name);
		char *err = NULL;
		value_release(&vals[ad->index]);
		int rc = value_parse(ad, text, &vals[ad->index], &err);
		free(text);
		if (rc != 0) {
			/* A card out of its attribute's range breaks the rule that sets the range. */
			diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(n), xml_col(n), ad->ref, NULL,
			          "%s", err);
			free(err);
			return -1;
		}
	}
	return 0;
}

int cp_parse_keywords(struct cparse *p, xmlNodePtr n, enum attr_on on, kwword *set)
{
	char *t = xml_text(n);
	size_t k;
	char **v = strv_split(t, &k);
	free(t);
	for (size_t i = 0; i < k; i++) {
		const struct keyword_def *kd = idx_get(p->sys->kw_idx, v[i]);
		if (kd == NULL || kd->on != on) {
			diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(n), xml_col(n), NULL, NULL,
			          kd == NULL ? _("unknown keyword '%s'")
			          : on == ON_UNIT ? _("keyword '%s' belongs on items, not units")
			                          : _("keyword '%s' belongs on units, not items"),
			          v[i]);
			strv_free(v);
			return -1;
		}
		kw_add(set, kd->index);
	}
	strv_free(v);
	return 0;
}

int cp_parse_costs(struct cparse *p, xmlNodePtr n, long *costs)
{
	char *type = xml_prop(n, "type");
	const struct cost_def *c = type ? idx_get(p->sys->cost_idx, type)
	                         : p->sys->n_costs == 1 ? &p->sys->costs[0] : NULL;
	if (c == NULL) {
		diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("unknown cost type '%s'"), type ? type : "");
		free(type);
		return -1;
	}
	free(type);
	return xml_prop_long(n, "value", -MUSTER_MAX_COST, MUSTER_MAX_COST, 0, &costs[c->index],
	                     p->cat->file, p->d);
}

int cp_parse_item(struct cparse *p, xmlNodePtr n, struct item *w)
{
	w->id = xml_prop(n, "id");
	w->name = xml_name_lang(n, "name");
	w->line = xml_line(n);
	if (w->id == NULL || *w->id == '\0')
		CFAIL(n, "%s", _("<item> needs an id"));
	if (w->name == NULL)
		w->name = xstrdup(w->id);
	char *kind = xml_prop(n, "kind");
	w->kind = idx_get(p->sys->kind_idx, kind ? kind : "");
	if (w->kind == NULL) {
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < p->sys->n_kinds; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", p->sys->kinds[i].id);
		diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<item> needs a kind the system declares (kind=\"%s\"; known: %s)"),
		          kind ? kind : "", sb.s ? sb.s : _("none"));
		strbuf_release(&sb);
		free(kind);
		return -1;
	}
	free(kind);
	w->kw = arena_alloc(&p->cat->arena, p->sys->kw_words, sizeof(kwword));
	/* Its stats read into a slot for each item attribute, then only those set kept. */
	size_t na = p->sys->n_item_attrs;
	struct value *all = xcalloc(na + 1, sizeof(*all));
	int rc = 0;
	for (xmlNodePtr c = xml_first_elem(n); c && rc == 0; c = xml_next_elem(c)) {
		if (xml_is(c, "stats") && cp_parse_stats(p, c, ON_ITEM, all))
			rc = -1;
		if (xml_is(c, "keywords") && cp_parse_keywords(p, c, ON_ITEM, w->kw))
			rc = -1;
	}
	if (rc == 0)
		rc = cp_check_required(p, n, ON_ITEM, all);
	size_t k = 0;
	for (size_t i = 0; i < na; i++)
		k += all[i].set || all[i].s;
	w->vals = item_vals_new(&p->cat->arena, k); /* freed with the item */
	k = 0;
	for (size_t i = 0; i < na; i++)
		if (all[i].set || all[i].s)
			w->vals->v[k++] = (struct item_value){ i, all[i] };
	free(all);
	return rc;
}

/* Resolves the space-separated ids in n's text against the system's keywords or categories
 * and appends their indices to *out. Returns 0, or -1 naming the first unknown id. */
int cp_id_list(struct cparse *p, xmlNodePtr n, bool categories, size_t **out, size_t *n_out)
{
	char *t = xml_text(n);
	char **v = strv_split(t, NULL);
	free(t);
	for (char **s = v; *s; s++) {
		const struct keyword_def *kd = categories ? NULL : idx_get(p->sys->kw_idx, *s);
		const struct category_def *cd = categories ? idx_get(p->sys->cat_idx, *s) : NULL;
		if (kd == NULL && cd == NULL) {
			diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(n), xml_col(n), NULL, NULL,
			          categories ? _("unknown category '%s'") : _("unknown keyword '%s'"), *s);
			strv_free(v);
			return -1;
		}
		*out = xreallocarray(*out, *n_out + 1, sizeof(**out));
		(*out)[(*n_out)++] = kd ? kd->index : cd->index;
	}
	strv_free(v);
	return 0;
}

/* Guards the indexes of every entry made at its first look-up (struct entry_later): the
 * rosters of a batch are read on several threads. */
static pthread_mutex_t later_lock = PTHREAD_MUTEX_INITIALIZER;

struct entry_later {
	bool options_made, items_made;
	uint32_t *by_id;       /* as e->by_id, or NULL: at most ENTRY_IDX_MIN options */
	uint32_t *items_by_id; /* as e->items_by_id, or NULL: at most ENTRY_IDX_MIN items */
	size_t n_items_by_id;
};

void cp_entry_later(struct entry *e)
{
	if (e->later == NULL)
		e->later = xcalloc(1, sizeof(*e->later));
}

void cp_entry_later_free(struct entry *e)
{
	if (e->later) {
		free(e->later->by_id);
		free(e->later->items_by_id);
	}
	free(e->later);
	e->later = NULL;
}

const struct entry *entry_made(const struct entry *e)
{
	if (e == NULL || e->later == NULL)
		return e; /* a Muster catalog's: made as it is read */
	pthread_mutex_lock(&later_lock);
	bs_tree_make((struct entry *)e); /* its options, not the rest of it */
	pthread_mutex_unlock(&later_lock);
	return e;
}

/* e's options sorted by id (e->by_id), made now if e's are made at the first look-up, with
 * the chains of the ids that stand under several parents; NULL when it has too few. */
static const uint32_t *options_by_id(const struct entry *e)
{
	struct entry_later *l = e->later;
	if (l == NULL)
		return e->by_id;
	pthread_mutex_lock(&later_lock);
	bs_tree_make((struct entry *)e);
	if (!l->options_made) {
		l->by_id = catalog_index_later(e);
		l->options_made = true;
	}
	const uint32_t *by = l->by_id;
	pthread_mutex_unlock(&later_lock);
	return by;
}

const struct entry_option *entry_option(const struct entry *e, const char *id)
{
	if (e == NULL || id == NULL)
		return NULL;
	const uint32_t *by = options_by_id(e);
	if (by) {
		/* the first of the sorted indices whose option's id is not below id */
		size_t lo = 0, hi = e->n_options;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (strcmp(e->options[by[mid]].id, id) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		const struct entry_option *o = lo < e->n_options ? &e->options[by[lo]] : NULL;
		return o && strcmp(o->id, id) == 0 ? o : NULL;
	}
	if (e->option_idx)
		return idx_get(e->option_idx, id);
	for (size_t i = 0; i < e->n_options; i++)
		if (e->options[i].id && strcmp(e->options[i].id, id) == 0)
			return &e->options[i];
	return NULL;
}

const struct entry_option *entry_option_under(const struct entry *e, const char *id,
                                              uint32_t up)
{
	const struct entry_option *o = entry_option(e, id);
	while (o && o->up != up)
		o = o->same ? &e->options[o->same - 1] : NULL;
	return o;
}

/* The item that value k of e->items_by_id stands for. */
static const struct item *item_at(const struct entry *e, uint32_t k)
{
	return k < e->n_items ? &e->items[k] : e->options[k - e->n_items].adds;
}

/* How many items e has with an id: its own and those its options add. */
static size_t count_items(const struct entry *e)
{
	size_t n = e->n_items;
	for (size_t i = 0; i < e->n_options; i++)
		n += e->options[i].adds && e->options[i].adds->id;
	return n;
}

/* The values of e->items_by_id, *m of them, for the n items of e with an id: the entry's own
 * and those its options add, sorted by id, then by where they stand (the first of an id is
 * the one found, as an index that keeps the first of a key finds it). */
static uint32_t *sorted_items(const struct entry *e, size_t n, size_t *m)
{
	struct key_at *v = xcalloc(n + 1, sizeof(*v));
	*m = 0;
	for (size_t k = 0; k < e->n_items + e->n_options && *m < n; k++) {
		const struct item *w = item_at(e, (uint32_t)k);
		if (w && w->id)
			v[(*m)++] = (struct key_at){ w->id, (uint32_t)k };
	}
	uint32_t *by = key_order(v, *m);
	free(v);
	return by;
}

/* e's items sorted by id (*n of them), made now if e's are made at the first look-up; NULL
 * when it has too few for an index. */
static const uint32_t *items_by_id(const struct entry *e, size_t *n)
{
	struct entry_later *l = e->later;
	if (l == NULL) {
		*n = e->n_items_by_id;
		return e->items_by_id;
	}
	pthread_mutex_lock(&later_lock);
	bs_tree_make((struct entry *)e);
	if (!l->items_made) {
		size_t k = count_items(e);
		if (k > ENTRY_IDX_MIN)
			l->items_by_id = sorted_items(e, k, &l->n_items_by_id);
		l->items_made = true;
	}
	*n = l->n_items_by_id;
	const uint32_t *by = l->items_by_id;
	pthread_mutex_unlock(&later_lock);
	return by;
}

const struct item *entry_item(const struct entry *e, const char *id)
{
	if (e == NULL || id == NULL)
		return NULL;
	size_t n;
	const uint32_t *by = items_by_id(e, &n);
	if (by) {
		/* the first of the sorted values whose item's id is not below id */
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (strcmp(item_at(e, by[mid])->id, id) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		const struct item *w = lo < n ? item_at(e, by[lo]) : NULL;
		return w && strcmp(w->id, id) == 0 ? w : NULL;
	}
	if (e->item_idx)
		return idx_get(e->item_idx, id);
	/* The entry's own first, then those its options add, as the index has them. */
	for (size_t i = 0; i < e->n_items; i++)
		if (e->items[i].id && strcmp(e->items[i].id, id) == 0)
			return &e->items[i];
	for (size_t i = 0; i < e->n_options; i++) {
		const struct item *w = e->options[i].adds;
		if (w && w->id && strcmp(w->id, id) == 0)
			return w;
	}
	return NULL;
}

bool cp_entry_has_item(const struct entry *e, const char *id)
{
	return entry_item(e, id) != NULL;
}

/* e->items_by_id, made anew (an entry whose indexes are made at load). */
static void sort_items(struct entry *e, size_t n)
{
	free(e->items_by_id);
	e->items_by_id = sorted_items(e, n, &e->n_items_by_id);
	idx_free(e->item_idx); /* the sorted values find what it found */
	e->item_idx = NULL;
}

/* Items named by options: the entry's own, or one an option of the entry adds (an option
 * may add an item of the same id as the entry's, to replace it). Options from `from` on are
 * new (all of them, or those links brought). */
int cp_finish_items(struct entry *e, size_t from, struct diags *d)
{
	size_t n = e->later ? 0 : count_items(e); /* made at the first look-up (entry_item) */
	if (n > ENTRY_IDX_MIN)
		sort_items(e, n);
	for (size_t i = from; i < e->n_options; i++) {
		const struct entry_option *o = &e->options[i];
		const struct option_more *m = option_more(o);
		const char *bad = m->item_id && !cp_entry_has_item(e, m->item_id) ? m->item_id : NULL;
		for (size_t k = 0; !bad && m->drops && m->drops[k]; k++)
			if (!cp_entry_has_item(e, m->drops[k]))
				bad = m->drops[k];
		if (bad) {
			diags_add(d, SEV_FATAL, e->catalog->file, o->line, 0, NULL, NULL,
			          _("option '%s' names item '%s', which entry '%s' does not have"), o->id,
			          bad, e->id);
			return -1;
		}
	}
	return 0;
}

/* Every attribute the system marks required must have a value on each entry or item. */
int cp_check_required(struct cparse *p, xmlNodePtr n, enum attr_on on, const struct value *vals)
{
	for (size_t i = 0; i < p->sys->n_attrs; i++) {
		const struct attr_def *a = &p->sys->attrs[i];
		if (a->on == on && a->required && !vals[a->index].set) {
			char *id = xml_prop(n, "id");
			diags_add(p->d, SEV_FATAL, p->cat->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("'%s' has no value for required attribute '%s'"), id ? id : "", a->id);
			free(id);
			return -1;
		}
	}
	return 0;
}
