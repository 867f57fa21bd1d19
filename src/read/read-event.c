/* read-event.c - the reader of event packs
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The pack is checked against the built-in event.xsd, then every name in it is resolved
 * against its game system, loaded afresh for the pack (session_system_new): its <rule>
 * elements go through rule_read (read-rules.c) exactly as a system's do, are appended to that
 * copy, and the copy becomes the session's system of that id (session_adopt).
 */
#include "muster.h"
#include "decimal.h"
#include "read-event.h"
#include "data.h"
#include "idx.h"
#include "lang.h"
#include "read-rules.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

#define EFAIL(node, ...) \
	do { \
		diags_add(d, SEV_FATAL, e->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		return -1; \
	} while (0)

/* The ref of element n, or the pack's default ref, or "event". */
static char *ref_of(xmlNodePtr n, const char *def)
{
	char *r = xml_prop(n, "ref");
	return r ? r : xstrdup(def ? def : "event");
}

static int read_size(struct event *e, struct system *sys, xmlNodePtr n, const char *def,
                     struct diags *d)
{
	char *id = xml_prop(n, "id");
	e->size = idx_get(sys->size_idx, id ? id : "");
	if (e->size == NULL) {
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < sys->n_sizes; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", sys->sizes[i].id);
		diags_add(d, SEV_FATAL, e->file, xml_line(n), xml_col(n), NULL, NULL,
		          _("unknown battle size '%s' (known: %s)"), id ? id : "", sb.s ? sb.s : _("none"));
		strbuf_release(&sb);
		free(id);
		return -1;
	}
	free(id);
	e->size_ref = ref_of(n, def);
	e->size_line = xml_line(n);
	return 0;
}

static int read_limit(struct event *e, struct system *sys, xmlNodePtr n, const char *def,
                      size_t *cap, struct diags *d)
{
	char *ct = xml_prop(n, "cost");
	const struct cost_def *cd = ct ? idx_get(sys->cost_idx, ct)
	                          : sys->n_costs == 1 ? &sys->costs[0] : NULL;
	if (cd == NULL) {
		diags_add(d, SEV_FATAL, e->file, xml_line(n), xml_col(n), NULL, NULL,
		          ct ? _("unknown cost type '%s' in system '%s'")
		             : _("<limit> needs cost=\"...\": system '%s' has several cost types"),
		          ct ? ct : sys->id, sys->id);
		free(ct);
		return -1;
	}
	free(ct);
	long v, unit = dec_unit(cd->scale);
	/* a whole limit, in the cost type's decimals */
	if (xml_prop_long(n, "value", 0, MUSTER_MAX_COST / unit, 0, &v, e->file, d))
		return -1;
	v *= unit;
	for (size_t i = 0; i < e->n_limits; i++)
		if (e->limits[i].cost == cd->index)
			EFAIL(n, _("a second <limit> in cost type '%s' (line %ld)"), cd->id, e->limits[i].line);
	GROW(e->limits, *cap, e->n_limits + 1);
	struct event_limit *l = &e->limits[e->n_limits++];
	l->cost = cd->index;
	l->value = v;
	l->ref = ref_of(n, def);
	l->line = xml_line(n);
	return 0;
}

static int read_choice(struct event *e, struct system *sys, xmlNodePtr n, const char *def,
                       size_t *cap, struct diags *d)
{
	char *name = xml_prop(n, "field");
	const struct field_def *f = idx_get(sys->field_idx, name ? name : "");
	if (f == NULL || f->type != ATTR_CHOICE) {
		diags_add(d, SEV_FATAL, e->file, xml_line(n), xml_col(n), NULL, NULL,
		          f ? _("field '%s' of system '%s' is not a list choice (type=\"choice\")")
		            : _("system '%s' has no field '%s'"),
		          f ? name : sys->id, f ? sys->id : (name ? name : ""));
		free(name);
		return -1;
	}
	free(name);
	for (size_t i = 0; i < e->n_choices; i++)
		if (e->choices[i].field == f)
			EFAIL(n, _("a second <choice> for field '%s' (line %ld)"), f->id, e->choices[i].line);
	GROW(e->choices, *cap, e->n_choices + 1);
	struct event_choice *c = &e->choices[e->n_choices++];
	memset(c, 0, sizeof(*c));
	c->field = f;
	c->ref = ref_of(n, def);
	c->line = xml_line(n);
	c->allowed = xcalloc(f->n_choices + 1, sizeof(*c->allowed));
	char *allow = xml_prop(n, "allow");
	char **v = strv_split(allow ? allow : "", NULL);
	free(allow);
	int rc = 0;
	for (char **p = v; *p && rc == 0; p++) {
		size_t k;
		for (k = 0; k < f->n_choices && strcmp(f->choices[k].id, *p) != 0; k++)
			;
		if (k == f->n_choices) {
			struct strbuf sb = STRBUF_INIT;
			for (size_t i = 0; i < f->n_choices; i++)
				strbuf_addf(&sb, "%s%s", i ? ", " : "", f->choices[i].id);
			diags_add(d, SEV_FATAL, e->file, xml_line(n), xml_col(n), NULL, NULL,
			          _("field '%s' is one of %s, not '%s'"), f->id, sb.s ? sb.s : "", *p);
			strbuf_release(&sb);
			rc = -1;
		} else {
			c->allowed[k] = true;
		}
	}
	strv_free(v);
	return rc;
}

/* Appends the pack's rules to sys, as load_rules does for a system's own. */
static int read_rules(struct event *e, struct system *sys, xmlNodePtr sec, struct diags *d)
{
	size_t cap = sys->n_rules, from = sys->n_rules;
	int rc = 0;
	for (xmlNodePtr c = xml_first_elem(sec); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "rule")) {
			diags_add(d, SEV_FATAL, e->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("<rules> holds <rule> elements, not <%s>"), (const char *)c->name);
			rc = -1;
			continue;
		}
		struct rule *r = rule_read(c, sys, e->file, d);
		if (r == NULL) {
			rc = -1; /* keep going: report every bad rule at once */
			continue;
		}
		if (idx_add(sys->rule_idx, rule_id(r), r) != 0) {
			diags_add(d, SEV_FATAL, e->file, xml_line(c), xml_col(c), NULL, NULL,
			          _("rule id '%s' is used twice (the system or this pack has it already)"),
			          rule_id(r));
			rule_free(r);
			rc = -1;
			continue;
		}
		GROW(sys->rules, cap, sys->n_rules + 1);
		sys->rules[sys->n_rules++] = r;
		e->n_rules++;
	}
	if (rc == 0 && (rules_check_cycles(sys, from, e->file, d) ||
	                rules_link_covers(sys, from, e->file, d)))
		rc = -1;
	return rc;
}

