/* test-zipped.c - unit tests of zipped.c and xml_read_text: BattleScribe's zipped files
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Every archive is built here, at test time, with libzip itself (or, for what libzip will not
 * write, by patching the bytes it wrote): no archive is committed. Each refusal must name the
 * file and say why; each good archive must give back exactly the bytes zipped.
 */
#include "muster.h"
#include "catalog.h"
#include "roster.h"
#include "session.h"
#include "system.h"
#include "util.h"
#include "xml.h"
#include "zipped.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <criterion/criterion.h>
#include <zip.h>

#include "fixture.h"

TestSuite(zipped, .init = fx_setup, .fini = fx_teardown);

/* --- building archives ----------------------------------------------------------------------- */

struct member {
	const char *name;  /* ending in '/': a directory entry */
	const char *data;
	size_t len;
	zip_int32_t method; /* ZIP_CM_DEFAULT, ZIP_CM_STORE, ... */
	bool encrypt;
};

/* Writes an archive of the n members to rel under the temporary directory; returns its path
 * (caller frees). */
static char *make_zip(const char *rel, const struct member *m, size_t n)
{
	char *p = fx_write_tmp_bytes(rel, "", 0);
	int err = 0;
	zip_t *za = zip_open(p, ZIP_CREATE | ZIP_TRUNCATE, &err);
	cr_assert_not_null(za, "zip_open %s: %d", p, err);
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(m[i].name);
		zip_int64_t at;
		if (k > 0 && m[i].name[k - 1] == '/') {
			at = zip_dir_add(za, m[i].name, ZIP_FL_ENC_UTF_8);
		} else {
			zip_source_t *s = zip_source_buffer(za, m[i].data, m[i].len, 0);
			cr_assert_not_null(s, "%s", zip_strerror(za));
			at = zip_file_add(za, m[i].name, s, ZIP_FL_ENC_UTF_8);
			if (at < 0)
				zip_source_free(s);
		}
		cr_assert_geq(at, 0, "adding %s: %s", m[i].name, zip_strerror(za));
		if (m[i].method != ZIP_CM_DEFAULT)
			cr_assert_eq(zip_set_file_compression(za, (zip_uint64_t)at, m[i].method, 0), 0,
			             "%s", zip_strerror(za));
		if (m[i].encrypt)
			cr_assert_eq(zip_file_set_encryption(za, (zip_uint64_t)at, ZIP_EM_AES_256,
			                                     "secret"), 0, "%s", zip_strerror(za));
	}
	cr_assert_eq(zip_close(za), 0, "zip_close %s: %s", p, zip_strerror(za));
	return p;
}

/* An archive of one deflated member. */
static char *zip_one(const char *rel, const char *entry, const char *data, size_t len)
{
	struct member m = { entry, data, len, ZIP_CM_DEFAULT, false };
	return make_zip(rel, &m, 1);
}

