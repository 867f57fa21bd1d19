#!/bin/sh
# BattleScribe rosters (issue 21): `muster validate` reads a .ros and a .rosz of the Harbour
# Rats fixtures (tests/data/bs-harbour), reports an option past its max, a roster past its cost
# limit, an unknown entry id, a 1.x roster and one whose version is no number at FILE:LINE;
# `export --format=ros` writes a roster that reads back to the same `show` and fingerprint, and
# the same bytes when written again. Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsros
d=$top/tests/data/bs-harbour
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "validate: a legal roster" 0 "gang-legal.ros: legal" validate -v $data "$d/gang-legal.ros"
run_muster "validate: a child force" 0 "gang-shore.ros: legal" validate -v $data "$d/gang-shore.ros"
run_muster "validate: four nets on one of three Deckhands (at most 1 per Deckhand)" 1 \
	"gang-net-max.ros:31:13: error: hbr-con-net: Deck Crew takes option 'Throwing Net' 4 times; the catalog allows at most 1 for each 'Deckhand', 1 here" \
	validate $data "$d/gang-net-max.ros"
run_muster "validate: past the cost limit" 1 \
	"gang-over-limit.ros:3: error: the roster costs 44 Scrip, over the Scrip limit of 40" \
	validate $data "$d/gang-over-limit.ros"
run_muster "validate: an unknown entry id, with a did-you-mean" 2 \
	"gang-unknown-entry.ros:13:9: error: selection 'Bosun': unknown entry 'hbr-se-bosn' in system 'hbr-sys-7a1'; did you mean 'hbr-se-bosun'?" \
	validate $data "$d/gang-unknown-entry.ros"
run_muster "validate: a 1.x roster is refused" 2 \
	"gang-old.ros:3:1: error: a BattleScribe 1.x file" validate $data "$d/gang-old.ros"
sed 's/battleScribeVersion="1.15"/battleScribeVersion="v2"/' "$d/gang-old.ros" >gang-nover.ros
run_muster "validate: a roster whose version is no number is refused" 2 \
	"gang-nover.ros:3:1: error: battleScribeVersion=\"v2\" is no version" validate $data gang-nover.ros
run_muster "show: the child force under its parent" 0 "Child force of: Harbour Gang" \
	show $data "$d/gang-shore.ros"
# a Deckhand is instanced (its net is not collective): its selections stay apart, as written
run_muster "show: the Deckhand with a net apart from the other two" 0 "+ Deckhand x2" \
	show $data "$d/gang-legal.ros"
"$MUSTER" show $data "$d/gang-legal.ros" >deck.show 2>&1
if grep -A1 '^  + Deckhand  ' deck.show | grep -q '^    + Throwing Net'; then
	ok "show: the net under its own Deckhand"
else
	tap_fail "show: the net under its own Deckhand" "no net right under a Deckhand" deck.show
fi
for fmt in text markdown html csv; do
	run_muster "export --format=$fmt" 0 "Deck Crew" export $data --format=$fmt "$d/gang-shore.ros"
done
run_muster "export --format=ros of a Muster roster is refused" 2 "writes rosters of a BattleScribe" \
	export --data-dir="$top/tests/data/tidewatch" --format=ros \
	"$top/tests/rules/tidewatch/TW-1-two-full-squads-past-bound.xml"

for f in gang-legal gang-shore gang-net-max; do
	"$MUSTER" export $data --format=ros "$d/$f.ros" >"$f.ros" 2>"$err"
	"$MUSTER" export $data --format=ros "$f.ros" >"$f-2.ros" 2>>"$err"
	same "export ros: $f written twice is the same bytes" "$f.ros" "$f-2.ros"
	"$MUSTER" show $data "$d/$f.ros" 2>&1 | sed "s|$d/||" >"$f.show1"
	"$MUSTER" show $data "$f.ros" 2>&1 | sed 's/:[0-9][0-9]*:[0-9][0-9]*:/:L:/' >"$f.show2"
	# the export keeps the order of the file read, as BattleScribe writes a roster: the same
	# lines in the same order
	sed 's/:[0-9][0-9]*:[0-9][0-9]*:/:L:/' "$f.show1" >"$f.show1l"
	same "export ros: $f reads back to the same show" "$f.show1l" "$f.show2"
	fp1=$("$MUSTER" validate -v $data "$d/$f.ros" | sed -n 's/.*fingerprint //p')
	fp2=$("$MUSTER" validate -v $data "$f.ros" | sed -n 's/.*fingerprint //p')
	if [ -n "$fp1" ] && [ "$fp1" = "$fp2" ]; then
		ok "export ros: $f reads back to fingerprint $fp1"
	else
		tap_fail "export ros: $f reads back to the same fingerprint" "'$fp1' and '$fp2'"
	fi
done

if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
    z.write(sys.argv[1], "gang-net-max.ros")' "$d/gang-net-max.ros" "$tmp/gang.rosz"
	run_muster "validate: a zipped .rosz" 1 \
		"gang.rosz:31:13: error: hbr-con-net: Deck Crew takes option 'Throwing Net' 4 times" \
		validate $data "$tmp/gang.rosz"
else
	skip "validate: a zipped .rosz" "no python3"
fi
tap_done
