#!/bin/sh
# BattleScribe's instanceOf and notInstanceOf conditions (issue 21), on tests/data/bs-mirror:
# the builder makes a roster of a Keeper (a Warden), a Scout (a model), a Drifter and a Lamp
# reached by a root link, and `export --format=ros` names each after its modifiers, which
# hold or not by what the selection itself is an instance of (a category, a type, a link's
# or an entry's id, not a near id), or by the constant the other scopes give; and its
# set-primary and unset-primary modifiers change each one's primary category; a group's
# set-hidden modifiers hide it (its minimum not kept) when they hold; conditions that count
# forces of an entry or any, in the roster or within the force. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsinst
d=$top/tests/data/bs-mirror
data="--data-dir=$d"
cd "$tmp" || exit 1
f=hall.ros

run_muster "new: a Hall" 0 "force mst-1" new $data "$f" --system=mr-sys --list=mr-fe-hall --faction=mr-cat
for e in Keeper Scout Drifter Lamp; do
	run_muster "add: $e" 0 "added" add $data "$f" "$e"
done
run_muster "export: written" 0 "<roster" export $data --format=ros "$f"
cp "$out" hall.xml
has "category: a Keeper is a Warden, and no model" hall.xml 'name="Keeper sworn hallowed" entryId="mr-se-keeper"'
has "type: a Scout is a model, and no Warden" hall.xml 'name="Scout afoot ~ ~ ~ ~'
has "ids: a Lamp is its link and its entry, not a near id" hall.xml 'name="Lamp lit bright" entryId="mr-el-lamp::mr-se-lamp"'
has "scopes: a force is no instance, a Drifter is no Keeper" hall.xml 'name="Lone Drifter alone" entryId="mr-se-drifter"'
has "unset-primary: the Keeper keeps Wardens, not primary" hall.xml 'name="Wardens" entryId="mr-cat-warden" primary="false"/>'
has "set-primary: the Scout gains Outriders, primary" hall.xml '<category id="mst-3-c1" name="Outriders" entryId="mr-cat-rider" primary="true"/>'
has "set-primary: the Drifter's Outriders over its Wardens" hall.xml '<category id="mst-4-c2" name="Outriders" entryId="mr-cat-rider" primary="true"/>'
has "unset-primary: of a category not primary, nothing" hall.xml '<category id="mst-4-c1" name="Wardens" entryId="mr-cat-warden" primary="false"/>'
hasnt "primary: no Warden stays primary" hall.xml 'name="Wardens" entryId="mr-cat-warden" primary="true"'
# Counts of forces (field="forces"): the Keeper's name says which hold.
run_muster "forces: a second Hall" 0 "force mst-6" add-force $data "$f" mr-fe-hall --faction=mr-cat
run_muster "forces: two forces, crowded" 0 'name="Keeper sworn hallowed crowded" entryId' export $data --format=ros "$f"
run_muster "forces: an Annex within the first" 0 "force mst-7" add-force $data "$f" mr-fe-annex --child-of=mst-1 --faction=mr-cat
run_muster "forces: a force within its own, nested" 0 'name="Keeper sworn hallowed crowded nested" entryId' export $data --format=ros "$f"
# Repeats: a Scout's modifier group repeats twice a Keeper; its "~" at most 1,000 times.
s=scout.ros
run_muster "repeats: a Hall" 0 "force mst-1" new $data "$s" --system=mr-sys --list=mr-fe-hall --faction=mr-cat
run_muster "repeats: a Scout" 0 "added mst-2" add $data "$s" Scout
run_muster "repeats: none counted, none applied" 0 'name="Scout afoot" entryId' export $data --format=ros "$s"
run_muster "repeats: a Keeper" 0 "added mst-3" add $data "$s" Keeper
run_muster "repeats: export" 0 "<roster" export $data --format=ros "$s"
cp "$out" scout.xml
has "repeats: the group's append, twice" scout.xml ' ~ ! !" entryId="mr-se-scout"'
has "repeats: the group's cost, twice" scout.xml '<cost name="glass" typeId="mr-ct-glass" value="6.0"/>'
if [ "$(grep -o '~' scout.xml | wc -l)" -eq 1000 ]; then
	ok "repeats: an append kept to 1,000 times"
else
	tap_fail "repeats: an append kept to 1,000 times" "$(grep -o '~' scout.xml | wc -l) found" scout.xml
fi
run_muster "catalog: the Pledge's two modifiers not enforced" 0 "0 constraints and 2 modifiers are not enforced yet (1 condition, 0 repeats)" catalog $data mr-sys

# Hidden groups: the minimum of a group hidden by its modifiers is not kept.
g=lone.ros
run_muster "groups: a Hall" 0 "force mst-1" new $data "$g" --system=mr-sys --list=mr-fe-hall --faction=mr-cat
run_muster "groups: a Drifter" 0 "added mst-2" add $data "$g" Drifter
run_muster "groups: validate, no Keeper" 1 "" validate $data "$g"
cp "$out" lone.out
hasnt "groups: the Oath is hidden (notInstanceOf of scope force)" lone.out "of 'Oath'"
has "groups: the Vow is shown while no Keeper" lone.out "Drifter takes 0 of 'Vow'; the catalog asks for at least 1"
has "groups: the Pledge's modifier of scope parent is not decided" lone.out "Drifter takes 0 of 'Pledge'"
run_muster "groups: a Keeper" 0 "added mst-3" add $data "$g" Keeper
run_muster "groups: validate, a Keeper" 1 "" validate $data "$g"
cp "$out" lone.out
hasnt "groups: the Vow is hidden once the force holds a Keeper" lone.out "of 'Vow'"
has "groups: the Pledge still asked for" lone.out "Drifter takes 0 of 'Pledge'"
tap_done
