#!/bin/sh
# Writes packages.txt: the packages whose executables the catalog measures, one a line.
#  - Debian 12's packages of priority required, important and standard (from apt's own lists,
#    `apt-cache dumpavail`, after `apt-get update`);
#  - Docker's buildpack-deps:bookworm set (buildpack-deps-packages.txt);
#  - common developer packages (developer-packages.txt).
# Install them with: apt-get install -y --no-install-recommends $(cat packages.txt)
set -eu
cd "$(dirname "$0")"
{
  apt-cache dumpavail | awk '/^Package:/{n=$2} /^Priority:/{if($2=="required"||$2=="important"||$2=="standard") print n}'
  grep -hv '^#' buildpack-deps-packages.txt developer-packages.txt | tr ' ' '\n'
} | grep . | sort -u > packages.txt
wc -l < packages.txt
