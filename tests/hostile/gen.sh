#!/bin/sh
# gen.sh - writes the hostile corpus: files built to break Muster's readers
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Usage: gen.sh SRCDIR OUTDIR
#
# Deterministic (no randomness: offsets are evenly spaced), so every run writes byte-identical
# files; generated at test time by tests/hostile/run.sh, never committed (one is 100 MB).
# Writes OUTDIR/cases, one line per case:  LINE FILE ARGS...
#   LINE  yes when the message must name a line, no when the problem has none (a FIFO)
#   FILE  the hostile file, relative to OUTDIR: the first message must name it
#   ARGS  muster's arguments, @OUT@ standing for OUTDIR:
#         a roster: validate @OUT@/NAME.xml (show @OUT@/NAME.xml for an unknown entry,
#         which validate reports as a violation)
#         a rules file or catalog of the toy system: a data directory NAME/ holding the toy
#         system (rules-xml/toy.xml and catalogs/toy/) with one file hostile, given with
#         --data-dir to validate a legal toy roster (toy-roster.xml)
#         a catastrophic pattern: the same, validating a roster of 300 units (toy-many.xml)
#         an event pack: `muster tournament PACK event-list.xml` (the example list)
#         special files: a FIFO, a directory, devices, links, an unreadable file
# The sources are the shipped examples (a roster and a campaign with its ledger) and the toy
# system of tests/data/toy.
set -eu
src=$1
out=$2
mkdir -p "$out"
cases=$out/cases
: >"$cases"

roster=$src/doc/examples/impondium-strike-force.xml
campaign=$src/doc/examples/impondium-campaign.xml
toyrules=$src/tests/data/toy/rules-xml/toy.xml
toycat=$src/tests/data/toy/catalogs/toy/tin-soldiers.xml
toycat2=$src/tests/data/toy/catalogs/toy/plastic-army.xml
pack=$src/doc/examples/pond-cup.xml
cp "$roster" "$out/event-list.xml"

# add KIND LINE NAME: records a case already written.
add() {
	case $1 in
	roster | special) echo "$2 $3 validate @OUT@/$3" ;;
	# A roster that validate judges illegal (an unknown entry) but a command that reads it to
	# change or print it must refuse: muster show.
	show) echo "$2 $3 show @OUT@/$3" ;;
	rules) echo "$2 $3/rules-xml/toy.xml --data-dir @OUT@/$3 validate @OUT@/toy-roster.xml" ;;
	catalog) echo "$2 $3/catalogs/toy/tin-soldiers.xml --data-dir @OUT@/$3 validate @OUT@/toy-roster.xml" ;;
	regex) echo "$2 $3/rules-xml/toy.xml --data-dir @OUT@/$3 validate @OUT@/toy-many.xml" ;;
	event) echo "$2 $3 tournament @OUT@/$3 @OUT@/event-list.xml" ;;
	esac >>"$cases"
}

# Legal rosters of the toy system (TOY-1's), one small, one of 300 units.
cat >"$out/toy-roster.xml" <<'EOF2'
<roster xmlns="urn:x-muster:roster:1" version="1" system="toy">
  <list id="main" size="parade">
    <unit entry="flag-bearer" models="1"/>
    <unit entry="grenadier" models="12"/>
    <unit entry="cannon" models="1"/>
    <unit entry="hussar" models="2"/>
  </list>
</roster>
EOF2
awk 'BEGIN {
	print "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"toy\">"
	print "  <list id=\"main\" size=\"battle\">"
	for (i = 0; i < 300; i++) print "    <unit entry=\"grenadier\" models=\"1\"/>"
	print "  </list>\n</roster>" }' >"$out/toy-many.xml"

# byte FILE OFFSET: the unsigned value of one byte.
byte() {
	od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '
}

# put_byte VALUE: writes one byte.
put_byte() {
	# shellcheck disable=SC2059
	printf "\\$(printf %03o "$1")"
}

# splice FILE OFFSET VALUE > OUT: FILE with the byte at OFFSET replaced.
splice() {
	head -c "$2" "$1"
	put_byte "$3"
	tail -c +"$(($2 + 2))" "$1"
}

# The offset just past the root element's end tag: a truncation before it is always malformed.
root_end() {
	awk -v tag="$2" '{ n += length($0) + 1; if (index($0, "</" tag ">")) { print n - 1; exit } }' "$1"
}

