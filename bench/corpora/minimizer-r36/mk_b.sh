set -e
S=/work/corpus-min36-scratch; export HOME=$S/home GIT_CONFIG_GLOBAL=$S/gitconfig CVSROOT=$S/b/cvsroot BRZ_EMAIL="Dana Okafor <dana@example.org>"
cd $S/b
# CVS
rm -rf cvsroot cvswork cvsimp; cvs -q -d $CVSROOT init
mkdir cvsimp; cp $S/c/ring/*.c $S/c/ring/*.h $S/c/ring/Makefile cvsimp/; cd cvsimp; cvs -q import -m "Initial import of ring" ring dana start >/dev/null; cd ..
cvs -q checkout -d cvswork ring >/dev/null; cd cvswork
sed -i 's/int v, sum = 0;/int v, sum = 0, n = 0;/' main.c; cvs -q commit -m "Count pops" main.c >/dev/null
sed -i 's/sum += v;/{ sum += v; n++; }/' main.c; cvs -q commit -m "Increment n" main.c >/dev/null
echo 'int ring_peek(ring *r, int *out);' >> ring.h
echo "notes" > NOTES.txt
cd $S/b
# Breezy
rm -rf brzrepo; mkdir brzrepo; cd brzrepo; brz init -q .; cp $S/sh/*.sh .; brz add -q; brz commit -q -m "Add shell helpers"
sed -i 's/set -eu/set -euo pipefail/' backup.sh; brz commit -q -m "Stricter backup"; echo "# extra" >> deploy.sh; echo tmp > new.txt
cd $S/b
# git-lfs repo
rm -rf lfsrepo; mkdir lfsrepo; cd lfsrepo; git init -q; git lfs install --local >/dev/null; git lfs track "*.bin" "*.png" >/dev/null
python3 -c "open('model.bin','wb').write(bytes(range(256))*400); open('logo.png','wb').write(b'\x89PNG\r\n\x1a\n'+bytes(3000))"; echo "# data" > README.md
git add -A; git commit -qm "Add assets via LFS"; python3 -c "open('model.bin','ab').write(b'more')"
# LLVM
cd $S/b/llvm; cp $S/c/ring/ring.c $S/c/ring/ring.h .; clang -O1 -S -emit-llvm ring.c -o ring.ll; clang -O1 -c ring.c -o ring.o; llvm-as ring.ll -o ring.bc
cat > bad.ll <<'L'
define i32 @add(i32 %a, i32 %b) {
entry:
  %s = add i32 %a, %c
  ret i64 %s
}
L
