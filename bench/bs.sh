#!/bin/sh
# bench/bs.sh - muster on BattleScribe data at the scale of a large real game system (issue 21)
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Run by `make bench` after bench/floor.sh, from the build directory, with MUSTER and
# BENCH_DATA exported. Writes with bench/gen-bs.sh, into BENCH_DATA/bs/SET when missing:
#
#   small   -c 10 -u 6    10 catalogues, a few hundred kB: loads in a fraction of a second
#   mid     -c 40 -u 20   40 catalogues, about 13 MB (its links bring about 220,000 options)
#   full    -c 40 -u 60   40 catalogues, about 36 MB, counts near Warhammer 40,000 10th
#                         edition's (its links bring about 600,000 options, as the real
#                         set's about 570,000; the bound is 1,000,000, BS_SYSTEM_LINKED_MAX)
#
# (BENCH_QUICK=1: small only.) Then prints:
#
#   1. bench/bs-stats.sh's figures of each set, beside those of the real data when
#      BENCH_BSDATA names a directory of its .gst and .cat files (a checkout of BSData's
#      wh40k-10e): the claim "at the scale of" is checked there, not assumed
#   2. for each set, muster --data-dir SET validate units-N.ros (N = 10, and 1000: the large
#      roster) against xmllint --noout over the same files (the .gst, every .cat, the
#      roster; one process): instructions (callgrind, one run), median wall time of
#      BENCH_BS_RUNS runs (default 5; 3 with BENCH_QUICK), peak memory (GNU time %M) and
#      muster's peak over the XML bytes; a run that muster refuses (exit status 2) is
#      measured as it is and its message printed; with BENCH_BSDATA, muster catalog on the
#      real set too (exit status, wall time, peak memory)
#   3. 1,000 rosters of 8 to 12 units (batch/) validated in one muster validate DIR run on
#      the largest set that loads, against one roster alone: the cost of a roster once the
#      data is loaded, (batch - one) / 999, and its share of the one-roster run. muster runs
#      with --jobs=1 here, so that the instructions and times are of one thread
#
# Figures only: no target is judged. Exits 0, 1 when a command fails unexpectedly (muster's
# status over 2, xmllint's over 0), 2 when it cannot run. Knobs: BENCH_NO_CALLGRIND=1,
# BENCH_TIMEOUT (seconds a command, default 900), BENCH_BSDATA, BENCH_BS_RUNS, BENCH_QUICK.

. "$(dirname "$0")/common.sh"

bench_tools 900
runs=${BENCH_BS_RUNS:-5}
[ -z "$quick" ] || runs=${BENCH_BS_RUNS:-3}
case $runs in '' | *[!0-9]* | 0) die "BENCH_BS_RUNS must be a whole number > 0" ;; esac

data=${BENCH_DATA:-./bench-data}
mkdir -p "$data/bs" || die "cannot make '$data/bs'"
data=$(cd "$data" && pwd)
case "$src$data$muster" in *[[:space:]]*) die "paths with blanks are not supported" ;; esac

sets="small mid full"
[ -z "$quick" ] || sets=small
args() {
	case $1 in
	small) echo "-c 10 -u 6" ;;
	mid) echo "-c 40 -u 20" ;;
	full) echo "-c 40 -u 60" ;;
	esac
}
# a set is written again when its arguments or the generator change
gen=$(cat "$src/bench/gen-bs.sh" "$src/bench/gen-bs.awk" | cksum | cut -d' ' -f1)
for s in $sets; do
	dir=$data/bs/$s
	[ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$(args "$s") $gen" ] && continue
	rm -rf "$dir" "$dir.tmp"
	echo "bench/gen-bs.sh $(args "$s") -n '10 1000' -b 1000 $dir"
	sh "$src/bench/gen-bs.sh" $(args "$s") -n "10 1000" -b 1000 "$dir.tmp" || die "bench/gen-bs.sh failed"
	echo "$(args "$s") $gen" >"$dir.tmp/stamp"
	mv "$dir.tmp" "$dir" || die "cannot rename $dir.tmp"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-bs.XXXXXX") || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

ratio() {
	case $1$2 in *-*) echo - ;; *) calc %.2f 'a / b' -v a="$1" -v b="$2" ;; esac
}

