"""Run list for minimizer-r23 (see rec.py)."""
S = "/work/corpus-r23/scratch"
TB, WF = S + "/c/tokbag", S + "/c/warnfarm"
GO, GOV = S + "/go/meterd", S + "/go/meterd-vet"
CT, CTOK, TZ, DATA = S + "/py/cachetools-5.5.0", S + "/py/cachetools-ok", S + "/py/toolz-0.12.1", S + "/py/data"
ANS, SITE, DOCS, MK, SH = S + "/infra/ansible", S + "/infra/site", S + "/infra/docs", S + "/infra/mk", S + "/infra/shell"
LOGS, JS, JSOK, L = S + "/logs", S + "/js/mono", S + "/js/mono-ok", S + "/lang"
ANSENV = {"ANSIBLE_NOCOLOR": "1", "ANSIBLE_LOCALHOST_WARNING": "False", "ANSIBLE_INVENTORY_UNPARSED_WARNING": "False"}

RUNS = []
def r(name, cwd, cmd, tool, notes, **kw):
    d = dict(name=name, cwd=cwd, cmd=cmd, tool=tool, notes=notes); d.update(kw); RUNS.append(d)

GCC, CLANG, GO_V = "$ gcc --version", "$ clang --version", "$ go version"
TBN = "tokbag (C, written here): a word-frequency hash bag; tokbag_add allocates len bytes for a len+1 copy unless built with -DFIXNUL=1, tokbag_free leaks every word's text, main.c has uaf/double/stack/overflow modes that misuse it. "
ASLR = "addresses and the pid in the report change per run"
# ---------------- C sanitizers / analyzers ----------------
r("asan-heap-overflow-add", TB, "gcc -g -O0 -fsanitize=address -o /tmp/r23-tb-asan main.c tokbag.c && /tmp/r23-tb-asan count", GCC,
  TBN + "AddressSanitizer heap-buffer-overflow (WRITE of size 6 in memcpy from tokbag_add), with allocation stack and shadow-byte map.", nd_masked=ASLR)
r("asan-use-after-free", TB, "gcc -g -O0 -DFIXNUL=1 -fsanitize=address -o /tmp/r23-tb-asan2 main.c tokbag.c && /tmp/r23-tb-asan2 uaf", GCC,
  TBN + "Built with the NUL fix; 'uaf' mode reads a node after tokbag_free: heap-use-after-free READ with freed-by and allocated-by stacks.", nd_masked=ASLR)
r("asan-double-free", TB, "gcc -g -O0 -DFIXNUL=1 -fsanitize=address -o /tmp/r23-tb-asan3 main.c tokbag.c && /tmp/r23-tb-asan3 double", GCC,
  TBN + "'double' mode frees the joined string twice: attempting double-free report (gcc also prints a -Wuse-after-free style warning at compile time).", nd_masked=ASLR)
r("asan-stack-overflow", TB, "gcc -g -O0 -DFIXNUL=1 -fsanitize=address -o /tmp/r23-tb-asan4 main.c tokbag.c && /tmp/r23-tb-asan4 stack", GCC,
  TBN + "'stack' mode writes hist[8] of an int[8]: stack-buffer-overflow with the frame's variable layout ('hist' range) and the shadow-byte map.", nd="stack addresses change and the shadow-byte dump lines shift with the stack alignment")
r("lsan-leak-summary", TB, "gcc -g -O0 -DFIXNUL=1 -fsanitize=address -o /tmp/r23-tb-lsan main.c tokbag.c && /tmp/r23-tb-lsan count", GCC,
  TBN + "Fixed NUL, normal 'count' run: LeakSanitizer reports the 9 leaked word buffers (one direct-leak group with its stack) and a SUMMARY line, exit 1. The program's own printf line is missing: stdout is a pipe (fully buffered) and the sanitizer exits without flushing it.", nd_masked=ASLR)
r("ubsan-overflow-recover", TB, "gcc -g -O0 -DFIXNUL=1 -fsanitize=undefined -o /tmp/r23-tb-ubsan main.c tokbag.c && /tmp/r23-tb-ubsan overflow", GCC,
  TBN + "UBSan (recoverable): signed integer overflow in checked_scale, shift exponent too large, index out of bounds; program continues and exits 0.")
r("ubsan-no-recover", TB, "gcc -g -O0 -DFIXNUL=1 -fsanitize=undefined -fno-sanitize-recover=all -o /tmp/r23-tb-ubsan2 main.c tokbag.c && /tmp/r23-tb-ubsan2 overflow", GCC,
  TBN + "Same UBSan build with -fno-sanitize-recover=all: stops at the first runtime error with a non-zero exit.")
r("clang-asan-ubsan-overflow", TB, "clang -g -O1 -fsanitize=address,undefined -o /tmp/r23-tb-clang main.c tokbag.c && /tmp/r23-tb-clang overflow", CLANG,
  TBN + "clang build with ASan+UBSan of the unfixed bag: UBSan lines never reached because ASan aborts in tokbag_add first (clang's frame naming, libclang_rt paths).", nd_masked=ASLR)
r("tsan-data-race", TB, "gcc -g -O1 -fsanitize=thread -o /tmp/r23-race race.c -lpthread && /tmp/r23-race", GCC,
  "race.c: 4 pthreads increment a global counter and set a flag without locks. ThreadSanitizer data race reports (read/write by thread Tn, thread creation stacks), a final SUMMARY and 'ThreadSanitizer: reported N warnings', exit 66.",
  nd="which threads and how many races are reported depends on scheduling")
r("msan-uninit", TB, "clang -g -O1 -fsanitize=memory -fsanitize-memory-track-origins -o /tmp/r23-msan analyze.c && /tmp/r23-msan main.c", CLANG,
  "analyze.c (written here with deliberate bugs): load() keeps a malloc'd struct and sum() reads 12 values from a 10-int buffer with an uninitialised accumulator. Under clang MemorySanitizer the run dies with 'MemorySanitizer: SEGV on unknown address' in sum (analyze.c:16:70) and 'MemorySanitizer can not provide additional info.'", nd_masked=ASLR)
r("gcc-fanalyzer", TB, "gcc -c -fanalyzer -Wall -o /dev/null analyze.c", GCC,
  "gcc -fanalyzer on analyze.c: leak of FILE/malloc on early return, double free of r->vals after free(r) (use after free), strcpy overflow into 8 bytes, uninitialised sum; multi-event paths with ASCII art arrows.")
r("scan-build-analyze", TB, "scan-build --status-bugs -o /tmp/r23-scan gcc -c -o /dev/null analyze.c", "$ clang --version",
  "clang static analyzer through scan-build on analyze.c; --status-bugs makes it exit 1; prints warnings and the report dir (a timestamped subdir of /tmp/r23-scan).",
  reset="rm -rf /tmp/r23-scan", nd_masked="the report subdirectory name is a timestamp")
r("cppcheck-all", TB, "cppcheck --enable=all --inconclusive --suppress=missingIncludeSystem .", "$ cppcheck --version",
  "cppcheck over the tokbag dir (main.c, tokbag.c, race.c, analyze.c): errors (memleak, doubleFree, bufferAccessOutOfBounds), style and unusedFunction findings, progress lines 'Checking x ... n/4 files checked'.")
r("cppcheck-template-gcc", TB, "cppcheck --enable=warning,performance,portability --template=gcc -q analyze.c main.c tokbag.c", "$ cppcheck --version",
  "cppcheck quiet mode with the gcc template: file:line:col: severity: message [id], each with a code excerpt.")
