"""Run list for minimizer-r22 (see rec.py)."""
S = "/work/corpus-r22/scratch"
RB, RBOK = S + "/ruby/tinyledger", S + "/ruby/tinyledger-ok"
PHP, JV = S + "/php/shipcalc", S + "/java/invq"
PL, PLOK = S + "/perl/Text-Tally", S + "/perl/Text-Tally-ok"
HS, HSE = S + "/hs/wordfreq", S + "/hs/errs"
ML, MLE = S + "/ocaml/rangeset", S + "/ocaml/rangeset-typeerr"
EX, ERL = S + "/ex/queue_stats", S + "/erl/kvlru"
LUA, R, F90, TCL = S + "/lua/slugify", S + "/r", S + "/fortran", S + "/tcl"
C, CC, CCOV, CPG, CCFG = S + "/c", S + "/c/numstat", S + "/c/numstat-cov", S + "/c/numstat-pg", S + "/c/numstat-cfg"
REAL, SQL, LOGS, PY, BATS, CI = S + "/real", S + "/sql", S + "/logs", S + "/py/tariff", S + "/bats", S + "/ci"
JCP = "/usr/share/java/junit-platform-console-standalone.jar"
MIXENV = {"MIX_HOME": S + "/mixhome", "HEX_OFFLINE": "1"}

RUNS = []
def r(name, cwd, cmd, tool, notes, **kw):
    d = dict(name=name, cwd=cwd, cmd=cmd, tool=tool, notes=notes); d.update(kw); RUNS.append(d)

# ---------------- Ruby ----------------
RSPEC, RUBY, RUBOCOP = "$ rspec --version | tr '\\n' ' '", "$ ruby --version", "$ rubocop --version | sed 's/^/rubocop /'"
r("rspec-ledger-failures", RB, "rspec", RSPEC, "tinyledger gem written here (Money/Ledger); Money#allocate gives the remainder to the last part, Ledger#between excludes the end date, one spec posts a nil amount (NoMethodError in Money.parse); 1 pending. Default progress formatter with failure details and rerun commands.", nd="the pending example compares two Object#hash values, which differ per process; timings also change")
r("rspec-ledger-documentation", RB, "rspec --format documentation", RSPEC, "Same failing tinyledger suite with the documentation formatter: nested describe/context tree, FAILED - n markers, then the failure list.", nd="the pending example compares two Object#hash values, which differ per process; timings also change")
r("rspec-ledger-json", RB, "rspec --format json", RSPEC, "Same failing suite, JSON formatter: one very long line with every example, status, file_path, line_number and exception.", nd="Object#hash values in the pending example's message and the durations change")
r("rspec-ledger-ok", RBOK, "rspec", RSPEC, "Fixed copy of tinyledger: all examples pass, one pending (Money#hash).", nd="the pending example compares two Object#hash values, which differ per process; timings also change")
r("rspec-ledger-one-line", RB, "rspec spec/money_spec.rb:21", RSPEC, "Run one example by file:line (allocate remainder) - a single failure with a diff of arrays.")
r("rspec-ledger-fail-fast-seed", RB, "rspec --fail-fast --order rand:4242", RSPEC, "Random order with a fixed seed and --fail-fast: stops at the first failure, prints 'Randomized with seed 4242'.", nd="the pending example compares two Object#hash values, which differ per process; timings also change")
r("rspec-ledger-dry-run", RB, "rspec --dry-run --format documentation spec/ledger_spec.rb", RSPEC, "Dry run listing of ledger examples (nothing executed, all green).")
r("rspec-missing-file", RB, "rspec spec/wallet_spec.rb", RSPEC, "Spec file that does not exist: LoadError, 'An error occurred while loading', exit 1.")
r("minitest-money-seed", RB, "ruby test/test_money.rb --seed 1234", RUBY, "Minitest 5.17 file with a failing allocate assertion, a NoMethodError (Money + nil), a skip; fixed seed.")
r("minitest-money-verbose", RB, "ruby test/test_money.rb -v --seed 99", RUBY, "Minitest -v: one line per test with timing and . F E S markers, then details.", nd_masked="per-test timings")
r("minitest-ok-seed", RBOK, "ruby -Ilib -e 'Dir[\"./test/test_*.rb\"].sort.each { |f| require f }' -- --seed 7", RUBY, "Fixed tinyledger: both minitest files loaded into one process, all pass with one skip.")
r("rake-default-fails", RB, "rake", "$ rake --version", "rake default task = test then spec; Rake::TestTask run fails, so rake aborts with 'Command failed with status (1)' and the ruby command line.", nd="minitest picks a random seed each run, so test order and the seed differ")
r("rake-tasks-list", RB, "rake -T", "$ rake --version", "rake -T listing of the Rakefile's described tasks.")
r("ruby-backtrace-journal", RB, "ruby bin_report.rb journal.txt", RUBY, "Script run on a journal whose third line has '12,40': ArgumentError backtrace through money.rb, ledger.rb, bin_report.rb (foreach block).")
r("ruby-syntax-check-error", RB, "printf 'def f(x)\\n  if x\\n    1\\nend\\n' > /tmp/r22bad.rb && ruby -c /tmp/r22bad.rb", RUBY, "ruby -c on a file missing an 'end': syntax error with line numbers. Chain with printf.")
r("rubocop-ledger-default", RB, "rubocop", RUBOCOP, "RuboCop 1.39 with no config on the tinyledger gem: offenses by file with cop names, C/W letters, [Correctable] markers and a summary.")
r("rubocop-ledger-simple", RB, "rubocop --format simple lib", RUBOCOP, "Same, simple formatter, lib only.")
r("rubocop-rake-offenses", REAL + "/rake", "rubocop --format offenses", RUBOCOP, "Debian's rake 13.0.6 gem source (copied from ruby-rake) under RuboCop defaults: offense counts per cop, sorted, with a total.")
r("rubocop-rake-emacs", REAL + "/rake", "rubocop --format emacs lib/rake/file_list.rb lib/rake/task.rb", RUBOCOP, "emacs formatter (path:line:col: C: [Correctable] Cop: message) on two real rake files.")
r("rubocop-difflcs-json", REAL + "/diff-lcs", "rubocop --format json --only Style/StringLiterals,Layout/LineLength,Metrics/MethodLength", RUBOCOP, "diff-lcs 1.5.0 (Debian ruby-diff-lcs) source, three cops only, JSON formatter: one long line.")
r("rubocop-autocorrect", RB, "rubocop -a lib/tinyledger/money.rb", RUBOCOP, "rubocop -a on money.rb: [Corrected] markers; file restored before each run.", reset="cp " + S + "/pristine/money.rb lib/tinyledger/money.rb", post="cp " + S + "/pristine/money.rb lib/tinyledger/money.rb")
r("bundle-install-local-missing", RB, "printf 'source \"https://rubygems.org\"\\ngem \"rspec\", \"~> 3.12\"\\ngem \"money\", \"~> 6.16\"\\n' > Gemfile && bundle install --local", "$ bundle --version", "Gemfile written with rspec and the 'money' gem (not installed); bundle install --local cannot resolve money from installed gems. Gemfile removed before and after.", reset="rm -f Gemfile Gemfile.lock", post="rm -f Gemfile Gemfile.lock")
r("gem-list-local", RB, "gem list --local", "$ gem --version | sed 's/^/gem /'", "gem list of the Debian-installed gems (name (versions, default: x)).")
r("gem-contents-rspec-core", RB, "gem contents rspec-core | head -40", "$ gem --version | sed 's/^/gem /'", "gem contents of rspec-core, first 40 paths (pipeline).")