# status CMD...: runs it once, prints its exit status; its output in $tmp/out
status() {
	$bound "$@" </dev/null >"$tmp/out" 2>&1
	echo $?
}
# insns CMD...: instructions of one run under callgrind, or "-"
insns() {
	[ -n "$callgrind" ] || { echo -; return; }
	cg_insns "$@"
}
# ms CMD...: median wall time (ms) of $runs runs, after one to warm the page cache
ms() {
	: >"$tmp/t"
	$bound "$@" </dev/null >/dev/null 2>&1
	r=0
	while [ $r -lt "$runs" ]; do
		t0=$(date +%s%N)
		$bound "$@" </dev/null >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $((t1 - t0)) >>"$tmp/t"
		r=$((r + 1))
	done
	calc %.1f 'n / 1e6' -v n="$(median "$tmp/t")"
}
# kib CMD...: peak memory of one run (KiB), or "-"
kib() {
	[ -n "$gtime" ] || { echo -; return; }
	$bound "$gtime" -f %M -o "$tmp/rss" "$@" </dev/null >/dev/null 2>&1
	k=$(tail -n 1 "$tmp/rss")
	case $k in '' | *[!0-9]*) echo - ;; *) echo "$k" ;; esac
}
bytes() { cat "$@" | wc -c | tr -d ' '; }

echo
echo "muster on synthetic BattleScribe data (bench/gen-bs.sh), against xmllint --noout"
echo "  machine:  $(uname -sm), $(nproc 2>/dev/null || echo '?') CPUs, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "  muster:   $muster ($("$muster" --version 2>/dev/null | sed -n 1p))"
echo "  xmllint:  $(command -v xmllint) ($(xmllint --version 2>&1 | sed -n 1p))"
echo "  data:     $data/bs ($sets)"

# ---------------------------------------------------------------- 1. the shape
echo
echo "1. the shape of the data (bench/bs-stats.sh):"
real=${BENCH_BSDATA:-}
: >"$tmp/stats"
cols=
if [ -n "$real" ]; then
	[ -d "$real" ] || die "BENCH_BSDATA: no directory '$real'"
	sh "$src/bench/bs-stats.sh" "$real" | awk '{ print $2 }' >"$tmp/col.real" || die "bs-stats.sh failed on $real"
	cols="$tmp/col.real"
fi
for s in $sets; do
	sh "$src/bench/bs-stats.sh" "$data/bs/$s/data" >"$tmp/st.$s" || die "bs-stats.sh failed on $s"
	awk '{ print $2 }' "$tmp/st.$s" >"$tmp/col.$s"
	cols="$cols $tmp/col.$s"
done
set -- $sets
awk '{ print $1 }' "$tmp/st.$1" >"$tmp/keys"
{
	printf '%-20s' ""
	[ -z "$real" ] || printf ' %12s' real
	for s in $sets; do printf ' %12s' "$s"; done
	printf '\n'
	paste "$tmp/keys" $cols | awk '{ printf "%-20s", $1; for (i = 2; i <= NF; i++) printf " %12s", $i; printf "\n" }'
}
[ -n "$real" ] || echo "  (BENCH_BSDATA unset: the real data's column is not printed)"
echo "  optionsByLinks: the options the root entries hold once every link is copied (an estimate)"

