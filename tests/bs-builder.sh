#!/bin/sh
# The builder on a BattleScribe roster (issue 21): `muster new FILE.ros`, then add, set,
# remove and add-force build a Harbour Rats roster (tests/data/bs-harbour) from nothing, step
# by step. Each step's printed ids ("force ID", "added ID", "selected ENTRYID ID"), the file
# (well-formed, its selections, numbers and costs), its verdict, and its round trip through
# `export --format=ros` are checked; the refusals (an unknown entry, an unknown selection,
# an entry its parent may not take) exit 2 with the file unchanged. Prints TAP. Needs MUSTER
# and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsbuild
d=$top/tests/data/bs-harbour
data="--data-dir=$d"
cd "$tmp" || exit 1
f=gang.ros
wellformed() {
	if ! command -v xmllint >/dev/null 2>&1; then
		skip "$1: well-formed (no xmllint)"
	elif xmllint --noout "$f" 2>"$err"; then
		ok "$1: well-formed"
	else
		not_ok "$1: well-formed" "$err"
	fi
}
verdict() {
	run_muster "$1: validate" "$2" "$3" validate $data "$f"
}
sel() {
	has "$1" "$f" "$2"
}

step "new: a roster of one force" 0 "force mst-1" \
	new $data "$f" --system=hbr-sys-7a1 --list=hbr-fe-gang --faction=hbr-cat-dock --limit=100
says "new: the limit said" "limit 100 hbr-ct-scrip"
wellformed "new"
sel "new: the force" '<force id="mst-1" name="Harbour Gang" entryId="hbr-fe-gang" catalogueId="hbr-cat-dock"'
sel "new: the cost limit" '<costLimit name="Scrip" typeId="hbr-ct-scrip" value="100.0"/>'
verdict "new" 0 ""
run_muster "new: refused when the file exists" 2 "exists already" \
	new $data "$f" --system=hbr-sys-7a1 --list=hbr-fe-gang --faction=hbr-cat-dock

step "add: the Bosun by name" 0 "added mst-2" add $data "$f" Bosun
says "add: the Bosun's default sidearm" "selected hbr-el-bosun-side::hbr-se-cutlass mst-3"
sel "add: the Bosun's selection" '<selection id="mst-2" name="Bosun" entryId="hbr-se-bosun" number="1" type="model">'
sel "add: its cutlass" '<selection id="mst-3" name="Rusty Cutlass" entryId="hbr-el-bosun-side::hbr-se-cutlass"'
wellformed "add Bosun"
verdict "add Bosun" 0 ""

step "add: the Deck Crew by id" 0 "added mst-4" add $data "$f" hbr-se-crew --list=mst-1
says "add: its First Mate (min 1)" "selected hbr-se-mate mst-5"
says "add: the Mate's default sidearm" "selected hbr-el-mate-side::hbr-se-cutlass mst-6"
# a Deckhand is instanced (its net is not collective): three selections of their own
says "add: its three Deckhands (min 3)" "selected hbr-se-hand mst-7"
says "add: the second Deckhand" "selected hbr-se-hand mst-8"
says "add: the third Deckhand" "selected hbr-se-hand mst-9"
sel "add: a Deckhand, 5 Scrip" '<selection id="mst-7" name="Deckhand" entryId="hbr-se-hand" number="1" type="model">'
sel "add: the third Deckhand apart" '<selection id="mst-9" name="Deckhand" entryId="hbr-se-hand" number="1" type="model">'
sel "add: the roster costs 43" '<cost name="Scrip" typeId="hbr-ct-scrip" value="43.0"/>'
wellformed "add Deck Crew"
verdict "add Deck Crew" 0 ""

step "add: a net under a Deckhand" 0 "added mst-10" add $data "$f" "Throwing Net" --under=mst-7
sel "add: the net in its Deckhand" '<selection id="mst-10" name="Throwing Net" entryId="hbr-se-net" number="1" type="upgrade">'
verdict "add net" 0 ""

step "add: a fourth Deckhand" 0 "added mst-11" add $data "$f" Deckhand --under=mst-4
sel "add: a selection of its own" '<selection id="mst-11" name="Deckhand" entryId="hbr-se-hand" number="1" type="model">'
sel "add: the roster costs 49" '<cost name="Scrip" typeId="hbr-ct-scrip" value="49.0"/>'

step "set: a limit of 40" 0 "limit 40 hbr-ct-scrip" set $data "$f" --limit=40
verdict "limit 40" 1 "the roster costs 49 Scrip, over the Scrip limit of 40"
step "set: a limit of 100 Scrip" 0 "limit 100 hbr-ct-scrip" set $data "$f" --limit=100:Scrip
verdict "limit 100" 0 ""

