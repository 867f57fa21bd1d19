/* cmd-edit.c - muster edit: build a list interactively, or from a script on standard input
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The commands are add, add-force, remove and set (edit_apply, the same as the command-line verbs), and
 * undo, redo, show, suggest, help and quit. Every change is checked, saved through save_file
 * and followed by the list, its totals, trackers and violations. Undo and redo keep the
 * roster's text before and after each change (the file is saved again on each), so they
 * restore it byte for byte.
 *
 * GNU readline gives the terminal its line editing, history and tab completion (commands,
 * entry ids, option ids, unit names and numbers, the verbs' --options): that is editing a
 * line, not Muster's logic, so it is the library's job. When standard input is not a
 * terminal, lines are read plainly with no prompt, for scripts; the exit status then says
 * whether every command worked. This is the only file that includes readline.
 *
 * Built --without-readline (HAVE_READLINE undefined), a terminal gets a prompt and plain
 * lines: the edit works, lines simply cannot be edited.
 */
#include "muster.h"
#include "bs-roster.h"
#include "cmd.h"
#include "edit.h"
#include "eval.h"
#include "roster.h"
#include "save.h"
#include "select.h"
#include "session.h"
#include "system.h"
#include "unitref.h"
#include "util.h"
#include "xml.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#ifdef HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

static int exec_edit(int argc, char **argv);

const struct cmd_entry cmd_edit_entry = {
	"edit",
	N_("FILE"),
	N_("build a list interactively: add, remove, set, undo, redo, with completion"),
	N_("Commands (the same words as 'muster add', 'remove' and 'set', without FILE):\n"
	   "  add ENTRY [MODELS] [--models=N] [--name=TEXT] [--option=ID[=N]]... [--attach=UNIT]\n"
	   "  remove UNIT\n"
	   "  set UNIT [--models=N] [--name=TEXT] [--option=ID[=N]]... [--attach=UNIT] [--detach]\n"
	   "      [--copy] [--move=LIST]\n"
	   "  add-force ID[:NAME] [OPTION]...   a force, with the options of 'muster add-force'\n"
	   "  undo, redo        take back the last change, or make it again\n"
	   "  show              the list, its totals, trackers and violations\n"
	   "  suggest           what can still be added legally\n"
	   "  reload            read FILE again (after another command changed it)\n"
	   "  save              write the session's roster over FILE, whatever it holds now\n"
	   "  help, quit\n\n"
	   "Each change is saved at once (the previous version kept as FILE~). A change is not\n"
	   "saved over one that another command made to FILE since the session read it: it is\n"
	   "kept in the session, and 'reload' or 'save' says which wins. On a terminal,\n"
	   "Tab completes commands, entries, options and units, and the arrows walk the\n"
	   "history. With standard input from a pipe, commands are read one a line with no\n"
	   "prompt; the exit status is 0 when every command worked, 2 otherwise.\n"),
	NULL,
	NULL,
	exec_edit,
	"ROSTER",
};

struct editor {
	struct session *s;
	const char *path;
	char *text;               /* the roster as saved last (or changed, when unsaved) */
	size_t len;
	char *disk;               /* the file as read or saved last: saves check it is still so */
	size_t disk_len;
	bool unsaved;             /* text is not saved: the file changed since it was read */
	bool warned;              /* quit was told so once */
	char **undo, **redo;      /* texts before (after) each change, most recent last */
	size_t n_undo, cap_undo, n_redo, cap_redo;
	const struct system *sys; /* of the roster: for completion */
	struct roster *r;         /* the roster as saved last, and its evaluation */
	struct eval *ev;
	struct diags d;
	bool failed;
};

/* Splits a line into words: white space separates; quotes ('...' "...") protect where they
 * open a word (or a value after '=') and close later on the line, and backslashes protect,
 * so that an apostrophe inside a word is a letter of it (Au'k Veteran). Returns the count;
 * *out a NULL-terminated array (free with strv_free). */
static size_t split_words(const char *line, char ***out)
{
	char **v = NULL;
	size_t n = 0;
	const char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		struct strbuf w = STRBUF_INIT;
		char quote = 0;
		const char *start = p;
		for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
			bool opens = p == start || p[-1] == '=';
			if (quote && *p == quote)
				quote = 0;
			else if (!quote && opens && (*p == '"' || *p == '\'') && strchr(p + 1, *p))
				quote = *p;
			else if (*p == '\\' && p[1] && quote != '\'')
				strbuf_addc(&w, *++p);
			else
				strbuf_addc(&w, *p);
		}
		v = xreallocarray(v, n + 2, sizeof(*v));
		v[n++] = strbuf_detach(&w);
	}
	if (v == NULL)
		v = xcalloc(1, sizeof(*v));
	v[n] = NULL;
	*out = v;
	return n;
}

