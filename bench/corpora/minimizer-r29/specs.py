# r29 run list: name, dir (under scratch), cmd, tool ('$ cmd' = first line of that command's output), notes, opts
SPECS = []
def R(name, dir, cmd, tool, notes, **kw):
    d = dict(name=name, dir=dir, cmd=cmd, tool=tool, notes=notes); d.update(kw); SPECS.append(d)
S = '/work/corpus-r29/scratch'
NOVENV = {'PATH': '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'}

# ---------------- Mercurial (hgproj: 124 changesets built by setup-vcs.sh)
HG = '$ hg --version'; H = 'vcs/hgproj'
R('hg-log-limit', H, 'hg log -l 12', HG, 'Mercurial log of the last 12 changesets (branch, bookmark, tag lines).')
R('hg-log-graph', H, 'hg log -G -l 20', HG, 'ASCII DAG (hg log -G) of the last 20 changesets including the stable branch fork.')
R('hg-log-verbose-big', H, 'hg log -v', HG, 'Whole history with files and full descriptions (hg log -v): long output.')
R('hg-log-patch-big', H, 'hg log -p -r "0:60"', HG, 'hg log -p for the first 61 changesets: each with its unified diff.')
R('hg-status', H, 'hg status', HG, 'Working directory status: modified, removed, unknown file.')
R('hg-diff', H, 'hg diff', HG, 'hg diff of the uncommitted change (git-less unified diff with hg headers).')
R('hg-summary', H, 'hg summary', HG, 'hg summary: parent, branch, bookmarks, commit state, update state.')
R('hg-annotate-tail', H, 'hg annotate -u -n inv/config.py | tail -20', HG, 'Blame (annotate) with user and revision numbers, last 20 lines.')
R('hg-heads-branches', H, 'hg heads -T "{rev} {branch} {desc|firstline}\\n"; hg branches; hg bookmarks; hg tags', HG, 'Heads, named branches, bookmarks and tags in one chain.')
R('hg-update-unknown-rev', H, 'hg update -r 9999', HG, 'Update to a revision that does not exist: abort, exit 255.')
R('hg-outgoing-no-remote', H, 'hg outgoing', HG, 'hg outgoing with no default path configured: abort message, exit 255.')
R('hg-export-tip', H, 'hg export tip', HG, 'hg export of the tip changeset as a patch with # HG changeset patch header.')
R('hg-verify', H, 'hg verify', HG, 'Repository integrity check (hg verify).')
R('hg-log-stat', H, 'hg log -l 6 --stat', HG, 'Last 6 changesets with diffstat.')
R('hg-log-user-count', H, 'hg log -u Ana -T "{rev}\\n" | wc -l; hg log -u Bo -T "{rev}\\n" | wc -l', HG, 'Changesets per author counted with wc -l.')
R('hg-log-keyword-sort', H, 'hg log -T "{desc|firstline}\\n" | cut -d: -f1 | sort | uniq -c | sort -rn', HG, 'Commit subjects grouped by prefix: sort | uniq -c pipeline.')
R('hg-merge-conflict', 'vcs', 'cd hgm && hg merge stable', HG, 'Merge of the stable branch into default in a fresh clone: conflict in inv/config.py, exit 1.',
  reset='rm -rf hgm && hg clone -q hgproj hgm')
R('hg-merge-resolve-list', 'vcs', 'cd hgm && hg merge stable; hg resolve -l; hg status; hg diff | head -30', HG, 'After a conflicting merge: resolve -l, status and the conflict markers in the diff (chain with ;).',
  reset='rm -rf hgm && hg clone -q hgproj hgm', nd='the working-copy timestamp in the diff header differs')
R('hg-commit-nothing', 'vcs', 'cd hgm && hg commit -m "nothing"', HG, 'hg commit in a clean clone: "nothing changed", exit 1.', reset='rm -rf hgm && hg clone -q hgproj hgm')
R('hg-files-grep-count', H, 'hg files | grep -c "\\.py$"', HG, 'Tracked Python files counted (hg files | grep -c).')

# ---------------- Subversion (file:// repo, trunk + branches/1.x)
SV = '$ svn --version --quiet'; W = 'vcs/svnwc'
R('svn-status', W, 'svn status', SV, 'svn status with modified and unversioned files.', toolname='svn')
R('svn-status-verbose', W, 'svn status -v', SV, 'svn status -v: every versioned file with working/last-changed revision and author.', toolname='svn')
R('svn-diff', W, 'svn diff', SV, 'svn diff of local edits (Index: headers, ===== rules).', toolname='svn')
R('svn-log-verbose-big', W, 'svn log -v ^/', SV, 'Full repository log with changed paths (svn log -v ^/).', toolname='svn')
R('svn-log-limit', W, 'svn log -l 4 -v', SV, 'Last 4 revisions of trunk with changed paths.', toolname='svn')
R('svn-info', W, 'svn info', SV, 'svn info of the working copy (URL, revision, author, date).', toolname='svn')
R('svn-blame-head', W, 'svn blame src/values.txt | head -15', SV, 'svn blame, first 15 lines.', toolname='svn')
R('svn-cat-bad-revision', W, 'svn cat -r 999 src/values.txt', SV, 'svn cat of a revision that does not exist: E160006, exit 1.', toolname='svn')
R('svn-list-recursive', W, 'svn list -R -v ^/', SV, 'Recursive verbose listing of the repository.', toolname='svn')
R('svn-log-grep-count', W, 'svn log ^/ | grep -c "^r[0-9]"', SV, 'Revisions counted with grep -c.', toolname='svn')
R('svn-log-fixes', W, 'svn log ^/trunk | grep -B2 "fixes #"', SV, 'Log entries mentioning an issue, with grep -B2 context.', toolname='svn')
R('svn-merge-conflict', 'vcs', 'cd svnm && svn merge --non-interactive ^/branches/1.x', SV, 'Merge of branches/1.x into a clean trunk checkout: text conflict in src/values.txt (postponed), summary of conflicts.',
  toolname='svn', reset='rm -rf svnm && svn checkout -q file://%s/vcs/svnrepo/trunk svnm' % S)
R('svn-merge-then-status', 'vcs', 'cd svnm && svn merge --non-interactive ^/branches/1.x >/dev/null; svn status; svn diff src/values.txt | head -20', SV, 'Status after the conflicting merge (C marker, ? for .working/.merge-left/.merge-right files) and the conflict markers in svn diff.',
  toolname='svn', reset='rm -rf svnm && svn checkout -q file://%s/vcs/svnrepo/trunk svnm' % S)
R('svn-commit-conflicted', 'vcs', 'cd svnm && svn merge --non-interactive ^/branches/1.x >/dev/null; svn commit -m "merge 1.x"', SV, 'Commit attempted with an unresolved conflict: E155015, exit 1.',
  toolname='svn', reset='rm -rf svnm && svn checkout -q file://%s/vcs/svnrepo/trunk svnm' % S)
