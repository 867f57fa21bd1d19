#!/bin/sh
# Building lists from the command line: `muster new`, `add`, `remove`, `set` and `status` on
# real files of the bundled systems. Each change is checked on the saved file (its XML, its
# comments, the NAME~ copy) and on what the command prints (totals, trackers, violations,
# "did you mean"). Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir build
tap_show() {
	tap_files "$out" "$err"
}

# run NAME STATUS TEXT ARGS...: muster ARGS exits STATUS and prints TEXT (fixed string).
run() {
	run_muster "$@"
}
# refused NAME STATUS TEXT ARGS...: so, and the roster $f byte for byte as it was.
refused() {
	tap_name=$1 tap_want=$2 tap_text=$3
	shift 3
	expect_kept "$tap_name" "$tap_want" "$tap_text" "$f" "$MUSTER" "$@"
}

cd "$tmp" || exit 1
f=$tmp/dh.xml

# --- new ---------------------------------------------------------------------------------
run "new: an unknown faction gets a did-you-mean" 2 "did you mean 'impondium'?" \
	new "$f" --system=duckhammer --size=large-skirmish --faction=impondum
if [ -e "$f" ]; then not_ok "new: nothing written on a refusal"; else ok "new: nothing written on a refusal"; fi
run "new: an unknown size gets a did-you-mean and the known ones" 2 "did you mean 'large-skirmish'? (known: small-skirmish" \
	new "$f" --system=duckhammer --size=large-skirmsh
run "new: an empty 300-AP list" 0 "0 of 300 AP, 300 left" \
	new "$f" --system=duckhammer --size=large-skirmish --faction=impondium --name="Test Force"
run "new: the empty list is valid" 0 "" validate "$f"
run "new: an existing file is not replaced" 2 "exists already" \
	new "$f" --system=duckhammer --size=large-skirmish
run "new: --force replaces it" 0 "0 of 300 AP" \
	new "$f" --system=duckhammer --size=large-skirmish --faction=impondium --name="Test Force" --force
has "new: --force kept the old one as NAME~" "$f~" 'name="Test Force"'

# --- add, set, remove ----------------------------------------------------------------------
run "add: by name, with models" 0 "70 of 300 AP, 230 left" add "$f" "Quack Marine" 10
has "add: the unit is in the file, with a new id" "$f" '<unit entry="quack-marine" models="10" id="quack-marine-1"/>'
has "add: the roster counts the ids given" "$f" 'last-id="1"'
run "add: trackers are printed" 0 "Units of one model (Quack Marine) 1/3 [DH-5]" status "$f"
refused "add: a misspelt entry gets a did-you-mean" 2 "did you mean 'quack-marine'?" add "$f" quack-marin
refused "add: a misspelt option gets a did-you-mean" 2 "did you mean 'trained'?" \
	add "$f" marine-sergeant --option=traind
run "add: with an option and a name" 0 "84 of 300 AP" add "$f" marine-sergeant --option=trained --name=Sarge
has "add: the option is in the file" "$f" '<option id="trained"/>'
run "set: models" 0 "63 of 300 AP" set "$f" 1 --models=7
has "set: models in the file" "$f" 'models="7"'
run "set: an option off" 0 "" set "$f" Sarge --option=trained=0
hasnt "set: the option is gone" "$f" 'trained'
run "set: rename" 0 "" set "$f" Sarge --name=Serge
has "set: the new name" "$f" 'name="Serge"'
refused "set: an unknown unit gets a did-you-mean" 2 "did you mean 'Serge'?" set "$f" Sergi --models=2
run "set: copy a unit" 0 "(3 units)" set "$f" 1 --copy
run "set: copy it again" 0 "(4 units)" set "$f" 1 --copy
run "status: two units of one entry are named by number" 2 "3 units are 'quack-marine': 1 (quack-marine-1), 3 (quack-marine-3), 4 (quack-marine-4); name one by its id or its number" set "$f" quack-marine --models=3
run "set: a fourth unit of Quack Marine breaks DH-5" 0 "error: DH-5" set "$f" 1 --copy
run "status: the violation is printed and the status is 1" 1 "Units of one model (Quack Marine) 4/3 [DH-5]  over" status "$f"
run "remove: by number" 0 "(4 units)" remove "$f" 5
hasnt "remove: the file ends its list cleanly" "$f" '    </list>'

run "status: legal again" 0 "Legality: legal" status "$f"

