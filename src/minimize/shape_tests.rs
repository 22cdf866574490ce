//! The shapes read whatever printed them (issue 45): each shape that a named filter keys on
//! (pytest's run, git blame's lines, a drawn tree, a count per file, a diffstat, Maven's log,
//! Rust's test harness) fires for a program no filter names, keeps every failing or erroring
//! line and every count, and does not fire on a near miss.

use super::settings::OutlineLevel;
use super::*;

/// The label and text of the rewrite of `text` printed by `command`, if any.
fn run(command: &str, text: &str) -> Option<(String, String)> {
    let inv = single_simple_command(command).expect("a simple command");
    filters::run(&filters::Context {
        inv: &inv,
        text,
        outline: OutlineLevel::Default,
    })
}

fn label(command: &str, text: &str) -> Option<String> {
    run(command, text).map(|(l, _)| l)
}

/// The rewrite under `want`'s label, failing on another or none, with each of `kept` in it.
fn rewritten(command: &str, text: &str, want: &str, kept: &[&str]) -> String {
    let (l, out) = run(command, text).unwrap_or_else(|| panic!("no rewrite of {text}"));
    assert_eq!(l, want, "{out}");
    for k in kept {
        assert!(out.contains(k), "{k:?} lost in:\n{out}");
    }
    assert!(out.len() < text.len(), "not shorter:\n{out}");
    out
}

#[test]
fn a_pytest_run_without_its_header_is_read_as_pytest() {
    let mut raw = String::from("bringing up nodes...\n\n");
    for _ in 0..6 {
        raw.push_str(&".".repeat(70));
        raw.push_str(" [ 24%]\n");
    }
    raw.push_str("..F..   [100%]\n");
    raw.push_str(
        "=================================== FAILURES ===================================\n",
    );
    raw.push_str(
        "______________________________ test_int_bytes[0-] ______________________________\n",
    );
    raw.push_str("[gw0] linux -- Python 3.11.7 /v/bin/python\n\n    def test_int_bytes(value, expect):\n        enc = int_to_bytes(value)\n>       assert enc == expect\nE       AssertionError: assert b'\\x00' == b''\n\ntests/test_encoding.py:35: AssertionError\n");
    raw.push_str(
        "=========================== short test summary info ============================\n",
    );
    raw.push_str("FAILED tests/test_encoding.py::test_int_bytes[0-] - AssertionError: assert b'\\x00' == b''\n");
    raw.push_str("1 failed, 427 passed in 18.93s\n");
    rewritten(
        "blindprog -n 2 -q",
        &raw,
        "pytest",
        &[
            "FAILED tests/test_encoding.py::test_int_bytes[0-]",
            "tests/test_encoding.py:35",
            "AssertionError: assert b'\\x00' == b''",
            "1 failed, 427 passed in 18.93s",
        ],
    );
    // Its closing counts alone, as `-q` prints them after a list of collected ids.
    let mut ids = String::new();
    for i in 0..40 {
        ids.push_str(&format!(
            "tests/test_signer.py::TestSigner::test_case[{i}]\n"
        ));
    }
    let collected = format!("{ids}\n40 tests collected in 3.20s\n");
    rewritten(
        "blindprog --co -q",
        &collected,
        "pytest",
        &["tests/test_signer.py", "40 tests collected in 3.20s"],
    );
    // A near miss: counts without `in <time>s`, dots without a percentage.
    let near = format!("{}\n3 passed, 1 failed\n", "...F\n".repeat(20));
    assert_ne!(label("blindprog", &near).as_deref(), Some("pytest"));
}

#[test]
fn git_blame_lines_are_read_as_blame() {
    let mut raw = String::new();
    for n in 1..=30 {
        raw.push_str(&format!(
            "^61acd08 (Dev Example 2026-01-01 12:00:00 +0000 {n:3}) line {n} of the file\n"
        ));
    }
    raw.push_str("4f2e9a1c (Ada Lovelace 2026-02-03 09:10:11 +0000  31)     return False\n");
    let out = rewritten(
        "blindprog -w src/signer.py",
        &raw,
        "blame",
        &[
            "^61acd08",
            "4f2e9a1c",
            "Ada Lovelace",
            "31 ",
            "return False",
            "line 30 of the file",
        ],
    );
    assert!(out.matches("Dev Example").count() == 1, "{out}");
    // A near miss: one line of another shape among the first.
    let near = format!("{raw}\nsee also: the porcelain format\n").replacen(
        "^61acd08 (Dev",
        "61acd08 Dev",
        1,
    );
    assert_ne!(label("blindprog", &near).as_deref(), Some("blame"));
}

