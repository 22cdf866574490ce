//! Shapes a line has whatever printed it, for the output of a program no filter names (a test
//! runner, a build script, an installer started by hand): per-test pass lines (TAP's `ok 3 -
//! name`, `✓ name`, unittest's `test_x (m.T.test_x) ... ok`, automake's `PASS: t1`) counted on
//! the first of them; progress lines (`[ 42%] …`, `[3/40] …`, `45% |████`) counted on the last
//! (the state the run reached); a table's drawing rules (`+-----+----+`, `───────`) dropped;
//! an indented tree's repeated subtrees (`npm explain`'s chains of dependents, a nested report
//! that says the same block again) said once; TAP's YAML details kept to a failure's location,
//! error and own frames; a data URI's base64 payload said by its length; a link to the
//! documentation of the rule a finding named dropped. Every other line stays as it was, and so does any line that names a failure, an
//! error, a warning or a location.

use super::Context;
use crate::minimize::text::trim_start;
use crate::minimize::text::SplitLines;
use crate::minimize::text::{
    has, has_location, is_blank, is_dependency_frame, join_lines, text_has,
};

/// Fewest lines of one shape for them to be counted: the count's own words cost about what
/// two or three short lines do.
const SHAPE_MIN_LINES: usize = 8;

/// Fewest lines under a subtree's first line for its repeat to be said as one: a smaller
/// subtree costs about what the note does.
const SUBTREE_MIN_LINES: usize = 3;

/// Fewest rules for them alone to be dropped: an 80-column rule costs 20 or so tokens, and the
/// rewrite must save 32 (`MIN_SAVING_TOKENS`) to be used anyway.
const RULES_MIN_LINES: usize = 2;

/// What a line is, for the counting.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Pass,
    Progress,
    Rule,
    Other,
}

/// Words that make a line a fact whatever its shape, in any case. Looked for byte by byte
/// from each word's first letter, without a lowercased copy of the line (a copy and nine
/// searches a line were most of reading a long log of `... OK` lines).
fn says_trouble(line: &str) -> bool {
    const WORDS: [&[u8]; 9] = [
        b"fail",
        b"error",
        b"warn",
        b"not ok",
        b"panic",
        b"exception",
        b"fatal",
        b"timeout",
        b"skip",
    ];
    let b = line.as_bytes();
    (0..b.len()).any(|i| {
        let first = b[i].to_ascii_lowercase();
        matches!(first, b'f' | b'e' | b'w' | b'n' | b'p' | b't' | b's')
            && WORDS.iter().any(|w| {
                w[0] == first && b.len() - i >= w.len() && b[i..i + w.len()].eq_ignore_ascii_case(w)
            })
    })
}

fn shape(line: &str) -> Shape {
    let t = line.trim();
    if t.is_empty() {
        return Shape::Other;
    }
    // A rule: drawing only, long enough to be one (`--` alone is an option's mark). The
    // drawing is asked first: most lines fail it at their first character, before a count.
    if t.chars().all(|c| {
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
    }) && t.chars().count() >= 10
        && t.chars().any(|c| c != '|' && c != ' ' && c != ':')
    {
        return Shape::Rule;
    }
    // A TAP directive (`ok 5 - name # TODO`, `# SKIP`) is a fact of its own.
    let tap = t
        .strip_prefix("ok ")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()) && !has_directive(r));
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
            let r = trim_start(r);
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
    if says_trouble(t) || has_location(t) {
        return Shape::Other;
    }
    found
}

/// Whether a TAP line's rest (after `ok `) carries a directive: `# TODO` or `# SKIP`.
fn has_directive(rest: &str) -> bool {
    rest.split_once(" # ").is_some_and(|(_, d)| {
        let d = trim_start(d).to_ascii_uppercase();
        d.starts_with("TODO") || d.starts_with("SKIP")
    })
}

/// The output with its pass lines, progress lines and rules said shorter and its repeated
/// subtrees said once; `None` when it has too few of any to be worth it.
pub(super) fn counted(ctx: &Context) -> Option<String> {
    counted_text(ctx.text)
}