# toy_dir KIND NAME: a data directory NAME holding the toy system, with its rules file
# (KIND rules) or its catalog tin-soldiers.xml (KIND catalog) read from standard input.
toy_dir() {
	mkdir -p "$out/$2/rules-xml" "$out/$2/catalogs/toy"
	cp "$toycat2" "$out/$2/catalogs/toy/"
	if [ "$1" = rules ]; then
		cat >"$out/$2/rules-xml/toy.xml"
		cp "$toycat" "$out/$2/catalogs/toy/"
	else
		cp "$toyrules" "$out/$2/rules-xml/toy.xml"
		cat >"$out/$2/catalogs/toy/tin-soldiers.xml"
	fi
	add "$1" yes "$2"
}

# ---- truncations: every 13th byte of the roster, every 41st of the campaign (ledger), every
# 97th of the toy rules and every 37th of a toy catalog
for spec in "roster:$roster:13:roster" "roster:$campaign:41:roster" \
            "rules:$toyrules:97:system" "catalog:$toycat:37:catalog"; do
	kind=${spec%%:*}; rest=${spec#*:}
	file=${rest%%:*}; rest=${rest#*:}
	step=${rest%%:*}; tag=${rest#*:}
	end=$(root_end "$file" "$tag")
	base=$(basename "$file" .xml)
	off=1
	while [ "$off" -lt "$end" ]; do
		name=trunc-$base-$off
		if [ "$kind" = roster ]; then
			head -c "$off" "$file" >"$out/$name.xml"
			add roster yes "$name.xml"
		else
			head -c "$off" "$file" | toy_dir "$kind" "$name"
		fi
		off=$((off + step))
	done
done

# ---- event packs: truncated at every 31st byte, and the top bit of every 59th
end=$(root_end "$pack" event)
off=1
while [ "$off" -lt "$end" ]; do
	head -c "$off" "$pack" >"$out/trunc-pack-$off.xml"
	add event yes "trunc-pack-$off.xml"
	off=$((off + 31))
done
size=$(wc -c <"$pack")
off=0
while [ "$off" -lt "$size" ]; do
	b=$(byte "$pack" "$off")
	if [ "$b" -lt 128 ] && [ "$b" -ne 10 ]; then
		splice "$pack" "$off" $((b + 128)) >"$out/flip-pack-$off.xml"
		add event yes "flip-pack-$off.xml"
	fi
	off=$((off + 59))
done

# ---- bit flips: the top bit of an ASCII byte (which makes it a stray UTF-8 continuation
# byte, always an error) at every 19th byte of the roster, every 47th of the campaign, every 191st of the
# toy rules; and the low bit of every '<' of the roster (a tag that is no longer one)
for spec in "roster:$roster:19" "roster:$campaign:47" "rules:$toyrules:191"; do
	kind=${spec%%:*}; rest=${spec#*:}
	file=${rest%%:*}; step=${rest#*:}
	size=$(wc -c <"$file")
	base=$(basename "$file" .xml)
	off=0
	while [ "$off" -lt "$size" ]; do
		b=$(byte "$file" "$off")
		if [ "$b" -lt 128 ] && [ "$b" -ne 10 ]; then
			name=flip-$base-$off
			if [ "$kind" = roster ]; then
				splice "$file" "$off" $((b + 128)) >"$out/$name.xml"
				add roster yes "$name.xml"
			else
				splice "$file" "$off" $((b + 128)) | toy_dir rules "$name"
			fi
		fi
		off=$((off + step))
	done
done
size=$(wc -c <"$roster")
off=0
while [ "$off" -lt "$size" ]; do
	if [ "$(byte "$roster" "$off")" -eq 60 ]; then
		splice "$roster" "$off" 61 >"$out/flip-lt-$off.xml"
		add roster yes "flip-lt-$off.xml"
	fi
	off=$((off + 1))
done

# ---- wrong types and huge numbers in the roster's attributes
i=0
for v in abc -1 1.5 '' '3 3' 0x10 1e3 NaN '&#x31;0' 99999999999999999999 \
         -99999999999999999999 9223372036854775808 2147483648 4294967296 \
         000000000000000000000000000000000000000000001000000000000 -0 +-1 '１０'; do
	i=$((i + 1))
	sed "0,/models=\"10\"/s//models=\"$v\"/" "$roster" >"$out/type-models-$i.xml"
	add roster yes "type-models-$i.xml"
done
i=0
for attr in 'version="1"|version="3"' 'version="1"|version="x"' 'version="1"|version="99999999999999999999"' \
            'system="duckhammer"|system=""' 'system="duckhammer"|system="../../etc/passwd"' \
            'system="duckhammer"|system="nosuchsystem"' 'size="all-out-war"|size=""' \
            'size="all-out-war"|size="nosuchsize"' 'entry="thunder-tank"|entry=""' \
            'entry="thunder-tank"|entry="nosuchentry"' 'faction="impondium"|faction="nosuchfaction"' \
            'option id="gasp"|option id="nosuchoption"' 'xmlns="urn:x-muster:roster:1"|xmlns="urn:x-muster:roster:2"' \
            'xmlns="urn:x-muster:roster:1"|xmlns=""' '<roster |<rooster ' '</roster>|</rooster>'; do
	i=$((i + 1))
	from=${attr%%|*}
	to=${attr#*|}
	sed "0,\#$from#s##$to#" "$roster" >"$out/type-attr-$i.xml"
	case $to in
	*nosuchentry*) add show yes "type-attr-$i.xml" ;; # validate: an illegal list
	*) add roster yes "type-attr-$i.xml" ;;
	esac
done
# huge numbers in the toy catalog's costs and the toy rules' bounds
i=0
for v in 99999999999999999999 -1.5 9223372036854775807 9223372036854775808 abc 1.5 ''; do
	i=$((i + 1))
	sed "0,/value=\"5\"/s//value=\"$v\"/" "$toycat" | toy_dir catalog "huge-cost-$i"
	sed "0,/<at-most value=\"[0-9]*\"/s//<at-most value=\"$v\"/" "$toyrules" | toy_dir rules "huge-bound-$i"
done

# ---- deep nesting: lists inside lists, past the depth limit and far past it
for depth in 129 130 200 256 257 1000 10000 100000; do
	awk -v d="$depth" 'BEGIN {
		print "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">"
		for (i = 0; i < d; i++) printf "<list>"
		for (i = 0; i < d; i++) printf "</list>"
		print "\n</roster>" }' >"$out/deep-$depth.xml"
	add roster yes "deep-$depth.xml"
	awk -v d="$depth" 'BEGIN {
		print "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\">"
		for (i = 0; i < d; i++) printf "<x:a xmlns:x=\"urn:other\">"
		print "" }' >"$out/deep-open-$depth.xml"
	add roster yes "deep-open-$depth.xml"
done
awk 'BEGIN { printf "<catalog xmlns=\"urn:x-muster:catalog:1\" system=\"toy\" id=\"h\" name=\"H\">"
	for (i = 0; i < 300; i++) printf "<group level=\"box\" id=\"g%d\" name=\"G\">", i
	for (i = 0; i < 300; i++) printf "</group>"
	print "</catalog>" }' | toy_dir catalog deep-groups

# ---- many attributes, many elements
for k in 65 100 1000 40000; do
	awk -v k="$k" 'BEGIN { printf "<roster xmlns=\"urn:x-muster:roster:1\""
		for (i = 0; i < k; i++) printf " a%d=\"1\"", i
		print "/>" }' >"$out/attrs-$k.xml"
	add roster yes "attrs-$k.xml"
	awk -v k="$k" 'BEGIN { printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\"><list size=\"all-out-war\"><unit entry=\"quack-marine\" models=\"1\""
		for (i = 0; i < k; i++) printf " x:a%d=\"1\"", i
		print " xmlns:x=\"urn:other\"/></list></roster>" }' >"$out/attrs-ns-$k.xml"
	add roster yes "attrs-ns-$k.xml"
