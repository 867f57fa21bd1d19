/* schemas.h - the built-in schemas, compiled once each when first asked for
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The readers (system.c, catalog.c, roster.c, read-event.c) receive these; the session holds
 * one set above them. Only the copies built into the program are ever used, never a schema
 * found on the data path (schema.h says why).
 */
#ifndef MUSTER_SCHEMAS_H
#define MUSTER_SCHEMAS_H

#include "diag.h"

struct xml_schema;
struct schemas;

enum schema_kind { SCHEMA_RULES, SCHEMA_CATALOG, SCHEMA_ROSTER, SCHEMA_EVENT, SCHEMA_KINDS };

struct schemas *schemas_new(void);
void schemas_free(struct schemas *sc);
/* Schema k, compiled on first use (thread-safe); NULL with a fatal diagnostic when it is not
 * built in. */
const struct xml_schema *schemas_get(struct schemas *sc, enum schema_kind k, struct diags *d);

#endif
