# r37 run list: name, dir (under scratch), cmd, tool ('$ cmd' = first line of that command's output), notes, opts
# part='A' (an agent's ordinary day) or 'B' (new ground); stored in notes as "[A]"/"[B]".
SPECS = []
def R(name, dir, cmd, tool, notes, part='A', **kw):
    d = dict(name=name, dir=dir, cmd=cmd, tool=tool, notes='[%s] %s' % (part, notes)); d.update(kw); SPECS.append(d)
S = '/work/corpus-min37-scratch'

# ================= PART A =================
G = '$ git --version'; D = 'py/dd'
R('git-status-dd', D, 'git status', G, 'deepdiff 9.1.0 (PyPI sdist) given a 7-commit history (tag v9.1.0, CHANGELOG moved to docs/history, binary PNG added, merged feature branch by a second author, CITATION.cff deleted, dependency bump); worktree: two injected bugs in deepdiff/helper.py, staged ruff.toml, untracked file and directory.')
R('git-status-s-dd', D, 'git status -s', G, 'Short status.')
R('git-status-uno-dd', D, 'git status -uno --ahead-behind', G, 'Status without untracked files.')
R('git-diff-dd', D, 'git diff', G, 'Unstaged diff: the two injected bugs.')
R('git-diff-cached-dd', D, 'git diff --cached', G, 'Staged new ruff.toml.')
R('git-diff-U10-helper', D, 'git diff -U10 deepdiff/helper.py', G, 'Ten lines of context around each hunk.')
R('git-diff-stat-tag-dd', D, 'git diff --stat v9.1.0', G, 'Stat against the tag, worktree included: rename, binary, deletion, new files.')
R('git-diff-M-tag-dd', D, 'git diff -M v9.1.0 HEAD -- CHANGELOG.md docs CITATION.cff', G, 'Rename (100% similarity), a binary file and a deleted file.')
R('git-diff-numstat-dd', D, 'git diff --numstat v9.1.0 HEAD', G, 'Numstat: binary file shows as "-\t-".')
R('git-diff-dirstat-dd', D, 'git diff --dirstat=files,0 v9.1.0 HEAD', G, 'Dirstat by files.')
R('git-diff-name-only-HEAD', D, 'git diff --name-only HEAD', G, 'Names changed against HEAD (staged and unstaged).')
R('git-log-oneline-20-dd', D, 'git log --oneline -20', G, 'One line per commit with decorations.')
R('git-log-graph-all-dd', D, 'git log --graph --all --oneline --decorate', G, 'Graph with merge, tag and branches.')
R('git-log-stat-4-dd', D, 'git log --stat -4', G, 'Stats of the last four commits (merge, deletion, dependency bump).')
R('git-log-p-3-path-dd', D, 'git log -p -3 -- deepdiff', G, 'Patches touching the package.')
R('git-log-fuller-2', D, 'git log --pretty=fuller -2', G, 'Author and committer dates.')
R('git-log-S-pickaxe', D, 'git log -S cache_stats --oneline --all', G, 'Pickaxe search.')
R('git-log-follow-changelog', D, 'git log --follow --stat --oneline -- docs/history/CHANGELOG.md', G, 'Follow across the rename.')
R('git-log-diff-filter-D', D, 'git log --diff-filter=D --name-status --format="%h %s"', G, 'Commits that deleted files.')
R('git-log-author-format', D, 'git log --author="Tomasz" --format="%h %an <%ae> %ad %s" --date=iso', G, 'Second author, ISO dates.')
R('git-show-head-dd', D, 'git show HEAD', G, 'Last commit: a one-line dependency bump.')
R('git-show-merge-dd', D, 'git show HEAD~2', G, 'Merge commit (no combined diff: clean merge).')
R('git-show-binary-dd', D, 'git show HEAD~3', G, 'Commit adding a binary PNG.')
R('git-show-root-stat-tail', D, 'git show --stat v9.1.0 | tail -25', G, 'Root commit stat, tail.')
R('git-show-root-diffpy', D, 'git show v9.1.0 -- deepdiff/diff.py', G, 'Large patch: deepdiff/diff.py as added in the root commit (>2,000 lines).')
R('git-show-root-full-dd', D, 'git show v9.1.0', G, 'The whole root commit (tens of thousands of lines).')
R('git-show-file-at-tag', D, 'git show v9.1.0:deepdiff/lfucache.py | head -30', G, 'A file at the tag, head.')
R('git-blame-L-helper', D, 'git blame -L 505,520 deepdiff/helper.py', G, 'Blame with an uncommitted line.')
R('git-blame-fn-lfu', D, "git blame -L '/^def cache_stats/,+4' deepdiff/lfucache.py", G, 'Blame a function found by regex (second author).')
R('git-grep-many-dd', D, 'git grep -n "significant_digits" -- deepdiff tests', G, 'Many matches (hundreds of lines).')
R('git-grep-count-dd', D, 'git grep -c "def test_" -- tests', G, 'Per-file test counts.')
R('git-grep-l-wc', D, 'git grep -l "import numpy\\|np\\." | wc -l', G, 'Files mentioning numpy, counted.')
R('git-branch-vv-dd', D, 'git branch -vv --all', G, 'Branches with last commit.')
R('git-stash-roundtrip-dd', D, 'git stash push -q -m "wip helper" deepdiff/helper.py && git stash list && git stash show -p stash@{0} | head -20; git stash pop -q && git status -s', G, 'Stash one file, show patch head, pop.')
R('git-switch-missing', D, 'git switch release/10.0', G, 'Unknown branch: error, exit 128.')
R('git-commit-untracked-path', D, 'git commit -m "add notes" -- NOTES.txt', G, 'Commit an untracked path: pathspec error.')
R('git-merge-conflict-dd', 'py', 'cd ddc && git checkout -q -b hotfix HEAD~1 && sed -i "s/^    item = repr(item)/    item = str(item)/" deepdiff/helper.py && git commit -qam "helper: use str() in short_repr" && git checkout -q main && sed -i "s/^    item = repr(item)/    item = ascii(item)/" deepdiff/helper.py && git commit -qam "helper: ascii() in short_repr" && git merge hotfix; git diff | head -20', G, 'Content conflict in helper.py on merge, then the conflicted diff head.', reset='rm -rf ddc && git clone -q dd ddc', post='rm -rf ddc', nd='commit hashes')
R('git-cherry-pick-dd', 'py', 'cd ddc && git checkout -q -b backport v9.1.0 && git cherry-pick feature/cache-stats~0 && git log --oneline -3', G, 'Cherry-pick the feature commit onto the tag.', reset='rm -rf ddc && git clone -q dd ddc && git -C ddc branch -q feature/cache-stats origin/feature/cache-stats', post='rm -rf ddc', nd='commit hashes and dates of the new commit')
R('git-restore-staged-dd', D, 'git restore --staged ruff.toml && git status -s; git add ruff.toml', G, 'Unstage, show, re-stage.')
R('git-rev-list-describe', D, 'git rev-list --count HEAD && git describe --tags --dirty --long', G, 'Commit count and describe.')
R('git-shortlog-sne', D, 'git shortlog -sne --all', G, 'Authors with emails.')
R('git-ls-files-stage-head', D, 'git ls-files -s | head -15', G, 'Index entries, head.')
R('git-cat-file-tree', D, 'git cat-file -p HEAD^{tree}', G, 'Top-level tree object.')
R('git-clean-n-dd', D, 'git clean -nd', G, 'Dry-run clean.')

