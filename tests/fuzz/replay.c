/* replay.c - runs a fuzz target's entry function on files, without libFuzzer
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Built with the normal compiler (and with the sanitizers of the build), linked with one
 * fuzz-NAME.c: `replay-NAME FILE|DIR...` feeds each file (each regular file of each directory,
 * in name order) to LLVMFuzzerTestOneInput, as libFuzzer would. Prints how many it ran; a
 * crash is the failure.
 */
#include "muster.h"
#include "fuzz.h"
#include "util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static long run_file(const char *path)
{
	char *buf;
	size_t len;
	/* The corpus may hold files past Muster's size cap: read them whole here. */
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		fprintf(stderr, "replay: cannot open %s\n", path);
		exit(2);
	}
	size_t cap = 0;
	buf = NULL;
	len = 0;
	for (;;) {
		GROW(buf, cap, len + 65536);
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	fclose(f);
	/* An exact copy, so that ASan sees a read one past the end. */
	uint8_t *exact = xmalloc(len ? len : 1);
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 1;
}

static long run_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		fprintf(stderr, "replay: cannot find %s\n", path);
		exit(2);
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	DIR *dp = opendir(path);
	if (dp == NULL) {
		fprintf(stderr, "replay: cannot open %s\n", path);
		exit(2);
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		GROW(names, cap, n + 1);
		names[n++] = xasprintf("%s/%s", path, de->d_name);
	}
	closedir(dp);
	if (n)
		qsort(names, n, sizeof(*names), cmp);
	long runs = 0;
	for (size_t i = 0; i < n; i++) {
		runs += run_file(names[i]);
		free(names[i]);
	}
	free(names);
	return runs;
}

int main(int argc, char **argv)
{
	long runs = 0;
	for (int i = 1; i < argc; i++)
		runs += run_path(argv[i]);
	printf("%ld\n", runs);
	return runs > 0 ? 0 : 1;
}
