//! ls, find, grep and rg: every name, path and match is kept; only the layout changes. `ls -l`
//! keeps name, size, kind (`dir/`, `exe*`, `link -> target`) and drops modes, owners, dates and
//! totals; `ls -R` and `find` list each directory once with its entries on one line; grep's
//! matches are grouped under their file with the content's indentation dropped.

use super::paths::{FastHash, PathList};
use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::join_lines;
use crate::minimize::text::SplitLines;

/// Entries joined on a line up to about this width, so a huge directory stays readable.
const ROW_CHARS: usize = 160;

pub(super) fn ls(ctx: &Context) -> Option<String> {
    let long = ctx.inv.has_flag(&[], Some('l'));
    let recursive = ctx.inv.has_flag(&["--recursive"], Some('R'));
    // Plain `ls` into a pipe writes a name a line; in columns (`-C`, `-x`) or with a block count
    // or inode before each name (`-s`, `-i`) a name could not be told from its neighbours.
    let plain = !long && !recursive;
    if plain
        && (ctx.inv.has_flag(&[], Some('s'))
            || ctx.inv.has_flag(&[], Some('i'))
            || ctx.inv.has_flag(&[], Some('C'))
            || ctx.inv.has_flag(&[], Some('x'))
            || ctx.text.contains("  "))
    {
        return None;
    }
    listed(ctx.text, long, recursive)
}

/// Fewest rows among an output's first lines for it to be read as a long listing.
const LONG_LISTING_MIN_ROWS: usize = 3;

/// Whether an output of a program no filter names reads as `ls -l`'s (a script or a wrapper
/// around it): its first lines (up to 40), blank lines, `total N` and `dir:` headings aside, are
/// long rows (mode, links, owner, group, size, date, name) but for one.
pub(super) fn looks_like_long_listing(text: &str) -> bool {
    let head: Vec<&str> = text
        .split_lines()
        .take(40)
        .filter(|l| !is_blank(l) && !l.starts_with("total ") && !l.ends_with(':'))
        .collect();
    let rows = head.iter().filter(|l| long_row(l).is_some()).count();
    rows >= LONG_LISTING_MIN_ROWS && rows + 1 >= head.len()
}

/// A long listing read by its shape (see [`looks_like_long_listing`]), as `ls -l`'s.
pub(super) fn long_listing(ctx: &Context) -> Option<String> {
    listed(ctx.text, true, false)
}

/// A listing's lines (`long`: `ls -l` rows; `recursive`: `dir:` headings between directories)
/// as each directory's entries.
fn listed(text: &str, long: bool, recursive: bool) -> Option<String> {
    let mut out = Vec::new();
    let mut entries: Vec<(String, String)> = Vec::new();
    for line in text.split_lines() {
        if line.starts_with("total ")
            && line[6..]
                .trim()
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.')
        {
            continue;
        }
        if line.is_empty() {
            flush_ls(&mut entries, !long, &mut out);
            continue;
        }
        if !line.starts_with(' ') && line.ends_with(':') && (recursive || long_row(line).is_none())
        {
            flush_ls(&mut entries, !long, &mut out);
            out.push(line.to_string());
            continue;
        }
        if long {
            if let Some(row) = long_row(line) {
                let name = row.name;
                if name == "." || name == ".." {
                    continue;
                }
                let kind = row.kind;
                let size = row.size;
                let exec = row.mode.contains('x');
                let size = human(size);
                let full = match kind {
                    "d" => format!("{name}/"),
                    "l" => name.to_string(),
                    "-" if exec => format!("{name}* {size}"),
                    "-" => format!("{name} {size}"),
                    other => format!("{name} ({other}) {size}"),
                };
                let short = match kind {
                    "d" => format!("{name}/"),
                    "l" => name.split(" -> ").next().unwrap_or(name).to_string(),
                    _ => name.to_string(),
                };
                entries.push((full, short));
                continue;
            }
        }
        entries.push((line.to_string(), line.to_string()));
    }
    flush_ls(&mut entries, !long, &mut out);
    Some(join_lines(out))
}

/// A row of `ls -l`: its kind (`-`, `d`, `l`, …), mode bits, size (or a device's `major, minor`)
/// and name (with ` -> target` for a link).
struct LongRow<'a> {
    kind: &'a str,
    mode: &'a str,
    size: &'a str,
    name: &'a str,
}

/// Reads a row of `ls -l` by hand (a pattern with captures on every row was most of the
/// filter's cost): `-rw-r--r--[.+@] links owner group size date name`, the date in one of ls's
/// own forms (`Nov 25 22:14`, `25 Nov 2025`, `2025-11-25 22:14`, `--full-time`'s, `11-25
/// 22:14`) and one space before the name. A row whose date is in another form is not read, as
/// its name could not be told from the date.
fn long_row(line: &str) -> Option<LongRow<'_>> {
    fn blank(c: char) -> bool {
        c == ' ' || c == '\t'
    }
    fn digits(s: &str, min: usize, max: usize) -> bool {
        (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    }
    // The next word after at least one blank: (word, the rest after it).
    fn word(s: &str) -> Option<(&str, &str)> {
        let t = s.trim_start_matches(blank);
        if t.len() == s.len() || t.is_empty() {
            return None;
        }
        let end = t.find(char::is_whitespace).unwrap_or(t.len());
        Some((&t[..end], &t[end..]))
    }
    let kind = line.get(..1).filter(|k| "-dlcbps".contains(*k))?;
    let mode = line.get(1..10)?;
    if !mode.bytes().all(|b| b"-rwxsStTl.+@".contains(&b)) {
        return None;
    }
    let mut rest = &line[10..];
    if rest.starts_with(['.', '+', '@']) {
        rest = &rest[1..];
    }
    let (links, rest) = word(rest)?;
    let (_owner, rest) = word(rest)?;
    let (_group, rest) = word(rest)?;
    let (first, mut rest) = word(rest)?;
    let size_start = line.len() - rest.len() - first.len();
    let human = |w: &str| {
        let w = w.strip_suffix('i').unwrap_or(w);
        let number = w.strip_suffix(['K', 'M', 'G', 'T', 'P', 'E']).unwrap_or("");
        let (whole, part) = number.split_once('.').unwrap_or((number, "0"));
        digits(whole, 1, usize::MAX) && digits(part, 1, usize::MAX)
    };
    let device = first
        .strip_suffix(',')
        .is_some_and(|major| digits(major, 1, usize::MAX));
    let size = if device {
        // A device: `8,   1` (the minor after blanks).
        let (minor, after) = word(rest)?;
        if !digits(minor, 1, usize::MAX) {
            return None;
        }
        rest = after;
        &line[size_start..line.len() - after.len()]
    } else if digits(first, 1, usize::MAX)
        || human(first)
        || first
            .split_once(',')
            .is_some_and(|(a, b)| digits(a, 1, usize::MAX) && digits(b, 1, usize::MAX))
    {
        first
    } else {
        return None;
    };
    if !digits(links, 1, usize::MAX) {
        return None;
    }
    let clock = |w: &str| {
        w.split_once(':')
            .is_some_and(|(h, m)| digits(h, 1, 2) && digits(m, 2, 2))
    };
    let (d1, rest) = word(rest)?;
    let d1_first = d1.chars().next()?;
    let rest = if !d1_first.is_ascii_digit() {
        // `Nov 25 22:14`, `Nov 25  2025`
        let (day, rest) = word(rest)?;
        let (time, rest) = word(rest)?;
        (digits(day, 1, 2) && (clock(time) || digits(time, 4, 4))).then_some(rest)?
    } else if digits(d1, 1, 2) {
        // `25 Nov 22:14`, `25 Nov  2025`
        let (month, rest) = word(rest)?;
        let (time, rest) = word(rest)?;
        (!month.starts_with(|c: char| c.is_ascii_digit()) && (clock(time) || digits(time, 4, 4)))
            .then_some(rest)?
    } else if let Some((y, md)) = d1.split_once('-').filter(|(y, _)| y.len() == 4) {
        // `2025-11-25[ 22:14[:05[.123]][ +0000]]`
        let (m, d) = md.split_once('-')?;
        if !(digits(y, 4, 4) && digits(m, 2, 2) && digits(d, 2, 2)) {
            return None;
        }
        let mut rest = rest;
        if let Some((time, after)) = word(rest) {
            let mut parts = time.splitn(3, ':');
            let (h, mi, sec) = (parts.next(), parts.next(), parts.next());
            let second = |s: &str| {
                let (whole, frac) = s.split_once('.').unwrap_or((s, "0"));
                digits(whole, 2, 2) && digits(frac, 1, usize::MAX)
            };
            if h.is_some_and(|h| digits(h, 2, 2))
                && mi.is_some_and(|m| digits(m, 2, 2))
                && sec.is_none_or(second)
            {
                rest = after;
                if let Some((zone, after)) = word(rest) {
                    let sign = zone.starts_with(['+', '-']);
                    if sign && digits(&zone[1..], 4, 4) {
                        rest = after;
                    }
                }
            }
        }
        rest
    } else {
        // `11-25 22:14`
        let (m, d) = d1.split_once('-')?;
        let (time, rest) = word(rest)?;
        let hm = time.split_once(':');
        (digits(m, 2, 2)
            && digits(d, 2, 2)
            && hm.is_some_and(|(h, mi)| digits(h, 2, 2) && digits(mi, 2, 2)))
        .then_some(rest)?
    };
    let name = rest.strip_prefix(' ')?;
    Some(LongRow {
        kind,
        mode,
        size,
        name,
    })
}

