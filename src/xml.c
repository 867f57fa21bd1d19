/* xml.c - the only parser of XML: safe loading, schema checking, node helpers
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
#include "xml.h"
#include "util.h"
#include "vcache.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlschemas.h>

struct xml_schema {
	xmlDocPtr doc;
	xmlSchemaParserCtxtPtr pctxt;
	xmlSchemaPtr schema;
	/* A lazy schema (xml_schema_lazy) keeps its text and is compiled on its first use, under
	 * lock: from whichever thread needs it first. */
	bool lazy, tried;
	const char *text;
	size_t len;
	char *name;
	pthread_mutex_t lock;
	const struct vcache *cache; /* files that passed before (NULL: none) */
	uint64_t digest;
	/* A lighter schema tried first for documents without an element lite_absent (NULL:
	 * none; xml_schema_lite). */
	struct xml_schema *lite;
	char *lite_absent;
};

struct xml_src;
static void src_restore(struct xml_src *src);

/* Where libxml2's structured errors go while one of our calls runs. */
struct err_sink {
	struct diags *d;
	const char *file;
	size_t added;
	size_t max;        /* stop collecting after this many */
	bool doctype_seen;
	long end_line, end_col; /* where the input ends (0 when not known yet) */
	const char *buf;        /* the buffer parsed, or NULL when not parsing one */
	size_t len;
	struct xml_src *src;    /* buf's, when it is read element by element: src_restore */
};

/* Where the buffer being parsed ends, found only when an error asks: scanning every byte of
 * every file loaded for a message most never print cost 4% of a run (callgrind). */
static void sink_find_end(struct err_sink *sink)
{
	if (sink->end_line > 0 || sink->buf == NULL)
		return;
	sink->end_line = sink->end_col = 1;
	for (size_t i = 0; i < sink->len; i++) {
		if (sink->buf[i] == '\n') {
			sink->end_line++;
			sink->end_col = 1;
		} else if (((unsigned char)sink->buf[i] & 0xC0) != 0x80) {
			sink->end_col++;
		}
	}
}

/* libxml2 names the bytes it could not convert ("0xFF 0xFE ...") but no line: find the first
 * place they stand in the raw text. Returns 0 and sets *line and *col, or -1. */
