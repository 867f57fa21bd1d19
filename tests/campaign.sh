#!/bin/sh
# Campaigns end to end (DHC-1 to DHC-8): `muster campaign` records ledger entries into a copy
# of doc/examples/impondium-campaign.xml (whose comment holds the hand calculation of its
# three battles), refuses what a rule forbids with the rule's number and leaves the file
# byte for byte as it was, and derives every figure again after a correction. Prints TAP.
# Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir campaign
tap_show() {
	tap_files "$out" "$err"
}

# run NAME STATUS GREP-ON-OUTPUT ARGS...: muster ARGS exits STATUS and prints GREP (fixed).
run() {
	run_muster "$@"
}
fresh() {
	cp "$top/doc/examples/impondium-campaign.xml" "$tmp/c.xml"
	rm -f "$tmp/c.xml~"
}
# refused NAME RULE ARGS...: refused with RULE cited, and the file unchanged. Exit status 1
# (a rule broken), or $status when set (2: an impossible entry such as a roll no die gives).
refused() {
	tap_name=$1 tap_text=$2
	shift 2
	expect_kept "$tap_name" "${status:-1}" "$tap_text" "$tmp/c.xml" "$MUSTER" "$@"
}

# The hand-calculated campaign (see the example's comment).
fresh
run "the example campaign is legal" 0 "legal" validate --verbose "$tmp/c.xml"
run "XP pool 36 and Rations 135 after three battles" 0 "Pools: Rations 135, Experience 36" \
	campaign show "$tmp/c.xml"
grep -q '^1st Squad  *8  *3  *2  *9  *7$' "$out" && ok "1st Squad: 8 models, Level 3, Grade 2, 9 XP, 7 to Level 4" ||
	not_ok "1st Squad: 8 models, Level 3, Grade 2, 9 XP, 7 to Level 4"
grep -q '^Sergeant Plume  *1  *4  *2  *16  *9$' "$out" && ok "Sergeant: Level 4, 16 XP" ||
	not_ok "Sergeant: Level 4, 16 XP"
grep -qF 'battle  loss 6-14 against Gander'"'"'s Honkers, +1 Rations, +20 XP' "$out" &&
	ok "the lost battle earns 6 + 7 (half of 14) + 2 + 1 + 4 = 20 XP" ||
	not_ok "the lost battle earns 6 + 7 (half of 14) + 2 + 1 + 4 = 20 XP"
run "trained HP shows on the card" 0 "8" catalog duckhammer quack-marine
run "show prints the trainings as options" 0 "+ +1 max HP" show "$tmp/c.xml"

# DHC-5: a third HP training at one Grade. sq1 is Level 3 (Grade 2) with one HP training
# at Grade 2: two more Levels, the second HP training at Grade 2 is fine, the third is not.
run "XP to sq1: Level 4" 0 "" campaign xp "$tmp/c.xml" sq1 7 --date=2026-09-20
run "second HP training at Grade 2" 0 "" campaign train "$tmp/c.xml" sq1 hp --date=2026-09-20
run "XP to sq1: Level 5" 0 "" campaign xp "$tmp/c.xml" sq1 9 --date=2026-09-20
refused "a third HP training at Grade 2 is refused" "DHC-5" \
	campaign train "$tmp/c.xml" sq1 hp --date=2026-09-20
# DHC-5 (d): Armor to at most 3. The Sergeant has Armor 2 after one training.
run "XP to the Sergeant: Level 5" 0 "" campaign xp "$tmp/c.xml" sgt 9 --date=2026-09-20
refused "Armor trained twice at one Grade is refused" "DHC-5" \
	campaign train "$tmp/c.xml" sgt armor --date=2026-09-20
# DHC-5 (e): Bravery above the Grade (the Sergeant is Grade 2 with Bravery 4).
refused "Bravery above the Grade is refused" "DHC-5" \
	campaign train "$tmp/c.xml" sgt bravery --date=2026-09-20
# DH-10 through DHC-5 (f): Diver needs a Fast Swimmer (Quack Marines swim Slow).
refused "Diver without Fast Swimmer is refused" "DH-10" \
	campaign train "$tmp/c.xml" sq1 ability --keyword=diver --date=2026-09-20
