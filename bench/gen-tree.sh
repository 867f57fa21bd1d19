#!/bin/sh
# bench/gen-tree.sh - a deterministic game system of nested options and rosters of trees four
# levels deep, for `make bench` (issue 20: time per selection flat at any depth)
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Writes a data directory OUTDIR (it must not exist yet) holding
#
#   rules-xml/benchtree.xml          a system: one cost type, one level, one attribute, one
#                                    category, one battle size, three rules (the list's cost,
#                                    at most one heavy weapon per five models in a unit, counted
#                                    over the unit's whole tree, and at most 3 keen eyes per
#                                    unit over its tree)
#   catalogs/benchtree/armoury.xml   a library catalog of one shared option (keen-eye)
#   catalogs/benchtree/squads.xml    8 entries, each a squad of a chief (a choose-1-of-3 arm
#                                    with a default, each arm with its own upgrade, and a link
#                                    to the armoury's keen eye), 4 to 19 troopers (each may take
#                                    a harpoon, each harpoon barbs) and a bearer (a banner, the
#                                    banner tassels): options of options of options
#   tree-N.xml                       a roster of N selections, for each N of -n (default 100
#                                    1000 10000 100000): N/10 units of exactly 10 selections each
#                                    (the unit and 9 options), four levels deep:
#
#     unit > chief > arm > arm's upgrade        (every other unit: chief > keen-eye, and the
#          > trooper (xK) > harpoon > barbs      bearer's banner has no tassels)
#          > bearer > banner > tassels
#
# so that `muster --data-dir OUTDIR validate OUTDIR/tree-N.xml` checks a tree of N selections
# and `xmllint --noout --schema rules-xml/schema/roster.xsd` reads the same roster. The lists
# are legal: the list's <limit> is a little above its cost. Nothing is random: a fixed-seed
# Park-Miller generator (exact in any awk) drives every choice, so the same N always gives
# byte-identical files. About 420 bytes a unit: N = 100000 writes a 4.1 MB roster.
#
# Usage: gen-tree.sh [-n "N..."] OUTDIR

set -u
LC_ALL=C
export LC_ALL

die() {
	printf 'gen-tree.sh: %s\n' "$*" >&2
	exit 2
}

sizes="100 1000 10000 100000"
while getopts n: opt; do
	case $opt in
	n) sizes=$OPTARG ;;
	*) die "usage: gen-tree.sh [-n \"N...\"] OUTDIR" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || die "usage: gen-tree.sh [-n \"N...\"] OUTDIR"
out=$1
for n in $sizes; do
	case $n in '' | *[!0-9]*) die "'$n' is not a whole number" ;; esac
	[ "$n" -ge 10 ] && [ "$n" -le 150000 ] && [ $((n % 10)) -eq 0 ] ||
		die "N is a multiple of 10 from 10 to 150000, not $n"
done
[ ! -e "$out" ] || die "'$out' exists already: remove it first"
mkdir -p "$out/rules-xml" "$out/catalogs/benchtree" || die "cannot make '$out'"

cat >"$out/rules-xml/benchtree.xml" <<'SYS'
<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by bench/gen-tree.sh: a made-up system of nested options, for measuring how
     checking scales with trees of selections. -->
<system xmlns="urn:x-muster:rules:1" id="benchtree" name="Bench Tree" revision="1" rounding="down">
  <costs>
    <cost id="shells" name="Shells" abbr="sh"/>
  </costs>
  <levels>
    <level id="tide" name="Tide"/>
  </levels>
  <attributes>
    <attribute id="nerve" name="Nerve" abbr="Nv" type="int" min="0" max="10" required="true"/>
  </attributes>
  <categories>
    <category id="heavy" name="Heavy weapon"/>
  </categories>
  <sizes>
    <size id="skirmish" name="Skirmish">
      <limit cost="shells" value="200"/>
    </size>
  </sizes>
  <rules>
    <rule id="bt-1-shells" ref="BT-1">
      <sum cost="shells" in="list"/>
      <at-most><limit cost="shells"/></at-most>
      <message>the list spends {count} shells, {diff} over the limit of {bound}</message>
    </rule>
    <rule id="bt-2-heavy-per-five" ref="BT-2">
      <each of="units"/>
      <count of="options" in="unit"><category id="heavy"/></count>
      <at-most><div round="down"><count of="models" in="unit"/><num value="5"/></div></at-most>
      <message>{this} carries {count} heavy weapons; one per five models allows {bound}</message>
    </rule>
    <rule id="bt-3-keen-eyes" ref="BT-3">
      <each of="units"/>
      <count of="options" in="unit"><entry id="keen-eye"/></count>
      <at-most value="3"/>
      <message>{this} has {count} keen eyes; at most {bound}</message>
    </rule>
  </rules>
</system>
SYS

cat >"$out/catalogs/benchtree/armoury.xml" <<'ARM'
<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by bench/gen-tree.sh: a library catalog of one shared option. -->
<catalog xmlns="urn:x-muster:catalog:1" system="benchtree" id="armoury" name="Armoury" revision="1">
  <shared>
    <option id="keen-eye" name="Keen eye" max="1">
      <cost value="3"/>
    </option>
  </shared>
</catalog>
ARM

