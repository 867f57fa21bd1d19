#!/bin/sh
# Campaigns end to end (DHC-1 to DHC-8): `muster campaign` records ledger entries into a copy
# of doc/examples/impondium-campaign.xml (whose comment holds the hand calculation of its
# three battles), refuses what a rule forbids with the rule's number and leaves the file
# byte for byte as it was, and derives every figure again after a correction. Prints TAP.
# Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
top=${srcdir:-.}
: "${MUSTER:?MUSTER must name the muster program}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-campaign.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
k=0
fails=0
out=$tmp/out
err=$tmp/err

ok() {
	k=$((k + 1))
	echo "ok $k - $1"
}
not_ok() {
	k=$((k + 1))
	fails=$((fails + 1))
	echo "not ok $k - $1"
	sed 's/^/# /' "$out" "$err" | head -40
}
# run NAME STATUS GREP-ON-OUTPUT ARGS...: muster ARGS exits STATUS and prints GREP (fixed).
run() {
	name=$1 want=$2 pat=$3
	shift 3
	LC_ALL=C "$MUSTER" "$@" >"$out" 2>"$err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "exit $got, expected $want" >>"$err"
		not_ok "$name"
	elif [ -n "$pat" ] && ! grep -qF -- "$pat" "$out" "$err"; then
		echo "expected: $pat" >>"$err"
		not_ok "$name"
	else
		ok "$name"
	fi
}
fresh() {
	cp "$top/doc/examples/impondium-campaign.xml" "$tmp/c.xml"
	rm -f "$tmp/c.xml~"
}
# refused NAME RULE ARGS...: refused with RULE cited, and the file unchanged.
refused() {
	name=$1 rule=$2
	shift 2
	cp "$tmp/c.xml" "$tmp/before.xml"
	run "$name" 1 "$rule" "$@"
	if cmp -s "$tmp/c.xml" "$tmp/before.xml"; then
		ok "$name: the file is unchanged"
	else
		not_ok "$name: the file is unchanged"
	fi
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
echo "1..$k"
[ "$fails" -eq 0 ]