done
awk 'BEGIN { printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\"><list size=\"all-out-war\">"
	for (i = 0; i < 600000; i++) printf "<x/>"
	print "</list></roster>" }' >"$out/elements-600000.xml"
add roster yes elements-600000.xml

# ---- invalid UTF-8, in an attribute value, in text, in a comment and in a name
i=0
for seq in '\200' '\277' '\300\200' '\301\277' '\340\200\200' '\355\240\200' '\355\277\277' \
           '\360\200\200\200' '\364\220\200\200' '\370\210\200\200\200' '\374\204\200\200\200\200' \
           '\376' '\377' '\303' '\342\202' '\357\277\276' '\364\217\277\277\200' '\300\257' \
           '\340\237\277' '\360\217\277\277'; do
	i=$((i + 1))
	# shellcheck disable=SC2059
	bytes=$(printf "$seq")
	sed "s/name=\"Veterans\"/name=\"Vet${bytes}erans\"/" "$roster" >"$out/utf8-attr-$i.xml"
	sed "s/<!-- A legal/<!-- A ${bytes}legal/" "$roster" >"$out/utf8-comment-$i.xml"
	sed "s/<option /<opt${bytes}ion /" "$roster" >"$out/utf8-name-$i.xml"
	add roster yes "utf8-attr-$i.xml"
	add roster yes "utf8-comment-$i.xml"
	add roster yes "utf8-name-$i.xml"
