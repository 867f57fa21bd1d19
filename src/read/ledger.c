/* ledger.c - reading and writing a roster's <campaign>: the ledger of dated entries
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Only what is written is read here: numbers within bounds, ids resolved against the system
 * (advances, currencies, keywords). Which unit an entry names, and what the entries add up to,
 * is camp_derive's work (campaign.c). Writing appends or corrects one entry in a roster's
 * document as the user gave it (muster campaign); reading the result back checks it.
 */
#include "muster.h"
#include "campaign-model.h"
#include "ledger.h"
#include "idx.h"
#include "util.h"
#include "xml.h"
#include "data.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The element of each ledger_kind. */
static const char *const kinds[] = { "start", "enlist", "battle", "xp", "train", "gain", "repair" };

const char *ledger_kind_name(enum ledger_kind k)
{
	return kinds[k];
}

struct lr {
	struct campaign *c;
	const struct system *sys;
	const char *file;
	struct diags *d;
};

#define LFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		return -1; \
	} while (0)

/* Attribute name of n in the campaign's strings, or NULL when absent. */
static const char *text(struct lr *p, xmlNodePtr n, const char *name)
{
	return xml_prop_in(n, name, &p->c->strs);
}

/* The same for an id, which a long ledger names again and again: one copy of each. */
static const char *ident(struct lr *p, xmlNodePtr n, const char *name)
{
	char *v = xml_prop(n, name);
	if (v == NULL)
		return NULL;
	if (p->c->ids == NULL)
		p->c->ids = idx_new();
	const char *s = idx_get(p->c->ids, v);
	if (s == NULL) {
		char *copy = arena_strndup(&p->c->strs, v, strlen(v));
		idx_add(p->c->ids, copy, copy);
		s = copy;
	}
	free(v);
	return s;
}

/* The ids an entry names. */
static int need_unit(struct lr *p, xmlNodePtr n, const char **out)
{
	*out = ident(p, n, "unit");
	if (*out == NULL)
		LFAIL(n, _("<%s> names its unit: unit=\"ID\""), (const char *)n->name);
	return 0;
}

/* rolls="7 11+2 3": each a die roll, optionally with currency spent on it. */
static int read_rolls(struct lr *p, xmlNodePtr n, struct le_loss *l)
{
	char *t = xml_prop(n, "rolls");
	size_t k = 0;
	char **v = strv_split(t ? t : "", &k);
	free(t);
	l->rolls = xcalloc(k + 1, sizeof(*l->rolls));
	l->spent = xcalloc(k + 1, sizeof(*l->spent));
	for (size_t i = 0; i < k; i++) {
		char *plus = strchr(v[i], '+');
		if (plus)
			*plus = '\0';
		if (parse_long(v[i], -1000000, 1000000, &l->rolls[i]) != 0 ||
		    (plus && parse_long(plus + 1, 0, 1000000, &l->spent[i]) != 0)) {
			if (plus)
				*plus = '+';
			diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("rolls: '%s' is no die roll (write the number rolled, and +N for what was spent on it)"),
			          v[i]);
			strv_free(v);
			return -1;
		}
		l->n_rolls++;
	}
	strv_free(v);
	return 0;
}

