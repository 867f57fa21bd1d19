/* zipped.c - the one file of a zipped BattleScribe file, unpacked through libzip
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * zipped.h says what is refused and why. The archive is opened from memory
 * (zip_open_from_source on a buffer, ZIP_RDONLY | ZIP_CHECKCONS) rather than by path with
 * zip_open: the caller has read it through the one capped reader (xml_read_file), which
 * refuses a FIFO or a device instead of waiting on it and bounds the archive's own size, and
 * what is checked is then exactly what is read.
 */
#include "muster.h"
#include "zipped.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <zip.h>

bool zipped_name(const char *path)
{
	static const char *const ext[] = { ".gstz", ".catz", ".rosz" };
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base);
	for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
		size_t k = strlen(ext[i]);
		if (n > k && strcasecmp(base + n - k, ext[i]) == 0)
			return true;
	}
	return false;
}

/* The entry count of the archive's end of central directory record (the last one in the
 * final 65,557 bytes: the record and a comment of at most 65,535), read before libzip parses
 * the directory, which it does entry by entry (with ZIP_CHECKCONS, each local header too:
 * 20,000 entries took 0.3 s): -1 when there is no such record or it says zip64 (0xFFFF), and
 * then libzip's count is checked after opening, within the cap on the archive's size. */
static long eocd_entries(const unsigned char *data, size_t len)
{
	if (len < 22)
		return -1;
	size_t stop = len > 22 + 65535 ? len - 22 - 65535 : 0;
	for (size_t at = len - 22 + 1; at-- > stop;) {
		const unsigned char *e = data + at;
		if (e[0] == 'P' && e[1] == 'K' && e[2] == 5 && e[3] == 6) {
			long here = e[8] | e[9] << 8, total = e[10] | e[11] << 8;
			if (here == 0xFFFF || total == 0xFFFF)
				return -1;
			return here > total ? here : total;
		}
	}
	return -1;
}

static void too_many(long long n, const char *name, struct diags *d)
{
	diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
	          _("the archive has %lld entries; a zipped BattleScribe file holds one file "
	            "(the limit is %d entries)"), n, ZIPPED_MAX_ENTRIES);
}

/* Opens the archive held in data, or NULL with a diagnostic. */
static zip_t *open_archive(const char *data, size_t len, const char *name, struct diags *d)
{
	zip_error_t err;
	zip_error_init(&err);
	zip_source_t *src = zip_source_buffer_create(data, len, 0, &err);
	zip_t *za = NULL;
	if (src != NULL) {
		za = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &err);
		if (za == NULL)
			zip_source_free(src);
	}
	if (za == NULL)
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("not a zip archive that can be read: %s"), zip_error_strerror(&err));
	zip_error_fini(&err);
	return za;
}

/* The index of the archive's one file (directory entries passed over), or -1 with a
 * diagnostic. */
static zip_int64_t the_one_file(zip_t *za, const char *name, struct diags *d)
{
	zip_int64_t n = zip_get_num_entries(za, 0);
	if (n > ZIPPED_MAX_ENTRIES) {
		too_many((long long)n, name, d);
		return -1;
	}
	zip_int64_t found = -1;
	for (zip_int64_t i = 0; i < n; i++) {
		const char *entry = zip_get_name(za, (zip_uint64_t)i, ZIP_FL_ENC_RAW);
		size_t k = entry ? strlen(entry) : 0;
		if (k > 0 && entry[k - 1] == '/')
			continue;
		if (found >= 0) {
			diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s",
			          _("the archive holds more than one file; a zipped BattleScribe file "
			            "holds exactly one"));
			return -1;
		}
		found = i;
	}
	if (found < 0)
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s",
		          _("the archive holds no file; a zipped BattleScribe file holds one"));
	return found;
}

/* Checks what the central directory says of entry i before anything is inflated: 0 with its
 * declared size, or -1 with a diagnostic. */
static int check_entry(zip_t *za, zip_int64_t i, size_t cap, const char *name,
                       zip_uint64_t *size, struct diags *d)
{
	zip_stat_t st;
	zip_stat_init(&st);
	const zip_uint64_t need = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD |
	                          ZIP_STAT_ENCRYPTION_METHOD;
	if (zip_stat_index(za, (zip_uint64_t)i, 0, &st) != 0 || (st.valid & need) != need) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("not a zip archive that can be read: %s"), zip_strerror(za));
		return -1;
	}
	if (st.encryption_method != ZIP_EM_NONE) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s",
		          _("the file in the archive is encrypted"));
		return -1;
	}
	if (st.comp_method != ZIP_CM_STORE && st.comp_method != ZIP_CM_DEFLATE) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("the file in the archive is compressed by method %d; only stored and "
		            "deflated files are read"), (int)st.comp_method);
		return -1;
	}
	if (st.size > cap) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("the file in the archive is too large (%llu bytes unpacked; the limit is "
		            "%zu MiB)"), (unsigned long long)st.size, cap / (1024 * 1024));
		return -1;
	}
	/* st.size is at most cap here, so the product cannot overflow. */
	if (st.comp_size < st.size && st.size > st.comp_size * ZIPPED_MAX_RATIO) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("the file in the archive is packed more than %d to 1 (%llu bytes in "
		            "%llu): refused as a zip bomb"), ZIPPED_MAX_RATIO,
		          (unsigned long long)st.size, (unsigned long long)st.comp_size);
		return -1;
	}
	*size = st.size;
	return 0;
}

/* Reads entry i, of declared size `size`, whole: at most one byte past it. 0 with the bytes,
 * or -1 with a diagnostic. */
