/* cmd-build.c - muster new, add, remove, set, status: building a list from the command line
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each change is edit_apply spliced into the file's own bytes (edit.h), checked as a roster, then
 * saved through save_file; it prints the list's totals, points left, trackers and current
 * violations. A list under construction is often illegal (too few units yet): a change is
 * saved all the same, and the violations are printed so that the player sees what is left.
 * A change that the roster cannot even load with (an unknown option) is refused and the file
 * is unchanged. suggest is cmd-suggest.c's.
 */
#include "muster.h"
#include "decimal.h"
#include "check.h"
#include "cmd.h"
#include "bs-roster.h"
#include "edit.h"
#include "edit-ros.h"
#include "eval.h"
#include "lang.h"
#include "roster.h"
#include "derive.h"
#include "save.h"
#include "session.h"
#include "suggest.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --- the report after each change ---------------------------------------------------------- */

static const char *abbr(const struct cost_def *c)
{
	return c->abbr ? c->abbr : c->name;
}

static const char *list_title(const struct r_list *l)
{
	return l->name ? l->name : l->id ? l->id : _("Army list");
}

/* cmd.h */
void cmd_print_list_title(const struct roster *r, size_t li, FILE *out)
{
	const struct r_list *l = &r->lists[li];
	if (li)
		fputc('\n', out);
	if (l->up)
		fprintf(out, _("%s (child force of %s):"), vis(list_title(l)),
		        vis(list_title(&r->lists[l->up - 1])));
	else
		fprintf(out, _("%s:"), vis(list_title(l)));
}

static void print_tracker(const struct system *sys, const struct tracker *t, FILE *out)
{
	const struct rule *r = t->rule;
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s", r->label ? r->label : r->ref);
	if (t->group)
		strbuf_addf(&sb, " (%s)", t->group);
	strbuf_adds(&sb, " ");
	if (t->percent) {
		strbuf_addf(&sb, "%" PRId64 "%%/", t->value * 100 / t->basis);
		if (t->has_min && t->has_max)
			strbuf_addf(&sb, "%" PRId64 "%%-%" PRId64 "%%", t->pct_min, t->pct_max);
		else if (t->has_max)
			strbuf_addf(&sb, _("at most %" PRId64 "%%"), t->pct_max);
		else
			strbuf_addf(&sb, _("at least %" PRId64 "%%"), t->pct_min);
	} else {
		/* a cost summed counts in its cost type's decimals */
		unsigned scale = t->is_cost ? sys->costs[t->cost].scale : 0;
		char v[DEC_BUF], lo[DEC_BUF], hi[DEC_BUF];
		dec_format(t->value, scale, v);
		dec_format(t->min, scale, lo);
		dec_format(t->max, scale, hi);
		strbuf_addf(&sb, "%s/", v);
		if (t->has_min && t->has_max && t->min != t->max)
			strbuf_addf(&sb, "%s-%s", lo, hi);
		else if (t->has_max)
			strbuf_adds(&sb, hi);
		else
			strbuf_addf(&sb, _("at least %s"), lo);
		if (t->is_cost)
			strbuf_addf(&sb, " %s", abbr(&sys->costs[t->cost]));
	}
	const char *mark = t->has_max && t->value > t->max ? _("  over")
	                   : t->has_min && t->value < t->min ? _("  short") : "";
	fprintf(out, "  %s [%s]%s\n", vis(sb.s), vis(r->ref), mark);
	strbuf_release(&sb);
}

/* The trackers of one list (or TRACKER_ROSTER's), under a heading when there are any. */
static void print_trackers(const struct system *sys, const struct tracker *t, size_t nt,
                           size_t list, const char *lead, const char *heading, FILE *out)
{
	bool header = false;
	for (size_t i = 0; i < nt; i++) {
		if (t[i].list != list)
			continue;
		if (!header)
			fprintf(out, "%s%s\n", lead, heading);
		header = true;
		print_tracker(sys, &t[i], out);
	}
}

