/* xml.h - the only parser of XML: safe loading, schema checking, node helpers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Loading follows DESIGN.md's safety recipe: the file is read here with a size cap, parsed from
 * memory with no network, no entity substitution and no DTD, any DOCTYPE is refused, and every
 * error becomes a diagnostic "FILE:LINE:COL: message". Other modules walk the resulting tree
 * with <libxml/tree.h> and the helpers below; none of them parses. The module is split by job
 * (src/xml-int.h says which file does what).
 */
#ifndef MUSTER_XML_H
#define MUSTER_XML_H

#include "muster.h"
#include "diag.h"
#include "util.h"

#include <libxml/tree.h>
#include <stdint.h>

struct arena;

/* Largest file Muster reads; a larger one is refused before parsing. */
#define XML_MAX_FILE_SIZE (8L * 1024 * 1024)
/* xml_reader reads a file this large or larger element by element; a smaller one whole. */
#define XML_STREAM_MIN (1L * 1024 * 1024)

/* Limits checked by a linear pre-scan before libxml2 parses (SECURITY.md lists every limit).
 * The shipped data has at most 12 attributes on an element and 8 levels; bench's list of
 * 100,000 units has 134,645 elements. */
#define XML_MAX_ATTRS 64L
#define XML_MAX_ELEMENTS 500000L
#define XML_MAX_DEPTH 128L

struct xml_schema;

/* Once per process, before any other call. */
void xml_init(void);
void xml_cleanup(void);
/* Frees a document (NULL: nothing) and the source kept with it for xml_col. Every document
 * Muster parses is freed with this, never with xmlFreeDoc, which would leak the source. */
void xml_doc_free(xmlDocPtr doc);

/* Reads path ("-" for standard input) whole into a new buffer (caller frees): a regular file
 * only (a FIFO, a device or a directory is refused at once, never waited on), at most
 * XML_MAX_FILE_SIZE bytes. Returns 0, or -1 with one fatal diagnostic. */
int xml_read_file(const char *path, char **buf, size_t *len, struct diags *d);
/* The text to parse of path: xml_read_file's bytes, but for a name ending in .gstz, .catz or
 * .rosz (any case: zipped.h), the one file of that zip archive, read with the same cap and
 * unpacked under zipped.h's bounds. Messages name path. Every reader of a file by path
 * (xml_load_file, xml_reader_open) reads through this; a .xml is never unzipped. Returns 0,
 * or -1 with one fatal diagnostic. */
int xml_read_text(const char *path, char **buf, size_t *len, struct diags *d);
/* Both: the file's own bytes (*raw, as xml_read_file reads them, for a zipped file within its
 * cap) and its text (*text: *raw itself, or unzipped from it; then a buffer of its own).
 * Returns 0, or -1 with one fatal diagnostic and *text NULL (*raw may be set: caller frees
 * both, *text only when it is not *raw). For a command that saves the file checked against
 * what it read (save_file_checked). */
int xml_read_both(const char *path, char **raw, size_t *raw_len, char **text, size_t *text_len,
                  struct diags *d);
/* The namespace of path's root element, read without a schema (caller frees), or NULL when
 * the file cannot be read, holds a DOCTYPE, has no root element or its root no namespace:
 * what kind of file it is, to say so when it is not the kind a command wanted. */
char *xml_root_namespace(const char *path);
/* Reads and parses path ("-" for standard input). On success returns a document (free with
 * xml_doc_free, which also frees the source kept for xml_col); on failure adds
 * one fatal diagnostic to d and returns NULL. */
xmlDocPtr xml_load_file(const char *path, struct diags *d);
/* The same, the source's whole pages given back to the system once parsed (read again from
 * path if a message ever needs a column), and the attributes in no namespace kept lean: no
 * xmlAttr and text node for each, but a name and a value in a block of the element's, which
 * only the accessors below read (xml_prop, xml_prop_is, xml_prop_in, xml_props_in; not
 * libxml2's xmlGetProp, nor a walk of node->properties); for a reader that holds many large
 * documents at once (BattleScribe's catalogues). Standard input ("-") keeps its source. */
