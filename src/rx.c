/* rx.c - the only user of PCRE2
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * Settings per DESIGN.md: PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C, never PCRE2_NO_UTF_CHECK on
 * untrusted text, a match limit of 1e5 and a heap limit of 1 MiB: unanchored (a+)+$ on 4 kB
 * ran 10 s under the default limits.
 */
#include "muster.h"
#include "rx.h"
#include "util.h"

#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#define RX_MATCH_LIMIT 100000
#define RX_HEAP_LIMIT_KIB 1024

struct rx {
	char *pattern;
	pcre2_code *code;
	pcre2_match_context *mctx;
};

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
	                                 PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C, &ec, &eo, NULL);
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
	rx->mctx = pcre2_match_context_create(NULL);
	if (rx->mctx == NULL) {
		rx_free(rx);
		*err = xstrdup(_("out of memory"));
		return NULL;
	}
	pcre2_set_match_limit(rx->mctx, RX_MATCH_LIMIT);
	pcre2_set_heap_limit(rx->mctx, RX_HEAP_LIMIT_KIB);
	return rx;
}

int rx_match(const struct rx *rx, const char *subject)
{
	size_t len = strlen(subject);
	if (len > RX_MAX_SUBJECT)
		return -1;
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(rx->code, NULL);
	if (md == NULL)
		return -1;
	int rc = pcre2_match(rx->code, (PCRE2_SPTR)subject, len, 0, 0, md, rx->mctx);
	pcre2_match_data_free(md);
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
	free(rx->pattern);
	free(rx);
}
