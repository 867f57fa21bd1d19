/* cmd-campaign.c - muster campaign: show a campaign army, and record its ledger entries
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every recording adds one entry to the roster's ledger (or corrects one), checks the roster as
 * it would then be, and saves it only when the entry breaks nothing that was not broken
 * before: an illegal training is refused with its rule and the file is left as it was. Saving
 * goes through save_file (temp file, fsync, NAME~, rename).
 */
#include "muster.h"
#include "campaign.h"
#include "check.h"
#include "cmd.h"
#include "eval.h"
#include "roster.h"
#include "save.h"
#include "session.h"
#include "util.h"
#include "xml.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int exec_campaign(int argc, char **argv);

const struct cmd_entry cmd_campaign_entry = {
	"campaign",
	N_("ACTION FILE [ARGS]"),
	N_("show a campaign army, or record its battles, enlistments, XP and training"),
	N_("Actions:\n"
	   "  show FILE                       each unit's Level, Grade, XP to the next Level,\n"
	   "                                  training taken and still allowed; the pools; the ledger\n"
	   "  start FILE AMOUNT [--means=ID[xN]]...\n"
	   "                                  start the campaign with AMOUNT of the pay currency\n"
	   "  battle FILE --result=win|loss|draw --vp=N --opponent-vp=N [--opponent=NAME]\n"
	   "         [--hurt=VALUE]... [--lost=UNIT:MODELS[:MORALE]:ROLLS]...\n"
	   "                                  ROLLS: the recovery rolls, comma-separated, each\n"
	   "                                  with +N for what was spent on it (7,11+2)\n"
	   "  enlist FILE UNIT [--models=N]   enlist a unit of the list, or N more models into it\n"
	   "  xp FILE UNIT AMOUNT             spend experience from the pool on a unit\n"
	   "  train FILE UNIT ADVANCE [--item=ID] [--keyword=ID]\n"
	   "  gain FILE CURRENCY AMOUNT       add to a pool (a challenge's reward; negative spends)\n"
	   "  fix FILE N NAME=VALUE...        correct entry N of the ledger (see show)\n\n"
	   "Options:\n"
	   "      --date=DATE      the entry's date (default: today)\n"
	   "      --note=TEXT      a note kept with the entry\n\n"
	   "A recording that would break a rule is refused and the file is unchanged. Exit\n"
	   "status: 0 done, 1 refused by a rule, 2 on trouble.\n"),
	exec_campaign,
};

enum { OPT_DATE = 0x200, OPT_NOTE, OPT_MEANS, OPT_RESULT, OPT_VP, OPT_OPP_VP, OPT_OPPONENT,
       OPT_HURT, OPT_LOST, OPT_MODELS, OPT_ITEM, OPT_KEYWORD };

/* --- show ---------------------------------------------------------------------------------- */

static const char *kind_name(enum ledger_kind k)
{
	static const char *const names[] = { "start", "enlist", "battle", "xp", "train", "gain" };
	return names[k];
}

static void show_units(const struct roster *r, FILE *out)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	const char *band = cd->band ? cd->band->name : _("Band");
	fprintf(out, "%-32s %6s %5s %5s %6s %8s\n", _("Unit"), _("Models"), _("Level"),
	        cd->band && cd->band->abbr ? cd->band->abbr : band, "XP", _("to next"));
	for (size_t i = 0; i < c->n_units; i++) {
		const struct camp_unit *u = &c->units[i];
		if (!u->enlisted)
			continue;
		long next = camp_level_xp(cd, u->level + 1);
		char *nx = next < 0 ? xstrdup("-") : xasprintf("%ld", next - u->xp);
		fprintf(out, "%-32s %6ld %5ld %5ld %6ld %8s%s\n", u->name, u->models, u->level, u->band,
		        u->xp, nx, u->destroyed ? _("  destroyed") : "");
		free(nx);
		if (u->destroyed)
			continue;
		for (size_t t = 0; t < u->n_trains; t++) {
			const struct camp_train *tr = &u->trains[t];
			fprintf(out, "  %s %s", _("trained"), tr->adv->opt.name);
			if (tr->keyword >= 0)
				fprintf(out, " (%s)", r->sys->keywords[tr->keyword].name);
			if (tr->item)
				fprintf(out, _(" on %s"), tr->item);
			fprintf(out, _(" at %s %ld\n"), band, tr->band);
		}
		long pending = u->level - u->start_level - (long)u->n_trains;
		if (pending > 0) {
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
				fprintf(out, " %s", adv->opt.id);
			}
			fputc('\n', out);
		}
	}
}