#[test]
fn a_drawn_tree_is_read_as_a_tree() {
    let mut raw = String::from("venv/lib/sklearn\n");
    for d in [
        "cluster",
        "compose",
        "datasets",
        "ensemble",
        "linear_model",
        "utils",
    ] {
        raw.push_str(&format!("├── {d}\n│   ├── __pycache__\n│   └── tests\n"));
    }
    raw.push_str("└── tree\n    ├── __pycache__\n    └── tests\n\n21 directories\n");
    let out = rewritten(
        "blindprog -d -L 2 venv/lib/sklearn",
        &raw,
        "drawn-tree",
        &[
            "venv/lib/sklearn",
            "cluster",
            "linear_model",
            "tree",
            "__pycache__",
            "tests",
            "21 directories",
        ],
    );
    assert!(!out.contains('├'), "{out}");
    // A near miss: two drawn lines in a page of prose.
    let near = "Layout:\n├── src\n└── docs\nThe source lives in src and the\nmanual in docs, built by make.\nSee the README.\n";
    assert_ne!(label("blindprog", near).as_deref(), Some("drawn-tree"));
}

#[test]
fn a_count_per_file_is_read_as_one() {
    let mut raw = String::new();
    for (i, f) in [
        "_lof.py",
        "_regression.py",
        "_kde.py",
        "_classification.py",
        "_nca.py",
        "_graph.py",
    ]
    .iter()
    .enumerate()
    {
        raw.push_str(&format!(
            "venv/lib/python3.11/site-packages/sklearn/neighbors/{f}:{}\n",
            i + 1
        ));
    }
    raw.push_str("venv/lib/python3.11/site-packages/sklearn/dummy.py:12\n");
    rewritten(
        "blindprog -c 'def fit\\(' venv/lib/python3.11/site-packages/sklearn",
        &raw,
        "path-counts",
        &[
            "_lof.py:1",
            "_nca.py:5",
            "_graph.py:6",
            "dummy.py:12",
            "sklearn/neighbors/",
        ],
    );
    // A near miss: times of day, `key:N` settings.
    let near = "12:30:45\n12:31:02\nretries:3\ntimeout:30\nworkers:8\nport:8080\n".repeat(3);
    assert_ne!(label("blindprog", &near).as_deref(), Some("path-counts"));
}

#[test]
fn a_diffstat_is_read_as_one() {
    let mut raw = String::new();
    for i in 0..12 {
        raw.push_str(&format!(
            " src/itsdangerous/contrib/plugin_{i}.py       | {} +++++++++++++++++++++++++\n",
            40 + i
        ));
    }
    raw.push_str(" tests/test_timed.py                        |  8 ++++-\n");
    raw.push_str(" 13 files changed, 343 insertions(+), 23 deletions(-)\n");
    rewritten(
        "blindprog --stat HEAD~40 HEAD",
        &raw,
        "diffstat",
        &[
            "plugin_0.py 40",
            "plugin_11.py 51",
            "test_timed.py 8",
            "13 files",
            "+343",
            "-23",
        ],
    );
    // A near miss: the summary's words with no file's row before it.
    let near = format!(
        "{}\n 13 files changed, 343 insertions(+)\n",
        "a note line\n".repeat(20)
    );
    assert_ne!(label("blindprog", &near).as_deref(), Some("diffstat"));
}

