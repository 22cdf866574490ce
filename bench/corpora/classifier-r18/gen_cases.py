import json, sys
CASES = []
def C(id, family, command, expect, why, setup="", cwd="repo", env=None, base=True):
    s = (REPO + "\n" if base else "") + setup
    CASES.append({"id": "r18-" + id, "family": family, "setup": s.strip("\n"), "cwd": cwd,
                  "env": env or {}, "command": command, "expect": expect, "why": why})
RO, NRO = "read-only", "not-read-only"

MK = r'''mk() { printf '#!/bin/sh\necho ran >> "%s/RAN-%s"\n' "$ROOT" "$2" > "$1"; chmod +x "$1"; }'''
REPO = MK + r'''
mkdir -p repo/src repo/tests repo/docs && cd repo
git init -q -b main
git config user.name t && git config user.email t@t.t
printf 'hello world\nTODO: fix this\nfoo bar\n' > a.txt
printf 'hello there\nfoo baz\n' > b.txt
printf 'def main():\n    print("hi")  # TODO\n\n\nif __name__ == "__main__":\n    main()\n' > src/main.py
printf 'X = 1\n' > mod.py
printf 'from mod import X\n\n\ndef test_x():\n    assert X == 1\n' > tests/test_x.py
printf 'name,qty\napple,3\npear,5\napple,1\n' > data.csv
printf '{"name": "demo", "version": "1.0.0", "scripts": {"test": "echo test"}, "dependencies": {}}\n' > package.json
printf '#!/bin/sh\necho "$1"\n' > script.sh && chmod +x script.sh
printf '# Demo\n\nSome docs.\n' > README.md
printf 'all:\n\t@echo building\n\n.PHONY: all\n' > Makefile
printf 'a.txt\nb.txt\n' > list.txt
git add -A && git commit -qm first
printf 'more\n' >> b.txt && git commit -qam second
find . -path ./.git -prune -o -type f -exec touch -d @1600000000 {} +
git update-index --refresh >/dev/null
cd ..'''

# ---------------------------------------------------------------- everyday RO
E = "everyday"
ev = [
 ("git-status", "git status", "backdated, stat-clean repo: git status leaves index untouched"),
 ("git-status-nolocks", "git --no-optional-locks status --short", "no optional index refresh"),
 ("git-log-oneline", "git log --oneline -n 5", "reads objects only"),
 ("git-log-stat", "git log --stat -1", "reads objects only"),
 ("git-diff-stat", "git diff HEAD~1 --stat", "tree-to-worktree diff, nothing written"),
 ("git-show-names", "git show HEAD --name-only", "reads objects"),
 ("git-branch-av", "git branch -a -v", "lists refs"),
 ("git-revparse-branch", "git rev-parse --abbrev-ref HEAD", "reads HEAD"),
 ("git-lsfiles-wc", "git ls-files | wc -l", "reads index"),
 ("git-grep-todo", "git grep -n TODO", "searches tracked files"),
 ("git-blame-l", "git blame -L 1,2 a.txt", "reads history"),
 ("git-remote-v", "git remote -v", "reads config"),
 ("git-tag-list", "git tag --list", "lists tags"),
 ("git-pager-cat-logp", "GIT_PAGER=cat git log -p -1", "pager cat, reads objects"),
 ("git-log-format-head", "git log --format='%h %an %s' | head -3", "reader pipe"),
 ("git-config-origin", "git config --list --show-origin", "prints config"),
 ("git-count-objects", "git count-objects -vH", "counts objects"),
 ("git-stash-list", "git stash list", "no stash, prints nothing"),
 ("git-shortlog", "git shortlog -sn HEAD", "reads history"),
 ("git-catfile-head", "git cat-file -p HEAD", "prints commit object"),
 ("git-lstree", "git ls-tree -r --name-only HEAD", "lists tree"),
 ("git-reflog", "git reflog -n 3", "reads reflog"),
 ("git-worktree-list", "git worktree list", "lists worktrees"),
 ("git-diff-check", "git diff --check HEAD~1", "whitespace check, prints only"),
 ("git-log-since", "git log --since='1 year ago' --author=t --oneline", "filtered log"),
 ("git-merge-base", "git merge-base main HEAD", "computes merge base"),
 ("git-describe-always", "git describe --always", "no --dirty, no index refresh"),
 ("git-revlist-count", "git rev-list --count HEAD", "counts commits"),
 ("git-show-ref", "git show-ref", "lists refs"),
 ("git-log-graph", "git log --graph --oneline --all | head -20", "reader pipe"),
 ("ls-la", "ls -la", "listing"),
 ("find-py", "find . -name '*.py' -not -path './.git/*'", "find without actions"),
 ("grep-rn", "grep -rn TODO --include='*.py' .", "recursive grep"),
 ("rg-n", "rg -n hello", "ripgrep search, no config"),
 ("head-readme", "head -n 20 README.md", "reads a file"),
 ("wc-l", "wc -l a.txt b.txt src/main.py", "counts lines"),
 ("sort-uniq-lcall", "LC_ALL=C sort a.txt b.txt | uniq -c | sort -rn", "reader pipe with locale prefix"),
 ("date-tz", "TZ=UTC date +%Y-%m-%d", "prints date"),
 ("ps-columns", "COLUMNS=200 ps aux | head -5", "process list"),
 ("du-sh", "du -sh .", "disk usage"),
 ("df-h", "df -h .", "filesystem usage"),
 ("tree-l2", "tree -L 2 -a -I .git", "tree listing"),
 ("python-version", "python3 --version", "pyenv shim + version"),
 ("node-version", "node --version", "version"),
 ("go-version", "go version", "version"),
 ("gcc-version", "gcc --version | head -1", "version"),
 ("make-n", "make -n", "dry run of an echo-only Makefile"),
 ("jq-scripts", "jq .scripts package.json", "jq filter"),
 ("jq-keys", "jq -r '.dependencies | keys[]' package.json", "jq filter"),
 ("cut-sort-uniq", "cut -d, -f1 data.csv | sort | uniq -c", "reader pipe"),
 ("stat-file", "stat a.txt", "metadata"),
 ("file-type", "file src/main.py script.sh", "magic lookup"),
 ("command-v", "command -v python3 node git", "PATH lookup"),
 ("uname-a", "uname -a", "kernel info"),
 ("os-release", "cat /etc/os-release", "reads system file"),
 ("diff-u", "diff -u a.txt b.txt", "prints a diff (rc 1)"),
 ("sha256sum", "sha256sum a.txt b.txt", "hashes"),
 ("xxd-head", "xxd a.txt | head -5", "hex dump"),
 ("shellcheck", "shellcheck script.sh", "lint, prints only"),
 ("shfmt-d", "shfmt -d script.sh", "diff mode"),
 ("awk-sum", "awk -F, 'NR>1 {s+=$2} END {print s}' data.csv", "awk reader"),
 ("sed-n", "sed -n '1,3p' src/main.py", "sed print"),
 ("tail-n", "tail -n 2 b.txt", "reads"),
 ("nproc-free", "nproc && free -m", "system info"),
 ("id-un", "id -un", "user name"),
 ("realpath", "realpath src/main.py", "path resolution"),
 ("column-t", "column -s, -t < data.csv", "formats"),
 ("ls-r-head", "ls -R src | head -20", "listing"),
 ("env-sort", "env | sort", "prints environment"),
 ("nocolor-ls", "NO_COLOR=1 ls --color=auto src", "harmless env prefix"),
 ("perl-v", "perl -v | head -2", "version"),
 ("ruby-version", "ruby --version", "version"),
 ("php-version", "php --version", "version"),
 ("tsc-version", "tsc --version", "version"),
 ("eslint-version", "eslint --version", "version"),
 ("cmake-version", "cmake --version | head -1", "version"),
 ("git-log-timeout", "timeout 10 git log -1 --format=%H", "timeout wrapper around a reader"),
 ("nice-grep", "nice -n 10 grep -c foo a.txt b.txt", "nice wrapper"),
 ("grep-c", "grep -c foo a.txt b.txt", "count matches"),
 ("printenv-home", "printenv HOME", "prints var"),
 ("ls-wc", "ls -1 | wc -l", "count entries"),
 ("locale", "locale", "locale info"),
 ("json-tool", "python3 -m json.tool package.json", "stdlib pretty printer to stdout"),
 ("which-python", "which -a python3", "PATH lookup"),
 ("git-help-a", "git help -a | head -5", "command list, no pager without tty"),
 ("man-w", "man -w git", "prints man page path"),
 ("whatis", "whatis ls", "manual index lookup"),
 ("gpg-version", "gpg --version | head -1", "version"),
 ("python-site", "python3 -m site", "prints sys.path"),
 ("pip-version", "pip --version", "version"),
 ("npm-version", "npm --version", "version"),
 ("npm-pkg-get", "npm pkg get name version", "reads package.json"),
 ("go-env", "go env GOPATH GOOS", "prints go env"),
 ("yamllint", "yamllint -d relaxed .ci.yml", "YAML lint"),
 ("isort-check", "isort --check-only --diff src/main.py", "check mode"),
 ("sqlite-tables", "sqlite3 app.db .tables", "lists tables"),
 ("ssh-keygen-l", "ssh-keygen -l -f key.pub", "key fingerprint"),
 ("tar-tzf", "tar -tzf ../src.tar.gz", "lists archive"),
 ("unzip-l", "unzip -l ../docs.zip", "lists archive"),
 ("gofmt-l", "gofmt -l .", "lists unformatted go files"),
 ("prettier-check", "prettier --check app.js", "check without cache"),
 ("stdbuf-grep", "stdbuf -oL grep -n foo a.txt", "stdbuf wrapper"),
 ("env-C", "env -C src ls -la", "env -C wrapper"),
 ("xargs-a-wc", "xargs -a list.txt wc -l", "xargs reader"),
 ("find-exec-grep", "find . -name '*.py' -not -path './.git/*' -exec grep -l print {} +", "find -exec of a reader"),
]
EXTRA_EV = r'''cd repo
printf 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n' > .ci.yml
sqlite3 app.db 'create table users(id integer primary key, name text); insert into users(name) values ("a");'
ssh-keygen -q -t ed25519 -N '' -C t -f key >/dev/null
printf 'package main\n\nfunc main() {}\n' > main.go
printf 'const x = 1;\nconsole.log(x);\n' > app.js
cd .. && tar -czf src.tar.gz -C repo src && (cd repo && zip -qr ../docs.zip README.md docs)'''
for slug, cmd, why in ev:
    C(slug, E, cmd, RO, why, setup=EXTRA_EV)

