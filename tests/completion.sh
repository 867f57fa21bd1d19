#!/bin/sh
# The bash completion (completion/muster), sourced in bash and called as bash calls it: for
# each command line below, _muster must offer the words expected (and no word forbidden).
# Prints TAP. Needs MUSTER, srcdir and MUSTER_DATA_PATH; skips without bash.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
need bash
temp_dir completion
mkdir "$tmp/bin" "$tmp/work" || exit 99
printf '#!/bin/sh\nexec "%s" "$@"\n' "$MUSTER" >"$tmp/bin/muster"
chmod +x "$tmp/bin/muster"
cp "$top/doc/examples/impondium-campaign.xml" "$top/doc/examples/first-army.xml" "$tmp/work/"
# A data directory with a system of its own, for --data-dir.
mkdir -p "$tmp/data/rules-xml" "$tmp/data/catalogs"
sed 's/id="duck" name="DUCK!"/id="quackers" name="Quackers"/' "$top/rules-xml/duck.xml" \
	>"$tmp/data/rules-xml/quackers.xml"
cp "$top/tests/cli/cases/complete-units/roster.xml" "$tmp/work/auk.xml"
# A Tidewatch roster: the Reef Squad holds keen-eye twice, under its chief and its divers.
printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="tidewatch"><list id="reef"/></roster>\n' \
	>"$tmp/work/reef.xml"

LC_ALL=C PATH=$tmp/bin:$PATH COMPLETION=${COMPLETION:-$top/completion/muster} \
	DATA=$tmp/data TIDE=$top/tests/data/tidewatch TOY2=$top/tests/data/toy2 exec bash -c '