static void print_unit(const struct eval *ev, size_t li, const struct eunit *u, size_t i,
                       FILE *out)
{
	const struct system *sys = ev->sys;
	const struct r_unit *ru = u->ru;
	fprintf(out, "  %2zu. ", i + 1);
	/* Its name after modifiers, as every printout names it (ex_eunit_title). */
	if (r_unit_label(ru))
		fprintf(out, "%s (%s)", vis(r_unit_label(ru)), vis(eval_unit_name(ev, u)));
	else
		fputs(vis(eval_unit_name(ev, u)), out);
	/* A unit taken whole (a regiment, a detachment's rule) counts no models: taken once, it
	 * is no number of anything. */
	if (!entry_taken_whole(sys, ru->entry) || ru->models != 1)
		fprintf(out, " x%ld", (long)ru->models);
	char buf[DEC_BUF];
	for (size_t c = 0; c < sys->n_costs; c++)
		if (u->costs[c])
			fprintf(out, ", %s %s", dec_format(u->costs[c], sys->costs[c].scale, buf),
			        vis(abbr(&sys->costs[c])));
	if (ru->attach)
		fprintf(out, _(", joins %zu"), (size_t)ru->attach);
	fputc('\n', out);
	for (size_t k = 0; k < ru->n_opts; k++) {
		/* An option's options stand under it, indented. */
		int depth = 0;
		for (uint32_t up = ru->opts[k].up; up && up <= ru->n_opts; up = ru->opts[up - 1].up)
			depth++;
		/* Its name after its own modifiers, as every printout names it (ex_line_label). */
		char *renamed = eval_option_name((struct eval *)ev, li, u, &ru->opts[k]);
		const char *name = renamed ? renamed : ru->opts[k].opt->name;
		if (ru->opts[k].count > 1)
			fprintf(out, "        %*s+ %s x%ld\n", 2 * depth, "", vis(name),
			        (long)ru->opts[k].count);
		else
			fprintf(out, "        %*s+ %s\n", 2 * depth, "", vis(name));
		free(renamed);
	}
}

void cmd_print_status(const struct eval *ev, const struct diags *d, bool units, FILE *out)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	struct tracker *t = NULL;
	size_t nt = check_trackers((struct eval *)ev, &t);
	for (size_t li = 0; li < ev->n_lists; li++) {
		const struct elist *el = &ev->lists[li];
		cmd_print_list_title(r, li, out);
		bool any = false;
		for (size_t c = 0; c < sys->n_costs; c++) {
			if (el->limits[c] < 0 && el->totals[c] == 0)
				continue;
			fprintf(out, "%s ", any ? "," : "");
			any = true;
			unsigned sc = sys->costs[c].scale;
			char tb[DEC_BUF], lb[DEC_BUF];
			if (el->limits[c] < 0) {
				fprintf(out, "%s %s", dec_format(el->totals[c], sc, tb), vis(abbr(&sys->costs[c])));
				continue;
			}
			int64_t left = el->limits[c] - el->totals[c];
			fprintf(out, _("%s of %s %s"), dec_format(el->totals[c], sc, tb),
			        dec_format(el->limits[c], sc, lb), vis(abbr(&sys->costs[c])));
			if (left >= 0)
				fprintf(out, _(", %s left"), dec_format(left, sc, tb));
			else
				fprintf(out, _(", %s over"), dec_format(-left, sc, tb));
		}
		/* Units as a player counts them: a BattleScribe upgrade at the root (a Battle Size
		 * marker, a detachment's rule) is none, and a unit taken whole three times is three. */
		size_t n_units = 0, n_upgrades = 0;
		for (size_t i = 0; i < el->n; i++) {
			const struct r_unit *ru = el->units[i].ru;
			size_t k = !entry_taken_whole(sys, ru->entry) ? 1
			           : ru->models > 0 ? (size_t)ru->models : 0;
			if (entry_counts_models(ru->entry))
				n_units += k;
			else
				n_upgrades += k;
		}
		fprintf(out, ngettext(" (%zu unit", " (%zu units", n_units), n_units);
		if (n_upgrades)
			/* TRANSLATORS: after " (3 units": the root upgrades of a BattleScribe list (a
			 * Battle Size marker, a detachment's rule). */
			fprintf(out, ngettext(", %zu upgrade", ", %zu upgrades", n_upgrades), n_upgrades);
		fputs(")\n", out);
		if (units)
			for (size_t i = 0; i < el->n; i++)
				print_unit(ev, li, &el->units[i], i, out);
		print_trackers(sys, t, nt, li, "", _("Trackers:"), out);
	}
	print_trackers(sys, t, nt, TRACKER_ROSTER, "\n", _("Roster trackers:"), out);
	trackers_free(t, nt);
	if (d->n) {
		fprintf(out, "%s\n", _("Violations:"));
		for (size_t i = 0; i < d->n; i++) {
			char *s = diag_format_text(&d->v[i]);
			fprintf(out, "  %s\n", s);
			free(s);
		}
	}
	if (d->errors == 0)
		fprintf(out, "%s %s\n", _("Legality:"), d->warnings ? _("legal, with warnings") : _("legal"));
	else
		fprintf(out, ngettext("Legality: NOT LEGAL (%zu error)\n",
		                      "Legality: NOT LEGAL (%zu errors)\n", d->errors), d->errors);
}

