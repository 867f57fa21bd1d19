# bench/common.sh - what the benchmark scripts share: sourced, not run
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Sets LC_ALL=C, defines die(), and finds the source directory into $src (the first entry of
# MUSTER_DATA_PATH holding the benchmarks, else $srcdir, else the directory above the script),
# the muster program into $muster, and checks that xmllint is there. Defines the figures'
# helpers (calc, commas, mega, median), and for the scripts that measure against the floor
# (floor.sh, bs.sh) bench_tools and cg_insns.

set -u
LC_ALL=C
export LC_ALL

die() {
	printf 'bench: %s\n' "$*" >&2
	exit 2
}

src=
save_ifs=$IFS
IFS=:
for d in ${MUSTER_DATA_PATH:-}; do
	if [ -f "$d/bench/gen.sh" ] && [ -f "$d/rules-xml/duckhammer.xml" ]; then
		src=$d
		break
	fi
done
IFS=$save_ifs
if [ -z "$src" ] && [ -n "${srcdir:-}" ] && [ -f "$srcdir/bench/gen.sh" ]; then
	src=$(cd "$srcdir" && pwd)
fi
if [ -z "$src" ]; then
	case $0 in
	*/*) src=$(cd "$(dirname "$0")/.." && pwd) ;;
	*) src=$(cd .. && pwd) ;;
	esac
	[ -f "$src/bench/gen.sh" ] || die "cannot find the source directory (set MUSTER_DATA_PATH)"
fi

muster=${MUSTER:-./src/muster}
[ -x "$muster" ] || die "no muster program at '$muster' (set MUSTER, or run 'make bench')"
command -v xmllint >/dev/null 2>&1 || die "xmllint not found (Debian: apt-get install libxml2-utils)"

# calc FORMAT EXPR -v VAR=VALUE...: prints awk's EXPR over the variables with FORMAT (EXPR is
# parenthesised: a bare ">" in printf's arguments would be a redirection).
calc() {
	cf=$1 ce=$2
	shift 2
	awk "$@" "BEGIN { printf \"$cf\\n\", ($ce) }"
}
# Prints whole number $1 with thousands separators.
commas() {
	echo "$1" | awk '{ s = $1; o = ""; while (length(s) > 3) { o = "," substr(s, length(s) - 2) o; s = substr(s, 1, length(s) - 3) } print s o }'
}
# Prints instructions $1 in millions.
mega() {
	calc %.1f 'i / 1e6' -v i="$1"
}
# Prints the median of the numbers in file $1, or "-" when it holds none.
median() {
	awk '{ printf "%.9f\n", $1 }' "$1" | sort -n | awk '
		{ v[NR] = $1 }
		END {
			if (NR == 0) { print "-"; exit }
			printf "%.6f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		}'
}

# bench_tools TIMEOUT: reads the knobs BENCH_QUICK (into $quick: empty, or set),
# BENCH_TIMEOUT (into $to, seconds a command; TIMEOUT by default) and BENCH_NO_CALLGRIND, and
# finds the tools: $callgrind (1 when valgrind counts instructions), $gtime (GNU time, for
# peak memory), $bound (timeout(1) with $to, or empty); dies when date(1) cannot time.
bench_tools() {
	quick=${BENCH_QUICK:-}
	[ "$quick" = 0 ] && quick=
	to=${BENCH_TIMEOUT:-$1}
	case $to in '' | *[!0-9]*) die "BENCH_TIMEOUT must be a whole number" ;; esac
	callgrind=
	if [ -z "${BENCH_NO_CALLGRIND:-}" ] && command -v valgrind >/dev/null 2>&1; then
		callgrind=1
	fi
	gtime=
	/usr/bin/time -f %M true >/dev/null 2>&1 && gtime=/usr/bin/time
	d=$(date +%s%N 2>/dev/null)
	case $d in '' | *[!0-9]*) die "date(1) has no %N: cannot time" ;; esac
	bound=
	command -v timeout >/dev/null 2>&1 && bound="timeout -k 5 $to"
}

# cg_insns CMD...: the instructions of one run of CMD under callgrind (its files in $tmp);
# dies when callgrind fails. libxml2's hash seed is fixed (bench/fixseed.c, built here on first
# use when a C compiler is at hand, else a note): a random one moves a count by up to 0.5%.
cg_insns() {
	if [ ! -e "$tmp/fixseed.so" ] && [ ! -e "$tmp/fixseed.none" ] &&
		! ${CC:-cc} -shared -fPIC -o "$tmp/fixseed.so" "$src/bench/fixseed.c" 2>"$tmp/cc.err"; then
		: >"$tmp/fixseed.none"
		echo "bench: no C compiler for bench/fixseed.c: counts vary by up to 0.5% run to run" >&2
	fi
	cg_seed=
	[ -e "$tmp/fixseed.so" ] && cg_seed=$tmp/fixseed.so
	rm -f "$tmp/cg.out"
	env ${cg_seed:+LD_PRELOAD="$cg_seed"} $bound valgrind --tool=callgrind \
		--callgrind-out-file="$tmp/cg.out" "$@" </dev/null >/dev/null 2>"$tmp/cg.err"
	ir=$(sed -n 's/^summary: *\([0-9][0-9]*\).*/\1/p' "$tmp/cg.out" 2>/dev/null | sed -n 1p)
	[ -n "$ir" ] || { tail -5 "$tmp/cg.err" >&2; die "callgrind failed on: $*"; }
	echo "$ir"
}
