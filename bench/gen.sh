#!/bin/sh
# bench/gen.sh - deterministic Duckhammer rosters for `make bench` to measure how muster scales
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Writes into OUTDIR (created; it must not exist yet, so that a half-written directory is never
# mistaken for a finished one):
#
#   units-N.xml        one list of N units, for each N of -n (default 10 100 1000 10000 100000)
#   batch/NNNNN.xml    -b COUNT small lists (default 10000) of 10 to 15 units each, one a file
#   batch-K/           copies of the first K of them, for each K of 10, 100 and 1000 below
#                      COUNT: smaller batches, each a directory as an organiser has one
#
# Every unit comes from the Impondium catalog given as CATALOG (catalogs/duckhammer/impondium.xml):
# its entries, their costs, Full Strength, Grade, sub-faction and options are read from it, so
# the rosters follow the shipped data. Nothing is random: a Park-Miller generator with a fixed
# seed (exact in the double arithmetic every awk uses) drives every choice, so the same catalog
# always gives byte-identical files.
#
# The lists of N units cycle through the catalog's entries, each unit with at most its entry's
# Full Strength in models, about one unit in six with options, one in eight named, and a custom
# <limit> a little above the list's cost. They break DH-5, DH-6 and DH-9 (too many units of one
# model, of a Grade, of a Character) as any huge list must; those rules report once per group,
# so muster prints a few dozen diagnostics whatever N is.
#
# The small lists are what a tournament organiser gets: each list picks most of its units from
# one sub-faction, obeys DH-2 to DH-9 by construction (the checks below mirror
# rules-xml/duckhammer.xml) and takes the smallest battle size its points fit; one list in
# twenty breaks one rule on purpose (DH-7, DH-2 or DH-10, in turn), as a real pile would.
#
# Usage: gen.sh [-n "N..."] [-b COUNT] CATALOG OUTDIR

set -u
LC_ALL=C
export LC_ALL

die() {
	printf 'gen.sh: %s\n' "$*" >&2
	exit 2
}

sizes="10 100 1000 10000 100000"
batch=10000
while getopts n:b: opt; do
	case $opt in
	n) sizes=$OPTARG ;;
	b) batch=$OPTARG ;;
	*) die "usage: gen.sh [-n \"N...\"] [-b COUNT] CATALOG OUTDIR" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || die "usage: gen.sh [-n \"N...\"] [-b COUNT] CATALOG OUTDIR"
catalog=$1
out=$2
for n in $sizes $batch; do
	case $n in '' | *[!0-9]*) die "'$n' is not a whole number" ;; esac
done
[ "$batch" -le 99999 ] || die "at most 99999 small lists"
[ -r "$catalog" ] || die "cannot read the catalog '$catalog'"
[ ! -e "$out" ] || die "'$out' exists already: remove it first"
mkdir -p "$out/batch" || die "cannot make '$out/batch'"

awk -v sizes="$sizes" -v batch="$batch" -v out="$out" '
function die(msg) { printf "gen.sh: %s\n", msg > "/dev/stderr"; failed = 1; exit 2 }

# The value of attribute name in line s, or "".
function attr(s, name,    m) {
	if (!match(s, "[ \t]" name "=\"[^\"]*\""))
		return ""
	m = substr(s, RSTART + 1, RLENGTH - 1)
	return substr(m, length(name) + 3, length(m) - length(name) - 3)
}

# Park-Miller "minimal standard": 16807 * x < 2^46, exact in a double. rnd(n) is in 0..n-1.
function rnd(n) {
	seed = (16807 * seed) % 2147483647
	return seed % n
}