r("cppcheck-xml", TB, "cppcheck --xml --enable=warning -q analyze.c main.c", "$ cppcheck --version",
  "cppcheck XML v2 results (written to stderr): <error id= severity= msg= verbose= cwe=> with <location file= line= column=/> elements.")
r("clang-tidy-analyze", TB, "clang-tidy analyze.c tokbag.c -checks='-*,clang-analyzer-*,bugprone-*,cert-*,readability-*' -- -DFIXNUL=1", "$ clang-tidy --version | grep -i 'LLVM version' | sed 's/^ */clang-tidy /'",
  "clang-tidy with analyzer, bugprone, cert and readability checks over two files: many warnings with notes for each path step, then 'N warnings generated.'")
r("valgrind-memcheck-leaks", TB, "make -s clean && make -s CFLAGS='-g -O0 -DFIXNUL=1' 2>/dev/null && valgrind --leak-check=full --show-leak-kinds=all ./tokbag join", "$ valgrind --version",
  "Plain build (no sanitizer) under memcheck: the program prints the joined words, then the HEAP SUMMARY, 'definitely lost' blocks from tokbag_add with full stacks, and the LEAK SUMMARY / ERROR SUMMARY.",
  nd_masked="valgrind pid prefix ==N== changes")
r("valgrind-memcheck-overflow", TB, "make -s clean && make -s CFLAGS='-g -O0' 2>/dev/null && valgrind --error-exitcode=9 ./tokbag count", "$ valgrind --version",
  "Unfixed build under memcheck: 'Invalid write of size 1' and 'Invalid read of size 1' in strcmp/memcpy for each word, leak summary, exits 9 via --error-exitcode.",
  nd_masked="valgrind pid prefix ==N== changes")
r("valgrind-helgrind-race", TB, "gcc -g -O0 -o /tmp/r23-race-plain race.c -lpthread && valgrind --tool=helgrind /tmp/r23-race-plain", "$ valgrind --version",
  "race.c under helgrind: 'Possible data race during read/write' blocks with thread announcements and lock sets.",
  nd="helgrind's thread numbering and the number of reported contexts vary with scheduling")
r("gxx-template-errors", TB, "g++ -std=c++17 -c -o /dev/null templ.cpp", "$ g++ --version",
  "templ.cpp: copies a map of vectors of unique_ptr (deleted copy ctor deep in std::pair), sorts a struct without operator<, and uses vector<int> as unordered_map key (no std::hash). Long libstdc++ instantiation chains with enormous type names.")
r("clangxx-template-errors", TB, "clang++ -std=c++17 -c -o /dev/null templ.cpp 2>&1 | head -80", "$ clang --version",
  "Same templ.cpp with clang++ 14, cut to the first 80 lines as an agent would: 'in instantiation of', 'note: candidate template ignored' chains.")
r("make-j2-warnfarm", WF, "make -j2", "$ make --version",
  "warnfarm (generated here): 40 C files, each with unused variables, signed/unsigned compare, sprintf overflow into char[4], assignment in if, missing printf arg, return without value, unused static function. -Wall -Wextra -O2 under make -j2: hundreds of warnings, interleaved; ends with ar.",
  reset="make clean", nd="make -j2 interleaves the two compilers' diagnostics differently per run")
r("make-j2-warnfarm-count", WF, "make -j2 2>&1 | grep -c 'warning:'", "$ make --version", "Same build piped into grep -c: only the number of warning lines.", reset="make clean")
r("make-werror-keep-going", WF, "make -k -j2 CFLAGS='-Wall -Werror -O2 -c' 2>&1 | tail -40", "$ make --version",
  "Build with -Werror and make -k: every object fails; tail -40 shows the last errors, cc1 'all warnings being treated as errors' and make's 'Target not remade because of errors'. Exit 0 is tail's, not make's.",
  reset="make clean", nd="make -j2 order of failures differs")
r("flawfinder-c", TB, "flawfinder .", "$ flawfinder --version | sed 's/^/flawfinder /'",
  "flawfinder (Debian) over the C dir: hits by risk level [5]..[1] with CWE ids, then 'ANALYSIS SUMMARY' with hits per level and lines analyzed.", nd_masked="lines/second rate changes")
r("flawfinder-minlevel-columns", TB, "flawfinder --minlevel=3 --columns --dataonly .", "$ flawfinder --version | sed 's/^/flawfinder /'",
  "flawfinder restricted to risk >= 3 with columns and without the header/footer.")

# ---------------- Go ----------------
GN = "meterd (Go module written here, go1.19, no deps): meter.Mark increments total outside the mutex, Top sorts unstably on ties, Percentile uses int(p/100*n) (off by one, panics on empty); ratelim.Bucket.Wait blocks forever; broken/ has type errors. "
r("go-test-race-meter", GO, "go test -race -count=1 ./meter", GO_V,
  GN + "go test -race: WARNING: DATA RACE between goroutines in Mark (previous write / read at), 'testing.go: race detected during execution of test', the Percentile subtests failures, FAIL.",
  nd="goroutine ids, addresses and which pair races change")
r("go-test-v-meter", GO, "go test -count=1 -v ./meter", GO_V, GN + "go test -v without -race: === RUN / --- FAIL / --- PASS lines with subtests and their t.Errorf messages.", nd_masked="durations change")
r("go-test-json-meter", GO, "go test -count=1 -json ./meter", GO_V, GN + "go test -json: one JSON event per line (run/output/pass/fail with Elapsed).", nd_masked="Time stamps and Elapsed change")
r("go-test-all-build-fail", GO, "go test -count=1 -timeout 20s ./...", GO_V,
  GN + "All packages: broken/ fails to build (listed as [build failed] with compiler errors), meter FAILs, ratelim times out at 20s with the panic 'test timed out after 20s' and a goroutine dump, cmd has no test files.",
  timeout=120, nd_masked="durations, goroutine ids and addresses change")
r("go-test-timeout-dump", GO, "go test -count=1 -timeout 5s -run TestWaitRefill ./ratelim", GO_V,
  GN + "TestWaitRefill blocks on an unbuffered channel nobody sends to; -timeout 5s: 'panic: test timed out after 5s', 'running tests:' list and every goroutine's stack.", nd_masked="goroutine ids and addresses")
r("go-test-nil-map-panic", GO, "go test -count=1 -run TestNilMap ./ratelim", GO_V, GN + "Test writes to a nil map: panic: assignment to entry in nil map [recovered], stack through testing.tRunner.", nd_masked="addresses")
r("go-test-cover", GO, "go test -count=1 -cover -run 'TestTop|TestTake' ./meter ./ratelim", GO_V, GN + "Only the passing tests, with -cover: ok lines with coverage percentages per package.", nd_masked="durations")
r("go-cover-func", GO, "go test -count=1 -run TestTop -coverprofile=/tmp/r23-cover.out ./meter && go tool cover -func=/tmp/r23-cover.out", GO_V,
  GN + "Coverage profile then go tool cover -func: file:line: function percentages and a total line.", nd_masked="duration")
r("go-bench-mem", GO, "go test -run XXX -bench . -benchmem -benchtime 2000x ./meter", GO_V,
  GN + "Benchmarks Mark, Top, Percentile with -benchmem: goos/goarch/pkg/cpu header, ns/op, B/op, allocs/op columns.", nd="ns/op timings change")
r("go-test-shuffle-failfast", GO, "go test -count=1 -shuffle=42 -failfast ./meter", GO_V, GN + "Shuffled test order with a fixed seed (-test.shuffle 42 line) and -failfast.", nd_masked="durations")
r("go-test-list", GO, "go test -list . ./meter ./ratelim", GO_V, GN + "go test -list: test and benchmark names per package then ok lines.", nd_masked="durations")
r("go-build-type-errors", GO, "go build ./...", GO_V,
  GN + "broken/broken.go: memStore does not implement Store (wrong Get signature), WriteString(int), string += int, an unused import and an unused loop variable; undefined: undefinedThing. '# example.com/meterd/broken' header and file:line:col errors (the Printf %d of an error is only a vet matter and is not reported).")
