#!/bin/sh
# The libraries muster opens when a command first needs them (src/dlib.h), not at start-up:
# the program does not link them, the commands that need them work, and when one is missing
# those commands say which library and why and exit 2, while every other command works as
# before. A library is made missing by an empty file of its name first in LD_LIBRARY_PATH,
# which the loader then fails to open ("file too short"), as tests/edit-tmux.sh does for
# readline. Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
: "${srcdir:=.}"
srcdir=$(cd "$srcdir" && pwd) || exit 1
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d "${TMPDIR:-/tmp}/muster-dlib.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$srcdir/tests/tap.sh"
out=$tmp/out
err=$tmp/err
tap_show() {
	sed 's/^/# stdout: /' "$out" | head -20
	sed 's/^/# stderr: /' "$err" | head -20
}
run() { # run DIR COMMAND...: muster with an empty file for each library DIR holds; sets rc
	d=$1
	shift
	LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$MUSTER" "$@" >"$out" 2>"$err"
	rc=$?
}
run_words() { # run_words DIR "WORDS": run DIR with the words, LIST, PACK and REPORT.EXT replaced
	d=$1 words=$2
	set --
	for w in $words; do
		case $w in LIST) w=$list ;; PACK) w=$pack ;; REPORT.*) w=$tmp/report${w#REPORT} ;; esac
		set -- "$@" "$w"
	done
	run "$d" "$@"
}
missing() { # missing NAME STEM: DIR $tmp/no-NAME with empty files STEM.so.0 to STEM.so.20
	mkdir -p "$tmp/no-$1"
	v=0
	while [ "$v" -le 20 ]; do
		: >"$tmp/no-$1/$2.so.$v"
		v=$((v + 1))
	done
}
has_err() { # has_err TEXT: standard error holds TEXT
	grep -qF -- "$1" "$err"
}

list=$srcdir/doc/examples/impondium-strike-force.xml
pack=$srcdir/doc/examples/pond-cup.xml

# --- what the program links ------------------------------------------------------------------
if command -v objdump >/dev/null 2>&1; then
	objdump -p "$MUSTER" | sed -n 's/^ *NEEDED *//p' >"$tmp/needed"
	for lib in libnettle libcsv libpcre2-8 libreadline; do
		if grep -q "^$lib\." "$tmp/needed"; then
			not_ok "the program does not link $lib" "$tmp/needed"
		else
			ok "the program does not link $lib"
		fi
	done
else
	ok "the program does not link libnettle # SKIP no objdump"
	ok "the program does not link libcsv # SKIP no objdump"
	ok "the program does not link libpcre2-8 # SKIP no objdump"
	ok "the program does not link libreadline # SKIP no objdump"
fi

# --- nettle: fingerprints --------------------------------------------------------------------
missing nettle libnettle
no=$tmp/no-nettle
run "$no" validate "$list"
if [ "$rc" -eq 0 ] && [ ! -s "$err" ]; then ok "no nettle: validate works"; else not_ok "no nettle: validate works"; fi
run "$no" export --format=xml "$list"
if [ "$rc" -eq 0 ] && grep -q '<roster' "$out"; then ok "no nettle: export --format=xml works"; else not_ok "no nettle: export --format=xml works"; fi
for cmd in "validate --verbose LIST" "export LIST" "export --format=csv LIST" "show LIST" \
	"tournament PACK LIST"; do
	run_words "$no" "$cmd"
	if [ "$rc" -eq 2 ] && has_err "muster: error: cannot load nettle (" &&
		has_err "): fingerprints cannot be computed" && [ ! -s "$out" ]; then
		ok "no nettle: $cmd: exit 2, the reason, no output"
	else
		not_ok "no nettle: $cmd: exit 2, the reason, no output"
	fi
done
"$MUSTER" validate --verbose "$list" >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q "legal, fingerprint [0-9a-f]\{12\}$" "$out"; then
	ok "with nettle: validate --verbose prints the fingerprint"
else
	not_ok "with nettle: validate --verbose prints the fingerprint"
fi

# --- libcsv: CSV exports and reports ----------------------------------------------------------
missing csv libcsv
no=$tmp/no-csv
for cmd in "validate LIST" "export LIST" "show LIST" "tournament PACK LIST" \
	"tournament -o REPORT.xml PACK LIST"; do
	run_words "$no" "$cmd"
	if [ "$rc" -le 1 ] && ! has_err "libcsv"; then
		ok "no libcsv: $cmd works"
	else
		not_ok "no libcsv: $cmd works"
	fi
done
for cmd in "export --format=csv LIST" "show --format=csv LIST" "tournament -o REPORT.csv PACK LIST"; do
	run_words "$no" "$cmd"
	if [ "$rc" -eq 2 ] && has_err "muster: error: cannot load libcsv (" &&
		has_err "): CSV cannot be written" && [ ! -s "$out" ] && [ ! -e "$tmp/report.csv" ]; then
		ok "no libcsv: $cmd: exit 2, the reason, no output"
	else
		not_ok "no libcsv: $cmd: exit 2, the reason, no output"
	fi
done
"$MUSTER" export --format=csv "$list" >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q '^"' "$out"; then
	ok "with libcsv: export --format=csv writes the sheet"
else
	not_ok "with libcsv: export --format=csv writes the sheet"
fi

# --- PCRE2: name patterns in rules, and muster import ----------------------------------------
# Duckhammer's rules match names with patterns; Daemon Rift's have none.
missing pcre2 libpcre2-8
no=$tmp/no-pcre2
rift=$srcdir/doc/examples/grey-marches-campaign.xml
run "$no" validate "$rift"
if [ "$rc" -eq 0 ] && [ ! -s "$err" ]; then ok "no PCRE2: a system without patterns validates"; else not_ok "no PCRE2: a system without patterns validates"; fi
run "$no" validate "$list"
if [ "$rc" -eq 2 ] && grep -q "duckhammer\.xml:[0-9]*:[0-9]*: error: cannot load PCRE2 (.*): patterns cannot be matched$" "$err"; then
	ok "no PCRE2: a system with patterns: exit 2, the reason at the pattern's line"
else
	not_ok "no PCRE2: a system with patterns: exit 2, the reason at the pattern's line"
fi
printf '10x Quack Marine\n' >"$tmp/list.txt"
run "$no" import --system=duckhammer "$tmp/list.txt"
if [ "$rc" -eq 2 ] && has_err "muster: error: cannot load PCRE2 (" && [ ! -s "$out" ]; then
	ok "no PCRE2: import: exit 2, the reason, no output"
else
	not_ok "no PCRE2: import: exit 2, the reason, no output"
fi
"$MUSTER" validate "$list" >"$out" 2>"$err"
if [ $? -eq 0 ] && [ ! -s "$err" ]; then ok "with PCRE2: the Duckhammer list validates"; else not_ok "with PCRE2: the Duckhammer list validates"; fi

echo "1..$k"
test "$fails" -eq 0