static int find_bytes(const struct err_sink *sink, const char *hex, long *line, long *col)
{
	unsigned char want[8];
	size_t n = 0;
	for (const char *p = hex; n < sizeof(want);) {
		while (*p == ' ')
			p++;
		if (strncmp(p, "0x", 2) != 0)
			break;
		char *e;
		unsigned long v = strtoul(p + 2, &e, 16);
		if (e == p + 2 || v > 255)
			break;
		want[n++] = (unsigned char)v;
		p = e;
	}
	if (n == 0 || sink->buf == NULL)
		return -1;
	const char *hit = memmem(sink->buf, sink->len, want, n);
	if (hit == NULL)
		return -1;
	*line = 1;
	*col = 1;
	for (const char *p = sink->buf; p < hit; p++) {
		if (*p == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
	return 0;
}

static xmlParserInputPtr deny_entity_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url;
	(void)id;
	(void)ctxt;
	return NULL;
}

/* The source of a parsed document, kept (in doc->_private) so that a diagnostic can name the
 * column of an element: libxml2 records only lines for nodes. Freed with the document. */
struct xml_src {
	char *buf;
	size_t len;
	bool have_st;        /* st: the file read (not standard input nor memory) */
	struct stat st;
	/* Where each of the first XML_COL_LINES lines starts (libxml2 tells no line past 65535),
	 * computed on the first column asked for; offsets fit 32 bits (XML_MAX_FILE_SIZE). */
	uint32_t *line_start;
	size_t n_lines;
	/* A file read element by element gives back the pages the parser has passed
	 * (src_drop): path, to read them again if a message needs them; drop_end, the offset
	 * before which bytes may read as zeros. */
	char *path;
	size_t drop_end;
	bool dropped;
};

static void src_free(struct xml_src *src)
{
	if (src == NULL)
		return;
	free(src->buf);
	free(src->line_start);
	free(src->path);
	free(src);
}

/* How far behind the parser a page must be to be given back, and how much at a time. The
 * node the reader stands on is a few kilobytes behind the parser at most; if a column is
 * ever asked for further back, src_restore reads the bytes again. */
#define DROP_MARGIN (256L * 1024)
/* Lines whose starts xml_col keeps: one more than the last line libxml2 can name. */
#define XML_COL_LINES 65536
_Static_assert(XML_MAX_FILE_SIZE <= UINT32_MAX, "offsets in a file read into memory fit 32 bits");
#define DROP_STEP (1024L * 1024)

/* Gives back the whole pages of src's buffer before offset `upto`: the source of a 6.6 MiB
 * catalog was a quarter of its peak memory, held to its end only for the columns of
 * messages. madvise(MADV_DONTNEED) on private memory: the pages read as zeros afterwards,
 * never as anything else, so nothing can crash; src_restore puts the bytes back. */
static void src_drop(struct xml_src *src, size_t upto)
{
#ifdef MADV_DONTNEED
	if (src->path == NULL || upto > src->len)
		return;
	long pg = sysconf(_SC_PAGESIZE);
	if (pg <= 0)
		return;
	uintptr_t b = (uintptr_t)src->buf, page = (uintptr_t)pg;
	uintptr_t from = (b + src->drop_end + page - 1) / page * page;
	uintptr_t to = (b + upto) / page * page;
	if (to < from + (uintptr_t)DROP_STEP)
		return;
	if (madvise((void *)from, to - from, MADV_DONTNEED) == 0) {
		src->drop_end = to - b;
		src->dropped = true;
	}
#else
	(void)src;
	(void)upto;
#endif
}

/* Reads the bytes src_drop gave back again, for a message that needs them (an error path),
 * and stops giving any back. A file changed since keeps its zeros: the message may then miss
 * a column, nothing worse. */
static void src_restore(struct xml_src *src)
{
	if (src == NULL || !src->dropped)
		return;
	struct diags quiet = DIAGS_INIT;
	char *again;
	size_t len;
	if (xml_read_file(src->path, &again, &len, &quiet) == 0) {
		if (len == src->len)
			memcpy(src->buf, again, src->drop_end);
		free(again);
	}
	diags_release(&quiet);
	src->dropped = false;
	free(src->path);
	src->path = NULL;
}

/* libxml2 calls this for every node it frees; a document takes its source with it, whoever
 * frees it. */
static void on_node_free(xmlNodePtr node)
{
	if (node && (node->type == XML_DOCUMENT_NODE || node->type == XML_HTML_DOCUMENT_NODE)) {
		src_free(((xmlDocPtr)node)->_private);
		((xmlDocPtr)node)->_private = NULL;
	}
}

void xml_init(void)
{
	xmlInitParser();
	xmlSetExternalEntityLoader(deny_entity_loader);
	/* libxml2 keeps this callback per thread: the ThrDef call sets it for every thread started
	 * later (a batch's workers), the other for this one. */
	xmlThrDefDeregisterNodeDefault(on_node_free);
	xmlDeregisterNodeDefault(on_node_free);
}

void xml_cleanup(void)
{
	xml_set_languages(NULL);
	xmlCleanupParser();
}

static void strip_newline(char *s)
{
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
		s[--n] = '\0';
}

/* True when parser error e (XML_ERR_INVALID_CHAR) is about the character reference the parser
 * has just read: libxml2 2.9 gives it the code of a raw character XML does not allow, with the
 * reference's value (capped at 0x110000) in int1, and stands just past its ';'. */
static bool at_char_ref(const xmlError *e)
{
	const xmlParserCtxt *ctxt = e->ctxt;
	if (ctxt == NULL || ctxt->input == NULL || ctxt->input->cur == NULL ||
	    ctxt->input->base == NULL)
		return false;
	const xmlChar *base = ctxt->input->base, *p = ctxt->input->cur;
	if (p - base < 4 || p[-1] != ';')
		return false;
	const xmlChar *digits = --p;
	while (p > base && ((p[-1] >= '0' && p[-1] <= '9') || (p[-1] >= 'a' && p[-1] <= 'f') ||
	                    (p[-1] >= 'A' && p[-1] <= 'F')))
		p--;
	bool hex = p - base >= 3 && p[-1] == 'x';
	if (p == digits || p - base < 2 + hex || p[-1 - hex] != '#' || p[-2 - hex] != '&')
		return false;
	long val = 0;
	for (const xmlChar *q = p; q < digits; q++) {
		int v = *q <= '9' ? *q - '0' : (*q | 0x20) - 'a' + 10;
		if (!hex && v > 9)
			return false;
		val = val * (hex ? 16 : 10) + v;
		if (val > 0x110000)
			val = 0x110000;
	}
	return val == e->int1;
}

/* What a libxml2 error is about, when Muster words it itself. */
enum known { KNOWN_NONE, KNOWN_ENCODING, KNOWN_UTF8, KNOWN_CHARREF, KNOWN_NAME_LENGTH,
             KNOWN_LIMIT, KNOWN_DOCTYPE };

/* Which error e is, decided by its domain and code, never by its message's text: a message
 * quotes names and values from the file (an element named DOCTYPE, a value "too long") and
 * is worded differently by each libxml2 version. *hex: the bytes named, for the encoding
 * errors. KNOWN_NONE when libxml2's own message is the best there is. */
static enum known known_error(const xmlError *e, const char **hex)
{
	*hex = NULL;
	if (e->domain == XML_FROM_I18N && e->code == XML_I18N_CONV_FAILED && e->str1) {
		/* str1: "0xFF 0xFE ...": the text does not match the encoding its XML
		 * declaration names. */
		*hex = e->str1;
		return KNOWN_ENCODING;
	}
	if (e->domain != XML_FROM_PARSER)
		return KNOWN_NONE;
	const xmlParserCtxt *ctxt = e->ctxt;
	switch (e->code) {
	case XML_ERR_INVALID_CHAR:
		/* Only the UTF-8 check names bytes, in str1: "Bytes: 0x.. 0x..\n". */
		if (e->str1 && (*hex = strstr(e->str1, "0x")) != NULL)
			return KNOWN_UTF8;
		return at_char_ref(e) ? KNOWN_CHARREF : KNOWN_NONE;
	case XML_ERR_INVALID_CHARREF:
	case XML_ERR_INVALID_HEX_CHARREF:
	case XML_ERR_INVALID_DEC_CHARREF:
		return KNOWN_CHARREF;
	case XML_ERR_NAME_TOO_LONG:
		return KNOWN_NAME_LENGTH;
	case XML_ERR_INTERNAL_ERROR:
		/* libxml2 2.9 tells elements nested past its limit with the limit in int1, and a
		 * hint to set XML_PARSE_HUGE, which Muster never sets on purpose (DESIGN.md). Its
		 * other limits (10,000,000 bytes of text or of a value) lie past
		 * XML_MAX_FILE_SIZE. */
		return e->int1 > 0 ? KNOWN_LIMIT : KNOWN_NONE;
	case XML_ERR_DOCTYPE_NOT_FINISHED:
		return KNOWN_DOCTYPE;
	default:
		/* Any other error inside a <!DOCTYPE ...>, before refuse_doctype sees it (no name,
		 * an unfinished external id) or in its internal subset (the element-by-element
		 * reader has no refuse_doctype). */
		return ctxt && ctxt->inSubset != 0 ? KNOWN_DOCTYPE : KNOWN_NONE;
	}
}

/* The message for error e of kind k, hex the bytes it names. */
static char *known_message(enum known k, const char *hex)
{
	switch (k) {
	case KNOWN_ENCODING:
		return xasprintf(_("the text is not valid in the encoding the file declares (bytes %s)"),
		                 hex);
	case KNOWN_UTF8:
		return xasprintf(_("the text is not valid UTF-8 (bytes %s)"), hex);
	case KNOWN_CHARREF:
		return xstrdup(_("a character reference (&#...;) names no character XML allows"));
	case KNOWN_NAME_LENGTH:
		return xstrdup(_("a name is too long (the limit is 50,000 characters)"));
	case KNOWN_LIMIT:
		return xstrdup(_("the file goes past a limit of the XML parser (a value or text too "
		                 "long, or elements nested too deeply)"));
	case KNOWN_DOCTYPE:
		return xstrdup(_("DOCTYPE declarations are not allowed (no DTDs or entities in Muster files)"));
	case KNOWN_NONE:
		break;
	}
	return NULL;
}

/* libxml2's own message, without the name of its function that some start with
 * ("xmlParseFoo : "). */
static const char *libxml_words(const char *m)
{
	if (m == NULL)
		return _("malformed XML");
	if (strncmp(m, "xml", 3) != 0)
		return m;
	const char *p = m + 3;
	while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z'))
		p++;
	while (*p == ' ')
		p++;
	if (*p != ':')
		return m;
	for (p++; *p == ' '; p++)
		;
	return *p ? p : m;
}

/* Whatever libxml2 expected next, the parser stood at the end of the text. */
static bool at_end(struct err_sink *sink, const xmlError *e, long line, long col)
{
	if (sink->buf == NULL || e->domain != XML_FROM_PARSER)
		return false;
	sink_find_end(sink);
	return line > sink->end_line || (line == sink->end_line && col >= sink->end_col);
}

static void sink_error(void *ctx, xmlErrorPtr e)
{
	struct err_sink *sink = ctx;
	if (e == NULL || sink->added >= sink->max)
		return;
	if (e->level == XML_ERR_WARNING)
		return;
	if (sink->doctype_seen)
		return; /* the DOCTYPE message already says it all */
	if (sink->src)
		src_restore(sink->src); /* the bytes read, for finding the end or bad bytes */
	long line = e->line;
	long col = e->int2;
	if (line <= 0 && e->node != NULL)
		line = xmlGetLineNo((xmlNodePtr)e->node);
	const char *hex;
	enum known k = known_error(e, &hex);
	char *msg;
	if (hex) {
		char *h = xstrdup(hex);
		strip_newline(h);
		/* A conversion error names bytes but no line: find where they stand. */
		if (k == KNOWN_ENCODING && line <= 0 && find_bytes(sink, h, &line, &col) != 0)
			line = 0;
		msg = known_message(k, h);
		free(h);
	} else if (k != KNOWN_NONE) {
		msg = known_message(k, NULL);
	} else if (at_end(sink, e, line, col)) {
		msg = xstrdup(_("unexpected end of file (is the file truncated?)"));
	} else {
		msg = xstrdup(libxml_words(e->message));
	}
	strip_newline(msg);
	/* One diagnostic is one line. */
	for (char *p = msg; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	diags_add(sink->d, SEV_FATAL, sink->file, line, col, NULL, NULL, "%s", msg);
	free(msg);
	sink->added++;
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

static xmlDocPtr parse_view(const char *buf, size_t len, const char *name, bool blanks,
                            struct diags *d);

/* Where a pre-scan limit was passed, for the message. */
static void prescan_fail(const char *buf, const char *at, const char *name, struct diags *d,
                         char *msg)
{
	long line = 1, col = 1;
	for (const char *p = buf; p < at; p++) {
		if (*p == '\n') {
			line++;
			col = 1;
		} else if (((unsigned char)*p & 0xC0) != 0x80) {
			col++;
		}
	}
	diags_add(d, SEV_FATAL, name, line, col, NULL, NULL, "%s", msg);
	free(msg);
}

/* Skips from p to just past the terminator term (of length n), or to end. */
static const char *skip_past(const char *p, const char *end, const char *term, size_t n)
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
static int xml_prescan(const char *buf, size_t len, const char *name, struct diags *d)
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
			p = skip_past(p + 3, end, "-->", 3);
		} else if (rest >= 8 && memcmp(p, "![CDATA[", 8) == 0) {
			p = skip_past(p + 8, end, "]]>", 3);
		} else if (rest >= 1 && *p == '?') {
			p = skip_past(p + 1, end, "?>", 2);
		} else if (rest >= 1 && *p == '!') {
			p = skip_past(p + 1, end, ">", 1); /* a DOCTYPE: refused by the parser */
		} else if (rest >= 1 && *p == '/') {
			p = skip_past(p + 1, end, ">", 1);
			if (depth > 0)
				depth--;
		} else {
			if (++elements > XML_MAX_ELEMENTS) {
				prescan_fail(buf, lt, name, d,
				             xasprintf(_("too many elements in one file (the limit is %ld)"),
				                       XML_MAX_ELEMENTS));
				return -1;
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


/* Parses buf, which it takes: kept as the document's source, or freed on failure. */
static xmlDocPtr parse_owned(char *buf, size_t len, const char *name, bool blanks,
                             struct diags *d)
{
	xmlDocPtr doc = parse_view(buf, len, name, blanks, d);
	if (doc == NULL) {
		free(buf);
		return NULL;
	}
	struct xml_src *src = xcalloc(1, sizeof(*src));
	src->buf = buf;
	src->len = len;
	doc->_private = src;
	return doc;
}

xmlDocPtr xml_load_memory(const char *buf, size_t len, const char *name, struct diags *d)
{
	return parse_owned(xstrndup(buf, len), len, name, false, d);
}

xmlDocPtr xml_load_memory_for_edit(const char *buf, size_t len, const char *name,
                                   struct diags *d)
{
	return parse_owned(xstrndup(buf, len), len, name, true, d);
}

/* Parses buf without keeping it; blanks: keep the white space between elements. */
static xmlDocPtr parse_view(const char *buf, size_t len, const char *name, bool blanks,
                            struct diags *d)
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
		long line = 1;
		for (const char *p = buf; p < z; p++)
			line += (*p == '\n');
		diags_add(d, SEV_FATAL, name, line, 0, NULL, NULL, "%s",
		          _("not an XML file: it contains a NUL byte"));
		return NULL;
	}
	if (xml_prescan(buf, len, name, d) != 0)
		return NULL;
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	if (ctxt == NULL) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("cannot create an XML parser"));
		return NULL;
	}
	struct err_sink sink = { d, name, 0, 1, false, 0, 0, buf, len, NULL };
	ctxt->_private = &sink;
	ctxt->sax->internalSubset = refuse_doctype;
	xmlSetStructuredErrorFunc(&sink, sink_error);
	/* COMPACT and NOBLANKS only save allocations (measured: 10% fewer instructions per run). */
	int opts = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT |
	           (blanks ? 0 : XML_PARSE_NOBLANKS);
	xmlDocPtr doc = xmlCtxtReadMemory(ctxt, buf, (int)len, name, NULL, opts);
	bool ok = doc != NULL && ctxt->wellFormed && !sink.doctype_seen;
	xmlSetStructuredErrorFunc(NULL, NULL);
	xmlFreeParserCtxt(ctxt);
	if (!ok) {
		if (doc)
			xmlFreeDoc(doc);
		if (sink.added == 0)
			diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("malformed XML"));
		return NULL;
	}
	return doc;
}