static int read_entry(zip_t *za, zip_int64_t i, zip_uint64_t size, const char *name,
                      char **out, size_t *out_len, struct diags *d)
{
	zip_file_t *zf = zip_fopen_index(za, (zip_uint64_t)i, 0);
	if (zf == NULL) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("cannot unpack the file in the archive: %s"), zip_strerror(za));
		return -1;
	}
	size_t want = (size_t)size + 1, got = 0;
	char *buf = xmalloc(want + 1);
	for (;;) {
		zip_int64_t k = zip_fread(zf, buf + got, want - got);
		if (k < 0) {
			diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
			          _("cannot unpack the file in the archive: %s"), zip_file_strerror(zf));
			zip_fclose(zf);
			free(buf);
			return -1;
		}
		got += (size_t)k;
		if (k == 0 || got == want)
			break;
	}
	zip_fclose(zf);
	if (got != size) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL,
		          _("the file in the archive is not the %llu bytes it declares"),
		          (unsigned long long)size);
		free(buf);
		return -1;
	}
	buf[got] = '\0';
	*out = buf;
	*out_len = got;
	return 0;
}

int zipped_unpack(const char *data, size_t len, size_t cap, const char *name, char **out,
                  size_t *out_len, struct diags *d)
{
	*out = NULL;
	*out_len = 0;
	/* libzip takes a file of no bytes for an archive of no entries. */
	if (len == 0) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s", _("file is empty"));
		return -1;
	}
	long listed = eocd_entries((const unsigned char *)data, len);
	if (listed > ZIPPED_MAX_ENTRIES) {
		too_many(listed, name, d);
		return -1;
	}
	zip_t *za = open_archive(data, len, name, d);
	if (za == NULL)
		return -1;
	zip_uint64_t size = 0;
	zip_int64_t i = the_one_file(za, name, d);
	int rc = i >= 0 && check_entry(za, i, cap, name, &size, d) == 0 &&
	         read_entry(za, i, size, name, out, out_len, d) == 0 ? 0 : -1;
	zip_discard(za);
	return rc;
}

char *zipped_entry_name(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base);
	return xstrndup(base, n > 1 ? n - 1 : n);
}

/* The archive written into the in-memory source src, copied out: 0 with *out, or -1. */
static int take_source(zip_source_t *src, char **out, size_t *out_len)
{
	zip_stat_t st;
	zip_stat_init(&st);
	if (zip_source_stat(src, &st) != 0 || !(st.valid & ZIP_STAT_SIZE) || zip_source_open(src) != 0)
		return -1;
	char *buf = xmalloc((size_t)st.size + 1);
	zip_int64_t k = zip_source_read(src, buf, st.size);
	zip_source_close(src);
	if (k < 0 || (zip_uint64_t)k != st.size) {
		free(buf);
		return -1;
	}
	*out = buf;
	*out_len = (size_t)st.size;
	return 0;
}

/* The archive of text as entry: 0 with *out, or -1 with err set. */
static int pack(const char *text, size_t len, const char *entry, char **out, size_t *out_len,
                zip_error_t *err)
{
	zip_source_t *src = zip_source_buffer_create(NULL, 0, 0, err);
	if (src == NULL)
		return -1;
	zip_t *za = zip_open_from_source(src, ZIP_TRUNCATE, err);
	int rc = -1;
	if (za != NULL) {
		zip_source_keep(src); /* past zip_close, to be read */
		zip_source_t *fs = zip_source_buffer(za, text, len, 0);
		zip_int64_t at = fs ? zip_file_add(za, entry, fs, ZIP_FL_ENC_UTF_8) : -1;
		if (fs && at < 0)
			zip_source_free(fs);
		if (at >= 0 && zip_set_file_compression(za, (zip_uint64_t)at, ZIP_CM_DEFLATE, 9) == 0 &&
		    zip_close(za) == 0) {
			za = NULL;
			rc = take_source(src, out, out_len);
			if (rc != 0)
				zip_error_set(err, ZIP_ER_READ, 0);
		} else {
			zip_error_t *e = zip_get_error(za);
			zip_error_set(err, zip_error_code_zip(e), zip_error_code_system(e));
			zip_discard(za);
		}
	}
	zip_source_free(src);
	return rc;
}

int zipped_pack(const char *text, size_t len, const char *path, char **out, size_t *out_len,
                struct diags *d)
{
	const char *name = path;
	*out = NULL;
	zip_error_t err;
	zip_error_init(&err);
	char *zip = NULL, *back = NULL, *entry = zipped_entry_name(path);
	size_t zip_len = 0, back_len = 0;
	int packed = pack(text, len, entry, &zip, &zip_len, &err);
	free(entry);
	if (packed != 0) {
		diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, _("cannot zip the roster: %s"),
		          zip_error_strerror(&err));
		zip_error_fini(&err);
		return -1;
	}
	zip_error_fini(&err);
	/* Read back as any .rosz is read: what a reader will get must be exactly text. */
	size_t cap = len + 1;
	if (zipped_unpack(zip, zip_len, cap, name, &back, &back_len, d) != 0 || back_len != len ||
	    memcmp(back, text, len) != 0) {
		if (back != NULL)
			diags_add(d, SEV_FATAL, name, 0, 0, NULL, NULL, "%s",
			          _("the zipped roster does not unzip to the roster written"));
		free(back);
		free(zip);
		return -1;
	}
	free(back);
	*out = zip;
	*out_len = zip_len;
	return 0;
}