static const char doc_text[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<r xmlns=\"urn:x-test\">\n"
	"  <x id=\"first\">one</x>\n"
	"  <x id=\"second\">two</x>\n"
	"</r>\n";

/* xml_read_text on path must fail with one fatal diagnostic naming path whose message holds
 * needle. */
static void expect_refused(const char *path, const char *needle)
{
	struct diags d = DIAGS_INIT;
	char *buf = (char *)"untouched";
	size_t len = 7;
	cr_assert_eq(xml_read_text(path, &buf, &len, &d), -1, "%s was read", path);
	cr_assert_null(buf);
	cr_assert_eq(len, 0);
	cr_assert_eq(d.fatals, 1, "%s", fx_dump(&d));
	cr_assert_str_eq(d.v[0].file, path);
	cr_assert_not_null(strstr(d.v[0].msg, needle), "'%s' not in: %s", needle, fx_dump(&d));
	if (*needle == '\0')
		cr_log_info("%s: %s", path, d.v[0].msg);
	diags_release(&d);
	/* A parse by path says the same. */
	cr_assert_null(xml_load_file(path, &d));
	cr_assert_not_null(fx_find_diag(&d, SEV_FATAL, needle), "%s", fx_dump(&d));
	diags_release(&d);
}

/* The bytes of the file at path, and their number. */
static char *slurp_len(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open %s", path);
	cr_assert_eq(fseek(f, 0, SEEK_END), 0);
	long n = ftell(f);
	cr_assert_geq(n, 0);
	rewind(f);
	char *buf = xmalloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static void put_le32(char *at, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		at[i] = (char)((v >> (8 * i)) & 0xff);
}

static uint32_t get_le32(const char *at)
{
	uint32_t v = 0;
	for (int i = 3; i >= 0; i--)
		v = v << 8 | (unsigned char)at[i];
	return v;
}

/* --- names ----------------------------------------------------------------------------------- */

Test(zipped, only_the_three_zipped_names_are_unzipped)
{
	cr_assert(zipped_name("army.rosz"));
	cr_assert(zipped_name("dir/Space Marines.CATZ"));
	cr_assert(zipped_name("/data/system.Gstz"));
	cr_assert_not(zipped_name("army.ros"));
	cr_assert_not(zipped_name("army.xml"));
	cr_assert_not(zipped_name("army.zip"));
	cr_assert_not(zipped_name(".rosz"), "a dot file named only the extension");
	cr_assert_not(zipped_name("dir.rosz/army.xml"), "the directory's name does not count");
	cr_assert_not(zipped_name("-"));
}

/* --- good archives --------------------------------------------------------------------------- */

Test(zipped, one_file_gives_its_exact_bytes)
{
	char *p = zip_one("army.rosz", "army.ros", doc_text, strlen(doc_text));
	struct diags d = DIAGS_INIT;
	char *buf;
	size_t len;
	cr_assert_eq(xml_read_text(p, &buf, &len, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(d.n, 0);
	cr_assert_eq(len, strlen(doc_text));
	cr_assert_eq(memcmp(buf, doc_text, len), 0);
	cr_assert_eq(buf[len], '\0');
	free(buf);
	/* Parsed by path, its line numbers are the inner file's, under the archive's name. */
	xmlDocPtr doc = xml_load_file(p, &d);
	cr_assert_not_null(doc, "%s", fx_dump(&d));
	xmlNodePtr x = xml_next_elem(xml_first_elem(xml_root(doc, "r", "urn:x-test", p, &d)));
	cr_assert_eq(xml_line(x), 4);
	xml_doc_free(doc);
	free(p);
}

Test(zipped, uppercase_name_and_stored_entry)
{
	struct member m = { "ARMY.ROS", doc_text, strlen(doc_text), ZIP_CM_STORE, false };
	char *p = make_zip("ARMY.ROSZ", &m, 1);
	struct diags d = DIAGS_INIT;
	char *buf;
	size_t len;
	cr_assert_eq(xml_read_text(p, &buf, &len, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(len, strlen(doc_text));
	cr_assert_eq(memcmp(buf, doc_text, len), 0);
	free(buf);
	free(p);
}

/* Directory entries are passed over; the file's own name (even "..") is never used. */
Test(zipped, directories_passed_over_and_names_irrelevant)
{
	struct member m[] = {
		{ "folder/", NULL, 0, ZIP_CM_DEFAULT, false },
		{ "../../outside/evil.cat", doc_text, strlen(doc_text), ZIP_CM_DEFAULT, false },
		{ "other/", NULL, 0, ZIP_CM_DEFAULT, false },
	};
	char *p = make_zip("faction.catz", m, 3);
	struct diags d = DIAGS_INIT;
	char *buf;
	size_t len;
	cr_assert_eq(xml_read_text(p, &buf, &len, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(len, strlen(doc_text));
	free(buf);
	free(p);
	struct member a = { "/etc/evil.gst", doc_text, strlen(doc_text), ZIP_CM_DEFAULT, false };
	p = make_zip("system.gstz", &a, 1);
	cr_assert_eq(xml_read_text(p, &buf, &len, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(len, strlen(doc_text));
	free(buf);
	free(p);
}

/* A .xml is never unzipped, whatever it holds. */
Test(zipped, xml_name_never_unzipped)
{
	char *p = zip_one("army.xml", "army.xml", doc_text, strlen(doc_text));
	struct diags d = DIAGS_INIT;
	char *buf;
	size_t len, raw_len;
	char *raw = slurp_len(p, &raw_len);
	cr_assert_eq(xml_read_text(p, &buf, &len, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(len, raw_len, "the archive's own bytes");
	cr_assert_eq(memcmp(buf, raw, len), 0);
	cr_assert_eq(memcmp(buf, "PK\3\4", 4), 0);
	free(buf);
	free(raw);
	cr_assert_null(xml_load_file(p, &d));
	cr_assert_eq(d.fatals, 1, "%s", fx_dump(&d));
	diags_release(&d);
	free(p);
}

/* --- the readers by path --------------------------------------------------------------------- */

/* Zips the shipped file rel of the source tree into the temporary directory as name. */
static char *zip_shipped(const char *rel, const char *name, const char *entry, char **text)
{
	char *src = xasprintf("%s/%s", fx_src_dir(), rel);
	size_t len;
	*text = slurp_len(src, &len);
	free(src);
	return zip_one(name, entry, *text, len);
}

Test(zipped, system_catalog_and_roster_read_zipped)
{
	struct schemas *sc = session_schemas(fx_session());
	struct diags d = DIAGS_INIT;
	char *rules_text, *cat_text, *ros_text;
	char *gst = zip_shipped("rules-xml/duckhammer.xml", "duckhammer.gstz", "duckhammer.gst",
	                        &rules_text);
	struct system *sys = system_load_file(sc, gst, NULL, &d);
	cr_assert_not_null(sys, "%s", fx_dump(&d));
	cr_assert_str_eq(sys->id, "duckhammer");
	char *cat = zip_shipped("catalogs/duckhammer/impondium.xml", "impondium.catz",
	                        "impondium.cat", &cat_text);
	struct catalog *c = catalog_load(sc, sys, cat, &d);
	cr_assert_not_null(c, "%s", fx_dump(&d));
	cr_assert_eq(d.fatals, 0, "%s", fx_dump(&d));
	cr_assert_not_null(system_entry(sys, "quack-marine"), "an entry of the zipped catalog");
	system_adopt_catalog(sys, c);
	system_free(sys);
	char *ros = zip_shipped("doc/examples/impondium-strike-force.xml", "strike.rosz",
	                        "strike.ros", &ros_text);
	struct roster *r = roster_read(fx_session(), ros, &d);
	cr_assert_not_null(r, "%s", fx_dump(&d));
	cr_assert_eq(d.fatals, 0, "%s", fx_dump(&d));
	cr_assert_str_eq(r->file, ros);
	cr_assert_str_eq(r->name, "Impondium Strike Force");
	roster_free(r);
	diags_release(&d);
	free(rules_text);
	free(cat_text);
	free(ros_text);
	free(gst);
	free(cat);
	free(ros);
}

/* A roster that is broken inside its archive is reported under the archive's name. */
Test(zipped, error_inside_names_the_archive)
{
	const char *bad = "<?xml version=\"1.0\"?>\n<roster xmlns=\"urn:x-muster:roster:1\">\n<oops>\n";
	char *p = zip_one("broken.rosz", "broken.ros", bad, strlen(bad));
	struct diags d = DIAGS_INIT;
	cr_assert_null(roster_read(fx_session(), p, &d));
	cr_assert_geq(d.fatals, 1);
	cr_assert_str_eq(d.v[0].file, p, "%s", fx_dump(&d));
	cr_assert_gt(d.v[0].line, 0, "a line of the inner file: %s", fx_dump(&d));
	diags_release(&d);
	free(p);
}

/* --- refusals -------------------------------------------------------------------------------- */

Test(zipped, empty_archive)
{
	/* The end of central directory record alone: a valid archive with no entry (libzip
	 * writes no file for an empty archive). */
	static const char eocd[22] = { 'P', 'K', 5, 6 };
	char *p = fx_write_tmp_bytes("empty.rosz", eocd, sizeof(eocd));
	expect_refused(p, "holds no file");
	free(p);
	struct member dir = { "only-a-folder/", NULL, 0, ZIP_CM_DEFAULT, false };
	p = make_zip("folder.rosz", &dir, 1);
	expect_refused(p, "holds no file");
	free(p);
}

Test(zipped, empty_file_and_garbage)
{
	char *p = fx_write_tmp_bytes("zero.catz", "", 0);
	expect_refused(p, "file is empty");
	free(p);
	p = fx_write_tmp("plain.catz", doc_text);
	expect_refused(p, "not a zip archive");
	free(p);
}

Test(zipped, two_files)
{
	struct member m[] = {
		{ "army.ros", doc_text, strlen(doc_text), ZIP_CM_DEFAULT, false },
		{ "notes.txt", "hello", 5, ZIP_CM_DEFAULT, false },
	};
	char *p = make_zip("two.rosz", m, 2);
	expect_refused(p, "more than one file");
	free(p);
}

Test(zipped, too_many_entries_refused_by_count)
{
	enum { N = ZIPPED_MAX_ENTRIES + 1 };
	struct member m[N];
	char names[N][16];
	for (int i = 0; i < N; i++) {
		snprintf(names[i], sizeof(names[i]), "d%02d/", i);
		m[i] = (struct member){ names[i], NULL, 0, ZIP_CM_DEFAULT, false };
	}
	char *p = make_zip("many.gstz", m, N);
	expect_refused(p, "has 17 entries");
	free(p);
	/* A comment ending in a false end record that lists one entry: the quick count is fooled,
	 * libzip finds the true record, and its count refuses the archive. */
	p = make_zip("fooled.gstz", m, N);
	static const char fake[22] = { 'P', 'K', 5, 6, 0, 0, 0, 0, 1, 0, 1, 0 };
	size_t zlen;
	char *bytes = slurp_len(p, &zlen);
	free(p);
	cr_assert_eq(memcmp(bytes + zlen - 22, "PK\5\6", 4), 0, "no comment yet");
	bytes[zlen - 2] = sizeof(fake); /* the comment's length */
	bytes = xrealloc(bytes, zlen + sizeof(fake));
	memcpy(bytes + zlen, fake, sizeof(fake));
	p = fx_write_tmp_bytes("fooled.gstz", bytes, zlen + sizeof(fake));
	free(bytes);
	expect_refused(p, "has 17 entries");
	free(p);
	/* At the bound, directories and one file: read. */
	m[N - 2] = (struct member){ "the.gst", doc_text, strlen(doc_text), ZIP_CM_DEFAULT, false };
	p = make_zip("bound.gstz", m, N - 1);
	struct diags d = DIAGS_INIT;
	char *buf;
	size_t len;
	cr_assert_eq(xml_read_text(p, &buf, &len, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(len, strlen(doc_text));
	free(buf);
	free(p);
}

/* The count of the end record is read before libzip opens anything: a record that lists
 * 20,000 entries and has no directory at all is refused for its count, not as a broken
 * archive (which libzip would call it after parsing). */
Test(zipped, count_read_before_opening)
{
	static const char eocd[22] = { 'P', 'K', 5, 6, 0, 0, 0, 0, 0x20, 0x4e, 0x20, 0x4e };
	char *p = fx_write_tmp_bytes("counted.rosz", eocd, sizeof(eocd));
	expect_refused(p, "has 20000 entries");
	free(p);
}

/* A large number of entries is refused from the count, in about the time libzip takes to
 * open the archive (printed, never asserted). */
Test(zipped, thousands_of_entries)
{
	enum { N = 20000 };
	struct member *m = xmalloc(N * sizeof(*m));
	char (*names)[16] = xmalloc(N * sizeof(*names));
	for (int i = 0; i < N; i++) {
		snprintf(names[i], sizeof(names[i]), "f%05d", i);
		m[i] = (struct member){ names[i], "x", 1, ZIP_CM_STORE, false };
	}
	char *p = make_zip("huge.catz", m, N);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	expect_refused(p, "has 20000 entries");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	cr_log_info("%d entries refused twice in %.1f ms", N,
	            (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
	free(p);
	free(names);
	free(m);
}

Test(zipped, over_the_size_cap)
{
	/* Stored, so that the ratio is 1: only the size refuses it. */
	size_t n = (size_t)XML_MAX_FILE_SIZE + 1;
	char *big = xmalloc(n);
	memset(big, 'a', n);
	struct member m = { "big.cat", big, n, ZIP_CM_STORE, false };
	char *p = make_zip("big.catz", &m, 1);
	expect_refused(p, "too large (8388609 bytes unpacked; the limit is 8 MiB)");
	free(p);
	/* At the cap exactly: read whole. */
	m.len = n - 1;
	p = make_zip("cap.catz", &m, 1);
	struct diags d = DIAGS_INIT;
	char *buf;
	size_t len;
	cr_assert_eq(xml_read_text(p, &buf, &len, &d), 0, "%s", fx_dump(&d));
	cr_assert_eq(len, n - 1);
	cr_assert_eq(memcmp(buf, big, len), 0);
	free(buf);
	free(p);
	free(big);
}

Test(zipped, archive_itself_over_the_cap)
{
	size_t n = (size_t)(XML_MAX_FILE_SIZE + ZIPPED_OVERHEAD) + 1;
	char *junk = xmalloc(n);
	memset(junk, 'z', n);
	char *p = fx_write_tmp_bytes("junk.rosz", junk, n);
	expect_refused(p, "file is too large");
	free(p);
	free(junk);
}

Test(zipped, ratio_bomb)
{
	/* 4 MiB of zeros deflate to about 4 kB: over 1000 to 1, under the size cap. */
	size_t n = 4u * 1024 * 1024;
	char *zeros = calloc(1, n);
	cr_assert_not_null(zeros);
	char *p = zip_one("bomb.rosz", "bomb.ros", zeros, n);
	expect_refused(p, "packed more than 200 to 1");
	free(p);
	free(zeros);
}

Test(zipped, encrypted_entry)
{
	if (!zip_encryption_method_supported(ZIP_EM_AES_256, 1))
		cr_skip_test("this libzip cannot write AES encryption");
	struct member m = { "secret.ros", doc_text, strlen(doc_text), ZIP_CM_DEFAULT, true };
	char *p = make_zip("secret.rosz", &m, 1);
	expect_refused(p, "is encrypted");
	free(p);
}

Test(zipped, other_compression_method)
{
	if (!zip_compression_method_supported(ZIP_CM_BZIP2, 1))
		cr_skip_test("this libzip cannot write bzip2");
	struct member m = { "army.ros", doc_text, strlen(doc_text), ZIP_CM_BZIP2, false };
	char *p = make_zip("bzip.rosz", &m, 1);
	expect_refused(p, "compressed by method 12");
	free(p);
}

Test(zipped, truncated_archive)
{
	char *p = zip_one("whole.rosz", "whole.ros", doc_text, strlen(doc_text));
	size_t len;
	char *bytes = slurp_len(p, &len);
	for (size_t cut = 0; cut < len; cut += 7) {
		char *q = fx_write_tmp_bytes("cut.rosz", bytes, cut);
		expect_refused(q, cut == 0 ? "file is empty" : "not a zip archive");
		free(q);
	}
	free(bytes);
	free(p);
}

/* Flipped bytes in the deflated data: libzip's CRC check (or inflate) refuses them. */
Test(zipped, corrupt_data)
{
	char *text = xmalloc(4096);
	for (size_t i = 0; i < 4096; i++)
		text[i] = (char)('a' + (i * 7 + i / 13) % 26);
	char *p = zip_one("crc.rosz", "crc.ros", text, 4096);
	size_t len;
	char *bytes = slurp_len(p, &len);
	/* The data starts after the local header: 30 bytes and the name ("crc.ros"). */
	bytes[30 + 7 + 40] ^= 0x55;
	bytes[30 + 7 + 41] ^= 0x55;
	char *q = fx_write_tmp_bytes("flipped.rosz", bytes, len);
	expect_refused(q, "");
	free(q);
	free(bytes);
	free(p);
	free(text);
}

/* The size an entry declares (in its local header and the central directory alike) is not
 * trusted: one that says less or more than the data inflates to is refused. */
static void expect_lie(uint32_t (*lie)(uint32_t), const char *needle)
{
	char *p = zip_one("honest.rosz", "honest.ros", doc_text, strlen(doc_text));
	size_t len;
	char *bytes = slurp_len(p, &len);
	cr_assert_eq(memcmp(bytes, "PK\3\4", 4), 0);
	cr_assert_eq(get_le32(bytes + 22), strlen(doc_text), "the local header's size");
	put_le32(bytes + 22, lie(get_le32(bytes + 22)));
	char *cd = memmem(bytes, len, "PK\1\2", 4);
	cr_assert_not_null(cd);
	cr_assert_eq(get_le32(cd + 24), strlen(doc_text), "the central directory's size");
	put_le32(cd + 24, lie(get_le32(cd + 24)));
	char *q = fx_write_tmp_bytes("liar.rosz", bytes, len);
	expect_refused(q, needle);
	free(q);
	free(bytes);
	free(p);
}

static uint32_t less(uint32_t n)
{
	return n - 10;
}

static uint32_t more(uint32_t n)
{
	return n + 10;
}

static uint32_t huge(uint32_t n)
{
	(void)n;
	return 0x7fffffff;
}

Test(zipped, declared_size_less)
{
	expect_lie(less, "not the 106 bytes it declares");
}

Test(zipped, declared_size_more)
{
	expect_lie(more, "not the 126 bytes it declares");
}

Test(zipped, declared_size_huge)
{
	expect_lie(huge, "too large (2147483647 bytes unpacked");
}
