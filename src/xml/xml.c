/* xml.c - the node helpers the readers use: roots, elements, attributes, text, lines and
 * columns, languages
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "xml-int.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int xml_check_root(xmlNodePtr root, const char *name, const char *ns, const char *file,
                   struct diags *d)
{
	const char *rns = root->ns && root->ns->href ? (const char *)root->ns->href : "";
	if (strcmp((const char *)root->name, name) != 0 || strcmp(rns, ns) != 0) {
		diags_add(d, SEV_FATAL, file, xml_line(root), 0, NULL, NULL,
		          _("expected a <%s> element in namespace '%s', found <%s>%s%s%s"), name, ns,
		          (const char *)root->name, *rns ? _(" in namespace '") : _(" with no namespace"),
		          rns, *rns ? "'" : "");
		return -1;
	}
	return 0;
}

xmlNodePtr xml_root(xmlDocPtr doc, const char *name, const char *ns, const char *file,
                    struct diags *d)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);
	if (root == NULL) {
		diags_add(d, SEV_FATAL, file, 0, 0, NULL, NULL, "%s", _("no root element"));
		return NULL;
	}
	return xml_check_root(root, name, ns, file, d) == 0 ? root : NULL;
}

static bool elem_ok(xmlNodePtr n, const xmlNs *ns)
{
	if (n->type != XML_ELEMENT_NODE)
		return false;
	/* Children in the parent's namespace only: foreign extension elements are skipped. */
	if (ns == NULL)
		return n->ns == NULL;
	return n->ns != NULL && n->ns->href && ns->href &&
	       xmlStrEqual(n->ns->href, ns->href);
}

xmlNodePtr xml_first_elem(xmlNodePtr parent)
{
	if (parent == NULL)
		return NULL;
	for (xmlNodePtr n = parent->children; n; n = n->next)
		if (elem_ok(n, parent->ns))
			return n;
	return NULL;
}

xmlNodePtr xml_next_elem(xmlNodePtr node)
{
	for (xmlNodePtr n = node->next; n; n = n->next)
		if (elem_ok(n, node->ns))
			return n;
	return NULL;
}

xmlNodePtr xml_child(xmlNodePtr parent, const char *name)
{
	for (xmlNodePtr n = xml_first_elem(parent); n; n = xml_next_elem(n))
		if (xml_is(n, name))
			return n;
	return NULL;
}

bool xml_is(xmlNodePtr node, const char *name)
{
	return node && strcmp((const char *)node->name, name) == 0;
}

int xml_need(xmlNodePtr node, const char *name, const void *value, const char *file,
             struct diags *d)
{
	if (value != NULL)
		return 0;
	diags_add(d, SEV_FATAL, file, xml_line(node), xml_col(node), NULL, NULL,
	          _("<%s> needs the attribute %s=\"...\""), (const char *)node->name, name);
	return -1;
}

/* The value of node's attribute name in no namespace where it lies, no copy: a lean
 * document's (struct xml_lean_attrs), or the usual one text node's; NULL when it has none
 * (*at NULL) or when the value is made of several nodes (*at that attribute: xmlGetNoNsProp
 * joins them). */
static const char *value_of(xmlNodePtr node, const char *name, xmlAttrPtr *at)
{
	*at = NULL;
	if (node->type != XML_ELEMENT_NODE)
		return NULL;
	const struct xml_lean_attrs *la = (const void *)node->content;
	for (size_t i = 0; la && i < la->n; i++)
		if (strcmp(la->a[i].name, name) == 0)
			return la->a[i].value;
	xmlAttrPtr p = node->properties;
	while (p && (p->ns != NULL || strcmp((const char *)p->name, name) != 0))
		p = p->next;
	if (p == NULL)
		return NULL;
	xmlNodePtr t = p->children;
	if (t == NULL)
		return "";
	if (t->next == NULL && t->type == XML_TEXT_NODE && t->content)
		return (const char *)t->content;
	*at = p;
	return NULL;
}

/* What xmlGetNoNsProp reads of attribute at: its nodes joined, in a new string. */
static char *joined(xmlNodePtr node, xmlAttrPtr at)
{
	xmlChar *j = xmlNodeListGetString(node->doc, at->children, 1);
	char *s = xstrdup(j ? (const char *)j : "");
	xmlFree(j);
	return s;
}

char *xml_prop(xmlNodePtr node, const char *name)
{
	xmlAttrPtr at;
	const char *v = value_of(node, name, &at);
	return v ? xstrdup(v) : at ? joined(node, at) : NULL;
}

bool xml_prop_is(xmlNodePtr node, const char *name, const char *value)
{
	/* The usual value, one string, is compared where it lies: no copy. */
	xmlAttrPtr at;
	const char *v = value_of(node, name, &at);
	if (v)
		return strcmp(v, value) == 0;
	if (at == NULL) /* as xml_prop: an attribute in no namespace */
		return false;
	char *c = joined(node, at);
	bool r = strcmp(c, value) == 0;
	free(c);
	return r;
}

