/* bslint.c - muster lint: BattleScribe's ids, links and conditions checked across a directory
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * One pass over the files records, for each game system (a catalogue's gameSystemId), every
 * id defined, every id named (links, childId, scope, field), the shared entries, the max
 * constraints and the ids modifiers change; a second pass over these records, with one hash
 * lookup each, reports what names nothing, what nothing links to and what can never hold.
 * Muster's own XML is checked against its built-in schema.
 */
#include "muster.h"
#include "bslint.h"
#include "data.h"
#include "idx.h"
#include "schemas.h"
#include "util.h"
#include "xml.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LINT_NS_SYSTEM "http://www.battlescribe.net/schema/gameSystemSchema"
#define LINT_NS_CATALOGUE "http://www.battlescribe.net/schema/catalogueSchema"

enum {
	K_ENTRY = 1 << 0, K_GROUP = 1 << 1, K_PROFILE = 1 << 2, K_RULE = 1 << 3,
	K_INFOGROUP = 1 << 4, K_CATEGORY = 1 << 5, K_FORCE = 1 << 6, K_COST = 1 << 7,
	K_PTYPE = 1 << 8, K_CHAR = 1 << 9, K_CONSTRAINT = 1 << 10, K_CATALOGUE = 1 << 11,
	K_SYSTEM = 1 << 12, K_OTHER = 1 << 13, K_ANY = (1 << 14) - 1,
};

static const struct {
	const char *el;
	unsigned kind;
} kinds[] = {
	{ "selectionEntry", K_ENTRY }, { "selectionEntryGroup", K_GROUP },
	{ "profile", K_PROFILE }, { "rule", K_RULE }, { "infoGroup", K_INFOGROUP },
	{ "categoryEntry", K_CATEGORY }, { "forceEntry", K_FORCE }, { "costType", K_COST },
	{ "profileType", K_PTYPE }, { "characteristicType", K_CHAR },
	{ "constraint", K_CONSTRAINT }, { "catalogue", K_CATALOGUE }, { "gameSystem", K_SYSTEM },
};

/* An id defined: where first, of which kinds (all its definitions'), whether a link names it. */
struct def {
	const char *file;
	long line;
	unsigned kind;
	bool linked;
};

/* An id named: by element el's attribute attr, which wants an id of kinds want. */
struct ref {
	const char *file;
	long line;
	const char *el, *attr;
	const char *key;   /* "SYSTEM\nID" */
	unsigned want;
	bool link;         /* a link: lint-dangling-link, and it marks its target linked */
	const char *cat;   /* the key of the catalogue (or game system) it stands in, or NULL */
};

/* A catalogueLink: from the catalogue of key from (NULL: a file with no id) to key to. */
struct clink {
	const char *from, *to;
	const char *file;
	long line;
	const char *name;  /* its name attribute, or NULL */
};

/* A catalogue no file of the directory is, that catalogue links name: one finding for it and
 * for what names nothing in the catalogues that reach it by their links (its ids, likely). */
struct missing {
	const struct clink *first;  /* the first link to it */
	size_t n_links, n_broken;
	const char *bfile;          /* the first of those names */
	long bline;
};

/* The catalogue links to a catalogue, by its key (struct lint.rev). */
struct rnode {
	const struct clink *c;
	struct rnode *next;
};

/* A shared entry, group, profile, rule or info group, to be linked. */
struct shared {
	const char *file;
	long line;
	const char *el;
	const char *key;
	const char *label; /* its name, or its id */
};

/* A max constraint on the selections of an entry in the roster or a force. */
struct maxc {
	double value;
	const char *file;
	long line;
	const char *key;   /* the constraint's own id, "SYSTEM\nID": a modifier may change it */
};

/* A condition that counts at least a number of an entry's selections (deferred check). */
struct cond {
	const char *file;
	long line;
	const char *key;   /* "SYSTEM\nCHILD\nSCOPE\nINCLUDE" */
	const char *type;  /* a static string */
	double v;
};

/* A group's defaultSelectionEntryId that names no entry of the group (deferred: the id may
 * be defined in a file read later, which the finding then names). */