step "add-force: a child force" 0 "force mst-12" add-force $data "$f" hbr-fe-shore --child-of=mst-1
sel "add-force: within the gang" '<force id="mst-12" name="Shore Party" entryId="hbr-fe-shore"'
step "add: a Tide Witch to the child force" 0 "added mst-13" add $data "$f" "Tide Witch" --list=mst-12
verdict "child force" 0 ""

step "set --copy: a second Bosun" 0 "added mst-14" set $data "$f" mst-2 --copy
says "set --copy: its cutlass copied" "selected hbr-el-bosun-side::hbr-se-cutlass mst-15"
verdict "two Bosuns" 1 "hbr-con-bosun: the roster has 2 selections of Bosun (maximum 1)"
step "remove: the second Bosun" 0 "removed mst-14" remove $data "$f" mst-14
hasnt "remove: gone from the file" "$f" 'id="mst-14"'
step "remove: the Bosun's cutlass" 0 "removed mst-3" remove $data "$f" mst-3
verdict "no sidearm" 1 "Bosun takes 0 of 'Sidearm'; the catalog asks for at least 1"
step "add: the sidearm again, a Boathook (the largest id removed is given again)" 0 "added mst-14" add $data "$f" Boathook --under=mst-2
verdict "a Boathook" 0 ""
step "remove: the child force" 0 "removed mst-12" remove $data "$f" mst-12
hasnt "remove: the child force gone" "$f" 'mst-13'
wellformed "the end"

expect_kept "refused: an unknown entry" 2 "no entry 'Kraken'" "$f" \
	"$MUSTER" add $data "$f" Kraken
expect_kept "refused: an unknown selection" 2 "no selection 'mst-99'" "$f" \
	"$MUSTER" add $data "$f" "Throwing Net" --under=mst-99
expect_kept "refused: a net on the Bosun" 2 "'Throwing Net' is no entry that 'Bosun' may take" "$f" \
	"$MUSTER" add $data "$f" "Throwing Net" --under=mst-2
expect_kept "refused: removing an unknown selection" 2 "no selection or force 'mst-99'" "$f" \
	"$MUSTER" remove $data "$f" mst-99
expect_kept "refused: an unknown force entry" 2 "unknown force entry 'hbr-fe-nope'" "$f" \
	"$MUSTER" add-force $data "$f" hbr-fe-nope

step "new: an empty roster" 0 "Legality: legal" new $data empty.ros --system=hbr-sys-7a1
step "add-force: a top force of an empty roster" 0 "force mst-1" \
	add-force $data empty.ros hbr-fe-gang --faction=hbr-cat-dock
run_muster "add-force: a child force entry at the top is refused" 2 "cannot stand there" \
	add-force $data empty.ros hbr-fe-shore

"$MUSTER" export $data --format=ros "$f" >again.ros 2>"$err"
same "round trip: export --format=ros writes the same bytes" "$f" again.ros

