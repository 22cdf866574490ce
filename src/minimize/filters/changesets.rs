//! Mercurial's changeset records (`hg log`, `heads`, `tip`, `parents`, `incoming`, a script
//! around them), read by their shape: a `changeset:   N:hash` line, then `user:`, `date:` and
//! the other fields a line each, a blank line after each record. Kept: every field's line (its
//! name and value, the user's address), `-v`'s description, `--stat`'s lines, every changed line
//! of `-p`'s patches under its file. Said shorter: a field's padding (one space after its name),
//! its date as `2026-01-16 12:16 +0000`, a patch as git's diffs are said (`--- path`, the changed
//! lines; see `git::compact_unified`). Dropped: a patch's `diff -r parent -r node path` line
//! (the node is the record's, the path its `--- path`'s), the `---`/`+++` lines' dates and the
//! hunks' context lines.

use super::git::{compact_unified, iso_date};
use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::join_lines;
use crate::minimize::text::SplitLines;

/// Most lines before the first record (`comparing with …`, `searching for changes`) for an
/// output to be read as changesets: more is another report that shows one.
const LEAD_LINES: usize = 2;

/// Fewest characters of a log with patches for its hunks to be said apart by an empty line
/// rather than by their place, as git's filter says a long history (a past version's line
/// numbers are nothing a model edits today): about 4,000 tokens.
const HISTORY_CHARS: usize = 16_000;

/// `changeset:   5:62f73b57ccf5` as the record's first line: a revision number, a colon and
/// 12 to 40 hex digits.
fn is_changeset_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("changeset:") else {
        return false;
    };
    let Some((rev, node)) = rest.trim().split_once(':') else {
        return false;
    };
    !rev.is_empty()
        && rev.bytes().all(|b| b.is_ascii_digit())
        && (12..=40).contains(&node.len())
        && node.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A record's field line, `name:` padded to a column then its value: (`name`, `value`).
fn field(line: &str) -> Option<(&str, &str)> {
    let (name, value) = line.split_once(':')?;
    let known = name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b == b'+' || b == b'-')
        && !name.is_empty();
    // The padding: at least one blank after the colon, or none for an empty value.
    (known && (value.is_empty() || value.starts_with(' '))).then(|| (name, value.trim()))
}

/// Whether `head` (an output's first lines) reads as changeset records: a changeset line among
/// its first [`LEAD_LINES`] + 1 lines, a `user:` or `date:` field within the next lines.
pub(super) fn looks_like_changesets(head: &str) -> bool {
    let lines: Vec<&str> = head.split_lines().collect();
    let Some(at) = lines
        .iter()
        .take(LEAD_LINES + 1)
        .position(|l| is_changeset_line(l))
    else {
        return false;
    };
    lines[at + 1..]
        .iter()
        .take(6)
        .any(|l| l.starts_with("user:") || l.starts_with("date:"))
}

/// Changeset records with their padding, dates and patches said shorter (see the module's
/// header); lines of another shape between them stay as written.
pub(super) fn changesets(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let records = lines.iter().filter(|l| is_changeset_line(l)).count();
    if records == 0 {
        return None;
    }
    let history = ctx.text.len() > HISTORY_CHARS && records > 1;
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    // Whether the lines are a record's fields (from its changeset line to the first line that
    // is not a field); `description:`'s text runs to the blank line after it.
    let mut in_fields = false;
    let mut in_description = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_changeset_line(line) {
            in_fields = true;
            in_description = false;
        }
        // A description's text runs to the record's patch or the next record, as written (its
        // paragraphs have blank lines between them).
        if in_description && !is_patch_start(&lines, i) {
            out.push(line.to_string());
            i += 1;
            continue;
        }
        if in_fields {
            if let Some((name, value)) = field(line) {
                let value = if name == "date" {
                    iso_date(value)
                } else {
                    value.to_string()
                };
                if name == "description" {
                    in_description = true;
                    in_fields = false;
                }
                out.push(format!("{name}: {value}").trim_end().to_string());
                i += 1;
                continue;
            }
            in_fields = false;
        }
        if is_patch_start(&lines, i) {
            // The record's patch: to the next record's changeset line (its blank line before
            // it stays).
            let end = (i..lines.len())
                .find(|&j| is_changeset_line(lines[j]))
                .unwrap_or(lines.len());
            let mut end_of_patch = end;
            while end_of_patch > i && is_blank(lines[end_of_patch - 1]) {
                end_of_patch -= 1;
            }
            let patch = patch_lines(&lines[i..end_of_patch]);
            let refs: Vec<&str> = patch.iter().map(String::as_str).collect();
            let (compact, files) = compact_unified(&refs, history, history);
            if files == 0 {
                return None;
            }
            out.extend(compact);
            out.extend(lines[end_of_patch..end].iter().map(|l| l.to_string()));
            i = end;
            continue;
        }
        out.push(line.to_string());
        i += 1;
    }
    Some(join_lines(out))
}

