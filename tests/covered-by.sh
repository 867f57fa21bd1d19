#!/bin/sh
# covered-by on a rule (rules.xsd): what the reader refuses, and the cover of a roster-wide
# rule. The fixture is tests/data/shieldwall (its list-wide cases are tests/rules/shieldwall/); each
# variant here is a copy with one change, made in a temporary directory. Prints TAP.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir covered-by
fix=$top/tests/data/shieldwall
cases=$top/tests/rules/shieldwall

# variant NAME SED: $tmp/NAME, the fixture with its rules file edited by SED.
variant() {
	mkdir -p "$tmp/$1" && cp -R "$fix/rules-xml" "$fix/catalogs" "$tmp/$1/" &&
		sed "$2" "$fix/rules-xml/shieldwall.xml" >"$tmp/$1/rules-xml/shieldwall.xml" || exit 99
}

variant unknown 's/covered-by="cv-3-heroes"/covered-by="cv-9-none"/'
run_muster "a cover that is no rule is refused" 2 \
	"rule 'cv-4-units' is covered by 'cv-9-none': that is no rule above it" \
	--data-dir "$tmp/unknown" validate "$cases/CV-4-units-past-bound.xml"

variant below 's/covered-by="factions"/covered-by="cv-4-units"/'
run_muster "a cover below the rule is refused" 2 \
	"rule 'cv-2-one-banner' is covered by 'cv-4-units'" \
	--data-dir "$tmp/below" validate "$cases/CV-4-units-past-bound.xml"

variant nofactions '/<factions /d'
run_muster "factions as the cover of a system without <factions> is refused" 2 \
	"rule 'cv-2-one-banner' is covered by 'factions'" \
	--data-dir "$tmp/nofactions" validate "$cases/CV-4-units-past-bound.xml"

# A roster-wide rule covered by a list's rule: left out when the cover reports on any list. And
# a roster-wide cover: a list's rule it covers is left out on every list once it reports.
variant roster 's|</rules>|<rule id="cv-5-roster" ref="CV-5" covered-by="cv-3-heroes"><count of="units" in="roster"/><at-most value="5"/><message>{count} units in the roster</message></rule><rule id="cv-6-two" ref="CV-6"><count of="units" in="roster"/><at-most value="6"/><message>{count} units; at most {bound}</message></rule><rule id="cv-7-pikes" ref="CV-7" covered-by="cv-6-two"><count of="units" in="list"><entry id="gules-pike"/></count><at-most value="2"/><message>{count} pikes</message></rule></rules>|'
muster --data-dir "$tmp/roster" validate "$cases/CV-4-two-lists-covered-in-one.xml" >"$out" 2>"$err"
refs=$(sed -n 's/.* error: \(CV-[0-9]\):.*/\1/p' "$out" | sort | tr '\n' ' ')
result "a roster-wide cover and a covered roster-wide rule" \
	"$([ "$refs" = "CV-3 CV-4 CV-6 " ] || echo "refs '$refs', expected 'CV-3 CV-4 CV-6 '")" "$out" "$err"
sed -e 's/gules-hero/gules-pike/' -e 's|</list>|<unit entry="gules-pike" models="1"/><unit entry="gules-pike" models="1"/>&|' \
	"$cases/CV-4-units-past-bound.xml" >"$tmp/pikes.xml"
muster --data-dir "$tmp/roster" validate "$tmp/pikes.xml" >"$out" 2>"$err"
refs=$(sed -n 's/.* error: \(CV-[0-9]\):.*/\1/p' "$out" | sort | tr '\n' ' ')
# six pikes in one list: no heroes (CV-3 silent) and six units (CV-6 silent)
result "covers that are silent cover nothing" \
	"$([ "$refs" = "CV-4 CV-5 CV-7 " ] || echo "refs '$refs', expected 'CV-4 CV-5 CV-7 '")" "$out" "$err"
tap_done
