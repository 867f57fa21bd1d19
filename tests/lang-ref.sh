#!/bin/sh
# The reference of the rule language in doc/data-guide.md (between its "reference:" markers)
# is what tests/lang-ref prints from the language's tables (src/model/lang-table.c): a row
# added or changed there and not in the guide, or the other way round, fails here. After
# changing the table, write the guide's section again from the build tree:
#     tests/lang-ref >ref.md   (and paste it between the markers)
# Prints TAP. Needs srcdir and builddir.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
. "${srcdir:-.}/tests/tap.sh"
temp_dir lang-ref
prog=${builddir:-.}/tests/lang-ref
guide=$top/doc/data-guide.md
echo "1..3"
if "$prog" >"$tmp/want" 2>"$err" && [ -s "$tmp/want" ]; then
	ok "tests/lang-ref prints the reference ($(wc -l <"$tmp/want") lines)"
else
	not_ok "tests/lang-ref prints the reference" "$err"
fi
sed -n '/^<!-- reference: begin/,/^<!-- reference: end/p' "$guide" | sed '1d;$d' >"$tmp/got"
n_begin=$(grep -c '^<!-- reference: begin' "$guide")
n_end=$(grep -c '^<!-- reference: end' "$guide")
if [ "$n_begin" -eq 1 ] && [ "$n_end" -eq 1 ]; then
	ok "doc/data-guide.md has one reference section"
else
	not_ok "doc/data-guide.md has one reference section ($n_begin begin, $n_end end markers)"
fi
same "doc/data-guide.md's reference is what the tables print" "$tmp/want" "$tmp/got"
