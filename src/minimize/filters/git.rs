//! git status, log (with `--graph`), show, diff, stash and blame. Kept: the branch and its
//! tracking line, every path with its state, every commit's hash, author, date, refs and whole
//! message, `--stat`'s per-file counts and summary, every changed line (each hunk's first led by
//! its line in the new file), every blamed line's number and code under its commit. Dropped:
//! hints, email addresses, blob ids, file modes, unchanged context lines (the line number locates
//! a change).

use super::paths::{split_dir, FastHash, PathList};
use super::Context;
use crate::minimize::command::Invocation;
use crate::minimize::text::SplitLines;
use crate::minimize::text::{find, has, join_lines, split_str};
use crate::minimize::text::{is_blank, trim_start};

/// The git subcommand, past global options (`-C dir`, `-c k=v`, `--no-pager`).
pub(super) fn subcommand(inv: &Invocation) -> Option<String> {
    let mut args = inv.args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" => {
                args.next();
            }
            a if a.starts_with('-') => {}
            a => return Some(a.to_string()),
        }
    }
    None
}

/// A section of `git status` with more paths than this is grouped by directory (and by state):
/// below it, one `M path` line each reads best and costs about the same.
const STATUS_GROUP_ABOVE: usize = 8;

/// Long-format `git status` as a short list per section; a long section grouped by state, then
/// by directory.
pub(super) fn status(ctx: &Context) -> Option<String> {
    if ctx.inv.has_flag(
        &["--short", "--porcelain", "--porcelain=v1", "--porcelain=v2"],
        Some('s'),
    ) {
        return short_status(ctx);
    }
    let mut out = Vec::new();
    // The current section's entries: (state, path).
    let mut entries: Vec<(&str, String)> = Vec::new();
    let mut section: Option<&str> = None;
    for line in ctx.text.split_lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("(use \"git") || trimmed.starts_with("(commit or discard") {
            continue;
        }
        let name = match trimmed {
            "Changes to be committed:" => Some("staged"),
            "Changes not staged for commit:" => Some("unstaged"),
            "Untracked files:" => Some("untracked"),
            "Unmerged paths:" => Some("unmerged"),
            "Ignored files:" => Some("ignored"),
            _ => None,
        };
        if let Some(entry) = line.strip_prefix('\t').filter(|_| section.is_some()) {
            entries.push(short_state(entry));
            continue;
        }
        if let Some(s) = section.take() {
            status_section(s, std::mem::take(&mut entries), &mut out);
        }
        if name.is_some() {
            section = name;
            continue;
        }
        let line = match trimmed.find(" (use \"git") {
            Some(i) => &trimmed[..i],
            None => trimmed,
        };
        out.push(line.to_string());
    }
    if let Some(s) = section {
        status_section(s, entries, &mut out);
    }
    Some(join_lines(out.iter().filter(|l| !l.is_empty())))
}

fn status_section(name: &str, entries: Vec<(&str, String)>, out: &mut Vec<String>) {
    if entries.len() <= STATUS_GROUP_ABOVE {
        out.push(format!("{name}:"));
        for (state, path) in entries {
            let sep = if state.is_empty() { "" } else { " " };
            out.push(format!("  {state}{sep}{path}"));
        }
        return;
    }
    out.push(format!("{name} ({}):", entries.len()));
    let mut states: Vec<&str> = Vec::new();
    for (s, _) in &entries {
        if !states.contains(s) {
            states.push(s);
        }
    }
    for state in states {
        if !state.is_empty() {
            out.push(format!("{}:", long_state(state)));
        }
        let mut list = PathList::default();
        for (_, p) in entries.iter().filter(|(s, _)| *s == state) {
            // A rename (`a -> b`) stays whole, under the new path's directory.
            match p.split_once(" -> ") {
                Some((_, to)) => list.add(split_dir(to).0, p.clone()),
                None => list.add_path(p),
            }
        }
        list.render(out);
    }
}

/// `git status --short` / `--porcelain` (v1): past [`STATUS_GROUP_ABOVE`] paths, the paths of
/// each state grouped by directory (`.M pylint/checkers/` then `  format.py misc.py`), the state
/// written once per directory as git wrote it, a blank side as porcelain v2 writes it (`.M`
/// modified in the worktree, `M.` staged), so a line never starts with the blank. A branch
/// line (`## main...origin/main`) stays; a line of another shape leaves the output as written.
fn short_status(ctx: &Context) -> Option<String> {
    if ctx.inv.has_flag(&["--porcelain=v2", "-z"], None) {
        return None;
    }
    let mut out = Vec::new();
    let mut states: Vec<(String, PathList)> = Vec::new();
    let mut count = 0usize;
    for line in ctx.text.split_lines().filter(|l| !l.is_empty()) {
        if line.starts_with("## ") {
            out.push(line.to_string());
            continue;
        }
        let b = line.as_bytes();
        let state_byte = |c: u8| b" MTADRCU?!".contains(&c);
        if b.len() < 4 || !state_byte(b[0]) || !state_byte(b[1]) || b[2] != b' ' || b[3] == b' ' {
            return None;
        }
        let xy: String = line[..2]
            .chars()
            .map(|c| if c == ' ' { '.' } else { c })
            .collect();
        let path = &line[3..];
        let list = match states.iter().position(|(s, _)| *s == xy) {
            Some(i) => &mut states[i].1,
            None => {
                states.push((xy, PathList::default()));
                &mut states.last_mut()?.1
            }
        };
        // A rename (`old -> new`) stays whole, under the new path's directory.
        match path.split_once(" -> ") {
            Some(_) => list.add("", path.to_string()),
            None => list.add_path(path),
        }
        count += 1;
    }
    if count <= STATUS_GROUP_ABOVE {
        return None;
    }
    for (state, list) in states {
        list.render_with(&format!("{state} "), &mut out);
    }
    Some(join_lines(out))
}

fn long_state(short: &str) -> &str {
    STATES
        .iter()
        .find(|(_, s)| *s == short)
        .map_or(short, |(l, _)| l.trim_end_matches(':'))
}

const STATES: &[(&str, &str)] = &[
    ("modified:", "M"),
    ("new file:", "A"),
    ("deleted:", "D"),
    ("renamed:", "R"),
    ("copied:", "C"),
    ("typechange:", "T"),
    ("both modified:", "UU"),
    ("both added:", "AA"),
    ("both deleted:", "DD"),
    ("added by us:", "AU"),
    ("added by them:", "UA"),
    ("deleted by us:", "DU"),
    ("deleted by them:", "UD"),
];

/// `modified:   src/a.rs` as (`M`, `src/a.rs`); an untracked path as (``, path).
fn short_state(entry: &str) -> (&'static str, String) {
    for (long, short) in STATES {
        if let Some(path) = entry.strip_prefix(long) {
            return (short, path.trim().to_string());
        }
    }
    ("", entry.trim().to_string())
}

