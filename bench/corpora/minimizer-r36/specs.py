# r36 run list: name, dir (under scratch), cmd, tool ('$ cmd' = first line of that command's output), notes, opts
# part='A' (an agent's ordinary day) or 'B' (new ground); stored in notes as "[A]"/"[B]".
SPECS = []
def R(name, dir, cmd, tool, notes, part='A', **kw):
    d = dict(name=name, dir=dir, cmd=cmd, tool=tool, notes='[%s] %s' % (part, notes)); d.update(kw); SPECS.append(d)
S = '/work/corpus-min36-scratch'

# ================= PART A =================
G = '$ git --version'; T = 'py/ten'
R('git-status-ten', T, 'git status', G, 'tenacity 9.2.1 (PyPI sdist) given an 8-commit history (tag, README moved, binary logo, merged feature branch, empty commit, second author); worktree: two injected bugs in stop.py/wait.py, staged ruff.toml, untracked file and dir.')
R('git-status-sb-ten', T, 'git status -sb', G, 'Short status with branch line.')
R('git-status-porcelain-v2', T, 'git status --porcelain=v2 --branch', G, 'Machine-readable status v2.')
R('git-diff-ten', T, 'git diff', G, 'Unstaged diff: the two injected bugs.')
R('git-diff-cached-ten', T, 'git diff --cached', G, 'Staged new ruff.toml.')
R('git-diff-U10-stop', T, 'git diff -U10 tenacity/stop.py', G, 'Ten lines of context.')
R('git-diff-stat-tag', T, 'git diff --stat v9.2.1..HEAD', G, 'Since the tag: README.rst (a symlink in the sdist) replaced by a real file, binary file, new files.')
R('git-diff-tag-M', T, 'git diff -M v9.2.1 HEAD -- docs_README.rst README.rst doc', G, 'README.rst was a symlink in the sdist: the move shows as a deleted symlink plus a new 786-line file, and a binary file.')
R('git-diff-name-status', T, 'git diff --name-status v9.2.1', G, 'Name-status against the tag, worktree included.')
R('git-diff-word', T, 'git diff --word-diff tenacity/wait.py', G, 'Word diff.')
R('git-diff-HEAD-shortstat', T, 'git diff HEAD --shortstat', G, 'One-line summary.')
R('git-log-oneline-20-ten', T, 'git log --oneline -20', G, 'One line per commit with decorations.')
R('git-log-graph-all-ten', T, 'git log --graph --all --oneline --decorate', G, 'Graph with merge, tag and branches.')
R('git-log-stat-3-ten', T, 'git log --stat -3', G, 'Stat of the last three (merge and empty commit).')
R('git-log-p-2-path', T, 'git log -p -2 -- tenacity', G, 'Patches touching the package.')
R('git-log-format-date', T, 'git log --format="%h %ad %an %s" --date=short', G, 'Custom format.')
R('git-log-name-only-merges', T, 'git log --merges --name-only', G, 'Merge commits only.')
R('git-log-since-author', T, 'git log --since=2026-11-21 --author=Ravi --oneline', G, 'Filter by date and author.')
R('git-log-follow-readme', T, 'git log --follow --oneline -- docs_README.rst', G, 'Across the rename.')
R('git-show-head-ten', T, 'git show HEAD', G, 'Last commit.')
R('git-show-stat-merge', T, 'git show --stat HEAD~1', G, 'Merge commit with stat (combined).')
R('git-show-root-big', T, 'git show v9.2.1 -- tenacity/__init__.py', G, 'Large patch: __init__.py as added in the root commit.')
R('git-show-root-full', T, 'git show v9.2.1', G, 'The whole root commit (>8,000 lines).')
R('git-show-file-tag', T, 'git show v9.2.1:tenacity/stop.py | head -40', G, 'A file at a tag, head.')
R('git-blame-L-stop', T, 'git blame -L 95,115 tenacity/stop.py', G, 'Blame with an uncommitted line.')
R('git-blame-porcelain-wait', T, 'git blame --line-porcelain -L 40,45 tenacity/wait.py | grep "^author " | sort | uniq -c', G, 'Authors of a range, counted.')
R('git-grep-n-def-ten', T, 'git grep -n "def " -- tenacity/wait.py', G, 'Definitions in one file.')
R('git-grep-many-ten', T, 'git grep -n "retry" -- tenacity tests', G, 'Many matches (>500 lines).')
R('git-grep-count-ten', T, 'git grep -c "def test_" -- tests', G, 'Per-file test counts.')
R('git-branch-a-v', T, 'git branch -a -v', G, 'Branches with last commit.')
R('git-tag-n', T, 'git tag -n --list', G, 'Tags with message lines.')
R('git-stash-roundtrip', T, 'git stash push -q -m "wip wait" tenacity/wait.py && git stash list && git stash show --stat stash@{0}; git stash pop -q && git status -s', G, 'Stash one file, show stat, pop.')
R('git-checkout-missing', T, 'git checkout release-10', G, 'Unknown ref: error.')
R('git-add-missing', T, 'git add nosuch.py', G, 'Pathspec did not match.')
R('git-merge-conflict', 'py', 'cd tenc && git checkout -q -b side HEAD~1 && printf "max_attempts_default = 5\\n" > tenacity/_defaults.py && git add -A && git commit -qm "defaults 5" && git merge main', G, 'Merge a branch that adds the same file differently: add/add conflict, exit 1.', reset='rm -rf tenc && git clone -q ten tenc', post='rm -rf tenc')
R('git-revert-dirty', 'py', 'cd tenc && echo x >> tenacity/stop.py && git revert --no-edit HEAD', G, 'Revert the last commit while an unrelated tracked file is modified: the revert succeeds.', reset='rm -rf tenc && git clone -q ten tenc', post='rm -rf tenc', nd='commit hash of the revert commit')
R('git-clean-n-ten', T, 'git clean -nd', G, 'Dry-run clean.')
R('git-ls-files-wc', T, 'git ls-files | wc -l && git ls-files --others --exclude-standard', G, 'Tracked count and untracked list.')
R('git-rev-parse-describe', T, 'git rev-parse --abbrev-ref HEAD && git describe --tags --always --dirty', G, 'Branch and describe.')
R('git-shortlog-sn', T, 'git shortlog -sn --all', G, 'Commit counts per author.')
R('git-reflog-5', T, 'git reflog -5', G, 'Reflog.')

