# tap.sh - the shared library of the shell tests: TAP output, a temporary directory, running
# a command and checking what it did. Every tests/*.sh script and the runners under tests/cli,
# tests/rules, tests/hostile and tests/fault source it:
#     . "${srcdir:-.}/tests/tap.sh"
# It is POSIX sh (the scripts run under `sh`, dash on Debian: no bashisms), keeps to `set -u`,
# and its functions use only variables named tap_* besides those below.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Sourcing it sets
#   LC_ALL=C, exported       the messages the tests compare are the C locale's
#   top                      the source directory (srcdir, default .), as an absolute path
#   k=0, fails=0             the tests counted so far, and the failures among them
#
# Counting and printing
#   ok NAME                  a test passed: "ok K - NAME"
#   not_ok NAME [FILE]...    a test failed; each FILE is shown as TAP comments (its first 40
#                            lines); with no FILE, tap_show runs, which a script may define to
#                            show what its failures need (its last command's output, a screen)
#   result NAME WHY [FILE]...  ok NAME when WHY is empty, else "not ok K - NAME: WHY" and the
#                            FILEs as comments
#   ok_if NAME CMD...        ok NAME when CMD succeeds, else not_ok NAME
#   skip [NAME] WHY          a test skipped: "ok K - NAME # SKIP WHY" (no NAME: "ok K # SKIP WHY")
#   tap_done                 the plan, "1..K", and a status that fails when a test failed: the
#                            last line of a script that counts its tests as it goes
#   skip_all WHY [STATUS]    the whole script is skipped: "1..0 # SKIP WHY", exit STATUS (0)
#   need TOOL [WHY]          skip_all WHY (default: "no TOOL") unless TOOL is on the PATH
#
# A temporary directory
#   temp_dir NAME            tmp: a new directory TMPDIR/muster-NAME.XXXXXX; out and err name
#                            $tmp/out and $tmp/err. At exit (a signal too) tap_cleanup runs,
#                            which a script may define (unmount, stop a server), then the
#                            directory is removed, read-only parts included.
#
# Running and checking (CMD is a command and its words: "$MUSTER" validate "$f")
#   muster ARGS...           runs "$MUSTER" ARGS
#   expect NAME STATUS TEXT CMD...  CMD exits STATUS and writes TEXT (a fixed string; empty:
#                            anything) on its output or its error, kept in $out and $err; its
#                            status is left in st
#   run_muster NAME STATUS TEXT ARGS...  expect NAME STATUS TEXT "$MUSTER" ARGS...
#   step NAME STATUS TEXT ARGS...  run_muster NAME STATUS TEXT ARGS..., its output also kept
#                            in $tmp/step.out, which later commands do not overwrite
#   says NAME TEXT           the last step's output holds TEXT
#   has NAME FILE TEXT       FILE holds TEXT (a fixed string)
#   hasnt NAME FILE TEXT     FILE does not hold TEXT
#   same NAME WANT GOT       the files WANT and GOT are the same bytes; if not, their diff shows
#   snapshot FILE            keeps a copy of FILE (in $tmp) for unchanged
#   unchanged NAME FILE      FILE is byte for byte what snapshot copied last
#   expect_kept NAME STATUS TEXT FILE CMD...  expect NAME STATUS TEXT CMD..., and FILE is
#                            unchanged: a second test, "NAME: the file is unchanged"
LC_ALL=C
export LC_ALL
top=$(cd "${srcdir:-.}" && pwd) || {
	echo "Bail out! no source directory '${srcdir:-.}'"
	exit 99
}
k=0
fails=0

ok() {
	k=$((k + 1))
	echo "ok $k - $1"
}
not_ok() {
	k=$((k + 1))
	fails=$((fails + 1))
	echo "not ok $k - $1"
	shift
	if [ $# -eq 0 ]; then
		tap_show
		return 0
	fi
	tap_files "$@"
}
tap_show() {
	:
}
# tap_files FILE...: each FILE's first 40 lines as TAP comments.
tap_files() {
	for tap_file in "$@"; do
		[ -f "$tap_file" ] && sed 's/^/# /' "$tap_file" | head -40
	done
	return 0
}
result() {
	if [ -z "$2" ]; then
		ok "$1"
		return 0
	fi
	k=$((k + 1))
	fails=$((fails + 1))
	echo "not ok $k - $1: $2"
	shift 2
	tap_files "$@"
}
ok_if() {
	tap_name=$1
	shift
	if "$@"; then ok "$tap_name"; else not_ok "$tap_name"; fi
}
skip() {
	k=$((k + 1))
	if [ $# -ge 2 ]; then
		echo "ok $k - $1 # SKIP $2"
	else
		echo "ok $k # SKIP $1"
	fi
}
tap_done() {
	echo "1..$k"
	[ "$fails" -eq 0 ]
}
skip_all() {
	echo "1..0 # SKIP $1"
	exit "${2:-0}"
}
need() {
	command -v "$1" >/dev/null 2>&1 || skip_all "${2:-no $1}"
}

temp_dir() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-$1.XXXXXX") || {
		echo "Bail out! cannot make a temporary directory"
		exit 99
	}
	out=$tmp/out
	err=$tmp/err
	trap 'tap_cleanup; chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
}
tap_cleanup() {
	:
}

muster() {
	"$MUSTER" "$@"
}
expect() {
	tap_name=$1 tap_want=$2 tap_text=$3
	shift 3
	"$@" >"$out" 2>"$err"
	st=$?
	if [ "$st" -ne "$tap_want" ]; then
		echo "exit $st, expected $tap_want" >>"$err"
		not_ok "$tap_name" "$out" "$err"
	elif [ -n "$tap_text" ] && ! grep -qF -- "$tap_text" "$out" "$err"; then
		echo "expected: $tap_text" >>"$err"
		not_ok "$tap_name" "$out" "$err"
	else
		ok "$tap_name"
	fi
}
run_muster() {
	tap_name=$1 tap_want=$2 tap_text=$3
	shift 3
	expect "$tap_name" "$tap_want" "$tap_text" "$MUSTER" "$@"
}
step() {
	run_muster "$@"
	cp "$out" "$tmp/step.out"
}
says() {
	has "$1" "$tmp/step.out" "$2"
}
# tap_fail NAME WHY [FILE]...: "not ok K - NAME", then WHY and the FILEs as comments.
tap_fail() {
	k=$((k + 1))
	fails=$((fails + 1))
	echo "not ok $k - $1"
	echo "# $2"
	shift 2
	tap_files "$@"
}
has() {
	if grep -qF -- "$3" "$2"; then
		ok "$1"
	else
		tap_fail "$1" "expected in $2: $3" "$2"
	fi
}
hasnt() {
	if grep -qF -- "$3" "$2"; then
		tap_fail "$1" "not expected in $2: $3" "$2"
	else
		ok "$1"
	fi
}
same() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		diff -u "$2" "$3" >"$tmp/.diff" 2>&1
		not_ok "$1" "$tmp/.diff"
	fi
}
snapshot() {
	cp "$1" "$tmp/.snapshot"
}
unchanged() {
	if cmp -s "$2" "$tmp/.snapshot"; then ok "$1"; else tap_fail "$1" "$2 changed"; fi
}
expect_kept() {
	tap_kept_name=$1 tap_kept_file=$4
	snapshot "$4"
	tap_want=$2 tap_text=$3
	shift 4
	expect "$tap_kept_name" "$tap_want" "$tap_text" "$@"
	unchanged "$tap_kept_name: the file is unchanged" "$tap_kept_file"
}