R('svn-mergeinfo-eligible', W, 'svn mergeinfo --show-revs eligible ^/branches/1.x', SV, 'Revisions of branches/1.x not yet merged into trunk.', toolname='svn')
R('svn-admin-verify', 'vcs', 'svnadmin verify svnrepo', '$ svnadmin --version --quiet', 'svnadmin verify: one "* Verified revision N." line per revision.', toolname='svnadmin')
R('svn-look-history', 'vcs', 'svnlook changed -r 42 svnrepo && svnlook history svnrepo trunk/src/values.txt | head -12', '$ svnlook --version --quiet', 'svnlook changed for a revision and the history of one file (chain).', toolname='svnlook')
R('svn-update-bad-path', W, 'svn update no/such/dir', SV, 'svn update of a path that is not in the working copy: "Skipped" summary.', toolname='svn')

# ---------------- Fossil
FO = '$ fossil version'; F = 'vcs/fossilwc'
R('fossil-timeline', F, 'fossil timeline -n 15', FO, 'fossil timeline of the last 15 check-ins.')
R('fossil-changes-extras', F, 'fossil changes; fossil extras', FO, 'Changed and unmanaged files.')
R('fossil-diff', F, 'fossil diff', FO, 'fossil diff of the edited file.')
R('fossil-info-tail', F, 'fossil info | grep -v "^\\(local-root\\|repository\\|config-db\\)"', FO, 'fossil info of the checkout with the machine-specific path lines dropped by grep -v.')
R('fossil-update-unknown', F, 'fossil update no-such-tag', FO, 'fossil update to an unknown tag: error, exit 1.')
R('fossil-finfo', F, 'fossil finfo app.py | head -12', FO, 'History of one file (fossil finfo), first 12 lines.')
R('fossil-not-a-checkout', 'vcs', 'fossil status', FO, 'fossil status outside a checkout: "current directory is not within an open checkout", exit 1.')

# ---------------- sanitizers, valgrind tools, lldb, heaptrack, ltrace (C programs in c/)
GCC = '$ gcc --version'
VG = '$ valgrind --version'
R('san-tsan-race', 'c', 'gcc -g -O1 -fsanitize=thread -o race_tsan race.c && ./race_tsan', GCC, 'ThreadSanitizer data-race report on a shared counter (4 threads), exit 66.',
  nd='thread ids, addresses and which pair of accesses is reported first change between runs')
R('san-lsan-leak', 'c', 'gcc -g -fsanitize=leak -o leak_lsan leak.c && ./leak_lsan', GCC, 'LeakSanitizer (standalone -fsanitize=leak): direct and indirect leaks with stacks, exit 23.', nd='pid and addresses differ (ASLR)')
R('san-asan-overflow-parse', 'c', 'gcc -g -fsanitize=address -o parse_asan parse.c && ./parse_asan data.csv', GCC, 'ASan build: gcc 12 warns twice at compile time that fgets(buf, 256) overflows a 128-byte buffer (-Wstringop-overflow); with short input lines the run is clean, exit 0.')
R('san-asan-null-file', 'c', 'gcc -g -fsanitize=address,undefined -o parse_asan2 parse.c && ./parse_asan2 missing.csv', GCC, 'ASan+UBSan build (same compile warnings) run on a missing file: fgets on a NULL FILE* gives an AddressSanitizer:DEADLYSIGNAL SEGV report with stack, exit 1.', nd='addresses and pid differ')
R('vg-helgrind-race', 'c', 'gcc -g -O0 -pthread -o race race.c && valgrind --tool=helgrind ./race', VG, 'Helgrind on the racy counter: "Possible data race" reports with thread announcements.',
  nd='thread numbering, pids and counts of errors can change')
R('vg-drd-race-tail', 'c', 'gcc -g -O0 -pthread -o race race.c && valgrind --tool=drd ./race 2>&1 | tail -25', VG, 'DRD (the other thread checker) on the same program, last 25 lines with the error summary.',
  nd='pids and conflicting-access counts')
R('vg-cachegrind-annotate', 'c', 'gcc -g -O1 -o matrix matrix.c && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./matrix && cg_annotate cg.out | head -60', VG,
  'Cachegrind with cache simulation on two matrix products, then cg_annotate (first 60 lines).', nd='pid prefix and some event counts differ')
R('vg-dhat', 'c', 'gcc -g -O1 -o matrix matrix.c && valgrind --tool=dhat --dhat-out-file=dhat.out ./matrix', VG, 'DHAT heap profiler summary (total/at t-gmax/at t-end).', nd='pid prefix and some counts differ')
R('vg-memcheck-origins', 'c', 'gcc -g -O0 -o util_uninit ../build/calc.c ../build/util.c && valgrind --track-origins=yes --leak-check=full --error-exitcode=3 ./util_uninit 7 2', VG,
  'Memcheck with --track-origins=yes and --error-exitcode=3 on a clean run: no errors, exit 0.', nd='the pid prefix differs')
R('vg-massif-ms-print', 'c', 'gcc -g -O1 -o matrix matrix.c && valgrind --tool=massif --massif-out-file=massif.out --time-unit=B ./matrix >/dev/null && ms_print massif.out | head -45', VG,
  'Massif with --time-unit=B then ms_print: ASCII heap graph (first 45 lines).', nd='pid and the heap graph scale differ slightly')
R('dbg-lldb-backtrace', 'c', 'gcc -g -O0 -o crash crash.c && lldb --batch -o run -k bt -k "frame variable" -- ./crash settings.conf', '$ lldb --version',
  'LLDB in batch mode: run to SIGSEGV, then the -k (on-crash) commands bt and frame variable (NULL limits pointer). lldb first prints a Python traceback because Debian\'s python3-lldb-14 is not installed (real on this machine).', env=NOVENV, nd='process id differs')
R('dbg-lldb-image-lookup', 'c', 'gcc -g -O0 -o crash crash.c && lldb --batch -o "image lookup -n total" -o "disassemble -n total" ./crash | head -40', '$ lldb --version', 'LLDB without running: symbol lookup and disassembly of one function.', env=NOVENV)
R('dbg-heaptrack-print', 'c', 'gcc -g -O1 -o matrix matrix.c && heaptrack -o ht ./matrix >/dev/null && heaptrack_print ht.zst | head -50', '$ heaptrack --version',
  'heaptrack then heaptrack_print: most allocations / peak / leaks sections (first 50 lines).', reset='rm -f ht.zst ht.gz')
R('dbg-heaptrack-run', 'c', 'gcc -g -O1 -o matrix matrix.c && heaptrack -o ht ./matrix', '$ heaptrack --version', 'heaptrack run output itself (start line, program output, how to analyze).', reset='rm -f ht.zst ht.gz')
R('dbg-ltrace-summary', 'c', 'gcc -g -O1 -o matrix matrix.c && ltrace -c ./matrix', '$ ltrace -V', 'ltrace -c: library-call summary table (% time, seconds, calls).', nd='timings differ')
R('dbg-core-crash-exit', 'c', 'gcc -g -O0 -o crash crash.c && ./crash settings.conf; echo "exit=$?"', GCC, 'The crashing program run from bash: "Segmentation fault" message from bash and exit=139.', nd='the pid in bash\'s "Segmentation fault" line differs')

