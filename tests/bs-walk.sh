#!/bin/sh
# BattleScribe data walked through by hand as an organiser and a player would (issue 21: Kings
# of War, Gaslands, Warhammer 40,000), what it showed, on the Kettle Run fixtures
# (tests/data/bs-walk). A new unit's group is filled with its default only up to the group's
# minimum less what the group's other entries' minimums select (a Barge's crew: its Bosun and
# 3 Deckhands, not 4), and `suggest` tries a Barge so made, a Bosun's Whistle under him, no Powder without its Cannon. One
# selection of number 2 is two selections to a maximum in the roster,
# as BattleScribe counts them (two Lone Aces taken at once break a maximum of 1). A
# tournament's limit message names the cost type by its name (Scrap), not its id. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bswalk
d=$top/tests/data/bs-walk
data="--data-dir=$d"
cd "$tmp" || exit 1

run_muster "lint: the fixtures are clean" 0 "2 files: 0 errors, 0 warnings" lint "$d"
f=convoy.ros
step "new: a convoy" 0 "force mst-1" new $data "$f" --system=wk-sys --list=wk-fe-convoy --faction=wk-cat --limit=30
step "add: a Barge, legal" 0 "Legality: legal" add $data "$f" Barge
says "add: its Bosun (his own minimum)" "selected wk-se-bosun mst-3"
says "add: his Whistle (its own minimum under him)" "selected wk-se-whistle mst-4"
says "add: its Deckhands (the group's default)" "selected wk-se-deckhand mst-5"
has "add: 3 Deckhands, the crew's 4 with the Bosun" "$f" '<selection id="mst-5" name="Deckhand" entryId="wk-se-deckhand" entryGroupId="wk-grp-crew" number="3" type="model">'
says "add: the Barge and its crew cost 5 + 3 + 3 x 2" "Convoy: 14 of 30 Scrap, 16 left"
run_muster "validate: the convoy is legal" 0 "convoy.ros: legal" validate -v $data "$f"
step "suggest: a Barge, tried as add makes one" 0 "Convoy: 16 Scrap left" suggest $data "$f"
says "suggest: a Barge is legal" "  wk-se-barge              Barge    "
hasnt "suggest: nothing is not legal yet" "$tmp/step.out" "not legal yet"
step "add: one Lone Ace, legal" 0 "Legality: legal" add $data "$f" "Lone Ace"
run_muster "remove: the Lone Ace" 0 "removed mst-6" remove $data "$f" mst-6
step "add: two Lone Aces at once, one selection" 0 "added mst-6" add $data "$f" "Lone Ace" 2
has "add: the selection is of number 2" "$f" '<selection id="mst-6" name="Lone Ace" entryId="wk-se-ace" number="2" type="unit">'
says "add: number 2 is two to the maximum of 1" \
	"error: wk-con-ace-max: the roster has 2 selections of Lone Ace (maximum 1)"
run_muster "validate: two Lone Aces are not legal" 1 \
	"convoy.ros:36:9: error: wk-con-ace-max: the roster has 2 selections of Lone Ace (maximum 1)" \
	validate $data "$f"
run_muster "set: one Lone Ace again" 0 "set mst-6 1" set $data "$f" mst-6 --models=1
run_muster "validate: legal again" 0 "convoy.ros: legal" validate -v $data "$f"
# The event's limit is 15 Scrap; the convoy costs 18.
cat >pack.xml <<'PACK'
<?xml version="1.0" encoding="UTF-8"?>
<event xmlns="urn:x-muster:event:1" version="1" name="Kettle Cup" system="wk-sys" ref="KC">
  <limit cost="wk-ct-7f3a" value="15" ref="KC-1"/>
</event>
PACK
mkdir lists
cp "$f" lists/
run_muster "tournament: over the event's limit" 1 \
	"error: KC-1: Convoy costs 18 Scrap, 3 over the event's limit of 15" \
	tournament -j 1 $data pack.xml lists
hasnt "tournament: the cost type not by its id" "$out" "wk-ct-7f3a"
tap_done