/// Whether an output of a program no filter names reads as git's commit format (`git log`,
/// `git show`, a script around them): it starts with `commit <hash>` (7 to 40 hex digits, refs
/// after it allowed), and an `Author:` line follows within the next lines; or an annotated tag's
/// object comes first.
pub(super) fn looks_like_log(head: &str) -> bool {
    let mut lines = head.split_lines();
    let first = lines.next().unwrap_or("");
    // An annotated tag's object first (`git show TAG`): the commit it names follows it.
    if starts_tag(first, head.split_lines().nth(1)) {
        return head
            .split_lines()
            .position(|l| l.starts_with("commit "))
            .is_some_and(|at| looks_like_log(&head[line_offset(head, at)..]));
    }
    let hash_ok = first
        .strip_prefix("commit ")
        .map(|r| r.split(' ').next().unwrap_or(""))
        .is_some_and(|h| (7..=40).contains(&h.len()) && h.bytes().all(|b| b.is_ascii_hexdigit()));
    hash_ok && lines.take(3).any(|l| l.starts_with("Author: "))
}

/// Whether `line` and the line after it begin an annotated tag's object, which `git show TAG`
/// prints before the commit it names: `tag NAME`, then `Tagger: …`.
fn starts_tag(line: &str, next: Option<&str>) -> bool {
    line.starts_with("tag ") && next.is_some_and(|n| n.starts_with("Tagger: "))
}

/// The byte offset of line `at` (0-based) of `text`.
fn line_offset(text: &str, at: usize) -> usize {
    text.split_inclusive('\n').take(at).map(str::len).sum()
}

/// `git log` / `git show` in git's default (medium) format, with `--stat` and `-p` sections, and
/// the annotated tag's object that `git show TAG` prints before its commit.
pub(super) fn log(ctx: &Context) -> Option<String> {
    let first = ctx.text.split_lines().next()?;
    let graphed = first.starts_with(['*', '|']) && graph_split(first).1.starts_with("commit ");
    if !first.starts_with("commit ")
        && !graphed
        && !starts_tag(first, ctx.text.split_lines().nth(1))
    {
        return None;
    }
    // `--graph`: each line's drawing apart from its text; a commit's drawing (`* `, `| * `) goes
    // before its line, a line of drawing alone stays when it branches or merges (`|\`, `|/`).
    let mut marks: Vec<Option<&str>> = Vec::new();
    let mut texts: Vec<&str> = Vec::new();
    let mut width = 0;
    for line in ctx.text.split_lines() {
        if !graphed {
            marks.push(None);
            texts.push(line);
            continue;
        }
        let (mark, rest) = graph_split(line);
        if rest.starts_with("commit ") {
            width = mark.len();
            marks.push(Some(mark.trim_end()));
            texts.push(rest);
        } else if rest.is_empty() {
            if mark.contains(['/', '\\', '_']) {
                marks.push(Some(mark.trim_end()));
                texts.push("");
            }
        } else {
            marks.push(None);
            texts.push(&line[width.min(mark.len())..]);
        }
    }
    let mut out: Vec<String> = Vec::new();
    // History: the changed lines are the facts; context stays in `git diff` only.
    let big = ctx.text.len() > BIG_DIFF_CHARS;
    let commits = ctx
        .text
        .split_lines()
        .filter(|l| l.strip_prefix("commit ").is_some_and(is_hash_line))
        .take(2)
        .count();
    let mut diff = DiffCompactor {
        big,
        history: big && commits > 1,
        ..Default::default()
    };
    let mut in_diff = false;
    let mut in_any_diff = false;
    let mut header: Option<CommitHeader> = None;
    // One author for every commit (common in a branch or a small repo): said once, at the top.
    let sole_author = sole_author(ctx.text);
    if let Some(a) = &sole_author {
        let n = ctx
            .text
            .split_lines()
            .filter(|l| l.starts_with("Author:"))
            .count();
        out.push(format!("[all {n} commits by {a}]"));
    }
    // A commit's `--stat` lines, held until its summary: said by directory where one holds
    // several of them (see `log_stats`).
    let mut stats: Vec<(String, String)> = Vec::new();
    let flush = |stats: &mut Vec<(String, String)>, out: &mut Vec<String>| {
        log_stats(std::mem::take(stats), out);
    };
    // Whether the last line out is a commit's file changes, which the next change joins.
    let mut changes_open = false;
    // Whether the last line out is a commit body's line that the next wrapped line continues.
    let mut body_open = false;
    // Whether the lines are an annotated tag's object (`git show TAG`), up to its commit.
    let mut in_tag = false;
    for (i, (mark, line)) in marks.into_iter().zip(texts.iter().copied()).enumerate() {
        // A line's readings as a file change and a `--stat` line, made once (both are asked
        // here and below); a diff's line is read as a `--stat` line only to end a list.
        let change = file_change(line);
        let stat = if in_diff && stats.is_empty() {
            None
        } else {
            stat_line(line)
        };
        if !is_blank(line) && change.is_none() {
            changes_open = false;
        }
        if !line.starts_with("    ") || is_blank(line) || in_diff {
            body_open = false;
        }
        if !stats.is_empty() && stat.is_none() {
            flush(&mut stats, &mut out);
        }
        if let (Some(m), "") = (mark, line) {
            if let Some(h) = header.take() {
                out.push(h.render());
            }
            out.push(m.to_string());
            continue;
        }
        // A tag's object: its name, tagger and date on one line, its message as written (a
        // signed tag's signature too), until the commit it names.
        if mark.is_none() && starts_tag(line, texts.get(i + 1).copied()) {
            diff.finish(&mut out);
            in_diff = false;
            if let Some(h) = header.take() {
                out.push(h.render());
            }
            out.push(line.trim_end().to_string());
            in_tag = true;
            continue;
        }
        if in_tag && !line.strip_prefix("commit ").is_some_and(is_hash_line) {
            // The tag's line is the last one out until its message begins.
            if let (Some(tagger), Some(last)) = (line.strip_prefix("Tagger:"), out.last_mut()) {
                last.push_str(" — ");
                last.push_str(&strip_email(tagger.trim()));
            } else if let (Some(date), Some(last)) = (line.strip_prefix("Date:"), out.last_mut()) {
                last.push(' ');
                last.push_str(&iso_date(date.trim()));
            } else if !is_blank(line) {
                out.push(line.trim_end().to_string());
            }
            continue;
        }
        in_tag = false;
        if let Some(rest) = line.strip_prefix("commit ") {
            if is_hash_line(rest) {
                diff.finish(&mut out);
                in_diff = false;
                if let Some(h) = header.take() {
                    out.push(h.render());
                }
                let mut h = CommitHeader::new(rest);
                h.graph = mark.unwrap_or("").to_string();
                header = Some(h);
                continue;
            }
        }
        if in_diff || line.starts_with("diff --git ") || line.starts_with("diff --cc ") {
            if let Some(h) = header.take() {
                out.push(h.render());
            }
            in_diff = true;
            in_any_diff = true;
            diff.push(line, &mut out);
            continue;
        }
        if let Some(h) = &mut header {
            if let Some(author) = line.strip_prefix("Author:") {
                h.author = match &sole_author {
                    Some(_) => String::new(),
                    None => strip_email(author.trim()),
                };
                h.has_author = true;
                continue;
            }
            if let Some(date) = line.strip_prefix("Date:") {
                h.date = iso_date(date.trim());
                continue;
            }
            if let Some(merge) = line.strip_prefix("Merge:") {
                h.merge = Some(merge.trim().to_string());
                continue;
            }
            if is_blank(line) && !h.has_author {
                continue;
            }
            if is_blank(line) {
                continue;
            }
            if !line.starts_with("    ") {
                // An unknown header line (fuller formats): kept as written.
                h.extra.push(line.trim().to_string());
                continue;
            }
            // The subject joins its commit's line.
            out.push(format!("{} — {}", h.render(), line.trim()));
            header = None;
            continue;
        }
        if is_blank(line) {
            continue;
        }
        if let Some(change) = change {
            // `--name-status` / `--numstat`: a commit's files on one indented line, so the
            // day said once above its commits still reaches the next commit.
            match out.last_mut() {
                Some(last) if changes_open => {
                    last.push_str(", ");
                    last.push_str(&change);
                }
                _ => out.push(format!("  {change}")),
            }
            changes_open = true;
            continue;
        }
        changes_open = false;
        if let Some(msg) = line.strip_prefix("    ") {
            // A body's hard-wrapped prose is one line per paragraph: each wrap cost a line break
            // and an indent (two tokens), and its words are the same read on one line.
            match out.last_mut() {
                Some(last) if body_open && continues_paragraph(last, msg) => {
                    last.push(' ');
                    last.push_str(msg);
                }
                _ => out.push(format!("    {msg}")),
            }
            body_open = true;
            continue;
        } else if let Some((path, rest)) = stat {
            stats.push((path.to_string(), rest));
        } else if let Some(summary) = stat_summary(line) {
            out.push(summary);
        } else {
            out.push(line.trim_end().to_string());
        }
    }
    flush(&mut stats, &mut out);
    if let Some(h) = header.take() {
        out.push(h.render());
    }
    diff.finish(&mut out);
    // A history's diffs are diffs: their blank changes are counted as `git diff`'s are (a
    // file added in a past commit, `git log -p -- path`'s first commit, has a bare `+` for each
    // of its blank lines). A commit's message lines (indented) are never among them.
    if in_any_diff {
        out = blank_changes_counted(out, |l| l.starts_with("    "));
    }
    // A day said once for a run of commits reads well while everything between them is indented
    // (messages, stats); a diff's unindented `--- path` and `@@` lines would cut a commit off
    // from its day's header.
    Some(join_lines(once_per_day(out, !in_any_diff && !graphed)))
}

