/* test-unitref.c - unit tests of unitref.c: naming a unit, and the ids commands give
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "edit.h"
#include "roster.h"
#include "derive.h"
#include "unitref.h"
#include "util.h"
#include "xml.h"

#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

TestSuite(unitref, .init = fx_setup, .fini = fx_teardown);

/* Two lists: ids, a unit without one, two units of one name (in two cases), an id that is
 * a number. */
static const char *const text =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\" last-id=\"4\">\n"
	"  <list id=\"main\" size=\"large-skirmish\" faction=\"impondium\">\n"
	"    <unit entry=\"quack-marine\" models=\"10\" id=\"quack-marine-1\"/>\n"
	"    <unit entry=\"marine-sergeant\" models=\"1\" id=\"3\" name=\"Sarge\"/>\n"
	"    <unit entry=\"quack-marine\" models=\"5\" id=\"quack-marine-4\"/>\n"
	"    <unit entry=\"marine-drummer\" models=\"3\" name=\"Twin\"/>\n"
	"    <unit entry=\"marine-drummer\" models=\"2\" name=\"twin\"/>\n"
	"  </list>\n"
	"  <list id=\"reserve\" size=\"large-skirmish\" faction=\"impondium\">\n"
	"    <unit entry=\"thunder-tank\" models=\"1\" id=\"tank\"/>\n"
	"  </list>\n"
	"</roster>\n";

static struct roster *load(void)
{
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load_memory(fx_session(), text, strlen(text), "r.xml", &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	diags_release(&d);
	return r;
}

/* word names unit `index` of list `list`. */
static void names(struct roster *r, size_t list, const char *word, size_t want_list, size_t index)
{
	struct diags d = DIAGS_INIT;
	struct unitref u;
	cr_assert_eq(unitref_find(r, list, word, &u, &d), 0, "'%s': %s", word, fx_dump(&d));
	cr_assert_eq(u.list, want_list, "'%s': list %zu", word, u.list);
	cr_assert_eq(u.index, index, "'%s': unit %zu, not %zu", word, u.index, index);
	cr_assert_eq(u.unit, &r->lists[want_list].units[index]);
	cr_assert_eq(u.number, (long)index + 1);
	diags_release(&d);
}

/* word is refused with a message containing needle. */
static void refused(struct roster *r, size_t list, const char *word, const char *needle)
{
	struct diags d = DIAGS_INIT;
	struct unitref u;
	cr_assert_eq(unitref_find(r, list, word, &u, &d), -1, "'%s' was found", word);
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, needle), "'%s': %s", word, fx_dump(&d));
	diags_release(&d);
}

Test(unitref, by_id_number_name_and_entry)
{
	struct roster *r = load();
	names(r, 0, "quack-marine-4", 0, 2);
	names(r, 0, "1", 0, 0);
	names(r, 0, "sarge", 0, 1);
	names(r, 0, "Marine Sergeant", 0, 1);
	names(r, 0, "marine-sergeant", 0, 1);
	names(r, 1, "1", 1, 0);
	names(r, UNITREF_ANY_LIST, "tank", 1, 0);
	names(r, UNITREF_ANY_LIST, "Thunder Tank", 1, 0);
	roster_free(r);
}

Test(unitref, an_id_comes_before_a_number)
{
	struct roster *r = load();
	/* The sergeant's id is "3": "3" is it, not the third unit. */
	names(r, 0, "3", 0, 1);
	roster_free(r);
}

Test(unitref, several_units_are_named_with_numbers_and_ids)
{
	struct roster *r = load();
	refused(r, 0, "quack-marine",
	        "2 units are 'quack-marine': 1 (quack-marine-1), 3 (quack-marine-4); name one by its id or its number");
	refused(r, 0, "TWIN", "2 units are 'TWIN': 4, 5;");
	/* A number in every list names one unit of each. */
	refused(r, UNITREF_ANY_LIST, "1", "2 units are '1': 1 (quack-marine-1) in main, 1 (tank) in reserve;");
	roster_free(r);
}

Test(unitref, a_miss_says_did_you_mean)
{
	struct roster *r = load();
	refused(r, 0, "Sargw", "the list has no unit 'Sargw'; did you mean 'Sarge'?");
	refused(r, 0, "quack-marine-44", "did you mean 'quack-marine-4'?");
	refused(r, 0, "zzzzzzzz", "the list has no unit 'zzzzzzzz' (a number from 1 to 5, an id or a name)");
	refused(r, 0, "6", "the list has no unit '6'");
	refused(r, 0, "tank", "the list has no unit 'tank'");
	refused(r, UNITREF_ANY_LIST, "tnk", "the roster has no unit 'tnk'; did you mean 'tank'?");
	roster_free(r);
}

