//! Several programs' outputs interleaved, each line under its program's name in brackets, as a
//! runner of parallel commands prints them (`concurrently`'s `[lint] …`, `[0] …`). Each stream
//! is read on its own, its name taken off, by the filter its text is recognized by, and the
//! streams are said one after the other, each line under its name again. Lines before the first
//! named one (a package script's banner) stay first; unnamed lines after it come last.

use super::{shaped, sniff, with_locations_of, Context, Guard};
use crate::minimize::text::is_blank;
use crate::minimize::text::{join_lines, SplitLines};

/// Fewest lines under names for an output to be read as streams.
const STREAMS_MIN_LINES: usize = 10;

/// Longest name in the brackets (`[webpack-dev-server]`).
const NAME_MAX_BYTES: usize = 40;

/// A named line's name and the rest of it (after the one blank), or `None`.
fn named(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix('[')?;
    let close = rest
        .as_bytes()
        .iter()
        .take(NAME_MAX_BYTES + 1)
        .position(|&b| b == b']')?;
    let name = &rest[..close];
    let after = &rest[close + 1..];
    let ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_:.@/".contains(&b))
        && (after.is_empty() || after.starts_with(' '))
        // A log's level (`[INFO] …`, `[error] …`) is no stream: its lines are one log in order.
        && !is_level(name);
    ok.then(|| (name, after.strip_prefix(' ').unwrap_or(after)))
}

/// A log level or a result word a tool brackets (`[INFO]`, `[warn]`, `[OK]`).
fn is_level(name: &str) -> bool {
    const LEVELS: &[&str] = &[
        "info", "warn", "warning", "error", "err", "debug", "trace", "notice", "fatal", "ok",
        "pass", "passed", "fail", "failed", "skip", "skipped", "done", "note", "hint", "success",
    ];
    LEVELS.iter().any(|l| l.eq_ignore_ascii_case(name))
}

/// Whether `text` is streams: from the first named line on, every line but blank ones named,
/// two names or more, each with two lines or more.
pub(super) fn looks_like_streams(text: &str) -> bool {
    // A named line starts with `[`: a text with no line that does (most) is answered by one
    // search, not a look at each line.
    if !text.starts_with('[') && !crate::minimize::text::text_has(text, "\n[") {
        return false;
    }
    let mut names: Vec<(&str, usize)> = Vec::new();
    let mut started = false;
    let mut total = 0usize;
    for line in text.split_lines() {
        match named(line) {
            Some((name, _)) => {
                started = true;
                total += 1;
                match names.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, c)) => *c += 1,
                    None => names.push((name, 1)),
                }
            }
            None if !started || is_blank(line) => {}
            None => return false,
        }
    }
    total >= STREAMS_MIN_LINES && names.len() >= 2 && names.iter().all(|(_, c)| *c >= 2)
}

pub(super) fn streams(ctx: &Context) -> Option<String> {
    let mut before: Vec<&str> = Vec::new();
    let mut after: Vec<&str> = Vec::new();
    let mut streams: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in ctx.text.split_lines() {
        match named(line) {
            Some((name, rest)) => match streams.iter_mut().find(|(n, _)| *n == name) {
                Some((_, lines)) => lines.push(rest),
                None => streams.push((name, vec![rest])),
            },
            None if streams.is_empty() => before.push(line),
            None => after.push(line),
        }
    }
    let mut out: Vec<String> = before.iter().map(|l| l.to_string()).collect();
    let mut changed = false;
    for (name, lines) in streams {
        let text = join_lines(&lines);
        let inner = Context {
            inv: ctx.inv,
            text: &text,
            outline: ctx.outline,
        };
        let rewritten =
            sniff(&text)
                .or_else(|| shaped(&ctx.inv.program))
                .and_then(|(_, filter, guard)| {
                    let t = filter(&inner)?;
                    match guard {
                        Guard::Locations => with_locations_of(&text, t),
                        Guard::Own => Some(t),
                    }
                });
        changed |= rewritten.is_some();
        let shown = rewritten.unwrap_or(text);
        for l in shown.split_lines() {
            out.push(if l.is_empty() {
                format!("[{name}]")
            } else {
                format!("[{name}] {l}")
            });
        }
    }
    out.extend(after.iter().map(|l| l.to_string()));
    changed.then(|| join_lines(out))
}
