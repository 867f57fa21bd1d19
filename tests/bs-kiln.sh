#!/bin/sh
# BattleScribe's minimums and group bounds under a nested parent, kept for each selection of
# the parent (issue 21), on the Kiln fixtures (tests/data/bs-kiln): each Rack of a Kiln needs
# 2-4 Pots (a group) and at least 1 Shelf, however many the other Racks hold; a Rack that holds
# none of them is short too; a hidden Glaze's minimum is not kept. Each at its bound and just
# past it; the message names the Rack that falls short and points at it. And the builder's
# `add`, which selects a group's default only to meet the group's minimum, as BattleScribe
# does: an Oven comes with its Brick Flue (Flue: at least 1), not its Wood (Fuel: no minimum).
# A hidden force (a Shed): `add-force` selects none of the units its catalogue asks for (a
# Broom in each force, sheds.cat), and BattleScribe keeps none of its constraints while it
# holds no force; once it holds a Lean-to, it does. Prints TAP. Needs MUSTER and srcdir, as
# `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bskiln
d=$top/tests/data/bs-kiln
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "2 Pots on one Rack and 4 on another, a Shelf each: legal" 0 "racks-legal.ros: legal" \
	validate -v $data "$d/racks-legal.ros"
run_muster "1 Pot on one Rack, 4 on the other: the first short, at its line" 1 \
	"racks-short.ros:15:13: error: kn-con-pots-min: Kiln takes 1 of '2-4 Pots' under this 'Rack'; the catalog asks for at least 2 for each, 2 here" \
	validate $data "$d/racks-short.ros"
run_muster "5 Pots on one Rack, 2 on the other: the first past its 4" 1 \
	"racks-over.ros:9:13: error: kn-con-pots-max: Kiln takes 5 of '2-4 Pots' under this 'Rack'; the catalog allows at most 4 for each, 4 here" \
	validate $data "$d/racks-over.ros"
run_muster "2 Shelves on one Rack, none on the other: the second short" 1 \
	"racks-no-shelf.ros:15:13: error: kn-con-shelf-min: Kiln must take option 'Shelf' at least 1 time for each 'Rack', 1 here" \
	validate $data "$d/racks-no-shelf.ros"
run_muster "a Rack that holds nothing: short of its Shelf" 1 \
	"racks-empty.ros:21:13: error: kn-con-shelf-min: Kiln must take option 'Shelf' at least 1 time for each 'Rack', 1 here" \
	validate $data "$d/racks-empty.ros"
run_muster "a Rack that holds nothing: short of its Pots" 1 \
	"racks-empty.ros:21:13: error: kn-con-pots-min: Kiln takes 0 of '2-4 Pots' under this 'Rack'; the catalog asks for at least 2 for each, 2 here" \
	validate $data "$d/racks-empty.ros"
# Only the Rack short is told: the full ones are not, nor the hidden Glaze.
n=$("$MUSTER" validate $data "$d/racks-empty.ros" 2>&1 | grep -c 'error:')
if [ "$n" = 2 ]; then
	ok "a Rack that holds nothing: its 2 errors, no other"
else
	tap_fail "a Rack that holds nothing: its 2 errors, no other" "$n errors" "racks-empty.ros"
fi

f=yard.ros
run_muster "builder: new" 0 "force mst-1" new $data "$f" --system=kn-sys --list=kn-fe-yard --faction=kn-cat
run_muster "builder: add an Oven, its Brick Flue" 0 "selected kn-se-brick mst-3" add $data "$f" Oven
b=$(grep -c 'entryId="kn-se-brick"' "$f")
w=$(grep -c 'entryId="kn-se-wood"' "$f")
if [ "$b" = 1 ] && [ "$w" = 0 ]; then
	ok "builder: the default of a group with a minimum, none of one without"
else
	tap_fail "builder: the default of a group with a minimum, none of one without" \
		"$b Brick Flues, $w Woods" "$f"
fi
run_muster "builder: the Oven is legal" 0 "yard.ros: legal" validate -v $data "$f"

f=sheds.ros
run_muster "hidden force: a new Shed" 0 "force mst-1" new $data "$f" --system=kn-sys --list=kn-fe-shed --faction=kn-cat-sheds
n=$(grep -c 'entryId="kn-se-broom"' "$f")
if [ "$n" = 0 ]; then
	ok "hidden force: no Broom selected in it"
else
	tap_fail "hidden force: no Broom selected in it" "$n Brooms" "$f"
fi
run_muster "hidden force: a visible Yard of Sheds gets its Broom" 0 "selected kn-se-broom mst-3" \
	add-force $data "$f" kn-fe-yard --faction=kn-cat-sheds
run_muster "hidden force holding no force: its Broom minimum not kept" 0 \
	"warning: hidden: Shed is a hidden force" validate $data "$f"
run_muster "hidden force: a Lean-to in the Shed" 0 "force mst-4" \
	add-force $data "$f" kn-fe-leanto --child-of=mst-1
run_muster "hidden force holding a force: its Broom minimum kept" 1 \
	"sheds.ros:7:5: error: kn-con-broom-min: Shed must have 1 more selections of Broom (minimum 1)" \
	validate $data "$f"
tap_done
