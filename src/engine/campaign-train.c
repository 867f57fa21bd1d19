/* campaign-train.c - what a ledger's trainings and repairs make of a unit
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The half of the pass over a ledger (campaign.c) that judges the entries changing one unit
 * or the army: an advance a Level earns, one bought with a currency, one rolled on a table,
 * an item brought from the unit's barracks, and repairs of wounds and lost items. What an
 * entry breaks is an error citing the campaign rule; a roll no die gives is fatal.
 */
#include "muster.h"
#include "campaign.h"
#include "campaign-int.h"
#include "catalog.h"
#include "eval.h"
#include "idx.h"
#include "lang.h"
#include "select.h"
#include "util.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The row of table t that a roll gives unit u: the row holding the roll, or when the unit
 * took all that row gives, its fallback's, in turn. NULL when no row holds the roll; why
 * says which fallbacks were followed. */
static const struct camp_row *table_row(const struct camp_table *t, const struct camp_unit *u,
                                        long roll, struct strbuf *why)
{
	const struct camp_row *row = NULL;
	for (size_t step = 0; step <= t->n_rows; step++) {
		row = NULL;
		for (size_t j = 0; j < t->n_rows && row == NULL; j++)
			if (roll >= t->rows[j].from && roll <= t->rows[j].to)
				row = &t->rows[j];
		if (row == NULL)
			break;
		bool open = false;
		for (size_t k = 0; k < row->n_advances && !open; k++) {
			const struct camp_advance *ra = row->advances[k];
			size_t same = 0;
			for (size_t i = 0; i < u->n_trains; i++)
				same += u->trains[i].adv == ra;
			open = ra->opt.max >= OPTION_UNBOUNDED || (long)same < ra->opt.max;
		}
		if (open || row->fallback == LONG_MIN)
			break;
		strbuf_addf(why, _(" (%ld counts as %ld: the unit has taken all it gives)"), roll,
		            row->fallback);
		roll = row->fallback;
	}
	return row;
}

/* A rolled advance: the roll must be one its dice give, the unit must have come through the
 * last battle as the table asks, the table's limit per battle holds, and the advance must be
 * one the roll's row gives (or its fallback's, when the unit took all of the row's). */
int deriv_table_train(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u,
                      long bno)
{
	const struct camp_def *cd = v->cd;
	const struct camp_advance *a = le->x->adv;
	const struct camp_table *t = NULL;
	for (size_t i = 0; i < cd->n_tables && t == NULL; i++)
		if (deriv_unit_matches(v, u, cd->tables[i].units))
			t = &cd->tables[i];
	if (t == NULL) {
		deriv_violation(v, le, 0, 0, a->opt.ref, _("%s rolls on no table"), unit_name(u));
		return 0;
	}
	if (le->x->roll < t->lo || le->x->roll > t->hi) {
		diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, t->ref, NULL,
		          _("a roll of %ld is impossible on %s (%ld to %ld)"), le->x->roll, t->dice, t->lo,
		          t->hi);
		return -1;
	}
	size_t ti = (size_t)(t - cd->tables);
	bool lost = bno > 0 && u->battle == bno;
	if (bno > 0 && t->unhurt && lost && (u->battle_lost || u->battle_wounds)) {
		deriv_violation(v, le, 0, 0, t->ref, _("%s was hurt in the last battle: it does not roll on %s"),
		                unit_name(u), t->name);
		return 0;
	}
	if (bno > 0 && t->under_den && lost &&
	    (int64_t)u->battle_lost * t->under_den >= (int64_t)u->battle_models * t->under_num) {
		deriv_violation(v, le, 0, 0, t->ref,
		                _("%s lost %ld of %ld models in the last battle: it rolls on %s with losses under %ld/%ld"),
		                unit_name(u), u->battle_lost, u->battle_models, t->name, t->under_num, t->under_den);
		return 0;
	}
	if (u->rolled == bno + 1) {
		deriv_violation(v, le, 0, 0, t->ref, _("%s has rolled on %s since the last battle"),
		                unit_name(u), t->name);
		return 0;
	}
	if (t->per_battle && v->table_used[ti] >= t->per_battle) {
		deriv_violation(v, le, 0, 0, t->ref,
		                _("%ld units were upgraded on %s since the last battle: at most %ld per battle"),
		                v->table_used[ti], t->name, t->per_battle);
		return 0;
	}
	struct strbuf why = STRBUF_INIT;
	const struct camp_row *row = table_row(t, u, le->x->roll, &why);
	bool listed = false;
	struct strbuf opts = STRBUF_INIT;
	for (size_t k = 0; row && k < row->n_advances; k++) {
		listed |= row->advances[k] == a;
		strbuf_addf(&opts, "%s%s", k ? ", " : "", row->advances[k]->opt.id);
	}
	if (row == NULL || row->n_advances == 0)
		deriv_violation(v, le, 0, 0, t->ref, _("a roll of %ld on %s gives no upgrade%s"), le->x->roll,
		                t->name, why.s ? why.s : "");
	else if (!listed)
		deriv_violation(v, le, 0, 0, t->ref, _("a roll of %ld on %s gives %s%s, not '%s'"), le->x->roll,
		                t->name, opts.s, why.s ? why.s : "", a->opt.id);
	else {
		size_t same = 0;
		for (size_t i = 0; i < u->n_trains; i++)
			same += u->trains[i].adv == a;
		if (a->opt.max < OPTION_UNBOUNDED && (long)same >= a->opt.max)
			deriv_violation(v, le, 0, 0, a->opt.ref ? a->opt.ref : t->ref,
			                _("%s has taken '%s' %zu times: at most %ld per unit"), unit_name(u),
			                a->opt.name, same, a->opt.max);
		else {
			u->trains = xreallocarray(u->trains, u->n_trains + 1, sizeof(*u->trains));
			u->trains[u->n_trains++] = (struct camp_train){ a, u->band, le->x->item, le->x->keyword,
			                                                (size_t)(le - v->c->ledger), NULL, NULL };
			u->rolled = bno + 1;
			v->table_used[ti]++;
		}
	}
	strbuf_release(&why);
	strbuf_release(&opts);
	return 0;
}

