#!/bin/sh
# Run one criterion test program for automake's TAP driver (LOG_COMPILER).
#
# TAP goes to stdout; everything the program and its test workers write on
# stdout or stderr (assertion details, sanitizer reports, debug prints) goes
# to stderr, i.e. into the test's .log.  We do not use
# CRITERION_OUTPUTS=tap:- because criterion 2.4 then sends the workers'
# stdout and stderr to /dev/null, so an ASan/UBSan report would vanish.
#
# Criterion ignores how a worker exits once its test has passed, so a
# LeakSanitizer report from a worker would not fail anything: when the
# output holds a sanitizer report we emit "Bail out!", which the TAP driver
# counts as an error.
test $# -ge 1 || { echo "usage: $0 TEST-PROGRAM [ARG]..." >&2; exit 99; }
unset CRITERION_OUTPUTS
out=$(mktemp "${TMPDIR:-/tmp}/muster-unit.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
trap 'exit 129' HUP; trap 'exit 130' INT; trap 'exit 143' TERM
status=0
"$@" --tap=/dev/fd/3 3>&1 >"$out" 2>&1 || status=$?
cat "$out" >&2
if grep -E '^(==[0-9]+==ERROR: [A-Za-z]+Sanitizer|SUMMARY: [A-Za-z]+Sanitizer|.*: runtime error: )' "$out" >/dev/null; then
	echo "Bail out! sanitizer report in $1's output (see the .log)"
fi
exit $status
