/* edit-ros-custom.c - the custom names and notes of a BattleScribe roster (muster set FILE.ros
 * ID --name=TEXT --notes=TEXT [--category=CATEGORY])
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * BattleScribe lets the player name and annotate a unit, a force and a force's category
 * (customName, customNotes); the roster reader keeps them (bs-roster.c), the .ros exporter
 * writes them (export-ros.c), and these set them on the model before the builder writes it
 * again (edit-ros.c). A selection within a unit has none here.
 */
#include "muster.h"
#include "edit-ros.h"
#include "diag.h"
#include "model.h"
#include "util.h"

#include <string.h>
#include <strings.h>

bool ros_find_sel(const struct roster *r, const char *id, size_t *li, size_t *ui, long *k)
{
	for (size_t i = 0; i < r->n_lists; i++)
		for (size_t j = 0; j < r->lists[i].n_units; j++) {
			const struct r_unit *u = &r->lists[i].units[j];
			*li = i;
			*ui = j;
			*k = -1;
			if (r_unit_id(u) && strcmp(r_unit_id(u), id) == 0)
				return true;
			for (size_t o = 0; o < u->n_opts; o++) {
				const char *oid = r_option_id(&r->lists[i], j, o);
				if (oid && strcmp(oid, id) == 0) {
					*k = (long)o;
					return true;
				}
			}
		}
	return false;
}

/* A customName or customNotes the player gives, in r's pool; an empty one: none. */
static const char *custom_text(struct roster *r, const char *v)
{
	return *v ? arena_strndup(&r->pool, v, strlen(v)) : NULL;
}

/* The category of force l that CATEGORY names (its entry id or name; "(No Category)":
 * Uncategorised), its customName and customNotes set. */
static int customise_category(struct roster *r, const struct system *sys, struct r_list *l,
                              const char *category, const char *name, const char *notes,
                              struct diags *d)
{
	size_t n = l->force ? l->force->n_cats + 1 : 0, k = 0;
	for (; k < n; k++) {
		const struct category_def *cd = k ? &sys->cats[l->force->cats[k - 1]] : NULL;
		const char *id = cd ? cd->id : "(No Category)";
		if (strcmp(id, category) == 0 || (cd && strcasecmp(cd->name, category) == 0))
			break;
	}
	if (k == n) {
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("force '%s' has no category '%s'"),
		          l->id, category);
		return -1;
	}
	/* A fresh array: a copy of the force (set --copy) shares the old one. */
	const char **v = arena_alloc(&r->pool, 2 * n, sizeof(*v));
	if (l->cat_custom)
		memcpy(v, l->cat_custom, 2 * n * sizeof(*v));
	if (name)
		v[2 * k] = custom_text(r, name);
	if (notes)
		v[2 * k + 1] = custom_text(r, notes);
	l->cat_custom = v;
	return 0;
}

int ros_customise(struct roster *r, const struct system *sys, const char *id,
                  const char *category, const char *name, const char *notes, struct diags *d)
{
	size_t li, ui;
	long k;
	if (!category && ros_find_sel(r, id, &li, &ui, &k)) {
		if (k >= 0) {
			diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, "%s",
			          _("--name and --notes name a unit or a force, not a selection within a "
			            "unit"));
			return -1;
		}
		struct r_unit *u = &r->lists[li].units[ui];
		if (name)
			u->names = r_unit_names(&r->pool, r_unit_id(u), custom_text(r, name));
		if (notes) /* u was found by its id, by which its notes are kept */
			r_unit_set_notes(r, u, custom_text(r, notes));
		return 0;
	}
	for (size_t f = 0; f < r->n_lists; f++) {
		struct r_list *l = &r->lists[f];
		if (l->id == NULL || strcmp(l->id, id) != 0)
			continue;
		if (category)
			return customise_category(r, sys, l, category, name, notes, d);
		if (name)
			l->custom_name = custom_text(r, name);
		if (notes)
			l->custom_notes = custom_text(r, notes);
		return 0;
	}
	if (category)
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("no force '%s' in the roster"), id);
	else
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("no selection or force '%s' in the roster"), id);
	return -1;
}
