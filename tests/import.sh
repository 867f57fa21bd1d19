#!/bin/sh
# `muster import` reads pasted plain-text lists. (1) Round trip: for every rules case of the
# bundled systems (tests/rules/*/) and the bundled example army, `muster show`'s text,
# imported again, shows the same list (the violations' FILE:LINE lines aside, since the file
# differs), and the same through `muster export --format=text`. Campaign rosters are left
# out: their trainings come from the ledger, which a printed list does not hold. (2) Pasted forms, unreadable lines with their numbers,
# and "did you mean" for misspelt names. Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and
# srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir import
strip() {
	sed '/^  .*: \(error\|warning\): /d'
}

n=0
# The systems of the test data too (clockwork: list choices, custom limits in another cost
# type; toy, tempo), each case with the data directory its header names, as run-rules.sh does.
for sys in actionhammer daemon-rift duck duckhammer scrollhammer clockwork toy tempo flotilla; do
	bad=0
	count=0
	for f in "$top"/tests/rules/$sys/*.xml "$top"/doc/examples/impondium-strike-force.xml \
		"$top"/doc/examples/illegal-strike-force.xml; do
		case $f in */doc/examples/*) [ "$sys" = duckhammer ] || continue ;; esac
		# Campaign rosters: their trainings come from a ledger no printed list holds.
		grep -q '<campaign' "$f" && continue
		# A force with a battle size and a <limit> of its own prints as "Armada (limit 30
		# oa)", which import reads as the size alone (flotilla's child forces with limits).
		[ "$sys" = flotilla ] && grep -q '<limit' "$f" && continue
		dd=$(sed -n 's/^<!-- data-dir: \(.*\) -->$/\1/p' "$f" | head -1)
		set -- ${dd:+--data-dir "$top/$dd"}
		"$MUSTER" validate "$@" "$f" >/dev/null 2>&1
		[ $? -eq 2 ] && continue # needs data of its own (run-rules.sh gives it)
		"$MUSTER" show "$@" "$f" 2>/dev/null | strip >"$tmp/a.txt" || continue
		count=$((count + 1))
		if ! "$MUSTER" import "$@" "$tmp/a.txt" >"$tmp/b.xml" 2>"$tmp/e"; then
			bad=$((bad + 1))
			echo "# import failed: $f"
			sed 's/^/#   /' "$tmp/e" | head -5
			continue
		fi
		"$MUSTER" show "$@" "$tmp/b.xml" 2>/dev/null | strip >"$tmp/c.txt"
		if ! cmp -s "$tmp/a.txt" "$tmp/c.txt"; then
			bad=$((bad + 1))
			echo "# not the same list: $f"
			diff "$tmp/a.txt" "$tmp/c.txt" | sed 's/^/#   /' | head -10
			continue
		fi
		# The same through muster export --format=text.
		"$MUSTER" export "$@" --format=text "$f" 2>/dev/null | strip >"$tmp/a.txt"
		if ! "$MUSTER" import "$@" "$tmp/a.txt" >"$tmp/b.xml" 2>"$tmp/e" ||
		   ! "$MUSTER" export "$@" --format=text "$tmp/b.xml" 2>/dev/null | strip >"$tmp/c.txt" ||
		   ! cmp -s "$tmp/a.txt" "$tmp/c.txt"; then
			bad=$((bad + 1))
			echo "# export --format=text does not round-trip: $f"
			sed 's/^/#   /' "$tmp/e" | head -5
		fi
	done
	n=$((n + count))
	if [ "$count" -gt 0 ] && [ "$bad" -eq 0 ]; then
		ok "$sys: $count lists shown (and exported as text), imported and shown again are the same"
	else
		not_ok "$sys: $bad of $count lists do not round-trip"
	fi
done

# --- pasted forms ---------------------------------------------------------------------------
cat >"$tmp/paste.txt" <<'TXT'
10x Quack Marine [70]
Quack Marine x10
Quack Marine x5 (35 pts)
Marine Sergeant [Trained]
  + Extra pistol
1st Squad (Quack Marine)
TXT
if "$MUSTER" import --system=duckhammer --size=large-skirmish --faction=impondium \
	"$tmp/paste.txt" >"$tmp/p.xml" 2>"$tmp/e"; then
	ok "paste: every form is read"
else
	not_ok "paste: every form is read" "$tmp/e"
fi
for want in '<unit entry="quack-marine" models="10" id="quack-marine-1"/>' \
	'<unit entry="quack-marine" models="5" id="quack-marine-3"/>' 'last-id="5"' \
	'<option id="trained"/>' '<option id="extra-pistol"/>' 'name="1st Squad"'; do
	if grep -qF -- "$want" "$tmp/p.xml"; then ok "paste: $want"; else not_ok "paste: $want" "$tmp/p.xml"; fi
done
if grep -c '<unit entry="quack-marine" models="10" id=' "$tmp/p.xml" | grep -qx 2; then
	ok "paste: 10x NAME and NAME x10 are the same unit"
else
	not_ok "paste: 10x NAME and NAME x10 are the same unit" "$tmp/p.xml"
fi
"$MUSTER" import -o "$tmp/p2.xml" --system=duckhammer --size=large-skirmish --faction=impondium \
	"$tmp/paste.txt" >"$tmp/out" 2>&1
if "$MUSTER" validate "$tmp/p2.xml" >/dev/null 2>&1 || [ $? -eq 1 ]; then
	ok "paste: --output writes a roster that loads"
else
	not_ok "paste: --output writes a roster that loads" "$tmp/out"
fi

cat >"$tmp/bad.txt" <<'TXT'
10x Quack Marine [70]
3x Au'k Divr

Marine Sergeant [Traind]
[[ nothing ]]
TXT
"$MUSTER" import --system=duckhammer --size=large-skirmish "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/e"
st=$?
if [ $st -eq 2 ] && [ ! -s "$tmp/out" ]; then ok "bad lines: exit 2, nothing written"; else not_ok "bad lines: exit 2, nothing written" "$tmp/e"; fi
for want in "bad.txt:2: error: unknown entry 'Au'k Divr' in system 'duckhammer'; did you mean 'Au'k Diver'?" \
	"bad.txt:4: error: 'Marine Sergeant' has no option 'Traind'; did you mean 'Trained'?" \
	"bad.txt:5: error: cannot read this line: '[[ nothing ]]'"; do
	if grep -qF -- "$want" "$tmp/e"; then ok "bad lines: $want"; else not_ok "bad lines: $want" "$tmp/e"; fi
done
printf 'Game: Duckhamer\n10x Quack Marine\n' >"$tmp/game.txt"
"$MUSTER" import "$tmp/game.txt" >/dev/null 2>"$tmp/e"
if grep -qF "game.txt:1: error: unknown game system 'Duckhamer'; did you mean 'duckhammer'?" "$tmp/e"; then
	ok "a misspelt game gets a did-you-mean"
else
	not_ok "a misspelt game gets a did-you-mean" "$tmp/e"
fi
# --- options, usage and hostile text ----------------------------------------------------------
# imp NAME STATUS PATTERN ARGS...: muster import ARGS exits STATUS, PATTERN (fixed) in its
# output; $tmp/out holds its standard output, then its standard error.
imp() {
	tap_name=$1 tap_want=$2 tap_text=$3
	shift 3
	expect "$tap_name" "$tap_want" "$tap_text" "$MUSTER" import "$@"
	cat "$err" >>"$out"
}
dh="--system=duckhammer --faction=impondium"
printf '10x Quack Marine\n' >"$tmp/one.txt"
imp "usage: no FILE" 2 "import takes one text FILE" $dh
imp "usage: two FILEs" 2 "import takes one text FILE" $dh "$tmp/one.txt" "$tmp/one.txt"
imp "usage: an unknown option" 2 "invalid option '--bogus'" --bogus "$tmp/one.txt"
imp "usage: --limit not a number" 2 "--limit=lots: give a whole number" $dh --limit=lots "$tmp/one.txt"
imp "an unknown --system" 2 "unknown game system 'nosuch' (known: actionhammer, daemon-rift" \
	--system=nosuch "$tmp/one.txt"
imp "--limit and --name" 0 '<limit value="150"/>' $dh --limit=150 --name="My Flock" "$tmp/one.txt"
if grep -qF 'system="duckhammer" name="My Flock"' "$tmp/out"; then ok "--name names the roster"; else not_ok "--name names the roster" "$tmp/out"; fi
r=$tmp/imported.xml
imp "--output writes the roster and prints its status" 0 "main: 70 of 300 AP, 230 left (1 unit)" \
	$dh --size=large-skirmish -o "$r" "$tmp/one.txt"
cp "$r" "$tmp/r-before"
imp "--output: an existing roster is not replaced" 2 "exists already (--force replaces it, keeping it as" \
	$dh --limit=150 -o "$r" "$tmp/one.txt"
if cmp -s "$r" "$tmp/r-before"; then ok "--output: the existing roster is unchanged"; else not_ok "--output: the existing roster is unchanged" "$r"; fi
imp "--force replaces it" 0 "main: 70 of 150 AP, 80 left" $dh --limit=150 --force -o "$r" "$tmp/one.txt"
if cmp -s "$r~" "$tmp/r-before"; then ok "--force keeps the old roster as ROSTER~"; else not_ok "--force keeps the old roster as ROSTER~" "$r~"; fi
printf '10x Quack Marine\r\nMarine Sergeant [2x Trained]\r\n' >"$tmp/crlf.txt"
imp "CR LF line ends are read" 0 '<unit entry="quack-marine" models="10" id="quack-marine-1"/>' $dh --size=large-skirmish "$tmp/crlf.txt"
if grep -qF '<option id="trained" count="2"/>' "$tmp/out"; then ok "an option's count: [2x Option]"; else not_ok "an option's count: [2x Option]" "$tmp/out"; fi
printf 'Quack\000Marine\n' >"$tmp/nul.txt"
imp "a NUL byte: not a text file" 2 "nul.txt: not a text file: it contains a NUL byte" $dh "$tmp/nul.txt"
{ printf '10x '; head -c 5000 /dev/zero | tr '\0' a; printf '\n3x Quack Marine\n'; } >"$tmp/long.txt"
imp "a line past 4096 bytes is refused with its number" 2 "long.txt:1: error: cannot read this line: it is too long" \
	$dh "$tmp/long.txt"
# --- no silent change (issue 19) ---------------------------------------------------------------
# Points a line states are compared with what the catalog makes the unit: a difference is a
# warning at FILE:LINE naming both figures, the roster is still written, and the exit status
# is 1. A bare "(N)" with no count may be the models or the points: an error, nothing written.
printf '10x Quack Marine [60]\nQuack Marine x5 (35 pts)\nThunder Tank (25)\n2x Marine Sergeant (28) [Extra pistol]\n' >"$tmp/stated.txt"
imp "stated points: a difference is a warning naming both figures, exit 1" 1 \
	"stated.txt:1: warning: 'Quack Marine' is stated as 60 AP; the catalog makes it 70 AP" \
	$dh --size=large-skirmish "$tmp/stated.txt"
if grep -qF "stated.txt:4: warning: 'Marine Sergeant' is stated as 28 AP; the catalog makes it 26 AP" "$tmp/out" &&
   [ "$(grep -c warning "$tmp/out")" -eq 2 ]; then
	ok "stated points: options count, and only the differences are reported"
else
	not_ok "stated points: options count, and only the differences are reported" "$tmp/out"
fi
if grep -qF '<unit entry="quack-marine" models="10" id="quack-marine-1"/>' "$tmp/out"; then
	ok "stated points: the roster is still written, with the catalog's figures"
else
	not_ok "stated points: the roster is still written, with the catalog's figures" "$tmp/out"
fi
imp "stated points: -o writes the roster, warns, and exits 1" 1 "main: 156 of 300 AP" \
	$dh --size=large-skirmish -o "$tmp/stated.xml" "$tmp/stated.txt"
printf '10x Quack Marine [70]\nQuack Marine (7)\nMarine Sergeant [Trained]\n' >"$tmp/agree.txt"
imp "stated points that agree: no warning, exit 0" 0 '<unit entry="quack-marine" models="1" id="quack-marine-2"/>' \
	$dh --size=large-skirmish "$tmp/agree.txt"
if grep -q warning "$tmp/out"; then not_ok "stated points that agree: not a word" "$tmp/out"; else ok "stated points that agree: not a word"; fi
printf 'Quack Marine (10)\n' >"$tmp/bare.txt"
imp "a bare (N) that is not one model's points: an error" 2 \
	"bare.txt:1: error: '(10)' may be the models or the points of 'Quack Marine' (the catalog makes one model 7 AP)" \
	$dh --size=large-skirmish "$tmp/bare.txt"
if grep -qF '<unit' "$tmp/out"; then not_ok "a bare (N): nothing written" "$tmp/out"; else ok "a bare (N): nothing written"; fi
# --- forces within forces -----------------------------------------------------------------
# A child force's "Child force of: NAME" line puts it back in its parent: export as text,
# import, export as XML, and each force stands as deep, under the same parent, as it did.
# Ids are the import's own (list-N): a force is compared by its name, else its id.
forces() {
	sed -n 's/^\( *\)<list .*name="\([^"]*\)".*/\1\2/p; t; s/^\( *\)<list id="\([^"]*\)".*/\1\2/p' "$1"
}
fl="--data-dir $top/tests/data/flotilla"
for c in export-flotilla-forces-text export-flotilla-forces-xml status-flotilla-child-forces; do
	f=$top/tests/cli/cases/$c/roster.xml
	if "$MUSTER" $fl export --format=xml "$f" >"$tmp/n0.xml" 2>"$tmp/e" &&
	   "$MUSTER" $fl export --format=text "$f" >"$tmp/n.txt" 2>>"$tmp/e" &&
	   "$MUSTER" $fl import "$tmp/n.txt" >"$tmp/n.xml" 2>>"$tmp/e" &&
	   "$MUSTER" $fl export --format=xml "$tmp/n.xml" >"$tmp/n1.xml" 2>>"$tmp/e" &&
	   forces "$tmp/n0.xml" >"$tmp/n0.f" && forces "$tmp/n1.xml" >"$tmp/n1.f" &&
	   [ "$(grep -c . "$tmp/n0.f")" -ge 3 ] && cmp -s "$tmp/n0.f" "$tmp/n1.f"; then
		ok "forces within forces: $c keeps its nesting through export --format=text and import"
	else
		not_ok "forces within forces: $c keeps its nesting through export --format=text and import" "$tmp/e"
		diff "$tmp/n0.f" "$tmp/n1.f" | sed 's/^/#   /' | head -20
	fi
