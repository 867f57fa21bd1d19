#!/bin/sh
# bench/scale.sh - how muster scales with list size, the number of lists and catalog size
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Run by `make bench` after bench/run.sh, from the build directory, with MUSTER (the program),
# MUSTER_DATA_PATH (the source directory) and BENCH_DATA (the files bench/gen.sh and
# bench/gen-system.sh wrote; made here when missing) exported. Each measurement is against
# `xmllint --noout` on the same files (the rules, every catalog of the system, the event pack
# where there is one, and the lists), the two commands alternating run by run:
#
#   scale      one Duckhammer list of 10, 100, 1,000, 10,000 and 100,000 units: the median
#              wall time of each command, their ratio, the peak memory of each and muster's
#              over the bytes of XML it loaded, muster's time per unit (median / N) and its
#              marginal time per unit from one scale to the next.
#   batches    10, 100, 1,000 and 10,000 lists of 10 to 15 units, one directory each:
#              `muster validate DIR` (every core) against xmllint; lists per second of each.
#   tournament the 10,000 lists against bench/event.xml: `muster tournament PACK DIR` on
#              every core and with --jobs=1.
#   catalogs   bench/gen-system.sh's system with a catalog of 100, 1,000 and 10,000 entries
#              and a list of 20 units: time, peak memory and memory over XML bytes.
#
# The targets are printed beside the figures: time per unit flat within 2x from 100 to 100,000
# units, a 100,000-unit list within 5x of xmllint, a tournament batch at 10,000 lists per
# second or more, peak memory at most 4x the bytes of XML loaded (the 600-AP list's target is
# bench/run.sh's). A missed target is a measurement, not a failure: the script says TARGET
# MISSED and exits 0. It exits 1 when a command fails (muster may exit 0 or 1, as the big
# lists break count rules; 2 is trouble) and 2 when it cannot run at all.
#
# Every command runs under timeout(1): a run over BENCH_TIMEOUT seconds is reported as "timed
# out" and muster is not run again at that or any larger scale. The first run of each command
# at each scale is a warm-up that checks its exit status, counts muster's diagnostics and,
# with GNU time (Debian package "time"; without it peak memory is reported as "-"), takes its
# peak memory (the median of it and two more runs when it took 10 s or less). Its wall time
# also predicts the timed runs: when they would take more than BENCH_BUDGET seconds, fewer
# are made, never fewer than 3 (the "runs" column says how many).
#
# Knobs (environment): BENCH_MAX_UNITS (largest list measured, default 100000), BENCH_TIMEOUT
# (seconds per command run, default 120), BENCH_SCALE_RUNS (timed runs of each command at each
# scale; default 21, 21, 11, 5 and 5 for 10 to 100,000 units), BENCH_BATCH_RUNS (default 5),
# BENCH_BUDGET (seconds of timed runs per scale, default 60), BENCH_DATA (default ./bench-data),
# BENCH_NO_HYPERFINE=1 (time with date(1) even when hyperfine is installed).

. "$(dirname "$0")/common.sh"
# muster reads its data from MUSTER_DATA_PATH first: exactly the files xmllint reads.
MUSTER_DATA_PATH=$src
export MUSTER_DATA_PATH

num() {
	case $2 in '' | *[!0-9]*) die "$1 must be a whole number, not '$2'" ;; esac
}
max_units=${BENCH_MAX_UNITS:-100000}
to=${BENCH_TIMEOUT:-120}
batch_runs=${BENCH_BATCH_RUNS:-5}
budget=${BENCH_BUDGET:-60}
num BENCH_MAX_UNITS "$max_units"
num BENCH_TIMEOUT "$to"
num BENCH_BATCH_RUNS "$batch_runs"
num BENCH_BUDGET "$budget"
[ -z "${BENCH_SCALE_RUNS:-}" ] || num BENCH_SCALE_RUNS "$BENCH_SCALE_RUNS"
[ "$to" -ge 1 ] || die "BENCH_TIMEOUT must be at least 1"

