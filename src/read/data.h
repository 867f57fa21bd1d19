/* data.h - where game systems and catalogs are found
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * The search path: --data-dir (as often as given), then the directories of MUSTER_DATA_PATH
 * (colon-separated), then the installed $(pkgdatadir), then the source tree the program was
 * built from, so that an uninstalled build works without setting anything. Each directory may
 * hold rules-xml/<system>.xml and catalogs/<system>/. A system's rules file is the first one
 * on the path; its catalogs are gathered from every directory (data_catalog_files), so a
 * user's directory can add a faction to a shipped system, or replace one of its catalogs by
 * a file of the same name. The schemas are built in (schema.h), whatever rules-xml/schema/
 * holds.
 */
#ifndef MUSTER_DATA_H
#define MUSTER_DATA_H

#include "muster.h"
#include "diag.h"

#define NS_RULES "urn:x-muster:rules:1"
#define NS_CATALOG "urn:x-muster:catalog:1"
#define NS_ROSTER "urn:x-muster:roster:1"
#define NS_EVENT "urn:x-muster:event:1"

/* What kind of Muster (or BattleScribe) file other than a roster path is, by its root
 * element's namespace: "an event pack", "a game system", ... (translated), or NULL when it
 * is a roster, or no file of a kind known, or cannot be read. Read only when a roster did
 * not load: a folder of submissions often holds the event pack too. */
const char *data_other_kind(const char *path);

/* Adds a directory in front of the environment's (the --data-dir option). */
void data_add_dir(const char *dir);
/* The directories searched, in order; NULL-terminated; owned by this module. */
const char *const *data_dirs(void);
/* The first root directory holding rules-xml/<id>.xml, or NULL. */
const char *data_system_root(const char *id);
/* The system ids found on the path (BattleScribe's too), sorted, each once; strv_free. */
char **data_system_ids(void);
/* The catalog files of system id: every regular *.xml file (but dot files) of catalogs/<id>/
 * of each directory of roots (NULL-terminated, in order; NULL for none), layered: a file
 * whose base name an earlier directory has is shadowed by it and left out. Full paths,
 * sorted by base name, which is the order catalogs are loaded in; free with strv_free. */
char **data_catalog_files(const char *const *roots, const char *id);
/* BattleScribe (bs-read.h): a directory of the path may also hold game systems (*.gst) and
 * catalogues (*.cat) side by side, as a BSData repository does. The first .gst on the path
 * whose gameSystem id is id, or whose file name less ".gst" is id; NULL when none (free). */
char *data_bs_system_file(const char *id);
/* The .cat files beside gst whose catalogue names gst's gameSystem id, sorted; strv_free. */
char **data_bs_catalog_files(const char *gst);
/* Frees what the module holds (the path). */
void data_cleanup(void);

#endif
