#!/bin/sh
# The schema cache (src/xml/vcache.h): a rules file or catalog that passed its schema is not
# checked again until it changes, and the cache never changes a verdict. Every rule case is
# checked with no cache, a cold one and a warm one; a file that fails its schema is reported
# each time and never cached; a file changed since it was cached, however soon, is checked
# again; an unusable cache directory is ignored. Prints TAP. Needs MUSTER, MUSTER_DATA_PATH
# and srcdir, as `make check` sets (which disables the cache for every other test).
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
srcdir=$top
temp_dir cache
entries() { # entries DIR: how many entries the cache in DIR holds
	if [ -d "$1/valid" ]; then ls "$1/valid" | wc -l | tr -d ' '; else echo 0; fi
}

list=$srcdir/doc/examples/impondium-strike-force.xml
illegal=$srcdir/doc/examples/illegal-strike-force.xml

# --- the same verdicts and messages with no cache, a cold one and a warm one ----------------
MUSTER_CACHE_DIR= "$MUSTER" validate "$list" "$illegal" >"$tmp/none.out" 2>&1
none=$?
MUSTER_CACHE_DIR=$tmp/c "$MUSTER" validate "$list" "$illegal" >"$tmp/cold.out" 2>&1
cold=$?
n_cold=$(entries "$tmp/c")
MUSTER_CACHE_DIR=$tmp/c "$MUSTER" validate "$list" "$illegal" >"$tmp/warm.out" 2>&1
warm=$?
ok_if "no cache: exit 1 (one list is illegal)" [ "$none" -eq 1 ]
ok_if "cold and warm cache: the same exit status" [ "$cold$warm" = 11 ]
ok_if "cold cache: the same output as without" cmp -s "$tmp/none.out" "$tmp/cold.out"
ok_if "warm cache: the same output as without" cmp -s "$tmp/none.out" "$tmp/warm.out"
# Duckhammer's rules file and its two catalogs; never the rosters.
ok_if "the cache holds the rules file and both catalogs ($n_cold entries)" [ "$n_cold" -eq 3 ]
ok_if "a warm run adds nothing" [ "$(entries "$tmp/c")" -eq 3 ]
if [ -z "$(find "$tmp/c" -type d -perm /077)" ]; then
	ok "the cache's directories are private (0700)"
else
	not_ok "the cache's directories are private (0700)"
	find "$tmp/c" -type d -perm /077 -exec ls -ld {} + | sed 's/^/# /'
fi

# Every rule case of every system, twice through one cache: the first run fills it, the
# second is served from it; each case must give its expected verdict both times.
for pass in cold warm; do
	if MUSTER_CACHE_DIR=$tmp/rules sh "$srcdir/tests/rules/run-rules.sh" >"$tmp/rules-$pass.tap" 2>&1; then
		ok "every rule case, $pass cache ($(grep -c '^ok' "$tmp/rules-$pass.tap") cases)"
	else
		not_ok "every rule case, $pass cache"
		grep '^not ok' "$tmp/rules-$pass.tap" | sed 's/^/# /' | head -20
	fi
done
ok_if "the rule cases filled the cache" [ "$(entries "$tmp/rules")" -gt 3 ]

# --- a file that fails its schema: reported every time, never cached ------------------------
bad="validate --data-dir $srcdir/tests/data/bad/lax-schema $srcdir/tests/cli/cases/bad-data-lax-schema/roster.xml"
if [ -f "$srcdir/tests/cli/cases/bad-data-lax-schema/roster.xml" ]; then
	(cd "$srcdir/tests/cli/cases/bad-data-lax-schema" && MUSTER_CACHE_DIR=$tmp/bad "$MUSTER" $bad) >"$tmp/bad1" 2>&1
	b1=$?
	(cd "$srcdir/tests/cli/cases/bad-data-lax-schema" && MUSTER_CACHE_DIR=$tmp/bad "$MUSTER" $bad) >"$tmp/bad2" 2>&1
	b2=$?
	ok_if "a rules file failing its schema: exit 2, twice" [ "$b1$b2" = 22 ]
	ok_if "the same schema errors the second time" cmp -s "$tmp/bad1" "$tmp/bad2"
	ok_if "the schema errors name the file and line" grep -q 'lax.xml:6: error: .*required but missing' "$tmp/bad2"
	ok_if "nothing cached for it" [ "$(entries "$tmp/bad")" -eq 0 ]
