#!/bin/sh
# What a group's defaultSelectionEntryId may name, for `muster lint` (issue 21), on the Weir
# fixtures (tests/data/bs-weir): an entry of the group, an entry link's id or its target's id,
# an entry of a group nested in it, or "none" (no default) pass; a default that is another
# group's entry, or no id at all, is a lint-dangling-default warning at the group's line
# (BattleScribe drops such a default at load, so the group has none), and `catalog` counts the
# same two groups. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsweir
d=$top/tests/data/bs-weir
cd "$tmp" || exit 1

run_muster "lint: two dangling defaults, warnings only" 0 "2 files: 0 errors, 2 warnings" \
	lint "$d"
has "lint: another group's entry, at the group's line" "$out" \
	"sluice.cat:45: warning: lint-dangling-default: selectionEntryGroup \"Rope\" defaultSelectionEntryId=\"wr-se-stone\": that id ($d/sluice.cat:18) is no entry or entry link of the group, so the group has no default"
has "lint: an id defined nowhere" "$out" \
	"sluice.cat:50: warning: lint-dangling-default: selectionEntryGroup \"Board\" defaultSelectionEntryId=\"wr-se-plank\": no such id in this directory, so the group has no default"
for g in Gate Paddle Chain Lever Bucket; do
	hasnt "lint: the default of $g is fine" "$out" "selectionEntryGroup \"$g\""
done
run_muster "lint --werror: the warnings fail" 1 "lint-dangling-default" lint --werror "$d"
run_muster "catalog: the same two groups have no default" 0 \
	"2 groups name a default that is none of their entries: they have no default." \
	catalog --data-dir="$d" wr-sys
tap_done
