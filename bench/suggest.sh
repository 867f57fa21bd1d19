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
# time_cmd OUT ARGS...: runs muster ARGS $runs times, one wall time in ms a line into OUT.
time_cmd() {
	o=$1
	shift
	: >"$o"
	i=0
	while [ $i -lt 5 ]; do "$muster" "$@" >/dev/null 2>&1; i=$((i + 1)); done
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