done
# the same in the toy catalog (an entry's name) and rules (a message)
i=0
for seq in '\200' '\300\200' '\355\240\200' '\377' '\342\202'; do
	i=$((i + 1))
	# shellcheck disable=SC2059
	bytes=$(printf "$seq")
	sed "0,/name=\"Grenadier\"/s//name=\"Gren${bytes}adier\"/" "$toycat" | toy_dir catalog "utf8-entry-$i"
	sed "0,/<message>/s//<message>${bytes}/" "$toyrules" | toy_dir rules "utf8-message-$i"
done
# UTF-16 and other encodings that lie
printf '\377\376<\000r\000o\000' >"$out/utf16-truncated.xml"; add roster yes utf16-truncated.xml
printf '<?xml version="1.0" encoding="UTF-16"?>\n<roster/>\n' >"$out/enc-utf16-lie.xml"; add roster yes enc-utf16-lie.xml
printf '<?xml version="1.0" encoding="ISO-2022-JP"?>\n<roster>\n\033$B\377\376</roster>\n' >"$out/enc-bad-bytes.xml"; add roster yes enc-bad-bytes.xml
printf '<?xml version="1.0" encoding="no-such-encoding"?>\n<roster/>\n' >"$out/enc-unknown.xml"; add roster yes enc-unknown.xml
printf '<?xml version="1.0" encoding="EBCDIC-US"?>\n<roster/>\n' >"$out/enc-ebcdic.xml"; add roster yes enc-ebcdic.xml

# ---- entity attacks: each must be refused at its DOCTYPE, before anything expands
i=0
for doctype in \
	'<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>' \
	'<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>' \
	'<!DOCTYPE r [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]>' \
	'<!DOCTYPE r SYSTEM "http://127.0.0.1:9/x.dtd">' \
	'<!DOCTYPE r SYSTEM "/dev/zero">' \
	'<!DOCTYPE r [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>' \
	'<!DOCTYPE r [<!ENTITY % p "<!ENTITY x SYSTEM '"'"'file:///etc/shadow'"'"'>"> %p;]>' \
	'<!DOCTYPE r [<!ENTITY a "&b;"><!ENTITY b "&a;">]>' \
	'<!DOCTYPE r PUBLIC "-//x//y" "file:///etc/passwd">' \
	'<!DOCTYPE r [<!ATTLIST unit models CDATA "99999">]>' \
	'<!DOCTYPE r [<!ELEMENT r ANY>]>' \
	'<!DOCTYPE r [' \
	'<!DOCTYPE'; do
	i=$((i + 1))
	{ echo '<?xml version="1.0"?>'; echo "$doctype"; tail -n +2 "$roster"; } >"$out/entity-$i.xml"
	add roster yes "entity-$i.xml"
done
awk 'BEGIN { printf "<!DOCTYPE r [<!ENTITY a \""
	for (i = 0; i < 100000; i++) printf "x"
	printf "\">]>\n<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\" name=\""
	for (i = 0; i < 20000; i++) printf "&a;"
	print "\"/>" }' >"$out/entity-quadratic.xml"
add roster yes entity-quadratic.xml
printf '<roster xmlns="urn:x-muster:roster:1" name="&undefined;"/>\n' >"$out/entity-undefined.xml"
add roster yes entity-undefined.xml
printf '<roster xmlns="urn:x-muster:roster:1" xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="/etc/passwd" parse="text"/></roster>\n' >"$out/xinclude.xml"
add roster yes xinclude.xml

