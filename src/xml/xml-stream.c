/* xml-stream.c - reading a large file element by element (xml_reader_open and the rest)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "xml-int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlreader.h>

struct xml_reader {
	/* A file under XML_STREAM_MIN bytes is parsed and validated whole, and walked here in
	 * document order: for a small file that is faster (no reader, no copies: 1.2 M
	 * instructions less for the 600-AP list's catalogs), and its tree is small. */
	xmlDocPtr dom;
	xmlNodePtr cur;
	int depth;
	bool started, ended;
	xmlTextReaderPtr tr;
	xmlSchemaValidCtxtPtr vc;
	struct xml_src *src;       /* the bytes, for columns (xml_col) and counting */
	xmlDocPtr doc;             /* the reader's document, once seen */
	struct err_sink parse_sink, valid_sink;
	struct diags *d;
	const char *name;
	bool positioned;           /* the reader already stands on the next node */
	bool pending_end;          /* the last START was an empty element */
	bool held;                 /* an element taken (xml_reader_take), not yet read past */
	xmlNodePtr last;
	int last_depth;
	bool failed;
	/* Lines past 65,535, where libxml2 says 65,535 for every element: the elements are
	 * numbered in document order as they are read (seen), and the bytes scanned from the
	 * first far one on (far_pos, at line far_line, after far_found elements) to the one
	 * numbered seen, whose line is kept in its psvi, as xml-read.c does; xml_line reads it. */
	struct xml_far far;
	long seen, far_found, far_line;
	size_t far_pos;
};

/* Is the element at lt ("<name" or "<prefix:name") named as n is? */
static bool far_named(const char *lt, const char *end, xmlNodePtr n)
{
	const char *q = lt + 1;
	if (n->ns != NULL && n->ns->prefix != NULL) {
		size_t pl = strlen((const char *)n->ns->prefix);
		if ((size_t)(end - q) <= pl || memcmp(q, n->ns->prefix, pl) != 0 || q[pl] != ':')
			return false;
		q += pl + 1;
	}
	size_t nl = strlen((const char *)n->name);
	return (size_t)(end - q) > nl && memcmp(q, n->name, nl) == 0 &&
	       strchr(" \t\r\n/>", q[nl]) != NULL;
}

/* One more element read, in document order: past line 65,535, its line, found in the bytes
 * from where the last one stood. Bytes given back (xml_src_drop) are never read again here;
 * an element that is not where the count says (which a well-formed text never gives) ends the
 * counting, and libxml2's 65,535 stands. */
static void far_mark(struct xml_reader *r, xmlNodePtr n)
{
	r->seen++;
	if (r->far.ordinal == 0 || r->seen < r->far.ordinal)
		return;
	const char *b = r->src->buf, *end = b + r->src->len, *p = b + r->far_pos;
	if (r->src->dropped && r->far_pos < r->src->drop_end) {
		r->far.ordinal = 0;
		return;
	}
	while (r->far_found < r->seen) {
		const char *lt = memchr(p, '<', (size_t)(end - p));
		if (lt == NULL) {
			r->far.ordinal = 0;
			return;
		}
		r->far_line += (long)xml_newlines(p, lt, SIZE_MAX, NULL);
		p = lt + 1;
		const char *q = NULL;
		if ((size_t)(end - p) >= 3 && memcmp(p, "!--", 3) == 0)
			q = xml_skip_past(p + 3, end, "-->", 3);
		else if ((size_t)(end - p) >= 8 && memcmp(p, "![CDATA[", 8) == 0)
			q = xml_skip_past(p + 8, end, "]]>", 3);
		else if (p < end && *p == '?')
			q = xml_skip_past(p + 1, end, "?>", 2);
		else if (p < end && (*p == '!' || *p == '/'))
			q = xml_skip_past(p + 1, end, ">", 1);
		if (q) {
			r->far_line += (long)xml_newlines(p, q, SIZE_MAX, NULL);
			p = q;
		} else if (++r->far_found == r->seen) {
			if (n->type != XML_ELEMENT_NODE || !far_named(lt, end, n)) {
				r->far.ordinal = 0;
				return;
			}
			n->psvi = (void *)(ptrdiff_t)r->far_line;
		}
	}
	r->far_pos = (size_t)(p - b);
}