/// Whether a commit body's line `next` continues the paragraph whose line out is `last` (four
/// spaces, then the body's text): prose wrapped by its author, not a list item, a trailer
/// (`Co-authored-by: …`), an indented block or a table, on either side.
fn continues_paragraph(last: &str, next: &str) -> bool {
    fn structured(l: &str) -> bool {
        let l = l.trim_end();
        l.starts_with([' ', '\t', '-', '*', '+', '>', '|', '#', '•', '['])
            || l.starts_with("```")
            || split_str(l, ". ")
                .or_else(|| split_str(l, ") "))
                .is_some_and(|(n, _)| {
                    !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_alphanumeric())
                })
            || split_str(l, ": ").is_some_and(|(k, _)| {
                // A trailer's key: `Signed-off-by`, `Co-authored-by`, `Fixes`, `Refs`.
                (k.contains('-') && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
                    || matches!(
                        k,
                        "Fixes" | "Closes" | "Refs" | "See" | "Bug" | "Issue" | "Ticket"
                    )
            })
            || l.starts_with("Merge ")
    }
    let Some(prev) = last.strip_prefix("    ") else {
        return false;
    };
    !is_blank(prev) && !is_blank(next) && !structured(next) && !structured(prev)
}

/// A line of `--name-status` (`M\tpath`, `R100\told\tnew`) or `--numstat` (`12\t3\tpath`,
/// `-\t-\tlogo.png`) as `M path`, `R100 old -> new`, `+12 -3 path`, `binary logo.png`.
fn file_change(line: &str) -> Option<String> {
    // Every form has a tab: another line is not split.
    memchr::memchr(b'\t', line.as_bytes())?;
    let mut fields = line.split('\t');
    let first = fields.next()?;
    let rest: Vec<&str> = fields.collect();
    let numeric = |f: &str| f == "-" || (!f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
    let status = first.len() <= 4
        && first
            .bytes()
            .next()
            .is_some_and(|b| b"ACDMRTUXB".contains(&b))
        && first.bytes().skip(1).all(|b| b.is_ascii_digit());
    match rest.as_slice() {
        [path] if status && !path.is_empty() => Some(format!("{first} {path}")),
        [old, new] if status && first.len() > 1 => Some(format!("{first} {old} -> {new}")),
        [removed, path] if numeric(first) && numeric(removed) && !path.is_empty() => {
            Some(if first == "-" {
                format!("binary {path}")
            } else {
                format!("+{first} -{removed} {path}")
            })
        }
        _ => None,
    }
}

/// A `--graph` line as its drawing (`| * `, `|\  `) and its text.
fn graph_split(line: &str) -> (&str, &str) {
    let at = line
        .find(|c: char| !matches!(c, '*' | '|' | '/' | '\\' | '_' | ' '))
        .unwrap_or(line.len());
    line.split_at(at)
}

/// A day's header line (`2026-01-05:`) where several commits in a row share the day; a commit
/// alone on its day has the day on its own line (`2026-01-05 10:00 +0000 abc1234 …`).
fn once_per_day(lines: Vec<String>, group: bool) -> Vec<String> {
    fn day_of(l: &str) -> Option<(&str, &str)> {
        split_str(l, ":\n").filter(|(day, _)| day.len() == 10 && !day.contains(' '))
    }
    // Whether each commit's day is the next commit's too, found first: the lines are then
    // moved out, not copied.
    let commits: Vec<usize> = (0..lines.len())
        .filter(|&i| day_of(&lines[i]).is_some())
        .collect();
    let mut shared_with_next = vec![false; lines.len()];
    for pair in commits.windows(2) {
        shared_with_next[pair[0]] =
            day_of(&lines[pair[0]]).map(|d| d.0) == day_of(&lines[pair[1]]).map(|d| d.0);
    }
    let mut last_day = String::new();
    let mut out = Vec::with_capacity(lines.len());
    for (i, l) in lines.into_iter().enumerate() {
        let Some((day, rest)) = day_of(&l) else {
            // An unindented line (a directory of `--stat` paths) ends the day's run: the next
            // commit says its day again.
            if !l.starts_with(' ') {
                last_day.clear();
            }
            out.push(l);
            continue;
        };
        if group && day == last_day {
            out.push(rest.to_string());
        } else if group && shared_with_next[i] {
            last_day = day.to_string();
            out.push(l);
        } else {
            last_day.clear();
            out.push(format!("{day} {}", trim_start(rest)));
        }
    }
    out
}

fn is_hash_line(rest: &str) -> bool {
    let hash = rest.split_whitespace().next().unwrap_or("");
    hash.len() >= 7 && hash.bytes().all(|b| b.is_ascii_hexdigit())
}

struct CommitHeader {
    hash: String,
    refs: String,
    author: String,
    has_author: bool,
    date: String,
    merge: Option<String>,
    extra: Vec<String>,
    /// Its `--graph` drawing (`*`, `| *`), said first.
    graph: String,
}

impl CommitHeader {
    fn new(rest: &str) -> Self {
        let (hash, refs) = rest.split_once(' ').unwrap_or((rest, ""));
        CommitHeader {
            hash: hash.chars().take(7).collect(),
            refs: refs.trim().to_string(),
            author: String::new(),
            has_author: false,
            date: String::new(),
            merge: None,
            extra: Vec::new(),
            graph: String::new(),
        }
    }

    fn render(&self) -> String {
        let day_time = self
            .date
            .split_once(' ')
            .filter(|(d, _)| d.len() == 10 && d.as_bytes()[4] == b'-');
        let (hash, author) = (self.hash.as_str(), self.author.as_str());
        let mut s = match day_time {
            // A graph's commits keep their day on their own line (no day groups across lanes).
            Some((day, time)) if !self.graph.is_empty() => {
                [&self.graph, " ", day, " ", time, " ", hash, " ", author].concat()
            }
            // `2026-01-05:` (kept once per day by `once_per_day`), then ` 10:00 +0000 abc1234 Author`
            // (one space: a day's commits are read under it, and a second costs a token).
            Some((day, time)) => [day, ":\n ", time, " ", hash, " ", author].concat(),
            None => [hash, " ", &self.date, " ", author].concat(),
        };
        if !self.graph.is_empty() && !s.starts_with(&self.graph) {
            s = format!("{} {s}", self.graph);
        }
        s.truncate(s.trim_end().len());
        if !self.refs.is_empty() {
            s.push(' ');
            s.push_str(&self.refs);
        }
        if let Some(m) = &self.merge {
            s.push_str(&format!(" merge {m}"));
        }
        for e in &self.extra {
            s.push_str("\n  ");
            s.push_str(e);
        }
        s
    }
}

/// The author of every commit of a log, when there is one and more than one commit.
fn sole_author(text: &str) -> Option<String> {
    let mut authors = text
        .split_lines()
        .filter_map(|l| l.strip_prefix("Author:"))
        .map(|a| strip_email(a.trim()));
    let first = authors.next()?;
    let mut n = 1;
    for a in authors {
        if a != first {
            return None;
        }
        n += 1;
    }
    (n > 1).then_some(first)
}

fn strip_email(author: &str) -> String {
    match find(author, " <") {
        Some(i) if author.ends_with('>') => author[..i].to_string(),
        _ => author.to_string(),
    }
}

/// `Wed Nov 25 22:14:19 2026 +0000` as `2026-11-25 22:14 +0000`; any other form as written.
/// Joined by hand, as the other pieces of a commit's line: `format!` was most of a long log's
/// reading of its dates.
pub(crate) fn iso_date(date: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let mut parts = date.split_whitespace();
    let fields = [(); 7].map(|_| parts.next());
    if let [Some(_), Some(month), Some(day), Some(time), Some(year), Some(tz), None] = fields {
        if let Some(m) = MONTHS.iter().position(|x| *x == month) {
            let hm = time.rsplit_once(':').map_or(time, |(hm, _)| hm);
            if let Ok(d) = day.parse::<u32>() {
                let (m, d) = (two_digits(m as u32 + 1), two_digits(d));
                return [year, "-", &m, "-", &d, " ", hm, " ", tz].concat();
            }
        }
    }
    date.to_string()
}

/// `n` as `format!("{n:02}")` writes it.
fn two_digits(n: u32) -> std::borrow::Cow<'static, str> {
    const PAIRS: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";
    match usize::try_from(n) {
        Ok(i) if i < 100 => PAIRS[2 * i..2 * i + 2].into(),
        _ => n.to_string().into(),
    }
}