/// Entries above this in one directory are shown by name only (directories end in `/`): sizes,
/// link targets and executable marks would cost more than the names (a long listing is read for
/// its names; the raw output keeps the rest).
const NAMES_ONLY_ABOVE: usize = 50;

/// Rows of names stay under the tool layer's 768-byte column cap; each row break costs a token.
const NAMES_ROW_CHARS: usize = 700;

/// A directory's entries: names only on rows one space apart (a name holding a space quoted)
/// without `-l` or above [`NAMES_ONLY_ABOVE`]; else each with its size and kind.
fn flush_ls(entries: &mut Vec<(String, String)>, names_only: bool, out: &mut Vec<String>) {
    if names_only || entries.len() > NAMES_ONLY_ABOVE {
        let mut names: Vec<String> = entries
            .drain(..)
            .map(|(_, short)| {
                if short.contains(' ') {
                    format!("'{short}'")
                } else {
                    short
                }
            })
            .collect();
        let mut row = String::new();
        for n in names.drain(..) {
            if !row.is_empty() && row.len() + n.len() + 1 > NAMES_ROW_CHARS {
                out.push(std::mem::take(&mut row));
            }
            if !row.is_empty() {
                row.push(' ');
            }
            row.push_str(&n);
        }
        if !row.is_empty() {
            out.push(row);
        }
        if !names_only {
            out.push("[names only; details in the raw output]".to_string());
        }
    } else {
        let mut full: Vec<String> = entries.drain(..).map(|(f, _)| f).collect();
        flush(&mut full, out);
    }
}

/// A byte count as ls -h would show it (`4.0K`, `1.2M`); a size already human or a device's
/// `major, minor` as given.
fn human(size: &str) -> String {
    let Ok(n) = size.parse::<u64>() else {
        return size.to_string();
    };
    match n {
        0..=1023 => n.to_string(),
        1024..=1_048_575 => format!("{:.1}K", n as f64 / 1024.0),
        1_048_576..=1_073_741_823 => format!("{:.1}M", n as f64 / 1_048_576.0),
        _ => format!("{:.1}G", n as f64 / 1_073_741_824.0),
    }
}

/// Entries on rows of about [`ROW_CHARS`], two spaces apart.
fn flush(entries: &mut Vec<String>, out: &mut Vec<String>) {
    let mut row = String::new();
    for e in entries.drain(..) {
        if !row.is_empty() && row.len() + e.len() + 2 > ROW_CHARS {
            out.push(format!("  {}", std::mem::take(&mut row)));
        }
        if !row.is_empty() {
            row.push_str("  ");
        }
        row.push_str(&e);
    }
    if !row.is_empty() {
        out.push(format!("  {row}"));
    }
}

/// Paths grouped by directory: `dir/` then its entries; an entry that is itself a listed
/// directory ends in `/`.
pub(super) fn find(ctx: &Context) -> Option<String> {
    if ctx.inv.args.iter().any(|a| {
        matches!(
            a.as_str(),
            "-printf"
                | "-fprintf"
                | "-ls"
                | "-fls"
                | "-print0"
                | "-exec"
                | "-execdir"
                | "-ok"
                | "-delete"
        )
    }) {
        return None;
    }
    let paths: Vec<&str> = ctx.text.split_lines().collect();
    let dirs: std::collections::HashSet<&str, FastHash> = paths
        .iter()
        .filter_map(|p| p.rsplit_once('/').map(|(d, _)| d))
        .collect();
    let mut list = PathList::default();
    let mut other = Vec::new();
    for p in &paths {
        let Some((dir, name)) = p.rsplit_once('/') else {
            // The starting point (`.`) or a message such as `find: 'x': Permission denied`.
            if !dirs.contains(p) {
                other.push(p.to_string());
            }
            continue;
        };
        if name.is_empty() || p.starts_with("find: ") {
            other.push(p.to_string());
            continue;
        }
        // A directory with entries of its own is said by its group's header.
        if dirs.contains(p) {
            continue;
        }
        // The directory with its `/` (`/` alone for an entry of the root).
        let dir = &p[..=dir.len()];
        list.add(dir, name.to_string());
    }
    let mut out = Vec::new();
    list.render(&mut out);
    out.extend(other);
    Some(join_lines(out))
}

/// `rsync -v`'s and `tar -cv`/`-xv`'s list of the files they copy or pack, a path a line (a
/// directory's ending in `/`), as `find`'s is said: each directory once with its entries on
/// rows, a directory holding only directories said by theirs. A line with a space (`sending
/// incremental file list`, `created directory d`, `sent 6,577 bytes  received 811 bytes`, `a ->
/// b`, `tar: Removing leading '/'`) stays as written: before the list when printed before its
/// first path, after it otherwise. `None` for a tar listing (`-t`: `ls -l`'s rows with `-v`)
/// or a run that prints no paths.
pub(super) fn file_list(ctx: &Context) -> Option<String> {
    let inv = ctx.inv;
    if inv.program == "tar" {
        // tar's modes are letters of the first word, with or without its `-` (`cvf`, `-xzvf`).
        let bundled = |c: char| {
            inv.args.iter().enumerate().any(|(i, a)| {
                !a.starts_with("--")
                    && (a.starts_with('-') || i == 0)
                    && a.trim_start_matches('-').contains(c)
            })
        };
        let verbose = bundled('v') || inv.args.iter().any(|a| a == "--verbose");
        // `-t` lists (`ls -l`'s rows with `-v`); `-O` extracts to the output: the files' text.
        let listing = bundled('t')
            || bundled('O')
            || inv.args.iter().any(|a| a == "--list" || a == "--to-stdout");
        if !verbose || listing {
            return None;
        }
    }
    let is_path = |l: &str| !l.is_empty() && l != "./" && !l.contains(char::is_whitespace);
    let dirs: std::collections::HashSet<&str, FastHash> = ctx
        .text
        .split_lines()
        .filter(|l| is_path(l))
        .map(|l| super::paths::split_dir(l).0)
        .collect();
    let mut before = Vec::new();
    let mut after = Vec::new();
    let mut list = PathList::default();
    for line in ctx.text.split_lines() {
        if !is_path(line) {
            if list.len() == 0 {
                before.push(line.to_string());
            } else {
                after.push(line.to_string());
            }
            continue;
        }
        // A directory with entries of its own is said by its group's header.
        if line.ends_with('/') && dirs.contains(line) {
            continue;
        }
        list.add_path(line);
    }
    if list.len() == 0 {
        return None;
    }
    let mut out = before;
    list.render(&mut out);
    out.extend(after);
    Some(join_lines(out))
}

