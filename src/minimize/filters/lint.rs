//! tsc, eslint and ruff, and formatters' checks (rustfmt, prettier, ruff format, black): every
//! finding keeps its file, line, column, severity, code and message; findings are grouped under
//! their file (`path:` then `  line:col ...`), so a path is written once. Also kept: continuation
//! lines of a message, every summary and fixable count, each file a formatter would change.
//! Dropped: ruff's source snippets and fix hints, eslint's column padding, formatters' previews.

use super::paths::{split_dir, FastHash, PathList};
use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use crate::minimize::text::{has, join_lines, quote_shape};
use crate::re;

/// Findings in order, grouped under the file each first appeared with; the same message at
/// several places of a file shares one line (`3:3, 14:3 msg`).
#[derive(Default)]
struct Grouped {
    files: Vec<(String, Vec<String>)>,
    file_index: std::collections::HashMap<String, usize, FastHash>,
    /// Per file, message -> the line a further place of that message joins; a line that
    /// received a continuation leaves it (its message is no longer the one line). A map per
    /// file, keyed by the message alone, is asked with the finding's own text (a `(file,
    /// message)` key had the message copied for every finding).
    open: Vec<std::collections::HashMap<String, usize, FastHash>>,
    /// (file, line) of lines that received a continuation.
    closed: std::collections::HashSet<(usize, usize), FastHash>,
    /// (file, line) the last finding went to: its continuation lines go there, which is not
    /// the file's last line when its place joined an earlier line.
    last: Option<(usize, usize)>,
    /// The lengths of the place and the message of the last finding when it joined an earlier
    /// line (the line ends with `, {place} {message}`): a continuation takes it back out to a
    /// line of its own (the elaboration is that place's).
    joined: Option<(usize, usize)>,
}

/// A finding's text with its places by file in order (file, its `line:col`s) and how many
/// finding lines say it, borrowed from [`Grouped`]'s lines.
type SaidText<'a> = (&'a str, Vec<(&'a str, Vec<&'a str>)>, usize);

impl Grouped {
    /// Adds a finding at `at` (`10:5`), or its place to the earlier line of the same message.
    fn add_finding(&mut self, file: &str, at: &str, message: &str) {
        let f = match self.file_index.get(file) {
            Some(&f) => f,
            None => {
                self.files.push((file.to_string(), Vec::new()));
                self.open.push(Default::default());
                self.file_index
                    .insert(file.to_string(), self.files.len() - 1);
                self.files.len() - 1
            }
        };
        let lines = &mut self.files[f].1;
        let joinable = self.open[f]
            .get(message)
            .filter(|&&i| !self.closed.contains(&(f, i)));
        if let Some(&i) = joinable {
            let l = &mut lines[i];
            let at_end = l.len() - message.len() - 1;
            l.insert_str(at_end, at);
            l.insert_str(at_end, ", ");
            self.last = Some((f, i));
            self.joined = Some((at.len(), message.len()));
            return;
        }
        let mut line = String::with_capacity(at.len() + 1 + message.len());
        line.push_str(at);
        line.push(' ');
        line.push_str(message);
        lines.push(line);
        self.open[f].insert(message.to_string(), lines.len() - 1);
        self.last = Some((f, lines.len() - 1));
        self.joined = None;
    }

    /// Appends a continuation line to the last finding.
    fn continue_last(&mut self, line: &str) -> bool {
        self.continue_last_indented(line, 4)
    }

    /// As [`Grouped::continue_last`], the line indented by `spaces` (the finding's own line is
    /// indented by two under its file's heading).
    fn continue_last_indented(&mut self, line: &str, spaces: usize) -> bool {
        let Some((f, mut i)) = self.last else {
            return false;
        };
        if let Some((at_len, message_len)) = self.joined.take() {
            let lines = &mut self.files[f].1;
            let at_end = lines[i].len() - message_len - 1;
            // `, {at}` just before the message: the place the last finding joined with.
            let place_start = at_end.checked_sub(at_len + 2);
            if let Some(start) = place_start.filter(|&s| lines[i].get(s..s + 2) == Some(", ")) {
                let moved = format!(
                    "{} {}",
                    &lines[i][start + 2..at_end],
                    &lines[i][at_end + 1..]
                );
                lines[i].replace_range(start..at_end, "");
                lines.push(moved);
                i = lines.len() - 1;
                self.last = Some((f, i));
            }
        }
        let last = &mut self.files[f].1[i];
        last.push('\n');
        last.extend(std::iter::repeat_n(' ', spaces));
        last.push_str(line.trim());
        self.closed.insert((f, i));
        true
    }

    fn render(self, rest: Vec<String>) -> String {
        let mut out = Vec::new();
        for (file, lines) in self.files {
            out.push(format!("{file}:"));
            out.extend(lines.into_iter().map(|l| format!("  {l}")));
        }
        out.extend(rest);
        join_lines(out)
    }

    /// As [`Grouped::render`], a finding said with the same text (its message and its
    /// continuation lines) at places in several lines or files said once after the files, with
    /// its places by file (`TS2379: … (12 places):`, its continuation, `  src/a.ts: 3:9 14:2`):
    /// a type checker's elaboration repeated at each call of one helper costs more than the list.
    fn render_repeated(self, rest: Vec<String>) -> String {
        // Each text's (file, places) and how many finding lines say it, borrowed from the lines.
        let mut texts: Vec<SaidText> = Vec::new();
        let mut index: std::collections::HashMap<&str, usize, FastHash> = Default::default();
        for (file, lines) in &self.files {
            for l in lines {
                // `3:3, 14:3 msg`: the places a line joined, then the text.
                let Some(mut cut) = l.find(' ') else { continue };
                while l[..cut].ends_with(',') {
                    let Some(next) = l[cut + 1..].find(' ') else {
                        break;
                    };
                    cut += 1 + next;
                }
                let (at, body) = (&l[..cut], &l[cut + 1..]);
                let t = *index.entry(body).or_insert_with(|| {
                    texts.push((body, Vec::new(), 0));
                    texts.len() - 1
                });
                let (_, files, lines_saying) = &mut texts[t];
                *lines_saying += 1;
                match files.iter_mut().find(|(f, _)| f == file) {
                    Some((_, p)) => p.extend(at.split(", ")),
                    None => files.push((file, at.split(", ").collect())),
                }
            }
        }
        let repeated: std::collections::HashSet<&str, FastHash> = texts
            .iter()
            .filter(|(_, _, n)| *n > 1)
            .map(|(body, _, _)| *body)
            .collect();
        if repeated.is_empty() {
            return self.render(rest);
        }
        // Past the places (`3:3, 14:3 `) to the text.
        let text_of = |l: &str| -> bool {
            let mut rest = l;
            while let Some((at, more)) = rest.split_once(' ') {
                rest = more;
                if !at.ends_with(',') {
                    break;
                }
            }
            repeated.contains(rest)
        };
        let mut out = Vec::new();
        for (file, lines) in &self.files {
            let mut kept = lines.iter().filter(|l| !text_of(l)).peekable();
            if kept.peek().is_none() {
                continue;
            }
            out.push(format!("{file}:"));
            out.extend(kept.map(|l| format!("  {l}")));
        }
        for (body, files, _) in texts.iter().filter(|(b, _, _)| repeated.contains(b)) {
            let n: usize = files.iter().map(|(_, p)| p.len()).sum();
            let (first, more) = body.split_once('\n').unwrap_or((body, ""));
            out.push(format!("{first} ({n} places):"));
            out.extend(more.split_lines().map(str::to_string));
            for (file, places) in files {
                super::build::push_place_rows(&mut out, file, places);
            }
        }
        out.extend(rest);
        join_lines(out)
    }
}

