/* fuzz.h - what the fuzz targets share (tests/fuzz/README)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Each fuzz-NAME.c defines LLVMFuzzerTestOneInput: built with clang -fsanitize=fuzzer it is a
 * libFuzzer target (`make fuzz`); linked with replay.c by the normal compiler it replays every
 * file of tests/fuzz/corpus/NAME/ and of the seeds of the tests (`make check`). Inputs are
 * buffers: no file is written.
 */
#ifndef MUSTER_FUZZ_H
#define MUSTER_FUZZ_H

#include "muster.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Once per process: libxml2's safe settings and the data path (the source tree's data). */
void fuzz_init(void);
/* A file of the source tree read whole into a new NUL-terminated buffer; aborts on failure. */
char *fuzz_read_source_file(const char *rel, size_t *len);

/* With MUSTER_FUZZ_VERBOSE set, says on standard error whether the input loaded and its first
 * diagnostic: to see what a corpus exercises. */
struct diags;
void fuzz_report(bool loaded, const struct diags *d);

#endif
