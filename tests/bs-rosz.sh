#!/bin/sh
# Zipped BattleScribe rosters (.rosz) are written as well as read (issue 21): the builder's
# commands on a FILE.rosz, and `export --format=ros -o FILE.rosz`, write a zip archive that
# holds one deflated file, FILE.ros, as BattleScribe does. The same roster is built step by
# step as a .ros and as a .rosz (tests/data/bs-harbour): after each step the .rosz must unzip
# to exactly the .ros, FILE.rosz~ must keep the previous archive, and the .rosz must validate
# as the .ros does. A .rosz that is not a zip, or a save that fails (through
# tests/fault/libfault.so, when it is built), leaves the file as it was. Prints TAP. Needs
# MUSTER and srcdir, as `make check` sets.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsrosz
command -v python3 >/dev/null 2>&1 || skip_all "no python3 to read the zip archives"
d=$top/tests/data/bs-harbour
data="--data-dir=$d"
cd "$tmp" || exit 1

# unzipped ARCHIVE OUT: the one file of ARCHIVE into OUT, and its name into OUT.name.
unzipped() {
	python3 - "$1" "$2" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    infos = z.infolist()
    with open(sys.argv[2] + ".name", "w") as f:
        for i in infos:
            f.write("%s %s\n" % (i.filename, "deflated" if i.compress_type == zipfile.ZIP_DEFLATED else "other"))
    with open(sys.argv[2], "wb") as f:
        f.write(z.read(infos[0]))
PY
}
# both NAME ARGS...: one builder command on gang.ros, then on gang.rosz; the same output, and
# the .rosz unzips to the .ros, one deflated gang.ros.
both() {
	name=$1
	shift
	verb=$1
	shift
	"$MUSTER" "$verb" $data gang.ros "$@" >plain.out 2>plain.err
	run_muster "$name: on the .rosz" 0 "" "$verb" $data gang.rosz "$@"
	sed 's/gang\.rosz/gang.ros/g' "$out" >zipped.out
	same "$name: the same output" plain.out zipped.out
	if unzipped gang.rosz inner 2>"$err"; then
		same "$name: the .rosz holds the .ros" gang.ros inner
		has "$name: one deflated file, gang.ros" inner.name "gang.ros deflated"
	else
		not_ok "$name: the .rosz unzips" "$err"
	fi
}

both "new" new --system=hbr-sys-7a1 --list=hbr-fe-gang --faction=hbr-cat-dock --limit=100
[ -e gang.rosz~ ] && not_ok "new: no gang.rosz~ for a new file" || ok "new: no gang.rosz~ for a new file"
cp gang.rosz before.rosz
both "add Bosun" add Bosun
same "add: gang.rosz~ is the archive before" before.rosz gang.rosz~
both "add Deck Crew" add hbr-se-crew --list=mst-1
both "add a net" add "Throwing Net" --under=mst-7
both "set four Deckhands" set mst-7 --models=4
both "set the limit" set --limit=40
both "remove the net" remove mst-8
run_muster "validate: the .rosz as the .ros" 1 "over the Scrip limit of 40" validate $data gang.rosz
"$MUSTER" validate $data gang.ros >plain.out 2>&1
sed 's/gang\.rosz/gang.ros/g' "$out" >zipped.out
same "validate: the same verdict" plain.out zipped.out
both "set the limit back" set --limit=100
run_muster "validate: legal" 0 "" validate $data gang.rosz

# export --format=ros -o FILE.rosz: the export of the .ros, zipped.
"$MUSTER" export $data --format=ros gang.ros >export.ros
run_muster "export -o .rosz" 0 "" export $data --format=ros -o out.rosz gang.rosz
unzipped out.rosz outer && same "export -o .rosz: the .ros export, zipped" export.ros outer
has "export -o .rosz: one deflated out.ros" outer.name "out.ros deflated"
run_muster "export -o .rosz: validates" 0 "" validate $data out.rosz
run_muster "export -o .rosz refused for text" 2 "only as a .rosz, with --format=ros" \
	export $data --format=text -o text.rosz gang.ros
run_muster "export -o .catz refused" 2 "only as a .rosz, with --format=ros" \
	export $data --format=ros -o other.catz gang.ros
[ -e text.rosz ] || [ -e other.catz ] && not_ok "nothing written when refused" ||
	ok "nothing written when refused"

# A .rosz that is no zip is refused, and kept.
echo "not a zip" >bad.rosz
expect_kept "add: a .rosz that is no zip" 2 "not a zip archive" bad.rosz \
	"$MUSTER" add $data bad.rosz Bosun
[ -e bad.rosz~ ] && not_ok "no bad.rosz~ made" || ok "no bad.rosz~ made"

# A save that fails part-way leaves the .rosz as it was (and no temporary beside it).
lib=${builddir:-.}/tests/fault/libfault.so
if [ ! -f "$lib" ] || nm -D "$MUSTER" 2>/dev/null | grep -q '__asan_init\|__ubsan'; then
	skip "a failed write keeps the .rosz (no libfault.so, or a sanitizer build)"
	skip "a failed write leaves no temporary"
else
	mkdir f && cp gang.rosz f/gang.rosz
	expect_kept "a failed write keeps the .rosz" 2 "cannot write the temporary file (write)" \
		f/gang.rosz env MUSTER_FAULT=write:1:EIO MUSTER_FAULT_DIR=f LD_PRELOAD=$lib \
		"$MUSTER" add $data f/gang.rosz Bosun
	left=$(ls -A f | grep -v '^gang\.rosz$')
	[ -z "$left" ] && ok "a failed write leaves no temporary" ||
		not_ok "a failed write leaves no temporary: $left"
fi
tap_done
