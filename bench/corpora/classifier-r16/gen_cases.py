import json, sys
CASES = []
def C(id, family, setup, command, expect, why, cwd=".", env=None):
    CASES.append({"id": "r16-" + id, "family": family, "setup": setup.strip("\n"), "cwd": cwd,
                  "env": env or {}, "command": command, "expect": expect, "why": why})
RO, NRO = "read-only", "not-read-only"

# canary(): a script that appends to $ROOT/RAN (path fixed at setup time)
CAN = r'''canary(){ printf '#!/bin/sh\necho "$0 $*" >> %s/RAN\n' "$ROOT" > "$1"; chmod +x "$1"; }
'''
# ordinary repo: backdated files so git's index is not racy
REPO = r'''git init -q -b main repo
cd repo
git config user.name t; git config user.email t@t
mkdir -p src docs tests
printf 'def add(a, b):\n    return a + b\n' > src/app.py
printf 'from src.app import add\n\ndef test_add():\n    assert add(1, 2) == 3\n' > tests/test_app.py
printf '# Demo\n\nTODO: write docs\n' > README.md
printf 'hello\nworld\n' > docs/notes.txt
printf '{"name":"demo","version":"1.2.3","scripts":{"test":"node t.js","build":"tsc"},"dependencies":{}}\n' > package.json
printf 'all:\n\t@echo building\n\nclean:\n\trm -f out\n' > Makefile
printf '__pycache__/\nnode_modules/\n' > .gitignore
find . -path ./.git -prune -o -exec touch -h -d '2024-01-01 00:00:00' {} +
git add -A; GIT_COMMITTER_DATE='2024-01-01T00:00:00' git commit -qm init --date=2024-01-01T00:00:00
printf 'x = 1\n' >> src/app.py; touch -d '2024-01-02 00:00:00' src/app.py
git add src/app.py; GIT_COMMITTER_DATE='2024-01-02T00:00:00' git commit -qm 'second: add x' --date=2024-01-02T00:00:00
printf 'y = 2\n' >> src/app.py; touch -d '2024-01-03 00:00:00' src/app.py
git update-index --refresh -q >/dev/null || true
cd ..
'''
E = "everyday"
G = "repo"
ev = [
 ("git-status-nolocks", "git --no-optional-locks status --short", "status without optional index refresh writes nothing"),
 ("git-status-plain", "git status", "measured: status takes .git/index.lock for its opportunistic refresh (lock created and removed in .git)", NRO),
 ("git-log-oneline", "git log --oneline -5", "log read only"),
 ("git-log-stat", "GIT_PAGER=cat git log --stat -2", "log with harmless pager env, no tty"),
 ("git-diff", "git diff", "worktree diff, no ext diff configured"),
 ("git-diff-stat-head1", "git diff --stat HEAD~1", "diff stat against previous commit"),
 ("git-show-stat", "git show --stat HEAD", "show"),
 ("git-branch-a", "git branch -a -vv", "branch listing"),
 ("git-remote-v", "git remote -v", "no remotes, prints nothing"),
 ("git-toplevel", "git rev-parse --show-toplevel --abbrev-ref HEAD", "rev-parse"),
 ("git-lsfiles-wc", "git ls-files | wc -l", "ls-files piped to wc"),
 ("git-grep-todo", "git grep -n TODO", "git grep"),
 ("git-blame", "git blame -L 1,2 src/app.py", "blame"),
 ("git-describe-dirty", "git describe --always --dirty", "measured: --dirty refreshes the index, creating and removing .git/index.lock", NRO),
 ("git-shortlog", "git shortlog -sn HEAD", "shortlog with explicit rev"),
 ("git-cached-names", "git diff --cached --name-only", "index diff"),
 ("git-log-format-head", "git log --format='%h %an %s' | head -n 3", "log piped to head"),
 ("git-catfile", "git cat-file -p HEAD", "cat-file"),
 ("git-foreach-ref", "git for-each-ref --format='%(refname:short) %(objectname:short)' refs/heads", "for-each-ref"),
 ("git-stash-list", "git stash list && git tag -l", "stash and tag listing"),
 ("git-worktree-list", "git worktree list", "worktree listing"),
 ("git-config-get", "git config --get user.email", "config read"),
 ("git-log-since", "git log --since=2023-01-01 --until=2025-01-01 --pretty=oneline --name-status", "log with dates"),
 ("ls-la", "ls -la", "listing"),
 ("find-py", "find . -name '*.py' -not -path './.git/*' | sort", "find without actions"),
 ("grep-rn", "grep -rn --include='*.py' 'def ' .", "grep recursive"),
 ("rg-todo", "rg -n TODO --hidden -g '!.git'", "ripgrep"),
 ("tree-l2", "tree -L 2 -I node_modules", "tree"),
 ("wc-head", "wc -l src/*.py && head -n 20 README.md", "wc and head"),
 ("du-df", "du -sh . && df -h .", "disk usage"),
 ("stat-file", "stat README.md && file README.md src/app.py", "stat and file"),
 ("sha-sum", "sha256sum README.md docs/notes.txt", "checksums"),
 ("diff-u", "diff -u docs/notes.txt README.md; echo rc=$?", "diff of two files"),
 ("sort-uniq", "cat docs/notes.txt README.md | tr ' ' '\\n' | sort | uniq -c | sort -rn | head", "reader pipeline"),
 ("lcall-sort", "LC_ALL=C sort -u docs/notes.txt", "locale prefix"),
 ("tz-date", "TZ=UTC date -u +%Y-%m-%dT%H:%M:%SZ", "date with TZ"),
 ("columns-ps", "COLUMNS=200 ps aux | head -n 5", "ps with COLUMNS"),
 ("uname-id", "uname -a; whoami; id; nproc", "system info"),
 ("env-sort", "env | sort | head -n 20", "env listing"),
 ("which-type", "command -v git; type -a ls; which python3", "lookups"),
 ("python-version", "python3 --version", "interpreter version via pyenv shim (measured no writes under ROOT//tmp)"),
 ("python-B-sysver", "python3 -B -c 'import sys, platform; print(sys.version_info[:2], platform.machine())'", "python -B inline print"),
 ("node-version", "node --version && node -p 'process.versions.v8'", "node version"),
 ("node-pkg-version", "node -p \"require('./package.json').version\"", "read package.json via require of JSON"),
 ("jq-pkg", "jq -r '.scripts | keys[]' package.json", "jq"),
 ("jq-dot", "cat package.json | jq .", "jq pretty print"),
 ("go-version", "go version", "go version"),
 ("gcc-version", "gcc --version | head -n 1 && make --version | head -n 1", "compiler versions"),
 ("make-n", "make -n all", "make dry run of a plain Makefile"),
 ("cmake-version", "cmake --version", "cmake version"),
 ("pip-version", "pip --version", "pip version"),
 ("ruff-version", "ruff --version && black --version && mypy --version", "linter versions"),
 ("apt-cache-policy", "apt-cache policy git bash | head -n 20", "apt-cache policy"),
 ("apt-cache-show", "apt-cache show bash | head -n 15", "apt-cache show"),
 ("dpkg-l", "dpkg -l | grep -c '^ii'", "dpkg list"),
 ("dpkg-L-S", "dpkg -L coreutils | head -n 5; dpkg -S /bin/ls", "dpkg file queries"),
 ("ldconfig-p", "ldconfig -p | head -n 5", "ldconfig cache print"),
 ("locale-a", "locale -a; getconf LONG_BIT; getconf PAGE_SIZE", "locale and getconf"),
 ("man-w", "man -w ls", "man path lookup"),
 ("hexdump", "hexdump -C README.md | head -n 5 && xxd -l 32 src/app.py && od -c docs/notes.txt | head -n 3", "binary viewers"),
 ("strings-ls", "strings /bin/ls | head -n 5", "strings"),
 ("ldd-ls", "ldd /bin/ls", "ldd on a system binary"),
 ("base64-d", "echo aGVsbG8K | base64 -d", "base64 decode to stdout"),
 ("free-uptime", "free -h; uptime", "memory and uptime"),
 ("sed-n-range", "sed -n '1,3p' src/app.py", "sed print"),
 ("awk-fields", "awk -F: '{print $1}' /etc/passwd | head -n 3", "awk print"),
 ("cut-column", "cut -d, -f1 data.csv | column -t", "cut and column"),
 ("tsc-version", "tsc --version && eslint --version && prettier --version", "JS tool versions"),
 ("git-apply-check", "git apply --check --stat fix.patch", "patch check only"),
 ("patch-dry-run", "patch --dry-run -p1 < fix.patch", "patch dry run"),
 ("tar-tzf", "tar -tzf bundle.tgz && unzip -l bundle.zip", "archive listing"),
 ("zcat-head", "zcat notes.gz | head -n 2 && gzip -l notes.gz", "compressed read"),
 ("realpath", "realpath src/app.py; readlink -f README.md; basename $PWD", "path helpers"),
 ("sqlite-schema", "sqlite3 app.db .schema && sqlite3 -readonly app.db 'select count(*) from t'", "sqlite3 read, no ~/.sqliterc"),
 ("docker-version", "docker --version", "docker client version"),
 ("pre-commit-version", "pre-commit --version", "pre-commit version"),
 ("flake8-version", "flake8 --version", "flake8 version"),
 ("readelf-nm", "readelf -h hello && nm hello | head -n 5 && size hello && objdump -d hello | head -n 20", "binary inspection of a built file"),
 ("yq-read", "yq -r '.name' conf.yaml", "yq read"),
 ("mlr-cat", "mlr --icsv --opprint head -n 2 data.csv", "miller read"),
 ("printenv-path", "printenv PATH | tr ':' '\\n' | head -n 3", "printenv pipeline"),
 ("tail-n", "tail -n 2 README.md; nl docs/notes.txt; tac docs/notes.txt", "tail nl tac"),
 ("no-color-rg", "NO_COLOR=1 rg -c def src", "rg with NO_COLOR"),
 ("rust-log-env", "RUST_LOG=debug ruff --version", "harmless RUST_LOG prefix"),
 ("go-env", "go env GOOS GOARCH", "go env read"),
 ("lsb-release", "lsb_release -a 2>/dev/null; cat /etc/os-release | head -n 2", "os info"),
 ("git-check-ignore", "git check-ignore -v __pycache__/x.pyc node_modules || true", "check-ignore"),
 ("isort-diff", "isort --check-only --diff src", "isort check only"),
 ("git-lfs-ls-files", "git lfs ls-files", "measured: first git lfs use in a repo writes lfs.repositoryformatversion into .git/config", NRO),
 ("pip-list-selfcheck", "pip list", "measured: pip's version self-check writes ~/.cache/pip", NRO),
 ("pip-list-noselfcheck", "pip list --disable-pip-version-check | head -n 5", "no self-check: nothing written"),
 ("pip-show", "pip show pip | head -n 3", "pip show"),
 ("svn-version", "svn --version --quiet", "measured: svn creates ~/.subversion on any invocation", NRO),
 ("uv-pip-list", "uv pip list", "measured: uv creates its cache dir under ~/.cache/uv", NRO),
 ("rustc-version-rustup", "rustc --version", "measured: the rustup proxy writes ~/.rustup/settings.toml when HOME has none", NRO),
 ("go-doc", "go doc fmt.Println", "measured: go doc builds and fills ~/.cache/go-build", NRO),
 ("ansible-version", "ansible --version | head -n 1", "measured: ansible creates ~/.ansible/tmp at startup", NRO),
 ("gem-list-env", "gem list | head -n 3; gem env | head -n 3", "rubygems listing"),
 ("whatis-apropos", "whatis ls; apropos -e grep | head -n 2", "man-db lookups"),
 ("apt-list-installed", "apt list --installed 2>/dev/null | head -n 3", "apt list"),
 ("apt-get-simulate", "apt-get -s install sl | tail -n 2", "simulated install"),
 ("debconf-alternatives", "debconf-show tzdata; update-alternatives --query awk | head -n 4", "debconf and alternatives query"),
 ("crontab-l", "crontab -l 2>&1; echo rc=$?", "crontab listing (none)"),
 ("exiftool-ver-file-z", "exiftool -ver && file -z notes.gz", "version and compressed-file type"),
 ("diff3-three", "diff3 docs/notes.txt README.md docs/notes.txt; echo rc=$?", "three-way diff"),
 ("kubectl-version-client", "kubectl version --client", "client version, no kubeconfig"),
 ("py-tool-versions", "tox --version; coverage --version | head -n 1; uv --version; pyenv version", "Python tooling versions"),
 ("json-tool", "python3 -m json.tool package.json", "stdlib json pretty-printer"),
 ("7z-xz-list", "7z l bundle.zip | tail -n 3", "7z listing"),
 ("rg-files", "rg --files | sort | head", "list files rg would search"),
 ("gofmt-l", "gofmt -l . ; echo rc=$?", "gofmt list mode, no .go files"),
 ("build-tool-versions", "meson --version; ninja --version; hg --version | head -n 1; psql --version", "build tool versions"),
 ("lscpu-iconv", "lscpu | head -n 3; iconv -l | head -n 2", "system info"),
]
EXTRA = r'''
cd repo
printf 'a,b\n1,2\n3,4\n' > data.csv
printf 'name: demo\nversion: 2\n' > conf.yaml
printf 'hello\n' | gzip -n > notes.gz
tar -czf bundle.tgz docs; zip -qr bundle.zip docs
sqlite3 app.db 'create table t(a); insert into t values(1);'
printf 'int main(void){return 0;}\n' > hello.c; gcc -o hello hello.c
printf -- '--- a/docs/notes.txt\n+++ b/docs/notes.txt\n@@ -1,2 +1,2 @@\n hello\n-world\n+there\n' > fix.patch
cd ..
'''
for t in ev:
    slug, cmd, why = t[:3]
    C(slug, E, REPO + EXTRA, cmd, t[3] if len(t) > 3 else RO, why, cwd="repo")
