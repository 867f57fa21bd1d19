/* cmd-catalog.c - muster catalog: game systems, their factions, entries and cards
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "catalog.h"
#include "decimal.h"
#include "bs-read.h"
#include "cmd.h"
#include "lang.h"
#include "lang-table.h"
#include "data.h"
#include "export.h"
#include "session.h"
#include "system.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int exec_catalog(int argc, char **argv);

const struct cmd_entry cmd_catalog_entry = {
	"catalog",
	N_("[SYSTEM [ENTRY...]]"),
	N_("list game systems, a system's factions and entries, or entries' cards"),
	N_("With no argument, lists the game systems found on the data path.\n"
	   "With SYSTEM, lists its battle sizes, fields (the choices a new\n"
	   "roster makes), rules, factions and entries.\n"
	   "With SYSTEM and ENTRY ids, prints each entry's card.\n"),
	NULL,
	NULL,
	exec_catalog,
	"SYSTEM ENTRY...",
};

static int list_systems(struct session *s)
{
	char **ids = data_system_ids();
	int status = MUSTER_EXIT_OK;
	for (char **p = ids; *p; p++) {
		struct diags d = DIAGS_INIT;
		const struct system *sys = session_system(s, *p, &d);
		if (sys == NULL) {
			diags_print(&d, stderr, DIAG_TEXT);
			status = MUSTER_EXIT_TROUBLE;
		} else {
			size_t entries = 0;
			for (size_t i = 0; i < sys->n_catalogs; i++)
				entries += sys->catalogs[i]->n_entries;
			printf("%-14s %s (%s %s): ", vis(sys->id), vis(sys->name), _("revision"),
			       sys->revision ? vis(sys->revision) : "-");
			printf(ngettext("%zu rule", "%zu rules", sys->n_rules), sys->n_rules);
			fputs(", ", stdout);
			printf(ngettext("%zu catalog", "%zu catalogs", sys->n_catalogs), sys->n_catalogs);
			fputs(", ", stdout);
			printf(ngettext("%zu entry", "%zu entries", entries), entries);
			fputs("\n", stdout);
		}
		diags_release(&d);
	}
	if (ids[0] == NULL) {
		cmd_error("%s", _("no game systems found on the data path"));
		status = MUSTER_EXIT_TROUBLE;
	}
	strv_free(ids);
	return status;
}

/* Who comes under which group, in catalog order, found in one pass: scanning every group and
 * entry for each group's children made printing 20,000 groups take 6.8 s. Children of group i
 * are kid_groups[first_group[i] .. first_group[i + 1]), the same for entries. */
struct tree {
	size_t *first_group, *kid_groups;
	size_t *first_entry, *kid_entries;
	int id_width;  /* the id column's: 24, or the longest id up to ID_WIDTH_MAX */
};

/* A longer id (BattleScribe's link paths, "LINK::ENTRY", are 39) pushes its costs on. */
#define ID_WIDTH_MAX 40

static void bucket(size_t n_parents, size_t n, const size_t *parent_of, size_t **first,
                   size_t **kids)
{
	*first = xcalloc(n_parents + 2, sizeof(**first));
	*kids = xcalloc(n + 1, sizeof(**kids));
	for (size_t i = 0; i < n; i++)
		(*first)[parent_of[i] + 2]++;
	for (size_t p = 2; p < n_parents + 2; p++)
		(*first)[p] += (*first)[p - 1];
	for (size_t i = 0; i < n; i++)
		(*kids)[(*first)[parent_of[i] + 1]++] = i;
}

/* Builds t for cat; index n_groups stands for "no group" (the top level). */
static void tree_build(const struct catalog *cat, struct tree *t)
{
	size_t n = cat->n_groups > cat->n_entries ? cat->n_groups : cat->n_entries;
	size_t *parent_of = xcalloc(n + 1, sizeof(*parent_of));
	for (size_t i = 0; i < cat->n_groups; i++) {
		const struct group *p = cat->groups[i].parent;
		parent_of[i] = p ? (size_t)(p - cat->groups) : cat->n_groups;
	}
	bucket(cat->n_groups + 1, cat->n_groups, parent_of, &t->first_group, &t->kid_groups);
	for (size_t i = 0; i < cat->n_entries; i++) {
		const struct group *g = cat->entries[i].group;
		parent_of[i] = g ? (size_t)(g - cat->groups) : cat->n_groups;
	}
	bucket(cat->n_groups + 1, cat->n_entries, parent_of, &t->first_entry, &t->kid_entries);
	free(parent_of);
}

