#!/bin/sh
# The rule texts of the printouts in every shipped language (issue 22).
#   Data: in every rules file of rules-xml/, every ability (<keyword>) has its text (<text>)
#   and a German and a French name and text (<name xml:lang="de">, <text xml:lang="de">, the
#   same for fr), and a translated text is not the English one copied; every system has
#   abilities with texts (so that its printouts have a Rules used section).
#   Printouts: an example list of each system exported to HTML in German and in French has
#   the same Rules used entries as in English, each with the data's German (French) text and
#   none with the English one: a dropped translation falls back to English and fails here.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets; xmllint for
# the data and the German and French UTF-8 locales for the printouts (else those skip).
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir rule-texts

rules=$(ls "$top"/rules-xml/*.xml 2>/dev/null)
[ -n "$rules" ] || skip_all "no rules files under $top/rules-xml"

# ids FILE XPATH-CONDITION: the ids of the abilities of FILE that meet the condition, on one
# line ("" when none). L is the predicate of a child element in language $L (see below).
ids() {
	xmllint --xpath "//*[local-name()='keywords']/*[local-name()='keyword'][$2]/@id" "$1" \
		2>/dev/null | sed 's/^ *id="\([^"]*\)"/\1/' | tr '\n' ' ' | sed 's/ $//'
}
en_text="*[local-name()='text' and not(@xml:lang)]"
lang_el() { # ELEMENT LL: the XPath of a child ELEMENT in language LL
	echo "*[local-name()='$1' and @xml:lang='$2']"
}

if command -v xmllint >/dev/null 2>&1; then
	for f in $rules; do
		base=${f##*/}
		n=$(xmllint --xpath "count(//*[local-name()='keywords']/*[local-name()='keyword'][$en_text])" "$f" 2>/dev/null)
		if [ "${n:-0}" -gt 0 ] 2>/dev/null; then
			ok "$base: $n abilities with a text"
		else
			not_ok "$base: no ability has a text (xmllint said '${n:-}')"
		fi
		why=
		miss=$(ids "$f" "not($en_text)")
		[ -z "$miss" ] || why="no English text: $miss"
		for ll in de fr; do
			for el in name text; do
				miss=$(ids "$f" "not($(lang_el "$el" "$ll"))")
				[ -z "$miss" ] || why="${why:+$why; }no <$el xml:lang=\"$ll\">: $miss"
			done
			same=$(ids "$f" "$(lang_el text "$ll") = $en_text")
			[ -z "$same" ] || why="${why:+$why; }the $ll text is the English one: $same"
		done
		result "$base: every ability has its text and a German and a French name and text" "$why"
	done
else
	skip "no xmllint: the rules files' texts are not checked"
fi

# The printouts. rules_used HTML: the texts of its Rules used section, one a line, as the
# data writes them (the HTML's escapes undone).
rules_used() {
	sed -n '/<section class="rules">/,/<\/section>/p' "$1" |
		sed -n 's|.*<dd>\(.*\)</dd>.*|\1|p' |
		sed -e 's/&#39;/'"'"'/g' -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g'
}
find_locale() {
	locale -a 2>/dev/null | grep -i "^$1\.utf-*8\$" | sed 1q
}
de_locale=$(find_locale de_DE)
fr_locale=$(find_locale fr_FR)
# An example list of each system, every one of them holding abilities.
examples="doc/examples/impondium-strike-force.xml doc/examples/grey-marches-campaign.xml
tests/rules/actionhammer/AH-2-upgrades-at-bound.xml
tests/rules/duck/DK-2-contraband-and-purchases.xml
tests/rules/scrollhammer/SH-1-hands-four-armed-past-bound.xml"
for ex in $examples; do
	name=${ex##*/}
	"$MUSTER" export --format=html "$top/$ex" >"$tmp/en.html" 2>"$tmp/err" ||
		{ not_ok "$name: export in English" "$tmp/err"; continue; }
	rules_used "$tmp/en.html" >"$tmp/en.txt"
	n=$(wc -l <"$tmp/en.txt")
	if [ "$n" -gt 0 ]; then
		ok "$name: $n rule texts in English"
	else
		not_ok "$name: no Rules used in English" "$tmp/en.html"
		continue
	fi
	for ll in de fr; do
		if [ "$ll" = de ]; then loc=$de_locale; else loc=$fr_locale; fi
		if [ -z "$loc" ]; then
			skip "$name in $ll" "no ${ll} UTF-8 locale"
			continue
		fi
		LC_ALL=$loc "$MUSTER" export --format=html "$top/$ex" >"$tmp/$ll.html" 2>"$tmp/err" ||
			{ not_ok "$name: export in $ll" "$tmp/err"; continue; }
		rules_used "$tmp/$ll.html" >"$tmp/$ll.txt"
		why=
		[ "$(wc -l <"$tmp/$ll.txt")" -eq "$n" ] ||
			why="$(wc -l <"$tmp/$ll.txt") rule texts, $n in English"
		english=$(grep -x -F -f "$tmp/en.txt" "$tmp/$ll.txt")
		[ -z "$english" ] || why="${why:+$why; }left in English: $english"
		while IFS= read -r t; do
			# The text is the data's own translation in that language.
			cat "$top"/rules-xml/*.xml | grep -q -F "<text xml:lang=\"$ll\">$t</text>" ||
				why="${why:+$why; }not a $ll text of the data: $t"
		done <"$tmp/$ll.txt"
		result "$name: the Rules used section is in $ll" "$why" "$tmp/$ll.txt"
	done
done
tap_done