/// Whether grep or rg prints context lines (`-A`, `-B`, `-C` and their long forms).
fn has_context(ctx: &Context) -> bool {
    ctx.inv.has_flag(&[], Some('A'))
        || ctx.inv.has_flag(&[], Some('B'))
        || ctx.inv.has_flag(&[], Some('C'))
        || ctx.inv.args.iter().any(|a| {
            ["--context", "--after-context", "--before-context"]
                .iter()
                .any(|l| a.starts_with(l))
        })
}

/// A context line `path-12-text` split after the known path it starts with (the longest): one
/// set lookup per `-` on the line.
fn context_line<'a>(
    line: &'a str,
    known: &std::collections::HashSet<&str, FastHash>,
) -> Option<(&'a str, &'a str, &'a str)> {
    let bytes = line.as_bytes();
    let mut best = None;
    for (i, _) in line.match_indices('-') {
        if i == 0 || !known.contains(&line[..i]) {
            continue;
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let after = i + 1 + digits;
        if digits > 0 && bytes.get(after) == Some(&b'-') {
            best = Some((&line[..i], &line[i + 1..after], &line[after + 1..]));
        }
    }
    best
}

/// `path:12:text`: the path ends at the first `:` (as grep's own output cannot tell a `:` in a
/// path from the separator), then a number and `:`. A second number and `:` right after it
/// (`path:12:5:text`: `grep --column`, `rg --vimgrep`/`--column`) is the column, kept with the
/// line as one location (`12:5`); were it the text's own start, writing the two together still
/// gives back what was printed.
fn match_line(line: &str) -> Option<(&str, &str, &str)> {
    if line.starts_with(|c: char| c.is_whitespace() || c == ':') {
        return None;
    }
    let colon = line.find(':')?;
    let rest = &line[colon + 1..];
    let number = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let digits = number(rest);
    let text = rest[digits..].strip_prefix(':').filter(|_| digits > 0)?;
    let column = number(text);
    let (digits, text) = match text[column..].strip_prefix(':') {
        Some(after) if column > 0 => (digits + 1 + column, after),
        _ => (digits, text),
    };
    Some((&line[..colon], &rest[..digits], text))
}

/// A line of grep's output, parsed once for both groupings.
enum GrepLine<'a> {
    /// `path:12:text` (`sep` `:`) or `path-12-text` (`-`), or `path:text` without a number.
    Found {
        path: &'a str,
        number: Option<&'a str>,
        sep: char,
        text: &'a str,
    },
    /// `--` between groups of context.
    Break,
    Other(&'a str),
}

/// How grep's lines are grouped.
#[derive(Clone, Copy, PartialEq)]
enum GroupBy {
    /// `path:` then `  line: text`: best when files have many matches.
    File,
    /// `dir/` then `  file:line: text`: best when matches spread over many files.
    Dir,
}

/// `path:line:text` (or `path:text`, `path-line-text` context) grouped under their file or their
/// directory, whichever is shorter, the text's leading whitespace dropped.
pub(super) fn grep(ctx: &Context) -> Option<String> {
    let with_names = ctx.inv.program == "rg" && !ctx.inv.has_flag(&["--no-filename"], Some('I'))
        || ctx
            .inv
            .has_flag(&["--recursive", "--with-filename"], Some('r'))
        || ctx.inv.has_flag(&["--dereference-recursive"], Some('R'))
        || ctx.inv.has_flag(&[], Some('H'));
    if with_names
        && !ctx
            .inv
            .has_flag(&["--no-filename", "--heading", "--json"], Some('h'))
    {
        if ctx.inv.has_flag(
            &["--files-with-matches", "--files-without-match", "--files"],
            None,
        ) || ctx.inv.has_flag(&[], Some('l'))
            || ctx.inv.has_flag(&[], Some('L'))
        {
            return path_lines(ctx, false);
        }
        if ctx.inv.has_flag(&["--count", "--count-matches"], Some('c')) {
            return path_lines(ctx, true);
        }
    }
    if !with_names
        || ctx.inv.has_flag(&["--no-filename", "--heading", "--pretty"], Some('h'))
        || ctx.inv.program == "rg" && ctx.inv.has_flag(&[], Some('p'))
        // Context lines without numbers (`path-text`) cannot be told from `path:text` safely.
        || has_context(ctx) && !ctx.inv.has_flag(&["--line-number"], Some('n'))
        || ctx.inv.has_flag(
            &[
                "--files-with-matches",
                "--count",
                "--files",
                "--json",
                "--null",
            ],
            None,
        )
        || ctx.inv.has_flag(&[], Some('l'))
        || ctx.inv.has_flag(&[], Some('c'))
        || ctx.inv.has_flag(&[], Some('Z'))
    {
        return None;
    }
    matches_grouped(ctx.text)
}

/// Fewest match lines among an output's first lines for it to be read as a search's matches.
const MATCH_LIST_MIN_ROWS: usize = 3;

/// Whether an output of a program no filter names reads as a search's matches (`path:12:text`,
/// as grep -rn, rg -n or a script around them prints): its first lines (up to 40), blank lines
/// and `--` aside, are match lines but for one at the end, and at least one of them is a file's
/// own line rather than a finding's message: its text glued to the place (`a.py:12:def f`) or
/// indented (`a.py:12:    return x`). A linter's rows (`a.py:12:5: E501 line too long`) read
/// as messages, and go to the lint-list shape, which says a repeated message once; a file's
/// line said once for many places would no longer read as a match of each. A search with
/// context (`-C2`) has its context lines too, each a match's path then `-12-` (`a.py-12-text`);
/// they count as the match lines' own.
pub(super) fn looks_like_match_list(text: &str) -> bool {
    let head: Vec<&str> = text
        .split_lines()
        .take(40)
        .filter(|l| !is_blank(l) && *l != "--")
        .collect();
    // A path: no blank in it, a `/` or a `.`, a letter (a log's `2025-06-11T08:32:29Z`, a
    // journal's `Nov 29 00:30:01` are not).
    let row = |line: &str| {
        match_line(line).is_some_and(|(path, _, _)| {
            !path.contains(char::is_whitespace)
                && path.contains(['/', '.'])
                && path.bytes().any(|b| b.is_ascii_alphabetic())
        })
    };
    let mut rows = 0;
    let mut content = false;
    let mut paths: std::collections::HashSet<&str, FastHash> = Default::default();
    for line in head.iter().filter(|l| row(l)) {
        rows += 1;
        paths.extend(match_line(line).map(|(path, _, _)| path));
        content |= super::lint::lint_row(line)
            .is_none_or(|(_, _, message)| message.starts_with([' ', '\t']));
    }
    if rows < MATCH_LIST_MIN_ROWS || !content {
        return false;
    }
    let context = if rows + 1 < head.len() {
        head.iter()
            .filter(|l| !row(l) && context_line(l, &paths).is_some())
            .count()
    } else {
        0
    };
    rows + context + 1 >= head.len()
}

/// A search's matches read by their shape (see [`looks_like_match_list`]), grouped as grep's.
pub(super) fn match_list(ctx: &Context) -> Option<String> {
    matches_grouped(ctx.text)
}

/// `path:12:text` lines (and `path-12-text` context lines, `--` breaks) grouped under their
/// file or their directory, whichever is shorter.
fn matches_grouped(text: &str) -> Option<String> {
    // The paths of match lines (`path:12:text`). A context line (`path-12-text`) is split after
    // one of them only: `a-1-b.rs-12-x` could be `a` line 1 as well as `a-1-b.rs` line 12.
    let known: std::collections::HashSet<&str, FastHash> = text
        .split_lines()
        .filter_map(|l| match_line(l).map(|(p, _, _)| p))
        .collect();
    let parsed: Vec<GrepLine> = text
        .split_lines()
        .map(|line| {
            if let Some((path, n, text)) = match_line(line) {
                return GrepLine::Found {
                    path,
                    number: Some(n),
                    sep: ':',
                    text,
                };
            }
            if line == "--" {
                return GrepLine::Break;
            }
            if let Some((path, n, text)) = context_line(line, &known) {
                return GrepLine::Found {
                    path,
                    number: Some(n),
                    sep: '-',
                    text,
                };
            }
            match line.split_once(':') {
                Some((path, text))
                    if !path.is_empty()
                        && !path.starts_with(char::is_whitespace)
                        && path.contains(['.', '/']) =>
                {
                    GrepLine::Found {
                        path,
                        number: None,
                        sep: ':',
                        text,
                    }
                }
                _ => GrepLine::Other(line),
            }
        })
        .collect();
    let by_file = grep_grouped(&parsed, GroupBy::File)?;
    let by_dir = grep_grouped(&parsed, GroupBy::Dir)?;
    Some(if by_dir.len() < by_file.len() {
        by_dir
    } else {
        by_file
    })
}

/// `grep -l` / `rg --files` (a path a line) or `grep -c` (`path:count`): a path list grouped by
/// directory, each count after its name (`share.ts:3`). A line of another shape (a message)
/// stays as written, after the list.
fn path_lines(ctx: &Context, counts: bool) -> Option<String> {
    let mut list = PathList::default();
    let mut other = Vec::new();
    for line in ctx.text.split_lines().filter(|l| !l.is_empty()) {
        let path = if counts {
            match line.rsplit_once(':') {
                Some((p, n))
                    if !p.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    p
                }
                _ => {
                    other.push(line.to_string());
                    continue;
                }
            }
        } else {
            line
        };
        if path.contains("  ") || path.starts_with(' ') {
            other.push(line.to_string());
            continue;
        }
        let (dir, _) = super::paths::split_dir(path);
        list.add(dir, line[dir.len()..].to_string());
    }
    if list.len() == 0 {
        return None;
    }
    let mut out = Vec::new();
    list.render(&mut out);
    out.extend(other);
    Some(join_lines(out))
}

