#!/bin/sh
# Every file or directory README.md names (a `path` in backquotes with a slash, or a
# top-level file such as NEWS) exists in the tree given as $1 (default: the source directory): run by
# make distcheck's hook on the unpacked distribution, so the tarball holds all README names.
# Prints the missing ones and exits 1 when there are any.
set -u
top=${srcdir:-.}
tree=${1:-$top}
missing=
for p in $(grep -o '`[^` ]*`' "$top/README.md" | tr -d '`' | sort -u); do
	case $p in
	~* | *'*'* | *'$'* | *'<'* | -* | *=* | http*) continue ;;
	# Installed paths, and the hypothetical file of README's layered-data example.
	share/* | catalogs/duckhammer/my-faction.xml) continue ;;
	*/*) ;;
	README.md | NEWS | COPYING | AUTHORS | autogen.sh) ;;
	*) continue ;;
	esac
	# A path such as rules-xml/<system>.xml or catalogs/<system>/ is a pattern, not a file.
	p=${p%/}
	# src/muster is built, not distributed.
	[ "$p" = src/muster ] || [ -e "$tree/$p" ] || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "README.md names what $tree does not hold:$missing" >&2
	exit 1
fi
exit 0