/* Spends repair points: wounds missing since the last battle, or an item a death lost. */
void deriv_repair(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u, long bno)
{
	const struct camp_def *cd = v->cd;
	size_t ci = (size_t)cd->repair_cost;
	int64_t cost = 0;
	char *what;
	if (le->x->wounds) {
		long missing = u->battle == bno ? u->missing : 0;
		if (le->x->wounds > missing) {
			deriv_violation(v, le, 0, 0, cd->repair_ref,
			                ngettext("%s misses %ld wound since the last battle: %ld cannot be repaired",
			                         "%s misses %ld wounds since the last battle: %ld cannot be repaired",
			                         (unsigned long)missing), unit_name(u), missing, le->x->wounds);
			return;
		}
		long models = u->models > 0 ? u->models : 1;
		int64_t model = deriv_cost_of(v, u, models, ci);
		model = div_round((long)model, models, v->sys->rounding);
		cost = (int64_t)le->x->wounds * div_round((long)model, deriv_wounds_of(v, u), v->sys->rounding);
		u->missing -= le->x->wounds;
		what = xasprintf(ngettext("repairing %ld wound of %s", "repairing %ld wounds of %s",
		                          (unsigned long)le->x->wounds), le->x->wounds, unit_name(u));
	} else {
		const struct entry_option *o = entry_option(u->ru->entry, le->x->item);
		bool cat = cd->n_item_cats == 0;
		for (size_t i = 0; o && i < o->n_cats && !cat; i++)
			for (size_t j = 0; j < cd->n_item_cats && !cat; j++)
				cat = o->cats[i] == cd->item_cats[j];
		if (o == NULL || !cat) {
			deriv_violation(v, le, 0, 0, cd->repair_ref, _("'%s' is no item %s can buy back"), le->x->item,
			                unit_name(u));
			return;
		}
		if (u->deaths <= u->items_back) {
			deriv_violation(v, le, 0, 0, cd->repair_ref,
			                ngettext("%s died %ld time and bought back %ld items: no lost item is left to buy back",
			                         "%s died %ld times and bought back %ld items: no lost item is left to buy back",
			                         (unsigned long)u->deaths),
			                unit_name(u), u->deaths, u->items_back);
			return;
		}
		u->items_back++;
		cost = (int64_t)cd->item_times * o->costs[ci];
		what = xasprintf(_("buying back %s for %s"), o->name, unit_name(u));
	}
	deriv_pay_in(v, le, cd->repair, cost, what, cd->repair_ref);
	free(what);
}

bool deriv_item_of(const struct camp_unit *u, const char *id)
{
	const struct entry *e = u->ru->entry;
	if (entry_item(e, id))
		return true;
	return false;
}