/// tsc's diagnostics, plain (`src/a.ts(10,5): error TS2322: msg`) or pretty (`src/a.ts:10:5 -
/// error TS2322: msg` with a code frame), as `src/a.ts:` / `  10:5 TS2322: msg`. Kept: every
/// message's continuation lines and related locations (`src/b.ts:2:3` / `'x' is declared here.`),
/// the summary and the pretty error table. Dropped: the pretty code frames (source lines and
/// squiggles under a diagnostic), which repeat the file the location points to.
pub(super) fn tsc(ctx: &Context) -> Option<String> {
    let related = re!(r"^\s+(\S+?):(\d+):(\d+)$")?;
    // A code frame's lines: `12 source text` (or a bare number), squiggles, blank gutters.
    let frame = re!(r"^\s*\d+( .*)?$|^[\s~]*$")?;
    let mut grouped = Grouped::default();
    // The lines before the first diagnostic (a script runner's banner) and after the last one.
    let mut before = Vec::new();
    let mut after: Vec<String> = Vec::new();
    let mut found = false;
    // Inside a pretty diagnostic, past the blank line that opens its code frame.
    let mut in_frame = false;
    let mut is_pretty = false;
    for line in ctx.text.split_lines() {
        let diag = tsc_diagnostic(line);
        if let Some(d) = diag.filter(|_| after.is_empty()) {
            found = true;
            is_pretty = d.pretty;
            in_frame = false;
            let sev = if d.kind == "error" { "" } else { d.kind };
            let sep = if sev.is_empty() { "" } else { " " };
            let message = format!("{sev}{sep}{}", d.message);
            let at = format!("{}:{}", d.line, d.col);
            grouped.add_finding(d.file, &at, &message);
            continue;
        }
        if found && after.is_empty() {
            if is_pretty {
                if is_blank(line) {
                    in_frame = true;
                    continue;
                }
                if in_frame && frame.is_match(line) {
                    continue;
                }
                if let Some(c) = related.captures(line) {
                    grouped.continue_last(&format!("{}:{}:{}", &c[1], &c[2], &c[3]));
                    in_frame = true;
                    continue;
                }
            }
            if line.starts_with(' ') {
                grouped.continue_last(line);
                continue;
            }
        }
        if found {
            after.push(line.to_string());
        } else {
            before.push(line.to_string());
        }
    }
    before.push(grouped.render_repeated(Vec::new()));
    before.extend(after);
    found.then(|| join_lines(before))
}

/// One tsc diagnostic's parts.
struct TscDiagnostic<'a> {
    file: &'a str,
    line: &'a str,
    col: &'a str,
    /// `error`, `warning` or `message`.
    kind: &'a str,
    /// From the code on: `TS2322: msg`.
    message: &'a str,
    /// Written `file:line:col - kind …` (`--pretty`) rather than `file(line,col): kind …`.
    pretty: bool,
}

/// A tsc diagnostic line, plain (`src/a.ts(10,5): error TS2322: msg`) or pretty
/// (`src/a.ts:10:5 - error TS2322: msg`): the file is the shortest start the rest reads after
/// (what the patterns `^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+: .*)$` and
/// its pretty twin `^(\S.*?):(\d+):(\d+) - …` match), read by hand: every line of a long
/// output is asked, and a pattern's captures cost most of the filter there.
fn tsc_diagnostic(line: &str) -> Option<TscDiagnostic<'_>> {
    // Lines without a code never are one; most of a log's lines end here.
    if !has(line, " TS") {
        return None;
    }
    fn digits(s: &str) -> usize {
        s.bytes().take_while(u8::is_ascii_digit).count()
    }
    // `kind TS123: msg` (after the place and its separator) as (kind, message).
    fn tail(rest: &str) -> Option<(&str, &str)> {
        let (kind, message) = rest.split_once(' ')?;
        let code = message.strip_prefix("TS")?;
        let n = digits(code);
        (matches!(kind, "error" | "warning" | "message") && n > 0 && code[n..].starts_with(": "))
            .then_some((kind, message))
    }
    // `line,col): ` or `line:col - ` after the file, its separators given.
    let place = |rest: &str, comma: char, end: &str| -> Option<(usize, usize, usize)> {
        let a = digits(rest);
        let rest2 = rest[a..].strip_prefix(comma)?;
        let b = digits(rest2);
        (a > 0 && b > 0 && rest2[b..].starts_with(end)).then_some((a, b, a + 1 + b + end.len()))
    };
    // The diagnostic whose file ends at byte `i`, its place in the given form.
    let at = |i: usize, comma: char, end: &str, pretty: bool| {
        let rest = &line[i + 1..];
        let (a, b, len) = place(rest, comma, end)?;
        let (kind, message) = tail(&rest[len..])?;
        Some(TscDiagnostic {
            file: &line[..i],
            line: &rest[..a],
            col: &rest[a + 1..a + 1 + b],
            kind,
            message,
            pretty,
        })
    };
    let plain = line
        .match_indices('(')
        .filter(|&(i, _)| i > 0)
        .find_map(|(i, _)| at(i, ',', "): ", false));
    if plain.is_some() {
        return plain;
    }
    let first = line.chars().next()?;
    if first.is_whitespace() {
        return None;
    }
    line.match_indices(':')
        .filter(|&(i, _)| i >= first.len_utf8())
        .find_map(|(i, _)| at(i, ':', " - ", true))
}

/// eslint's stylish format: file headers, then `  10:5  error  msg  rule` rows, as
/// `  10:5 error msg (rule)`; when every file lies under one directory, that directory is said
/// once (`in /abs/project/:`) and the headers are relative to it.
pub(super) fn eslint(ctx: &Context) -> Option<String> {
    let is_header = |l: &str| l.starts_with('/') && !l.contains(' ');
    let headers: Vec<&str> = ctx.text.split_lines().filter(|l| is_header(l)).collect();
    let common = match headers.as_slice() {
        [first, _, ..] => {
            let mut prefix = split_dir(first).0;
            for h in &headers {
                while !h.starts_with(prefix) {
                    prefix = split_dir(prefix.strip_suffix('/')?).0;
                }
            }
            prefix
        }
        _ => "",
    };
    let mut out = Vec::new();
    if common.len() > 1 {
        out.push(format!("in {common}:"));
    }
    let mut found = false;
    // The current file's findings: (places, `severity message (rule)`); the same finding at
    // several places of a file is one line (`63:12, 95:17 error Expected '===' (eqeqeq)`).
    let mut file: Vec<(String, String)> = Vec::new();
    let flush = |file: &mut Vec<(String, String)>, out: &mut Vec<String>| {
        out.extend(file.drain(..).map(|(at, rest)| format!("  {at} {rest}")));
    };
    for line in ctx.text.split_lines() {
        if let Some((at, severity, message, rule)) = eslint_row(line) {
            found = true;
            let rule = rule.map_or(String::new(), |r| format!(" ({r})"));
            let rest = format!("{severity} {message}{rule}");
            match file.iter_mut().find(|(_, r)| *r == rest) {
                Some((places, _)) => {
                    places.push_str(", ");
                    places.push_str(at);
                }
                None => file.push((at.to_string(), rest)),
            }
            continue;
        }
        flush(&mut file, &mut out);
        if is_header(line) {
            let relative = if common.len() > 1 {
                &line[common.len()..]
            } else {
                line
            };
            out.push(format!("{relative}:"));
        } else {
            out.push(line.to_string());
        }
    }
    flush(&mut file, &mut out);
    found.then(|| join_lines(out))
}

/// `  10:5  error  msg  rule` as its location, severity, message and rule (a message may hold
/// single spaces; the rule follows two or more).
fn eslint_row(line: &str) -> Option<(&str, &str, &str, Option<&str>)> {
    if !line.starts_with([' ', '\t']) {
        return None;
    }
    let (at, rest) = line.trim_start().split_once([' ', '\t'])?;
    let (l, c) = at.split_once(':')?;
    if l.is_empty()
        || c.is_empty()
        || !l.bytes().all(|b| b.is_ascii_digit())
        || !c.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let (severity, rest) = rest.trim_start().split_once([' ', '\t'])?;
    if !matches!(severity, "error" | "warning") {
        return None;
    }
    let rest = rest.trim();
    match rest.rfind("  ") {
        Some(i) if !rest[i..].trim().contains(' ') => {
            Some((at, severity, rest[..i].trim_end(), Some(rest[i..].trim())))
        }
        _ => Some((at, severity, rest, None)),
    }
}

/// ruff's full format (`F401 [*] msg` / ` --> a.py:1:8` / snippet / `help:`), grouped by file;
/// its concise format (`a.py:1:8: F401 msg`) and its grouped one (`a.py:` / `  1:8  F401 msg`)
/// grouped the same way; the same code and message at
/// several places of a file share a line (`30:16, 37:16 UP031 Use format specifiers …`).
/// A concise finding, `a.py:12:5: F401 msg`, as (`a.py`, `12:5`, `F401 msg`): the first `.py`
/// or `.pyi` followed by a line and a column; or, in the formats that give no column (pylint's
/// `a.py:12: [F401] msg`, which ruff and flake8 also write), a line alone (`12`). Read by hand:
/// a capturing pattern with a lazy path ran a backtracking search on every line and was most
/// of a big report's cost.
fn concise_finding(line: &str) -> Option<(&str, &str, &str)> {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    for (i, _) in line.match_indices(".py") {
        let mut end = i + 3;
        if line[end..].starts_with('i') {
            end += 1;
        }
        let Some(rest) = line[end..].strip_prefix(':') else {
            continue;
        };
        let row = digits(rest);
        let Some(after_row) = rest[row..].strip_prefix(':').filter(|_| row > 0) else {
            continue;
        };
        let col = digits(after_row);
        let (at, message) = if col > 0 {
            (&rest[..row + 1 + col], after_row[col..].strip_prefix(": "))
        } else {
            (
                &rest[..row],
                after_row.strip_prefix(' ').filter(|m| !m.is_empty()),
            )
        };
        let Some(message) = message else {
            continue;
        };
        if i == 0 {
            continue;
        }
        return Some((&line[..end], at, message));
    }
    None
}