PT = '$ pytest --version'; PE = {'PYTHONPATH': '.'}
R('test-pytest-dd', D, 'pytest -q -p no:cacheprovider tests', PT, 'deepdiff suite with two injected bugs (number_to_string rounding, short_repr truncation); polars and pytest-benchmark are not installed (one failure, one fixture error).', env=PE, nd='the run time')
R('test-pytest-dd-x', D, 'pytest -x -p no:cacheprovider tests/test_helper.py', PT, 'Stop at first failure.', env=PE, nd='the run time')
R('test-pytest-dd-k-v', D, 'pytest -v -p no:cacheprovider -k "significant_digits or number_to_string" tests/test_helper.py', PT, 'Verbose, -k over parametrized tests (hundreds of ids).', env=PE, nd='the run time')
R('test-pytest-dd-tb-line', D, 'pytest -q --tb=line -p no:cacheprovider tests', PT, 'One line per failure.', env=PE, nd='the run time')
R('test-pytest-dd-rfE', D, 'pytest -q -rfE --tb=short -p no:cacheprovider tests/test_hash.py tests/test_lfucache.py', PT, 'Short tracebacks, failure and error summary (missing polars, an erroring fixture).', env=PE, nd='the run time')
R('test-pytest-dd-count', D, 'pytest -q -p no:cacheprovider tests 2>&1 | grep -c "^FAILED"', PT, 'Count of FAILED lines.', env=PE)
R('test-pytest-dd-tail', D, 'pytest -q --tb=no -p no:cacheprovider tests 2>&1 | tail -15', PT, 'Failure list without tracebacks, tail.', env=PE, nd='the run time')
R('test-pytest-dd-xdist', D, 'pytest -q -n 2 -p no:cacheprovider tests', PT, 'pytest-xdist on two workers.', env=PE, nd='the run time and worker order')
R('test-pytest-dd-durations', D, 'pytest -q --durations=8 -p no:cacheprovider tests/test_delta.py', PT, 'Slowest durations (passing module).', env=PE, nd='durations')
R('test-pytest-dd-collect', D, 'pytest --collect-only -q -p no:cacheprovider tests | tail -8', PT, 'Collection summary, tail.', env=PE, nd='the run time')
R('test-pytest-dd-pass', D, 'pytest -p no:cacheprovider tests/test_cache_stats.py tests/test_search.py', PT, 'Default verbosity: the merged feature\'s two tests fail (LFUCache is DistanceCache there, without .capacity); test_search passes.', env=PE, nd='the run time')
R('test-pytest-dd-cov', D, 'pytest -q -p no:cacheprovider --cov=deepdiff --cov-report=term-missing tests/test_helper.py tests/test_diff_text.py', PT, 'Coverage table with missing lines (pytest-cov), failing tests included.', env=PE, nd='the run time')
R('test-pytest-n2w', 'py/n2w', 'pytest -q -p no:cacheprovider tests', PT, 'num2words 0.5.14 (PyPI sdist) run by pytest: tests/test_cli.py imports delegator (not installed), collection error, exit 2.', env=PE, nd='the run time')
R('test-pytest-n2w-v-head', 'py/n2w', 'pytest -v -p no:cacheprovider tests/test_fr.py tests/test_de.py | head -40', PT, 'Verbose, head.', env=PE)
R('test-unittest-n2w', 'py/n2w', 'python -m unittest tests.test_en tests.test_cli -v 2>&1 | tail -25', '$ python --version', 'unittest runner, verbose, tail.', nd='the run time')
VT = '$ vitest --version'; LJ = 'js/ledgerly'
R('test-vitest-ledgerly', LJ, 'vitest run', VT, 'ledgerly (written for this round): 14 tests, one inline snapshot off by a padding space.', nd='start time and durations')
R('test-vitest-verbose', LJ, 'vitest run --reporter=verbose', VT, 'Verbose reporter.', nd='start time and durations')
R('test-vitest-t-filter', LJ, 'vitest run -t "formats"', VT, 'Name filter over it.each cases.', nd='start time and durations')
R('test-npm-test-tail', LJ, 'npm test 2>&1 | tail -30', '$ npm --version', 'npm script, tail.', toolname='npm', nd='start time and durations')
R('test-vitest-json-jq', LJ, 'vitest run --reporter=json 2>/dev/null | jq "{numTotalTests, numFailedTests, failed: [.testResults[].assertionResults[] | select(.status==\\"failed\\") | .fullName]}"', VT, 'JSON reporter summarised with jq.')
GT = '$ go version'; GO = 'go/ratelim'
R('test-go-ratelim', GO, 'go test ./...', GT, 'ratelim (written for this round): one table case with a wrong expectation.', nd='timings')
R('test-go-v-window', GO, 'go test -v ./window', GT, 'Verbose with subtests.', nd='timings')
R('test-go-run-sub', GO, 'go test -run "TestCount/edge" -v ./window', GT, 'Run one subtest.', nd='timings')
R('test-go-race-bucket', GO, 'go test -race -count=1 ./bucket', GT, 'Race detector finds the unguarded counter.', nd='goroutine ids, addresses and timings', timeout=300)
R('test-go-cover', GO, 'go test -cover -count=1 ./...', GT, 'Coverage percentages.', nd='timings')
R('test-go-json-tail', GO, 'go test -json -count=1 ./window | tail -6', GT, 'test2json events, tail.', nd='timestamps and elapsed')
CT = '$ cargo --version'; RS = 'rs/globset'
R('test-cargo-globset', RS, 'cargo test', CT, 'globset 0.4.22 (crates.io) with two injected regex bugs: 5 of 351 unit tests fail, with RUST_BACKTRACE=1 from the machine env.', nd='timings')
R('test-cargo-filter', RS, 'cargo test re_slash', CT, 'Filtered by name.', nd='timings')
R('test-cargo-q-tail', RS, 'cargo test -q 2>&1 | tail -20', CT, 'Quiet, tail.', nd='timings')
R('test-cargo-doc', RS, 'cargo test --doc', CT, 'Doc tests only.', nd='timings')
R('test-cargo-no-fail-fast-grep', RS, 'cargo test --no-fail-fast 2>&1 | grep -E "^test .*FAILED|^test result"', CT, 'Failed test lines and result.')
RT = '$ rspec --version'; RB = 'rb/tally'
R('test-rspec-tally', RB, 'rspec', RT, 'tally (written for this round): passing suite.', nd='timings')
R('test-rspec-doc', RB, 'rspec --format documentation', RT, 'Documentation format.', nd='timings')
R('test-rspec-bug', 'rb', 'cd tally2 && rspec', RT, 'Same suite with top() sorting reversed: failures with diffs.', reset='rm -rf tally2 && cp -a tally tally2 && sed -i "s/\\[-c, w\\]/[c, w]/; s/gsub(\\/\\[^a-z\'\\]\\/, \'\')/gsub(\\/[^a-z]\\/, \'\')/" tally2/lib/tally/counter.rb', post='rm -rf tally2', nd='timings and random seed')
R('test-rspec-example', 'rb', "cd tally2 && rspec spec/counter_spec.rb -e 'keeps apostrophes'", RT, 'Single example by name.', reset='rm -rf tally2 && cp -a tally tally2 && sed -i "s/\\[-c, w\\]/[c, w]/; s/gsub(\\/\\[^a-z\'\\]\\/, \'\')/gsub(\\/[^a-z]\\/, \'\')/" tally2/lib/tally/counter.rb', post='rm -rf tally2', nd='timings')
PU = '$ phpunit --version'; PH = 'php/slugger'
R('test-phpunit-slugger', PH, 'phpunit tests', PU, 'slugger (written for this round): a data-provider case fails on a multibyte character.', nd='time and memory')
R('test-phpunit-testdox', PH, 'phpunit --testdox tests', PU, 'Testdox output.', nd='time and memory')
R('test-phpunit-filter', PH, 'phpunit --filter "testSlug.*umlauts|testUnique" tests', PU, 'Filter by name.', nd='time and memory')