PT = '$ pytest --version'; PE = {'PYTHONPATH': '.'}
R('test-pytest-ten', T, 'pytest -q -p no:cacheprovider tests', PT, 'tenacity suite with two injected bugs (stop_after_attempt off by one, wait_fixed doubled): many failures.', env=PE, nd='the run time')
R('test-pytest-ten-x', T, 'pytest -x -p no:cacheprovider tests/test_tenacity.py', PT, 'Stop at first failure.', env=PE, nd='the run time')
R('test-pytest-ten-k-v', T, 'pytest -v -p no:cacheprovider -k "stop_after or wait_fixed" tests/test_tenacity.py', PT, 'Verbose with -k.', env=PE, nd='the run time')
R('test-pytest-ten-v-utils', T, 'pytest -v -p no:cacheprovider tests/test_utils.py tests/test_after.py tests/test_issue_478.py', PT, 'Verbose, passing modules.', env=PE, nd='the run time')
R('test-pytest-ten-tb-short', T, 'pytest -q --tb=short -p no:cacheprovider tests/test_tenacity.py', PT, 'Short tracebacks.', env=PE, nd='the run time')
R('test-pytest-ten-tb-no-tail', T, 'pytest -q --tb=no -p no:cacheprovider tests 2>&1 | tail -25', PT, 'Failure list without tracebacks, tail.', env=PE, nd='the run time')
R('test-pytest-ten-count', T, 'pytest -q -p no:cacheprovider tests 2>&1 | grep -c "^FAILED"', PT, 'Count of FAILED lines.', env=PE)
R('test-pytest-ten-async', T, 'pytest -q -p no:cacheprovider tests/test_asyncio.py -W error', PT, 'asyncio tests with warnings as errors.', env=PE, nd='the run time')
R('test-pytest-ten-nopath', T, 'pytest -q -p no:cacheprovider tests/test_utils.py', PT, 'Without PYTHONPATH: passes anyway (pytest puts the rootdir on sys.path because tests/ is a package).', nd='the run time')
R('test-pytest-ten-cov', T, 'pytest -q -p no:cacheprovider --cov=tenacity --cov-report=term-missing tests/test_utils.py tests/test_after.py', PT, 'Coverage table with missing lines.', env=PE, nd='the run time')
R('test-pytest-ten-maxfail', T, 'pytest -q -p no:cacheprovider --maxfail=3 -rf tests', PT, 'Stop after three failures, short summary.', env=PE, nd='the run time')
R('test-pytest-ten-collect', T, 'pytest --collect-only -q -p no:cacheprovider tests | tail -12', PT, 'Collected ids, tail.', env=PE, nd='the run time')
R('test-pytest-param-own', 'py/units', 'pytest -q -p no:cacheprovider', PT, 'My small units-conversion module: parametrized cases, two fail (rounding, negative kelvin).', nd='the run time')
R('test-pytest-param-own-v', 'py/units', 'pytest -v -p no:cacheprovider -k convert', PT, 'Verbose parametrized ids.', nd='the run time')
R('test-pytest-own-lf', 'py/units', 'pytest -q -o cache_dir=%s/ucache >/dev/null; pytest -q --lf -o cache_dir=%s/ucache' % (S, S), PT, 'Rerun last failures.', reset='rm -rf %s/ucache' % S, nd='the run time')

VT = '$ npx vitest --version'; J = 'js/invq'
R('test-vitest-invq', J, 'npx vitest run', VT, 'My TS inventory-queue library: drain order, it.each with priority 0, and toStrictEqual fail.', nd='start time and durations')
R('test-vitest-invq-tail', J, 'npm test 2>&1 | tail -30', VT, 'Through npm, tail.', nd='durations')
R('test-vitest-invq-t', J, 'npx vitest run -t "totals"', VT, 'Filter by name.', nd='start time and durations')
R('test-vitest-invq-verbose', J, 'npx vitest run --reporter=verbose', VT, 'Verbose reporter.', nd='start time and durations')
R('test-vitest-invq-json-jq', J, 'npx vitest run --reporter=json 2>/dev/null | jq "{failed: .numFailedTests, passed: .numPassedTests}"', VT, 'JSON reporter through jq.')

CT = '$ cargo --version'; RN = {'RUSTUP_TOOLCHAIN': 'nightly'}
R('build-cargo-tally', 'rs/tally', 'cargo build', CT, 'My word-tally crate on nightly: unused variable warning.', env=RN, reset='cargo clean -q', nd='compile time')
R('build-cargo-broken', 'rs/broken', 'cargo build', CT, 'A binary with five errors (mismatched types, ? in main, missing field, unknown field, borrow after move).', env=RN, reset='cargo clean -q', nd='compile time')
R('build-cargo-broken-msgfmt', 'rs/broken', 'cargo build --message-format=short 2>&1 | head -20', CT, 'Short message format.', env=RN)
R('test-cargo-tally', 'rs/tally', 'cargo test', CT, 'The tie-order unit test fails, so cargo stops before the integration tests ("to rerun pass --lib"), exit 101.', env=RN, nd='test times')
R('test-cargo-tally-lib', 'rs/tally', 'cargo test --lib -- --nocapture', CT, 'Library tests only.', env=RN, nd='test times')
R('test-cargo-tally-ignored', 'rs/tally', 'cargo test --test integration -- --ignored', CT, 'Run the ignored test only.', env=RN, nd='test times')
R('test-cargo-tally-filter', 'rs/tally', 'cargo test counts', CT, 'Name filter.', env=RN, nd='test times')
R('lint-clippy-tally', 'rs/tally', 'cargo clippy', '$ cargo clippy --version', 'Clippy on nightly: new_without_default, len_zero, map_clone, unnecessary_sort_by and the unused variable; warnings only, exit 0.', env=RN, reset='touch src/lib.rs', nd='compile time')
R('lint-clippy-tally-pedantic', 'rs/tally', 'cargo clippy -- -W clippy::pedantic 2>&1 | grep -E "^(warning|error)" | sort | uniq -c', '$ cargo clippy --version', 'Pedantic lints, counted by message.', env=RN, reset='touch src/lib.rs')
R('lint-cargo-fmt-check', 'rs/tally', 'cargo fmt --check', '$ cargo fmt --version', 'Formatting diff: long lines.', env=RN)

GT = '$ go version'; GO = 'go/shortid'
R('test-go-shortid', GO, 'go test ./...', GT, 'My short-id package: base 35 alphabet breaks the base-36 expectations.', nd='timings')
R('test-go-shortid-v', GO, 'go test -v .', GT, 'Verbose with subtests.', nd='timings')
R('test-go-shortid-run', GO, 'go test -run "TestEncode/3" -v .', GT, 'Run a subset of subtests.', nd='timings')
R('test-go-shortid-race', GO, 'go test -race -run TestCounterConcurrent .', GT, 'Data race detected in Counter.Next.', nd='addresses, goroutine ids and timings')
R('build-go-vet', GO, 'go vet ./...', GT, 'vet: the cmd package does not compile.')
R('build-go-build-err', GO, 'go build ./...', GT, 'Build errors in cmd/sid.')
R('lint-gofmt-l', GO, 'gofmt -l . ; gofmt -d shortid_test.go | head -30', GT, 'Unformatted files and diff.')

MK = '$ make --version'
R('build-make-ring', 'c/ring', 'make clean >/dev/null; make && ./ringdemo', MK, 'Clean C build and run.')
R('build-make-ringbad', 'c/ringbad', 'make', MK, 'gcc errors: missing semicolon, no member named buff; warnings.', reset='rm -f *.o ringdemo')
R('build-make-ringbad-k', 'c/ringbad', 'make -k 2>&1 | grep -E "error|warning" | head -20', MK, 'Keep going, errors and warnings only.', reset='rm -f *.o ringdemo')
R('build-gcc-wall-main', 'c/ringbad', 'gcc -Wall -Wextra -Wformat=2 -c main.c -o %s/main-r36.o; echo rc=$?' % S + '', '$ gcc --version', 'Warnings only (implicit declaration, format), compile succeeds.', post='rm -f %s/main-r36.o' % S)