# DHC-5 (h): one damage step per weapon.
run "a damage step on the Molter" 0 "" \
	campaign train "$tmp/c.xml" sgt damage --item=sword --date=2026-09-20
grep -q 'damage.*sword' "$out" && ok "the ledger shows the damage step" || not_ok "the ledger shows the damage step"
run "DHC-5 (h): the card's Sword is one damage step up (d6 to 2d4)" 0 \
	'Sword: Kind melee Dmg 2d4 Rng 1" Size small; Reliable' export "$tmp/c.xml"

# DHC-5 (h) again: the Sergeant at Grade 3 may take a damage step, not on the Sword again.
run "XP to the Sergeant: Level 6, Grade 3" 0 "" campaign xp "$tmp/c.xml" sgt 11 --date=2026-09-21
refused "a second damage step on one weapon is refused" "DHC-5" \
	campaign train "$tmp/c.xml" sgt damage --item=sword --date=2026-09-21

# DHC-5 (d): Armor to 4. A Thunder Tank has Armor 3 on its card.
cat >"$tmp/c.xml" <<'EOF2'
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Tank">
  <list id="main" size="all-out-war" faction="impondium">
    <unit id="tank" entry="thunder-tank" models="1"/>
  </list>
  <campaign><ledger><start amount="900"/><gain currency="xp" amount="13"/></ledger></campaign>
</roster>
EOF2
run "XP to the Tank: Level 7" 0 "" campaign xp "$tmp/c.xml" tank 13 --date=2026-09-21
refused "Armor trained to 4 is refused" "DHC-5: Thunder Tank has Armor 4" \
	campaign train "$tmp/c.xml" tank armor --date=2026-09-21

# DHC-1: more than two thirds of 300 spent at the start.
cat >"$tmp/s.xml" <<'EOF'
<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="Too rich">
  <list id="main" size="all-out-war" faction="impondium">
    <unit id="a" entry="quack-marine" models="10"/>
    <unit id="b" entry="quack-marine" models="10"/>
    <unit id="c" entry="quack-marine" models="10"/>
  </list>
</roster>
EOF
refused "spending 210 of 300 Rations at the start is refused" "DHC-1" campaign start "$tmp/s.xml" 300
mv "$tmp/s.xml" "$tmp/c.xml"
run "spending 210 of 315 is two thirds" 0 "Rations 105" campaign start "$tmp/c.xml" 315

# Dice: 13 on a d12.
fresh
cp "$tmp/c.xml" "$tmp/before.xml"
run "a recovery roll of 13 on a d12 is refused" 2 "a roll of 13 is impossible on d12 (1 to 12)" \
	campaign battle "$tmp/c.xml" --result=win --vp=12 --opponent-vp=3 --lost=sq2:1:13
cmp -s "$tmp/c.xml" "$tmp/before.xml" && ok "the impossible roll: the file is unchanged" ||
	not_ok "the impossible roll: the file is unchanged"

# DHC-6: a corrected VP changes every figure derived from it. Battle 1 (entry 2) scored 12
# VP; written as 10 the pool falls by 2, from 36 to 34.
fresh
run "correcting battle 1's VP from 12 to 10" 0 "Pools: Rations 135, Experience 34" \
	campaign fix "$tmp/c.xml" 2 vp=10
grep -qF 'vp="10"' "$tmp/c.xml" && ok "the file holds the corrected VP" || not_ok "the file holds the corrected VP"
grep -qF 'vp="12"' "$tmp/c.xml~" && ok "the previous version is kept as NAME~" ||
	not_ok "the previous version is kept as NAME~"
# Daemon Rift (DR-5 to DR-8): nothing is lost for good but a character's life; upgrades are
# rolled on DR-7's tables. The army: a Margrave, a Captain, Core and Special units.
cat >"$tmp/c.xml" <<'EOF3'
<roster xmlns="urn:x-muster:roster:1" version="2" system="daemon-rift" name="Grey Marches">
  <list id="first" name="First Host" size="standard" faction="grey-marches">
    <unit id="lord" entry="margrave" models="1" name="Margrave Ulric"><option id="sword-of-might"/></unit>
    <unit id="cpt" entry="captain" models="1"/>
    <unit id="hal1" entry="halberdiers" models="30"/>
    <unit id="hal2" entry="halberdiers" models="30"/>
    <unit id="hg" entry="handgunners" models="20"/>
    <unit id="fc" entry="free-company" models="10"/>
    <unit id="gs" entry="greatswords" models="15"/>
    <unit id="cannon" entry="great-cannon" models="1"/>
  </list>
  <campaign><ledger><start date="2026-10-01"/></ledger></campaign>