MT = '$ mypy --version'; RF = '$ ruff --version'
R('lint-mypy-dd', D, 'mypy deepdiff', MT, 'mypy with the sdist mypy.ini.', timeout=300)
R('lint-mypy-n2w', 'py/n2w', 'mypy num2words', MT, 'num2words: untyped package.', timeout=300)
R('lint-mypy-strict-helper', D, 'mypy --strict deepdiff/helper.py 2>&1 | tail -25', MT, 'Strict mode on one module, tail.', timeout=300)
R('lint-mypy-n2w-count', 'py/n2w', 'mypy --check-untyped-defs num2words | cut -d: -f1 | sort | uniq -c | sort -rn | head', MT, 'Errors per file, counted.', timeout=300)
R('lint-ruff-n2w', 'py/n2w', 'ruff check num2words tests', RF, 'Default rules of ruff 0.17 (no config in the sdist): 1,947 findings in full diagnostic format (>36,000 lines).')
R('lint-ruff-n2w-select', 'py/n2w', 'ruff check --select E,W,F,B,UP,SIM --output-format concise num2words', RF, 'Wider rule set, concise (hundreds of lines).')
R('lint-ruff-stats', 'py/n2w', 'ruff check --select ALL --statistics num2words', RF, 'Statistics over all rules.')
R('lint-ruff-format-check', D, 'ruff format --check deepdiff tests | tail -12', RF, 'Format check: the staged ruff.toml uses a [tool.ruff] table, which a ruff.toml must not have, so ruff fails to load its configuration (the exit 0 is tail\'s).')
R('lint-pyright-helper', D, 'pyright deepdiff/helper.py deepdiff/lfucache.py', '$ pyright --version', 'pyright on two modules.', timeout=300)
TS = '$ tsc --version'
R('lint-tsc-ledgerly', LJ, 'tsc --noEmit', TS, 'Type errors in src/importer.ts.')
R('lint-tsc-npm-typecheck', LJ, 'npm run typecheck', TS, 'Same through an npm script (exit 2 from tsc, npm error lines).')
ES = '$ eslint --version'
R('lint-eslint-ledgerly', LJ, 'eslint src test', ES, 'typescript-eslint recommended plus three rules.')
R('lint-eslint-unix', LJ, 'eslint -f unix src', ES, 'Unix formatter, which ESLint 10 no longer ships: error.')
R('lint-eslint-json-jq', LJ, 'eslint -f json src test | jq -r ".[] | select(.messages|length>0) | .filePath as \\$f | .messages[] | \\"\\(\\$f|split(\\"/\\")|last):\\(.line) \\(.ruleId) \\(.severity)\\""', ES, 'JSON formatter reduced with jq.')
R('lint-clippy-globset', RS, 'cargo clippy --all-targets', '$ cargo clippy --version', 'Default lints on globset.', timeout=300)
R('lint-clippy-pedantic-count', RS, 'cargo clippy -- -W clippy::pedantic 2>&1 | grep "^warning" | sort | uniq -c | sort -rn | head -20', '$ cargo clippy --version', 'Pedantic warnings by kind.', timeout=300)
R('lint-go-vet-ok', GO, 'go vet ./...', GT, 'Clean vet: no output.')
R('lint-go-vet-errors', 'go', 'cd rl2 && go vet ./...', GT, 'vet with a Printf verb mismatch, an unkeyed copy of a lock and a self-assignment.', reset='rm -rf rl2 && cp -a ratelim rl2 && printf \'package bucket\\n\\nimport (\\n\\t"fmt"\\n\\t"sync"\\n)\\n\\ntype Guarded struct {\\n\\tmu sync.Mutex\\n\\tb  *Bucket\\n}\\n\\nfunc (g Guarded) Describe() string {\\n\\tn := g.b.Hits()\\n\\tn = n\\n\\treturn fmt.Sprintf("%%s hits, %%d tokens", n, g.b.Tokens())\\n}\\n\' > rl2/bucket/guarded.go', post='rm -rf rl2')
R('lint-gofmt-l', 'go', 'cd rl2 && gofmt -l . ; gofmt -d window/window.go | head -30', '$ go version', 'gofmt list and diff after a careless edit.', reset='rm -rf rl2 && cp -a ratelim rl2 && sed -i "s/^\\tn := 0$/  n:=0/; s/^func (c \\*Counter) String() string {/func (c *Counter) String() string{/" rl2/window/window.go', post='rm -rf rl2', toolname='gofmt')
RC = '$ rubocop --version'
R('lint-rubocop-tally', RB, 'rubocop lib spec', RC, 'rubocop 1.39 defaults on a small gem-less project.', nd='timing')
R('lint-rubocop-offenses', RB, 'rubocop --format offenses lib spec', RC, 'Offense counts by cop.')
SC = '$ shellcheck --version | sed -n 2p'
R('lint-shellcheck-ops', 'sh/ops', 'shellcheck deploy.sh backup.sh healthcheck.sh', SC, 'Three ops scripts (written for this round), one a /bin/sh script with bashisms.', toolname='shellcheck')
R('lint-shellcheck-gcc', 'sh/ops', 'shellcheck -f gcc deploy.sh', SC, 'gcc format.', toolname='shellcheck')
R('lint-shellcheck-S-warning', 'sh/ops', 'shellcheck -S warning *.sh; echo "exit=$?"', SC, 'Severity filter, exit code echoed.', toolname='shellcheck')
R('lint-php-l', PH, 'php -l src/Slugger.php && php -l tests/SluggerTest.php && printf "<?php\\nfunction f( { return 1; }\\n" > /tmp/min37-bad.php && php -l /tmp/min37-bad.php', '$ php --version', 'PHP syntax check, a broken file last.')

MK = '$ make --version'
R('build-make-histo', 'c/histo', 'make', MK, 'histo (written for this round): -std=c11 hides getopt; errors and warnings, exit 2.', reset='make clean >/dev/null', post='make clean >/dev/null')
R('build-make-gnu11', 'c/histo', 'make CFLAGS="-O2 -g -Wall -Wextra -Wshadow -Wconversion -std=gnu11"', MK, 'Same with gnu11: only -Wconversion warnings, builds.', reset='make clean >/dev/null', post='make clean >/dev/null')
R('build-make-run-chain', 'c/histo', 'make -s CFLAGS="-O2 -std=gnu11" && ./histo -b 8 data/sample.txt', MK, 'Build quietly then run.', reset='make clean >/dev/null', post='make clean >/dev/null')
R('build-make-k-j2', 'c/histo', 'make -k -j2 2>&1 | grep -E "error|Error" ', MK, 'Keep going with two jobs, errors only.', reset='make clean >/dev/null', post='make clean >/dev/null')
CM = '$ cmake --version'
R('build-cmake-ninja-histo', 'c/histo', 'cmake -S . -B build -G Ninja > /dev/null && cmake --build build', CM, 'CMake + Ninja, C11 without extensions: the getopt errors again, ninja failure summary.', reset='rm -rf build', post='rm -rf build', nd='build directory timing')
R('build-npm-run-build', LJ, 'npm run build', TS, 'tsc build with type errors.', reset='rm -rf dist', post='rm -rf dist')
R('build-esbuild-bundle', LJ, 'npm run bundle', '$ esbuild --version', 'esbuild bundles despite type errors.', reset='rm -rf dist', post='rm -rf dist', toolname='esbuild', nd='build time')
R('build-esbuild-analyze', LJ, 'esbuild src/index.ts --bundle --minify --platform=node --analyze --outfile=dist/l.min.js', '$ esbuild --version', 'Bundle analysis table.', reset='rm -rf dist', post='rm -rf dist', toolname='esbuild', nd='build time')
R('build-go-build', GO, 'go build ./... && go build -o /tmp/min37-ratelim ./cmd/ratelim && /tmp/min37-ratelim | sed "s/at ..:../at HH:MM/"', GT, 'Build and run.')
R('build-go-build-errors', 'go', 'cd rl2 && go build ./...', GT, 'Unused import and undefined method in bucket; the wrong argument count planted in cmd/ratelim is not reported because its dependency fails first.', reset='rm -rf rl2 && cp -a ratelim rl2 && sed -i "s/^\\tb.refill()$/\\tb.refil()/; s/^\\t\\"errors\\"$/\\t\\"errors\\"\\n\\t\\"strings\\"/" rl2/bucket/bucket.go && sed -i "s/bucket.New(5, 10, nil)/bucket.New(5, 10)/" rl2/cmd/ratelim/main.go', post='rm -rf rl2')
R('build-cargo-build-globset', RS, 'cargo build --release', CT, 'Release build.', nd='timings', timeout=300)
R('build-cargo-errors', 'rs', 'cd gs2 && cargo build', CT, 'Unknown method (with a suggestion) and a usize/u8 mismatch planted in glob.rs (a use-after-move planted too is not reached).', reset='rm -rf gs2 && cp -a globset gs2 && rm -rf gs2/target && python3 -c "\np=\'gs2/src/glob.rs\'; s=open(p).read()\ns=s.replace(\'re.push_str(\\"(?:/?|.*/)\\");\',\'let n: u8 = re.len(); re.push_str(\\"(?:/?|.*/)\\");\',1)\ns=s.replace(\'let mut re = String::new();\',\'let mut re = String::new(); let keep = re; re.push_cstr(&keep);\',1)\nopen(p,\'w\').write(s)"', post='rm -rf gs2', timeout=300, nd='timings')