# A unit of kinds of model with a cost of its own pays it once (its selection is number 1),
# not once per model: Deck Crew at 10 Scrip, its First Mate 8 and three Deckhands 15.
mkdir hb && cp "$d"/* hb/ &&
	sed -i 's|<selectionEntry id="hbr-se-crew"[^>]*>|&<costs><cost name="Scrip" typeId="hbr-ct-scrip" value="10"/></costs>|' hb/dockside.cat
step "unit cost: new" 0 "force mst-1" new --data-dir=hb crew.ros --system=hbr-sys-7a1 \
	--list=hbr-fe-gang --faction=hbr-cat-dock
step "unit cost: add a Deck Crew" 0 "added mst-2" add --data-dir=hb crew.ros "Deck Crew"
has "unit cost: the crew's own 10 Scrip, once" crew.ros \
	'<cost name="Scrip" typeId="hbr-ct-scrip" value="10.0"/>'
has "unit cost: the roster costs 33" crew.ros '<cost name="Scrip" typeId="hbr-ct-scrip" value="33.0"/>'
# A root entry of import="false" stays in its own catalogue: the Dockside gang, which imports
# the Armoury's root entries, does not get its Lock Keeper.
sed -i '0,/<selectionEntries>/s|<selectionEntries>|&<selectionEntry id="hbr-se-keeper" name="Lock Keeper" hidden="false" collective="false" import="false" type="model"/>|' hb/armoury.cat
expect_kept "import=false: not offered by a catalogue that imports its own" 2 \
	"no entry 'Lock Keeper'" crew.ros "$MUSTER" add --data-dir=hb crew.ros "Lock Keeper"
step "import=false: the Armoury's other entries still are" 0 "added" \
	add --data-dir=hb crew.ros "Tide Witch"
# A cost type whose name is wider than a cost column gets a column as wide as its name.
sed -i 's|name=" Scrip"|name="Harbour Scrip Tokens"|' hb/*.gst
run_muster "text export: a wide cost column" 0 "Models Harbour Scrip Tokens" \
	export --data-dir=hb --format=text crew.ros
has "text export: the crew's 33 under its heading" "$out" "                  33"

# Quay Watch (tests/data/bs-quay): a cost type's defaultCostLimit, a root entry link named by
# its link id, a group's member that its own minimum selects, a collective upgrade.
q="--data-dir=$top/tests/data/bs-quay"
f=quay.ros
step "new: the default cost limit" 0 "force mst-1" \
	new $q "$f" --system=qy-sys --list=qy-fe-watch --faction=qy-cat
sel "new: the costLimit of defaultCostLimit 50" '<costLimit name="Points" typeId="qy-ct-pts" value="50.0"/>'
step "add: a root entry by its link id" 0 "added mst-2" add $q "$f" qy-el-squad
says "add: the Pike, in a group, by its own min" "selected qy-el-squad::qy-se-pike mst-3"
sel "add: the Pike in its group" '<selection id="mst-3" name="Pike" entryId="qy-el-squad::qy-se-pike" entryGroupId="qy-el-squad::qy-seg-arms" number="1" type="upgrade">'
hasnt "add: not the Club, the group's other member" "$f" 'name="Club"'
step "add: Guards" 0 "added mst-4" add $q "$f" Guard --under=mst-2
step "set: three Guards" 0 "set mst-4 3" set $q "$f" mst-4 --models=3
step "add: a Lantern, collective, one per Guard" 0 "added mst-5" add $q "$f" Lantern --under=mst-4
sel "add: three Lanterns" '<selection id="mst-5" name="Lantern" entryId="qy-el-squad::qy-se-lantern" number="3" type="upgrade">'
# every option under an option is taken per one of its parent, as the reference multiplies
step "add: a Badge, not collective" 0 "added mst-6" add $q "$f" qy-se-badge --under=mst-4
sel "add: a Badge for each of three Guards" '<selection id="mst-6" name="Badge" entryId="qy-el-squad::qy-se-badge" number="3" type="upgrade">'
step "set: two Guards" 0 "set mst-4 2" set $q "$f" mst-4 --models=2
sel "set: the Lanterns follow, two" '<selection id="mst-5" name="Lantern" entryId="qy-el-squad::qy-se-lantern" number="2" type="upgrade">'
sel "set: the Badges follow too, two" '<selection id="mst-6" name="Badge" entryId="qy-el-squad::qy-se-badge" number="2" type="upgrade">'
step "set: a collective count is per one of its parent" 0 "set mst-5 4" set $q "$f" mst-5 --models=2
sel "set: four Lanterns for two Guards" '<selection id="mst-5" name="Lantern" entryId="qy-el-squad::qy-se-lantern" number="4" type="upgrade">'
step "set --copy: a copy of the force" 0 "force mst-7" set $q "$f" mst-1 --copy
says "set --copy: its squad copied" "selected qy-el-squad::qy-se-squad mst-8"
sel "set --copy: the copy written" '<force id="mst-7" name="Watch" entryId="qy-fe-watch"'
sel "set --copy: the copy's Lanterns" '<selection id="mst-11" name="Lantern" entryId="qy-el-squad::qy-se-lantern" number="4" type="upgrade">'
wellformed "Quay Watch"

# The order of a Tally and Taper roster (tests/data/bs-tally): each selection written after
# those taken before it, as BattleScribe writes its file, not by name (Candle, Lantern, Taper)
# nor by category (the Lights Candle and Taper before the Tool Lantern).
td="--data-dir=$top/tests/data/bs-tally"
f=shelf.ros
step "Tally: a roster of one force" 0 "force mst-1" \
	new $td "$f" --system=tl-sys --list=tl-fe-shelf --faction=tl-cat
step "Tally: a Taper" 0 "added mst-2" add $td "$f" Taper
step "Tally: a Lantern" 0 "added mst-3" add $td "$f" Lantern
step "Tally: a Trimmer under the Lantern" 0 "added mst-4" add $td "$f" Trimmer --under=mst-3
step "Tally: a Snuffer under the Lantern" 0 "added mst-5" add $td "$f" Snuffer --under=mst-3
step "Tally: a Candle" 0 "added mst-6" add $td "$f" Candle
sed -n 's/.*<selection id="\([^"]*\)" name="\([^"]*\)".*/\1 \2/p' "$f" >order.got
printf '%s\n' "mst-2 Taper" "mst-3 Lantern" "mst-4 Trimmer" "mst-5 Snuffer" "mst-6 Candle" >order.want
same "Tally: the selections in the order taken" order.want order.got
wellformed "Tally"
tap_done
