#!/bin/sh
# The HTML printout pasted back (issue 22): what a player pastes from the printout is the
# text a browser copies from it (select all, copy), Chromium's innerText of the page, which
# tests/innertext.py makes without a browser. Each sampled rule case of every shipped system
# (tests/rules/SYSTEM/) is exported as HTML in the full and the compact style, in English,
# German and French, made innerText, imported under the same locale, and under the other
# ones for every MUSTER_HTML_CROSS-th case (3 by default), and the roster it gives must hold
# the original's units (entry, models, name, what each joins), options (id and count) and
# lists, as tests/import-roundtrip.sh compares them, but for the id of a list with no name:
# the printout heads such a list "SYSTEM, TOTAL" and prints no id. Prints TAP, one test per
# system, style and language. MUSTER_HTML_STEP=N takes every N-th case (4 by default).
# innertext.py was checked by hand against Chromium: the page with its Content-Security-Policy
# line removed and a script that puts document.body.innerText into a <textarea>, dumped with
# `chromium --headless --no-sandbox --dump-dom`, gives the same text for a case of each system,
# full and compact, in en, de and fr. The tests/pasted/html-*.txt posts are Chromium's own
# text, made that way (import-corpus.sh checks the rosters they give).
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
command -v python3 >/dev/null 2>&1 || skip_all "no python3"
command -v xmllint >/dev/null 2>&1 || skip_all "no xmllint"
temp_dir import-html
. "${srcdir:-.}/tests/roundtrip-lib.sh"

# the list lines of norm without the id of a list that has no name
unid() {
	sed 's/^\(L[0-9]* list \)"#[^"]*"$/\1(no name)/'
}
step=${MUSTER_HTML_STEP:-4}
cross=${MUSTER_HTML_CROSS:-3}
cases=0 runs=0 passes=0
for sys in ${MUSTER_ROUNDTRIP_SYSTEMS:-actionhammer daemon-rift duck duckhammer scrollhammer}; do
	sample_cases "$sys" "$step"
	for st in full compact; do
		for ll in $langs; do
			loc=$(locale_of "$ll")
			bad=0 why= nth=0
			while IFS= read -r f; do
				norm "$f" | unid >"$tmp/want"
				LC_ALL=$loc "$MUSTER" export --format=html --style=$st "$f" >"$tmp/exp.html" 2>/dev/null
				python3 "$top/tests/innertext.py" "$tmp/exp.html" >"$tmp/pasted" || exit 99
				import_each "$tmp/want" "$tmp/pasted" "$ll" unid "${f##*/}"
			done <"$tmp/cases2"
			if [ "$bad" -eq 0 ]; then
				ok "$sys html $st $ll: $nc cases"
			else
				not_ok "$sys html $st $ll: $bad differ, first $why"
				cat "$tmp/show"
			fi
		done
	done
done
echo "# $cases cases (every ${step}th of each system), $runs round trips, $passes the same"
tap_done