# ---------------- C static tools not yet recorded
R('cstat-splint', 'c', 'splint parse.c', '$ splint --help version', 'Splint on a small CSV parser: unchecked return values, possible NULL, buffer size mismatch; exit 1.')
R('cstat-splint-weak-count', 'c', 'splint -weak parse.c leak.c crash.c | grep -c "^[a-z]*\\.c:"', '$ splint --help version', 'Splint -weak over three files, warnings counted with grep -c.')
R('cstat-sparse', 'c', 'for f in parse.c leak.c crash.c race.c; do sparse -Wsparse-all $f; done', '$ sparse --version', 'Sparse semantic checker run file by file in a shell loop (non-static symbols, NULL as 0, etc.).', toolname='sparse')
R('cstat-gcc-analyzer', 'c', 'gcc -fanalyzer -c leak.c parse.c', GCC, 'GCC 12 -fanalyzer with path diagrams (leaks, NULL dereference of fopen result).')
R('cstat-indent-diff', 'c', 'indent -kr -st parse.c | diff -u parse.c -', '$ indent --version', 'GNU indent K&R style to stdout diffed against the file (diff exit 1).', nd='the timestamp on the +++ - header differs')
R('cstat-astyle-diff', 'c', 'astyle --style=allman --indent=spaces=2 < crash.c | diff -u crash.c - | head -40', '$ astyle --version', 'Artistic Style reformat via stdin diffed with the original.', nd='the timestamp on the +++ - header differs')
R('cstat-uncrustify-check', 'c', 'uncrustify -c /dev/null --check parse.c crash.c leak.c race.c', '$ uncrustify --version', 'uncrustify --check with an empty config: PASS/FAIL per file, exit 1.')
R('cstat-ctags-x', 'c', 'ctags -x --c-kinds=+p *.c', '$ ctags --version', 'Universal Ctags cross-reference listing (-x) of the C files.')
R('cstat-cscope-callers', 'c', 'cscope -b -R -k && cscope -d -L -3 free', '$ cscope --version', 'cscope: build the database then list the callers of free (-L -3).', reset='rm -f cscope.out')
R('cstat-global-refs', 'c', 'gtags && global -rx malloc; global -x main', '$ global --version', 'GNU GLOBAL: gtags then references (-rx) and definitions (-x).', reset='rm -f GPATH GRTAGS GTAGS')

# ---------------- D (gdc), COBOL, Vala, Prolog, CLISP, Forth, Lua 5.4, bc, units
GDC = '$ gdc --version'
R('d-gdc-errors', 'd', 'gdc -c broken.d', GDC, 'gdc (GCC D front end) errors: no property, type mismatch in array literal, cannot convert, undefined identifier; exit 1.')
R('d-gdc-unittest-fail', 'd', 'gdc -funittest -g -o stats_test stats.d && ./stats_test', GDC, 'D unittest block failing: core.exception.AssertError with message and stack trace.')
R('d-gdc-release-run', 'd', 'gdc -O2 -frelease -o stats stats.d && ./stats', GDC, 'Release build and run of the D program.')
R('d-gdc-wall', 'd', 'gdc -Wall -Wextra -fsyntax-only broken.d 2>&1 | grep -c error', GDC, 'Errors counted with grep -c.')
COB = '$ cobc --version'
R('cobol-cobc-run', 'cob', 'cobc -x -o payroll payroll.cob && ./payroll', COB, 'GnuCOBOL compile and run: edited PIC output lines.')
R('cobol-cobc-errors', 'cob', 'cobc -x -Wall broken.cob', COB, 'GnuCOBOL errors: undefined data item, syntax error, undefined paragraph; exit 1.')
R('cobol-cobc-syntax-only', 'cob', 'cobc -fsyntax-only -Wall payroll.cob broken.cob; echo "cobc exit $?"', COB, 'Syntax check of both files with the exit status echoed.')
VALA = '$ valac --version'
R('vala-valac-errors', 'vala', 'valac inventory.vala', VALA, 'valac: a missing semicolon is a syntax error that stops compilation before the type errors, exit 1.')
R('vala-valac-warnings-run', 'vala', 'valac hello.vala -o hello && ./hello', VALA, 'valac with an unused local: warning line then compile and run.')
R('vala-valac-missing-pkg', 'vala', 'valac --pkg gee-0.8 hello.vala', VALA, 'valac with a package that is not installed: "Package `gee-0.8\' not found", exit 1.')
GP = '$ gprolog --version'
R('prolog-gprolog-consult-syntax', 'pl', 'gprolog --consult-file family.pl --query-goal halt', GP, 'GNU Prolog consult of a file with a missing full stop: syntax error with file:line:col, "compilation failed", then the --query-goal halt at the toplevel prompt; exit 0.')
R('prolog-gprolog-existence-error', 'pl', 'gprolog --consult-file q.pl', GP, 'initialization goal prints descendants then hits an undefined predicate: existence_error warning; toplevel reads EOF from /dev/null.', nd='the compile time in ms differs')
R('lisp-clisp-div-zero', 'pl', 'clisp report.lisp', '$ clisp --version', 'CLISP script: a formatted table then DIVISION-BY-ZERO from mean of an empty list, exit 1.')
R('forth-gforth-undefined', 'pl', 'gforth stack.fs -e bye', '$ gforth --version', 'Gforth: first result, then "Interpreting a compile-only word" at a DO outside a definition, with >>>do<<< marker and backtrace; exit 1.', nd='backtrace addresses differ')
LUA = '$ lua5.4 -v'
R('lua54-require-missing', 'lua', 'lua5.4 inventory.lua', LUA, 'Lua 5.4: module not found, with the list of searched paths and a traceback; exit 1.')
R('lua54-syntax', 'lua', 'luac5.4 -p syntax.lua', '$ luac5.4 -v', "luac5.4 -p parse-only: \"')' expected (to close '(' at line 7) near <eof>\", exit 1.")
R('lua54-ok', 'lua', 'lua5.4 -e "local t = {} for i = 1, 10 do t[#t+1] = i * i end print(table.concat(t, \\",\\"))" && lua5.4 -e "print(math.maxinteger, 7 // 2, 7 / 2, utf8.char(955))"', LUA, 'Lua 5.4 one-liners: integer division, maxinteger, utf8.char.')
R('calc-bc-pi', '.', 'echo "scale=40; 4*a(1); sqrt(2); e(1)" | bc -l', '$ bc --version', 'bc -l arbitrary precision: pi, sqrt(2), e (long numbers with line continuation).')
R('calc-bc-errors', '.', 'printf "1/0\\nx = 3 +\\n2^0.5\\nquit\\n" | bc', '$ bc --version', 'bc: divide by zero runtime error, parse error, non-zero scale in exponent.')
R('calc-units', '.', 'units "60 mph" "km/hr"; units "3 furlongs/fortnight" "mm/s"; units "1 kg" "m"', '$ units --version', 'GNU units conversions, the last one "conformability error".')

