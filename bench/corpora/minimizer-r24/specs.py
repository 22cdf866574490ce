"""Run list for minimizer-r24 (see rec.py)."""
S = "/work/corpus-r24/scratch"
LED, SK, SC = S + "/c/ledger", S + "/c/strkit", S + "/c/scons"
CART, XT, XOK, DOC = S + "/py/cart", S + "/py/sd/xmltodict-0.13.0", S + "/py/sd/xmltodict-ok", S + "/py/sd/docopt-0.6.2"
GO, RS, GIT, LOGS, JVM, JS = S + "/go/tokenize", S + "/rust/rangeset", S + "/git/atlas", S + "/logs", S + "/jvm", S + "/js/shop"

RUNS = []
def r(name, cwd, cmd, tool, notes, **kw):
    d = dict(name=name, cwd=cwd, cmd=cmd, tool=tool, notes=notes); d.update(kw); RUNS.append(d)

GPP, GCC = "$ g++ --version", "$ gcc --version"
GT = "googletest 1.12.1 (Debian libgtest-dev)"
CATCH = "Catch2 2.13.10 (Debian catch2, single header)"
DOCT = "doctest 2.4.9 (Debian doctest-dev)"
LEDN = "ledger (C++17, written here): Ledger::balance drops debits, accounts() returns duplicates unsorted, parse_amount reads '1.5' as 105, close() aborts with a message when the balance is non-zero. "
SKN = "strkit (C, written here): sk_count_words ignores tabs/newlines, sk_slugify leaves a trailing dash, sk_parse_port has no range check. "
# ---------------- C/C++ unit test frameworks ----------------
r("gtest-ledger-build-and-run", LED, "g++ -std=c++17 -g test_gtest.cpp ledger.o -lgtest -lgtest_main -pthread -o t_gtest && ./t_gtest", GT,
  LEDN + "googletest run of 15 tests (value-parameterised ParseAmount, death tests, EXPECT_NEAR/DOUBLE_EQ): 7 failures with file:line, Expected/Which is, the failing parameter, a disabled-test notice and exit 1.",
  nd_masked="the GetParam() pointer value printed for const char* parameters changes (ASLR)")
r("gtest-filter-param-death", LED, "./t_gtest --gtest_filter='Amounts/*:*DeathTest*'", GT,
  LEDN + "Filtered to the parameterised amounts and death tests: death test with wrong regex shows the actual stderr ('cannot close cash: balance 10'), ZeroDoesNotDie 'failed to die'.",
  nd_masked="pointer values of const char* parameters and death-test timings")
r("gtest-brief", LED, "./t_gtest --gtest_brief=1", GT, LEDN + "--gtest_brief=1: only failures and the final summary are printed.", nd_masked="pointer values of parameters")
r("gtest-list-tests", LED, "./t_gtest --gtest_list_tests", GT, LEDN + "--gtest_list_tests: suites and tests, parameterised instances with '# GetParam() = ...' comments.", nd_masked="pointer values in the GetParam comments")
r("gtest-shuffle-repeat", LED, "./t_gtest --gtest_filter='LedgerBalance.*' --gtest_repeat=3 --gtest_shuffle --gtest_random_seed=7", GT,
  LEDN + "Three repetitions in shuffled order with a fixed seed: 'Repeating all tests (iteration N)' banners and the same 2 failures three times.")
r("gtest-also-run-disabled-pass", LED, "./t_gtest --gtest_also_run_disabled_tests --gtest_filter='LedgerSlow*:LedgerPost*'", GT, LEDN + "A passing selection including the DISABLED_ stress test; exit 0.")
r("gtest-color-forced", LED, "./t_gtest --gtest_color=yes --gtest_filter='LedgerAccounts*:LedgerFloat*'", GT, LEDN + "ANSI colour forced on: green/red banners around a vector mismatch and a DOUBLE_EQ/NEAR failure.")
r("gtest-xml-report", LED, "./t_gtest --gtest_filter='LedgerBalance.*:LedgerPost.*' --gtest_output=xml:/tmp/r24-gtest.xml > /dev/null; cat /tmp/r24-gtest.xml", GT,
  LEDN + "JUnit-style XML written by googletest and printed with cat: <testsuites> with failure elements holding the message in CDATA.", reset="rm -f /tmp/r24-gtest.xml", nd_masked="timestamp and time attributes")
r("gtest-template-compile-errors", LED, "g++ -std=c++17 -c test_bad.cpp -o /dev/null", GPP,
  LEDN + "test_bad.cpp compares a vector<string> to int with EXPECT_EQ, calls map::find with an int key and a misspelled method: long googletest template instantiation errors (EqHelper/CmpHelperEQ), 'did you mean balance'.")
r("catch2-ledger-fail", LED, "./t_catch", CATCH, LEDN + "Catch2 v2 console reporter: nested SECTIONs, GENERATE'd inputs with CAPTURE, REQUIRE_THROWS_WITH mismatch, an unexpected exception, a [!mayfail] test; totals 'test cases: 5 | 4 failed | 1 failed as expected'.")
r("catch2-compact", LED, "./t_catch -r compact", CATCH, LEDN + "Catch2 compact reporter: one line per failed assertion (file:line: failed: expr for: expansion) plus the summary.")
r("catch2-junit", LED, "./t_catch -r junit", CATCH, LEDN + "Catch2 JUnit XML reporter on stdout.", nd_masked="timestamp and time attributes")
r("catch2-xml-tag-filter", LED, "./t_catch -r xml '[ledger]'", CATCH, LEDN + "Catch2 XML reporter restricted to the [ledger] tag: <Section>, <Expression success=false> with <Original>/<Expanded>.", nd_masked="durations")
r("catch2-list-tests", LED, "./t_catch --list-tests", CATCH, LEDN + "Catch2 --list-tests: test names with their tags.")
r("catch2-success-sections", LED, "./t_catch 'balances' -s", CATCH, LEDN + "-s shows passing assertions too: every section path with PASSED/FAILED and expansions.")
r("doctest-ledger-fail", LED, "./t_doctest", DOCT, LEDN + "doctest console output: TEST_SUITE/TEST_CASE/SUBCASE paths, CHECK_MESSAGE with logged values, CHECK_THROWS_AS that did not throw, a WARN; summary with test-case and assertion counts.")
r("doctest-success-filter", LED, "./t_doctest -s -tc='parse*'", DOCT, LEDN + "doctest -s on the parse test case: passing and failing subcases with their expressions.")
r("doctest-xml-reporter", LED, "./t_doctest --reporters=xml", DOCT, LEDN + "doctest XML reporter: <TestCase> elements with <Expression> results and an <OverallResultsAsserts>.")
r("doctest-list-test-cases", LED, "./t_doctest -ltc", DOCT, LEDN + "doctest -ltc: list of test cases and the count.")
CM = "cmocka 1.1.5 (Debian libcmocka-dev)"
r("cmocka-strkit-fail", SK, "gcc -g test_cmocka.c strkit.c -lcmocka -o t_cmocka && ./t_cmocka", CM, SKN + "cmocka standard output: [ RUN ]/[ OK ]/[ FAILED ] rows, '[ ERROR ] --- 0x1 != 0x3' and '[ LINE ] --- file:line' for 4 failures, listed again at the end.")
r("cmocka-tap-output", SK, "CMOCKA_MESSAGE_OUTPUT=tap ./t_cmocka", CM, SKN + "cmocka TAP output (ok/not ok with # comments).")
r("cmocka-xml-output", SK, "CMOCKA_MESSAGE_OUTPUT=xml ./t_cmocka", CM, SKN + "cmocka xUnit XML on stdout with <failure> messages.", nd_masked="time attributes")
CK = "check 0.15.2 (Debian check)"
r("check-strkit-verbose", SK, "gcc -g test_check.c strkit.c $(pkg-config --cflags --libs check) -o t_check && ./t_check", CK,
  SKN + "libcheck CK_VERBOSE run: 'file:line:P/F/E:tcase:test:iter: message' per test incl. loop tests, a forked test killed by signal 11, and '44%: Checks: 9, Failures: 4, Errors: 1' (printed before the per-test lines).")
