/* bs-profiles.c - BattleScribe entries: their profiles, rules and info links
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * What an entry, an option or a force shows: its profiles (the first made its item), rules
 * and those its infoLinks and infoGroups bring, collected for bs-entries.c. Part of the reader
 * split by job (bs-int.h).
 */
#include "muster.h"
#include "bs-int.h"
#include "catalog.h"
#include "idx.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *bs_name_of(xmlNodePtr n, const char *fallback)
{
	return bs_trim(xml_name_lang(n, "name"), fallback);
}

char *bs_prop_or(xmlNodePtr n, const char *name, const char *old)
{
	char *v = xml_prop(n, name);
	return v ? v : xml_prop(n, old);
}

long bs_line_of(const struct bsb *b, size_t fi, xmlNodePtr n)
{
	return fi == b->home ? xml_line(n) : b->site_line;
}

/* --- profiles and rules ---------------------------------------------------------------- */

/* s, or, with arena a, a copy of s in a (s freed): a shared item's strings live as long as
 * the system, an entry's own are freed with it. */
static char *own(struct arena *a, char *s)
{
	if (a == NULL || s == NULL)
		return s;
	char *t = arena_strndup(a, s, strlen(s));
	free(s);
	return t;
}

/* Profile p of file fi into w: with arena a, all of it in a (an option's item, shared by every
 * place the profile is reached from), else its strings malloc'd (an entry's own items). */
int bs_read_profile(struct bsb *b, size_t fi, xmlNodePtr p, struct item *w, struct arena *a)
{
	struct bsctx *c = b->c;
	struct system *sys = c->sys;
	struct arena *arr = a ? a : &b->e->catalog->arena;
	w->id = own(a, xml_prop(p, "id"));
	w->name = own(a, bs_name_of(p, w->id));
	w->line = bs_line_of(b, fi, p);
	char *t = bs_prop_or(p, "typeId", "profileTypeId");
	w->kind = t ? idx_get(sys->kind_idx, t) : NULL;
	if (w->id == NULL || w->kind == NULL) {
		diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(p), xml_col(p), NULL, NULL,
		          _("profile '%s' needs an id and a typeId of a profileType (typeId=\"%s\")"),
		          w->name, t ? t : "");
		free(t);
		return -1;
	}
	free(t);
	w->kw = arena_alloc(arr, sys->kw_words, sizeof(kwword));
	size_t n = 0;
	xmlNodePtr chars = xml_first_elem(xml_child(p, "characteristics"));
	for (xmlNodePtr k = chars; k; k = xml_next_elem(k))
		n++;
	w->vals = item_vals_new(arr, n);
	n = 0;
	for (xmlNodePtr k = chars; k; k = xml_next_elem(k)) {
		char *at = bs_prop_or(k, "typeId", "characteristicTypeId");
		const struct attr_def *ad = at ? idx_get(sys->attr_idx, at) : NULL;
		if (ad == NULL || ad->on != ON_ITEM) {
			diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(k), xml_col(k), NULL, NULL,
			          _("characteristic of type '%s', which no profileType declares"),
			          at ? at : "");
			free(at);
			w->vals->n = n; /* those read, freed with the item */
			item_vals_done(w->vals, a == NULL);
			return -1;
		}
		free(at);
		char *text = xml_prop(k, "value"); /* 2.01 */
		text = own(a, text ? text : xml_text(k));
		w->vals->v[n++] = (struct item_value){ ad->index, { true, 0, text } };
	}
	item_vals_done(w->vals, a == NULL);
	return 0;
}

static void add_info(struct infos *in, xmlNodePtr n, size_t fi, xmlNodePtr via)
{
	if (in->n_all >= BS_INFOS_MAX)
		return; /* what is beyond is not shown */
	GROW(in->all, in->cap_all, in->n_all + 1);
	GROW(in->all_file, in->cap_all_file, in->n_all + 1);
	GROW(in->via, in->cap_via, in->n_all + 1);
	in->all_file[in->n_all] = fi;
	in->via[in->n_all] = via;
	in->all[in->n_all++] = n;
}

static void add_profile(struct infos *in, xmlNodePtr p, size_t fi, xmlNodePtr via)
{
	GROW(in->prof, in->cap_prof, in->n_prof + 1);
	GROW(in->prof_file, in->cap_file, in->n_prof + 1);
	in->prof_file[in->n_prof] = fi;
	in->prof[in->n_prof++] = p;
	add_info(in, p, fi, via);
}