# ---------------- HDL (Icarus Verilog, Verilator)
IV = '$ iverilog -V 2>&1 | head -1'
R('hdl-iverilog-sim', 'hdl', 'iverilog -g2012 -o tb tb_counter.v counter.v && vvp -n tb', IV, 'Icarus Verilog compile + vvp simulation: 20 $display lines, a FAIL line and "1 errors" from the testbench, exit 0 (the testbench does not set an exit status).')
R('hdl-iverilog-errors', 'hdl', 'iverilog -Wall -o alu alu.v', IV, 'iverilog on an ALU with an undeclared identifier: "Unable to bind wire/reg/memory `c\'" and "2 error(s) during elaboration", exit 2.')
R('hdl-verilator-lint-alu', 'hdl', 'verilator --lint-only -Wall alu.v', '$ verilator --version', 'Verilator lint: the undeclared signal is fatal (%Error with caret excerpt) before any width/latch warnings; exit 1.')
R('hdl-verilator-lint-counter', 'hdl', 'verilator --lint-only -Wall counter.v && echo lint clean', '$ verilator --version', 'Verilator lint on a clean module.')
R('hdl-vvp-grep-fail', 'hdl', 'iverilog -o tb tb_counter.v counter.v && vvp -n tb | grep -E "FAIL|PASS|errors"', IV, 'Simulation output filtered to the verdict lines.')

# ---------------- build tools: bmake, ant
BM = '$ echo "bmake $(bmake -V MAKE_VERSION)"'
R('build-bmake-test', 'build', 'bmake && bmake test', BM, 'BSD make (.for loop rules, ${.TARGET}): compile with -Wall -Wextra warning, then the test target fails on division by zero: "*** Error code 1", exit 1.', reset='rm -f calc *.o')
R('build-bmake-dry', 'build', 'bmake -n', BM, 'bmake -n: the commands it would run.', reset='rm -f calc *.o')
R('build-bmake-no-target', 'build', 'bmake install', BM, 'Unknown target: "don\'t know how to make install. Stop", exit 2.')
ANT = '$ ant -version'
R('build-ant-jar', 'build/ant', 'ant jar', ANT, 'Ant build with javac -Xlint:all warnings (rawtypes, unchecked, deprecation, overrides), BUILD SUCCESSFUL; "Total time" varies.', reset='rm -rf build', nd='"Total time" seconds differ')
R('build-ant-broken', 'build/ant-broken', 'ant compile', ANT, 'Ant compile with three javac errors: BUILD FAILED with the build.xml line, exit 1.', reset='rm -rf build', nd='"Total time" seconds differ')
R('build-ant-projecthelp', 'build/ant', 'ant -p', ANT, 'ant -p: main targets with descriptions.')
R('build-ant-run', 'build/ant', 'ant run', ANT, 'Ant compile, jar and run (java task output prefixed with [java]).', reset='rm -rf build', nd='"Total time" seconds differ')
R('build-ant-no-target', 'build/ant', 'ant deploy', ANT, 'Unknown target: "Target \\"deploy\\" does not exist in the project \\"shop\\"", BUILD FAILED, exit 1.', nd='"Total time" seconds differ')

# ---------------- Debian packaging
LT = '$ lintian --version'
R('deb-lintian', 'deb', 'lintian calc-tool_0.4-1_amd64.deb', LT, 'lintian on a hand-built .deb: "running with root privileges is not recommended!" then E:/W: tags (no copyright, changelog problems, conffile, unstripped binary, 0775 perms), exit 2.')
R('deb-lintian-info-tail', 'deb', 'lintian -i calc-tool_0.4-1_amd64.deb | tail -40', LT, 'lintian -i with explanations, last 40 lines.')
R('deb-lintian-tags-count', 'deb', 'lintian calc-tool_0.4-1_amd64.deb | cut -d: -f1 | sort | uniq -c', LT, 'Severity letters counted: cut | sort | uniq -c.')
DD = '$ dpkg-deb --version'
R('deb-dpkg-deb-contents', 'deb', 'dpkg-deb -c calc-tool_0.4-1_amd64.deb', DD, 'dpkg-deb -c: tar-style listing of the package data.', nd='mtimes of the files in the package were taken when setup ran; same between runs')
R('deb-dpkg-deb-info', 'deb', 'dpkg-deb -I calc-tool_0.4-1_amd64.deb', DD, 'dpkg-deb -I: control archive sizes and control fields.')
R('deb-dpkg-deb-bad', 'deb', 'dpkg-deb -I calc-tool.tar.gz', DD, 'dpkg-deb on a file that does not exist: error, exit 2.')