static xmlDocPtr load_file(const char *path, bool blanks, struct diags *d);

xmlDocPtr xml_load_file(const char *path, struct diags *d)
{
	return load_file(path, false, d);
}

xmlDocPtr xml_load_file_for_edit(const char *path, struct diags *d)
{
	return load_file(path, true, d);
}

static int read_file(const char *path, char **out, size_t *out_len, struct stat *st_out,
                     struct diags *d);

int xml_read_file(const char *path, char **out, size_t *out_len, struct diags *d)
{
	struct stat st;
	return read_file(path, out, out_len, &st, d);
}

/* st_out: what fstat said of the file (st_mode 0 for standard input). */
static int read_file(const char *path, char **out, size_t *out_len, struct stat *st_out,
                     struct diags *d)
{
	memset(st_out, 0, sizeof(*st_out));
	*out = NULL;
	*out_len = 0;
	/* "-" is standard input, as for every GNU tool; messages call it "-". */
	bool is_stdin = strcmp(path, "-") == 0;
	/* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever. Only
	 * a regular file is read (standard input may be a pipe: the user chose it). */
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot open: %s"), strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int e = errno;
		if (!is_stdin)
			close(fd);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot read: %s"), strerror(e));
		return -1;
	}
	if (S_ISDIR(st.st_mode) || (!is_stdin && !S_ISREG(st.st_mode))) {
		if (!is_stdin)
			close(fd);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s",
		          S_ISDIR(st.st_mode) ? _("is a directory")
		          : S_ISFIFO(st.st_mode) ? _("is a named pipe, not a regular file")
		          : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? _("is a device, not a regular file")
		          : S_ISSOCK(st.st_mode) ? _("is a socket, not a regular file")
		          : _("is not a regular file"));
		return -1;
	}
	if (!is_stdin) {
		/* A regular file never blocks; reads are simply blocking again. */
		int fl = fcntl(fd, F_GETFL);
		if (fl >= 0)
			(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	}
	/* Read at most one byte past the cap, so that a larger file is told from one at the cap
	 * without trusting st_size (pipes and /proc files have none). */
	size_t cap = 0, len = 0;
	char *buf = NULL;
	int err = 0;
	/* A regular file's size is known: one buffer of exactly that (and the byte that tells a
	 * file grown since), not a doubled one: for a 6.6 MiB catalog, 8 MiB held while it is read. */
	if (!is_stdin && S_ISREG(st.st_mode) && st.st_size >= 0 && st.st_size <= XML_MAX_FILE_SIZE) {
		cap = (size_t)st.st_size + 1;
		buf = xmalloc(cap);
	}
	for (;;) {
		if (len == cap)
			GROW(buf, cap, len + 65536);
		size_t want = cap - len;
		if (len + want > (size_t)XML_MAX_FILE_SIZE + 1)
			want = (size_t)XML_MAX_FILE_SIZE + 1 - len;
		ssize_t got = read(fd, buf + len, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			err = errno;
			break;
		}
		len += (size_t)got;
		if (got == 0 || len > (size_t)XML_MAX_FILE_SIZE)
			break;
	}
	if (!is_stdin)
		close(fd);
	if (err) {
		free(buf);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot read: %s"), strerror(err));
		return -1;
	}
	if (len > (size_t)XML_MAX_FILE_SIZE) {
		free(buf);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL,
		          _("file is too large (over %ld MiB, the limit)"),
		          XML_MAX_FILE_SIZE / (1024 * 1024));
		return -1;
	}
	*out = buf;
	*out_len = len;
	if (!is_stdin)
		*st_out = st;
	return 0;
}