struct dflt {
	const char *file;
	long line;
	const char *label; /* the group's name, or its id */
	const char *key;   /* "SYSTEM\nID" of the default */
};

struct lint {
	struct diags *d;
	struct arena pool;
	struct idx *defs, *maxes, *modified, *names;
	struct ref *refs;
	size_t n_refs, cap_refs;
	struct shared *shared;
	size_t n_shared, cap_shared;
	struct cond *conds;
	size_t n_conds, cap_conds;
	struct clink *clinks;
	size_t n_clinks, cap_clinks;
	struct dflt *dflts;
	size_t n_dflts, cap_dflts;
	const char *cur_cat;   /* the key of the file being read (its root's id), or NULL */
};

/* The value of attribute name of n, without a copy; NULL when it has none. */
static const char *attr(xmlNodePtr n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(n, (const xmlChar *)name);
	if (a == NULL || a->type != XML_ATTRIBUTE_NODE)
		return NULL;
	if (a->children == NULL)
		return "";
	if (a->children->type != XML_TEXT_NODE || a->children->next != NULL)
		return "";
	return (const char *)a->children->content;
}

static bool is(const char *s, const char *t)
{
	return s && strcmp(s, t) == 0;
}

static bool in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(s, *list) == 0)
			return true;
	return false;
}

static const char *key2(struct lint *L, const char *sys, const char *id)
{
	size_t a = strlen(sys), b = strlen(id);
	char *k = arena_alloc(&L->pool, a + b + 2, 1);
	memcpy(k, sys, a);
	k[a] = '\n';
	memcpy(k + a + 1, id, b);
	return k;
}

/* The id part of a key made by key2. */
static const char *key_id(const char *key)
{
	const char *nl = strchr(key, '\n');
	return nl ? nl + 1 : key;
}

static void finding(struct lint *L, enum severity sev, const char *file, long line,
                    const char *code, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void finding(struct lint *L, enum severity sev, const char *file, long line,
                    const char *code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diags_add(L->d, sev, file, line, 0, code, NULL, "%s", msg);
	free(msg);
}

/* A BattleScribe decimal; false when s is none. */
static bool number(const char *s, double *v)
{
	if (s == NULL || *s == '\0' || strlen(s) > 40)
		return false;
	char *end;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v);
}

/* n's name, kept past its document (one copy per name). */
static const char *el_name(struct lint *L, xmlNodePtr n)
{
	const char *name = (const char *)n->name;
	const char *kept = idx_get(L->names, name);
	if (kept == NULL) {
		kept = arena_strndup(&L->pool, name, strlen(name));
		idx_add(L->names, name, (void *)kept);
	}
	return kept;
}

static void define(struct lint *L, const char *file, xmlNodePtr n, const char *sys,
                   const char *id)
{
	unsigned kind = K_OTHER;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp((const char *)n->name, kinds[i].el) == 0)
			kind = kinds[i].kind;
	const char *key = key2(L, sys, id);
	struct def *old = idx_get(L->defs, key);
	long line = xml_line(n);
	if (old == NULL) {
		struct def *df = arena_alloc(&L->pool, 1, sizeof(*df));
		*df = (struct def){ file, line, kind, false };
		idx_add(L->defs, key, df);
		return;
	}
	/* A link's, a modifier's or a condition's own id said twice names nothing by it. */
	if (kind != K_OTHER && (old->kind & ~(unsigned)K_OTHER)) {
		/* A constraint copied with its id is common, and a modifier naming that id then
		 * changes each copy: a warning; any other definition twice is an error. */
		if (old->file == file)
			finding(L, kind == K_CONSTRAINT ? SEV_WARNING : SEV_ERROR, file, line,
			        "lint-duplicate-id",
			        _("%s \"%s\" is defined twice in this file (first at line %ld)"),
			        (const char *)n->name, id, old->line);
		else
			finding(L, SEV_WARNING, file, line, "lint-id-collision",
			        _("%s \"%s\" is also defined at %s:%ld"), (const char *)n->name, id,
			        old->file, old->line);
	}
	old->kind |= kind;
}

