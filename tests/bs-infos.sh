#!/bin/sh
# What a BattleScribe roster shows (issue 21), on Jetty Wardens (tests/data/bs-jetty): a force's
# forceEntry brings its page, publicationId, rules and profiles to the force; a force lists the
# publications of its catalogue, then of the game system, and its categories (Uncategorised,
# then its forceEntry's); an infoLink of type infoGroup brings the group's profiles (none of a
# hidden group); an infoLink to an info group no file defines refuses its catalogue; set ID
# --name/--notes give a unit or a force its customName and customNotes; a root entryLink to a
# selectionEntryGroup makes the group's entries root entries; a group whose min is above its
# max is read; the modifiers of profiles, rules and pages that hold always are applied.
# Prints TAP.
# Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir bsinfos
d=$top/tests/data/bs-jetty
data="--data-dir=$d"
cd "$tmp" || exit 1
f=jetty.ros

run_muster "new: a Night Shift" 0 "force mst-1" \
	new $data "$f" --system=jw-sys --list=jw-fe-shift --faction=jw-cat
run_muster "add: a Warden" 0 "added mst-2" add $data "$f" jw-se-warden
run_muster "add: a Ferryman" 0 "added mst-3" add $data "$f" jw-se-ferry
run_muster "add-force: a Day Shift" 0 "force mst-4" add-force $data "$f" jw-fe-plain --faction=jw-cat
has "force: its forceEntry's publication and page" "$f" \
	'<force id="mst-1" name="Night Shift" entryId="jw-fe-shift" publicationId="jw-pub-tide" page="7" catalogueId="jw-cat"'
has "force: its forceEntry's rule" "$f" '<rule id="jw-ru-lamps" name="Lamps Lit" hidden="false">'
has "force: the rule's description" "$f" '<description>Every post keeps a lamp.</description>'
has "force: its forceEntry's profile" "$f" \
	'<profile id="jw-pr-shift" name="Shift Orders" hidden="false" typeId="jw-pt-post" typeName="Post">'
has "force: the profile's characteristic" "$f" \
	'<characteristic name="Watch" typeId="jw-ct-watch">Dusk to dawn</characteristic>'
has "force: the game system's publication, named" "$f" '<publication id="jw-pub-tide" name="Tide Tables"/>'
has "force: the catalogue's publication, named" "$f" '<publication id="jw-pub-log" name="Harbour Log"/>'
sed -n '/<publications>/,/<\/publications>/p' "$f" | sed -n 1,4p >pubs
printf '%s\n' '      <publications>' '        <publication id="jw-pub-log" name="Harbour Log"/>' \
	'        <publication id="jw-pub-tide" name="Tide Tables"/>' '      </publications>' >pubs.want
same "force: its catalogue's publications, then the game system's, each once" pubs.want pubs
has "force: a forceEntry with nothing to show has no extra attributes" "$f" \
	'<force id="mst-4" name="Day Shift" entryId="jw-fe-plain" catalogueId="jw-cat" catalogueRevision="1" catalogueName="Wardens of the Jetty">'
has "force: Uncategorised, the first of a force's categories" "$f" \
	'<category id="mst-1-c0" name="Uncategorised" entryId="(No Category)" primary="false"/>'
has "force: the categories its forceEntry links" "$f" \
	'<category id="mst-1-c1" name="Watchmen" entryId="jw-cat-watch" primary="false"/>'
has "infoLink to an infoGroup: the group's profile" "$f" \
	'<profile id="jw-pr-hook" name="Boat Hook" hidden="false" typeId="jw-pt-post" typeName="Post">'
hasnt "infoLink to a hidden infoGroup: its rule not shown" "$f" 'name="Bribe"'
run_muster "validate: legal" 0 "" validate $data "$f"
run_muster "export --format=ros: read back" 0 "" export $data --format=ros "$f"
same "export --format=ros: the same bytes as the builder wrote" "$out" "$f"

# set ID --name=TEXT --notes=TEXT: a unit's and a force's customName and customNotes.
run_muster "add: a Whistle under the Warden" 0 "added mst-5" add $data "$f" jw-se-whistle --under=mst-2
run_muster "set --name --notes: a unit's" 0 "Legality: legal" \
	set $data "$f" mst-2 --name="Old Tom" --notes='Knows <every> "knot"'
has "set --name --notes: the unit's customName" "$f" \
	'<selection id="mst-2" name="Warden" entryId="jw-se-warden" customName="Old Tom" publicationId="jw-pub-log"'
has "set --name --notes: the unit's customNotes, escaped, its first child" "$f" \
	'<customNotes>Knows &lt;every&gt; &quot;knot&quot;</customNotes>'
run_muster "set --name --notes: a force's" 0 "" set $data "$f" mst-1 --name=Lanterns --notes=Fog
has "set --name --notes: the force's customName" "$f" \
	'<force id="mst-1" name="Night Shift" entryId="jw-fe-shift" customName="Lanterns" publicationId="jw-pub-tide"'
