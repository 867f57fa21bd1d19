#!/bin/sh
# bench/gen-system.sh - a deterministic game system with a catalog of N entries, for `make bench`
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Writes a data directory OUTDIR (it must not exist yet) holding
#
#   rules-xml/benchgame.xml        a system: one cost type, a level, four attributes, eight
#                                  keywords, three categories, two battle sizes, six rules
#                                  (points, one faction, per-entry and per-category counts, a
#                                  requirement on an item, a keyword prerequisite)
#   catalogs/benchgame/big.xml     a catalog of N entries in N/100 sub-factions (at least one),
#                                  each with a cost, four attributes, keywords, categories, two
#                                  items with their own attributes and keywords, and two options
#   list.xml                       a roster of 20 units drawn from the catalog
#
# so that `muster --data-dir OUTDIR validate OUTDIR/list.xml` loads and indexes the whole
# catalog, as a player's list of a big game system does, and `xmllint --noout` can read the
# same three files. Nothing is random: a fixed-seed Park-Miller generator (exact in any awk)
# drives every choice, so the same N always gives byte-identical files. About 520 bytes an
# entry: N = 10000 writes a 5.2 MB catalog.
#
# Usage: gen-system.sh N OUTDIR

set -u
LC_ALL=C
export LC_ALL

die() {
	printf 'gen-system.sh: %s\n' "$*" >&2
	exit 2
}

[ $# -eq 2 ] || die "usage: gen-system.sh N OUTDIR"
n=$1
out=$2
case $n in '' | *[!0-9]*) die "'$n' is not a whole number" ;; esac
[ "$n" -ge 1 ] && [ "$n" -le 100000 ] || die "N is from 1 to 100000"
[ ! -e "$out" ] || die "'$out' exists already: remove it first"
mkdir -p "$out/rules-xml" "$out/catalogs/benchgame" || die "cannot make '$out'"

cat >"$out/rules-xml/benchgame.xml" <<'SYS'
<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by bench/gen-system.sh: a made-up game system for measuring how catalogs scale. -->
<system xmlns="urn:x-muster:rules:1" id="benchgame" name="Bench Game" revision="1" rounding="up">
  <costs>
    <cost id="pts" name="Points" abbr="pts"/>
  </costs>
  <item-kinds>
    <kind id="weapon" name="Weapon" plural="Weapons"/>
  </item-kinds>
  <levels>
    <level id="faction" name="Faction"/>
    <level id="host" name="Host"/>
  </levels>
  <attributes>
    <attribute id="rank" name="Rank" abbr="Rk" type="int" min="0" max="5" required="true"/>
    <attribute id="move" name="Move" abbr="M" type="int" min="0" max="24" required="true"/>
    <attribute id="size" name="Unit size" abbr="Sz" type="int" min="1" max="40" required="true"/>
    <attribute id="save" name="Save" abbr="Sv" type="int" min="2" max="7" required="true"/>
    <attribute id="range" name="Range" abbr="Rng" type="int" min="0" max="48" on="item" required="true"/>
    <attribute id="power" name="Power" abbr="Pw" type="int" min="1" max="10" on="item" required="true"/>
  </attributes>
  <keywords>
    <keyword id="fast" name="Fast"/>
    <keyword id="tough" name="Tough"/>
    <keyword id="leader" name="Leader"/>
    <keyword id="banner" name="Banner"/>
    <keyword id="drilled" name="Drilled"/>
    <keyword id="elite" name="Elite" replaces="drilled"/>
    <keyword id="sharp" name="Sharp" on="item"/>
    <keyword id="heavy" name="Heavy" on="item"/>
  </keywords>
  <categories>
    <category id="core" name="Core"/>
    <category id="special" name="Special"/>
    <category id="rare" name="Rare"/>
  </categories>
  <sizes>
    <size id="skirmish" name="Skirmish"><limit cost="pts" value="1000"/></size>
    <size id="battle" name="Battle"><limit cost="pts" value="3000"/></size>
  </sizes>
  <rules>
    <rule id="bg-1-points" ref="BG-1">
      <sum cost="pts" in="list"/>
      <at-most><limit cost="pts"/></at-most>
      <message>the list costs {count} pts, {diff} over its limit of {bound}</message>
    </rule>
    <rule id="bg-2-one-faction" ref="BG-2">
      <same attr="faction" in="list"/>
      <message>one faction per list; this one mixes {values}</message>
    </rule>
    <rule id="bg-3-three-each" ref="BG-3">
      <count of="units" in="list" group-by="entry"/>
      <at-most value="3"/>
      <message>{count} units of {group}; at most {bound}</message>
    </rule>
    <rule id="bg-4-rare" ref="BG-4">
      <count of="units" in="list"><category id="rare"/></count>
      <at-most value="2"/>
      <message>{count} Rare units; at most {bound}</message>
    </rule>
    <rule id="bg-5-leader" ref="BG-5">
      <count of="units" in="list"><keyword id="leader"/></count>
      <at-least value="1"/>
      <message>a list needs a Leader</message>
    </rule>
    <rule id="bg-6-elite-rank" ref="BG-6">
      <each of="units" taking="elite"/>
      <require><attr name="rank" ge="2"/></require>
      <message>{this} takes Elite but is Rank {this.rank}; Elite needs Rank 2</message>
    </rule>
  </rules>
