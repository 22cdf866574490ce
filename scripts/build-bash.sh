#!/bin/sh
# Builds an old GNU bash (default 3.2, the release macOS's /bin/bash, 3.2.57, is a patch of) into target/bash-<ver>/,
# so that the bash-version tests (`cargo test --release -- --ignored bash_3_2`) run against it
# on Linux. Source: a git repository holding bash's release history (GNU's releases imported as
# commits), by default https://github.com/bminor/bash; BASH_GIT=<path or URL> to use another copy.
#
#   sh scripts/build-bash.sh                # 3.2 -> target/bash-3.2/bin/bash
#   sh scripts/build-bash.sh <commit> <dir> # another release
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
ref=${1:-0628567a}   # "Imported from ../bash-3.2.tar.gz." (3.2.48's commit needs bison: its y.tab.c is stale)
out=${2:-$root/target/bash-3.2}
git=${BASH_GIT:-https://github.com/bminor/bash}
if [ -x "$out/bin/bash" ]; then echo "$out/bin/bash"; exit 0; fi
src=$(mktemp -d "${TMPDIR:-/tmp}/bash-src.XXXXXX")
trap 'rm -rf "$src"' EXIT
case "$git" in
  /*) git -C "$git" archive "$ref" | tar -x -C "$src" ;;
  *) git clone --quiet "$git" "$src/repo" && git -C "$src/repo" archive "$ref" | tar -x -C "$src" && rm -rf "$src/repo" ;;
esac
cd "$src"
# Old sources against a current compiler: C89 declarations, no warnings-as-errors.
CFLAGS="-O1 -std=gnu89 -w -fcommon" ./configure --quiet --prefix="$out" --without-bash-malloc --disable-nls >/dev/null
make -s -j2 >/dev/null 2>&1 || make -j1
make -s install >/dev/null
"$out/bin/bash" -c 'echo "built bash $BASH_VERSION"' >&2
echo "$out/bin/bash"
