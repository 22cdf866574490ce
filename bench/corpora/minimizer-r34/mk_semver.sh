set -e
S=/work/corpus-min34-scratch
export GIT_CONFIG_GLOBAL=$S/gitconfig HOME=$S/home
cd $S/py && rm -rf sv && mkdir sv && cd sv
src=$S/py/semantic_version-2.10.0
d=0
c() { d=$((d+1)); GIT_AUTHOR_DATE="2026-03-0${1}T1${d}:00:00Z" GIT_COMMITTER_DATE="2026-03-0${1}T1${d}:00:00Z" git commit -q "${@:2}"; }
git init -q .
cp -r $src/semantic_version . ; cp $src/setup.py $src/setup.cfg $src/LICENSE .
cp -r $src/tests . ; git add -A; c 2 -m "Add test suite"
cp -r $src/docs $src/README.rst $src/ChangeLog $src/CREDITS $src/tox.ini $src/Makefile $src/MANIFEST.in . ; git add -A; c 2 -m "Docs, changelog and tox config"
git tag -a v2.10.0 -m "Release 2.10.0"
mkdir -p docs/guide && git mv README.rst docs/guide/README.rst && sed -i '1,3s/semantic_version/semantic-version/' docs/guide/README.rst && git add -A && c 3 -m "Move README under docs/guide"
python3 -c "import zlib,struct;raw=b''.join(b'\x00'+bytes([(x*7+y*3)%256 for x in range(24)]*3) for y in range(24));ch=lambda t,d:struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d)&0xffffffff);open('docs/logo.png','wb').write(b'\x89PNG\r\n\x1a\n'+ch(b'IHDR',struct.pack('>IIBBBBB',24,24,8,2,0,0,0))+ch(b'IDAT',zlib.compress(raw))+ch(b'IEND',b''))"
git add -A; c 3 -m "Add logo"
git checkout -q -b feature/npm-ranges
sed -i 's/^class NpmSpec(BaseSpec):/class NpmSpec(BaseSpec):\n    """Node-style range spec (^, ~, x-ranges, hyphen ranges)."""/' semantic_version/base.py; git add -A; c 4 -m "Document NpmSpec"
printf '\n2.10.1 (unreleased)\n-------------------\n\n*Bugfix:*\n\n    * Clarify NpmSpec docstring\n' >> ChangeLog; git add -A; c 4 -m "Changelog entry for NpmSpec docs"
git checkout -q main
GIT_AUTHOR_DATE="2026-03-05T10:00:00Z" GIT_COMMITTER_DATE="2026-03-05T10:00:00Z" git merge -q --no-ff feature/npm-ranges -m "Merge branch 'feature/npm-ranges'"
python3 -c "import zlib,struct;raw=b''.join(b'\x00'+bytes([(x*11+y*5)%256 for x in range(32)]*3) for y in range(32));ch=lambda t,d:struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d)&0xffffffff);open('docs/logo.png','wb').write(b'\x89PNG\r\n\x1a\n'+ch(b'IHDR',struct.pack('>IIBBBBB',32,32,8,2,0,0,0))+ch(b'IDAT',zlib.compress(raw))+ch(b'IEND',b''))"
git add -A; c 6 -m "Bigger logo"
GIT_AUTHOR_NAME="Tomasz Lind" GIT_AUTHOR_EMAIL="tlind@example.net" c 7 --allow-empty -m "Trigger CI"
sed -i '0,/^envlist/s/^envlist.*/envlist = py39,py310,py311,py312/' tox.ini; git add -A; GIT_AUTHOR_NAME="Tomasz Lind" GIT_AUTHOR_EMAIL="tlind@example.net" c 7 -m "tox: test py39-py312"
git tag v2.10.1-dev
# worktree changes: two bugs, staged new file, untracked
python3 - <<'PY'
p='semantic_version/base.py'; s=open(p).read()
s=s.replace("""                minor=self.minor + 1,
                patch=0,""","""                minor=self.minor + 1,
                patch=self.patch,""",1)
s=s.replace("""                patch=self.patch + 1,
                partial=self.partial,""","""                patch=self.patch + 1,
                prerelease=self.prerelease,
                partial=self.partial,""",1)
open(p,'w').write(s)
PY
printf '[tool.ruff]\nline-length = 100\ntarget-version = "py39"\n' > ruff.toml; git add ruff.toml
printf 'debug = true\n' > local.cfg; mkdir -p notes; printf 'todo: caret ranges\n' > notes/todo.txt
