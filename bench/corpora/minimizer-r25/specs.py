# Run specs for minimizer-r25 (see rec.py). cwd paths are under /work/corpus-r25/scratch.
S = "/work/corpus-r25/scratch"
SB = S + "/schedule-bug"
SO = S + "/schedule-ok"
WC = S + "/wcwidth-0.2.13"
W = S + "/web"
HS = S + "/humansize"
UW = S + "/unicode-width"
GO = S + "/inventory"
CX = S + "/cbuild"
G = S + "/bigrepo"
NOPLUG = {"PYTEST_ADDOPTS": "-p no:randomly -p no:sugar"}
PYT = "$ pytest --version"
SB_NOTE = ("schedule 1.2.2 (PyPI sdist) with four injected bugs: Scheduler.get_jobs(tag) returns the jobs *without* the tag, "
           "Job._is_overdue uses >=, Job.__repr__ drops seconds from times, idle_seconds adds a str to a float. ")
SO_NOTE = "schedule 1.2.2 (PyPI sdist) unmodified. "
RUNS = []
def R(name, cwd, cmd, tool, notes, **kw):
    RUNS.append(dict(name=name, cwd=cwd, cmd=cmd, tool=tool, notes=notes, **kw))

# ---------------- Python: schedule (tests) ----------------
ND_TIME = "the next-run times in job reprs come from the wall clock"
R("schedule-pytest-q-fail", SB, "pytest -q", PYT, SB_NOTE + "Plain quiet run: 4 failures with assertion introspection of job reprs; pytest-randomly/sugar are disabled through PYTEST_ADDOPTS as a project config would.", env=NOPLUG, nd_masked=ND_TIME)
R("schedule-pytest-tb-line", SB, "pytest --tb=line -q", PYT, SB_NOTE + "--tb=line: one file:line: message line per failure.", env=NOPLUG, nd_masked=ND_TIME)
R("schedule-pytest-tb-native", SB, "pytest --tb=native -q -k 'tag or idle'", PYT, SB_NOTE + "--tb=native (Python-style tracebacks) on the tag/idle tests, -k deselects the rest.", env=NOPLUG)
R("schedule-pytest-x-short", SB, "pytest -x --tb=short", PYT, SB_NOTE + "-x stops at the first failure; --tb=short.", env=NOPLUG, nd_masked=ND_TIME)
R("schedule-pytest-rA", SB, "pytest -rA --tb=no", PYT, SB_NOTE + "-rA --tb=no: the short summary lists every PASSED/SKIPPED/FAILED test with reasons (41 skips for missing pytz).", env=NOPLUG, nd_masked=ND_TIME)
R("schedule-pytest-xdist", SB, "pytest -n 2 -q", PYT + " && pip show pytest-xdist | sed -n 2p", SB_NOTE + "pytest-xdist with two workers: worker banner, [gw0]/[gw1] failures in completion order.", env=NOPLUG, nd='xdist workers finish in varying order (progress characters and [gwN] tags), and the next-run times come from the wall clock')
R("schedule-pytest-xdist-v", SB, "pytest -n 2 -v --tb=no -p no:cacheprovider", PYT, SB_NOTE + "xdist -v: '[gw1] [ 12%] PASSED test_schedule.py::...' lines in completion order.", env=NOPLUG, nd="xdist result lines come in the order the two workers finish")
R("schedule-pytest-randomly", SB, "pytest -q -p no:cacheprovider --randomly-seed=2525 --tb=line 2>&1 | tail -n 20", PYT, SB_NOTE + "pytest-randomly with a fixed seed (prints 'Using --randomly-seed=2525'), tail of a --tb=line run.", env={"PYTEST_ADDOPTS": "-p no:sugar"}, nd_masked=ND_TIME)
R("schedule-pytest-randomly-seed-repro", SB, "pytest -p no:sugar --randomly-seed=7 -q --tb=no", PYT, SB_NOTE + "pytest-randomly, seed 7, summary only (order of the dots differs from the default order).", nd_masked=ND_TIME)
R("schedule-pytest-sugar", SB, "pytest -p no:randomly --tb=short", PYT + " && pip show pytest-sugar | sed -n 2p", SB_NOTE + "pytest-sugar 1.1.1 is installed and listed among the plugins, but on a non-tty (CI=true, TERM=dumb) it keeps the classic progress output; --tb=short failures and summary.", env={"PYTEST_ADDOPTS": ""}, nd_masked="durations and the wall-clock next-run times", nd='the function addresses in the assertion introspection and the next-run wall-clock times')
R("schedule-pytest-cov-term-missing", SB, "pytest --cov=schedule --cov-report=term-missing -q --tb=no", PYT + " && pip show pytest-cov | sed -n 2p", SB_NOTE + "pytest-cov coverage table with missing line ranges after the failures.", env=NOPLUG, nd_masked=ND_TIME)
R("schedule-pytest-cov-fail-under", SO, "pytest --cov=schedule --cov-branch --cov-report=term --cov-fail-under=95 -q", PYT, SO_NOTE + "Passing tests but branch coverage under the 95 % threshold: 'FAIL Required test coverage of 95% not reached', exit 1.", env=NOPLUG)
R("schedule-pytest-reruns", SB, "pytest --reruns 2 -q --tb=line -k 'tag'", PYT + " && pip show pytest-rerunfailures | sed -n 2p", SB_NOTE + "pytest-rerunfailures: each failing test is rerun twice (R marks, 'rerun' count in the summary).", env=NOPLUG, nd_masked=ND_TIME)
R("schedule-pytest-durations", SO, "pytest --durations=8 -q", PYT, SO_NOTE + "Passing run with the slowest-8 durations table.", env=NOPLUG, nd_masked="durations", nd='the durations and therefore which tests are the slowest 8')
R("schedule-pytest-collect-q", SO, "pytest --co -q", PYT, SO_NOTE + "Collection listing of all 81 test ids.", env=NOPLUG)
R("schedule-pytest-lf", SB, "pytest -q --tb=no; pytest --lf -q --tb=line", PYT, SB_NOTE + "Chain: a run that records failures, then --lf reruns only the 4 last-failed tests ('run-last-failure: rerun previous 4 failures').", env=NOPLUG, reset="rm -rf .pytest_cache", nd_masked=ND_TIME)
R("schedule-pytest-k-nomatch", SO, "pytest -q -k 'does_not_exist'", PYT, SO_NOTE + "-k matches nothing: all deselected, exit 5.", env=NOPLUG)
R("schedule-unittest-v", SO, "python -m unittest -v test_schedule 2>&1 | tail -n 60", "$ python --version", SO_NOTE + "unittest -v (the tests are unittest.TestCase classes): ok / skipped 'pytz not installed' lines, tail.")
R("schedule-unittest-fail", SB, "python -m unittest test_schedule", "$ python --version", SB_NOTE + "unittest default dots/F/E/s with FAIL and ERROR blocks.", nd_masked=ND_TIME)
R("schedule-pip-install-e-no-wheel", SO, "pip install --no-build-isolation --no-deps -e .", "$ pip --version", SO_NOTE + "Editable install without build isolation in a venv that lacks the wheel package: setuptools fails with \"invalid command 'bdist_wheel'\" inside pip's subprocess-exited-with-error box, exit 1.", reset="pip uninstall -y -q schedule", nd="the random /tmp/pip-modern-metadata-* directory name")
R("schedule-pip-install-e", SO, "pip install --no-deps -e .", "$ pip --version", SO_NOTE + "Editable install with build isolation (setuptools fetched from PyPI into the isolated env): Obtaining / Installing build dependencies / Building editable / Successfully installed; uninstalled before and after.", reset="pip uninstall -y -q schedule", post="pip uninstall -y -q schedule", nd="pip's temporary directory names", timeout=200)
R("schedule-pip-uninstall", SO, "pip uninstall -y schedule", "$ pip --version", SO_NOTE + "Uninstall after an editable install.", reset="pip install -q --no-deps -e .")
R("schedule-pip-show-files", SO, "pip show -f schedule", "$ pip --version", SO_NOTE + "pip show -f of the editable install (files list).", reset="pip install -q --no-deps -e .", post="pip uninstall -y -q schedule")