/* Remembers which file doc's source was read from (for the schema cache). */
static void src_set_stat(struct xml_src *src, const struct stat *st)
{
	if (src && st && S_ISREG(st->st_mode)) {
		src->st = *st;
		src->have_st = true;
	}
}

static xmlDocPtr load_file(const char *path, bool blanks, struct diags *d)
{
	char *buf;
	size_t len;
	struct stat st;
	if (read_file(path, &buf, &len, &st, d) != 0)
		return NULL;
	xmlDocPtr doc = parse_owned(buf, len, path, blanks, d);
	if (doc)
		src_set_stat(doc->_private, &st);
	return doc;
}

/* ------------------------------------------------------------------ reading element by element */

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
	xmlNodePtr last;
	int last_depth;
	bool failed;
	const struct vcache *cache; /* the file passes: remember it under key */
	struct vcache_key key;
};

struct root_want {
	const char *name, *ns;
};

static struct xml_reader *reader_from(char *buf, size_t len, const char *path,
                                      const struct stat *st, const struct root_want *want,
                                      const struct xml_schema *s, bool stream, struct diags *d);
static xmlSchemaPtr schema_ready(const struct xml_schema *cs, struct diags *d);

struct xml_reader *xml_reader_open(const char *path, const char *root, const char *ns,
                                   const struct xml_schema *s, struct diags *d)
{
	char *buf;
	size_t len;
	struct stat st;
	if (read_file(path, &buf, &len, &st, d) != 0)
		return NULL;
	struct root_want want = { root, ns };
	return reader_from(buf, len, path, &st, &want, s, true, d);
}