# ------------------------------------------------- everyday commands that write, with read-only twins
CT = "control"
pairs = [
 # (slug, family, command, expect, why, extra-setup)
 ("git-status-lock", E, "git status --short", NRO, "plain git status takes .git/index.lock (transient) to refresh the index", ""),
 ("git-status-stale", E, "git status", NRO, "stale stat info after touch: git status rewrites .git/index", "touch repo/a.txt repo/b.txt"),
 ("git-status-stale-optlocks", "env", "git status", RO, "GIT_OPTIONAL_LOCKS=0: no index refresh written even with stale stat info", "touch repo/a.txt repo/b.txt"),
 ("npm-pkg-get-logs", E, "npm pkg get name version", NRO, "npm writes ~/.npm/_logs/*-debug-0.log", ""),
 ("gpg-list-keys", E, "gpg --list-keys", NRO, "fresh HOME: gpg creates ~/.gnupg and pubring.kbx", ""),
 ("pytest-co", E, "pytest --co -q", NRO, "creates .pytest_cache and __pycache__", ""),
 ("pytest-co-nocache", CT, "pytest --co -q -p no:cacheprovider", RO, "cacheprovider off + PYTHONDONTWRITEBYTECODE: nothing written", ""),
 ("black-check", E, "black --check --diff mod.py", NRO, "black writes its cache under ~/.cache/black", ""),
 ("py-import-local", "interpreters", "python3 -c 'import mod; print(mod.X)'", NRO, "importing a tree module writes __pycache__/mod.*.pyc", ""),
 ("py-import-local-B", CT, "python3 -B -c 'import mod; print(mod.X)'", RO, "-B: no bytecode written", ""),
 ("go-vet", E, "go vet ./...", NRO, "go vet fills the build cache in ~/.cache/go-build", "cd repo && printf 'module example.com/demo\\n\\ngo 1.19\\n' > go.mod && printf 'package main\\n\\nfunc main() {}\\n' > main.go"),
 ("git-log-output", E, "git log -1 --output=last-commit.txt", NRO, "--output writes a file", ""),
 ("git-diff-output", E, "git diff HEAD~1 --output=changes.diff", NRO, "--output writes a file", ""),
 ("git-format-patch", E, "git format-patch -1", NRO, "writes 0001-*.patch", ""),
 ("git-format-patch-stdout", CT, "git format-patch -1 --stdout", RO, "--stdout: patch to stdout only", ""),
 ("git-archive-o", E, "git archive -o /tmp/src.tar HEAD", NRO, "writes /tmp/src.tar", ""),
 ("git-archive-pipe", CT, "git archive HEAD | tar -tf -", RO, "archive streamed to a reader", ""),
 ("git-bundle-create", E, "git bundle create ../repo.bundle HEAD", NRO, "writes the bundle", ""),
 ("git-bundle-verify", CT, "git bundle verify ../repo.bundle", RO, "verify reads the planted bundle", "cd repo && git bundle create -q ../repo.bundle HEAD main"),
 ("git-bugreport", E, "git bugreport", NRO, "writes git-bugreport-*.txt in cwd", ""),
 ("git-diagnose", E, "git diagnose -o /tmp/diag", NRO, "writes a zip", ""),
 ("git-fsck-lostfound", E, "git fsck --lost-found", NRO, "dangling blob copied to .git/lost-found/other", "cd repo && echo dangling | git hash-object -w --stdin >/dev/null"),
 ("git-fsck", CT, "git fsck --no-progress", RO, "fsck without --lost-found only reports the dangling blob", "cd repo && echo dangling | git hash-object -w --stdin >/dev/null"),
 ("git-describe-dirty", E, "git describe --always --dirty", NRO, "--dirty refreshes the index (index.lock / index write)", ""),
 ("sort-o", E, "sort -o sorted.csv data.csv", NRO, "sort -o writes", ""),
 ("sort-c", CT, "sort -c list.txt", RO, "check only", ""),
 ("split-l", E, "split -l 2 data.csv", NRO, "default prefix xaa, xab", ""),
 ("csplit", E, "csplit -s a.txt 2", NRO, "writes xx00 xx01", ""),
 ("tee-a", E, "tee -a notes.txt < a.txt", NRO, "tee appends to file", ""),
 ("tee-devnull", CT, "tee /dev/null < a.txt", RO, "tee to /dev/null", ""),
 ("touch-c-existing", E, "touch -c a.txt", NRO, "-c does not create but updates mtime of an existing file", ""),
 ("touch-c-missing", CT, "touch -c does-not-exist.txt", RO, "-c on a missing file creates nothing", ""),
 ("mktemp", E, "mktemp", NRO, "creates /tmp/tmp.*", ""),
 ("mktemp-d", E, "mktemp -d", NRO, "creates a dir in /tmp", ""),
 ("mktemp-u", CT, "mktemp -u", RO, "-u only prints a name", ""),
 ("install-d", E, "install -d build/out", NRO, "creates dirs", ""),
 ("dd-of", E, "dd if=a.txt of=a.bak status=none", NRO, "dd of= writes", ""),
 ("dd-count", CT, "dd if=a.txt bs=4 count=1 status=none", RO, "dd to stdout", ""),
 ("shuf-o", E, "shuf -o shuffled.txt a.txt", NRO, "shuf -o writes", ""),
 ("shuf-n", CT, "shuf -n 1 a.txt", RO, "to stdout", ""),
 ("patch-apply", E, "patch -p1 < fix.patch", NRO, "applies patch to a.txt", "cd repo && printf -- '--- a/a.txt\\n+++ b/a.txt\\n@@ -1,3 +1,3 @@\\n hello world\\n-TODO: fix this\\n+DONE\\n foo bar\\n' > fix.patch"),
 ("patch-dry-run", CT, "patch -p1 --dry-run < fix.patch", RO, "dry run writes nothing (measured incl. /tmp)", "cd repo && printf -- '--- a/a.txt\\n+++ b/a.txt\\n@@ -1,3 +1,3 @@\\n hello world\\n-TODO: fix this\\n+DONE\\n foo bar\\n' > fix.patch"),
 ("sdiff-o", E, "sdiff -o merged.txt a.txt b.txt", NRO, "sdiff -o creates the merge output file", ""),
 ("sdiff", CT, "sdiff a.txt b.txt", RO, "side-by-side to stdout", ""),
 ("shfmt-w", E, "shfmt -w script.sh", NRO, "rewrites an unformatted script", "cd repo && printf 'if true;then echo x;fi\\n' > script.sh"),
 ("gofmt-w", E, "gofmt -w main.go", NRO, "rewrites an unformatted file", "cd repo && printf 'package main\\nfunc main(){ }\\n' > main.go"),
 ("gofmt-d", CT, "gofmt -d main.go", RO, "diff only", "cd repo && printf 'package main\\nfunc main(){ }\\n' > main.go"),
 ("eslint-cache", E, "eslint --cache app.js", NRO, "--cache writes .eslintcache", "cd repo && printf 'export default [{ rules: { semi: \"error\" } }];\\n' > eslint.config.mjs && printf 'const x = 1;\\nconsole.log(x);\\n' > app.js"),
 ("eslint-nocache", CT, "eslint app.js", RO, "plain data-only flat config, no cache", "cd repo && printf 'export default [{ rules: { semi: \"error\" } }];\\n' > eslint.config.mjs && printf 'const x = 1;\\nconsole.log(x);\\n' > app.js"),
 ("prettier-cache", E, "prettier --check --cache app.js", NRO, "--cache writes node_modules/.cache/prettier", "cd repo && printf 'const x = 1;\\nconsole.log(x);\\n' > app.js"),
 ("tsc-noemit-incremental", "tool-config", "tsc --noEmit -p .", NRO, "incremental:true in tsconfig: --noEmit still writes tsconfig.tsbuildinfo", "cd repo && printf '{\"compilerOptions\": {\"incremental\": true, \"strict\": true}, \"files\": [\"x.ts\"]}\\n' > tsconfig.json && printf 'export const x: number = 1;\\n' > x.ts"),
 ("tsc-noemit", CT, "tsc --noEmit -p .", RO, "same tsconfig without incremental: nothing written", "cd repo && printf '{\"compilerOptions\": {\"strict\": true}, \"files\": [\"x.ts\"]}\\n' > tsconfig.json && printf 'export const x: number = 1;\\n' > x.ts"),
 ("tsc-showconfig", CT, "tsc --showConfig -p .", RO, "prints resolved config even with incremental", "cd repo && printf '{\"compilerOptions\": {\"incremental\": true}, \"files\": [\"x.ts\"]}\\n' > tsconfig.json && printf 'export const x: number = 1;\\n' > x.ts"),
 ("py-compile", E, "python3 -m py_compile src/main.py", NRO, "writes src/__pycache__", ""),
 ("compileall", E, "python3 -m compileall -q src", NRO, "writes src/__pycache__", ""),
 ("py-ast-parse", CT, "python3 -B -c 'import ast; ast.parse(open(\"src/main.py\").read()); print(\"ok\")'", RO, "syntax check without bytecode", ""),
 ("luac", E, "luac x.lua", NRO, "writes luac.out", "cd repo && printf 'print(1)\\n' > x.lua"),
 ("luac-p", CT, "luac -p x.lua", RO, "parse only", "cd repo && printf 'print(1)\\n' > x.lua"),
 ("gcc-syntax-md", E, "gcc -fsyntax-only -MD x.c", NRO, "-MD writes x.d even with -fsyntax-only", "cd repo && printf 'int main(void){return 0;}\\n' > x.c"),
 ("gcc-syntax", CT, "gcc -fsyntax-only -Wall x.c", RO, "syntax only", "cd repo && printf 'int main(void){return 0;}\\n' > x.c"),
 ("gcc-E", CT, "gcc -E x.c | head -5", RO, "preprocess to stdout", "cd repo && printf 'int main(void){return 0;}\\n' > x.c"),
 ("zip-T", CT, "zip -T ../docs.zip", RO, "archive test (measured: no temp file)", "zip -qr docs.zip repo/README.md"),
 ("zip-TT", E, "zip -T -TT 'sh -c \"touch tested.flag; true\"' ../docs.zip", NRO, "-TT runs a user command as the tester", "zip -qr docs.zip repo/README.md"),
 ("script-devnull", CT, "script -q -c 'git log -1 --oneline' /dev/null", RO, "typescript to /dev/null", ""),
 ("script-default", E, "script -q -c 'git log -1 --oneline'", NRO, "no file arg: writes ./typescript", ""),
 ("time-o", E, "/usr/bin/time -o timing.txt ls", NRO, "-o writes timing file", ""),
 ("time-f", CT, "/usr/bin/time -f %e ls", RO, "timing to stderr", ""),
 ("strace-o", E, "strace -f -o trace.txt true", NRO, "strace -o writes trace", ""),
 ("strace-c", CT, "strace -c -o /dev/null true", RO, "summary to /dev/null", ""),
 ("nohup-pipe", CT, "nohup git log -1 --oneline | cat", RO, "stdout is a pipe: nohup makes no nohup.out", ""),
 ("valgrind-callgrind", E, "valgrind --tool=callgrind true", NRO, "writes callgrind.out.<pid>", ""),
 ("node-cpu-prof", E, "node --cpu-prof -e 'let s=0; for (let i=0;i<1e5;i++) s+=i'", NRO, "writes CPU.*.cpuprofile in cwd", ""),
 ("node-e-plain", CT, "node -e 'let s=0; for (let i=0;i<1e5;i++) s+=i; console.log(s)'", RO, "plain node -e", ""),
 ("cprofile-o", E, "python3 -B -m cProfile -o prof.out src/main.py", NRO, "writes prof.out", ""),
 ("importtime", CT, "python3 -B -X importtime -c 'import json' 2>&1 | tail -2", RO, "stderr only", ""),
 ("gawk-profile", E, "gawk --profile 'END {print NR}' a.txt", NRO, "writes awkprof.out", ""),
 ("gawk-pretty", E, "gawk -o '{print $1}' a.txt", NRO, "-o pretty-prints to awkprof.out", ""),
 ("sed-w", E, "sed -n 's/TODO/DONE/w todo.txt' a.txt", NRO, "sed w flag writes a file", ""),
 ("parallel-plain", E, "parallel echo ::: a b", NRO, "parallel creates ~/.parallel (tmp/will-cite files)", ""),
 ("parallel-willcite", CT, "parallel --will-cite echo ::: a b", RO, "measured whether --will-cite still writes ~/.parallel", ""),
 ("fc-list", E, "fc-list | head -3", NRO, "fresh HOME: fontconfig writes a user cache", ""),
 ("sqlite-missing-db", CT, "sqlite3 missing.db 'select 1'", RO, "read query on missing db: file not created", ""),
 ("flock-new", E, "flock .build.lock git log -1 --oneline", NRO, "flock creates the lock file", ""),
 ("flock-existing", CT, "flock a.txt git log -1 --oneline", RO, "lock on an existing file: opened, not modified", ""),
 ("cargo-metadata-nolock", E, "cargo metadata --format-version 1 --no-deps --offline > /dev/null", NRO, "no Cargo.lock: cargo metadata writes one", "mkdir -p repo/crate/src && cd repo/crate && printf '[package]\\nname = \"demo\"\\nversion = \"0.1.0\"\\nedition = \"2021\"\\n' > Cargo.toml && printf 'fn main() {}\\n' > src/main.rs"),
 ("cargo-locate", CT, "cargo locate-project", RO, "prints manifest path", "mkdir -p repo/crate/src && cd repo/crate && printf '[package]\\nname = \"demo\"\\nversion = \"0.1.0\"\\nedition = \"2021\"\\n' > Cargo.toml && printf 'fn main() {}\\n' > src/main.rs"),
]
for slug, fam, cmd, exp, why, extra in pairs:
    env = {}
    if slug == "git-status-stale-optlocks": env = {"GIT_OPTIONAL_LOCKS": "0"}
    if slug == "pytest-co-nocache": env = {"PYTHONDONTWRITEBYTECODE": "1"}
    cwd = "repo/crate" if slug.startswith("cargo") else "repo"
    C(slug, fam, cmd, exp, why, setup=extra, env=env, cwd=cwd)

