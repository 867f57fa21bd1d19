#!/bin/sh
# doc/tutorial.md runs: every command of its ```console blocks (a line "$ COMMAND") is run,
# in order, in one shell, in a copy of doc/examples/, with `muster` the built program; what
# it prints (standard output and error together) must be the lines shown under it, up to the
# next "$ " line or the end of the block.  So the tutorial cannot go stale.
# Prints TAP, one test per command. Needs MUSTER, srcdir and MUSTER_DATA_PATH, as
# `make check` sets. TUTORIAL_REGEN=1 rewrites the shown output in the source's
# doc/tutorial.md from what the commands print now: review `git diff` before committing.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
doc=$top/doc/tutorial.md
[ -f "$doc" ] || { echo "Bail out! no $doc"; exit 99; }
unset LANGUAGE

temp_dir tutorial
mkdir "$tmp/bin" "$tmp/work" "$tmp/out" || exit 99
printf '#!/bin/sh\nexec "%s" "$@"\n' "$MUSTER" >"$tmp/bin/muster"
chmod +x "$tmp/bin/muster"
cp "$top"/doc/examples/*.xml "$tmp/work/" || exit 99
chmod u+w "$tmp/work"/*.xml

# Split the tutorial: N.cmd (the command) and N.want (the output shown) for each command.
awk -v dir="$tmp/out" '
	/^```console[ \t]*$/ { inblock = 1; next }
	inblock && /^```[ \t]*$/ { inblock = 0; next }
	inblock && /^\$ / {
		n++
		cmd = substr($0, 3)
		printf "%s\n", cmd > (dir "/" n ".cmd"); close(dir "/" n ".cmd")
		printf "" > (dir "/" n ".want"); close(dir "/" n ".want")
		next
	}
	inblock && n { print >> (dir "/" n ".want"); close(dir "/" n ".want") }
	END { print n + 0 > (dir "/count") }
' "$doc"
count=$(cat "$tmp/out/count")
[ "$count" -gt 0 ] || { echo "Bail out! no console commands in $doc"; exit 99; }

# One script: each command's output to N.got; $? stays the previous command's, so that
# "$ echo $?" shows it.
{
	echo "cd '$tmp/work' || exit 99"
	echo "PATH='$tmp/bin':\$PATH"
	i=1
	while [ "$i" -le "$count" ]; do
		printf '{ %s\n} >"%s/%s.got" 2>&1\n' "$(cat "$tmp/out/$i.cmd")" "$tmp/out" "$i"
		i=$((i + 1))
	done
} >"$tmp/run.sh"
sh "$tmp/run.sh" </dev/null

echo "1..$count"
i=1
while [ "$i" -le "$count" ]; do
	same "\$ $(cat "$tmp/out/$i.cmd")" "$tmp/out/$i.want" "$tmp/out/$i.got"
	i=$((i + 1))
done

if [ -n "${TUTORIAL_REGEN:-}" ]; then
	awk -v dir="$tmp/out" '
		/^```console[ \t]*$/ { inblock = 1; print; next }
		inblock && /^```[ \t]*$/ { inblock = 0; print; next }
		inblock && /^\$ / {
			n++
			print
			f = dir "/" n ".got"
			while ((getline line < f) > 0) print line
			close(f)
			next
		}
		inblock { next }
		{ print }
	' "$doc" >"$tmp/tutorial.md" && cp "$tmp/tutorial.md" "$doc"
	echo "# regenerated $doc: review it"
	exit 0
fi
[ "$fails" -eq 0 ]
