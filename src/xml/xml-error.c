/* xml-error.c - libxml2's errors made diagnostics
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * libxml2 reports errors through a structured handler (xml_sink_error) while one of our calls
 * runs; each becomes one diagnostic "FILE:LINE:COL: message", in Muster's words where
 * libxml2's code says what the error is. It reads the bytes parsed (xml-src.c) and nothing
 * else of ours: the readers and the schemas call it, never the other way round.
 */
#include "muster.h"
#include "xml-int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>

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
             KNOWN_LIMIT, KNOWN_DOCTYPE, KNOWN_NOT_XML };

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
	case XML_ERR_DOCUMENT_EMPTY:
		/* "Start tag expected, '<' not found": no element at all, such as a list pasted
		 * as text and saved as .xml */
		return KNOWN_NOT_XML;
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
	case KNOWN_NOT_XML:
		return xstrdup(_("this is not XML: it does not start with an element (a list pasted as "
		                 "text is read with 'muster import')"));
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

/* --- schema errors in Muster's words --------------------------------------------------- */

/* s without the namespaces libxml2 writes before names ("{urn:x-muster:rules:1}at-least"):
 * the files name elements plainly. Caller frees. */
static char *plain_names(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "");
	for (const char *p = s; *p; p++) {
		/* a namespace: "{" a URI "}" a name; never a set of values ("{'1', '2'}") */
		size_t n = *p == '{' ? strcspn(p + 1, "}' ") : 0;
		if (n > 0 && p[1 + n] == '}' && memchr(p + 1, ':', n) && p[2 + n] != '\0')
			p += 1 + n;
		else
			strbuf_addc(&sb, *p);
	}
	return sb.s;
}

/* "<a>, <b>, <c>" (elements) or "a, b, c" (attributes), at most a dozen and how many more. */
#define EXPECTED_SHOWN 12
static void add_names(struct strbuf *sb, const char *const *names, size_t n, bool elements)
{
	for (size_t i = 0; i < n && i < EXPECTED_SHOWN; i++)
		strbuf_addf(sb, elements ? "%s<%s>" : "%s%s", i ? ", " : "", names[i]);
	if (n > EXPECTED_SHOWN)
		strbuf_addf(sb, _(" and %zu more"), n - EXPECTED_SHOWN);
}

/* "; did you mean <x>?" when one of names is near word, else "". Caller frees. */
static char *near_name(const char *word, const char *const *names, size_t n, bool element)
{
	struct nearest nr;
	nearest_init(&nr, word);
	for (size_t i = 0; i < n; i++)
		nearest_offer(&nr, names[i], names[i]);
	if (nr.best == NULL)
		return xstrdup("");
	return element ? xasprintf(_("; did you mean <%s>?"), nr.best)
	               : xasprintf(_("; did you mean '%s'?"), nr.best);
}

/* The names in libxml2's "Expected is ( a, b )" or "Expected is one of ( a, b )", which it
 * gives when its automaton knows what could come next: written only into the message, so
 * read from there. They go in out (plain names, in buf); false when the message has none. */
static bool libxml_expected(const char *msg, char *buf, size_t size, struct xml_expected *out)
{
	const char *p = msg ? strstr(msg, "Expected is ") : NULL;
	const char *open = p ? strchr(p, '(') : NULL;
	const char *close = open ? strchr(open, ')') : NULL;
	if (close == NULL || (size_t)(close - open) >= size)
		return false;
	memset(out, 0, sizeof(*out));
	memcpy(buf, open + 1, (size_t)(close - open - 1));
	buf[close - open - 1] = '\0';
	/* strtok_r: validation runs on several threads (validate --jobs) */
	char *save;
	for (char *tok = strtok_r(buf, ", ", &save); tok && out->n < XML_EXPECTED_MAX;
	     tok = strtok_r(NULL, ", ", &save)) {
		char *brace = strchr(tok, '}');
		const char *name = tok[0] == '{' && brace ? brace + 1 : tok;
		if (*name && *name != '#')
			out->names[out->n++] = name;
	}
	return out->n > 0;
}

/* An element where the schema allows none of that name (node the element), or an element
 * missing (node its parent): what was expected there, and the nearest name. */