# ---------------- server config checkers
HA = '$ haproxy -v'
R('cfg-haproxy-ok', 'cfg', 'haproxy -c -f haproxy-ok.cfg', HA, 'haproxy -c on a valid config: "Configuration file is valid".')
R('cfg-haproxy-bad', 'cfg', 'haproxy -c -f haproxy-bad.cfg', HA, 'haproxy -c: NOTICE and ALERT lines (unknown fetch method in an ACL), exit 1.', nd='the pid in the [NOTICE]/[ALERT] prefixes differs')
NC = '$ named-checkzone -v'
R('cfg-named-checkzone-ok', 'cfg', 'named-checkzone example.org example.org.zone', NC, 'named-checkzone on a valid zone: loaded serial, OK.', toolname='named-checkzone')
R('cfg-named-checkzone-bad', 'cfg', 'named-checkzone example.com broken.zone', NC, 'named-checkzone: bad dotted quad, CNAME and other data, zone not loaded; exit 1.', toolname='named-checkzone')
R('cfg-named-compilezone', 'cfg', 'named-compilezone -o - example.org example.org.zone', NC, 'named-compilezone -o -: zone written in canonical form to stdout.', toolname='named-compilezone')
R('cfg-named-checkconf', 'cfg', 'named-checkconf named/named.conf', NC, 'named-checkconf: missing semicolons reported with file:line, exit 1.', toolname='named-checkconf')
AP = '$ apache2 -v'
R('cfg-apache-t-ok', 'cfg', 'apache2 -t -f %s/cfg/apache/conf/ok.conf' % S, AP, 'apache2 -t on a minimal loopback config: "Syntax OK".')
R('cfg-apache-t-bad', 'cfg', 'apache2 -t -f %s/cfg/apache/conf/bad.conf' % S, AP, 'apache2 -t with RewriteEngine but no mod_rewrite: "Invalid command \'RewriteEngine\'", exit 1.')
R('cfg-apache-S', 'cfg', 'apache2 -S -f %s/cfg/apache/conf/ok.conf' % S, AP, 'apache2 -S: virtual host and run settings dump.')
R('cfg-apache2ctl-configtest', 'cfg', 'apache2ctl configtest', AP, 'apache2ctl configtest of the stock Debian config.')
R('cfg-apache2ctl-modules-grep', 'cfg', 'apache2ctl -M 2>&1 | grep -c _module', AP, 'Loaded modules of the stock config counted.')
SA = '$ systemd-analyze --version'
R('cfg-systemd-verify-units', 'cfg/units', 'systemd-analyze verify ./backup.service ./web.service ./backup.timer', SA, 'systemd-analyze verify of three unit files: bad timespan, unbalanced quote, unknown Restart value, deprecated MemoryLimit, missing executable and missing required unit; exit 1.')
R('cfg-systemd-calendar', 'cfg', 'systemd-analyze calendar --iterations=3 "*-*-* 02:30:00" "Mon..Fri 09:00" "Feb 30"', SA, 'Calendar expressions normalized with three next elapse times each; "Feb 30" fails to parse, exit 1.', nd='"From now" durations and next-elapse dates depend on the clock')
R('cfg-systemd-timespan-bad', 'cfg', 'systemd-analyze timespan 90min "1h 30s" soon', SA, 'timespan parsing with one invalid value: error, exit 1.')
KC = '$ kubectl version --client'
R('cfg-kubectl-no-cluster', 'cfg/kube', 'kubectl get pods', KC, 'kubectl with no kubeconfig: five klog E-lines from memcache.go then "The connection to the server localhost:8080 was refused", exit 1.', nd='klog timestamps and pid differ')
R('cfg-kubectl-apply-dry', 'cfg/kube', 'kubectl apply --dry-run=client -f deploy.yaml', KC, 'Client-side dry-run apply without a cluster: validation needs the OpenAPI schema, connection refused, exit 1.')
R('cfg-kubectl-create-yaml', 'cfg/kube', 'kubectl create deployment web --image=nginx:1.25 --replicas=3 --dry-run=client -o yaml', KC, 'Manifest generated offline with --dry-run=client -o yaml.')
R('cfg-docker-no-daemon', 'cfg', 'docker ps -a', '$ docker --version', 'docker client without a daemon: "Cannot connect to the Docker daemon", exit 1.')
R('cfg-docker-info-no-daemon', 'cfg', 'docker info', '$ docker --version', 'docker info without a daemon: client section then the server error, exit 1.')

# ---------------- load generators and benchmarks against loopback services
URL = 'http://127.0.0.1:18200'
R('bench-ab', '.', 'ab -n 300 -c 4 %s/data.txt' % URL, '$ ab -V', 'ApacheBench against a local python http.server: summary, percentiles, connection times.', nd='all timings and rates differ')
R('bench-ab-refused', '.', 'ab -n 10 http://127.0.0.1:18299/', '$ ab -V', 'ApacheBench against a closed port: "apr_socket_recv: Connection refused (111)" appended to the Benchmarking line, exit 111.')
R('bench-ab-grep-rps', '.', 'ab -n 200 -c 2 %s/ 2>&1 | grep -E "Requests per second|Failed requests|Complete requests"' % URL, '$ ab -V', 'ab summary filtered by grep.', nd='rates differ')
R('bench-wrk', '.', 'wrk -t2 -c4 -d2s --latency %s/' % URL, '$ wrk --version', 'wrk 2-second run with latency distribution.', nd='all numbers differ')
R('bench-siege', '.', 'siege -b -c 2 -r 25 %s/index.html' % URL, '$ siege --version', 'siege benchmark mode (-b) with 2 users x 25 repetitions: the JSON summary block siege 4.0 prints.', nd='timings differ')
R('bench-autocannon', '.', 'autocannon -c 4 -d 2 %s/' % URL, '$ echo "autocannon $(autocannon --version | head -1)"', 'autocannon 2-second run: latency and req/sec tables.', nd='all numbers differ')
R('bench-redis-benchmark', '.', 'redis-benchmark -p 16379 -q -n 3000 -t set,get,incr,lpush,lrange_100', '$ redis-benchmark --version', 'redis-benchmark quiet mode: requests per second and p50 per test.', nd='rates differ')
R('bench-redis-benchmark-csv', '.', 'redis-benchmark -p 16379 --csv -n 2000 -t set,get,hset', '$ redis-benchmark --version', 'redis-benchmark --csv.', nd='rates differ')
PG = '$ pgbench --version'
R('bench-pgbench-tpcb', '.', 'pgbench -h %s/pg -c 2 -j 2 -t 150 bench' % S, PG, 'pgbench TPC-B-like run, 2 clients x 150 transactions: tps and latency.', nd='latency and tps differ')
R('bench-pgbench-select-progress', '.', 'pgbench -h %s/pg -S -c 2 -T 3 -P 1 bench' % S, PG, 'pgbench select-only for 3 s with per-second progress lines.', nd='all numbers differ')
R('bench-pgbench-bad-script', '.', 'printf "\\\\set aid random(1, 100000)\\nSELECT abalance FROM pgbench_acounts WHERE aid = :aid;\\n" > /tmp/r29-bad.sql && pgbench -h %s/pg -n -t 5 -f /tmp/r29-bad.sql bench' % S, PG,
  'pgbench with a custom script querying a misspelled table: ERROR relation does not exist, client aborted, exit 2.', nd='the random aid in the echoed query and the latency line differ')
R('bench-pgbench-no-db', '.', 'pgbench -h %s/pg -t 5 nosuchdb' % S, PG, 'pgbench against a database that does not exist: connection error, exit 1.')
R('bench-pgbench-per-statement', '.', 'pgbench -h %s/pg -r -c 1 -t 200 bench | tail -15' % S, PG, 'pgbench -r: per-statement latencies (tail -15).', nd='latencies differ')
R('bench-pytest-benchmark', 'py', 'python -m pytest -q -p no:cacheprovider tests/test_bench.py', '$ python -m pytest --version', 'pytest-benchmark table (min/max/mean/stddev/median/IQR/outliers/OPS) with one failing benchmark test.', toolname='pytest', nd='all timings differ')
R('bench-pytest-benchmark-disable', 'py', 'python -m pytest -q -p no:cacheprovider --benchmark-disable tests/test_bench.py', '$ python -m pytest --version', 'pytest-benchmark disabled: just the failing assertion.', toolname='pytest', nd='object addresses in the assertion introspection and the duration differ')

# ---------------- network scanning on loopback
NM = '$ nmap --version'
R('net-nmap-ports', '.', 'nmap -sT -p 22,5432,16379,18200,18299 127.0.0.1', NM, 'nmap connect scan of five loopback ports (open/closed).', nd='scan times differ')
R('net-nmap-sv', '.', 'nmap -sT -sV -p 16379,18200 127.0.0.1', NM, 'nmap service/version detection on redis and the python http server.', nd='scan times differ')
R('net-nmap-top-grep', '.', 'nmap -sT -p 1-20000 127.0.0.1 | grep -E "open|Not shown"', NM, 'Scan of ports 1-20000 filtered by grep to the open ports and the Not shown line.')
R('net-nmap-bad-target', '.', 'nmap -sT -p 80 nonexistent.invalid', NM, 'nmap with an unresolvable host: "Failed to resolve", 0 hosts scanned.', nd='scan times differ')

