#!/bin/sh
# BattleScribe's bounds as it keeps them (issue 21), on the Fold fixtures (tests/data/bs-fold):
# a maximum per parent selection (at most 1 Bell per Ewe: one Ewe with two is past it, though
# the Drove's three Ewes allow three in all; the message names the Ewe and points at it); a
# group's minimum and maximum that count child selections (3-5 Ewes: 2 and 6 past them, 3
# and 5 at them); a force's category minimum and maximum (at least 1 Shepherd, at most 2
# Flocks); and the builder's `add`, which selects the group's default up to its minimum.
# Each at its bound and just past it. Prints TAP. Needs MUSTER and srcdir, as `make check`
# sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsfold
d=$top/tests/data/bs-fold
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "per parent: a Bell on each of two Ewes is legal" 0 "flock-legal.ros: legal" \
	validate -v $data "$d/flock-legal.ros"
run_muster "per parent: two Bells on one Ewe, named at that Ewe" 1 \
	"flock-two-bells.ros:10:13: error: fd-con-bell-max: Drove takes option 'Bell' 2 times; the catalog allows at most 1 for each 'Ewe', 1 here" \
	validate $data "$d/flock-two-bells.ros"
run_muster "group counting child selections: 5 Ewes, its maximum" 0 "flock-five.ros: legal" \
	validate -v $data "$d/flock-five.ros"
run_muster "group counting child selections: 6 Ewes, past its maximum" 1 \
	"flock-six.ros:8:9: error: fd-con-ewes-max: Drove takes 6 of '3-5 Ewes'; the catalog allows at most 5" \
	validate $data "$d/flock-six.ros"
run_muster "group counting child selections: 2 Ewes, under its minimum" 1 \
	"flock-two-ewes.ros:8:9: error: fd-con-ewes-min: Drove takes 2 of '3-5 Ewes'; the catalog asks for at least 3" \
	validate $data "$d/flock-two-ewes.ros"
run_muster "category minimum: a Farm with no Shepherd" 1 \
	"flock-no-shepherd.ros:5:5: error: fd-con-shep-min: Farm must have 1 more selections of Shepherd (minimum 1)" \
	validate $data "$d/flock-no-shepherd.ros"

# The builder: a Drove comes with three Ewes (the group's minimum), a Shepherd makes it legal.
f=farm.ros
run_muster "builder: new" 0 "force mst-1" new $data "$f" --system=fd-sys --list=fd-fe-farm --faction=fd-cat
run_muster "builder: add a Drove, its three Ewes" 0 "selected fd-se-ewe mst-5" add $data "$f" Drove
n=$(grep -c 'entryId="fd-se-ewe"' "$f")
if [ "$n" = 3 ]; then
	ok "builder: the Drove holds 3 Ewes"
else
	tap_fail "builder: the Drove holds 3 Ewes" "$n Ewes" "$f"
fi
run_muster "builder: no Shepherd yet" 1 "Farm must have 1 more selections of Shepherd" validate $data "$f"
run_muster "builder: add a Shepherd" 0 "added mst-6" add $data "$f" Shepherd
run_muster "builder: legal with the Shepherd" 0 "farm.ros: legal" validate -v $data "$f"
run_muster "category maximum: a second Drove, at it" 0 "added mst-7" add $data "$f" Drove
run_muster "category maximum: 2 Flocks is legal" 0 "farm.ros: legal" validate -v $data "$f"
run_muster "category maximum: a third Drove" 0 "added mst-11" add $data "$f" Drove
run_muster "category maximum: 3 Flocks, past it" 1 \
	"error: fd-con-flock-max: Farm has 3 selections of Flock (maximum 2)" validate $data "$f"
tap_done