# ------------------------------------------------------------------ git-config
G = "git-config"
gc = [
 ("gc-fsmonitor", G, "git status --short", NRO, "core.fsmonitor in .git/config names a planted script; status runs it (marker)",
  "cd repo && mk .git/fsm.sh fsm && git config core.fsmonitor .git/fsm.sh"),
 ("gc-fsmonitor-lsfiles", G, "git ls-files -m", NRO, "ls-files -m refreshes via core.fsmonitor hook (marker)",
  "cd repo && mk .git/fsm.sh fsmls && git config core.fsmonitor \"$PWD/.git/fsm.sh\""),
 ("gc-fsmonitor-log", CT, "git log --oneline -1", RO, "same fsmonitor config, git log never consults it",
  "cd repo && mk .git/fsm.sh fsmlog && git config core.fsmonitor \"$PWD/.git/fsm.sh\""),
 ("gc-include-tracked", G, "git status --short", NRO, "[include] path=../tools/git.cfg (tracked file) sets core.fsmonitor (marker)",
  "cd repo && mkdir tools && mk tools/fsm.sh inc && printf '[core]\\n\\tfsmonitor = tools/fsm.sh\\n' > tools/git.cfg && git config include.path ../tools/git.cfg"),
 ("gc-uploadpack", G, "git ls-remote upstream", NRO, "remote.upstream.uploadpack names a planted program; ls-remote runs it (marker)",
  "git init -q --bare up.git && cd repo && mk .git/up.sh upk && git remote add upstream ../up.git && git config remote.upstream.uploadpack \"$PWD/.git/up.sh\""),
 ("gc-lsremote-local", CT, "git ls-remote ../up.git", RO, "ls-remote of a local bare repo with default upload-pack",
  "git init -q --bare up.git && cd repo && git push -q ../up.git main"),
 ("gc-sshcommand", G, "git ls-remote origin", NRO, "core.sshCommand in repo config runs for an ssh:// remote (marker, no network reached)",
  "cd repo && mk .git/ssh.sh sshc && git remote add origin ssh://git@example.invalid/x.git && git config core.sshCommand \"$PWD/.git/ssh.sh\""),
 ("gc-textconv-xdg", G, "git log -p -1 -- a.txt b.txt", NRO, "~/.config/git/attributes + ~/.config/git/config textconv driver runs (marker)",
  "mkdir -p home/.config/git && mk home/.config/git/tc.sh xdgtc && printf '*.txt diff=conv\\n' > home/.config/git/attributes && printf '[diff \"conv\"]\\n\\ttextconv = %s/home/.config/git/tc.sh\\n' \"$ROOT\" > home/.config/git/config"),
 ("gc-textconv-catfile", G, "git cat-file --textconv HEAD:a.txt", NRO, "cat-file --textconv runs the attribute's textconv (marker)",
  "cd repo && mk .git/tc.sh cftc && printf '*.txt diff=conv\\n' > .git/info/attributes && git config diff.conv.textconv \"$PWD/.git/tc.sh\""),
 ("gc-catfile-p", CT, "git cat-file -p HEAD:a.txt", RO, "same textconv config, -p prints raw blob",
  "cd repo && mk .git/tc.sh cfp && printf '*.txt diff=conv\\n' > .git/info/attributes && git config diff.conv.textconv \"$PWD/.git/tc.sh\""),
 ("gc-check-attr", CT, "git check-attr -a a.txt", RO, "check-attr only reports attributes, driver not run",
  "cd repo && mk .git/tc.sh ca && printf '*.txt diff=conv filter=f\\n' > .git/info/attributes && git config diff.conv.textconv \"$PWD/.git/tc.sh\" && git config filter.f.clean \"$PWD/.git/tc.sh\""),
 ("gc-clean-filter-diff", G, "git diff --stat", NRO, "modified file with filter=f: diff runs filter.f.clean (marker)",
  "cd repo && mk .git/clean.sh cln && printf '*.txt filter=f\\n' > .git/info/attributes && git config filter.f.clean \"$PWD/.git/clean.sh\" && echo changed >> a.txt"),
 ("gc-diff-command", G, "git diff HEAD~1 -- b.txt", NRO, "attribute diff=ext with diff.ext.command: external diff runs (marker)",
  "cd repo && mk .git/ext.sh dcmd && printf 'b.txt diff=ext\\n' > .gitattributes && git config diff.ext.command \"$PWD/.git/ext.sh\""),
 ("gc-diff-noext", CT, "git diff --no-ext-diff HEAD~1 -- b.txt", RO, "--no-ext-diff with the same driver configured",
  "cd repo && mk .git/ext.sh dnoext && printf 'b.txt diff=ext\\n' > .gitattributes && git config diff.ext.command \"$PWD/.git/ext.sh\""),
 ("gc-alias-bang", G, "git st", NRO, "alias.st is a shell alias (!) that runs a planted script (marker)",
  "cd repo && mk .git/st.sh alias && git config alias.st '!.git/st.sh; git status --short'"),
 ("gc-alias-plain", CT, "git lg", RO, "alias.lg expands to log --oneline",
  "cd repo && git config alias.lg 'log --oneline -3'"),
 ("gc-tar-command", G, "git archive --format=tgz HEAD | wc -c", NRO, "tar.tgz.command in repo config runs instead of the internal gzip (marker)",
  "cd repo && printf '#!/bin/sh\\necho ran >> %s/RAN-tarcmd\\nexec gzip -cn\\n' \"$ROOT\" > .git/gz.sh && chmod +x .git/gz.sh && git config tar.tgz.command \"$PWD/.git/gz.sh\""),
 ("gc-hookspath-log", CT, "git log -1 --format=%s", RO, "core.hooksPath with planted hooks; log runs none",
  "cd repo && mkdir hooks && for h in pre-commit post-checkout reference-transaction; do mk hooks/$h hk; done && git config core.hooksPath hooks"),
 ("gc-config-param", "env", "git status --short", NRO, "GIT_CONFIG_PARAMETERS injects core.fsmonitor (marker)",
  "cd repo && mk fsm.sh cfgparam"),
 ("gc-trace2", "env", "git log -1 --oneline", NRO, "GIT_TRACE2_EVENT=/tmp/... writes an event trace", ""),
 ("gc-grep-O", G, "git grep -O TODO", NRO, "-O opens matches in core.pager, a planted script (marker)",
  "cd repo && mk .git/pg.sh grepO && git config core.pager \"$PWD/.git/pg.sh\""),
 ("gc-blame-ignore", CT, "git blame a.txt", RO, "blame.ignoreRevsFile is data only",
  "cd repo && git rev-parse HEAD > .git-blame-ignore-revs && git config blame.ignoreRevsFile .git-blame-ignore-revs"),
 ("gc-submodule-status", CT, "git submodule status", RO, "submodule status of a checked-out submodule",
  "git init -q lib && git -C lib -c user.name=t -c user.email=t@t commit -q --allow-empty -m l && cd repo && git -c protocol.file.allow=always submodule -q add ../lib lib && git commit -qm sub"),
]
for slug, fam, cmd, exp, why, extra in gc:
    env = {}
    if slug == "gc-config-param": env = {"GIT_CONFIG_PARAMETERS": "'core.fsmonitor'='./fsm.sh'"}
    if slug == "gc-trace2": env = {"GIT_TRACE2_EVENT": "/tmp/git-trace2.json"}
    C(slug, fam, cmd, exp, why, setup=extra, env=env)