/* far_mark for the elements below top (taken whole: the reader reports none of them). */
static void far_mark_below(struct xml_reader *r, xmlNodePtr top)
{
	xmlNodePtr n = top->children;
	while (n != NULL && r->far.ordinal > 0) {
		if (n->type == XML_ELEMENT_NODE) {
			far_mark(r, n);
			if (n->children) {
				n = n->children;
				continue;
			}
		}
		while (n != top && n->next == NULL)
			n = n->parent;
		if (n == top)
			break;
		n = n->next;
	}
}

struct root_want {
	const char *name, *ns;
};

static struct xml_reader *reader_from(char *buf, size_t len, const char *path,
                                      const struct root_want *want, const struct xml_schema *s,
                                      const char *reread, bool borrowed, struct diags *d);

/* The caller's buffer whose bytes a file holds too (xml_memory_backed): per thread. */
static _Thread_local const char *backed_buf;
static _Thread_local size_t backed_len;
static _Thread_local const char *backed_path;

void xml_memory_backed(const char *buf, size_t len, const char *path)
{
	backed_buf = path ? buf : NULL;
	backed_len = path ? len : 0;
	backed_path = path;
}

struct xml_reader *xml_reader_open(const char *path, const char *root, const char *ns,
                                   const struct xml_schema *s, struct diags *d)
{
	char *buf;
	size_t len;
	if (xml_read_text(path, &buf, &len, d) != 0)
		return NULL;
	struct root_want want = { root, ns };
	return reader_from(buf, len, path, &want, s, strcmp(path, "-") != 0 ? path : NULL, false, d);
}

struct xml_reader *xml_reader_open_memory(const char *buf, size_t len, const char *name,
                                          const char *root, const char *ns,
                                          const struct xml_schema *s, struct diags *d)
{
	struct root_want want = { root, ns };
	/* Read in place, never written to; a small one is copied for the tree that takes it. Its
	 * pages are given back only when a file holds the same bytes (xml_memory_backed). */
	const char *reread = buf == backed_buf && len == backed_len ? backed_path : NULL;
	return reader_from((char *)buf, len, name, &want, s, reread, true, d);
}

/* Takes buf, unless borrowed (the caller's, which must outlive the reader). A large buffer
 * is read element by element; with reread (a file that holds the same bytes), its pages may
 * be given back as it is read (xml_src_drop) and read again from reread. */
