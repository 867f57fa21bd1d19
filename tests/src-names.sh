#!/bin/sh
# Rules are data: no file under src/ may name a game system, a faction or a rule.
# The names come from the data itself, so a new system is covered without editing this test:
# system ids and names, every rule reference (ref="DH-6"), catalog ids and group ids, and
# the ids and names of the BattleScribe fixtures' game systems and catalogues.
# Prints TAP. Needs srcdir (the source tree).
set -u
. "${srcdir:-.}/tests/tap.sh"
temp_dir names
words=$tmp/words
{
	for f in "$top"/rules-xml/*.xml "$top"/tests/data/*/rules-xml/*.xml; do
		[ -f "$f" ] || continue
		sed -n 's/.*<system [^>]*id="\([^"]*\)".*/\1/p; s/.*<system [^>]*name="\([^"]*\)".*/\1/p' "$f"
		grep -o 'ref="[^"]*"' "$f" | sed 's/ref="\(.*\)"/\1/'
	done
	for f in "$top"/catalogs/*/*.xml "$top"/tests/data/*/catalogs/*/*.xml; do
		[ -f "$f" ] || continue
		sed -n 's/.*<catalog [^>]*id="\([^"]*\)".*/\1/p' "$f"
		grep -o '<group [^>]*id="[^"]*"' "$f" | sed 's/.* id="\([^"]*\)"/\1/'
	done
	# BattleScribe fixtures: the game systems' and catalogues' ids and names.
	for f in "$top"/tests/data/bs-*/*.gst "$top"/tests/data/bs-*/*.cat; do
		[ -f "$f" ] || continue
		sed -n 's/.*<gameSystem[^>]* id="\([^"]*\)".*/\1/p; s/.*<gameSystem[^>]* name="\([^"]*\)".*/\1/p' "$f"
		sed -n 's/.*<catalogue[^>]* id="\([^"]*\)".*/\1/p; s/.*<catalogue[^>]* name="\([^"]*\)".*/\1/p' "$f"
	done
} | sort -u | grep -v '^$' >"$words"
n=$(wc -l <"$words")
echo "1..2"
if [ "$n" -gt 20 ]; then
	ok "$n names of systems, rules and factions read from the data"
else
	not_ok "only $n names read from the data: is srcdir right?"
fi
hits=$(grep -n -i -w -F -f "$words" "$top"/src/*.c "$top"/src/*/*.[ch])
if [ -z "$hits" ]; then
	ok "no file under src/ names a game system, faction or rule"
else
	not_ok "src/ names a game system, faction or rule"
	printf '%s\n' "$hits" | sed 's/^/# /'
fi
