/* test-fingerprint.c - unit tests of fingerprint.c: what changes a list's fingerprint and what not
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "fingerprint.h"
#include "roster.h"
#include "derive.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "fixture.h"

TestSuite(fingerprint, .init = fx_setup, .fini = fx_teardown);

/* The fingerprint of a roster file's text, checked for form against its short form. */
static void fp_of(const char *text, char hex[FINGERPRINT_HEX_LEN + 1])
{
	char *p = fx_write_tmp("roster.xml", text);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), p, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	fingerprint_roster(r, hex);
	char shorter[FINGERPRINT_SHORT_LEN + 1];
	fingerprint_short(r, shorter);
	cr_assert_eq(strlen(hex), 64);
	cr_assert_eq(strspn(hex, "0123456789abcdef"), 64, "%s", hex);
	cr_assert(strncmp(hex, shorter, FINGERPRINT_SHORT_LEN) == 0 && strlen(shorter) == 12);
	roster_free(r);
	diags_release(&d);
	free(p);
}

static char *dh(const char *name, const char *size, const char *body)
{
	return xasprintf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\" name=\"%s\">\n"
	                 "  <list id=\"main\" name=\"%s\" size=\"%s\" faction=\"impondium\">\n%s  </list>\n"
	                 "</roster>\n", name, name, size, body);
}

static const char *const base =
	"    <unit entry=\"quack-marine\" models=\"10\" name=\"1st Squad\"/>\n"
	"    <unit entry=\"auk-veteran\" models=\"4\" name=\"Veterans\">\n"
	"      <option id=\"gasp\"/>\n"
	"      <option id=\"stubborn\"/>\n"
	"    </unit>\n"
	"    <unit entry=\"thunder-tank\" models=\"1\"/>\n";

static void expect(const char *body, const char *size, bool same, const char *what)
{
	char a[FINGERPRINT_HEX_LEN + 1], b[FINGERPRINT_HEX_LEN + 1];
	char *t1 = dh("Original", "all-out-war", base), *t2 = dh("Renamed", size, body);
	fp_of(t1, a);
	fp_of(t2, b);
	if (same)
		cr_assert_str_eq(a, b, "%s changed the fingerprint", what);
	else
		cr_assert_str_neq(a, b, "%s kept the fingerprint", what);
	free(t1);
	free(t2);
}

Test(fingerprint, same_file_same_fingerprint)
{
	expect(base, "all-out-war", true, "nothing");
}

Test(fingerprint, renaming_and_reordering_units_keeps_it)
{
	expect("    <unit entry=\"thunder-tank\" models=\"1\" name=\"Big Bertha\" id=\"t\"/>\n"
	       "    <unit entry=\"auk-veteran\"   models=\"4\">\n"
	       "      <option id=\"stubborn\"/>  <option id=\"gasp\"/>\n"
	       "    </unit>\n"
	       "    <unit models=\"10\" entry=\"quack-marine\" name=\"Another name\"/>\n",
	       "all-out-war", true, "renaming and reordering units and options");
}

Test(fingerprint, changing_a_count_changes_it)
{
	char *b = xstrdup(base);
	memcpy(strstr(b, "models=\"10\""), "models=\"09\"", 11);
	expect(b, "all-out-war", false, "9 models instead of 10");
	free(b);
}

Test(fingerprint, changing_an_option_changes_it)
{
	expect("    <unit entry=\"quack-marine\" models=\"10\"/>\n"
	       "    <unit entry=\"auk-veteran\" models=\"4\"><option id=\"gasp\"/><option id=\"trained\"/></unit>\n"
	       "    <unit entry=\"thunder-tank\" models=\"1\"/>\n",
	       "all-out-war", false, "Trained instead of Stubborn");
}

Test(fingerprint, dropping_an_option_changes_it)
{
	expect("    <unit entry=\"quack-marine\" models=\"10\"/>\n"
	       "    <unit entry=\"auk-veteran\" models=\"4\"><option id=\"gasp\"/></unit>\n"
	       "    <unit entry=\"thunder-tank\" models=\"1\"/>\n",
	       "all-out-war", false, "dropping an option");
}

