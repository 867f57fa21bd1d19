/* xml-schema.c - compiling schemas and validating documents with them
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Errors go through xml_sink_error (xml-error.c); schema documents are read by xml-read.c.
 */
#include "muster.h"
#include "xml-int.h"
#include "util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>

/* Compiles the schema document doc (loaded from name), which it takes, into s. */
static int compile_into(struct xml_schema *s, xmlDocPtr doc, const char *name, struct diags *d)
{
	s->doc = doc;
	if (s->doc == NULL)
		return -1;
	struct err_sink sink = { d, name, 0, 20, false, 0, 0, NULL, 0, NULL, NULL, NULL };
	xmlSetStructuredErrorFunc(&sink, xml_sink_error);
	s->pctxt = xmlSchemaNewDocParserCtxt(s->doc);
	if (s->pctxt)
		s->schema = xmlSchemaParse(s->pctxt);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (s->schema == NULL) {
		if (sink.added == 0)
			diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("invalid schema"));
		return -1;
	}
	return 0;
}

static struct xml_schema *schema_compile(xmlDocPtr doc, const char *name, struct diags *d)
{
	struct xml_schema *s = xcalloc(1, sizeof(*s));
	if (compile_into(s, doc, name, d) != 0) {
		xml_schema_free(s);
		return NULL;
	}
	return s;
}

struct xml_schema *xml_schema_load(const char *path, struct diags *d)
{
	return schema_compile(xml_load_file(path, d), path, d);
}

struct xml_schema *xml_schema_load_memory(const char *buf, size_t len, const char *name,
                                          struct diags *d)
{
	return schema_compile(xml_load_memory(buf, len, name, d), name, d);
}

struct xml_schema *xml_schema_lazy(const char *text, size_t len, const char *name)
{
	struct xml_schema *s = xcalloc(1, sizeof(*s));
	s->lazy = true;
	s->text = text;
	s->len = len;
	s->name = xstrdup(name);
	pthread_mutex_init(&s->lock, NULL);
	return s;
}

/* The compiled schema, compiling a lazy one on first use; NULL with diagnostics when it does
 * not compile (every time it is asked for: each caller's diagnostics say why). A lazy schema
 * is const to its users, as compiling it changes nothing they can see. */
xmlSchemaPtr xml_schema_ready(const struct xml_schema *cs, struct diags *d)
{
	if (!cs->lazy)
		return cs->schema;
	struct xml_schema *s = (struct xml_schema *)cs;
	pthread_mutex_lock(&s->lock);
	if (!s->tried) {
		s->tried = true;
		compile_into(s, xml_load_memory(s->text, s->len, s->name, d), s->name, d);
	} else if (s->schema == NULL) {
		diags_add(d, SEV_FATAL, s->name, 0, 0, NULL, NULL, "%s", _("invalid schema"));
	}
	pthread_mutex_unlock(&s->lock);
	return s->schema;
}

void xml_schema_lite(struct xml_schema *s, const char *text, size_t len, const char *absent)
{
	if (s->lite)
		xml_schema_free(s->lite);
	free(s->lite_absent);
	s->lite = xml_schema_lazy(text, len, s->name ? s->name : "");
	s->lite_absent = xstrdup(absent);
}

/* True when the root of doc has a child element of that name (in any namespace). */
static bool root_has_child(xmlDocPtr doc, const char *name)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);
	for (xmlNodePtr c = root ? root->children : NULL; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && strcmp((const char *)c->name, name) == 0)
			return true;
	return false;
}

void xml_schema_free(struct xml_schema *s)
{
	if (s == NULL)
		return;
	xml_schema_free(s->lite);
	free(s->lite_absent);
	if (s->schema)
		xmlSchemaFree(s->schema);
	if (s->pctxt)
		xmlSchemaFreeParserCtxt(s->pctxt);
	if (s->doc)
		xml_doc_free(s->doc);
	if (s->lazy) {
		free(s->name);
		pthread_mutex_destroy(&s->lock);
	}
	free(s);
}

int xml_schema_validate(const struct xml_schema *s, xmlDocPtr doc, const char *name,
                        struct diags *d)
{
	if (s->lite && !root_has_child(doc, s->lite_absent)) {
		/* The lite schema accepts a part of what s accepts: a pass is a pass. Anything else
		 * is decided, and worded, by s itself. */
		struct diags quiet = DIAGS_INIT;
		int rc = xml_schema_validate(s->lite, doc, name, &quiet);
		diags_release(&quiet);
		if (rc == 0)
			return 0;
	}
	xmlSchemaPtr compiled = xml_schema_ready(s, d);
	if (compiled == NULL)
		return -1;
	xmlSchemaValidCtxtPtr v = xmlSchemaNewValidCtxt(compiled);
	if (v == NULL) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("cannot create a validator"));
		return -1;
	}
	struct err_sink sink = { d, name, 0, 50, false, 0, 0, NULL, 0, NULL, s->doc, NULL };
	xmlSchemaSetValidStructuredErrors(v, xml_sink_error, &sink);
	int rc = xmlSchemaValidateDoc(v, doc);
	xmlSchemaFreeValidCtxt(v);
	if (rc != 0 && sink.added == 0)
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("does not match its schema"));
	return rc == 0 ? 0 : -1;
}