# ---------------- Python: schedule (types, lint) ----------------
R("schedule-mypy-default", SB, "mypy", "$ mypy --version", SB_NOTE + "mypy with the project's setup.cfg (files = schedule), non-strict: only the missing pytz stubs error with its hints (the injected str + float is not reported because the operands are untyped), exit 1.")
R("schedule-mypy-strict", SB, "mypy --strict schedule test_schedule.py", "$ mypy --version", SB_NOTE + "mypy --strict over the package and the 1600-line test module: many missing annotations / untyped calls.")
R("schedule-mypy-pretty-context", SB, "mypy --pretty --show-error-context --show-column-numbers --strict schedule", "$ mypy --version", SB_NOTE + "--pretty with source snippets and carets, error context ('In member ... of class ...').")
R("schedule-mypy-output-json", SB, "mypy --strict -O json schedule", "$ mypy --version", SB_NOTE + "mypy -O json: one JSON object per error line.")
R("schedule-mypy-error-summary-ok", SO, "mypy schedule", "$ mypy --version", SO_NOTE + "mypy on the unmodified package: the same missing-stubs error for pytz (types-pytz not installed), exit 1.")
R("schedule-ty-check", SB, "ty check schedule test_schedule.py", "$ ty --version", SB_NOTE + "Astral's ty type checker (pre-release), default full diagnostics with source snippets.")
R("schedule-ty-concise", SB, "ty check --output-format concise schedule test_schedule.py", "$ ty --version", SB_NOTE + "ty concise format: one path:line:col: rule message line each.")
R("schedule-ty-ok", SO, "ty check schedule", "$ ty --version", SO_NOTE + "ty on the unmodified package: 8 diagnostics (Optional handling, unused type: ignore with a fix diff), exit 1.")
R("schedule-pyright", SB, "pyright schedule test_schedule.py", "$ pyright --version", SB_NOTE + "pyright default text output (errors + warnings + summary line).")
R("schedule-pyright-json", SB, "pyright --outputjson schedule | head -n 80", "$ pyright --version", SB_NOTE + "pyright --outputjson, head of the JSON (version, time, generalDiagnostics).", nd_masked="the time field")
R("schedule-pyright-stats", SO, "pyright --stats schedule", "$ pyright --version", SO_NOTE + "pyright --stats: timing and file-count statistics.", nd_masked="timings")
R("schedule-pylint", SB, "pylint schedule", "$ pylint --version | head -n 1", SB_NOTE + "pylint text report with the score line.", nd="pylint keeps persistent stats, so the second run's score line adds '(previous run: .../10, +0.00)' (and the reports compare with the previous run)")
R("schedule-pylint-parseable", SB, "pylint --output-format=parseable --disable=C schedule test_schedule.py", "$ pylint --version | head -n 1", SB_NOTE + "pylint parseable format (path:line: [Cxxxx(symbol), obj] msg) over package and tests, conventions disabled.", nd="pylint keeps persistent stats, so the second run's score line adds '(previous run: .../10, +0.00)' (and the reports compare with the previous run)")
R("schedule-pylint-json2", SB, "pylint --output-format=json2 schedule | head -n 60", "$ pylint --version | head -n 1", SB_NOTE + "pylint json2 format (messages + statistics), head.", nd="pylint keeps persistent stats, so the second run's score line adds '(previous run: .../10, +0.00)' (and the reports compare with the previous run)")
R("schedule-pylint-reports", SO, "pylint --reports=y --disable=all --enable=W,E schedule", "$ pylint --version | head -n 1", SO_NOTE + "pylint with --reports=y: the statistics / raw metrics / duplication tables.", nd="pylint keeps persistent stats, so the second run's score line adds '(previous run: .../10, +0.00)' (and the reports compare with the previous run)")
R("schedule-flake8-plugins", SB, "flake8 --max-line-length=88 schedule test_schedule.py", "$ flake8 --version | head -n 1", SB_NOTE + "flake8 7.5 with flake8-bugbear (B…) and flake8-simplify (SIM…) codes.")
R("schedule-flake8-count-stats", SB, "flake8 --count --statistics --select=B,SIM,E501 schedule test_schedule.py", "$ flake8 --version | head -n 1", SB_NOTE + "--count --statistics: per-code totals after the list.")
R("schedule-flake8-show-source", SB, "flake8 --show-source --select=B,SIM,C901 --max-complexity=8 schedule", "$ flake8 --version | head -n 1", SB_NOTE + "--show-source with carets; mccabe C901 complexity findings.")
for fmt in ["concise", "full", "grouped", "github", "json-lines", "pylint", "junit"]:
    R(f"schedule-ruff-{fmt}", SB, f"ruff check --select ALL --output-format {fmt} schedule", "$ ruff --version",
      SB_NOTE + f"ruff check with every rule on, --output-format {fmt}.")
R("schedule-ruff-statistics", SB, "ruff check --select ALL --statistics schedule test_schedule.py", "$ ruff --version", SB_NOTE + "ruff --statistics table (count, code, fixable mark, name).")
R("schedule-ruff-format-diff", SO, "ruff format --check --diff --line-length 72 schedule test_schedule.py | head -n 150", "$ ruff --version", SO_NOTE + "ruff format --check --diff with a 72-column limit: unified diffs of what would be reformatted, head (the sources are already formatted at the default width).", nd="ruff's stderr summary ('2 files would be reformatted') bypasses the pipe to head (the 2>&1 applies to head only) and lands at a varying place in the stream")
R("schedule-pyupgrade", SB, "cp schedule/__init__.py /tmp/r25-sched.py && pyupgrade --py311-plus /tmp/r25-sched.py; echo exit=$?; diff -u schedule/__init__.py /tmp/r25-sched.py | head -n 60", "$ pip show pyupgrade | sed -n 2p", SB_NOTE + "pyupgrade rewrites a copy (Rewriting ...), exit 1, then the diff head.")
R("schedule-autoflake-check", SB, "autoflake --check --remove-all-unused-imports -r . ", "$ autoflake --version", SB_NOTE + "autoflake --check over the tree.")
R("schedule-docformatter-check", SO, "docformatter --check --diff schedule/__init__.py | head -n 80", "$ docformatter --version", SO_NOTE + "docformatter --check --diff: docstring rewrites as a diff.")
R("schedule-vulture", SB, "vulture schedule test_schedule.py --min-confidence 60", "$ vulture --version", SB_NOTE + "vulture dead-code report (unused variables/functions with confidence %).")
R("schedule-xenon", SO, "xenon --max-absolute B --max-modules A --max-average A schedule", "$ pip show xenon | sed -n 2p", SO_NOTE + "xenon complexity thresholds: one 'ERROR:xenon:block ... has a rank of D' line (Job.at), exit 1.")
R("schedule-radon-mi-raw", SO, "radon mi -s schedule test_schedule.py && radon raw -s schedule", "$ radon --version", SO_NOTE + "radon maintainability index, then raw metrics with summary.")
R("schedule-refurb", SB, "refurb schedule", "$ refurb --version | head -n 1", SB_NOTE + "refurb suggestions ([FURBxxx]) with the 'Run refurb --explain' hint.")
R("schedule-deptry", SO, "deptry .", "$ deptry --version", SO_NOTE + "deptry over the sdist: a module-name assumption for pytz, then a coloured 'Success! No dependency issues found'.")
R("schedule-pyroma", SO, "pyroma .", "$ echo pyroma $(pip show pyroma | sed -n 2p | cut -d' ' -f2)", SO_NOTE + "pyroma rating of the sdist: isolated build env creation, setuptools deprecation banners, findings and 'Final rating: 8/10'.", nd="the random /tmp/build-env-* directory in setuptools' warnings")
R("schedule-check-manifest", SO, "check-manifest --no-build-isolation -v", "$ check-manifest --version", SO_NOTE + "check-manifest in an unpacked sdist: 'Couldn't find version control data', exit 2.", timeout=200)


# ---------------- JS/TS: web (vitest, tsc, eslint, svelte-check, vue-tsc, cspell, htmlhint, commitlint, publint) ----------------
WN = ("web: a TypeScript shop module written here (src/money.ts, cart.ts, discount.ts, util.ts) with bugs (split drops the remainder, "
      "Cart.addLine overwrites quantities, a stale inline snapshot) and type errors in discount.ts/util.ts; node_modules from npm. ")