TS = '$ npx tsc --version'
R('lint-tsc-invq', J, 'npx tsc --noEmit', TS, 'TS errors: string assigned to number, unused local.')
R('lint-tsc-invq-pretty-false', J, 'npx tsc --noEmit --pretty false | wc -l', TS, 'Error line count.')
R('build-npm-run-build', J, 'npm run build', TS, 'Build script fails on type errors.')
R('build-esbuild-bundle', J, 'npm run bundle && ls -la dist | tail -n +2 | awk \'{print $5, $9}\'', '$ npx esbuild --version', 'esbuild bundle (types not checked), then the sizes.', reset='rm -rf dist')
R('build-esbuild-analyze', J, 'npx esbuild src/index.ts --bundle --platform=node --outfile=%s/esb-out.js --analyze' % S, '$ npx esbuild --version', 'Bundle analysis table.')
R('lint-eslint-invq', J, 'npx eslint src test', '$ npx eslint --version', 'ESLint 9 flat config with typescript-eslint: no-unused-vars, no-console (warning), no-explicit-any, no-var, eqeqeq, prefer-const.')
R('lint-eslint-invq-compact', J, 'npx eslint -f json src | jq -r ".[] | .messages[] | .ruleId" | sort | uniq -c | sort -rn', '$ npx eslint --version', 'Findings counted per rule.')
R('lint-eslint-invq-fix-dry', J, 'npx eslint --fix-dry-run --format json src/queue.ts | jq -r ".[0].output" | head -30', '$ npx eslint --version', 'Fix preview of the queue module.')
R('pkg-npm-ci-invq', J, 'npm ci --no-fund', '$ npm --version', 'Clean install from the lock file (npm registry).', reset='rm -rf node_modules', nd='timing and audit numbers')
R('pkg-npm-ls-invq', J, 'npm ls', '$ npm --version', 'Dependency tree, depth 0.')
R('pkg-npm-ls-all-count', J, 'npm ls --all | wc -l && npm ls --all | grep -c deduped', '$ npm --version', 'Full tree line count and deduped count.')
R('pkg-npm-explain-esbuild', J, 'npm explain esbuild', '$ npm --version', 'Why esbuild is installed (two paths).')
R('pkg-npm-outdated', J, 'npm outdated; echo rc=$?', '$ npm --version', 'Outdated report (queries the registry).', nd='registry versions may change')
R('pkg-npm-ls-missing', J, 'npm ls left-pad react', '$ npm --version', 'Packages not installed: empty tree, exit 1.')
R('pkg-npm-pkg-get', J, 'npm pkg get scripts devDependencies', '$ npm --version', 'package.json fields.')

RF = '$ ruff --version'; MY = '$ mypy --version'
R('lint-ruff-ten', T, 'ruff check tenacity tests', RF, 'Ruff with the staged ruff.toml (E, F, B, UP, SIM) over tenacity: many findings.')
R('lint-ruff-ten-stats', T, 'ruff check --statistics tenacity tests', RF, 'Counts per rule.')
R('lint-ruff-ten-concise-head', T, 'ruff check --output-format=concise tenacity | head -25', RF, 'Concise, head.')
R('lint-ruff-format-check', T, 'ruff format --check .', RF, 'Files that would be reformatted.')
R('lint-ruff-format-diff-wait', T, 'ruff format --diff tenacity/wait.py', RF, 'Reformat diff of a file that is already formatted: one line.')
R('lint-ruff-select-fix-dry', T, 'ruff check --select I,UP --diff tenacity', RF, 'Fix preview for isort and pyupgrade rules: nothing to fix, empty output, exit 0.')
R('lint-ruff-select-all', T, 'ruff check --select ALL tenacity tests', RF, 'Every rule enabled: huge report (>18,000 lines), with the incompatible-rule warnings.')
R('lint-mypy-ten', T, 'mypy tenacity', MY, 'mypy over tenacity (its own mypy config in pyproject).')
R('lint-mypy-ten-strict', T, 'mypy --strict tenacity | tail -15', MY, 'Strict mode, tail.')
R('lint-mypy-own', 'py/units', 'mypy units.py', MY, 'My module with type errors.')
R('lint-shellcheck-deploy', 'sh', 'shellcheck deploy.sh', '$ shellcheck --version | sed -n 2p', 'Many findings.', toolname='ShellCheck')
R('lint-shellcheck-all-gcc', 'sh', 'shellcheck -f gcc *.sh', '$ shellcheck --version | sed -n 2p', 'gcc format over three scripts.', toolname='ShellCheck')
R('lint-shellcheck-ci-sev', 'sh', 'shellcheck -S warning ci.sh', '$ shellcheck --version | sed -n 2p', 'Warnings and errors only (bash-isms in a sh script).', toolname='ShellCheck')
R('lint-shellcheck-backup-ok', 'sh', 'shellcheck backup.sh && echo clean', '$ shellcheck --version | sed -n 2p', 'Clean script.', toolname='ShellCheck')

R('pkg-pip-install-ten-wheel', 'py', 'pip wheel -q --no-deps -w %s/wheels ./tenacity-9.2.1 && pip install --no-index --find-links %s/wheels --target %s/pt tenacity' % (S, S, S), '$ pip --version', 'Build a wheel from the sdist, install it from the local dir.', reset='rm -rf %s/wheels %s/pt' % (S, S), nd='temporary build paths')
R('pkg-pip-install-missing', 'py', 'pip install --no-index --find-links %s/wheels tenacity-extra' % S, '$ pip --version', 'No matching distribution, exit 1.')
R('pkg-pip-show-files', 'py', 'pip show -f pytest | head -20', '$ pip --version', 'Package info with files.')
R('pkg-pip-list-outdated-offline', 'py', 'pip list --format=columns | head -15 && pip list | wc -l', '$ pip --version', 'Installed list head and count.')
R('pkg-pip-check', 'py', 'pip check', '$ pip --version', 'Dependency consistency.')
R('pkg-cargo-fetch-offline', 'rs/tally', 'cargo add serde@1 --offline', CT, 'Adding a dependency offline without cache: error.', env=RN, post='git checkout -q Cargo.toml 2>/dev/null; sed -i "/^serde/d" Cargo.toml')
R('pkg-go-mod-tidy-offline', GO, 'go get golang.org/x/exp@latest', GT, 'GOPROXY=off: module lookup disabled.')