/* --- one change ---------------------------------------------------------------------------- */

/* Loads the roster as it was before the change (was): NULL with its reader's complaints in d
 * when it does not load. */
static struct roster *load_before(struct session *s, const char *path, const char *was,
                                  size_t was_len, struct diags *d)
{
	return roster_load_memory(s, was, was_len, path, d);
}

/* Checks the new text buf (len bytes) as edit_check does, once save_begin has written it to
 * the save's temporary file (*job): the check then gives buf's pages back as it reads them,
 * and buf is freed (*bufp NULL) when the check passes. When it fails, *job is ended and *bufp
 * is the text read again from the temporary file (NULL when it cannot be). When save_begin
 * fails, the text is checked in memory as it is, and *job is NULL with sd saying why: the
 * check's complaints, if any, come first. Returns edit_check's answer. */
static long edit_check_written(struct session *s, const char *path, char **bufp, size_t *len,
                               struct save_job **job, struct roster **r, struct eval **ev,
                               struct diags *d, struct diags *sd)
{
	bool begun = save_begin(path, *bufp, *len, job, sd) == 0;
	if (begun)
		xml_memory_backed(*bufp, *len, save_temp_path(*job));
	long checked = edit_check(s, path, *bufp, *len, r, ev, d);
	xml_memory_backed(NULL, 0, NULL);
	if (!begun)
		return checked;
	free(*bufp);
	*bufp = NULL;
	if (checked < 0) {
		/* Its pages read as zeros where the check gave them back. */
		struct diags quiet = DIAGS_INIT;
		if (xml_read_file(save_temp_path(*job), bufp, len, &quiet) != 0)
			*bufp = NULL;
		diags_release(&quiet);
		save_abort(*job);
		*job = NULL;
	}
	return checked;
}

/* save_commit with what edit_apply replaced: the file must still hold the bytes it read. */
static int save_commit_undo(struct save_job *job, const struct edit_undo *undo, struct diags *d)
{
	struct save_piece *v = xcalloc(undo->n + 1, sizeof(*v));
	for (size_t i = 0; i < undo->n; i++)
		v[i] = (struct save_piece){ undo->v[i].at, undo->v[i].len, undo->v[i].old,
		                            undo->v[i].old_len };
	int rc = save_commit(job, v, undo->n, d);
	free(v);
	return rc;
}

int cmd_change_file(struct session *s, const char *path, int argc, char **argv, FILE *out)
{
	struct diags d = DIAGS_INIT;
	struct roster *r = NULL;
	struct eval *ev = NULL;
	struct edit_undo undo = EDIT_UNDO_INIT;
	char *buf = NULL, *was = NULL;
	size_t len = 0, was_len = 0;
	int rc = MUSTER_EXIT_TROUBLE;
	bool loaded = false;
	/* The roster as it is, read once. The save checks that the file still holds these bytes
	 * (another command may have saved it meanwhile), so that neither change is lost. */
	if (xml_read_file(path, &was, &was_len, &d) != 0)
		goto print;
	/* The change is spliced into those bytes, its units named on their outline: the roster
	 * is loaded and checked once, after the change (loading it before as well made an edit
	 * twice a validate). When that does not do (a campaign roster, a command that fails, a
	 * file that does not read), the roster as it was is loaded: its reader speaks first. */
	/* was is not read once the new text is made (the bytes before are made again from it):
	 * its pages are given back as they are copied. */
	undo.consume = true;
	buf = edit_apply(s, was, was_len, path, NULL, argc, argv, &len, &undo, &d);
	if (buf == NULL) {
		if ((r = load_before(s, path, was, was_len, &d)) == NULL)
			goto print;
		diags_release(&d);
		loaded = true;
		buf = edit_apply(s, was, was_len, path, r, argc, argv, &len, &undo, &d);
		roster_free(r);
		r = NULL;
		if (buf == NULL) {
			for (size_t i = 0; i < d.n; i++)
				fprintf(stderr, "muster: %s: %s\n", vis(path), vis(d.v[i].msg));
			fprintf(stderr, _("muster: %s: not changed\n"), vis(path));
			diags_release(&d);
			goto out;
		}
	}
	/* One copy of a large roster while it is checked, and not even that: the bytes before
	 * the change are made again from the new ones when they are needed, and the new ones are
	 * written to the save's temporary file first, so that the check gives their pages back as
	 * it reads them, as a validate of the file does. */
	free(was);
	was = NULL;
	struct diags sd = DIAGS_INIT;
	struct save_job *job = NULL;
	if (edit_check_written(s, path, &buf, &len, &job, &r, &ev, &d, &sd) < 0) {
		diags_release(&sd);
		struct diags bd = DIAGS_INIT;
		was = loaded || buf == NULL ? NULL : edit_undo(buf, len, &undo, &was_len);
		struct roster *before = was ? load_before(s, path, was, was_len, &bd) : NULL;
		if (was && before == NULL) {
			/* Broken before the change: said as it was. */
			diags_release(&d);
			d = bd;
			goto print;
		}
		roster_free(before);
		diags_release(&bd);
		diags_sort(&d);
		diags_print(&d, stderr, DIAG_TEXT);
		fprintf(stderr, _("muster: %s: not changed\n"), vis(path));
		goto out;
	}
	if (job == NULL || save_commit_undo(job, &undo, &sd) != 0) {
		diags_print(&sd, stderr, DIAG_TEXT);
		diags_release(&sd);
		goto out;
	}
	/* Saved: the status needs the roster, not its bytes. */
	diags_sort(&d);
	cmd_print_status(ev, &d, false, out);
	rc = MUSTER_EXIT_OK;
	goto out;
print:
	diags_sort(&d);
	diags_print(&d, stderr, DIAG_TEXT);
out:
	eval_free(ev);
	roster_free(r);
	free(buf);
	free(was);
	edit_undo_release(&undo);
	diags_release(&d);
	return rc;
}

