/* export-card.c - entry cards (muster catalog SYSTEM ENTRY)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The lists themselves are rendered by export-text.c (text, Markdown), export-html.c,
 * export-csv.c and export-xml.c.
 */
#include "muster.h"
#include "decimal.h"
#include "export.h"
#include "export-common.h"
#include "util.h"
#include "value.h"

#include <stdlib.h>
#include <string.h>

/* "Sword: Dmg 4 Rng 1; Reliable" on a line of its own. */
static void add_item_line(const struct system *sys, const struct item *w, int indent,
                          struct strbuf *sb)
{
	struct strbuf t = STRBUF_INIT;
	ex_item_text(sys, w->name, w->vals, w->kw, &t);
	/* BattleScribe's markup ("**^^Infantry^^**") read: plain text has no bold. */
	unsigned char *bold;
	char *plain = ex_markup(t.s ? t.s : "", &bold);
	strbuf_addf(sb, "%*s%s\n", indent, "", plain);
	free(plain);
	free(bold);
	strbuf_release(&t);
}

/* Orders items by kind, then by their place on the card (qsort is not stable). */
static int cmp_item_kind(const void *a, const void *b)
{
	const struct item *x = *(const struct item *const *)a, *y = *(const struct item *const *)b;
	if (x->kind->index != y->kind->index)
		return x->kind->index < y->kind->index ? -1 : 1;
	return (x > y) - (x < y);
}

/* One option's line, indented by its depth: costs, how often (per one of its parent when it
 * stands under another), the item it changes, its categories, and the item it adds. */
static void add_option_line(const struct system *sys, const struct entry_option *o, int indent,
                            struct strbuf *sb)
{
	strbuf_addf(sb, "%*s%s [%s]", indent, "", o->name, o->id);
	for (size_t c = 0; c < sys->n_costs; c++)
		if (o->costs[c])
			strbuf_addf(sb, " %+ld %s%s", o->costs[c], ex_cost_abbr(&sys->costs[c]),
			            o->per_model ? _(" per model") : "");
	if (o->model)
		strbuf_addf(sb, " (%s)", _("models"));
	if (o->min > 0 && o->max == OPTION_UNBOUNDED)
		strbuf_addf(sb, _(" (at least %ld)"), o->min);
	else if (o->min > 0 && o->min == o->max)
		strbuf_addf(sb, _(" (exactly %ld)"), o->min);
	else if (o->min > 0)
		strbuf_addf(sb, _(" (%ld to %ld)"), o->min, o->max);
	else if (o->max == OPTION_UNBOUNDED)
		strbuf_adds(sb, _(" (any number)"));
	else if (o->max != 1)
		strbuf_addf(sb, _(" (up to %ld)"), o->max);
	if (o->up && (o->min > 0 || o->max != 1))
		strbuf_adds(sb, _(" each"));
	if (option_more(o)->item_id)
		strbuf_addf(sb, _(" on %s"), option_more(o)->item_id);
	for (size_t c = 0; c < o->n_cats; c++)
		strbuf_addf(sb, "%s%s%s", c ? ", " : " [", sys->cats[o->cats[c]].name,
		            c + 1 == o->n_cats ? "]" : "");
	strbuf_adds(sb, "\n");
	if (o->adds) {
		strbuf_addf(sb, "%*s%s ", indent + 2, "", _("adds"));
		add_item_line(sys, o->adds, 0, sb);
	}
}

/* A choice's line, before its first option: how many to take, and its default. */
static void add_choice_line(const struct entry *e, const struct opt_choice *c, int indent,
                            struct strbuf *sb)
{
	strbuf_addf(sb, "%*s%s: ", indent, "", c->name);
	if (c->max == OPTION_UNBOUNDED && c->min <= 0)
		strbuf_adds(sb, _("choose any number"));
	else if (c->max == OPTION_UNBOUNDED)
		strbuf_addf(sb, _("choose at least %ld"), c->min);
	else if (c->min == c->max)
		strbuf_addf(sb, _("choose %ld"), c->min);
	else
		strbuf_addf(sb, _("choose %ld to %ld"), c->min, c->max);
	if (c->def)
		strbuf_addf(sb, _(", %s by default"), e->options[c->def - 1].name);
	strbuf_adds(sb, "\n");
}

/* The options of e under the one numbered up - 1 (0: the entry), each with its own under it.
 * first and next are the lists of children. */
static void add_level(const struct system *sys, const struct entry *e, const size_t *first,
                      const size_t *next, size_t up, int indent, bool *shown, struct strbuf *sb)
{
	for (size_t k = first[up]; k; k = next[k - 1]) {
		const struct entry_option *o = &e->options[k - 1];
		int in = indent;
		if (o->in_choice) {
			if (!shown[o->in_choice - 1])
				add_choice_line(e, &e->choices[o->in_choice - 1], indent, sb);
			shown[o->in_choice - 1] = true;
			in += 2;
		}
		add_option_line(sys, o, in, sb);
		add_level(sys, e, first, next, k, in + 2, shown, sb);
	}
}

/* The option tree of e, in tree order: one pass makes each option's list of children (a
 * link's options stand at the end of the array, after their parent). */