TR = '$ tree --version'
R('ls-la-ten', T, 'ls -la', '$ ls --version', 'Project root listing.', nd='mtimes')
R('ls-la-tenacity-pkg', T, 'ls -la tenacity', '$ ls --version', 'Package dir listing.', nd='mtimes')
R('ls-R-tests', T, 'ls -R tests releasenotes | head -40', '$ ls --version', 'Recursive listing, head.')
R('ls-tree-L2', T, 'tree -L 2', TR, 'Two levels.')
R('ls-tree-node-modules-d', J, 'tree -d -L 2 node_modules | tail -20', TR, 'Directories of node_modules, tail.')
R('ls-tree-releasenotes', T, 'tree releasenotes', TR, 'Many small release-note files (64 lines).')
R('ls-du-sh', J, 'du -sh * .[a-z]* 2>/dev/null | sort -h', '$ du --version', 'Sizes sorted.')
R('ls-du-node-modules', J, 'du -sh node_modules/* | sort -rh | head -15', '$ du --version', 'Largest packages.')
R('ls-find-name-py', T, 'find . -name "*.py" -not -path "./.git/*" | sort', '$ find --version', 'Python files.')
R('ls-find-newer', T, 'find . -newer pyproject.toml -type f -not -path "./.git/*"', '$ find --version', 'Files newer than pyproject.toml.', nd='file order')
R('ls-find-type-d-nm', J, 'find node_modules -maxdepth 2 -type d -name "dist" | wc -l', '$ find --version', 'Count of dist dirs.')
R('ls-find-big-files', J, 'find node_modules -type f -size +500k -exec ls -la {} + | awk \'{print $5, $9}\' | sort -rn', '$ find --version', 'Big files in node_modules.')
R('ls-find-nm-files-sorted', J, 'find node_modules -type f | sort', '$ find --version', 'Every file of node_modules, sorted (>3,000 lines).')
R('ls-find-all-nm', J, 'find node_modules -type f -name "*.d.ts"', '$ find --version', 'Every declaration file (~950 lines).', nd='file order')
R('ls-wc-l-many', T, 'wc -l tenacity/*.py tests/*.py | sort -n', '$ wc --version', 'Line counts sorted.')
R('ls-wc-l-nm-js', J, 'find node_modules/vitest -name "*.js" | xargs wc -l | sort -n | tail -15', '$ wc --version', 'Biggest files of a package.')
RG = '$ rg --version'
R('grep-rg-retry', T, 'rg -n "retry_state" tenacity', RG, 'Many matches.')
R('grep-rg-count', T, 'rg -c "def " tenacity tests', RG, 'Counts per file.')
R('grep-rg-type-files', J, 'rg -l "function " node_modules/vitest/dist | head', RG, 'Matching files, head.')
R('grep-rg-ts-huge', J, 'rg -n "function " node_modules/typescript/lib/typescript.js', RG, 'Every function line of typescript.js (>10,000 lines).')
R('grep-rg-huge', J, 'rg -n "function" node_modules/typescript/lib/typescript.d.ts', RG, 'Large match list (600 lines).')
R('grep-rg-nomatch', T, 'rg "fetch_with_backoff" .', RG, 'No match: exit 1.')
R('grep-rg-context', T, 'rg -n -C2 "class stop_after_attempt" tenacity', RG, 'Context lines.')
R('grep-grep-rn', T, 'grep -rn "import" tenacity --include=*.py | head -40', '$ grep --version', 'grep -rn head.')
R('grep-grep-rn-big', J, 'grep -rn "require(" node_modules/eslint/lib', '$ grep --version', 'Many matches (837 lines).')
R('grep-grep-c-sort', T, 'grep -rc "assert" tests | sort -t: -k2 -n', '$ grep --version', 'Assertion counts.')
R('grep-grep-l-missing-dir', T, 'grep -rl "sleep" tenacity nosuchdir', '$ grep --version', 'Missing dir: exit 2 after matches.')
R('grep-git-grep-w', T, 'git grep -w -n "before_sleep" | head -30', G, 'Word match.')

R('read-cat-stop', T, 'cat tenacity/stop.py', '$ cat --version', 'A whole source file.')
R('read-head-readme', T, 'head -50 docs_README.rst', '$ head --version', 'README head.')
R('read-sed-n-wait', T, 'sed -n "60,120p" tenacity/wait.py', '$ sed --version', 'A line range.')
R('read-cat-pyproject', T, 'cat pyproject.toml', '$ cat --version', 'TOML.')
R('read-cat-package-lock-head', J, 'head -60 package-lock.json', '$ head --version', 'Lock file head.')
R('read-cat-package-lock', J, 'cat package-lock.json', '$ cat --version', 'Whole lock file (thousands of lines).', nd='none expected')
R('read-jq-lock-packages', J, 'jq -r ".packages | keys[]" package-lock.json | wc -l && jq -r ".packages[\\"node_modules/vitest\\"].version" package-lock.json', '$ jq --version', 'Lock file queries.')
R('read-cat-tsconfig', J, 'cat tsconfig.json eslint.config.js', '$ cat --version', 'Two config files.')
R('read-tail-npm-log', J, 'ls %s/home/.npm/_logs | wc -l; tail -20 "$(ls -t %s/home/.npm/_logs/*.log | head -1)"' % (S, S), '$ tail --version', 'Tail of the newest npm debug log.', nd='log content and timings')
R('read-nl-cargo-toml', 'rs/tally', 'nl -ba Cargo.toml src/lib.rs | sed -n "1,40p"', '$ nl --version', 'Numbered lines.')
R('read-cat-yaml-notes', T, 'cat releasenotes/notes/*.yaml | head -60', '$ cat --version', 'Release-note YAMLs, head.')
R('read-awk-csv-own', 'py/units', 'awk -F, \'NR>1 {s[$2]+=$3} END {for (k in s) print k, s[k]}\' readings.csv | sort', '$ awk --version', 'awk aggregation of a CSV.')
R('read-sort-uniq-log', 'py/units', 'cut -d" " -f3 app.log | sort | uniq -c | sort -rn', '$ sort --version', 'Log level counts.')
R('read-grep-error-log', 'py/units', 'grep -n ERROR app.log | tail -15', '$ grep --version', 'Errors from a log, tail.')
R('read-cat-log-big', 'py/units', 'cat app.log', '$ cat --version', 'A whole log (>500 lines).')