r("check-run-case", SK, "CK_RUN_CASE=words ./t_check", CK, SKN + "Only the 'words' tcase via CK_RUN_CASE: loop test iterations _i 0..3.")
r("check-nofork-segv", SK, "CK_FORK=no CK_RUN_CASE=slug_port ./t_check", CK, SKN + "CK_FORK=no: the NULL write in t_crash kills the whole runner (no summary), bash reports the segfault (with the pid), exit 139; the test lines printed before the crash are lost in the stdout pipe buffer.", nd_masked="the pid in bash's 'Segmentation fault' line")
r("cunit-strkit-verbose", SK, "gcc -g test_cunit.c strkit.c -lcunit -o t_cunit && ./t_cunit", "CUnit 2.1-3 (Debian libcunit1-dev)", SKN + "CUnit basic verbose mode: per-test 'passed'/'FAILED' with numbered assertion failures (file:line - expr) and the Run Summary table (suites/tests/asserts).", nd_masked="Elapsed time")
PK = "$ pkg-config --version | sed 's/^/pkg-config /'"
r("pkgconfig-missing-package", SK, "gcc test_check.c strkit.c $(pkg-config --cflags --libs check libyaml-0.1 gtk4) -o t_check2", PK, SKN + "pkg-config cannot find two packages and says which .pc to add to PKG_CONFIG_PATH; gcc then fails to link without -lcheck (undefined references).", nd="the linker names gcc's temporary object file /tmp/ccXXXXXX.o, a random name")
r("pkgconfig-modversion-libs", SK, "pkg-config --modversion gtest gmock cmocka check && pkg-config --libs --static check", PK, "pkg-config versions of the test frameworks installed this round, then check's static link line.")
r("pkgconfig-print-errors", SK, "pkg-config --print-errors --exists 'check >= 0.16' 'cmocka < 1.0'", PK, "Version constraints that do not hold: 'Requested ... but version of ... is ...' lines, exit 1.")
SCN = "scons project (SConstruct written here): a static lib from strkit.c, demo.c (unused variable) and bad.c (missing header, undefined symbol). "
SCT = "$ scons --version | sed -n 2p | sed 's/^\\s*//;s/\\.[0-9a-f]\\{40\\}.*//'"
r("scons-build-fail", SC, "scons -Q", SCT, SCN + "scons -Q: bad.c is compiled first and its missing header stops the build: the gcc command, the fatal error with caret, 'scons: *** [bad.o] Error 1', exit 2.", reset="scons -c -Q >/dev/null 2>&1")
r("scons-keep-going", SC, "scons -k", SCT, SCN + "scons -k with full banners (Reading SConscript files ... done, Building targets ...): builds what it can and ends with 'building terminated because of errors.'", reset="scons -c -Q >/dev/null 2>&1")
r("scons-dry-run-target", SC, "scons -n demo", SCT, SCN + "Dry run of the demo target: the commands it would run.", reset="scons -c -Q >/dev/null 2>&1")
r("scons-clean", SC, "scons -Q -k >/dev/null 2>&1; scons -c", SCT, SCN + "scons -c after a partial build: 'Removed ...' lines for the objects and programs.", reset="scons -c -Q >/dev/null 2>&1")
# ---------------- BDD / acceptance runners ----------------
CARTN = "cart (Python, written here): HALF coupon is off by one, TENOFF can go negative, remove() of a missing item raises KeyError; features/cart.feature has 8 scenarios (one Outline with 3 examples, one with an undefined step). "
BV = "$ behave --version"
r("behave-default", CART, "behave", BV, CARTN + "behave's default (plain, non-tty) output: every step with its result, assertion messages, a KeyError traceback, undefined-step snippet, 'Failing scenarios:' list and feature/scenario/step counts.", nd_masked="'Took 0m0.00Ns'")
r("behave-progress", CART, "behave -f progress", BV, CARTN + "behave progress formatter: dots/F/U per feature, then failures and the summary.", nd_masked="timing")
r("behave-dry-run-plain", CART, "behave --dry-run -f plain --no-timings", BV, CARTN + "Dry run: steps listed as untested/undefined without running them.")
r("behave-steps-usage", CART, "behave -f steps.usage --dry-run", BV, CARTN + "steps.usage formatter: each step definition with the feature lines that use it, and unused/undefined steps.")
r("behave-stop-first", CART, "behave --stop -f plain --no-timings --no-capture", BV, CARTN + "--stop: halts after the first failing scenario (Half price coupon, 81 != 80).")
r("behave-json-jq", CART, "behave -f json --no-summary -o /tmp/r24-behave.json >/dev/null; jq -r '.[].elements[] | \"\\(.status)\\t\\(.name)\"' /tmp/r24-behave.json", BV, CARTN + "behave's JSON report reduced with jq to status and scenario name.", reset="rm -f /tmp/r24-behave.json")
RB = "$ robot --version"
r("robot-verbose", CART + "/robot", "robot --outputdir /tmp/r24-robot .", RB, CARTN + "Robot Framework console (verbose): suite/test rows with | PASS |/| FAIL | and messages (No keyword with name 'Checkout With Gift Card', Total 81 != 80), statistics and output/log/report paths.", reset="rm -rf /tmp/r24-robot")
r("robot-dotted", CART + "/robot", "robot --console dotted --outputdir /tmp/r24-robot .", RB, CARTN + "Robot dotted console: '..FF.' then the failed tests with messages.", reset="rm -rf /tmp/r24-robot")
r("robot-include-tag", CART + "/robot", "robot --include coupon --outputdir /tmp/r24-robot --report NONE --log NONE .", RB, CARTN + "Only the test tagged coupon (Ten Off Small Cart: Total -10 != 0).", reset="rm -rf /tmp/r24-robot")
r("robot-dryrun", CART + "/robot", "robot --dryrun --outputdir /tmp/r24-robot --report NONE --log NONE .", RB, CARTN + "--dryrun: keyword checks only; the unknown keyword fails.", reset="rm -rf /tmp/r24-robot")
r("robot-rebot-failed", CART + "/robot", "robot --outputdir /tmp/r24-robot --report NONE --log NONE . >/dev/null; rebot --outputdir /tmp/r24-robot --output merged.xml --rerunfailed /tmp/r24-robot/output.xml /tmp/r24-robot/output.xml 2>&1 | tail -5; robot --rerunfailed /tmp/r24-robot/output.xml --outputdir /tmp/r24-robot/rerun --report NONE --log NONE .", RB,
  CARTN + "A chain as an agent would write it: run, then re-run only the failed tests with --rerunfailed (the rebot middle part errors: --rerunfailed is not a rebot option).", reset="rm -rf /tmp/r24-robot")
