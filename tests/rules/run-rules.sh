#!/bin/sh
# run-rules.sh - rule tests: every tests/rules/**/*.xml roster is one case, checked by
# `muster validate` and reported as TAP.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# A case states what it expects in comments near its top:
#   <!-- expect: legal -->               exit 0 and no error
#   <!-- expect: DH-6 DH-6 -->           exit 1 and exactly these rule refs as errors (any order)
#   <!-- expect-warnings: DH-13 -->      exactly these refs as warnings (none when absent)
#   <!-- data-dir: tests/data/toy -->    run with --data-dir SRCDIR/tests/data/toy
# Environment (set by `make check`): MUSTER (the program), MUSTER_DATA_PATH, srcdir.

LC_ALL=C
export LC_ALL

srcdir=${srcdir:-.}
MUSTER=${MUSTER:-./src/muster}

if [ ! -x "$MUSTER" ]; then
	echo "1..0 # SKIP muster program not found at '$MUSTER'"
	exit 0
fi

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/muster-rules.XXXXXX") || {
	echo "Bail out! cannot create a temporary directory"
	exit 1
}
trap 'rm -rf "$tmpdir"' EXIT HUP INT TERM

# The cases, as paths relative to srcdir, in a stable order.
(cd "$srcdir" && find tests/rules -type f -name '*.xml' | sort) >"$tmpdir/cases" || {
	echo "Bail out! cannot list the cases under $srcdir/tests/rules"
	exit 1
}
total=$(wc -l <"$tmpdir/cases" | tr -d ' ')
if [ "$total" -eq 0 ]; then
	echo "1..0 # SKIP no rule cases found under $srcdir/tests/rules"
	exit 0
fi
echo "1..$total"

# header FILE KEY: the value of the first <!-- KEY: VALUE --> comment in the first 20 lines.
header() {
	sed -n '1,20p' "$1" |
		sed -n "s/^[[:space:]]*<!--[[:space:]]*$2:[[:space:]]*\\(.*[^[:space:]]\\)[[:space:]]*-->[[:space:]]*\$/\\1/p" |
		sed -n '1p'
}

# sorted WORDS...: one word a line, sorted, joined by spaces (the canonical multiset).
sorted() {
	printf '%s\n' "$@" | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//'
}

# refs SEVERITY FILE: the rule refs of the SEVERITY diagnostics in FILE. A diagnostic with no
# rule ref in front of its message counts as "(no-ref)", so it can never match an expectation.
refs() {
	sed -n "s/^.*:[0-9][0-9]*:\\([0-9][0-9]*:\\)\\{0,1\\} $1: //p" "$2" |
		sed -e 's/^\([A-Za-z][A-Za-z0-9_.-]*\): .*/\1/' -e t -e 's/.*/(no-ref)/'
}

k=0
failed=0
while IFS= read -r case; do
	k=$((k + 1))
	file="$srcdir/$case"
	expect=$(header "$file" expect)
	expect_w=$(header "$file" expect-warnings)
	data_dir=$(header "$file" data-dir)
	diag=""

	if [ -z "$expect" ]; then
		echo "not ok $k - $case"
		echo "# no <!-- expect: ... --> line in the first 20 lines"
		failed=$((failed + 1))
		continue
	fi

	if [ -n "$data_dir" ]; then
		"$MUSTER" validate --data-dir "$srcdir/$data_dir" "$file" >"$tmpdir/out" 2>"$tmpdir/err"
	else
		"$MUSTER" validate "$file" >"$tmpdir/out" 2>"$tmpdir/err"
	fi
	rc=$?
	cat "$tmpdir/out" "$tmpdir/err" >"$tmpdir/all"

	if [ "$expect" = legal ]; then
		want_rc=0
		want_e=""
	else
		want_rc=1
		# shellcheck disable=SC2086 # the expectation is a list of words
		want_e=$(sorted $expect)
	fi
	# shellcheck disable=SC2086
	want_w=$(sorted $expect_w)
	# shellcheck disable=SC2046
	got_e=$(sorted $(refs error "$tmpdir/all"))
	# shellcheck disable=SC2046
	got_w=$(sorted $(refs warning "$tmpdir/all"))

	if [ "$rc" -ne "$want_rc" ]; then
		diag="${diag}exit code: expected $want_rc, got $rc
"
	fi
	if [ "$got_e" != "$want_e" ]; then
		diag="${diag}errors: expected [${want_e}], got [${got_e}]
"
	fi
	if [ "$got_w" != "$want_w" ]; then
		diag="${diag}warnings: expected [${want_w}], got [${got_w}]
"
	fi

	if [ -z "$diag" ]; then
		echo "ok $k - $case"
	else
		echo "not ok $k - $case"
		printf '%s' "$diag" | sed 's/^/# /'
		if [ -n "$data_dir" ]; then
			echo "# command: $MUSTER validate --data-dir $srcdir/$data_dir $file"
		else
			echo "# command: $MUSTER validate $file"
		fi
		sed 's/^/#   /' "$tmpdir/all"
		failed=$((failed + 1))
	fi
done <"$tmpdir/cases"

[ "$failed" -eq 0 ]
