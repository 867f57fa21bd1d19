/* campaign-show.c - muster campaign: what a campaign army is, what an entry recorded, and
 * what a trip would cost
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * show prints the army, its pools and its whole ledger; after a recording only the army, the
 * pools and the entry recorded are printed (a ledger of 100,000 entries printed after each of
 * them cost a third of the command), and travel works out a trip (cmd-campaign.c).
 */
#include "muster.h"
#include "campaign.h"
#include "campaign-cmd.h"
#include "cmd.h"
#include "eval.h"
#include "roster.h"
#include "unitref.h"
#include "util.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* --- show ---------------------------------------------------------------------------------- */

static void show_units(const struct roster *r, FILE *out)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	const char *band = cd->band ? cd->band->name : _("Band");
	bool levels = cd->n_steps > 0;
	if (levels)
		fprintf(out, "%-32s %6s %5s %5s %6s %8s\n", _("Unit"), _("Models"), _("Level"),
		        vis(cd->band && cd->band->abbr ? cd->band->abbr : band), "XP", _("to next"));
	else
		fprintf(out, "%-32s %6s\n", _("Unit"), _("Models"));
	for (size_t i = 0; i < c->n_units; i++) {
		const struct camp_unit *u = &c->units[i];
		if (!u->enlisted)
			continue;
		long next = camp_level_xp(cd, u->level + 1);
		char *nx = next < 0 ? xstrdup("-") : xasprintf("%ld", next - u->xp);
		if (levels)
			fprintf(out, "%-32s %6ld %5ld %5ld %6ld %8s%s\n", vis(u->name), u->models, u->level,
			        u->band, u->xp, nx, u->destroyed ? _("  destroyed") : "");
		else
			fprintf(out, "%-32s %6ld%s\n", vis(u->name), u->models, u->destroyed ? _("  destroyed") : "");
		free(nx);
		if (u->destroyed)
			continue;
		if (u->deaths)
			fprintf(out, ngettext("  died %ld time, replaced; %ld lost items bought back\n",
			                      "  died %ld times, replaced; %ld lost items bought back\n",
			                      (unsigned long)u->deaths), u->deaths, u->items_back);
		if (u->battle > 0 && (size_t)u->battle == c->n_battles) {
			if (u->down)
				fprintf(out, ngettext("  next battle: %ld model down (%s)\n",
				                      "  next battle: %ld models down (%s)\n",
				                      (unsigned long)u->down), u->down, vis(u->rolled_on));
			if (u->wounds_left)
				fprintf(out, ngettext("  next battle: starts with %ld wound (%s)\n",
				                      "  next battle: starts with %ld wounds (%s)\n",
				                      (unsigned long)u->wounds_left), u->wounds_left, vis(u->rolled_on));
			if (u->missing)
				fprintf(out, _("  wounds to repair: %ld\n"), u->missing);
		}
		for (size_t t = 0; t < u->n_trains; t++) {
			const struct camp_train *tr = &u->trains[t];
			fprintf(out, "  %s %s", _("trained"), vis(tr->adv->opt.name));
			if (tr->keyword >= 0)
				fprintf(out, " (%s)", vis(r->sys->keywords[tr->keyword].name));
			if (tr->item)
				fprintf(out, _(" on %s"), vis(tr->item));
			if (tr->adds)
				fprintf(out, ": %s", vis(tr->adds->name));
			if (tr->adds && tr->drops)
				fprintf(out, _(" for %s"), vis(tr->drops));
			if (levels)
				fprintf(out, _(" at %s %ld"), vis(band), tr->band);
			fputc('\n', out);
		}
		long pending = u->level - u->start_level - (long)u->n_trains;
		if (pending > 0 && cd->n_steps) {
			fprintf(out, ngettext("  %ld training to take:", "  %ld trainings to take:",
			                      (unsigned long)pending), pending);
			for (size_t a = 0; a < cd->n_advances; a++) {
				const struct camp_advance *adv = &cd->advances[a];
				size_t same = 0, inband = 0;
				const char *g = adv->group ? adv->group : adv->opt.id;
				for (size_t t = 0; t < u->n_trains; t++) {
					const struct camp_advance *ta = u->trains[t].adv;
					same += ta == adv;
					inband += strcmp(ta->group ? ta->group : ta->opt.id, g) == 0 &&
					          u->trains[t].band == u->band;
				}
				if ((adv->opt.max < OPTION_UNBOUNDED && (long)same >= adv->opt.max) ||
				    (adv->per_band && (long)inband >= adv->per_band) ||
				    u->band < adv->min_band || u->band > adv->max_band)
					continue;
				fprintf(out, " %s", vis(adv->opt.id));
			}
			fputc('\n', out);
		}
	}
}

/* Entry i of the ledger on a line; *b: the index in battles to look for its battle from
 * (battles in ledger order: 0 for any entry, or where the entry before i left it). */
