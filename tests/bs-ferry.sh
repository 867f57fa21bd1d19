#!/bin/sh
# A BattleScribe system with a catalogue missing (issue 21, The Horus Heresy: a checkout whose
# Legiones Astartes catalogue is gone, which 18 others link): on the Ferry fixtures
# (tests/data/bs-ferry), Sails links Masts, which no file is, and Rigging links Sails. The
# system loads without both, one warning each at its catalogue link; `catalog` lists Oars and
# names the two left out; a roster of Oars validates clean; a force of Sails or Rigging is an
# error at its line, saying why, and the commands that save a roster refuse it. A catalogue
# whose content fails to read (a dangling entry link), one that cannot be parsed and one that
# links a left-out one (directly or through another) are left out too; a game system that
# fails still refuses the system, and so do more broken catalogues than the reader retries
# for. `lint` reports the links into Masts as one error with their count, a dangling link
# elsewhere on its own. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsferry
d=$top/tests/data/bs-ferry
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "catalog: the system loads without Sails and Rigging" 0 \
	"2 catalogues are left out (see the warnings): Sails [fy-cat-sails], Rigging [fy-cat-rigging]." \
	catalog $data fy-sys
has "catalog: Sails, at its link to Masts" "$err" \
	"bs-ferry/sails.cat:4:5: warning: catalogue 'Sails' [fy-cat-sails] is left out: it links catalogue 'fy-cat-masts' (\"Masts\"), which no file of system 'fy-sys' is"
has "catalog: Rigging, through Sails" "$err" \
	"bs-ferry/rigging.cat:4:5: warning: catalogue 'Rigging' [fy-cat-rigging] is left out: through its link to catalogue 'fy-cat-sails' it needs catalogue 'fy-cat-masts' (\"Masts\"), which no file of system 'fy-sys' is"
ok_if "catalog: one warning each" [ "$(grep -c 'warning:' "$err")" -eq 2 ]
has "catalog: Oars is listed" "$out" "    Rower                        fy-se-rower              3 Fare"
hasnt "catalog: Sails is not" "$out" "fy-se-sailor"

f=oars.ros
step "new: a crossing of Oars" 0 "force mst-1" new $data "$f" --system=fy-sys --list=fy-fe-crossing --faction=fy-cat-oars
step "add: a Rower" 0 "added mst-2" add $data "$f" Rower
run_muster "validate: a roster of Oars is legal" 0 "" validate $data "$f"
ok_if "validate: and says nothing of the catalogues left out" [ -z "$(cat "$out" "$err")" ]

run_muster "new: a crossing of Sails is refused, saying why" 2 \
	"sails.ros: catalogue 'Sails' [fy-cat-sails] could not be loaded: it links catalogue 'fy-cat-masts' (\"Masts\"), which no file of system 'fy-sys' is (" \
	new $data sails.ros --system=fy-sys --list=fy-fe-crossing --faction=fy-cat-sails
ok_if "new: not written" [ ! -e sails.ros ]

sed 's/catalogueId="fy-cat-oars"/catalogueId="fy-cat-sails"/' "$f" >sails.ros
run_muster "validate: a force of Sails is an error at its line" 1 \
	"sails.ros:7:5: error: force 'Crossing': its catalogue 'Sails' [fy-cat-sails] could not be loaded: it links catalogue 'fy-cat-masts' (\"Masts\"), which no file of system 'fy-sys' is (" \
	validate $data sails.ros
has "validate: it names the catalogue link" "$out" "bs-ferry/sails.cat:4)"
run_muster "show: a roster of Sails is refused" 2 "could not be loaded" show $data sails.ros
run_muster "add: to a roster of Sails is refused" 2 "could not be loaded" add $data sails.ros Rower

# Two forces: Oars, checked as ever, and Rigging, left out.
run_muster "add-force: a second crossing" 0 "" add-force $data "$f" fy-fe-crossing
sed '0,/catalogueId="fy-cat-oars"/!s/catalogueId="fy-cat-oars"/catalogueId="fy-cat-rigging"/' "$f" >two.ros
run_muster "validate: Rigging's force, through Sails" 1 \
	"error: force 'Crossing': its catalogue 'Rigging' [fy-cat-rigging] could not be loaded: through its link to catalogue 'fy-cat-sails'" \
	validate $data two.ros
ok_if "validate: one error, the Oars force checked" [ "$(grep -c 'error:' "$out")" -eq 1 ]

run_muster "lint: the links into Masts are one error" 1 \
	"sails.cat:4: error: lint-missing-catalogue: catalogue 'fy-cat-masts' (\"Masts\") is no file of this directory: 1 catalogue link names it; 4 links and ids in the catalogues that need it name nothing, the first at " \
	lint "$d"
has "lint: counted once" "$out" "4 files: 1 error, 0 warnings"
hasnt "lint: no link one by one" "$out" "lint-dangling-link"

