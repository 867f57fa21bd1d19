/* unchecked.c - what a BattleScribe roster takes that Muster does not check yet
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The reader keeps every constraint and modifier of the data it does not enforce
 * (struct bs_pending, with the id of the element it stands on). A roster that is called
 * legal may still break one of them, so validate says how many stand on what the roster
 * takes: its forces' entries, its units' entries and their options, each id of a path
 * ("link::entry") counted, as a modifier may stand on the link or on the entry it reaches.
 * One pass over the roster into an index of ids, one over the records: linear in both.
 */
#include "check.h"

#include "muster.h"

#include <stdlib.h>
#include <string.h>

#include "idx.h"

/* Each id of path p ("a::b::c") added to ids. */
static void add_path(struct idx *ids, const char *p)
{
	while (p && *p) {
		const char *e = strstr(p, "::");
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n > 0) {
			char *k = xstrndup(p, n);
			(void)idx_add(ids, k, (void *)ids);
			free(k);
		}
		p = e ? e + 2 : NULL;
	}
}

/* The ids of list l's force and of its units' entries and options; a root entry that a
 * later catalogue renamed "CATALOGUE/ID" by its own id too. */
static void add_list(struct idx *ids, const struct r_list *l)
{
	if (l->force)
		add_path(ids, l->force->id);
	for (size_t u = 0; u < l->n_units; u++) {
		const struct r_unit *ru = &l->units[u];
		if (ru->entry && ru->entry->id) {
			add_path(ids, ru->entry->id);
			const char *slash = strrchr(ru->entry->id, '/');
			if (slash)
				add_path(ids, slash + 1);
		}
		for (uint32_t k = 0; k < ru->n_opts; k++)
			if (ru->opts[k].opt && ru->opts[k].opt->id)
				add_path(ids, ru->opts[k].opt->id);
	}
}

static void note_one(struct diags *d, const struct bs_pending *p)
{
	if (p->kind == BS_CONSTRAINT)
		diags_add(d, SEV_NOTE, p->file, p->line, 0, NULL, NULL,
		          _("not checked yet: constraint '%s' of '%s' (%s)"), p->id ? p->id : "",
		          p->owner, p->why ? p->why : _("a shape not read yet"));
	else
		/* TRANSLATORS: the first %s is BattleScribe's modifier type (set, increment...),
		   the second the field it changes (a constraint's or cost type's id, name...). */
		diags_add(d, SEV_NOTE, p->file, p->line, 0, NULL, NULL,
		          _("not checked yet: a modifier of '%s' (%s %s)"), p->owner,
		          p->type ? p->type : "", p->field ? p->field : "");
}

size_t unchecked_note(const struct roster *r, const char *file, struct diags *d, bool each)
{
	const struct bs_data *bs = r->sys ? r->sys->bs : NULL;
	if (bs == NULL || bs->n_pending == 0)
		return 0;
	struct idx *ids = idx_new();
	for (size_t i = 0; i < r->n_lists; i++)
		add_list(ids, &r->lists[i]);
	size_t n[2] = { 0, 0 };
	for (size_t i = 0; i < bs->n_pending; i++) {
		const struct bs_pending *p = &bs->pending[i];
		if ((p->kind != BS_CONSTRAINT && p->kind != BS_MODIFIER) || p->owner == NULL ||
		    idx_get(ids, p->owner) == NULL)
			continue;
		n[p->kind == BS_MODIFIER]++;
		if (each)
			note_one(d, p);
	}
	idx_free(ids);
	if (n[0] + n[1] > 0)
		diags_add(d, SEV_NOTE, file, 0, 0, NULL, NULL,
		          _("not checked yet on what this roster takes: %zu of the data's "
		            "constraints, %zu of its modifiers (--verbose lists them)"), n[0], n[1]);
	return n[0] + n[1];
}
