#!/bin/sh
# Building lists from the command line: `muster new`, `add`, `remove`, `set` and `status` on
# real files of the bundled systems. Each change is checked on the saved file (its XML, its
# comments, the NAME~ copy) and on what the command prints (totals, trackers, violations,
# "did you mean"). Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
top=${srcdir:-.}
: "${MUSTER:?MUSTER must name the muster program}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-build.XXXXXX") || exit 1
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
# run NAME STATUS GREP ARGS...: muster ARGS exits STATUS and prints GREP (fixed string).
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
# has NAME FILE PATTERN: FILE holds the fixed string PATTERN.
has() {
	if grep -qF -- "$3" "$2"; then ok "$1"; else echo "expected in $2: $3" >"$err"; : >"$out"; not_ok "$1"; fi
}
hasnt() {
	if grep -qF -- "$3" "$2"; then echo "not expected in $2: $3" >"$err"; : >"$out"; not_ok "$1"; else ok "$1"; fi
}
# unchanged NAME STATUS GREP ARGS...: refused, and the file byte for byte as it was.
unchanged() {
	name=$1
	cp "$f" "$tmp/before"
	run "$@"
	if cmp -s "$f" "$tmp/before"; then ok "$name: the file is unchanged"; else not_ok "$name: the file is unchanged"; fi
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
has "add: the unit is in the file" "$f" '<unit entry="quack-marine" models="10"/>'
run "add: trackers are printed" 0 "Units of one model (Quack Marine) 1/3 [DH-5]" status "$f"
unchanged "add: a misspelt entry gets a did-you-mean" 2 "did you mean 'quack-marine'?" add "$f" quack-marin
unchanged "add: a misspelt option gets a did-you-mean" 2 "did you mean 'trained'?" \
	add "$f" marine-sergeant --option=traind
run "add: with an option and a name" 0 "84 of 300 AP" add "$f" marine-sergeant --option=trained --name=Sarge
has "add: the option is in the file" "$f" '<option id="trained"/>'
run "set: models" 0 "63 of 300 AP" set "$f" 1 --models=7
has "set: models in the file" "$f" 'models="7"'
run "set: an option off" 0 "" set "$f" Sarge --option=trained=0
hasnt "set: the option is gone" "$f" 'trained'
run "set: rename" 0 "" set "$f" Sarge --name=Serge
has "set: the new name" "$f" 'name="Serge"'
unchanged "set: an unknown unit gets a did-you-mean" 2 "did you mean 'Serge'?" set "$f" Sergi --models=2
run "set: copy a unit" 0 "(3 units)" set "$f" 1 --copy
run "set: copy it again" 0 "(4 units)" set "$f" 1 --copy
run "status: two units of one entry are named by number" 2 "name one by its number" set "$f" quack-marine --models=3
run "set: a fourth unit of Quack Marine breaks DH-5" 0 "error: DH-5" set "$f" 1 --copy
run "status: the violation is printed and the status is 1" 1 "Units of one model (Quack Marine) 4/3 [DH-5]  over" status "$f"
run "remove: by number" 0 "(4 units)" remove "$f" 5
hasnt "remove: the file ends its list cleanly" "$f" '    </list>'

run "status: legal again" 0 "Legality: legal" status "$f"

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
has "add: the Bodyguard got an id" "$g" '<unit entry="granite-troopers" models="2" id="granite-troopers"/>'
has "add: the Leader joins it" "$g" 'attach="granite-troopers"'
has "add: comments stay" "$g" '<!-- my list: keep this comment -->'
has "add: comments inside a list stay" "$g" '<!-- troops first -->'
if [ "$(stat -c %a "$g")" = 640 ]; then ok "save: permissions kept"; else not_ok "save: permissions kept"; fi
run "set: move a unit to another list" 0 "Reserve:" set "$g" granite-troopers --move=reserve
hasnt "set: a moved unit keeps no Leader" "$g" 'attach='
hasnt "set: no namespace declared again" "$g" 'unit xmlns'
run "validate: the edited file is valid" 0 "" validate "$g"
run "set: unknown list" 2 "no list 'nowhere'" set "$g" 1 --move=nowhere

# --- a percentage tracker -------------------------------------------------------------------
h=$tmp/dr.xml
run "new: Daemon Rift" 0 "Core 0%/at least 25%" new "$h" --system=daemon-rift --size=standard

# --- muster edit from a pipe ------------------------------------------------------------------
e=$tmp/edit.xml
"$MUSTER" new "$e" --system=duckhammer --size=large-skirmish --faction=impondium >/dev/null
cp "$e" "$tmp/edit-start.xml"
printf 'add quack-marine 10\nadd marine-sergeant --option=trained\nundo\nundo\nquit\n' |
	LC_ALL=C "$MUSTER" edit "$e" >"$out" 2>"$err"
st=$?
if [ $st -eq 0 ]; then ok "edit: a script runs, exit 0"; else not_ok "edit: a script runs, exit 0"; fi
hasnt "edit: no prompt when reading a pipe" "$out" "muster>"
has "edit: the status after each change" "$out" "84 of 300 AP, 216 left (2 units)"
if cmp -s "$e" "$tmp/edit-start.xml"; then ok "edit: undo twice gives the file back byte for byte"; else not_ok "edit: undo twice gives the file back byte for byte"; fi
printf 'add quack-marine 10\nadd quack-marin\nredo\nset 1 --models=9\n' |
	LC_ALL=C "$MUSTER" edit "$e" >"$out" 2>"$err"
st=$?
if [ $st -eq 2 ]; then ok "edit: a failed command makes the exit status 2"; else not_ok "edit: a failed command makes the exit status 2"; fi
has "edit: the failure is said, with a did-you-mean" "$err" "did you mean 'quack-marine'?"
has "edit: nothing to redo after a new change" "$err" "nothing to redo"
has "edit: the commands after a failure still run" "$e" 'models="9"'
run "edit: no such file" 2 "'muster new' makes a roster" edit "$tmp/none.xml"

echo "1..$k"
test "$fails" -eq 0