static void show_ledger(const struct roster *r, FILE *out)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	size_t b = 0;
	fprintf(out, "\n%s\n", _("Ledger"));
	for (size_t i = 0; i < c->n_ledger; i++) {
		const struct ledger_entry *le = &c->ledger[i];
		fprintf(out, "%3zu. %-10s %-7s", i + 1, le->date ? le->date : "-", kind_name(le->kind));
		switch (le->kind) {
		case LE_START:
			fprintf(out, " %ld %s", le->amount, cd->currencies[cd->pay].name);
			break;
		case LE_ENLIST:
			if (le->models)
				fprintf(out, _(" %ld models into %s"), le->models, le->unit);
			else
				fprintf(out, " %s", le->unit);
			break;
		case LE_BATTLE: {
			static const char *const res[] = { N_("win"), N_("loss"), N_("draw") };
			fprintf(out, " %s %ld-%ld", _(res[le->result]), le->vp, le->opponent_vp);
			if (le->opponent)
				fprintf(out, _(" against %s"), le->opponent);
			for (; b < c->n_battles && c->battles[b].entry < i; b++)
				;
			if (b < c->n_battles && c->battles[b].entry == i) {
				const struct camp_battle *cb = &c->battles[b];
				for (size_t k = 0; k < cd->n_currencies; k++)
					if (cb->earned[k])
						fprintf(out, ", %+" PRId64 " %s", cb->earned[k],
						        cd->currencies[k].abbr ? cd->currencies[k].abbr : cd->currencies[k].name);
				if (cb->recovered || cb->lost)
					fprintf(out, _(", %ld recovered, %ld lost"), cb->recovered, cb->lost);
			}
			break;
		}
		case LE_XP:
			fprintf(out, " %ld -> %s", le->amount, le->unit);
			break;
		case LE_TRAIN:
			fprintf(out, " %s %s", le->unit, le->adv->opt.id);
			if (le->item)
				fprintf(out, " %s", le->item);
			if (le->keyword >= 0)
				fprintf(out, " %s", r->sys->keywords[le->keyword].id);
			break;
		case LE_GAIN:
			fprintf(out, " %+ld %s", le->amount, cd->currencies[le->currency].name);
			break;
		}
		if (le->note)
			fprintf(out, " (%s)", le->note);
		fputc('\n', out);
	}
}

static int show(const struct roster *r, const struct eval *ev, const struct diags *d, FILE *out)
{
	const struct camp_def *cd = r->sys->camp;
	const struct campaign *c = r->camp;
	fprintf(out, "%s (%s)\n\n", r->name ? r->name : r->file, r->sys->name);
	show_units(r, out);
	fprintf(out, "\n%s:", _("Pools"));
	for (size_t k = 0; k < cd->n_currencies; k++)
		fprintf(out, "%s %s %" PRId64, k ? "," : "", cd->currencies[k].name, c->pools[k]);
	fputc('\n', out);
	size_t ci = (size_t)cd->currencies[cd->pay].cost;
	for (size_t li = 0; li < ev->n_lists; li++) {
		int64_t worth = ev->lists[li].totals[ci];
		const struct camp_scale *s = NULL;
		for (size_t k = 0; k < cd->n_scales && s == NULL; k++)
			if (worth < cd->scales[k].below)
				s = &cd->scales[k];
		fprintf(out, _("Army worth: %" PRId64 " %s"), worth, cd->currencies[cd->pay].name);
		if (s) {
			fprintf(out, ": %s", s->name);
			for (size_t f = 0; f < s->n_facts; f++)
				fprintf(out, ", %s %s", s->facts[f].name, s->facts[f].value);
			if (cd->scale_ref)
				fprintf(out, " (%s)", cd->scale_ref);
		}
		fputc('\n', out);
	}
	show_ledger(r, out);
	fprintf(out, "\n%s: %s\n", _("Legality"), d->errors ? _("illegal") : _("legal"));
	return 0;
}

/* --- recording ----------------------------------------------------------------------------- */

/* Loads and checks a roster from memory (or the file when buf is NULL). Returns the number of
 * errors, or -1 when it does not load; diagnostics in d. */
