/* edit-sdoc.h - what edit-splice.c, edit-outline.c and edit-bytes.c share, and nothing else
 * includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * A roster's bytes as a change sees them (edit-splice.c says how): the outline of its lists
 * and units (edit-outline.c), the units the change touches, each its own small tree, and the
 * bytes made again with the change in them (edit-bytes.c).
 */
#ifndef MUSTER_EDIT_SDOC_H
#define MUSTER_EDIT_SDOC_H

#include "model.h"
#include "util.h"
#include "xml.h"

#include <libxml/tree.h>

struct session;
struct edit_undo;

#define NONE ((size_t)-1)

/* A unit the change touches, as its own small tree. */
struct sunit {
	size_t list;       /* the list it stands in now */
	size_t el;         /* its element in the outline; NONE for a new unit */
	xmlDocPtr doc;     /* owned when own_doc (a copy shares its original's) */
	bool own_doc, gone;
	xmlNodePtr node;
	char *before;      /* its text as first written out; NULL for a new unit */
};

struct sdoc {
	const char *buf, *name;
	size_t len;
	struct xml_outline o;
	size_t n_lists;
	size_t *list_el;    /* per list: its element */
	size_t *last_child; /* per list: its last child element before its child lists, or NONE */
	size_t *first_sub;  /* per list: its first child list's element, or NONE */
	size_t *up;         /* per list: 1 + the index of the list it stands in; 0: a top list */
	size_t *unit_from;  /* per list: where its units start in units[] (n_lists + 1) */
	uint32_t *units;    /* the lists' unit elements, list by list (fewer than the file's bytes) */
	const struct roster *names; /* built from the outline (names_roster), or NULL */
	/* While names: the units that have an attach=, in the order of units[] (few of them: a
	 * pointer for every unit was 800 KB of a 100,000-unit list). Its text is names' pool's. */
	struct sattach { size_t unit; const char *to; } *attach_of;
	size_t n_attach, cap_attach;
	struct sunit **su;
	size_t n_su, cap_su;
	long last_id;       /* the root's last-id, when last_set */
	bool last_set;
	const char *player; /* the root's player, when not NULL; "": none */
	const char *nl;     /* the file's line end: "\r\n" when its first line ends so */
};

/* The decoded value of e's attribute name, in arena a (the outline's when NULL). */
static inline const char *attr(const struct sdoc *sd, const struct xml_el *e, const char *name,
                               struct arena *a)
{
	return xml_el_attr(sd->buf, e, name, a ? a : (struct arena *)&sd->o.pool);
}

static inline const struct xml_el *list_elem(const struct sdoc *sd, size_t li)
{
	return &sd->o.el[sd->list_el[li]];
}

static inline size_t n_units(const struct sdoc *sd, size_t li)
{
	return sd->unit_from[li + 1] - sd->unit_from[li];
}

/* Finds the lists and their units among the outline's elements of buf (len bytes; name in
 * messages): -1 when the root is not a roster's (the reader says so). sdoc_release frees. */
int sdoc_init(struct sdoc *sd, const char *buf, size_t len, const char *name);
void sdoc_release(struct sdoc *sd);
/* Element e's start tag as an open tag (<x a="b"/> becomes <x a="b">), and its end tag. */
void sdoc_open_tag(const struct sdoc *sd, const struct xml_el *e, struct strbuf *sb);
void sdoc_close_tag(const struct sdoc *sd, const struct xml_el *e, struct strbuf *sb);
/* The white space that indents e; the indentation of a new unit of list li. Caller frees. */
char *sdoc_indent_at(const struct sdoc *sd, const struct xml_el *e);
char *sdoc_new_indent(const struct sdoc *sd, size_t li);
/* The roster's lists and units as far as unitref_find names them, built from the outline, or
 * NULL (edit-outline.c says when). */
struct roster *sdoc_names_roster(struct sdoc *sd, struct session *s);
/* n written out as the whole file was, with line ends nl. Caller frees. */
char *sdoc_dump_node(xmlNodePtr n, const char *nl);
/* The roster's bytes with the change in them, in one buffer of their size. Caller frees. When
 * undo is not NULL, it gets what each splice replaced. */
char *sdoc_spliced(struct sdoc *sd, size_t *out_len, struct edit_undo *undo);

#endif
