#!/bin/sh
# bench/run.sh - how long `muster validate` takes as a fresh process, against xmllint
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Run by `make bench` from the build directory, with MUSTER (the program) and MUSTER_DATA_PATH
# (the source directory) exported. The target: `muster validate` of a 600-AP Duckhammer list,
# started afresh, takes at most 1.5 times the wall time of `xmllint --noout` on the same rules,
# catalog and list files, on medians. Both commands run many times, interleaved, after a
# warm-up; the script prints mean and median of each, their ratio and whether the target is
# met, and the peak memory of each. A missed target is a measurement, not a failure: the script
# exits 0 and says TARGET MISSED. It fails only when a command itself fails or cannot be found.
# How muster scales to bigger lists and to many lists is bench/scale.sh's part.
#
# muster runs with its schema cache (MUSTER_CACHE_DIR; `make bench` gives it one in
# bench-data/cache, filled by the warm-up runs), as it runs on a user's machine from the second
# run on; the same list is then timed with no cache (the first run, or a changed rules file)
# and that ratio printed too. The target is judged on the first, which is what every run after
# the first costs: the rosters themselves are never cached.
#
# Knobs (environment): BENCH_RUNS (runs of each command, default 200), BENCH_WARMUP (default
# 20), BENCH_LIST (the roster, default bench/duckhammer-600.xml), BENCH_NO_HYPERFINE=1 (use
# the portable loop even when hyperfine is installed).

. "$(dirname "$0")/common.sh"

rules=$src/rules-xml/duckhammer.xml
list=${BENCH_LIST:-$src/bench/duckhammer-600.xml}
runs=${BENCH_RUNS:-200}
warmup=${BENCH_WARMUP:-20}
case $runs$warmup in *[!0-9]*) die "BENCH_RUNS and BENCH_WARMUP are whole numbers" ;; esac
[ "$runs" -ge 2 ] || die "BENCH_RUNS must be at least 2"
[ -f "$rules" ] || die "no rules file '$rules'"
[ -f "$list" ] || die "no roster '$list'"

# muster reads its data from MUSTER_DATA_PATH first: make that exactly the source directory, so
# that both programs read the same rules and catalog files.
MUSTER_DATA_PATH=$src
export MUSTER_DATA_PATH

