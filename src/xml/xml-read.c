/* xml-read.c - reading a file with a cap, the linear pre-scan, and parsing it safely
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Why each setting (DESIGN.md, "Safety recipe", measured on libxml2 2.9.14):
 * - the file is read here, with a cap, and parsed with xmlCtxtReadMemory: xmlCtxtReadFile
 *   fetched an http:// name despite XML_PARSE_NONET and silently gunzipped a .xml file;
 * - no XML_PARSE_NOENT, DTDLOAD, DTDATTR, DTDVALID, XINCLUDE, HUGE or RECOVER;
 * - a DOCTYPE stops the parser at once: without it a 160 kB "quadratic blowup" file makes
 *   xmlNodeGetContent return 2 GB;
 * - an external entity loader that refuses everything, in case any path still asks for one.
 */
#include "muster.h"
#include "xml-int.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>

/* libxml2 keeps an element's line in 16 bits: from line 65,535 on, xmlGetLineNo finds it only
 * through a text node beside it (which XML_PARSE_BIG_LINES numbers in full), and NOBLANKS drops
 * those. The tree builder's start of an element (xmlSAX2StartElementNs) is wrapped to keep
 * such an element's full line where libxml2 keeps a text node's, in psvi, which nothing else
 * sets on an element Muster reads (no XInclude, no Relax NG); xml_line reads it back. */
static void start_with_line(void *ctx, const xmlChar *local, const xmlChar *prefix,
                            const xmlChar *uri, int n_ns, const xmlChar **ns, int n_attrs,
                            int n_defaulted, const xmlChar **attrs)
{
	xmlParserCtxtPtr ctxt = ctx;
	xmlSAX2StartElementNs(ctx, local, prefix, uri, n_ns, ns, n_attrs, n_defaulted, attrs);
	if (ctxt->node != NULL && ctxt->node->line == 65535 && ctxt->input != NULL &&
	    ctxt->input->line >= 65535)
		ctxt->node->psvi = (void *)(ptrdiff_t)ctxt->input->line;
}

/* Value[0..len) of an attribute of a lean document, in the arena a: decoded as the tree
 * builder decodes it (the parser leaves a reference to '&' in it). */
static const char *lean_value(xmlParserCtxtPtr ctxt, struct arena *a, const xmlChar *value,
                              int len)
{
	if (memchr(value, '&', (size_t)len) == NULL)
		return arena_strndup(a, (const char *)value, (size_t)len);
	xmlNodePtr list = xmlStringLenGetNodeList(ctxt->myDoc, value, len);
	xmlChar *decoded = xmlNodeListGetString(ctxt->myDoc, list, 1);
	xmlFreeNodeList(list);
	const char *v = decoded ? (const char *)decoded : "";
	v = arena_strndup(a, v, strlen(v));
	xmlFree(decoded);
	return v;
}

/* The start of an element of a lean document (xml_load_file_lean): its attributes in no
 * namespace kept as struct xml_lean_attrs, the others made by the tree builder. An attribute
 * as the tree builder makes it is an xmlAttr, a text node and a copy of its value, about 270
 * bytes with malloc's overhead: Warhammer 40,000 10th edition's 1.15 million attributes were
 * two thirds of its trees. */