static char *content_message(const struct err_sink *sink, const xmlError *e, xmlNodePtr node)
{
	bool missing = e->message && strstr(e->message, "Missing child") != NULL;
	xmlNodePtr parent = missing ? node : node->parent;
	if (parent == NULL || parent->type != XML_ELEMENT_NODE)
		return NULL;
	struct xml_expected allowed, here;
	char buf[1024];
	bool known = xml_expected(sink->xsd, parent, false, &allowed);
	bool positional = libxml_expected(e->message, buf, sizeof(buf), &here);
	const struct xml_expected *show = positional ? &here : known ? &allowed : NULL;
	struct strbuf list = STRBUF_INIT;
	strbuf_adds(&list, "");
	if (show)
		add_names(&list, show->names, show->n, true);
	const char *pname = (const char *)parent->name, *name = (const char *)node->name;
	char *msg;
	if (missing) {
		msg = show ? xasprintf(_("<%s> lacks an element it needs (expected: %s)"), pname, list.s)
		           : xasprintf(_("<%s> lacks an element it needs"), pname);
	} else {
		bool takes = false;
		for (size_t i = 0; known && i < allowed.n; i++)
			takes |= strcmp(allowed.names[i], name) == 0;
		char *dym = takes ? xstrdup("") : near_name(name, allowed.names, allowed.n, true);
		if (takes)
			msg = xasprintf(_("<%s> is not expected here in <%s>: out of order, or once too "
			                  "many (expected here: %s)"), name, pname, list.s);
		else if (show)
			msg = xasprintf(_("<%s> is not an element <%s> takes%s (expected: %s)"), name,
			                pname, dym, list.s);
		else
			msg = xasprintf(_("<%s> is not an element <%s> takes%s"), name, pname, dym);
		free(dym);
	}
	strbuf_release(&list);
	return msg;
}

/* Attribute name, which the schema does not allow on element elem. */
static char *attribute_message(const struct err_sink *sink, xmlNodePtr elem, const char *name)
{
	struct xml_expected allowed;
	const char *ename = (const char *)elem->name;
	if (!xml_expected(sink->xsd, elem, true, &allowed) || allowed.any)
		return xasprintf(_("<%s> takes no attribute '%s'"), ename, name);
	char *dym = near_name(name, allowed.names, allowed.n, false);
	struct strbuf list = STRBUF_INIT;
	strbuf_adds(&list, "");
	add_names(&list, allowed.names, allowed.n, false);
	char *msg = allowed.n ? xasprintf(_("<%s> takes no attribute '%s'%s (attributes: %s)"),
	                                  ename, name, dym, list.s)
	                      : xasprintf(_("<%s> takes no attributes ('%s' given)"), ename, name);
	free(dym);
	strbuf_release(&list);
	return msg;
}

/* libxml2's set of values in msg ("... the set {'a', 'b'}."), written only there, as
 * "'a', 'b'" with the nearest to value offered; NULL when msg has none. Caller frees. */
static char *enum_values(const char *msg, const char *value, char **dym)
{
	const char *open = strstr(msg, "{'");
	const char *close = open ? strstr(open, "'}") : NULL;
	if (close == NULL)
		return NULL;
	char *set = xstrndup(open + 1, (size_t)(close + 1 - (open + 1)));
	struct nearest nr;
	nearest_init(&nr, value);
	char *inner = xstrndup(open + 2, (size_t)(close - (open + 2)));
	for (char *p = inner, *q; p; p = q) {
		q = strstr(p, "', '");
		if (q) {
			*q = '\0';
			q += 4;
		}
		nearest_offer(&nr, p, p);
	}
	*dym = nr.best ? xasprintf(_("; did you mean '%s'?"), nr.best) : xstrdup("");
	free(inner);
	return set;
}

/* What a value of the XML Schema type that msg names ("... of the atomic type
 * 'xs:positiveInteger'.") must be, in words, for the built-in types Muster's schemas use and
 * for their own simple types made from one (their 'id', an NMTOKEN: looked up in xsd); NULL
 * for another. */
static const char *builtin_kind(const char *msg, xmlDocPtr xsd)
{
	static const struct { const char *type, *words; } kinds[] = {
		{ "xs:integer", N_("a whole number") },
		{ "xs:nonNegativeInteger", N_("a whole number, 0 or more") },
		{ "xs:positiveInteger", N_("a whole number, 1 or more") },
		{ "xs:boolean", N_("true or false") },
		{ "xs:decimal", N_("a number") },
		{ "xs:NMTOKEN", N_("an id: letters, digits, '-', '_', '.' or ':', no spaces") },
	};
	const char *p = strstr(msg, "atomic type '");
	const char *end = p ? strchr(p + 13, '\'') : NULL;
	if (end == NULL)
		return NULL;
	char *type = xstrndup(p + 13, (size_t)(end - (p + 13)));
	const char *base = strncmp(type, "xs:", 3) == 0 ? type : xml_simple_base(xsd, type);
	const char *words = NULL;
	for (size_t i = 0; base && words == NULL && i < MUSTER_ARRAY_LEN(kinds); i++)
		if (strcmp(base, kinds[i].type) == 0)
			words = _(kinds[i].words);
	free(type);
	return words;
}