/* Does word w of a builder command take the next word as its value (--name TEXT)? As
 * edit_parse_opts reads them: every --WORD without '=' but the flags. */
static bool takes_value(const char *w)
{
	return strncmp(w, "--", 2) == 0 && strchr(w, '=') == NULL && strcmp(w, "--detach") != 0 &&
	       strcmp(w, "--copy") != 0;
}

static bool is_number(const char *w)
{
	return *w && strspn(w, "0123456789") == strlen(w);
}

/* add, remove and set as players type them: the words that are not options make one name
 * (add Quack Marine 5: the entry "Quack Marine", 5 models, the last word being a number).
 * Words that are numbers elsewhere are not a name (set 1 2): edit_apply then says what the
 * command takes. Returns a new NULL-terminated argv (free with strv_free) and its count in
 * *n. */
static char **join_name(char **w, size_t *n)
{
	char **v = xcalloc(*n + 1, sizeof(*v));
	size_t k = 1, first = 0, last = 0, n_pos = 0, n_num = 0;
	struct strbuf name = STRBUF_INIT;
	v[0] = xstrdup(w[0]);
	for (size_t i = 1; i < *n; i++) {
		if (strncmp(w[i], "--", 2) == 0) {
			if (takes_value(w[i]) && i + 1 < *n && strncmp(w[i + 1], "--", 2) != 0)
				i++;
			continue;
		}
		if (n_pos++ == 0)
			first = i;
		last = i;
		n_num += is_number(w[i]);
	}
	bool models = strcmp(w[0], "add") == 0 && n_pos > 1 && is_number(w[last]);
	if (n_pos < 2 || n_num > (size_t)models) {
		/* one word, or numbers among the words: as typed */
		for (size_t i = 1; i < *n; i++)
			v[i] = xstrdup(w[i]);
		return v;
	}
	for (size_t i = 1; i < *n; i++) {
		bool opt = strncmp(w[i], "--", 2) == 0;
		if (opt && takes_value(w[i]) && i + 1 < *n && strncmp(w[i + 1], "--", 2) != 0) {
			v[k++] = xstrdup(w[i++]);
			v[k++] = xstrdup(w[i]);
		} else if (opt) {
			v[k++] = xstrdup(w[i]);
		} else if (!(models && i == last)) {
			strbuf_addf(&name, "%s%s", i == first ? "" : " ", w[i]);
		}
	}
	/* the name first, then the models, then the options: edit_apply takes any order */
	memmove(v + 2 + models, v + 1, (k - 1) * sizeof(*v));
	v[1] = strbuf_detach(&name);
	if (models)
		v[2] = xstrdup(w[last]);
	k += 1 + models;
	v[k] = NULL;
	*n = k;
	return v;
}

static void push_text(char ***v, size_t *n, size_t *cap, char *text)
{
	GROW(*v, *cap, *n + 1);
	(*v)[(*n)++] = text;
}

/* Loads and checks text as the roster; keeps it as the current one. Returns 0 or -1. */
static int take(struct editor *e, const char *text, size_t len)
{
	struct diags d = DIAGS_INIT;
	struct roster *r = NULL;
	struct eval *ev = NULL;
	if (edit_check(e->s, e->path, text, len, &r, &ev, &d) < 0) {
		diags_sort(&d);
		diags_print(&d, stderr, DIAG_TEXT);
		diags_release(&d);
		return -1;
	}
	diags_sort(&d);
	eval_free(e->ev);
	roster_free(e->r);
	diags_release(&e->d);
	e->r = r;
	e->ev = ev;
	e->d = d;
	e->sys = r->sys;
	return 0;
}

/* The file now holds text (len bytes): later saves check that it still does. */
static void on_disk(struct editor *e, const char *text, size_t len)
{
	free(e->disk);
	e->disk = xstrndup(text, len);
	e->disk_len = len;
	e->unsaved = false;
	e->warned = false;
}

