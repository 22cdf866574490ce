//! vitest, jest, mocha, jasmine, ava and Gherkin runners (cucumber). Kept: every failing file
//! and test (`❯`, `×`, `FAIL`, `●`), assertion messages with expected/received, the failing source
//! line, stack frames in the project, console output, the `Test Files` / `Tests` / `Test Suites` /
//! `Snapshots` summary. Dropped: passing files and tests, code frames around the failing line,
//! frames inside node_modules and node internals, separators, the start time; a Gherkin step's
//! definition place after its first mention.

use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use crate::minimize::text::{
    has, has_location, is_dependency_frame, join_lines, locations, text_has,
};
use crate::re;

/// An uncaught JavaScript error's trace (`node app.js`, a package's script): each run of frames
/// inside installed dependencies or node's own (`at … (…/node_modules/…)`, `at … (node:internal/…)`)
/// said by its count when the trace has a frame of the program's own or node's header says its
/// top frame's place; the manager's banner dropped; the error, its place and properties, and the
/// program's own frames stay. Any other trace is a tool's (rollup, webpack, a CLI installed in
/// node_modules) report of where it raised its error: its frames stay whole. `None` without a
/// run of three dependency frames or more in a trace it may count.
pub(super) fn js_trace(ctx: &Context) -> Option<String> {
    let text = super::pkg::without_banner(ctx.text);
    let lines: Vec<&str> = text.split_lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut counted = false;
    let (mut i, mut from) = (0, 0);
    while i < lines.len() {
        let Some(end) = trace_end(&lines, i) else {
            out.push(lines[i].to_string());
            i += 1;
            continue;
        };
        let (start, trace) = (i, &lines[i..end]);
        i = end;
        let fold = foldable(&lines, from, start, end);
        from = end;
        if !fold {
            out.extend(trace.iter().map(|l| l.to_string()));
            continue;
        }
        let mut run: Vec<&str> = Vec::new();
        let mut flush = |run: &mut Vec<&str>, out: &mut Vec<String>| {
            if run.len() >= MIN_FRAME_RUN {
                let indent = &run[0][..run[0].len() - run[0].trim_start().len()];
                out.push(format!(
                    "{indent}[{} frames in dependencies and node's own modules]",
                    run.len()
                ));
                counted = true;
            } else {
                out.extend(run.iter().map(|l| l.to_string()));
            }
            run.clear();
        };
        for line in trace {
            if is_dependency_js_frame(line) {
                run.push(line);
                continue;
            }
            flush(&mut run, &mut out);
            out.push(line.to_string());
        }
        flush(&mut run, &mut out);
    }
    counted.then(|| join_lines(out))
}

/// Frames in a row counted by [`js_trace`]: fewer cost less than the line that counts them.
const MIN_FRAME_RUN: usize = 3;

/// `    at f (/app/src/x.js:3:5)`, `    at node:internal/…`, `    at new Promise (<anonymous>)`.
fn is_js_frame(line: &str) -> bool {
    line.trim_start().starts_with("at ")
}

/// Where the trace starting at `lines[i]` ends (the index after its last frame), `None` when
/// `lines[i]` is not a frame.
fn trace_end(lines: &[&str], i: usize) -> Option<usize> {
    if !is_js_frame(lines[i]) {
        return None;
    }
    Some(
        lines[i..]
            .iter()
            .position(|l| !is_js_frame(l))
            .map_or(lines.len(), |n| i + n),
    )
}

/// `    at f (/app/node_modules/x/y.js:3:5)`, `    at node:internal/…`.
fn is_dependency_js_frame(line: &str) -> bool {
    is_js_frame(line) && is_dependency_frame(line.trim_start())
}

/// A frame in the program's own files: a place, outside dependencies and node's own modules.
fn is_own_js_frame(line: &str) -> bool {
    is_js_frame(line) && !is_dependency_frame(line.trim_start()) && has_location(line)
}