static void start_lean(void *ctx, const xmlChar *local, const xmlChar *prefix,
                       const xmlChar *uri, int n_ns, const xmlChar **ns, int n_attrs,
                       int n_defaulted, const xmlChar **attrs)
{
	(void)n_defaulted; /* no DTD: nothing is defaulted */
	xmlParserCtxtPtr ctxt = ctx;
	struct err_sink *sink = ctxt->_private;
	const xmlChar *in_ns[5 * XML_MAX_ATTRS];
	int n_in = 0;
	for (int i = 0; i < n_attrs && n_in < XML_MAX_ATTRS; i++)
		if (attrs[5 * i + 1] != NULL)
			memcpy(&in_ns[5 * n_in++], &attrs[5 * i], 5 * sizeof(*attrs));
	xmlNodePtr parent = ctxt->node;
	start_with_line(ctx, local, prefix, uri, n_ns, ns, n_in, 0, in_ns);
	xmlNodePtr node = ctxt->node;
	if (node == NULL || node == parent || n_attrs == n_in)
		return; /* not made (the parser stops), or no attribute of its own */
	struct xml_lean_attrs *la = arena_alloc(sink->lean, 1, sizeof(*la) + (size_t)(n_attrs - n_in) *
	                                                       sizeof(la->a[0]));
	for (int i = 0; i < n_attrs; i++)
		if (attrs[5 * i + 1] == NULL)
			la->a[la->n++] = (struct xml_lean_attr){
				(const char *)attrs[5 * i], /* the parser's dictionary's */
				lean_value(ctxt, sink->lean, attrs[5 * i + 3],
				           (int)(attrs[5 * i + 4] - attrs[5 * i + 3])),
			};
	node->content = (xmlChar *)la;
}

static xmlParserInputPtr deny_entity_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url;
	(void)id;
	(void)ctxt;
	return NULL;
}

/* A document takes its source with it. No libxml2 deregister callback does this: with one
 * registered, libxml2 calls into it, and looks it up per thread, for every node it makes and
 * frees (106 M instructions of the 2,486 M of validating a 100,000-unit roster). */
void xml_doc_free(xmlDocPtr doc)
{
	if (doc == NULL)
		return;
	xml_src_free(doc->_private);
	doc->_private = NULL;
	xmlFreeDoc(doc);
}

void xml_init(void)
{
	xmlInitParser();
	xmlSetExternalEntityLoader(deny_entity_loader);
}

void xml_cleanup(void)
{
	xml_set_languages(NULL);
	xmlCleanupParser();
}

/* SAX hook called for any <!DOCTYPE ...>: refuse it before anything in it is read. */
static void refuse_doctype(void *ctx, const xmlChar *name, const xmlChar *eid, const xmlChar *sid)
{
	(void)name;
	(void)eid;
	(void)sid;
	xmlParserCtxtPtr ctxt = ctx;
	struct err_sink *sink = ctxt->_private;
	if (sink && !sink->doctype_seen && sink->added < sink->max) {
		long line = ctxt->input ? ctxt->input->line : 0;
		long col = ctxt->input ? ctxt->input->col : 0;
		diags_add(sink->d, SEV_FATAL, sink->file, line, col, NULL, NULL, "%s",
		          _("DOCTYPE declarations are not allowed (no DTDs or entities in Muster files)"));
		sink->added++;
		sink->doctype_seen = true;
	}
	ctxt->wellFormed = 0;
	xmlStopParser(ctxt);
}

/* Where a pre-scan limit was passed, for the message. */
static void prescan_fail(const char *buf, const char *at, const char *name, struct diags *d,
                         char *msg)
{
	const char *from = at;
	while (from > buf && from[-1] != '\n')
		from--;
	long line = 1 + (long)xml_newlines(buf, from, SIZE_MAX, NULL);
	long col = 1 + xml_utf8_len(from, at);
	diags_add(d, SEV_FATAL, name, line, col, NULL, NULL, "%s", msg);
	free(msg);
}

const char *xml_skip_past(const char *p, const char *end, const char *term, size_t n)
{
	while (p < end) {
		const char *q = memchr(p, term[0], (size_t)(end - p));
		if (q == NULL || (size_t)(end - q) < n)
			return end;
		if (memcmp(q, term, n) == 0)
			return q + n;
		p = q + 1;
	}
	return end;
}

/* The bytes of a start tag outside its quoted values that xml_prescan stops at. */
static const bool tag_stop[256] = {
	['"'] = true, ['\''] = true, ['='] = true, ['>'] = true, ['<'] = true,
};

