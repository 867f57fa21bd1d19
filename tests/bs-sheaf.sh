#!/bin/sh
# BattleScribe's instanceOf and notInstanceOf conditions whose scope is an entry's id or
# root-entry, and includeChildSelections on an option's constraint of scope parent (issue 21),
# on tests/data/bs-sheaf: a condition of scope an entry id is decided on the nearest selection
# of that entry, the one decided on itself included, up to the unit (none: instanceOf fails,
# notInstanceOf holds), root-entry on the unit; `export --format=ros` names each selection
# after the modifiers that hold. A constraint without includeChildSelections counts its
# parent's own selections, one with it those at every depth below. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bssheaf
d=$top/tests/data/bs-sheaf
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "new: a Tithe Barn" 0 "force mst-1" new $data barn.ros --system=sh-sys --list=sh-fe-barn \
	--faction=sh-cat
run_muster "add: a Reeve, his Sickle and Flail, a Whetstone in each" 0 \
	"selected sh-el-whet-f::sh-se-whet mst-6" add $data barn.ros Reeve
run_muster "export: written" 0 "<roster" export $data --format=ros barn.ros
cp "$out" barn.xml
has "entry-id scope, on the unit: its own entry's, a Reeve" barn.xml \
	'<selection id="mst-2" name="Reeve sworn" entryId="sh-se-reeve"'
has "entry-id scope, on an option: the Sickle above it is a Blade" barn.xml \
	'<selection id="mst-4" name="Whetstone honed reeved" entryId="sh-el-whet-s::sh-se-whet"'
has "entry-id scope: no Sickle above it, notInstanceOf holds" barn.xml \
	'<selection id="mst-6" name="Whetstone plain reeved" entryId="sh-el-whet-f::sh-se-whet"'
hasnt "entry-id scope: the unit is held by no Sickle" barn.xml "astray"

cp barn.ros bale.ros
run_muster "add: 2 Sheaves on the Reeve" 0 "Legality: legal" add $data barn.ros Sheaf 2 --under=mst-2
run_muster "add: a Cart" 0 "added mst-8" add $data barn.ros Cart --under=mst-2
run_muster "add: 2 Sheaves in the Cart" 0 "Legality: legal" add $data barn.ros Sheaf 2 --under=mst-8
run_muster "validate: no includeChildSelections, the Cart's own are not the Reeve's" 0 \
	"barn.ros: legal" validate -v $data barn.ros
run_muster "add: 2 Bales on the Reeve" 0 "Legality: legal" add $data bale.ros Bale 2 --under=mst-2
run_muster "add: a Cart" 0 "added mst-8" add $data bale.ros Cart --under=mst-2
run_muster "add: 2 Bales in the Cart" 0 "NOT LEGAL" add $data bale.ros Bale 2 --under=mst-8
run_muster "validate: includeChildSelections, the Cart's count too" 1 \
	"error: sh-con-bale-grain: the parent of Bale (Reeve) has 4 Grain in Bale (maximum 2)" \
	validate $data bale.ros
tap_done