PP = '$ pip --version'
R('pkg-pip-show-deps', D, 'pip show cachebox orderly-set pandas', PP, 'Installed package metadata.')
R('pkg-pip-check', D, 'pip check', PP, 'Dependency consistency.')
R('pkg-pip-wheel-local', D, 'pip wheel --no-deps --no-build-isolation -w ../wheels . 2>&1 | tail -5', PP, 'Build a wheel from the sdist tree.', nd='temporary directory names')
R('pkg-pip-install-noindex-fail', D, 'pip install --no-index --find-links ../wheels --target /tmp/min37-tgt deepdiff', PP, 'Install from a local wheel dir without its dependencies available: resolution error.', reset='rm -rf /tmp/min37-tgt', post='rm -rf /tmp/min37-tgt')
R('pkg-pip-install-noindex-nodeps', D, 'pip install --no-index --no-deps --find-links ../wheels --target /tmp/min37-tgt deepdiff && ls /tmp/min37-tgt', PP, 'Same with --no-deps: installs.', reset='rm -rf /tmp/min37-tgt', post='rm -rf /tmp/min37-tgt')
R('pkg-pip-freeze-grep', D, 'pip freeze | grep -iE "^(py|mypy|pandas|numpy)"', PP, 'Freeze filtered.')
NP = '$ npm --version'
R('pkg-npm-ls-depth0', 'tools/node', 'npm ls --depth=0', NP, 'Top-level packages of the tools install.', toolname='npm')
R('pkg-npm-ls-all-wc', 'tools/node', 'npm ls --all | wc -l', NP, 'Size of the full tree.', toolname='npm')
R('pkg-npm-ls-why', 'tools/node', 'npm explain picomatch | head -30', NP, 'Why a transitive package is there.', toolname='npm')
R('pkg-npm-ls-problems', LJ, 'npm ls --depth=0', NP, 'ledgerly declares no dependencies but node_modules is a symlink to the shared tools tree: every package listed as extraneous (exit 0).', toolname='npm')
R('pkg-npm-ci-nolock', LJ, 'npm ci', NP, 'npm ci without a lockfile: usage error.', toolname='npm', nd='log file name')
R('pkg-npm-install-offline-miss', 'js', 'cd offl && npm install --offline --no-audit --no-fund left-pad@1.3.0', NP, 'Offline install of a package not in the cache: ENOTCACHED.', reset='rm -rf offl && mkdir offl && echo {} > offl/package.json', post='rm -rf offl', toolname='npm', nd='log file name')
R('pkg-npm-install-offline-hit', 'js', 'cd offl && npm install --offline --no-fund picomatch@4 && npm ls', NP, 'Offline install from the cache: added, audit summary.', reset='rm -rf offl && mkdir offl && printf \'{"name": "offl", "version": "1.0.0"}\\n\' > offl/package.json', post='rm -rf offl', toolname='npm', nd='timing')
R('pkg-cargo-tree-globset', RS, 'cargo tree', CT, 'Dependency tree.')
R('pkg-cargo-tree-dup-e', RS, 'cargo tree -e normal,dev --depth 1 --prefix depth', CT, 'Flat depth listing with dev deps.')
R('pkg-cargo-fetch-offline-miss', 'rs', 'cd offl && cargo fetch --offline', CT, 'Offline fetch of a dependency that is not cached: error.', reset='rm -rf offl && cargo new -q offl && cd offl && printf \'ureq = "2.12"\\nnom = "7"\\n\' >> Cargo.toml', post='rm -rf offl')
R('pkg-cargo-metadata-jq', RS, 'cargo metadata --format-version 1 | jq -r ".packages[] | \\"\\(.name) \\(.version)\\"" | sort', CT, 'Resolved packages via jq.')
R('pkg-go-list-deps', GO, 'go list -deps ./... | wc -l && go list -m all && go list -f "{{.ImportPath}}: {{join .Imports \\", \\"}}" ./...', GT, 'Package listing.')
R('pkg-gem-list-head', RB, 'gem list | head -20', '$ gem --version', 'Installed gems.', toolname='gem')

LS = 'GNU coreutils 9.1'
R('ls-la-dd', D, 'ls -la', LS, 'Project root.', nd='mtimes')
R('ls-la-deepdiff-pkg', D, 'ls -la deepdiff', LS, 'Package directory.', nd='mtimes')
R('ls-lhS-tests-head', D, 'ls -lhS tests | head -20', LS, 'Largest test files.', nd='mtimes')
R('ls-1-node-bin-wc', 'tools/node', 'ls -1 node_modules/.bin | wc -l && ls node_modules | head -40', LS, 'Count and head of node_modules.')
R('ls-R-ledgerly', LJ, 'ls -R src test', LS, 'Recursive listing.')
FD = 'GNU findutils 4.9.0'
R('find-newer-dd', D, 'find deepdiff tests -name "*.py" -newer pyproject.toml', FD, 'Files newer than pyproject.toml (edited by the setup).')
R('find-type-d-dd', D, 'find . -type d -not -path "./.git*" | sort', FD, 'Directories.')
R('find-size-exec-wc', D, 'find tests -name "*.py" -size +20k -exec wc -l {} +', FD, 'Large test files with line counts.')
R('find-maxdepth-name', 'tools/node', 'find node_modules -maxdepth 2 -name "package.json" | wc -l; find node_modules -maxdepth 3 -name "*.d.ts" -path "*typescript*" | head', FD, 'Counts and paths in node_modules.')
R('find-empty-delete-n', '.', 'find py/dd -empty -not -path "*/.git/*" | head -20', FD, 'Empty files and dirs.')
R('find-nm-huge', 'tools/node', 'find node_modules -name "*.js" -not -path "*/test/*"', FD, 'Every JS file of the tools install (thousands of lines).')
TR = '$ tree --version'
R('tree-L2-dd', D, 'tree -L 2 -I "__pycache__"', TR, 'Project tree, two levels.')
R('tree-ledgerly', LJ, 'tree -I node_modules -a -I .git', TR, 'Small tree with hidden files.')
R('tree-dirsfirst-nm', 'tools/node/node_modules', 'tree -d -L 1 --noreport | head -60', TR, 'Directory-only tree, head.')
DU = 'GNU coreutils 9.1 du'
R('du-sh-star-dd', D, 'du -sh *', DU, 'Sizes of top-level entries.')
R('du-nm-sort-tail', 'tools/node', 'du -sh node_modules/* node_modules/@* 2>/dev/null | sort -h | tail -15', DU, 'Largest packages.')
RG = '$ rg --version'
R('rg-def-dd', D, 'rg -n "^\\s*def " deepdiff', RG, 'Every function definition (>500 lines).')
R('rg-context-helper', D, 'rg -n -C2 "significant_digits" deepdiff/helper.py', RG, 'Matches with context.')
R('rg-l-type-py', D, 'rg -l --type py "numpy|np\\."', RG, 'Files only.')
R('rg-count-sort', D, 'rg -c "assert" tests | sort -t: -k2 -n | tail -10', RG, 'Per-file assert counts, sorted.')
R('rg-no-match', D, 'rg -n "frobnicate" deepdiff', RG, 'No match: exit 1, no output.')
R('rg-json-stats', D, 'rg --stats -q "TODO|FIXME|XXX" .', RG, 'Stats only.', nd='elapsed time')
GR = '$ grep --version'
R('grep-rn-todo-dd', D, 'grep -rn "TODO\\|FIXME\\|XXX" --include=*.py .', GR, 'Markers across the tree.')
R('grep-log-errors', 'py/dd-logs', 'grep ERROR app.log | cut -d" " -f4- | sed "s/[0-9a-f]\\{8\\})/H)/; s/:[0-9]\\{5\\} /:PORT /" | sort | uniq -c | sort -rn', GR, 'Error kinds in a 6,200-line application log (written for this round), counted.')
R('grep-c-levels', 'py/dd-logs', 'for l in DEBUG INFO WARNING ERROR; do printf "%s " $l; grep -c " $l " app.log; done', GR, 'Counts per level.')
R('grep-E-slow-diffs', 'py/dd-logs', 'grep -E "slow diff: [0-9]{4} ms" app.log | tail -20', GR, 'Slow diffs, tail.')
WC = 'GNU coreutils 9.1 wc'
R('wc-l-deepdiff', D, 'wc -l deepdiff/*.py', WC, 'Line counts per module.')
R('wc-l-sort-tail', D, 'find . -name "*.py" -not -path "./.git/*" | xargs wc -l | sort -n | tail -15', WC, 'Largest Python files.')
CAT = 'GNU coreutils 9.1 cat'
R('cat-pyproject-dd', D, 'cat pyproject.toml', CAT, 'Project metadata.')
R('cat-diff-py-huge', D, 'cat deepdiff/diff.py', CAT, 'A 2,000+ line module.')
R('head-changelog-60', D, 'head -60 docs/history/CHANGELOG.md', 'GNU coreutils 9.1 head', 'Changelog head.')
R('sed-n-helper', D, 'sed -n 460,530p deepdiff/helper.py', '$ sed --version', 'A range of source lines (includes the injected bug).')
R('tail-50-log', 'py/dd-logs', 'tail -50 app.log', 'GNU coreutils 9.1 tail', 'Log tail.')
R('cat-app-log-huge', 'py/dd-logs', 'cat app.log', CAT, 'The whole 6,200-line log.')
R('head-package-lock', 'tools/node', 'head -60 package-lock.json', 'GNU coreutils 9.1 head', 'Lockfile head.')
R('grep-cargo-lock', RS, 'grep -A3 "name = \\"regex" Cargo.lock', GR, 'Lock entries for regex crates.')
R('cat-mypy-ini-tsconfig', '.', 'cat py/dd/mypy.ini js/ledgerly/tsconfig.json js/ledgerly/package.json', CAT, 'Three small config files at once.')
R('jq-lock-count', 'tools/node', 'jq ".packages | keys | length" package-lock.json && jq -r ".packages | to_entries[] | select(.value.dev != true) | .key" package-lock.json | grep -c node_modules', '$ jq --version', 'Lockfile counts.')
R('jq-lock-licenses', 'tools/node', 'jq -r ".packages[] | .license // \\"(none)\\"" package-lock.json | sort | uniq -c | sort -rn', '$ jq --version', 'License tally from the lockfile.')

