//! cargo build, check, clippy, run and test. Kept: every diagnostic's header and `-->` locations,
//! label texts, notes and help, the source lines of errors, each crate's warning count, every
//! failing or ignored test with its output and panic location, every `test result:` with tests.
//! Dropped: progress (Compiling, Checking, Downloading...), gutters and carets, warnings' source
//! lines, lint-explanation links, passing tests, binaries with no tests.

use super::build::push_place_rows;
use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use crate::minimize::text::{by_file, has, is_dependency_frame, join_lines};

fn is_frame_name(t: &str) -> bool {
    crate::minimize::text::split_str(t, ": ")
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The long name of a cargo alias.
pub(super) fn long(sub: &str) -> &str {
    match sub {
        "b" => "build",
        "c" => "check",
        "r" => "run",
        "d" => "doc",
        other => other,
    }
}

pub(super) fn build(ctx: &Context) -> Option<String> {
    let mut out = Vec::new();
    let mut diag = Diagnostics::default();
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let lints = lint_errors(&lines);
    for (i, line) in lines.iter().enumerate() {
        diag.lint_error = lints.contains(&i);
        diag.push(line, &mut out);
    }
    diag.flush(&mut out);
    // `--message-format=short`'s one line per diagnostic: each file said once for its run.
    let mut out = repeated_notes(by_file(group_warnings(out)));
    // A clean build is its `Finished` line (the profile and the time), not nothing: an empty
    // text would leave the whole progress log to be read.
    if out.iter().all(|l| is_blank(l)) {
        out.extend(
            ctx.text
                .split_lines()
                .filter(|l| l.trim_start().starts_with("Finished "))
                .map(|l| l.trim().to_string()),
        );
    }
    Some(join_lines(out))
}

/// Whether an output of a program no filter names reads as rustc's diagnostics (a script around
/// `cargo build`/`clippy`, `rustc` itself): a diagnostic header (`error[E0308]: …`, `warning: …`)
/// and a ` --> path:line:col` under one, and no test run in it (`running N tests`, `test
/// result:`), whose lines are the test filter's.
pub(super) fn looks_like_rustc(text: &str) -> bool {
    // Its `-->` lines first, in one search: most texts have none.
    if !crate::minimize::text::text_has(text, "--> ") {
        return false;
    }
    let mut header = false;
    for line in text.split_lines() {
        if is_header(line) {
            header = true;
        } else if header && line.trim_start().starts_with("--> ") {
            return !crate::minimize::text::text_has(text, "\ntest result: ")
                && !crate::minimize::text::text_has(text, "\nrunning ");
        }
    }
    false
}

/// The diagnostic header starting at `i`: `error: …`, `warning[E0]: …`.
fn is_header(line: &str) -> bool {
    (line.starts_with("error") || line.starts_with("warning"))
        && crate::minimize::text::has(line, ": ")
}

/// The lines (by index) of errors that are lints made errors (`-D warnings`, `-D clippy::pedantic`,
/// `#![deny(…)]`): their block names the lint (`` = note: `-D clippy::x` implied by ``,
/// `` `#[deny(x)]` on by default ``, clippy's lint link). Such an error is a warning's shape,
/// said as one (one line, the same message at several places grouped): its source and
/// suggestion are the lint's, not a failed build's.
fn lint_errors(lines: &[&str]) -> std::collections::HashSet<usize> {
    let mut lints = std::collections::HashSet::new();
    let mut open: Option<usize> = None;
    for (i, line) in lines.iter().enumerate() {
        if is_header(line) {
            open = line.starts_with("error").then_some(i);
            continue;
        }
        let Some(h) = open else { continue };
        let t = line.trim_start();
        let names_lint = t.starts_with("= note: `-D ")
            || t.starts_with("= note: `-F ")
            || t.starts_with("= note: `#[deny(")
            || t.starts_with("= note: `#[forbid(")
            || t.starts_with(
                "= help: for further information visit https://rust-lang.github.io/rust-clippy/",
            );
        if names_lint {
            lints.insert(h);
            open = None;
        }
    }
    lints
}

/// Warnings (`src/a.rs:3:9: warning: msg`) whose message comes more than once, said once with
/// their places by file, at the first one's position: `warning: msg (12 places):` then `  src/a.rs:
/// 3:9 14:2` (a file's places on rows, as [`push_place_rows`] lays them out for the C compilers
/// too). A warning's indented details (a macro's call site `::: src/b.rs:7:3`, a note with its
/// location) follow its group once each, however many of its places said them: a lint fired
/// in a macro used 20 times says the same notes 20 times. An error is grouped only when it is
/// one line (a lint made an error): a real error's details are its own. Blank lines between
/// warnings drop.
fn group_warnings(out: Vec<String>) -> Vec<String> {
    // (file, line:col, message, end of its details) of each warning, by index in `out`.
    let warning = |i: usize| -> Option<(&str, &str, &str, usize)> {
        let l = out[i].as_str();
        if l.starts_with(' ') {
            return None;
        }
        let details = out[i + 1..]
            .iter()
            .take_while(|n| n.starts_with(' '))
            .count();
        // The kind stays with the message: a lint made an error is grouped as an error.
        let at = match l.find(": warning: ") {
            Some(at) => at,
            None if details == 0 => l.find(": error: ")?,
            None => return None,
        };
        let (file, lc) = split_place(&l[..at])?;
        Some((file, lc, &l[at + 2..], i + 1 + details))
    };
    let found: Vec<Option<(&str, &str, &str, usize)>> = (0..out.len()).map(warning).collect();
    let mut count: std::collections::HashMap<&str, usize> = Default::default();
    for (_, _, msg, _) in found.iter().flatten() {
        *count.entry(msg).or_default() += 1;
    }
    if !count.values().any(|&n| n > 1) {
        return out;
    }
    // Each group: its message, its places by file, its details once each.
    let mut groups: Vec<(&str, PlacesByFile, Vec<&str>)> = Vec::new();
    let mut slot: Vec<Option<usize>> = vec![None; out.len()];
    let mut by_msg: std::collections::HashMap<&str, usize> = Default::default();
    let mut last_warning = false;
    let mut keep = vec![true; out.len()];
    let mut i = 0;
    while i < out.len() {
        if out[i].is_empty() && last_warning {
            keep[i] = false;
            i += 1;
            continue;
        }
        last_warning = false;
        let Some((file, lc, msg, end)) = found[i] else {
            i += 1;
            continue;
        };
        // A blank line after a warning with details kept whole stays: it parts the blocks.
        last_warning = end == i + 1 || count[msg] > 1;
        if count[msg] < 2 {
            i = end;
            continue;
        }
        keep[i..end].fill(false);
        let g = *by_msg.entry(msg).or_insert_with(|| {
            slot[i] = Some(groups.len());
            groups.push((msg, Vec::new(), Vec::new()));
            groups.len() - 1
        });
        let (_, files, details) = &mut groups[g];
        match files.iter_mut().find(|(f, _)| *f == file) {
            Some((_, places)) => match places.iter_mut().find(|(p, _)| *p == lc) {
                Some((_, n)) => *n += 1,
                None => places.push((lc, 1)),
            },
            None => files.push((file, vec![(lc, 1)])),
        }
        for d in &out[i + 1..end] {
            if !details.contains(&d.as_str()) {
                details.push(d);
            }
        }
        i = end;
    }
    let mut grouped = Vec::new();
    for (i, line) in out.iter().enumerate() {
        if let Some(g) = slot[i] {
            let (msg, files, details) = &groups[g];
            let n: usize = files
                .iter()
                .flat_map(|(_, p)| p.iter().map(|(_, n)| n))
                .sum();
            grouped.push(format!("{msg} ({n} places):"));
            for (file, places) in files {
                // A place warned at again (a macro's body, once per invocation): `151:24(x5)`.
                let places = places.iter().map(|(p, times)| {
                    if *times > 1 {
                        format!("{p}(x{times})")
                    } else {
                        p.to_string()
                    }
                });
                push_place_rows(&mut grouped, file, places);
            }
            grouped.extend(details.iter().map(|d| d.to_string()));
        } else if keep[i] {
            grouped.push(line.clone());
        }
    }
    grouped
}

/// A warning's places: each file with its `line:col`s, in order, each with its count.
type PlacesByFile<'a> = Vec<(&'a str, Vec<(&'a str, usize)>)>;

/// `src/a.rs:3:9` as (`src/a.rs`, `3:9`).
fn split_place(loc: &str) -> Option<(&str, &str)> {
    let (rest, col) = loc.rsplit_once(':')?;
    let (file, line) = rest.rsplit_once(':')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(line) && digits(col) && !file.is_empty()).then(|| (file, &loc[file.len() + 1..]))
}

/// `cargo test` (libtest's output, `-q`'s dots, and nextest's): each test binary's run ends at
/// its `test result:` line. A binary whose tests all passed is that line alone, without the
/// binary's name, `test result: ` and the time (`ok. 27 passed; 0 failed; 0 ignored; 0 measured;
/// 0 filtered out`; the same line for several binaries said once with `(xN)`); a binary with a
/// failure keeps its name, every failing test's output and panic location, its project frames,
/// the list of failures and its result line. Dropped everywhere: passing tests, `running N tests`
/// (the result line counts them), `test x ... FAILED` lines for tests the failures list names
/// again, toolchain and dependency frames, nextest's `PASS` lines.
pub(super) fn test(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let listed = listed_failures(&lines);
    let mut out: Vec<String> = Vec::new();
    let mut compact: Vec<(String, usize, usize)> = Vec::new();
    let mut start = 0;
    for (i, l) in lines.iter().enumerate() {
        if !l.starts_with("test result: ") {
            continue;
        }
        let chunk = &lines[start..=i];
        start = i + 1;
        let body_at = chunk
            .iter()
            .rposition(|l| is_running_line(l.trim()))
            .unwrap_or(0);
        let (prelude, body) = chunk.split_at(body_at);
        if let Some(result) = passed_binary(body) {
            let prelude: Vec<&str> = prelude
                .iter()
                .copied()
                .filter(|l| !is_binary_header(l.trim()))
                .collect();
            detailed(&prelude, &listed, false, &mut out);
            match compact.iter_mut().find(|(r, _, _)| *r == result) {
                Some((_, n, _)) => *n += 1,
                None => {
                    compact.push((result.clone(), 1, out.len()));
                    out.push(result);
                }
            }
        } else {
            detailed(chunk, &listed, true, &mut out);
        }
    }
    detailed(&lines[start..], &listed, false, &mut out);
    for (result, n, at) in compact {
        if n > 1 {
            out[at] = format!("{result} (x{n})");
        }
    }
    // The tests' build warnings, said as a build's are.
    let out = group_warnings(out);
    // Passing binaries' result lines one under the other, without the blank lines between them.
    let passed = |l: Option<&String>| l.is_some_and(|l| l.starts_with("ok. "));
    let mut kept: Vec<&String> = Vec::with_capacity(out.len());
    for (i, l) in out.iter().enumerate() {
        let between = l.is_empty()
            && passed(kept.iter().rev().find(|k| !k.is_empty()).copied())
            && passed(out[i + 1..].iter().find(|n| !n.is_empty()));
        if !between {
            kept.push(l);
        }
    }
    Some(join_lines(kept))
}

/// libtest's `running 27 tests`.
fn is_running_line(t: &str) -> bool {
    t.starts_with("running ") && (t.ends_with(" tests") || t.ends_with(" test"))
}

/// The line naming a test binary: `Running unittests src/lib.rs (target/…)`, `Doc-tests x`.
fn is_binary_header(t: &str) -> bool {
    t.starts_with("Running ") || t.starts_with("Doc-tests ")
}

/// The compact result of a binary whose run holds nothing but passing or ignored tests and
/// progress: its result line without `test result: ` and the time.
fn passed_binary(body: &[&str]) -> Option<String> {
    let result = body.last()?.strip_prefix("test result: ok.")?;
    // `-q`'s marks, `.` passed and `i` ignored, with the running count libtest adds to a full
    // row (`....... 87/875`): the result line counts them.
    let quiet_progress = |t: &str| {
        let marks = match t.rsplit_once(' ') {
            Some((marks, count)) if is_count_of(count) => marks.trim_end(),
            _ => t,
        };
        !marks.is_empty() && marks.bytes().all(|b| b == b'.' || b == b'i')
    };
    let only_passing = body[..body.len() - 1].iter().all(|l| {
        let t = l.trim();
        t.is_empty()
            || is_running_line(t)
            || quiet_progress(t)
            || t.starts_with("test ")
                && (t.ends_with(" ... ok")
                    || t.contains(" ... ok ")
                    || t.ends_with(" ... ignored")
                    || t.contains(" ... ignored, "))
    });
    if !only_passing {
        return None;
    }
    let result = result.split("; finished in ").next().unwrap_or(result);
    Some(format!("ok.{result}"))
}

/// `87/875`: a progress row's count of tests run so far.
fn is_count_of(t: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    t.split_once('/')
        .is_some_and(|(a, b)| digits(a) && digits(b))
}

/// The names libtest lists again after the failures' output (`failures:` then indented names).
fn listed_failures(lines: &[&str]) -> std::collections::HashSet<String> {
    let mut names = std::collections::HashSet::new();
    let mut in_list = false;
    for l in lines {
        if l.trim_end() == "failures:" {
            in_list = true;
            continue;
        }
        match l.strip_prefix("    ") {
            Some(name) if in_list && !name.starts_with(' ') && !name.is_empty() => {
                names.insert(name.to_string());
            }
            _ => in_list = false,
        }
    }
    names
}

/// Lines of a failing binary (or before and after the binaries) rewritten one by one.
fn detailed(
    lines: &[&str],
    listed: &std::collections::HashSet<String>,
    has_result: bool,
    out: &mut Vec<String>,
) {
    let mut diag = Diagnostics::default();
    let mut it = lines.iter().peekable();
    while let Some(line) = it.next() {
        let t = line.trim();
        // A backtrace frame (`  3: name` / `at path:line`) inside the toolchain or a dependency.
        if is_frame_name(t) {
            if let Some(at) = it.peek().map(|l| l.trim()) {
                if at.starts_with("at ") && is_dependency_frame(at) {
                    it.next();
                    continue;
                }
            }
        }
        if t.starts_with("note: Some details are omitted")
            || t.starts_with("note: run with `RUST_BACKTRACE=1`")
            || t.starts_with("all doctests ran in ")
            || t.starts_with("PASS [")
            || t.starts_with("Nextest run ID ")
            // nextest's rules and its `Starting 530 tests across 10 binaries` (its summary
            // counts them).
            || !t.is_empty() && t.chars().all(|c| c == '─')
            || t.starts_with("Starting ") && t.contains(" tests across ")
            || has_result && is_running_line(t)
        {
            continue;
        }
        if t.starts_with("test ") && (t.ends_with(" ... ok") || t.contains(" ... ok ")) {
            continue;
        }
        if let Some(name) = t
            .strip_prefix("test ")
            .and_then(|r| r.strip_suffix(" ... FAILED"))
        {
            if listed.contains(name) {
                continue;
            }
        }
        // Its name said once: `Doc-tests x`; nextest's right-aligned `Summary [ 1.2s] …`.
        if t.starts_with("Doc-tests ") || t.starts_with("Summary [") {
            diag.flush(out);
            out.push(t.to_string());
            continue;
        }
        if let Some(rest) = t.strip_prefix("Running ") {
            // `Running unittests src/lib.rs (target/debug/deps/x-0123abcd)`: the hash path is noise.
            let rest = match rest.rfind(" (target/") {
                Some(i) if rest.ends_with(')') => &rest[..i],
                _ => rest,
            };
            diag.flush(out);
            out.push(format!("Running {rest}"));
            continue;
        }
        diag.push(line, out);
    }
    diag.flush(out);
}

/// Progress lines cargo prints while it works.
fn is_progress(t: &str) -> bool {
    const WORDS: &[&str] = &[
        "Compiling ",
        "Checking ",
        "Downloading ",
        "Downloaded ",
        "Updating ",
        "Locking ",
        "Adding ",
        "Blocking ",
        "Fresh ",
        "Documenting ",
        "Packaging ",
        "Verifying ",
        "Unpacking ",
        "Removing ",
        "Building ",
    ];
    // A crate's path (`Checking x v0.1.0 (/w/x-errors)`) or name (`Fresh thiserror v1.0.69`)
    // may hold the word; the line does not say it as a word of its own.
    // (The words first: most lines start with none, and the split built a searcher.)
    WORDS.iter().any(|w| t.starts_with(w))
        && !crate::minimize::text::split_str(t, " (")
            .map_or(t, |(said, _)| said)
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w == "error")
}