/// Whether an output reads as a linter's findings in rustc's full format, each headed by its
/// rule's code rather than a level (ruff's `D205 1 blank line required …`, `F401 [*] \`os\`
/// imported but unused`) over its ` --> path:line:col`: at least two, and more than findings
/// headed otherwise (rustc's `error[E0308]: …`, `warning: …`, whose filter is rustc's). What
/// [`ruff`] reads, whatever printed it.
pub(super) fn looks_like_code_findings(text: &str) -> bool {
    if !crate::minimize::text::text_has(text, "--> ") {
        return false;
    }
    let (mut coded, mut other) = (0usize, 0usize);
    let mut previous = "";
    for line in text.split_lines() {
        if line.trim_start().starts_with("--> ") {
            if is_rule_code_heading(previous) {
                coded += 1;
            } else {
                other += 1;
            }
        }
        previous = line;
    }
    coded >= 2 && coded > other
}

/// A finding's heading that starts with a rule's code, capitals then digits, and a blank
/// (`D205 1 blank line …`, `CPY001 Missing copyright notice …`).
fn is_rule_code_heading(line: &str) -> bool {
    let b = line.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    let digits = b[letters..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    letters > 0 && digits > 0 && b.get(letters + digits) == Some(&b' ')
}

pub(super) fn ruff(ctx: &Context) -> Option<String> {
    let header = re!(r"^([A-Z]+[0-9]+|invalid-syntax|SyntaxError)(.*)$")?;
    let arrow = re!(r"^\s*--> (.+?):(\d+):(\d+)\s*$")?;
    // The grouped format: a file's name on its own line, then `  12:5  F401 msg` rows.
    let file_header = re!(r"^(\S.*\.pyi?):$")?;
    let mut file: Option<String> = None;
    let mut grouped = Grouped::default();
    let mut rest = Vec::new();
    let mut pending: Option<String> = None;
    let mut found = false;
    let mut in_finding = false;
    // In a finding of the full format (` --> a.py:1:8` under its header), not the concise one.
    let mut full = false;
    for line in ctx.text.split_lines() {
        // Each pattern only where its first characters could start it: most lines of a big
        // report are of one kind, and the patterns are the filter's cost.
        let indented = line.starts_with(' ');
        if let Some(c) = (!indented && line.ends_with(':'))
            .then(|| file_header.captures(line))
            .flatten()
        {
            file = Some(c[1].to_string());
            continue;
        }
        let row = (indented && file.is_some())
            .then(|| ruff_grouped_row(line))
            .flatten();
        if let (Some(f), Some((at, message))) = (&file, row) {
            found = true;
            grouped.add_finding(f, at, message);
            continue;
        }
        // The blank line that ends a file's group.
        if file.take().is_some() && line.is_empty() {
            continue;
        }
        if let Some((path, at, message)) = concise_finding(line) {
            found = true;
            full = false;
            grouped.add_finding(path, at, message);
            in_finding = true;
            continue;
        }
        let arrowed = pending.is_some() && line.contains("-->");
        if let (Some(msg), Some(c)) = (&pending, arrowed.then(|| arrow.captures(line)).flatten()) {
            found = true;
            full = true;
            let at = format!("{}:{}", &c[2], &c[3]);
            grouped.add_finding(&c[1], &at, msg);
            pending = None;
            in_finding = true;
            continue;
        }
        let coded = line.starts_with(|c: char| c.is_ascii_uppercase() || c == 'i');
        if let Some(c) = coded.then(|| header.captures(line)).flatten() {
            pending = Some(format!("{}{}", &c[1], &c[2]));
            in_finding = false;
            continue;
        }
        if let Some(msg) = pending.take() {
            rest.push(msg);
        }
        // The full format's snippet, `help:`, fix diff (`-----`, `12 + new`, `   - old`) and
        // `note:` lines, up to the next finding or a line of ruff's own (a summary).
        if in_finding && full {
            let own = line.starts_with(|c: char| c.is_ascii_alphabetic())
                && !["help:", "note:", "info:"]
                    .iter()
                    .any(|p| line.starts_with(p));
            if !own {
                continue;
            }
            in_finding = false;
        }
        if in_finding {
            let t = line.trim_start();
            if t.starts_with('|')
                || t.is_empty()
                || t.starts_with("help:")
                || t.starts_with("= help:")
                || t.starts_with("::")
            {
                continue;
            }
            if let Some((g, _)) = t.split_once('|') {
                if g.trim().bytes().all(|b| b.is_ascii_digit() || b == b'.') {
                    continue;
                }
            }
            in_finding = false;
        }
        rest.push(line.to_string());
    }
    if let Some(msg) = pending {
        rest.push(msg);
    }
    found.then(|| grouped.render(rest))
}

/// A row of ruff's grouped format, `  12:5  F401 msg`, as its place (`12:5`) and message.
fn ruff_grouped_row(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (at, message) = t.split_once(char::is_whitespace)?;
    let (row, col) = at.split_once(':')?;
    let message = message.trim_start();
    let letters = message.bytes().take_while(u8::is_ascii_uppercase).count();
    let numbers = message[letters..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    let code = (letters > 0
        && numbers > 0
        && !message[letters + numbers..].starts_with(|c: char| c.is_alphanumeric()))
        || message.starts_with("invalid-syntax");
    (digits(row) && digits(col) && code).then_some((at, message))
}

/// A mypy diagnostic's parts, `path:line[:col]: severity: message` (`error`, `warning` or
/// `note`): the path up to the first `:`, not starting with a blank. Read by hand, not by a
/// pattern's captures on every line (12.7M of 531M instructions over the 60 slowest 50 KB
/// cases, its three mypy runs 1.6 ms each).
fn located_line(line: &str) -> Option<(&str, &str, &str, &str)> {
    if line.starts_with(|c: char| c.is_whitespace() || c == ':') {
        return None;
    }
    let colon = line.find(':')?;
    let rest = &line[colon + 1..];
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let mut n = digits(rest);
    if n == 0 {
        return None;
    }
    if let Some(after) = rest[n..].strip_prefix(':') {
        let column = digits(after);
        if column > 0 && after[column..].starts_with(": ") {
            n += 1 + column;
        }
    }
    let (severity, message) = rest[n..].strip_prefix(": ")?.split_once(": ")?;
    matches!(severity, "error" | "warning" | "note").then_some((
        &line[..colon],
        &rest[..n],
        severity,
        message,
    ))
}

/// `path:line[:col]: severity: message` diagnostics, one a line (mypy, and its notes), grouped
/// under their file; the same severity and message at several places of a file share a line
/// (`112, 143: error: Function is missing a type annotation  [no-untyped-def]`). Output with
/// anything else between two diagnostics (`--pretty`'s source lines, `In function` context
/// lines) is not rewritten: those lines belong to the diagnostic above them.
pub(super) fn located(ctx: &Context) -> Option<String> {
    // `--pretty` wraps a message onto unindented lines and shows the source line and a caret
    // line under it: the message is joined again, the source (the file has it) dropped.
    let pretty = ctx.inv.has_flag(&["--pretty"], None);
    let mut files = ByFile::default();
    let mut before = Vec::new();
    let mut after: Vec<&str> = Vec::new();
    // The diagnostic read last, while its message may go on: (file, line, message).
    let mut open: Option<(String, String, String)> = None;
    for line in ctx.text.split_lines() {
        if let Some((path, place, severity, message)) = located_line(line) {
            if after.iter().any(|l| !is_blank(l)) {
                return None;
            }
            after.clear();
            files.close(open.take());
            open = Some((
                path.to_string(),
                place.to_string(),
                format!("{severity}: {message}"),
            ));
            continue;
        }
        if pretty && after.is_empty() {
            if let Some((_, _, m)) = open
                .as_mut()
                .filter(|_| !line.is_empty() && !line.starts_with(' '))
            {
                m.truncate(m.trim_end().len());
                m.push(' ');
                m.push_str(line.trim());
                continue;
            }
            if line.starts_with(' ') && (open.is_some() || !files.0.is_empty()) {
                files.close(open.take());
                continue;
            }
        }
        files.close(open.take());
        if files.0.is_empty() {
            before.push(line.to_string());
        } else {
            after.push(line);
        }
    }
    files.close(open.take());
    if files.0.is_empty() {
        return None;
    }
    let mut out = before;
    for (file, messages) in files.0 {
        out.push(format!("{file}:"));
        for (message, at) in messages {
            out.push(format!("  {}: {message}", at.join(", ")));
        }
    }
    out.extend(after.iter().map(|l| l.to_string()));
    Some(join_lines(out))
}

/// A message and the places (`12`, `12:5`) it was reported at.
type Placed = (String, Vec<String>);

/// Each file's messages in order, with the places each was reported.
#[derive(Default)]
struct ByFile(Vec<(String, Vec<Placed>)>);

impl ByFile {
    fn close(&mut self, diag: Option<(String, String, String)>) {
        let Some((file, at, message)) = diag else {
            return;
        };
        let i = match self.0.iter().position(|(f, _)| *f == file) {
            Some(i) => i,
            None => {
                self.0.push((file, Vec::new()));
                self.0.len() - 1
            }
        };
        let messages = &mut self.0[i].1;
        match messages.iter_mut().find(|(m, _)| *m == message) {
            Some((_, places)) => places.push(at),
            None => messages.push((message, vec![at])),
        }
    }
}

/// Whether an output reads as `rustfmt --check`'s whatever printed it (a wrapper, a script, a
/// task runner): its first line that is not blank is a place's heading, `Diff in PATH:12:` or
/// older rustfmt's `Diff in PATH at line 12:`, and [`rustfmt_check`] reads it.
pub(super) fn looks_like_rustfmt_check(head: &str) -> bool {
    head.split_lines()
        .find(|l| !is_blank(l))
        .and_then(|l| l.strip_prefix("Diff in ")?.strip_suffix(':'))
        .is_some_and(|rest| {
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            rest.rsplit_once(':')
                .is_some_and(|(path, n)| !path.is_empty() && digits(n))
                || rest
                    .rsplit_once(" at line ")
                    .is_some_and(|(path, n)| !path.is_empty() && digits(n))
        })
}

/// `cargo fmt --check` / `rustfmt --check`: the places that would change (`Diff in path:12:`,
/// older rustfmt's `Diff in path at line 12:`), as each file's line numbers grouped by directory,
/// and how many lines would be removed and added. The diff itself is what `cargo fmt` writes;
/// the raw output keeps it.
pub(super) fn rustfmt_check(ctx: &Context) -> Option<String> {
    let header = re!(r"^Diff in (.+?)(?::(\d+)| at line (\d+)):$")?;
    let mut files: Vec<(String, Vec<String>)> = Vec::new();
    let (mut removed, mut added, mut places) = (0usize, 0usize, 0usize);
    let mut rest = Vec::new();
    let mut in_diff = false;
    for line in ctx.text.split_lines() {
        if let Some(c) = header.captures(line) {
            in_diff = true;
            places += 1;
            let at = c.get(2).or_else(|| c.get(3)).map_or("", |m| m.as_str());
            match files.iter_mut().find(|(f, _)| f == &c[1]) {
                Some((_, lines)) => lines.push(at.to_string()),
                None => files.push((c[1].to_string(), vec![at.to_string()])),
            }
            continue;
        }
        if in_diff && (line.starts_with([' ', '+', '-']) || line.is_empty()) {
            if line.starts_with('+') {
                added += 1;
            } else if line.starts_with('-') {
                removed += 1;
            }
            continue;
        }
        in_diff = false;
        rest.push(line.to_string());
    }
    if files.is_empty() {
        return None;
    }
    let mut out = vec![format!(
        "{places} places in {} files would be reformatted (-{removed} +{added} lines; `cargo fmt` applies them):",
        files.len()
    )];
    let mut list = PathList::default();
    for (file, lines) in files {
        let (dir, name) = split_dir(&file);
        list.add(dir, format!("{name}: {}", lines.join(", ")));
    }
    list.render(&mut out);
    out.extend(rest);
    Some(join_lines(out))
}

/// `prettier --check` / `--list-different`: the files it would change, grouped by directory;
/// errors and the summary as written.
/// A Python formatter's check (`ruff format --check`, `black --check`): the files it would
/// reformat, each with the place its first change starts when it says one (ruff's `--> a.py:3:9`),
/// grouped by directory; its summary and messages (errors, warnings) stay. Dropped: the preview
/// of each change (the formatter applies it; the raw output keeps it).
pub(super) fn formatter_check(ctx: &Context) -> Option<String> {
    // `--diff`: a unified diff, in the diff shape.
    if ctx.text.contains("\n+++ ") && ctx.text.contains("\n@@ -") {
        return super::git::unified(ctx);
    }
    let arrow = re!(r"^\s*--> (.+?):(\d+):(\d+)\s*$")?;
    // `Would reformat: a.py` (ruff) / `would reformat a.py` (black).
    let would = re!(r"^(?:Would reformat: |would reformat )(.+)$")?;
    // A preview line: `12 + new`, `   - old`, `   |`, `-----`, an indented line.
    let preview = re!(r"^(\d+\s*[|+\-~]|\s|-+$)")?;
    let mut list = PathList::default();
    let mut rest = Vec::new();
    for line in ctx.text.split_lines() {
        if let Some(c) = arrow.captures(line) {
            let (dir, name) = split_dir(&c[1]);
            list.add(dir, format!("{name}:{}:{}", &c[2], &c[3]));
        } else if let Some(c) = would.captures(line) {
            list.add_path(&c[1]);
        } else if !(line.starts_with("unformatted: ") || line.is_empty() || preview.is_match(line))
        {
            rest.push(line.to_string());
        }
    }
    if list.len() == 0 {
        return None;
    }
    let mut out = rest;
    list.render(&mut out);
    Some(join_lines(out))
}

pub(super) fn prettier_check(ctx: &Context) -> Option<String> {
    if !ctx
        .inv
        .has_flag(&["--check", "--list-different"], Some('c'))
        && !ctx.inv.has_flag(&[], Some('l'))
    {
        return None;
    }
    let mut list = PathList::default();
    let mut rest = Vec::new();
    for line in ctx.text.split_lines() {
        let path = line.strip_prefix("[warn] ").unwrap_or(line);
        let is_path = !path.is_empty()
            && !path.contains(' ')
            && path.contains('.')
            && !line.starts_with("[error]");
        if is_path {
            list.add_path(path);
        } else if line != "Checking formatting..." {
            rest.push(line.to_string());
        }
    }
    if list.len() == 0 {
        return None;
    }
    let mut out = vec!["not formatted:".to_string()];
    list.render(&mut out);
    out.extend(rest);
    Some(join_lines(out))
}

/// A row of a linter's one-line format, whatever the linter (shellcheck `-f gcc`, markdownlint,
/// yamllint `-f parsable`, hadolint, actionlint…): `path:line[:col][:] message`, as the path,
/// the place (`12` or `12:5`) and the message. The path holds no space; the message is not
/// empty.
pub(super) fn lint_row(line: &str) -> Option<(&str, &str, &str)> {
    let (path, rest) = line.split_once(':')?;
    if path.is_empty() || path.contains(char::is_whitespace) {
        return None;
    }
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let row = digits(rest);
    if row == 0 {
        return None;
    }
    let mut end = row;
    if rest[end..].starts_with(':') {
        let col = digits(&rest[end + 1..]);
        if col > 0 {
            end += 1 + col;
        }
    }
    let message = rest[end..]
        .strip_prefix(": ")
        .or_else(|| rest[end..].strip_prefix(' '))?;
    (!is_blank(message)).then_some((path, &rest[..end], message))
}

/// pylint's heading over each module's rows in all its one-line formats (`************* Module
/// cachetools.keys`): the rows' paths say the module.
fn is_module_heading(line: &str) -> bool {
    line.strip_prefix("************* Module ")
        .is_some_and(|m| !m.is_empty() && !m.contains(' '))
}

/// Rows sniffing needs among an output's first lines for it to be taken for a linter's list:
/// fewer could be a log that happens to start with `host:8080 …`.
const LINT_LIST_MIN_ROWS: usize = 3;

/// Whether an output of a program no filter is about reads as a linter's one-line list: its
/// first lines (up to 40), blank ones aside, are [`lint_row`]s but for one at the end.
pub(super) fn looks_like_lint_list(text: &str) -> bool {
    let head: Vec<&str> = text
        .split_lines()
        .take(40)
        .filter(|l| !is_blank(l) && !is_module_heading(l))
        .collect();
    let rows = head.iter().filter(|l| lint_row(l).is_some()).count();
    if rows >= LINT_LIST_MIN_ROWS && rows + 1 >= head.len() {
        return true;
    }
    // A short preamble (markdownlint-cli2's version, `Finding:`, `Linting: 1 file(s)`,
    // `Summary: 12 error(s)`) before rows that run to the end but for one line: outnumbered by
    // the rows at least twice, so a log with a few `host:8080 …` lines is not one.
    let lead = head.iter().take_while(|l| lint_row(l).is_none()).count();
    if lead <= LINT_LIST_LEAD_LINES
        && rows >= LINT_LIST_MIN_ROWS.max(2 * lead)
        && head[lead..]
            .iter()
            .filter(|l| lint_row(l).is_none())
            .count()
            <= 1
    {
        return true;
    }
    // Rows each with its source excerpt (rubocop's default: the line, then `^^^` under the
    // offense, a blank line where the offense's range is empty), after a short preamble
    // (`Inspecting 13 files`, its progress, `Offenses:`). Blank lines are not in `head`: a
    // quoted line is the one line after a row that is no row itself.
    let carets = head.iter().filter(|l| is_caret_only(l)).count();
    let excerpts = (0..head.len())
        .filter(|&i| {
            is_caret_only(head[i])
                || head.get(i + 1).is_some_and(|n| is_caret_only(n))
                || (i > 0 && lint_row(head[i - 1]).is_some() && lint_row(head[i]).is_none())
        })
        .count();
    rows >= LINT_LIST_MIN_ROWS
        && carets * EXCERPT_ROWS_PER_CARET >= rows
        // The head's last line may be a source line whose caret line the cut left out.
        && head.len() <= rows + excerpts + LINT_LIST_PREAMBLE_LINES + 1
}

/// Most lines before a linter's one-line rows for the output to be taken for its list.
const LINT_LIST_LEAD_LINES: usize = 4;

/// Most lines before a linter's excerpted rows for the output to be taken for its list.
const LINT_LIST_PREAMBLE_LINES: usize = 3;

/// Most rows per caret line among an excerpted list's first rows: rubocop prints no caret
/// under an offense whose range is empty (a blank line instead) or that spans lines (`...`),
/// but every list it prints this way has some; a log with a few `path:12 text` lines has none.
const EXCERPT_ROWS_PER_CARET: usize = 3;

/// A caret line under a quoted source line: spaces, then `^` (and `~`) only.
fn is_caret_only(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('^') && t.bytes().all(|b| matches!(b, b'^' | b'~'))
}

/// A linter's findings under a heading per file, each row indented and starting with its place
/// (yamllint's default format: `./ci/a.yaml`, then `  4:8       error    too many spaces after
/// colon  (colons)`): the rows as [`lint_list`]'s one-line rows (`./ci/a.yaml:4:8 error too many
/// spaces after colon (colons)`, the alignment's spaces one), read as they are.
pub(super) fn headed_lint_list(ctx: &Context) -> Option<String> {
    let mut rows = String::with_capacity(ctx.text.len());
    let mut file: Option<&str> = None;
    let mut found = 0;
    for line in ctx.text.split_lines() {
        if let (Some(f), Some((at, rest))) = (file, headed_row(line)) {
            rows.push_str(f);
            rows.push(':');
            rows.push_str(at);
            for word in rest.split_whitespace() {
                rows.push(' ');
                rows.push_str(word);
            }
            rows.push('\n');
            found += 1;
            continue;
        }
        file = heading_path(line);
        if file.is_none() {
            rows.push_str(line);
            rows.push('\n');
        }
    }
    (found >= LINT_LIST_MIN_ROWS).then_some(())?;
    lint_list_text(&rows)
}

/// An indented row of a headed list: `  4:8  error  message` as (`4:8`, `error  message`).
fn headed_row(line: &str) -> Option<(&str, &str)> {
    let t = line.strip_prefix(' ')?.trim_start();
    let (at, rest) = t.split_once(char::is_whitespace)?;
    let (row, col) = at.split_once(':')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(row) && digits(col) && !is_blank(rest)).then_some((at, rest))
}

/// A file's heading in a headed list: a path alone on its line (`./ci/a.yaml`, `src/a.ts`).
fn heading_path(line: &str) -> Option<&str> {
    let ok = !line.is_empty()
        && !line.starts_with(' ')
        && !line.contains(char::is_whitespace)
        && line.contains(['.', '/'])
        && !line.ends_with(':');
    ok.then_some(line)
}

/// Whether an output reads as a headed list (see [`headed_lint_list`]): its first lines (up to
/// 40), blank ones aside, are headings and rows, rows at least [`LINT_LIST_MIN_ROWS`], a
/// heading first.
pub(super) fn looks_like_headed_lint_list(text: &str) -> bool {
    let head: Vec<&str> = text
        .split_lines()
        .take(40)
        .filter(|l| !is_blank(l))
        .collect();
    let rows = head.iter().filter(|l| headed_row(l).is_some()).count();
    let headings = head.iter().filter(|l| heading_path(l).is_some()).count();
    head.first().is_some_and(|l| heading_path(l).is_some())
        && rows >= LINT_LIST_MIN_ROWS
        && rows + headings + 1 >= head.len()
}

/// A row of a checker that repeats its file's heading on each row (pyright's and
/// basedpyright's default format: `/src/a.py`, then `  /src/a.py:5:10 - error: msg (rule)`):
/// the place (`5:10`, or `5`) and the rest (`error: msg (rule)`), when the row's path is
/// `heading`. The place is followed by ` - `, `: ` or a space.
fn repeating_row<'a>(line: &'a str, heading: &str) -> Option<(&'a str, &'a str)> {
    let t = line.strip_prefix(' ')?.trim_start();
    let rest = t.strip_prefix(heading)?.strip_prefix(':')?;
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let mut end = digits(rest);
    if end == 0 {
        return None;
    }
    if rest[end..].starts_with(':') && digits(&rest[end + 1..]) > 0 {
        end += 1 + digits(&rest[end + 1..]);
    }
    let body = rest[end..]
        .strip_prefix(" - ")
        .or_else(|| rest[end..].strip_prefix(": "))
        .or_else(|| rest[end..].strip_prefix(' '))?;
    (!is_blank(body)).then_some((&rest[..end], body))
}

