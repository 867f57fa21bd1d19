#!/bin/sh
# The round trip of every export style through import (issue 22): each sampled rule case of
# every shipped system (tests/rules/SYSTEM/, legal and illegal alike) is exported as text,
# compact text, Markdown and compact Markdown in English, German and French, imported again
# under the same locale and under each other one (a German export pasted by a player whose
# Muster speaks French), and the roster it gives must hold the original's units (entry,
# models, name, what each joins) and options (id and count), list by list. Prints TAP, one
# test per system, style and language, and a summary line per pair of languages (export,
# import) with the figures. MUSTER_ROUNDTRIP_ALL=1 takes every case under every pair instead
# of the sample: every MUSTER_ROUNDTRIP_STEP-th case (4 by default) under its own locale, and
# every MUSTER_ROUNDTRIP_CROSS-th of those (3 by default) under the other locales.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
command -v xmllint >/dev/null 2>&1 || skip_all "no xmllint"
temp_dir import-roundtrip
. "${srcdir:-.}/tests/roundtrip-lib.sh"

step=${MUSTER_ROUNDTRIP_STEP:-4}
cross=${MUSTER_ROUNDTRIP_CROSS:-3}
[ -n "${MUSTER_ROUNDTRIP_ALL:-}" ] && step=1 cross=1
styles="text text-compact markdown markdown-compact"
# style_args STYLE: export's options for STYLE.
style_args() {
	case $1 in
	text) echo "--format=text" ;;
	text-compact) echo "--format=text --style=compact" ;;
	markdown) echo "--format=markdown" ;;
	markdown-compact) echo "--format=markdown --style=compact" ;;
	esac
}
cases=0 runs=0 passes=0
for sys in ${MUSTER_ROUNDTRIP_SYSTEMS:-actionhammer daemon-rift duck duckhammer scrollhammer}; do
	sample_cases "$sys" "$step"
	for st in $styles; do
		args=$(style_args "$st")
		for ll in $langs; do
			loc=$(locale_of "$ll")
			bad=0 why= nth=0
			while IFS= read -r f; do
				b=${f##*/}
				want=$tmp/want
				norm "$f" >"$want"
				LC_ALL=$loc "$MUSTER" export $args "$f" >"$tmp/exp" 2>/dev/null
				import_each "$want" "$tmp/exp" "$ll" cat "$b"
			done <"$tmp/cases2"
			if [ "$bad" -eq 0 ]; then
				ok "$sys $st $ll: $nc cases"
			else
				echo "not ok $((k + 1)) - $sys $st $ll: $bad of $nc cases differ, first $why"
				k=$((k + 1)); fails=$((fails + 1))
				cat "$tmp/show"
			fi
		done
	done
done
# Headings: an export heads a list with no name by its id, and a name written as an id in
# quotes, so that both come back as they were: a list with no name and the id "second", one
# named "second", both in one roster, a name that stands in quotes already, and a child force
# of a list named as an id (its "Child force of" line names that heading).
mkdir -p "$tmp/heads" || exit 99
head_roster() {
	printf '<?xml version="1.0" encoding="UTF-8"?>\n'
	printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="%s" name="heads">\n%s\n</roster>\n' "$1" "$2"
}
dh_units='<unit entry="thunder-walker" models="1"/><unit entry="thunder-crew" models="1"/>'
head_roster duckhammer "<list id=\"second\" size=\"small-skirmish\">$dh_units</list>" >"$tmp/heads/unnamed.xml"
head_roster duckhammer "<list id=\"main\" name=\"second\" size=\"small-skirmish\">$dh_units</list>" >"$tmp/heads/named.xml"
head_roster duckhammer "<list id=\"first\" name=\"second\" size=\"small-skirmish\">$dh_units</list>
<list id=\"second\" size=\"small-skirmish\">$dh_units</list>" >"$tmp/heads/both.xml"
head_roster duckhammer "<list id=\"main\" name=\"&quot;second&quot;\" size=\"small-skirmish\">$dh_units</list>" >"$tmp/heads/quoted.xml"
head_roster flotilla '<list id="fleet" name="home" size="armada" faction="gullfolk"><unit entry="skiff" models="1"/>
<list id="wing"><unit entry="skiff" models="2"/></list></list>' >"$tmp/heads/forces.xml"
for ll in $langs; do
	loc=$(locale_of "$ll")
	for st in $styles; do
		args=$(style_args "$st")
		bad=
		for f in "$tmp"/heads/*.xml; do
			dd=
			case $f in */forces.xml) dd="--data-dir $top/tests/data/flotilla" ;; esac
			norm "$f" >"$tmp/want"
			LC_ALL=$loc "$MUSTER" $dd export $args "$f" >"$tmp/exp" 2>"$tmp/ierr" &&
				LC_ALL=$loc "$MUSTER" $dd import "$tmp/exp" >"$tmp/got.xml" 2>>"$tmp/ierr"
			norm "$tmp/got.xml" >"$tmp/got"
			if ! cmp -s "$tmp/want" "$tmp/got"; then
				bad="${bad}${bad:+, }${f##*/}"
				diff "$tmp/want" "$tmp/got" >"$tmp/diff"
			fi
		done
		result "headings $st $ll: an unnamed list and one named as an id come back as they were" \
			"${bad:+$bad differ}" "$tmp/diff" "$tmp/ierr"
	done
done
echo "# $cases cases (every ${step}th of each system), $runs round trips, $passes the same"
for a in $langs; do
	for b in $langs; do
		eval "echo \"# exported in $a, imported in $b: \$runs_${a}_$b round trips, \$passes_${a}_$b the same\""
	done
done
tap_done