awk -v sizes="$sizes" -v out="$out" '
function rnd(k) {
	seed = (16807 * seed) % 2147483647
	return seed % k
}
BEGIN {
	seed = 20261201
	nent = 8
	file = out "/catalogs/benchtree/squads.xml"
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > file
	printf "<!-- Written by bench/gen-tree.sh: %d squads of options three levels deep. -->\n", nent > file
	printf "<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"benchtree\" id=\"squads\" name=\"Squads\" revision=\"1\">\n" > file
	printf "  <group level=\"tide\" id=\"deep\" name=\"The Deep\">\n" > file
	split("blade pistol maul", arm, " ")
	split("edge scope weight", up, " ")
	for (e = 1; e <= nent; e++) {
		base[e] = 0 # an entry cost counts per model: the models pay their own
		printf "    <entry id=\"squad-%d\" name=\"Squad %d\">\n", e, e > file
		printf "      <cost value=\"%d\"/>\n", base[e] > file
		printf "      <stats nerve=\"%d\"/>\n", 3 + rnd(6) > file
		printf "      <option id=\"chief\" name=\"Chief\" model=\"true\" min=\"1\" max=\"1\">\n" > file
		printf "        <cost value=\"15\"/>\n" > file
		printf "        <choose id=\"arm\" name=\"Arm\" min=\"1\" max=\"1\" default=\"blade\">\n" > file
		for (a = 1; a <= 3; a++) {
			acost[e, a] = a == 1 ? 0 : 1 + rnd(10)
			ucost[e, a] = 1 + rnd(3)
			printf "          <option id=\"%s\" name=\"%s\">\n", arm[a], arm[a] > file
			if (acost[e, a])
				printf "            <cost value=\"%d\"/>\n", acost[e, a] > file
			printf "            <option id=\"%s\" name=\"%s\" max=\"1\"><cost value=\"%d\"/></option>\n", up[a], up[a], ucost[e, a] > file
			printf "          </option>\n" > file
		}
		printf "        </choose>\n" > file
		printf "        <link option=\"keen-eye\"/>\n" > file
		printf "      </option>\n" > file
		printf "      <option id=\"trooper\" name=\"Trooper\" model=\"true\" min=\"4\" max=\"19\">\n" > file
		printf "        <cost value=\"10\"/>\n" > file
		printf "        <option id=\"harpoon\" name=\"Harpoon\" max=\"1\">\n" > file
		printf "          <cost value=\"8\"/>\n" > file
		printf "          <categories>heavy</categories>\n" > file
		printf "          <option id=\"barbs\" name=\"Barbs\" max=\"1\"><cost value=\"2\"/></option>\n" > file
		printf "        </option>\n" > file
		printf "      </option>\n" > file
		printf "      <option id=\"bearer\" name=\"Bearer\" model=\"true\" max=\"1\">\n" > file
		printf "        <cost value=\"12\"/>\n" > file
		printf "        <option id=\"banner\" name=\"Banner\" max=\"1\">\n" > file
		printf "          <cost value=\"5\"/>\n" > file
		printf "          <option id=\"tassels\" name=\"Tassels\" max=\"1\"><cost value=\"1\"/></option>\n" > file
		printf "        </option>\n" > file
		printf "      </option>\n" > file
		printf "    </entry>\n" > file
	}
	printf "  </group>\n</catalog>\n" > file
	close(file)

	ns = split(sizes, size, " ")
	for (s = 1; s <= ns; s++) {
		n = size[s]
		units = n / 10
		seed = 20261202
		body = ""
		total = 0
		file = out "/tree-" n ".xml"
		tmpf = file ".units"
		for (u = 1; u <= units; u++) {
			e = rnd(nent) + 1
			a = rnd(3) + 1
			troopers = 4 + rnd(16)
			models = 1 + troopers + 1
			keen = u % 2 == 0
			cost = base[e] + 15 + acost[e, a] + ucost[e, a] + 10 * troopers + 8 + 2 + 12 + 5
			cost += keen ? 3 : 1
			total += cost
			printf "    <unit id=\"u%d\" entry=\"squad-%d\" models=\"%d\">\n", u, e, models > tmpf
			printf "      <option id=\"chief\">\n" > tmpf
			printf "        <option id=\"%s\"><option id=\"%s\"/></option>\n", arm[a], up[a] > tmpf
			if (keen)
				printf "        <option id=\"keen-eye\"/>\n" > tmpf
			printf "      </option>\n" > tmpf
			printf "      <option id=\"trooper\" count=\"%d\">\n", troopers > tmpf
			printf "        <option id=\"harpoon\"><option id=\"barbs\"/></option>\n" > tmpf
			printf "      </option>\n" > tmpf
			if (keen)
				printf "      <option id=\"bearer\"><option id=\"banner\"/></option>\n" > tmpf
			else
				printf "      <option id=\"bearer\"><option id=\"banner\"><option id=\"tassels\"/></option></option>\n" > tmpf
			printf "    </unit>\n" > tmpf
		}
		close(tmpf)
		printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > file
		printf "<!-- Written by bench/gen-tree.sh: %d selections, %d units of 10, four levels deep, %d shells. -->\n", n, units, total > file
		printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"benchtree\" name=\"Bench tree of %d selections\">\n", n > file
		printf "  <list id=\"main\" name=\"The deep muster\" size=\"skirmish\">\n" > file
		printf "    <limit cost=\"shells\" value=\"%d\"/>\n", total + 100 > file
		close(file)
		system("cat \"" tmpf "\" >> \"" file "\" && rm -f \"" tmpf "\"")
		printf "  </list>\n</roster>\n" >> file
		close(file)
	}
}' || { rm -rf "$out"; exit 2; }
exit 0
