/* campaign.c - what a roster's ledger makes of its army
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One pass over the ledger, in its order: the start pays for the starting army, enlistments pay
 * for new units and models, a battle earns currencies by the system's <earn> terms and rolls
 * for destroyed models, XP spent raises Levels, a training takes an advance within its limits.
 * Every figure is derived, never stored, so a corrected entry corrects all that follows. What
 * an entry breaks is an error citing the campaign rule; what cannot be understood (an unknown
 * unit, a die roll no die gives) is fatal, with the entry's line. The entries that change one
 * unit or the army (trainings, repairs) are judged in campaign-train.c; campaign-int.h holds
 * the pass's state that the two files share.
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

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

long camp_level(const struct camp_def *cd, long xp)
{
	long lv = 0;
	for (size_t i = 0; i < cd->n_steps && cd->steps[i].xp <= xp; i++)
		lv = cd->steps[i].level;
	return lv;
}

long camp_band_of(const struct camp_def *cd, long level)
{
	if (level < 0 || (size_t)level >= cd->n_steps)
		return cd->n_steps ? cd->steps[cd->n_steps - 1].band : 0;
	return cd->steps[level].band;
}

long camp_level_xp(const struct camp_def *cd, long level)
{
	return level >= 0 && (size_t)level < cd->n_steps ? cd->steps[level].xp : -1;
}

void camp_trip(const struct camp_travel *tr, const struct camp_terrain *t, long cost, long speed,
               long distance, long travelled, long moved, struct trip *out)
{
	memset(out, 0, sizeof(*out));
	out->terrain = t;
	out->value = cost;
	out->per_day = t->per_day;
	long up_to = -1;
	for (size_t i = 0; t->attr && i < t->n_speeds; i++)
		if (t->speeds[i].value == speed) {
			out->per_day = t->speeds[i].per_day;
			up_to = t->speeds[i].up_to;
			if (distance > up_to && out->per_day == 0)
				out->needs = t->speeds[i].needs ? t->speeds[i].needs : "";
		}
	if (out->per_day > 0)
		out->days = (distance + out->per_day - 1) / out->per_day;
	else
		out->days = distance > 0 ? 1 : 0; /* within up_to: one day */
	for (long d = 0; d < out->days; d++)
		out->cost += cost + tr->rising * (travelled + d);
	out->left = tr->max - moved - distance;
	out->too_far = out->left < 0;
	out->camp_cost = cost;
	out->camp_too_late = out->left < tr->camp_left;
}

/* --- the pass ------------------------------------------------------------------------------ */

static int64_t unit_cost(const struct deriv *v, const struct camp_unit *u, long models)
{
	if (v->cd->pay < 0)
		return 0;
	return deriv_cost_of(v, u, models, (size_t)v->cd->currencies[v->cd->pay].cost);
}

static void set_level(struct deriv *v, struct camp_unit *u)
{
	u->level = camp_level(v->cd, u->xp);
	u->band = camp_band_of(v->cd, u->level);
}

static bool is_once(struct deriv *v, struct camp_unit *u)
{
	return v->cd->once != NULL && deriv_unit_matches(v, u, v->cd->once);
}

static void pay(struct deriv *v, const struct ledger_entry *le, int64_t amount, const char *what)
{
	deriv_pay_in(v, le, v->cd->pay, amount, what, v->cd->start_ref);
}

static void enlist(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u)
{
	const struct value *g = v->cd->band ? &u->ru->entry->vals[v->cd->band->index] : NULL;
	long band = g && g->set ? g->i : 0;
	u->start_level = 0;
	for (size_t i = 0; i < v->cd->n_steps; i++)
		if (v->cd->steps[i].band == band) {
			u->start_level = v->cd->steps[i].level;
			break;
		}
	u->xp = camp_level_xp(v->cd, u->start_level);
	if (u->xp < 0)
		u->xp = 0;
	set_level(v, u);
	u->enlisted = true;
	u->models = u->paid_models = u->ru->models;
	if (le && is_once(v, u)) {
		const struct camp_unit *prev = idx_get(v->gone, u->ru->entry->id);
		if (prev)
			deriv_violation(v, le, 0, 0, v->cd->once_ref,
			                _("%s enlists once and was destroyed (line %ld): it cannot enlist again"),
			                u->ru->entry->name, (long)prev->ru->line);
	}
}