# ------------------------------------------------------------------ tool-config
T = "tool-config"
tc = [
 ("tc-rprofile", T, "Rscript -e 'cat(1+1)'", NRO, "./.Rprofile is sourced by Rscript (marker)",
  "cd repo && printf 'file.create(\"%s/RAN-rprof\")\\n' \"$ROOT\" > .Rprofile"),
 ("tc-sqliterc", T, "sqlite3 app.db .tables", NRO, "~/.sqliterc runs .shell for non-interactive sqlite3 (marker)",
  "cd repo && sqlite3 app.db 'create table t(x)' && printf '.shell echo ran >> %s/RAN-sqliterc\\n' \"$ROOT\" > ../home/.sqliterc"),
 ("tc-sqliterc-init", CT, "sqlite3 -init /dev/null app.db .tables", RO, "-init /dev/null skips ~/.sqliterc",
  "cd repo && sqlite3 app.db 'create table t(x)' && printf '.shell echo ran >> %s/RAN-sqliteinit\\n' \"$ROOT\" > ../home/.sqliterc"),
 ("tc-prettier-plugin", T, "prettier --check app.js", NRO, "JSON .prettierrc lists a local plugin; prettier loads its code (marker)",
  "cd repo && printf 'const x = 1;\\n' > app.js && printf '{\"plugins\": [\"./tools/plug.cjs\"]}\\n' > .prettierrc.json && mkdir tools && printf 'require(\"fs\").appendFileSync(\"%s/RAN-prplug\", \"x\");\\nmodule.exports = {};\\n' \"$ROOT\" > tools/plug.cjs"),
 ("tc-prettier-rc-data", CT, "prettier --check app.js", RO, "JSON .prettierrc with options only",
  "cd repo && printf 'const x = 1;\\n' > app.js && printf '{\"semi\": true, \"singleQuote\": false}\\n' > .prettierrc.json"),
 ("tc-user-pth", T, "python3 -c 'print(1)'", NRO, "a .pth file in the user site-packages (HOME) runs an import line at startup (marker)",
  "d=home/.local/lib/python3.11/site-packages && mkdir -p $d && printf 'import os; open(\"%s/RAN-pth\", \"a\").close()\\n' \"$ROOT\" > $d/zz.pth"),
 ("tc-user-pth-s", CT, "python3 -s -c 'print(1)'", RO, "-s disables the user site, .pth not processed",
  "d=home/.local/lib/python3.11/site-packages && mkdir -p $d && printf 'import os; open(\"%s/RAN-pths\", \"a\").close()\\n' \"$ROOT\" > $d/zz.pth"),
 ("tc-venv-pth", T, ".venv/bin/python -c 'import sys; print(sys.prefix)'", NRO, "a .pth in the repo's venv site-packages runs at startup (marker)",
  "cd repo && python3 -m venv --without-pip .venv && printf 'import os; open(\"%s/RAN-venvpth\", \"a\").close()\\n' \"$ROOT\" > .venv/lib/python3.11/site-packages/_cov.pth"),
 ("tc-venv-plain", CT, ".venv/bin/python -c 'import sys; print(sys.prefix)'", RO, "venv with only data .pth (a path line)",
  "cd repo && python3 -m venv --without-pip .venv && printf '%s/src\\n' \"$PWD\" > .venv/lib/python3.11/site-packages/src.pth"),
 ("tc-make-plus", T, "make -n", NRO, "'+' recipe lines run even under make -n (marker)",
  "cd repo && printf 'all:\\n\\t+echo ran >> %s/RAN-makeplus\\n\\t@echo build\\n' \"$ROOT\" > Makefile"),
 ("tc-make-recursive", T, "make -n", NRO, "a recipe line containing $(MAKE) is executed under -n (marker in same line)",
  "cd repo && mkdir -p sub && printf 'all:\\n\\t@true\\n' > sub/Makefile && printf 'all:\\n\\t$(MAKE) -C sub && echo ran >> %s/RAN-makerec\\n' \"$ROOT\" > Makefile"),
 ("tc-make-remake-include", T, "make -n", NRO, "included makefile with a rule is remade even under -n",
  "cd repo && printf 'include gen.mk\\nall:\\n\\t@echo $(X)\\ngen.mk:\\n\\techo X=1 > gen.mk\\n' > Makefile"),
 ("tc-make-n-echo", CT, "make -n all", RO, "ordinary recipes are only printed",
  "cd repo && printf 'all: out.txt\\nout.txt:\\n\\techo hi > out.txt\\n' > Makefile"),
 ("tc-gcc-rsp", T, "gcc -fsyntax-only @build.rsp x.c", NRO, "response file adds -MD -MF deps.d: a dependency file is written",
  "cd repo && printf 'int main(void){return 0;}\\n' > x.c && printf -- '-Wall -MD -MF deps.d\\n' > build.rsp"),
 ("tc-gcc-rsp-plain", CT, "gcc -fsyntax-only @build.rsp x.c", RO, "response file with warnings only",
  "cd repo && printf 'int main(void){return 0;}\\n' > x.c && printf -- '-Wall -Wextra -std=c11\\n' > build.rsp"),
 ("tc-just-evaluate", T, "just --evaluate", NRO, "justfile backtick variable is run by --evaluate (marker)",
  "cd repo && printf 'rev := `echo ran >> %s/RAN-just; echo x`\\n\\nbuild:\\n\\techo {{rev}}\\n' \"$ROOT\" > justfile"),
 ("tc-just-list", CT, "just --list", RO, "--list does not evaluate backticks (measured)",
  "cd repo && printf 'rev := `echo ran >> %s/RAN-justl; echo x`\\n\\nbuild:\\n\\techo {{rev}}\\n' \"$ROOT\" > justfile"),
 ("tc-xslt-exsl", T, "xsltproc style.xsl data.xml", NRO, "stylesheet uses exsl:document to write a file",
  "cd repo && printf '<r><i>1</i></r>\\n' > data.xml && cat > style.xsl <<'EOF'\n<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\" xmlns:exsl=\"http://exslt.org/common\" extension-element-prefixes=\"exsl\">\n<xsl:template match=\"/\"><exsl:document href=\"leak.txt\" method=\"text\"><xsl:value-of select=\"r/i\"/></exsl:document><xsl:value-of select=\"r/i\"/></xsl:template>\n</xsl:stylesheet>\nEOF"),
 ("tc-xslt-plain", CT, "xsltproc style.xsl data.xml", RO, "plain stylesheet to stdout",
  "cd repo && printf '<r><i>1</i></r>\\n' > data.xml && cat > style.xsl <<'EOF'\n<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\">\n<xsl:template match=\"/\"><xsl:value-of select=\"r/i\"/></xsl:template>\n</xsl:stylesheet>\nEOF"),
 ("tc-parallel-config", T, "parallel --will-cite echo ::: a", NRO, "~/.parallel/config adds --joblog; parallel writes the joblog and its tmp dir",
  "mkdir -p home/.parallel && printf -- '--joblog jobs.log\\n' > home/.parallel/config"),
 ("tc-guile-rc", T, "guile -c '(display 1)'", NRO, "measured: ~/.guile / guile cache",
  "printf '(call-with-output-file \"%s/RAN-guile\" (lambda (p) (display 1 p)))\\n' \"$ROOT\" > home/.guile"),
 ("tc-jq-home", CT, "jq -r '.name' package.json", RO, "~/.jq defines functions only; jq cannot write",
  "printf 'def twice: . * 2;\\n' > home/.jq"),
 ("tc-shellcheckrc", CT, "shellcheck script.sh", RO, ".shellcheckrc with disables/source-path is data only",
  "cd repo && printf 'disable=SC2086\\nsource-path=SCRIPTDIR\\n' > .shellcheckrc"),
 ("tc-pytest-addopts-plugin", T, "pytest --co -q -p no:cacheprovider", NRO, "pyproject addopts -p loads a local plugin module (marker)",
  "cd repo && rm -rf tests && mkdir -p tests && printf 'def test_a():\\n    assert 1\\n' > tests/test_a.py && printf 'import os\\nopen(\"%s/RAN-pyplug\", \"a\").close()\\n' \"$ROOT\" > localplug.py && printf '[tool.pytest.ini_options]\\naddopts = \"-p localplug\"\\npythonpath = [\".\"]\\n' > pyproject.toml"),
 ("tc-rake-T", T, "rake -T", NRO, "Rakefile is Ruby code run on -T (marker)",
  "cd repo && printf 'File.write(\"%s/RAN-rake\", \"x\")\\ndesc \"b\"\\ntask :b do\\nend\\n' \"$ROOT\" > Rakefile"),
 ("tc-pipconf-log", T, "pip list --disable-pip-version-check --format=freeze", NRO, "~/.config/pip/pip.conf 'log =' makes pip append a log file",
  "mkdir -p home/.config/pip && printf '[global]\\nlog = %s/home/pip.log\\n' \"$ROOT\" > home/.config/pip/pip.conf"),
 ("tc-pip-list", CT, "pip list --disable-pip-version-check --format=freeze", RO, "pip list without version check, no config (measured)", ""),
 ("tc-irbrc", T, "irb --noecho < /dev/null", NRO, "~/.irbrc is Ruby code run at irb start (marker)",
  "printf 'File.write(\"%s/RAN-irbrc\", \"x\")\\n' \"$ROOT\" > home/.irbrc"),
]
for slug, fam, cmd, exp, why, extra in tc:
    env = {}
    if slug.startswith("tc-pytest"): env = {"PYTHONDONTWRITEBYTECODE": "1"}
    C(slug, fam, cmd, exp, why, setup=extra, env=env)

