#!/bin/sh
# Malformed campaign rules and ledgers. (1) Each case changes one thing in a bundled system's
# <campaign> (a copy in a data directory of its own, which shadows the bundled file) that the
# schema lets through: the loader refuses the system with its own message at FILE:LINE[:COL],
# exit 2. (2) Each case adds one entry to the ledger of doc/examples/impondium-campaign.xml
# (or of a roster of another system) that the schema lets through: validate refuses the
# roster with its message at FILE:LINE, exit 2. Prints TAP. Needs MUSTER,
# MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir campaign-data
tap_show() {
	sed 's/^/# /' "$tmp/err" | head -10
}

# at FILE TEXT: the number of the first line of FILE holding TEXT (fixed).
at() {
	grep -nF -- "$2" "$1" | sed -n '1s/:.*//p'
}
# said FILE LINE MESSAGE: stderr holds MESSAGE (fixed) on a line that begins FILE:LINE.
said() {
	grep -F -- "$3" "$tmp/err" | grep -q "^[^ ]*$1:$2[:]"
}
# rules SYSTEM SED WHERE MESSAGE: SYSTEM's rules-xml changed by SED is refused with MESSAGE
# ("error: ..."), at the first line of the changed file that holds WHERE (an element's line
# is where its start tag ends).
rules() {
	rm -rf "$tmp/d"
	mkdir -p "$tmp/d/rules-xml"
	f=$tmp/d/rules-xml/$1.xml
	sed "$2" "$top/rules-xml/$1.xml" >"$f"
	line=$(at "$f" "$3")
	if cmp -s "$top/rules-xml/$1.xml" "$f" || [ -z "$line" ]; then
		echo "the sed expression changed nothing, or no line holds: $3" >"$tmp/err"
		not_ok "$1 rules: ${4#error: }"
		return
	fi
	"$MUSTER" catalog --data-dir "$tmp/d" "$1" >/dev/null 2>"$tmp/err"
	st=$?
	if [ "$st" -ne 2 ]; then
		echo "exit $st, expected 2" >>"$tmp/err"
		not_ok "$1 rules: ${4#error: }"
	elif ! said "rules-xml/$1.xml" "$line" "$4"; then
		echo "expected at line $line: $4" >>"$tmp/err"
		not_ok "$1 rules: ${4#error: }"
	else
		ok "$1 rules: ${4#error: }"
	fi
}

# The copies unchanged load: what the cases below refuse is their one change.
for sys in duckhammer daemon-rift; do
	rm -rf "$tmp/d"
	mkdir -p "$tmp/d/rules-xml"
	cp "$top/rules-xml/$sys.xml" "$tmp/d/rules-xml/"
	if "$MUSTER" catalog --data-dir "$tmp/d" "$sys" >/dev/null 2>"$tmp/err"; then
		ok "$sys rules: the copy loads"
	else
		not_ok "$sys rules: the copy loads"
	fi
done

rules duckhammer 's|<currency id="xp" name="Experience"|<currency id="rations" name="Experience"|' \
	'<currency id="rations" name="Experience"' "error: currency id 'rations' is missing or used twice"
rules duckhammer 's|<currency id="rations" name="Rations" pays="ap"/>|<currency id="rations" name="Rations" pays="gold"/>|' \
	'pays="gold"' "error: currency 'rations' pays an unknown cost type 'gold'"
rules duckhammer 's|<start pay="rations"|<start pay="xp"|' \
	'<start pay="xp"' 'error: currency '\''xp'\'' pays for units: give it pays="COST"'
rules duckhammer '/<start pay=/d' \
	'<campaign ref=' 'error: a <campaign> with a <progression> needs a <start pay="CURRENCY">'
rules duckhammer 's|<means id="trade"|<means id="foraging"|' \
	'<campaign ref=' "error: means id 'foraging' is used twice"
rules duckhammer 's|<step level="2" xp="4" band="1"/>|<step level="2" xp="0" band="1"/>|' \
	'<step level="2" xp="0"' 'error: a <step> needs xp="N", never less than the level before'
rules duckhammer 's|times="1/2"|times="1/0"|' \
	'times="1/0"' 'error: times="1/0" is no fraction such as 2/3'