static void name_id(struct lint *L, const char *file, xmlNodePtr n, const char *sys,
                    const char *at, const char *id, unsigned want, bool link)
{
	GROW(L->refs, L->cap_refs, L->n_refs + 1);
	L->refs[L->n_refs++] = (struct ref){ file, xml_line(n), el_name(L, n), at,
	                                     key2(L, sys, id), want, link, L->cur_cat };
}

static void need(struct lint *L, const char *file, xmlNodePtr n, const char *const *names)
{
	for (; *names; names++)
		if (attr(n, *names) == NULL)
			finding(L, SEV_ERROR, file, xml_line(n), "lint-missing-attribute",
			        _("%s has no %s attribute"), (const char *)n->name, *names);
}

/* The ids of a link, and the attributes an element must have. */
static void check_shape(struct lint *L, const char *file, xmlNodePtr n, const char *sys)
{
	static const char *const link_attrs[] = { "targetId", NULL };
	static const char *const def_attrs[] = { "id", "name", NULL };
	static const char *const con_attrs[] = { "id", "type", "value", "field", "scope", NULL };
	/* instanceOf and notInstanceOf take no value: they start at its second name. */
	static const char *const cond_attrs[] = { "value", "type", "field", "scope", "childId",
	                                          NULL };
	static const char *const rep_attrs[] = { "value", "repeats", "field", "scope", "childId",
	                                         NULL };
	static const char *const mod_attrs[] = { "type", "field", NULL };
	static const struct {
		const char *el;
		unsigned want;
	} links[] = {
		{ "entryLink", K_ENTRY | K_GROUP },
		{ "infoLink", K_PROFILE | K_RULE | K_INFOGROUP },
		{ "categoryLink", K_CATEGORY },
		{ "catalogueLink", K_CATALOGUE },
	};
	const char *name = (const char *)n->name;
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		if (strcmp(name, links[i].el) == 0) {
			need(L, file, n, link_attrs);
			const char *t = attr(n, "targetId");
			if (t && *t)
				name_id(L, file, n, sys, "targetId", t, links[i].want, true);
			if (t && *t && links[i].want == K_CATALOGUE) {
				const char *nm = attr(n, "name");
				GROW(L->clinks, L->cap_clinks, L->n_clinks + 1);
				L->clinks[L->n_clinks++] = (struct clink){
					L->cur_cat, L->refs[L->n_refs - 1].key, file, xml_line(n),
					nm && *nm ? arena_strndup(&L->pool, nm, strlen(nm)) : NULL };
			}
			return;
		}
	const char *type = attr(n, "type");
	if (strcmp(name, "constraint") == 0)
		need(L, file, n, con_attrs);
	else if (strcmp(name, "condition") == 0)
		need(L, file, n, cond_attrs + (is(type, "instanceOf") || is(type, "notInstanceOf")));
	else if (strcmp(name, "repeat") == 0)
		need(L, file, n, rep_attrs);
	else if (strcmp(name, "modifier") == 0)
		need(L, file, n, mod_attrs);
	else
		for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
			if (kinds[i].kind < K_CONSTRAINT && strcmp(name, kinds[i].el) == 0)
				need(L, file, n, def_attrs);
}

/* childId, scope and field of a constraint, condition, repeat or modifier: a word of the
 * language or an id. */