xmlDocPtr xml_load_file_lean(const char *path, struct diags *d);
/* The same for a buffer already in memory (its attributes lean); name is used in messages. */
xmlDocPtr xml_load_memory_lean(const char *buf, size_t len, const char *name, struct diags *d);
/* The same, keeping the white space between elements: for a file Muster edits and saves. */
xmlDocPtr xml_load_file_for_edit(const char *path, struct diags *d);
/* The same for a buffer already in memory; name is used in messages. */
xmlDocPtr xml_load_memory(const char *buf, size_t len, const char *name, struct diags *d);
/* The same, keeping the white space between elements (an edit held in memory). */
xmlDocPtr xml_load_memory_for_edit(const char *buf, size_t len, const char *name,
                                   struct diags *d);

/* Loads an XSD (itself loaded safely). Returns NULL and adds diagnostics on failure. */
struct xml_schema *xml_schema_load(const char *path, struct diags *d);
/* The same for an XSD already in memory (the built-in schemas); name is used in messages. */
struct xml_schema *xml_schema_load_memory(const char *buf, size_t len, const char *name,
                                          struct diags *d);
/* A schema kept as text (not copied: it must outlive the schema) and compiled on its first
 * use, so that a run which needs it for no file never compiles it. */
struct xml_schema *xml_schema_lazy(const char *text, size_t len, const char *name);
/* Gives lazy schema s a lighter copy (text not copied, as for xml_schema_lazy): one that
 * accepts a part of what s accepts, without what only an element named absent uses
 * (schema.h). A document whose root has no such child is validated against it first, quietly,
 * and against s only when it fails: the same verdict and messages, the lite schema cheaper to
 * compile. Documents read element by element (xml_reader_open) use s only. */
void xml_schema_lite(struct xml_schema *s, const char *text, size_t len, const char *absent);
void xml_schema_free(struct xml_schema *s);
/* Validates doc (loaded from name) against s. Returns 0, or -1 with one diagnostic per
 * violation added to d. A compiled schema is never changed by validating. */
int xml_schema_validate(const struct xml_schema *s, xmlDocPtr doc, const char *name,
                        struct diags *d);

/* Reading a large file element by element (a catalog of 10,000 entries), so that its tree is
 * never whole in memory: libxml2's xmlTextReader under the same safety settings as
 * xml_load_file (size cap, no network, no entities, a DOCTYPE refused), validated against
 * a schema as it is read. A file under XML_STREAM_MIN is loaded and validated whole, then
 * walked giving the same events: the caller has one code path. */
struct xml_reader;
enum { XML_READ_START = 1, XML_READ_END = 2 };
/* Opens path (read whole, with the cap) to read against schema s; its root must be element
 * `root` of namespace `ns` (checked before the schema when the file is loaded whole; the
 * caller checks it too, with xml_check_root, on its first event). NULL with a fatal
 * diagnostic when it cannot be read. */
struct xml_reader *xml_reader_open(const char *path, const char *root, const char *ns,
                                   const struct xml_schema *s, struct diags *d);
/* The same for a buffer already in memory (copied); name is used in messages. */
struct xml_reader *xml_reader_open_memory(const char *buf, size_t len, const char *name,
                                          const char *root, const char *ns,
                                          const struct xml_schema *s, struct diags *d);
/* Says that file path holds exactly buf's len bytes (an edit written to its temporary file
 * before it is checked): a reader that xml_reader_open_memory opens on that buffer, in this
 * thread, then gives its pages back as it reads them, as a file's, and reads them again from
 * path when a message needs them, so that a large roster is not held whole while it is
 * checked. The buffer then reads as zeros where it was given back: the caller must not use
 * it again without reading path. path NULL forgets it. path is not copied. */
void xml_memory_backed(const char *buf, size_t len, const char *path);
/* Moves to the next element start or end: XML_READ_START or XML_READ_END, 0 at the end of the
 * document, -1 on any error, the schema's included (diagnostics added). *node is the element:
 * its name, namespace, attributes (xml_prop) and line are there, its content not yet; depth
 * is 0 for the root. An empty element gives START then END. */
