#!/bin/sh
# bench/floor.sh - muster against the real floor, `xmllint --noout --schema XSD` with the
# schemas muster ships, in instructions, wall time and peak memory (issue 20)
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Run by `make bench` first, from the build directory, with MUSTER (the program),
# MUSTER_DATA_PATH (the source directory) and BENCH_DATA (bench/gen.sh's rosters; the tree
# system and rosters of bench/gen-tree.sh are written into BENCH_DATA/tree when missing)
# exported. Each row runs the same files through both programs:
#
#   600-AP     muster validate bench/duckhammer-600.xml, against the sum of three xmllint
#              runs: --schema rules.xsd on the rules file, --schema catalog.xsd on the
#              system's catalogs, --schema roster.xsd on the roster (three processes: each
#              pays its start-up, as muster's one run pays its own)
#   flat N     muster validate units-N.xml (bench/gen.sh: N Duckhammer units, a few with an
#              option), against xmllint --schema roster.xsd on the roster alone
#   tree N     muster --data-dir TREE validate tree-N.xml (bench/gen-tree.sh: N selections,
#              N/10 units of 10 selections four levels deep), against xmllint --schema
#              roster.xsd on the roster alone
#   edits      muster add, set and remove on the largest flat and tree rosters, and muster
#              campaign gain on a ledger of as many entries (bench/gen-ledger.sh, from
#              doc/examples/impondium-campaign.xml; a fresh copy before each run, untimed),
#              against muster validate of the same file
#
# for N = 100, 1,000, 10,000 and 100,000. muster keeps nothing between runs (it has no
# schema cache): nothing of an earlier run is reused. The figures:
#
#   Ir        instructions, valgrind --tool=callgrind, one run (exact: the load of the machine
#             does not change them). The targets are judged on these.
#   ms        the median wall time of BENCH_FLOOR_RUNS runs (default 11; 5 at 100,000; with
#             BENCH_QUICK 3), the two programs alternating run by run, timed with
#             date +%s%N less the clock's own cost. A second figure: it moves with the load.
#   KiB       peak memory, GNU time %M (the median of 3 runs; 1 at 100,000). For a sum of
#             xmllint runs, the largest of them.
#   mem/XML   muster's peak over the bytes of XML it reads (roster, rules, catalogs).
#
# Targets (issue 20), printed with "target met" or "TARGET MISSED" (a missed target is a
# measurement: the script exits 0; it exits 1 when a command fails, 2 when it cannot run):
#   - a 100,000-selection list within 1.5x of xmllint --schema on the roster (instructions;
#     judged on the flat list, the tree list printed beside it)
#   - the 600-AP list within 1.3x of xmllint --schema summed over its files (instructions)
#   - time per selection flat within 2x from 100 to 100,000 selections, flat lists and trees:
#     the largest over the smallest of the instructions per selection at 100, 1,000, 10,000
#     and 100,000, each less the start-up (muster validate on the same roster emptied of
#     its units, the "empty" row: what a run costs before its first selection, paid once at
#     any size). The raw figures (start-up included, so falling with size) are printed
#     beside them; at 100 selections the start-up is most of a run
#   - peak memory within 4x of the XML read (inputs of 1 MiB or more)
#   - an edit (add, set, remove; and a campaign entry, muster campaign gain LEDGER xp 1 on
#     a campaign roster with a ledger of as many entries, bench/gen-ledger.sh) within 1.3x
#     of a validate of the same file (instructions), and its peak memory within 4x of the
#     XML read
#
# Knobs (environment): BENCH_EDIT_SIZE (the rosters the edits run on, default the largest:
# 10000 saves about 5 minutes, the ratios are the same), BENCH_QUICK=1 (sizes up to 10,000 and the edits on the 10,000
# rosters, 3 timed runs: about 2 minutes), BENCH_FLOOR_RUNS, BENCH_NO_CALLGRIND=1 (no
# instruction counts; the targets are then judged on wall time), BENCH_TIMEOUT (seconds per
# command run, default 600, callgrind included).

. "$(dirname "$0")/common.sh"
MUSTER_DATA_PATH=$src
export MUSTER_DATA_PATH

bench_tools 600
runs_small=11 runs_big=5
[ -z "$quick" ] || runs_small=3
if [ -n "${BENCH_FLOOR_RUNS:-}" ]; then
	case $BENCH_FLOOR_RUNS in *[!0-9]* | 0) die "BENCH_FLOOR_RUNS must be a whole number > 0" ;; esac
	runs_small=$BENCH_FLOOR_RUNS runs_big=$BENCH_FLOOR_RUNS
