#!/bin/sh
# A unit's options are written in the catalog's order whatever order they were taken in
# (issue 22): a Marine Champion given Stubborn, Trained and Unflinching in that order, in the
# reverse order, and with Stubborn taken off and on again, gives one file byte for byte and one
# verdict (legal). A roster written by hand in the wrong order still breaks DH-10, and the
# message says that the order is the problem.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir optorder

base() {
	cat >"$1" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="Order">
  <list id="main" size="small-skirmish">
    <unit entry="marine-champion" models="1" id="champ"/>
    <unit entry="marine-recruit" models="1" name="Recruits A"/>
    <unit entry="marine-recruit" models="1" name="Recruits B"/>
    <unit entry="marine-recruit" models="1" name="Recruits C"/>
  </list>
</roster>
XML
}
# take FILE OPTION...: one `muster set` per option, in the order given (the unit named by the
# start of its entry's name, in another case).
take() {
	f=$1
	shift
	for o in "$@"; do
		"$MUSTER" set "$f" "marine ch" --option="$o" >/dev/null 2>>"$tmp/err"
	done
}
base "$tmp/a.xml"
take "$tmp/a.xml" stubborn trained unflinching
base "$tmp/b.xml"
take "$tmp/b.xml" unflinching trained stubborn
base "$tmp/c.xml"
take "$tmp/c.xml" stubborn trained unflinching stubborn=0 stubborn

for x in a b c; do
	if "$MUSTER" validate "$tmp/$x.xml" >"$tmp/v.$x" 2>&1; then
		ok "order $x: legal"
	else
		not_ok "order $x: legal" "$tmp/v.$x"
	fi
done
ok_if "reverse order: the same file as the catalog's order" cmp "$tmp/a.xml" "$tmp/b.xml"
ok_if "Stubborn off and on again: the same file" cmp "$tmp/a.xml" "$tmp/c.xml"
if tr -d ' \n' <"$tmp/a.xml" | grep -qF '<optionid="stubborn"/><optionid="trained"/><optionid="unflinching"/>'; then
	ok "the options stand in the catalog's order"
else
	not_ok "the options stand in the catalog's order" "$tmp/a.xml"
fi

# Written by hand in the wrong order: DH-10, and the message names the order.
base "$tmp/h.xml"
sed 's|id="champ"/>|id="champ"><option id="unflinching"/><option id="stubborn"/><option id="trained"/></unit>|' \
	"$tmp/h.xml" >"$tmp/h2.xml"
"$MUSTER" validate "$tmp/h2.xml" >"$tmp/v.h" 2>&1
ok_if "by hand, out of order: DH-10 says the order matters" \
	grep -qF "needs Stubborn and Trained first (options apply in the order the unit lists them" "$tmp/v.h"
# Any set on that unit writes its options in the catalog's order again.
"$MUSTER" set "$tmp/h2.xml" champ --name=Champ >/dev/null 2>&1
if "$MUSTER" validate "$tmp/h2.xml" >"$tmp/v.h2" 2>&1; then
	ok "by hand, then one set: the order is the catalog's and the list is legal"
else
	not_ok "by hand, then one set: the order is the catalog's and the list is legal" "$tmp/v.h2"
fi

tap_done