/* Text (taken) is the roster of the session and of the file: kept, and its status printed. */
static void now_holds(struct editor *e, char *text, size_t len)
{
	free(e->text);
	e->text = text;
	e->len = len;
	on_disk(e, text, len);
	cmd_print_status(e->ev, &e->d, true, stdout);
}

/* Makes text the roster: checked, saved, printed. Takes text. Returns 0, -1 (the roster is as
 * it was), or SAVE_CHANGED: another command saved the file since this session read it, so it
 * is not overwritten; text is the session's roster all the same, unsaved, so that nothing is
 * lost ('reload' or 'save' then). */
static int commit(struct editor *e, char *text, size_t len)
{
	if (take(e, text, len) != 0) {
		free(text);
		return -1;
	}
	struct diags sd = DIAGS_INIT;
	int saved = save_file_checked(e->path, text, len, e->disk, e->disk_len, &sd);
	diags_print(&sd, stderr, DIAG_TEXT);
	diags_release(&sd);
	if (saved == SAVE_CHANGED) {
		free(e->text);
		e->text = text;
		e->len = len;
		e->unsaved = true;
		e->warned = false;
		cmd_print_status(e->ev, &e->d, true, stdout);
		fprintf(stderr, _("muster: %s: the change is kept in this session, not saved: 'reload' "
		                  "reads the file again (then 'undo' gives back this session's roster), "
		                  "'save' writes this session's roster over it\n"), vis(e->path));
		return SAVE_CHANGED;
	}
	if (saved < 0) {
		free(text);
		/* The file is as it was: so is the roster. */
		take(e, e->text, e->len);
		return -1;
	}
	/* Saved, but NAME~ or the directory's flush failed (said above): the file holds the
	 * new text, so does the editor (an undo must start from it); the exit status says it. */
	if (saved > 0)
		e->failed = true;
	now_holds(e, text, len);
	return 0;
}

static int change(struct editor *e, int argc, char **argv)
{
	struct diags d = DIAGS_INIT;
	size_t len = 0;
	int rc = -1;
	char *text = edit_apply(e->s, e->text, e->len, e->path, e->r, argc, argv, &len, NULL, &d);
	for (size_t i = 0; i < d.n; i++)
		fprintf(stderr, "muster: %s\n", vis(d.v[i].msg));
	diags_release(&d);
	if (text == NULL)
		return -1;
	char *before = xstrndup(e->text, e->len);
	int c = commit(e, text, len);
	if (c == 0 || c == SAVE_CHANGED) {
		push_text(&e->undo, &e->n_undo, &e->cap_undo, before);
		while (e->n_redo)
			free(e->redo[--e->n_redo]);
		rc = c == 0 ? 0 : -1;
	} else {
		free(before);
	}
	return rc;
}

/* undo (back true) or redo. */
static int step_back(struct editor *e, bool back)
{
	char ***from = back ? &e->undo : &e->redo;
	size_t *n_from = back ? &e->n_undo : &e->n_redo;
	if (*n_from == 0) {
		fprintf(stderr, "muster: %s\n", back ? _("nothing to undo") : _("nothing to redo"));
		return -1;
	}
	char *text = (*from)[--*n_from];
	char *now = xstrndup(e->text, e->len);
	int c = commit(e, text, strlen(text));
	if (c != 0 && c != SAVE_CHANGED) {
		push_text(from, n_from, back ? &e->cap_undo : &e->cap_redo, xstrdup(now));
		free(now);
		return -1;
	}
	if (back)
		push_text(&e->redo, &e->n_redo, &e->cap_redo, now);
	else
		push_text(&e->undo, &e->n_undo, &e->cap_undo, now);
	return c == 0 ? 0 : -1;
}

/* reload: the file as it is now becomes the session's roster; the session's own is kept on
 * the undo stack, so that nothing is lost. */
static int reload(struct editor *e)
{
	struct diags d = DIAGS_INIT;
	char *text = NULL;
	size_t len = 0;
	if (xml_read_file(e->path, &text, &len, &d) != 0) {
		diags_print(&d, stderr, DIAG_TEXT);
		diags_release(&d);
		return -1;
	}
	char *now = xstrndup(e->text, e->len);
	if (take(e, text, len) != 0) {
		free(now);
		free(text);
		return -1;
	}
	if (len != e->len || memcmp(text, e->text, len) != 0) {
		push_text(&e->undo, &e->n_undo, &e->cap_undo, now);
		while (e->n_redo)
			free(e->redo[--e->n_redo]);
	} else {
		free(now);
	}
	now_holds(e, text, len);
	return 0;
}

