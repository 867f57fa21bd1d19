/* cmd-complete.c - muster complete: the names shell completion offers (hidden)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The bash completion (completion/muster) asks the program itself for names, so that it
 * stays true for every command and every data directory:
 *   muster complete commands                 the commands, one a line
 *   muster complete systems                  the game systems on the data path
 *   muster complete factions SYSTEM          the ids of the system's catalog groups
 *   muster complete entries SYSTEM           the ids of its entries
 *   muster complete options SYSTEM ENTRY     the ids of an entry's options (PARENT/ID for
 *                                            an id standing under several parents)
 *   muster complete sizes SYSTEM             the ids of the system's battle sizes
 *   muster complete fields SYSTEM            its fields as --field takes them: ID= for
 *                                            each, then ID=VALUE for each value a yes/no
 *                                            or choice field takes
 *   muster complete system FILE              the game system of a roster
 *   muster complete units FILE [LIST]        the units of a roster's list (the first without
 *                                            LIST): each unit's id, then the name given to it
 *   muster complete addable FILE [LIST]      the ids of the entries a unit of the list may
 *                                            take: those of the list's faction, every entry
 *                                            when the list names none
 *   muster complete unit-options FILE UNIT [LIST]  the option ids of a unit's entry
 *   muster complete args COMMAND             what COMMAND takes after its options, from its
 *                                            table: one pattern a line (cmd.h, args)
 *   muster complete flags [COMMAND]          the options of COMMAND (of muster itself
 *                                            without), from its table: one a line, its
 *                                            spelling (--format, -j), the kind of value it
 *                                            takes (none, text, number, file, dir, system,
 *                                            size, faction, option, field,
 *                                            words) and for words
 *                                            the words (--format words text xml)
 * A name that cannot be found prints nothing and exits 0: completion never complains.
 * Not listed by --help and never matched by a prefix.
 */
#include "muster.h"
#include "cmd.h"
#include "data.h"
#include "diag.h"
#include "edit.h"
#include "select.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <stdint.h>
#include <string.h>

static int exec_complete(int argc, char **argv);

const struct cmd_entry cmd_complete_entry = {
	"complete",
	N_("WHAT [SYSTEM|FILE [ENTRY|UNIT|LIST]]"),
	NULL, /* hidden: for shell completion */
	N_("Prints names for shell completion, one a line. WHAT is commands, systems,\n"
	   "factions SYSTEM, entries SYSTEM, options SYSTEM ENTRY, sizes SYSTEM, fields SYSTEM,\n"
	   "flags [COMMAND], args COMMAND, system FILE, units FILE [LIST], addable FILE\n"
	   "[LIST] or unit-options FILE UNIT [LIST].\n"),
	NULL,
	NULL,
	exec_complete,
	NULL,
};

static const struct system *load(struct session *s, const char *id)
{
	struct diags d = DIAGS_INIT;
	const struct system *sys = session_system(s, id, &d);
	diags_release(&d);
	return sys;
}

/* The words of enum cmd_arg, for the shell. */
static const char *const arg_kinds[] = {
	[CMD_ARG_NONE] = "none", [CMD_ARG_TEXT] = "text", [CMD_ARG_NUMBER] = "number",
	[CMD_ARG_FILE] = "file", [CMD_ARG_DIR] = "dir", [CMD_ARG_SYSTEM] = "system",
	[CMD_ARG_SIZE] = "size", [CMD_ARG_FACTION] = "faction", [CMD_ARG_OPTION] = "option",
	[CMD_ARG_WORDS] = "words", [CMD_ARG_FIELD] = "field",
};

static void print_flags(const struct cmd_option *table)
{
	for (const struct cmd_option *o = table; o && o->name; o++) {
		const char *words = o->arg == CMD_ARG_WORDS ? o->words : NULL;
		printf("--%s %s%s%s\n", o->name, arg_kinds[o->arg], words ? " " : "", words ? words : "");
		if (o->key > 0 && o->key < 0x80)
			printf("-%c %s%s%s\n", o->key, arg_kinds[o->arg], words ? " " : "",
			       words ? words : "");
	}
}

/* The option ids of entry e (none when NULL). An id under several parents as PARENT/ID,
 * each once: --option= takes them as they are. */
static void print_options(const struct entry *e)
{
	char **words = e ? xcalloc(e->n_options + 1, sizeof(*words)) : NULL;
	for (size_t i = 0; e && i < e->n_options; i++) {
		words[i] = edit_option_word(e, i);
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = strcmp(words[k], words[i]) == 0;
		if (!seen)
			printf("%s\n", vis(words[i]));
	}
	strv_free(words);
}

/* The fields of sys as --field takes them: "ID=" for each, then "ID=VALUE" for each value
 * of a yes/no or choice field. */