/// The text after its place as it was, its indentation one blank and none when it had none
/// (`12:def f`, `30: return x`), so each line still reads as printed (a blank after every
/// place cost a token a match: 170 of a 17,000-token search).
fn grep_grouped(parsed: &[GrepLine], by: GroupBy) -> Option<String> {
    let mut out = String::new();
    let mut current: Option<&str> = None;
    let mut grouped = 0usize;
    for line in parsed {
        match line {
            GrepLine::Found {
                path,
                number,
                sep,
                text,
            } => {
                let (group, file) = match (by, path.rfind('/')) {
                    (GroupBy::File, _) => (*path, ""),
                    (GroupBy::Dir, Some(i)) => (&path[..=i], &path[i + 1..]),
                    (GroupBy::Dir, None) => ("", *path),
                };
                let gap = if text.starts_with(char::is_whitespace) {
                    " "
                } else {
                    ""
                };
                let text = text.trim();
                grouped += 1;
                if group.is_empty() {
                    current = None;
                } else if current != Some(group) {
                    out.push_str(group);
                    if by == GroupBy::File {
                        out.push(':');
                    }
                    out.push('\n');
                    current = Some(group);
                }
                if !group.is_empty() {
                    out.push_str("  ");
                }
                out.push_str(file);
                // Under a file's own header a line starts with its number (`  12: text`, a
                // context line `  13- text`).
                match (by, number) {
                    (GroupBy::File, Some(n)) => {
                        out.push_str(n);
                        out.push(*sep);
                        out.push_str(gap);
                    }
                    (GroupBy::Dir, Some(n)) => {
                        out.push(*sep);
                        out.push_str(n);
                        out.push(*sep);
                        out.push_str(gap);
                    }
                    (GroupBy::File, None) => {}
                    (GroupBy::Dir, None) => out.push(':'),
                }
                out.push_str(text);
                while out.ends_with(' ') {
                    out.pop();
                }
                out.push('\n');
            }
            GrepLine::Break => out.push_str("  --\n"),
            GrepLine::Other(l) => {
                current = None;
                out.push_str(l);
                out.push('\n');
            }
        }
    }
    (grouped > 0).then_some(out)
}

/// `du`'s `SIZE<TAB>PATH` rows, every path with its size, in whichever of two groupings is
/// shorter: by size, largest first (`24K:` then its paths on rows: `du -sh *`'s flat list, where
/// sizes repeat), or by directory (`dir/` then `  name 24K  other 4.0K`: a tree's rows, where
/// directories repeat).
pub(super) fn du(ctx: &Context) -> Option<String> {
    // One pass: the rows grouped by size, and each grouping's length estimated without building
    // it (the paths, or names with their sizes, plus each group's header once; a directory's
    // rows come together in du's output).
    let mut rows_: Vec<(&str, &str)> = Vec::new();
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut index: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    let (mut size_len, mut dir_len) = (0usize, 0usize);
    let mut last_dir = None;
    for line in ctx.text.split_lines().filter(|l| !l.is_empty()) {
        let (size, path) = line.split_once('\t')?;
        if size.is_empty() || size.contains(' ') {
            return None;
        }
        rows_.push((size, path));
        match index.get(size) {
            Some(&i) => groups[i].1.push(path),
            None => {
                index.insert(size, groups.len());
                groups.push((size, vec![path]));
                size_len += size.len() + 3;
            }
        }
        let (dir, name) = super::paths::split_dir(path);
        size_len += path.len() + 1;
        dir_len += name.len() + size.len() + 2;
        if last_dir != Some(dir) {
            dir_len += dir.len() + 3;
            last_dir = Some(dir);
        }
    }
    if size_len <= dir_len {
        return Some(du_by_size(groups));
    }
    let mut list = PathList::default();
    for (size, path) in &rows_ {
        let (dir, name) = super::paths::split_dir(path);
        list.add(dir, format!("{} {size}", quoted(name)));
    }
    let mut by_dir = Vec::new();
    list.render(&mut by_dir);
    Some(join_lines(by_dir))
}

/// The by-size grouping, largest first, written straight into its text.
fn du_by_size(mut groups: Vec<(&str, Vec<&str>)>) -> String {
    // A size that is not a number (`--time`, odd units) keeps the order.
    if groups.iter().all(|(s, _)| size_value(s).is_some()) {
        groups.sort_by(|a, b| {
            let (x, y) = (size_value(a.0), size_value(b.0));
            y.partial_cmp(&x).unwrap_or(std::cmp::Ordering::Equal)
        });
    }
    let mut out = String::new();
    for (size, paths) in groups {
        out.push_str(size);
        out.push_str(":\n ");
        let mut row = 0;
        for p in paths {
            if row > 0 && row + p.len() > ROW_CHARS {
                out.push_str("\n ");
                row = 0;
            }
            out.push(' ');
            if p.contains(' ') {
                out.push('\'');
                out.push_str(p);
                out.push('\'');
            } else {
                out.push_str(p);
            }
            row += p.len() + 1;
        }
        out.push('\n');
    }
    out
}

