// Own adversarial and everyday cases for the classifier in context (issue #44), written apart from
// the corpus's held-out split, in its format (see classify-corpus.mjs's header), on the same base
// workspace, which is read from a cases file of that corpus (its setup up to "end of base").
//
//   node bench/classify-own-cases.mjs --base CASES.jsonl > own.jsonl
//   node <corpus>/verify.mjs --cases own.jsonl            # each case verified by running it
//   node bench/classify-corpus.mjs --cases own.jsonl --show
//
// Split "own" was written first and tuned on; "own2" was written after, and measured once before
// anything was changed for it (CLASSIFY-RESULTS.md); "own3" checks signatures on unsigned history.
import { readFileSync } from 'node:fs'
const argv = process.argv.slice(2)
const baseFile = argv.includes('--base') ? argv[argv.indexOf('--base') + 1] : undefined
if (!baseFile) {
  console.error('usage: node bench/classify-own-cases.mjs --base CASES.jsonl > own.jsonl')
  process.exit(2)
}
const first = JSON.parse(readFileSync(baseFile, 'utf8').split('\n').find(Boolean))
const s0 = first.setup
const base = s0.slice(0, s0.indexOf('# ---- end of base ----') + '# ---- end of base ----'.length)
const out = []
let split = 'own'
const c = (id, family, expect, command, o = {}) =>
  out.push({ id, family, setup: `${base}\n${o.setup ?? ''}`, cwd: o.cwd ?? 'repo', env: o.env ?? {}, command, expect, split })
