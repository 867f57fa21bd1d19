/* xml-src.c - the bytes a document was parsed from, kept, dropped and read again
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The lowest of the xml files: a message that needs the bytes around an error reads them
 * here (xml_src_restore), whatever read the document.
 */
#include "muster.h"
#include "xml-int.h"
#include "util.h"
#include "zipped.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void xml_src_free(struct xml_src *src)
{
	if (src == NULL)
		return;
	if (!src->borrowed)
		free(src->buf);
	free(src->line_start);
	free(src->path);
	arena_release(&src->lean);
	free(src);
}

size_t xml_newlines(const char *p, const char *q, size_t max, uint32_t *at)
{
	size_t k = 0;
	for (const char *s = p; k < max && s < q && (s = memchr(s, '\n', (size_t)(q - s))) != NULL;) {
		s++;
		if (at)
			at[k] = (uint32_t)(s - p);
		k++;
	}
	return k;
}

long xml_utf8_len(const char *p, const char *q)
{
	long n = 0;
	for (; p < q; p++)
		n += ((unsigned char)*p & 0xC0) != 0x80;
	return n;
}

void xml_src_lines(struct xml_src *src)
{
	if (src->line_start != NULL)
		return;
	xml_src_restore(src); /* counting lines reads every byte */
	uint32_t *at = xmalloc((XML_COL_LINES + 1) * sizeof(*at));
	at[0] = 0;
	size_t k = xml_newlines(src->buf, src->buf + src->len, XML_COL_LINES, at + 1);
	src->line_start = xrealloc(at, (k + 1) * sizeof(*at));
	src->n_lines = k + 1;
}

/* Gives back the whole pages of src's buffer before offset `upto`: the source of a 6.6 MiB
 * catalog was a quarter of its peak memory, held to its end only for the columns of
 * messages. madvise(MADV_DONTNEED) on private memory: the pages read as zeros afterwards,
 * never as anything else, so nothing can crash; src_restore puts the bytes back. */
void xml_src_drop(struct xml_src *src, size_t upto)
{
#ifdef MADV_DONTNEED
	if (src->path == NULL || upto > src->len)
		return;
	long pg = sysconf(_SC_PAGESIZE);
	if (pg <= 0)
		return;
	uintptr_t b = (uintptr_t)src->buf, page = (uintptr_t)pg;
	uintptr_t from = (b + src->drop_end + page - 1) / page * page;
	uintptr_t to = (b + upto) / page * page;
	if (to < from + (uintptr_t)XML_DROP_STEP)
		return;
	if (madvise((void *)from, to - from, MADV_DONTNEED) == 0) {
		src->drop_end = to - b;
		src->dropped = true;
	}
#else
	(void)src;
	(void)upto;
#endif
}

/* Gives back the whole pages of src's buffer from where xml_src_drop stopped to its end. */
static void drop_to_end(struct xml_src *src)
{
#ifdef MADV_DONTNEED
	long pg = sysconf(_SC_PAGESIZE);
	if (pg <= 0)
		return;
	uintptr_t b = (uintptr_t)src->buf, page = (uintptr_t)pg;
	uintptr_t from = (b + src->drop_end + page - 1) / page * page;
	uintptr_t to = (b + src->len) / page * page;
	if (to > from && madvise((void *)from, to - from, MADV_DONTNEED) == 0) {
		src->drop_end = to - b;
		src->dropped = true;
	}
#else
	(void)src;
#endif
}

/* Gives back the whole pages of a borrowed buffer, read to its end, that xml_src_drop kept:
 * its owner holds it past the reader (xml_memory_backed), and a file read whole gives back
 * all of its buffer when the reader closes. */
void xml_src_drop_rest(struct xml_src *src)
{
	if (src == NULL || src->path == NULL || !src->borrowed)
		return;
	drop_to_end(src);
}

void xml_src_drop_all(struct xml_src *src, const char *path)
{
	if (src == NULL || src->borrowed || src->path || strcmp(path, "-") == 0)
		return;
	src->path = xstrdup(path);
	drop_to_end(src);
}

/* Reads the bytes xml_src_drop gave back again, for a message that needs them (an error path),
 * and stops giving any back. A file changed since keeps its zeros: the message may then miss
 * a column, nothing worse. */
