/* xml.h - the only parser of XML: safe loading, schema checking, node helpers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Loading follows DESIGN.md's safety recipe: the file is read here with a size cap, parsed from
 * memory with no network, no entity substitution and no DTD, any DOCTYPE is refused, and every
 * error becomes a diagnostic "FILE:LINE:COL: message". Other modules walk the resulting tree
 * with <libxml/tree.h> and the helpers below; none of them parses.
 */
#ifndef MUSTER_XML_H
#define MUSTER_XML_H

#include "muster.h"
#include "diag.h"

#include <libxml/tree.h>

/* Largest file Muster reads; a larger one is refused before parsing. */
#define XML_MAX_FILE_SIZE (8L * 1024 * 1024)

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

/* Reads path ("-" for standard input) whole into a new buffer (caller frees): a regular file
 * only (a FIFO, a device or a directory is refused at once, never waited on), at most
 * XML_MAX_FILE_SIZE bytes. Returns 0, or -1 with one fatal diagnostic. */
int xml_read_file(const char *path, char **buf, size_t *len, struct diags *d);
/* Reads and parses path ("-" for standard input). On success returns a document (free with
 * xmlFreeDoc, which also frees the source kept for xml_col); on failure adds
 * one fatal diagnostic to d and returns NULL. */
xmlDocPtr xml_load_file(const char *path, struct diags *d);
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
void xml_schema_free(struct xml_schema *s);
/* Validates doc (loaded from name) against s. Returns 0, or -1 with one diagnostic per
 * violation added to d. A compiled schema is never changed by validating. */
int xml_schema_validate(const struct xml_schema *s, xmlDocPtr doc, const char *name,
                        struct diags *d);

/* Checks that the root element is local name `name` in namespace `ns`; adds a fatal diagnostic
 * and returns NULL otherwise. */
xmlNodePtr xml_root(xmlDocPtr doc, const char *name, const char *ns, const char *file,
                    struct diags *d);

/* Node helpers. Element iteration skips text, comments and foreign namespaces' elements. */
xmlNodePtr xml_first_elem(xmlNodePtr parent);
xmlNodePtr xml_next_elem(xmlNodePtr node);
/* The first child element named name, or NULL. */
xmlNodePtr xml_child(xmlNodePtr parent, const char *name);
bool xml_is(xmlNodePtr node, const char *name);
/* A copy of the attribute's value, or NULL when absent; caller frees. */
char *xml_prop(xmlNodePtr node, const char *name);
/* The attribute's value parsed as a whole integer in [min, max], or def when absent. Returns -1
 * and adds a fatal diagnostic when it is present but not such a number. */
int xml_prop_long(xmlNodePtr node, const char *name, long min, long max, long def, long *out,
                  const char *file, struct diags *d);
/* The element's text content with leading and trailing white space removed; caller frees. */
char *xml_text(xmlNodePtr node);
long xml_line(xmlNodePtr node);
/* The column where the element starts (1-based, in characters), or 0 when unknown. */
long xml_col(xmlNodePtr node);

#endif