# ---------------------------------------------------------------- the catalog
/<group[ \t]/ && attr($0, "level") == "subfaction" { sub_id = attr($0, "id") }
/<entry[ \t]/ {
	ne++
	eid[ne] = attr($0, "id")
	ename[ne] = attr($0, "name")
	esub[ne] = sub_id
	ecost[ne] = ""
	ekw[ne] = ""
	in_entry = 1
	in_weapon = 0
	opt = ""
	nsub[sub_id]++
	subent[sub_id, nsub[sub_id]] = ne
	if (!(sub_id in subseen)) {
		subseen[sub_id] = 1
		subs[++nsubs] = sub_id
	}
}
in_entry && /<option[ \t]/ {
	opt = attr($0, "id")
	oper[ne, opt] = attr($0, "per")
	ocost[ne, opt] = 0
	ohas[ne, opt] = 1
}
in_entry && /<item[ \t]/ { in_weapon = 1 }
in_entry && /<cost[ \t]/ && !in_weapon {
	if (opt != "")
		ocost[ne, opt] = attr($0, "value") + 0
	else if (ecost[ne] == "" && (attr($0, "type") == "ap" || attr($0, "type") == ""))
		ecost[ne] = attr($0, "value") + 0
}
in_entry && /<stats[ \t]/ && !in_weapon && opt == "" {
	egrade[ne] = attr($0, "grade") + 0
	efs[ne] = attr($0, "fs") + 0
}
in_entry && /<keywords>/ && !in_weapon && opt == "" {
	k = $0
	sub(/.*<keywords>/, "", k)
	sub(/<\/keywords>.*/, "", k)
	ekw[ne] = " " k " "
}
in_entry && /<\/item>/ { in_weapon = 0 }
in_entry && /<\/option>/ { opt = "" }
/<\/entry>/ { in_entry = 0 }

