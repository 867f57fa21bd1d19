/* xml-expect.c - what a schema allows where a document broke it, for messages
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * libxml2 says "This element is not expected" and, only sometimes, what was; it never says
 * which attributes an element takes. The schema document (an XSD, kept beside the compiled
 * schema) says both: the declaration of an element is found by walking from the document's
 * root down the declarations of its ancestors, and what its type allows is read from it.
 * Only error paths come here; each walk reads the schema's declarations a number of times
 * bounded by the depth of the element, and the schema is ours (compiled in), not a file a
 * stranger gives.
 */
#include "muster.h"
#include "xml-int.h"

#include <string.h>

#define XS_NS "http://www.w3.org/2001/XMLSchema"
/* How deep extension and reference chains are followed: deeper than any of our schemas. */
#define XS_MAX_DEPTH 16

static bool is_xs(xmlNodePtr n, const char *local)
{
	return n && n->type == XML_ELEMENT_NODE && n->ns && n->ns->href &&
	       strcmp((const char *)n->ns->href, XS_NS) == 0 &&
	       strcmp((const char *)n->name, local) == 0;
}

/* The value of attribute name of n, without a copy: NULL when it has none. */
static const char *prop(xmlNodePtr n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(n, (const xmlChar *)name);
	if (a == NULL || a->children == NULL || a->children->type != XML_TEXT_NODE)
		return NULL;
	return (const char *)a->children->content;
}

/* A QName's local part: "m:bound" is "bound". */
static const char *local(const char *qname)
{
	const char *colon = qname ? strchr(qname, ':') : NULL;
	return colon ? colon + 1 : qname;
}

/* The top-level declaration of that kind (element, complexType, group, attributeGroup) and
 * name in xsd. */
static xmlNodePtr top_level(xmlDocPtr xsd, const char *kind, const char *name)
{
	xmlNodePtr root = xsd ? xmlDocGetRootElement(xsd) : NULL;
	if (root == NULL || name == NULL)
		return NULL;
	for (xmlNodePtr c = root->children; c; c = c->next) {
		const char *n = is_xs(c, kind) ? prop(c, "name") : NULL;
		if (n && strcmp(n, name) == 0)
			return c;
	}
	return NULL;
}

/* The complex type of element declaration decl: named, or its own; NULL for a simple one. */
static xmlNodePtr decl_type(xmlDocPtr xsd, xmlNodePtr decl)
{
	const char *ref = prop(decl, "ref");
	if (ref)
		decl = top_level(xsd, "element", local(ref));
	if (decl == NULL)
		return NULL;
	const char *type = prop(decl, "type");
	if (type)
		return top_level(xsd, "complexType", local(type));
	for (xmlNodePtr c = decl->children; c; c = c->next)
		if (is_xs(c, "complexType"))
			return c;
	return NULL;
}

/* What walk collects: the names of the element declarations (or attributes) met, the
 * declaration named want, and whether a wildcard lets others in. */
struct xs_walk {
	bool attrs;
	const char *want;
	xmlNodePtr found;
	struct xml_expected *out;
};

static void add_name(struct xs_walk *w, xmlNodePtr decl)
{
	const char *name = prop(decl, "name");
	if (name == NULL)
		name = local(prop(decl, "ref"));
	if (name == NULL)
		return;
	if (w->want && w->found == NULL && strcmp(name, w->want) == 0)
		w->found = decl;
	struct xml_expected *o = w->out;
	for (size_t i = 0; i < o->n; i++)
		if (strcmp(o->names[i], name) == 0)
			return;
	if (o->n < XML_EXPECTED_MAX)
		o->names[o->n++] = name;
}

/* Walks the content of a complex type (or a part of one) below n: element declarations or
 * attributes, through sequences, choices, groups, extensions and attribute groups, never into
 * the content of a declaration it meets. */
static void walk(xmlDocPtr xsd, xmlNodePtr n, struct xs_walk *w, int depth)
{
	if (n == NULL || depth > XS_MAX_DEPTH)
		return;
	for (xmlNodePtr c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (is_xs(c, "element")) {
			if (!w->attrs)
				add_name(w, c);
		} else if (is_xs(c, "attribute")) {
			if (w->attrs)
				add_name(w, c);
		} else if (is_xs(c, "any")) {
			w->out->any |= !w->attrs;
		} else if (is_xs(c, "anyAttribute")) {
			w->out->any |= w->attrs;
		} else if (is_xs(c, "group") || is_xs(c, "attributeGroup")) {
			const char *ref = prop(c, "ref");
			walk(xsd, ref ? top_level(xsd, (const char *)c->name, local(ref)) : c, w, depth + 1);
		} else if (is_xs(c, "extension")) {
			walk(xsd, top_level(xsd, "complexType", local(prop(c, "base"))), w, depth + 1);
			walk(xsd, c, w, depth + 1);
		} else if (is_xs(c, "sequence") || is_xs(c, "choice") || is_xs(c, "all") ||
		           is_xs(c, "complexContent") || is_xs(c, "simpleContent") ||
		           is_xs(c, "restriction")) {
			walk(xsd, c, w, depth + 1);
		}
	}
}

/* The complex type of the instance element elem: its ancestors' declarations from the root
 * down. NULL when the schema declares no such element there (or its type is simple), or
 * when elem stands deeper than any Muster file goes (XS_MAX_PATH). */
#define XS_MAX_PATH 64
static xmlNodePtr elem_type(xmlDocPtr xsd, xmlNodePtr elem)
{
	xmlNodePtr path[XS_MAX_PATH];
	size_t depth = 0;
	for (xmlNodePtr p = elem; p && p->type == XML_ELEMENT_NODE; p = p->parent) {
		if (depth == XS_MAX_PATH)
			return NULL;
		path[depth++] = p;
	}
	xmlNodePtr type = NULL;
	for (size_t i = depth; i-- > 0;) {
		const char *name = (const char *)path[i]->name;
		xmlNodePtr decl;
		if (i == depth - 1) {
			decl = top_level(xsd, "element", name);
		} else {
			struct xml_expected scratch = { .n = 0 };
			struct xs_walk w = { false, name, NULL, &scratch };
			walk(xsd, type, &w, 0);
			decl = w.found;
		}
		if (decl == NULL || (type = decl_type(xsd, decl)) == NULL)
			return NULL;
	}
	return type;
}

bool xml_expected(xmlDocPtr xsd, xmlNodePtr elem, bool attrs, struct xml_expected *out)
{
	memset(out, 0, sizeof(*out));
	if (xsd == NULL || elem == NULL || elem->type != XML_ELEMENT_NODE)
		return false;
	xmlNodePtr type = elem_type(xsd, elem);
	if (type == NULL)
		return false;
	struct xs_walk w = { attrs, NULL, NULL, out };
	walk(xsd, type, &w, 0);
	return true;
}

const char *xml_simple_base(xmlDocPtr xsd, const char *name)
{
	xmlNodePtr t = top_level(xsd, "simpleType", local(name));
	for (xmlNodePtr c = t ? t->children : NULL; c; c = c->next)
		if (is_xs(c, "restriction"))
			return prop(c, "base");
	return NULL;
}
