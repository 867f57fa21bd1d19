#!/bin/sh
# bench/gen-bs.sh - synthetic BattleScribe 2.03 data at the scale of a large real game system
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Writes into OUTDIR (created; it must not exist yet):
#
#   data/bench.gst          the game system: cost types, profile types, categories, a force
#                           with a child force, shared rules, a battle-size entry
#   data/lib-K.cat          -c/10 library catalogues (at least 1): shared weapons, abilities,
#                           wargear groups (with defaults) and shared units
#   data/fac-K.cat          the other catalogues, factions: each links its library with a
#                           catalogueLink, every third also the faction before it (importing its
#                           root entries, as a chapter imports its parent); -u units each, as
#                           shared entries with root entry links, plus links to library units
#   rosters/units-N.ros     one roster of N units, for each N of -n (default 10 100 1000)
#   batch/NNNN.ros          -b COUNT rosters of 8 to 12 units (default 1000), one a file
#
# Each unit carries constraints, modifiers with conditions, condition groups and repeats, a
# profile, info links, categories, costs, two model entries and links to shared groups and
# entries, so that links run up to five deep from a root entry (root link > unit > wargear
# group > weapon > ability). The defaults (-c 40 -u 60) come near Warhammer 40,000 10th
# edition's size and counts (bench/bs-stats.sh measures both, bench/bs.sh prints them side by
# side); -c 4 -u 4 writes a small set in a fraction of a second. Every id is unique across
# the files and every link resolves. Names are made from syllables; nothing is random: a
# Park-Miller generator with a fixed seed drives every choice, so the same arguments always
# give byte-identical files.
#
# Usage: gen-bs.sh [-c CATALOGUES] [-u UNITS] [-n "N..."] [-b COUNT] OUTDIR

set -u
LC_ALL=C
export LC_ALL

die() {
	printf 'gen-bs.sh: %s\n' "$*" >&2
	exit 2
}
usage="usage: gen-bs.sh [-c CATALOGUES] [-u UNITS] [-n \"N...\"] [-b COUNT] OUTDIR"
ncat=40
units=60
sizes="10 100 1000"
batch=1000
while getopts c:u:n:b: opt; do
	case $opt in
	c) ncat=$OPTARG ;;
	u) units=$OPTARG ;;
	n) sizes=$OPTARG ;;
	b) batch=$OPTARG ;;
	*) die "$usage" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || die "$usage"
out=$1
case $ncat in '' | *[!0-9]*) die "-c takes a whole number" ;; esac
case $units in '' | *[!0-9]*) die "-u takes a whole number" ;; esac
case $batch in '' | *[!0-9]*) die "-b takes a whole number" ;; esac
for n in $sizes; do
	case $n in '' | *[!0-9]* | 0) die "-n takes whole numbers above 0" ;; esac
done
[ "$ncat" -ge 2 ] || die "-c is at least 2 (a library and a faction)"
[ "$units" -ge 1 ] || die "-u is at least 1"
[ ! -e "$out" ] || die "'$out' exists: remove it first"
mkdir -p "$out/data" "$out/rosters" "$out/batch" || die "cannot make '$out'"

awk -v ncat="$ncat" -v units="$units" -v sizes="$sizes" -v batch="$batch" -v out="$out" \
	-f "$(dirname "$0")/gen-bs.awk" || die "writing failed"