# ================= PART B =================
PC = '$ protoc --version'; PD = 'b/proto'
R('proto-protoc-python', PD, 'rm -rf out && mkdir out && protoc -I. -I/usr/include --python_out=out --pyi_out=out inventory.proto && find out -type f | sort && head -25 out/inventory_pb2.pyi', PC, 'Generate Python code and stubs; list and read the stub.', part='B')
R('proto-protoc-errors', PD, 'protoc -I. -I/usr/include --cpp_out=/tmp broken.proto', PC, 'A broken proto3 file: missing import, duplicate field name and number, default/required in proto3, field 0, float map key, enum without zero.', part='B')
R('proto-decode-raw', PD, 'protoc --decode_raw < items.bin', PC, 'Decode a message without its schema.', part='B')
R('proto-decode-typed', PD, 'protoc -I. -I/usr/include --decode=inv.v1.Inventory inventory.proto < items.bin', PC, 'Decode with the schema to text format.', part='B')
R('proto-encode-xxd', PD, 'protoc -I. -I/usr/include --encode=inv.v1.Inventory inventory.proto < items.txtpb | xxd | head -12', PC, 'Encode text format, hex dump.', part='B')
R('proto-encode-bad-text', PD, 'printf "owner: 12\\nitems { sku: \\"A\\" quantity: -1 colour: 3 }\\n" | protoc -I. -I/usr/include --encode=inv.v1.Inventory inventory.proto | xxd', PC, 'Encode malformed text format: parse errors.', part='B')
R('proto-descriptor-dump', PD, 'protoc -I. -I/usr/include --include_imports --descriptor_set_out=/tmp/min37-ds.pb inventory.proto && protoc -I/usr/include --decode=google.protobuf.FileDescriptorSet google/protobuf/descriptor.proto < /tmp/min37-ds.pb', PC, 'Whole descriptor set (with timestamp.proto) decoded as text (hundreds of lines).', part='B')
R('proto-free-fields', PD, 'protoc -I. -I/usr/include --print_free_field_numbers inventory.proto', PC, 'Free field numbers per message.', part='B')
R('proto-missing-file', PD, 'protoc -I. --java_out=/tmp nosuch.proto', PC, 'Missing input file.', part='B')
FB = '$ flatc --version'; FBD = 'b/fb'
R('flatc-json-roundtrip', FBD, 'flatc --json --strict-json --raw-binary -o /tmp/min37-fbj monster.fbs -- orc.bin && cat /tmp/min37-fbj/orc.json', FB, 'Binary back to strict JSON, read back.', part='B', reset='rm -rf /tmp/min37-fbj', post='rm -rf /tmp/min37-fbj')
R('flatc-cpp-gen', FBD, 'flatc --cpp --gen-object-api -o /tmp/min37-fb monster.fbs && wc -l /tmp/min37-fb/* && grep -n "struct MonsterT" -A12 /tmp/min37-fb/monster_generated.h', FB, 'C++ object API generation, then read part of it.', part='B', reset='rm -rf /tmp/min37-fb', post='rm -rf /tmp/min37-fb')
R('flatc-errors', FBD, 'flatc --cpp -o /tmp/min37-fb broken.fbs', FB, 'Broken schema: unknown type (first error only).', part='B', post='rm -rf /tmp/min37-fb')
R('flatc-bad-json', FBD, 'printf "{ hp: \\"lots\\", name: 3, colour: Red }" > /tmp/min37-bad.json && flatc -b monster.fbs /tmp/min37-bad.json', FB, 'JSON that does not match the schema.', part='B')
R('flatc-schema-json', FBD, 'flatc --jsonschema -o /tmp/min37-fb monster.fbs && cat /tmp/min37-fb/monster.schema.json', FB, 'JSON Schema export, read back.', part='B', reset='rm -rf /tmp/min37-fb', post='rm -rf /tmp/min37-fb')
CP = '$ capnp --version'; CPD = 'b/capnp'
R('capnp-compile-ocapnp', CPD, 'capnp compile -ocapnp addressbook.capnp', CP, 'Schema echoed back with ids, offsets and sizes.', part='B')
R('capnp-eval-sample', CPD, 'capnp eval addressbook.capnp sample', CP, 'Evaluate a constant (text format).', part='B')
R('capnp-eval-json', CPD, 'capnp eval --json addressbook.capnp sample', CP, 'Asking for JSON with --json, which capnp 0.9.2 eval does not have: usage error.', part='B')
R('capnp-errors', CPD, 'capnp compile -o- broken.capnp | wc -c', CP, 'Broken schema: duplicate ordinal, skipped ordinals, unknown type; nothing on stdout (wc prints 0).', part='B')
R('capnp-eval-ojson', CPD, 'capnp eval -ojson addressbook.capnp sample', CP, 'Evaluate a constant to JSON (the right spelling).', part='B')
R('capnp-encode-decode', CPD, 'capnp eval -b addressbook.capnp sample | capnp decode addressbook.capnp AddressBook --short', CP, 'Binary round trip, short text.', part='B')
TH = '$ thrift --version'; THD = 'b/thrift'
R('thrift-gen-py', THD, 'thrift -r -out /tmp/min37-th --gen py shop.thrift && find /tmp/min37-th -type f | sort', TH, 'Python generation, file list.', part='B', reset='rm -rf /tmp/min37-th && mkdir /tmp/min37-th', post='rm -rf /tmp/min37-th')
R('thrift-errors', THD, 'thrift --gen py -out /tmp broken.thrift', TH, 'Duplicate field id (first error stops).', part='B')
R('thrift-strict', THD, 'thrift -strict -v --gen java -out /tmp/min37-th shop.thrift', TH, 'Strict and verbose: the parse/generate steps, no warnings.', part='B', reset='rm -rf /tmp/min37-th && mkdir /tmp/min37-th', post='rm -rf /tmp/min37-th')
R('thrift-gen-unknown', THD, 'thrift --gen cobol shop.thrift', TH, 'Unknown generator.', part='B')
RK = '$ racket --version'; RKD = 'b/rkt'
R('racket-raco-test-fail', RKD, 'raco test stats.rkt', RK, 'rackunit submodule with a failing case (median of empty list).', part='B', reset='rm -rf compiled')
R('racket-raco-test-quiet', RKD, 'raco test -q stats.rkt; echo "exit=$?"', RK, 'Quiet mode.', part='B', reset='rm -rf compiled')
R('racket-run-script', RKD, 'racket wordfreq.rkt', RK, 'Running a module.', part='B')
R('racket-unbound', RKD, 'racket broken.rkt', RK, 'Unbound identifier at expansion.', part='B')
R('racket-raco-make-v', RKD, 'raco make -v wordfreq.rkt && ls compiled', RK, 'Compile to .zo, verbose.', part='B', reset='rm -rf compiled', post='rm -rf compiled')
R('racket-e-error', RKD, 'racket -l racket/base -l racket/list -e "(displayln (take (range 5) 3))" -e "(car (list))"', RK, 'Inline expressions, a contract error.', part='B')
R('racket-expand', RKD, 'raco expand broken.rkt 2>&1 | head -20', RK, 'raco expand of a broken module.', part='B')
DC = '$ cover -v'
R('perl-devel-cover-run', 'b/pl', 'rm -rf cover_db && perl -MDevel::Cover=-silent,1 -Ilib t/wrapper.t && cover -report text | head -60', DC, 'Devel::Cover over a TAP test, then the text report head.', part='B', post='rm -rf cover_db', nd='run ids and timestamps')
R('perl-devel-cover-summary', 'b/pl', 'rm -rf cover_db && HARNESS_PERL_SWITCHES=-MDevel::Cover=-silent,1 prove -l t >/dev/null && cover -summary', DC, 'Coverage summary after prove.', part='B', post='rm -rf cover_db', nd='timings')
R('perl-prove-v', 'b/pl', 'prove -lv t', '$ prove --version', 'TAP verbose (an ordinary test run of the Devel::Cover project: old tool and mode, so counted in part A).', part='A', nd='timings')
A6 = '$ a68g --version'
R('algol68-run-bounds', 'b/misc', 'a68g primes.a68', A6, 'Sieve, then an index out of bounds at run time.', part='B')
R('algol68-syntax', 'b/misc', 'a68g broken.a68', A6, 'Syntax error (IF without FI).', part='B')
R('algol68-check', 'b/misc', 'a68g --check primes.a68; echo "exit=$?"', A6, 'Syntax check only.', part='B')
RX = '$ rexx -v'
R('rexx-invoice', 'b/misc', 'rexx ./invoice.rexx', RX, 'Regina REXX script ending in a bad arithmetic conversion.', part='B')
R('rexx-trace', 'b/misc', 'rexx -tr ./invoice.rexx 2>&1 | head -40', RX, 'Trace results, head.', part='B')
MX = '$ maxima --version'
R('maxima-batch', 'b/misc', 'maxima --very-quiet -b calc.mac', MX, 'Batch file: factor, solve, integrate, taylor, eigenvalues, a non-elementary integral.', part='B', timeout=120)
R('maxima-batch-string-error', 'b/misc', 'maxima --very-quiet --batch-string="a: [1,2,3]; a[5]; integrate(x^2, y, 0); 1/0;"', MX, 'Inline batch with errors.', part='B', timeout=120)
SM = '$ sml -h 2>&1 | head -1 ; echo'
R('sml-shapes', 'b/misc', 'sml shapes.sml', 'Standard ML of New Jersey v110.79', 'SML/NJ: nonexhaustive match warning then an uncaught Match.', part='B')
R('sml-type-error', 'b/misc', 'printf "fun f x = x + 1;\\nval y = f \\"a\\";\\nval z = [1, 2.0];\\n" > /tmp/min37-t.sml && sml /tmp/min37-t.sml', 'Standard ML of New Jersey v110.79', 'Type errors.', part='B')
HG = 'Hugs 98 (September 2006)'
R('hugs-type-error', 'b/misc', 'runhugs Queue.hs', HG, 'Hugs type error in application.', part='B')
R('hugs-run-fixed', 'b/misc', 'sed "/size:/d" Queue.hs > /tmp/min37-Q.hs && runhugs /tmp/min37-Q.hs', HG, 'Runs after removing the bad line.', part='B')
R('hugs-eval', 'b/misc', 'echo "take 5 (iterate (*2) 1) ++ [head []]" | hugs -98 +q 2>&1 | tail -4', HG, 'REPL via stdin, head of empty list.', part='B')
NK = 'nickle 2.91 (Debian package version; nickle has no --version)'
R('nickle-fib', 'b/misc', 'nickle fib.5c', NK, 'Nickle script with a type error at the last line.', part='B')
RA = 'Public domain Ratfor, version 1.05'
R('ratfor-smooth', 'b/misc', 'ratfor smooth.r', RA, 'Ratfor to Fortran 77.', part='B')
R('ratfor-error', 'b/misc', 'printf "      for (i = 1; i < 3; i = i + 1 {\\n x = 1\\n" | ratfor', RA, 'Unbalanced parentheses.', part='B')
PM = 'pmccabe 2.8'
R('pmccabe-histo', 'c/histo', 'pmccabe -v src/*.c', PM, 'Cyclomatic complexity per function, verbose header.', part='B')
R('pmccabe-dd-sort', 'py', 'pmccabe -T ../c/histo/src/*.c; pmccabe /usr/include/zlib.h 2>&1 | head -5', PM, 'Totals, then a header file.', part='B')
R('complexity-histo', 'c/histo', 'complexity --threshold=1 --histogram --score src/*.c', '$ complexity --version', 'GNU complexity with histogram and score.', part='B')
R('cccc-histo', 'c/histo', 'cccc --outdir=/tmp/min37-cccc src/*.c 2>&1 | tail -25', 'CCCC 3.2.0', 'CCCC metrics run (writes HTML/XML to /tmp).', part='B', post='rm -rf /tmp/min37-cccc')
VG = '$ valgrind --version'
R('valgrind-cachegrind-annotate', 'c/histo', 'make -s CFLAGS="-O2 -g -std=gnu11" >/dev/null && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/tmp/min37-cg.out ./histo -b 6 data/sample.txt && cg_annotate /tmp/min37-cg.out | head -60', VG, 'Cachegrind with cache simulation, then cg_annotate head.', part='B', reset='make clean >/dev/null', post='make clean >/dev/null; rm -f /tmp/min37-cg.out', nd='pids')
R('valgrind-memcheck-leak', 'c/histo', 'make -s CFLAGS="-O0 -g -std=gnu11" >/dev/null && valgrind --leak-check=full ./histo -b 4 nosuch.txt; valgrind -q --leak-check=full ./histo -b 0 data/sample.txt', VG, 'Memcheck on two error paths (the -b 0 path leaks the parsed array).', part='B', reset='make clean >/dev/null', post='make clean >/dev/null', nd='pids')
BT = '$ batcat --version'
R('bat-plain-range', 'c/histo', 'batcat --plain --line-range 14:33 src/histo.c', BT, 'bat (batcat) with a line range, plain.', part='B')
R('bat-numbers-diff', D, 'batcat --style=numbers,changes --color=never deepdiff/helper.py | sed -n 505,520p', BT, 'Line numbers and git change markers.', part='B')
R('bat-show-all', 'sh/ops', 'printf "a\\tb \\r\\nc\\u00a0d\\n" > /tmp/min37-ws.txt && batcat -A /tmp/min37-ws.txt', BT, 'Show non-printable characters.', part='B')
R('bat-list-languages', '.', 'batcat --list-languages | wc -l && batcat --list-languages | head -15', BT, 'Language list.', part='B')
EX = '$ exa --version | sed -n 2p'
R('exa-long-git', D, 'exa -l --git --no-time --no-user deepdiff | head -30', EX, 'exa long listing with git status column.', part='B', toolname='exa')
R('exa-tree-level', LJ, 'exa --tree --level=2 --ignore-glob=node_modules', EX, 'exa tree.', part='B', toolname='exa')
R('exa-grid-sort-size', D, 'exa -1 --sort=size --reverse tests | head -15', EX, 'One per line sorted by size.', part='B', toolname='exa')
R('exa-missing', D, 'exa -l nosuch deepdiff/helper.py', EX, 'A missing path among existing ones.', part='B', toolname='exa', nd='mtime')
HX = '$ hexyl --version'
R('hexyl-png', D, 'hexyl -n 128 docs/_static/delta-flow.png', HX, 'Hex view of the PNG header (hexyl 0.8 colours its output even with NO_COLOR and TERM=dumb).', part='B')
R('hexyl-protobuf', PD, 'hexyl items.bin', HX, 'Hex view of an encoded protobuf message (coloured, as hexyl-png).', part='B')
FF = '$ fdfind --version'
R('fd-ext-py', D, 'fdfind -e py -E tests . deepdiff | sort', FF, 'fd by extension.', part='B')
R('fd-changed-within', D, 'fdfind --type f --changed-within 30d --max-depth 1 | sort', FF, 'fd by change time.', part='B')
JQ = '$ jaq --version'; DA = 'b/data'
R('jaq-group-count', DA, 'jaq -c "group_by(.type) | map({type: .[0].type, n: length, avg_size: (map(.payload.size) | add / length)})" events.json', JQ, 'jaq aggregate over 3,000 events.', part='B')
R('jaq-select-big', DA, 'jaq ".[] | select(.payload.ok | not) | {id, type, actor}" events.json', JQ, 'Failed events (hundreds of objects, >1,000 lines).', part='B')
R('jaq-error', DA, 'jaq ".[] | .payload.size + .actor" events.json | head -3', JQ, 'Type error adding number and string.', part='B')
R('jaq-parse-error', DA, 'jaq ".[] | select(.type == push" events.json', JQ, 'Filter syntax error.', part='B')
XS = '$ xsv --version'
R('xsv-stats', DA, 'xsv stats orders.csv | xsv table', XS, 'Column statistics as a table.', part='B', toolname='xsv')
R('xsv-frequency', DA, 'xsv frequency -s city,status orders.csv | xsv table', XS, 'Frequency tables.', part='B', toolname='xsv')
R('xsv-search-select', DA, 'xsv search -s customer_email "^$" orders.csv | xsv select order_id,city,status | xsv table | head -25', XS, 'Rows with an empty email.', part='B', toolname='xsv')
R('xsv-headers-count', DA, 'xsv headers orders.csv && xsv count orders.csv', XS, 'Headers and count.', part='B', toolname='xsv')
R('xsv-sort-slice', DA, 'xsv sort -s unit_price -N -R orders.csv | xsv slice -l 12 | xsv table', XS, 'Sort numerically reversed, first 12.', part='B', toolname='xsv')
R('xsv-bad-column', DA, 'xsv select order,price orders.csv', XS, 'Unknown column selector.', part='B', toolname='xsv')
R('xsv-csv-whole', DA, 'xsv select order_id,date,city,qty orders.csv', XS, 'Projection of all 20,000 rows.', part='B', toolname='xsv')
TK = '$ tokei --version'
R('tokei-dd', D, 'tokei', TK, 'Lines of code by language.', part='B')
R('tokei-files', LJ, 'tokei --files -e node_modules', TK, 'Per-file breakdown.', part='B')
R('tokei-sort-code', 'tools/node/node_modules', 'tokei -s code typescript/lib eslint/lib 2>&1 | head -20', TK, 'Sorted by code, head.', part='B')
MC = '$ cargo-machete --version'
R('machete-unused', 'rs', 'cd mach && cargo machete', MC, 'A crate with two unused dependencies.', part='B', reset='rm -rf mach && cargo new -q mach && cd mach && printf \'globset = "0.4"\\nwildmatch = "2"\\nlog = "0.4"\\n\' >> Cargo.toml && printf "fn main() { log::info!(\\"hi\\"); }\\n" > src/main.rs', post='rm -rf mach', toolname='cargo-machete')
R('machete-clean', RS, 'cargo machete; echo "exit=$?"', MC, 'globset: no unused dependencies, exit 0 echoed.', part='B', toolname='cargo-machete')
CB = '$ cargo bloat --version'
R('bloat-crates', 'rs', 'cd fetcher && cargo bloat --release --crates -n 10 2>&1 | grep -v "^ *Compiling"', CB, 'Size by crate of a small binary using globset and wildmatch.', part='B', reset='cd fetcher && printf "fn main() { let g = globset::Glob::new(\\"*.rs\\").unwrap().compile_matcher(); let w = wildmatch::WildMatch::new(\\"a?c\\"); println!(\\"{} {}\\", g.is_match(\\"x.rs\\"), w.matches(\\"abc\\")); }\\n" > src/main.rs', timeout=400, toolname='cargo-bloat', nd='timings')
R('bloat-fns', 'rs', 'cd fetcher && cargo bloat --release -n 15 2>&1 | grep -v "^ *Compiling"', CB, 'Largest functions.', part='B', timeout=400, toolname='cargo-bloat', nd='timings')
TC = '$ type-coverage --version'
R('typecov-ledgerly', LJ, 'type-coverage --detail --strict', TC, 'Type coverage with every any listed.', part='B', toolname='type-coverage')
R('typecov-at-least', LJ, 'type-coverage --at-least 100', TC, 'Threshold not met.', part='B', toolname='type-coverage')
R('tsprune-ledgerly', LJ, 'ts-prune -p tsconfig.json', '$ node -p "\'ts-prune \'+require(\'ts-prune/package.json\').version"', 'Unused exports.', part='B', toolname='ts-prune')
R('tsprune-error', LJ, 'ts-prune -p tsconfig.json -e; echo "exit=$?"', '$ node -p "\'ts-prune \'+require(\'ts-prune/package.json\').version"', 'Error mode (-e): same list, exit 1 echoed.', part='B')
LC = '$ lessc --version'
R('lessc-compile', 'b', 'mkdir -p less && printf "@brand: #3a6;\\n.btn { color: @brand; &:hover { color: darken(@brand, 10%%); } .icon { margin: (@gap / 2); } }\\n@gap: 8px;\\n" > less/ok.less && lessc less/ok.less', LC, 'Compile LESS to CSS.', part='B', toolname='lessc')
R('lessc-error', 'b', 'mkdir -p less && printf ".card {\\n  color: @undefined-var;\\n  .mixin-missing();\\n}\\n" > less/bad.less && lessc less/bad.less', LC, 'Undefined mixin reported (lessc colours its errors even with NO_COLOR and TERM=dumb).', part='B', toolname='lessc')
R('lessc-lint', 'b', 'printf ".a { color: red\\n" > /tmp/min37-bad2.less && lessc --lint /tmp/min37-bad2.less', LC, 'Lint a file with a missing brace.', part='B', toolname='lessc')
LL = '$ ls-lint --version'
R('lslint-ledgerly', LJ, 'printf "ls:\\n  src:\\n    .ts: kebab-case\\n  test:\\n    .ts: kebab-case | regex:[a-z]+\\\\.test\\nignore:\\n  - node_modules\\n" > .ls-lint.yml && mkdir -p src/Utils && touch src/Utils/FormatMoney.ts src/parse_csv.ts && ls-lint', LL, 'ls-lint naming rules violated by two new files.', part='B', reset='rm -rf src/Utils src/parse_csv.ts .ls-lint.yml', post='rm -rf src/Utils src/parse_csv.ts .ls-lint.yml', toolname='ls-lint')
SL = '$ secretlint --version'
R('secretlint-config', 'b', 'mkdir -p sec && cd sec && printf "{\\"rules\\":[{\\"id\\":\\"@secretlint/secretlint-rule-preset-recommend\\"}]}" > .secretlintrc.json && printf "AWS_ACCESS_KEY_ID=AKIAQ3EGRHV7XOBPCM2X\\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\\nSLACK=xoxb-2718281828-3141592653-aBcDeFgHiJkLmNoPqRsTuVwX\\n" > .env.sample && printf "url = \\"postgres://admin:hunter2@db.internal:5432/app\\"\\n" > settings.toml && NODE_PATH=/work/corpus-min37-scratch/tools/node/node_modules secretlint "**/*" ".env.sample"', SL, 'secretlint on made-up keys (fake AWS/Slack/DB values written for this run); finds the Slack token and the DB URL, not the fake AWS pair; ANSI colours despite NO_COLOR.', part='B', toolname='secretlint')
AE = '$ node -p "\'api-extractor \'+require(\'@microsoft/api-extractor/package.json\').version"'
R('apiextractor-run', LJ, 'printf "{\\"mainEntryPointFilePath\\":\\"<projectFolder>/dist/index.d.ts\\",\\"apiReport\\":{\\"enabled\\":true,\\"reportFolder\\":\\"<projectFolder>/etc/\\"},\\"docModel\\":{\\"enabled\\":false},\\"dtsRollup\\":{\\"enabled\\":false}}" > api-extractor.json && (tsc -p tsconfig.json --noEmitOnError false >/dev/null; true) && api-extractor run --local', AE, 'api-extractor on the emitted .d.ts: the report folder etc/ does not exist (error) plus missing-release-tag warnings; ANSI colours despite NO_COLOR.', part='B', reset='rm -rf dist etc api-extractor.json temp', post='rm -rf dist etc api-extractor.json temp', toolname='api-extractor', nd='timing')