done
printf 'Game: Flotilla\n\nFleet\n=====\nBattle size: Armada\nShoal: Gullfolk\n\nSkiff  1\n\nWing\n====\nChild force of: Nobody\n\nSkiff  1\n' >"$tmp/orphan.txt"
imp "a child force of no force above it: refused at its line" 2 \
	"orphan.txt:12: error: 'Nobody' is no force above this one: a child force follows the force it stands in" \
	$fl "$tmp/orphan.txt"

# --- a name that fits two entries ----------------------------------------------------------
# Two boxes of the toy game both sell a "Grenadier": the import asks which (naming both, with
# their ids) and writes nothing; the id of one takes it.
cp -R "$top/tests/data/toy" "$tmp/toy2" && chmod -R u+w "$tmp/toy2" &&
	sed 's/id="army-man" name="Green Army Man"/id="plastic-grenadier" name="Grenadier"/' \
		"$top/tests/data/toy/catalogs/toy/plastic-army.xml" >"$tmp/toy2/catalogs/toy/plastic-army.xml" || exit 99
toy2="--data-dir $tmp/toy2 --system=toy --size=parade"
printf '3x Grenadier\n' >"$tmp/two.txt"
imp "a name that fits two entries: asked about, naming both" 2 \
	"two.txt:1: error: 'Grenadier' fits two entries, 'Grenadier' of" $toy2 "$tmp/two.txt"
