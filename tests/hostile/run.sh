#!/bin/sh
# run.sh - the hostile corpus: every file must be refused cleanly, printed as TAP
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# tests/hostile/gen.sh writes the corpus (over 700 cases, one of them a 100 MB file) into a
# temporary directory at test time; nothing of it is committed.  Each case must, within
# MUSTER_HOSTILE_TIMEOUT seconds (default 10, enforced with timeout(1)):
#   - exit with status 2 (unreadable or malformed input), or, for a hostile BattleScribe
#     catalogue (gen.sh's "left"), exit 0 with the catalogue left out of its system;
#   - print on standard error a first line that names the hostile file, as FILE:LINE[:COL]:
#     error: ... (warning: ... for a catalogue left out) when the problem has a line (gen.sh
#     says which have none: a FIFO, an empty file, a file past the size limit), and nothing in
#     libxml2's words or a sanitizer's;
#   - print at most MUSTER_HOSTILE_MAX_LINES (default 50) lines of diagnostics.
# The unreadable file is skipped when running as root, whom permissions do not stop.
# One TAP line per case; then a summary line (cases, passed, slowest).
#
# Environment: MUSTER (the program), srcdir, MUSTER_CLI_WRAPPER (runs muster under another
# program, e.g. valgrind), MUSTER_HOSTILE_DIR (keep the corpus there instead of a temporary
# directory), MUSTER_HOSTILE_SKIP (skip the corpus: .ci/run's distcheck, which runs it in its
# other builds).

LC_ALL=C
export LC_ALL
: "${srcdir:=$(dirname "$0")/../..}"
SRC=$(cd "$srcdir" && pwd)
: "${MUSTER:=$PWD/src/muster}"
limit=${MUSTER_HOSTILE_TIMEOUT:-10}
max_lines=${MUSTER_HOSTILE_MAX_LINES:-50}
if [ -n "${MUSTER_HOSTILE_SKIP-}" ]; then
	echo "1..0 # SKIP MUSTER_HOSTILE_SKIP is set (CI runs the corpus in its other builds)"
	exit 0
fi
if ! command -v timeout >/dev/null 2>&1; then
	echo "1..0 # SKIP no timeout(1) to bound each case"
	exit 0
fi
if [ -n "${MUSTER_HOSTILE_DIR-}" ]; then
	out=$MUSTER_HOSTILE_DIR
	rm -rf "$out"
else
	out=$(mktemp -d "${TMPDIR:-/tmp}/muster-hostile.XXXXXX") || exit 99
	trap 'chmod -R u+rwx "$out" 2>/dev/null; rm -rf "$out"' EXIT
fi
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
sh "$SRC/tests/hostile/gen.sh" "$SRC" "$out" 2>/dev/null || { echo "Bail out! gen.sh failed"; exit 99; }
total=$(wc -l <"$out/cases")
echo "1..$total"
# Only the test's own data: no shipped system beyond what MUSTER_DATA_PATH gives.
i=0
failed=0
slowest=0
slowest_case=
root=no
[ "$(id -u)" -eq 0 ] && root=yes
while read -r line file args; do
	i=$((i + 1))
	if [ "$file" = unreadable.xml ] && [ "$root" = yes ]; then
		echo "ok $i - $file # SKIP running as root: permissions do not stop root"
		continue
	fi
	# shellcheck disable=SC2086
	set -- $(printf '%s\n' "$args" | sed "s#@OUT@#$out#g")
	start=$(date +%s%N)
	timeout "$limit" ${MUSTER_CLI_WRAPPER-} "$MUSTER" "$@" >"$out/.stdout" 2>"$out/.stderr" </dev/null
	rc=$?
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	if [ "$ms" -gt "$slowest" ]; then
		slowest=$ms
		slowest_case=$file
	fi
	want=2 sev=error
	if [ "$line" = left ]; then
		want=0 sev=warning
	fi
	first=$(head -n 1 "$out/.stderr")
	lines=$(wc -l <"$out/.stderr")
	path=$out/$file
	why=
	if [ "$rc" -eq 124 ]; then
		why="did not finish within $limit s"
	elif [ "$rc" -ne "$want" ]; then
		why="exit status $rc, not $want"
	elif [ -z "$first" ]; then
		why="no message"
	elif [ "$lines" -gt "$max_lines" ]; then
		why="$lines lines of messages"
	elif grep -q -i 'XML_PARSE\|libxml\|xmlParse\|Sanitizer\|runtime error\|use XML' "$out/.stderr"; then
		why="a message in a library's words"
	else
		case $line in
		yes | left) pat="^$path:[0-9][0-9]*\(:[0-9][0-9]*\)*: $sev: ." ;;
		*) pat="^$path\(:[0-9][0-9]*\)*: $sev: ." ;;
		esac
		if ! printf '%s\n' "$first" | grep -q "$pat"; then
			why="the first message does not name the file$( [ "$line" != no ] && echo ' and a line')"
		fi
	fi
	if [ -z "$why" ]; then
		echo "ok $i - $file (${ms} ms)"
	else
		failed=$((failed + 1))
		echo "not ok $i - $file: $why"
		echo "# muster $*"
		sed 's/^/# stderr: /' "$out/.stderr" | head -n 5
		sed 's/^/# stdout: /' "$out/.stdout" | head -n 3
	fi
done <"$out/cases"
echo "# hostile corpus: $total cases, $((total - failed)) refused cleanly (exit 2, or a catalogue left out), slowest $slowest ms ($slowest_case)"
[ "$failed" -eq 0 ]
