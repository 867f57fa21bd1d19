/* fingerprint.c - a SHA-256 of a roster's canonical form (doc/fingerprint.md)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The canonical form is text: one line per fact, ids only (never names), each id with its
 * bytes outside printable ASCII, space and '%' written as %XX so that no id can forge a line.
 * Options are sorted within a unit, units within a list, lists within the roster, each by its
 * own canonical text: the order of a file does not matter. The digest is nettle's SHA-256
 * (Debian's nettle-dev, the library GnuTLS is built on: no global initialisation, no
 * allocation, a stable API since 2.x).
 */
#include "muster.h"
#include "fingerprint.h"
#include "campaign.h"
#include "util.h"

#include <nettle/sha2.h>
#include <stdlib.h>
#include <string.h>

#define FINGERPRINT_FORM "muster-fingerprint 1"

static void add_id(struct strbuf *sb, const char *s)
{
	if (s == NULL || *s == '\0') {
		strbuf_adds(sb, "%-");
		return;
	}
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p <= ' ' || *p >= 0x7f || *p == '%')
			strbuf_addf(sb, "%%%02X", *p);
		else
			strbuf_addc(sb, (char)*p);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts n strings and appends them in order; frees them. */
static void add_sorted(struct strbuf *sb, char **v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 0; i < n; i++) {
		strbuf_adds(sb, v[i]);
		free(v[i]);
	}
}

static void add_fields(struct strbuf *sb, const struct system *sys, const long *fields,
                       enum field_scope scope, const char *indent)
{
	/* Fields in the system's order; a field left at its default is not written, so that a
	 * system growing a new field keeps the fingerprints of existing lists. */
	for (size_t f = 0; f < sys->n_fields; f++) {
		const struct field_def *fd = &sys->fields[f];
		if (fd->scope != scope || fields[f] == fd->def)
			continue;
		strbuf_addf(sb, "%sfield ", indent);
		add_id(sb, fd->id);
		if (fd->type == ATTR_CHOICE && fields[f] >= 0 && (size_t)fields[f] < fd->n_choices) {
			strbuf_adds(sb, " choice ");
			add_id(sb, fd->choices[fields[f]].id);
		} else {
			strbuf_addf(sb, " %ld", fields[f]);
		}
		strbuf_adds(sb, "\n");
	}
}

/* A unit's own lines (entry, models, band, options), without what it joins. */
static char *unit_form(const struct system *sys, const struct r_unit *u)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "  unit ");
	add_id(&sb, u->entry ? u->entry->id : NULL);
	strbuf_addf(&sb, " models %ld", (long)u->models);
	if (u->band >= 0)
		strbuf_addf(&sb, " band %ld", (long)u->band);
	strbuf_adds(&sb, "\n");
	char **opts = xcalloc(u->n_opts + 1, sizeof(*opts));
	for (size_t k = 0; k < u->n_opts; k++) {
		const struct r_option *ro = &u->opts[k];
		const struct r_train *tr = ro->train;
		struct strbuf o = STRBUF_INIT;
		strbuf_adds(&o, tr ? "   training " : "   option ");
		add_id(&o, ro->opt ? ro->opt->id : NULL);
		strbuf_addf(&o, " count %ld", (long)ro->count);
		if (tr) {
			strbuf_addf(&o, " band %ld", tr->band);
			if (tr->item) {
				strbuf_adds(&o, " item ");
				add_id(&o, tr->item);
			}
			if (tr->grant >= 0 && (size_t)tr->grant < sys->n_keywords) {
				strbuf_adds(&o, " grant ");
				add_id(&o, sys->keywords[tr->grant].id);
			}
		}
		strbuf_adds(&o, "\n");
		opts[k] = strbuf_detach(&o);
	}
	add_sorted(&sb, opts, u->n_opts);
	free(opts);
	return strbuf_detach(&sb);
}

