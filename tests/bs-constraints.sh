#!/bin/sh
# BattleScribe's constraint semantics (issue 21) on the Pier Wardens fixtures
# (tests/data/bs-pier), each construct in its own roster: `muster validate` reports exactly
# the errors BattleScribe reports, with the owner, the entry and the constraint id, at
# FILE:LINE. Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bscon
d=$top/tests/data/bs-pier
cd "$tmp" || exit 1

# errors NAME ROSTER: validate ROSTER (exit 1), then its errors, file name cut, are exactly
# the lines on standard input (the note on what is not checked yet left out).
errors() {
	cat >"$tmp/want"
	"$MUSTER" validate --data-dir="$d" "$d/$2" 2>&1 | sed "s|^$d/||" | grep -v ': note: ' >"$tmp/got"
	same "$1" "$tmp/want" "$tmp/got"
}

# A breach is reported once for its scope (the parent, the force, the roster), on the first
# selection counted there, not once for each selection.
errors "once per force, parent and roster" watch-once.ros <<'E'
watch-once.ros:10:9: error: pw-con-lamp-max: Night Watch has 3 selections of Lamplighter (maximum 1)
watch-once.ros:15:13: error: pw-con-hook-lux: the parent of Boathook (Dock Crew) has 2 Lux in Boathook (maximum 1)
watch-once.ros:17:13: error: pw-con-oar-max: Night Watch has 3 selections of Oar (maximum 2)
watch-once.ros:23:13: error: pw-con-hook-lux: the parent of Boathook (Dock Crew) has 2 Lux in Boathook (maximum 1)
watch-once.ros:28:9: error: pw-con-bell-max: the roster has 2 selections of Bell Ringer (maximum 1)
E

# field="forces": a forceEntry's constraint counts the forces of its kind, checked for each
# of them (the roster's breach at the roster); an entry is no kind of force, so it counts
# none: a minimum above 0 is always broken where its catalogue is used, a maximum never.
errors "field forces, on forces and on entries" watch-forces.ros <<'E'
watch-forces.ros:4: error: pw-con-harbour-max: the roster has 2 forces of Harbour Patrol (maximum 1)
watch-forces.ros:4: error: pw-con-harbour-max: the roster has 2 forces of Harbour Patrol (maximum 1)
watch-forces.ros:4: error: pw-con-tide-min: the roster must have 1 more forces of Tide Watch (minimum 2)
watch-forces.ros:4: error: pw-con-clerk-min: the roster must have 1 more forces of Harbour Clerk (minimum 1)
watch-forces.ros:12:5: error: pw-con-tide-post: Tide Watch must have 1 more forces of Tide Watch (minimum 1)
watch-forces.ros:12:5: error: pw-con-ledger-min: Tide Watch must have 1 more forces of Ledger Keeper (minimum 1)
watch-forces.ros:12:5: error: pw-con-tallyman-pct: Tide Watch must have 1 more selections of Tallyman (minimum 50% of all, 1)
E
run_muster "field forces: what is not read yet, with its reason" 0 \
	"not enforced: percentage 1, scope 1, field 1, child forces of its own 1." \
	catalog --data-dir="$d" pw-sys

# percentValue: a percentage of everything counted the same way in the scope (a minimum of
# Tallyman above, in the force: none of its one unit, below 50%); at the limit is no breach.
errors "percentValue, of selections and of a cost" watch-percent.ros <<'E'
watch-percent.ros:9:9: error: pw-con-master-pct: Night Watch has 2 selections of Harbour Master (maximum 50% of all, 1)
watch-percent.ros:13:13: error: pw-con-flag-pct: the parent of Flag (Signal Crew) has 2 Lux in Flag (maximum 50% of all, 1)
E

# A repeat of percentValue: every 25% of the force's selections that are Lamplighters adds
# 1 Lux (a repeat summing a cost with includeChildSelections of any entry is not read yet).
errors "percentValue of a repeat" watch-repeat.ros <<'E'
watch-repeat.ros:4: error: the roster costs 12 Lux, over the Lux limit of 11
E
run_muster "percentValue of a repeat: the one not read yet" 0 \
	"4 constraints and 1 modifier are not enforced yet (0 conditions, 1 repeat)." \
	catalog --data-dir="$d" pw-sys

# shared: a constraint of shared="true" on a shared entry (or on one link to it) counts what
# every link to it made, one of shared="false" what its own link made; a condition or repeat of shared="false" names
# the entry itself, which no link's selection is.
errors "shared, on constraints, conditions and repeats" watch-shared.ros <<'E'
watch-shared.ros:16:9: error: pw-con-skiff-link: Night Watch has 2 selections of Skiff (maximum 1)
watch-shared.ros:16:9: error: pw-con-skiff-all: Night Watch has 3 selections of Skiff (maximum 2)
watch-shared.ros:16:9: error: pw-con-red-all: the roster has 3 selections of Skiff (maximum 2)
E
"$MUSTER" show --data-dir="$d" "$d/watch-shared.ros" >"$tmp/show" 2>&1
has "shared: a condition counts every link" "$tmp/show" "Senior Pilot"
hasnt "shared=false: a condition counts no link" "$tmp/show" "Lost Pilot"

# A group's and a child's min and max in their parent name their constraint, and a breach of
# a maximum stands on the parent selection, as BattleScribe reports it.
errors "groups and children: the constraint id, on the parent" watch-groups.ros <<'E'
watch-groups.ros:9:9: error: pw-con-ropes-min: Net Crew takes 0 of 'Ropes'; the catalog asks for at least 1
watch-groups.ros:11:13: error: pw-con-float-max: Net Crew takes option 'Float' 3 times; the catalog allows at most 2 for each 'Netter', 2 here
watch-groups.ros:11:13: error: pw-con-nets-max: Net Crew takes 2 of 'Nets' under this 'Netter'; the catalog allows at most 1 for each, 1 here
E
tap_done