static int read_battle(struct lr *p, xmlNodePtr n, struct le_more *m)
{
	m->opponent = ident(p, n, "opponent");
	char *res = xml_prop(n, "result");
	static const char *const results[] = { "win", "loss", "draw" };
	m->result = RESULT_NONE;
	for (size_t i = 0; res && i < MUSTER_ARRAY_LEN(results); i++)
		if (strcmp(res, results[i]) == 0)
			m->result = (enum battle_result)i;
	if (m->result == RESULT_NONE) {
		diags_add(p->d, SEV_FATAL, p->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("a <battle> needs result=\"win\", \"loss\" or \"draw\", not '%s'"), res ? res : "");
		free(res);
		return -1;
	}
	free(res);
	if (xml_prop_long(n, "vp", 0, 1000000, 0, &m->vp, p->file, p->d) ||
	    xml_prop_long(n, "opponent-vp", 0, 1000000, 0, &m->opponent_vp, p->file, p->d))
		return -1;
	size_t nh = 0, nl = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		nh += xml_is(c, "hurt");
		nl += xml_is(c, "lost");
	}
	m->hurt = xcalloc(nh + 1, sizeof(*m->hurt));
	m->losses = xcalloc(nl + 1, sizeof(*m->losses));
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (xml_is(c, "hurt")) {
			if (xml_prop_long(c, "value", 0, 1000000, 0, &m->hurt[m->n_hurt++], p->file, p->d))
				return -1;
		} else if (xml_is(c, "lost")) {
			struct le_loss *l = &m->losses[m->n_losses++];
			l->line = xml_line(c);
			l->col = xml_col(c);
			if (need_unit(p, c, &l->unit) ||
			    xml_prop_long(c, "wounds", 0, 1000000, 0, &l->wounds, p->file, p->d) ||
			    xml_prop_long(c, "models", 0, 100000, l->wounds ? 0 : 1, &l->models, p->file, p->d) ||
			    xml_prop_long(c, "morale", 0, 100000, 0, &l->morale, p->file, p->d) ||
			    read_rolls(p, c, l))
				return -1;
			if (l->models == 0 && l->wounds == 0)
				LFAIL(c, "%s", _("a <lost> names the models lost (models=\"N\") or the wounds taken (wounds=\"N\")"));
			if (l->morale > l->models)
				LFAIL(c, _("%ld of %ld models destroyed by morale"), l->morale, l->models);
		} else {
			LFAIL(c, _("a <battle> holds <hurt> and <lost>, not <%s>"), (const char *)c->name);
		}
	}
	return 0;
}

/* <start amount="N"><means id="ID" times="N"/>...</start> */
static int read_start(struct lr *p, xmlNodePtr n, struct ledger_entry *le, struct le_more *m)
{
	const struct camp_def *cd = p->sys->camp;
	if (xml_prop_long(n, "amount", 0, 1000000000L, 0, &le->amount, p->file, p->d))
		return -1;
	size_t nm = 0;
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c))
		nm++;
	m->means = xcalloc(nm + 1, sizeof(*m->means));
	for (xmlNodePtr c = xml_first_elem(n); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "means"))
			LFAIL(c, _("a <start> holds <means>, not <%s>"), (const char *)c->name);
		struct le_means *mm = &m->means[m->n_means++];
		mm->id = ident(p, c, "id");
		if (mm->id == NULL)
			LFAIL(c, "%s", _("<means> needs an id"));
		mm->def = idx_get(cd->means_idx, mm->id);
		if (mm->def == NULL) {
			struct strbuf sb = STRBUF_INIT;
			for (size_t i = 0; i < cd->n_means; i++)
				strbuf_addf(&sb, "%s%s", i ? ", " : "", cd->means[i].id);
			diags_add(p->d, SEV_FATAL, p->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("unknown means '%s' (means: %s)"), mm->id, sb.s ? sb.s : _("none"));
			strbuf_release(&sb);
			return -1;
		}
		if (xml_prop_long(c, "times", 1, 1000, 1, &mm->times, p->file, p->d))
			return -1;
	}
	return 0;
}

/* What a message about an unknown id of the campaign appends: "; did you mean 'X'?" when one
 * of the ids is near the word, and the ids ("none" when there are none). */
struct near {
	char *dym;
	struct strbuf sb;
	const char *list;
};

/* Fills nr for word among the n ids, and frees ids; near_release frees nr. */
static void near_ids(struct near *nr, const char *word, const char **ids, size_t n)
{
	struct nearest ne;
	nearest_init(&ne, word);
	nr->sb = (struct strbuf)STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		nearest_offer(&ne, ids[i], ids[i]);
		strbuf_addf(&nr->sb, "%s%s", i ? ", " : "", ids[i]);
	}
	nr->dym = ne.best ? xasprintf(_("; did you mean '%s'?"), ne.best) : xstrdup("");
	nr->list = nr->sb.s ? nr->sb.s : _("none");
	free(ids);
}

