/* batch.h - checking many files with every core, in an order that never depends on timing
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Threads, not worker processes: the loaded game systems are read-only once loaded and shared
 * by every thread of one session (session.h), so no worker loads them again, no result crosses
 * a pipe, and a result lands in its own slot of the caller's array. Each worker takes the next
 * file index from a shared counter; the caller reads the results in index order after
 * batch_run returns, so what is printed is the same whichever thread finished first.
 */
#ifndef MUSTER_BATCH_H
#define MUSTER_BATCH_H

#include "muster.h"

/* Calls fn(i, ctx) once for each i in [0, n), on up to jobs threads (0: one per online CPU,
 * at most BATCH_MAX_JOBS; fewer for small batches). fn must touch only what belongs to index i
 * and thread-safe shared state (a session). */
void batch_run(size_t n, unsigned jobs, void (*fn)(size_t i, void *ctx), void *ctx);

/* The number of threads batch_run would use for n files with jobs asked for. */
unsigned batch_jobs(size_t n, unsigned jobs);

#define BATCH_MAX_JOBS 64

#endif