/* add, add-force, remove and set: FILE then the verb's words, handed to edit_apply as they are. */
static int exec_change(const struct cmd_entry *self, int argc, char **argv)
{
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		cmd_usage(self, stdout);
		return MUSTER_EXIT_OK;
	}
	int i = 1;
	while (i < argc && strncmp(argv[i], "--data-dir", 10) == 0) {
		const char *v = argv[i][10] == '=' ? argv[i] + 11 : i + 1 < argc ? argv[++i] : NULL;
		if (v == NULL)
			return cmd_usage_error(self, "%s", _("option '--data-dir' requires an argument"));
		/* A data directory that cannot be read stops the change: the file stays as it was. */
		if (cmd_common_option(self, OPT_DATA_DIR, v) < 0)
			return MUSTER_EXIT_TROUBLE;
		i++;
	}
	/* set needs no UNIT when it sets only the roster's player: say both ways. */
	if (argc - i < 2 && strcmp(self->name, "set") == 0)
		return cmd_usage_error(self, "%s", _("set takes a roster FILE, then UNIT or --player=TEXT"));
	if (argc - i < 2)
		return cmd_usage_error(self, _("%s takes a roster FILE, then %s"), self->name,
		                       strcmp(self->name, "add") == 0         ? _("ENTRY")
		                       : strcmp(self->name, "add-force") == 0 ? _("ID[:NAME]")
		                                                              : _("UNIT"));
	const char *path = argv[i];
	/* The verb's words: argv[i] becomes the verb itself. */
	char **words = xcalloc((size_t)(argc - i) + 1, sizeof(*words));
	words[0] = (char *)self->name;
	for (int k = i + 1; k < argc; k++)
		words[k - i] = argv[k];
	struct session *s = session_new();
	int rc = bs_roster_file(path) ? ros_change(s, path, argc - i, words, stdout)
	                              : cmd_change_file(s, path, argc - i, words, stdout);
	session_free(s);
	free(words);
	return rc;
}

static int exec_add(int argc, char **argv);
static int exec_add_force(int argc, char **argv);
static int exec_remove(int argc, char **argv);
static int exec_set(int argc, char **argv);

enum { OPT_SYSTEM = 0x200, OPT_SIZE, OPT_LIMIT, OPT_FACTION, OPT_NAME, OPT_FIELD, OPT_LIST,
       OPT_FORCE, OPT_MODELS, OPT_ID, OPT_OPTION, OPT_ATTACH, OPT_DETACH, OPT_COPY, OPT_MOVE,
       OPT_CHILD_OF, OPT_UNDER, OPT_NOTES, OPT_CATEGORY, OPT_PLAYER };

/* add, remove and set hand their words to edit_apply (edit.c), which reads these options
 * (and muster edit's commands): the tables give completion and the check that --help names
 * each of them (in the usage line). */
