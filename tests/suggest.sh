#!/bin/sh
# `muster suggest` never proposes an entry whose addition makes a legal list illegal: for
# every legal rules case of the bundled systems (tests/rules/*/ with "expect: legal") and the
# bundled example, each suggestion is added to a copy of the list, once with the fewest and
# once with the most models suggested, through `muster add`, and the copy must validate.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir suggest
tried=0
nyet=0

for f in "$top"/doc/examples/impondium-strike-force.xml "$top"/tests/rules/actionhammer/*.xml \
	"$top"/tests/rules/daemon-rift/*.xml "$top"/tests/rules/duck/*.xml \
	"$top"/tests/rules/duckhammer/*.xml "$top"/tests/rules/scrollhammer/*.xml; do
	grep -q 'expect: legal' "$f" || case $f in */doc/examples/*) ;; *) continue ;; esac
	name=${f#"$top"/}
	"$MUSTER" show "$f" >/dev/null 2>&1
	[ $? -eq 2 ] && continue # needs data of its own (run-rules.sh gives it)
	if ! "$MUSTER" suggest "$f" >"$tmp/s" 2>"$tmp/e"; then
		not_ok "$name: suggest failed" "$tmp/e"
		continue
	fi
	bad=
	list=0
	n=0
	while IFS= read -r line; do
		case $line in
		"  nothing more"* | "  not legal yet"*) continue ;;
		"    "*)
			# Not legal yet: one model added breaks the rule it names.
			set -- $line
			entry=$1
			ref=$(echo "$line" | sed -n 's/.*  \([A-Z][A-Z]*-[0-9][0-9]*\): .*/\1/p')
			cp "$f" "$tmp/r.xml"
			nyet=$((nyet + 1))
			if ! "$MUSTER" add "$tmp/r.xml" "$entry" 1 --list="$list" >/dev/null 2>"$tmp/e"; then
				bad="$bad add $entry x1 to list $list failed: $(head -1 "$tmp/e");"
			elif "$MUSTER" validate "$tmp/r.xml" >"$tmp/v" 2>&1; then
				bad="$bad $entry x1 in list $list, said not legal yet, is legal;"
			elif [ -n "$ref" ] && ! grep -q "error: $ref: " "$tmp/v"; then
				bad="$bad $entry x1 in list $list does not break $ref;"
			fi
			continue
			;;
		"  "*) ;;
		*) list=$((list + 1)); continue ;;
		esac
		set -- $line
		entry=$1
		models=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\)\(-\([0-9][0-9]*\)\)\{0,1\} models\{0,1\}.*/\1 \3/p')
		for m in $models; do
			cp "$f" "$tmp/r.xml"
			n=$((n + 1))
			if ! "$MUSTER" add "$tmp/r.xml" "$entry" "$m" --list="$list" >/dev/null 2>"$tmp/e"; then
				bad="$bad add $entry x$m to list $list failed: $(head -1 "$tmp/e");"
			elif ! "$MUSTER" validate "$tmp/r.xml" >"$tmp/v" 2>&1; then
				bad="$bad $entry x$m in list $list: $(head -1 "$tmp/v");"
			fi
		done
	done <"$tmp/s"
	tried=$((tried + n))
	if [ -z "$bad" ]; then
		ok "$name: $n suggested additions stay legal"
	else
		not_ok "$name:$bad"
	fi
done
# A legal roster of 400 lists, each with a Character, whose name DH-9's pattern reads to the
# end: suggest must answer for every list. When every probe matched the whole roster and all
# probes shared the roster's regex budget, it stopped with a false error blaming DH-9's
# pattern (issue 19); nor may it print anything but what a one-list roster gets.
awk 'BEGIN {
	print "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">"
	for (i = 1; i <= 400; i++) {
		printf "  <list id=\"l%d\" size=\"all-out-war\" faction=\"impondium\">\n", i
		print "    <unit entry=\"lord-mallardine\" models=\"1\"/>"
		for (u = 0; u < 3; u++) print "    <unit entry=\"quack-marine\" models=\"1\"/>"
		print "    <unit entry=\"marine-recruit\" models=\"1\"/>"
		print "  </list>"
	}
	print "</roster>"
}' >"$tmp/many.xml"
sed -n '1,8p;$p' "$tmp/many.xml" >"$tmp/one.xml"
if ! "$MUSTER" validate "$tmp/many.xml" >"$tmp/v" 2>&1; then
	not_ok "the 400-list roster is legal" "$tmp/v"
elif ! "$MUSTER" suggest "$tmp/many.xml" >"$tmp/s" 2>"$tmp/e" || [ -s "$tmp/e" ]; then
	not_ok "suggest answers for each of 400 lists" "$tmp/e"
elif ! "$MUSTER" suggest "$tmp/one.xml" >"$tmp/s1" 2>&1 ||
	[ "$(grep -c '^l[0-9]*:' "$tmp/s")" -ne 400 ] ||
	[ "$(sed -n '2,/^$/p' "$tmp/s")" != "$(sed -n '2,$p' "$tmp/s1")" ]; then
	diff "$tmp/s1" "$tmp/s" | head -10 >"$tmp/diff"
	not_ok "suggest answers for each of 400 lists as for one" "$tmp/diff"
else
	ok "suggest answers for each of 400 lists as for one"
fi

if [ "$tried" -gt 100 ]; then
	ok "$tried additions tried in all"
else
	not_ok "only $tried additions tried: the test lost its cases"
fi
# The entries a player plans around (heroes that need units first) are shown, not hidden.
if [ "$nyet" -gt 0 ]; then
	ok "$nyet entries not legal yet checked to break the rule named"
else
	not_ok "no entry shown as not legal yet: the test lost its cases"
fi
# An empty Duckhammer list: its heroes are not legal yet, each with the rule in the way; and
# a list over its points says so as status does.
"$MUSTER" new "$tmp/empty.xml" --system=duckhammer --size=large-skirmish --faction=impondium >/dev/null
"$MUSTER" suggest "$tmp/empty.xml" >"$tmp/s" 2>&1
result "suggest on an empty list shows a hero not legal yet" \
	"$(grep -q '^    marine-sergeant .* DH-4: ' "$tmp/s" || echo "no marine-sergeant line")" "$tmp/s"
"$MUSTER" suggest "$top/doc/examples/first-army.xml" >"$tmp/s" 2>&1
"$MUSTER" status "$top/doc/examples/first-army.xml" >"$tmp/st" 2>&1
over=$(sed -n '1s/.*, \([0-9][0-9]*\) over .*/\1/p' "$tmp/st")
result "suggest says a list is over its points as status does" \
	"$(grep -q "^Green Feathers: ${over:-?} AP over\$" "$tmp/s" || echo "not '$over AP over'")" "$tmp/s" "$tmp/st"
tap_done
