/* export-xml.c - the canonical roster: what was loaded, written back as a roster file
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every reference as the loader resolved it (system, size, faction, entries, options with
 * their counts, fields, custom limits, attachments), in the file's order, so that the result
 * loads to the same lists, verdict and fingerprint. Comments, notes and white space are not
 * kept. A campaign roster is written as it was enlisted (each unit as the file has it, before
 * the ledger: camp_unit.read) followed by its ledger, entry by entry, so that loading it
 * derives the same campaign; its units as the ledger made them are never written, or the
 * ledger would apply twice.
 */
#include "muster.h"
#include "decimal.h"
#include "campaign.h"
#include "export.h"
#include "export-common.h"
#include "export-render.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The fields of v that differ from base (NULL: from their defaults). */
static void fields(struct strbuf *sb, const struct system *sys, const long *v, const long *base,
                   enum field_scope scope, const char *indent)
{
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != scope || v[f] == (base ? base[f] : fd->def))
			continue;
		strbuf_addf(sb, "%s<field", indent);
		strbuf_add_attr(sb, "name", fd->id);
		char *val;
		if (fd->type == ATTR_BOOL)
			val = xstrdup(v[f] ? "true" : "false");
		else if (fd->type == ATTR_CHOICE && v[f] >= 0 && (size_t)v[f] < fd->n_choices)
			val = xstrdup(fd->choices[v[f]].id);
		else
			val = xasprintf("%ld", v[f]);
		strbuf_add_attr(sb, "value", val);
		free(val);
		strbuf_adds(sb, "/>\n");
	}
}

/* The options of u under the one numbered up - 1 (0: on the unit), nested as the catalog's are
 * (each option is seen once for each of its ancestors). */
static void options(struct strbuf *sb, const struct r_unit *u, uint32_t up, int depth)
{
	for (size_t k = r_option_child(u, up, up); k < u->n_opts; k = r_option_child(u, up, k + 1)) {
		const struct r_option *ro = &u->opts[k];
		if (ro->train)
			continue;
		strbuf_addf(sb, "%*s<option", 2 * depth, "");
		strbuf_add_attr(sb, "id", ro->opt->id);
		if (ro->count != 1)
			strbuf_addf(sb, " count=\"%ld\"", (long)ro->count);
		bool kids = k + 1 < u->n_opts && u->opts[k + 1].up == k + 1 && !u->opts[k + 1].train;
		if (!kids) {
			strbuf_adds(sb, "/>\n");
			continue;
		}
		strbuf_adds(sb, ">\n");
		options(sb, u, (uint32_t)k + 1, depth + 1);
		strbuf_addf(sb, "%*s</option>\n", 2 * depth, "");
	}
}

/* Unit u of a list `depth` forces deep (0: a top list), joining the unit of id attach_id (or
 * none: NULL). */
static void unit(struct strbuf *sb, const struct r_unit *u, const char *attach_id, int depth)
{
	strbuf_addf(sb, "%*s<unit", 2 * depth + 4, "");
	strbuf_add_attr(sb, "entry", u->entry->id);
	strbuf_addf(sb, " models=\"%ld\"", (long)u->models);
	strbuf_add_attr(sb, "id", r_unit_id(u));
	strbuf_add_attr(sb, "name", r_unit_label(u));
	strbuf_add_attr(sb, "attach", attach_id);
	size_t n = 0;
	for (size_t k = 0; k < u->n_opts; k++)
		n += u->opts[k].train == NULL;
	if (n == 0) {
		strbuf_adds(sb, "/>\n");
		return;
	}
	strbuf_adds(sb, ">\n");
	options(sb, u, 0, depth + 3);
	strbuf_addf(sb, "%*s</unit>\n", 2 * depth + 4, "");
}

static void num(struct strbuf *sb, const char *name, long v)
{
	strbuf_addf(sb, " %s=\"%ld\"", name, v);
}

/* One ledger entry, with the attributes it was read from (ledger.c), in a fixed order: what
 * it is, what it names, its figures, then date and note. Defaults are left out. */