NB = "PATH=node_modules/.bin:$PATH "
VT = "$ npx vitest --version"
R("web-vitest-default", W, "npx vitest run", VT, WN + "vitest default reporter on a non-tty: per-file lines, failure blocks with diffs and code frames, summary.", nd_masked="start time and durations", nd='vitest runs the three files in parallel workers: the order of files (and of the dots), durations and the start time vary')
R("web-vitest-verbose", W, "npx vitest run --reporter=verbose", VT, WN + "verbose reporter: one line per test (✓/×/↓), it.each names, skipped and todo.", nd_masked="durations", nd='vitest runs the three files in parallel workers: the order of files (and of the dots), durations and the start time vary')
R("web-vitest-dot", W, "npx vitest run --reporter=dot", VT, WN + "dot reporter.", nd_masked="durations", nd='vitest runs the three files in parallel workers: the order of files (and of the dots), durations and the start time vary')
R("web-vitest-junit", W, "npx vitest run --reporter=junit", VT, WN + "JUnit XML reporter printed to stdout.", nd_masked="timestamps and times in the XML")
R("web-vitest-json", W, "npx vitest run --reporter=json", VT, WN + "JSON reporter on stdout (one long line, jest-compatible shape).", nd_masked="startTime/duration fields")
R("web-vitest-json-jq", W, "npx vitest run --reporter=json 2>/dev/null | jq -r '.testResults[].assertionResults[] | select(.status==\"failed\") | .fullName + \" :: \" + (.failureMessages[0] | split(\"\\n\")[0])'", VT, WN + "The JSON reporter through jq: failing tests with the first message line.")
R("web-vitest-tap", W, "npx vitest run --reporter=tap", VT, WN + "TAP reporter (nested subtests, YAML diagnostics).", nd_masked="durations")
R("web-vitest-tap-flat", W, "npx vitest run --reporter=tap-flat", VT, WN + "tap-flat reporter.", nd_masked="durations")
R("web-vitest-filter-pass", W, "npx vitest run test/util.test.ts -t 'chunks|slugs|retries'", VT, WN + "A filtered run that passes (other tests of the file reported as skipped).", nd_masked="start time and durations")
R("web-vitest-bail", W, "npx vitest run --bail=1 --reporter=verbose", VT, WN + "--bail=1 stops after the first failure.", nd="which tests ran before the bail depends on file scheduling")
R("web-vitest-list", W, "npx vitest list", VT, WN + "vitest list: every test id with its file.")
R("web-vitest-update-snapshot", W, "npx vitest run test/util.test.ts -u", VT, WN + "-u rewrites the stale inline snapshot (the file is restored after each run).", reset="git checkout -q -- test/util.test.ts", post="git checkout -q -- test/util.test.ts", nd_masked="start time and durations")
R("web-npm-test", W, "npm test", "$ echo npm $(npm --version)", WN + "npm test wrapping `vitest run --reporter=dot`: the npm lifecycle header and the npm error lines after the failure.", nd_masked="durations", nd='vitest runs the three files in parallel workers: the order of files (and of the dots), durations and the start time vary')
R("web-tsc-default", W, "npx tsc", "$ echo tsc $(npx tsc --version)", WN + "tsc --noEmit via tsconfig, non-tty: path(line,col): error TSxxxx lines.")
R("web-tsc-pretty", W, "npx tsc --pretty", "$ echo tsc $(npx tsc --version)", WN + "tsc --pretty forced on a non-tty: ANSI colours, code frames with ~~~ underlines, 'Found N errors in M files' table.")
R("web-tsc-listfilesonly", W, "npx tsc --listFilesOnly | sed 's#.*/node_modules/#node_modules/#' | head -n 40", "$ echo tsc $(npx tsc --version)", WN + "--listFilesOnly (lib .d.ts files then src), head.")
R("web-tsc-extended-diagnostics", W, "npx tsc --extendedDiagnostics --pretty false | tail -n 40", "$ echo tsc $(npx tsc --version)", WN + "--extendedDiagnostics statistics after the errors.", nd_masked="times and memory")
R("web-tsc-showconfig", W, "npx tsc --showConfig", "$ echo tsc $(npx tsc --version)", WN + "--showConfig: the resolved tsconfig with the file list.")
R("web-tsc-strict-one-file", W, "npx tsc --noEmit --strict --target es2022 --moduleResolution bundler --module esnext src/util.ts src/money.ts", "$ echo tsc $(npx tsc --version)", WN + "tsc with files on the command line while a tsconfig.json is present: TypeScript 6 refuses with TS5112 (use --ignoreConfig), exit 1.")
R("web-eslint-stylish", W, "npx eslint src test", "$ echo eslint $(npx eslint --version)", WN + "eslint 9 flat config with typescript-eslint, default stylish formatter: errors and warnings grouped by file.")
for fmt in ["json", "html"]:
    pass
R("web-eslint-json", W, "npx eslint -f json src | jq '.[] | {file: (.filePath | sub(\".*/web/\"; \"\")), errors: .errorCount, warnings: .warningCount, rules: [.messages[].ruleId]}'", "$ echo eslint $(npx eslint --version)", WN + "eslint -f json through jq: per-file counts and rule ids.")
R("web-eslint-json-raw", W, "npx eslint -f json src/discount.ts", "$ echo eslint $(npx eslint --version)", WN + "raw eslint JSON (one long line with source and suppressed messages).")
R("web-eslint-max-warnings", W, "npx eslint --max-warnings 0 src/util.ts src/money.ts", "$ echo eslint $(npx eslint --version)", WN + "--max-warnings 0 with warnings only in one file and an error in util.ts: 'ESLint found too many warnings'.")
R("web-eslint-fix-dry-run", W, "npx eslint --fix-dry-run -f json src/discount.ts | jq '.[0].output' -r | head -n 40", "$ echo eslint $(npx eslint --version)", WN + "--fix-dry-run: the fixed source (var->let/const) from the JSON output.")
R("web-eslint-print-config", W, "npx eslint --print-config src/money.ts | jq '.rules | to_entries | map(select(.value[0] != 0 and .value[0] != \"off\")) | length, (.[0:15] | from_entries)'", "$ echo eslint $(npx eslint --version)", WN + "--print-config through jq: number of active rules and the first 15.")
R("web-eslint-rule-cli", W, "npx eslint --no-config-lookup --rule 'no-unused-vars: error' --rule 'semi: [error, always]' test/*.ts src/*.ts", "$ echo eslint $(npx eslint --version)", WN + "eslint 10 with --no-config-lookup and CLI rules only: every .ts file is ignored ('File ignored because no matching configuration was supplied' warnings), exit 0.")
R("web-svelte-check-human", W, "npx svelte-check --workspace components --output human", "$ echo $(npx svelte-check --version), svelte $(node -p 'require(\"svelte/package.json\").version')", WN + "svelte-check (svelte 5) on components/Counter.svelte: type errors, a11y and unused-CSS warnings, human output.", nd_masked="the start timestamp")
R("web-svelte-check-machine", W, "npx svelte-check --workspace components --output machine", "$ echo $(npx svelte-check --version), svelte $(node -p 'require(\"svelte/package.json\").version')", WN + "svelte-check --output machine: START/ERROR/WARNING/COMPLETED lines with timestamps.", nd_masked="epoch-millisecond timestamps")
R("web-svelte-check-machine-verbose", W, "npx svelte-check --workspace components --output machine-verbose", "$ echo $(npx svelte-check --version), svelte $(node -p 'require(\"svelte/package.json\").version')", WN + "machine-verbose: one JSON object per diagnostic line.", nd_masked="epoch-millisecond timestamps")
R("web-svelte-check-human-verbose", W, "npx svelte-check --workspace components --output human-verbose --threshold error", "$ echo $(npx svelte-check --version), svelte $(node -p 'require(\"svelte/package.json\").version')", WN + "human-verbose with --threshold error.", nd_masked="timestamps")
R("web-vue-tsc", W, "npx vue-tsc --noEmit -p tsconfig.vue.json", "$ echo vue-tsc $(node -p 'require(\"vue-tsc/package.json\").version') / typescript $(npx tsc --version)", WN + "vue-tsc on components/Price.vue: template type errors (misspelt props, wrong argument type).")
R("web-vue-tsc-pretty", W, "npx vue-tsc --noEmit -p tsconfig.vue.json --pretty", "$ echo vue-tsc $(node -p 'require(\"vue-tsc/package.json\").version') / typescript $(npx tsc --version)", WN + "vue-tsc --pretty with code frames inside the .vue template.")
R("web-cspell", W, "npx cspell --no-progress README.md 'src/**/*.ts'", "$ echo cspell $(npx cspell --version)", WN + "cspell: misspellings in README.md (Unknown word lines), exit 1.")
R("web-cspell-suggestions", W, "npx cspell --no-progress --show-suggestions --show-context README.md", "$ echo cspell $(npx cspell --version)", WN + "cspell with suggestions and context.", nd="cspell's suggestion lists after the first (starred) one vary in order and membership between runs")
R("web-cspell-words-only", W, "npx cspell --words-only --unique --no-progress README.md src/*.ts | sort", "$ echo cspell $(npx cspell --version)", WN + "cspell --words-only --unique | sort.")
R("web-htmlhint", W, "npx htmlhint public/index.html", "$ echo htmlhint $(npx htmlhint --version)", WN + "htmlhint default formatter: duplicate ids, uppercase tag, unquoted attribute, with source excerpts.", nd_masked="scan time")
R("web-htmlhint-compact", W, "npx htmlhint -f compact public/index.html", "$ echo htmlhint $(npx htmlhint --version)", WN + "htmlhint compact formatter.")
R("web-htmlhint-unix", W, "npx htmlhint -f unix public/index.html", "$ echo htmlhint $(npx htmlhint --version)", WN + "htmlhint unix formatter.")
R("web-htmlhint-json", W, "npx htmlhint -f json public/index.html | jq -c '.[].messages[] | {line, col, rule: .rule.id, message}'", "$ echo htmlhint $(npx htmlhint --version)", WN + "htmlhint JSON through jq -c.")
R("web-commitlint-fail", W, "printf 'Fixed the cart bug.\\n\\nsome details here\\n' | npx commitlint", "$ npx commitlint --version", WN + "commitlint (config-conventional) on a non-conventional message: ✖ lines, exit 1.")
R("web-commitlint-pass", W, "printf 'fix(cart): merge quantities of the same sku\\n' | npx commitlint --verbose", "$ npx commitlint --version", WN + "commitlint --verbose on a valid message.")
R("web-publint", W, "npx publint", "$ npx publint --version", WN + "publint on the package (package.json without exports/files).")
R("web-tsx-run-error", W, "npx tsx -e 'import { parse } from \"./src/money\"; console.log(parse(\"EUR 1.50\")); console.log(parse(\"1.50\"))'", "$ echo $(npx tsx --version | head -n 1)", WN + "tsx evaluating TS: first value printed, then an uncaught Error with a stack through the TS source.")
R("web-vite-build", W, "npx vite build app --outDir /tmp/r25-vite --emptyOutDir", "$ npx vite --version", WN + "vite production build of app/ (vue + the TS modules): transform count, asset table with gzip sizes.", nd_masked="build time")
R("web-vite-build-error", W, "npx vite build app-broken --outDir /tmp/r25-vite-b --emptyOutDir", "$ npx vite --version", WN + "vite build failing on an unresolved import (./chart), exit 1.")
R("web-esbuild-bundle-meta", W, "npx esbuild src/cart.ts src/discount.ts --bundle --outdir=/tmp/r25-esb --format=esm --metafile=/tmp/r25-esb/meta.json --analyze", "$ echo esbuild $(npx esbuild --version)", WN + "esbuild bundle with --analyze size breakdown.", reset="rm -rf /tmp/r25-esb", nd_masked="build time")
R("web-npm-ls-depth0", W, "npm ls", "$ echo npm $(npm --version)", WN + "npm ls of the 16 direct devDependencies (with a peer-dependency problem if any).")
R("web-npm-ls-all-count", W, "npm ls --all --parseable | wc -l && npm ls --all | head -n 80", "$ echo npm $(npm --version)", WN + "Count of installed packages, then the head of the full tree.")
R("web-npm-ls-json-jq", W, "npm ls --all --json | jq -r '.. | objects | select(has(\"version\")) | .version' | sort | uniq -c | sort -rn | head -n 15", "$ echo npm $(npm --version)", WN + "npm ls --json through jq: the most common versions.")
R("web-npm-explain-esbuild", W, "npm explain esbuild", "$ echo npm $(npm --version)", WN + "npm explain: why esbuild is installed (vite/vitest chains).")
R("web-npm-outdated", W, "npm outdated", "$ echo npm $(npm --version)", WN + "npm outdated against the registry (everything is latest: empty output is replaced by the exit status line).")
R("web-npm-audit", W, "npm audit", "$ echo npm $(npm --version)", WN + "npm audit against the registry.")
R("web-node-modules-du", W, "du -sh node_modules/* node_modules/@*/* 2>/dev/null | sort -h | tail -n 25", "$ du --version | head -n 1", WN + "Largest packages in node_modules.")
R("web-node-modules-find-dts", W, "find node_modules/typescript/lib -name '*.d.ts' | sort | head -n 120", "$ find --version | head -n 1", WN + "find of TypeScript's lib .d.ts files.")
R("web-lockfile-head", W, "head -n 120 package-lock.json", "$ echo npm $(npm --version)", WN + "Head of the npm v3 lockfile.")
R("web-minified-head", W, "head -c 3000 node_modules/vue/dist/vue.global.prod.js", "$ npm ls vue --depth=0 | sed -n 2p", WN + "First 3000 bytes of vue's minified production build (one long line).")
R("web-lib-dts-grep", W, "grep -n 'interface Array<T>' -A 40 node_modules/typescript/lib/lib.es5.d.ts | head -n 60", "$ echo tsc $(npx tsc --version)", WN + "grep -A of a declaration in lib.es5.d.ts.")