has "set --name --notes: the force's customNotes" "$f" '<customNotes>Fog</customNotes>'
run_muster "set --notes: only the notes" 0 "" set $data "$f" mst-1 --notes=Rain
has "set --notes: the force's notes" "$f" '<customNotes>Rain</customNotes>'
has "set --notes: the force's name stays" "$f" 'customName="Lanterns"'
run_muster "set --name: only the name" 0 "" set $data "$f" mst-2 --name="Young Tom"
has "set --name: the unit's name" "$f" 'customName="Young Tom"'
has "set --name: the unit's notes stay" "$f" '<customNotes>Knows'
run_muster "export --format=ros: the custom names read back" 0 "" export $data --format=ros "$f"
same "export --format=ros: the custom names the same bytes" "$out" "$f"
run_muster "set --name=: an empty name takes it away" 0 "" set $data "$f" mst-2 --name= --notes=
hasnt "set --name=: the unit has no customName" "$f" 'customName="Young Tom"'
hasnt "set --notes=: the unit has no customNotes" "$f" '<customNotes>Knows'
expect_kept "set --name: a selection within a unit has none" 2 \
	"--name and --notes name a unit or a force, not a selection within a unit" \
	"$f" "$MUSTER" set $data "$f" mst-5 --name=Pea
expect_kept "set --name: an unknown id" 2 "no selection or force 'mst-99' in the roster" \
	"$f" "$MUSTER" set $data "$f" mst-99 --name=Nobody
expect_kept "set --name: not with --models" 2 \
	"set takes a SELECTION or FORCE and --name=TEXT or --notes=TEXT" \
	"$f" "$MUSTER" set $data "$f" mst-2 --name=Tom --models=2
expect_kept "set --notes: needs an id" 2 \
	"set takes a SELECTION or FORCE and --name=TEXT or --notes=TEXT" \
	"$f" "$MUSTER" set $data "$f" --notes=Tom

# A root entryLink to a selectionEntryGroup: the group's entries are root entries through it
# (the link's own constraint, the group's, is not theirs); a group whose min is above its max
# is read, and what its min selects breaks its max.
g=group.ros
run_muster "new: a Day Shift" 0 "force mst-1" \
	new $data "$g" --system=jw-sys --list=jw-fe-plain --faction=jw-cat
run_muster "add: a Rope through the root group link" 0 "added mst-2" add $data "$g" jw-el-tools::jw-se-rope
has "add: the Rope's entry id the link path" "$g" \
	'<selection id="mst-2" name="Rope" entryId="jw-el-tools::jw-se-rope" number="1" type="upgrade">'
has "add: the Rope's own cost" "$g" '<cost name="Pence" typeId="jw-ct-pence" value="1.0"/>'
run_muster "add: a Net, the group's other entry, by name" 0 "added mst-3" add $data "$g" Net
run_muster "validate: the link's constraint is not each entry's" 0 "" validate $data "$g"
run_muster "catalog: the link's constraint not enforced yet" 0 "not enforced: not reached 1" \
	catalog $data jw-sys
run_muster "add: a Patrol Boat, its group's min above its max" 0 "selected jw-se-oar mst-5" \
	add $data "$g" jw-se-boat
has "add: the default Oar, two of them" "$g" \
	'<selection id="mst-5" name="Oar" entryId="jw-se-oar" entryGroupId="jw-seg-oars" number="2" type="upgrade">'
run_muster "validate: two Oars break the group's max" 1 \
	"Patrol Boat takes 2 of 'Oars'; the catalog allows at most 1" validate $data "$g"

# A root entryLink of type selectionEntryGroup that names no group, or names a selection entry,
# refuses the catalogue: it is left out of the system, with a warning at the link.
mkdir badgroup badkind
for b in badgroup badkind; do cp "$d/jetty.gst" $b/; done
sed 's/targetId="jw-seg-tools"/targetId="jw-seg-none"/' "$d/jetty.cat" >badgroup/jetty.cat
sed 's/targetId="jw-seg-tools"/targetId="jw-se-warden"/' "$d/jetty.cat" >badkind/jetty.cat
run_muster "root group link to no group: refused" 0 \
	"is left out: entry link names selectionEntryGroup 'jw-seg-none', which no file it sees defines" \
	catalog --data-dir=badgroup jw-sys
run_muster "root group link to a selection entry: refused" 0 \
	"is left out: entry link names selectionEntryGroup 'jw-se-warden', which no file it sees defines" \
	catalog --data-dir=badkind jw-sys

# Root entries are bounded (100,000): 400 links to a group of 300 entries are refused, counted
# before they are made (the catalogue left out).
mkdir many
cp "$d/jetty.gst" many/
{
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<catalogue id="jw-many" name="Many" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="jw-sys" gameSystemRevision="1" xmlns="http://www.battlescribe.net/schema/catalogueSchema">'
	echo '<entryLinks>'
	i=0
	while [ $i -lt 400 ]; do
		echo "<entryLink id=\"l$i\" name=\"L\" targetId=\"g\" type=\"selectionEntryGroup\"/>"
		i=$((i + 1))
	done
	echo '</entryLinks><sharedSelectionEntryGroups><selectionEntryGroup id="g" name="G"><selectionEntries>'
	i=0
	while [ $i -lt 300 ]; do
		echo "<selectionEntry id=\"e$i\" name=\"E\" type=\"upgrade\"/>"
		i=$((i + 1))
	done
	echo '</selectionEntries></selectionEntryGroup></sharedSelectionEntryGroups></catalogue>'
} >many/many.cat
run_muster "root group links: more than 100,000 root entries refused" 0 \
	"many.cat:2:1: warning: catalogue 'Many' [jw-many] is left out: more than 100000 root entries" \
	catalog --data-dir=many jw-sys