#[test]
fn a_maven_log_is_read_as_one() {
    let raw = "[INFO] Scanning for projects...\n[INFO] \n[INFO] -------------------------< org.example:ledger >-------------------------\n[INFO] Building ledger 0.3.0-SNAPSHOT\n[INFO] --------------------------------[ jar ]---------------------------------\n[WARNING] The POM for org.apache.maven.plugins:maven-resources-plugin:jar:2.6 is missing, no dependency information available\n[INFO] ------------------------------------------------------------------------\n[INFO] BUILD FAILURE\n[INFO] ------------------------------------------------------------------------\n[INFO] Total time:  0.471 s\n[INFO] Finished at: 2026-12-01T13:06:33Z\n[INFO] ------------------------------------------------------------------------\n[ERROR] Plugin org.apache.maven.plugins:maven-resources-plugin:2.6 or one of its dependencies could not be resolved -> [Help 1]\n[ERROR] \n[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.\n";
    rewritten(
        "blindprog -o -B compile",
        raw,
        "maven-log",
        &[
            "BUILD FAILURE",
            "maven-resources-plugin:jar:2.6 is missing",
            "could not be resolved",
        ],
    );
    // A near miss: a server's tagged log without a build's verdict.
    let near = "[INFO] listening on :8080\n[INFO] accepted connection\n[WARN] slow request 1200 ms\n[INFO] closed\n".repeat(5);
    assert_ne!(label("blindprog", &near).as_deref(), Some("maven-log"));
}

#[test]
fn a_rust_test_harness_run_is_read_as_one() {
    let mut raw = String::from("   Compiling units v0.1.0 (/w/units)\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 1.20s\n     Running unittests src/lib.rs (target/debug/deps/units-1a2b)\n\nrunning 24 tests\n");
    for i in 0..23 {
        raw.push_str(&format!("test convert::tests::case_{i} ... ok\n"));
    }
    raw.push_str("test convert::tests::rounding ... FAILED\n\nfailures:\n\n---- convert::tests::rounding stdout ----\n\nthread 'convert::tests::rounding' panicked at src/convert.rs:88:9:\nassertion `left == right` failed\n  left: 3\n right: 4\n\nfailures:\n    convert::tests::rounding\n\ntest result: FAILED. 23 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\n");
    let out = rewritten(
        "blindprog test",
        &raw,
        "libtest",
        &[
            "convert::tests::rounding",
            "src/convert.rs:88:9",
            "left: 3",
            "23 passed; 1 failed",
        ],
    );
    assert!(!out.contains("case_7 ... ok"), "{out}");
    // A near miss: a result line with no `running N tests` before it.
    let near = format!("{}test result: a note\n", "some build line\n".repeat(20));
    assert_ne!(label("blindprog", &near).as_deref(), Some("libtest"));
}

#[test]
fn a_pytest_banner_quoted_inside_a_document_is_not_a_run() {
    let mut raw = String::from("{\n  \"installed\": [\n");
    for i in 0..30 {
        raw.push_str(&format!(
            "    {{\"name\": \"pkg{i}\", \"description\": \"Example output:\\n=== test session starts ===\\n=== FAILURES ===\\n\"}},\n"
        ));
    }
    raw.push_str("  ]\n}\n");
    assert_ne!(label("pip inspect", &raw).as_deref(), Some("pytest"));
    assert_ne!(label("blindprog", &raw).as_deref(), Some("pytest"));
}

/// A linter's findings in rustc's full format, headed by their rule's code (ruff's), read as
/// ruff's filter reads them whatever printed them, even under a `warning: …` note (which made
/// them rustc's); rustc's own diagnostics stay rustc's.
#[test]
fn findings_headed_by_a_rule_code_are_read_as_a_linters() {
    let raw = "warning: `incorrect-blank-line-before-class` (D203) and `blank-line-before-class` (D211) are incompatible.\nF401 [*] `os` imported but unused\n --> calc.py:1:8\n  |\n1 | import os, sys\n  |        ^^\n  |\nhelp: Remove unused import\n\nE711 Comparison to `None` should be `cond is None`\n --> lib/u.py:6:13\n  |\n6 |     if l == None:\n  |             ^^^^\n  |\n\nFound 2 errors.\n[*] 1 fixable with the `--fix` option.\n";
    let out = rewritten(
        "blindprog check .",
        raw,
        "code-findings",
        &[
            "1:8 F401 [*] `os` imported but unused",
            "6:13 E711",
            "Found 2 errors.",
        ],
    );
    assert!(
        out.contains("\nwarning: `incorrect-blank-line-before-class`"),
        "{out}"
    );
    let rustc = "error[E0308]: mismatched types\n --> src/main.rs:2:18\n  |\n2 |     let x: u32 = \"a\";\n  |            ---   ^^^ expected `u32`, found `&str`\n  |            |\n  |            expected due to this\n\nerror[E0425]: cannot find value `y` in this scope\n --> src/main.rs:3:5\n  |\n3 |     y\n  |     ^ not found in this scope\n\nerror: aborting due to 2 previous errors\n";
    assert_eq!(label("blindprog", rustc).as_deref(), Some("rustc"));
}

