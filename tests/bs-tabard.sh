#!/bin/sh
# BattleScribe data printed as a player reads it (issue 21, tried on 40k and The Horus
# Heresy), on the Tabard fixtures (tests/data/bs-tabard; the printouts themselves are the
# golden cases tests/cli/cases/bs-print-*): a tournament's CSV report heads its total with the
# cost type's name, not its generated id (the XML report keeps the id, a reference); an
# upgrade at the root is no number of models in any language. Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bstabard
d=$top/tests/data/bs-tabard
data="--data-dir=$d"
cd "$tmp" || exit 1

cat >pack.xml <<'PACK'
<?xml version="1.0" encoding="UTF-8"?>
<event xmlns="urn:x-muster:event:1" version="1" name="Banner Fair" system="tb-sys" ref="BF">
  <limit cost="7c1e-40d2-9a83-b5f6" value="300" ref="BF-1"/>
</event>
PACK
mkdir lists
cp "$d/host.ros" lists/
run_muster "tournament: the host is legal" 0 "Field Host  Hall of Banners" \
	tournament -j 1 $data -o report.csv -o report.xml pack.xml lists
has "tournament: the CSV's total by the cost type's name" report.csv '"total_Pts"'
hasnt "tournament: not by its id" report.csv "7c1e-40d2"
has "tournament: the CSV's total" report.csv '"135"'
has "tournament: the XML names the cost type by id" report.xml 'cost="7c1e-40d2-9a83-b5f6"'

# The upgrade's own cost line, in each language there is (roundtrip-lib.sh finds them):
# no model count of an upgrade in any.
. "$top/tests/roundtrip-lib.sh"
"$MUSTER" export $data "$d/host.ros" >exp-C.txt 2>&1
has "export: an upgrade's own cost (English)" exp-C.txt "  + own cost  "
hasnt "export: no model of an upgrade (English)" exp-C.txt "+ 1 model"
for ll in de fr; do
	case " $langs " in
	*" $ll "*) ;;
	*) skip "export in $ll" "no $ll locale or catalogue here"; continue ;;
	esac
	LC_ALL=$(locale_of $ll) "$MUSTER" export $data "$d/host.ros" >"exp-$ll.txt" 2>&1
	case $ll in
	de) has "export: an upgrade's own cost (de)" exp-de.txt "  + eigene Kosten  "
	    hasnt "export: no model of an upgrade (de)" exp-de.txt "+ 1 Modell " ;;
	fr) has "export: an upgrade's own cost (fr)" exp-fr.txt "  + coût propre  "
	    hasnt "export: no model of an upgrade (fr)" exp-fr.txt "+ 1 figurine " ;;
	esac
done
tap_done