fi
sizes="100 1000 10000 100000"
[ -z "$quick" ] || sizes="100 1000 10000"
big=$(echo "$sizes" | awk '{ print $NF }')

schema=$src/rules-xml/schema
rules=$src/rules-xml/duckhammer.xml
for f in "$schema/roster.xsd" "$schema/rules.xsd" "$schema/catalog.xsd" "$rules"; do
	[ -f "$f" ] || die "no file '$f'"
done
set -- "$src"/catalogs/duckhammer/*.xml
[ -f "$1" ] || die "no catalogs in '$src/catalogs/duckhammer'"
cats=$*

data=${BENCH_DATA:-./bench-data}
[ -d "$data" ] || die "no directory '$data' (run 'make bench', which writes it)"
data=$(cd "$data" && pwd)
for n in $sizes; do
	[ -f "$data/units-$n.xml" ] || die "no roster '$data/units-$n.xml': remove $data to have it written again"
done
tree=$data/tree
if [ ! -f "$tree/tree-100000.xml" ]; then
	rm -rf "$tree" "$tree.tmp"
	sh "$src/bench/gen-tree.sh" "$tree.tmp" || die "bench/gen-tree.sh failed"
	mv "$tree.tmp" "$tree" || die "cannot rename $tree.tmp"
fi
tree_sys=$(echo "$tree"/rules-xml/*.xml "$tree"/catalogs/benchtree/*.xml)
case "$src$data$muster" in *[[:space:]]*) die "paths with blanks are not supported" ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-floor.XXXXXX") || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
set -f

# ---------------------------------------------------------------- jobs
# A job is a file of lines: "run WORD..." (a command, measured; a job's figures are the sums
# over its run lines) or "copy FROM TO" (done before the next run line, not measured). Words
# hold no blanks.

# The clock's own cost (ns), taken off every sample.
i=0
: >"$tmp/zero"
while [ $i -lt 21 ]; do
	t0=$(date +%s%N); t1=$(date +%s%N)
	echo $((t1 - t0)) >>"$tmp/zero"
	i=$((i + 1))
done
zero=$(sort -n "$tmp/zero" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')

# check JOB: runs each command once; fails the bench on an exit status over 1 (muster exits
# 1 when a list breaks a rule, xmllint 0 when its files are valid: anything else is trouble).
check() {
	while read -r what rest; do
		set -- $rest
		case $what in
		copy) cp "$1" "$2" || die "cannot copy $1" ;;
		run)
			$bound "$@" </dev/null >"$tmp/out" 2>&1
			rc=$?
			case $1 in xmllint) ok=0 ;; *) ok=1 ;; esac
			if [ $rc -gt $ok ]; then
				head -20 "$tmp/out" >&2
				printf 'bench: %s exited with status %s\n' "$*" "$rc" >&2
				exit 1
			fi
			;;
		esac
	done <"$1"
}

# insns JOB: prints the instructions of the job's run lines, summed (counted once per job:
# exact, so the edits' validate is not counted again for each edit).
insns() {
	key=$tmp/ir.$(cksum <"$1" | cut -d' ' -f1)
	[ ! -s "$key" ] || { cat "$key"; return; }
	insns_count "$1" >"$key"
	cat "$key"
}
insns_count() {
	sum=0
	while read -r what rest; do
		set -- $rest
		case $what in
		copy) cp "$1" "$2" || die "cannot copy $1" ;;
		run)
			ir=$(cg_insns "$@") || exit 2
			sum=$((sum + ir))
			;;
		esac
	done <"$1"
	echo "$sum"
}

# once JOB: runs the job once, prints its wall time in seconds (run lines summed).
once() {
	ns=0
	while read -r what rest; do
		set -- $rest
		case $what in
		copy) cp "$1" "$2" || die "cannot copy $1" ;;
		run)
			t0=$(date +%s%N)
			$bound "$@" </dev/null >/dev/null 2>&1
			t1=$(date +%s%N)
			ns=$((ns + t1 - t0 - zero))
			;;
		esac
	done <"$1"
	calc %.9f 'n / 1e9' -v n="$ns"
}

# peak JOB COUNT: the median over COUNT runs of the largest peak memory (KiB) of the job's
# run lines, or "-" without GNU time.
peak() {
	[ -n "$gtime" ] || { echo -; return; }
	pjob=$1 pcount=$2
	: >"$tmp/peaks"
	j=0
	while [ $j -lt "$pcount" ]; do
		best=0
		while read -r what rest; do
			set -- $rest
			case $what in
			copy) cp "$1" "$2" || die "cannot copy $1" ;;
			run)
				$bound "$gtime" -f %M -o "$tmp/rss" "$@" </dev/null >/dev/null 2>&1
				k=$(tail -n 1 "$tmp/rss")
				case $k in '' | *[!0-9]*) k=0 ;; esac
				[ "$k" -gt "$best" ] && best=$k
				;;
			esac
		done <"$pjob"
		echo "$best" >>"$tmp/peaks"
		j=$((j + 1))
	done
	sort -n "$tmp/peaks" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# compare MJOB XJOB RUNS PEAKS: sets m_ir x_ir (instructions, "-" without callgrind), m_ms
# x_ms (medians of RUNS runs, alternating), m_kib x_kib (medians of PEAKS runs).
compare() {
	check "$1"
	check "$2"
	m_ir=- x_ir=-
	if [ -n "$callgrind" ]; then
		m_ir=$(insns "$1")
		x_ir=$(insns "$2")
	fi
	: >"$tmp/m.t"
	: >"$tmp/x.t"
	once "$1" >/dev/null # warm the page cache
	r=0
	while [ $r -lt "$3" ]; do
		if [ $((r % 2)) -eq 0 ]; then
			once "$1" >>"$tmp/m.t"
			once "$2" >>"$tmp/x.t"
		else
			once "$2" >>"$tmp/x.t"
			once "$1" >>"$tmp/m.t"
		fi
		r=$((r + 1))
	done
	m_ms=$(calc %.2f 's * 1000' -v s="$(median "$tmp/m.t")")
	x_ms=$(calc %.2f 's * 1000' -v s="$(median "$tmp/x.t")")
	m_kib=$(peak "$1" "$4")
	x_kib=$(peak "$2" "$4")
}

ratio() {
	case $1$2 in *-*) echo - ;; *) calc %.2f 'a / b' -v a="$1" -v b="$2" ;; esac
}

# The selections of roster $1: its units and options, at any depth.
selections() {
	grep -o '<unit[ >]\|<option[ >/]' "$1" | wc -l | tr -d ' '
}

bytes() {
	cat "$@" | wc -c | tr -d ' '
}

# verdict OK TEXT: prints "target met: TEXT" when OK is 1, else "TARGET MISSED: TEXT", and
# keeps it for the summary.
verdict() {
	if [ "$1" = 1 ]; then
		echo "target met:    $2"
	else
		echo "TARGET MISSED: $2"
	fi | tee -a "$tmp/verdicts"
}
le() {
	case $1 in - | '') echo 0; return ;; esac
	calc %d "a <= b" -v a="$1" -v b="$2"
}

# ---------------------------------------------------------------- header
judge=Ir
[ -n "$callgrind" ] || judge=ms
echo
echo "muster against the real floor: xmllint --noout --schema with the schemas muster ships"
echo "  machine:  $(uname -sm), $(nproc 2>/dev/null || echo '?') CPUs, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "  muster:   $muster ($("$muster" --version 2>/dev/null | sed -n 1p))"
echo "  xmllint:  $(command -v xmllint) ($(xmllint --version 2>&1 | sed -n 1p))"
if [ -n "$callgrind" ]; then
	echo "  Ir:       instructions, $(valgrind --version) --tool=callgrind, one run; targets judged on these"
else
	echo "  Ir:       not measured (BENCH_NO_CALLGRIND or no valgrind): targets judged on wall time"
fi
echo "  ms:       median wall time, $runs_small runs ($runs_big at $(commas "$big")), the two alternating"
echo "  KiB:      peak memory, GNU time %M, median of 3 runs (1 at $(commas "$big")); mem/XML: muster's over the XML it reads"
echo "  data:     $data ($([ -n "$quick" ] && echo 'BENCH_QUICK: up to 10,000' || echo 'up to 100,000'))"

row='%-11s %8s %10s %10s %6s %9s %9s %6s %9s %9s %7s %9s\n'
header() {
	printf "$row" "$1" sel "muster MIr" "xmllint MIr" "Ir x" "muster ms" "xmllint ms" "ms x" "muster KiB" "xmllint KiB" mem/XML "Ir/sel"
}
# line LABEL SELECTIONS XMLBYTES
line() {
	mr=-
	[ "$m_kib" = - ] || mr=$(calc %.1f 'k * 1024 / b' -v k="$m_kib" -v b="$3")
	ps=-
	[ "$m_ir" = - ] || ps=$(calc %.0f 'i / n' -v i="$m_ir" -v n="$2")
	mi=-
	xi=-
	[ "$m_ir" = - ] || mi=$(mega "$m_ir")
	[ "$x_ir" = - ] || xi=$(mega "$x_ir")
	printf "$row" "$1" "$(commas "$2")" "$mi" "$xi" "$(ratio "$m_ir" "$x_ir")" "$m_ms" "$x_ms" \
		"$(ratio "$m_ms" "$x_ms")" "$m_kib" "$x_kib" "$mr" "$ps"
	[ "$3" -lt 1048576 ] || [ "$mr" = - ] || echo "$mr $1 $(commas "$2")" >>"$tmp/mem"
}

# ---------------------------------------------------------------- the 600-AP list
list600=$src/bench/duckhammer-600.xml
echo "run $muster validate $list600" >"$tmp/m.job"
{
	echo "run xmllint --noout --schema $schema/rules.xsd $rules"
	echo "run xmllint --noout --schema $schema/catalog.xsd $cats"
	echo "run xmllint --noout --schema $schema/roster.xsd $list600"
} >"$tmp/x.job"
echo
echo "the 600-AP list (bench/duckhammer-600.xml): muster validate LIST against the sum of"
echo "xmllint --noout --schema rules.xsd RULES, --schema catalog.xsd CATALOG..., --schema roster.xsd LIST:"
header list
compare "$tmp/m.job" "$tmp/x.job" "$runs_small" 3
sel=$(selections "$list600")
line 600-AP "$sel" "$(bytes "$rules" $cats "$list600")"
if [ "$judge" = Ir ]; then r600=$(ratio "$m_ir" "$x_ir"); else r600=$(ratio "$m_ms" "$x_ms"); fi
# The sum counts xmllint's start-up three times, muster's once: also printed, the sum less
# two start-ups (xmllint --noout on a one-element document), as if one xmllint process had
# read the three kinds of file.
r600_one=-
if [ -n "$callgrind" ]; then
	echo '<a/>' >"$tmp/empty.xml"
	echo "run xmllint --noout $tmp/empty.xml" >"$tmp/s.job"
	x_start=$(insns "$tmp/s.job")
	x_one=$((x_ir - 2 * x_start))
	r600_one=$(ratio "$m_ir" "$x_one")
	echo "  xmllint's start-up (xmllint --noout on <a/>): $(mega "$x_start") MIr; the sum less two of them:"
	echo "  $(mega "$x_one") MIr, muster ${r600_one}x of that"
fi

# ---------------------------------------------------------------- flat lists and trees
# empty ROSTER OUT: writes ROSTER without its units (the lines from "    <unit" to its end,
# as bench/gen.sh and bench/gen-tree.sh write them): the same list, system and catalogs, no
# selection. What muster costs on it is its start-up, paid once whatever the list's size.
empty() {
	awk '/^    <unit[ >]/ { skip = 1 }
		!skip { print }
		/^    <\/unit>/ || /^    <unit[ >].*\/>[ \t]*$/ { skip = 0 }' "$1" >"$2" ||
		die "cannot write $2"
	grep -q '<unit[ >]' "$2" && die "$2: units left in the emptied roster"
}

# scale KIND: the rows of one kind (flat or tree); keeps "N SELECTIONS MEASURE" lines (Ir,
# or ms without callgrind) in $tmp/KIND.ps, the empty list's measure (start-up) in
# start_KIND and the largest row's ratio in big_KIND.
scale() {
	kind=$1
	: >"$tmp/$kind.ps"
	for n in 0 $sizes; do
		if [ "$kind" = flat ]; then
			f=$data/units-$n.xml
			[ "$n" != 0 ] || { f=$tmp/units-0.xml; empty "$data/units-100.xml" "$f"; }
			echo "run $muster validate $f" >"$tmp/m.job"
			xml=$(bytes "$rules" $cats "$f")
		else
			f=$tree/tree-$n.xml
			[ "$n" != 0 ] || { f=$tmp/tree-0.xml; empty "$tree/tree-100.xml" "$f"; }
			echo "run $muster --data-dir $tree validate $f" >"$tmp/m.job"
			xml=$(bytes $tree_sys "$f")
		fi
		echo "run xmllint --noout --schema $schema/roster.xsd $f" >"$tmp/x.job"
		runs=$runs_small peaks=3
		[ "$n" -lt 100000 ] || runs=$runs_big peaks=1
		compare "$tmp/m.job" "$tmp/x.job" "$runs" "$peaks"
		sel=$(selections "$f")
		if [ "$n" = 0 ]; then
			line "$kind empty" 1 "$xml"
		else
			line "$kind $(commas "$n")" "$sel" "$xml"
		fi
		if [ "$judge" = Ir ]; then
			v=$m_ir
			r=$(ratio "$m_ir" "$x_ir")
		else
			v=$m_ms
			r=$(ratio "$m_ms" "$x_ms")
		fi
		if [ "$n" = 0 ]; then eval "start_$kind=\$v"; else echo "$n $sel $v" >>"$tmp/$kind.ps"; fi
		[ "$n" != "$big" ] || eval "big_$kind=\$r"
	done
}

# persel KIND START: prints the per-selection rows of KIND, raw and less START (the empty
# list's measure), and writes "RAW NET", the max/min ratios of the two over the sizes, into
# $tmp/KIND.mm (NET is "-" when a figure less the start-up is not above 0, as wall time may
# make it).
persel() {
	awk -v kind="$1" -v s0="$2" -v mm="$tmp/$1.mm" '
		{ n[NR] = $1; raw[NR] = $3 / $2; net[NR] = ($3 - s0) / $2 }
		END {
			for (i = 1; i <= NR; i++) {
				printf "%-11s %8d %14.6g %14.6g\n", kind, n[i], raw[i], net[i]
				if (i == 1 || raw[i] > rmax) rmax = raw[i]
				if (i == 1 || raw[i] < rmin) rmin = raw[i]
				if (i == 1 || net[i] > nmax) nmax = net[i]
				if (i == 1 || net[i] < nmin) nmin = net[i]
			}
			r = nmin > 0 ? sprintf("%.2f", nmax / nmin) : "-"
			printf("%.2f %s\n", rmax / rmin, r) > mm
		}' "$tmp/$1.ps"
}
echo
echo "one list of N units (bench/gen.sh: Duckhammer, about one unit in six with options;"
echo "sel counts units and options): muster validate LIST against xmllint --noout --schema roster.xsd LIST:"
header flat
scale flat
echo
echo "trees of N selections four levels deep (bench/gen-tree.sh: N/10 units of 10 selections,"
echo "unit > option > option > option): muster --data-dir TREE validate LIST against"
echo "xmllint --noout --schema roster.xsd LIST:"
header tree
scale tree
echo "  Ir/sel: muster's instructions over the selections (units and options) of the roster;"
echo "  empty: the smallest roster emptied of its units (its start-up; Ir/sel is its Ir)"

echo
echo "time per selection: muster's $judge over the selections, raw and less the start-up (the"
echo "empty list's $judge, paid once at any size); the target is judged on the second, max/min:"
printf '%-11s %8s %14s %14s\n' "" N "$judge/sel" "less start-up"
for kind in flat tree; do
	eval "s0=\$start_$kind"
	persel "$kind" "$s0"
	set -- $(cat "$tmp/$kind.mm")
	echo "  $kind: max/min ${1}x raw, ${2}x less the start-up ($judge $s0)"
done

# ---------------------------------------------------------------- edits
en=${BENCH_EDIT_SIZE:-$big}
case " $sizes " in *" $en "*) ;; *) die "BENCH_EDIT_SIZE is one of $sizes" ;; esac
echo
echo "edits on the $(commas "$en")-selection rosters (a fresh copy before each run) against muster"
echo "validate of the same file:"
printf '%-30s %10s %10s %6s %9s %9s %6s %9s %7s\n' "" "edit MIr" "valid. MIr" "Ir x" "edit ms" "valid. ms" "ms x" "edit KiB" mem/XML
: >"$tmp/edits"
example=$src/doc/examples/impondium-campaign.xml
[ -f "$example" ] || die "no campaign roster '$example'"
for kind in flat tree ledger; do
	if [ "$kind" = flat ]; then
		f=$data/units-$en.xml
		pre="run $muster"
		xml=$(bytes "$rules" $cats "$f")
		unit=u$((en / 2))
		set -- "add $tmp/work.xml quack-marine 5" "set $tmp/work.xml $unit --models=2" \
			"remove $tmp/work.xml u$((en / 2 + 1))"
	elif [ "$kind" = ledger ]; then
		f=$tmp/ledger-$en.xml
		sh "$src/bench/gen-ledger.sh" -n "$en" "$example" "$f" || die "bench/gen-ledger.sh failed"
		pre="run $muster"
		xml=$(bytes "$rules" $cats "$f")
		set -- "campaign gain $tmp/work.xml xp 1"
	else
		f=$tree/tree-$en.xml
		pre="run $muster --data-dir $tree"
		xml=$(bytes $tree_sys "$f")
		set -- "add $tmp/work.xml squad-1 --option=chief --option=trooper=4 --option=bearer" \
			"set $tmp/work.xml u$((en / 20)) --name=Renamed" "remove $tmp/work.xml u$((en / 20 + 1))"
	fi
	echo "copy $f $tmp/work.xml" >"$tmp/v.job"
	echo "$pre validate $tmp/work.xml" >>"$tmp/v.job"
	for e in "$@"; do
		echo "copy $f $tmp/work.xml" >"$tmp/e.job"
		echo "$pre $e" >>"$tmp/e.job"
		runs=$runs_small peaks=3
		[ "$en" -lt 100000 ] || runs=$runs_big peaks=1
		compare "$tmp/e.job" "$tmp/v.job" "$runs" "$peaks"
		mr=-
		[ "$m_kib" = - ] || mr=$(calc %.1f 'k * 1024 / b' -v k="$m_kib" -v b="$xml")
		mi=-
		vi=-
		[ "$m_ir" = - ] || mi=$(mega "$m_ir")
		[ "$x_ir" = - ] || vi=$(mega "$x_ir")
		label="$kind ${e%% *}"
		printf '%-30s %10s %10s %6s %9s %9s %6s %9s %7s\n' "$label" "$mi" "$vi" \
			"$(ratio "$m_ir" "$x_ir")" "$m_ms" "$x_ms" "$(ratio "$m_ms" "$x_ms")" "$m_kib" "$mr"
		if [ "$judge" = Ir ]; then r=$(ratio "$m_ir" "$x_ir"); else r=$(ratio "$m_ms" "$x_ms"); fi
		echo "$r $mr $label" >>"$tmp/edits"
	done
done
echo "  commands: add ENTRY (flat: quack-marine 5; tree: squad-1 with its chief, 4 troopers, a bearer),"
echo "  set UNIT (flat: --models=2; tree: --name=Renamed), remove UNIT, each on a unit mid-list;"
echo "  ledger: campaign gain LEDGER xp 1 on the example campaign with $(commas "$en") more ledger entries"

# ---------------------------------------------------------------- targets
echo
echo "targets (issue 20), judged on $([ "$judge" = Ir ] && echo instructions || echo 'wall time (no callgrind)'):"
: >"$tmp/verdicts"
if [ "$big" = 100000 ]; then
	verdict "$(le "$big_flat" 1.5)" "100,000-selection list within 1.5x of xmllint --schema on the roster: ${big_flat}x (tree: ${big_tree}x)"
else
	echo "NOT MEASURED:  100,000-selection list within 1.5x (BENCH_QUICK; at $(commas "$big"): flat ${big_flat}x, tree ${big_tree}x)"
fi
verdict "$(le "$r600" 1.3)" "600-AP list within 1.3x of xmllint --schema summed over its files: ${r600}x (${r600_one}x less two start-ups)"
for kind in flat tree; do
	set -- $(cat "$tmp/$kind.mm")
	verdict "$(le "$2" 2)" "time per selection flat within 2x, $kind, 100 to $(commas "$big"): max/min ${2}x less the start-up (${1}x raw)"
done
if [ -s "$tmp/mem" ]; then
	set -- $(sort -rn "$tmp/mem" | sed -n 1p)
	w=$1
	shift
	verdict "$(le "$w" 4)" "peak memory within 4x of the XML read (inputs of 1 MiB or more): at most ${w}x ($*)"
else
	echo "NOT MEASURED:  peak memory within 4x of the XML read (no GNU time, or no input of 1 MiB)"
fi
set -- $(sort -rn "$tmp/edits" | sed -n 1p)
verdict "$(le "$1" 1.3)" "an edit within 1.3x of a validate of the same file: at most ${1}x ($3 $4)"
set -- $(sort -k2 -rn "$tmp/edits" | sed -n 1p)
if [ "$2" = - ]; then
	echo "NOT MEASURED:  an edit's peak memory within 4x of its XML (no GNU time)"
else
	verdict "$(le "$2" 4)" "an edit's peak memory within 4x of the XML read: at most ${2}x ($3 $4)"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
exit 0