struct xml_reader *xml_reader_open_memory(const char *buf, size_t len, const char *name,
                                          const char *root, const char *ns,
                                          const struct xml_schema *s, struct diags *d)
{
	struct root_want want = { root, ns };
	return reader_from(xstrndup(buf, len), len, name, NULL, &want, s, false, d);
}

/* Takes buf, read from the file st describes (NULL: from memory). stream: a large buffer is
 * read element by element. */
static struct xml_reader *reader_from(char *buf, size_t len, const char *path,
                                      const struct stat *st, const struct root_want *want,
                                      const struct xml_schema *s, bool stream, struct diags *d)
{
	if (len == 0 || memchr(buf, '\0', len) != NULL) {
		/* The messages of a whole-file parse, for an empty file or a NUL byte. */
		xmlDocPtr doc = parse_view(buf, len, path, false, d);
		if (doc)
			xmlFreeDoc(doc);
		free(buf);
		return NULL;
	}
	struct xml_reader *r = xcalloc(1, sizeof(*r));
	r->d = d;
	r->name = path;
	if (!stream || len < (size_t)XML_STREAM_MIN) {
		r->dom = parse_owned(buf, len, path, false, d);
		if (r->dom)
			src_set_stat(r->dom->_private, st);
		/* The root first: "expected a <catalog>" says more than the schema would. */
		if (r->dom == NULL || xml_root(r->dom, want->name, want->ns, path, d) == NULL ||
		    (s && xml_schema_check_parsed(s, r->dom, path, d) != 0)) {
			xml_reader_close(r);
			return NULL;
		}
		r->src = r->dom->_private; /* the document's: freed with it */
		return r;
	}
	/* The limits of a whole-file parse (attributes, elements, depth) hold here too. */
	if (xml_prescan(buf, len, path, d) != 0) {
		free(buf);
		free(r);
		return NULL;
	}
	r->src = xcalloc(1, sizeof(*r->src));
	r->src->buf = buf;
	r->src->len = len;
	/* Standard input cannot be read again: its pages are kept. */
	r->src->path = strcmp(path, "-") != 0 ? xstrdup(path) : NULL;
	r->parse_sink = (struct err_sink){ d, path, 0, 1, false, 0, 0, buf, len, r->src };
	r->valid_sink = (struct err_sink){ d, path, 0, 50, false, 0, 0, NULL, 0, NULL };
	int opts = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT |
	           XML_PARSE_NOBLANKS;
	r->tr = xmlReaderForMemory(buf, (int)len, path, NULL, opts);
	if (r->tr == NULL) {
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s", _("cannot create an XML parser"));
		xml_reader_close(r);
		return NULL;
	}
	xmlTextReaderSetStructuredErrorHandler(r->tr, sink_error, &r->parse_sink);
	if (s && s->cache && st && vcache_key(s->digest, st, &r->key)) {
		if (vcache_has(s->cache, &r->key))
			s = NULL; /* these bytes passed before */
		else
			r->cache = s->cache;
	}
	if (s) {
		xmlSchemaPtr compiled = schema_ready(s, d);
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
		xmlSchemaSetValidStructuredErrors(r->vc, sink_error, &r->valid_sink);
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
		src_restore(r->src);
		xmlDocPtr doc = parse_view(r->src->buf, r->src->len, r->name, false, r->d);
		if (doc) {
			xmlFreeDoc(doc);
			diags_add(r->d, SEV_FATAL, r->name, 0, 0, NULL, NULL, "%s", _("malformed XML"));
		}
	}
	r->failed = true;
	return -1;
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
			src_restore(r->src);
			const char *b = r->src->buf, *at = memmem(b, r->src->len, "<!DOCTYPE", 9);
			long line = 1;
			for (const char *q = b; at && q < at; q++)
				line += *q == '\n';
			diags_add(r->d, SEV_FATAL, r->name, at ? line : 0, 0, NULL, NULL, "%s",
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
		if (xmlTextReaderIsEmptyElement(r->tr)) {
			r->pending_end = true;
			r->last = n;
			r->last_depth = *depth;
		}
		long used = xmlTextReaderByteConsumed(r->tr);
		if (used > DROP_MARGIN)
			src_drop(r->src, (size_t)(used - DROP_MARGIN));
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
	if (r->vc)
		vcache_add(r->cache, &r->key);
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
	xmlNodePtr n = xmlTextReaderExpand(r->tr);
	if (n == NULL || reader_errors(r)) {
		reader_fail(r);
		return NULL;
	}
	xmlNodePtr copy = xmlDocCopyNode(n, n->doc, 1);
	if (copy == NULL) {
		reader_fail(r);
		return NULL;
	}
	/* Past its end: every node of it is validated on the way, then freed by the reader. */
	int ret = xmlTextReaderNext(r->tr);
	if (ret < 0 || reader_errors(r)) {
		xmlFreeNode(copy);
		reader_fail(r);
		return NULL;
	}
	r->positioned = ret == 1;
	if (ret == 0)
		r->positioned = false;
	return copy;
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
	if (node && r->dom == NULL)
		xmlFreeNode(node);
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
		xmlFreeDoc(r->dom); /* and its source */
		free(r);
		return;
	}
	if (r->doc)
		r->doc->_private = NULL;
	if (r->tr)
		xmlFreeTextReader(r->tr);
	if (r->vc)
		xmlSchemaFreeValidCtxt(r->vc);
	src_free(r->src);
	free(r);
}