static void near_release(struct near *nr)
{
	free(nr->dym);
	strbuf_release(&nr->sb);
}

/* <train unit="ID" advance="ID" item="ID" replaces="ID" keyword="ID" roll="N"/> */
static int read_train(struct lr *p, xmlNodePtr n, struct ledger_entry *le, struct le_more *m)
{
	const struct camp_def *cd = p->sys->camp;
	char *id = xml_prop(n, "advance");
	m->adv = idx_get(cd->advance_idx, id ? id : "");
	if (m->adv == NULL) {
		const char **ids = xreallocarray(NULL, cd->n_advances + 1, sizeof(*ids));
		for (size_t i = 0; i < cd->n_advances; i++)
			ids[i] = cd->advances[i].opt.id;
		struct near nr;
		near_ids(&nr, id ? id : "", ids, cd->n_advances);
		diags_add(p->d, SEV_FATAL, p->file, le->line, le->col, NULL, NULL,
		          _("unknown training '%s'%s (trainings: %s)"), id ? id : "", nr.dym, nr.list);
		near_release(&nr);
		free(id);
		return -1;
	}
	free(id);
	if (m->adv->army) {
		le->unit = ident(p, n, "unit");
		if (le->unit)
			LFAIL(n, _("advance '%s' is taken by the army: name no unit"), m->adv->opt.id);
		return 0;
	}
	if (need_unit(p, n, &le->unit))
		return -1;
	m->item = ident(p, n, "item");
	m->replaces = ident(p, n, "replaces");
	if (m->replaces && !m->adv->choose_item)
		LFAIL(n, _("training '%s' replaces no item"), m->adv->opt.id);
	if (m->adv->choose_item && m->item == NULL)
		LFAIL(n, _("training '%s' brings an item: name it with item=\"ID\""), m->adv->opt.id);
	if (xml_prop_long(n, "roll", -1000000, 1000000, LONG_MIN, &m->roll, p->file, p->d))
		return -1;
	char *kw = xml_prop(n, "keyword");
	if (m->adv->pick_keyword) {
		const struct keyword_def *kd = idx_get(p->sys->kw_idx, kw ? kw : "");
		if (kd == NULL || kd->on != m->adv->keyword_on) {
			diags_add(p->d, SEV_FATAL, p->file, le->line, le->col, NULL, NULL,
			          _("training '%s' grants a keyword of its %s: keyword=\"%s\" is none"),
			          m->adv->opt.id, m->adv->pick_item ? _("item") : _("unit"), kw ? kw : "");
			free(kw);
			return -1;
		}
		m->keyword = (long)kd->index;
	} else if (kw) {
		diags_add(p->d, SEV_FATAL, p->file, le->line, le->col, NULL, NULL,
		          _("training '%s' grants no keyword of the player's choice"), m->adv->opt.id);
		free(kw);
		return -1;
	}
	free(kw);
	return 0;
}

