/* dlib.c - a shared library opened the first time it is needed (dlib.h)
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 */
#include "muster.h"
#include "dlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* One lock for every library: each is opened once, and seldom. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Opens l and fills its struct of pointers; lock held. */
static int open_locked(struct dlib *l)
{
	/* RTLD_LOCAL: the library's symbols stay out of the global scope, so that they make no
	 * other lookup longer; RTLD_NOW: every symbol is found now, never half-way through a
	 * command. */
	void *h = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL);
	const char *why = h ? NULL : dlerror();
	for (size_t i = 0; h && i < l->n_syms; i++) {
		void *p = dlsym(h, l->syms[i].name);
		if (p == NULL) {
			why = dlerror();
			if (why == NULL)
				why = l->syms[i].name;
			break;
		}
		/* A function pointer from dlsym's void *: what POSIX guarantees works. */
		memcpy((char *)l->fns + l->syms[i].offset, &p, sizeof(p));
	}
	if (h && why == NULL)
		return 1;
	snprintf(l->why, sizeof(l->why), "%s", why ? why : l->soname);
	for (size_t i = 0; i < l->n_syms; i++)
		memset((char *)l->fns + l->syms[i].offset, 0, sizeof(void *));
	/* The handle stays open: a library whose symbols half resolved may have run its
	 * constructors, and unloading it is not worth that risk. */
	return -1;
}

int dlib_open(struct dlib *l)
{
	int state = atomic_load_explicit(&l->state, memory_order_acquire);
	if (state == 0) {
		pthread_mutex_lock(&lock);
		state = atomic_load_explicit(&l->state, memory_order_relaxed);
		if (state == 0) {
			state = open_locked(l);
			atomic_store_explicit(&l->state, state, memory_order_release);
		}
		pthread_mutex_unlock(&lock);
	}
	return state > 0 ? 0 : -1;
}

const char *dlib_why(const struct dlib *l)
{
	return l->why[0] ? l->why : l->soname;
}
