#!/bin/sh
# replay.sh - replays every fuzz corpus through its target's entry function, printed as TAP
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# First seed.sh writes the seeds of the tests into tests/fuzz/seeds/ of the build tree (they
# are copies of test files, so they are not committed).  Then for each target NAME
# (tests/fuzz/fuzz-NAME.c), tests/fuzz/replay-NAME (built by make check with the normal
# compiler and the build's sanitizers) runs, in one process, each file of the committed
# corpus tests/fuzz/corpus/NAME/ and of the seeds tests/fuzz/seeds/NAME/.  A committed file
# that is also a seed (a copy of a test file) fails the target: delete it.  A crash, a sanitizer report or a run past MUSTER_FUZZ_TIMEOUT
# seconds (default 600) fails the target.  MUSTER_CLI_WRAPPER runs each replay under another
# program (valgrind), as for the command-line tests, with MUSTER_TEST_RUN=replay-NAME in its
# environment.
#
# Environment: srcdir (the source directory), builddir (where the replay programs are;
# default .), MUSTER_FUZZ_TARGETS (default: every target).

: "${srcdir:=$(dirname "$0")/../..}"
: "${builddir:=.}"
targets=${MUSTER_FUZZ_TARGETS:-"rules rule campaign catalog bs roster event import zipped"}
MUSTER_FUZZ_SRCDIR=$(cd "$srcdir" && pwd)
export MUSTER_FUZZ_SRCDIR
timeout_cmd=
if command -v timeout >/dev/null 2>&1; then
	timeout_cmd="timeout ${MUSTER_FUZZ_TIMEOUT:-600}"
fi
seeds=$(cd "$builddir" && pwd)/tests/fuzz/seeds
seedlog=$(MUSTER=$(cd "$builddir" && pwd)/src/muster sh "$MUSTER_FUZZ_SRCDIR/tests/fuzz/seed.sh" "$seeds" 2>&1) || {
	echo "Bail out! seed.sh failed"
	printf '%s\n' "$seedlog" | sed 's/^/# /'
	exit 1
}
n=0
for t in $targets; do n=$((n + 1)); done
echo "1..$n"
i=0
status=0
for t in $targets; do
	i=$((i + 1))
	prog=$builddir/tests/fuzz/replay-$t
	corpus=$MUSTER_FUZZ_SRCDIR/tests/fuzz/corpus/$t
	if [ ! -x "$prog" ]; then
		echo "not ok $i - $t # no program $prog"
		status=1
		continue
	fi
	dup=$(cd "$seeds/$t" && for f in *; do [ ! -e "$corpus/$f" ] || echo "$f"; done)
	if [ -n "$dup" ]; then
		echo "not ok $i - $t: corpus files equal to seeds of the tests (delete them):" $dup
		status=1
		continue
	fi
	out=$(MUSTER_TEST_RUN=replay-$t && export MUSTER_TEST_RUN &&
		$timeout_cmd ${MUSTER_CLI_WRAPPER-} "$prog" "$corpus" "$seeds/$t" 2>&1)
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "ok $i - $t: $(printf '%s\n' "$out" | tail -n 1) corpus and seed files replayed"
	else
		echo "not ok $i - $t: exit $rc"
		printf '%s\n' "$out" | sed 's/^/# /' | tail -n 60
		status=1
	fi
done
exit $status