/* <gain award="ID" times="N"/> or <gain currency="ID" amount="N"/> */
static int read_gain(struct lr *p, xmlNodePtr n, struct ledger_entry *le, struct le_more *m)
{
	const struct camp_def *cd = p->sys->camp;
	char *aw = xml_prop(n, "award");
	if (aw) {
		m->award = idx_get(cd->award_idx, aw);
		if (m->award == NULL) {
			const char **ids = xreallocarray(NULL, cd->n_awards + 1, sizeof(*ids));
			for (size_t i = 0; i < cd->n_awards; i++)
				ids[i] = cd->awards[i].id;
			struct near nr;
			near_ids(&nr, aw, ids, cd->n_awards);
			diags_add(p->d, SEV_FATAL, p->file, le->line, le->col, NULL, NULL,
			          _("unknown award '%s'%s (awards: %s)"), aw, nr.dym, nr.list);
			near_release(&nr);
			free(aw);
			return -1;
		}
		free(aw);
		long times;
		if (xml_prop_long(n, "times", -1000, 1000, 1, &times, p->file, p->d))
			return -1;
		le->currency = (int32_t)m->award->currency;
		le->amount = m->award->amount * times;
		m->models = times;
		return 0;
	}
	char *cur = xml_prop(n, "currency");
	const struct camp_currency *cc = idx_get(cd->currency_idx, cur ? cur : "");
	if (cc == NULL && cur) {
		const char **ids = xreallocarray(NULL, cd->n_currencies + 1, sizeof(*ids));
		for (size_t i = 0; i < cd->n_currencies; i++)
			ids[i] = cd->currencies[i].id;
		struct near nr;
		near_ids(&nr, cur, ids, cd->n_currencies);
		diags_add(p->d, SEV_FATAL, p->file, le->line, le->col, NULL, NULL,
		          _("unknown currency '%s'%s (currencies: %s)"), cur, nr.dym, nr.list);
		near_release(&nr);
		free(cur);
		return -1;
	}
	free(cur);
	if (cc == NULL)
		LFAIL(n, "%s", _("<gain> needs currency=\"ID\" naming a currency of the campaign"));
	le->currency = (int32_t)(cc - cd->currencies);
	if (xml_prop_long(n, "amount", -1000000000L, 1000000000L, 0, &le->amount, p->file, p->d))
		return -1;
	return 0;
}

/* date="YYYY-MM-DD" in le->day, the 11 bytes of its copy saved for every entry of a long
 * ledger; any other text as it is written, in m->date. */
static int read_date(struct lr *p, xmlNodePtr n, struct ledger_entry *le, struct le_more *m)
{
	char *t = xml_prop(n, "date");
	if (t == NULL)
		return 0;
	uint32_t day = 0;
	bool ymd = strlen(t) == 10 && t[4] == '-' && t[7] == '-';
	for (size_t i = 0; ymd && i < 10; i++) {
		if (i == 4 || i == 7)
			continue;
		ymd = t[i] >= '0' && t[i] <= '9';
		day = day * 10 + (uint32_t)(t[i] - '0');
	}
	if (ymd && day != 0)
		le->day = day;
	else
		m->date = arena_strndup(&p->c->strs, t, strlen(t));
	free(t);
	return 0;
}

static int read_kind(struct lr *p, xmlNodePtr n, struct ledger_entry *le, struct le_more *m)
{
	const struct camp_def *cd = p->sys->camp;
	size_t k;
	for (k = 0; k < MUSTER_ARRAY_LEN(kinds) && !xml_is(n, kinds[k]); k++)
		;
	if (k == MUSTER_ARRAY_LEN(kinds))
		LFAIL(n, _("a ledger holds <start>, <enlist>, <battle>, <xp>, <train>, <gain> and <repair>, not <%s>"),
		      (const char *)n->name);
	le->kind = (enum ledger_kind)k;
	le->line = (int32_t)xml_line(n);
	le->col = (int32_t)xml_col(n);
	if (read_date(p, n, le, m) != 0)
		return -1;
	m->note = text(p, n, "note");
	m->keyword = -1;
	le->currency = -1;
	m->roll = LONG_MIN;
	switch (le->kind) {
	case LE_START:
		return read_start(p, n, le, m);
	case LE_ENLIST:
		if (need_unit(p, n, &le->unit) ||
		    xml_prop_long(n, "models", 0, 100000, 0, &m->models, p->file, p->d))
			return -1;
		break;
	case LE_BATTLE:
		return read_battle(p, n, m);
	case LE_XP:
		if (need_unit(p, n, &le->unit) ||
		    xml_prop_long(n, "amount", 1, 1000000000L, 0, &le->amount, p->file, p->d))
			return -1;
		if (cd->xp < 0)
			LFAIL(n, "%s", _("this system's campaign spends no experience on units"));
		break;
	case LE_TRAIN:
		return read_train(p, n, le, m);
	case LE_GAIN:
		return read_gain(p, n, le, m);
	case LE_REPAIR:
		if (cd->repair < 0)
			LFAIL(n, "%s", _("this system's campaign has no repairs"));
		if (need_unit(p, n, &le->unit) ||
		    xml_prop_long(n, "wounds", 0, 1000000, 0, &m->wounds, p->file, p->d))
			return -1;
		m->item = ident(p, n, "item");
		if ((m->wounds == 0) == (m->item == NULL))
			LFAIL(n, "%s", _("a <repair> restores wounds=\"N\" or buys back one item=\"ID\""));
		break;
	}
	return 0;
}