/// The indent of a line: its leading blanks, in characters (pyright indents a message's further
/// lines with two spaces and two no-break spaces, `  \u{a0}\u{a0}Type of "x" is …`).
fn indent(line: &str) -> usize {
    line.chars()
        .take_while(|&c| c == ' ' || c == '\u{a0}')
        .count()
}

/// Whether an output reads as a checker's list whose rows repeat their file's heading (see
/// [`repeating_rows`]): among its first lines (up to 40), after a short preamble, a heading
/// that names a file, then at least [`LINT_LIST_MIN_ROWS`] rows (counted over every heading)
/// that repeat it.
pub(super) fn looks_like_repeating_rows(text: &str) -> bool {
    let mut heading: Option<&str> = None;
    let mut rows = 0;
    for (i, line) in text.split_lines().take(40).enumerate() {
        if let Some(h) = heading {
            if repeating_row(line, h).is_some() {
                rows += 1;
                continue;
            }
        }
        if let Some(h) = heading_path(line) {
            heading = Some(h);
        } else if heading.is_none() && i >= LINT_LIST_PREAMBLE_LINES {
            return false;
        }
    }
    rows >= LINT_LIST_MIN_ROWS
}

/// A type checker's findings under a heading per file, each row saying the file again
/// (pyright and basedpyright: `/src/a.py`, then `  /src/a.py:5:10 - error: Import "x" could not
/// be resolved (reportMissingImports)`, a message's further lines indented under it, the
/// summary `2 errors, 3 warnings, 0 notes` last), and any checker printing that shape: each
/// file's path said once in its heading (`/src/a.py:`), each row as its place, severity,
/// message and rule (`  5:10 error: Import "x" …`), its further lines as written. The same
/// message at several places of a file shares a line, one said in several files once with its
/// places by file. Kept as written: the lines before the first heading and after the last row.
/// Any other line among the rows and the output is not rewritten.
pub(super) fn repeating_rows(ctx: &Context) -> Option<String> {
    let mut grouped = Grouped::default();
    let mut before = Vec::new();
    let mut after: Vec<String> = Vec::new();
    let mut heading: Option<&str> = None;
    // The indent of the last row, while its message's further lines may follow.
    let mut open: Option<usize> = None;
    let mut rows = 0;
    for line in ctx.text.split_lines() {
        if let Some((at, body)) = heading.and_then(|h| repeating_row(line, h)) {
            if after.iter().any(|l| !is_blank(l)) {
                return None;
            }
            after.clear();
            grouped.add_finding(heading?, at, body.trim_end());
            open = Some(indent(line));
            rows += 1;
            continue;
        }
        if let Some(row_indent) = open.filter(|&n| indent(line) > n && !is_blank(line)) {
            // Deeper than the row by as much as the original was: a nested elaboration stays
            // nested under the row's new two-space indent.
            let depth = indent(line) - row_indent;
            grouped.continue_last_indented(line.trim(), 2 + depth);
            continue;
        }
        open = None;
        if let Some(h) = heading_path(line) {
            if after.iter().any(|l| !is_blank(l)) {
                return None;
            }
            after.clear();
            heading = Some(h);
            continue;
        }
        if heading.is_none() {
            before.push(line.to_string());
        } else {
            after.push(line.to_string());
        }
    }
    if rows < LINT_LIST_MIN_ROWS {
        return None;
    }
    let mut out = before;
    out.push(grouped.render_repeated(after));
    Some(join_lines(out))
}

