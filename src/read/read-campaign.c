/* read-campaign.c - the reader of a system's <campaign>: currencies, progression, earnings
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Like every reader, it checks what it dereferences and every reference between ids: a data
 * directory may bring its own lax schema. doc/data-guide.md ("Campaigns") is the user's side.
 * The advances, roll tables and repairs are read in read-campaign-train.c; the helpers both
 * files use are declared in read-campaign-int.h.
 */
#include "muster.h"
#include "campaign-model.h"
#include "catalog.h"
#include "ledger.h"
#include "read-campaign-int.h"
#include "idx.h"
#include "lang.h"
#include "read-rules.h"
#include "util.h"
#include "value.h"
#include "xml.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int read_currencies(struct cr *p, xmlNodePtr sec)
{
	struct camp_def *c = p->c;
	c->currencies = xcalloc(cr_count_named(sec, "currency") + 1, sizeof(*c->currencies));
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		if (!xml_is(n, "currency"))
			continue;
		struct camp_currency *cc = &c->currencies[c->n_currencies++];
		cc->id = xml_prop(n, "id");
		cc->name = xml_prop(n, "name");
		cc->abbr = xml_prop(n, "abbr");
		cc->line = xml_line(n);
		cc->cost = -1;
		char *ex = xml_prop(n, "expires");
		cc->expires = ex && strcmp(ex, "battle") == 0;
		if (ex && !cc->expires) {
			diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("expires=\"%s\": a currency expires at the next \"battle\""), ex);
			free(ex);
			return -1;
		}
		free(ex);
		if (cc->name == NULL && cc->id)
			cc->name = xstrdup(cc->id);
		if (cc->id == NULL || idx_add(c->currency_idx, cc->id, cc) != 0)
			CRFAIL(n, _("currency id '%s' is missing or used twice"), cc->id ? cc->id : "");
		char *pays = xml_prop(n, "pays");
		if (pays) {
			const struct cost_def *cd = idx_get(p->sys->cost_idx, pays);
			if (cd == NULL) {
				diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
				          _("currency '%s' pays an unknown cost type '%s'"), cc->id, pays);
				free(pays);
				return -1;
			}
			cc->cost = (long)cd->index;
			free(pays);
		}
	}
	return 0;
}

/* <progression band="grade" currency="xp"><step level="0" xp="0" band="0"/>...: levels in
 * order from 0, XP never falling. */
static int read_progression(struct cr *p, xmlNodePtr sec)
{
	struct camp_def *c = p->c;
	if (cr_read_attr(p, sec, "band", false, &c->band) || cr_read_currency(p, sec, "currency", true, &c->xp))
		return -1;
	c->level_ref = xml_prop(sec, "ref");
	c->steps = xcalloc(cr_count_named(sec, "step") + 1, sizeof(*c->steps));
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		if (!xml_is(n, "step"))
			continue;
		struct camp_step *s = &c->steps[c->n_steps];
		if (xml_prop_long(n, "level", 0, 10000, -1, &s->level, p->sys->file, p->d) ||
		    xml_prop_long(n, "xp", 0, 1000000000L, -1, &s->xp, p->sys->file, p->d) ||
		    xml_prop_long(n, "band", -1000000, 1000000, 0, &s->band, p->sys->file, p->d))
			return -1;
		if (s->level != (long)c->n_steps)
			CRFAIL(n, _("<step> levels count up from 0: expected level %zu"), c->n_steps);
		if (s->xp < 0 || (c->n_steps && s->xp < c->steps[c->n_steps - 1].xp))
			CRFAIL(n, "%s", _("a <step> needs xp=\"N\", never less than the level before"));
		c->n_steps++;
	}
	if (c->n_steps == 0)
		CRFAIL(sec, "%s", _("<progression> needs at least one <step>"));
	return 0;
}