/// A `--stat` line: ` path | 12 ++--` as (path, ` 12`); binary changes as written.
fn stat_line(line: &str) -> Option<(&str, String)> {
    if !line.starts_with(' ') {
        return None;
    }
    let (path, rest) = split_str(line, " | ")?;
    let rest = rest.trim();
    let count = rest.split_whitespace().next()?;
    // `concat`, not `format!`: this runs on every line of a long `--stat`.
    if count.parse::<u64>().is_ok() {
        Some((path.trim(), [" ", count].concat()))
    } else if rest.starts_with("Bin") {
        Some((path.trim(), [" ", rest].concat()))
    } else {
        None
    }
}

/// `--stat`'s summary, ` 2 files changed, 4 insertions(+), 1 deletion(-)`, as ` 2 files, +4 -1`
/// (the same three numbers); any other line `None`.
pub(crate) fn stat_summary(line: &str) -> Option<String> {
    let rest = line.strip_prefix(' ')?.trim_end();
    let mut parts = rest.split(", ");
    let files = parts.next()?;
    let (n, unit) = files.strip_suffix(" changed")?.split_once(' ')?;
    if n.parse::<u64>().is_err() || !matches!(unit, "file" | "files") {
        return None;
    }
    let mut said = [" ", n, " ", unit].concat();
    for (i, p) in parts.enumerate() {
        let (k, what) = p.split_once(' ')?;
        k.parse::<u64>().ok()?;
        let sign = match what {
            "insertion(+)" | "insertions(+)" => "+",
            "deletion(-)" | "deletions(-)" => "-",
            _ => return None,
        };
        said.push_str(if i == 0 { ", " } else { " " });
        said.push_str(sign);
        said.push_str(k);
    }
    Some(said)
}