static void earn(struct deriv *v, const struct ledger_entry *le, struct camp_battle *b)
{
	for (size_t ei = 0; ei < v->cd->n_earns; ei++) {
		const struct camp_earn *e = &v->cd->earns[ei];
		int64_t total = 0;
		for (size_t ti = 0; ti < e->n_terms; ti++) {
			const struct camp_term *t = &e->terms[ti];
			if (t->when != RESULT_NONE && t->when != le->x->result)
				continue;
			int64_t x = 0;
			switch (t->kind) {
			case TERM_VP:
				x = le->x->vp;
				break;
			case TERM_OPPONENT_VP:
				x = le->x->opponent_vp;
				break;
			case TERM_HURT:
				for (size_t i = 0; i < le->x->n_hurt; i++)
					x += le->x->hurt[i] > t->least ? le->x->hurt[i] : t->least;
				break;
			case TERM_LOST:
				/* Once per unit per battle: a unit named twice counts once. */
				v->stamp++;
				for (size_t i = 0; i < le->x->n_losses; i++) {
					struct camp_unit *u = idx_get(v->ids, le->x->losses[i].unit);
					if (u == NULL || u->stamp == v->stamp || le->x->losses[i].models == 0)
						continue; /* wounds alone lose no models */
					u->stamp = v->stamp;
					long val = t->level ? u->level : deriv_base_value(v, u, t->attr);
					x += val > t->least ? val : t->least;
				}
				break;
			}
			total += div_round((long)(x * t->num), t->den, v->sys->rounding);
		}
		v->c->pools[e->currency] += total;
		b->earned[e->currency] += total;
	}
}

static int recover(struct deriv *v, const struct ledger_entry *le, struct camp_battle *b)
{
	const struct camp_def *cd = v->cd;
	bool desertion = cd->desertion >= 0 && v->r->fields[cd->desertion];
	for (size_t i = 0; i < le->x->n_losses; i++) {
		const struct le_loss *l = &le->x->losses[i];
		struct camp_unit *u = idx_get(v->ids, l->unit);
		if (l->models > u->models) {
			deriv_violation(v, le, l->line, l->col, cd->recovery_ref,
			                _("%s loses %ld models but has %ld"), unit_name(u), l->models, u->models);
			continue;
		}
		long rolled = l->models, back = 0;
		if (desertion) {
			rolled = l->models - l->morale;
			back = div_round(l->morale, 2, v->sys->rounding);
		}
		if (cd->dice == NULL) {
			if (l->n_rolls)
				deriv_violation(v, le, l->line, l->col, NULL, "%s",
				                _("this system's campaign has no recovery rolls"));
			rolled = 0;
		} else if ((long)l->n_rolls != rolled) {
			diags_add(v->d, SEV_FATAL, v->r->file, l->line, l->col, cd->recovery_ref, NULL,
			          _("%ld models of %s need a recovery roll each (%s%s); %zu given"), rolled,
			          unit_name(u), cd->dice,
			          desertion && l->morale ? _(", those destroyed by morale excepted") : "",
			          l->n_rolls);
			return -1;
		}
		long lo = 0, hi = 0;
		if (cd->dice)
			dice_range(cd->dice, &lo, &hi);
		for (size_t k = 0; cd->dice && k < l->n_rolls; k++) {
			if (l->rolls[k] < lo || l->rolls[k] > hi) {
				diags_add(v->d, SEV_FATAL, v->r->file, l->line, l->col, cd->recovery_ref, NULL,
				          _("a roll of %ld is impossible on %s (%ld to %ld)"), l->rolls[k], cd->dice,
				          lo, hi);
				return -1;
			}
			if (l->spent[k]) {
				char *what = xasprintf(_("a recovery roll for %s"), unit_name(u));
				pay(v, le, l->spent[k], what);
				free(what);
			}
			long add = cd->rec_add ? deriv_base_value(v, u, cd->rec_add) : 0;
			if (l->rolls[k] + add + l->spent[k] >= deriv_trained_value(v, u, cd->rec_target))
				back++;
		}
		long lost = l->models - back;
		u->models -= lost;
		u->lost += lost;
		b->recovered += back;
		b->lost += lost;
		if (cd->rec_gain && cd->gain_currency >= 0) {
			/* Only models rolled for and not recovered pay out, not deserters. */
			long failed = (long)l->n_rolls - (back - (desertion ? div_round(l->morale, 2, v->sys->rounding) : 0));
			int64_t g = (int64_t)failed * deriv_base_value(v, u, cd->rec_gain);
			v->c->pools[cd->gain_currency] += g;
			b->earned[cd->gain_currency] += g;
		}
		if (u->models == 0) {
			u->destroyed = true;
			if (is_once(v, u) && idx_get(v->gone, u->ru->entry->id) == NULL)
				idx_add(v->gone, u->ru->entry->id, u);
		}
	}
	return 0;
}