const struct le_more le_more_none = { .keyword = -1, .roll = LONG_MIN, .result = RESULT_NONE };

/* Reads entry n into le: what it holds beyond le_more_none in a block of its own, made on
 * failure too, so that campaign_free frees what was read. */
static int read_entry(struct lr *p, xmlNodePtr n, struct ledger_entry *le)
{
	struct le_more m = le_more_none;
	int rc = read_kind(p, n, le, &m);
	le->x = &le_more_none;
	const struct le_more *z = &le_more_none;
	if (m.note || m.date || m.models != z->models || m.adv || m.item || m.replaces || m.keyword != z->keyword ||
	    m.roll != z->roll || m.award || m.wounds || m.means || m.opponent || m.vp || m.opponent_vp ||
	    m.result != z->result || m.hurt || m.losses) {
		struct le_more *x = xmalloc(sizeof(*x));
		*x = m;
		le->x = x;
	}
	return rc;
}

struct campaign *ledger_begin(struct _xmlNode *n, size_t expect, const struct system *sys,
                              const char *file, struct diags *d)
{
	struct campaign *c = xcalloc(1, sizeof(*c));
	c->line = xml_line(n);
	c->col = xml_col(n);
	c->expect = expect;
	if (sys->camp == NULL) {
		diags_add(d, SEV_FATAL, file, c->line, c->col, NULL, NULL,
		          _("system '%s' has no campaign rules"), sys->id);
		campaign_free(sys, c);
		return NULL;
	}
	return c;
}

size_t ledger_count(const struct xml_reader *x)
{
	size_t n = 0;
	for (size_t k = 0; k < MUSTER_ARRAY_LEN(kinds); k++)
		n += xml_reader_count(x, kinds[k]);
	return n;
}

int ledger_add(struct campaign *c, size_t *cap, struct _xmlNode *e, const struct system *sys,
               const char *file, struct diags *d)
{
	if (*cap == 0 && c->n_ledger == 0 && c->expect > 0) {
		/* Made once as large as the file's entries may be: it never moves as it grows,
		 * which left each old block a hole in the heap. */
		c->ledger = xreallocarray(c->ledger, c->expect, sizeof(*c->ledger));
		*cap = c->expect;
	}
	struct lr pp = { c, sys, file, d };
	GROW(c->ledger, *cap, c->n_ledger + 1);
	struct ledger_entry *le = &c->ledger[c->n_ledger++];
	memset(le, 0, sizeof(*le));
	return read_entry(&pp, e, le);
}

void ledger_end(struct campaign *c)
{
	/* Growing left up to half the array unused: nothing points into it yet. */
	c->ledger = xreallocarray(c->ledger, c->n_ledger + 1, sizeof(*c->ledger));
	memset(&c->ledger[c->n_ledger], 0, sizeof(*c->ledger));
}

struct campaign *ledger_read(struct _xmlNode *n, const struct system *sys, const char *file,
                             struct diags *d)
{
	struct campaign *c = ledger_begin(n, 0, sys, file, d);
	if (c == NULL)
		return NULL;
	xmlNodePtr led = xml_child(n, "ledger");
	size_t cap = 0;
	for (xmlNodePtr e = led ? xml_first_elem(led) : NULL; e; e = xml_next_elem(e))
		if (ledger_add(c, &cap, e, sys, file, d) != 0) {
			campaign_free(sys, c);
			return NULL;
		}
	ledger_end(c);
	return c;
}

/* --- writing ------------------------------------------------------------------------------- */