/// [`counted`] on a text, for a filter whose program runs others (make running a test suite).
pub(super) fn counted_text(text: &str) -> Option<String> {
    let blobs = data_payloads_counted(text);
    let text = blobs.as_deref().unwrap_or(text);
    // The lines read once for the same details and, when they said none, for the rest.
    let lines: Vec<&str> = text.split_lines().collect();
    let details = same_details_said_once(&lines);
    let text = details.as_deref().unwrap_or(text);
    let raw: Vec<&str> = match &details {
        Some(d) => d.split_lines().collect(),
        None => lines,
    };
    let links = text_has(text, "://")
        .then(|| rule_links_dropped(&raw))
        .flatten();
    let links_dropped = links.is_some();
    let raw = links.unwrap_or(raw);
    let tap = tap_details_dropped(&raw);
    let mut tap_trimmed = tap.is_some();
    let raw = tap.unwrap_or(raw);
    let repeated_errors = tap_repeated_errors_dropped(&raw);
    tap_trimmed |= repeated_errors.is_some();
    let raw = repeated_errors.unwrap_or(raw);
    let (raw, passing_groups) = match passing_tap_headings_dropped(&raw) {
        Some((kept, groups)) => (kept, groups),
        None => (raw, 0),
    };
    let repeated = same_failure_details(&raw);
    let raw: Vec<&str> = match &repeated {
        Some(r) => r.iter().map(String::as_str).collect(),
        None => raw,
    };
    // Borrowed where a line stays as it is (most of a folded text's lines).
    let folded = fold_subtrees(&raw).or_else(|| {
        repeated.as_ref().map(|r| {
            r.iter()
                .map(|l| std::borrow::Cow::Borrowed(l.as_str()))
                .collect()
        })
    });
    let lines: Vec<&str> = match &folded {
        Some(f) => f.iter().map(|l| l.as_ref()).collect(),
        None => raw,
    };
    let mut shapes: Vec<Shape> = lines.iter().map(|l| shape(l)).collect();
    outer_tap_results(&lines, &mut shapes);
    let count = |s: Shape| shapes.iter().filter(|&&x| x == s).count();
    let (passes, progress, rules) = (
        count(Shape::Pass),
        count(Shape::Progress),
        count(Shape::Rule),
    );
    let counts_passes = passes >= SHAPE_MIN_LINES;
    let counts_progress = progress >= SHAPE_MIN_LINES;
    let count_rows = lines
        .iter()
        .filter(|l| count_row(l).is_some())
        .take(SHAPE_MIN_LINES)
        .count()
        >= SHAPE_MIN_LINES;
    if !counts_passes
        && !counts_progress
        && !count_rows
        && rules < RULES_MIN_LINES
        && folded.is_none()
        && !tap_trimmed
        && blobs.is_none()
        && details.is_none()
        && !links_dropped
    {
        return None;
    }
    let last_progress = shapes.iter().rposition(|&s| s == Shape::Progress);
    let mut out: Vec<std::borrow::Cow<str>> = Vec::with_capacity(lines.len());
    let mut said_pass = false;
    for (i, (&line, &s)) in lines.iter().zip(&shapes).enumerate() {
        match s {
            Shape::Pass if counts_passes => {
                if !said_pass {
                    out.push(
                        if passing_groups > 0 {
                            format!(
                                "{line} (and {} more passing lines like it, in {passing_groups} \
                                 groups that all passed)",
                                passes - 1
                            )
                        } else {
                            format!("{line} (and {} more passing lines like it)", passes - 1)
                        }
                        .into(),
                    );
                    said_pass = true;
                }
            }
            Shape::Progress if counts_progress => {
                if Some(i) == last_progress {
                    out.push(format!("{line} (after {} progress lines)", progress - 1).into());
                }
            }
            Shape::Rule => {}
            _ => match count_rows.then(|| count_row(line)).flatten() {
                Some((n, name)) => out.push(format!("{n} {name}").into()),
                // Borrowed: most lines stay as they are, and are copied once, by the join.
                None => out.push(std::borrow::Cow::Borrowed(line)),
            },
        }
    }
    Some(join_lines(out))
}