/// A commit's `--stat` lines in a log: ` path 12` each (the count after its path; git's ` | `
/// and its bar of `+`/`-` say nothing the count and the summary do not), or, where a directory
/// holds [`LOG_STAT_DIR_MIN`] or more of them, by directory (`src/shell/` then `  live.rs 52
/// mod.rs 1`): a history's paths repeat their directories.
fn log_stats(stats: Vec<(String, String)>, out: &mut Vec<String>) {
    // Counted per directory, each path once (a search of the paths after each one was
    // quadratic in a commit's files: a history's large commits have thousands).
    let mut per_dir: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    let shared_dir = stats.iter().any(|(a, _)| {
        let dir = split_dir(a).0;
        if dir.is_empty() || has(a, " => ") {
            return false;
        }
        let n = per_dir.entry(dir).or_default();
        *n += 1;
        *n >= LOG_STAT_DIR_MIN
    });
    if !shared_dir {
        out.extend(
            stats
                .into_iter()
                .map(|(path, rest)| format!(" {path}{rest}")),
        );
        return;
    }
    stats_by_directory(stats, out);
}

/// Fewest `--stat` paths of one commit in one directory for its paths to be said by directory:
/// below it, the directory's own line costs what it saves.
const LOG_STAT_DIR_MIN: usize = 3;

/// `git diff` (and `--stat` alone: its per-file counts without the graph, grouped by directory
/// when there are many, and the summary's three numbers).
pub(super) fn diff(ctx: &Context) -> Option<String> {
    if ctx.inv.has_flag(&["--name-only", "--name-status"], None) {
        return path_lines(ctx);
    }
    let mut out = Vec::new();
    // The changed lines and where each hunk starts (its line number) are the facts; context lines
    // are the file as it is, which the agent reads from the file when it needs them.
    let mut diff = DiffCompactor {
        big: ctx.text.len() > BIG_DIFF_CHARS,
        ..Default::default()
    };
    let mut seen_diff = false;
    let mut stats: Vec<(String, String)> = Vec::new();
    let mut numstat: Vec<&str> = Vec::new();
    let mut seen_stat = false;
    for line in ctx.text.split_lines() {
        if line.starts_with("diff --git ") || line.starts_with("diff --cc ") {
            seen_diff = true;
        }
        if seen_diff {
            diff.push(line, &mut out);
        } else if numstat_line(line).is_some() {
            numstat.push(line);
            seen_stat = true;
        } else if let Some((path, rest)) = stat_line(line) {
            stats.push((path.to_string(), rest));
            seen_stat = true;
        } else if let Some(summary) = stat_summary(line) {
            stat_block(std::mem::take(&mut stats), &mut out);
            numstat_block(std::mem::take(&mut numstat), &mut out);
            out.push(summary);
        } else {
            stat_block(std::mem::take(&mut stats), &mut out);
            numstat_block(std::mem::take(&mut numstat), &mut out);
            out.push(line.to_string());
        }
    }
    stat_block(stats, &mut out);
    numstat_block(numstat, &mut out);
    diff.finish(&mut out);
    if seen_diff {
        out = blank_changes_counted(out, |_| false);
    }
    (seen_diff || seen_stat).then(|| join_lines(out))
}

/// Fewest lines of a list of paths each led by its state for the list to be read as one
/// whatever printed it: a few lines cost less than the grouping saves.
const STATE_PATHS_MIN_LINES: usize = 8;

/// Whether every line of `text` is a path led by its state and a tab (`M\tsrc/a.rs`,
/// `A\tdocs/x.md`: `git diff --name-status`'s, a script's or another tool's status list in
/// that form), [`STATE_PATHS_MIN_LINES`] or more: [`path_lines`] reads it.
pub(super) fn looks_like_state_paths(text: &str) -> bool {
    let state_path = |l: &str| {
        l.split_once('\t').is_some_and(|(state, path)| {
            (1..=4).contains(&state.len())
                && state.starts_with(|c: char| c.is_ascii_uppercase())
                && state
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
                && !path.is_empty()
                && !path.contains(['\t', ' '])
        })
    };
    text.split_lines()
        .filter(|l| !l.is_empty())
        .try_fold(0usize, |n, l| state_path(l).then_some(n + 1))
        .is_some_and(|n| n >= STATE_PATHS_MIN_LINES)
}

/// `git ls-files`, `git diff --name-only` (a path a line) and `--name-status` (`M<TAB>path`):
/// a path list grouped by directory (by state first, for `--name-status`: `M src/` then its
/// modified files).
pub(super) fn path_lines(ctx: &Context) -> Option<String> {
    let mut states: Vec<(&str, PathList)> = Vec::new();
    for line in ctx.text.split_lines().filter(|l| !l.is_empty()) {
        let (state, path) = match line.split_once('\t') {
            Some((s, p))
                if !s.is_empty()
                    && s.len() <= 4
                    && s.bytes().all(|b| b.is_ascii_alphanumeric()) =>
            {
                (s, p)
            }
            Some(_) => return None,
            None => ("", line),
        };
        if path.starts_with(' ') || path.contains("  ") {
            return None;
        }
        match states.iter_mut().find(|(s, _)| *s == state) {
            Some((_, list)) => list.add_path(path),
            None => {
                let mut list = PathList::default();
                list.add_path(path);
                states.push((state, list));
            }
        }
    }
    let mut out = Vec::new();
    for (state, list) in states {
        let prefix = if state.is_empty() {
            String::new()
        } else {
            format!("{state} ")
        };
        list.render_with(&prefix, &mut out);
    }
    Some(join_lines(out))
}

/// A `--stat` list with more files than this is grouped by directory: below it, one
/// ` path | N` line each reads best and costs about the same.
const STAT_GROUP_ABOVE: usize = 8;

/// `--stat`'s per-file lines: ` path | 12` each, or past [`STAT_GROUP_ABOVE`] files grouped by
/// directory (`src/shell/` then `  live.rs 52  mod.rs 1`), the count after each name.
fn stat_block(stats: Vec<(String, String)>, out: &mut Vec<String>) {
    if stats.len() <= STAT_GROUP_ABOVE {
        for (path, rest) in stats {
            out.push(format!(" {path} |{rest}"));
        }
        return;
    }
    out.push("(changed lines per file)".to_string());
    stats_by_directory(stats, out);
}

/// A `--numstat` line, `12\t3\tpath` (`-\t-\tlogo.png` for a binary file), as (path, ` +12
/// -3` or ` binary`): the counts after the path, as a `--stat` row has its count.
fn numstat_line(line: &str) -> Option<(&str, String)> {
    let (added, rest) = line.split_once('\t')?;
    let (removed, path) = rest.split_once('\t')?;
    let numeric = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    if path.is_empty() || path.contains('\t') {
        return None;
    }
    if added == "-" && removed == "-" {
        return Some((path, " binary".to_string()));
    }
    (numeric(added) && numeric(removed)).then(|| (path, format!(" +{added} -{removed}")))
}