END {
	if (failed)
		exit 2
	if (ne < 3)
		die("fewer than 3 entries in the catalog: is it catalogs/duckhammer/impondium.xml?")
	faction = "impondium"
	for (i = 1; i <= ne; i++) {
		if (ecost[i] == "" || efs[i] < 1)
			die("entry " eid[i] " has no AP cost or no Full Strength")
		echar[i] = substr(ename[i], 1, 6) == "&quot;"
	}

	# Options that are legal on their entry (DH-10 to DH-12): a unit takes one of these sets,
	# or none. Left out on purpose: the Recruit'"'"'s Spell (Grade 0), the Diver'"'"'s Gasp (a
	# Fast Swimmer), the Sergeant'"'"'s extra pistol and the Veteran'"'"'s axe (a DH-13 warning).
	optsets["marine-sergeant"] = "trained|"
	optsets["marine-champion"] = "pecking-order stubborn trained|stubborn trained unflinching|stubborn|"
	optsets["eternal-drake"] = "peregrine|"
	optsets["auk-veteran"] = "gasp stubborn reactive blade-swift|reactive precognition blade-masterwork|" \
		"spell sharpshooter blade-reliable blade-average|stubborn blade-cleave sling-accurate|" \
		"drop-sling blade-critical gasp|"
	for (i = 1; i <= ne; i++) {
		nsets[i] = 0
		if (!(eid[i] in optsets))
			continue
		nsets[i] = split(optsets[eid[i]], tmp, "|")
		for (j = 1; j <= nsets[i]; j++) {
			sets[i, j] = tmp[j]
			no = split(tmp[j], o, " ")
			for (x = 1; x <= no; x++)
				if (!((i, o[x]) in ohas))
					die("entry " eid[i] " has no option " o[x] ": update optsets in bench/gen.sh")
		}
	}
	# DH-2 battle sizes (rules-xml/duckhammer.xml), smallest first.
	nbs = split("small-skirmish large-skirmish great-battle all-out-war", bsid, " ")
	split("120 300 420 600", bslim, " ")
	# DH-6: at most this many units of each Grade (no bound for the others).
	split("3 2 1 1", tmp, " ")
	for (g = 3; g <= 6; g++)
		gcap[g] = tmp[g - 2]
	# DH-8: Chain of Command needs another unit of its sub-faction of one of these Grades.
	split("2 4 5 6", tmp, " ")
	for (x in tmp)
		cocg[tmp[x]] = 1
	split("Red Squad|Blue Squad|Reed Runners|Pond Guard|Old Feathers|Drake Company|Mud Larks|Storm Wing", sqname, "|")
	nsqname = 8

	# ------------------------------------------------------------ one list of N units
	nsz = split(sizes, sz, " ")
	for (s = 1; s <= nsz; s++) {
		n = sz[s] + 0
		file = out "/units-" n ".xml"
		seed = 20260101
		total = 0
		for (u = 1; u <= n; u++) {
			e = (u - 1) % ne + 1
			models = efs[e] == 1 ? 1 : efs[e] - rnd(int((efs[e] + 1) / 2))
			cost = ecost[e] * models
			name = ""
			if (!echar[e] && u % 8 == 5)
				name = sprintf(" name=\"%s %d\"", sqname[(u - 1) % nsqname + 1], u)
			line = sprintf("    <unit id=\"u%d\" entry=\"%s\" models=\"%d\"%s", u, eid[e], models, name)
			set = nsets[e] ? sets[e, rnd(nsets[e]) + 1] : ""
			if (set == "") {
				line = line "/>"
			} else {
				line = line ">"
				no = split(set, o, " ")
				for (x = 1; x <= no; x++) {
					line = line "\n      <option id=\"" o[x] "\"/>"
					cost += ocost[e, o[x]] * (oper[e, o[x]] == "model" ? models : 1)
				}
				line = line "\n    </unit>"
			}
			total += cost
			unit[u] = line
		}
		limit = (int(total / 1000) + 1) * 1000
		printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > file
		printf "<!-- Written by bench/gen.sh: %d units cycling through the %d entries of the %s catalog, %d AP. -->\n", n, ne, faction, total > file
		printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\" name=\"Bench muster of %d units\">\n", n > file
		printf "  <list id=\"main\" name=\"The endless muster\" faction=\"%s\">\n", faction > file
		printf "    <limit cost=\"ap\" value=\"%d\"/>\n", limit > file
		for (u = 1; u <= n; u++)
			print unit[u] > file
		printf "  </list>\n</roster>\n" > file
		close(file)
		delete unit
	}

	# ------------------------------------------------------------ the batch of small lists
	seed = 4242
	for (k = 1; k <= batch; k++) {
		n = 10 + (k - 1) % 6
		main = subs[rnd(nsubs) + 1]
		for (try = 1; try <= 500; try++) {
			if (small_list(n, main))
				break
		}
		if (try > 500)
			die("no legal list of " n " units after 500 tries (list " k ")")
		broken = ""
		if (k % 20 == 0)
			broken = break_list(int(k / 20) % 3)
		for (b = 1; b <= nbs && bslim[b] < total; b++)
			;
		if (b > nbs)
			b = nbs
		if (broken == "DH-2")
			b = b > 1 ? b - 1 : b
		file = sprintf("%s/batch/%05d.xml", out, k)
		printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > file
		printf "<!-- Written by bench/gen.sh: small list %d of %d, %d units, %d AP, %s. -->\n", k, batch, n, total, broken == "" ? "legal" : "breaks " broken " on purpose" > file
		printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\" name=\"Entry %05d\">\n", k > file
		printf "  <list id=\"main\" name=\"%s host %d\" size=\"%s\" faction=\"%s\">\n", sqname[k % nsqname + 1], k, bsid[b], faction > file
		for (u = 1; u <= n; u++) {
			name = ""
			if (!echar[le[u]] && (u + k) % 4 == 0)
				name = sprintf(" name=\"%s %d\"", sqname[(u + k) % nsqname + 1], u)
			printf "    <unit id=\"u%d\" entry=\"%s\" models=\"%d\"%s", u, eid[le[u]], lm[u], name > file
			if (lo[u] == "") {
				printf "/>\n" > file
			} else {
				printf ">\n" > file
				no = split(lo[u], o, " ")
				for (x = 1; x <= no; x++)
					printf "      <option id=\"%s\"/>\n", o[x] > file
				printf "    </unit>\n" > file
			}
		}
		printf "  </list>\n</roster>\n" > file
		close(file)
	}
}

