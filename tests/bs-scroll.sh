#!/bin/sh
# What a printout of a BattleScribe roster names and which rules it prints (issue 21), on the
# Scroll fixtures (tests/data/bs-scroll; the printouts themselves are the golden cases
# tests/cli/cases/bs-scroll-*): an option by the name its own modifiers give that instance
# ("Lit Lamp (Brass)" beside "Lamp (Brass)"), in every style; each rule a selection shows
# listed under its unit and its text once in "Rules used" (a rule two units have once, one a
# link renames apart, a hidden one never); the rules' texts escaped in HTML; and text and
# Markdown read back by import, renamed options and "Rules used" included, in each language
# there is. Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsscroll
d=$top/tests/data/bs-scroll
data="--data-dir=$d"
cd "$tmp" || exit 1

for f in text markdown html csv; do
	"$MUSTER" export $data --format=$f "$d/desk.ros" >"desk.$f" 2>&1
	has "$f: the option renamed by a set and an append" "desk.$f" "Lit Lamp (Brass)"
	has "$f: the same option, only appended to" "desk.$f" "Lamp (Brass)"
	hasnt "$f: no set whose condition does not hold" "desk.$f" "Cold Lamp"
	hasnt "$f: no hidden rule" "desk.$f" "Sealed Clause"
done
for f in text markdown html; do
	n=$(grep -c "Once per game, re-roll one die" "desk.$f")
	result "$f: a rule two units show, its text once" "$([ "$n" = 1 ] || echo "$n times")" "desk.$f"
	has "$f: a rule renamed by its link, apart" "desk.$f" "Twice per game, re-roll one die."
done
has "text: the unit's rules by name" desk.text "    Rules: Quill Oath, Vigil, Inkstained"
has "html: the unit's rules by name" desk.html '<p class="rule-names"><b>Rules:</b> Quill Oath, Vigil, Inkstained</p>'
has "html: a rule's text escaped, its markup bold" desk.html \
	'Stands watch <b>all night</b>: ignores <b>Dusk</b> &lt;tiles&gt; &amp; &quot;fog&quot;.'
hasnt "html: nothing of the text raw" desk.html '<tiles>'
"$MUSTER" export $data --style=compact "$d/desk.ros" >compact.text 2>&1
has "compact: the renamed option" compact.text "Lit Lamp (Brass), Oil"
hasnt "compact: no rules' texts" compact.text "Rules used"

# Read back: the renamed options are the Lamp again, the rules' texts are skipped.
. "$top/tests/roundtrip-lib.sh"
for ll in $langs; do
	for f in text markdown; do
		LC_ALL=$(locale_of $ll) "$MUSTER" export $data --format=$f "$d/desk.ros" >"exp-$ll.$f" 2>&1
		run_muster "import $f ($ll): read back" 0 "" import $data --limit=200:sc-ct-quire \
			--output="back-$ll-$f.ros" "exp-$ll.$f"
		"$MUSTER" export $data --format=text "back-$ll-$f.ros" >"back-$ll.$f" 2>&1
		has "import $f ($ll): the Lamp renamed again" "back-$ll.$f" "+ Lit Lamp (Brass)    "
		has "import $f ($ll): the Oil" "back-$ll.$f" "+ Oil    "
		has "import $f ($ll): the Warden" "back-$ll.$f" "Warden    "
	done
done
tap_done