# ================= PART B =================
LG = '$ ledger --version'; LD = 'b/ledger'
R('ledger-balance', LD, 'ledger -f main.ledger balance', LG, 'ledger-cli 3.3 over my 2026 journal (400+ transactions): account tree balance.', part='B')
R('ledger-balance-flat-depth', LD, 'ledger -f main.ledger bal --flat --depth 2 Expenses', LG, 'Flat balance to depth 2.', part='B')
R('ledger-register-dining', LD, 'ledger -f main.ledger reg Dining', LG, 'Register of one account with running total.', part='B')
R('ledger-register-monthly', LD, 'ledger -f main.ledger reg -M Expenses:Food', LG, 'Monthly register.', part='B')
R('ledger-register-big', LD, 'ledger -f main.ledger register', LG, 'Whole register (300+ lines).', part='B')
R('ledger-print-pending', LD, 'ledger -f main.ledger print --pending | head -30', LG, 'Pending (!) transactions printed, head.', part='B')
R('ledger-stats', LD, 'ledger -f main.ledger stats', LG, 'Journal statistics.', part='B', nd='the "time since last post" line depends on today')
R('ledger-accounts-payees', LD, 'ledger -f main.ledger accounts && ledger -f main.ledger payees | wc -l', LG, 'Accounts list and payee count.', part='B')
R('ledger-csv-visa', LD, 'ledger -f main.ledger csv Liabilities:Visa | tail -5', LG, 'CSV export, tail.', part='B')
R('ledger-bad-unbalanced', LD, 'ledger -f bad.ledger bal', LG, 'Journal with an unbalanced transaction: error with location, exit 2.', part='B')
R('ledger-bad-strict', LD, 'ledger -f main.ledger --strict --pedantic bal Expenses:Hobbies', LG, '--strict --pedantic: the undeclared Equity:Opening account is an error, exit 1.', part='B')
R('ledger-budget-avg', LD, 'ledger -f main.ledger reg -M --average Expenses:Rent | tail -4', LG, 'Running average.', part='B')
R('ledger-equity', LD, 'ledger -f main.ledger equity', LG, 'Equity (opening balances) report.', part='B')

CV = '$ cvs --version | sed -n 2p'; CW = 'b/cvswork'
R('cvs-status', CW, 'cvs status', CV, 'CVS 1.12 local repository (:local: in scratch) holding my ring C project; two commits on main.c, ring.h modified, NOTES.txt unknown.', part='B', toolname='cvs')
R('cvs-n-update', CW, 'cvs -n -q update', CV, 'What an update would do (M/?).', part='B', toolname='cvs')
R('cvs-diff-u', CW, 'cvs diff -u', CV, 'Unified diff of the working copy; exit 1 when differences.', part='B', toolname='cvs')
R('cvs-diff-rev', CW, 'cvs diff -u -r1.1 -r1.1.1.1 main.c; cvs diff -u -r1.1 main.c', CV, 'Diff between revisions.', part='B', toolname='cvs')
R('cvs-log-main', CW, 'cvs log main.c', CV, 'Revision log of a file.', part='B', toolname='cvs', nd='dates of the commits are from the setup run')
R('cvs-annotate', CW, 'cvs annotate main.c', CV, 'Per-line revision and author.', part='B', toolname='cvs')
R('cvs-rlog-h', CW, 'cvs rlog -h ring', CV, 'Headers only, from the repository.', part='B', toolname='cvs')
R('cvs-commit-conflict', 'b', 'rm -rf cvsw2 && cvs -q co -d cvsw2 ring >/dev/null && cd cvsw2 && sed -i "s/sum=%d/total=%d/" main.c && cvs -q update -r1.2 main.c; cvs -q update -A main.c; cvs status main.c | head -8', CV, 'Sticky revision update and clear: sticky tag lines, merge on update.', part='B', toolname='cvs', post='rm -rf cvsw2')
R('cvs-bad-module', 'b', 'cvs -q co nosuchmodule', CV, 'Unknown module: error.', part='B', toolname='cvs')

BZ = '$ brz version | head -1'; BR = 'b/brzrepo'; BE = {'PATH': '/usr/bin:/bin'}
R('brz-status', BR, 'brz status', BZ, 'Breezy 3.3 repository of my shell scripts: modified, unknown files.', part='B', env=BE)
R('brz-diff', BR, 'brz diff', BZ, 'Diff of the working tree; exit 1 when changes.', part='B', env=BE)
R('brz-log-short', BR, 'brz log --short', BZ, 'Short log.', part='B', env=BE, nd='commit timestamps are from the setup run')
R('brz-log-v', BR, 'brz log -v -r -1', BZ, 'Verbose last revision with changed files.', part='B', env=BE)
R('brz-info', BR, 'brz info', BZ, 'Branch info.', part='B', env=BE)
R('brz-annotate', BR, 'brz annotate backup.sh', BZ, 'Per-line revision.', part='B', env=BE)
R('brz-bad-revision', BR, 'brz log -r 9', BZ, 'No such revision: error, exit 3.', part='B', env=BE)

GL = '$ git lfs version'; LF = 'b/lfsrepo'
R('gitlfs-ls-files', LF, 'git lfs ls-files -s', GL, 'git-lfs 3.3 tracked files with sizes.', part='B')
R('gitlfs-status', LF, 'git lfs status', GL, 'LFS status: one modified object.', part='B')
R('gitlfs-track-list', LF, 'git lfs track && cat .gitattributes', GL, 'Tracked patterns.', part='B')
R('gitlfs-env', LF, 'git lfs env | grep -v "^LocalWorkingDir\\|^LocalGitDir\\|^LocalGitStorageDir\\|^LocalMediaDir\\|^LocalReferenceDirs\\|^TempDir" | head -30', GL, 'Environment (scratch paths dropped), head.', part='B')
R('gitlfs-pointer-show', LF, 'git show HEAD:model.bin', GL, 'The stored pointer file.', part='B')
R('gitlfs-fsck', LF, 'git lfs fsck', GL, 'Object store check.', part='B')

RK = '$ rakudo --version | head -1'; RD = 'b/raku'
R('raku-c-bad', RD, 'raku -c bad.raku', RK, 'Syntax check of a script with a missing semicolon: compile error, exit 1.', part='B')
R('raku-c-module', RD, 'raku -Ilib -c lib/Stats.rakumod', RK, 'Syntax OK.', part='B')
R('raku-prove-tests', RD, 'prove -e "raku -Ilib" t/stats.rakutest', '$ prove --version', 'TAP harness running a Raku test file: median() dies (infix:<div> on an Array) after the first test: bad plan, exit 1.', part='B', nd='timing line')
R('raku-test-direct', RD, 'raku -Ilib t/stats.rakutest', RK, 'The raw TAP: one ok, then the median() error and the plan mismatch, exit 255.', part='B')
R('raku-report', RD, 'raku report.raku', RK, 'Script aggregating the ledger file.', part='B')