</roster>
EOF3
# Battle 1: the Margrave is killed and rolls 2 on a d6: with no death before, only a 1 kills
# (DR-5), so he starts the next battle with 1 wound of 3. hal1 lost 16 of 30 (half or more,
# 20+ models): d3 models down, rolled 3. The cannon (3 wounds) rolls 2: 1 wound left.
run "DR-5: losses carried to the next battle" 0 "next battle: 3 models down" \
	campaign battle "$tmp/c.xml" --result=win --vp=5 --opponent-vp=3 --date=2026-10-03 \
	--lost=lord:1:2 --lost=hal1:16:3 --lost=cannon:1:2
grep -q "Margrave Ulric *1$" "$out" && ok "DR-5: nothing is lost for good" || not_ok "DR-5: nothing is lost for good"
grep -qF "next battle: starts with 1 wound (Character killed)" "$out" &&
	ok "DR-5: a killed character who rolls 2 starts with 1 wound" ||
	not_ok "DR-5: a killed character who rolls 2 starts with 1 wound"
status=2 refused "DR-5: losses under half roll nothing" "no roll is made for these losses" \
	campaign battle "$tmp/c.xml" --result=win --vp=5 --opponent-vp=3 --lost=hal2:14:2
status=2 refused "DR-5: nothing is spent on a loss roll" "nothing is spent on a roll for Half losses (20+ models) (+2)" \
	campaign battle "$tmp/c.xml" --result=win --vp=5 --opponent-vp=3 --lost=hal2:15:2+2
status=2 refused "DR-5: a d3 roll of 4 is refused" "a roll of 4 is impossible on d3 (1 to 3)" \
	campaign battle "$tmp/c.xml" --result=win --vp=5 --opponent-vp=3 --lost=hal2:15:4

# DR-7: at most 3 non-character units upgraded per battle. 11 gives +1 T.
for u in hal2 hg fc; do
	run "DR-7: $u rolls 11, +1 T" 0 "" campaign train "$tmp/c.xml" $u t --roll=11 --date=2026-10-04
done
refused "DR-7: a fourth unit upgraded in one battle is refused" "DR-7: 3 units were upgraded on Unit experience" \
	campaign train "$tmp/c.xml" gs t --roll=11 --date=2026-10-04
refused "DR-7: a unit with half losses does not roll" "lost 16 of 30 models in the last battle" \
	campaign train "$tmp/c.xml" hal1 ws --roll=9 --date=2026-10-04
refused "DR-7: a wounded character does not roll" "was hurt in the last battle" \
	campaign train "$tmp/c.xml" lord ws --roll=8 --date=2026-10-04
status=2 refused "DR-7: a 2d6 roll of 1 is refused, naming the dice" "a roll of 1 is impossible on 2d6 (2 to 12)" \
	campaign train "$tmp/c.xml" cpt ws --roll=1 --date=2026-10-04
refused "DR-7: a roll of 5 gives no upgrade" "a roll of 5 on Character experience (DR-7) gives no upgrade" \
	campaign train "$tmp/c.xml" cpt t --roll=5 --date=2026-10-04
run "DR-7: the Captain rolls 8, +1 WS" 0 "" campaign train "$tmp/c.xml" cpt ws --roll=8 --date=2026-10-04
run "DR-7: show lists the upgrade with the unit" 0 "+ +1 WS" show "$tmp/c.xml"

# Battle 2. The Margrave is killed and rolls 1: dead for good (first death: 1).
run "DR-5: the Margrave dies for good on 1" 0 "died 1 time, replaced" \
	campaign battle "$tmp/c.xml" --result=loss --vp=2 --opponent-vp=6 --date=2026-10-10 --lost=lord:1:1
# DR-7: never the same upgrade twice; 11 counts as 12 once T was raised.
refused "DR-7: a unit cannot take +1 T twice" "a roll of 11 on Unit experience (DR-7) gives s, bs (11 counts as 12" \
	campaign train "$tmp/c.xml" hal2 t --roll=11 --date=2026-10-11
