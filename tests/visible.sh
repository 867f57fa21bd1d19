#!/bin/sh
# No control character from a file name, the data or the command line reaches a terminal raw
# (issue 8): every command family is run with an escape sequence (ESC [31m), a C1 control
# (U+009B, CSI on some terminals) and a lone CR in a unit name, a file name and an option
# argument, and its standard output and error must hold them only visibly escaped ("\x1b",
# "\u009b", "\r"). XML 1.0 allows no ESC, even as a reference: in data only the C1 control and
# the CR can come. Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir visible
esc=$(printf '\033')
csi=$(printf '\302\233')
cr=$(printf '\r')
evil="${esc}[31m${csi}31m${cr}"

# check NAME WANT...: $tmp/out and $tmp/err hold no raw ESC, C1 CSI or CR, and together
# hold every visible form WANT (fixed strings).
check() {
	name=$1
	shift
	cat "$tmp/out" "$tmp/err" >"$tmp/both"
	why=
	if grep -q "$esc\\|$csi\\|$cr" "$tmp/both"; then
		why="a control character is written raw"
	else
		for w in "$@"; do
			grep -qF -e "$w" "$tmp/both" || why="'$w' is missing"
		done
	fi
	cat -v "$tmp/both" >"$tmp/both.v"
	result "$name" "$why" "$tmp/both.v"
}
run() {
	"$MUSTER" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
}

ESC='\x1b[31m'
C1='\u009b31m'
CR='\r'

# --- option arguments and command names (cmd_usage_error) -----------------------------------
ex=$top/doc/examples/impondium-strike-force.xml
run export --format="$evil" "$ex"
check "export: an unknown --format is quoted visibly" "$ESC" "$C1" "$CR"
run export --style="$evil" "$ex"
check "export: an unknown --style is quoted visibly" "$ESC" "$C1" "$CR"
run "x$evil"
check "an unknown command name is quoted visibly" "$ESC" "$C1" "$CR"
run validate "--x$evil"
check "an unknown option is quoted visibly" "$ESC" "$C1" "$CR"
run validate --jobs="$evil" "$ex"
check "validate: a bad --jobs is quoted visibly" "$ESC" "$C1" "$CR"
run tournament -o "r$evil.txt" "$top/doc/examples/pond-cup.xml" "$ex"
check "tournament: a bad report name is quoted visibly" "$ESC" "$C1" "$CR"

# --- file names --------------------------------------------------------------------------
missing="$tmp/no${evil}such.xml"
for c in validate show status export suggest "campaign show" import edit; do
	# shellcheck disable=SC2086
	run $c "$missing"
	check "$c: a missing file's name is written visibly" "$ESC" "$C1" "$CR"
done
run add "$missing" quack-marine 10
check "add: a missing file's name is written visibly" "$ESC" "$C1" "$CR"
run campaign battle "$missing" --result=win
check "campaign battle: a missing file's name is written visibly" "$ESC" "$C1" "$CR"
there="$tmp/there${evil}.xml"
cp "$ex" "$there"
run new "$there" --system=duckhammer --size=skirmish
check "new: an existing file's name is written visibly" "$ESC" "$C1" "$CR"
printf 'Game: Duckhammer\n10x Quack Marine\n' >"$tmp/list.txt"
run import -o "$there" "$tmp/list.txt"
check "import: an existing output's name is written visibly" "$ESC" "$C1" "$CR"
run suggest --list="$evil" "$ex"
check "suggest: an unknown --list is quoted visibly" "$ESC" "$C1" "$CR"

# --- names in data --------------------------------------------------------------------------
cat >"$tmp/army.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="Roster&#x9b;31m&#13;">
  <list id="main" name="List&#x9b;31m&#13;" size="all-out-war" faction="impondium">
    <unit entry="quack-marine" models="10" name="Squad&#x9b;31m&#13;"/>
  </list>
</roster>
EOF
run status "$tmp/army.xml"
check "status: unit and list names are written visibly" "Squad$C1$CR" "List$C1$CR"
run suggest "$tmp/army.xml"
check "suggest: the list name is written visibly" "List$C1$CR"
run add "$tmp/army.xml" "no${evil}entry"
check "add: an unknown entry is quoted visibly" "$ESC" "$C1" "$CR"
printf 'frobnicate %s\nadd no%sentry\n' "$evil" "$evil" | "$MUSTER" edit "$tmp/army.xml" >"$tmp/out" 2>"$tmp/err"
check "edit: an unknown command and entry are quoted visibly" "$ESC" "$C1" "$CR"

cat >"$tmp/camp.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="2" system="duckhammer" name="Camp&#x9b;31m&#13;">
  <list id="main" size="large-skirmish" faction="impondium">
    <unit id="sq1" entry="quack-marine" models="10" name="Squad&#x9b;31m&#13;"/>
  </list>
  <campaign>
    <ledger>
      <start date="2026&#x9b;31m&#13;" amount="300"/>
      <battle opponent="Honkers&#x9b;31m&#13;" vp="12" opponent-vp="8" result="win" note="Note&#x9b;31m&#13;">
        <lost unit="sq1" models="1" rolls="9"/>
      </battle>
    </ledger>
  </campaign>