# --- added after the first pass: solvers, csvtool, a few more reading modes (Part B) ---
CL = '$ clingo --version'; SV = 'b/solve'
R('clingo-color-all', SV, 'clingo color.lp 0', CL, 'clingo (ASP) 3-colouring with a weak constraint: optimum, statistics, exit 30 (satisfiable, search exhausted).', part='B', nd='times')
R('clingo-unsat', SV, 'clingo shifts.lp', CL, 'Unsatisfiable program: exit 20.', part='B', nd='times')
R('clingo-syntax-error', SV, 'clingo broken.lp', CL, 'Syntax error: parsing failed, exit 65.', part='B', nd='times')
R('clingo-stats', SV, 'clingo color.lp 0 --stats | tail -32', CL, 'Detailed statistics, tail.', part='B', nd='times')
R('gringo-text', SV, 'gringo --text color.lp', '$ gringo --version', 'Ground program printed as text.', part='B')
MS = '$ minisat --help 2>&1 | head -1 ; echo minisat 2.2.1'
R('minisat-pigeonhole', SV, 'minisat php-7-6.cnf', 'MiniSat 2.2.1 (Debian 1:2.2.1-5)', 'Pigeonhole 7/6: UNSATISFIABLE after a search table, exit 20.', part='B', nd='CPU time and memory')
R('minisat-sat-model', SV, 'minisat -verb=0 rand3.cnf /tmp/min37-model.txt; echo "exit=$?"; cat /tmp/min37-model.txt', 'MiniSat 2.2.1 (Debian 1:2.2.1-5)', 'Satisfiable random 3-SAT, quiet, model file read back (exit 10).', part='B', post='rm -f /tmp/min37-model.txt', nd='CPU time')
R('minisat-bad-cnf', SV, 'minisat bad.cnf', 'MiniSat 2.2.1 (Debian 1:2.2.1-5)', 'Malformed DIMACS: parse error, exit 3.', part='B', nd='CPU time')
R('picosat-sat', SV, 'picosat rand3.cnf', '$ picosat --version', 'picosat model lines.', part='B', toolname='picosat')
R('picosat-verbose-unsat', SV, 'picosat -v php-7-6.cnf | tail -25', '$ picosat --version', 'Verbose statistics, tail.', part='B', toolname='picosat', nd='times')
CV = '$ cvc5 --version | head -1'
R('cvc5-budget', SV, 'cvc5 budget.smt2', CV, 'SMT-LIB script: sat and a model, then push without --incremental: error.', part='B')
R('cvc5-incremental', SV, 'cvc5 --incremental budget.smt2', CV, 'Incremental: sat, model, unsat, then get-unsat-core not enabled.', part='B')
R('cvc5-parse-error', SV, 'cvc5 bad.smt2', CV, 'Undeclared symbol: parse error with caret.', part='B')
CT2 = 'csvtool 2.4 (Debian package version; csvtool has no --version)'
R('csvtool-readable', DA, 'csvtool head 12 orders.csv | csvtool readable -', CT2, 'First rows aligned.', part='B')
R('csvtool-col-count', DA, 'csvtool col 3 orders.csv | tail -n +2 | sort | uniq -c | sort -rn', CT2, 'One column counted.', part='B')
R('csvtool-dims', DA, 'csvtool height orders.csv; csvtool width orders.csv; csvtool col 99 orders.csv | head -3', CT2, 'Height, width, then an out-of-range column (prints empty fields, no error).', part='B')
R('bat-diff-git', D, 'batcat --diff --color=never deepdiff/helper.py', BT, 'Only the changed lines (git) with context, bat --diff.', part='B')
R('racket-raco-pkg-show', RKD, 'raco pkg show', RK, 'Installed packages by scope.', part='B')
R('flatc-annotate', FBD, 'flatc --annotate monster.fbs -- orc.bin && cat orc.afb', FB, 'Annotated binary: every byte range of the buffer explained.', part='B', post='rm -f orc.afb')
R('ninja-t-targets', 'c/histo', 'ninja -C build -t targets all | head -25 && ninja -C build -t commands histo | tail -3', '$ ninja --version', 'ninja reading tools after a cmake configure.', part='B', reset='rm -rf build && cmake -S . -B build -G Ninja >/dev/null', post='rm -rf build', toolname='ninja')

