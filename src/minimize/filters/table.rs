//! A padded table: a header row, a rule of `-` or `=` under it that marks the columns, and rows
//! aligned to them (`pip list`, `pip list -v`, `dpkg -l`, a report printed the same way). The
//! padding is layout: each row's cells are said one space apart; a column whose cell is the same
//! on every row (`pip list -v`'s location and installer) is said once, beside the header; a run
//! of rows that share their first cell (`dpkg -l`'s `ii`) has it once, above the run. Everything
//! before the header (a legend) stays as written.

use super::Context;
use crate::minimize::text::join_lines;
use crate::minimize::text::SplitLines;

/// Fewest rows for the table to be rewritten: below it the padding costs less than the notes.
const TABLE_MIN_ROWS: usize = 8;

/// Fewest rows in a run that shares its first cell for the cell to be said once above it (the
/// run's header line costs about what two rows' first cells do).
const RUN_MIN_ROWS: usize = 3;

/// How far down the header and its rule may be (a legend before them, as `dpkg -l` prints).
const RULE_MAX_LINE: usize = 8;

/// Whether `text` has a padded table's header and rule near its top, and rows under them.
pub(super) fn looks_like_padded_table(text: &str) -> bool {
    table(text).is_some()
}

pub(super) fn padded(ctx: &Context) -> Option<String> {
    let t = table(ctx.text)?;
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let rows: Vec<Vec<&str>> = lines[t.rule + 1..t.end]
        .iter()
        .map(|l| cells(l, &t.starts))
        .collect::<Option<_>>()?;
    let width = t.starts.len();
    // A cell with a space inside, but the last, would read as two cells once the padding goes.
    if rows.iter().any(|r| {
        r[..width - 1]
            .iter()
            .any(|c| c.contains(' ') || c.is_empty())
    }) {
        return None;
    }
    let header = cells_loose(lines[t.rule - 1], &t.starts);
    // Columns whose cell is the same on every row (not the first: it names the row).
    let constant: Vec<bool> = (0..width)
        .map(|i| i > 0 && !rows[0][i].is_empty() && rows.iter().all(|r| r[i] == rows[0][i]))
        .collect();
    let mut out: Vec<String> = lines[..t.rule - 1].iter().map(|l| l.to_string()).collect();
    let mut head: Vec<String> = Vec::new();
    let mut said: Vec<String> = Vec::new();
    for i in 0..width {
        let name = header.get(i).copied().unwrap_or("");
        if constant[i] {
            said.push(if name.is_empty() {
                rows[0][i].to_string()
            } else {
                format!("{name} {}", rows[0][i])
            });
        } else if !name.is_empty() {
            head.push(name.to_string());
        }
    }
    let mut head = head.join(" ");
    if !said.is_empty() {
        head.push_str(&format!(" (every row: {})", said.join(", ")));
    }
    out.push(head);
    let row_text = |r: &[&str], from: usize| -> String {
        r.iter()
            .enumerate()
            .skip(from)
            .filter(|(i, c)| !constant[*i] && !c.is_empty())
            .map(|(_, c)| *c)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut i = 0;
    while i < rows.len() {
        let first = rows[i][0];
        let run = rows[i..].iter().take_while(|r| r[0] == first).count();
        if run >= RUN_MIN_ROWS && !first.is_empty() {
            out.push(format!("{first}:"));
            for r in &rows[i..i + run] {
                out.push(format!(" {}", row_text(r, 1)));
            }
        } else {
            for r in &rows[i..i + run] {
                out.push(row_text(r, 0));
            }
        }
        i += run;
    }
    out.extend(lines[t.end..].iter().map(|l| l.to_string()));
    Some(join_lines(out))
}

struct Table {
    /// The rule's line.
    rule: usize,
    /// Where each column starts (bytes).
    starts: Vec<usize>,
    /// The line after the last row.
    end: usize,
}

fn table(text: &str) -> Option<Table> {
    let mut lines = text.split_lines().enumerate().take(RULE_MAX_LINE + 1);
    let (rule, starts) = lines.find_map(|(i, l)| Some((i, rule_columns(l)?)))?;
    if rule == 0 || starts.len() < 2 {
        return None;
    }
    let end = text
        .split_lines()
        .enumerate()
        .skip(rule + 1)
        .find(|(_, l)| cells(l, &starts).is_none())
        .map_or(text.split_lines().count(), |(i, _)| i);
    // The rows are the lines between the rule and `end`.
    (end - rule > TABLE_MIN_ROWS).then_some(Table { rule, starts, end })
}

/// A rule's column starts: runs of its dominant mark (`-` or `=`) apart from what separates
/// them (a space, or `-`/`+` between `=` runs as `dpkg -l` draws them); the first column starts
/// at 0 whatever marks it.
fn rule_columns(line: &str) -> Option<Vec<usize>> {
    let b = line.trim_end().as_bytes();
    if b.len() < 10 || !b.iter().all(|c| b"-=+| ".contains(c)) {
        return None;
    }
    let dashes = b.iter().filter(|&&c| c == b'-').count();
    let equals = b.iter().filter(|&&c| c == b'=').count();
    let body = if equals > dashes { b'=' } else { b'-' };
    if dashes.max(equals) * 10 < b.len() * 7 {
        return None;
    }
    let mut starts = vec![0];
    for i in 1..b.len() {
        if b[i] == body && b[i - 1] != body {
            if b[..i].iter().all(|&c| c == b' ') {
                // Not a column: the first run's own start after leading blanks.
                continue;
            }
            starts.push(i);
        }
    }
    Some(starts)
}

/// A row's cells at the columns' starts: `None` when it is not a row (empty, shorter than its
/// columns, or text across a column's start). The last cell may be left empty, the row ending
/// inside the column before it (`pip list`'s `Editable project location`, said only for the
/// packages installed from a directory).
fn cells<'a>(line: &'a str, starts: &[usize]) -> Option<Vec<&'a str>> {
    let last = *starts.last()?;
    // With two columns, a row without its last cell would be any short line after the table.
    let before_last = match starts.len() {
        0..=2 => last,
        n => starts[n - 2],
    };
    let line = if line.len() <= last {
        line.trim_end()
    } else {
        line
    };
    if line.trim().is_empty() || line.len() <= before_last {
        return None;
    }
    let b = line.as_bytes();
    for &s in starts[1..].iter().filter(|&&s| s < line.len()) {
        if b[s - 1] != b' ' || b[s] == b' ' && s != last || !line.is_char_boundary(s) {
            return None;
        }
    }
    Some(cells_loose(line, starts))
}

/// The text between the columns' starts, trimmed (a header whose last name overflows included).
fn cells_loose<'a>(line: &'a str, starts: &[usize]) -> Vec<&'a str> {
    (0..starts.len())
        .map(|i| {
            let from = starts[i].min(line.len());
            let to = starts.get(i + 1).map_or(line.len(), |&e| e.min(line.len()));
            line.get(from..to).unwrap_or("").trim()
        })
        .collect()
}