/* Forces within forces: a child force is one more list of the roster, named by its index. */
Test(unitref, a_unit_of_a_child_force)
{
	static const char *const nested =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">\n"
		"  <list id=\"main\" size=\"large-skirmish\" faction=\"impondium\">\n"
		"    <unit entry=\"quack-marine\" models=\"10\" id=\"qm\"/>\n"
		"    <list id=\"wing\">\n"
		"      <unit entry=\"marine-sergeant\" models=\"1\" name=\"Sarge\"/>\n"
		"      <unit entry=\"quack-marine\" models=\"5\"/>\n"
		"    </list>\n"
		"  </list>\n"
		"  <list id=\"reserve\" size=\"large-skirmish\" faction=\"impondium\">\n"
		"    <unit entry=\"thunder-tank\" models=\"1\" id=\"tank\"/>\n"
		"  </list>\n"
		"</roster>\n";
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load_memory(fx_session(), nested, strlen(nested), "r.xml", &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	cr_assert_eq(r->n_lists, 3);
	names(r, 1, "2", 1, 1);
	names(r, 1, "sarge", 1, 0);
	names(r, UNITREF_ANY_LIST, "Sarge", 1, 0);
	names(r, 2, "1", 2, 0);
	refused(r, 0, "sarge", "the list has no unit 'sarge'");
	refused(r, UNITREF_ANY_LIST, "quack-marine",
	        "2 units are 'quack-marine': 1 (qm) in main, 2 in wing (child force of main);");
	roster_free(r);
	diags_release(&d);
}

Test(unitref, the_id_scheme)
{
	char *id = unitref_make_id("quack-marine", 3);
	cr_assert_str_eq(id, "quack-marine-3");
	cr_assert_eq(unitref_id_number(id), 3);
	free(id);
	id = unitref_make_id("a-very-long-entry-id-that-goes-on-and-on-and-on-and-on", 12);
	cr_assert_str_eq(id, "a-very-long-entry-id-that-goes-on-and-on-12");
	free(id);
	id = unitref_make_id("---", 1);
	cr_assert_str_eq(id, "unit-1");
	free(id);
	cr_assert_eq(unitref_id_number("sq1"), 0);
	cr_assert_eq(unitref_id_number("sq-"), 0);
	cr_assert_eq(unitref_id_number("sq--2"), 2);
	cr_assert_eq(unitref_id_number("sq-2x"), 0);
	cr_assert_eq(unitref_id_number(NULL), 0);
}

/* Applies the builder command words to text; returns the new text. Units are named both on
 * the roster loaded from text and on its outline (edit.h): the two texts are the same. */
static char *apply(const char *in, const char *const *words)
{
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load_memory(fx_session(), in, strlen(in), "r.xml", &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	int argc = 0;
	char *argv[16];
	for (; words[argc]; argc++)
		argv[argc] = xstrdup(words[argc]);
	argv[argc] = NULL;
	size_t len, len2;
	struct edit_undo undo = EDIT_UNDO_INIT;
	char *out = edit_apply(fx_session(), in, strlen(in), "r.xml", r, argc, argv, &len, &undo, &d);
	cr_assert_not_null(out, "%s", fx_dump(&d));
	cr_assert_eq(strlen(out), len);
	/* What it was made from, given back from the change alone. */
	size_t was_len;
	char *was = edit_undo(out, len, &undo, &was_len);
	cr_assert_eq(was_len, strlen(in));
	cr_assert_str_eq(was, in);
	cr_assert(undo.n > 0);
	free(was);
	edit_undo_release(&undo);
	for (int i = 0; i < argc; i++) {
		free(argv[i]);
		argv[i] = xstrdup(words[i]);
	}
	char *out2 = edit_apply(fx_session(), in, strlen(in), "r.xml", NULL, argc, argv, &len2, NULL, &d);
	cr_assert_not_null(out2, "%s", fx_dump(&d));
	cr_assert_str_eq(out2, out);
	free(out2);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	roster_free(r);
	diags_release(&d);
	return out;
}

Test(unitref, ids_are_given_and_never_given_again)
{
	static const char *const add[] = { "add", "quack-marine", "2", NULL };
	static const char *const remove[] = { "remove", "quack-marine-5", NULL };
	static const char *const copy[] = { "set", "Sarge", "--copy", NULL };
	static const char *const attach[] = { "set", "Sarge", "--attach=Twin", NULL };
	char *a = apply(text, add);
	cr_assert_not_null(strstr(a, "<unit entry=\"quack-marine\" models=\"2\" id=\"quack-marine-5\"/>"), "%s", a);
	cr_assert_not_null(strstr(a, "last-id=\"5\""), "%s", a);
	char *b = apply(a, remove);
	cr_assert_null(strstr(b, "quack-marine-5"), "%s", b);
	char *c = apply(b, add);
	cr_assert_not_null(strstr(c, "id=\"quack-marine-6\""), "%s", c);
	char *e = apply(c, copy);
	cr_assert_not_null(strstr(e, "<unit entry=\"marine-sergeant\" models=\"1\" id=\"marine-sergeant-7\"/>"), "%s", e);
	{
		/* Twin names two units: an error, nothing given. */
		struct diags d = DIAGS_INIT;
		struct roster *r = roster_load_memory(fx_session(), e, strlen(e), "r.xml", &d);
		char *argv[] = { xstrdup(attach[0]), xstrdup(attach[1]), xstrdup(attach[2]), NULL };
		size_t len;
		cr_assert_null(edit_apply(fx_session(), e, strlen(e), "r.xml", r, 3, argv, &len, NULL, &d));
		cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, "2 units are 'Twin'"), "%s", fx_dump(&d));
		diags_release(&d);
		/* On the outline: nothing said, the caller loads the roster and asks again. */
		cr_assert_null(edit_apply(fx_session(), e, strlen(e), "r.xml", NULL, 3, argv, &len, NULL, &d));
		cr_assert_eq(d.n, 0, "%s", fx_dump(&d));
		for (int i = 0; i < 3; i++)
			free(argv[i]);
		roster_free(r);
		diags_release(&d);
	}
	static const char *const attach4[] = { "set", "Sarge", "--attach=4", NULL };
	char *f = apply(e, attach4);
	cr_assert_not_null(strstr(f, "<unit entry=\"marine-drummer\" models=\"3\" name=\"Twin\" id=\"marine-drummer-8\"/>"), "%s", f);
	cr_assert_not_null(strstr(f, "attach=\"marine-drummer-8\""), "%s", f);
	free(a);
	free(b);
	free(c);
	free(e);
	free(f);
}