# What changes between the two runs (written after comparing first and second outputs; rec.py --renote applies them)
ADDR = 'the run time and the hex addresses of test objects in tracebacks'
ND = {
    'test-pytest-dd': ADDR, 'test-pytest-dd-x': ADDR, 'test-pytest-dd-k-v': ADDR, 'test-pytest-dd-pass': ADDR,
    'test-pytest-dd-cov': ADDR, 'test-pytest-dd-xdist': 'the run time, object addresses and which worker ran which test, so the progress dots and F positions move',
    'test-vitest-t-filter': 'start time, durations and the order of the two file lines', 'test-vitest-ledgerly': 'start time and durations',
    'test-vitest-verbose': 'start time and durations', 'test-npm-test-tail': 'start time and durations',
    'test-go-run-sub': 'the second run prints (cached) instead of the time', 'test-go-v-window': 'the second run prints (cached) instead of the time',
    'test-go-race-bucket': 'goroutine numbers, memory addresses and timings',
    'test-go-json-tail': 'timestamps and elapsed', 'test-go-cover': 'timings',
    'test-cargo-globset': 'timings, thread ids and the order in which parallel test results are printed',
    'test-cargo-no-fail-fast-grep': 'the order of the FAILED lines (parallel tests) and the time', 'test-cargo-filter': 'timings and the panicking thread id',
    'test-cargo-doc': 'timings and the order of doctest lines', 'test-cargo-q-tail': 'the time',
    'build-cargo-build-globset': 'the first run compiled the dependencies, the second found them fresh (only Finished)',
    'lint-clippy-globset': 'the first run printed the Checking lines for every dependency, the second did not',
    'bloat-crates': 'the first run built the release binary; the build time differs',
    'build-cmake-ninja-histo': 'the order in which ninja starts the parallel compile jobs',
    'build-esbuild-analyze': 'build time', 'git-cherry-pick-dd': 'hash of the new commit (committer date is the time of the run)',
    'perl-devel-cover-run': 'time column and per-line time counts', 'perl-prove-v': 'CPU times',
    'pkg-npm-ci-nolock': 'debug log file name', 'pkg-npm-install-offline-miss': 'debug log file name', 'pkg-npm-install-offline-hit': 'the install time',
    'pkg-pip-wheel-local': 'temporary directory name', 'rg-def-dd': 'order of files (ripgrep searches in parallel)',
    'rg-l-type-py': 'order of files (ripgrep searches in parallel)', 'rg-json-stats': 'elapsed times',
    'valgrind-cachegrind-annotate': 'pids and some cache-miss counts', 'valgrind-memcheck-leak': 'pids',
    'test-phpunit-slugger': 'time and memory', 'test-pytest-n2w-v-head': 'the run time', 'test-rspec-bug': 'timings', 'test-phpunit-testdox': 'time and memory',
}
for _sp in SPECS:
    if _sp['name'] in ND: _sp['nd'] = ND[_sp['name']]
    # version commands that print a bare version: name the program
    for _t, _n in (('$ rubocop --version', 'rubocop'), ('$ tsc --version', 'tsc'), ('$ eslint --version', 'eslint')):
        if _sp['tool'] == _t: _sp.setdefault('toolname', _n)
