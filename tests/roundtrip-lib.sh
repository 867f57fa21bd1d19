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

# sample_cases SYSTEM STEP: every STEP-th rule case of SYSTEM (tests/rules/SYSTEM/) that runs
# on the shipped data (a case with a data-dir: is another data's), one a line, into
# $tmp/cases2; nc is how many, and cases counts them.
sample_cases() {
	ls "$top/tests/rules/$1"/*.xml | awk -v s="$2" '(NR - 1) % s == 0' >"$tmp/cases"
	while IFS= read -r f; do
		sed -n 1,20p "$f" | grep -q 'data-dir:' || echo "$f"
	done <"$tmp/cases" >"$tmp/cases2"
	nc=$(wc -l <"$tmp/cases2" | tr -d ' ')
	cases=$((cases + nc))
}

# import_each WANT PASTED LL FILTER NAME: the list PASTED, exported in language LL, imported
# under LL's locale, and under each other language's for every cross-th call (nth counts the
# calls); each roster it gives, normalised (norm, then the command FILTER), is compared with
# WANT. Counts runs, passes and bad, and runs_LL_IL and passes_LL_IL per pair of languages;
# the first that differs sets why (naming the case NAME) and $tmp/show.
for a in $langs; do
	for b in $langs; do
		eval "runs_${a}_$b=0 passes_${a}_$b=0"
	done
done
import_each() {
	imps=$3
	if [ $((nth % cross)) -eq 0 ]; then
		for l2 in $langs; do
			[ "$l2" = "$3" ] || imps="$imps $l2"
		done
	fi
	nth=$((nth + 1))
	for il in $imps; do
		runs=$((runs + 1))
		eval "runs_$3_$il=\$((runs_$3_$il + 1))"
		LC_ALL=$(locale_of "$il") "$MUSTER" import "$2" >"$tmp/got.xml" 2>"$tmp/ierr"
		norm "$tmp/got.xml" | $4 >"$tmp/got"
		if cmp -s "$1" "$tmp/got"; then
			passes=$((passes + 1))
			eval "passes_$3_$il=\$((passes_$3_$il + 1))"
		else
			bad=$((bad + 1))
			if [ -z "$why" ]; then
				why="$5 (exported in $3, imported in $il)"
				sed 's/^/#   /' "$tmp/ierr" | head -3 >"$tmp/show"
				diff "$1" "$tmp/got" | sed 's/^/#   /' | head -6 >>"$tmp/show"
			fi
		fi
	done
}