has "a name that fits two entries: both ids named" "$out" "(id plastic-grenadier)"
has "a name that fits two entries: both ids named (the other)" "$out" "(id grenadier)"
if grep -qF '<unit' "$out"; then not_ok "a name that fits two entries: nothing written" "$out"; else ok "a name that fits two entries: nothing written"; fi
printf '3x plastic-grenadier\n' >"$tmp/two.txt"
imp "a name that fits two entries: the id takes one" 0 '<unit entry="plastic-grenadier" models="3"' $toy2 "$tmp/two.txt"

# --- names in any of the data's languages ----------------------------------------------------
# A list pasted from a Muster that speaks German names its entries, options and toy box in the
# data's German (<name xml:lang="de">): read whatever language this Muster speaks, as are the
# default names under a locale whose names the data translates.
cp -R "$top/tests/data/toy" "$tmp/toy3" && chmod -R u+w "$tmp/toy3" &&
	sed -e 's|name="Tin Soldiers">|name="Tin Soldiers"><name xml:lang="de">Zinnsoldaten</name><name xml:lang="fr">Soldats de plomb</name>|' \
		-e 's|<entry id="grenadier" name="Grenadier">|&<name xml:lang="de">Grenadiersoldat</name>|' \
		-e 's|name="Drilled" per="unit">|&<name xml:lang="de">Gedrillt</name><name xml:lang="fr">Exercé</name>|' \
		"$top/tests/data/toy/catalogs/toy/tin-soldiers.xml" >"$tmp/toy3/catalogs/toy/tin-soldiers.xml" || exit 99