static int read_earn(struct cr *p, xmlNodePtr sec)
{
	struct camp_def *c = p->c;
	c->earns = xreallocarray(c->earns, c->n_earns + 1, sizeof(*c->earns));
	struct camp_earn *e = &c->earns[c->n_earns++];
	memset(e, 0, sizeof(*e));
	e->ref = xml_prop(sec, "ref");
	long cur;
	if (cr_read_currency(p, sec, "currency", true, &cur))
		return -1;
	e->currency = (size_t)cur;
	size_t nt = 0;
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n))
		nt++;
	e->terms = xcalloc(nt + 1, sizeof(*e->terms));
	static const char *const kinds[] = { "vp", "opponent-vp", "hurt", "lost" };
	static const char *const results[] = { "win", "loss", "draw" };
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		struct camp_term *t = &e->terms[e->n_terms];
		size_t k;
		for (k = 0; k < MUSTER_ARRAY_LEN(kinds) && !xml_is(n, kinds[k]); k++)
			;
		if (k == MUSTER_ARRAY_LEN(kinds))
			CRFAIL(n, _("<earn> holds <vp>, <opponent-vp>, <hurt> and <lost>, not <%s>"),
			       (const char *)n->name);
		t->kind = (enum term_kind)k;
		t->when = RESULT_NONE;
		char *w = xml_prop(n, "when");
		for (size_t i = 0; w && i < MUSTER_ARRAY_LEN(results); i++)
			if (strcmp(w, results[i]) == 0)
				t->when = (enum battle_result)i;
		if (w && t->when == RESULT_NONE) {
			diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("when=\"%s\": a battle's result is win, loss or draw"), w);
			free(w);
			return -1;
		}
		free(w);
		if (cr_read_fraction(p, n, "times", &t->num, &t->den) ||
		    xml_prop_long(n, "at-least", 0, 1000000, 0, &t->least, p->sys->file, p->d))
			return -1;
		if (t->kind == TERM_LOST) {
			char *v = xml_prop(n, "value");
			t->level = v == NULL || strcmp(v, "level") == 0;
			free(v);
			if (!t->level && cr_read_attr(p, n, "value", true, &t->attr))
				return -1;
		}
		e->n_terms++;
	}
	return 0;
}

static int read_recovery(struct cr *p, xmlNodePtr n)
{
	struct camp_def *c = p->c;
	long lo, hi;
	c->dice = xml_prop(n, "dice");
	c->recovery_ref = xml_prop(n, "ref");
	if (c->dice == NULL || dice_range(c->dice, &lo, &hi) != 0)
		CRFAIL(n, _("<recovery> needs dice=\"d12\" (or 2d6, d6+1), not '%s'"), c->dice ? c->dice : "");
	if (cr_read_attr(p, n, "add", false, &c->rec_add) || cr_read_attr(p, n, "target", true, &c->rec_target) ||
	    cr_read_attr(p, n, "gain", false, &c->rec_gain) ||
	    cr_read_currency(p, n, "currency", c->rec_gain != NULL, &c->gain_currency))
		return -1;
	char *f = xml_prop(n, "desertion");
	c->desertion = -1;
	if (f) {
		const struct field_def *fd = idx_get(p->sys->field_idx, f);
		if (fd == NULL || fd->scope != FIELD_ROSTER || fd->type != ATTR_BOOL) {
			diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("desertion=\"%s\" names no yes/no field of the roster"), f);
			free(f);
			return -1;
		}
		c->desertion = (long)fd->index;
		free(f);
	}
	return 0;
}

static int read_scales(struct cr *p, xmlNodePtr sec)
{
	struct camp_def *c = p->c;
	c->scale_ref = xml_prop(sec, "ref");
	c->scales = xcalloc(cr_count_named(sec, "scale") + 1, sizeof(*c->scales));
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		if (!xml_is(n, "scale"))
			continue;
		struct camp_scale *s = &c->scales[c->n_scales++];
		s->name = xml_prop(n, "name");
		if (s->name == NULL)
			CRFAIL(n, "%s", _("a <scale> needs a name"));
		if (xml_prop_long(n, "below", 0, LONG_MAX - 1, LONG_MAX, &s->below, p->sys->file, p->d))
			return -1;
		if (c->n_scales > 1 && s->below <= c->scales[c->n_scales - 2].below)
			CRFAIL(n, "%s", _("<scale below=...> bounds must rise, the last without one"));
		s->facts = xcalloc(cr_count_named(n, "fact") + 1, sizeof(*s->facts));
		for (xmlNodePtr f = xml_first_elem(n); f; f = xml_next_elem(f)) {
			if (!xml_is(f, "fact"))
				continue;
			struct fact *ft = &s->facts[s->n_facts++];
			ft->name = xml_name_lang(f, "name");
			ft->value = xml_prop_lang(f, "value");
			if (ft->name == NULL || ft->value == NULL)
				CRFAIL(f, "%s", _("<fact> needs a name and a value"));
		}
	}
	return 0;
}