static long check_text(struct session *s, const char *path, const char *buf, size_t len,
                       struct roster **rout, struct eval **evout, struct diags *d)
{
	struct roster *r = buf ? roster_load_memory(s, buf, len, path, d) : roster_load(s, path, d);
	if (r == NULL)
		return -1;
	struct eval *ev = eval_new(r, d);
	if (ev == NULL) {
		roster_free(r);
		return -1;
	}
	long errors = (long)check_roster(ev, d);
	if (d->fatals) {
		eval_free(ev);
		roster_free(r);
		return -1;
	}
	if (rout) {
		*rout = r;
		*evout = ev;
	} else {
		eval_free(ev);
		roster_free(r);
	}
	return errors;
}

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
static xmlNodePtr ledger_append(xmlDocPtr doc, const char *name)
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
		xmlSetProp(n, BAD_CAST name, BAD_CAST value);
}

static void set_long(xmlNodePtr n, const char *name, long v)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "%ld", v);
	xmlSetProp(n, BAD_CAST name, BAD_CAST buf);
}

/* The n-th (1-based) entry of the ledger, or NULL. */
static xmlNodePtr ledger_entry(xmlDocPtr doc, long n)
{
	xmlNodePtr camp = xml_child(xmlDocGetRootElement(doc), "campaign");
	xmlNodePtr led = camp ? xml_child(camp, "ledger") : NULL;
	long k = 0;
	for (xmlNodePtr e = led ? xml_first_elem(led) : NULL; e; e = xml_next_elem(e))
		if (++k == n)
			return e;
	return NULL;
}

struct args {
	const char *date, *note, *result, *opponent, *item, *keyword;
	long vp, opp_vp, models;
	char **means, **hurt, **lost;
	size_t n_means, n_hurt, n_lost;
};

static void push(char ***v, size_t *n, const char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = (char *)s;
}

/* Builds the entry for action `act` in doc. Returns 0, or a usage error's status. */
static int build(const struct cmd_entry *self, const char *act, xmlDocPtr doc, char **rest,
                 int nrest, const struct args *a)
{
	xmlNodePtr n = NULL;
	if (strcmp(act, "start") == 0) {
		if (nrest != 1)
			return cmd_usage_error(self, "%s", _("start takes the starting AMOUNT"));
		if (xml_child(xmlDocGetRootElement(doc), "campaign"))
			return cmd_usage_error(self, "%s", _("this roster's campaign has started already"));
		n = ledger_append(doc, "start");
		set_prop(n, "amount", rest[0]);
		for (size_t i = 0; i < a->n_means; i++) {
			char *id = xstrdup(a->means[i]);
			char *x = strrchr(id, 'x');
			xmlNodePtr m = xmlNewChild(n, n->ns, BAD_CAST "means", NULL);
			if (x && x != id && x[1] && strspn(x + 1, "0123456789") == strlen(x + 1)) {
				*x = '\0';
				set_prop(m, "times", x + 1);
			}
			set_prop(m, "id", id);
			free(id);
		}
	} else if (strcmp(act, "battle") == 0) {
		if (nrest != 0 || a->result == NULL)
			return cmd_usage_error(self, "%s", _("battle takes --result, --vp and --opponent-vp"));
		n = ledger_append(doc, "battle");
		set_prop(n, "opponent", a->opponent);
		set_long(n, "vp", a->vp);
		set_long(n, "opponent-vp", a->opp_vp);
		set_prop(n, "result", a->result);
		for (size_t i = 0; i < a->n_hurt; i++)
			set_prop(xmlNewChild(n, n->ns, BAD_CAST "hurt", NULL), "value", a->hurt[i]);
		for (size_t i = 0; i < a->n_lost; i++) {
			char **f = NULL;
			size_t nf = 0;
			char *s = xstrdup(a->lost[i]), *save = NULL;
			for (char *t = strtok_r(s, ":", &save); t; t = strtok_r(NULL, ":", &save))
				push(&f, &nf, t);
			if (nf < 2 || nf > 4) {
				free(f);
				free(s);
				return cmd_usage_error(self, _("--lost=%s: write UNIT:MODELS[:MORALE]:ROLLS"),
				                       a->lost[i]);
			}
			xmlNodePtr l = xmlNewChild(n, n->ns, BAD_CAST "lost", NULL);
			set_prop(l, "unit", f[0]);
			set_prop(l, "models", f[1]);
			if (nf == 4)
				set_prop(l, "morale", f[2]);
			if (nf >= 3) {
				for (char *c = f[nf - 1]; *c; c++)
					if (*c == ',')
						*c = ' ';
				set_prop(l, "rolls", f[nf - 1]);
			}
			free(f);
			free(s);
		}
	} else if (strcmp(act, "enlist") == 0) {
		if (nrest != 1)
			return cmd_usage_error(self, "%s", _("enlist takes a UNIT id of the list"));
		n = ledger_append(doc, "enlist");
		set_prop(n, "unit", rest[0]);
		if (a->models > 0)
			set_long(n, "models", a->models);
	} else if (strcmp(act, "xp") == 0) {
		if (nrest != 2)
			return cmd_usage_error(self, "%s", _("xp takes a UNIT and an AMOUNT"));
		n = ledger_append(doc, "xp");
		set_prop(n, "unit", rest[0]);
		set_prop(n, "amount", rest[1]);
	} else if (strcmp(act, "train") == 0) {
		if (nrest != 2)
			return cmd_usage_error(self, "%s", _("train takes a UNIT and an ADVANCE"));
		n = ledger_append(doc, "train");
		set_prop(n, "unit", rest[0]);
		set_prop(n, "advance", rest[1]);
		set_prop(n, "item", a->item);
		set_prop(n, "keyword", a->keyword);
	} else if (strcmp(act, "gain") == 0) {
		if (nrest != 2)
			return cmd_usage_error(self, "%s", _("gain takes a CURRENCY and an AMOUNT"));
		n = ledger_append(doc, "gain");
		set_prop(n, "currency", rest[0]);
		set_prop(n, "amount", rest[1]);
	} else if (strcmp(act, "fix") == 0) {
		long k;
		if (nrest < 2 || parse_long(rest[0], 1, 100000000L, &k) != 0)
			return cmd_usage_error(self, "%s", _("fix takes an entry number N and NAME=VALUE pairs"));
		n = ledger_entry(doc, k);
		if (n == NULL)
			return cmd_usage_error(self, _("the ledger has no entry %s"), rest[0]);
		for (int i = 1; i < nrest; i++) {
			char *eq = strchr(rest[i], '=');
			if (eq == NULL || eq == rest[i])
				return cmd_usage_error(self, _("'%s': write NAME=VALUE"), rest[i]);
			*eq = '\0';
			if (eq[1])
				xmlSetProp(n, BAD_CAST rest[i], BAD_CAST(eq + 1));
			else
				xmlUnsetProp(n, BAD_CAST rest[i]);
			*eq = '=';
		}
		return 0; /* a correction keeps the entry's date */
	} else {
		return cmd_usage_error(self, _("unknown action '%s'"), act);
	}
	char today[16];
	time_t now = time(NULL);
	struct tm tm;
	if (a->date == NULL && localtime_r(&now, &tm))
		strftime(today, sizeof(today), "%Y-%m-%d", &tm);
	set_prop(n, "date", a->date ? a->date : today);
	set_prop(n, "note", a->note);
	return 0;
}