/// A linter's one-line findings (see [`lint_row`]) grouped under their file, the same message at
/// several places of a file on one line (`33:3, 33:7 error MD060/table-column-style …`) and a
/// message said in several files once, with its places by file. Lines before the first row and
/// after the last (a summary) stay as written; any other line among the rows (a snippet, a
/// message's second line) and the output is not rewritten.
pub(super) fn lint_list(ctx: &Context) -> Option<String> {
    lint_list_text(ctx.text)
}

/// pylint's one-line formats as a [`lint_list`]; what follows the rows (`--reports=y`'s tables,
/// drawn with `+---+` rules) read by its shapes as for a program no filter names.
pub(super) fn pylint(ctx: &Context) -> Option<String> {
    let text = lint_list_text(ctx.text)?;
    Some(super::shape::counted_text(&text).unwrap_or(text))
}

fn lint_list_text(text: &str) -> Option<String> {
    let mut grouped = Grouped::default();
    let mut before = Vec::new();
    let mut after: Vec<String> = Vec::new();
    let mut rows = 0;
    let lines: Vec<&str> = text.split_lines().collect();
    // Each line read as a row once: the loop asks it of a line and of its neighbours.
    let read: Vec<Option<(&str, &str, &str)>> = lines.iter().map(|l| lint_row(l)).collect();
    for (i, &line) in lines.iter().enumerate() {
        if is_module_heading(line) {
            continue;
        }
        // A row's source excerpt (the line, then `^^^` under the finding, or a blank line
        // where the finding's range is empty and the next row right after): the file has it.
        let quoted_before_blank = || {
            i > 0
                && read[i - 1].is_some()
                && !is_blank(line)
                && lines.get(i + 1).is_some_and(|n| is_blank(n))
                && read.get(i + 2).is_none_or(Option::is_some)
        };
        if rows > 0
            && read[i].is_none()
            && (is_caret_only(line)
                || lines.get(i + 1).is_some_and(|n| is_caret_only(n))
                || quoted_before_blank())
        {
            continue;
        }
        match read[i] {
            Some((path, at, message)) => {
                if after.iter().any(|l| !is_blank(l)) {
                    return None;
                }
                after.clear();
                grouped.add_finding(path, at, message.trim_end());
                rows += 1;
            }
            None if rows == 0 => before.push(line.to_string()),
            None => after.push(line.to_string()),
        }
    }
    said_once_per_rule(&mut grouped);
    (rows > 0)
        .then(|| grouped.render_repeated(after))
        .map(|text| {
            let mut out = before;
            out.push(text);
            join_lines(out)
        })
}