/// cargo's `-v` line for a unit it compiles or a build script it runs (`Running `rustc
/// --crate-name x …``, `Running `/…/build-script-build``): the command, not a fact; `cargo
/// run`'s own `Running `target/debug/x`` stays.
fn is_unit_command(t: &str) -> bool {
    t.strip_prefix("Running `")
        .is_some_and(|c| c.contains(" --crate-name ") || c.contains("/build-script-"))
}

/// What the current diagnostic is: its details are kept for errors only.
#[derive(Default, PartialEq, Clone, Copy)]
enum Kind {
    #[default]
    Other,
    Error,
    Warning,
}

/// rustc's diagnostics made compact, line by line: `loc: error[E0308]: msg` (the header and its
/// `-->` joined), then for errors the label texts, source lines, notes and help; a warning is its
/// one line (its suggestions and notes drop).
#[derive(Default)]
struct Diagnostics {
    kind: Kind,
    header: Option<String>,
    /// A warning's last `note:` or `help:` line, said with the location that may follow it
    /// (`note: first possible panic found here` then `--> src/a.rs:9:5`).
    child: Option<String>,
    /// The last line was a `= note:` or `= help:`: a deeper-indented line under it continues it
    /// (`= help: … the lint:` then `         [lints.rust]`).
    in_note: bool,
    /// The line pushed next, when a header, is an error that is a lint ([`lint_errors`]).
    lint_error: bool,
}

