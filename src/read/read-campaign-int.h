/* read-campaign-int.h - what the files of the campaign reader share, and nothing outside it
 * includes
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The reader of a system's <campaign> (campaign_read, declared in campaign.h) is split by
 * job: read-campaign.c reads the <campaign> element and its currencies, progression, earnings,
 * recovery, loss rolls, scales, awards, means and travel, and frees what was read;
 * read-campaign-train.c reads what changes a unit: the advances, the roll tables that give
 * them, and repairs. Every function here returns 0, or -1 with a fatal diagnostic in p->d.
 */
#ifndef MUSTER_READ_CAMPAIGN_INT_H
#define MUSTER_READ_CAMPAIGN_INT_H

#include "muster.h"
#include "campaign-model.h"
#include "ledger.h"
#include "xml.h"

/* The reader's state: the system read into, its campaign rules, where fatal errors go. */
struct cr {
	struct system *sys;
	struct camp_def *c;
	struct diags *d;
};

/* A fatal error at node: reports it and returns -1 from the reader (whose state is p). */
#define CRFAIL(node, ...) \
	do { \
		diags_add(p->d, SEV_FATAL, p->sys->file, xml_line(node), xml_col(node), NULL, NULL, __VA_ARGS__); \
		return -1; \
	} while (0)

/* --- read-campaign.c ----------------------------------------------------------------------- */

/* How many children of n are <name>. */
size_t cr_count_named(xmlNodePtr n, const char *name);
/* A currency attribute: its index, or -1 when absent and optional. */
int cr_read_currency(struct cr *p, xmlNodePtr n, const char *name, bool required, long *out);
/* A whole-number unit attribute named by attribute `name` of n, or NULL when absent and
 * optional. */
int cr_read_attr(struct cr *p, xmlNodePtr n, const char *name, bool required,
                 const struct attr_def **out);
/* "2/3" or "1": a fraction with a positive denominator (1/1 when absent). */
int cr_read_fraction(struct cr *p, xmlNodePtr n, const char *name, long *num, long *den);
/* dice="2d6" and the rolls it gives; *dice is the caller's to free. */
int cr_read_dice(struct cr *p, xmlNodePtr n, bool required, char **dice, long *lo, long *hi);
/* The selector of n's <units>, or NULL without one; *bad when it does not parse. */
struct sel *cr_read_units(struct cr *p, xmlNodePtr n, bool *bad);

/* --- read-campaign-train.c ----------------------------------------------------------------- */

/* A <roll-table>, read after the advances its rows name. */
int cr_read_table(struct cr *p, xmlNodePtr n);
/* The <repair> section. */
int cr_read_repair(struct cr *p, xmlNodePtr n);
/* The <advances> section. */
int cr_read_advances(struct cr *p, xmlNodePtr sec);

#endif