/// A caret line under a source snippet, `   ^---^ SC2046 (warning): Quote this…`: the message
/// after the marks (`^`, `-`, `~`), or `None` for another line.
fn caret_message(line: &str) -> Option<&str> {
    let marks = line.trim_start();
    if !marks.starts_with('^') {
        return None;
    }
    let end = marks
        .find(|c: char| !matches!(c, '^' | '-' | '~'))
        .unwrap_or(marks.len());
    let message = marks[end..].strip_prefix(' ')?.trim();
    (!message.is_empty()).then_some(message)
}

/// A diagnostic block's heading in shellcheck's default format, `In deploy.sh line 12:`: the
/// path and the line.
fn in_line_heading(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("In ")?.strip_suffix(':')?;
    let (path, row) = rest.rsplit_once(" line ")?;
    (!path.is_empty() && !row.is_empty() && row.bytes().all(|b| b.is_ascii_digit()))
        .then_some((path, row))
}

/// Whether an output reads as shellcheck's default (tty) format whatever printed it (a wrapper,
/// a script, a hook runner): its first line that is not blank is a block's heading (`In
/// deploy.sh line 4:`) and a caret line under it names a finding (`^-- SC2086 (info): …`).
/// [`shellcheck_tty`] then reads it, and leaves it whole at any line of another shape.
pub(super) fn looks_like_caret_report(head: &str) -> bool {
    let mut lines = head.split_lines().filter(|l| !is_blank(l));
    lines.next().is_some_and(|l| in_line_heading(l).is_some())
        && lines.take(3).any(|l| caret_message(l).is_some())
}

/// shellcheck's default (tty) format: each block is `In PATH line N:`, the source line, a caret
/// line per finding (`^-- SC2086 (info): Double quote…`), and sometimes `Did you mean:` with
/// the line rewritten; a `For more information:` list of wiki links ends the report. Kept: each
/// finding's path, line, code, level and message, grouped under its file, the same message at
/// several lines of a file on one line and a message said in several files once with its
/// places. Dropped: the source lines (the file has them) and the wiki links (one per code
/// already named); the suggested rewrites are counted (`shellcheck -f diff` prints them as a
/// patch). Any other line in the report and it is not rewritten.
pub(super) fn shellcheck_tty(ctx: &Context) -> Option<String> {
    let mut grouped = Grouped::default();
    let mut block: Option<(&str, &str)> = None;
    let (mut findings, mut suggestions) = (0usize, 0usize);
    // Where the lines after a heading belong until the next blank line.
    #[derive(PartialEq)]
    enum In {
        Nothing,
        Snippet,
        Suggestion,
        Links,
    }
    let mut state = In::Nothing;
    for line in ctx.text.split_lines() {
        if is_blank(line) {
            if state != In::Links {
                state = In::Nothing;
            }
            continue;
        }
        if let Some(heading) = in_line_heading(line) {
            block = Some(heading);
            state = In::Snippet;
            continue;
        }
        match state {
            In::Snippet => {
                if let (Some(message), Some((path, row))) = (caret_message(line), block) {
                    grouped.add_finding(path, row, message);
                    findings += 1;
                }
            }
            In::Suggestion => {}
            In::Links if line.starts_with("  http") => {}
            _ if line.trim_end() == "Did you mean:" => {
                suggestions += 1;
                state = In::Suggestion;
            }
            _ if line.trim_end() == "For more information:" => state = In::Links,
            _ => return None,
        }
    }
    if findings == 0 {
        return None;
    }
    let rest = (suggestions > 0)
        .then(|| {
            format!("({suggestions} suggested rewrites not shown: shellcheck -f diff prints them)")
        })
        .into_iter()
        .collect();
    Some(grouped.render_repeated(rest))
}

/// A rule's findings in one file that differ only in their bracketed details (markdownlint's
/// `error MD013/line-length Line length [Expected: 80; Actual: 246]`, `… [Actual: 175]`; a
/// bracket of one word names a rule and is not a detail): the
/// rule's text said once at the first one's position (`error MD013/line-length Line length:`),
/// each place under it with its details (`    26:81 [Expected: 80; Actual: 175]`).
fn said_once_per_rule(grouped: &mut Grouped) {
    for (_, lines) in &mut grouped.files {
        // Each line's places and (head, details); a line with a continuation is left alone.
        let split: Vec<Option<(String, &str, &str)>> = lines
            .iter()
            .map(|l| {
                if l.contains('\n') {
                    return None;
                }
                let (places, message) = places_and_text(l)?;
                let head = detailed_head(message)?;
                Some((places, head, &message[head.len() + 1..]))
            })
            .collect();
        let mut count: std::collections::HashMap<&str, usize, FastHash> = Default::default();
        for (_, head, _) in split.iter().flatten() {
            *count.entry(head).or_default() += 1;
        }
        if count.values().all(|&n| n < 2) {
            continue;
        }
        let mut out: Vec<String> = Vec::with_capacity(lines.len());
        let mut at: std::collections::HashMap<&str, usize, FastHash> = Default::default();
        for (line, parts) in lines.iter().zip(&split) {
            match parts {
                Some((places, head, details)) if count[head] > 1 => {
                    let item = format!("\n    {places} {details}");
                    match at.get(head) {
                        Some(&i) => out[i].push_str(&item),
                        None => {
                            at.insert(head, out.len());
                            out.push(format!("{head}:{item}"));
                        }
                    }
                }
                _ => out.push(line.clone()),
            }
        }
        *lines = out;
    }
}

