#!/bin/bash
# builds py/dd: deepdiff 9.1.0 sdist with a short git history and a dirty worktree
set -e
S=/work/corpus-min37-scratch; export GIT_CONFIG_GLOBAL=$S/gitconfig HOME=$S/home
mkdir -p $S/py; cd $S/py; rm -rf dd; cp -a $S/src/deepdiff-9.1.0 dd; cd dd
d() { export GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1"; }
git init -q; d "2026-11-18T09:12:00+01:00"; git add -A; git commit -qm "Import deepdiff 9.1.0 from PyPI sdist"; git tag -a v9.1.0 -m "deepdiff 9.1.0 as released"
d "2026-11-19T14:03:00+01:00"; mkdir -p docs/history; git mv CHANGELOG.md docs/history/CHANGELOG.md; sed -i 's/CHANGELOG.md/docs\/history\/CHANGELOG.md/' MANIFEST.in 2>/dev/null || true
GIT_AUTHOR_NAME="Tomasz Wróbel" GIT_AUTHOR_EMAIL="tomasz@example.org" git commit -qam "docs: move CHANGELOG under docs/history" ; git add -A; git commit -q --amend --no-edit
d "2026-11-20T10:40:00+01:00"; mkdir -p docs/_static; python3 -c "
import zlib,struct,random
random.seed(7)
def ch(t,d): return struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d)&0xffffffff)
raw=b''.join(b'\x00'+bytes(random.randrange(256) for _ in range(96*3)) for _ in range(64))
open('docs/_static/delta-flow.png','wb').write(b'\x89PNG\r\n\x1a\n'+ch(b'IHDR',struct.pack('>IIBBBBB',96,64,8,2,0,0,0))+ch(b'IDAT',zlib.compress(raw))+ch(b'IEND',b''))"
git add docs/_static; git commit -qm "docs: add delta flow diagram"
git checkout -q -b feature/cache-stats
d "2026-11-21T16:22:00+01:00"; cat >> deepdiff/lfucache.py <<'PY'


def cache_stats(cache: "LFUCache") -> dict:
    """Return a small summary of an LFU cache: size and configured capacity."""
    return {"size": len(cache.cache), "capacity": cache.capacity}
PY
cat > tests/test_cache_stats.py <<'PY'
from deepdiff.lfucache import LFUCache, cache_stats


def test_cache_stats_empty():
    c = LFUCache(3)
    assert cache_stats(c) == {"size": 0, "capacity": 3}


def test_cache_stats_after_set():
    c = LFUCache(2)
    c.set("a", value=1)
    c.set("b", value=2)
    assert cache_stats(c)["size"] == 2
PY
git add -A; GIT_AUTHOR_NAME="Tomasz Wróbel" GIT_AUTHOR_EMAIL="tomasz@example.org" git commit -qm "lfucache: add cache_stats helper with tests"
git checkout -q main; d "2026-11-23T11:05:00+01:00"; git merge -q --no-ff feature/cache-stats -m "Merge branch 'feature/cache-stats'"
d "2026-11-25T09:30:00+01:00"; git rm -q CITATION.cff; sed -i 's/^# DeepDiff v 9.1.0/# DeepDiff v 9.1.0 (vendored)/' README.md; git commit -qam "chore: drop CITATION.cff, mark README as vendored"
d "2026-11-27T15:45:00+01:00"; sed -i 's/"cachebox>=5.2,<6"/"cachebox>=5.2,<7"/' pyproject.toml; git commit -qam "deps: allow cachebox 6"
unset GIT_AUTHOR_DATE GIT_COMMITTER_DATE
# worktree: two injected bugs, a staged file, untracked files
sed -i 's/        number = round(number=number, ndigits=significant_digits)  # type: ignore/        number = round(number=number, ndigits=significant_digits + 1)  # type: ignore/; s/item = .{}...{}..format(item\[:max_length - 3\], item\[-1\])/item = "{}...{}".format(item[:max_length - 2], item[-1])/' deepdiff/helper.py
printf '[tool.ruff]\nline-length = 120\n' > ruff.toml; git add ruff.toml
printf 'notes while debugging significant_digits\n' > NOTES.txt; mkdir -p scratch; printf 'print(1)\n' > scratch/try_delta.py