else
	not_ok "tests/cli/cases/bad-data-lax-schema/roster.xml is missing"
fi

# --- a file changed after it was cached is checked again ------------------------------------
# A copy of the Duckhammer data: copies are new, and a file changed in the last 3 seconds is
# never cached (vcache.h); so wait until they are old enough, once.
mkdir -p "$tmp/data/catalogs" &&
	cp -R "$srcdir/rules-xml" "$tmp/data/" &&
	cp -R "$srcdir/catalogs/duckhammer" "$tmp/data/catalogs/" || echo "Bail out! cannot copy the data"
MUSTER_CACHE_DIR=$tmp/fresh "$MUSTER" validate --data-dir "$tmp/data" "$list" >/dev/null 2>&1
ok_if "files changed in the last seconds are not cached" [ "$(entries "$tmp/fresh")" -eq 0 ]
sleep 4
MUSTER_CACHE_DIR=$tmp/ch "$MUSTER" validate --data-dir "$tmp/data" "$list" >"$tmp/ch1" 2>&1
c1=$?
ok_if "the copy is cached once it is older (exit 0, 3 entries)" [ "$c1:$(entries "$tmp/ch")" = 0:3 ]
# Break the catalog against its schema, keeping it well-formed and its size.
cat="$tmp/data/catalogs/duckhammer/impondium.xml"
sed 's/<entry id="quack-marine"/<entry idd="quack-marine"/' "$cat" >"$tmp/broken" && cat "$tmp/broken" >"$cat"
MUSTER_CACHE_DIR=$tmp/ch "$MUSTER" validate --data-dir "$tmp/data" "$list" >"$tmp/ch2" 2>&1
c2=$?
ok_if "a catalog broken right after it was cached: exit 2" [ "$c2" -eq 2 ]
ok_if "... with the schema's message at its line" grep -q 'impondium.xml:[0-9]*: error: .*idd' "$tmp/ch2"

# --- unusable cache directories are ignored ---------------------------------------------------
: >"$tmp/afile"
MUSTER_CACHE_DIR=$tmp/afile/sub "$MUSTER" validate "$list" >"$tmp/u1" 2>&1
ok_if "a cache path under a file: validate still works (exit 0)" [ $? -eq 0 ]
ok_if "... and says nothing about the cache" [ ! -s "$tmp/u1" ]
mkdir "$tmp/ro" && chmod 0500 "$tmp/ro"
MUSTER_CACHE_DIR=$tmp/ro/c "$MUSTER" validate "$list" >/dev/null 2>&1
ok_if "a read-only cache directory: validate still works" [ $? -eq 0 ]
MUSTER_CACHE_DIR=relative/dir "$MUSTER" validate "$list" >/dev/null 2>&1
ok_if "a relative MUSTER_CACHE_DIR is ignored (exit 0)" [ $? -eq 0 ]
ok_if "... and creates nothing" [ ! -e relative/dir ]
# An entry replaced by a directory of the same name is no entry; checking still works.
first=$(ls "$tmp/c/valid" | head -1)
rm -f "$tmp/c/valid/$first" && mkdir "$tmp/c/valid/$first"
MUSTER_CACHE_DIR=$tmp/c "$MUSTER" validate "$list" "$illegal" >"$tmp/odd.out" 2>&1
ok_if "a directory in place of an entry: the same output" cmp -s "$tmp/none.out" "$tmp/odd.out"

# --- where the cache lives ---------------------------------------------------------------------
env -u MUSTER_CACHE_DIR XDG_CACHE_HOME="$tmp/xdg" HOME="$tmp/home" "$MUSTER" validate "$list" >/dev/null 2>&1
ok_if "XDG_CACHE_HOME/muster when MUSTER_CACHE_DIR is unset" [ "$(entries "$tmp/xdg/muster")" -eq 3 ]
env -u MUSTER_CACHE_DIR -u XDG_CACHE_HOME HOME="$tmp/home" "$MUSTER" validate "$list" >/dev/null 2>&1
ok_if "HOME/.cache/muster without XDG_CACHE_HOME" [ "$(entries "$tmp/home/.cache/muster")" -eq 3 ]
MUSTER_CACHE_DIR= HOME="$tmp/home2" "$MUSTER" validate "$list" >/dev/null 2>&1
ok_if "an empty MUSTER_CACHE_DIR: no cache at all" [ ! -e "$tmp/home2" ]

tap_done