run "DR-7: 11 counts as 12 after +1 T: +1 S" 0 "trained +1 S" \
	campaign train "$tmp/c.xml" hal2 s --roll=11 --date=2026-10-11
# DR-6: a Hold not attacked gives 75 repair points; the lost Sword of Might (20 pts) costs 60.
run "DR-6: a Hold gives 75 repair points" 0 "Repair points 75" campaign award "$tmp/c.xml" hold --date=2026-10-11
run "DR-6: a lost magic item costs 3x its points" 0 "Repair points 15" \
	campaign repair "$tmp/c.xml" lord --item=sword-of-might --date=2026-10-11
refused "DR-6: one death loses one item" "no lost item is left to buy back" \
	campaign repair "$tmp/c.xml" lord --item=sword-of-might --date=2026-10-11

# Battle 3: the Margrave (one death) rolls 3: 1-2 kills now, so he lives with 1 wound.
# Repair points are not storable: the 15 left are gone.
run "DR-6: repair points do not keep to the next battle" 0 "Repair points 0" \
	campaign battle "$tmp/c.xml" --result=win --vp=4 --opponent-vp=1 --date=2026-10-17 --lost=lord:1:3
grep -qF "died 1 time" "$out" && ok "DR-5: a 3 after one death is no death" || not_ok "DR-5: a 3 after one death is no death"
# DR-6: a wound costs the model's full cost (100 + 20 for the sword) over its 3 Wounds: 40.
run "DR-6: a Hold" 0 "" campaign award "$tmp/c.xml" hold --date=2026-10-18
refused "DR-6: two wounds cost 80, more than 75" "costs 80 Repair points; only 75 are left" \
	campaign repair "$tmp/c.xml" lord --wounds=2 --date=2026-10-18
run "DR-6: one wound costs 40" 0 "Repair points 35" campaign repair "$tmp/c.xml" lord --wounds=1 --date=2026-10-18
refused "DR-6: no more wounds are missing than the rolls left" "misses 1 wound since the last battle: 2 cannot be repaired" \
	campaign repair "$tmp/c.xml" lord --wounds=2 --date=2026-10-18
# Battle 4: killed again, rolls 2: 1-2 after one death, dead (his second death).
run "DR-5: the second death on 2" 0 "died 2 times" \
	campaign battle "$tmp/c.xml" --result=win --vp=4 --opponent-vp=1 --date=2026-10-24 --lost=lord:1:2
# Battle 5: the third death uses the 1-3 chance: a 3 kills.
run "DR-5: a character's third death uses the 1-3 chance" 0 "died 3 times" \
	campaign battle "$tmp/c.xml" --result=win --vp=4 --opponent-vp=1 --date=2026-10-31 --lost=lord:1:3
# DR-8: campaign VP.
run "DR-8: campaign VP from three territories" 0 "Campaign VP 3" \
	campaign award "$tmp/c.xml" territory 3 --date=2026-11-01
run "DR-8: and a beaten faction" 0 "Campaign VP 5" campaign award "$tmp/c.xml" faction-beaten --date=2026-11-01
run "DR-8: a territory lost" 0 "Campaign VP 4" campaign award "$tmp/c.xml" territory --date=2026-11-02 -- -1
# A recording is refused when it breaks something new, even if it mends something else: the
# ledger below upgrades four units after one battle (the fourth breaks DR-7). Correcting the
# first to a roll of 9 mends that (it no longer counts) but breaks entry 3 instead.
cat >"$tmp/c.xml" <<'EOF4'
<roster xmlns="urn:x-muster:roster:1" version="2" system="daemon-rift" name="Grey Marches">
  <list id="first" name="First Host" size="standard" faction="grey-marches">
    <unit id="lord" entry="margrave" models="1"/>
    <unit id="hal1" entry="halberdiers" models="30"/>
    <unit id="hal2" entry="halberdiers" models="30"/>
    <unit id="hg" entry="handgunners" models="20"/>
    <unit id="gs" entry="greatswords" models="15"/>
  </list>
  <campaign><ledger>
    <start/>
    <battle vp="1" opponent-vp="0" result="win"/>
    <train unit="hal1" advance="t" roll="11"/>
    <train unit="hal2" advance="t" roll="11"/>
    <train unit="hg" advance="t" roll="11"/>
    <train unit="gs" advance="t" roll="11"/>
  </ledger></campaign>
