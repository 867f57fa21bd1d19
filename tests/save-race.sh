#!/bin/sh
# Concurrent changes to one roster are never lost: 50 pairs of `muster add` and `muster set`
# run at once on one file. Every change that exited 0 must be in the final file; every one
# refused must have exited 2 and said that the file changed since it was read (the save
# checks that under the directory's lock, src/util/save.c). A campaign entry and an edit session
# must not overwrite a change made meanwhile either. Prints TAP. Needs MUSTER,
# MUSTER_DATA_PATH and srcdir, as `make check`.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir race
msg='changed on disk since it was read'

r=$tmp/r.xml
"$MUSTER" new "$r" --system=duckhammer --size=all-out-war --faction=impondium >/dev/null
"$MUSTER" add "$r" quack-marine 10 --name=Target >/dev/null
pairs=50
i=1
while [ $i -le $pairs ]; do
	"$MUSTER" add "$r" auk-diver 3 --name="Add$i" >"$tmp/add$i.out" 2>"$tmp/add$i.err" &
	echo $! >"$tmp/add$i.pid"
	"$MUSTER" set "$r" 1 --name="Set$i" >"$tmp/set$i.out" 2>"$tmp/set$i.err" &
	echo $! >"$tmp/set$i.pid"
	i=$((i + 1))
done
lost= wrong= saved=0 refused=0
i=1
while [ $i -le $pairs ]; do
	for v in add set; do
		wait "$(cat "$tmp/$v$i.pid")"
		echo $? >"$tmp/$v$i.rc"
	done
	i=$((i + 1))
done
# Each set saved only over the file it read: the unit bears the name of one that exited 0.
name=$(sed -n 's/.*name="\(Set[0-9]*\)".*/\1/p' "$r" | head -1)
i=1
while [ $i -le $pairs ]; do
	for v in add set; do
		rc=$(cat "$tmp/$v$i.rc")
		if [ "$rc" -eq 0 ]; then
			saved=$((saved + 1))
			if [ $v = add ] && ! grep -q "name=\"Add$i\"" "$r"; then
				lost="$lost add$i"
			fi
		else
			refused=$((refused + 1))
			if [ "$rc" -ne 2 ] || ! grep -qF "$msg" "$tmp/$v$i.err"; then
				wrong="$wrong $v$i(exit $rc: $(head -c 200 "$tmp/$v$i.err"))"
			fi
		fi
	done
	i=$((i + 1))
done
echo "# $saved changes saved, $refused refused"
if [ -z "$lost" ]; then ok "every add that exited 0 is in the file"; else not_ok "changes lost:$lost"; fi
if [ -z "$wrong" ]; then ok "every refused change exited 2 saying '$msg'"; else not_ok "refused without the message:$wrong"; fi
# Under load every set may lose its race to an add (each refused, exit 2): then the unit
# keeps no set's name. Otherwise it has the name of one that exited 0.
sets=0
for f in "$tmp"/set*.rc; do [ "$(cat "$f")" -eq 0 ] && sets=$((sets + 1)); done
if [ $sets -eq 0 ] && [ -z "$name" ]; then
	ok "the unit has no set's name: all $pairs sets were refused"
elif [ -n "$name" ] && [ "$(cat "$tmp/set${name#Set}.rc")" -eq 0 ]; then
	ok "the unit has the name of a set that exited 0"
else
	not_ok "the unit has the name of a set that exited 0 (it is '$name'; $sets sets exited 0)"
fi
# Every save that exited 0 replaced the file once: the number of adds in it is the number of
# adds that exited 0 (none lost, none made twice).
adds=$(grep -c 'name="Add[0-9]*"' "$r")
added=0
for f in "$tmp"/add*.rc; do [ "$(cat "$f")" -eq 0 ] && added=$((added + 1)); done
if [ "$adds" -eq "$added" ]; then ok "the file holds the $added adds that exited 0"; else not_ok "the file holds $adds adds, $added exited 0"; fi
if "$MUSTER" status "$r" >/dev/null 2>"$tmp/err"; [ $? -le 1 ]; then ok "the file still loads"; else not_ok "the file still loads" "$tmp/err"; fi
left=$(ls -A "$tmp" | grep '^\.r\.xml\.')
if [ -z "$left" ]; then ok "no temporary file left"; else not_ok "temporary files left: $left"; fi

# --- an edit session does not overwrite a change made meanwhile --------------------------------
e=$tmp/e.xml
"$MUSTER" new "$e" --system=duckhammer --size=all-out-war --faction=impondium >/dev/null
# The session reads the file, another command adds a unit, then the session adds its own:
# refused, and kept in the session; 'reload' reads the file again, the next add is saved.
mkfifo "$tmp/in"
"$MUSTER" edit "$e" <"$tmp/in" >"$tmp/edit.out" 2>"$tmp/edit.err" &
epid=$!
exec 3>"$tmp/in"
sleep 0.5
"$MUSTER" add "$e" quack-marine 10 --name=Other >/dev/null 2>&1
echo "add auk-diver 3 --name=Mine" >&3
echo "show" >&3
sleep 0.5
if grep -q 'name="Other"' "$e" && ! grep -q 'name="Mine"' "$e"; then
	ok "edit: the other command's change is not overwritten"
else
	not_ok "edit: the other command's change is not overwritten" "$e"
fi
if grep -qF "$msg" "$tmp/edit.err"; then ok "edit: the session says the file changed"; else not_ok "edit: the session says the file changed" "$tmp/edit.err"; fi
if grep -q "Mine" "$tmp/edit.out"; then ok "edit: the session keeps its change"; else not_ok "edit: the session keeps its change" "$tmp/edit.out"; fi
echo "reload" >&3
echo "add auk-diver 3 --name=Again" >&3
echo "quit" >&3
exec 3>&-
wait $epid
rc=$?
if grep -q 'name="Other"' "$e" && grep -q 'name="Again"' "$e" && ! grep -q 'name="Mine"' "$e"; then
	ok "edit: after reload, the session saves over the other change, keeping it"
else
	not_ok "edit: after reload, the session saves over the other change, keeping it" "$e" "$tmp/edit.err"
fi
if [ $rc -eq 2 ]; then ok "edit: the refused save makes the exit status 2"; else not_ok "edit: exit status $rc, not 2"; fi
tap_done