static void add_options(const struct system *sys, const struct entry *e, struct strbuf *sb)
{
	size_t n = e->n_options;
	size_t *first = xcalloc(n + 1, sizeof(*first));
	size_t *next = xcalloc(n + 1, sizeof(*next));
	bool *shown = xcalloc(e->n_choices + 1, sizeof(*shown));
	for (size_t k = n; k > 0; k--) {
		next[k - 1] = first[e->options[k - 1].up];
		first[e->options[k - 1].up] = k;
	}
	add_level(sys, e, first, next, 0, 4, shown, sb);
	free(first);
	free(next);
	free(shown);
}

void export_card(const struct system *sys, const struct entry *e, struct strbuf *sb)
{
	strbuf_addf(sb, "%s [%s]%s\n", e->name, e->id, e->example ? _(" (example model, not from the rules)") : "");
	struct strbuf costs = STRBUF_INIT, unit = STRBUF_INIT;
	for (size_t c = 0; c < sys->n_costs; c++) {
		char buf[DEC_BUF];
		if (e->costs[c])
			strbuf_addf(&costs, "%s%s %s", costs.len ? ", " : "",
			            dec_format(e->costs[c], sys->costs[c].scale, buf),
			            ex_cost_abbr(&sys->costs[c]));
		if (e->unit_costs && e->unit_costs[c])
			strbuf_addf(&unit, "%s%s %s", unit.len ? ", " : "",
			            dec_format(e->unit_costs[c], sys->costs[c].scale, buf),
			            ex_cost_abbr(&sys->costs[c]));
	}
	/* Nothing to pay: "0 Cans", in the first cost type, not a bare number. */
	if (costs.len == 0 && unit.len == 0 && sys->n_costs)
		strbuf_addf(&costs, "0 %s", ex_cost_abbr(&sys->costs[0]));
	if (unit.len)
		strbuf_addf(sb, "  %s: %s %s\n", _("Cost"), unit.s, _("per unit"));
	/* An entry taken whole (a regiment of no model options, a detachment's rule) costs what
	 * it costs, per model of nothing. */
	if ((costs.len || unit.len == 0) && entry_taken_whole(sys, e))
		strbuf_addf(sb, "  %s: %s\n", _("Cost"), costs.len ? costs.s : "0");
	else if (costs.len || unit.len == 0)
		strbuf_addf(sb, "  %s: %s %s\n", _("Cost"), costs.len ? costs.s : "0", _("per model"));
	strbuf_release(&costs);
	strbuf_release(&unit);
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_UNIT || a->type != ATTR_LEVEL || !e->vals[a->index].set)
			continue;
		char *v = value_display(sys, a, &e->vals[a->index]);
		strbuf_addf(sb, "  %s: %s\n", a->name, v);
		free(v);
	}
	/* Its stats on one line; none (a BattleScribe entry's are in its profiles): no line. */
	struct strbuf st = STRBUF_INIT;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		const char *label;
		char *v = ex_unit_stat(sys, a, e->vals, &label);
		if (v == NULL)
			continue;
		if (label)
			strbuf_addf(&st, " %s %s (%s)", a->abbr ? a->abbr : a->name, v, label);
		else
			strbuf_addf(&st, " %s %s", a->abbr ? a->abbr : a->name, v);
		free(v);
	}
	if (st.len)
		strbuf_addf(sb, " %s\n", st.s);
	strbuf_release(&st);
	for (size_t i = 0; i < e->n_also; i++)
		if (e->also[i])
			strbuf_addf(sb, "  %s %s %s\n", _("Also in"), sys->attrs[e->also[i]->level].name,
			            e->also[i]->name);
	if (e->n_cats) {
		strbuf_addf(sb, "  %s: ", _("Categories"));
		for (size_t i = 0; i < e->n_cats; i++)
			strbuf_addf(sb, "%s%s%s", i ? ", " : "", sys->cats[e->cats[i]].name,
			            e->primary == e->cats[i] + 1 ? _(" (primary)") : "");
		strbuf_adds(sb, "\n");
	}
	struct strbuf k = STRBUF_INIT;
	ex_keywords(sys, e->kw, &k);
	if (k.len)
		strbuf_addf(sb, "  %s: %s\n", _("Abilities"), k.s);
	strbuf_release(&k);
	/* Items under their kinds, in the system's order of kinds, each kind's in card order. */
	const struct item **by_kind = xcalloc(e->n_items + 1, sizeof(*by_kind));
	for (size_t i = 0; i < e->n_items; i++)
		by_kind[i] = &e->items[i];
	qsort(by_kind, e->n_items, sizeof(*by_kind), cmp_item_kind);
	for (size_t i = 0; i < e->n_items; i++) {
		if (i == 0 || by_kind[i]->kind != by_kind[i - 1]->kind)
			strbuf_addf(sb, "  %s:\n", by_kind[i]->kind->plural);
		add_item_line(sys, by_kind[i], 4, sb);
	}
	free(by_kind);
	if (e->n_options) {
		strbuf_addf(sb, "  %s:\n", _("Options"));
		add_options(sys, e, sb);
	}
	struct strbuf notes = STRBUF_INIT;
	ex_unit_notes(sys, e, &notes);
	if (notes.len)
		strbuf_addf(sb, "  %s: %s\n", _("Note"), notes.s);
	strbuf_release(&notes);
	if (e->note)
		strbuf_addf(sb, "  %s\n", e->note);
}