static int record(const struct cmd_entry *self, const char *act, const char *path, char **rest,
                  int nrest, const struct args *a)
{
	struct diags d = DIAGS_INIT, before = DIAGS_INIT;
	struct session *s = session_new();
	int rc = MUSTER_EXIT_TROUBLE;
	xmlChar *buf = NULL;
	int len = 0;
	long was = check_text(s, path, NULL, 0, NULL, NULL, &before);
	xmlDocPtr doc = was < 0 ? NULL : xml_load_file_for_edit(path, &d);
	if (doc == NULL) {
		diags_merge(&d, &before);
		diags_print(&d, stderr, DIAG_TEXT);
		goto out;
	}
	int u = build(self, act, doc, rest, nrest, a);
	if (u != 0) {
		rc = u;
		goto out;
	}
	xmlDocDumpMemoryEnc(doc, &buf, &len, "UTF-8");
	if (buf == NULL || len <= 0) {
		cmd_error_at(path, "%s", _("cannot write the roster out"));
		goto out;
	}
	if (buf[len - 1] != '\n') {
		xmlChar *nb = xmlRealloc(buf, (size_t)len + 2);
		if (nb == NULL)
			goto out;
		buf = nb;
		buf[len++] = '\n';
		buf[len] = '\0';
	}
	struct roster *r = NULL;
	struct eval *ev = NULL;
	long now = check_text(s, path, (const char *)buf, (size_t)len, &r, &ev, &d);
	diags_sort(&d);
	if (now < 0) {
		diags_print(&d, stderr, DIAG_TEXT);
		cmd_error_at(path, "%s", _("not recorded; the file is unchanged"));
		goto out;
	}
	if (now > was) {
		diags_print(&d, stderr, DIAG_TEXT);
		cmd_error_at(path, "%s", _("refused: it breaks the rules above; the file is unchanged"));
		rc = MUSTER_EXIT_ILLEGAL;
	} else if (save_file(path, (const char *)buf, (size_t)len, &d) != 0) {
		diags_print(&d, stderr, DIAG_TEXT);
	} else {
		show(r, ev, &d, stdout);
		rc = MUSTER_EXIT_OK;
	}
	eval_free(ev);
	roster_free(r);
out:
	xmlFree(buf);
	if (doc)
		xmlFreeDoc(doc);
	diags_release(&d);
	diags_release(&before);
	session_free(s);
	return rc;
}