# ---------------- PHP ----------------
PHPCS, PHPV = "$ phpcs --version", "$ php --version"
r("phpcs-shipcalc-psr12", PHP, "phpcs --standard=PSR12 src", PHPCS, "Shipping-rate library written here, PSR-12 report: per-file tables of LINE | ERROR/WARNING | message, with [x] fixable markers; Broken.php has a parse error.")
r("phpcs-shipcalc-summary", PHP, "phpcs --standard=PSR12 --report=summary src", PHPCS, "Summary report: one row per file with error/warning counts and totals.")
r("phpcs-shipcalc-emacs", PHP, "phpcs --standard=PSR12 --report=emacs src/RateTable.php", PHPCS, "emacs report: path:line:col: error - message (sniff).")
r("phpcs-phario-checkstyle", REAL + "/phario", "phpcs --standard=PSR12 --report=checkstyle .", PHPCS, "Debian's phar-io (manifest + version) PHP sources under PSR-12: checkstyle XML with many <error> elements.")
r("phpcs-seld-json", REAL + "/seld", "phpcs --standard=PSR2 --report=json .", PHPCS, "Debian's Seld (jsonlint, phar-utils, signal-handler) under PSR-2: JSON report on one long line.")
r("phpcs-seld-source", REAL + "/seld", "phpcs --standard=Squiz --report=source .", PHPCS, "Squiz standard (strict) on Seld sources: source report, counts per sniff.")
r("phpcbf-fix-ratetable", PHP, "phpcbf --standard=PSR12 src/RateTable.php", "$ phpcbf --version", "phpcbf fixes RateTable.php in place: PHPCBF RESULT SUMMARY table (22 fixed, 2 remaining) and Time/Memory; file restored before and after. Exit 1 = fixed.", reset="cp " + S + "/pristine/RateTable.php src/RateTable.php", post="cp " + S + "/pristine/RateTable.php src/RateTable.php")
r("php-lint-parse-error", PHP, "php -l src/Broken.php", PHPV, "php -l on a file missing a semicolon: PHP Parse error (unexpected token foreach) with line, 'Errors parsing', exit 255.")
r("php-lint-all-loop", PHP, "for f in src/*.php; do php -l \"$f\"; done", PHPV, "for-loop over all sources: two 'No syntax errors detected' and one parse error; loop exit is the last file's status.")
r("php-uncaught-exception", PHP, "php tests/run.php", PHPV, "Script quotes two zones then an unknown one: Fatal error: Uncaught InvalidArgumentException with stack trace.")
r("composer-validate-ok", PHP, "composer validate --no-check-publish", "$ composer --version 2>/dev/null | head -1", "composer.json of shipcalc (no lock file yet): validate passes with one line.")
r("composer-install-offline", PHP, "composer install --no-interaction --no-progress", "$ composer --version 2>/dev/null | head -1", "composer install with psr/log and phpunit/phpunit required but packagist unreachable: resolution fails with network errors. vendor/lock removed before each run.", reset="rm -rf vendor composer.lock", timeout=120)
r("composer-dump-autoload", PHP, "composer dump-autoload -o", "$ composer --version 2>/dev/null | head -1", "Optimised classmap autoloader generated from src (works offline). vendor removed before each run.", reset="rm -rf vendor")
r("php-modules-grep", PHP, "php -m | grep -iE 'json|mbstring|pdo|xml|curl' ; php -r 'echo PHP_VERSION, PHP_EOL;'", PHPV, "Module check chain agents write: grep over php -m, then the version.")

# ---------------- Java ----------------
JAVAC, JAVA = "$ javac -version", "$ java -version 2>&1 | head -1"
r("javac-broken-errors", JV, "javac -d /tmp/r22-invq-bad src/main/java/org/invq/Broken.java", JAVAC, "javac on Broken.java: incompatible types with generic Map<String,List<Integer>>, String from int, cannot find symbol, void returning a value; carets and '4 errors'.")
r("javac-xlint-all", JV, "javac -Xlint:all -d /tmp/r22-lint src/lint/org/invq/Legacy.java", JAVAC, "-Xlint:all on a legacy-style class: rawtypes, unchecked cast, deprecation/removal (new Integer, Date(int,int,int), finalize), serial, empty statement warnings with carets; compiles (exit 0).")
r("java-npe-helpful", JV, "javac -d /tmp/r22-invq src/main/java/org/invq/Inventory.java && java -cp /tmp/r22-invq org.invq.Inventory", JAVA, "Runs main: prints total, then remove of an unknown SKU unboxes a null Integer: helpful NullPointerException with stack trace. Chain with javac.")
r("junit5-console-tree", JV, f"rm -rf /tmp/r22-jout && mkdir -p /tmp/r22-jout && javac -d /tmp/r22-jout -cp {JCP} src/main/java/org/invq/Inventory.java src/test/java/org/invq/InventoryTest.java && java -jar {JCP} -cp /tmp/r22-jout --select-class org.invq.InventoryTest --disable-banner", "JUnit Platform Console Launcher 1.9.1 (Debian junit5 5.9.2, Jupiter 5.9.2), openjdk 17.0.15", "JUnit 5.9 console launcher (Debian junit5), tree details: lowStock bug, parameterized case with qty 0 throwing, assertTimeout failure, a disabled test; failure list with stack traces, summary table. The launcher colours its tree with ANSI codes although NO_COLOR=1 and TERM=dumb.", nd_masked="the timeout message shows elapsed ms")
r("junit5-console-flat", JV, f"java -jar {JCP} -cp /tmp/r22-jout --select-class org.invq.InventoryTest --details=flat --disable-banner", "JUnit Platform Console Launcher 1.9.1 (Debian junit5 5.9.2, Jupiter 5.9.2), openjdk 17.0.15", "Same tests, --details=flat (one event per line, full stack traces inline).", nd_masked="elapsed ms")
r("junit5-xml-report", JV, f"rm -rf /tmp/r22-jrep && java -jar {JCP} -cp /tmp/r22-jout --select-class org.invq.InventoryTest --details=none --disable-banner --reports-dir /tmp/r22-jrep >/dev/null; cat /tmp/r22-jrep/TEST-junit-jupiter.xml", "JUnit Platform Console Launcher 1.9.1 (Debian junit5 5.9.2, Jupiter 5.9.2), openjdk 17.0.15", "The JUnit XML report the launcher writes, through cat: <testsuite> with <testcase>, <failure> bodies and system properties.", nd="timestamps, hostname-free times and durations in the XML change")
r("junit5-select-method-ok", JV, f"java -jar {JCP} -cp /tmp/r22-jout --select-method org.invq.InventoryTest#totalSumsAll --details=summary --disable-banner", "JUnit Platform Console Launcher 1.9.1 (Debian junit5 5.9.2, Jupiter 5.9.2), openjdk 17.0.15", "One passing method selected: just the summary table, exit 0.", nd_masked="elapsed ms")
r("javap-inventory", JV, "javap -p -c -cp /tmp/r22-invq org.invq.Inventory", JAVAC, "javap bytecode disassembly of Inventory (private members, -c code listing).")
r("jar-create-list", JV, "cd /tmp/r22-invq && jar --create --file /tmp/r22-invq.jar --main-class org.invq.Inventory -C /tmp/r22-invq . && jar tvf /tmp/r22-invq.jar", JAVAC, "jar create + tvf listing (sizes, dates, names).", nd_masked="file dates in the listing", nd="file dates in the listing")
r("mvn-offline-no-plugins", JV, "printf '<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion><groupId>org.invq</groupId><artifactId>invq</artifactId><version>0.1.0</version><properties><maven.compiler.release>17</maven.compiler.release></properties></project>' > pom.xml && mvn -o -B -ntp package", "$ mvn -v 2>&1 | head -1 | sed 's/\\x1b\\[[0-9;]*m//g'", "Maven 3.8.7 (Debian) in offline mode with an empty local repository: plugin resolution fails, [ERROR] block with help links. pom.xml written by the command. The output starts and ends with stray ESC[0m codes despite -B and NO_COLOR.", reset="rm -f pom.xml; rm -rf target", timeout=120)
r("java-showsettings", JV, "java -XshowSettings:vm -XshowSettings:locale -version", JAVA, "JVM settings listing (heap, locale) then version on stderr.")

