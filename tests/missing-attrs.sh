#!/bin/sh
# Data files with an attribute missing meet the built-in schemas (src/xml/schemas.c) and then
# the readers, which check everything they dereference (SECURITY.md). For every attribute of
# the toy system's rules file and catalog, and of Duckhammer's <campaign>, and for every
# element's attributes at once, a copy of the file without them is loaded; `validate`,
# `catalog` and `export` (for Duckhammer, `validate` of the example campaign) must end with
# exit 0, 1 or 2, exit 2 with a message, never with a crash or a sanitizer's report. The
# built-in schemas must refuse some of them: those that lack an attribute the schemas require.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
srcdir=$top
temp_dir missing-attrs

# variants FILE FIRST LAST OUTDIR: writes OUTDIR/N.xml, FILE without its Nth attribute counted
# from line FIRST to line LAST (namespace declarations kept); prints how many.
variants() {
	awk -v first="$2" -v last="$3" -v out="$4" '
	{ lines[NR] = $0 }
	END {
		n = 0
		for (i = first; i <= last; i++) {
			s = lines[i]
			while (match(s, / [a-z][a-z:-]*="[^"]*"/)) {
				if (substr(s, RSTART + 1, 5) != "xmlns")
					pos[++n] = i SUBSEP (length(lines[i]) - length(s) + RSTART) SUBSEP RLENGTH
				s = substr(s, RSTART + RLENGTH)
			}
		}
		for (k = 1; k <= n; k++) {
			split(pos[k], f, SUBSEP)
			f_ = out "/" k ".xml"
			for (i = 1; i <= NR; i++) {
				if (i == f[1])
					print substr(lines[i], 1, f[2] - 1) substr(lines[i], f[2] + f[3]) > f_
				else
					print lines[i] > f_
			}
			close(f_)
		}
		print n
	}' "$1"
}

# bare FILE OUTDIR: writes OUTDIR/N.xml, FILE with every attribute of its Nth element line
# removed at once (a keyword with neither id nor name: one attribute gone at a time never
# makes that); prints how many.
bare() {
	awk -v out="$2" '
	{ lines[NR] = $0 }
	END {
		n = 0
		for (i = 1; i <= NR; i++) {
			s = lines[i]
			t = ""
			hit = 0
			while (match(s, / [a-z][a-z:-]*="[^"]*"/)) {
				keep = substr(s, RSTART + 1, 5) == "xmlns"
				t = t substr(s, 1, keep ? RSTART + RLENGTH - 1 : RSTART - 1)
				hit = hit || !keep
				s = substr(s, RSTART + RLENGTH)
			}
			if (!hit)
				continue
			f_ = out "/" ++n ".xml"
			for (j = 1; j <= NR; j++)
				print (j == i ? t s : lines[j]) > f_
			close(f_)
		}
		print n
	}' "$1"
}

toy=$srcdir/tests/data/toy
duck=$srcdir/rules-xml/duckhammer.xml
mkdir -p "$tmp/v-rules" "$tmp/v-cat" "$tmp/v-camp"
n_rules=$(variants "$toy/rules-xml/toy.xml" 1 100000 "$tmp/v-rules")
n_cat=$(variants "$toy/catalogs/toy/tin-soldiers.xml" 1 100000 "$tmp/v-cat")
# The bare elements follow the single attributes in the same directories.
mkdir -p "$tmp/b-rules" "$tmp/b-cat"
nb_rules=$(bare "$toy/rules-xml/toy.xml" "$tmp/b-rules")
nb_cat=$(bare "$toy/catalogs/toy/tin-soldiers.xml" "$tmp/b-cat")
for i in $(seq 1 "$nb_rules"); do mv "$tmp/b-rules/$i.xml" "$tmp/v-rules/$((n_rules + i)).xml"; done
for i in $(seq 1 "$nb_cat"); do mv "$tmp/b-cat/$i.xml" "$tmp/v-cat/$((n_cat + i)).xml"; done
n_rules=$((n_rules + nb_rules))
n_cat=$((n_cat + nb_cat))
camp_first=$(grep -n '^  <campaign ' "$duck" | cut -d: -f1)
camp_last=$(grep -n '^  </campaign>' "$duck" | cut -d: -f1)
n_camp=$(variants "$duck" "$camp_first" "$camp_last" "$tmp/v-camp")