toy3="--data-dir $tmp/toy3 --system=toy --size=parade"
printf 'Toy box: Zinnsoldaten\n\n3x Grenadiersoldat [Gedrillt]\n' >"$tmp/de-names.txt"
imp "names in the data's German, imported in English" 0 '<option id="drilled"/>' $toy3 "$tmp/de-names.txt"
has "names in the data's German: the entry" "$out" '<unit entry="grenadier" models="3"'
has "names in the data's German: the toy box" "$out" 'faction="tin"'
printf 'Toy box: Soldats de plomb\n\n3x Grenadier\n  + Exercé\n' >"$tmp/fr-names.txt"
imp "names in the data's French, and a default name, imported in English" 0 '<option id="drilled"/>' \
	$toy3 "$tmp/fr-names.txt"
printf 'Toy box: Tin Soldiers\n\n3x Grenadier\n1x Flag Bearer\n  joins Grenadiersoldat\n' >"$tmp/de-join.txt"
imp "a unit joined by its title in the data's German" 0 'attach="grenadier-1"' $toy3 "$tmp/de-join.txt"
de_loc=$(locale -a 2>/dev/null | grep -i '^de_DE\.utf-*8$' | sed 1q)
if [ -n "$de_loc" ]; then
	printf 'Toy box: Tin Soldiers\n\n3x Grenadier [Drilled]\n' >"$tmp/en-names.txt"
	expect "default names, imported in German" 0 '<option id="drilled"/>' \
		env LC_ALL="$de_loc" "$MUSTER" import $toy3 "$tmp/en-names.txt"
	expect "names in the data's French, imported in German" 0 '<option id="drilled"/>' \
		env LC_ALL="$de_loc" "$MUSTER" import $toy3 "$tmp/fr-names.txt"
else
	skip "default names, imported in German" "no de_DE.UTF-8 locale"
	skip "names in the data's French, imported in German" "no de_DE.UTF-8 locale"
fi

if [ "$n" -ge 150 ]; then ok "$n lists round-tripped in all"; else not_ok "only $n lists: the test lost its cases"; fi
tap_done