/* <award id name currency amount>: a fixed reward the ledger names. */
static int read_award(struct cr *p, xmlNodePtr n)
{
	struct camp_def *c = p->c;
	c->awards = xreallocarray(c->awards, c->n_awards + 1, sizeof(*c->awards));
	struct camp_award *a = &c->awards[c->n_awards++];
	memset(a, 0, sizeof(*a));
	a->id = xml_prop(n, "id");
	a->name = xml_prop(n, "name");
	a->ref = xml_prop(n, "ref");
	if (a->id == NULL)
		CRFAIL(n, "%s", _("an <award> needs an id"));
	if (a->name == NULL)
		a->name = xstrdup(a->id);
	long cur;
	if (cr_read_currency(p, n, "currency", true, &cur) ||
	    xml_prop_long(n, "amount", -1000000000L, 1000000000L, 0, &a->amount, p->sys->file, p->d))
		return -1;
	a->currency = (size_t)cur;
	return 0;
}

/* <means id name currency yield>: a ration means a player may choose at the start. */
static int read_means(struct cr *p, xmlNodePtr n)
{
	struct camp_def *c = p->c;
	c->means = xreallocarray(c->means, c->n_means + 1, sizeof(*c->means));
	struct camp_means *m = &c->means[c->n_means++];
	memset(m, 0, sizeof(*m));
	m->id = xml_prop(n, "id");
	m->name = xml_prop(n, "name");
	if (m->id == NULL)
		CRFAIL(n, "%s", _("a <means> needs an id"));
	if (m->name == NULL)
		m->name = xstrdup(m->id);
	long cur;
	if (cr_read_currency(p, n, "currency", true, &cur) ||
	    xml_prop_long(n, "yield", -1000000, 1000000, 0, &m->yield, p->sys->file, p->d))
		return -1;
	m->currency = (size_t)cur;
	return 0;
}

/* <loss-roll id dice per="model|unit" losses="1/2" from-models below-models> with <units>
 * and <outcome to rising most dies|wounds|down>. */
static int read_loss_roll(struct cr *p, xmlNodePtr n)
{
	struct camp_def *c = p->c;
	struct camp_loss_roll *l = &c->loss_rolls[c->n_loss_rolls++];
	l->id = xml_prop(n, "id");
	l->name = xml_prop(n, "name");
	l->ref = xml_prop(n, "ref");
	l->line = xml_line(n);
	if (l->id == NULL)
		CRFAIL(n, "%s", _("a <loss-roll> needs an id"));
	if (l->name == NULL)
		l->name = xstrdup(l->id);
	bool bad;
	if (cr_read_dice(p, n, false, &l->dice, &l->lo, &l->hi) ||
	    xml_prop_long(n, "from-models", 0, 1000000, 0, &l->from_models, p->sys->file, p->d) ||
	    xml_prop_long(n, "below-models", 1, 1000000, LONG_MAX, &l->below_models, p->sys->file, p->d))
		return -1;
	l->units = cr_read_units(p, n, &bad);
	if (bad)
		return -1;
	l->min_num = 0;
	l->min_den = 1;
	char *lo = xml_prop(n, "losses");
	if (lo) {
		free(lo);
		if (cr_read_fraction(p, n, "losses", &l->min_num, &l->min_den))
			return -1;
	}
	char *per = xml_prop(n, "per");
	l->per_model = per == NULL || strcmp(per, "model") == 0;
	if (per && !l->per_model && strcmp(per, "unit") != 0) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("per=\"%s\": a loss is rolled for per \"model\" or per \"unit\""), per);
		free(per);
		return -1;
	}
	free(per);
	l->outcomes = xcalloc(cr_count_named(n, "outcome") + 1, sizeof(*l->outcomes));
	for (xmlNodePtr o = xml_first_elem(n); o; o = xml_next_elem(o)) {
		if (xml_is(o, "units"))
			continue;
		if (!xml_is(o, "outcome"))
			CRFAIL(o, _("a <loss-roll> holds <units> and <outcome>, not <%s>"), (const char *)o->name);
		struct camp_outcome *oc = &l->outcomes[l->n_outcomes++];
		long hi = l->dice ? l->hi : 0;
		if (xml_prop_long(o, "to", 0, hi, hi, &oc->to, p->sys->file, p->d) ||
		    xml_prop_long(o, "rising", 0, 1000, 0, &oc->rising, p->sys->file, p->d) ||
		    xml_prop_long(o, "most", 0, hi, hi, &oc->most, p->sys->file, p->d))
			return -1;
		char *dies = xml_prop(o, "dies"), *w = xml_prop(o, "wounds"), *down = xml_prop(o, "down");
		int set = (dies != NULL) + (w != NULL) + (down != NULL);
		oc->effect = dies ? LOSS_DIES : w ? LOSS_WOUNDS : down ? LOSS_DOWN : LOSS_NONE;
		int rc = 0;
		if (set > 1)
			rc = -1;
		else if (w)
			rc = parse_long(w, 1, 1000, &oc->value);
		else if (down && strcmp(down, "roll") == 0)
			oc->value = -1;
		else if (down)
			rc = parse_long(down, 1, 1000000, &oc->value);
		else if (dies && strcmp(dies, "true") != 0)
			rc = -1;
		free(dies);
		free(w);
		free(down);
		if (rc != 0 || (oc->value < 0 && l->dice == NULL))
			CRFAIL(o, "%s", _("an <outcome> has one of dies=\"true\", wounds=\"N\" and down=\"N\" (down=\"roll\" with dice)"));
	}
	return 0;
}

