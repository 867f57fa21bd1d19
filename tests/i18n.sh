#!/bin/sh
# The German and French translations, end to end: the catalogs built from po/de.po and
# po/fr.po (po/LL.gmo) are loaded by the built program, which then speaks the user's
# language, rule messages included (those come from the data: <message xml:lang="LL">),
# while its exit codes stay the same.
# Prints TAP. Needs MUSTER (the program), MUSTER_DATA_PATH and srcdir, as `make check` sets.
#
# The program binds its text domain to $(localedir), which `make check` has not installed
# into; so the test copies each LL.gmo into a private TMP/locale/LL/LC_MESSAGES/muster.mo
# and points the program there with MUSTER_LOCALEDIR.  It skips when NLS is disabled, when
# no .gmo was built, or when the German or French UTF-8 locale is missing (.ci/run
# generates both).
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"

need locale "no locale program"
# A UTF-8 locale of a language, as `locale -a` spells it (de_DE.utf8 on glibc).
find_locale() {
	locale -a 2>/dev/null | grep -i "^$1\.utf-*8\$" | sed 1q
}
de_locale=$(find_locale de_DE)
fr_locale=$(find_locale fr_FR)
[ -n "$de_locale" ] || skip_all "no German locale (de_DE.UTF-8)"
[ -n "$fr_locale" ] || skip_all "no French locale (fr_FR.UTF-8)"
grep -a -q -F bindtextdomain "$MUSTER" || skip_all "the program is built without NLS"

temp_dir i18n

# The translations as this build made them: gettext's po/Makefile writes the .gmo files into
# the source tree's po/ (they are distributed); a build directory's po/ is tried first.
builddir=$(cd "$(dirname "$MUSTER")/.." && pwd)
for ll in de fr; do
	gmo=
	for g in "$builddir/po/$ll.gmo" "$top/po/$ll.gmo"; do
		if [ -f "$g" ]; then
			gmo=$g
			break
		fi
	done
	[ -n "$gmo" ] || skip_all "no po/$ll.gmo built (configured with --disable-nls?)"
	mkdir -p "$tmp/locale/$ll/LC_MESSAGES" || exit 99
	cp "$gmo" "$tmp/locale/$ll/LC_MESSAGES/muster.mo" || exit 99
done

# LANGUAGE overrides the locale for messages: most tests choose the language by LC_ALL alone.
unset LANGUAGE
MUSTER_LOCALEDIR=$tmp/locale
export MUSTER_LOCALEDIR

# check DESCRIPTION EXPECTED-STATUS STATUS FILE PATTERN...: the command exited with
# EXPECTED-STATUS and FILE (its output) contains every fixed-string PATTERN.
check() {
	desc=$1 want=$2 got=$3 file=$4
	shift 4
	why=
	[ "$got" -eq "$want" ] || why="exit status $got, expected $want"
	for p in "$@"; do
		grep -q -F -e "$p" "$file" || why="${why:+$why; }no '$p' in the output"
	done
	result "$desc" "$why" "$file"
}
# absent DESCRIPTION FILE PATTERN...: no PATTERN is in FILE.
absent() {
	desc=$1 file=$2
	shift 2
	why=
	for p in "$@"; do
		if grep -q -F -e "$p" "$file"; then why="${why:+$why; }'$p' in the output"; fi
	done
	result "$desc" "$why" "$file"
}

de() { LC_ALL=$de_locale "$MUSTER" "$@"; }
fr() { LC_ALL=$fr_locale "$MUSTER" "$@"; }
en() { "$MUSTER" "$@"; }

illegal=$top/doc/examples/illegal-strike-force.xml
legal=$top/doc/examples/impondium-strike-force.xml

echo "1..49"

# 1-3: a file that cannot be opened: the same exit status, the message in each language.
de validate "$tmp/nonexistent.xml" >"$tmp/out" 2>&1
check "German: a missing file is an error (Fehler), exit 2" 2 $? "$tmp/out" \
	"nonexistent.xml: Fehler: kann nicht geöffnet werden:"
fr validate "$tmp/nonexistent.xml" >"$tmp/out" 2>&1
check "French: a missing file is an error (erreur), exit 2" 2 $? "$tmp/out" \
	"nonexistent.xml: erreur: ouverture impossible :"
en validate "$tmp/nonexistent.xml" >"$tmp/out" 2>&1
check "C locale: the same message stays English, exit 2" 2 $? "$tmp/out" \
	"nonexistent.xml: error: cannot open:"