/// `go test`'s run read as go test's filter reads it whatever started it (a script, `make
/// test`): `-v`'s `=== RUN` lines, or a package's verdict lines (`ok  \tpath\t…`); a single
/// verdict line or a `=== RUN` in prose is no run.
#[test]
fn a_go_test_run_is_read_as_go_tests_whatever_started_it() {
    let verbose = "=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\n    b_test.go:9: Sub(5, 3) = 3, want 2\n--- FAIL: TestB (0.00s)\nFAIL\nFAIL\texample.com/app/calc\t0.002s\n";
    assert_eq!(
        run("blindprog", verbose),
        Some((
            "go-test".to_string(),
            "    b_test.go:9: Sub(5, 3) = 3, want 2\n--- FAIL: TestB\nFAIL\texample.com/app/calc\t0.002s\n".to_string()
        ))
    );
    let packages = "?   \texample.com/inv/cmd\t[no test files]\nok  \texample.com/inv/ids\t0.014s\tcoverage: 100.0% of statements\n--- FAIL: TestTax (0.00s)\n    pricing_test.go:19: Tax(1999, 0.19) = 379, want 380\nFAIL\nFAIL\texample.com/inv/pricing\t0.004s\n";
    assert_eq!(label("blindprog", packages).as_deref(), Some("go-test"));
    let prose = "The runner prints === RUN   TestX before each test.\nok  \tone line\n";
    assert_ne!(label("blindprog", prose).as_deref(), Some("go-test"));
}

/// A list of paths (`find`'s, `fd`'s, a script's) grouped by directory as find's filter groups
/// it, every path kept; a list with a blank in a line, a URL or a message is none.
#[test]
fn a_list_of_paths_is_grouped_by_directory_whatever_printed_it() {
    let raw: String = (0..12)
        .map(|i| format!("./node_modules/pkg{}/lib/file{i}.js\n", i % 3))
        .collect();
    let out = rewritten(
        "blindprog . -type f",
        &raw,
        "path-list",
        &["file0.js", "file11.js", "pkg2"],
    );
    assert!(out.lines().count() < raw.lines().count(), "{out}");
    let spaced = raw.replace("file3.js", "file 3.js");
    assert_ne!(label("blindprog", &spaced).as_deref(), Some("path-list"));
    let urls: String = (0..12).map(|i| format!("https://x.io/a/{i}\n")).collect();
    assert_ne!(label("blindprog", &urls).as_deref(), Some("path-list"));
}

/// A tree drawn two characters a level (npm's and pnpm's dependencies) read as `npm ls`'s filter
/// reads it whatever printed it; `tree`'s drawing stays a drawn tree.
#[test]
fn a_narrow_drawn_tree_is_read_as_npm_ls() {
    let raw = "shop@1.4.0 /tmp/shop\n├─┬ @types/express@4.17.25\n│ ├─┬ @types/body-parser@1.19.6\n│ │ ├─┬ @types/connect@3.4.38\n│ │ │ └── @types/node@20.19.43 deduped\n│ │ └── @types/node@20.19.43 deduped\n│ └── @types/qs@6.15.1\n└── lodash@4.17.21\n";
    let out = rewritten(
        "blindprog ls --all",
        raw,
        "narrow-tree",
        &[
            "shop@1.4.0",
            "@types/connect@3.4.38",
            "@types/qs@6.15.1",
            "lodash@4.17.21",
        ],
    );
    assert!(!out.contains('│'), "{out}");
    let tree = ".\n├── a\n│   ├── b.txt\n│   └── c.txt\n└── d.txt\n\n2 directories, 3 files\n";
    assert_eq!(label("blindprog", tree).as_deref(), Some("drawn-tree"));
}