# --- ids: every unit a command makes gets one, and none is given twice in a file --------------
i=$tmp/ids.xml
run "ids: a new roster" 0 "" new "$i" --system=duckhammer --size=large-skirmish --faction=impondium
run "ids: add" 0 "(1 unit)" add "$i" quack-marine 10
run "ids: add another" 0 "(2 units)" add "$i" quack-marine 5
has "ids: the first unit's id" "$i" '<unit entry="quack-marine" models="10" id="quack-marine-1"/>'
has "ids: the second unit's id" "$i" '<unit entry="quack-marine" models="5" id="quack-marine-2"/>'
run "ids: remove by id" 0 "(1 unit)" remove "$i" quack-marine-2
run "ids: add after a remove" 0 "(2 units)" add "$i" quack-marine 4
has "ids: a removed unit's id is not given again" "$i" '<unit entry="quack-marine" models="4" id="quack-marine-3"/>'
has "ids: the roster counts the ids given" "$i" 'last-id="3"'
run "ids: a copy" 0 "(3 units)" set "$i" 1 --copy
has "ids: a copy gets a new id" "$i" '<unit entry="quack-marine" models="10" id="quack-marine-4"/>'
run "ids: --id gives the id" 0 "(4 units)" add "$i" marine-sergeant --id=sarge
has "ids: the given id, and no other" "$i" '<unit entry="marine-sergeant" models="1" id="sarge"/>'
run "ids: set by id" 0 "" set "$i" quack-marine-3 --models=6
has "ids: the unit named by id changed" "$i" '<unit entry="quack-marine" models="6" id="quack-marine-3"/>'
run "ids: set by number" 0 "" set "$i" 4 --models=2
has "ids: the unit named by number changed" "$i" '<unit entry="marine-sergeant" models="2" id="sarge"/>'
refused "ids: an entry that several units have is refused with their numbers and ids" 2 \
	"3 units are 'Quack Marine': 1 (quack-marine-1), 2 (quack-marine-3), 3 (quack-marine-4)" \
	set "$i" "Quack Marine" --models=2
cat >"$i" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer">
  <list id="main" size="large-skirmish" faction="impondium">
    <unit entry="quack-marine" models="10" id="quack-marine-7"/>
    <unit entry="quack-marine" models="10"/>
  </list>
</roster>
XML
run "ids: a file without last-id" 0 "(3 units)" add "$i" quack-marine 3
has "ids: counts on from the ids of that form it holds" "$i" '<unit entry="quack-marine" models="3" id="quack-marine-8"/>'
has "ids: a unit without an id keeps none" "$i" '<unit entry="quack-marine" models="10"/>'

# --- comments and layout survive ------------------------------------------------------------
g=$tmp/ah.xml
cat >"$g" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<!-- my list: keep this comment -->
<roster xmlns="urn:x-muster:roster:1" version="1" system="actionhammer" name="AH">
  <list id="army" name="Army" size="2000">
    <!-- troops first -->
    <unit entry="granite-troopers" models="2"/>
  </list>
  <list id="reserve" name="Reserve" size="2000"/>
</roster>
XML
chmod 640 "$g"
run "add: attach a Leader to a Bodyguard (AH-7)" 0 "Leaders per 1000 points 1/2 [AH-3]" \
	add "$g" field-commander --attach=1
has "add: the Bodyguard got an id" "$g" '<unit entry="granite-troopers" models="2" id="granite-troopers-2"/>'
has "add: the Leader joins it" "$g" '<unit entry="field-commander" models="1" id="field-commander-1" attach="granite-troopers-2"/>'
has "add: comments stay" "$g" '<!-- my list: keep this comment -->'
has "add: comments inside a list stay" "$g" '<!-- troops first -->'
ok_if "save: permissions kept" [ "$(stat -c %a "$g")" = 640 ]
run "set: move a unit to another list" 0 "Reserve:" set "$g" granite-troopers --move=reserve
hasnt "set: a moved unit keeps no Leader" "$g" 'attach='
hasnt "set: no namespace declared again" "$g" 'unit xmlns'
run "validate: the edited file is valid" 0 "" validate "$g"
run "set: unknown list" 2 "no list 'nowhere'" set "$g" 1 --move=nowhere