/* What a roll of roll on loss roll lr does to unit u (w wounds a model): the first outcome it
 * reaches. */
static void loss_outcome(struct camp_unit *u, struct camp_battle *b,
                         const struct camp_loss_roll *lr, long roll, long w)
{
	for (size_t o = 0; o < lr->n_outcomes; o++) {
		const struct camp_outcome *oc = &lr->outcomes[o];
		long to = oc->to;
		if (oc->rising) {
			to += oc->rising * u->deaths;
			if (to > oc->most)
				to = oc->most;
		}
		if (roll > to)
			continue;
		switch (oc->effect) {
		case LOSS_DIES:
			u->deaths++;
			b->lost++;
			break;
		case LOSS_WOUNDS:
			u->wounds_left = oc->value;
			u->missing += w > oc->value ? w - oc->value : 0;
			break;
		case LOSS_DOWN: {
			long down = oc->value < 0 ? roll : oc->value;
			u->down += down;
			u->missing += down * w;
			break;
		}
		case LOSS_NONE:
			break;
		}
		return;
	}
}

/* Losses under loss rolls: nothing is lost for good; what the rolls give is carried to the
 * next battle (models down, models with fewer wounds), and a death for good counts. */
static int carry(struct deriv *v, const struct ledger_entry *le, struct camp_battle *b, long bno)
{
	const struct camp_def *cd = v->cd;
	for (size_t i = 0; i < le->x->n_losses; i++) {
		const struct le_loss *l = &le->x->losses[i];
		struct camp_unit *u = idx_get(v->ids, l->unit);
		if (u->battle != bno) {
			/* Its first loss in this battle: what the last battle left is healed. */
			long down = u->battle == bno - 1 ? u->down : 0;
			u->battle = bno;
			u->battle_models = u->models - down > 0 ? u->models - down : 1;
			u->battle_lost = u->battle_wounds = 0;
			u->down = u->wounds_left = u->missing = 0;
			u->rolled_on = NULL;
		}
		if (l->models > u->battle_models - u->battle_lost) {
			deriv_violation(v, le, l->line, l->col, cd->ref, _("%s loses %ld models but has %ld"),
			                unit_name(u), l->models, u->battle_models - u->battle_lost);
			continue;
		}
		u->battle_lost += l->models;
		u->battle_wounds += l->wounds;
		if (l->models == 0) {
			if (l->n_rolls) {
				diags_add(v->d, SEV_FATAL, v->r->file, l->line, l->col, NULL, NULL,
				          _("%s lost no models: no roll is made for it"), unit_name(u));
				return -1;
			}
			continue;
		}
		const struct camp_loss_roll *lr = NULL;
		for (size_t k = 0; k < cd->n_loss_rolls && lr == NULL; k++) {
			const struct camp_loss_roll *c = &cd->loss_rolls[k];
			if (deriv_unit_matches(v, u, c->units) &&
			    (int64_t)u->battle_lost * c->min_den >= (int64_t)u->battle_models * c->min_num &&
			    u->battle_models >= c->from_models && u->battle_models < c->below_models)
				lr = c;
		}
		long need = lr && lr->dice ? (lr->per_model ? l->models : 1) : 0;
		if ((long)l->n_rolls != need) {
			if (lr && lr->dice)
				diags_add(v->d, SEV_FATAL, v->r->file, l->line, l->col, lr->ref, NULL,
				          _("%s: %s rolls %s %s; %ld rolls needed, %zu given"), unit_name(u),
				          lr->name, lr->dice,
				          lr->per_model ? _("for each model lost") : _("once"), need, l->n_rolls);
			else
				diags_add(v->d, SEV_FATAL, v->r->file, l->line, l->col, lr ? lr->ref : NULL, NULL,
				          _("%s: no roll is made for these losses; %zu given"), unit_name(u),
				          l->n_rolls);
			return -1;
		}
		if (lr == NULL)
			continue;
		u->rolled_on = lr->name;
		long w = deriv_wounds_of(v, u);
		for (size_t k = 0; k < (lr->dice ? l->n_rolls : 1); k++) {
			long roll = lr->dice ? l->rolls[k] : 0;
			if (lr->dice && l->spent[k]) {
				diags_add(v->d, SEV_FATAL, v->r->file, l->line, l->col, lr->ref, NULL,
				          _("%s: nothing is spent on a roll for %s (+%ld)"), unit_name(u), lr->name,
				          l->spent[k]);
				return -1;
			}
			if (lr->dice && (roll < lr->lo || roll > lr->hi)) {
				diags_add(v->d, SEV_FATAL, v->r->file, l->line, l->col, lr->ref, NULL,
				          _("a roll of %ld is impossible on %s (%ld to %ld)"), roll, lr->dice,
				          lr->lo, lr->hi);
				return -1;
			}
			loss_outcome(u, b, lr, roll, w);
		}
	}
	return 0;
}

