#!/bin/sh
# The data's own words in every shipped language (issue 22): what a printout shows from the
# rules files besides the abilities (tests/rule-texts.sh checks those).
#   Data: in every rules file of rules-xml/, the system's <description>, each cost's, item
#   kind's, attribute's and value label's name, each kind's plural, attribute's abbr and value
#   label's note, each fact's name (and its value when it holds a word) and each rule's label=
#   has a German and a French translation: an element named after the attribute, with
#   xml:lang="de" (fr), beside it. A translated description is not the English one copied.
#   Catalogs: every group, entry, option and item has a German and a French name, but for a
#   few names kept in every language (listed below).
#   Printouts: an example list of each system exported to HTML in German and in French shows
#   none of the data's English words that have another translation there, in the table heads,
#   the labels, the facts, the units' titles or the items' names; `muster status` shows the trackers' translated labels; and the
#   French HTML writes a no-break space before each colon it adds, the German none.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets; xmllint, and the
# German and French UTF-8 locales for the printouts (else those skip).
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir data-lang

rules=$(ls "$top"/rules-xml/*.xml 2>/dev/null)
[ -n "$rules" ] || skip_all "no rules files under $top/rules-xml"
command -v xmllint >/dev/null 2>&1 || skip_all "no xmllint"

el() { # NAME: the XPath step of an element NAME in any namespace
	echo "*[local-name()='$1']"
}
# What must be translated: "PARENT-PATH ATTRIBUTE CONDITION" (the parent's attribute is the
# English text; CONDITION, when not empty, limits which parents need it).
needs="$(el system)[$(el description)[not(@xml:lang)]] description
$(el costs)/$(el cost) name
$(el item-kinds)/$(el kind) name
$(el item-kinds)/$(el kind) plural @plural
$(el attributes)/$(el attribute) name
$(el attributes)/$(el attribute) abbr @abbr
$(el attribute)/$(el label) name
$(el attribute)/$(el label) note @note
//$(el fact) name
//$(el fact) value translate(@value,'0123456789 x-','')!=''
$(el rules)/$(el rule) label @label"

# values FILE XPATH: the attribute values or texts XPATH selects, one a line.
values() {
	xmllint --xpath "$2" "$1" 2>/dev/null | sed -e 's/^ *[a-z-]*="\(.*\)"$/\1/' \
		-e "s/&quot;/\"/g" -e "s/&apos;/'/g" -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g'
}

for f in $rules; do
	base=${f##*/}
	why=
	n=0
	while read -r path attr cond; do
		[ "${path#/}" = "$path" ] && path="//$path"
		sel="$path${cond:+[$cond]}"
		for ll in de fr; do
			tr="$(el "$attr")[@xml:lang='$ll']"
			miss=$(values "$f" "count($sel[not($tr)])")
			total=$(values "$f" "count($sel)")
			n=$((n + ${total:-0}))
			if [ "${miss:-x}" != 0 ]; then
				ids=$(values "$f" "$sel[not($tr)]/@id" | tr '\n' ' ')
				why="${why:+$why; }${miss:-?} <$attr xml:lang=\"$ll\"> missing under $path ${ids}"
			fi
		done
	done <<EOF
$needs
EOF
	for ll in de fr; do
		same=$(values "$f" "count(//$(el system)/$(el description)[@xml:lang='$ll'][normalize-space(.) = normalize-space(../$(el description)[not(@xml:lang)])])")
		[ "$same" = 0 ] || why="${why:+$why; }the $ll description is the English one"
	done
	[ "$n" -gt 0 ] || why="nothing to translate found (xmllint?)"
	result "$base: every name, abbreviation, label, fact and the description in German and French" "$why"
done