# --- every byte the change does not touch is the user's -----------------------------------
# CRLF line ends, tabs, single quotes, a start tag over two lines, references, no XML
# declaration and no newline at the end: an edit changes its unit and the root's last-id only.
own=$tmp/own.xml
printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="A &amp; B">\r\n\t<list id="main" size="small-skirmish" faction="impondium">\r\n\t\t<!-- first -->\r\n\t\t<unit id='"'"'sq1'"'"' entry="quack-marine"   models="10" name="1st &#233;quad"/>\r\n\t\t<unit id="sgt" entry="marine-sergeant" models="1"\r\n\t\t      name="Plume"/>\r\n\t</list>\r\n</roster>' >"$own"
printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="A &amp; B" last-id="1">\r\n\t<list id="main" size="small-skirmish" faction="impondium">\r\n\t\t<!-- first -->\r\n\t\t<unit id='"'"'sq1'"'"' entry="quack-marine"   models="10" name="1st &#233;quad"/>\r\n\t\t<unit id="sgt" entry="marine-sergeant" models="1"\r\n\t\t      name="Plume"/>\r\n\t\t<unit entry="quack-marine" models="5" id="quack-marine-1"/>\r\n\t</list>\r\n</roster>' >"$tmp/own-add"
printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="A &amp; B" last-id="1">\r\n\t<list id="main" size="small-skirmish" faction="impondium">\r\n\t\t<!-- first -->\r\n\t\t<unit id='"'"'sq1'"'"' entry="quack-marine"   models="10" name="1st &#233;quad"/>\r\n\t\t<unit id="sgt" entry="marine-sergeant" models="2" name="Plume"/>\r\n\t\t<unit entry="quack-marine" models="5" id="quack-marine-1"/>\r\n\t</list>\r\n</roster>' >"$tmp/own-set"
printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="A &amp; B" last-id="1">\r\n\t<list id="main" size="small-skirmish" faction="impondium">\r\n\t\t<!-- first -->\r\n\t\t<unit id="sgt" entry="marine-sergeant" models="2" name="Plume"/>\r\n\t\t<unit entry="quack-marine" models="5" id="quack-marine-1"/>\r\n\t</list>\r\n</roster>' >"$tmp/own-remove"
run "own bytes: add" 0 "(3 units)" add "$own" quack-marine 5
same "own bytes: add writes its unit and last-id, nothing else" "$tmp/own-add" "$own"
run "own bytes: set" 0 "(3 units)" set "$own" sgt --models=2
same "own bytes: set writes its unit again, nothing else" "$tmp/own-set" "$own"
run "own bytes: remove" 0 "(2 units)" remove "$own" sq1
same "own bytes: remove takes its line, nothing else" "$tmp/own-remove" "$own"
# A list written as one empty element gets its units inside it.
m=$tmp/empty-list.xml
printf '<?xml version="1.0" encoding="UTF-8"?>\n<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer">\n  <list id="main" size="small-skirmish" faction="impondium"/>\n</roster>\n' >"$m"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" last-id="1">\n  <list id="main" size="small-skirmish" faction="impondium">\n    <unit entry="quack-marine" models="5" id="quack-marine-1"/>\n  </list>\n</roster>\n' >"$tmp/empty-add"
run "own bytes: add to an empty list element" 0 "(1 unit)" add "$m" quack-marine 5
same "own bytes: the empty element opens around the unit" "$tmp/empty-add" "$m"

# A list after a force within forces is named as status numbers it: the loaded roster counts
# the child forces among its lists, the file's top lists are what --list names.
fl=$tmp/forces.xml
cp "$top/tests/cli/cases/status-flotilla-child-forces/roster.xml" "$fl"
run "forces: a unit of the list after a child force, by its entry" 0 "Reserve:" \
	set --data-dir="$top/tests/data/flotilla" "$fl" reedcraft --list=reserve --name=Rear
has "forces: that unit is the one changed" "$fl" '<unit entry="reedcraft" models="1" name="Rear"/>'

# Units of a child force: lists are numbered as status numbers them (every <list> of the file
# in document order), a list's units are its own, and a new unit goes among its list's own
# units, before its child lists (roster.xsd). Each step is checked on the file's every byte.
fo=$tmp/fleet.xml
cp "$top/tests/cli/cases/status-flotilla-child-forces/roster.xml" "$fo"
fld="--data-dir=$top/tests/data/flotilla"
# fleet_is NAME: $fo is the roster with these lines (standard input) between its root tags.
fleet_is() {
	{
		printf '<?xml version="1.0" encoding="UTF-8"?>\n'
		printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="flotilla" name="status-nest"%s>\n' "$2"
		cat
		printf '</roster>\n'
	} >"$tmp/fleet-want"
	same "$1" "$tmp/fleet-want" "$fo"
}
run "forces: add to a list with a child force" 0 "Home Fleet: 20 of 100 oa, 80 left (2 units)" add $fld "$fo" skiff --list=home
fleet_is "forces: the unit goes after the list's own units, before its child force" ' last-id="1"' <<'XML'
  <list id="home" name="Home Fleet" size="armada" faction="gullfolk">
    <unit entry="skiff" models="1"/>
    <unit entry="skiff" models="1" id="skiff-1"/>
    <list id="gulls" name="Gull Wing">
      <limit value="30"/>
      <unit entry="skiff" models="2"/>
      <list id="scouts">
        <unit entry="skiff" models="1"/>
      </list>
    </list>
  </list>
  <list id="reserve" name="Reserve" size="armada" faction="eelfolk">
    <unit entry="reedcraft" models="1"/>
  </list>
XML
run "forces: add to a child force of a child force, by number" 0 "scouts (child force of Gull Wing): 20 of 30 oa, 10 left (2 units)" \
	add $fld "$fo" skiff --list=3
run "forces: set a unit of a child force" 0 "Gull Wing (child force of Home Fleet)" \
	set $fld "$fo" 1 --list=gulls --models=3 --name=Wingtip
run "forces: copy a unit of a child force" 0 "(3 units)" set $fld "$fo" 1 --list=scouts --copy
run "forces: remove a unit of a child force" 0 "(2 units)" remove $fld "$fo" skiff-2 --list=scouts
run "forces: move a unit of a child force to a top list" 0 "Reserve:" \
	set $fld "$fo" 1 --list=scouts --move=reserve
run "forces: move a top list's unit into a child force" 0 "(2 units)" \
	set $fld "$fo" skiff-1 --list=home --move=scouts
