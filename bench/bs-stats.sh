#!/bin/sh
# bench/bs-stats.sh - the shape of a BattleScribe data set: what "at the scale of" is checked on
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Prints one "KEY VALUE" line for each figure of the .gst and .cat files of DIR (or of the
# FILEs given): files, catalogues, libraries, bytes, and the counts of the elements that make
# a data set costly to read (constraint, modifier, modifierGroup, condition, conditionGroup,
# repeat, entryLink, selectionEntry, selectionEntryGroup, catalogueLink, infoLink, profile,
# rule, categoryLink, forceEntry, cost), then the link depth: the longest chain of entry links
# from a catalogue's root entry (a root entry that is a link counts 1; each link followed from
# the entry or group it reaches adds 1), over the shared and root entries and groups of every
# file (ids are looked up across the files, as catalogue links and the game system let them).
# Last optionsByLinks: the options of all root entries once every link is followed and what it
# reaches is copied (an estimate: a link counts its target's shared entry or group whole).
# bench/bs.sh prints it for BSDATA (real data, when given) beside the generated data.
#
# Usage: bs-stats.sh DIR | bs-stats.sh FILE...

set -u
LC_ALL=C
export LC_ALL

[ $# -ge 1 ] || { echo "usage: bs-stats.sh DIR | FILE..." >&2; exit 2; }
if [ $# -eq 1 ] && [ -d "$1" ]; then
	d=$1
	set --
	for f in "$d"/*.gst "$d"/*.cat; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	[ $# -ge 1 ] || { echo "bs-stats.sh: no .gst or .cat file in '$d'" >&2; exit 2; }
fi
bytes=$(cat "$@" | wc -c | tr -d ' ')
awk -v bytes="$bytes" -v nfiles=$# '
BEGIN { RS = "<" }
FNR == 1 { depth = 0; file++ }
{
	rec = $0
	if (rec ~ /^[?!]/ || rec == "") next
	if (rec ~ /^\//) { depth--; next }
	name = rec
	sub(/[ \t\r\n\/>].*/, "", name)
	selfclose = (rec ~ /\/>[^>]*$/) || (rec ~ /\/>$/)
	depth++
	tag[depth] = name
	n[name]++
	if (name == "catalogue" && rec ~ /library="true"/) libs++
	id = attr(rec, "id")
	# the top-level container: a child of selectionEntries, sharedSelectionEntries,
	# sharedSelectionEntryGroups or entryLinks directly under the root
	if ((name == "selectionEntry" || name == "selectionEntryGroup" || name == "entryLink") && depth == 3) {
		top = file SUBSEP id
		cont = id
		if (name == "entryLink") { root[cont] = 1; islink[cont] = 1; tgt = attr(rec, "targetId"); edge[cont, ++ne[cont]] = tgt }
		else if (tag[2] == "selectionEntries") root[cont] = 1
	}
	if (depth >= 3 && (name == "selectionEntry" || name == "selectionEntryGroup") && id != "")
		owner[id] = cont
	if (depth >= 3 && name == "selectionEntry") own[cont]++
	if (depth > 3 && name == "entryLink")
		edge[cont, ++ne[cont]] = attr(rec, "targetId")
	if (selfclose) depth--
}
function attr(r, a,   s) {
	if (match(r, " " a "=\"[^\"]*\"")) { s = substr(r, RSTART + length(a) + 3, RLENGTH - length(a) - 4); return s }
	return ""
}
# longest chain of links from container c
function chain(c,   best, i, t, o, v) {
	if (c in memo) return memo[c]
	if (c in busy) return 0
	busy[c] = 1
	best = 0
	for (i = 1; i <= ne[c]; i++) {
		t = edge[c, i]
		o = (t in owner) ? owner[t] : ""
		v = 1 + (o != "" && o != c ? chain(o) : 0)
		if (v > best) best = v
	}
	delete busy[c]
	memo[c] = best
	return best
}
# the options an entry or group holds once its links are followed (each link counts its
# container of the target whole: shared entries and groups are linked whole)
function expand(c,   s, i, t) {
	if (c in xmemo) return xmemo[c]
	if (c in xbusy) return 0
	xbusy[c] = 1
	s = own[c]
	for (i = 1; i <= ne[c]; i++) {
		t = edge[c, i]
		if (t in owner) s += expand(owner[t])
	}
	delete xbusy[c]
	xmemo[c] = s
	return s
}
END {
	printf "files %d\n", nfiles
	printf "catalogues %d\n", n["catalogue"]
	printf "libraries %d\n", libs
	printf "bytes %d\n", bytes
	split("constraint modifier modifierGroup condition conditionGroup repeat entryLink selectionEntry selectionEntryGroup catalogueLink infoLink profile rule categoryLink forceEntry cost", k, " ")
	for (i = 1; i in k; i++) printf "%s %d\n", k[i], n[k[i]]
	md = 0
	for (c in root) { v = islink[c] ? chain(c) : chain(c); if (v > md) md = v }
	printf "linkDepth %d\n", md
	lo = 0
	for (c in root) lo += expand(c) - 1
	printf "optionsByLinks %d\n", lo
}' "$@"
