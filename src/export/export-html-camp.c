/* export-html-camp.c - a campaign roster's state in the HTML export
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * What a player brings to a campaign's table besides the list: each unit's Level, band,
 * experience and what it needs for the next Level, the currency pools, and the last battles
 * the ledger records with what each earned. All from the campaign the reader derived from
 * the ledger (struct campaign); the names are the system's (its band attribute, currencies).
 */
#include "muster.h"
#include "campaign.h"
#include "export.h"
#include "export-common.h"
#include "export-html.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>

/* The last battles shown: a season's worth, not the whole history. */
#define LAST_BATTLES 5

static void camp_units(struct strbuf *sb, const struct roster *r)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	strbuf_addf(sb, "<table class=\"summary camp\">\n<thead><tr><th>%s</th><th class=\"n\">%s</th>",
	            _("Unit"), _("Models"));
	const char *band = cd->band ? (cd->band->abbr ? cd->band->abbr : cd->band->name) : NULL;
	strbuf_addf(sb, "<th class=\"n\">%s</th>", _("Level"));
	if (band) {
		strbuf_adds(sb, "<th class=\"n\">");
		html_esc(sb, band);
		strbuf_adds(sb, "</th>");
	}
	strbuf_addf(sb, "<th class=\"n\">XP</th><th class=\"n\">%s</th>", _("to next"));
	strbuf_adds(sb, "</tr></thead>\n<tbody>\n");
	for (size_t i = 0; i < c->n_units; i++) {
		const struct camp_unit *u = &c->units[i];
		if (!u->enlisted)
			continue;
		strbuf_adds(sb, "<tr><td>");
		html_esc(sb, u->name);
		if (u->destroyed)
			strbuf_addf(sb, " <i>(%s)</i>", _("destroyed"));
		strbuf_addf(sb, "</td><td class=\"n\">%ld</td>", u->models);
		strbuf_addf(sb, "<td class=\"n\">%ld</td>", u->level);
		if (band)
			strbuf_addf(sb, "<td class=\"n\">%ld</td>", u->band);
		long next = camp_level_xp(cd, u->level + 1);
		strbuf_addf(sb, "<td class=\"n\">%ld</td>", u->xp);
		if (next < 0)
			strbuf_adds(sb, "<td class=\"n\">&ndash;</td>");
		else
			strbuf_addf(sb, "<td class=\"n\">%ld</td>", next - u->xp);
		strbuf_adds(sb, "</tr>\n");
	}
	strbuf_adds(sb, "</tbody>\n</table>\n");
}

static const char *currency_abbr(const struct camp_currency *k)
{
	return k->abbr ? k->abbr : k->name;
}

/* One battle's row: date, result, victory points, opponent, what it earned. */
static void battle_row(struct strbuf *sb, const struct roster *r, const struct camp_battle *cb)
{
	static const char *const res[] = { N_("win"), N_("loss"), N_("draw") };
	const struct camp_def *cd = r->sys->camp;
	const struct ledger_entry *le = &r->camp->ledger[cb->entry];
	char day[16];
	const char *date = le_date(le, day);
	strbuf_adds(sb, "<tr><td>");
	html_esc(sb, date ? date : "");
	strbuf_adds(sb, "</td><td>");
	if (le->x->result >= RESULT_WIN && le->x->result <= RESULT_DRAW)
		html_esc(sb, _(res[le->x->result]));
	strbuf_addf(sb, "</td><td class=\"n\">%ld&ndash;%ld</td><td>", le->x->vp, le->x->opponent_vp);
	html_esc(sb, le->x->opponent ? le->x->opponent : "");
	strbuf_adds(sb, "</td><td>");
	bool any = false;
	for (size_t k = 0; k < cd->n_currencies; k++)
		if (cb->earned[k]) {
			strbuf_addf(sb, "%s%+" PRId64 " ", any ? ", " : "", cb->earned[k]);
			html_esc(sb, currency_abbr(&cd->currencies[k]));
			any = true;
		}
	strbuf_adds(sb, "</td></tr>\n");
}

void html_campaign(struct strbuf *sb, const struct roster *r)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	if (cd == NULL || c == NULL)
		return;
	strbuf_addf(sb, "<section class=\"campaign\">\n<h2>%s</h2>\n", _("Campaign"));
	/* Without Levels the units' table would only repeat the summary's models. */
	if (cd->n_steps)
		camp_units(sb, r);
	if (cd->n_currencies) {
		strbuf_adds(sb, "<p class=\"pools\"><b>");
		html_colon(sb, _("Pools"));
		strbuf_adds(sb, "</b> ");
		for (size_t k = 0; k < cd->n_currencies; k++) {
			strbuf_adds(sb, k ? ", " : "");
			html_esc(sb, cd->currencies[k].name);
			strbuf_addf(sb, " %" PRId64, c->pools[k]);
		}
		strbuf_adds(sb, "</p>\n");
	}
	if (c->n_battles) {
		size_t from = c->n_battles > LAST_BATTLES ? c->n_battles - LAST_BATTLES : 0;
		strbuf_addf(sb, "<table class=\"summary battles\">\n<caption>%s</caption>\n"
		                "<thead><tr><th>%s</th><th>%s</th><th class=\"n\">%s</th><th>%s</th>"
		                "<th>%s</th></tr></thead>\n<tbody>\n",
		            _("Last battles"), _("Date"), _("Result"), _("VP"), _("Opponent"),
		            _("Earned"));
		for (size_t b = c->n_battles; b > from; b--)
			battle_row(sb, r, &c->battles[b - 1]);
		strbuf_adds(sb, "</tbody>\n</table>\n");
	}
	strbuf_adds(sb, "</section>\n");
}