</roster>
EOF
run campaign show "$tmp/camp.xml"
check "campaign show: unit, opponent, note, date and roster names are written visibly" \
	"Squad$C1$CR" "Honkers$C1$CR" "Note$C1$CR" "2026$C1$CR" "Camp$C1$CR"
cp "$tmp/camp.xml" "$tmp/camp2.xml"
# An ESC cannot be written into XML: recording it is refused, visibly.
run campaign battle "$tmp/camp2.xml" --result=draw "--opponent=Geese$evil"
check "campaign battle: an opponent with an ESC is refused, and never written raw" "cannot hold control characters"
run campaign battle "$tmp/camp2.xml" --result=draw "--opponent=Geese$csi$cr" "--note=n$csi$cr"
check "campaign battle: what it records is shown visibly" "Geese\\u009b\\r" "(n\\u009b\\r)"
run campaign travel "$tmp/camp.xml" "sq$evil" --distance=1 --terrain=open
check "campaign travel: a unit argument is quoted visibly" "$ESC" "$C1" "$CR"

# A game system whose names hold the controls.
mkdir -p "$tmp/data"
cp -R "$top/tests/data/toy2/." "$tmp/data/"
sed -i -e 's/name="Clockwork Skirmish"/name="Clockwork\&#x9b;31m\&#13;"/' \
	-e 's/A list spends at most its limit/Spends\&#x9b;31m\&#13;at most its limit/' \
	-e 's/name="Brass Soldier"/name="Brass\&#x9b;31m\&#13;"/' "$tmp/data/rules-xml/clockwork.xml" \
	"$tmp/data/catalogs/clockwork/tinkerton.xml"
run --data-dir "$tmp/data" catalog
check "catalog: a system's name is written visibly" "Clockwork$C1$CR"
run --data-dir "$tmp/data" catalog clockwork
check "catalog SYSTEM: system and entry names are written visibly" "Clockwork$C1$CR" "Brass$C1$CR"
run --data-dir "$tmp/data" help rules clockwork
check "help rules SYSTEM: the system's name and rule texts are written visibly" "Clockwork$C1$CR" "Spends$C1"
run --data-dir "$tmp/data" catalog clockwork "no$evil"
check "catalog SYSTEM ENTRY: an unknown entry is quoted visibly" "$ESC" "$C1" "$CR"

# An event pack and a roster whose names hold the controls.
mkdir "$tmp/lists"
sed 's/name="Pond Cup 2026"/name="Pond\&#x9b;31m\&#13;"/' "$top/doc/examples/pond-cup.xml" >"$tmp/pack.xml"
cp "$tmp/army.xml" "$tmp/lists/a.xml"
cp "$ex" "$tmp/lists/b${evil}.xml"
run tournament "$tmp/pack.xml" "$tmp/lists"
check "tournament: event, list and file names are never raw" "Pond$C1$CR"

# Bidirectional controls (issue 19): raw, "Bob <RLO>lagelli<PDF>" reads "Bob illegal", and an
# unclosed override reorders the rest of the line. XML holds them, so they come in data; every
# report a person reads shows them escaped ("\u202e", or "?" in a tournament table), in HTML
# too; the roster XML keeps them.
rlo=$(printf '\342\200\256')
pdf=$(printf '\342\200\254')
rli=$(printf '\342\201\247')
rlm=$(printf '\342\200\217')
alm=$(printf '\330\234')
bidi_check() { # bidi_check NAME FILE WANT...: FILE holds none raw, and every WANT
	name=$1
	f=$2
	shift 2
	why=
	if grep -q "$rlo\\|$pdf\\|$rli\\|$rlm\\|$alm" "$f"; then
		why="a bidirectional control is written raw"
	else
		for w in "$@"; do
			grep -qF -e "$w" "$f" || why="'$w' is missing"
		done
	fi
	result "$name" "$why" "$f"
}
cat >"$tmp/bidi.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="urn:x-muster:roster:1" version="1" system="duckhammer" name="Bob &#x202E;lagelli&#x202C;">
  <list id="main" name="&#x2067;List&#x200F;&#x061C;" size="all-out-war" faction="impondium">
    <unit entry="quack-marine" models="11" name="Squad &#x202E;1"/>
  </list>
</roster>
EOF
RLO='\u202e'
run validate "$tmp/bidi.xml"
cat "$tmp/out" "$tmp/err" >"$tmp/both"
bidi_check "validate: a unit name's bidi control is escaped in a diagnostic" "$tmp/both" "Squad ${RLO}1"
run status "$tmp/bidi.xml"
cat "$tmp/out" "$tmp/err" >"$tmp/both"
bidi_check "status: unit and list names' bidi controls are escaped" "$tmp/both" "Squad ${RLO}1" \
	'\u2067List\u200f\u061c'
