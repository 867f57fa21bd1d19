/* campaign.c - what a roster's ledger makes of its army
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One pass over the ledger, in its order: the start pays for the starting army, enlistments pay
 * for new units and models, a battle earns currencies by the system's <earn> terms and rolls
 * for destroyed models, XP spent raises Levels, a training takes an advance within its limits.
 * Every figure is derived, never stored, so a corrected entry corrects all that follows. What
 * an entry breaks is an error citing the campaign rule; what cannot be understood (an unknown
 * unit, a die roll no die gives) is fatal, with the entry's line.
 */
#include "muster.h"
#include "campaign.h"
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

int dice_range(const char *dice, long *lo, long *hi)
{
	long n = 1, faces, plus = 0;
	const char *s = dice;
	if (s == NULL)
		return -1;
	if (isdigit((unsigned char)*s)) {
		char *end;
		n = strtol(s, &end, 10);
		s = end;
	}
	if (*s != 'd' || !isdigit((unsigned char)s[1]))
		return -1;
	char *end;
	faces = strtol(s + 1, &end, 10);
	s = end;
	if (*s == '+' && isdigit((unsigned char)s[1])) {
		plus = strtol(s + 1, &end, 10);
		s = end;
	}
	if (*s != '\0' || n < 1 || n > 100 || faces < 1 || faces > 1000 || plus > 1000)
		return -1;
	*lo = n + plus;
	*hi = n * faces + plus;
	return 0;
}

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

struct deriv {
	struct roster *r;
	const struct system *sys;
	const struct camp_def *cd;
	struct campaign *c;
	struct diags *d;
	struct idx *ids;           /* unit id -> camp_unit */
	struct idx *gone;          /* entry id of a destroyed once-only unit -> its camp_unit */
	long *table_used;          /* per roll table: units upgraded on it since the last battle */
	int64_t *yields;           /* per currency: what the chosen means yield at each battle */
	struct idx *barracks;      /* "GROUP|ITEM" -> item, made on first use */
	char **keys;
	size_t n_keys;
	long stamp;                /* counts up; marks a unit seen once in one battle */
};