fleet_is "forces: set, copy, remove and move wrote their units, nothing else" ' last-id="3"' <<'XML'
  <list id="home" name="Home Fleet" size="armada" faction="gullfolk">
    <unit entry="skiff" models="1"/>
    <list id="gulls" name="Gull Wing">
      <limit value="30"/>
      <unit entry="skiff" models="3" name="Wingtip"/>
      <list id="scouts">
        <unit entry="skiff" models="1" id="skiff-3"/>
        <unit entry="skiff" models="1" id="skiff-1"/>
      </list>
    </list>
  </list>
  <list id="reserve" name="Reserve" size="armada" faction="eelfolk">
    <unit entry="reedcraft" models="1"/>
    <unit entry="skiff" models="1"/>
  </list>
XML
expect_kept "forces: an unknown list names every list, child forces too" 2 \
	"no list 'wings' (lists: 1 home, 2 gulls, 3 scouts, 4 reserve)" "$fo" \
	"$MUSTER" add $fld "$fo" skiff --list=wings
f1=$tmp/fl1.xml
cp "$top/tests/rules/flotilla/FL-1-squadron-own-limit-at-bound.xml" "$f1"
run "forces: add to a child force written on one line" 0 "wing (child force of fleet): 75 of 50 oa" \
	add $fld "$f1" longboat --list=wing
has "forces: the unit is in the child force" "$f1" '<unit entry="longboat" models="1" id="longboat-1"/></list>'

# new --list=PARENT/ID[:NAME]: a child force within a list given before it, with no size or
# faction of its own (it inherits them).
nf=$tmp/new-forces.xml
run "new: child forces" 0 "scouts (child force of Gull Wing): 0 of 100 oa" \
	new $fld "$nf" --system=flotilla --size=armada --faction=gullfolk --list="home:Home Fleet" \
	--list="home/gulls:Gull Wing" --list=gulls/scouts --list=reserve
cat >"$tmp/new-forces-want" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="flotilla">
  <list id="home" name="Home Fleet" size="armada" faction="gullfolk">
    <list id="gulls" name="Gull Wing">
      <list id="scouts"/>
    </list>
  </list>
  <list id="reserve" size="armada" faction="gullfolk"/>
</roster>
XML
same "new: each child force inside its parent, with no size or faction" "$tmp/new-forces-want" "$nf"
run "new: a child force's limit is its parent's" 0 "b (child force of a): 0 of 50 oa" \
	new $fld "$nf" --system=flotilla --limit=50 --list=a --list=a/b --force
printf '<?xml version="1.0" encoding="UTF-8"?>\n<roster xmlns="urn:x-muster:roster:1" version="1" system="flotilla">\n  <list id="a">\n    <limit value="50"/>\n    <list id="b"/>\n  </list>\n</roster>\n' >"$tmp/new-limit-want"
same "new: the limit is written on the top list only" "$tmp/new-limit-want" "$nf"
rm -f "$nf"
run "new: an unknown parent is refused, naming the lists" 2 \
	"--list=wing/x: no list 'wing' is given before it to stand in (lists: home)" \
	new $fld "$nf" --system=flotilla --size=armada --list=home --list=wing/x
if [ -e "$nf" ]; then not_ok "new: nothing written for an unknown parent"; else ok "new: nothing written for an unknown parent"; fi

# --- add-force: a force added to a roster, spliced into its bytes ------------------------------
af=$tmp/add-force.xml
cp "$top/tests/cli/cases/status-flotilla-child-forces/roster.xml" "$af"
# af_is NAME: $af is the status-nest roster with these lines (standard input) between its
# root tags.
af_is() {
	{
		printf '<?xml version="1.0" encoding="UTF-8"?>\n'
		printf '<roster xmlns="urn:x-muster:roster:1" version="1" system="flotilla" name="status-nest">\n'
		cat
		printf '</roster>\n'
	} >"$tmp/af-want"
	same "$1" "$tmp/af-want" "$af"
}
run "add-force: a child force after its parent's last child element" 0 \
	"Tern Wing (child force of Home Fleet): 0 of 100 oa" add-force $fld "$af" "terns:Tern Wing" --child-of=home
run "add-force: a child force inside a list with units only, by number" 0 \
	"kelp (child force of scouts)" add-force $fld "$af" kelp --child-of=3 --faction=eelfolk
run "add-force: a top force with its own limit" 0 "harbour: 0 of 40 oa, 40 left" \
	add-force $fld "$af" harbour --limit=40 --size=raid
run "add-force: a child force inside an empty list element" 0 \
	"pier (child force of harbour)" add-force $fld "$af" pier --child-of=harbour
af_is "add-force: each force where it belongs, indented as its siblings, nothing else changed" <<'XML'
  <list id="home" name="Home Fleet" size="armada" faction="gullfolk">
    <unit entry="skiff" models="1"/>
    <list id="gulls" name="Gull Wing">
      <limit value="30"/>
      <unit entry="skiff" models="2"/>
      <list id="scouts">
        <unit entry="skiff" models="1"/>
        <list id="kelp" faction="eelfolk"/>
      </list>
    </list>
    <list id="terns" name="Tern Wing"/>
  </list>
  <list id="reserve" name="Reserve" size="armada" faction="eelfolk">
    <unit entry="reedcraft" models="1"/>
  </list>
  <list id="harbour" size="raid">
    <limit value="40"/>
    <list id="pier"/>
  </list>