</roster>
EOF4
run "the fourth upgrade is an error" 1 "DR-7: 3 units were upgraded" validate "$tmp/c.xml"
refused "a correction that mends one error and breaks another is refused" "gives ws, i, not 't'" \
	campaign fix "$tmp/c.xml" 3 roll=9
if grep -qF "3 units were upgraded" "$err"; then
	not_ok "only what the entry breaks is shown"
else
	ok "only what the entry breaks is shown"
fi
run "a correction that mends it is accepted" 0 "" campaign fix "$tmp/c.xml" 6 unit=lord
# DUCK! (DK-5): mission outcomes in the ledger; 10 Gold Stars an advancement; the walking
# drone gun after three.
cat >"$tmp/c.xml" <<'EOF5'
<roster xmlns="urn:x-muster:roster:1" version="1" system="duck" name="Drifters">
  <list id="team" name="Drifter Team" size="mission" faction="verminators">
    <unit id="sarge" entry="you" models="1" name="Sarge"><option id="bio-scanner"/></unit>
    <unit id="hicks" entry="teamer" models="1" name="Hicks"/>
  </list>
</roster>
EOF5
run "DK-5: a Team starts its campaign" 0 "Gold Stars 0" campaign start "$tmp/c.xml" 0
run "DK-5: a completed mission gives 10 stars" 0 "Gold Stars 10" campaign award "$tmp/c.xml" mission
run "DK-5: a part gives 5" 0 "Gold Stars 15" campaign award "$tmp/c.xml" mission-part
run "DK-5: a catastrophe takes 10" 0 "Gold Stars 5" campaign award "$tmp/c.xml" catastrophe
refused "DK-5: an advancement costs 10 stars" "DK-5: 'Double ammo distribution' costs 10 Gold Stars; only 5 are left" \
	campaign train "$tmp/c.xml" double-ammo
run "DK-5: two more missions" 0 "Gold Stars 25" campaign award "$tmp/c.xml" mission 2
run "DK-5: a Team advancement" 0 "Army advances: Double ammo distribution" campaign train "$tmp/c.xml" double-ammo
run "DK-5: armour for one member" 0 "Gold Stars 5" campaign train "$tmp/c.xml" hicks armour
refused "DK-5: no drone gun after two advancements" "comes after 3 advances; the army has taken 2" \
	campaign train "$tmp/c.xml" walking-drone-gun
status=2 refused "DK-5: a Team advancement names no unit" "is taken by the army: name no unit" \
	campaign train "$tmp/c.xml" hicks double-ammo
# DHC-9: travel is a calculator; nothing is recorded. The Sergeant is Grade 2: 10" of woods
# at 4" a day is 3 days; after 1 day already travelled they cost (2+1) + (2+2) + (2+3) = 12.
fresh
cp "$tmp/c.xml" "$tmp/before.xml"
run "DHC-9: 10 inches of woods after one day cost 12 Rations" 0 "3 days, costing 12 Rations" \
	campaign travel "$tmp/c.xml" sgt --distance=10 --terrain=woods --travelled=1
grep -qF 'movement left: 14" of 24"' "$out" && ok "DHC-9: 14 inches left" || not_ok "DHC-9: 14 inches left"
cmp -s "$tmp/c.xml" "$tmp/before.xml" && ok "DHC-9: travel leaves the file alone" ||
	not_ok "DHC-9: travel leaves the file alone"
# Quack Marines swim Slow: 3" of water at 2" a day, 2 days, (2+0) + (2+1) = 5 (1st Squad is Grade 2).
run "DHC-9: slow swimmers cross water at 2 inches a day" 0 "2 days, costing 5 Rations" \
	campaign travel "$tmp/c.xml" sq1 --distance=3 --terrain=water
run "DHC-9: past 24 inches is refused" 1 'would move 26" between battles; at most 24" (DHC-9)' \
	campaign travel "$tmp/c.xml" sgt --distance=20 --terrain=open --moved=6
