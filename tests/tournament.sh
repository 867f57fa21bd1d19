#!/bin/sh
# `muster tournament` end to end (issue 10's "done when"): doc/examples/pond-cup.xml over a
# directory holding legal, illegal, duplicate, unreadable and hostile lists: the files of
# tests/data/tournament/ plus what cannot be committed (a FIFO named like a list, a directory
# loop, a symbolic link loop, and when not run as root a file nobody may read). Checks the
# table, the violations and the summary (stdout), the unreadable files (stderr), the CSV and
# XML reports and the exit status against tests/data/tournament.expected/, and that the same
# batch run again, and on one thread and on four, prints and writes the same bytes.
# MUSTER_REGEN=1 rewrites the expected files (review them with git diff). Prints TAP.
# Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir tournament
exp=$top/tests/data/tournament.expected
pack=$top/doc/examples/pond-cup.xml

lists=$tmp/lists
mkdir -p "$lists/sub"
cp "$top"/tests/data/tournament/*.xml "$lists/"
mv "$lists/g-banned.xml" "$lists/sub/"
mkfifo "$lists/h-fifo.xml"
ln -s .. "$lists/sub/loop"
ln -s i-link-loop.xml "$lists/i-link-loop.xml"
# What organisers find beside the lists: the event pack itself and a list sent as text. Each
# is named and skipped, and does not make the batch unreadable.
cp "$pack" "$lists/k-pack.xml"
printf 'Teal Vanguard\n10 Quack Marines\n' >"$lists/l-sent-as-text.txt"
printf '# Teal Vanguard\n\n- Quack Marine x10\n' >"$lists/sub/l-sent-as-markdown.md"
# A roster made with `muster new --player`: the table names the player, not the list.
"$MUSTER" new "$lists/n-player.xml" --system=duckhammer --size=great-battle \
	--faction=impondium --name="Night Watch" --player="Nia Pintail" >/dev/null &&
	"$MUSTER" add "$lists/n-player.xml" auk-diver --models=3 >/dev/null ||
	echo "Bail out! muster new --player"

# run N ARGS...: muster tournament into $tmp/N.{out,err,status} and the reports N.csv, N.xml,
# with the temporary directory written @TMP@ in every file.
run() {
	n=$1
	shift
	(cd "$tmp" && "$MUSTER" tournament -o "$n.csv" -o "$n.xml" "$@" "$pack" lists) \
		>"$tmp/$n.out" 2>"$tmp/$n.err"
	echo $? >"$tmp/$n.status"
	for f in out err csv xml; do
		sed "s|$top|@SRC@|g" "$tmp/$n.$f" >"$tmp/$n.$f.n" 2>/dev/null || : >"$tmp/$n.$f.n"
	done
}
run one
run two --jobs=4
run three --jobs=1

for f in out err csv xml status; do
	src=$tmp/one.$f.n
	[ "$f" = status ] && src=$tmp/one.status
	if [ -n "${MUSTER_REGEN:-}" ]; then
		cp "$src" "$exp/$f"
		ok "$f regenerated: review it"
	else
		same "$f as expected" "$exp/$f" "$src"
	fi
done
for f in out err csv xml status; do
	a=$tmp/one.$f b=$tmp/two.$f c=$tmp/three.$f
	if cmp -s "$a" "$b" && cmp -s "$a" "$c"; then
		ok "$f: the same bytes on four threads and on one"
	else
		not_ok "$f: the same bytes on four threads and on one" "$a" "$b"
	fi
done
# The CSV report defuses the formula a player's name holds.
if grep -q "\"'=HYPERLINK" "$tmp/one.csv" && ! grep -q '"=HYPERLINK' "$tmp/one.csv"; then
	ok "a formula in a name is defused in the CSV report"
else
	not_ok "a formula in a name is defused in the CSV report" "$tmp/one.csv"
fi
# The XML report is well-formed.
if command -v xmllint >/dev/null 2>&1; then
	if xmllint --noout "$tmp/one.xml" 2>"$tmp/lint"; then
		ok "the XML report is well-formed"
	else
		not_ok "the XML report is well-formed" "$tmp/lint"
	fi
else
	skip "the XML report is well-formed" "no xmllint"
fi
# A file nobody may read: reported, and the batch goes on. Root reads it anyway.
if [ "$(id -u)" -ne 0 ]; then
	cp "$top/tests/data/tournament/a-legal.xml" "$lists/j-secret.xml"
	chmod 000 "$lists/j-secret.xml"
	run four
	if grep -q "j-secret.xml: error: cannot open: Permission denied" "$tmp/four.err" &&
	   grep -q "8 unreadable" "$tmp/four.out" && [ "$(cat "$tmp/four.status")" = 2 ]; then
		ok "an unreadable file is reported and the batch goes on"
	else
		not_ok "an unreadable file is reported and the batch goes on" "$tmp/four.out" "$tmp/four.err"
	fi
else
	skip "an unreadable file is reported and the batch goes on" "run as root"
fi
tap_done