/// Whether the trace `lines[start..end]` may have its dependency frames counted: it has a frame of
/// the program's own, or its top frame's place is said above it (node's uncaught-error header,
/// `/app/node_modules/yaml/dist/compose/composer.js:69` over the source line and its caret: a
/// trace cut at ten frames before reaching the program's), among the lines since the trace
/// before it (`from`: each error's header is printed over its own trace; an output of many
/// traces was read back to its start for each). Otherwise the frames are a tool's own report of
/// where its error was raised, and stay.
fn foldable(lines: &[&str], from: usize, start: usize, end: usize) -> bool {
    let trace = &lines[start..end];
    if trace.iter().any(|l| is_own_js_frame(l)) {
        return true;
    }
    let top = trace[0].trim_end();
    let place = top
        .strip_suffix(')')
        .and_then(|t| t.rsplit_once('('))
        .map_or_else(|| top.trim_start().trim_start_matches("at "), |(_, p)| p);
    // `path:line:col` as `path:line`.
    let Some((at, col)) = place.rsplit_once(':') else {
        return false;
    };
    if at.is_empty() || !col.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    lines[from..start]
        .iter()
        .any(|l| l.trim_end().ends_with(at))
}

/// Whether `text` holds a JavaScript stack trace with a run of dependency frames that
/// [`js_trace`] counts.
pub(super) fn has_js_trace(text: &str) -> bool {
    // Most outputs have no run of dependency frames at all: one pass without collecting lines.
    if !has_dependency_run(text) {
        return false;
    }
    let lines: Vec<&str> = text.split_lines().collect();
    let (mut i, mut from) = (0, 0);
    while i < lines.len() {
        let Some(end) = trace_end(&lines, i) else {
            i += 1;
            continue;
        };
        let (start, trace) = (i, &lines[i..end]);
        let since = std::mem::replace(&mut from, end);
        i = end;
        let longest = trace
            .split(|l| !is_dependency_js_frame(l))
            .map(<[&str]>::len)
            .max()
            .unwrap_or(0);
        if longest >= MIN_FRAME_RUN && foldable(&lines, since, start, end) {
            return true;
        }
    }
    false
}

/// Whether `text` has [`MIN_FRAME_RUN`] dependency frames in a row.
fn has_dependency_run(text: &str) -> bool {
    // A frame's line is `at ` past its indent: a text with no such line (most) is answered by
    // one search for `at ` rather than a look at each of its lines.
    let b = text.as_bytes();
    let framed = memchr::memmem::find_iter(b, b"at ").any(|at| {
        at == 0
            || (!b[at - 1].is_ascii() || b[at - 1].is_ascii_whitespace()) && {
                let start = memchr::memrchr(b'\n', &b[..at]).map_or(0, |i| i + 1);
                text[start..at].trim_start().is_empty()
            }
    });
    if !framed {
        return false;
    }
    let mut run = 0;
    for line in text.split_lines() {
        run = if is_dependency_js_frame(line) {
            run + 1
        } else {
            0
        };
        if run >= MIN_FRAME_RUN {
            return true;
        }
    }
    false
}

pub(super) fn vitest(ctx: &Context) -> Option<String> {
    let passing = re!(r"^\s*[✓√] ")?;
    let frame = re!(r"^\s+\d+\|")?;
    let caret = re!(r"^\s+\|\s*\^")?;
    let separator = re!(r"^⎯+(\[\d+/\d+\])?⎯*$")?;
    let has_details = ctx.text.contains("Failed Tests") || ctx.text.contains("Failed Suites");
    let mut out = Vec::new();
    for line in ctx.text.split_lines() {
        let t = line.trim();
        // Each pattern tried only on lines that start as it does.
        let first = t.chars().next().unwrap_or(' ');
        if matches!(first, '✓' | '√') && passing.is_match(line)
            || first.is_ascii_digit() && frame.is_match(line)
            || first == '|' && caret.is_match(line)
        {
            continue;
        }
        if first == '⎯' && separator.is_match(t) {
            continue;
        }
        if let Some(title) = t.strip_prefix('⎯').map(|s| s.trim_matches('⎯').trim()) {
            out.push(format!("-- {title} --"));
            continue;
        }
        if has_details && t.starts_with("→ ") {
            continue;
        }
        // The run's banner (` RUN  v3.2.4 /path/to/project`): the version and the directory
        // the agent started it in.
        if t.starts_with("RUN  v") {
            continue;
        }
        // A file's or a test's time (` ❯ a.test.ts (3 tests | 1 failed) 12ms`, `× name 5ms`):
        // the run's duration stays.
        if matches!(first, '❯' | '×' | '✗') && !t.contains(".ts:") && !t.contains(".js:") {
            if let Some(head) = without_ms(line) {
                out.push(head.to_string());
                continue;
            }
        }
        if t.starts_with("Start at ") {
            continue;
        }
        if let Some(d) = t.strip_prefix("Duration ") {
            let d = d.trim();
            let d = d.split_once(" (").map_or(d, |(d, _)| d);
            out.push(format!("   Duration {d}"));
            continue;
        }
        if t.starts_with("❯ ") && is_dependency_frame(t) {
            continue;
        }
        out.push(line.trim_end().to_string());
    }
    Some(join_lines(out))
}