# ---------------- Rust: humansize 2.1.3, unicode-width 0.2.0 (crates.io sources) ----------------
HSB = S + "/humansize-bug"
HSX = S + "/humansize-broken"
CG = "$ cargo --version"
HN = "humansize 2.1.3 (crates.io source) unmodified. "
HBN = "humansize 2.1.3 with two injected bugs in ISizeFormatter::fmt (scale loop uses > instead of >=, decimal places chosen on fpart==1.0). "
HXN = "humansize 2.1.3 with a broken new fn format_all (BTreeMap/Option/Vec types, a u32 sum of usize) and a wrong-arity call: long generic type names in rustc errors. "
R("humansize-cargo-test-pass", HS, "cargo test", CG, HN + "cargo test: unit, integration (tests/test.rs) and doc tests pass.", nd_masked="test durations")
R("humansize-cargo-test-fail", HSB, "cargo test", CG, HBN + "cargo test: integration assertion failures with left/right, exit 101 before doc tests.", nd_masked="durations")
R("humansize-cargo-test-no-fail-fast", HSB, "cargo test --no-fail-fast 2>&1 | tail -n 60", CG, HBN + "--no-fail-fast: doc tests also run and fail; the 'error: N targets failed' list at the end.", nd_masked="durations")
R("humansize-cargo-test-doc", HSB, "cargo test --doc", CG, HBN + "Only doc tests: failing README/lib.rs examples with the panicking doctest's output.", nd_masked="durations")
R("humansize-cargo-test-list", HS, "cargo test -q -- --list", CG, HN + "-- --list of every test (unit, integration, doc with file and line).")
R("humansize-cargo-test-nocapture", HSB, "cargo test --test test -- --nocapture --test-threads=1", CG, HBN + "--nocapture --test-threads=1: panics interleaved with test names in order.", nd_masked="durations")
R("humansize-cargo-test-exact", HSB, "cargo test --test test -- --exact test_sizes", CG, HBN + "--exact with a single test name (filtered N out).", nd_masked="durations")
R("humansize-cargo-build-broken", HSX, "cargo build", CG, HXN + "cargo build: E0061 wrong arity, E0277 Sum<&usize> for u32 with the iterator chain notes, E0308 Vec<(String, Vec<T>)>.")
R("humansize-cargo-check-short", HSX, "cargo check --message-format short", CG, HXN + "--message-format short: one line per diagnostic.", nd="the first of the two runs also checked the libm dependency ('Checking libm v0.2.6')")
R("humansize-cargo-check-json-short", HSX, "cargo check --message-format json-diagnostic-short | jq -r 'select(.reason==\"compiler-message\") | .message.rendered' ", CG, HXN + "json-diagnostic-short through jq: the rendered short lines.")
R("humansize-cargo-check-json-spans", HSX, "cargo check --message-format json | jq -c 'select(.reason==\"compiler-message\") | .message | {level, code: .code.code, spans: [.spans[] | select(.is_primary) | \"\\(.file_name):\\(.line_start):\\(.column_start)\"]}'", CG, HXN + "Cargo JSON messages through jq -c: level, code and primary spans.")
R("humansize-clippy-pedantic", HS, "cargo clippy --all-targets -- -W clippy::pedantic", "$ cargo clippy --version", HN + "clippy with -W clippy::pedantic on a real crate: cast_precision_loss, must_use_candidate, doc_markdown etc.", reset="touch src/lib.rs", nd="cargo checks the lib, tests and examples in parallel, so the order of the per-target 'generated N warnings' blocks varies; timing")
R("humansize-clippy-pedantic-deny", HS, "cargo clippy -q -- -D clippy::pedantic 2>&1 | grep -E '^(error|warning)' | sort | uniq -c | sort -rn", "$ cargo clippy --version", HN + "-D clippy::pedantic summarized: counts of each lint message.", reset="touch src/lib.rs")
R("humansize-cargo-tree-features", HS, "cargo tree -e features", CG, HN + "cargo tree -e features (libm features).")
R("humansize-cargo-tree-invert", HS, "cargo tree -i libm -e normal,build", CG, HN + "cargo tree --invert libm.")
R("humansize-cargo-doc", HS, "cargo doc --no-deps", CG, HN + "cargo doc --no-deps (Documenting, Generated path).", reset="rm -rf target/doc")
R("humansize-cargo-run-example", HS, "cargo run -q --example sizes", CG, HN + "Running the crate's sizes example.")
R("humansize-cargo-build-v", HS, "cargo build -v", CG, HN + "cargo build -v after a clean of the package: Fresh libm, the full rustc command line for humansize.", reset="cargo clean -q -p humansize")
R("humansize-cargo-features-err", HS, "cargo build --features no_such_feature", CG, HN + "Unknown feature error.")
R("humansize-cargo-metadata", HS, "cargo metadata --format-version 1 --no-deps | jq '.packages[0] | {name, version, features, targets: [.targets[] | .kind[0] + \":\" + .name]}'", CG, HN + "cargo metadata through jq.")
UWN = "unicode-width 0.2.0 (crates.io source, generated tables). "
R("unicode-width-test", UW, "cargo test", CG, UWN + "cargo test of the crate: unit tests, tests/tests.rs (emoji-test.txt driven), doc tests.", nd_masked="durations")
R("unicode-width-tables-wc", UW, "wc -l src/*.rs && head -c 2000 src/tables.rs", "$ wc --version | head -n 1", UWN + "Line counts and the head of the 2600-line generated tables.rs.")
R("unicode-width-grep-fn", UW, "grep -n 'pub fn\\|pub const fn\\|fn lookup' src/*.rs", "$ grep --version | head -n 1", UWN + "grep -n of function signatures.")

