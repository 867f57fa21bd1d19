/* fixture.c - helpers shared by the criterion unit tests: a temporary directory, files, diagnostics
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * What used to be copied into every test program that reads or writes files: the temporary
 * directory, writing and reading files, line numbers of markers, and printing and finding
 * diagnostics for assertions. The contracts are in fixture.h.
 */
#include "muster.h"
#include "fixture.h"
#include "eval.h"
#include "catalog.h"
#include "data.h"
#include "idx.h"
#include "model.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <criterion/criterion.h>

/* The temporary directory of the running test (each test is its own process), or NULL. */
static char *tmpdir;
/* Its session, or NULL. */
static struct session *session;

void fx_setup(void)
{
	xml_init();
	fx_make_tmpdir();
}

void fx_teardown(void)
{
	fx_remove_tmpdir();
	session_free(session);
	session = NULL;
	data_cleanup();
}

struct session *fx_session(void)
{
	if (session == NULL)
		session = session_new();
	return session;
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	return remove(p);
}

void fx_make_tmpdir(void)
{
	const char *t = getenv("TMPDIR");
	tmpdir = xasprintf("%s/muster-unit.XXXXXX", t && *t ? t : "/tmp");
	cr_assert_not_null(mkdtemp(tmpdir), "mkdtemp failed");
}

void fx_remove_tmpdir(void)
{
	if (tmpdir) {
		nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
		free(tmpdir);
		tmpdir = NULL;
	}
}

const char *fx_tmpdir(void)
{
	return tmpdir;
}

const char *const *fx_tmp_roots(void)
{
	static const char *roots[2];
	roots[0] = tmpdir;
	roots[1] = NULL;
	return roots;
}

const char *fx_src_dir(void)
{
	static char buf[4096];
	const char *s = getenv("MUSTER_DATA_PATH");
	cr_assert(s && *s, "MUSTER_DATA_PATH is not set (run through make check)");
	size_t n = strcspn(s, ":");
	cr_assert_lt(n, sizeof(buf));
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

char *fx_write_tmp(const char *rel, const char *text)
{
	return fx_write_tmp_bytes(rel, text, strlen(text));
}

char *fx_write_tmp_bytes(const char *rel, const char *buf, size_t len)
{
	char *p = xasprintf("%s/%s", tmpdir, rel);
	for (char *s = p + strlen(tmpdir) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		mkdir(p, 0700);
		*s = '/';
	}
	FILE *f = fopen(p, "wb");
	cr_assert_not_null(f, "cannot create %s", p);
	if (len)
		cr_assert_eq(fwrite(buf, 1, len, f), len);
	cr_assert_eq(fclose(f), 0);
	return p;
}

char *fx_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open %s", path);
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	return strbuf_detach(&sb);
}

long fx_line_of(const char *text, const char *marker)
{
	const char *m = strstr(text, marker);
	if (m == NULL)
		return 0;
	long line = 1;
	for (const char *s = text; s < m; s++)
		line += *s == '\n';
	return line;
}

const char *fx_dump(const struct diags *d)
{
	static char buf[16384];
	size_t off = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < d->n && off < sizeof(buf) - 1; i++) {
		int k = snprintf(buf + off, sizeof(buf) - off, "\n  [%s %s:%ld %s] %s",
		                 severity_name(d->v[i].sev), d->v[i].file ? d->v[i].file : "-",
		                 d->v[i].line, d->v[i].ref ? d->v[i].ref : "-", d->v[i].msg);
		if (k < 0)
			break;
		off += (size_t)k;
	}
	return buf;
}

const struct diag *fx_find_diag(const struct diags *d, enum severity sev, const char *needle)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].sev == sev && strstr(d->v[i].msg, needle))
			return &d->v[i];
	return NULL;
}

struct system *fx_load_duckhammer(struct diags *d)
{
	const char *root = data_system_root("duckhammer");
	cr_assert_not_null(root, "duckhammer is not on the data path");
	char *path = xasprintf("%s/rules-xml/duckhammer.xml", root);
	struct system *sys = system_load_file(session_schemas(fx_session()), path, data_dirs(), d);
	free(path);
	cr_assert_not_null(sys, "duckhammer does not load:%s", fx_dump(d));
	return sys;
}

size_t fx_kwi(const struct system *sys, const char *id)
{
	const struct keyword_def *k = idx_get(sys->kw_idx, id);
	cr_assert_not_null(k, "no keyword %s", id);
	return k->index;
}

const struct entry_option *fx_opt(const struct entry *e, const char *id)
{
	const struct entry_option *o = entry_option(e, id);
	cr_assert_not_null(o, "%s has no option %s", e->id, id);
	return o;
}

struct eval *fx_eval(const struct system *sys, struct r_list *l, struct roster *holder)
{
	memset(holder, 0, sizeof(*holder));
	holder->file = (char *)"list.xml";
	holder->sys = sys;
	holder->lists = l;
	holder->n_lists = 1;
	struct diags d = DIAGS_INIT;
	struct eval *ev = eval_new(holder, &d);
	cr_assert_not_null(ev, "the list does not evaluate:%s", fx_dump(&d));
	diags_release(&d);
	return ev;
}