/// The text of a finding before its last bracketed detail (`… [Expected: 1; Actual: 0; Below]`
/// of `… [Expected: 1; Actual: 0; Below] [Context: "# x"]`; splitting before every trailing
/// group made r15's markdownlint-docs longer: most rules then had a heading line of their own),
/// a group of several words. One word in the brackets is the rule's name (cppcheck's `[uninitvar]`, gcc's
/// `[-Wunused]`): another name is another finding, not a detail.
fn detailed_head(message: &str) -> Option<&str> {
    let groups = |rest: &str| {
        let mut depth = 0usize;
        let mut group_start = 0;
        for (i, c) in rest.char_indices() {
            match c {
                '[' => {
                    if depth == 0 {
                        group_start = i;
                    }
                    depth += 1;
                }
                ']' if depth > 0 => {
                    depth -= 1;
                    if depth == 0 && !rest[group_start..i].contains(char::is_whitespace) {
                        return false;
                    }
                }
                ' ' if depth == 0 => {}
                _ if depth == 0 => return false,
                _ => {}
            }
        }
        depth == 0
    };
    if !message.ends_with(']') {
        return None;
    }
    let (head, _) = message.rsplit_once(" [")?;
    (groups(&message[head.len() + 1..]) && !is_blank(head)).then_some(head)
}

/// A grouped line's places (`3:3, 14:3`) and its text.
fn places_and_text(line: &str) -> Option<(String, &str)> {
    let mut rest = line;
    let mut places = String::new();
    loop {
        let (at, more) = rest.split_once(' ')?;
        if !places.is_empty() {
            places.push(' ');
        }
        places.push_str(at);
        rest = more;
        if !at.ends_with(',') {
            return Some((places, rest));
        }
    }
}

/// The glyphs a graphical report's finding starts with (miette's: oxlint, and the tools that
/// print through it): warning, error, advice.
const GRAPHICAL_SEVERITIES: &[&str] = &["⚠ ", "× ", "☞ ", "✖ "];

/// Lines sniffing reads for a graphical report's first finding: a header, then its place.
const GRAPHICAL_SNIFF_LINES: usize = 40;

/// A graphical report's finding header (`  ⚠ eslint(no-unused-vars): msg`): the header without
/// its indent.
fn graphical_header(line: &str) -> Option<&str> {
    let t = line.trim_start();
    (line.len() - t.len() <= 4 && GRAPHICAL_SEVERITIES.iter().any(|g| t.starts_with(g)))
        .then_some(t)
}

/// A graphical report's place (`╭─[vendor/a.js:582:5]`, a further file's `├─[b.js:3:1]`): the
/// path and the `line:col`.
fn graphical_place(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let inner = t
        .strip_prefix("╭─[")
        .or_else(|| t.strip_prefix("├─["))
        .or_else(|| t.strip_prefix("┌─["))?
        .strip_suffix(']')?;
    let (path, col) = inner.rsplit_once(':')?;
    let (path, line_no) = path.rsplit_once(':')?;
    (!path.is_empty()
        && line_no.bytes().all(|b| b.is_ascii_digit())
        && col.bytes().all(|b| b.is_ascii_digit()))
    .then(|| (path, &inner[path.len() + 1..]))
}

/// Whether an output reads as a graphical report: among its first lines, a finding's header
/// followed by its place.
pub(super) fn looks_like_graphical(text: &str) -> bool {
    let mut header = false;
    for line in text.split_lines().take(GRAPHICAL_SNIFF_LINES) {
        if graphical_header(line).is_some() {
            header = true;
        } else if header && graphical_place(line).is_some() {
            return true;
        }
    }
    false
}

/// A graphical report (miette's, as oxlint prints it): each finding's header (`⚠
/// eslint(no-unused-vars): msg`, `× msg`), its place (`╭─[path:12:5]`), a frame of source
/// lines (`12 │ code`, `· ───` marks, `╰────`) carrying labels (`╰── 'x' is declared here`),
/// then `help:` lines. As findings grouped by file (`path:` / `  12:5 ⚠ rule: msg`), each
/// finding's labels and help on its line (the same message, labels and help at several places
/// of a file share one); the frames dropped: they repeat the file the place points to. A
/// message said at [`SHAPE_GROUP_MIN`] places or more, the names in its quotes aside (see
/// [`quote_shape`]; oxlint's `-W pedantic` says `Variable 'x' is declared but never used` at
/// hundreds), is said once with its first text, then its places by file; its labels (`'x' is
/// declared here`) and its help say again at each place what the message says once. Lines
/// outside any finding (the summary) stay.
pub(super) fn graphical(ctx: &Context) -> Option<String> {
    struct Finding {
        header: String,
        place: Option<(String, String)>,
        notes: Vec<String>,
        /// Whether a second place is among its notes (it stays on its own line, whole).
        places: bool,
    }
    let mut findings: Vec<Finding> = Vec::new();
    let mut rest: Vec<String> = Vec::new();
    let mut open: Option<Finding> = None;
    let mut found = false;
    let close =
        |f: Finding, findings: &mut Vec<Finding>, rest: &mut Vec<String>, found: &mut bool| {
            if f.place.is_some() {
                *found = true;
                findings.push(f);
            } else {
                let mut message = f.header;
                for n in &f.notes {
                    message.push_str(&format!(" ({n})"));
                }
                rest.push(message);
            }
        };
    for line in ctx.text.split_lines() {
        if let Some(h) = graphical_header(line) {
            if let Some(f) = open.take() {
                close(f, &mut findings, &mut rest, &mut found);
            }
            open = Some(Finding {
                header: h.to_string(),
                place: None,
                notes: Vec::new(),
                places: false,
            });
            continue;
        }
        let Some(f) = open.as_mut() else {
            rest.push(line.to_string());
            continue;
        };
        let t = line.trim();
        if let Some((path, at)) = graphical_place(line) {
            if f.place.is_none() {
                f.place = Some((path.to_string(), at.to_string()));
            } else {
                f.notes.push(format!("{path}:{at}"));
                f.places = true;
            }
            continue;
        }
        if let Some(help) = t.strip_prefix("help:") {
            f.notes.push(format!("help: {}", help.trim()));
            continue;
        }
        // The frame: `12 │ code`, `· ──┬─` marks with labels, `│`, `:` (lines left out), `╰────`.
        let numbered = t
            .split_once('│')
            .is_some_and(|(n, _)| n.trim().bytes().all(|b| b.is_ascii_digit()));
        if numbered || t.starts_with('·') || t.starts_with('╰') || t == ":" || t == "│" {
            if let Some((_, label)) = t.split_once("╰── ").or_else(|| t.split_once("├── "))
            {
                f.notes.push(label.trim().to_string());
            }
            continue;
        }
        if t.is_empty() {
            continue;
        }
        // Anything else ends the finding (a summary, a line of the tool's own).
        if let Some(f) = open.take() {
            close(f, &mut findings, &mut rest, &mut found);
        }
        rest.push(line.to_string());
    }
    if let Some(f) = open.take() {
        close(f, &mut findings, &mut rest, &mut found);
    }
    if !found {
        return None;
    }
    // A message said at many places with other names in its quotes (`Variable 'x5' is declared
    // but never used`): its shape said once, with its first text, then its places; the help
    // (`Consider removing this declaration.`) and the labels say again at each place what the
    // rule's name says once.
    let shapes: Vec<String> = findings.iter().map(|f| quote_shape(&f.header)).collect();
    let mut count: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    for s in &shapes {
        *count.entry(s).or_default() += 1;
    }
    let mut grouped = Grouped::default();
    // Each shape: its first finding's text, whether other texts differ, how many findings it
    // says (a finding with a second place is said on its own) and their places by file.
    struct ShapeGroup<'a> {
        first: &'a str,
        n: usize,
        differs: bool,
        files: Vec<(&'a str, Vec<&'a str>)>,
    }
    let mut by_shape: Vec<ShapeGroup> = Vec::new();
    let mut shape_index: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    for (f, shape) in findings.iter().zip(&shapes) {
        let Some((path, at)) = &f.place else { continue };
        if count[shape.as_str()] < SHAPE_GROUP_MIN || f.places {
            let mut message = f.header.clone();
            for n in &f.notes {
                message.push_str(&format!(" ({n})"));
            }
            grouped.add_finding(path, at, &message);
            continue;
        }
        let g = *shape_index.entry(shape).or_insert_with(|| {
            by_shape.push(ShapeGroup {
                first: &f.header,
                n: 0,
                differs: false,
                files: Vec::new(),
            });
            by_shape.len() - 1
        });
        let group = &mut by_shape[g];
        group.n += 1;
        group.differs |= group.first != f.header;
        match group.files.iter_mut().find(|(p, _)| *p == path) {
            Some((_, places)) => places.push(at),
            None => group.files.push((path, vec![at])),
        }
    }
    let mut out: Vec<String> = Vec::new();
    for g in by_shape {
        let vary = if g.differs { ", quoted names vary" } else { "" };
        out.push(format!("{} ({} places{vary}):", g.first, g.n));
        for (path, places) in g.files {
            super::build::push_place_rows(&mut out, path, places);
        }
    }
    out.push(grouped.render(rest));
    Some(join_lines(out))
}

