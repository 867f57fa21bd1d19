/* rx.c - the only user of PCRE2
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Settings per DESIGN.md: PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C, never PCRE2_NO_UTF_CHECK on
 * untrusted text, a match limit of 1e5 and a heap limit of 1 MiB: unanchored (a+)+$ on 4 kB
 * ran 10 s under the default limits; and a budget of matching work shared by every pattern of
 * one run (rx.h).
 *
 * PCRE2 is opened the first time a pattern is compiled (dlib.h), not linked: most game
 * systems have no pattern, and for those that do, opening it costs less than loading it
 * at start-up (its exported symbols made every other lookup of the loader longer).
 */
#include "muster.h"
#include "rx.h"
#include "dlib.h"
#include "util.h"

#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#define RX_MATCH_LIMIT 100000
#define RX_HEAP_LIMIT_KIB 1024

/* What is used of PCRE2, once it is open. The names are the 8-bit library's own: dlsym needs
 * them, not the header's macros. */
static struct {
	__typeof__(pcre2_compile) *compile;
	__typeof__(pcre2_get_error_message) *get_error_message;
	__typeof__(pcre2_match_context_create) *match_context_create;
	__typeof__(pcre2_set_match_limit) *set_match_limit;
	__typeof__(pcre2_set_heap_limit) *set_heap_limit;
	__typeof__(pcre2_set_callout) *set_callout;
	__typeof__(pcre2_match_data_create_from_pattern) *match_data_create_from_pattern;
	__typeof__(pcre2_match) *match;
	__typeof__(pcre2_match_data_free) *match_data_free;
	__typeof__(pcre2_get_ovector_pointer) *get_ovector_pointer;
	__typeof__(pcre2_get_ovector_count) *get_ovector_count;
	__typeof__(pcre2_substring_number_from_name) *substring_number_from_name;
	__typeof__(pcre2_code_free) *code_free;
	__typeof__(pcre2_match_context_free) *match_context_free;
} pc;
static const struct dlib_sym pc_syms[] = {
#define PC_SYM(field, symbol) DLIB_SYM(__typeof__(pc), field, symbol)
	PC_SYM(compile, pcre2_compile_8),
	PC_SYM(get_error_message, pcre2_get_error_message_8),
	PC_SYM(match_context_create, pcre2_match_context_create_8),
	PC_SYM(set_match_limit, pcre2_set_match_limit_8),
	PC_SYM(set_heap_limit, pcre2_set_heap_limit_8),
	PC_SYM(set_callout, pcre2_set_callout_8),
	PC_SYM(match_data_create_from_pattern, pcre2_match_data_create_from_pattern_8),
	PC_SYM(match, pcre2_match_8),
	PC_SYM(match_data_free, pcre2_match_data_free_8),
	PC_SYM(get_ovector_pointer, pcre2_get_ovector_pointer_8),
	PC_SYM(get_ovector_count, pcre2_get_ovector_count_8),
	PC_SYM(substring_number_from_name, pcre2_substring_number_from_name_8),
	PC_SYM(code_free, pcre2_code_free_8),
	PC_SYM(match_context_free, pcre2_match_context_free_8),
#undef PC_SYM
};
static struct dlib pc_lib = DLIB_INIT(PCRE2_SONAME, pc_syms, &pc);

const char *rx_unavailable(void)
{
	return dlib_open(&pc_lib) == 0 ? NULL : dlib_why(&pc_lib);
}

char *rx_unavailable_message(void)
{
	const char *why = rx_unavailable();
	return why ? xasprintf(_("cannot load PCRE2 (%s): patterns cannot be matched"), why) : NULL;
}

struct rx {
	char *pattern;
	char *file;   /* where the pattern was written, for the message past the budget */
	long line;
	pcre2_code *code;
	pcre2_match_context *mctx;
};

/* The matching work left to this run: PCRE2_AUTO_CALLOUT calls count_step before every item
 * of the pattern the matcher tries, backtracking included, so the count is the work done.
 * The per-match limit alone let 300 units of a hostile rules file match for 169 s.
 * One budget per thread: a roster is loaded, evaluated and checked on one thread (batch.h
 * runs one roster per worker at a time), so the budget is that roster's alone. Shared
 * between threads, every worker's matches spent every other's roster's budget, and a
 * verdict depended on --jobs and timing. Per thread, no caller has to pass a budget
 * through the selectors, conditions and expressions that end in a match. */
static _Thread_local uint64_t budget_left = RX_WORK_BUDGET;
static _Thread_local const struct rx *spent_by;
static _Thread_local const struct rx *matching;