static void print_fields(const struct system *sys)
{
	for (size_t i = 0; i < sys->n_fields; i++)
		printf("%s=\n", vis(sys->fields[i].id));
	for (size_t i = 0; i < sys->n_fields; i++) {
		const struct field_def *f = &sys->fields[i];
		if (f->type == ATTR_BOOL) {
			printf("%s=true\n", vis(f->id));
			printf("%s=false\n", vis(f->id));
		}
		for (size_t k = 0; f->type == ATTR_CHOICE && k < f->n_choices; k++) {
			printf("%s=", vis(f->id));
			printf("%s\n", vis(f->choices[k].id));
		}
	}
}

/* The attribute name of element n as a new string (free with xmlFree), NULL when absent. */
static char *attr(xmlNodePtr n, const char *name)
{
	return (char *)xmlGetProp(n, (const xmlChar *)name);
}

static bool is_element(xmlNodePtr n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

/* Whether element n's attribute name is text. */
static bool attr_is(xmlNodePtr n, const char *name, const char *text)
{
	char *v = attr(n, name);
	bool is = v && strcmp(v, text) == 0;
	xmlFree(v);
	return is;
}

/* The <list> of the roster root that want names (its id, name or number in document order,
 * child forces counted), the first without want; NULL when none is. */
static xmlNodePtr find_list(xmlNodePtr root, const char *want, size_t *count)
{
	for (xmlNodePtr n = root->children; n; n = n->next) {
		if (!is_element(n, "list"))
			continue;
		char num[32];
		snprintf(num, sizeof(num), "%zu", ++*count);
		if (!want || strcmp(want, num) == 0 || attr_is(n, "id", want) || attr_is(n, "name", want))
			return n;
		xmlNodePtr in = find_list(n, want, count);
		if (in)
			return in;
	}
	return NULL;
}

/* The units of list l: each one's attribute name (id, then name), one a line. */
static void print_units(xmlNodePtr l, const char *name)
{
	for (xmlNodePtr n = l->children; n; n = n->next) {
		char *v = is_element(n, "unit") ? attr(n, name) : NULL;
		if (v)
			printf("%s\n", vis(v));
		xmlFree(v);
	}
}

/* The names of the entries of the units of list l that have no name of their own and whose
 * entry no other unit of the list has: the command takes a unit by its entry's name then. */
static void print_unit_entries(const struct system *sys, xmlNodePtr l)
{
	xmlHashTablePtr seen = xmlHashCreate(16);
	for (int pass = 0; pass < 2 && seen; pass++)
		for (xmlNodePtr n = l->children; n; n = n->next) {
			char *eid = is_element(n, "unit") ? attr(n, "entry") : NULL;
			char *label = eid ? attr(n, "name") : NULL;
			void *times = eid ? xmlHashLookup(seen, (const xmlChar *)eid) : NULL;
			const struct entry *e = eid ? system_entry(sys, eid) : NULL;
			if (eid && pass == 0)
				xmlHashUpdateEntry(seen, (const xmlChar *)eid,
				                   (void *)(times ? (uintptr_t)2 : (uintptr_t)1), NULL);
			else if (e && !label && times == (void *)(uintptr_t)1 && e->name)
				printf("%s\n", vis(e->name));
			xmlFree(label);
			xmlFree(eid);
		}
	xmlHashFree(seen, NULL);
}

/* The entries a unit of list l may take: those of its faction, every one without. */
static void print_addable(const struct system *sys, xmlNodePtr l)
{
	char *fid = attr(l, "faction");
	const struct group *g = fid ? system_group(sys, fid) : NULL;
	for (size_t c = 0; c < sys->n_catalogs && (g || !fid); c++)
		for (size_t i = 0; i < sys->catalogs[c]->n_entries; i++) {
			const struct entry *e = &sys->catalogs[c]->entries[i];
			if (!e->hidden && (!g || entry_in_group(e, g)))
				printf("%s\n", vis(e->id));
		}
	xmlFree(fid);
}

/* The entry of the unit of list l that word names: by id, by the name given to it, else by
 * its entry's id or name; NULL when none does. */
static const struct entry *unit_entry(const struct system *sys, xmlNodePtr l, const char *word)
{
	const struct entry *by_entry = NULL;
	for (int by_name = 0; by_name < 2; by_name++)
		for (xmlNodePtr n = l->children; n; n = n->next) {
			if (!is_element(n, "unit"))
				continue;
			char *eid = attr(n, "entry");
			const struct entry *e = eid ? system_entry(sys, eid) : NULL;
			xmlFree(eid);
			if (attr_is(n, by_name ? "name" : "id", word))
				return e;
			if (e && !by_entry && (strcmp(e->id, word) == 0 ||
			                       (e->name && strcmp(e->name, word) == 0)))
				by_entry = e;
		}
	return by_entry;
}

/* muster complete system|units|addable|unit-options FILE ...: names from a roster, read as
 * it stands (one being built need not be legal, nor even load). A file that does not parse
 * prints nothing. */
static int complete_roster(const char *what, int nargs, char **args)
{
	bool system = strcmp(what, "system") == 0, units = strcmp(what, "units") == 0;
	bool addable = strcmp(what, "addable") == 0, uopts = strcmp(what, "unit-options") == 0;
	int least = uopts ? 2 : 1, most = system ? 1 : least + 1;
	if (nargs < least || nargs > most)
		return cmd_usage_error(&cmd_complete_entry, _("complete %s takes %s"), what,
		                       system ? "FILE" : uopts ? "FILE UNIT [LIST]" : "FILE [LIST]");
	struct diags d = DIAGS_INIT;
	xmlDocPtr doc = xml_load_file(args[0], &d);
	diags_release(&d);
	xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
	char *sid = is_element(root, "roster") ? attr(root, "system") : NULL;
	size_t count = 0;
	xmlNodePtr l = sid ? find_list(root, nargs > least ? args[least] : NULL, &count) : NULL;
	if (sid && system)
		printf("%s\n", vis(sid));
	if (l && units) {
		print_units(l, "id");
		print_units(l, "name");
	}
	struct session *s = l && !system ? session_new() : NULL;
	const struct system *sys = s ? load(s, sid) : NULL;
	if (sys && units)
		print_unit_entries(sys, l);
	if (sys && addable)
		print_addable(sys, l);
	if (sys && uopts)
		print_options(unit_entry(sys, l, args[1]));
	session_free(s);
	xmlFree(sid);
	xml_doc_free(doc);
	return MUSTER_EXIT_OK;
}

/* muster complete flags [COMMAND]: the options of a command, or of muster itself. A command
 * that is not one prints nothing. */
static int complete_flags(int nargs, char **args)
{
	if (nargs == 0) {
		print_flags(cmd_global_options);
		return MUSTER_EXIT_OK;
	}
	bool ambiguous;
	const struct cmd_entry *cmd = cmd_find(args[0], &ambiguous);
	if (cmd) {
		print_flags(cmd->options);
		print_flags(cmd_common_options);
	}
	return MUSTER_EXIT_OK;
}

static int exec_complete(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_complete_entry;
	int ret;
	if (cmd_getopt(self, argc, argv, &ret) == 0)
		return ret;
	if (optind >= argc)
		return cmd_usage_error(self, "%s", _("complete takes what to list"));
	const char *what = argv[optind];
	int nargs = argc - optind - 1;
	if (strcmp(what, "commands") == 0) {
		for (const struct cmd_entry *const *c = cmd_table; *c; c++)
			if (!CMD_HIDDEN(*c))
				printf("%s\n", (*c)->name);
		return MUSTER_EXIT_OK;
	}
	if (strcmp(what, "systems") == 0) {
		char **ids = data_system_ids();
		for (char **p = ids; *p; p++)
			printf("%s\n", vis(*p));
		strv_free(ids);
		return MUSTER_EXIT_OK;
	}
	if (strcmp(what, "args") == 0) {
		if (nargs != 1)
			return cmd_usage_error(self, _("complete %s takes %s"), what, "COMMAND");
		bool ambiguous;
		const struct cmd_entry *cmd = cmd_find(argv[optind + 1], &ambiguous);
		if (cmd && cmd->args)
			printf("%s\n", cmd->args);
		return MUSTER_EXIT_OK;
	}
	if (strcmp(what, "flags") == 0) {
		if (nargs > 1)
			return cmd_usage_error(self, _("complete %s takes %s"), what, "[COMMAND]");
		return complete_flags(nargs, argv + optind + 1);
	}
	if (strcmp(what, "system") == 0 || strcmp(what, "units") == 0 ||
	    strcmp(what, "addable") == 0 || strcmp(what, "unit-options") == 0)
		return complete_roster(what, nargs, argv + optind + 1);
	bool factions = strcmp(what, "factions") == 0, entries = strcmp(what, "entries") == 0;
	bool options = strcmp(what, "options") == 0, sizes = strcmp(what, "sizes") == 0;
	bool fields = strcmp(what, "fields") == 0;
	if (!factions && !entries && !options && !sizes && !fields)
		return cmd_usage_error(self, _("unknown list '%s'"), what);
	if (nargs != (options ? 2 : 1))
		return cmd_usage_error(self, _("complete %s takes %s"), what,
		                       options ? "SYSTEM ENTRY" : "SYSTEM");
	struct session *s = session_new();
	const struct system *sys = load(s, argv[optind + 1]);
	if (sys && fields)
		print_fields(sys);
	for (size_t i = 0; sys && sizes && i < sys->n_sizes; i++)
		printf("%s\n", vis(sys->sizes[i].id));
	for (size_t c = 0; sys && c < sys->n_catalogs; c++) {
		const struct catalog *cat = sys->catalogs[c];
		for (size_t i = 0; factions && i < cat->n_groups; i++)
			printf("%s\n", vis(cat->groups[i].id));
		for (size_t i = 0; entries && i < cat->n_entries; i++)
			printf("%s\n", vis(cat->entries[i].id));
	}
	print_options(sys && options ? system_entry(sys, argv[optind + 2]) : NULL);
	session_free(s);
	return MUSTER_EXIT_OK;
}
