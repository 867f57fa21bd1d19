#!/bin/sh
# Catalogs and rosters of 1 MiB or more are read element by element (src/xml/xml.h, xml_reader),
# smaller ones whole: the same catalog or roster on both paths gives the same output, and the
# streaming path refuses what the whole-file path refuses (a DOCTYPE, a truncated file, a
# schema violation, a duplicate id) with the file and line. The catalogs are written by
# bench/gen-system.sh, the roster by bench/gen.sh.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bigcat
# check NAME STATUS PATTERN DIR: validate DIR's list exits STATUS and says PATTERN (fixed).
check() {
	name=$1 want=$2 pat=$3 dir=$4
	"$MUSTER" --data-dir "$dir" validate "$dir/list.xml" >"$tmp/out" 2>&1
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "exit $got, expected $want" >>"$tmp/out"
		not_ok "$name" "$tmp/out"
	elif ! grep -qF -- "$pat" "$tmp/out"; then
		echo "expected: $pat" >>"$tmp/out"
		not_ok "$name" "$tmp/out"
	else
		ok "$name"
	fi
}

sh "$top/bench/gen-system.sh" 1000 "$tmp/small" || exit 1
cat="catalogs/benchgame/big.xml"
size=$(wc -c <"$tmp/small/$cat")
[ "$size" -lt 1048576 ] || { echo "Bail out! the 1000-entry catalog is $size bytes"; exit 1; }
# The same catalog over 1 MiB: a comment of blanks at its end.
cp -R "$tmp/small" "$tmp/big"
{ printf '<!--'; head -c 1048576 /dev/zero | tr '\0' ' '; printf -- '-->\n'; } >>"$tmp/big/$cat"

"$MUSTER" --data-dir "$tmp/small" validate "$tmp/small/list.xml" 2>&1 | sed "s|$tmp/small|D|g" >"$tmp/a"
"$MUSTER" --data-dir "$tmp/big" validate "$tmp/big/list.xml" 2>&1 | sed "s|$tmp/big|D|g" >"$tmp/b"
if [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"; then
	ok "a catalog read whole and element by element gives the same verdicts"
else
	diff "$tmp/a" "$tmp/b" >"$tmp/diff"
	not_ok "a catalog read whole and element by element gives the same verdicts" "$tmp/a" "$tmp/diff"
fi
check "the big catalog's list breaks BG-4" 1 "error: BG-4:" "$tmp/big"
"$MUSTER" --data-dir "$tmp/big" catalog benchgame e500 >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q "Unit 500" "$tmp/out"; then
	ok "an entry of the big catalog is found"
else
	not_ok "an entry of the big catalog is found" "$tmp/out"
fi

# Hostile or broken big catalogs: each refused with its file, the batch of one exits 2.
mk() {
	rm -rf "$tmp/bad"
	cp -R "$tmp/big" "$tmp/bad"
}
mk
sed -i '2i <!DOCTYPE catalog [ <!ENTITY a "aaaaaaaaaa"> ]>' "$tmp/bad/$cat"
check "a DOCTYPE in a big catalog is refused" 2 "big.xml:2: error: DOCTYPE declarations are not allowed" "$tmp/bad"
mk
head -c 300000 "$tmp/big/$cat" >"$tmp/bad/$cat"
head -c 800000 /dev/zero | tr '\0' ' ' >>"$tmp/bad/$cat"
check "a truncated big catalog is refused" 2 "unexpected end of file" "$tmp/bad"
mk
sed -i "s/<entry id=\"e9\" name=/<entry name=/" "$tmp/bad/$cat"
check "a schema violation in a big catalog is refused at its line" 2 "big.xml:134: error: Element" "$tmp/bad"
mk
sed -i 's/<entry id="e7" /<entry id="e6" /' "$tmp/bad/$cat"
check "a duplicate entry id in a big catalog is refused" 2 "entry id 'e6' is used twice" "$tmp/bad"
mk
sed -i 's/<entry id="e9" name="Unit 9">/<entry id="e9" name="Unit 9"><bogus\/>/' "$tmp/bad/$cat"
check "an unknown element in a big catalog's entry is refused" 2 "bogus" "$tmp/bad"

# A 10,000-unit roster (700 kB) and the same over 1 MiB.
sh "$top/bench/gen.sh" -n 10000 -b 1 "$top/catalogs/duckhammer/impondium.xml" "$tmp/units" || exit 1
r=$tmp/units/units-10000.xml
cp "$r" "$tmp/units/big.xml"
{ printf '<!--'; head -c 1048576 /dev/zero | tr '\0' ' '; printf -- '-->\n'; } >>"$tmp/units/big.xml"
"$MUSTER" validate "$r" 2>&1 | sed "s|$r|R|" >"$tmp/a"
"$MUSTER" validate "$tmp/units/big.xml" 2>&1 | sed "s|$tmp/units/big.xml|R|" >"$tmp/b"
if [ "$(wc -l <"$tmp/a")" -gt 10 ] && cmp -s "$tmp/a" "$tmp/b"; then
	ok "a roster read whole and element by element gives the same diagnostics"
else
	diff "$tmp/a" "$tmp/b" >"$tmp/diff"
	not_ok "a roster read whole and element by element gives the same diagnostics" "$tmp/a" "$tmp/diff"
fi
sed -i 's/<unit id="u77" entry="[^"]*"/<unit id="u77" entry="no-such-entry"/' "$tmp/units/big.xml"
# validate reports it as a violation and checks the rest; show, which prints the roster as
# it is, refuses it.
"$MUSTER" validate "$tmp/units/big.xml" >"$tmp/out" 2>&1
rc=$?
"$MUSTER" show "$tmp/units/big.xml" >/dev/null 2>"$tmp/show"
show_rc=$?
if [ $rc -eq 1 ] && grep -q "big.xml:122:5: error: unknown entry 'no-such-entry'" "$tmp/out" &&
   [ $show_rc -eq 2 ] && grep -q "big.xml:122:5: error: unknown entry 'no-such-entry'" "$tmp/show"; then
	ok "an unknown entry in a big roster is reported at its line and column"
else
	not_ok "an unknown entry in a big roster is reported at its line and column" "$tmp/out" "$tmp/show"
fi
# A list whose pages were given back while it was read (src/xml/xml-read.c, xml_src_drop): a message on
# the list itself, at its end, still has the list's line and column (the bytes are read
# again). 100 kB of comment before the list puts it past the buffer's first page, 1.5 MiB
# after its start tag puts it far enough behind the parser.
sed '/<limit cost="ap"/d' "$r" >"$tmp/units/nolimit.xml"
{
	head -n 3 "$tmp/units/nolimit.xml"
	printf '<!--'
	head -c 102400 /dev/zero | tr '\0' ' '
	printf -- '-->\n'
	sed -n 4p "$tmp/units/nolimit.xml"
	printf '<!--'
	head -c 1572864 /dev/zero | tr '\0' ' '
	printf -- '-->\n'
	tail -n +5 "$tmp/units/nolimit.xml"
} >"$tmp/units/nolimit-big.xml"
"$MUSTER" validate "$tmp/units/nolimit-big.xml" >"$tmp/out" 2>&1
st=$?
if [ $st -eq 2 ] && grep -q "nolimit-big.xml:5:3: error: a list needs a battle size" "$tmp/out"; then
	ok "a big list's own error has its line and column after its pages were given back"
else
	echo "exit $st" >>"$tmp/out"
	not_ok "a big list's own error has its line and column after its pages were given back" "$tmp/out"
fi
tap_done