static struct xml_reader *reader_from(char *buf, size_t len, const char *path,
                                      const struct root_want *want, const struct xml_schema *s,
                                      const char *reread, bool borrowed, struct diags *d)
{
	if (len == 0 || memchr(buf, '\0', len) != NULL) {
		/* The messages of a whole-file parse, for an empty file or a NUL byte. */
		xmlDocPtr doc = xml_parse_view(buf, len, path, false, d);
		if (doc)
			xml_doc_free(doc);
		if (!borrowed)
			free(buf);
		return NULL;
	}
	struct xml_reader *r = xcalloc(1, sizeof(*r));
	r->d = d;
	r->name = path;
	if (len < (size_t)XML_STREAM_MIN) {
		r->dom = xml_parse_owned(borrowed ? xstrndup(buf, len) : buf, len, path, false, d);
		/* The root first: "expected a <catalog>" says more than the schema would. */
		if (r->dom == NULL || xml_root(r->dom, want->name, want->ns, path, d) == NULL ||
		    (s && xml_schema_validate(s, r->dom, path, d) != 0)) {
			xml_reader_close(r);
			return NULL;
		}
		r->src = r->dom->_private; /* the document's: freed with it */
		return r;
	}
	r->src = xcalloc(1, sizeof(*r->src));
	r->src->buf = buf;
	r->src->borrowed = borrowed;
	r->src->len = len;
	/* Where line 65,535 starts, from the line table the columns of messages read too. */
	xml_src_lines(r->src);
	r->far_line = 65535;
	r->far.from = r->src->n_lines >= 65535 ? r->src->line_start[65534] : SIZE_MAX;
	/* The limits of a whole-file parse (attributes, elements, depth) hold here too. */
	if (xml_prescan(buf, len, path, &r->far, d) != 0) {
		xml_src_free(r->src);
		free(r);
		return NULL;
	}
	if (r->far.ordinal > 0) {
		r->far_pos = r->far.at;
		r->far_found = r->far.ordinal - 1;
		r->far_line += (long)xml_newlines(buf + r->far.from, buf + r->far.at, SIZE_MAX, NULL);
	}
	/* Standard input cannot be read again, nor a buffer no file holds (an edit whose file
	 * still holds the bytes before it): their pages are kept. */
	r->src->path = reread ? xstrdup(reread) : NULL;
	r->parse_sink = (struct err_sink){ d, path, 0, 1, false, 0, 0, buf, len, r->src, NULL, NULL };
	r->valid_sink = (struct err_sink){ d, path, 0, 50, false, 0, 0, NULL, 0, NULL, NULL, NULL };
	int opts = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT |
	           XML_PARSE_NOBLANKS;
	r->tr = xmlReaderForMemory(buf, (int)len, path, NULL, opts);
	if (r->tr == NULL) {
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s", _("cannot create an XML parser"));
		xml_reader_close(r);
		return NULL;
	}
	xmlTextReaderSetStructuredErrorHandler(r->tr, xml_sink_error, &r->parse_sink);
	if (s) {
		xmlSchemaPtr compiled = xml_schema_ready(s, d);
		if (compiled == NULL) {
			xml_reader_close(r);
			return NULL;
		}
		r->vc = xmlSchemaNewValidCtxt(compiled);
		if (r->vc == NULL || xmlTextReaderSchemaValidateCtxt(r->tr, r->vc, 0) != 0) {
			diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s", _("cannot create a validator"));
			xml_reader_close(r);
			return NULL;
		}
		r->valid_sink.xsd = s->doc; /* compiled: its document is there */
		xmlSchemaSetValidStructuredErrors(r->vc, xml_sink_error, &r->valid_sink);
	}
	return r;
}

/* Did reading so far report anything? */
static bool reader_errors(const struct xml_reader *r)
{
	return r->parse_sink.added > 0 || r->valid_sink.added > 0;
}

static int reader_fail(struct xml_reader *r)
{
	if (!reader_errors(r) && !r->failed && r->src) {
		/* libxml2's reader gives up on some errors (a file cut short) without a word:
		 * parse the bytes whole for the message, with its line. An error path only. */
		xml_src_restore(r->src);
		xmlDocPtr doc = xml_parse_view(r->src->buf, r->src->len, r->name, false, r->d);
		if (doc) {
			xml_doc_free(doc);
			diags_add(r->d, SEV_FATAL, r->name, 0, 0, NULL, NULL, "%s", _("malformed XML"));
		}
	}
	r->failed = true;
	return -1;
}

/* Past the end of the element taken: the reader frees its nodes on the way. An error in what
 * the parser reads ahead fails the reader, and the next xml_reader_next returns -1. */
static void reader_pass(struct xml_reader *r)
{
	r->held = false;
	int ret = xmlTextReaderNext(r->tr);
	if (ret < 0 || reader_errors(r)) {
		reader_fail(r);
		return;
	}
	r->positioned = ret == 1;
}

static xmlNodePtr elem_from(xmlNodePtr n)
{
	while (n && n->type != XML_ELEMENT_NODE)
		n = n->next;
	return n;
}

/* The events of a whole document, as the reader gives them. */
static int dom_next(struct xml_reader *r, xmlNodePtr *node, int *depth)
{
	if (r->cur == NULL && !r->started && !r->ended) {
		r->cur = xmlDocGetRootElement(r->dom);
		if (r->cur == NULL) {
			diags_add(r->d, SEV_FATAL, r->name, 0, 0, NULL, NULL, "%s", _("no root element"));
			r->failed = true;
			return -1;
		}
		r->depth = 0;
		r->started = true;
	} else if (r->started) {
		xmlNodePtr c = elem_from(r->cur->children);
		r->started = false;
		if (c) {
			r->cur = c;
			r->depth++;
			r->started = true;
		} else {
			r->ended = true;
		}
	} else if (r->ended) {
		xmlNodePtr sib = elem_from(r->cur->next);
		if (sib) {
			r->cur = sib;
			r->ended = false;
			r->started = true;
		} else if (r->depth == 0) {
			return 0;
		} else {
			r->cur = r->cur->parent;
			r->depth--;
		}
	} else {
		return 0;
	}
	*node = r->cur;
	*depth = r->depth;
	return r->started ? XML_READ_START : XML_READ_END;
}

