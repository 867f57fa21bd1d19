#!/bin/sh
# fuzz.sh - builds the fuzz targets with clang and libFuzzer and runs each for a while
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Run by `make fuzz`, which passes the build's flags.  Every source of src/'s folders (and the
# build's src/xml/schema-text.c) is compiled with -fsanitize=fuzzer-no-link,address,undefined into
# fuzz-build/, each target linked with -fsanitize=fuzzer.  Each target then runs FUZZ_TIME
# seconds (default 60) on a copy of its committed corpus tests/fuzz/corpus/NAME/ and of the
# seeds seed.sh writes from the tests into fuzz-build/seeds/NAME/ (new inputs go to
# fuzz-build/corpus-NAME/, never into the source tree; crashes to fuzz-build/crash-NAME-*).
# FUZZ_JOBS targets run at once, each its own process.  Each target's executions, executions
# per second and coverage are printed, and "no crash" or the crash (which fails the run).
#
# Environment: CLANG (default clang), FUZZ_TIME, FUZZ_TARGETS (default every target),
# FUZZ_JOBS (parallel compiles and targets fuzzed at once, default 2: give each target a
# core of its own, or it runs fewer executions), FUZZ_CPPFLAGS and FUZZ_LIBS (from make),
# srcdir and builddir.
set -u
: "${srcdir:=.}"
: "${builddir:=.}"
: "${CLANG:=clang}"
: "${FUZZ_TIME:=60}"
: "${FUZZ_JOBS:=2}"
targets=${FUZZ_TARGETS:-"rules rule campaign catalog bs roster event import zipped"}
out=$builddir/fuzz-build
mkdir -p "$out/obj" || exit 2
src=$(cd "$srcdir" && pwd)
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
# Each folder of src/ is on the include path (Makefile.am's AM_CPPFLAGS, src/README).
incs=
for d in "$src"/src/*/; do
	incs="$incs -I${d%/}"
done
cflags="-std=c11 -g -O1 -fno-omit-frame-pointer $san$incs -I$src/tests/fuzz ${FUZZ_CPPFLAGS-}"

# Compile the library and the targets once (make decides what is stale; make, not this shell,
# splits the flags, whose quoted -D values hold spaces).
objs=
rules=$out/obj/Makefile
# Every object depends on every header (a changed struct must recompile all its users).
headers=$(echo "$src"/src/*/*.h "$src/tests/fuzz/fuzz.h")
: >"$rules"
# src/main.c, the program's main, stands alone above the folders and is left out.
for c in "$src"/src/*/*.c "$builddir/src/xml/schema-text.c" "$builddir/src/cmd/import-words.c" \
	"$src/tests/fuzz/fuzz-common.c"; do
	b=$(basename "$c" .c)
	# src/xml/schema-text.c and src/cmd/import-words.c are generated in the build tree (the
	# glob sees them in an in-tree build).
	case " $objs " in *" $out/obj/$b.o "*) continue ;; esac
	o=$out/obj/$b.o
	objs="$objs $o"
	printf '%s: %s %s\n\t%s -fsanitize=fuzzer-no-link %s -c -o %s %s\n' "$o" "$c" "$headers" "$CLANG" "$cflags" "$o" "$c" >>"$rules"
done
tobjs=
for t in $targets; do
	o=$out/obj/fuzz-$t.o
	tobjs="$tobjs $o"
	printf '%s: %s %s\n\t%s -fsanitize=fuzzer-no-link %s -c -o %s %s\n' "$o" "$src/tests/fuzz/fuzz-$t.c" "$headers" "$CLANG" "$cflags" "$o" "$src/tests/fuzz/fuzz-$t.c" >>"$rules"
done
printf 'all:%s%s\n' "$objs" "$tobjs" >>"$rules"
make -s -j"$FUZZ_JOBS" -f "$rules" all || { echo "fuzz: compiling failed" >&2; exit 2; }

for t in $targets; do
	# shellcheck disable=SC2086
	"$CLANG" -g $san -fsanitize=fuzzer -o "$out/fuzz-$t" "$out/obj/fuzz-$t.o" $objs ${FUZZ_LIBS-} ||
		{ echo "fuzz: linking $t failed" >&2; exit 2; }
done

# The seeds of the tests (the import seeds need a built src/muster: MUSTER names another).
MUSTER=${MUSTER:-$(cd "$builddir" && pwd)/src/muster} sh "$src/tests/fuzz/seed.sh" "$out/seeds" >/dev/null ||
	{ echo "fuzz: seed.sh failed" >&2; exit 2; }

# fuzz_one T: runs target T for FUZZ_TIME seconds; its exit status is libFuzzer's.
fuzz_one() {
	corpus=$out/corpus-$1
	mkdir -p "$corpus"
	cp "$src/tests/fuzz/corpus/$1/"* "$out/seeds/$1/"* "$corpus/" 2>/dev/null
	MUSTER_FUZZ_SRCDIR=$src ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
		"$out/fuzz-$1" -max_total_time="$FUZZ_TIME" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 -artifact_prefix="$out/crash-$1-" "$corpus" \
		>"$out/fuzz-$1.log" 2>&1
}

# report T RC: prints target T's executions and whether it crashed; fails on a crash.
report() {
	log=$out/fuzz-$1.log
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	if [ "$2" -eq 0 ] && [ -n "$execs" ]; then
		echo "fuzz: $1: $execs executions in ${FUZZ_TIME} s, ${speed:-?}/s, $cov, no crash"
	else
		echo "fuzz: $1: FAILED (exit $2) after ${execs:-?} executions; see $log" >&2
		grep -A30 'ERROR:\|==ERROR\|SUMMARY' "$log" | head -n 60 >&2
		return 1
	fi
}

# FUZZ_JOBS targets at a time (each a process of its own, one core each on a machine with
# FUZZ_JOBS cores): 7 targets of 60 s take 4 minutes on 2 cores, not 7.
status=0
round=
pids=
# finish_round: waits for the targets of this round, in order, and reports each.
finish_round() {
	set -- $pids
	for t in $round; do
		wait "$1"
		report "$t" $? || status=1
		shift
	done
	round=
	pids=
}
for t in $targets; do
	fuzz_one "$t" &
	pids="$pids $!"
	round="$round $t"
	[ "$(echo $round | wc -w)" -lt "$FUZZ_JOBS" ] || finish_round
done
finish_round
exit $status