# ---------------- data tools: datamash, gron, jc, xsltproc
DM = '$ datamash --version'
R('data-datamash-groupby', 'data', 'datamash -H -t, -s -g 2 count 3 sum 4 mean 5 < sales.csv', DM, 'GNU datamash group-by region: count, sum, mean.')
R('data-datamash-crosstab', 'data', 'datamash -H -t, -s crosstab 2,3 sum 4 < sales.csv', DM, 'datamash crosstab region x product of quantities.')
R('data-datamash-bad-number', 'data', 'datamash sum 2 < bad.tsv', DM, 'datamash on a non-numeric field: "invalid numeric value in line 3 field 2: \'three\'", exit 1.')
R('data-datamash-check', 'data', 'datamash -t, check 5 columns < sales.csv && datamash -t, check 6 columns < sales.csv', DM, 'datamash check: first passes, second fails with the offending line, exit 1.')
R('data-datamash-summary', 'data', 'datamash -H -t, min 4 q1 4 median 4 q3 4 max 4 sstdev 5 < sales.csv', DM, 'Quartiles and sample standard deviation.')
GR = '$ gron --version'
R('data-gron-lock-big', 'js', 'gron package-lock.json', GR, 'gron flattening of a real package-lock.json: one assignment per line, very long.')
R('data-gron-licenses', 'js', 'gron package-lock.json | grep "\\.license = " | cut -d= -f2 | sort | uniq -c | sort -rn', GR, 'Licenses in the lockfile counted via gron | grep | sort | uniq -c.')
R('data-gron-ungron', 'js', 'gron node_modules/jshint/package.json | grep -E "^json\\.(name|version|dependencies)" | gron --ungron', GR, 'gron, filter, then --ungron back to JSON.')
R('data-gron-bad-json', 'data', 'gron sales.csv', GR, 'gron on a CSV file: JSON parse error, exit 1.')
JC = '$ jc --version'
R('data-jc-ls', '.', 'ls -l /usr/share/doc/haproxy /usr/share/doc/bc | jc --ls -p', JC, 'jc parsing ls -l into a JSON array.')
R('data-jc-passwd-count', '.', 'jc --passwd < /etc/passwd | python3 -m json.tool | grep -c username', JC, 'jc --passwd into json.tool, users counted.')
R('data-jc-bad-parser', '.', 'uname -a | jc --nosuchparser', JC, 'jc with an unknown parser option: error and usage hint.')
R('data-jc-magic-ini', 'cfg', 'jc -p --ini < haproxy-ok.cfg | head -30', JC, 'jc --ini on a haproxy config: the parser gives up with an error and a locale hint (exit 0 through head).')
XS = '$ xsltproc --version'
R('data-xsltproc-report', 'docs', 'xsltproc report.xsl inventory.xml', XS, 'XSLT text report with xsl:sort and computed values.')
R('data-xsltproc-bad-xpath', 'docs', 'xsltproc bad.xsl inventory.xml', XS, 'xsltproc with an invalid XPath and a missing named template: compilation errors, exit 5.')
R('data-xsltproc-missing-input', 'docs', 'xsltproc report.xsl nosuch.xml', XS, 'xsltproc with a missing input file: I/O warning and "unable to parse", exit 6.')

# ---------------- docs and prose linters
R('doc-mandoc-lint', 'docs', 'mandoc -T lint backup.8', '$ echo "mandoc (Debian $(dpkg-query -W -f=\'${Version}\' mandoc))"', 'mandoc -T lint of an mdoc page: two notes about an outdated mandoc.db for the Xr references, then STYLE/WARNING lines with file:line:col, exit 2.')
R('doc-mandoc-render', 'docs', 'mandoc -T utf8 backup.8 | col -b', '$ echo "mandoc (Debian $(dpkg-query -W -f=\'${Version}\' mandoc))"', 'The page rendered as text.')
R('doc-chktex', 'docs', 'chktex -q paper.tex', '$ chktex --version', 'ChkTeX warnings with the offending line and ^^^ markers, exit 2.')
R('doc-chktex-count', 'docs', 'chktex -q -v0 paper.tex | wc -l', '$ chktex --version', 'ChkTeX terse format lines counted.')
R('doc-lacheck', 'docs', 'lacheck paper.tex', '$ echo "lacheck $(dpkg-query -W -f=\'${Version}\' lacheck)"', 'lacheck LaTeX warnings ("paper.tex", line N: ...).')
R('doc-aspell-list', 'docs', 'aspell list --lang=en < notes.txt | sort | uniq -c | sort -rn', '$ aspell --version', 'Misspelled words from aspell list, counted.')
R('doc-hunspell-list', 'docs', 'hunspell -d en_US -l notes.txt', '$ hunspell --version', 'hunspell -l: misspelled words.')
R('doc-hunspell-pipe', 'docs', 'head -3 notes.txt | hunspell -d en_US -a', '$ hunspell --version', 'hunspell -a (ispell pipe protocol) with & suggestions.')
R('doc-proselint', 'docs', 'proselint check prose.md', '$ echo "proselint $(pip show proselint 2>/dev/null | sed -n s/^Version:.//p)"', 'proselint on a README: lexical illusions, "very unique", etc.; exit 1.')
R('doc-alex', 'web', 'alex README.md', '$ echo "alex $(alex --version)"', 'alex (insensitive writing) warnings with line:col ranges; exit 1.')
R('doc-write-good', 'web', 'write-good README.md', '$ echo "write-good $(write-good --version)"', 'write-good suggestions with ^^^ markers under each excerpt; exit status is the number of suggestions (12).')
R('doc-textlint-no-todo', 'web', 'textlint --rule no-todo README.md', '$ textlint --version', 'textlint with the no-todo rule: stylish-like report (its summary line keeps ANSI colour codes despite NO_COLOR), exit 1.', toolname='textlint')

