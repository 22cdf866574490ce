//! Bundlers' diagnostics in esbuild's format (esbuild, and the tools that print its messages:
//! vite, tsup, wrangler): a heading per message (`✘ [ERROR] Could not resolve "x"`, `▲ [WARNING]
//! …`), its location (`    src/a.js:15:20:`), an excerpt of the source under it (`  15 │ code`,
//! `     ╵    ~~~~`, a suggested text under the marks) and notes. Kept: each heading, location,
//! note and the closing count (`1 warning and 3 errors`), and every other line as written.
//! Dropped: the excerpts (the location says where to read the line) and the blank lines
//! between messages.

use super::Context;
use crate::minimize::text::{join_lines, SplitLines};

/// A message's heading in esbuild's format: its mark, then the level in brackets.
fn is_heading(line: &str) -> bool {
    ["✘ [ERROR] ", "▲ [WARNING] ", "X [ERROR] ", "▲ [WARN] "]
        .iter()
        .any(|h| line.starts_with(h))
}

/// Whether `text` holds esbuild-format messages: a heading whose next non-blank line is an
/// indented location (`    src/a.js:15:20:`).
pub(super) fn looks_like_esbuild(text: &str) -> bool {
    let mut lines = text.split_lines();
    while let Some(line) = lines.next() {
        if is_heading(line) {
            let next = lines.by_ref().find(|l| !l.trim().is_empty());
            return next.is_some_and(is_location);
        }
    }
    false
}

/// A message's location line: indented, `path:line:col:`.
fn is_location(line: &str) -> bool {
    let t = line.trim_start();
    line.len() > t.len()
        && t.strip_suffix(':').is_some_and(|at| {
            let mut parts = at.rsplitn(3, ':');
            let (col, row, path) = (parts.next(), parts.next(), parts.next());
            let number = |s: Option<&str>| {
                s.is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            };
            number(col) && number(row) && path.is_some_and(|p| !p.is_empty() && !p.contains(' '))
        })
}

/// A line of a source excerpt: the gutter's line number then `│` (`  15 │ code`), or the
/// gutter alone then `│` or `╵` (the marks under the code, a suggested text under them).
fn is_excerpt(line: &str) -> bool {
    let t = line.trim_start();
    if line.len() == t.len() {
        return false;
    }
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
    t.starts_with('│') || t.starts_with('╵') || t.starts_with(" │")
}

pub(super) fn esbuild(ctx: &Context) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    let mut dropped = false;
    let mut in_message = false;
    for line in ctx.text.split_lines() {
        if is_heading(line) {
            in_message = true;
        }
        if in_message && (line.trim().is_empty() || is_excerpt(line)) {
            dropped = true;
            continue;
        }
        out.push(line);
    }
    dropped.then(|| join_lines(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimize::command::Invocation;
    use crate::minimize::settings::OutlineLevel;
    use pretty_assertions::assert_eq;

    fn run(text: &str) -> Option<String> {
        let inv = Invocation {
            program: "esbuild".into(),
            args: vec!["src/main.js".into(), "--bundle".into()],
        };
        esbuild(&Context {
            inv: &inv,
            text,
            outline: OutlineLevel::default(),
        })
    }

    #[test]
    fn excerpts_and_blank_lines_go_headings_locations_and_notes_stay() {
        let text = "✘ [ERROR] Could not resolve \"./lib/utils.js\"\n\n    src/main.js:15:20:\n      15 │ import { fmt } from './lib/utils.js';\n         ╵                     ~~~~~~~~~~~~~~~~\n\n▲ [WARNING] The character \">\" is not valid inside a JSX element\n\n    src/p.js:4:48:\n      4 │ ...n id=\"p3\">' + table(rows.map(r => [r.id, fmt(r.price ...\n        │                                    ^\n        ╵                                    {'>'}\n\n  Did you mean to escape it as \"{'>'}\" instead?\n\n1 warning and 1 error\n";
        assert!(looks_like_esbuild(text));
        assert_eq!(
            run(text).as_deref(),
            Some("✘ [ERROR] Could not resolve \"./lib/utils.js\"\n    src/main.js:15:20:\n▲ [WARNING] The character \">\" is not valid inside a JSX element\n    src/p.js:4:48:\n  Did you mean to escape it as \"{'>'}\" instead?\n1 warning and 1 error\n")
        );
    }

    #[test]
    fn a_heading_without_a_location_is_not_the_format() {
        assert!(!looks_like_esbuild("✘ [ERROR] something\n\nplain text\n"));
        assert!(!looks_like_esbuild("[ERROR] a log line\n    a.js:1:2:\n"));
        // Lines before the first message (a wrapper's own log) stay, blank ones too.
        assert_eq!(
            run("vite v5 building\n\n✘ [ERROR] Unexpected \"}\"\n\n    a.js:3:1:\n      3 │ }\n        ╵ ^\n\n").as_deref(),
            Some("vite v5 building\n\n✘ [ERROR] Unexpected \"}\"\n    a.js:3:1:\n")
        );
    }
}