/* save: the session's roster over the file, whatever the file holds now. */
static int save_anyway(struct editor *e)
{
	struct diags sd = DIAGS_INIT;
	int saved = save_file(e->path, e->text, e->len, &sd);
	diags_print(&sd, stderr, DIAG_TEXT);
	diags_release(&sd);
	if (saved < 0)
		return -1;
	on_disk(e, e->text, e->len);
	return saved > 0 ? -1 : 0;
}

/* Runs one command line. Returns 1 to quit, 0 done, -1 failed. */
static int run_line(struct editor *e, const char *line)
{
	char **w;
	size_t n = split_words(line, &w);
	int rc = 0;
	if (n == 0 || w[0][0] == '#') {
		rc = 0;
	} else if (strcmp(w[0], "quit") == 0 || strcmp(w[0], "exit") == 0 || strcmp(w[0], "q") == 0) {
		rc = 1;
		if (e->unsaved && !e->warned) {
			/* Once: the session holds a change the file does not. */
			fprintf(stderr, _("muster: %s: this session's roster is not saved ('save' writes it, "
			                  "'reload' takes the file's; 'quit' again leaves without saving)\n"),
			        vis(e->path));
			e->warned = true;
			rc = 0;
		}
	} else if (strcmp(w[0], "reload") == 0) {
		rc = reload(e);
	} else if (strcmp(w[0], "save") == 0) {
		rc = save_anyway(e);
	} else if (strcmp(w[0], "add") == 0 || strcmp(w[0], "remove") == 0 ||
	           strcmp(w[0], "set") == 0) {
		size_t m = n;
		char **j = join_name(w, &m);
		rc = change(e, (int)m, j);
		strv_free(j);
	} else if (strcmp(w[0], "add-force") == 0) {
		rc = change(e, (int)n, w);
	} else if (strcmp(w[0], "undo") == 0 || strcmp(w[0], "redo") == 0) {
		rc = step_back(e, w[0][0] == 'u');
	} else if (strcmp(w[0], "show") == 0 || strcmp(w[0], "status") == 0) {
		cmd_print_status(e->ev, &e->d, true, stdout);
	} else if (strcmp(w[0], "suggest") == 0) {
		int sr = cmd_print_suggestions(e->r, e->ev, n > 1 ? w[1] : NULL, stdout);
		if (sr == -1)
			cmd_no_list(e->path, e->r, w[1]);
		if (sr != 0)
			rc = -1;
	} else if (strcmp(w[0], "help") == 0) {
		fputs(_(cmd_edit_entry.help), stdout);
	} else {
		fprintf(stderr, _("muster: unknown command '%s' (add, remove, set, undo, redo, show, suggest, reload, save, help, quit)\n"),
		        vis(w[0]));
		rc = -1;
	}
	strv_free(w);
	fflush(stdout);
	return rc;
}

/* --- completion ---------------------------------------------------------------------------- */

#ifdef HAVE_READLINE
static struct editor *the_editor; /* for readline's completion callbacks */

static char **cands;
static size_t n_cands, cap_cands;

static void cand(const char *s)
{
	if (s == NULL || strchr(s, ' '))
		return;
	GROW(cands, cap_cands, n_cands + 1);
	cands[n_cands++] = xstrdup(s);
}

static void cands_clear(void)
{
	for (size_t i = 0; i < n_cands; i++)
		free(cands[i]);
	n_cands = 0;
}

static char *generator(const char *text, int state)
{
	static size_t i;
	static size_t len;
	if (state == 0) {
		i = 0;
		len = strlen(text);
	}
	while (i < n_cands) {
		const char *c = cands[i++];
		if (strncasecmp(c, text, len) == 0)
			return strdup(c); /* readline frees it with free() */
	}
	return NULL;
}

static void units_of_list(const struct r_list *l)
{
	for (size_t i = 0; i < l->n_units; i++) {
		char num[32];
		snprintf(num, sizeof(num), "%zu", i + 1);
		cand(num);
		cand(r_unit_id(&l->units[i]));
		cand(r_unit_label(&l->units[i]));
		cand(l->units[i].entry->id);
	}
}