/// Fewest findings of one shape (see [`quote_shape`]) for a graphical report to say the shape
/// once with its places: a second place already costs less than its message and help again.
const SHAPE_GROUP_MIN: usize = 2;

/// A diagnostic's heading in biome's format: `path[:line:col] category [FIXABLE] ━━━━`, as the
/// place (`src/a.ts:3:7`, or a path alone) and the category with its tags.
fn biome_heading(line: &str) -> Option<(&str, &str)> {
    if line.starts_with(' ') || !line.ends_with('━') {
        return None;
    }
    let (place, rest) = line.split_once(' ')?;
    let category = rest.trim_end_matches(['━', ' ']).trim();
    (!place.is_empty() && !category.is_empty() && !category.contains('━'))
        .then_some((place, category))
}

/// Whether an output starts as biome's report: its first line that says something is a
/// diagnostic's heading.
pub(super) fn looks_like_biome(text: &str) -> bool {
    text.split_lines()
        .find(|l| !is_blank(l))
        .is_some_and(|l| biome_heading(l).is_some())
}

/// A diagnostic's message line in biome's format: `  × text`, `  ! text`, `  i text` (error,
/// warning, information), as written after the indent.
fn biome_message(line: &str) -> Option<&str> {
    let t = line.trim();
    let (mark, text) = t.split_once(' ')?;
    (matches!(mark, "×" | "!" | "i" | "✖" | "⚠" | "ℹ") && !is_blank(text)).then_some(t)
}

/// A changed line of a diff biome draws (`  12    │ - old`, `     12 │ + new`): its line number
/// (the old file's for `-`, the new one's for `+`) and whether it is removed.
fn biome_changed(line: &str) -> Option<(&str, bool)> {
    let (gutter, code) = line.split_once('│')?;
    if !gutter.bytes().all(|b| b == b' ' || b.is_ascii_digit()) {
        return None;
    }
    let removed = match code.strip_prefix(' ')?.get(..2)? {
        "- " => true,
        "+ " => false,
        _ => return None,
    };
    Some((gutter.split_whitespace().next()?, removed))
}

/// A formatter's block of biome (no line in its place: `src/a.ts format`) while it is read:
/// where its message went in the rows kept, its place, its first changed line and how many
/// lines it removes and adds.
struct Rewrite<'a> {
    at: usize,
    place: &'a str,
    first: Option<&'a str>,
    removed: usize,
    added: usize,
}

/// A formatter's rewrite said: its row, its category and message (the row's text before its
/// place was said), and its place with what it changes (`src/a.ts (from line 4: -2 +3 lines)`).
type Said = (usize, String, String);

impl Rewrite<'_> {
    /// The rewrite said on its message's row, as the other formatters' checks say theirs.
    fn close(self, rest: &mut [String], said: &mut Vec<Said>) {
        if let (Some(first), Some(row)) = (self.first, rest.get_mut(self.at)) {
            let what = format!(
                " (from line {first}: -{} +{} lines)",
                self.removed, self.added
            );
            let message = row.get(self.place.len() + 1..).unwrap_or("").to_string();
            said.push((self.at, message, format!("{}{what}", self.place)));
            row.push_str(&what);
        }
    }
}

/// A row whose rewrite [`rewrites_said_once`] said under the first of its message.
const SAID_ABOVE: &str = "\0";

/// The formatter's rewrites of one message (`format: × Formatter would have printed the
/// following content:`) at several places: the message once, each place under it.
fn rewrites_said_once(rest: &mut [String], said: &[Said]) {
    let mut done = vec![false; said.len()];
    for i in 0..said.len() {
        if done[i] {
            continue;
        }
        let same: Vec<usize> = (i..said.len())
            .filter(|&j| said[j].1 == said[i].1)
            .collect();
        if same.len() < 2 {
            continue;
        }
        let mut text = said[i].1.clone();
        for &j in &same {
            done[j] = true;
            text.push_str("\n  ");
            text.push_str(&said[j].2);
            if j != i {
                rest[said[j].0] = SAID_ABOVE.to_string();
            }
        }
        rest[said[i].0] = text;
    }
}

/// biome's diagnostics (`lint`, `check`, `ci`, `format`): each block is a heading, a message,
/// a code frame, advice and often a suggested fix drawn as a diff. Kept: each finding as one
/// row, its place, category and message (`src/a.ts:3:7 lint/style/useConst FIXABLE × msg`),
/// grouped as a linter's list is (the same message at several places said once with them); a
/// block with no place (a formatter's `src/a.ts format`) keeps its message, the line its
/// rewrite starts at and how many lines it removes and adds, as every formatter's check is
/// said (`cargo fmt --check`, `ruff format --check`: the formatter applies the rewrite, the raw
/// output keeps it); every line outside the blocks (the summary, the counts) as written.
/// Dropped: the code frames (the file has them), the advice and the drawn diffs.
pub(super) fn biome(ctx: &Context) -> Option<String> {
    let mut rows = String::with_capacity(ctx.text.len() / 4);
    let mut rest: Vec<String> = Vec::new();
    // The block being read: its place and category, whether the place has a line, and
    // whether its message was said.
    let mut block: Option<(&str, &str, bool, bool)> = None;
    let mut rewrite: Option<Rewrite> = None;
    let mut rewritten: Vec<Said> = Vec::new();
    let mut found = 0;
    for line in ctx.text.split_lines() {
        if let Some((place, category)) = biome_heading(line) {
            let located = lint_row(&format!("{place} x")).is_some();
            block = Some((place, category, located, false));
            if let Some(r) = rewrite.take() {
                r.close(&mut rest, &mut rewritten);
            }
            found += 1;
            continue;
        }
        if !line.is_empty() && !line.starts_with(' ') {
            block = None;
            if let Some(r) = rewrite.take() {
                r.close(&mut rest, &mut rewritten);
            }
        }
        let Some((place, category, located, said)) = &mut block else {
            if !is_blank(line) || rest.last().is_some_and(|l| !l.is_empty()) {
                // A heading's rule (`format ━━━━`) is layout.
                let t = line.trim_end();
                let bare = t.trim_end_matches(['━', ' ']);
                rest.push(if bare.is_empty() { t } else { bare }.to_string());
            }
            continue;
        };
        if !*said {
            if let Some(message) = biome_message(line) {
                *said = true;
                if *located {
                    rows.push_str(place);
                    for word in category.split_whitespace() {
                        rows.push(' ');
                        rows.push_str(word);
                    }
                    rows.push_str(&format!(" {message}\n"));
                } else {
                    rewrite = Some(Rewrite {
                        at: rest.len(),
                        place,
                        first: None,
                        removed: 0,
                        added: 0,
                    });
                    rest.push(format!("{place} {category}: {message}"));
                }
            }
        } else if let (false, Some(r), Some((number, removed))) =
            (*located, rewrite.as_mut(), biome_changed(line))
        {
            r.first.get_or_insert(number);
            if removed {
                r.removed += 1;
            } else {
                r.added += 1;
            }
        }
    }
    if let Some(r) = rewrite.take() {
        r.close(&mut rest, &mut rewritten);
    }
    if found == 0 {
        return None;
    }
    rewrites_said_once(&mut rest, &rewritten);
    rest.retain(|l| l != SAID_ABOVE);
    rows.push_str(&rest.join("\n"));
    lint_list_text(&rows).or_else(|| Some(rows.trim_end().to_string()))
}
