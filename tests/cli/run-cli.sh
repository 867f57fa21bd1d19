#!/bin/sh
# run-cli.sh - command-line golden tests of muster, printed as TAP
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Cases are data, one directory each under tests/cli/cases/ (the jq tests/ style):
#
#   cmd        the arguments of muster, one line of shell words; @SRC@ stands for the source
#              directory and @TMP@ for an empty temporary directory of this case.  Keep @SRC@
#              and @TMP@ outside single quotes (they become "$SRC" and "$TMP").
#   stdin      optional: the tool's standard input (otherwise /dev/null)
#   setup      optional: sh script run first, in @TMP@, with @TMP@ as $1; it generates inputs
#              too large or too odd to commit (50 MB files, binary junk, directories)
#   stdout     expected standard output, byte for byte
#   stdout.re  instead of stdout: one extended regex per expected line (for --version)
#   stderr     expected standard error, byte for byte
#   status     expected exit status
#   forbid     optional: fixed strings, one a line, that must appear in neither stream
#   bug        optional: the golden is hand-written and shows what SHOULD be printed; the file
#              says what the program does instead.  MUSTER_REGEN never overwrites such a case.
#
# The tool runs with the case directory as its working directory (so a case's own input is
# named by its bare file name) and LC_ALL=C.  Before comparing, the absolute source directory,
# each element of MUSTER_DATA_PATH and the case's temporary directory are replaced in both
# streams by @SRC@ and @TMP@, so goldens do not depend on where the tree was built.
#
# Environment: MUSTER (the program; default src/muster), srcdir (the source directory, may be
# relative; default: two levels above this script), MUSTER_DATA_PATH (default: the source
# directory).  MUSTER_REGEN=1 rewrites the goldens of the cases run from what the tool prints
# now; review every changed file with `git diff` before committing it.  MUSTER_CLI_WRAPPER
# runs the tool under another program, e.g.
#   MUSTER_CLI_WRAPPER='valgrind -q --error-exitcode=99 --log-file=/tmp/vg.%p' sh run-cli.sh
# MUSTER_CLI_TIMEOUT (seconds, default 120) stops a hung case when timeout(1) exists.
# MUSTER_CLI_JOBS (default 1) runs that many cases at once (CI's valgrind pass uses 2).
# The tool runs with MUSTER_TEST_RUN=cli-NAME in its environment, a name for the wrapper's logs
# (valgrind --log-file=DIR/%q{MUSTER_TEST_RUN}: process ids are reused, and soon).
#
# Usage: run-cli.sh [CASE...]    (no argument: every case)

LC_ALL=C
export LC_ALL

here=$(dirname "$0")
: "${srcdir:=$here/../..}"
SRC=$(cd "$srcdir" && pwd) || { echo "Bail out! no source directory '$srcdir'"; exit 99; }
SRC_PHYS=$(cd "$srcdir" && pwd -P)
cases=$SRC/tests/cli/cases
test -d "$cases" || { echo "Bail out! no directory $cases"; exit 99; }