static xmlNodePtr child_or_new(xmlNodePtr parent, const char *name, const char *indent)
{
	xmlNodePtr n = xml_child(parent, name);
	if (n)
		return n;
	xmlAddChild(parent, xmlNewText(BAD_CAST indent));
	n = xmlNewChild(parent, parent->ns, BAD_CAST name, NULL);
	xmlAddChild(parent, xmlNewText(BAD_CAST "\n"));
	return n;
}

/* Appends <name> to the ledger, on its own line. */
static xmlNodePtr append_elem(xmlDocPtr doc, const char *name)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);
	xmlNodePtr camp = xml_child(root, "campaign");
	if (camp == NULL) {
		xmlNodePtr last = xmlGetLastChild(root);
		if (last && last->type == XML_TEXT_NODE)
			xmlNodeSetContent(last, BAD_CAST "\n  ");
		else
			xmlAddChild(root, xmlNewText(BAD_CAST "\n  "));
		camp = xmlNewChild(root, root->ns, BAD_CAST "campaign", NULL);
		xmlAddChild(root, xmlNewText(BAD_CAST "\n"));
		xmlSetProp(root, BAD_CAST "version", BAD_CAST "2");
	}
	xmlNodePtr led = child_or_new(camp, "ledger", "\n    ");
	xmlNodePtr last = xmlGetLastChild(led);
	if (last && last->type == XML_TEXT_NODE) {
		xmlUnlinkNode(last);
		xmlFreeNode(last);
	}
	xmlAddChild(led, xmlNewText(BAD_CAST "\n      "));
	xmlNodePtr n = xmlNewChild(led, led->ns, BAD_CAST name, NULL);
	xmlAddChild(led, xmlNewText(BAD_CAST "\n    "));
	xmlNodePtr cl = xmlGetLastChild(camp);
	if (cl == led)
		xmlAddChild(camp, xmlNewText(BAD_CAST "\n  "));
	return n;
}

static void set_prop(xmlNodePtr n, const char *name, const char *value)
{
	if (value)
		xml_set_prop(n, name, value);
}

/* The n-th (1-based) entry of the ledger, or NULL. */
static xmlNodePtr nth_entry(xmlDocPtr doc, long n)
{
	xmlNodePtr camp = xml_child(xmlDocGetRootElement(doc), "campaign");
	xmlNodePtr led = camp ? xml_child(camp, "ledger") : NULL;
	long k = 0;
	for (xmlNodePtr e = led ? xml_first_elem(led) : NULL; e; e = xml_next_elem(e))
		if (++k == n)
			return e;
	return NULL;
}

bool ledger_started(struct _xmlDoc *doc)
{
	return xml_child(xmlDocGetRootElement(doc), "campaign") != NULL;
}

/* Entry e's attributes and children on its element n. */
static void fill_entry(xmlNodePtr n, const struct ledger_rec *e)
{
	const struct { const char *name, *value; } attrs[] = {
		{ "opponent", e->opponent }, { "vp", e->vp }, { "opponent-vp", e->opponent_vp },
		{ "result", e->result }, { "unit", e->unit }, { "advance", e->advance },
		{ "award", e->award }, { "currency", e->currency }, { "amount", e->amount },
		{ "times", e->times }, { "models", e->models }, { "wounds", e->wounds },
		{ "item", e->item }, { "keyword", e->keyword }, { "roll", e->roll },
		{ "replaces", e->replaces },
	};
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(attrs); i++)
		set_prop(n, attrs[i].name, attrs[i].value);
	for (size_t i = 0; i < e->n_means; i++) {
		xmlNodePtr m = xmlNewChild(n, n->ns, BAD_CAST "means", NULL);
		set_prop(m, "times", e->means[i].times);
		set_prop(m, "id", e->means[i].id);
	}
	for (size_t i = 0; i < e->n_hurt; i++)
		set_prop(xmlNewChild(n, n->ns, BAD_CAST "hurt", NULL), "value", e->hurt[i]);
	for (size_t i = 0; i < e->n_lost; i++) {
		xmlNodePtr l = xmlNewChild(n, n->ns, BAD_CAST "lost", NULL);
		set_prop(l, "unit", e->lost[i].unit);
		set_prop(l, "models", e->lost[i].models);
		set_prop(l, "morale", e->lost[i].morale);
		set_prop(l, "rolls", e->lost[i].rolls);
	}
	set_prop(n, "date", e->date);
	set_prop(n, "note", e->note);
}

