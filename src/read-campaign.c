/* read-campaign.c - the reader of a system's <campaign>: currencies, progression, advances
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Like every reader, it checks what it dereferences and every reference between ids: a data
 * directory may bring its own lax schema. doc/data-guide.md ("Campaigns") is the user's side.
 */
#include "muster.h"
#include "campaign.h"
#include "idx.h"
#include "lang.h"
#include "read-rules.h"
#include "select.h"
#include "util.h"
#include "xml.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct cr {
	struct system *sys;
	struct camp_def *c;
	struct diags *d;
};

#define CRFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		return -1; \
	} while (0)

static size_t count_named(xmlNodePtr n, const char *name)
{
	size_t k = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		k += xml_is(c, name);
	return k;
}

/* A currency attribute: its index, or -1 when absent and optional. */
static int read_currency(struct cr *p, xmlNodePtr n, const char *name, bool required, long *out)
{
	char *id = xml_prop(n, name);
	*out = -1;
	if (id == NULL) {
		if (required)
			CRFAIL(n, _("<%s> needs %s=\"CURRENCY\""), (const char *)n->name, name);
		return 0;
	}
	const struct camp_currency *cc = idx_get(p->c->currency_idx, id);
	if (cc == NULL) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s> names an unknown currency '%s'"), (const char *)n->name, id);
		free(id);
		return -1;
	}
	free(id);
	*out = (long)(cc - p->c->currencies);
	return 0;
}

static int read_attr(struct cr *p, xmlNodePtr n, const char *name, bool required,
                     const struct attr_def **out)
{
	char *id = xml_prop(n, name);
	*out = NULL;
	if (id == NULL) {
		if (required)
			CRFAIL(n, _("<%s> needs %s=\"ATTRIBUTE\""), (const char *)n->name, name);
		return 0;
	}
	const struct attr_def *a = idx_get(p->sys->attr_idx, id);
	if (a == NULL || a->on != ON_UNIT || a->type != ATTR_INT) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("<%s %s=...> names '%s', which is no whole-number unit attribute"),
		          (const char *)n->name, name, id);
		free(id);
		return -1;
	}
	free(id);
	*out = a;
	return 0;
}

/* "2/3" or "1": a fraction with a positive denominator. */
static int read_fraction(struct cr *p, xmlNodePtr n, const char *name, long *num, long *den)
{
	char *v = xml_prop(n, name);
	*num = *den = 1;
	if (v == NULL)
		return 0;
	char *slash = strchr(v, '/');
	if (slash)
		*slash = '\0';
	int bad = parse_long(v, 0, 1000000, num) != 0 ||
	          (slash && (parse_long(slash + 1, 1, 1000000, den) != 0));
	if (slash)
		*slash = '/';
	if (bad) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("%s=\"%s\" is no fraction such as 2/3"), name, v);
		free(v);
		return -1;
	}
	free(v);
	return 0;
}

static int read_currencies(struct cr *p, xmlNodePtr sec)
{
	struct camp_def *c = p->c;
	c->currencies = xcalloc(count_named(sec, "currency") + 1, sizeof(*c->currencies));
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		if (!xml_is(n, "currency"))
			continue;
		struct camp_currency *cc = &c->currencies[c->n_currencies++];
		cc->id = xml_prop(n, "id");
		cc->name = xml_prop(n, "name");
		cc->abbr = xml_prop(n, "abbr");
		cc->line = xml_line(n);
		cc->cost = -1;
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
	if (read_attr(p, sec, "band", false, &c->band) || read_currency(p, sec, "currency", true, &c->xp))
		return -1;
	c->level_ref = xml_prop(sec, "ref");
	c->steps = xcalloc(count_named(sec, "step") + 1, sizeof(*c->steps));
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
	if (read_currency(p, sec, "currency", true, &cur))
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
		if (read_fraction(p, n, "times", &t->num, &t->den) ||
		    xml_prop_long(n, "at-least", 0, 1000000, 0, &t->least, p->sys->file, p->d))
			return -1;
		if (t->kind == TERM_LOST) {
			char *v = xml_prop(n, "value");
			t->level = v == NULL || strcmp(v, "level") == 0;
			free(v);
			if (!t->level && read_attr(p, n, "value", true, &t->attr))
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
	if (read_attr(p, n, "add", false, &c->rec_add) || read_attr(p, n, "target", true, &c->rec_target) ||
	    read_attr(p, n, "gain", false, &c->rec_gain) ||
	    read_currency(p, n, "currency", c->rec_gain != NULL, &c->gain_currency))
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
	c->scales = xcalloc(count_named(sec, "scale") + 1, sizeof(*c->scales));
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
		s->facts = xcalloc(count_named(n, "fact") + 1, sizeof(*s->facts));
		for (xmlNodePtr f = xml_first_elem(n); f; f = xml_next_elem(f)) {
			if (!xml_is(f, "fact"))
				continue;
			struct fact *ft = &s->facts[s->n_facts++];
			ft->name = xml_prop(f, "name");
			ft->value = xml_prop(f, "value");
			if (ft->name == NULL || ft->value == NULL)
				CRFAIL(f, "%s", _("<fact> needs a name and a value"));
		}
	}
	return 0;
}