static int resolve_entry(struct deriv *v, struct ledger_entry *le, size_t i, struct idx *brought,
                         char ***keys, size_t *n_keys);

/* Resolves each entry's unit; fatal when an id names no unit of the roster. */
static int resolve(struct deriv *v)
{
	struct campaign *c = v->c;
	/* Items a choose="item" training brought earlier, by "UNIT ITEM": a later training may
	 * change them. */
	struct idx *brought = idx_new();
	char **keys = NULL;
	size_t n_keys = 0;
	int rc = 0;
	for (size_t i = 0; i < c->n_ledger && rc == 0; i++)
		rc = resolve_entry(v, &c->ledger[i], i, brought, &keys, &n_keys);
	for (size_t i = 0; i < n_keys; i++)
		free(keys[i]);
	free(keys);
	idx_free(brought);
	return rc;
}

static int resolve_entry(struct deriv *v, struct ledger_entry *le, size_t i, struct idx *brought,
                         char ***keys, size_t *n_keys)
{
	struct campaign *c = v->c;
	const char *uid = le->unit;
	for (size_t k = 0; k <= le->x->n_losses; k++) {
		long line = k ? le->x->losses[k - 1].line : le->line;
		long col = k ? le->x->losses[k - 1].col : le->col;
		if (k)
			uid = le->x->losses[k - 1].unit;
		if (uid == NULL)
			continue;
		struct camp_unit *u = idx_get(v->ids, uid);
		if (u == NULL) {
			diags_add(v->d, SEV_FATAL, v->r->file, line, col, NULL, NULL,
			          _("the ledger names unit '%s', which no list holds (give the unit id=\"%s\")"),
			          uid, uid);
			return -1;
		}
	}
	if (le->kind == LE_TRAIN && le->x->adv->choose_item) {
		char *key = xasprintf("%s\037%s", le->unit, le->x->item);
		if (idx_add(brought, key, le) == 0) {
			*keys = xreallocarray(*keys, *n_keys + 1, sizeof(**keys));
			(*keys)[(*n_keys)++] = key;
		} else {
			free(key);
		}
	}
	if (le->kind == LE_TRAIN && le->x->adv->pick_item) {
		struct camp_unit *u = idx_get(v->ids, le->unit);
		char *key = le->x->item ? xasprintf("%s\037%s", le->unit, le->x->item) : NULL;
		bool ok = le->x->item && (deriv_item_of(u, le->x->item) || idx_get(brought, key));
		free(key);
		if (!ok) {
			diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, NULL, NULL,
			          _("training '%s' changes an item: name one of %s's items with item=\"ID\""),
			          le->x->adv->opt.id, unit_name(u));
			return -1;
		}
	}
	if (le->kind == LE_ENLIST && le->x->models == 0) {
		struct camp_unit *u = idx_get(v->ids, le->unit);
		if (u->enlisted_at >= 0) {
			diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, NULL, NULL,
			          _("unit '%s' is enlisted twice (line %ld)"), le->unit,
			          (long)c->ledger[u->enlisted_at].line);
			return -1;
		}
		u->enlisted_at = (long)i;
	}
	return 0;
}

/* The ledger's <start>, its first entry i: the pools, the means, the units enlisted at the
 * start and what they may cost. -1 on a fatal error. */