/// Fewest blocks in a row with the same details for the details to be said once: the note
/// that says they are shared costs about what one block's details do.
const SAME_DETAILS_MIN_BLOCKS: usize = 4;

/// Blocks of a line and the indented lines under it (a finding and its details: lockfile-lint's
/// `detected invalid host(s) for package: P` over `    expected: H` and `    actual: H`), in a
/// run of [`SAME_DETAILS_MIN_BLOCKS`] or more whose details are the same lines in every block:
/// each block's line stays, and the details are said once after the run's last, under a line
/// saying they were under each; the blank lines between the blocks go. `None` when no run has
/// them.
fn same_details_said_once(lines: &[&str]) -> Option<String> {
    let indented = |l: &str| l.starts_with([' ', '\t']) && !is_blank(l);
    // Each block: its line, the end of its details, the end of the blank lines after it.
    let block_at = |i: usize| -> Option<(usize, usize)> {
        let head = lines.get(i)?;
        if head.starts_with([' ', '\t']) || is_blank(head) {
            return None;
        }
        let details = lines[i + 1..].iter().take_while(|l| indented(l)).count();
        if details == 0 {
            return None;
        }
        let end = i + 1 + details;
        let blanks = lines[end..].iter().take_while(|l| is_blank(l)).count();
        Some((end, end + blanks))
    };
    let mut out: Vec<std::borrow::Cow<str>> = Vec::with_capacity(lines.len());
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        let Some((details_end, next)) = block_at(i) else {
            out.push(lines[i].into());
            i += 1;
            continue;
        };
        let details = &lines[i + 1..details_end];
        // The run: the blocks after this one with the same details.
        let mut heads = vec![lines[i]];
        let mut run_end = (details_end, next);
        while let Some((d_end, n)) =
            block_at(run_end.1).filter(|&(d_end, _)| lines[run_end.1 + 1..d_end] == *details)
        {
            heads.push(lines[run_end.1]);
            run_end = (d_end, n);
        }
        if heads.len() < SAME_DETAILS_MIN_BLOCKS {
            out.extend(
                lines[i..next]
                    .iter()
                    .map(|&l| std::borrow::Cow::Borrowed(l)),
            );
            i = next;
            continue;
        }
        out.extend(heads.iter().map(|&h| std::borrow::Cow::Borrowed(h)));
        out.push(format!("(under each of the {} lines above:)", heads.len()).into());
        out.extend(details.iter().map(|&l| std::borrow::Cow::Borrowed(l)));
        // The blank lines after the run's last block stay: they part it from what follows.
        out.extend(
            lines[run_end.0..run_end.1]
                .iter()
                .map(|&l| std::borrow::Cow::Borrowed(l)),
        );
        changed = true;
        i = run_end.1;
    }
    changed.then(|| join_lines(out))
}

/// Fewest characters of a data URI's payload for it to be said by its length: an inline source
/// map or an embedded font is hundreds of tokens of base64 that say nothing a model reads.
const DATA_PAYLOAD_MIN_CHARS: usize = 100;