# May entry e join the list of units le[1..m] under DH-5, DH-6 and DH-9?
function allowed(e, m,    u, same, grade) {
	same = 0
	grade = 0
	for (u = 1; u <= m; u++) {
		same += le[u] == e
		grade += egrade[le[u]] == egrade[e]
	}
	if (same >= (echar[e] ? 1 : 3))
		return 0
	return !(egrade[e] in gcap) || grade < gcap[egrade[e]]
}

# Fills le[], lm[], lo[] (entry, models, options) and total with n units mostly of sub-faction
# main; returns 1 when the list is legal under DH-2 to DH-9, 0 to be tried again.
function small_list(n, main,    u, e, t, nsf, ok, v) {
	total = 0
	for (u = 1; u <= n; u++) {
		if (rnd(3) < 2)
			e = subent[main, rnd(nsub[main]) + 1]
		else
			e = rnd(ne) + 1
		for (t = 0; t < ne && !allowed(e, u - 1); t++)
			e = e % ne + 1
		if (t == ne)
			return 0
		le[u] = e
		lm[u] = efs[e] == 1 ? 1 : efs[e] - rnd(int((efs[e] + 1) / 2))
		lo[u] = nsets[e] ? sets[e, rnd(nsets[e]) + 1] : ""
		total += ecost[e] * lm[u] + set_cost(e, lo[u], lm[u])
	}
	if (total > bslim[nbs])
		return 0
	for (u = 1; u <= n; u++)
		nsf[esub[le[u]]]++
	for (u = 1; u <= n; u++) {
		e = le[u]
		if (nsf[esub[e]] < egrade[e])
			return 0                                 # DH-4
		if (index(ekw[e], " chain-of-command ")) {
			ok = 0
			for (v = 1; v <= n; v++)
				if (v != u && esub[le[v]] == esub[e] && (egrade[le[v]] in cocg))
					ok = 1
			if (!ok)
				return 0                         # DH-8
		}
	}
	return 1
}

function set_cost(e, set, models,    o, no, x, c) {
	c = 0
	no = split(set, o, " ")
	for (x = 1; x <= no; x++)
		c += ocost[e, o[x]] * (oper[e, o[x]] == "model" ? models : 1)
	return c
}

# Breaks the legal list in le[1..n] in one way; returns the rule it now breaks.
function break_list(kind,    u) {
	if (kind == 2) {
		for (u = 1; u <= n; u++) {
			if (eid[le[u]] == "marine-recruit" && ((le[u], "spell") in ohas)) {
				lo[u] = "spell"
				total += ocost[le[u], "spell"]
				return "DH-10"
			}
		}
		kind = 0
	}
	if (kind == 1 && total > bslim[1])
		return "DH-2"
	for (u = 1; u <= n; u++) {
		if (efs[le[u]] > 1) {
			lm[u] = efs[le[u]] + 1
			total += ecost[le[u]]
			return "DH-7"
		}
	}
	return "nothing (no unit of more than one model)"
}
' "$catalog" || {
	rm -rf "$out"
	exit 2
}

# Smaller batches: the first K lists, each batch a directory of its own.
for k in 10 100 1000; do
	[ "$k" -lt "$batch" ] || continue
	mkdir "$out/batch-$k" || die "cannot make '$out/batch-$k'"
	i=1
	while [ $i -le $k ]; do
		f=$(printf '%05d.xml' $i)
		cp "$out/batch/$f" "$out/batch-$k/$f" || die "cannot copy '$f'"
		i=$((i + 1))
	done
done

# muster refuses files over 8 MiB (src/xml/xml.h, XML_MAX_FILE_SIZE).
for f in "$out"/units-*.xml; do
	[ -f "$f" ] || continue
	b=$(wc -c <"$f")
	[ "$b" -le 8388608 ] || die "$f is $b bytes: over muster's 8 MiB input cap"
done
exit 0
