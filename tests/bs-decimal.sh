#!/bin/sh
# Exact decimal costs in BattleScribe data (issue 21): The Mint (tests/data/bs-mint) pays
# Crowns in fractions. The builder's summary, validate's messages, and every export print
# them as exact decimals (0.1 + 0.1 + 0.1 is 0.3, a repeat of 0.05 three times 0.15); a cost
# type no entry has is left out of a .ros; a negative defaultCostLimit is no limit; a value
# with too many decimal places, or none at all, is refused at FILE:LINE (in a catalogue: the
# catalogue is left out of the system). Prints TAP. Needs MUSTER and srcdir, as `make check`
# sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsdecimal
d=$top/tests/data/bs-mint
data="--data-dir=$d"
cd "$tmp" || exit 1
f=mint.ros

run_muster "new: the default limit of 1.5 Crowns" 0 "Guild: 0 of 1.5 Crowns, 1.5 left" \
	new $data "$f" --system=mn-sys --list=mn-fe-guild --faction=mn-cat
has "new: the costLimit as BattleScribe writes it" "$f" \
	'<costLimit name="Crowns" typeId="mn-ct-crown" value="1.5"/>'
hasnt "new: no limit of Tokens (defaultCostLimit -3)" "$f" 'typeId="mn-ct-token" value="-'
run_muster "add: a Clerk, 0.1 Crowns" 0 "Guild: 0.1 of 1.5 Crowns, 1.4 left, 2 Tokens" \
	add $data "$f" Clerk
run_muster "add: a second Clerk" 0 "0.2 of 1.5 Crowns" add $data "$f" Clerk
run_muster "add: a third Clerk, 0.3 exactly" 0 "Guild: 0.3 of 1.5 Crowns, 1.2 left, 6 Tokens" \
	add $data "$f" Clerk
run_muster "validate: a cost constraint in decimals" 1 \
	"the roster has 0.3 Crowns in Clerk (maximum 0.25)" validate $data "$f"
run_muster "add: an Assayer, 0.25 and 0.05 per 0.1 Crowns of Clerks" 0 "0.7 of 1.5 Crowns" \
	add $data "$f" Assayer
run_muster "add: a Ledger of 0.125 Crowns" 0 "Guild: 0.825 of 1.5 Crowns, 0.675 left, 7 Tokens" \
	add $data "$f" Ledger

run_muster "export ros" 0 "" export $data --format=ros "$f"
cp "$out" out.ros
has "export ros: the roster's 0.825 Crowns" out.ros \
	'<cost name="Crowns" typeId="mn-ct-crown" value="0.825"/>'
has "export ros: whole Tokens as BattleScribe writes them" out.ros \
	'<cost name="Tokens" typeId="mn-ct-token" value="7.0"/>'
has "export ros: the Assayer's 0.4 Crowns" out.ros \
	'<cost name="Crowns" typeId="mn-ct-crown" value="0.4"/>'
has "export ros: the Ledger's 0.125 Crowns" out.ros \
	'<cost name="Crowns" typeId="mn-ct-crown" value="0.125"/>'
hasnt "export ros: no Seals, which no entry costs" out.ros 'mn-ct-seal'
run_muster "export csv: the total" 0 '"total","Guild","","","","","","0.825","7","0"' export $data --format=csv "$f"
run_muster "export text: the total" 0 "Crowns: 0.825 of 1.5 spent, 0.675 left" export $data --format=text "$f"
run_muster "export html: the limit" 0 "0.675 Crowns" export $data --format=html "$f"

run_muster "set: a limit of 0.8 Crowns" 0 "limit 0.8 mn-ct-crown" \
	set $data "$f" --limit=0.8:mn-ct-crown
run_muster "validate: over the limit by a fraction" 1 \
	"the roster costs 0.825 Crowns, over the Crowns limit of 0.8" validate $data "$f"
run_muster "set: a negative limit is none" 0 "limit -1 mn-ct-crown" \
	set $data "$f" --limit=-2:mn-ct-crown
hasnt "set: no costLimit left" "$f" "<costLimit "
cp "$f" kept.ros
run_muster "set: a limit finer than the Crowns' 3 places is refused" 2 \
	"--limit=0.0005:mn-ct-crown: give a number with at most 3 decimal places" \
	set $data "$f" --limit=0.0005:mn-ct-crown
same "set: refused, the file is unchanged" kept.ros "$f"

# A roster's costLimit finer than its cost type, or no number.
sed 's|</forces>|</forces><costLimits><costLimit name="Crowns" typeId="mn-ct-crown" value="0.0001"/></costLimits>|' \
	kept.ros >fine.ros
run_muster "roster: a costLimit of too many places" 2 \
	'value="0.0001": Muster reads at most 3 decimal places here' validate $data fine.ros
sed 's|value="0.0001"|value="lots"|' fine.ros >junk.ros
run_muster "roster: a costLimit that is no number" 2 'value="lots" is not a number from -1 to' \
	validate $data junk.ros

# Data with a value of too many places, or none at all, is refused where it stands: its
# catalogue is left out of the system, with a warning there.
mkdir bad
cp "$d/mint.gst" bad/
sed 's|value="0.125"|value="0.00001"|' "$d/mint.cat" >bad/mint.cat
line=$(grep -n 'value="0.00001"' bad/mint.cat | cut -d: -f1)
run_muster "data: a cost of five places" 0 \
	"mint.cat:$line:9: warning: catalogue 'Moneyers' [mn-cat] is left out: value=\"0.00001\": Muster reads at most 4 decimal places here" \
	catalog --data-dir=bad mn-sys
sed 's|value="0.125"|value="1.2.5"|' "$d/mint.cat" >bad/mint.cat
run_muster "data: a cost that is no number" 0 "is left out: value=\"1.2.5\" is not a number from" \
	catalog --data-dir=bad mn-sys
sed 's|value="0.125"|value="99999999999999999999"|' "$d/mint.cat" >bad/mint.cat
run_muster "data: a cost too large" 0 "is not a number from -10000000000000 to 10000000000000" \
	catalog --data-dir=bad mn-sys
cp "$d/mint.cat" bad/mint.cat
run_muster "catalog: costs in decimals" 0 "0.125 Crowns" catalog --data-dir=bad mn-sys

# Cost loops: a modifier counting its own cost, two counting each other's.
g=loops.ros
run_muster "loops: new" 0 "" new $data "$g" --system=mn-sys --list=mn-fe-guild --faction=mn-cat
run_muster "loops: a Minter counts its own Crowns" 0 \
	"modifier mn-mod-mint of mn-se-minter counts the Crowns it changes: it is not applied" \
	add $data "$g" Minter
run_muster "loops: the Minter's modifier is not applied" 0 "Crowns: 1 of 1.5 spent" \
	show $data "$g"
run_muster "loops: legal without the Minter" 0 "Legality: legal" remove $data "$g" mst-2
run_muster "loops: a Warden alone is legal" 0 "Guild: 0 of 1.5 Crowns, 1.5 left, 3 Tokens (1 unit)" \
	add $data "$g" Warden
hasnt "loops: a Warden alone, no error" "$out" "error"
run_muster "loops: a Keeper with the Warden, one error" 0 \
	"the Tokens of mn-se-keeper and of mn-se-warden count each other: their modifiers are not applied" \
	add $data "$g" Keeper
run_muster "loops: their Tokens stay 3 each" 0 "Keeper                                                 0       3" \
	show $data "$g"
tap_done