static void show_entry(const struct roster *r, size_t i, size_t *b, FILE *out)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	const struct ledger_entry *le = &c->ledger[i];
	const char *kind = ledger_kind_name(le->kind);
	char day[16];
	const char *date = le_date(le, day);
	fprintf(out, "%3zu. %-10s %s", i + 1, date ? vis(date) : "-", kind);
	if (le->kind != LE_START || cd->pay >= 0)
		fprintf(out, "%*s", (int)(7 - strlen(kind)), "");
	switch (le->kind) {
	case LE_START:
		if (cd->pay >= 0)
			fprintf(out, " %ld %s", le->amount, vis(cd->currencies[cd->pay].name));
		break;
	case LE_ENLIST:
		if (le->x->models)
			fprintf(out, _(" %ld models into %s"), le->x->models, vis(le->unit));
		else
			fprintf(out, " %s", vis(le->unit));
		break;
	case LE_BATTLE: {
		static const char *const res[] = { N_("win"), N_("loss"), N_("draw") };
		fprintf(out, " %s %ld-%ld", _(res[le->x->result]), le->x->vp, le->x->opponent_vp);
		if (le->x->opponent)
			fprintf(out, _(" against %s"), vis(le->x->opponent));
		for (; *b < c->n_battles && c->battles[*b].entry < i; (*b)++)
			;
		if (*b < c->n_battles && c->battles[*b].entry == i) {
			const struct camp_battle *cb = &c->battles[*b];
			for (size_t k = 0; k < cd->n_currencies; k++)
				if (cb->earned[k])
					fprintf(out, ", %+" PRId64 " %s", cb->earned[k],
					        vis(cd->currencies[k].abbr ? cd->currencies[k].abbr : cd->currencies[k].name));
			if (cd->n_loss_rolls && cb->lost)
				fprintf(out, ngettext(", %ld died for good", ", %ld died for good",
				                      (unsigned long)cb->lost), cb->lost);
			else if (cb->recovered || cb->lost)
				fprintf(out, _(", %ld recovered, %ld lost"), cb->recovered, cb->lost);
		}
		break;
	}
	case LE_XP:
		fprintf(out, " %ld -> %s", le->amount, vis(le->unit));
		break;
	case LE_TRAIN:
		fprintf(out, " %s %s", le->unit ? vis(le->unit) : _("army"), vis(le->x->adv->opt.id));
		if (le->x->item)
			fprintf(out, " %s", vis(le->x->item));
		if (le->x->replaces)
			fprintf(out, _(" for %s"), vis(le->x->replaces));
		if (le->x->keyword >= 0)
			fprintf(out, " %s", vis(r->sys->keywords[le->x->keyword].id));
		if (le->x->roll != LONG_MIN)
			fprintf(out, _(" (rolled %ld)"), le->x->roll);
		break;
	case LE_GAIN:
		fprintf(out, " %+ld %s", le->amount, vis(cd->currencies[le->currency].name));
		if (le->x->award)
			fprintf(out, " (%s x%ld)", vis(le->x->award->name), le->x->models);
		break;
	case LE_REPAIR:
		if (le->x->wounds)
			fprintf(out, ngettext(" %s %ld wound", " %s %ld wounds", (unsigned long)le->x->wounds),
			        vis(le->unit), le->x->wounds);
		else
			fprintf(out, " %s %s", vis(le->unit), vis(le->x->item));
		break;
	}
	if (le->x->note)
		fprintf(out, " (%s)", vis(le->x->note));
	fputc('\n', out);
}

static void show_ledger(const struct roster *r, FILE *out)
{
	size_t b = 0;
	fprintf(out, "\n%s\n", _("Ledger"));
	for (size_t i = 0; i < r->camp->n_ledger; i++)
		show_entry(r, i, &b, out);
}

/* The army: its units, pools, advances and worth. */
static void show_army(const struct roster *r, const struct eval *ev, FILE *out)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	fprintf(out, "%s (%s)\n\n", vis(r->name ? r->name : r->file), vis(r->sys->name));
	show_units(r, out);
	fprintf(out, "\n%s:", _("Pools"));
	for (size_t k = 0; k < cd->n_currencies; k++)
		fprintf(out, "%s %s %" PRId64, k ? "," : "", vis(cd->currencies[k].name), c->pools[k]);
	fputc('\n', out);
	if (c->n_army_trains) {
		fprintf(out, "%s:", _("Army advances"));
		for (size_t k = 0; k < c->n_army_trains; k++)
			fprintf(out, "%s %s", k ? "," : "", vis(c->army_trains[k].adv->opt.name));
		fputc('\n', out);
	}
	size_t ci = cd->pay >= 0 ? (size_t)cd->currencies[cd->pay].cost : 0;
	for (size_t li = 0; cd->pay >= 0 && li < ev->n_lists; li++) {
		int64_t worth = ev->lists[li].totals[ci];
		const struct camp_scale *s = NULL;
		for (size_t k = 0; k < cd->n_scales && s == NULL; k++)
			if (worth < cd->scales[k].below)
				s = &cd->scales[k];
		fprintf(out, _("Army worth: %" PRId64 " %s"), worth, vis(cd->currencies[cd->pay].name));
		if (s) {
			fprintf(out, ": %s", vis(s->name));
			for (size_t f = 0; f < s->n_facts; f++)
				fprintf(out, ", %s %s", vis(s->facts[f].name), vis(s->facts[f].value));
			if (cd->scale_ref)
				fprintf(out, " (%s)", vis(cd->scale_ref));
		}
		fputc('\n', out);
	}
}

