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

srcdir=${srcdir:-.}
. "$srcdir/tests/tap.sh"
MUSTER=${MUSTER:-./src/muster}

[ -x "$MUSTER" ] || skip_all "muster program not found at '$MUSTER'"

temp_dir rules
tmpdir=$tmp

# The cases, as paths relative to srcdir, in a stable order.
(cd "$srcdir" && find tests/rules -type f -name '*.xml' | sort) >"$tmpdir/cases" || {
	echo "Bail out! cannot list the cases under $srcdir/tests/rules"
	exit 1
}
total=$(wc -l <"$tmpdir/cases" | tr -d ' ')
[ "$total" -gt 0 ] || skip_all "no rule cases found under $srcdir/tests/rules"
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

while IFS= read -r case; do
	file="$srcdir/$case"
	expect=$(header "$file" expect)
	expect_w=$(header "$file" expect-warnings)
	data_dir=$(header "$file" data-dir)
	diag=""

	if [ -z "$expect" ]; then
		not_ok "$case"
		echo "# no <!-- expect: ... --> line in the first 20 lines"
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
		ok "$case"
	else
		not_ok "$case"
		printf '%s' "$diag" | sed 's/^/# /'
		if [ -n "$data_dir" ]; then
			echo "# command: $MUSTER validate --data-dir $srcdir/$data_dir $file"
		else
			echo "# command: $MUSTER validate $file"
		fi
		sed 's/^/#   /' "$tmpdir/all"
	fi
done <"$tmpdir/cases"

[ "$fails" -eq 0 ]
