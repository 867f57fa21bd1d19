/* campaign-model.h - the campaign's model: a game system's campaign rules, a roster's ledger,
 * and what the ledger makes of the army
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Types only: the readers build them (read-campaign.c, ledger.c), the engine derives the
 * campaign state into them (campaign.c), the commands and exports read them. campaign.h says
 * what a campaign is and how it is derived.
 */
#ifndef MUSTER_CAMPAIGN_MODEL_H
#define MUSTER_CAMPAIGN_MODEL_H

#include "model.h"
#include "diag.h"

#include <stdio.h>

struct sel;
struct idx;

/* --- the system's campaign rules ----------------------------------------------------------- */

struct camp_currency {
	char *id, *name, *abbr;
	long cost;            /* the cost type it pays for (rations pay AP), or -1 */
	bool expires;         /* not storable: the pool empties at each battle */
	long line;
};

/* A fixed reward the ledger names (<gain award="hold"/>): amount of a currency. */
struct camp_award {
	char *id, *name, *ref;
	size_t currency;
	long amount;
};

/* A roll table: a roll of dice gives one of a row's advances (the player's pick), or, when
 * the unit has taken all of them as often as allowed, the advances of row `fallback`. */
struct camp_row {
	long from, to;             /* rolls from..to */
	const struct camp_advance **advances;
	size_t n_advances;
	long fallback;             /* a roll whose row applies instead, or LONG_MIN */
};

struct camp_table {
	char *id, *name, *ref, *dice;
	long lo, hi;               /* what the dice give */
	struct sel *units;         /* units that roll on it (NULL: all) */
	long per_battle;           /* units upgraded on it between two battles; 0: any */
	long under_num, under_den; /* the unit lost under num/den of its models in the last battle */
	bool unhurt;               /* ... or nothing at all */
	struct camp_row *rows;
	size_t n_rows;
	long line;
};

/* What happens to a unit that lost models in a battle, by a roll: the first
 * loss roll whose units and conditions fit applies; its dice are rolled once per model lost
 * (per_model) or once; the first outcome whose range holds the roll happens. Losses so
 * handled are carried to the next battle only, never permanent. */
enum loss_effect { LOSS_NONE, LOSS_DIES, LOSS_WOUNDS, LOSS_DOWN };
struct camp_outcome {
	long to;                   /* rolls up to this (1 .. to) */
	long rising, most;         /* `to` grows by rising per earlier death of the unit, to most */
	enum loss_effect effect;
	long value;                /* wounds left, or models down (-1: the roll) */
};

struct camp_loss_roll {
	char *id, *name, *ref, *dice;
	long lo, hi;
	struct sel *units;
	bool per_model;
	long min_num, min_den;     /* applies when at least num/den of the models were lost */
	long from_models, below_models; /* the unit's models before the battle */
	struct camp_outcome *outcomes;
	size_t n_outcomes;
	long line;
};

struct camp_step {
	long level, xp, band;
};

enum term_kind { TERM_VP, TERM_OPPONENT_VP, TERM_HURT, TERM_LOST };
enum battle_result { RESULT_NONE = -1, RESULT_WIN, RESULT_LOSS, RESULT_DRAW };

/* One source of a currency after a battle: the VP scored, the opponent's VP, the enemy units
 * this army hurt (each counts a value written in the ledger: its Grade), or this army's units
 * that lost models (each counts an attribute of the unit or its Level, at least `least`). */
struct camp_term {
	enum term_kind kind;
	enum battle_result when;   /* RESULT_NONE: always */
	long num, den;             /* times num/den, rounded by the system */
	bool level;                /* TERM_LOST: the unit's Level, not an attribute */
	const struct attr_def *attr;
	long least;
};

struct camp_earn {
	size_t currency;
	struct camp_term *terms;
	size_t n_terms;
	char *ref;
};

/* A training or upgrade: an option without a catalog, taken once per level gained. */
struct camp_advance {
	struct entry_option opt;   /* id, name, grants, modifiers, opt.max per unit, opt.ref */
	char *group;               /* advances of one group share per_band (NULL: its own id) */
	long per_band;             /* at most this many per band (Grade) it is taken at; 0: any */
	long per_item;             /* at most this many per item; 0: any */
	long min_band, max_band;   /* taken only at these bands (Grades) */
	bool pick_item;            /* the ledger names the item it changes */
	bool pick_keyword;         /* the ledger names the keyword it grants */
	enum attr_on keyword_on;
	/* choose="item": the ledger names an item of another entry under the unit's group at
	 * level from_level (the faction's barracks) of kind `kind`: a new one matching new_items,
	 * or one replacing an item of the unit and equal to it in the attributes `same`. */
	bool choose_item;
	long from_level;           /* index in sys->attrs of a level, or -1 */
	const struct item_kind *kind;
	struct sel *new_items;
	const struct attr_def **same;
	size_t n_same;
	/* Bought rather than earned by a Level: price in currency price_currency (-1: none). */
	long price, price_currency;
	bool army;                 /* taken by the army as a whole, not by a unit */
	long after;                /* open once the army has taken this many bought advances */
	long line;
};

