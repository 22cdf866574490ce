//! Maven (`mvn`, `mvnw`): a log whose lines carry a level tag (`[INFO]`, `[WARNING]`, `[ERROR]`).
//! Always: the tag said once over a run of lines at one level, lines that are a tag alone
//! dropped, a rule drawn again dropped, and the failure trailer's copies of the diagnostics
//! printed above it dropped. When tests failed: the steps that ran before them (plugin headers,
//! resources, compilation) and the passing test classes counted on one line, and Maven's advice
//! (`-e`, `-X`, `[Help 1]`) dropped. Every other line stays whole, and so does every line of a
//! run without failing tests (a pass, a compilation or resolution failure).

use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use std::collections::HashSet;

use super::Context;
use crate::minimize::text::{join_lines, text_has};

/// Fewest lines at one level in a row for the tag to be said once over them: the header line
/// costs about what the tags of two lines do.
const GROUP_MIN_LINES: usize = 3;

/// A line's level tag and what follows it: `[INFO] Building x` as (`INFO`, `Building x`).
fn tagged(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix('[')?;
    let (tag, body) = rest.split_once(']')?;
    matches!(tag, "INFO" | "WARNING" | "WARN" | "ERROR" | "DEBUG")
        .then(|| (tag, body.strip_prefix(' ').unwrap_or(body)))
}

/// A drawing rule: dashes only, long enough to be one.
fn is_rule(body: &str) -> bool {
    body.len() >= 10 && body.bytes().all(|b| b == b'-')
}

/// A test class's summary with nothing failed: `Tests run: 3, Failures: 0, Errors: 0, …`.
fn passing_class(body: &str) -> bool {
    body.starts_with("Tests run: ")
        && body.contains(", Failures: 0, Errors: 0,")
        && body.contains(" - in ")
}

/// Whether tests ran and some failed: Surefire's `<<< FAILURE!` or `<<< ERROR!` on a test.
fn tests_failed(text: &str) -> bool {
    text.contains("<<< FAILURE!") || text.contains("<<< ERROR!")
}

/// A line of a step that went well, said only by the count when tests failed after it.
fn is_step(body: &str) -> bool {
    let step_header = body.starts_with("--- ") && body.ends_with(" ---") && body.contains(" @ ");
    step_header
        || [
            "skip non existing resourceDirectory ",
            "Copying ",
            "Using '",
            "Changes detected - recompiling",
            "Compiling ",
            "Nothing to compile",
            "No sources to compile",
            "Building jar: ",
        ]
        .iter()
        .any(|p| body.starts_with(p))
        || body.trim() == "T E S T S"
}

/// Maven's advice after a failure, the same in every failed run.
fn is_advice(body: &str) -> bool {
    [
        "-> [Help ",
        "To see the full stack trace of the errors",
        "Re-run Maven using the -X switch",
        "For more information about the errors and possible solutions",
        "[Help ",
        "Please refer to dump files",
    ]
    .iter()
    .any(|p| body.starts_with(p))
}

pub(super) fn maven(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    if !lines.iter().take(40).any(|l| tagged(l).is_some()) {
        return None;
    }
    let failed = tests_failed(ctx.text);
    let mut kept: Vec<(Option<&str>, &str)> = Vec::with_capacity(lines.len());
    let mut rules: HashSet<&str> = HashSet::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut in_trailer = false;
    // Where the count of steps and passing classes goes (its index in `kept`), and the counts.
    let mut count_at: Option<usize> = None;
    let (mut steps, mut classes) = (0usize, 0usize);
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        let Some((tag, body)) = tagged(line) else {
            // An untagged line (a compiler's `symbol:` line, a stack frame) stays as it is.
            kept.push((None, line));
            continue;
        };
        if is_blank(body) {
            continue;
        }
        if body.starts_with("Failed to execute goal") {
            in_trailer = true;
        } else if in_trailer && tag == "ERROR" && seen.contains(line) {
            continue;
        }
        seen.insert(line);
        if is_rule(body) && (failed || !rules.insert(body)) {
            continue;
        }
        if failed {
            // `Running a.BTest` then its `Tests run: …, Failures: 0, Errors: 0, … - in a.BTest`.
            let passing_run = body.starts_with("Running ")
                && lines
                    .get(i)
                    .and_then(|n| tagged(n))
                    .is_some_and(|(_, b)| passing_class(b));
            if passing_run || is_step(body) || is_advice(body) {
                if passing_run {
                    classes += 1;
                    i += 1;
                } else if !is_advice(body) {
                    steps += 1;
                }
                if !is_advice(body) {
                    count_at.get_or_insert(kept.len());
                }
                continue;
            }
        }
        kept.push((Some(tag), body));
    }
    let mut out: Vec<String> = Vec::with_capacity(kept.len() + 1);
    let mut k = 0;
    while k < kept.len() {
        if count_at == Some(k) {
            out.push(count_line(steps, classes));
        }
        let (tag, body) = kept[k];
        let Some(tag) = tag else {
            out.push(body.to_string());
            k += 1;
            continue;
        };
        // The run at this level, stopped at the count's place.
        let run = kept[k..]
            .iter()
            .enumerate()
            .take_while(|&(j, &(t, _))| t == Some(tag) && (j == 0 || count_at != Some(k + j)))
            .count();
        if run >= GROUP_MIN_LINES {
            out.push(format!("[{tag}]:"));
            out.extend(kept[k..k + run].iter().map(|(_, b)| format!("  {b}")));
        } else {
            out.extend(kept[k..k + run].iter().map(|(_, b)| format!("[{tag}] {b}")));
        }
        k += run;
    }
    if count_at == Some(kept.len()) {
        out.push(count_line(steps, classes));
    }
    Some(join_lines(out))
}

/// `[INFO] (7 build steps and 3 passing test classes before the failures)`.
fn count_line(steps: usize, classes: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut parts = Vec::new();
    if steps > 0 {
        parts.push(plural(steps, "build step line", "build step lines"));
    }
    if classes > 0 {
        parts.push(plural(
            classes,
            "passing test class",
            "passing test classes",
        ));
    }
    format!("[INFO] ({} not shown)", parts.join(" and "))
}

/// Fewest level-tagged lines among an output's first lines for it to be read as Maven's log.
const LOG_MIN_LINES: usize = 3;

/// Whether an output reads as Maven's log whatever started it (a wrapper script, `./build.sh`):
/// most of its first lines carry a level tag (`[INFO] …`), and it says how the build went
/// (`[INFO] BUILD SUCCESS`, `[INFO] BUILD FAILURE`). A log with tags but no build verdict (a
/// server's) is not one.
pub(super) fn looks_like_maven(head: &str, text: &str) -> bool {
    let mut tagged_lines = 0;
    let mut lines = 0;
    for line in head.split_lines() {
        lines += 1;
        tagged_lines += usize::from(tagged(line).is_some());
    }
    tagged_lines >= LOG_MIN_LINES
        && tagged_lines * 2 > lines
        && (text_has(text, "[INFO] BUILD SUCCESS") || text_has(text, "[INFO] BUILD FAILURE"))
}