static void check_names(struct lint *L, const char *file, xmlNodePtr n, const char *sys)
{
	static const char *const child_words[] = { "any", "model", "unit", "upgrade", "mount",
	                                           "crew", NULL };
	static const char *const scope_words[] = { "self", "parent", "ancestor", "force", "roster",
	                                           "primary-category", "primary-catalogue",
	                                           "root-entry", "unit", "model", "model-or-unit",
	                                           "upgrade", NULL };
	static const char *const field_words[] = { "selections", "forces", NULL };
	static const char *const mod_words[] = { "name", "hidden", "category", "annotation",
	                                         "page", "description", "publicationId", "error",
	                                         "warning", "info", "readme", "defaultAmount",
	                                         "defaultSelectionEntryId", NULL };
	const char *name = (const char *)n->name;
	bool mod = strcmp(name, "modifier") == 0;
	if (!mod && strcmp(name, "constraint") != 0 && strcmp(name, "condition") != 0 &&
	    strcmp(name, "repeat") != 0)
		return;
	const char *child = attr(n, "childId"), *scope = attr(n, "scope");
	const char *field = attr(n, "field");
	if (child && *child && !in_list(child, child_words))
		name_id(L, file, n, sys, "childId", child, K_ANY, false);
	if (scope && *scope && !in_list(scope, scope_words))
		name_id(L, file, n, sys, "scope", scope, K_ANY, false);
	if (field && strncmp(field, "limit::", 7) == 0 && field[7])
		name_id(L, file, n, sys, "field", field + 7, K_ANY, false);
	else if (field && *field && !in_list(field, mod ? mod_words : field_words))
		name_id(L, file, n, sys, "field", field, K_ANY, false);
	if (mod && field && *field)
		idx_add(L->modified, key2(L, sys, field), L);
	const char *type = attr(n, "type"), *value = attr(n, "value");
	if (mod && is(field, "category") && value && *value &&
	    (is(type, "add") || is(type, "remove") || is(type, "set-primary") ||
	     is(type, "unset-primary")))
		name_id(L, file, n, sys, "value", value, K_CATEGORY, false);
	if (mod && is(field, "defaultSelectionEntryId") && value && *value)
		name_id(L, file, n, sys, "value", value, K_ANY, false); /* a group's entry or link */
}

/* A max constraint on the selections of the entry or group it sits in, roster- or force-wide,
 * counted across every instance (shared): what a condition on the same count is held to. */
static void note_max(struct lint *L, const char *file, xmlNodePtr n, const char *sys)
{
	const char *id = attr(n, "id"), *scope = attr(n, "scope");
	double v;
	if (!is(attr(n, "type"), "max") || !is(attr(n, "field"), "selections") || id == NULL ||
	    !(is(scope, "roster") || is(scope, "force")) || !is(attr(n, "shared"), "true") ||
	    is(attr(n, "percentValue"), "true") || !number(attr(n, "value"), &v) || v < 0)
		return;
	xmlNodePtr owner = n->parent ? n->parent->parent : NULL;
	if (owner == NULL || owner->type != XML_ELEMENT_NODE ||
	    !(xml_is(owner, "selectionEntry") || xml_is(owner, "selectionEntryGroup")))
		return;
	const char *eid = attr(owner, "id");
	if (eid == NULL)
		return;
	const char *inc = is(attr(n, "includeChildSelections"), "true") ? "1" : "0";
	char *k = xasprintf("%s\n%s\n%s\n%s", sys, eid, scope, inc);
	struct maxc *old = idx_get(L->maxes, k);
	if (old == NULL || v < old->value) {
		struct maxc *m = old ? old : arena_alloc(&L->pool, 1, sizeof(*m));
		*m = (struct maxc){ v, file, xml_line(n), key2(L, sys, id) };
		if (old == NULL)
			idx_add(L->maxes, k, m);
	}
	free(k);
}

/* A condition on a count: what can never hold is said now (a count is never negative, a share
 * never above 100%); one asking for more than a max constraint allows is kept for the end. */
