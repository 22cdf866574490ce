#!/bin/bash
# builds py/pd: pydash 8.1.0 sdist with a made-up history
set -e
S=/work/corpus-min35-scratch; export GIT_CONFIG_GLOBAL=$S/gitconfig HOME=$S/home
cd $S/py; rm -rf pd; cp -r pydash-8.1.0 pd; cd pd
git init -q
d(){ export GIT_AUTHOR_DATE="2026-0$1T10:00:00+00:00" GIT_COMMITTER_DATE="2026-0$1T10:00:00+00:00"; }
d 3-01; git add -A; git commit -qm "Import pydash 8.1.0 sdist"; git tag v8.1.0
d 3-03; git mv CHANGELOG.rst docs/CHANGELOG.rst; git commit -qm "Move changelog under docs/"
d 3-05; python3 -c "import random;random.seed(7);open('docs/logo.png','wb').write(bytes([137,80,78,71,13,10,26,10])+bytes(random.randrange(256) for _ in range(3000)))"; git add docs/logo.png; git commit -qm "Add project logo"
d 3-07; git checkout -qb feature/slugify-sep
sed -i 's/^__version__ = .*/__version__ = "8.1.1.dev0"/' src/pydash/__init__.py
printf '\n8.1.1 (unreleased)\n------------------\n\n- Document slugify separators.\n' >> docs/CHANGELOG.rst
git commit -qam "Bump dev version, changelog entry"
d 3-09; git checkout -q main; git merge -q --no-ff feature/slugify-sep -m "Merge branch 'feature/slugify-sep'"
d 3-11; GIT_AUTHOR_NAME="Lee Park" GIT_AUTHOR_EMAIL=lee@example.net git commit -q --allow-empty -m "ci: retrigger"
d 3-12; GIT_AUTHOR_NAME="Lee Park" GIT_AUTHOR_EMAIL=lee@example.net bash -c 'printf "[pytest]\naddopts = -p no:cacheprovider\n" > pytest.ini && git add pytest.ini && git commit -qm "Add pytest.ini"'
git branch release/8.2
# worktree: two bugs in strings.py, a staged file, untracked
python3 - <<'P'
p='src/pydash/strings.py'; s=open(p).read()
s=s.replace('    return text.rstrip(chars)\n','    return text.strip(chars)\n',1)
s=s.replace('    return "_".join(word.lower() for word in compounder(text) if word)','    return "_".join(word for word in compounder(text) if word)',1)
open(p,'w').write(s)
P
printf 'line-length = 100\n[lint]\nselect = ["E", "F", "B", "UP"]\n' > ruff.toml; git add ruff.toml
printf 'scratch notes\n' > NOTES.txt; mkdir -p tmp && echo x > tmp/out.log