# ---------------------------------------------------------------- 2. one roster
row='%-17s %6s %11s %11s %6s %10s %10s %6s %10s %10s %7s\n'
echo
echo "2. muster --data-dir SET validate ROSTER against xmllint --noout SET/*.gst SET/*.cat ROSTER"
irnote="callgrind, one run"
[ -n "$callgrind" ] || irnote="not measured (BENCH_NO_CALLGRIND or no valgrind)"
echo "   (Ir: $irnote; ms: median of $runs; KiB: GNU time %M; mem/XML: muster's peak over the XML bytes):"
printf "$row" "" exit "muster MIr" "xmllint MIr" "Ir x" "muster ms" "xmllint ms" "ms x" "muster KiB" "xmllint KiB" "mem/XML"
loads=
for s in $sets; do
	dir=$data/bs/$s
	files=$(echo "$dir"/data/*.gst "$dir"/data/*.cat)
	for n in 10 1000; do
		ros=$dir/rosters/units-$n.ros
		rc=$(status "$muster" --data-dir "$dir/data" validate "$ros")
		[ "$rc" -le 2 ] || { head -5 "$tmp/out" >&2; echo "bench: muster exited $rc on $s $n" >&2; exit 1; }
		[ "$rc" -eq 2 ] && sed -n 1p "$tmp/out" | sed 's/^/   refused: /' >"$tmp/refused.$s"
		[ "$rc" -le 1 ] && [ "$n" = 10 ] && loads=$s
		xrc=$(status xmllint --noout $files "$ros")
		[ "$xrc" -eq 0 ] || { head -5 "$tmp/out" >&2; echo "bench: xmllint exited $xrc on $s" >&2; exit 1; }
		mi=$(insns "$muster" --data-dir "$dir/data" validate "$ros")
		xi=$(insns xmllint --noout $files "$ros")
		mm=$(ms "$muster" --data-dir "$dir/data" validate "$ros")
		xm=$(ms xmllint --noout $files "$ros")
		mk=$(kib "$muster" --data-dir "$dir/data" validate "$ros")
		xk=$(kib xmllint --noout $files "$ros")
		xb=$(bytes $files "$ros")
		mr=-
		[ "$mk" = - ] || mr=$(calc %.1f 'k * 1024 / b' -v k="$mk" -v b="$xb")
		m1=-; x1=-
		[ "$mi" = - ] || m1=$(mega "$mi")
		[ "$xi" = - ] || x1=$(mega "$xi")
		printf "$row" "$s units-$n" "$rc" "$m1" "$x1" "$(ratio "$mi" "$xi")" "$mm" "$xm" "$(ratio "$mm" "$xm")" "$mk" "$xk" "$mr"
	done
	echo "   $s: $(calc %.1f 'b / 1048576' -v b="$(bytes $files)") MiB of .gst and .cat, $(set -- $files; echo $#) files"
	[ ! -f "$tmp/refused.$s" ] || cat "$tmp/refused.$s"
done

if [ -n "$real" ]; then
	# the real set, loaded as muster catalog SYSTEM loads it (no roster: its rosters are not ours)
	gst=$(ls "$real"/*.gst 2>/dev/null | sed -n 1p)
	sys=$(sed -n 's/.*<gameSystem [^>]*id="\([^"]*\)".*/\1/p' "$gst" 2>/dev/null | sed -n 1p)
	if [ -n "$sys" ]; then
		rc=$(status "$muster" --data-dir "$real" catalog "$sys")
		mm=$(ms "$muster" --data-dir "$real" catalog "$sys")
		mk=$(kib "$muster" --data-dir "$real" catalog "$sys")
		echo "   real (BENCH_BSDATA): muster --data-dir REAL catalog $sys: exit $rc, $mm ms, $mk KiB"
		[ "$rc" -ne 2 ] || sed -n 1p "$tmp/out" | sed 's/^/   refused: /'
	fi
fi

# ---------------------------------------------------------------- 3. 1,000 rosters
echo
if [ -z "$loads" ]; then
	echo "3. 1,000 rosters: NOT MEASURED (no set loads)"
	exit 0
fi
dir=$data/bs/$loads
nb=$(ls "$dir/batch" | wc -l | tr -d ' ')
echo "3. $nb rosters of 8 to 12 units in one run, on the $loads set: muster --jobs=1 --data-dir SET"
echo "   validate BATCHDIR against muster --jobs=1 --data-dir SET validate batch/0001.ros:"
one=$dir/batch/0001.ros
rc=$(status "$muster" --data-dir "$dir/data" validate --jobs=1 "$dir/batch")
[ "$rc" -le 1 ] || { head -5 "$tmp/out" >&2; echo "bench: muster exited $rc on the batch" >&2; exit 1; }
bi=$(insns "$muster" --data-dir "$dir/data" validate --jobs=1 "$dir/batch")
oi=$(insns "$muster" --data-dir "$dir/data" validate --jobs=1 "$one")
bm=$(ms "$muster" --data-dir "$dir/data" validate --jobs=1 "$dir/batch")
om=$(ms "$muster" --data-dir "$dir/data" validate --jobs=1 "$one")
bk=$(kib "$muster" --data-dir "$dir/data" validate --jobs=1 "$dir/batch")
ok=$(kib "$muster" --data-dir "$dir/data" validate --jobs=1 "$one")
printf '%-16s %12s %10s %10s\n' "" MIr ms KiB
if [ "$bi" = - ]; then b1=-; o1=-; else b1=$(mega "$bi"); o1=$(mega "$oi"); fi
printf '%-16s %12s %10s %10s\n' "$nb rosters" "$b1" "$bm" "$bk"
printf '%-16s %12s %10s %10s\n' "one roster" "$o1" "$om" "$ok"
if [ "$bi" != - ]; then
	per=$(calc %.0f '(b - o) / (n - 1)' -v b="$bi" -v o="$oi" -v n="$nb")
	echo "   a roster once the data is loaded: $(mega "$per") MIr, $(calc %.2f '100 * p / o' -v p="$per" -v o="$oi")% of one roster's run"
fi
per=$(calc %.2f '(b - o) / (n - 1)' -v b="$bm" -v o="$om" -v n="$nb")
echo "   by wall time: $per ms a roster, $(calc %.2f '100 * p / o' -v p="$per" -v o="$om")% of one roster's run"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
exit 0