: "${MUSTER:=$PWD/src/muster}"
case $MUSTER in
/*) ;;
*) MUSTER=$PWD/$MUSTER ;;
esac
test -x "$MUSTER" || { echo "Bail out! no program $MUSTER (set MUSTER)"; exit 99; }
: "${MUSTER_DATA_PATH:=$SRC}"
export MUSTER_DATA_PATH

timeout_cmd=
if command -v timeout >/dev/null 2>&1; then
	timeout_cmd="timeout ${MUSTER_CLI_TIMEOUT:-120}"
fi

tmproot=$(mktemp -d "${TMPDIR:-/tmp}/muster-cli.XXXXXX") || { echo "Bail out! mktemp"; exit 99; }
trap 'rm -rf "$tmproot"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# normalize FILE TMP: prints FILE with the build-dependent paths replaced by @SRC@ and @TMP@,
# keeping a missing final newline missing (the sentinel line tells awk where the input ends).
normalize() {
	{ cat "$1"; printf '@@END-OF-FILE@@'; } | awk -v tmp="$2" -v src="$SRC" \
		-v phys="$SRC_PHYS" -v data="$MUSTER_DATA_PATH" '
	function rep(s, from, to,    out, i) {
		if (from == "")
			return s
		out = ""
		while ((i = index(s, from)) > 0) {
			out = out substr(s, 1, i - 1) to
			s = substr(s, i + length(from))
		}
		return out s
	}
	# A path as Markdown exports write it, a backslash before each of \ ` * _ [ ] < > & | ~ ! :
	# (src/export/export-text.c), so that a build directory such as ".../_build" still matches.
	function md(s,    out, i, c) {
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (index("\\`*_[]<>&|~!:", c))
				out = out "\\"
			out = out c
		}
		return out
	}
	function fix(s,    k) {
		s = rep(s, md(tmp), "@TMP@")
		s = rep(s, tmp, "@TMP@")
		for (k = 1; k <= nd; k++) {
			s = rep(s, md(dirs[k]), "@SRC@")
			s = rep(s, dirs[k], "@SRC@")
		}
		return s
	}
	BEGIN {
		# Longest first, so that a directory inside another is replaced whole.
		nd = split(data, d0, ":")
		d0[++nd] = src
		d0[++nd] = phys
		m = 0
		for (k = 1; k <= nd; k++) {
			sub(/\/+$/, "", d0[k])
			if (d0[k] ~ /^\/./)  # absolute and not "/": never replace "."
				dirs[++m] = d0[k]
		}
		nd = m
		for (a = 1; a <= nd; a++)
			for (b = a + 1; b <= nd; b++)
				if (length(dirs[b]) > length(dirs[a])) {
					t = dirs[a]; dirs[a] = dirs[b]; dirs[b] = t
				}
	}
	NR > 1 { print fix(prev) }
	{ prev = $0 }
	END {
		sub(/@@END-OF-FILE@@$/, "", prev)
		printf "%s", fix(prev)
	}'
}

# diag FILE: prints FILE as TAP diagnostics.
diag() {
	sed 's/^/# /' "$1"
}

# match_re REGEXFILE FILE: every line of FILE matches the ERE on the same line of REGEXFILE,
# and both have as many lines.
match_re() {
	awk 'NR == FNR { re[++n] = $0; next }
	     { m++; if (m > n || $0 !~ ("^(" re[m] ")$")) bad = 1 }
	     END { exit (bad || m != n) }' "$1" "$2"
}

if test $# -gt 0; then
	names="$*"
else
	names=$(cd "$cases" && for d in *; do test -f "$d/cmd" && echo "$d"; done)
fi

jobs=${MUSTER_CLI_JOBS:-1}
case $jobs in ''|*[!0-9]*|0) echo "Bail out! MUSTER_CLI_JOBS is not a positive number"; exit 99 ;; esac
n=0
for name in $names; do n=$((n + 1)); done
echo "1..$n"

# run_case K NAME: runs case NAME, the K-th, and prints its TAP line and diagnostics.
run_case() {
	k=$1
	name=$2
	dir=$cases/$name
	tmp=$tmproot/$name
	mkdir -p "$tmp/.out"
	out=$tmp/.out
	problems=

	if ! test -f "$dir/cmd"; then
		echo "not ok $k - $name # no file $dir/cmd"
		return
	fi
	if test -f "$dir/setup" && ! (cd "$tmp" && sh "$dir/setup" "$tmp") >"$out/setup" 2>&1; then
		echo "not ok $k - $name # setup failed"
		diag "$out/setup"
		return
	fi

	# The arguments: @SRC@ and @TMP@ become quoted references, so that a directory with
	# spaces stays one word.
	line=$(sed -n '1p' "$dir/cmd")
	line=$(printf '%s\n' "$line" | sed 's/@SRC@/"$SRC"/g; s/@TMP@/"$TMP"/g')
	TMP=$tmp
	eval "set -- $line"
	input=/dev/null
	test -f "$dir/stdin" && input=$dir/stdin

	# No pipe: the exit status is the tool's own.
	status=0
	(cd "$dir" && MUSTER_TEST_RUN=cli-$name && export MUSTER_TEST_RUN &&
		exec $timeout_cmd $MUSTER_CLI_WRAPPER "$MUSTER" "$@") \
		<"$input" >"$out/stdout.raw" 2>"$out/stderr.raw" || status=$?
	normalize "$out/stdout.raw" "$tmp" >"$out/stdout"
	normalize "$out/stderr.raw" "$tmp" >"$out/stderr"
	echo "$status" >"$out/status"

	if test -n "$MUSTER_REGEN" && ! test -f "$dir/bug"; then
		if test -f "$dir/stdout.re"; then
			match_re "$dir/stdout.re" "$out/stdout" || problems="$problems stdout.re"
		else
			cp "$out/stdout" "$dir/stdout"
		fi
		cp "$out/stderr" "$dir/stderr"
		cp "$out/status" "$dir/status"
		if test -n "$problems"; then
			echo "not ok $k - $name # regenerated, but stdout does not match stdout.re"
			else
			echo "ok $k - $name # regenerated: review it"
		fi
		return
	fi

	if test "$status" = 124 && test -n "$timeout_cmd"; then
		problems="$problems timeout"
	fi
	if test -f "$dir/stdout.re"; then
		match_re "$dir/stdout.re" "$out/stdout" || problems="$problems stdout"
	elif ! cmp -s "$dir/stdout" "$out/stdout"; then
		problems="$problems stdout"
	fi
	cmp -s "$dir/stderr" "$out/stderr" || problems="$problems stderr"
	want_status=$(cat "$dir/status" 2>/dev/null)
	test "$want_status" = "$status" || problems="$problems status"
	if test -f "$dir/forbid"; then
		while IFS= read -r s; do
			test -n "$s" || continue
			if grep -F -e "$s" "$out/stdout.raw" "$out/stderr.raw" >/dev/null; then
				problems="$problems forbidden-text"
				break
			fi
		done <"$dir/forbid"
	fi

	if test -z "$problems"; then
		if test -f "$dir/bug"; then
			echo "ok $k - $name"
			echo "# $name passes now: delete $dir/bug"
		else
			echo "ok $k - $name"
		fi
		return
	fi
	echo "not ok $k - $name # wrong:$problems"
	echo "# muster $(sed -n '1p' "$dir/cmd")"
	if test -f "$dir/bug"; then
		echo "# known bug:"
		diag "$dir/bug"
	fi
	for s in stdout stderr; do
		case $problems in
		*" $s"*)
			if test -f "$dir/$s.re"; then
				echo "# $s does not match $s.re:"
				diag "$dir/$s.re"
				echo "# got:"
				diag "$out/$s"
			else
				echo "# $s (- expected, + got):"
				diff -u "$dir/$s" "$out/$s" >"$out/$s.diff"
				sed '1,2d; s/^/# /' "$out/$s.diff"
			fi
			;;
		esac
	done
	case $problems in
	*" status"*) echo "# exit status: expected $want_status, got $status" ;;
	esac
	case $problems in
	*timeout*) echo "# stopped after ${MUSTER_CLI_TIMEOUT:-120} s" ;;
	esac
	case $problems in
	*forbidden*) echo "# the output holds text listed in $dir/forbid" ;;
	esac
}

# MUSTER_CLI_JOBS (default 1) runs the cases in that many shards at once (case K in shard
# K modulo the jobs), each case's TAP output kept in its temporary directory and printed in
# order at the end: `make check` stays sequential, CI's valgrind pass uses both cores.
if test "$jobs" -eq 1; then
	k=0
	for name in $names; do
		k=$((k + 1))
		run_case "$k" "$name"
	done | tee "$tmproot/.tap"
else
	shard=0
	while test "$shard" -lt "$jobs"; do
		(
			k=0
			for name in $names; do
				k=$((k + 1))
				test $((k % jobs)) -eq "$shard" || continue
				mkdir -p "$tmproot/$name/.out"
				run_case "$k" "$name" >"$tmproot/$name/.out/tap"
			done
		) &
		shard=$((shard + 1))
	done
	wait
	for name in $names; do
		cat "$tmproot/$name/.out/tap"
	done | tee "$tmproot/.tap"
fi
failed=$(grep -c '^not ok' "$tmproot/.tap")

test "$failed" -eq 0 || echo "# $failed of $n cases failed"
exit 0
