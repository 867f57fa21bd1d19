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
#include "util.h"

#include <stdatomic.h>
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

/* The outcomes of this run's matches of short subjects, by pattern and subject: a roster asks
 * the same (a name pattern of a rule, for every unit of an entry) again and again. A repeated
 * match spends the steps it spent the first time, so the budget runs out exactly where it
 * would have; when it has less left than that, the match is made again (and stops there).
 * Per thread, a fixed table (nothing to free), forgotten when the next run starts. */
#define OUTCOME_SLOTS 256
#define OUTCOME_SUBJECT 64
struct outcome {
	uint64_t serial; /* the pattern's; 0: empty */
	uint64_t run;
	uint64_t steps;
	size_t len;
	int result;
	char subject[OUTCOME_SUBJECT];
};
static _Thread_local struct outcome outcomes[OUTCOME_SLOTS];
static _Thread_local uint64_t run_no = 1;

void rx_budget_reset(uint64_t steps)
{
	budget_left = steps;
	spent_by = NULL;
	run_no++;
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

/* The slot of pattern serial and subject s (len bytes) in outcomes. */
static struct outcome *outcome_slot(uint64_t serial, const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ULL ^ serial; /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return &outcomes[h % OUTCOME_SLOTS];
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
	struct outcome *o = len <= OUTCOME_SUBJECT ? outcome_slot(rx->serial, subject, len) : NULL;
	if (o && o->serial == rx->serial && o->run == run_no && o->len == len &&
	    memcmp(o->subject, subject, len) == 0 && o->steps <= budget_left) {
		budget_left -= o->steps;
		return o->result;
	}
	uint64_t before = budget_left;
	int r = match_now(rx, subject, len);
	if (o && r >= 0) { /* a match or none, not a limit */
		*o = (struct outcome){ rx->serial, run_no, before - budget_left, len, r, { 0 } };
		memcpy(o->subject, subject, len);
	}
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
