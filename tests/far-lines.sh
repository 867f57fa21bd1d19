#!/bin/sh
# Lines past 65,535. libxml2 keeps an element's line in 16 bits and says 65,535 for every
# element after it; Muster counts them itself (xml-stream.c for a file read element by element,
# xml-read.c for one read whole). Each case writes a file of over 70,000 lines, with a comment
# holding a tag and a start tag over three lines past line 65,535 (which the count must step
# over), and a mistake on a known line, and checks that the message names that line: a unit
# with an unknown entry in a roster, a ledger entry for an unknown unit in a campaign (the
# ledger is read whole, as one element), and a unit in a roster small enough to be parsed
# whole. Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir far-lines
cd "$tmp" || exit 1

# units N BAD: N units, one per line, past line 65,535 a comment holding a tag, a start tag
# over three lines and an option; then the unit BAD (an unknown entry).
units() {
	awk -v n="$1" -v bad="$2" 'BEGIN {
		print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
		print "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">"
		print "  <list id=\"main\" faction=\"impondium\">"
		print "    <limit cost=\"ap\" value=\"9999999\"/>"
		for (i = 1; i <= n; i++) {
			if (i == 65600) {
				print "    <!-- a comment with <unit id=\"x\" entry=\"y\"/> in it"
				print "         over two lines -->"
				print "    <unit id=\"m1\""
				print "          entry=\"marine-sergeant\""
				print "          models=\"2\"><option id=\"trained\"/></unit>"
			}
			printf "    <unit id=\"u%d\" entry=\"quack-marine\" models=\"5\"/>\n", i
		}
		printf "    <unit id=\"%s\" entry=\"quack-mariner\" models=\"5\"/>\n", bad
		print "  </list>"
		print "</roster>"
	}'
}
units 70000 late >big.xml
line=$(grep -n 'id="late"' big.xml | cut -d: -f1)
run_muster "a roster of $(wc -l <big.xml) lines is read" 1 "unknown entry" validate big.xml
cat "$out" "$err" >"$tmp/all"
has "the unknown entry past line 65,535 is named at its line ($line)" "$tmp/all" "big.xml:$line:"

# A roster small enough to be parsed whole (under 1 MB) but over 65,535 lines: blank lines.
{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer">'
	echo '  <list id="main" faction="impondium">'
	echo '    <limit cost="ap" value="9999999"/>'
	awk 'BEGIN { for (i = 0; i < 70000; i++) print "" }'
	echo '    <unit id="u1" entry="quack-marine" models="5"/>'
	echo '    <unit id="u2" entry="quack-mariner" models="5"/>'
	echo '  </list>'
	echo '</roster>'
} >small.xml
line=$(grep -n 'id="u2"' small.xml | cut -d: -f1)
run_muster "a roster of $(wc -c <small.xml) bytes and 70,000 blank lines is read" 1 \
	"unknown entry" validate small.xml
cat "$out" "$err" >"$tmp/all"
has "its unknown entry is named at its line ($line)" "$tmp/all" "small.xml:$line:"

# A campaign whose ledger runs past line 65,535: entries that change nothing, a comment
# holding a tag, then one for a unit the roster does not hold.
ex=$top/doc/examples/impondium-campaign.xml
awk '/^    <\/ledger>$/ && !done {
	for (i = 1; i <= 70000; i++) {
		if (i == 65600)
			print "      <!-- <xp unit=\"sq1\"/> is not an entry -->"
		print "      <gain date=\"2026-09-20\" currency=\"rations\" amount=\"0\"/>"
	}
	print "      <xp date=\"2026-09-21\" unit=\"nobody\" amount=\"1\"/>"
	done = 1
}
{ print }' "$ex" >camp.xml
line=$(grep -n 'unit="nobody"' camp.xml | cut -d: -f1)
run_muster "a campaign of $(wc -l <camp.xml) lines is read" 2 "nobody" validate camp.xml
cat "$out" "$err" >"$tmp/all"
has "the ledger entry past line 65,535 is named at its line ($line)" "$tmp/all" "camp.xml:$line:"
tap_done