r("go-vet", GOV, "go vet ./...", GO_V,
  "meterd copy with vetme.go added: Describe takes a Meter by value (passes lock by value), copies a sync.Mutex twice, a Printf with a missing argument, Sprintf %s of an int, unreachable code. go vet's '# pkg' header and file:line:col lines, exit 2.")
r("go-run-panic-empty", GO, "go run ./cmd/meterd a b a c", GO_V, GN + "The CLI prints the top keys then Percentile on an empty slice panics: index out of range [0] with length 0, goroutine 1 [running], exit status 2.", nd_masked="addresses in the stack arguments")
r("go-build-escape-analysis", GO, "go build -gcflags=-m ./meter", GO_V, GN + "Escape analysis diagnostics from the compiler: 'can inline', 'leaking param', 'escapes to heap', 'does not escape' per file:line:col.")
r("go-list-deps", GO, "go list -deps ./cmd/meterd", GO_V, "All packages the meterd command depends on (std library closure plus the module's meter package).")
r("go-version-m", GO, "go build -o /tmp/r23-meterd ./cmd/meterd && go version -m /tmp/r23-meterd", GO_V,
  "Build info embedded in the binary: path, mod, build settings (-compiler, CGO_ENABLED, GOARCH, vcs fields absent).")
r("go-test-race-json-tail", GO, "go test -race -count=1 -json ./meter | tail -15", GO_V, GN + "Race run in JSON, last 15 events only (as an agent trims).", nd="timestamps and race details change")

# ---------------- Python: cachetools/toolz sdists ----------------
CTN = "cachetools 5.5.0 sdist from PyPI, installed editable; bugs injected: FIFOCache.popitem evicts the newest key (reversed order), LFUCache.popitem evicts the most common; tests/test_props.py added with two derandomized hypothesis properties (FIFO keeps the newest keys, Cache len bounded) and a 0.6 s test. "
PYT = "$ pytest --version"
r("pytest-ct-fail", CT, "pytest -q -p no:randomly", PYT, CTN + "Quiet run: dots, failure tracebacks of unittest-style tests and a hypothesis Falsifying example, DeprecationWarning summary, short summary.", nd_masked="duration")
r("pytest-ct-xdist", CT, "pytest -n 2 -p no:randomly -q", PYT, CTN + "pytest-xdist with 2 workers: 'created: 2/2 workers', gw0/gw1 results, failures reported per worker.", nd="the F positions in the progress lines, the [gwN] of each failure and whether the MRUCache DeprecationWarning summary appears change with the workers' scheduling; durations")
r("pytest-ct-randomly-seed", CT, "pytest -p randomly -p no:cacheprovider -q --randomly-seed=1234", PYT, CTN + "pytest-randomly with a fixed seed: 'Using --randomly-seed=1234' header, shuffled order.", nd_masked="duration")
r("pytest-ct-timeout", CT, "pytest -p no:randomly --timeout=0.3 tests/test_props.py::test_slow_fill", PYT,
  CTN + "pytest-timeout (signal method) interrupts the 0.6 s test at 0.3 s: the failure points at time.sleep with 'Failed: Timeout (>0.3s) from pytest-timeout.'", nd_masked="duration")
r("pytest-ct-cov", CT, "pytest -q -p no:randomly --cov=cachetools --cov-report=term-missing", PYT, CTN + "pytest-cov term-missing table (Name/Stmts/Miss/Cover/Missing) after the failures.", nd_masked="duration")
r("pytest-ct-hypothesis", CT, "pytest -p no:randomly tests/test_props.py --hypothesis-show-statistics", PYT,
  CTN + "Only the hypothesis properties: the FIFO property fails with a shrunk failing test case (keys=[0, 1, 2], maxsize=2), plus per-test statistics (examples, passing/failing/invalid, runtimes, stop reason).", nd_masked="statistics timings")
r("unittest-ct-v", CT, "python -m unittest -v tests.test_lru tests.test_lfu tests.test_fifo", "$ python --version",
  CTN + "The package's own unittest classes run with unittest -v: 'test_x (tests.test_lfu.LFUCacheTest.test_x) ... ok/FAIL/ERROR', tracebacks, 'FAILED (failures=, errors=)'.", nd_masked="duration")
r("pytest-ct-ok-xdist", CTOK, "pytest -n 2 -p no:randomly -q", PYT, "Unmodified cachetools 5.5.0 (PYTHONPATH=src) with the same added property tests: all pass under xdist.", nd="whether the MRUCache DeprecationWarning summary is printed depends on which worker ran test_mru; durations", env={"PYTHONPATH": "src"})
r("pytest-ct-ok-durations", CTOK, "pytest -p no:randomly -q --durations=8", PYT, "Passing run (unmodified copy, PYTHONPATH=src) with the slowest 8 durations table.", nd="durations and their order change", env={"PYTHONPATH": "src"})
r("pytest-ct-lf-first-fail", CT, "pytest -p no:randomly -x -q tests/test_lfu.py tests/test_fifo.py", PYT, CTN + "-x stops at the first failure: 'stopping after 1 failures'.", nd_masked="duration")
r("sphinx-ct-nitpicky", CT, "sphinx-build -n -q -b html docs /tmp/r23-ctdocs", "$ sphinx-build --version",
  "cachetools' own Sphinx docs built nitpicky and quiet: py:class reference target not found warnings.", reset="rm -rf /tmp/r23-ctdocs")
r("mypy-ct", CT, "mypy src/cachetools", "$ mypy --version", "mypy on the untyped cachetools package (default settings).")
r("mypy-ct-strict", CT, "mypy --strict src/cachetools | tail -25", "$ mypy --version", "mypy --strict on cachetools: missing annotations everywhere; tail of the error list with the 'Found N errors in M files' line.")
r("pylint-ct-parseable", CT, "pylint --output-format=parseable --disable=C src/cachetools", "$ pylint --version | head -1",
  "pylint parseable format (path:line: [Wnnnn(symbol), obj] msg) without conventions, then the score line.", nd="pylint saves its score between runs, so the second run's last line adds '(previous run: 8.96/10, +0.00)' and a longer dash rule")
TZN = "toolz 0.12.1 sdist, editable; frequencies() capped at 2 by an injected change. "
r("pytest-toolz-fail", TZ, "pytest -q -p no:randomly toolz", PYT, TZN + "One failing test among 180 (doctests of curried included).", nd_masked="duration")
r("pytest-toolz-tb-line", TZ, "pytest -q -p no:randomly --tb=line -rA toolz/tests/test_itertoolz.py", PYT, TZN + "--tb=line and -rA: one line per failure and the full PASSED/FAILED list in the summary.", nd_masked="duration")
r("mypy-toolz", TZ, "mypy toolz --ignore-missing-imports | tail -30", "$ mypy --version", "mypy over toolz (untyped, with tests): tail of errors.")