# The modifiers of profiles, rules, infoLinks and an entry's page that hold always (none of
# their own conditions or repeats) are applied; the others stay not enforced, counted.
m=master.ros
run_muster "new: for the Harbour Master" 0 "force mst-1" \
	new $data "$m" --system=jw-sys --list=jw-fe-plain --faction=jw-cat
run_muster "add: the Harbour Master" 0 "added mst-2" add $data "$m" jw-se-master
has "modifiers: the entry's page set, not by the one with a condition" "$m" \
	'<selection id="mst-2" name="Harbour Master" entryId="jw-se-master" page="21" number="1" type="unit">'
has "modifiers: a characteristic incremented" "$m" \
	'<characteristic name="Watch" typeId="jw-ct-watch">5</characteristic>'
has "modifiers: a profile's name appended to, not incremented (not a number)" "$m" \
	'<profile id="jw-pr-master" name="Master of the Port" hidden="false"'
has "modifiers: a rule's description appended to, in a modifier group" "$m" \
	'<description>Every boat pays. Twice on feast days.</description>'
hasnt "modifiers: a rule set hidden is not shown" "$m" 'name="Curfew"'
has "modifiers: an infoLink's set of its rule's description" "$m" \
	"<description>Oil from the master&#39;s store.</description>"
run_muster "catalog: the modifiers not applied counted" 0 \
	"1 constraint and 2 modifiers are not enforced yet (1 condition, 0 repeats)." catalog $data jw-sys

# set FORCE --category=CATEGORY --name --notes: a force category's customName and customNotes.
run_muster "set --category: by id" 0 "" set $data "$f" mst-1 --category=jw-cat-watch --name=Lookouts --notes='Two <on> the pier'
has "set --category: the category's customName" "$f" \
	'<category id="mst-1-c1" name="Watchmen" entryId="jw-cat-watch" customName="Lookouts" primary="false">'
has "set --category: its customNotes" "$f" '<customNotes>Two &lt;on&gt; the pier</customNotes>'
run_muster "set --category: Uncategorised, by its entry id" 0 "" set $data "$f" mst-1 "--category=(No Category)" --name=Others
has "set --category: Uncategorised's customName" "$f" \
	'<category id="mst-1-c0" name="Uncategorised" entryId="(No Category)" customName="Others" primary="false"/>'
run_muster "set --copy: a copy of the Night Shift" 0 "force mst-" set $data "$f" mst-1 --copy
copy=$(sed -n 's/^force //p' "$out")
run_muster "set --category: by name, on the copy" 0 "" set $data "$f" "$copy" --category=watchmen --name=Guards
has "set --category: the copy's" "$f" 'entryId="jw-cat-watch" customName="Guards"'
has "set --category: the first force's stays" "$f" 'entryId="jw-cat-watch" customName="Lookouts"'
run_muster "export --format=ros: the categories' names read back" 0 "" export $data --format=ros "$f"
same "export --format=ros: the categories' names the same bytes" "$out" "$f"
expect_kept "set --category: one the force has not" 2 "force 'mst-1' has no category 'Lights'" \
	"$f" "$MUSTER" set $data "$f" mst-1 --category=Lights --name=x
expect_kept "set --category: of a selection, no force" 2 "no force 'mst-2' in the roster" \
	"$f" "$MUSTER" set $data "$f" mst-2 --category=jw-cat-watch --name=x
expect_kept "set --category: needs --name or --notes" 2 "--category takes --name=TEXT or --notes=TEXT" \
	"$f" "$MUSTER" set $data "$f" mst-1 --category=jw-cat-watch --models=2
run_muster "remove: the copy" 0 "" remove $data "$f" "$copy"

# A roster of an older writer: customNotes an attribute, read all the same.
sed 's|<customNotes>Rain</customNotes>||; s|customName="Lanterns"|customName="Lanterns" customNotes="Drizzle"|' "$f" >old.ros
run_muster "customNotes as an attribute: read" 0 "" export $data --format=ros old.ros
has "customNotes as an attribute: written as BattleScribe does" "$out" '<customNotes>Drizzle</customNotes>'

# An infoLink to an info group that no file defines refuses the catalogue: a force of it is an
# error.
mkdir bad
cp "$d/jetty.gst" bad/
sed 's/targetId="jw-ig-kit"/targetId="jw-ig-none"/' "$d/jetty.cat" >bad/jetty.cat
run_muster "infoLink to an unknown infoGroup: refused" 1 \
	"could not be loaded: info link names infoGroup 'jw-ig-none', which no file it sees defines" \
	validate --data-dir=bad "$f"
tap_done
