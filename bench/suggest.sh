#!/bin/sh
# bench/suggest.sh - how long `muster suggest` takes, as a fresh process, on the largest
# bundled catalog
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Run by `make bench` with MUSTER and MUSTER_DATA_PATH exported. The target (issue 9): the
# largest bundled catalog answers within 10 ms. The catalog with the most entries is found by
# `muster catalog`; the lists are an empty list of its faction (every entry a candidate) and
# bench/duckhammer-600.xml. Each command runs BENCH_RUNS times (default 100) after a warm-up;
# the script prints the median and mean wall time of `muster suggest` and, for comparison, of
# `muster validate` on the same list (the part of the time that is loading the system and
# the list), and says whether the median meets the target. A missed target is a measurement,
# not a failure.
# Then (issue 19) a roster of BENCH_SUGGEST_LISTS (default 800) one-unit lists, each run
# BENCH_SUGGEST_LISTS_RUNS times (default 3): suggest must grow linearly with lists, so its
# time is printed beside validate's and beside the time for a tenth of the lists.

. "$(dirname "$0")/common.sh"

runs=${BENCH_RUNS:-100}
case $runs in *[!0-9]*|'') die "BENCH_RUNS is a whole number" ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-bench.XXXXXX") || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT

# The system with the most entries, as `muster catalog` counts them.
sys=$("$muster" catalog | awk '{ for (i = 1; i < NF; i++) if ($(i + 1) ~ /^entr/) n = $i;
	if (n > best) { best = n; id = $1 } } END { print id }')
[ -n "$sys" ] || die "no game system found"
faction=$(sed -n 's/.*faction="\([^"]*\)".*/\1/p' "$src/bench/duckhammer-600.xml" | sed -n 1p)
size=$(sed -n 's/.*size="\([^"]*\)".*/\1/p' "$src/bench/duckhammer-600.xml" | sed -n 1p)
"$muster" new "$tmp/empty.xml" --system="$sys" --size="$size" --faction="$faction" >/dev/null ||
	die "muster new failed"

now() {
	date +%s%N
}
# time_cmd OUT ARGS...: runs muster ARGS $warm times, then $runs times, one wall time in ms a
# line into OUT.
warm=5
time_cmd() {
	o=$1
	shift
	: >"$o"
	i=0
	while [ $i -lt "$warm" ]; do "$muster" "$@" >/dev/null 2>&1; i=$((i + 1)); done
	i=0
	while [ $i -lt "$runs" ]; do
		t0=$(now)
		"$muster" "$@" >/dev/null 2>&1
		t1=$(now)
		echo "$(( (t1 - t0) / 1000 ))" >>"$o"
		i=$((i + 1))
	done
}
stats() {
	sort -n "$1" | awk '{ v[NR] = $1; s += $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "median %.2f ms, mean %.2f ms", m / 1000, s / NR / 1000 }'
}
median_ms() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m / 1000 }'
}

echo "muster benchmark: suggest on the largest bundled catalog ($sys), fresh process each run"
echo "  machine:  $(uname -sm), $(nproc 2>/dev/null || echo '?') CPUs, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "  runs:     $runs of each command"
for list in "$tmp/empty.xml" "$src/bench/duckhammer-600.xml"; do
	"$muster" suggest "$list" >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; die "muster suggest failed on $list"; }
	n=$(grep -c '^  [a-z]' "$tmp/out")
	time_cmd "$tmp/s.t" suggest "$list"
	time_cmd "$tmp/v.t" validate "$list"
	echo
	echo "  list:     $(basename "$list"): $n entries suggested"
	echo "  suggest:  $(stats "$tmp/s.t")"
	echo "  validate: $(stats "$tmp/v.t")"
	echo "  suggest's own part (difference of the medians): $(awk -v a="$(median_ms "$tmp/s.t")" \
		-v b="$(median_ms "$tmp/v.t")" 'BEGIN { printf "%.2f ms", a - b }')"
	if awk -v m="$(median_ms "$tmp/s.t")" 'BEGIN { exit !(m <= 10) }'; then
		echo "  target:   median within 10 ms: met"
	else
		echo "  target:   median within 10 ms: TARGET MISSED"
	fi
done

# Many lists: each list's suggestions must cost that list, not the roster (issue 19: 800
# one-unit lists took 27 s where validate took 0.03 s).
many=${BENCH_SUGGEST_LISTS:-800}
many_runs=${BENCH_SUGGEST_LISTS_RUNS:-3}
case $many$many_runs in *[!0-9]*) die "BENCH_SUGGEST_LISTS and BENCH_SUGGEST_LISTS_RUNS are whole numbers" ;; esac
many_sys=$(sed -n 's/.*system="\([^"]*\)".*/\1/p' "$src/bench/duckhammer-600.xml" | sed -n 1p)
lists_roster() {
	awk -v n="$1" -v size="$size" -v faction="$faction" -v sys="$many_sys" 'BEGIN {
		printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"%s\">\n", sys
		for (i = 1; i <= n; i++) {
			printf "  <list id=\"l%d\" size=\"%s\" faction=\"%s\">\n", i, size, faction
			print "    <unit entry=\"quack-marine\" models=\"5\"/>"
			print "  </list>"
		}
		print "</roster>"
	}' >"$2"
}
lists_roster "$many" "$tmp/many.xml"
lists_roster "$((many / 10))" "$tmp/tenth.xml"
"$muster" suggest "$tmp/many.xml" >"$tmp/out" 2>&1 || { head -5 "$tmp/out" >&2; die "muster suggest failed on $many lists"; }
runs=$many_runs
warm=1
time_cmd "$tmp/m.t" suggest "$tmp/many.xml"
time_cmd "$tmp/t.t" suggest "$tmp/tenth.xml"
time_cmd "$tmp/v.t" validate "$tmp/many.xml"
echo
echo "  list:     $many lists of one unit each (and $((many / 10)) for comparison), $runs runs"
echo "  suggest:  $many lists: $(stats "$tmp/m.t")"
echo "  suggest:  $((many / 10)) lists: $(stats "$tmp/t.t")"
echo "  validate: $many lists: $(stats "$tmp/v.t")"
echo "  growth:   $(awk -v a="$(median_ms "$tmp/m.t")" -v b="$(median_ms "$tmp/t.t")" \
	'BEGIN { if (b > 0) printf "%.1fx the time for 10x the lists (linear: about 10x)", a / b }')"
