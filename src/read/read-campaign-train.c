/* read-campaign-train.c - the reader of what changes a campaign's units: advances, roll
 * tables, repairs
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Part of the reader of a system's <campaign> (read-campaign.c). Like every reader, it checks
 * what it dereferences and every reference between ids.
 */
#include "muster.h"
#include "campaign-model.h"
#include "ledger.h"
#include "read-campaign-int.h"
#include "idx.h"
#include "lang.h"
#include "read-rules.h"
#include "util.h"
#include "xml.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* <roll-table id dice per-battle losses-under unhurt> with <units> and <row roll="9" or
 * from="2" to="8", advances="a b", else="12">. Rows are read after the advances (the
 * caller reads tables last). */
int cr_read_table(struct cr *p, xmlNodePtr n)
{
	struct camp_def *c = p->c;
	struct camp_table *t = &c->tables[c->n_tables];
	t->id = xml_prop(n, "id");
	t->name = xml_prop(n, "name");
	t->ref = xml_prop(n, "ref");
	t->line = xml_line(n);
	if (t->id == NULL || idx_add(c->table_idx, t->id, t) != 0) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("roll table id '%s' is missing or used twice"), t->id ? t->id : "");
		free(t->id);
		free(t->name);
		free(t->ref);
		memset(t, 0, sizeof(*t));
		return -1;
	}
	c->n_tables++;
	if (t->name == NULL)
		t->name = xstrdup(t->id);
	bool bad;
	if (cr_read_dice(p, n, true, &t->dice, &t->lo, &t->hi) ||
	    xml_prop_long(n, "per-battle", 0, 1000000, 0, &t->per_battle, p->sys->file, p->d))
		return -1;
	t->units = cr_read_units(p, n, &bad);
	if (bad)
		return -1;
	t->under_num = t->under_den = 0;
	char *lu = xml_prop(n, "losses-under");
	if (lu) {
		free(lu);
		if (cr_read_fraction(p, n, "losses-under", &t->under_num, &t->under_den))
			return -1;
	}
	char *uh = xml_prop(n, "unhurt");
	t->unhurt = uh && strcmp(uh, "true") == 0;
	free(uh);
	t->rows = xcalloc(cr_count_named(n, "row") + 1, sizeof(*t->rows));
	for (xmlNodePtr r = xml_first_elem(n); r; r = xml_next_elem(r)) {
		if (xml_is(r, "units"))
			continue;
		if (!xml_is(r, "row"))
			CRFAIL(r, _("a <roll-table> holds <units> and <row>, not <%s>"), (const char *)r->name);
		struct camp_row *w = &t->rows[t->n_rows++];
		long roll;
		w->fallback = LONG_MIN;
		if (xml_prop_long(r, "roll", t->lo, t->hi, LONG_MIN, &roll, p->sys->file, p->d) ||
		    xml_prop_long(r, "from", t->lo, t->hi, roll == LONG_MIN ? t->lo : roll, &w->from,
		                  p->sys->file, p->d) ||
		    xml_prop_long(r, "to", t->lo, t->hi, roll == LONG_MIN ? t->hi : roll, &w->to,
		                  p->sys->file, p->d) ||
		    xml_prop_long(r, "else", t->lo, t->hi, LONG_MIN, &w->fallback, p->sys->file, p->d))
			return -1;
		if (w->from > w->to)
			CRFAIL(r, "%s", _("a <row> runs from a roll to a higher one"));
		char *ids = xml_prop(r, "advances");
		size_t k = 0;
		char **v = strv_split(ids ? ids : "", &k);
		free(ids);
		w->advances = xcalloc(k + 1, sizeof(*w->advances));
		for (size_t i = 0; i < k; i++) {
			const struct camp_advance *a = idx_get(c->advance_idx, v[i]);
			if (a == NULL) {
				diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(r), xml_col(r), NULL, NULL,
				          _("<row> names an unknown advance '%s'"), v[i]);
				strv_free(v);
				return -1;
			}
			w->advances[w->n_advances++] = a;
		}
		strv_free(v);
	}
	/* A fallback names a roll some row gives, and never leads back to itself. */
	for (size_t i = 0; i < t->n_rows; i++) {
		long f = t->rows[i].fallback;
		size_t steps = 0;
		while (f != LONG_MIN && steps++ <= t->n_rows) {
			const struct camp_row *next = NULL;
			for (size_t j = 0; j < t->n_rows && next == NULL; j++)
				if (f >= t->rows[j].from && f <= t->rows[j].to)
					next = &t->rows[j];
			if (next == NULL)
				CRFAIL(n, _("else=\"%ld\": no row of table '%s' holds that roll"), f, t->id);
			f = next->fallback;
		}
		if (f != LONG_MIN)
			CRFAIL(n, _("the else= of table '%s' go round in a circle"), t->id);
	}
	return 0;
}