static void tree_free(struct tree *t)
{
	free(t->first_group);
	free(t->kid_groups);
	free(t->first_entry);
	free(t->kid_entries);
}

static void print_group(const struct system *sys, const struct catalog *cat,
                        const struct tree *t, size_t gi, int depth)
{
	const struct group *g = &cat->groups[gi];
	printf("%*s%s: %s [%s]%s\n", depth * 2, "", vis(sys->attrs[g->level].name), vis(g->name), vis(g->id),
	       g->example ? _(" (example)") : "");
	if (g->note)
		printf("%*s%s\n", depth * 2 + 2, "", vis(g->note));
	for (size_t k = t->first_group[gi]; k < t->first_group[gi + 1]; k++)
		print_group(sys, cat, t, t->kid_groups[k], depth + 1);
	for (size_t k = t->first_entry[gi]; k < t->first_entry[gi + 1]; k++) {
		const struct entry *e = &cat->entries[t->kid_entries[k]];
		const char *name = vis(e->name);
		size_t w = cmd_columns(name); /* a name's columns, not its bytes, fill 28 */
		/* A longer name has a line of its own: the id and costs stay in their columns. */
		if (w > 28)
			printf("%*s%s\n%*s", depth * 2 + 2, "", name, depth * 2 + 2 + 28, "");
		else
			printf("%*s%s%*s", depth * 2 + 2, "", name, (int)(28 - w), "");
		const char *id = vis(e->id);
		size_t iw = cmd_columns(id);
		printf(" %s%*s", id, iw < (size_t)t->id_width ? (int)(t->id_width - iw) : 0, "");
		for (size_t c = 0; c < sys->n_costs; c++) {
			const char *abbr = vis(sys->costs[c].abbr ? sys->costs[c].abbr : sys->costs[c].name);
			long per_unit = e->unit_costs ? e->unit_costs[c] : 0;
			unsigned sc = sys->costs[c].scale;
			char u[DEC_BUF], m[DEC_BUF];
			if (per_unit && e->costs[c]) /* a unit, each model */
				printf(" %s+%s %s", dec_format(per_unit, sc, u), dec_format(e->costs[c], sc, m),
				       abbr);
			else if (per_unit || e->costs[c])
				printf(" %s %s", dec_format(per_unit ? per_unit : e->costs[c], sc, u), abbr);
		}
		printf("%s\n", e->example ? _(" (example)") : "");
	}
}

/* Prints text with its white space collapsed, in lines of at most 79 columns (a longer word
 * stands alone), the first after `first`, the others indented by `indent` columns. Each word
 * is written visibly (vis): rules text comes from data files. */
static void print_wrapped(FILE *out, const char *first, int indent, const char *text)
{
	int col = fprintf(out, "%s", first);
	bool line_empty = true;
	const char *p = text;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '\0')
			break;
		size_t len = strcspn(p, " \t\n\r");
		char *word = xstrndup(p, len);
		const char *shown = vis(word);
		free(word);
		size_t n = strlen(shown);
		if (!line_empty && col + 1 + (int)n > 79) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
			line_empty = true;
		}
		if (!line_empty) {
			fputc(' ', out);
			col++;
		}
		fwrite(shown, 1, n, out);
		col += (int)n;
		line_empty = false;
		p += len;
	}
	fputc('\n', out);
}

void cmd_print_rules(const struct system *sys, FILE *out)
{
	for (size_t i = 0; i < sys->n_rules; i++) {
		const struct rule *r = sys->rules[i];
		char *bound = rule_describe_bound(sys, r);
		const char *ref = r->ref ? vis(r->ref) : "-";
		const char *text = r->description ? r->description : r->message;
		if (strlen(ref) < 8) {
			char head[16];
			snprintf(head, sizeof(head), "  %-8s", ref);
			print_wrapped(out, head, 10, text);
		} else {
			/* A ref as wide as its column or wider would run into the text
			 * ("noGeneralyou need a general"): it gets a line of its own. */
			fprintf(out, "  %s\n", ref);
			print_wrapped(out, "          ", 10, text);
		}
		char *b = xasprintf("%s %s [%s]", _("Bound:"), bound, r->id);
		print_wrapped(out, "          ", 12, b);
		free(b);
		free(bound);
	}
}

/* Prints the system's source, which may hold several lines (a book and its errata): each
 * line stripped of the XML's indentation and aligned under the first, never a literal "\n". */