/// `text` with each data URI's base64 payload of [`DATA_PAYLOAD_MIN_CHARS`] or more (a build's
/// inline source map, `sourceMappingURL=data:application/json;base64,eyJ2…`, an image or font
/// embedded in a stylesheet) said as its length: `;base64,…(1304 characters)`. `None` when it
/// has none.
fn data_payloads_counted(text: &str) -> Option<String> {
    const MARK: &str = ";base64,";
    let finder = memchr::memmem::Finder::new(MARK);
    let mut out = String::new();
    let mut copied = 0;
    for at in finder.find_iter(text.as_bytes()) {
        let from = at + MARK.len();
        if from < copied {
            continue;
        }
        let len = text.as_bytes()[from..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
            .count();
        if len < DATA_PAYLOAD_MIN_CHARS {
            continue;
        }
        out.push_str(&text[copied..from]);
        out.push_str(&format!("…({len} characters)"));
        copied = from + len;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&text[copied..]);
    Some(out)
}

/// Lines that are only a link to a rule's documentation, whose last part names the rule the
/// finding's line before said (`Error was generated by the operation-summary rule.` then
/// `Reference: https://redocly.com/docs/cli/rules/oas/operation-summary`): the rule's name says
/// where to read, as cargo's and shellcheck's lint links do, which their filters drop. The blank
/// lines after it go with it when one stands before it. `None` when none goes.
fn rule_links_dropped<'a>(lines: &[&'a str]) -> Option<Vec<&'a str>> {
    let link_names = |line: &str, before: &str| {
        let t = line.trim();
        // An optional label before the link: `Reference:`, `See`, `More info:`.
        let url = t.rsplit(' ').next().unwrap_or(t);
        let label = &t[..t.len() - url.len()];
        if label.len() > 24 || !(url.starts_with("https://") || url.starts_with("http://")) {
            return false;
        }
        let name = url
            .trim_end_matches('/')
            .rsplit(['/', '#', '='])
            .next()
            .unwrap_or("");
        // A rule's name: a word of letters, digits, `-` and `_` (not a file, not data quoted
        // in a report: `"Source, https://github.com/x/pipdeptree",`, not an issue's number,
        // a Markdown reference's `[i365]: https://…/issues/365`), said on the line before as a
        // rule's.
        name.len() >= 3
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && name.bytes().any(|b| b.is_ascii_alphabetic())
            && has(before, name)
            && has(before, "rule")
    };
    let mut keep = vec![true; lines.len()];
    let mut before: Option<usize> = None;
    for (i, l) in lines.iter().enumerate() {
        // Only a line holding a link is read further; a blank one (ASCII blanks: the test runs
        // on every line) is no finding's line.
        if !has(l, "://") {
            if !l.bytes().all(|b| b.is_ascii_whitespace()) {
                before = Some(i);
            }
            continue;
        }
        if let Some(b) = before.filter(|&b| link_names(l, lines[b])) {
            keep[i] = false;
            // The blank lines after it go when one stands before it.
            if b + 1 < i {
                let blank = |k: &usize| is_blank(lines[*k]);
                for k in (i + 1..lines.len()).take_while(blank) {
                    keep[k] = false;
                }
            }
            continue;
        }
        before = Some(i);
    }
    keep.contains(&false).then(|| kept(lines, &keep))
}

/// A row of a count table (rubocop's `--format offenses`, a tally's `352   Style/Strings`): a
/// count, padding to a column, one name (no second padded column). With
/// [`SHAPE_MIN_LINES`] of them, the padding goes: one space says the same.
fn count_row(line: &str) -> Option<(&str, &str)> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &line[digits..];
    let name = rest.trim_start_matches(' ');
    (digits > 0
        && rest.len() - name.len() >= 2
        && !name.is_empty()
        && !has(name, "  ")
        && !name.contains('\t'))
    .then(|| (&line[..digits], name.trim_end()))
}

