#!/bin/sh
# The corpus of pasted lists (issue 22): each tests/pasted/NAME.txt, imported with the
# options of NAME.args, gives the roster NAME.out, the messages NAME.err and the exit status
# NAME.status. MUSTER_REGEN=1 writes them anew. Prints TAP. Needs MUSTER, MUSTER_DATA_PATH
# and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir import-corpus
dir=$top/tests/pasted
n=0
for f in "$dir"/*.txt; do
	b=${f%.txt}
	name=${b##*/}
	n=$((n + 1))
	(cd "$dir" && LC_ALL=C LANGUAGE= "$MUSTER" import $(cat "$name.args") "$name.txt" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/status")
	sed "s|$dir/||" "$tmp/err" >"$tmp/err2"
	if [ -n "${MUSTER_REGEN:-}" ]; then
		cp "$tmp/out" "$b.out"; cp "$tmp/err2" "$b.err"; cp "$tmp/status" "$b.status"
	fi
	if cmp -s "$tmp/out" "$b.out" && cmp -s "$tmp/err2" "$b.err" && cmp -s "$tmp/status" "$b.status"; then
		ok "pasted: $name"
	else
		not_ok "pasted: $name"
		diff "$b.err" "$tmp/err2" | sed 's/^/#   /' | head -5
		diff "$b.out" "$tmp/out" | sed 's/^/#   /' | head -5
	fi
done
if [ "$n" -ge 40 ]; then ok "$n pasted lists"; else not_ok "only $n pasted lists"; fi
tap_done
