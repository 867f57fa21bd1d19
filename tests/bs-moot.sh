#!/bin/sh
# The minimums of BattleScribe's root entries, on the Moot fixtures (tests/data/bs-moot)
# (issue 21): a minimum is checked for each force the entry is offered to, whether the roster
# takes any of it or none: the game system's Season and the catalogue's shared Banner counted
# in the roster (told at each force), the library's Charter (imported) in each force, a Fair
# only where its hidden modifier does not hide it. `new` and `add-force` give a new force
# what those minimums ask for, as BattleScribe does when it makes a roster (with a group's
# default: Spring): not the hidden Fair, not the Tithe (a minimum of coin), and a second force
# no second Season or Banner (the roster holds them). validate's note counts the minimum not
# checked yet of the Tithe, which the roster does not take. Prints TAP. Needs MUSTER and
# srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsmoot
d=$top/tests/data/bs-moot
data="--data-dir=$d"
cd "$tmp" || exit 1

f=moot.ros
step "new: a Camp" 0 "force mst-1" new $data "$f" --system=mt-sys --list=mt-fe-camp --faction=mt-cat
says "new: the game system's Season (a minimum in the roster)" "selected mt-el-season::mt-se-season mst-2"
says "new: the Season's group default" "selected mt-el-season::mt-se-spring mst-3"
says "new: the library's Charter (imported; a minimum in the force)" "selected mt-se-charter mst-4"
says "new: the catalogue's Banner (a shared entry linked at the root)" "selected mt-el-banner::mt-se-banner mst-5"
n=$(grep -c 'entryId="mt-se-fair"\|entryId="mt-se-tithe"' "$f")
if [ "$n" = 0 ]; then
	ok "new: no Fair (hidden there), no Tithe (a minimum of coin)"
else
	tap_fail "new: no Fair (hidden there), no Tithe (a minimum of coin)" "$n of them" "$f"
fi
run_muster "new: legal" 0 "moot.ros: legal" validate -v $data "$f"
run_muster "the Tithe's minimum, not taken, is not checked yet: counted" 0 \
	"not checked yet on what this roster takes: 1 of the data's constraints, 0 of its modifiers" \
	validate $data "$f"
run_muster "the Tithe's minimum, not taken, is not checked yet: listed" 0 \
	"hamlet.cat:41: note: not checked yet: constraint 'mt-tithe-min' of 'mt-se-tithe' (modifiers on it)" \
	validate --verbose $data "$f"

step "add-force: a second Camp" 0 "force mst-6" add-force $data "$f" mt-fe-camp
says "add-force: its own Charter" "selected mt-se-charter mst-7"
n=$(grep -c 'entryId="mt-el-season::mt-se-season"\|entryId="mt-el-banner::mt-se-banner"' "$f")
if [ "$n" = 2 ]; then
	ok "add-force: no second Season or Banner (the roster holds one each)"
else
	tap_fail "add-force: no second Season or Banner (the roster holds one each)" "$n of them" "$f"
fi
run_muster "two Camps: legal" 0 "moot.ros: legal" validate -v $data "$f"

cp "$f" short.ros
run_muster "remove the Banner" 0 "removed mst-5" remove $data short.ros mst-5
run_muster "remove the Season" 0 "removed mst-2" remove $data short.ros mst-2
run_muster "remove the second Camp's Charter" 0 "removed mst-7" remove $data short.ros mst-7
step "no Banner: each Camp short of it" 1 \
	"short.ros:7:5: error: mt-banner-min: Camp must have 1 more selections of Banner (minimum 1)" \
	validate $data short.ros
says "no Banner: the second Camp too" \
	"short.ros:19:5: error: mt-banner-min: Camp must have 1 more selections of Banner (minimum 1)"
says "no Season: the game system's entry, counted in the roster" \
	"short.ros:7:5: error: mt-season-min: Camp must have 1 more selections of Season (minimum 1)"
says "no Charter in the second Camp: the imported entry's minimum" \
	"short.ros:19:5: error: mt-charter-min: Camp must have 1 more selections of Charter (minimum 1)"
n=$(grep -c 'error:' "$tmp/step.out")
if [ "$n" = 5 ]; then
	ok "no Banner, Season or second Charter: 5 errors, none for the first Charter or the Fair"
else
	tap_fail "no Banner, Season or second Charter: 5 errors, none for the first Charter or the Fair" \
		"$n errors" "$tmp/step.out"
fi
run_muster "a Season in the second Camp: the roster holds one" 0 "selected" \
	add $data short.ros Season --list=mst-6
step "an Elder in the first Camp: the Fair is shown there, and short" 0 "added" \
	add $data short.ros Elder --list=mst-1
run_muster "the Fair's minimum where it is shown" 1 \
	"short.ros:7:5: error: mt-fair-min: Camp must have 1 more selections of Fair (minimum 1)" \
	validate $data short.ros
n=$("$MUSTER" validate $data short.ros 2>&1 | grep -c 'Season')
if [ "$n" = 0 ]; then
	ok "the Season in the second Camp meets the first's minimum too"
else
	tap_fail "the Season in the second Camp meets the first's minimum too" "$n Season errors" short.ros
fi
tap_done
