set -e
S=/work/corpus-min36-scratch; export HOME=$S/home GIT_CONFIG_GLOBAL=$S/gitconfig
export GIT_AUTHOR_DATE="2026-11-20T10:00:00Z" GIT_COMMITTER_DATE="2026-11-20T10:00:00Z"
cd $S/py; rm -rf ten; cp -r tenacity-9.2.1 ten; cd ten
git init -q; git add -A; git commit -qm "Import tenacity 9.2.1 sdist"; git tag v9.2.1
export GIT_AUTHOR_DATE="2026-11-21T09:00:00Z" GIT_COMMITTER_DATE="2026-11-21T09:00:00Z"
git mv README.rst docs_README.rst; sed -i 's/Tenacity/Tenacity (fork)/' docs_README.rst; git commit -qm "Move README and mark as fork"
python3 -c "import os;open('doc/logo.bin','wb').write(bytes(range(256))*8)"; git add doc/logo.bin; git commit -qm "Add binary logo"
git checkout -q -b feature/jitter
sed -i 's/^    """Wait strategy that applies exponential backoff./    """Wait strategy that applies exponential backoff (jitter-aware)./' tenacity/wait.py || true
echo "# jitter notes" > releasenotes/notes/jitter-note.yaml; git add -A; git commit -qm "Document jitter behaviour"
git checkout -q main
export GIT_AUTHOR_DATE="2026-11-22T09:00:00Z" GIT_COMMITTER_DATE="2026-11-22T09:00:00Z"
printf '[tool.pytest.ini_options]\n' > /dev/null
GIT_AUTHOR_NAME="Ravi Menon" GIT_AUTHOR_EMAIL=ravi@example.org git commit -q --allow-empty -m "Empty commit to retrigger CI"
git merge -q --no-ff feature/jitter -m "Merge branch 'feature/jitter'"
export GIT_AUTHOR_DATE="2026-11-23T09:00:00Z" GIT_COMMITTER_DATE="2026-11-23T09:00:00Z"
sed -i 's/^version = .*/version = "9.2.2.dev0"/' pyproject.toml 2>/dev/null || true
printf 'max_attempts_default = 3\n' > tenacity/_defaults.py; git add -A
GIT_AUTHOR_NAME="Ravi Menon" GIT_AUTHOR_EMAIL=ravi@example.org git commit -qm "Add defaults module"
git branch release/9.3 HEAD~1
# worktree changes: two bugs
python3 - <<'P'
import re
p='tenacity/stop.py'; s=open(p).read()
s=s.replace('return retry_state.attempt_number >= self.max_attempt_number','return retry_state.attempt_number > self.max_attempt_number',1)
open(p,'w').write(s)
p='tenacity/wait.py'; s=open(p).read()
s=s.replace('return self.wait_fixed','return self.wait_fixed * 2',1)
open(p,'w').write(s)
P
printf '[lint]\nselect = ["E", "F", "B", "UP", "SIM"]\n' > ruff.toml; git add ruff.toml
mkdir -p scratch; echo "notes" > scratch/todo.txt; echo "print('hi')" > try_it.py