# ---------------- Go: inventory (module written here, go1.19) ----------------
GOB = S + "/inventory-broken"
GV = "$ go version"
GN = "inventory: a Go module written here (store, pricing, report, internal/ids, cmd/inv) with bugs: Store.Take allows negative stock, Tax truncates, Describe has a %d for a string (vet), Value reads the map without the lock, main indexes an empty slice. "
GXN = "inventory-broken: the same module with type errors in store (uint/int, int32/int64) and report (unknown field/func, unused import), and a wrong call in cmd/inv. "
R("inventory-go-test", GO, "go test ./...", GV, GN + "go test ./...: the vet failure of pricing ([build failed]), store failures, [no test files].", reset="go clean -testcache", nd_masked="durations")
R("inventory-go-test-vet-off-v", GO, "go test -vet=off -count=1 -v ./...", GV, GN + "-v with vet off: === RUN / --- FAIL subtests, Example output mismatch, per-package ok/FAIL.", nd_masked="durations")
R("inventory-go-test-json-jq", GO, "go test -vet=off -count=1 -json ./... | jq -r 'select(.Action==\"fail\" or .Action==\"pass\") | select(.Test) | \"\\(.Action)\\t\\(.Package)\\t\\(.Test)\"' | sort", GV, GN + "go test -json through jq: one line per passed/failed test, sorted.")
R("inventory-go-test-json-raw", GO, "go test -vet=off -count=1 -json ./pricing", GV, GN + "raw go test -json events for one package.", nd_masked="Time and Elapsed fields")
R("inventory-go-test-cover", GO, "go test -vet=off -count=1 -cover ./...", GV, GN + "-cover: coverage per package next to ok/FAIL.", nd_masked="durations", nd='package timings, and the concurrent-map crash (goroutine ids, addresses) differs between runs')
R("inventory-go-test-coverprofile-func", GO, "go test -vet=off -count=1 -coverprofile=/tmp/r25-cover.out ./internal/... ./pricing/... ./store/... ; go tool cover -func=/tmp/r25-cover.out", GV, GN + "coverprofile then go tool cover -func: per-function percentages.", nd_masked="durations")
R("inventory-go-test-run-count", GO, "go test -vet=off -count=1 -run 'TestTake/C3' -v ./store", GV, GN + "-run with a subtest pattern.", nd_masked="durations")
R("inventory-go-test-race", GO, "go test -vet=off -count=1 -race -run TestValueConcurrent ./store", GV, GN + "-race: WARNING: DATA RACE with goroutine stacks (read at Value, write at Put).", nd="goroutine ids, addresses and which accesses race first vary", timeout=280)
R("inventory-go-test-bench", GO, "go test -vet=off -run '^$' -bench . -benchmem ./store", GV, GN + "Benchmark with -benchmem.", nd_masked="ns/op and iteration counts")
R("inventory-go-test-shuffle", GO, "go test -vet=off -count=1 -shuffle=25 -v ./pricing", GV, GN + "-shuffle with a fixed seed ('-test.shuffle 25').", nd_masked="durations")
R("inventory-go-vet", GO, "go vet ./...", GV, GN + "go vet: printf wrong-type finding.")
R("inventory-go-run-panic", GO, "go run ./cmd/inv -v", GV, GN + "go run: output then a runtime panic (index out of range) with goroutine trace, exit 1 (status 2 from the program).")
R("inventory-go-list-json", GO, "go list -json ./... | jq -c '{ImportPath, GoFiles, Imports, TestGoFiles}'", GV, GN + "go list -json through jq -c.")
R("inventory-go-list-deps", GO, "go list -deps -f '{{if not .Standard}}{{.ImportPath}}{{end}}' ./cmd/inv; go list -deps ./cmd/inv | wc -l", GV, GN + "go list -deps with a template, then the count of all deps incl. std.")
R("inventory-gofmt-l-d", GO, "printf 'package ids\\nfunc  Bad( ) {\\nx:=1\\n_ = x}\\n' > internal/ids/bad.go; gofmt -l . ; gofmt -d internal/ids", GV, GN + "gofmt -l then -d on an unformatted file written by the command (removed after).", post="rm -f internal/ids/bad.go", reset="rm -f internal/ids/bad.go")
R("inventory-go-build-broken", GOB, "go build ./...", GV, GXN + "go build ./...: errors of store only (dependants not compiled).")
R("inventory-go-vet-broken", GOB, "go vet ./...", GV, GXN + "go vet ./...: type errors per package.")
R("inventory-go-test-broken", GOB, "go test -count=1 ./...", GV, GXN + "go test on a module that does not compile: store's type errors, pricing's vet failure, [build failed] per package while internal/ids still passes.")
R("inventory-go-build-broken-report", GOB, "go build ./report/ ./cmd/inv/", GV, GXN + "go build of two packages: store errors stop both.")

# ---------------- git at scale: bigrepo (pylint 4.1.4 sources, 183 commits made here) ----------------
GT = "$ git --version"
BN = ("bigrepo: pylint 4.1.4's installed sources committed here, 180 small commits by 7 authors (fixed dates), tags v4.1.1-4, "
      "12 checkers moved to legacy/ with a mode change, a binary logo and deleted functional utils in one refactor commit, 33 local branches "
      "tracking a local bare 'origin', one local-only commit; 40 modified files and 60 untracked files in the work tree. ")
R("bigrepo-status", G, "git status", GT, BN + "git status: ahead of origin by 1, 40 modified files, untracked dir.")
R("bigrepo-status-uall-short", G, "git status -s -uall", GT, BN + "status -s -uall: 100 lines of ' M' and '??'.")
R("bigrepo-status-porcelain-v2", G, "git status --porcelain=v2 --branch | head -n 30", GT, BN + "porcelain v2 with branch headers, head.")
R("bigrepo-diff-stat-worktree", G, "git diff --stat", GT, BN + "diff --stat of the 40 local edits.")
R("bigrepo-log-stat-100", G, "git log --stat -n 100", GT, BN + "log --stat of 100 commits (~900 lines).")
R("bigrepo-log-p-60", G, "git log -p -n 60", GT, BN + "log -p of the last 60 commits (the refactor diff plus small edits).")
R("bigrepo-log-oneline-graph", G, "git log --oneline --graph --decorate --all | head -n 120", GT, BN + "graph of all refs with decorations, head.")
R("bigrepo-show-refactor-stat", G, "git show --stat -M HEAD~1", GT, BN + "show --stat of the refactor commit: renames with {a => b}, a binary file, deletions.")
R("bigrepo-show-refactor-summary", G, "git show --summary --format='%h %s' -M HEAD~1", GT, BN + "--summary: rename/mode change/create/delete lines.")
R("bigrepo-diff-numstat", G, "git diff --numstat -M v4.1.1 HEAD~1", GT, BN + "--numstat between a tag and the refactor (renames as a => b, '-' for binary).")
R("bigrepo-diff-dirstat", G, "git diff --dirstat=files,2,cumulative v4.1.1 HEAD", GT, BN + "--dirstat=files,cumulative.")
R("bigrepo-diff-refactor-full", G, "git diff -M HEAD~2 HEAD~1", GT, BN + "Full diff of the refactor commit: rename headers, old mode/new mode, 'Binary files differ', the 40-replacement edit in pylinter.py.")
R("bigrepo-shortlog-sne", G, "git shortlog -sne HEAD", GT, BN + "shortlog -sne.")
R("bigrepo-shortlog-full", G, "git shortlog HEAD | head -n 80", GT, BN + "shortlog grouped by author with subjects, head.")
R("bigrepo-branch-a-vv", G, "git branch -a -vv", GT, BN + "branch -a -vv: 33 local branches with upstream/ahead/behind info and 34 remote-tracking ones.")
R("bigrepo-for-each-ref-tags", G, "git for-each-ref --sort=-creatordate --format='%(refname:short) %(objectname:short) %(creatordate:short) %(subject)' refs/tags refs/heads/feature", GT, BN + "for-each-ref with a format.")
R("bigrepo-blame-long", G, "git blame -w pylint/lint/pylinter.py", GT, BN + "blame of a 1400-line file touched by several commits.")
R("bigrepo-blame-porcelain-head", G, "git blame --line-porcelain -L 1,60 pylint/lint/pylinter.py", GT, BN + "blame --line-porcelain of 60 lines (header blocks per line).")
R("bigrepo-grep-n", G, "git grep -n 'def visit_call' -- 'pylint/checkers'", GT, BN + "git grep -n of visitor methods across checkers.")
R("bigrepo-grep-count", G, "git grep -c 'note [0-9]*: revisit'", GT, BN + "git grep -c of the inserted notes per file.")
R("bigrepo-ls-files-count", G, "git ls-files | wc -l && git ls-files | awk -F/ '{print $2}' | sort | uniq -c | sort -rn | head -n 15", GT, BN + "ls-files count and a per-directory breakdown.")
R("bigrepo-ls-files", G, "git ls-files -s pylint/checkers", GT, BN + "ls-files -s (mode, blob, stage, path) of the checkers dir.")
R("bigrepo-log-follow", G, "git log --follow --oneline --stat -- pylint/checkers/legacy/async_checker.py 2>&1 | head -n 40; ls pylint/checkers/legacy", GT, BN + "log --follow across the rename, and the legacy dir listing.")
R("bigrepo-reflog", G, "git reflog -n 30", GT, BN + "reflog (commits, branch moves).")
R("bigrepo-log-since-author", G, "git log --since=2026-01-20 --until=2026-02-10 --author='Chen' --format='%h %ad %an %s' --date=iso", GT, BN + "log with date range and author filter.")
R("bigrepo-cherry-v", G, "git cherry -v origin/main", GT, BN + "git cherry -v: the one local-only commit.")
R("bigrepo-rev-list-count", G, "git rev-list --count --all && git count-objects -vH", GT, BN + "rev-list --count and count-objects -vH.", nd_masked="object counts/sizes can change as git auto-packs")
R("bigrepo-diff-word", G, "git diff --word-diff -U1 HEAD~2 HEAD~1 -- pylint/lint/pylinter.py | head -n 80", GT, BN + "--word-diff on the 'self .' edit.")
R("bigrepo-stash-push-list", G, "git stash push -q -m 'wip local edits' && git stash list && git stash show --stat stash@{0} | tail -n 5 && git stash pop -q && git status -s | wc -l", GT, BN + "A chain: stash, list, show --stat, pop, count.", nd_masked="stash hash")