</system>
SYS

awk -v n="$n" -v out="$out" '
function rnd(k) {
	seed = (16807 * seed) % 2147483647
	return seed % k
}
BEGIN {
	seed = 20261124
	file = out "/catalogs/benchgame/big.xml"
	hosts = int(n / 100)
	if (hosts < 1)
		hosts = 1
	split("fast tough banner drilled", kw, " ")
	split("core core core special special rare", cat, " ")
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > file
	printf "<!-- Written by bench/gen-system.sh: %d entries in %d hosts. -->\n", n, hosts > file
	printf "<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"benchgame\" id=\"big\" name=\"Big catalog\" revision=\"1\">\n" > file
	printf "  <group level=\"faction\" id=\"legion\" name=\"The Legion\">\n" > file
	e = 0
	for (h = 1; h <= hosts; h++) {
		printf "    <group level=\"host\" id=\"host-%d\" name=\"Host %d\">\n", h, h > file
		last = h == hosts ? n : h * int(n / hosts)
		for (; e < last; ) {
			e++
			rank = e % 7 == 1 ? 3 : rnd(3)
			printf "      <entry id=\"e%d\" name=\"Unit %d\">\n", e, e > file
			printf "        <cost type=\"pts\" value=\"%d\"/>\n", 5 + rnd(30) > file
			printf "        <stats rank=\"%d\" move=\"%d\" size=\"%d\" save=\"%d\"/>\n", rank, 4 + rnd(8), 1 + rnd(20), 2 + rnd(6) > file
			printf "        <keywords>%s%s</keywords>\n", kw[rnd(4) + 1], e % 7 == 1 ? " leader" : "" > file
			printf "        <categories>%s</categories>\n", cat[rnd(6) + 1] > file
			for (w = 1; w <= 2; w++) {
				printf "        <item kind=\"weapon\" id=\"w%d\" name=\"Weapon %d\">\n", w, w > file
				printf "          <stats range=\"%d\" power=\"%d\"/>\n", w == 1 ? 1 : 6 + rnd(30), 1 + rnd(10) > file
				printf "          <keywords>%s</keywords>\n", rnd(2) ? "sharp" : "heavy" > file
				printf "        </item>\n" > file
			}
			printf "        <option id=\"drill\" name=\"Drill\"><cost value=\"%d\"/><grant>drilled</grant></option>\n", 1 + rnd(3) > file
			printf "        <option id=\"elite\" name=\"Elite\"><cost value=\"%d\"/><grant>elite</grant></option>\n", 2 + rnd(5) > file
			printf "      </entry>\n" > file
		}
		printf "    </group>\n" > file
	}
	printf "  </group>\n</catalog>\n" > file
	close(file)

	file = out "/list.xml"
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > file
	printf "<!-- Written by bench/gen-system.sh: 20 units of the %d-entry catalog. -->\n", n > file
	printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"benchgame\" name=\"Bench list\">\n" > file
	printf "  <list id=\"main\" name=\"Bench host\" size=\"battle\" faction=\"legion\">\n" > file
	for (u = 1; u <= 20; u++) {
		e = (u - 1) * int(n / 20) + 1
		if (e > n)
			e = (u - 1) % n + 1
		printf "    <unit entry=\"e%d\" models=\"1\"%s\n", e, u % 4 ? "/>" : "><option id=\"drill\"/></unit>" > file
	}
	printf "  </list>\n</roster>\n" > file
	close(file)
}' || { rm -rf "$out"; exit 2; }
exit 0