static void print_source(const char *source)
{
	const char *fmt = _("Source: %s\n");
	const char *at = strstr(fmt, "%s");
	size_t indent = 0;
	for (const char *p = fmt; at && p < at; p++)
		indent += ((unsigned char)*p & 0xC0) != 0x80;
	struct strbuf text = STRBUF_INIT;
	const char *p = source;
	while (*p) {
		p += strspn(p, " \t\r");
		size_t len = strcspn(p, "\n");
		size_t n = len;
		while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
			n--;
		if (n > 0) {
			char *line = xstrndup(p, n);
			if (text.len > 0)
				strbuf_addf(&text, "\n%*s", (int)indent, "");
			strbuf_adds(&text, vis(line));
			free(line);
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	printf(_("Source: %s\n"), text.s ? text.s : "");
	strbuf_release(&text);
}

/* A BattleScribe system's forces, each under the force it stands in, with its categories. */
static void print_forces(const struct system *sys)
{
	printf("\n%s\n", _("Forces:"));
	for (size_t i = 0; i < sys->n_forces; i++) {
		const struct force_def *f = &sys->forces[i];
		int depth = 1;
		for (uint32_t u = f->up; u && depth < 64; u = sys->forces[u - 1].up)
			depth++;
		printf("%*s%s [%s]", depth * 2, "", vis(f->name), vis(f->id));
		for (size_t c = 0; c < f->n_cats; c++)
			printf("%s%s", c ? ", " : ": ", vis(sys->cats[f->cats[c]].name));
		printf("\n");
	}
}

/* What a BattleScribe system holds that Muster does not enforce yet, once. */
static void print_pending(const struct system *sys)
{
	const struct bs_data *bs = sys->bs;
	size_t nc = bs->counts[BS_CONSTRAINT];
	size_t nm = bs->counts[BS_MODIFIER] + bs->counts[BS_MODIFIER_GROUP];
	printf("\n");
	printf(ngettext("%zu constraint", "%zu constraints", nc), nc);
	printf(ngettext(" and %zu modifier are not enforced yet", " and %zu modifiers are not enforced yet", nm), nm);
	printf(" (");
	printf(ngettext("%zu condition", "%zu conditions", bs->counts[BS_CONDITION] + bs->counts[BS_CONDITION_GROUP]),
	       bs->counts[BS_CONDITION] + bs->counts[BS_CONDITION_GROUP]);
	printf(", ");
	printf(ngettext("%zu repeat", "%zu repeats", bs->counts[BS_REPEAT]), bs->counts[BS_REPEAT]);
	printf(").\n");
	printf(ngettext("%zu constraint is enforced as a rule", "%zu constraints are enforced as rules",
	                bs->enforced), bs->enforced);
	/* Why the others are not, in the order of their first record. */
	const char *seen[32];
	size_t n_seen = 0, tally[32] = { 0 };
	for (size_t i = 0; i < bs->n_pending; i++) {
		const char *w = bs->pending[i].why;
		if (bs->pending[i].kind != BS_CONSTRAINT || w == NULL)
			continue;
		size_t j = 0;
		while (j < n_seen && seen[j] != w)
			j++;
		if (j == n_seen && n_seen < 32)
			seen[n_seen++] = w;
		if (j < n_seen)
			tally[j]++;
	}
	for (size_t j = 0; j < n_seen; j++)
		printf("%s %s %zu", j ? "," : _("; not enforced:"), _(seen[j]), tally[j]);
	printf(".\n");
	printf(ngettext("The entries hold %zu option", "The entries hold %zu options", bs->options),
	       bs->options);
	printf(ngettext(", %zu of them made by links.\n", ", %zu of them made by links.\n", bs->linked),
	       bs->linked);
	if (bs->extra_profiles)
		printf(ngettext("%zu profile of an option beyond its first is not shown yet.\n",
		                "%zu profiles of options beyond their first are not shown yet.\n",
		                bs->extra_profiles),
		       bs->extra_profiles);
	if (bs->unknown_defaults)
		printf(ngettext("%zu group names a default that is none of its entries: it has no default.\n",
		                "%zu groups name a default that is none of their entries: they have no default.\n",
		                bs->unknown_defaults),
		       bs->unknown_defaults);
	if (bs->unknown_costs)
		printf(ngettext("%zu cost of a type the system does not declare is ignored.\n",
		                "%zu costs of types the system does not declare are ignored.\n",
		                bs->unknown_costs),
		       bs->unknown_costs);
	if (bs->n_left_out) {
		printf(ngettext("%zu catalogue is left out (see the warnings):",
		                "%zu catalogues are left out (see the warnings):", bs->n_left_out),
		       bs->n_left_out);
		for (size_t i = 0; i < bs->n_left_out; i++) {
			printf("%s %s", i ? "," : "", vis(bs->left_out[i].name));
			if (bs->left_out[i].id)
				printf(" [%s]", vis(bs->left_out[i].id));
		}
		printf(".\n");
	}
	if (bs->renamed_entries)
		printf(ngettext("%zu entry has an id an earlier catalogue's entry has: it is named CATALOGUE/ID.\n",
		                "%zu entries have ids earlier catalogues' entries have: they are named CATALOGUE/ID.\n",
		                bs->renamed_entries),
		       bs->renamed_entries);
}

/* What the system's <factions> says: where a list's units may come from, and its allies. */
static void print_factions(const struct system *sys)
{
	const struct faction_def *f = sys->factions;
	printf("\n%s\n  %-7s ", _("Factions:"), f->ref ? vis(f->ref) : "");
	if (!f->own) {
		printf("%s\n", _("A list may take units of any faction."));
		return;
	}
	const char *level = f->level < sys->n_attrs ? sys->attrs[f->level].name : _("faction");
	printf(f->n_allies ? _("A list takes units of its own %s and of its allies only.\n")
	                   : _("A list takes units of its own %s only.\n"),
	       vis(level));
	if (f->warn)
		printf("          %s\n", _("A unit of another is a warning, not an error."));
	for (size_t i = 0; i < f->n_allies; i++) {
		const struct faction_ally *a = &f->allies[i];
		printf("          %s [%s]: ", vis(a->faction->name), vis(a->faction->id));
		if (a->of)
			printf(_("an ally of lists of %s [%s]\n"), vis(a->of->name), vis(a->of->id));
		else
			printf("%s\n", _("an ally of every list"));
	}
}

/* The choices a roster or a list makes ('muster new --field=NAME=VALUE'): each field with
 * where it stands, the values it takes and its default. */
static void print_fields(const struct system *sys)
{
	printf("\n%s\n", _("Fields (muster new --field=NAME=VALUE):"));
	for (size_t i = 0; i < sys->n_fields; i++) {
		const struct field_def *f = &sys->fields[i];
		printf("  %-18s %s\n  %-18s %s; ", vis(f->id), vis(f->name ? f->name : f->id), "",
		       f->scope == FIELD_ROSTER ? _("of the roster") : _("of each list"));
		if (f->type == ATTR_CHOICE) {
			for (size_t c = 0; c < f->n_choices; c++)
				printf("%s%s", c ? ", " : "", vis(f->choices[c].id));
			if (f->def >= 0 && (size_t)f->def < f->n_choices)
				printf(_(" (default %s)"), vis(f->choices[f->def].id));
		} else if (f->type == ATTR_BOOL) {
			printf(_("true or false (default %s)"), f->def ? "true" : "false");
		} else {
			printf(_("a whole number (default %ld)"), f->def);
		}
		printf("\n");
	}
}

static void show_system(const struct system *sys)
{
	printf("%s [%s]%s%s\n", vis(sys->name), vis(sys->id), sys->revision ? _(", revision ") : "",
	       sys->revision ? vis(sys->revision) : "");
	if (sys->description)
		print_wrapped(stdout, "", 0, sys->description);
	if (sys->source)
		print_source(sys->source);
	if (sys->n_sizes) {
		printf("\n%s\n", _("Battle sizes:"));
		for (size_t i = 0; i < sys->n_sizes; i++) {
			const struct size_def *s = &sys->sizes[i];
			char buf[DEC_BUF];
			printf("  %-18s %-20s", vis(s->id), vis(s->name));
			bool any = false;
			for (size_t c = 0; c < sys->n_costs; c++)
				if (s->limits[c] >= 0) {
					printf(" %s %s", dec_format(s->limits[c], sys->costs[c].scale, buf),
					       vis(sys->costs[c].abbr ? sys->costs[c].abbr : sys->costs[c].name));
					any = true;
				}
			for (size_t f = 0; f < s->n_facts; f++, any = true)
				printf("%s %s %s", any ? ";" : "", vis(s->facts[f].name), vis(s->facts[f].value));
			printf("\n");
		}
	}
	if (sys->n_fields)
		print_fields(sys);
	if (sys->n_forces)
		print_forces(sys);
	if (sys->bs)
		print_pending(sys);
	if (sys->factions)
		print_factions(sys);
	if (sys->bs == NULL || sys->n_rules) {
		printf("\n%s\n", _("Rules:"));
		cmd_print_rules(sys, stdout);
	}
	for (size_t c = 0; c < sys->n_catalogs; c++) {
		const struct catalog *cat = sys->catalogs[c];
		printf("\n%s %s (%s)\n", _("Catalog"), vis(cat->name ? cat->name : cat->id), vis(cat->file));
		struct tree t;
		tree_build(cat, &t);
		t.id_width = 24;
		for (size_t i = 0; i < cat->n_entries; i++) {
			size_t w = cmd_columns(vis(cat->entries[i].id));
			if (w > (size_t)t.id_width && w <= ID_WIDTH_MAX)
				t.id_width = (int)w;
		}
		size_t top = cat->n_groups;
		for (size_t k = t.first_group[top]; k < t.first_group[top + 1]; k++)
			print_group(sys, cat, &t, t.kid_groups[k], 1);
		tree_free(&t);
	}
}

/* The one entry of the system called name (BattleScribe's ids are opaque: names come first),
 * or NULL; -1 naming each when several are. */
static int entry_by_name(const struct system *sys, const char *name, const struct entry **out)
{
	size_t n = 0;
	struct strbuf ids = STRBUF_INIT;
	for (size_t c = 0; c < sys->n_catalogs; c++)
		for (size_t i = 0; i < sys->catalogs[c]->n_entries; i++) {
			const struct entry *e = &sys->catalogs[c]->entries[i];
			if (strcmp(e->name, name) != 0)
				continue;
			if (n++ == 0)
				*out = entry_made(e);
			strbuf_addf(&ids, "%s%s (%s)", n > 1 ? ", " : "", vis(e->id),
			            vis(e->catalog->name ? e->catalog->name : e->catalog->id));
		}
	if (n > 1) {
		cmd_error(_("system '%s' has %zu entries called '%s': name one by id: %s"), sys->id, n,
		          name, ids.s);
		*out = NULL;
	}
	strbuf_release(&ids);
	return n > 1 ? -1 : 0;
}

static int exec_catalog(int argc, char **argv)
{
	const struct cmd_entry *self = &cmd_catalog_entry;
	int ret;
	if (cmd_getopt(self, argc, argv, &ret) == 0)
		return ret;
	struct session *s = session_new();
	if (optind >= argc) {
		int rc = list_systems(s);
		session_free(s);
		return rc;
	}
	struct diags d = DIAGS_INIT;
	const struct system *sys = session_system(s, argv[optind], &d);
	if (sys == NULL) {
		diags_print(&d, stderr, DIAG_TEXT);
		diags_release(&d);
		session_free(s);
		return MUSTER_EXIT_TROUBLE;
	}
	int status = MUSTER_EXIT_OK;
	/* Warnings of loading (a BattleScribe group's default that is none of its entries), and
	 * the catalogues left out, which only this command and the rosters using them tell. */
	bs_left_out_warn(sys, &d);
	diags_print(&d, stderr, DIAG_TEXT);
	if (optind + 1 >= argc) {
		show_system(sys);
	} else {
		for (int i = optind + 1; i < argc; i++) {
			const struct entry *e = system_entry(sys, argv[i]);
			if (e == NULL && entry_by_name(sys, argv[i], &e) != 0) {
				status = MUSTER_EXIT_TROUBLE;
				continue;
			}
			if (e == NULL) {
				struct strbuf dym = STRBUF_INIT;
				system_describe_unknown(sys, KNOWN_ENTRY, argv[i], &dym);
				cmd_error(_("system '%s' has no entry '%s'%s"), sys->id, argv[i], dym.s ? dym.s : "");
				strbuf_release(&dym);
				status = MUSTER_EXIT_TROUBLE;
				continue;
			}
			struct strbuf sb = STRBUF_INIT, shown = STRBUF_INIT;
			export_card(sys, e, &sb);
			/* Names come from data files: no control character reaches the terminal. */
			strbuf_add_visible_text(&shown, sb.s);
			printf("%s%s", i > optind + 1 ? "\n" : "", shown.s);
			strbuf_release(&shown);
			strbuf_release(&sb);
		}
	}
	session_free(s);
	diags_release(&d);
	return status;
}