# ---------------- listings and reads over big installed trees ----------------
SP = S + "/venv/lib/python3.11/site-packages"
LN = "The scratch venv's site-packages (ty, ruff, mypy, pylint, pyright, hypothesis, pytest plugins ... installed from PyPI). "
R("sitepkg-du-top", SP, "du -sh * | sort -rh | head -n 25", "$ du --version | head -n 1", LN + "du -sh sorted, top 25.")
R("sitepkg-find-pyi-count", SP, "find . -name '*.pyi' | wc -l && find mypy/typeshed/stdlib -maxdepth 1 -name '*.pyi' | sort | head -n 200", "$ find --version | head -n 1", LN + "Typeshed stub count and a listing of 200 stdlib stubs.")
R("sitepkg-tree-hypothesis", SP, "tree -L 2 hypothesis", "$ tree --version", LN + "tree -L 2 of the hypothesis package.")
R("sitepkg-ls-laR-pytest", SP, "ls -laR _pytest | head -n 300", "$ ls --version | head -n 1", LN + "ls -laR head (permissions, sizes, dates of install).", nd_masked="none expected")
R("sitepkg-rg-n-context", SP, "rg -n -C 2 'def pytest_addoption' --glob '*.py'", "$ rg --version | head -n 1", LN + "rg -n -C 2 across plugins.")
R("sitepkg-rg-count", SP, "rg -c 'import typing' --sort path | head -n 60", "$ rg --version | head -n 1", LN + "rg -c per file, sorted, head.")
R("sitepkg-rg-files-with", SP, "rg -l 'TYPE_CHECKING' --sort path | wc -l && rg -l 'TYPE_CHECKING' --sort path -g 'pylint/**' ", "$ rg --version | head -n 1", LN + "rg -l count, then files in pylint.")
R("sitepkg-rg-stats", SP, "rg --stats -q 'deprecated' -t py; rg --stats 'class .*Warning\\(' -t py | tail -n 12", "$ rg --version | head -n 1", LN + "rg --stats summary block.", nd_masked="search time")
R("sitepkg-grep-rn-many", SP, "grep -rn 'raise NotImplementedError' --include='*.py' .", "$ grep --version | head -n 1", LN + "grep -rn with many matches.")
R("sitepkg-cat-record", SP, "cat pytest-*.dist-info/RECORD", "$ pip show pytest | sed -n 2p", LN + "A wheel RECORD file (path,sha256,size CSV).")
R("sitepkg-cat-big-py", SP, "cat _pytest/fixtures.py", "$ pip show pytest | sed -n 2p", LN + "cat of a 2000-line Python source file.")
R("sitepkg-head-typeshed-builtins", SP, "head -n 400 mypy/typeshed/stdlib/builtins.pyi", "$ mypy --version", LN + "head of builtins.pyi.")
R("sitepkg-pip-list-columns", SP, "pip list", "$ pip --version", LN + "pip list (columns).")
R("sitepkg-pip-list-json-jq", SP, "pip list --format=json | jq -r '.[] | select(.name|test(\"^(py|ty|ruff|mypy)\")) | \"\\(.name)==\\(.version)\"'", "$ pip --version", LN + "pip list --format=json through jq.")
R("sitepkg-pip-freeze", SP, "pip freeze", "$ pip --version", LN + "pip freeze.")
R("sitepkg-pip-check", SP, "pip check", "$ pip --version", LN + "pip check.")
R("sitepkg-pip-audit", SP, "pip-audit --progress-spinner off --desc off 2>&1 | tail -n 30", "$ pip-audit --version", LN + "pip-audit of the venv: only the package index is reachable from this sandbox, not PyPI's JSON API, so every dependency is reported as 'Dependency not found on PyPI and could not be audited' (tail of the table).", timeout=200)
R("sitepkg-pip-install-missing", SP, "pip install --no-index no-such-package-r25==1.0", "$ pip --version", LN + "pip install of an unknown package with --no-index: 'No matching distribution' error, exit 1.")

# ---------------- C build: cbuild (12 small C modules generated here) ----------------
CN = ("cbuild: 12 C modules generated here with the same defects each (unused variable, signed/unsigned compare, %d for unsigned, "
      "malloc(strlen) off-by-one), a double free in two of them and a syntax error (missing ';', undeclared identifier) in hash.c and queue.c. ")
R("cbuild-cmake-configure", CX, "cmake -S . -B /tmp/r25-cb -G Ninja", "$ cmake --version | head -n 1", CN + "cmake configure with Ninja: compiler detection, find_package(ZLIB) result.", reset="rm -rf /tmp/r25-cb")
R("cbuild-cmake-build-fail", CX, "cmake -S . -B /tmp/r25-cb -G Ninja >/dev/null && cmake --build /tmp/r25-cb", "$ cmake --version | head -n 1", CN + "cmake --build with Ninja: warnings from each compiled file, stops at the first failing file (ninja: build stopped).", reset="rm -rf /tmp/r25-cb", nd='ninja runs two compile jobs at once, so which file fails first and the warnings printed before it vary')
R("cbuild-ninja-k0", CX, "cmake -S . -B /tmp/r25-cb -G Ninja >/dev/null && ninja -C /tmp/r25-cb -k 0 -j 2", "$ echo ninja $(ninja --version)", CN + "ninja -k 0: keeps going, every file's warnings and both errors, 'subcommands failed'.", reset="rm -rf /tmp/r25-cb", nd="the order of the two parallel compile jobs' output varies")
R("cbuild-make-k", CX, "make -k", "$ make --version | head -n 1", CN + "make -k (serial): each gcc command, warnings, two failing objects, 'Target all not remade because of errors'.", reset="make clean >/dev/null")
R("cbuild-make-k-grep-errors", CX, "make -k 2>&1 | grep -E 'error|warning' | sort | uniq -c | sort -rn | head -n 20", "$ make --version | head -n 1", CN + "make -k through grep/sort/uniq: warning and error kinds counted.", reset="make clean >/dev/null")
R("cbuild-gcc-fanalyzer", CX, "gcc -fanalyzer -c src/list.c -o /tmp/r25-list.o && gcc -fanalyzer -c src/timer.c -o /tmp/r25-timer.o", "$ gcc --version | head -n 1", CN + "gcc -fanalyzer on the double-free modules: path diagnostics with numbered events.")
R("cbuild-clang-analyze", CX, "clang --analyze -Xanalyzer -analyzer-output=text src/list.c src/timer.c src/util.c", "$ clang --version | head -n 1", CN + "clang static analyzer text output (double free, leak, null deref notes).", post="rm -f *.plist", reset="rm -f *.plist")
R("cbuild-gcc-werror", CX, "gcc -Wall -Wextra -Werror -c src/log.c -o /tmp/r25-log.o", "$ gcc --version | head -n 1", CN + "-Werror turns the warnings into errors in a clean-syntax file.")

# ---------------- Python: wcwidth 0.2.13 (PyPI sdist) + hypothesis properties ----------------
WN2 = ("wcwidth 0.2.13 (PyPI sdist) with its own tests and a tests/test_props.py added here: four hypothesis properties (derandomized), "
       "two of them false (wcswidth is not additive over combining marks, and returns -1 for control characters). The project's tox.ini [pytest] addopts add --cov options and --color=yes; .hypothesis was added to its norecursedirs here (see the dir-error run for the original). ")