/// `--numstat`'s lines: as git wrote them up to [`STAT_GROUP_ABOVE`] files, past it by
/// directory as `--stat`'s are (`src/shell/` then `  live.rs +50 -2  mod.rs +1 -0`).
fn numstat_block(lines: Vec<&str>, out: &mut Vec<String>) {
    if lines.len() <= STAT_GROUP_ABOVE {
        out.extend(lines.into_iter().map(str::to_string));
        return;
    }
    let stats = lines
        .into_iter()
        .filter_map(numstat_line)
        .map(|(path, rest)| (path.to_string(), rest))
        .collect();
    stats_by_directory(stats, out);
}

/// Whether a rename's path (`a => b`, `src/{a => b}/c.rs`, `src/{a.rs => b.rs}`) has its change
/// inside its directory only (`src/{ => legacy}/c.rs`): it is then listed under that directory
/// as any other path.
fn rename_in_directory(path: &str) -> bool {
    let (dir, name) = split_dir(path);
    dir.contains('{') && has(dir, " => ") && !name.contains('}')
}

/// Stat rows (`path`, what follows it) as a path list, each name with its count under its
/// directory (a directory's rename, `src/{ => legacy}/`, is its directory); a file's rename
/// (`a => b`, `src/{a.rs => b.rs}`) stays whole.
fn stats_by_directory(stats: Vec<(String, String)>, out: &mut Vec<String>) {
    let mut list = PathList::default();
    for (path, rest) in stats {
        if has(&path, " => ") && !rename_in_directory(&path) {
            list.add("", [path.as_str(), &rest].concat());
        } else {
            let (dir, name) = split_dir(&path);
            list.add(dir, [name, &rest].concat());
        }
    }
    list.render(out);
}

/// `git stash list` is compact already; `git stash show -p` is a diff.
pub(super) fn stash(ctx: &Context) -> Option<String> {
    if ctx.text.contains("\ndiff --git ") || ctx.text.starts_with("diff --git ") {
        diff(ctx)
    } else {
        None
    }
}

/// A unified diff made compact: one `--- path` line per file (with `(new file)`, `(deleted)`,
/// renames, `(binary)`), then each hunk's changed lines, the first one led by its line in the new
/// file (`38 -old`); context lines are dropped (the line number locates the change, the file has
/// the rest).
#[derive(Default)]
struct DiffCompactor {
    /// The current hunk's changed lines (and `\\ No newline` notes), held until its end; its
    /// context lines are only counted, up to its first change (what places the change).
    hunk: Vec<String>,
    /// The current hunk's lines before its first change (context and empty lines).
    lead: usize,
    in_hunk: bool,
    file_note: Vec<String>,
    path: Option<String>,
    /// The current file is new or deleted.
    whole_file: bool,
    /// The section heading of the file's last hunk header (`impl Regex {`).
    section: String,
    /// A big diff (past [`BIG_DIFF_CHARS`]): no section headings.
    big: bool,
    /// A long history (a big log of several commits): a hunk's place is a line of a past version
    /// of its file, nothing a model edits today, so hunks are told apart by an empty line, not
    /// led by their line; a blank line added or removed among other changed lines is dropped
    /// (layout, not a change a model reads). The changed lines with text all stay.
    history: bool,
    /// The hunks said so far of the current file.
    hunks: usize,
    /// In a long history, each hunk's place by its first line in `out`, said if the same change
    /// comes again.
    first_places: std::collections::HashMap<usize, String, FastHash>,
    /// The current hunk's header: the new file's first line, `None` for a whole file's hunk (its
    /// `(new file)` says where it is) or a header in another form (a combined diff's `@@@`,
    /// kept as written).
    start: Option<usize>,
    /// The kept lines of each hunk of the current file (as said, after the place), with where
    /// its first line is and how long its place is: the same change made again further down (a
    /// doc link fixed in each of eight methods) is said once, its place listing every line
    /// (`253, 283, 316 -old`).
    said: std::collections::HashMap<String, (usize, usize), FastHash>,
}

/// A diff longer than this (about 4,000 tokens) drops its hunks' section headings: in a
/// vendored upgrade or a codemod they cost as much as a good part of the changed lines.
const BIG_DIFF_CHARS: usize = 16_000;

/// The new file's start and the section heading of a hunk header (`@@ -503,11 +510,12 @@ impl
/// Regex {`: 510 and ` impl Regex {`); `None` for another form (a combined diff's `@@@`).
fn hunk_start(line: &str) -> Option<(usize, &str)> {
    let rest = line.strip_prefix("@@ -")?;
    let (ranges, tail) = rest.split_once(" @@")?;
    let (_, new) = ranges.split_once(" +")?;
    let start = new.split(',').next()?.parse().ok()?;
    Some((start, tail))
}

/// A hunk's changed lines without those that add or remove a blank line (a long history's
/// layout), unless that is all the hunk changes.
fn without_blank_changes(kept: Vec<String>) -> Vec<String> {
    if kept
        .iter()
        .all(|l| !l.starts_with('\\') && is_blank(&l[1..]))
    {
        return kept;
    }
    kept.into_iter()
        .filter(|l| l.starts_with('\\') || !is_blank(&l[1..]))
        .collect()
}

/// A unified diff from any program (`diff -u`, `ruff format --diff`, `black --diff`, `gofmt
/// -d`, git's own through a wrapper): the same shape as `git diff`'s. The rule for every unified
/// diff, whoever prints it: each file once (`--- path` with its state), every changed line as
/// printed, each hunk led by the new file's line of its first change, the changes of a blank line
/// counted on one closing line (eight or more); context, `index`, mode and `+++` lines go (a change is located by
/// its file and line; the context is the file's, which the agent reads there). Lines outside the
/// diff (a summary, `Only in …`) stay as written.
pub(super) fn unified(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let (out, files) = compact_unified(&lines, ctx.text.len() > BIG_DIFF_CHARS, false);
    if files == 0 {
        return None;
    }
    Some(join_lines(blank_changes_counted(out, |_| false)))
}

