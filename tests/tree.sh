#!/bin/sh
# The selection tree from the command line (issue 20): `muster add` selects what a catalog asks
# for and each choice's default, `set` puts a nested option inside its parent, takes a
# choose-one's other option off, keeps a unit of model options at the models they count, and
# refuses an option whose parent is not taken; `export --format=xml` writes the nesting back.
# On tests/data/tidewatch. Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir tree
tap_show() {
	tap_files "$out" "$err"
}
data="--data-dir=$top/tests/data/tidewatch"
f=$tmp/tw.xml
cd "$tmp" || exit 1

run_muster "new: an empty skirmish" 0 "0 of 200 sh" new $data "$f" --system=tidewatch --size=skirmish
run_muster "add: a squad with what its catalog asks for" 0 "55 of 200 sh" add $data "$f" reef-squad
has "add: the Chief, with the default arm inside" "$f" '<option id="squad-chief">'
has "add: the default arm" "$f" '<option id="coral-blade"/>'
has "add: the four Divers the squad needs" "$f" '<option id="squad-diver" count="4"/>'
has "add: the models the Chief and Divers count" "$f" 'models="5"'
run_muster "set: a choose-one takes the new arm" 0 "65 of 200 sh" set $data "$f" reef-squad --option=storm-maul
hasnt "set: the default arm is gone" "$f" 'coral-blade'
has "set: the new arm inside the Chief" "$f" '<option id="storm-maul"/>'
run_muster "set: more Divers" 0 "85 of 200 sh" set $data "$f" reef-squad --option=squad-diver=6
has "set: the models follow the Divers" "$f" 'models="7"'
cp "$f" "$tmp/before"
expect_kept "set: barbed tips need a harpoon gun first" 2 \
	"option 'barbed-tips' stands under option 'harpoon-gun': take that first" "$f" \
	"$MUSTER" set $data "$f" reef-squad --option=barbed-tips
expect_kept "set: a squad of model options takes no --models" 2 \
	"'Reef Squad' counts its models from its model options (squad-chief, squad-diver): set those instead" \
	"$f" "$MUSTER" set $data "$f" reef-squad --models=3
run_muster "set: a harpoon gun under the Divers" 0 "93 of 200 sh" set $data "$f" reef-squad --option=harpoon-gun
run_muster "set: barbed tips under the gun" 0 "95 of 200 sh" set $data "$f" reef-squad --option=barbed-tips
run_muster "add: a Kelp Stalker with the shared keen eye" 0 "118 of 200 sh" add $data "$f" kelp-stalker --option=keen-eye
run_muster "validate: the list built is legal" 0 "" validate $data "$f"
run_muster "export: the roster as XML" 0 "" export $data --format=xml -o "$tmp/out.xml" "$f"
ok_if "export: the XML written is the roster built, nesting and all" cmp -s "$f" "$tmp/out.xml"
run_muster "export: compact nests in parentheses" 0 \
	"7x Reef Squad: Squad Chief (Storm maul), Diver x6 (Harpoon gun (Barbed tips)) -- 95 sh" \
	export $data --style=compact "$f"
run_muster "set: the Divers off, with what they hold" 0 "" set $data "$f" reef-squad --option=squad-diver=0
hasnt "set: the gun went with them" "$f" 'harpoon-gun'

# One shared option linked under two parents of one entry: keen-eye under the Chief and under
# the Divers. A bare id is refused naming both paths; PARENT/ID or a path names either.
kf=$tmp/keen.xml
"$MUSTER" new $data "$kf" --system=tidewatch --size=skirmish >/dev/null
expect_kept "option: an id under two parents is refused, naming both" 2 \
	"keen-eye stands under squad-chief and squad-diver: name it as squad-chief/keen-eye or squad-diver/keen-eye" \
	"$kf" "$MUSTER" add $data "$kf" reef-squad --option=squad-chief --option=keen-eye
run_muster "option: add with both keen eyes, each by its parent" 0 "61 of 200 sh" \
	add $data "$kf" reef-squad --option=squad-chief --option=squad-chief/keen-eye \
	--option=squad-diver=4 --option=squad-diver/keen-eye
cat >"$tmp/keen-want" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="tidewatch" last-id="1">
  <list id="main" size="skirmish">
    <unit entry="reef-squad" models="5" id="reef-squad-1">
      <option id="squad-chief">
        <option id="coral-blade"/>
        <option id="keen-eye"/>
      </option>
      <option id="squad-diver" count="4">
        <option id="keen-eye"/>
      </option>
    </unit>
  </list>
</roster>
XML
ok_if "option: both keen eyes kept through the defaults and the models" cmp -s "$tmp/keen-want" "$kf"
run_muster "option: the Divers' keen eye off, by a path from the unit" 0 "68 of 200 sh" \
	set $data "$kf" 1 --option=squad-diver/keen-eye=0 --option=squad-diver=5
ok_if "option: the Chief's keen eye stays" grep -q '<option id="keen-eye"/>' "$kf"
ok_if "option: the Divers' is gone" sh -c "test \$(grep -c keen-eye '$kf') = 1"
run_muster "option: the Divers' keen eye by its full path" 0 "" \
	set $data "$kf" 1 --option=squad-diver/keen-eye
ok_if "option: both again" sh -c "test \$(grep -c keen-eye '$kf') = 2"
expect_kept "option: a misspelt path lists the paths of an id under two parents" 2 \
	"(options: squad-chief, coral-blade, tide-pistol, storm-maul, squad-chief/keen-eye, lucky-shell, squad-diver, squad-diver/keen-eye," \
	"$kf" "$MUSTER" set $data "$kf" 1 --option=squad-diver/keen-ey

# import: a pasted list's options nest as the catalog's, each under the one listed before it.
printf 'Reef Squad x5\n  + Squad Chief\n  + Storm maul\n  + Diver x4\n  + Harpoon gun\n  + Barbed tips\n' >"$tmp/post.txt"
run_muster "import: a squad with options of options" 0 "75 of 200 sh" \
	import $data --system=tidewatch --size=skirmish -o "$tmp/post.xml" "$tmp/post.txt"
ok_if "import: the tips inside the gun inside the Divers" \
	grep -q '<option id="barbed-tips"/>' "$tmp/post.xml"
run_muster "import: status indents the options of options" 0 "            + Barbed tips" \
	status $data "$tmp/post.xml"
printf 'Reef Squad x5\n  + Barbed tips\n' >"$tmp/orphan.txt"
run_muster "import: an option whose parent is not listed is refused" 2 \
	"option 'Barbed tips' stands under option 'Harpoon gun': list that first" \
	import $data --system=tidewatch --size=skirmish "$tmp/orphan.txt"
tap_done