/* Travel between battles: a token moves at most `max` inches; each day covers a terrain's
 * inches per day (by an attribute's value where `attr` is set: swimmers in water) and costs
 * the unit's `cost` attribute plus `rising` per day already travelled since the last battle.
 * A camp costs `cost` too and needs camp_left inches of movement left. */
struct camp_speed {
	long value;                /* the attribute's value (a ladder's rank) */
	long per_day;              /* 0: it cannot travel here beyond up_to inches */
	long up_to;
	char *needs;               /* what it needs to go further ("Boats"), or NULL */
};
struct camp_terrain {
	char *id, *name;
	long per_day;
	const struct attr_def *attr;
	struct camp_speed *speeds;
	size_t n_speeds;
};
struct camp_travel {
	long max, rising, camp_left;
	const struct attr_def *cost;
	struct camp_terrain *terrains;
	size_t n_terrains;
	char *ref;
};

/* What a trip costs (camp_trip). */
struct trip {
	const struct camp_terrain *terrain;
	long per_day, days, cost, left, camp_cost;
	long value;                /* the unit's cost attribute */
	bool too_far, camp_too_late;
	const char *needs;         /* set when the terrain needs something the unit lacks */
};


struct camp_def {
	char *ref;
	struct camp_travel *travel;
	struct camp_currency *currencies;
	size_t n_currencies;
	/* Progression: a unit's XP gives its level; a level gives its band (the band attribute's
	 * value: the Grade). A unit enlists at the lowest level of its band. */
	struct camp_step *steps;
	size_t n_steps;
	const struct attr_def *band;
	long xp;                   /* currency index spent on levels, or -1 */
	char *level_ref;
	/* Enlisting is paid in this currency; at the start at most share_num/share_den of the
	 * starting amount may be spent. */
	long pay;                  /* currency index, or -1 */
	long share_num, share_den;
	char *start_ref;
	long max_means;            /* ration means chosen at the start; 0: none */
	char *means_ref;
	/* The means a player may choose (<means id name currency yield>): each yields its amount
	 * of a currency at every battle, times how often it was chosen. */
	struct camp_means {
		char *id, *name;
		size_t currency;
		long yield;
	} *means;
	size_t n_means;
	struct idx *means_idx;
	struct camp_earn *earns;
	size_t n_earns;
	struct sel *once;          /* units that enlist once, never again when destroyed */
	char *once_ref;
	/* Recovery of destroyed models: roll dice + attribute `add` >= attribute `target`;
	 * otherwise gain attribute `gain` in currency `gain_currency`. A roster field (desertion)
	 * turns on: models destroyed by morale come back by half, rounded, without rolling. */
	char *dice;
	const struct attr_def *rec_add, *rec_target, *rec_gain;
	long gain_currency;
	long desertion;            /* roster field index, or -1 */
	char *recovery_ref;
	/* Scales by the army's worth in the pay currency (map sizes): below each bound, the name
	 * and facts of its scale. */
	struct camp_scale {
		long below;            /* LONG_MAX for the last */
		char *name;
		struct fact *facts;
		size_t n_facts;
	} *scales;
	size_t n_scales;
	char *scale_ref;
	struct camp_advance *advances;
	size_t n_advances;
	struct idx *advance_idx;
	struct idx *currency_idx;
	struct camp_award *awards;
	size_t n_awards;
	struct idx *award_idx;
	struct camp_table *tables;
	size_t n_tables;
	struct idx *table_idx;
	struct camp_loss_roll *loss_rolls;
	size_t n_loss_rolls;
	/* Repairs (<repair currency= wounds="ATTR" cost="COST" item-times="3">): a missing wound
	 * costs a model's full cost divided by its wounds attribute, a lost item item_times its
	 * cost; paid in currency repair. */
	long repair;               /* currency index, or -1 */
	const struct attr_def *wounds;
	long repair_cost;          /* cost type */
	long item_times;
	size_t *item_cats, n_item_cats; /* categories of the items a death loses */
	char *repair_ref;
};


/* --- a roster's ledger --------------------------------------------------------------------- */

enum ledger_kind { LE_START, LE_ENLIST, LE_BATTLE, LE_XP, LE_TRAIN, LE_GAIN, LE_REPAIR };

/* One of this army's units that lost models in a battle. */
struct le_loss {
	const char *unit;          /* the campaign's copy (struct campaign, strs) */
	long models;               /* destroyed */
	long morale;               /* of which by morale */
	long wounds;               /* wounds taken by models that were not lost */
	long *rolls, *spent;       /* one recovery roll per model rolled for, and currency spent */
	size_t n_rolls;
	long line, col;
};

struct le_means {
	const char *id;
	long times;
	const struct camp_means *def;
};