R("wcwidth-pytest-hypothesis-fail", WC, "pytest tests/test_props.py", PYT, WN2 + "Two hypothesis failures with shrunk 'Failing test case' blocks, assertion introspection and @reproduce_failure hints, coloured because tox.ini's addopts force --color=yes (its --cov-report=html writes htmlcov/ silently).", env=NOPLUG, nd_masked="durations", reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache", nd='function addresses, runtimes and the coverage table timing')
R("wcwidth-pytest-hypothesis-stats", WC, "pytest tests/test_props.py -q --hypothesis-show-statistics --no-cov --tb=line", PYT, WN2 + "--hypothesis-show-statistics: per-test phase statistics (generate/shrink counts, runtimes, stop reasons).", env=NOPLUG, nd_masked="runtimes", reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache", nd="function addresses in the assertion introspection and hypothesis' per-phase counts and runtimes")
R("wcwidth-pytest-collect", WC, "pytest --co -q --no-cov", PYT, WN2 + "Collection listing (-q).", env=NOPLUG, reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache", nd='the collection time')
R("wcwidth-mypy-strict", WC, "mypy --strict wcwidth", "$ mypy --version", WN2 + "mypy --strict on the untyped package.", reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache")
R("wcwidth-pydocstyle-flake8", WC, "flake8 --select=E,W,F,B,SIM --max-line-length=100 wcwidth bin | head -n 60", "$ flake8 --version | head -n 1", WN2 + "flake8 + plugins over the package and its bin/ scripts, head.", reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache")
R("wcwidth-ruff-github", WC, "ruff check --output-format github --select E,F,B,UP,PL wcwidth bin tests", "$ ruff --version", WN2 + "ruff GitHub-annotation format (::error title=...).", reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache")
R("wcwidth-table-head", WC, "wc -l wcwidth/*.py && sed -n 1,60p wcwidth/table_wide.py", "$ wc --version | head -n 1", WN2 + "line counts and the head of a generated Unicode table module.", reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache")
R("wcwidth-pytest-no-cov-plugin-error", WC, "pytest -q -p no:cov tests/test_core.py", PYT, WN2 + "Disabling pytest-cov with -p no:cov while tox.ini's addopts still passes --cov options: usage error, exit 4.", env=NOPLUG, reset="rm -rf .hypothesis htmlcov .coverage .pytest_cache")

# ---------------- everyday mistakes: the short failing commands agents run ----------------
R("bigrepo-switch-missing-branch", G, "git switch feature/does-not-exist", GT, BN + "switch to a branch that does not exist: fatal, exit 128.")
R("bigrepo-diff-exit-code", G, "git diff --exit-code --stat -- pylint/utils", GT, BN + "--exit-code with local edits: stat then exit 1.")
R("bigrepo-commit-nothing-staged", G, "git commit -m 'wip'", GT, BN + "commit with nothing staged: the status listing and 'no changes added to commit', exit 1.")
R("bigrepo-checkout-dirty-conflict", G, "git checkout topic/t20", GT, BN + "checkout of an older branch refused because local edits would be overwritten: the file list, 'Aborting', exit 1.")
R("bigrepo-ls-missing", G, "ls -la pylint/checkers/base pylint/checkers/basic", "$ ls --version | head -n 1", BN + "ls of one existing and one missing directory: listing plus 'cannot access', exit 2.")
R("bigrepo-python-import-error", G, "python -c 'import pylint.checkers.legacy.async_checker'", "$ python --version", BN + "Importing a moved module from the work tree: ModuleNotFoundError chain (no legacy/__init__.py, missing astroid deps path), exit 1.")
R("web-npm-run-missing", W, "npm run build", "$ echo npm $(npm --version)", WN + "npm run of a script that does not exist: the list of available scripts, exit 1.")
R("web-tsc-missing-project", W, "npx tsc -p tsconfig.build.json", "$ echo tsc $(npx tsc --version)", WN + "tsc -p with a missing tsconfig: TS5058, exit 1.")
R("humansize-cargo-test-missing-target", HS, "cargo test --test integration", CG, HN + "cargo test --test with a name that is not a target: the list of available test targets, exit 101.")
R("inventory-go-test-missing-pkg", GO, "go test ./billing/...", GV, GN + "go test of a directory pattern that does not exist: 'lstat ./billing/: no such file or directory', exit 1.")
R("schedule-pytest-missing-file", SO, "pytest tests/test_jobs.py", PYT, SO_NOTE + "pytest on a path that does not exist: 'ERROR: file or directory not found', exit 4.", env=NOPLUG, nd="the duration, whose width changes the padding of the '= no tests ran =' line")
R("schedule-python-syntax-error", SB, "python -c \"$(printf 'def f(:\\n    pass\\n')\"; python -m py_compile schedule/__init__.py test_schedule.py && echo compiled", "$ python --version", SB_NOTE + "A SyntaxError from python -c (caret block), then py_compile of the package succeeding.")
R("wcwidth-pytest-hypothesis-dir-error", WC, "pytest tests/test_props.py", PYT, WN2 + "Run with a .hypothesis/ directory left by an earlier run and the sdist's original tox.ini: it sets norecursedirs = .git .tox build, hypothesis' plugin warns and the warning is turned into a collection error; coloured output because tox.ini's addopts force colour; exit 4.", env=NOPLUG, reset="rm -rf htmlcov .coverage && mkdir -p .hypothesis && sed -i 's/^norecursedirs = .git .tox build .hypothesis$/norecursedirs = .git .tox build/' tox.ini", post="sed -i 's/^norecursedirs = .git .tox build$/norecursedirs = .git .tox build .hypothesis/' tox.ini; rm -rf .hypothesis")
R("web-tsc-ignoreconfig-files", W, "npx tsc --ignoreConfig --noEmit --strict --target es2022 --moduleResolution bundler --module esnext src/util.ts src/discount.ts", "$ echo tsc $(npx tsc --version)", WN + "The same with --ignoreConfig: strict errors of two files without noUnusedLocals.")
R("web-commitlint-no-config", W, "printf 'fix(cart): merge quantities of the same sku\\n' | npx commitlint", "$ npx commitlint --version", WN + "commitlint without a commitlint.config.* (moved away for this run): '[empty-rules]' problem, exit 9.", reset="mv commitlint.config.mjs /tmp/r25-cl.mjs", post="mv /tmp/r25-cl.mjs commitlint.config.mjs")

# ---------------- more new linters/type checkers on wcwidth 0.2.13 (py2-era code, bin/ scripts) ----------------
WN3 = "wcwidth 0.2.13 (PyPI sdist): a py2-compatible package (6 modules, generated tables) and five bin/ maintenance scripts. "
R("wcwidth-ty-check", WC, "ty check wcwidth bin", "$ ty --version", WN3 + "ty full diagnostics over package and scripts (unresolved imports of optional deps, possibly-unbound names).")
R("wcwidth-ty-github", WC, "ty check --output-format github wcwidth bin", "$ ty --version", WN3 + "ty --output-format github (::error/::warning annotations).")
R("wcwidth-ty-gitlab-jq", WC, "ty check --output-format gitlab wcwidth bin | jq -r '.[] | \"\\(.severity) \\(.location.path):\\(.location.positions.begin.line) \\(.check_name) \\(.description)\"'", "$ ty --version", WN3 + "ty GitLab Code Quality JSON through jq.")
R("wcwidth-ty-junit", WC, "ty check --output-format junit wcwidth", "$ ty --version", WN3 + "ty JUnit XML on the package alone (one import-not-found failure).")
R("wcwidth-pyupgrade-py38", WC, "cp -r wcwidth bin /tmp/r25-wc/ 2>/dev/null || (mkdir -p /tmp/r25-wc && cp -r wcwidth bin /tmp/r25-wc/); pyupgrade --py38-plus /tmp/r25-wc/wcwidth/*.py /tmp/r25-wc/bin/*.py; echo \"pyupgrade exit=$?\"; diff -ru wcwidth /tmp/r25-wc/wcwidth | head -n 80", "$ echo pyupgrade $(pip show pyupgrade | sed -n 2p | cut -d' ' -f2)", WN3 + "pyupgrade --py38-plus on a copy (Rewriting lines), then the diff head.", reset="rm -rf /tmp/r25-wc")
R("wcwidth-refurb", WC, "refurb wcwidth bin", "$ refurb --version | head -n 1", WN3 + "refurb over package and scripts.")
R("wcwidth-vulture", WC, "vulture wcwidth bin", "$ vulture --version", WN3 + "vulture at the default 60 % confidence.")
R("wcwidth-docformatter-check", WC, "docformatter --check -r wcwidth bin", "$ docformatter --version", WN3 + "docformatter --check: the list of files that would be reformatted, exit 3.")
R("wcwidth-autoflake-diff", WC, "autoflake -r wcwidth bin", "$ autoflake --version", WN3 + "autoflake without -i prints the diffs it would apply.")
R("wcwidth-deptry", WC, "deptry .", "$ deptry --version", WN3 + "deptry on a setup.py project without a pyproject.toml: an uncaught DependencySpecificationNotFoundError traceback, exit 1.")
R("wcwidth-pyroma", WC, "pyroma .", "$ echo pyroma $(pip show pyroma | sed -n 2p | cut -d' ' -f2)", WN3 + "pyroma rating of the sdist.", nd="the random /tmp/build-env-* directory in setuptools' warnings")
R("wcwidth-check-manifest", WC, "check-manifest --no-build-isolation", "$ check-manifest --version", WN3 + "check-manifest in an unpacked sdist: 'Couldn't find version control data', exit 2.", timeout=200)
R("wcwidth-xenon", WC, "xenon -b B -m A -a A wcwidth bin", "$ echo xenon $(pip show xenon | sed -n 2p | cut -d' ' -f2)", WN3 + "xenon thresholds: one ERROR line per complex block/module, exit 1.")
R("wcwidth-radon-cc", WC, "radon cc -s -a -nc wcwidth bin", "$ echo radon $(radon --version)", WN3 + "radon cc -nc: blocks ranked C or worse with scores, average line.")
R("wcwidth-pyright-json-jq", WC, "pyright --outputjson wcwidth bin | jq -r '.generalDiagnostics[] | \"\\(.file | sub(\".*/wcwidth-0.2.13/\"; \"\")):\\(.range.start.line+1) \\(.severity) \\(.rule // \"-\") \\(.message | split(\"\\n\")[0])\"' ; pyright --outputjson wcwidth bin | jq .summary", "$ pyright --version", WN3 + "pyright --outputjson through jq (file:line severity rule message) and the summary object.", nd_masked="timeInSec")
R("wcwidth-cspell-python", WC, "npx --prefix ../web cspell --no-progress 'wcwidth/wcwidth.py' 'bin/*.py' | tail -n 40", "$ echo cspell $(cd ../web && npx cspell --version)", WN3 + "cspell (from the web project) over Python sources: unknown words in identifiers and comments, tail.")

# ---------------- round-up: more formats/modes no earlier round had (fast runs) ----------------
R("wcwidth-ruff-sarif", WC, "ruff check --select E,F,B,UP --output-format sarif wcwidth bin | head -n 120", "$ ruff --version", WN3 + "ruff SARIF 2.1.0 JSON (tool.driver.rules, results with physicalLocation), head.")
R("wcwidth-ruff-azure", WC, "ruff check --select E,F,B,UP --output-format azure wcwidth bin", "$ ruff --version", WN3 + "ruff Azure Pipelines logging commands (##vso[task.logissue ...]).")
R("wcwidth-ruff-gitlab-jq", WC, "ruff check --select E,F,B,UP --output-format gitlab wcwidth bin | jq -r '.[] | \"\\(.location.path):\\(.location.positions.begin.line) \\(.check_name) \\(.description)\"' | sort | head -n 60", "$ ruff --version", WN3 + "ruff GitLab Code Quality JSON through jq, sorted, head.")
R("wcwidth-ruff-rdjson", WC, "ruff check --select F,B --output-format rdjson wcwidth bin", "$ ruff --version", WN3 + "ruff reviewdog rdjson output.")
R("schedule-ty-sarif", SB, "ty check --output-format sarif schedule | head -n 80", "$ ty --version", SB_NOTE + "ty SARIF output, head.")
R("schedule-ruff-rule-explain", SB, "ruff rule PLR2004 && ruff rule --output-format json B018 | jq '{name, code, linter, fix}'", "$ ruff --version", SB_NOTE + "ruff rule: the markdown explanation of a rule, then another as JSON through jq.")
R("schedule-ruff-show-settings", SB, "ruff check --show-settings schedule/__init__.py | head -n 70", "$ ruff --version", SB_NOTE + "ruff check --show-settings: resolved settings dump, head.")
R("schedule-mypy-linecount-report", SB, "mypy --linecount-report /tmp/r25-mypy-lc schedule >/dev/null; cat /tmp/r25-mypy-lc/linecount.txt", "$ mypy --version", SB_NOTE + "mypy --linecount-report, then the report file (typed/untyped line and function counts).", reset="rm -rf /tmp/r25-mypy-lc")
R("schedule-mypy-any-exprs", SB, "mypy --any-exprs-report /tmp/r25-mypy-any schedule >/dev/null; cat /tmp/r25-mypy-any/any-exprs.txt /tmp/r25-mypy-any/types-of-anys.txt", "$ mypy --version", SB_NOTE + "mypy --any-exprs-report: precision table and the types-of-anys table.", reset="rm -rf /tmp/r25-mypy-any")
R("schedule-pylint-msvs", SB, "pylint --output-format=msvs --disable=C,R schedule", "$ pylint --version | head -n 1", SB_NOTE + "pylint msvs format (path(line): [Wxxxx(symbol)obj] msg).", nd="pylint keeps persistent stats; the score line compares with the previous run")
R("schedule-pylint-msg-template", SB, "pylint --msg-template='{path}:{line}:{column}: {msg_id} {symbol}: {msg}' --score=n --disable=C schedule test_schedule.py | sort | uniq -c -w 30 | sort -rn | head -n 30", "$ pylint --version | head -n 1", SB_NOTE + "pylint with --msg-template and --score=n, piped through sort/uniq -c, head.")
R("schedule-vulture-whitelist", SB, "vulture --make-whitelist schedule test_schedule.py", "$ vulture --version", SB_NOTE + "vulture --make-whitelist: a Python whitelist file on stdout.")
R("schedule-radon-hal", SO, "radon hal -f schedule", "$ echo radon $(radon --version)", SO_NOTE + "radon hal -f: Halstead metrics per function.")
R("schedule-coverage-json-jq", SB, "pytest -q --tb=no --cov=schedule --cov-report= >/dev/null; coverage json -o /tmp/r25-cov.json && jq '.totals, (.files[\"schedule/__init__.py\"].missing_lines | length)' /tmp/r25-cov.json", "$ coverage --version | head -n 1", SB_NOTE + "pytest-cov collecting silently, then coverage json and jq over its totals.", env=NOPLUG, reset="rm -f .coverage /tmp/r25-cov.json")
R("web-eslint-json-with-metadata", W, "npx eslint -f json-with-metadata src/util.ts | jq '{results: [.results[] | {errorCount, warningCount, messages: [.messages[] | .ruleId]}], rules: (.metadata.rulesMeta | keys)}'", "$ echo eslint $(npx eslint --version)", WN + "eslint -f json-with-metadata through jq: results plus the rulesMeta keys.")
R("web-eslint-stats", W, "npx eslint --stats -f json src/discount.ts | jq '.[0].stats | {times: (.times.passes | length), fixPasses, rules: (.times.passes[0].rules | keys)}'", "$ echo eslint $(npx eslint --version)", WN + "eslint --stats timing data through jq.", nd_masked="timings")
R("web-tsc-explainfiles", W, "npx tsc --explainFiles --noEmit --pretty false | grep -v '^node_modules' | head -n 60", "$ echo tsc $(npx tsc --version)", WN + "tsc --explainFiles: the errors, then why each source file is in the program (lib files filtered out), head.")
R("web-tsc-listemitted", W, "npx tsc --noEmit false --outDir /tmp/r25-tsout --listEmittedFiles --noUnusedLocals false --noImplicitAny false", "$ echo tsc $(npx tsc --version)", WN + "tsc emitting to /tmp with --listEmittedFiles: TypeScript 6's TS5011 (rootDir must be set when outDir is used, with the ts6 migration link), yet the four TSFILE lines are emitted; exit 2.", reset="rm -rf /tmp/r25-tsout")
R("web-cspell-trace", W, "npx cspell trace recieves && npx cspell trace --only-found commiting", "$ echo cspell $(npx cspell --version)", WN + "cspell trace of a misspelt word: the dictionary-by-dictionary lookup table (only en-common-misspellings maps it to 'receives'), 'No matches found', exit 1, so the chained second trace does not run.")
R("humansize-cargo-tree-depth", HS, "cargo tree --depth 1 -e all --prefix depth", CG, HN + "cargo tree --depth 1 -e all --prefix depth (normal/build/dev edges).")
R("humansize-clippy-msg-short", HS, "cargo clippy --message-format short -- -W clippy::pedantic", "$ cargo clippy --version", HN + "clippy --message-format short with pedantic lints: one line per lint.", reset="touch src/lib.rs")
R("inventory-go-vet-json", GO, "go vet -json ./...", GV, GN + "go vet -json: analyzer findings as JSON keyed by package and analyzer.", nd='go vet prints the per-package JSON blocks in the order the packages finish')
R("inventory-go-test-list", GO, "go test -vet=off -list '.*' ./...", GV, GN + "go test -list: test/example names per package, without running them.")
R("inventory-go-doc", GO, "go doc -all ./store", GV, GN + "go doc -all of the store package.")

# ---------------- round-up 2: very long outputs and a few more modes ----------------
R("schedule-ruff-full-all", SB, "ruff check --select ALL --output-format full schedule test_schedule.py", "$ ruff --version", SB_NOTE + "Every ruff rule over package and 1600-line test module, full format with code frames and fix diffs: 1258 findings, very long.")
R("bigrepo-log-p-reverse-head", G, "git log -p --reverse | head -n 12000", GT, BN + "The whole history as patches, oldest first, cut at 12000 lines (mostly the import commit's new files).")
R("web-lib-dom-head", W, "head -n 8000 node_modules/typescript/lib/lib.dom.d.ts", "$ echo tsc $(npx tsc --version)", WN + "First 8000 lines of TypeScript 6's lib.dom.d.ts (interfaces, JSDoc links).")
R("schedule-pyright-verifytypes", SO, "pyright --verifytypes schedule --ignoreexternal", "$ pyright --version", SO_NOTE + "pyright --verifytypes: the public-symbol type completeness report (not a py.typed package), exit 1.")
R("schedule-pyright-dependencies", SB, "pyright --dependencies schedule | tail -n 30", "$ pyright --version", SB_NOTE + "pyright --dependencies | tail -n 30: the tail is the diagnostics block after the import listing (7 errors, 1 warning).")
R("schedule-pylint-list-msgs-enabled", SB, "pylint --list-msgs-enabled | head -n 60 && pylint --list-msgs-enabled | wc -l", "$ pylint --version | head -n 1", SB_NOTE + "pylint --list-msgs-enabled head and its line count.", nd='when head closes the pipe early pylint may die with a BrokenPipeError traceback (it did in the second run)')
R("schedule-ruff-analyze-graph", SB, "ruff analyze graph --direction dependents . ", "$ ruff --version", SB_NOTE + "ruff analyze graph: the module dependency map as JSON.")
R("wcwidth-vulture-sort-by-size", WC, "vulture --sort-by-size --min-confidence 0 wcwidth bin | head -n 40", "$ vulture --version", WN3 + "vulture --sort-by-size at confidence 0 (every unused-looking name with its size), head.")
R("humansize-cargo-check-timings", HS, "cargo check --timings", CG, HN + "cargo check --timings: the 'Timing report saved to target/cargo-timings/...' line.", reset="touch src/lib.rs", nd_masked="the timestamped report file name and elapsed time")
R("web-cspell-context", W, "npx cspell --no-progress --show-context --no-summary 'src/*.ts' 'test/*.ts' README.md components/*", "$ echo cspell $(npx cspell --version)", WN + "cspell with context over sources, tests, README and the .svelte/.vue components, no summary line.")
R("web-htmlhint-rules", W, "npx htmlhint --rules tag-pair,id-unique,attr-lowercase,alt-require -f unix public/index.html app/index.html", "$ echo htmlhint $(npx htmlhint --version)", WN + "htmlhint with an explicit rule list on two files (alt-require newly reported).")
