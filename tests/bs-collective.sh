#!/bin/sh
# Collective and instanced entries of BattleScribe rosters (issue 21), on the Cairn Rangers
# fixtures (tests/data/bs-cairn): `new` takes the entry each force must take; an entry whose
# options are all collective is counted on one selection, an instanced one (an option below it
# not collective) is a selection of its own each time, when added, when its minimum is taken
# and when read; an option under an option is taken, set and removed per one of its parent,
# and setting a number scales the options below it (below a unit, its collective ones); one
# numbered more than one per parent loses one per parent when removed. Prints TAP. Needs
# MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bscoll
d=$top/tests/data/bs-cairn
data="--data-dir=$d"
cd "$tmp" || exit 1
f=moor.ros
sel() {
	has "$1" "$f" "$2"
}
# count NAME N PATTERN: the file holds N lines matching PATTERN.
count() {
	c=$(grep -c -- "$3" "$f")
	if [ "$c" = "$2" ]; then
		ok "$1"
	else
		tap_fail "$1" "$c lines of '$3', expected $2" "$f"
	fi
}

step "new: the Warden every force must take" 0 "selected cn-se-warden mst-2" \
	new $data "$f" --system=cn-sys --list=cn-fe-patrol --faction=cn-cat
sel "new: the Warden written" '<selection id="mst-2" name="Warden" entryId="cn-se-warden" number="1" type="unit">'

step "add: a Band" 0 "added mst-3" add $data "$f" Band
says "add: its first Tracker" "selected cn-se-tracker mst-4"
says "add: its second Tracker, apart" "selected cn-se-tracker mst-5"
count "add: two Tracker selections" 2 'name="Tracker" entryId="cn-se-tracker" number="1"'

step "add: a Scout" 0 "added mst-6" add $data "$f" Scout --under=mst-3
step "add: a second Scout, counted on the first" 0 "added mst-6" add $data "$f" Scout --under=mst-3
sel "add: one Scout selection of two" '<selection id="mst-6" name="Scout" entryId="cn-se-scout" number="2" type="upgrade">'
step "add: a third Tracker, a selection of its own" 0 "added mst-7" add $data "$f" Tracker --under=mst-3
count "add: three Tracker selections" 3 'name="Tracker" entryId="cn-se-tracker" number="1"'

step "add: a Hound for the first Tracker" 0 "added mst-8" add $data "$f" Hound --under=mst-4
step "add: a Horn for the first Tracker" 0 "added mst-9" add $data "$f" Horn --under=mst-4
count "add: the Horn on that Tracker only" 1 'name="Horn"'

step "set: the first Tracker is three" 0 "set mst-4 3" set $data "$f" mst-4 --models=3
sel "set: its Hound follows, three" '<selection id="mst-8" name="Hound" entryId="cn-se-hound" number="3" type="upgrade">'
sel "set: its Horn follows, three" '<selection id="mst-9" name="Horn" entryId="cn-se-horn" number="3" type="upgrade">'
step "set: two Horns per Tracker" 0 "set mst-9 6" set $data "$f" mst-9 --models=2
sel "set: six Horns" '<selection id="mst-9" name="Horn" entryId="cn-se-horn" number="6" type="upgrade">'
step "remove: one Horn per Tracker" 0 "removed mst-9" remove $data "$f" mst-9
sel "remove: three Horns left" '<selection id="mst-9" name="Horn" entryId="cn-se-horn" number="3" type="upgrade">'
step "remove: the last Horn per Tracker" 0 "removed mst-9" remove $data "$f" mst-9
count "remove: no Horn left" 0 'name="Horn"'
step "set: the Tracker back to one" 0 "set mst-4 1" set $data "$f" mst-4 --models=1
sel "set: its Hound back to one" '<selection id="mst-8" name="Hound" entryId="cn-se-hound" number="1" type="upgrade">'

# the largest id removed (mst-9) is given again
step "add: three Trackers at once" 0 "added mst-9" add $data "$f" Tracker 3 --under=mst-3
says "add: the second of them" "selected cn-se-tracker mst-10"
says "add: the third of them" "selected cn-se-tracker mst-11"
count "add: six Tracker selections" 6 'name="Tracker" entryId="cn-se-tracker" number="1"'
step "add: Trackers past a unit's selections, counted on one" 0 "added mst-12" \
	add $data "$f" Tracker 100000 --under=mst-3
sel "add: one selection of 100000" '<selection id="mst-12" name="Tracker" entryId="cn-se-tracker" number="100000" type="upgrade">'
step "add: a Banner for the Band" 0 "added mst-13" add $data "$f" Banner --under=mst-3
step "set: two Bands" 0 "set mst-3 2" set $data "$f" mst-3 --models=2
sel "set: the collective Banner follows the Band, two" '<selection id="mst-13" name="Banner" entryId="cn-se-banner" number="2" type="upgrade">'
sel "set: a Scout under the Band does not" '<selection id="mst-6" name="Scout" entryId="cn-se-scout" number="2" type="upgrade">'
step "add: a second Banner per Band" 0 "added mst-13" add $data "$f" Banner --under=mst-3
sel "add: four Banners" '<selection id="mst-13" name="Banner" entryId="cn-se-banner" number="4" type="upgrade">'
step "remove: one Banner per Band" 0 "removed mst-13" remove $data "$f" mst-13
sel "remove: two Banners left" '<selection id="mst-13" name="Banner" entryId="cn-se-banner" number="2" type="upgrade">'
step "remove: a Scout goes whole" 0 "removed mst-6" remove $data "$f" mst-6
count "remove: no Scout left" 0 'name="Scout"'
run_muster "the end: legal" 0 "moor.ros: legal" validate -v $data "$f"

# reading: Scouts (counted) merged, Trackers (instanced) kept apart, their bounds summed
f=read.ros
"$MUSTER" export $data --format=ros "$d/band-read.ros" >"$f" 2>"$err"
sel "read: two Scouts counted on one" '<selection id="cn-s-3" name="Scout" entryId="cn-se-scout" number="2" type="upgrade">'
sel "read: their Slings too" '<selection id="cn-s-4" name="Sling" entryId="cn-se-sling" number="2" type="upgrade">'
count "read: two Trackers apart" 2 'name="Tracker" entryId="cn-se-tracker" number="1"'
count "read: each with its Hound" 2 'name="Hound" entryId="cn-se-hound" number="1"'
run_muster "read: two Trackers make the minimum" 0 "band-read.ros: legal" validate -v $data "$d/band-read.ros"
step "read: one Tracker removed" 0 "removed cn-s-9" remove $data "$f" cn-s-9
run_muster "read: one Tracker is below the minimum" 1 \
	"cn-con-tracker: Band must take option 'Tracker' at least 2 times" validate $data "$f"
tap_done
