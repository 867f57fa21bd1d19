#!/bin/sh
# `validate DIR` and `tournament` print the same bytes (standard output, standard error, exit
# status) on 1 thread as on 2, 4 and 8 (issue 19): a batch of 128 rosters of a system whose
# patterns backtrack (tests/data/bad/backtrack), so that several workers really run (batch.c
# starts one per 16 files). Four rosters spend more than the regex work budget of one roster
# (each is refused, exit 2), sixteen spend a good part of it and the rest little. When the
# budget was shared by the threads, one worker's reset refilled a hostile roster's budget and
# its spending emptied another's: verdicts changed with --jobs and with timing.
# Prints TAP. Needs MUSTER and srcdir, as `make check` sets; MUSTER_JOBS_LIST (default
# "2 4 8") sets the thread counts compared with 1.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir jobs

# The hostile system, with a second entry whose name every pattern rejects at once.
data=$tmp/data
mkdir -p "$data/rules-xml" "$data/catalogs/backtrack" "$tmp/lists"
cp "$top/tests/data/bad/backtrack/rules-xml/backtrack.xml" "$data/rules-xml/" || exit 1
sed 's|^  </group>|    <entry id="scout" name="b"><cost value="1"/><stats rank="1"/></entry>\
  </group>|' "$top/tests/data/bad/backtrack/catalogs/backtrack/army.xml" \
	>"$data/catalogs/backtrack/army.xml" || exit 1
cat >"$tmp/event.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<event xmlns="urn:x-muster:event:1" version="1" name="Jobs" system="backtrack" ref="J"/>
EOF

# Roster i: 20 backtracking units (past the budget) when i % 32 == 5, one (about a
# fourteenth of it) when i % 8 == 3, else three units that match at once.
i=100
while [ $i -lt 228 ]; do
	if [ $((i % 32)) -eq 5 ]; then
		slow=20 fast=0
	elif [ $((i % 8)) -eq 3 ]; then
		slow=1 fast=1
	else
		slow=0 fast=3
	fi
	awk -v s=$slow -v f=$fast 'BEGIN {
		print "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"backtrack\">"
		print "  <list size=\"small\">"
		for (i = 0; i < s; i++) print "    <unit entry=\"soldier\" models=\"1\"/>"
		for (i = 0; i < f; i++) print "    <unit entry=\"scout\" models=\"2\"/>"
		print "  </list>"
		print "</roster>"
	}' >"$tmp/lists/r$i.xml"
	i=$((i + 1))
done

# run NAME ARGS...: muster ARGS in $tmp into NAME.out, NAME.err, NAME.status.
run() {
	n=$1
	shift
	(cd "$tmp" && "$MUSTER" --data-dir data "$@") >"$tmp/$n.out" 2>"$tmp/$n.err"
	echo $? >"$tmp/$n.status"
}
# same_run A B WHAT: A's three outputs and B's are the same bytes.
same_run() {
	for f in out err status; do
		if ! cmp -s "$tmp/$1.$f" "$tmp/$2.$f"; then
			diff -u "$tmp/$1.$f" "$tmp/$2.$f" | head -20 >"$tmp/diff"
			not_ok "$3: $f differs" "$tmp/diff"
			return 0
		fi
	done
	ok "$3"
}

for cmd in validate tournament; do
	case $cmd in
	validate) args="validate -v lists" ;;
	tournament) args="tournament event.xml lists" ;;
	esac
	# shellcheck disable=SC2086 # the words of $args are meant to split
	run "$cmd-1" $args --jobs=1
	# The batch is what it should be: refused rosters on standard error, 2 as status.
	if [ "$(cat "$tmp/$cmd-1.status")" = 2 ] &&
	   [ "$(grep -c 'took more than 20000000 steps' "$tmp/$cmd-1.err")" = 4 ]; then
		ok "$cmd --jobs=1: four rosters refused, exit 2"
	else
		not_ok "$cmd --jobs=1: four rosters refused, exit 2" "$tmp/$cmd-1.err" "$tmp/$cmd-1.status"
	fi
	for j in ${MUSTER_JOBS_LIST:-2 4 8}; do
		# shellcheck disable=SC2086
		run "$cmd-$j" $args --jobs=$j
		same_run "$cmd-1" "$cmd-$j" "$cmd --jobs=$j prints what --jobs=1 prints"
	done
done
tap_done