PB = "$ pip show pytest-bdd | sed -n 2p | sed 's/Version: /pytest-bdd /'"
r("pytest-bdd-verbose", CART, "pytest -v tests", PB, CARTN + "pytest-bdd scenarios() turned into tests: test_half_price_coupon etc. with outline parameters [0-apple-0]; StepDefinitionNotFoundError for the undefined step.", nd_masked="durations")
r("pytest-bdd-gherkin-reporter", CART, "pytest --gherkin-terminal-reporter -vv tests", PB, CARTN + "--gherkin-terminal-reporter: Feature/Scenario/step lines with passed/failed instead of test ids.", nd_masked="durations")
r("pytest-bdd-generate-missing", CART, "pytest --generate-missing --feature tests/cart.feature tests", PB, CARTN + "--generate-missing: lists scenarios and steps without bindings and prints Python code stubs for them.")
r("pytest-bdd-quiet-tb-short", CART, "pytest -q --tb=short -p no:cacheprovider tests", PB, CARTN + "Quiet run with short tracebacks.", nd_masked="duration")
DS = "$ detect-secrets --version | sed 's/^/detect-secrets /'"
r("detect-secrets-scan", CART, "detect-secrets scan --all-files --exclude-files '\\.venv|__pycache__' .", DS, CARTN + "detect-secrets baseline JSON (plugins_used, filters_used, results per file with type/hashed_secret/line_number) for settings.py with fake AWS/Stripe/GitHub/URL credentials and a PEM header.", nd_masked="generated_at timestamp")
r("detect-secrets-audit-report", CART, "detect-secrets scan --all-files . > /tmp/r24-secrets.json && detect-secrets audit --report /tmp/r24-secrets.json", DS, CARTN + "audit --report: JSON list of findings with lines and categories.", reset="rm -f /tmp/r24-secrets.json")
r("detect-secrets-hook", CART, "detect-secrets-hook settings.py deploy_key.pem cart.py", DS, CARTN + "The pre-commit hook form: 'ERROR: Potential secrets about to be committed to git repo!' with Secret Type/Location blocks, exit 1.")
# ---------------- xmltodict (PyPI sdist) ----------------
XTN = "xmltodict 0.13.0 sdist from PyPI with 3 injected bugs (force_list skips its first key, empty namespace prefix kept, unparse accepts 2 roots). "
PT = "$ pytest --version"
r("xmltodict-pytest-no-install", XT, "pytest -q", PT, XTN + "Bare `pytest` without installing the package: both test modules fail to import (ModuleNotFoundError: No module named 'xmltodict'), 'Interrupted: 2 errors during collection'.", nd_masked="duration")
r("xmltodict-python-m-pytest", XT, "python -m pytest -q", PT, XTN + "python -m pytest puts the cwd on sys.path: 4 failed, 54 passed, with unittest-style assertEqual diffs of dicts/strings.", nd_masked="duration")
r("xmltodict-unittest-discover", XT, "python -m unittest discover -v -s tests -t .", "$ python --version", XTN + "unittest discover with -s tests: the sdist's tests/ has no __init__.py, so discovery stops with 'ImportError: Start directory is not importable' and a runpy/unittest traceback.")
r("xmltodict-unittest-modules-v", XT, "python -m unittest -v tests.test_xmltodict tests.test_dicttoxml", "$ python --version", XTN + "unittest -v by module name: 'test_x (tests.test_xmltodict.XMLToDictTestCase.test_x) ... ok/FAIL' lines, FAIL blocks with tracebacks and dict/str diffs, 'FAILED (failures=4)'.", nd_masked="Ran N tests in Ns")
r("xmltodict-pytest-x-lf", XT, "python -m pytest -q -p no:cacheprovider -x --tb=line", PT, XTN + "-x --tb=line: stops at the first failure, one-line tracebacks.", nd_masked="duration")
r("xmltodict-ok-pytest-timeout", XOK, "python -m pytest -q --timeout=10 -p no:cacheprovider", PT, "Pristine xmltodict 0.13.0 with pytest-timeout: all 58 pass.", nd_masked="duration")
r("xmltodict-importtime", XOK, "python -X importtime -c 'import xmltodict' 2>&1 | sort -t'|' -k2 -n | tail -25", "$ python --version", "python -X importtime of xmltodict, sorted by cumulative microseconds, top 25 (expat, xml.sax...).", nd="microsecond timings change and so does the order")
r("xmltodict-cprofile-tottime", XOK, "python -m cProfile -s tottime profile_parse.py | head -40", "$ python --version",
  "cProfile sorted by tottime while xmltodict parses a generated 20000-item document (profile_parse.py, written here): the script's own line, then the ncalls/tottime/percall table, top 40 lines.", nd="per-function times change")
