//! Test runners with their own formats: pytest, go test, ctest, gtest. Kept: every failing,
//! erroring or skipped test's name, its assertion and error lines with their locations, captured
//! output of failures, warnings with locations, every summary and count line. Dropped: passing
//! tests, progress dots, session headers, traceback source lines (the `>` line stays).

use super::Context;
use crate::minimize::text::join_lines;
use crate::re;

pub(super) fn pytest(ctx: &Context) -> Option<String> {
    let banner = re!(r"^=+ (.*?) =+$")?;
    let progress = re!(r"^\S+\.py [.FEsxX]+\s*(\[\s*\d+%\])?$|^[.FEsxX]+\s*\[\s*\d+%\]$")?;
    let verbose =
        re!(r"^(\S+::\S.*?) (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)(.*?)\s*(\[\s*\d+%\])?$")?;
    let header = re!(
        r"^(platform |rootdir: |configfile: |plugins: |cachedir: |cacheprovider|Using --randomly-seed|testpaths: )"
    )?;
    let has_summary = ctx.text.contains(" short test summary info ");
    let mut out = Vec::new();
    let mut section = "";
    for line in ctx.text.lines() {
        if let Some(rest) = line.strip_prefix("collecting ... ") {
            out.push(rest.to_string());
            continue;
        }
        if line.starts_with("_ _ _") {
            continue;
        }
        if section == "summary" && line.starts_with(' ') {
            // A summary entry's message continued: the same lines as the failure's `E` lines.
            continue;
        }
        if let Some(c) = banner.captures(line) {
            let title = c.get(1).map_or("", |m| m.as_str());
            section = match title {
                "FAILURES" | "ERRORS" => "failures",
                "warnings summary" => "warnings",
                "short test summary info" => "summary",
                t if t.contains("test session starts") => {
                    continue;
                }
                _ => "other",
            };
            out.push(format!("== {title} =="));
            continue;
        }
        if header.is_match(line) || progress.is_match(line.trim_end()) {
            continue;
        }
        if let Some(c) = verbose.captures(line) {
            let outcome = c.get(2).map_or("", |m| m.as_str());
            // Failures and errors are named again in the short summary, with their message.
            let in_summary = matches!(outcome, "FAILED" | "ERROR") && has_summary;
            if outcome != "PASSED" && !in_summary {
                out.push(format!("{} {outcome}{}", &c[1], &c[3]));
            }
            continue;
        }
        if line.starts_with("-- Docs: ") {
            continue;
        }
        if section == "failures" {
            if let Some(name) = line.strip_prefix('_').map(|l| l.trim_matches(['_', ' '])) {
                if !name.is_empty() {
                    out.push(format!("__ {name}"));
                    continue;
                }
            }
            // Traceback source lines; the failing line (`>`) and `E` lines stay.
            if line.starts_with(' ') || line.starts_with('\t') {
                continue;
            }
        }
        out.push(line.to_string());
    }
    Some(join_lines(out))
}

pub(super) fn go_test(ctx: &Context) -> Option<String> {
    let mut out = Vec::new();
    let mut in_pass = false;
    for line in ctx.text.lines() {
        let t = line.trim_start();
        if t.starts_with("=== RUN")
            || t.starts_with("=== PAUSE")
            || t.starts_with("=== CONT")
            || t.starts_with("=== NAME")
        {
            in_pass = false;
            continue;
        }
        if t.starts_with("--- PASS") {
            in_pass = true;
            continue;
        }
        if in_pass && line.starts_with("    ") {
            continue;
        }
        in_pass = false;
        if line.starts_with('?') && line.ends_with("[no test files]") {
            continue;
        }
        out.push(line.to_string());
    }
    Some(join_lines(out))
}

pub(super) fn ctest(ctx: &Context) -> Option<String> {
    let start = re!(r"^\s+Start\s+\d+: ")?;
    let passed = re!(r"^\s*\d+/\d+ Test\s+#\d+: .*\s+Passed\s+")?;
    let out = ctx
        .text
        .lines()
        .filter(|l| !start.is_match(l) && !passed.is_match(l))
        .map(|l| {
            // `2/3 Test #2: b ..........***Failed` without its dot leader.
            match re!(r"\s\.{3,}\s*") {
                Some(r) => r.replace(l, " ").into_owned(),
                None => l.to_string(),
            }
        });
    Some(join_lines(out))
}

pub(super) fn gtest(ctx: &Context) -> Option<String> {
    let mut out = Vec::new();
    let mut test_lines: Option<Vec<&str>> = None;
    for line in ctx.text.lines() {
        if line.starts_with("[ RUN      ]") {
            test_lines = Some(Vec::new());
            continue;
        }
        if line.starts_with("[       OK ]") {
            test_lines = None;
            continue;
        }
        if line.starts_with("[----------]") {
            continue;
        }
        if line.starts_with("[  FAILED  ]") || line.starts_with("[  SKIPPED ]") {
            if let Some(lines) = test_lines.take() {
                out.extend(lines.into_iter().map(str::to_string));
            }
            out.push(line.to_string());
            continue;
        }
        match &mut test_lines {
            Some(lines) => lines.push(line),
            None => out.push(line.to_string()),
        }
    }
    if let Some(lines) = test_lines {
        out.extend(lines.into_iter().map(str::to_string));
    }
    Some(join_lines(out))
}