/// Whether a patch starts at `lines[i]`: Mercurial's `diff -r …` line or a `---` line, each
/// followed by the `---`/`+++` pair of its file.
fn is_patch_start(lines: &[&str], i: usize) -> bool {
    let pair_at = |j: usize| {
        lines.get(j).is_some_and(|l| l.starts_with("--- "))
            && lines.get(j + 1).is_some_and(|l| l.starts_with("+++ "))
    };
    (lines[i].starts_with("diff ") && pair_at(i + 1)) || pair_at(i)
}

/// A record's patch as git's compactor reads it: Mercurial's `diff -r parent -r node path`
/// lines dropped where a `---`/`+++` pair follows (which names the file), a new file's `+++`
/// marked `(new file)`, a removed file's `+++ /dev/null` said with its old path.
fn patch_lines(lines: &[&str]) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let next_pair = lines.get(i + 1).is_some_and(|l| l.starts_with("--- "))
            && lines.get(i + 2).is_some_and(|l| l.starts_with("+++ "));
        if line.starts_with("diff -r ") && next_pair {
            i += 1;
            continue;
        }
        let path = |l: &str, sign: &str| {
            let p = l[4..]
                .split('\t')
                .next()
                .unwrap_or("")
                .trim_end()
                .to_string();
            p.strip_prefix(sign).map_or(p.clone(), str::to_string)
        };
        if line.starts_with("--- ") && lines.get(i + 1).is_some_and(|l| l.starts_with("+++ ")) {
            let (old, new) = (path(line, "a/"), path(lines[i + 1], "b/"));
            out.push(line.to_string());
            if old == "/dev/null" {
                out.push(format!("+++ b/{new} (new file)"));
            } else if new == "/dev/null" {
                out.push(format!("+++ b/{old} (deleted: /dev/null)"));
            } else {
                out.push(format!("+++ b/{new}"));
            }
            i += 2;
            continue;
        }
        out.push(line.to_string());
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::Context;
    use crate::minimize::command::single_simple_command;
    use crate::minimize::settings::OutlineLevel;
    use pretty_assertions::assert_eq;

    fn run(command: &str, text: &str) -> Option<(String, String)> {
        let inv = single_simple_command(command).expect("a simple command");
        super::super::run(&Context {
            inv: &inv,
            text,
            outline: OutlineLevel::Default,
        })
    }

    const LOG_P: &str = "changeset:   0:8d7801eb6269\nuser:        Bo <bo@example.org>\ndate:        Sun Jan 11 12:11:00 2026 +0000\nsummary:     tests: cover rate 1\n\ndiff -r 000000000000 -r 8d7801eb6269 tests/test_rates.py\n--- /dev/null\tThu Jan 01 00:00:00 1970 +0000\n+++ b/tests/test_rates.py\tSun Jan 11 12:11:00 2026 +0000\n@@ -0,0 +1,1 @@\n+def test_rate_1(): assert True\n\nchangeset:   1:869ad38b171a\ntag:         tip\nuser:        Ana <ana@example.org>\ndate:        Mon Jan 12 12:12:00 2026 +0000\nsummary:     tests: cover rate 2\n\ndiff -r 8d7801eb6269 -r 869ad38b171a tests/test_rates.py\n--- a/tests/test_rates.py\tSun Jan 11 12:11:00 2026 +0000\n+++ b/tests/test_rates.py\tMon Jan 12 12:12:00 2026 +0000\n@@ -1,1 +1,2 @@\n def test_rate_1(): assert True\n+def test_rate_2(): assert True\ndiff -r 8d7801eb6269 -r 869ad38b171a old.txt\n--- a/old.txt\tSun Jan 11 12:11:00 2026 +0000\n+++ /dev/null\tThu Jan 01 00:00:00 1970 +0000\n@@ -1,1 +0,0 @@\n-gone\n\n";

    #[test]
    fn a_log_with_patches_keeps_each_record_and_its_changed_lines() {
        let (label, out) = run("hg log -p", LOG_P).expect("rewritten");
        assert_eq!(label, "changesets");
        assert_eq!(
            out,
            "changeset: 0:8d7801eb6269\nuser: Bo <bo@example.org>\ndate: 2026-01-11 12:11 +0000\nsummary: tests: cover rate 1\n\n--- tests/test_rates.py (new file)\n1 +def test_rate_1(): assert True\n\nchangeset: 1:869ad38b171a\ntag: tip\nuser: Ana <ana@example.org>\ndate: 2026-01-12 12:12 +0000\nsummary: tests: cover rate 2\n\n--- tests/test_rates.py\n2 +def test_rate_2(): assert True\n--- old.txt (deleted: /dev/null)\n0 -gone\n"
        );
        // The same shape whatever printed it.
        assert_eq!(run("blindprog log -p", LOG_P).map(|r| r.1), Some(out));
    }

    #[test]
    fn records_without_patches_keep_every_field_and_description_line() {
        let record = "changeset:   123:df3e85894a9a\nbookmark:    feature-x\nparent:      121:88b1345b0b44\nuser:        Dev Person <dev@example.org>\ndate:        Fri Jul 03 10:00:00 2026 +0000\nfiles:       inv/config.py\ndescription:\ndefault: unstable marker\n\nnote:   kept as written\n\n\n inv/config.py |  1 +\n 1 files changed, 1 insertions(+), 0 deletions(-)\n\n";
        let out = run("hg log -v --stat", &record.repeat(3))
            .expect("rewritten")
            .1;
        let said = "changeset: 123:df3e85894a9a\nbookmark: feature-x\nparent: 121:88b1345b0b44\nuser: Dev Person <dev@example.org>\ndate: 2026-07-03 10:00 +0000\nfiles: inv/config.py\ndescription:\ndefault: unstable marker\n\nnote:   kept as written\n\n inv/config.py |  1 +\n 1 files changed, 1 insertions(+), 0 deletions(-)\n";
        assert_eq!(out, [said, said, said].join("\n"));
    }

    #[test]
    fn a_near_miss_is_left_to_other_rules() {
        // A `changeset:` word in prose, and a record with no user or date after it.
        assert!(!super::looks_like_changesets(
            "the changeset: 5 was bad\nuser: x\n"
        ));
        assert!(!super::looks_like_changesets(
            "changeset:   5:62f73b57ccf5\nsummary:     x\n\nfoo\nbar\nbaz\nqux\nquux\n"
        ));
        // The first record after more lines than a preamble.
        assert!(!super::looks_like_changesets(
            "a\nb\nc\nchangeset:   5:62f73b57ccf5\nuser:        A\n"
        ));
        assert!(super::looks_like_changesets(
            "comparing with ../up\nsearching for changes\nchangeset:   5:62f73b57ccf5\nuser:        A\n"
        ));
    }
}