/* <repair currency= wounds="ATTR" cost="COST" item-times="3">CATEGORIES</repair>. */
int cr_read_repair(struct cr *p, xmlNodePtr n)
{
	struct camp_def *c = p->c;
	c->repair_ref = xml_prop(n, "ref");
	if (cr_read_currency(p, n, "currency", true, &c->repair) || cr_read_attr(p, n, "wounds", true, &c->wounds) ||
	    xml_prop_long(n, "item-times", 0, 1000, 1, &c->item_times, p->sys->file, p->d))
		return -1;
	char *cost = xml_prop(n, "cost");
	const struct cost_def *cd = idx_get(p->sys->cost_idx, cost ? cost : "");
	if (cd == NULL) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<repair> needs cost=\"COST\" naming a cost type, not '%s'"), cost ? cost : "");
		free(cost);
		return -1;
	}
	free(cost);
	c->repair_cost = (long)cd->index;
	char *t = xml_text(n);
	char **v = strv_split(t ? t : "", NULL);
	free(t);
	for (char **s = v; *s; s++) {
		const struct category_def *cat = idx_get(p->sys->cat_idx, *s);
		if (cat == NULL) {
			diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("<repair> names an unknown category '%s'"), *s);
			strv_free(v);
			return -1;
		}
		c->item_cats = xreallocarray(c->item_cats, c->n_item_cats + 1, sizeof(*c->item_cats));
		c->item_cats[c->n_item_cats++] = cat->index;
	}
	strv_free(v);
	return 0;
}

/* choose="item" from="LEVEL" kind="KIND" same="ATTR..." with <new> SELECTOR (of items). */
static int read_item_choice(struct cr *p, xmlNodePtr n, struct camp_advance *a)
{
	if (a->pick_item || a->army)
		CRFAIL(n, "%s", _("choose=\"item\" brings an item to a unit: no target=\"item\", no scope=\"army\""));
	char *from = xml_prop(n, "from"), *kind = xml_prop(n, "kind"), *same = xml_prop(n, "same");
	const struct attr_def *lv = from ? idx_get(p->sys->attr_idx, from) : NULL;
	a->kind = kind ? idx_get(p->sys->kind_idx, kind) : NULL;
	int rc = 0;
	if (lv == NULL || lv->type != ATTR_LEVEL) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("choose=\"item\" needs from=\"LEVEL\" naming a level of the catalogs, not '%s'"),
		          from ? from : "");
		rc = -1;
	} else if (kind && a->kind == NULL) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("kind=\"%s\" names no item kind"), kind);
		rc = -1;
	}
	if (lv)
		a->from_level = (long)(lv - p->sys->attrs);
	char **v = strv_split(same ? same : "", NULL);
	for (char **s = v; rc == 0 && *s; s++) {
		const struct attr_def *at = idx_get(p->sys->attr_idx, *s);
		if (at == NULL || at->on != ON_ITEM) {
			diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("same=\"...%s...\" names no item attribute"), *s);
			rc = -1;
			break;
		}
		a->same = xreallocarray(a->same, a->n_same + 1, sizeof(*a->same));
		a->same[a->n_same++] = at;
	}
	strv_free(v);
	free(from);
	free(kind);
	free(same);
	xmlNodePtr nw = xml_child(n, "new");
	if (rc == 0 && nw) {
		struct sel_parse sp = { p->sys, p->sys->file, p->d, ON_ITEM, false, ON_UNIT };
		a->new_items = sel_parse_children(nw, &sp);
		rc = a->new_items == NULL ? -1 : 0;
	}
	return rc;
}

/* An <advance>: an option without a catalog. Its modifiers change the unit, or the item the
 * ledger names when target="item". */