PY = '$ python3 --version'; PS = 'b/pystd'
R('pystd-pyclbr', PS, 'python3 -m pyclbr geo', PY, 'Class browser of a module.', part='B')
R('pystd-pstats', PS, 'printf "sort cumulative\\nstats 12\\n" | python3 -m pstats prof.out', PY, 'Interactive pstats reading a saved profile (stdin given).', part='B')
R('pystd-cprofile-tottime', PS, 'python3 -m cProfile -s tottime geo.py | head -25', PY, 'Profile sorted by tottime, head.', part='B', nd='timings')
R('pystd-dis-func', PS, 'python3 -c "import dis, geo; dis.dis(geo.Polygon.area)"', PY, 'Bytecode of one method.', part='B')
R('pystd-tokenize-e', PS, 'python3 -m tokenize -e geo.py | head -40', PY, 'Exact token names, head.', part='B')
R('pystd-ast-big', PS, 'python3 -m ast geo.py', PY, 'AST dump of the module (434 lines).', part='B')
R('pystd-ast-ten-huge', T, 'python3 -m ast tenacity/__init__.py', PY, 'AST dump of tenacity/__init__.py (>5,000 lines).', part='B')
R('pystd-timeit', PS, 'python3 -m timeit -s "import geo" "geo.slow_sum(1000)"', PY, 'timeit loop.', part='B', nd='timings')
R('pystd-inspect-details', PS, 'python3 -m inspect -d geo:Polygon.area', PY, 'Source location details.', part='B')
R('pystd-pydoc', PS, 'python3 -m pydoc geo', PY, 'pydoc text page.', part='B')
R('pystd-trace-count', PS, 'python3 -m trace --count -C %s/trc --summary -m geo.py 2>&1 | tail -8' % S, PY, 'trace coverage summary, tail.', part='B', reset='rm -rf %s/trc' % S)
R('pystd-json-tool-bad', PS, 'printf \'{"a": 1, "b": [1, 2,]}\' | python3 -m json.tool', PY, 'Invalid JSON: error with position, exit 1.', part='B')
R('pystd-zipapp-info', PS, 'python3 -m zipapp . -o %s/geo.pyz -m "geo:centroid" && python3 -m zipfile -l %s/geo.pyz' % (S, S), PY, 'Build a zipapp, list it.', part='B', nd='zip timestamps')
R('pystd-filecmp', 'py', 'python3 -m filecmp tenacity-9.2.1/tenacity ten/tenacity', PY, 'Directory comparison report.', part='B')
R('pystd-sysconfig-grep', PS, 'python3 -m sysconfig | grep -E "^\\s+(CC|CFLAGS|prefix|py_version)" ', PY, 'Selected build variables.', part='B')
R('pystd-platform-locale', PS, 'python3 -m platform; python3 -c "import locale; print(locale.getpreferredencoding())"', PY, 'Platform string.', part='B')
R('pystd-py-compile-err', PS, 'printf "def f(:\\n  pass\\n" > %s/bad_syntax.py && python3 -m py_compile %s/bad_syntax.py' % (S, S), PY, 'Syntax error reported by py_compile, exit 1.', part='B')
R('pystd-mimetypes-uuid', PS, 'python3 -m mimetypes geo.py prof.out x.tar.gz; python3 -m calendar 2026 12', PY, 'Guessed types and a month calendar.', part='B')

R('pytool-diff-cover', T, 'pytest -q -p no:cacheprovider --cov=tenacity --cov-report=xml:%s/cov.xml tests/test_utils.py >/dev/null; diff-cover %s/cov.xml --compare-branch=v9.2.1' % (S, S), '$ diff-cover --version', 'diff-cover: coverage of lines changed since the tag.', part='B', env={'PYTHONPATH': '.'})
R('pytool-xdoctest-list', T, 'python -m xdoctest tenacity list', '$ python -m xdoctest --version', 'xdoctest: list the doctests of the package.', part='B', toolname='xdoctest', env={'PYTHONPATH': '.'})
R('pytool-xdoctest-run', T, 'python -m xdoctest tenacity all', '$ python -m xdoctest --version', 'xdoctest: run them.', part='B', toolname='xdoctest', env={'PYTHONPATH': '.'}, nd='timings')
R('pytool-mccabe', T, 'python -m mccabe --min 6 tenacity/__init__.py', '$ pip show mccabe | sed -n 2p', 'McCabe complexity above 5.', part='B', toolname='mccabe')
R('pytool-typeguard-run', 'py/units', 'python -c "from typeguard import install_import_hook; install_import_hook(\'units\'); import units; print(units.label(\'km\'))"', '$ pip show typeguard | sed -n 2p', 'typeguard import hook: return type violation at runtime.', part='B', toolname='typeguard')

LV = '$ llvm-as --version | sed -n 2p'; LL = 'b/llvm'
R('llvm-as-bad', LL, 'llvm-as bad.ll -o %s/bad.bc' % S, 'llvm-as (Debian LLVM version 14.0.6)', 'Invalid IR (undefined %c, ret type mismatch): the first error reported with caret, exit 1.', part='B')
R('llvm-dis-bc', LL, 'llvm-dis ring.bc -o - | head -40', 'llvm-dis (Debian LLVM version 14.0.6)', 'Disassemble bitcode, head.', part='B')
R('llvm-bcanalyzer-dump', LL, 'llvm-bcanalyzer -dump ring.bc', 'llvm-bcanalyzer (Debian LLVM version 14.0.6)', 'Bitcode dump (>500 lines).', part='B')
R('llvm-bcanalyzer-stats', LL, 'llvm-bcanalyzer ring.bc', 'llvm-bcanalyzer (Debian LLVM version 14.0.6)', 'Bitcode statistics.', part='B')
R('llvm-readelf-S', LL, 'llvm-readelf -S ring.o', 'llvm-readelf (Debian LLVM version 14.0.6)', 'Section headers.', part='B')
R('llvm-readelf-s-r', LL, 'llvm-readelf -s -r ring.o', 'llvm-readelf (Debian LLVM version 14.0.6)', 'Symbols and relocations.', part='B')
R('llvm-obj2yaml', LL, 'obj2yaml ring.o', 'obj2yaml (Debian LLVM version 14.0.6)', 'Object file as YAML.', part='B')
R('llvm-llc-asm', LL, 'llc -O2 ring.ll -o - | grep -v "^\\s*\\.\\(cfi\\|p2align\\)" | head -50', 'llc (Debian LLVM version 14.0.6)', 'Assembly from IR, directives dropped, head.', part='B')
R('llvm-opt-domtree', LL, 'opt -passes="print<domtree>" -disable-output ring.ll', 'opt (Debian LLVM version 14.0.6)', 'Dominator trees printed by an analysis pass.', part='B')
R('llvm-mc-disasm', LL, 'echo "0x55 0x48 0x89 0xe5 0x31 0xc0 0x5d 0xc3" | llvm-mc --disassemble -triple=x86_64', 'llvm-mc (Debian LLVM version 14.0.6)', 'Disassemble raw bytes.', part='B')
R('llvm-clang-check', 'c/ringbad', 'clang-check-14 ring.c main.c -- -Wall', 'clang-check-14 (Debian LLVM version 14.0.6)', 'clang-check errors and warnings.', part='B')
R('llvm-size-A', LL, 'llvm-size -A ring.o', 'llvm-size (Debian LLVM version 14.0.6)', 'SysV size format.', part='B')

HX = 'html-xml-utils 7.7 (hxnormalize version 7.7)'; HD = 'b/html'
R('hx-normalize', HD, 'hxnormalize -x -l 80 index.html', HX, 'html-xml-utils: normalized XHTML.', part='B')
R('hx-select-links', HD, 'hxnormalize -x index.html | hxselect -s "\\n" "a"', HX, 'CSS selection of links.', part='B')
R('hx-wls', HD, 'hxwls index.html', HX, 'Every link and resource.', part='B')
R('hx-count', HD, 'hxcount index.html', HX, 'Element counts.', part='B')
R('hx-pipe-td', HD, 'hxnormalize -x index.html | hxpipe | grep -c "^(td"', HX, 'Tree as a pipe stream, counting cells.', part='B')
R('hx-select-bad', HD, 'hxselect "table[" < index.html', HX, 'Bad selector: error.', part='B')