rules=$src/rules-xml/duckhammer.xml
catdir=$src/catalogs/duckhammer
[ -f "$rules" ] || die "no rules file '$rules'"
set -- "$catdir"/*.xml
[ -f "$1" ] || die "no catalogs in '$catdir'"
ncat=$#

tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-scale.XXXXXX") || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

data=${BENCH_DATA:-./bench-data}
if [ ! -d "$data/batch" ] || [ ! -d "$data/system-10000" ]; then
	echo "bench: writing the rosters into $data (bench/gen.sh, bench/gen-system.sh)"
	rm -rf "$data" "$data.tmp"
	sh "$src/bench/gen.sh" "$catdir/impondium.xml" "$data.tmp" || die "bench/gen.sh failed"
	for e in 100 1000 10000; do
		sh "$src/bench/gen-system.sh" "$e" "$data.tmp/system-$e" || die "bench/gen-system.sh failed"
	done
	mv "$data.tmp" "$data" || die "cannot rename $data.tmp"
fi
pack=$src/bench/event.xml
[ -f "$pack" ] || die "no event pack '$pack'"
data=$(cd "$data" && pwd) || die "no directory '$data'"

# ---------------------------------------------------------------- tools
if command -v timeout >/dev/null 2>&1; then
	bound="timeout -k 5 $to"
	bound_note="a run is stopped after $to s"
else
	bound=
	bound_note="no timeout(1) on this machine: runs are NOT bounded"
fi
if /usr/bin/time -f %M true >/dev/null 2>&1; then
	gtime=/usr/bin/time
	mem_note="max RSS (GNU time %M), the median of 3 runs (the warm-up and two more) when the warm-up took 10 s or less, else the warm-up's"
else
	gtime=
	mem_note="not measured (no GNU /usr/bin/time; Debian: apt-get install time)"
fi
have_clock=
d=$(date +%s%N 2>/dev/null)
case $d in '' | *[!0-9]*) ;; *) have_clock=1 ;; esac
if [ -z "${BENCH_NO_HYPERFINE:-}" ] && command -v hyperfine >/dev/null 2>&1 &&
   hyperfine -N --runs 1 true >/dev/null 2>&1; then
	hyperfine=hyperfine
	how="hyperfine $(hyperfine --version | sed 's/^hyperfine //') -N, one run per call"
	[ -n "$have_clock" ] && how="$how (the batch, too long a command for it: date +%s%N)"
else
	hyperfine=
	how="date +%s%N around each run, less the clock's own cost"
fi
[ -n "$have_clock" ] || [ -n "$hyperfine" ] ||
	{ echo "bench: neither hyperfine nor a date(1) with %N: cannot time; skipped"; exit 0; }

# The clock's own cost, taken off every sample timed with date.
zero=0
if [ -n "$have_clock" ]; then
	i=0
	: >"$tmp/zero.t"
	while [ $i -lt 21 ]; do
		t0=$(date +%s%N); t1=$(date +%s%N)
		echo $((t1 - t0)) >>"$tmp/zero.t"
		i=$((i + 1))
	done
	zero=$(sort -n "$tmp/zero.t" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
fi

# Quotes one word for hyperfine's command splitting (POSIX shell quoting).
quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# measure FILE CMD...: runs CMD once under the timeout, appends its wall time in seconds to FILE
# and sets rc to its exit status ("timeout" when stopped). hyperfine times it unless it is
# missing or the command line is too long for its one argument (the batch: date does).
measure() {
	mfile=$1
	shift
	if [ -n "$hyperfine" ] && { [ $# -lt 100 ] || [ -z "$have_clock" ]; }; then
		hcmd=
		for w in $bound "$@"; do
			hcmd="$hcmd $(quote "$w")"
		done
		hyperfine -N -i --runs 1 --style none --export-json "$tmp/one.json" -- "$hcmd" \
			>"$tmp/hf.out" 2>&1 || { cat "$tmp/hf.out" >&2; die "hyperfine failed"; }
		set -- $(awk '
			/"times": \[/ { t = 1; next }
			/"exit_codes": \[/ { e = 1; next }
			/\]/ { t = e = 0 }
			t { gsub(/[ ,]/, ""); time = $0 }
			e { gsub(/[ ,]/, ""); code = $0 }
			END { print (time == "" ? "0" : time), (code == "" ? "-" : code) }' "$tmp/one.json")
		case $2 in *[!0-9]*) rc=255 ;; *) rc=$2 ;; esac
		echo "$1" >>"$mfile"
	else
		t0=$(date +%s%N)
		$bound "$@" >/dev/null 2>&1
		rc=$?
		t1=$(date +%s%N)
		awk -v a="$t0" -v b="$t1" -v z="$zero" 'BEGIN { printf "%.9f\n", (b - a - z) / 1e9 }' >>"$mfile"
	fi
	case $rc in 124 | 137) [ -n "$bound" ] && rc=timeout ;; esac
}

# warmup OUT CMD...: the first run of CMD, its output into OUT; sets rc to its exit status
# ("timeout" when stopped), secs to its wall time in whole seconds (rounded up) and kib to its
# peak memory in KiB ("-" when unknown; the median of 3 runs when the first took 10 s or
# less). muster runs it with no schema cache, so that its peak memory is the same whatever ran
# before: every file checked, every schema compiled (the timed runs use the cache, as a user's
# runs do).
warmup() {
	wout=$1
	shift
	w0=$(date +%s)
	if [ -n "$gtime" ]; then
		MUSTER_CACHE_DIR= $bound "$gtime" -f %M -o "$tmp/rss" "$@" >"$wout" 2>&1
		rc=$?
		w1=$(date +%s)
		kib=$(tail -n 1 "$tmp/rss" 2>/dev/null)
		case $kib in '' | *[!0-9]*) kib=- ;; esac
		# The same run's peak moves by up to 4 MiB from run to run on this kernel (the
		# program does the same system calls): the median of three.
		if [ "$kib" != - ] && [ $((w1 - w0)) -le 10 ]; then
			echo "$kib" >"$tmp/peaks"
			for again in 1 2; do
				MUSTER_CACHE_DIR= $bound "$gtime" -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1
				tail -n 1 "$tmp/rss" 2>/dev/null >>"$tmp/peaks"
			done
			k3=$(grep -c '^[0-9][0-9]*$' "$tmp/peaks")
			[ "$k3" = 3 ] && kib=$(sort -n "$tmp/peaks" | sed -n 2p)
		fi
	else
		MUSTER_CACHE_DIR= $bound "$@" >"$wout" 2>&1
		rc=$?
		w1=$(date +%s)
		kib=-
	fi
	secs=$((w1 - w0 + 1))
	case $rc in 124 | 137) [ -n "$bound" ] && rc=timeout ;; esac
}

# The two commands on the current target: one list file; "batch:K" (the directory of K lists,
# validate DIR); "tour:J" (the 10,000 lists against the event pack on J threads, 0 for every
# core); "cat:E" (the list of the system with an E-entry catalog). cmd_m FN ARG calls FN ARG
# with muster's command, cmd_x FN ARG with xmllint --noout and the same files (globs expanded
# afresh, outside the timed part).
batch_dir() {
	if [ "$1" = 10000 ]; then echo "$data/batch"; else echo "$data/batch-$1"; fi
}
cmd_m() {
	fn=$1 arg=$2
	case $target in
	batch:*) "$fn" "$arg" "$muster" validate "$(batch_dir "${target#batch:}")" ;;
	tour:*) "$fn" "$arg" "$muster" tournament --jobs="${target#tour:}" "$pack" "$data/batch" ;;
	cat:*) "$fn" "$arg" "$muster" --data-dir "$data/system-${target#cat:}" validate \
		"$data/system-${target#cat:}/list.xml" ;;
	*) "$fn" "$arg" "$muster" validate "$target" ;;
	esac
}
cmd_x() {
	fn=$1 arg=$2
	case $target in
	batch:*) set -- "$rules" "$catdir"/*.xml "$(batch_dir "${target#batch:}")"/*.xml ;;
	tour:*) set -- "$rules" "$catdir"/*.xml "$pack" "$data"/batch/*.xml ;;
	cat:*) sd=$data/system-${target#cat:}
		set -- "$sd/rules-xml/benchgame.xml" "$sd"/catalogs/benchgame/*.xml "$sd/list.xml" ;;
	*) set -- "$rules" "$catdir"/*.xml "$target" ;;
	esac
	"$fn" "$arg" xmllint --noout "$@"
}

# The bytes of XML muster loads for the current target (as cmd_x's files), to set its peak
# memory against.
xml_bytes() {
	cmd_x count_bytes -
}
count_bytes() {
	shift 3 # "-", xmllint, --noout
	cat "$@" | wc -c | tr -d ' '
}

# Sets mr to muster's peak memory (KiB, $1) over the bytes of XML it read, or "-", and big
# when they are 1 MiB or more (below, the program's own few MiB dominate: the target is judged
# on big inputs only).
mem_ratio() {
	big= mr=-
	case $1 in '' | *[!0-9]*) return ;; esac
	xb=$(xml_bytes)
	[ "$xb" -ge 1048576 ] && big=1
	mr=$(calc %.1f 'k * 1024 / b' -v k="$1" -v b="$xb")
}

# Fails the benchmark: $1 exited with status $rc; its output is in file $2.
failed() {
	cat "$2" >&2
	printf 'bench: %s exited with status %s\n' "$1" "$rc" >&2
	exit 1
}

# compare RUNS: a warm-up of each command on $target, then RUNS timed runs of each (fewer, but
# at least 3, when over the budget), alternating which goes first. muster is skipped when m_dead is set, and
# sets it when it times out. Sets runs, m_s and x_s (medians in seconds, m_s "-" when timed
# out), m_kib, x_kib, diags (muster's diagnostics) and bad (files with diagnostics).
compare() {
	runs=$1
	m_kib=- diags=- bad=- m_secs=0
	if [ -z "$m_dead" ]; then
		cmd_m warmup "$tmp/m.out"
		case $rc in
		0 | 1) ;;
		timeout) m_dead="timed out (>$to s)" ;;
		*) failed "muster validate" "$tmp/m.out" ;;
		esac
		m_kib=$kib m_secs=$secs
		if [ -z "$m_dead" ]; then
			diags=$(grep -c ': \(error\|warning\): ' "$tmp/m.out")
			bad=$(sed -n 's/:[0-9]*:[0-9]*: \(error\|warning\): .*//p' "$tmp/m.out" | sort -u | wc -l | tr -d ' ')
		fi
	fi
	cmd_x warmup "$tmp/x.out"
	[ "$rc" = 0 ] || failed "xmllint --noout" "$tmp/x.out"
	x_kib=$kib
	est=$secs
	[ -n "$m_dead" ] || est=$((est + m_secs))
	if [ $((est * runs)) -gt "$budget" ]; then
		floor=3
		[ "$runs" -ge 3 ] || floor=$runs
		runs=$((budget / est))
		[ "$runs" -ge "$floor" ] || runs=$floor
	fi
	: >"$tmp/m.t"
	: >"$tmp/x.t"
	i=0
	while [ $i -lt "$runs" ]; do
		order="m x"
		[ $((i % 2)) -eq 1 ] && order="x m"
		for who in $order; do
			if [ "$who" = x ]; then
				cmd_x measure "$tmp/x.t"
				[ "$rc" = 0 ] || failed "xmllint --noout" /dev/null
			elif [ -z "$m_dead" ]; then
				cmd_m measure "$tmp/m.t"
				case $rc in
				0 | 1) ;;
				timeout) m_dead="timed out (>$to s)" ;;
				*) failed "muster validate" /dev/null ;;
				esac
			fi
		done
		i=$((i + 1))
	done
	x_s=$(median "$tmp/x.t")
	m_s=-
	[ -n "$m_dead" ] || m_s=$(median "$tmp/m.t")
}


