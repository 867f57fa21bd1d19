#!/bin/sh
# A force's category limits in BattleScribe's shapes beyond a count in the force (issue 21),
# on the Grove fixtures (tests/data/bs-grove): a cost (an Orchard's Elders at most 100 seeds:
# 100 at it, 100.5 past it), a percentage of a cost (its Hedges at most 25% of its seeds: 25
# of 100 at it, 25.5 of 100.5 past it, taken in the tenths seeds have), a percentage of the
# selections (its Saplings at least half: 2 of 4 at it, 2 of 5 past it), the roster's scope
# (at most 2 Elders in the roster: 2 at it, 3 past it, told at each Orchard), and the link's
# own modifiers on a limit's value (3 Elders when the roster holds Mistletoe: 3 at it, 4 past
# it; Monuments a quarter of the roster's seeds by a repeat: 25 of 100 at it, 25.5 of 100.5
# past it). A unit counts for each of its categories, its primary one or not (a Rootwise
# Sapling is an Elder too). The builder makes the same list and sees the same breach. Prints
# TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsgrove
d=$top/tests/data/bs-grove
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "cost: Elders of 100 seeds, at the limit, a second category counted" 0 \
	"grove-legal.ros: legal" validate -v $data "$d/grove-legal.ros"
run_muster "cost: Elders of 100.5 seeds, past it" 1 \
	"grove-mistletoe.ros:5:5: error: gr-con-elder-seeds: Orchard has 100.5 seeds in Elder (maximum 100)" \
	validate $data "$d/grove-mistletoe.ros"
run_muster "percentage of a cost: Hedges of 25 seeds in 100, at the limit" 0 \
	"grove-hedge.ros: legal" validate -v $data "$d/grove-hedge.ros"
run_muster "percentage of a cost: Hedges of 25.5 seeds in 100.5, past it" 1 \
	"grove-thorns.ros:5:5: error: gr-con-hedge-share: Orchard has 25.5 seeds in Hedge (maximum 25% of all, 25.1)" \
	validate $data "$d/grove-thorns.ros"
run_muster "percentage of the selections: 2 Saplings of 5, under half" 1 \
	"grove-scarecrow.ros:5:5: error: gr-con-sapling-half: Orchard must have 1 more selections of Sapling (minimum 50% of all, 3)" \
	validate $data "$d/grove-scarecrow.ros"
run_muster "scope roster: 2 Elders in two Orchards, at the limit" 0 \
	"grove-two.ros: legal" validate -v $data "$d/grove-two.ros"
run_muster "scope roster: 3 Elders in two Orchards, told at the first" 1 \
	"grove-three.ros:5:5: error: gr-con-elder-roster: the roster has 3 selections of Elder (maximum 2)" \
	validate $data "$d/grove-three.ros"
run_muster "scope roster: 3 Elders in two Orchards, told at the second" 1 \
	"grove-three.ros:11:5: error: gr-con-elder-roster: the roster has 3 selections of Elder (maximum 2)" \
	validate $data "$d/grove-three.ros"
n=$("$MUSTER" validate $data "$d/grove-three.ros" 2>&1 | grep -c 'gr-con-elder-roster')
if [ "$n" = 2 ]; then
	ok "scope roster: 2 reports for 2 Orchards"
else
	tap_fail "scope roster: 2 reports for 2 Orchards" "$n reports" ""
fi
run_muster "modified by a group's set: 3 Elders with Mistletoe in the roster, at the limit" 0 \
	"grove-mistletoe-three.ros: legal" validate -v $data "$d/grove-mistletoe-three.ros"
run_muster "modified by a group's set: 4 Elders with Mistletoe in the roster, past it" 1 \
	"grove-mistletoe-four.ros:21:5: error: gr-con-elder-roster: the roster has 4 selections of Elder (maximum 3)" \
	validate $data "$d/grove-mistletoe-four.ros"
run_muster "modified by a repeat: a Stone of 25 seeds in 100, a quarter, at the limit" 0 \
	"grove-stone.ros: legal" validate -v $data "$d/grove-stone.ros"
run_muster "modified by a repeat: a Stone of 25.5 seeds in 100.5, past it" 1 \
	"grove-moss.ros:5:5: error: gr-con-monument-share: the roster has 25.5 seeds in Monument (maximum 25)" \
	validate $data "$d/grove-moss.ros"
run_muster "validate --verbose: a limit not checked yet, named under the Orchard it limits" 0 \
	"note: not checked yet: constraint 'gr-con-hedge-self' of 'gr-fe-orchard' (scope)" \
	validate --verbose $data "$d/grove-legal.ros"
run_muster "catalog: the modifiers on limits are read, four shapes of them are not" 0 \
	"5 constraints and 5 modifiers are not enforced yet (1 condition, 1 repeat)." catalog $data gr-sys
run_muster "catalog: eight limits are rules, scope self and four modified are not" 0 \
	"8 constraints are enforced as rules; not enforced: scope 1, modifiers on it 4." catalog $data gr-sys

# The builder: the legal Orchard, then Mistletoe on its Oak.
f=orchard.ros
run_muster "builder: new" 0 "force mst-1" new $data "$f" --system=gr-sys --list=gr-fe-orchard --faction=gr-cat
for u in "Old Oak" "Rootwise Sapling" "Hawthorn Row" "Apple Sapling"; do
	run_muster "builder: add $u" 0 "added" add $data "$f" "$u"
done
run_muster "builder: Elders of 100 seeds are legal" 0 "orchard.ros: legal" validate -v $data "$f"
run_muster "builder: Mistletoe on the Oak, its tracker in tenths" 0 "Elder 100.5/100 seeds [gr-con-elder-seeds]  over" add $data "$f" Mistletoe --under=mst-2
run_muster "builder: Elders of 100.5 seeds, past the limit" 1 \
	"error: gr-con-elder-seeds: Orchard has 100.5 seeds in Elder (maximum 100)" validate $data "$f"
tap_done