XML
# af_refused NAME STATUS TEXT ARGS...: so, and $af byte for byte as it was.
af_refused() {
	tap_name=$1 tap_want=$2 tap_text=$3
	shift 3
	expect_kept "$tap_name" "$tap_want" "$tap_text" "$af" "$MUSTER" "$@"
}
af_refused "add-force: a duplicate id is refused by the reader" 2 "list id 'gulls' is used twice" \
	add-force $fld "$af" gulls --child-of=reserve
af_refused "add-force: an unknown parent is refused, naming the lists" 2 \
	"no list 'wharf' (lists: 1 home, 2 gulls, 3 scouts, 4 kelp, 5 terns, 6 reserve, 7 harbour, 8 pier)" \
	add-force $fld "$af" dock --child-of=wharf
af_refused "add-force: a size the system does not know" 2 "unknown battle size 'galleon'" \
	add-force $fld "$af" dock --size=galleon
af_refused "add-force: a faction the system does not know" 2 "unknown faction 'sharkfolk'" \
	add-force $fld "$af" dock --child-of=home --faction=sharkfolk
af_refused "add-force: a limit of a cost the system does not know" 2 "unknown cost type 'pearls'" \
	add-force $fld "$af" dock --limit=10:pearls
af_refused "add-force: a top force needs a size or a limit" 2 "a list needs a battle size" \
	add-force $fld "$af" dock
af_refused "add-force: a limit that is no number" 2 "--limit=many: give a whole number" \
	add-force $fld "$af" dock --limit=many
af_refused "add-force: an id is needed" 2 "add-force takes the new force's ID[:NAME]" \
	add-force $fld "$af" :Nameless --size=raid
# muster edit takes it as a command, and undo takes it back.
cp "$af" "$tmp/af-before"
printf 'add-force dock --child-of=reserve\nundo\nadd-force wharf:Wharf --size=raid\nquit\n' |
	"$MUSTER" edit $fld "$af" >"$out" 2>"$err"
st=$?
ok_if "add-force: in muster edit, exit 0" [ $st -eq 0 ]
sed 's|^</roster>$|  <list id="wharf" name="Wharf" size="raid"/>\n</roster>|' "$tmp/af-before" >"$tmp/af-want"
same "add-force: muster edit added and undid a child force, then added a top force" "$tmp/af-want" "$af"

# --- a percentage tracker -------------------------------------------------------------------
h=$tmp/dr.xml
run "new: Daemon Rift" 0 "Core 0%/at least 25%" new "$h" --system=daemon-rift --size=standard

# --- muster edit from a pipe ------------------------------------------------------------------
e=$tmp/edit.xml
"$MUSTER" new "$e" --system=duckhammer --size=large-skirmish --faction=impondium >/dev/null
cp "$e" "$tmp/edit-start.xml"
printf 'add quack-marine 10\nadd marine-sergeant --option=trained\nundo\nundo\nquit\n' |
	"$MUSTER" edit "$e" >"$out" 2>"$err"
st=$?
ok_if "edit: a script runs, exit 0" [ $st -eq 0 ]
hasnt "edit: no prompt when reading a pipe" "$out" "muster>"
has "edit: the status after each change" "$out" "84 of 300 AP, 216 left (2 units)"
ok_if "edit: undo twice gives the file back byte for byte" cmp -s "$e" "$tmp/edit-start.xml"
printf 'add quack-marine 10\nadd quack-marin\nredo\nset 1 --models=9\n' |
	"$MUSTER" edit "$e" >"$out" 2>"$err"
st=$?
ok_if "edit: a failed command makes the exit status 2" [ $st -eq 2 ]
has "edit: the failure is said, with a did-you-mean" "$err" "did you mean 'quack-marine'?"
has "edit: nothing to redo after a new change" "$err" "nothing to redo"
has "edit: the commands after a failure still run" "$e" 'models="9"'
run "edit: no such file" 2 "'muster new' makes a roster" edit "$tmp/none.xml"

# --- wrong usage: each command says what it takes, exits 2 and leaves the file as it was ------
f=$tmp/usage.xml
"$MUSTER" new "$f" --system=duckhammer --size=large-skirmish --faction=impondium >/dev/null
"$MUSTER" add "$f" quack-marine 10 --name=Red >/dev/null
refused "add: no ENTRY" 2 "add takes a roster FILE, then ENTRY" add "$f"
refused "remove: no UNIT" 2 "remove takes a roster FILE, then UNIT" remove "$f"
refused "add: --data-dir without its directory" 2 "option '--data-dir' requires an argument" add --data-dir
refused "add: a data directory that does not exist stops the change" 2 \
	"data directory '$tmp/none': No such file or directory" add --data-dir="$tmp/none" "$f" quack-marine
refused "add: a second data directory that does not exist stops the change" 2 \
	"data directory '$tmp/none'" add --data-dir "$top" --data-dir "$tmp/none" "$f" quack-marine