# ---------------- Data: pandas / polars / duckdb / notebooks ----------------
PD = "$ python -c 'import pandas; print(\"pandas\", pandas.__version__)'"
PDN = "frames.py (written here): 400 generated orders (seeded numpy) with 13 columns incl. NaN discounts, dates, booleans, long strings. "
r("pandas-head", DATA, "python frames.py head", PD, PDN + "df.head(25): wide frame wrapped into column blocks with backslashes at terminal width.")
r("pandas-wide-full", DATA, "python frames.py wide", PD, PDN + "display.width=250 and all columns: the truncated 400-row frame (first/last 5 rows with ...) and '[400 rows x 13 columns]'.")
r("pandas-describe", DATA, "python frames.py describe", PD, PDN + "describe(include='all').T: count/unique/top/freq/mean/std/min/quartiles/max per column with NaN cells.")
r("pandas-info", DATA, "python frames.py info", PD, PDN + "DataFrame.info(): RangeIndex, column list with Non-Null Count and Dtype, dtypes counts and memory usage.")
r("pandas-groupby", DATA, "python frames.py groupby", PD, PDN + "groupby region x carrier with named aggregations: a MultiIndex table of 20 rows.")
r("pandas-keyerror", DATA, "python frames.py keyerror", PD, PDN + "groupby on a misspelled column: KeyError: 'regoin' traceback through pandas internals.")
r("pandas-merge-validate", DATA, "python frames.py merge", PD, PDN + "merge with validate='one_to_one' on a non-unique key: MergeError traceback.")
r("pandas-warnings", DATA, "python frames.py warn", PD, PDN + "Assigning into a filtered slice and to_datetime of mixed formats with errors='coerce': under pandas 3 (copy-on-write) no warning is printed at all; only the coerced Series (two NaT) and the sum appear. A 'no warning where an agent expects one' output.")
PLV = "$ python -c 'import polars; print(\"polars\", polars.__version__)'"
PLN = "pl.py (written here): 300 generated request rows (host, status, bytes, latency_ms, path). "
r("polars-show", DATA, "python pl.py show", PLV, PLN + "Printing a polars frame: box-drawn table with shape (300, 5), dtype row and ellipsis rows.")
r("polars-groupby", DATA, "python pl.py agg", PLV, PLN + "group_by host,status with len/mean/sum, sorted: shape (28, 5) table truncated in the middle.")
r("polars-column-not-found", DATA, "python pl.py err", PLV, PLN + "select of a misspelled column: polars ColumnNotFoundError with the resolved plan and a 'valid columns' hint.")
r("polars-schema-error", DATA, "python pl.py schema", PLV, PLN + "Adding an int to a String column: polars InvalidOperationError / SchemaError with the expression.")
DK = "$ python -c 'import duckdb; print(\"duckdb\", duckdb.__version__)'"
DKN = "duck.py (written here): in-memory DuckDB table of 5000 generated payments (id, usr, amount, day, method with NULLs). "
r("duckdb-agg-table", DATA, "python duck.py agg", DK, DKN + "Aggregation per user, shown with .show(max_rows=60): DuckDB's box table with type row, 50 rows.")
r("duckdb-summarize", DATA, "python duck.py summarize", DK, DKN + "SUMMARIZE: one row per column with min/max/approx_unique/avg/std/quartiles/count/null_percentage; very wide.", nd="approx_unique and quartile approximations may vary")
r("duckdb-explain", DATA, "python duck.py explain", DK, DKN + "EXPLAIN: physical plan drawn as a box tree (HASH_GROUP_BY, PROJECTION, FILTER, SEQ_SCAN with estimated cardinality).")
r("duckdb-binder-error", DATA, "python duck.py binder", DK, DKN + "Misspelled column: duckdb.BinderException with 'Candidate bindings' and LINE 1 caret.")
r("duckdb-parser-error", DATA, "python duck.py parser", DK, DKN + "Bad SQL: duckdb.ParserException syntax error at or near \"group\" with a caret.")
r("duckdb-conversion-error", DATA, "python duck.py conv", DK, DKN + "CAST of 'user_0' to INTEGER: ConversionException: Could not convert string.")
NB = "$ jupyter nbconvert --version | sed 's/^/nbconvert /'"
NBN = "churn.ipynb (generated with nbformat): cells build a frame and compute a churn rate; cell 5 divides by zero on an empty filtered frame. "
r("nbconvert-execute-error", DATA, "jupyter nbconvert --to notebook --execute churn.ipynb --output /tmp/r23-churn-out.ipynb", NB,
  NBN + "nbconvert --execute stops at the failing cell: CellExecutionError with the cell source and the ZeroDivisionError traceback (ANSI stripped or not).", nd_masked="kernel timing")
r("nbconvert-execute-allow-errors", DATA, "jupyter nbconvert --to markdown --execute --allow-errors --stdout churn.ipynb", NB,
  NBN + "--allow-errors to markdown on stdout: the whole rendered notebook including outputs, the HTML table of df.head() and the error output of cell 5.", nd_masked="kernel timing")
r("nbconvert-execute-ok", DATA, "jupyter nbconvert --to notebook --execute churn_ok.ipynb --output /tmp/r23-churn-ok.ipynb", NB,
  "Notebook without the failing cell: only the [NbConvertApp] log lines (Converting, Writing N bytes).")