# ---------------- Perl ----------------
PROVE, PCRIT = "$ prove --version", "$ perlcritic --version | sed 's/^/perlcritic /'"
r("prove-tally-failures", PL, "prove -l t", PROVE, "Text::Tally written here: top() lacks a tie-break (is_deeply fails), ratio on empty divides by zero (passes via eval), a SKIP and TODO, and a test dying on an unknown method after 1 test. Summary report with Failed tests lists.", nd="Perl hash order is randomised per process, so the word in the got-structure of the tie (hat/end/cat) changes")
r("prove-tally-verbose", PL, "prove -lv t/01-basic.t t/04-die.t", PROVE, "Verbose TAP: ok/not ok lines, '#   Failed test' diagnostics with got/expected structures, a die message and 'Looks like your test exited with 255'.")
r("prove-tally-ok", PLOK, "prove -l t", PROVE, "Fixed copy: all tests pass (with skip and todo), 'All tests successful.' and a Files/Tests line.", nd_masked="wallclock seconds")
r("prove-tally-merge-timer", PLOK, "prove -l --merge --timer t/02-ratio.t t/03-plan.t", PROVE, "--timer prefixes each file with a [HH:MM:SS] timestamp and ms.", nd="clock timestamps per file", nd_masked="clock timestamps and ms per file")
r("perl-syntax-error", PL, "perl -c tally.pl", "$ perl -v | sed -n 2p", "perl -c on a script with a missing semicolon: 'syntax error at tally.pl line 8, near ...' and 'had compilation errors', exit 255.")
r("perl-tally-runtime-warn", PL, "printf 'a b a\\n' | perl -w -Ilib -e 'use Text::Tally; my $t=Text::Tally->new->add(<STDIN>); printf \"%s=%d\\n\", $_, $t->count($_) for $t->top(4)'", "$ perl -v | sed -n 2p", "top(4) of a 2-word tally: 'Use of uninitialized value in printf' warnings with line numbers.")
r("perlcritic-tally-sev3", PL, "perlcritic --severity 3 lib tally.pl", PCRIT, "Perl::Critic 1.148 at severity 3 on the module and a script with a syntax error.")
r("perlcritic-dpkg-verbose8", REAL + "/dpkg-perl", "perlcritic --severity 4 --verbose 8 .", PCRIT, "Debian's Dpkg perl modules (libdpkg-perl) at severity 4 with verbose 8 ([Policy] message at line N, column M), a real large module tree.")
r("perlcritic-dpkg-stats", REAL + "/dpkg-perl", "perlcritic --severity 2 --statistics-only .", PCRIT, "Statistics only: files, statements, subroutines, McCabe, violations by severity and by policy.")

# ---------------- Haskell ----------------
CABAL, GHC = "$ cabal --version | head -1", "$ ghc --version"
r("cabal-build-cold", HS, "cabal build all", CABAL, "wordfreq (library + exe + test-suite written here) with cabal 3.4 offline (no package repository configured): cold build of all components. dist-newstyle removed before each run.", reset="rm -rf dist-newstyle", timeout=600, nd="the exe and the test-suite build in parallel, so their Preprocessing/Building/Compiling lines interleave differently")
r("cabal-test-failure", HS, "cabal test", CABAL, "Test suite (rebuilt after the test edit) whose normalize check expects apostrophes to be kept: PASS/FAIL lines, 'Test suite spec: FAIL', log file path, exit 1.")
r("cabal-run-ok", HS, "cabal run -v0 wordfreq -- sample.txt", CABAL, "Running the exe on a small file: the top 5 words.")
r("cabal-run-pattern-fail", HS, "cabal run -v0 wordfreq", CABAL, "No argument: irrefutable pattern [path] fails, 'user error (Pattern match failure in do expression at app/Main.hs:6:3-8)'.")
r("ghc-type-errors", HSE, "ghc -fno-code -Wall Types.hs", GHC, "GHC 9.0.2 type errors: String '+' needs Num, Maybe v vs v in lookupAll (with relevant bindings) and the source excerpt with carets; -fno-code stops before the pattern checker, so no warnings.")
r("runghc-head-exception", HSE, "runghc Crash.hs", GHC, "runghc: prints 9 then Prelude.head: empty list exception.")
r("ghc-pkg-list", HS, "ghc-pkg list --global", GHC, "Global package database listing of the Debian GHC.")
r("cabal-check", HS, "cabal check", CABAL, "cabal check: missing synopsis/description/license warnings, exit 1.")

# ---------------- OCaml ----------------
DUNE = "$ dune --version | sed 's/^/dune /'"
r("dune-build-clean", ML, "dune build 2>&1 && echo BUILD-OK", DUNE, "rangeset library + exe + test written here; clean build (nothing printed by dune).", reset="rm -rf _build")
r("dune-test-failure", ML, "dune test", DUNE, "Test executable exits 1 on the cardinal off-by-one: ok lines, FAIL cardinal, dune's '(cd _build/default/test && ./test_rangeset.exe)' exit code line.", reset="rm -rf _build")
r("dune-exec-index-oob", ML, "dune exec ./bin/main.exe", DUNE, "exe without the argument: Invalid_argument \"index out of bounds\" uncaught exception.")
r("dune-exec-ok", ML, "dune exec ./bin/main.exe -- 8", DUNE, "exe with an argument: ranges, cardinal and mem.")
r("dune-build-type-errors", MLE, "dune build", DUNE, "Copy with union passing arguments in the wrong order and int fold on 0.0: OCaml 4.13 type errors with File/line/chars and highlighted source excerpts.", reset="rm -rf _build")
r("ocaml-toplevel-script-error", ML, "printf 'let x = [1; 2] @ [3]\\nlet () = print_int (List.nth x 5)\\n' > /tmp/r22.ml && ocaml /tmp/r22.ml", "$ ocaml -version", "ocaml script: List.nth on a short list raises Failure \"nth\".")