static void check_condition(struct lint *L, const char *file, xmlNodePtr n, const char *sys)
{
	const char *type = attr(n, "type"), *value = attr(n, "value"), *field = attr(n, "field");
	double v;
	if (type == NULL || value == NULL)
		return;
	if (!number(value, &v)) {
		finding(L, SEV_ERROR, file, xml_line(n), "lint-bad-value",
		        _("%s value=\"%s\" is not a number"), (const char *)n->name, value);
		return;
	}
	if (!xml_is(n, "condition") || !(is(field, "selections") || is(field, "forces")))
		return;
	bool pc = is(attr(n, "percentValue"), "true");
	if ((is(type, "lessThan") && v <= 0) || ((is(type, "atMost") || is(type, "equalTo")) &&
	                                        v < 0)) {
		finding(L, SEV_WARNING, file, xml_line(n), "lint-never-true",
		        _("the condition %s %s can never hold: a count is never below 0"), type, value);
		return;
	}
	if (pc && ((is(type, "greaterThan") && v >= 100) ||
	           ((is(type, "atLeast") || is(type, "equalTo")) && v > 100))) {
		finding(L, SEV_WARNING, file, xml_line(n), "lint-never-true",
		        _("the condition %s %s%% can never hold: a share is never above 100%%"), type,
		        value);
		return;
	}
	const char *child = attr(n, "childId"), *scope = attr(n, "scope");
	if (pc || !is(field, "selections") || child == NULL || scope == NULL ||
	    !(is(type, "atLeast") || is(type, "equalTo") || is(type, "greaterThan")))
		return;
	const char *inc = is(attr(n, "includeChildSelections"), "true") ? "1" : "0";
	char *k = xasprintf("%s\n%s\n%s\n%s", sys, child, scope, inc);
	GROW(L->conds, L->cap_conds, L->n_conds + 1);
	L->conds[L->n_conds++] = (struct cond){ file, xml_line(n), arena_strndup(&L->pool, k,
	                                        strlen(k)), is(type, "greaterThan") ? "greaterThan"
	                                        : is(type, "atLeast") ? "atLeast" : "equalTo", v };
	free(k);
}

static void check_number(struct lint *L, const char *file, xmlNodePtr n)
{
	double v;
	const char *value = attr(n, "value");
	if ((xml_is(n, "constraint") || xml_is(n, "repeat")) && value && !number(value, &v))
		finding(L, SEV_ERROR, file, xml_line(n), "lint-bad-value",
		        _("%s value=\"%s\" is not a number"), (const char *)n->name, value);
}

/* Whether group g holds an entry or entry link of id id, or a link whose target it is, in its
 * own lists or those of the groups nested in it (not in its entries' own groups): what a
 * defaultSelectionEntryId may name. The reader caps the depth, so each group's check walks at
 * most its own nested groups' lists. */
static bool group_holds(xmlNodePtr g, const char *id)
{
	for (xmlNodePtr list = xml_first_elem(g); list; list = xml_next_elem(list)) {
		bool entries = xml_is(list, "selectionEntries"), links = xml_is(list, "entryLinks");
		bool groups = xml_is(list, "selectionEntryGroups");
		if (!entries && !links && !groups)
			continue;
		for (xmlNodePtr k = xml_first_elem(list); k; k = xml_next_elem(k)) {
			if (entries && xml_is(k, "selectionEntry") && is(attr(k, "id"), id))
				return true;
			if (links && xml_is(k, "entryLink") &&
			    (is(attr(k, "id"), id) || is(attr(k, "targetId"), id)))
				return true;
			if (groups && xml_is(k, "selectionEntryGroup") && group_holds(k, id))
				return true;
		}
	}
	return false;
}

/* A group's default that is none of its entries: BattleScribe drops it at load, so the group
 * has no default. "none" is what BattleScribe's editor writes for no default. */
static void check_default(struct lint *L, const char *file, xmlNodePtr g, const char *sys)
{
	const char *def = attr(g, "defaultSelectionEntryId");
	if (def == NULL || *def == '\0' || strcmp(def, "none") == 0 || group_holds(g, def))
		return;
	const char *name = attr(g, "name"), *id = attr(g, "id");
	const char *label = name && *name ? name : id ? id : "";
	GROW(L->dflts, L->cap_dflts, L->n_dflts + 1);
	L->dflts[L->n_dflts++] = (struct dflt){ file, xml_line(g),
	                                        arena_strndup(&L->pool, label, strlen(label)),
	                                        key2(L, sys, def) };
}