# ---------------- Infra / docs ----------------
AP = "$ ansible-playbook --version | head -1"
ANN = "ansible playbooks written here, run against localhost with the local connection (no gathered facts) into /tmp/r23-ansible. "
r("ansible-site-first", ANS, "ansible-playbook -i inventory.ini site.yml", AP, ANN + "First run from scratch: TASK headers with changed/ok per loop item, debug output, PLAY RECAP changed=4.", reset="rm -rf /tmp/r23-ansible", env=ANSENV)
r("ansible-site-idempotent", ANS, "ansible-playbook -i inventory.ini site.yml", AP, ANN + "Second run on a provisioned tree: every task ok, changed=0.", reset="rm -rf /tmp/r23-ansible; ansible-playbook -i inventory.ini site.yml", env=ANSENV)
r("ansible-site-check-diff", ANS, "ansible-playbook -i inventory.ini site.yml --check --diff", AP, ANN + "--check --diff from scratch: directory state diffs, the rendered template diff (--- before +++ after), lineinfile diffs; the grep command task is skipped in check mode, so the debug task shows an empty grep_out.stdout; recap changed=4 skipped=1.", reset="rm -rf /tmp/r23-ansible", env=ANSENV, nd="the template/copy diffs name random ~/.ansible/tmp/ansible-local-* temp files")
r("ansible-failing-task", ANS, "ansible-playbook -i inventory.ini broken.yml", AP, ANN + "A shell task (block scalar) exits 3: fatal: [localhost]: FAILED! => {changed, cmd, rc: 3, stderr, stdout, msg: non-zero return code}, recap failed=1, exit 2.", reset="rm -rf /tmp/r23-ansible", env=ANSENV, nd_masked="start/end/delta timestamps in the failed task's result")
r("ansible-yaml-colon-error", ANS, "ansible-playbook -i inventory.ini broken-colon.yml", AP, ANN + "The same failing playbook as first written: an unquoted command value containing 'ERROR: ' is a YAML mapping error, so ansible stops before running anything: ERROR! ... Syntax Error while loading YAML, line 12 column 71 with a caret, exit 4.", env=ANSENV)
r("ansible-undefined-var", ANS, "ansible-playbook -i inventory.ini undefined.yml -v", AP, ANN + "-v: 'No config file found; using defaults', then the debug task with an undefined variable fails ('release_tag' is undefined, with the file/line of the task); play stops for the host, exit 2.", env=ANSENV)
r("ansible-ignore-errors-loop", ANS, "ansible-playbook -i inventory.ini undefined.yml --start-at-task 'Loop with failure ignored'", AP, ANN + "Starting at the looped task: items 3 and 4 fail (rc 1) and are ...ignoring; recap ignored=1.", env=ANSENV, nd_masked="timestamps in the failed items")
r("ansible-syntax-check", ANS, "ansible-playbook -i inventory.ini syntax.yml --syntax-check", AP, ANN + "YAML with a mis-indented list item: ERROR! ... Syntax Error while loading YAML with the offending line and caret.", env=ANSENV)
r("ansible-list-tasks", ANS, "ansible-playbook -i inventory.ini site.yml --list-tasks --list-hosts", AP, ANN + "--list-tasks --list-hosts: play, hosts and task names with TAGS.", env=ANSENV)
r("ansible-inventory-graph", ANS, "ansible-inventory -i inventory.ini --list", "$ ansible-inventory --version | head -1", "ansible-inventory --list JSON of the local group and hostvars.", env=ANSENV)
HG = "$ hugo version"
HGN = "Hugo site written here: 30 posts with ref shortcodes, custom baseof/single/list layouts. "
r("hugo-build-ok", SITE + "/blog", "hugo -d /tmp/r23-hugo-ok", HG, HGN + "Clean build: the Pages/Paginator pages/Static files/Processed images/Aliases/Sitemaps/Cleaned table and Total in N ms.", reset="rm -rf /tmp/r23-hugo-ok", nd_masked="build time in ms")
r("hugo-yaml-frontmatter-error", SITE + "/blog-broken", "hugo -d /tmp/r23-hugo-b", HG, HGN + "A post with an unterminated quoted title: Error building site: file:line:col: failed to unmarshal YAML.", nd_masked="build time in ms")
r("hugo-template-exec-errors", SITE + "/blog-ref", "hugo -d /tmp/r23-hugo-r", HG, HGN + "single.html calls .Date.Formatt: the same ERROR 'execute of template failed ... can't evaluate field Formatt in type time.Time' repeated per page, then Error building site.", nd="timestamps on ERROR lines, and which pages error first")
r("hugo-ref-not-found", SITE + "/blog-tpl", "hugo -d /tmp/r23-hugo-t", HG, HGN + "One post refs post-99.md: ERROR REF_NOT_FOUND with file:line:col, 'logged 1 error(s)'.", nd_masked="timestamps on ERROR lines and build time")
r("hugo-list-all", SITE + "/blog", "hugo list all", HG, HGN + "hugo list all: CSV of every content file with slug, title, date, expiryDate, publishDate, draft, permalink.")
SB = "$ sphinx-build --version"
SPN = "Sphinx project written here (index/install/usage/orphan) with a missing toctree entry, an unknown document, duplicate label, unknown directive, unknown target, a bad code-block, an unindented note, a short title underline, and automodule of a missing module. "
r("sphinx-build-warnings", DOCS, "sphinx-build -b html . /tmp/r23-sphinx", SB, SPN + "Full verbose HTML build: progress lines and every WARNING/ERROR with file:line, 'build succeeded, N warnings.'", reset="rm -rf /tmp/r23-sphinx")
r("sphinx-build-W-keep-going", DOCS, "sphinx-build -W --keep-going -q -b html . /tmp/r23-sphinx", SB, SPN + "-W --keep-going -q: only the warnings and 'build finished with problems, N warnings (with warnings treated as errors)', exit 1.", reset="rm -rf /tmp/r23-sphinx")
r("sphinx-build-nitpicky-dummy", DOCS, "sphinx-build -n -q -b dummy . /tmp/r23-sphinx-d", SB, SPN + "Nitpicky dummy build: adds 'py:class reference target not found' style warnings for unresolved cross refs.", reset="rm -rf /tmp/r23-sphinx-d")
MKV = "$ mkdocs --version"
r("mkdocs-build-strict", MK, "mkdocs build --strict -d /tmp/r23-mk", MKV, "mkdocs site written here with a nav entry to a missing page, links to missing docs/images/anchors and a page not in nav: INFO/WARNING lines and 'Aborted with 5 warnings in strict mode!'.", reset="rm -rf /tmp/r23-mk", nd_masked="build time")
r("mkdocs-build", MK, "mkdocs build -d /tmp/r23-mk2", MKV, "Same site without --strict: warnings then 'Documentation built in N seconds', exit 0.", reset="rm -rf /tmp/r23-mk2", nd_masked="build time")
SC = "$ shellcheck --version | sed -n 2p | sed 's/^/shellcheck /'"
SHN = "deploy.sh (generated here): 60 near-identical functions with unquoted vars, backtick ls loops, useless cat, == in [ ], read without -r, rm -rf $PREFIX/, $[] arithmetic, trap with double quotes. "
r("shellcheck-big-tty", SH, "shellcheck deploy.sh", SC, SHN + "Default tty format: hundreds of 'In deploy.sh line N:' blocks with carets and SCnnnn links; over 5000 lines.")
r("shellcheck-gcc-head", SH, "shellcheck -f gcc deploy.sh | head -60", SC, SHN + "gcc format (file:line:col: severity: msg [SCnnnn]) cut to 60 lines.", nd="sometimes shellcheck also prints 'deploy.sh: <stdout>: commitBuffer: resource vanished (Broken pipe)' when head closes the pipe first")
r("shellcheck-severity-error", SH, "shellcheck -S error deploy.sh", SC, SHN + "Only error severity.")
r("shellcheck-json1-count", SH, "shellcheck -f json1 deploy.sh | jq '.comments | group_by(.code) | map({code: .[0].code, n: length})'", SC, SHN + "json1 format grouped by code with jq: a small array of code counts.")
r("shellcheck-ok", SH, "shellcheck ok.sh && echo clean", SC, "A clean POSIX script: shellcheck prints nothing, the chain echoes clean.")
YL = "$ yamllint --version"
r("yamllint-default", SH, "yamllint config.yaml", YL, "config.yaml written here: duplicate key, brackets spacing, truthy value, trailing spaces, a tab line, line too long, list indentation: yamllint standard format with line:col level message (rule).")
r("yamllint-parsable", SH, "yamllint -f parsable config.yaml", YL, "Same file in parsable format (file:line:col: [level] message (rule)).")
r("codespell-notes", SH, "codespell NOTES.md", "$ codespell --version | sed 's/^/codespell /'", "NOTES.md written here with common misspellings: file:line: wrong ==> right lines, exit 65.")
r("codespell-count", SH, "codespell --count NOTES.md deploy.sh config.yaml", "$ codespell --version | sed 's/^/codespell /'", "codespell --count over three files: the hits and the trailing count.")
r("pandoc-docx-warning", MK, "pandoc --verbose -f markdown -t docx docs/index.md docs/guide.md -o /tmp/r23-pandoc.docx", "$ pandoc --version | head -1",
  "pandoc --verbose converting two markdown pages of the mkdocs site to docx: the only line is a [WARNING] for the image it could not fetch (replaced with its description); exit 0.")
r("tidy-errors", L + "/html", "tidy -q -e index.html", "$ tidy -v", "HTML Tidy on a hand-broken page: line N column M - Warning/Error messages (missing </head>, misnested <b><i>, duplicate attribute, duplicate id, <img> without alt, obsolete <font>), then a count summary.")
r("xmlstarlet-sel-table", L + "/html", "xmlstarlet sel -t -m '//entry' -v '@id' -o ' | ' -v title -o ' | ' -v status -o ' | ' -v ms -n feed.xml", "$ xmlstarlet --version | head -1 | sed 's/^/xmlstarlet /'", "xmlstarlet select turning a one-line Atom-like feed into a pipe table.")
r("xmlstarlet-el-count", L + "/html", "xmlstarlet el -v feed.xml && xmlstarlet sel -t -v 'count(//entry[status=\"fail\"])' -n feed.xml", "$ xmlstarlet --version | head -1 | sed 's/^/xmlstarlet /'", "Element paths with attributes, then an XPath count of failed entries.")
r("xmlstarlet-val-html", L + "/html", "xmlstarlet val -e -w index.html", "$ xmlstarlet --version | head -1 | sed 's/^/xmlstarlet /'", "Well-formedness check of the broken HTML as XML: libxml2 parser errors with line numbers, 'index.html - invalid'.")