# ---------------- Elixir / Erlang ----------------
MIX, REBAR = "$ elixir --version | tail -1", "$ rebar3 version"
r("mix-compile-warnings", EX, "mix compile", MIX, "queue_stats (mix new) with an unused variable and an unused function argument: Elixir 1.14 warnings with file:line and the compile summary. _build removed before each run.", reset="rm -rf _build", env=MIXENV)
r("mix-test-seed0", EX, "mix test --seed 0", MIX, "ExUnit failures: nearest-rank percentile bug, pattern match on a map, ArgumentError from String.to_integer with stacktrace, excluded skip test.", env=MIXENV, nd="the first run compiles the app for the test env (Compiling 1 file, the unused-variable warning, Generated queue_stats app), the second does not; timings change")
r("mix-test-trace", EX, "mix test --trace --seed 0", MIX, "--trace: one line per test with timings, skipped marked.", env=MIXENV, nd_masked="timing")
r("mix-test-one-file-line", EX, "mix test test/queue_stats_test.exs:9 --seed 0", MIX, "Single test by file:line: others excluded, one failure.", env=MIXENV, nd_masked="timing")
r("mix-format-check", EX, "mix format --check-formatted bad_format.ex", MIX, "mix format --check-formatted on a badly formatted file: ** (Mix) message and the list of unformatted files, exit 1.", env=MIXENV)
r("elixir-eval-raise", EX, "elixir -e 'Enum.map([1, 2, :x], fn n -> n * 2 end)'", MIX, "elixir -e raising ArithmeticError in an anonymous fn: ** (ArithmeticError) and stacktrace.")
r("rebar3-eunit-failures", ERL, "rebar3 eunit", REBAR, "kvlru written here (LRU keeps one element too many): eunit with an assertEqual failure (expected/got) and a function_clause crash with its stack term, counts line. rebar3 colours the dots and failures with ANSI codes although NO_COLOR=1. _build removed first.", reset="rm -rf _build", nd_masked="timing")
r("rebar3-compile", ERL, "rebar3 compile", REBAR, "rebar3 compile: Verifying dependencies / Compiling kvlru.", reset="rm -rf _build")
r("erlc-errors", ERL, "cp src/broken.erl.txt /tmp/broken.erl && erlc -o /tmp /tmp/broken.erl", "$ erl -noshell -eval 'io:format(\"erts ~s OTP ~s~n\", [erlang:system_info(version), erlang:system_info(otp_release)]), halt().'", "erlc: variable 'Z' unbound, function h/0 undefined callee, unused variables and function: errors and warnings with line:col.")
r("erl-eval-crash", ERL, "erl -noshell -pa _build/default/lib/kvlru/ebin -eval 'C = kvlru:new(2), io:format(\"~p~n\", [kvlru:size(C)]), kvlru:get(a, not_a_cache), halt().'", "$ erl -noshell -eval 'io:format(\"erts ~s OTP ~s~n\", [erlang:system_info(version), erlang:system_info(otp_release)]), halt().'", "erl -eval crash: 'Error! Failed to eval' with a function_clause/badmatch term and the runtime's crash dump line.", timeout=60, nd_masked="crash dump")

# ---------------- Lua / Tcl ----------------
BUSTED = "$ busted --version | sed 's/^/busted /'"
r("busted-slugify-default", LUA, "busted spec", BUSTED, "Lua slugify module written here: trim bug, a nil error, a pending; busted default (utfTerminal) output with failure and error details.", nd_masked="seconds")
r("busted-slugify-tap", LUA, "busted -o TAP spec", BUSTED, "Same suite with the TAP output handler.")
r("busted-slugify-junit", LUA, "busted -o junit spec", BUSTED, "Same suite with the junit output handler: XML with testcase/failure/error bodies and stack tracebacks. (busted -o json printed nothing here: its JSON module is missing.)", nd="timestamp attribute and times")
r("lua-runtime-error", LUA, "lua -e 'local s = require(\"slugify\"); print(s.slugify(\"Ok Go\")); print(s.truncate(nil, 3))'", "$ lua -v", "lua 5.1: prints ok-go, then 'attempt to get length of local 's' (a nil value)' with a stack traceback (stderr comes first in the merged output).")
r("luac-syntax-error", LUA, "printf 'local t = {1, 2\\nprint(t)\\n' > /tmp/r22.lua && luac -p /tmp/r22.lua", "$ lua -v", "luac -p: '}' expected near print.")
r("tcltest-intervals", TCL, "tclsh intervals.test", "tclsh 8.6.13 (tcltest)", "tcltest: touching-interval expectation fails (==== result was / should have been), bad-arg error message mismatch, totals line.")

# ---------------- R / Fortran ----------------
RV = "$ R --version | head -1"
r("rscript-lm-summary", R, "Rscript model.R", RV, "R 4.2 lm summary (coefficients table with significance stars), anova table, head of a data frame, str().")
r("rscript-error-warnings", R, "Rscript broken.R", RV, "Coercion warning (NAs introduced), a custom warning, then stopifnot error; 'Execution halted', exit 1.")
r("r-sessioninfo", R, "R -q --vanilla -e 'sessionInfo()'", RV, "sessionInfo listing (platform, locale, attached packages).")
r("gfortran-syntax-error", F90, "gfortran -Wall -o heat heat.f90", "$ gfortran --version | head -1", "gfortran: missing ')' in a CALL, errors with a caret under the column and the source line.")
r("gfortran-fixed-run", F90, "sed 's/call report(u, n$/! report disabled/' heat.f90 > /tmp/r22heat.f90 && gfortran -Wall -Wextra -o /tmp/r22heat /tmp/r22heat.f90 && /tmp/r22heat", "$ gfortran --version | head -1", "Chain: sed fix, compile with -Wall -Wextra (clean), run prints two values.")