static int read_advance(struct cr *p, xmlNodePtr n, struct camp_advance *a)
{
	struct entry_option *o = &a->opt;
	struct option_more *m = o->more = xcalloc(1, sizeof(*o->more));
	o->id = xml_prop(n, "id");
	o->name = xml_prop(n, "name");
	o->ref = xml_prop(n, "ref");
	o->line = a->line = xml_line(n);
	o->costs = xcalloc(p->sys->n_costs + 1, sizeof(*o->costs));
	o->max = OPTION_UNBOUNDED;
	if (o->id == NULL || idx_add(p->c->advance_idx, o->id, a) != 0)
		CRFAIL(n, _("advance id '%s' is missing or used twice"), o->id ? o->id : "");
	if (o->name == NULL)
		o->name = xstrdup(o->id);
	a->group = xml_prop(n, "group");
	if (xml_prop_long(n, "per-band", 0, 1000, 0, &a->per_band, p->sys->file, p->d) ||
	    xml_prop_long(n, "per-unit", 0, 1000, 0, &o->max, p->sys->file, p->d) ||
	    xml_prop_long(n, "per-item", 0, 1000, 0, &a->per_item, p->sys->file, p->d) ||
	    xml_prop_long(n, "min-band", -1000000, 1000000, -1000000, &a->min_band, p->sys->file, p->d) ||
	    xml_prop_long(n, "max-band", -1000000, 1000000, 1000000, &a->max_band, p->sys->file, p->d))
		return -1;
	if (o->max == 0)
		o->max = OPTION_UNBOUNDED;
	if (xml_prop_long(n, "price", 0, 1000000000L, 0, &a->price, p->sys->file, p->d) ||
	    cr_read_currency(p, n, "currency", a->price > 0, &a->price_currency) ||
	    xml_prop_long(n, "after", 0, 1000000, 0, &a->after, p->sys->file, p->d))
		return -1;
	char *scope = xml_prop(n, "scope");
	a->army = scope && strcmp(scope, "army") == 0;
	if (scope && !a->army && strcmp(scope, "unit") != 0) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("scope=\"%s\": an advance is taken by a \"unit\" or the \"army\""), scope);
		free(scope);
		return -1;
	}
	free(scope);
	if (a->army && xml_first_elem(n))
		CRFAIL(n, _("advance '%s' is the army's: it changes no unit (no <modify>, no <grant>)"), o->id);
	char *target = xml_prop(n, "target");
	a->pick_item = target && strcmp(target, "item") == 0;
	if (target && !a->pick_item && strcmp(target, "unit") != 0) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("target=\"%s\": an advance changes its unit or an item"), target);
		free(target);
		return -1;
	}
	free(target);
	o->target = a->pick_item ? TARGET_ITEM : TARGET_UNIT;
	a->keyword_on = a->pick_item ? ON_ITEM : ON_UNIT;
	char *pk = xml_prop(n, "choose");
	a->pick_keyword = pk && strcmp(pk, "keyword") == 0;
	a->choose_item = pk && strcmp(pk, "item") == 0;
	a->from_level = -1;
	if (pk && !a->pick_keyword && !a->choose_item) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("choose=\"%s\": an advance lets the player choose a keyword or an item"), pk);
		free(pk);
		return -1;
	}
	free(pk);
	if (a->choose_item && read_item_choice(p, n, a))
		return -1;
	m->mods = xcalloc(cr_count_named(n, "modify") + 1, sizeof(*m->mods));
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "modify")) {
			if (modifier_read(c, p->sys, a->pick_item ? MOD_IN_OPTION_ITEM : MOD_IN_OPTION_UNIT,
			                  p->sys->file, &m->mods[m->n_mods], p->d))
				return -1;
			m->n_mods++;
		} else if (xml_is(c, "grant")) {
			char *t = xml_text(c);
			char **v = strv_split(t, NULL);
			free(t);
			for (char **s = v; *s; s++) {
				const struct keyword_def *kd = idx_get(p->sys->kw_idx, *s);
				if (kd == NULL || kd->on != a->keyword_on) {
					diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(c), xml_col(c), NULL, NULL,
					          _("advance '%s' grants '%s', which is no keyword of its %s"), o->id,
					          *s, a->pick_item ? _("item") : _("unit"));
					strv_free(v);
					return -1;
				}
				m->grants = xreallocarray(m->grants, m->n_grants + 1, sizeof(*m->grants));
				m->grants[m->n_grants++] = kd->index;
			}
			strv_free(v);
		} else if (xml_is(c, "new") && a->choose_item) {
			continue; /* read_item_choice */
		} else {
			CRFAIL(c, _("an <advance> holds <modify> and <grant>, not <%s>"), (const char *)c->name);
		}
	}
	return 0;
}

int cr_read_advances(struct cr *p, xmlNodePtr sec)
{
	struct camp_def *c = p->c;
	c->advances = xcalloc(cr_count_named(sec, "advance") + 1, sizeof(*c->advances));
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		if (!xml_is(n, "advance"))
			continue;
		if (read_advance(p, n, &c->advances[c->n_advances++]))
			return -1;
	}
	return 0;
}