/* A bought advance: open after `after` bought ones, and paid. False when refused. */
static bool buy(struct deriv *v, const struct ledger_entry *le, const struct camp_advance *a)
{
	const char *ref = a->opt.ref ? a->opt.ref : v->cd->ref;
	if (v->c->bought < a->after) {
		deriv_violation(v, le, 0, 0, ref,
		                _("'%s' comes after %ld advances; the army has taken %ld"), a->opt.name, a->after,
		                v->c->bought);
		return false;
	}
	if (a->price > 0) {
		int64_t pool = v->c->pools[a->price_currency];
		if (a->price > pool) {
			deriv_violation(v, le, 0, 0, ref, _("'%s' costs %ld %s; only %" PRId64 " are left"),
			                a->opt.name, a->price, v->cd->currencies[a->price_currency].name, pool);
			return false;
		}
		v->c->pools[a->price_currency] -= a->price;
		v->c->bought++;
	}
	return true;
}

void deriv_army_train(struct deriv *v, const struct ledger_entry *le)
{
	const struct camp_advance *a = le->x->adv;
	struct campaign *c = v->c;
	size_t same = 0;
	for (size_t i = 0; i < c->n_army_trains; i++)
		same += c->army_trains[i].adv == a;
	if (a->opt.max < OPTION_UNBOUNDED && (long)same >= a->opt.max) {
		deriv_violation(v, le, 0, 0, a->opt.ref ? a->opt.ref : v->cd->ref,
		                _("the army has taken '%s' %zu times: at most %ld"), a->opt.name, same, a->opt.max);
		return;
	}
	if (!buy(v, le, a))
		return;
	c->army_trains = xreallocarray(c->army_trains, c->n_army_trains + 1, sizeof(*c->army_trains));
	c->army_trains[c->n_army_trains++] = (struct camp_train){ a, 0, NULL, -1,
	                                                          (size_t)(le - c->ledger), NULL, NULL };
}

/* The group of entry e at catalog level `level` (index in sys->attrs), or NULL. */
static const struct group *group_at(const struct entry *e, long level)
{
	for (const struct group *g = e->group; g; g = g->parent)
		if ((long)g->level == level)
			return g;
	return NULL;
}

/* A choose="item" training: the item must be one of another entry under the unit's group at
 * the advance's level (its barracks), of its kind; new, it must match <new>; replacing one
 * of the unit's items, it must equal it in the attributes `same`. The barracks are indexed
 * once per ledger, by group and item id. */
static bool barracks(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u,
                     const struct item **out)
{
	const struct camp_advance *a = le->x->adv;
	const char *ref = a->opt.ref ? a->opt.ref : v->cd->ref;
	const struct group *home = group_at(u->ru->entry, a->from_level);
	if (v->barracks == NULL) {
		v->barracks = idx_new();
		for (size_t ci = 0; ci < v->sys->n_catalogs; ci++) {
			const struct catalog *cat = v->sys->catalogs[ci];
			for (size_t ei = 0; ei < cat->n_entries; ei++) {
				const struct entry *e = &cat->entries[ei];
				for (const struct group *g = e->group; g; g = g->parent) {
					for (size_t ii = 0; ii < e->n_items; ii++) {
						char *key = xasprintf("%p|%s", (const void *)g, e->items[ii].id);
						if (idx_get(v->barracks, key) == NULL) {
							v->keys = xreallocarray(v->keys, v->n_keys + 1, sizeof(*v->keys));
							v->keys[v->n_keys++] = key;
							idx_add(v->barracks, key, &e->items[ii]);
						} else {
							free(key);
						}
					}
				}
			}
		}
	}
	char *key = xasprintf("%p|%s", (const void *)home, le->x->item);
	const struct item *it = home ? idx_get(v->barracks, key) : NULL;
	free(key);
	const char *gname = home ? home->name : "-";
	if (it == NULL || (a->kind && it->kind != a->kind)) {
		deriv_violation(v, le, 0, 0, ref, _("'%s' is no %s of the %s barracks"), le->x->item,
		                a->kind ? a->kind->name : _("item"), gname);
		return false;
	}
	if (le->x->replaces) {
		const struct item *old = entry_item(u->ru->entry, le->x->replaces);
		if (old == NULL) {
			deriv_violation(v, le, 0, 0, ref, _("%s has no item '%s' to replace"), unit_name(u),
			                le->x->replaces);
			return false;
		}
		for (size_t i = 0; i < a->n_same; i++) {
			const struct value *x = item_value(old->vals, a->same[i]);
			const struct value *y = item_value(it->vals, a->same[i]);
			bool eq = x->set == y->set &&
			          (!x->set || (x->i == y->i && strcmp(x->s ? x->s : "", y->s ? y->s : "") == 0));
			if (!eq) {
				deriv_violation(v, le, 0, 0, ref, _("%s replaces %s only with an item of the same %s"),
				                it->name, old->name, a->same[i]->name);
				return false;
			}
		}
	} else if (a->new_items) {
		struct eunit eu;
		deriv_card(u, &eu);
		struct eitem ew;
		memset(&ew, 0, sizeof(ew));
		ew.w = it;
		ew.kw = it->kw;
		ew.vals = it->vals;
		struct sel_ctx sc = { v->sys, &v->r->lists[u->list], &eu, 1, NULL, NULL, NULL, NULL };
		if (!sel_match(a->new_items, &sc, &eu, &ew)) {
			deriv_violation(v, le, 0, 0, ref, _("%s is not an item '%s' may add (it may replace one)"),
			                it->name, a->opt.name);
			return false;
		}
	}
	*out = it;
	return true;
}