static void walk_bs(struct lint *L, const char *file, xmlNodePtr parent, const char *sys)
{
	static const char *const shared_lists[] = { "sharedSelectionEntries",
	                                            "sharedSelectionEntryGroups", "sharedProfiles",
	                                            "sharedRules", "sharedInfoGroups", NULL };
	bool sharing = in_list((const char *)parent->name, shared_lists);
	for (xmlNodePtr n = xml_first_elem(parent); n; n = xml_next_elem(n)) {
		const char *id = attr(n, "id");
		if (id && *id)
			define(L, file, n, sys, id);
		check_shape(L, file, n, sys);
		check_names(L, file, n, sys);
		check_number(L, file, n);
		if (xml_is(n, "constraint"))
			note_max(L, file, n, sys);
		else if (xml_is(n, "condition"))
			check_condition(L, file, n, sys);
		else if (xml_is(n, "selectionEntryGroup"))
			check_default(L, file, n, sys);
		if (sharing && id && *id) {
			const char *label = attr(n, "name");
			GROW(L->shared, L->cap_shared, L->n_shared + 1);
			L->shared[L->n_shared++] = (struct shared){
				file, xml_line(n), el_name(L, n), key2(L, sys, id),
				arena_strndup(&L->pool, label && *label ? label : id,
				              strlen(label && *label ? label : id)) };
		}
		walk_bs(L, file, n, sys);
	}
}

/* The diagnostics of a file that did not load or validate, as findings of code. */
static void take_diags(struct lint *L, const struct diags *tmp, const char *file,
                       const char *code)
{
	for (size_t i = 0; i < tmp->n; i++) {
		const struct diag *g = &tmp->v[i];
		diags_add(L->d, SEV_ERROR, g->file ? g->file : file, g->line, 0, code, NULL, "%s",
		          g->msg);
	}
}

static void lint_muster(struct lint *L, const char *file, xmlDocPtr doc, xmlNodePtr root,
                        struct schemas *sc)
{
	static const struct {
		const char *el, *ns;
		enum schema_kind k;
	} roots[] = {
		{ "system", NS_RULES, SCHEMA_RULES }, { "catalog", NS_CATALOG, SCHEMA_CATALOG },
		{ "roster", NS_ROSTER, SCHEMA_ROSTER }, { "event", NS_EVENT, SCHEMA_EVENT },
	};
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		if (!xml_is(root, roots[i].el) || root->ns == NULL ||
		    strcmp((const char *)root->ns->href, roots[i].ns) != 0)
			continue;
		struct diags tmp = DIAGS_INIT;
		const struct xml_schema *xs = schemas_get(sc, roots[i].k, &tmp);
		if (xs)
			xml_schema_validate(xs, doc, file, &tmp);
		take_diags(L, &tmp, file, "lint-schema");
		diags_release(&tmp);
		return;
	}
	finding(L, SEV_ERROR, file, xml_line(root), "lint-root",
	        _("the root element <%s> is no game system or catalogue, BattleScribe's or "
	          "Muster's"), (const char *)root->name);
}

static void lint_file(struct lint *L, const char *file, struct schemas *sc)
{
	struct diags tmp = DIAGS_INIT;
	L->cur_cat = NULL;
	xmlDocPtr doc = xml_load_file(file, &tmp);
	if (doc == NULL) {
		take_diags(L, &tmp, file, "lint-xml");
		diags_release(&tmp);
		return;
	}
	diags_release(&tmp);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	const char *ns = root && root->ns ? (const char *)root->ns->href : "";
	if (root && xml_is(root, "gameSystem") && strcmp(ns, LINT_NS_SYSTEM) == 0) {
		const char *sys = attr(root, "id");
		sys = arena_strndup(&L->pool, sys ? sys : "", strlen(sys ? sys : ""));
		if (*sys)
			define(L, file, root, sys, sys);
		L->cur_cat = *sys ? key2(L, sys, sys) : NULL;
		walk_bs(L, file, root, sys);
	} else if (root && xml_is(root, "catalogue") && strcmp(ns, LINT_NS_CATALOGUE) == 0) {
		const char *sys = attr(root, "gameSystemId"), *id = attr(root, "id");
		sys = arena_strndup(&L->pool, sys ? sys : "", strlen(sys ? sys : ""));
		if (*sys)
			name_id(L, file, root, sys, "gameSystemId", sys, K_SYSTEM, false);
		else
			finding(L, SEV_ERROR, file, xml_line(root), "lint-missing-attribute",
			        _("%s has no %s attribute"), "catalogue", "gameSystemId");
		if (id && *id)
			define(L, file, root, sys, id);
		L->cur_cat = id && *id ? key2(L, sys, id) : NULL;
		walk_bs(L, file, root, sys);
	} else if (root) {
		lint_muster(L, file, doc, root, sc);
	}
	xml_doc_free(doc);
}