# ------------------------------------------------------------------ interpreters
I = "interpreters"
it = [
 ("py-read-json", I, "python3 -B -c 'import json; print(json.load(open(\"package.json\"))[\"name\"])'", RO, "reads a file", ""),
 ("py-write", I, "python3 -c 'open(\"out.txt\", \"w\").write(\"x\")'", NRO, "writes out.txt", ""),
 ("py-ossystem", I, "python3 -c '__import__(\"os\").system(\"git rev-parse HEAD > rev.txt\")'", NRO, "os.system runs a shell that writes", ""),
 ("py-jsontool-outfile", I, "python3 -m json.tool package.json pretty.json", NRO, "json.tool's second positional arg is an output file", ""),
 ("py-gzip-module", I, "python3 -m gzip a.txt", NRO, "python -m gzip compresses to a.txt.gz", ""),
 ("py-zipfile-l", I, "python3 -m zipfile -l ../docs.zip", RO, "lists archive", "zip -qr docs.zip repo/README.md"),
 ("py-zipfile-e", I, "python3 -m zipfile -e ../docs.zip unpacked", NRO, "extracts archive", "zip -qr docs.zip repo/README.md"),
 ("py-tarfile-l", I, "python3 -m tarfile -l ../src.tar", RO, "lists archive", "tar -cf src.tar -C repo src"),
 ("py-tarfile-e", I, "python3 -m tarfile -e ../src.tar out", NRO, "extracts archive", "tar -cf src.tar -C repo src"),
 ("perl-ne", I, "perl -ne 'print if /foo/' a.txt b.txt", RO, "filter", ""),
 ("perl-backtick", I, "perl -e 'print `date > stamp.txt`'", NRO, "backticks run a shell that writes", ""),
 ("perl-c-begin", I, "perl -c check.pl", NRO, "perl -c still runs BEGIN blocks (marker)",
  "cd repo && printf 'BEGIN { open my $f, \">>\", \"%s/RAN-perlc\"; }\\nprint \"hi\\\\n\";\\n' \"$ROOT\" > check.pl"),
 ("perl-c-use", I, "perl -c -Ilib app.pl", NRO, "perl -c loads used modules; planted lib/Helper.pm writes at load (marker)",
  "cd repo && mkdir lib && printf 'package Helper;\\nopen my $f, \">>\", \"%s/RAN-perluse\";\\n1;\\n' \"$ROOT\" > lib/Helper.pm && printf 'use Helper;\\nprint 1;\\n' > app.pl"),
 ("perl-c-plain", CT, "perl -c app.pl", RO, "syntax check of a script using only core modules",
  "cd repo && printf 'use strict;\\nuse warnings;\\nmy $x = 1;\\nprint $x;\\n' > app.pl"),
 ("ruby-c-begin", CT, "ruby -c check.rb", RO, "ruby -c does not run BEGIN blocks (measured)",
  "cd repo && printf 'BEGIN { File.write(\"%s/RAN-rubyc\", \"x\") }\\nputs 1\\n' \"$ROOT\" > check.rb"),
 ("ruby-read", I, "ruby -e 'puts File.readlines(\"a.txt\").size'", RO, "reads a file", ""),
 ("ruby-write", I, "ruby -e 'File.write(\"out.txt\", Dir.glob(\"*\").join(\"\\n\"))'", NRO, "writes", ""),
 ("node-readdir", I, "node -e 'console.log(require(\"fs\").readdirSync(\".\").join(\" \"))'", RO, "lists dir", ""),
 ("node-execsync", I, "node -e 'require(\"child_process\").execSync(\"git log -1 > last.txt\")'", NRO, "child shell writes", ""),
 ("node-check", CT, "node --check app.js", RO, "syntax check", "cd repo && printf 'console.log(1)\\n' > app.js"),
 ("node-v8-coverage", "env", "node -e 'console.log(1)'", NRO, "NODE_V8_COVERAGE makes node write coverage JSON into the dir", ""),
 ("php-r-echo", I, "php -r 'echo count(file(\"a.txt\")), PHP_EOL;'", RO, "reads a file", ""),
 ("php-r-write", I, "php -r 'file_put_contents(\"out.txt\", php_uname());'", NRO, "writes", ""),
 ("php-l", CT, "php -l index.php", RO, "lint only", "cd repo && printf '<?php\\nfile_put_contents(\"x\", 1);\\n' > index.php"),
 ("lua-print", I, "lua -e 'for l in io.lines(\"a.txt\") do print(#l) end'", RO, "reads", ""),
 ("lua-execute", I, "lua -e 'os.execute(\"touch built.flag\")'", NRO, "os.execute writes", ""),
 ("awk-redirect", I, "awk '/foo/ {print > \"foo.txt\"}' a.txt b.txt", NRO, "awk output redirection writes", ""),
 ("awk-system", I, "awk 'BEGIN {system(\"date > now.txt\")}'", NRO, "system() runs a shell that writes", ""),
 ("awk-pipe-tee", I, "awk '{print | \"sort | tee sorted.txt\"}' a.txt", NRO, "print to a command pipe that writes", ""),
 ("gawk-inplace", I, "gawk -i inplace '{sub(/foo/, \"qux\")} 1' a.txt", NRO, "gawk inplace extension rewrites a.txt", ""),
 ("gawk-sandbox", CT, "gawk --sandbox '{n += NF} END {print n}' a.txt", RO, "sandboxed reader", ""),
 ("sed-e-cmd", I, "sed -n '1e touch ran.flag' a.txt", NRO, "GNU sed e command runs a shell command", ""),
 ("sed-s-e-flag", I, "printf 'date > d.txt\\n' | sed 's/^/ /e'", NRO, "s///e executes the pattern space", ""),
 ("sed-sandbox", CT, "sed --sandbox -n 's/foo/bar/p' a.txt", RO, "--sandbox forbids e/w/r", ""),
 ("jq-slurp", I, "jq -s 'length' package.json package.json", RO, "jq reader", ""),
 ("yq-inplace", I, "yq -i -y '.on = \"pull_request\"' ci.yml", NRO, "yq -i rewrites the file",
  "cd repo && printf 'on: push\\n' > ci.yml"),
 ("yq-read", I, "yq -r '.on' ci.yml", RO, "yq read", "cd repo && printf 'on: push\\n' > ci.yml"),
 ("tclsh-read", I, "echo 'puts [file exists a.txt]' | tclsh", RO, "tcl from a pipe, reads", ""),
 ("tclsh-write", I, "echo 'set f [open out.txt w]; puts $f x; close $f' | tclsh", NRO, "tcl writes", ""),
 ("dc-bang", I, "dc -e '!touch dc.flag' -e '2 3 + p'", NRO, "dc ! runs a shell command", ""),
 ("dc-calc", I, "dc -e '2 3 + p'", RO, "arithmetic only", ""),
 ("bc-l", I, "echo 'scale=3; 10/3' | bc -l", RO, "arithmetic", ""),
 ("sqlite-writefile", I, "sqlite3 :memory: \"select writefile('dump.txt', 'x')\"", NRO, "sqlite3 shell's writefile() writes a file", ""),
 ("sqlite-readfile", I, "sqlite3 :memory: \"select length(readfile('a.txt'))\"", RO, "readfile() only reads", ""),
 ("sqlite-vacuum-into", I, "sqlite3 app.db \"VACUUM INTO 'backup.db'\"", NRO, "VACUUM INTO writes a copy",
  "cd repo && sqlite3 app.db 'create table t(x); insert into t values(1);'"),
 ("sqlite-once", I, "sqlite3 -cmd '.once rows.txt' app.db 'select * from t'", NRO, "-cmd .once sends output to a file",
  "cd repo && sqlite3 app.db 'create table t(x); insert into t values(1);'"),
 ("sqlite-readonly-q", CT, "sqlite3 -readonly app.db 'select count(*) from t'", RO, "query on existing db",
  "cd repo && sqlite3 app.db 'create table t(x); insert into t values(1);'"),
 ("m4-plain", I, "m4 -D NAME=demo tmpl.m4", RO, "macro expansion to stdout", "cd repo && printf 'name: NAME\\n' > tmpl.m4"),
 ("guile-c", CT, "guile -c '(display (+ 1 2))'", RO, "guile -c with a planted ~/.guile: not loaded (measured)",
  "printf '(call-with-output-file \"%s/RAN-guile\" (lambda (p) (display 1 p)))\\n' \"$ROOT\" > home/.guile"),
]
for slug, fam, cmd, exp, why, extra in it:
    env = {}
    if slug == "node-v8-coverage": env = {"NODE_V8_COVERAGE": "coverage"}
    C(slug, fam, cmd, exp, why, setup=extra, env=env)