# ---------------- C: autotools, make, coverage, profilers, debuggers ----------------
GCC = "$ gcc --version | head -1"
r("autotools-configure", CCFG, "./configure", "$ autoconf --version | head -1", "numstat (small C tool written here, automake + autoconf 2.71): configure run with checking... lines, config.status creating files. Generated files removed before each run.", reset="rm -f config.status config.log config.h Makefile stamp-h1; rm -rf .deps")
r("autoreconf-verbose", CCFG, "autoreconf -fiv", "$ autoconf --version | head -1", "autoreconf -fiv: aclocal, autoconf, automake --add-missing messages (installing compile, missing, ...).")
r("make-build-warnings", CC, "make", "$ make --version | head -1", "make after make clean with CFLAGS -Wall -Wextra: recursive make Entering/Leaving, automake compile lines with the depfile mv, link; no warnings.", reset="make clean >/dev/null 2>&1")
r("make-check-failure", CC, "make check", "$ make --version | head -1", "make check with the automake parallel test driver: PASS/FAIL lines, the testsuite summary box, 'See ./test-suite.log', make errors.", nd="the first run compiles and links test_stats, the second says it is up to date")
r("cat-test-suite-log", CC, "make check >/dev/null 2>&1; cat test-suite.log", "$ make --version | head -1", "The automake test-suite.log after the failing check: per-test logs with the FAIL line for the even median and the cli check.")
r("make-unknown-target", CC, "make instal", "$ make --version | head -1", "Typo target: 'No rule to make target', exit 2.")
r("make-dry-run-dist", CC, "make -n dist | head -30", "$ make --version | head -30", "make -n dist, first 30 commands (pipeline).", nd="whether make reports 'Broken pipe' when head closes the pipe depends on timing")
r("valgrind-oob-leak", CC, "valgrind --leak-check=full ./numstat data.txt 1 peek", "$ valgrind --version", "memcheck on the peek path: v[n] is read inside the realloc'd capacity, so printf reports 'Conditional jump or move depends on uninitialised value(s)' many times with glibc frames, then a 64-byte definitely-lost block (main.c:26), LEAK SUMMARY and ERROR SUMMARY: 30 errors from 19 contexts. Process exit 0.", nd_masked="pids in ==N== prefixes")
r("gdb-batch-backtrace", C, "gdb -q -batch -ex run -ex bt -ex 'info locals' -ex 'frame 1' --args ./crash", "$ gdb --version | head -1", "gdb batch on a program that follows a bad pointer: SIGSEGV location, a recursive backtrace (depth), locals, frame 1.", nd_masked="process id and thread addresses")
r("strace-c-summary", CC, "strace -f -c ./numstat data.txt", "$ strace -V | head -1", "strace -c syscall summary table (% time, calls, errors) after the program's own output; times are all 0 here.", nd="time columns change between runs")
r("gcov-stats", CCOV, "gcov -b stats.c", GCC, "gcov with branch counts on the test run's data: Lines/Branches executed percentages and 'Creating stats.c.gcov'. (Objects are at the top level.)")
r("gcov-annotated-file", CCOV, "gcov stats.c >/dev/null && cat stats.c.gcov", GCC, "The annotated .gcov file: execution counts, ##### for unexecuted lines, - for non-code.")
r("lcov-capture-summary", CCOV, "lcov --capture --directory . --output-file /tmp/r22-cov.info --rc lcov_branch_coverage=1 && lcov --summary /tmp/r22-cov.info --rc lcov_branch_coverage=1", "$ lcov --version", "lcov 1.16 capture (Processing ... .gcda lines) then --summary: lines/functions/branches percentages.")
r("lcov-list", CCOV, "lcov --list /tmp/r22-cov.info", "$ lcov --version", "lcov --list table per file (Lines/Functions/Branches).")
r("gcovr-text", CCOV, "gcovr -r .", "$ gcovr --version | head -1", "gcovr 5.2 text report: File / Lines / Exec / Cover / Missing, TOTAL.")
r("gcovr-branches-fail-under", CCOV, "gcovr -r . --branches --fail-under-line 95", "$ gcovr --version | head -1", "gcovr branch report with --fail-under-line 95: report then 'failed minimum line coverage', exit 2.")
r("gprof-flat-profile", CPG, "gprof -b ./numstat gmon.out", "$ gprof --version | head -1", "gprof brief flat profile and call graph of numstat run 300 rounds on 20k numbers (-pg build). gmon.out made once by setup.")
r("perf-stat", CC, "perf stat -e task-clock,context-switches,page-faults ./numstat data.txt 50", "$ perf --version", "perf stat with software events after the program's own output.", nd="counts and times")
r("perf-report-stdio", CPG, "perf record -q -e cpu-clock -o /tmp/r22-perf.data ./numstat data.txt 200 >/dev/null && perf report --stdio -i /tmp/r22-perf.data --sort symbol 2>&1 | head -40", "$ perf --version", "perf record on the cpu-clock software event, then report --stdio by symbol, first 40 lines. The binary is the -pg build, so __mcount_internal leads the profile.", nd="sample counts and percentages")
r("hyperfine-two-commands", CC, "hyperfine --style basic --warmup 1 --runs 5 './numstat data.txt 1' './numstat data.txt 20'", "$ hyperfine --version", "hyperfine 1.15 comparing two runs: Time (mean ± σ), Range, 'Summary ... ran N times faster'.", nd="timings")
r("hyperfine-export-markdown", CC, "hyperfine --style none --runs 3 --export-markdown /tmp/r22-h.md 'sort -n data.txt' 'sort -g data.txt' >/dev/null && cat /tmp/r22-h.md", "$ hyperfine --version", "Markdown table exported by hyperfine, through cat.", nd="timings")
r("hyperfine-failing-command", CC, "hyperfine --runs 2 './numstat /nonexistent'", "$ hyperfine --version", "hyperfine on a command that exits 1: 'Command terminated with non-zero exit code' hint about -i, exit 1.")
r("gcc-implicit-decl", C, "printf '#include <stdio.h>\\nint main(void){ double d = sqrtx(2.0); printf(\"%%d\\\\n\", d); return 0; }\\n' > /tmp/r22i.c && gcc -Wall -o /tmp/r22i /tmp/r22i.c", GCC, "gcc 12: implicit declaration error of sqrtx with a fix-it hint, format warning %d vs double, then the linker's undefined reference.", nd="the linker names a random /tmp/cc*.o object")

# ---------------- CMake on Debian's googletest source ----------------
CMAKE = "$ cmake --version | head -1"
r("cmake-configure-gtest-ninja", REAL + "/googletest", "cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release", CMAKE, "googletest 1.12 source as shipped by Debian's libgtest-dev (/usr/src/googletest, copied): configure with the Ninja generator. build removed before each run.", reset="rm -rf build")
r("cmake-build-gtest-ninja", REAL + "/googletest", "cmake --build build -j 2", CMAKE, "Build of gtest/gmock libraries: ninja [n/m] progress lines. Objects removed (ninja clean) before each run.", reset="[ -d build ] || cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null; cmake --build build --target clean >/dev/null", timeout=600)
r("cmake-cache-list", REAL + "/googletest", "cmake -LH -N build | head -60", CMAKE, "cmake -LH cache listing with help comments, first 60 lines.")
r("cmake-install-prefix", REAL + "/googletest", "cmake --install build --prefix /tmp/r22-gtest-inst | tail -25", CMAKE, "Install into a /tmp prefix: '-- Installing:' / '-- Up-to-date:' lines, tail 25.", reset="rm -rf /tmp/r22-gtest-inst")
r("cmake-bad-option", REAL + "/googletest", "cmake -S . -B build2 -G 'Ninja Multi' ", CMAKE, "Unknown generator name: CMake Error, generator list, exit 1.", reset="rm -rf build2")
r("ninja-targets", REAL + "/googletest", "ninja -C build -t targets depth 1 | sort | head -40", "$ ninja --version | sed 's/^/ninja /'", "ninja -t targets (phony/ CUSTOM_COMMAND etc.), sorted, first 40.")

# ---------------- SQLite output modes ----------------
SQ = "$ sqlite3 --version | cut -d' ' -f1 | sed 's/^/sqlite3 /'"
Q1 = "SELECT v.id, v.plate, v.kind, v.km, d.name AS depot, d.opened FROM vehicles v LEFT JOIN depots d ON d.id = v.depot_id WHERE v.id <= 8 ORDER BY v.id"
for mode in ["line", "column", "box", "markdown", "table", "html", "json", "csv", "tabs"]:
    hdr = " -header" if mode in ("column", "csv", "tabs", "html") else ""
    r(f"sqlite3-mode-{mode}", SQL, f"sqlite3{hdr} -{mode} -nullvalue NULL fleet.db \"{Q1}\"" if mode not in ("json",) else f"sqlite3 -json fleet.db \"{Q1}\"", SQ,
      f"fleet.db (depots, vehicles, 3000 trips, made here with Python): the same 8-row join in -{mode} mode; Old Mill depot has a NULL opening date.")