grep -qF "needs 2\" of movement left: not possible" "$out" && ok "DHC-9: no camp without 2 inches left" ||
	not_ok "DHC-9: no camp without 2 inches left"
cat >"$tmp/c.xml" <<'EOF6'
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Tank">
  <list id="main" size="all-out-war" faction="impondium">
    <unit id="tank" entry="thunder-tank" models="1"/>
  </list>
  <campaign><ledger><start amount="900"/></ledger></campaign>
</roster>
EOF6
run "DHC-9: a non-swimmer crosses 1 inch of water" 0 "1 day, costing 3 Rations" \
	campaign travel "$tmp/c.xml" tank --distance=1 --terrain=water
run "DHC-9: a non-swimmer needs Boats past 1 inch" 1 "without Boats (DHC-9)" \
	campaign travel "$tmp/c.xml" tank --distance=2 --terrain=water
run "DHC-9: an unknown terrain names the known ones" 2 "--terrain: unknown terrain 'lava' (known: open, woods, mountains, water)" \
	campaign travel "$tmp/c.xml" tank --distance=2 --terrain=lava
# DHC-2: ration means chosen at the start yield at every battle (the seed gives no means and
# no yields: duckhammer.xml's three are examples). Trade twice (2 x 3) and a Tithe (4) give
# 10 Rations a battle.
cat >"$tmp/c.xml" <<'EOF7'
<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="Traders">
  <list id="main" size="all-out-war" faction="impondium">
    <unit id="sgt" entry="marine-sergeant" models="1"/>
  </list>
</roster>
EOF7
status=2 refused "DHC-2: an unknown means names the known ones" "unknown means 'farming' (means: foraging, trade, tithe)" \
	campaign start "$tmp/c.xml" 60 --means=farming
refused "DHC-2: at most 3 means" "DHC-2: 4 ration means chosen; at most 3 at the start" \
	campaign start "$tmp/c.xml" 60 --means=tradex2 --means=tithex2
run "DHC-2: trade twice and a tithe" 0 "Rations 48" campaign start "$tmp/c.xml" 60 --means=tradex2 --means=tithe
run "DHC-2: the means yield 10 Rations at a battle" 0 "+10 Rations" \
	campaign battle "$tmp/c.xml" --result=win --vp=3 --opponent-vp=1
grep -qF "Rations 58" "$out" && ok "DHC-2: 48 + 10 = 58 Rations" || not_ok "DHC-2: 48 + 10 = 58 Rations"
# Recovery reads the Health the trainings so far give, in their order: set to 5, then +1 (6),
# then doubled (12). tests/data/toycamp's soldiers have Health 3.
toy() { run "$@" --data-dir "$top/tests/data/toycamp"; }
cat >"$tmp/c.xml" <<'EOF8'
<roster xmlns="urn:x-muster:roster:1" version="2" system="toycamp" name="Tin">
  <list id="l" size="table" faction="tin"><unit id="a" entry="soldier" models="5"/></list>
  <campaign><ledger><start amount="50"/><gain currency="xp" amount="3"/>
    <xp unit="a" amount="3"/><train unit="a" advance="tough"/></ledger></campaign>
</roster>
EOF8
toy "Health set to 5: a 5 recovers, a 4 does not" 0 "1 recovered, 1 lost" \
	campaign battle "$tmp/c.xml" --result=win --vp=1 --opponent-vp=0 --lost=a:2:5,4
toy "then +1: Health 6" 0 "" campaign train "$tmp/c.xml" a plus
toy "a 6 recovers at Health 6" 0 "1 recovered, 0 lost" \
	campaign battle "$tmp/c.xml" --result=win --vp=1 --opponent-vp=0 --lost=a:1:6
toy "then doubled: Health 12" 0 "" campaign train "$tmp/c.xml" a double
toy "a 6 no longer recovers at Health 12" 0 "0 recovered, 1 lost" \
	campaign battle "$tmp/c.xml" --result=win --vp=1 --opponent-vp=0 --lost=a:1:6