/// A line without its trailing time (`… 12ms`), when it has one.
fn without_ms(line: &str) -> Option<&str> {
    let (head, last) = line.trim_end().rsplit_once(' ')?;
    let ms = last.strip_suffix("ms")?;
    (!ms.is_empty() && ms.bytes().all(|b| b.is_ascii_digit() || b == b'.')).then_some(head)
}

/// jest's report. Its `--json` result object (one line, `{"numFailedTestSuites":…}`) beside the
/// human report (on stderr, in the same capture) says the same results again: it is said by its
/// counts; alone (`--json 2>/dev/null`), each failing file's message (the human report's text,
/// which the object carries) is read as the human report is, then the counts.
pub(super) fn jest(ctx: &Context) -> Option<String> {
    let human = text_has(ctx.text, "\nTests:") || ctx.text.starts_with("Tests:");
    let mut out = Vec::new();
    for line in ctx.text.split_lines() {
        if line.starts_with("{\"num") && has(line, "\"testResults\":") {
            if let Some(report) = jest_json(line, human) {
                for l in report.split_lines() {
                    jest_line(l, &mut out);
                }
                continue;
            }
        }
        jest_line(line, &mut out);
    }
    Some(join_lines(out))
}

/// jest's `--json` result object as text: the counts alone when the human report is there too,
/// else each failing file's `FAIL` line and message, then the counts. `None`: not that object.
fn jest_json(line: &str, human: bool) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let count = |k: &str| v.get(k).and_then(serde_json::Value::as_u64).unwrap_or(0);
    let results = v.get("testResults")?.as_array()?;
    let counts = format!(
        "Tests: {} failed, {} passed, {} pending, {} total (suites: {} failed, {} total)",
        count("numFailedTests"),
        count("numPassedTests"),
        count("numPendingTests"),
        count("numTotalTests"),
        count("numFailedTestSuites"),
        count("numTotalTestSuites"),
    );
    if human {
        return Some(format!(
            "(the --json report: the results above again) {counts}"
        ));
    }
    let mut text = String::new();
    for r in results {
        let message = r
            .get("message")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("");
        if is_blank(message) {
            continue;
        }
        let name = r
            .get("name")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("");
        text.push_str(&format!("FAIL {name}\n{}\n", message.trim_end()));
    }
    text.push_str(&counts);
    Some(text)
}

/// One line of jest's human report, kept (its failing source line shortened) or dropped.
fn jest_line(line: &str, out: &mut Vec<String>) {
    let (Some(passing), Some(frame), Some(failing_line), Some(caret)) = (
        re!(r"^\s*[✓√] "),
        re!(r"^\s+\d+ \|"),
        re!(r"^\s+>\s*(\d+) \|(.*)$"),
        re!(r"^\s+\|\s*\^"),
    ) else {
        out.push(line.trim_end().to_string());
        return;
    };
    let t = line.trim();
    // Each pattern tried only on lines that start as it does (the cost stays linear and low).
    let first = t.chars().next().unwrap_or(' ');
    if line.starts_with("PASS ")
        || matches!(first, '✓' | '√') && passing.is_match(line)
        || first == '|' && caret.is_match(line)
    {
        return;
    }
    if first == '>' {
        if let Some(c) = failing_line.captures(line) {
            out.push(format!("    > {}|{}", &c[1], &c[2]));
            return;
        }
    }
    if first.is_ascii_digit() && frame.is_match(line) {
        return;
    }
    // A stack frame inside a dependency or with no location (`at new Promise (<anonymous>)`).
    if t.starts_with("at ") && (is_dependency_frame(t) || !has_location(t)) {
        return;
    }
    if t == "Ran all test suites." {
        return;
    }
    out.push(line.trim_end().to_string());
}