int xml_reader_next(struct xml_reader *r, xmlNodePtr *node, int *depth)
{
	if (r->failed)
		return -1;
	if (r->dom)
		return dom_next(r, node, depth);
	if (r->held) {
		reader_pass(r); /* taken and not released */
		if (r->failed)
			return -1;
	}
	if (r->pending_end) {
		r->pending_end = false;
		*node = r->last;
		*depth = r->last_depth;
		return XML_READ_END;
	}
	int ret = 1;
	if (!r->positioned)
		ret = xmlTextReaderRead(r->tr);
	r->positioned = false;
	for (; ret == 1; ret = xmlTextReaderRead(r->tr)) {
		if (reader_errors(r))
			return reader_fail(r);
		int type = xmlTextReaderNodeType(r->tr);
		if (type == XML_READER_TYPE_DOCUMENT_TYPE) {
			/* The reader reads ahead: find the line in the bytes. */
			xml_src_restore(r->src);
			const char *b = r->src->buf, *at = memmem(b, r->src->len, "<!DOCTYPE", 9);
			long line = at ? 1 + (long)xml_newlines(b, at, SIZE_MAX, NULL) : 0;
			diags_add(r->d, SEV_FATAL, r->name, line, 0, NULL, NULL, "%s",
			          _("DOCTYPE declarations are not allowed (no DTDs or entities in Muster files)"));
			r->failed = true;
			return -1;
		}
		if (type != XML_READER_TYPE_ELEMENT && type != XML_READER_TYPE_END_ELEMENT)
			continue;
		xmlNodePtr n = xmlTextReaderCurrentNode(r->tr);
		if (n == NULL)
			return reader_fail(r);
		if (r->doc == NULL && n->doc) {
			/* The source, for xml_col; taken back before the reader frees the document. */
			r->doc = n->doc;
			r->doc->_private = r->src;
		}
		*node = n;
		*depth = xmlTextReaderDepth(r->tr);
		if (type == XML_READER_TYPE_END_ELEMENT)
			return XML_READ_END;
		if (r->far.ordinal > 0)
			far_mark(r, n);
		if (xmlTextReaderIsEmptyElement(r->tr)) {
			r->pending_end = true;
			r->last = n;
			r->last_depth = *depth;
		}
		long used = xmlTextReaderByteConsumed(r->tr);
		if (used > XML_DROP_MARGIN)
			xml_src_drop(r->src, (size_t)(used - XML_DROP_MARGIN));
		return XML_READ_START;
	}
	if (ret < 0 || reader_errors(r))
		return reader_fail(r);
	if (r->vc && xmlTextReaderIsValid(r->tr) != 1) {
		if (r->valid_sink.added == 0)
			diags_add(r->d, SEV_FATAL, r->name, 0, 0, NULL, NULL, "%s",
			          _("does not match its schema"));
		r->failed = true;
		return -1;
	}
	return 0;
}

xmlNodePtr xml_reader_take(struct xml_reader *r)
{
	if (r->failed)
		return NULL;
	if (r->dom) {
		/* Validated with the whole document already; its END is not reported. */
		r->started = false;
		r->ended = true;
		return r->cur;
	}
	r->pending_end = false; /* an empty element has no content to read, and no END */
	/* Parsed to its end, and so validated (the schema checks as the parser reads). The
	 * reader's own node, in place: nothing is copied, and it stays whole until
	 * xml_reader_release reads past it (the reader frees each node it leaves). */
	xmlNodePtr n = xmlTextReaderExpand(r->tr);
	if (n == NULL || reader_errors(r)) {
		reader_fail(r);
		return NULL;
	}
	if (r->far.ordinal > 0)
		far_mark_below(r, n);
	r->held = true;
	return n;
}

/* Bytes that end a tag's name (NAME_END), and also its prefix (PREFIX_END), NUL included as
 * strchr would match it: a table rather than a strchr call per byte. */