# 4-7: the help texts.
de --help >"$tmp/out" 2>&1
check "German: muster --help, exit 0" 0 $? "$tmp/out" \
	"Aufruf: muster [--data-dir=VERZ] BEFEHL" "Befehle:" "Armeelisten prüfen" "--version" \
	"Fehler melden an:"
de help validate >"$tmp/out" 2>&1
check "German: muster help validate, exit 0" 0 $? "$tmp/out" \
	"Aufruf: muster validate [--format=text|xml] [-v|--verbose] [--jobs=N] DATEI|VERZ..." "--verbose" \
	"Gemeinsame Optionen:"
fr --help >"$tmp/out" 2>&1
check "French: muster --help, exit 0" 0 $? "$tmp/out" \
	"Usage : muster [--data-dir=RÉP] COMMANDE" "Commandes :" \
	"vérifier des listes d'armée" "Signaler les bogues à :"
fr help show >"$tmp/out" 2>&1
check "French: muster help show, exit 0" 0 $? "$tmp/out" \
	"Usage : muster show [--format=text|markdown|csv] FICHIER" "Options communes :"

# 8, 9: usage errors.
de --no-such-option >"$tmp/out" 2>&1
check "German: an invalid option, exit 2" 2 $? "$tmp/out" \
	"muster: Fehler: ungültige Option '--no-such-option'" "Weitere Informationen mit 'muster --help'."
fr validate >"$tmp/out" 2>&1
check "French: no file given, exit 2" 2 $? "$tmp/out" \
	"muster: erreur: aucun fichier d'armée donné" \
	"Essayez 'muster validate --help' pour plus d'informations."

# 10-13: an illegal list: the severity word, every rule message, the Feathers' and units'
# names and the level's name "Feather" (data: <message xml:lang> and <level><name xml:lang>
# in rules-xml, <name xml:lang> in the catalogs) translated. The list names
# its faction, so its Geese unit breaks DH-3 at its line (<factions>); the same list naming
# none breaks the Feathers rule, whose message is the data's.
sed 's/ faction="impondium"//' "$illegal" >"$tmp/mixed.xml" || exit 99
de validate "$illegal" "$tmp/mixed.xml" >"$tmp/out" 2>&1
check "German: an illegal list, exit 1, rule messages German" 1 $? "$tmp/out" \
	"illegal-strike-force.xml:7:5: Fehler: DH-7: 1st Squad hat 11 Modelle; seine Sollstärke ist 10" \
	"DH-3: Borrowed geese gehört zu Feder Gänse, nicht zu Feder Wasservögel dieser Liste" \
	"DH-3: alle Modelle müssen zu einer Feder gehören; diese Armee mischt Wasservögel (12), Gänse (1)" \
	"DH-5: 4 Einheiten Quak-Marine; höchstens 3 Einheiten eines Modells" \
	"DH-6: 4 Fahrzeug-Einheiten (Grad 3); höchstens 3 erlaubt" \
	"DH-4: \"Häuptling Razorbill\" hat Grad 5: die Armee braucht mindestens 5 Einheiten"
absent "German: no English rule message is left" "$tmp/out" "models;" "units of" "at most" "Feather"
fr validate "$illegal" "$tmp/mixed.xml" >"$tmp/out" 2>&1
check "French: an illegal list, exit 1, rule messages French" 1 $? "$tmp/out" \
	"illegal-strike-force.xml:7:5: erreur: DH-7: 1st Squad compte 11 modèles ; son Effectif complet est de 10" \
	"DH-3: Borrowed geese est de Plume Oies, et non de Plume Palmipèdes de cette liste" \
	"DH-3: tous les modèles doivent appartenir à une seule Plume ; cette armée mélange Palmipèdes (12), Oies (1)" \
	"DH-5: 4 unités de Marine cancaneur ; au plus 3 unités d'un même modèle" \
	"DH-6: 4 unités de Véhicules (Grade 3) ; au plus 3 autorisées" \
	"DH-4: \"Chef Razorbill\" est de Grade 5 : l'armée doit compter au moins 5 unités"
absent "French: no English rule message is left" "$tmp/out" "models;" "units of" "at most" "Feather"

# 14: under the C locale the same list stays English, data included.
en validate "$illegal" >"$tmp/out" 2>&1
check "C locale: the same list, exit 1, English" 1 $? "$tmp/out" \
	"illegal-strike-force.xml:7:5: error: DH-7: 1st Squad has 11 models; its Full Strength is 10" \
	"DH-6: 4 Vehicle units (Grade 3); at most 3 allowed"

