#!/bin/sh
# run.sh - fault injection through the real command line: every system call of a save fails
# in turn, and the user's file must survive; printed as TAP
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# `muster campaign xp` records a ledger entry into a copy of doc/examples/impondium-campaign.xml
# with tests/fault/libfault.so preloaded (fault.c; built by make check), which fails one call of
# the save's with a chosen errno.  The save is made in two steps (save_begin, save_commit: the
# new text is written before it is checked): the open of the directory, its lock, the
# temporary's creation (openat 2; openat 1 lists the directory for stale temporaries, a best
# effort), its writing, its close (close 1), then the reopening of the file to check that it
# is unchanged (openat 3; close 2 is the check's, of a file only read), the link and
# renames.  For each row:
#   - the fault must have been injected (the interposer logs it);
#   - before the rename: exit 2, the file byte for byte as it was, NAME~ as it was, no
#     temporary file left, and one message that names the step and its system call, the
#     reason (strerror) and says the file is unchanged;
#   - after the rename (the directory's fsync): exit 2, the file is the new version,
#     NAME~ the old one, and the message says it was saved but not flushed;
#   - the rename of the previous version over NAME~ (after the file's): exit 2, the file is
#     new, NAME~ untouched, and the previous version is kept where the message says.
# A summary line prints the matrix.  Skipped when the program is built with a sanitizer
# (LD_PRELOAD must come first there) or libfault.so is missing.
#
# Environment: MUSTER, srcdir, builddir (where tests/fault/libfault.so is), MUSTER_DATA_PATH.

: "${srcdir:=$(dirname "$0")/../..}"
: "${builddir:=.}"
. "$srcdir/tests/tap.sh"
: "${MUSTER:=$PWD/src/muster}"
lib=$(cd "$builddir" && pwd)/tests/fault/libfault.so
[ -f "$lib" ] || skip_all "no $lib"
if nm -D "$MUSTER" 2>/dev/null | grep -q '__asan_init\|__ubsan'; then
	skip_all "$MUSTER is built with a sanitizer, which must be loaded first"
fi
temp_dir fault
orig=$top/doc/examples/impondium-campaign.xml

# CALL:N:ERRNO  words that the message must hold
matrix='diropen:1:EIO|cannot open its directory (open)|Input/output error
diropen:1:EPERM|cannot open its directory (open)|Operation not permitted
flock:1:EIO|lock its directory against other saves (flock)|Input/output error
openat:2:EIO|temporary file beside it (openat)|Input/output error
openat:2:ENOSPC|temporary file beside it (openat)|No space left on device
openat:3:EIO|read it again to check that it is unchanged (read)|Input/output error
fchmod:1:EPERM|permissions (fchmod)|Operation not permitted
write:1:EIO|write the temporary file (write)|Input/output error
write:1:ENOSPC|write the temporary file (write)|No space left on device
write:1:EDQUOT|write the temporary file (write)|Disk quota exceeded
write:1:short|write the temporary file (write)|Input/output error
fsync:1:EIO|flush the temporary file to disk (fsync)|Input/output error
fsync:1:ENOSPC|flush the temporary file to disk (fsync)|No space left on device
close:1:EIO|close the temporary file (close)|Input/output error
close:1:EDQUOT|close the temporary file (close)|Disk quota exceeded
linkat:1:EIO|previous version as NAME~ (link)|Input/output error
linkat:1:EPERM|previous version as NAME~ (link)|Operation not permitted
renameat:1:EIO|replace the file with the temporary file (rename)|Input/output error
renameat:1:EROFS|replace the file with the temporary file (rename)|Read-only file system
renameat:2:EIO|previous version could not be kept as NAME~ (rename)|Input/output error
fsync:2:EIO|directory could not be flushed to disk (fsync)|Input/output error'
echo "1..$(printf '%s\n' "$matrix" | wc -l)"
summary=
while IFS='|' read -r spec words reason; do
	rm -rf "$tmp/d"
	mkdir "$tmp/d"
	cp "$orig" "$tmp/d/c.xml"
	printf 'an older version\n' >"$tmp/d/c.xml~"
	MUSTER_FAULT=$spec MUSTER_FAULT_LOG=$tmp/log MUSTER_FAULT_DIR=$tmp/d LD_PRELOAD=$lib \
		"$MUSTER" campaign xp "$tmp/d/c.xml" sq1 7 --date=2026-09-20 \
		>"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	fired=$(cat "$tmp/log" 2>/dev/null)
	rm -f "$tmp/log"
	left=$(ls -A "$tmp/d" | grep -v '^c\.xml~\{0,1\}$')
	why=
	case $left in
	.c.xml.*~) [ "$spec" = renameat:2:EIO ] && left= ;;
	esac
	case $spec in
	fsync:2:*) after=yes ;;
	renameat:2:*) after=backup ;;
	*) after=no ;;
	esac
	if [ "$after" = backup ]; then
		# The previous version is kept under the temporary name the message gives.
		kept=$(sed -n 's/.*; it is in \(.*\)$/\1/p' "$tmp/err")
		if [ -n "$kept" ] && [ -f "$kept" ] && cmp -s "$orig" "$kept"; then
			rm -f "$kept"
		else
			left="the previous version is not where the message says: '$kept'"
		fi
	fi
	if [ -z "$fired" ]; then
		why="the fault was never injected"
	elif [ "$rc" -ne 2 ]; then
		why="exit status $rc, not 2"
	elif [ -n "$left" ]; then
		why="left behind: $left"
	elif ! grep -qF "$words" "$tmp/err" || ! grep -qF "$reason" "$tmp/err"; then
		why="the message does not name '$words' and '$reason'"
	elif [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
		why="$(wc -l <"$tmp/err") lines of messages, not one"
	elif [ "$after" = no ]; then
		if ! cmp -s "$orig" "$tmp/d/c.xml"; then
			why="the file changed"
		elif [ "$(cat "$tmp/d/c.xml~")" != "an older version" ]; then
			why="NAME~ changed"
		elif ! grep -qF "the file is unchanged" "$tmp/err"; then
			why="the message does not say the file is unchanged"
		fi
	else
		if cmp -s "$orig" "$tmp/d/c.xml" || ! grep -q 'ledger' "$tmp/d/c.xml"; then
			why="the file is not the new version"
		elif [ "$after" = yes ] && ! cmp -s "$orig" "$tmp/d/c.xml~"; then
			why="NAME~ is not the previous version"
		elif [ "$after" = backup ] && [ "$(cat "$tmp/d/c.xml~")" != "an older version" ]; then
			why="NAME~ changed though it could not be replaced"
		elif ! grep -qF "saved, but" "$tmp/err"; then
			why="the message does not say it was saved"
		fi
	fi
	if [ -z "$why" ]; then
		case $after in
		yes) ok "$spec: exit 2, saved, NAME~ the previous file" ;;
		backup) ok "$spec: exit 2, saved, NAME~ intact, the previous file kept aside" ;;
		*) ok "$spec: exit 2, file and NAME~ intact" ;;
		esac
	else
		result "$spec" "$why" "$tmp/err"
	fi
	summary="$summary $spec"
done <<EOF2
$matrix
EOF2
echo "# fault matrix: $k faults injected through the command line, $fails files lost or wrong"
[ "$fails" -eq 0 ]
