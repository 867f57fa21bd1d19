#!/bin/sh
# seed.sh - (re)writes the seed corpora tests/fuzz/corpus/NAME/ from the files of the tests
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Deterministic: each seed is named by the SHA-1 of its content (as libFuzzer names inputs),
# so running it again changes nothing unless the tests changed.  Files over 64 KiB are left
# out (fuzz.sh's -max_len).  Inputs the fuzzer found worth keeping (crashes fixed, slow
# cases) are added by hand under the same naming and are kept: this script only adds.
#
#   rules    every rules-xml file of the data and of tests/data
#   rule     the text between <rules> and </rules> of each of them (fuzz-rule.c wraps it in
#            the toy system)
#   campaign the <campaign> element of each rules file that has one (fuzz-campaign.c puts it
#            in the Duckhammer system)
#   catalog  every catalog (fuzz-catalog.c loads it for the system it names)
#   roster   every roster of tests/cli, tests/rules, doc/examples and bench
#   event    every event pack of tests/cli, doc/examples and bench
#   import   every *.txt of tests/cli, and, when src/muster is built (MUSTER names another),
#            the text export of every roster of doc/examples and tests/rules/toy
#
# Usage: tests/fuzz/seed.sh    (from anywhere; writes into the source tree)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
corpus=tests/fuzz/corpus
mkdir -p "$corpus/rules" "$corpus/rule" "$corpus/campaign" "$corpus/import" "$corpus/catalog" "$corpus/roster" "$corpus/event"

# add TARGET < content
add() {
	tmp=$(mktemp)
	cat >"$tmp"
	size=$(wc -c <"$tmp")
	if [ "$size" -gt 0 ] && [ "$size" -le 65536 ]; then
		sum=$(sha1sum "$tmp" | cut -d' ' -f1)
		cp "$tmp" "$corpus/$1/$sum"
		chmod 644 "$corpus/$1/$sum"
	fi
	rm -f "$tmp"
}

for f in $(find rules-xml tests/data -path '*rules-xml/*.xml' | LC_ALL=C sort); do
	add rules <"$f"
	if grep -q '^  <campaign' "$f"; then
		awk '/^  <campaign/ { on = 1 } on { print } /^  <\/campaign>/ { on = 0 }' "$f" | add campaign
	fi
	awk '/<rules>/ { on = 1; sub(/.*<rules>/, "") } /<\/rules>/ { sub(/<\/rules>.*/, ""); print; on = 0 } on' "$f" | add rule
done
for f in $(find catalogs tests/data -path '*catalogs/*/*.xml' | LC_ALL=C sort); do
	add catalog <"$f"
done
for f in $(find tests/cli/cases tests/rules doc/examples bench -name '*.xml' | LC_ALL=C sort); do
	if grep -q '<roster' "$f"; then add roster <"$f"; fi
	if grep -q '<event' "$f"; then add event <"$f"; fi
done
for f in $(find tests/cli/cases -name '*.txt' | LC_ALL=C sort); do
	add import <"$f"
done
muster=${MUSTER:-src/muster}
if [ -x "$muster" ]; then
	for f in doc/examples/*.xml tests/rules/toy/*.xml; do
		grep -q '<roster' "$f" || continue
		MUSTER_DATA_PATH=$top:$top/tests/data/toy "$muster" export --format=text "$f" 2>/dev/null |
			add import
	done
fi
for t in rules rule campaign catalog roster event import; do
	echo "seed.sh: $t: $(ls "$corpus/$t" | wc -l) files"
done