const char *xml_prop_in(xmlNodePtr node, const char *name, struct arena *a)
{
	/* The usual value, one string, is copied from where it lies: no malloc, no free. */
	xmlAttrPtr at;
	const char *v = value_of(node, name, &at);
	if (v)
		return arena_strndup(a, v, strlen(v));
	if (at == NULL)
		return NULL;
	char *c = joined(node, at);
	const char *s = arena_strndup(a, c, strlen(c));
	free(c);
	return s;
}

void xml_props_in(xmlNodePtr node, const char *const *names, size_t n, const char **vals,
                  struct arena *a)
{
	for (size_t i = 0; i < n; i++)
		vals[i] = NULL;
	if (node->type != XML_ELEMENT_NODE)
		return;
	const struct xml_lean_attrs *la = (const void *)node->content;
	for (size_t k = 0; la && k < la->n; k++)
		for (size_t i = 0; i < n; i++)
			if (vals[i] == NULL && strcmp(la->a[k].name, names[i]) == 0) {
				vals[i] = la->a[k].value;
				break;
			}
	for (xmlAttrPtr at = node->properties; at; at = at->next) {
		if (at->ns != NULL)
			continue;
		for (size_t i = 0; i < n; i++) {
			if (vals[i] || strcmp((const char *)at->name, names[i]) != 0)
				continue;
			xmlNodePtr t = at->children;
			if (t == NULL)
				vals[i] = "";
			else if (t->next == NULL && t->type == XML_TEXT_NODE && t->content)
				vals[i] = (const char *)t->content;
			else
				vals[i] = xml_prop_in(node, names[i], a);
			break;
		}
	}
}

int xml_value_long(xmlNodePtr node, const char *name, const char *v, long min, long max,
                   long def, long *out, const char *file, struct diags *d)
{
	if (v == NULL) {
		*out = def;
		return 0;
	}
	int rc = parse_long(v, min, max, out);
	if (rc != 0)
		diags_add(d, SEV_FATAL, file, xml_line(node), xml_col(node), NULL, NULL,
		          _("attribute '%s' of <%s> must be a whole number from %ld to %ld, not '%s'"),
		          name, (const char *)node->name, min, max, v);
	return rc;
}

int xml_prop_long(xmlNodePtr node, const char *name, long min, long max, long def, long *out,
                  const char *file, struct diags *d)
{
	char *v = xml_prop(node, name);
	int rc = xml_value_long(node, name, v, min, max, def, out, file, d);
	free(v);
	return rc;
}

char *xml_text(xmlNodePtr node)
{
	xmlChar *v = xmlNodeGetContent(node);
	const char *s = v ? (const char *)v : "";
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	char *r = xstrndup(s, n);
	xmlFree(v);
	return r;
}

long xml_line(xmlNodePtr node)
{
	if (node == NULL)
		return 0;
	if (node->type == XML_ELEMENT_NODE && node->line == 65535 && node->psvi != NULL)
		return (long)(ptrdiff_t)node->psvi; /* set by the reader: see xml-read.c */
	return xmlGetLineNo(node);
}

/* Does c end a tag's name? (NUL too, as strchr(" \t\r\n/>", c) would say.) */
static bool ends_name(char c)
{
	switch (c) {
	case '\0': case ' ': case '\t': case '\r': case '\n': case '/': case '>':
		return true;
	default:
		return false;
	}
}

long xml_col(xmlNodePtr node)
{
	return xml_col_on(node, xml_line(node));
}

long xml_col_on(xmlNodePtr node, long line)
{
	if (node == NULL || node->type != XML_ELEMENT_NODE || node->doc == NULL)
		return 0;
	struct xml_src *src = node->doc->_private;
	if (src == NULL || line <= 0)
		return 0;
	xml_src_lines(src);
	if ((size_t)line > src->n_lines)
		return 0;
	/* libxml2 keeps an element's line in 16 bits: past line 65535 it says 65535, and which
	 * element of the file that is cannot be told. Looking for it on line 65535 would name the
	 * wrong column, after reading the whole file again (7 MB for a 100,000-unit list). */
	if (line >= 65535 && src->n_lines > 65535)
		return 0;
	/* Here line < XML_COL_LINES, and line_start[line] is kept when line < n_lines (which
	 * counts at most XML_COL_LINES + 1). */
	if (src->dropped && src->line_start[line - 1] < src->drop_end + 1)
		xml_src_restore(src); /* a line given back already (an error on an earlier element) */
	/* The first tag on the element's line whose local name (after any "prefix:") is the
	 * element's: exact unless one line holds two such tags. */
	const char *buf = src->buf;
	size_t from = src->line_start[line - 1];
	size_t to = (size_t)line < src->n_lines ? src->line_start[line] : src->len;
	size_t name_len = strlen((const char *)node->name);
	for (size_t k = from; k < to; k++) {
		if (buf[k] != '<')
			continue;
		size_t e = k + 1, local = k + 1;
		while (e < to && !ends_name(buf[e])) {
			if (buf[e] == ':')
				local = e + 1;
			e++;
		}
		if (e - local == name_len && memcmp(buf + local, node->name, name_len) == 0) {
			return 1 + xml_utf8_len(buf + from, buf + k);
		}
	}
	return 0;
}

