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
};

/* Every built-in schema; the last element has a NULL name. */
extern const struct schema_text schema_texts[];

#endif