# ------------------------------------------------------------------ env
V = "env"
vv = [
 ("env-pythonuserbase", V, "python3 -c 'print(1)'", NRO, "PYTHONUSERBASE points at a planted site-packages whose .pth runs code (marker)",
  {"PYTHONUSERBASE": "tools/ub"}, "cd repo && d=tools/ub/lib/python3.11/site-packages && mkdir -p $d && printf 'import os; open(\"%s/RAN-ubase\", \"a\").close()\\n' \"$ROOT\" > $d/x.pth"),
 ("env-pythonnousersite", V, "python3 -c 'print(1)'", RO, "PYTHONNOUSERSITE=1 beside a planted user .pth",
  {"PYTHONNOUSERSITE": "1"}, "d=home/.local/lib/python3.11/site-packages && mkdir -p $d && printf 'import os; open(\"%s/RAN-nous\", \"a\").close()\\n' \"$ROOT\" > $d/zz.pth"),
 ("env-dontwritebytecode", V, "python3 -c 'import mod; print(mod.X)'", RO, "PYTHONDONTWRITEBYTECODE=1: no __pycache__",
  {"PYTHONDONTWRITEBYTECODE": "1"}, ""),
 ("env-bash-env-n", V, "bash -n script.sh", NRO, "BASH_ENV is sourced by non-interactive bash even with -n (marker)",
  {"BASH_ENV": "ci/env.sh"}, "cd repo && mkdir ci && printf 'echo ran >> %s/RAN-bashenv\\n' \"$ROOT\" > ci/env.sh"),
 ("env-sh-env-n", V, "sh -n script.sh", RO, "dash ignores ENV when not interactive",
  {"ENV": "ci/env.sh"}, "cd repo && mkdir ci && printf 'echo ran >> %s/RAN-shenv\\n' \"$ROOT\" > ci/env.sh"),
 ("env-vipe-editor", V, "git log -1 --format=%s | vipe | wc -l", NRO, "vipe runs $EDITOR (planted script) on a temp file",
  {"EDITOR": "./tools/ed.sh"}, "cd repo && mkdir tools && mk tools/ed.sh vipe"),
 ("env-parallel-joblog", V, "parallel --will-cite echo ::: a", NRO, "$PARALLEL adds --joblog, a file write",
  {"PARALLEL": "--joblog jobs.log"}, ""),
 ("env-less-logfile", V, "less a.txt", NRO, "LESS='-o file' (log file) measured with non-tty output",
  {"LESS": "-o less-copy.txt"}, ""),
 ("env-lessopen", V, "less a.txt", NRO, "LESSOPEN preprocessor runs even when output is not a tty (measured, marker)",
  {"LESSOPEN": "|./tools/lo.sh %s"}, "cd repo && mkdir tools && mk tools/lo.sh lessopen"),
 ("env-less-plain", CT, "less a.txt", RO, "less with non-tty output behaves like cat", {"LESSHISTFILE": "-"}, ""),
 ("env-ld-audit", V, "ls", NRO, "LD_AUDIT loads a planted auditor library into ls (marker)",
  {"LD_AUDIT": "./tools/audit.so"}, "cd repo && mkdir tools && printf '#include <stdio.h>\\nunsigned int la_version(unsigned int v){FILE*f=fopen(\"%s/RAN-ldaudit\",\"a\"); if(f) fclose(f); return v;}\\n' \"$ROOT\" > tools/audit.c && gcc -shared -fPIC -o tools/audit.so tools/audit.c && rm tools/audit.c"),
 ("env-gcc-exec-prefix", V, "gcc -fsyntax-only x.c", NRO, "COMPILER_PATH supplies a planted cc1 (marker)",
  {"COMPILER_PATH": "./tools"}, "cd repo && printf 'int main(void){return 0;}\\n' > x.c && mkdir tools && mk tools/cc1 gccexec"),
 ("env-makefiles", V, "make -n", NRO, "MAKEFILES names a makefile whose $(shell) runs at parse time (marker)",
  {"MAKEFILES": "ci.mk"}, "cd repo && printf 'X := $(shell echo ran >> %s/RAN-makefiles)\\n' \"$ROOT\" > ci.mk"),
 ("env-gnupghome", V, "gpg --list-keys", NRO, "GNUPGHOME at an empty dir: gpg creates keyring files there",
  {"GNUPGHOME": "gnupg"}, "cd repo && mkdir -m 700 gnupg"),
 ("env-git-exec-path", V, "git ls-remote ../up.git", NRO, "GIT_EXEC_PATH supplies a planted git-upload-pack (marker)",
  {"GIT_EXEC_PATH": "tools/git-core"}, "git init -q --bare up.git && cd repo && mkdir -p tools/git-core && mk tools/git-core/git-upload-pack gitexec"),
 ("env-rubylib", V, "ruby -e 'require \"yaml\"; puts YAML.dump([1])'", NRO, "RUBYLIB shadows yaml with a planted lib/yaml.rb (marker)",
  {"RUBYLIB": "lib"}, "cd repo && mkdir lib && printf 'File.write(\"%s/RAN-rubylib\", \"x\")\\nmodule YAML; def self.dump(x) x.inspect end; end\\n' \"$ROOT\" > lib/yaml.rb"),
 ("env-awkpath-lib", V, "gawk -i util '{print upper($1)}' a.txt", NRO, "AWKPATH resolves -i util to a planted file whose BEGIN writes",
  {"AWKPATH": "tools"}, "cd repo && mkdir tools && printf 'BEGIN { print \"x\" > \"%s/RAN-awkpath\" }\\nfunction upper(s) { return toupper(s) }\\n' \"$ROOT\" > tools/util.awk"),
 ("env-awkpath-pure", CT, "gawk -i util '{print upper($1)}' a.txt", RO, "AWKPATH library with functions only",
  {"AWKPATH": "tools"}, "cd repo && mkdir tools && printf 'function upper(s) { return toupper(s) }\\n' > tools/util.awk"),
 ("env-tmpdir-sort", V, "sort -u a.txt b.txt", RO, "small sort needs no temp file", {"TMPDIR": "/tmp"}, ""),
 ("env-shellopts-xtrace", V, "ls src", RO, "SHELLOPTS=xtrace only traces to stderr", {"SHELLOPTS": "xtrace"}, ""),
 ("env-git-dir", V, "git log --oneline -1", RO, "GIT_DIR pointing at the repo's .git", {"GIT_DIR": "repo/.git"}, ""),
 ("env-rust-log", V, "rustc --version", RO, "RUST_LOG with the machine's rustup home", {"RUST_LOG": "debug", "RUSTUP_HOME": "/root/.rustup", "CARGO_HOME": "/root/.cargo"}, ""),
 ("env-pythonwarnings", V, "python3 -B -W error -c 'import json; print(1)'", RO, "warnings flags only", {"PYTHONWARNINGS": "ignore"}, ""),
 ("env-git-trace-stderr", V, "git status --porcelain --untracked-files=no 2>/dev/null | head", NRO, "GIT_TRACE=1 goes to stderr but status still takes index.lock (measured)", {"GIT_TRACE": "1"}, ""),
]
for slug, fam, cmd, exp, why, env, extra in vv:
    cwd = "." if slug == "env-git-dir" else "repo"
    C(slug, fam, cmd, exp, why, setup=extra, env=env, cwd=cwd)

