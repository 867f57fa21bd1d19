/* export-xml.c - the canonical roster: what was loaded, written back as a roster file
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every reference as the loader resolved it (system, size, faction, entries, options with
 * their counts, fields, custom limits, attachments), in the file's order, so that the result
 * loads to the same lists, verdict and fingerprint. Comments, notes and white space are not
 * kept. A campaign roster is written with its units as they started and its ledger is not
 * re-created: cmd-export refuses the XML form for it.
 */
#include "muster.h"
#include "export.h"
#include "export-int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void attr(struct strbuf *sb, const char *name, const char *value)
{
	if (value == NULL)
		return;
	strbuf_addf(sb, " %s=\"", name);
	strbuf_add_escaped(sb, value);
	strbuf_adds(sb, "\"");
}

static void fields(struct strbuf *sb, const struct system *sys, const long *v,
                   enum field_scope scope, const char *indent)
{
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != scope || v[f] == fd->def)
			continue;
		strbuf_addf(sb, "%s<field", indent);
		attr(sb, "name", fd->id);
		char *val;
		if (fd->type == ATTR_BOOL)
			val = xstrdup(v[f] ? "true" : "false");
		else if (fd->type == ATTR_CHOICE && v[f] >= 0 && (size_t)v[f] < fd->n_choices)
			val = xstrdup(fd->choices[v[f]].id);
		else
			val = xasprintf("%ld", v[f]);
		attr(sb, "value", val);
		free(val);
		strbuf_adds(sb, "/>\n");
	}
}

void export_xml_list(const struct eval *ev, struct strbuf *sb)
{
	const struct roster *r = ev->r;
	const struct system *sys = r->sys;
	strbuf_adds(sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\"");
	attr(sb, "system", sys->id);
	attr(sb, "name", r->name);
	strbuf_adds(sb, ">\n");
	fields(sb, sys, r->fields, FIELD_ROSTER, "  ");
	for (size_t li = 0; li < r->n_lists; li++) {
		const struct r_list *l = &r->lists[li];
		strbuf_adds(sb, "  <list");
		attr(sb, "id", l->id);
		attr(sb, "name", l->name);
		attr(sb, "size", l->size ? l->size->id : NULL);
		attr(sb, "faction", l->faction ? l->faction->id : NULL);
		strbuf_adds(sb, ">\n");
		/* A limit of its own where it differs from its size's (or it has no size). */
		for (size_t c = 0; c < sys->n_costs; c++) {
			long from_size = l->size ? l->size->limits[c] : -1;
			if (l->limits[c] < 0 || l->limits[c] == from_size)
				continue;
			strbuf_adds(sb, "    <limit");
			attr(sb, "cost", sys->costs[c].id);
			strbuf_addf(sb, " value=\"%ld\"/>\n", l->limits[c]);
		}
		fields(sb, sys, l->fields, FIELD_LIST, "    ");
		for (size_t i = 0; i < l->n_units; i++) {
			const struct r_unit *u = &l->units[i];
			strbuf_adds(sb, "    <unit");
			attr(sb, "entry", u->entry->id);
			strbuf_addf(sb, " models=\"%ld\"", u->models);
			attr(sb, "id", u->id);
			attr(sb, "name", u->label);
			attr(sb, "attach", u->attach_id);
			size_t n = 0;
			for (size_t k = 0; k < u->n_opts; k++)
				n += u->opts[k].advance == NULL;
			if (n == 0) {
				strbuf_adds(sb, "/>\n");
				continue;
			}
			strbuf_adds(sb, ">\n");
			for (size_t k = 0; k < u->n_opts; k++) {
				const struct r_option *ro = &u->opts[k];
				if (ro->advance)
					continue;
				strbuf_adds(sb, "      <option");
				attr(sb, "id", ro->opt->id);
				if (ro->count != 1)
					strbuf_addf(sb, " count=\"%ld\"", ro->count);
				strbuf_adds(sb, "/>\n");
			}
			strbuf_adds(sb, "    </unit>\n");
		}
		strbuf_adds(sb, "  </list>\n");
	}
	strbuf_adds(sb, "</roster>\n");
}
