/* export-common.c - what the list renderers share: labels, verdicts, stats and costs as text
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every helper builds plain text from the one evaluation; the renderer escapes it for its
 * format as it appends it. Nothing here calls a renderer.
 */
#include "muster.h"
#include "decimal.h"
#include "export-common.h"
#include "idx.h"
#include "util.h"
#include "value.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *ex_cost_abbr(const struct cost_def *c)
{
	return c->abbr ? c->abbr : c->name;
}

bool ex_cost_used(const struct elist *el, size_t c)
{
	if (el->limits[c] >= 0)
		return true;
	for (size_t i = 0; i < el->n; i++)
		if (el->units[i].costs[c] != 0)
			return true;
	return false;
}

char *ex_eunit_title(const struct eval *ev, const struct eunit *eu)
{
	const struct r_unit *u = eu->ru;
	if (r_unit_label(u))
		return xasprintf("%s (%s)", r_unit_label(u), eval_unit_name(ev, eu));
	return xstrdup(eval_unit_name(ev, eu));
}

char *ex_unit_title(const struct r_unit *u)
{
	if (r_unit_label(u))
		return xasprintf("%s (%s)", r_unit_label(u), u->entry->name);
	return xstrdup(u->entry->name);
}

size_t ex_line_depth(const struct eunit *u, const struct cost_line *cl)
{
	size_t depth = 0;
	if (cl->kind != LINE_OPTION)
		return 0;
	for (uint32_t up = cl->ro->up; up && up <= u->ru->n_opts; up = u->ru->opts[up - 1].up)
		depth++;
	return depth;
}

char *ex_line_label(const struct eval *ev, const struct eunit *u, const struct cost_line *cl)
{
	const struct system *sys = ev->sys;
	if (cl->kind == LINE_MODELS && !ex_counts_models(sys, u->ru->entry))
		/* TRANSLATORS: the cost line of a unit taken whole (a regiment, a detachment's rule)
		 * itself, before its options' lines. */
		return xstrdup(_("own cost"));
	if (cl->kind == LINE_MODELS)
		return xasprintf(ngettext("%ld model", "%ld models", (unsigned long)u->ru->models),
		                 (long)u->ru->models);
	if (cl->kind == LINE_MODIFIERS)
		return xstrdup(_("changed by modifiers"));
	const struct r_option *ro = cl->ro;
	const struct r_train *tr = ro->train;
	struct strbuf sb = STRBUF_INIT;
	/* Its name after its own modifiers (BattleScribe's set and append of "name", decided on
	 * this instance), as the .ros export names the selection: the evaluation's caches fill
	 * as they are decided, no value of it changes. A training is no selection. */
	char *renamed = tr ? NULL
	                   : eval_option_name((struct eval *)ev, eval_unit_list(ev, u), u, ro);
	strbuf_adds(&sb, renamed ? renamed : ro->opt->name);
	free(renamed);
	if (tr && tr->item)
		strbuf_addf(&sb, _(" on %s"), tr->item);
	if (tr && tr->grant >= 0 && (size_t)tr->grant < sys->n_keywords)
		strbuf_addf(&sb, " (%s)", sys->keywords[tr->grant].name);
	if (ro->count > 1)
		strbuf_addf(&sb, " x%ld", (long)ro->count);
	if (tr)
		strbuf_addf(&sb, " (%s)", _("training"));
	return strbuf_detach(&sb);
}

bool ex_line_shown(const struct system *sys, const struct eunit *u, const struct cost_line *cl)
{
	if (cl->kind != LINE_MODELS || ex_counts_models(sys, u->ru->entry))
		return true;
	for (size_t c = 0; c < sys->n_costs; c++)
		if (cl->costs[c] != 0)
			return true;
	return false;
}

bool ex_counts_models(const struct system *sys, const struct entry *e)
{
	return !entry_taken_whole(sys, e);
}

char *ex_models_cell(const struct system *sys, const struct r_unit *ru)
{
	if (ex_counts_models(sys, ru->entry))
		return xasprintf("%ld", (long)ru->models);
	return ru->models > 1 ? xasprintf("x%ld", (long)ru->models) : xstrdup("");
}

