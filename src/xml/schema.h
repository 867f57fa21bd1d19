/* schema.h - the XSD schemas built into the program
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * rules-xml/schema/{rules,catalog,roster}.xsd are compiled into Muster at build time
 * (src/xsd2c.sh writes src/schema-text.c), and files are only ever checked against these
 * copies: the loaders rely on the structure they guarantee (a required attribute is there), so
 * a schema found on the data path, which a user's data directory could bring, must never
 * replace them. The installed .xsd files are documentation.
 */
#ifndef MUSTER_SCHEMA_H
#define MUSTER_SCHEMA_H

#include "muster.h"

struct schema_text {
	const char *name;           /* the file's base name: "rules.xsd" */
	const unsigned char *text;  /* its bytes, not NUL-terminated */
	size_t len;
	/* The schema without what only an element lite_absent uses (NULL: no such copy; src/xsd2c.sh
	 * cuts what its marks say). It accepts a part of what the whole schema accepts, and is
	 * cheaper to compile: a document without that element is tried against it first, and only
	 * one it rejects is checked against the whole schema, whose messages are the ones given
	 * (xml_schema_lite). A roster without a campaign compiles 2.5 K of roster.xsd, not 5.5 K. */
	const unsigned char *lite;
	size_t lite_len;
	const char *lite_absent;
};

/* Every built-in schema; the last element has a NULL name. */
extern const struct schema_text schema_texts[];

#endif