/* Compiles the schema document doc (loaded from name), which it takes, into s. */
static int compile_into(struct xml_schema *s, xmlDocPtr doc, const char *name, struct diags *d)
{
	s->doc = doc;
	if (s->doc == NULL)
		return -1;
	struct err_sink sink = { d, name, 0, 20, false, 0, 0, NULL, 0, NULL };
	xmlSetStructuredErrorFunc(&sink, sink_error);
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

struct xml_schema *xml_schema_lazy(const char *text, size_t len, const char *name,
                                   const struct vcache *cache)
{
	struct xml_schema *s = xcalloc(1, sizeof(*s));
	s->lazy = true;
	s->text = text;
	s->len = len;
	s->name = xstrdup(name);
	pthread_mutex_init(&s->lock, NULL);
	s->cache = cache;
	if (cache)
		s->digest = vcache_schema_digest(text, len);
	return s;
}

/* The compiled schema, compiling a lazy one on first use; NULL with diagnostics when it does
 * not compile (every time it is asked for: each caller's diagnostics say why). A lazy schema
 * is const to its users, as compiling it changes nothing they can see. */
static xmlSchemaPtr schema_ready(const struct xml_schema *cs, struct diags *d)
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
	s->lite = xml_schema_lazy(text, len, s->name ? s->name : "", NULL);
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
		xmlFreeDoc(s->doc);
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
	xmlSchemaPtr compiled = schema_ready(s, d);
	if (compiled == NULL)
		return -1;
	xmlSchemaValidCtxtPtr v = xmlSchemaNewValidCtxt(compiled);
	if (v == NULL) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("cannot create a validator"));
		return -1;
	}
	struct err_sink sink = { d, name, 0, 50, false, 0, 0, NULL, 0, NULL };
	xmlSchemaSetValidStructuredErrors(v, sink_error, &sink);
	int rc = xmlSchemaValidateDoc(v, doc);
	xmlSchemaFreeValidCtxt(v);
	if (rc != 0 && sink.added == 0)
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("does not match its schema"));
	return rc == 0 ? 0 : -1;
}

int xml_schema_check_parsed(const struct xml_schema *s, xmlDocPtr doc, const char *name,
                            struct diags *d)
{
	const struct xml_src *src = doc ? doc->_private : NULL;
	struct vcache_key key;
	if (s->cache == NULL || src == NULL || !src->have_st || !vcache_key(s->digest, &src->st, &key))
		return xml_schema_validate(s, doc, name, d);
	if (vcache_has(s->cache, &key))
		return 0;
	if (xml_schema_validate(s, doc, name, d) != 0)
		return -1;
	vcache_add(s->cache, &key);
	return 0;
}