# ------------------------------------------------------------------ expansion
X = "expansion"
xx = [
 ("x-default-cmdsub", X, "echo \"${BUILD_ID:-$(git rev-parse HEAD | tee .build-id)}\"", NRO, "unset var: default word's command substitution runs and writes", ""),
 ("x-default-set", CT, "echo \"${HOME:-$(git rev-parse HEAD | tee .build-id)}\"", RO, "HOME is set: default word never expanded", ""),
 ("x-assign-default", X, ": \"${OUT:=$(date > stamp.txt; echo x)}\"", NRO, ":= default runs the substitution", ""),
 ("x-error-word", X, ": \"${REQUIRED_VAR?$(touch missing.flag)}\"", NRO, "${v?word} expands word (runs it) before failing", ""),
 ("x-pattern-sub", X, "echo \"${PWD/#$(touch pat.flag)/}\"", NRO, "the pattern part of ${v/p/r} is expanded", ""),
 ("x-arith-cmdsub", X, "echo $(( $(wc -l < a.txt | tee n.txt) * 2 ))", NRO, "command substitution inside arithmetic writes", ""),
 ("x-arith-read", CT, "echo $(( $(wc -l < a.txt) * 2 ))", RO, "same arithmetic, reader only", ""),
 ("x-subscript-cmdsub", X, "a=(x y); echo \"${a[$(touch idx.flag; echo 1)]}\"", NRO, "array subscript is arithmetic-expanded, runs substitution", ""),
 ("x-heredoc-unquoted", X, "cat <<EOF\nrev: $(git rev-parse HEAD | tee rev.txt)\nEOF", NRO, "unquoted here-doc body expands command substitution", ""),
 ("x-heredoc-quoted", CT, "cat <<'EOF'\nrev: $(git rev-parse HEAD | tee rev.txt)\nEOF", RO, "quoted delimiter: body literal", ""),
 ("x-heredoc-reader", X, "cat <<EOF\nHEAD is $(git rev-parse --short HEAD)\nEOF", RO, "unquoted here-doc with a read-only substitution (no temp file in bash 5.2 for small docs)", ""),
 ("x-herestring", X, "IFS=, read -r a b <<< \"x,y\"; echo \"$b\"", RO, "here-string, shell vars only", ""),
 ("x-procsub-write", X, "tee >(wc -l > count.txt) < a.txt > /dev/null", NRO, "process substitution's command writes", ""),
 ("x-procsub-read", X, "diff <(sort a.txt) <(sort b.txt)", RO, "process substitution of readers", ""),
 ("x-stderr-file", X, "ls 2> errors.log", NRO, "stderr redirection creates the file even if empty", ""),
 ("x-stderr-null", X, "ls nonexistent 2>/dev/null; ls >/dev/null 2>&1 && echo ok", RO, "redirections to /dev/null only", ""),
 ("x-amp-redirect", X, "git status --porcelain --untracked-files=no &> /dev/null; ls &> listing.txt", NRO, "&> creates listing.txt", ""),
 ("x-clobber", X, "set -o noclobber; git log -1 >| last.txt", NRO, ">| overrides noclobber and writes", ""),
 ("x-noclobber-existing", CT, "set -o noclobber; echo hi > a.txt; true", RO, "noclobber refuses to overwrite the existing file", ""),
 ("x-readwrite-open", X, "exec 3<> .lock; echo locked", NRO, "<> creates the file", ""),
 ("x-fd-dup", X, "exec 3>&1; git log -1 --oneline >&3", RO, "fd duplication to stdout", ""),
 ("x-continuation-redirect", X, "grep -n foo a.txt b.txt \\\n  > matches.txt", NRO, "redirect after a line continuation", ""),
 ("x-continuation-read", X, "grep -c foo a.txt \\\n  b.txt", RO, "continuation, readers only", ""),
 ("x-redirect-first", X, ">out.txt git log -1 --oneline", NRO, "redirection before the command name", ""),
 ("x-quoted-gt", X, "echo '> out.txt' \"2> err.txt\" a\\>b", RO, "quoted/escaped > is text", ""),
 ("x-comment-gt", X, "git log -1 --oneline # > out.txt", RO, "redirect inside a comment", ""),
 ("x-hash-in-word", X, "echo a#b > c.txt", NRO, "# inside a word is not a comment", ""),
 ("x-brace-redirect", CT, "echo hi > {a,b}.log; true", RO, "brace expansion in a redirect target is an ambiguous redirect: nothing written", ""),
 ("x-brace-echo", X, "echo {a,b}.txt src/{main,mod}.py", RO, "brace expansion, text only", ""),
 ("x-group-redirect", X, "{ git log -1 --oneline; git branch; } > report.txt", NRO, "group redirection writes", ""),
 ("x-exec-redirect", X, "exec > run.log; git log -1 --oneline", NRO, "exec redirection of the shell's stdout", ""),
 ("x-loop-redirect", X, "for f in *.txt; do wc -l \"$f\"; done > counts.txt", NRO, "loop output redirected", ""),
 ("x-loop-read", X, "for f in *.txt; do wc -l \"$f\"; done", RO, "loop of readers", ""),
 ("x-alias", X, "shopt -s expand_aliases\nalias ls='ls > listing.txt'\nls", NRO, "alias defined on an earlier line expands later", ""),
 ("x-func-shadow", X, "git() { command git \"$@\" | tee -a .git-log.txt; }; git log -1 --oneline", NRO, "function shadowing git appends to a file", ""),
 ("x-func-wrapper", X, "ll() { command ls -la \"$@\"; }; ll src", RO, "reader function", ""),
 ("x-eval-built", X, "eval \"$(printf '%s ' touch built.flag)\"", NRO, "eval of a built command", ""),
 ("x-trap-exit", X, "trap 'date > .last-run' EXIT; git log -1 --oneline", NRO, "EXIT trap writes", ""),
 ("x-trap-echo", CT, "trap 'echo done >&2' EXIT; git log -1 --oneline", RO, "EXIT trap only prints", ""),
 ("x-printf-v-subscript", X, "printf -v 'arr[$(touch pv.flag; echo 0)]' %s x", NRO, "printf -v target subscript is evaluated", ""),
 ("x-printf-v", X, "printf -v out '%s-%s' a b; echo \"$out\"", RO, "printf -v to a plain var", ""),
 ("x-mapfile", X, "mapfile -t L < a.txt; echo \"${#L[@]}\"", RO, "mapfile into a var", ""),
 ("x-devstdout", X, "cat a.txt > /dev/stdout", RO, "redirect to /dev/stdout (a pipe)", ""),
 ("x-time-kw", X, "time git log -1 --oneline >/dev/null", RO, "time keyword", ""),
 ("x-subshell-cd-write", X, "cat a.txt | (cd src && cat > copy.txt)", NRO, "write inside a subshell after cd", ""),
 ("x-cmdsub-assign", X, "v=$(git rev-parse HEAD); echo \"${v:0:7}\"", RO, "substitution into var", ""),
 ("x-herestring-write", X, "cat <<< \"$(date)\" > stamp.txt", NRO, "here-string output redirected", ""),
 ("x-ansi-c-quote", X, "echo $'\\x3e' out.txt", RO, "ANSI-C quoted > is text", ""),
 ("x-coproc-read", X, "coproc C { cat a.txt; }; cat <&\"${C[0]}\"", RO, "coproc of a reader", ""),
]
for slug, fam, cmd, exp, why, extra in xx:
    C(slug, fam, cmd, exp, why, setup=extra)

