#!/bin/sh
# muster export end to end. Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as
# `make check` sets.
#  - XML: every roster of tests/rules/ (every bundled system) and doc/examples/, exported as
#    XML, validates to the same exit status, the same diagnostics (messages and rules) and
#    the same fingerprint as the original. A campaign roster (its units as enlisted, and its
#    ledger) also shows the same `campaign show` figures, and exporting the export again gives
#    the same bytes.
#  - Hostile names (=HYPERLINK, " =1+1", <script>, <img onerror>, a javascript: link, a lone
#    CR, an escape sequence) come out inert in CSV, Markdown, HTML and text.
#  - The CSV read back with python's csv module: the cost lines of each cost column add up to
#    each unit's subtotal and to the total row, and the total equals the text export's.
#    (tests/unit/test-export.c does the same with libcsv.) Skipped without python3.
#  - -o writes through save_file: a second export keeps the first as OUT~.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir export

# validate --verbose, with each diagnostic reduced to its severity, rule and message (the
# exported file has other line numbers) and sorted; the last line is the verdict with the
# fingerprint, the file name removed.
verdict() {
	# shellcheck disable=SC2086
	"$MUSTER" $dd validate --verbose "$1" >"$2.raw" 2>&1
	echo "status $?" >"$2"
	sed -e 's#^[^ ]*: \(error\|warning\|note\): #\1: #' -e 's#^.*: \(legal\|not legal\), fingerprint#\1, fingerprint#' \
		"$2.raw" | sort >>"$2"
}