static char *list_form(const struct system *sys, const struct r_list *l)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, " list size ");
	add_id(&sb, l->size ? l->size->id : NULL);
	strbuf_adds(&sb, " faction ");
	add_id(&sb, l->faction ? l->faction->id : NULL);
	strbuf_adds(&sb, "\n");
	for (size_t c = 0; c < sys->n_costs; c++)
		if (l->limits[c] >= 0) {
			strbuf_adds(&sb, "  limit ");
			add_id(&sb, sys->costs[c].id);
			strbuf_addf(&sb, " %ld\n", l->limits[c]);
		}
	add_fields(&sb, sys, l->fields, FIELD_LIST, "  ");
	char **own = xcalloc(l->n_units + 1, sizeof(*own));
	for (size_t i = 0; i < l->n_units; i++)
		own[i] = unit_form(sys, &l->units[i]);
	char **units = xcalloc(l->n_units + 1, sizeof(*units));
	for (size_t i = 0; i < l->n_units; i++) {
		const struct r_unit *u = &l->units[i];
		if (r_unit_joins(l, u)) {
			/* The unit it joins, by that unit's own form: ids and order do not matter. */
			struct strbuf j = STRBUF_INIT;
			strbuf_adds(&j, own[i]);
			strbuf_adds(&j, "   joins\n");
			for (const char *p = own[u->attach - 1]; *p;) {
				const char *nl = strchr(p, '\n');
				size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
				strbuf_adds(&j, "   ");
				strbuf_add(&j, p, len);
				p += len;
			}
			units[i] = strbuf_detach(&j);
		} else {
			units[i] = own[i]; /* moved, not copied: 100,000 units made 100,000 copies */
		}
	}
	for (size_t i = 0; i < l->n_units; i++) {
		const struct r_unit *u = &l->units[i];
		if (r_unit_joins(l, u))
			free(own[i]); /* the others moved into units */
	}
	free(own);
	add_sorted(&sb, units, l->n_units);
	free(units);
	return strbuf_detach(&sb);
}

/* Force li's block: its list's, then each force within it as "  force" and its own block
 * indented, sorted likewise. A force with none within it is its list's block alone, as before
 * forces nested. */
static char *force_form(const struct system *sys, const struct roster *r, size_t li)
{
	struct strbuf sb = STRBUF_INIT;
	char *own = list_form(sys, &r->lists[li]);
	strbuf_adds(&sb, own);
	free(own);
	size_t end = forces_end(r, li), n = 0;
	char **kids = xcalloc(end - li, sizeof(*kids));
	for (size_t k = li + 1; k < end; k++) {
		if (r->lists[k].up != li + 1)
			continue;
		char *f = force_form(sys, r, k);
		struct strbuf in = STRBUF_INIT;
		strbuf_adds(&in, "  force\n");
		for (const char *p = f; *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
			strbuf_adds(&in, "  ");
			strbuf_add(&in, p, len);
			p += len;
		}
		free(f);
		kids[n++] = strbuf_detach(&in);
	}
	add_sorted(&sb, kids, n);
	free(kids);
	return strbuf_detach(&sb);
}

void fingerprint_canonical(const struct roster *r, struct strbuf *sb)
{
	const struct system *sys = r->sys;
	strbuf_adds(sb, FINGERPRINT_FORM "\nsystem ");
	add_id(sb, sys->id);
	strbuf_adds(sb, "\n");
	add_fields(sb, sys, r->fields, FIELD_ROSTER, "");
	char **lists = xcalloc(r->n_lists + 1, sizeof(*lists));
	size_t n = 0;
	for (size_t i = 0; i < r->n_lists; i++)
		if (r->lists[i].up == 0)
			lists[n++] = force_form(sys, r, i);
	add_sorted(sb, lists, n);
	free(lists);
}

void fingerprint_roster(const struct roster *r, char hex[FINGERPRINT_HEX_LEN + 1])
{
	struct strbuf sb = STRBUF_INIT;
	fingerprint_canonical(r, &sb);
	struct sha256_ctx ctx;
	uint8_t digest[SHA256_DIGEST_SIZE];
	sha256_init(&ctx);
	sha256_update(&ctx, sb.len, (const uint8_t *)(sb.s ? sb.s : ""));
	sha256_digest(&ctx, sizeof(digest), digest);
	strbuf_release(&sb);
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < sizeof(digest); i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 15];
	}
	hex[FINGERPRINT_HEX_LEN] = '\0';
}

void fingerprint_short(const struct roster *r, char hex[FINGERPRINT_SHORT_LEN + 1])
{
	char full[FINGERPRINT_HEX_LEN + 1];
	fingerprint_roster(r, full);
	memcpy(hex, full, FINGERPRINT_SHORT_LEN);
	hex[FINGERPRINT_SHORT_LEN] = '\0';
}