# ---------------- Other languages ----------------
r("swipl-plunit", L + "/pl", "swipl -g run_tests -t halt family.pl", "$ swipl --version",
  "SWI-Prolog family.pl (written here): singleton warning at load, plunit tests with a wrong base case (sum), atom_length on a number, and a test expecting an error that is not raised: 'test sum: failed', 'test throws: no_exception', '% 3 tests failed', '% 3 tests passed', 'ERROR: -g run_tests: false'.", nd_masked="the **FAILED duration")
r("swipl-syntax-errors", L + "/pl", "swipl -g halt syntax.pl", "$ swipl --version", "Prolog file with two syntax errors: two 'ERROR: file:line:col: Syntax error: Operator expected' lines; the halt goal still runs and the exit status is 0.")
r("sbcl-script-div0", L + "/lisp", "sbcl --script stats.lisp", "$ sbcl --version",
  "Common Lisp stats.lisp (written here): two checks then mean of an empty list: DIVISION-BY-ZERO unhandled condition with a backtrace; --script exits non-zero.", nd="an upper-case function address in braces in backtrace frame 9 changes")
r("sbcl-compile-warnings", L + "/lisp", "sbcl --non-interactive --eval '(compile-file \"stats.lisp\" :output-file \"/tmp/r23-stats.fasl\")' | grep -v '^;.*compiling\\|^$'", "$ sbcl --version",
  "compile-file on stats.lisp: style-warning for the unused variable B, '; caught STYLE-WARNING' blocks and the compilation unit summary.")
r("guile-srfi64", L + "/scm", "guile --no-auto-compile queue.scm", "$ guile --version | head -1",
  "Guile SRFI-64 tests of a list-backed queue (written here): one wrong expectation and a test-assert that pops an empty queue (the error is caught by SRFI-64): two 'file:line: FAIL name' lines and the counts, with the full log written to queue.log; guile exits 0 despite the failures.")
r("nasm-errors", L + "/asm", "nasm -f elf64 -o /tmp/r23-hello.o hello.asm", "$ nasm -v", "NASM on hello.asm (written here) with an unknown mnemonic 'movv': nasm stops after the parser error on that line (one line, exit 1).")
r("nasm-operand-errors", L + "/asm", "nasm -f elf64 -o /tmp/r23-hello2.o hello2.asm", "$ nasm -v", "The same file without the movv line: 'invalid combination of opcode and operands' (mov eax, rbx) and an undefined symbol in jmp, file:line: error: lines.")
r("bison-conflicts-cex", L + "/parse", "bison -Wall -Wcounterexamples -o /tmp/r23-calc.c calc.y", "$ bison --version | head -1",
  "bison on an ambiguous expression grammar whose stmt rule names an undefined symbol: bison stops at the error with a caret excerpt ('symbol unknown_sym is used, but is not defined as a token and has no rules'), exit 1.")
r("bison-counterexamples", L + "/parse", "bison -Wall -Wcounterexamples -o /tmp/r23-calc2.c calc2.y", "$ bison --version | head -1", "The grammar without the undefined symbol: 17 shift/reduce and 15 reduce/reduce conflicts, each with a -Wcounterexamples derivation tree (unicode arrows and bullets), useless rule warnings; exit 0.")
r("flex-error", L + "/parse", "flex -o /tmp/r23-lex.c lex.l", "$ flex --version", "flex on a scanner with an unterminated string pattern: the single line 'lex.l:4: missing quote', exit 1.")
RV = "$ Rscript --version"
r("rscript-lm-error", L + "/r", "Rscript errs.R", RV,
  "errs.R (written here): summary(lm) on a tiny frame with an NA (coefficient table, residual info, '1 observation deleted due to missingness'), aggregate, a coercion warning 'NAs introduced by coercion', then stop() inside sapply: 'Error in FUN(X[[i]], ...) :' and 'Execution halted'.")
r("r-testthat-local", L + "/r", "Rscript -e 'testthat::test_local(\"statkit\", reporter = \"summary\")'", RV,
  "statkit (R package written here): mad_scale uses mean instead of median and a winsorize expectation is wrong (2 failures), skip_on_ci skips one test, 4 pass; testthat summary reporter with numbered failures and the skip.", nd_masked="durations", nd="testthat prints a random encouragement line after failures ('No one gets it right on their first try' / 'No one is perfect!'); durations")
r("r-testthat-progress", L + "/r", "Rscript -e 'testthat::test_local(\"statkit\")'", RV, "Same failing statkit with the default progress reporter: braille-spinner progress rows (one per update, as the reporter redraws), failure details with actual/expected, '[ FAIL 2 | WARN 0 | SKIP 1 | PASS 4 ]', 'Error: Test failures', 'Execution halted'.", nd_masked="durations", nd="the number of spinner redraw rows and the durations change")
r("r-cmd-check", L + "/r", "R CMD check --no-manual --no-build-vignettes -o /tmp statkit_0.1.0.tar.gz", "$ R --version | head -1",
  "R CMD check of the statkit tarball: '* checking ...' lines, a warning that the CRAN package index cannot be reached (the machine has no route to other hosts; the check goes on), the undocumented-objects WARNING, the tests step ERROR with the last 13 lines of testthat output, Status: 1 ERROR, 1 WARNING.",
  timeout=400, reset="rm -rf /tmp/statkit.Rcheck", nd_masked="timing in the test output")

# ---------------- JS: tsc project references, jasmine, uvu ----------------
TSV = "$ npx tsc --version | sed 's/^/tsc /'"
TSN = "mono (npm, written here): tsconfig with project references packages/core (composite, declarations) and packages/api; api/handler.ts has type errors (string|number, possibly undefined, wrong arity, unknown). "
r("tsc-build-refs-errors", JS, "npx tsc -b", TSV, TSN + "tsc -b: core builds, api reports errors in file(line,col): error TSnnnn format, exit 1.", reset="rm -rf packages/*/dist packages/*/tsconfig.tsbuildinfo")
r("tsc-build-verbose", JS, "npx tsc -b --verbose", TSV, TSN + "--verbose: 'Projects in this build', 'Project ... is out of date because output file ... does not exist', 'Building project', then the errors.", reset="rm -rf packages/*/dist packages/*/tsconfig.tsbuildinfo", nd_masked="timestamps in the [hh:mm:ss] prefixes")
r("tsc-build-ok-uptodate", JSOK, "npx tsc -b --verbose", TSV, "Fixed copy, already built: both projects 'up to date because newest input is older than output'.", reset="npx tsc -b", nd_masked="timestamps")
r("tsc-listfiles-core", JSOK, "npx tsc -p packages/core --listFiles --noEmit", TSV, "--listFiles for the core project: every lib.*.d.ts from typescript plus money.ts, absolute paths under the scratch node_modules.")
r("tsc-build-clean-dry", JSOK, "npx tsc -b --clean && npx tsc -b --dry --verbose", TSV, "Clean then a dry build: 'A non-dry build would build project ...' lines.", post="npx tsc -b", nd_masked="timestamps")
JA = "jasmine 5.13.0 (npm)"
JN = "lib.js (written here): slug keeps trailing dashes, chunk takes n+1 items, median sorts lexicographically, fetchJson rejects non-http. "
r("jasmine-failures", JS, "npx jasmine", JA, JN + "Jasmine 5 default reporter: dots/F/*, Failures: numbered with Message/Stack, Pending list, '9 specs, 4 failures, 1 pending spec'.", nd_masked="Finished in N seconds")
r("jasmine-filter", JS, "npx jasmine --filter='median'", JA, JN + "--filter=median: only the median specs, one failure, one pending.", nd_masked="duration")
r("uvu-failures", JS, "npx uvu test", "uvu 0.5.6 (npm)", JN + "uvu runner: a progress line of bullets and crosses, FAIL blocks with ++/-- expected/actual diffs and stack traces, then Total/Passed/Skipped/Duration (uncoloured: NO_COLOR is set).", nd_masked="duration")
r("npm-ls-all", JS, "npm ls --all", "$ npm --version | sed 's/^/npm /'", "Dependency tree of the mono project (typescript, jasmine and its deps, uvu and its deps).")