/// Whether `text` ends as mocha's reporters (spec, list, min, dot…) end a run with failures: the
/// counts (`  3 passing (25ms)`, `  2 failing`), then each failure numbered.
pub(super) fn looks_like_mocha(text: &str) -> bool {
    text_has(text, " passing (") && text_has(text, " failing")
}

/// mocha's end of run, which every text reporter prints: a passing test's line (`✔ name`) drops,
/// as do a failure's frames inside node or installed dependencies and blank lines; and where
/// the error is node's assertion (`AssertionError [ERR_ASSERTION]: Expected values to be …`),
/// whose message already shows expected and actual side by side, mocha's own `+ expected -
/// actual` diff of the same two values drops. Kept: pending tests, the counts, each failure's
/// number, titles, error, node's diff and its frames in the project; a failure whose details
/// repeat an earlier one's says so. `None` when nothing drops.
pub(super) fn mocha(ctx: &Context) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    let mut dropped = 0usize;
    // In a failure whose error is node's assertion; in mocha's diff under it; in a failure's
    // title, above the blank line that ends it (kept: it parts the title from the details).
    let (mut node_diff, mut in_diff, mut in_title) = (false, false, false);
    for line in ctx.text.split_lines() {
        let t = line.trim();
        if failure_header(line) {
            (node_diff, in_diff, in_title) = (false, false, true);
        }
        if in_title && t.is_empty() {
            in_title = false;
            if out.last().is_some_and(|l| !l.is_empty()) {
                out.push("");
            }
            continue;
        }
        if has(t, "[ERR_ASSERTION]: Expected values to be") {
            node_diff = true;
        }
        if node_diff && t == "+ expected - actual" {
            in_diff = true;
        }
        if in_diff && t.starts_with("at ") {
            in_diff = false;
        }
        let passing = t.starts_with("✔ ") || t.starts_with("✓ ");
        if in_diff || t.is_empty() || passing || t.starts_with("at ") && is_dependency_frame(t) {
            dropped += 1;
            continue;
        }
        if is_mocha_count(t, "passing") && out.last().is_some_and(|l| !l.is_empty()) {
            out.push("");
        }
        out.push(line.trim_end());
    }
    if dropped == 0 {
        return None;
    }
    // A failure whose details are an earlier one's, line for line: said once.
    Some(match super::shape::same_failure_details(&out) {
        Some(folded) => join_lines(folded),
        None => join_lines(out),
    })
}

/// A numbered failure's first line: two blanks, the number, `) ` (`  2) suite`).
fn failure_header(line: &str) -> bool {
    let Some(t) = line.strip_prefix("  ") else {
        return false;
    };
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(") ")
}

/// `3 passing (25ms)` for `word` `passing`: a count, the word.
fn is_mocha_count(t: &str, word: &str) -> bool {
    t.split_once(' ').is_some_and(|(n, rest)| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with(word)
    })
}

/// Whether `text` ends as jasmine's console reporter ends a run: its counts (`9 specs, 4
/// failures`, `, 1 pending spec` after them) among the last lines, above `Finished in …`.
pub(super) fn looks_like_jasmine(text: &str) -> bool {
    text.split_lines()
        .rev()
        .filter(|l| !is_blank(l))
        .take(JASMINE_TAIL_LINES)
        .any(|l| is_jasmine_counts(l.trim()))
}

/// Lines after jasmine's counts at most: `Finished in …`, `Randomized with seed …`, an
/// `Incomplete: …` reason.
const JASMINE_TAIL_LINES: usize = 4;

