/* edit-force.c - add-force: a new force spliced into a roster's own bytes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A new <list> goes after the roster's last top list, or, with --child-of, inside that list
 * after its last child element (its limits, fields, units and child forces), on a line of its
 * own indented as that element: every other byte stays as the user wrote it. The lists are
 * found on the file's outline (xml_outline_deep), numbered as 'muster status' numbers them.
 * What the new force says (a duplicate id, a size, faction or limit the system does not
 * know, a force nested too deep) is for the reader to refuse: the caller checks the result.
 */
#include "muster.h"
#include "edit.h"
#include "edit-int.h"
#include "data.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NONE ((size_t)-1)

/* What add-force asks for. */
struct force_opts {
	char *id;
	const char *name, *child_of, *size, *faction, *limit_cost;
	long limit;
};

/* The file's lists on its outline: each one's element, and its last child element. */
struct force_doc {
	const char *buf;
	struct xml_outline o;
	size_t *el, *last;
	size_t n, last_top; /* last_top: the last top list's index, or NONE */
};

static int force_parse(int argc, char **argv, struct force_opts *f, struct diags *d)
{
	static const char *const keys[] = { "child-of", "size", "faction", "limit", NULL };
	const char *pos = NULL, *limit = NULL;
	const char **vals[] = { &f->child_of, &f->size, &f->faction, &limit };
	f->limit = -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strncmp(a, "--", 2) != 0) {
			if (pos)
				return edit_fail(d, _("'%s': too many words"), a);
			pos = a;
			continue;
		}
		const char *key = a + 2, *eq = strchr(key, '=');
		size_t klen = eq ? (size_t)(eq - key) : strlen(key);
		size_t k = 0;
		while (keys[k] && !(strlen(keys[k]) == klen && strncmp(keys[k], key, klen) == 0))
			k++;
		if (keys[k] == NULL)
			return edit_fail(d, _("unknown option '%s'"), a);
		const char *val = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
		if (val == NULL)
			return edit_fail(d, _("option '%s' needs a value"), a);
		if (!xml_text_ok(val))
			return edit_fail(d, _("'%s': an XML file cannot hold control characters or bytes that are not UTF-8"),
			                 a);
		*vals[k] = val;
	}
	if (pos == NULL || *pos == '\0' || *pos == ':')
		return edit_fail(d, "%s", _("add-force takes the new force's ID[:NAME]"));
	if (!xml_text_ok(pos))
		return edit_fail(d, _("'%s': an XML file cannot hold control characters or bytes that are not UTF-8"),
		                 pos);
	const char *colon = strchr(pos, ':');
	f->id = colon ? xstrndup(pos, (size_t)(colon - pos)) : xstrdup(pos);
	f->name = colon && colon[1] ? colon + 1 : NULL;
	if (limit) {
		const char *lc = strchr(limit, ':');
		char *num = lc ? xstrndup(limit, (size_t)(lc - limit)) : xstrdup(limit);
		int bad = parse_long(num, 0, MUSTER_MAX_COST, &f->limit);
		free(num);
		if (bad != 0)
			return edit_fail(d, _("--limit=%s: give a whole number"), limit);
		f->limit_cost = lc && lc[1] ? lc + 1 : NULL;
	}
	return 0;
}

/* The lists of the outline in document order (the reader's numbering), with their last
 * child elements. -1 when the root is not a roster's or the nesting is past the scan's. */
static int force_doc_init(struct force_doc *fd, const char *buf, size_t len)
{
	memset(fd, 0, sizeof(*fd));
	fd->buf = buf;
	fd->last_top = NONE;
	if (xml_outline_deep(buf, len, NS_ROSTER, "list", &fd->o) != 0)
		return -1;
	const struct xml_el *el = fd->o.el;
	if (fd->o.n == 0 || !el[0].ours || !xml_el_is(buf, &el[0], "roster"))
		return -1;
	size_t open[257], cap = 0; /* per depth, the list open there, or NONE */
	open[0] = NONE;
	for (size_t i = 1; i < fd->o.n; i++) {
		size_t dp = el[i].depth;
		if (dp == 0 || dp > 255)
			return -1;
		size_t up = open[dp - 1];
		open[dp] = NONE;
		if (up != NONE)
			fd->last[up] = i;
		if ((dp == 1 || up != NONE) && el[i].ours && xml_el_is(buf, &el[i], "list")) {
			GROW(fd->el, cap, fd->n + 1);
			fd->last = xreallocarray(fd->last, cap, sizeof(*fd->last));
			fd->el[fd->n] = i;
			fd->last[fd->n] = NONE;
			if (dp == 1)
				fd->last_top = fd->n;
			open[dp] = fd->n++;
		}
	}
	return 0;
}

static void force_doc_release(struct force_doc *fd)
{
	free(fd->el);
	free(fd->last);
	xml_outline_release(&fd->o);
}