# ---------------- archives
R('arch-7z-list', 'arch', '7z l lodash.7z | tail -25', '$ 7z i | head -2 | tail -1', '7-Zip listing, last 25 lines with the totals.')
R('arch-7z-test', 'arch', '7z t lodash.7z', '$ 7z i | head -2 | tail -1', '7z t: integrity test summary.')
R('arch-7z-broken', 'arch', '7z t broken.7z', '$ 7z i | head -2 | tail -1', '7z t on a truncated archive: Open ERROR, "Unexpected end of archive", exit 2 (7-Zip 26.02 banner plus the p7zip 16.02 line of the Debian wrapper).')
R('arch-zstd-list', 'arch', 'zstd -lv es-abstract.tar.zst', '$ zstd --version', 'zstd -lv frame details.')
R('arch-zstd-broken', 'arch', 'zstd -t broken.tar.zst', '$ zstd --version', 'zstd -t on a truncated file: "truncated input" error, exit 1.')
R('arch-lz4-tar-count', 'arch', 'lz4 -dc tapjs.tar.lz4 | tar -t | grep -c "\\.d\\.ts$"', '$ lz4 --version', 'lz4 stream into tar -t, declaration files counted.')
R('arch-bsdtar-tv-big', 'arch', 'bsdtar -tvf tapjs.tar && bsdtar -tvf es-abstract.tar.zst', '$ bsdtar --version', 'bsdtar -tv of a 3,900-entry tar (two npm packages) then of a 2,500-entry .tar.zst: very long listing.')
R('arch-bsdtar-zst', 'arch', 'bsdtar -tf es-abstract.tar.zst | awk -F/ "{print \\$2}" | sort | uniq -c | sort -rn | head', '$ bsdtar --version', 'bsdtar reading a .tar.zst, entries per top directory.')
R('arch-cpio-list', 'arch', 'cpio -it < jshint.cpio | head -30', '$ cpio --version', 'GNU cpio -it: first 30 names (then the block count line at the end is cut by head).')
R('arch-cpio-tv-tail', 'arch', 'cpio -itv < jshint.cpio | tail -8', '$ cpio --version', 'cpio -itv, last lines with the "N blocks" trailer on stderr.')
R('arch-bsdtar-broken', 'arch', 'bsdtar -tf broken.tar.zst | tail -3', '$ bsdtar --version', 'bsdtar on a truncated zstd tar: last names then "Truncated input file" error.')

# ---------------- code counters and big-tree listings
R('count-cloc', 'web', 'cloc --quiet src lib site test', '$ echo "cloc $(cloc --version)"', 'cloc over a small web project.', nd='the T=... s timing line differs')
R('count-cloc-by-file-big', 'js/node_modules', 'cloc --quiet --by-file es-abstract', '$ echo "cloc $(cloc --version)"', 'cloc --by-file over an npm package with ~2,500 files: long table.', nd='the T=... s timing line differs')
R('count-sloccount', '.', 'sloccount c build d', '$ echo "sloccount $(sloccount --version)"', 'SLOCCount report with COCOMO estimate.')
R('count-ctags-big', 'js/node_modules', 'ctags -x -R --languages=JavaScript --exclude="*.min.js" --exclude=core.js --exclude=lodash.js lodash', '$ ctags --version', 'Universal Ctags -x over lodash without its bundled builds: thousands of tag lines.')
R('count-find-printf-doc', '.', 'find /usr/share/doc -name "changelog*.gz" -printf "%s\\t%p\\n" | sort -rn | head -25', '$ find --version', 'Largest changelogs under /usr/share/doc via find -printf | sort | head.')
R('count-find-printf-two-packages', 'js/node_modules', 'find es-toolkit es-abstract -type f -printf "%s %p\\n" | sort -k2', '$ find --version', 'Every file of two npm packages with its size (find -printf | sort): several thousand lines.')
R('count-du-node-modules', 'js', 'du -sh node_modules/* | sort -rh | head -20', '$ du --version', 'Largest packages in a node_modules tree.')
R('count-diff-rq-trees', 'js/node_modules', 'diff -rq @tapjs/core @tapjs/test | head -40', '$ diff --version', 'diff -rq between two sibling package trees (Only in / differ lines).')

# ---------------- Python tools
R('py-pyrefly-basic', 'py', 'pyrefly check ledger', '$ pyrefly --version', 'pyrefly with no config falls back to the basic preset: 0 errors and a hint to run pyrefly init.')
R('py-pyrefly-default', 'py', 'pyrefly check ledger --preset default', '$ pyrefly --version', 'pyrefly default preset: missing attribute on Optional, bad return, bad argument type, with code excerpts; exit 1.')
R('py-pyrefly-summary', 'py', 'pyrefly check ledger --preset strict --summarize-errors', '$ pyrefly --version', 'pyrefly strict preset with the error summary; exit 1.')
R('py-lint-imports', 'py', 'lint-imports', '$ lint-imports --version', 'import-linter: forbidden and layers contracts, one broken by ledger.report importing ledger.cli; exit 1.')
R('py-pydoclint', 'py', 'pydoclint --style=google ledger', '$ pydoclint --version', 'pydoclint DOC1xx/DOC2xx/DOC5xx violations, exit 1.')
R('py-validate-pyproject', 'py', 'validate-pyproject pyproject.toml', '$ validate-pyproject --version', 'validate-pyproject: the first schema error (zip-safe must be boolean) followed by a Python traceback of the ValidationError, exit 1.')
R('py-check-wheel-contents', 'py', 'check-wheel-contents dist/', '$ check-wheel-contents --version', 'check-wheel-contents on a wheel with a .pyc and a top-level tests package: W001, W005, W009, exit 1.')
R('py-zipfile-list', 'py', 'python3 -m zipfile -l dist/ledger-0.3.0-py3-none-any.whl', '$ python3 --version', 'python -m zipfile -l of the wheel.', env=NOVENV)
R('py-flynt-dry', 'py', 'flynt --dry-run --fail-on-change legacy.py', '$ flynt --version', 'flynt --dry-run: diff of %/format() to f-strings and stats, exit 1.', toolname='flynt', nd='the elapsed seconds differ')
R('py-memray-stats', 'py', 'python -m memray run -q -o mem.bin prof2.py >/dev/null && python -m memray stats mem.bin', '$ memray --version', 'memray run then stats: allocator histogram, top allocations by size and count.',
  toolname='memray', reset='rm -f mem.bin', nd='addresses/byte counts vary slightly')
R('py-memray-summary', 'py', 'python -m memray run -q -o mem.bin prof2.py >/dev/null && python -m memray summary mem.bin', '$ memray --version', 'memray summary table.', toolname='memray', reset='rm -f mem.bin', nd='sizes vary slightly')
R('py-memray-run', 'py', 'python -m memray run -o mem.bin prof2.py', '$ memray --version', 'memray run without -q: program output framed by memray messages and the suggested follow-up commands.', toolname='memray', reset='rm -f mem.bin')
R('py-pyinstrument', 'py', 'pyinstrument prof2.py', '$ pyinstrument --version', 'pyinstrument call-tree with seconds per frame.', nd='timings and sample counts differ')
R('py-kernprof', 'py', 'kernprof -l -v profme.py', '$ echo "kernprof (line_profiler) $(kernprof --version)"', 'line_profiler table: hits, time, per hit, % time per line.', reset='rm -f profme.py.lprof', nd='timings differ')
R('py-tabnanny', 'py', 'python3 -m tabnanny -v tabs.py legacy.py', '$ python3 --version', 'tabnanny: ambiguous indentation in tabs.py.', env=NOVENV)
R('py-py-compile-error', 'py', 'python3 -m py_compile tabs.py', '$ python3 --version', 'py_compile of a file mixing tabs and spaces: TabError, exit 1.', env=NOVENV)
R('py-trace-count', 'py', 'python3 -m trace --count --summary --missing -C /tmp/r29trace legacy.py', '$ python3 --version', 'trace --count --summary: lines/cov%/module table.', env=NOVENV)
R('py-dis-head', 'py', 'python3 -m dis legacy.py | head -40', '$ python3 --version', 'Bytecode disassembly (python -m dis) cut by head -40: dis keeps writing and dies with a BrokenPipeError traceback.', env=NOVENV, nd='code object addresses differ')
R('py-sysconfig-big', '.', 'python3 -m sysconfig', '$ python3 --version', 'python -m sysconfig: paths and every build variable (long).', env=NOVENV)
R('py-pip-check', 'py', 'pip check', '$ pip --version', 'pip check in the venv with many tools installed.', nd='none expected')
R('py-pip-install-dry-wheel', 'py', 'pip install --dry-run --no-index --no-deps dist/ledger-0.3.0-py3-none-any.whl', '$ pip --version', 'pip install --dry-run from a local wheel (Would install ...).')
R('py-pip-install-no-index-deps', 'py', 'pip install --dry-run --no-index dist/ledger-0.3.0-py3-none-any.whl', '$ pip --version', 'The same with dependency resolution: the machine pip config adds find-links /opt/wheels, rich and its deps are already satisfied in the venv; Would install.')