const char *ex_cost_column(const struct system *sys, const struct cost_def *c)
{
	return sys->bs && c->name && *c->name ? c->name : c->id;
}

char *ex_colon(const char *label)
{
	/* TRANSLATORS: a label before its value in a printout ("Abilities: Duty"). French
	 * typography puts a no-break space (U+00A0) before the colon. */
	return xasprintf(_("%s:"), label);
}

char *ex_verdict(const struct diags *d)
{
	size_t errors = d ? d->errors + d->fatals : 0, warnings = d ? d->warnings : 0;
	if (errors == 0)
		return xstrdup(warnings ? _("legal, with warnings") : _("legal"));
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, _("NOT LEGAL ("));
	strbuf_addf(&sb, ngettext("%zu error", "%zu errors", errors), errors);
	strbuf_adds(&sb, ", ");
	strbuf_addf(&sb, ngettext("%zu warning", "%zu warnings", warnings), warnings);
	strbuf_adds(&sb, ")");
	return strbuf_detach(&sb);
}

char *ex_unit_stat(const struct system *sys, const struct attr_def *a, const struct value *vals,
                   const char **label)
{
	*label = NULL;
	if (a->on != ON_UNIT || a->type == ATTR_LEVEL || !a->card || !vals[a->index].set)
		return NULL;
	const struct value_label *vl = a->type == ATTR_INT ? attr_label(a, vals[a->index].i) : NULL;
	if (vl)
		*label = vl->label;
	return value_display(sys, a, &vals[a->index]);
}

void ex_unit_stats(const struct system *sys, const struct eunit *u, struct strbuf *sb)
{
	bool first = true;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		const char *label;
		char *v = ex_unit_stat(sys, a, u->vals, &label);
		if (v == NULL)
			continue;
		strbuf_addf(sb, "%s%s %s", first ? "" : ", ", a->abbr ? a->abbr : a->name, v);
		if (label)
			strbuf_addf(sb, " (%s)", label);
		free(v);
		first = false;
	}
}

/* Rules of in not hidden, each not in seen yet, appended to *v and added to seen. */
static void add_rules(const struct bs_infos *in, struct idx *seen, struct strbuf *key,
                      const struct bs_info ***v, size_t *n, size_t *cap)
{
	for (size_t i = 0; in && i < in->n; i++) {
		const struct bs_info *w = in->v[i];
		if (w->type_id != NULL || w->hidden)
			continue; /* a profile, or a rule not shown */
		/* What the printout shows of it, its name and its text, told apart by a byte that
		 * XML text cannot hold. */
		key->len = 0;
		strbuf_addf(key, "%s%c%s", w->name ? w->name : "", 1, w->desc ? w->desc : "");
		if (idx_add(seen, key->s, (void *)w) != 0)
			continue;
		GROW(*v, *cap, *n + 1);
		(*v)[(*n)++] = w;
	}
}

void ex_unit_rules(const struct eunit *u, struct idx *seen, const struct bs_info ***v, size_t *n,
                   size_t *cap)
{
	const struct r_unit *ru = u->ru;
	struct strbuf key = STRBUF_INIT;
	add_rules(ru->entry->infos, seen, &key, v, n, cap);
	for (size_t k = 0; k < ru->n_opts; k++)
		if (ru->opts[k].train == NULL)
			add_rules(ru->opts[k].opt->infos, seen, &key, v, n, cap);
	strbuf_release(&key);
}

size_t ex_roster_rules(const struct eval *ev, const struct bs_info ***v)
{
	size_t n = 0, cap = 0;
	*v = NULL;
	struct idx *seen = idx_new();
	for (size_t i = 0; i < ev->n_units; i++)
		ex_unit_rules(&ev->units[i], seen, v, &n, &cap);
	idx_free(seen);
	return n;
}

void ex_keywords(const struct system *sys, const kwword *kw, struct strbuf *sb)
{
	bool first = true;
	for (size_t k = 0; k < sys->n_keywords; k++)
		if (kw_has(kw, k)) {
			strbuf_addf(sb, "%s%s", first ? "" : ", ", sys->keywords[k].name);
			first = false;
		}
}