# Every catalog of the system, as muster finds them (all *.xml but dot files, sorted).
set -- "$rules"
for f in "$src"/catalogs/duckhammer/*.xml; do
	[ -f "$f" ] && set -- "$@" "$f"
done
[ $# -ge 2 ] || die "no catalogs in '$src/catalogs/duckhammer'"
set -- "$@" "$list"
ncat=$(($# - 2))

tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-bench.XXXXXX") || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- the two commands work
"$muster" validate "$list" >"$tmp/out" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
	cat "$tmp/out" >&2
	printf 'bench: muster validate failed (exit %s): the benchmark list must be legal\n' "$rc" >&2
	exit 1
fi
xmllint --noout "$@" >"$tmp/out" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
	cat "$tmp/out" >&2
	printf 'bench: xmllint --noout failed (exit %s)\n' "$rc" >&2
	exit 1
fi

# ---------------------------------------------------------------- the machine
cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | sed -n 1p)
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
echo "muster benchmark: validate a 600-AP Duckhammer list, fresh process each run"
echo "  machine:  $(uname -sm), ${cpu:-unknown CPU}, $ncpu CPUs, load $load_before"
echo "  muster:   $muster ($("$muster" --version 2>/dev/null | sed -n 1p))"
echo "  xmllint:  $(command -v xmllint) ($(xmllint --version 2>&1 | sed -n 1p))"
echo "  data:     $src"
echo "  list:     $list ($(wc -c <"$list" | tr -d ' ') bytes), with the rules and $ncat catalog file(s)"
echo "  commands: muster validate LIST"
echo "            xmllint --noout RULES CATALOG... LIST"
echo "  (muster also applies the XSD schemas; xmllint --noout only parses)"
echo "  schema cache: ${MUSTER_CACHE_DIR:-none} (filled by the warm-up runs)"
echo

# ---------------------------------------------------------------- timing
# Each method leaves one wall time in seconds per line in $tmp/muster.t and $tmp/xmllint.t.
: >"$tmp/muster.t"
: >"$tmp/xmllint.t"

# Quotes one word for hyperfine's command splitting (POSIX shell quoting).
quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# Prints the numbers of the "times" array of a hyperfine JSON export, one a line, in order of
# its "results".
json_times() {
	awk '/"times": \[/ { on = 1; next } on && /\]/ { on = 0 } on { gsub(/[ ,]/, ""); print }' "$1"
}

method=
if [ -z "${BENCH_NO_HYPERFINE:-}" ] && command -v hyperfine >/dev/null 2>&1 &&
   hyperfine -N --runs 2 true >/dev/null 2>&1; then
	method=hyperfine
	mcmd="$(quote "$muster") validate $(quote "$list")"
	xcmd="xmllint --noout"
	for f in "$@"; do
		xcmd="$xcmd $(quote "$f")"
	done
	# hyperfine runs one command's runs back to back: run it in rounds, swapping the order
	# each round, so that both commands see the same drift of the machine.
	rounds=4
	[ "$runs" -lt 8 ] && rounds=1
	per=$((runs / rounds))
	i=0
	while [ $i -lt $rounds ]; do
		n=$per
		[ $i -eq $((rounds - 1)) ] && n=$((runs - per * (rounds - 1)))
		w=$warmup
		[ $i -gt 0 ] && w=$(( (warmup + 3) / 4 ))
		if [ $((i % 2)) -eq 0 ]; then
			set -- -n muster "$mcmd" -n xmllint "$xcmd"
		else
			set -- -n xmllint "$xcmd" -n muster "$mcmd"
		fi
		hyperfine -N --style none --warmup "$w" --runs "$n" \
			--export-json "$tmp/round$i.json" "$@" >"$tmp/hf.out" 2>&1
		rc=$?
		if [ $rc -ne 0 ]; then
			cat "$tmp/hf.out" >&2
			printf 'bench: hyperfine failed (exit %s): a command failed\n' "$rc" >&2
			exit 1
		fi
		json_times "$tmp/round$i.json" >"$tmp/all.t"
		if [ $((i % 2)) -eq 0 ]; then
			sed -n "1,${n}p" "$tmp/all.t" >>"$tmp/muster.t"
			sed -n "$((n + 1)),\$p" "$tmp/all.t" >>"$tmp/xmllint.t"
		else
			sed -n "1,${n}p" "$tmp/all.t" >>"$tmp/xmllint.t"
			sed -n "$((n + 1)),\$p" "$tmp/all.t" >>"$tmp/muster.t"
		fi
		i=$((i + 1))
	done
	how="hyperfine $(hyperfine --version | sed 's/^hyperfine //'), no shell (-N), $runs runs each in $rounds interleaved rounds, $warmup warm-up runs"
elif [ "$(date +%N 2>/dev/null)" != "%N" ] && [ -n "$(date +%N 2>/dev/null)" ]; then
	method=loop
	now() { date +%s%N; }
	# Starting `date` costs about as much as the commands measured: measure the clock alone
	# and take that off every sample.
	i=0
	: >"$tmp/zero.t"
	while [ $i -lt 50 ]; do
		t0=$(now); t1=$(now)
		echo $((t1 - t0)) >>"$tmp/zero.t"
		i=$((i + 1))
	done
	zero=$(sort -n "$tmp/zero.t" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	i=0
	while [ $i -lt "$warmup" ]; do
		"$muster" validate "$list" >/dev/null 2>&1
		xmllint --noout "$@" >/dev/null 2>&1
		i=$((i + 1))
	done
	i=0
	while [ $i -lt "$runs" ]; do
		t0=$(now)
		"$muster" validate "$list" >/dev/null 2>&1 || { echo "bench: muster validate failed during the runs" >&2; exit 1; }
		t1=$(now)
		xmllint --noout "$@" >/dev/null 2>&1 || { echo "bench: xmllint failed during the runs" >&2; exit 1; }
		t2=$(now)
		echo "$t0 $t1 $zero" | awk '{ printf "%.9f\n", ($2 - $1 - $3) / 1e9 }' >>"$tmp/muster.t"
		echo "$t1 $t2 $zero" | awk '{ printf "%.9f\n", ($2 - $1 - $3) / 1e9 }' >>"$tmp/xmllint.t"
		i=$((i + 1))
	done
	how="shell loop timed with date +%s%N, $runs runs each strictly interleaved, $warmup warm-up runs, the clock's own cost ($((zero / 1000)) us) taken off each sample"
else
	echo "bench: neither hyperfine nor a date(1) with %N: cannot time; skipped"
	exit 0
fi

# ---------------------------------------------------------------- statistics
# Prints "mean median min max n" in milliseconds of the seconds in file $1.
stats() {
	awk '{ printf "%.9f\n", $1 }' "$1" | sort -n | awk '
		{ v[NR] = $1 * 1000; s += v[NR] }
		END {
			if (NR == 0) { print "0 0 0 0 0"; exit }
			med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%.3f %.3f %.3f %.3f %d\n", s / NR, med, v[1], v[NR], NR
		}'
}
set -- $(stats "$tmp/muster.t")
m_mean=$1 m_med=$2 m_min=$3 m_max=$4 m_n=$5
set -- $(stats "$tmp/xmllint.t")
x_mean=$1 x_med=$2 x_min=$3 x_max=$4 x_n=$5
[ "$m_n" -eq "$runs" ] && [ "$x_n" -eq "$runs" ] ||
	die "expected $runs samples of each command, got $m_n and $x_n"

echo "method: $how"
printf '  %-16s %10s %10s %10s %10s\n' "wall time (ms)" mean median min max
printf '  %-16s %10s %10s %10s %10s\n' "muster validate" "$m_mean" "$m_med" "$m_min" "$m_max"
printf '  %-16s %10s %10s %10s %10s\n' "xmllint --noout" "$x_mean" "$x_med" "$x_min" "$x_max"
ratios=$(awk -v a="$m_mean" -v b="$x_mean" -v c="$m_med" -v d="$x_med" \
	'BEGIN { printf "%.2f %.2f\n", (b > 0 ? a / b : 0), (d > 0 ? c / d : 0) }')
r_mean=${ratios% *}
r_med=${ratios#* }
echo "  ratio muster/xmllint: $r_mean (means), $r_med (medians)"

# The same with no schema cache: what the first run costs (median of a smaller sample).
if [ "$method" = hyperfine ]; then
	cruns=$(( (runs + 3) / 4 ))
	[ "$cruns" -lt 2 ] && cruns=2
	MUSTER_CACHE_DIR= hyperfine -N --style none --warmup 3 --runs "$cruns" \
		--export-json "$tmp/cold.json" -n cold "$mcmd" >"$tmp/hf.out" 2>&1 ||
		die "hyperfine failed on muster with no cache"
	json_times "$tmp/cold.json" >"$tmp/cold.t"
	set -- $(stats "$tmp/cold.t")
	c_med=$2
	printf '  %-16s %10s %10s   (%s runs, no schema cache: every schema compiled, every file checked)\n' \
		"muster, no cache" "" "$c_med" "$cruns"
	echo "  ratio with no cache: $(awk -v a="$c_med" -v b="$x_med" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }') (medians)"
fi

# ---------------------------------------------------------------- peak memory
echo
if /usr/bin/time -f %M true >/dev/null 2>&1; then
	peak() {
		# The largest of 5 runs, in KiB; GNU time writes it as the last line of stderr.
		best=0
		j=0
		while [ $j -lt 5 ]; do
			/usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1
			kb=$(tail -n 1 "$tmp/rss")
			case $kb in ''|*[!0-9]*) kb=0 ;; esac
			[ "$kb" -gt "$best" ] && best=$kb
			j=$((j + 1))
		done
		echo "$best"
	}
	m_rss=$(peak "$muster" validate "$list")
	set -- "$src/rules-xml/duckhammer.xml"
	for f in "$src"/catalogs/duckhammer/*.xml; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	x_rss=$(peak xmllint --noout "$@" "$list")
	echo "peak memory (max RSS, GNU time %M, largest of 5 runs):"
	echo "  muster validate  $m_rss KiB"
	echo "  xmllint --noout  $x_rss KiB"
else
	echo "peak memory: skipped (no GNU /usr/bin/time with -f %M on this machine)"
fi

# ---------------------------------------------------------------- verdict
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
if awk -v r="$r_med" 'BEGIN { exit !(r <= 1.5) }'; then
	echo "target met: the 600-AP list within 1.5x of xmllint --noout: ${r_med}x (medians)"
else
	echo "TARGET MISSED: the 600-AP list within 1.5x of xmllint --noout: ${r_med}x (medians)"
fi
exit 0