/// A name holding a space, quoted so that rows stay readable.
fn quoted(name: &str) -> String {
    if name.contains(' ') {
        format!("'{name}'")
    } else {
        name.to_string()
    }
}

/// `4.0K`, `12M`, `1.5G`, `512` (du's blocks) as a number to sort by.
fn size_value(size: &str) -> Option<f64> {
    let (digits, unit) = match size.find(|c: char| !c.is_ascii_digit() && c != '.' && c != ',') {
        Some(i) => size.split_at(i),
        None => (size, ""),
    };
    let n: f64 = digits.replace(',', ".").parse().ok()?;
    let scale = match unit {
        "" | "B" => 1.0,
        "K" | "k" => 1024.0,
        "M" => 1024.0 * 1024.0,
        "G" => 1024.0 * 1024.0 * 1024.0,
        "T" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        "P" => 1024.0 * 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    Some(n * scale)
}

/// A file tree with each directory's files together on rows before its subdirectories (a
/// directory's files that `tree` prints between its subdirectories would otherwise each start a
/// row of their own), the first row on the directory's own line (`fs/ copy.rs read.rs`); the
/// lines that are not entries (the root, the count) where they were.
fn files_first(items: &[Result<(usize, &str), &str>]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < items.len() {
        match items[i] {
            Err(line) => {
                out.push(line.to_string());
                i += 1;
            }
            Ok((depth, _)) => i = siblings(items, i, depth, None, &mut out),
        }
    }
    out
}

/// Several roots of one `tree` (`tree -L 2 python3*`) whose entries are the same, row for row
/// (the `changelog.Debian.gz changelog.gz copyright` of a hundred packages' doc directories):
/// their names on one line, at the first one's place, and the entries once under it. A root's
/// line is one at column 0 followed by indented rows; the closing count has none.
fn same_entries_once(out: Vec<String>) -> Vec<String> {
    // (root line, its rows) in order; a line with no rows under it is a block of its own.
    let mut blocks: Vec<(String, Vec<String>)> = Vec::new();
    for line in out {
        match blocks.last_mut() {
            Some((_, rows)) if line.starts_with(' ') => rows.push(line),
            _ => blocks.push((line, Vec::new())),
        }
    }
    let mut first: std::collections::HashMap<&[String], usize> = Default::default();
    // For each block, the blocks whose roots join its line.
    let mut joined: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
    let mut gone = vec![false; blocks.len()];
    for (i, (root, rows)) in blocks.iter().enumerate() {
        if rows.is_empty() || is_blank(root) {
            continue;
        }
        match first.get(rows.as_slice()) {
            Some(&at) => {
                joined[at].push(i);
                gone[i] = true;
            }
            None => {
                first.insert(rows.as_slice(), i);
            }
        }
    }
    if !gone.iter().any(|g| *g) {
        return blocks
            .into_iter()
            .flat_map(|(r, rows)| std::iter::once(r).chain(rows))
            .collect();
    }
    let mut kept = Vec::new();
    for (i, (root, rows)) in blocks.iter().enumerate() {
        if gone[i] {
            continue;
        }
        let mut line = root.clone();
        for &j in &joined[i] {
            line.push_str(if blocks[j].0.contains(' ') || root.contains(' ') {
                "  "
            } else {
                " "
            });
            line.push_str(&blocks[j].0);
        }
        kept.push(line);
        kept.extend(rows.iter().cloned());
    }
    kept
}

/// A tree with one root (`tree` of `.`, the root's line then every entry under it, the closing
/// count after) with its entries a level less indented: the two spaces on every line said
/// nothing the root's being alone does not.
fn lone_root_unindented(out: Vec<String>) -> Vec<String> {
    let last_entry = out.iter().rposition(|l| l.starts_with(' '));
    let lone = out
        .first()
        .is_some_and(|l| !l.starts_with(' ') && !is_blank(l))
        && last_entry.is_some_and(|last| {
            out[1..=last]
                .iter()
                .all(|l| l.starts_with("  ") || is_blank(l))
        });
    if !lone {
        return out;
    }
    out.into_iter()
        .map(|mut l| {
            if l.starts_with("  ") {
                l.drain(..2);
            }
            l
        })
        .collect()
}

/// Renders the entries at `depth` from `start` (and what is under them) until one less deep or
/// a line that is not an entry, the first row after `lead` (their directory) when given;
/// returns the index after them.
fn siblings(
    items: &[Result<(usize, &str), &str>],
    start: usize,
    depth: usize,
    lead: Option<String>,
    out: &mut Vec<String>,
) -> usize {
    let indent = "  ".repeat(depth + 1);
    // (entry index, has entries under it)
    let mut entries = Vec::new();
    let mut i = start;
    while let Some(Ok((d, _))) = items.get(i) {
        if *d < depth {
            break;
        }
        if *d == depth {
            let deeper = matches!(items.get(i + 1), Some(Ok((next, _))) if *next > depth);
            entries.push((i, deeper));
        }
        i += 1;
    }
    let leaves: Vec<&str> = entries
        .iter()
        .filter(|(_, deeper)| !deeper)
        .filter_map(|(j, _)| items[*j].ok().map(|(_, n)| n))
        .collect();
    let sep = if leaves.iter().any(|e| e.contains(' ')) {
        "  "
    } else {
        " "
    };
    let mut row = lead.unwrap_or_default();
    let mut bare = row.is_empty();
    for leaf in leaves {
        if row.is_empty() {
            row.push_str(&indent);
            bare = true;
        } else if row.len() + leaf.len() + sep.len() > TREE_ROW_CHARS {
            out.push(std::mem::take(&mut row));
            row.push_str(&indent);
            bare = true;
        }
        if !bare {
            row.push_str(sep);
        }
        row.push_str(&padding_collapsed(leaf));
        bare = false;
    }
    if !row.is_empty() {
        out.push(row);
    }
    // Each directory among them as its lines, its lead (`  name/`) apart: directories whose
    // entries are the same, row for row (`data-view-buffer/`, `data-view-byte-length/` and
    // `data-view-byte-offset/` each holding `test CHANGELOG.md LICENSE README.md index.js …`),
    // are said on one line, at the first one's place, their entries once on the row under it.
    // Each is (its lines as `siblings` made them, the length of its lead): moved out whole
    // when it joins no other.
    let mut dirs: Vec<(Vec<String>, usize)> = Vec::new();
    for (j, deeper) in entries {
        if let (true, Ok((_, name))) = (deeper, items[j]) {
            let name = padding_collapsed(name);
            let mut lead = String::with_capacity(indent.len() + name.len() + 1);
            lead.push_str(&indent);
            lead.push_str(&name);
            lead.push('/');
            let lead_len = lead.len();
            let mut lines = Vec::new();
            siblings(items, j + 1, depth + 1, Some(lead), &mut lines);
            dirs.push((lines, lead_len));
        }
    }
    // A directory's entries: its first line past its lead, and the lines under it.
    fn entries_of((lines, lead_len): &(Vec<String>, usize)) -> (&str, &[String]) {
        let (first, rows) = lines
            .split_first()
            .map_or(("", &[][..]), |(f, r)| (f.as_str(), r));
        (&first[(*lead_len).min(first.len())..], rows)
    }
    // Its name as its lead says it (`name/`).
    fn name_of((lines, lead_len): &(Vec<String>, usize)) -> &str {
        lines.first().map_or("", |l| l[..*lead_len].trim_start())
    }
    let mut said: std::collections::HashMap<(&str, &[String]), usize, super::paths::FastHash> =
        Default::default();
    // For each directory, the ones whose names join its line.
    let mut joined: Vec<Vec<usize>> = vec![Vec::new(); dirs.len()];
    let mut gone = vec![false; dirs.len()];
    for (k, dir) in dirs.iter().enumerate() {
        match said.get(&entries_of(dir)) {
            Some(&at) => {
                joined[at].push(k);
                gone[k] = true;
            }
            None => {
                said.insert(entries_of(dir), k);
            }
        }
    }
    if !gone.iter().any(|g| *g) {
        out.extend(dirs.into_iter().flat_map(|(lines, _)| lines));
        return i;
    }
    for (k, dir) in dirs.iter().enumerate() {
        if gone[k] {
            continue;
        }
        if joined[k].is_empty() {
            out.extend(dir.0.iter().cloned());
            continue;
        }
        let names: Vec<&str> = std::iter::once(name_of(dir))
            .chain(joined[k].iter().map(|&j| name_of(&dirs[j])))
            .collect();
        let sep = if names.iter().any(|n| n.contains(' ')) {
            "  "
        } else {
            " "
        };
        out.push(format!("{indent}{}", names.join(sep)));
        let (first, rows) = entries_of(dir);
        let first = first.trim_start_matches(' ');
        if !first.is_empty() {
            out.push(format!("{indent}  {first}"));
        }
        out.extend(rows.iter().cloned());
    }
    i
}

/// An entry's attributes before its name (`tree -s`, `-h`, `-p`, `-u`, `-D`: `[      48143]
/// Cargo.lock`) with their padding said as one space (`[ 48143] Cargo.lock`): the columns line
/// up only in the drawing, and each run of spaces costs a token.
fn padding_collapsed(entry: &str) -> std::borrow::Cow<'_, str> {
    let Some((attrs, name)) = entry
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .filter(|(attrs, name)| !attrs.contains('[') && name.starts_with(' '))
    else {
        return entry.into();
    };
    let attrs = attrs.split_whitespace().collect::<Vec<_>>().join(" ");
    let pad = if entry.as_bytes().get(1) == Some(&b' ') {
        " "
    } else {
        ""
    };
    format!("[{pad}{attrs}] {}", name.trim_start()).into()
}