/// TAP 13's details (node's test runner, `tap`): a result's `# Subtest: name` heading just
/// before `ok 3 - name` says its name again and goes; a pass's YAML block (`---`,
/// `duration_ms: 0.2`, `...`) goes when it says no trouble; a failure's block keeps what an
/// agent acts on, its `location`, its `error` and the frames of its `stack` that name a file,
/// and drops the runner's bookkeeping (the block's markers, blank lines, [`TAP_NOISE_KEYS`],
/// and `expected`/`actual`, which the error's diff shows) and the runtime's own frames
/// (`Test.run (node:internal/test_runner/test:796:25)`, no file). `None` when the text has no
/// result with a YAML block.
fn tap_details_dropped<'a>(lines: &[&'a str]) -> Option<Vec<&'a str>> {
    let mut keep = vec![true; lines.len()];
    let mut changed = false;
    for i in 0..lines.len() {
        let t = lines[i].trim_start();
        let (failed, rest) = match t.strip_prefix("not ok ") {
            Some(r) => (true, r),
            None => match t.strip_prefix("ok ") {
                Some(r) => (false, r),
                None => continue,
            },
        };
        if !rest.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let name = rest.split_once(" - ").map(|(_, n)| n);
        let name = name.map(|n| n.split_once(" # ").map_or(n, |(n, _)| n));
        if i > 0 && name.is_some() && lines[i - 1].trim_start().strip_prefix("# Subtest: ") == name
        {
            keep[i - 1] = false;
            changed = true;
        }
        let Some(open) = lines.get(i + 1).filter(|l| l.trim() == "---") else {
            continue;
        };
        let indent = open.len() - trim_start(open).len();
        let Some(end) = lines[i + 2..]
            .iter()
            .position(|l| l.trim() == "..." && l.len() - trim_start(l).len() == indent)
            .map(|e| i + 2 + e)
        else {
            continue;
        };
        let block = i + 2..end;
        if !failed || has_directive(rest) {
            if lines[block.clone()].iter().all(|l| {
                let l = trim_start(l);
                l.split_once(": ").is_some_and(|(k, _)| !k.contains(' ')) && !says_trouble(l)
            }) {
                keep[i + 1..=end].fill(false);
                changed = true;
            }
            continue;
        }
        keep[i + 1] = false;
        keep[end] = false;
        changed = true;
        // Each key at the block's indent, with the deeper lines under it as its value. A
        // frame key (`stack`, ava's `at`) keeps the frames that name a file outside installed
        // dependencies; with none, the key goes too (`at: 'ExecutionContext.is
        // (file:///w/node_modules/ava/lib/assert.js:309:16)'`).
        let is_own_frame =
            |l: &str| (has_location(l) || has(l, "file://")) && !is_dependency_frame(l);
        // `expected`/`actual` are noise only where an `error` says them as its diff (node's
        // runner); tape's block has no `error`, and its values are the failure's facts.
        let has_error = lines[block.clone()]
            .iter()
            .any(|l| trim_start(l).starts_with("error:"));
        let noise = |key: &str| {
            TAP_NOISE_KEYS.contains(&key) && (has_error || !matches!(key, "expected" | "actual"))
        };
        // An inline `at: frame` (tape) is said again by the stack's frame of the same place.
        let inline_at: Option<&str> = lines[block.clone()].iter().find_map(|l| {
            trim_start(l)
                .strip_prefix("at: ")
                .filter(|v| !v.starts_with(['|', '>']))
        });
        // The keys' indent: node's runner writes them at the markers' (`---`), ava deeper.
        let indent = lines[block.clone()]
            .iter()
            .filter(|l| !is_blank(l))
            .map(|l| l.len() - trim_start(l).len())
            .min()
            .unwrap_or(indent);
        let mut key = "";
        // The frame key's line, while none of its frames is kept.
        let mut frames_key: Option<usize> = None;
        for k in block {
            let line = lines[k];
            let depth = line.len() - trim_start(line).len();
            if is_blank(line) {
                keep[k] = false;
                continue;
            }
            if depth == indent {
                if let Some(at) = frames_key.take() {
                    keep[at] = false;
                }
                let t = trim_start(line);
                let (name, value) = t.split_once(':').unwrap_or((t, ""));
                key = name;
                let value = value.trim();
                keep[k] = !noise(key) && value != "''";
                if matches!(key, "stack" | "at") {
                    let inline = !value.is_empty() && !value.starts_with(['|', '>']);
                    if inline {
                        keep[k] = is_own_frame(line);
                    } else {
                        frames_key = Some(k);
                    }
                }
                continue;
            }
            keep[k] = match key {
                "stack" | "at" => {
                    is_own_frame(line)
                        && inline_at
                            .is_none_or(|at| trim_start(line).strip_prefix("at ") != Some(at))
                }
                k => !noise(k),
            };
            if keep[k] && matches!(key, "stack" | "at") {
                frames_key = None;
            }
        }
        if let Some(at) = frames_key {
            keep[at] = false;
        }
    }
    changed.then(|| kept(lines, &keep))
}

