//! Valgrind's tools (memcheck, helgrind, drd): a log whose lines start `==PID== `, between the
//! program's own lines. Kept: every error's heading, every frame's function and place, the
//! summaries, the program's lines, another process's lines. Said shorter: the prefix (whole on
//! the first line, `==` after it), each frame's code address (`at 0x10919B: main (a.c:5)` as
//! `at main (a.c:5)`), and a stack said before (its first frame, then how many more, naming the
//! error it was under). Dropped: the prefix's blank lines and rules, the copyright lines, the
//! advice on options (`rerun with: -s`, `--history-level`), `-v`'s log (`--PID--`) but its
//! lines with a place. A run with no error's stack keeps every line whole but the blank ones:
//! its banner and summaries are all it says.

use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use std::collections::HashMap;

use super::Context;
use crate::minimize::text::join_lines;

/// Fewest frames in a stack for a repeat of it to be said by reference: the reference costs
/// about what one frame does.
const STACK_REF_MIN_FRAMES: usize = 2;

/// `==4120== text` as (`=`, `4120`, `text`), `--4120-- text` as (`-`, …).
fn prefixed(line: &str) -> Option<(char, &str, &str)> {
    let mark = line.chars().next().filter(|&c| c == '=' || c == '-')?;
    let fence = if mark == '=' { "==" } else { "--" };
    let rest = line.strip_prefix(fence)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let body = rest[digits..].strip_prefix(fence)?;
    (digits > 0).then(|| {
        (
            mark,
            &rest[..digits],
            body.strip_prefix(' ').unwrap_or(body),
        )
    })
}

/// A frame without its code address: `   at 0x10919B: main (a.c:5)` as `   at main (a.c:5)`.
fn frame(body: &str) -> Option<String> {
    let t = body.trim_start();
    let (word, rest) = t.split_once(' ')?;
    if word != "at" && word != "by" {
        return None;
    }
    let (address, what) = rest.split_once(": ")?;
    let hex = address.strip_prefix("0x")?;
    (!hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| format!("{}{word} {what}", &body[..body.len() - t.len()]))
}

/// Lines that only draw (`---Thread-Announcement-----`, `--------`).
fn is_rule(body: &str) -> bool {
    body.len() >= 10 && body.starts_with("---") && body.ends_with("---")
}

/// The banner's copyright lines and the advice on options, the same in every run.
fn is_boilerplate(body: &str) -> bool {
    [
        "Copyright (C)",
        "Using Valgrind-",
        "Use --history-level=approx",
        "the cost of reduced accuracy of conflicting-access",
        "For lists of detected and suppressed errors, rerun with",
        "For counts of detected and suppressed errors, rerun with",
    ]
    .iter()
    .any(|p| body.starts_with(p))
}

pub(super) fn valgrind(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let pid = lines
        .iter()
        .find_map(|l| prefixed(l).filter(|p| p.0 == '=').map(|p| p.1))?;
    // A run without an error's stack (a clean run, a leak summary without `--leak-check`'s
    // records) is its banner and summaries: every line a reader counts, kept whole with its
    // prefix; only the prefix's blank lines go.
    let has_stack = lines.iter().any(|l| {
        prefixed(l).is_some_and(|(mark, p, body)| mark == '=' && p == pid && frame(body).is_some())
    });
    if !has_stack {
        let kept: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| !prefixed(l).is_some_and(|(_, p, body)| p == pid && is_blank(body)))
            .collect();
        return (kept.len() < lines.len()).then(|| join_lines(kept));
    }
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    // Each stack said whole, and the error heading it was under.
    let mut stacks: HashMap<Vec<String>, String> = HashMap::new();
    let mut heading = String::new();
    // An error's heading is the first line after the blank line before it.
    let mut after_blank = false;
    let mut first = true;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        let Some((mark, p, body)) = prefixed(line).filter(|p| p.1 == pid) else {
            // The program's own line, or another process's.
            out.push(line.to_string());
            continue;
        };
        if mark == '-' {
            // `-v`'s log: what it read and how it was started; a line with a place stays.
            if crate::minimize::text::has_location(body) {
                out.push(line.to_string());
            }
            continue;
        }
        if first {
            out.push(line.to_string());
            first = false;
            continue;
        }
        if is_blank(body) {
            after_blank = true;
            continue;
        }
        if is_rule(body) || is_boilerplate(body) {
            continue;
        }
        let Some(top) = frame(body) else {
            if after_blank {
                heading = body.to_string();
            }
            after_blank = false;
            out.push(format!("== {body}"));
            continue;
        };
        after_blank = false;
        // The stack: this frame and the frames right after it.
        let mut stack = vec![top];
        while let Some(next) = lines
            .get(i)
            .and_then(|l| prefixed(l))
            .filter(|q| q.0 == '=' && q.1 == p)
            .and_then(|q| frame(q.2))
        {
            stack.push(next);
            i += 1;
        }
        match stacks.get(&stack) {
            Some(under) if stack.len() >= STACK_REF_MIN_FRAMES => {
                out.push(format!(
                    "== {} (+{} frames as under `{under}`)",
                    stack[0],
                    stack.len() - 1
                ));
            }
            _ => {
                out.extend(stack.iter().map(|f| format!("== {f}")));
                stacks.insert(stack, heading.clone());
            }
        }
    }
    Some(join_lines(out))
}