/// A tree's rows of names stay about this wide (a row break costs a token and an indent).
const TREE_ROW_CHARS: usize = 240;

/// `tree`'s drawing (`├── `, `│   `, `└── `) as two spaces a level, and a directory's entries
/// that have none of their own on rows (`  a.rs b.rs c.rs`); a directory with entries on its own
/// line, ending in `/`. Every entry and the closing count stay; the box characters cost tokens
/// and say nothing the indent does not.
pub(super) fn tree(ctx: &Context) -> Option<String> {
    drawn_tree(ctx.text, false, ctx.inv.program == "tree")
}

/// `npm ls` / `pnpm ls`: the same drawing two characters a level (`│ `, `├─┬ `).
pub(super) fn npm_tree(ctx: &Context) -> Option<String> {
    drawn_tree(ctx.text, true, false)
}

/// Fewest entries under a node for its repeat to be said as such: a smaller subtree costs
/// about what the note does.
const SUBTREE_MIN_ENTRIES: usize = 3;

/// A drawn tree's line without its levels' drawing (`│   `, `    `; `narrow`: `│ `, two
/// blanks), with how many levels it had.
fn drawn_indent(line: &str, narrow: bool) -> (usize, &str) {
    let mut rest = line;
    let mut depth = 0;
    loop {
        let next = if narrow {
            rest.strip_prefix("│ ").or_else(|| rest.strip_prefix("  "))
        } else {
            rest.strip_prefix("│   ")
                .or_else(|| rest.strip_prefix("│\u{a0}\u{a0} "))
                .or_else(|| rest.strip_prefix("    "))
        };
        match next {
            Some(r) => {
                rest = r;
                depth += 1;
            }
            None => return (depth, rest),
        }
    }
}

/// A drawn tree (`narrow`: two characters a level) as indented rows; `files`: its entries are
/// files and directories, and an entry with entries under it ends in `/`.
fn drawn_tree(text: &str, narrow: bool, files: bool) -> Option<String> {
    // (depth, name) of each drawn line, or the line as written (the root, the count).
    let mut items: Vec<Result<(usize, &str), &str>> = Vec::new();
    // `cargo tree --prefix depth`: the same tree with each line's depth written as a number,
    // its root's `0` first.
    let depths = !narrow
        && !files
        && text
            .split_lines()
            .find(|l| !is_blank(l))
            .and_then(depth_prefixed)
            .is_some_and(|(d, _)| d == 0);
    for line in text.split_lines() {
        if depths {
            items.push(match depth_prefixed(line) {
                Some((d, name)) if d > 0 => Ok((d - 1, name)),
                _ => Err(line),
            });
            continue;
        }
        let (depth, rest) = drawn_indent(line, narrow);
        // `npm ls --long`: a line of drawing alone under each package (where its description,
        // URL and path go when it has them) is layout.
        if narrow && depth > 0 && is_blank(rest) {
            continue;
        }
        let entry = rest
            .strip_prefix("├── ")
            .or_else(|| rest.strip_prefix("└── "))
            .or_else(|| rest.strip_prefix("├─┬ "))
            .or_else(|| rest.strip_prefix("└─┬ "))
            .or_else(|| rest.strip_prefix("├\u{2500}\u{2500}\u{a0}"))
            .or_else(|| rest.strip_prefix("└\u{2500}\u{2500}\u{a0}"));
        items.push(match entry {
            Some(name) => Ok((depth, name)),
            None => Err(line),
        });
    }
    if !items.iter().any(|i| i.is_ok()) {
        return None;
    }
    if files {
        return Some(join_lines(lone_root_unindented(same_entries_once(
            files_first(&items),
        ))));
    }
    // A level's mark before its rows: two spaces a level, or, for a tree written with depth
    // numbers, its number (the reader's own form, and a token where the spaces are several).
    let level = |depth: usize| {
        if depths {
            (depth + 1).to_string()
        } else {
            "  ".repeat(depth + 1)
        }
    };
    let mut out = Vec::new();
    let mut leaves: Vec<String> = Vec::new();
    let mut leaves_depth = 0;
    // Each subtree said so far (its root and its entries at their depths below it): the same
    // package at the same version with the same dependencies is said once.
    let mut subtrees = Subtrees::new(&items);
    let mut skip_to = 0;
    for (i, item) in items.iter().enumerate() {
        if i < skip_to {
            continue;
        }
        match item {
            Ok((depth, name)) => {
                let has_children =
                    matches!(items.get(i + 1), Some(Ok((next, _))) if *next > *depth);
                // A node whose entries below are one line of descent (each the only entry of
                // the one before): one entry, `a@1.0.0>b@2.0.0>c@3.0.0`, on its siblings' rows.
                let chain_end = has_children
                    .then(|| {
                        let mut k = i + 1;
                        while matches!(items.get(k), Some(Ok((d, _))) if *d == depth + (k - i)) {
                            k += 1;
                        }
                        let ends = !matches!(items.get(k), Some(Ok((d, _))) if *d > *depth);
                        ends.then_some(k)
                    })
                    .flatten();
                if (has_children && chain_end.is_none())
                    || (*depth != leaves_depth && !leaves.is_empty())
                {
                    let indent = level(leaves_depth);
                    let taken = std::mem::take(&mut leaves);
                    super::paths::rows(deduped_grouped(taken, narrow), &indent, &mut out);
                }
                if let Some(end) = chain_end {
                    let names: Vec<&str> = items[i..end]
                        .iter()
                        .filter_map(|it| it.as_ref().ok().map(|(_, n)| *n))
                        .collect();
                    leaves_depth = *depth;
                    leaves.push(names.join(">"));
                    skip_to = end;
                    continue;
                }
                if has_children {
                    let end = items[i + 1..]
                        .iter()
                        .position(|it| !matches!(it, Ok((d, _)) if *d > *depth))
                        .map_or(items.len(), |p| i + 1 + p);
                    if end - i > SUBTREE_MIN_ENTRIES && !subtrees.insert(&items, i, end) {
                        out.push(format!(
                            "{}{name} (its {} entries as above)",
                            level(*depth),
                            end - i - 1
                        ));
                        skip_to = end;
                        continue;
                    }
                    let mark = if files { "/" } else { "" };
                    out.push(format!("{}{name}{mark}", level(*depth)));
                } else {
                    leaves_depth = *depth;
                    leaves.push(name.to_string());
                }
            }
            Err(line) => {
                let indent = level(leaves_depth);
                let taken = std::mem::take(&mut leaves);
                super::paths::rows(deduped_grouped(taken, narrow), &indent, &mut out);
                out.push(line.to_string());
            }
        }
    }
    let indent = level(leaves_depth);
    super::paths::rows(deduped_grouped(leaves, narrow), &indent, &mut out);
    Some(join_lines(out))
}

