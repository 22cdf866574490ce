//! cargo build, check, clippy, run and test. Kept: every diagnostic's header and `-->` locations,
//! label texts, notes and help, the source lines of errors, each crate's warning count, every
//! failing or ignored test with its output and panic location, every `test result:` with tests.
//! Dropped: progress (Compiling, Checking, Downloading...), gutters and carets, warnings' source
//! lines, lint-explanation links, passing tests, binaries with no tests.

use super::Context;
use crate::minimize::text::join_lines;

/// The long name of a cargo alias.
pub(super) fn long(sub: &str) -> &str {
    match sub {
        "b" => "build",
        "c" => "check",
        "r" => "run",
        other => other,
    }
}

pub(super) fn build(ctx: &Context) -> Option<String> {
    let mut out = Vec::new();
    let mut diag = Diagnostics::default();
    for line in ctx.text.lines() {
        diag.push(line, &mut out);
    }
    Some(join_lines(out))
}

pub(super) fn test(ctx: &Context) -> Option<String> {
    let mut out = Vec::new();
    let mut diag = Diagnostics::default();
    let mut lines = ctx.text.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t.starts_with("test ") && (t.ends_with(" ... ok") || t.contains(" ... ok ")) {
            continue;
        }
        if t == "running 0 tests" || t.starts_with("test result: ok. 0 passed; 0 failed; 0 ignored;") {
            continue;
        }
        if t.starts_with("note: run with `RUST_BACKTRACE=1`") {
            continue;
        }
        if let Some(rest) = t.strip_prefix("Running ") {
            // `Running unittests src/lib.rs (target/debug/deps/x-0123abcd)`: the hash path is noise.
            let rest = match rest.rfind(" (target/") {
                Some(i) if rest.ends_with(')') => &rest[..i],
                _ => rest,
            };
            out.push(format!("Running {rest}"));
            continue;
        }
        diag.push(line, &mut out);
    }
    Some(join_lines(out))
}

/// Progress lines cargo prints while it works.
fn is_progress(t: &str) -> bool {
    const WORDS: &[&str] = &[
        "Compiling ", "Checking ", "Downloading ", "Downloaded ", "Updating ", "Locking ",
        "Adding ", "Blocking ", "Fresh ", "Documenting ", "Packaging ", "Verifying ",
        "Unpacking ", "Removing ", "Building ",
    ];
    WORDS.iter().any(|w| t.starts_with(w)) && !t.contains("error")
}

/// rustc's diagnostics made compact, line by line.
#[derive(Default)]
struct Diagnostics {
    /// Inside an `error` diagnostic (its source lines are kept) rather than a warning's.
    in_error: bool,
}

impl Diagnostics {
    fn push(&mut self, line: &str, out: &mut Vec<String>) {
        let t = line.trim();
        if is_progress(t) {
            return;
        }
        if line.starts_with("error") {
            self.in_error = true;
        } else if line.starts_with("warning") {
            self.in_error = false;
        }
        if t.starts_with("For more information about this error")
            || t.starts_with("For more information about an error")
            || t.starts_with("Some errors have detailed explanations")
        {
            return;
        }
        if let Some(note) = t.strip_prefix("= ") {
            if (note.starts_with("note: `#[") && note.ends_with("on by default"))
                || note.starts_with("help: for further information visit")
                || note.starts_with("note: requested on the command line with")
            {
                return;
            }
            out.push(format!("  {note}"));
            return;
        }
        if let Some(loc) = t.strip_prefix("--> ").or_else(|| t.strip_prefix("::: ")) {
            out.push(format!("  --> {loc}"));
            return;
        }
        if let Some((gutter, content)) = line.split_once('|') {
            let gutter = gutter.trim();
            if gutter.is_empty() || gutter.bytes().all(|b| b.is_ascii_digit()) || gutter == "..." {
                if gutter.is_empty() || gutter == "..." {
                    // Carets, connectors and labels: only a label's text is kept.
                    let label = content
                        .trim_start_matches([' ', '^', '-', '_', '|', '+', '~', '\'', '`'].as_ref())
                        .trim();
                    let has_text = label.chars().any(|c| c.is_alphanumeric());
                    if has_text {
                        out.push(format!("  {label}"));
                    }
                } else if self.in_error {
                    out.push(format!("  {gutter}| {}", content.trim()));
                }
                return;
            }
        }
        out.push(line.to_string());
    }
}
