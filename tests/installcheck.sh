#!/bin/sh
# After `make install` (make installcheck; make distcheck runs it on its own --prefix
# install): the installed muster, run from an empty directory with no MUSTER_DATA_PATH and
# no MUSTER_LOCALEDIR, finds its game systems and validates the installed examples; the
# documentation README names, both manual pages, the translations and the bash completion
# are where they belong.  Prints TAP.
# Needs MUSTER (the installed program), pkgdatadir, docdir, mandir, localedir and
# completion (the installed completion file, or empty when none is installed).
set -u
: "${MUSTER:?}" "${pkgdatadir:?}" "${docdir:?}" "${mandir:?}" "${localedir:?}"
completion=${completion-}
unset MUSTER_DATA_PATH MUSTER_LOCALEDIR LANGUAGE
. "$(dirname "$0")/tap.sh"
temp_dir installcheck
cd "$tmp" || exit 99

echo "1..9"

"$MUSTER" --version >out 2>&1
result "muster --version runs" "$(grep -q '^muster (Muster) ' out || cat out)"

"$MUSTER" catalog >out 2>&1
result "the installed data is found: five game systems" \
	"$([ "$(grep -c -E '^(actionhammer|daemon-rift|duck|duckhammer|scrollhammer) ' out)" -eq 5 ] || cat out)"

why=
for f in README.md NEWS COPYING AUTHORS data-guide.md rules.md tutorial.md; do
	[ -f "$docdir/$f" ] || why="$why $f"
done
result "the documentation is in docdir" "${why:+missing:$why}"

"$MUSTER" validate --verbose "$docdir/examples/impondium-strike-force.xml" >out 2>&1
st=$?
result "an installed example is legal (exit 0)" \
	"$([ $st -eq 0 ] && grep -q 'impondium-strike-force.xml: legal' out || { echo "exit $st"; cat out; })"
"$MUSTER" validate "$docdir/examples/illegal-strike-force.xml" >out 2>&1
st=$?
result "the installed illegal example is illegal (exit 1, DH-6)" \
	"$([ $st -eq 1 ] && grep -q 'error: DH-6: 4 Vehicle units' out || { echo "exit $st"; cat out; })"

why=
for m in man1/muster.1 man5/muster-data.5; do
	[ -f "$mandir/$m" ] || why="$why $m"
done
if [ -z "$why" ] && command -v man >/dev/null 2>&1; then
	MANPATH=$mandir MANWIDTH=80 man muster-data >out 2>&1 </dev/null
	grep -q 'MUSTER-DATA' out || why="man muster-data: $(head -3 out)"
fi
result "the manual pages are installed (and man muster-data reads one)" "$why"

if [ -f "$localedir/de/LC_MESSAGES/muster.mo" ] && [ -f "$localedir/fr/LC_MESSAGES/muster.mo" ]; then
	de=$(locale -a 2>/dev/null | grep -i '^de_DE\.utf-*8$' | sed 1q)
	if [ -n "$de" ]; then
		LC_ALL=$de "$MUSTER" validate "$docdir/examples/illegal-strike-force.xml" >out 2>&1
		result "the installed German translation is used" \
			"$(grep -q 'Fehler: DH-6: 4 Fahrzeug-Einheiten' out || cat out)"
	else
		result "the installed German translation is used # SKIP no German locale" ""
	fi
else
	result "the translations are installed" "no muster.mo in $localedir/de or fr"
fi

if [ -z "$completion" ]; then
	result "bash completion # SKIP configured without it" ""
	result "bash completion of an entry name # SKIP configured without it" ""
elif ! command -v bash >/dev/null 2>&1; then
	result "bash completion # SKIP no bash" ""
	result "bash completion of an entry name # SKIP no bash" ""
else
	result "the bash completion is installed" "$([ -f "$completion" ] || echo "no $completion")"
	mkdir bin && ln -s "$MUSTER" bin/muster
	got=$(PATH=$tmp/bin:$PATH bash -c '. "$1" || exit 1
		COMP_LINE="muster catalog duckhammer quack-m"; COMP_POINT=${#COMP_LINE}
		COMP_WORDS=(muster catalog duckhammer quack-m); COMP_CWORD=3
		_muster muster; echo "${COMPREPLY[*]}"' sh "$completion" 2>&1)
	result "bash completion completes an entry name" "$([ "$got" = quack-marine ] || echo "got '$got'")"
fi
[ "$fails" -eq 0 ]
