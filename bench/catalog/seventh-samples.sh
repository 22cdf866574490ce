#!/bin/bash
# The sample inputs the seventh pass's forms read (tracer.py --forms seventh.tsv): LZ4, gzip and
# zstd files, LLVM IR, a Coq source, a cachegrind and a massif profile, two unified diffs, two
# control files, a PNG image, a gzip tarball, a BSD makefile. Made once, outside the sandbox, in
# the directory named (default target/catalog-samples-seventh); each form gets a copy.
set -euo pipefail
out=${1:-$(dirname "$0")/../../target/catalog-samples-seventh}
rm -rf "$out" && mkdir -p "$out/home" && cd "$out"
export HOME=$PWD/home XDG_CACHE_HOME=$PWD/home/.cache XDG_CONFIG_HOME=$PWD/home/.config XDG_DATA_HOME=$PWD/home/.local/share
printf 'one line of text\n' > f && lz4 -q f f.lz4 && gzip -c f > f.gz && zstd -q f -o f.zst && rm f
printf 'define i32 @h(i32 %%a) {\n  %%p = alloca i32\n  store i32 %%a, i32* %%p\n  %%v = load i32, i32* %%p\n  ret i32 %%v\n}\n' > h.ll
printf 'Definition two := 2.\n(* a comment *)\nLemma l : two = 2.\nProof. reflexivity. Qed.\n' > t.v
printf 'int main(void){int s=0;for(int i=0;i<10;i++)s+=i;return s==45?0:1;}\n' > m.c && gcc -g -O0 m.c -o m
valgrind -q --tool=cachegrind --cachegrind-out-file=cg.out ./m && valgrind -q --tool=massif --massif-out-file=ms.out ./m
valgrind -q --tool=callgrind --callgrind-out-file=cgr.out ./m
cp cg.out cg2.out
printf -- '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n' > a.diff
printf -- '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+C\n' > b.diff
printf -- '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-B\n+C\n' > c.diff
printf 'Package: a\nVersion: 1\n\nPackage: b\nVersion: 2\n' > a.ctl
printf 'Package: a\nSection: x\n\nPackage: b\nSection: y\n' > b.ctl
printf 'P3\n2 2\n255\n255 0 0 0 255 0\n0 0 255 255 255 255\n' > p.ppm && convert p.ppm p.png && rm p.ppm
mkdir d && printf 'x\n' > d/a && tar czf d.tar.gz d
printf 'all:\n\t@echo all\nbuild:\n\t@echo built > built.txt\n' > Makefile
printf 'one line of text\n' > notes.txt
printf -- "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a long\n line\n+b\n" > wrapped.diff
