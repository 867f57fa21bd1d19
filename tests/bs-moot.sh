#!/bin/sh
# The minimums of BattleScribe's root entries, on the Moot fixtures (tests/data/bs-moot)
# (issue 21): a minimum is checked for each force the entry is offered to, whether the roster
# takes any of it or none: the game system's Season and the catalogue's shared Banner counted
# in the roster (told at each force), the library's Charter (imported) in each force, a Fair
# only where its hidden modifier does not hide it. `new` and `add-force` give a new force
# what those minimums ask for, as BattleScribe does when it makes a roster (with a group's
# default: Spring): not the hidden Fair, not the Tithe (a minimum of coin), and a second force
# no second Season or Banner (the roster holds them); a force the Ledger is not offered to
# is not asked for it. validate's note counts the minimum not
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
says "new: the library's Ledger (imported; a minimum in the roster)" "selected mt-se-ledger mst-5"
says "new: the catalogue's Banner (a shared entry linked at the root)" "selected mt-el-banner::mt-se-banner mst-6"
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

step "add-force: a second Camp" 0 "force mst-7" add-force $data "$f" mt-fe-camp
says "add-force: its own Charter" "selected mt-se-charter mst-8"
n=$(grep -c 'entryId="mt-el-season::mt-se-season"\|entryId="mt-el-banner::mt-se-banner"' "$f")
if [ "$n" = 2 ]; then
	ok "add-force: no second Season or Banner (the roster holds one each)"
else
	tap_fail "add-force: no second Season or Banner (the roster holds one each)" "$n of them" "$f"
fi
run_muster "two Camps: legal" 0 "moot.ros: legal" validate -v $data "$f"

cp "$f" short.ros
run_muster "remove the Banner" 0 "removed mst-6" remove $data short.ros mst-6
run_muster "remove the Season" 0 "removed mst-2" remove $data short.ros mst-2
run_muster "remove the second Camp's Charter" 0 "removed mst-8" remove $data short.ros mst-8
step "no Banner: each Camp short of it" 1 \
	"short.ros:7:5: error: mt-banner-min: Camp must have 1 more selections of Banner (minimum 1)" \
	validate $data short.ros
says "no Banner: the second Camp too" \
	"short.ros:24:5: error: mt-banner-min: Camp must have 1 more selections of Banner (minimum 1)"
says "no Season: the game system's entry, counted in the roster" \
	"short.ros:7:5: error: mt-season-min: Camp must have 1 more selections of Season (minimum 1)"
says "no Charter in the second Camp: the imported entry's minimum" \
	"short.ros:24:5: error: mt-charter-min: Camp must have 1 more selections of Charter (minimum 1)"
n=$(grep -c 'error:' "$tmp/step.out")
if [ "$n" = 5 ]; then
	ok "no Banner, Season or second Charter: 5 errors, none for the first Charter or the Fair"
else
	tap_fail "no Banner, Season or second Charter: 5 errors, none for the first Charter or the Fair" \
		"$n errors" "$tmp/step.out"
fi
run_muster "a Season in the second Camp: the roster holds one" 0 "selected" \
	add $data short.ros Season --list=mst-7
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
# Outlaws first, then a Hamlet Camp: the Ledger (a library's, counted in the roster) asked
# of the Hamlet Camp only, past a first force it is not offered to.
f=mixed.ros
step "Outlaws: a Camp" 0 "force mst-1" new $data "$f" --system=mt-sys --list=mt-fe-camp \
	--faction=mt-cat-outlaws
says "Outlaws: the Season" "selected mt-el-season::mt-se-season mst-2"
n=$(grep -c 'entryId="mt-se-charter"\|entryId="mt-se-ledger"\|entryId="mt-el-banner' "$f")
if [ "$n" = 0 ]; then
	ok "Outlaws: no Charter, Ledger or Banner (not offered to them)"
else
	tap_fail "Outlaws: no Charter, Ledger or Banner (not offered to them)" "$n of them" "$f"
fi
step "Outlaws: then a Hamlet Camp" 0 "force mst-4" add-force $data "$f" mt-fe-camp --faction=mt-cat
says "Hamlet Camp: the library's Ledger" "selected mt-se-ledger mst-6"
run_muster "Outlaws and Hamlet: legal" 0 "mixed.ros: legal" validate -v $data "$f"
run_muster "remove the Ledger" 0 "removed mst-6" remove $data "$f" mst-6
step "no Ledger: the Hamlet Camp short of it" 1 \
	"mixed.ros:26:5: error: mt-ledger-min: Camp must have 1 more selections of Ledger (minimum 1)" \
	validate $data "$f"
n=$(grep -c 'error:' "$tmp/step.out")
if [ "$n" = 1 ]; then
	ok "no Ledger: not the Outlaws' Camp"
else
	tap_fail "no Ledger: not the Outlaws' Camp" "$n errors" "$tmp/step.out"
fi

# A system of 70 entries with a hidden modifier and a minimum each: the first 64 decided on
# an evaluation each, the rest given unasked; all 70 given (none is hidden).
mkdir crowd
cp "$d/moot.gst" crowd/
{
	echo '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
	echo '<catalogue id="mt-cat-crowd" name="Crowd" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="mt-sys" gameSystemRevision="1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">'
	echo '  <selectionEntries>'
	i=1
	while [ $i -le 70 ]; do
		echo "    <selectionEntry id=\"mt-se-c$i\" name=\"Villager $i\" hidden=\"false\" import=\"true\" type=\"model\">"
		echo '      <modifiers><modifier type="set" field="hidden" value="true"><conditions>'
		echo '        <condition field="selections" scope="force" value="100" childId="mt-se-c1" type="greaterThan"/>'
		echo '      </conditions></modifier></modifiers>'
		echo "      <constraints><constraint field=\"selections\" scope=\"force\" value=\"1\" id=\"mt-c$i-min\" type=\"min\"/></constraints>"
		echo '    </selectionEntry>'
		i=$((i + 1))
	done
	echo '  </selectionEntries>'
	echo '</catalogue>'
} >crowd/crowd.cat
run_muster "crowd: a Camp" 0 "selected mt-se-c70" new --data-dir=crowd crowd.ros --system=mt-sys \
	--list=mt-fe-camp --faction=mt-cat-crowd
n=$(grep -c 'entryId="mt-se-c[0-9]*"' crowd.ros)
if [ "$n" = 70 ]; then
	ok "crowd: all 70 Villagers given"
else
	tap_fail "crowd: all 70 Villagers given" "$n of them" crowd.ros
fi
tap_done
