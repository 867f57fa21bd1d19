#!/bin/sh
# Generate ./configure and friends (autoreconf, autopoint).
# With --install-deps, first install the Debian 12 packages Muster builds and tests with
# (as root, or through sudo when run as another user); .ci/run installs the same list.
set -e
cd "$(dirname "$0")"
if [ "${1-}" = "--install-deps" ]; then
	pkgs="build-essential autoconf automake autopoint gettext pkg-config
	      libxml2-dev libxml2-utils libpcre2-dev libzip-dev libcsv-dev libcriterion-dev nettle-dev
	      chromium poppler-utils python3 cmark-gfm libreadline-dev tmux strace
	      valgrind gcovr clang"
	if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
	$sudo apt-get update
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $pkgs </dev/null
fi
autoreconf -fi