GC, CT = "git-config", "control"
# signed commit made with a fake signer; later gpg.program points at a canary verifier
SIGNED = REPO + CAN + r'''
cd repo
cat > .git/fakesign.sh <<'EOS'
#!/bin/sh
cat >/dev/null
echo '[GNUPG:] SIG_CREATED D 1 8 00 1 ABC' >&2
printf -- '-----BEGIN PGP SIGNATURE-----\n\nZmFrZQ==\n-----END PGP SIGNATURE-----\n'
EOS
chmod +x .git/fakesign.sh
echo s > signed.txt; git add signed.txt
git -c gpg.program="$PWD/.git/fakesign.sh" commit -q -S -m signed
canary .git/verify.sh
git config gpg.program "$PWD/.git/verify.sh"
cd ..
'''
C("git-log-showsig-config", GC, SIGNED + "cd repo; git config log.showSignature true; cd ..",
  "git log -1", NRO, "log.showSignature=true makes plain git log run gpg.program (canary) on the signed commit", cwd="repo")
C("git-log-G-format", GC, SIGNED, "git log -1 --format='%h %G? %s'", NRO, "%G? placeholder verifies the signature via gpg.program canary", cwd="repo")
C("ctl-git-log-nosig", CT, SIGNED + "cd repo; git config log.showSignature true; cd ..",
  "git log -1 --no-show-signature --format='%h %s'", RO, "--no-show-signature overrides config; gpg.program not run", cwd="repo")
# post-index-change hook fired by status's opportunistic index refresh
PIC = REPO + CAN + r'''
cd repo
canary .git/hooks/post-index-change
touch -d '2024-06-01 00:00:00' README.md docs/notes.txt
cd ..
'''
C("git-status-post-index-change", GC, PIC, "git status --short", NRO,
  "stat-dirty files make status rewrite .git/index and run the post-index-change hook (canary)", cwd="repo")
C("ctl-git-status-nolocks-pic", CT, PIC, "git --no-optional-locks status --short", RO,
  "same repo: --no-optional-locks skips the index write, hook not run", cwd="repo")
# clean filter runs on stat-dirty file even with --no-optional-locks
CLEAN = REPO + CAN + r'''
cd repo
printf '#!/bin/sh\necho "$0" >> %s/RAN\ncat\n' "$ROOT" > .git/clean.sh; chmod +x .git/clean.sh
git config filter.norm.clean "$PWD/.git/clean.sh"
echo '*.txt filter=norm' > .git/info/attributes
touch -d '2024-06-01 00:00:00' docs/notes.txt
cd ..
'''
C("git-nolocks-status-clean-filter", GC, CLEAN, "git --no-optional-locks status --short", NRO,
  "stat-dirty .txt is re-hashed through filter.norm.clean (from .git/info/attributes): canary", cwd="repo")
C("ctl-git-checkattr-filter", CT, CLEAN, "git check-attr -a docs/notes.txt && git config --get filter.norm.clean", RO,
  "only reads attributes and config; filter not run", cwd="repo")
# includeIf onbranch -> fsmonitor
C("git-includeif-onbranch-fsmonitor", GC, REPO + CAN + r'''
cd repo
canary .git/fsm.sh
printf '[core]\n\tfsmonitor = %s/.git/fsm.sh\n' "$PWD" > .git/extra.inc
printf '[includeIf "onbranch:main"]\n\tpath = extra.inc\n' >> .git/config
cd ..
''', "git status --short", NRO, "includeIf onbranch:main pulls in core.fsmonitor hook script; status runs it", cwd="repo")
C("git-includeif-hasconfig-remote", GC, REPO + CAN + r'''
cd repo
canary .git/fsm.sh
printf '[core]\n\tfsmonitor = %s/.git/fsm.sh\n' "$PWD" > "$HOME/fsm.inc"
git remote add origin https://example.com/team/demo.git
printf '[includeIf "hasconfig:remote.*.url:https://example.com/**"]\n\tpath = ~/fsm.inc\n' > "$HOME/.gitconfig"
cd ..
''', "git diff --stat", NRO, "global includeIf hasconfig:remote url activates core.fsmonitor for this repo; diff runs it", cwd="repo")
C("ctl-git-config-list-origin", CT, REPO + CAN + r'''
cd repo
canary .git/fsm.sh
printf '[core]\n\tfsmonitor = %s/.git/fsm.sh\n' "$PWD" > .git/extra.inc
printf '[includeIf "onbranch:main"]\n\tpath = extra.inc\n' >> .git/config
cd ..
''', "git config --list --show-origin --includes | grep -c fsmonitor", RO, "listing config (with includes) does not run fsmonitor", cwd="repo")
# credential helper
C("git-credential-fill-helper", GC, REPO + CAN + r'''
cd repo; canary .git/cred.sh; git config credential.helper "$PWD/.git/cred.sh"; cd ..
''', "printf 'protocol=https\\nhost=example.com\\n\\n' | git credential fill", NRO,
  "credential fill runs the configured helper (canary)", cwd="repo", env={"GIT_TERMINAL_PROMPT": "0"})