refused "add: models twice" 2 "'5': give the models as a whole number from 1 to 100000" \
	add "$f" quack-marine --models=3 5
refused "add: three words" 2 "add takes an ENTRY and, if you like, its number of models" \
	add "$f" quack-marine 3 4
refused "add: four words" 2 "'5': too many words" add "$f" quack-marine 3 4 5
refused "add: --copy" 2 "add takes no --copy, --move or --detach" add "$f" quack-marine --copy
refused "remove: with --models" 2 "remove takes one UNIT (and --list)" remove "$f" Red --models=3
refused "remove: an unknown unit gets a did-you-mean" 2 "did you mean 'Red'?" remove "$f" Rod
refused "remove: a number past the end" 2 "the list has no unit '7' (a number from 1 to 1, an id or a name)" \
	remove "$f" 7
refused "set: two units" 2 "set takes one UNIT and what to change" set "$f" Red 1
refused "set: --models not a number" 2 "--models=ten: give a whole number from 1 to 100000" \
	set "$f" Red --models=ten
refused "set: --models zero" 2 "--models=0: give a whole number from 1 to 100000" set "$f" Red --models 0
refused "set: an option count not a number" 2 "--option=trained=x: write ID or ID=COUNT (0 to 1000)" \
	set "$f" Red --option=trained=x
refused "set: an unknown option word" 2 "unknown option '--colour=red'" set "$f" Red --colour=red
refused "set: an unknown option word with a value" 2 "unknown option '--colour'" set "$f" Red --colour red
refused "set: --name without a value" 2 "option '--name' needs a value" set "$f" Red --name
refused "set: an option the entry does not have" 2 "'Quack Marine' has no option 'banner'" \
	set "$f" Red --option=banner
refused "set: a unit cannot join itself" 2 "a unit cannot join itself ('Red')" set "$f" Red --attach=Red
refused "set: --move to a list that does not exist" 2 "the roster has no list 'reserve' (lists: 1 main)" \
	set "$f" Red --move=reserve
refused "status: no file" 2 "status takes one roster file" status
refused "status: two files" 2 "status takes one roster file" status "$f" "$f"
refused "status: an unknown option" 2 "invalid option '--bogus'" status --bogus "$f"
refused "suggest: no file" 2 "suggest takes one roster file" suggest
refused "suggest: an unknown option" 2 "invalid option '--bogus'" suggest --bogus "$f"
refused "suggest: an unknown list" 2 "no list 'nosuch'" suggest --list=nosuch "$f"
refused "edit: no file" 2 "edit takes one roster FILE ('muster new' makes one)" edit
refused "edit: two files" 2 "edit takes one roster FILE ('muster new' makes one)" edit "$f" "$f"
refused "edit: an unknown option" 2 "invalid option '--bogus'" edit --bogus "$f"
run "set: --name= takes the name off" 0 "70 of 300 AP" set "$f" Red --name=
hasnt "set: the name is gone from the file" "$f" 'name="Red"'
run "set: --id gives the unit an id" 0 "" set "$f" 1 --id=squad
has "set: the id is in the file" "$f" '<unit entry="quack-marine" models="10" id="squad"/>'
run "set: --id= takes it off" 0 "" set "$f" squad --id=
has "set: the id is gone" "$f" '<unit entry="quack-marine" models="10"/>'
run "set: the only unit of an entry is named by its entry" 0 "28 of 300 AP" set "$f" quack-marine --models=4

# --- set --player: the roster's player, in its start tag only -----------------------------------
f=$tmp/player.xml
"$MUSTER" new "$f" --system=duckhammer --size=large-skirmish --faction=impondium --name=Teal >/dev/null
"$MUSTER" add "$f" quack-marine 10 --name=Red >/dev/null
cp "$f" "$tmp/player.before"
run "set: --player without a UNIT" 0 "70 of 300 AP" set "$f" "--player=Ada <Teal> & 'Co\""
sed '2s|>$| player="Ada \&lt;Teal\&gt; \&amp; \&#39;Co\&quot;">|' "$tmp/player.before" >"$tmp/player.want"
same "set: --player adds the attribute, escaped, and writes nothing else" "$tmp/player.want" "$f"
run "set: show prints the player" 0 "Player: Ada <Teal> & 'Co\"" show "$f"
run "set: --player replaces it" 0 "" set "$f" --player=Bo
sed '2s|>$| player="Bo">|' "$tmp/player.before" >"$tmp/player.want"
same "set: --player replaces the value only" "$tmp/player.want" "$f"
sed "s|player=\"Bo\"|player='Bo'|" "$tmp/player.want" >"$f"
run "set: --player with a UNIT changes both" 0 "49 of 300 AP" set "$f" Red --player=Cy --models=7
has "set: the player in single quotes is replaced" "$f" "player='Cy'"
has "set: the unit changed too" "$f" 'models="7"'
run "set: --player= takes it off" 0 "" set "$f" --player=
hasnt "set: the player is gone" "$f" "player="
has "set: the start tag is as it was before the player" "$f" '<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="Teal" last-id="1">'
run "set: --player= on a roster without one" 0 "" set "$f" --player=
hasnt "set: still no player" "$f" "player="
refused "set: a tab in --player" 2 "a player's name is one line" set "$f" "--player=Ada	Teal"
refused "set: a carriage return in --player" 2 "a player's name is one line" set "$f" "--player=Ada$(printf '\r')Teal"
refused "set: a control character in --player" 2 "cannot hold control characters" set "$f" "--player=Ada$(printf '\001')"
refused "set: --player with --list and no UNIT" 2 "set without a UNIT changes only the roster's --player" set "$f" --player=Ada --list=main
refused "set: --player with --copy and no UNIT" 2 "set without a UNIT changes only the roster's --player" set "$f" --player=Ada --copy
refused "add: --player" 2 "add takes no --player: 'set FILE --player=TEXT' sets the roster's" add "$f" quack-marine --player=Ada
refused "remove: --player" 2 "remove takes no --player" remove "$f" Red --player=Ada
printf 'set --player="Di Ek"\nundo\nset --player=Ed\n' | "$MUSTER" edit "$f" >"$out" 2>"$err"
ok_if "edit: set --player, undo, set --player again, exit 0" [ $? -eq 0 ]
has "edit: the player of the last set is in the file" "$f" 'last-id="1" player="Ed">'
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
	'<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer">' \
	'  <list id="main" size="large-skirmish" faction="impondium"><unit entry="quack-marine" models="5"/></list>' \
	'</roster>' >"$tmp/player3.xml"