static int exec_campaign(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_OPTIONS,
		{ "date", required_argument, NULL, OPT_DATE },
		{ "note", required_argument, NULL, OPT_NOTE },
		{ "means", required_argument, NULL, OPT_MEANS },
		{ "result", required_argument, NULL, OPT_RESULT },
		{ "vp", required_argument, NULL, OPT_VP },
		{ "opponent-vp", required_argument, NULL, OPT_OPP_VP },
		{ "opponent", required_argument, NULL, OPT_OPPONENT },
		{ "hurt", required_argument, NULL, OPT_HURT },
		{ "lost", required_argument, NULL, OPT_LOST },
		{ "models", required_argument, NULL, OPT_MODELS },
		{ "item", required_argument, NULL, OPT_ITEM },
		{ "keyword", required_argument, NULL, OPT_KEYWORD },
		{ NULL, 0, NULL, 0 },
	};
	const struct cmd_entry *self = &cmd_campaign_entry;
	struct args a;
	memset(&a, 0, sizeof(a));
	int opt, rc = MUSTER_EXIT_TROUBLE;
	while ((opt = getopt_long(argc, argv, CMD_SHORT_OPTIONS, longopts, NULL)) != -1) {
		int c = cmd_common_option(self, opt, optarg);
		if (c < 0) {
			rc = MUSTER_EXIT_OK;
			goto out;
		}
		if (c > 0)
			continue;
		long *num = NULL;
		switch (opt) {
		case OPT_DATE: a.date = optarg; break;
		case OPT_NOTE: a.note = optarg; break;
		case OPT_MEANS: push(&a.means, &a.n_means, optarg); break;
		case OPT_RESULT: a.result = optarg; break;
		case OPT_OPPONENT: a.opponent = optarg; break;
		case OPT_HURT: push(&a.hurt, &a.n_hurt, optarg); break;
		case OPT_LOST: push(&a.lost, &a.n_lost, optarg); break;
		case OPT_ITEM: a.item = optarg; break;
		case OPT_KEYWORD: a.keyword = optarg; break;
		case OPT_VP: num = &a.vp; break;
		case OPT_OPP_VP: num = &a.opp_vp; break;
		case OPT_MODELS: num = &a.models; break;
		default:
			rc = cmd_bad_option(self, opt, argv);
			goto out;
		}
		if (num && parse_long(optarg, 0, 1000000, num) != 0) {
			rc = cmd_usage_error(self, _("'%s' is not a whole number from 0 to 1000000"), optarg);
			goto out;
		}
	}
	if (argc - optind < 2) {
		rc = cmd_usage_error(self, "%s", _("campaign takes an ACTION and a roster FILE"));
		goto out;
	}
	const char *act = argv[optind], *path = argv[optind + 1];
	if (strcmp(act, "show") != 0) {
		rc = record(self, act, path, argv + optind + 2, argc - optind - 2, &a);
		goto out;
	}
	if (argc - optind != 2) {
		rc = cmd_usage_error(self, "%s", _("show takes one roster file"));
		goto out;
	}
	struct diags d = DIAGS_INIT;
	struct session *s = session_new();
	struct roster *r = NULL;
	struct eval *ev = NULL;
	long errors = check_text(s, path, NULL, 0, &r, &ev, &d);
	diags_sort(&d);
	if (errors >= 0 && r->camp == NULL) {
		cmd_error_at(path, _("no campaign: start one with 'muster campaign start %s AMOUNT'"), path);
	} else if (errors >= 0) {
		diags_print(&d, stderr, DIAG_TEXT);
		show(r, ev, &d, stdout);
		rc = MUSTER_EXIT_OK;
	} else {
		diags_print(&d, stderr, DIAG_TEXT);
	}
	eval_free(ev);
	roster_free(r);
	session_free(s);
	diags_release(&d);
out:
	free(a.means);
	free(a.hurt);
	free(a.lost);
	return rc;
}