cd "$0/work" || exit 99
. "$COMPLETION" || { echo "Bail out! cannot source $COMPLETION"; exit 99; }
n=0 fails=0
# t "LINE" WANT... [-- FORBIDDEN...]: completing at the end of LINE offers every WANT.
t() {
	local line=$1; shift
	COMP_LINE=$line COMP_POINT=${#line}
	read -r -a COMP_WORDS <<<"$line"
	[[ $line == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_muster muster
	local got=" ${COMPREPLY[*]} " why= w forbid=
	for w in "$@"; do
		if [[ $w == -- ]]; then forbid=1; continue; fi
		if [[ -z $forbid && $got != *" $w "* ]]; then why+=" missing $w;"; fi
		if [[ -n $forbid && $got == *" $w "* ]]; then why+=" offers $w;"; fi
	done
	n=$((n + 1))
	if [[ -z $why ]]; then echo "ok $n - \"$line\""
	else echo "not ok $n - \"$line\":$why got:$got"; fails=$((fails + 1)); fi
}
echo 1..59
t "muster " campaign catalog export help show validate -- complete
t "muster cat" catalog -- campaign
t "muster -" --data-dir= --help --version
t "muster catalog du" duck duckhammer -- actionhammer
t "muster catalog duckhammer quack" quack-marine
t "muster catalog duckhammer marine-s" marine-sergeant
t "muster --data-dir=$DATA catalog qu" quackers
t "muster catalog qu" -- quackers
t "muster help " validate catalog rules -- complete
t "muster help rules dae" daemon-rift
t "muster validate --ve" --verbose
t "muster export --st" --style=
t "muster campaign en" enlist
t "muster campaign enlist impondium-campaign.xml " sq1 sq2 sgt drums
t "muster validate first" first-army.xml
t "muster add first-army.xml marine-sergeant --option=" trained extra-pistol
# An option id under several parents is offered by its parent, as --option= takes it.
t "muster add --data-dir=$TIDE reef.xml reef-squad --option=" squad-chief/keen-eye \
	squad-diver/keen-eye lucky-shell harpoon-gun -- keen-eye
t "muster add --data-dir=$TIDE reef.xml reef-squad --option=squad-d" squad-diver squad-diver/keen-eye \
	-- squad-chief/keen-eye
# Option values, from the option table of each command (muster complete flags).
# Regress: --system=<Tab> offered "--system=", which bash made --system=--system=.
t "muster new army.xml --system=" duck duckhammer actionhammer -- --system= --system
t "muster new army.xml --system=duckh" duckhammer -- duck
t "muster new army.xml --system du" duck duckhammer -- actionhammer
t "muster import --system=" duck duckhammer
t "muster new army.xml --system=duckhammer --size=" small-skirmish great-battle -- --size=
t "muster new army.xml --system duckhammer --size gr" great-battle -- small-skirmish
t "muster new army.xml --size=" -- --size= small-skirmish
t "muster new army.xml --system=duckhammer --faction=" quack-marines honk-legion -- --faction=
# --field: the fields of the system, then the values of the one named (issue 22).
t "muster new army.xml --system=duckhammer --field=" desertion= duckheim= -- --field= desertion=true
t "muster new army.xml --system=duckhammer --field=duckheim=" true false -- desertion= duckheim=true
t "muster new army.xml --system duckhammer --field d" desertion= duckheim=
t "muster new army.xml --field=" -- desertion= --field=
t "muster new army.xml --data-dir=$TOY2 --system=clockwork --field=composition=sc" scrapyard -- siege regular
t "muster new army.xml --data-dir=$TOY2 --system=clockwork --field=" composition= -- composition=siege
t "muster export --format=" text markdown html csv xml -- --format=
t "muster export --format=ht" html -- text csv
t "muster export --style=" full compact
t "muster show --format=" text markdown csv -- html xml
t "muster validate --format=" text xml -- markdown
t "muster campaign battle impondium-campaign.xml --result=" win loss draw
t "muster export -o first" first-army.xml
t "muster tournament --output=impo" impondium-campaign.xml
t "muster --data-dir=${DATA%/*}/da" "$DATA"
t "muster validate --bogus=" -- --bogus= --format=
# The value of an option is not a word of the command.
t "muster campaign --date 2024-05-01 en" enlist
# set and remove: the units of the roster (of the list --list names), by id and by name, quoted. ap is
# an apostrophe (this program stands between single quotes).
ap=$(printf "\047")
t "muster set auk.xml " sq1 sgt vet "1st\\ Squad" "Au\\${ap}k\\ Veteran" -- quack-marine goose-warden gw
t "muster remove auk.xml Au" "Au\\${ap}k\\ Veteran" -- sq1
t "muster remove auk.xml \"Au" "Au${ap}k Veteran" -- "Au\\${ap}k\\ Veteran"
t "muster remove auk.xml ${ap}Ser" "Sergeant O${ap}\\${ap}${ap}Plume"
t "muster set auk.xml --list=honk " gw "Old\\ Gander" -- sq1
# add: the entries of the faction of the list.
t "muster add auk.xml " quack-marine auk-veteran -- goose-warden sq1
t "muster add auk.xml --list honk " goose-warden -- quack-marine
# --option= of set: the options of the entry of the unit, named as the line names it.
t "muster set auk.xml sgt --option=" trained extra-pistol -- stubborn
t "muster set auk.xml \"Au${ap}k Veteran\" --option=stu" stubborn -- trained
t "muster set auk.xml Au\\${ap}k\\ Veteran --option=stu" stubborn
t "muster set auk.xml --pl" --player= -- --list=
# The words after the options, from the command table (muster complete args): a campaign
# action that takes no unit offers none; help offers systems only after rules; catalog the
# entries of the system named.
t "muster campaign xp impondium-campaign.xml s" sq1 sq2 sgt
t "muster campaign show impondium-campaign.xml " -- sq1 sgt
t "muster help validate " -- duckhammer daemon-rift
t "muster help rules " duckhammer daemon-rift -- validate
t "muster catalog duckhammer quack-marine marine-s" marine-sergeant -- duck
[[ $fails -eq 0 ]]
' "$tmp"