static const struct cmd_option add_options[] = {
	CMD_VALUE("models", OPT_MODELS, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("name", OPT_NAME, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("id", OPT_ID, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("option", OPT_OPTION, CMD_ARG_OPTION, NULL, NULL),
	CMD_VALUE("attach", OPT_ATTACH, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("list", OPT_LIST, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("under", OPT_UNDER, CMD_ARG_TEXT, NULL, NULL),
	CMD_OPTIONS_END,
};

static const struct cmd_option add_force_options[] = {
	CMD_VALUE("child-of", OPT_CHILD_OF, CMD_ARG_TEXT, NC_("option value", "LIST"),
	          N_("the list the new force stands in (its id, name or number; default: none,\n"
	             "a top list after the last one)")),
	CMD_VALUE("size", OPT_SIZE, CMD_ARG_SIZE, NC_("option value", "ID"),
	          N_("the force's battle size (default: its parent's)")),
	CMD_VALUE("limit", OPT_LIMIT, CMD_ARG_NUMBER, NC_("option value", "N[:COST]"),
	          N_("a custom limit of the force")),
	CMD_VALUE("faction", OPT_FACTION, CMD_ARG_FACTION, NC_("option value", "ID"),
	          N_("the force's faction (default: its parent's)")),
	CMD_OPTIONS_END,
};

static const struct cmd_option remove_options[] = {
	CMD_VALUE("list", OPT_LIST, CMD_ARG_TEXT, NULL, NULL),
	CMD_OPTIONS_END,
};

static const struct cmd_option set_options[] = {
	CMD_VALUE("models", OPT_MODELS, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("name", OPT_NAME, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("id", OPT_ID, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("option", OPT_OPTION, CMD_ARG_OPTION, NULL, NULL),
	CMD_VALUE("attach", OPT_ATTACH, CMD_ARG_TEXT, NULL, NULL),
	CMD_FLAG("detach", OPT_DETACH, NULL),
	CMD_FLAG("copy", OPT_COPY, NULL),
	CMD_VALUE("move", OPT_MOVE, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("list", OPT_LIST, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("limit", OPT_LIMIT, CMD_ARG_NUMBER, NULL, NULL),
	CMD_VALUE("notes", OPT_NOTES, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("category", OPT_CATEGORY, CMD_ARG_TEXT, NULL, NULL),
	CMD_VALUE("player", OPT_PLAYER, CMD_ARG_TEXT, NULL, NULL),
	CMD_OPTIONS_END,
};

#define CHANGE_HELP \
	N_("UNIT is a unit's id, its number in its list as 'muster status' prints it, the\n" \
	   "name given to it, or its entry when one unit of the list has it; a word that\n" \
	   "names several units is refused with their numbers and ids. A unit that add or\n" \
	   "set --copy makes gets an id unless --id gives one: its entry's id and a number\n" \
	   "(quack-marine-3) that the file never gives another unit. ENTRY is an entry's id\n" \
	   "or name. LIST is a list's id, name or number (default: the first list).\n" \
	   "The file is saved (its previous version kept as FILE~) and the list's totals,\n" \
	   "points left, trackers and violations are printed. Exit status: 0 saved (legal or\n" \
	   "not yet), 2 when the change cannot be made; the file is then unchanged.\n")

#define ROS_HELP \
	N_("On a BattleScribe roster (FILE.ros): add ENTRY [N] [--list=FORCE]\n" \
	   "[--under=SELECTION] adds a selection of ENTRY (an id or name) to a force or under\n" \
	   "a selection, with the selections its entry asks for; remove SELECTION|FORCE;\n" \
	   "set SELECTION --models=N sets its number, set SELECTION --copy copies a unit, set\n" \
	   "--limit=N[:COST] sets the roster's cost limit, set UNIT|FORCE --name=TEXT\n" \
	   "--notes=TEXT sets the custom name and notes of a unit or a force (empty: none),\n" \
	   "with --category=CATEGORY those of a category of the force.\n" \
	   "The ids made are printed first: 'added ID', then 'selected ENTRYID ID' for each\n" \
	   "selection made with it (see muster(1)).\n")

const struct cmd_entry cmd_add_entry = {
	"add",
	N_("FILE ENTRY [MODELS] [--models=N] [--name=TEXT] [--id=ID] [--option=ID[=N]]... [--attach=UNIT] [--list=LIST] [--under=SELECTION]"),
	N_("add a unit to a list, with its models and options"),
	CHANGE_HELP,
	add_options,
	ROS_HELP,
	exec_add,
	"ROSTER ADDABLE",
};

const struct cmd_entry cmd_add_force_entry = {
	"add-force",
	N_("FILE ID[:NAME] [--child-of=LIST] [--size=ID] [--limit=N[:COST]] [--faction=ID]"),
	N_("add a force to a roster: a list, or a child force within one"),
	N_("The new <list> goes after the roster's last list, or with --child-of inside that\n"
	   "list after its last element, indented as its siblings; every other byte of the\n"
	   "file is kept. The roster is then read and checked as 'muster new' checks one: an\n"
	   "id another list has, or a size, faction or limit's cost the game system does not\n"
	   "know, is refused. LIST is a list's id, name or number as 'muster status' numbers\n"
	   "them. The file is saved (its previous version kept as FILE~) and the lists'\n"
	   "totals, trackers and violations are printed. Exit status: 0 saved, 2 when the\n"
	   "force cannot be added; the file is then unchanged.\n"
	   "On a BattleScribe roster (FILE.ros), ID is a force entry's id and --faction the\n"
	   "force's catalogue (default: its parent's, else the first force's); 'force ID'\n"
	   "is printed first, then 'selected ENTRYID ID' for each unit its catalogue asks for.\n"),
	add_force_options,
	NULL,
	exec_add_force,
	"ROSTER",
};

const struct cmd_entry cmd_remove_entry = {
	"remove",
	N_("FILE UNIT [--list=LIST]"),
	N_("remove a unit from a list"),
	N_("UNIT is a unit's id, its number in its list as 'muster status' prints it, the\n"
	   "name given to it, or its entry when one unit of the list has it; a word that\n"
	   "names several units is refused with their numbers and ids. LIST is a list's\n"
	   "id, name or number (default: the first list).\n"
	   "The file is saved (its previous version kept as FILE~) and the list's totals,\n"
	   "points left, trackers and violations are printed. Exit status: 0 saved (legal or\n"
	   "not yet), 2 when the change cannot be made; the file is then unchanged.\n"),
	remove_options,
	N_("On a BattleScribe roster (FILE.ros), UNIT is the id of a selection, removed with\n"
	   "all below it, or of a force, removed with its child forces; a child selection\n"
	   "numbered more than one per one of its parent loses one per one of it instead,\n"
	   "as BattleScribe deselects it (see muster(1)).\n"),
	exec_remove,
	"ROSTER UNIT",
};

const struct cmd_entry cmd_set_entry = {
	"set",
	N_("FILE [UNIT] [--models=N] [--name=TEXT] [--id=ID] [--option=ID[=N]]... [--attach=UNIT] [--detach] [--copy] [--move=LIST] [--list=LIST] [--limit=N[:COST]] [--notes=TEXT] [--category=CATEGORY] [--player=TEXT]"),
	N_("change a unit: models, options, name, leader attachment; copy or move it"),
	N_("--option=ID=0 takes an option off. --copy changes a new copy of the unit instead\n"
	   "of the unit, the copy with a new id; --move=LIST moves it to another list of the\n"
	   "roster.\n\n"
	   "--player=TEXT sets who brings the army (the roster's player, which show, export\n"
	   "and a tournament's report print), with or without a UNIT; --player= takes it\n"
	   "off. The name is one line: a tab or a line break is refused.\n\n"
	   "UNIT is a unit's id, its number in its list as 'muster status' prints it, the\n"
	   "name given to it, or its entry when one unit of the list has it; a word that\n"
	   "names several units is refused with their numbers and ids. LIST is a list's\n"
	   "id, name or number (default: the first list).\n"
	   "The file is saved (its previous version kept as FILE~) and the list's totals,\n"
	   "points left, trackers and violations are printed. Exit status: 0 saved (legal or\n"
	   "not yet), 2 when the change cannot be made; the file is then unchanged.\n"),
	set_options,
	ROS_HELP,
	exec_set,
	"ROSTER UNIT",
};

static int exec_add(int argc, char **argv)
{
	return exec_change(&cmd_add_entry, argc, argv);
}

static int exec_add_force(int argc, char **argv)
{
	return exec_change(&cmd_add_force_entry, argc, argv);
}

static int exec_remove(int argc, char **argv)
{
	return exec_change(&cmd_remove_entry, argc, argv);
}

static int exec_set(int argc, char **argv)
{
	return exec_change(&cmd_set_entry, argc, argv);
}

/* --- new ----------------------------------------------------------------------------------- */

static int exec_new(int argc, char **argv);

static const struct cmd_option new_options[] = {
	CMD_VALUE("system", OPT_SYSTEM, CMD_ARG_SYSTEM, NC_("option value", "ID"),
	          N_("the game system ('muster catalog' lists them)")),
	CMD_VALUE("size", OPT_SIZE, CMD_ARG_SIZE, NC_("option value", "ID"),
	          N_("the battle size ('muster catalog SYSTEM' lists them)")),
	CMD_VALUE("limit", OPT_LIMIT, CMD_ARG_NUMBER, NC_("option value", "N[:COST]"),
	          N_("a custom limit instead of a battle size")),
	CMD_VALUE("faction", OPT_FACTION, CMD_ARG_FACTION, NC_("option value", "ID"), N_("the faction of every list")),
	CMD_VALUE("name", OPT_NAME, CMD_ARG_TEXT, NC_("option value", "TEXT"), N_("the roster's name")),
	CMD_VALUE("player", OPT_PLAYER, CMD_ARG_TEXT, NC_("option value", "TEXT"),
	          N_("who brings the army (a tournament's report names them)")),
	CMD_VALUE("field", OPT_FIELD, CMD_ARG_FIELD, NC_("option value", "NAME=VALUE"),
	          N_("a list or roster choice (an army composition...)")),
	CMD_VALUE("list", OPT_LIST, CMD_ARG_TEXT, NC_("option value", "[PARENT/]ID[:NAME]"),
	          N_("a list of the roster (repeat for several; default: main); PARENT/ID is a child force within list PARENT")),
	CMD_FLAG("force", OPT_FORCE, N_("replace an existing FILE (kept as FILE~)")),
	CMD_OPTIONS_END,
};

const struct cmd_entry cmd_new_entry = {
	"new",
	N_("FILE --system=ID (--size=ID | --limit=N[:COST]) [--faction=ID] [--name=TEXT] [--player=TEXT] [--field=NAME=VALUE]... [--list=[PARENT/]ID[:NAME]]... [--force]"),
	N_("write a new, empty roster file"),
	NULL,
	new_options,
	NULL,
	exec_new,
	"ROSTER",
};


static void push(char ***v, size_t *n, char *s)
{
	*v = xreallocarray(*v, *n + 2, sizeof(**v));
	(*v)[(*n)++] = s;
	(*v)[*n] = NULL;
}

/* muster new FILE.ros: a BattleScribe roster, each --list a force of that force entry (none:
 * an empty roster, for add-force). */
static int new_ros(const struct edit_new *spec, const char *path, bool force)
{
	if (spec->system == NULL || spec->size || spec->fields)
		return cmd_usage_error(&cmd_new_entry, "%s",
		                       _("a .ros needs --system and --list=FORCE_ENTRY_ID (no --size or --field)"));
	if (spec->player)
		return cmd_usage_error(&cmd_new_entry, "%s",
		                       _("a .ros has no player (BattleScribe keeps none): give it in --name"));
	struct ros_new rn = { spec->system, spec->name, spec->faction, spec->limit_cost,
	                      spec->limit, spec->lists, force };
	struct session *s = session_new();
	int rc = ros_new(s, path, &rn, stdout);
	session_free(s);
	return rc;
}

/* new with neither --size nor --limit: the sizes sys has, or that it has none. */
static int no_size(const struct cmd_entry *self, const struct system *sys)
{
	if (sys->n_sizes == 0)
		return cmd_usage_error(self, _("new needs --limit=N[:COST]: system '%s' has no battle "
		                               "sizes"), sys->id);
	struct strbuf ids = STRBUF_INIT;
	for (size_t i = 0; i < sys->n_sizes; i++)
		strbuf_addf(&ids, "%s%s", i ? ", " : "", sys->sizes[i].id);
	int rc = cmd_usage_error(self, _("new needs --size (%s) or --limit=N[:COST]"), ids.s);
	strbuf_release(&ids);
	return rc;
}

static int exec_new(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_new_entry;
	struct edit_new spec;
	memset(&spec, 0, sizeof(spec));
	spec.limit = -1;
	size_t nf = 0, nl = 0;
	bool force = false;
	int opt, rc = MUSTER_EXIT_TROUBLE;
	while ((opt = cmd_getopt(self, argc, argv, &rc)) > 0) {
		switch (opt) {
		case OPT_SYSTEM: spec.system = optarg; break;
		case OPT_SIZE: spec.size = optarg; break;
		case OPT_FACTION: spec.faction = optarg; break;
		case OPT_NAME: spec.name = optarg; break;
		case OPT_PLAYER: spec.player = optarg; break;
		case OPT_FIELD: push(&spec.fields, &nf, optarg); break;
		case OPT_LIST: push(&spec.lists, &nl, optarg); break;
		case OPT_FORCE: force = true; break;
		case OPT_LIMIT: /* its usage error's status is rc's, MUSTER_EXIT_TROUBLE */
			if (cmd_parse_limit(self, optarg, &spec.limit, &spec.limit_cost) != 0)
				goto out;
			break;
		}
	}
	if (opt == 0)
		goto out;
	if (argc - optind != 1) {
		rc = cmd_usage_error(self, "%s", _("new takes one roster FILE"));
		goto out;
	}
	if (bs_roster_file(argv[optind])) {
		rc = new_ros(&spec, argv[optind], force);
		goto out;
	}
	if (spec.system == NULL) {
		rc = cmd_usage_error(self, "%s", _("new needs --system and --size or --limit"));
		goto out;
	}
	const char *path = argv[optind];
	if (!force && access(path, F_OK) == 0) {
		fprintf(stderr, _("muster: %s: exists already (--force replaces it, keeping it as %s~)\n"),
		        vis(path), vis(path));
		goto out;
	}
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	const struct system *sys = session_system(s, spec.system, &d);
	char *bad = NULL;
	if (sys == NULL) {
		diags_print(&d, stderr, DIAG_TEXT);
	} else if (spec.size == NULL && spec.limit < 0) {
		rc = no_size(self, sys);
	} else if ((spec.size && (spec.size = cmd_size_id(sys, spec.size, &bad)) == NULL) ||
	           (spec.faction && (spec.faction = cmd_faction_id(sys, spec.faction, &bad)) == NULL)) {
		rc = cmd_usage_error(self, "%s", bad);
		free(bad);
	} else {
		char *text = edit_new_text(sys, &spec, &d);
		struct roster *r = NULL;
		struct eval *ev = NULL;
		if (text == NULL) {
			diags_print(&d, stderr, DIAG_TEXT);
			fprintf(stderr, _("muster: %s: not written\n"), vis(path));
		} else if (edit_check(s, path, text, strlen(text), &r, &ev, &d) < 0) {
			cmd_diags_unplace(&d, path);
			diags_sort(&d);
			diags_print(&d, stderr, DIAG_TEXT);
			fprintf(stderr, _("muster: %s: not written\n"), vis(path));
		} else {
			struct diags sd = DIAGS_INIT;
			if (save_file(path, text, strlen(text), &sd) != 0) {
				diags_print(&sd, stderr, DIAG_TEXT);
			} else {
				diags_sort(&d);
				cmd_print_status(ev, &d, false, stdout);
				rc = MUSTER_EXIT_OK;
			}
			diags_release(&sd);
		}
		eval_free(ev);
		roster_free(r);
		free(text);
	}
	diags_release(&d);
	session_free(s);
out:
	free(spec.fields);
	free(spec.lists);
	return rc;
}

/* --- status -------------------------------------------------------------------------------- */

static int exec_status(int argc, char **argv);

const struct cmd_entry cmd_status_entry = {
	"status",
	N_("FILE"),
	N_("print a list's units, totals, points left, trackers and violations"),
	N_("Trackers say where the list stands against every count or cost rule of its game\n"
	   "system: \"Leaders 1/2\", \"Core 24%/at least 25%\". Exit status: 0 legal, 1 not\n"
	   "legal (yet), 2 on trouble.\n"),
	NULL,
	NULL,
	exec_status,
	"ROSTER",
};

static int exec_status(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_status_entry;
	int ret;
	if (cmd_getopt(self, argc, argv, &ret) == 0)
		return ret;
	if (argc - optind != 1)
		return cmd_usage_error(self, "%s", _("status takes one roster file"));
	struct session *s = session_new();
	struct diags d = DIAGS_INIT;
	struct roster *r = NULL;
	struct eval *ev = NULL;
	int rc = MUSTER_EXIT_TROUBLE;
	long errors = edit_check(s, argv[optind], NULL, 0, &r, &ev, &d);
	diags_sort(&d);
	if (errors < 0) {
		diags_print(&d, stderr, DIAG_TEXT);
	} else {
		cmd_print_status(ev, &d, true, stdout);
		rc = errors ? MUSTER_EXIT_ILLEGAL : MUSTER_EXIT_OK;
	}
	eval_free(ev);
	roster_free(r);
	diags_release(&d);
	session_free(s);
	return rc;
}