/// `9 specs, 4 failures` (`1 spec, 0 failures, 2 pending specs`).
fn is_jasmine_counts(t: &str) -> bool {
    let Some((specs, rest)) = t.split_once(", ") else {
        return false;
    };
    let counted = |part: &str, word: &str| {
        part.split_once(' ').is_some_and(|(n, w)| {
            !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && w.starts_with(word)
        })
    };
    counted(specs, "spec") && counted(rest.split(", ").next().unwrap_or(""), "failure")
}

/// jasmine's console reporter (what `jasmine` and `jasmine-browser-runner` print): the progress
/// marks under `Started` (`.F*`, which the counts say), blank lines, and a failure's frames in
/// jasmine itself (`at <Jasmine>`, no place) or in installed dependencies drop, with a `Stack:`
/// label left with no frame under it. Kept: each failure's number, name, message and frames in
/// the project; pending specs with their reasons; the counts, the time and the seed. `None`
/// when nothing drops.
pub(super) fn jasmine(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let mut out: Vec<&str> = Vec::with_capacity(lines.len());
    let mut dropped = 0usize;
    let is_frame = |t: &str| t.starts_with("at ");
    let internal = |t: &str| t == "at <Jasmine>" || is_frame(t) && is_dependency_frame(t);
    for (i, &line) in lines.iter().enumerate() {
        let t = line.trim();
        let progress = !t.is_empty()
            && t.bytes().all(|b| matches!(b, b'.' | b'F' | b'*'))
            && i > 0
            && lines[i - 1].trim() == "Started";
        if t.is_empty() || t == "Started" || progress || internal(t) {
            dropped += 1;
            continue;
        }
        // A `Stack:` whose frames all drop.
        if t == "Stack:" {
            let next = lines[i + 1..]
                .iter()
                .map(|l| l.trim())
                .find(|n| !internal(n));
            if !next.is_some_and(is_frame) {
                dropped += 1;
                continue;
            }
        }
        out.push(line.trim_end());
    }
    (dropped > 0).then(|| join_lines(out))
}

/// ava's default and `--verbose` reporters. A passing test's line (`✔ name`, with its time)
/// drops, as does the source excerpt under each failure's place (`jobs.test.mjs:8` then `   7:
/// …`, `   8: …`, `   9: …`: the file's own lines, which the place points at) and the `─`
/// rules. Kept: skipped and todo tests, every failing test with its place, its difference and
/// its `›` frames, the counts. `None` when nothing drops.
pub(super) fn ava(ctx: &Context) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    let mut dropped = 0usize;
    // Under a failure's place line, until the excerpt ends.
    let mut in_excerpt = false;
    for line in ctx.text.split_lines() {
        let t = line.trim();
        let excerpt_line = in_excerpt && {
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && t[digits..].starts_with(':')
        };
        if excerpt_line {
            dropped += 1;
            continue;
        }
        // ava leaves a blank line between the place and its excerpt.
        if !t.is_empty() {
            in_excerpt = !t.contains(' ') && locations(t).first().is_some_and(|l| *l == t);
        }
        if t.starts_with("✔ ") || (!t.is_empty() && t.chars().all(|c| c == '─')) {
            dropped += 1;
            continue;
        }
        out.push(line);
    }
    (dropped > 0).then(|| join_lines(out))
}

/// A Gherkin runner's step line (cucumber-js, cucumber-ruby, cucumber-jvm: `   ✔ Given an empty
/// cart # features/steps.js:4`, pretty's `    Given an empty cart   # features/steps.rb:4`): the
/// step as written (its mark, keyword and text, the alignment's spaces dropped) and the place of
/// its definition, a `path:line` after the last ` # `.
fn gherkin_step(line: &str) -> Option<(&str, &str)> {
    let (step, place) = line.rsplit_once(" # ")?;
    let (path, row) = place.rsplit_once(':')?;
    let placed = !path.is_empty()
        && !path.contains(char::is_whitespace)
        && !row.is_empty()
        && row.bytes().all(|b| b.is_ascii_digit());
    (placed && line.starts_with(' ') && !is_blank(step)).then_some((step.trim_end(), place))
}