/* One linear pass over the text before libxml2 sees it, counting what libxml2 would spend
 * square time or unbounded memory on: attributes of one element (libxml2 2.9 checks each new
 * attribute against all before it: 40,000 attributes took 8.6 s), elements in the file and
 * their depth. It lexes as XML does (comments, processing instructions, CDATA, quoted values),
 * so on any well-formed prefix it counts what the parser will see; past the first error the
 * parser stops anyway. Returns 0, or -1 with one fatal diagnostic. */
int xml_prescan(const char *buf, size_t len, const char *name, struct xml_far *far,
                struct diags *d)
{
	const char *p = buf, *end = buf + len;
	long elements = 0, depth = 0;
	while (p < end) {
		const char *lt = memchr(p, '<', (size_t)(end - p));
		if (lt == NULL)
			break;
		p = lt + 1;
		size_t rest = (size_t)(end - p);
		if (rest >= 3 && memcmp(p, "!--", 3) == 0) {
			p = xml_skip_past(p + 3, end, "-->", 3);
		} else if (rest >= 8 && memcmp(p, "![CDATA[", 8) == 0) {
			p = xml_skip_past(p + 8, end, "]]>", 3);
		} else if (rest >= 1 && *p == '?') {
			p = xml_skip_past(p + 1, end, "?>", 2);
		} else if (rest >= 1 && *p == '!') {
			p = xml_skip_past(p + 1, end, ">", 1); /* a DOCTYPE: refused by the parser */
		} else if (rest >= 1 && *p == '/') {
			p = xml_skip_past(p + 1, end, ">", 1);
			if (depth > 0)
				depth--;
		} else {
			if (++elements > XML_MAX_ELEMENTS) {
				prescan_fail(buf, lt, name, d,
				             xasprintf(_("too many elements in one file (the limit is %ld)"),
				                       XML_MAX_ELEMENTS));
				return -1;
			}
			if (far && far->ordinal == 0 && (size_t)(lt - buf) >= far->from) {
				far->ordinal = elements;
				far->at = (size_t)(lt - buf);
			}
			long attrs = 0;
			bool empty = false;
			while (p < end) {
				/* Names and spaces: straight to the next byte that matters. */
				while (!tag_stop[(unsigned char)*p] && ++p < end)
					;
				if (p == end)
					break;
				char c = *p;
				if (c == '"' || c == '\'') {
					/* An attribute value: skip to its closing quote at once. */
					const char *q = memchr(p + 1, c, (size_t)(end - p - 1));
					if (q == NULL) {
						p = end;
						break;
					}
					p = q + 1;
				} else if (c == '=') {
					if (++attrs > XML_MAX_ATTRS) {
						prescan_fail(buf, lt, name, d,
						             xasprintf(_("too many attributes on one element (the limit is %ld)"),
						                       XML_MAX_ATTRS));
						return -1;
					}
					p++;
				} else if (c == '>') {
					empty = p > lt + 1 && p[-1] == '/';
					p++;
					break;
				} else {
					break; /* '<': malformed, the parser says where */
				}
			}
			if (!empty && ++depth > XML_MAX_DEPTH) {
				prescan_fail(buf, lt, name, d,
				             xasprintf(_("elements are nested too deeply (the limit is %ld levels)"),
				                       XML_MAX_DEPTH));
				return -1;
			}
		}
	}
	return 0;
}

static xmlDocPtr parse_view(const char *buf, size_t len, const char *name, bool blanks,
                            struct arena *lean, struct diags *d);

static xmlDocPtr parse_owned(char *buf, size_t len, const char *name, bool blanks, bool lean,
                             struct diags *d)
{
	struct arena attrs = ARENA_INIT;
	xmlDocPtr doc = parse_view(buf, len, name, blanks, lean ? &attrs : NULL, d);
	if (doc == NULL) {
		arena_release(&attrs);
		free(buf);
		return NULL;
	}
	struct xml_src *src = xcalloc(1, sizeof(*src));
	src->lean = attrs;
	src->buf = buf;
	src->len = len;
	doc->_private = src;
	return doc;
}