# ---- catastrophic patterns in data: a toy rules file whose patterns backtrack on every
# name, and the toy catalog renamed to feed them
i=0
for pat in '^(a+)+[bc]$' '^(a|aa)*[bc]$' '^(a|a)*[bc]$' '^(a*)*[bc]$' '^(a?){30}a{30}[bc]$' \
           '^((a+)+)+[bc]$' '^(.*a){12}[bc]$' '^(\\w+\\s?)+[bc]$' '^(a|aa|a?a)*(a|a?)*[bc]$' \
           '(?:a+)+(?:a+)+[bc]'; do
	i=$((i + 1))
	dir=$out/regex-$i
	mkdir -p "$dir/rules-xml" "$dir/catalogs/toy"
	esc=$(printf '%s' "$pat" | sed 's/&/\\\&amp;/g')
	awk -v pat="$esc" '
		/<rules>/ { print; for (r = 1; r <= 8; r++) {
			printf "    <rule id=\"hostile-%d\" ref=\"H-%d\">\n", r, r
			printf "      <count of=\"units\" in=\"list\"><name matches=\"%s\"/></count>\n", pat
			print "      <at-most value=\"1000\"/>\n      <message>m</message>\n    </rule>" }
			next }
		{ print }' "$toyrules" >"$dir/rules-xml/toy.xml"
	sed 's/name="Grenadier"/name="aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaad"/' \
		"$toycat" >"$dir/catalogs/toy/tin-soldiers.xml"
	cp "$toycat2" "$dir/catalogs/toy/"
	add regex yes "regex-$i"
done