# ---------------- JS tools
R('js-jshint', 'web', 'jshint src', '$ jshint --version', 'JSHint: missing semicolons, undefined i, == null, assignment in condition; exit 2.')
R('js-jshint-checkstyle', 'web', 'jshint --reporter=checkstyle src/cart.js', '$ jshint --version', 'JSHint checkstyle XML reporter.')
R('js-jshint-count', 'web', 'jshint --verbose src | grep -o "(W[0-9]*)" | sort | uniq -c | sort -rn', '$ jshint --version', 'JSHint warning codes (--verbose) counted.')
R('js-standard', 'web', 'standard src/', '$ echo "standard $(standard --version)"', 'JavaScript Standard Style: file:line:col messages, exit 1.')
R('js-standard-fix-dry', 'web', 'cp -r src /tmp/r29-std && standard --fix /tmp/r29-std/ ; diff -ru src /tmp/r29-std | head -40', '$ echo "standard $(standard --version)"', 'standard --fix on a copy, the remaining issues and the diff it made.', reset='rm -rf /tmp/r29-std', nd='mtimes in the diff -ru headers differ')
R('js-tap', 'web', 'tap test/', '$ echo "tap $(tap --version)"', 'node-tap 21 under CI=true (TAP reporter): failing assertions as YAML diagnostics with source frames and diffs.', nd='durations differ')
R('js-tap-reporter-tap', 'web', 'tap --reporter=tap --disable-coverage test/cart.test.js', '$ echo "tap $(tap --version)"', 'node-tap with the raw TAP reporter and coverage disabled.', nd='durations differ')
R('js-html-validate', 'web', 'html-validate site/', '$ html-validate --version', 'html-validate stylish report: missing alt, duplicate id, deprecated font, heading level; exit 1.')
R('js-html-validate-json', 'web', 'html-validate --formatter json site/about.html site/index.html | python3 -m json.tool | head -40', '$ html-validate --version', 'html-validate JSON formatter pretty-printed.')
R('js-html-validate-codeframe', 'web', 'html-validate --formatter codeframe site/index.html | head -50', '$ html-validate --version', 'html-validate codeframe formatter with source excerpts.')
R('js-svgo-folder', 'web', 'svgo -q -f icons -o /tmp/r29-svgo && ls -la /tmp/r29-svgo | wc -l; svgo -f icons -o /tmp/r29-svgo2', '$ echo "svgo $(svgo --version)"', 'svgo over a folder containing one malformed svg: the parse error (with a code frame) aborts both folder runs, exit 1.', reset='rm -rf /tmp/r29-svgo /tmp/r29-svgo2', nd='"Done in N ms" differs')
R('js-svgo-bad', 'web', 'svgo icons/bad.svg -o -', '$ echo "svgo $(svgo --version)"', 'svgo on malformed SVG: parse error with line/column excerpt, exit 1.')
R('js-jscpd', 'web', 'jscpd lib --min-lines 5 --reporters console', '$ echo "jscpd $(jscpd --version)"', 'jscpd 4 duplicate-code report: clone pairs with line ranges, a box-drawn summary table and the time line; exit 0.', nd='detection time differs')
R('js-typedoc-errors', 'web', 'typedoc lib/index.ts --out /tmp/r29-typedoc', '$ typedoc --version', 'TypeDoc with a TypeScript error in the sources: TS5107 deprecation and TS2322 with ANSI-coloured code frames (tsc output is coloured despite NO_COLOR), "Found 2 errors", exit 3.', reset='rm -rf /tmp/r29-typedoc')
R('js-typedoc-skip-check', 'web', 'typedoc lib/index.ts --skipErrorChecking --out /tmp/r29-typedoc', '$ typedoc --version', 'TypeDoc with --skipErrorChecking: JSDoc warnings (unknown @param), then the output line.', reset='rm -rf /tmp/r29-typedoc')
R('js-jsdoc-explain', 'web', 'jsdoc -X lib/mod0.js src/format.js | python3 -c "import json,sys; d=json.load(sys.stdin); print(len(d)); [print(x[\'kind\'], x.get(\'longname\'), x[\'meta\'][\'lineno\']) for x in d[:25]]"', '$ jsdoc --version', 'jsdoc -X doclets summarized by a python one-liner.')
R('js-depcruise-text', 'web', 'depcruise --no-config -T text src', '$ echo "dependency-cruiser $(depcruise --version)"', 'dependency-cruiser text output: every edge, including the unresolvable ./missing.')
R('js-depcruise-err', 'web', 'depcruise --no-config -T err src', '$ echo "dependency-cruiser $(depcruise --version)"', 'dependency-cruiser err reporter with no rules.')
R('js-dprint-no-config', 'web', 'dprint check', '$ dprint --version', 'dprint without a config file: "No config file found" and a hint, exit 11.')
R('js-tsup-dts-fail', 'web', 'tsup lib/index.ts --dts --format cjs,esm --out-dir /tmp/r29-tsup', '$ tsup --version', 'tsup: the CJS/ESM bundles build, the DTS build fails on a type error with a worker stack trace, exit 1.', reset='rm -rf /tmp/r29-tsup', nd='build times differ')
R('js-tsup-ok', 'web', 'tsup lib/shapes.ts lib/version.ts --format esm --out-dir /tmp/r29-tsup2 --minify', '$ tsup --version', 'tsup minified ESM build: per-file sizes.', reset='rm -rf /tmp/r29-tsup2', nd='build times differ')
R('js-node-check-syntax', 'web', 'node --check src/cart.js && node --check lib/shapes.ts', '$ node --version', 'node --check passes the JS file, then refuses the .ts file: ERR_UNKNOWN_FILE_EXTENSION stack, exit 1.', toolname='node')