void ex_item_text(const struct system *sys, const char *name, const struct item_vals *vals,
                  const kwword *kw, struct strbuf *sb)
{
	strbuf_adds(sb, name);
	char *colon = ex_colon("");
	bool stats = false;
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_ITEM || !a->card || !item_value(vals, a)->set)
			continue;
		char *v = value_display(sys, a, item_value(vals, a));
		strbuf_addf(sb, "%s %s %s", stats ? "" : colon, a->abbr ? a->abbr : a->name, v);
		free(v);
		stats = true;
	}
	struct strbuf k = STRBUF_INIT;
	ex_keywords(sys, kw, &k);
	if (k.len)
		strbuf_addf(sb, "%s %s", stats ? ex_semicolon() : colon, k.s);
	strbuf_release(&k);
	free(colon);
}

/* Marks in mk the first byte of each "**" or "^^" of s that has a partner: the first of each
 * kind with the second, the third with the fourth; a last one alone is text. */
static void mark_pairs(const char *s, size_t len, char c, char *mk)
{
	size_t open = len;
	for (size_t i = 0; i + 1 < len; i++) {
		if (s[i] != c || s[i + 1] != c)
			continue;
		if (open == len) {
			open = i;
		} else {
			mk[open] = c;
			mk[i] = c;
			open = len;
		}
		i++;
	}
}

char *ex_markup(const char *s, unsigned char **bold)
{
	size_t len = strlen(s), n = 0;
	char *mk = xcalloc(len + 1, 1);
	mark_pairs(s, len, '*', mk);
	mark_pairs(s, len, '^', mk);
	char *plain = xmalloc(len + 1);
	unsigned char *b = xcalloc(len + 1, 1);
	bool star = false, caret = false;
	for (size_t i = 0; i < len; i++) {
		if (mk[i]) {
			if (mk[i] == '*')
				star = !star;
			else
				caret = !caret;
			i++;
			continue;
		}
		b[n] = star || caret;
		plain[n++] = s[i];
	}
	plain[n] = '\0';
	/* Blanks at either end of a bold run stand outside it: Markdown's emphasis needs that. */
	for (size_t i = 0; i < n; i++) {
		if (!b[i] || (i && b[i - 1]))
			continue;
		size_t end = i;
		while (end < n && b[end])
			end++;
		for (size_t k = i; k < end && plain[k] == ' '; k++)
			b[k] = 0;
		for (size_t k = end; k > i && plain[k - 1] == ' '; k--)
			b[k - 1] = 0;
		i = end;
	}
	free(mk);
	*bold = b;
	return plain;
}

size_t *ex_item_counts(const struct system *sys, const struct eunit *u, const struct item_kind *k)
{
	size_t *counts = xcalloc(u->n_items + 1, sizeof(*counts));
	struct idx *seen = idx_new();
	struct strbuf t = STRBUF_INIT;
	for (size_t i = 0; i < u->n_items; i++) {
		if (u->items[i].w->kind != k)
			continue;
		t.len = 0;
		if (t.s)
			t.s[0] = '\0';
		ex_item_text(sys, u->items[i].w->name, u->items[i].vals, u->items[i].kw, &t);
		size_t n = u->items[i].count > 1 ? (size_t)u->items[i].count : 1;
		size_t *first = idx_get(seen, t.s ? t.s : "");
		if (first) {
			*first += n;
		} else {
			counts[i] = n;
			idx_add(seen, t.s ? t.s : "", &counts[i]);
		}
	}
	strbuf_release(&t);
	idx_free(seen);
	return counts;
}

char *ex_item_name(const char *name, size_t count)
{
	/* TRANSLATORS: an item a unit carries more than once, shown once: "2x Bolt pistol". */
	return count > 1 ? xasprintf(_("%zux %s"), count, name) : xstrdup(name);
}

const char *ex_semicolon(void)
{
	/* TRANSLATORS: the semicolon between two parts of a printed line ("Dmg 4; Reliable"),
	 * without the blank after it. French typography puts a no-break space (U+00A0) before
	 * it. */
	return _(";");
}

