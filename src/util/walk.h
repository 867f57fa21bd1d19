/* walk.h - the files a batch reads: files as given, directories walked
 *
 * Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
 *
 * `muster validate DIR` and `muster tournament PACK DIR` read every roster file (*.xml, *.ros, *.rosz) under DIR, in
 * an order that never depends on the file system: each directory's names sorted bytewise,
 * files and subdirectories together. Dot files and dot directories are left out. What cannot
 * be read safely is listed with the reason instead of being opened: a FIFO (opening it could
 * block the batch for ever) or any other file that is not a regular file, a symbolic link
 * loop, an unreadable directory, a directory loop (a link back to a directory being walked).
 * A directory reached twice by other links is walked once. A text file (*.txt, *.md) in a
 * directory of rosters is listed as skipped, with a hint: a player may have sent a list as
 * text. Work is linear in the entries seen:
 * directories are remembered by device and inode in a hash. A path given explicitly is taken
 * as it is, and its reader (xml_read_file) refuses what is not a regular file with a message.
 */
#ifndef MUSTER_WALK_H
#define MUSTER_WALK_H

#include "muster.h"

struct idx;

struct walk_file {
	char *path;
	char *problem;   /* NULL, or why it is not read (translated) */
	bool skipped;    /* not a roster at all (a text list): problem says what to do */
};

struct walk {
	struct walk_file *v;
	size_t n, cap;
	struct idx *seen;  /* directories walked, by "dev:ino" */
	bool data;         /* walk_add_data: data files, not rosters */
};

#define WALK_INIT { NULL, 0, 0, NULL, false }

/* Directories nested deeper than this are listed as a problem, not walked. */
#define WALK_MAX_DEPTH 64

/* Adds path: a directory's roster files (*.xml, *.ros, *.rosz; recursively), or path itself. */
void walk_add(struct walk *w, const char *path);
/* The same for a data directory (muster lint): its game systems and catalogues, BattleScribe's
 * (*.gst, *.cat, zipped *.gstz, *.catz) and Muster's (*.xml). w must be used for nothing else. */
void walk_add_data(struct walk *w, const char *path);
void walk_release(struct walk *w);

#endif