static void entry(struct strbuf *sb, const struct system *sys, const struct ledger_entry *le)
{
	static const char *const kinds[] = { "start", "enlist", "battle", "xp", "train", "gain", "repair" };
	static const char *const results[] = { "win", "loss", "draw" };
	const struct camp_def *cd = sys->camp;
	strbuf_addf(sb, "      <%s", kinds[le->kind]);
	switch (le->kind) {
	case LE_START:
		num(sb, "amount", le->amount);
		break;
	case LE_ENLIST:
		strbuf_add_attr(sb, "unit", le->unit);
		if (le->x->models)
			num(sb, "models", le->x->models);
		break;
	case LE_BATTLE:
		strbuf_add_attr(sb, "opponent", le->x->opponent);
		num(sb, "vp", le->x->vp);
		num(sb, "opponent-vp", le->x->opponent_vp);
		strbuf_add_attr(sb, "result", results[le->x->result]);
		break;
	case LE_XP:
		strbuf_add_attr(sb, "unit", le->unit);
		num(sb, "amount", le->amount);
		break;
	case LE_TRAIN:
		strbuf_add_attr(sb, "unit", le->unit);
		strbuf_add_attr(sb, "advance", le->x->adv->opt.id);
		strbuf_add_attr(sb, "item", le->x->item);
		strbuf_add_attr(sb, "replaces", le->x->replaces);
		if (le->x->keyword >= 0)
			strbuf_add_attr(sb, "keyword", sys->keywords[le->x->keyword].id);
		if (le->x->roll != LONG_MIN)
			num(sb, "roll", le->x->roll);
		break;
	case LE_GAIN:
		if (le->x->award) {
			strbuf_add_attr(sb, "award", le->x->award->id);
			if (le->x->models != 1)
				num(sb, "times", le->x->models);
		} else {
			strbuf_add_attr(sb, "currency", cd->currencies[le->currency].id);
			num(sb, "amount", le->amount);
		}
		break;
	case LE_REPAIR:
		strbuf_add_attr(sb, "unit", le->unit);
		if (le->x->wounds)
			num(sb, "wounds", le->x->wounds);
		strbuf_add_attr(sb, "item", le->x->item);
		break;
	}
	char day[16];
	strbuf_add_attr(sb, "date", le_date(le, day));
	strbuf_add_attr(sb, "note", le->x->note);
	if (le->x->n_means == 0 && le->x->n_hurt == 0 && le->x->n_losses == 0) {
		strbuf_adds(sb, "/>\n");
		return;
	}
	strbuf_adds(sb, ">\n");
	for (size_t i = 0; i < le->x->n_means; i++) {
		strbuf_adds(sb, "        <means");
		strbuf_add_attr(sb, "id", le->x->means[i].id);
		if (le->x->means[i].times != 1)
			num(sb, "times", le->x->means[i].times);
		strbuf_adds(sb, "/>\n");
	}
	for (size_t i = 0; i < le->x->n_hurt; i++)
		strbuf_addf(sb, "        <hurt value=\"%ld\"/>\n", le->x->hurt[i]);
	for (size_t i = 0; i < le->x->n_losses; i++) {
		const struct le_loss *l = &le->x->losses[i];
		strbuf_adds(sb, "        <lost");
		strbuf_add_attr(sb, "unit", l->unit);
		num(sb, "models", l->models);
		if (l->wounds)
			num(sb, "wounds", l->wounds);
		if (l->morale)
			num(sb, "morale", l->morale);
		if (l->n_rolls) {
			strbuf_adds(sb, " rolls=\"");
			for (size_t k = 0; k < l->n_rolls; k++) {
				strbuf_addf(sb, "%s%ld", k ? " " : "", l->rolls[k]);
				if (l->spent[k])
					strbuf_addf(sb, "+%ld", l->spent[k]);
			}
			strbuf_adds(sb, "\"");
		}
		strbuf_adds(sb, "/>\n");
	}
	strbuf_addf(sb, "      </%s>\n", kinds[le->kind]);
}