static int read_terrains(struct cr *p, xmlNodePtr n, struct camp_travel *tr, struct idx *ids);

/* <travel max rising camp-left cost="ATTR"> with <terrain id name per-day [attr]> and, under an
 * attr, <speed value per-day up-to needs>. */
static int read_travel(struct cr *p, xmlNodePtr n)
{
	struct camp_travel *tr = xcalloc(1, sizeof(*tr));
	p->c->travel = tr;
	tr->ref = xml_prop(n, "ref");
	if (xml_prop_long(n, "max", 0, 1000000, 0, &tr->max, p->sys->file, p->d) ||
	    xml_prop_long(n, "rising", 0, 1000000, 0, &tr->rising, p->sys->file, p->d) ||
	    xml_prop_long(n, "camp-left", 0, 1000000, 0, &tr->camp_left, p->sys->file, p->d) ||
	    cr_read_attr(p, n, "cost", true, &tr->cost))
		return -1;
	tr->terrains = xcalloc(cr_count_named(n, "terrain") + 1, sizeof(*tr->terrains));
	struct idx *ids = idx_new();
	int rc = read_terrains(p, n, tr, ids);
	idx_free(ids);
	if (rc)
		return -1;
	if (tr->n_terrains == 0)
		CRFAIL(n, "%s", _("<travel> needs at least one <terrain>"));
	return 0;
}

static int read_terrains(struct cr *p, xmlNodePtr n, struct camp_travel *tr, struct idx *ids)
{
	for (xmlNodePtr t = xml_first_elem(n); t; t = xml_next_elem(t)) {
		if (!xml_is(t, "terrain"))
			CRFAIL(t, _("a <travel> holds <terrain>, not <%s>"), (const char *)t->name);
		struct camp_terrain *te = &tr->terrains[tr->n_terrains++];
		te->id = xml_prop(t, "id");
		te->name = xml_prop(t, "name");
		if (te->id == NULL)
			CRFAIL(t, "%s", _("a <terrain> needs an id"));
		if (idx_add(ids, te->id, te) != 0)
			CRFAIL(t, _("terrain id '%s' is used twice"), te->id);
		if (te->name == NULL)
			te->name = xstrdup(te->id);
		if (xml_prop_long(t, "per-day", 0, 1000000, 0, &te->per_day, p->sys->file, p->d))
			return -1;
		char *id = xml_prop(t, "attr");
		if (id) {
			const struct attr_def *a = idx_get(p->sys->attr_idx, id);
			if (a == NULL || a->on != ON_UNIT || (a->type != ATTR_INT && a->type != ATTR_LADDER)) {
				diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(t), xml_col(t), NULL, NULL,
				          _("<terrain attr=...> names '%s', which is no whole-number or ladder unit attribute"),
				          id);
				free(id);
				return -1;
			}
			free(id);
			te->attr = a;
		}
		te->speeds = xcalloc(cr_count_named(t, "speed") + 1, sizeof(*te->speeds));
		for (xmlNodePtr s = xml_first_elem(t); s; s = xml_next_elem(s)) {
			if (!xml_is(s, "speed") || te->attr == NULL)
				CRFAIL(s, "%s", _("a <terrain attr=...> holds <speed> elements, and nothing else does"));
			struct camp_speed *sp = &te->speeds[te->n_speeds++];
			char *v = xml_prop(s, "value");
			int bad = v == NULL;
			if (!bad && te->attr->type == ATTR_LADDER) {
				bad = 1;
				for (size_t i = 0; i < te->attr->ladder->n; i++)
					if (strcmp(te->attr->ladder->steps[i], v) == 0) {
						sp->value = (long)i;
						bad = 0;
					}
			} else if (!bad) {
				bad = parse_long(v, -1000000, 1000000, &sp->value) != 0;
			}
			if (bad) {
				diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(s), xml_col(s), NULL, NULL,
				          _("<speed value=\"%s\"> is no value of %s"), v ? v : "", te->attr->id);
				free(v);
				return -1;
			}
			free(v);
			sp->needs = xml_prop(s, "needs");
			if (xml_prop_long(s, "per-day", 0, 1000000, 0, &sp->per_day, p->sys->file, p->d) ||
			    xml_prop_long(s, "up-to", 0, 1000000, 0, &sp->up_to, p->sys->file, p->d))
				return -1;
		}
	}
	return 0;
}