# 15-17: LANGUAGE chooses before the locale, for gettext's messages and the data's alike;
# under the C locale gettext ignores LANGUAGE, and so does the data.
LANGUAGE=de LC_ALL=$fr_locale "$MUSTER" validate "$illegal" >"$tmp/out" 2>&1
check "LANGUAGE=de in a French locale: German" 1 $? "$tmp/out" \
	"Fehler: DH-6: 4 Fahrzeug-Einheiten (Grad 3); höchstens 3 erlaubt"
LANGUAGE=it:fr LC_ALL=$de_locale "$MUSTER" validate "$illegal" >"$tmp/out" 2>&1
check "LANGUAGE=it:fr (no Italian anywhere): French" 1 $? "$tmp/out" \
	"erreur: DH-6: 4 unités de Véhicules (Grade 3) ; au plus 3 autorisées"
LANGUAGE=de "$MUSTER" validate "$illegal" >"$tmp/out" 2>&1
check "LANGUAGE=de under the C locale: English" 1 $? "$tmp/out" \
	"error: DH-6: 4 Vehicle units (Grade 3); at most 3 allowed"

# 18, 19: show's headings, verdict and plural forms.
de show "$illegal" >"$tmp/out" 2>&1
check "German: muster show, exit 0" 0 $? "$tmp/out" \
	"Spielgröße:" "Einheit" "Modelle" "Gesamt" "Gültigkeit: NICHT GÜLTIG (5 Fehler, 0 Warnungen)" \
	"höchstens 3 erlaubt"
fr show "$illegal" >"$tmp/out" 2>&1
check "French: muster show, exit 0" 0 $? "$tmp/out" \
	"Format de bataille : All-Out War (limite 600 AP)" "Unité" "Modèles" "Total" \
	"Légalité : NON LÉGALE (5 erreurs, 0 avertissement)" "au plus 3 autorisées"

# 20, 21: a legal list, --verbose.
de validate --verbose "$legal" >"$tmp/out" 2>&1
check "German: a legal list, exit 0" 0 $? "$tmp/out" "impondium-strike-force.xml: gültig, Fingerabdruck "
fr validate --verbose "$legal" >"$tmp/out" 2>&1
check "French: a legal list, exit 0" 0 $? "$tmp/out" "impondium-strike-force.xml : légal, empreinte "

# 22, 23: the rules of a system, with translated descriptions and bounds.
de help rules duckhammer >"$tmp/out" 2>&1
check "German: help rules, exit 0" 0 $? "$tmp/out" \
	"Regeln von Duckhammer [duckhammer]:" \
	"Höchstens drei Fahrzeug-Einheiten (Grad 3) in einer Armee." "Schranke: Einheiten in der Liste"
fr catalog duckhammer >"$tmp/out" 2>&1
check "French: catalog duckhammer, exit 0" 0 $? "$tmp/out" \
	"Règles :" "Au plus trois unités de Véhicules (Grade 3) dans une armée." \
	"Borne : unités dans la liste"

# 24, 25: --version.
de --version >"$tmp/out" 2>&1
check "German: --version, exit 0" 0 $? "$tmp/out" "muster (Muster) " "KEINE GARANTIE"
fr --version >"$tmp/out" 2>&1
check "French: --version, exit 0" 0 $? "$tmp/out" "muster (Muster) " "AUCUNE GARANTIE"

# 26: a missing data directory, in French.
fr --data-dir="$tmp/none" catalog >"$tmp/out" 2>&1
check "French: a missing --data-dir, exit 2" 2 $? "$tmp/out" \
	"muster: erreur: répertoire de données '$tmp/none' :"

# 27: a campaign calculator: its lines and plural forms in German.
de campaign travel "$top/doc/examples/impondium-campaign.xml" sgt --distance=10 --terrain=woods >"$tmp/out" 2>&1
check "German: muster campaign travel, exit 0" 0 $? "$tmp/out" \
	'3 Tage, kosten 9 Rations' 'verbleibende Bewegung: 14" von 24"' 'ein Lager kostet 2 Rations'

# 28-31: a level's name (<level><name xml:lang>) heads the faction in a German and a French
# export, and import knows that heading under another language: the faction comes back.
de export --format=text "$legal" >"$tmp/de.txt" 2>&1
check "German: the level names head the faction in a text export" 0 $? "$tmp/de.txt" \
	"Fraktion: Impondium, Feder Wasservögel"
en import "$tmp/de.txt" >"$tmp/out" 2>&1
check "English import of the German export: the faction is read" 0 $? "$tmp/out" \
	'faction="impondium"'
fr export --format=markdown "$legal" >"$tmp/fr.md" 2>&1
check "French: the level names head the faction in a Markdown export" 0 $? "$tmp/fr.md" \
	"Faction : Impondium, Plume Palmipèdes"