r("sqlite3-schema", SQL, "sqlite3 fleet.db .schema", SQ, "The .schema of fleet.db: tables, CHECK, REFERENCES, index and a view.")
r("sqlite3-eqp", SQL, "sqlite3 fleet.db '.eqp on' \"SELECT driver, count(*) FROM trips WHERE vehicle_id = 7 GROUP BY driver\"", SQ, ".eqp on: QUERY PLAN tree (SEARCH ... USING INDEX, USE TEMP B-TREE) before the rows.")
r("sqlite3-error-no-column", SQL, "sqlite3 fleet.db \"SELECT plate, mileage FROM vehicles WHERE kind = 'van'\"", SQ, "Parse error: no such column: mileage, with the statement and a caret (3.40 style), exit 1.")
r("sqlite3-constraint-errors", SQL, "sqlite3 -bail fleet.db \"BEGIN; INSERT INTO vehicles(depot_id, plate, kind, km) VALUES (1, 'YX10 NEW', 'scooter', 10); COMMIT;\"", SQ, "CHECK constraint failed on kind: 'Error: stepping, CHECK constraint failed ... (19)', -bail stops, exit 19 (transaction never committed).")
r("sqlite3-view-box-agg", SQL, "sqlite3 -box fleet.db \"SELECT * FROM depot_km ORDER BY km DESC\"", SQ, "The depot_km view with aggregates in -box mode.")
r("sqlite3-csv-all-trips", SQL, "sqlite3 -header -csv fleet.db 'SELECT * FROM trips ORDER BY id'", SQ, "All 3000 trips as CSV with quoting of notes that contain '|' and apostrophes in drivers' names (O'Neill).")
r("sqlite3-dump-head", SQL, "sqlite3 fleet.db .dump | head -25", SQ, ".dump piped to head: PRAGMA, CREATE TABLE, first INSERTs.")
r("sqlite3-json-one-line-to-file", SQL, "sqlite3 fleet.db \"SELECT json_group_array(json_object('id', id, 'vehicle', vehicle_id, 'started', started, 'km', km, 'driver', driver, 'note', note)) FROM trips\" > /tmp/r22-trips.json && cat /tmp/r22-trips.json", SQ, "An API-like payload: one JSON array of 3000 objects on a single ~400 kB line, saved to a file then cat.")
r("jq-trips-slice", SQL, "jq -c '.[0:3], length, (map(.km) | add | floor), ([.[] | select(.note == \"late\")] | length)' /tmp/r22-trips.json", "$ jq --version", "jq over the saved payload: first 3 objects compact, count, km sum, late count.")
r("jq-group-by-driver", SQL, "jq 'group_by(.driver) | map({driver: .[0].driver, trips: length, km: (map(.km) | add | round)})' /tmp/r22-trips.json", "$ jq --version", "jq group_by: pretty-printed array of 6 objects.")
r("jq-parse-error-truncated", SQL, "head -c 5000 /tmp/r22-trips.json | jq length", "$ jq --version", "jq 1.6 on a truncated payload (head -c 5000): 'parse error: Unfinished string at EOF at line 1, column 5000', exit 4.")

# ---------------- Debian packaging / system listings ----------------
r("dpkg-l-erlang", S, "dpkg -l 'erlang-*' | head -30", "$ dpkg --version | head -1", "dpkg -l wide table (ii, name, version, arch, description) of the installed erlang packages.")
r("dpkg-L-rubocop-count", S, "dpkg -L rubocop | grep -c '\\.rb$'; dpkg -L rubocop | grep /bin/", "$ dpkg --version | head -1", "Count of files in a package and its binaries (chain of two dpkg -L pipelines).")
r("dpkg-s-ghc", S, "dpkg -s ghc", "$ dpkg --version | head -1", "dpkg -s status paragraph: long Depends/Provides lines.")
r("dpkg-query-biggest", S, "dpkg-query -W -f='${Installed-Size}\\t${Package}\\t${Version}\\n' | sort -n | tail -25", "$ dpkg --version | head -1", "Installed-Size listing, 25 biggest packages (pipeline).")
r("apt-cache-depends-elixir", S, "apt-cache depends elixir", "$ apt-get --version | head -1", "apt-cache depends tree (Depends/Suggests/Breaks).")
r("apt-cache-rdepends-installed", S, "apt-cache rdepends --installed libgmp10", "$ apt-get --version | head -1", "Reverse dependencies among installed packages.")
r("apt-get-install-simulate", S, "apt-get install -s --no-install-recommends gradle", "$ apt-get --version | head -1", "Simulated install of gradle: the extra packages list, NEW packages, 'N upgraded, N newly installed', Inst/Conf lines.")
r("apt-get-install-unknown", S, "apt-get install -s rebar4", "$ apt-get --version | head -1", "Unknown package: E: Unable to locate package, exit 100.")
r("apt-cache-show-hyperfine", S, "apt-cache show hyperfine", "$ apt-get --version | head -1", "Package record with multi-line Description.")

# ---------------- logs, tables, CI ----------------
r("journal-grep-errors-context", LOGS, "grep -n -C2 -E 'ERROR|FAILURE|deadlock' journal.log | head -80", "$ grep --version | head -1", "syslog/journal-style log of five services (generated here): error lines with 2 lines of context and -- separators, first 80 lines.")
r("journal-tail", LOGS, "tail -n 40 journal.log", "$ tail --version | head -1", "Last 40 lines, ending with systemd's Main process exited / Failed with result / Scheduled restart.")
r("journal-count-by-unit", LOGS, "awk '{print $5}' journal.log | sed 's/\\[.*//' | sort | uniq -c | sort -rn", "$ awk --version 2>&1 | head -1", "Per-unit counts pipeline.")
r("journal-5xx-status", LOGS, "grep -E ' 50[0-9] [0-9]+ms' journal.log | awk '{print $8, $9, $10}' | sort | uniq -c | sort -rn | head", "$ grep --version | head -1", "API 5xx lines reduced to method/path/status counts.")
r("pods-column-t", LOGS, "column -t pods.txt", "$ column --version", "kubectl-get-pods-like table aligned with column -t: CrashLoopBackOff, Pending, Error rows among Running.")
r("pods-not-running", LOGS, "column -t pods.txt | awk 'NR==1 || $4 != \"Running\"'", "$ column --version", "The same table filtered to non-Running pods.")
r("ci-script-set-x-groups", CI, "bash ci.sh", "$ bash --version | head -1", "CI-like script with set -euxo pipefail and GitHub Actions ::group::/::endgroup:: markers: '+ ' traces, prove failures, an ::error annotation, exit 1.", nd="Perl hash order is randomised, so the word in the got-structure of the prove failure changes")
r("ci-script-ok-groups", CI, "bash ci-ok.sh", "$ bash --version | head -1", "Passing CI-like script: groups around rspec (fixed ledger), prove and luac, ::notice at the end.", nd_masked="prove wallclock")

