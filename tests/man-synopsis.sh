#!/bin/sh
# The manual and the program agree: every command muster --help lists has a section in
# doc/muster.1 whose heading is exactly the command's usage line (muster CMD --help), a
# line in SYNOPSIS, and every long option its --help names; and the manual has no section
# for a command that does not exist.  Prints TAP. Needs MUSTER and srcdir.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
man=$top/doc/muster.1
temp_dir man

# The commands, from the program's own list.
"$MUSTER" --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' >"$tmp/cmds"
[ -s "$tmp/cmds" ] || { echo "Bail out! muster --help lists no commands"; exit 99; }
# The manual's command sections, as plain text: .SS "validate \fR[\fB\-\-format..." becomes
# validate [--format...
sed -n '/^\.SH COMMANDS/,/^\.SH /p' "$man" | sed -n 's/^\.SS "\(.*\)"$/\1/p' |
	sed 's/\\f[BIRP]//g; s/\\-/-/g' >"$tmp/sections"
# The SYNOPSIS, as plain text.
sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$man" | sed 's/\\-/-/g' >"$tmp/synopsis"
sed 's/\\-/-/g' "$man" >"$tmp/man"

n_cmds=$(wc -l <"$tmp/cmds")
echo "1..$((n_cmds * 4 + 4))"
while read -r cmd; do
	usage=$("$MUSTER" "$cmd" --help | sed -n '1s/^Usage: muster //p')
	why=
	grep -q -x -F -e "$usage" "$tmp/sections" || why="no section '.SS \"$usage\"' in doc/muster.1"
	result "$cmd: the manual's section heading is the usage line" "$why"
	why=
	grep -q -x -e "\.B *$cmd" -e "\.B muster $cmd" "$tmp/synopsis" || why="no '.B $cmd' in SYNOPSIS"
	result "$cmd: SYNOPSIS names it" "$why"
	why=
	for o in $("$MUSTER" "$cmd" --help | grep -o -e '--[a-z][a-z-]*' | sort -u); do
		grep -q -F -e "$o" "$tmp/man" || why="${why:+$why, }$o"
	done
	result "$cmd: every long option of its --help is in the manual" "${why:+missing $why}"
	why=
	"$MUSTER" "$cmd" -h >"$tmp/short" 2>&1 || why="exit $?"
	"$MUSTER" "$cmd" --help >"$tmp/long" 2>&1
	cmp -s "$tmp/short" "$tmp/long" || why="${why:+$why, }its output differs from --help"
	result "$cmd: -h is --help" "$why"
done <"$tmp/cmds"
why=
while read -r line; do
	word=${line%% *}
	grep -q -x -F -e "$word" "$tmp/cmds" || why="${why:+$why, }$word"
done <"$tmp/sections"
result "the manual documents no command that does not exist" "${why:+unknown: $why}"
# Each command of SYNOPSIS on a line of its own: a ".B muster" line starts the section or
# follows a .br, else man runs two commands together.
why=$(awk '/^\.B muster/ && NR > 2 && prev != ".br" { print NR - 1 ": " $0 } { prev = $0 }' "$tmp/synopsis")
result "SYNOPSIS: every command on a line of its own" "${why:+no .br before: $why}"
# muster-data(5) names the one section of a system that the schema requires.
need=$(sed -n '/<xs:element name="system">/,/^      <\/xs:sequence>/p' "$top/rules-xml/schema/rules.xsd" |
	grep '^        <xs:element name=' | grep -v minOccurs | sed 's/.*name="\([^"]*\)".*/\1/')
says=$(sed -n '/^Its children, in this order, all but$/{n;s/^\.B //p;}' "$top/doc/muster-data.5")
why=
[ -n "$need" ] && [ "$need" = "$says" ] || why="the schema requires '$need', muster-data(5) says '$says'"
result "muster-data(5): the required section of a system is the schema's" "$why"
# The campaign actions its --help lists are those its table gives shell completion.
"$MUSTER" campaign --help | sed -n '/^Actions:/,/^$/s/^  \([a-z][a-z]*\) FILE.*/\1/p' | sort >"$tmp/acts-help"
"$MUSTER" complete args campaign | awk '{ print $1 }' | sort >"$tmp/acts-args"
why=
[ -s "$tmp/acts-help" ] && cmp -s "$tmp/acts-help" "$tmp/acts-args" ||
	why="campaign --help: $(tr '\n' ' ' <"$tmp/acts-help"); complete args: $(tr '\n' ' ' <"$tmp/acts-args")"
result "campaign: the actions of --help are those completion offers" "$why"
[ "$fails" -eq 0 ]
