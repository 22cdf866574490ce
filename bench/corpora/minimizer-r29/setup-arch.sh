#!/bin/bash
# archives for the arch- runs, built from the npm tree installed in js/
S=/work/corpus-r29/scratch; cd $S/arch; rm -f *.tar* *.7z *.cpio* *.lz4 *.zst
tar --sort=name --mtime='2026-11-01 00:00Z' --owner=0 --group=0 -cf es-abstract.tar -C $S/js/node_modules es-abstract
tar --sort=name --mtime='2026-11-01 00:00Z' --owner=0 --group=0 -cf tapjs.tar -C $S/js/node_modules @tapjs lodash
zstd -q -19 -f es-abstract.tar -o es-abstract.tar.zst
lz4 -q -f tapjs.tar tapjs.tar.lz4
(cd $S/js/node_modules && find jshint -type f | sort | cpio -o -H newc --quiet) > jshint.cpio
7z a -bd -bso0 lodash.7z $S/js/node_modules/lodash >/dev/null
cp es-abstract.tar.zst broken.tar.zst; truncate -s 60000 broken.tar.zst
head -c 90000 lodash.7z > broken.7z
