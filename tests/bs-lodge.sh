#!/bin/sh
# Gaps that WarHub/battlescribe-spec found (issue 21), on tests/data/bs-lodge: a hidden
# forceEntry (its hidden="true", or a set-hidden modifier whose condition holds) makes a
# warning at the force, never an error (BattleScribe reports none); every force lists its
# catalogue's root rules, then the game system's; a condition of scope primary-catalogue
# counts in every force of the force's catalogue, and only there. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bslodge
d=$top/tests/data/bs-lodge
data="--data-dir=$d"
cd "$tmp" || exit 1

# Hidden forces.
f=camp.ros
run_muster "forces: a Camp" 0 "force mst-1" new $data "$f" --system=lg-sys --list=lg-fe-camp --faction=lg-cat
run_muster "forces: a Tower" 0 "force mst-2" add-force $data "$f" lg-fe-tower --faction=lg-cat
run_muster "forces: one Bell Ringer" 0 "added" add $data "$f" "Bell Ringer" --list=mst-1
run_muster "forces: one Bell Ringer, the Tower shown" 0 "" validate $data "$f"
hasnt "forces: no warning while one Bell Ringer" "$out" "hidden force"
run_muster "forces: two Bell Ringers" 0 "added" add $data "$f" "Bell Ringer" --list=mst-1
run_muster "forces: the Tower's modifier hides it, legal still" 0 "warning: hidden: Tower is a hidden force" validate $data "$f"
hasnt "forces: the Camp is not hidden" "$out" "Camp is a hidden"
run_muster "forces: a Vault" 0 "force mst-5" add-force $data "$f" lg-fe-vault --faction=lg-cat
run_muster "forces: the Vault is hidden" 0 "Vault is a hidden force" validate $data "$f"
run_muster "forces: xml names the force's line" 0 'severity="warning"' validate --format=xml $data "$f"

# Root rules: each force lists its catalogue's, then the game system's, a hidden one not.
run_muster "rules: export" 0 "<roster" export $data --format=ros "$f"
cp "$out" camp.xml
n=$(grep -A3 '<rule id="lg-rule-toll" name="Toll" hidden="false">' camp.xml |
	grep -c '<rule id="lg-rule-curfew" name="Curfew" publicationId="lg-pub" page="3" hidden="false">')
if [ "$n" -eq 3 ]; then
	ok "rules: each of the three forces lists Toll, then Curfew with its page"
else
	tap_fail "rules: each of the three forces lists Toll, then Curfew with its page" "$n found" camp.xml
fi
has "rules: escaped" camp.xml "<description>Each guest pays &amp; bows.</description>"
hasnt "rules: a hidden rule is not listed" camp.xml "Secret Rite"

# A condition of scope primary-catalogue counts in the forces of the checked force's catalogue.
p=porter.ros
run_muster "catalogue: a Lodgers' Camp" 0 "force mst-1" new $data "$p" --system=lg-sys --list=lg-fe-camp --faction=lg-cat
run_muster "catalogue: a Porter" 0 "added mst-2" add $data "$p" Porter
run_muster "catalogue: a Rovers' Camp" 0 "force mst-3" add-force $data "$p" lg-fe-camp --faction=lg-cat2
run_muster "catalogue: a Warden with the Rovers" 0 "added mst-4" add $data "$p" Warden --list=mst-3
run_muster "catalogue: another catalogue's Warden is not counted" 0 'name="Porter" entryId' export $data --format=ros "$p"
run_muster "catalogue: a second Lodgers' Camp" 0 "force mst-5" add-force $data "$p" lg-fe-camp --faction=lg-cat
run_muster "catalogue: a Warden with the Lodgers" 0 "added mst-6" add $data "$p" Warden --list=mst-5
run_muster "catalogue: a Warden in another force of its catalogue is" 0 'name="Porter watched" entryId' export $data --format=ros "$p"
tap_done
