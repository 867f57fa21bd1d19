#!/bin/sh
# Conditions and repeats whose scope is an entry's id (issue 21, point 2), on the Orchard Watch
# fixtures (tests/data/bs-reach): BattleScribe counts within the nearest selection of that
# entry, the one decided on itself included. A Picker Patrol costs 30 Seeds, set to 55 at 5
# of its Pickers group (Foreman and Pickers), plus 3 for every 2 Pickers, plus 2 for its
# Basket counted at every depth (the scope named by the root link's id), and not 1 more for
# the Basket counted among its direct children only; at 8 models (7 Pickers) a Crowd. The
# Foreman's Basket is a Great Basket at 5 of the group above it, never a Lost one (its scope,
# the Ladder, is no selection above it), and his Ladder is hidden under 3 Pickers. Scopes of
# a kind: a Ladder in the unit (scope unit) costs 10 more, not 100 (scope upgrade: none above
# it), and the Basket is Held when the model above it (scope model) holds the Ladder. Prints
# TAP. A force's categoryLink modifier of scope an id is not decided yet. A unit's scope self
# counts in it: the Patrol is Led by its Foreman, never Walled by the Ladder below him.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsreach
d=$top/tests/data/bs-reach
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "lint: the fixtures are clean" 0 "2 files: 0 errors, 0 warnings" lint "$d"
f=grove.ros
step "new: a grove" 0 "force mst-1" new $data "$f" --system=ow-sys --list=ow-fe-grove --faction=ow-cat
step "add: a Patrol of a Foreman and 2 Pickers" 0 "selected ow-el-patrol::ow-se-picker mst-5" \
	add $data "$f" "Picker Patrol"
says "add: 30, 3 for 2 Pickers, 2 for the Basket within, not 1 for it as a direct child" \
	"Grove: 35 Seeds (1 unit)"
run_muster "validate: every modifier of the Patrol is checked" 0 "grove.ros: legal" validate -v $data "$f"
hasnt "validate: none of the Patrol's is left not checked" "$out" "a modifier of 'ow-se-"
has "validate: a force's scope of an id is not decided yet (no selection above it)" "$out" \
	"orchard.gst:21: note: not checked yet: a modifier of 'ow-fe-grove' (increment ow-con-keeper-max)"
has "save: the Basket is not Great yet" "$f" 'name="Basket"'
has "save: the Patrol's own Foreman leads it (scope self, a unit's)" "$f" 'name="Picker Patrol (Led)"'
step "add: a Ladder with 2 Pickers is hidden" 0 \
	"error: hidden: Picker Patrol cannot have any selections of Ladder (hidden)" \
	add $data "$f" Ladder --under=mst-3
says "add: 10 more for a Ladder in the unit (scope unit), not 100 (no upgrade above it)" \
	"Grove: 45 Seeds (1 unit)"
has "save: the Basket's model above it holds the Ladder (scope model)" "$f" 'name="Basket (Held)"'
hasnt "save: the Ladder below the Foreman is no direct child of the Patrol (scope self)" "$f" \
	"(Walled)"
step "set: 4 Pickers, the group's 5: 55 and 3 x 2 and 2 and 10" 0 "Grove: 73 Seeds (1 unit)" \
	set $data "$f" mst-5 --models=4
says "set: the Ladder is shown with 4 Pickers" "Legality: legal"
has "save: a Great Basket at 5 of the group" "$f" 'name="Great Basket (Held)"'
hasnt "save: never a Lost Basket (its scope, the Ladder, is not above it)" "$f" "Lost Basket"
hasnt "save: no Crowd at 5 models" "$f" "(Crowd)"
step "set: 7 Pickers: 55 and 3 x 3 and 2 and 10" 0 "Grove: 76 Seeds (1 unit)" \
	set $data "$f" mst-5 --models=7
run_muster "show: 8 models are a Crowd" 0 "Picker Patrol (Crowd) (Led)                    8      76" \
	show $data "$f"
step "set: 2 Pickers again: 45, the Ladder hidden again" 0 "NOT LEGAL" \
	set $data "$f" mst-5 --models=2
says "set: 45 again" "Grove: 45 Seeds (1 unit)"
tap_done