# --- XML round trip -----------------------------------------------------------------------
for f in "$top"/tests/rules/*/*.xml "$top"/doc/examples/*.xml; do
	name=${f#"$top"/}
	# doc/examples/ also holds event packs: only rosters are exported.
	grep -q 'urn:x-muster:roster:' "$f" || continue
	# A rule case may name the data directory of a test system: <!-- data-dir: DIR -->.
	dd=$(sed -n 's/^<!-- data-dir: \([^ ]*\) -->$/\1/p' "$f" | sed 1q)
	[ -n "$dd" ] && dd="--data-dir $top/$dd"
	# shellcheck disable=SC2086
	"$MUSTER" $dd export --format=xml "$f" >"$tmp/x.xml" 2>"$tmp/x.err"
	st=$?
	verdict "$f" "$tmp/a"
	verdict "$tmp/x.xml" "$tmp/b"
	if [ "$st" -ne 0 ]; then
		not_ok "$name: exported as XML" "$tmp/x.err"
	elif ! grep -q fingerprint "$tmp/a" && ! grep -q '^status 2' "$tmp/a"; then
		not_ok "$name: validate --verbose printed a fingerprint" "$tmp/a"
	elif cmp -s "$tmp/a" "$tmp/b"; then
		ok "$name: the XML export validates to the same verdict and fingerprint"
	else
		diff "$tmp/a" "$tmp/b" >"$tmp/d"
		not_ok "$name: the XML export validates to the same verdict and fingerprint" "$tmp/d"
	fi
	grep -q '<campaign' "$f" || continue
	# The ledger applies once: the same campaign figures (diagnostics without their place).
	for x in "$f" "$tmp/x.xml"; do
		# shellcheck disable=SC2086
		"$MUSTER" $dd campaign show "$x" 2>&1 | sed 's#^[^ ]*: \(error\|warning\|note\): #\1: #'
		echo "status $?"
	done >"$tmp/c"
	# shellcheck disable=SC2086
	"$MUSTER" $dd export --format=xml "$tmp/x.xml" >"$tmp/x2.xml" 2>>"$tmp/x.err"
	half=$(($(wc -l <"$tmp/c") / 2))
	head -n "$half" "$tmp/c" >"$tmp/c1"
	tail -n "$half" "$tmp/c" >"$tmp/c2"
	if ! grep -q . "$tmp/c1" || ! cmp -s "$tmp/c1" "$tmp/c2"; then
		diff "$tmp/c1" "$tmp/c2" >"$tmp/d"
		not_ok "$name: the XML export shows the same campaign" "$tmp/d" "$tmp/c1"
	elif ! cmp -s "$tmp/x.xml" "$tmp/x2.xml"; then
		diff "$tmp/x.xml" "$tmp/x2.xml" >"$tmp/d"
		not_ok "$name: the XML export of the XML export is the same" "$tmp/d"
	else
		ok "$name: the XML export shows the same campaign, and exports to itself"
	fi
done

# --- hostile names ------------------------------------------------------------------------
# XML 1.0 allows no C0 control but tab, LF and CR, even as a reference; it allows the C1
# controls, of which U+009B (CSI) starts an escape sequence on some terminals.
esc=$(printf '\033')
csi=$(printf '\302\233')
cr=$(printf '\r')
cat >"$tmp/evil.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="&lt;script&gt;alert(1)&lt;/script&gt;">
  <list id="main" name="[x](javascript:alert(1))" size="all-out-war" faction="impondium">
    <unit entry="quack-marine" models="10" name="=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)"/>
    <unit entry="quack-marine" models="10" name=" =1+1"/>
    <unit entry="quack-marine" models="10" name="&lt;img src=x onerror=alert(1)&gt;"/>
    <unit entry="auk-veteran" models="4" name="[y](javascript:alert(2))&#13;# Heading &#x9b;31mred">
      <option id="gasp"/>
    </unit>
  </list>
</roster>
EOF
for fmt in text markdown html csv; do
	"$MUSTER" export --format=$fmt "$tmp/evil.xml" >"$tmp/evil.$fmt" 2>"$tmp/evil.err" ||
		not_ok "evil names: export --format=$fmt" "$tmp/evil.err"
done
for fmt in text markdown html csv; do
	if grep -q "$esc\\|$csi" "$tmp/evil.$fmt"; then
		not_ok "evil names: no raw CSI in $fmt" "$tmp/evil.$fmt"
	else
		ok "evil names: no raw CSI in $fmt"
	fi
done
# Every occurrence of a hostile name in CSV starts with the guard.
if grep -q '"=HYPERLINK\|" =1+1' "$tmp/evil.csv" || ! grep -q "\"'=HYPERLINK" "$tmp/evil.csv" ||
   ! grep -q "\"' =1+1\"" "$tmp/evil.csv"; then
	not_ok "evil names: CSV formulas are neutralised, also after a space" "$tmp/evil.csv"
else
	ok "evil names: CSV formulas are neutralised, also after a space"
fi
# Markdown: no tag, no link, no heading opened by a name; the CR is gone.
if grep -q '\(^\|[^\\]\)\(<script\|<img\|](javascript\)\|^# Heading' "$tmp/evil.markdown" || grep -q "$cr" "$tmp/evil.markdown"; then
	not_ok "evil names: Markdown is inert" "$tmp/evil.markdown"
elif grep -qF '\<script\>' "$tmp/evil.markdown" && grep -qF '\[x\](javascript' "$tmp/evil.markdown"; then
	ok "evil names: Markdown is inert"
else
	not_ok "evil names: Markdown is inert (the names are missing)" "$tmp/evil.markdown"
fi
# Markdown rendered by a real GFM renderer, raw HTML allowed: nothing of the names becomes a
# tag or a link (tables, autolinks and strike-through on, as on forums).
if command -v cmark-gfm >/dev/null 2>&1; then
	cmark-gfm --unsafe -e table -e autolink -e strikethrough "$tmp/evil.markdown" >"$tmp/evil.md.html"
	if grep -q '<script\|<img\|<a ' "$tmp/evil.md.html" || [ "$(grep -c '<h1>' "$tmp/evil.md.html")" -ne 1 ] ||
	   ! grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/evil.md.html"; then
		not_ok "evil names: Markdown rendered by cmark-gfm has no tag or link of theirs" "$tmp/evil.md.html"
	else
		ok "evil names: Markdown rendered by cmark-gfm has no tag or link of theirs"
	fi
else
	skip "evil names: Markdown rendered by cmark-gfm" "cmark-gfm is not installed"
fi
# HTML: the only tags are Muster's own.
if grep -q '<script\|<img\|href=' "$tmp/evil.html" || ! grep -qF '&lt;script&gt;' "$tmp/evil.html"; then
	not_ok "evil names: HTML is inert" "$tmp/evil.html"
else
	ok "evil names: HTML is inert"
fi
# Text: the escape and the CR are written visibly.
if grep -qF '\u009b31mred' "$tmp/evil.text" && grep -qF '\r# Heading' "$tmp/evil.text"; then
	ok "evil names: text shows control characters visibly"
else
	not_ok "evil names: text shows control characters visibly" "$tmp/evil.text"
fi
# A diagnostic naming a file with an escape sequence in its name.
bad="$tmp/bad${esc}[2Jname.xml"
printf '<roster/>' >"$bad"
"$MUSTER" export "$bad" >"$tmp/o" 2>"$tmp/e"
if [ $? -eq 2 ] && ! grep -q "$esc" "$tmp/e" && grep -qF 'bad\x1b[2Jname.xml' "$tmp/e"; then
	ok "a file name's escape sequence is written visibly in diagnostics"
else
	not_ok "a file name's escape sequence is written visibly in diagnostics" "$tmp/e"
fi

# --- CSV sums, read back with python ------------------------------------------------------
if command -v python3 >/dev/null 2>&1 && python3 -c 'import csv' 2>/dev/null; then
	for f in "$top"/doc/examples/*.xml "$top"/tests/rules/duck/DK-2-contraband-and-purchases.xml \
	         "$top"/tests/rules/daemon-rift/DR-1-three-lists-with-modified-limits-at-bound.xml \
	         "$top"/tests/rules/clockwork/CW-16-gilded-doubles-cost-at-limit.xml; do
		name=${f#"$top"/}
		grep -q 'urn:x-muster:roster:' "$f" || continue
		args=
		case $f in *clockwork*) args="--data-dir $top/tests/data/toy2" ;; esac
		# shellcheck disable=SC2086
		"$MUSTER" $args export --format=csv "$f" >"$tmp/s.csv" 2>"$tmp/s.err"
		# shellcheck disable=SC2086
		"$MUSTER" $args export --format=text --style=compact "$f" >"$tmp/s.txt" 2>>"$tmp/s.err"
		if python3 - "$tmp/s.csv" "$tmp/s.txt" >"$tmp/py" 2>&1 <<'EOF'
import csv, re, sys
raw = open(sys.argv[1], newline='').read()
assert raw.endswith('\r\n') and '\n' not in raw.replace('\r\n', ''), 'not CRLF throughout'
rows = list(csv.reader(raw.split('\r\n\r\n')[0].splitlines()))
head, body = rows[0], rows[1:]
costs = head[7:]
lines = ('models', 'option', 'training', 'modifiers')
unit, lists, grand = {}, {}, [0] * len(costs)
totals = []
for r in body:
    v = [int(x) for x in r[7:]]
    if r[0] in lines:
        key = (r[1], r[2])
        unit.setdefault(key, [0] * len(costs))
        unit[key] = [a + b for a, b in zip(unit[key], v)]
        lists.setdefault(r[1], [0] * len(costs))
        lists[r[1]] = [a + b for a, b in zip(lists[r[1]], v)]
        grand = [a + b for a, b in zip(grand, v)]
    elif r[0] == 'subtotal':
        assert unit.pop((r[1], r[2])) == v, ('subtotal', r)
    elif r[0] == 'total' and r[1]:
        assert lists[r[1]] == v, ('total', r, lists[r[1]])
        totals.append(v)
    elif r[0] == 'total':
        assert grand == v, ('grand total', r, grand)
    else:
        raise AssertionError('unknown row kind %r' % r[0])
assert not unit and totals, 'a unit without its subtotal, or no total'
# The text export's "Total:" lines, in the same order: "Total: 387 AP, 5 Contra".
text = [l for l in open(sys.argv[2]).read().splitlines() if l.strip().startswith('Total:')]
assert len(text) == len(totals), (text, totals)
for t, v in zip(text, totals):
    # The text names the cost types in use, in the system's order, as the CSV's columns:
    # its figures are the CSV's with the unused (all zero) columns left out.
    nums = [int(x) for x in re.findall(r'(-?\d+) ', t.split(':', 1)[1])]
    i = 0
    for x in v:
        if i < len(nums) and nums[i] == x:
            i += 1
        else:
            assert x == 0, (t, v)
    assert i == len(nums), (t, v)
print('ok', totals)
EOF
		then
			ok "$name: CSV cost lines add up to subtotals and totals (python csv), as the text says"
		else
			not_ok "$name: CSV cost lines add up to subtotals and totals (python csv), as the text says" "$tmp/py" "$tmp/s.err"
		fi
	done
else
	skip "CSV read back with python" "no python3"
fi

# --- -o -----------------------------------------------------------------------------------
ex=$top/doc/examples/impondium-strike-force.xml
"$MUSTER" export --format=html -o "$tmp/out.html" "$ex" >"$tmp/o" 2>"$tmp/e" &&
"$MUSTER" export --format=csv --force -o "$tmp/out.html" "$ex" >>"$tmp/o" 2>>"$tmp/e"
if [ $? -eq 0 ] && [ ! -s "$tmp/o" ] && grep -q '^<!DOCTYPE html>' "$tmp/out.html~" &&
   head -1 "$tmp/out.html" | grep -q '^"kind"'; then
	ok "-o writes the file and keeps the previous one as OUT~"
else
	not_ok "-o writes the file and keeps the previous one as OUT~" "$tmp/e"
fi
"$MUSTER" export -o "$tmp/no/such/dir/out.txt" "$ex" >"$tmp/o" 2>"$tmp/e"
if [ $? -eq 2 ] && [ -s "$tmp/e" ] && [ ! -s "$tmp/o" ]; then
	ok "-o into a missing directory fails with a message"
else
	not_ok "-o into a missing directory fails with a message" "$tmp/e"
fi

# A FIFO (as /dev/stdout or /dev/null would be) is written to, never replaced by a file.
if mkfifo "$tmp/fifo" 2>/dev/null; then
	cat "$tmp/fifo" >"$tmp/from-fifo" &
	reader=$!
	"$MUSTER" export --format=csv -o "$tmp/fifo" "$ex" >"$tmp/o" 2>"$tmp/e"
	st=$?
	wait "$reader"
	if [ "$st" -eq 0 ] && [ -p "$tmp/fifo" ] && [ ! -e "$tmp/fifo~" ] &&
	   head -1 "$tmp/from-fifo" | grep -q '^"kind"'; then
		ok "-o to a FIFO writes into it and leaves it a FIFO"
	else
		not_ok "-o to a FIFO writes into it and leaves it a FIFO" "$tmp/e"
	fi
else
	skip "-o to a FIFO" "no mkfifo"
fi

tap_done