# ---------------- Logs and listings ----------------
LGN = "Generated here (seed 23): access.log (6000 nginx-combined lines with rt=), syslog (4000 lines from meterd/sshd/kernel/systemd/cron/postgres), metrics.csv (1500 rows). "
r("log-status-counts", LOGS, "awk '{print $9}' access.log | sort | uniq -c | sort -rn", "$ awk -W version 2>&1 | head -1", LGN + "Status code histogram.")
r("log-5xx-lines", LOGS, "awk '$9 >= 500' access.log", "$ awk -W version 2>&1 | head -1", LGN + "All 5xx requests: a few hundred full log lines.")
r("log-non200-all", LOGS, "grep -v '\" 200 ' access.log", "$ grep --version | head -1", LGN + "Every non-200 request: about 2400 lines.")
r("log-cat-access", LOGS, "cat access.log", "cat (GNU coreutils)", LGN + "The whole access log: 6000 lines.")
r("log-top-ips", LOGS, "cut -d' ' -f1 access.log | sort | uniq -c | sort -rn | head -15", "$ sort --version | head -1", LGN + "Top client IPs.")
r("log-slow-requests", LOGS, "awk -F'rt=' '$2 > 1.9 {print $0}' access.log | head -40", "$ awk -W version 2>&1 | head -1", LGN + "Requests slower than 1.9s, first 40.")
r("log-grep-oom-context", LOGS, "grep -n -C 3 'Out of memory' syslog", "$ grep --version | head -1", LGN + "OOM kills with 3 lines of context, -- separators and line numbers.")
r("log-grep-error-count", LOGS, "grep -c ERROR syslog; grep -c -i 'failed' syslog", "$ grep --version | head -1", LGN + "Two counts on two lines.")
r("log-failed-ssh-users", LOGS, "grep 'Failed password' syslog | awk '{print $(NF-3)}' | sort | uniq -c | sort -rn | head", "$ grep --version | head -1", LGN + "Source addresses of failed ssh logins (the generator fills the last octet with 1-999, so some addresses are not valid IPv4).")
r("log-tail-syslog", LOGS, "tail -n 300 syslog", "tail (GNU coreutils)", LGN + "Last 300 syslog lines.")
r("log-errors-per-service", LOGS, "grep -E 'ERROR|Failed|Killed' syslog | awk '{print $5}' | sort | uniq -c", "$ grep --version | head -1", LGN + "Error-ish lines counted per service tag.")
MLR = "$ mlr --version"
r("mlr-stats-by-host", LOGS, "mlr --icsv --opprint stats1 -a count,mean,max,p95 -f cpu_pct,mem_mb,load1 -g host metrics.csv", MLR, LGN + "Miller stats1 per host, pretty-printed.")
r("mlr-filter-down", LOGS, "mlr --icsv --opprint filter '$status == \"down\"' then cut -f ts,host,cpu_pct,load1 metrics.csv", MLR, LGN + "Rows with status down: ~300-line aligned table.")
r("mlr-json-head", LOGS, "mlr --icsv --ojson head -n 4 then put '$hot = $cpu_pct > 80' metrics.csv", MLR, LGN + "First 4 rows as JSON with a computed boolean.")
r("column-csv-head", LOGS, "head -40 metrics.csv | column -s, -t", "$ column --version", LGN + "CSV aligned with column -t.")
r("diff-u-generated", LOGS, "diff -u gen_a.txt gen_b.txt", "$ diff --version | head -1", "Two generated 2000-line files differing in every 97th value plus one inserted line: unified diff with ~21 hunks, exit 1.")
r("sort-numeric-csv", LOGS, "sort -t, -k3 -gr metrics.csv | head -20", "$ sort --version | head -1", LGN + "Top CPU rows.")
r("wc-logs", LOGS, "wc -l -c access.log syslog metrics.csv", "$ wc --version | head -1", LGN + "Line and byte counts with a total.")

# ---------------- System listings (this machine; values change) ----------------
PS = "$ ps --version"
OWN = "sh -c 'sleep 6 & sleep 7 & (sleep 8 | cat) & wait' & P=$!; sleep 0.5; "
KILL = "; pkill -P $P; kill $P 2>/dev/null; true"
r("ps-forest-own", S, OWN + "ps --forest -o pid,ppid,stat,etime,args -p $P --ppid $P" + KILL, PS, "A small process tree started by the command itself (sh with sleeps and a sleep|cat subshell), listed with ps --forest and custom columns, then killed by pid.", nd_masked="pids and elapsed times change")
r("pstree-own", S, OWN + "pstree -ap $P" + KILL, "$ pstree --version 2>&1 | head -1", "pstree with pids and arguments of a tree the command starts itself.", nd_masked="pids change")
r("top-header", S, "top -b -n 1 | head -5", "$ top -V", "top batch mode, summary area only (uptime/load, tasks, %Cpu, MiB Mem/Swap).", nd="values change")
r("findmnt-real", S, "findmnt -l -o TARGET,SOURCE,FSTYPE,OPTIONS -t ext4,proc,sysfs,devtmpfs,cgroup2", "$ findmnt --version", "Mounts of a few filesystem types as a list.")
r("vmstat-3", S, "vmstat -w 1 3", "$ vmstat -V", "vmstat wide, three samples one second apart.", nd="values change")
r("iostat-x", S, "iostat -x -d 1 2", "$ iostat -V | head -1", "sysstat iostat extended device stats, two reports.", nd="values change")
r("mpstat-all", S, "mpstat -P ALL 1 1", "$ mpstat -V | head -1", "sysstat mpstat per CPU with an Average block.", nd="values change")
r("lsblk", S, "lsblk -o NAME,SIZE,TYPE,FSTYPE,MOUNTPOINTS", "$ lsblk --version", "Block devices of the machine.", nd="values change")
r("lscpu-extended", S, "lscpu -e", "$ lscpu --version", "Per-CPU table.")
r("free-wide", S, "free -w -m", "$ free -V", "Memory in MiB, wide.", nd="values change")
r("df-ht", S, "df -hT -x tmpfs", "$ df --version | head -1", "Disk usage by filesystem with types.", nd="used sizes change")
r("ss-summary", S, "ss -s", "$ ss -V", "Socket summary.", nd="counts change")
r("ip-s-link", S, "ip -s link", "$ ip -V", "Interfaces with RX/TX counters.", nd="counters change")
r("lsof-self", S, "lsof -nP -p $$ | head -30", "$ lsof -v 2>&1 | grep revision | sed 's/.*revision: */lsof /'", "Open files of the recording bash itself.", nd="pid and inode/size values change")
r("proc-meminfo", S, "head -20 /proc/meminfo", "procfs", "First 20 meminfo lines.", nd="values change")
r("uptime-load", S, "uptime && cat /proc/loadavg", "$ uptime -V", "Uptime and loadavg.", nd="values change")
r("getent-passwd-column", S, "getent passwd root daemon bin sys sync nobody www-data | column -t -s:", "$ column --version", "Standard Debian accounts from the passwd database as an aligned table.")
r("du-scratch", S, "du -h --max-depth=2 . | sort -h | tail -25", "$ du --version | head -1", "Sizes of the scratch tree (venv, node_modules, projects).", nd="sizes change as runs write build outputs")
r("find-scratch-newer", S, "find . -path ./venv -prune -o -path '*/node_modules' -prune -o -name '*.py' -print | sort | head -50", "$ find --version | head -1", "Python files of the scratch tree (first 50, sorted), pruning the venv and node_modules.")
r("tree-go-project", GO, "find . -type f | sort", "$ find --version | head -1", "Files of the Go module.")