/* List li and the forces within it, nested as read. A child force writes what it does not take
 * from its parent: its size, faction, limits and fields where they differ (roster.c). */
static void list(struct strbuf *sb, const struct roster *r, size_t li, size_t *cu)
{
	const struct system *sys = r->sys;
	const struct r_list *l = &r->lists[li], *up = l->up ? &r->lists[l->up - 1] : NULL;
	int ind = 2 * (int)l->depth + 2;
	strbuf_addf(sb, "%*s<list", ind, "");
	strbuf_add_attr(sb, "id", l->id);
	strbuf_add_attr(sb, "name", l->name);
	bool own_size = l->size && (up == NULL || l->size != up->size);
	strbuf_add_attr(sb, "size", own_size ? l->size->id : NULL);
	strbuf_add_attr(sb, "faction", l->faction && (up == NULL || l->faction != up->faction)
	                               ? l->faction->id : NULL);
	strbuf_adds(sb, ">\n");
	/* A limit of its own where it differs from its size's (or it has no size), or from its
	 * parent's when it takes them. */
	for (size_t c = 0; c < sys->n_costs; c++) {
		long from = own_size ? l->size->limits[c] : up ? up->limits[c]
		          : l->size ? l->size->limits[c] : -1;
		if (l->limits[c] < 0 || l->limits[c] == from)
			continue;
		strbuf_addf(sb, "%*s<limit", ind + 2, "");
		strbuf_add_attr(sb, "cost", sys->costs[c].id);
		char buf[DEC_BUF];
		strbuf_addf(sb, " value=\"%s\"/>\n", dec_format(l->limits[c], sys->costs[c].scale, buf));
	}
	char pad[2 * ROSTER_MAX_FORCE_DEPTH + 8];
	snprintf(pad, sizeof(pad), "%*s", ind + 2, "");
	fields(sb, sys, l->fields, up ? up->fields : NULL, FIELD_LIST, pad);
	if (r->camp) {
		/* Every unit the file enlists in this list, destroyed ones too, as read: each joins
		 * one of those (its attach counts from the list's first as read). */
		const struct camp_unit *read = &r->camp->units[*cu];
		size_t n = 0;
		while (*cu + n < r->camp->n_units && read[n].list == li)
			n++;
		for (size_t i = 0; i < n; i++) {
			const struct r_unit *u = &read[i].read;
			const char *to = NULL;
			if (u->attach && u->attach <= n)
				to = r_unit_id(&read[u->attach - 1].read);
			unit(sb, u, to, (int)l->depth);
		}
		*cu += n;
	} else {
		for (size_t i = 0; i < l->n_units; i++)
			unit(sb, &l->units[i], r_unit_attach_id(l, &l->units[i]), (int)l->depth);
	}
	for (size_t k = li + 1; k < r->n_lists && r->lists[k].depth > l->depth; k = forces_end(r, k))
		list(sb, r, k, cu);
	strbuf_addf(sb, "%*s</list>\n", ind, "");
}

void export_xml_list(const struct eval *ev, struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	size_t cu = 0;
	strbuf_adds(sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                "<roster xmlns=\"urn:x-muster:roster:1\"");
	strbuf_adds(sb, r->camp ? " version=\"2\"" : " version=\"1\"");
	strbuf_add_attr(sb, "system", sys->id);
	strbuf_add_attr(sb, "name", r->name);
	strbuf_add_attr(sb, "player", r->player);
	if (r->last_id > 0)
		num(sb, "last-id", r->last_id);
	strbuf_adds(sb, ">\n");
	fields(sb, sys, r->fields, NULL, FIELD_ROSTER, "  ");
	for (size_t li = 0; li < r->n_lists; li = forces_end(r, li))
		list(sb, r, li, &cu);
	if (r->camp) {
		strbuf_adds(sb, "  <campaign>\n    <ledger>\n");
		for (size_t i = 0; i < r->camp->n_ledger; i++)
			entry(sb, sys, &r->camp->ledger[i]);
		strbuf_adds(sb, "    </ledger>\n  </campaign>\n");
	}
	strbuf_adds(sb, "</roster>\n");
}