void ledger_append(struct _xmlDoc *doc, const struct ledger_rec *e)
{
	fill_entry(append_elem(doc, kinds[e->kind]), e);
}

/* Entry e's element as ledger_append writes it into a document that edit_dump then writes
 * out: the same attributes in the same order, escaped alike (UTF-8 as it stands), its
 * children on its line. Caller frees. */
/* A document <ledger> holding e alone, as the file would; *n is e's element. */
static xmlDocPtr entry_doc(const struct ledger_rec *e, xmlNodePtr *n)
{
	xmlDocPtr doc = xmlNewDoc(BAD_CAST "1.0");
	doc->encoding = xmlStrdup(BAD_CAST "UTF-8");
	xmlNodePtr led = xmlNewDocNode(doc, NULL, BAD_CAST "ledger", NULL);
	xmlDocSetRootElement(doc, led);
	xmlSetNs(led, xmlNewNs(led, BAD_CAST NS_ROSTER, NULL));
	*n = xmlNewChild(led, led->ns, BAD_CAST kinds[e->kind], NULL);
	fill_entry(*n, e);
	return doc;
}

static char *entry_text(const struct ledger_rec *e, size_t *len)
{
	xmlNodePtr n;
	xmlDocPtr doc = entry_doc(e, &n);
	xmlBufferPtr b = xmlBufferCreate();
	xmlNodeDump(b, doc, n, 0, 0);
	*len = (size_t)xmlBufferLength(b);
	char *t = xmalloc(*len + 1);
	memcpy(t, xmlBufferContent(b), *len);
	t[*len] = '\0';
	xmlBufferFree(b);
	xmlFreeDoc(doc);
	return t;
}

/* Whether v is absent or a value of the roster schema's r:id: an NMTOKEN of at most 100. */
static bool id_ok(const char *v)
{
	return v == NULL || (strlen(v) <= 100 && xmlValidateNMToken(BAD_CAST v, 0) == 0);
}

bool ledger_rec_ids_ok(const struct ledger_rec *e)
{
	bool ok = id_ok(e->unit) && id_ok(e->advance) && id_ok(e->award) && id_ok(e->currency) &&
	          id_ok(e->item) && id_ok(e->keyword) && id_ok(e->replaces);
	for (size_t i = 0; ok && i < e->n_means; i++)
		ok = id_ok(e->means[i].id);
	for (size_t i = 0; ok && i < e->n_lost; i++)
		ok = id_ok(e->lost[i].unit);
	return ok;
}

