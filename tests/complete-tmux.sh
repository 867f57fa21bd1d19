#!/bin/sh
# The bash completion (completion/muster) in a real bash at a terminal: a tmux pane (its own
# server socket) runs bash with the completion sourced; each line is typed with send-keys,
# completed with Tab (Tab Tab to list), and the screen read with capture-pane. Bash itself
# splits the words (COMP_WORDBREAKS holds '='), quotes and inserts what is offered, which
# tests/completion.sh, calling the function directly, cannot show. Each wait polls the screen
# a bounded number of times; none is a bare sleep. Skipped (exit 77) without tmux or bash.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
command -v bash >/dev/null 2>&1 || skip_all "bash is not installed" 77
temp_dir complete-tmux
sock=muster-complete-$$
tmux_pane=sh
. "$top/tests/tmux.sh"
tap_cleanup() {
	tm kill-server >/dev/null 2>&1
}
tap_show() {
	tm capture-pane -p -t sh 2>/dev/null | sed '/^$/d; s/^/# /' | tail -12
}
# wait_line LINE: polls the screen (as wait_for) until its last line is LINE (blanks at the
# end trimmed).
wait_line() {
	i=0
	while [ $i -lt 300 ]; do
		if [ "$(screen 2>/dev/null | sed 's/ *$//; /^$/d' | tail -1)" = "$1" ]; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
# fresh: an empty line on a clear screen, the prompt alone on it.
fresh() {
	tm send-keys -t sh C-u C-l
	wait_line '$' || echo "# the prompt did not come back"
}
typed() {
	tm send-keys -t sh -l -- "$1"
}

mkdir "$tmp/bin" "$tmp/work" || exit 99
printf '#!/bin/sh\nexec "%s" "$@"\n' "$MUSTER" >"$tmp/bin/muster"
chmod +x "$tmp/bin/muster"
# The roster of the completion cases, without what is unknown to the game: it must load.
grep -v -e no-such-entry -e no-such-faction "$top/tests/cli/cases/complete-units/roster.xml" >"$tmp/work/auk.xml" || exit 99
COMPLETION=${COMPLETION:-$top/completion/muster}
tries=0
until tm new-session -d -s sh -x 200 -y 40 \
	"env -i HOME='$tmp' TERM=xterm LC_ALL=C PATH='$tmp/bin':/usr/bin:/bin MUSTER_DATA_PATH='$MUSTER_DATA_PATH' bash --norc --noprofile" \
	2>"$tmp/tmux.err" && tm has-session -t sh 2>>"$tmp/tmux.err"; do
	tries=$((tries + 1))
	sed 's/^/# tmux: /' "$tmp/tmux.err"
	[ $tries -ge 3 ] && break
	tm kill-server >/dev/null 2>&1
	sleep 1
done
typed "cd '$tmp/work' && . '$COMPLETION' && PS1='\$ '"
tm send-keys -t sh Enter
ok_if "bash starts with the completion sourced" wait_line '$'

# gives PARTIAL LINE: PARTIAL and one Tab make the line LINE (what bash inserted, quoted as it
# is shown, and the blank after a complete word).
gives() {
	fresh
	typed "$1"
	tm send-keys -t sh Tab
	ok_if "'$1' + Tab gives '$2'" wait_for "\$ $2"
}
# lists PARTIAL WORD... [-- FORBIDDEN...]: PARTIAL and Tab Tab list every WORD (as bash
# shows them, quoted), and no FORBIDDEN word; the line is left as typed.
lists() {
	fresh
	p=$1
	shift
	typed "$p"
	tm send-keys -t sh Tab Tab
	why=
	forbid=
	wait_for "$1" || why="$1 not listed;"
	for w in "$@"; do
		if [ "$w" = -- ]; then
			forbid=1
		elif [ -z "$forbid" ] && ! screen | grep -qF -- "$w"; then
			why="$why $w not listed;"
		elif [ -n "$forbid" ] && screen | sed 1d | grep -qwF -- "$w"; then
			why="$why $w listed;"
		fi
	done
	[ "$(screen | sed 's/ *$//; /^$/d' | tail -1)" = "$(printf '$ %s' "$p" | sed 's/ *$//')" ] ||
		why="$why the line changed;"
	result "'$p' + Tab Tab lists $*" "$why"
}

# Option values, '=' a word break: regress --system=<Tab> giving --system=--system=.
lists "muster new army.xml --system=" duck duckhammer actionhammer -- --system=--system=
gives "muster new army.xml --system=duckh" "muster new army.xml --system=duckhammer "
gives "muster new army.xml --system duckh" "muster new army.xml --system duckhammer "
gives "muster new a.xml --system=duckhammer --size=great" "muster new a.xml --system=duckhammer --size=great-battle "
lists "muster new a.xml --system=duckhammer --faction=" impondium honk-legion quack-marines -- --faction=--faction=
# --field=: a field's name and "=" (no blank), then its value (issue 22).
gives "muster new a.xml --system=duckhammer --field=duckh" "muster new a.xml --system=duckhammer --field=duckheim="
gives "muster new a.xml --system=duckhammer --field=duckheim=t" "muster new a.xml --system=duckhammer --field=duckheim=true "
gives "muster export --format=ht" "muster export --format=html "
gives "muster export --st" "muster export --style="
gives "muster validate --format=x" "muster validate --format=xml "
gives "muster campaign battle x.xml --result=dr" "muster campaign battle x.xml --result=draw "
# set and remove: the units of the roster, by id and by name, quoted as bash needs them.
lists "muster set auk.xml " sq1 sgt vet "1st\\ Squad" "Au\\'k\\ Veteran" "Sergeant\\ O\\'Plume" \
	-- quack-marine goose-warden gw
gives "muster set auk.xml 1st" "muster set auk.xml 1st\\ Squad "
gives "muster remove auk.xml Au" "muster remove auk.xml Au\\'k\\ Veteran "
gives "muster remove auk.xml \"Au" "muster remove auk.xml \"Au'k Veteran\" "
gives "muster set auk.xml 'Ser" "muster set auk.xml 'Sergeant O'\\''Plume' "
lists "muster set auk.xml --list=honk " gw "Old\\ Gander" -- sq1 vet
# add: the entries of the faction of the list (impondium; honk-legion with --list).
lists "muster add auk.xml " quack-marine auk-veteran marine-sergeant -- goose-warden sq1
gives "muster add auk.xml --list=honk go" "muster add auk.xml --list=honk goose-warden "
# --option=: the options of the entry of the unit the line names, however it is quoted.
gives "muster set auk.xml sgt --option=ex" "muster set auk.xml sgt --option=extra-pistol "
gives "muster set auk.xml Au\\'k\\ Veteran --option=stu" "muster set auk.xml Au\\'k\\ Veteran --option=stubborn "
gives "muster set auk.xml \"Au'k Veteran\" --option=stu" "muster set auk.xml \"Au'k Veteran\" --option=stubborn "

# What was completed runs: the unit named through its quotes is removed.
fresh
typed "muster remove auk.xml \"Au"
tm send-keys -t sh Tab
wait_for "\$ muster remove auk.xml \"Au'k Veteran\" " || echo "# the name did not complete"
tm send-keys -t sh Enter
ok_if "the completed line runs" wait_for "Legality:"
if grep -q 'entry="auk-veteran"' "$tmp/work/auk.xml"; then
	not_ok "the unit is removed from the file"
else
	ok "the unit is removed from the file"
fi
tap_done