R('diff-icdiff', T, 'icdiff --cols=140 --no-bold -U 1 %s/py/tenacity-9.2.1/tenacity/stop.py tenacity/stop.py; echo rc=$?' % S, '$ icdiff --version', 'Side-by-side diff.', part='B')
R('diff-git-icdiff', T, 'git icdiff --cols=120 tenacity/wait.py', '$ icdiff --version', 'git icdiff given an icdiff option on the command line: git difftool rejects it and prints its usage; exit 0 because the pager (cat) ends the pipeline.', part='B')
R('diff-git-icdiff-config', T, 'git -c icdiff.options="--cols=120 --no-bold" icdiff tenacity/wait.py', '$ icdiff --version', 'git icdiff with the options given through git config: side-by-side diff.', part='B')
R('diff-dulwich-log', T, 'dulwich log | head -30', '$ dpkg-query -W -f=\'dulwich ${Version}\' python3-dulwich', 'dulwich (pure-Python git) log.', part='B', toolname='dulwich')
R('diff-dulwich-status', T, 'dulwich status', '$ dpkg-query -W -f=\'dulwich ${Version}\' python3-dulwich', 'dulwich status.', part='B', toolname='dulwich')
R('diff-ack-type', T, 'ack --python -c "retry_if"', '$ ack --version | head -1', 'ack counts in Python files (zero-count files too).', part='B')
R('src-highlight-esc', 'c/ring', 'source-highlight -f esc -i ring.c -o STDOUT | head -10 | cat -v | head -10', '$ source-highlight --version | head -1', 'ANSI-highlighted source (escapes shown by cat -v).', part='B')
R('ocaml-prof', 'b/ocaml', 'ocamlcp -P f -o fib.byte fib.ml && ./fib.byte && ocamlprof fib.ml', '$ ocamlprof -version', 'ocamlcp instrumented run, ocamlprof annotated source.', part='B', reset='rm -f fib.byte fib.cm* ocamlprof.dump')
R('haskell-runghc-err', 'b/hs', 'runghc Bad.hs', '$ runghc --version', 'runghc of a module with a type error.', part='B')
R('neko-nekoc', 'b/neko', 'nekoc hello.neko && neko hello.n && nekoc bad.neko', '$ neko 2>&1 | head -1', 'NekoVM: compile, then the run fails with an uncaught "Invalid call" exception (the recursive closure does not see itself), exit 1; the syntax-error step is never reached.', part='B', toolname='neko', reset='rm -f *.n')

# more new ground: encoding detection, moreutils, perl diagnostics, Debian lintian tag docs, csvkit modes not recorded before, highlight
R('enc-enca-files', 'b/enc', 'enca -L none *.txt', '$ enca --version | head -1', 'enca: encodings of UTF-8, Latin-1, UTF-16 and ASCII files.', part='B')
R('enc-uchardet', 'b/enc', 'for f in *.txt; do printf "%s: " $f; uchardet $f; done', 'uchardet (Debian 0.0.7)', 'uchardet per file.', part='B')
R('enc-isutf8', 'b/enc', 'isutf8 *.txt', 'moreutils isutf8 (Debian 0.67)', 'Invalid UTF-8 files with byte offsets, exit 1.', part='B')
R('mu-chronic-fail', 'py/units', 'chronic pytest -q -p no:cacheprovider', 'moreutils chronic (Debian 0.67)', 'chronic prints the output only because pytest failed.', part='B', nd='the run time')
R('mu-chronic-ok', 'py/units', 'chronic python3 -c "print(1)"; echo rc=$?', 'moreutils chronic (Debian 0.67)', 'chronic silences a success.', part='B')
R('mu-ifne-grep', 'py/units', 'grep CRITICAL app.log | ifne -n echo "no critical lines"', 'moreutils ifne (Debian 0.67)', 'ifne -n runs only on empty input.', part='B')
R('perl-splain', 'b/enc', 'perl -we \'my @a = (1); my $x = $a[0] + "abc"; print undef . "x\\n"; my %h = (1);\' 2>&1 | splain', '$ perl -e \'print "perl $^V"\'', 'perl warnings explained by splain (perldiag text).', part='B', toolname='splain')
R('perl-pod2usage', 'b/enc', 'pod2usage -verbose 1 tool.pl', '$ perl -e \'print "perl $^V"\'', 'Usage section rendered from POD.', part='B', toolname='pod2usage')
R('deb-lintian-explain', '.', 'lintian-explain-tags binary-without-manpage no-copyright-file', '$ lintian --version', 'Tag documentation text.', part='B')
R('csv-csvjoin', 'b/csv', 'csvjoin -c sku orders.csv items.csv | csvlook | head -15', '$ csvjoin --version', 'Join two CSVs on a column, table head.', part='B')
R('csv-csvstack-clean', 'b/csv', 'csvstack orders.csv more_orders.csv | csvclean -n; csvclean -n bad.csv', '$ csvclean --version', 'Stack two files; csvclean dry run on a file with ragged rows.', part='B')
R('csv-in2csv-json', 'b/csv', 'in2csv -f json items.json | csvformat -D ";"', '$ in2csv --version', 'JSON to CSV, reformatted with a semicolon.', part='B')
R('hl-highlight-ansi', 'rs/tally', 'highlight -O ansi --line-numbers src/lib.rs | head -12 | cat -v', '$ highlight --version | sed -n 2p', 'highlight with line numbers, escapes shown.', part='B')
R('msg-msggrep', 'b/enc', 'msggrep -K -e "file" de.po', '$ msggrep --version | head -1', 'gettext msggrep of a catalog by msgid.', part='B')

# what changed between the two runs, written after comparing them (rec.py --renote applies it)
ND = {
 'grep-rg-count': 'ripgrep searches in parallel: the order of the per-file lines changes',
 'grep-rg-type-files': 'ripgrep searches in parallel: which ten files head keeps changes',
 'pystd-cprofile-tottime': 'timings, and with them the order of the rows',
 'pystd-tokenize-e': 'the second run also printed "error: [Errno 32] Broken pipe" when head closed the pipe',
 'pystd-timeit': 'timings',
 'test-cargo-tally': 'the first run compiled the test target (a "Compiling" line and its time), the second did not; the order of the parallel test lines',
 'test-cargo-tally-lib': 'the order of parallel test lines and panic messages (with thread ids) printed by --nocapture',
 'test-cargo-tally-filter': 'thread ids and times', 'test-cargo-tally-ignored': 'times',
 'build-cargo-tally': 'compile time', 'lint-clippy-tally': 'compile time',
 'test-go-shortid': 'the data race in Counter.Next: the second run crashed with "fatal error: concurrent map writes" and goroutine dumps instead of the plain FAIL line',
 'test-go-shortid-race': 'addresses, goroutine ids and timings', 'test-go-shortid-run': 'timings',
 'test-pytest-ten': 'object addresses, random wait values in the assertion messages and the run time',
 'test-pytest-ten-async': 'object addresses, measured sleep values and the run time',
 'test-pytest-ten-tb-short': 'random wait values in the assertion messages and the run time',
 'test-pytest-ten-tb-no-tail': 'object addresses and the run time',
 'git-revert-dirty': 'commit hash of the revert commit',
 'build-esbuild-bundle': 'build time', 'build-esbuild-analyze': 'build time',
 'pkg-npm-ci-invq': 'install time and audit timing',
 'mu-chronic-fail': 'the run time', 'raku-prove-tests': 'the timing line', 'pytool-xdoctest-run': 'timings',
}
for _sp in SPECS:
    if _sp['name'] in ND: _sp['nd'] = ND[_sp['name']]