# DHC-5 (g): a small 0-cost weapon from the faction's barracks, or a swap for one of the same
# size and cost, once per unit. The Sergeant (Impondium) reaches Level 5 and trains once.
fresh
run "DHC-5 (g): XP to the Sergeant" 0 "" campaign xp "$tmp/c.xml" sgt 9 --date=2026-09-20
refused "DHC-5 (g): a large 3-cost cannon is no new weapon" "DHC-5: Thunder Cannon is not an item 'Barracks weapon' may add" \
	campaign train "$tmp/c.xml" sgt barracks-weapon --item=cannon --date=2026-09-20
refused "DHC-5 (g): another faction's halberd is not in the barracks" "'halberd' is no Weapon of the Impondium barracks" \
	campaign train "$tmp/c.xml" sgt barracks-weapon --item=halberd --date=2026-09-20
refused "DHC-5 (g): a swap keeps the size" "Harpoon replaces Sword only with an item of the same Size" \
	campaign train "$tmp/c.xml" sgt barracks-weapon --item=harpoon --replaces=sword --date=2026-09-20
run "DHC-5 (g): the Sword swapped for a Sabre (small, 0)" 0 "trained Barracks weapon: Sabre for sword" \
	campaign train "$tmp/c.xml" sgt barracks-weapon --item=sabre --replaces=sword --date=2026-09-20
run "DHC-5 (g): XP to the Sergeant again" 0 "" campaign xp "$tmp/c.xml" sgt 11 --date=2026-09-21
refused "DHC-5 (g): once per unit" "has taken 'Barracks weapon' 1 times: at most 1 per unit" \
	campaign train "$tmp/c.xml" sgt barracks-weapon --item=spear --date=2026-09-21
# DHC-5 (h) after (g): the Sabre took the Sword's place, so a damage step goes on the Sabre.
refused "DHC-5 (h): the swapped-away Sword cannot take a damage step" "Sergeant Plume does not carry 'sword' now" \
	campaign train "$tmp/c.xml" sgt damage --item=sword --date=2026-09-21
run "DHC-5 (h): a damage step on the Sabre brought from the barracks" 0 "trained +1 damage step on sabre" \
	campaign train "$tmp/c.xml" sgt damage --item=sabre --date=2026-09-21
run "DHC-5 (g, h): the card carries the Sabre, one damage step up (d6 to 2d4)" 0 \
	'Weapons: Sabre: Kind melee Dmg 2d4 Rng 1" Size small' export "$tmp/c.xml"
grep -q 'Weapons: Sword' "$out" && not_ok "DHC-5 (g): the Sword left the card" || ok "DHC-5 (g): the Sword left the card"
# DHC-6 counts own units that lost models; wounds alone (<lost models="0" wounds=>) do not.
cat >"$tmp/c.xml" <<'EOF9'
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Scratched">
  <list id="main" size="all-out-war" faction="impondium">
    <unit id="sq1" entry="quack-marine" models="10"/>
  </list>
  <campaign><ledger><start amount="300"/>
    <battle vp="5" opponent-vp="1" result="win"><lost unit="sq1" models="0" wounds="2"/></battle>
  </ledger></campaign>
</roster>
EOF9
run "DHC-6: wounds without a model lost earn no XP for the unit" 0 "Experience 5" campaign show "$tmp/c.xml"
# An entry appended to a ledger the file has is spliced into its bytes: comments, odd
# indentation, attribute quotes and the lack of an XML declaration all stay as they were,
# and the entry comes on its own line after the last one.
cat >"$tmp/c.xml" <<'EOF10'
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Kept">
	<!-- tabs, not spaces -->
   <list id='main' size="all-out-war"   faction="impondium">
    <unit id="sq1" entry="quack-marine" models="10"/>
   </list>
  <campaign>
        <ledger><!-- the start -->
   <start amount="300"/>
          <gain currency='xp' amount="3"/> <!-- a note -->
  </ledger>
  <!-- after the ledger -->
  </campaign>
</roster>
EOF10
cat >"$tmp/want.xml" <<'EOF11'
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Kept">
	<!-- tabs, not spaces -->
   <list id='main' size="all-out-war"   faction="impondium">
    <unit id="sq1" entry="quack-marine" models="10"/>
   </list>
  <campaign>
        <ledger><!-- the start -->
   <start amount="300"/>
          <gain currency='xp' amount="3"/> <!-- a note -->
      <xp unit="sq1" amount="2" date="2026-09-20" note="a &lt;b&gt; &amp; &quot;c&quot; é"/>
    </ledger>
  <!-- after the ledger -->
  </campaign>