r("xmltodict-basedpyright", XOK, "basedpyright xmltodict.py", "$ basedpyright --version", "basedpyright (PyPI wheel) in its default 'recommended' mode on an untyped 2015-style module: many reportUnknown*/reportMissingParameterType errors and warnings with file:line:col and a count summary.")
r("xmltodict-basedpyright-json", XOK, "basedpyright --outputjson xmltodict.py | jq '.summary, (.generalDiagnostics | group_by(.rule) | map({rule: .[0].rule, n: length}))'", "$ basedpyright --version", "basedpyright --outputjson reduced with jq to the summary and counts per rule.", nd_masked="timeInSec")
BL = "$ black --version | head -1"
DOCN = "docopt 0.6.2 sdist (2014, not black/isort formatted). "
r("docopt-black-diff", DOC, "black --diff docopt.py", BL, DOCN + "black --diff: a long unified diff (quotes, wrapping) and 'would reformat docopt.py', exit 0.", nd_masked="the +++ header carries the current time")
r("docopt-black-check", DOC, "black --check .", BL, DOCN + "black --check on the sdist: 'would reformat' lines, 'Oh no!' summary with counts, exit 1.")
r("docopt-isort-diff", DOC, "isort --diff --check-only docopt.py setup.py test_docopt.py", "$ isort --version | grep VERSION | sed 's/ *VERSION /isort /'", DOCN + "isort --check-only --diff: ERROR lines for docopt.py and setup.py, their import-block diffs, and 'Broken 1 paths' for test_docopt.py, which the sdist does not ship; exit 1.", nd_masked="the diff headers carry the current time")
r("docopt-black-missing-path", DOC, "black --diff --color -l 100 setup.py test_docopt.py", BL, DOCN + "The sdist ships no test_docopt.py: black's click usage error for a missing path, exit 2.")
r("docopt-black-color-diff", DOC, "black --diff --color -l 100 setup.py examples/naval_fate.py examples/git/git.py", BL, DOCN + "black --diff with ANSI colour forced (--color) and line length 100 on three files.", nd="black works on the files in parallel, so the order of the diffs and of the 'would reformat' lines varies; the +++ headers carry the current time")
r("docopt-taplo-pyproject", DOC, "printf '[project]\\nname = \"docopt\"\\nversion = 0.6.2\\ndependencies = [\"a\",\"b\"]\\n[tool.black]\\nline-length=100\\n' > /tmp/r24-pyproject.toml; taplo check /tmp/r24-pyproject.toml; taplo fmt --check --diff /tmp/r24-pyproject.toml", "$ taplo --version", "taplo check on a pyproject.toml with an invalid bare version value (parse error with line/col and a caret), then fmt --check --diff.")
# ---------------- Go fuzzing / pprof ----------------
GOV = "$ go version"
GON = "tokenize (Go module, written here): Reverse swaps bytes (breaks multi-byte UTF-8), Split handles quoted phrases, Score is quadratic. "
r("go-fuzz-reverse-fail", GO, "go test -run XXX -fuzz FuzzReverse -fuzztime 20s .", GOV, GON + "Native fuzzing finds an input whose byte reversal is invalid UTF-8: 'fuzz: elapsed ... execs ...' progress, '--- FAIL: FuzzReverse', the failing input written to testdata/fuzz/FuzzReverse/<hash> and the command to re-run it.",
  reset="rm -rf testdata", nd="exec counts, timings, the minimised input and its file hash change")
r("go-fuzz-split-pass", GO, "go test -run XXX -fuzz FuzzSplit -fuzztime 4s .", GOV, GON + "A fuzz target that holds for 4 s: baseline coverage line, periodic progress lines, PASS.", reset="rm -rf testdata", nd="exec counts and interesting-input numbers change")
r("go-fuzz-regression-rerun", GO, "go test -run FuzzReverse -v .", GOV, GON + "After a fuzzing failure the saved corpus entry runs as a regression subtest: '--- FAIL: FuzzReverse/<hash>'.",
  reset="rm -rf testdata && mkdir -p testdata/fuzz/FuzzReverse && printf 'go test fuzz v1\\nstring(\"\\\\xc3\\\\xa9x\")\\n' > testdata/fuzz/FuzzReverse/6f4c2a1b9e0d", nd_masked="durations")
r("go-pprof-top", GO, "go tool pprof -top -nodecount=25 tok.test cpu.out", GOV, GON + "pprof -top of a saved CPU profile (go test -bench Score -cpuprofile): flat/cum table, 'Dropped N nodes' header.")
r("go-pprof-top-cum", GO, "go tool pprof -top -cum -nodecount=20 tok.test cpu.out", GOV, GON + "pprof -top -cum ordering.")
r("go-pprof-list", GO, "go tool pprof -list 'tokenize.Score' tok.test cpu.out", GOV, GON + "pprof -list: annotated source of Score with per-line flat/cum times.")
r("go-pprof-traces-head", GO, "go tool pprof -traces tok.test cpu.out | head -60", GOV, GON + "pprof -traces: sampled stacks separated by dashes, first 60 lines.")
r("go-bench-cpuprofile", GO, "go test -run XXX -bench . -benchmem -benchtime 100x -cpuprofile /tmp/r24-cpu.out -o /tmp/r24-tok.test . && go tool pprof -top -nodecount=12 /tmp/r24-tok.test /tmp/r24-cpu.out", GOV, GON + "Bench plus profile in one chain.", nd="ns/op, B/op and sampled times change")
# ---------------- Rust proptest ----------------
CG = "$ cargo --version"
RSN = "rangeset (Rust crate, written here, proptest 1.x dev-dependency): insert merges only with the previous range, so later overlapping ranges stay separate. "
r("proptest-shrink-fail", RS, "cargo test -q 2>&1 | grep -v '^\\s*Compiling'", CG, RSN + "cargo test piped through grep -v (so the exit status is grep's 0) with 3 proptest properties: 'Test failed: not normalized ...; minimal failing input: v = [...]' after shrinking, 'successes: N', proptest-regressions file notice, the panic and test summary.",
  reset="rm -rf proptest-regressions", nd="the random seed differs so the pre-shrink cases and success counts differ (the minimal input is usually the same)")