static int walk_start(struct deriv *v, const struct ledger_entry *le, size_t i)
{
	struct campaign *c = v->c;
	const struct camp_def *cd = v->cd;
	if (i != 0) {
		diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, cd->start_ref, NULL, "%s",
		          _("a ledger has one <start>, its first entry"));
		return -1;
	}
	c->started = true;
	c->start_amount = le->amount;
	if (cd->pay >= 0)
		c->pools[cd->pay] = le->amount;
	long picks = 0;
	for (size_t k = 0; k < le->x->n_means; k++) {
		picks += le->x->means[k].times;
		v->yields[le->x->means[k].def->currency] +=
			(int64_t)le->x->means[k].def->yield * le->x->means[k].times;
	}
	if (picks > cd->max_means)
		deriv_violation(v, le, 0, 0, cd->means_ref,
		                _("%ld ration means chosen; at most %ld at the start"), picks, cd->max_means);
	for (size_t k = 0; k < c->n_units; k++) {
		if (c->units[k].enlisted_at >= 0)
			continue;
		enlist(v, NULL, &c->units[k]);
		c->start_spent += unit_cost(v, &c->units[k], c->units[k].models);
	}
	if (cd->pay < 0)
		return 0;
	int64_t share = div_round((long)(le->amount * cd->share_num), cd->share_den,
	                          v->sys->rounding);
	const struct camp_currency *cc = &cd->currencies[cd->pay];
	if (c->start_spent > share)
		deriv_violation(v, le, 0, 0, cd->start_ref,
		                _("the army at the start costs %" PRId64 " %s; at most %" PRId64 " of the %" PRId64 " starting %s (%ld/%ld) may be spent on it"),
		                c->start_spent, cc->name, share, (int64_t)le->amount, cc->name,
		                cd->share_num, cd->share_den);
	c->pools[cd->pay] -= c->start_spent;
	return 0;
}

/* A <battle>, entry i: what is earned, and what becomes of the units that lost models. -1 on
 * a fatal error. */
static int walk_battle(struct deriv *v, const struct ledger_entry *le, size_t i)
{
	struct campaign *c = v->c;
	const struct camp_def *cd = v->cd;
	struct camp_battle *b = &c->battles[c->n_battles++];
	b->entry = i;
	b->earned = xcalloc(cd->n_currencies + 1, sizeof(*b->earned));
	/* What is not storable is gone when the next battle comes. */
	for (size_t k = 0; k < cd->n_currencies; k++)
		if (cd->currencies[k].expires)
			c->pools[k] = 0;
	for (size_t k = 0; k < cd->n_tables; k++)
		v->table_used[k] = 0;
	for (size_t k = 0; k < cd->n_currencies; k++) {
		c->pools[k] += v->yields[k];
		b->earned[k] += v->yields[k];
	}
	for (size_t k = 0; k < le->x->n_losses; k++) {
		struct camp_unit *lu = idx_get(v->ids, le->x->losses[k].unit);
		if (!lu->enlisted || lu->destroyed) {
			diags_add(v->d, SEV_FATAL, v->r->file, le->x->losses[k].line, le->x->losses[k].col,
			          NULL, NULL, _("%s is not in the army at this battle"), unit_name(lu));
			return -1;
		}
	}
	earn(v, le, b);
	return cd->n_loss_rolls ? carry(v, le, b, (long)c->n_battles) : recover(v, le, b);
}

