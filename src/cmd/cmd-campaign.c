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
#include "campaign-cmd.h"
#include "check.h"
#include "cmd.h"
#include "edit.h"
#include "eval.h"
#include "idx.h"
#include "roster.h"
#include "save.h"
#include "session.h"
#include "unitref.h"
#include "util.h"
#include "xml.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int exec_campaign(int argc, char **argv);

enum { OPT_DATE = 0x200, OPT_NOTE, OPT_MEANS, OPT_RESULT, OPT_VP, OPT_OPP_VP, OPT_OPPONENT,
       OPT_HURT, OPT_LOST, OPT_MODELS, OPT_ITEM, OPT_KEYWORD, OPT_ROLL, OPT_WOUNDS,
       OPT_DISTANCE, OPT_TERRAIN, OPT_TRAVELLED, OPT_MOVED, OPT_REPLACES };

/* --date and --note are every action's; the others, an action's, are described with it in
 * the Actions of --help. */
static const struct cmd_option campaign_options[] = {
	CMD_VALUE("date", OPT_DATE, CMD_ARG_TEXT, NC_("option value", "DATE"),
	          N_("the entry's date (default: today)")),
	CMD_VALUE("note", OPT_NOTE, CMD_ARG_TEXT, NC_("option value", "TEXT"), N_("a note kept with the entry")),
	CMD_VALUE("means", OPT_MEANS, CMD_ARG_TEXT, NULL, NULL),
	CMD_WORDS("result", OPT_RESULT, "win loss draw", NULL, NULL),
	CMD_VALUE("vp", OPT_VP, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("opponent-vp", OPT_OPP_VP, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("opponent", OPT_OPPONENT, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("hurt", OPT_HURT, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("lost", OPT_LOST, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("models", OPT_MODELS, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("item", OPT_ITEM, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("keyword", OPT_KEYWORD, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("roll", OPT_ROLL, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("wounds", OPT_WOUNDS, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("distance", OPT_DISTANCE, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("terrain", OPT_TERRAIN, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("travelled", OPT_TRAVELLED, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("moved", OPT_MOVED, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("replaces", OPT_REPLACES, CMD_ARG_TEXT, NULL, NULL),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_campaign_entry = {
	"campaign",
	N_("ACTION FILE [ARGS]"),
	N_("show a campaign army, or record its battles, enlistments, XP, training and repairs"),
	N_("Actions:\n"
	   "  show FILE                       each unit's Level, Grade, XP to the next Level,\n"
	   "                                  training taken and still allowed; the pools; the ledger\n"
	   "  start FILE AMOUNT [--means=ID[xN]]...\n"
	   "                                  start the campaign with AMOUNT of the pay currency\n"
	   "  battle FILE --result=win|loss|draw --vp=N --opponent-vp=N [--opponent=NAME]\n"
	   "         [--hurt=VALUE]... [--lost=UNIT:MODELS[:MORALE]:ROLLS]...\n"
	   "                                  ROLLS: the rolls the losses call for, comma-\n"
	   "                                  separated, each with +N for what was spent on it\n"
	   "                                  (7,11+2)\n"
	   "  enlist FILE UNIT [--models=N]   enlist a unit of the list, or N more models into it\n"
	   "  xp FILE UNIT AMOUNT             spend experience from the pool on a unit\n"
	   "  train FILE [UNIT] ADVANCE [--item=ID] [--replaces=ID] [--keyword=ID] [--roll=N]\n"
	   "                                  no UNIT: an advance of the army as a whole;\n"
	   "                                  --roll: the roll on the unit's roll table;\n"
	   "                                  --replaces: the unit's item a new one replaces\n"
	   "  gain FILE CURRENCY AMOUNT       add to a pool (a challenge's reward; negative spends)\n"
	   "  award FILE AWARD [TIMES]        record one of the system's awards (a mission\n"
	   "                                  completed, a territory taken; negative TIMES takes back)\n"
	   "  repair FILE UNIT --wounds=N|--item=ID\n"
	   "                                  spend repair points on wounds or a lost item\n"
	   "  fix FILE N NAME=VALUE...        correct entry N of the ledger (see show)\n"
	   "  travel FILE UNIT --distance=N --terrain=ID [--travelled=DAYS] [--moved=N]\n"
	   "                                  what a token's trip between battles costs\n"
	   "                                  (nothing is recorded)\n"),
	campaign_options,
	N_("UNIT is a unit's id, its number as 'muster status' prints it, the name given to\n"
	   "it, or its entry when one unit of the roster has it, as in 'muster set'. The\n"
	   "ledger names a unit by its id: a unit without one is given one first.\n\n"
	   "A recording prints the army, the entry recorded and the verdict; 'campaign\n"
	   "show' prints the whole ledger. A recording that would break a rule is refused\n"
	   "and the file is unchanged. Exit status: 0 done, 1 refused by a rule (or a trip\n"
	   "too far), 2 on trouble.\n"),
	exec_campaign,
	"show ROSTER\n"
	"start ROSTER\n"
	"battle ROSTER\n"
	"enlist ROSTER UNIT\n"
	"xp ROSTER UNIT\n"
	"train ROSTER UNIT\n"
	"gain ROSTER\n"
	"award ROSTER\n"
	"repair ROSTER UNIT\n"
	"fix ROSTER\n"
	"travel ROSTER UNIT",
};

/* --- recording ----------------------------------------------------------------------------- */

static void push(char ***v, size_t *n, const char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = (char *)s;
}

/* What the strings of a ledger_rec point into, freed after it is written. */
struct rec_mem {
	struct ledger_means_rec *means;
	struct ledger_lost_rec *lost;
	char **strs;
	size_t n_strs;
	char vp[32], opp_vp[32], models[32], wounds[32];
	bool need_doc;  /* a unit named has no id: it is given one in the document */
};

static void rec_mem_release(struct rec_mem *m)
{
	for (size_t i = 0; i < m->n_strs; i++)
		free(m->strs[i]);
	free(m->strs);
	free(m->means);
	free(m->lost);
}

/* --means=ID[xN] into e->means. */
static void start_means(struct ledger_rec *e, struct rec_mem *m, const struct args *a)
{
	m->means = xcalloc(a->n_means + 1, sizeof(*m->means));
	for (size_t i = 0; i < a->n_means; i++) {
		char *id = xstrdup(a->means[i]);
		char *x = strrchr(id, 'x');
		push(&m->strs, &m->n_strs, id);
		if (x && x != id && x[1] && strspn(x + 1, "0123456789") == strlen(x + 1)) {
			*x = '\0';
			m->means[i].times = x + 1;
		}
		m->means[i].id = id;
	}
	e->means = m->means;
	e->n_means = a->n_means;
}

/* --lost=UNIT:MODELS[:MORALE]:ROLLS into e->lost. Returns 0, or a usage error's status. */
static int battle_losses(const struct cmd_entry *self, struct ledger_rec *e, struct rec_mem *m,
                         const struct args *a)
{
	m->lost = xcalloc(a->n_lost + 1, sizeof(*m->lost));
	for (size_t i = 0; i < a->n_lost; i++) {
		char **f = NULL;
		size_t nf = 0;
		char *s = xstrdup(a->lost[i]), *save = NULL;
		push(&m->strs, &m->n_strs, s);
		for (char *t = strtok_r(s, ":", &save); t; t = strtok_r(NULL, ":", &save))
			push(&f, &nf, t);
		if (nf < 2 || nf > 4) {
			free(f);
			return cmd_usage_error(self, _("--lost=%s: write UNIT:MODELS[:MORALE]:ROLLS"),
			                       a->lost[i]);
		}
		struct ledger_lost_rec *l = &m->lost[e->n_lost++];
		l->unit = f[0];
		l->models = f[1];
		if (nf == 4)
			l->morale = f[2];
		if (nf >= 3) {
			for (char *c = f[nf - 1]; *c; c++)
				if (*c == ',')
					*c = ' ';
			l->rolls = f[nf - 1];
		}
		free(f);
	}
	e->lost = m->lost;
	return 0;
}

/* fix N NAME=VALUE...: corrects entry N of doc's ledger. Returns 0, or a usage error's status. */
static int fix(const struct cmd_entry *self, xmlDocPtr doc, char **rest, int nrest)
{
	long k;
	if (nrest < 2 || parse_long(rest[0], 1, 100000000L, &k) != 0)
		return cmd_usage_error(self, "%s", _("fix takes an entry number N and NAME=VALUE pairs"));
	if (!ledger_has_entry(doc, k))
		return cmd_usage_error(self, _("the ledger has no entry %s"), rest[0]);
	struct ledger_fix_rec *f = xcalloc((size_t)nrest, sizeof(*f));
	int rc = 0;
	for (int i = 1; i < nrest && rc == 0; i++) {
		char *eq = strchr(rest[i], '=');
		if (eq == NULL || eq == rest[i]) {
			rc = cmd_usage_error(self, _("'%s': write NAME=VALUE"), rest[i]);
			break;
		}
		if (!xml_text_ok(rest[i])) {
			rc = cmd_usage_error(self, _("'%s': an XML file cannot hold control characters or bytes that are not UTF-8"),
			                     rest[i]);
			break;
		}
		char *name = xstrndup(rest[i], (size_t)(eq - rest[i]));
		f[i - 1].name = name;
		f[i - 1].value = eq + 1;
		if (!ledger_field_name_ok(name))
			rc = cmd_usage_error(self, _("'%s': NAME is not a field of a ledger entry"), rest[i]);
	}
	if (rc == 0)
		ledger_fix(doc, k, f, (size_t)nrest - 1); /* a correction keeps the entry's date */
	for (int i = 0; i < nrest; i++)
		free((char *)f[i].name);
	free(f);
	return rc;
}

/* Every action, for the message about one that is none of them. */
static const char *const actions[] = { "show", "start", "battle", "enlist", "xp", "train",
                                       "gain", "award", "repair", "fix", "travel" };

/* The entry for action `act` into e. Returns 0, 1 for "fix", or a usage error's status. */
static int build_rec(const struct cmd_entry *self, const char *act, xmlDocPtr doc, char **rest,
                     int nrest, const struct args *a, struct ledger_rec *e, struct rec_mem *m)
{
	if (strcmp(act, "start") == 0) {
		if (nrest != 1)
			return cmd_usage_error(self, "%s", _("start takes the starting AMOUNT"));
		if (ledger_started(doc))
			return cmd_usage_error(self, "%s", _("this roster's campaign has started already"));
		e->kind = LE_START;
		e->amount = rest[0];
		start_means(e, m, a);
	} else if (strcmp(act, "battle") == 0) {
		if (nrest != 0 || a->result == NULL)
			return cmd_usage_error(self, "%s", _("battle takes --result, --vp and --opponent-vp"));
		e->kind = LE_BATTLE;
		e->opponent = a->opponent;
		snprintf(m->vp, sizeof(m->vp), "%ld", a->vp);
		snprintf(m->opp_vp, sizeof(m->opp_vp), "%ld", a->opp_vp);
		e->vp = m->vp;
		e->opponent_vp = m->opp_vp;
		e->result = a->result;
		e->hurt = (const char *const *)a->hurt;
		e->n_hurt = a->n_hurt;
		return battle_losses(self, e, m, a);
	} else if (strcmp(act, "enlist") == 0) {
		if (nrest != 1)
			return cmd_usage_error(self, "%s", _("enlist takes a UNIT id of the list"));
		e->kind = LE_ENLIST;
		e->unit = rest[0];
		snprintf(m->models, sizeof(m->models), "%ld", a->models);
		if (a->models > 0)
			e->models = m->models;
	} else if (strcmp(act, "xp") == 0) {
		if (nrest != 2)
			return cmd_usage_error(self, "%s", _("xp takes a UNIT and an AMOUNT"));
		e->kind = LE_XP;
		e->unit = rest[0];
		e->amount = rest[1];
	} else if (strcmp(act, "train") == 0) {
		if (nrest != 1 && nrest != 2)
			return cmd_usage_error(self, "%s", _("train takes a UNIT and an ADVANCE (the army's: an ADVANCE alone)"));
		e->kind = LE_TRAIN;
		if (nrest == 2)
			e->unit = rest[0];
		e->advance = rest[nrest - 1];
		e->item = a->item;
		e->keyword = a->keyword;
		e->roll = a->roll;
		e->replaces = a->replaces;
	} else if (strcmp(act, "award") == 0) {
		if (nrest != 1 && nrest != 2)
			return cmd_usage_error(self, "%s", _("award takes an AWARD and how many TIMES"));
		e->kind = LE_GAIN;
		e->award = rest[0];
		if (nrest == 2)
			e->times = rest[1];
	} else if (strcmp(act, "repair") == 0) {
		if (nrest != 1 || (a->wounds > 0) == (a->item != NULL))
			return cmd_usage_error(self, "%s", _("repair takes a UNIT and --wounds=N or --item=ID"));
		e->kind = LE_REPAIR;
		e->unit = rest[0];
		snprintf(m->wounds, sizeof(m->wounds), "%ld", a->wounds);
		if (a->wounds > 0)
			e->wounds = m->wounds;
		e->item = a->item;
	} else if (strcmp(act, "gain") == 0) {
		if (nrest != 2)
			return cmd_usage_error(self, "%s", _("gain takes a CURRENCY and an AMOUNT"));
		e->kind = LE_GAIN;
		e->currency = rest[0];
		e->amount = rest[1];
	} else {
		return cmd_bad_value(self, NULL, _("action"), act, actions, MUSTER_ARRAY_LEN(actions));
	}
	return 0;
}

/* The id of unit u (named by word), given in doc when it has none (edit_unit_id, which
 * numbers the file's lists as the loaded roster does, child forces too). NULL with a diagnostic in d when it
 * cannot be given. */
static char *doc_unit_id(xmlDocPtr doc, const struct unitref *u,
                         const char *word, struct diags *d)
{
	if (r_unit_id(u->unit))
		return xstrdup(r_unit_id(u->unit));
	if (doc == NULL)
		return NULL; /* unit_id says so */
	char *id = edit_unit_id(doc, u);
	if (id == NULL)
		diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
		          _("unit '%s' is not in the file as it was read"), word);
	return id;
}

/* The id of the unit of r that word names (unitref.h), giving the unit a new id in doc when it
 * has none: the ledger names units by id. Kept in m; NULL after saying why. */
static const char *unit_id(const struct roster *r, xmlDocPtr doc, const char *word,
                           struct rec_mem *m)
{
	struct diags d = DIAGS_INIT;
	struct unitref u;
	char *id = NULL;
	if (unitref_find(r, UNITREF_ANY_LIST, word, &u, &d) == 0) {
		id = doc_unit_id(doc, &u, word, &d);
		m->need_doc = id == NULL && doc == NULL;
	}
	if (d.n)
		cmd_error_at(r->file, "%s", d.v[0].msg);
	diags_release(&d);
	if (id)
		push(&m->strs, &m->n_strs, id);
	return id;
}

/* The units entry e names, as ids. Returns 0, or -1 after saying why. */
static int resolve_units(const struct roster *r, xmlDocPtr doc, struct ledger_rec *e,
                         struct rec_mem *m)
{
	if (e->unit && (e->unit = unit_id(r, doc, e->unit, m)) == NULL)
		return -1;
	for (size_t i = 0; i < e->n_lost; i++)
		if ((m->lost[i].unit = unit_id(r, doc, m->lost[i].unit, m)) == NULL)
			return -1;
	return 0;
}

/* The entry's date (today's unless --date) and note; today holds the text of today's. */
static void date_note(struct ledger_rec *e, const struct args *a, char today[16])
{
	time_t now = time(NULL);
	struct tm tm;
	today[0] = '\0';
	if (a->date == NULL && localtime_r(&now, &tm))
		strftime(today, 16, "%Y-%m-%d", &tm);
	e->date = a->date ? a->date : today;
	e->note = a->note;
}

/* Writes the entry for action `act` into doc, whose text r was loaded from. Returns 0, or a
 * usage error's status. */
static int build(const struct cmd_entry *self, const char *act, xmlDocPtr doc,
                 const struct roster *r, char **rest, int nrest, const struct args *a)
{
	if (strcmp(act, "fix") == 0)
		return fix(self, doc, rest, nrest);
	struct ledger_rec e;
	struct rec_mem m;
	memset(&e, 0, sizeof(e));
	memset(&m, 0, sizeof(m));
	int rc = build_rec(self, act, doc, rest, nrest, a, &e, &m);
	if (rc == 0 && resolve_units(r, doc, &e, &m) != 0)
		rc = MUSTER_EXIT_TROUBLE;
	if (rc == 0) {
		char today[16];
		date_note(&e, a, today);
		ledger_append(doc, &e);
	}
	rec_mem_release(&m);
	return rc;
}

/* What record_spliced reads and leaves: the roster as read, its text and its checks. */
struct rec_read {
	const char *path;
	char *orig;
	size_t orig_len;
	uint64_t hash;             /* of orig, given back while it was checked (edit_check_backed) */
	bool whole;                /* orig read again (edit_read_again) */
	struct roster *r0;
	struct eval *ev0;
	struct diags before;
};

/* Prints the check of the roster with the entry (d, sorted), refusing what it newly breaks
 * (against before). Returns record's status when it does not save, 0 when it may. */
static int judge(const char *path, long now, const struct idx *seen, struct diags *d)
{
	if (now < 0) {
		diags_print(d, stderr, DIAG_TEXT);
		cmd_error_at(path, "%s", _("not recorded; the file is unchanged"));
		return MUSTER_EXIT_TROUBLE;
	}
	bool *fresh = xcalloc(d->n + 1, sizeof(*fresh));
	size_t broken = diags_new_errors(seen, d, fresh);
	if (broken > 0) {
		/* Only what the entry breaks: what was broken before stays as it was. */
		struct diags nd = DIAGS_INIT;
		for (size_t i = 0; i < d->n; i++)
			if (fresh[i] || d->v[i].sev != SEV_ERROR)
				diags_add(&nd, d->v[i].sev, d->v[i].file, d->v[i].line, d->v[i].col,
				          d->v[i].ref, d->v[i].rule, "%s", d->v[i].msg);
		diags_print(&nd, stderr, DIAG_TEXT);
		diags_release(&nd);
		cmd_error_at(path, "%s", _("refused: it breaks the rules above; the file is unchanged"));
	}
	free(fresh);
	return broken > 0 ? MUSTER_EXIT_ILLEGAL : 0;
}

/* After judge's verdict rc on an entry: when it breaks nothing new (0), the save begun as job
 * (NULL: it could not begin) committed, the file as read being the new text with the bytes
 * the entry replaced (old, at sp) put back, and the entry shown as recorded in r, evaluated
 * as ev; else the save abandoned. Returns the command's status. */
static int save_recorded(int rc, struct save_job *job, const struct ledger_splice *sp,
                         const char *old, struct roster *r, struct eval *ev, struct diags *d,
                         struct diags *sd)
{
	if (rc != 0) {
		save_abort(job);
		return rc;
	}
	struct save_piece was = { sp->at, sp->len, old, sp->cut };
	if (job == NULL || save_commit(job, &was, 1, sd) != 0) {
		diags_merge(d, sd);
		diags_print(d, stderr, DIAG_TEXT);
		return MUSTER_EXIT_TROUBLE;
	}
	campaign_show_recorded(r, ev, d, r->camp->n_ledger - 1, stdout);
	return MUSTER_EXIT_OK;
}

#define NOT_SPLICED (-1)

/* Checks the new text buf (len bytes; freed here) and saves it when it breaks nothing the
 * file did not break already: spliced at sp, where the file as read held old. The text is
 * written to the save's temporary file first, so that the check gives its pages back as it
 * reads them and neither it nor the file as read is held beside the roster checked. */
static int check_and_save(struct session *s, struct rec_read *rr, char *buf, size_t len,
                          const struct ledger_splice *sp, const char *old)
{
	struct diags d = DIAGS_INIT, sd = DIAGS_INIT;
	struct roster *r = NULL;
	struct eval *ev = NULL;
	struct save_job *job = NULL;
	struct idx *seen = diags_error_keys(&rr->before);
	diags_release(&rr->before);
	bool begun = save_begin(rr->path, buf, len, &job, &sd) == 0;
	if (begun)
		xml_memory_backed(buf, len, save_temp_path(job));
	long now = edit_check(s, rr->path, buf, len, &r, &ev, &d);
	xml_memory_backed(NULL, 0, NULL);
	/* The entry's lines are not in the file yet (after the ledger a roster holds only
	 * closing tags): a message about the entry names no line, and says what was given. */
	long first = ledger_splice_line(buf, sp);
	free(buf);
	diags_unline(&d, rr->path, first);
	diags_sort(&d);
	int rc = judge(rr->path, now, seen, &d);
	idx_free(seen);
	rc = save_recorded(rc, begun ? job : NULL, sp, old, r, ev, &d, &sd);
	eval_free(ev);
	roster_free(r);
	diags_release(&sd);
	diags_release(&d);
	return rc;
}

/* The roster as read, rr->r0, with entry e appended to its ledger in memory, derived,
 * evaluated and checked again: the file is not read a second time. The new text buf (len
 * bytes, e spliced at sp where the file as read held old) is written to the save's temporary
 * file first and freed, and saved when the entry breaks nothing the file did not break
 * already. NOT_SPLICED, buf untouched, when e does not read as an entry (its message is the
 * reader's then: check_and_save). */
static int check_in_memory(struct rec_read *rr, const struct ledger_rec *e, char *buf,
                           size_t len, const struct ledger_splice *sp, const char *old)
{
	struct roster *r = rr->r0;
	struct diags d = DIAGS_INIT, sd = DIAGS_INIT;
	if (!ledger_rec_ids_ok(e) || ledger_add_rec(r->camp, e, r->sys, rr->path, &d) != 0) {
		diags_release(&d);
		return NOT_SPLICED;
	}
	struct save_job *job = NULL;
	bool begun = save_begin(rr->path, buf, len, &job, &sd) == 0;
	free(buf);
	struct idx *seen = diags_error_keys(&rr->before);
	diags_release(&rr->before);
	eval_free(rr->ev0);
	rr->ev0 = NULL;
	long now = -1;
	if (camp_rederive(r, &d) == 0 && (rr->ev0 = eval_new(r, &d)) != NULL) {
		now = (long)check_roster(rr->ev0, &d);
		if (d.fatals)
			now = -1;
	}
	diags_sort(&d);
	int rc = judge(rr->path, now, seen, &d);
	idx_free(seen);
	rc = save_recorded(rc, begun ? job : NULL, sp, old, r, rr->ev0, &d, &sd);
	diags_release(&sd);
	diags_release(&d);
	return rc;
}

/* An entry appended to the ledger the file has, spliced into its bytes (ledger_append_text):
 * every other byte kept, and no document of a long ledger in memory. The file is read and
 * checked once: the roster as read names the units, takes the entry into its ledger and is
 * derived and checked again (check_in_memory); the text as read becomes the new one only to
 * be saved (the bytes the entry replaced are kept, to make it again for the save's check
 * that the file is still what was read: two commands never lose a change). NOT_SPLICED when
 * it does not apply (a correction, a start, a unit to be given an id, a ledger the document
 * would write otherwise): rr then holds the roster as read. */
static int record_spliced(const struct cmd_entry *self, const char *act, char **rest, int nrest,
                          const struct args *a, struct session *s, struct rec_read *rr)
{
	if (strcmp(act, "fix") == 0 || strcmp(act, "start") == 0 || rr->r0->camp == NULL)
		return NOT_SPLICED;
	struct ledger_rec e;
	struct rec_mem m;
	memset(&e, 0, sizeof(e));
	memset(&m, 0, sizeof(m));
	char today[16];
	int rc = build_rec(self, act, NULL, rest, nrest, a, &e, &m);
	if (rc == 0 && resolve_units(rr->r0, NULL, &e, &m) != 0)
		rc = m.need_doc ? NOT_SPLICED : MUSTER_EXIT_TROUBLE;
	char *old = NULL;
	struct ledger_splice sp;
	bool spliced = false;
	if (rc == 0) {
		date_note(&e, a, today);
		struct diags ad = DIAGS_INIT;
		rr->whole = edit_read_again(rr->path, rr->orig, rr->orig_len, rr->hash, &ad) == 0;
		diags_print(&ad, stderr, DIAG_TEXT);
		diags_release(&ad);
		rc = rr->whole ? 0 : MUSTER_EXIT_TROUBLE;
		spliced = rr->whole && ledger_append_text(&rr->orig, &rr->orig_len, &e, &sp, &old) == 0;
	}
	if (rc == 0 && !spliced)
		rc = NOT_SPLICED; /* the document's way: with the roster as read */
	if (rc == 0) {
		/* The text as read is now the new one: the check frees it. */
		char *buf = rr->orig;
		rr->orig = NULL;
		rc = check_in_memory(rr, &e, buf, rr->orig_len, &sp, old);
		if (rc == NOT_SPLICED) {
			/* The entry does not read: the reader says why, from the text. */
			eval_free(rr->ev0);
			rr->ev0 = NULL;
			roster_free(rr->r0);
			rr->r0 = NULL;
			rc = check_and_save(s, rr, buf, rr->orig_len, &sp, old);
		}
	}
	free(old);
	rec_mem_release(&m);
	return rc;
}

static int record(const struct cmd_entry *self, const char *act, const char *path, char **rest,
                  int nrest, const struct args *a)
{
	struct diags d = DIAGS_INIT, before = DIAGS_INIT;
	struct session *s = session_new();
	int rc = MUSTER_EXIT_TROUBLE;
	char *buf = NULL, *orig = NULL;
	size_t len = 0, orig_len = 0;
	/* Read once: the save checks that the file still holds these bytes. The roster as read
	 * resolves the units the entry names. */
	struct roster *r0 = NULL;
	struct eval *ev0 = NULL;
	xmlDocPtr doc = NULL;
	uint64_t hash = 0;
	long was = xml_read_file(path, &orig, &orig_len, &before) != 0 ? -1
	           : edit_check_backed(s, path, orig, orig_len, &r0, &ev0, &before, &hash);
	if (was >= 0) {
		struct rec_read rr = { path, orig, orig_len, hash, false, r0, ev0, before };
		rc = record_spliced(self, act, rest, nrest, a, s, &rr);
		orig = rr.orig;
		r0 = rr.r0;
		ev0 = rr.ev0;
		before = rr.before;
		if (rc != NOT_SPLICED)
			goto out;
		rc = MUSTER_EXIT_TROUBLE;
		if (!rr.whole && edit_read_again(path, orig, orig_len, hash, &d) != 0) {
			diags_print(&d, stderr, DIAG_TEXT);
			goto out;
		}
	}
	doc = was < 0 ? NULL : xml_load_memory_for_edit(orig, orig_len, path, &d);
	if (doc == NULL) {
		diags_merge(&d, &before);
		diags_print(&d, stderr, DIAG_TEXT);
		goto out;
	}
	/* The roster as it will be written, before the entry: writing it out may move its lines
	 * (an XML declaration added), and diagnostics are compared by the lines they name. */
	diags_release(&before);
	buf = edit_dump(doc, path, &len, &d);
	if (buf == NULL || edit_check(s, path, buf, len, NULL, NULL, &before) < 0) {
		diags_merge(&d, &before);
		diags_print(&d, stderr, DIAG_TEXT);
		goto out;
	}
	free(buf);
	buf = NULL;
	int u = build(self, act, doc, r0, rest, nrest, a);
	if (u != 0) {
		rc = u;
		goto out;
	}
	if ((buf = edit_dump(doc, path, &len, &d)) == NULL) {
		diags_print(&d, stderr, DIAG_TEXT);
		goto out;
	}
	struct roster *r = NULL;
	struct eval *ev = NULL;
	long now = edit_check(s, path, buf, len, &r, &ev, &d);
	diags_sort(&d);
	struct idx *seen = diags_error_keys(&before);
	int j = judge(path, now, seen, &d);
	idx_free(seen);
	if (j != 0) {
		rc = j;
	} else if (save_file_checked(path, buf, len, orig, orig_len, &d) != 0) {
		diags_print(&d, stderr, DIAG_TEXT);
	} else {
		/* A correction shows the entry it corrected (fix checked its number). */
		long k = 0;
		size_t at = r->camp->n_ledger - 1;
		if (strcmp(act, "fix") == 0 && parse_long(rest[0], 1, 100000000L, &k) == 0)
			at = (size_t)k - 1;
		campaign_show_recorded(r, ev, &d, at, stdout);
		rc = MUSTER_EXIT_OK;
	}
	eval_free(ev);
	roster_free(r);
out:
	eval_free(ev0);
	roster_free(r0);
	free(buf);
	free(orig);
	if (doc)
		xml_doc_free(doc);
	diags_release(&d);
	diags_release(&before);
	session_free(s);
	return rc;
}

static int exec_campaign(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_campaign_entry;
	struct args a;
	memset(&a, 0, sizeof(a));
	int opt, rc = MUSTER_EXIT_TROUBLE;
	while ((opt = cmd_getopt(self, argc, argv, &rc)) > 0) {
		/* Every value of these options may be written into the file. */
		if (optarg && !xml_text_ok(optarg)) {
			rc = cmd_usage_error(self, _("'%s': an XML file cannot hold control characters or bytes that are not UTF-8"),
			                     optarg);
			goto out;
		}
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
		case OPT_ROLL: a.roll = optarg; break;
		case OPT_WOUNDS: num = &a.wounds; break;
		case OPT_DISTANCE: num = &a.distance; break;
		case OPT_TERRAIN: a.terrain = optarg; break;
		case OPT_TRAVELLED: num = &a.travelled; break;
		case OPT_MOVED: num = &a.moved; break;
		case OPT_REPLACES: a.replaces = optarg; break;
		case OPT_VP: num = &a.vp; break;
		case OPT_OPP_VP: num = &a.opp_vp; break;
		case OPT_MODELS: num = &a.models; break;
		}
		if (num && parse_long(optarg, 0, 1000000, num) != 0) {
			rc = cmd_usage_error(self, _("'%s' is not a whole number from 0 to 1000000"), optarg);
			goto out;
		}
	}
	if (opt == 0)
		goto out;
	if (argc - optind < 2) {
		rc = cmd_usage_error(self, "%s", _("campaign takes an ACTION and a roster FILE"));
		goto out;
	}
	const char *act = argv[optind], *path = argv[optind + 1];
	bool trip = strcmp(act, "travel") == 0;
	if (strcmp(act, "show") != 0 && !trip) {
		rc = record(self, act, path, argv + optind + 2, argc - optind - 2, &a);
		goto out;
	}
	if (trip && argc - optind != 3) {
		rc = cmd_usage_error(self, "%s", _("travel takes a roster FILE and a UNIT id"));
		goto out;
	}
	if (!trip && argc - optind != 2) {
		rc = cmd_usage_error(self, "%s", _("show takes one roster file"));
		goto out;
	}
	struct diags d = DIAGS_INIT;
	struct session *s = session_new();
	struct roster *r = NULL;
	struct eval *ev = NULL;
	long errors = edit_check(s, path, NULL, 0, &r, &ev, &d);
	diags_sort(&d);
	if (errors >= 0 && r->camp == NULL) {
		cmd_error_at(path, _("no campaign: start one with 'muster campaign start %s AMOUNT'"), path);
	} else if (errors >= 0 && trip) {
		rc = campaign_travel(self, r, ev, argv[optind + 2], &a, stdout);
	} else if (errors >= 0) {
		diags_print(&d, stderr, DIAG_TEXT);
		campaign_show(r, ev, &d, stdout);
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