int xml_reader_next(struct xml_reader *r, xmlNodePtr *node, int *depth);
/* The element just started, with all its content, read to its end (and so validated) before
 * it is returned. It is the reader's own node, not a copy: use it, then release it with
 * xml_reader_release, which reads past its end and frees it (nothing of it may be kept). Its
 * END is not reported. NULL on any error (diagnostics added). */
xmlNodePtr xml_reader_take(struct xml_reader *r);
void xml_reader_release(struct xml_reader *r, xmlNodePtr node);
/* At least as many as the file has elements of local name `name` (its text is counted, so
 * comments may add to it): to size arrays that must not move. */
size_t xml_reader_count(const struct xml_reader *r, const char *name);
/* Frees the reader. */
void xml_reader_close(struct xml_reader *r);
/* The same, but a document read whole is handed to the caller instead of freed (its caller
 * frees it with xml_doc_free, or keeps it with the system); NULL for one read element by element. */
xmlDocPtr xml_reader_close_keep(struct xml_reader *r);
/* Checks that element root is local name `name` in namespace `ns`; adds a fatal diagnostic and
 * returns -1 otherwise. */
int xml_check_root(xmlNodePtr root, const char *name, const char *ns, const char *file,
                   struct diags *d);

/* Where the elements of a document down to depth 2 (the root is 0) stand in its bytes, in
 * document order (xml-outline.c): for a command that changes a few of them and keeps every
 * other byte. Offsets count from the document's first byte. */
struct xml_el {
	uint32_t text;      /* where the text right before it starts (after the markup before) */
	uint32_t start;     /* its '<' */
	uint32_t stag_end;  /* just after its start tag's '>' */
	uint32_t etag;      /* its end tag's '<'; stag_end when it is empty (<x/>) */
	uint32_t end;       /* just after its end tag; stag_end when it is empty */
	uint32_t name_len;  /* its local name's length (xml_el_name: where it starts) */
	uint32_t qname_len; /* its name as written, prefix included: from start + 1 */
	uint8_t depth;
	bool ours;          /* in the namespace asked for */
};
/* Where e's local name starts: after its prefix and colon, when it has one (32 bytes an
 * element, not 36: a 100,000-unit list's outline is held while an edit names its units). */
static inline uint32_t xml_el_name(const struct xml_el *e)
{
	return e->start + 1 + e->qname_len - e->name_len;
}
struct xml_outline {
	struct xml_el *el;
	size_t n;
	struct arena pool;
};
/* Outlines buf, a document whose elements of namespace ns are to be told apart. Returns 0, or
 * -1 when the bytes are not a document this scan understands (nothing to release then); the
 * caller lets the parser say what is wrong. Offsets fit 32 bits (XML_MAX_FILE_SIZE). */
int xml_outline(const char *buf, size_t len, const char *ns, struct xml_outline *o);
/* The same, and the children of every element of ns named deep whose parent is recorded are
 * recorded too, at any depth (a roster's forces within forces and their units). */
int xml_outline_deep(const char *buf, size_t len, const char *ns, const char *deep,
                     struct xml_outline *o);
void xml_outline_release(struct xml_outline *o);
/* Whether e (of document buf) has local name name. */
bool xml_el_is(const char *buf, const struct xml_el *e, const char *name);
/* The value of e's attribute name (unprefixed), decoded as XML does, in arena a; NULL when it
 * has none, or one that does not decode (the parser refuses the document). */
const char *xml_el_attr(const char *buf, const struct xml_el *e, const char *name,
                        struct arena *a);
/* The same for each of the NULL-terminated names at once: out[i] for names[i]. */
void xml_el_attrs(const char *buf, const struct xml_el *e, const char *const *names,
                  const char **out, struct arena *a);

/* Checks that the root element is local name `name` in namespace `ns`; adds a fatal diagnostic
 * and returns NULL otherwise. */
xmlNodePtr xml_root(xmlDocPtr doc, const char *name, const char *ns, const char *file,
                    struct diags *d);

/* Node helpers. Element iteration skips text, comments and foreign namespaces' elements. */
xmlNodePtr xml_first_elem(xmlNodePtr parent);
xmlNodePtr xml_next_elem(xmlNodePtr node);
/* The first child element named name, or NULL. */
xmlNodePtr xml_child(xmlNodePtr parent, const char *name);