/// The subtrees of a drawn tree said so far, each known by its span of the tree's items: a
/// subtree is its entries' names at their depths below its root. Each span's hash is read in one
/// step from the items' running polynomial hash (an entry's value its name's hash plus a multiple
/// of its depth, so the root's depth is taken off as one term), and spans of one hash are compared
/// entry by entry. A set of each subtree's entries copied out (a key per node, as long as its
/// subtree) was most of a long `npm ls --all`: every entry copied and hashed once per level above it.
struct Subtrees {
    /// The running hash of the items before each index (`prefix[k]`: items `..k`).
    prefix: Vec<u64>,
    /// `SUBTREE_BASE` to the power of each span length, and the sum of those powers below it.
    power: Vec<u64>,
    power_sum: Vec<u64>,
    /// The spans said, by their hash.
    said: std::collections::HashMap<u64, Vec<(usize, usize)>, FastHash>,
}

/// The running hash's base and the weight of a level (odd, so no power of the base vanishes).
const SUBTREE_BASE: u64 = 0x0100_0000_01b3;
const SUBTREE_LEVEL: u64 = 0x9e37_79b9_7f4a_7c15;

impl Subtrees {
    fn new(items: &[Result<(usize, &str), &str>]) -> Self {
        let names = FastHash::default();
        let mut prefix = Vec::with_capacity(items.len() + 1);
        let mut power = Vec::with_capacity(items.len() + 1);
        let mut power_sum = Vec::with_capacity(items.len() + 1);
        let (mut h, mut p, mut sum) = (0u64, 1u64, 0u64);
        for item in items {
            prefix.push(h);
            power.push(p);
            power_sum.push(sum);
            let value = item.as_ref().map_or(0, |(depth, name)| {
                std::hash::BuildHasher::hash_one(&names, name)
                    .wrapping_add(SUBTREE_LEVEL.wrapping_mul(*depth as u64))
            });
            h = h.wrapping_mul(SUBTREE_BASE).wrapping_add(value);
            sum = sum.wrapping_add(p);
            p = p.wrapping_mul(SUBTREE_BASE);
        }
        prefix.push(h);
        power.push(p);
        power_sum.push(sum);
        Self {
            prefix,
            power,
            power_sum,
            said: Default::default(),
        }
    }

    /// Records the subtree spanning `items[start..end]` (every one an entry, its root first);
    /// false when the same subtree was said before.
    fn insert(&mut self, items: &[Result<(usize, &str), &str>], start: usize, end: usize) -> bool {
        let len = end - start;
        let root = items[start].as_ref().map_or(0, |(d, _)| *d) as u64;
        let hash = self.prefix[end]
            .wrapping_sub(self.prefix[start].wrapping_mul(self.power[len]))
            .wrapping_sub(
                SUBTREE_LEVEL
                    .wrapping_mul(root)
                    .wrapping_mul(self.power_sum[len]),
            );
        let relative = |at: usize| {
            let root = items[at].as_ref().map_or(0, |r| r.0);
            items[at..at + len]
                .iter()
                .map(move |it| it.as_ref().map(|(d, n)| (d - root, *n)))
        };
        let spans = self.said.entry(hash).or_default();
        if spans
            .iter()
            .any(|&(s, e)| e - s == len && relative(s).eq(relative(start)))
        {
            return false;
        }
        spans.push((start, end));
        true
    }
}

/// A line of `cargo tree --prefix depth` as its depth and its entry (`2base64 v0.22.1`): the
/// digits, then a letter (a crate's name starts with one).
fn depth_prefixed(line: &str) -> Option<(usize, &str)> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let (depth, entry) = line.split_at(digits);
    if digits == 0 || !entry.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some((depth.parse().ok()?, entry))
}

/// Fewest deduped leaves under one node for them to be said in one group: the group's own
/// words cost what two of the marks do.
const DEDUPED_GROUP_MIN: usize = 3;

/// npm's leaves that say `deduped` (`debug@4.4.3 deduped`: the package is drawn in full
/// elsewhere in the tree), when a node has [`DEDUPED_GROUP_MIN`] or more, said once after the
/// node's other leaves: `(deduped: debug@4.4.3 ms@2.1.3 once@1.4.0)`. Each package keeps its
/// version and its mark; half of a large tree's leaves are these.
fn deduped_grouped(leaves: Vec<String>, narrow: bool) -> Vec<String> {
    let leaves = if narrow {
        same_tail_grouped(leaves)
    } else {
        leaves
    };
    let is_deduped = |l: &String| {
        l.strip_suffix(" deduped")
            .is_some_and(|name| !name.contains([' ', '>']))
    };
    if !narrow || leaves.iter().filter(|l| is_deduped(l)).count() < DEDUPED_GROUP_MIN {
        return leaves;
    }
    let (deduped, mut rest): (Vec<String>, Vec<String>) = leaves.into_iter().partition(is_deduped);
    let names: Vec<&str> = deduped
        .iter()
        .filter_map(|l| l.strip_suffix(" deduped"))
        .collect();
    rest.push(format!("(deduped: {})", names.join(" ")));
    rest
}

/// A narrowed tree's lines of descent that end in one entry (`npm ls pkg`: each package that
/// needs `@babel/core`, `a@1.0.0>@babel/core@7.29.13 deduped`), when a node has
/// [`DEDUPED_GROUP_MIN`] or more of them, said once with that entry:
/// `(each >@babel/core@7.29.13 deduped: a@1.0.0 b@2.0.0 c@3.0.0)`, in the first one's place.
fn same_tail_grouped(leaves: Vec<String>) -> Vec<String> {
    let tail = |l: &str| l.rfind('>').map(|at| l[at + 1..].to_string());
    let mut count: std::collections::HashMap<String, usize, super::paths::FastHash> =
        Default::default();
    for l in &leaves {
        if let Some(t) = tail(l) {
            *count.entry(t).or_default() += 1;
        }
    }
    if !count.values().any(|&n| n >= DEDUPED_GROUP_MIN) {
        return leaves;
    }
    let mut out: Vec<String> = Vec::with_capacity(leaves.len());
    // Where each tail's group is in `out`, and its heads.
    let mut groups: Vec<(usize, String, Vec<String>)> = Vec::new();
    for l in leaves {
        let grouped = tail(&l).filter(|t| count.get(t).is_some_and(|&n| n >= DEDUPED_GROUP_MIN));
        let Some(t) = grouped else {
            out.push(l);
            continue;
        };
        let head = l[..l.len() - t.len() - 1].to_string();
        match groups.iter_mut().find(|(_, g, _)| *g == t) {
            Some((_, _, heads)) => heads.push(head),
            None => {
                groups.push((out.len(), t, vec![head]));
                out.push(String::new());
            }
        }
    }
    for (at, t, heads) in groups {
        out[at] = format!("(each >{t}: {})", heads.join(" "));
    }
    out
}