run "set: --copy and --player on a roster without last-id" 0 "70 of 300 AP" set "$tmp/player3.xml" 1 --copy --player=Hal
has "set: last-id and player added in one place, last-id first" "$tmp/player3.xml" \
	'system="duckhammer" last-id="1" player="Hal">'
cp "$top/tests/data/bs-beacon/post-hostile.ros" "$tmp/player.ros"
expect_kept "set: --player on a .ros" 2 "a .ros has no player (BattleScribe keeps none): give it in --name" \
	"$tmp/player.ros" "$MUSTER" set --data-dir "$top/tests/data/bs-beacon" "$tmp/player.ros" --player=Ida
# A campaign roster's units come from its ledger: set names them on the roster loaded.
cp "$top/doc/examples/impondium-campaign.xml" "$tmp/player-campaign.xml"
sed 's|name="The Molting Campaign">$|name="The Molting Campaign" player="Jo">|' \
	"$tmp/player-campaign.xml" >"$tmp/player.want"
run "set: --player on a campaign roster" 0 "" set "$tmp/player-campaign.xml" --player=Jo
same "set: the campaign roster's start tag changed, nothing else" "$tmp/player.want" "$tmp/player-campaign.xml"
"$MUSTER" new "$tmp/player2.xml" --system=duckhammer --size=large-skirmish --player=Fay --force >/dev/null
run "set: --player on a roster made with new --player" 0 "" set "$tmp/player2.xml" --player=Gus
has "set: its player replaced" "$tmp/player2.xml" 'player="Gus">'

# --- new: usage, custom limits, roster and list fields, several lists ---------------------------
n=$tmp/new.xml
run "new: no FILE" 2 "new takes one roster FILE" new --system=daemon-rift --size=standard
run "new: two FILEs" 2 "new takes one roster FILE" new "$n" "$n.2" --system=daemon-rift --size=standard
run "new: no --size nor --limit" 2 "new needs --size (standard) or --limit=N[:COST]" new "$n" --system=daemon-rift
run "new: no --system" 2 "new needs --system and --size or --limit" new "$n" --size=standard
run "new: --limit not a number" 2 "--limit=many: give a whole number" new "$n" --system=daemon-rift --limit=many
run "new: an unknown option" 2 "invalid option '--bogus'" new "$n" --bogus
run "new: an unknown system" 2 "unknown game system 'nosuch' (known: actionhammer, daemon-rift" \
	new "$n" --system=nosuch --size=standard
if [ -e "$n" ]; then not_ok "new: nothing written on a usage error"; else ok "new: nothing written on a usage error"; fi
run "new: a custom limit" 0 "main: 0 of 1500 pts, 1500 left" new "$n" --system=daemon-rift --limit=1500
has "new: the limit is in the list" "$n" '<limit value="1500"/>'
run "new: fields and two lists" 0 "Roster trackers:" new "$n" --force --system=daemon-rift --limit=1500 \
	--field=territories=5 --field=replacement --list='main:Main force' --list=reserve --name=Rift
has "new: a roster field goes to the roster" "$n" '<roster xmlns="urn:x-muster:roster:1" version="1" system="daemon-rift" name="Rift">
  <field name="territories" value="5"/>'
has "new: a list field without a value is true, in each list" "$n" '<list id="reserve">
    <limit value="1500"/>
    <field name="replacement" value="true"/>
  </list>'
has "new: a list's name" "$n" '<list id="main" name="Main force">'
has "new: a replacement list is held to 2200 points (DR-3)" "$out" "Main force: 0 of 2200 pts, 2200 left"
has "new: 5 territories allow a second list (DR-1)" "$out" "Lists by territories 0/2 [DR-1]"
run "new: the file is valid but for its empty Core (DR-WHF-1)" 1 "DR-WHF-1: reserve spends 0 pts on Core units" validate "$n"

