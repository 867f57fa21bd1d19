/* edit-text.c - a changed roster's text: written out, checked, read again, and made again
 * from the undo record of a splice
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * What the commands that change a roster do with its whole text (edit.h): the checks before a
 * save and the bytes before a change, made again from what edit_apply replaced.
 */
#include "muster.h"
#include "edit.h"
#include "check.h"
#include "derive.h"
#include "eval.h"
#include "roster.h"
#include "session.h"
#include "util.h"
#include "xml.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *edit_dump(xmlDocPtr doc, const char *name, size_t *len, struct diags *d)
{
	xmlChar *buf = NULL;
	int n = 0;
	xmlDocDumpMemoryEnc(doc, &buf, &n, "UTF-8");
	if (buf == NULL || n <= 0) {
		xmlFree(buf);
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("cannot write the roster out"));
		return NULL;
	}
	char *out = xmalloc((size_t)n + 2);
	memcpy(out, buf, (size_t)n);
	xmlFree(buf);
	if (out[n - 1] != '\n')
		out[n++] = '\n';
	out[n] = '\0';
	*len = (size_t)n;
	return out;
}

long edit_check(struct session *s, const char *path, const char *buf, size_t len,
                struct roster **rout, struct eval **evout, struct diags *d)
{
	struct roster *r = buf ? roster_load_memory(s, buf, len, path, d) : roster_load(s, path, d);
	if (r == NULL)
		return -1;
	struct eval *ev = eval_new(r, d);
	if (ev == NULL) {
		roster_free(r);
		return -1;
	}
	long errors = (long)check_roster(ev, d);
	if (d->fatals) {
		eval_free(ev);
		roster_free(r);
		return -1;
	}
	if (rout) {
		*rout = r;
		*evout = ev;
	} else {
		eval_free(ev);
		roster_free(r);
	}
	return errors;
}

/* FNV-1a: whether a file read again holds the bytes it held. */
static uint64_t text_hash(const char *b, size_t n)
{
	uint64_t h = 14695981039346656037ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)b[i]) * 1099511628211ULL;
	return h;
}

/* Reads path's len bytes into buf; 0, or -1 (errno set; 0 when it is not len bytes long). */
static int read_into(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	size_t got = 0;
	ssize_t k = 1;
	while (got < len && (k = read(fd, buf + got, len - got)) > 0)
		got += (size_t)k;
	char more;
	if (got == len)
		k = read(fd, &more, 1);
	int e = errno;
	close(fd);
	if (k != 0 || got != len) {
		errno = k < 0 ? e : 0;
		return -1;
	}
	return 0;
}

long edit_check_backed(struct session *s, const char *path, const char *buf, size_t len,
                       struct roster **rout, struct eval **evout, struct diags *d,
                       uint64_t *hash)
{
	*hash = text_hash(buf, len);
	xml_memory_backed(buf, len, path);
	long checked = edit_check(s, path, buf, len, rout, evout, d);
	xml_memory_backed(NULL, 0, NULL);
	return checked;
}

int edit_read_again(const char *path, char *buf, size_t len, uint64_t hash, struct diags *d)
{
	int again = read_into(path, buf, len);
	if (again == 0 && text_hash(buf, len) == hash)
		return 0;
	if (again != 0 && errno != 0)
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot save: %s: %s; the file is unchanged"),
		          _("cannot read it again to check that it is unchanged (read)"), strerror(errno));
	else
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s",
		          _("changed on disk since it was read (by another command?); nothing "
		            "saved; run the command again"));
	return -1;
}

/* --- the undo record of a splice (edit-splice.c) ------------------------------------------- */

char *edit_undo(const char *text, size_t len, const struct edit_undo *u, size_t *out_len)
{
	size_t total = len;
	for (size_t i = 0; i < u->n; i++)
		total += u->v[i].old_len - u->v[i].len;
	char *out = xmalloc(total + 1), *w = out;
	size_t at = 0;
	for (size_t i = 0; i < u->n; i++) {
		memcpy(w, text + at, u->v[i].at - at);
		w += u->v[i].at - at;
		memcpy(w, u->v[i].old, u->v[i].old_len);
		w += u->v[i].old_len;
		at = u->v[i].at + u->v[i].len;
	}
	memcpy(w, text + at, len - at);
	out[total] = '\0';
	*out_len = total;
	return out;
}

void edit_undo_release(struct edit_undo *u)
{
	for (size_t i = 0; i < u->n; i++)
		free(u->v[i].old);
	free(u->v);
	u->v = NULL;
	u->n = 0;
}
