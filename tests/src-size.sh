#!/bin/sh
# The sizes issue 20 set for the sources: no file of src/ over 1,000 lines, no function over
# 100 (from its opening brace to its closing one, both in the first column, as every
# function of src/ is written). Generated files of the build tree are not read. Prints TAP.
# Needs srcdir (the source tree).
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
. "${srcdir:-.}/tests/tap.sh"
temp_dir src-size
files=$(cd "$top" && ls src/*/*.c src/*/*.h src/*.c 2>/dev/null | grep -v '^src/xml/schema-text\.c$')
[ -n "$files" ] || skip_all "no sources under $top/src"
long=
for f in $files; do
	n=$(wc -l <"$top/$f")
	[ "$n" -le 1000 ] || long="$long $f ($n lines)"
done
if [ -z "$long" ]; then ok "no file of src/ is over 1,000 lines"; else not_ok "files over 1,000 lines:$long"; fi
big=$(cd "$top" && for f in $files; do
	awk -v F="$f" '/^\{/ { s = NR; name = prev } /^\}/ { if (s && NR - s > 100) printf " %s: %s (%d lines)", F, name, NR - s; s = 0 } { prev = $0 }' "$f"
done)
if [ -z "$big" ]; then ok "no function of src/ is over 100 lines"; else not_ok "functions over 100 lines:$big"; fi
tap_done