/// Whether `text` is a TAP stream: a `TAP version N` line, or a plan (`1..N`) with results
/// (`ok 1 …`, `not ok 2 …`) at the start of lines. Read as TAP before any other shape: a
/// failure's stack inside it is the failure's detail, not a trace of the run's own.
pub(super) fn looks_like_tap(text: &str) -> bool {
    // Without a version line, or a plan and an `ok `, no line can make it TAP: three searches
    // of the text, not a reading of each line (this runs on every output no filter names).
    let may_be_tap =
        text_has(text, "TAP version ") || (text_has(text, "1..") && text_has(text, "ok "));
    if !may_be_tap {
        return false;
    }
    let mut plan = false;
    let mut results = 0;
    for line in text.split_lines() {
        let t = line.trim_end();
        if t.starts_with("TAP version ") {
            return true;
        }
        plan |= t
            .strip_prefix("1..")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let rest = t.strip_prefix("not ok ").or_else(|| t.strip_prefix("ok "));
        results += usize::from(rest.is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit())));
        if plan && results >= 2 {
            return true;
        }
    }
    false
}

/// Whether a TAP comment is one of the stream's closing counts (`# tests 153`, `# pass 151`,
/// `# fail 2`, `# ok`, node's `# duration_ms 41.2`), not a group's heading.
fn is_tap_count(comment: &str) -> bool {
    let mut words = comment.split_whitespace();
    let word = words.next().unwrap_or("");
    let value = words.next();
    matches!(
        word,
        "tests" | "pass" | "fail" | "ok" | "skip" | "todo" | "cancelled" | "suites" | "duration_ms"
    ) && words.next().is_none()
        && value.is_none_or(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// A flat TAP stream's group headings (tape's `# name` before its assertions) whose results
/// all passed, dropped: the passes are counted, and a heading names nothing that failed.
/// A heading over a failure, a directive or no result at all stays. `(kept lines, headings
/// dropped)`; `None` when none is.
fn passing_tap_headings_dropped<'a>(lines: &[&'a str]) -> Option<(Vec<&'a str>, usize)> {
    let heading = |l: &str| {
        l.strip_prefix("# ")
            .is_some_and(|c| !c.starts_with("Subtest:") && !is_tap_count(c))
    };
    let mut keep = vec![true; lines.len()];
    let mut dropped = 0;
    let mut i = 0;
    while i < lines.len() {
        if !heading(lines[i]) {
            i += 1;
            continue;
        }
        let end = (i + 1..lines.len())
            .find(|&k| lines[k].starts_with("# ") || lines[k].trim_start().starts_with("1.."))
            .unwrap_or(lines.len());
        let mut passed = 0;
        let mut other = false;
        for l in &lines[i + 1..end] {
            let t = trim_start(l);
            match t.strip_prefix("ok ") {
                Some(r) if r.starts_with(|c: char| c.is_ascii_digit()) && !has_directive(r) => {
                    passed += 1
                }
                _ => other |= t.starts_with("not ok ") || t.starts_with("ok "),
            }
        }
        if passed > 0 && !other {
            keep[i] = false;
            dropped += 1;
        }
        i = end;
    }
    (dropped > 0).then(|| (kept(lines, &keep), dropped))
}

/// A TAP failure's plain details (mocha's tap reporter: the message, then `AssertionError
/// [ERR_ASSERTION]: ` and the same message again, then the stack): the first telling goes
/// when the error's line and the lines after it say it again; blank lines and the runtime's
/// or a dependency's frames go too. `None` when no failure has such details.
fn tap_repeated_errors_dropped<'a>(lines: &[&'a str]) -> Option<Vec<&'a str>> {
    let mut keep = vec![true; lines.len()];
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        let failed = lines[i]
            .strip_prefix("not ok ")
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        let end = (i + 1..lines.len())
            .find(|&k| !lines[k].is_empty() && !lines[k].starts_with(char::is_whitespace))
            .unwrap_or(lines.len());
        // A YAML block (`---`) has its own reading (tap_details_dropped).
        if !failed || lines.get(i + 1).is_some_and(|l| l.trim() == "---") {
            i = end.max(i + 1);
            continue;
        }
        let shown: Vec<usize> = (i + 1..end).filter(|&k| !is_blank(lines[k])).collect();
        for k in i + 1..end {
            if is_blank(lines[k]) || is_dependency_frame(lines[k]) {
                keep[k] = false;
                changed = true;
            }
        }
        // The repeat: a line `…Error…: <first line>`, then the lines after the first again.
        if let Some(&first) = shown.first() {
            let said = lines[first].trim();
            let again = shown.iter().position(|&k| {
                k != first
                    && lines[k]
                        .trim()
                        .strip_suffix(said)
                        .is_some_and(|p| p.ends_with(": ") && has(p, "Error"))
            });
            if let Some(at) = again {
                let same = (1..at).all(|n| {
                    shown
                        .get(at + n)
                        .is_some_and(|&k| lines[k].trim() == lines[shown[n]].trim())
                });
                if at > 0 && same {
                    for &k in &shown[..at] {
                        keep[k] = false;
                    }
                    changed = true;
                }
            }
        }
        i = end;
    }
    changed.then(|| kept(lines, &keep))
}

