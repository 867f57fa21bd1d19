#!/bin/sh
# The German translation, end to end: the catalog built from po/de.po (po/de.gmo) is
# loaded by the built program, which then speaks German while its exit codes stay the same.
# Prints TAP. Needs MUSTER (the program), MUSTER_DATA_PATH and srcdir, as `make check` sets.
#
# The program binds its text domain to $(localedir), which `make check` has not installed
# into; so the test copies de.gmo into a private TMP/de/LC_MESSAGES/muster.mo and points the
# program there with MUSTER_LOCALEDIR.  It skips when the program has no MUSTER_LOCALEDIR
# support, when NLS is disabled, when no de.gmo was built, or when no German locale exists.
set -u
top=${srcdir:-.}
: "${MUSTER:?MUSTER must name the muster program}"

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# A German UTF-8 locale, as `locale -a` spells it (de_DE.utf8 on glibc).
command -v locale >/dev/null 2>&1 || skip_all "no locale program"
de_locale=$(locale -a 2>/dev/null | grep -i '^de_DE\.utf-*8$' | sed 1q)
[ -n "$de_locale" ] || skip_all "no German locale"

# The translation as this build made it: gettext's po/Makefile writes the .gmo files into
# the source tree's po/ (they are distributed); a build directory's po/ is tried first.
builddir=$(cd "$(dirname "$MUSTER")/.." && pwd)
gmo=
for g in "$builddir/po/de.gmo" "$top/po/de.gmo"; do
	if [ -f "$g" ]; then
		gmo=$g
		break
	fi
done
[ -n "$gmo" ] || skip_all "no po/de.gmo built (configured with --disable-nls?)"
grep -a -q -F bindtextdomain "$MUSTER" || skip_all "the program is built without NLS"

if ! grep -a -q -F MUSTER_LOCALEDIR "$MUSTER"; then
	echo "1..1"
	echo "ok 1 # SKIP the program does not honour MUSTER_LOCALEDIR, so it cannot load the uninstalled translation"
	exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-i18n.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/locale/de/LC_MESSAGES" || exit 99
cp "$gmo" "$tmp/locale/de/LC_MESSAGES/muster.mo" || exit 99

# LANGUAGE would override LC_ALL for messages: the tests choose the language by LC_ALL alone.
unset LANGUAGE
MUSTER_LOCALEDIR=$tmp/locale
export MUSTER_LOCALEDIR

n=0
fails=0
# check DESCRIPTION EXPECTED-STATUS STATUS FILE PATTERN...: the command exited with
# EXPECTED-STATUS and FILE (its output) contains every fixed-string PATTERN.
check() {
	desc=$1 want=$2 got=$3 file=$4
	shift 4
	n=$((n + 1))
	why=
	[ "$got" -eq "$want" ] || why="exit status $got, expected $want"
	for p in "$@"; do
		grep -q -F -e "$p" "$file" || why="${why:+$why; }no '$p' in the output"
	done
	if [ -z "$why" ]; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc: $why"
		sed 's/^/# /' "$file"
		fails=$((fails + 1))
	fi
}

de() { LC_ALL=$de_locale "$MUSTER" "$@"; }
en() { LC_ALL=C "$MUSTER" "$@"; }

echo "1..10"

# 1, 2: a file that cannot be opened: the same exit status, the message in either language.
de validate "$tmp/nonexistent.xml" >"$tmp/out" 2>&1
check "German: a missing file is an error (Fehler), exit 2" 2 $? "$tmp/out" \
	"nonexistent.xml: Fehler: kann nicht geöffnet werden:"
en validate "$tmp/nonexistent.xml" >"$tmp/out" 2>&1
check "C locale: the same message stays English, exit 2" 2 $? "$tmp/out" \
	"nonexistent.xml: error: cannot open:"

# 3, 4: the help texts.
de --help >"$tmp/out" 2>&1
check "German: muster --help, exit 0" 0 $? "$tmp/out" \
	"Aufruf: muster [--data-dir=VERZ] BEFEHL" "Befehle:" "Armeelisten prüfen" "--version"
de help validate >"$tmp/out" 2>&1
check "German: muster help validate, exit 0" 0 $? "$tmp/out" \
	"Aufruf: muster validate [--format=text|xml] [--verbose] [--jobs=N] DATEI|VERZ..." "--verbose" \
	"Gemeinsame Optionen:"

# 5: a usage error.
de --no-such-option >"$tmp/out" 2>&1
check "German: an invalid option, exit 2" 2 $? "$tmp/out" \
	"muster: ungültige Option '--no-such-option'" "Weitere Informationen mit 'muster --help'."

# 6, 7: an illegal list: the severity word is German, the rule's own message (data) English.
illegal=$top/doc/examples/illegal-strike-force.xml
de validate "$illegal" >"$tmp/out" 2>&1
check "German: an illegal list, exit 1, severity translated" 1 $? "$tmp/out" \
	"illegal-strike-force.xml:7:5: Fehler: DH-7: 1st Squad has 11 models"
en validate "$illegal" >"$tmp/out" 2>&1
check "C locale: the same list, exit 1" 1 $? "$tmp/out" \
	"illegal-strike-force.xml:7:5: error: DH-7: 1st Squad has 11 models"

# 8: show's headings, verdict and plural forms.
de show "$illegal" >"$tmp/out" 2>&1
check "German: muster show, exit 0" 0 $? "$tmp/out" \
	"Spielgröße:" "Einheit" "Modelle" "Gesamt" "Gültigkeit: NICHT GÜLTIG (5 Fehler, 0 Warnungen)"

# 9: a legal list, --verbose.
de validate --verbose "$top/doc/examples/impondium-strike-force.xml" >"$tmp/out" 2>&1
check "German: a legal list, exit 0" 0 $? "$tmp/out" "impondium-strike-force.xml: gültig"

# 10: a campaign calculator: its lines and plural forms in German.
de campaign travel "$top/doc/examples/impondium-campaign.xml" sgt --distance=10 --terrain=woods >"$tmp/out" 2>&1
check "German: muster campaign travel, exit 0" 0 $? "$tmp/out" \
	'3 Tage, kosten 9 Rations' 'verbleibende Bewegung: 14" von 24"' 'ein Lager kostet 2 Rations'

[ "$fails" -eq 0 ]
