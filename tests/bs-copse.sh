#!/bin/sh
# A force's category limits in the shapes of BattleScribe that bs-grove.sh leaves out (issue
# 21), on the Copse fixtures (tests/data/bs-copse): includeChildSelections (a Pennant below a
# Standard Bearer is a second Banner, a third past the Camp's 2; a Vow below an Oathkeeper the
# second Oath the Camp must have; a Bugle below a Hornblower no second Horn, the limit
# without it), includeChildForces at the roster's scope (false: an Outpost's Scout not
# counted; true: its Courier counted, 2 past 1), a percentage a modifier changes (Handcarts
# at most 10% of the Camp's selections, 50% with a Wagonmaster) or lifts with -1 (with a
# Caravan Pass), a count lifted by -1 (Drummers at most 1, any with a Drum Major), and a
# count of forces on a category, always none (a Beacon Hill's "at least 1 force of
# Lantern"). A Camp's limit of scope self and its cost with includeChildSelections stay not
# checked, and validate --verbose names them under the Camp's force entry. Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bscopse
d=$top/tests/data/bs-copse
data="--data-dir=$d"
cd "$tmp" || exit 1

# A copy of the legal Camp, changed by the builder's commands ($1: the copy's name).
fresh() {
	cp "$d/copse-legal.ros" "$1" || exit 1
}

run_muster "legal: 2 Oaths by a Vow, 1 Scout in the top force, Handcarts and Drummers lifted" 0 \
	"copse-legal.ros: legal" validate -v $data "$d/copse-legal.ros"
run_muster "legal: two limits are not checked, named under the Camp" 0 \
	"copse-legal.ros: note: not checked yet on what this roster takes: 2 of the data's constraints, 0 of its modifiers" \
	validate --verbose $data "$d/copse-legal.ros"
run_muster "legal: the limit of scope self named with its reason" 0 \
	"copse.gst:104: note: not checked yet: constraint 'cp-con-standard-self' of 'cp-fe-camp' (scope)" \
	validate --verbose $data "$d/copse-legal.ros"
run_muster "legal: a cost with includeChildSelections named with its reason" 0 \
	"copse.gst:37: note: not checked yet: constraint 'cp-con-banner-coins' of 'cp-fe-camp' (includeChildSelections on a cost)" \
	validate --verbose $data "$d/copse-legal.ros"

fresh banner.ros
run_muster "includeChildSelections: a second Pennant" 0 "Banner 3/2 [cp-con-banner-max]  over" \
	add $data banner.ros Pennant --under=cp-4
run_muster "includeChildSelections: 3 Banners, a Bearer and his 2 Pennants" 1 \
	"banner.ros:7:5: error: cp-con-banner-max: Camp has 3 selections of Banner (maximum 2)" \
	validate $data banner.ros

fresh horn.ros
run_muster "includeChildSelections false: a second Hornblower" 0 "Horn 2/1" add $data horn.ros Hornblower
run_muster "includeChildSelections false: 2 Horns past 1, the Bugle not counted" 1 \
	"horn.ros:7:5: error: cp-con-horn-max: Camp has 2 selections of Horn (maximum 1)" \
	validate $data horn.ros

fresh oath.ros
run_muster "includeChildSelections, a minimum: a second Oathkeeper" 0 "added" add $data oath.ros Oathkeeper
run_muster "includeChildSelections, a minimum: 4 Oaths, past the most" 1 \
	"oath.ros:7:5: error: cp-con-oath-max: Camp has 4 selections of Oath (maximum 2)" \
	validate $data oath.ros

fresh scout.ros
run_muster "includeChildForces false: a second Scout in the top force" 0 "added" add $data scout.ros Pathfinder
run_muster "includeChildForces false: 2 Scouts in the top force, past 1" 1 \
	"scout.ros:7:5: error: cp-con-scout-roster: the roster has 2 selections of Scout (maximum 1)" \
	validate $data scout.ros

fresh runner.ros
run_muster "includeChildForces true: a Courier in the Camp" 0 "added" add $data runner.ros Courier
run_muster "includeChildForces true: a Courier in the Outpost" 0 "Runner 2/1" \
	add $data runner.ros Courier --list=Outpost
run_muster "includeChildForces true: 2 Runners, the Outpost's counted" 1 \
	"runner.ros:7:5: error: cp-con-runner-roster: the roster has 2 selections of Runner (maximum 1)" \
	validate $data runner.ros

fresh cart.ros
run_muster "percentage changed: no Wagonmaster" 0 "Legality: NOT LEGAL" remove $data cart.ros cp-7
run_muster "percentage changed: 2 Handcarts of 9 selections, past 10%" 1 \
	"cart.ros:7:5: error: cp-con-cart-share: Camp has 2 selections of Cart (maximum 0)" \
	validate $data cart.ros
run_muster "percentage lifted: a Caravan Pass" 0 "Legality: legal" add $data cart.ros "Caravan Pass"
run_muster "percentage lifted: any Handcarts with a Caravan Pass" 0 "cart.ros: legal" \
	validate -v $data cart.ros
fresh share.ros
for i in 1 2 3 4 5 6 7; do
	"$MUSTER" add $data share.ros Handcart >/dev/null 2>&1
done
run_muster "percentage changed: 9 Handcarts of 17 selections, past 50%" 1 \
	"share.ros:7:5: error: cp-con-cart-share: Camp has 9 selections of Cart (maximum 8)" \
	validate $data share.ros

fresh drum.ros
run_muster "count lifted: no Drum Major" 0 "Drum 2/1 [cp-con-drum-max]  over" remove $data drum.ros cp-10
run_muster "count lifted: 2 Drummers past 1 with no Drum Major" 1 \
	"drum.ros:7:5: error: cp-con-drum-max: Camp has 2 selections of Drum (maximum 1)" \
	validate $data drum.ros

fresh hill.ros
run_muster "forces on a category: a Beacon Hill" 0 "force" add-force $data hill.ros cp-fe-hill
run_muster "forces on a category: a category counts no force" 1 \
	"error: cp-con-hill-lantern: Beacon Hill must have 1 more forces of Lantern (minimum 1)" \
	validate $data hill.ros
n=$("$MUSTER" validate $data hill.ros 2>&1 | grep -c 'Lantern')
if [ "$n" = 1 ]; then
	ok "forces on a category: the Camp's maximum of 0 never broken"
else
	tap_fail "forces on a category: the Camp's maximum of 0 never broken" "$n reports" ""
fi

run_muster "catalog: every limit a rule but scope self and a cost with includeChildSelections" 0 \
	"10 constraints are enforced as rules; not enforced: includeChildSelections on a cost 1, scope 1." \
	catalog $data cp-sys
tap_done