/// The lines whose `keep` is true, in order.
fn kept<'a>(lines: &[&'a str], keep: &[bool]) -> Vec<&'a str> {
    lines
        .iter()
        .zip(keep)
        .filter(|(_, &k)| k)
        .map(|(l, _)| *l)
        .collect()
}

/// A failing TAP result's YAML keys that are the runner's bookkeeping, or (`expected`,
/// `actual`) the values the `error`'s diff already shows.
const TAP_NOISE_KEYS: [&str; 8] = [
    "duration_ms",
    "type",
    "failureType",
    "code",
    "name",
    "operator",
    "expected",
    "actual",
];

/// Nested TAP (node's test runner, a suite's subtests indented under it): the outermost
/// results are each file's or suite's verdict, and stay; the passes counted are the ones
/// nested under them.
fn outer_tap_results(lines: &[&str], shapes: &mut [Shape]) {
    let nested = |l: &str| l.starts_with(char::is_whitespace);
    let is_tap = |l: &str| trim_start(l).starts_with("ok ");
    let any_nested = lines
        .iter()
        .zip(shapes.iter())
        .any(|(l, s)| *s == Shape::Pass && is_tap(l) && nested(l));
    if !any_nested {
        return;
    }
    for (l, s) in lines.iter().zip(shapes.iter_mut()) {
        if *s == Shape::Pass && is_tap(l) && !nested(l) {
            *s = Shape::Other;
        }
    }
}