/// A trace whose frames each repeat one eval origin (a bundled tool's code, evaluated from one
/// file) says the origin once above them and each frame as its function and place; a notice's
/// box is said as its text. Each place stays.
#[test]
fn a_traces_eval_origin_and_a_notices_box_are_said_once() {
    let origin = "eval at <anonymous> (/p/node_modules/uglify-js/tools/node.js:18:1)";
    let mut raw = String::from("Parse error at broken.js:3,0\n}\n^\nERROR: Unexpected token: punc «}», expected: punc «,»\n");
    for (f, n) in [
        ("js_error", 3135),
        ("croak", 3659),
        ("token_error", 3667),
        ("expect", 3685),
    ] {
        raw.push_str(&format!("    at {f} ({origin}, <anonymous>:{n}:11)\n"));
    }
    raw.push_str("    at run (/p/node_modules/uglify-js/bin/uglifyjs:397:27)\n");
    let (label, out) = run("blindprog broken.js", &raw).expect("a rewrite");
    assert_eq!(label, "eval-frames");
    assert_eq!(
        out,
        format!("Parse error at broken.js:3,0\n}}\n^\nERROR: Unexpected token: punc «}}», expected: punc «,»\n    (each frame below in {origin})\n    at js_error (<anonymous>:3135:11)\n    at croak (<anonymous>:3659:11)\n    at token_error (<anonymous>:3667:11)\n    at expect (<anonymous>:3685:11)\n    at run (/p/node_modules/uglify-js/bin/uglifyjs:397:27)\n")
    );
    let boxed = "\n    ╔════════════════════╗\n    ║                    ║\n    ║  Deprecation: 20   ║\n    ║  Update Node.js    ║\n    ║                    ║\n    ╚════════════════════╝\n\nDocument: openapi.yaml stats:\n\n🚗 References: 2\n";
    let (label, out) = run("blindprog stats openapi.yaml", boxed).expect("a rewrite");
    assert_eq!(label, "boxed");
    assert_eq!(
        out,
        "Deprecation: 20\nUpdate Node.js\n\nDocument: openapi.yaml stats:\n\n🚗 References: 2\n"
    );
}

#[test]
fn a_data_uris_payload_is_said_by_its_length() {
    let payload = "eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbImFwcC5jc3MiXSwi".repeat(30);
    let raw = format!(
        ":root {{ --brand: #0a66c2; }}\n.card {{ display: flex; }}\n\n/*# sourceMappingURL=data:application/json;base64,{payload} */\n"
    );
    let out = rewritten(
        "esbuild app.css",
        &raw,
        "shape",
        &[
            ".card { display: flex; }",
            "sourceMappingURL=data:application/json;base64,…(1440 characters) */",
        ],
    );
    assert!(!out.contains("eyJ2"), "{out}");
    // A short payload (an icon) stays.
    let small = "a { background: url(data:image/png;base64,iVBORw0KGgo=) }\n.b { color: red }\n";
    assert_eq!(run("esbuild app.css", small), None);
}

#[test]
fn paths_led_by_their_state_are_read_as_a_path_list() {
    let mut raw = String::new();
    for f in [
        "CHANGELOG.md",
        "dev/bump.py",
        "dev/clean.py",
        "docs/api.rst",
        "docs/conf.py",
    ] {
        raw.push_str(&format!("A\t{f}\n"));
    }
    for f in [
        "natsort/natsort.py",
        "setup.py",
        "tests/test_main.py",
        "tests/test_regex.py",
    ] {
        raw.push_str(&format!("M\t{f}\n"));
    }
    let out = rewritten(
        "svnlike status",
        &raw,
        "state-paths",
        &[
            "CHANGELOG.md",
            "bump.py",
            "clean.py",
            "api.rst",
            "conf.py",
            "natsort.py",
            "setup.py",
            "test_main.py",
            "test_regex.py",
        ],
    );
    assert!(out.contains("A dev/") && out.contains("M tests/"), "{out}");
    // A line in another form: no list.
    assert_eq!(
        label("svnlike status", &format!("{raw}Summary: 9 files\n")),
        None
    );
}

