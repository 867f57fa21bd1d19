#!/bin/sh
# BattleScribe data tried by hand on a real game (issue 21, The Horus Heresy): what it showed,
# on the Anvil fixtures (tests/data/bs-anvil). A modifier with no condition on an option's
# constraint changes it on every roster, as BattleScribe reads it: a Smith's Tongs (min 1 set
# to 0) are not selected by `add` nor missed by `validate`, his Aprons (min 2 less 1) are 1;
# the Gloves' modifier has a condition, so their minimum stays the data's. `lint` knows the
# modifier field defaultSelectionEntryId (a group's default) and checks the id it sets. A
# tracker says what it counts (a category, a force), not only its constraint's id. `catalog`
# pads an entry's name to its columns, not its bytes (a Strïker). A tournament's table gives
# a total in the cost type's name (Coin). Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsanvil
d=$top/tests/data/bs-anvil
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "lint: defaultSelectionEntryId is a field, its value an id" 0 "2 files: 0 errors, 0 warnings" \
	lint "$d"
mkdir bad
sed 's/value="av-el-peen"/value="av-el-awl"/' "$d/smithy.cat" >bad/smithy.cat
cp "$d/anvil.gst" bad/
run_muster "lint: a default set to no id" 1 \
	'smithy.cat:11: error: lint-unknown-id: modifier value="av-el-awl": no such id in this directory' \
	lint bad

f=forge.ros
step "new: a forge" 0 "force mst-1" new $data "$f" --system=av-sys --list=av-fe-forge --faction=av-cat --limit=50
says "new: the roster tracker names the force" "Village Forge 1/1 [av-con-forge-max]"
says "new: the force's tracker names the category" "Smiths 0/at least 1 [av-con-smiths-min]"
step "add: a Smith" 0 "added mst-2" add $data "$f" Smith
says "add: his Apron" "selected av-el-apron::av-se-apron mst-4"
says "add: his Gloves" "selected av-el-gloves::av-se-gloves mst-5"
hasnt "add: no Tongs (their minimum set to 0)" "$tmp/step.out" "av-se-tongs"
has "add: one Apron (2 less 1)" "$f" '<selection id="mst-4" name="Apron" entryId="av-el-apron::av-se-apron" number="1"'
says "add: the tracker counts him" "Smiths 1/at least 1 [av-con-smiths-min]"
run_muster "validate: a Smith with no Tongs is legal" 0 "forge.ros: legal" validate -v $data "$f"
run_muster "add: Tongs, one" 0 "added mst-6" add $data "$f" Tongs --under=mst-2
run_muster "validate: with his Tongs, legal" 0 "forge.ros: legal" validate -v $data "$f"
run_muster "remove: the Apron" 0 "removed mst-4" remove $data "$f" mst-4
run_muster "validate: no Apron, short of 1" 1 \
	"forge.ros:12:9: error: av-con-apron-min: Smith must take option 'Apron' at least 1 time" \
	validate $data "$f"
run_muster "remove: the Gloves" 0 "removed mst-5" remove $data "$f" mst-5
run_muster "validate: no Gloves, short (the modifier's condition not read)" 1 \
	"error: av-con-gloves-min: Smith must take option 'Gloves' at least 1 time" \
	validate $data "$f"
run_muster "catalog: the folded modifiers are read" 0 \
	"0 constraints and 2 modifiers are not enforced yet" catalog $data av-sys
# An organiser's table names the cost type (BattleScribe's have no abbreviation), not its id.
cat >pack.xml <<'PACK'
<?xml version="1.0" encoding="UTF-8"?>
<event xmlns="urn:x-muster:event:1" version="1" name="Anvil Fair" system="av-sys" ref="AF">
  <limit cost="av-ct-coin" value="50" ref="AF-1"/>
</event>
PACK
mkdir lists
cp "$f" lists/
run_muster "tournament: the total in Coin" 1 "Village Forge  Smithy" tournament -j 1 $data pack.xml lists
has "tournament: the total's cost type by name" "$out" " 13 Coin  illegal"
hasnt "tournament: not by id" "$out" "av-ct-coin"
# The entry ids stand in one column, after names of 28 columns, however many bytes.
"$MUSTER" catalog $data av-sys >cat.out 2>&1
has "catalog: a name of ASCII" cat.out "    Smith                        av-se-smith"
has "catalog: a name of more bytes than columns" cat.out "    Strïker                      av-se-striker"
tap_done