rules duckhammer 's|<lost value="level" at-least="1"/>|<lost value="kind" at-least="1"/>|' \
	'<lost value="kind"' "error: <lost value=...> names 'kind', which is no whole-number unit attribute"
rules duckhammer 's|target="hp" gain|target="cs" gain|' \
	'desertion="desertion" ref="DHC-7"/>' "error: <recovery target=...> names 'cs', which is no whole-number unit attribute"
rules duckhammer 's|desertion="desertion"|desertion="nosuch"|' \
	'desertion="nosuch"' 'error: desertion="nosuch" names no yes/no field of the roster'
rules duckhammer 's|<scale below="360"|<scale below="100"|' \
	'<scale below="100"' 'error: <scale below=...> bounds must rise, the last without one'
rules duckhammer 's|<terrain id="woods"|<terrain id="open"|' \
	'<terrain id="open" name="woods"' "error: terrain id 'open' is used twice"
rules duckhammer 's|attr="sw">|attr="kind">|' \
	'attr="kind">' "error: <terrain attr=...> names 'kind', which is no whole-number or ladder unit attribute"
rules duckhammer 's|<speed value="S"|<speed value="Q"|' \
	'<speed value="Q"' 'error: <speed value="Q"> is no value of sw'
rules duckhammer 's|<advance id="bravery"|<advance id="armor"|' \
	'<advance id="armor" name="+1 Bravery"' "error: advance id 'armor' is missing or used twice"
rules duckhammer 's|from="faction" kind|from="grade" kind|' \
	'from="grade" kind=' 'error: choose="item" needs from="LEVEL" naming a level of the catalogs, not '\''grade'\'''
rules duckhammer 's|kind="weapon" same|kind="armour" same|' \
	'kind="armour"' 'error: kind="armour" names no item kind'
rules duckhammer 's|same="size cost"|same="size hp"|' \
	'same="size hp"' 'error: same="...hp..." names no item attribute'
rules daemon-rift 's|<award id="territory"|<award id="hold"|' \
	'<campaign ref=' "error: award id 'hold' is used twice"
rules daemon-rift 's|<outcome to="5" wounds="1"/>|<outcome to="5" wounds="1" dies="true"/>|' \
	'wounds="1" dies="true"' 'error: an <outcome> has one of dies="true", wounds="N" and down="N" (down="roll" with dice)'
rules daemon-rift 's|<outcome down="1"/>|<outcome down="roll" />|' \
	'<outcome down="roll" />' 'error: an <outcome> has one of dies="true", wounds="N" and down="N" (down="roll" with dice)'
rules daemon-rift 's|cost="pts" item-times|cost="gold" item-times|' \
	'<repair currency=' "error: <repair> needs cost=\"COST\" naming a cost type, not 'gold'"
rules daemon-rift 's|ref="DR-6">magic-item|ref="DR-6">magic-trinket|' \
	'<repair currency=' "error: <repair> names an unknown category 'magic-trinket'"
rules daemon-rift 's|advances="t" else="12"|advances="t" else="7"|' \
	'<roll-table id="unit"' "error: else=\"7\": no row of table 'unit' holds that roll"
rules daemon-rift 's|<row roll="10" advances="ld m"/>|<row roll="10" advances="ld fly"/>|' \
	'advances="ld fly"' "error: <row> names an unknown advance 'fly'"
rules daemon-rift 's|<row roll="12" advances="s bs"/>|<row roll="12" advances="s bs"/><row roll="13" advances="s"/>|' \
	'<row roll="13"' "error: attribute 'roll' of <row> must be a whole number from 2 to 12, not '13'"
rules daemon-rift 's|<roll-table id="character"|<roll-table id="unit"|' \
	'<roll-table id="unit" name="Character' "error: roll table id 'unit' is missing or used twice"