static void violation(struct deriv *v, const struct ledger_entry *le, long line, long col,
                      const char *ref, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void violation(struct deriv *v, const struct ledger_entry *le, long line, long col,
                      const char *ref, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(&v->c->viol, SEV_ERROR, v->r->file, line ? line : le->line, line ? col : le->col,
	          ref, "campaign", "%s", msg);
	free(msg);
}

static const char *unit_name(const struct camp_unit *u)
{
	return u->ru->label ? u->ru->label : u->ru->entry->name;
}

/* The unit's base value of attribute a: its Level's band for the band attribute. */
static long base_value(const struct deriv *v, const struct camp_unit *u, const struct attr_def *a)
{
	if (a == v->cd->band)
		return u->band;
	const struct value *val = &u->ru->entry->vals[a->index];
	return val->set ? val->i : 0;
}

/* The unit's value of a as its trainings so far change it: the base value, then each
 * constant set, add or multiply of an advance taken, in the order taken. An advance whose
 * value is an expression, or that applies <when> or <repeat>, reads the list as the
 * evaluation sees it after the whole ledger: evaluating the list at every battle would make
 * the ledger cost battles times units, so such a modifier is left out here and the card after
 * evaluation is the authority. */
static long trained_value(const struct deriv *v, const struct camp_unit *u, const struct attr_def *a)
{
	int64_t x = base_value(v, u, a);
	for (size_t i = 0; i < u->n_trains; i++) {
		const struct entry_option *o = &u->trains[i].adv->opt;
		for (size_t m = 0; m < o->n_mods; m++) {
			const struct modifier *md = &o->mods[m];
			if (md->target != MOD_ATTR || md->attr != a || md->value == NULL ||
			    md->value->kind != EX_NUM || md->when || md->repeat)
				continue;
			int64_t n = md->value->num, r = x;
			bool over = false;
			if (md->op == MOD_SET)
				r = n;
			else if (md->op == MOD_ADD)
				over = __builtin_add_overflow(x, n, &r);
			else if (md->op == MOD_MUL)
				over = __builtin_mul_overflow(x, n, &r);
			/* Clamped far beyond any card: an overflow keeps its sign. */
			int sign = r > 0 ? 1 : -1;
			if (over)
				sign = md->op == MOD_ADD ? (n > 0 ? 1 : -1) : ((x < 0) == (n < 0) ? 1 : -1);
			if (over || r > 1000000000L || r < -1000000000L)
				r = sign * 1000000000L;
			x = r;
		}
	}
	return (long)x;
}

static int64_t cost_of(const struct deriv *v, const struct camp_unit *u, long models, size_t ci)
{
	int64_t *costs = xcalloc(v->sys->n_costs + 1, sizeof(*costs));
	int64_t x = eval_unit_cost(v->sys, u->ru, models, costs) == 0 ? costs[ci] : INT64_MAX / 4;
	free(costs);
	return x;
}

static int64_t unit_cost(const struct deriv *v, const struct camp_unit *u, long models)
{
	if (v->cd->pay < 0)
		return 0;
	return cost_of(v, u, models, (size_t)v->cd->currencies[v->cd->pay].cost);
}

static void set_level(struct deriv *v, struct camp_unit *u)
{
	u->level = camp_level(v->cd, u->xp);
	u->band = camp_band_of(v->cd, u->level);
}

/* Does the unit match selector s (NULL: every unit)? Its catalog card, untrained. */
static bool unit_matches(struct deriv *v, const struct camp_unit *u, const struct sel *s)
{
	if (s == NULL)
		return true;
	struct eunit eu;
	memset(&eu, 0, sizeof(eu));
	eu.ru = u->ru;
	eu.kw = u->ru->entry->kw;
	eu.vals = u->ru->entry->vals;
	eu.cats = u->ru->entry->cats;
	eu.n_cats = u->ru->entry->n_cats;
	struct sel_ctx sc = { v->sys, &v->r->lists[u->list], &eu, 1, NULL, NULL, NULL };
	return sel_match(s, &sc, &eu, NULL);
}

static bool is_once(struct deriv *v, struct camp_unit *u)
{
	return v->cd->once != NULL && unit_matches(v, u, v->cd->once);
}

/* Spends amount of currency cur; spending more than the pool holds breaks rule ref. */
static void pay_in(struct deriv *v, const struct ledger_entry *le, long cur, int64_t amount,
                   const char *what, const char *ref)
{
	if (cur < 0)
		return;
	const struct camp_currency *cc = &v->cd->currencies[cur];
	int64_t *pool = &v->c->pools[cur];
	if (amount > *pool)
		violation(v, le, 0, 0, ref,
		          _("%s costs %" PRId64 " %s; only %" PRId64 " are left"), what, amount, cc->name,
		          *pool);
	*pool -= amount;
}

static void pay(struct deriv *v, const struct ledger_entry *le, int64_t amount, const char *what)
{
	pay_in(v, le, v->cd->pay, amount, what, v->cd->start_ref);
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
			violation(v, le, 0, 0, v->cd->once_ref,
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
			if (t->when != RESULT_NONE && t->when != le->result)
				continue;
			int64_t x = 0;
			switch (t->kind) {
			case TERM_VP:
				x = le->vp;
				break;
			case TERM_OPPONENT_VP:
				x = le->opponent_vp;
				break;
			case TERM_HURT:
				for (size_t i = 0; i < le->n_hurt; i++)
					x += le->hurt[i] > t->least ? le->hurt[i] : t->least;
				break;
			case TERM_LOST:
				/* Once per unit per battle: a unit named twice counts once. */
				v->stamp++;
				for (size_t i = 0; i < le->n_losses; i++) {
					struct camp_unit *u = idx_get(v->ids, le->losses[i].unit);
					if (u == NULL || u->stamp == v->stamp || le->losses[i].models == 0)
						continue; /* wounds alone lose no models */
					u->stamp = v->stamp;
					long val = t->level ? u->level : base_value(v, u, t->attr);
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
	for (size_t i = 0; i < le->n_losses; i++) {
		const struct le_loss *l = &le->losses[i];
		struct camp_unit *u = idx_get(v->ids, l->unit);
		if (l->models > u->models) {
			violation(v, le, l->line, l->col, cd->recovery_ref,
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
				violation(v, le, l->line, l->col, NULL, "%s",
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
			long add = cd->rec_add ? base_value(v, u, cd->rec_add) : 0;
			if (l->rolls[k] + add + l->spent[k] >= trained_value(v, u, cd->rec_target))
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
			int64_t g = (int64_t)failed * base_value(v, u, cd->rec_gain);
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

/* The wounds attribute of a unit's models (1 without one). */
static long wounds_of(const struct deriv *v, const struct camp_unit *u)
{
	long w = v->cd->wounds ? trained_value(v, u, v->cd->wounds) : 1;
	return w > 0 ? w : 1;
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
	for (size_t i = 0; i < le->n_losses; i++) {
		const struct le_loss *l = &le->losses[i];
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
			violation(v, le, l->line, l->col, cd->ref, _("%s loses %ld models but has %ld"),
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
			if (unit_matches(v, u, c->units) &&
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
		long w = wounds_of(v, u);
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

static bool item_of(const struct camp_unit *u, const char *id);

/* A rolled advance: the roll must be one its dice give, the unit must have come through the
 * last battle as the table asks, the table's limit per battle holds, and the advance must be
 * one the roll's row gives (or its fallback's, when the unit took all of the row's). */
static int table_train(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u,
                       long bno)
{
	const struct camp_def *cd = v->cd;
	const struct camp_advance *a = le->adv;
	const struct camp_table *t = NULL;
	for (size_t i = 0; i < cd->n_tables && t == NULL; i++)
		if (unit_matches(v, u, cd->tables[i].units))
			t = &cd->tables[i];
	if (t == NULL) {
		violation(v, le, 0, 0, a->opt.ref, _("%s rolls on no table"), unit_name(u));
		return 0;
	}
	if (le->roll < t->lo || le->roll > t->hi) {
		diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, t->ref, NULL,
		          _("a roll of %ld is impossible on %s (%ld to %ld)"), le->roll, t->dice, t->lo,
		          t->hi);
		return -1;
	}
	size_t ti = (size_t)(t - cd->tables);
	bool lost = bno > 0 && u->battle == bno;
	if (bno > 0 && t->unhurt && lost && (u->battle_lost || u->battle_wounds)) {
		violation(v, le, 0, 0, t->ref, _("%s was hurt in the last battle: it does not roll on %s"),
		          unit_name(u), t->name);
		return 0;
	}
	if (bno > 0 && t->under_den && lost &&
	    (int64_t)u->battle_lost * t->under_den >= (int64_t)u->battle_models * t->under_num) {
		violation(v, le, 0, 0, t->ref,
		          _("%s lost %ld of %ld models in the last battle: it rolls on %s with losses under %ld/%ld"),
		          unit_name(u), u->battle_lost, u->battle_models, t->name, t->under_num, t->under_den);
		return 0;
	}
	if (u->rolled == bno + 1) {
		violation(v, le, 0, 0, t->ref, _("%s has rolled on %s since the last battle"),
		          unit_name(u), t->name);
		return 0;
	}
	if (t->per_battle && v->table_used[ti] >= t->per_battle) {
		violation(v, le, 0, 0, t->ref,
		          _("%ld units were upgraded on %s since the last battle: at most %ld per battle"),
		          v->table_used[ti], t->name, t->per_battle);
		return 0;
	}
	long roll = le->roll;
	const struct camp_row *row = NULL;
	struct strbuf why = STRBUF_INIT;
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
		strbuf_addf(&why, _(" (%ld counts as %ld: the unit has taken all it gives)"), roll,
		            row->fallback);
		roll = row->fallback;
	}
	bool listed = false;
	struct strbuf opts = STRBUF_INIT;
	for (size_t k = 0; row && k < row->n_advances; k++) {
		listed |= row->advances[k] == a;
		strbuf_addf(&opts, "%s%s", k ? ", " : "", row->advances[k]->opt.id);
	}
	if (row == NULL || row->n_advances == 0)
		violation(v, le, 0, 0, t->ref, _("a roll of %ld on %s gives no upgrade%s"), le->roll,
		          t->name, why.s ? why.s : "");
	else if (!listed)
		violation(v, le, 0, 0, t->ref, _("a roll of %ld on %s gives %s%s, not '%s'"), le->roll,
		          t->name, opts.s, why.s ? why.s : "", a->opt.id);
	else {
		size_t same = 0;
		for (size_t i = 0; i < u->n_trains; i++)
			same += u->trains[i].adv == a;
		if (a->opt.max < OPTION_UNBOUNDED && (long)same >= a->opt.max)
			violation(v, le, 0, 0, a->opt.ref ? a->opt.ref : t->ref,
			          _("%s has taken '%s' %zu times: at most %ld per unit"), unit_name(u),
			          a->opt.name, same, a->opt.max);
		else {
			u->trains = xreallocarray(u->trains, u->n_trains + 1, sizeof(*u->trains));
			u->trains[u->n_trains++] = (struct camp_train){ a, u->band, le->item, le->keyword,
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
static void repair(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u, long bno)
{
	const struct camp_def *cd = v->cd;
	size_t ci = (size_t)cd->repair_cost;
	int64_t cost = 0;
	char *what;
	if (le->wounds) {
		long missing = u->battle == bno ? u->missing : 0;
		if (le->wounds > missing) {
			violation(v, le, 0, 0, cd->repair_ref,
			          ngettext("%s misses %ld wound since the last battle: %ld cannot be repaired",
			                   "%s misses %ld wounds since the last battle: %ld cannot be repaired",
			                   (unsigned long)missing), unit_name(u), missing, le->wounds);
			return;
		}
		long models = u->models > 0 ? u->models : 1;
		int64_t model = cost_of(v, u, models, ci);
		model = div_round((long)model, models, v->sys->rounding);
		cost = (int64_t)le->wounds * div_round((long)model, wounds_of(v, u), v->sys->rounding);
		u->missing -= le->wounds;
		what = xasprintf(ngettext("repairing %ld wound of %s", "repairing %ld wounds of %s",
		                          (unsigned long)le->wounds), le->wounds, unit_name(u));
	} else {
		const struct entry_option *o = entry_option(u->ru->entry, le->item);
		bool cat = cd->n_item_cats == 0;
		for (size_t i = 0; o && i < o->n_cats && !cat; i++)
			for (size_t j = 0; j < cd->n_item_cats && !cat; j++)
				cat = o->cats[i] == cd->item_cats[j];
		if (o == NULL || !cat) {
			violation(v, le, 0, 0, cd->repair_ref, _("'%s' is no item %s can buy back"), le->item,
			          unit_name(u));
			return;
		}
		if (u->deaths <= u->items_back) {
			violation(v, le, 0, 0, cd->repair_ref,
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
	pay_in(v, le, cd->repair, cost, what, cd->repair_ref);
	free(what);
}

static bool item_of(const struct camp_unit *u, const char *id)
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
		violation(v, le, 0, 0, ref,
		          _("'%s' comes after %ld advances; the army has taken %ld"), a->opt.name, a->after,
		          v->c->bought);
		return false;
	}
	if (a->price > 0) {
		int64_t pool = v->c->pools[a->price_currency];
		if (a->price > pool) {
			violation(v, le, 0, 0, ref, _("'%s' costs %ld %s; only %" PRId64 " are left"),
			          a->opt.name, a->price, v->cd->currencies[a->price_currency].name, pool);
			return false;
		}
		v->c->pools[a->price_currency] -= a->price;
		v->c->bought++;
	}
	return true;
}

static void army_train(struct deriv *v, const struct ledger_entry *le)
{
	const struct camp_advance *a = le->adv;
	struct campaign *c = v->c;
	size_t same = 0;
	for (size_t i = 0; i < c->n_army_trains; i++)
		same += c->army_trains[i].adv == a;
	if (a->opt.max < OPTION_UNBOUNDED && (long)same >= a->opt.max) {
		violation(v, le, 0, 0, a->opt.ref ? a->opt.ref : v->cd->ref,
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
	const struct camp_advance *a = le->adv;
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
	char *key = xasprintf("%p|%s", (const void *)home, le->item);
	const struct item *it = home ? idx_get(v->barracks, key) : NULL;
	free(key);
	const char *gname = home ? home->name : "-";
	if (it == NULL || (a->kind && it->kind != a->kind)) {
		violation(v, le, 0, 0, ref, _("'%s' is no %s of the %s barracks"), le->item,
		          a->kind ? a->kind->name : _("item"), gname);
		return false;
	}
	if (le->replaces) {
		const struct item *old = entry_item(u->ru->entry, le->replaces);
		if (old == NULL) {
			violation(v, le, 0, 0, ref, _("%s has no item '%s' to replace"), unit_name(u),
			          le->replaces);
			return false;
		}
		for (size_t i = 0; i < a->n_same; i++) {
			size_t ai = a->same[i]->index;
			const struct value *x = &old->vals[ai], *y = &it->vals[ai];
			bool eq = x->set == y->set &&
			          (!x->set || (x->i == y->i && strcmp(x->s ? x->s : "", y->s ? y->s : "") == 0));
			if (!eq) {
				violation(v, le, 0, 0, ref, _("%s replaces %s only with an item of the same %s"),
				          it->name, old->name, a->same[i]->name);
				return false;
			}
		}
	} else if (a->new_items) {
		struct eunit eu;
		memset(&eu, 0, sizeof(eu));
		eu.ru = u->ru;
		eu.kw = u->ru->entry->kw;
		eu.vals = u->ru->entry->vals;
		eu.cats = u->ru->entry->cats;
		eu.n_cats = u->ru->entry->n_cats;
		struct eitem ew;
		memset(&ew, 0, sizeof(ew));
		ew.w = it;
		ew.kw = it->kw;
		ew.vals = it->vals;
		struct sel_ctx sc = { v->sys, &v->r->lists[u->list], &eu, 1, NULL, NULL, NULL };
		if (!sel_match(a->new_items, &sc, &eu, &ew)) {
			violation(v, le, 0, 0, ref, _("%s is not an item '%s' may add (it may replace one)"),
			          it->name, a->opt.name);
			return false;
		}
	}
	*out = it;
	return true;
}

static void train(struct deriv *v, const struct ledger_entry *le, struct camp_unit *u)
{
	const struct camp_advance *a = le->adv;
	const struct item *adds = NULL;
	const char *ref = a->opt.ref ? a->opt.ref : v->cd->level_ref;
	long pending = u->level - u->start_level - (long)u->n_trains;
	for (size_t i = 0; i < u->n_trains; i++)
		pending += u->trains[i].adv->price > 0 || u->trains[i].adv->after > 0;
	if (a->price > 0 || a->after > 0)
		pending = 1; /* bought, not earned by a Level */
	if (pending <= 0) {
		violation(v, le, 0, 0, ref,
		          _("%s is Level %ld and has taken %zu trainings since Level %ld: it needs a new Level to train '%s'"),
		          unit_name(u), u->level, u->n_trains, u->start_level, a->opt.name);
		return;
	}
	if (a->pick_item && le->item) {
		/* The item on the card now: the entry's own unless swapped away, or one brought. */
		bool own = item_of(u, le->item), there = own;
		for (size_t i = 0; i < u->n_trains; i++) {
			const struct camp_train *t = &u->trains[i];
			if (t->drops && strcmp(t->drops, le->item) == 0)
				there = false;
			if (t->adds && strcmp(t->adds->id, le->item) == 0)
				there = true;
		}
		if (!there) {
			violation(v, le, 0, 0, ref, _("%s does not carry '%s' now: '%s' cannot change it"),
			          unit_name(u), le->item, a->opt.name);
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
		item += t->adv == a && le->item && t->item && strcmp(t->item, le->item) == 0;
	}
	const char *bname = v->cd->band ? v->cd->band->name : _("band");
	if (u->band < a->min_band || u->band > a->max_band)
		violation(v, le, 0, 0, ref, _("%s is %s %ld: '%s' is taken at %s %ld to %ld"),
		          unit_name(u), bname, u->band, a->opt.name, bname,
		          a->min_band < 0 ? 0 : a->min_band, a->max_band);
	else if (a->opt.max < OPTION_UNBOUNDED && (long)same >= a->opt.max)
		violation(v, le, 0, 0, ref, _("%s has taken '%s' %zu times: at most %ld per unit"),
		          unit_name(u), a->opt.name, same, a->opt.max);
	else if (a->per_band && (long)band >= a->per_band)
		violation(v, le, 0, 0, ref, _("%s has taken '%s' %zu times at %s %ld: at most %ld per %s"),
		          unit_name(u), a->opt.name, band, bname, u->band, a->per_band, bname);
	else if (a->per_item && (long)item >= a->per_item)
		violation(v, le, 0, 0, ref, _("%s has taken '%s' on %s already: at most %ld per item"),
		          unit_name(u), a->opt.name, le->item, a->per_item);
	else if (a->choose_item && !barracks(v, le, u, &adds))
		;
	else if (buy(v, le, a)) {
		u->trains = xreallocarray(u->trains, u->n_trains + 1, sizeof(*u->trains));
		u->trains[u->n_trains++] = (struct camp_train){ a, u->band, a->choose_item ? NULL : le->item,
		                                                le->keyword, (size_t)(le - v->c->ledger),
		                                                adds, le->replaces };
	}
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
	for (size_t k = 0; k <= le->n_losses; k++) {
		long line = k ? le->losses[k - 1].line : le->line;
		long col = k ? le->losses[k - 1].col : le->col;
		if (k)
			uid = le->losses[k - 1].unit;
		if (uid == NULL)
			continue;
		struct camp_unit *u = idx_get(v->ids, uid);
		if (u == NULL) {
			diags_add(v->d, SEV_FATAL, v->r->file, line, col, NULL, NULL,
			          _("the ledger names unit '%s', which no list holds (give the unit id=\"%s\")"),
			          uid, uid);
			return -1;
		}
		if (k)
			le->losses[k - 1].ru = u->ru;
		else
			le->ru = u->ru;
	}
	if (le->kind == LE_TRAIN && le->adv->choose_item) {
		char *key = xasprintf("%s\037%s", le->unit, le->item);
		if (idx_add(brought, key, le) == 0) {
			*keys = xreallocarray(*keys, *n_keys + 1, sizeof(**keys));
			(*keys)[(*n_keys)++] = key;
		} else {
			free(key);
		}
	}
	if (le->kind == LE_TRAIN && le->adv->pick_item) {
		struct camp_unit *u = idx_get(v->ids, le->unit);
		char *key = le->item ? xasprintf("%s\037%s", le->unit, le->item) : NULL;
		bool ok = le->item && (item_of(u, le->item) || idx_get(brought, key));
		free(key);
		if (!ok) {
			diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, NULL, NULL,
			          _("training '%s' changes an item: name one of %s's items with item=\"ID\""),
			          le->adv->opt.id, unit_name(u));
			return -1;
		}
	}
	if (le->kind == LE_ENLIST && le->models == 0) {
		struct camp_unit *u = idx_get(v->ids, le->unit);
		if (u->enlisted_at >= 0) {
			diags_add(v->d, SEV_FATAL, v->r->file, le->line, le->col, NULL, NULL,
			          _("unit '%s' is enlisted twice (line %ld)"), le->unit,
			          c->ledger[u->enlisted_at].line);
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
	for (size_t k = 0; k < le->n_means; k++) {
		picks += le->means[k].times;
		v->yields[le->means[k].def->currency] +=
			(int64_t)le->means[k].def->yield * le->means[k].times;
	}
	if (picks > cd->max_means)
		violation(v, le, 0, 0, cd->means_ref,
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
		violation(v, le, 0, 0, cd->start_ref,
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
	for (size_t k = 0; k < le->n_losses; k++) {
		struct camp_unit *lu = idx_get(v->ids, le->losses[k].unit);
		if (!lu->enlisted || lu->destroyed) {
			diags_add(v->d, SEV_FATAL, v->r->file, le->losses[k].line, le->losses[k].col,
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
		if (u && !u->enlisted && !(le->kind == LE_ENLIST && le->models == 0)) {
			violation(v, le, 0, 0, cd->ref, _("%s is not enlisted yet at this point of the ledger"),
			          unit_name(u));
			continue;
		}
		if (u && u->destroyed) {
			violation(v, le, 0, 0, cd->ref, _("%s was destroyed before this entry"), unit_name(u));
			continue;
		}
		switch (le->kind) {
		case LE_START:
			if (walk_start(v, le, i))
				return -1;
			break;
		case LE_ENLIST:
			if (le->models == 0) {
				enlist(v, le, u);
				char *what = xasprintf(_("enlisting %s"), unit_name(u));
				pay(v, le, unit_cost(v, u, u->models), what);
				free(what);
			} else {
				int64_t before = unit_cost(v, u, u->models);
				u->models += le->models;
				u->paid_models += le->models;
				char *what = xasprintf(_("enlisting %ld models into %s"), le->models, unit_name(u));
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
				violation(v, le, 0, 0, cd->level_ref,
				          _("%ld %s spent on %s; the army's pool holds %" PRId64), le->amount,
				          cd->currencies[cd->xp].name, unit_name(u), *pool);
			else if (u->xp + le->amount > cap)
				violation(v, le, 0, 0, cd->level_ref,
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
			if (le->adv->army) {
				army_train(v, le);
			} else if (le->roll != LONG_MIN) {
				if (table_train(v, le, u, (long)c->n_battles))
					return -1;
			} else {
				train(v, le, u);
			}
			break;
		case LE_GAIN:
			c->pools[le->currency] += le->amount;
			break;
		case LE_REPAIR:
			repair(v, le, u, (long)c->n_battles);
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
			if (ru->attach_id && map[ru->attach] == (size_t)-1)
				ru->attach_id = NULL;
			else if (ru->attach_id)
				ru->attach = (uint32_t)map[ru->attach];
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
			if (u->ru->id && idx_add(v.ids, u->ru->id, u) != 0 && rc == 0) {
				diags_add(d, SEV_FATAL, r->file, u->ru->line, u->ru->col, NULL, NULL,
				          _("unit id '%s' is used twice in the roster: the ledger names units by id"),
				          u->ru->id);
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

void campaign_free(const struct system *sys, struct campaign *c)
{
	(void)sys;
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->n_ledger; i++) {
		struct ledger_entry *le = &c->ledger[i];
		free(le->date);
		free(le->note);
		free(le->unit);
		free(le->item);
		free(le->replaces);
		free(le->opponent);
		free(le->hurt);
		for (size_t k = 0; k < le->n_means; k++)
			free(le->means[k].id);
		free(le->means);
		for (size_t k = 0; k < le->n_losses; k++) {
			free(le->losses[k].unit);
			free(le->losses[k].rolls);
			free(le->losses[k].spent);
		}
		free(le->losses);
	}
	free(c->ledger);
	free(c->pools);
	free(c->army_trains);
	for (size_t i = 0; i < c->n_units; i++) {
		free(c->units[i].trains);
		free(c->units[i].name);
	}
	free(c->units);
	for (size_t i = 0; i < c->n_battles; i++)
		free(c->battles[i].earned);
	free(c->battles);
	diags_release(&c->viol);
	free(c);
}
