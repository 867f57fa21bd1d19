#!/bin/sh
# BattleScribe's cost modifiers on root entries (issue 21), on the Smithy fixtures
# (tests/data/bs-smithy): a set, increment or decrement changes the entry's own cost as it is
# paid (per model, or once for a unit of kinds of model), on a root entry or a root link, and
# its options' costs (their own modifiers applied) are added after; a set repeated sets once
# when it repeats at least once, and not at all when it repeats none. Read in the cost sheet,
# the BattleScribe roster written back and the catalogue's tally of what is not enforced.
# Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bssmithy
d=$top/tests/data/bs-smithy
data="--data-dir=$d"
cd "$tmp" || exit 1

step "cost sheet of the Forge" 0 '"total","Forge","","","","","","86"' \
	export --format=csv $data "$d/forge.ros"
says "set on a unit: 7, and its Hammer's 4 and Tongs' 3 + 1 after" \
	'"subtotal","Forge","Master","sm-se-master","","","","15"'
says "set on a model: 5 a head for 2" \
	'"subtotal","Forge","Apprentice","sm-se-apprentice","","","2","10"'
says "increment on a model: 4 + 1 a head for 3" \
	'"subtotal","Forge","Journeyman","sm-se-journeyman","","","3","15"'
says "set on a unit of models: 1 once, its 3 Hands' 2 each after" \
	'"subtotal","Forge","Crew","sm-se-crew","","","3","7"'
says "set on a root link: 6, its Horn's 2 after" \
	'"subtotal","Forge","Anvil","sm-el-anvil::sm-se-anvil","","","","8"'
says "set repeated twice: 9 once, its 2 Bellows after" \
	'"subtotal","Forge","Furnace","sm-se-furnace","","","","11"'
says "set repeated none: the Furnace's 20" \
	'"subtotal","Forge","Furnace","sm-se-furnace","","","","20"'

step "the roster written back" 0 '<cost name="coin" typeId="sm-ct-coin" value="86.0"/>' \
	export --format=ros $data "$d/forge.ros"
says "the Master's own line: 7" '<cost name="coin" typeId="sm-ct-coin" value="7.0"/>'

run_muster "every modifier of the catalogue enforced" 0 \
	"0 constraints and 0 modifiers are not enforced yet" catalog $data sm-sys
tap_done