# The catalogs: every group, entry, option, choice and item with a name= has a German and a
# French <name xml:lang>, but for the names that stay as they are in every language: a
# person's, a faction's and the Duck game's own terms.
kept="Madame Coil|Impondium|Bio-Scanner|HAR|HEMG|Teamer|YOU"
named="//*[(local-name()='group' or local-name()='entry' or local-name()='option' or
	local-name()='choose' or local-name()='item') and @name]"
for f in "$top"/catalogs/*/*.xml; do
	base=${f#"$top"/catalogs/}
	why=
	for ll in de fr; do
		values "$f" "$named[not($(el name)[@xml:lang='$ll'])]/@name" >"$tmp/untranslated"
		miss=$(grep -v -x -E "$kept" "$tmp/untranslated" | tr '\n' '|')
		[ -z "$miss" ] || why="${why:+$why; }no <name xml:lang=\"$ll\">: $miss"
	done
	n=$(values "$f" "count($named)")
	[ "${n:-0}" -gt 0 ] || why="no names found (xmllint?)"
	result "$base: the names of its ${n:-0} groups, entries, options and items in German and French" \
		"$why"
done

nbsp=$(printf '\302\240')
# The message catalogs, as tests/i18n.sh installs them: the colons are the catalog's. Without
# them (no NLS) the colon checks skip.
builddir=$(cd "$(dirname "$MUSTER")/.." && pwd)
catalogs=yes
grep -a -q -F bindtextdomain "$MUSTER" || catalogs=
for ll in de fr; do
	gmo=
	for g in "$builddir/po/$ll.gmo" "$top/po/$ll.gmo"; do
		[ -f "$g" ] && { gmo=$g; break; }
	done
	[ -n "$gmo" ] || { catalogs=; break; }
	mkdir -p "$tmp/locale/$ll/LC_MESSAGES" && cp "$gmo" "$tmp/locale/$ll/LC_MESSAGES/muster.mo" ||
		exit 99
done
unset LANGUAGE
MUSTER_LOCALEDIR=$tmp/locale
export MUSTER_LOCALEDIR
find_locale() {
	locale -a 2>/dev/null | grep -i "^$1\.utf-*8\$" | sed 1q
}
de_locale=$(find_locale de_DE)
fr_locale=$(find_locale fr_FR)

# english LL: the data's English words that have another translation in LL, and are no LL
# word of the data themselves ("W" is English Wounds and German Widerstand), one a line.
english() {
	for f in $rules; do
		while read -r path attr cond; do
			[ "$attr" = description ] && continue
			[ "${path#/}" = "$path" ] && path="//$path"
			values "$f" "$path${cond:+[$cond]}[$(el "$attr")[@xml:lang='$1'] != @$attr]/@$attr"
		done <<EOF
$needs
EOF
	done >"$tmp/en-$1.rules"
	for f in "$top"/catalogs/*/*.xml; do
		values "$f" "$named[$(el name)[@xml:lang='$1'] != @name]/@name"
	done | cat "$tmp/en-$1.rules" - | sort -u >"$tmp/en-$1.all"
	# A cost's abbreviation stays as it is in every language (lists give points in it).
	for f in $rules "$top"/catalogs/*/*.xml; do
		values "$f" "//*[@xml:lang='$1']/text()"
		values "$f" "//$(el cost)/@abbr"
	done | sort -u >"$tmp/ll-$1.all"
	comm -23 "$tmp/en-$1.all" "$tmp/ll-$1.all"
}
# shown HTML: the texts of its table heads, the facts' values, the bold labels, the units'
# titles and the items' names, one a line (a title's "(ENTRY)" on a line of its own too).
shown() {
	sed -e 's|<t[hd][^>]*>|\n&|g' -e 's|<b>|\n<b>|g' -e 's|<dt>|\n<dt>|g' "$1" |
		sed -e 's|<span class="title">|\n<b>|g' -e 's|<td class="name">|\n<th>|g' |
		sed -n -e 's|^<th[^>]*>\([^<]*\)</t[hd]>.*|\1|p' -e 's|^<b>\([^<]*\)</\(b\|span\)>.*|\1|p' \
			-e 's|^<td>\([^<]*\)</td></tr>$|\1|p' |
		sed -e 's/&#39;/'"'"'/g' -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' \
			-e 's/&amp;/\&/g' -e 's/:$//' -e "s/\\( \\|$nbsp\\)*\$//" \
			-e 's/^.*(\(.*\))$/&\n\1/'
}

examples="doc/examples/illegal-strike-force.xml doc/examples/grey-marches-campaign.xml
tests/rules/actionhammer/AH-2-upgrades-at-bound.xml
tests/rules/duck/DK-2-contraband-and-purchases.xml
tests/rules/scrollhammer/SH-1-hands-four-armed-past-bound.xml"
for ll in de fr; do
	if [ "$ll" = de ]; then loc=$de_locale; else loc=$fr_locale; fi
	if [ -z "$loc" ]; then
		skip "the printouts in $ll" "no ${ll} UTF-8 locale"
		continue
	fi
	english "$ll" >"$tmp/english-$ll"
	if [ -s "$tmp/english-$ll" ]; then
		ok "$ll: $(wc -l <"$tmp/english-$ll") English words of the data with another $ll one"
	else
		not_ok "$ll: no English word of the data has a $ll translation"
	fi
	for ex in $examples; do
		name=${ex##*/}
		LC_ALL=$loc "$MUSTER" export --format=html "$top/$ex" >"$tmp/$ll.html" 2>"$tmp/err" ||
			{ not_ok "$name: export in $ll" "$tmp/err"; continue; }
		shown "$tmp/$ll.html" | sort -u >"$tmp/shown"
		n=$(wc -l <"$tmp/shown")
		left=$(comm -12 "$tmp/shown" "$tmp/english-$ll" | tr '\n' '|')
		why=
		[ "$n" -gt 5 ] || why="only $n heads and labels found"
		[ -z "$left" ] || why="${why:+$why; }left in English: $left"
		result "$name: the data's heads, labels and facts are in $ll" "$why" "$tmp/shown"
		# The colons the HTML adds: "Label :" with a no-break space in French only.
		nb=$(LC_ALL=C grep -c "$nbsp:</\(b\|dt\|span\)>" "$tmp/$ll.html")
		bare=$(LC_ALL=C grep -c "[^$(printf '\240')]:</\(b\|dt\|span\)>" "$tmp/$ll.html")
		why=
		if [ -z "$catalogs" ]; then
			skip "$name: the colons in $ll" "no message catalogs (NLS)"
		elif [ "$ll" = fr ]; then
			[ "$nb" -gt 0 ] || why="no colon after a no-break space"
			[ "$bare" = 0 ] || why="${why:+$why; }$bare lines with a colon right after a word"
			result "$name: French colons follow a no-break space" "$why" "$tmp/$ll.html"
		else
			[ "$bare" -gt 0 ] || why="no colon right after a word"
			[ "$nb" = 0 ] || why="${why:+$why; }$nb lines with a no-break space before a colon"
			result "$name: German colons follow the word" "$why" "$tmp/$ll.html"
		fi
	done
	# The trackers `muster status` prints carry the rules' labels.
	LC_ALL=$loc "$MUSTER" status "$top/doc/examples/illegal-strike-force.xml" >"$tmp/status" 2>&1
	sed -n 's/^  \([^0-9].*[^ ]\) [0-9][0-9]*\/[0-9].*/\1/p' "$tmp/status" |
		sed 's/ (.*)$//' | sort -u >"$tmp/labels"
	left=$(comm -12 "$tmp/labels" "$tmp/english-$ll" | tr '\n' '|')
	why=
	[ -s "$tmp/labels" ] || why="no tracker found"
	[ -z "$left" ] || why="${why:+$why; }left in English: $left"
	result "status: the trackers' labels are in $ll" "$why" "$tmp/status"
done
tap_done