/* The list ref names: its id, its name (any case) or its number. -1 naming the lists. */
static int force_find(const struct force_doc *fd, const char *ref, size_t *index,
                      struct diags *d)
{
	long want = 0;
	if (parse_long(ref, 1, 1000000, &want) != 0)
		want = 0;
	struct strbuf known = STRBUF_INIT;
	struct nearest nr;
	nearest_init(&nr, ref);
	for (size_t k = 0; k < fd->n; k++) {
		const struct xml_el *e = &fd->o.el[fd->el[k]];
		const char *id = xml_el_attr(fd->buf, e, "id", (struct arena *)&fd->o.pool);
		const char *nm = xml_el_attr(fd->buf, e, "name", (struct arena *)&fd->o.pool);
		if (want == (long)k + 1 || (id && strcmp(id, ref) == 0) ||
		    (nm && strcasecmp(nm, ref) == 0)) {
			strbuf_release(&known);
			*index = k;
			return 0;
		}
		if (id)
			nearest_offer(&nr, id, id);
		if (nm)
			nearest_offer(&nr, nm, nm);
		strbuf_addf(&known, "%s%zu%s%s", k ? ", " : "", k + 1, id ? " " : "", id ? id : "");
	}
	edit_no_list(d, ref, nr.best, known.s);
	strbuf_release(&known);
	return -1;
}

/* The white space that indents e: the text after the last newline before it. */
static char *indent_of(const char *buf, const struct xml_el *e)
{
	size_t p = e->start;
	while (p > e->text && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
		p--;
	if (p > e->text && buf[p - 1] == '\n')
		return xstrndup(buf + p, e->start - p);
	return xstrdup("");
}

/* The new <list>, its first line at the caller's indentation ind, nl its line end. */
static void force_text(struct strbuf *sb, const struct force_opts *f, const char *ind,
                       const char *nl)
{
	strbuf_adds(sb, "<list");
	strbuf_add_attr(sb, "id", f->id);
	strbuf_add_attr(sb, "name", f->name);
	strbuf_add_attr(sb, "size", f->size);
	strbuf_add_attr(sb, "faction", f->faction);
	if (f->limit < 0) {
		strbuf_adds(sb, "/>");
		return;
	}
	strbuf_addf(sb, ">%s%s  <limit", nl, ind);
	strbuf_add_attr(sb, "cost", f->limit_cost);
	strbuf_addf(sb, " value=\"%ld\"/>%s%s</list>", f->limit, nl, ind);
}

/* The splice: bytes [*from, *to) of the file replaced by the text returned. */
static char *force_splice(const struct force_doc *fd, const struct force_opts *f, size_t pi,
                          size_t *from, size_t *to)
{
	const char *buf = fd->buf, *lf = strchr(buf, '\n');
	const char *nl = lf && lf > buf && lf[-1] == '\r' ? "\r\n" : "\n";
	struct strbuf sb = STRBUF_INIT;
	size_t after = pi == NONE ? fd->el[fd->last_top] : fd->last[pi];
	if (after != NONE) {
		/* After the last sibling-to-be, on a line of its own indented as it. */
		const struct xml_el *e = &fd->o.el[after];
		char *ind = indent_of(buf, e);
		strbuf_addf(&sb, "%s%s", nl, ind);
		force_text(&sb, f, ind, nl);
		free(ind);
		*from = *to = e->end;
		return strbuf_detach(&sb);
	}
	/* The parent's first child: inside it, one step further than it. */
	const struct xml_el *l = &fd->o.el[fd->el[pi]];
	char *pind = indent_of(buf, l), *ind = xasprintf("%s  ", pind);
	bool blank = true;
	for (size_t i = l->stag_end; i < l->etag; i++)
		blank &= strchr(" \t\r\n", buf[i]) != NULL;
	if (l->end == l->stag_end) {
		strbuf_add(&sb, buf + l->start, l->stag_end - 2 - l->start);
		strbuf_addc(&sb, '>');
		*from = l->start;
		*to = l->end;
	} else {
		*from = blank ? l->stag_end : l->etag;
		*to = l->etag;
	}
	strbuf_addf(&sb, "%s%s", nl, ind);
	force_text(&sb, f, ind, nl);
	strbuf_addf(&sb, "%s%s", nl, pind);
	if (l->end == l->stag_end) {
		strbuf_adds(&sb, "</");
		strbuf_add(&sb, buf + l->start + 1, l->qname_len);
		strbuf_addc(&sb, '>');
	}
	free(ind);
	free(pind);
	return strbuf_detach(&sb);
}

char *edit_add_force(const char *buf, size_t len, const char *name, int argc, char **argv,
                     size_t *out_len, struct edit_undo *undo, struct diags *d)
{
	struct force_opts f;
	struct force_doc fd;
	char *out = NULL;
	memset(&f, 0, sizeof(f));
	if (force_doc_init(&fd, buf, len) != 0) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s",
		          _("cannot find the roster's lists in its text"));
		goto out;
	}
	if (force_parse(argc, argv, &f, d) != 0)
		goto out;
	size_t pi = NONE;
	if (f.child_of && force_find(&fd, f.child_of, &pi, d) != 0)
		goto out;
	if (pi == NONE && fd.last_top == NONE) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s",
		          _("cannot find the roster's lists in its text"));
		goto out;
	}
	size_t from, to;
	char *text = force_splice(&fd, &f, pi, &from, &to);
	size_t tl = strlen(text);
	*out_len = len - (to - from) + tl;
	out = xmalloc(*out_len + 1);
	memcpy(out, buf, from);
	memcpy(out + from, text, tl);
	memcpy(out + from + tl, buf + to, len - to);
	out[*out_len] = '\0';
	if (undo) {
		undo->v = xcalloc(2, sizeof(*undo->v));
		undo->v[0] = (struct edit_piece){ from, tl, xstrndup(buf + from, to - from), to - from };
		undo->n = 1;
	}
	free(text);
out:
	free(f.id);
	force_doc_release(&fd);
	return out;
}