# ---------------- added for size mix ----------------
r("mlr-pprint-all", LOGS, "mlr --icsv --opprint cat metrics.csv", MLR, LGN + "The whole metrics CSV as a Miller pretty-printed table: 1501 lines.")
r("log-grep-n-non-health", LOGS, "grep -n -v 'healthz' access.log", "$ grep --version | head -1", LGN + "Every access line except health checks, with line numbers: over 5000 lines.")
r("grep-rn-context-toolz", TZ, "grep -rn -C2 'self' toolz", "$ grep --version | head -1", "Recursive grep with 2 lines of context over the toolz package sources (file-line- and file:line: prefixes, -- separators).")
r("clang-tidy-all-checks", TB, "clang-tidy main.c tokbag.c race.c -checks='*' -- -DFIXNUL=1", "$ clang-tidy --version | grep -i 'LLVM version' | sed 's/^ */clang-tidy /'",
  "clang-tidy with every check enabled over the three tokbag sources: hundreds of lines incl. altera-*, llvmlibc-*, cppcoreguidelines-* and readability-magic-numbers findings with carets and fix-it notes.")
r("sort-syslog-by-service", LOGS, "sort -k5,5 -s syslog | head -1500", "$ sort --version | head -1", LGN + "syslog stably sorted by service tag, first 1500 lines.")

# ---------------- forced colour ----------------
r("pytest-color-yes", CT, "pytest -p no:randomly -q --color=yes tests/test_props.py", PYT, CTN + "--color=yes although NO_COLOR/TERM=dumb are set: ANSI-coloured F/dots, red failure headers and the coloured short summary.", nd_masked="duration")
r("yamllint-colored", SH, "yamllint -f colored config.yaml", YL, "yamllint's colored format forced: ANSI sequences around line:col, level and rule name.")
r("jasmine-color", JS, "npx jasmine --color", JA, JN + "Jasmine with --color forced: green dots, red F, yellow * and coloured failure headers.", nd_masked="duration")
r("ls-color-always", S + "/js/mono", "ls -la --color=always packages/core packages/api node_modules/.bin", "$ ls --version | head -1", "ls -la with --color=always: directory, symlink and executable colour codes (dircolors defaults).", nd_masked="timestamps")

# ---------------- passing-state runs (added to balance exit statuses) ----------------
r("go-test-pass-v", GO, "go test -count=1 -v -run 'TestTop|TestTake' ./meter ./ratelim", GO_V, GN + "Only passing tests, verbose: === RUN / --- PASS and two ok lines.", nd_masked="durations")
r("go-vet-clean-chain", GO, "go vet ./meter ./ratelim ./cmd/... && echo vet-ok", GO_V, GN + "go vet finds nothing in these packages (the race is not a vet matter): only the chain's vet-ok.")
r("go-doc-meter", GO, "go doc -all ./meter", GO_V, "go doc -all of the meter package: package clause, functions, type Meter with its methods and doc comments.")
r("hugo-template-metrics", SITE + "/blog", "hugo --templateMetrics --templateMetricsHints -d /tmp/r23-hugo-tm", HG, HGN + "Clean build with template metrics: a cumulative/average/maximum duration table per template with cache-potential hints, then the page counts.", reset="rm -rf /tmp/r23-hugo-tm", nd="template durations and their order change")
r("sphinx-ct-html", CT, "sphinx-build -b html docs /tmp/r23-ctdocs2", SB, "cachetools' own docs built plainly: Running Sphinx, reading/writing progress lines, 'build succeeded.'", reset="rm -rf /tmp/r23-ctdocs2")
r("ansible-setup-facts", ANS, "ansible local -i inventory.ini -m ansible.builtin.setup -a 'filter=ansible_distribution*'", "$ ansible --version | head -1", "Ad-hoc setup module with a filter: 'localhost | SUCCESS => {ansible_facts: {ansible_distribution..., }}' JSON.", env=ANSENV)
r("rscript-mtcars-ttest", L + "/r", "Rscript -e 'print(summary(mtcars[, 1:6])); print(t.test(mpg ~ am, data = mtcars))'", RV, "R built-in dataset: a summary() table of six mtcars columns and a Welch two-sample t-test printout.")
r("rscript-str-iris", L + "/r", "Rscript -e 'str(iris); print(head(iris, 12)); print(table(iris$Species))'", RV, "str() of iris, its head and a species count table.")
r("nbconvert-to-script", DATA, "jupyter nbconvert --to script --stdout churn.ipynb", NB, NBN + "Converting (without executing) to a Python script on stdout: '# In[ ]:' cell markers and the code.")
r("tsc-build-ok-chain", JSOK, "npx tsc -b --clean && npx tsc -b && echo built && find packages -name '*.d.ts' -o -name '*.js' | sort", TSV, "Fixed copy: clean, build (silent) and a listing of the emitted files.")
r("jasmine-pass-filter", JS, "npx jasmine --filter='handles empty|odd length|rejects relative'", JA, JN + "Only the passing specs selected by a regex filter: dots and '3 specs, 0 failures'.", nd_masked="duration")
r("flawfinder-minlevel5", TB, "flawfinder --minlevel=5 .", "$ flawfinder --version | sed 's/^/flawfinder /'", "flawfinder restricted to level 5: no hits, only the header, 'No hits found.' and the analysis summary.", nd_masked="lines/second")
r("xmlstarlet-fo", L + "/html", "xmlstarlet fo feed.xml", "$ xmlstarlet --version | head -1 | sed 's/^/xmlstarlet /'", "The one-line feed pretty-printed.")
r("sbcl-eval-ok", L + "/lisp", "sbcl --noinform --non-interactive --load stats.lisp --eval '(print (variance (list 1 2 3 4 5 6)))' 2>&1 | head -5", "$ sbcl --version", "--load of stats.lisp then an --eval, cut with head -5 as an agent might: only the start of the load-time STYLE-WARNING block (file, in: DEFUN UNUSED-ARG, the form) survives; the check lines and the DIVISION-BY-ZERO are past the cut, and the exit 0 is head's.")
r("swipl-query-ok", L + "/pl", "swipl -q -g 'forall(grandparent(tom, X), (write(X), nl))' -t halt family.pl", "$ swipl --version", "A query that succeeds: the singleton warning at load, then two grandchildren.")
r("mlr-sort-head-json", LOGS, "mlr --icsv --ojson sort -nr cpu_pct then head -n 3 metrics.csv", MLR, LGN + "Top three CPU rows as JSON.")
r("ps-own-tree-chain", S, "sh -c 'sleep 3 & wait' & P=$!; sleep 0.3; ps -o pid,stat,args -p $P --ppid $P | wc -l; kill $P; pkill -P $P; true", PS, "A chain that counts the lines of a small process listing it makes itself.")
