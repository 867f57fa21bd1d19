#!/bin/sh
# Every translation in po/LINGUAS is complete: merged with the messages the sources hold
# today, it has no untranslated and no fuzzy entry, and msgfmt -c accepts it.  So a new
# message without its German and French translations fails `make check`, not a user.
# Prints TAP. Needs srcdir; skips without xgettext, msgmerge or msgfmt.
set -u
. "${srcdir:-.}/tests/tap.sh"
for t in xgettext msgmerge msgfmt; do
	need $t
done
temp_dir po
grep -v '^#' "$top/po/POTFILES.in" | grep -v '^ *$' >"$tmp/files"
# The options of po/Makevars (XGETTEXT_OPTIONS) and gettext's po/Makefile.
if ! xgettext --default-domain=muster --directory="$top" --add-comments=TRANSLATORS: \
	--keyword=_ --keyword=N_ --keyword=NC_:1c,2 --from-code=UTF-8 --files-from="$tmp/files" \
	-o "$tmp/muster.pot" 2>"$tmp/err"; then
	echo "Bail out! xgettext failed: $(cat "$tmp/err")"
	exit 99
fi
langs=$(grep -v '^#' "$top/po/LINGUAS")
set -- $langs
echo "1..$#"
for ll in $langs; do
	msgmerge --quiet -o "$tmp/$ll.po" "$top/po/$ll.po" "$tmp/muster.pot" 2>"$tmp/err"
	stats=$(LC_ALL=C msgfmt -c --statistics -o /dev/null "$tmp/$ll.po" 2>&1)
	case $stats in
	*fuzzy* | *untranslated* | *error*)
		not_ok "po/$ll.po: $stats (merge with 'make -C po update-po' and translate)"
		;;
	*)
		ok "po/$ll.po: $stats"
		;;
	esac
done
[ "$fails" -eq 0 ]