/* An <advance>: an option without a catalog. Its modifiers change the unit, or the item the
 * ledger names when target="item". */
static int read_advance(struct cr *p, xmlNodePtr n, struct camp_advance *a)
{
	struct entry_option *o = &a->opt;
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
	if (pk && !a->pick_keyword) {
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("choose=\"%s\": an advance lets the player choose a keyword"), pk);
		free(pk);
		return -1;
	}
	free(pk);
	o->mods = xcalloc(count_named(n, "modify") + 1, sizeof(*o->mods));
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "modify")) {
			if (modifier_read(c, p->sys, a->pick_item ? MOD_IN_OPTION_ITEM : MOD_IN_OPTION_UNIT,
			                  p->sys->file, &o->mods[o->n_mods], p->d))
				return -1;
			o->n_mods++;
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
				o->grants = xreallocarray(o->grants, o->n_grants + 1, sizeof(*o->grants));
				o->grants[o->n_grants++] = kd->index;
			}
			strv_free(v);
		} else {
			CRFAIL(c, _("an <advance> holds <modify> and <grant>, not <%s>"), (const char *)c->name);
		}
	}
	return 0;
}

static int read_advances(struct cr *p, xmlNodePtr sec)
{
	struct camp_def *c = p->c;
	c->advances = xcalloc(count_named(sec, "advance") + 1, sizeof(*c->advances));
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		if (!xml_is(n, "advance"))
			continue;
		if (read_advance(p, n, &c->advances[c->n_advances++]))
			return -1;
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
	c->ref = xml_prop(sec, "ref");
	c->xp = c->pay = c->gain_currency = c->desertion = -1;
	c->share_num = c->share_den = 1;
	if (read_currencies(p, sec))
		return -1;
	for (xmlNodePtr n = xml_first_elem(sec); n; n = xml_next_elem(n)) {
		int rc = 0;
		if (xml_is(n, "currency")) {
			continue;
		} else if (xml_is(n, "start")) {
			c->start_ref = xml_prop(n, "ref");
			c->means_ref = xml_prop(n, "means-ref");
			rc = read_currency(p, n, "pay", true, &c->pay) ||
			     read_fraction(p, n, "share", &c->share_num, &c->share_den) ||
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
			rc = read_advances(p, n);
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
	if (c->pay < 0 && c->n_advances)
		CRFAIL(sec, "%s", _("a <campaign> needs a <start pay=\"CURRENCY\">"));
	return 0;
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
	for (size_t i = 0; i < c->n_advances; i++) {
		struct camp_advance *a = &c->advances[i];
		struct entry_option *o = &a->opt;
		free(o->id);
		free(o->name);
		free(o->ref);
		free(o->costs);
		free(o->grants);
		for (size_t j = 0; j < o->n_mods; j++)
			modifier_release(&o->mods[j]);
		free(o->mods);
		free(a->group);
	}
	free(c->advances);
	idx_free(c->advance_idx);
	idx_free(c->currency_idx);
	free(c);
}
