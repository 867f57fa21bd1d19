#!/bin/sh
# seed.sh - writes the seed corpora of the fuzz targets, taken from the files of the tests
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# The seeds are copies of (or extracts from) files the tree already holds, so they are not
# committed: make check (replay.sh) and make fuzz (fuzz.sh) run this script into the build
# tree and use DIR/NAME/ beside the committed corpus tests/fuzz/corpus/NAME/, which holds
# only what no test file gives (inputs libFuzzer found, merged, and the regressions listed
# in tests/fuzz/regressions).  Each seed is named by the SHA-1 of its content (as libFuzzer
# names inputs), so a target's seeds hold no two equal files (replay.sh fails if a committed
# corpus file is also a seed of its target).  Files over 64 KiB are left out (fuzz.sh's
# -max_len).  DIR/NAME/ is emptied first, so seeds of test files since removed do not linger.
#
#   rules    every rules-xml file of the data and of tests/data
#   rule     the text between <rules> and </rules> of each of them (fuzz-rule.c wraps it in
#            the toy system)
#   campaign the <campaign> element of each rules file that has one (fuzz-campaign.c puts it
#            in the Duckhammer system)
#   catalog  every catalog (fuzz-catalog.c loads it for the system it names)
#   bs       every BattleScribe game system and catalogue of tests/data (fuzz-bs.c loads a
#            catalogue against the test game system it names)
#   roster   every roster of tests/cli, tests/rules, doc/examples and bench
#   event    every event pack of tests/cli, doc/examples and bench
#   import   every *.txt of tests/cli, and, when src/muster is built (MUSTER names another),
#            the text export of every roster of doc/examples and tests/rules/toy
#   zipped   when python3 is there (its zipfile module writes them), zip archives of the
#            shipped rules files, catalogs and example rosters: each deflated, and stored;
#            and archives of two files, of a directory and a file, and of no file
#
# Usage: tests/fuzz/seed.sh DIR    (from anywhere; DIR relative to the current directory)
set -eu
if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: seed.sh DIR" >&2
	exit 2
fi
mkdir -p "$1"
out=$(cd "$1" && pwd)
muster=${MUSTER:-src/muster}
case $muster in /*) ;; *) [ ! -x "$muster" ] || muster=$(pwd)/$muster ;; esac
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
targets="rules rule campaign catalog bs roster event import zipped"
for t in $targets; do
	rm -rf "${out:?}/$t"
	mkdir -p "$out/$t"
done

tmp=$out/tmp.$$
rm -rf "$tmp"
mkdir "$tmp"
trap 'rm -rf "$tmp"' EXIT

# add TARGET FILE...: copies each FILE of 1 to 65,536 bytes into $out/TARGET/ under its SHA-1
# (one sha1sum for all the files: the seeds are written at every make check)
add() {
	t=$1
	shift
	[ $# -gt 0 ] || return 0
	find "$@" -prune -type f -size -65537c ! -empty -exec sha1sum {} + |
		while read -r sum f; do cp "$f" "$out/$t/$sum"; done
}

rules=$(find rules-xml tests/data -path '*rules-xml/*.xml' | LC_ALL=C sort)
# shellcheck disable=SC2086
add rules $rules
# The <rules> text and the <campaign> element of each rules file, into $tmp/rule.N and
# $tmp/campaign.N.
# shellcheck disable=SC2086
awk -v tmp="$tmp" '
FNR == 1 { n++; r = 0; c = 0 }
/^  <campaign/ { c = 1 }
c { print > (tmp "/campaign." n) }
/^  <\/campaign>/ { c = 0 }
/<rules>/ { r = 1; sub(/.*<rules>/, "") }
/<\/rules>/ { sub(/<\/rules>.*/, ""); print > (tmp "/rule." n); r = 0 }
r { print > (tmp "/rule." n) }
' $rules
# shellcheck disable=SC2046
add rule $(find "$tmp" -name 'rule.*')
# shellcheck disable=SC2046
add campaign $(find "$tmp" -name 'campaign.*')
# shellcheck disable=SC2046
add catalog $(find catalogs tests/data -path '*catalogs/*/*.xml')
# shellcheck disable=SC2046
add bs $(find tests/data -path '*/bs-*' \( -name '*.gst' -o -name '*.cat' \))
xml=$(find tests/cli/cases tests/rules doc/examples bench -name '*.xml')
# shellcheck disable=SC2046,SC2086
add roster $(grep -l '<roster' $xml)
# shellcheck disable=SC2046,SC2086
add event $(grep -l '<event' $xml)
# shellcheck disable=SC2046
add import $(find tests/cli/cases -name '*.txt')
if [ -x "$muster" ]; then
	n=0
	for f in $(grep -l '<roster' doc/examples/*.xml tests/rules/toy/*.xml); do
		n=$((n + 1))
		MUSTER_DATA_PATH=$top:$top/tests/data/toy "$muster" export --format=text "$f" \
			>"$tmp/import.$n" 2>/dev/null || :
	done
	# shellcheck disable=SC2046
	add import $(find "$tmp" -name 'import.*')
fi
if command -v python3 >/dev/null 2>&1; then
	# shellcheck disable=SC2046
	python3 - "$tmp" $(find rules-xml catalogs doc/examples -name '*.xml' | LC_ALL=C sort) <<'EOF'
import sys, zipfile
tmp, files = sys.argv[1], sys.argv[2:]
def write(n, members, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile("%s/zipped.%s" % (tmp, n), "w") as z:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = method
            z.writestr(info, data)
for i, f in enumerate(files):
    data = open(f, "rb").read()
    write(i, [("seed.ros", data)])
    write("s%d" % i, [("seed.ros", data)], zipfile.ZIP_STORED)
write("two", [("a.ros", b"<a/>"), ("b.ros", b"<b/>")])
write("dir", [("d/", b""), ("d/c.ros", b"<c/>")])
write("none", [])
EOF
	# shellcheck disable=SC2046
	add zipped $(find "$tmp" -name 'zipped.*')
fi
chmod 644 "$out"/*/* 2>/dev/null || :
for t in $targets; do
	echo "seed.sh: $t: $(ls "$out/$t" | wc -l) files"
done
