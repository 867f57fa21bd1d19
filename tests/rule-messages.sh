#!/bin/sh
# The rules' own words in every shipped language (issue 22).
#   In every rules file of rules-xml/, every rule (<rules>/<rule>) has an English description
#   and message (no xml:lang) and a German and a French one (<description xml:lang="de">,
#   <message xml:lang="de">, the same for fr); a translation is not the English one copied;
#   a translated message names the same placeholders ({this}, {count}, {this.grade} ...) as
#   the English one, so that no figure the player needs is dropped.
#   tests/i18n.sh shows the translated messages in use, one illegal list of each system.
# Prints TAP. Needs srcdir, as `make check` sets, and xmllint (else it skips).
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
. "${srcdir:-.}/tests/tap.sh"
need xmllint
temp_dir rule-messages
tmp_en=$tmp/en

rules=$(ls "$top"/rules-xml/*.xml 2>/dev/null)
[ -n "$rules" ] || skip_all "no rules files under $top/rules-xml"

# rule_ids FILE CONDITION: the ids of the rules of FILE that meet the XPath condition, on one
# line ("" when none).
rule_ids() {
	xmllint --xpath "//*[local-name()='rules']/*[local-name()='rule'][$2]/@id" "$1" \
		2>/dev/null | sed 's/^ *id="\([^"]*\)"/\1/' | tr '\n' ' ' | sed 's/ $//'
}
en_el() { # ELEMENT: the XPath of the English child ELEMENT
	echo "*[local-name()='$1' and not(@xml:lang)]"
}
lang_el() { # ELEMENT LL: the XPath of a child ELEMENT in language LL
	echo "*[local-name()='$1' and @xml:lang='$2']"
}
# placeholders FILE ID LL: the placeholders of rule ID's message in language LL (en: the
# English one), sorted and unique, one a line.
placeholders() {
	if [ "$3" = en ]; then el=$(en_el message); else el=$(lang_el message "$3"); fi
	xmllint --xpath "string(//*[local-name()='rule'][@id='$2']/$el)" "$1" 2>/dev/null |
		grep -o '{[^}]*}' | sort -u
}

for f in $rules; do
	base=${f##*/}
	n=$(xmllint --xpath "count(//*[local-name()='rules']/*[local-name()='rule'])" "$f" 2>/dev/null)
	if [ "${n:-0}" -gt 0 ] 2>/dev/null; then
		ok "$base: $n rules"
	else
		not_ok "$base: no rules (xmllint said '${n:-}')"
		continue
	fi
	why=
	for el in description message; do
		miss=$(rule_ids "$f" "not($(en_el $el))")
		[ -z "$miss" ] || why="${why:+$why; }no English <$el>: $miss"
		for ll in de fr; do
			miss=$(rule_ids "$f" "not($(lang_el $el $ll))")
			[ -z "$miss" ] || why="${why:+$why; }no <$el xml:lang=\"$ll\">: $miss"
			same=$(rule_ids "$f" \
				"normalize-space($(lang_el $el $ll)) = normalize-space($(en_el $el))")
			[ -z "$same" ] || why="${why:+$why; }the $ll $el is the English one: $same"
		done
	done
	result "$base: every rule has its description and message in English, German and French" "$why"

	why=
	for id in $(rule_ids "$f" "$(en_el message)"); do
		placeholders "$f" "$id" en >"$tmp_en" 2>/dev/null ||
			{ not_ok "$base: cannot write a temporary file"; break; }
		for ll in de fr; do
			placeholders "$f" "$id" $ll | cmp -s "$tmp_en" - ||
				why="${why:+$why; }$id ($ll): $(placeholders "$f" "$id" $ll | tr '\n' ' ')instead of $(tr '\n' ' ' <"$tmp_en")"
		done
	done
	result "$base: every translated message names the English one's placeholders" "$why"
done
tap_done