# ---------------------------------------------------------------- header
echo
echo "muster benchmark: how validate scales with list size and with the number of lists"
echo "  data:     $data (bench/gen.sh, from catalogs/duckhammer/impondium.xml)"
echo "  commands: muster validate LIST...   vs   xmllint --noout RULES CATALOG... LIST..."
echo "            ($ncat catalog files; muster also applies the XSD schemas, xmllint only parses)"
echo "  timing:   $how;"
echo "            a warm-up run of each command, then timed runs alternating which goes first;"
echo "            medians; $bound_note"
echo "  memory:   $mem_note, with no schema cache"
echo "  cache:    ${MUSTER_CACHE_DIR:-none} for the timed runs (the first run of a file fills it)"
echo "  load:     $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

# ---------------------------------------------------------------- one list of N units
echo
echo "one list of N units (units-N.xml, cycling through the catalog's entries):"
row='%8s %9s %4s %18s %10s %6s %10s %11s %7s %8s %8s %5s\n'
printf "$row" units file runs "muster ms" "xmllint ms" ratio "muster KiB" "xmllint KiB" mem/XML us/unit +us/unit diags
: >"$tmp/perunit"
m_dead=
prev_n= prev_s=
: >"$tmp/mem"
for n in 10 100 1000 10000 100000; do
	target=$data/units-$n.xml
	if [ "$n" -gt "$max_units" ]; then
		printf '%8s   skipped (BENCH_MAX_UNITS=%s)\n' "$(commas "$n")" "$max_units"
		continue
	fi
	[ -f "$target" ] || die "no roster '$target': remove $data to have it written again"
	case $n in 10 | 100) r=21 ;; 1000) r=11 ;; *) r=5 ;; esac
	was_dead=$m_dead
	compare "${BENCH_SCALE_RUNS:-$r}"
	size=$(wc -c <"$target" | awk '{ if ($1 >= 1048576) printf "%.1f MiB\n", $1 / 1048576; else printf "%.0f KiB\n", $1 / 1024 }')
	x_ms=$(calc %.2f 'x * 1000' -v x="$x_s")
	if [ -n "$was_dead" ]; then
		m_ms="not run" ratio=- pu=- marg=-
		[ "$n" -ne 100000 ] || echo "not run ($was_dead on a smaller list)|$x_ms|-" >"$tmp/big"
	elif [ "$m_s" = - ]; then
		m_ms=$m_dead ratio=- pu=- marg=-
		[ "$m_kib" = - ] || m_kib=">$m_kib"
		echo "$n $to timeout" >>"$tmp/perunit"
	else
		m_ms=$(calc %.2f 'm * 1000' -v m="$m_s")
		ratio=$(calc %.2f 'm / x' -v m="$m_s" -v x="$x_s")
		pu=$(calc %.2f 'm * 1e6 / n' -v m="$m_s" -v n="$n")
		marg=-
		[ -z "$prev_n" ] ||
			marg=$(calc %.2f '(m - p) * 1e6 / (n - q)' -v m="$m_s" -v p="$prev_s" -v n="$n" -v q="$prev_n")
		prev_n=$n prev_s=$m_s
		echo "$n $m_s ok" >>"$tmp/perunit"
	fi
	[ "$n" -ne 100000 ] || [ -f "$tmp/big" ] || echo "$m_ms|$x_ms|$ratio" >"$tmp/big"
	mem_ratio "$m_kib"
	[ "$mr" = - ] || [ -z "$big" ] || echo "$mr $(commas "$n")-unit list" >>"$tmp/mem"
	printf "$row" "$(commas "$n")" "$size" "$runs" "$m_ms" "$x_ms" "$ratio" "$m_kib" "$x_kib" \
		"$mr" "$pu" "$marg" "$diags"