void deriv_train(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u)
{
	const struct camp_advance *a = le->x->adv;
	const struct item *adds = NULL;
	const char *ref = a->opt.ref ? a->opt.ref : v->cd->level_ref;
	long pending = u->level - u->start_level - (long)u->n_trains;
	for (size_t i = 0; i < u->n_trains; i++)
		pending += u->trains[i].adv->price > 0 || u->trains[i].adv->after > 0;
	if (a->price > 0 || a->after > 0)
		pending = 1; /* bought, not earned by a Level */
	if (pending <= 0) {
		deriv_violation(v, le, 0, 0, ref,
		                _("%s is Level %ld and has taken %zu trainings since Level %ld: it needs a new Level to train '%s'"),
		                unit_name(u), u->level, u->n_trains, u->start_level, a->opt.name);
		return;
	}
	if (a->pick_item && le->x->item) {
		/* The item on the card now: the entry's own unless swapped away, or one brought. */
		bool own = deriv_item_of(u, le->x->item), there = own;
		for (size_t i = 0; i < u->n_trains; i++) {
			const struct camp_train *t = &u->trains[i];
			if (t->drops && strcmp(t->drops, le->x->item) == 0)
				there = false;
			if (t->adds && strcmp(t->adds->id, le->x->item) == 0)
				there = true;
		}
		if (!there) {
			deriv_violation(v, le, 0, 0, ref, _("%s does not carry '%s' now: '%s' cannot change it"),
			                unit_name(u), le->x->item, a->opt.name);
			return;
		}
	}
	size_t same = 0, band = 0, item = 0;
	const char *group = a->group ? a->group : a->opt.id;
	for (size_t i = 0; i < u->n_trains; i++) {
		const struct camp_train *t = &u->trains[i];
		const char *tg = t->adv->group ? t->adv->group : t->adv->opt.id;
		same += t->adv == a;
		band += strcmp(tg, group) == 0 && t->band == u->band;
		item += t->adv == a && le->x->item && t->item && strcmp(t->item, le->x->item) == 0;
	}
	const char *bname = v->cd->band ? v->cd->band->name : _("band");
	if (u->band < a->min_band || u->band > a->max_band)
		deriv_violation(v, le, 0, 0, ref, _("%s is %s %ld: '%s' is taken at %s %ld to %ld"),
		                unit_name(u), bname, u->band, a->opt.name, bname,
		                a->min_band < 0 ? 0 : a->min_band, a->max_band);
	else if (a->opt.max < OPTION_UNBOUNDED && (long)same >= a->opt.max)
		deriv_violation(v, le, 0, 0, ref, _("%s has taken '%s' %zu times: at most %ld per unit"),
		                unit_name(u), a->opt.name, same, a->opt.max);
	else if (a->per_band && (long)band >= a->per_band)
		deriv_violation(v, le, 0, 0, ref, _("%s has taken '%s' %zu times at %s %ld: at most %ld per %s"),
		                unit_name(u), a->opt.name, band, bname, u->band, a->per_band, bname);
	else if (a->per_item && (long)item >= a->per_item)
		deriv_violation(v, le, 0, 0, ref, _("%s has taken '%s' on %s already: at most %ld per item"),
		                unit_name(u), a->opt.name, le->x->item, a->per_item);
	else if (a->choose_item && !barracks(v, le, u, &adds))
		;
	else if (buy(v, le, a)) {
		u->trains = xreallocarray(u->trains, u->n_trains + 1, sizeof(*u->trains));
		u->trains[u->n_trains++] = (struct camp_train){ a, u->band, a->choose_item ? NULL : le->x->item,
		                                                le->x->keyword, (size_t)(le - v->c->ledger),
		                                                adds, le->x->replaces };
	}
}