/* --- languages (xml:lang) ------------------------------------------------------------------ */

/* The user's languages, best first: primary subtags, lower case ("fr", "de"). */
static char **pref_langs;
static size_t n_pref_langs;

/* The primary language subtag of a tag or locale name ("de" of "de_DE.UTF-8", "fr-CA"),
 * lower-cased, into buf; false when there is none. */
static bool primary_subtag(const char *tag, char *buf, size_t size)
{
	size_t n = 0;
	while (tag[n] && tag[n] != '_' && tag[n] != '-' && tag[n] != '.' && tag[n] != '@')
		n++;
	if (n == 0 || n >= size)
		return false;
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)((tag[i] >= 'A' && tag[i] <= 'Z') ? tag[i] - 'A' + 'a' : tag[i]);
	buf[n] = '\0';
	return true;
}

void xml_set_languages(const char *list)
{
	for (size_t i = 0; i < n_pref_langs; i++)
		free(pref_langs[i]);
	free(pref_langs);
	pref_langs = NULL;
	n_pref_langs = 0;
	size_t cap = 0;
	const char *p = list ? list : "";
	while (*p) {
		size_t n = strcspn(p, ":");
		char *tag = xstrndup(p, n);
		char sub[16];
		if (primary_subtag(tag, sub, sizeof(sub)) && strcmp(sub, "c") != 0 &&
		    strcmp(sub, "posix") != 0) {
			bool dup = false;
			for (size_t i = 0; i < n_pref_langs; i++)
				dup |= strcmp(pref_langs[i], sub) == 0;
			if (!dup) {
				GROW(pref_langs, cap, n_pref_langs + 1);
				pref_langs[n_pref_langs++] = xstrdup(sub);
			}
		}
		free(tag);
		p += n;
		if (*p == ':')
			p++;
	}
}

char *xml_lang(xmlNodePtr node)
{
	xmlChar *v = xmlGetNsProp(node, (const xmlChar *)"lang", XML_XML_NAMESPACE);
	if (v == NULL)
		return NULL;
	char *r = xstrdup((const char *)v);
	xmlFree(v);
	return r;
}

size_t xml_lang_rank(xmlNodePtr node)
{
	char *lang = xml_lang(node);
	if (lang == NULL)
		return n_pref_langs;
	char sub[16];
	size_t rank = n_pref_langs + 1;
	if (primary_subtag(lang, sub, sizeof(sub)))
		for (size_t i = 0; i < n_pref_langs && rank > n_pref_langs; i++)
			if (strcmp(pref_langs[i], sub) == 0)
				rank = i;
	free(lang);
	return rank;
}

xmlNodePtr xml_child_lang(xmlNodePtr parent, const char *name)
{
	xmlNodePtr best = NULL;
	size_t best_rank = SIZE_MAX;
	for (xmlNodePtr n = xml_first_elem(parent); n; n = xml_next_elem(n)) {
		if (!xml_is(n, name))
			continue;
		size_t rank = xml_lang_rank(n);
		if (rank < best_rank) {
			best = n;
			best_rank = rank;
		}
	}
	return best;
}

/* The child element called name in the user's best language, or NULL when none is in one of
 * the user's languages (a translation must beat the default). */
static xmlNodePtr child_translated(xmlNodePtr node, const char *name)
{
	xmlNodePtr best = NULL;
	size_t best_rank = n_pref_langs;
	for (xmlNodePtr n = xml_first_elem(node); n; n = xml_next_elem(n)) {
		if (!xml_is(n, name))
			continue;
		size_t rank = xml_lang_rank(n);
		if (rank < best_rank) {
			best = n;
			best_rank = rank;
		}
	}
	return best;
}

char *xml_name_lang(xmlNodePtr node, const char *attr)
{
	xmlNodePtr best = child_translated(node, "name");
	return best ? xml_text(best) : xml_prop(node, attr);
}

char *xml_prop_lang(xmlNodePtr node, const char *attr)
{
	xmlNodePtr best = child_translated(node, attr);
	return best ? xml_text(best) : xml_prop(node, attr);
}

char **xml_names_all(xmlNodePtr node, const char *attr, struct arena *a)
{
	size_t n = 0;
	for (xmlNodePtr c = xml_first_elem(node); c; c = xml_next_elem(c))
		n += xml_is(c, "name");
	if (n == 0)
		return NULL;
	char **v = arena_alloc(a, n + 2, sizeof(*v));
	size_t k = 0;
	char *def = xml_prop(node, attr);
	if (def)
		v[k++] = arena_strndup(a, def, strlen(def));
	free(def);
	for (xmlNodePtr c = xml_first_elem(node); c; c = xml_next_elem(c)) {
		if (!xml_is(c, "name"))
			continue;
		char *t = xml_text(c);
		if (t)
			v[k++] = arena_strndup(a, t, strlen(t));
		free(t);
	}
	v[k] = NULL;
	return v;
}

void xml_set_prop(xmlNodePtr n, const char *name, const char *value)
{
	char *v = xml_chars(value);
	xmlSetProp(n, BAD_CAST name, BAD_CAST v);
	free(v);
}

