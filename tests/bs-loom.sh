#!/bin/sh
# BattleScribe's cost modifiers on options (issue 21), on the Loom fixtures (tests/data/bs-loom):
# each selection of an option costs what its own modifiers (set, increment, decrement, with
# conditions and repeats, on the entry or on the link to it) make of its cost, decided on that
# selection, times its number; its unit's total and the roster's change with it, and a root
# entry's modifier that counts an option's cost sees the changed cost. Read in the cost sheet,
# the BattleScribe roster written back, the cost limit and the catalogue's tally of what is
# not enforced; and in the builder, a Bobbin added to one Weaver changes that Weaver's Spindle
# only. Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsloom
d=$top/tests/data/bs-loom
data="--data-dir=$d"
cd "$tmp" || exit 1

step "cost sheet of two Weavers" 0 '"total","Workshop","","","","","","92"' \
	export --format=csv $data "$d/workshop.ros"
says "increment: 2 Shuttles at 5 + 3" '"Shuttle x2","2","","16"'
says "increment on an option's option: a Heddle at 1 + 2" '"Heddle","1","","3"'
says "set, its condition holding on this Weaver: a Spindle at 1" '"Spindle","1","","1"'
says "set, its condition failing on the other Weaver: a Spindle at 4" '"Spindle","1","","4"'
says "repeat: a Reel at 2 + 1 for 2 Bobbins" '"Reel","1","","3"'
says "repeat counting none: a Reel at 2" '"Reel","1","","2"'
says "decrement on the link: a Treadle at 6 - 2" '"Treadle","1","","4"'
says "the root's repeat sees 16 yarn of Shuttles: 5 more" '"changed by modifiers","","","5"'
says "the first Weaver's total" '"subtotal","Workshop","Weaver","lm-se-weaver","","","","58"'
says "the second Weaver's total" '"subtotal","Workshop","Weaver","lm-se-weaver","","","","34"'

step "the roster written back" 0 '<cost name="yarn" typeId="lm-ct-yarn" value="92.0"/>' \
	export --format=ros $data "$d/workshop.ros"
says "each selection's cost: the 2 Shuttles" '<cost name="yarn" typeId="lm-ct-yarn" value="16.0"/>'
says "the first Weaver's own line: 20 and its modifier's 5" '<cost name="yarn" typeId="lm-ct-yarn" value="25.0"/>'

f=workshop.ros
cp "$d/workshop.ros" "$f"
run_muster "a limit of 90 yarn: 2 over" 0 "Workshop: 92 of 90 yarn, 2 over" set $data "$f" --limit=90
run_muster "92 yarn is over 90" 1 "error: the roster costs 92 yarn, over the yarn limit of 90" \
	validate $data "$f"
run_muster "builder: a Bobbin for the second Weaver, 92 still" 0 "Workshop: 92 of 90 yarn" add $data "$f" Bobbin --under=lm-s-w2
step "builder: its Spindle now costs 1, the first Weaver's still 1" 0 "" \
	export --format=csv $data "$f"
n=$(grep -cF '"Spindle","1","","1"' "$tmp/step.out")
if [ "$n" = 2 ]; then
	ok "builder: both Spindles at 1"
else
	tap_fail "builder: both Spindles at 1" "$n Spindles at 1" "$tmp/step.out"
fi
says "builder: the second Weaver's total, 34 - 4 + 1 + 3" \
	'"subtotal","Workshop","Weaver","lm-se-weaver","","","","34"'

run_muster "every modifier of the catalogue enforced" 0 \
	"0 constraints and 0 modifiers are not enforced yet" catalog $data lm-sys
tap_done