static int read_pack(struct session *s, struct event *e, xmlNodePtr root, struct diags *d)
{
	e->name = xml_prop(root, "name");
	e->system_id = xml_prop(root, "system");
	char *def = xml_prop(root, "ref");
	xmlNodePtr desc = xml_child(root, "description");
	if (desc)
		e->description = xml_text(desc);
	struct diags sd = DIAGS_INIT;
	struct system *sys = session_system_new(s, e->system_id, &sd);
	for (size_t i = 0; i < sd.n; i++)
		if (sd.v[i].file == NULL) {
			sd.v[i].file = xstrdup(e->file);
			sd.v[i].line = xml_line(root);
		}
	diags_merge(d, &sd);
	diags_release(&sd);
	int rc = sys ? 0 : -1;
	size_t lcap = 0, ccap = 0;
	for (xmlNodePtr c = xml_first_elem(root); c && rc == 0; c = xml_next_elem(c)) {
		if (xml_is(c, "size"))
			rc = read_size(e, sys, c, def, d);
		else if (xml_is(c, "limit"))
			rc = read_limit(e, sys, c, def, &lcap, d);
		else if (xml_is(c, "choice"))
			rc = read_choice(e, sys, c, def, &ccap, d);
		else if (xml_is(c, "rules"))
			rc = read_rules(e, sys, c, d);
	}
	free(def);
	if (rc == 0 && session_adopt(s, sys) != 0) {
		diags_add(d, SEV_FATAL, e->file, xml_line(root), 0, NULL, NULL,
		          _("system '%s' was loaded before the event pack: load the pack first"),
		          sys->id);
		rc = -1;
	}
	if (rc != 0) {
		system_free(sys);
		return -1;
	}
	e->sys = sys;
	return 0;
}

static struct event *load_doc(struct session *s, xmlDocPtr doc, const char *path,
                              struct diags *d);

struct event *event_load(struct session *s, const char *path, struct diags *d)
{
	return load_doc(s, xml_load_file(path, d), path, d);
}

struct event *event_load_memory(struct session *s, const char *buf, size_t len, const char *name,
                                struct diags *d)
{
	return load_doc(s, xml_load_memory(buf, len, name, d), name, d);
}

/* Takes doc (NULL: loading it failed, d says why). */
static struct event *load_doc(struct session *s, xmlDocPtr doc, const char *path,
                              struct diags *d)
{
	struct event *e = xcalloc(1, sizeof(*e));
	e->file = xstrdup(path);
	xmlNodePtr root = doc ? xml_root(doc, "event", NS_EVENT, path, d) : NULL;
	const struct xml_schema *xs = root ? session_schema(s, SCHEMA_EVENT, d) : NULL;
	int rc = -1;
	if (xs && xml_schema_validate(xs, doc, path, d) == 0)
		rc = read_pack(s, e, root, d);
	if (doc)
		xml_doc_free(doc);
	if (rc != 0) {
		event_free(e);
		return NULL;
	}
	return e;
}

void event_free(struct event *e)
{
	if (e == NULL)
		return;
	for (size_t i = 0; i < e->n_limits; i++)
		free(e->limits[i].ref);
	free(e->limits);
	for (size_t i = 0; i < e->n_choices; i++) {
		free(e->choices[i].ref);
		free(e->choices[i].allowed);
	}
	free(e->choices);
	free(e->size_ref);
	free(e->file);
	free(e->name);
	free(e->system_id);
	free(e->description);
	free(e);
}