/// Unified diff lines made compact as [`unified`] says, with how many files they hold; `big`
/// drops the hunks' section headings, `history` says hunks apart by an empty line instead of
/// their place (see [`DiffCompactor`]). A history's diffs in another format (Mercurial's log)
/// are read with it.
pub(super) fn compact_unified(lines: &[&str], big: bool, history: bool) -> (Vec<String>, usize) {
    let mut diff = DiffCompactor {
        big,
        history,
        ..Default::default()
    };
    let mut out = Vec::new();
    let mut files = 0;
    // The old and new lines left in the current hunk: a hunk's `--- ` line is a removed line,
    // not the next file's header.
    let (mut old_left, mut new_left) = (0usize, 0usize);
    // A `diff --git` line named the file already: its `---`/`+++` pair says it again.
    let mut git_header = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if old_left > 0 || new_left > 0 {
            if line.starts_with('-') {
                old_left = old_left.saturating_sub(1);
            } else if line.starts_with('+') {
                new_left = new_left.saturating_sub(1);
            } else if !line.starts_with('\\') {
                old_left = old_left.saturating_sub(1);
                new_left = new_left.saturating_sub(1);
            }
            diff.push(line, &mut out);
            i += 1;
            continue;
        }
        if let (Some(_), Some(new)) = (
            line.strip_prefix("--- "),
            lines.get(i + 1).and_then(|l| l.strip_prefix("+++ ")),
        ) {
            // `+++ b/a.py<TAB>2026-01-05 10:00:00` as `a.py`.
            let path = new.split('\t').next().unwrap_or(new).trim_end();
            let path = path.strip_prefix("b/").unwrap_or(path);
            if !std::mem::take(&mut git_header) {
                diff.push(&format!("diff --git a/{path} b/{path}"), &mut out);
            }
            files += 1;
            i += 2;
            continue;
        }
        if line.starts_with("diff --git ") || line.starts_with("diff --cc ") {
            git_header = true;
        } else if let Some((old, new)) = hunk_counts(line) {
            git_header = false;
            old_left = old;
            new_left = new;
        }
        diff.push(line, &mut out);
        i += 1;
    }
    diff.finish(&mut out);
    (out, files)
}

/// Fewest changes of a blank line in a diff for them to be counted rather than shown: the
/// closing line costs about 12 tokens, a bare `+` or `12 -` line about 2.
const BLANK_CHANGES_MIN: usize = 8;

/// The compacted diff's changes of blank lines (`48 -`, a bare `+`, `187, 195, 224 -`: an empty
/// line added or removed), dropped and counted on one closing line when there are
/// [`BLANK_CHANGES_MIN`] or more; a hunk's number on a blank change moves to the hunk's next
/// changed line, so every shown change keeps its place. A line `kept_as_is` says is no change (a
/// commit's message line in a history).
fn blank_changes_counted(out: Vec<String>, kept_as_is: impl Fn(&str) -> bool) -> Vec<String> {
    let blank_change = |l: &str| {
        let change = l.trim_start_matches(|c: char| c.is_ascii_digit() || c == ',' || c == ' ');
        change.starts_with(['+', '-'])
            && is_blank(&change[1..])
            && !l.starts_with("--- ")
            && !kept_as_is(l)
    };
    if out
        .iter()
        .filter(|l| blank_change(l))
        .take(BLANK_CHANGES_MIN)
        .count()
        < BLANK_CHANGES_MIN
    {
        return out;
    }
    let split = |l: &str| -> (Option<usize>, usize) {
        // (where the change starts after a number list, how many numbers)
        let digits = l
            .bytes()
            .take_while(|b| b.is_ascii_digit() || *b == b',' || *b == b' ');
        let n = digits.count();
        if n > 0 && l.as_bytes()[0].is_ascii_digit() && l[..n].ends_with(' ') {
            (Some(n), l[..n].matches(',').count() + 1)
        } else {
            (None, 0)
        }
    };
    let mut kept = Vec::with_capacity(out.len());
    let mut blank = 0usize;
    let mut pending: Option<String> = None;
    for line in out {
        if line.starts_with("--- ") {
            pending = None;
            kept.push(line);
            continue;
        }
        if kept_as_is(&line) {
            pending = None;
            kept.push(line);
            continue;
        }
        let (at, numbers) = split(&line);
        let change = &line[at.unwrap_or(0)..];
        let is_change = change.starts_with(['+', '-']);
        if is_change && is_blank(&change[1..]) {
            blank += 1;
            if numbers == 1 {
                pending = at.map(|a| line[..a].to_string());
            }
            continue;
        }
        match pending.take() {
            Some(number) if is_change && at.is_none() => kept.push(format!("{number}{line}")),
            _ => kept.push(line),
        }
    }
    if blank > 0 {
        kept.push(format!(
            "({blank} changes that add or remove blank lines, not shown)"
        ));
    }
    kept
}

/// The old and new line counts of a hunk header (`@@ -3,7 +3,8 @@`: 7 and 8; a count left out
/// is 1).
fn hunk_counts(line: &str) -> Option<(usize, usize)> {
    let rest = line.strip_prefix("@@ -")?;
    let (ranges, _) = rest.split_once(" @@")?;
    let (old, new) = ranges.split_once(" +")?;
    let count = |r: &str| match r.split_once(',') {
        Some((_, n)) => n.parse().ok(),
        None => Some(1),
    };
    Some((count(old)?, count(new)?))
}

impl DiffCompactor {
    fn push(&mut self, line: &str, out: &mut Vec<String>) {
        if line.starts_with("diff --git ") || line.starts_with("diff --cc ") {
            self.finish(out);
            let path = line
                .rsplit_once(" b/")
                .map(|(_, p)| p.to_string())
                .unwrap_or_else(|| line.trim_start_matches("diff --cc ").to_string());
            self.path = Some(path);
            self.whole_file = false;
            self.section.clear();
            self.said.clear();
            self.first_places.clear();
            self.hunks = 0;
            self.start = None;
            return;
        }
        if self.in_hunk && (line.starts_with([' ', '+', '-', '\\']) || line.is_empty()) {
            // Changed lines as printed, each keeping its indentation (a model editing the file
            // copies it); a context line is not copied (most of a diff's lines), only counted
            // while no change came yet.
            if line.starts_with(['+', '-', '\\']) {
                self.hunk.push(line.to_string());
            } else if !self.hunk.iter().any(|l| l.starts_with(['+', '-'])) {
                self.lead += 1;
            }
            return;
        }
        if line.starts_with("@@") {
            self.flush_hunk(out);
            self.in_hunk = true;
            self.header(out);
            // A new or deleted file's one hunk spans the whole file: its header says nothing the
            // file's `(new file)` does not.
            let whole =
                self.whole_file && (line.starts_with("@@ -0,0 +") || line.contains(" +0,0 @@"));
            self.start = None;
            match hunk_start(line) {
                _ if whole => {}
                Some((start, tail)) => {
                    self.start = Some(start);
                    // A heading holds for the hunks after it until another (a bare `@@`:
                    // none).
                    let tail = tail.trim_end();
                    if !self.big && tail != self.section {
                        self.section = tail.to_string();
                        out.push(format!("@@{tail}"));
                    }
                }
                None => out.push(line.to_string()),
            }
            return;
        }
        self.flush_hunk(out);
        self.in_hunk = false;
        if line.starts_with("index ")
            || line.starts_with("--- ")
            || line.starts_with("+++ ")
            || line.starts_with("similarity index")
            || line.starts_with("dissimilarity index")
            || line.starts_with("old mode")
            || line.starts_with("new mode")
        {
            return;
        }
        if line.starts_with("new file mode") {
            self.file_note.push("(new file)".into());
            self.whole_file = true;
        } else if line.starts_with("deleted file mode") {
            self.file_note.push("(deleted)".into());
            self.whole_file = true;
        } else if let Some(from) = line.strip_prefix("rename from ") {
            self.file_note.push(format!("(renamed from {from})"));
        } else if line.starts_with("rename to ") || line.starts_with("copy to ") {
        } else if let Some(from) = line.strip_prefix("copy from ") {
            self.file_note.push(format!("(copied from {from})"));
        } else if self.path.is_some()
            && line.starts_with("Binary files ")
            && line.ends_with(" differ")
        {
            self.file_note.push("(binary)".into());
        } else {
            self.header(out);
            out.push(line.to_string());
        }
    }

