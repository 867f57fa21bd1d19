#!/bin/sh
# bench/gen-ledger.sh - a campaign roster with a long ledger, to measure a ledger append
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Writes to OUT the example campaign doc/examples/impondium-campaign.xml with N more entries
# at the end of its ledger (default 100000): gains of Experience and Rations in turn, every
# tenth an XP spent on the second squad until it has had 200, a gain of Rations after that
# (at Grade 5 the squad would need more units beside it than the army has, DH-4; past 576 XP
# a Level beyond the top, DHC-4), each with a date. Nothing is random: the same N always
# gives the same bytes. The file stays legal at any N, so that `muster campaign gain OUT xp 1`
# records (and bench measures what an append costs, not a refusal).
#
# Usage: gen-ledger.sh [-n N] EXAMPLE OUT

set -u
LC_ALL=C
export LC_ALL

die() {
	printf 'gen-ledger.sh: %s\n' "$*" >&2
	exit 2
}

n=100000
while getopts n: opt; do
	case $opt in
	n) n=$OPTARG ;;
	*) die "usage: gen-ledger.sh [-n N] EXAMPLE OUT" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || die "usage: gen-ledger.sh [-n N] EXAMPLE OUT"
case $n in '' | *[!0-9]*) die "-n takes a whole number" ;; esac
grep -q '^    </ledger>$' "$1" || die "$1: no ledger closed on a line of its own"

awk -v n="$n" '
/^    <\/ledger>$/ && !done {
	for (i = 1; i <= n; i++) {
		d = sprintf("2027-%02d-%02d", 1 + int(i / 28) % 12, 1 + i % 28)
		if (i % 10 == 0 && spent < 200) {
			spent++
			printf "      <xp date=\"%s\" unit=\"sq2\" amount=\"1\"/>\n", d
		} else if (i % 2)
			printf "      <gain date=\"%s\" currency=\"xp\" amount=\"1\"/>\n", d
		else
			printf "      <gain date=\"%s\" currency=\"rations\" amount=\"1\"/>\n", d
	}
	done = 1
}
{ print }
' "$1" >"$2.tmp" && mv "$2.tmp" "$2"