r("proptest-single-nocapture", RS, "PROPTEST_CASES=64 cargo test -q len_bounded -- --nocapture", CG, RSN + "One property with --nocapture and 64 cases: shrinking output of prop_assert_eq (left/right).", reset="rm -rf proptest-regressions", nd="random seeds")
r("proptest-regression-replay", RS, "cargo test -q stays_normalized 2>&1; cat proptest-regressions/lib.txt | head -20", CG, RSN + "Second run after a failure: the persisted seed is replayed first; then the regressions file (cc <hash> # shrinks to ...) is printed.",
  reset="rm -rf proptest-regressions; cargo test -q stays_normalized >/dev/null 2>&1", nd="seed hashes")
r("cargo-test-list", RS, "cargo test -q -- --list", CG, RSN + "--list: tests as 'name: test' lines and a count.")
r("cargo-lock-head", RS, "head -n 80 Cargo.lock && grep -c '^\\[\\[package\\]\\]' Cargo.lock", CG, "The generated Cargo.lock (proptest and its deps with checksums) through head, then the package count.")
r("taplo-fmt-cargo-toml", RS, "printf '[package]\\nname=\"rangeset\"\\nversion =   \"0.1.0\"\\nedition=\"2021\"\\n[dev-dependencies]\\nproptest = {version=\"1\",default-features=false,features=[\"std\"]}\\n' > /tmp/r24-Cargo.toml && taplo fmt --check --diff /tmp/r24-Cargo.toml", "$ taplo --version", "taplo fmt --check --diff on a badly spaced Cargo.toml: a tracing INFO line, a diff whose -/+ lines are ANSI-coloured even with NO_COLOR=1; exit 1.")
r("taplo-lint-schema", RS, "taplo lint Cargo.toml", "$ taplo --version", "taplo lint on the crate's own Cargo.toml: only a tracing INFO line (found files total=1), exit 0.")
# ---------------- git shapes ----------------
GV = "$ git --version"
GN = "atlas (git repo made here): 152 commits by 6 authors over Jan-Apr 2026, a rename projection.py -> proj.py at commit 91, tags v1.0 (light) and v1.1 (annotated), notes on two commits, branch feat-units conflicting with main in src/geo/units.py, branch moved (a block moved from point.py to polygon.py), a local submodule vendor/libgeo checked out one commit behind, a worktree ../atlas-wt on feat-units, 5 dangling blobs and an unreferenced commit. "
UNDO = "git merge --abort 2>/dev/null; git cherry-pick --abort 2>/dev/null; git rebase --abort 2>/dev/null; git bisect reset >/dev/null 2>&1; git checkout -q -f main; git reset -q --hard 59251a3"
r("git-merge-conflict-diff3", GIT, "git -c merge.conflictStyle=diff3 merge feat-units; git diff", GV, GN + "Merge with diff3 conflict markers (<<<<<<< HEAD / ||||||| merged common ancestors / ======= / >>>>>>>) and the combined diff (diff --cc) of the conflicted file.", reset=UNDO, post=UNDO)
r("git-merge-conflict-zdiff3-cat", GIT, "git -c merge.conflictStyle=zdiff3 merge feat-units; cat src/geo/units.py", GV, GN + "zdiff3 style conflict, the file shown with cat.", reset=UNDO, post=UNDO)
r("git-status-during-merge", GIT, "git merge feat-units >/dev/null; git status", GV, GN + "git status in the middle of a conflicted merge: 'You have unmerged paths', both modified, changes to be committed, submodule modified content.", reset=UNDO, post=UNDO)
r("git-ls-files-unmerged", GIT, "git merge feat-units >/dev/null; git ls-files -u && git diff --name-only --diff-filter=U", GV, GN + "Unmerged index stages (mode hash stage path) and the conflicted file names.", reset=UNDO, post=UNDO)
r("git-cherry-pick-conflict", GIT, "git cherry-pick feat-units~1", GV, GN + "cherry-pick of the conflicting commit: CONFLICT (content), hints about --continue/--skip/--abort, exit 1.", reset=UNDO, post=UNDO)
r("git-rebase-conflict", GIT, "git checkout -q feat-units -- 2>/dev/null; git switch -q -c rb feat-units 2>&1; git rebase main", GV, GN + "Rebase of a copy of feat-units onto main: the first commit conflicts ('Could not apply <hash>...'), resolve hints.", reset=UNDO + "; git branch -D rb >/dev/null 2>&1", post=UNDO + "; git branch -D rb >/dev/null 2>&1")
r("git-rebase-i-bad-todo", GIT, "GIT_SEQUENCE_EDITOR=\"sed -i '1s/^pick/squash/; 2s/^pick/frobnicate/'\" git rebase -i HEAD~4", GV, GN + "Interactive rebase whose todo list was edited by a script: an unknown command 'frobnicate' and a squash without a previous commit; git reports the bad lines and how to fix with --edit-todo.", reset=UNDO, post=UNDO)
r("git-fsck-unreachable", GIT, "git fsck --unreachable --no-reflogs", GV, GN + "fsck listing unreachable blobs/commit/tree (hashes) and 'Checking object directories' style lines.")
r("git-fsck-full", GIT, "git fsck --full --strict", GV, GN + "Full fsck: dangling objects only (reflogs keep the commit reachable).")
r("git-count-objects-gc", GIT, "git count-objects -vH && git gc --quiet && git count-objects -vH", GV, GN + "Loose vs packed object counts before and after gc.", nd="the first run packs every loose object, so the second run starts from a packed repo (the 'before' block differs)")
r("git-clone-local-progress", S + "/git", "git clone --progress --no-local atlas /tmp/r24-clone", GV, GN + "Clone over the file transport (--no-local) with --progress forced: Enumerating/Counting/Compressing/Receiving objects lines joined by \\r, Resolving deltas.", reset="rm -rf /tmp/r24-clone", nd_masked="transfer rates")
r("git-clone-recurse-submodules", S + "/git", "git -c protocol.file.allow=always clone --recurse-submodules atlas /tmp/r24-clone2", GV, GN + "Clone with --recurse-submodules: Submodule 'vendor/libgeo' registered, cloning into, 'Submodule path ... checked out <hash>'.", reset="rm -rf /tmp/r24-clone2")
r("git-repack-verify-pack", GIT, "git repack -adf -q && git verify-pack -v .git/objects/pack/*.idx | sort -k3 -n | tail -15", GV, GN + "repack then verify-pack -v: the 15 biggest objects (sha type size size-in-pack offset [depth base]) after a numeric sort on the size column.")
r("git-submodule-status-summary", GIT, "git submodule status && git submodule summary && git diff --submodule=log", GV, GN + "submodule status with '+' (checked-out commit differs), summary with the commits between, diff --submodule=log.")
r("git-submodule-update-foreach", GIT, "git -c protocol.file.allow=always submodule update --init && git submodule foreach 'git log --oneline -1'", GV, GN + "submodule update moves vendor/libgeo back to the recorded commit, foreach prints 'Entering ...' and the head commit.", reset="git -C vendor/libgeo checkout -q --detach main~1", post="git -C vendor/libgeo checkout -q --detach main~1")
r("git-worktree-list", GIT, "git worktree list && git worktree list --porcelain", GV, GN + "worktree list, plain and porcelain.", nd_masked="none")
r("git-notes-log", GIT, "git log --notes -4 --format=medium", GV, GN + "git log showing 'Notes:' sections under commits.")
r("git-log-follow-stat", GIT, "git log --follow --stat --format='%h %ad %an%n    %s' --date=short -- src/geo/proj.py | head -80", GV, GN + "History of a renamed file with --follow: the rename commit shows '{projection.py => proj.py}'.")
r("git-log-L-function", GIT, "git log -L :to_meters:src/geo/units.py --format='%h %s'", GV, GN + "Line-range log of one function: each commit's diff restricted to to_meters.")
r("git-shortlog-sn", GIT, "git shortlog -sn --all && git shortlog -sne HEAD~40..HEAD", GV, GN + "shortlog counts per author (all refs), then with e-mails for the last 40 commits.")
r("git-shortlog-grouped", GIT, "git shortlog HEAD", GV, GN + "Default shortlog: per-author commit subjects, wrapped and indented (150+ lines).")
r("git-diff-color-moved", GIT, "git diff --color-moved=zebra --color=always main moved -- src/geo", GV, GN + "A block moved between files shown with --color-moved=zebra and ANSI colour forced.")
r("git-diff-word-diff-color", GIT, "git diff --word-diff=color main feat-units -- src/geo/units.py", GV, GN + "Word-level diff with colour (ANSI) between the conflicting branches.")
r("git-diff-word-diff-porcelain", GIT, "git diff --word-diff=porcelain main feat-units -- src/geo/units.py", GV, GN + "--word-diff=porcelain: '+'/'-'/' ' token lines and '~' line breaks.")
r("git-bisect-run", GIT, "git bisect start HEAD v1.0 >/dev/null && git bisect run sh -c '! grep -q \"return x \\* 140$\" src/geo/*.py src/*.py docs/*.md 2>/dev/null'; git bisect log | tail -5", GV, GN + "bisect run with a grep-based check: 'running ...', 'Bisecting: N revisions left to test after this (roughly M steps)', '<hash> is the first bad commit' with the commit's stat, then the bisect log tail.", reset=UNDO, post=UNDO)
r("git-grep-function-context", GIT, "git grep -n -p -e 'return x \\* 7[0-9]$' -- '*.py'", GV, GN + "git grep with -p: each match preceded by the enclosing function header line (file=line=def ...).")
r("git-grep-count-files", GIT, "git grep -c 'def f' && git grep -l 'return x \\* 1[0-9]$'", GV, GN + "git grep counts per file and a file list.")
r("git-log-graph-all", GIT, "git log --graph --oneline --decorate --all -30", GV, GN + "Graph of all refs (main, feat-units, moved, tags, notes ref, refs/stash none) — 30 commits.")
r("git-describe-tags", GIT, "git describe --tags --long && git tag -n5 && git for-each-ref --sort=-creatordate --format='%(refname:short) %(objecttype) %(creatordate:short) %(subject)' refs/tags refs/heads", GV, GN + "describe, tags with annotation text, for-each-ref table.")
r("git-cat-file-tree", GIT, "git cat-file -p HEAD^{tree} && git cat-file -p v1.1 && git ls-tree -r -l --abbrev HEAD", GV, GN + "Low-level object views: a tree (including the submodule gitlink 160000 commit), an annotated tag object and a recursive ls-tree with sizes.")
r("git-log-diff-filter-rename", GIT, "git log --diff-filter=R -M --summary --format='%h %s' && git log -S'return x * 42' --oneline --all", GV, GN + "Commits with renames (rename ... (100%)) and a pickaxe search.")
r("git-show-notes-stat-merge", GIT, "git merge -q --no-edit -X theirs feat-units 2>&1; git show --stat --format=fuller HEAD", GV, GN + "A merge resolved with -X theirs, then show --stat of the merge commit (Merge: line, fuller format dates).", reset=UNDO, post=UNDO,
  env={"GIT_AUTHOR_DATE": "2026-05-01T12:00:00Z", "GIT_COMMITTER_DATE": "2026-05-01T12:00:00Z"})