static int walk(struct deriv *v)
{
	struct campaign *c = v->c;
	const struct camp_def *cd = v->cd;
	for (size_t i = 0; i < c->n_ledger; i++) {
		struct ledger_entry *le = &c->ledger[i];
		struct camp_unit *u = le->unit ? idx_get(v->ids, le->unit) : NULL;
		if (i == 0 && le->kind != LE_START) {
			diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, cd->start_ref, NULL, "%s",
			          _("a ledger begins with its <start>"));
			return -1;
		}
		if (u && !u->enlisted && !(le->kind == LE_ENLIST && le->x->models == 0)) {
			deriv_violation(v, le, 0, 0, cd->ref, _("%s is not enlisted yet at this point of the ledger"),
			                unit_name(u));
			continue;
		}
		if (u && u->destroyed) {
			deriv_violation(v, le, 0, 0, cd->ref, _("%s was destroyed before this entry"), unit_name(u));
			continue;
		}
		switch (le->kind) {
		case LE_START:
			if (walk_start(v, le, i))
				return -1;
			break;
		case LE_ENLIST:
			if (le->x->models == 0) {
				enlist(v, le, u);
				char *what = xasprintf(_("enlisting %s"), unit_name(u));
				pay(v, le, unit_cost(v, u, u->models), what);
				free(what);
			} else {
				int64_t before = unit_cost(v, u, u->models);
				u->models += le->x->models;
				u->paid_models += le->x->models;
				char *what = xasprintf(_("enlisting %ld models into %s"), le->x->models, unit_name(u));
				pay(v, le, unit_cost(v, u, u->models) - before, what);
				free(what);
			}
			break;
		case LE_BATTLE:
			if (walk_battle(v, le, i))
				return -1;
			break;
		case LE_XP: {
			int64_t *pool = &c->pools[cd->xp];
			long cap = cd->steps[cd->n_steps - 1].xp;
			if (le->amount > *pool)
				deriv_violation(v, le, 0, 0, cd->level_ref,
				                _("%ld %s spent on %s; the army's pool holds %" PRId64), le->amount,
				                cd->currencies[cd->xp].name, unit_name(u), *pool);
			else if (u->xp + le->amount > cap)
				deriv_violation(v, le, 0, 0, cd->level_ref,
				                _("%s would have %ld XP: Level %ld (%ld XP) is the highest"), unit_name(u),
				                u->xp + le->amount, cd->steps[cd->n_steps - 1].level, cap);
			else {
				*pool -= le->amount;
				u->xp += le->amount;
				set_level(v, u);
			}
			break;
		}
		case LE_TRAIN:
			if (le->x->adv->army) {
				deriv_army_train(v, le);
			} else if (le->x->roll != LONG_MIN) {
				if (deriv_table_train(v, le, u, (long)c->n_battles))
					return -1;
			} else {
				deriv_train(v, le, u);
			}
			break;
		case LE_GAIN:
			c->pools[le->currency] += le->amount;
			break;
		case LE_REPAIR:
			deriv_repair(v, le, u, (long)c->n_battles);
			break;
		}
	}
	return 0;
}

/* Makes each unit what the ledger made it; destroyed units leave their list. */
static void apply(struct deriv *v)
{
	struct campaign *c = v->c;
	size_t k = 0;
	for (size_t li = 0; li < v->r->n_lists; li++) {
		struct r_list *l = &v->r->lists[li];
		size_t *map = xcalloc(l->n_units + 1, sizeof(*map));
		size_t out = 0;
		for (size_t ui = 0; ui < l->n_units; ui++, k++) {
			struct camp_unit *u = &c->units[k];
			struct r_unit *ru = &l->units[ui];
			u->name = xstrdup(unit_name(u));
			u->entry = ru->entry;
			map[ui] = (size_t)-1;
			if (!u->enlisted || u->destroyed) {
				/* Its strings and options are the roster's pool's. */
				u->ru = NULL;
				continue;
			}
			ru->models = (int32_t)u->models;
			ru->band = v->cd->band ? (int32_t)u->band : -1;
			if (u->n_trains) {
				/* A new array: the old one stays the file's, for u->read. */
				struct arena *pool = &v->r->pool;
				struct r_option *opts = arena_alloc(pool, ru->n_opts + u->n_trains, sizeof(*opts));
				if (ru->n_opts)
					memcpy(opts, ru->opts, ru->n_opts * sizeof(*opts));
				for (size_t t = 0; t < u->n_trains; t++) {
					const struct camp_train *tr = &u->trains[t];
					const struct ledger_entry *le = &c->ledger[tr->entry];
					struct r_train *rt = arena_alloc(pool, 1, sizeof(*rt));
					*rt = (struct r_train){ tr->adv, tr->item, tr->keyword, tr->band, tr->adds,
					                        tr->drops };
					opts[ru->n_opts + t] = (struct r_option){ &tr->adv->opt, rt, 1,
					                                          (int32_t)le->line, (int32_t)le->col, 0 };
				}
				ru->opts = opts;
				ru->n_opts += (uint32_t)u->n_trains;
			}
			map[ui] = out;
			l->units[out++] = *ru;
			u->ru = &l->units[out - 1];
		}
		for (size_t ui = 0; ui < out; ui++) {
			struct r_unit *ru = &l->units[ui];
			if (ru->attach && map[ru->attach - 1] == (size_t)-1)
				ru->attach = 0;
			else if (ru->attach)
				ru->attach = (uint32_t)map[ru->attach - 1] + 1;
		}
		l->n_units = out;
		free(map);
	}
}