#[test]
fn a_link_to_the_rule_a_finding_named_goes() {
    let mut raw = String::new();
    for (n, rule) in ["operation-summary", "security-defined", "no-empty-servers"]
        .iter()
        .enumerate()
    {
        raw.push_str(&format!(
            "[{n}] openapi.yaml:{n}:5 at #/paths\n\nOperation object should contain a field.\n\nError was generated by the {rule} rule.\n\nReference: https://redocly.com/docs/cli/rules/oas/{rule}\n\n\n"
        ));
    }
    raw.push_str("See https://example.com/guide for the rest.\nDocs: https://example.com/other\n");
    let out = rewritten(
        "openapi-lint lint openapi.yaml",
        &raw,
        "shape",
        &[
            "[2] openapi.yaml:2:5 at #/paths",
            "the no-empty-servers rule.",
            "https://example.com/other",
        ],
    );
    assert!(!out.contains("Reference:"), "{out}");
    // A link quoted as data (a package's project URLs) is no rule's link.
    let data = "\"Homepage, https://github.com/tox-dev/pipdeptree\",\n\"Source, https://github.com/tox-dev/pipdeptree\",\n";
    assert_eq!(run("pkgtool inspect", data), None);
    // A Markdown reference to an issue is no rule's link.
    let notes =
        "- Python 3.13 support ([#365][i365])\n\n[i365]: https://github.com/m/b/issues/365\n";
    assert_eq!(run("notes show", notes), None);
    assert!(!out.contains("\n\n\n"), "{out}");
}

#[test]
fn a_caret_report_is_read_as_shellcheck_without_its_name() {
    let raw = "\nIn scripts/deploy.sh line 7:\n  cp $f $TARGET/\n     ^-- SC2086 (info): Double quote to prevent globbing and word splitting.\n\nDid you mean: \n  cp \"$f\" \"$TARGET\"/\n\n\nIn scripts/deploy.sh line 12:\ncd /srv/shop\n^----------^ SC2164 (warning): Use 'cd ... || exit' or 'cd ... || return' in case cd fails.\n\nFor more information:\n  https://www.shellcheck.net/wiki/SC2164 -- Use 'cd ... || exit' or 'cd ... |...\n";
    let out = rewritten(
        "blindprog scripts/deploy.sh",
        raw,
        "caret-report",
        &[
            "scripts/deploy.sh",
            "7 SC2086 (info)",
            "12 SC2164 (warning)",
        ],
    );
    assert!(!out.contains("https://"), "{out}");
    // A heading then a line of another shape is not one.
    assert_ne!(
        label(
            "blindprog x",
            "In the beginning line 3:\nsome text\nmore text\n"
        )
        .as_deref(),
        Some("caret-report")
    );
}

#[test]
fn one_go_package_verdict_with_a_tests_verdict_is_a_go_test_run() {
    let raw = "==================\nWARNING: DATA RACE\nRead at 0x00c0000be1c8 by goroutine 8:\n  example.org/ringbuf.(*Counter).Inc()\n      /w/ringbuf/ring.go:66 +0xaa\n==================\n--- FAIL: TestCounterConcurrent (0.00s)\n    testing.go:1319: race detected during execution of test\nFAIL\nFAIL\texample.org/ringbuf\t0.093s\nFAIL\n";
    rewritten(
        "blindprog test -race .",
        raw,
        "go-test",
        &[
            "WARNING: DATA RACE",
            "/w/ringbuf/ring.go:66",
            "--- FAIL: TestCounterConcurrent",
            "FAIL\texample.org/ringbuf",
        ],
    );
    // One verdict alone is not one.
    assert_ne!(
        label(
            "blindprog x",
            "building\nFAIL\texample.org/ringbuf\t0.093s\n"
        )
        .as_deref(),
        Some("go-test")
    );
}

#[test]
fn a_search_with_context_lines_is_read_as_a_match_list() {
    let mut raw = String::new();
    for (i, n) in [40, 90, 140].iter().enumerate() {
        if i > 0 {
            raw.push_str("--\n");
        }
        raw.push_str(&format!("boltons/funcutils.py-{}-    ret = {{}}\n", n - 1));
        raw.push_str(&format!(
            "boltons/funcutils.py:{n}:    # TODO: handle slots?\n"
        ));
        raw.push_str(&format!(
            "boltons/funcutils.py-{}-    for k in dir(obj):\n",
            n + 1
        ));
    }
    rewritten(
        "blindprog -n -C1 TODO boltons",
        &raw,
        "match-list",
        &["40: # TODO: handle slots?", "141- for k in dir(obj):"],
    );
}