/// Fewest drawn entries among an output's first lines for it to be read as a tree.
const DRAWN_TREE_MIN_ENTRIES: usize = 3;

/// Whether an output reads as a tree drawn as `tree` draws one (`├── name`, `│   └── name`),
/// whatever printed it: its first lines (up to 40) are drawn entries but for the root above
/// them and the closing count, and there are [`DRAWN_TREE_MIN_ENTRIES`] or more of them.
pub(super) fn looks_like_drawn_tree(head: &str) -> bool {
    let mut entries = 0;
    let mut other = 0;
    for line in head.split_lines().filter(|l| !is_blank(l)) {
        let (_, rest) = drawn_indent(line, false);
        if rest.starts_with("├── ") || rest.starts_with("└── ") {
            entries += 1;
        } else {
            other += 1;
        }
    }
    entries >= DRAWN_TREE_MIN_ENTRIES && other <= 2
}

/// Whether an output reads as a tree drawn two characters a level (`│ `, `├─┬ name`, `└──
/// name`), as npm and pnpm draw their dependencies, whatever printed it: as
/// [`looks_like_drawn_tree`] reads `tree`'s, with at least one `─┬ ` (an entry with entries
/// under it, which only this drawing has). What [`npm_tree`] reads.
pub(super) fn looks_like_narrow_tree(head: &str) -> bool {
    let (mut entries, mut other, mut branches) = (0, 0, 0);
    for line in head.split_lines().filter(|l| !is_blank(l)) {
        let (_, rest) = drawn_indent(line, true);
        if rest.starts_with("├─┬ ") || rest.starts_with("└─┬ ") {
            branches += 1;
            entries += 1;
        } else if rest.starts_with("├── ") || rest.starts_with("└── ") {
            entries += 1;
        } else {
            other += 1;
        }
    }
    entries >= DRAWN_TREE_MIN_ENTRIES && branches > 0 && other <= 2
}

/// A drawn tree read by its shape ([`looks_like_drawn_tree`]); its entries are files when it
/// closes as `tree` does (`113 directories`, `4 directories, 12 files`).
pub(super) fn drawn(ctx: &Context) -> Option<String> {
    let closing = ctx
        .text
        .split_lines()
        .rev()
        .find(|l| !is_blank(l))
        .is_some_and(is_tree_count);
    drawn_tree(ctx.text, false, closing)
}

/// `tree`'s closing count: `113 directories`, `1 directory, 1 file`, `4 directories, 12 files`.
fn is_tree_count(line: &str) -> bool {
    let mut parts = line.trim().split(", ");
    let counted = |part: Option<&str>, units: [&str; 2]| {
        part.and_then(|p| p.split_once(' '))
            .is_some_and(|(n, unit)| n.parse::<u64>().is_ok() && units.contains(&unit))
    };
    let first = parts.next();
    counted(first, ["directory", "directories"])
        && {
            let second = parts.next();
            second.is_none() || counted(second, ["file", "files"])
        }
        && parts.next().is_none()
}

/// Fewest `path:N` lines among an output's first lines for it to be read as a count per file.
const PATH_COUNTS_MIN_ROWS: usize = 3;

/// Whether an output reads as a count per file (`grep -c`, `rg -c`, a script's tally): its
/// first lines (up to 40) are each `path:N`, the path with no blank, a `/` or a `.`, and a
/// letter (a clock's `12:30:45` is not one).
pub(super) fn looks_like_path_counts(head: &str) -> bool {
    let mut rows = 0;
    for line in head.split_lines().filter(|l| !l.is_empty()) {
        let counted = line.rsplit_once(':').is_some_and(|(p, n)| {
            !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && !p.is_empty()
                && !p.contains(char::is_whitespace)
                && p.contains(['/', '.'])
                && p.bytes().any(|b| b.is_ascii_alphabetic())
        });
        if !counted {
            return false;
        }
        rows += 1;
    }
    rows >= PATH_COUNTS_MIN_ROWS
}

/// A count per file read by its shape ([`looks_like_path_counts`]), grouped as `grep -c`'s.
pub(super) fn path_counts(ctx: &Context) -> Option<String> {
    path_lines(ctx, true)
}

/// Fewest lines for an output to be read as a list of paths.
const PATH_LIST_MIN_LINES: usize = 8;

/// Whether an output reads as a list of paths (`find`'s, `fd`'s, `git ls-files`', a script's):
/// every line a path, holding a `/`, with no blank, no `: ` and no scheme (`https://`), at least
/// [`PATH_LIST_MIN_LINES`] of them. What [`find`] groups by directory, whatever printed it.
/// (The first line that is none ends the reading: most outputs end it at their first.)
pub(super) fn looks_like_path_list(text: &str) -> bool {
    let is_path = |l: &str| {
        l.contains('/')
            && !l.contains(|c: char| c.is_whitespace())
            && !l.contains("://")
            && !l.contains(": ")
    };
    text.split_lines()
        .filter(|l| !l.is_empty())
        .try_fold(0usize, |n, l| is_path(l).then_some(n + 1))
        .is_some_and(|n| n >= PATH_LIST_MIN_LINES)
}

#[cfg(test)]
mod tests {
    use super::long_row;

    /// Every form of row ls writes, read as (kind, size, name); rows in other forms are not read.
    #[test]
    fn long_rows_are_read_by_hand() {
        /// A row's kind, mode, size and name.
        type Read<'a> = Option<(&'a str, &'a str, &'a str, &'a str)>;
        fn read(l: &str) -> Read<'_> {
            long_row(l).map(|r| (r.kind, r.mode, r.size, r.name))
        }
        let cases: &[(&str, Read<'static>)] = &[
            (
                "-rw-r--r-- 1 root root 1234 Nov 25 22:14 a b.txt",
                Some(("-", "rw-r--r--", "1234", "a b.txt")),
            ),
            (
                "drwxr-xr-x.  2 ann staff   4.0K Nov 25  2024 src",
                Some(("d", "rwxr-xr-x", "4.0K", "src")),
            ),
            (
                "-rwxr-xr-x@ 1 ann staff 12Ki 25 Nov 09:05 run.sh",
                Some(("-", "rwxr-xr-x", "12Ki", "run.sh")),
            ),
            (
                "lrwxrwxrwx 1 root root 7 2025-11-25 22:14 sh -> dash",
                Some(("l", "rwxrwxrwx", "7", "sh -> dash")),
            ),
            (
                "-rw-r--r-- 1 root root 0 2025-11-25 22:14:05.123456789 +0000 f",
                Some(("-", "rw-r--r--", "0", "f")),
            ),
            (
                "-rw-r--r-- 1 root root 0 2025-11-25 f",
                Some(("-", "rw-r--r--", "0", "f")),
            ),
            (
                "crw-rw-rw- 1 root root 1,   3 11-25 22:14 null",
                Some(("c", "rw-rw-rw-", "1,   3", "null")),
            ),
            (
                "brw-rw---- 1 root disk 8,0 Nov 25 22:14 sda",
                Some(("b", "rw-rw----", "8,0", "sda")),
            ),
            (
                "-rw-r--r-- 1 root root 5 Nov 25 22:14  two spaces",
                Some(("-", "rw-r--r--", "5", " two spaces")),
            ),
            // `ls -o` (no group), a date in no form of ls's, a listing's header.
            ("-rw-r--r-- 1 root 1234 Nov 25 22:14 a", None),
            ("-rw-r--r-- 1 root root 1234 25.11.2025 a", None),
            ("total 12", None),
            ("src:", None),
        ];
        for (line, want) in cases {
            assert_eq!(read(line), *want, "{line}");
        }
    }
}