Test(fingerprint, moving_an_option_to_another_unit_changes_it)
{
	/* The same options and units, but Stubborn on a second Veterans unit. */
	char *t1 = dh("x", "all-out-war",
	              "    <unit entry=\"auk-veteran\" models=\"4\"><option id=\"gasp\"/><option id=\"stubborn\"/></unit>\n"
	              "    <unit entry=\"auk-veteran\" models=\"4\"/>\n");
	char *t2 = dh("x", "all-out-war",
	              "    <unit entry=\"auk-veteran\" models=\"4\"><option id=\"gasp\"/></unit>\n"
	              "    <unit entry=\"auk-veteran\" models=\"4\"><option id=\"stubborn\"/></unit>\n");
	char a[FINGERPRINT_HEX_LEN + 1], b[FINGERPRINT_HEX_LEN + 1];
	fp_of(t1, a);
	fp_of(t2, b);
	cr_assert_str_neq(a, b);
	free(t1);
	free(t2);
}

Test(fingerprint, changing_the_size_changes_it)
{
	expect(base, "large-skirmish", false, "another battle size");
}

Test(fingerprint, canonical_form_is_documented_text)
{
	char *t = dh("x", "all-out-war", base);
	char *p = fx_write_tmp("roster.xml", t);
	struct diags d = DIAGS_INIT;
	struct roster *r = roster_load(fx_session(), p, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	struct strbuf sb = STRBUF_INIT;
	fingerprint_canonical(r, &sb);
	cr_assert_str_eq(sb.s,
	                 "muster-fingerprint 1\n"
	                 "system duckhammer\n"
	                 " list size all-out-war faction impondium\n"
	                 "  limit ap 600\n"
	                 "  unit auk-veteran models 4\n"
	                 "   option gasp count 1\n"
	                 "   option stubborn count 1\n"
	                 "  unit quack-marine models 10\n"
	                 "  unit thunder-tank models 1\n");
	strbuf_release(&sb);
	roster_free(r);
	diags_release(&d);
	free(p);
	free(t);
}

static char *ah(const char *body)
{
	return xasprintf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                 "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"actionhammer\">\n"
	                 "  <list id=\"army\" size=\"2000\">\n%s  </list>\n</roster>\n", body);
}

Test(fingerprint, attachment_counts_by_target_not_by_id)
{
	char a[FINGERPRINT_HEX_LEN + 1], b[FINGERPRINT_HEX_LEN + 1], c[FINGERPRINT_HEX_LEN + 1];
	char *t1 = ah("    <unit entry=\"granite-troopers\" models=\"2\" id=\"t1\"/>\n"
	              "    <unit entry=\"granite-troopers\" models=\"3\" id=\"t2\"/>\n"
	              "    <unit entry=\"field-commander\" models=\"1\" attach=\"t1\"/>\n");
	/* Other ids, other order: the same army. */
	char *t2 = ah("    <unit entry=\"field-commander\" models=\"1\" attach=\"x\"/>\n"
	              "    <unit entry=\"granite-troopers\" models=\"3\" id=\"y\"/>\n"
	              "    <unit entry=\"granite-troopers\" models=\"2\" id=\"x\"/>\n");
	/* The commander joins the 3-model unit instead. */
	char *t3 = ah("    <unit entry=\"granite-troopers\" models=\"2\" id=\"t1\"/>\n"
	              "    <unit entry=\"granite-troopers\" models=\"3\" id=\"t2\"/>\n"
	              "    <unit entry=\"field-commander\" models=\"1\" attach=\"t2\"/>\n");
	fp_of(t1, a);
	fp_of(t2, b);
	fp_of(t3, c);
	cr_assert_str_eq(a, b);
	cr_assert_str_neq(a, c);
	free(t1);
	free(t2);
	free(t3);
}

Test(fingerprint, campaign_training_counts)
{
	/* The shipped campaign, and the same with one training fewer in its ledger. */
	char *path = xasprintf("%s/doc/examples/impondium-campaign.xml", fx_src_dir());
	char *text = fx_slurp(path);
	char a[FINGERPRINT_HEX_LEN + 1], b[FINGERPRINT_HEX_LEN + 1];
	fp_of(text, a);
	char *cut = strstr(text, "<train date=\"2026-09-06\" unit=\"sgt\" advance=\"armor\"/>");
	cr_assert_not_null(cut);
	/* <train .../> becomes <!--ain ...--> of the same length. */
	memcpy(cut, "<!--", 4);
	memcpy(strstr(cut, "\"/>"), "-->", 3);
	fp_of(text, b);
	cr_assert_str_neq(a, b);
	free(text);
	free(path);
}