enum { NAME_END = 1, PREFIX_END = 2 };
static const unsigned char name_stop[256] = {
	['\0'] = NAME_END | PREFIX_END, [' '] = NAME_END | PREFIX_END,
	['\t'] = NAME_END | PREFIX_END, ['\r'] = NAME_END | PREFIX_END,
	['\n'] = NAME_END | PREFIX_END, ['/'] = NAME_END | PREFIX_END,
	['>'] = NAME_END | PREFIX_END, [':'] = PREFIX_END, ['<'] = PREFIX_END,
};

size_t xml_reader_count(const struct xml_reader *r, const char *name)
{
	const char *b = r->src->buf;
	size_t len = r->src->len, nl = strlen(name), k = 0;
	for (const char *p = memchr(b, '<', len); p; p = memchr(p + 1, '<', len - (size_t)(p + 1 - b))) {
		const char *q = p + 1, *end = b + len;
		/* An optional prefix: "<c:entry". */
		const char *colon = q;
		while (colon < end && colon - q < 64 && !(name_stop[(unsigned char)*colon] & PREFIX_END))
			colon++;
		if (colon < end && *colon == ':')
			q = colon + 1;
		if ((size_t)(end - q) > nl && memcmp(q, name, nl) == 0 &&
		    (name_stop[(unsigned char)q[nl]] & NAME_END))
			k++;
		if (p + 1 >= end)
			break;
	}
	return k;
}

void xml_reader_release(struct xml_reader *r, xmlNodePtr node)
{
	if (node && r->held)
		reader_pass(r);
}

xmlDocPtr xml_reader_close_keep(struct xml_reader *r)
{
	if (r == NULL || r->dom == NULL) {
		xml_reader_close(r);
		return NULL;
	}
	xmlDocPtr doc = r->dom;
	free(r);
	return doc;
}

void xml_reader_close(struct xml_reader *r)
{
	if (r == NULL)
		return;
	if (r->dom) {
		xml_doc_free(r->dom); /* and its source */
		free(r);
		return;
	}
	if (r->doc)
		r->doc->_private = NULL;
	if (r->tr)
		xmlFreeTextReader(r->tr);
	if (r->vc)
		xmlSchemaFreeValidCtxt(r->vc);
	xml_src_drop_rest(r->src);
	xml_src_free(r->src);
	free(r);
}

static void quiet(void *ctx, xmlErrorPtr e)
{
	(void)ctx;
	(void)e;
}

char *xml_root_namespace(const char *path)
{
	if (strcmp(path, "-") == 0)
		return NULL; /* standard input is read once, by the roster reader */
	struct diags d = DIAGS_INIT;
	char *buf = NULL;
	size_t len = 0;
	int rc = xml_read_text(path, &buf, &len, &d);
	diags_release(&d);
	if (rc != 0)
		return NULL;
	char *ns = NULL;
	/* No DOCTYPE is parsed here either (xml-read.c): its entities could blow up; nor is a
	 * text the pre-scan refuses (40,000 attributes on one element take libxml2 square
	 * time). */
	struct diags pd = DIAGS_INIT;
	bool safe = len <= INT32_MAX && memmem(buf, len, "<!DOCTYPE", 9) == NULL &&
	            xml_prescan(buf, len, path, NULL, &pd) == 0;
	diags_release(&pd);
	if (safe) {
		/* Not a word from libxml2: the roster reader said what is wrong already. */
		xmlSetStructuredErrorFunc(NULL, quiet);
		xmlTextReaderPtr tr = xmlReaderForMemory(buf, (int)len, path, NULL,
		                                         XML_PARSE_NONET | XML_PARSE_NOERROR |
		                                         XML_PARSE_NOWARNING);
		if (tr)
			xmlTextReaderSetStructuredErrorHandler(tr, quiet, NULL);
		while (tr && xmlTextReaderRead(tr) == 1) {
			if (xmlTextReaderNodeType(tr) != XML_READER_TYPE_ELEMENT)
				continue;
			const xmlChar *u = xmlTextReaderConstNamespaceUri(tr);
			ns = u ? xstrdup((const char *)u) : NULL;
			break;
		}
		xmlFreeTextReader(tr);
		xmlSetStructuredErrorFunc(NULL, NULL);
	}
	free(buf);
	return ns;
}