xmlDocPtr xml_parse_owned(char *buf, size_t len, const char *name, bool blanks,
                          struct diags *d)
{
	return parse_owned(buf, len, name, blanks, false, d);
}

xmlDocPtr xml_load_memory_lean(const char *buf, size_t len, const char *name, struct diags *d)
{
	return parse_owned(xstrndup(buf, len), len, name, false, true, d);
}

xmlDocPtr xml_load_memory(const char *buf, size_t len, const char *name, struct diags *d)
{
	return xml_parse_owned(xstrndup(buf, len), len, name, false, d);
}

xmlDocPtr xml_load_memory_for_edit(const char *buf, size_t len, const char *name,
                                   struct diags *d)
{
	return xml_parse_owned(xstrndup(buf, len), len, name, true, d);
}

xmlDocPtr xml_parse_view(const char *buf, size_t len, const char *name, bool blanks,
                         struct diags *d)
{
	return parse_view(buf, len, name, blanks, NULL, d);
}

/* xml_parse_view; lean not NULL: a lean document's (xml_load_file_lean), its attributes in
 * no namespace kept in lean. */
static xmlDocPtr parse_view(const char *buf, size_t len, const char *name, bool blanks,
                            struct arena *lean, struct diags *d)
{
	if (len == 0) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("file is empty"));
		return NULL;
	}
	if (len > (size_t)XML_MAX_FILE_SIZE) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("file is too large (%zu bytes; the limit is %ld MiB)"), len,
		          XML_MAX_FILE_SIZE / (1024 * 1024));
		return NULL;
	}
	if (memchr(buf, '\0', len) != NULL) {
		const char *z = memchr(buf, '\0', len);
		long line = 1 + (long)xml_newlines(buf, z, SIZE_MAX, NULL);
		diags_add(d, SEV_FATAL, name, line, 0, NULL, NULL, "%s",
		          _("not an XML file: it contains a NUL byte"));
		return NULL;
	}
	if (xml_prescan(buf, len, name, NULL, d) != 0)
		return NULL;
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	if (ctxt == NULL) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("cannot create an XML parser"));
		return NULL;
	}
	struct err_sink sink = { d, name, 0, 1, false, 0, 0, buf, len, NULL, NULL, lean };
	ctxt->_private = &sink;
	ctxt->sax->internalSubset = refuse_doctype;
	ctxt->sax->startElementNs = lean ? start_lean : start_with_line;
	xmlSetStructuredErrorFunc(&sink, xml_sink_error);
	/* COMPACT and NOBLANKS only save allocations (measured: 10% fewer instructions per run). */
	int opts = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT |
	           (blanks ? 0 : XML_PARSE_NOBLANKS);
	xmlDocPtr doc = xmlCtxtReadMemory(ctxt, buf, (int)len, name, NULL, opts);
	bool ok = doc != NULL && ctxt->wellFormed && !sink.doctype_seen;
	xmlSetStructuredErrorFunc(NULL, NULL);
	xmlFreeParserCtxt(ctxt);
	if (!ok) {
		if (doc)
			xml_doc_free(doc);
		if (sink.added == 0)
			diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("malformed XML"));
		return NULL;
	}
	return doc;
}

static xmlDocPtr load_file(const char *path, bool blanks, bool lean, struct diags *d);

xmlDocPtr xml_load_file(const char *path, struct diags *d)
{
	return load_file(path, false, false, d);
}

xmlDocPtr xml_load_file_for_edit(const char *path, struct diags *d)
{
	return load_file(path, true, false, d);
}

xmlDocPtr xml_load_file_lean(const char *path, struct diags *d)
{
	xmlDocPtr doc = load_file(path, false, true, d);
	if (doc)
		xml_src_drop_all(doc->_private, path);
	return doc;
}


static xmlDocPtr load_file(const char *path, bool blanks, bool lean, struct diags *d)
{
	char *buf;
	size_t len;
	if (xml_read_text(path, &buf, &len, d) != 0)
		return NULL;
	return parse_owned(buf, len, path, blanks, lean, d);
}
