#!/bin/bash
# The sample inputs the sixth pass's forms read (tracer.py --forms sixth.tsv): a pixz tarball, a
# FLAC and an Ogg Vorbis file, a JPEG, a PNG and a WebP image, a gcov notes file, pod, an Info
# file, Debian package indexes and a .deb, a Subversion authz file, three texts to merge, Python
# and Perl sources, a zip archive, a C enum header and a marshaller list. Made once, outside the
# sandbox, in the directory named (default target/catalog-samples-sixth); each form gets a copy.
set -euo pipefail
out=${1:-$(dirname "$0")/../../target/catalog-samples-sixth}
rm -rf "$out" && mkdir -p "$out/home" && cd "$out"
export HOME=$PWD/home XDG_CACHE_HOME=$PWD/home/.cache XDG_CONFIG_HOME=$PWD/home/.config XDG_DATA_HOME=$PWD/home/.local/share
mkdir d && printf 'x\n' > d/a && tar cf - d | pixz > w.tpxz && rm -r d
python3 -c "import wave,struct;w=wave.open('t.wav','wb');w.setnchannels(1);w.setsampwidth(2);w.setframerate(8000);w.writeframes(b''.join(struct.pack('<h',(i*37)%3000) for i in range(8000)));w.close()"
flac -s t.wav -o t.flac
oggenc -Q -c TITLE=w t.wav -o t.ogg
printf 'P3\n2 2\n255\n255 0 0 0 255 0\n0 0 255 255 255 255\n' > p.ppm
cjpeg p.ppm > p.jpg
convert p.ppm p.png
convert p.ppm a.tif && cp a.tif b.tif
cwebp -quiet p.jpg -o p.webp
printf 'int main(void){return 0;}\n' > o.c && gcc --coverage -c o.c -o o.o
printf '=head1 NAME\n\nwidget - a tool\n\n=head1 SYNOPSIS\n\n  widget [opts]\n\n=head1 DESCRIPTION\n\nThe widgit makes widgets.\n\n=cut\n' > w.pod
printf 'INFO-DIR-SECTION Dev\nSTART-INFO-DIR-ENTRY\n* W: (w). Widget.\nEND-INFO-DIR-ENTRY\n\x1f\nFile: w.info, Node: Top\n\nW\n' > w.info
install-info --dir-file=dir w.info >/dev/null 2>&1 || true
mkdir -p pkg/DEBIAN pkg/usr/share/w && printf 'Package: wdemo\nVersion: 1.0\nArchitecture: all\nMaintainer: t <t@t>\nDescription: demo\n' > pkg/DEBIAN/control && printf 'x\n' > pkg/usr/share/w/x && mkdir -p debs && dpkg-deb -b pkg debs/wdemo_1.0_all.deb >/dev/null && rm -rf pkg
printf 'Package: b\nVersion: 1\n\nPackage: a\nVersion: 2\n' > P
printf '[groups]\ndev = a, b\n[/]\n@dev = rw\n* = r\n' > authz
printf 'a\nb\nc\n' > base && printf 'a\nB\nc\n' > mine && printf 'a\nb\nC\n' > theirs
printf 'def add(a, b):\n    # sum\n    return a + b\n' > u.py
printf '#!/usr/bin/perl\n# a comment\nprint "x\\n";\n' > u.pl
printf 'one line of text\n' > notes.txt
printf "CHECK: one\n" > chk.txt
zip -q w.zip notes.txt u.py u.pl
printf 'typedef enum {\n  W_ONE,\n  W_TWO\n} WKind;\n' > e.h
printf 'VOID:INT\nBOOLEAN:STRING,INT\n' > m.list