# --- muster edit: every command of a script, quoting, and each wrong command --------------------
g=$tmp/ah-edit.xml
cat >"$g" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="actionhammer" name="AH">
  <list id="army" name="Army" size="2000">
    <unit entry="granite-troopers" models="2"/>
  </list>
  <list id="reserve" name="Reserve" size="2000"/>
</roster>
XML
cat >"$tmp/script" <<'EOF'
# a comment, then an empty line and a line of blanks

	  
add field-commander --attach=1 --name='Old Cmdr'
set "Old Cmdr" --detach
set Old\ Cmdr --attach granite-troopers
add "Granite Troopers" 3 --name="Second \"B\" Squad"
suggest Reserve
status
help
exit
add granite-troopers
EOF
"$MUSTER" edit "$g" <"$tmp/script" >"$out" 2>"$err"
st=$?
if [ $st -eq 0 ] && [ ! -s "$err" ]; then ok "edit: a script with comments and quotes runs, exit 0"; else not_ok "edit: a script with comments and quotes runs, exit 0"; fi
has "edit: a quoted name, and the Leader attached by the unit's entry" "$g" '<unit entry="field-commander" models="1" id="field-commander-1" name="Old Cmdr" attach="granite-troopers-2"/>'
has "edit: a backslash keeps a quote in a double-quoted word" "$g" 'name="Second &quot;B&quot; Squad"'
hasnt "edit: nothing after exit runs" "$g" '<unit entry="granite-troopers" models="1"'
has "edit: suggest LIST lists what the reserve may take" "$out" "Reserve: 2000 pts left"
has "edit: status prints the units" "$out" "   2. Old Cmdr (Field Commander) x1, 150 pts, joins 1"
has "edit: help prints the commands" "$out" "undo, redo        take back the last change, or make it again"

cp "$g" "$tmp/before"
cat >"$tmp/script" <<'EOF'
add granite-troopers 1 2
add granite-troopers --move=reserve
remove 1 --name=x
set
set 1 2
frobnicate
set 1 --models=lots
set 1 --option=x=many
set 1 --colour=red
set 1 --colour red
set 1 --name
set 2 --attach=2
set 9 --models=2
set "Old Cmdr" --move=nowhere
suggest nowhere
undo
redo
EOF
"$MUSTER" edit "$g" <"$tmp/script" >"$out" 2>"$err"
st=$?
ok_if "edit: wrong commands make the exit status 2" [ $st -eq 2 ]
for msg in \
	"muster: add takes an ENTRY and, if you like, its number of models" \
	"muster: add takes no --copy, --move or --detach" \
	"muster: remove takes one UNIT (and --list)" \
	"muster: set takes one UNIT and what to change" \
	"muster: unknown command 'frobnicate' (add, remove, set, undo, redo, show, suggest, reload, save, help, quit)" \
	"muster: --models=lots: give a whole number from 1 to 100000" \
	"muster: --option=x=many: write ID or ID=COUNT (0 to 1000)" \
	"muster: unknown option '--colour=red'" \
	"muster: unknown option '--colour'" \
	"muster: option '--name' needs a value" \
	"muster: a unit cannot join itself ('2')" \
	"muster: the list has no unit '9' (a number from 1 to 3, an id or a name)" \
	"muster: the roster has no list 'nowhere' (lists: 1 army, 2 reserve)" \
	"muster: $g: no list 'nowhere'" \
	"muster: nothing to undo" \
	"muster: nothing to redo"; do
	has "edit: says '${msg#muster: }'" "$err" "$msg"
done
ok_if "edit: no wrong command changed the file" cmp -s "$g" "$tmp/before"

# A NAME~ that cannot be replaced (a directory): the change is saved and said to be, the
# editor goes on from the saved file, and undo and redo still work.
rm -rf "$g~"
mkdir "$g~"
: >"$g~/keep"
printf 'remove 3\nundo\nredo\n' | "$MUSTER" edit "$g" >"$out" 2>"$err"
st=$?
ok_if "edit: a NAME~ that cannot be kept makes the exit status 2" [ $st -eq 2 ]
has "edit: the failure says the file is saved" "$err" "error: saved, but the previous version could not be kept as NAME~ (rename): Is a directory"
hasnt "edit: undo and redo find their change" "$err" "nothing to"
ok_if "edit: the status first and after each of the three changes" [ "$(grep -c '^Legality' "$out")" -eq 4 ]
hasnt "edit: the redone removal is in the file" "$g" "Second"
rm -rf "$g~"

# A file that is not a roster: the error with its line, exit 2.
printf '<roster\n' >"$tmp/broken.xml"
printf 'show\n' | "$MUSTER" edit "$tmp/broken.xml" >"$out" 2>"$err"
st=$?
ok_if "edit: a truncated file, exit 2" [ $st -eq 2 ]
has "edit: a truncated file is said with its line" "$err" "broken.xml:2:1: error: unexpected end of file (is the file truncated?)"

tap_done
