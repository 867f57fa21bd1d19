#!/bin/sh
# The layers of src/README, enforced on the sources: every #include "x.h" of a file in
# src/FOLDER/ names a header of its own folder or of a folder that FOLDER's paragraph of
# src/README lets it include ("May include util/, xml/ and model/"); an -int.h header is for
# its own folder only; and no two files include each other, directly or through others
# (x.c and x.h count as one file), but for the pairs src/README names as the language's
# nesting: engine/eval and engine/expr, read/read-rules-sel and read/read-rules-expr (and
# engine/select, which reads eval.h's types of an evaluated unit).
# The folders and what they may include are read from src/README, so a new rule there is
# enforced without editing this test. Prints TAP. Needs srcdir (the source tree).
# LAYERS_SRC=DIR checks DIR (a copy of src/) instead: a planted violation must fail.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
. "${srcdir:-.}/tests/tap.sh"
temp_dir layers
src=${LAYERS_SRC:-$top/src}

# 1. The table: "FOLDER ALLOWED..." per folder paragraph of the README (a line that starts
# with "NAME/ "); "every folder" allows them all. The paragraph's "May include" (or
# "Includes nothing outside") clause ends at the first "(", ";" or ". ".
awk '
function flush(   s, i, m, c, list, w) {
	if (folder == "")
		return
	s = para
	i = index(s, "May include ")
	if (i == 0)
		i = index(s, "Includes nothing outside ")
	if (i == 0) {
		print folder, "?"
		folder = ""
		return
	}
	s = substr(s, i)
	if (s ~ /^May include every folder/) {
		print folder, "*"
		folder = ""
		return
	}
	m = length(s) + 1
	if ((c = index(s, "(")) && c < m) m = c
	if ((c = index(s, ";")) && c < m) m = c
	if ((c = index(s, ". ")) && c < m) m = c
	s = substr(s, 1, m - 1)
	list = folder
	while (match(s, /[a-z]+\//)) {
		w = substr(s, RSTART, RLENGTH - 1)
		list = list " " w
		s = substr(s, RSTART + RLENGTH)
	}
	print list
	folder = ""
}
/^[a-z]+\/ / { flush(); folder = substr($1, 1, length($1) - 1); para = $0; next }
/^[^ ]/ { flush(); next }
/^$/ { flush(); next }
{ para = para " " $0 }
END { flush() }
' "$src/README" >"$tmp/table"

bad_table=
for d in "$src"/*/; do
	d=$(basename "$d")
	grep -q "^$d " "$tmp/table" || bad_table="$bad_table $d"
done
grep -q ' ?$' "$tmp/table" && bad_table="$bad_table $(sed -n 's/ ?$//p' "$tmp/table" | tr '\n' ' ')"
if [ -z "$bad_table" ] && [ "$(wc -l <"$tmp/table")" -ge 3 ]; then
	ok "src/README says what each of $(wc -l <"$tmp/table") folders may include"
else
	tap_fail "src/README says what each folder may include" \
		"no 'May include' rule read for:$bad_table" "$tmp/table"
fi

# 2. Every include: "FOLDER FILE HEADER" (FOLDER "." for src/ itself), and where each
# header lives: "HEADER FOLDER".
: >"$tmp/incs"
for f in "$src"/*.[ch] "$src"/*/*.[ch]; do
	[ -f "$f" ] || continue
	rel=${f#"$src"/}
	case $rel in */*) dir=${rel%%/*} ;; *) dir=. ;; esac
	sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' "$f" |
		while read -r h; do echo "$dir $rel $h"; done >>"$tmp/incs"
done
for h in "$src"/*/*.h; do
	[ -f "$h" ] || continue
	rel=${h#"$src"/}
	echo "$(basename "$h") ${rel%%/*}"
done >"$tmp/homes"
n_incs=$(wc -l <"$tmp/incs")
if [ "$n_incs" -gt 50 ]; then
	ok "$n_incs includes read from $(cut -d' ' -f2 "$tmp/incs" | sort -u | wc -l) files"
else
	not_ok "only $n_incs includes read: is srcdir right?"
fi

# 3. Each include against the table.
awk -v tablef="$tmp/table" -v homesf="$tmp/homes" '
BEGIN {
	while ((getline l < tablef) > 0) {
		n = split(l, w, " ")
		for (i = 2; i <= n; i++)
			allow[w[1], w[i]] = 1
	}
	while ((getline l < homesf) > 0) {
		split(l, w, " ")
		home[w[1]] = w[2]
	}
}
{
	dir = $1; file = $2; h = $3
	if (!(h in home)) {
		print file ": includes \"" h "\", which is no header of src/"
		next
	}
	hd = home[h]
	if (dir == hd)
		next
	if (h ~ /-int\.h$/) {
		print file ": includes \"" h "\", which is for " hd "/ only"
		next
	}
	if (dir == "." || allow[dir, "*"] || allow[dir, hd])
		next
	print file ": includes \"" h "\" of " hd "/, which src/README does not let " dir "/ include"
}' "$tmp/incs" >"$tmp/wrong"
if [ -s "$tmp/wrong" ]; then
	not_ok "every include names a header of its folder or of a lower one" "$tmp/wrong"
else
	ok "every include names a header of its folder or of a lower one"
fi

# 4. No circle. Headers first: no header includes itself through others. Then the files
# that call each other: x.c depends on y.c when it includes y.h, directly or through
# headers; two that depend on each other are a circle, but for the interpreter's own pairs.
awk '
function base(path) { sub(/^.*\//, "", path); sub(/\.[ch]$/, "", path); return path }
FNR == NR { home[$1] = $2; next }
{
	if (!($3 in home))
		next
	from = $2
	to = home[$3] "/" $3
	if (from ~ /\.h$/)
		hh[from, to] = 1
	else
		ch[from, to] = 1
	hs[to] = 1
	if (from ~ /\.h$/)
		hs[from] = 1
	else
		cs[from] = 1
}
END {
	allowed["eval", "expr"] = 1
	allowed["read-rules-expr", "read-rules-sel"] = 1
	# select.c matches evaluated units: it reads the types of eval.h and calls nothing of
	# eval.c, which calls sel_match for its modifiers.
	allowed["eval", "select"] = 1
	for (k in hs)
		for (i in hs)
			if ((i, k) in hh)
				for (j in hs)
					if ((k, j) in hh)
						hh[i, j] = 1
	for (i in hs)
		if ((i, i) in hh)
			print i " includes itself through other headers"
	for (c in cs)
		for (h in hs)
			if ((c, h) in ch) {
				dep[c, h] = 1
				for (j in hs)
					if ((h, j) in hh)
						dep[c, j] = 1
			}
	for (a in cs)
		for (b in cs) {
			ha = a; sub(/\.c$/, ".h", ha)
			hb = b; sub(/\.c$/, ".h", hb)
			x = base(a); y = base(b)
			if (x < y && (a, hb) in dep && (b, ha) in dep && !((x, y) in allowed))
				print a " and " b " include each other'"'"'s header"
		}
}' "$tmp/homes" "$tmp/incs" | sort >"$tmp/circles"
if [ -s "$tmp/circles" ]; then
	not_ok "no include circle but the interpreter's own" "$tmp/circles"
else
	ok "no include circle but the interpreter's own"
fi
tap_done
