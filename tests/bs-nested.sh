#!/bin/sh
# BattleScribe's modifiers of options (issue 21), on tests/data/bs-nest: a Kit's modifiers
# are read once for its shared definition and decided on each Kit taken, in document order:
# its name (instanceOf of scopes ancestor and parent, counts of scopes self, parent,
# ancestor, force), its categories (add, remove), its hidden (a hidden Kit taken is an error;
# a hidden Charm's minimum is not kept); a link's own modifier applies through that link
# only; a group's category links give its options their categories. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsnest
d=$top/tests/data/bs-nest
data="--data-dir=$d"
cd "$tmp" || exit 1
f=colony.ros

run_muster "new: a Colony" 0 "force mst-1" new $data "$f" --system=ns-sys --list=ns-fe-colony --faction=ns-cat
run_muster "add: a Warren, its Charm with it" 0 "selected ns-se-charm mst-3" add $data "$f" Warren
run_muster "add: a Kit under the Warren" 0 "added mst-4" add $data "$f" Kit --under=mst-2
run_muster "add: a Pouch" 0 "added mst-5" add $data "$f" Pouch --under=mst-2
run_muster "add: a Kit in the Pouch" 0 "added mst-6" add $data "$f" ns-el-pouchkit --under=mst-5
run_muster "add: a Tunnel" 0 "added mst-7" add $data "$f" Tunnel --under=mst-2
run_muster "validate: legal" 0 "" validate $data "$f"
run_muster "export: written" 0 "<roster" export $data --format=ros "$f"
cp "$out" one.xml
has "ancestor: a Kit under a Warren is homed and kept (under a unit), and no more" one.xml 'name="Kit homed kept" entryId="ns-el-kit::ns-se-kit"'
has "ancestor: two above the Pouch's Kit, deep; held by a Keeper; its link's own modifier too" one.xml 'name="Kit homed deep held kept pouched" entryId="ns-el-pouchkit::ns-se-kit"'
hasnt "ancestor: no Kit is lost (no Ban above it)" one.xml 'lost'
has "self: the Warren's Kit a Keeper" one.xml '<category id="mst-4-c1" name="Keepers" entryId="ns-cat-keeper"'
has "add: the Warren's Kit a Digger, as a Keeper" one.xml '<category id="mst-4-c2" name="Diggers" entryId="ns-cat-digger"'
has "remove: the Pouch's Kit no Keeper, a Digger still" one.xml '<category id="mst-6-c1" name="Diggers" entryId="ns-cat-digger"'
hasnt "remove: the Pouch's Kit no Keeper" one.xml 'id="mst-6-c2"'
has "group: the Tunnel a Digger, as its group" one.xml '<category id="mst-7-c1" name="Diggers" entryId="ns-cat-digger"'
has "group: the Pouch, in no group, a Keeper" one.xml '<category id="mst-5-c1" name="Keepers"'
hasnt "group: the Pouch, in no group, no Digger" one.xml 'id="mst-5-c2"'
run_muster "add: a Lantern under the Warren" 0 "added mst-8" add $data "$f" Lantern --under=mst-2
run_muster "add: a second Warren" 0 "added mst-9" add $data "$f" Warren
run_muster "export: two Warrens" 0 "<roster" export $data --format=ros "$f"
cp "$out" two.xml
has "parent: a Lantern by the Kit, lit, a star; force: two Warrens, twin" two.xml 'name="Kit homed lit twin kept *" entryId="ns-el-kit::ns-se-kit"'
has "parent: no Lantern in the Pouch" two.xml 'name="Kit homed deep twin held kept pouched"'
# Hidden: a Ban in the roster hides every Kit and Charm, each taken an error.
run_muster "remove: the second Warren's Charm" 0 "" remove $data "$f" mst-10
run_muster "validate: a Charm too few" 1 "" validate $data "$f"
has "min: the Charm asked for while shown" "$out" "Warren must take option 'Charm' at least 1 time"
run_muster "add: a Ban" 0 "added mst-10" add $data "$f" Ban
run_muster "validate: hidden taken" 1 "" validate $data "$f"
cp "$out" hid.out
has "hidden: the Charm taken" hid.out "Warren cannot have any selections of Charm (hidden)"
if [ "$(grep -c 'selections of Kit (hidden)' hid.out)" -eq 2 ]; then
	ok "hidden: each Kit taken, once each"
else
	tap_fail "hidden: each Kit taken, once each" "$(grep -c 'of Kit' hid.out) found" hid.out
fi
hasnt "min: a hidden Charm not asked for" hid.out "at least 1 time"
run_muster "catalog: every modifier of a Kit and Charm enforced" 0 "0 constraints and 0 modifiers are not enforced yet" catalog $data ns-sys
tap_done