done
echo "  mem/XML: muster's peak memory over the bytes of XML it read (rules, catalogs, list);"
echo "  us/unit: muster's median / N; +us/unit: its extra time per extra unit over the line above;"
echo "  diags: the diagnostics muster printed (count rules report once per group, not per unit)"
[ -z "$m_dead" ] || echo "  muster $m_dead: not run on larger lists"

# Time per unit must not grow more than 2x from a smaller list to a larger one: falling is the
# start-up cost spread over more units, not a scaling problem. A timed-out scale counts with the
# timeout as its time, a lower bound.
set -- $(sort -n "$tmp/perunit" | awk '$1 >= 100' | awk '
	{ n[NR] = $1; pu[NR] = $2 / $1; lb[NR] = $3 == "timeout" }
	END {
		g = 0; a = b = l = 0
		for (j = 2; j <= NR; j++)
			for (i = 1; i < j; i++)
				if (pu[j] / pu[i] > g) { g = pu[j] / pu[i]; a = n[i]; b = n[j]; l = lb[j] }
		printf "%d %.1f %d %d %d %d %d\n", NR, g, a, b, l, n[NR], lb[NR]
	}')
echo
scope="100 to $(commas "$6") units"
[ "$6" -ge 100000 ] || scope="$scope only: BENCH_MAX_UNITS=$max_units"
if [ "$1" -lt 2 ]; then
	echo "target time per unit flat within 2x from 100 to 100,000 units: NOT MEASURED (fewer than two scales)"
elif calc %d "g <= 2" -v g="$2" | grep -q 1 && [ "$7" -eq 1 ]; then
	echo "target time per unit flat within 2x: NOT MEASURED: muster timed out at $(commas "$6") units"
elif calc %d "g <= 2" -v g="$2" | grep -q 1; then
	echo "target met: time per unit flat within 2x ($scope): at most ${2}x from a smaller list to a larger"
else
	atleast=
	[ "$5" -eq 0 ] || atleast="at least "
	echo "TARGET MISSED: time per unit flat within 2x ($scope): ${atleast}${2}x from $(commas "$3") to $(commas "$4") units"
fi
if [ ! -f "$tmp/big" ]; then
	echo "target 100,000-unit list within 5x of xmllint: NOT MEASURED (BENCH_MAX_UNITS=$max_units)"
else
	IFS='|' read -r b_m b_x b_r <"$tmp/big"
	if [ "$b_r" = - ]; then
		echo "TARGET MISSED: 100,000-unit list within 5x of xmllint: muster $b_m, xmllint $b_x ms"
	elif calc %d "r <= 5" -v r="$b_r" | grep -q 1; then
		echo "target met: 100,000-unit list within 5x of xmllint: ${b_r}x ($b_m ms vs $b_x ms)"
	else
		echo "TARGET MISSED: 100,000-unit list within 5x of xmllint: ${b_r}x ($b_m ms vs $b_x ms)"
	fi
fi

# ---------------------------------------------------------------- batches
set -- "$data"/batch/*.xml
[ -f "$1" ] || die "no rosters in '$data/batch'"
broken=$(grep -l 'on purpose' "$@" | wc -l | tr -d ' ')
echo
echo "batches of K lists of 10 to 15 units, one directory each: muster validate DIR (every core)"
echo "against xmllint --noout RULES CATALOG... DIR/*.xml:"
row='%8s %4s %12s %12s %6s %12s %12s %10s %11s\n'
printf "$row" lists runs "muster ms" "xmllint ms" ratio "muster l/s" "xmllint l/s" "muster KiB" "xmllint KiB"
m_dead=
for k in 10 100 1000 10000; do
	[ -d "$(batch_dir $k)" ] || die "no directory '$(batch_dir $k)': remove $data to have it written again"
	target=batch:$k
	compare "$batch_runs"
	x_lps=$(calc %.0f 'n / x' -v n="$k" -v x="$x_s")
	if [ "$m_s" = - ]; then
		printf "$row" "$(commas "$k")" "$runs" "$m_dead" "$(calc %.2f 'x * 1000' -v x="$x_s")" - - "$x_lps" "$m_kib" "$x_kib"
		continue
	fi
	printf "$row" "$(commas "$k")" "$runs" "$(calc %.2f 'm * 1000' -v m="$m_s")" \
		"$(calc %.2f 'x * 1000' -v x="$x_s")" "$(calc %.2f 'm / x' -v m="$m_s" -v x="$x_s")" \
		"$(calc %.0f 'n / m' -v n="$k" -v m="$m_s")" "$x_lps" "$m_kib" "$x_kib"
done
echo "  l/s: lists per second (K / median); muster printed $diags diagnostics on $bad of the 10,000"
echo "  lists (bench/gen.sh breaks $broken of them on purpose)"

# ---------------------------------------------------------------- tournament
echo
echo "a tournament: the 10,000 lists against bench/event.xml, muster tournament PACK DIR"
echo "against xmllint --noout RULES CATALOG... PACK DIR/*.xml:"
row='  %-32s %4s %10s %10s %6s %10s %10s\n'
printf "$row" "" runs "median s" "xmllint s" ratio "lists/s" "peak KiB"
m_dead=
t_lps=
for j in 0 1; do
	target=tour:$j
	compare "$batch_runs"
	label="muster tournament"
	[ "$j" = 0 ] && label="$label (every core)" || label="$label --jobs=1"
	if [ "$m_s" = - ]; then
		printf "$row" "$label" "$runs" "$m_dead" "$(calc %.3f x -v x="$x_s")" - - "$m_kib"
		continue
	fi
	lps=$(calc %.0f 'n / m' -v n=10000 -v m="$m_s")
	[ "$j" = 0 ] && t_lps=$lps
	printf "$row" "$label" "$runs" "$(calc %.3f m -v m="$m_s")" "$(calc %.3f x -v x="$x_s")" \
		"$(calc %.2f 'm / x' -v m="$m_s" -v x="$x_s")" "$lps" "$m_kib"
done
echo "  ($(nproc 2>/dev/null || echo '?') online CPUs; the summary line of the last run:"
echo "   $(tail -n 1 "$tmp/m.out"))"

# ---------------------------------------------------------------- catalogs
echo
echo "catalogs of E entries (bench/gen-system.sh), a list of 20 units: muster --data-dir DIR"
echo "validate LIST against xmllint --noout RULES CATALOG LIST:"
row='%8s %9s %4s %10s %10s %6s %11s %11s %8s\n'
printf "$row" entries catalog runs "muster ms" "xmllint ms" ratio "muster KiB" "xmllint KiB" mem/XML
m_dead=
for e in 100 1000 10000; do
	[ -d "$data/system-$e" ] || die "no directory '$data/system-$e': remove $data to have it written again"
	target=cat:$e
	compare "$batch_runs"
	size=$(wc -c <"$data/system-$e/catalogs/benchgame/big.xml" | awk '{ if ($1 >= 1048576) printf "%.1f MiB\n", $1 / 1048576; else printf "%.0f KiB\n", $1 / 1024 }')
	mem_ratio "$m_kib"
	[ "$mr" = - ] || [ -z "$big" ] || echo "$mr $(commas "$e")-entry catalog" >>"$tmp/mem"
	if [ "$m_s" = - ]; then
		printf "$row" "$(commas "$e")" "$size" "$runs" "$m_dead" "$(calc %.2f 'x * 1000' -v x="$x_s")" - "$m_kib" "$x_kib" "$mr"
		continue
	fi
	printf "$row" "$(commas "$e")" "$size" "$runs" "$(calc %.2f 'm * 1000' -v m="$m_s")" \
		"$(calc %.2f 'x * 1000' -v x="$x_s")" "$(calc %.2f 'm / x' -v m="$m_s" -v x="$x_s")" \
		"$m_kib" "$x_kib" "$mr"
done

# ---------------------------------------------------------------- targets
echo
if [ -z "$t_lps" ]; then
	echo "TARGET MISSED: a tournament batch at 10,000 lists per second or more: muster $m_dead"
elif calc %d "l >= 10000" -v l="$t_lps" | grep -q 1; then
	echo "target met: a tournament batch at 10,000 lists per second or more: $(commas "$t_lps") lists/s"
else
	echo "TARGET MISSED: a tournament batch at 10,000 lists per second or more: $(commas "$t_lps") lists/s"
fi
if [ ! -s "$tmp/mem" ]; then
	echo "target peak memory at most 4x the XML loaded: NOT MEASURED (no GNU time, or no input of 1 MiB)"
else
	set -- $(sort -rn "$tmp/mem" | sed -n 1p)
	worst=$1
	shift
	if calc %d "r <= 4" -v r="$worst" | grep -q 1; then
		echo "target met: peak memory at most 4x the XML loaded (inputs of 1 MiB or more): at most ${worst}x ($*)"
	else
		echo "TARGET MISSED: peak memory at most 4x the XML loaded (inputs of 1 MiB or more): ${worst}x ($*)"
	fi
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
exit 0
