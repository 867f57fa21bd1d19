# tests/roundtrip-lib.sh - what the round trips through import share (import-roundtrip.sh,
# import-html.sh), sourced after tap.sh's temp_dir: the locales to run (C, and de and fr when
# both the system's locale and the built catalogue are there; MUSTER_ROUNDTRIP_LANGS chooses),
# MUSTER_LOCALEDIR pointing at the built catalogues, locale_of LANG, and norm ROSTER.
find_locale() {
	locale -a 2>/dev/null | grep -i "^$1\.utf-*8\$" | sed 1q
}
langs="C"
de_locale=$(find_locale de_DE)
fr_locale=$(find_locale fr_FR)
builddir=$(cd "$(dirname "$MUSTER")/.." && pwd)
if grep -a -q -F bindtextdomain "$MUSTER"; then
	for ll in de fr; do
		for g in "$builddir/po/$ll.gmo" "$top/po/$ll.gmo"; do
			if [ -f "$g" ]; then
				mkdir -p "$tmp/locale/$ll/LC_MESSAGES" &&
					cp "$g" "$tmp/locale/$ll/LC_MESSAGES/muster.mo" || exit 99
				break
			fi
		done
	done
	[ -n "$de_locale" ] && [ -f "$tmp/locale/de/LC_MESSAGES/muster.mo" ] && langs="$langs de"
	[ -n "$fr_locale" ] && [ -f "$tmp/locale/fr/LC_MESSAGES/muster.mo" ] && langs="$langs fr"
fi
langs=${MUSTER_ROUNDTRIP_LANGS:-$langs}
unset LANGUAGE
MUSTER_LOCALEDIR=$tmp/locale
export MUSTER_LOCALEDIR

locale_of() {
	case $1 in
	de) echo "$de_locale" ;;
	fr) echo "$fr_locale" ;;
	*) echo C ;;
	esac
}

# norm ROSTER: one line per list, its position and its heading (its name, else its id, as an
# export heads it: an unnamed list must come back unnamed, with that id), then one line per
# unit, list by list: the list's position, the unit's entry, models and name, the entry of the
# unit it joins, and its options (id*count, sorted).
norm() {
	xmllint --format "$1" 2>/dev/null | awk '
	function attr(s, a,   r) {
		if (match(s, " " a "=\"[^\"]*\"")) { r = substr(s, RSTART + length(a) + 3, RLENGTH - length(a) - 4); return r }
		return ""
	}
	function flush() {
		if (u == "") return
		n = split(opts, o, " "); s = ""
		for (i = 2; i <= n; i++) for (j = i; j > 1 && o[j - 1] > o[j]; j--) { t = o[j]; o[j] = o[j - 1]; o[j - 1] = t }
		for (i = 1; i <= n; i++) s = s " " o[i]
		units[++nu] = u; uopts[nu] = s; uatt[nu] = att; uid[nu] = id
		u = ""; opts = ""
	}
	/<list[ >]/ { flush(); l++; nm = attr($0, "name"); heads[l] = "L" l " list \"" (nm != "" ? nm : "#" attr($0, "id")) "\"" }
	/<unit[ >]/ { flush(); u = "L" l " " attr($0, "entry") " x" attr($0, "models") " \"" attr($0, "name") "\""
		att = attr($0, "attach"); id = attr($0, "id"); if (id != "") byid[id] = attr($0, "entry") }
	/<option[ >]/ { c = attr($0, "count"); opts = opts " " attr($0, "id") "*" (c == "" ? 1 : c) }
	END { flush(); for (i = 1; i <= l; i++) print heads[i]; for (i = 1; i <= nu; i++) print units[i] (uatt[i] != "" ? " joins " byid[uatt[i]] : "") " :" uopts[i] }'
}