    fn header(&mut self, out: &mut Vec<String>) {
        if let Some(path) = self.path.take() {
            let mut h = format!("--- {path}");
            for n in self.file_note.drain(..) {
                h.push(' ');
                h.push_str(&n);
            }
            out.push(h);
        }
    }

    fn flush_hunk(&mut self, out: &mut Vec<String>) {
        let mut kept = std::mem::take(&mut self.hunk);
        let lead = std::mem::take(&mut self.lead);
        let Some(start) = self.start.take() else {
            // A whole file's hunk (a file added in a past commit) is a hunk as any other: in a
            // long history its blank lines go too.
            out.extend(if self.history {
                without_blank_changes(kept)
            } else {
                kept
            });
            return;
        };
        // The new file's line of the first change: the context lines before it count.
        let first = start + lead;
        if self.history {
            kept = without_blank_changes(kept);
        }
        let place = first.to_string();
        let Some(head) = kept.first_mut() else {
            out.push(place);
            return;
        };
        // The first line as said after its place: ` -old`.
        head.insert(0, ' ');
        let key = kept.join("\n");
        if let Some(&(at, len)) = self.said.get(&key) {
            // A long history's first saying has no place (`len` 0, no leading blank).
            let first_line = if len == 0 {
                &kept[0][1..]
            } else {
                &kept[0][..]
            };
            let same = out.get(at).is_some_and(|l| l[len..] == *first_line)
                && out.get(at + 1..at + kept.len()) == Some(&kept[1..]);
            if same {
                let said = match self.first_places.get(&at) {
                    Some(p) if len == 0 => format!("{p}, {place}"),
                    _ => format!(", {place}"),
                };
                if len == 0 {
                    out[at].insert_str(0, &format!("{said} "));
                } else {
                    out[at].insert_str(len, &said);
                }
                self.said.insert(key, (at, len + said.len()));
                return;
            }
        }
        if self.history {
            // The place goes only where the same change is made again (its places listed).
            if self.hunks > 0 {
                out.push(String::new());
            }
            self.hunks += 1;
            self.said.insert(key, (out.len(), 0));
            self.first_places.insert(out.len(), place);
            kept[0].remove(0);
            out.extend(kept);
            return;
        }
        self.said.insert(key, (out.len(), place.len()));
        kept[0].insert_str(0, &place);
        out.extend(kept);
    }

    fn finish(&mut self, out: &mut Vec<String>) {
        self.flush_hunk(out);
        self.in_hunk = false;
        self.header(out);
        self.file_note.clear();
    }
}

/// `git blame`'s default format (`6484d8f3 (Ada Lovelace 2024-02-25 12:10:59 +0000  12) code`,
/// a path after the hash when lines moved between files): each run of lines from one commit
/// under one header line (the hash, path, author and date as written, then `:`), each line as
/// its number and its code. Another format (`--porcelain`, `-p`) passes unchanged.
pub(super) fn blame(ctx: &Context) -> Option<String> {
    let mut out = String::with_capacity(ctx.text.len() / 2);
    let mut last: Option<String> = None;
    for line in ctx.text.split_lines() {
        let (commit, number, code) = blame_line(line)?;
        if last.as_deref() != Some(commit.as_str()) {
            out.push_str(&commit);
            out.push_str(":\n");
            last = Some(commit);
        }
        out.push_str("  ");
        out.push_str(number);
        let code = code.trim_end();
        if !code.is_empty() {
            out.push(' ');
            out.push_str(code);
        }
        out.push('\n');
    }
    last.map(|_| out)
}

/// A blame line as its commit part (`6484d8f3 path (Ada Lovelace 2024-02-25 12:10:59 +0000`
/// without the `(`, spaces made one), its number and its code; parsed by hand (a pattern with
/// captures on every line of a long file costs more than the rest of the filter).
fn blame_line(line: &str) -> Option<(String, &str, &str)> {
    let (hash, rest) = line.split_once(' ')?;
    let hex = hash.strip_prefix('^').unwrap_or(hash);
    if hex.len() < 7 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let open = rest.find('(')?;
    let path = rest[..open].trim();
    if path.contains(' ') {
        return None;
    }
    let inner_and_code = &rest[open + 1..];
    let close = inner_and_code.find(')')?;
    let inner = inner_and_code[..close].trim_end();
    let (meta, number) = inner.rsplit_once(' ')?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let code = &inner_and_code[close + 1..];
    let code = code.strip_prefix(' ').unwrap_or(code);
    let mut commit = String::with_capacity(hash.len() + path.len() + meta.len() + 2);
    commit.push_str(hash);
    if !path.is_empty() {
        commit.push(' ');
        commit.push_str(path);
    }
    commit.push(' ');
    commit.push_str(meta.trim_end());
    Some((commit, number, code))
}

/// Fewest blame lines among an output's first lines for it to be read as `git blame`'s.
const BLAME_MIN_LINES: usize = 3;

/// Whether an output reads as `git blame`'s default format whatever printed it (a wrapper, an
/// alias): its first lines (up to 40) are each a line annotated with its commit, author, date
/// and number (`^61acd08 (Dev Example 2026-01-01 12:00:00 +0000  12) code`), as [`blame`]
/// parses them. One line of another shape among them is not one.
pub(super) fn looks_like_blame(head: &str) -> bool {
    let mut lines = 0;
    for line in head.split_lines() {
        if blame_line(line).is_none() {
            return false;
        }
        lines += 1;
    }
    lines >= BLAME_MIN_LINES
}

/// Whether an output reads as a diffstat whatever printed it (`git diff --stat` through an
/// alias, `diffstat`, a script): its last line says how many files changed (` 20 files changed,
/// 343 insertions(+), 23 deletions(-)`) and the line before it is a file's row (` path | 12
/// ++--`). What [`diff`] reads of `--stat`, said as a shape.
pub(super) fn looks_like_diffstat(text: &str) -> bool {
    let mut last = text.split_lines().rev().filter(|l| !is_blank(l));
    last.next().is_some_and(|l| stat_summary(l).is_some())
        && last.next().is_some_and(|l| stat_line(l).is_some())
}