r("git-reflog-after-reset", GIT, "git reset -q --hard HEAD~3 && git reflog -8 && git reset -q --hard HEAD@{1}", GV, GN + "Reflog after a hard reset (reset: moving to HEAD~3, checkout, merge entries), then back.", reset=UNDO, post=UNDO, nd="earlier runs' resets and merges add reflog entries")
r("git-stash-list-show", GIT, "echo tmp >> src/cli.py && git stash push -q -m 'wip cli' && echo x >> docs/usage.md && git stash push -q -m 'wip docs' && git stash list && git stash show -p stash@{1}; git stash clear", GV, GN + "Two stashes, the list and a stash diff.", reset=UNDO + "; git stash clear", post=UNDO, nd_masked="stash hashes")
# ---------------- logs ----------------
JQ, GR = "$ jq --version", "$ grep --version | head -1"
PINO = "app.jsonl (generated here, seed 2424): 3000 pino-style JSON log lines of an HTTP API (level 30/40/50/60, time in ms, reqId, req/res objects, responseTime, err objects with a stack on errors). "
WK = "worker.log (generated here): 1800 structlog-style lines 'ISO-time [level] event key=value ...' of a job queue, with job.failed errors. "
NG = "nginx-error.log (generated here): 900 nginx error-log lines (connect() failed upstream, buffered to temporary file warnings, open() favicon failures, SSL handshake crit). "
r("jsonl-jq-errors-compact", LOGS, "jq -c 'select(.level >= 50) | {time, reqId, url: .req.url, err: .err.message}' app.jsonl", JQ, PINO + "jq select of error/fatal lines reduced to 4 keys, one compact object per line.")
r("jsonl-jq-fatal-pretty", LOGS, "jq 'select(.level == 60)' app.jsonl", JQ, PINO + "The fatal entries pretty-printed by jq (nested req/res/err with a multi-line stack string escaped as \\n).")
r("jsonl-jq-slurp-group", LOGS, "jq -s 'group_by(.req.url) | map({url: .[0].req.url, n: length, errors: map(select(.level >= 50)) | length, p95: (map(.responseTime) | sort | .[(length * 0.95 | floor)])})' app.jsonl", JQ, PINO + "Slurped aggregation per route: count, errors and p95 response time.")
r("jsonl-grep-level50-head", LOGS, "grep '\"level\":50' app.jsonl | head -20", GR, PINO + "Raw grep of error lines: long single-line JSON records with embedded stack traces.")
r("jsonl-cat-full", LOGS, "cat app.jsonl", "coreutils cat", PINO + "The whole file through cat (3000 long JSON lines, ~850 KB).")
r("jsonl-tail-jq", LOGS, "tail -n 25 app.jsonl | jq .", JQ, PINO + "Last 25 records pretty-printed (about 400 lines).")
r("jsonl-jq-status-counts", LOGS, "jq -r '.res.statusCode' app.jsonl | sort | uniq -c | sort -rn && jq -r 'select(.responseTime > 200) | [.reqId, .req.method, .req.url, .responseTime] | @tsv' app.jsonl | column -t | head -30", JQ, PINO + "Status-code histogram, then slow requests as a column -t table.")
r("jsonl-jq-parse-error", LOGS, "head -c 5000 app.jsonl | jq -c '.msg'", JQ, PINO + "jq on a file cut mid-record: values for complete lines and 'parse error: Unfinished string at EOF at line 22, column 121' (printed first: stderr is unbuffered, stdout is a pipe), non-zero exit.")
r("structlog-grep-failed", LOGS, "grep -n 'job.failed' worker.log", GR, WK + "All job.failed lines with line numbers.")
r("structlog-sed-levels", LOGS, "sed -E 's/^[^ ]+ \\[([a-z]+) *\\] +([a-z.]+).*/\\1 \\2/' worker.log | sort | uniq -c | sort -rn", "$ sed --version | head -1", WK + "Counts of level/event pairs extracted with sed -E.")
r("structlog-cat-full", LOGS, "cat worker.log", "coreutils cat", WK + "The whole structlog file (1800 lines).")
r("structlog-grep-context", LOGS, "grep -n -C 2 \"attempt=5\" worker.log | head -60", GR, WK + "grep -C 2 around fifth-attempt failures, '--' separators, first 60 lines.")
r("nginx-crit-lines", LOGS, "grep -F '[crit]' nginx-error.log", GR, NG + "All SSL handshake crit lines (~90).")
r("nginx-level-histogram", LOGS, "cut -d' ' -f3 nginx-error.log | sort | uniq -c | sort -rn && grep -o 'upstream: \"[^\"]*\"' nginx-error.log | sort | uniq -c", "coreutils cut", NG + "Level histogram and upstream counts.")
r("nginx-tail-100", LOGS, "tail -n 100 nginx-error.log", "coreutils tail", NG + "Last 100 lines.")
r("python-logging-tracebacks", LOGS, "python3 pylog.py", "$ python3 --version", "pylog.py (written here): an importer that logs log.exception for 18 bad rows (ValueError/IndexError tracebacks repeated with the same frames), an info count, then a chained 'The above exception was the direct cause' traceback at CRITICAL; exit 2.")
r("ci-script-set-x", LOGS, "bash ci.sh", "$ bash --version | head -1", "ci.sh (written here): a CI-like script with set -euxo pipefail, ::group::/::endgroup:: markers, a for loop traced by xtrace and a failing test step (exit 1).")
# ---------------- JVM ----------------
JV = "$ java -version 2>&1 | head -1"
r("java-caused-by-chain", JVM, "java Billing", JV, "Billing.java (written here): ServiceException caused by RepoException caused by NumberFormatException, thrown 13 frames deep: 'Exception in thread \"main\"', 'Caused by:' sections with '... N more'.")
r("java-helpful-npe", JVM, "java Billing npe", JV, "Billing npe mode: a helpful NullPointerException ('Cannot invoke \"String.length()\" because the return value of \"java.util.Map.get(Object)\" is null').")
r("javac-errors", JVM, "javac -Xdiags:verbose Broken.java", "$ javac -version", "Broken.java (written here): missing class Square, lossy double->int, unknown method radius() on an interface, wrong map value type; javac -Xdiags:verbose with carets and 'symbol:/location:' lines, '4 errors'.")
r("java-stack-overflow-head", JVM, "java -Xss256k -cp . Billing 2>&1 | head -30; echo 'class Rec { static int f(int n) { return f(n + 1) + 1; } public static void main(String[] a) { f(0); } }' > /tmp/Rec.java && java /tmp/Rec.java 2>&1 | head -12", JV, "Single-file source launch of a runaway recursion: StackOverflowError with repeated 'at Rec.f(Rec.java:1)' frames (head -12) after the Billing chain.")
# ---------------- JS: tape, cucumber-js, node:test, pino, npm ----------------
NV = "$ node --version | sed 's/^/node /'"
SHOPN = "shop (npm project made here: tape, @cucumber/cucumber, pino): cart.js HALF coupon is off by one; fig price typo in one test. "
TAPEV = "$ npm ls tape --depth=0 | grep tape | sed 's/.*tape@/tape /'"
CUCV = "$ npx cucumber-js --version | sed 's/^/cucumber-js /'"
r("tape-fail", JS, "npx tape test/cart.tape.js", TAPEV, SHOPN + "tape TAP output: not ok with YAML blocks (operator, expected, actual, at: file:line:col, stack), a plan mismatch ('plan != count'), summary '# fail 4'.")
r("tape-pass-subset", JS, "node -e \"require('tape')('quick', t => { t.ok(1); t.equal(2, 2); t.end(); })\"", TAPEV, SHOPN + "A passing tape test written inline with node -e.")
r("cucumberjs-progress", JS, "npx cucumber-js", CUCV, SHOPN + "cucumber-js default progress formatter: ./F/U/- characters, failure blocks with AssertionError and step locations, undefined-step snippet, scenario/step counts and timing.", nd_masked="execution time")
r("cucumberjs-summary", JS, "npx cucumber-js --format summary", CUCV, SHOPN + "summary formatter.", nd_masked="execution time")
r("cucumberjs-usage", JS, "npx cucumber-js --format usage --dry-run", CUCV, SHOPN + "usage formatter: table of step definitions with pattern, location and durations (dry-run).", nd_masked="durations")
r("cucumberjs-json-jq", JS, "npx cucumber-js --format json:/tmp/r24-cuke.json >/dev/null; jq -r '.[].elements[] | [.name, (.steps | map(.result.status) | join(\",\"))] | @tsv' /tmp/r24-cuke.json", CUCV, SHOPN + "JSON report reduced to scenario name and step statuses.", reset="rm -f /tmp/r24-cuke.json")
r("cucumberjs-rerun-snippets", JS, "npx cucumber-js --format rerun --format snippets:/tmp/r24-snip.txt; echo; cat /tmp/r24-snip.txt", CUCV, SHOPN + "rerun formatter (feature:line list of failed scenarios) and snippets written to a file.", reset="rm -f /tmp/r24-snip.txt")
r("cucumberjs-tags-name", JS, "npx cucumber-js --name 'Ten off' --format progress-bar", CUCV, SHOPN + "Scenarios filtered by name with the progress-bar formatter on a non-tty.", nd_masked="execution time")
r("node-test-default", JS, "node --test test/", NV, SHOPN + "node --test test/ runs both files (the tape file as a child-process test file); node 20's non-tty default reporter is TAP: subtests with YAML diagnostics (duration_ms, failureType, error, expected/actual, stack), skip/todo, summary.", nd_masked="duration_ms")
r("node-test-spec", JS, "node --test --test-reporter=spec test/", NV, SHOPN + "spec reporter: tree of describe/it with ✔/✖, failing tests detail section.", nd_masked="durations")
r("node-test-dot", JS, "node --test --test-reporter=dot test/", NV, SHOPN + "dot reporter: a row of dots and X's, then a 'Failed tests:' section with each failure's assertion and stack.", nd_masked="durations")
r("node-test-name-pattern", JS, "node --test --test-name-pattern='halves|lists' --test-reporter=spec test/", NV, SHOPN + "Name pattern filter.", nd_masked="durations")
r("pino-app-run", JS, "node app.js", NV, SHOPN + "app.js logs with real pino: child loggers with orderId, an error serialised with type/message/stack (absolute paths under the scratch dir), a warn line.")
r("pino-app-jq", JS, "node app.js | jq -c 'select(.level >= 40) | {level, orderId, msg, err: .err.message}'", NV, SHOPN + "The pino output filtered with jq.")
NPMV = "$ npm --version | sed 's/^/npm /'"
r("npm-explain", JS, "npm explain minimatch", NPMV, SHOPN + "npm explain: each installed copy of minimatch and the dependency chains that pull it in.")
r("npm-query-deps", JS, "npm query ':root > *' | jq -r '.[] | \"\\(.name)@\\(.version) \\(.license)\"'", NPMV, SHOPN + "npm query (CSS-like selector) of direct dependencies, reduced with jq.")
r("npm-ls-all", JS, "npm ls --all", NPMV, SHOPN + "npm ls --all: the full tree (deduped markers) of ~260 packages.")
r("package-lock-head", JS, "head -n 120 package-lock.json && jq '.packages | length' package-lock.json", NPMV, SHOPN + "package-lock.json v3 through head (resolved/integrity/engines entries), then a package count.")
r("minified-js-head", JS, "head -c 4000 node_modules/source-map/dist/source-map.min.js; echo; wc -c node_modules/source-map/dist/source-map.min.js", "coreutils head", "First 4000 bytes of a minified bundle from node_modules (one very long line), then its size.")
r("pnpm-like-grep-lock", JS, "grep -n -A3 '\"node_modules/pino\"' package-lock.json && grep -c integrity package-lock.json", GR, SHOPN + "grep -A3 of one lockfile entry and an integrity count.")
# ---------------- misc files and listings ----------------
r("msgunfmt-po-head", S, "msgunfmt /usr/share/locale/de/LC_MESSAGES/Linux-PAM.mo | head -120", "$ msgunfmt --version | head -1", "A Debian .mo catalogue turned back into .po text (msgid/msgstr pairs, plural forms, header entry), first 120 lines.")
r("msgfmt-check-errors", S, "printf 'msgid \"\"\\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\\\nPlural-Forms: nplurals=2; plural=(n != 1);\\\\n\"\\n\\nmsgid \"%%d file\"\\nmsgid_plural \"%%d files\"\\nmsgstr[0] \"%%s Datei\"\\nmsgstr[1] \"%%d Dateien\"\\n\\nmsgid \"Hello %%s\"\\nmsgstr \"Hallo\"\\n\\nmsgid \"dup\"\\nmsgstr \"a\"\\n\\nmsgid \"dup\"\\nmsgstr \"b\"\\n' > /tmp/r24-de.po && msgfmt --check --statistics -o /dev/null /tmp/r24-de.po", "$ msgfmt --version | head -1", "msgfmt --check on a hand-written .po with a format mismatch (%s vs %d), a missing %s and a duplicate msgid: the duplicate definition is reported (file:line and the first definition's line) and stops the check, 'found 1 fatal error', exit 1.")
r("svg-head", S, "f=$(find /usr/share -name '*.svg' -size +8k 2>/dev/null | sort | head -1); echo \"$f\"; head -c 3000 \"$f\"", "coreutils head", "The first large SVG under /usr/share, first 3000 bytes (XML with long path data).")
# ---------------- large outputs ----------------
r("jsonl-jq-pretty-head-6000", LOGS, "jq . app.jsonl | head -n 6000", JQ, PINO + "The whole file pretty-printed by jq, cut at 6000 lines by head (the full output is ~49000 lines).")
r("git-log-patch-all", GIT, "git log -p --stat --format='commit %H%nAuthor: %an <%ae>%nDate:   %ad%n%n    %s%n' main", GV, GN + "Full history of main with --stat and patches (~3300 lines), as an agent pastes when looking for where a function appeared.")
r("catch2-success-all", LED, "./t_catch -s -d yes", CATCH, LEDN + "Catch2 with -s (every passing assertion) and -d yes (durations per test case).", nd_masked="durations")
r("npm-ls-all-long", JS, "npm ls --all --long", NPMV, SHOPN + "npm ls --all --long: every package with its description, homepage/repository line and path, ~1200 lines.")
