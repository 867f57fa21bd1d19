/* xml-int.h - what the files of the XML module share, and nothing outside it includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The module (xml.h) is split by job: xml-read.c reads a file with its cap, pre-scans and
 * parses it under the safety settings; xml-stream.c reads a large file element by element;
 * xml-schema.c compiles schemas, validates, and turns libxml2's errors into diagnostics;
 * xml.c holds the accessors the readers use. Only these files include libxml2's parser
 * headers.
 */
#ifndef MUSTER_XML_INT_H
#define MUSTER_XML_INT_H

#include "muster.h"
#include "xml.h"

#include <pthread.h>
#include <stdint.h>

#include <libxml/xmlerror.h>
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
	/* A lighter schema tried first for documents without an element lite_absent (NULL:
	 * none; xml_schema_lite). */
	struct xml_schema *lite;
	char *lite_absent;
};

/* The source of a parsed document, kept (in doc->_private) so that a diagnostic can name the
 * column of an element: libxml2 records only lines for nodes. Freed with the document. */
struct xml_src {
	char *buf;
	size_t len;
	/* Where each of the first XML_COL_LINES + 1 lines starts (libxml2 tells no line past
	 * 65535), and how many lines there are, counted up to XML_COL_LINES + 1 (that many: at
	 * least that many); made by xml_src_lines, on the first column asked for or when a large
	 * file is read element by element. Offsets fit 32 bits (XML_MAX_FILE_SIZE). */
	uint32_t *line_start;
	size_t n_lines;
	/* A file read element by element gives back the pages the parser has passed
	 * (src_drop): path, to read them again if a message needs them; drop_end, the offset
	 * before which bytes may read as zeros. */
	char *path;
	size_t drop_end;
	bool dropped;
	/* buf is the caller's (a buffer read element by element in place): not freed here. */
	bool borrowed;
	/* The attributes of a lean document's elements (struct xml_lean_attrs). */
	struct arena lean;
};

/* How far behind the parser a page must be to be given back, and how much at a time. The
 * node the reader stands on is a few kilobytes behind the parser at most; if a column is
 * ever asked for further back, xml_src_restore reads the bytes again. */
#define XML_DROP_MARGIN (256L * 1024)
/* Lines whose starts xml_col keeps: one more than the last line libxml2 can name. */
#define XML_COL_LINES 65536
_Static_assert(XML_MAX_FILE_SIZE <= UINT32_MAX, "offsets in a file read into memory fit 32 bits");
#define XML_DROP_STEP (1024L * 1024)

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
	struct xml_src *src;    /* buf's, when it is read element by element */
	xmlDocPtr xsd;          /* the schema document validating, for what it allows */
	struct arena *lean;     /* a lean document's attributes (xml_load_file_lean), or NULL */
};

/* The attributes in no namespace of an element of a lean document (xml_load_file_lean), in
 * document order, at the element's content, which libxml2 neither reads nor frees for an
 * element (elements of other documents have none there). The names are the parser's
 * dictionary's; the block and the values are in the arena of the document's source (struct
 * xml_src), freed with it. */
struct xml_lean_attrs {
	size_t n;
	struct xml_lean_attr {
		const char *name, *value;
	} a[];
};

/* xml-expect.c: what the schema document xsd allows in the instance element elem: the names
 * of its child elements (attrs false) or of its attributes (attrs true), in the schema's
 * order, at most XML_EXPECTED_MAX; any when a wildcard allows others too. False when the
 * schema declares no such element there. The names live as long as xsd. */
#define XML_EXPECTED_MAX 48
struct xml_expected {
	const char *names[XML_EXPECTED_MAX];
	size_t n;
	bool any;
};
bool xml_expected(xmlDocPtr xsd, xmlNodePtr elem, bool attrs, struct xml_expected *out);
/* The base ("xs:NMTOKEN") of the top-level simple type name of xsd, a restriction; NULL when
 * xsd has no such type. It lives as long as xsd. */
const char *xml_simple_base(xmlDocPtr xsd, const char *name);

/* xml-read.c */
/* Where the elements past line 65,535 begin, whose lines libxml2 does not keep (xml-stream.c
 * counts them itself): the first element whose start tag begins at or after offset from. */
struct xml_far {
	size_t from;  /* in: where line 65,535 starts; SIZE_MAX for a shorter text */
	long ordinal; /* out: that element's number in document order, from 1; 0 for none */
	size_t at;    /* out: the offset of its '<' */
};
/* The linear pre-scan of the limits (attributes, elements, depth): 0, or -1 with one fatal
 * diagnostic. With far (may be NULL), also finds the first element at or after far->from. */
int xml_prescan(const char *buf, size_t len, const char *name, struct xml_far *far,
                struct diags *d);
/* Skips from p to just past the terminator term (of length n), or to end. */
const char *xml_skip_past(const char *p, const char *end, const char *term, size_t n);
/* Parses buf without keeping it; blanks: keep the white space between elements. */
xmlDocPtr xml_parse_view(const char *buf, size_t len, const char *name, bool blanks,
                         struct diags *d);
/* Parses buf, which it takes: kept as the document's source, or freed on failure. */
xmlDocPtr xml_parse_owned(char *buf, size_t len, const char *name, bool blanks,
                          struct diags *d);
void xml_src_free(struct xml_src *src);
/* Gives back the rest of a borrowed buffer that a file holds too, once it is read. */
void xml_src_drop_rest(struct xml_src *src);
/* Gives back every whole page of the buffer of src, a file's own source read whole, which
 * xml_src_restore reads again from path. */
void xml_src_drop_all(struct xml_src *src, const char *path);
/* Gives back the whole pages of the source before offset upto (a file read element by
 * element); xml_src_restore reads them again, for a message that needs them. */
void xml_src_drop(struct xml_src *src, size_t upto);
void xml_src_restore(struct xml_src *src);
/* The newlines in [p, q), counting at most max of them; with at (room for max), the offset
 * from p of the byte after each. Every count of lines in this module is made here. */
size_t xml_newlines(const char *p, const char *q, size_t max, uint32_t *at);
/* The characters (UTF-8) in [p, q): a column is one more than those before it on its line. */
long xml_utf8_len(const char *p, const char *q);
/* Makes src's line table (line_start, n_lines), once. */
void xml_src_lines(struct xml_src *src);

/* xml-schema.c */
/* libxml2's structured error handler: ctx is a struct err_sink. */
void xml_sink_error(void *ctx, xmlErrorPtr e);
/* The compiled schema, compiling a lazy one on its first use; NULL with diagnostics. */
xmlSchemaPtr xml_schema_ready(const struct xml_schema *cs, struct diags *d);

#endif