/// An indented tree's repeated subtrees said once: a line and the lines after it indented
/// deeper are a subtree; one that says an earlier subtree again, line for line (indents
/// relative to its first line), is written as its first line and `(its N lines as above)`.
/// `None` when nothing repeats. Subtrees are compared by a hash built from the leaves up, then
/// line for line where the hashes match, so a deep tree costs one pass.
fn fold_subtrees<'a>(lines: &[&'a str]) -> Option<Vec<std::borrow::Cow<'a, str>>> {
    use crate::minimize::text::{FastHash, Fnv};
    use std::collections::HashMap;
    use std::hash::{Hash, Hasher};
    // Each line read once: its leading blanks, and whether it is blank (a blank line is depth
    // 0). Asked per line in each pass below, `trim` was most of the pass's reading.
    let lead: Vec<usize> = lines
        .iter()
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .collect();
    let blank: Vec<bool> = lines.iter().map(|l| is_blank(l)).collect();
    let depth: Vec<usize> = lead
        .iter()
        .zip(&blank)
        .map(|(&n, &b)| if b { 0 } else { n })
        .collect();
    // A line without its leading blanks.
    let body = |i: usize| &lines[i][lead[i]..];
    // Where each line's subtree ends (exclusive): the first later line no deeper than it.
    let mut end = vec![lines.len(); lines.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, &d) in depth.iter().enumerate() {
        while open.last().is_some_and(|&o| depth[o] >= d || blank[i]) {
            end[open.pop().unwrap_or(0)] = i;
        }
        if blank[i] {
            end[i] = i + 1;
        } else {
            open.push(i);
        }
    }
    if !end
        .iter()
        .enumerate()
        .any(|(i, &e)| e - i > SUBTREE_MIN_LINES)
    {
        return None;
    }
    // Each subtree's hash: its first line, then its children's hashes at their relative indent.
    let mut hash = vec![0u64; lines.len()];
    for i in (0..lines.len()).rev() {
        // Fnv, not SipHash: the hashes only find candidates inside this call (`same` checks
        // each), and SipHash of every line was most of the pass's hashing.
        let mut h = Fnv::default();
        body(i).hash(&mut h);
        let mut child = i + 1;
        while child < end[i] {
            (depth[child] - depth[i], hash[child]).hash(&mut h);
            child = end[child].max(child + 1);
        }
        hash[i] = h.finish();
    }
    let same = |a: usize, b: usize| {
        end[a] - a == end[b] - b
            && (0..end[a] - a).all(|k| {
                depth[a + k] + depth[b] == depth[b + k] + depth[a] && body(a + k) == body(b + k)
            })
    };
    let mut first: HashMap<u64, usize, FastHash> = HashMap::default();
    let mut out = Vec::with_capacity(lines.len());
    let mut folded = false;
    let mut i = 0;
    while i < lines.len() {
        let size = end[i] - i;
        if size > SUBTREE_MIN_LINES {
            match first.get(&hash[i]) {
                Some(&earlier) if same(earlier, i) => {
                    out.push(format!("{} (its {} lines as above)", lines[i], size - 1).into());
                    folded = true;
                    i = end[i];
                    continue;
                }
                Some(_) => {}
                None => {
                    first.insert(hash[i], i);
                }
            }
        }
        out.push(std::borrow::Cow::Borrowed(lines[i]));
        i += 1;
    }
    folded.then_some(out)
}

/// Fewest lines in a numbered failure's details for a repeat of them to be said as one: a
/// shorter repeat costs about what the note does.
const REPEAT_DETAIL_MIN_LINES: usize = 3;

/// A test runner's numbered failures (mocha's `  2) suite`, the test's title under it, then its
/// error, its diff and its stack) whose details are an earlier failure's, line for line: the
/// header and title stay, the details are said once, where they were first
/// (`(the same error and stack as 1) above)`). `None` when no failure repeats another's.
pub(super) fn same_failure_details(lines: &[&str]) -> Option<Vec<String>> {
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| failure_number(lines[i]).is_some())
        .collect();
    if starts.len() < 2 {
        return None;
    }
    let mut out: Vec<String> = lines[..starts[0]].iter().map(|l| l.to_string()).collect();
    let mut first_with: std::collections::HashMap<&[&str], &str> = Default::default();
    let mut changed = false;
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(lines.len());
        // The header and the title lines under it, up to the first blank line.
        let title_end = (start + 1..end)
            .find(|&i| is_blank(lines[i]))
            .unwrap_or(end);
        let mut detail_end = end;
        while detail_end > title_end && is_blank(lines[detail_end - 1]) {
            detail_end -= 1;
        }
        let detail = &lines[title_end..detail_end];
        out.extend(lines[start..title_end].iter().map(|l| l.to_string()));
        let shown = detail.iter().filter(|l| !is_blank(l)).count();
        match first_with.get(detail) {
            Some(first) if shown >= REPEAT_DETAIL_MIN_LINES => {
                out.push(format!(
                    "      (the same error and stack as {first}) above)"
                ));
                out.extend(lines[detail_end..end].iter().map(|l| l.to_string()));
                changed = true;
            }
            _ => {
                first_with
                    .entry(detail)
                    .or_insert(failure_number(lines[start]).unwrap_or(""));
                out.extend(lines[title_end..end].iter().map(|l| l.to_string()));
            }
        }
    }
    changed.then_some(out)
}

/// A numbered failure's number: two blanks, the number, `) ` (mocha's list of the run's tests
/// above indents its failures deeper).
fn failure_number(line: &str) -> Option<&str> {
    let t = line.strip_prefix("  ").filter(|t| !t.starts_with(' '))?;
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0 && t[digits..].starts_with(") ")).then(|| &t[..digits])
}