# ------------------------------------------------------------------ fixes after measuring
DROP = {"patch-dry-run", "tc-sqliterc", "tc-sqliterc-init", "tc-guile-rc", "env-less-logfile"}
CASES[:] = [c for c in CASES if c["id"][4:] not in DROP]
def fix(slug, **kw):
    for c in CASES:
        if c["id"] == "r18-" + slug:
            c.update(kw); return
    raise KeyError(slug)
fix("pytest-co-nocache", setup=REPO + "\ncd repo && rm -rf tests && mkdir tests && printf 'def test_a():\\n    assert 1\\n' > tests/test_a.py")
fix("pytest-co", setup=REPO + "\ncd repo && rm -rf tests && mkdir tests && printf 'def test_a():\\n    assert 1\\n' > tests/test_a.py")
fix("script-devnull", family=E, expect=NRO, why="script gives git a pty, so git starts its pager (less), which writes ~/.lesshst")
C("script-nopager", CT, "script -q -c 'git --no-pager log -1 --oneline' /dev/null", RO, "same pty wrapper, --no-pager: nothing written (measured)")
fix("parallel-willcite", family=E, expect=NRO, why="--will-cite still creates ~/.parallel/tmp (measured)")
fix("fc-list", expect=RO, why="system font cache is current: fc-list writes nothing in a fresh HOME (measured)")
fix("sqlite-missing-db", family=E, expect=NRO, why="sqlite3 creates the missing database file even for a read-only query")
for s in ("cargo-metadata-nolock", "cargo-locate"):
    fix(s, env={"RUSTUP_HOME": "/root/.rustup", "CARGO_HOME": "/root/.cargo"})
fix("pytest-co-nocache", command="pytest --co -q -p no:cacheprovider --capture=no", why="cacheprovider off, capture off (no temp file), PYTHONDONTWRITEBYTECODE: nothing written")
fix("cargo-metadata-nolock", command="cargo metadata --format-version 1 --offline > /dev/null", why="no Cargo.lock: cargo metadata resolves and writes one")
C("cargo-metadata-nodeps", CT, "cargo metadata --format-version 1 --no-deps --offline > /dev/null", RO, "--no-deps: no resolution, no Cargo.lock written (measured)",
  setup="mkdir -p repo/crate/src && cd repo/crate && printf '[package]\\nname = \"demo\"\\nversion = \"0.1.0\"\\nedition = \"2021\"\\n' > Cargo.toml && printf 'fn main() {}\\n' > src/main.rs",
  cwd="repo/crate", env={"RUSTUP_HOME": "/root/.rustup", "CARGO_HOME": "/root/.cargo"})

# ------------------------------------------------------------------ selection for size and balance
TRIM = set("""git-stash-list git-show-ref git-merge-base git-revlist-count git-tag-list git-worktree-list git-lstree git-reflog
git-remote-v git-log-since git-log-graph git-status uname-a os-release id-un realpath ls-r-head ls-wc printenv-home tail-n
nproc-free which-python grep-c php-version stat-file xxd-head column-t env-sort df-h git-shortlog git-diff-check awk-sum sed-n
cmake-version du-sh git-catfile-head
env-tmpdir-sort env-shellopts-xtrace env-pythonwarnings
x-brace-echo x-loop-read x-func-wrapper x-printf-v x-mapfile x-time-kw x-cmdsub-assign x-ansi-c-quote x-coproc-read
ruby-read lua-print jq-slurp yq-read tclsh-read bc-l py-tarfile-l m4-plain
tee-devnull dd-count gc-alias-plain x-noclobber-existing x-brace-redirect time-f tc-xslt-plain sqlite-readonly-q touch-c-missing flock-existing
sort-c shuf-n sdiff tsc-showconfig py-ast-parse gcc-E zip-T strace-c nohup-pipe importtime cargo-locate gc-hookspath-log gc-blame-ignore
npm-pkg-get git-describe-dirty env-git-trace-stderr env-vipe-editor
gc-submodule-status tc-make-n-echo tc-jq-home tc-shellcheckrc tc-pip-list node-check php-l gawk-sandbox guile-c env-less-plain mktemp-u""".split())
ALL_IDS = {c["id"][4:] for c in CASES}
assert TRIM <= ALL_IDS, TRIM - ALL_IDS
CASES[:] = [c for c in CASES if c["id"][4:] not in TRIM]

if __name__ == "__main__":
    with open(sys.argv[1], "w") as f:
        for c in CASES:
            f.write(json.dumps(c) + "\n")
