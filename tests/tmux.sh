# tmux.sh - what the terminal tests share: a tmux server of their own, its screen, and bounded
# waits on it. Sourced after tap.sh and temp_dir:
#     . "${srcdir:-.}/tests/tmux.sh"
# It is POSIX sh, like tap.sh. Skips the whole script (exit 77) when tmux is not installed.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# The script sets
#   sock                     the server's socket name (tm reads it at each call, so a script
#                            may start a new server by changing it)
#   tmux_pane                the session the screen is read from
#   tmux_history             how many lines above the screen capture-pane reads (0: none)
# and gets
#   tm ARGS...               tmux on the script's own server, with no configuration file
#   screen                   the pane's text, wrapped lines joined
#   wait_for TEXT            polls the screen (at most 300 times, 0.1 s apart) until a line
#                            holds TEXT (a fixed string); fails after that
# The sockets live in the test's temporary directory, removed at the end.
command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed" 77
TMUX_TMPDIR=$tmp
export TMUX_TMPDIR
unset TMUX
tmux_history=0
tm() {
	tmux -L "$sock" -f /dev/null "$@"
}
screen() {
	if [ "$tmux_history" -gt 0 ]; then
		tm capture-pane -p -J -S "-$tmux_history" -t "$tmux_pane"
	else
		tm capture-pane -p -J -t "$tmux_pane"
	fi
}
wait_for() {
	tmux_i=0
	while [ $tmux_i -lt 300 ]; do
		if screen 2>/dev/null | grep -qF -- "$1"; then
			return 0
		fi
		sleep 0.1
		tmux_i=$((tmux_i + 1))
	done
	return 1
}