/* The entry a line's add or set names, for --option= completion. */
static const struct entry *entry_of_line(const struct editor *e, char **w, size_t n)
{
	if (n < 2)
		return NULL;
	if (strcmp(w[0], "add") == 0)
		return system_entry(e->sys, w[1]);
	if (e->r == NULL || e->r->n_lists == 0)
		return NULL;
	/* The unit as set names it: the same resolver, its complaint unsaid. */
	struct diags d = DIAGS_INIT;
	struct unitref u;
	const struct entry *en = unitref_find(e->r, 0, w[1], &u, &d) == 0 ? u.unit->entry : NULL;
	diags_release(&d);
	return en;
}

static char **complete(const char *text, int start, int end)
{
	(void)end;
	struct editor *e = the_editor;
	rl_attempted_completion_over = 1;
	cands_clear();
	char *before = xstrndup(rl_line_buffer, (size_t)start);
	char **w;
	size_t n = split_words(before, &w);
	free(before);
	/* add-force is typed whole: 'ad' + Tab still gives 'add '. */
	static const char *const commands[] = { "add", "remove", "set", "undo", "redo", "show",
	                                        "suggest", "reload", "save", "help", "quit", NULL };
	if (n == 0) {
		for (const char *const *c = commands; *c; c++)
			cand(*c);
	} else if (strncmp(text, "--option=", 9) == 0) {
		const struct entry *en = entry_of_line(e, w, n);
		for (size_t i = 0; en && i < en->n_options; i++) {
			char *word = edit_option_word(en, i);
			char *s = xasprintf("--option=%s", word);
			cand(s);
			free(s);
			free(word);
		}
	} else if (strncmp(text, "--attach=", 9) == 0 && e->r && e->r->n_lists) {
		const struct r_list *l = &e->r->lists[0];
		for (size_t i = 0; i < l->n_units; i++) {
			const struct r_unit *u = &l->units[i];
			const char *ids[] = { r_unit_id(u), r_unit_label(u), u->entry->id };
			char num[32];
			snprintf(num, sizeof(num), "%zu", i + 1);
			char *s = xasprintf("--attach=%s", num);
			cand(s);
			free(s);
			for (size_t k = 0; k < 3; k++)
				if (ids[k]) {
					s = xasprintf("--attach=%s", ids[k]);
					cand(s);
					free(s);
				}
		}
	} else if (text[0] == '-') {
		/* The verb's options, from the table of the command of that name. */
		const struct cmd_entry *verb = strcmp(w[0], "set") == 0         ? &cmd_set_entry
		                               : strcmp(w[0], "remove") == 0    ? &cmd_remove_entry
		                               : strcmp(w[0], "add-force") == 0 ? &cmd_add_force_entry
		                                                                : &cmd_add_entry;
		for (const struct cmd_option *o = verb->options; o->name; o++) {
			char *s = xasprintf("--%s%s", o->name, o->arg == CMD_ARG_NONE ? "" : "=");
			cand(s);
			free(s);
		}
		rl_completion_append_character = '\0';
	} else if (n == 1 && strcmp(w[0], "add") == 0 && e->sys) {
		const struct group *f = e->r && e->r->n_lists ? e->r->lists[0].faction : NULL;
		for (size_t c = 0; c < e->sys->n_catalogs; c++)
			for (size_t i = 0; i < e->sys->catalogs[c]->n_entries; i++) {
				const struct entry *en = &e->sys->catalogs[c]->entries[i];
				if (f == NULL || entry_in_group(en, f))
					cand(en->id);
			}
	} else if (n == 1 && (strcmp(w[0], "set") == 0 || strcmp(w[0], "remove") == 0) && e->r &&
	           e->r->n_lists) {
		units_of_list(&e->r->lists[0]);
	}
	strv_free(w);
	if (n_cands == 0)
		return NULL;
	return rl_completion_matches(text, generator);
}

#endif /* HAVE_READLINE */

/* --- the loop ------------------------------------------------------------------------------ */

/* Reads the roster at e->path into e: its bytes as on disk, and the roster they make. Returns
 * 0, or -1 with a message (e->s is left to the caller). */