# ledger ENTRY MESSAGE: impondium-campaign.xml with ENTRY added at the end of its ledger is
# refused with MESSAGE ("error: ..."), at ENTRY's line.
ledger() {
	sed "s|^    </ledger>|      $1\\
    </ledger>|" "$top/doc/examples/impondium-campaign.xml" >"$tmp/c.xml"
	check "ledger: ${2#error: }" "$1" "$2"
}
# check NAME TEXT MESSAGE: validate refuses $tmp/c.xml with MESSAGE at the line holding TEXT.
check() {
	line=$(at "$tmp/c.xml" "$2")
	"$MUSTER" validate "$tmp/c.xml" >/dev/null 2>"$tmp/err"
	st=$?
	if [ -z "$line" ] || [ "$st" -ne 2 ]; then
		echo "exit $st, expected 2; at line '$line'" >>"$tmp/err"
		not_ok "$1"
	elif ! said c.xml "$line" "$3"; then
		echo "expected at line $line: $3" >>"$tmp/err"
		not_ok "$1"
	else
		ok "$1"
	fi
}
ledger '<battle result="win"><lost unit="sq1" models="1" rolls="five"/></battle>' \
	"error: rolls: 'five' is no die roll (write the number rolled, and +N for what was spent on it)"
ledger '<battle result="win"><lost unit="sq1" models="1" rolls="5+x"/></battle>' \
	"error: rolls: '5+x' is no die roll"
ledger '<battle result="win"><lost unit="sq1" models="1" morale="2" rolls="5"/></battle>' \
	"error: 2 of 1 models destroyed by morale"
ledger '<battle result="win" vp="2000000"/>' \
	"error: attribute 'vp' of <battle> must be a whole number from 0 to 1000000, not '2000000'"
ledger '<battle result="win"><hurt value="2000000"/></battle>' \
	"error: attribute 'value' of <hurt> must be a whole number from 0 to 1000000, not '2000000'"
ledger '<battle result="win"><lost unit="sq1" models="200000"/></battle>' \
	"error: attribute 'models' of <lost> must be a whole number from 0 to 100000, not '200000'"
ledger '<train unit="sq1" advance="hp" replaces="x"/>' "error: training 'hp' replaces no item"
ledger '<train unit="sq1" advance="barracks-weapon"/>' \
	"error: training 'barracks-weapon' brings an item: name it with item=\"ID\""
ledger '<train unit="sq1" advance="hp" roll="2000000"/>' \
	"error: attribute 'roll' of <train> must be a whole number from -1000000 to 1000000, not '2000000'"
ledger '<train unit="sq1" advance="ability" keyword="accurate"/>' \
	"error: training 'ability' grants a keyword of its unit: keyword=\"accurate\" is none"
ledger '<train unit="sq1" advance="hp" keyword="scout"/>' \
	"error: training 'hp' grants no keyword of the player's choice"
ledger '<gain currency="gold" amount="3"/>' \
	"error: unknown currency 'gold' (currencies: rations, xp)"
ledger '<gain currency="ration" amount="3"/>' \
	"error: unknown currency 'ration'; did you mean 'rations'? (currencies: rations, xp)"
ledger '<gain amount="3"/>' \
	"error: <gain> needs currency=\"ID\" naming a currency of the campaign"
ledger '<gain currency="rations" amount="2000000000"/>' \
	"error: attribute 'amount' of <gain> must be a whole number from -1000000000 to 1000000000, not '2000000000'"
ledger '<repair unit="sq1" wounds="1"/>' "error: this system's campaign has no repairs"
ledger '<xp unit="nosuch" amount="3"/>' \
	"error: the ledger names unit 'nosuch', which no list holds (give the unit id=\"nosuch\")"

# start MEANS MESSAGE: the ledger's <start> offers MEANS.
start() {
	sed "s|<start date=\"2026-09-01\" amount=\"300\"/>|<start date=\"2026-09-01\" amount=\"300\">$1</start>|" \
		"$top/doc/examples/impondium-campaign.xml" >"$tmp/c.xml"
	check "ledger: ${2#error: }" "$1" "$2"
}
start '<means id="trade" times="5000"/>' \
	"error: attribute 'times' of <means> must be a whole number from 1 to 1000, not '5000'"
start '<means id="barter"/>' "error: unknown means 'barter' (means: foraging, trade, tithe)"

# A ledger in a system without campaign rules.
cat >"$tmp/ah.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="2" system="actionhammer" name="AH">
  <list id="army" size="2000">
    <unit id="gt" entry="granite-troopers" models="2"/>
  </list>
  <campaign><ledger><start amount="100"/></ledger></campaign>
</roster>
XML
cp "$tmp/ah.xml" "$tmp/c.xml"
check "ledger: a system without campaign rules" "<campaign>" "error: system 'actionhammer' has no campaign rules"

tap_done