/* Languages. Texts in data (a rule's <message> and <description>, names) may come in several
 * languages, each element marked xml:lang="LL"; the one without xml:lang is the default.
 * xml_set_languages takes the user's languages, best first, as a colon-separated list of
 * tags or locale names ("fr:de_DE.UTF-8"; "C" and "POSIX" are no language); only the primary
 * subtag is compared. */
void xml_set_languages(const char *list);
/* The element's own xml:lang, or NULL; caller frees. */
char *xml_lang(xmlNodePtr node);
/* How well the element's xml:lang suits the user: 0 for the first language, 1 for the
 * second..., then the default (no xml:lang), then any other language. Lower is better. */
size_t xml_lang_rank(xmlNodePtr node);
/* The child element called name whose language suits the user best, or NULL. */
xmlNodePtr xml_child_lang(xmlNodePtr parent, const char *name);
/* A name in the user's language: the text of a child <name xml:lang="LL"> in one of the
 * user's languages, else the attribute attr (the default name); NULL when neither. Caller
 * frees. */
char *xml_name_lang(xmlNodePtr node, const char *attr);
/* Attribute attr of node in the user's language: the text of a child element named attr
 * (<abbr xml:lang="LL"> beside abbr=, <label xml:lang="LL"> beside label=) in one of the
 * user's languages, else the attribute itself; NULL when neither. Caller frees. */
char *xml_prop_lang(xmlNodePtr node, const char *attr);
/* The element's name in every language of the data, whatever the user's: the attribute attr
 * (the default name) and the text of each child <name xml:lang="LL">, NULL-terminated, in
 * arena a; NULL when it has no <name> child. A pasted list may name it in any of them. */
char **xml_names_all(xmlNodePtr node, const char *attr, struct arena *a);
bool xml_is(xmlNodePtr node, const char *name);
/* A copy of the attribute's value, or NULL when absent; caller frees. */
char *xml_prop(xmlNodePtr node, const char *name);
/* For an attribute the schema requires, read into value: 0 when value is not NULL, else -1 with
 * a fatal diagnostic naming the attribute: the readers never rely on a schema for their
 * safety. */
int xml_need(xmlNodePtr node, const char *name, const void *value, const char *file,
             struct diags *d);
/* Whether the attribute is there and its value is value (read in place, not copied). */
bool xml_prop_is(xmlNodePtr node, const char *name, const char *value);
/* The same, copied into arena a (util.h): for the many short strings of one owner. */
const char *xml_prop_in(xmlNodePtr node, const char *name, struct arena *a);
/* Sets attribute name of n to value, text from a user (a command line): a character XML cannot
 * hold is written as U+FFFD (xml_chars), so that the file reads back. */
void xml_set_prop(xmlNodePtr n, const char *name, const char *value);
/* The attribute's value parsed as a whole integer in [min, max], or def when absent. Returns -1
 * and adds a fatal diagnostic when it is present but not such a number. */
int xml_prop_long(xmlNodePtr node, const char *name, long min, long max, long def, long *out,
                  const char *file, struct diags *d);
/* In one pass over node's attributes, the values of those named names[0..n) (without a
 * namespace), or NULL for each absent: where they lie in the tree (valid while node is), an
 * unusual value of several nodes copied into a. For an element of many attributes read in
 * full, where a lookup each would walk them all again and copy each value. */
void xml_props_in(xmlNodePtr node, const char *const *names, size_t n, const char **vals,
                  struct arena *a);
/* xml_prop_long on a value already read (v, NULL when absent) of node's attribute name. */
int xml_value_long(xmlNodePtr node, const char *name, const char *v, long min, long max,
                   long def, long *out, const char *file, struct diags *d);
/* The element's text content with leading and trailing white space removed; caller frees. */
char *xml_text(xmlNodePtr node);
long xml_line(xmlNodePtr node);
/* The column where the element starts (1-based, in characters), or 0 when unknown. */
long xml_col(xmlNodePtr node);
/* xml_col of an element whose line (xml_line) the caller has read already. */
long xml_col_on(xmlNodePtr node, long line);

#endif