void xml_src_restore(struct xml_src *src)
{
	if (src == NULL || !src->dropped)
		return;
	struct diags quiet = DIAGS_INIT;
	char *again;
	size_t len;
	if (xml_read_text(src->path, &again, &len, &quiet) == 0) {
		if (len == src->len)
			memcpy(src->buf, again, src->drop_end);
		free(again);
	}
	diags_release(&quiet);
	src->dropped = false;
	free(src->path);
	src->path = NULL;
}

/* xml_read_file with the cap max (in bytes). */
static int read_capped(const char *path, size_t max, char **out, size_t *out_len,
                       struct diags *d)
{
	*out = NULL;
	*out_len = 0;
	/* "-" is standard input, as for every GNU tool; messages call it "-". */
	bool is_stdin = strcmp(path, "-") == 0;
	/* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever. Only
	 * a regular file is read (standard input may be a pipe: the user chose it). */
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot open: %s"), strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int e = errno;
		if (!is_stdin)
			close(fd);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot read: %s"), strerror(e));
		return -1;
	}
	if (S_ISDIR(st.st_mode) || (!is_stdin && !S_ISREG(st.st_mode))) {
		if (!is_stdin)
			close(fd);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, "%s",
		          S_ISDIR(st.st_mode) ? _("is a directory")
		          : S_ISFIFO(st.st_mode) ? _("is a named pipe, not a regular file")
		          : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? _("is a device, not a regular file")
		          : S_ISSOCK(st.st_mode) ? _("is a socket, not a regular file")
		          : _("is not a regular file"));
		return -1;
	}
	if (!is_stdin) {
		/* A regular file never blocks; reads are simply blocking again. */
		int fl = fcntl(fd, F_GETFL);
		if (fl >= 0)
			(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	}
	/* Read at most one byte past the cap, so that a larger file is told from one at the cap
	 * without trusting st_size (pipes and /proc files have none). */
	size_t cap = 0, len = 0;
	char *buf = NULL;
	int err = 0;
	/* A regular file's size is known: one buffer of exactly that (and the byte that tells a
	 * file grown since), not a doubled one: for a 6.6 MiB catalog, 8 MiB held while it is read. */
	if (!is_stdin && S_ISREG(st.st_mode) && st.st_size >= 0 && (uintmax_t)st.st_size <= max) {
		cap = (size_t)st.st_size + 1;
		buf = xmalloc(cap);
	}
	for (;;) {
		if (len == cap)
			GROW(buf, cap, len + 65536);
		size_t want = cap - len;
		if (len + want > max + 1)
			want = max + 1 - len;
		ssize_t got = read(fd, buf + len, want);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			err = errno;
			break;
		}
		len += (size_t)got;
		if (got == 0 || len > max)
			break;
	}
	if (!is_stdin)
		close(fd);
	if (err) {
		free(buf);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL, _("cannot read: %s"), strerror(err));
		return -1;
	}
	if (len > max) {
		free(buf);
		diags_add(d, SEV_FATAL, path, 0, 0, NULL, NULL,
		          _("file is too large (over %ld MiB, the limit)"),
		          (long)(max / (1024 * 1024)));
		return -1;
	}
	*out = buf;
	*out_len = len;
	return 0;
}

int xml_read_file(const char *path, char **out, size_t *out_len, struct diags *d)
{
	return read_capped(path, (size_t)XML_MAX_FILE_SIZE, out, out_len, d);
}

int xml_read_text(const char *path, char **out, size_t *out_len, struct diags *d)
{
	*out = NULL;
	*out_len = 0;
	if (!zipped_name(path))
		return xml_read_file(path, out, out_len, d);
	char *zip;
	size_t zip_len;
	if (read_capped(path, (size_t)(XML_MAX_FILE_SIZE + ZIPPED_OVERHEAD), &zip, &zip_len, d) != 0)
		return -1;
	int rc = zipped_unpack(zip, zip_len, (size_t)XML_MAX_FILE_SIZE, path, out, out_len, d);
	free(zip);
	return rc;
}

int xml_read_both(const char *path, char **raw, size_t *raw_len, char **text, size_t *text_len,
                  struct diags *d)
{
	*text = NULL;
	*text_len = 0;
	if (!zipped_name(path)) {
		if (xml_read_file(path, raw, raw_len, d) != 0)
			return -1;
		*text = *raw;
		*text_len = *raw_len;
		return 0;
	}
	if (read_capped(path, (size_t)(XML_MAX_FILE_SIZE + ZIPPED_OVERHEAD), raw, raw_len, d) != 0)
		return -1;
	return zipped_unpack(*raw, *raw_len, (size_t)XML_MAX_FILE_SIZE, path, text, text_len, d);
}