/* Any other schema error: libxml2's words with plain names, and the place it names first
 * ("Element 'x', attribute 'y': ", the attribute one of elem's) said as Muster says it; a
 * value not in a set of values (e->str1) with the set and the nearest of them. */
static char *other_message(const struct err_sink *sink, const xmlError *e, xmlNodePtr elem)
{
	char *m = plain_names(libxml_words(e->message));
	char *prefix = xasprintf("Element '%s'", elem->name);
	size_t n = strlen(prefix);
	const char *rest = strncmp(m, prefix, n) == 0 ? m + n : NULL;
	const char *aname = rest && strncmp(rest, ", attribute '", 13) == 0 ? rest + 13 : NULL;
	const char *aend = aname ? strstr(aname, "': ") : NULL;
	char *where = NULL;
	if (aend) {
		char *attr = xstrndup(aname, (size_t)(aend - aname));
		if (xmlHasProp(elem, (const xmlChar *)attr)) {
			where = xasprintf(_("attribute '%s' of <%s>"), attr, elem->name);
			rest = aend + 3;
		}
		free(attr);
	} else if (rest && strncmp(rest, ": ", 2) == 0) {
		where = xasprintf("<%s>", elem->name);
		rest += 2;
	}
	free(prefix);
	if (where == NULL)
		return m;
	char *dym = NULL, *set = NULL;
	const char *kind = NULL;
	if (e->code == XML_SCHEMAV_CVC_ENUMERATION_VALID && e->str1)
		set = enum_values(rest, e->str1, &dym);
	else if (e->code == XML_SCHEMAV_CVC_DATATYPE_VALID_1_2_1 && e->str1)
		kind = builtin_kind(rest, sink->xsd);
	char *out = set    ? xasprintf(_("%s: '%s' is not one of %s%s"), where, e->str1, set, dym)
	            : kind ? xasprintf(_("%s: '%s' is not %s"), where, e->str1, kind)
	                   : xasprintf("%s: %s", where, rest);
	free(set);
	free(dym);
	free(where);
	free(m);
	return out;
}

/* The attribute attr (as libxml2 names it: "{ns}name" when it has a namespace), which element
 * elem lacks and the schema requires. */
static char *required_message(xmlNodePtr elem, const char *attr)
{
	char *a = plain_names(attr);
	char *m = xasprintf(_("<%s> needs the attribute '%s'"), elem->name, a);
	free(a);
	return m;
}

/* A schema validity error in Muster's words; NULL when it is not one (or names no node). */
static char *schema_message(const struct err_sink *sink, const xmlError *e)
{
	xmlNodePtr node = e->node;
	if (e->domain != XML_FROM_SCHEMASV || node == NULL)
		return NULL;
	char *m = NULL;
	if (e->code == XML_SCHEMAV_ELEMENT_CONTENT && node->type == XML_ELEMENT_NODE)
		m = content_message(sink, e, node);
	else if ((e->code == XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_1 ||
	          e->code == XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_2) && node->type == XML_ELEMENT_NODE &&
	         e->str1)
		/* str1: the attribute's name, as the file gives it */
		m = attribute_message(sink, node, e->str1);
	else if (e->code == XML_SCHEMAV_CVC_COMPLEX_TYPE_4 && node->type == XML_ELEMENT_NODE &&
	         e->str1)
		m = required_message(node, e->str1);
	if (m == NULL && node->type == XML_ELEMENT_NODE)
		m = other_message(sink, e, node);
	return m;
}

/* Whatever libxml2 expected next, the parser stood at the end of the text. */
static bool at_end(struct err_sink *sink, const xmlError *e, long line, long col)
{
	if (sink->buf == NULL || e->domain != XML_FROM_PARSER)
		return false;
	sink_find_end(sink);
	return line > sink->end_line || (line == sink->end_line && col >= sink->end_col);
}

void xml_sink_error(void *ctx, xmlErrorPtr e)
{
	struct err_sink *sink = ctx;
	if (e == NULL || sink->added >= sink->max)
		return;
	if (e->level == XML_ERR_WARNING)
		return;
	if (sink->doctype_seen)
		return; /* the DOCTYPE message already says it all */
	if (sink->src)
		xml_src_restore(sink->src); /* the bytes read, for finding the end or bad bytes */
	long line = e->line;
	long col = e->int2;
	if (line <= 0 && e->node != NULL)
		line = xml_line((xmlNodePtr)e->node);
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
	} else if ((msg = schema_message(sink, e)) != NULL) {
		/* worded above */
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