for fmt in text markdown html csv; do
	run export --format=$fmt "$tmp/bidi.xml"
	cat "$tmp/out" "$tmp/err" >"$tmp/both"
	# Markdown escapes the backslash, so that "\u202e" is what a reader sees.
	want="Squad ${RLO}1"
	[ $fmt = markdown ] && want='Squad \\u202e1'
	bidi_check "export --format=$fmt: bidi controls are escaped" "$tmp/both" "$want"
done
run export --format=xml "$tmp/bidi.xml"
ok_if "export --format=xml: the roster keeps its bidi controls" grep -qF "Squad ${rlo}1" "$tmp/out"
mkdir "$tmp/bidi-lists"
cp "$tmp/bidi.xml" "$tmp/bidi-lists/a.xml"
run tournament -o "$tmp/bidi-report.csv" -o "$tmp/bidi-report.xml" "$top/doc/examples/pond-cup.xml" \
	"$tmp/bidi-lists"
cat "$tmp/out" "$tmp/err" >"$tmp/both"
bidi_check "tournament: player, list and unit names never show bidi controls raw" "$tmp/both" \
	"Bob ?lagelli?" "Squad ${RLO}1"
bidi_check "tournament -o CSV: bidi controls are never raw" "$tmp/bidi-report.csv" "Bob ?lagelli?"
bidi_check "tournament -o XML: bidi controls are never raw" "$tmp/bidi-report.xml" "Bob ?lagelli?"
mkdir -p "$tmp/bidi-data"
cp -R "$top/tests/data/toy2/." "$tmp/bidi-data/"
sed -i -e 's/name="Clockwork Skirmish"/name="Clockwork\&#x202E;Skirmish"/' \
	-e 's/name="Brass Soldier"/name="Brass\&#x2067;Soldier"/' "$tmp/bidi-data/rules-xml/clockwork.xml" \
	"$tmp/bidi-data/catalogs/clockwork/tinkerton.xml"
run --data-dir "$tmp/bidi-data" catalog clockwork
cat "$tmp/out" "$tmp/err" >"$tmp/both"
bidi_check "catalog SYSTEM: bidi controls in system and entry names are escaped" "$tmp/both" \
	"Clockwork${RLO}Skirmish" 'Brass\u2067Soldier'

# Text from the command line that would go into a file: XML holds no ESC, not even as a
# reference, so such a value is refused, visibly, and the file is unchanged.
refused() { # refused NAME FILE: exit 2, a visible message, and FILE as it was
	why=
	[ "$rc" -eq 2 ] || why="exit $rc, not 2"
	grep -qF 'cannot hold control characters' "$tmp/err" || why="no message saying why"
	grep -q "$esc\\|$csi\\|$cr" "$tmp/out" "$tmp/err" && why="a control character is written raw"
	cmp -s "$2" "$2.orig" || why="the file changed"
	cat -v "$tmp/err" >"$tmp/err.v"
	result "$1" "$why" "$tmp/err.v"
}
cp "$ex" "$tmp/set.xml" && cp "$ex" "$tmp/set.xml.orig"
run set "$tmp/set.xml" 1 "--name=A$evil"
rc=$?
refused "set --name with an ESC: refused, the file unchanged" "$tmp/set.xml"
cp "$top/doc/examples/impondium-campaign.xml" "$tmp/c3.xml" && cp "$tmp/c3.xml" "$tmp/c3.xml.orig"
run campaign battle "$tmp/c3.xml" --result=win --vp=10 --opponent-vp=5 "--opponent=A$evil"
rc=$?
refused "campaign battle --opponent with an ESC: refused, the file unchanged" "$tmp/c3.xml"
run campaign fix "$tmp/c3.xml" 2 "note=A$evil"
rc=$?
refused "campaign fix NAME=VALUE with an ESC: refused, the file unchanged" "$tmp/c3.xml"
run campaign fix "$tmp/c3.xml" 2 "a b=1"
rc=$?
cat -v "$tmp/err" >"$tmp/err.v"
if [ $rc -eq 2 ] && grep -qF "NAME is not a field" "$tmp/err" && cmp -s "$tmp/c3.xml" "$tmp/c3.xml.orig"; then
	ok "campaign fix with a NAME no XML attribute can have: refused"
else
	not_ok "campaign fix with a NAME no XML attribute can have: refused" "$tmp/err.v"
fi
# The C1 control and the CR can be written (as XML allows them): accepted, and read back.
cp "$ex" "$tmp/set2.xml"
run set "$tmp/set2.xml" 1 "--name=A${csi}31m${cr}"
rc=$?
cat -v "$tmp/err" >"$tmp/err.v"
if [ $rc -eq 0 ] && "$MUSTER" validate "$tmp/set2.xml" >/dev/null 2>&1 && grep -qF "&#13;" "$tmp/set2.xml"; then
	ok "set --name with a C1 control and a CR: written, and the file reads back"
else
	not_ok "set --name with a C1 control and a CR: written, and the file reads back" "$tmp/err.v"
fi

tap_done