int camp_derive(struct roster *r, struct diags *d)
{
	struct campaign *c = r->camp;
	const struct system *sys = r->sys;
	if (c == NULL)
		return 0;
	if (sys->camp == NULL) {
		diags_add(d, SEV_FATAL, r->file, c->line, c->col, NULL, NULL,
		          _("system '%s' has no campaign rules"), sys->id);
		return -1;
	}
	struct deriv v = { r, sys, sys->camp, c, d, idx_new(), idx_new(),
	                   xcalloc(sys->camp->n_tables + 1, sizeof(long)),
	                   xcalloc(sys->camp->n_currencies + 1, sizeof(int64_t)), NULL, NULL, 0, 0 };
	size_t n = 0;
	for (size_t li = 0; li < r->n_lists; li++)
		n += r->lists[li].n_units;
	c->units = xcalloc(n + 1, sizeof(*c->units));
	c->pools = xcalloc(v.cd->n_currencies + 1, sizeof(*c->pools));
	size_t nb = 0;
	for (size_t i = 0; i < c->n_ledger; i++)
		nb += c->ledger[i].kind == LE_BATTLE;
	c->battles = xcalloc(nb + 1, sizeof(*c->battles));
	int rc = 0;
	for (size_t li = 0; li < r->n_lists; li++)
		for (size_t ui = 0; ui < r->lists[li].n_units; ui++) {
			struct camp_unit *u = &c->units[c->n_units++];
			u->ru = &r->lists[li].units[ui];
			u->list = li;
			/* Its strings and options are the roster's pool's, never changed in place. */
			u->read = *u->ru;
			u->enlisted_at = -1;
			const char *id = r_unit_id(u->ru);
			if (id && idx_add(v.ids, id, u) != 0 && rc == 0) {
				diags_add(d, SEV_FATAL, r->file, u->ru->line, u->ru->col, NULL, NULL,
				          _("unit id '%s' is used twice in the roster: the ledger names units by id"),
				          id);
				rc = -1;
			}
		}
	if (rc == 0 && c->n_ledger == 0) {
		diags_add(d, SEV_FATAL, r->file, c->line, c->col, NULL, NULL, "%s",
		          _("a campaign's ledger begins with its <start>"));
		rc = -1;
	}
	if (rc == 0)
		rc = resolve(&v);
	if (rc == 0)
		rc = walk(&v);
	if (rc == 0)
		apply(&v);
	idx_free(v.ids);
	idx_free(v.gone);
	free(v.table_used);
	free(v.yields);
	idx_free(v.barracks);
	for (size_t i = 0; i < v.n_keys; i++)
		free(v.keys[i]);
	free(v.keys);
	return rc;
}


/* Gives each list back the units as the file enlists them (camp_unit.read, in the order
 * camp_derive met them) and drops what the last derivation made. */
static void undo_derive(struct roster *r, struct campaign *c)
{
	size_t k = 0;
	for (size_t li = 0; li < r->n_lists; li++) {
		struct r_list *l = &r->lists[li];
		size_t n = 0;
		for (; k < c->n_units && c->units[k].list == li; k++)
			l->units[n++] = c->units[k].read;
		l->n_units = n;
	}
	for (size_t i = 0; i < c->n_units; i++) {
		free(c->units[i].trains);
		free(c->units[i].name);
	}
	free(c->units);
	c->units = NULL;
	c->n_units = 0;
	for (size_t i = 0; i < c->n_battles; i++)
		free(c->battles[i].earned);
	free(c->battles);
	c->battles = NULL;
	c->n_battles = 0;
	free(c->army_trains);
	c->army_trains = NULL;
	c->n_army_trains = 0;
	free(c->pools);
	c->pools = NULL;
	c->started = false;
	c->start_amount = c->start_spent = 0;
	c->bought = 0;
	diags_release(&c->viol);
}

int camp_rederive(struct roster *r, struct diags *d)
{
	if (r->camp == NULL)
		return 0;
	undo_derive(r, r->camp);
	return camp_derive(r, d);
}