# A dangling link in a catalogue that reaches no missing one: reported on its own, and the
# catalogue left out of the system, as are one that links it and one that is no XML.
mkdir more
cp "$d"/* more/
cat >more/hull.cat <<'CAT'
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue id="fy-cat-hull" name="Hull" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="fy-sys" gameSystemRevision="1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <entryLinks>
    <entryLink id="fy-el-keel" name="Keel" hidden="false" collective="false" import="true" targetId="fy-se-keel" type="selectionEntry"/>
  </entryLinks>
</catalogue>
CAT
cat >more/deck.cat <<'CAT'
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue id="fy-cat-deck" name="Deck" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="fy-sys" gameSystemRevision="1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <catalogueLinks>
    <catalogueLink id="fy-cl-hull" targetId="fy-cat-hull" type="catalogue" importRootEntries="true"/>
  </catalogueLinks>
</catalogue>
CAT
sed 's/fy-cat-deck/fy-cat-galley/; s/name="Deck"/name="Galley"/; s/fy-cl-hull/fy-cl-deck/; s/targetId="fy-cat-hull"/targetId="fy-cat-deck"/' \
	more/deck.cat >more/galley.cat
printf '<?xml version="1.0"?>\n<catalogue id="fy-cat-wreck" gameSystemId="fy-sys" xmlns="http://www.battlescribe.net/schema/catalogueSchema">\n<plank>\n</catalogue>\n' >more/wreck.cat
run_muster "lint: a dangling link on its own" 1 \
	"hull.cat:4: error: lint-dangling-link: entryLink targetId=\"fy-se-keel\": no such id in this directory" \
	lint more
has "lint: the missing catalogue still one error" "$out" "error: lint-missing-catalogue: catalogue 'fy-cat-masts'"
has "lint: the summary counts three" "$out" "8 files: 3 errors, 0 warnings"
run_muster "catalog: a catalogue whose content fails is left out" 0 \
	"6 catalogues are left out (see the warnings): Hull [fy-cat-hull], more/wreck.cat, Deck [fy-cat-deck], Sails [fy-cat-sails], Galley [fy-cat-galley], Rigging [fy-cat-rigging]." \
	catalog --data-dir=more fy-sys
has "catalog: Hull, at its link" "$err" \
	"more/hull.cat:4:5: warning: catalogue 'Hull' [fy-cat-hull] is left out: entry link names selectionEntry 'fy-se-keel', which no file it sees defines"
has "catalog: Deck, which links Hull" "$err" \
	"more/deck.cat:4:5: warning: catalogue 'Deck' [fy-cat-deck] is left out: it links catalogue 'fy-cat-hull', which is left out"
has "catalog: Galley, through Deck" "$err" \
	"more/galley.cat:4:5: warning: catalogue 'Galley' [fy-cat-galley] is left out: through its link to catalogue 'fy-cat-deck' it needs catalogue 'fy-cat-hull', which is left out"
has "catalog: a file that is no XML" "$err" "more/wreck.cat:4:13: warning: this catalogue is left out: "
run_muster "validate: Oars still legal beside them" 0 "" validate --data-dir=more "$f"
sed 's/catalogueId="fy-cat-oars"/catalogueId="fy-cat-deck"/' "$f" >deck.ros
run_muster "validate: a force of Deck" 1 \
	"error: force 'Crossing': its catalogue 'Deck' [fy-cat-deck] could not be loaded: it links catalogue 'fy-cat-hull', which is left out" \
	validate --data-dir=more deck.ros

# A catalogue id said twice: the second file is left out.
mkdir twice
cp "$d"/ferry.gst "$d"/oars.cat twice/
sed 's/name="Oars"/name="Paddles"/' "$d/oars.cat" >twice/paddles.cat
run_muster "catalog: the second of an id is left out" 0 \
	"1 catalogue is left out (see the warnings): Paddles [fy-cat-oars]." catalog --data-dir=twice fy-sys
has "catalog: saying so" "$err" "catalogue id 'fy-cat-oars' is used twice in system 'fy-sys'"

# The game system failing refuses the system, as before.
mkdir badgst
cp "$d"/*.cat badgst/
sed 's/targetId="fy-cat-crew"/targetId="fy-cat-nobody"/' "$d/ferry.gst" >badgst/ferry.gst
run_muster "catalog: a game system that fails refuses the system" 2 \
	"category link names category 'fy-cat-nobody', which no file of system 'fy-sys' declares" \
	catalog --data-dir=badgst fy-sys

# More catalogues whose content fails than the reader tries again for: refused.
mkdir many
cp "$d"/ferry.gst "$d"/oars.cat many/
for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17; do
	sed "s/fy-cat-hull/fy-cat-hull$i/" more/hull.cat >many/hull$i.cat
done
run_muster "catalog: seventeen broken catalogues refuse the system" 2 \
	"entry link names selectionEntry 'fy-se-keel', which no file it sees defines" \
	catalog --data-dir=many fy-sys
rm many/hull17.cat
run_muster "catalog: sixteen are left out" 0 "16 catalogues are left out" catalog --data-dir=many fy-sys
tap_done
