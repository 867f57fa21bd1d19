/* event.c - what an event pack asks of a list beyond its rules
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The pack's rules are the system's (event.h); here are the checks that are not rules: the
 * roster's game system, each list's battle size, its totals against the pack's limits and its
 * list choices. Each list is read once: linear in the lists and the pack's limits and choices.
 */
#include "muster.h"
#include "decimal.h"
#include "event.h"
#include "eval.h"

#include <inttypes.h>

static const char *list_name(const struct r_list *l)
{
	return l->name ? l->name : l->id ? l->id : _("the list");
}

size_t event_check(const struct event *e, const struct roster *r, const struct eval *ev,
                   struct diags *d)
{
	size_t before = d->errors;
	if (r->sys != e->sys) {
		diags_add(d, SEV_ERROR, r->file, r->line, 0, "event", NULL,
		          _("the event '%s' is played with %s; this roster is for %s"),
		          e->name ? e->name : "", e->system_id ? e->system_id : "",
		          r->sys && r->sys->id ? r->sys->id : "?");
		return d->errors - before;
	}
	const struct system *sys = e->sys;
	for (size_t i = 0; i < r->n_lists; i++) {
		const struct r_list *l = &r->lists[i];
		/* A list of the event's size with its own <limit> beside it is a custom game too:
		 * its limit replaces the size's (roster.c), so it must not pass as the size. */
		if (e->size && l->size && l->size != e->size)
			diags_add(d, SEV_ERROR, r->file, l->line, l->col, e->size_ref, NULL,
			          _("%s is for %s; the event is played at %s"), list_name(l),
			          l->size->name, e->size->name);
		else if (e->size && (l->size == NULL || l->custom_limit))
			diags_add(d, SEV_ERROR, r->file, l->line, l->col, e->size_ref, NULL,
			          _("%s has a custom limit; the event is played at %s"), list_name(l),
			          e->size->name);
		for (size_t k = 0; k < e->n_limits; k++) {
			const struct event_limit *lim = &e->limits[k];
			if (ev == NULL || i >= ev->n_lists)
				break;
			int64_t total = ev->lists[i].totals[lim->cost];
			const struct cost_def *cd = &sys->costs[lim->cost];
			char t[DEC_BUF], o[DEC_BUF], v[DEC_BUF];
			if (total > lim->value)
				diags_add(d, SEV_ERROR, r->file, l->line, l->col, lim->ref, NULL,
				          _("%s costs %s %s, %s over the event's limit of %s"), list_name(l),
				          dec_format(total, cd->scale, t),
				          cd->abbr ? cd->abbr : cd->name ? cd->name : cd->id,
				          dec_format(total - lim->value, cd->scale, o),
				          dec_format(lim->value, cd->scale, v));
		}
		for (size_t k = 0; k < e->n_choices; k++) {
			const struct event_choice *c = &e->choices[k];
			long v = l->fields[c->field->index];
			if (v < 0 || (size_t)v >= c->field->n_choices || c->allowed[v])
				continue;
			struct strbuf sb = STRBUF_INIT;
			for (size_t j = 0; j < c->field->n_choices; j++)
				if (c->allowed[j])
					strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", c->field->choices[j].name);
			diags_add(d, SEV_ERROR, r->file, l->line, l->col, c->ref, NULL,
			          _("%s is %s '%s'; the event allows %s"), list_name(l), c->field->name,
			          c->field->choices[v].name, sb.s ? sb.s : "");
			strbuf_release(&sb);
		}
	}
	return d->errors - before;
}
