/* rx.c - the only user of PCRE2
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Settings per DESIGN.md: PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C, never PCRE2_NO_UTF_CHECK on
 * untrusted text, a match limit of 1e5 and a heap limit of 1 MiB: unanchored (a+)+$ on 4 kB
 * ran 10 s under the default limits; and a budget of matching work shared by every pattern of
 * one run (rx.h).
 */
#include "muster.h"
#include "rx.h"
#include "idx.h"
#include "util.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#define RX_MATCH_LIMIT 100000
#define RX_HEAP_LIMIT_KIB 1024

struct rx {
	char *pattern;
	char *file;   /* where the pattern was written, for the message past the budget */
	long line;
	pcre2_code *code;
	pcre2_match_context *mctx;
	uint64_t serial; /* never given twice in a process: names the pattern in the outcomes */
};

static atomic_uint_least64_t serials;

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

/* The outcomes of this run's matches of short subjects, by subject and pattern: a roster asks
 * the same (a name pattern of a rule, for every unit of an entry) again and again. A repeated
 * match spends the steps it spent the first time, so the budget runs out exactly where it
 * would have; when it has less left than that, the match is made again (and stops there).
 * Per thread, an idx from the subject to its outcomes, one per pattern (by its serial), at
 * most MEMO_PATTERNS a subject and MEMO_SUBJECTS subjects a run: what a hostile roster can
 * make it hold is bounded. Forgotten when the next run starts. */
#define MEMO_SUBJECTS 4096
#define MEMO_PATTERNS 16
#define MEMO_SUBJECT 64
struct outcome {
	uint64_t serial; /* the pattern's */
	uint64_t steps;
	int result;
};
struct memo_subject {
	size_t n;
	struct outcome o[MEMO_PATTERNS];
};
static _Thread_local struct idx *memo;             /* subject -> struct memo_subject */
static _Thread_local struct memo_subject **memo_all; /* memo's values, to free */
static _Thread_local size_t memo_n, memo_cap;

static void memo_forget(void)
{
	for (size_t i = 0; i < memo_n; i++)
		free(memo_all[i]);
	memo_n = 0;
	idx_free(memo);
	memo = NULL;
}

/* The outcome of pattern serial on subject, or NULL. */
static const struct outcome *memo_get(uint64_t serial, const char *subject)
{
	const struct memo_subject *ms = memo ? idx_get(memo, subject) : NULL;
	for (size_t i = 0; ms && i < ms->n; i++)
		if (ms->o[i].serial == serial)
			return &ms->o[i];
	return NULL;
}

static void memo_put(uint64_t serial, const char *subject, uint64_t steps, int result)
{
	if (memo == NULL)
		memo = idx_new();
	struct memo_subject *ms = idx_get(memo, subject);
	if (ms == NULL) {
		if (memo_n == MEMO_SUBJECTS)
			return;
		ms = xcalloc(1, sizeof(*ms));
		idx_add(memo, subject, ms);
		GROW(memo_all, memo_cap, memo_n + 1);
		memo_all[memo_n++] = ms;
	}
	size_t i = 0;
	while (i < ms->n && ms->o[i].serial != serial)
		i++;
	if (i == MEMO_PATTERNS)
		return;
	ms->o[i] = (struct outcome){ serial, steps, result };
	if (i == ms->n)
		ms->n++;
}

void rx_budget_reset(uint64_t steps)
{
	budget_left = steps;
	spent_by = NULL;
	memo_forget();
}

void rx_thread_end(void)
{
	memo_forget();
	free(memo_all);
	memo_all = NULL;
	memo_cap = 0;
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
	size_t len = strlen(pattern);
	if (len > RX_MAX_PATTERN) {
		*err = xasprintf(_("pattern is too long (%zu bytes; at most %d)"), len, RX_MAX_PATTERN);
		return NULL;
	}
	int ec;
	PCRE2_SIZE eo;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, len,
	                                 PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C | PCRE2_AUTO_CALLOUT,
	                                 &ec, &eo, NULL);
	if (code == NULL) {
		PCRE2_UCHAR buf[256];
		if (pcre2_get_error_message(ec, buf, sizeof(buf)) < 0)
			snprintf((char *)buf, sizeof(buf), "%s", _("invalid pattern"));
		*err = xstrdup((const char *)buf);
		*offset = eo;
		return NULL;
	}
	struct rx *rx = xcalloc(1, sizeof(*rx));
	rx->pattern = xstrdup(pattern);
	rx->code = code;
	rx->serial = atomic_fetch_add(&serials, 1) + 1;
	rx->mctx = pcre2_match_context_create(NULL);
	if (rx->mctx == NULL) {
		rx_free(rx);
		*err = xstrdup(_("out of memory"));
		return NULL;
	}
	pcre2_set_match_limit(rx->mctx, RX_MATCH_LIMIT);
	pcre2_set_heap_limit(rx->mctx, RX_HEAP_LIMIT_KIB);
	pcre2_set_callout(rx->mctx, count_step, NULL);
	return rx;
}

static int match_now(const struct rx *rx, const char *subject, size_t len)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(rx->code, NULL);
	if (md == NULL)
		return -1;
	matching = rx;
	int rc = pcre2_match(rx->code, (PCRE2_SPTR)subject, len, 0, 0, md, rx->mctx);
	matching = NULL;
	pcre2_match_data_free(md);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	return -1;
}

int rx_match(const struct rx *rx, const char *subject)
{
	size_t len = strlen(subject);
	if (len > RX_MAX_SUBJECT || budget_left == 0)
		return -1;
	const struct outcome *o = len <= MEMO_SUBJECT ? memo_get(rx->serial, subject) : NULL;
	if (o && o->steps <= budget_left) {
		budget_left -= o->steps;
		return o->result;
	}
	uint64_t before = budget_left;
	int r = match_now(rx, subject, len);
	if (len <= MEMO_SUBJECT && r >= 0) /* a match or none, not a limit */
		memo_put(rx->serial, subject, before - budget_left, r);
	return r;
}

int rx_match_named(const struct rx *rx, const char *subject, const char *const *names,
                   char **out)
{
	size_t len = strlen(subject);
	for (size_t i = 0; names[i]; i++)
		out[i] = NULL;
	if (len > RX_MAX_SUBJECT)
		return -1;
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(rx->code, NULL);
	if (md == NULL)
		return -1;
	int rc = pcre2_match(rx->code, (PCRE2_SPTR)subject, len, 0, 0, md, rx->mctx);
	if (rc < 0) {
		pcre2_match_data_free(md);
		return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
	}
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	uint32_t n_ov = pcre2_get_ovector_count(md);
	for (size_t i = 0; names[i]; i++) {
		int g = pcre2_substring_number_from_name(rx->code, (PCRE2_SPTR)names[i]);
		if (g <= 0 || (uint32_t)g >= n_ov || ov[2 * g] == PCRE2_UNSET)
			continue;
		out[i] = xstrndup(subject + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
	}
	pcre2_match_data_free(md);
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
	pcre2_code_free(rx->code);
	pcre2_match_context_free(rx->mctx);
	if (spent_by == rx)
		spent_by = NULL; /* the budget stays spent; only the name of the culprit goes */
	free(rx->pattern);
	free(rx->file);
	free(rx);
}