</roster>
EOF11
run "append: an entry into a ledger with comments and odd indentation" 0 "" \
	campaign xp "$tmp/c.xml" sq1 2 --date=2026-09-20 --note='a <b> & "c" é'
same "append: every other byte of the file is kept" "$tmp/want.xml" "$tmp/c.xml"
# A ledger closed right before its campaign: </campaign> gets a line of its own, as the
# document's writing gives it; a refusal leaves the file as it was.
cat >"$tmp/c.xml" <<'EOF12'
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Tight">
  <list id="main" size="all-out-war" faction="impondium">
    <unit id="sq1" entry="quack-marine" models="10"/>
  </list>
  <campaign><ledger><start amount="300"/></ledger></campaign>
</roster>
EOF12
cat >"$tmp/want.xml" <<'EOF13'
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Tight">
  <list id="main" size="all-out-war" faction="impondium">
    <unit id="sq1" entry="quack-marine" models="10"/>
  </list>
  <campaign><ledger><start amount="300"/>
      <gain currency="xp" amount="4" date="2026-09-20"/>
    </ledger>
  </campaign>
</roster>
EOF13
run "append: an entry after a ledger on one line" 0 "" campaign gain "$tmp/c.xml" xp 4 --date=2026-09-20
same "append: the entry on its own line, the rest as it was" "$tmp/want.xml" "$tmp/c.xml"
status=2 refused "append: a roll no die gives is refused" "a roll of 13 is impossible on d12 (1 to 12)" \
	campaign battle "$tmp/c.xml" --result=win --vp=1 --opponent-vp=0 --lost=sq1:1:13
# An entry is checked on the roster as read, its ledger grown in memory and derived again (the
# file is read once): what a recording prints of the army is what show reads back from the
# file it saved, and it prints the entry recorded, not the whole ledger (show does).
fresh
army() {
	sed -e '/^Recorded (/,$d' -e '/^Ledger$/,$d' "$1"
}
agrees() {
	tap_name=$1
	shift
	run "$tap_name" 0 "Recorded (the whole ledger: muster campaign show)" "$@"
	army "$out" >"$tmp/rec.army"
	"$MUSTER" campaign show "$tmp/c.xml" >"$tmp/show.out" 2>&1
	army "$tmp/show.out" >"$tmp/show.army"
	same "$tap_name: the army is what show reads back" "$tmp/show.army" "$tmp/rec.army"
}
agrees "in memory: a battle with losses" campaign battle "$tmp/c.xml" --result=win --vp=10 \
	--opponent-vp=3 --lost=sq1:2:3,11 --date=2027-01-01
agrees "in memory: XP to the Sergeant, Level 5" campaign xp "$tmp/c.xml" sgt 9 --date=2027-01-02
agrees "in memory: a training" campaign train "$tmp/c.xml" sgt hp --date=2027-01-02
agrees "in memory: a gain" campaign gain "$tmp/c.xml" --date=2027-01-03 -- rations -5
grep -q '^ 15\. 2027-01-03 gain    -5 Rations$' "$out" && ok "the recording prints the entry it recorded" ||
	not_ok "the recording prints the entry it recorded"
grep -q '^ *1\. \|^Ledger$' "$out" && not_ok "the recording does not print the whole ledger" ||
	ok "the recording does not print the whole ledger"
run "show still prints the whole ledger" 0 " 15. 2027-01-03 gain    -5 Rations" campaign show "$tmp/c.xml"
grep -q '^  1\. 2026-09-01 start' "$out" && ok "show prints the ledger from its start" ||
	not_ok "show prints the ledger from its start"
status=2 refused "in memory: an enlistment that makes earlier battles wrong is not recorded" \
	"2nd Squad is not in the army at this battle" campaign enlist "$tmp/c.xml" sq2 --date=2027-01-04
# What is no id as the roster schema has it goes the reader's way: the schema's message.
status=2 refused "an --item that is no id is refused as the file's reader says" \
	"'a b' is not an id" campaign train "$tmp/c.xml" sq1 hp --item="a b"
status=2 refused "a currency that is no id is refused as the file's reader says" \
	"not an id" campaign gain "$tmp/c.xml" "x y" 1
tap_done
