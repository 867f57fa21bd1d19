# tap.sh - the TAP helpers of the shell tests, sourced by them: . "${srcdir:-.}/tests/tap.sh"
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
#   ok NAME              a test passed
#   not_ok NAME [FILE]...  a test failed; each FILE is shown as TAP comments (its first 40
#                        lines); with no FILE, tap_show runs, which a script may define to show
#                        what its failures need (its last command's output, a tmux screen)
# k counts the tests and fails the failures: a script ends with
#   echo "1..$k"
#   test "$fails" -eq 0
k=0
fails=0
ok() {
	k=$((k + 1))
	echo "ok $k - $1"
}
not_ok() {
	k=$((k + 1))
	fails=$((fails + 1))
	echo "not ok $k - $1"
	shift
	if [ $# -eq 0 ]; then
		tap_show
		return 0
	fi
	for tap_file in "$@"; do
		[ -f "$tap_file" ] && sed 's/^/# /' "$tap_file" | head -40
	done
	return 0
}
tap_show() {
	:
}