int campaign_read(xmlNodePtr sec, struct system *sys, struct diags *d)
{
	struct camp_def *c = xcalloc(1, sizeof(*c));
	struct cr pp = { sys, c, d }, *p = &pp;
	sys->camp = c;
	c->currency_idx = idx_new();
	c->advance_idx = idx_new();
	c->award_idx = idx_new();
	c->table_idx = idx_new();
	c->means_idx = idx_new();
	c->ref = xml_prop(sec, "ref");
	c->xp = c->pay = c->gain_currency = c->desertion = c->repair = -1;
	c->share_num = c->share_den = 1;
	if (read_currencies(p, sec))
		return -1;
	c->tables = xcalloc(cr_count_named(sec, "roll-table") + 1, sizeof(*c->tables));
	c->loss_rolls = xcalloc(cr_count_named(sec, "loss-roll") + 1, sizeof(*c->loss_rolls));
	/* Sections that stand once: their readers size an array for one block or keep one
	 * value, so a second would write past the first's array or silently replace it. The
	 * schema cannot say so (XSD 1.0 has no "at most once" inside the choice that lets them
	 * come in any order): the reader refuses. */
	static const char *const once[] = { "start", "progression", "recovery", "scales",
	                                     "advances", "enlist-once", "repair" };
	xmlNodePtr seen[MUSTER_ARRAY_LEN(once)] = { NULL };
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		int rc = 0;
		for (size_t i = 0; i < MUSTER_ARRAY_LEN(once); i++) {
			if (!xml_is(n, once[i]))
				continue;
			if (seen[i])
				CRFAIL(n, _("a <campaign> has one <%s>; the first is on line %ld"), once[i],
				       xml_line(seen[i]));
			seen[i] = n;
		}
		if (xml_is(n, "currency") || xml_is(n, "roll-table")) {
			continue;
		} else if (xml_is(n, "award")) {
			rc = read_award(p, n);
		} else if (xml_is(n, "means")) {
			rc = read_means(p, n);
		} else if (xml_is(n, "loss-roll")) {
			rc = read_loss_roll(p, n);
		} else if (xml_is(n, "repair")) {
			rc = cr_read_repair(p, n);
		} else if (xml_is(n, "travel")) {
			if (c->travel)
				CRFAIL(n, "%s", _("a <campaign> has one <travel>"));
			rc = read_travel(p, n);
		} else if (xml_is(n, "start")) {
			c->start_ref = xml_prop(n, "ref");
			c->means_ref = xml_prop(n, "means-ref");
			rc = cr_read_currency(p, n, "pay", true, &c->pay) ||
			     cr_read_fraction(p, n, "share", &c->share_num, &c->share_den) ||
			     xml_prop_long(n, "means", 0, 1000, 0, &c->max_means, sys->file, d);
			if (rc == 0 && c->currencies[c->pay].cost < 0)
				CRFAIL(n, _("currency '%s' pays for units: give it pays=\"COST\""),
				       c->currencies[c->pay].id);
		} else if (xml_is(n, "progression")) {
			rc = read_progression(p, n);
		} else if (xml_is(n, "earn")) {
			rc = read_earn(p, n);
		} else if (xml_is(n, "recovery")) {
			rc = read_recovery(p, n);
		} else if (xml_is(n, "scales")) {
			rc = read_scales(p, n);
		} else if (xml_is(n, "advances")) {
			rc = cr_read_advances(p, n);
		} else if (xml_is(n, "enlist-once")) {
			c->once_ref = xml_prop(n, "ref");
			struct sel_parse sp = { sys, sys->file, d, ON_UNIT, false, ON_UNIT };
			c->once = sel_parse_children(n, &sp);
			rc = c->once == NULL;
		} else {
			CRFAIL(n, _("a <campaign> does not hold <%s>"), (const char *)n->name);
		}
		if (rc)
			return -1;
	}
	/* Awards by id; tables after the advances their rows name. */
	for (size_t i = 0; i < c->n_awards; i++)
		if (idx_add(c->award_idx, c->awards[i].id, &c->awards[i]) != 0)
			CRFAIL(sec, _("award id '%s' is used twice"), c->awards[i].id);
	for (size_t i = 0; i < c->n_means; i++)
		if (idx_add(c->means_idx, c->means[i].id, &c->means[i]) != 0)
			CRFAIL(sec, _("means id '%s' is used twice"), c->means[i].id);
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n))
		if (xml_is(n, "roll-table") && cr_read_table(p, n))
			return -1;
	if (c->pay < 0 && c->n_steps)
		CRFAIL(sec, "%s", _("a <campaign> with a <progression> needs a <start pay=\"CURRENCY\">"));
	return 0;
}