# ---- BattleScribe (tests/data/bs-harbour): each a data directory of the game system and its
# catalogues with one file hostile, given with --data-dir to `catalog hbr-sys-7a1`. Truncations
# start past the root's start tag (before it, the file names no game system to look for). A
# hostile game system refuses the system; a hostile catalogue is left out of it, with a
# warning at its FILE:LINE, and the rest loads (exit 0: run.sh's "left").
bsdir=$src/tests/data/bs-harbour
# bs_dir NAME FILE: a data directory NAME holding the system, FILE (harbour.gst, dockside.cat)
# read from standard input.
bs_dir() {
	mkdir -p "$out/$1"
	cp "$bsdir"/*.gst "$bsdir"/*.cat "$out/$1/"
	cat >"$out/$1/$2"
	case $2 in
	*.cat) kind=left ;;
	*) kind=yes ;;
	esac
	echo "$kind $1/$2 --data-dir @OUT@/$1 catalog hbr-sys-7a1" >>"$cases"
}
for spec in "harbour.gst:53:gameSystem" "dockside.cat:47:catalogue"; do
	f=${spec%%:*}; rest=${spec#*:}; step=${rest%%:*}; tag=${rest#*:}
	from=$(awk -v tag="$tag" '{ n += length($0) + 1; if (index($0, "<" tag " ")) { print n; exit } }' "$bsdir/$f")
	end=$(root_end "$bsdir/$f" "$tag")
	off=$from
	while [ "$off" -lt "$end" ]; do
		head -c "$off" "$bsdir/$f" | bs_dir "bs-trunc-${f%%.*}-$off" "$f"
		off=$((off + step))
	done
done
sed 's/battleScribeVersion="2.03"/battleScribeVersion="1.15"/' "$bsdir/harbour.gst" | bs_dir bs-version-1 harbour.gst
sed 's/battleScribeVersion="2.03"/battleScribeVersion="x"/' "$bsdir/harbour.gst" | bs_dir bs-version-junk harbour.gst
sed 's/catalogueSchema/catalogueSchemaX/' "$bsdir/dockside.cat" | bs_dir bs-namespace dockside.cat
sed 's/id="hbr-cat-dock"/id="hbr-cat-canal"/' "$bsdir/dockside.cat" | bs_dir bs-catalogue-id-twice dockside.cat
sed 's/targetId="hbr-cat-arm"/targetId="hbr-cat-nowhere"/' "$bsdir/dockside.cat" | bs_dir bs-catalogue-link-missing dockside.cat
sed 's/targetId="hbr-se-hook" type="selectionEntry"/targetId="hbr-sg-side" type="selectionEntryGroup"/' \
	"$bsdir/harbour.gst" | bs_dir bs-group-in-itself harbour.gst
sed 's/targetId="hbr-ct-scrip" value="20.0"/typeId="hbr-ct-scrip" value="1e99"/; s/typeId="hbr-ct-scrip" value="20.0"/typeId="hbr-ct-scrip" value="99999999999999999999999"/' \
	"$bsdir/dockside.cat" | bs_dir bs-cost-huge dockside.cat
sed 's/targetId="hbr-cat-lead" primary="true"/targetId="hbr-cat-nowhere" primary="true"/' \
	"$bsdir/dockside.cat" | bs_dir bs-category-missing dockside.cat
sed 's/typeId="hbr-pt-rat"/typeId="hbr-pt-nowhere"/' "$bsdir/dockside.cat" | bs_dir bs-profile-type-missing dockside.cat

# ---- odd files
printf '' >"$out/empty.xml"; add roster no empty.xml
printf '\357\273\277' >"$out/bom-only.xml"; add roster yes bom-only.xml
printf '   \n\n  ' >"$out/blank.xml"; add roster yes blank.xml
printf '<roster xmlns="urn:x-muster:roster:1">\000</roster>' >"$out/nul.xml"; add roster yes nul.xml
head -c 4096 /dev/zero >"$out/zeros.xml"; add roster yes zeros.xml
printf 'hello, world\n' >"$out/text.xml"; add roster yes text.xml
printf '{"roster": []}\n' >"$out/json.xml"; add roster yes json.xml
printf '<a/><b/>\n' >"$out/two-roots.xml"; add roster yes two-roots.xml
printf '<roster xmlns="urn:x-muster:roster:1"/><!--' >"$out/open-comment.xml"; add roster yes open-comment.xml
printf '<roster xmlns="urn:x-muster:roster:1"><![CDATA[' >"$out/open-cdata.xml"; add roster yes open-cdata.xml
printf '<roster xmlns="urn:x-muster:roster:1" a="1" a="2"/>' >"$out/dup-attr.xml"; add roster yes dup-attr.xml
printf '<?xml version="9.9"?><roster/>' >"$out/xml-version.xml"; add roster yes xml-version.xml
printf '<roster xmlns="urn:x-muster:roster:1">&#0;</roster>' >"$out/charref-nul.xml"; add roster yes charref-nul.xml
printf '<roster xmlns="urn:x-muster:roster:1">&#xD800;</roster>' >"$out/charref-surrogate.xml"; add roster yes charref-surrogate.xml
printf '<roster xmlns="urn:x-muster:roster:1">&#99999999999;</roster>' >"$out/charref-huge.xml"; add roster yes charref-huge.xml
awk 'BEGIN { printf "<"; for (i = 0; i < 100000; i++) printf "r"; print "/>" }' >"$out/long-name.xml"; add roster yes long-name.xml
awk 'BEGIN { printf "<roster xmlns=\"urn:x-muster:roster:1\" version=\"1\" system=\"duckhammer\" name=\""
	for (i = 0; i < 1000000; i++) printf "xxxxxxx"; print "\"><list/></roster>" }' >"$out/long-value.xml"
add roster yes long-value.xml
# 100 MB: refused by its size, never parsed (generated here, never committed)
{ printf '<roster xmlns="urn:x-muster:roster:1">\n<!--'; head -c 104857600 /dev/zero | tr '\0' ' '; printf -- '-->\n</roster>\n'; } >"$out/huge-100mb.xml"
add roster no huge-100mb.xml

# ---- special files
mkfifo "$out/fifo.xml"; add special no fifo.xml
mkdir "$out/directory.xml"; add special no directory.xml
ln -s /dev/zero "$out/dev-zero.xml"; add special no dev-zero.xml
ln -s /dev/null "$out/dev-null.xml"; add special no dev-null.xml
ln -s nowhere.xml "$out/dangling.xml"; add special no dangling.xml
ln -s loop-b.xml "$out/loop-a.xml"; ln -s loop-a.xml "$out/loop-b.xml"; add special no loop-a.xml
cp "$roster" "$out/unreadable.xml"; chmod 000 "$out/unreadable.xml"; add special no unreadable.xml
echo "gen.sh: $(wc -l <"$cases") cases" >&2