void campaign_show(const struct roster *r, const struct eval *ev, const struct diags *d, FILE *out)
{
	show_army(r, ev, out);
	show_ledger(r, out);
	fprintf(out, "\n%s: %s\n", _("Legality"), d->errors ? _("illegal") : _("legal"));
}

void campaign_show_recorded(const struct roster *r, const struct eval *ev, const struct diags *d,
                            size_t entry, FILE *out)
{
	show_army(r, ev, out);
	size_t b = 0;
	fprintf(out, "\n%s\n", _("Recorded (the whole ledger: muster campaign show)"));
	if (entry < r->camp->n_ledger)
		show_entry(r, entry, &b, out);
	fprintf(out, "\n%s: %s\n", _("Legality"), d->errors ? _("illegal") : _("legal"));
}


/* --- travel ------------------------------------------------------------------------------- */

int campaign_travel(const struct cmd_entry *self, const struct roster *r, const struct eval *ev,
                  const char *unit, const struct args *a, FILE *out)
{
	const struct camp_def *cd = r->sys->camp;
	const struct camp_travel *tr = cd->travel;
	if (tr == NULL) {
		cmd_error_at(r->file, _("system '%s' has no travel rules"), r->sys->id);
		return MUSTER_EXIT_TROUBLE;
	}
	const struct camp_terrain *t = NULL;
	const char **ids = xreallocarray(NULL, tr->n_terrains + 1, sizeof(*ids));
	for (size_t i = 0; i < tr->n_terrains; i++) {
		if (a->terrain && strcmp(tr->terrains[i].id, a->terrain) == 0)
			t = &tr->terrains[i];
		ids[i] = tr->terrains[i].id;
	}
	if (t == NULL) {
		int rc = cmd_bad_value(self, "terrain", _("terrain"), a->terrain ? a->terrain : "",
		                       ids, tr->n_terrains);
		free(ids);
		return rc;
	}
	free(ids);
	struct unitref ur;
	struct diags d = DIAGS_INIT;
	if (unitref_find(r, UNITREF_ANY_LIST, unit, &ur, &d) != 0) {
		cmd_error_at(r->file, "%s", d.v[0].msg);
		diags_release(&d);
		return MUSTER_EXIT_TROUBLE;
	}
	const struct camp_unit *u = NULL;
	for (size_t i = 0; ur.now && i < r->camp->n_units && u == NULL; i++)
		if (r->camp->units[i].ru == ur.now)
			u = &r->camp->units[i];
	const struct eunit *eu = u ? &ev->lists[ur.list].units[ur.number - 1] : NULL;
	if (eu == NULL) {
		cmd_error_at(r->file, _("'%s' is not in the army: not enlisted yet, or destroyed"), unit);
		return MUSTER_EXIT_TROUBLE;
	}
	long cost = eu->vals[tr->cost->index].i;
	long speed = t->attr ? eu->vals[t->attr->index].i : 0;
	struct trip tp;
	camp_trip(tr, t, cost, speed, a->distance, a->travelled, a->moved, &tp);
	const char *cur = cd->pay >= 0 ? cd->currencies[cd->pay].name : "";
	fprintf(out, _("%s (%s %ld): %ld\" through %s"), vis(u->name), vis(tr->cost->name), cost, a->distance,
	        vis(t->name));
	if (tp.per_day > 0)
		fprintf(out, _(" at %ld\" a day"), tp.per_day);
	fputc('\n', out);
	fprintf(out, ngettext("  %ld day, costing %ld %s", "  %ld days, costing %ld %s",
	                      (unsigned long)tp.days), tp.days, tp.cost, vis(cur));
	if (tp.days)
		fprintf(out, _(" (each day %s, +%ld per day travelled since the last battle; %ld before)"),
		        vis(tr->cost->name), tr->rising, a->travelled);
	fputc('\n', out);
	fprintf(out, _("  movement left: %ld\" of %ld\"\n"), tp.left > 0 ? tp.left : 0, tr->max);
	fprintf(out, _("  a camp costs %ld %s and needs %ld\" of movement left: %s\n"), tp.camp_cost, vis(cur),
	        tr->camp_left, tp.camp_too_late ? _("not possible") : _("possible"));
	int rc = MUSTER_EXIT_OK;
	if (tp.needs) {
		cmd_error_at(r->file, _("%s cannot cross more than a little %s without %s (%s)"), u->name,
		             t->name, *tp.needs ? tp.needs : _("help"), tr->ref ? tr->ref : "");
		rc = MUSTER_EXIT_ILLEGAL;
	}
	if (tp.too_far) {
		cmd_error_at(r->file, _("%s would move %ld\" between battles; at most %ld\" (%s)"), u->name,
		             a->moved + a->distance, tr->max, tr->ref ? tr->ref : "");
		rc = MUSTER_EXIT_ILLEGAL;
	}
	return rc;
}