impl Diagnostics {
    fn flush(&mut self, out: &mut Vec<String>) {
        if let Some(h) = self.header.take() {
            out.push(h);
        }
    }

    fn push(&mut self, line: &str, out: &mut Vec<String>) {
        let t = line.trim();
        if is_progress(t) || is_unit_command(t) || t.starts_with("Finished ") {
            return;
        }
        if t.starts_with("For more information about this error")
            || t.starts_with("For more information about an error")
            || t.starts_with("Some errors have detailed explanations")
        {
            return;
        }
        if is_header(line) {
            self.flush(out);
            self.kind = if line.starts_with("error") && !self.lint_error {
                Kind::Error
            } else {
                Kind::Warning
            };
            // `warning: `x` (lib) generated 3 warnings (run `cargo fix ...`)`: the hint drops.
            let header = match line.find(" (run `cargo") {
                Some(i) if line.contains(" generated ") => &line[..i],
                _ => line,
            };
            self.header = Some(header.to_string());
            return;
        }
        if let Some(loc) = t.strip_prefix("--> ") {
            // Every location stays: a warning's second one with the note that names it.
            match (self.header.take(), self.child.take()) {
                (Some(h), _) => out.push(format!("{loc}: {h}")),
                (None, Some(c)) if self.kind == Kind::Warning => out.push(format!("  {loc}: {c}")),
                (None, _) => out.push(format!("  --> {loc}")),
            }
            return;
        }
        self.child = None;
        self.flush(out);
        if t.is_empty() {
            self.in_note = false;
            out.push(String::new());
            return;
        }
        let continued = self.in_note
            && line.starts_with("    ")
            && !t.starts_with(['=', '|', ':'])
            && self.kind != Kind::Other;
        self.in_note = t.starts_with("= ") || continued;
        if continued {
            if self.kind == Kind::Error {
                out.push(format!("    {t}"));
            }
            return;
        }
        // `...` (or `...    |` inside a multi-line span): rustc's mark for source lines left out
        // of a snippet.
        let elided = t
            .strip_prefix("...")
            .is_some_and(|r| r.is_empty() || r.trim_start() == "|");
        let detail = elided && self.kind != Kind::Other
            || t.starts_with("= ")
            || t.starts_with("::: ")
            || t.starts_with("help:")
            || t.starts_with("note:") && self.kind != Kind::Other
            || t.starts_with('|')
            || is_source_line(t);
        if !detail {
            self.kind = Kind::Other;
            out.push(line.to_string());
            return;
        }
        // A span in another file (`::: src/v0.rs:1527:9`, the macro invocation a diagnostic
        // comes from) is a location of its own, a warning's as an error's.
        if let Some(loc) = t.strip_prefix("::: ") {
            out.push(format!("  ::: {loc}"));
            return;
        }
        if self.kind == Kind::Warning {
            if t.starts_with("note:") || t.starts_with("help:") {
                self.child = Some(t.to_string());
            }
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
        if let Some(content) = t.strip_prefix('|') {
            // Carets, connectors and labels: only a label's text is kept.
            let label = content
                .trim_start_matches([' ', '^', '-', '_', '|', '+', '~', '\'', '`'].as_ref())
                .trim();
            if label.chars().any(|c| c.is_alphanumeric()) {
                out.push(format!("  {label}"));
            }
            return;
        }
        out.push(format!("  {t}"));
    }
}

/// Fewest lines of a diagnostic's closing notes for a repeat of them to be said by reference:
/// a single line costs what its reference would.
const REPEATED_NOTES_MIN: usize = 2;

/// A diagnostic's closing notes (`info:`/`note:`/`help:` lines at the margin, as ty and ruff
/// print them after the snippet) said again word for word under a later diagnostic (ty's
/// module search paths under each unresolved import): the later ones as one line naming the
/// diagnostic they were first said under, `info: (the 5 lines under bin/a.py:32:8)`.
fn repeated_notes(out: Vec<String>) -> Vec<String> {
    let is_note =
        |l: &str| l.starts_with("info:") || l.starts_with("note:") || l.starts_with("help:");
    let mut said: std::collections::HashMap<Vec<String>, String> = Default::default();
    let mut kept = Vec::with_capacity(out.len());
    let mut place = String::new();
    let mut lines = out.into_iter().peekable();
    while let Some(line) = lines.next() {
        if !is_note(&line) {
            if !line.is_empty() && !line.starts_with(' ') {
                place = line.split_once(": ").map_or("", |(p, _)| p).to_string();
            }
            kept.push(line);
            continue;
        }
        let mut run = vec![line];
        while let Some(next) = lines.next_if(|l| is_note(l)) {
            run.push(next);
        }
        if run.len() < REPEATED_NOTES_MIN || place.is_empty() {
            kept.extend(run);
            continue;
        }
        match said.get(&run) {
            Some(first) => {
                let kind = run[0].split(':').next().unwrap_or("info");
                kept.push(format!("{kind}: (the {} lines under {first})", run.len()));
            }
            None => {
                said.insert(run.clone(), place.clone());
                kept.extend(run);
            }
        }
    }
    kept
}

/// `12 |     code` or a suggestion's `12 - old` / `12 + new` / `12 ~ new`.
fn is_source_line(t: &str) -> bool {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && t[digits..].trim_start().starts_with(['|', '-', '+', '~'])
        && t[digits..].starts_with(' ')
}

/// rustc's JSON diagnostics (`rustc --error-format=json`, `cargo … --message-format json` and
/// their `-diagnostic-rendered-ansi` forms) as the text the human format prints: each
/// diagnostic's `rendered` field, which [`build`] then reads as it reads rustc's own output.
/// cargo's other messages (artifacts, build scripts, `build-finished`) are for programs and
/// go; a line that is not JSON (cargo's `error: could not compile …`) stays. `None` unless the
/// output is such a stream with at least one rendered diagnostic.
pub(crate) fn rendered_diagnostics(text: &str) -> Option<String> {
    use serde_json::Value;
    // cargo's own lines (`Checking x`, `Finished`) may come first: the stream is known by its
    // messages, each of which must read as one.
    if !crate::minimize::text::text_has(text, "\"rendered\":") {
        return None;
    }
    let mut out = String::with_capacity(text.len() / 4);
    let mut any = false;
    for line in text.split_lines() {
        let t = line.trim();
        if !t.starts_with('{') {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let v: Value = serde_json::from_str(t).ok()?;
        let diagnostic = match (v.get("reason"), v.get("$message_type")) {
            (Some(reason), _) => match reason.as_str() {
                Some("compiler-message") => v.get("message"),
                _ => None,
            },
            (None, Some(kind)) => (kind.as_str() == Some("diagnostic")).then_some(&v),
            // Some other JSON: not this stream.
            (None, None) => return None,
        };
        if let Some(r) = diagnostic
            .and_then(|d| d.get("rendered"))
            .and_then(Value::as_str)
        {
            out.push_str(r);
            if !r.ends_with('\n') {
                out.push('\n');
            }
            any = true;
        }
    }
    any.then(|| crate::output::strip_ansi(&out))
}

/// Whether an output reads as a run of Rust's test harness whatever started it (a script, a
/// wrapper around `cargo test`, a test binary run by hand): a `running N tests` line and, at
/// the start of a line, its `test result: ` counts; or nextest's run (its `Starting 8 tests
/// across 2 binaries` line, a test's `PASS [`/`FAIL [` line, its `Summary [` line), whose
/// binaries' own libtest lines are indented under a failure. What [`test`] reads, said as a
/// shape.
pub(super) fn looks_like_libtest(text: &str) -> bool {
    use crate::minimize::text::text_has;
    (text.starts_with("test result: ") || text_has(text, "\ntest result: "))
        && text.split_lines().any(|l| is_running_line(l.trim()))
        || text_has(text, " tests across ")
            && text_has(text, "Summary [")
            && text.split_lines().any(|l| {
                let t = l.trim_start();
                t.starts_with("Starting ") && has(t, " tests across ")
            })
            && text.split_lines().any(|l| {
                let t = l.trim_start();
                t.starts_with("PASS [") || t.starts_with("FAIL [")
            })
}