int ledger_add_rec(struct campaign *c, const struct ledger_rec *e, const struct system *sys,
                   const char *file, struct diags *d)
{
	xmlNodePtr n;
	xmlDocPtr doc = entry_doc(e, &n);
	/* The array holds n_ledger + 1 (ledger_end): it grows from there. */
	size_t cap = c->n_ledger + 1;
	c->expect = 0;
	int rc = ledger_add(c, &cap, n, sys, file, d);
	/* Not in any file yet: a message about it names no line. */
	c->ledger[c->n_ledger - 1].line = 0;
	c->ledger[c->n_ledger - 1].col = 0;
	ledger_end(c);
	xmlFreeDoc(doc);
	return rc;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int ledger_append_text(char **bufp, size_t *lenp, const struct ledger_rec *e,
                       struct ledger_splice *sp, char **cut)
{
	char *buf = *bufp;
	size_t len = *lenp;
	struct xml_outline o;
	if (xml_outline(buf, len, NS_ROSTER, &o) != 0)
		return -1;
	const struct xml_el *camp = NULL, *led = NULL;
	if (o.el[0].ours && xml_el_is(buf, &o.el[0], "roster"))
		for (size_t i = 1; i < o.n && led == NULL; i++) {
			const struct xml_el *x = &o.el[i];
			if (camp == NULL && x->depth == 1 && x->ours && xml_el_is(buf, x, "campaign"))
				camp = x;
			else if (camp && x->depth == 1)
				break;
			else if (camp && x->depth == 2 && x->ours && xml_el_is(buf, x, "ledger"))
				led = x;
		}
	/* Bytes the document's writing would not keep as they are: a ledger written <ledger/>
	 * or with a prefix, or ending in text that is not white space. */
	size_t t = led ? led->etag : 0;
	while (led && t > led->stag_end && blank(buf[t - 1]))
		t--;
	if (led == NULL || led->end == led->stag_end || led->qname_len != led->name_len ||
	    (t > led->stag_end && buf[t - 1] != '>')) {
		xml_outline_release(&o);
		return -1;
	}
	/* As ledger_append: the white space after the last entry gives way to the entry on its own
	 * line and the indentation of </ledger>; a </ledger> right before </campaign> gets its
	 * line too. The file's own line ends are kept. */
	const char *lf = memchr(buf, '\n', len);
	const char *nl = lf && lf > buf && lf[-1] == '\r' ? "\r\n" : "\n";
	size_t el_len;
	char *el = entry_text(e, &el_len);
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s      %s%s    ", nl, el, nl);
	free(el);
	size_t ins_at = led->etag;
	if (camp->etag == led->end) {
		/* After </ledger>: the same bytes, and the line </campaign> stands on. */
		strbuf_add(&sb, buf + led->etag, led->end - led->etag);
		strbuf_addf(&sb, "%s  ", nl);
		ins_at = led->end;
	}
	sp->at = t;
	sp->len = sb.len;
	sp->cut = ins_at - t;
	xml_outline_release(&o);
	*cut = xmalloc(sp->cut + 1);
	memcpy(*cut, buf + t, sp->cut);
	(*cut)[sp->cut] = '\0';
	/* In place: a large file is never held twice (its block grows where it is). */
	size_t n = len - sp->cut + sb.len;
	if (sb.len > sp->cut)
		buf = xrealloc(buf, n + 1);
	memmove(buf + t + sb.len, buf + ins_at, len - ins_at);
	memcpy(buf + t, sb.s, sb.len);
	buf[n] = '\0';
	strbuf_release(&sb);
	*bufp = buf;
	*lenp = n;
	return 0;
}

bool ledger_has_entry(struct _xmlDoc *doc, long n)
{
	return nth_entry(doc, n) != NULL;
}

bool ledger_field_name_ok(const char *name)
{
	return xmlValidateName(BAD_CAST name, 0) == 0 && strchr(name, ':') == NULL;
}

int ledger_fix(struct _xmlDoc *doc, long n, const struct ledger_fix_rec *f, size_t nf)
{
	xmlNodePtr e = nth_entry(doc, n);
	if (e == NULL)
		return -1;
	for (size_t i = 0; i < nf; i++) {
		if (f[i].value[0])
			xml_set_prop(e, f[i].name, f[i].value);
		else
			xmlUnsetProp(e, BAD_CAST f[i].name);
	}
	return 0;
}

void campaign_free(const struct system *sys, struct campaign *c)
{
	(void)sys;
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->n_ledger; i++) {
		const struct le_more *m = c->ledger[i].x;
		if (m == NULL || m == &le_more_none)
			continue;
		free(m->hurt);
		free(m->means);
		for (size_t k = 0; k < m->n_losses; k++) {
			free(m->losses[k].rolls);
			free(m->losses[k].spent);
		}
		free(m->losses);
		free((void *)m);
	}
	arena_release(&c->strs);
	idx_free(c->ids);
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

long ledger_splice_line(const char *buf, const struct ledger_splice *sp)
{
	long line = 1;
	for (const char *p = buf; (p = memchr(p, '\n', sp->at - (size_t)(p - buf))) != NULL; p++)
		line++;
	return line;
}