# ---------------- Python (small share) ----------------
PYT = "$ pytest --version"
r("unittest-v-tariff", PY, "python -m unittest -v tests.test_tariff", "$ python --version", "unittest -v on the tariff module written here: the standing-charge bug fails test_long_period, a skip (the module-level pytest test is not collected by unittest). Traceback and FAILED (failures=1, skipped=1).")
r("pytest-timeout-hit", PY, "pytest -q -p no:cacheprovider tests/test_tariff.py", PYT, "pytest with pytest-timeout (pytest.ini sets pythonpath = .): slow_lookup exceeds its 1 s timeout ('Failed: Timeout (>1.0s) from pytest-timeout' at the sleep), the bill bug fails.", timeout=120)
r("coverage-run-report-m", PY, "coverage run -m pytest -q -p no:cacheprovider tests/test_tariff.py -k 'not slow' >/dev/null; coverage report -m", "$ coverage --version | head -1", "coverage.py report with Missing column for tariff.py and tests.")
r("coverage-report-markdown", PY, "coverage report --format=markdown --skip-covered", "$ coverage --version | head -1", "coverage report in markdown format (coverage 7), skip-covered.")
r("coverage-fail-under", PY, "coverage report --fail-under=95 --include=tariff.py", "$ coverage --version | head -1", "--fail-under: report then 'Coverage failure: total of N is less than fail-under=95', exit 2.")
r("bandit-tariff", PY, "bandit -q tariff.py", "$ bandit --version | head -1", "bandit: subprocess with shell=True (B602) and import subprocess (B404), Issue/Severity/Confidence/CWE blocks, Location path:line:col.")
r("bandit-csv", PY, "bandit -q -f csv tariff.py", "$ bandit --version | head -1", "Same findings as CSV.")
r("pytest-benchmark-table", PY, "pytest -q -p no:cacheprovider tests/test_bench.py --benchmark-columns=min,max,mean,rounds", PYT, "pytest-benchmark table of two benchmarks with chosen columns.", nd="timings")
r("bats-semver-junit", BATS, "bats --formatter junit semver.bats", "$ bats --version", "bats 1.8 with the junit formatter: the pre-release and missing-patch cases fail, a skip; XML with failure bodies.", nd="timestamp and times in the XML")
r("bats-semver-tap", BATS, "bats --tap semver.bats", "$ bats --version", "bats --tap: TAP lines with # (in test file semver.bats, line N) diagnostics for the pre-release and missing-patch failures, a skip.")

# ---------------- large outputs (added) ----------------
r("perlcritic-dpkg-brutal", REAL + "/dpkg-perl", "perlcritic --brutal --verbose 1 .", PCRIT, "Debian's Dpkg perl modules at severity 1 (brutal), verbose 1 (file:line:col:message): thousands of violations.")
r("sqlite3-line-all-trips", SQL, "sqlite3 -line fleet.db 'SELECT * FROM trips ORDER BY id'", SQ, "All 3000 trips in -line mode: one 'column = value' line per field, blank line between rows (over 20k lines).")
r("phpcs-composer-full", REAL + "/composer-src", "phpcs --standard=PSR12 --report=full --report-width=120 .", PHPCS, "Debian's Composer 2.5.5 PHP sources (copied from /usr/share/php/Composer) under PSR-12, full report: a table per file, very large.", timeout=600)

# ---------------- second batch ----------------
r("rspec-ledger-force-color", RB, "rspec --force-color --format progress spec/money_spec.rb", RSPEC, "rspec --force-color: ANSI-coloured progress dots, failure text and rerun lines on the money spec.", nd="the pending example compares two Object#hash values, which differ per process; timings also change")
r("rubocop-ledger-github", RB, "rubocop --format github lib", RUBOCOP, "RuboCop's github formatter: ::error file=...,line=...,col=...:: annotation lines.")
r("rake-spec-trace", RB, "rake spec --trace", "$ rake --version", "rake --trace: ** Invoke / ** Execute lines, the rspec run, then the failure with rake's backtrace.", nd="the pending example compares two Object#hash values, which differ per process; timings also change")
r("bundle-exec-missing-gem", RB, "bundle exec rspec", "$ bundle --version", "bundle exec rspec with a Gemfile (rspec + the uninstalled money gem) and no lock: 'bundler: failed to load command: rspec' and a Bundler::GemNotFound backtrace through bundler's resolver, exit 1. Gemfile written before, removed after.", reset="printf 'source \"https://rubygems.org\"\\ngem \"rspec\", \"~> 3.12\"\\ngem \"money\", \"~> 6.16\"\\n' > Gemfile", post="rm -f Gemfile Gemfile.lock")
r("php-deprecations", PHP, "php -d error_reporting=-1 -d display_errors=1 -r '$a = null; echo strlen($a), PHP_EOL; $x = \"5 apples\" + 1; echo $x, PHP_EOL; echo $undefinedVar;'", PHPV, "php -r with PHP 8.2 deprecations and warnings: passing null to strlen, a non-numeric value, an undefined variable, each 'in Command line code on line 1'; the CLI prints each message twice (PHP-prefixed log line on stderr and the display copy on stdout).")
r("jdeps-verbose-class", JV, "jdeps -verbose:class /tmp/r22-invq.jar", JAVAC, "jdeps class-level dependencies of the jar made by jar-create-list.")
r("mix-test-cover", EX, "mix test --cover --seed 0", MIX, "ExUnit with --cover: 'Cover compiling modules', the test failures, the Percentage | Module table, then 'Coverage test failed, threshold not met' (88.89% < 90%); exit 3.", env=MIXENV, nd_masked="timing")
r("mix-compile-warnings-as-errors", EX, "mix compile --force --warnings-as-errors", MIX, "--warnings-as-errors: the unused-variable warning, then 'Compilation failed due to warnings while using the --warnings-as-errors option', exit 1.", env=MIXENV)
r("rebar3-eunit-cover-report", ERL, "rebar3 eunit --cover >/dev/null; rebar3 cover --verbose", REBAR, "rebar3 cover --verbose after an eunit run with coverage: module | coverage table and the HTML report path.", reset="rm -rf _build")
r("rscript-mtcars-summary", R, "Rscript -e 'print(summary(mtcars)); print(round(cor(mtcars[, 1:6]), 3))'", RV, "summary() of the built-in mtcars (wrapped wide table) and a correlation matrix.")
r("genhtml-summary", CCOV, "genhtml /tmp/r22-cov.info --branch-coverage -o /tmp/r22-covhtml", "$ lcov --version", "genhtml writing an HTML report: Reading data file, Processing file lines, Overall coverage rate lines/functions/branches.", reset="rm -rf /tmp/r22-covhtml", nd="the order of the Processing file lines changes")
r("coverage-xml-stdout-head", PY, "coverage xml -o - | head -30", "$ coverage --version | head -1", "Cobertura XML to stdout, first 30 lines (line hits per line).", nd="the timestamp attribute")
r("coverage-html", PY, "coverage html -d /tmp/r22-htmlcov", "$ coverage --version | head -1", "coverage html: one 'Wrote HTML report to' line.", reset="rm -rf /tmp/r22-htmlcov")
r("massif-ms-print", CC, "valgrind -q --tool=massif --massif-out-file=/tmp/r22-massif.out ./numstat data.txt 3 >/dev/null && ms_print /tmp/r22-massif.out | head -60", "$ valgrind --version", "massif heap profile printed by ms_print: header, the ASCII peak graph and the first snapshot table.", nd="snapshot times (instructions) can shift")
r("readelf-sections", CC, "readelf -S -W numstat", "$ readelf --version | head -1", "readelf section headers table of the -O0 -g numstat binary (debug sections).")
r("objdump-median", CC, "objdump -d --no-show-raw-insn -M intel numstat | awk '/<median>:/,/^$/'", "$ objdump --version | head -1", "Disassembly of one function (median), awk range over objdump -d.")
r("nm-undefined", CC, "nm -C --undefined-only numstat", "$ nm --version | head -1", "Undefined symbols of the binary (libc, libm): U lines with @GLIBC versions.")
r("sqlite3-qbox-quotes", SQL, "sqlite3 fleet.db '.mode qbox' \"SELECT id, driver, note, km FROM trips WHERE driver LIKE '%O''N%' AND note IS NOT NULL ORDER BY id LIMIT 12\"", SQ, "qbox mode quotes strings SQL-style ('E. O''Neill') and shows NULL.")
r("sqlite3-import-missing-file", SQL, "sqlite3 fleet.db '.import --csv /tmp/r22-nope.csv trips_in'", SQ, ".import of a missing CSV: 'Error: cannot open', exit 1.")
r("sqlite3-integrity-tables", SQL, "sqlite3 fleet.db 'PRAGMA integrity_check' '.tables' '.indexes' 'PRAGMA foreign_key_list(trips)'", SQ, "Several dot-commands and pragmas in one call: ok, table list, index list, foreign keys.")

