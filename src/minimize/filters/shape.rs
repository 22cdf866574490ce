//! Shapes a line has whatever printed it, for the output of a program no filter names (a test
//! runner, a build script, an installer started by hand): per-test pass lines (TAP's `ok 3 -
//! name`, `✓ name`, unittest's `test_x (m.T.test_x) ... ok`, automake's `PASS: t1`) counted on
//! the first of them; progress lines (`[ 42%] …`, `[3/40] …`, `45% |████`) counted on the last
//! (the state the run reached); a table's drawing rules (`+-----+----+`, `───────`) dropped.
//! Every other line stays as it was, and so does any line that names a failure, an error, a
//! warning or a location.

use super::Context;
use crate::minimize::text::{has, join_lines, locations};

/// Fewest lines of one shape for them to be counted: the count's own words cost about what
/// two or three short lines do.
const SHAPE_MIN_LINES: usize = 8;

/// Fewest rules for them alone to be dropped: an 80-column rule costs 20 or so tokens, and the
/// rewrite must save 32 (`MIN_SAVING_TOKENS`) to be used anyway.
const RULES_MIN_LINES: usize = 2;

/// What a line is, for the counting.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Pass,
    /// A TAP 13 pass's own lines: its `# Subtest: name` heading and its YAML block (`---`,
    /// `duration_ms: 0.2`, `...`), which say nothing but that it ran.
    PassDetail,
    Progress,
    Rule,
    Other,
}

/// Words that make a line a fact whatever its shape.
fn says_trouble(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    [
        "fail",
        "error",
        "warn",
        "not ok",
        "panic",
        "exception",
        "fatal",
        "timeout",
        "skip",
    ]
    .iter()
    .any(|w| has(&lower, w))
}

fn shape(line: &str) -> Shape {
    let t = line.trim();
    if t.is_empty() {
        return Shape::Other;
    }
    // A rule: drawing only, long enough to be one (`--` alone is an option's mark).
    if t.chars().count() >= 10
        && t.chars().all(|c| {
            matches!(
                c,
                '-' | '='
                    | '+'
                    | '|'
                    | ':'
                    | ' '
                    | '─'
                    | '━'
                    | '│'
                    | '┼'
                    | '┬'
                    | '┴'
                    | '├'
                    | '┤'
                    | '┌'
                    | '┐'
                    | '└'
                    | '┘'
                    | '═'
                    | '╪'
                    | '╤'
                    | '╧'
            )
        })
        && t.chars().any(|c| c != '|' && c != ' ' && c != ':')
    {
        return Shape::Rule;
    }
    let tap = t
        .strip_prefix("ok ")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    let marked = [
        "✓ ",
        "✔ ",
        "√ ",
        "[PASS] ",
        "[ PASS ] ",
        "PASS: ",
        "PASS ",
        "[OK] ",
        "[ OK ] ",
    ]
    .iter()
    .any(|m| t.starts_with(m));
    let ended = [
        " ... ok",
        " ... OK",
        " ... passed",
        " ... PASSED",
        " PASSED",
        " [OK]",
        " ... Passed",
    ]
    .iter()
    .any(|m| t.ends_with(m));
    let found = if tap || marked || ended {
        Shape::Pass
    } else {
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        let bracketed = t.strip_prefix('[').is_some_and(|r| {
            let r = r.trim_start();
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            n > 0 && (r[n..].starts_with("%]") || r[n..].starts_with('/'))
        });
        let percent = (1..=3).contains(&digits)
            && (t[digits..].starts_with("% ") || t[digits..].starts_with("%|"));
        if !bracketed && !percent {
            return Shape::Other;
        }
        Shape::Progress
    };
    // Only a line of a counted shape is read for trouble (the costlier tests).
    if says_trouble(t) || !locations(t).is_empty() {
        return Shape::Other;
    }
    found
}

/// The output with its pass lines, progress lines and rules said shorter; `None` when it has
/// too few of any to be worth it.
pub(super) fn counted(ctx: &Context) -> Option<String> {
    counted_text(ctx.text)
}

/// [`counted`] on a text, for a filter whose program runs others (make running a test suite).
pub(super) fn counted_text(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let shapes: Vec<Shape> = lines.iter().map(|l| shape(l)).collect();
    let count = |s: Shape| shapes.iter().filter(|&&x| x == s).count();
    let (passes, progress, rules) = (
        count(Shape::Pass),
        count(Shape::Progress),
        count(Shape::Rule),
    );
    let counts_passes = passes >= SHAPE_MIN_LINES;
    let counts_progress = progress >= SHAPE_MIN_LINES;
    if !counts_passes && !counts_progress && rules < RULES_MIN_LINES {
        return None;
    }
    let mut shapes = shapes;
    if counts_passes {
        tap_blocks(&lines, &mut shapes);
    }
    let last_progress = shapes.iter().rposition(|&s| s == Shape::Progress);
    let mut out = Vec::with_capacity(lines.len());
    let mut said_pass = false;
    for (i, (&line, &s)) in lines.iter().zip(&shapes).enumerate() {
        match s {
            Shape::Pass if counts_passes => {
                if !said_pass {
                    out.push(format!(
                        "{line} (and {} more passing lines like it)",
                        passes - 1
                    ));
                    said_pass = true;
                }
            }
            Shape::Progress if counts_progress => {
                if Some(i) == last_progress {
                    out.push(format!("{line} (after {} progress lines)", progress - 1));
                }
            }
            Shape::Rule | Shape::PassDetail => {}
            _ => out.push(line.to_string()),
        }
    }
    Some(join_lines(out))
}

/// Marks each TAP pass's heading (`# Subtest: name` just before `ok 3 - name`) and its YAML
/// block (from `---` to `...`, indented under it) as its detail, when the block says no trouble.
fn tap_blocks(lines: &[&str], shapes: &mut [Shape]) {
    for i in 0..lines.len() {
        if shapes[i] != Shape::Pass {
            continue;
        }
        let t = lines[i].trim_start();
        let Some(name) = t
            .strip_prefix("ok ")
            .and_then(|r| r.split_once(" - "))
            .map(|(_, n)| n)
        else {
            continue;
        };
        if i > 0 && lines[i - 1].trim_start().strip_prefix("# Subtest: ") == Some(name) {
            shapes[i - 1] = Shape::PassDetail;
        }
        if lines.get(i + 1).map(|l| l.trim()) != Some("---") {
            continue;
        }
        let Some(end) = lines[i + 2..]
            .iter()
            .position(|l| l.trim() == "...")
            .map(|e| i + 2 + e)
        else {
            continue;
        };
        if lines[i + 2..end].iter().all(|l| {
            let l = l.trim_start();
            l.split_once(": ").is_some_and(|(k, _)| !k.contains(' ')) && !says_trouble(l)
        }) {
            shapes[i + 1..=end].fill(Shape::PassDetail);
        }
    }
}