# One data directory per variant: the toy system, or Duckhammer with its shipped catalogs.
for i in $(seq 1 "$n_rules"); do
	d=$tmp/rules-$i
	mkdir -p "$d/rules-xml"
	cp -R "$toy/catalogs" "$d/"
	cp "$tmp/v-rules/$i.xml" "$d/rules-xml/toy.xml"
done
for i in $(seq 1 "$n_cat"); do
	d=$tmp/cat-$i
	mkdir -p "$d/rules-xml" "$d/catalogs/toy"
	cp "$toy/rules-xml/toy.xml" "$d/rules-xml/"
	cp "$toy/catalogs/toy/plastic-army.xml" "$d/catalogs/toy/"
	cp "$tmp/v-cat/$i.xml" "$d/catalogs/toy/tin-soldiers.xml"
done
for i in $(seq 1 "$n_camp"); do
	d=$tmp/camp-$i
	mkdir -p "$d/rules-xml" "$d/catalogs"
	cp -R "$srcdir/catalogs/duckhammer" "$d/catalogs/"
	cp "$tmp/v-camp/$i.xml" "$d/rules-xml/duckhammer.xml"
done
cat >"$tmp/toy-roster.xml" <<'EOF'
<roster xmlns="urn:x-muster:roster:1" version="1" system="toy">
  <list id="main" size="parade">
    <unit entry="flag-bearer" models="1"/>
    <unit entry="grenadier" models="12"/>
  </list>
</roster>
EOF
ledger=$srcdir/doc/examples/impondium-campaign.xml

bad=0
schema_seen=0
# run NAME ARGS...: muster; a crash or a sanitizer's report is a failure.
run() {
	name=$1
	shift
	"$MUSTER" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if grep -q "> needs the attribute '" "$tmp/err"; then
		schema_seen=$((schema_seen + 1))
	fi
	if [ "$st" -gt 2 ] || grep -q 'Sanitizer\|runtime error' "$tmp/err" ||
		{ [ "$st" -eq 2 ] && ! [ -s "$tmp/err" ]; }; then
		bad=$((bad + 1))
		[ "$bad" -le 10 ] && echo "# $name: exit $st: muster $*" && sed 's/^/#   /' "$tmp/err" | head -5
	fi
}
# The toy system's variants: a rules file or a catalog changed, the rest as shipped.
for kind in rules cat; do
	if [ "$kind" = rules ]; then n=$n_rules; label=rules; else n=$n_cat; label=catalog; fi
	for i in $(seq 1 "$n"); do
		d=$tmp/$kind-$i
		run "$label $i" --data-dir "$d" validate "$tmp/toy-roster.xml"
		run "$label $i" --data-dir "$d" catalog toy
		run "$label $i" --data-dir "$d" export "$tmp/toy-roster.xml"
	done
done
for i in $(seq 1 "$n_camp"); do
	d=$tmp/camp-$i
	run "campaign $i" --data-dir "$d" validate "$ledger"
done
if [ "$bad" -eq 0 ]; then
	ok "$n_rules rules files, $n_cat catalogs and $n_camp campaigns each without one attribute or one element's every attribute: no crash"
else
	not_ok "$n_rules rules files, $n_cat catalogs and $n_camp campaigns each without one attribute or one element's every attribute: $bad runs crashed"
fi
# The built-in schemas ran: an attribute they require, removed, is their message.
if [ "$schema_seen" -gt 0 ]; then
	ok "the built-in schemas refused $schema_seen runs"
else
	not_ok "the built-in schemas refused no run"
fi
tap_done