# ---------------- third batch: passing states and mid-size outputs ----------------
r("rspec-ledger-ok-documentation", RBOK, "rspec --format documentation", RSPEC, "Fixed tinyledger, documentation formatter: all green with the pending Money#hash example listed.", nd="the pending example compares two Object#hash values, which differ per process; timings also change")
r("rake-test-ok", RBOK, "rake test", "$ rake --version", "Rake::TestTask on the fixed copy: minitest run passes (one skip).", nd="minitest picks a random seed each run, so the seed and test order differ")
r("rubocop-lint-only-clean", RBOK, "rubocop --only Lint lib spec test", RUBOCOP, "Only the Lint department on the fixed copy: 'N files inspected, no offenses detected'.")
r("rubocop-rake-default-large", REAL + "/rake", "rubocop", RUBOCOP, "RuboCop defaults on all of Debian's rake 13.0.6 source: clang-style offenses with source excerpts and carets, thousands of lines.")
r("phpcs-standards-list", PHP, "phpcs -i", PHPCS, "phpcs -i: the installed coding standards.")
r("prove-tally-ok-verbose", PLOK, "prove -lv t", PROVE, "Fixed Text::Tally, verbose: every ok line, the skip and the TODO (not ok ... # TODO), 'All tests successful'.", nd_masked="wallclock seconds")
r("perlcritic-ok-gentle", PLOK, "perlcritic lib", PCRIT, "Default severity 5 on the module: 'source OK'.")
r("dune-test-ok", ML.replace("rangeset", "rangeset-ok"), "dune build 2>&1 && dune test 2>&1; echo \"dune exit $?\"", DUNE, "Fixed rangeset copy (inclusive cardinal): dune test passes silently, so the chain echoes the exit status.", reset="rm -rf _build")
r("rebar3-eunit-ok", ERL.replace("kvlru", "kvlru-ok"), "rebar3 eunit", REBAR, "Fixed kvlru copy: 'All 4 tests passed.' after the compile lines (coloured dots).", reset="rm -rf _build", nd_masked="timing")
r("mix-test-one-passing", EX, "mix test test/queue_stats_test.exs:5 --seed 0", MIX, "One passing test by file:line: others excluded, '1 test, 0 failures, 6 excluded'.", env=MIXENV, nd_masked="timing")
r("busted-filter-ok", LUA, "busted --filter truncate spec", BUSTED, "busted --filter: only the two truncate tests run and pass.", nd_masked="seconds")
r("cabal-build-up-to-date", HS, "cabal build all", CABAL, "Warm cabal build after cabal test: the first run still builds the test-suite component once more (additional components), the second prints 'Up to date'.", nd="first run rebuilds test:spec, second is Up to date")
r("ghc-compile-link", HSE, "ghc -O -o /tmp/r22-crash Crash.hs", GHC, "ghc --make of a one-module program: Compiling and Linking lines. .o/.hi removed before each run.", reset="rm -f Crash.o Crash.hi /tmp/r22-crash")
r("ghc-pkg-describe-containers", HS, "ghc-pkg describe containers", GHC, "Package description of containers: exposed-modules, depends, paths under /usr/lib/ghc.")
r("java-printflags-final", JV, "java -XX:+PrintFlagsFinal -version", JAVA, "All final JVM flags (type, name, value, origin) then the version: several hundred lines.")
r("junit5-tree-one-passing", JV, f"java -jar {JCP} -cp /tmp/r22-jout --select-method org.invq.InventoryTest#totalSumsAll --disable-banner", "JUnit Platform Console Launcher 1.9.1 (Debian junit5 5.9.2, Jupiter 5.9.2), openjdk 17.0.15", "One passing method with the default tree details (coloured) and the summary table.", nd_masked="elapsed ms")
r("sqlite3-box-long-trips", SQL, "sqlite3 -box fleet.db 'SELECT t.id, v.plate, t.driver, t.km, t.note FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.km > 380 ORDER BY t.km DESC'", SQ, "A few hundred rows in -box mode (long trips).")
r("apt-cache-policy-three", S, "apt-cache policy ghc elixir rubocop", "$ apt-get --version | head -1", "apt-cache policy: Installed/Candidate and version tables for three packages.")
r("rscript-t-test", R, "Rscript -e 'set.seed(1); a <- rnorm(20, 10); b <- rnorm(20, 10.8); print(t.test(a, b)); print(wilcox.test(a, b))'", RV, "Welch t-test and Wilcoxon rank-sum outputs (htest printing).")
r("strace-openat", CC, "strace -e trace=openat ./numstat data.txt", "$ strace -V | head -1", "strace limited to openat: library loads, the data file, +++ exited with 0 +++.")
r("journal-count-errors", LOGS, "grep -c ERROR journal.log", "$ grep --version | head -1", "One count.")
r("gem-env", RB, "gem env", "$ gem --version | sed 's/^/gem /'", "RubyGems environment listing (version, paths, platforms, sources).")

# ---------------- fourth batch ----------------
r("perl-V-config", PL, "perl -V", "$ perl -v | sed -n 2p", "perl -V: build configuration summary, compile-time options, @INC.")
r("gcovr-json-summary", CCOV, "gcovr -r . --json-summary-pretty", "$ gcovr --version | head -1", "gcovr JSON summary (per-file line/branch/function counts and percentages), after a gcov warning about the autoconf conftest data.", nd="the timestamp field")
r("dune-describe", ML, "dune describe", DUNE, "dune describe: the workspace as an S-expression (executables, library, modules, impl/intf paths, digests of requires).")
r("ghc-info", HS, "ghc --info", GHC, "ghc --info: a Haskell list of (key, value) pairs, one per line.")
r("rebar3-tree", ERL, "rebar3 tree", REBAR, "rebar3 tree for a project without dependencies.")
r("r-iris-str-table", R, "Rscript -e 'str(iris); print(table(iris$Species, cut(iris$Sepal.Length, 3)))'", RV, "str() of iris and a two-way contingency table.")
r("php-i-grep-ini", PHP, "php -i | grep -E '^(memory_limit|max_execution_time|error_reporting|display_errors|opcache.enable|date.timezone) '", PHPV, "php -i filtered with grep to a few ini settings (directive => local => master).")
r("apt-cache-search-rspec", S, "apt-cache search --names-only '^ruby-rspec'", "$ apt-get --version | head -1", "apt-cache search by name: ruby-rspec packages with one-line descriptions.")
