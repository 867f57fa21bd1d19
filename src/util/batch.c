/* batch.c - checking many files with every core, in an order that never depends on timing
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "batch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

struct job {
	size_t n;
	atomic_size_t next;
	void (*fn)(size_t i, void *ctx);
	void *ctx;
};

/* A thread is worth starting for this many files: below, one thread does it all. */
#define FILES_PER_THREAD 16

unsigned batch_jobs(size_t n, unsigned jobs)
{
	if (jobs == 0) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = cpus > 0 ? (unsigned)cpus : 1;
	}
	if (jobs > BATCH_MAX_JOBS)
		jobs = BATCH_MAX_JOBS;
	size_t useful = n / FILES_PER_THREAD;
	if (useful < jobs)
		jobs = useful > 1 ? (unsigned)useful : 1;
	return jobs;
}

static void *worker(void *arg)
{
	struct job *j = arg;
	for (;;) {
		size_t i = atomic_fetch_add(&j->next, 1);
		if (i >= j->n)
			break;
		j->fn(i, j->ctx);
	}
	return NULL;
}

void batch_run(size_t n, unsigned jobs, void (*fn)(size_t i, void *ctx), void *ctx)
{
	struct job j;
	j.n = n;
	atomic_init(&j.next, 0);
	j.fn = fn;
	j.ctx = ctx;
	unsigned t = batch_jobs(n, jobs);
	pthread_t tid[BATCH_MAX_JOBS];
	unsigned started = 0;
	/* This thread is one of the workers; a thread that cannot start leaves its share to the
	 * others. */
	for (unsigned k = 1; k < t; k++)
		if (pthread_create(&tid[started], NULL, worker, &j) == 0)
			started++;
	worker(&j);
	for (unsigned k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
}