/* What an entry holds beyond a plain <gain currency amount> or <xp unit amount>: most of a
 * long ledger is those two, so each other entry has its own block and they all share
 * le_more_none, whose fields say "none". */
struct le_more {
	const char *note;
	const char *date;          /* a date not written YYYY-MM-DD (ledger_entry.day 0) */
	/* enlist: models added to a unit already enlisted (0: the unit); gain: an award's times */
	long models;
	const struct camp_advance *adv;
	const char *item;          /* train: the item it changes; repair: the item bought back */
	const char *replaces;      /* train, choose="item": the unit's item it replaces */
	long keyword;              /* train: the keyword it grants, or -1 */
	long roll;                 /* train: the roll on a table, or LONG_MIN */
	const struct camp_award *award; /* gain: the award it records, or NULL */
	long wounds;               /* repair: wounds restored */
	/* start */
	struct le_means *means;
	size_t n_means;
	/* battle */
	const char *opponent;
	long vp, opponent_vp;
	enum battle_result result;
	long *hurt;                /* values of the enemy units hurt (their Grades) */
	size_t n_hurt;
	struct le_loss *losses;
	size_t n_losses;
};
extern const struct le_more le_more_none;

/* 48 bytes an entry: a ledger of 100,000 entries was 216 bytes each, 3.8 times its XML. Its
 * strings are the campaign's (strs), a unit's id once however often it is named. */
struct ledger_entry {
	enum ledger_kind kind;
	int32_t line, col;         /* libxml2 counts them in an int */
	int32_t currency;          /* start, gain: index in the system's currencies, or -1 */
	uint32_t day;              /* date="YYYY-MM-DD" as YYYYMMDD; 0: none, or in x->date */
	long amount;               /* start, gain, xp */
	const char *unit;          /* enlist, xp, train, repair */
	const struct le_more *x;   /* &le_more_none, or the entry's own */
};

/* The entry's date as written (buf holds it when it is le->day's), or NULL. */
static inline const char *le_date(const struct ledger_entry *le, char buf[16])
{
	if (le->x->date || le->day == 0)
		return le->x->date;
	snprintf(buf, 16, "%04u-%02u-%02u", (unsigned)(le->day / 10000 % 10000),
	         (unsigned)(le->day / 100 % 100), (unsigned)(le->day % 100));
	return buf;
}

/* --- what the ledger makes of the army ----------------------------------------------------- */

struct camp_train {
	const struct camp_advance *adv;
	long band;                 /* the band (Grade) it was taken at */
	const char *item;
	long keyword;
	size_t entry;              /* ledger index */
	const struct item *adds;   /* choose="item": the item it brings */
	const char *drops;         /* ... and the unit's item it replaces */
};

struct camp_unit {
	struct r_unit *ru;         /* NULL once destroyed: it left its list */
	/* The unit as the roster file enlists it, before the ledger (a copy of the struct: the XML
	 * export writes the roster back with its ledger, which must not apply twice). Its opts are
	 * the file's options only; its strings and options are the roster's pool's. */
	struct r_unit read;
	char *name;                /* its name, kept when it leaves */
	const struct entry *entry;
	size_t list;
	bool enlisted, destroyed;
	long enlisted_at;          /* ledger index of its enlistment, -1: at the start */
	long xp, level, start_level, band;
	long models;               /* now */
	long paid_models;
	struct camp_train *trains;
	size_t n_trains;
	long lost;                 /* models lost for good */
	/* Carried to the next battle (loss rolls) and the battle it comes from. */
	long battle;               /* index+1 in battles of the last battle it lost models in */
	long battle_lost, battle_models, battle_wounds;
	long rolled;               /* index+1 of the battle after which it last rolled on a table */
	long deaths, items_back;   /* deaths for good; lost items bought back */
	long down, wounds_left;    /* models down next battle; wounds its models start with (0: all) */
	long missing;              /* wounds missing next battle, repairs deducted */
	const char *rolled_on;     /* the loss roll that applied after the last battle */
	long stamp;                /* deriv.stamp when last counted */
};

/* A figure derived from one battle, for showing. */
struct camp_battle {
	size_t entry;
	int64_t *earned;           /* per currency */
	long recovered, lost;
};

struct campaign {
	struct ledger_entry *ledger;
	size_t n_ledger;
	struct arena strs;         /* the ledger's strings */
	struct idx *ids;           /* the ids among them, each copied once (id -> its copy) */
	size_t expect;             /* while it is read: at least its entries (ledger_count) */
	long line, col;
	bool started;
	int64_t start_amount;
	int64_t start_spent;
	int64_t *pools;            /* per currency, after the whole ledger */
	struct camp_unit *units;   /* every unit of every list, lists in order */
	size_t n_units;
	struct camp_battle *battles;
	size_t n_battles;
	struct camp_train *army_trains; /* advances the army as a whole took */
	size_t n_army_trains;
	long bought;               /* bought advances taken, army's and units' */
	/* What the ledger breaks: errors citing their rule, reported by check_roster. */
	struct diags viol;
};

#endif