/* An advance is an option without a catalog: its own strings, modifiers and selector. */
static void advances_release(struct camp_def *c)
{
	for (size_t i = 0; i < c->n_advances; i++) {
		struct camp_advance *a = &c->advances[i];
		struct entry_option *o = &a->opt;
		free(o->id);
		free(o->name);
		free(o->ref);
		free(o->costs);
		option_more_free(o->more);
		free(a->group);
		sel_free(a->new_items);
		free(a->same);
	}
	free(c->advances);
}

/* The roll tables and the loss rolls. */
static void rolls_release(struct camp_def *c)
{
	for (size_t i = 0; i < c->n_tables; i++) {
		struct camp_table *t = &c->tables[i];
		free(t->id);
		free(t->name);
		free(t->ref);
		free(t->dice);
		sel_free(t->units);
		for (size_t j = 0; j < t->n_rows; j++)
			free(t->rows[j].advances);
		free(t->rows);
	}
	free(c->tables);
	idx_free(c->table_idx);
	for (size_t i = 0; i < c->n_loss_rolls; i++) {
		struct camp_loss_roll *l = &c->loss_rolls[i];
		free(l->id);
		free(l->name);
		free(l->ref);
		free(l->dice);
		sel_free(l->units);
		free(l->outcomes);
	}
	free(c->loss_rolls);
}

static void travel_free(struct camp_travel *tr)
{
	if (tr == NULL)
		return;
	for (size_t i = 0; i < tr->n_terrains; i++) {
		struct camp_terrain *t = &tr->terrains[i];
		free(t->id);
		free(t->name);
		for (size_t j = 0; j < t->n_speeds; j++)
			free(t->speeds[j].needs);
		free(t->speeds);
	}
	free(tr->terrains);
	free(tr->ref);
	free(tr);
}

void camp_def_free(const struct system *sys, struct camp_def *c)
{
	(void)sys;
	if (c == NULL)
		return;
	free(c->ref);
	for (size_t i = 0; i < c->n_currencies; i++) {
		free(c->currencies[i].id);
		free(c->currencies[i].name);
		free(c->currencies[i].abbr);
	}
	free(c->currencies);
	free(c->steps);
	free(c->level_ref);
	free(c->start_ref);
	free(c->means_ref);
	for (size_t i = 0; i < c->n_earns; i++) {
		free(c->earns[i].terms);
		free(c->earns[i].ref);
	}
	free(c->earns);
	sel_free(c->once);
	free(c->once_ref);
	free(c->dice);
	free(c->recovery_ref);
	for (size_t i = 0; i < c->n_scales; i++) {
		free(c->scales[i].name);
		for (size_t j = 0; j < c->scales[i].n_facts; j++) {
			free(c->scales[i].facts[j].name);
			free(c->scales[i].facts[j].value);
		}
		free(c->scales[i].facts);
	}
	free(c->scales);
	free(c->scale_ref);
	advances_release(c);
	idx_free(c->advance_idx);
	idx_free(c->currency_idx);
	for (size_t i = 0; i < c->n_awards; i++) {
		free(c->awards[i].id);
		free(c->awards[i].name);
		free(c->awards[i].ref);
	}
	free(c->awards);
	idx_free(c->award_idx);
	for (size_t i = 0; i < c->n_means; i++) {
		free(c->means[i].id);
		free(c->means[i].name);
	}
	free(c->means);
	idx_free(c->means_idx);
	rolls_release(c);
	free(c->item_cats);
	free(c->repair_ref);
	travel_free(c->travel);
	free(c);
}
