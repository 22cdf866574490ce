use super::settings::OutlineLevel;
use super::*;

fn config() -> MinimizerConfig {
    MinimizerOptions {
        enabled: Some(true),
        ..Default::default()
    }
    .resolve()
}

#[test]
fn disabled_short_and_compound_commands_pass_unchanged() {
    let long = "commit 0123456789abcdef\nAuthor: A <a@b>\nDate:   Wed Nov 25 22:14:19 2026 +0000\n\n    msg\n\n".repeat(40);
    let out = Captured::Text(long.clone());
    assert!(minimize("git log", out.clone(), &config(), Some(0)).is_some());
    assert!(minimize(
        "git log",
        out.clone(),
        &MinimizerOptions::default().resolve(),
        Some(0)
    )
    .is_none());
    assert!(minimize("cd x && git log", out.clone(), &config(), Some(0)).is_none());
    assert!(minimize("git log | cat", out.clone(), &config(), Some(0)).is_none());
    assert!(minimize("git log", Captured::TooLarge, &config(), Some(0)).is_none());
    let short = Captured::Text(long[..500].to_string());
    assert!(minimize("git log", short, &config(), Some(0)).is_none());
}

fn run(command: &str, text: &str) -> Option<(String, String)> {
    let inv = single_simple_command(command).expect("a simple command");
    filters::run(&filters::Context {
        inv: &inv,
        text,
        outline: OutlineLevel::Default,
    })
}

/// Fails naming the first of `kept` that `out` lacks.
fn assert_keeps(out: &str, kept: &[&str]) {
    for kept in kept {
        assert!(out.contains(kept), "{kept} in {out}");
    }
}

fn text_of(command: &str, text: &str) -> String {
    run(command, text)
        .unwrap_or_else(|| panic!("no filter rewrote the output of {command:?}"))
        .1
}

#[test]
fn git_status_lists_paths_by_section() {
    let raw = "On branch main\nChanges to be committed:\n  (use \"git restore --staged <file>...\" to unstage)\n\tnew file:   a.txt\n\nChanges not staged for commit:\n  (use \"git add <file>...\" to update what will be committed)\n\tmodified:   src/b.rs\n\tdeleted:    c.md\n\nUntracked files:\n  (use \"git add <file>...\" to include in what will be committed)\n\tnotes/\n";
    assert_eq!(
        text_of("git status", raw),
        "On branch main\nstaged:\n  A a.txt\nunstaged:\n  M src/b.rs\n  D c.md\nuntracked:\n  notes/\n"
    );
    assert_eq!(run("git status -s", " M a\n"), None);
}

#[test]
fn git_log_keeps_hash_author_date_message_stat_and_changed_lines() {
    let raw = "commit 0123456789abcdef0123456789abcdef01234567 (HEAD -> main)\nAuthor: Ada Lovelace <ada@example.com>\nDate:   Mon Jan 5 10:00:00 2026 +0100\n\n    Subject line\n\n    Body line.\n\n src/a.rs | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)\n\ncommit 1111111111111111111111111111111111111111\nAuthor: Alan Turing <alan@example.org>\nDate:   Tue Jan 6 11:30:00 2026 +0000\n\n    Second\n\ndiff --git a/x.txt b/x.txt\nindex 1..2 100644\n--- a/x.txt\n+++ b/x.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n d\n";
    assert_eq!(
        text_of("git log --stat -p", raw),
        "2026-01-05 10:00 +0100 0123456 Ada Lovelace (HEAD -> main) — Subject line\n    Body line.\n src/a.rs 3\n 1 file, +2 -1\n2026-01-06 11:30 +0000 1111111 Alan Turing — Second\n--- x.txt\n2 -b\n+c\n"
    );
}

#[test]
fn git_show_of_an_annotated_tag_says_the_tag_on_one_line_before_its_commit() {
    let tag = "tag v1.2.0\nTagger: Mira C <mira@example.org>\nDate:   Wed Nov 18 09:12:00 2026 +0100\n\nRelease 1.2.0\n\n";
    let commit = "commit 63c0f512780f3d8c6ece20f2a7f9c96dd20b315b\nAuthor: Mira C <mira@example.org>\nDate:   Wed Nov 18 09:12:00 2026 +0100\n\n    Import 1.2.0\n\n";
    let patch = "diff --git a/a.md b/a.md\nnew file mode 100644\nindex 0000000..ff3306e\n--- /dev/null\n+++ b/a.md\n@@ -0,0 +1,2 @@\n+# A\n+-----\n";
    let shown = "tag v1.2.0 — Mira C 2026-11-18 09:12 +0100\nRelease 1.2.0\n2026-11-18 09:12 +0100 63c0f51 Mira C — Import 1.2.0\n";
    assert_eq!(
        text_of("git show v1.2.0", &[tag, commit, patch].concat()),
        [shown, "--- a.md (new file)\n+# A\n+-----\n"].concat()
    );
    // A program no filter names, printing the same: taken for a commit log by its shape.
    assert_eq!(
        text_of("blindprog show v1.2.0", &[tag, commit, patch].concat()),
        [shown, "--- a.md (new file)\n+# A\n+-----\n"].concat()
    );
    // A second tag after the first commit's patch ends the patch (`git show v1 v2`).
    let both = [tag, commit, patch, &tag.replace("1.2.0", "1.3.0"), commit].concat();
    let out = text_of("git show v1.2.0 v1.3.0", &both);
    assert_keeps(&out, &["+-----\ntag v1.3.0 — Mira C", "Release 1.3.0\n"]);
    // `tag NAME` alone (no tagger after it) is no tag's object.
    assert_eq!(run("git show", "tag v1\nsomething else\n"), None);
}

#[test]
fn git_log_names_a_sole_author_once_and_groups_a_day() {
    let commit = |h: char, t: &str| {
        format!(
            "commit {}\nAuthor: Ada <a@b>\nDate:   Mon Jan 5 {t}:00 2026 +0000\n\n    m{h}\n\n",
            h.to_string().repeat(40)
        )
    };
    let raw = commit('a', "10:00") + &commit('b', "09:00");
    assert_eq!(
        text_of("git log", &raw),
        "[all 2 commits by Ada]\n2026-01-05:\n 10:00 +0000 aaaaaaa — ma\n 09:00 +0000 bbbbbbb — mb\n"
    );
}

#[test]
fn git_diff_keeps_changed_lines_and_hunk_headers_not_context() {
    let raw = "diff --git a/f b/f\nnew file mode 100644\nindex 0..1\n--- /dev/null\n+++ b/f\n@@ -0,0 +1 @@\n+x\ndiff --git a/g b/g\nindex 1..2 100644\n--- a/g\n+++ b/g\n@@ -1,5 +1,5 @@\n 1\n 2\n-3\n+three\n 4\n 5\n";
    assert_eq!(
        text_of("git diff", raw),
        "--- f (new file)\n+x\n--- g\n3 -3\n+three\n"
    );
}

#[test]
fn cargo_errors_keep_details_and_warnings_are_one_line() {
    let raw = "   Compiling x v0.1.0 (/p)\nwarning: unused variable: `a`\n --> src/lib.rs:3:9\n  |\n3 |     let a = 5;\n  |         ^ help: prefix it: `_a`\n  |\n  = note: `#[warn(unused_variables)]` on by default\n\nerror[E0308]: mismatched types\n  --> src/lib.rs:9:21\n   |\n9  |     let s: String = sum;\n   |            ------   ^^^ expected `String`, found `u32`\n   |            |\n   |            expected due to this\n\nFor more information about this error, try `rustc --explain E0308`.\nwarning: `x` (lib) generated 1 warning (run `cargo fix --lib -p x` to apply 1 suggestion)\nerror: could not compile `x` (lib) due to 1 previous error; 1 warning emitted\n";
    assert_eq!(
        text_of("cargo build", raw),
        "src/lib.rs:3:9: warning: unused variable: `a`\n\nsrc/lib.rs:9:21: error[E0308]: mismatched types\n  9  |     let s: String = sum;\n  expected `String`, found `u32`\n  expected due to this\n\nwarning: `x` (lib) generated 1 warning\nerror: could not compile `x` (lib) due to 1 previous error; 1 warning emitted\n"
    );
}

#[test]
fn rustcs_diagnostics_are_read_by_their_shape_whatever_printed_them() {
    let raw = "   Compiling x v0.1.0 (/p)\nwarning: unused variable: `a`\n --> src/lib.rs:3:9\n  |\n3 |     let a = 5;\n  |         ^ help: prefix it: `_a`\n  |\n  = note: `#[warn(unused_variables)]` on by default\n\nerror[E0308]: mismatched types\n  --> src/lib.rs:9:21\n   |\n9  |     let s: String = sum;\n   |            ------   ^^^ expected `String`, found `u32`\n   |            |\n   |            expected due to this\n\nFor more information about this error, try `rustc --explain E0308`.\nwarning: `x` (lib) generated 1 warning (run `cargo fix --lib -p x` to apply 1 suggestion)\nerror: could not compile `x` (lib) due to 1 previous error; 1 warning emitted\n";
    let (label, out) = run("./check.sh --all", raw).expect("rewritten");
    assert_eq!(label, "rustc");
    assert_eq!(out, text_of("cargo build", raw));
    // A test run with a compiler warning in it is a test run: not read as a build.
    let tests = format!("{raw}\nrunning 2 tests\ntest a ... ok\ntest b ... FAILED\n\ntest result: FAILED. 1 passed; 1 failed\n");
    assert_ne!(
        run("./check.sh --all", &tests).map(|r| r.0).as_deref(),
        Some("rustc")
    );
}

#[test]
fn cargo_test_drops_passing_tests_and_toolchain_frames() {
    let raw = "     Running unittests src/lib.rs (target/debug/deps/calc-0123abcd)\n\nrunning 3 tests\ntest a ... ok\ntest b ... FAILED\ntest c ... ignored\n\nfailures:\n\n---- b stdout ----\nthread 'b' panicked at src/lib.rs:5:9:\nboom\nstack backtrace:\n   0: core::panicking::panic_fmt\n             at /rustc/abc/library/core/src/panicking.rs:80:14\n   1: calc::b\n             at ./src/lib.rs:5:9\nnote: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n\nfailures:\n    b\n\ntest result: FAILED. 1 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\n     Running tests/it.rs (target/debug/deps/it-1)\n\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";
    let out = text_of("cargo test", raw);
    assert!(
        !out.contains("test a ... ok")
            && !out.contains("/rustc/")
            && !out.contains("test b ... FAILED")
            && !out.contains("tests/it.rs")
            && !out.contains("running 3 tests"),
        "{out}"
    );
    assert_keeps(
        &out,
        &[
            "---- b stdout ----",
            "test c ... ignored",
            "\nok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n",
            "panicked at src/lib.rs:5:9",
            "at ./src/lib.rs:5:9",
            "test result: FAILED. 1 passed; 1 failed",
            "Running unittests src/lib.rs\n",
        ],
    );
}

/// Build warnings before a test run: a warning whose span reaches another file (`:::`, the macro
/// invocation it comes from) keeps that place, and a snippet's `...    |` (lines left out inside
/// a multi-line span) is a snippet's, not a line of its own: the run is minimized, no place lost.
#[test]
fn cargo_test_after_warnings_keeps_their_other_places() {
    let raw = "warning: `panic` is ambiguous\n  --> src/lib.rs:39:9\n   |\n39 | /         assert!(\n40 | |             s.contains(needle),\n41 | |         );\n   | |_________^ ambiguous name\n   |\n  ::: src/v0.rs:1527:9\n   |\n1527 | /         assert_contains!(\n1528 | |             x,\n...    |\n1533 | |             \"y\"\n1534 | |         );\n   | |_________- in this macro invocation\n   |\n   = note: for more information, see issue #147319\nnote: `panic` could refer to the macro imported here\n  --> src/v0.rs:1283:9\n   |\n1283 |     use std::prelude::v1::*;\n   |         ^^^^^^^^^^^^^^^^^^^\n\nwarning: `demo` (lib test) generated 1 warning\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.01s\n     Running unittests src/lib.rs (target/debug/deps/demo-0123)\n\nrunning 2 tests\ntest a ... ok\ntest b ... FAILED\n\nfailures:\n\n---- b stdout ----\nthread 'b' panicked at src/lib.rs:5:9:\nboom\n\nfailures:\n    b\n\ntest result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n";
    let out = text_of("cargo test --lib", raw);
    assert!(
        !out.contains("assert_contains!") && !out.contains("test a ... ok"),
        "{out}"
    );
    assert_keeps(
        &out,
        &[
            "src/lib.rs:39:9: warning: `panic` is ambiguous",
            "::: src/v0.rs:1527:9",
            "src/v0.rs:1283:9: note: `panic` could refer to the macro imported here",
            "panicked at src/lib.rs:5:9",
            "test result: FAILED. 1 passed; 1 failed",
        ],
    );
}

#[test]
fn test_runners_keep_failures_and_summaries() {
    let vitest = " RUN  v3.2.7 /p\n\n ✓ test/a.test.ts (15 tests) 3ms\n ❯ test/b.test.ts (3 tests | 1 failed) 5ms\n   ✓ b > ok 1ms\n   × b > fails 2ms\n     → expected 1 to be 2\n\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n FAIL  test/b.test.ts > b > fails\nAssertionError: expected 1 to be 2\n ❯ test/b.test.ts:8:15\n      6|   it('x', () => {\n      8|     expect(1).toBe(2)\n       |               ^\n\n⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯\n\n Test Files  1 failed | 1 passed (2)\n      Tests  1 failed | 17 passed (18)\n   Start at  10:00:00\n   Duration  300ms (transform 20ms)\n";
    let out = text_of("npx vitest run", vitest);
    assert!(
        !out.contains("✓") && !out.contains("6|") && !out.contains("Start at"),
        "{out}"
    );
    assert_keeps(
        &out,
        &[
            "× b > fails",
            "FAIL  test/b.test.ts > b > fails",
            "AssertionError: expected 1 to be 2",
            "❯ test/b.test.ts:8:15",
            "Tests  1 failed | 17 passed (18)",
            "Test Files  1 failed | 1 passed (2)",
        ],
    );
    let jest = "PASS src/a.test.js\nFAIL src/b.test.js\n  ● suite › fails\n\n    expect(received).toBe(expected)\n\n    Expected: 2\n    Received: 1\n\n      6 |   test('fails', () => {\n    > 7 |     expect(1).toBe(2);\n        |               ^\n\n      at Object.toBe (src/b.test.js:7:15)\n      at run (node_modules/jest-circus/build/run.js:1:1)\n\nTest Suites: 1 failed, 1 passed, 2 total\nTests:       1 failed, 5 passed, 6 total\nRan all test suites.\n";
    let out = text_of("jest", jest);
    assert!(
        !out.contains("PASS ") && !out.contains("jest-circus") && !out.contains("6 |"),
        "{out}"
    );
    assert_keeps(
        &out,
        &[
            "FAIL src/b.test.js",
            "● suite › fails",
            "Expected: 2",
            "> 7| ",
            "(src/b.test.js:7:15)",
            "Tests:       1 failed, 5 passed, 6 total",
        ],
    );
    let gtest = "[==========] Running 2 tests from 1 test suite.\n[----------] 2 tests from S\n[ RUN      ] S.A\n[       OK ] S.A (0 ms)\n[ RUN      ] S.B\nt.cc:12: Failure\nExpected equality\n[  FAILED  ] S.B (0 ms)\n[==========] 2 tests ran.\n[  PASSED  ] 1 test.\n[  FAILED  ] 1 test, listed below:\n[  FAILED  ] S.B\n";
    assert_eq!(
        text_of("./build/t", gtest),
        "t.cc:12: Failure\nExpected equality\n[  FAILED  ] S.B\n[  PASSED  ] 1 test.\n[  FAILED  ] 1 test, listed below:\n[  FAILED  ] S.B\n"
    );
    let ctest = "Test project /b\n    Start 1: a\n1/2 Test #1: a ................   Passed    0.01 sec\n    Start 2: b\n2/2 Test #2: b ................***Failed    0.01 sec\n\n50% tests passed, 1 tests failed out of 2\n";
    assert_eq!(
        text_of("ctest", ctest),
        "Test project /b\n2/2 Test #2: b ***Failed    0.01 sec\n50% tests passed, 1 tests failed out of 2\n"
    );
    // `-V`: its bookkeeping and a passing test's lines go; a failing test's command and output
    // stay; `Test project` goes when the directory was said.
    let verbose = "Internal ctest changing into directory: /b\nUpdateCTestConfiguration  from :/b/DartConfiguration.tcl\nTest project /b\nConstructing a list of tests\nDone constructing a list of tests\nUpdating test list for fixtures\nAdded 0 tests to meet fixture requirements\nChecking test dependency graph...\nChecking test dependency graph end\ntest 1\n    Start 1: a\n\n1: Test command: /b/a\n1: Working Directory: /b\n1: Test timeout computed to be: 1500\n1: a: ok\n1/2 Test #1: a ................   Passed    0.01 sec\ntest 2\n    Start 2: b\n\n2: Test command: /b/b\n2: Working Directory: /b\n2: Test timeout computed to be: 1500\n2: t.c:9: check failed\n2/2 Test #2: b ................***Failed    0.01 sec\n\n50% tests passed, 1 tests failed out of 2\n";
    assert_eq!(
        text_of("ctest -V", verbose),
        "Internal ctest changing into directory: /b\n2: Test command: /b/b\n2: t.c:9: check failed\n2/2 Test #2: b ***Failed    0.01 sec\n50% tests passed, 1 tests failed out of 2\n"
    );
    let go = "=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\n    b_test.go:9: Sub(5, 3) = 3, want 2\n--- FAIL: TestB (0.00s)\nFAIL\nFAIL\texample.com/app/calc\t0.002s\n";
    assert_eq!(
        text_of("go test -v ./...", go),
        "    b_test.go:9: Sub(5, 3) = 3, want 2\n--- FAIL: TestB\nFAIL\texample.com/app/calc\t0.002s\n"
    );
}

#[test]
fn linters_group_findings_under_their_file() {
    let tsc = "src/a.ts(3,3): error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/a.ts(14,3): error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/b.ts(1,7): error TS2304: Cannot find name 'x'.\n";
    assert_eq!(
        text_of("tsc --noEmit", tsc),
        "src/a.ts:\n  3:3, 14:3 TS2322: Type 'string' is not assignable to type 'number'.\nsrc/b.ts:\n  1:7 TS2304: Cannot find name 'x'.\n"
    );
    // The same finding with its elaboration at places in two files: said once, its places by
    // file; a finding said once stays under its file.
    let elaborated = |at: &str| {
        format!("{at}: error TS2379: Argument of type '{{ k: string | undefined; }}' is not assignable.\n  Types of property 'k' are incompatible.\n    Type 'undefined' is not assignable to type 'string'.\n")
    };
    let tsc2 = format!(
        "{}{}src/b.ts(1,7): error TS2304: Cannot find name 'x'.\n{}",
        elaborated("src/a.ts(3,3)"),
        elaborated("src/a.ts(9,3)"),
        elaborated("src/b.ts(4,1)")
    );
    assert_eq!(
        text_of("tsc --noEmit", &tsc2),
        "src/b.ts:\n  1:7 TS2304: Cannot find name 'x'.\nTS2379: Argument of type '{ k: string | undefined; }' is not assignable. (3 places):\n    Types of property 'k' are incompatible.\n    Type 'undefined' is not assignable to type 'string'.\n  src/a.ts: 3:3 9:3\n  src/b.ts: 4:1\n"
    );
    // A place that would join an earlier line of its message, then elaborated: the
    // elaboration is that place's alone, not the file's last line's.
    let joined = "src/a.ts(3,3): error TS2322: Bad.\nsrc/a.ts(5,1): error TS2304: Cannot find name 'x'.\nsrc/a.ts(9,3): error TS2322: Bad.\n  Why it is bad.\n";
    assert_eq!(
        text_of("tsc --noEmit", joined),
        "src/a.ts:\n  3:3 TS2322: Bad.\n  5:1 TS2304: Cannot find name 'x'.\n  9:3 TS2322: Bad.\n    Why it is bad.\n"
    );
    let ruff = "F401 [*] `os` imported but unused\n --> calc.py:1:8\n  |\n1 | import os, sys\n  |        ^^\n  |\nhelp: Remove unused import\n\nE711 Comparison to `None` should be `cond is None`\n --> lib/u.py:6:13\n  |\n6 |     if l == None:\n  |             ^^^^\n  |\n\nFound 2 errors.\n[*] 1 fixable with the `--fix` option.\n";
    assert_eq!(
        text_of("ruff check .", ruff),
        "calc.py:\n  1:8 F401 [*] `os` imported but unused\nlib/u.py:\n  6:13 E711 Comparison to `None` should be `cond is None`\nFound 2 errors.\n[*] 1 fixable with the `--fix` option.\n"
    );
    let eslint = "\n/p/src/a.js\n  2:1   error    Unexpected var, use let or const instead  no-var\n  5:9   warning  Expected '===' and instead saw '=='       eqeqeq\n\n✖ 2 problems (1 error, 1 warning)\n";
    assert_eq!(
        text_of("eslint src", eslint),
        "/p/src/a.js:\n  2:1 error Unexpected var, use let or const instead (no-var)\n  5:9 warning Expected '===' and instead saw '==' (eqeqeq)\n\n✖ 2 problems (1 error, 1 warning)\n"
    );
}

#[test]
fn listings_keep_every_name() {
    let ls = "total 8\ndrwxr-xr-x 2 u g 4096 Nov 25 22:14 .\ndrwxr-xr-x 9 u g 4096 Nov 25 22:14 ..\ndrwxr-xr-x 2 u g 4096 Nov 25 22:14 src\n-rwxr-xr-x 1 u g 20480 Nov 25 22:14 run.sh\n-rw-r--r-- 1 u g 12 Nov 25 22:14 a b.txt\nlrwxrwxrwx 1 u g 4 Nov 25 22:14 l -> src\n";
    assert_eq!(
        text_of("ls -la", ls),
        "  src/  run.sh* 20.0K  a b.txt 12  l -> src\n"
    );
    assert_eq!(
        text_of("find .", ".\n./a\n./a/x.rs\n./a/y.rs\n./b.txt\n"),
        "./a/\n  x.rs y.rs\n./b.txt\n"
    );
    assert_eq!(
        text_of(
            "grep -rn TODO .",
            "./a.rs:3:    // TODO one\n./b.rs:9:// TODO two\n./s/b.rs-1-TODO\nc.rs:2:x\n"
        ),
        "./\n  a.rs:3: // TODO one\n  b.rs:9:// TODO two\n./s/b.rs-1-TODO\nc.rs:2:x\n"
    );
    assert_eq!(
        text_of(
            "grep -rn x src",
            "src/a.rs:1:x\nsrc/a.rs:2:  x\nsrc/a.rs:3:x\n"
        ),
        "src/a.rs:\n  1:x\n  2: x\n  3:x\n"
    );
    // A column after the line (`grep --column`, `rg --vimgrep`) stays with it: `12:5`.
    assert_eq!(
        text_of(
            "rg --vimgrep x src",
            "src/a.rs:1:5:    x\nsrc/a.rs:12:13:y(x)\nsrc/b/c.rs:3:1:x: 1\n"
        ),
        "src/a.rs:\n  1:5: x\n  12:13:y(x)\nsrc/b/c.rs:\n  3:1:x: 1\n"
    );
    assert_eq!(run("grep TODO a.rs", "3:x\n"), None);
    assert_eq!(
        text_of("grep -rl TODO .", "./s/a.rs\n./s/b.rs\n./c.rs\n"),
        "./s/\n  a.rs b.rs\n./c.rs\n"
    );
    assert_eq!(
        text_of("rg -c TODO", "s/a.rs:3\ns/b.rs:12\nc.rs:1\n"),
        "s/\n  a.rs:3 b.rs:12\nc.rs:1\n"
    );
}

#[test]
fn source_outline_keeps_signatures_whole() {
    let small = "use std::io;\nuse std::fs;\n\n/// Doc.\npub struct S {\n    a: u32,\n}\n\nimpl S {\n    pub fn new(\n        a: u32,\n    ) -> Self {\n        S { a }\n    }\n\n    fn get(&self) -> u32 {\n        if self.a > 0 { return 1; }\n        self.a\n    }\n}\n";
    // A small file passes whole: an outline would hide its lines for little saving.
    assert_eq!(run("cat src/s.rs", small), None);
    // Past the outline's threshold, a body of 1,200 plain lines, one with a TODO.
    let filler = format!("{}// TODO: split\n", "// x\n".repeat(1200));
    let rust = format!("{small}{filler}");
    assert_eq!(
        text_of("cat src/s.rs", &rust),
        "[outline of src/s.rs: 1221 lines, bodies elided; `sed -n 'A,Bp' src/s.rs` prints lines A..B]\n1: (2 import lines)\n5: pub struct S {\n9: impl S {\n10:     pub fn new(\n11:         a: u32,\n12:     ) -> Self {\n16:     fn get(&self) -> u32 {\n1221: // TODO: split\n"
    );
    let py = format!("import os\n\nclass A:\n    def f(self,\n          x):\n        return x\n\nasync def g():\n    pass\n{}", "# x\n".repeat(1500));
    let py = py.as_str();
    assert_eq!(
        text_of("cat a.py", py),
        "[outline of a.py: 1509 lines, bodies elided; `sed -n 'A,Bp' a.py` prints lines A..B]\n1: (1 import lines)\n3: class A:\n4:     def f(self,\n5:           x):\n8: async def g():\n"
    );
    // Go: a struct field whose type is a func is a signature; a line that closes ends it.
    let go = format!("package p\n\ntype T struct {{\n\tn  int\n\tfn func(error) error // wraps\n\tID string\n}}\n\ntype ID int\n\nfunc (t *T) Run() error {{\n\treturn nil\n}}\n{}", "// x\n".repeat(1500));
    assert_eq!(
        text_of("cat p.go", &go),
        "[outline of p.go: 1513 lines, bodies elided; `sed -n 'A,Bp' p.go` prints lines A..B]\n3: type T struct {\n5: \tfn func(error) error // wraps\n9: type ID int\n11: func (t *T) Run() error {\n"
    );
    assert_eq!(run("cat -n a.py", py), None);
    assert_eq!(run("cat notes.txt", "x"), None);
}

/// Python 3.12's type alias statement (`type Name = …`, `type Name[T] = …`) is a declaration
/// the outline keeps; `type` is a keyword only there, so a docstring's prose that starts with
/// the word (`    type is invalid …`) is no declaration.
#[test]
fn source_outline_keeps_pythons_type_aliases() {
    let py = format!(
        "import os\n\ntype Spec = dict[str, object]\ntype Pair[T] = tuple[T, T]\n\ndef f(spec):\n    \"\"\"Return the spec.\n\n    type is invalid for the current mode.\"\"\"\n    return spec\n{}",
        "# x\n".repeat(1500)
    );
    assert_eq!(
        text_of("cat core.py", &py),
        "[outline of core.py: 1510 lines, bodies elided; `sed -n 'A,Bp' core.py` prints lines A..B]\n1: (1 import lines)\n3: type Spec = dict[str, object]\n4: type Pair[T] = tuple[T, T]\n6: def f(spec):\n"
    );
}

#[test]
fn settings_file_is_trusted_only_with_a_matching_hash() {
    let dir = std::env::temp_dir().join(format!("agent-shell-minimize-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.toml");
    let toml = "schema_version = 1\nexcept = [\"git\"]\nsource_outline_level = \"aggressive\"\n[filters.mytool]\nmatch_command = \"^mytool\\\\b\"\nstrip_lines_matching = [\"^DEBUG\"]\n";
    std::fs::write(&path, toml).unwrap();
    let hash = format!("{:016x}", xxhash_rust::xxh64::xxh64(toml.as_bytes(), 0));
    let with = |h: Option<String>| {
        MinimizerOptions {
            enabled: Some(true),
            settings_path: Some(path.to_string_lossy().into_owned()),
            settings_hash: h,
            ..Default::default()
        }
        .resolve()
    };
    let trusted = with(Some(hash.to_uppercase()));
    assert!(!trusted.allows("git") && trusted.allows("cargo"));
    assert_eq!(trusted.outline, OutlineLevel::Aggressive);
    let text = "DEBUG x\nkept\n".repeat(300);
    let out = minimize("mytool run", Captured::Text(text), &trusted, Some(0)).unwrap();
    assert_eq!(
        (out.filter.as_str(), out.text.lines().count()),
        ("user:mytool", 300)
    );
    assert!(with(Some("0123".into())).allows("git"));
    assert!(!with(None).allows("git"));
    // An explicit option wins over the file.
    let explicit = MinimizerOptions {
        enabled: Some(true),
        settings_path: Some(path.to_string_lossy().into_owned()),
        except: Some(vec![]),
        ..Default::default()
    }
    .resolve();
    assert!(explicit.allows("git"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every recorded real output of bench/fixtures/minimizer: a command that is not a single simple
/// command is never changed, and nothing a filter returns is longer than the output it was given
/// (in the token stand-in the saving check uses: rows of names hold as many bytes as a name a line).
/// (The fact checks over the same corpus run in bench/minimizer.mjs, from __test__/minimizer.spec.ts.)
#[test]
fn recorded_corpus_pipes_and_lists_pass_unchanged() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/fixtures/minimizer");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let raw = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let case: serde_json::Value = serde_json::from_str(&raw).unwrap();
        let command = case["command"].as_str().unwrap();
        let output = case["output"].as_str().unwrap().to_string();
        let result = minimize(command, Captured::Text(output.clone()), &config(), Some(0));
        // Quoted text aside (`-R "Vec|always"` is one argument).
        let unquoted: String = command.split(['"', '\'']).step_by(2).collect();
        if unquoted.contains('|') || unquoted.contains("&&") || unquoted.contains(';') {
            assert_eq!(result, None, "{command}");
        }
        if let Some(m) = result {
            assert!(approx_tokens(&m.text) < approx_tokens(&output), "{command}");
            assert_eq!(m.original_text, output);
        }
        seen += 1;
    }
    assert!(seen >= 40, "the corpus has {seen} cases");
}

#[test]
fn git_stat_summary_keeps_its_three_numbers_and_passes_other_lines() {
    use crate::minimize::filters::stat_summary_for_test as s;
    assert_eq!(
        s(" 2 files changed, 4 insertions(+), 1 deletion(-)").as_deref(),
        Some(" 2 files, +4 -1")
    );
    assert_eq!(
        s(" 1 file changed, 3 deletions(-)").as_deref(),
        Some(" 1 file, -3")
    );
    assert_eq!(
        s(" 1 file changed, 7 insertions(+)").as_deref(),
        Some(" 1 file, +7")
    );
    assert_eq!(s(" 1 file changed").as_deref(), Some(" 1 file"));
    // Anything else (a message line, another tool's wording) is not a summary.
    assert_eq!(s(" 2 files changed and more"), None);
    assert_eq!(s("    3 files changed, 1 insertion(+)"), None);
    assert_eq!(s(" 2 files changed, 4 lines(+)"), None);
}

/// Item 3 of issue 32: a shape a filter does not know passes raw, and a known shape with an odd
/// detail keeps it. Each case is a real variant of a program's output.
#[test]
fn unknown_shapes_pass_raw_and_odd_details_are_kept() {
    // git: formats other than the default medium one.
    assert_eq!(
        run("git log --oneline", "abc1234 (HEAD -> main) x\ndef5678 y\n"),
        None
    );
    // `--graph` with the medium format: its drawing before each commit (fifth_round_shapes).
    assert_eq!(
        text_of(
            "git log --graph",
            "* commit abc1234567\n| Author: A <a@b>\n"
        ),
        "* abc1234  A\n"
    );
    // `--stat` alone: the counts without the graph, the summary's three numbers.
    assert_eq!(
        text_of(
            "git diff --stat",
            " a.rs | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
        ),
        " a.rs | 2\n 1 file, +1 -1\n"
    );
    // A binary file in a diff is named, with its state.
    let bin = "diff --git a/logo.png b/logo.png\nnew file mode 100644\nindex 0000000..1234567\nBinary files /dev/null and b/logo.png differ\ndiff --git a/a.txt b/a.txt\nindex 1..2 100644\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n";
    assert_eq!(
        text_of("git diff", bin),
        "--- logo.png (new file) (binary)\n--- a.txt\n1 -a\n+b\n"
    );
    // linters in formats other than their default: JSON, compact, statistics.
    assert_eq!(
        run(
            "eslint -f json .",
            "[{\"filePath\":\"/p/a.js\",\"messages\":[]}]\n"
        ),
        None
    );
    assert_eq!(
        run(
            "eslint -f compact .",
            "/p/a.js: line 2, col 1, Error - Unexpected var (no-var)\n\n1 problem\n"
        ),
        None
    );
    assert_eq!(
        run(
            "ruff check --statistics .",
            "12\tF401\t[*] unused-import\n3\tE711\t[ ] none-comparison\n"
        ),
        None
    );
    assert_eq!(
        run(
            "tsc --listFiles",
            "/p/node_modules/typescript/lib/lib.d.ts\n/p/src/a.ts\n"
        ),
        None
    );
    // tsc --pretty: code frames go, every location and related location stays.
    let pretty = "src/a.ts:3:7 - error TS2322: Type 'string' is not assignable to type 'number'.\n\n3 const n: number = 'x'\n        ~\n\nsrc/a.ts:9:1 - error TS2551: Property 'nam' does not exist on type 'U'. Did you mean 'name'?\n\n9 u.nam\n    ~~~\n\n  src/u.ts:2:3\n    2   name: string\n        ~~~~\n    'name' is declared here.\n\n\nFound 2 errors in 2 files.\n\nErrors  Files\n     1  src/a.ts:3\n     1  src/u.ts:2\n";
    let out = text_of("tsc --pretty", pretty);
    assert!(!out.contains("~") && !out.contains("const n"), "{out}");
    assert_keeps(
        &out,
        &[
            "3:7 TS2322",
            "9:1 TS2551",
            "src/u.ts:2:3",
            "'name' is declared here.",
            "Found 2 errors in 2 files.",
            "1  src/u.ts:2",
        ],
    );
    // pytest --tb=native: the traceback's `File ..., line N` locations stay.
    let native = "============================= test session starts ==============================\nplatform linux -- Python 3.11.2, pytest-8.3.3\nrootdir: /p\ncollected 2 items\n\ntest_a.py .F                                                             [100%]\n\n=================================== FAILURES ===================================\n___________________________________ test_b ____________________________________\nTraceback (most recent call last):\n  File \"/p/test_a.py\", line 5, in test_b\n    assert add(1, 2) == 4\nAssertionError: assert 3 == 4\n=========================== short test summary info ============================\nFAILED test_a.py::test_b - assert 3 == 4\n========================= 1 failed, 1 passed in 0.01s ==========================\n";
    let out = text_of("pytest --tb=native", native);
    assert!(
        out.contains("File \"/p/test_a.py\", line 5, in test_b"),
        "{out}"
    );
    let frames = native.replace("Traceback (most recent call last):\n", "Traceback (most recent call last):\n  File \"/usr/lib/python3/dist-packages/_pytest/runner.py\", line 341, in from_call\n    result = func()\n  File \"/usr/lib/python3/dist-packages/pluggy/_hooks.py\", line 513, in __call__\n    return x\n");
    let out = text_of("pytest --tb=native", &frames);
    assert!(
        out.contains("[2 frames in pytest and installed packages]")
            && !out.contains("runner.py")
            && out.contains("test_a.py\", line 5"),
        "{out}"
    );
    // pytest: many failures through one broken helper. A failure whose frames, from one after
    // its test's own, end as an earlier failure's did says so; its own frame stays, and so does
    // every place and message once. A fixture's default repr (an address) is dropped.
    let frame = |test: &str, line: u32| {
        format!("_________________ {test} _________________\n\nself = <t.TestA object at 0x7f93a1b2>\nvalue = {line}\n\n    def {test}(self, value):\n>       signed = sign(value)\n\nt.py:{line}: \n_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \nsrc/timed.py:48: in sign\n    timestamp = encode(now())\n_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \n\nnum = 1308874145.0\n\n>       return _int_to_bytes(num)\nE       struct.error: required argument is not an integer\n\nsrc/encoding.py:50: error\n")
    };
    let failing = format!("=================================== FAILURES ===================================\n{}{}{}=========================== short test summary info ============================\nFAILED t.py::TestA::test_a - struct.error: required argument is not an integer\nFAILED t.py::TestA::test_b - struct.error: required argument is not an integer\nFAILED t.py::TestA::test_c - struct.error: required argument is not an integer\n3 failed in 0.10s\n", frame("TestA.test_a", 28), frame("TestA.test_b", 35), frame("TestA.test_c", 43));
    let out = text_of("pytest", &failing);
    assert_eq!(out.matches("src/encoding.py:50: error").count(), 1, "{out}");
    assert_eq!(out.matches("E       struct.error").count(), 1, "{out}");
    assert_eq!(
        out.matches("  (then as in TestA.test_a)").count(),
        2,
        "{out}"
    );
    assert!(
        [
            "t.py:28:",
            "t.py:35:",
            "t.py:43:",
            "value = 35",
            "src/timed.py:48: in sign",
            "test_c"
        ]
        .iter()
        .all(|s| out.contains(s))
            && !out.contains("0x7f93a1b2"),
        "{out}"
    );
    // A failure that ends otherwise keeps its own frames.
    let other = failing.replacen(
        "E       struct.error: required argument is not an integer\n\nsrc/encoding.py:50: error",
        "E       OverflowError: too big\n\nsrc/encoding.py:51: OverflowError",
        2,
    );
    let out = text_of("pytest", &other);
    assert!(
        out.contains("src/encoding.py:51: OverflowError")
            && out.matches("  (then as in TestA.test_a)").count() == 1
            && out.matches("  (then as in TestA.test_b)").count() == 0,
        "{out}"
    );
    // jest: a frame in the project's root directory (no `/` in its path) stays.
    let jest = "FAIL ./a.test.js\n  ● adds\n\n    expect(received).toBe(expected)\n\n      at Object.toBe (a.test.js:3:15)\n      at new Promise (<anonymous>)\n\nTests:       1 failed, 1 total\n";
    let out = text_of("jest", jest);
    assert!(
        out.contains("(a.test.js:3:15)") && !out.contains("<anonymous>"),
        "{out}"
    );
    // ls: a row whose date is in no form ls writes passes as written; ISO dates are understood.
    let iso = "total 8\n-rw-r--r-- 1 u g 12 2025-11-25 22:14 my file.txt\ndrwxr-xr-x 2 u g 4096 2025-11-25 22:14 src\n";
    assert_eq!(
        text_of("ls -l --time-style=long-iso", iso),
        "  my file.txt 12  src/\n"
    );
    let odd = "total 8\n-rw-r--r-- 1 u g 12 yesterday noon my file.txt\n";
    assert_eq!(
        text_of("ls -l --time-style=+%x", odd),
        "  -rw-r--r-- 1 u g 12 yesterday noon my file.txt\n"
    );
    // ls -li / -ls: rows led by an inode or a block count are kept whole.
    let inode = "total 8\n1234 -rw-r--r-- 1 u g 12 Nov 25 22:14 a.txt\n";
    assert!(text_of("ls -li", inode).contains("1234 -rw-r--r-- 1 u g 12 Nov 25 22:14 a.txt"));
    // grep: without file names (-h, one file), in heading mode, or with unnumbered context, raw.
    assert_eq!(run("grep -rh x .", "a.b: x\nc/d: x\n"), None);
    assert_eq!(run("rg --heading x", "src/a.rs\n12:x: y\n"), None);
    assert_eq!(
        run("rg -C1 x", "src/a.rs-let y: u8 = 1;\nsrc/a.rs:x\n"),
        None
    );
    // A context line is split after a path known from a match line only.
    let ctx = "src/a-1-b.rs-11-before: x\nsrc/a-1-b.rs:12:match\nsrc/a-1-b.rs-13-after\n";
    assert_eq!(
        text_of("grep -rn -C1 match src", ctx),
        "src/a-1-b.rs:\n  11-before: x\n  12:match\n  13-after\n"
    );
    // go test: frames in Go's own sources become a count; the test's frames stay.
    let go = "--- FAIL: TestPanics (0.00s)\npanic: boom [recovered]\n\tpanic: boom\n\ngoroutine 7 [running]:\ntesting.tRunner.func1.2({0x1, 0x2})\n\t/usr/local/go/src/testing/testing.go:1396 +0x24e\npanic({0x1, 0x2})\n\t/usr/local/go/src/runtime/panic.go:884 +0x212\nexample.com/x.TestPanics(0xc0?)\n\t/home/u/x/x_test.go:7 +0x2e\ntesting.tRunner(0xc0, 0x5)\n\t/usr/local/go/src/testing/testing.go:1446 +0x10b\nFAIL\texample.com/x\t0.005s\n";
    let out = text_of("go test ./...", go);
    assert!(
        out.contains("\t/home/u/x/x_test.go:7 +0x2e") && out.contains("example.com/x.TestPanics"),
        "{out}"
    );
    assert!(
        out.contains("[2 frames in Go's runtime and libraries]") && !out.contains("testing.go"),
        "{out}"
    );
    // A GOPATH project's own frames are not Go's.
    let gopath = "panic: x\n\ngoroutine 1 [running]:\nmain.run()\n\t/home/u/go/src/myapp/main.go:9 +0x1d\nFAIL\tmyapp\t0.001s\n";
    assert!(text_of("go test", gopath).contains("/home/u/go/src/myapp/main.go:9"));
    // Goroutines in a row in the same state with the same frames: one header with every number;
    // one with other frames, or another state, stays apart.
    let block = |id: u32, state: &str, line: u32| {
        format!("goroutine {id} [{state}]:\nexample.com/x.TestMany.func1()\n\t/home/u/x/x_test.go:{line}\ncreated by example.com/x.TestMany\n\t/home/u/x/x_test.go:17 +0xc5\n")
    };
    let many = format!(
        "fatal error: concurrent map writes\n\n{}\n{}\n{}\n{}\n{}FAIL\texample.com/x\t0.005s\n",
        block(10, "running", 20),
        block(11, "runnable", 17),
        block(12, "runnable", 17),
        block(13, "runnable", 17),
        block(14, "runnable", 18),
    );
    let out = text_of("go test -race ./...", &many);
    assert_eq!(
        out,
        format!(
            "fatal error: concurrent map writes\n\n{}\n{}\n{}FAIL\texample.com/x\t0.005s\n",
            block(10, "running", 20),
            block(11, "runnable", 17).replace("goroutine 11 ", "goroutine 11 12 13 "),
            block(14, "runnable", 18),
        )
    );
}

/// The anchor's TOML filter keys, each with the anchor's semantics as its own built-in filters
/// use them (its rsync, ping, rails-migrate and rustc filters, ported from RTK).
#[test]
fn settings_file_filters_have_the_anchors_pipeline() {
    let dir =
        std::env::temp_dir().join(format!("agent-shell-minimize-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Removed when the test ends, a failed assertion's unwinding included.
    struct Removed(std::path::PathBuf);
    impl Drop for Removed {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    let _removed = Removed(dir.clone());
    let path = dir.join("m.toml");
    let toml = r#"schema_version = 1
[filters.rsync]
match_command = "^rsync$"
only_on_exit = [0]
strip_lines_matching = ["^sending incremental file list$"]
match_output = [{ pattern = "total size is", message = "ok (synced)", unless = "(?i)(error|failed)" }]
truncate_lines_at = 20
[filters.ping]
match_command = "^ping6?$"
except_on_exit = [2]
keep_lines_matching = ["packet loss", "^rtt"]
on_empty = "ping: ok"
[filters.migrate]
match_command = "^rails$"
match_subcommand = "^db:migrate$"
keep_lines_matching = ["migrated"]
replace = [{ pattern = "=+$", replacement = "" }]
replace_after = [{ pattern = "^== \\d+ (\\w+): migrated.*$", replacement = "$1" }]
[filters.quiet]
match_command = "^quiet$"
keep_lines_matching = ["^error"]
preserve_if_empty = true
[[tests.rsync]]
name = "ok when synced"
input = "sending incremental file list\nf\ntotal size is 9  speedup is 1.0\n"
expected = "ok (synced)"
[[tests.rsync]]
name = "errors are not swallowed, long lines are cut"
input = "rsync: error in protocol data stream\ntotal size is 9\n"
expected = "rsync: error in prot…\ntotal size is 9\n"
[[tests.migrate]]
name = "a migration's name only"
input = "== 2024 CreateUsers: migrating =====\n== 2024 CreateUsers: migrated (0.1s) =====\n"
expected = "CreateUsers\n"
"#;
    std::fs::write(&path, toml).unwrap();
    let config = MinimizerOptions {
        enabled: Some(true),
        settings_path: Some(path.to_string_lossy().into_owned()),
        ..Default::default()
    }
    .resolve();
    assert_eq!(config.failing_user_tests(), Vec::<String>::new());
    let long = |s: &str| s.repeat(1 + 1200 / s.len());
    let run = |cmd: &str, text: &str, exit: Option<i32>| {
        minimize(cmd, Captured::Text(text.to_string()), &config, exit).map(|m| (m.filter, m.text))
    };
    // match_output with unless; only_on_exit: a failed or killed rsync is not this filter's.
    let synced = long("sending incremental file list\nsome/file\n") + "total size is 9\n";
    assert_eq!(
        run("rsync -av a b", &synced, Some(0)),
        Some(("user:rsync".into(), "ok (synced)".into()))
    );
    // (The built-in file list may still say the paths by directory.)
    for exit in [Some(23), None] {
        assert!(run("rsync -av a b", &synced, exit).is_none_or(|(f, _)| f == "rsync"));
    }
    // keep_lines_matching, on_empty; except_on_exit.
    let ping = long("64 bytes from 1.2.3.4: icmp_seq=1 ttl=58 time=12.3 ms\n");
    assert_eq!(
        run("ping -c 3 host", &ping, Some(0)),
        Some(("user:ping".into(), "ping: ok".into()))
    );
    assert_eq!(run("ping -c 3 host", &ping, Some(2)), None);
    // match_subcommand: only `rails db:migrate`.
    let migrations = long("== 2024 CreateUsers: migrating =====\n-- create_table(:users)\n== 2024 CreateUsers: migrated (0.1s) =====\n");
    assert!(run("rails db:migrate", &migrations, Some(0))
        .is_some_and(|(_, t)| t.lines().all(|l| l == "CreateUsers")));
    assert_eq!(run("rails server", &migrations, Some(0)), None);
    // preserve_if_empty: nothing kept, the output passes unchanged.
    assert_eq!(run("quiet", &long("all good here\n"), Some(0)), None);
}

/// The third round's rules (each from a format, not a recording): passing tests in pytest's
/// `-rA` summary drop as they do elsewhere; with diffs between commits, each commit keeps its day;
/// a long `ls -l` listing is names only.
#[test]
fn third_round_rules() {
    let pytest = "=========================== short test summary info ============================\nPASSED t.py::test_ok\nFAILED t.py::test_bad - assert 1 == 2\n========================= 1 failed, 1 passed in 0.01s ==========================\n";
    let out = text_of("pytest -rA", pytest);
    assert!(
        !out.contains("test_ok") && out.contains("FAILED t.py::test_bad - assert 1 == 2"),
        "{out}"
    );
    let commit = |h: &str, t: &str| {
        format!("commit {h}\nAuthor: A <a@b>\nDate:   Mon Jan 5 {t} 2026 +0000\n\n    s {h}\n\ndiff --git a/f b/f\nindex 1..2 100644\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n")
    };
    let log = commit("1111111111", "10:00:00") + &commit("2222222222", "11:00:00");
    let out = text_of("git log -p", &log);
    assert!(
        out.contains("2026-01-05 10:00 +0000 1111111")
            && out.contains("2026-01-05 11:00 +0000 2222222"),
        "{out}"
    );
    let rows: String = (0..60)
        .map(|i| format!("-rw-r--r-- 1 u g 1234 Nov 25 22:14 file{i}.h\n"))
        .collect();
    let out = text_of("ls -la", &format!("total 8\n{rows}"));
    assert!(
        out.contains("file0.h file1.h") && !out.contains("1.2K") && out.contains("[names only"),
        "{out}"
    );
}

/// A clean `cargo build` is its `Finished` line, not the progress log (nor nothing).
#[test]
fn clean_cargo_build_is_its_finished_line() {
    let log: String = (0..60)
        .map(|i| format!("   Compiling crate{i} v0.{i}.0\n"))
        .collect::<String>()
        + "    Finished `release` profile [optimized] target(s) in 12.3s\n";
    assert_eq!(
        text_of("cargo build --release", &log),
        "Finished `release` profile [optimized] target(s) in 12.3s\n"
    );
}

/// A clean ninja or make build is its last line.
#[test]
fn clean_native_build_is_its_last_line() {
    let log: String = (1..=60)
        .map(|i| format!("[{i}/60] Building CXX object CMakeFiles/app.dir/src/f{i}.cpp.o\n"))
        .collect();
    assert_eq!(
        text_of("ninja -C build", &log),
        "[60/60] Building CXX object CMakeFiles/app.dir/src/f60.cpp.o\n"
    );
}

/// The shapes issue 45 asks for, each on a small output of the program that prints it.
#[test]
fn shapes_keep_every_fact() {
    // A passing binary is its result line; a failing one keeps its name and failures.
    let cargo = "   Compiling x v0.1.0 (/p)\n    Finished `test` profile [unoptimized] target(s) in 1.0s\n     Running unittests src/lib.rs (target/debug/deps/x-1)\n\nrunning 2 tests\ntest a ... ok\ntest b ... ignored\n\ntest result: ok. 1 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\n     Running tests/it.rs (target/debug/deps/it-2)\n\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\n     Running tests/more.rs (target/debug/deps/more-3)\n\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\n   Doc-tests x\n\nrunning 1 test\ntest src/lib.rs - f (line 3) ... FAILED\n\nfailures:\n\n---- src/lib.rs - f (line 3) stdout ----\nboom\n\nfailures:\n    src/lib.rs - f (line 3)\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n";
    assert_eq!(
        text_of("cargo test", cargo),
        "ok. 1 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out\nok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out (x2)\n\nDoc-tests x\n\nfailures:\n\n---- src/lib.rs - f (line 3) stdout ----\nboom\n\nfailures:\n    src/lib.rs - f (line 3)\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n"
    );
    let nextest = "    Finished `test` profile target(s) in 0.69s\n────────────\n Nextest run ID 1234 with nextest profile: default\n    Starting 3 tests across 2 binaries\n        PASS [   0.021s] (1/3) x tests::a\n        FAIL [   0.011s] (2/3) x tests::b\n  stderr ───\n    thread 'tests::b' panicked at src/lib.rs:9:26:\n    boom\n        PASS [   0.010s] (3/3) x::it t1\n────────────\n     Summary [   0.067s] 3 tests run: 2 passed, 1 failed\n        FAIL [   0.011s] (2/3) x tests::b\nerror: test run failed\n";
    let out = text_of("cargo nextest run", nextest);
    assert!(!out.contains("PASS") && !out.contains("run ID"), "{out}");
    assert_keeps(
        &out,
        &[
            "FAIL [   0.011s] (2/3) x tests::b",
            "src/lib.rs:9:26",
            "3 tests run: 2 passed, 1 failed",
        ],
    );

    // Path lists: `git status`'s long sections by state and directory.
    let mut status = String::from("On branch main\nChanges not staged for commit:\n  (use \"git add <file>...\" to update what will be committed)\n\tmodified:   src/a.rs\n\nUntracked files:\n  (use \"git add <file>...\" to include in what will be committed)\n");
    for i in 0..10 {
        status.push_str(&format!("\tcorpus/{i:02}\n"));
    }
    status.push_str("\tnotes.md\n\nnothing added to commit but untracked files present (use \"git add\" to track)\n");
    assert_eq!(
        text_of("git status", &status),
        "On branch main\nunstaged:\n  M src/a.rs\nuntracked (11):\ncorpus/\n  00 01 02 03 04 05 06 07 08 09\nnotes.md\nnothing added to commit but untracked files present\n"
    );
    let fmt = "Diff in /p/src/a.rs:4:\n fn a() {\n-    x( 1 )\n+    x(1)\n }\nDiff in /p/src/a.rs:20:\n-y\n+z\nDiff in /p/src/b.rs at line 3:\n-q\n+r\n";
    assert_eq!(
        text_of("cargo fmt --check", fmt),
        "3 places in 2 files would be reformatted (-3 +3 lines; `cargo fmt` applies them):\n/p/src/\n  a.rs: 4, 20  b.rs: 3\n"
    );
    let prettier = "Checking formatting...\n[warn] src/a.ts\n[warn] src/b.ts\n[warn] Code style issues found in 2 files. Run Prettier with --write to fix.\n";
    assert_eq!(
        text_of("prettier --check .", prettier),
        "not formatted:\nsrc/\n  a.ts b.ts\n[warn] Code style issues found in 2 files. Run Prettier with --write to fix.\n"
    );
    assert_eq!(run("prettier src/a.ts", prettier), None);

    // One line per message and file.
    let mypy = "a/x.py:3: error: Missing annotation  [no-untyped-def]\na/x.py:9: error: Missing annotation  [no-untyped-def]\na/x.py:9: note: Use \"-> None\"\nb.py:1: error: Bad  [misc]\nFound 3 errors in 2 files (checked 4 source files)\n";
    assert_eq!(
        text_of("mypy .", mypy),
        "a/x.py:\n  3, 9: error: Missing annotation  [no-untyped-def]\n  9: note: Use \"-> None\"\nb.py:\n  1: error: Bad  [misc]\nFound 3 errors in 2 files (checked 4 source files)\n"
    );
    // `--pretty`'s source lines belong to the diagnostic above them: passed raw.
    assert_eq!(
        run(
            "mypy .",
            "a.py:3: error: Bad  [misc]\n    x = f()\n    ^\na.py:4: error: Bad  [misc]\n"
        ),
        None
    );
    let ruff = "a.py:1:1: E741 Ambiguous variable name: `l`\na.py:5:3: E741 Ambiguous variable name: `l`\na.py:6:1: F401 `os` imported but unused\nFound 3 errors.\n";
    assert_eq!(
        text_of("ruff check --output-format=concise .", ruff),
        "a.py:\n  1:1, 5:3 E741 Ambiguous variable name: `l`\n  6:1 F401 `os` imported but unused\nFound 3 errors.\n"
    );
    // The grouped format reads as the concise one.
    let grouped = "a.py:\n  1:1  E741 Ambiguous variable name: `l`\n  5:3  E741 Ambiguous variable name: `l`\n  6:1  F401 [*] `os` imported but unused\n\nsub/b.py:\n 12:9  PLR0913 Too many arguments in function definition (7 > 5)\n\nFound 4 errors.\n[*] 1 fixable with the `--fix` option.\n";
    assert_eq!(
        text_of("ruff check --output-format grouped .", grouped),
        "a.py:\n  1:1, 5:3 E741 Ambiguous variable name: `l`\n  6:1 F401 [*] `os` imported but unused\nsub/b.py:\n  12:9 PLR0913 Too many arguments in function definition (7 > 5)\nFound 4 errors.\n[*] 1 fixable with the `--fix` option.\n"
    );

    // Listings: plain ls on rows, du by size, tree by indent.
    assert_eq!(text_of("ls", "a.rs\nb c.rs\nsrc\n"), "a.rs 'b c.rs' src\n");
    assert_eq!(run("ls -C", "a.rs  b.rs\n"), None);
    assert_eq!(
        text_of("du -sh *", "4.0K\ta.py\n12K\tb\n4.0K\tc.py\n1.1M\td\n"),
        "1.1M:\n  d\n12K:\n  b\n4.0K:\n  a.py c.py\n"
    );
    assert_eq!(
        text_of(
            "tree",
            ".\n├── a\n│   ├── b.rs\n│   └── c.rs\n└── d.md\n\n1 directory, 3 files\n"
        ),
        ".\nd.md\na/ b.rs c.rs\n\n1 directory, 3 files\n"
    );
    // A linter's or formatter's fixes as a unified diff: the diff shape, whatever the program;
    // a report with a diff deep inside is not a diff.
    let fixes = format!("--- a/x.py\n+++ a/x.py\n@@ -1,9 +1,9 @@\n{}-import os, sys\n+import os\n+import sys\n{}\nWould fix 1 error.\n", " ctx\n".repeat(3), " more\n".repeat(3)).repeat(20);
    for command in ["ruff check --diff .", "isort --diff x.py", "gofmt -d ."] {
        let (label, out) = run(command, &fixes).expect("a diff");
        assert_eq!(label, "diff");
        assert_keeps(
            &out,
            &[
                "-import os, sys",
                "+import os",
                "+import sys",
                "Would fix 1 error.",
            ],
        );
    }
    let report = format!("{}{fixes}", "E1 x.py:3:1 something\n".repeat(4));
    assert!(run("ruff check --diff .", &report).is_none_or(|(label, _)| label == "ruff"));
    // pip show -f: the fields as written, the files by directory.
    let mut files = String::from(
        "Name: x\nVersion: 1.0\nLocation: /v/site-packages\nRequires: \nFiles:\n  ../../../bin/x\n",
    );
    for f in ["__init__.py", "cli.py", "core.py", "util.py"] {
        files.push_str(&format!(
            "  x/{f}\n  x/__pycache__/{}.cpython-311.pyc\n",
            f.trim_end_matches(".py")
        ));
    }
    files.push_str("  x-1.0.dist-info/RECORD\n");
    assert_eq!(
        text_of("pip show -f x", &files),
        "Name: x\nVersion: 1.0\nLocation: /v/site-packages\nRequires:\nFiles:\n  ../../../bin/x\n  x/\n    __init__.py cli.py core.py util.py\n  x/__pycache__/*.cpython-311.pyc (one per x/*.py)\n  x-1.0.dist-info/RECORD\n"
    );
    // A cache that lacks a source's compiled copy, or holds another file, is listed.
    let partial = files.replace("  x/__pycache__/cli.cpython-311.pyc\n", "");
    assert!(text_of("pip show -f x", &partial).contains("  x/__pycache__/\n    __init__.cpython-311.pyc core.cpython-311.pyc util.cpython-311.pyc\n"));
    assert_eq!(
        run(
            "pip show x",
            "Name: x\nVersion: 1.0\nFiles:\n  x/a.py\n  x/b.py\n"
        ),
        None
    );
    let pip = "Collecting requests==2.32.3\n  Downloading requests-2.32.3-py3-none-any.whl (64 kB)\n     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 64.9/64.9 kB 79.8 MB/s eta 0:00:00\nRequirement already satisfied: idna<4 in ./venv (3.7)\nSuccessfully installed requests-2.32.3\n";
    assert_eq!(
        text_of("pip install requests==2.32.3", pip),
        "Collecting requests==2.32.3\nRequirement already satisfied: idna<4 in ./venv (3.7)\nSuccessfully installed requests-2.32.3\n"
    );
    // A successful install says the dependencies pip found in one line, without their chains
    // (each is in the outcome's list); the requirements asked for stay as they were.
    let resolved = "Collecting httpx==0.27.2 (from -r requirements.txt (line 2))\nCollecting anyio (from httpx==0.27.2->-r requirements.txt (line 2))\n  Downloading anyio-4.16.0-py3-none-any.whl (92 kB)\nCollecting h11>=0.16 (from httpcore==1.*->httpx==0.27.2->-r requirements.txt (line 2))\nInstalling collected packages: h11, anyio, httpx\nSuccessfully installed anyio-4.16.0 h11-0.16.0 httpx-0.27.2\n";
    assert_eq!(
        text_of("pip install -r requirements.txt", resolved),
        "Collecting httpx==0.27.2 (from -r requirements.txt (line 2))\nCollecting 2 dependencies: anyio, h11>=0.16\nInstalling collected packages: h11, anyio, httpx\nSuccessfully installed anyio-4.16.0 h11-0.16.0 httpx-0.27.2\n"
    );
    // A failed one keeps every chain: a conflict is read from them.
    let failed = resolved.replace(
        "Successfully installed anyio-4.16.0 h11-0.16.0 httpx-0.27.2\n",
        "ERROR: Cannot install httpx because these package versions have conflicting dependencies.\n",
    );
    assert!(text_of("pip install -r requirements.txt", &failed)
        .contains("Collecting h11>=0.16 (from httpcore==1.*->httpx==0.27.2->-r requirements.txt (line 2))\n"));
}

#[test]
fn mypy_pretty_messages_are_joined_and_source_lines_drop() {
    let raw = "a.py:3: error: Function is missing a type annotation \n[no-untyped-def]\n        def f(x):\n        ^~~~~~~~~\na.py:9: error: Function is missing a type annotation \n[no-untyped-def]\n        def g(y):\n        ^~~~~~~~~\nFound 2 errors in 1 file (checked 1 source file)\n";
    assert_eq!(
        text_of("mypy --pretty .", raw),
        "a.py:\n  3, 9: error: Function is missing a type annotation [no-untyped-def]\nFound 2 errors in 1 file (checked 1 source file)\n"
    );
}

/// rsync's and tar's verbose lists of the files they copy or pack, said as find's paths are: a
/// directory once, its entries on rows; their own lines (a header, the totals) as written.
#[test]
fn file_transfer_lists_are_said_by_directory() {
    let rsync = "sending incremental file list\ncreated directory mirror\n./\nindex.js\npackage.json\nadapter/\nadapter/bun/\nadapter/bun/index.js\nadapter/bun/ssg.js\nadapter/deno/\nadapter/deno/index.js\nutils/\nutils/a.js\nutils/b.js\n\nsent 6,577 bytes  received 811 bytes  14,776.00 bytes/sec\ntotal size is 457,228  speedup is 61.89 (DRY RUN)\n";
    assert_eq!(
        text_of("rsync -av --dry-run src/ mirror/", rsync),
        "sending incremental file list\ncreated directory mirror\n./\nindex.js package.json\nadapter/bun/\n  index.js ssg.js\nadapter/deno/index.js\nutils/\n  a.js b.js\n\nsent 6,577 bytes  received 811 bytes  14,776.00 bytes/sec\ntotal size is 457,228  speedup is 61.89 (DRY RUN)\n"
    );
    let tar = "copy/\ncopy/cache/\ncopy/cache/index.js\ncopy/cache/index.d.ts\ncopy/cors/\ncopy/cors/index.js\n";
    let packed = "copy/cache/\n  index.js index.d.ts\ncopy/cors/index.js\n";
    assert_eq!(text_of("tar -cvf copy.tar copy", tar), packed);
    assert_eq!(text_of("tar xvf copy.tar", tar), packed);
    // A listing's rows (`-tv`) and the files' own text (`-O`) are not lists of paths.
    for command in [
        "tar -tvf copy.tar",
        "tar -xOf copy.tar",
        "tar -cf copy.tar copy",
    ] {
        assert!(
            run(command, tar).is_none_or(|(label, _)| label != "tar"),
            "{command}"
        );
    }
}

#[test]
fn drawn_trees_and_git_path_lists() {
    let cargo_tree = "app v0.1.0 (/p)\n├── serde v1.0.200\n│   └── serde_derive v1.0.200 (proc-macro)\n└── regex v1.10.4\n\n[dev-dependencies]\n└── pretty_assertions v1.4.0\n";
    assert_eq!(
        text_of("cargo tree", cargo_tree),
        "app v0.1.0 (/p)\n  serde v1.0.200>serde_derive v1.0.200 (proc-macro)  regex v1.10.4\n\n[dev-dependencies]\n  pretty_assertions v1.4.0\n"
    );
    // `tree -s`: the size column's padding is one space; every entry keeps its size.
    let sized = "[       4096]  .\n├── [      48143]  Cargo.lock\n├── [       4096]  src\n│   ├── [      28537]  attr.rs\n│   └── [         87]  my  file.rs\n└── [       5007]  Cargo.toml\n\n1 directory, 4 files\n";
    assert_eq!(
        text_of("tree -s", sized),
        "[       4096]  .\n[ 48143] Cargo.lock  [ 5007] Cargo.toml\n[ 4096] src/  [ 28537] attr.rs  [ 87] my  file.rs\n\n1 directory, 4 files\n"
    );
    // `--prefix depth`: the depth as a number before each entry, the same tree, said in it.
    let depths = "0app v0.1.0 (/p)\n1serde v1.0.200\n2serde_derive v1.0.200 (proc-macro)\n1regex v1.10.4\n2memchr v2.7.4\n2aho-corasick v1.1.3\n3memchr v2.7.4\n";
    assert_eq!(
        text_of("cargo tree --prefix depth", depths),
        "0app v0.1.0 (/p)\n1serde v1.0.200>serde_derive v1.0.200 (proc-macro)\n1regex v1.10.4\n2memchr v2.7.4  aho-corasick v1.1.3>memchr v2.7.4\n"
    );
    // A list that starts with a number is not one (`cargo tree -e features` never does).
    assert!(run("cargo tree", "1 package\n2things\n")
        .is_none_or(|(_, t)| t.contains("1 package\n2things")));
    let npm = "app@1.0.0 /p\n├─┬ a@1.0.0\n│ └── b@2.0.0\n└── c@3.0.0\n";
    assert_eq!(
        text_of("npm ls", npm),
        "app@1.0.0 /p\n  a@1.0.0>b@2.0.0 c@3.0.0\n"
    );
    // `deduped` marks an entry: leaves stay one space apart; any other space keeps two.
    let npm_all =
        "app@1.0.0 /p\n└─┬ a@1.0.0\n  ├── b@2.0.0 deduped\n  ├── c@1.0.0\n  └── d@3.0.0 deduped\n";
    assert_eq!(
        text_of("npm ls --all", npm_all),
        "app@1.0.0 /p\n  a@1.0.0\n    b@2.0.0 deduped c@1.0.0 d@3.0.0 deduped\n"
    );
    // The same package, version and dependencies under two parents: said once.
    let twice = "app@1.0.0 /p\n├─┬ a@1.0.0\n│ └─┬ chalk@4.1.2\n│   ├─┬ ansi-styles@4.3.0\n│   │ └── color-convert@2.0.1\n│   └── supports-color@7.2.0\n└─┬ b@1.0.0\n  └─┬ chalk@4.1.2\n    ├─┬ ansi-styles@4.3.0\n    │ └── color-convert@2.0.1\n    └── supports-color@7.2.0\n";
    assert_eq!(
        text_of("npm ls --all", twice),
        "app@1.0.0 /p\n  a@1.0.0\n    chalk@4.1.2\n      ansi-styles@4.3.0>color-convert@2.0.1 supports-color@7.2.0\n  b@1.0.0\n    chalk@4.1.2 (its 3 entries as above)\n"
    );
    // Three or more deduped leaves under one node: said once, after the node's other leaves,
    // each with its version.
    let many = "app@1.0.0 /p\n└─┬ a@1.0.0\n  ├── b@2.0.0 deduped\n  ├── c@1.0.0\n  ├── d@3.0.0 deduped\n  ├─┬ e@1.1.0\n  │ └── f@1.0.0 deduped\n  └── g@0.1.0 deduped\n";
    assert_eq!(
        text_of("npm ls --all", many),
        "app@1.0.0 /p\n  a@1.0.0\n    c@1.0.0 e@1.1.0>f@1.0.0 deduped (deduped: b@2.0.0 d@3.0.0 g@0.1.0)\n"
    );
    // Three or more lines of descent under one node ending in one entry (`npm ls pkg`: each
    // package that needs pkg): that entry said once, with their heads.
    let needs = "app@1.0.0 /p\n└─┬ env@7.0.0\n  ├── core@7.2.0 deduped\n  ├─┬ p1@7.1.0\n  │ └── core@7.2.0 deduped\n  ├─┬ p2@7.1.1\n  │ └── core@7.2.0 deduped\n  ├─┬ p3@7.1.2\n  │ └── core@7.2.0 deduped\n  └─┬ p4@7.1.3\n    └── lib@1.0.0\n";
    assert_eq!(
        text_of("npm ls core", needs),
        "app@1.0.0 /p\n  env@7.0.0\n    core@7.2.0 deduped (each >core@7.2.0 deduped: p1@7.1.0 p2@7.1.1 p3@7.1.2) p4@7.1.3>lib@1.0.0\n"
    );
    let wide = "app@1.0.0 /p\n└─┬ a@1.0.0\n  ├── b@2.0.0 deduped\n  ├── c@1.0.0\n  ├── d@3.0.0 deduped\n  ├── h@1.0.0\n  └── g@0.1.0 deduped\n";
    assert_eq!(
        text_of("npm ls --all", wide),
        "app@1.0.0 /p\n  a@1.0.0\n    c@1.0.0 h@1.0.0 (deduped: b@2.0.0 d@3.0.0 g@0.1.0)\n"
    );
    let unmet =
        "app@1.0.0 /p\n└─┬ a@1.0.0\n  ├── UNMET DEPENDENCY b@2.0.0\n  └── c@1.0.0 deduped\n";
    assert_eq!(
        text_of("npm ls --all", unmet),
        "app@1.0.0 /p\n  a@1.0.0\n    UNMET DEPENDENCY b@2.0.0  c@1.0.0 deduped\n"
    );
    assert_eq!(
        text_of("git ls-files", "src/a.rs\nsrc/b.rs\nREADME.md\n"),
        "src/\n  a.rs b.rs\nREADME.md\n"
    );
    assert_eq!(
        text_of(
            "git diff --name-status HEAD~1",
            "M\tsrc/a.rs\nM\tsrc/b.rs\nA\tnew.md\n"
        ),
        "M src/\n  a.rs b.rs\nA new.md\n"
    );
}

/// Shapes of the fifth round (issue 45): a repeated warning said once with its places, a
/// formatter's places, a launcher's program, Go's passing packages and example mismatches,
/// `git log --graph`, hunk headers without repeated sections, pytest's bare test ids.
#[test]
fn fifth_round_shapes() {
    // The same warning at several places: the message once, each file's places on a row; a
    // warning's note with its own location keeps it.
    let mut clippy = String::from("    Checking x v0.1.0 (/p)\n");
    for (file, at) in [
        ("src/lib.rs", "24:1"),
        ("src/lib.rs", "26:1"),
        ("src/a.rs", "7:5"),
    ] {
        clippy.push_str(&format!("warning: doc list item without indentation\n  --> {file}:{at}\n   |\n24 | //! - x\n   |     ^\n   |\n   = help: for further information visit https://rust-lang.github.io/rust-clippy/index.html#doc_lazy_continuation\n\n"));
    }
    clippy.push_str("warning: this could panic\n  --> src/a.rs:9:1\n   |\n9 | pub fn f() {}\n   |\nnote: first possible panic found here\n  --> src/a.rs:12:13\n   |\n12 |     x.unwrap();\n   |     ^^^^^^^^^^\n\nwarning: `x` (lib) generated 4 warnings\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.35s\n");
    assert_eq!(
        text_of("cargo clippy", &clippy),
        "warning: doc list item without indentation (3 places):\n  src/lib.rs: 24:1 26:1\n  src/a.rs: 7:5\nsrc/a.rs:9:1: warning: this could panic\n  src/a.rs:12:13: note: first possible panic found here\n\nwarning: `x` (lib) generated 4 warnings\n"
    );

    // A formatter's check: the files with where their first change is, and its summary.
    let ruff = "unformatted: File would be reformatted\n  --> pkg/a.py:21:31\n   |\n20 |     x = f(\n   -         1, 2)\n21 +         1, 2\n22 +     )\n   |\n\nunformatted: File would be reformatted\n --> pkg/b.py:3:1\n  |\n3 + import os\n  |\n\nunformatted: File would be reformatted\n --> setup.py:1:1\n  |\n1 + x = 1\n  |\n\n2 files would be reformatted, 4 files already formatted\n";
    assert_eq!(
        text_of("ruff format --check", ruff),
        "2 files would be reformatted, 4 files already formatted\npkg/\n  a.py:21:31 b.py:3:1\nsetup.py:1:1\n"
    );
    assert_eq!(
        text_of("black --check .", "would reformat src/a.py\nwould reformat src/b.py\nOh no! 💥 💔 💥\n2 files would be reformatted.\n"),
        "Oh no! 💥 💔 💥\n2 files would be reformatted.\nsrc/\n  a.py b.py\n"
    );

    // A launcher's output goes to its program's filter.
    let prettier = "Checking formatting...\n[warn] src/a.ts\n[warn] src/b.ts\n[warn] Code style issues found in 2 files. Run Prettier with --write to fix.\n";
    let (label, text) = run("npx prettier --check .", prettier).expect("npx prettier");
    assert_eq!(label, "npx:prettier");
    assert_eq!(text, text_of("prettier --check .", prettier));
    assert_eq!(
        run("pnpm exec prettier --check .", prettier).map(|r| r.0),
        Some("pnpm:prettier".into())
    );
    assert_eq!(run("npx -p prettier prettier --check .", prettier), None);

    // go test: passing packages on one row under their common directory, a package's own
    // PASS/FAIL line dropped, repeated lines counted, an example's mismatching lines.
    let go = "ok  \tex.com/m/a\t0.011s\nok  \tex.com/m/cmd/b\t(cached)\n--- FAIL: TestList (0.00s)\n    list_test.go:11: got 4, want 3\n    list_test.go:11: got 4, want 3\n    list_test.go:11: got 1, want 0\nFAIL\nFAIL\tex.com/m/list\t0.008s\n--- FAIL: ExampleClean (0.00s)\ngot:\nClean(\"a\") = \"a\"\nClean(\"b\") = \"x\"\nClean(\"c\") = \"c\"\nwant:\nClean(\"a\") = \"a\"\nClean(\"b\") = \"b\"\nClean(\"c\") = \"c\"\nFAIL\nFAIL\tex.com/m/path\t0.008s\nok  \tex.com/m/ring\t0.003s\nFAIL\n";
    assert_eq!(
        text_of("go test ./...", go),
        "--- FAIL: TestList\n    list_test.go:11: got 4, want 3 (x2)\n    list_test.go:11: got 1, want 0\nFAIL\tex.com/m/list\t0.008s\n--- FAIL: ExampleClean\ngot/want differ (of 3 lines):\n  2 got:  Clean(\"b\") = \"x\"\n  2 want: Clean(\"b\") = \"b\"\nFAIL\tex.com/m/path\t0.008s\nok (3 packages): ex.com/m/\n  a cmd/b ring\n"
    );

    // git log --graph: each commit's drawing before its line, branch and merge lines kept.
    let graph = "*   commit 1111111111111111111111111111111111111111\n|\\  Merge: 2222222 3333333\n| | Author: A <a@b>\n| | Date:   Mon Jan 5 10:00:00 2026 +0000\n| | \n| |     Merge branch x\n| | \n| * commit 3333333333333333333333333333333333333333\n|/  Author: B <b@c>\n|   Date:   Sun Jan 4 09:00:00 2026 +0000\n|   \n|       fix: the thing\n|       \n|       Body line.\n|   \n* commit 2222222222222222222222222222222222222222\n  Author: A <a@b>\n  Date:   Sat Jan 3 08:00:00 2026 +0000\n  \n      first\n";
    assert_eq!(
        text_of("git log --graph", graph),
        "* 2026-01-05 10:00 +0000 1111111 A merge 2222222 3333333 — Merge branch x\n| * 2026-01-04 09:00 +0000 3333333 B — fix: the thing\n    Body line.\n* 2026-01-03 08:00 +0000 2222222 A — first\n"
    );

    // Hunk headers: one start where old and new agree, a section heading said once per run.
    let diff = "diff --git a/f.rs b/f.rs\nindex 1..2 100644\n--- a/f.rs\n+++ b/f.rs\n@@ -10,3 +10,3 @@ impl A {\n x\n-a\n+b\n@@ -20,3 +20,3 @@ impl A {\n x\n-c\n+d\n@@ -30,3 +31,3 @@ mod tests {\n x\n-e\n+f\n";
    assert_eq!(
        text_of("git diff", diff),
        "--- f.rs\n@@ impl A {\n11 -a\n+b\n21 -c\n+d\n@@ mod tests {\n32 -e\n+f\n"
    );

    // eslint: the same finding at several places of a file on one line.
    let eslint = "\n/p/src/a.js\n  2:1   error    Unexpected var, use let or const instead  no-var\n  5:9   error    Expected '===' and instead saw '=='       eqeqeq\n  7:3   error    Expected '===' and instead saw '=='       eqeqeq\n\n✖ 3 problems (3 errors, 0 warnings)\n";
    assert_eq!(
        text_of("eslint src", eslint),
        "/p/src/a.js:\n  2:1 error Unexpected var, use let or const instead (no-var)\n  5:9, 7:3 error Expected '===' and instead saw '==' (eqeqeq)\n\n✖ 3 problems (3 errors, 0 warnings)\n"
    );

    // git blame: a run of lines from one commit under one header, each line its number and code.
    let blame = "6484d8f3 (Ada Lovelace 2024-02-25 12:10:59 +0000   1) //! Doc\n6484d8f3 (Ada Lovelace 2024-02-25 12:10:59 +0000   2) \n^1234567 old/a.rs (Alan Turing 2024-03-01 09:00:00 +0000   3)     fn f() {}\n6484d8f3 (Ada Lovelace 2024-02-25 12:10:59 +0000   4) }\n";
    assert_eq!(
        text_of("git blame src/a.rs", blame),
        "6484d8f3 Ada Lovelace 2024-02-25 12:10:59 +0000:\n  1 //! Doc\n  2\n^1234567 old/a.rs Alan Turing 2024-03-01 09:00:00 +0000:\n  3     fn f() {}\n6484d8f3 Ada Lovelace 2024-02-25 12:10:59 +0000:\n  4 }\n"
    );
    assert_eq!(
        run(
            "git blame --porcelain a.rs",
            "6484d8f3 1 1 2\nauthor Ada\n\t//! Doc\n"
        ),
        None
    );

    // pytest -v: a test's id alone (before its subtests) drops; its outcome line says it.
    let pytest = "============================= test session starts ==============================\ncollecting ... collected 3 items\n\nt.py::A::test_a \nt.py::A::test_a PASSED [ 33%]\nt.py::A::test_b SKIPPED [ 66%]\nt.py::A::test_c PASSED [100%]\n\n======== 2 passed, 1 skipped, 4 subtests passed in 0.10s ========\n";
    assert_eq!(
        text_of("pytest -v", pytest),
        "t.py::A::test_b SKIPPED\n\n2 passed, 1 skipped, 4 subtests passed in 0.10s\n"
    );
}

#[test]
fn gcc_diagnostics_without_excerpts_and_repeated_context() {
    let raw = "t.c: In function 'f':\nt.c:3:12: warning: conversion from 'long int' to 'int' may change value [-Wconversion]\n    3 |     int x = l;\n      |             ^\nt.c:4:9: error: 'y' undeclared (first use in this function)\n    4 |     y = 2;\n      |     ^\nIn file included from t.cpp:1:\nh.h: In instantiation of 'void g(T) [with T = int]':\nt.cpp:9:4:   required from here\nh.h:2:5: error: no match for 'operator<'\n    2 |  a < b;\n      |  ~~^~~\nIn file included from t.cpp:1:\nh.h: In instantiation of 'void g(T) [with T = int]':\nt.cpp:9:4:   required from here\nh.h:2:5: note:   candidate: 'bool operator<(A, A)'\n";
    assert_eq!(
        text_of("g++ -c t.cpp", raw),
        "t.c: In function 'f':\nt.c:3:12: warning: conversion from 'long int' to 'int' may change value [-Wconversion]\nt.c:4:9: error: 'y' undeclared (first use in this function)\nIn file included from t.cpp:1:\nh.h: In instantiation of 'void g(T) [with T = int]':\nt.cpp:9:4:   required from here\nh.h:2:5: error: no match for 'operator<'\nh.h:2:5: note:   candidate: 'bool operator<(A, A)'\n"
    );
}

/// A hunk is said from its first change, led by that line's number in the new file (context
/// lines before it counted, removed lines not); every changed line keeps its indentation as
/// written (a model editing the file copies it).
#[test]
fn diff_hunks_start_at_their_first_change_and_keep_their_indentation() {
    let body = "         a\n         b\n-        old_one()\n-        old_two()\n+        new_one()\n+            nested()\n         c\n-    x = 1\n+    x = 2\n+\n         d\n-y\n+z\n";
    let raw = format!(
        "--- a.py\n+++ a.py\n@@ -40,12 +40,13 @@\n{body}{}",
        "1 file would be reformatted\n".repeat(30)
    );
    let out = text_of("diff -u a.py b.py", &raw);
    assert_keeps(
        &out,
        &["--- a.py\n42 -        old_one()\n-        old_two()\n+        new_one()\n+            nested()\n-    x = 1\n+    x = 2\n+\n-y\n+z\n"],
    );
    let raw = format!(
        "--- a.go\n+++ a.go\n@@ -7,3 +7,3 @@\n func f() {{\n-\t\tx := 1\n+\t\tx := 2\n+\t\tz := 3\n }}\n{}",
        "gofmt\n".repeat(200)
    );
    assert_keeps(
        &text_of("diff -u a.go b.go", &raw),
        &["--- a.go\n8 -\t\tx := 1\n+\t\tx := 2\n+\t\tz := 3\n"],
    );
}

#[test]
fn any_unified_diff_has_the_diff_shape() {
    // `diff -u` and `ruff format --diff`: a file line, hunk headers, changed lines; a removed
    // line that reads `-- x` is a line of the hunk, not a file header.
    let raw = "--- a.py\t2026-01-01 10:00:00\n+++ b/a.py\t2026-01-01 10:01:00\n@@ -1,4 +1,4 @@ def f():\n x = 1\n--- y\n+y = 2\n z = 3\n w = 4\n--- c.py\n+++ c.py\n@@ -7 +7 @@\n-q\n+r\n1 file would be reformatted\n";
    let want =
        "--- a.py\n@@ def f():\n2 --- y\n+y = 2\n--- c.py\n7 -q\n+r\n1 file would be reformatted\n";
    assert_eq!(text_of("diff -u a.py b/a.py", raw), want);
    assert_eq!(text_of("ruff format --diff", raw), want);
    // A big diff's hunks are their first change's line alone, without section headings.
    let hunks: String = (0..800)
        .map(|i| {
            format!(
                "@@ -{},3 +{},3 @@ fn g() {{\n a\n-b{i}\n+c{i}\n",
                10 + i * 5,
                12 + i * 5
            )
        })
        .collect();
    let big =
        format!("diff --git a/x.rs b/x.rs\nindex 1..2 100644\n--- a/x.rs\n+++ b/x.rs\n{hunks}");
    let out = text_of("git diff", &big);
    assert!(out.starts_with("--- x.rs\n13 -b0\n+c0\n18 -b1\n"), "{out}");
}

#[test]
fn every_unified_diff_says_each_file_once() {
    // One rule whoever prints it: git's diff by its name, the same through another name (its
    // `diff --git` header and `---`/`+++` pair one file).
    let raw = "diff --git a/docs/new.md b/docs/new.md\nnew file mode 100644\nindex 0000000..2369d7b\n--- /dev/null\n+++ b/docs/new.md\n@@ -0,0 +1,3 @@\n+# Title\n+\n+Text.\n";
    let want = "--- docs/new.md (new file)\n+# Title\n+\n+Text.\n";
    assert_eq!(text_of("git diff", raw), want);
    assert_eq!(text_of("blindprog diff", raw), want);
}

#[test]
fn gcc_repeated_warnings_are_said_once_with_their_places() {
    let w = "warning: conversion from 'uint32_t' to 'uint16_t' may change value [-Wconversion]";
    let raw = format!(
        "q.c: In function 'a':\nq.c:10:5: {w}\n   10 |   x = y;\n      |       ^\nq.c: In function 'b':\nq.c:20:7: {w}\nq.c: In function 'c':\nq.c:30:9: warning: unused variable 'z' [-Wunused-variable]\n./array.h:84:40: note: in definition of macro 'array_push'\nq.c:40:2: {w}\n./array.h:84:40: note: in definition of macro 'array_push'\n"
    );
    assert_eq!(
        text_of("gcc -c -Wconversion q.c", &raw),
        format!("{w} (3 places):\n  q.c: 10:5 20:7 40:2\nq.c: In function 'c':\nq.c:30:9: warning: unused variable 'z' [-Wunused-variable]\n./array.h:84:40: note: in definition of macro 'array_push'\n")
    );
}

#[test]
fn gcc_long_notes_are_cut_and_a_long_directory_is_said_once() {
    let sig = format!(
        "candidate: 'template<class T> bool operator<(const pair<T>&, {})'",
        "x".repeat(80)
    );
    let raw = format!(
        "/usr/include/c++/12/bits/stl_function.h:408:20: error: no match for 'operator<' (operand types are 'const Key' and 'const Key')\n/usr/include/c++/12/bits/stl_pair.h:663:5: note: {sig}\n/usr/include/c++/12/bits/stl_pair.h:663:5: note:   template argument deduction/substitution failed:\ntool.cpp:5:8:   required from here\n"
    );
    let out = text_of("g++ -c tool.cpp", &raw);
    assert_eq!(
        out,
        format!("/usr/include/c++/12/bits/\n  stl_function.h:408:20: error: no match for 'operator<' (operand types are 'const Key' and 'const Key')\n  stl_pair.h:663:5: note: {}…\n  stl_pair.h:663:5: note:   template argument deduction/substitution failed:\ntool.cpp:5:8:   required from here\n", &sig[..60])
    );
    // The guard reads a location under its directory as the whole path.
    assert!(crate::minimize::text::keeps_locations(&raw, &out));
}

#[test]
fn test_runners_drop_banners_and_times() {
    // `npm test` running vitest: npm's banner and its failure trailer go, and vitest's own banner
    // and per-file and per-test times.
    let raw = String::from(
        "\n> app@1.0.0 test\n> vitest run\n\n\n RUN  v3.2.4 /home/u/app\n\n ❯ test/a.test.ts (3 tests | 1 failed) 12ms\n   ✓ a > ok 1ms\n   × a > breaks 5ms\n     → expected 1 to be 2\n\n⎯⎯⎯ Failed Tests 1 ⎯⎯⎯\n\n FAIL  test/a.test.ts > a > breaks\nAssertionError: expected 1 to be 2\n ❯ test/a.test.ts:4:20\n\n Test Files  1 failed (1)\n      Tests  1 failed | 2 passed (3)\n   Start at  10:00:00\n   Duration  1.20s (transform 20ms)\n\nnpm error Lifecycle script `test` failed with error:\nnpm error code 1\nnpm error path /home/u/app\nnpm error command failed\nnpm error command sh -c vitest run\n"
    );
    let out = text_of("npm test", &raw);
    assert!(
        out.starts_with(" ❯ test/a.test.ts (3 tests | 1 failed)\n   × a > breaks\n"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "   Duration 1.20s\n\nnpm error Lifecycle script `test` failed with error:\n"
        ),
        "{out}"
    );
    assert_keeps(
        &out,
        &["test/a.test.ts:4:20", "AssertionError: expected 1 to be 2"],
    );
    // go test -v: a failing test's time, and the closing `FAIL` after the package's line.
    let go = "=== RUN   TestA\n    a_test.go:9: got 1, want 2\n--- FAIL: TestA (0.00s)\n=== RUN   TestB\n--- FAIL: TestB (0.01s)\n    --- FAIL: TestB/sub (0.00s)\nFAIL\nFAIL\texample.com/m/a\t0.005s\nFAIL\n";
    assert_eq!(
        text_of("go test -run 'A|B' -v ./a/", go),
        "    a_test.go:9: got 1, want 2\n--- FAIL: TestA\n--- FAIL: TestB\n    --- FAIL: TestB/sub\nFAIL\texample.com/m/a\t0.005s\n"
    );
    // pytest: `collected N items` when the final counts are there.
    let py = "============ test session starts ============\ncollected 29 items\n\nt.py ..F\n\n================= FAILURES =================\n/p/t.py:80: KeyError: 'b'\n========= short test summary info =========\nFAILED t.py::test_k - KeyError: 'b'\n======= 1 failed, 28 passed in 0.03s =======\n";
    let out = text_of("pytest --tb=line", py);
    assert!(!out.contains("collected"), "{out}");
    // The summary's message, said by the failure's line already: the test's id says which.
    assert!(out.contains("/p/t.py:80: KeyError: 'b'\n"), "{out}");
    assert!(out.contains("\nFAILED t.py::test_k\n"), "{out}");
    let other = py.replace(
        "FAILED t.py::test_k - KeyError: 'b'",
        "FAILED t.py::test_k - ValueError: no such key",
    );
    assert!(text_of("pytest --tb=line", &other)
        .contains("FAILED t.py::test_k - ValueError: no such key"));
    // An interruption's `!!!` banner is said once, its text whole.
    let stopped = "== short test summary info ==\nERROR t.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!\n== 1 error in 0.17s ==\n";
    assert!(text_of("pytest", stopped)
        .contains("\nERROR t.py\n!! Interrupted: 1 error during collection !!\n"));
}

/// Consecutive lines sharing a long prefix up to a boundary (a test class's id) say it once,
/// each line's rest under it; a short prefix, or one line alone, stays as written. pytest's
/// closing counts go without their `==` rule.
#[test]
fn lines_sharing_a_long_prefix_say_it_once() {
    let py = "collecting ... collected 4 items\n\ntests/test_mimetypes.py::Win32MimeTypesTestCase::test_registry_accelerator SKIPPED [ 25%]\ntests/test_mimetypes.py::Win32MimeTypesTestCase::test_registry_parsing SKIPPED [ 50%]\ntests/test_mimetypes.py::MiscTestCase::test__all__ SKIPPED (no win) [ 75%]\nt.py::A::test_c SKIPPED [100%]\n\n== 1 passed, 4 skipped in 0.10s ==\n";
    assert_eq!(
        text_of("pytest -v", py),
        "tests/test_mimetypes.py::Win32MimeTypesTestCase::\n  test_registry_accelerator SKIPPED\n  test_registry_parsing SKIPPED\ntests/test_mimetypes.py::MiscTestCase::test__all__ SKIPPED (no win)\nt.py::A::test_c SKIPPED\n\n1 passed, 4 skipped in 0.10s\n"
    );
    let lines = |v: &[&str]| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    let grouped = crate::minimize::text::shared_prefixes(
        lines(&[
            "x::a::b::c::d::e::f",
            "x::a::b::c::d::e::g",
            "x::a::b::c::d::e::",
        ]),
        |_| true,
        "::",
    );
    assert_eq!(
        grouped,
        lines(&["x::a::b::c::d::e::", "  f", "  g", "x::a::b::c::d::e::"])
    );
    let short = lines(&["a::b::c", "a::b::d"]);
    assert_eq!(
        crate::minimize::text::shared_prefixes(short.clone(), |_| true, "::"),
        short
    );
}

/// A compiler's remark list (`go build -gcflags=-m`): each file's run of lines under the file
/// once, a text at several places once with every place, `-m`'s inlined body dropped; every
/// location stays (the guard reads a file's rows). Fewer lines, or an error in gcc's form, and
/// the list is not one.
#[test]
fn compiler_remark_lists_say_each_file_and_repeated_text_once() {
    let mut raw = String::from("# example.com/m/fnv\n");
    for i in 0..12 {
        raw.push_str(&format!("fnv/fnv.go:{}:6: can inline New{i} with cost 9 as: func() hash.Hash32 {{ var s sum32; return &s }}\n", 40 + i));
        raw.push_str(&format!(
            "fnv/fnv.go:{}:20: inlining call to errors.New\n",
            100 + i
        ));
    }
    raw.push_str("<autogenerated>:1: inlining call to Encoding.Strict\n");
    let out = text_of("go build -gcflags=-m ./fnv/", &raw);
    assert!(out.starts_with("# example.com/m/fnv\nfnv/fnv.go:\n  40:6: can inline New0 with cost 9\n  100:20 101:20 102:20 103:20 104:20 105:20 106:20 107:20 108:20 109:20 110:20 111:20: inlining call to errors.New\n  41:6: can inline New1 with cost 9\n"), "{out}");
    assert!(
        out.ends_with("<autogenerated>:\n  1: inlining call to Encoding.Strict\n"),
        "{out}"
    );
    assert!(!out.contains(" as: "), "{out}");
    let short: String = raw.lines().take(10).map(|l| format!("{l}\n")).collect();
    assert!(run("go build -gcflags=-m ./fnv/", &short)
        .is_none_or(|(_, t)| t.contains("fnv/fnv.go:40:6")));
    let gcc = raw.replace(
        "inlining call to errors.New",
        "warning: unused variable 'x'",
    );
    assert!(!text_of("go build ./fnv/", &gcc).contains("  100:20 101:20"));
}

/// pytest's warnings summary: a place said as the test file's path and again, absolute, on the
/// message's line, once (the absolute one); the source line under the message goes; the import
/// hint under a collection error goes.
/// `--setup-show`: each test's fixtures stay (what was asked for), unindented; a teardown of a
/// fixture set up before goes, one that was not set up stays.
#[test]
fn pytest_setup_show_keeps_setups_and_drops_their_teardowns() {
    let block = "        SETUP    F invoice[a]\n        tests/t.py::test_total[a] (fixtures used: invoice, request) .\n        TEARDOWN F invoice[a]\n";
    let text = format!(
        "============================= test session starts ==============================\nplatform linux -- Python 3.11.7, pytest-9.2.0, pluggy-1.7.0\ncollected 40 items\n\ntests/t.py \n{}        SETUP    S db\n        tests/t.py::test_db (fixtures used: db) F\n        TEARDOWN S db\n        TEARDOWN M other\n\n=================================== FAILURES ===================================\n___ test_db ___\n\n>       assert db.ok\nE       AssertionError\n\ntests/t.py:12: AssertionError\n=========================== short test summary info ============================\nFAILED tests/t.py::test_db - AssertionError\n========================= 1 failed, 20 passed in 0.07s ==========================\n",
        block.repeat(20)
    );
    let (label, out) = run("pytest --setup-show", &text).expect("rewritten");
    assert_eq!(label, "pytest");
    assert!(out.contains("\nSETUP F invoice[a]\ntests/t.py::test_total[a] (fixtures used: invoice, request) .\nSETUP F invoice[a]\n"), "{out}");
    assert!(
        out.contains("\nSETUP S db\ntests/t.py::test_db (fixtures used: db) F\nTEARDOWN M other\n"),
        "{out}"
    );
    assert!(
        !out.contains("TEARDOWN F") && !out.contains("TEARDOWN S"),
        "{out}"
    );
    assert!(
        out.contains("tests/t.py:12: AssertionError") && out.contains("1 failed, 20 passed"),
        "{out}"
    );
}

/// `--setup-show`: a session-scoped fixture's unindented lines are read as the others; a
/// teardown matches its setup whatever the setup's line adds (the fixtures it used, the `E` of
/// an error in it), and a teardown's own error mark stays with its line.
#[test]
fn pytest_setup_show_matches_teardowns_by_fixture() {
    let steps = "        SETUP    F stock\n        tests/t.py::test_value (fixtures used: stock) F\n        TEARDOWN F stock\n        tests/t.py::test_empty .\n        SETUP    F db_conn\n        SETUP    F warehouse_dbE\n        TEARDOWN F warehouse_db\n        TEARDOWN F db_conn\nSETUP    S tmp_path_factory\n        SETUP    F tmp_path (fixtures used: tmp_path_factory)\n        tests/t.py::test_export (fixtures used: tmp_path, tmp_path_factory) .\n        TEARDOWN F tmp_path\nTEARDOWN S tmp_path_factoryE\n";
    let text = format!(
        "{steps}==================================== ERRORS ====================================\n___ ERROR at setup of test_sync ___\n\n>       raise ConnectionError(\"no db\")\nE       ConnectionError: no db\n\ntests/conftest.py:15: ConnectionError\n___ ERROR at teardown of test_export ___\n\n>       raise RuntimeError(\"locked\")\nE       RuntimeError: locked\n\ntests/conftest.py:21: RuntimeError\n=================================== FAILURES ===================================\n___ test_value ___\n\n>       assert stock.value() == 1097\nE       assert 1096 == 1097\n\ntests/t.py:38: AssertionError\n=========================== short test summary info ============================\nFAILED tests/t.py::test_value - assert 1096 == 1097\nERROR tests/t.py::test_sync - ConnectionError: no db\nERROR tests/t.py::test_export - RuntimeError: locked\n1 failed, 2 passed, 27 deselected, 2 errors in 5.16s\n"
    );
    let out = text_of("pytest --setup-show -q", &text);
    assert!(
        out.starts_with("SETUP F stock\ntests/t.py::test_value (fixtures used: stock) F\ntests/t.py::test_empty .\nSETUP F db_conn\nSETUP F warehouse_dbE\nSETUP S tmp_path_factory\nSETUP F tmp_path (fixtures used: tmp_path_factory)\ntests/t.py::test_export (fixtures used: tmp_path, tmp_path_factory) .\nTEARDOWN S tmp_path_factoryE\n== ERRORS ==\n"),
        "{out}"
    );
}

#[test]
fn pytest_warnings_say_their_place_once() {
    let raw = "==================================== ERRORS ====================================\n____________________ ERROR collecting tests/test_import.py _____________________\nImportError while importing test module '/w/gradebook/tests/test_import.py'.\nHint: make sure your test modules/packages have valid Python names.\nTraceback:\ntests/test_import.py:1: in <module>\n    from gradebook.stats import median\nE   ModuleNotFoundError: No module named 'gradebook.stats'\n=============================== warnings summary ===============================\ntests/test_core.py:53\n  /w/gradebook/tests/test_core.py:53: PytestUnknownMarkWarning: Unknown pytest.mark.slowish\n    @pytest.mark.slowish\n\ntests/a.py:7\n  tests/b.py:9: UserWarning: elsewhere\n========================= 1 warning, 1 error in 0.17s ==========================\n";
    let out = text_of("pytest", raw);
    assert_eq!(
        out,
        "== ERRORS ==\n__ ERROR collecting tests/test_import.py\nImportError while importing test module '/w/gradebook/tests/test_import.py'.\nTraceback:\ntests/test_import.py:1: in <module>\nE   ModuleNotFoundError: No module named 'gradebook.stats'\n== warnings summary ==\n  /w/gradebook/tests/test_core.py:53: PytestUnknownMarkWarning: Unknown pytest.mark.slowish\n\ntests/a.py:7\n  tests/b.py:9: UserWarning: elsewhere\n1 warning, 1 error in 0.17s\n"
    );
}

/// The sixth round's shapes: a passing run says its counts, not its lines.
#[test]
fn passing_runs_say_counts_and_places_once() {
    // pytest -v: `collecting ... collected N items` goes when the counts close the run; the
    // outcome parser keeps a skip's reason and drops the progress.
    let py = "collecting ... collected 3 items\n\nt.py::A::test_a PASSED [ 33%]\nt.py::A::test_b[x y] SKIPPED (no db) [ 66%]\nt.py::A::test_c PASSED [100%]\n\n== 2 passed, 1 skipped in 0.10s ==\n";
    assert_eq!(
        text_of("pytest -v", py),
        "t.py::A::test_b[x y] SKIPPED (no db)\n\n2 passed, 1 skipped in 0.10s\n"
    );
    let no_counts = py.replace("== 2 passed, 1 skipped in 0.10s ==\n", "");
    assert!(text_of("pytest -v", &no_counts).starts_with("collected 3 items\n"));

    // go test -v: a passing package's test logs, once per place with the count of the rest,
    // unindented (their test's lines go); a failing package's stay whole.
    let go = "=== RUN   TestZ\n=== RUN   TestZ/a\n    z_test.go:14: read 3\n    z_test.go:14: read 0\n=== RUN   TestZ/b\n    z_test.go:14: read 3\n    z_test.go:20: done\n--- PASS: TestZ (0.00s)\n    --- PASS: TestZ/a (0.00s)\n    --- PASS: TestZ/b (0.00s)\nPASS\nok  \texample.com/m/z\t0.01s\n=== RUN   TestY\n    y_test.go:9: read 1\n    y_test.go:9: read 2\n--- FAIL: TestY (0.00s)\nFAIL\nFAIL\texample.com/m/y\t0.01s\n";
    assert_eq!(
        text_of("go test -v ./...", go),
        "z_test.go:14: read 3 (+2 more lines here)\nz_test.go:20: done\nok example.com/m/z\n    y_test.go:9: read 1\n    y_test.go:9: read 2\n--- FAIL: TestY\nFAIL\texample.com/m/y\t0.01s\n"
    );
    // go test -json: the events' printed text is what -v prints, and is said the same way;
    // the events around it (run, pass, times) say nothing more. A line that is not an event (a
    // package that did not build) stays.
    let mut json = String::from("# example.com/m/x\nx.go:3:1: syntax error\n");
    for line in go.lines() {
        json.push_str("{\"Time\":\"2026-11-28T18:10:31.43Z\",\"Action\":\"run\",\"Package\":\"example.com/m/z\",\"Test\":\"TestZ\"}\n");
        let output = serde_json::to_string(&format!("{line}\n")).expect("a string");
        json.push_str(&format!("{{\"Time\":\"2026-11-28T18:10:31.43Z\",\"Action\":\"output\",\"Package\":\"example.com/m/z\",\"Test\":\"TestZ\",\"Output\":{output}}}\n"));
    }
    assert_eq!(
        run("go test -json ./...", &json)
            .map(|(label, _)| label)
            .as_deref(),
        Some("go-test-json")
    );
    assert_eq!(
        text_of("go test -json ./...", &json),
        format!(
            "# example.com/m/x\nx.go:3:1: syntax error\n{}",
            text_of("go test -v ./...", go)
        )
    );
    // A failing test's log under a tab (`\t` in the stream) keeps its place.
    let tabbed = json.replace("    y_test.go:9: read 1", "\\ty_test.go:9: read 1");
    assert!(text_of("go test -json ./...", &tabbed).contains("\ty_test.go:9: read 1\n"));
    // A failure's message printing a long input back: its run of one piece counted.
    let long = go.replace("read 2", &format!("read \"{}\"", "\\xff".repeat(50)));
    assert!(text_of("go test -v ./...", &long).contains("    y_test.go:9: read \"[\\xff x50]\"\n"));
}

/// The diagnostic shape rustc shares across cargo's commands: a snippet's `...` and a note's
/// continued lines are details (a warning drops them), a place warned at again is counted.
#[test]
fn rustc_warnings_from_macros_and_long_notes_are_one_line() {
    let one = |at: &str, call: &str| {
        format!("warning: unexpected `cfg` condition value: `x`\n   --> src/lib.rs:{at}\n    |\n151 |     #[cfg(feature = \"x\")]\n    |           ^^^^^^^^^^^^^ help: remove the condition\n...\n{call} | m!(u8);\n    | ------ in this macro invocation\n    |\n    = note: no expected values for `feature`\n    = help: or consider adding in `Cargo.toml` the `check-cfg` lint config for the lint:\n             [lints.rust]\n             unexpected_cfgs = {{ level = \"warn\" }}\n    = note: this warning originates in the macro `m`\n\n")
    };
    let raw = format!(
        "{}{}{}warning: `a` (lib) generated 3 warnings\n",
        one("151:24", "185"),
        one("151:24", "186"),
        one("9:1", "187")
    );
    for command in ["cargo clippy", "cargo doc --no-deps", "cargo test --test t"] {
        let out = text_of(command, &raw);
        assert_eq!(
            out,
            "warning: unexpected `cfg` condition value: `x` (3 places):\n  src/lib.rs: 151:24(x2) 9:1\nwarning: `a` (lib) generated 3 warnings\n",
            "{command}"
        );
    }
    // An error keeps its note's continued lines.
    let error = raw.replacen("warning: unexpected", "error: unexpected", 1);
    assert!(text_of("cargo build", &error).contains("\n    [lints.rust]\n"));
}

/// Round 7's shapes: a quiet test run's progress rows with their running count, a build's
/// echoed commands that printed nothing, a make directory whose path holds `error`.
#[test]
fn quiet_progress_and_silent_build_commands() {
    let dots = ".".repeat(87);
    let raw = format!(
        "    Finished `test` profile [unoptimized] target(s) in 0.1s\n     Running unittests src/lib.rs (target/debug/deps/x-0123)\n\nrunning 175 tests\n{dots} 87/175\n{dots} 174/175\n.\ntest result: ok. 175 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.3s\n\n     Running tests/a.rs (target/debug/deps/a-0123)\n\nrunning 2 tests\n.F\nfailures:\n\n---- b stdout ----\nthread 'b' panicked at tests/a.rs:9:5:\nboom\n\nfailures:\n    b\n\ntest result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.0s\n"
    );
    let out = text_of("cargo test -q", &raw);
    assert!(!out.contains("87/175"), "{out}");
    assert_keeps(
        &out,
        &[
            "ok. 175 passed; 0 failed",
            ".F",
            "tests/a.rs:9:5",
            "1 failed",
        ],
    );

    let cc = "gcc -std=gnu99 -O2 -Wall -Wextra -DLUA_COMPAT_5_3 -DLUA_USE_LINUX    -c -o";
    let raw = format!(
        "make[1]: Entering directory '/w/lua-errors/src'\nmake all SYSCFLAGS=\"-DLUA_USE_LINUX\"\n{cc} lapi.o lapi.c\n{cc} lcode.o lcode.c\n{cc} ldo.o ldo.c\n{cc} lstring.o lstring.c\nlstring.c: In function ‘luaS_new’:\nlstring.c:253:43: error: expected ‘;’ before ‘return’\n  253 |   p[0] = luaS_newlstr(L, str, strlen(str))\n      |                                           ^\nmake[1]: *** [<builtin>: lstring.o] Error 1\nmake[1]: Leaving directory '/w/lua-errors/src'\nmake: *** [Makefile:55: linux] Error 2\n"
    );
    assert_eq!(
        text_of("make linux", &raw),
        format!("{cc} lstring.o lstring.c\nlstring.c: In function ‘luaS_new’:\nlstring.c:253:43: error: expected ‘;’ before ‘return’\nmake[1]: *** [<builtin>: lstring.o] Error 1\nmake: *** [Makefile:55: linux] Error 2\n")
    );
    // A command whose own failure follows it stays.
    let raw = format!(
        "{cc} a.o a.c\ngcc: error: a.c: No such file or directory\n{}",
        "make: *** [Makefile:5: a.o] Error 1\n".repeat(30)
    );
    assert_keeps(
        &text_of("make", &raw),
        &[&format!("{cc} a.o a.c\ngcc: error: a.c")],
    );
}

/// A lint made an error (`cargo clippy -- -D clippy::pedantic`, `#![deny(warnings)]`) has a
/// warning's shape: one line, its source and suggestions dropped, the same message grouped; a
/// compile error keeps its source.
#[test]
fn lints_made_errors_are_said_as_warnings() {
    let lint = |line: u32, note: &str| {
        format!("error: docs for function returning `Result` missing `# Errors` section\n   --> src/mutex.rs:{line}:5\n    |\n{line} | /     pub fn try_map<U: ?Sized, F>(s: Self, f: F) -> Result<Self, Self>\n    | |_____________________________________________________________^\n    |\n    = help: for further information visit https://rust-lang.github.io/rust-clippy/rust-1.95.0/index.html#missing_errors_doc\n{note}\n")
    };
    let raw = format!(
        "    Checking lock_api v0.4.14\n{}{}{}error[E0308]: mismatched types\n --> src/a.rs:3:9\n  |\n3 |     let x: u32 = 1i64;\n  |                  ^^^^ expected `u32`, found `i64`\n\nerror: could not compile `lock_api` (lib) due to 4 previous errors\n",
        lint(550, "    = note: `-D clippy::missing-errors-doc` implied by `-D clippy::pedantic`\n"),
        lint(578, ""),
        lint(926, ""),
    );
    let out = text_of("cargo clippy -- -D clippy::pedantic", &raw);
    assert_eq!(
        out,
        "error: docs for function returning `Result` missing `# Errors` section (3 places):\n  src/mutex.rs: 550:5 578:5 926:5\nsrc/a.rs:3:9: error[E0308]: mismatched types\n  3 |     let x: u32 = 1i64;\n  expected `u32`, found `i64`\n\nerror: could not compile `lock_api` (lib) due to 4 previous errors\n"
    );
}

/// The same change made at several places of one file (a doc link fixed in each method) is
/// said once, its hunk header listing every place; another file's same change is its own.
#[test]
fn diffs_say_a_repeated_change_once_with_its_places() {
    let hunk = |at: u32| {
        format!("@@ -{at},7 +{at},7 @@ impl<K, V> HashMap<K, V> {{\n     ///\n-    /// [`std::collections::hash_map::RandomState`]\n+    /// [`std::hash::RandomState`]\n     ///\n     /// # Examples\n")
    };
    let file = |path: &str| {
        format!(
            "diff --git a/{path} b/{path}\nindex 959ec6a..22cafef 100644\n--- a/{path}\n+++ b/{path}\n{}{}@@ -300,6 +300,7 @@\n     x\n+    #[must_use]\n     y\n{}",
            hunk(253),
            hunk(283),
            hunk(316)
        )
    };
    let raw = format!(
        "commit 3731309aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nAuthor: Ola Nordmann <ola@example.com>\nDate:   Mon Feb 10 08:31:11 2025 +0000\n\n    hashbrown: map APIs\n\n{}{}",
        file("src/map.rs"),
        file("src/set.rs")
    );
    let out = text_of("git log -p", &raw);
    let change = "-    /// [`std::collections::hash_map::RandomState`]\n+    /// [`std::hash::RandomState`]\n";
    assert_eq!(out.matches(change).count(), 2, "{out}");
    assert_keeps(
        &out,
        &[
            &format!("--- src/map.rs\n@@ impl<K, V> HashMap<K, V> {{\n254, 284, 317 {change}@@\n301 +    #[must_use]\n"),
            "--- src/set.rs\n@@ impl<K, V> HashMap<K, V> {\n254, 284, 317 -",
        ],
    );
}

/// A JSON report is read by its shape: findings (a file, a line, a message) whatever the linter
/// as a location list, a message said at three places or more once with its places (messages
/// that differ in a quoted name are each written out), `tree -J` as a path list; other JSON,
/// and JSON a file printer printed, pass as they are.
#[test]
fn json_reports_by_shape() {
    let ruff = |row: u32, code: &str, message: &str, file: &str| {
        format!("{{\"cell\": null, \"code\": \"{code}\", \"end_location\": {{\"column\": 36, \"row\": {row}}}, \"filename\": \"/w/lint/xml/sax/{file}\", \"fix\": null, \"location\": {{\"column\": 9, \"row\": {row}}}, \"message\": \"{message}\", \"noqa_row\": {row}, \"severity\": \"error\", \"url\": \"https://docs.astral.sh/ruff/rules/x\"}}")
    };
    let items = [
        ruff(
            23,
            "F401",
            "`.handler.ContentHandler` imported but unused",
            "__init__.py",
        ),
        ruff(
            26,
            "N802",
            "Function name `getMessage` should be lowercase",
            "_exceptions.py",
        ),
        ruff(
            30,
            "N802",
            "Function name `getException` should be lowercase",
            "_exceptions.py",
        ),
        ruff(
            12,
            "N802",
            "Function name `getLineNumber` should be lowercase",
            "xmlreader.py",
        ),
        ruff(
            60,
            "E402",
            "Module level import not at top of file",
            "__init__.py",
        ),
    ];
    let raw = format!("[\n{}\n]\n", items.join(",\n"));
    assert_eq!(
        text_of("ruff check --output-format json xml/sax", &raw),
        "5 findings in 3 files (error), under /w/lint/xml/sax/\n__init__.py:\n  23:9 F401 `.handler.ContentHandler` imported but unused\n  60:9 E402 Module level import not at top of file\n_exceptions.py:\n  26:9 N802 Function name `getMessage` should be lowercase\n  30:9 N802 Function name `getException` should be lowercase\nxmlreader.py:\n  12:9 N802 Function name `getLineNumber` should be lowercase\n"
    );
    // The same message at three places: said once, the places alone.
    let items: Vec<String> = [(7, "a.py"), (9, "a.py"), (30, "b.py")]
        .iter()
        .map(|&(row, file)| ruff(row, "UP032", "Use f-string instead of `format` call", file))
        .collect();
    let raw = format!("[\n{}\n]\n", items.join(",\n"));
    assert_eq!(
        text_of("ruff check --output-format json xml/sax", &raw),
        "3 findings in 2 files (error), under /w/lint/xml/sax/\nUP032 Use f-string instead of `format` call (3 places):\n  a.py: 7:9 9:9\n  b.py: 30:9\n"
    );
    // eslint's files with their messages (a clean file listed too), severities that differ.
    let msg = |line: u32, sev: u32, rule: &str, text: &str| {
        format!("{{\"ruleId\": \"{rule}\", \"severity\": {sev}, \"message\": \"{text}\", \"line\": {line}, \"column\": 5, \"nodeType\": \"Identifier\", \"endLine\": {line}, \"endColumn\": 9}}")
    };
    let raw = format!(
        "[{{\"filePath\": \"/p/src/a.js\", \"messages\": [{}, {}], \"suppressedMessages\": [], \"errorCount\": 1, \"warningCount\": 1, \"source\": \"{}\"}}, {{\"filePath\": \"/p/src/b.js\", \"messages\": [], \"suppressedMessages\": [], \"errorCount\": 0, \"warningCount\": 0}}]",
        msg(3, 2, "no-undef", "'x' is not defined."),
        msg(9, 1, "eqeqeq", "Expected '===' and instead saw '=='."),
        "var a = 1;\\n".repeat(60)
    );
    let out = text_of("npx eslint -f json src", &raw);
    assert_eq!(
        out,
        "2 findings in 1 file, under /p/src/\na.js:\n  3:5 2 no-undef 'x' is not defined.\n  9:5 1 eqeqeq Expected '===' and instead saw '=='.\n"
    );
    // tree -J: a path list and the report's counts.
    let files: Vec<String> = (0..40)
        .map(|i| format!("{{\"type\":\"file\",\"name\":\"fix_{i}.py\"}}"))
        .collect();
    let raw = format!(
        "[\n  {{\"type\":\"directory\",\"name\":\"py\",\"contents\":[\n    {{\"type\":\"directory\",\"name\":\"fixes\",\"contents\":[{}]}},\n    {{\"type\":\"directory\",\"name\":\"empty\",\"contents\":[]}},\n    {{\"type\":\"file\",\"name\":\"a.py\"}}\n  ]}},\n  {{\"type\":\"report\",\"directories\":3,\"files\":41}}\n]\n",
        files.join(",\n")
    );
    let out = text_of("tree -J py", &raw);
    assert!(out.starts_with("py/fixes/\n  fix_0.py fix_1.py"), "{out}");
    assert_keeps(
        &out,
        &[
            "fix_39.py",
            "py/\n  empty/ a.py\n",
            "3 directories, 41 files",
        ],
    );
    // Data: a manifest, a list of records without places, and a file printed by cat.
    let manifest = format!(
        "{{\"name\": \"x\", \"dependencies\": {{{}}}}}",
        (0..60)
            .map(|i| format!("\"p{i}\": \"^1.0.{i}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert_eq!(run("npm pkg get", &manifest), None);
    let records = format!(
        "[{}]",
        (0..40)
            .map(|i| format!(
                "{{\"number\": {i}, \"title\": \"Fix the thing {i}\", \"labels\": []}}"
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert_eq!(run("gh pr list --json number,title", &records), None);
    let findings = format!("[\n{}\n]\n", items.join(",\n"));
    assert_eq!(run("cat report.json", &findings), None);
}

/// `gcc -fanalyzer`'s event paths: each event that says what happens to a value with the line it is
/// at, the walk to it (entries, branches, calls, returns) counted, the quoted code and the
/// drawing dropped; the diagnostic's location and message stay.
#[test]
fn analyzer_event_paths_are_events_with_their_lines() {
    let raw = "buffer.c: In function ‘main’:\nbuffer.c:37:5: warning: use after ‘free’ of ‘b’ [CWE-416] [-Wanalyzer-use-after-free]\n   37 |     printf(\"%zu bytes\\n\", b->len);\n      |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n  ‘main’: events 1-2\n    |\n    |   33 | int main(int argc, char **argv) {\n    |      |     ^~~~\n    |      |     |\n    |      |     (1) entry to ‘main’\n    |   34 |     struct buf *b = buf_new(16);\n    |      |                     ~~~~~~~~~~~\n    |      |                     |\n    |      |                     (2) calling ‘buf_new’ from ‘main’\n    |\n    +--> ‘buf_new’: events 3-4\n           |\n           |    7 | struct buf *buf_new(size_t cap) {\n           |      |             ^~~~~~~\n           |      |             |\n           |      |             (3) entry to ‘buf_new’\n           |    8 |     struct buf *b = malloc(sizeof *b);\n           |      |                     ~~~~~~~~~~~~~~~~~\n           |      |                     |\n           |      |                     (4) allocated here\n           |\n    <------+\n    |\n  ‘main’: events 5-6\n    |......\n    |   38 |     char *copy = malloc(b->len + 1);\n    |      |                  ~~~~~~~~~~~~~~~~~\n    |      |                  |\n    |      |                  (5) use of uninitialized value ‘*b.len’ here\n";
    assert_eq!(
        text_of("gcc -fanalyzer -c buffer.c", raw),
        "buffer.c: In function ‘main’:\nbuffer.c:37:5: warning: use after ‘free’ of ‘b’ [CWE-416] [-Wanalyzer-use-after-free]\n  8: (4) allocated here\n  38: (5) use of uninitialized value ‘*b.len’ here\n  (3 control-flow events: entries, branches, calls, returns)\n"
    );
}

/// Subtests' result lines are names: never merged or capped as a failing test's log lines are.
#[test]
fn go_subtest_names_are_never_merged_or_capped() {
    let mut raw = String::from("--- FAIL: TestParse (0.00s)\n");
    for i in 1..=8 {
        raw.push_str(&format!("    --- FAIL: TestParse/case_{i} (0.00s)\n        parse_test.go:20: case {i}: got 5, want 6\n"));
    }
    raw.push_str("FAIL\nFAIL\texample.com/p\t0.01s\nFAIL\n");
    let out = text_of("go test ./...", &raw);
    for i in 1..=8 {
        assert!(
            out.contains(&format!("--- FAIL: TestParse/case_{i}")),
            "{out}"
        );
    }
    // In -v output a failing subtest's result line may follow a passing one's.
    let raw = "=== RUN   TestM\n=== RUN   TestM/1\n=== RUN   TestM/2\n    m_test.go:9: got a, want b\n--- FAIL: TestM (0.00s)\n    --- PASS: TestM/1 (0.00s)\n    --- FAIL: TestM/2 (0.00s)\n    --- PASS: TestM/3 (0.00s)\nFAIL\nFAIL\texample.com/p\t0.01s\nFAIL\n";
    let out = text_of("go test -v ./...", raw);
    assert!(out.contains("    --- FAIL: TestM/2\n"), "{out}");
}

/// A JSON list mixing findings with objects this reading does not know (a file and a line but
/// the message elsewhere, as semgrep's `extra.message`) passes whole: nothing is dropped unseen.
#[test]
fn json_with_objects_not_understood_passes_whole() {
    let finding = |i: u32| {
        format!("{{\"file\": \"src/a.sh\", \"line\": {i}, \"column\": 3, \"level\": \"warning\", \"code\": 2086, \"message\": \"Double quote to prevent globbing and word splitting.\"}}")
    };
    let other = "{\"path\": \"src/b.py\", \"start\": {\"line\": 4, \"col\": 1}, \"check_id\": \"x.y\", \"extra\": {\"message\": \"eval is dangerous\"}}";
    let mut items: Vec<String> = (1..30).map(finding).collect();
    items.push(other.to_string());
    let raw = format!("[{}]", items.join(",\n"));
    assert_eq!(run("shellcheck -f json src/a.sh", &raw), None);
    items.pop();
    let raw = format!("[{}]", items.join(",\n"));
    assert_keeps(
        &text_of("shellcheck -f json src/a.sh", &raw),
        &[
            "29 findings in 1 file (warning), under src/\n",
            "2086 Double quote to prevent globbing and word splitting. (29 places):\n  a.sh: 1:3 2:3 ",
            "28:3 29:3\n",
        ],
    );
}

/// A JUnit XML report, whatever printed it: suites' counts, failing cases whole (entities
/// decoded), passing and skipped ones counted, what any case printed kept; a malformed one and a
/// file's content (`cat`) pass as they are.
#[test]
fn junit_reports_read_as_a_test_run() {
    let xml = r#"<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="4" failures="1" errors="0" time="0.03">
    <testsuite name="test/q.test.mjs" timestamp="2026-11-28T23:36:52.920Z" hostname="vm" tests="4" failures="1" errors="0" skipped="1" time="0.03">
        <testcase classname="test/q.test.mjs" name="stringify &gt; plain" time="0">
            <skipped/>
        </testcase>
        <testcase classname="test/q.test.mjs" name="parse > nested" time="0.006">
        </testcase>
        <testcase classname="test/q.test.mjs" name="parse &gt; logs" time="0.001">
            <system-out>
seen 3 keys
            </system-out>
        </testcase>
        <testcase classname="test/q.test.mjs" name="parse &gt; arrays" time="0.019">
            <failure message="expected { a: &apos;x&apos; } to deeply equal [ &apos;x&apos; ]" type="AssertionError">
AssertionError: expected { a: &apos;x&apos; } to deeply equal [ &apos;x&apos; ]

 ❯ test/q.test.mjs:31:33
            </failure>
        </testcase>
    </testsuite>
</testsuites>
"#;
    let out = text_of("npx vitest run --reporter=junit", xml);
    assert_eq!(
        out,
        "suite test/q.test.mjs: 4 tests, 1 failures, 0 errors, 1 skipped\n\
         test/q.test.mjs > parse > logs (passed)\n  stdout:\n    seen 3 keys\n\
         FAIL test/q.test.mjs > parse > arrays\n  \
         AssertionError: expected { a: 'x' } to deeply equal [ 'x' ]\n\n   ❯ test/q.test.mjs:31:33\n\
         4 tests: 2 passed, 1 failed, 1 skipped\n"
    );
    // An error whose message the body does not say keeps it; the type is said once.
    let error = xml.replace(
        "<failure message=\"expected { a: &apos;x&apos; } to deeply equal [ &apos;x&apos; ]\" type=\"AssertionError\">",
        "<error message=\"boom\" type=\"TypeError\">",
    ).replace("</failure>", "</error>");
    assert!(text_of("mocha --reporter mocha-junit-reporter", &error)
        .contains("FAIL test/q.test.mjs > parse > arrays\n  error: TypeError: boom\n"));
    // Not well formed (a case never closed), or text between the elements: as it is.
    let open = xml.replace("        </testcase>\n    </testsuite>", "    </testsuite>");
    let label = run("npx vitest run --reporter=junit", &open).map(|(label, _)| label);
    assert!(!label.is_some_and(|l| l.contains("junit")));
    assert!(run("cat report.xml", xml).is_none());
    // A skipped case that says why keeps its name and the reason (a body, or `message`).
    for skip in [
        "<skipped>needs iconv translit support</skipped>",
        "<skipped message=\"needs iconv translit support\"/>",
    ] {
        let why = xml.replace("<skipped/>", skip);
        assert!(
            text_of("bats --formatter junit test", &why).contains(
                "SKIP test/q.test.mjs > stringify > plain: needs iconv translit support\n"
            ),
            "{skip}"
        );
    }
}

/// A linter's findings written as JUnit (ruff's, ty's, eslint's `junit` formats): a suite per
/// file, a failing case per finding named by its rule, its place in attributes or at the
/// body's start; said as a JSON report's findings are, with the run's counts.
#[test]
fn junit_lint_findings_read_as_findings() {
    let case = |rule: &str, line: u32, col: u32, msg: &str| {
        format!("        <testcase name=\"org.ruff.{rule}\" classname=\"/w/pkg/a\" line=\"{line}\" column=\"{col}\">\n            <properties>\n                <property name=\"severity\" value=\"error\"/>\n            </properties>\n            <failure message=\"{msg}\">line {line}, col {col}, {msg}</failure>\n        </testcase>\n")
    };
    let cases: String = [
        case(
            "D212",
            1,
            1,
            "Multi-line docstring summary should start at the first line",
        ),
        case("FA100", 87, 20, "Add `from __future__ import annotations`"),
        case(
            "D212",
            72,
            5,
            "Multi-line docstring summary should start at the first line",
        ),
        case(
            "D212",
            80,
            5,
            "Multi-line docstring summary should start at the first line",
        ),
        case("E501", 238, 89, "Line too long (94 &gt; 88)"),
    ]
    .concat();
    let xml = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ruff\" tests=\"5\" skipped=\"0\" failures=\"5\" errors=\"0\">\n    <testsuite name=\"/w/pkg/a.py\" tests=\"5\" skipped=\"0\" errors=\"0\" failures=\"5\" package=\"org.ruff\">\n{cases}    </testsuite>\n</testsuites>\n");
    let (label, out) = run("ruff check --output-format junit pkg", &xml).expect("rewritten");
    assert_eq!(label, "junit");
    assert_eq!(
        out,
        "5 tests, 5 failures, 0 errors, 0 skipped\n\
         5 findings in 1 file (error), under /w/pkg/\n\
         a.py:\n  87:20 org.ruff.FA100 Add `from __future__ import annotations`\n  \
         238:89 org.ruff.E501 Line too long (94 > 88)\n\
         org.ruff.D212 Multi-line docstring summary should start at the first line (3 places):\n  \
         a.py: 1:1 72:5 80:5\n"
    );
    // eslint's: no place attributes, the body `line 1, col 7, Error - message (rule)`.
    let eslint = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<testsuites>\n<testsuite package=\"org.eslint\" time=\"0\" tests=\"1\" errors=\"1\" name=\"/w/src/a.js\">\n<testcase time=\"0\" name=\"org.eslint.no-unused-vars\" classname=\"/w/src/a\"><failure message=\"&apos;x&apos; is defined but never used.\"><![CDATA[line 1, col 7, Error - &apos;x&apos; is defined but never used. (no-unused-vars)]]></failure></testcase>\n</testsuite>\n</testsuites>\n";
    let out = text_of("npx eslint -f junit src", eslint);
    assert_keeps(
        &out,
        &[
            "1 tests",
            "(error)",
            "1:7 org.eslint.no-unused-vars 'x' is defined but never used.",
        ],
    );
    // A body saying more than the message, or a passing case: a test run's report.
    let more = xml.replace("line 87, col 20, Add", "line 87, col 20, Traceback: Add");
    let as_run = text_of("ruff check --output-format junit pkg", &more);
    assert!(
        as_run.contains("Traceback: Add") && !as_run.contains("findings in"),
        "{as_run}"
    );
    // After the program's notes on stderr, the notes stay and the report is read as alone;
    // a JSON lines report too.
    let notes = "warning: `D203` and `D211` are incompatible. Ignoring `D203`.\n";
    let (label, after) = run(
        "ruff check --output-format junit pkg",
        &format!("{notes}{xml}trailing note\n"),
    )
    .expect("rewritten");
    assert_eq!(label, "junit");
    assert_eq!(
        after,
        format!(
            "{notes}{out_}trailing note\n",
            out_ = text_of("ruff check --output-format junit pkg", &xml)
        )
    );
    let lines: String = (1..=4)
        .map(|n| format!("{{\"code\":\"D212\",\"filename\":\"/w/pkg/a.py\",\"location\":{{\"column\":5,\"row\":{n}}},\"message\":\"Summary first\",\"fix\":null}}\n"))
        .collect();
    let (label, out) = run(
        "ruff check --output-format json-lines pkg",
        &format!("{notes}{lines}"),
    )
    .expect("rewritten");
    assert_eq!(label, "json");
    assert!(
        out.starts_with(notes) && out.contains("D212 Summary first (4 places):"),
        "{out}"
    );
    // A report deep in an output is not the output's report.
    assert!(run(
        "ruff check --output-format json-lines pkg",
        &format!("{}{lines}", notes.repeat(5))
    )
    .is_none_or(|(label, _)| label != "json"));
}

/// The machine-readable linter formats every producer shares: SARIF (its results at their
/// first place, not the tool's rule catalogue), Code Climate (`location.positions.begin`:
/// ruff's and ty's `gitlab`), reviewdog's rdjson (`location.range.start`), and Azure
/// Pipelines' `##vso[task.logissue …]` lines: each finding's file, place, rule and message.
#[test]
fn linter_interchange_formats_read_as_findings() {
    let rows = [
        (28, 15, "UP045", "Use `X | None`"),
        (29, 24, "UP045", "Use `X | None`"),
        (42, 23, "UP006", "Use `list`"),
    ];
    let sarif_results: Vec<String> = rows
        .iter()
        .map(|(l, c, rule, m)| format!("{{\"level\": \"error\", \"locations\": [{{\"physicalLocation\": {{\"artifactLocation\": {{\"uri\": \"file:///w/pkg/a.py\"}}, \"region\": {{\"startLine\": {l}, \"startColumn\": {c}, \"endLine\": {l}}}}}}}], \"message\": {{\"text\": \"{m}\"}}, \"ruleId\": \"{rule}\"}}"))
        .collect();
    let sarif = format!("{{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"runs\": [{{\"results\": [{}], \"tool\": {{\"driver\": {{\"name\": \"ruff\", \"rules\": [{{\"id\": \"UP045\", \"shortDescription\": {{\"text\": \"Use X | None\"}}}}]}}}}}}], \"version\": \"2.1.0\"}}\n", sarif_results.join(", "));
    let gitlab: Vec<String> = rows
        .iter()
        .map(|(l, c, rule, m)| format!("{{\"check_name\": \"{rule}\", \"description\": \"{m}\", \"severity\": \"major\", \"fingerprint\": \"9f{l}\", \"location\": {{\"path\": \"pkg/a.py\", \"positions\": {{\"begin\": {{\"line\": {l}, \"column\": {c}}}, \"end\": {{\"line\": {l}, \"column\": 40}}}}}}}}"))
        .collect();
    let gitlab = format!("[{}]\n", gitlab.join(",\n"));
    let rdjson: Vec<String> = rows
        .iter()
        .map(|(l, c, rule, m)| format!("{{\"code\": {{\"url\": \"https://docs.astral.sh/ruff/rules/x\", \"value\": \"{rule}\"}}, \"location\": {{\"path\": \"/w/pkg/a.py\", \"range\": {{\"end\": {{\"column\": 40, \"line\": {l}}}, \"start\": {{\"column\": {c}, \"line\": {l}}}}}}}, \"message\": \"{m}\"}}"))
        .collect();
    let rdjson = format!("{{\"diagnostics\": [{}], \"severity\": \"WARNING\", \"source\": {{\"name\": \"ruff\", \"url\": \"https://docs.astral.sh/ruff\"}}}}\n", rdjson.join(", "));
    for (format, raw) in [("sarif", sarif), ("gitlab", gitlab), ("rdjson", rdjson)] {
        let (label, out) = run(&format!("ruff check --output-format {format} pkg"), &raw)
            .unwrap_or_else(|| panic!("{format}: rewritten"));
        assert_eq!(label, "json", "{format}");
        assert_keeps(
            &out,
            &[
                "3 findings in 1 file",
                "a.py",
                "28:15",
                "29:24",
                "42:23 UP006 Use `list`",
                "UP045",
            ],
        );
        assert!(
            !out.contains("shortDescription") && !out.contains("fingerprint"),
            "{format}: {out}"
        );
    }
    let azure: String = rows
        .iter()
        .map(|(l, c, rule, m)| format!("##vso[task.logissue type=error;sourcepath=/w/pkg/a.py;linenumber={l};columnnumber={c};code={rule};]{m}\n"))
        .collect();
    let (label, out) = run("ruff check --output-format azure pkg", &azure).expect("rewritten");
    assert_eq!(label, "workflow:ruff");
    assert_keeps(
        &out,
        &[
            "a.py",
            "28:15",
            "29:24",
            "42:23",
            "UP045 Use `X | None`",
            "UP006 Use `list`",
        ],
    );
    assert!(!out.contains("##vso"), "{out}");
}

/// A case whose class is a place (busted's `spec/a_spec.lua:5`) keeps it: passing and skipped
/// ones on a row per file.
#[test]
fn junit_cases_named_by_their_place_keep_it() {
    let xml = "<testsuites tests='4'>\n\t<testsuite name='Run 1 of 1' tests='4' failures='1' errors='0' skip='1'>\n\t\t<testcase classname='spec/a_spec.lua:5' name='a lowers' time='0.00'/>\n\t\t<testcase classname='spec/a_spec.lua:8' name='a drops' time='0.00'/>\n\t\t<testcase classname='spec/a_spec.lua:11' name='a trims' time='0.00'>\n\t\t\t<failure>spec/a_spec.lua:12: Expected objects to be equal.\n</failure>\n\t\t</testcase>\n\t\t<testcase classname='spec/a_spec.lua:27' name='a unicode' time='0.00'>\n\t\t\t<skipped/>\n\t\t</testcase>\n\t</testsuite>\n</testsuites>\n";
    assert_eq!(
        text_of("busted -o junit spec", xml),
        "suite Run 1 of 1: 4 tests, 1 failures, 0 errors, 0 skipped\n\
         FAIL spec/a_spec.lua:11 > a trims\n  spec/a_spec.lua:12: Expected objects to be equal.\n\
         passed at:\n  spec/a_spec.lua: 5 8\n\
         skipped at:\n  spec/a_spec.lua: 27\n\
         4 tests: 2 passed, 1 failed, 1 skipped\n"
    );
}

/// A JSON report keyed by file (phpcs `--report=json`): the keys are the findings' files, a
/// clean file and the totals beside them add no finding.
#[test]
fn json_findings_under_a_map_keyed_by_file() {
    let text = r#"{"totals":{"errors":1,"warnings":1,"fixable":1},"files":{"\/w\/src\/A.php":{"errors":1,"warnings":1,"messages":[{"message":"Expected 1 blank line","source":"PSR2.Files.EndFileNewline","severity":5,"fixable":true,"type":"ERROR","line":12,"column":1},{"message":"Line exceeds 120 characters","source":"Generic.Files.LineLength.TooLong","severity":5,"fixable":false,"type":"WARNING","line":30,"column":121}]},"\/w\/src\/B.php":{"errors":0,"warnings":0,"messages":[]}}}"#;
    let out = text_of("phpcs --report=json .", text);
    assert_keeps(
        &out,
        &[
            "A.php",
            "12:1",
            "30:121",
            "PSR2.Files.EndFileNewline",
            "Expected 1 blank line",
            "Line exceeds 120 characters",
        ],
    );
    // Data with objects keyed by words only: as it is.
    assert!(run(
        "phpcs --report=json .",
        r#"{"totals":{"errors":1},"other":{"a":{"b":[]}}}"#
    )
    .is_none());
}

/// ExUnit: progress characters, blank lines, a table's rules and the times drop; the rest stays.
#[test]
fn exunit_keeps_failures_and_summary() {
    let text = "Cover compiling modules ...\n*.\n\n  1) test p95 (QueueStatsTest)\n     test/q_test.exs:9\n     Assertion with == failed\n     left:  9\n     right: 10\n     stacktrace:\n       test/q_test.exs:10: (test)\n\n..\n.\nFinished in 0.08 seconds (0.00s async, 0.08s sync)\n7 tests, 1 failure, 1 skipped\n\nRandomized with seed 0\n\nPercentage | Module\n-----------|----------\n    88.89% | QueueStats\n";
    assert_eq!(
        text_of("mix test --cover", text),
        "Cover compiling modules ...\n  1) test p95 (QueueStatsTest)\n     test/q_test.exs:9\n     Assertion with == failed\n     left:  9\n     right: 10\n     stacktrace:\n       test/q_test.exs:10: (test)\n7 tests, 1 failure, 1 skipped\nRandomized with seed 0\nPercentage | Module\n    88.89% | QueueStats\n"
    );
    // Without its summary: not ExUnit's report.
    assert_ne!(
        run(
            "mix test",
            &text.replace("7 tests, 1 failure, 1 skipped\n", "")
        )
        .map(|(f, _)| f),
        Some("exunit".to_string())
    );
}

/// Issue 45's last shapes: short-form diagnostics by file, a warning repeated with details said
/// once with its details once, a commit's long `--stat` by directory, a `have`/`want` pair.
#[test]
fn short_diagnostics_repeated_warnings_and_commit_stats() {
    // `--message-format=short`: the file once; the progress line goes though its path says
    // `errors`.
    let short = "    Checking kit v0.3.1 (/w/kit-errors)\nsrc/lib.rs:3:5: warning: unused import: `x`\nsrc/lib.rs:29:1: error[E0046]: not all trait items implemented, missing: `healthy`, `drain`\nsrc/lib.rs:42:20: error[E0271]: type mismatch resolving `<u16 as FromStr>::Err == RouteError`\nsrc/lib.rs:48:29: error[E0599]: the method `to_string` exists for enum `Option<&str>`, but its trait bounds were not satisfied\nsrc/lib.rs:49:16: error[E0061]: this function takes 1 argument but 2 arguments were supplied\nerror: could not compile `kit` (lib) due to 4 previous errors; 1 warning emitted\n";
    assert_eq!(
        text_of("cargo check --message-format=short", short),
        "src/lib.rs:\n  3:5: warning: unused import: `x`\n  29:1: error[E0046]: not all trait items implemented, missing: `healthy`, `drain`\n  42:20: error[E0271]: type mismatch resolving `<u16 as FromStr>::Err == RouteError`\n  48:29: error[E0599]: the method `to_string` exists for enum `Option<&str>`, but its trait bounds were not satisfied\n  49:16: error[E0061]: this function takes 1 argument but 2 arguments were supplied\nerror: could not compile `kit` (lib) due to 4 previous errors; 1 warning emitted\n"
    );
    // A passing test run's warning fired in a macro at each use: its places, then its notes
    // once each.
    let mut warned = String::new();
    for (at, call) in [
        ("39:9", "src/v0.rs:1527:9"),
        ("39:9", "src/v0.rs:1585:9"),
        ("51:9", "src/v0.rs:1527:9"),
    ] {
        warned.push_str(&format!("warning: `panic` is ambiguous\n    --> src/lib.rs:{at}\n     |\n  39 |         assert!(\n     |         ^^^^^^ ambiguous name\n     |\n    ::: {call}\n     |\n1527 |         assert_contains!(x);\n     |         ------------------- in this macro invocation\n     |\nnote: `panic` could refer to the macro imported here\n    --> src/v0.rs:1283:9\n     |\n1283 |     use std::prelude::v1::*;\n     |         ^^^^^^^^^^^^^^^^^^^\n     = help: consider adding an explicit import of `panic` to disambiguate\n\n"));
    }
    warned.push_str("warning: `demangle` (lib test) generated 3 warnings\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 1.20s\n     Running unittests src/lib.rs (target/debug/deps/demangle-1)\n\nrunning 57 tests\ntest result: ok. 57 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\n");
    assert_eq!(
        text_of("cargo test", &warned),
        "warning: `panic` is ambiguous (3 places):\n  src/lib.rs: 39:9(x2) 51:9\n  ::: src/v0.rs:1527:9\n  src/v0.rs:1283:9: note: `panic` could refer to the macro imported here\n  ::: src/v0.rs:1585:9\nwarning: `demangle` (lib test) generated 3 warnings\n\nok. 57 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n"
    );
    // git log --stat: a commit's long file list by directory, each count after its name.
    let mut log = String::from("commit 65b6d2e7e22c72522051b62df07884da4d267537\nAuthor: Kofi Mensah <kofi@mensah.dev>\nDate:   Mon Apr 14 11:15:09 2025 +0000\n\n    vendor: finish syn 3.0.9 upgrade\n\n");
    for (i, f) in [
        "buffer", "classify", "data", "error", "file", "ident", "lib", "lit", "op",
    ]
    .iter()
    .enumerate()
    {
        log.push_str(&format!(" vendor/syn/src/{f}.rs | {:>3} ++--\n", i + 2));
    }
    log.push_str(" 9 files changed, 30 insertions(+), 24 deletions(-)\n\ncommit e43996ab85566c97f18fac348f1d91170bc40205\nAuthor: Ama Mensah <ama@mensah.dev>\nDate:   Fri Apr 4 08:27:32 2025 +0000\n\n    vendor: import syn\n\n README.md | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n");
    let out = text_of("git log --stat", &log);
    assert!(
        out.contains("vendor/syn/src/\n  buffer.rs 2  classify.rs 3  data.rs 4"),
        "{out}"
    );
    assert!(out.contains(" README.md 2\n"), "{out}");
}

/// A JavaScript error's trace, however the program was started: runs of frames inside
/// dependencies and node's own modules counted; the error, its place and the program's frames stay.
#[test]
fn js_traces_count_dependency_frames() {
    let dep = |i: u32| format!("    at f{i} (/app/node_modules/yaml/dist/compose/c{i}.js:{i}:5)\n");
    let mut raw = String::from("\n> app@1.0.0 start\n> node src/cli.js\n\n/app/node_modules/yaml/dist/compose/composer.js:69\n    this.errors.push(e);\n    ^\n\nYAMLParseError: bad indent at line 7, column 1:\n\n");
    for i in 1..=6 {
        raw.push_str(&dep(i));
    }
    raw.push_str("    at main (/app/src/cli.js:12:3)\n    at node:internal/main/run_main_module:28:49 {\n  code: 'BAD_INDENT'\n}\n\nNode.js v20.20.2\n");
    let raw = raw.repeat(4);
    for command in ["npm start", "node src/cli.js"] {
        let out = text_of(command, &raw);
        assert_keeps(
            &out,
            &[
                "/app/node_modules/yaml/dist/compose/composer.js:69\n",
                "YAMLParseError: bad indent at line 7, column 1:\n",
                "    [6 frames in dependencies and node's own modules]\n    at main (/app/src/cli.js:12:3)\n    at node:internal/main/run_main_module:28:49 {\n  code: 'BAD_INDENT'\n",
            ],
        );
        assert!(!out.contains("c3.js"), "{out}");
    }
}

/// A tool installed in node_modules raising its own error (a bundler, a CLI): its trace has no
/// frame of the program's own and nothing above it says its top frame's place, so its frames are
/// where the error comes from and stay whole, in the same output as a program's trace whose
/// dependency frames are counted.
#[test]
fn js_traces_of_a_tool_keep_their_frames() {
    let mut tool = String::from(
        "[!] BundleError: src/main.js (4:9): \"missing\" is not exported by \"src/util.js\"\n",
    );
    for i in 1..=8 {
        tool.push_str(&format!(
            "    at step{i} (/repo/node_modules/bundler/dist/shared/core.js:{}:{i})\n",
            100 * i
        ));
    }
    for command in ["bundler -c", "npx bundler -c", "blindprog -c"] {
        let out = run(command, &tool.repeat(3)).map_or(tool.repeat(3), |(_, out)| out);
        for i in 1..=8 {
            assert!(out.contains(&format!("core.js:{}:{i})", 100 * i)), "{out}");
        }
    }
    let mut both = tool.clone();
    both.push_str("\nTypeError: x is undefined\n");
    for i in 1..=5 {
        both.push_str(&format!(
            "    at f{i} (/app/node_modules/lib/l{i}.js:{i}:5)\n"
        ));
    }
    both.push_str("    at main (/app/src/cli.js:12:3)\n");
    let out = text_of("node src/cli.js", &both);
    assert_keeps(
        &out,
        &[
            "core.js:100:1)",
            "core.js:800:8)",
            "    [5 frames in dependencies and node's own modules]\n    at main (/app/src/cli.js:12:3)",
        ],
    );
    assert!(!out.contains("l3.js"), "{out}");
    // Node's uncaught-error header says the top frame's place: a trace cut at ten frames inside
    // a dependency, before the program's own, is counted.
    let mut cut = String::from(
        "/app/node_modules/lib/l1.js:1\n    throw e;\n    ^\n\nTypeError: x is undefined\n\n",
    );
    for i in 1..=10 {
        cut.push_str(&format!(
            "    at f{i} (/app/node_modules/lib/l{i}.js:{i}:5)\n"
        ));
    }
    cut.push_str("\nNode.js v20.20.2\n");
    let out = text_of("npm start", &cut);
    assert_keeps(
        &out,
        &[
            "/app/node_modules/lib/l1.js:1\n",
            "    [10 frames in dependencies and node's own modules]\n",
        ],
    );
}

/// A long history (a big `git log -p` of several commits): hunks told apart by an empty line,
/// not led by their line in a past version of the file; blank lines added or removed among
/// other changes dropped; every changed line with text kept; a hunk that only adds a blank line
/// keeps it. A short log keeps its places.
#[test]
fn a_long_historys_hunks_drop_their_places_and_blank_changes() {
    let hunk = |at: usize, i: usize| {
        format!("@@ -{at},4 +{at},6 @@ def f{i}():\n     a = {i}\n+\n+    b = compute_the_value_of_item({i})\n-    c = old_value_of_item({i})\n+    c = new_value_of_item({i})\n     d = {i}\n")
    };
    let commit = |h: &str, hunks: usize| {
        let mut c = format!("commit {h}\nAuthor: A <a@b>\nDate:   Mon Jan 5 10:00:00 2026 +0000\n\n    change {h}\n\ndiff --git a/m.py b/m.py\nindex 1..2 100644\n--- a/m.py\n+++ b/m.py\n");
        for i in 0..hunks {
            c.push_str(&hunk(10 + 20 * i, i));
        }
        c.push_str("@@ -900,2 +920,3 @@\n x\n+\n y\n");
        c
    };
    let raw = commit("1111111111", 120) + &commit("2222222222", 120);
    assert!(raw.len() > 16_000);
    let out = text_of("git log -p", &raw);
    for i in [0, 57, 119] {
        assert_keeps(
            &out,
            &[&format!("+    b = compute_the_value_of_item({i})\n-    c = old_value_of_item({i})\n+    c = new_value_of_item({i})\n")],
        );
    }
    assert_keeps(
        &out,
        &[
            "--- m.py\n+    b = compute_the_value_of_item(0)\n",
            "new_value_of_item(0)\n\n+    b = compute_the_value_of_item(1)\n",
            "new_value_of_item(119)\n\n+\n",
        ],
    );
    assert!(!out.contains("\n+\n+    b"), "{out}");
    assert!(!out.contains("10 +") && !out.contains("30 +"), "{out}");
    // The same change made again further down: said once, its places listed.
    let again = |at: usize| {
        format!("@@ -{at},3 +{at},3 @@\n x\n-    /// [`Cell`]: https://doc.rust-lang.org/std/cell/struct.Cell.html\n+    /// [`Cell`]: std::cell::Cell\n y\n")
    };
    let mut twice = commit("4444444444", 120);
    twice.push_str(&(again(2000) + &again(2100) + &again(2200)));
    let out = text_of("git log -p", &(twice + &commit("5555555555", 1)));
    assert_eq!(out.matches("struct.Cell.html").count(), 1, "{out}");
    assert_keeps(&out, &["\n\n2001, 2101, 2201 -    /// [`Cell`]: https://doc.rust-lang.org/std/cell/struct.Cell.html\n+    /// [`Cell`]: std::cell::Cell\n"]);
    // The same commit alone, small: each hunk led by its line.
    let short = text_of("git log -p", &commit("3333333333", 2));
    assert_keeps(&short, &["11 +\n+    b = compute_the_value_of_item(0)\n"]);
}

/// A program no filter names: its per-test pass lines are counted on the first, its progress
/// on the last, its table rules dropped; failures, warnings, locations and summaries stay whole.
#[test]
fn unnamed_programs_lines_are_counted_by_shape() {
    let mut tap = String::from("TAP version 13\n");
    for i in 1..=30 {
        tap.push_str(&format!("ok {i} - parses case number {i} of the input\n"));
    }
    tap.push_str("not ok 31 - rejects bad input\n  at test/parse.js:40:7\nok 32 - error paths report their place\n# tests 32\n# pass 30\n# fail 1\n");
    let (label, out) = run("./run-tests", &tap).expect("rewritten");
    assert_eq!(label, "tap");
    assert!(out.contains("ok 1 - parses case number 1 of the input (and 29 more passing lines like it)\nnot ok 31"), "{out}");
    for kept in [
        "not ok 31 - rejects bad input",
        "test/parse.js:40:7",
        "ok 32 - error paths report their place",
        "# pass 30",
        "# fail 1",
    ] {
        assert!(out.contains(kept), "{kept} in {out}");
    }
    assert!(!out.contains("ok 2 -"), "{out}");

    let mut build = String::new();
    for i in 1..=20 {
        build.push_str(&format!(
            "[{:3}%] Building C object src/CMakeFiles/app.dir/unit_{i}.c.o\n",
            i * 5
        ));
    }
    build.push_str(
        "src/unit_3.c:14:5: warning: unused variable 'x'\n[100%] Linking C executable app\n",
    );
    let (_, out) = run("./build.sh", &build).expect("rewritten");
    assert!(
        out.contains("src/unit_3.c:14:5: warning: unused variable 'x'"),
        "{out}"
    );
    assert!(
        out.contains("[100%] Linking C executable app (after 20 progress lines)"),
        "{out}"
    );
    assert!(!out.contains("unit_1.c.o"), "{out}");

    let rule = "-".repeat(60);
    let table = format!("Name                     Stmts   Miss  Cover\n{rule}\nsrc/app/__init__.py          4      0   100%\nsrc/app/core.py            120     14    88%\n{rule}\nTOTAL                      124     14    89%\n").repeat(8);
    let (_, out) = run("coverage report", &table).expect("rewritten");
    assert!(
        !out.contains(&rule) && out.contains("TOTAL                      124     14    89%"),
        "{out}"
    );
    // A program that prints a file's data keeps it as it is.
    assert_eq!(run("cat report.txt", &table), None);
}

/// `node --test`'s spec reporter: a failure's trace has its runs of node's own frames counted,
/// with a child's TAP among its lines as without. The test's own frame, its message, the recap's
/// place and the counts stay.
#[test]
fn node_test_reporter_counts_node_frames() {
    let failure = |indent: &str| {
        let frames = [
            "at TestContext.<anonymous> (/w/shop/test/cart.test.js:6:106)",
            "at Test.runInAsyncScope (node:async_hooks:206:9)",
            "at Test.run (node:internal/test_runner/test:796:25)",
            "at Suite.processPendingSubtests (node:internal/test_runner/test:526:18)",
            "at Test.postRun (node:internal/test_runner/test:889:19)",
            "at Test.run (node:internal/test_runner/test:835:12)",
            "at async Promise.all (index 0)",
        ];
        let mut f = format!("{indent}✖ halves with coupon (10.2ms)\n{indent}  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n{indent}  81 !== 80\n\n");
        for frame in frames {
            f.push_str(&format!("{indent}      {frame}\n"));
        }
        f.push_str(&format!("{indent}    code: 'ERR_ASSERTION',\n{indent}    actual: 81,\n{indent}    expected: 80\n{indent}  }}\n"));
        f
    };
    let mut spec = String::from("▶ Cart\n");
    for i in 1..=6 {
        spec.push_str(&format!("  ✔ sums case {i} (1.3ms)\n"));
    }
    spec.push_str(&failure("  "));
    spec.push_str("✖ Cart (21.9ms)\nℹ tests 7\nℹ pass 6\nℹ fail 1\n\n✖ failing tests:\n\ntest at test/cart.test.js:6:8\n");
    spec.push_str(&failure(""));
    let tap = "TAP version 13\nok 1 should be strictly equal\nnot ok 2 half of 160\n    expected: 80\n    actual:   81\n1..2\n# tests 2\n# pass  1\n# fail  1\n";
    for (raw, label) in [
        (spec.clone(), "js-trace"),
        (spec.replace("✖ Cart", &format!("{tap}✖ Cart")), "tap"),
    ] {
        let (got, out) = run("node --test --test-reporter=spec test/", &raw).expect("rewritten");
        assert_eq!(got, label);
        assert!(!out.contains("node:internal/test_runner"), "{out}");
        assert_keeps(
            &out,
            &[
                "at TestContext.<anonymous> (/w/shop/test/cart.test.js:6:106)",
                "frames in dependencies and node's own modules]",
                "81 !== 80",
                "✖ halves with coupon",
                "test at test/cart.test.js:6:8",
                "ℹ fail 1",
            ],
        );
    }
}

/// TAP 13 (`node --test --test-reporter=tap`): a pass's `# Subtest:` heading and YAML block go
/// with it; a failure's stay whole.
#[test]
fn tap_passes_drop_their_headings_and_blocks() {
    let mut tap = String::from("TAP version 13\n");
    for i in 1..=10 {
        tap.push_str(&format!("    # Subtest: case {i}\n    ok {i} - case {i}\n      ---\n      duration_ms: 0.25\n      ...\n"));
    }
    tap.push_str("    # Subtest: breaks\n    not ok 11 - breaks\n      ---\n      duration_ms: 6.8\n      location: '/p/test/parse.test.js:15:11'\n      error: |-\n        Expected values to be strictly equal\n      ...\n# pass 10\n# fail 1\n");
    let (label, out) = run("node --test --test-reporter=tap test/", &tap).expect("rewritten");
    assert_eq!(label, "tap");
    assert!(
        !out.contains("# Subtest: case") && !out.contains("duration_ms: 0.25"),
        "{out}"
    );
    for kept in [
        "ok 1 - case 1 (and 9 more passing lines like it)",
        "not ok 11 - breaks",
        "/p/test/parse.test.js:15:11",
        "Expected values to be strictly equal",
        "# fail 1",
    ] {
        assert!(out.contains(kept), "{kept} in {out}");
    }
    assert!(
        !out.contains("duration_ms") && !out.contains("# Subtest"),
        "{out}"
    );
}

/// A failing TAP result's YAML block (node --test, under c8 or npm test): its location, its
/// error with the diff, and the stack frames that name a file stay; the runner's bookkeeping
/// (duration, codes, `expected`/`actual` that the diff shows), the block's markers and the
/// runtime's own frames go. Fewer passes than are counted: their blocks go all the same.
#[test]
fn a_failing_tap_results_block_keeps_location_error_and_own_frames() {
    let tap = "TAP version 13\n# Subtest: lineTotal\n    # Subtest: standard rate\n    ok 1 - standard rate\n      ---\n      duration_ms: 30.231323\n      ...\n    # Subtest: reduced rate rounding\n    not ok 2 - reduced rate rounding\n      ---\n      duration_ms: 25.361473\n      location: '/tmp/app/test/node-invoice.test.js:7:11'\n      failureType: 'testCodeFailure'\n      error: |-\n        Expected values to be strictly equal:\n\n        1.1 !== 1.11\n\n      code: 'ERR_ASSERTION'\n      name: 'AssertionError'\n      expected: 1.11\n      actual: 1.1\n      operator: 'strictEqual'\n      stack: |-\n        TestContext.<anonymous> (/tmp/app/test/node-invoice.test.js:7:54)\n        Test.runInAsyncScope (node:async_hooks:206:9)\n        Test.run (node:internal/test_runner/test:796:25)\n        async Promise.all (index 0)\n        TestContext.<anonymous> (file:///tmp/app/test/wrap.test.js:11:12)\n      ...\n    1..2\nnot ok 1 - lineTotal\n  ---\n  duration_ms: 76.649208\n  location: '/tmp/app/test/node-invoice.test.js:5:1'\n  failureType: 'subtestsFailed'\n  error: '1 subtest failed'\n  code: 'ERR_TEST_FAILURE'\n  ...\n# Subtest: pdf export\nok 2 - pdf export # SKIP\n  ---\n  duration_ms: 20.78345\n  ...\n1..2\n# tests 3\n# pass 1\n# fail 2\n# skipped 1\n";
    let (label, out) = run("npx c8 node --test test/", tap).expect("rewritten");
    assert_eq!(label, "npx:c8:tap");
    assert_keeps(
        &out,
        &[
            "# Subtest: lineTotal\n    ok 1 - standard rate\n    not ok 2 - reduced rate rounding\n      location: '/tmp/app/test/node-invoice.test.js:7:11'\n      error: |-\n        Expected values to be strictly equal:\n        1.1 !== 1.11\n      stack: |-\n        TestContext.<anonymous> (/tmp/app/test/node-invoice.test.js:7:54)\n        TestContext.<anonymous> (file:///tmp/app/test/wrap.test.js:11:12)\n    1..2\n",
            "not ok 1 - lineTotal\n  location: '/tmp/app/test/node-invoice.test.js:5:1'\n  error: '1 subtest failed'\nok 2 - pdf export # SKIP\n1..2\n# tests 3\n# pass 1\n# fail 2\n# skipped 1",
        ],
    );
    for gone in [
        "duration_ms",
        "ERR_",
        "node:internal",
        "Promise.all",
        "expected: 1.11",
        "---",
    ] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
}

/// tape's TAP (under nyc too): read as TAP, not as a JavaScript trace; the passes are counted
/// with the headings of the groups that all passed; a failing group's heading, its `not ok`,
/// `expected`, `actual` and `at` (no `error` shows them here) and the run's counts stay; the
/// stack's frames in tape itself, the runtime's and the one `at` already names go.
#[test]
fn tapes_stream_counts_passing_groups_and_keeps_each_failure_whole() {
    let mut tap = String::from("TAP version 13\n");
    for g in 1..=6 {
        tap.push_str(&format!(
            "# group {g}\nok {} should be equal\nok {} should be equal\n",
            2 * g - 1,
            2 * g
        ));
    }
    tap.push_str("# parse args\nnot ok 13 no\n  ---\n    operator: deepEqual\n    expected: |-\n      { moo: false, _: [] }\n    actual: |-\n      { _: [], moo: 'false' }\n    at: Test.<anonymous> (/w/mm/test/parse.js:7:4)\n    stack: |-\n      Error: no\n          at Test.assert [as _assert] (/w/mm/node_modules/tape/lib/test.js:548:48)\n          at Test.<anonymous> (/w/mm/test/parse.js:7:4)\n          at Test.run (/w/mm/node_modules/tape/lib/test.js:151:28)\n          at process.processImmediate (node:internal/timers:483:21)\n  ...\nok 14 multi\n\n1..14\n# tests 14\n# pass  13\n# fail  1\n");
    let (label, out) = run("npx nyc tape test/*.js", &tap).expect("rewritten");
    assert_eq!(label, "npx:nyc:tap");
    assert_keeps(
        &out,
        &[
            "TAP version 13\nok 1 should be equal (and 12 more passing lines like it, in 6 groups that all passed)\n# parse args\nnot ok 13 no\n",
            "not ok 13 no\n    expected: |-\n      { moo: false, _: [] }\n    actual: |-\n      { _: [], moo: 'false' }\n    at: Test.<anonymous> (/w/mm/test/parse.js:7:4)\n",
            "1..14\n# tests 14\n# pass  13\n# fail  1",
        ],
    );
    for gone in [
        "# group",
        "node_modules",
        "node:internal",
        "ok 2 ",
        "ok 14",
        "operator",
    ] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
    assert_eq!(out.matches("parse.js:7:4").count(), 1, "{out}");
}

/// mocha's tap reporter: a failure's message said, then said again after the error's name;
/// the second telling (with the name) stays, the first, the blank lines and the runtime's
/// frames go; the test's own frame stays.
#[test]
fn a_tap_failures_repeated_message_is_said_once() {
    let mut tap = String::new();
    for i in 1..=3 {
        tap.push_str(&format!("ok {i} ms parses case {i}\n"));
    }
    tap.push_str("not ok 4 ms formats long\n  Expected values to be strictly equal:\n  + actual - expected\n  \n  + '2 minutes'\n  - '1.5 minutes'\n  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n  + actual - expected\n  \n  + '2 minutes'\n  - '1.5 minutes'\n      at Context.<anonymous> (test/util.test.js:8:43)\n      at process.processImmediate (node:internal/timers:483:21)\nok 5 yaml round trips a map\n# tests 5\n# pass 4\n# fail 1\n1..5\n");
    let (label, out) = run("npx mocha --reporter tap test/", &tap).expect("rewritten");
    assert_eq!(label, "npx:tap");
    assert_keeps(
        &out,
        &["not ok 4 ms formats long\n  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n  + actual - expected\n  + '2 minutes'\n  - '1.5 minutes'\n      at Context.<anonymous> (test/util.test.js:8:43)\nok 5 yaml round trips a map\n"],
    );
    assert_eq!(out.matches("Expected values").count(), 1, "{out}");
    assert!(!out.contains("node:internal"), "{out}");
}

/// Nested TAP (node's runner, subtests under a suite): the outer results are each suite's
/// verdict and stay; the nested passes are counted; a directive (`# TODO`, `# SKIP`) stays.
#[test]
fn nested_tap_keeps_its_outer_results_and_directives() {
    let mut tap = String::from("TAP version 13\n# Subtest: parse\n");
    for i in 1..=10 {
        tap.push_str(&format!("    # Subtest: case {i}\n    ok {i} - case {i}\n      ---\n      duration_ms: 0.25\n      ...\n"));
    }
    tap.push_str("    # Subtest: later\n    ok 11 - later # TODO\n      ---\n      duration_ms: 0.3\n      ...\n    1..11\nok 1 - parse\n  ---\n  duration_ms: 9.1\n  type: 'suite'\n  ...\n# Subtest: format\nok 2 - format\n  ---\n  duration_ms: 1.2\n  ...\n1..2\n# pass 12\n# todo 1\n");
    let (_, out) = run("node --test test/", &tap).expect("rewritten");
    for kept in [
        "ok 1 - case 1 (and 9 more passing lines like it)",
        "ok 11 - later # TODO",
        "\nok 1 - parse",
        "\nok 2 - format",
        "# pass 12",
    ] {
        assert!(out.contains(kept), "{kept} in {out}");
    }
}

/// An explanation tree that says the same edge again (`npm explain`: each dependent's own
/// chain of dependents, again wherever it is reached): the repeat goes with what is under it;
/// a repeat with a line not said yet above that line stays, as its place in the tree.
#[test]
fn an_explanation_trees_repeated_edges_are_said_once() {
    let chain = |d: usize| {
        let pad = " ".repeat(d);
        format!("{pad}jest-config@\"30.5.2\" from jest-cli@30.5.2\n{pad}node_modules/jest-cli\n{pad}  jest-cli@\"30.5.2\" from jest@30.5.2\n{pad}  node_modules/jest\n{pad}    jest@\"^30.5.2\" from the root project\n")
    };
    let mut text = String::from("picomatch@4.0.7\nnode_modules/picomatch\n");
    for (from, d) in [("fdir", 4), ("anymatch", 4), ("micromatch", 6)] {
        text.push_str(&format!(
            "  picomatch@\"^4.0.3\" from {from}@1.0.0\n  node_modules/{from}\n"
        ));
        if d == 6 {
            text.push_str("    micromatch@\"^4\" from globby@16.2.4\n    node_modules/globby\n");
        }
        text.push_str(&chain(d));
    }
    text.push_str("  picomatch@\"^4.0.3\" from tinyglobby@0.2.1\n  node_modules/tinyglobby\n    jest-config@\"30.5.2\" from jest-cli@30.5.2\n    node_modules/jest-cli\n      jest-cli@\"30.5.2\" from jest@30.5.3\n      node_modules/jest\n        jest@\"^30.5.2\" from the root project\n");
    let (_, out) = run("npm explain picomatch", &text).expect("rewritten");
    // The repeat goes with what is under it.
    assert_eq!(
        out.matches("jest-config@\"30.5.2\" from jest-cli@30.5.2")
            .count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("picomatch@\"^4.0.3\" from anymatch@1.0.0\n  picomatch@\"^4.0.3\" from micromatch@1.0.0\n"),
        "{out}"
    );
    assert!(
        out.contains("micromatch@\"^4\" from globby@16.2.4\n  picomatch"),
        "{out}"
    );
    assert!(!out.contains("node_modules/"), "{out}");
    // The edge not said yet (from jest@30.5.3) stays, under the repeat that places it.
    assert!(
        out.contains("from tinyglobby@0.2.1\n    jest-config@\"30.5.2\" from jest-cli@30.5.2\n      jest-cli@\"30.5.2\" from jest@30.5.3"),
        "{out}"
    );
    assert_eq!(out.matches("from the root project").count(), 1, "{out}");
    // A program that prints a file's data keeps it as it is.
    assert_eq!(run("cat tree.txt", &text), None);
}

/// A graphical report (miette's, as oxlint prints it, whatever the program is called): each
/// finding's header, place, labels and help on one line under its file, a message said at three
/// places or more once with its places; the source frames go; the summary stays.
#[test]
fn a_graphical_reports_findings_are_grouped_by_file() {
    let finding = |path: &str, at: &str, code: &str| {
        format!("\n  \u{26a0} eslint(no-unused-expressions): Expected expression to be used\n     \u{256d}\u{2500}[{path}:{at}]\n 581 \u{2502}   markOnly() {{\n 582 \u{2502}     {code}\n     \u{b7}     \u{2500}\u{2500}\u{2500}\u{2500}\u{2500}\u{2500}\u{2500}\u{2500}\n 583 \u{2502}   }}\n     \u{2570}\u{2500}\u{2500}\u{2500}\u{2500}\n  help: Consider using this expression or removing it\n")
    };
    let mut text = String::new();
    text.push_str(&finding(
        "vendor/suite.js",
        "582:5",
        "this.parent && this.parent.appendOnlySuite(this);",
    ));
    text.push_str(&finding("vendor/mocha.cjs", "413:3", "fn && fn();"));
    text.push_str(&finding("vendor/suite.js", "601:7", "a && a.b();"));
    text.push_str("\n  \u{d7} eslint(no-unused-vars): Variable 'prop' is declared but never used.\n     \u{256d}\u{2500}[vendor/utils.cjs:403:7]\n 403 \u{2502}   var prop; // \u{2716} a problem: the words eslint's output has\n     \u{b7}       \u{2500}\u{2500}\u{252c}\u{2500}\n     \u{b7}         \u{2570}\u{2500}\u{2500} 'prop' is declared here\n     \u{2570}\u{2500}\u{2500}\u{2500}\u{2500}\n\nFound 3 warnings and 1 error.\nFinished in 40ms on 62 files with 96 rules using 2 threads.\n");
    let (label, out) = run("npx oxlint vendor", &text).expect("rewritten");
    assert!(label.ends_with("graphical"), "{label}");
    for kept in [
        // Said at three places: once, with its places by file.
        "\u{26a0} eslint(no-unused-expressions): Expected expression to be used (3 places):\n  vendor/suite.js: 582:5 601:7\n  vendor/mocha.cjs: 413:3\n",
        "403:7 \u{d7} eslint(no-unused-vars): Variable 'prop' is declared but never used. ('prop' is declared here)",
        "Found 3 warnings and 1 error.",
        "Finished in 40ms",
    ] {
        assert!(out.contains(kept), "{kept} in {out}");
    }
    assert!(!out.contains("markOnly"), "{out}");
}

#[test]
fn a_linters_one_line_list_is_grouped_by_file_whatever_the_linter() {
    // markdownlint's format (a space after the place), the same message at several places of a
    // file on one line; the summary after the rows stays.
    let md = "docs/a.md:5:81 error MD013/line-length Line length [Expected: 80; Actual: 246]\ndocs/a.md:33:3 error MD060/table-column-style Table column style [Table pipe is missing space]\ndocs/a.md:33:7 error MD060/table-column-style Table column style [Table pipe is missing space]\ndocs/b.md:8 error MD032/blanks-around-lists Lists should be surrounded by blank lines\n\n4 errors\n";
    assert_eq!(
        run("markdownlint docs", md),
        Some((
            "lint-list".to_string(),
            "docs/a.md:\n  5:81 error MD013/line-length Line length [Expected: 80; Actual: 246]\n  33:3, 33:7 error MD060/table-column-style Table column style [Table pipe is missing space]\ndocs/b.md:\n  8 error MD032/blanks-around-lists Lists should be surrounded by blank lines\n\n4 errors\n".to_string()
        ))
    );
    // A rule's findings in a file that differ in their bracketed details only: the rule said
    // once, each place with its details under it.
    let lengths = "a.md:5:81 error MD013/line-length Line length [Expected: 80; Actual: 246]\na.md:8 error MD032/blanks-around-lists Lists should be surrounded\na.md:26:81 error MD013/line-length Line length [Expected: 80; Actual: 175]\n";
    assert_eq!(
        text_of("markdownlint a.md", lengths),
        "a.md:\n  error MD013/line-length Line length:\n    5:81 [Expected: 80; Actual: 246]\n    26:81 [Expected: 80; Actual: 175]\n  8 error MD032/blanks-around-lists Lists should be surrounded\n"
    );
    // shellcheck -f gcc (`: ` after the place): a message said in several files once, with its
    // places by file.
    let gcc = "deb/a:30:3: warning: In POSIX sh, 'local' is undefined. [SC3043]\ndeb/a:38:26: warning: Prefer [ p ] || [ q ]. [SC2166]\ndeb/b:2:1: warning: In POSIX sh, 'local' is undefined. [SC3043]\n";
    assert_eq!(
        text_of("shellcheck -f gcc deb/a deb/b", gcc),
        "deb/a:\n  38:26 warning: Prefer [ p ] || [ q ]. [SC2166]\nwarning: In POSIX sh, 'local' is undefined. [SC3043] (2 places):\n  deb/a: 30:3\n  deb/b: 2:1\n"
    );
    // Anything else among the rows (a snippet under a finding), or rows too few or mixed with
    // other lines (a log with `host:port` in it): not a list, unchanged.
    let snippet = "a.sh:3:1: warning: x [SC1]\n  echo $x\na.sh:4:1: warning: y [SC2]\na.sh:5:1: warning: z [SC3]\n";
    assert_eq!(run("shellcheck -f gcc a.sh", snippet), None);
    let log = "db:5432 up\nstarting worker\ncache:6379 up\nready\nweb:8080 listening\n";
    assert_eq!(run("supervise", log), None);
}

#[test]
fn a_commit_log_and_a_long_listing_are_read_by_their_shape_whatever_printed_them() {
    // git's commit format from a script around git log: the named filter's text.
    let raw = "commit 0123456789abcdef0123456789abcdef01234567 (HEAD -> main)\nAuthor: Ada Lovelace <ada@example.com>\nDate:   Mon Jan 5 10:00:00 2026 +0100\n\n    Subject line\n\n    Body line.\n\n src/a.rs | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)\n\ncommit 1111111111111111111111111111111111111111\nAuthor: Alan Turing <alan@example.org>\nDate:   Tue Jan 6 11:30:00 2026 +0000\n\n    Second\n\ndiff --git a/x.txt b/x.txt\nindex 1..2 100644\n--- a/x.txt\n+++ b/x.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n d\n";
    let (label, out) = run("./history.sh --stat -p", raw).expect("rewritten");
    assert_eq!(label, "commit-log");
    assert_eq!(out, text_of("git log --stat -p", raw));
    // A first line that only starts like one (prose, a hash too short): not a commit.
    let prose = "commit early and often\nAuthor: someone\n".repeat(3);
    assert_ne!(
        run("./notes.sh", &prose).map(|r| r.0).as_deref(),
        Some("commit-log")
    );
    // ls -l's rows from a wrapper: each name with its size and kind, as `ls -l` gives.
    let ls = "total 8\ndrwxr-xr-x 2 u g 4096 Nov 25 22:14 .\ndrwxr-xr-x 9 u g 4096 Nov 25 22:14 ..\ndrwxr-xr-x 2 u g 4096 Nov 25 22:14 src\n-rwxr-xr-x 1 u g 20480 Nov 25 22:14 run.sh\n-rw-r--r-- 1 u g 12 Nov 25 22:14 a b.txt\nlrwxrwxrwx 1 u g 4 Nov 25 22:14 l -> src\n";
    assert_eq!(
        run("./list-dir.sh", ls),
        Some((
            "long-listing".to_string(),
            "  src/  run.sh* 20.0K  a b.txt 12  l -> src\n".to_string()
        ))
    );
    // Rows mixed with other lines (a report that quotes a row): not a listing.
    let mixed = format!("{ls}checked 4 entries\nwarning: l is a link\nnext step\n");
    assert_ne!(
        run("./list-dir.sh", &mixed).map(|r| r.0).as_deref(),
        Some("long-listing")
    );
}

#[test]
fn a_search_s_matches_from_a_program_no_filter_names_keep_each_match_with_its_place() {
    // grep -rn's shape from a wrapper script: the same indented line in several files is a match
    // of each, not one message with places (the lint-list shape would say it once).
    let matches = "py/a/streams.py:177:        raise NotImplementedError\npy/a/base.py:471:        raise NotImplementedError\npy/a/base.py:481:        raise NotImplementedError\npy/b/x.py:12:def f():\npy/b/x.py:30:    raise NotImplementedError\n";
    let (label, out) = run("./search.sh NotImplementedError", matches).expect("rewritten");
    assert_eq!(label, "match-list");
    for kept in [
        "177: raise NotImplementedError",
        "471: raise NotImplementedError",
        "481: raise NotImplementedError",
        "12:def f():",
        "30: raise NotImplementedError",
    ] {
        assert!(out.contains(kept), "{kept} in {out}");
    }
    assert!(!out.contains("places"), "{out}");
    // A log whose lines start with a time (`2025-06-11T08:32:29.558Z`, `Nov 29 00:30:01`) is
    // not a search's matches: its lines stay whole.
    let log = "2025-06-11T08:32:29.558Z INFO  http.access path=/api/cart status=201\n2025-06-11T08:32:31.310Z INFO  http.access path=/api/invoices status=200\n2025-06-11T08:32:31.420Z WARN  http.access path=/api/orders status=201\nNov 29 00:30:01 web-03 sshd[8364]: Failed password\n";
    assert_ne!(
        run("./logs.sh", log).map(|r| r.0).as_deref(),
        Some("match-list")
    );
    // A linter's rows (a message after `: ` or a space) still read as findings.
    let lint = "a.py:1:8: F401 unused\na.py:2:8: F401 unused\nb.py:3:1: E501 long\n".repeat(3);
    assert_eq!(
        run("./lint.sh", &lint).map(|r| r.0).as_deref(),
        Some("lint-list")
    );
    let md = "docs/a.md:5:81 error MD013 Line length\ndocs/a.md:33:3 error MD060 Table\ndocs/b.md:8 error MD032 Lists\n";
    assert_eq!(
        run("./lint.sh", md).map(|r| r.0).as_deref(),
        Some("lint-list")
    );
}

#[test]
fn shellchecks_default_format_keeps_each_findings_place_code_and_message() {
    let tty = "\nIn deb/ucf line 39:\nprogname=\"$(basename $0)\"\n                     ^-- SC2086 (info): Double quote to prevent globbing.\n\nDid you mean: \nprogname=\"$(basename \"$0\")\"\n\n\nIn deb/ucf line 67:\n        local moddate=\"$(date)\"\n        ^-----------^ SC3043 (warning): In POSIX sh, 'local' is undefined.\n              ^-----^ SC2155 (warning): Declare and assign separately.\n\n\nIn deb/ucf line 112:\n  echo $1\n       ^-- SC2086 (info): Double quote to prevent globbing.\n\n\nIn deb/get line 5:\n  local x=1\n  ^-----^ SC3043 (warning): In POSIX sh, 'local' is undefined.\n\nFor more information:\n  https://www.shellcheck.net/wiki/SC2086 -- Double quote to prevent globbing ...\n  https://www.shellcheck.net/wiki/SC3043 -- In POSIX sh, 'local' is undefined.\n";
    assert_eq!(
        run("shellcheck deb/ucf deb/get", tty),
        Some((
            "shellcheck".to_string(),
            "deb/ucf:\n  39, 112 SC2086 (info): Double quote to prevent globbing.\n  67 SC2155 (warning): Declare and assign separately.\nSC3043 (warning): In POSIX sh, 'local' is undefined. (2 places):\n  deb/ucf: 67\n  deb/get: 5\n(1 suggested rewrites not shown: shellcheck -f diff prints them)\n".to_string()
        ))
    );
    // A line the format does not have: unchanged.
    let odd = format!("{tty}\nsomething else\n");
    assert_eq!(run("shellcheck deb/ucf", &odd), None);
}

/// A table's rules and padding cost few tokens (o200k_base: 79 dashes are 2, 40 blanks 1), so a
/// rewrite that only drops a small table's rules saves too little to be used; letters cost what
/// their bytes say.
#[test]
fn rules_and_padding_count_as_the_tokens_they_are() {
    assert_eq!(approx_tokens(&"-".repeat(79)), 3.0);
    assert_eq!(approx_tokens(&" ".repeat(40)), 2.0);
    assert_eq!(approx_tokens("word word"), 2.25);
    // Every ASCII byte once: 32 punctuation bytes (half a token each), one line break, the
    // other 95 a quarter each.
    let ascii: String = (0u8..128).map(char::from).collect();
    assert_eq!(approx_tokens(&ascii), 32.0 * 0.5 + 1.0 + 95.0 / 4.0);
    let rule = "-".repeat(79);
    let mut table = format!("linecount v 2.1  T=0.50 s\n{rule}\nLanguage          files     blank   comment      code\n{rule}\n");
    for (lang, n) in [
        ("Rust", 40),
        ("Python", 31),
        ("Shell", 12),
        ("Markdown", 9),
        ("TOML", 4),
        ("YAML", 3),
        ("JSON", 2),
        ("Make", 1),
        ("C", 6),
        ("HTML", 5),
        ("CSS", 3),
    ] {
        table.push_str(&format!(
            "{lang:<16}{n:>7}{:>10}{:>10}{:>10}\n",
            n * 31,
            n * 17,
            n * 211
        ));
    }
    table.push_str(&format!(
        "{rule}\nSUM:               102      3162      1734     21522\n{rule}\n"
    ));
    assert!(table.len() > MIN_INPUT_CHARS, "{}", table.len());
    assert_eq!(
        minimize("linecount src", Captured::Text(table), &config(), Some(0)),
        None
    );
}

/// A bracketed tag is three tokens in seven bytes: punctuation counts half a token a byte.
#[test]
fn punctuation_counts_half_a_token() {
    assert_eq!(approx_tokens("[INFO] "), 2.25);
    assert_eq!(approx_tokens("a.b"), 1.0);
}

/// The counts are made in blocks of bytes: a text of many blocks, and blocks all line breaks
/// or all punctuation, count each byte once.
#[test]
fn long_texts_are_counted_whole() {
    assert_eq!(
        approx_tokens(&"a;\n".repeat(1000)),
        1000.0 * (0.25 + 0.5 + 1.0)
    );
    assert_eq!(approx_tokens(&"\n".repeat(600)), 600.0);
    assert_eq!(approx_tokens(&"a,".repeat(700)), 700.0 * (0.25 + 0.5));
}

const MVN_MISSING_DEP: &str = "[INFO] Scanning for projects...
[INFO] 
[INFO] --------------------------< com.example:calc >--------------------------
[INFO] Building calc 1.0-SNAPSHOT
[INFO] --------------------------------[ jar ]---------------------------------
[WARNING] The POM for com.google.guava:guava:jar:33.0.0-jre is missing, no dependency information available
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  0.665 s
[INFO] Finished at: 2026-11-29T14:07:04Z
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal on project calc: Could not resolve dependencies for project com.example:calc:jar:1.0-SNAPSHOT: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact com.google.guava:guava:jar:33.0.0-jre has not been downloaded from it before. -> [Help 1]
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
[ERROR] Re-run Maven using the -X switch to enable full debug logging.
[ERROR] 
[ERROR] For more information about the errors and possible solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException
";

const MVN_TEST_FAILURES: &str = "[INFO] Scanning for projects...
[INFO] 
[INFO] --------------------------< com.example:calc >--------------------------
[INFO] Building calc 1.0-SNAPSHOT
[INFO] --------------------------------[ jar ]---------------------------------
[INFO] 
[INFO] --- maven-resources-plugin:3.3.0:resources (default-resources) @ calc ---
[INFO] skip non existing resourceDirectory /tmp/m32/mvnfail/src/main/resources
[INFO] 
[INFO] --- maven-compiler-plugin:3.10.1:compile (default-compile) @ calc ---
[INFO] Changes detected - recompiling the module!
[INFO] Compiling 4 source files to /tmp/m32/mvnfail/target/classes
[INFO] 
[INFO] --- maven-surefire-plugin:2.22.3:test (default-test) @ calc ---
[INFO] 
[INFO] -------------------------------------------------------
[INFO]  T E S T S
[INFO] -------------------------------------------------------
[INFO] Running com.example.CalcTest
[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.163 s - in com.example.CalcTest
[INFO] Running com.example.StoreTest
[ERROR] Tests run: 4, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0 s <<< FAILURE! - in com.example.StoreTest
[ERROR] four(com.example.StoreTest)  Time elapsed: 0 s  <<< FAILURE!
java.lang.AssertionError: expected:<9> but was:<8>
	at com.example.StoreTest.four(StoreTest.java:10)

[ERROR] three(com.example.StoreTest)  Time elapsed: 0 s  <<< ERROR!
java.lang.IllegalStateException: store closed
	at com.example.StoreTest.three(StoreTest.java:9)

[INFO] Running com.example.ParserTest
[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0 s - in com.example.ParserTest
[INFO] 
[INFO] Results:
[INFO] 
[ERROR] Failures: 
[ERROR]   StoreTest.four:10 expected:<9> but was:<8>
[ERROR] Errors: 
[ERROR]   StoreTest.three:9 IllegalState store closed
[INFO] 
[ERROR] Tests run: 11, Failures: 1, Errors: 1, Skipped: 0
[INFO] 
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:2.22.3:test (default-test) on project calc: There are test failures.
[ERROR] 
[ERROR] Please refer to /tmp/m32/mvnfail/target/surefire-reports for the individual test results.
[ERROR] -> [Help 1]
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException
";

/// Maven: a run without failing tests keeps every line but the tag-only ones and a rule drawn
/// again, its tag said once over a run; with failing tests, the steps and passing classes
/// before them are counted and the advice goes, the failures and counts stay whole.
#[test]
fn maven_logs_say_each_tag_once_and_count_the_steps_before_failing_tests() {
    let out = text_of("mvn -o compile", MVN_MISSING_DEP);
    for line in MVN_MISSING_DEP.lines() {
        let body = line.split_once("] ").map_or("", |(_, b)| b).trim();
        assert!(body.is_empty() || out.contains(body), "{body} in {out}");
    }
    assert_eq!(out.matches(&"-".repeat(72)).count(), 1, "{out}");
    assert!(
        out.starts_with("[INFO]:\n  Scanning for projects...\n"),
        "{out}"
    );
    assert!(
        !out.contains("[ERROR] \n") && !out.contains("\n[INFO]\n"),
        "{out}"
    );

    let out = text_of("mvn test", MVN_TEST_FAILURES);
    assert_keeps(
        &out,
        &[
            "Tests run: 4, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0 s <<< FAILURE! - in com.example.StoreTest",
            "four(com.example.StoreTest)  Time elapsed: 0 s  <<< FAILURE!",
            "java.lang.AssertionError: expected:<9> but was:<8>",
            "\tat com.example.StoreTest.four(StoreTest.java:10)",
            "three(com.example.StoreTest)  Time elapsed: 0 s  <<< ERROR!",
            "StoreTest.three:9 IllegalState store closed",
            "Tests run: 11, Failures: 1, Errors: 1, Skipped: 0",
            "BUILD FAILURE",
            "There are test failures.",
            "Please refer to /tmp/m32/mvnfail/target/surefire-reports",
            "(7 build step lines and 2 passing test classes not shown)",
        ],
    );
    for gone in [
        "CalcTest",
        "ParserTest",
        "Compiling 4",
        "re-run Maven",
        "[Help 1]",
    ] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
}

/// Maven's failure trailer repeats the compiler's diagnostics: each is said once.
#[test]
fn maven_failure_trailer_repeats_no_diagnostic() {
    let err = "[ERROR] /p/src/main/java/com/example/Broken.java:[4,29] cannot find symbol";
    let log = format!(
        "[INFO] Scanning for projects...\n[INFO] Compiling 6 source files to /p/target/classes\n[INFO] -------------------------------------------------------------\n[ERROR] COMPILATION ERROR : \n[INFO] -------------------------------------------------------------\n{err}\n  symbol:   method missing()\n[INFO] 1 error\n{}[INFO] BUILD FAILURE\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.10.1:compile (default-compile) on project calc: Compilation failure\n{err}\n[ERROR]   symbol:   method missing()\n[ERROR] -> [Help 1]\n",
        "[INFO] a line of the build, long enough for the output to be read\n".repeat(20)
    );
    let out = text_of("mvn compile", &log);
    assert_eq!(
        out.matches("Broken.java:[4,29] cannot find symbol").count(),
        1,
        "{out}"
    );
    // The compiler's own `symbol:` line and the trailer's, tagged, differ: both stay.
    assert_eq!(
        out.matches("symbol:   method missing()").count(),
        2,
        "{out}"
    );
    assert_keeps(&out, &["1 error", "-> [Help 1]"]);
}

/// The race detector's report: no rules, no program counter offsets, a section whose frames
/// an earlier section of the report has said by its heading; every place and the failing test
/// stay.
#[test]
fn go_race_reports_say_repeated_frames_once() {
    let out = text_of(
        "go test -race ./counter",
        "==================
WARNING: DATA RACE
Read at 0x00c0000b4158 by goroutine 8:
  example.com/race/counter.(*Counter).Inc()
      /src/race/counter/counter.go:7 +0x76
  example.com/race/counter.Run.func1()
      /src/race/counter/counter.go:15 +0x18

Previous write at 0x00c0000b4158 by goroutine 10:
  example.com/race/counter.(*Counter).Inc()
      /src/race/counter/counter.go:7 +0x88
  example.com/race/counter.Run.func1()
      /src/race/counter/counter.go:15 +0x18

Goroutine 8 (running) created at:
  example.com/race/counter.Run()
      /src/race/counter/counter.go:15 +0x84
  example.com/race/counter.TestRun()
      /src/race/counter/counter_test.go:6 +0x2e
  testing.tRunner()
      /usr/lib/go-1.19/src/testing/testing.go:1446 +0x216
  testing.(*T).Run.func1()
      /usr/lib/go-1.19/src/testing/testing.go:1493 +0x47

Goroutine 10 (finished) created at:
  example.com/race/counter.Run()
      /src/race/counter/counter.go:15 +0x84
  example.com/race/counter.TestRun()
      /src/race/counter/counter_test.go:6 +0x2e
  testing.tRunner()
      /usr/lib/go-1.19/src/testing/testing.go:1446 +0x216
  testing.(*T).Run.func1()
      /usr/lib/go-1.19/src/testing/testing.go:1493 +0x47
==================
--- FAIL: TestRun (0.01s)
    testing.go:1319: race detected during execution of test
FAIL
FAIL	example.com/race/counter	0.036s
FAIL
",
    );
    assert_keeps(
        &out,
        &[
            "WARNING: DATA RACE",
            "Read at 0x00c0000b4158 by goroutine 8:",
            "      /src/race/counter/counter.go:7\n",
            "Previous write at 0x00c0000b4158 by goroutine 10: (same frames as Read by goroutine 8)",
            "/src/race/counter/counter_test.go:6",
            "[2 frames in Go's runtime and libraries]",
            "Goroutine 10 (finished) created at: (same frames as Goroutine 8 (running) created)",
            "--- FAIL: TestRun",
            "testing.go:1319: race detected during execution of test",
            "FAIL\texample.com/race/counter",
        ],
    );
    assert!(!out.contains("+0x") && !out.contains("====="), "{out}");
}

/// One passing package is `ok` and its name; a passing test's log line loses the indent of
/// the test lines it was under.
#[test]
fn go_one_passing_package_is_its_name() {
    let mut log = String::new();
    for t in 0..30 {
        log.push_str(&format!(
            "=== RUN   TestCase{t}\n--- PASS: TestCase{t} (0.00s)\n"
        ));
    }
    log.push_str("=== RUN   TestDiv\n    calc_test.go:35: division checked\n--- PASS: TestDiv (0.00s)\nPASS\nok  \texample.com/calc/calc\t0.009s\n");
    let out = text_of("go test -v ./calc", &log);
    assert_eq!(
        out,
        "calc_test.go:35: division checked\nok example.com/calc/calc\n"
    );
}

/// make running automake's test harness: its pass lines counted, every other result, the
/// summary's counts and the failing target stay; the recursion's middle echo and the summary's
/// rules go, and so do the compile commands automake writes with two spaces.
#[test]
fn make_check_counts_the_harness_pass_lines() {
    let mut log = String::from("gcc -DPACKAGE_NAME=\\\"mathlib\\\" -I.     -g -O2 -MT calc.o -MD -MP -MF .deps/calc.Tpo -c -o calc.o calc.c\nmv -f .deps/calc.Tpo .deps/calc.Po\ngcc  -g -O2   -o calc calc.o  \nmake  check-TESTS\nmake[1]: Entering directory '/p'\n");
    for t in 0..10 {
        log.push_str(&format!("PASS: t_{t}.sh\n"));
    }
    log.push_str("FAIL: t_div.sh\nERROR: t_pow.sh\nSKIP: t_skip.sh\n");
    let rule = "=".repeat(76);
    log.push_str(&format!("{rule}\nTestsuite summary for mathlib 1.0\n{rule}\n# TOTAL: 13\n# PASS:  10\n# SKIP:  1\n# FAIL:  1\n# ERROR: 1\n{rule}\nSee ./test-suite.log\n{rule}\n"));
    log.push_str("make[2]: *** [Makefile:665: test-suite.log] Error 1\nmake[2]: Leaving directory '/p'\nmake[1]: *** [Makefile:773: check-TESTS] Error 2\nmake: *** [Makefile:1061: check-am] Error 2\n");
    let out = text_of("make check", &log);
    assert_keeps(
        &out,
        &[
            "PASS: t_0.sh (and 9 more passing lines like it)",
            "FAIL: t_div.sh",
            "ERROR: t_pow.sh",
            "SKIP: t_skip.sh",
            "Testsuite summary for mathlib 1.0: TOTAL 13, PASS 10, SKIP 1, FAIL 1, ERROR 1\n",
            "See ./test-suite.log",
            "make[2]: *** [Makefile:665: test-suite.log] Error 1",
            "make: *** [Makefile:1061: check-am] Error 2",
        ],
    );
    for gone in ["PASS: t_5.sh", "check-TESTS", "gcc", "mv -f", "====="] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
}

/// Valgrind: the prefix whole once, frames without their addresses, a stack said before by
/// its first frame and the error it was under; every place, the summary and the program's own
/// line stay.
#[test]
fn valgrind_says_its_prefix_once_and_a_repeated_stack_by_reference() {
    let log = "==4120== Helgrind, a thread error detector
==4120== Copyright (C) 2007-2017, and GNU GPL'd, by OpenWorks LLP et al.
==4120== Using Valgrind-3.19.0 and LibVEX; rerun with -h for copyright info
==4120== Command: ./race1
==4120== 
==4120== ---Thread-Announcement------------------------------------------
==4120== 
==4120== Thread #2 was created
==4120==    at 0x496FB3F: clone (clone.S:76)
==4120==    by 0x10919A: main (race1.c:5)
==4120== 
==4120== ----------------------------------------------------------------
==4120== 
==4120== Possible data race during read of size 4 at 0x10C02C by thread #1
==4120== Locks held: none
==4120==    at 0x10919B: main (race1.c:5)
==4120== 
==4120== This conflicts with a previous write of size 4 by thread #2
==4120== Locks held: none
==4120==    at 0x10916A: w (race1.c:4)
==4120==    by 0x484C7D6: ??? (in /usr/libexec/valgrind/vgpreload_helgrind-amd64-linux.so)
==4120==    by 0x48F01F4: start_thread (pthread_create.c:442)
==4120==    by 0x496FB4F: clone (clone.S:100)
==4120==  Address 0x10c02c is 0 bytes inside data symbol \"shared\"
==4120== 
==4120== ----------------------------------------------------------------
==4120== 
==4120== Possible data race during write of size 4 at 0x10C02C by thread #1
==4120== Locks held: none
==4120==    at 0x1091A4: main (race1.c:5)
==4120== 
==4120== This conflicts with a previous write of size 4 by thread #2
==4120== Locks held: none
==4120==    at 0x10916A: w (race1.c:4)
==4120==    by 0x484C7D6: ??? (in /usr/libexec/valgrind/vgpreload_helgrind-amd64-linux.so)
==4120==    by 0x48F01F4: start_thread (pthread_create.c:442)
==4120==    by 0x496FB4F: clone (clone.S:100)
==4120==  Address 0x10c02c is 0 bytes inside data symbol \"shared\"
==4120== 
shared=2
==4120== 
==4120== For lists of detected and suppressed errors, rerun with: -s
==4120== ERROR SUMMARY: 2 errors from 2 contexts (suppressed: 0 from 0)
";
    let out = text_of("valgrind --tool=helgrind ./race1", log);
    assert_keeps(
        &out,
        &[
            "==4120== Helgrind, a thread error detector\n",
            "== Command: ./race1\n",
            "==    at clone (clone.S:76)\n",
            "== Possible data race during write of size 4 at 0x10C02C by thread #1\n",
            "==    at w (race1.c:4) (+3 frames as under `This conflicts with a previous write of size 4 by thread #2`)\n",
            "==    by clone (clone.S:100)\n",
            "==  Address 0x10c02c is 0 bytes inside data symbol \"shared\"\n",
            "\nshared=2\n",
            "== ERROR SUMMARY: 2 errors from 2 contexts (suppressed: 0 from 0)",
        ],
    );
    for gone in [
        "Copyright",
        "0x10916A",
        "rerun with: -s",
        "-----",
        "==4120== \n",
    ] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
}

#[test]
fn yamllints_default_format_is_read_as_a_lint_list() {
    let raw = "./ci/a.yaml\n  1:1       warning  missing document start \"---\"  (document-start)\n  4:8       error    too many spaces after colon  (colons)\n  9:8       error    too many spaces after colon  (colons)\n\n./k8s/b.yaml\n  2:81      error    line too long (97 > 80 characters)  (line-length)\n  7:8       error    too many spaces after colon  (colons)\n\n";
    let (label, out) = run("yamllint .", raw).expect("rewritten");
    assert_eq!(label, "yamllint");
    // Every finding's place, level, message and rule on one line; the alignment's spaces gone.
    assert_keeps(
        &out,
        &[
            "./ci/a.yaml:",
            "1:1 warning missing document start \"---\" (document-start)",
            "./k8s/b.yaml:",
            "2:81 error line too long (97 > 80 characters) (line-length)",
            "error too many spaces after colon (colons) (3 places):",
            "./ci/a.yaml: 4:8 9:8",
            "./k8s/b.yaml: 7:8",
        ],
    );
    // Read by its shape whatever printed it.
    assert_eq!(
        run("blindprog .", raw).map(|(l, _)| l).as_deref(),
        Some("headed-lint-list")
    );
}

#[test]
fn rubocops_default_format_drops_each_findings_excerpt() {
    let raw = "Inspecting 2 files\nCW\n\nOffenses:\n\napp/a.rb:1:1: C: Style/Documentation: Missing top-level documentation comment for class A.\nclass A\n^^^^^^^\napp/a.rb:3:5: W: Lint/UselessAssignment: Useless assignment to variable - y.\n    y = 1\n    ^\nlib/b.rb:7:7: C: [Correctable] Layout/SpaceAfterComma: Space missing after comma.\n    [1,2,3].map { |x| x*2 }\n      ^\n\n2 files inspected, 3 offenses detected, 1 offense autocorrectable\n";
    let out = text_of("rubocop", raw);
    assert_keeps(
        &out,
        &[
            "1:1 C: Style/Documentation: Missing top-level documentation comment for class A.",
            "3:5 W: Lint/UselessAssignment: Useless assignment to variable - y.",
            "7:7 C: [Correctable] Layout/SpaceAfterComma: Space missing after comma.",
            "2 files inspected, 3 offenses detected, 1 offense autocorrectable",
        ],
    );
    assert!(!out.contains("y = 1") && !out.contains('^'), "{out}");
    // A snippet line with no caret under it is not an excerpt: the list is left alone.
    let odd = raw.replace("    ^\n", "");
    assert_eq!(run("rubocop", &odd), None);
}

#[test]
fn biomes_diagnostics_are_one_row_each_with_their_place_and_message() {
    let block = |place: &str, rule: &str, mark: &str, msg: &str| {
        format!("{place} {rule}  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\n  {mark} {msg}\n  \n  > 3 │ x0 = x0;\n      │      ^^\n    4 │ var x1 = 1;\n  \n  i Self assignments have no effect and can be removed.\n  \n  i Unsafe fix: Remove it.\n  \n     1    │ - x0·=·x0;\n  \n\n")
    };
    let raw = format!(
        "{}{}{}src/b.ts format ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\n  × Formatter would have printed the following content:\n  \n     1    │ - let·a=1\n        1 │ + let·a·=·1;\n     2  2 │   export·{{}};\n  \n\nChecked 2 files in 3ms. No fixes applied.\nFound 3 errors.\n",
        block("src/a.ts:3:6", "lint/correctness/noSelfAssign", "×", "x0 is assigned to itself."),
        block("src/a.ts:9:6", "lint/correctness/noSelfAssign", "×", "x3 is assigned to itself."),
        block("src/b.ts:1:1", "lint/style/noVar", "!", "Use let or const instead of var."),
    );
    let (label, out) = run("npx @biomejs/biome check .", &raw).expect("rewritten");
    assert_eq!(label, "npx:biome");
    assert_keeps(
        &out,
        &[
            "3:6 lint/correctness/noSelfAssign FIXABLE × x0 is assigned to itself.",
            "9:6 lint/correctness/noSelfAssign FIXABLE × x3 is assigned to itself.",
            "1:1 lint/style/noVar FIXABLE ! Use let or const instead of var.",
            "src/b.ts format: × Formatter would have printed the following content: (from line 1: -1 +1 lines)",
            "Found 3 errors.",
        ],
    );
    // The frames, the advice and the suggested fixes' drawings are dropped; a formatter's
    // rewrite is said as its counts, as `cargo fmt --check`'s is.
    assert!(
        !out.contains("var x1")
            && !out.contains("Unsafe fix")
            && !out.contains("export·{}")
            && !out.contains("let·a"),
        "{out}"
    );
    assert_eq!(
        run("blindprog check .", &raw).map(|(l, _)| l).as_deref(),
        Some("biome")
    );
    // Several files the formatter would rewrite: its message once, each file under it, and a
    // heading's rule dropped.
    let file = |path: &str| {
        format!("{path} format ━━━━━━━━━━━━━━━━━━━━\n\n  × Formatter would have printed the following content:\n  \n     3    │ - ··a;\n        3 │ + → a;\n     4  4 │   }}\n  \n\n")
    };
    let raw = format!(
        "{}{}Checked 2 files in 3ms. No fixes applied.\nFound 2 errors.\nformat ━━━━━━━━━━━━━━━━━━━━\n\n  × Some errors were emitted while running checks.\n",
        file("src/a.ts"),
        file("src/b.ts")
    );
    let (_, out) = run("biome format src", &raw).expect("rewritten");
    assert_keeps(
        &out,
        &[
            "format: × Formatter would have printed the following content:",
            "  src/a.ts (from line 3: -1 +1 lines)",
            "  src/b.ts (from line 3: -1 +1 lines)",
            "Found 2 errors.",
            "format",
        ],
    );
    assert!(
        !out.contains("src/b.ts format") && !out.contains('━') && !out.contains("a;"),
        "{out}"
    );
}

#[test]
fn a_template_cascades_repeated_notes_are_said_once_with_their_places() {
    let mut raw = String::from("a.cpp: In function ‘int main()’:\na.cpp:7:13: error: no match for ‘operator<<’ (operand types are ‘std::ostream’ and ‘Foo’)\n");
    for (line, ty) in [
        (108, "long int"),
        (117, "short int"),
        (127, "bool"),
        (166, "double"),
    ] {
        raw.push_str(&format!("/usr/include/c++/12/ostream:{line}:7: note: candidate: ‘std::basic_ostream<_CharT, _Traits>::__ostream_type& std::basic_ostream<_CharT, _Traits>::operator<<({ty})’\n"));
        raw.push_str(&format!("/usr/include/c++/12/ostream:{line}:30: note:   no known conversion for argument 1 from ‘Foo’ to ‘{ty}’\n"));
    }
    raw.push_str("a.cpp:9:5: error: ‘y’ was not declared in this scope\n");
    let out = text_of("g++ -c a.cpp", &raw);
    assert_keeps(
        &out,
        &[
            "a.cpp:7:13: error: no match for ‘operator<<’ (operand types are ‘std::ostream’ and ‘Foo’)",
            "(4 notes):",
            "/usr/include/c++/12/ostream: 108:7 117:7 127:7 166:7",
            "note:   no known conversion for argument 1 from ‘Foo’ to ‘long int… (4 notes, quoted parts vary):",
            "/usr/include/c++/12/ostream: 108:30 117:30 127:30 166:30",
            "a.cpp:9:5: error: ‘y’ was not declared in this scope",
        ],
    );
    // clang's excerpt (the source line, then a line of `^` and `~`) is the file's.
    let clang = "a.cpp:7:13: error: invalid operands to binary expression ('std::ostream' and 'Foo')\n  std::cout << Foo{};\n  ~~~~~~~~~ ^  ~~~~~\na.cpp:9:5: error: use of undeclared identifier 'y'\n    y = 1;\n    ^\n2 errors generated.\n";
    assert_eq!(
        text_of("clang++ -c a.cpp", clang),
        "a.cpp:7:13: error: invalid operands to binary expression ('std::ostream' and 'Foo')\na.cpp:9:5: error: use of undeclared identifier 'y'\n2 errors generated.\n"
    );
}

#[test]
fn a_graphical_reports_repeated_message_shape_is_said_once_with_its_places() {
    let finding = |name: &str, path: &str, at: &str| {
        format!("\n  ⚠ eslint(no-unused-vars): Variable '{name}' is declared but never used.\n   ╭─[{path}:{at}]\n 1 │ let {name} = 1;\n   ·     ─┬\n   ·      ╰── '{name}' is declared here\n   ╰────\n  help: Consider removing this declaration.\n")
    };
    // A finding with a second place (`╭─[src/c.js:15:10]` under the first) stays whole.
    let two_places = finding("y2", "src/c.js", "1:5").replace(
        "   ╰────\n",
        "   ╰────\n   ╭─[src/c.js:15:10]\n 15 │ y2;\n   ╰────\n",
    );
    let raw = format!(
        "{}{}{}{two_places}\n  ⚠ eslint(no-debugger): `debugger` statement is not allowed\n   ╭─[src/b.js:4:1]\n 4 │ debugger;\n   ╰────\n  help: Remove the debugger statement\n\nFound 5 warnings and 0 errors.\n",
        finding("x1", "src/a.js", "1:5"),
        finding("n13", "src/a.js", "3:5"),
        finding("arr6", "src/b.js", "2:5"),
    );
    let out = text_of("oxlint -W pedantic", &raw);
    assert_keeps(
        &out,
        &[
            "⚠ eslint(no-unused-vars): Variable 'x1' is declared but never used. (3 places, quoted names vary):",
            "  src/a.js: 1:5 3:5",
            "  src/b.js: 2:5",
            "4:1 ⚠ eslint(no-debugger): `debugger` statement is not allowed (help: Remove the debugger statement)",
            "src/c.js:\n  1:5 ⚠ eslint(no-unused-vars): Variable 'y2' is declared but never used. ('y2' is declared here) (src/c.js:15:10)",
            "Found 5 warnings and 0 errors.",
        ],
    );
    // The grouped findings' labels go; the finding with a second place keeps its own.
    assert!(
        !out.contains("'x1' is declared here") && !out.contains("'n13'"),
        "{out}"
    );
}

#[test]
fn git_logs_name_status_and_numstat_are_one_line_per_commit_under_its_day() {
    let commit = |hash: &str, time: &str, files: &str| {
        format!("commit {hash}\nAuthor: Ann Lee <ann@x.io>\nDate:   Thu Jan 11 {time} 2024 +0000\n\n    fix it\n\n{files}\n")
    };
    let raw = format!(
        "{}{}{}",
        commit(
            "1111111aaaaaaa",
            "17:53:55",
            "M\tdocs/a.rs\nA\tlib/b.rs\nR096\tlib/c.ts\tsrc/c.ts\n"
        ),
        commit("2222222bbbbbbb", "15:14:08", "D\tweb/d.sh\n"),
        commit(
            "3333333ccccccc",
            "05:51:21",
            "12\t3\tsrc/e.py\n-\t-\tassets/logo.png\n"
        ),
    );
    let out = text_of("git log --name-status", &raw);
    assert_keeps(
        &out,
        &[
            "2024-01-11:",
            " 17:53 +0000 1111111",
            "  M docs/a.rs, A lib/b.rs, R096 lib/c.ts -> src/c.ts\n",
            " 15:14 +0000 2222222",
            "  D web/d.sh\n",
            " 05:51 +0000 3333333",
            "  +12 -3 src/e.py, binary assets/logo.png\n",
        ],
    );
    // Every line after the day's header is indented: the day reaches each of its commits.
    assert!(out.lines().skip(2).all(|l| l.starts_with(' ')), "{out}");
}

#[test]
fn npm_explain_drops_a_packages_own_folder_and_keeps_a_nested_one() {
    let raw = "glob@7.2.3\nnode_modules/glob\n  glob@\"^7.1.3\" from @jest/reporters@29.7.0\n  node_modules/@jest/reporters\n    @jest/reporters@\"^29.7.0\" from jest@29.7.0\n    node_modules/jest\n      jest@\"^29.7.0\" from the root project\n  glob@\"^7.1.3\" from jest-config@29.7.0\n  node_modules/jest-config\n    jest-config@\"^29.7.0\" from @jest/reporters@29.7.0\n    node_modules/@jest/reporters\n      @jest/reporters@\"^29.7.0\" from jest@29.7.0\n      node_modules/jest\n        jest@\"^29.7.0\" from the root project\n  glob@\"^7.1.4\" from test-exclude@6.0.0\n  node_modules/test-exclude/node_modules/old\n    test-exclude@\"^6.0.0\" from the root project\n";
    let out = text_of("npm explain glob", raw);
    assert_eq!(
        out,
        "glob@7.2.3\n  glob@\"^7.1.3\" from @jest/reporters@29.7.0\n    @jest/reporters@\"^29.7.0\" from jest@29.7.0\n      jest@\"^29.7.0\" from the root project\n  glob@\"^7.1.3\" from jest-config@29.7.0\n    jest-config@\"^29.7.0\" from @jest/reporters@29.7.0\n  glob@\"^7.1.4\" from test-exclude@6.0.0\n  node_modules/test-exclude/node_modules/old\n    test-exclude@\"^6.0.0\" from the root project\n"
    );
}

#[test]
fn rspec_keeps_its_report_and_drops_the_example_list() {
    let doc = "\nInventory\n  #total_value\n    sums qty*price\n  #low_stock\n    is inclusive of the limit (FAILED - 1)\n    lists skus\n\nFailures:\n\n  1) Inventory#low_stock is inclusive of the limit\n     Failure/Error: expect(inv.low_stock(10)).to eq(%w[A1 B2])\n\n       expected: [\"A1\", \"B2\"]\n            got: [\"A1\"]\n     # ./spec/inventory_spec.rb:9:in `block (3 levels) in <top (required)>'\n\nFinished in 0.07213 seconds (files took 0.30533 seconds to load)\n3 examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/inventory_spec.rb:9 # Inventory#low_stock is inclusive of the limit\n";
    let out = text_of("rspec --format documentation", doc);
    // The failing example's name is in its section, with its message and place.
    assert!(out.starts_with("Failures:\n"), "{out}");
    for kept in [
        "  1) Inventory#low_stock is inclusive of the limit (rspec ./spec/inventory_spec.rb:9)\n",
        "       expected: [\"A1\", \"B2\"]\n",
        "     # ./spec/inventory_spec.rb:9:in `block (3 levels) in <top (required)>'\n",
        "3 examples, 1 failure",
    ] {
        assert!(out.contains(kept), "{kept} missing from {out}");
    }
    // `Failed examples:` said on the headings: no line of it is left.
    assert!(!out.contains("Failed examples:"), "{out}");
    // A rerun line whose name heads no failure stays under the section's heading.
    let other = doc.replace(
        "rspec ./spec/inventory_spec.rb:9 # Inventory",
        "rspec ./spec/other_spec.rb:4 # Other",
    );
    assert!(text_of("rspec", &other).ends_with("Failed examples:\nrspec ./spec/other_spec.rb:4 # Other#low_stock is inclusive of the limit\n"));
    assert!(!out.contains("Finished in"));
    // Progress format, through `bundle exec` (found by its shape): the dots are counted.
    let progress = doc.replace(
        "\nInventory\n  #total_value\n    sums qty*price\n  #low_stock\n    is inclusive of the limit (FAILED - 1)\n    lists skus\n",
        "DEPRECATION WARNING: use expect syntax\n..F\n",
    );
    let out = text_of("bundle exec rspec", &progress);
    assert!(
        out.starts_with("DEPRECATION WARNING: use expect syntax\nFailures:\n"),
        "{out}"
    );
    // A pending example: its name and reason, not the expected failure under it.
    let pending = doc.replace(
        "Failures:\n",
        "Pending: (Failures listed here are expected and do not affect your suite's status)\n\n  1) Inventory#remove supports backorders\n     # not implemented\n     Failure/Error: raise ArgumentError\n\n     ArgumentError:\n       only 3 left\n\nFailures:\n",
    );
    let out = text_of("rspec", &pending);
    assert!(
        out.contains("pending Inventory#remove supports backorders # not implemented\nFailures:\n"),
        "{out}"
    );
    assert!(!out.contains("only 3 left"), "{out}");
    // Its frames' places lead its line.
    let framed = pending.replace(
        "       only 3 left\n",
        "       only 3 left\n     # ./spec/inventory_spec.rb:44:in `block (3 levels) in <top (required)>'\n",
    );
    assert!(text_of("rspec", &framed).contains("pending ./spec/inventory_spec.rb:44 Inventory#remove supports backorders # not implemented\n"));
    // A report without its summary is not taken for one.
    let summaryless = run("rspec", &doc.replace("3 examples, 1 failure\n", ""));
    assert_ne!(
        summaryless.map(|(filter, _)| filter),
        Some("rspec".to_string())
    );
}

#[test]
fn git_log_stat_says_each_count_after_its_path_and_groups_a_directory() {
    // Two commits on one day: the day said once above them while their lines are indented; a
    // commit with three paths in one directory says the directory once, and the next day's
    // commits (after the directory's unindented line) have their day said again.
    let commit = |hash: &str, date: &str, stat: &str, summary: &str| {
        format!("commit {hash}\nAuthor: Ada L <a@b>\nDate:   {date}\n\n    subject of {hash}\n\n{stat}{summary}\n\n")
    };
    let mut raw = commit(
        "1111111aaaa",
        "Wed Nov 25 22:14:19 2026 +0000",
        " src/a.rs | 4 ++--\n",
        " 1 file changed, 2 insertions(+), 2 deletions(-)",
    );
    raw.push_str(&commit(
        "2222222bbbb",
        "Wed Nov 25 10:00:00 2026 +0100",
        " docs/x.md        | 12 ++++++\n src/shell/live.rs | 52 +++++-----\n src/shell/mod.rs  |  1 +\n src/shell/run.rs  |  7 +++\n",
        " 4 files changed, 60 insertions(+), 12 deletions(-)",
    ));
    raw.push_str(&"commit 3333333cccc\nAuthor: Bo <b@c>\nDate:   Tue Nov 24 09:00:00 2026 +0000\n\n    padding so the output is long\n\n".repeat(12));
    let out = text_of("git log --stat", &raw);
    assert_keeps(
        &out,
        &[
            "2026-11-25:\n 22:14 +0000 1111111 Ada L — subject of 1111111aaaa\n src/a.rs 4\n 1 file, +2 -2\n 10:00 +0100 2222222 Ada L — subject of 2222222bbbb\ndocs/x.md 12\nsrc/shell/\n  live.rs 52  mod.rs 1  run.rs 7\n 4 files, +60 -12\n2026-11-24:\n 09:00",
        ],
    );
    assert!(!out.contains(" | "), "{out}");
}

#[test]
fn rustc_json_diagnostics_read_as_their_rendering() {
    // `rustc --error-format=json`: each diagnostic's `rendered` text, read by the human
    // format's filter (the error whole with its place, the warning's place and message).
    let diag = |level: &str, msg: &str, line: u32| {
        let rendered = format!("{level}: {msg}\n --> src/main.rs:{line}:5\n  |\n{line} |     let x = 1;\n  |     ^\n\n");
        serde_json::json!({"$message_type": "diagnostic", "message": msg, "level": level, "spans": [], "children": [], "rendered": rendered}).to_string()
    };
    let mut raw = String::new();
    for i in 0..6 {
        raw.push_str(&diag("warning", "unused variable: `x`", 10 + i));
        raw.push('\n');
    }
    raw.push_str(&diag("error", "mismatched types", 30));
    raw.push_str("\n{\"$message_type\":\"diagnostic\",\"message\":\"aborting due to 1 previous error\",\"level\":\"error\",\"spans\":[],\"children\":[],\"rendered\":\"error: aborting due to 1 previous error\\n\\n\"}\n");
    let (label, out) = run("rustc --error-format=json src/main.rs", &raw).expect("rewritten");
    assert_eq!(label, "rustc-json");
    assert_keeps(
        &out,
        &[
            "error",
            "mismatched types",
            "src/main.rs:30:5",
            "unused variable: `x`",
        ],
    );
    for i in 0..6 {
        assert_keeps(&out, &[&format!("{}", 10 + i)]);
    }
    assert!(!out.contains("\"rendered\""), "{out}");
    // cargo's wrapper (`reason: compiler-message`, with colour codes), and its other messages gone.
    let cargo = format!(
        "    Checking x v0.1.0 (/p)\n{{\"reason\":\"compiler-artifact\",\"package_id\":\"x\",\"filenames\":[]}}\n{}\n{{\"reason\":\"build-finished\",\"success\":false}}\nerror: could not compile `x` (bin \"x\") due to 1 previous error\n",
        serde_json::json!({"reason": "compiler-message", "message": {"rendered": "\u{1b}[0m\u{1b}[1m\u{1b}[38;5;9merror[E0308]\u{1b}[0m: mismatched types\n --> src/main.rs:3:9\n  |\n3 |     let s: String = 1;\n  |            ------   ^ expected `String`, found integer\n\n", "level": "error"}})
    );
    let out = text_of(
        "cargo check --message-format json-diagnostic-rendered-ansi",
        &cargo.repeat(4),
    );
    assert_keeps(
        &out,
        &[
            "error[E0308]: mismatched types",
            "src/main.rs:3:9",
            "could not compile `x`",
        ],
    );
    assert!(
        !out.contains("compiler-artifact") && !out.contains("Checking") && !out.contains('\u{1b}'),
        "{out}"
    );
    // Other JSON is not this stream.
    assert_eq!(
        filters::rendered_diagnostics_for_test("{\"rendered\": 1, \"a\": 2}\n"),
        None
    );
}

#[test]
fn pytest_collect_only_counts_each_modules_tests() {
    let mut raw = String::new();
    for i in 0..40 {
        raw.push_str(&format!("tests/test_a.py::TestX::test_{i}[param]\n"));
    }
    for i in 0..3 {
        raw.push_str(&format!("tests/sub/test_b.py::test_{i}\n"));
    }
    raw.push_str("\n==================================== ERRORS ====================================\n_____________________ ERROR collecting tests/test_c.py _____________________\ntests/test_c.py:3: in <module>\n    import freezegun\nE   ModuleNotFoundError: No module named 'freezegun'\n=========================== short test summary info ============================\nERROR tests/test_c.py\n!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!\n43 tests collected, 1 error in 0.51s\n");
    let out = text_of("pytest --co -q", &raw);
    assert_keeps(
        &out,
        &[
            "tests/test_a.py: 40 tests\ntests/sub/test_b.py: 3 tests\n",
            "tests/test_c.py:3",
            "No module named 'freezegun'",
            "43 tests collected, 1 error",
        ],
    );
    assert!(!out.contains("test_17"), "{out}");
    // The tree form: each module with its count; a short listing stays as it is.
    let mut tree = String::from("============================= test session starts ==============================\ncollected 35 items\n\n<Dir proj>\n  <Module tests/test_a.py>\n    <Class TestX>\n");
    for i in 0..35 {
        tree.push_str(&format!("      <Function test_{i}>\n"));
    }
    tree.push_str(
        "\n========================= 35 tests collected in 0.02s ==========================\n",
    );
    let out = text_of("python -m pytest --collect-only", &tree);
    assert_keeps(
        &out,
        &["<Module tests/test_a.py> 35 tests", "35 tests collected"],
    );
    assert!(!out.contains("<Function"), "{out}");
    let short: String = (0..20)
        .map(|i| format!("tests/test_a.py::test_{i}\n"))
        .collect();
    assert!(run("pytest --co -q", &short)
        .is_none_or(|(_, t)| t.contains("test_19") && !t.contains("20 tests")));
}

#[test]
fn mocha_failures_with_the_same_details_say_them_once() {
    let mut raw = String::from("\n  semver\n");
    for i in 0..12 {
        raw.push_str(&format!("    ✔ passes {i}\n"));
    }
    for i in 1..=3 {
        raw.push_str(&format!("    {i}) case {i}\n"));
    }
    raw.push_str("\n\n  12 passing (8ms)\n  3 failing\n\n");
    let detail = "      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\ntrue !== false\n\n      + expected - actual\n\n      -true\n      +false\n\n      at Context.<anonymous> (test/a.test.js:8:95)\n      at process.processImmediate (node:internal/timers:483:21)\n\n";
    for i in 1..=2 {
        raw.push_str(&format!("  {i}) semver\n       case {i}:\n\n{detail}"));
    }
    raw.push_str("  3) semver\n       case 3:\n\n      TypeError: x is not a function\n      at Context.<anonymous> (test/a.test.js:20:3)\n\n");
    let out = text_of("npx mocha", &raw);
    assert_keeps(
        &out,
        &[
            "  1) semver\n       case 1:\n\n      AssertionError",
            "test/a.test.js:8:95",
            "  2) semver\n       case 2:\n      (the same error and stack as 1) above)\n",
            "TypeError: x is not a function",
            "test/a.test.js:20:3",
            "3 failing",
        ],
    );
    assert_eq!(out.matches("AssertionError").count(), 1, "{out}");
}

#[test]
fn pip_show_verbose_joins_classifiers_that_differ_in_their_last_part() {
    let mut raw = String::from("Name: requests\nVersion: 2.34.2\nLocation: /usr/lib/python3/site-packages\nRequires: idna, urllib3\nRequired-by: docker\nClassifiers:\n  Development Status :: 5 - Production/Stable\n");
    for v in ["3", "3.10", "3.11", "3.12", "3.13"] {
        raw.push_str(&format!("  Programming Language :: Python :: {v}\n"));
    }
    raw.push_str("  Topic :: Internet :: WWW/HTTP\nEntry-points:\n  [console_scripts]\n  req = requests.cli:main\n");
    let raw = raw.repeat(4);
    let out = text_of("pip show -v requests", &raw);
    assert_keeps(
        &out,
        &[
            "  Development Status :: 5 - Production/Stable\n  Programming Language :: Python :: 3, 3.10, 3.11, 3.12, 3.13\n  Topic :: Internet :: WWW/HTTP\n",
            "Requires: idna, urllib3",
            "req = requests.cli:main",
        ],
    );
}

#[test]
fn git_log_says_a_bodys_wrapped_paragraph_on_one_line_and_keeps_lists_and_trailers() {
    let raw = "commit 0123456789abcdef0123456789abcdef01234567\nAuthor: Ada <a@b>\nDate:   Mon Jan 5 10:00:00 2026 +0100\n\n    Subject\n\n    ruff 0.16 enables bugbear, so the bare\n    expression fails B018.\n\n    updates:\n    - one thing\n    - another\n      continued\n\n    Co-authored-by: Bo <b@c>\n    Signed-off-by: Ada <a@b>\n\ncommit 1111111111111111111111111111111111111111\nAuthor: Alan <a@c>\nDate:   Mon Jan 5 09:00:00 2026 +0100\n\n    Second\n";
    let out = text_of("git log", raw);
    assert_eq!(
        out,
        "2026-01-05:\n 10:00 +0100 0123456 Ada — Subject\n    ruff 0.16 enables bugbear, so the bare expression fails B018.\n    updates:\n    - one thing\n    - another\n      continued\n    Co-authored-by: Bo <b@c>\n    Signed-off-by: Ada <a@b>\n 09:00 +0100 1111111 Alan — Second\n"
    );
    // Every line of the body is still there, word for word.
    for l in raw.lines().filter(|l| l.starts_with("    ")) {
        assert!(out.contains(l.trim()), "{l}");
    }
}

#[test]
fn a_padded_tables_rows_lose_their_padding_and_say_a_constant_column_once() {
    let mut raw = String::from("Package    Version Location         Installer\n---------- ------- ---------------- ---------\n");
    for (p, v) in [
        ("alabaster", "1.0.0"),
        ("anyio", "4.16.0"),
        ("attrs", "26.1.0"),
        ("babel", "2.19.0"),
        ("black", "26.1"),
        ("certifi", "2026.1"),
        ("click", "8.3.0"),
        ("idna", "3.10"),
        ("zipp", "3.23.0"),
    ] {
        raw.push_str(&format!("{p:<10} {v:<7} /usr/lib/python3 pip\n"));
    }
    let out = text_of("pip list -v", &raw);
    assert_eq!(
        out.lines().next(),
        Some("Package Version (every row: Location /usr/lib/python3, Installer pip)")
    );
    assert!(out.contains("\nalabaster 1.0.0\nanyio 4.16.0\n"), "{out}");
    assert!(!out.contains("/usr/lib/python3 pip"), "{out}");
    // Every package and its version, on one line.
    for l in raw.lines().skip(2) {
        let cells: Vec<&str> = l.split_whitespace().collect();
        assert!(out.contains(&format!("{} {}\n", cells[0], cells[1])), "{l}");
    }
}

#[test]
fn a_padded_tables_run_of_rows_sharing_a_first_cell_has_it_once_above_them() {
    let mut raw = String::from("Desired=Unknown/Install/Remove/Purge/Hold\n||/ Name           Version      Architecture Description\n+++-==============-============-============-==================\n");
    for (n, arch) in [
        ("adduser", "all"),
        ("apt", "amd64"),
        ("bash", "amd64"),
        ("base-files", "amd64"),
        ("coreutils", "amd64"),
        ("dash", "amd64"),
        ("diffutils", "amd64"),
        ("findutils", "amd64"),
    ] {
        raw.push_str(&format!(
            "ii  {n:<14} 1.0-1        {arch:<12} the {n} tool\n"
        ));
    }
    raw.push_str(&format!(
        "rc  {:<14} 2.0-1        {:<12} gone\n",
        "oldpkg", "amd64"
    ));
    let out = text_of("dpkg -l", &raw);
    assert_eq!(
        out,
        "Desired=Unknown/Install/Remove/Purge/Hold\n||/ Name Version Architecture Description\nii:\n adduser 1.0-1 all the adduser tool\n apt 1.0-1 amd64 the apt tool\n bash 1.0-1 amd64 the bash tool\n base-files 1.0-1 amd64 the base-files tool\n coreutils 1.0-1 amd64 the coreutils tool\n dash 1.0-1 amd64 the dash tool\n diffutils 1.0-1 amd64 the diffutils tool\n findutils 1.0-1 amd64 the findutils tool\nrc oldpkg 2.0-1 amd64 gone\n"
    );
    // Not a table: a rule with no rows aligned under it.
    assert_eq!(run("dpkg -l", "Name Version\n---- -------\nshort\n"), None);
}

#[test]
fn npm_ls_parseable_says_its_paths_by_directory() {
    let mut raw = String::from("/p\n");
    for n in [
        "eslint", "express", "mocha", "webpack", "ajv", "chalk", "debug", "ms", "qs",
    ] {
        raw.push_str(&format!("/p/node_modules/{n}\n"));
    }
    raw.push_str("/p/node_modules/@eslint/js\n");
    let out = text_of("npm ls --all --parseable", &raw);
    assert!(out.contains("/p/node_modules/"), "{out}");
    assert!(out.lines().count() < raw.lines().count(), "{out}");
    for n in ["eslint", "webpack", "qs", "js"] {
        assert!(out.contains(n), "{n} in {out}");
    }
}

#[test]
fn apt_lists_rows_are_said_under_their_suites_architecture_and_state() {
    let raw = "\nWARNING: apt does not have a stable CLI interface. Use with caution in scripts.\n\nListing...\npython3-agate/oldstable,now 1.6.3-2 all [installed,automatic]\npython3-apt/oldstable,now 2.6.0 amd64 [installed,automatic]\npython3-babel/oldstable,now 2.10.3-1 all [installed,automatic]\npython3-click/oldstable,now 8.1.3-2 all [installed,automatic]\nzsh/oldstable,now 5.9-4+b6 amd64 [installed]\n";
    assert_eq!(
        text_of("apt list --installed", raw),
        "WARNING: apt does not have a stable CLI interface. Use with caution in scripts.\n\nListing...\noldstable,now all [installed,automatic]:\n python3-agate 1.6.3-2\n python3-babel 2.10.3-1\n python3-click 8.1.3-2\npython3-apt/oldstable,now 2.6.0 amd64 [installed,automatic]\nzsh/oldstable,now 5.9-4+b6 amd64 [installed]\n"
    );
}

#[test]
fn rspecs_warnings_among_the_progress_characters_are_said_once_with_their_count() {
    let warn = "/g/lib/dash.rb:99: warning: previous definition of id= was here";
    let raw = format!("{warn}\n......\n{warn}\n....F..\n{warn}\n......\n\nFailures:\n\n  1) A b fails\n     Failure/Error: x\n     # ./spec/a_spec.rb:3:in `block'\n\nFinished in 1.02 seconds (files took 0.8 seconds to load)\n9 examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/a_spec.rb:2 # A b fails\n");
    let out = text_of("rspec", &raw);
    assert!(
        out.starts_with(&format!("{warn} (3 times)\nFailures:")),
        "{out}"
    );
    assert_keeps(
        &out,
        &[
            "9 examples, 1 failure",
            "  1) A b fails (rspec ./spec/a_spec.rb:2)",
            "./spec/a_spec.rb:3",
        ],
    );
}

/// unittest's account of two lists that differ, after a message that gives both whole: the
/// first differing element, the `ndiff` lines, said again; dropped as `E` lines and in the
/// short summary's message. A shortened message (`[truncated]...`) keeps them.
#[test]
fn pytest_drops_unittests_restated_difference() {
    let detail = |p: &str| {
        [
            "",
            "First differing element 0:",
            "['A', 'B', 'C', 'D']",
            "['A', 'B', 'C']",
            "",
            "- [['A', 'B', 'C', 'D'], ['E', 'F']]",
            "?                     -  -",
            "",
            "+ [['A', 'B', 'C'], ['D', 'E', 'F']]",
            "?                +  +",
        ]
        .iter()
        .map(|l| format!("{p}{l}\n").replace("E   \n", "E\n"))
        .collect::<String>()
    };
    let message = "AssertionError: Lists differ: [['A', 'B', 'C', 'D'], ['E', 'F']] != [['A', 'B', 'C'], ['D', 'E', 'F']]";
    let mut text = String::from("============================= test session starts ==============================\nplatform linux -- Python 3.11.7, pytest-9.2.0, pluggy-1.7.0\ncollected 3 items\n\ntests/test_more.py FF.                                 [100%]\n\n=================================== FAILURES ===================================\n____________________________ ChunkedTests.test_even ____________________________\ntests/test_more.py:49: in test_even\n    self.assertEqual(\n");
    text += &format!("E   {message}\n{}", detail("E   "));
    text += "____________________________ ChunkedTests.test_long ____________________________\ntests/test_more.py:58: in test_long\n    self.assertEqual(\nE   AssertionError: Lists differ: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 2 [truncated]... != [0, 1]\nE\nE   First list contains 40 additional elements.\nE   - [0, 1, 2, 3]\n";
    text += &format!("=========================== short test summary info ============================\nFAILED tests/test_more.py::ChunkedTests::test_even - {message}\n{}FAILED tests/test_more.py::ChunkedTests::test_long - AssertionError: Lists differ\n========================= 2 failed, 1 passed in 0.12s ==========================\n", detail(""));
    let out = text_of("pytest -q --tb=short tests", &text);
    assert_keeps(
        &out,
        &[
            &format!(
                "tests/test_more.py:49: in test_even\nE   {message}\n__ ChunkedTests.test_long"
            ),
            "E   First list contains 40 additional elements.\nE   - [0, 1, 2, 3]",
            "FAILED tests/test_more.py::ChunkedTests::",
            "2 failed, 1 passed in 0.12s",
        ],
    );
    assert!(
        !out.contains("First differing element") && !out.contains("?    "),
        "{out}"
    );
}

#[test]
fn cargo_verbose_build_drops_fresh_units_and_unit_commands_keeps_dirty_and_finished_less() {
    let mut raw = String::new();
    for name in ["thiserror-impl", "thiserror", "memchr", "serde_json"] {
        raw.push_str(&format!("       Fresh {name} v1.0.69\n"));
    }
    raw.push_str("       Dirty jsonkit v0.1.0 (/w/jsonkit): the file `src/lib.rs` has changed\n   Compiling jsonkit v0.1.0 (/w/jsonkit)\n");
    let rustc = "     Running `/r/bin/rustc --crate-name jsonkit --edition=2024 src/lib.rs --crate-type lib --out-dir /w/jsonkit/target/debug/deps`\n";
    raw.push_str(&rustc.repeat(6));
    raw.push_str("     Running `/w/jsonkit/target/debug/build/libz-sys-1/build-script-build`\nwarning: unused variable: `x`\n --> src/lib.rs:3:9\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 3.32s\n");
    let out = text_of("cargo build -v", &raw);
    assert!(
        !out.contains("Fresh") && !out.contains("--crate-name") && !out.contains("build-script"),
        "{out}"
    );
    assert_keeps(
        &out,
        &[
            "Dirty jsonkit v0.1.0",
            "src/lib.rs:3:9: warning: unused variable: `x`",
        ],
    );
    // A word of the line, not of a crate's name, is what keeps a progress line.
    let errored = "   Compiling x v0.1.0 error\n".to_string()
        + &"   Compiling thiserror v1.0.69\n".repeat(60);
    assert_keeps(
        &text_of("cargo build", &errored),
        &["Compiling x v0.1.0 error"],
    );
    // `cargo run`'s own program line stays.
    let run_raw = "   Compiling a v0.1.0\n".repeat(60) + "     Running `target/debug/a`\nhello\n";
    assert_keeps(
        &text_of("cargo run", &run_raw),
        &["Running `target/debug/a`", "hello"],
    );
}

#[test]
fn cargo_install_is_read_as_a_build() {
    let raw = "  Installing jsonkit v0.1.0 (/w/jsonkit)\n    Updating crates.io index\n     Locking 45 packages to latest compatible versions\n".to_string()
        + &"   Compiling serde v1.0.229\n".repeat(40)
        + "    Finished `release` profile [optimized] target(s) in 4m 36s\n  Installing /w/root/bin/evstat\n   Installed package `jsonkit v0.1.0 (/w/jsonkit)` (executable `evstat`)\nwarning: be sure to add `/w/root/bin` to your PATH to be able to run the installed binaries\n";
    let (label, out) = run("cargo install --path . --root /w/root", &raw).expect("cargo install");
    assert_eq!(label, "cargo-install");
    assert!(!out.contains("Compiling"), "{out}");
    assert_keeps(
        &out,
        &[
            "Installing /w/root/bin/evstat",
            "Installed package `jsonkit v0.1.0",
            "warning: be sure to add `/w/root/bin`",
        ],
    );
}

#[test]
fn npm_pack_drops_its_notices_keeps_the_tarball_warnings_and_the_published_name() {
    let mut raw =
        "npm notice\nnpm notice 📦  jobs@0.3.0\nnpm notice Tarball Contents\n".to_string();
    for i in 0..30 {
        raw.push_str(&format!("npm notice 1.2kB vendor/lib/file{i}.js\n"));
    }
    raw.push_str("npm notice Tarball Details\nnpm notice name: jobs\nnpm notice version: 0.3.0\nnpm notice total files: 30\nnpm notice\nnpm warn publish This command requires you to be logged in (dry-run)\n+ jobs@0.3.0\n");
    let out = text_of("npm publish --dry-run", &raw);
    assert_eq!(
        out.trim_end(),
        "npm warn publish This command requires you to be logged in (dry-run)\n+ jobs@0.3.0"
    );
    let packed = raw.replace("+ jobs@0.3.0\n", "jobs-0.3.0.tgz\n");
    assert_keeps(&text_of("npm pack --dry-run", &packed), &["jobs-0.3.0.tgz"]);
    // No notice: nothing to drop.
    assert_eq!(run("npm pack", &"jobs-0.3.0.tgz\n".repeat(80)), None);
}

#[test]
fn libtool_compile_lines_and_its_dependency_moves_are_progress() {
    let mut raw = String::new();
    for f in [
        "regerror", "regparse", "regcomp", "regexec", "st", "unicode",
    ] {
        raw.push_str(&format!("/bin/bash ../libtool  --tag=CC   --mode=compile gcc -DHAVE_CONFIG_H -I. -Wall -g -O2 -MT {f}.lo -MD -MP -MF .deps/{f}.Tpo -c -o {f}.lo {f}.c\nlibtool: compile:  gcc -DHAVE_CONFIG_H -I. -Wall -g -O2 -c {f}.c  -fPIC -DPIC -o .libs/{f}.o\nmv -f .deps/{f}.Tpo .deps/{f}.Plo\n"));
    }
    raw.push_str("libtool: compile:  gcc -DHAVE_CONFIG_H -I. -Wall -c st.c -o st.o\nst.c:12:5: warning: unused variable 'x' [-Wunused-variable]\n/bin/bash ../libtool  --tag=CC   --mode=link gcc -Wall -g -O2 -o libonig.la regerror.lo\nlibtool: link: ar cr .libs/libonig.a regerror.o\nmake[2]: 'testc' is up to date.\nmake: Nothing to be done for 'all'.\n");
    let out = text_of("make -j2", &raw);
    assert!(
        !out.contains("--mode=compile")
            && !out.contains(".Plo")
            && !out.contains("ar cr")
            && !out.contains("is up to date"),
        "{out}"
    );
    // In a build of many files a warning names its file and the command it came from goes (run
    // in parallel, the line above is often another file's); the top make's note stays.
    assert!(!out.contains("-c st.c -o st.o"), "{out}");
    assert_keeps(
        &out,
        &[
            "st.c:12:5: warning: unused variable 'x'",
            "make: Nothing to be done for 'all'.",
        ],
    );
}

/// `-rA`/`-rP`'s PASSES section: a test's heading and its captured output's heading are said
/// without their padding, as a failure's are; what the test printed stays.
#[test]
fn pytest_passes_headings_are_said_without_their_padding() {
    let rule = |c: &str, title: &str| format!("{} {title} {}", c.repeat(30), c.repeat(30));
    let raw = format!(
        "..F{}[100%]\n{}\n{}\nt.py:3: in test_b\nE   assert 1 == 2\n{}\nboom\n{}\n{}\n{}\nHello\n{}\nPASSED t.py::test_a\nFAILED t.py::test_b - assert 1 == 2\n1 failed, 2 passed in 0.01s\n",
        " ".repeat(60),
        rule("=", "FAILURES"),
        rule("_", "test_b"),
        rule("-", "Captured stdout call"),
        rule("=", "PASSES"),
        rule("_", "test_a"),
        rule("-", "Captured stdout call"),
        rule("=", "short test summary info"),
    );
    assert_eq!(
        text_of("pytest -rA", &raw),
        "== FAILURES ==\n__ test_b\nt.py:3: in test_b\nE   assert 1 == 2\n-- Captured stdout call --\nboom\n== PASSES ==\n__ test_a\n-- Captured stdout call --\nHello\n== short test summary info ==\nFAILED t.py::test_b\n1 failed, 2 passed in 0.01s\n"
    );
}

/// automake's silent rules (and Kbuild's) echo each step as `  CC       a.lo`: a step with nothing
/// under it is progress, as the command it stands for is, and so is a recursive make's `Making
/// all in sub`; a step a warning follows stays as its context, and every warning stays.
#[test]
fn silent_rule_echoes_are_progress_unless_output_follows() {
    let mut raw = String::from("Making all in src\nmake[1]: Entering directory '/p/src'\n");
    for f in ["a", "b", "c", "d"] {
        raw.push_str(&format!("  CC       crypto/{f}/libx_la-{f}.lo\n"));
    }
    raw.push_str("  CPPAS    crypto/s/libx_la-s.lo\n  CC [M]  drivers/net/e1000.o\n  CCLD     libsse2.la\nlibtool: warning: '-version-info/-version-number' is ignored for convenience libraries\nar: `u' modifier ignored since `D' is the default (see `U')\n  CCLD     libx.la\nmake[1]: Leaving directory '/p/src'\nMaking all in test\n");
    let out = text_of("make -j2", &raw);
    assert_eq!(
        out,
        "  CCLD     libsse2.la\nlibtool: warning: '-version-info/-version-number' is ignored for convenience libraries\nar: `u' modifier ignored since `D' is the default (see `U')\n"
    );
    // Not an echo: a step's name not padded to its column, a line of words, a lower-case word.
    for line in [
        "  CC a.o",
        "  OK so far it works",
        "  cc       a.o",
        "  C        a.o",
    ] {
        let raw = format!("{line}\nmake: *** [Makefile:3: all] Error 1\n");
        assert_keeps(&text_of("make", &raw), &[line]);
    }
}

#[test]
fn automake_test_summary_is_one_line_with_its_counts_that_are_not_zero() {
    let raw = "Making check in src\n".to_string()
        + &"make[4]: 'testc' is up to date.\n".repeat(30)
        + "FAIL: tests/jqtest\n============================================================================\nTestsuite summary for jq 1.6\n============================================================================\n# TOTAL: 7\n# PASS:  6\n# SKIP:  0\n# XFAIL: 0\n# FAIL:  1\n# XPASS: 0\n# ERROR: 0\n============================================================================\nSee ./test-suite.log\nPlease report to https://github.com/stedolan/jq/issues\n============================================================================\nmake[4]: *** [Makefile:1223: test-suite.log] Error 1\nmake: *** [Makefile:1611: check] Error 2\n";
    let out = text_of("make check", &raw);
    assert_keeps(
        &out,
        &[
            "FAIL: tests/jqtest",
            "Testsuite summary for jq 1.6: TOTAL 7, PASS 6, FAIL 1 (the others 0)",
            "See ./test-suite.log",
            "[Makefile:1223: test-suite.log] Error 1",
            "[Makefile:1611: check] Error 2",
        ],
    );
    assert!(
        !out.contains("# SKIP") && !out.contains("Please report"),
        "{out}"
    );
}

/// ava's `--tap`: a failure's `at:` that names only a frame inside installed dependencies
/// (ava's own assertion) goes, inline or over lines, as does an empty `message: ''`; a frame in
/// the project stays under its key.
#[test]
fn tap_frame_keys_inside_dependencies_drop_and_own_frames_stay() {
    let mut raw =
        "TAP version 13\nok 1 - slow integration # SKIP\nnot ok 2 - retries # TODO\n".to_string();
    for i in 3..30 {
        raw.push_str(&format!("ok {i} - passes case {i}\n"));
    }
    raw.push_str("not ok 30 - ms formats long\n  ---\n    name: AssertionError\n    assertion: t.is()\n    details:\n      'Difference (- actual, + expected):': |-\n        - '2 minutes'\n        + '1.5 minutes'\n    message: ''\n    at: 'ExecutionContext.is (file:///w/node_modules/ava/lib/assert.js:309:16)'\n  ...\nnot ok 31 - deep equal\n  ---\n    message: 'objects differ'\n    at: >-\n      ExecutionContext.deepEqual\n      (file:///w/node_modules/ava/lib/assert.js:339:15)\n  ...\nnot ok 32 - own frame\n  ---\n    at: >-\n      Test.fn\n      (file:///w/test/a.test.mjs:12:5)\n  ...\n1..32\n# tests 32\n# pass 27\n# skip 1\n# fail 3\n");
    let (label, out) = run("npx ava --tap", &raw).expect("a TAP stream");
    assert_eq!(label, "npx:tap");
    assert_keeps(
        &out,
        &[
            "ok 1 - slow integration # SKIP",
            "not ok 2 - retries # TODO",
            "not ok 30 - ms formats long",
            "assertion: t.is()",
            "- '2 minutes'",
            "+ '1.5 minutes'",
            "message: 'objects differ'",
            "not ok 32 - own frame\n    at: >-\n      (file:///w/test/a.test.mjs:12:5)",
            "1..32",
            "# pass 27",
            "# fail 3",
        ],
    );
    assert!(
        !out.contains("node_modules/ava")
            && !out.contains("message: ''")
            && !out.contains("ExecutionContext"),
        "{out}"
    );
    assert_eq!(out.matches("at: ").count(), 1, "{out}");
}

#[test]
fn ava_drops_passing_tests_and_the_source_excerpt_under_a_failures_place() {
    let mut raw = "  - [skip] slow integration\n".to_string();
    for i in 0..20 {
        raw.push_str(&format!("  ✔ passes case {i}\n"));
    }
    raw.push_str("  ✘ [fail]: ms formats long\n  ─\n  ms formats long\n\n  jobs.test.mjs:8\n\n   7: test(\"ms parses hours\", (t) => { t.is(ms(\"2h\"), 7200000); });\n   8: test(\"ms formats long\", (t) => { t.is(ms(90000), \"1.5 min\"); });\n   9: test(\"ms rounds short\", (t) => { t.is(ms(1500), \"1.5s\"); });\n  Difference (- actual, + expected):\n  - '2 minutes'\n  + '1.5 minutes'\n  › file://jobs.test.mjs:8:36\n  ─\n  1 test failed\n  1 test skipped\n");
    let out = text_of("npx ava --verbose", &raw);
    assert_keeps(
        &out,
        &[
            "- [skip] slow integration",
            "✘ [fail]: ms formats long",
            "jobs.test.mjs:8",
            "- '2 minutes'",
            "› file://jobs.test.mjs:8:36",
            "1 test failed",
        ],
    );
    assert!(
        !out.contains("passes case") && !out.contains("7200000") && !out.contains('─'),
        "{out}"
    );
    // Under nyc, the same filter, and nyc's table after it stays.
    let covered = raw.clone() + "File      | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s\nAll files |       0 |        0 |       0 |       0 |\n";
    let (label, out) = run("npx nyc --reporter=text ava", &covered).expect("nyc ava");
    assert_eq!(label, "npx:nyc:ava");
    assert_keeps(&out, &["All files |       0 |"]);
    assert!(!out.contains("passes case"), "{out}");
}

#[test]
fn tree_of_several_roots_says_the_roots_with_the_same_entries_together() {
    let mut raw = String::new();
    for name in [
        "python3-agate",
        "python3-agatedbf",
        "python3-babel",
        "python3-click",
    ] {
        raw.push_str(&format!(
            "{name}\n├── changelog.Debian.gz\n├── changelog.gz\n└── copyright\n"
        ));
    }
    raw.push_str("python3-dev\n├── README.Debian\n├── _static\n│   ├── basic.css\n│   └── jquery.js -> ../../../javascript/jquery.js\n└── copyright\n");
    raw.push_str("python3-gi\n├── changelog.Debian.gz\n├── changelog.gz\n└── copyright\n");
    raw.push_str(&"python3-x\n└── NEWS.gz\n".repeat(10));
    raw.push_str("\n28 directories, 40 files\n");
    let out = text_of("tree -L 2 python3*", &raw);
    assert_keeps(&out, &["python3-agate python3-agatedbf python3-babel python3-click python3-gi\n  changelog.Debian.gz changelog.gz copyright\n", "python3-dev\n", "basic.css", "jquery.js -> ../../../javascript/jquery.js", "28 directories, 40 files"]);
    assert_eq!(out.matches("changelog.gz").count(), 1, "{out}");
}

#[test]
fn tree_of_one_root_says_its_directories_with_the_same_entries_together_unindented() {
    let mut raw = String::from(".\n");
    for name in [
        "data-view-buffer",
        "data-view-byte-length",
        "debug",
        "data-view-byte-offset",
    ] {
        raw.push_str(&format!("├── {name}\n"));
        if name == "debug" {
            raw.push_str("│   ├── src\n│   └── package.json\n");
        } else {
            raw.push_str("│   ├── test\n│   ├── LICENSE\n│   ├── index.js\n│   └── package.json\n");
        }
    }
    for i in 0..10 {
        raw.push_str(&format!("├── x{i}\n│   └── NEWS.gz\n"));
    }
    raw.push_str("└── README.md\n\n14 directories, 33 files\n");
    let out = text_of("tree -L 2 --dirsfirst", &raw);
    assert_keeps(
        &out,
        &[
            ".\nREADME.md\n",
            "\ndata-view-buffer/ data-view-byte-length/ data-view-byte-offset/\n  test LICENSE index.js package.json\ndebug/ src package.json\n",
            "14 directories, 33 files",
        ],
    );
    assert_eq!(out.matches("LICENSE").count(), 1, "{out}");
}

#[test]
fn a_historys_blank_changes_are_counted_as_a_diffs_are() {
    let mut raw = String::from("commit 65fcd5ee2b605d388a1c92fee48bd40ef2283229\nAuthor: Dana <d@example.org>\nDate:   Thu Oct 1 10:00:00 2026 +0000\n\n    Import sources\n    -\n\ndiff --git a/src/a.py b/src/a.py\nnew file mode 100644\nindex 0000000..d32fe25\n--- /dev/null\n+++ b/src/a.py\n@@ -0,0 +1,40 @@\n");
    for i in 0..20 {
        raw.push_str(&format!("+def f{i}():\n+\n"));
    }
    let out = text_of("git log -p -- src/a.py", &raw);
    assert_keeps(
        &out,
        &[
            "+def f0():\n+def f1():",
            "(20 changes that add or remove blank lines, not shown)",
            "    -\n",
        ],
    );
}

#[test]
fn testify_report_is_said_without_its_padding_and_a_diff_of_values_said_above() {
    let raw = "=== RUN   TestLoadMap\n    invoice_test.go:63: \n        \tError Trace:\t/w/parse/invoice_test.go:63\n        \tError:      \tNot equal: \n        \t            \texpected: map[string]int{\"gadget\":2, \"widget\":3}\n        \t            \tactual  : map[string]int{\"gadget\":1, \"widget\":3}\n        \t            \t\n        \t            \tDiff:\n        \t            \t--- Expected\n        \t            \t+++ Actual\n        \t            \t@@ -1,3 +1,3 @@\n        \t            \t (map[string]int) (len=2) {\n        \t            \t- (string) (len=6) \"gadget\": (int) 2,\n        \t            \t+ (string) (len=6) \"gadget\": (int) 1,\n        \t            \t  (string) (len=6) \"widget\": (int) 3\n        \tTest:       \tTestLoadMap\n        \tMessages:   \tloaded twice\n--- FAIL: TestLoadMap (0.00s)\nFAIL\nFAIL\texample.com/invoicer/parse\t0.019s\nFAIL\n".to_string()
        + &"=== RUN   TestOther\n--- PASS: TestOther (0.00s)\n".repeat(20);
    let out = text_of("go test -v ./parse", &raw);
    assert_keeps(
        &out,
        &[
            "Error Trace: /w/parse/invoice_test.go:63",
            "Error: Not equal:",
            "  expected: map[string]int{\"gadget\":2, \"widget\":3}",
            "  actual  : map[string]int{\"gadget\":1, \"widget\":3}",
            "Test: TestLoadMap",
            "Messages: loaded twice",
            "FAIL\texample.com/invoicer/parse",
        ],
    );
    assert!(
        !out.contains("@@") && !out.contains("(len=6)") && !out.contains('\t')
            || out.contains("FAIL\t"),
        "{out}"
    );
    assert!(!out.contains("(len=6)"), "{out}");
}

#[test]
fn pre_commit_reads_each_hooks_output_by_its_program_and_names_quiet_hooks_once() {
    let mut raw = String::from(
        "ruff lint................................................................Failed\n- hook id: ruff\n- exit code: 1\n\n",
    );
    for n in 1..=12 {
        raw.push_str(&format!("F401 [*] `os` imported but unused\n --> pkg/m{n}.py:1:8\n  |\n1 | import os\n  |        ^^\n  |\nhelp: Remove unused import: `os`\n\n"));
    }
    raw.push_str("Found 12 errors.\n[*] 12 fixable with the `--fix` option.\n\n");
    raw.push_str("forbid print()...........................................................Failed\n- hook id: no-print\n- exit code: 1\n\n");
    for n in 1..=6 {
        raw.push_str(&format!("pkg/cli.py:{}:    print(value)\n", n * 10));
    }
    raw.push_str("\nbyte-compile.............................................................Passed\ncheck yaml...............................................................Passed\nforbid tabs..........................................(no files to check)Skipped\n");
    let (label, out) = run("pre-commit run --all-files", &raw).expect("a rewrite");
    assert_eq!(label, "pre-commit");
    assert!(out.len() < raw.len() / 2, "{out}");
    assert_keeps(
        &out,
        &[
            "ruff lint: Failed\n- hook id: ruff\n- exit code: 1\n",
            "`os` imported but unused",
            "Found 12 errors.",
            "forbid print(): Failed\n- hook id: no-print\n- exit code: 1\n",
            "print(value)",
            "Passed: byte-compile, check yaml",
            "Skipped (no files to check): forbid tabs",
        ],
    );
    for n in 1..=12 {
        assert!(out.contains(&format!("m{n}.py")), "m{n}.py in {out}");
    }
    for n in 1..=6 {
        assert!(
            out.contains(&format!("{}", n * 10)),
            "line {} in {out}",
            n * 10
        );
    }
    // Not a hook report: it passes as it is.
    assert_eq!(run("pre-commit run", "not a hook report\n"), None);
}

#[test]
fn pytest_short_summary_groups_skips_by_file_and_reason() {
    let mut raw = String::from("============================= test session starts ==============================\ncollected 40 items\n\ntests/test_a.py ssss.....                                               [100%]\n\n=========================== short test summary info ============================\n");
    for line in [128, 143, 164, 190] {
        raw.push_str(&format!(
            "SKIPPED [1] tests/test_a.py:{line}: numpy is not installed\n"
        ));
    }
    raw.push_str("SKIPPED [2] tests/test_a.py:300: flaky on CI\nSKIPPED [1] tests/test_b.py:12: needs the network\n");
    raw.push_str(
        "======================== 30 passed, 7 skipped in 0.50s =========================\n",
    );
    let out = text_of("pytest -rs", &raw);
    assert_keeps(
        &out,
        &[
            "SKIPPED:\ntests/test_a.py:\n  128 143 164 190: numpy is not installed\n  300: [2] flaky on CI\ntests/test_b.py:\n  12: needs the network\n",
            "30 passed, 7 skipped in 0.50s",
        ],
    );
    // Two skips stay as pytest wrote them.
    let two = raw.replace(
        "SKIPPED [1] tests/test_a.py:143: numpy is not installed\nSKIPPED [1] tests/test_a.py:164: numpy is not installed\nSKIPPED [1] tests/test_a.py:190: numpy is not installed\nSKIPPED [2] tests/test_a.py:300: flaky on CI\n",
        "",
    );
    assert_keeps(
        &text_of("pytest -rs", &two),
        &["SKIPPED [1] tests/test_a.py:128: numpy is not installed"],
    );
}

/// make's dry run: every command stays; an `echo` of the next command's pretty name goes, and
/// a run of one compile command with its source and object changing is the first command
/// whole, then each one's changed words.
#[test]
fn make_dry_runs_commands_are_said_with_their_changed_words() {
    let flags = "-O2 -g -Wall -Wextra -Wshadow -Wconversion -DHAVE_CONFIG_H -DPCRE2_CODE_UNIT_WIDTH=8 -Iinclude -Isrc";
    let mut text = String::from("mkdir -p build\n");
    for unit in ["compile", "match", "study", "tables", "xclass"] {
        text.push_str(&format!(
            "echo \"  CC      build/{unit}.o\"\ncc {flags} -c src/{unit}.c -o build/{unit}.o\n"
        ));
    }
    text.push_str("echo \"  AR      build/libp.a\"\nar rcs build/libp.a build/compile.o build/match.o build/study.o build/tables.o build/xclass.o\n");
    let out = text_of("make -n -B", &text);
    assert_eq!(
        out,
        format!("mkdir -p build\ncc {flags} -c src/compile.c -o build/compile.o\n  (then the same command 4 more times, with only these words changed:)\n  src/match.c build/match.o\n  src/study.c build/study.o\n  src/tables.c build/tables.o\n  src/xclass.c build/xclass.o\nar rcs build/libp.a build/compile.o build/match.o build/study.o build/tables.o build/xclass.o\n")
    );
    // Not a dry run: the build's log is read as one.
    assert!(run("make -j2", &text).is_none_or(|(_, t)| !t.contains("then the same command")));
}

/// apt-get install: dpkg's steps before a package is set up, and the database's progress, go;
/// `Setting up` with the package and version, `Get:`, the summary and a package never set up
/// stay.
#[test]
fn apt_installs_steps_go_where_the_package_is_set_up() {
    let mut text = String::from("Reading package lists...\nThe following NEW packages will be installed:\n  liba-dev libb-dev\n0 upgraded, 2 newly installed, 0 to remove and 120 not upgraded.\nGet:1 http://deb.debian.org/debian bookworm/main amd64 liba-dev all 1.1.1-2 [6940 B]\nFetched 48.9 kB in 0s (270 kB/s)\n");
    for (name, v) in [
        ("liba-dev", "1.1.1-2"),
        ("libb-dev", "1.0.5-1"),
        ("libc-dev", "2.0-1"),
    ] {
        text.push_str(&format!("Selecting previously unselected package {name}.\n(Reading database ... 5%(Reading database ... 100%(Reading database ... 41000 files and directories currently installed.)\nPreparing to unpack .../{name}_{v}_all.deb ...\nUnpacking {name} ({v}) ...\n"));
    }
    text.push_str("Setting up liba-dev (1.1.1-2) ...\nSetting up libb-dev (1.0.5-1) ...\n");
    let (label, out) = run("apt-get install -y liba-dev libb-dev", &text).expect("rewritten");
    assert_eq!(label, "apt-install");
    assert_keeps(
        &out,
        &[
            "Get:1 http://deb.debian.org/debian bookworm/main amd64 liba-dev all 1.1.1-2 [6940 B]",
            "Selecting previously unselected package libc-dev.\nPreparing to unpack .../libc-dev_2.0-1_all.deb ...\nUnpacking libc-dev (2.0-1) ...\nSetting up liba-dev (1.1.1-2) ...\nSetting up libb-dev (1.0.5-1) ...",
        ],
    );
    for gone in [
        "Reading database",
        "Unpacking liba-dev",
        "package libb-dev.",
    ] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
}

/// pytest -v: an expected failure (`XFAIL`) is counted by the closing counts, as a pass is;
/// an unexpected pass (`XPASS`) and a skip stay.
#[test]
fn pytest_verbose_counts_expected_failures() {
    let mut text = String::from("============================= test session starts ==============================\ncollected 40 items\n\n");
    for i in 0..36 {
        text.push_str(&format!(
            "tests/test_a.py::test_case_{i} PASSED [ {:2}%]\n",
            i * 2
        ));
    }
    text.push_str("tests/test_b.py::test_margin XFAIL (Needs fixing) [ 95%]\ntests/test_b.py::test_strict XPASS [ 97%]\ntests/test_b.py::test_db SKIPPED (no db) [ 98%]\ntests/test_b.py::test_old XFAIL [100%]\n\n============= 36 passed, 1 skipped, 2 xfailed, 1 xpassed in 0.31s =============\n");
    let out = text_of("pytest -v", &text);
    assert_keeps(
        &out,
        &[
            "test_strict XPASS",
            "test_db SKIPPED (no db)",
            "36 passed, 1 skipped, 2 xfailed, 1 xpassed in 0.31s",
        ],
    );
    assert!(!out.contains("XFAIL"), "{out}");
}

/// A unified diff, whoever prints it (`ruff format --diff`, `diff -u`, git): its blank lines
/// added or removed go, counted on one line, when there are eight or more; a hunk's number on a
/// blank change moves to the hunk's next change; every other changed line stays.
#[test]
fn a_diffs_blank_line_changes_are_counted() {
    let few = "--- a.py\n+++ a.py\n@@ -10,3 +10,2 @@\n x = 1\n-\n y = 2\n@@ -40,3 +39,4 @@\n z = 3\n+\n-q = 'a'\n+q = \"a\"\n@@ -70,2 +70,3 @@\n w = 4\n+\n";
    let blank_hunks: String = (0..6)
        .map(|i| {
            format!(
                "@@ -{},2 +{},3 @@\n v = {i}\n+\n-w = {i}\n+w = {i}!\n",
                100 + i * 10,
                101 + i * 10
            )
        })
        .collect();
    let many = format!("{few}{blank_hunks}");
    let shown: String = (0..6)
        .map(|i| format!("{} -w = {i}\n+w = {i}!\n", 102 + i * 10))
        .collect();
    let want = format!(
        "--- a.py\n40 -q = 'a'\n+q = \"a\"\n{shown}(9 changes that add or remove blank lines, not shown)\n"
    );
    assert_eq!(text_of("ruff format --diff", &many), want);
    assert_eq!(text_of("diff -u a.py b.py", &many), want);
    // Fewer: the note would cost more than the bare lines.
    assert_eq!(
        text_of("ruff format --diff", few),
        "--- a.py\n11 -\n40 +\n-q = 'a'\n+q = \"a\"\n71 +\n"
    );
}

/// A line rewritten in place (`frame\rframe`) is read as the terminal shows it: the frames laid
/// over each other from the first column, a shorter frame leaving the end of a longer one; an
/// output no filter is about (wget's log) is used with its progress said once.
#[test]
fn lines_rewritten_in_place_are_read_as_shown() {
    assert_eq!(text::as_shown("a\nno rewrite"), "a\nno rewrite");
    assert_eq!(text::as_shown("10%  \r100% done\nnext"), "100% done\nnext");
    assert_eq!(text::as_shown("abcdef\rXY"), "XYcdef");
    assert_eq!(text::as_shown("x\r"), "x");
    assert_eq!(
        text::as_shown("  a  1%\r  a    100%  done   "),
        "  a 100% done"
    );
    let frames: String = (0..=100)
        .step_by(5)
        .map(|p| {
            format!(
                "/tmp/data.bin {p:>3}%[{:<20}] {}K\r",
                "=".repeat(p / 5),
                p * 10
            )
        })
        .collect();
    let raw = format!(
        "--2026-11-30 15:40:47--  http://127.0.0.1:8765/data.bin\nConnecting to 127.0.0.1:8765... connected.\nHTTP request sent, awaiting response... 200 OK\nSaving to: ‘/tmp/data.bin’\n\n{frames}/tmp/data.bin 100%[====================] 1000K in 2.9s\n\n2026-11-30 15:40:50 (4.00 MB/s) - ‘/tmp/data.bin’ saved [1024000/1024000]\n"
    );
    let got = minimize(
        "wget -O /tmp/data.bin http://127.0.0.1:8765/data.bin",
        Captured::Text(raw),
        &config(),
        Some(0),
    )
    .expect("the frames said once");
    assert_eq!(got.filter, "rewrites");
    assert_keeps(
        &got.text,
        &[
            "Connecting to 127.0.0.1:8765... connected.",
            "/tmp/data.bin 100%[====================] 1000K in 2.9s",
            "saved [1024000/1024000]",
        ],
    );
    assert!(!got.text.contains(" 50%"), "{}", got.text);
}

/// mocha's end of run, every text reporter's (spec, list with its running lines rewritten in
/// place, min): passing lines, blank lines, node's own frames and mocha's diff under node's
/// assertion (whose message already compares the two values) drop; every failure's number,
/// title, error, node's diff and place stay, as do pending tests and the counts.
#[test]
fn mocha_failures_keep_node_diff_and_places() {
    let epilogue = "\n  1 passing (255ms)\n  1 pending\n  2 failing\n\n  1) cart\n       coupon percent:\n\n      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n-7 !== 10.4\n\n      + expected - actual\n\n      --7\n      +10.4\n      \n      at Context.<anonymous> (mtest/cart.spec.js:7:45)\n      at process.processImmediate (node:internal/timers:483:21)\n\n  2) cart\n       slow path\n         async rejection:\n     TypeError: price must be a number\n      at Context.<anonymous> (mtest/cart.spec.js:14:68)\n      at process.processImmediate (node:internal/timers:483:21)\n\n\n\n";
    let list = format!("\n    cart totals: \r  ✔ cart totals: 0ms\n    cart coupon percent: \r  1) cart coupon percent\n  - cart pending: currency rounding\n    cart slow path async rejection: \r  2) cart slow path async rejection\n{epilogue}");
    let shown = text::as_shown(&list).into_owned();
    for (command, raw) in [
        ("npx mocha --reporter list mtest", shown.as_str()),
        ("mocha mtest", epilogue),
    ] {
        let out = text_of(command, raw);
        assert_keeps(
            &out,
            &[
                "1 passing (255ms)",
                "1 pending",
                "2 failing",
                "  1) cart\n       coupon percent:",
                "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n-7 !== 10.4\n      at Context.<anonymous> (mtest/cart.spec.js:7:45)",
                "     TypeError: price must be a number\n      at Context.<anonymous> (mtest/cart.spec.js:14:68)",
            ],
        );
        for gone in [
            "+ expected - actual",
            "+10.4",
            "node:internal",
            "✔",
            "\n\n\n",
        ] {
            assert!(!out.contains(gone), "{gone} in {out}");
        }
    }
    assert_keeps(
        &text_of("npx mocha --reporter list mtest", &shown),
        &[
            "  - cart pending: currency rounding",
            "  2) cart slow path async rejection",
        ],
    );
    // The same end of run printed by a script: known by its counts.
    assert_eq!(
        run("npm test", epilogue).map(|(l, _)| l),
        Some("npm:mocha".to_string())
    );
}

/// mocha's JSON report: the counts, each file's tests one a line, a failing one with its error's
/// stack in the project; durations and the lists repeating `tests` drop.
#[test]
fn mocha_json_report_is_its_tests() {
    let raw = r#"{
  "stats": {"suites": 1, "tests": 3, "passes": 1, "pending": 1, "failures": 1, "duration": 241},
  "tests": [
    {"title": "totals", "fullTitle": "cart totals", "file": "/p/mtest/cart.spec.js", "duration": 1, "currentRetry": 0, "speed": "fast", "err": {}},
    {"title": "coupon", "fullTitle": "cart coupon", "file": "/p/mtest/cart.spec.js", "duration": 14, "currentRetry": 0,
     "err": {"stack": "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n-7 !== 10.4\n\n    at Context.<anonymous> (mtest/cart.spec.js:7:45)\n    at process.processImmediate (node:internal/timers:483:21)",
             "message": "Expected values to be strictly equal:\n\n-7 !== 10.4\n", "actual": "-7", "expected": "10.4", "operator": "strictEqual"}},
    {"title": "rounding", "fullTitle": "cart rounding", "file": "/p/mtest/cart.spec.js", "currentRetry": 0, "err": {}}
  ],
  "pending": [{"title": "rounding", "fullTitle": "cart rounding", "file": "/p/mtest/cart.spec.js", "currentRetry": 0, "err": {}}],
  "failures": [{"title": "coupon", "fullTitle": "cart coupon", "file": "/p/mtest/cart.spec.js", "err": {}}],
  "passes": [{"title": "totals", "fullTitle": "cart totals", "file": "/p/mtest/cart.spec.js", "err": {}}]
}"#;
    assert_eq!(
        text_of("npx mocha --reporter json", raw),
        "3 tests: 1 passing, 1 pending, 1 failing (241ms)\n/p/mtest/cart.spec.js:\n  ✔ cart totals\n  ✖ cart coupon\n      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n      -7 !== 10.4\n          at Context.<anonymous> (mtest/cart.spec.js:7:45)\n  - cart rounding\n"
    );
}

/// jest's `--json` result object: beside the human report (stderr in the same capture) it is its
/// counts; alone, each failing file's message read as the human report, then the counts.
#[test]
fn jest_json_report_beside_or_instead_of_the_human_one() {
    let message = "  ● cart › coupon\n\n    expect(received).toBe(expected)\n\n    Expected: 1\n    Received: 2\n\n      19 |   test('coupon', () => {\n    > 20 |     expect(total()).toBe(1);\n         |                     ^\n      21 |   });\n\n      at Object.toBe (test/cart.test.js:20:47)\n";
    let json = serde_json::json!({
        "numFailedTestSuites": 1, "numFailedTests": 1, "numPassedTests": 4, "numPendingTests": 0,
        "numTotalTestSuites": 1, "numTotalTests": 5, "success": false,
        "testResults": [{"name": "/p/test/cart.test.js", "status": "failed", "message": message,
            "assertionResults": [{"fullName": "cart coupon", "status": "failed",
                "failureMessages": ["Error: x\n    at Object.toBe (/p/test/cart.test.js:20:47)\n    at run (/p/node_modules/jest-circus/build/run.js:71:3)"]}]}]
    })
    .to_string();
    let human = format!("FAIL test/cart.test.js\n{message}\nTest Suites: 1 failed, 1 total\nTests:       1 failed, 4 passed, 5 total\nTime:        2.1 s\nRan all test suites.\n");
    let both = text_of("npx jest --json", &format!("{human}{json}\n"));
    assert_keeps(&both, &["FAIL test/cart.test.js", "> 20|     expect(total()).toBe(1);", "at Object.toBe (test/cart.test.js:20:47)", "(the --json report: the results above again) Tests: 1 failed, 4 passed, 0 pending, 5 total"]);
    assert!(!both.contains("testResults"), "{both}");
    let alone = text_of("jest --json", &format!("{json}\n"));
    assert_keeps(
        &alone,
        &[
            "FAIL /p/test/cart.test.js",
            "  ● cart › coupon",
            "Expected: 1",
            "> 20|     expect(total()).toBe(1);",
            "at Object.toBe (test/cart.test.js:20:47)",
            "Tests: 1 failed, 4 passed",
        ],
    );
    assert!(!alone.contains("19 |"), "{alone}");
}

/// Parallel commands' interleaved streams (`concurrently`'s `[name] line`): each read on its own
/// by the filter its text is recognized by, said one after the other under its name; a log's
/// levels in brackets are no streams.
#[test]
fn named_streams_are_read_each_on_its_own() {
    let raw = "\n> app@1.0.0 check\n> concurrently -n lint,mocha \"npm:lint\" \"npm:test\"\n\n[lint] \n[lint] > eslint src\n[mocha] \n[mocha]   cart\n[mocha]     ✔ totals\n[mocha]     1) coupon\n[mocha] \n[mocha]   1 passing (3ms)\n[mocha]   1 failing\n[mocha] \n[mocha]   1) cart\n[mocha]        coupon:\n[mocha]      TypeError: price must be a number\n[mocha]       at Context.<anonymous> (mtest/cart.spec.js:14:68)\n[mocha]       at process.processImmediate (node:internal/timers:483:21)\n[mocha] \n[mocha] npm run test exited with code 1\n[lint] /p/src/legacy.js\n[lint]   2:5  error  'unused' is assigned a value but never used  no-unused-vars\n[lint] \n[lint] ✖ 1 problem (1 error, 0 warnings)\n[lint] npm run lint exited with code 1\n";
    let (label, out) = run("npm run check", raw).expect("streams");
    assert_eq!(label, "npm:streams");
    assert_keeps(
        &out,
        &[
            "[lint] > eslint src",
            "[mocha]   1 failing",
            "[mocha]      TypeError: price must be a number",
            "[mocha]       at Context.<anonymous> (mtest/cart.spec.js:14:68)",
            "[mocha] npm run test exited with code 1",
            "2:5",
            "'unused' is assigned a value but never used",
            "[lint] npm run lint exited with code 1",
        ],
    );
    assert!(
        !out.contains("node:internal") && !out.contains("✔ totals"),
        "{out}"
    );
    // The lint stream is said whole before the mocha stream.
    assert!(
        out.find("[lint] > eslint src") < out.find("[mocha]   cart"),
        "{out}"
    );
    let log = "[INFO] a\n[WARN] b\n".repeat(10);
    assert_ne!(
        run("some-tool", &log).map(|(l, _)| l),
        Some("streams".to_string())
    );
}

/// A padded table whose last column is left empty on most rows (`uv pip list`, `pip list`'s
/// editable location): every row stays, its cells one space apart.
#[test]
fn padded_table_rows_may_leave_their_last_cell_empty() {
    let mut raw = "Using Python 3.11.7 environment at: venv\nPackage           Version    Editable project location\n----------------- ---------- -------------------------------------\n".to_string();
    for (i, name) in [
        "argcomplete",
        "asgiref",
        "attrs",
        "blinker",
        "click",
        "coverage",
        "django",
        "execnet",
        "flake8",
        "flask",
    ]
    .iter()
    .enumerate()
    {
        raw.push_str(&format!("{name:<17} {i}.1.0\n"));
    }
    raw.push_str("funcy             2.0        /p/funcy-2.0\n");
    let out = text_of("uv pip list --python venv/bin/python", &raw);
    assert_keeps(
        &out,
        &[
            "Using Python 3.11.7 environment at: venv",
            "argcomplete 0.1.0\n",
            "flask 9.1.0\n",
            "funcy 2.0 /p/funcy-2.0",
        ],
    );
    assert!(!out.contains("-----"), "{out}");
}

/// pytest `--pdb`: the `>>> traceback >>>` block is a failure as under `FAILURES` (its source
/// lines drop, the failing line, `E` lines and place stay), the debugger's lines stay, and a
/// progress line cut short without its percentage drops when the counts close the run.
#[test]
fn pytest_pdb_traceback_is_read_as_a_failure() {
    let raw = "============================= test session starts ==============================\nplatform linux -- Python 3.11.7, pytest-9.2.0, pluggy-1.7.0\nbenchmark: 5.3.1 (defaults: timer=time.perf_counter disable_gc=False min_rounds=5)\nrootdir: /p\ncollected 260 items\n\ntest_inflection.py ..............................................................F\n>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> traceback >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>\n\nbefore = 'ActiveRecord', titleized = 'Active Record'\n\n    @pytest.mark.parametrize((\"before\", \"titleized\"), MIXTURE_TO_TITLEIZED)\n    def test_titleize(before, titleized):\n>       assert titleized == inflection.titleize(before)\nE       AssertionError: assert 'Active Record' == 'Activerecord'\n\ntest_inflection.py:339: AssertionError\n>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> entering PDB >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>\n\n> /p/test_inflection.py(339)test_titleize()\n-> assert titleized == inflection.titleize(before)\n(Pdb)\n=========================== short test summary info ============================\nFAILED test_inflection.py::test_titleize[ActiveRecord-Active Record] - AssertionError: assert 'Active Record' == 'Activerecord'\n!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!\n========================= 1 failed, 259 passed in 1.13s =========================\n";
    let out = text_of("pytest -x --pdb test_inflection.py", raw);
    assert_keeps(
        &out,
        &[
            ">> traceback >>",
            "before = 'ActiveRecord', titleized = 'Active Record'",
            ">       assert titleized == inflection.titleize(before)",
            "E       AssertionError: assert 'Active Record' == 'Activerecord'",
            "test_inflection.py:339: AssertionError",
            ">> entering PDB >>",
            "> /p/test_inflection.py(339)test_titleize()",
            "(Pdb)",
            "FAILED test_inflection.py::test_titleize",
            "1 failed, 259 passed in 1.13s",
        ],
    );
    for gone in ["@pytest.mark", "def test_titleize", "benchmark:", "......"] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
}

/// A failing Go test's log lines in a row from one place (a table test's loop): the place said
/// once above them; fewer than three stay as written.
#[test]
fn go_test_log_lines_from_one_place_say_it_once() {
    let mut raw = "--- FAIL: TestCommas (0.00s)\n".to_string();
    for n in ["1,000", "10,000", "100,000", "-1,000"] {
        raw.push_str(&format!(
            "    common_test.go:14: On {n}, expected '{n}', but got '{}'\n",
            &n[..n.len() - 1]
        ));
    }
    raw.push_str("    other_test.go:9: once\nFAIL\ncoverage: 100.0% of statements\nFAIL\tgithub.com/dustin/go-humanize\t0.019s\nFAIL\n");
    let out = text_of("go test -cover .", &raw);
    assert_keeps(&out, &["--- FAIL: TestCommas\n    common_test.go:14:\n      On 1,000, expected '1,000', but got '1,00'\n      On 10,000,", "      On -1,000, expected '-1,000', but got '-1,00'\n    other_test.go:9: once\n", "FAIL\tgithub.com/dustin/go-humanize\t0.019s"]);
}

/// A file's own `\r` (`cat` of a file with old Mac line ends or binary bytes) is the file's: it
/// passes as printed.
#[test]
fn a_files_own_carriage_returns_stay() {
    let raw = "line one\rline two\r".repeat(80);
    assert!(minimize("cat notes.txt", Captured::Text(raw), &config(), Some(0)).is_none());
}

/// A drawn table (psql's `a | b` under `---+---`, mysql's bordered one, `sqlite3 -box`'s) is
/// said without its padding and drawing: cells one space apart where none but the last holds a
/// blank or is empty (a run of rows sharing their first cell under it), else `|` apart (such a
/// run after it on one line), a column the same on every row once; lines around it stay.
#[test]
fn drawn_tables_without_their_drawing() {
    let mut raw =
        String::from(" order_id | product_id | qty | note\n----------+------------+-----+------\n");
    for (order, product, qty) in [(1, 14, 3), (1, 27, 4), (1, 40, 1), (2, 27, 4), (3, 5, 1)] {
        raw.push_str(&format!("{order:>9} | {product:>10} | {qty:>3} | \n"));
    }
    for (order, product) in [(4, 8), (5, 9), (6, 10), (7, 11)] {
        raw.push_str(&format!("{order:>9} | {product:>10} |   2 | a b\n"));
    }
    raw.push_str("(9 rows)\n\n");
    assert_eq!(
        text_of("psql -c 'select * from order_lines'", &raw),
        "order_id product_id qty note\n1:\n 14 3\n 27 4\n 40 1\n2 27 4\n3 5 1\n4 8 2 a b\n5 9 2 a b\n6 10 2 a b\n7 11 2 a b\n(9 rows)\n"
    );
    // A cell with a blank before the last column: `|` apart, a run on one line.
    let mut raw = String::from(" id | name | qty\n----+------+-----\n");
    for (id, name, qty) in [(1, "a b", 3), (1, "c d", 4), (1, "e", 1)] {
        raw.push_str(&format!("{id:>3} | {name:<4} | {qty:>3}\n"));
    }
    for id in 2..=7 {
        raw.push_str(&format!("{id:>3} | x{id:<3} | {id:>3}\n"));
    }
    raw.push_str("(9 rows)\n");
    assert_eq!(
        text_of("psql -c 'select * from t'", &raw),
        "id|name|qty\n1: a b|3; c d|4; e|1\n2|x2|2\n3|x3|3\n4|x4|4\n5|x5|5\n6|x6|6\n7|x7|7\n(9 rows)\n"
    );
    // mysql's borders and a column the same on every row.
    let mut raw =
        String::from("+----+-------+--------+\n| id | name  | status |\n+----+-------+--------+\n");
    for id in 1..=9 {
        raw.push_str(&format!("| {id:>2} | user{id} | active |\n"));
    }
    raw.push_str("+----+-------+--------+\n9 rows in set (0.00 sec)\n");
    assert_eq!(
        text_of("mysql -e 'select * from users' shop", &raw),
        "id name (every row: status active)\n1 user1\n2 user2\n3 user3\n4 user4\n5 user5\n6 user6\n7 user7\n8 user8\n9 user9\n9 rows in set (0.00 sec)\n"
    );
    // sqlite3 -box draws with box marks.
    let mut raw =
        String::from("┌──────────┬───────┐\n│  email   │ total │\n├──────────┼───────┤\n");
    for n in 1..=9 {
        raw.push_str(&format!("│ u{n}@x.io  │ {n}.5   │\n"));
    }
    raw.push_str("└──────────┴───────┘\n");
    assert_eq!(
        text_of("sqlite3 -box shop.db 'select email, total from t'", &raw),
        format!(
            "email total\n{}",
            (1..=9)
                .map(|n| format!("u{n}@x.io {n}.5\n"))
                .collect::<String>()
        )
    );
    // A rule without separators is a padded table's (read as before); too few rows stay.
    let few = " a | b\n---+---\n 1 | 2\n";
    assert_eq!(run("psql -c 'select 1'", few), None);
}

/// A drawn table whose column holds two words (a timestamp: day and time) shared in runs: the
/// column goes first, its day said once above each run, the rows indented under it with their
/// cells one space apart; every row's every cell is still on the row's line read with its day.
#[test]
fn drawn_table_with_a_day_said_once_above_its_rows() {
    let mut raw = String::from(
        " id |        taken_at        | value | note\n----+------------------------+-------+------\n",
    );
    for id in 1..=9 {
        let day = if id <= 5 { "01" } else { "02" };
        raw.push_str(&format!(
            "{id:>3} | 2026-03-{day} 00:0{id}:00+00 | {:>5} | n {id} x\n",
            20 + id
        ));
    }
    raw.push_str("(9 rows)\n");
    let out = text_of("psql -c 'select * from readings'", &raw);
    assert_eq!(
        out,
        "taken_at id value note\n2026-03-01:\n 00:01:00+00 1 21 n 1 x\n 00:02:00+00 2 22 n 2 x\n 00:03:00+00 3 23 n 3 x\n 00:04:00+00 4 24 n 4 x\n 00:05:00+00 5 25 n 5 x\n2026-03-02:\n 00:06:00+00 6 26 n 6 x\n 00:07:00+00 7 27 n 7 x\n 00:08:00+00 8 28 n 8 x\n 00:09:00+00 9 29 n 9 x\n(9 rows)\n"
    );
    // Runs too short (a day a row): as before, the last cell holding the blank.
    let mut raw = String::from(" id |        taken_at        \n----+------------------------\n");
    for id in 1..=9 {
        raw.push_str(&format!("{id:>3} | 2026-03-0{id} 00:00:00+00\n"));
    }
    let out = text_of("psql -c 'select * from readings'", &raw);
    assert!(
        out.starts_with("id taken_at\n1 2026-03-01 00:00:00+00\n"),
        "{out}"
    );
    // Another cell with a blank before the last column: the `|` form.
    let mut raw =
        String::from(" id |     taken_at     | st  | n\n----+------------------+-----+---\n");
    for id in 1..=9 {
        raw.push_str(&format!("{id:>3} | 2026-03-01 00:0{id} | s {id} | {id}\n"));
    }
    let out = text_of("psql -c 'select * from readings'", &raw);
    assert!(out.contains("|2026-03-01 00:01|s 1|"), "{out}");
}

/// Records a field a line (psql `\x`, mysql `\G`): the names' padding goes, a field the same
/// in every record is said once above them, the markers and every other field stay.
#[test]
fn records_a_field_a_line_without_their_padding() {
    let mut raw = String::from("Expanded display is on.\n");
    for id in 1..=6 {
        raw.push_str(&format!(
            "-[ RECORD {id} ]+-----------------------\nid           | {id}\ntaken_at     | 2026-03-01 00:0{id}:00+00\ncreated_at   | 2026-01-01 00:00:00+00\nraw_payload  | {{\"v\":{id}}}\n"
        ));
    }
    let out = text_of("psql -c '\\x on' -c 'select * from readings'", &raw);
    assert!(
        out.starts_with("Expanded display is on.\ncreated_at | 2026-01-01 00:00:00+00 (every record)\n-[ RECORD 1 ]+-----------------------\nid | 1\ntaken_at | 2026-03-01 00:01:00+00\nraw_payload | {\"v\":1}\n-[ RECORD 2 ]"),
        "{out}"
    );
    assert_eq!(out.matches("created_at").count(), 1, "{out}");
    for id in 1..=6 {
        assert_keeps(
            &out,
            &[
                &format!("-[ RECORD {id} ]+"),
                &format!("id | {id}"),
                &format!("taken_at | 2026-03-01 00:0{id}:00+00"),
            ],
        );
    }
    // mysql's vertical output: names padded on the left.
    let mut raw = String::new();
    for id in 1..=5 {
        raw.push_str(&format!(
            "*************************** {id}. row ***************************\n       id: {id}\n priority: urgent\n     body: Customer reports issue {id}. Steps: open app, go to settings, press save.\n"
        ));
    }
    let out = text_of("mariadb crm -e 'select * from tickets\\G'", &raw);
    assert!(
        out.starts_with("priority: urgent (every record)\n*************************** 1. row ***************************\nid: 1\nbody: Customer reports issue 1."),
        "{out}"
    );
    // A line in a record that is no field: as printed.
    let raw = format!("{raw}a line of its own without a colon at the names' column\n");
    let label = run("mariadb crm -e 'select * from tickets\\G'", &raw).map(|r| r.0);
    assert_ne!(label.as_deref(), Some("field-records"));
}

/// A linter's one-line format without a column (pylint's `a.py:12: [F401] msg`, which ruff
/// writes with `--output-format=pylint`) is read as the concise format: by file, the same
/// message at several lines on one row.
#[test]
fn pylint_format_findings_by_file() {
    let raw = "pkg/error.py:28: [UP045] Use `X | None` for type annotations\npkg/error.py:29: [UP045] Use `X | None` for type annotations\npkg/error.py:42: [UP006] Use `list` instead of `typing.List` for type annotation\npkg/util.py:7: [F401] `os` imported but unused\n";
    let out = text_of("ruff check --output-format=pylint pkg", raw);
    assert_keeps(
        &out,
        &[
            "28, 29 [UP045] Use `X | None` for type annotations",
            "42 [UP006] Use `list` instead of `typing.List` for type annotation",
            "7 [F401] `os` imported but unused",
        ],
    );
    assert!(out.matches("pkg/error.py").count() == 1, "{out}");
}

/// JUnit failing cases of one class in a row, each in a line (a linter's report: a case per
/// finding, the file as its class), have the class said once; a case with more to say stays.
#[test]
fn junit_class_said_once_over_its_short_failures() {
    let case = |code: &str, line: u32, msg: &str| {
        format!("<testcase name=\"org.ruff.{code}\" classname=\"/w/pkg/error\" line=\"{line}\" column=\"5\"><failure message=\"{msg}\">line {line}, col 5, {msg}</failure></testcase>")
    };
    let raw = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ruff\" tests=\"4\" failures=\"4\">\n<testsuite name=\"/w/pkg/error.py\" tests=\"4\" failures=\"4\">\n{}\n{}\n{}\n<testcase name=\"org.ruff.F401\" classname=\"/w/pkg/util\"><failure message=\"unused\">line 1, col 1, unused\nmore</failure></testcase>\n</testsuite>\n</testsuites>\n",
        case("UP045", 28, "Use `X | None`"),
        case("UP006", 42, "Use `list`"),
        case("UP045", 61, "Use `X | None`"),
    );
    assert_eq!(
        text_of("ruff check --output-format=junit pkg", &raw),
        "suite /w/pkg/error.py: 4 tests, 4 failures, 0 errors, 0 skipped\nFAIL /w/pkg/error (3 cases):\n  org.ruff.UP045: col 5, Use `X | None`: line 28; line 61\n  org.ruff.UP006: line 42, col 5, Use `list`\nFAIL /w/pkg/util > org.ruff.F401\n  line 1, col 1, unused\n  more\n4 tests: 0 passed, 4 failed, 0 skipped\n"
    );
    // A body that says its message, then the error's line repeating it (mocha's xunit): the
    // repeated lines go, the error's name stays.
    let raw = "<testsuite name=\"Mocha Tests\" tests=\"1\" errors=\"1\">\n<testcase classname=\"cart\" name=\"coupon\"><failure>Expected equal:\n\n-7 !== 10\n\nAssertionError [ERR_ASSERTION]: Expected equal:\n\n-7 !== 10\n\n    at Context.&lt;anonymous&gt; (mtest/cart.spec.js:7:45)</failure></testcase>\n</testsuite>\n";
    let out = text_of("npx mocha --reporter xunit mtest", raw);
    assert_keeps(
        &out,
        &[
            "  Expected equal:",
            "  -7 !== 10",
            "  AssertionError [ERR_ASSERTION]: (the message above)\n      at Context.<anonymous> (mtest/cart.spec.js:7:45)",
        ],
    );
    assert_eq!(out.matches("-7 !== 10").count(), 1, "{out}");
    // A stack's runtime frames go; the test's own stay.
    let raw = "<testsuite name=\"Mocha Tests\" tests=\"1\" errors=\"1\">\n<testcase classname=\"cart\" name=\"coupon\"><failure message=\"-7 !== 10\">AssertionError: -7 !== 10\n    at Context.&lt;anonymous&gt; (mtest/cart.spec.js:7:45)\n    at process.processImmediate (node:internal/timers:483:21)</failure></testcase>\n</testsuite>\n";
    assert_eq!(
        text_of("npx mocha --reporter xunit mtest", raw),
        "suite Mocha Tests: 1 tests, 0 failures, 1 errors, 0 skipped\nFAIL cart > coupon\n  AssertionError: -7 !== 10\n      at Context.<anonymous> (mtest/cart.spec.js:7:45)\n1 tests: 0 passed, 1 failed, 0 skipped\n"
    );
}

/// A goroutine trace a test logged (a fuzz target's panic, under the log's indentation): Go's
/// own frames counted as a panic's are, the test's frames kept.
#[test]
fn go_test_logged_trace_counts_go_frames() {
    let raw = "--- FAIL: FuzzParse (0.06s)\n    --- FAIL: FuzzParse (0.00s)\n        testing.go:1356: panic: runtime error: index out of range [0] with length 0\n            goroutine 10 [running]:\n            runtime/debug.Stack()\n            \t/usr/lib/go-1.19/src/runtime/debug/stack.go:24 +0xdb\n            testing.tRunner.func1()\n            \t/usr/lib/go-1.19/src/testing/testing.go:1356 +0x1f2\n            example.com/q/slug.Parse({0xc000018176, 0x2})\n            \t/w/slug/slug.go:43 +0x42c\n            testing.tRunner(0xc00007c9c0, 0xc00007e2d0)\n            \t/usr/lib/go-1.19/src/testing/testing.go:1446 +0x10b\n    \n    Failing input written to testdata/fuzz/FuzzParse/abff\nFAIL\nexit status 1\nFAIL\texample.com/q/slug\t0.063s\n";
    let out = text_of("go test -run '^$' -fuzz=FuzzParse ./slug", raw);
    assert_keeps(
        &out,
        &[
            "example.com/q/slug.Parse({0xc000018176, 0x2})",
            "/w/slug/slug.go:43",
            "[2 frames in Go's runtime and libraries]",
            "[1 frame in Go's runtime and libraries]",
            "Failing input written to testdata/fuzz/FuzzParse/abff",
        ],
    );
    assert!(!out.contains("debug/stack.go"), "{out}");
}

/// Go's fuzzing: its progress lines each count the whole run so far (the last of a run stays),
/// and `To re-run:` with its `go test -run=FuzzX/<id>` says again the input the line above it
/// names; a re-run command for another input stays.
#[test]
fn go_fuzz_progress_said_by_its_last_line() {
    let mut raw = String::from("=== RUN   FuzzReverse\nfuzz: elapsed: 0s, gathering baseline coverage: 0/3 completed\nfuzz: elapsed: 0s, gathering baseline coverage: 3/3 completed, now fuzzing with 2 workers\n");
    for n in 1..=30 {
        raw.push_str(&format!(
            "fuzz: elapsed: {}s, execs: {} (33430/sec), new interesting: {} (total: {})\n",
            3 * n,
            100_293 * n,
            12 + n / 5,
            15 + n / 5
        ));
    }
    raw.push_str("--- FAIL: FuzzReverse (90.21s)\n    --- FAIL: FuzzReverse (0.00s)\n        reverse_test.go:20: Reverse produced invalid UTF-8 string \"\\x9c\\xdd\"\n\n    Failing input written to testdata/fuzz/FuzzReverse/a1b2c3d4e5f60718\n    To re-run:\n    go test -run=FuzzReverse/a1b2c3d4e5f60718\nFAIL\nexit status 1\nFAIL\texample.com/rev\t90.215s\n");
    let out = text_of("go test -fuzz=FuzzReverse -fuzztime=90s", &raw);
    assert_keeps(
        &out,
        &[
            "fuzz: elapsed: 90s, execs: 3008790 (33430/sec), new interesting: 18 (total: 21)",
            "reverse_test.go:20: Reverse produced invalid UTF-8 string",
            "Failing input written to testdata/fuzz/FuzzReverse/a1b2c3d4e5f60718",
            "FAIL\texample.com/rev",
        ],
    );
    assert!(
        !out.contains("elapsed: 87s") && !out.contains("baseline"),
        "{out}"
    );
    assert!(
        !out.contains("To re-run") && !out.contains("go test -run="),
        "{out}"
    );
    // The re-run of another input than the one named above it is not said twice.
    let other = raw.replace(
        "go test -run=FuzzReverse/a1b2",
        "go test -run=FuzzReverse/ffff",
    );
    let out = text_of("go test -fuzz=FuzzReverse -fuzztime=90s", &other);
    assert_keeps(
        &out,
        &["To re-run:", "go test -run=FuzzReverse/ffffc3d4e5f60718"],
    );
}

/// GitHub Actions' workflow commands (a linter's `github` format) are read as the diagnostics
/// they annotate: the message unescaped, its place before it unless it names it, then the
/// program's filter.
#[test]
fn workflow_commands_read_as_their_diagnostics() {
    let line = |row: u32, code: &str, msg: &str| {
        format!("::error title=ruff ({code}),file=/w/pkg/error.py,line={row},col=5,endLine={row},endColumn=9::pkg/error.py:{row}:5: {code} {msg}%0A  help: Convert")
    };
    let raw = format!(
        "{}\n{}\n{}\n",
        line(28, "UP045", "Use `X | None`"),
        line(29, "UP045", "Use `X | None`"),
        line(42, "UP006", "Use `list`"),
    );
    let (label, out) = run("ruff check --output-format=github pkg", &raw).expect("rewritten");
    assert_eq!(label, "workflow:ruff");
    assert_keeps(
        &out,
        &[
            "pkg/error.py",
            "28:5",
            "29:5",
            "42:5",
            "UP045 Use `X | None`",
            "UP006 Use `list`",
        ],
    );
    assert!(!out.contains("::error") && !out.contains("%0A"), "{out}");
    // After the program's own notes on stderr (ruff's incompatible rules): the notes stay, the
    // commands are read as when alone; deeper in an output, a command is no report's.
    let notes = "warning: `D203` and `D211` are incompatible. Ignoring `D203`.\n";
    let (label, after) = run(
        "ruff check --output-format=github pkg",
        &format!("{notes}{raw}"),
    )
    .expect("rewritten");
    assert_eq!(label, "workflow:ruff");
    assert!(
        after.contains(notes.trim_end()) && !after.contains("::error"),
        "{after}"
    );
    let deep = format!("{}{raw}", notes.repeat(5));
    assert!(run("ruff check --output-format=github pkg", &deep)
        .is_none_or(|(label, _)| !label.starts_with("workflow")));
    // A message that does not name its place gets it, with the title.
    let raw = "::warning file=src/a.js,line=3,col=7,title=no-unused-vars::'x' is assigned a value but never used.%0AMore\n";
    let (_, out) = run("npx eslint -f github src", raw).expect("rewritten");
    assert!(
        out.contains(
            "src/a.js:3:7: warning: no-unused-vars: 'x' is assigned a value but never used.\nMore"
        ),
        "{out}"
    );
}

#[test]
fn excerpted_lint_rows_drop_their_quoted_lines_blank_carets_too() {
    // rubocop's default format: a row, the quoted source line, then a caret line, which is
    // blank where the offense's range is empty.
    let mut raw = String::from("Inspecting 3 files\nCCW\n\nOffenses:\n\n");
    for i in 1..=6 {
        raw.push_str(&format!(
            "lib/a.rb:{i}:1: C: [Correctable] Layout/IndentationWidth: Use 2 (not 0) spaces for indentation.\nmodule M{i}\n\nlib/a.rb:{i}:9: C: [Correctable] Style/StringLiterals: Prefer single-quoted strings.\nX = \"v{i}\"\n    ^^^^\n"
        ));
    }
    raw.push_str("\n3 files inspected, 12 offenses detected\n");
    let out = text_of("rubocop", &raw);
    assert!(!out.contains("module M") && !out.contains("^^^^"), "{out}");
    assert_keeps(
        &out,
        &[
            "Layout/IndentationWidth",
            "Style/StringLiterals",
            "12 offenses",
        ],
    );
    for i in 1..=6 {
        assert!(
            out.contains(&format!("{i}:1")) && out.contains(&format!("{i}:9")),
            "{out}"
        );
    }
}

#[test]
fn a_simulated_installs_actions_are_said_under_their_word() {
    let mut raw = String::from("Reading package lists...\nThe following NEW packages will be installed:\n  a b c d\n0 upgraded, 4 newly installed, 0 to remove and 0 not upgraded.\n");
    for verb in ["Inst", "Conf"] {
        for p in ["a", "b", "c", "d"] {
            raw.push_str(&format!(
                "{verb} lib{p}-java (1.0-{p} Debian:12.15/oldstable [all])\n"
            ));
        }
    }
    let out = text_of("apt-get install -s gradle", &raw);
    assert!(
        out.contains("Inst:\n liba-java (1.0-a Debian:12.15/oldstable [all])\n"),
        "{out}"
    );
    assert!(
        out.contains("Conf:\n liba-java (1.0-a Debian:12.15/oldstable [all])\n"),
        "{out}"
    );
    assert_keeps(&out, &["  a b c d", "4 newly installed"]);
}

#[test]
fn library_frames_are_folded_by_directory_and_the_agents_stay() {
    let lib = "/usr/lib/ruby/gems/3.1.0/gems/rake-13.0.6/lib/rake";
    let lines: Vec<String> = [
        "rake aborted!".to_string(),
        format!("{lib}/file_utils.rb:67:in `block in create_shell_runner'"),
        "/work/app/Rakefile:9:in `block in <top (required)>'".to_string(),
        format!("{lib}/task.rb:281:in `block in execute'"),
        format!("{lib}/task.rb:281:in `each'"),
        format!("{lib}/task.rb:219:in `invoke_with_call_chain'"),
        format!("{lib}/application.rb:160:in `invoke_task'"),
        "Tasks: TOP => default".to_string(),
    ]
    .into();
    assert_eq!(
        crate::minimize::text::fold_library_frames(lines),
        [
            "rake aborted!".to_string(),
            format!("{lib}/"),
            "  file_utils.rb: 67".to_string(),
            "  task.rb: 281 219".to_string(),
            "  application.rb: 160".to_string(),
            "/work/app/Rakefile:9:in `block in <top (required)>'".to_string(),
            "Tasks: TOP => default".to_string(),
        ]
    );
    // Two library frames cost less as written.
    let few = vec![
        format!("{lib}/task.rb:1:in `a'"),
        format!("{lib}/task.rb:2:in `b'"),
    ];
    assert_eq!(crate::minimize::text::fold_library_frames(few.clone()), few);
}

#[test]
fn rspec_json_reports_say_failures_with_their_frames_and_count_passes() {
    let gem = "/usr/share/rubygems-integration/all/gems/rspec-core-3.12.0/lib/rspec/core";
    let frames: Vec<String> =
        std::iter::once("/w/spec/a_spec.rb:21:in `block (2 levels)'".to_string())
            .chain(
                [263, 511, 468]
                    .iter()
                    .map(|n| format!("{gem}/example.rb:{n}:in `run'")),
            )
            .collect();
    let failed = serde_json::json!({"id": "./spec/a_spec.rb[1:2]", "description": "sums", "full_description": "Ledger sums", "status": "failed", "file_path": "./spec/a_spec.rb", "line_number": 20, "run_time": 0.04, "pending_message": null,
        "exception": {"class": "RSpec::Expectations::ExpectationNotMetError", "message": "\nexpected: 3\n     got: 2\n", "backtrace": frames}});
    let passed: Vec<serde_json::Value> = (1..=12)
        .map(|i| serde_json::json!({"id": format!("./spec/a_spec.rb[1:{i}]"), "description": format!("does thing number {i}"), "full_description": format!("Ledger does thing number {i}"), "status": "passed", "file_path": "./spec/a_spec.rb", "line_number": 30 + i, "run_time": 0.0001, "pending_message": null}))
        .collect();
    let mut examples = passed;
    examples.push(failed);
    let raw = serde_json::json!({"version": "3.12.0", "examples": examples, "summary_line": "13 examples, 1 failure"}).to_string();
    let out = text_of("rspec --format json", &raw);
    assert_keeps(
        &out,
        &[
            "13 examples, 1 failure",
            "failed ./spec/a_spec.rb:20 Ledger sums",
            "  RSpec::Expectations::ExpectationNotMetError:",
            "    expected: 3",
            "/w/spec/a_spec.rb:21:in `block (2 levels)'",
            &format!("{gem}/\n  example.rb: 263 511 468"),
            "passed:\n  ./spec/a_spec.rb: 31 32",
        ],
    );
    assert!(
        !out.contains("run_time") && !out.contains("does thing"),
        "{out}"
    );
}

#[test]
fn rspec_keeps_an_errors_lines_outside_examples() {
    let gem = "/usr/share/rubygems-integration/all/gems/rspec-core-3.12.0/lib/rspec/core";
    let mut raw = String::from("\nAn error occurred while loading ./spec/w_spec.rb. - Did you mean?\n                    rspec ./spec/a_spec.rb\n\nFailure/Error: __send__(method, file)\n\nLoadError:\n  cannot load such file -- /w/spec/w_spec.rb\n");
    for n in [2117, 1617, 1615, 102, 86] {
        raw.push_str(&format!("# {gem}/configuration.rb:{n}:in `load'\n"));
    }
    raw.push_str("No examples found.\n\n\nFinished in 0.00005 seconds (files took 0.47537 seconds to load)\n0 examples, 0 failures, 1 error occurred outside of examples\n");
    let out = text_of("rspec spec/w_spec.rb", &raw);
    assert_keeps(
        &out,
        &[
            "rspec ./spec/a_spec.rb",
            "cannot load such file -- /w/spec/w_spec.rb",
            &format!("{gem}/\n  configuration.rb: 2117 1617 1615 102 86"),
            "1 error occurred outside of examples",
        ],
    );
}

#[test]
fn colour_codes_go_when_no_filter_reads_the_output() {
    let line = "\x1b[31m    Expected 'ship-it-' to be 'ship-it'.\x1b[0m \x1b[32m.\x1b[0m\x1b[31mF\x1b[0m\n";
    let raw = line.repeat(40);
    let m = minimize("some-tool --color", Captured::Text(raw), &config(), Some(1))
        .expect("the codes are stripped");
    assert_eq!(m.filter, "ansi");
    assert!(!m.text.contains('\x1b'));
    assert_keeps(&m.text, &["    Expected 'ship-it-' to be 'ship-it'. .F"]);
}

#[test]
fn jasmine_drops_progress_blank_lines_and_its_own_frames() {
    let raw = "Started\n.FF*.\n\nFailures:\n1) slug strips trailing punctuation\n  Message:\n    Expected 'ship-it-' to be 'ship-it'.\n  Stack:\n        at <Jasmine>\n        at UserContext.<anonymous> (/app/spec/lib.spec.js:4:70)\n        at <Jasmine>\n\n2) chunk pairs\n  Message:\n    TypeError: bad\n  Stack:\n        at <Jasmine>\n\nPending:\n\n1) median handles NaN\n  Temporarily disabled with xit\n\n5 specs, 2 failures, 1 pending spec\nFinished in 0.039 seconds\n";
    for command in ["npx jasmine", "npm test"] {
        let out = text_of(command, raw);
        assert_eq!(
            out,
            "Failures:\n1) slug strips trailing punctuation\n  Message:\n    Expected 'ship-it-' to be 'ship-it'.\n  Stack:\n        at UserContext.<anonymous> (/app/spec/lib.spec.js:4:70)\n2) chunk pairs\n  Message:\n    TypeError: bad\nPending:\n1) median handles NaN\n  Temporarily disabled with xit\n5 specs, 2 failures, 1 pending spec\nFinished in 0.039 seconds\n",
            "{command}"
        );
    }
}

#[test]
fn pytest_warnings_of_one_file_and_message_are_said_once_with_their_lines_and_tests() {
    let entry = |test: &str, line: u32| {
        format!("tests/test_mru.py::MRUCacheTest::{test}\n  /app/tests/__init__.py:{line}: DeprecationWarning: MRUCache is deprecated\n    cache = self.Cache(maxsize=2)\n\n")
    };
    let mut raw = String::from("..F.                                                [100%]\n=================== warnings summary ===================\n");
    raw.push_str(&entry("test_defaults", 8));
    raw.push_str(&entry("test_delete", 54));
    raw.push_str("tests/test_mru.py::MRUCacheTest::test_pickle\ntests/test_mru.py::MRUCacheTest::test_pickle\n  /app/tests/__init__.py:297: DeprecationWarning: MRUCache is deprecated\n    source = self.Cache(maxsize=n)\n\n");
    raw.push_str("tests/test_a.py::test_one\n  /app/tests/test_a.py:5: UserWarning: once\n    warnings.warn('once')\n\n");
    raw.push_str("-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html\n1 failed, 3 passed, 5 warnings in 0.20s\n");
    let out = text_of("pytest -q", &raw);
    assert_eq!(
        out,
        "== warnings summary ==\n/app/tests/__init__.py:\n  8 54 297: DeprecationWarning: MRUCache is deprecated\n  tests, in that order: tests/test_mru.py::MRUCacheTest:: test_defaults test_delete test_pickle×2\ntests/test_a.py::test_one\n  /app/tests/test_a.py:5: UserWarning: once\n1 failed, 3 passed, 5 warnings in 0.20s\n"
    );
}

#[test]
fn clang_diagnostics_from_any_program_drop_their_excerpts_and_fix_its() {
    let raw = "3630 warnings generated.\n/app/main.c:10:62: warning: statement should be inside braces [readability-braces-around-statements]\n    for (i = 0; i < n; i++) add(b, w[i]);\n                             ^\n                              {\n/app/main.c:14:80: warning: statement should be inside braces [readability-braces-around-statements]\n        for (;;) first = b[i];\n                ^\n                 {\n/app/main.c:9:15: warning: variable name 'b' is too short, expected at least 3 characters [readability-identifier-length]\n    tokbag_t *b = tokbag_new(7);\n              ^\nSuppressed 10019 warnings (10019 in non-user code).\n";
    let expected = "3630 warnings generated.\nwarning: statement should be inside braces [readability-braces-around-statements] (2 places):\n  /app/main.c: 10:62 14:80\n/app/main.c:9:15: warning: variable name 'b' is too short, expected at least 3 characters [readability-identifier-length]\nSuppressed 10019 warnings (10019 in non-user code).\n";
    assert_eq!(text_of("clang-tidy main.c -checks=*", raw), expected);
    // Sniffed by its shape where no filter names the program (a longer output: three findings
    // with their excerpts alone are read as a linter's excerpted list first).
    let (label, _) = run("./lint-c.sh", &raw.repeat(3)).expect("sniffed");
    assert_eq!(label, "compiler");
}

#[test]
fn pylints_module_headings_are_said_by_the_rows_paths() {
    let raw = "************* Module cachetools\nsrc/cachetools/__init__.py:52: [R1735(use-dict-literal), Cache.__init__] Consider using '{}'\nsrc/cachetools/__init__.py:53: [R1735(use-dict-literal), Cache.__init__] Consider using '{}'\nsrc/cachetools/__init__.py:138: [W0613(unused-argument), Cache.getsizeof] Unused argument 'value'\nsrc/cachetools/__init__.py:318: [W0201(attribute-defined-outside-init), _Timer.__enter__] Attribute '__time' defined outside __init__\n************* Module cachetools.keys\nsrc/cachetools/keys.py:16: [W0622(redefined-builtin), _HashedTuple.__hash__] Redefining built-in 'hash'\n\n-----------------------------------\nYour code has been rated at 8.96/10\n";
    // pylint's closing rule and rating are two lines after the rows: the list's sniff reads
    // it once its first 40 lines are rows.
    let rows: String = (200..240)
        .map(|n| format!("src/cachetools/func.py:{n}: [W0613(unused-argument), f{n}] Unused argument 'x{n}'\n"))
        .collect();
    let raw = raw.replacen(
        "************* Module cachetools.keys\n",
        &format!(
            "************* Module cachetools.func\n{rows}************* Module cachetools.keys\n"
        ),
        1,
    );
    for command in [
        "pylint --output-format=parseable src",
        "python -m pylint src",
    ] {
        let (label, out) = run(command, &raw).expect("a lint list");
        assert_eq!(label, "pylint", "{command}");
        assert!(!out.contains("*** Module"), "{out}");
        assert_keeps(
            &out,
            &[
                "src/cachetools/__init__.py",
                "52",
                "53",
                "src/cachetools/keys.py",
                "Redefining built-in 'hash'",
                "Your code has been rated at 8.96/10",
            ],
        );
    }
}

#[test]
fn a_bracketed_rule_name_stays_with_its_message() {
    // cppcheck --template=gcc: one message under two rules is two findings.
    let mut raw = String::new();
    for i in 1..=6 {
        raw.push_str(&format!(
            "a.c:{i}:5: warning: Memory leak: p{i} [memleak]\n    free(q);\n    ^\n"
        ));
    }
    raw.push_str("a.c:16:92: warning: Uninitialized variable: s [uninitvar]\n    use(s);\n    ^\n");
    raw.push_str(
        "a.c:16:68: warning: Uninitialized variable: s [legacyUninitvar]\n    use(s);\n    ^\n",
    );
    let out = text_of("cppcheck --template=gcc -q a.c", &raw);
    assert_keeps(
        &out,
        &[
            "Uninitialized variable: s [uninitvar]",
            "Uninitialized variable: s [legacyUninitvar]",
            "Memory leak: p3 [memleak]",
        ],
    );
}

/// A parallel build of many files (issue 45, round 23): each compile command's echo is progress
/// even with diagnostics under it (they name their file); the same warning at the same place of
/// each file is said once with its places by place, each file named; a repeated warning's label
/// (`int` under its caret) once; the note under each of its places grouped as notes are.
#[test]
fn a_many_file_build_says_each_warning_kind_once_with_every_place() {
    let mut raw = String::new();
    for n in 0..8 {
        raw.push_str(&format!(
            "cc -Wall -c -o src/m{n}.o src/m{n}.c\nsrc/m{n}.c: In function ‘f{n}’:\nsrc/m{n}.c:9:28: warning: format ‘%d’ expects a matching ‘int’ argument [-Wformat=]\n    9 |     printf(\"%d\\n\");\n      |             ~^\n      |              |\n      |              int\nsrc/m{n}.c:10:5: warning: ‘return’ with no value [-Wreturn-type]\nsrc/m{n}.c:3:5: note: declared here\nsrc/m{n}.c:4:9: warning: unused variable ‘u{n}’ [-Wunused-variable]\n"
        ));
    }
    let out = text_of("make -j2", &raw);
    assert_eq!(
        out.lines().take(6).collect::<Vec<_>>().join("\n"),
        "warning: format ‘%d’ expects a matching ‘int’ argument [-Wformat=] (8 places):\n  9:28: src/m0.c src/m1.c src/m2.c src/m3.c src/m4.c src/m5.c src/m6.c src/m7.c\n  int\nwarning: ‘return’ with no value [-Wreturn-type] (8 places):\n  10:5: src/m0.c src/m1.c src/m2.c src/m3.c src/m4.c src/m5.c src/m6.c src/m7.c\nnote: declared here (8 notes):"
    );
    assert!(!out.contains("cc -Wall"), "{out}");
    assert_eq!(out.matches("  int").count(), 1, "{out}");
    assert_keeps(
        &out,
        &[
            "  3:5: src/m0.c src/m1.c src/m2.c src/m3.c src/m4.c src/m5.c src/m6.c src/m7.c",
            "src/m7.c:4:9: warning: unused variable ‘u7’",
        ],
    );
    // A build of one file keeps its command over its diagnostics.
    let one = "cc -Wall -c -o a.o a.c\na.c:4:9: warning: unused variable ‘u’ [-Wunused-variable]\n    4 |     int u;\n      |         ^\n";
    assert_keeps(&text_of("make", one), &["cc -Wall -c -o a.o a.c"]);
}

/// An analyzer's finding repeated at several places: the event paths under its later places
/// follow the first place's, each line said once (three identical paths are one); the walk
/// counts after the first say only their number.
#[test]
fn a_repeated_analyzer_finding_says_each_event_once() {
    let w =
        "warning: use of uninitialized value ‘x’ [CWE-457] [-Wanalyzer-use-of-uninitialized-value]";
    let path = "  ‘f’: events 1-2\n    |\n    |    8 |   int x;\n    |      |       ^\n    |      |       |\n    |      |       (1) region created on stack here\n    |    9 |   if (a) return x;\n    |      |      ~\n    |      |      |\n    |      |      (2) following ‘true’ branch...\n    |\n";
    let raw = format!(
        "a.c: In function ‘f’:\na.c:9:17: {w}\n{path}a.c:9:17: {w}\n{path}a.c:12:3: {w}\n{path}"
    );
    assert_eq!(
        text_of("gcc -fanalyzer -c a.c", &raw),
        format!("{w} (3 places):\n  a.c: 9:17 9:17 12:3\n  8: (1) region created on stack here\n  (1 control-flow events: entries, branches, calls, returns)\n  (1 control-flow events)\n")
    );
}

/// A count table (rubocop's `--format offenses`: a count padded to a column, then a name): the
/// padding goes, each count and name stay.
#[test]
fn a_count_tables_padding_goes() {
    let names = [
        "Style/StringLiterals",
        "Layout/ArrayAlignment",
        "Metrics/MethodLength",
        "Lint/Loop",
        "Naming/PredicateName",
        "Style/Next",
        "Security/Eval",
        "Style/AndOr",
    ];
    let mut raw = "\n".to_string();
    for (i, n) in names.iter().enumerate() {
        raw.push_str(&format!("{:<6}{n}\n", 360 - i * 40));
    }
    raw.push_str("--\n1105  Total in 45 files\n\n");
    assert_eq!(
        text_of("rubocop --format offenses", &raw),
        "360 Style/StringLiterals\n320 Layout/ArrayAlignment\n280 Metrics/MethodLength\n240 Lint/Loop\n200 Naming/PredicateName\n160 Style/Next\n120 Security/Eval\n80 Style/AndOr\n--\n1105 Total in 45 files\n"
    );
}

#[test]
fn a_checkers_rows_that_repeat_their_files_heading_say_the_file_once() {
    // pyright's and basedpyright's default format: the file's heading, then rows that repeat it,
    // a message's further lines indented under its row (two spaces, then no-break spaces), the
    // summary last.
    let raw = "/src/pkg/a.py\n  /src/pkg/a.py:5:10 - error: Import \"x\" could not be resolved (reportMissingImports)\n  /src/pkg/a.py:11:27 - warning: Type of \"StringIO\" is unknown (reportUnknownVariableType)\n  /src/pkg/a.py:14:30 - warning: Type of \"StringIO\" is unknown (reportUnknownVariableType)\n  /src/pkg/a.py:54:35 - error: Argument of type \"str\" cannot be assigned to parameter \"unit\"\n  \u{a0}\u{a0}Type \"str\" is not assignable to type \"Unit\"\n  \u{a0}\u{a0}\u{a0}\u{a0}\"str\" is not assignable to type \"Literal['C']\" (reportArgumentType)\n/src/pkg/b.py\n  /src/pkg/b.py:28:24 - error: \"sensor\" is not a known attribute of \"None\" (reportOptionalMemberAccess)\n4 errors, 2 warnings, 0 notes\n";
    for (command, label) in [
        ("basedpyright a.py", "basedpyright"),
        ("npx pyright", "npx:pyright"),
        ("blindchecker src", "repeating-rows"),
    ] {
        let (got, out) = run(command, raw).expect("rewritten");
        assert_eq!(got, label);
        assert_eq!(
            out,
            "/src/pkg/a.py:\n  5:10 error: Import \"x\" could not be resolved (reportMissingImports)\n  11:27, 14:30 warning: Type of \"StringIO\" is unknown (reportUnknownVariableType)\n  54:35 error: Argument of type \"str\" cannot be assigned to parameter \"unit\"\n    Type \"str\" is not assignable to type \"Unit\"\n      \"str\" is not assignable to type \"Literal['C']\" (reportArgumentType)\n/src/pkg/b.py:\n  28:24 error: \"sensor\" is not a known attribute of \"None\" (reportOptionalMemberAccess)\n4 errors, 2 warnings, 0 notes\n"
        );
    }
    // A row whose path is not its heading's is another format: not rewritten as this one.
    let other = raw.replace("  /src/pkg/a.py:11:27", "  /src/pkg/c.py:11:27");
    assert!(!matches!(run("basedpyright a.py", &other), Some((l, _)) if l == "basedpyright"));
}

#[test]
fn a_gherkin_step_says_its_place_once() {
    let raw = "..F..F\n\nFailures:\n\n1) Scenario: Half price # features/cart.feature:11\n   ✔ Given an empty cart # features/steps.js:4\n   ✖ Then the total is 80 # features/steps.js:9\n       AssertionError: 81 !== 80\n\n2) Scenario: Remove # features/cart.feature:20\n   ✔ Given an empty cart # features/steps.js:4\n   ✖ Then the total is 0 # features/steps.js:9\n       Error: no fig in cart\n\n2 scenarios (2 failed)\n4 steps (2 failed, 2 passed)\n0m00.216s (executing steps: 0m00.073s)\n";
    for (command, label) in [
        ("npx cucumber-js", "npx:cucumber"),
        ("./run-bdd", "gherkin"),
    ] {
        let (got, out) = run(command, raw).expect("rewritten");
        assert_eq!(got, label);
        assert_eq!(
            out,
            raw.replacen(
                "   ✔ Given an empty cart # features/steps.js:4\n   ✖ Then the total is 0",
                "   ✔ Given an empty cart\n   ✖ Then the total is 0",
                1
            )
        );
    }
}

#[test]
fn npm_ls_longs_drawing_alone_under_each_package_is_layout() {
    let raw = "shop@1.0.0\n│ /work/shop\n│ \n├─┬ chalk@4.1.2\n│ │ \n│ ├── ansi-styles@4.3.0\n│ │   \n│ └── supports-color@7.2.0\n│     \n└── tslib@2.9.1\n    \n";
    let out = text_of("npm ls --all --long", raw);
    assert_eq!(out, "shop@1.0.0\n│ /work/shop\n  chalk@4.1.2\n    ansi-styles@4.3.0 supports-color@7.2.0\n  tslib@2.9.1\n");
}

#[test]
fn git_status_short_groups_paths_by_state_and_directory() {
    let mut raw = String::from("## main...origin/main\n");
    for n in 0..5 {
        raw.push_str(&format!(" M src/checkers/c{n}.py\n"));
    }
    raw.push_str("M  src/staged.py\nMM src/both.py\nR  old.py -> new.py\n");
    for n in 0..4 {
        raw.push_str(&format!("?? scratch/note_{n}.txt\n"));
    }
    assert_eq!(
        text_of("git status -s -uall", &raw),
        "## main...origin/main\n\
         .M src/checkers/\n  c0.py c1.py c2.py c3.py c4.py\n\
         M. src/staged.py\nMM src/both.py\nR. old.py -> new.py\n\
         ?? scratch/\n  note_0.txt note_1.txt note_2.txt note_3.txt\n"
    );
    // Few paths, or a line of another shape: as written.
    assert_eq!(run("git status --short", " M a\n?? b\n"), None);
    assert_eq!(
        run("git status --porcelain", &format!("{raw}warning: x\n")),
        None
    );
}

#[test]
fn git_diff_numstat_groups_paths_by_directory() {
    let mut raw = String::new();
    for n in 0..6 {
        raw.push_str(&format!("{n}\t1\tpkg/checkers/c{n}.py\n"));
    }
    raw.push_str("0\t0\tpkg/checkers/{ => legacy}/a.py\n2\t0\tpkg/checkers/{ => legacy}/b.py\n");
    raw.push_str("-\t-\tdocs/logo.png\n3\t3\tpkg/{x.py => y.py}\n");
    assert_eq!(
        text_of("git diff --numstat -M v1 HEAD", &raw),
        "pkg/checkers/\n  c0.py +0 -1  c1.py +1 -1  c2.py +2 -1  c3.py +3 -1  c4.py +4 -1  c5.py +5 -1\n\
         pkg/checkers/{ => legacy}/\n  a.py +0 -0  b.py +2 -0\n\
         docs/logo.png binary\npkg/{x.py => y.py} +3 -3\n"
    );
    // Up to eight files: as git wrote them.
    assert_eq!(
        run("git diff --numstat", "1\t0\ta.py\n2\t2\tb/c.py\n").map(|(_, t)| t),
        Some("1\t0\ta.py\n2\t2\tb/c.py\n".to_string())
    );
}

/// pytest-xdist heads each failure with its worker's platform line: said once, at the first
/// failure; every failure's heading, place and message stay.
#[test]
fn pytest_xdist_platform_line_said_once() {
    let mut raw = String::from("bringing up nodes...\n\nFFFF                                     [100%]\n=================================== FAILURES ===================================\n");
    for (w, t) in [(0, "test_a"), (1, "test_b"), (0, "test_c"), (1, "test_d")] {
        raw.push_str(&format!(
            "______________________________ {t} ______________________________\n[gw{w}] linux -- Python 3.11.7 /work/venv/bin/python\n\n    def {t}():\n>       assert f() == {w}\nE       assert 2 == {w}\n\ntests/test_x.py:{}: AssertionError\n",
            10 + w
        ));
    }
    raw.push_str("=========================== short test summary info ============================\nFAILED tests/test_x.py::test_a - assert 2 == 0\nFAILED tests/test_x.py::test_b - assert 2 == 1\nFAILED tests/test_x.py::test_c - assert 2 == 0\nFAILED tests/test_x.py::test_d - assert 2 == 1\n4 failed in 0.12s\n");
    let out = text_of("pytest -n 2 -q", &raw);
    assert_eq!(out.matches("linux -- Python 3.11.7").count(), 1, "{out}");
    assert_keeps(
        &out,
        &[
            "[gw0] linux -- Python 3.11.7 /work/venv/bin/python",
            "__ test_d",
            "tests/test_x.py:11: AssertionError",
            "FAILED tests/test_x.py::\n  test_a\n  test_b\n  test_c\n  test_d\n4 failed in 0.12s",
        ],
    );
}

#[test]
fn pytest_xdist_verbose_keeps_what_did_not_pass() {
    let mut raw = String::from(
        "============================= test session starts ==============================\n\
         platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0\n\
         created: 2/2 workers\n2 workers [5 items]\n\nscheduling tests via LoadScheduling\n\n",
    );
    for (w, outcome, t) in [
        (0, "PASSED", "test_a"),
        (1, "SKIPPED", "test_b"),
        (0, "FAILED", "test_c"),
        (1, "PASSED", "test_d"),
        (0, "PASSED", "test_e"),
    ] {
        raw.push_str(&format!("tests/t.py::T::{t} \n"));
        raw.push_str(&format!("[gw{w}] [ 20%] {outcome} tests/t.py::T::{t} \n"));
    }
    raw.push_str(
        "\n=========================== short test summary info ============================\n\
         FAILED tests/t.py::T::test_c - assert 1 == 2\n\
         =================== 1 failed, 3 passed, 1 skipped in 0.50s ====================\n",
    );
    let out = text_of("pytest -n 2 -v", &raw);
    assert_keeps(
        &out,
        &[
            "2 workers [5 items]",
            "tests/t.py::T::test_b SKIPPED",
            "FAILED tests/t.py::T::test_c - assert 1 == 2",
            "1 failed, 3 passed, 1 skipped in 0.50s",
        ],
    );
    for gone in [
        "PASSED",
        "[gw",
        "created:",
        "scheduling tests",
        "test_a",
        "test_d",
    ] {
        assert!(!out.contains(gone), "{gone} in {out}");
    }
}

#[test]
fn rustc_like_notes_repeated_under_a_later_diagnostic_are_said_once() {
    let block = "info: Searched in the following paths during module resolution:\ninfo:   1. /src (first-party code)\ninfo:   2. vendored://stdlib (stdlib typeshed stubs vendored by ty)\n";
    let raw = format!(
        "error[import-not-found]: Cannot resolve imported module `jinja2`\n  --> bin/a.py:32:8\n   |\n32 | import jinja2\n   |        ^^^^^^\n{block}\nerror[import-not-found]: Cannot resolve imported module `dateutil`\n  --> bin/a.py:35:8\n   |\n35 | import dateutil\n   |        ^^^^^^^^\n{block}\nFound 2 diagnostics\n"
    );
    let out = text_of("ty check", &raw);
    assert_eq!(
        out.matches("info:   1. /src (first-party code)").count(),
        1,
        "{out}"
    );
    assert_keeps(
        &out,
        &[
            "bin/a.py:32:8: error[import-not-found]: Cannot resolve imported module `jinja2`",
            "bin/a.py:35:8: error[import-not-found]: Cannot resolve imported module `dateutil`",
            "info: (the 3 lines under bin/a.py:32:8)",
            "Found 2 diagnostics",
        ],
    );
}

#[test]
fn a_python_tracebacks_installed_frames_are_counted() {
    let dep = |file: &str, line: u32, f: &str, src: &str| {
        format!("  File \"/v/lib/python3.12/site-packages/django/db/{file}\", line {line}, in {f}\n    {src}\n           ^^^^^^^^^\n")
    };
    let raw = format!(
        "FF.E..\n======================================================================\nERROR: test_unique (orders.tests.T.test_unique)\n----------------------------------------------------------------------\nTraceback (most recent call last):\n  File \"/app/orders/tests.py\", line 21, in test_unique\n    Customer.objects.create(email=\"a@b\")\n{}{}{}{}django.db.utils.IntegrityError: UNIQUE constraint failed: customer.email\n\n----------------------------------------------------------------------\nRan 6 tests in 0.069s\n\nFAILED (failures=2, errors=1)\n",
        dep("models/manager.py", 87, "manager_method", "return getattr(self.get_queryset(), name)(*args, **kwargs)"),
        dep("models/query.py", 752, "create", "obj.save(force_insert=True, using=self.db)"),
        dep("models/base.py", 904, "save", "self.save_base("),
        dep("backends/utils.py", 105, "_execute", "return self.cursor.execute(sql, params)"),
    );
    for command in ["python manage.py test", "python -m unittest", "./run.py"] {
        let (label, out) = run(command, &raw).expect("rewritten");
        assert_eq!(label, "py-trace", "{command}");
        // The three frames before the one that raised are counted; the one that raised, the
        // program's own frame and every other line stay as written.
        assert_eq!(
            out,
            raw.replace(
                &format!(
                    "{}{}{}",
                    dep(
                        "models/manager.py",
                        87,
                        "manager_method",
                        "return getattr(self.get_queryset(), name)(*args, **kwargs)"
                    ),
                    dep(
                        "models/query.py",
                        752,
                        "create",
                        "obj.save(force_insert=True, using=self.db)"
                    ),
                    dep("models/base.py", 904, "save", "self.save_base("),
                ),
                "  [3 frames in installed packages]\n"
            ),
            "{command}"
        );
    }
    // Two frames in a row cost less as written than counted: nothing to rewrite.
    let few = "Traceback (most recent call last):\n  File \"/app/a.py\", line 3, in <module>\n    f()\n  File \"/v/site-packages/x/y.py\", line 9, in f\n    g()\n  File \"/v/site-packages/x/z.py\", line 2, in g\n    raise E\nE: boom\n";
    assert!(!matches!(run("python a.py", few), Some((l, _)) if l == "py-trace"));
}

/// A diagnostic's kind is the first `: error: `/`: warning: `/`: fatal error: ` of its line
/// (found in one pass over the line's colons): a warning whose message quotes `: error: `
/// is a warning, grouped with the same warning at another place.
#[test]
fn a_compilers_diagnostic_kind_is_the_first_on_its_line() {
    let raw = "gcc -c a.c\na.c:3:5: warning: format ‘x: error: %s’ expects a string [-Wformat=]\na.c:9:5: warning: format ‘x: error: %s’ expects a string [-Wformat=]\ngcc -c b.c\nb.c:1:1: fatal error: missing.h: No such file or directory\ncompilation terminated.\nmake: *** [Makefile:3: b.o] Error 1\n";
    let out = text_of("make", raw);
    assert_keeps(
        &out,
        &[
            "warning: format ‘x: error: %s’ expects a string [-Wformat=] (2 places):\n  a.c: 3:5 9:5\n",
            "b.c:1:1: fatal error: missing.h: No such file or directory\n",
        ],
    );
}

/// A table aligned without a rule (`npm outdated`, `column -t`): its header's names and each
/// row's cells one space apart, a run of rows differing only in their last cell said once with
/// each last cell under it; a cell with a blank before the last column leaves it alone.
#[test]
fn an_aligned_tables_padding_goes_and_rows_differing_in_their_last_cell_share_the_rest() {
    let mut raw = format!(
        "{:<24}{:>9}{:>10}{:>9}  {:<32}  Depended by\n",
        "Package", "Current", "Wanted", "Latest", "Location"
    );
    let row = |p: &str, c: &str, by: &str| {
        format!(
            "{p:<24}{c:>9}{:>10}{:>9}  {:<32}  {by}\n",
            "1.2.0",
            "2.0.0",
            format!("node_modules/{p}")
        )
    };
    for by in ["app", "lib-a", "lib-b"] {
        raw.push_str(&row("@babel/core", "1.1.0", by));
    }
    for p in ["chalk", "debug", "ms", "semver", "yallist", "zod"] {
        raw.push_str(&row(p, "MISSING", "app"));
    }
    let out = text_of("npm outdated --all", &raw);
    assert_eq!(
        out,
        "Package Current Wanted Latest Location Depended by\n@babel/core 1.1.0 1.2.0 2.0.0 node_modules/@babel/core:\n app\n lib-a\n lib-b\nchalk MISSING 1.2.0 2.0.0 node_modules/chalk app\ndebug MISSING 1.2.0 2.0.0 node_modules/debug app\nms MISSING 1.2.0 2.0.0 node_modules/ms app\nsemver MISSING 1.2.0 2.0.0 node_modules/semver app\nyallist MISSING 1.2.0 2.0.0 node_modules/yallist app\nzod MISSING 1.2.0 2.0.0 node_modules/zod app\n"
    );
    // A cell with a blank inside (docker's `2 weeks ago`) would not read apart: left alone.
    let mut raw = String::from("NAME    CREATED      SIZE\n");
    for n in 0..9 {
        raw.push_str(&format!("img{n}    {n} weeks ago  1{n}MB\n"));
    }
    assert_eq!(run("docker images", &raw), None);
    // Indented source after a place (`ag -C`'s context lines): no column, its blanks are the
    // code's.
    let mut raw = String::new();
    for n in 0..9 {
        raw.push_str(&format!(
            "pkg/validators.py:{}-{}x = {n}\n",
            970 + n,
            " ".repeat(4 * (1 + n % 3))
        ));
    }
    let out = run("ag -C 2 x pkg", &raw);
    assert!(
        out.as_ref()
            .is_none_or(|(filter, out)| filter != "aligned-table" && out.contains("-        x = 1")),
        "{out:?}"
    );
}

/// A valgrind run without an error's stack (a clean run, a leak summary alone): every line
/// whole with its prefix, the banner's too; only the prefix's blank lines go.
#[test]
fn valgrind_without_an_error_keeps_its_lines_whole() {
    let log = "==30998== Memcheck, a memory error detector\n==30998== Copyright (C) 2002-2022, and GNU GPL'd, by Julian Seward et al.\n==30998== Using Valgrind-3.19.0 and LibVEX; rerun with -h for copyright info\n==30998== Command: ./hot 500\n==30998== \nchecksum=1770000\n==30998== \n==30998== HEAP SUMMARY:\n==30998==     in use at exit: 16,890 bytes in 1,000 blocks\n==30998==   total heap usage: 1,001 allocs, 1 frees, 20,986 bytes allocated\n==30998== \n==30998== LEAK SUMMARY:\n==30998==    definitely lost: 0 bytes in 0 blocks\n==30998==    indirectly lost: 0 bytes in 0 blocks\n==30998==      possibly lost: 0 bytes in 0 blocks\n==30998==    still reachable: 16,890 bytes in 1,000 blocks\n==30998==         suppressed: 0 bytes in 0 blocks\n==30998== Reachable blocks (those to which a pointer was found) are not shown.\n==30998== To see them, rerun with: --leak-check=full --show-leak-kinds=all\n==30998== \n==30998== For lists of detected and suppressed errors, rerun with: -s\n==30998== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)\n";
    let out = text_of("valgrind --leak-check=full ./hot 500", log);
    let kept: Vec<&str> = log.lines().filter(|l| l.trim() != "==30998==").collect();
    assert_eq!(out, format!("{}\n", kept.join("\n")));
}

/// pytest's session header: a plugin's report line (hypothesis's profile) goes with
/// `platform`, `rootdir` and `plugins`.
#[test]
fn pytest_drops_the_hypothesis_profile_header() {
    let mut raw = String::from("============================= test session starts ==============================\nplatform linux -- Python 3.13.0, pytest-9.2.0, pluggy-1.7.0\nhypothesis profile 'ci' -> database=None, deadline=None, print_blob=True\nrootdir: /p\ncollecting ... collected 20 items\n\n");
    for n in 0..20 {
        raw.push_str(&format!("t.py::test_{n} PASSED [{:>3}%]\n", (n + 1) * 5));
    }
    raw.push_str(
        "\n============================== 20 passed in 0.21s ==============================\n",
    );
    let out = text_of("python -m pytest -v t.py", &raw);
    assert!(!out.contains("hypothesis profile"), "{out}");
    assert!(out.contains("20 passed in 0.21s"), "{out}");
}

/// A code frame (`@babel/code-frame`'s, here babel's own) loses its unmarked lines whatever
/// program printed it, before that program's filter reads the rest; a program that prints a
/// file keeps it as it is.
#[test]
fn a_code_frames_unmarked_lines_go_before_any_filter() {
    let raw = "SyntaxError: /w/src/a.js: Unexpected token (4:10):\n  2 | export function render3(rows) {\n  3 |   const big = [0,3,6,9,12,15,18,21,24,27,30,33,36,39,42,45,48,51,54,57,60,63,66,69,72];\n> 4 |   return <section id=\"p3\">;\n    |          ^\n  5 | }\nAdd @babel/preset-react to the 'presets' section of your Babel config.\n";
    let (_, out) = run("npx babel src -d lib", raw).expect("rewritten");
    assert_eq!(
        out,
        "SyntaxError: /w/src/a.js: Unexpected token (4:10):\n> 4 |   return <section id=\"p3\">;\n    |          ^\nAdd @babel/preset-react to the 'presets' section of your Babel config.\n"
    );
    assert_eq!(run("cat frame.txt", raw), None);
}

/// pytest-benchmark's table under a run: its title, the columns' names one space apart, each
/// row's name and figures (four significant digits, never a digit before the point dropped;
/// no thousands separator; each figure's ratio to its column's best dropped), a column the
/// same on every row said once beside the names, the legend dropped; a summary line that says
/// again a failure's `E` line goes.
#[test]
fn pytest_benchmark_table_is_said_by_its_figures() {
    let rule = "-".repeat(120);
    let banner = |c: &str, title: &str| format!("{} {title} {}", c.repeat(30), c.repeat(30));
    let (fail, head, summary) = (
        banner("=", "FAILURES"),
        banner("_", "test_balance"),
        banner("=", "short test summary info"),
    );
    let title = format!("{} benchmark: 3 tests {}", "-".repeat(50), "-".repeat(50));
    let raw = format!(
        "..F{pad}[100%]\n{fail}\n{head}\n\nE       assert 2 == 0\n\nt.py:19: AssertionError\n\n{title}\nName (time in us)            Min                    Max                  Mean            Outliers          OPS            Rounds  Iterations\n{rule}\ntest_format         3.8120 (1.0)      30,649.3520 (2.90)        21.7999 (1.0)       87;1411  45,871.8621 (1.0)       42375           1\ntest_balance       99.5750 (26.12)    10,581.6830 (1.0)        439.3952 (20.16)        8;14   2,275.8555 (0.05)        124           1\ntest_small          0.0125 (0.01)         0.5000 (0.01)          0.0101 (0.01)          0;0  98,765.4321 (2.15)          7           1\n{rule}\n\nLegend:\n  Outliers: 1 Standard Deviation from Mean; 1.5 IQR (InterQuartile Range) from 1st Quartile and 3rd Quartile.\n  OPS: Operations Per Second, computed as 1 / Mean\n{summary}\nFAILED t.py::test_balance - assert 2 == 0\nassert 2 == 0\n1 failed, 2 passed in 1.72s\n",
        pad = " ".repeat(60),
    );
    assert_eq!(
        text_of("pytest -q", &raw),
        "== FAILURES ==\n__ test_balance\n\nE       assert 2 == 0\n\nt.py:19: AssertionError\n\nbenchmark: 3 tests\nName (time in us) Min Max Mean Outliers OPS Rounds (every row: Iterations 1)\ntest_format 3.812 30649 21.80 87;1411 45872 42375\ntest_balance 99.58 10582 439.4 8;14 2276 124\ntest_small 0.0125 0.5000 0.0101 0;0 98765 7\n== short test summary info ==\nFAILED t.py::test_balance\n1 failed, 2 passed in 1.72s\n"
    );
}
