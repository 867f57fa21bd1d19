#!/bin/sh
# `muster edit` driven like a player at a terminal: in a tmux pane (its own server socket),
# keys are sent with send-keys and the screen read with capture-pane. Entry ids, options and
# units are typed in part and finished with Tab. Two armies are built from nothing (an empty
# roster from `muster new`): a legal 300-AP Duckhammer army, and a 2000-point ActionHammer
# army with a Leader attached to its Bodyguard (AH-7). Each wait polls the screen a bounded
# number of times; none is a bare sleep. Skipped (exit 77) when tmux is not installed.
# Prints TAP. Needs MUSTER, MUSTER_DATA_PATH and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
temp_dir tmux
# One tmux server (socket) per army, so that the second never races the first one's exit.
sock=muster-test-$$-0
tmux_pane=edit
tmux_history=200
. "$top/tests/tmux.sh"
tap_cleanup() {
	for s in 1 2 3; do tmux -L "muster-test-$$-$s" kill-server >/dev/null 2>&1; done
}
tap_show() {
	tm capture-pane -p -t edit 2>/dev/null | sed 's/^/# /' | tail -25
}
# wait_tail LINE: polls the screen (as wait_for) until one of its last three lines is LINE: the
# answer to the last command, not an earlier one, without racing the terminal.
wait_tail() {
	i=0
	while [ $i -lt 300 ]; do
		if screen 2>/dev/null | sed 's/ *$//; /^$/d' | tail -3 | grep -qxF -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
# wait_prompt: the last line of the screen is the prompt, with nothing typed after it.
wait_prompt() {
	i=0
	while [ $i -lt 300 ]; do
		if [ "$(screen 2>/dev/null | sed 's/ *$//; /^$/d' | tail -1)" = "muster>" ]; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
keys() {
	tm send-keys -t edit "$@"
}
# typed TEXT: sends TEXT as typed characters (it may start with a dash).
typed() {
	tm send-keys -t edit -l -- "$1"
}
servers=0
start() {
	servers=$((servers + 1))
	sock=muster-test-$$-$servers
	# A loaded machine may refuse a new server now and then: a few tries, each checked.
	tries=0
	until tm new-session -d -s edit -x 160 -y 50 \
		"env LC_ALL=C MUSTER_DATA_PATH='$MUSTER_DATA_PATH' '$MUSTER' edit '$1'; echo EDIT-EXIT=\$?; sleep 60" \
		2>"$tmp/tmux.err" && tm has-session -t edit 2>>"$tmp/tmux.err"; do
		tries=$((tries + 1))
		sed 's/^/# tmux: /' "$tmp/tmux.err"
		[ $tries -ge 3 ] && break
		tm kill-server >/dev/null 2>&1
		sleep 1
	done
	ok_if "$2: the prompt comes" wait_prompt
}
# complete PARTIAL EXPECTED NAME: types PARTIAL, presses Tab, and the line shows EXPECTED.
complete() {
	typed "$1"
	keys Tab
	if wait_for "muster> $2"; then ok "$3: '$1' + Tab gives '$2'"; else not_ok "$3: '$1' + Tab gives '$2'"; fi
}
# enter REST NAME: types REST, Enter, and waits for the next prompt.
enter() {
	[ -n "$1" ] && typed "$1"
	keys Enter
	ok_if "$2" wait_prompt
}

# --- without GNU readline: a plain prompt, and the edit still works -------------------------
# A build configured --without-readline (make check sets MUSTER_READLINE=no) reads plain lines
# at a terminal: nothing completes with Tab, so only this part runs.
if [ "${MUSTER_READLINE:-yes}" = no ]; then
	nr=$tmp/nr.xml
	"$MUSTER" new "$nr" --system=duckhammer --size=large-skirmish --faction=impondium >/dev/null ||
		echo "Bail out! muster new failed"
	start "$nr" "no readline"
	ok_if "no readline: the plain prompt is explained" wait_for "Type 'help' for the commands, 'quit' to leave."
	enter "add quack-marine 10" "no readline: a line is read"
	ok_if "no readline: the unit is added" wait_for "70 of 300 AP, 230 left"
	typed "quit"
	keys Enter
	ok_if "no readline: quit exits 0" wait_for "EDIT-EXIT=0"
	if grep -c '<unit ' "$nr" | grep -qx 1; then ok "no readline: the unit is in the file"; else not_ok "no readline: the unit is in the file"; fi
	tap_done
	exit
fi

# --- a legal 300-AP Duckhammer army ---------------------------------------------------------
dh=$tmp/dh.xml
"$MUSTER" new "$dh" --system=duckhammer --size=large-skirmish --faction=impondium >/dev/null ||
	echo "Bail out! muster new failed"
start "$dh" "duckhammer"
complete "ad" "add " "duckhammer"
complete "quack-m" "add quack-marine " "duckhammer"
enter "10" "duckhammer: add quack-marine 10"
ok_if "duckhammer: the total and the points left" wait_for "70 of 300 AP, 230 left"
ok_if "duckhammer: a tracker" wait_for "Units of one model (Quack Marine) 1/3 [DH-5]"
keys Up
if wait_for "muster> add quack-marine 10"; then ok "duckhammer: Up recalls the last line"; else not_ok "duckhammer: Up recalls the last line"; fi
enter "" "duckhammer: the second squad, from the history"
enter "add quack-marine 10" "duckhammer: the third squad"
complete "add marine-s" "add marine-sergeant " "duckhammer"
complete "--opt" "add marine-sergeant --option=" "duckhammer"
complete "tr" "add marine-sergeant --option=trained " "duckhammer"
enter "" "duckhammer: a sergeant, trained"
enter "add marine-recruit 20" "duckhammer: twenty recruits"
ok_if "duckhammer: 284 of 300 AP" wait_for "284 of 300 AP, 16 left"
enter "add quack-marine 1" "duckhammer: a fourth Quack Marine unit"
ok_if "duckhammer: the violation shows at once" wait_for "error: DH-5"
enter "undo" "duckhammer: undo"
ok_if "duckhammer: legal again after undo" wait_tail "Legality: legal"
# Regress: remove offered the options of add; its own table has --list only.
complete "remove 4 --" "remove 4 --list=" "duckhammer"
keys C-u
ok_if "duckhammer: the line is cleared" wait_prompt
complete "set 4 --mod" "set 4 --models=" "duckhammer"
enter "1" "duckhammer: set models"
typed "quit"
keys Enter
ok_if "duckhammer: quit exits 0" wait_for "EDIT-EXIT=0"
if "$MUSTER" validate "$dh" >"$tmp/v" 2>&1; then
	ok "duckhammer: the saved army is legal"
else
	not_ok "duckhammer: the saved army is legal" "$tmp/v"
fi
if grep -c '<unit ' "$dh" | grep -qx 5 && grep -qF '<option id="trained"/>' "$dh"; then
	ok "duckhammer: five units and the option are in the file"
else
	not_ok "duckhammer: five units and the option are in the file" "$dh"
fi

# --- a 2000-point ActionHammer army, a Leader with its Bodyguard ---------------------------
ah=$tmp/ah.xml
"$MUSTER" new "$ah" --system=actionhammer --size=2000 --faction=task-force-granite >/dev/null ||
	echo "Bail out! muster new failed"
start "$ah" "actionhammer"
complete "add gran" "add granite-troopers " "actionhammer"
enter "10" "actionhammer: ten Granite Troopers"
complete "add field-c" "add field-commander " "actionhammer"
complete "--att" "add field-commander --attach=" "actionhammer"
enter "1" "actionhammer: a Field Commander joins them"
ok_if "actionhammer: the Leader is shown joining unit 1" wait_for "joins 1"
enter "add recon-rangers 10" "actionhammer: rangers"
enter "add outrider-bikes 3" "actionhammer: bikes"
enter "add granite-troopers 5" "actionhammer: more troopers"
ok_if "actionhammer: 20 points over, shown" wait_for "Points 2020/2000 pts [AH-1]  over"
complete "set 5 --mod" "set 5 --models=" "actionhammer"
enter "4" "actionhammer: four troopers"
ok_if "actionhammer: 1960 of 2000" wait_for "Points 1960/2000 pts [AH-1]"
ok_if "actionhammer: the Leaders tracker" wait_for "Leaders per 1000 points 1/2 [AH-3]"
keys C-d
ok_if "actionhammer: Ctrl-D leaves" wait_for "EDIT-EXIT=0"
if "$MUSTER" validate "$ah" >"$tmp/v" 2>&1; then
	ok "actionhammer: the saved army is legal"
else
	not_ok "actionhammer: the saved army is legal" "$tmp/v"
fi
ok_if "actionhammer: the Leader is attached in the file" grep -qF 'attach="granite-troopers-1"' "$ah"


# --- names as players write them, options in the catalog's order ---------------------------
# Unquoted names of several words, an apostrophe in a word, a Character without its quotes,
# any case, a unique prefix; a prefix of several entries is refused naming them. Taking
# Unflinching first, then Stubborn and Trained, writes them in the catalog's order.
nm=$tmp/nm.xml
"$MUSTER" new "$nm" --system=duckhammer --size=large-skirmish --faction=impondium >/dev/null ||
	echo "Bail out! muster new failed"
start "$nm" "names"
enter "add Quack Marine 5" "names: add Quack Marine 5, unquoted"
ok_if "names: five Quack Marines" wait_for "35 of 300 AP, 265 left"
enter "add Au'k Veteran" "names: add Au'k Veteran, an apostrophe in a word"
ok_if "names: the Au'k Veteran is added" wait_for "Units of one model (Au'k Veteran) 1/3 [DH-5]"
enter "add lord commander mallardine" "names: a Character without its quotes, in lower case"
ok_if "names: the Character is added" wait_for 'Copies of a Character ("Lord Commander Mallardine") 1/1 [DH-9]'
enter "add marine" "names: a prefix of four entries"
ok_if "names: the prefix is refused, naming them" wait_for "'marine' starts the names of 4 entries: 'Marine Recruit' (marine-recruit)"
enter "set au'k vet --option=unflinching" "names: set names a unit by the start of its name"
enter "set Au'k Veteran --option=stubborn --option=trained" "names: and by its whole name"
typed "quit"
keys Enter
# The army is not legal yet (DH-4, DH-10 for Trained at Grade 1): quit says so by its status.
ok_if "names: quit exits 2" wait_for "EDIT-EXIT=2"
if tr -d ' \n' <"$nm" | grep -qF '<optionid="stubborn"/><optionid="trained"/><optionid="unflinching"/>'; then
	ok "names: the options are in the catalog's order"
else
	not_ok "names: the options are in the catalog's order" "$nm"
fi
if grep -c '<unit ' "$nm" | grep -qx 3; then ok "names: three units in the file"; else not_ok "names: three units in the file" "$nm"; fi

tap_done