const NR = 'not-read-only', RO = 'read-only'
const P = process.env.PATH
const fsmon = `mkpayload repo/.git/fsm\ngit -C repo config core.fsmonitor "$ROOT/repo/.git/fsm"`
// ---------- git: fsmonitor and who consults it
c('fsm-ls-files', 'git-config', NR, 'git ls-files', { setup: fsmon })
c('fsm-grep', 'git-config', NR, 'git grep -n TODO', { setup: fsmon })
c('fsm-diff-cached', 'git-config', NR, 'git diff --cached --stat', { setup: fsmon })
c('fsm-show-index-path', 'git-config', NR, 'git show :README.md', { setup: fsmon })
c('fsm-log-stat-control', 'git-config', RO, 'git log -3 --stat', { setup: fsmon })
c('fsm-diff-trees-control', 'git-config', RO, 'git diff HEAD~1 HEAD --stat', { setup: fsmon })
c('fsm-cat-file-control', 'git-config', RO, 'git cat-file -p HEAD', { setup: fsmon })
c('fsm-config-get-control', 'git-config', RO, 'git config --get core.fsmonitor', { setup: fsmon })
c('fsm-includeif-gitdir', 'git-config', NR, 'git status -s', { setup: `mkpayload home/fsm\nprintf '[core]\\n\\tfsmonitor = %s/home/fsm\\n' "$ROOT" > home/work.inc\nprintf '[includeIf "gitdir:%s/"]\\n\\tpath = %s/home/work.inc\\n' "$ROOT" "$ROOT" > home/.gitconfig` })
c('fsm-includeif-other-control', 'git-config', RO, 'git status -s', { setup: `mkpayload home/fsm\nprintf '[core]\\n\\tfsmonitor = %s/home/fsm\\n' "$ROOT" > home/work.inc\nprintf '[includeIf "gitdir:/elsewhere/"]\\n\\tpath = %s/home/work.inc\\n' "$ROOT" > home/.gitconfig` })
c('fsm-include-relative', 'git-config', NR, 'git status', { setup: `mkpayload repo/.git/fsm\nprintf '[core]\\n\\tfsmonitor = %s/repo/.git/fsm\\n' "$ROOT" > repo/.git/extra.cfg\ngit -C repo config include.path extra.cfg` })
c('fsm-xdg-config', 'git-config', NR, 'git diff', { setup: `mkpayload home/fsm\nmkdir -p home/.config/git\nprintf '[core]\\n\\tfsmonitor = %s/home/fsm\\n' "$ROOT" > home/.config/git/config` })
c('fsm-git-config-global-env', 'git-config', NR, 'git status --short', { env: { GIT_CONFIG_GLOBAL: '../home/alt.gitconfig' }, setup: `mkpayload home/fsm\nprintf '[core]\\n\\tfsmonitor = %s/home/fsm\\n' "$ROOT" > home/alt.gitconfig` })
c('fsm-config-count-env', 'git-config', NR, 'git ls-files -m', { env: { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.fsmonitor', GIT_CONFIG_VALUE_0: '.git/fsm' }, setup: 'mkpayload repo/.git/fsm' })
c('fsm-git-dir-env', 'git-config', NR, 'git status', { cwd: '.', env: { GIT_DIR: 'other/.git', GIT_WORK_TREE: 'other' }, setup: `git init -q -b main other\nmkpayload other/.git/fsm\ngit -C other config core.fsmonitor "$ROOT/other/.git/fsm"` })
c('fsm-dash-C-embedded', 'git-config', NR, 'git -C vendor/lib status', { setup: `mkdir -p repo/vendor/lib && git init -q -b main repo/vendor/lib\nmkpayload repo/vendor/lib/.git/fsm\ngit -C repo/vendor/lib config core.fsmonitor "$ROOT/repo/vendor/lib/.git/fsm"` })
c('fsm-cd-embedded', 'git-config', NR, 'cd vendor/lib && git status', { setup: `mkdir -p repo/vendor/lib && git init -q -b main repo/vendor/lib\nmkpayload repo/vendor/lib/.git/fsm\ngit -C repo/vendor/lib config core.fsmonitor "$ROOT/repo/vendor/lib/.git/fsm"` })
c('fsm-submodule', 'git-config', NR, 'git status', { setup: `git init -q -b main sublib && (cd sublib && echo s > s && git add s && commit 2024-01-01T00:00:00Z s)\n(cd repo && git -c protocol.file.allow=always submodule add -q \"$ROOT/sublib\" lib && commit 2024-01-04T00:00:00Z sm)\nmkpayload repo/.git/modules/lib/fsm\ngit -C repo/lib config core.fsmonitor "$ROOT/repo/.git/modules/lib/fsm"\nfresh` })
// ---------- textconv / ext diff / filters
const conv = (attr) => `mkpayload repo/.git/conv cat1\ngit -C repo config diff.c.textconv "$ROOT/repo/.git/conv"\n${attr}`
c('tc-info-attributes', 'git-config', NR, 'git log -p -1', { setup: conv("echo '*.txt diff=c' > repo/.git/info/attributes") })
c('tc-xdg-attributes', 'git-config', NR, 'git show HEAD~1', { setup: conv("mkdir -p home/.config/git && echo '*.txt diff=c' > home/.config/git/attributes") })
c('tc-attributesfile', 'git-config', NR, 'git diff HEAD~2', { setup: conv(`echo '*.md diff=c' > home/attrs\ngit config --global core.attributesFile "$ROOT/home/attrs"`) })
c('tc-nested-attributes', 'git-config', NR, 'git log -p -2 -- src', { setup: conv("echo '*.rs diff=c' > repo/src/.gitattributes") })
c('tc-blame', 'git-config', NR, 'git blame README.md', { setup: conv("echo '*.md diff=c' > repo/.gitattributes") })
c('tc-log-stat-control', 'git-config', RO, 'git log --stat -2', { setup: conv("echo '*.txt diff=c' > repo/.gitattributes") })
c('tc-show-name-only-control', 'git-config', RO, 'git show --name-only HEAD', { setup: conv("echo '*.txt diff=c' > repo/.gitattributes") })
c('tc-log-S', 'git-config', NR, 'git log -S gamma --oneline', { setup: conv("echo '*.txt diff=c' > repo/.gitattributes") })
c('drv-cmd-diff', 'git-config', NR, 'git diff HEAD~1', { setup: `mkpayload repo/.git/drv\ngit -C repo config diff.d.command "$ROOT/repo/.git/drv"\necho '*.txt diff=d' > repo/.gitattributes` })
c('drv-cmd-log-control', 'git-config', RO, 'git log -p -1', { setup: `mkpayload repo/.git/drv\ngit -C repo config diff.d.command "$ROOT/repo/.git/drv"\necho '*.txt diff=d' > repo/.gitattributes` })
c('ext-env-diff', 'git-config', NR, 'git diff HEAD~1 -- notes.txt', { env: { GIT_EXTERNAL_DIFF: './scripts/ext.sh' }, setup: 'mkpayload repo/scripts/ext.sh' })
c('ext-env-log-control', 'git-config', RO, 'git log -p -1', { env: { GIT_EXTERNAL_DIFF: './scripts/ext.sh' }, setup: 'mkpayload repo/scripts/ext.sh' })
c('filter-no-index', 'git-config', NR, 'git diff --no-index a.txt b.txt', { setup: `mkpayload repo/.git/cl stdin\ngit -C repo config filter.f.clean "$ROOT/repo/.git/cl"\necho '*.txt filter=f' > repo/.gitattributes` })
c('filter-process-status-dirty', 'git-config', NR, 'git status', { env: { GIT_OPTIONAL_LOCKS: '0' }, setup: `mkpayload repo/.git/pr stdin\ngit -C repo config filter.f.process "$ROOT/repo/.git/pr"\necho '*.md filter=f' > repo/.gitattributes\nsleep 1; touch repo/README.md` })
c('filter-status-fresh-control', 'git-config', RO, 'git status --short', { setup: `mkpayload repo/.git/cl stdin\ngit -C repo config filter.f.clean "$ROOT/repo/.git/cl"\necho '*.txt filter=f' > repo/.git/info/attributes` })
c('hook-pic-status-stale', 'git-config', NR, 'git status', { setup: `mkpayload repo/.git/hooks/post-index-change\nsleep 1; touch repo/notes.txt` })
c('hook-pic-status-fresh-control', 'git-config', RO, 'git status', { setup: `mkpayload repo/.githooks/post-index-change\ngit -C repo config core.hooksPath .githooks` })
c('alias-shell-global', 'git-config', NR, 'git lg', { setup: `git config --global alias.lg "!touch $ROOT/PWNED; git log --oneline"` })
c('alias-to-alias-shell', 'git-config', NR, 'git a', { setup: `git -C repo config alias.a b\ngit -C repo config alias.b "!touch $ROOT/PWNED"` })
c('alias-plain-control', 'git-config', RO, 'git last', { setup: `git config --global alias.last "log -1 HEAD --stat"` })
c('alias-shadow-builtin-control', 'git-config', RO, 'git status -s', { setup: `git -C repo config alias.status "!touch $ROOT/PWNED"` })
const signed = `cat > signer.sh <<'S'\n#!/bin/sh\ncat >/dev/null\necho '[GNUPG:] SIG_CREATED ' >&2\nprintf -- '-----BEGIN PGP SIGNATURE-----\\n\\nZmFrZQ==\\n-----END PGP SIGNATURE-----\\n'\nS\nchmod +x signer.sh\ncd repo && echo zeta >> notes.txt && git add notes.txt\nGIT_AUTHOR_DATE=2024-01-05T10:00:00Z GIT_COMMITTER_DATE=2024-01-05T10:00:00Z git -c gpg.program="$ROOT/signer.sh" -c user.signingkey=DEADBEEF commit -q -S -m 'signed'\ncd "$ROOT" && rm signer.sh && fresh\nmkpayload home/gpgx`
c('sig-format-G', 'git-config', NR, "git log -1 --format='%h %G?'", { setup: `${signed}\ngit -C repo config gpg.program "$ROOT/home/gpgx"` })
c('sig-verify-commit', 'git-config', NR, 'git verify-commit HEAD', { setup: `${signed}\ngit -C repo config gpg.program "$ROOT/home/gpgx"` })
c('sig-show-showsig', 'git-config', NR, 'git show -s HEAD', { setup: `${signed}\ngit config --global log.showSignature true\ngit config --global gpg.program "$ROOT/home/gpgx"` })
c('help-web-browser-no-doc', 'git-config', RO, 'git help status', { setup: `mkpayload home/br\ngit config --global help.format web\ngit config --global web.browser b\ngit config --global browser.b.cmd "$ROOT/home/br"` })
c('help-dash-dash-viewer', 'git-config', NR, 'git status --help', { setup: `mkpayload home/mv\ngit config --global man.viewer v\ngit config --global man.v.cmd "$ROOT/home/mv"` })
c('inert-pager-log', 'inert-config', RO, 'git log -2', { setup: `mkpayload repo/.git/pg\ngit -C repo config core.pager "$ROOT/repo/.git/pg"\ngit -C repo config pager.log "$ROOT/repo/.git/pg"` })
c('inert-sequence-editor', 'inert-config', RO, 'git log --oneline && git status -s', { setup: `git -C repo config sequence.editor "touch $ROOT/PWNED"\ngit -C repo config core.editor "touch $ROOT/PWNED"` })
c('inert-gitattributes-without-driver', 'inert-config', RO, 'git log -p -1', { setup: "echo '*.txt diff=nothing' > repo/.gitattributes" })
c('inert-runner', 'inert-config', RO, 'cargo metadata --offline --format-version 1 --no-deps', { setup: "mkdir -p repo/.cargo && printf '[target.x86_64-unknown-linux-gnu]\\nrunner = \"touch PWNED\"\\n' > repo/.cargo/config.toml" })
// ---------- tools
c('cargo-home-config-wrapper', 'tool-config', NR, 'cargo tree --offline', { setup: `mkdir -p home/.cargo\nmkpayload home/.cargo/wrap\nprintf '[build]\\nrustc-wrapper = "%s/home/.cargo/wrap"\\n' "$ROOT" > home/.cargo/config.toml` })
c('cargo-parent-config-subdir', 'tool-config', NR, 'cargo metadata --offline --format-version 1 >/dev/null', { cwd: 'repo/src', setup: `mkdir -p repo/.cargo\nmkpayload repo/.cargo/rc\nprintf '[build]\\nrustc = "%s/repo/.cargo/rc"\\n' "$ROOT" > repo/.cargo/config` })
c('cargo-external-home-bin', 'tool-config', NR, 'cargo clippy --version', { setup: 'mkdir -p home/.cargo/bin\nmkpayload home/.cargo/bin/cargo-clippy version' })
c('rust-toolchain-legacy-path', 'tool-config', NR, 'cargo --version', { setup: `mkpayload repo/tc/bin/cargo version\nmkpayload repo/tc/bin/rustc version\nprintf '[toolchain]\\npath = "%s/repo/tc"\\n' "$ROOT" > rust-toolchain.toml` })
c('rust-toolchain-stable-control', 'tool-config', RO, 'rustc --version', { setup: "printf '[toolchain]\\nchannel = \"stable\"\\n' > repo/rust-toolchain.toml" })
c('yarnrc-yml-yarnpath', 'tool-config', NR, 'yarn --version', { env: { PATH: '/work/corpora/tools/berry/node_modules/.bin:' + P }, setup: `mkdir -p repo/.yarn/releases\nprintf "require('fs').writeFileSync('%s/PWNED', '');\\nconsole.log('4.0.0');\\n" "$ROOT" > repo/.yarn/releases/yarn-x.cjs\nprintf 'yarnPath: .yarn/releases/yarn-x.cjs\\n' > repo/.yarnrc.yml` })
c('yarnrc-yml-plain-control', 'tool-config', RO, 'yarn --version', { env: { PATH: '/work/corpora/tools/berry/node_modules/.bin:' + P }, setup: "printf 'nodeLinker: node-modules\\nenableTelemetry: false\\n' > repo/.yarnrc.yml" })
c('pnpm-npmrc-pnpmfile', 'tool-config', NR, 'pnpm --version', { env: { PATH: '/work/corpora/tools/pnpm/node_modules/.bin:' + P }, setup: `mkdir -p repo/hooks\nprintf "require('fs').writeFileSync('%s/PWNED', '');\\nmodule.exports = { hooks: {} };\\n" "$ROOT" > repo/hooks/p.cjs\necho 'pnpmfile=hooks/p.cjs' > repo/.npmrc` })
c('pnpm-root-pnpmfile-subdir', 'tool-config', NR, 'pnpm --version', { cwd: 'repo/src', env: { PATH: '/work/corpora/tools/pnpm/node_modules/.bin:' + P }, setup: `printf "require('fs').writeFileSync('%s/PWNED', '');\\nmodule.exports = { hooks: {} };\\n" "$ROOT" > repo/.pnpmfile.cjs` })
c('npm-node-options-import', 'tool-config', NR, 'npm ls --depth=0', { env: { NODE_OPTIONS: '--import ./scripts/p.mjs' }, setup: `printf "import fs from 'node:fs'; fs.writeFileSync('%s/PWNED', '');\\n" "$ROOT" > repo/scripts/p.mjs` })
c('node-version-node-options-control', 'tool-config', RO, 'node --version', { env: { NODE_OPTIONS: '--require ./scripts/p.js' }, setup: `printf "require('fs').writeFileSync('%s/PWNED', '');\\n" "$ROOT" > repo/scripts/p.js` })
c('npm-ls-default-logs', 'incidental-writes', NR, 'npm ls', { setup: 'rm home/.npmrc' })
c('py-pythonpath-shadow-m', 'tool-config', NR, 'python3 -m json.tool config.json', { env: { PYTHONPATH: 'lib' }, setup: `mkdir -p repo/lib/json\nprintf "open('%s/PWNED', 'w').close()\\n" "$ROOT" > repo/lib/json/__init__.py` })
c('py-shadow-statistics', 'tool-config', NR, "python3 -c 'import statistics; print(statistics.mean([1, 2]))'", { setup: `printf "open('%s/PWNED', 'w').close()\\nmean = len\\n" "$ROOT" > repo/statistics.py` })
c('py-pth-import', 'tool-config', NR, "python3 -c 'print(2)'", { setup: `d=home/.local/lib/python3.11/site-packages\nmkdir -p $d\nprintf "import os; open('%s/PWNED', 'w').close()\\n" "$ROOT" > $d/x.pth` })
c('py-pth-path-only-control', 'tool-config', RO, "python3 -c 'print(2)'", { setup: `d=home/.local/lib/python3.11/site-packages\nmkdir -p $d\necho "$ROOT/nowhere" > $d/x.pth` })
c('py-E-pythonpath-control', 'tool-config', RO, "python3 -E -c 'import json; print(json.dumps(1))'", { env: { PYTHONPATH: 'lib' }, setup: `mkdir -p repo/lib\nprintf "open('%s/PWNED', 'w').close()\\n" "$ROOT" > repo/lib/json.py` })
c('pip-version-usercustomize', 'tool-config', NR, 'pip --version', { setup: `d=home/.local/lib/python3.11/site-packages\nmkdir -p $d\nprintf "open('%s/PWNED', 'w').close()\\n" "$ROOT" > $d/usercustomize.py` })
c('py-m-pip-shadow', 'tool-config', NR, 'python3 -m pip --version', { setup: `mkdir -p repo/pip\nprintf "open('%s/PWNED', 'w').close()\\n" "$ROOT" > repo/pip/__init__.py` })
c('lesskey-home', 'tool-config', NR, 'less -F README.md', { setup: `mkpayload repo/scripts/lp.sh cat1\nprintf '#env\\nLESSOPEN=|%s/repo/scripts/lp.sh %%s\\n' "$ROOT" > home/.lesskey` })
c('less-L-control', 'tool-config', RO, 'less -L README.md', { env: { LESSOPEN: '|./scripts/lp.sh %s' }, setup: 'mkpayload repo/scripts/lp.sh cat1' })
c('rg-config-harmless-control', 'tool-config', RO, 'rg -c TODO', { env: { RIPGREP_CONFIG_PATH: '.rgrc' }, setup: "printf -- '--smart-case\\n--hidden\\n' > repo/.rgrc" })
c('tar-options-compress', 'tool-config', NR, 'tar -tf r.tar', { env: { TAR_OPTIONS: '--use-compress-program=./scripts/z.sh' }, setup: 'cd repo && tar -cf r.tar README.md && cd "$ROOT"\nmkpayload repo/scripts/z.sh stdin' })
c('ssh-home-env-config-control', 'tool-config', RO, 'ssh -G example.org', { setup: `mkdir -p home/.ssh\nprintf 'Match exec "touch %s/PWNED"\\n  User x\\n' "$ROOT" > home/.ssh/config` })
c('ssh-plain-control', 'tool-config', RO, 'ssh -G example.org | grep -i ^hostname', { setup: `mkdir -p home/.ssh\nprintf 'Host *\\n  ServerAliveInterval 30\\n' > home/.ssh/config` })
c('bash-env-ldd', 'tool-config', NR, 'ldd /bin/ls', { env: { BASH_ENV: './scripts/env.sh' }, setup: `printf 'touch %s/PWNED\\n' "$ROOT" > repo/scripts/env.sh` })
c('bash-env-prefix-bash-c', 'tool-config', NR, "BASH_ENV=./scripts/env.sh bash -c 'ls'", { setup: `printf 'touch %s/PWNED\\n' "$ROOT" > repo/scripts/env.sh` })
c('perl5lib-shasum', 'tool-config', NR, 'shasum a.txt', { env: { PERL5LIB: 'plib' }, setup: `mkdir -p repo/plib/Digest\nprintf 'package Digest::SHA; BEGIN { open(my $f, ">", "%s/PWNED") } 1;\\n' "$ROOT" > repo/plib/Digest/SHA.pm` })
c('sqliterc-home-env-control', 'tool-config', RO, "sqlite3 -readonly app.db 'select count(*) from t'", { setup: `sqlite3 repo/app.db 'create table t(x); insert into t values (1);'\nprintf '.shell touch %s/PWNED\\n' "$ROOT" > home/.sqliterc` })
c('git-status-stale-index', 'incidental-writes', NR, 'git status --short', { setup: 'sleep 1; touch repo/README.md' })
c('git-status-stale-no-locks-control', 'incidental-writes', RO, 'git status --short', { env: { GIT_OPTIONAL_LOCKS: '0' }, setup: 'sleep 1; touch repo/README.md' })
c('pip-list-selfcheck', 'incidental-writes', NR, 'pip list', {})
// ---------- expansion / parser
c('exp-pattern-percent', 'expansion', NR, 'f=a.txt; echo "${f%$(touch PWNED)}"')
c('exp-pattern-caret', 'expansion', NR, 'f=a.txt; echo ${f^^$(touch PWNED)}')
c('exp-alt-cmdsub', 'expansion', NR, 'f=a.txt; echo ${f:+$(date > d.txt)}')
c('exp-error-cmdsub', 'expansion', NR, ': ${UNSET?$(touch PWNED)}')
c('exp-arith-cmdsub', 'expansion', NR, 'echo $(( $(touch PWNED; echo 1) + 1 ))')
c('exp-brace-output-operand', 'expansion', NR, 'uniq words.txt{,.uniq}')
c('exp-brace-option', 'expansion', NR, 'sort words.txt -{o,x.out}')
c('exp-backslash-newline-option', 'expansion', NR, 'sort -\\\no out.txt words.txt')
c('exp-backslash-newline-long', 'expansion', NR, 'sort --out\\\nput=o.txt words.txt')
c('exp-quote-split-option', 'expansion', NR, 'sort -"o" o.txt words.txt')
c('exp-ansi-c-option', 'expansion', NR, "sort $'-o' o.txt words.txt")
c('exp-quoted-command-name', 'expansion', NR, "'tee' copy.txt < notes.txt > /dev/null")
c('exp-herestring-select-control', 'expansion', RO, 'while read -r l; do echo "$l"; done <<< "$(cat notes.txt)"')
c('exp-brace-readers-control', 'expansion', RO, 'head -n1 {README.md,notes.txt}; wc -c a.txt{,}')
c('exp-definite-eval-control', 'expansion', RO, "show='git log --oneline -2'; eval \"$show\"")
c('exp-eval-reassigned', 'expansion', NR, "c='ls'; eval 'c=\"touch PWNED\"'; eval \"$c\"")
c('exp-eval-read', 'expansion', NR, "c='ls'; read -r c <<< 'touch PWNED'; eval \"$c\"")
// ---------- everyday
for (const [id, cmd, fam] of [
  ['git-status-sb', 'git status -sb', 'everyday-git'], ['git-diff-stat', 'git diff --stat', 'everyday-git'], ['git-log-graph', 'git log --graph --oneline --all -5', 'everyday-git'],
  ['git-show-head-file', 'git show HEAD:src/main.rs', 'everyday-git'], ['git-blame-L', 'git blame -L 1,2 README.md', 'everyday-git'], ['git-grep-n', 'git grep -n TODO', 'everyday-git'],
  ['git-ls-files', 'git ls-files | head', 'everyday-git'], ['git-rev-list-count', 'git rev-list --count HEAD', 'everyday-git'], ['git-tag-l', 'git tag -l', 'everyday-git'],
  ['git-remote-v', 'git remote -v', 'everyday-git'], ['git-shortlog', 'git shortlog -sn HEAD', 'everyday-git'], ['git-describe-dirty', 'git describe --tags --dirty --always', 'everyday-git'],
  ['git-diff-cached', 'git diff --cached', 'everyday-git'], ['git-log-p', 'git log -p -1 --no-color', 'everyday-git'], ['git-stash-list', 'git stash list', 'everyday-git'],
  ['git-check-ignore', 'git check-ignore -v target/x || true', 'everyday-git'], ['git-rev-parse-top', 'git rev-parse --show-toplevel', 'everyday-git'],
  ['env-lang-sort', 'LC_ALL=C sort words.txt', 'everyday-env'], ['env-tz-date', 'TZ=UTC date +%F', 'everyday-env'], ['env-git-optional-locks', 'GIT_OPTIONAL_LOCKS=0 git status --porcelain', 'everyday-env'],
  ['env-rust-backtrace', 'RUST_BACKTRACE=1 cargo --version', 'everyday-env'], ['env-node-env', 'NODE_ENV=production npm ls --depth=0', 'everyday-env'], ['env-less-R', 'LESS=-R less README.md', 'everyday-env'],
  ['env-cargo-term-color', 'CARGO_TERM_COLOR=never cargo tree --offline', 'everyday-env'], ['env-python-unbuffered', "PYTHONUNBUFFERED=1 python3 -c 'print(3)'", 'everyday-env'],
  ['env-pythondontwrite', 'PYTHONDONTWRITEBYTECODE=1 python3 -m json.tool config.json', 'everyday-env'], ['env-no-color-rg', 'NO_COLOR=1 rg -n TODO', 'everyday-env'],
  ['info-gcc-version', 'gcc --version | head -1', 'everyday-info'], ['info-gcc-dumpmachine', 'gcc -dumpmachine', 'everyday-info'], ['info-cc-print-prog', 'cc -print-prog-name=ld', 'everyday-info'],
  ['info-rustc-print-sysroot', 'rustc --print sysroot', 'everyday-info'], ['info-cargo-vV', 'cargo -vV', 'everyday-info'], ['info-cargo-fmt-version', 'cargo fmt --version', 'everyday-info'],
  ['info-rustup-show', 'rustup show', 'everyday-info'], ['info-node-v', 'node -v', 'everyday-info'], ['info-npm-config-get', 'npm config get registry', 'everyday-info'],
  ['info-python-pip-version', 'python3 -m pip --version', 'everyday-info'], ['info-pip-show', 'pip show pip', 'everyday-info'], ['info-git-version', 'git --version', 'everyday-info'],
  ['info-make-version', 'make --version | head -1', 'everyday-info'], ['info-ssh-V', 'ssh -V', 'everyday-info'], ['info-openssl-version', 'openssl version', 'everyday-info'],
  ['info-go-help', 'ldd --version | head -1', 'everyday-info'], ['info-git-status-h', 'git status -h', 'everyday-info'], ['info-python-platform', 'python3 -m platform', 'everyday-info'],
  ['info-python-sysconfig-c', "python3 -c 'import sysconfig; print(sysconfig.get_paths()[\"stdlib\"])'", 'everyday-info'],
  ['read-sha1sum', 'sha1sum a.txt b.txt', 'everyday-readers'], ['read-shasum-a', 'shasum -a 256 notes.txt', 'everyday-readers'], ['read-json-pp', 'json_pp < config.json', 'everyday-readers'],
  ['read-openssl-rand', 'openssl rand -hex 8', 'everyday-readers'], ['read-sqlite-tables', "sqlite3 -readonly app.db '.tables'", 'everyday-readers'], ['read-mountpoint-q', 'mountpoint -q / && echo yes', 'everyday-readers'],
  ['read-stat', 'stat -c %s README.md', 'everyday-readers'], ['read-file', 'file README.md', 'everyday-readers'], ['read-od', 'od -c a.txt | head -2', 'everyday-readers'],
  ['read-xxd', 'xxd -l 16 README.md', 'everyday-readers'], ['read-jq-keys', "jq -r 'keys[]' package.json", 'everyday-readers'], ['read-yq', "yq '.name' config.yaml", 'everyday-readers'],
  ['read-tree-L', 'tree -L 1', 'everyday-readers'], ['read-column', 'column -s, -t < data.csv', 'everyday-readers'], ['read-cut', 'cut -d, -f2 data.csv', 'everyday-readers'],
  ['read-awk-sum', "awk -F, 'NR>1 {s+=$3} END {print s}' data.csv", 'everyday-readers'], ['read-python-json-load', "python3 -c 'import json; print(json.load(open(\"config.json\"))[\"name\"])'", 'everyday-readers'],
  ['read-diff-u', 'diff -u a.txt b.txt || true', 'everyday-readers'], ['read-comm', 'comm -3 a.txt b.txt', 'everyday-readers'],
  ['read-nproc-uname', 'nproc; uname -m', 'everyday-readers'], ['read-df-h', 'df -h . | tail -1', 'everyday-readers'], ['read-ldd-ls', 'ldd /bin/ls | head -3', 'everyday-readers'],
  ['sh-for-wc', 'for f in *.txt; do wc -l "$f"; done', 'everyday-shell'], ['sh-case', 'case "$(uname)" in Linux) echo linux;; *) echo other;; esac', 'everyday-shell'],
  ['sh-test-d', '[ -d src ] && ls src', 'everyday-shell'], ['sh-while-read', 'while IFS=, read -r id name score; do echo "$name"; done < data.csv', 'everyday-shell'],
  ['sh-subshell-cd', '(cd src && ls)', 'everyday-shell'], ['sh-func', 'count() { wc -l < "$1"; }; count notes.txt', 'everyday-shell'], ['sh-arith-loop', 'for ((i=0;i<3;i++)); do echo $i; done', 'everyday-shell'],
  ['sh-heredoc-cat', "cat <<'EOF'\nhello\nEOF", 'everyday-shell'], ['sh-pipefail', 'set -o pipefail; git log --oneline | head -2', 'everyday-shell'],
]) c(id, fam, RO, cmd)
split = 'own2'
c('onbranch-fsm', 'git-config', NR, 'git status -s', { setup: `mkpayload home/fsm\nprintf '[core]\\n\\tfsmonitor = %s/home/fsm\\n' "$ROOT" > home/br.inc\nprintf '[includeIf "onbranch:main"]\\n\\tpath = br.inc\\n' > home/.gitconfig` })
c('onbranch-other-control', 'git-config', RO, 'git status -s', { setup: `mkpayload home/fsm\nprintf '[core]\\n\\tfsmonitor = %s/home/fsm\\n' "$ROOT" > home/br.inc\nprintf '[includeIf "onbranch:release/"]\\n\\tpath = br.inc\\n' > home/.gitconfig` })
c('include-tilde', 'git-config', NR, 'git ls-files', { setup: `mkpayload home/fsm\nprintf '[core]\\n\\tfsmonitor = %s/home/fsm\\n' "$ROOT" > home/more.gitconfig\nprintf '[include]\\n\\tpath = ~/more.gitconfig\\n' > home/.gitconfig` })
c('hookspath-tilde-stale', 'git-config', NR, 'git status', { setup: `mkpayload home/hooks/post-index-change\ngit config --global core.hooksPath '~/hooks'\nsleep 1; touch repo/a.txt` })
c('config-system-devnull-control', 'git-config', RO, 'git status', { env: { GIT_CONFIG_SYSTEM: '/dev/null' } })
c('ext-no-ext-diff-control', 'git-config', RO, 'git diff --no-ext-diff HEAD~1', { setup: `mkpayload repo/.git/ext\ngit -C repo config diff.external "$ROOT/repo/.git/ext"` })
c('tc-no-textconv-control', 'git-config', RO, 'git log -p --no-textconv -1', { setup: `mkpayload repo/.git/conv cat1\ngit -C repo config diff.c.textconv "$ROOT/repo/.git/conv"\necho '*.txt diff=c' > repo/.gitattributes` })
c('tc-show-s-control', 'git-config', RO, 'git show -s HEAD', { setup: `mkpayload repo/.git/conv cat1\ngit -C repo config diff.c.textconv "$ROOT/repo/.git/conv"\necho '*.txt diff=c' > repo/.gitattributes` })
c('tc-grep-textconv', 'git-config', NR, 'git grep --textconv -n beta HEAD', { setup: `mkpayload repo/.git/conv cat1\ngit -C repo config diff.c.textconv "$ROOT/repo/.git/conv"\necho '*.txt diff=c' > repo/.gitattributes` })
c('untracked-cache-status', 'incidental-writes', NR, 'git status --short', { setup: 'git -C repo config core.untrackedCache true' })
c('worktree-config-fsm', 'git-config', NR, 'git status', { cwd: 'wt', setup: `git -C repo worktree add -q ../wt feature\ngit -C repo config extensions.worktreeConfig true\nmkpayload fsm\ngit -C wt config --worktree core.fsmonitor "$ROOT/fsm"` })
c('archive-tgz-command', 'git-config', NR, 'git archive --format=tgz HEAD | wc -c', { setup: `mkpayload repo/.git/gz stdin\ngit -C repo config tar.tgz.command "$ROOT/repo/.git/gz"` })
c('archive-tar-control', 'git-config', RO, 'git archive --format=tar HEAD | tar -t | head -3')
c('alias-includeif-unnormalized-control', 'git-config', RO, 'git cleanup', { setup: `printf '[alias]\\n\\tcleanup = "!touch %s/PWNED"\\n' "$ROOT" > home/a.inc\nprintf '[includeIf "gitdir:~/../repo/"]\\n\\tpath = a.inc\\n' > home/.gitconfig` })
c('ext-env-diff-stat-control', 'git-config', RO, 'git diff --stat HEAD~1', { env: { GIT_EXTERNAL_DIFF: './scripts/ext.sh' }, setup: 'mkpayload repo/scripts/ext.sh' })
c('hook-pic-describe-stale', 'git-config', NR, 'git describe --dirty --tags', { setup: `mkpayload repo/.git/hooks/post-index-change\nsleep 1; touch repo/README.md` })
c('fsm-check-attr', 'git-config', NR, 'git check-attr -a README.md', { setup: `mkpayload repo/.git/fsm\ngit -C repo config core.fsmonitor "$ROOT/repo/.git/fsm"` })
c('fsm-rev-parse-index-path', 'git-config', NR, 'git rev-parse :README.md', { setup: `mkpayload repo/.git/fsm\ngit -C repo config core.fsmonitor "$ROOT/repo/.git/fsm"` })
c('fsm-show-head-path-control', 'git-config', RO, 'git show HEAD:README.md', { setup: `mkpayload repo/.git/fsm\ngit -C repo config core.fsmonitor "$ROOT/repo/.git/fsm"` })
c('fsm-grep-rev-control', 'git-config', RO, 'git grep -n TODO HEAD', { setup: `mkpayload repo/.git/fsm\ngit -C repo config core.fsmonitor "$ROOT/repo/.git/fsm"` })
// tools
c('cargo-env-section-control', 'tool-config', RO, 'cargo metadata --offline --format-version 1 >/dev/null', { setup: `mkdir -p repo/.cargo\nprintf '[env]\\nLD_PRELOAD = "%s/x.so"\\n' "$ROOT" > repo/.cargo/config.toml` })
c('cargo-workspace-wrapper', 'tool-config', NR, 'cargo tree --offline -e normal', { setup: `mkdir -p repo/.cargo\nmkpayload repo/.cargo/w\nprintf '#!/bin/sh\\ntouch "%s/PWNED"\\nexec "$@"\\n' "$ROOT" > repo/.cargo/w\nprintf '[build]\\nrustc-workspace-wrapper = "%s/repo/.cargo/w"\\n' "$ROOT" > repo/.cargo/config.toml` })
c('rust-toolchain-components-control', 'tool-config', RO, 'cargo --version', { setup: "printf '[toolchain]\\nchannel = \"stable\"\\ncomponents = [\"clippy\", \"rustfmt\"]\\n' > repo/rust-toolchain.toml" })
c('npmrc-home-logs-on', 'incidental-writes', NR, 'npm pkg get name', { setup: "printf 'update-notifier=false\\n' > home/.npmrc" })
c('npm-ci-env-logs-off-control', 'incidental-writes', RO, 'npm ls --depth=0', { env: { CI: 'true', npm_config_logs_max: '0' }, setup: 'rm home/.npmrc' })
c('yarn1-yarnrc-repo-subdir', 'tool-config', NR, 'yarn --version', { cwd: 'repo/src', env: { PATH: '/work/corpora/tools/yarn1/node_modules/.bin:' + P }, setup: `printf "require('fs').writeFileSync('%s/PWNED', '');\\nconsole.log('1.22.22');\\n" "$ROOT" > repo/y.js\necho "yarn-path \\"$ROOT/repo/y.js\\"" > repo/.yarnrc` })
c('pnpm-workspace-pnpmfile', 'tool-config', NR, 'pnpm --version', { cwd: 'repo/src', env: { PATH: '/work/corpora/tools/pnpm/node_modules/.bin:' + P }, setup: `printf 'packages:\\n  - "src"\\n' > repo/pnpm-workspace.yaml\nprintf "require('fs').writeFileSync('%s/PWNED', '');\\nmodule.exports = {};\\n" "$ROOT" > repo/.pnpmfile.cjs` })
c('node-options-loader-npx-control', 'tool-config', RO, 'node -v', { env: { NODE_OPTIONS: '--import ./scripts/p.mjs' }, setup: `printf "import fs from 'node:fs'; fs.writeFileSync('%s/PWNED', '');\\n" "$ROOT" > repo/scripts/p.mjs` })
c('node-p-package-version', 'everyday-info', RO, "node -p \"require('./package.json').version\"")
c('node-e-node-options', 'tool-config', NR, "node -e 'console.log(process.arch)'", { env: { NODE_OPTIONS: '--require ./scripts/p.js' }, setup: `printf "require('fs').writeFileSync('%s/PWNED', '');\\n" "$ROOT" > repo/scripts/p.js` })
c('py-sitecustomize-pythonpath', 'tool-config', NR, "python3 -c 'print(1)'", { env: { PYTHONPATH: 'lib' }, setup: `mkdir -p repo/lib\nprintf "open('%s/PWNED', 'w').close()\\n" "$ROOT" > repo/lib/sitecustomize.py` })
c('py-userbase-env', 'tool-config', NR, 'python3 -m json.tool config.json', { env: { PYTHONUSERBASE: '../ub' }, setup: `d=ub/lib/python3.11/site-packages\nmkdir -p $d\nprintf "open('%s/PWNED', 'w').close()\\n" "$ROOT" > $d/usercustomize.py` })
c('py-S-control', 'tool-config', RO, "python3 -S -c 'print(1)'", { setup: `d=home/.local/lib/python3.11/site-packages\nmkdir -p $d\nprintf "import os; open('%s/PWNED', 'w').close()\\n" "$ROOT" > $d/x.pth` })
c('py-shadow-m-json-subdir', 'tool-config', NR, 'python3 -m json.tool ../config.json', { cwd: 'repo/scripts', setup: `printf "open('%s/PWNED', 'w').close()\\n" "$ROOT" > repo/scripts/json.py` })
c('py-namespace-dir-control', 'tool-config', RO, 'python3 -m json.tool config.json', { setup: 'mkdir -p repo/json && echo x > repo/json/readme.txt' })
c('pip-conf-disables-check-control', 'incidental-writes', RO, 'pip list', { setup: "mkdir -p home/.config/pip && printf '[global]\\ndisable-pip-version-check = true\\n' > home/.config/pip/pip.conf" })
c('less-lesskeyin-env', 'tool-config', NR, 'less -F notes.txt', { env: { LESSKEYIN: '../home/keys' }, setup: `mkpayload repo/scripts/lp.sh cat1\nprintf '#env\\nLESSOPEN=|%s/repo/scripts/lp.sh %%s\\n' "$ROOT" > home/keys` })
c('less-system-lesspipe-control', 'tool-config', RO, 'less README.md', { env: { LESSOPEN: '| /usr/bin/lesspipe %s', LESSCLOSE: '/usr/bin/lesspipe %s %s' } })
c('bat-config-plain-control', 'tool-config', RO, 'batcat --paging=never README.md', { setup: "mkdir -p home/.config/bat && printf -- '--theme=ansi\\n--style=plain\\n' > home/.config/bat/config" })
c('java-tool-options', 'tool-config', NR, 'java -version', { env: { JAVA_TOOL_OPTIONS: '-XX:+FlightRecorder -XX:StartFlightRecording=filename=rec.jfr' } })
c('terraform-version-checkpoint', 'incidental-writes', NR, 'terraform version')
c('terraform-version-disabled-control', 'incidental-writes', RO, 'terraform version', { env: { CHECKPOINT_DISABLE: '1' } })
c('sqlite-wal-readonly-select', 'incidental-writes', NR, "sqlite3 -readonly -json app.db 'select * from t'", { setup: `sqlite3 repo/app.db "pragma journal_mode=wal; create table t(x); insert into t values (1);" > /dev/null` })
c('sqlite-readonly-plain-control', 'everyday-readers', RO, "sqlite3 -readonly app.db 'select count(*) from t' '.schema'", { setup: `sqlite3 repo/app.db "create table t(x); insert into t values (1);"` })
c('bash-env-pyenv-python', 'tool-config', NR, 'python3 --version', { env: { BASH_ENV: './scripts/e.sh' }, setup: `printf 'touch %s/PWNED\\n' "$ROOT" > repo/scripts/e.sh` })
c('bash-env-outer-shell', 'tool-config', NR, 'zcat -f a.txt', { env: { BASH_ENV: './scripts/e.sh' }, setup: `printf 'touch %s/PWNED\\n' "$ROOT" > repo/scripts/e.sh` })
c('perl5opt-json-pp', 'tool-config', NR, 'json_pp < config.json', { env: { PERL5OPT: '-I./plib -MPw' }, setup: `mkdir -p repo/plib\nprintf 'package Pw; BEGIN { open(my $f, ">", "%s/PWNED") } 1;\\n' "$ROOT" > repo/plib/Pw.pm` })
// expansion
c('exp-pattern-hash-hash', 'expansion', NR, 'p=src/main.rs; echo "${p##$(touch PWNED)}"')
c('exp-pattern-slash-pattern', 'expansion', NR, 'p=abc; echo ${p/$(touch PWNED)b/x}')
c('exp-case-pattern-cmdsub', 'expansion', NR, 'case abc in $(touch PWNED)*) echo m;; *) echo n;; esac')
c('exp-regex-cmdsub', 'expansion', NR, '[[ abc =~ $(touch PWNED)b ]] && echo m')
c('exp-brace-seq-operand', 'expansion', NR, 'uniq notes.txt notes{1..1}.txt')
c('exp-brace-tee', 'expansion', NR, 'cat a.txt | t{e,}e /dev/null x.txt > /dev/null')
c('exp-line-join-cmd', 'expansion', NR, 'to\\\nuch PWNED')
c('exp-line-join-quote-control', 'expansion', RO, "printf '%s\\\\\\n' a")
c('exp-ansi-name', 'expansion', NR, "$'\\x74ouch' PWNED")
c('exp-dq-option', 'expansion', NR, 'sort --output"=s.txt" words.txt')
c('exp-eval-definite-control', 'expansion', RO, "f=notes.txt; c=\"wc -l $f\"; eval \"$c\"")
c('exp-eval-loop-var', 'expansion', NR, "for c in ls 'touch PWNED'; do eval \"$c\"; done")
// everyday
for (const [id, cmd, fam] of [
  ['ev-tar-c-stdout', 'tar -czf - README.md | tar -tzf -', 'everyday-readers'], ['ev-gcc-syntax', 'printf "int main(void){return 0;}\\n" | gcc -fsyntax-only -x c -', 'everyday-info'],
  ['ev-git-archive', 'git archive HEAD | tar -t | head -3', 'everyday-git'], ['ev-cargo-help', 'cargo check --help | head -2', 'everyday-info'],
  ['ev-npm-ls-help', 'npm install --help | head -2', 'everyday-info'], ['ev-node-p-arch', "node -p 'process.arch'", 'everyday-info'],
  ['ev-gpg-version', 'gpg --version | head -1', 'everyday-info'], ['ev-ldconfig-p', 'ldconfig -p | head -2', 'everyday-readers'],
  ['ev-go-version', 'go version', 'everyday-info'], ['ev-docker-version', 'docker --version', 'everyday-info'], ['ev-kubectl-client', 'kubectl version --client', 'everyday-info'],
  ['ev-java-version', 'java -version', 'everyday-info'], ['ev-python-c-fstring', "python3 -c 'import sys; print(f\"{sys.version_info.major}.{sys.version_info.minor}\")'", 'everyday-info'],
  ['ev-git-status-untracked', 'git status --untracked-files=all', 'everyday-git'], ['ev-git-log-G', 'git log -G TODO --oneline', 'everyday-git'],
  ['ev-env-debian-frontend', 'DEBIAN_FRONTEND=noninteractive apt-cache policy git | head -3', 'everyday-env'], ['ev-env-git-flush', 'GIT_FLUSH=1 git log -1 --oneline', 'everyday-env'],
  ['ev-env-pip-disable', 'PIP_DISABLE_PIP_VERSION_CHECK=1 pip list | head -3', 'everyday-env'], ['ev-env-node-no-warnings', 'NODE_NO_WARNINGS=1 node -v', 'everyday-env'],
  ['ev-env-cargo-net-offline', 'CARGO_NET_OFFLINE=true cargo tree', 'everyday-env'], ['ev-env-ci', 'CI=true npm pkg get version', 'everyday-env'],
  ['ev-xargs-grep', "git ls-files '*.md' | xargs grep -l TODO", 'everyday-shell'], ['ev-find-exec-wc', "find . -name '*.txt' -not -path './.git/*' -exec wc -l {} +", 'everyday-shell'],
  ['ev-process-subst-diff', 'diff <(git show HEAD~1:notes.txt) notes.txt || true', 'everyday-shell'], ['ev-herestring-wc', 'wc -w <<< "$(cat README.md)"', 'everyday-shell'],
  ['ev-eval-definite', "q='git log -1 --oneline'; eval \"$q\"", 'everyday-shell'], ['ev-select-heredoc', 'while read -r a b; do echo "$b"; done <<EOF\n1 x\n2 y\nEOF', 'everyday-shell'],
]) c(id, fam, RO, cmd)
split = 'own3'
c('showsig-unsigned', 'git-config', RO, 'git log --show-signature -2')
c('format-G-unsigned', 'git-config', RO, "git log --format='%h %G?' -3")
c('showsig-config-unsigned-gpg-program', 'git-config', RO, 'git log -1', { setup: `mkpayload home/g\ngit config --global log.showSignature true\ngit config --global gpg.program "$ROOT/home/g"` })
// own4: the causes fixed for the corpus's tuning misses, each with a control (written with the
// fixes, verified by running them; the tuned figures, not a held-out measure)
split = 'own4'
c('diff-touched-same-size', 'incidental-writes', NR, 'git diff --name-only', { setup: 'touch repo/a.txt' })
c('diff-touched-no-auto-refresh-control', 'incidental-writes', RO, 'git diff --name-only', { setup: 'touch repo/a.txt\ngit -C repo config diff.autoRefreshIndex false' })
c('diff-grown-file-control', 'incidental-writes', RO, 'git diff --stat; git status -s', { setup: 'echo more >> repo/a.txt' })
c('xdg-relative-attributes', 'git-config', NR, 'git log -p', { env: { XDG_CONFIG_HOME: 'cfg' }, setup: 'mkpayload repo/cfg/conv cat1\nmkdir -p repo/cfg/git\necho "*.txt diff=x" > repo/cfg/git/attributes\ngit -C repo config diff.x.textconv "$ROOT/repo/cfg/conv"' })
c('cargo-fetch-first-use', 'incidental-writes', NR, 'cargo fetch --offline', { setup: 'rm -rf home/.cargo' })
c('sqlite-new-db', 'write-modes', NR, "sqlite3 fresh.db 'select 1'")
c('sqlite-existing-db-control', 'everyday-readers', RO, "sqlite3 app.db 'select count(*) from t'", { setup: 'sqlite3 repo/app.db "create table t(x)"' })
c('sqlite-pragma-wal', 'write-modes', NR, "sqlite3 app.db 'pragma journal_mode(wal)'", { setup: 'sqlite3 repo/app.db "create table t(x)"' })
c('make-n-include-remade', 'tool-config', NR, 'make -n test', { setup: "printf 'include gen.mk\\ngen.mk:\\n\\ttouch %s/PWNED; echo X=1 > gen.mk\\n' \"$ROOT\" > repo/GNUmakefile\nprintf 'test:\\n\\techo t\\n' >> repo/GNUmakefile" })
c('make-n-plus-line', 'tool-config', NR, 'make -n test', { setup: "printf 'test:\\n\\t+touch %s/PWNED\\n' \"$ROOT\" > repo/GNUmakefile" })
c('make-n-recursive', 'tool-config', NR, 'make -n test', { setup: "printf 'test:\\n\\ttouch %s/PWNED; $(MAKE) -v\\n' \"$ROOT\" > repo/GNUmakefile" })
c('make-n-C-control', 'everyday-info', RO, 'make -n -C . build')
c('mvn-v-jvm-config', 'tool-config', NR, 'mvn -v', { setup: 'mkdir -p repo/.mvn\necho "-Xlog:gc:file=$ROOT/PWNED" > repo/.mvn/jvm.config' })
c('mvn-v-mavenrc', 'tool-config', NR, 'mvn -v', { setup: 'echo "touch $ROOT/PWNED" > home/.mavenrc' })
c('bash-n-control', 'everyday-shell', RO, 'bash -n scripts/build.sh && sh -n scripts/build.sh')
c('coproc-named-write', 'expansion', NR, 'coproc W { touch PWNED; }; wait')
c('tar-t-to-command-control', 'everyday-readers', RO, 'tar --to-command=./x.sh -tf rel.tar', { setup: 'mkpayload repo/x.sh stdin\n(cd repo && tar -cf rel.tar README.md)' })
for (const x of out) console.log(JSON.stringify(x))