/* The catalogues that catalogue links name and no file is, into missing (its key -> struct
 * missing) and v (in the order of their first link; *n_out of them); each catalogue that
 * reaches one by its links into near (its key -> the nearest one's struct missing), breadth
 * first from those that link one: each key once, so the work grows with the links. */
static struct missing **find_missing(struct lint *L, struct idx *missing, struct idx *near,
                                     size_t *n_out)
{
	struct missing **v = xcalloc(L->n_clinks + 1, sizeof(*v));
	const char **q = xcalloc(L->n_clinks + 1, sizeof(*q)); /* each a link's from, once */
	size_t n = 0, nq = 0;
	struct idx *rev = idx_new(); /* a catalogue's key -> the links to it */
	for (size_t i = 0; i < L->n_clinks; i++) {
		const struct clink *c = &L->clinks[i];
		if (idx_get(L->defs, c->to)) {
			struct rnode **head = idx_get(rev, c->to);
			if (head == NULL) {
				head = arena_alloc(&L->pool, 1, sizeof(*head));
				*head = NULL;
				idx_add(rev, c->to, head);
			}
			struct rnode *r = arena_alloc(&L->pool, 1, sizeof(*r));
			*r = (struct rnode){ c, *head };
			*head = r;
			continue;
		}
		struct missing *m = idx_get(missing, c->to);
		if (m == NULL) {
			m = arena_alloc(&L->pool, 1, sizeof(*m));
			*m = (struct missing){ c, 0, 0, NULL, 0 };
			idx_add(missing, c->to, m);
			v[n++] = m;
		}
		m->n_links++;
		if (c->from && idx_add(near, c->from, m) == 0)
			q[nq++] = c->from;
	}
	for (size_t h = 0; h < nq; h++) {
		struct missing *m = idx_get(near, q[h]);
		struct rnode **head = idx_get(rev, q[h]);
		for (struct rnode *r = head ? *head : NULL; r; r = r->next)
			if (r->c->from && idx_add(near, r->c->from, m) == 0)
				q[nq++] = r->c->from;
	}
	idx_free(rev);
	free(q);
	*n_out = n;
	return v;
}

/* One error for each missing catalogue, at the first link to it. */
static void report_missing(struct lint *L, struct missing **v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct missing *m = v[i];
		char *named = m->first->name ? xasprintf(" (\"%s\")", m->first->name) : xstrdup("");
		char *links = xasprintf(ngettext("%zu catalogue link names it",
		                                 "%zu catalogue links name it", m->n_links),
		                        m->n_links);
		if (m->n_broken)
			finding(L, SEV_ERROR, m->first->file, m->first->line, "lint-missing-catalogue",
			        ngettext("catalogue '%s'%s is no file of this directory: %s; %zu link or id "
			                 "in the catalogues that need it names nothing, at %s:%ld",
			                 "catalogue '%s'%s is no file of this directory: %s; %zu links and "
			                 "ids in the catalogues that need it name nothing, the first at "
			                 "%s:%ld", m->n_broken),
			        key_id(m->first->to), named, links, m->n_broken, m->bfile, m->bline);
		else
			finding(L, SEV_ERROR, m->first->file, m->first->line, "lint-missing-catalogue",
			        _("catalogue '%s'%s is no file of this directory: %s"),
			        key_id(m->first->to), named, links);
		free(links);
		free(named);
	}
}

/* Every id named is looked up once; a link marks its target linked. What names nothing in a
 * catalogue that reaches a missing one by its links is counted on that one (its ids, likely),
 * not reported one by one. */
