#!/bin/sh
# minimise.sh - minimises the committed fuzz corpora with libFuzzer's -merge=1
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Run after `make fuzz` (which builds fuzz-build/fuzz-NAME and leaves what it found in
# fuzz-build/corpus-NAME/).  For each target, one at a time: seed.sh writes the seeds of the
# tests into fuzz-build/seeds/; libFuzzer merges the committed corpus tests/fuzz/corpus/NAME/,
# the seeds and fuzz-build/corpus-NAME/ into an empty directory, keeping only the inputs that
# add coverage (smallest first); tests/fuzz/corpus/NAME/ then becomes what the merge kept
# that is not a seed (the seeds are written again at test time), plus every input that
# tests/fuzz/regressions lists for NAME (kept for a bug, whatever the merge says).  Prints
# each target's files, bytes and libFuzzer's cov: before and after.
#
# Environment: srcdir (default: this script's ../..), builddir (default .), FUZZ_TARGETS
# (default every target), FUZZ_MERGE_FLAGS (default -use_counters=0: keep the inputs that add
# an edge; empty keeps those that add hit counts too), MUSTER (the muster seed.sh runs for
# the import seeds; default $builddir/src/muster).  Writes into the source tree: review with
# git status, then commit.
set -eu
: "${srcdir:=$(dirname "$0")/../..}"
: "${builddir:=.}"
targets=${FUZZ_TARGETS:-"rules rule campaign catalog bs roster event import zipped"}
src=$(cd "$srcdir" && pwd)
out=$(cd "$builddir" && pwd)/fuzz-build
MUSTER_FUZZ_SRCDIR=$src
export MUSTER_FUZZ_SRCDIR
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export ASAN_OPTIONS
opts="-timeout=10 -rss_limit_mb=2048 -max_len=65536"

MUSTER=${MUSTER:-$(cd "$builddir" && pwd)/src/muster} \
	sh "$src/tests/fuzz/seed.sh" "$out/seeds" >/dev/null

# cov FUZZER DIR...: libFuzzer's coverage after running the inputs of DIR... once
cov() {
	f=$1
	shift
	"$f" $opts -runs=0 "$@" 2>&1 | grep -o 'INITED cov: [0-9]*' | tail -n 1 | sed 's/INITED //'
}

for t in $targets; do
	fz=$out/fuzz-$t
	corpus=$src/tests/fuzz/corpus/$t
	if [ ! -x "$fz" ]; then
		echo "minimise: no $fz (run make fuzz first)" >&2
		exit 2
	fi
	seeds=$out/seeds/$t
	found=
	[ ! -d "$out/corpus-$t" ] || found=$out/corpus-$t
	# The inputs as they are: the committed corpus (its own, and with the seeds).
	before_files=$(find "$corpus" -type f | wc -l)
	before_bytes=$(du -sb "$corpus" | cut -f1)
	before_cov=$(cov "$fz" "$corpus")
	merged=$out/merge-$t
	rm -rf "$merged"
	mkdir -p "$merged"
	# shellcheck disable=SC2086
	"$fz" $opts ${FUZZ_MERGE_FLAGS--use_counters=0} -merge=1 "$merged" "$corpus" "$seeds" $found >"$out/merge-$t.log" 2>&1 || {
		echo "minimise: $t: merge failed; see $out/merge-$t.log" >&2
		exit 1
	}
	keep=$out/keep-$t
	rm -rf "$keep"
	mkdir -p "$keep"
	for f in "$merged"/*; do
		[ -e "$f" ] || continue
		n=$(basename "$f")
		[ -e "$seeds/$n" ] || cp "$f" "$keep/$n"
	done
	# The regressions: TARGET/SHA-1 at the start of a line of tests/fuzz/regressions.
	for n in $(sed -n "s|^$t/\([0-9a-f]\{40\}\).*|\1|p" "$src/tests/fuzz/regressions"); do
		if [ -e "$corpus/$n" ]; then
			cp "$corpus/$n" "$keep/$n"
		elif [ ! -e "$keep/$n" ]; then
			echo "minimise: $t: regression $n is missing" >&2
			exit 1
		fi
	done
	chmod 644 "$keep"/* 2>/dev/null || :
	rm -f "$corpus"/*
	cp "$keep"/* "$corpus"/ 2>/dev/null || :
	# What make check replays now: the committed corpus and the seeds of the tests.
	after_cov=$(cov "$fz" "$corpus" "$seeds")
	echo "minimise: $t: $before_files files, $before_bytes bytes, $before_cov ->" \
		"$(find "$corpus" -type f | wc -l) files, $(du -sb "$corpus" | cut -f1) bytes" \
		"(+ $(find "$seeds" -type f | wc -l) seeds at test time), $after_cov;" \
		"merge: $(grep -o '[0-9]* new files with [0-9]* new features' "$out/merge-$t.log" | tail -n 1)"
done