int xml_check_root(xmlNodePtr root, const char *name, const char *ns, const char *file,
                   struct diags *d)
{
	const char *rns = root->ns && root->ns->href ? (const char *)root->ns->href : "";
	if (strcmp((const char *)root->name, name) != 0 || strcmp(rns, ns) != 0) {
		diags_add(d, SEV_FATAL, file, xmlGetLineNo(root), 0, NULL, NULL,
		          _("expected a <%s> element in namespace '%s', found <%s>%s%s%s"), name, ns,
		          (const char *)root->name, *rns ? _(" in namespace '") : _(" with no namespace"),
		          rns, *rns ? "'" : "");
		return -1;
	}
	return 0;
}

xmlNodePtr xml_root(xmlDocPtr doc, const char *name, const char *ns, const char *file,
                    struct diags *d)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);
	if (root == NULL) {
		diags_add(d, SEV_FATAL, file, 0, 0, NULL, NULL, "%s", _("no root element"));
		return NULL;
	}
	return xml_check_root(root, name, ns, file, d) == 0 ? root : NULL;
}

static bool elem_ok(xmlNodePtr n, const xmlNs *ns)
{
	if (n->type != XML_ELEMENT_NODE)
		return false;
	/* Children in the parent's namespace only: foreign extension elements are skipped. */
	if (ns == NULL)
		return n->ns == NULL;
	return n->ns != NULL && n->ns->href && ns->href &&
	       xmlStrEqual(n->ns->href, ns->href);
}

xmlNodePtr xml_first_elem(xmlNodePtr parent)
{
	if (parent == NULL)
		return NULL;
	for (xmlNodePtr n = parent->children; n; n = n->next)
		if (elem_ok(n, parent->ns))
			return n;
	return NULL;
}

xmlNodePtr xml_next_elem(xmlNodePtr node)
{
	for (xmlNodePtr n = node->next; n; n = n->next)
		if (elem_ok(n, node->ns))
			return n;
	return NULL;
}

xmlNodePtr xml_child(xmlNodePtr parent, const char *name)
{
	for (xmlNodePtr n = xml_first_elem(parent); n; n = xml_next_elem(n))
		if (xml_is(n, name))
			return n;
	return NULL;
}

bool xml_is(xmlNodePtr node, const char *name)
{
	return node && strcmp((const char *)node->name, name) == 0;
}

int xml_need(xmlNodePtr node, const char *name, const void *value, const char *file,
             struct diags *d)
{
	if (value != NULL)
		return 0;
	diags_add(d, SEV_FATAL, file, xml_line(node), xml_col(node), NULL, NULL,
	          _("<%s> needs the attribute %s=\"...\""), (const char *)node->name, name);
	return -1;
}

char *xml_prop(xmlNodePtr node, const char *name)
{
	xmlChar *v = xmlGetNoNsProp(node, (const xmlChar *)name);
	if (v == NULL)
		return NULL;
	/* libxml2 allocates with malloc unless told otherwise (xmlMemSetup): then its copy is
	 * ours to free, and a second copy would only cost time (an attribute is read this way
	 * for every id of every file). */
	if (xmlFree == (xmlFreeFunc)free)
		return (char *)v;
	char *s = xstrdup((const char *)v);
	xmlFree(v);
	return s;
}

const char *xml_prop_in(xmlNodePtr node, const char *name, struct arena *a)
{
	xmlAttrPtr at = xmlHasProp(node, (const xmlChar *)name);
	if (at == NULL || at->type != XML_ATTRIBUTE_NODE)
		return NULL;
	xmlNodePtr t = at->children;
	/* The usual value, one text node, is copied from where it lies: no malloc, no free. */
	if (t == NULL)
		return arena_strndup(a, "", 0);
	if (t->next == NULL && t->type == XML_TEXT_NODE && t->content)
		return arena_strndup(a, (const char *)t->content, strlen((const char *)t->content));
	char *v = xml_prop(node, name);
	const char *s = v ? arena_strndup(a, v, strlen(v)) : NULL;
	free(v);
	return s;
}

int xml_prop_long(xmlNodePtr node, const char *name, long min, long max, long def, long *out,
                  const char *file, struct diags *d)
{
	char *v = xml_prop(node, name);
	if (v == NULL) {
		*out = def;
		return 0;
	}
	int rc = parse_long(v, min, max, out);
	if (rc != 0)
		diags_add(d, SEV_FATAL, file, xml_line(node), xml_col(node), NULL, NULL,
		          _("attribute '%s' of <%s> must be a whole number from %ld to %ld, not '%s'"),
		          name, (const char *)node->name, min, max, v);
	free(v);
	return rc;
}

char *xml_text(xmlNodePtr node)
{
	xmlChar *v = xmlNodeGetContent(node);
	const char *s = v ? (const char *)v : "";
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	char *r = xstrndup(s, n);
	xmlFree(v);
	return r;
}

long xml_line(xmlNodePtr node)
{
	return node ? xmlGetLineNo(node) : 0;
}