static int read_roster_file(struct editor *e)
{
	/* The file's own bytes: an undo back to the start gives them back exactly. */
	FILE *f = fopen(e->path, "rb");
	if (f == NULL) {
		fprintf(stderr, _("muster: %s: cannot open: %s ('muster new' makes a roster)\n"), vis(e->path),
		        strerror(errno));
		return -1;
	}
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	size_t got;
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0 && sb.len <= (size_t)XML_MAX_FILE_SIZE)
		strbuf_add(&sb, buf, got);
	fclose(f);
	e->len = sb.len;
	e->text = strbuf_detach(&sb);
	on_disk(e, e->text, e->len);
	if (e->len > (size_t)XML_MAX_FILE_SIZE || take(e, e->text, e->len) != 0) {
		free(e->text);
		free(e->disk);
		return -1;
	}
	return 0;
}

/* Runs the commands read from the terminal (tty: with readline; plain_tty: with a prompt) or
 * from standard input, until the end of the input or a command that leaves. */
static void edit_lines(struct editor *e, bool tty, bool plain_tty)
{
	char *line = NULL;
	size_t cap = 0;
	for (;;) {
		char *l;
#ifdef HAVE_READLINE
		if (tty) {
			rl_completion_append_character = ' ';
			l = readline("muster> ");
			if (l && *l)
				add_history(l);
		} else
#endif
		{
			if (plain_tty) {
				fputs("muster> ", stdout);
				fflush(stdout);
			}
			ssize_t k = getline(&line, &cap, stdin);
			if (k < 0)
				break;
			if (k && line[k - 1] == '\n')
				line[k - 1] = '\0';
			l = line;
		}
		if (l == NULL)
			break;
		int rc = run_line(e, l);
		if (tty)
			free(l);
		if (rc < 0)
			e->failed = true;
		if (rc > 0)
			break;
	}
	free(line);
}

/* Frees what e holds: its undo and redo steps, its texts, its roster and session. */
static void editor_release(struct editor *e)
{
	for (size_t i = 0; i < e->n_undo; i++)
		free(e->undo[i]);
	for (size_t i = 0; i < e->n_redo; i++)
		free(e->redo[i]);
	free(e->undo);
	free(e->redo);
	free(e->text);
	free(e->disk);
	eval_free(e->ev);
	roster_free(e->r);
	diags_release(&e->d);
	session_free(e->s);
}

static int exec_edit(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_edit_entry;
	int ret;
	if (cmd_getopt(self, argc, argv, &ret) == 0)
		return ret;
	if (argc - optind != 1)
		return cmd_usage_error(self, "%s", _("edit takes one roster FILE ('muster new' makes one)"));
	if (bs_roster_file(argv[optind])) {
		/* The session splices Muster's roster XML; a BattleScribe roster is rewritten whole
		 * by the builder (edit-ros.c), one command at a time. */
		fprintf(stderr, _("muster: %s: 'muster edit' does not change a BattleScribe roster "
		                  "(.ros, .rosz) yet: change it with 'muster add', 'remove', 'set' and "
		                  "'add-force', and see it with 'muster show' or 'muster status'\n"),
		        vis(argv[optind]));
		return MUSTER_EXIT_TROUBLE;
	}
	struct editor e;
	memset(&e, 0, sizeof(e));
	e.path = argv[optind];
	e.s = session_new();
	if (read_roster_file(&e) != 0) {
		session_free(e.s);
		return MUSTER_EXIT_TROUBLE;
	}
	bool tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
#ifdef HAVE_READLINE
	bool plain_tty = false;
#else
	/* A terminal without readline: a prompt, and plain lines. */
	bool plain_tty = tty;
	tty = false;
#endif
	cmd_print_status(e.ev, &e.d, true, stdout);
	if (tty) {
#ifdef HAVE_READLINE
		the_editor = &e;
		rl_readline_name = "muster";
		rl_attempted_completion_function = complete;
		/* Words break at white space only: "--option=tr" is one word to complete. */
		rl_basic_word_break_characters = " \t";
		rl_completer_word_break_characters = " \t";
#endif
		printf("%s\n", _("Type 'help' for the commands, Tab to complete, 'quit' to leave."));
	} else if (plain_tty) {
		printf("%s\n", _("Type 'help' for the commands, 'quit' to leave."));
	}
	edit_lines(&e, tty, plain_tty);
	if (tty || plain_tty)
		putchar('\n');
#ifdef HAVE_READLINE
	cands_clear();
	free(cands);
	cands = NULL;
	cap_cands = 0;
#endif
	editor_release(&e);
	return e.failed ? MUSTER_EXIT_TROUBLE : MUSTER_EXIT_OK;
}