static int count_step(pcre2_callout_block *cb, void *data)
{
	(void)cb;
	(void)data;
	if (budget_left == 0) {
		if (spent_by == NULL)
			spent_by = matching;
		return PCRE2_ERROR_CALLOUT; /* abandons the match */
	}
	budget_left--;
	return 0;
}

void rx_budget_reset(uint64_t steps)
{
	budget_left = steps;
	spent_by = NULL;
}

uint64_t rx_budget_left(void)
{
	return budget_left;
}

bool rx_budget_spent(const char **pattern, const char **file, long *line)
{
	if (spent_by == NULL && budget_left > 0)
		return false;
	*pattern = spent_by ? spent_by->pattern : "";
	*file = spent_by ? spent_by->file : NULL;
	*line = spent_by ? spent_by->line : 0;
	return true;
}

void rx_set_origin(struct rx *rx, const char *file, long line)
{
	free(rx->file);
	rx->file = file ? xstrdup(file) : NULL;
	rx->line = line;
}

struct rx *rx_compile(const char *pattern, char **err, size_t *offset)
{
	*err = NULL;
	*offset = 0;
	if ((*err = rx_unavailable_message()) != NULL)
		return NULL;
	size_t len = strlen(pattern);
	if (len > RX_MAX_PATTERN) {
		*err = xasprintf(_("pattern is too long (%zu bytes; at most %d)"), len, RX_MAX_PATTERN);
		return NULL;
	}
	int ec;
	PCRE2_SIZE eo;
	pcre2_code *code = pc.compile((PCRE2_SPTR)pattern, len,
	                                 PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C | PCRE2_AUTO_CALLOUT, &ec, &eo, NULL);
	if (code == NULL) {
		PCRE2_UCHAR buf[256];
		if (pc.get_error_message(ec, buf, sizeof(buf)) < 0)
			snprintf((char *)buf, sizeof(buf), "%s", _("invalid pattern"));
		*err = xstrdup((const char *)buf);
		*offset = eo;
		return NULL;
	}
	struct rx *rx = xcalloc(1, sizeof(*rx));
	rx->pattern = xstrdup(pattern);
	rx->code = code;
	rx->mctx = pc.match_context_create(NULL);
	if (rx->mctx == NULL) {
		rx_free(rx);
		*err = xstrdup(_("out of memory"));
		return NULL;
	}
	pc.set_match_limit(rx->mctx, RX_MATCH_LIMIT);
	pc.set_heap_limit(rx->mctx, RX_HEAP_LIMIT_KIB);
	pc.set_callout(rx->mctx, count_step, NULL);
	return rx;
}

int rx_match(const struct rx *rx, const char *subject)
{
	size_t len = strlen(subject);
	if (len > RX_MAX_SUBJECT || budget_left == 0)
		return -1;
	pcre2_match_data *md = pc.match_data_create_from_pattern(rx->code, NULL);
	if (md == NULL)
		return -1;
	matching = rx;
	int rc = pc.match(rx->code, (PCRE2_SPTR)subject, len, 0, 0, md, rx->mctx);
	matching = NULL;
	pc.match_data_free(md);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	return -1;
}

int rx_match_named(const struct rx *rx, const char *subject, const char *const *names,
                   char **out)
{
	size_t len = strlen(subject);
	for (size_t i = 0; names[i]; i++)
		out[i] = NULL;
	if (len > RX_MAX_SUBJECT)
		return -1;
	pcre2_match_data *md = pc.match_data_create_from_pattern(rx->code, NULL);
	if (md == NULL)
		return -1;
	int rc = pc.match(rx->code, (PCRE2_SPTR)subject, len, 0, 0, md, rx->mctx);
	if (rc < 0) {
		pc.match_data_free(md);
		return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
	}
	PCRE2_SIZE *ov = pc.get_ovector_pointer(md);
	uint32_t n_ov = pc.get_ovector_count(md);
	for (size_t i = 0; names[i]; i++) {
		int g = pc.substring_number_from_name(rx->code, (PCRE2_SPTR)names[i]);
		if (g <= 0 || (uint32_t)g >= n_ov || ov[2 * g] == PCRE2_UNSET)
			continue;
		out[i] = xstrndup(subject + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
	}
	pc.match_data_free(md);
	return 1;
}

const char *rx_pattern(const struct rx *rx)
{
	return rx->pattern;
}

void rx_free(struct rx *rx)
{
	if (rx == NULL)
		return;
	pc.code_free(rx->code);
	pc.match_context_free(rx->mctx);
	if (spent_by == rx)
		spent_by = NULL; /* the budget stays spent; only the name of the culprit goes */
	free(rx->pattern);
	free(rx->file);
	free(rx);
}