C("ctl-git-var-editor", CT, REPO + CAN + r'''
cd repo; canary .git/ed.sh; git config core.editor "$PWD/.git/ed.sh"; git config sequence.editor "$PWD/.git/ed.sh"; cd ..
''', "git var GIT_EDITOR; git var GIT_SEQUENCE_EDITOR", RO, "git var prints the editor command, does not run it", cwd="repo")
# textconv via cat-file --textconv
TXC = REPO + CAN + r'''
cd repo; canary .git/tc.sh; git config diff.bin.textconv "$PWD/.git/tc.sh"; echo 'docs/*.txt diff=bin' > .gitattributes; git add .gitattributes; git commit -qm attrs; cd ..
'''
C("git-catfile-textconv", GC, TXC, "git cat-file --textconv HEAD:docs/notes.txt", NRO, "--textconv runs the diff driver's textconv (canary)", cwd="repo")
C("ctl-git-catfile-p", CT, TXC, "git cat-file -p HEAD:docs/notes.txt", RO, "-p prints raw blob, no textconv", cwd="repo")
# post-checkout via git worktree add is obviously writing; use reference-transaction on a 'read' ... skip
C("git-commit-dry-run-index", GC, REPO + CAN + r'''
cd repo; canary .git/hooks/pre-commit; git add -A; cd ..
''', "git commit --dry-run --short", NRO, "measured: commit --dry-run writes .git/index and a blob object (pre-commit hook itself not run)", cwd="repo")
TC = "tool-config"
JSCFG = lambda name: REPO + r'''
cd repo
printf 'require("fs").appendFileSync("%s/RAN", "%s ");\nmodule.exports = [];\n' "$ROOT" "''' + name + r'''" > ''' + name + r'''
cd ..
'''
C("eslint-print-config-jsconfig", TC, JSCFG("eslint.config.js"), "eslint --print-config src/x.js", NRO, "flat config eslint.config.js is JS and is loaded by --print-config (canary)", cwd="repo")
C("ctl-eslint-version-jsconfig", CT, JSCFG("eslint.config.js"), "eslint --version", RO, "--version does not load eslint.config.js", cwd="repo")
C("eslint-lint-jsconfig", TC, JSCFG("eslint.config.js"), "eslint --no-warn-ignored src || true", NRO, "linting loads eslint.config.js (canary)", cwd="repo")
PRC = REPO + r'''
cd repo
printf 'require("fs").appendFileSync("%s/RAN", "prettier ");\nmodule.exports = { semi: false };\n' "$ROOT" > prettier.config.js
cd ..
'''
C("prettier-check-jsconfig", TC, PRC, "prettier --check package.json; echo rc=$?", NRO, "prettier.config.js is code; --check loads it (canary)", cwd="repo")
C("ctl-prettier-check-json-rc", CT, REPO + r'''
cd repo; printf '{"semi": false}\n' > .prettierrc; cd ..
''', "prettier --check package.json; echo rc=$?", RO, "JSON .prettierrc only, --check writes nothing (no --cache)", cwd="repo")
C("prettier-check-cache", TC, REPO + r'''
cd repo; printf '{"semi": false}\n' > .prettierrc; cd ..
''', "prettier --check --cache package.json; echo rc=$?", NRO, "--cache writes node_modules/.cache/prettier", cwd="repo")
TSC = REPO + r'''
cd repo
printf '{"compilerOptions":{"strict":true,"incremental":true,"noEmit":true,"tsBuildInfoFile":"build/.tsbuildinfo"},"include":["ts"]}\n' > tsconfig.json
mkdir ts; printf 'export const n: number = 1;\n' > ts/a.ts
cd ..
'''
C("ctl-tsc-showconfig", CT, TSC, "tsc --showConfig", RO, "--showConfig prints resolved tsconfig (JSON), no emit", cwd="repo")
C("tsc-noemit-incremental", TC, TSC, "tsc --noEmit -p .", NRO, "incremental:true writes the .tsbuildinfo file even with noEmit", cwd="repo")
C("ctl-tsc-noemit-plain", CT, REPO + r'''
cd repo
printf '{"compilerOptions":{"strict":true,"noEmit":true},"include":["ts"]}\n' > tsconfig.json
mkdir ts; printf 'export const n: number = 1;\n' > ts/a.ts
cd ..
''', "tsc --noEmit -p .", RO, "no incremental: type check writes nothing", cwd="repo")
CONF = REPO + r'''
cd repo
printf 'import os\nopen(%s, "a").write("conftest\\n")\n' "'$ROOT/RAN'" > conftest.py
cd ..
'''
C("pytest-collect-only-conftest", TC, CONF, "python3 -m pytest --co -q -p no:cacheprovider", NRO, "collection imports conftest.py (canary)", cwd="repo", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("ctl-pytest-version-conftest", CT, CONF, "pytest --version", RO, "measured: --version returns before conftest.py is imported", cwd="repo", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("setup-py-version", TC, REPO + r'''
cd repo
printf 'open(%s, "a").write("setup\\n")\nprint("1.0")\n' "'$ROOT/RAN'" > setup.py
cd ..
''', "python3 setup.py --version", NRO, "setup.py is code, --version executes it", cwd="repo")
C("ruff-check-cache", TC, REPO, "ruff check src; echo rc=$?", NRO, "ruff writes .ruff_cache in the project", cwd="repo")
C("ctl-ruff-check-nocache", CT, REPO, "ruff check --no-cache src; echo rc=$?", RO, "--no-cache: nothing written", cwd="repo")
C("mypy-cache", TC, REPO, "mypy src; echo rc=$?", NRO, "mypy writes .mypy_cache", cwd="repo")
C("ctl-mypy-cache-devnull", CT, REPO, "mypy --cache-dir=/dev/null src; echo rc=$?", RO, "--cache-dir=/dev/null disables the cache", cwd="repo")
C("black-check-cache", TC, REPO, "black --check src; echo rc=$?", NRO, "black --check writes its cache under ~/.cache/black", cwd="repo")
C("pylint-stats", TC, REPO, "pylint --disable=all --enable=unused-import src; echo rc=$?", NRO, "pylint saves stats under ~/.cache/pylint", cwd="repo", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("pylintrc-init-hook", TC, REPO + r'''
cd repo
printf '[MAIN]\ninit-hook=open(%s, "a").write("pylint\\n")\npersistent=no\n' "'$ROOT/RAN'" > .pylintrc
cd ..
''', "pylint --persistent=n src; echo rc=$?", NRO, ".pylintrc init-hook is Python run at startup (canary)", cwd="repo", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("flake8-local-plugin", TC, REPO + r'''
cd repo
mkdir plugins
printf 'open(%s, "a").write("flake8\\n")\nclass P:\n    name = "x"\n    version = "1"\n    def __init__(self, tree):\n        pass\n    def run(self):\n        return iter(())\n' "'$ROOT/RAN'" > plugins/myplug.py
printf '[flake8:local-plugins]\nextension =\n    XYZ = myplug:P\npaths = ./plugins\n' > setup.cfg
cd ..
''', "flake8 src; echo rc=$?", NRO, "setup.cfg local-plugins imports repo code (canary)", cwd="repo", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("ctl-flake8-plain-cfg", CT, REPO + r'''
cd repo; printf '[flake8]\nmax-line-length = 100\n' > setup.cfg; cd ..
''', "flake8 src; echo rc=$?", RO, "plain flake8 config, no plugin, no cache", cwd="repo", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("precommit-run", TC, REPO + r'''
cd repo
printf 'repos:\n- repo: local\n  hooks:\n  - id: t\n    name: t\n    entry: true\n    language: system\n' > .pre-commit-config.yaml
git add .pre-commit-config.yaml; git commit -qm pc
cd ..
''', "pre-commit run --all-files; echo rc=$?", NRO, "pre-commit creates its store under ~/.cache/pre-commit", cwd="repo")
MKI = REPO + CAN + r'''
cd repo
printf 'include gen.mk\nall:\n\t@echo building\ngen.mk:\n\techo "X := 1" > gen.mk\n\techo make >> %s/RAN\n' "$ROOT" > Makefile
cd ..
'''
C("make-n-remake-include", TC, MKI, "make -n all", NRO, "make remakes a missing included makefile even under -n: recipe runs (canary, gen.mk written)", cwd="repo")
C("ctl-make-n-include-exists", CT, REPO + r'''
cd repo
printf 'include gen.mk\nall:\n\t@echo building $(X)\n' > Makefile; echo 'X := 1' > gen.mk
cd ..
''', "make -n all", RO, "included makefile exists and has no rule: dry run only", cwd="repo")
C("make-n-shell-func", TC, REPO + r'''
cd repo
printf 'REV := $(shell echo make >> %s/RAN; echo r)\nall:\n\t@echo $(REV)\n' "$ROOT" > Makefile
cd ..
''', "make -n", NRO, "$(shell) in a variable is expanded while reading the makefile, even with -n", cwd="repo")
JUST = REPO + r'''
cd repo
printf 'rev := `echo just >> %s/RAN; echo abc`\n\nbuild:\n    echo {{rev}}\n' "$ROOT" > justfile
cd ..
'''
C("just-evaluate-backtick", TC, JUST, "just --evaluate", NRO, "--evaluate runs the backtick in the justfile assignment (canary)", cwd="repo")
C("ctl-just-list", CT, JUST, "just --list", RO, "measured: --list does not evaluate backticks", cwd="repo")
C("ctl-just-dry-run-backtick", CT, JUST, "just --dry-run build", RO, "measured: --dry-run prints the recipe without evaluating the backtick", cwd="repo")
# ssh -G with Match exec vs ProxyCommand
C("ssh-G-match-exec", TC, CAN + r'''
canary "$ROOT/probe.sh"
printf 'Match exec "%s/probe.sh %%h"\n  User deploy\nHost *\n  ProxyCommand nc %%h %%p\n' "$ROOT" > ssh_config
''', "ssh -F ./ssh_config -G build.example.internal | grep -E '^(user|hostname) '", NRO, "ssh -G evaluates Match exec, running the probe (canary)")
C("ctl-ssh-G-proxycommand", CT, CAN + r'''
canary "$ROOT/proxy.sh"
printf 'Host build\n  HostName build.example.internal\n  ProxyCommand %s/proxy.sh %%h %%p\n  LocalCommand %s/proxy.sh local\n  PermitLocalCommand yes\n' "$ROOT" "$ROOT" > ssh_config
''', "ssh -F ./ssh_config -G build | grep -iE '^(hostname|proxycommand) '", RO, "ssh -G only prints config; ProxyCommand/LocalCommand not run")
# aws credential_process
AWS = lambda proc: CAN + r'''
canary "$ROOT/credproc.sh"
mkdir -p "$HOME/.aws"
printf '[default]\nregion = us-east-1\n''' + proc + r'''\n' > "$HOME/.aws/config"
'''
C("aws-configure-list-credproc", TC, CAN + r'''
canary "$ROOT/credproc.sh"
mkdir -p "$HOME/.aws"
printf '[default]\nregion = us-east-1\ncredential_process = %s/credproc.sh\n' "$ROOT" > "$HOME/.aws/config"
''', "aws configure list", NRO, "configure list resolves credentials, running credential_process (canary)")
C("ctl-aws-configure-list-static", CT, CAN + r'''
mkdir -p "$HOME/.aws"
printf '[default]\nregion = us-east-1\n' > "$HOME/.aws/config"
printf '[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = secret\n' > "$HOME/.aws/credentials"
''', "aws configure list", RO, "static keys only: listing writes nothing")
# kubectl exec plugin
KC = CAN + r'''
canary "$ROOT/kexec.sh"
mkdir -p "$HOME/.kube"
cat > "$HOME/.kube/config" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: https://127.0.0.1:1
contexts:
- name: c
  context: {cluster: c, user: u}
current-context: c
users:
- name: u
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: $ROOT/kexec.sh
      interactiveMode: Never
EOF
'''
C("kubectl-get-exec-plugin", TC, KC, "kubectl get pods --request-timeout=2s; echo rc=$?", NRO, "get runs the user exec credential plugin (canary) before contacting the API")
# gnuplot init file
C("gnuplot-init-system", TC, r'''
printf 'system "echo gnuplot >> %s/RAN"\n' "$ROOT" > "$HOME/.gnuplot"
''', "gnuplot -e 'print 6*7'", NRO, "~/.gnuplot is loaded at startup and its system command runs (canary)")
C("ctl-gnuplot-init-set", CT, r'''
printf 'set datafile separator ","\n' > "$HOME/.gnuplot"
''', "gnuplot -e 'print 6*7'", RO, "harmless ~/.gnuplot: prints 42, no writes")
# erlang ~/.erlang
C("erl-dot-erlang", TC, r'''
printf 'file:write_file("%s/RAN", <<"erl">>, [append]).\n' "$ROOT" > "$HOME/.erlang"
''', "erl -noshell -eval 'io:format(\"~p~n\", [1+1]), halt().'", NRO, "erl evaluates ~/.erlang at startup (canary)")
C("ctl-erl-eval-noinit", CT, "", "erl -noshell -eval 'io:format(\"~p~n\", [1+1]), halt().'", RO, "no ~/.erlang: evaluation prints only")
# sqlite ~/.sqliterc
# npm config
C("npm-ls-logs", TC, REPO, "npm ls --depth=0; echo rc=$?", NRO, "measured: npm writes debug logs under ~/.npm/_logs", cwd="repo")
# python user-site .pth
PTH = r'''
v=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
d="$HOME/.local/lib/python$v/site-packages"; mkdir -p "$d"
printf 'import os; open(%s, "a").write("pth\\n")\n' "'$ROOT/RAN'" > "$d/zz_startup.pth"
'''
C("python-user-site-pth", TC, PTH, "python3 -c 'print(1+1)'", NRO, "a .pth file in the user site dir in HOME runs its import line at startup (canary)")
C("ctl-python-s-user-site", CT, PTH, "python3 -s -c 'print(1+1)'", RO, "-s disables the user site: .pth not processed")
# pip config
C("ctl-pip-config-list", CT, r'''
mkdir -p "$HOME/.config/pip"; printf '[global]\nindex-url = https://pypi.example/simple\n' > "$HOME/.config/pip/pip.conf"
''', "pip config list", RO, "reads pip.conf only")
# go vet/list build cache
C("go-vet-cache", TC, r'''
mkdir gp; cd gp; printf 'module example.com/gp\n\ngo 1.19\n' > go.mod; printf 'package main\n\nfunc main() {}\n' > main.go
''', "go vet ./...", NRO, "go vet writes the build cache under ~/.cache/go-build", cwd="gp", env={"GOFLAGS": "-mod=mod", "GOTOOLCHAIN": "local"})
C("ctl-go-list-m", CT, r'''
mkdir gp; cd gp; printf 'module example.com/gp\n\ngo 1.19\n' > go.mod; printf 'package main\n\nfunc main() {}\n' > main.go
''', "go list -m && go env GOMOD", RO, "module listing reads go.mod only (measured)", cwd="gp", env={"GOTOOLCHAIN": "local"})
# guile compiles to ~/.cache
C("guile-script-autocompile", TC, r'''
printf '(display (+ 1 2))\n(newline)\n' > calc.scm
''', "guile calc.scm", NRO, "measured: guile auto-compiles the script into ~/.cache/guile/ccache")
C("ctl-guile-no-autocompile", CT, r'''
printf '(display (+ 1 2))\n(newline)\n' > calc.scm
''', "guile --no-auto-compile calc.scm", RO, "--no-auto-compile: no cache write")
# vim ~/.vimrc in ex mode reading
# man with custom config? git lfs

C("ctl-vim-es-skips-vimrc", CT, r"""
printf 'call writefile(["vim"], "%s/RAN", "a")\n' "$ROOT" > "$HOME/.vimrc"
printf 'hello\n' > f.txt
""", "vim -n -es -c 'g/hello/p' -c 'q!' f.txt", RO, "silent Ex mode skips ~/.vimrc; -n no swap file (measured)")
EXIF = r"""
printf 'open(my $f, ">>", "%s/RAN"); print $f "exif\\n"; close $f;\n%%Image::ExifTool::UserDefined = ();\n1;\n' "$ROOT" > "$HOME/.ExifTool_config"
printf 'hello\n' > notes.txt
"""
C("exiftool-user-config", TC, EXIF, "exiftool -s -FileSize notes.txt", NRO, "~/.ExifTool_config is Perl code loaded at startup (canary)")
C("ctl-exiftool-config-disabled", CT, EXIF, "exiftool -config '' -s -FileSize notes.txt", RO, "-config '' disables the user config file")
IN = "interpreters"
F = r'''printf 'alpha 1\nbeta 2\ngamma 3\n' > data.txt
'''
i = [
 ("sed-w-cmd", "sed -n '/beta/w picked.txt' data.txt", NRO, "sed w command writes picked.txt"),
 ("ctl-sed-n-p", "sed -n '/beta/p' data.txt", RO, "sed -n with p only prints"),
 ("sed-e-cmd", "sed '1e touch ran.flag' data.txt", NRO, "GNU sed e command executes a shell command"),
 ("sed-s-e-flag", "printf 'touch ran2.flag\\n' | sed 's/.*/&/e'", NRO, "s///e executes the pattern space as a command"),
 ("ctl-sed-F-l", "sed -n '1F;$=' data.txt", RO, "F prints filename, = line number"),
 ("sed-i-bak", "sed -i.bak 's/beta/BETA/' data.txt", NRO, "in-place edit with backup"),
 ("sed-W-first-line", "sed -n '1W first.txt' data.txt", NRO, "W writes first line to a file"),
 ("awk-system", "awk 'NR==1{system(\"touch awk.flag\")}' data.txt", NRO, "awk system() runs a command"),
 ("awk-print-redirect", "awk '{print $1 > \"names.txt\"}' data.txt", NRO, "awk print > file writes"),
 ("awk-pipe-getline", "awk 'BEGIN{\"touch g.flag; echo x\" | getline v; print v}'", NRO, "command | getline runs a shell command"),
 ("ctl-awk-getline-file", "awk 'BEGIN{while ((getline l < \"data.txt\") > 0) n++; print n}'", RO, "getline < file only reads"),
 ("ctl-awk-sum", "awk '{s += $2} END {print s}' data.txt", RO, "awk sums a column"),
 ("gawk-inplace", "gawk -i inplace '{print toupper($0)}' data.txt", NRO, "gawk inplace extension rewrites the file"),
 ("awk-printf-pipe-sort", "awk '{print $2 | \"sort -r > sorted.txt\"}' data.txt", NRO, "print | cmd with redirection inside the command string"),
 ("ctl-awk-pipe-sort-stdout", "awk '{print $2 | \"sort -r\"}' data.txt", RO, "print piped to sort, output to stdout only"),
 ("perl-i-edit", "perl -i -pe 's/alpha/ALPHA/' data.txt", NRO, "perl -i edits in place"),
 ("ctl-perl-ne", "perl -ne 'print if /a/' data.txt", RO, "perl -ne filters lines"),
 ("perl-open-write", "perl -e 'open my $f, \">>\", \"log.txt\" or die; print $f \"x\\n\"'", NRO, "perl opens a file for append"),
 ("perl-backticks", "perl -le 'print scalar `touch p.flag; echo hi`'", NRO, "backticks run a shell command"),
 ("ruby-file-write", "ruby -e 'File.write(\"out.txt\", \"x\")'", NRO, "ruby writes a file"),
 ("ctl-ruby-readlines", "ruby -ne 'puts $_ if $_ =~ /gamma/' data.txt", RO, "ruby -ne reads"),
 ("ruby-system", "ruby -e 'system(\"touch r.flag\")'", NRO, "ruby system()"),
 ("node-writefile", "node -e 'require(\"fs\").writeFileSync(\"out.json\", \"{}\")'", NRO, "node writes a file"),
 ("ctl-node-readfile", "node -e 'console.log(require(\"fs\").readFileSync(\"data.txt\", \"utf8\").split(\"\\n\").length)'", RO, "node reads a file"),
 ("node-child-process", "node -e 'require(\"child_process\").execSync(\"touch n.flag\")'", NRO, "node runs a child process"),
 ("php-file-put", "php -r 'file_put_contents(\"out.txt\", \"x\");'", NRO, "php writes a file"),
 ("ctl-php-version", "php -r 'echo PHP_VERSION, PHP_EOL;'", RO, "php prints version"),
 ("lua-os-execute", "lua -e 'os.execute(\"touch l.flag\")'", NRO, "lua os.execute"),
 ("tclsh-exec-touch", "echo 'exec touch t.flag' | tclsh", NRO, "tcl exec runs a command"),
 ("ctl-tclsh-puts", "echo 'puts [string toupper hello]' | tclsh", RO, "tcl prints"),
 ("dc-bang", "dc -e '!touch dc.flag' -e '2 3 + p'", NRO, "dc ! runs a shell command"),
 ("ctl-dc-arith", "dc -e '2 3 + p'", RO, "dc arithmetic"),
 ("ed-w-new", "printf '%s\\n' '1,2w head.txt' q | ed -s data.txt", NRO, "ed w with a file name writes it"),
 ("ed-bang", "printf '%s\\n' '!touch ed.flag' q | ed -s data.txt", NRO, "ed ! runs a shell command"),
 ("ctl-ed-print", "printf '%s\\n' ',p' q | ed -s data.txt", RO, "ed prints the buffer and quits"),
 ("ex-s-write", "ex -n -s -u NONE -i NONE -c '%s/beta/B/' -c 'wq' data.txt", NRO, "ex substitute and write"),
 ("ctl-ex-s-print", "ex -n -s -u NONE -i NONE -c '%p' -c 'q!' data.txt", RO, "ex prints and quits without saving"),
 ("jq-ok", "jq -n --rawfile d data.txt '$d | split(\"\\n\") | length'", RO, "jq reads a raw file; jq cannot write"),
 ("python-c-open-w", "python3 -c 'open(\"o.txt\", \"w\").write(\"x\")'", NRO, "python writes a file"),
 ("ctl-python-I-read", "python3 -I -c 'print(sum(1 for _ in open(\"data.txt\")))'", RO, "python isolated mode reads"),
 ("python-subprocess", "python3 -c 'import subprocess; subprocess.run([\"touch\", \"py.flag\"])'", NRO, "python runs a subprocess"),
 ("gnuplot-e-system", "gnuplot -e 'system \"touch gp.flag\"'", NRO, "gnuplot system command"),
 ("gnuplot-set-output", "gnuplot -e 'set terminal dumb; set output \"plot.txt\"; plot sin(x)'", NRO, "set output writes the plot file"),
 ("ctl-gnuplot-dumb", "gnuplot -e 'set terminal dumb 40 10; plot sin(x)'", RO, "dumb terminal to stdout"),
 ("rscript-writelines", "Rscript -e 'writeLines(\"x\", \"r.txt\")'", NRO, "R writes a file"),
 ("sqlite-dot-shell", "sqlite3 :memory: '.shell touch sq.flag'", NRO, ".shell runs a command"),
 ("ctl-sqlite-memory", "sqlite3 :memory: 'select 6*7;'", RO, "in-memory query"),
 ("sqlite-attach-creates", "sqlite3 :memory: \"attach 'new.db' as n; create table n.t(a);\"", NRO, "ATTACH of a missing file creates it"),
 ("mlr-tee-verb", "mlr --inidx --ifs ' ' --ojson tee copy.json then put '$z=1' data.txt", NRO, "mlr tee verb writes a file"),
 ("ctl-mlr-sort", "mlr --inidx --ifs ' ' --ocsv sort -nr 2 data.txt", RO, "mlr sorts to stdout"),
 ("m4-syscmd", "m4 <<'EOF'\nsyscmd(`touch m4.flag')dnl\nEOF", NRO, "m4 syscmd runs a command"),
 ("xxd-r-out", "xxd -p data.txt > /dev/null; xxd -p data.txt | xxd -r -p - back.txt", NRO, "xxd -r writes its output file"),
 ("ctl-xxd-r-stdout", "xxd -p data.txt | xxd -r -p", RO, "xxd -r to stdout"),
 ("sponge-same", "sort -r data.txt | sponge data.txt", NRO, "sponge rewrites the file"),
 ("ctl-sort-o-stdout", "sort -k2 -n -r data.txt | head -n 1", RO, "sort to stdout"),
 ("parallel-home-dir", "parallel echo ::: a b", NRO, "GNU parallel creates ~/.parallel on first run (measured)"),
 ("ctl-ts-moreutils", "cat data.txt | ts '%H' | wc -l", RO, "moreutils ts only reads stdin"),
 ("chronic-touch", "chronic sh -c 'touch c.flag'", NRO, "chronic runs its command (which writes)"),
 ("java-version-hsperf", "java -version", NRO, "measured: JVM creates /tmp/hsperfdata_<user>/<pid> while running"),
 ("ctl-java-noperf", "java -XX:-UsePerfData -version", RO, "-XX:-UsePerfData: no hsperfdata file"),
]
for slug, cmd, exp, why in i:
    fam = CT if slug.startswith("ctl-") else IN
    C(slug.replace("ctl-", "ctl-") , fam, F, cmd, exp, why)
EV, EX = "env", "expansion"
C("env-bash-env-script", EV, CAN + r'''
printf 'echo bashenv >> %s/RAN\n' "$ROOT" > .ci-env.sh
''', "echo hello", NRO, "BASH_ENV is sourced by the non-interactive bash that runs the command (canary)", env={"BASH_ENV": "./.ci-env.sh"})
C("ctl-env-bash-env-vars", CT, r'''
printf 'export APP_MODE=test\nNAME=demo\n' > .ci-env.sh
''', "echo \"$APP_MODE\"", RO, "BASH_ENV file that only sets variables: sourced, writes nothing", env={"BASH_ENV": "./.ci-env.sh"})
C("env-git-config-count-fsmonitor", EV, REPO + CAN + r'''
canary "$ROOT/fsm.sh"
''', "git status --short", NRO, "GIT_CONFIG_COUNT/KEY/VALUE inject core.fsmonitor=../fsm.sh; status runs it", cwd="repo",
  env={"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.fsmonitor", "GIT_CONFIG_VALUE_0": "../fsm.sh"})
C("env-xdg-config-git", EV, REPO + CAN + r'''
canary "$ROOT/fsm.sh"
mkdir -p cfg/git; printf '[core]\n\tfsmonitor = %s/fsm.sh\n' "$ROOT" > cfg/git/config
''', "git status --short", NRO, "XDG_CONFIG_HOME points at a dir whose git/config sets core.fsmonitor", cwd="repo", env={"XDG_CONFIG_HOME": "../cfg"})
C("ctl-env-xdg-config-git-harmless", CT, REPO + r'''
mkdir -p cfg/git; printf '[color]\n\tui = never\n[core]\n\tquotepath = off\n' > cfg/git/config
''', "git --no-optional-locks status --short", RO, "XDG git config with display settings only", cwd="repo", env={"XDG_CONFIG_HOME": "../cfg"})
C("env-git-external-diff", EV, REPO + CAN + r'''
canary "$ROOT/xd.sh"
''', "git diff", NRO, "GIT_EXTERNAL_DIFF runs for a modified file", cwd="repo", env={"GIT_EXTERNAL_DIFF": "../xd.sh"})
C("ctl-env-git-external-diff-noext", CT, REPO + CAN + r'''
canary "$ROOT/xd.sh"
''', "git diff --no-ext-diff --stat", RO, "--no-ext-diff ignores GIT_EXTERNAL_DIFF", cwd="repo", env={"GIT_EXTERNAL_DIFF": "../xd.sh"})
C("env-makefiles-var", EV, REPO + r'''
printf 'X := $(shell echo mk >> %s/RAN)\n' "$ROOT" > extra.mk
''', "make -n all", NRO, "MAKEFILES env var makes make read extra.mk whose $(shell) runs", cwd="repo", env={"MAKEFILES": "../extra.mk"})
C("env-pythonpath-sitecustomize", EV, r'''
mkdir lib; printf 'open(%s, "a").write("sc\\n")\n' "'$ROOT/RAN'" > lib/sitecustomize.py
''', "python3 -c 'import sys; print(sys.version_info[0])'", NRO, "sitecustomize.py on PYTHONPATH runs at startup", env={"PYTHONPATH": "lib", "PYTHONDONTWRITEBYTECODE": "1"})
C("ctl-env-pythonpath-plain", CT, r'''
mkdir lib; printf 'VALUE = 3\n' > lib/helper_mod.py
''', "python3 -c 'import sys; print(sys.path[1])'", RO, "PYTHONPATH with a plain module not imported", env={"PYTHONPATH": "lib", "PYTHONDONTWRITEBYTECODE": "1"})
C("env-pycache-prefix", EV, r'''
mkdir lib; printf 'VALUE = 3\n' > lib/helper_mod.py
''', "python3 -c 'import helper_mod; print(helper_mod.VALUE)'", NRO, "importing a non-stdlib module writes bytecode under PYTHONPYCACHEPREFIX", env={"PYTHONPATH": "lib", "PYTHONPYCACHEPREFIX": "pyc"})
C("env-node-options-require", EV, r'''
printf 'require("fs").appendFileSync("%s/RAN", "node ");\n' "$ROOT" > preload.js
''', "node -e 'console.log(1)'", NRO, "NODE_OPTIONS --require preloads repo code", env={"NODE_OPTIONS": "--require ./preload.js"})
C("ctl-env-node-options-mem", CT, "", "node -e 'console.log(1)'", RO, "NODE_OPTIONS with a memory flag only", env={"NODE_OPTIONS": "--max-old-space-size=256"})
C("env-rubyopt-require", EV, r'''
printf 'File.open("%s/RAN", "a") { |f| f.puts "ruby" }\n' "$ROOT" > pre.rb
''', "ruby -e 'puts 1'", NRO, "RUBYOPT -r loads repo code", env={"RUBYOPT": "-r./pre.rb"})
C("env-perl5opt-module", EV, r'''
mkdir lib; printf 'package Pre; open(my $f, ">>", "%s/RAN"); print $f "perl\\n"; 1;\n' "$ROOT" > lib/Pre.pm
''', "perl -e 'print 1'", NRO, "PERL5OPT -MPre with PERL5LIB loads repo module", env={"PERL5OPT": "-MPre", "PERL5LIB": "lib"})
C("env-lua-init", EV, r'''
printf 'io.open("%s/RAN", "a"):write("lua")\n' "$ROOT" > init.lua
''', "lua -e 'print(1)'", NRO, "LUA_INIT=@file runs it before -e", env={"LUA_INIT": "@init.lua"})
C("ctl-env-lua-init-E", CT, r'''
printf 'io.open("%s/RAN", "a"):write("lua")\n' "$ROOT" > init.lua
''', "lua -E -e 'print(1)'", RO, "-E ignores LUA_INIT", env={"LUA_INIT": "@init.lua"})
C("ctl-env-php-ini-prepend-r", CT, r'''
mkdir ini; printf '<?php file_put_contents("%s/RAN", "php", FILE_APPEND);\n' "$ROOT" > pre.php
printf 'auto_prepend_file=%s/pre.php\n' "$ROOT" > ini/zz.ini
''', "php -r 'echo 1;'", RO, "measured: auto_prepend_file (from PHP_INI_SCAN_DIR) is not applied to php -r code", env={"PHP_INI_SCAN_DIR": "ini"})
C("env-aws-config-file-credproc", EV, CAN + r'''
canary "$ROOT/cp.sh"
printf '[default]\nregion = eu-west-1\ncredential_process = %s/cp.sh\n' "$ROOT" > awscfg
''', "aws configure list", NRO, "AWS_CONFIG_FILE points at a config with credential_process", env={"AWS_CONFIG_FILE": "awscfg"})
C("env-kubeconfig-exec", EV, KC.replace('"$HOME/.kube/config"', 'kc.yaml').replace('mkdir -p "$HOME/.kube"', 'true'),
  "kubectl get ns --request-timeout=2s; echo rc=$?", NRO, "KUBECONFIG file with an exec credential plugin", env={"KUBECONFIG": "kc.yaml"})
C("ctl-env-pkgconfig-path", CT, r'''
mkdir pc; printf 'prefix=/opt/foo\nName: foo\nDescription: d\nVersion: 1.2\nCflags: -I${prefix}/include\nLibs: -L${prefix}/lib -lfoo\n' > pc/foo.pc
''', "pkg-config --cflags --libs --modversion foo", RO, ".pc files are data; pkg-config reads them", env={"PKG_CONFIG_PATH": "pc"})
C("env-histfile-history-w", EV, "", "history -w; echo done", NRO, "history -w writes HISTFILE even in a non-interactive shell", env={"HISTFILE": "hist.txt"})
C("ro-env-gitdir", EV, REPO, "git log --oneline -1", RO, "GIT_DIR points at the repo's git dir; log reads", env={"GIT_DIR": "repo/.git"})
C("ro-env-less-pager", EV, REPO, "git log -1 --format=%s", RO, "PAGER/LESS set, stdout not a tty: no pager", cwd="repo", env={"PAGER": "less", "LESS": "-R", "GIT_PAGER": "cat"})
C("ro-env-tmpdir", EV, "mkdir t", "sort -u /etc/shells | wc -l", RO, "TMPDIR set, small sort needs no temp file", env={"TMPDIR": "t"})
C("env-gnupghome-gpg-list", EV, "mkdir gh; chmod 700 gh", "gpg --list-keys; echo rc=$?", NRO, "gpg creates its keybox/trustdb in GNUPGHOME even to list keys", env={"GNUPGHOME": "gh"})
C("env-goflags-toolexec", EV, CAN + r'''
canary "$ROOT/tx.sh"
mkdir gp; cd gp; printf 'module example.com/gp\n\ngo 1.19\n' > go.mod; printf 'package main\n\nfunc main() {}\n' > main.go
''', "go vet . ; echo rc=$?", NRO, "GOFLAGS=-toolexec runs the wrapper for each tool (canary) and fills the cache", cwd="gp", env={"GOFLAGS": "-toolexec=../tx.sh", "GOTOOLCHAIN": "local"})

# ---------------- expansion ----------------
EXF = r'''printf 'alpha\nbeta\n' > f.txt
'''
x = [
 ("clobber-bar", "echo hi >| out.txt", NRO, ">| forces a write"),
 ("ctl-noclobber-existing", "set -o noclobber; echo hi > f.txt; echo rc=$?", RO, "noclobber refuses to overwrite the existing file"),
 ("noclobber-new-file", "set -o noclobber; echo hi > new.txt", NRO, "noclobber does not stop creating a new file"),
 ("readwrite-redirect-create", "cat <> new.txt", NRO, "<> opens read-write and creates the missing file"),
 ("ctl-readwrite-existing", "cat 0<> f.txt", RO, "<> on an existing file opens it but writes nothing (measured)"),
 ("ampgt-redirect", "ls &> listing.txt", NRO, "&> writes stdout and stderr to a file"),
 ("ctl-devnull-redirects", "ls nosuch >/dev/null 2>&1; ls 2>/dev/null | head -n 1", RO, "redirections to /dev/null"),
 ("default-assign-cmdsub", "echo \"${UNSET_VAR:-$(touch d.flag; echo v)}\"", NRO, "default word with command substitution is expanded"),
 ("ctl-default-set-var", "echo \"${HOME:-$(touch d.flag; echo v)}\"", RO, "HOME is set, so the default word is never expanded"),
 ("ctl-alt-unset-var", "echo \"[${UNSET_VAR:+$(touch d.flag)}]\"", RO, ":+ on unset var: word not expanded"),
 ("arith-subscript-injection", "a='x[$(touch a.flag)0]'; echo $(( a + 1 ))", NRO, "arithmetic evaluates the array subscript inside the variable's value, running the substitution"),
 ("dbl-bracket-eq-injection", "v='z[$(touch b.flag)0]'; [[ $v -eq 0 ]] && echo zero", NRO, "[[ -eq ]] evaluates operands arithmetically: subscript substitution runs"),
 ("ctl-single-bracket-eq", "v='z[$(touch b.flag)0]'; [ \"$v\" -eq 0 ] 2>/dev/null; echo rc=$?", RO, "[ -eq ] needs an integer literal: no evaluation"),
 ("let-injection", "n='q[$(touch c.flag)1]'; let 'm = n * 2'; echo $m", NRO, "let evaluates the variable as an expression"),
 ("declare-i-injection", "declare -i k; s='r[$(touch k.flag)2]'; k=s; echo $k", NRO, "integer attribute evaluates the assigned expression"),
 ("printf-v-subscript", "printf -v 'arr[$(touch pv.flag)1]' '%s' x; echo ok", NRO, "printf -v target with a subscript containing a substitution (measured)"),
 ("read-subscript", "read -r 'arr[$(touch rd.flag)1]' <<< x; echo ok", NRO, "read target subscript is expanded (measured)"),
 ("ctl-printf-v-plain", "printf -v out '%s-%s' a b; echo \"$out\"", RO, "printf -v into a plain variable"),
 ("prompt-expand-P", "p='$(touch p.flag)> '; echo \"${p@P}\"", NRO, "${x@P} performs prompt expansion including command substitution"),
 ("ctl-prompt-Q", "p='$(touch p.flag)> '; echo \"${p@Q}\"", RO, "${x@Q} only quotes"),
 ("heredoc-unquoted-cmdsub", "cat <<EOF\nrev: $(touch h.flag; echo 1)\nEOF", NRO, "unquoted here-doc performs command substitution"),
 ("ctl-heredoc-quoted", "cat <<'EOF'\nrev: $(touch h.flag; echo 1)\nEOF", RO, "quoted delimiter: body is literal"),
 ("ctl-herestring-date", "cat <<< \"today $(date +%F)\"", RO, "here-string with a harmless substitution"),
 ("line-continuation-redirect", "echo hi \\\n> cont.txt", NRO, "continued line ends in a redirection"),
 ("ctl-quoted-gt", "echo 'a > b.txt' \"| tee c.txt\"", RO, "redirection operators inside quotes are literal"),
 ("ctl-ansi-c-gt", "echo $'\\x3e' out.txt", RO, "$'\\x3e' is a literal >"),
 ("brace-expansion-cp", "cp f.txt{,.bak}", NRO, "brace expansion makes cp f.txt f.txt.bak"),
 ("ctl-brace-echo", "echo f.txt{,.bak} {1..3}", RO, "brace expansion printed"),
 ("bare-redirect-truncate", "> f.txt", NRO, "a bare redirection truncates the file"),
 ("ctl-bare-input-redirect", "< f.txt", RO, "a bare input redirection only opens"),
 ("exec-fd-out", "exec 3>trace.log; echo x >&3", NRO, "exec opens a file for writing"),
 ("exec-varfd", "exec {fd}>>log.txt; echo x >&$fd", NRO, "named fd opened for append"),
 ("ctl-exec-read-fd", "exec 3< f.txt; head -n 1 <&3", RO, "exec opens for reading"),
 ("ctl-procsub-diff", "diff <(sort f.txt) <(sort -r f.txt) | head -n 3", RO, "process substitution uses pipes, no files"),
 ("ctl-tee-procsub", "tee >(wc -l) < f.txt > /dev/null; sleep 0.2", RO, "tee into a process substitution pipe"),
 ("tee-append", "echo y | tee -a f.txt", NRO, "tee -a appends"),
 ("coproc-writer", "coproc W { cat > co.txt; }; echo data >&${W[1]}; exec {W[1]}>&-; wait", NRO, "coproc body writes"),
 ("ctl-coproc-reader", "coproc R { tr a-z A-Z; }; echo abc >&${R[1]}; exec {R[1]}>&-; cat <&${R[0]}; wait", RO, "coproc round trip, no files"),
 ("trap-exit", "trap 'touch t.flag' EXIT; echo hi", NRO, "EXIT trap runs at shell exit"),
 ("ctl-trap-print", "trap 'echo bye' EXIT; trap -p EXIT", RO, "trap that only prints"),
 ("ps4-xtrace", "PS4='+$(touch x.flag) '; set -x; ls >/dev/null", NRO, "PS4 is expanded (with substitution) for each traced command"),
 ("ctl-xtrace-plain", "set -x; ls f.txt; set +x", RO, "xtrace to stderr only"),
 ("hash-p-hijack", "hash -p ./tool.sh ls; ls", NRO, "hash -p maps ls to a planted script"),
 ("ctl-hash-t", "ls >/dev/null; hash -t ls; hash -l | head -n 2", RO, "hash listing"),
 ("source-project-file", "source ./scripts/env.sh; echo \"$APP\"", NRO, "sourcing a project file runs its code (canary)"),
 ("ctl-source-vars-only", ". ./scripts/vars.sh && echo \"$APP\"", RO, "sourced file only assigns variables"),
 ("enable-f-so", "enable -f ./ext.so mybuiltin 2>/dev/null; echo rc=$?", NRO, "enable -f dlopens the .so; its constructor runs (canary)"),
 ("ctl-enable-list", "enable -a | head -n 3; enable -p | wc -l", RO, "list builtins"),
 ("alias-expand", "shopt -s expand_aliases\nalias ll='touch al.flag'\nll", NRO, "with expand_aliases the alias replaces ll on the next line"),
 ("ctl-alias-same-line", "alias ll='touch al.flag'; ll 2>/dev/null; echo rc=$?", RO, "alias is not expanded in non-interactive bash: ll not found"),
 ("mapfile-then-write", "mapfile -t L < f.txt; printf '%s\\n' \"${L[@]}\" > copy.txt", NRO, "mapfile read then redirect write"),
 ("ctl-mapfile-count", "mapfile -t L < f.txt; echo ${#L[@]}", RO, "mapfile only reads"),
 ("ctl-declare-n", "declare -n r=HOME; echo \"$r\"; declare -p PATH | cut -c1-20", RO, "nameref and declare -p"),
 ("eval-var-redirect", "o='> ev.txt'; eval \"echo hi $o\"", NRO, "eval re-parses the redirection stored in a variable"),
 ("ctl-var-redirect-literal", "o='> ev.txt'; echo hi $o", RO, "without eval the > in a variable is just a word"),
 ("umask-touch-flag-dup", "echo x 1>&2 2>err.txt", NRO, "2>file creates err.txt even though stdout was duplicated first"),
 ("ctl-fd-dup-only", "echo x 2>&1 1>&2 | cat", RO, "fd duplication only"),
]
for slug, cmd, exp, why in x:
    fam = CT if slug.startswith("ctl-") else EX
    setup = EXF
    if slug in ("hash-p-hijack",):
        setup += CAN + 'canary tool.sh\n'
    if slug == "source-project-file":
        setup += 'mkdir scripts; printf \'APP=demo\\necho sourced >> %s/RAN\\n\' "$ROOT" > scripts/env.sh\n'
    if slug == "ctl-source-vars-only":
        setup += "mkdir scripts; printf 'APP=demo\\nexport MODE=dev\\n' > scripts/vars.sh\n"
    if slug == "enable-f-so":
        setup += r'''printf '#include <stdio.h>\n__attribute__((constructor)) static void c(void){FILE*f=fopen("%s/RAN","a");if(f){fputs("so\\n",f);fclose(f);}}\n' "$ROOT" > ext.c
gcc -shared -fPIC -o ext.so ext.c; rm ext.c
'''
    C(slug, fam, setup, cmd, exp, why)
FSM = REPO + CAN + "cd repo; canary .git/fsm.sh; git config core.fsmonitor \"$PWD/.git/fsm.sh\"; cd ..\n"
UC = REPO + "cd repo; git config core.untrackedCache true; cd ..\n"
C("git-status-untracked-cache", GC, UC, "git status --short", NRO, "core.untrackedCache=true: status stores the UNTR extension, rewriting .git/index", cwd="repo")
C("ctl-git-status-untracked-cache-nolocks", CT, UC, "git --no-optional-locks status --short", RO, "same config, --no-optional-locks: index not written", cwd="repo")
C("git-lsfiles-m-fsmonitor", GC, FSM, "git ls-files -m", NRO, "ls-files -m queries core.fsmonitor hook (canary)", cwd="repo")
C("git-grep-fsmonitor", GC, FSM, "git grep -n hello", NRO, "worktree git grep refreshes via core.fsmonitor hook (canary)", cwd="repo")
C("ctl-git-log-fsmonitor", CT, FSM, "git log -1 --oneline && git rev-parse HEAD", RO, "log/rev-parse do not look at the worktree: fsmonitor not run", cwd="repo")
C("ctl-git-show-diff-external", CT, REPO + CAN + "cd repo; canary .git/xd.sh; git config diff.external \"$PWD/.git/xd.sh\"; cd ..\n",
  "git show --stat -p HEAD", RO, "diff.external is used by git diff, not by show/log without --ext-diff (measured)", cwd="repo")
C("perl-c-begin", IN, r'''printf 'BEGIN { open(my $f, ">>", "%s/RAN"); print $f "begin\\n" }\nprint "main\\n";\n' "$ROOT" > check.pl
''', "perl -c check.pl", NRO, "perl -c compiles, and compiling runs BEGIN blocks (canary)")
C("ctl-ruby-c-begin", CT, r'''printf 'BEGIN { File.write("%s/RAN", "x") }\nputs 1\n' "$ROOT" > check.rb
''', "ruby -c check.rb", RO, "ruby -c only parses; BEGIN not run (measured)")
C("ctl-php-l", CT, r'''printf '<?php file_put_contents("%s/RAN", "x");\n' "$ROOT" > check.php
''', "php -l check.php", RO, "php -l lints without executing")
C("ctl-node-check", CT, r'''printf 'require("fs").writeFileSync("%s/RAN", "x");\n' "$ROOT" > check.js
''', "node --check check.js", RO, "node --check parses only")
C("ctl-bash-n", CT, r'''printf 'touch %s/RAN\n' "$ROOT" > check.sh
''', "bash -n check.sh && echo syntax-ok", RO, "bash -n parses only")
C("py-compile-module", IN, "printf 'x = 1\\n' > check.py\n", "python3 -m py_compile check.py", NRO, "py_compile writes __pycache__/check.cpython-*.pyc")
C("luac-out", IN, "printf 'print(1)\\n' > check.lua\n", "luac check.lua", NRO, "luac writes luac.out by default")
C("ctl-luac-p", CT, "printf 'print(1)\\n' > check.lua\n", "luac -p check.lua", RO, "luac -p parses only")
CURLRC = r'''printf 'output = %s/stolen.txt\nsilent\n' "$ROOT" > "$HOME/.curlrc"
echo hi > f.txt
'''
C("curlrc-output", TC, CURLRC, "curl file://$PWD/f.txt", NRO, "~/.curlrc 'output' makes a local file:// fetch write stolen.txt")
C("ctl-curl-q-curlrc", CT, CURLRC, "curl -q -s file://$PWD/f.txt", RO, "-q (first) skips ~/.curlrc: content to stdout")
C("pytest-co-cache", TC, REPO, "pytest --co -q; echo rc=$?", NRO, "collect-only still writes .pytest_cache (cacheprovider)", cwd="repo", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("ctl-meson-introspect-ast", CT, r'''printf "project('p', 'c')\nrun_command('sh', '-c', 'echo m >> %s/RAN', check: false)\n" "$ROOT" > meson.build
''', "meson introspect --projectinfo meson.build", RO, "introspecting meson.build without a build dir uses the AST only: run_command not run (measured)")
C("precommit-validate-config", E, REPO + "cd repo; printf 'repos: []\\n' > .pre-commit-config.yaml; cd ..\n",
  "pre-commit validate-config .pre-commit-config.yaml", NRO, "measured: pre-commit creates ~/.cache/pre-commit even to validate", cwd="repo")
C("cmake-system-information", E, "", "cmake --system-information | head -n 3", NRO, "measured: cmake --system-information configures a scratch project __cmake_systeminformation in cwd (removed on normal exit, left behind when head closes the pipe early)")
C("env-tar-options-checkpoint", EV, CAN + "canary tx.sh\necho hi > f.txt; tar -cf b.tar f.txt\n", "tar -tvf b.tar", NRO,
  "TAR_OPTIONS adds --checkpoint-action=exec, running the script during a listing", env={"TAR_OPTIONS": "--checkpoint=1 --checkpoint-action=exec=./tx.sh"})
C("env-git-trace-file", EV, REPO, "git --no-optional-locks status --short", NRO, "GIT_TRACE with an absolute path appends the trace to that file", cwd="repo", env={"GIT_TRACE": "/tmp/r16-git-trace.log"})
C("ctl-env-git-trace-stderr", CT, REPO, "git --no-optional-locks status --short 2>/dev/null", RO, "GIT_TRACE=1 traces to stderr only", cwd="repo", env={"GIT_TRACE": "1"})
C("env-node-v8-coverage", EV, "", "node -e 'console.log(1)'", NRO, "NODE_V8_COVERAGE makes node write coverage JSON into that dir", env={"NODE_V8_COVERAGE": "cov"})
C("env-ld-debug-output", EV, "", "ls / > /dev/null", NRO, "LD_DEBUG with LD_DEBUG_OUTPUT writes ld.log.<pid>", env={"LD_DEBUG": "files", "LD_DEBUG_OUTPUT": "ld.log"})
C("ctl-env-ld-debug-stderr", CT, "", "ls / 2>/dev/null | head -n 2", RO, "LD_DEBUG alone writes to stderr", env={"LD_DEBUG": "files"})
C("ro-env-importtime", EV, "", "python3 -c 'import json' 2>&1 | tail -n 1", RO, "PYTHONPROFILEIMPORTTIME prints to stderr only", env={"PYTHONPROFILEIMPORTTIME": "1"})
C("ctl-jq-home-library", CT, "printf 'def twice: . * 2;\\n' > \"$HOME/.jq\"\n", "jq -n '21 | twice'", RO, "~/.jq definitions are jq code, which cannot write or run programs")
for slug, cmd, why in [
 ("npm-version", "npm --version", "npm version (no log written, measured)"),
 ("tox-list", "tox list", "tox 4 lists envs from tox.ini without creating .tox (measured)"),
 ("openssl-version", "openssl version -a | head -n 3", "openssl version"),
 ("ssh-keygen-fingerprint", "ssh-keygen -l -f deploy.pub", "fingerprint of a public key"),
 ("git-revlist-reflog", "git rev-list --count HEAD && git reflog -3", "rev-list and reflog"),
 ("sed-s-last-lines", "sed -s -n '$p' README.md docs/notes.txt", "sed per-file last line"),
]:
    C(slug, E, REPO + "cd repo; printf '[tox]\\nenv_list = py\\n[testenv]\\ncommands = true\\n' > tox.ini; ssh-keygen -q -t ed25519 -N '' -f deploy -C t; cd ..\n", cmd, RO, why, cwd="repo")
C("exiftool-ver-user-config", TC, "printf 'open(my $f, \">>\", \"%s/RAN\"); print $f \"exif\\\\n\"; close $f;\\n1;\\n' \"$ROOT\" > \"$HOME/.ExifTool_config\"\n",
  "exiftool -ver", NRO, "even -ver loads the Perl ~/.ExifTool_config (canary)")
C("ctl-gnuplot-version-init", CT, "printf 'system \"echo g >> %s/RAN\"\\n' \"$ROOT\" > \"$HOME/.gnuplot\"\n",
  "gnuplot --version", RO, "--version exits before ~/.gnuplot is loaded (measured)")
C("ctl-psql-version-psqlrc", CT, "printf '\\\\! echo p >> %s/RAN\\n' \"$ROOT\" > \"$HOME/.psqlrc\"\n",
  "psql --version", RO, "~/.psqlrc (with a \\! shell escape) is not read for --version")
C("configure-help", E, "mkdir proj; cd proj; printf 'AC_INIT([demo],[1.0])\\nAC_OUTPUT\\n' > configure.ac; autoconf; rm -rf autom4te.cache\n",
  "./configure --help | head -n 3", NRO, "measured: autoconf's configure creates and removes scratch files in cwd even for --help", cwd="proj")
C("read-arith-from-file", EX, "printf 'x[$(echo pwn >> %s/RAN)1]\\n' \"$ROOT\" > count.txt\n",
  "read -r n < count.txt; echo $(( n + 1 ))", NRO, "the value read from the file is evaluated arithmetically; its subscript's command substitution runs (canary)")
C("ctl-read-arith-from-file-number", CT, "printf '41\\n' > count.txt\n",
  "read -r n < count.txt; echo $(( n + 1 ))", RO, "same command, file holds a plain number")
C("mapfile-callback", EX, "printf 'a\\nb\\n' > f.txt\n", "mapfile -t -C 'touch cb.flag;:' -c 1 L < f.txt; echo ${#L[@]}", NRO, "mapfile -C evaluates the callback every -c lines")
C("unittest-discover", E, "mkdir t; printf 'import unittest\\nclass T(unittest.TestCase):\\n    def test_a(self):\\n        pass\\n' > t/test_a.py\n",
  "python3 -m unittest discover -s t -q", NRO, "measured: importing the test modules writes t/__pycache__")
DROP = set("""7z-xz-list apt-cache-show apt-list-installed base64-d build-tool-versions cmake-version ctl-alt-unset-var ctl-ansi-c-gt ctl-awk-getline-file ctl-awk-sum ctl-bare-input-redirect ctl-bash-n ctl-brace-echo ctl-coproc-reader ctl-dc-arith ctl-declare-n ctl-devnull-redirects ctl-enable-list ctl-env-git-external-diff-noext ctl-env-ld-debug-stderr ctl-env-lua-init-E ctl-env-node-options-mem ctl-env-pythonpath-plain ctl-env-xdg-config-git-harmless ctl-erl-eval-noinit ctl-ex-s-print ctl-exec-read-fd ctl-fd-dup-only ctl-flake8-plain-cfg ctl-git-catfile-p ctl-git-checkattr-filter ctl-git-config-list-origin ctl-gnuplot-dumb ctl-go-list-m ctl-guile-no-autocompile ctl-hash-t ctl-herestring-date ctl-jq-home-library ctl-just-dry-run-backtick ctl-mapfile-count ctl-mlr-sort ctl-node-check ctl-node-readfile ctl-php-version ctl-pip-config-list ctl-printf-v-plain ctl-procsub-diff ctl-prompt-Q ctl-python-I-read ctl-quoted-gt ctl-readwrite-existing ctl-ruby-readlines ctl-sed-F-l ctl-sort-o-stdout ctl-sqlite-memory ctl-tclsh-puts ctl-trap-print ctl-ts-moreutils ctl-tsc-showconfig ctl-xtrace-plain ctl-xxd-r-stdout cut-column diff3-three docker-version du-df env-git-external-diff env-gnupghome-gpg-list env-lua-init env-perl5opt-module env-rubyopt-require env-sort exiftool-ver-file-z flake8-version free-uptime git-cached-names git-catfile git-check-ignore git-config-get git-diff-stat-head1 git-foreach-ref git-log-since git-remote-v git-revlist-reflog git-stash-list git-worktree-list go-version gofmt-l guile-script-autocompile isort-diff jq-dot ldconfig-p locale-a lsb-release lscpu-iconv m4-syscmd make-n-shell-func npm-ls-logs pip-version printenv-path realpath rg-files rscript-writelines ruff-version sed-s-last-lines sha-sum sqlite-attach-creates strings-ls tail-n tclsh-exec-touch wc-head""".split())  # pruned to reach the 230-270 size and balance
CASES[:] = [c for c in CASES if c["id"][4:] not in DROP]
#KEEP
with open("/work/corpora/classifier-r16/cases.jsonl", "w") as f:
    for c in CASES:
        f.write(json.dumps(c) + "\n")
from collections import Counter
print(len(CASES), Counter(c["family"] for c in CASES), Counter(c["expect"] for c in CASES))