static void resolve(struct lint *L)
{
	struct idx *missing = idx_new(), *near = idx_new();
	size_t n_missing;
	struct missing **mv = find_missing(L, missing, near, &n_missing);
	for (size_t i = 0; i < L->n_refs; i++) {
		const struct ref *r = &L->refs[i];
		struct def *df = idx_get(L->defs, r->key);
		const char *code = r->link ? "lint-dangling-link" : "lint-unknown-id";
		struct missing *m = df == NULL && r->cat ? idx_get(near, r->cat) : NULL;
		if (df == NULL && r->want == K_CATALOGUE && idx_get(missing, r->key))
			continue; /* counted on the catalogue it names */
		if (m && m->n_broken++ == 0) {
			m->bfile = r->file;
			m->bline = r->line;
		}
		if (m)
			continue;
		if (df == NULL)
			finding(L, SEV_ERROR, r->file, r->line, code,
			        _("%s %s=\"%s\": no such id in this directory"), r->el, r->attr,
			        key_id(r->key));
		else if ((df->kind & r->want) == 0)
			finding(L, SEV_ERROR, r->file, r->line, code,
			        _("%s %s=\"%s\": that id (%s:%ld) is not of a kind it may name"),
			        r->el, r->attr, key_id(r->key), df->file, df->line);
		else if (r->link)
			df->linked = true;
	}
	for (size_t i = 0; i < L->n_shared; i++) {
		const struct shared *s = &L->shared[i];
		const struct def *df = idx_get(L->defs, s->key);
		if (df && !df->linked)
			finding(L, SEV_WARNING, s->file, s->line, "lint-unreachable",
			        _("shared %s \"%s\" is the target of no link"), s->el, s->label);
	}
	for (size_t i = 0; i < L->n_conds; i++) {
		const struct cond *c = &L->conds[i];
		const struct maxc *m = idx_get(L->maxes, c->key);
		if (m == NULL || idx_get(L->modified, m->key))
			continue;
		bool never = is(c->type, "greaterThan") ? c->v >= m->value : c->v > m->value;
		if (never)
			finding(L, SEV_WARNING, c->file, c->line, "lint-never-true",
			        _("the condition %s %g can never hold in a legal roster: a max constraint "
			          "(%s:%ld) allows at most %g"), c->type, c->v, m->file, m->line,
			        m->value);
	}
	for (size_t i = 0; i < L->n_dflts; i++) {
		const struct dflt *g = &L->dflts[i];
		const struct def *df = idx_get(L->defs, g->key);
		if (df)
			finding(L, SEV_WARNING, g->file, g->line, "lint-dangling-default",
			        _("selectionEntryGroup \"%s\" defaultSelectionEntryId=\"%s\": that id "
			          "(%s:%ld) is no entry or entry link of the group, so the group has no "
			          "default"), g->label, key_id(g->key), df->file, df->line);
		else
			finding(L, SEV_WARNING, g->file, g->line, "lint-dangling-default",
			        _("selectionEntryGroup \"%s\" defaultSelectionEntryId=\"%s\": no such id "
			          "in this directory, so the group has no default"), g->label,
			        key_id(g->key));
	}
	report_missing(L, mv, n_missing);
	free(mv);
	idx_free(missing);
	idx_free(near);
}

static bool is_system_name(const char *path)
{
	size_t len = strlen(path);
	return (len > 4 && strcmp(path + len - 4, ".gst") == 0) ||
	       (len > 5 && strcmp(path + len - 5, ".gstz") == 0);
}

size_t bslint_files(char *const *paths, size_t n, struct schemas *sc, struct diags *d)
{
	struct lint L = { .d = d, .pool = ARENA_INIT };
	L.defs = idx_new();
	L.maxes = idx_new();
	L.modified = idx_new();
	L.names = idx_new();
	/* The game systems first: a catalogue that says an id of its system again is the one
	 * reported, whatever the names' order. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++)
			if (is_system_name(paths[i]) == (pass == 0))
				lint_file(&L, paths[i], sc);
	resolve(&L);
	diags_sort(d);
	idx_free(L.defs);
	idx_free(L.maxes);
	idx_free(L.modified);
	idx_free(L.names);
	free(L.refs);
	free(L.shared);
	free(L.conds);
	free(L.clinks);
	free(L.dflts);
	arena_release(&L.pool);
	return n;
}