#[test]
fn a_nextest_run_is_read_as_rusts_test_harness_without_its_name() {
    let raw = "warning: unused variable: `unused`\n --> src/bin/tally.rs:9:9\n  |\n9 |     let unused = 42;\n  |         ^^^^^^\n\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.61s\n────────────\n Nextest run ID 35d20a9d with nextest profile: default\n    Starting 3 tests across 1 binary\n        PASS [   0.153s] (1/3) tallyq tests::case_folds\n        PASS [   0.168s] (2/3) tallyq tests::counts_words\n        FAIL [   2.168s] (3/3) tallyq tests::parse_line_bad\n  stdout ───\n\n    running 1 test\n    test tests::parse_line_bad ... FAILED\n\n    test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 7 filtered out; finished in 1.99s\n\n  stderr ───\n\n    thread 'tests::parse_line_bad' (10881) panicked at src/lib.rs:117:9:\n    assertion `left == right` failed\n\n────────────\n     Summary [   4.222s] 3 tests run: 2 passed, 1 failed, 0 skipped\n        FAIL [   2.168s] (3/3) tallyq tests::parse_line_bad\nerror: test run failed\n";
    let out = rewritten(
        "blindprog nextest run",
        raw,
        "libtest",
        &[
            "tests::parse_line_bad",
            "src/lib.rs:117:9",
            "3 tests run: 2 passed, 1 failed",
            "src/bin/tally.rs:9:9",
        ],
    );
    assert!(!out.contains("tests::case_folds"), "{out}");
}

#[test]
fn rustfmts_check_is_read_by_its_place_headings_without_its_name() {
    let raw = "Diff in /w/ledgerlite/src/bin/ledger.rs:3:\n     let args: Vec<String> = std::env::args().collect();\n-        match parse_amount(a) { Ok(c) => println!(\"{}\", c), Err(e) => eprintln!(\"{}\", e) }\n+        match parse_amount(a) {\n+            Ok(c) => println!(\"{}\", c),\n+            Err(e) => eprintln!(\"{}\", e),\n+        }\n     }\n \nDiff in /w/ledgerlite/src/lib.rs:25:\n impl fmt::Display for LedgerError {\n-    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n+    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n+        Ok(())\n+    }\n";
    rewritten(
        "blindprog fmt --check",
        raw,
        "rustfmt-check",
        &[
            "/w/ledgerlite/src/bin/ledger.rs: 3",
            "/w/ledgerlite/src/lib.rs: 25",
        ],
    );
    assert_ne!(
        label("blindprog x", "Diff in the weather today:\nsunny\n").as_deref(),
        Some("rustfmt-check")
    );
}

#[test]
fn findings_with_the_same_details_say_them_once() {
    let mut raw = String::new();
    for p in ["a@1.0.0", "b@2.1.0", "@s/c@0.3.1", "d@4.0.0", "e@5.5.5"] {
        raw.push_str(&format!(
            "detected invalid host(s) for package: {p}\n    expected: registry.yarnpkg.com\n    actual: registry.npmjs.org\n\n"
        ));
    }
    raw.push_str("detected invalid host(s) for package: f@1.0.0\n    expected: registry.yarnpkg.com\n    actual: example.com\n\n ✖ Error: security issues detected!\n");
    let out = rewritten(
        "lockfile-lint --path package-lock.json",
        &raw,
        "shape",
        &["for package: @s/c@0.3.1", "actual: example.com", "✖ Error"],
    );
    assert!(out.contains("(under each of the 5 lines above:)"), "{out}");
    assert_eq!(
        out.matches("expected: registry.yarnpkg.com").count(),
        2,
        "{out}"
    );
    assert_eq!(out.matches("\n\n").count(), 2, "{out}");
    // Three blocks alike are not a run: said as written.
    let three: String = raw
        .split("\n\n")
        .take(3)
        .map(|b| format!("{b}\n\n"))
        .collect();
    let said = run("lockfile-lint x", &three).map_or(three.clone(), |(_, t)| t);
    assert!(!said.contains("(under each"), "{said}");
}
