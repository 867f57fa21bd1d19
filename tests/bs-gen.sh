#!/bin/sh
# bench/gen-bs.sh writes BattleScribe 2.03 data that Muster loads and rosters that it finds
# legal, every id unique, every link resolved, the same bytes for the same arguments; and
# bench/bs-stats.sh counts it. Small sizes only: the benchmark itself is bench/bs.sh.
# Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsgen

gen="sh $top/bench/gen-bs.sh -c 5 -u 3 -n 12 -b 4"
$gen "$tmp/a" >"$tmp/out" 2>&1 || { not_ok "gen-bs.sh writes a small set" "$tmp/out"; tap_done; exit 1; }
ok "gen-bs.sh writes a small set"
$gen "$tmp/b" >/dev/null 2>&1
ok_if "the same arguments give the same bytes" diff -r "$tmp/a" "$tmp/b"
expect "gen-bs.sh refuses an existing directory" 2 "exists" sh "$top/bench/gen-bs.sh" "$tmp/a"

d=$tmp/a/data
run_muster "muster catalog loads it" 0 "Muster Bench Wars" --data-dir "$d" catalog bench-sys
has "its links are followed" "$out" "of them made by links"
run_muster "the large roster is legal" 0 "" --data-dir "$d" validate "$tmp/a/rosters/units-12.ros"
run_muster "the batch of rosters is legal" 0 "" --data-dir "$d" validate "$tmp/a/batch"

# ids: every id="..." once over the files; every targetId, childId and
# defaultSelectionEntryId among them (a childId may also name a cost type)
cat "$d"/*.gst "$d"/*.cat | grep -o ' id="[^"]*"' | sort | uniq -d >"$tmp/dups"
result "every id is unique" "$([ -s "$tmp/dups" ] && echo "ids repeat")" "$tmp/dups"
cat "$d"/*.gst "$d"/*.cat | grep -o ' id="[^"]*"' | sed 's/.*="//; s/"//' | sort -u >"$tmp/ids"
echo ct-pts >>"$tmp/ids"
sort -u -o "$tmp/ids" "$tmp/ids"
cat "$d"/*.gst "$d"/*.cat | grep -o ' \(targetId\|childId\|defaultSelectionEntryId\)="[^"]*"' |
	sed 's/.*="//; s/"//' | sort -u >"$tmp/refs"
comm -23 "$tmp/refs" "$tmp/ids" >"$tmp/dangling"
result "every link resolves" "$([ -s "$tmp/dangling" ] && echo "unknown ids")" "$tmp/dangling"

sh "$top/bench/bs-stats.sh" "$d" >"$tmp/stats" 2>&1
has "bs-stats.sh counts the catalogues" "$tmp/stats" "catalogues 5"
has "bs-stats.sh measures the link depth" "$tmp/stats" "linkDepth 5"
tap_done