static void add_rule(struct infos *in, xmlNodePtr r, size_t fi, xmlNodePtr via)
{
	add_info(in, r, fi, via);
	char *name = bs_name_of(r, NULL);
	if (*name)
		strbuf_addf(&in->rules, "%s%s", in->rules.len ? ", " : "", name);
	free(name);
}

/* Info group g (of file fi) within n: its profiles and rules, none when it is hidden. */
static int info_group(struct bsb *b, size_t fi, xmlNodePtr g, struct infos *in, int depth)
{
	size_t shown = in->n_all;
	if (bs_collect_infos(b, fi, g, in, depth + 1))
		return -1;
	if (xml_prop_is(g, "hidden", "true"))
		in->n_all = shown; /* a hidden group's profiles and rules are not shown */
	return 0;
}

int bs_collect_infos(struct bsb *b, size_t fi, xmlNodePtr n, struct infos *in, int depth)
{
	struct bsctx *c = b->c;
	if (depth >= BS_DEPTH_MAX)
		BSFAIL(c, c->f[fi].path, n, _("info groups nest more than %d deep"), BS_DEPTH_MAX);
	for (xmlNodePtr k = xml_first_elem(xml_child(n, "profiles")); k; k = xml_next_elem(k))
		add_profile(in, k, fi, NULL);
	for (xmlNodePtr k = xml_first_elem(xml_child(n, "rules")); k; k = xml_next_elem(k))
		add_rule(in, k, fi, NULL);
	for (xmlNodePtr k = xml_first_elem(xml_child(n, "infoLinks")); k; k = xml_next_elem(k)) {
		char *type = xml_prop(k, "type"), *t = xml_prop(k, "targetId");
		size_t tf = fi;
		int which = type && strcmp(type, "profile") == 0 ? 1
		          : type && strcmp(type, "rule") == 0 ? 2
		          : type && strcmp(type, "infoGroup") == 0 ? 3 : -1;
		xmlNodePtr target = which > 0 ? bs_lookup(c, fi, b->home, which, t, &tf) : NULL;
		if (which > 0 && target == NULL) {
			diags_add(c->d, SEV_FATAL, c->f[fi].path, xml_line(k), xml_col(k), NULL, NULL,
			          _("info link names %s '%s', which no file it sees defines"), type,
			          t ? t : "");
			free(type);
			free(t);
			return -1;
		}
		free(type);
		free(t);
		if (which == 1)
			add_profile(in, target, tf, k);
		else if (which == 2)
			add_rule(in, target, tf, k);
		else if (which == 3 && info_group(b, tf, target, in, depth) != 0)
			return -1;
	}
	/* after the links, as BattleScribe shows them */
	for (xmlNodePtr k = xml_first_elem(xml_child(n, "infoGroups")); k; k = xml_next_elem(k))
		if (info_group(b, fi, k, in, depth))
			return -1;
	return 0;
}

void bs_infos_release(struct infos *in)
{
	free(in->prof);
	free(in->prof_file);
	free(in->all);
	free(in->all_file);
	free(in->via);
	strbuf_release(&in->rules);
}

int bs_force_infos(struct bsctx *c, size_t fi, xmlNodePtr n, const struct bs_infos **out)
{
	struct bsb b = { c, NULL, fi, xml_line(n) };
	struct infos in = { 0 };
	int rc = bs_collect_infos(&b, fi, n, &in, 0);
	if (rc == 0)
		*out = bs_infos_make(c, n, in.all, in.all_file, in.via, in.n_all, NULL, NULL, 0);
	bs_infos_release(&in);
	return rc;
}

/* The item of profile p of file fi, made the first time a place reaches it. */
static struct item *shared_item(struct bsb *b, size_t fi, xmlNodePtr p)
{
	struct bsctx *c = b->c;
	char key[BS_NODE_KEY_MAX];
	bs_node_key('\0', fi, p, key);
	if (c->items == NULL)
		c->items = idx_new();
	struct item *w = idx_get(c->items, key);
	if (w)
		return w;
	w = arena_alloc(&c->sys->bs->arena, 1, sizeof(*w));
	if (bs_read_profile(b, fi, p, w, &c->sys->bs->arena))
		return NULL;
	idx_add(c->items, key, w);
	return w;
}

/* The first profile of the infos in, its others counted once each as not shown yet; *w NULL
 * when it has none. */
int bs_first_profile(struct bsb *b, const struct infos *in, struct item **w)
{
	*w = NULL;
	if (in->n_prof == 0)
		return 0;
	for (size_t i = 1; i < in->n_prof; i++)
		b->c->sys->bs->extra_profiles += bs_once(in->prof[i]);
	*w = shared_item(b, in->prof_file[0], in->prof[0]);
	return *w ? 0 : -1;
}
