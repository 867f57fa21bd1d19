/* schemas.c - the built-in schemas, compiled once each when first asked for
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "schemas.h"
#include "schema.h"
#include "util.h"
#include "xml.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct schemas {
	struct xml_schema *v[SCHEMA_KINDS]; /* by enum schema_kind */
	pthread_mutex_t lock;               /* held only while one is looked up or made */
};

struct schemas *schemas_new(void)
{
	struct schemas *sc = xcalloc(1, sizeof(*sc));
	pthread_mutex_init(&sc->lock, NULL);
	return sc;
}

void schemas_free(struct schemas *sc)
{
	if (sc == NULL)
		return;
	for (size_t i = 0; i < MUSTER_ARRAY_LEN(sc->v); i++)
		xml_schema_free(sc->v[i]);
	pthread_mutex_destroy(&sc->lock);
	free(sc);
}

static const struct xml_schema *get_locked(struct schemas *sc, enum schema_kind k,
                                           struct diags *d)
{
	static const char *const names[] = { "rules.xsd", "catalog.xsd", "roster.xsd", "event.xsd" };
	if (sc->v[k])
		return sc->v[k];
	/* Only the built-in copies: never a schema found on the data path (schema.h says why). */
	for (const struct schema_text *t = schema_texts; t->name; t++) {
		if (strcmp(t->name, names[k]) != 0)
			continue;
		char *name = xasprintf("built-in %s", t->name);
		sc->v[k] = xml_schema_lazy((const char *)t->text, t->len, name);
		if (t->lite)
			xml_schema_lite(sc->v[k], (const char *)t->lite, t->lite_len, t->lite_absent);
		free(name);
		return sc->v[k];
	}
	diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL, _("schema '%s' is not built in"), names[k]);
	return NULL;
}

const struct xml_schema *schemas_get(struct schemas *sc, enum schema_kind k, struct diags *d)
{
	pthread_mutex_lock(&sc->lock);
	const struct xml_schema *xs = get_locked(sc, k, d);
	pthread_mutex_unlock(&sc->lock);
	return xs;
}