long xml_col(xmlNodePtr node)
{
	if (node == NULL || node->type != XML_ELEMENT_NODE || node->doc == NULL)
		return 0;
	struct xml_src *src = node->doc->_private;
	long line = xmlGetLineNo(node);
	if (src == NULL || line <= 0)
		return 0;
	if (src->line_start == NULL) {
		src_restore(src); /* counting lines reads every byte */
		src->n_lines = 1;
		for (size_t k = 0; k < src->len; k++)
			src->n_lines += src->buf[k] == '\n';
		size_t kept = src->n_lines < XML_COL_LINES ? src->n_lines : XML_COL_LINES;
		src->line_start = xcalloc(kept, sizeof(*src->line_start));
		for (size_t k = 0, l = 1; k < src->len && l < kept; k++)
			if (src->buf[k] == '\n')
				src->line_start[l++] = (uint32_t)(k + 1);
	}
	if ((size_t)line > src->n_lines)
		return 0;
	/* libxml2 keeps an element's line in 16 bits: past line 65535 it says 65535, and which
	 * element of the file that is cannot be told. Looking for it on line 65535 would name the
	 * wrong column, after reading the whole file again (7 MB for a 100,000-unit list). */
	if (line >= 65535 && src->n_lines > 65535)
		return 0;
	/* Here line < XML_COL_LINES, and line_start[line] is kept when line < n_lines. */
	if (src->dropped && src->line_start[line - 1] < src->drop_end + 1)
		src_restore(src); /* a line given back already (an error on an earlier element) */
	/* The first tag on the element's line whose local name (after any "prefix:") is the
	 * element's: exact unless one line holds two such tags. */
	const char *buf = src->buf;
	size_t from = src->line_start[line - 1];
	size_t to = (size_t)line < src->n_lines ? src->line_start[line] : src->len;
	size_t name_len = strlen((const char *)node->name);
	for (size_t k = from; k < to; k++) {
		if (buf[k] != '<')
			continue;
		size_t e = k + 1, local = k + 1;
		while (e < to && !strchr(" \t\r\n/>", buf[e])) {
			if (buf[e] == ':')
				local = e + 1;
			e++;
		}
		if (e - local == name_len && memcmp(buf + local, node->name, name_len) == 0) {
			long col = 1;
			for (size_t c = from; c < k; c++)
				col += ((unsigned char)buf[c] & 0xC0) != 0x80;
			return col;
		}
	}
	return 0;
}

/* --- languages (xml:lang) ------------------------------------------------------------------ */

/* The user's languages, best first: primary subtags, lower case ("fr", "de"). */
static char **pref_langs;
static size_t n_pref_langs;

/* The primary language subtag of a tag or locale name ("de" of "de_DE.UTF-8", "fr-CA"),
 * lower-cased, into buf; false when there is none. */
static bool primary_subtag(const char *tag, char *buf, size_t size)
{
	size_t n = 0;
	while (tag[n] && tag[n] != '_' && tag[n] != '-' && tag[n] != '.' && tag[n] != '@')
		n++;
	if (n == 0 || n >= size)
		return false;
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)((tag[i] >= 'A' && tag[i] <= 'Z') ? tag[i] - 'A' + 'a' : tag[i]);
	buf[n] = '\0';
	return true;
}

void xml_set_languages(const char *list)
{
	for (size_t i = 0; i < n_pref_langs; i++)
		free(pref_langs[i]);
	free(pref_langs);
	pref_langs = NULL;
	n_pref_langs = 0;
	size_t cap = 0;
	const char *p = list ? list : "";
	while (*p) {
		size_t n = strcspn(p, ":");
		char *tag = xstrndup(p, n);
		char sub[16];
		if (primary_subtag(tag, sub, sizeof(sub)) && strcmp(sub, "c") != 0 &&
		    strcmp(sub, "posix") != 0) {
			bool dup = false;
			for (size_t i = 0; i < n_pref_langs; i++)
				dup |= strcmp(pref_langs[i], sub) == 0;
			if (!dup) {
				GROW(pref_langs, cap, n_pref_langs + 1);
				pref_langs[n_pref_langs++] = xstrdup(sub);
			}
		}
		free(tag);
		p += n;
		if (*p == ':')
			p++;
	}
}

char *xml_lang(xmlNodePtr node)
{
	xmlChar *v = xmlGetNsProp(node, (const xmlChar *)"lang", XML_XML_NAMESPACE);
	if (v == NULL)
		return NULL;
	char *r = xstrdup((const char *)v);
	xmlFree(v);
	return r;
}

size_t xml_lang_rank(xmlNodePtr node)
{
	char *lang = xml_lang(node);
	if (lang == NULL)
		return n_pref_langs;
	char sub[16];
	size_t rank = n_pref_langs + 1;
	if (primary_subtag(lang, sub, sizeof(sub)))
		for (size_t i = 0; i < n_pref_langs && rank > n_pref_langs; i++)
			if (strcmp(pref_langs[i], sub) == 0)
				rank = i;
	free(lang);
	return rank;
}

xmlNodePtr xml_child_lang(xmlNodePtr parent, const char *name)
{
	xmlNodePtr best = NULL;
	size_t best_rank = SIZE_MAX;
	for (xmlNodePtr n = xml_first_elem(parent); n; n = xml_next_elem(n)) {
		if (!xml_is(n, name))
			continue;
		size_t rank = xml_lang_rank(n);
		if (rank < best_rank) {
			best = n;
			best_rank = rank;
		}
	}
	return best;
}

char *xml_name_lang(xmlNodePtr node, const char *attr)
{
	xmlNodePtr best = NULL;
	size_t best_rank = n_pref_langs; /* a translation must beat the default */
	for (xmlNodePtr n = xml_first_elem(node); n; n = xml_next_elem(n)) {
		if (!xml_is(n, "name"))
			continue;
		size_t rank = xml_lang_rank(n);
		if (rank < best_rank) {
			best = n;
			best_rank = rank;
		}
	}
	return best ? xml_text(best) : xml_prop(node, attr);
}

void xml_set_prop(xmlNodePtr n, const char *name, const char *value)
{
	char *v = xml_chars(value);
	xmlSetProp(n, BAD_CAST name, BAD_CAST v);
	free(v);
}