# ---- added after the first pass, to bring the share of failing runs up (about a third asked) ----
def RA(*a, **kw): R(*a, **kw); _sp = SPECS[-1]; _sp['nd'] = ND.get(_sp['name'], _sp.get('nd')) if _sp.get('nd') or _sp['name'] in ND else None; _sp.pop('nd') if _sp.get('nd') is None else None
RA('git-push-no-remote', T, 'git push', G, 'No remote configured: fatal, exit 128.')
RA('git-pull-no-remote', T, 'git pull --rebase', G, 'With unstaged and staged changes git refuses to pull with rebase (before it would look for a remote), exit 128.')
RA('git-commit-nothing-added', J, 'git commit -m "init"', G, 'Fresh repo with only untracked files: nothing added to commit, exit 1.')
RA('read-cat-missing', T, 'cat tenacity/retrying.py tenacity/_utils.py | head -20', '$ cat --version', 'One missing file then a real one: the error line and the content; the pipeline exit is head\'s.')
RA('read-cat-missing-only', T, 'cat tenacity/retrying.py', '$ cat --version', 'Missing file: exit 1.')
RA('read-jq-bad-filter', J, 'jq ".packages[" package-lock.json', '$ jq --version', 'jq compile error, exit 3.')
RA('ls-missing-dirs', J, 'ls -la dist build', '$ ls --version', 'One existing and one missing dir: exit 2.', reset='mkdir -p dist && touch dist/.keep', nd='mtimes')
RA('pkg-npm-run-missing', J, 'npm run start', '$ npm --version', 'Missing script: error, exit 1.', nd='the debug log file name (a timestamp)')
RA('test-vitest-bail', J, 'npx vitest run --bail 1 --reporter=dot', '$ npx vitest --version', 'Stop after the first failure, dot reporter.', nd='start time and durations')
RA('build-cargo-check-broken', 'rs/broken', 'cargo check 2>&1 | grep -E "^(error|warning)" | sort | uniq -c', CT, 'Error headlines counted, rc of the pipeline is uniq\'s.', env=RN)
RA('build-cargo-check-broken-tail', 'rs/broken', 'cargo check --message-format=short', CT, 'cargo check, short messages, exit 101.', env=RN)
RA('lint-mypy-units-strict', 'py/units', 'mypy --strict units.py test_units.py', MY, 'Strict mode over my module and its tests.')
RA('build-tsc-b-verbose', J, 'npx tsc -b --verbose', TS, 'Build mode, verbose: project out of date, errors, exit 1.', nd='the clock times on each line; the first run found no dist/tsconfig.tsbuildinfo, the second found the one the first wrote ("indicates that program needs to report errors")')
RA('ledger-bad-period', LD, 'ledger -f main.ledger reg --begin 2026/13/01 Rent', LG, 'Invalid date in --begin: error, exit 1.', part='B')
RA('ledger-bad-expr', LD, 'ledger -f main.ledger bal --limit "amount >>> 5"', LG, 'Bad value expression: parse error.', part='B')
RA('cvs-commit-uptodate-fail', 'b', 'cvs -q co -d w1 ring >/dev/null && cvs -q co -d w2 ring >/dev/null && sed -i "s/sum=%d/total=%d/" w1/main.c && (cd w1 && cvs -q commit -m "rename label" main.c) && sed -i "s/full at/ring full at/" w2/main.c && cd w2 && cvs -q commit -m "reword" main.c', CV, 'Two checkouts; the second commit of main.c fails the up-to-date check, exit 1.', part='B', toolname='cvs', reset='rm -rf w1 w2 cvsroot && cp -a cvsroot.bak cvsroot', post='rm -rf w1 w2 cvsroot && cp -a cvsroot.bak cvsroot')
RA('cvs-update-merge-conflict', 'b', 'cvs -q co -d w1 ring >/dev/null && cvs -q co -d w2 ring >/dev/null && sed -i "s/sum=%d/total=%d/" w1/main.c && (cd w1 && cvs -q commit -m "rename label" main.c) && sed -i "s/sum=%d/SUM=%d/" w2/main.c && cd w2 && cvs -q update; cvs -q status main.c | head -4; grep -n -A4 "^<<<<<<<" main.c', CV, 'Update merges a conflicting change: rcsmerge warning, C status, conflict markers.', part='B', toolname='cvs', reset='rm -rf w1 w2 cvsroot && cp -a cvsroot.bak cvsroot', post='rm -rf w1 w2 cvsroot && cp -a cvsroot.bak cvsroot')
RA('brz-merge-no-parent', BR, 'brz merge', BZ, 'brz merge with uncommitted changes: refuses before looking for a parent branch, exit 3.', part='B', env=BE)
RA('brz-add-missing', BR, 'brz add nosuch.sh', BZ, 'Adding a missing file: error.', part='B', env=BE)
RA('gitlfs-pull-no-remote', LF, 'git lfs pull', GL, 'No remote: git lfs pull prints nothing and exits 0.', part='B')
RA('raku-run-die', RD, 'raku -e \'my @a = 1, 2; say @a[5] // "none"; my %h = a => 1; say %h<b>.elems; die "boom at {now.Int > 0}";\'', RK, 'A script that dies: message and backtrace line on stderr, exit 1; stdout is block-buffered into the pipe, so the "1" printed before the die comes out last.', part='B')
RA('llvm-readelf-not-object', LL, 'llvm-readelf -h ring.c', 'llvm-readelf (Debian LLVM version 14.0.6)', 'Not an object file: error, exit 1.', part='B')
RA('llvm-llc-bad', LL, 'llc bad.ll -o %s/bad.s' % S, 'llc (Debian LLVM version 14.0.6)', 'llc on invalid IR: error, exit 1.', part='B')
RA('csv-csvjoin-bad-col', 'b/csv', 'csvjoin -c nosuch orders.csv items.csv', '$ csvjoin --version', 'Unknown join column: error, exit 1.', part='B')
RA('pystd-zipfile-test-bad', PS, 'printf "not a zip" > %s/bad.zip && python3 -m zipfile -t %s/bad.zip' % (S, S), PY, 'zipfile -t on a non-zip: traceback, exit 1.', part='B')
RA('haskell-ghc-pkg-missing', 'b/hs', 'ghc-pkg describe nosuch-pkg', '$ ghc-pkg --version', 'Unknown package: error, exit 1.', part='B')
