/* session.c - one run of a command: the game systems it loaded, above the readers
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each system id asked for gets one record, kept whether the load worked or not, with the
 * diagnostics of that one load: they are replayed to every caller, so a batch reports exactly
 * what loading the system afresh for each roster used to report, at the cost of one load.
 */
#include "muster.h"
#include "session.h"
#include "bs-read.h"
#include "data.h"
#include "idx.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct loaded {
	char *id;
	struct system *sys; /* NULL: it failed to load */
	struct diags d;     /* what loading said */
};

struct session {
	struct schemas *schemas;       /* the built-in schemas, which the readers receive */
	struct idx *by_id;             /* system id -> struct loaded */
	struct loaded **v;             /* the same, to free them */
	size_t n, cap;
	/* Held only while a system is looked up or loaded, never while a roster is checked;
	 * recursive, as before (the schemas have a lock of their own). */
	pthread_mutex_t lock;
	bool unknown_entry_error;      /* session_set_unknown_entry_error */
};

void session_set_unknown_entry_error(struct session *s, bool on)
{
	s->unknown_entry_error = on;
}

bool session_unknown_entry_error(const struct session *s)
{
	return s->unknown_entry_error;
}

struct session *session_new(void)
{
	struct session *s = xcalloc(1, sizeof(*s));
	s->by_id = idx_new();
	s->schemas = schemas_new();
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&s->lock, &a);
	pthread_mutexattr_destroy(&a);
	return s;
}

void session_free(struct session *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n; i++) {
		system_free(s->v[i]->sys);
		diags_release(&s->v[i]->d);
		free(s->v[i]->id);
		free(s->v[i]);
	}
	free(s->v);
	idx_free(s->by_id);
	schemas_free(s->schemas);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

#if defined(__SANITIZE_ADDRESS__) && !defined(MUSTER_FREE_AT_EXIT)
#define MUSTER_FREE_AT_EXIT 1
#endif

void session_free_at_exit(struct session *s)
{
#ifdef MUSTER_FREE_AT_EXIT
	session_free(s);
#else
	(void)s;
#endif
}

const struct xml_schema *session_schema(struct session *s, enum schema_kind k, struct diags *d)
{
	return schemas_get(s->schemas, k, d);
}

struct schemas *session_schemas(struct session *s)
{
	return s->schemas;
}

/* Loads system id from the data path. */
static struct system *load(struct session *s, const char *id, struct diags *d)
{
	const char *root = data_system_root(id);
	char *gst = root ? NULL : data_bs_system_file(id);
	if (gst) {
		char **cats = data_bs_catalog_files(gst);
		struct system *sys = bs_system_load(gst, cats, d);
		strv_free(cats);
		free(gst);
		return sys;
	}
	if (root == NULL) {
		char **ids = data_system_ids();
		struct strbuf sb = STRBUF_INIT;
		struct nearest nr;
		nearest_init(&nr, id ? id : "");
		for (char **p = ids; *p; p++) {
			strbuf_addf(&sb, "%s%s", p == ids ? "" : ", ", *p);
			nearest_offer(&nr, *p, *p);
		}
		if (nr.best)
			diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
			          _("unknown game system '%s'; did you mean '%s'? (known: %s)"), id, nr.best,
			          sb.s ? sb.s : _("none"));
		else
			diags_add(d, SEV_FATAL, NULL, 0, 0, NULL, NULL,
			          _("unknown game system '%s' (known: %s)"), id, sb.s ? sb.s : _("none"));
		strbuf_release(&sb);
		strv_free(ids);
		return NULL;
	}
	char *path = xasprintf("%s/rules-xml/%s.xml", root, id);
	/* The rules from the first directory that has them, the catalogs from all. */
	struct system *sys = system_load_file(s->schemas, path, data_dirs(), d);
	free(path);
	return sys;
}

const struct system *session_system(struct session *s, const char *id, struct diags *d)
{
	if (id == NULL)
		id = "";
	pthread_mutex_lock(&s->lock);
	struct loaded *l = idx_get(s->by_id, id);
	if (l == NULL) {
		l = xcalloc(1, sizeof(*l));
		l->id = xstrdup(id);
		l->sys = load(s, id, &l->d);
		GROW(s->v, s->cap, s->n + 1);
		s->v[s->n++] = l;
		idx_add(s->by_id, l->id, l);
	}
	pthread_mutex_unlock(&s->lock);
	/* A record never changes once made: no lock needed to read it. */
	diags_merge(d, &l->d);
	return l->sys;
}

struct system *session_system_new(struct session *s, const char *id, struct diags *d)
{
	pthread_mutex_lock(&s->lock);
	struct system *sys = load(s, id ? id : "", d);
	pthread_mutex_unlock(&s->lock);
	return sys;
}

int session_adopt(struct session *s, struct system *sys)
{
	pthread_mutex_lock(&s->lock);
	int rc = -1;
	if (sys->id && idx_get(s->by_id, sys->id) == NULL) {
		struct loaded *l = xcalloc(1, sizeof(*l));
		l->id = xstrdup(sys->id);
		l->sys = sys;
		GROW(s->v, s->cap, s->n + 1);
		s->v[s->n++] = l;
		idx_add(s->by_id, l->id, l);
		rc = 0;
	}
	pthread_mutex_unlock(&s->lock);
	return rc;
}
