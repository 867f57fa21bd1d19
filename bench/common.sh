# bench/common.sh - what bench/run.sh and bench/scale.sh share: sourced, not run
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Sets LC_ALL=C, defines die(), and finds the source directory into $src (the first entry of
# MUSTER_DATA_PATH holding the benchmarks, else $srcdir, else the directory above the script),
# the muster program into $muster, and checks that xmllint is there.

set -u
LC_ALL=C
export LC_ALL

die() {
	printf 'bench: %s\n' "$*" >&2
	exit 2
}

src=
save_ifs=$IFS
IFS=:
for d in ${MUSTER_DATA_PATH:-}; do
	if [ -f "$d/bench/gen.sh" ] && [ -f "$d/rules-xml/duckhammer.xml" ]; then
		src=$d
		break
	fi
done
IFS=$save_ifs
if [ -z "$src" ] && [ -n "${srcdir:-}" ] && [ -f "$srcdir/bench/gen.sh" ]; then
	src=$(cd "$srcdir" && pwd)
fi
if [ -z "$src" ]; then
	case $0 in
	*/*) src=$(cd "$(dirname "$0")/.." && pwd) ;;
	*) src=$(cd .. && pwd) ;;
	esac
	[ -f "$src/bench/gen.sh" ] || die "cannot find the source directory (set MUSTER_DATA_PATH)"
fi

muster=${MUSTER:-./src/muster}
[ -x "$muster" ] || die "no muster program at '$muster' (set MUSTER, or run 'make bench')"
command -v xmllint >/dev/null 2>&1 || die "xmllint not found (Debian: apt-get install libxml2-utils)"