void ex_unit_notes(const struct system *sys, const struct entry *e, struct strbuf *sb)
{
	for (size_t i = 0; i < sys->n_attrs; i++) {
		const struct attr_def *a = &sys->attrs[i];
		if (a->on != ON_UNIT || a->type != ATTR_INT || !e->vals[a->index].set)
			continue;
		const struct value_label *vl = attr_label(a, e->vals[a->index].i);
		if (vl && vl->note && sb->len)
			strbuf_addf(sb, "%s ", ex_semicolon());
		if (vl && vl->note)
			strbuf_adds(sb, vl->note);
	}
}

char *ex_field_value(const struct field_def *fd, long v)
{
	if (fd->type == ATTR_BOOL)
		return xstrdup(v ? _("yes") : _("no"));
	if (fd->type == ATTR_CHOICE && v >= 0 && (size_t)v < fd->n_choices)
		return xstrdup(fd->choices[v].name ? fd->choices[v].name : fd->choices[v].id);
	return xasprintf("%ld", v);
}

const char *ex_list_title(const struct r_list *l)
{
	return l->name ? l->name : l->id ? l->id : _("Army list");
}

const char *ex_parent_title(const struct roster *r, const struct r_list *l)
{
	return l->up ? ex_list_title(&r->lists[l->up - 1]) : NULL;
}

bool ex_id_shaped(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 100 || !(*s >= 'a' && *s <= 'z'))
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-_") == n;
}

bool ex_heading_quoted(const char *h)
{
	size_t n = strlen(h);
	return n >= 2 && h[0] == '"' && h[n - 1] == '"';
}

char *ex_list_heading(const struct r_list *l)
{
	if (l->name && (ex_id_shaped(l->name) || ex_heading_quoted(l->name)))
		return xasprintf("\"%s\"", l->name);
	return xstrdup(ex_list_title(l));
}

char *ex_spent(const struct system *sys, const struct elist *el, size_t c)
{
	/* Both are at most a few quadrillion (eval.c checked the sums): no overflow. */
	int64_t total = el->totals[c], left = el->limits[c] - total;
	unsigned sc = sys->costs[c].scale;
	char t[DEC_BUF], l[DEC_BUF], r[DEC_BUF];
	dec_format(total, sc, t);
	dec_format(el->limits[c], sc, l);
	dec_format(left >= 0 ? left : -left, sc, r);
	if (left >= 0)
		return xasprintf(_("%s: %s of %s spent, %s left"), sys->costs[c].name, t, l, r);
	return xasprintf(_("%s: %s of %s spent, %s over the limit"), sys->costs[c].name, t, l, r);
}

void ex_costs_inline(const struct system *sys, const bool *used, const int64_t *costs,
                     struct strbuf *sb)
{
	bool any = false;
	for (size_t c = 0; c < sys->n_costs; c++)
		if (used[c]) {
			char buf[DEC_BUF];
			strbuf_addf(sb, "%s%s %s", any ? ", " : "",
			            dec_format(costs[c], sys->costs[c].scale, buf),
			            ex_cost_abbr(&sys->costs[c]));
			any = true;
		}
	if (!any)
		strbuf_adds(sb, "0");
}

void ex_list_facts(const struct system *sys, const struct r_list *l, bool size_facts,
                   ex_fact_fn *fact, void *ctx)
{
	if (l->size && size_facts)
		for (size_t i = 0; i < l->size->n_facts; i++)
			fact(ctx, l->size->facts[i].name, l->size->facts[i].value);
	if (l->faction) {
		/* The level's own name: "Faction" in one game, "Outfit" in another. */
		struct strbuf f = STRBUF_INIT;
		strbuf_adds(&f, l->faction->name);
		for (const struct group *g = l->faction->parent; g; g = g->parent)
			strbuf_addf(&f, ", %s %s", sys->attrs[g->level].name, g->name);
		fact(ctx, sys->attrs[l->faction->level].name, f.s);
		strbuf_release(&f);
	}
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != FIELD_LIST || l->fields[f] == fd->def)
			continue;
		char *v = ex_field_value(fd, l->fields[f]);
		fact(ctx, fd->name, v);
		free(v);
	}
}

bool ex_has_size(const struct system *sys, const struct r_list *l)
{
	return l->size != NULL || sys->bs == NULL;
}