/// Whether an output reads as a Gherkin runner's report: a scenario's count line (`8 scenarios
/// (4 failed, 1 undefined, 3 passed)`, `1 scenario (1 passed)`) and a step line with its place.
pub(super) fn looks_like_gherkin(text: &str) -> bool {
    let counts = |l: &str| {
        let digits = l.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0
            && (l[digits..].starts_with(" scenarios (") || l[digits..].starts_with(" scenario ("))
    };
    // Both count lines hold ` scenario`: a text without it (most) is answered by one search.
    crate::minimize::text::text_has(text, " scenario")
        && text.split_lines().any(counts)
        && text.split_lines().any(|l| gherkin_step(l).is_some())
}

/// A Gherkin runner's report (cucumber-js's progress, summary and pretty formats, cucumber's
/// own): a step that several scenarios share (`✔ Given an empty cart # features/steps.js:4`)
/// says where it is defined the first time; after that, its line is the step alone (`✔ Given an
/// empty cart`), the same step at the same place. Every scenario, step, result, error and count
/// stays. `None` when no step repeats.
pub(super) fn gherkin(ctx: &Context) -> Option<String> {
    let mut seen: std::collections::HashSet<(&str, &str), super::paths::FastHash> =
        Default::default();
    let mut out: Vec<&str> = Vec::new();
    let mut said_once = false;
    for line in ctx.text.split_lines() {
        match gherkin_step(line) {
            Some((step, place)) if !seen.insert((step.trim_start(), place)) => {
                out.push(step);
                said_once = true;
            }
            _ => out.push(line),
        }
    }
    said_once.then(|| join_lines(out))
}

/// Fewest frames in a row with one eval origin for it to be said once.
const EVAL_RUN_MIN_FRAMES: usize = 3;

/// A JavaScript frame of code run by `eval` (`    at croak (eval at <anonymous>
/// (/p/node_modules/uglify-js/tools/node.js:18:1), <anonymous>:3659:9)`) as its indent, its
/// function, its eval origin (`eval at <anonymous> (/p/…/node.js:18:1)`) and its own place.
fn eval_frame(line: &str) -> Option<(&str, &str, &str, &str)> {
    let at = line.find("at ")?;
    let (indent, rest) = line.split_at(at);
    if !indent.bytes().all(|b| b == b' ') || indent.is_empty() {
        return None;
    }
    let (function, rest) = rest["at ".len()..].split_once(" (eval at ")?;
    let (origin, place) = rest.strip_suffix(')')?.rsplit_once("), ")?;
    Some((indent, function, origin, place))
}

/// `text` with each run of [`EVAL_RUN_MIN_FRAMES`] or more stack frames that share one eval
/// origin (a bundled tool's code, all of it evaluated from one place) said with the origin
/// once, above the run (`    (each frame below in eval at <anonymous> (/p/…/node.js:18:1))`),
/// and each frame as its function and place (`    at croak (<anonymous>:3659:9)`); `None` when
/// it has no such run.
pub(super) fn eval_origins_said_once(text: &str) -> Option<String> {
    if !text_has(text, " (eval at ") {
        return None;
    }
    let lines: Vec<&str> = text.split_lines().collect();
    let frames: Vec<Option<(&str, &str, &str, &str)>> =
        lines.iter().map(|l| eval_frame(l)).collect();
    let mut out: Vec<std::borrow::Cow<str>> = Vec::with_capacity(lines.len());
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        let Some((indent, _, origin, _)) = frames[i] else {
            out.push(lines[i].into());
            i += 1;
            continue;
        };
        let run = frames[i..]
            .iter()
            .take_while(|f| f.is_some_and(|(_, _, o, _)| o == origin))
            .count();
        if run < EVAL_RUN_MIN_FRAMES {
            out.extend(lines[i..i + run].iter().map(|&l| l.into()));
            i += run;
            continue;
        }
        out.push(format!("{indent}(each frame below in eval at {origin}))").into());
        for (_, function, _, place) in frames[i..i + run].iter().flatten() {
            out.push(format!("{indent}at {function} ({place})").into());
        }
        changed = true;
        i += run;
    }
    changed.then(|| join_lines(out))
}