de import "$tmp/fr.md" >"$tmp/out" 2>&1
check "German import of the French export: the faction is read" 0 $? "$tmp/out" \
	'faction="impondium"'
# 32-47: the other shipped systems: an illegal list of each, its rule message from the data
# in German and in French (<message xml:lang>), and not the English one.
# system_case LANG FILE TRANSLATED ENGLISH: FILE validated in LANG (de or fr) exits 1 and
# shows the TRANSLATED message, not the ENGLISH one.
system_case() {
	if [ "$1" = de ]; then lang=German; else lang=French; fi
	"$1" validate "$top/tests/rules/$2" >"$tmp/out" 2>&1
	check "$lang: ${2%%/*}: an illegal list, exit 1, its rule message translated" 1 $? "$tmp/out" "$3"
	absent "$lang: ${2%%/*}: no English rule message is left" "$tmp/out" "$4"
}
system_case de actionhammer/AH-7-not-a-leader-past-bound.xml \
	"Fehler: AH-7: Granit-Soldaten ist kein Anführer: nur ein Anführer darf sich einer anderen Einheit anschließen" \
	"only a Leader may join"
system_case fr actionhammer/AH-3-leaders-2000-past-bound.xml \
	"erreur: AH-3: 3 unités de Chefs ; au plus 1 par tranche complète de 1000 points, soit 2 dans cette armée" \
	"Leader units"
system_case de duck/DK-2-black-money-one-thousand-over.xml \
	"Fehler: DK-2: die Schwarzmarkt-Einkäufe kosten 120 Tausend, 1 Tausend mehr, als Schwarzgeld und Schmuggelware des Teams wert sind (119 Tausend)" \
	"black-market purchases cost"
system_case fr duck/DK-3-replacement-without-har.xml \
	"erreur: DK-3: Hudson est un remplaçant et doit être armé d'un HAR" \
	"must be armed with a HAR"
system_case de scrollhammer/SH-2-formation-two-past-bound.xml \
	"Fehler: SH-2: Legionäre hat 2 Formationen; eine Einheit kämpft in genau einer Formation" \
	"fights in exactly one Formation"
system_case fr scrollhammer/SH-1-staff-spells-two-handed-one-spell-past-bound.xml \
	"erreur: SH-1: Bâton des braises (Mage de bataille) est un bâton et partage des mains équipées de sorts : il en exige 2, et les sorts du modèle en occupent 1" \
	"is a staff"
system_case de daemon-rift/DR-WHF-1-core-562-past-bound.xml \
	"Fehler: DR-WHF-1: Ottokar's Host gibt 562 pts für Kerneinheiten aus; mindestens 563 pts (25 % ihres Limits) sind nötig" \
	"on Core units"
system_case fr daemon-rift/DR-2-special-character-in-two-lists-past-bound.xml \
	"erreur: DR-2: le personnage spécial Margrave Ottokar le Gris figure dans 2 listes du joueur ; un personnage spécial ne peut figurer que dans une seule liste" \
	"may be in one list only"

# French typography (issue 22): a no-break space before every ':' and ';' that the text,
# compact and HTML exports, status and show write; import reads the text back.
fr export --format=text "$legal" >"$tmp/fr.txt" 2>&1
fr export --format=text --style=compact "$legal" >>"$tmp/fr.txt" 2>&1
fr status "$legal" >>"$tmp/fr.txt" 2>&1
fr show "$legal" >>"$tmp/fr.txt" 2>&1
fr export --format=html "$legal" 2>&1 | sed '/<style/,/<\/style>/d; s/<[^>]*>//g; s/&quot;/"/g; s/&#39;/x/g; s/&[a-z]*;/x/g' \
	>>"$tmp/fr.txt"
why=
if grep -nE '[[:alnum:])"][:;]( |$)' "$tmp/fr.txt" >"$tmp/bare"; then
	why="a bare ':' or ';': $(head -3 "$tmp/bare")"
fi
grep -q "Empreinte : " "$tmp/fr.txt" || why="${why:+$why; }no 'Empreinte : '"
result "French: a no-break space before each ':' and ';' of the exports, status and show" "$why" "$tmp/fr.txt"
fr export --format=text --style=compact "$legal" >"$tmp/frc.txt" 2>&1
fr import "$tmp/frc.txt" >"$tmp/out" 2>&1
check "French: import reads the French compact export back" 0 $? "$tmp/out" 'faction="impondium"' \
	'<unit entry="'

[ "$fails" -eq 0 ]
