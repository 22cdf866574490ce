//! A padded table: a header row, a rule of `-` or `=` under it that marks the columns, and rows
//! aligned to them (`pip list`, `pip list -v`, `dpkg -l`, a report printed the same way). The
//! padding is layout: each row's cells are said one space apart; a column whose cell is the same
//! on every row (`pip list -v`'s location and installer) is said once, beside the header; a run
//! of rows that share their first cell (`dpkg -l`'s `ii`) has it once, above the run. Everything
//! before the header (a legend) stays as written. A drawn table (psql's, mysql's, `sqlite3
//! -box`'s: cells between `|` under a `---+---` rule) is said the same way without its drawing.
//! A column of two words whose first is shared by runs of rows (a timestamp's day) goes first,
//! that word said once above its run (`2026-03-01:`, then ` 00:01:00+00 1 site-02 …`).

use super::Context;
use crate::minimize::text::is_blank;
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
    Some(render(
        lines[..t.rule - 1].iter().copied(),
        &header,
        &rows,
        lines[t.end..].iter().copied(),
        Cells::Padded,
    ))
}

/// A table drawn with separators: cells between `|` (or `│`), a rule under the header whose
/// `+`/`|` (or `┼`/`│`) mark where the columns part, as psql, mysql and the like, `sqlite3
/// -box`/`-markdown` and markdown print query results. The padding and the rules are layout:
/// each row's cells are said `|` apart (see [`Cells::Drawn`]), a column the same on every row
/// once. Lines before and after the table (psql's `(12 rows)`) stay as written.
pub(super) fn drawn(ctx: &Context) -> Option<String> {
    let (rule, seps, outer) = drawn_head(ctx.text)?;
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    // The rows, read once: the lines after the rule up to the first that is not one.
    let rows: Vec<Vec<&str>> = lines[rule + 1..]
        .iter()
        .map_while(|l| drawn_cells(l, &seps, outer))
        .collect();
    if rows.len() < TABLE_MIN_ROWS {
        return None;
    }
    let end = rule + 1 + rows.len();
    let header = drawn_cells(lines[rule - 1], &seps, outer)?;
    // A border above the header and under the last row (mysql's `+----+`, `┌──┬──┐`) is layout.
    // A line's indent before or after the table (psql's title centred over it, `\d`'s index
    // lines under `Indexes:`) is said with one blank: a run of blanks costs a token where one
    // joins the word after it, and one still sets the line in.
    let before = lines[..rule - 1]
        .iter()
        .copied()
        .filter(|l| !is_drawn_rule(l))
        .map(one_blank_indent);
    let after = lines[end..]
        .iter()
        .enumerate()
        .filter(|(i, l)| !(*i == 0 && is_drawn_rule(l)))
        .map(|(_, l)| one_blank_indent(l));
    Some(render(before, &header, &rows, after, Cells::Drawn))
}

/// `line` with a leading run of blanks cut to one.
fn one_blank_indent(line: &str) -> &str {
    let text = line.trim_start_matches(' ');
    if line.len() - text.len() > 1 {
        &line[line.len() - text.len() - 1..]
    } else {
        line
    }
}

/// How a table's rows are said once its padding is gone.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cells {
    /// A padded table's: cells one space apart (no cell but the last holds one), a run of rows
    /// sharing their first cell each on its own line under it.
    Padded,
    /// A drawn table's: cells `|` apart (a cell may hold blanks, or be empty); a run of rows
    /// sharing their first cell on lines of their own after it, `first: b|c d|e`, rows a blank
    /// apart (`; ` when a cell holds one). A query result sorted by its first column is most of
    /// its rows in runs, and a run's rows on one line cost less than a line each (o200k_base).
    Drawn,
}

/// Most rows of a run said on one line of a drawn table: a longer line is hard to read.
const RUN_ROWS_PER_LINE: usize = 16;

/// The table said without its padding: the lines before it, the header's names (a column whose
/// cell is the same on every row said once beside them), each row's cells (a run of rows that
/// share their first cell after it once), the lines after it.
fn render<'a>(
    before: impl Iterator<Item = &'a str>,
    header: &[&str],
    rows: &[Vec<&str>],
    after: impl Iterator<Item = &'a str>,
    style: Cells,
) -> String {
    let width = rows[0].len();
    // Columns whose cell is the same on every row (not the first: it names the row).
    let constant: Vec<bool> = (0..width)
        .map(|i| i > 0 && !rows[0][i].is_empty() && rows.iter().all(|r| r[i] == rows[0][i]))
        .collect();
    if let Some(col) = word_run_column(header, rows, &constant) {
        return render_by_word(before, header, rows, after, &constant, col);
    }
    // A drawn table whose cells read apart on a blank (none but the last holds one or is
    // empty, nor does a header's name) is said as a padded one is: `|` costs a token where a
    // blank joins the word after it (o200k_base: `1|paid|u8@x.io|1234` is 9 tokens where `1
    // paid u8@x.io 1234` is 8; 108,476 against 90,476 on an 8,000-row psql result). Not where
    // most rows are in runs sharing their first cell: a run's rows on one line, `|` inside and
    // a blank between, cost less than a line each (a blank before a number is a token of its
    // own, as `|` is: 62,643 against 70,509 on a 7,000-row order-lines result).
    let style = match style {
        Cells::Drawn
            if plain_cells(header, rows, &constant) && 2 * rows_in_runs(rows) < rows.len() =>
        {
            Cells::Padded
        }
        s => s,
    };
    let sep = match style {
        Cells::Padded => " ",
        Cells::Drawn => "|",
    };
    let mut out: Vec<String> = before.map(str::to_string).collect();
    let head: Vec<&str> = (0..width)
        .map(|i| header.get(i).copied().unwrap_or(""))
        .enumerate()
        .filter(|&(i, name)| !constant[i] && (!name.is_empty() || style == Cells::Drawn))
        .map(|(_, name)| name)
        .collect();
    out.push(head.join(sep) + &every_row_note(header, &rows[0], &constant));
    // A drawn table's empty cell is said (`a||c`): its place tells which column is empty.
    // A row's empty last cells are left off (`a|b` for `a|b||`): the cells said still stand in
    // their columns' places, and each `|` costs a token.
    let row_text = |r: &[&str], from: usize| -> String {
        let mut cells: Vec<&str> = r
            .iter()
            .enumerate()
            .skip(from)
            .filter(|(i, c)| !constant[*i] && (style == Cells::Drawn || !c.is_empty()))
            .map(|(_, c)| *c)
            .collect();
        while cells.len() > 1 && cells.last().is_some_and(|c| c.is_empty()) {
            cells.pop();
        }
        cells.join(sep)
    };
    let mut i = 0;
    while i < rows.len() {
        let first = rows[i][0];
        let run = rows[i..].iter().take_while(|r| r[0] == first).count();
        let said_rows = &rows[i..i + run];
        if run >= RUN_MIN_ROWS && !first.is_empty() {
            match style {
                Cells::Padded => {
                    out.push(format!("{first}:"));
                    for r in said_rows {
                        out.push(format!(" {}", row_text(r, 1)));
                    }
                }
                Cells::Drawn => {
                    let texts: Vec<String> = said_rows.iter().map(|r| row_text(r, 1)).collect();
                    let apart = if texts.iter().any(|t| t.contains(' ') || t.is_empty()) {
                        "; "
                    } else {
                        " "
                    };
                    for chunk in texts.chunks(RUN_ROWS_PER_LINE) {
                        out.push(format!("{first}: {}", chunk.join(apart)));
                    }
                }
            }
        } else {
            for r in said_rows {
                out.push(row_text(r, 0));
            }
        }
        i += run;
    }
    out.extend(after.map(str::to_string));
    join_lines(out)
}

/// The note beside a table's names of its columns whose cell is the same on every row (`row`
/// being any row), each as its name and that cell, or the cell alone for a column without a
/// name: ` (every row: Iterations 1, local)`; empty when there is none.
fn every_row_note(header: &[&str], row: &[&str], constant: &[bool]) -> String {
    let said: Vec<String> = (0..constant.len())
        .filter(|&i| constant[i])
        .map(|i| match header.get(i).copied().unwrap_or("") {
            "" => row[i].to_string(),
            name => format!("{name} {}", row[i]),
        })
        .collect();
    if said.is_empty() {
        String::new()
    } else {
        format!(" (every row: {})", said.join(", "))
    }
}

/// A column whose every cell is two words (`2026-03-01 00:01:00+00`, a timestamp's day and
/// time) whose first word is shared by runs of [`RUN_MIN_ROWS`] rows or more on average, when
/// every other cell and name (but the last column's, which may hold blanks) is a word: the
/// column of fewest runs. Its first word said once above each run saves more than the row's
/// own line costs (o200k_base: a day is six tokens, the line's indent one; a 5,000-row psql
/// select of timestamps 320,883 -> 279,066 tokens).
fn word_run_column(header: &[&str], rows: &[Vec<&str>], constant: &[bool]) -> Option<usize> {
    let width = rows[0].len();
    if header.len() != width || width < 2 {
        return None;
    }
    let word = |c: &str| !c.is_empty() && !c.contains(char::is_whitespace);
    let two_words = |c: &str| c.split_once(' ').is_some_and(|(a, b)| word(a) && word(b));
    let mut best: Option<(usize, usize)> = None;
    for col in (0..width).filter(|&i| !constant[i]) {
        if !rows.iter().all(|r| r.len() == width && two_words(r[col])) {
            continue;
        }
        // The last column said last may hold blanks; any other cell must read apart.
        let last = if col == width - 1 {
            width - 2
        } else {
            width - 1
        };
        let plain = |i: usize| i == col || i == last || constant[i];
        if !(0..width).all(|i| plain(i) || word(header[i]))
            || !rows
                .iter()
                .all(|r| (0..width).all(|i| plain(i) || word(r[i])))
        {
            continue;
        }
        let first = |r: &[&str]| r[col].split(' ').next().unwrap_or("").len();
        let runs = 1 + rows
            .windows(2)
            .filter(|w| {
                let (a, b) = (first(&w[0]), first(&w[1]));
                a != b || w[0][col][..a] != w[1][col][..b]
            })
            .count();
        if runs * RUN_MIN_ROWS <= rows.len() && best.is_none_or(|(_, n)| runs < n) {
            best = Some((col, runs));
        }
    }
    best.map(|(col, _)| col)
}

/// The table said with column `col` first ([`word_run_column`]): its first word once above
/// each run of rows that share it (`2026-03-01:`), each row on its own line under it, indented
/// (the run's word and the row read as one, as a heading's path and its entries do), its cells
/// one space apart, the column's second word first.
fn render_by_word<'a>(
    before: impl Iterator<Item = &'a str>,
    header: &[&str],
    rows: &[Vec<&str>],
    after: impl Iterator<Item = &'a str>,
    constant: &[bool],
    col: usize,
) -> String {
    let width = rows[0].len();
    let order: Vec<usize> = std::iter::once(col)
        .chain((0..width).filter(|&i| i != col && !constant[i]))
        .collect();
    let mut out: Vec<String> = before.map(str::to_string).collect();
    let head = order
        .iter()
        .map(|&i| header[i])
        .collect::<Vec<_>>()
        .join(" ");
    out.push(head + &every_row_note(header, &rows[0], constant));
    let mut run_word = None;
    for r in rows {
        let (word, rest) = r[col].split_once(' ').unwrap_or((r[col], ""));
        if run_word != Some(word) {
            out.push(format!("{word}:"));
            run_word = Some(word);
        }
        let mut line = format!(" {rest}");
        for &i in &order[1..] {
            if !r[i].is_empty() {
                line.push(' ');
                line.push_str(r[i]);
            }
        }
        out.push(line);
    }
    out.extend(after.map(str::to_string));
    join_lines(out)
}

/// How many rows are in runs of [`RUN_MIN_ROWS`] or more sharing their (non-empty) first cell.
fn rows_in_runs(rows: &[Vec<&str>]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < rows.len() {
        let first = rows[i][0];
        let run = rows[i..].iter().take_while(|r| r[0] == first).count();
        if run >= RUN_MIN_ROWS && !first.is_empty() {
            n += run;
        }
        i += run;
    }
    n
}

/// Whether a table's cells and names, but the last column's, are words without a blank, none
/// empty: said one space apart, they still read as cells (a column the same on every row is
/// said once apart, whatever it holds).
fn plain_cells(header: &[&str], rows: &[Vec<&str>], constant: &[bool]) -> bool {
    let width = rows[0].len();
    let plain = |c: &str| !c.is_empty() && !c.contains(char::is_whitespace);
    header.len() == width
        && header[..width - 1]
            .iter()
            .enumerate()
            .all(|(i, c)| constant[i] || plain(c))
        && rows.iter().all(|r| {
            r.len() == width
                && r[..width - 1]
                    .iter()
                    .enumerate()
                    .all(|(i, c)| constant[i] || plain(c))
        })
}

/// Whether `text` has a drawn table's header and rule near its top, and rows under them (the
/// first [`TABLE_MIN_ROWS`] read here; [`drawn`] reads the rest).
pub(super) fn looks_like_drawn_table(text: &str) -> bool {
    drawn_head(text).is_some_and(|(rule, seps, outer)| {
        text.split_lines()
            .skip(rule + 1)
            .take(TABLE_MIN_ROWS)
            .filter(|l| drawn_cells(l, &seps, outer).is_some())
            .count()
            == TABLE_MIN_ROWS
    })
}

/// The marks a rule is drawn with, and those among them that stand where columns part.
const RULE_MARKS: &[char] = &[
    '-', '=', ':', '+', '|', ' ', '─', '═', '┼', '├', '┤', '┌', '┬', '┐', '└', '┴', '┘', '╪', '╞',
    '╡', '│',
];
const RULE_SEPARATORS: &[char] = &[
    '+', '|', '┼', '├', '┤', '┌', '┬', '┐', '└', '┴', '┘', '╪', '╞', '╡', '│',
];

/// Whether `line` is only a drawn table's rule or border.
fn is_drawn_rule(line: &str) -> bool {
    let l = line.trim();
    l.chars().count() >= 3
        && l.chars().all(|c| RULE_MARKS.contains(&c))
        && l.chars().any(|c| matches!(c, '-' | '=' | '─' | '═'))
}

/// A drawn table's rule near the top of `text` (its line, where its separators stand, in chars,
/// and whether it has an outer border on both sides: `+---+`, `|---|`), with a header above it.
fn drawn_head(text: &str) -> Option<(usize, Vec<usize>, bool)> {
    let head: Vec<&str> = text.split_lines().take(RULE_MAX_LINE + 2).collect();
    (1..head.len()).find_map(|i| {
        let l = head[i].trim_end();
        if !is_drawn_rule(l) {
            return None;
        }
        let seps: Vec<usize> = l
            .chars()
            .enumerate()
            .filter(|(_, c)| RULE_SEPARATORS.contains(c))
            .map(|(i, _)| i)
            .collect();
        let first = seps.first().copied()?;
        let width = l.chars().count();
        let outer = first == 0 && seps.last().is_some_and(|&e| e + 1 == width);
        // At least two columns, and the header's separators where the rule's are.
        let columns = seps.len() + 1 - if outer { 2 } else { 0 };
        (columns >= 2 && drawn_cells(head[i - 1], &seps, outer).is_some())
            .then_some((i, seps, outer))
    })
}

/// A row's cells between the separators (chars `seps`): `None` when the line is not a row (a
/// separator missing, or the line ending before the last column). A rule is not a row.
fn drawn_cells<'a>(line: &'a str, seps: &[usize], outer: bool) -> Option<Vec<&'a str>> {
    let line = line.trim_end();
    // Each separator's byte and length: an ASCII line (most query results) is read at the
    // separators' places alone, another char by char.
    let mut at = Vec::with_capacity(seps.len());
    if line.is_ascii() {
        let b = line.as_bytes();
        for &p in seps {
            if b.get(p) != Some(&b'|') {
                return None;
            }
            at.push((p, 1));
        }
    } else {
        let mut want = seps.iter().peekable();
        for (n, (byte, c)) in line.char_indices().enumerate() {
            if want.peek() == Some(&&n) {
                if c != '|' && c != '│' {
                    return None;
                }
                at.push((byte, c.len_utf8()));
                want.next();
            }
        }
    }
    // Every separator must be there (psql's last cell may be empty: the line then ends at its
    // separator); a line with a letter or a digit is no rule (markdown's `|---|---|` is).
    if at.len() < seps.len()
        || (!line.bytes().any(|b| b.is_ascii_alphanumeric()) && is_drawn_rule(line))
    {
        return None;
    }
    let mut cells = Vec::with_capacity(at.len() + 1);
    let mut from = 0;
    for (k, &(b, len)) in at.iter().enumerate() {
        if !(outer && k == 0) {
            cells.push(line.get(from..b)?.trim());
        }
        from = b + len;
    }
    if !outer {
        cells.push(line.get(from..)?.trim());
    }
    Some(cells)
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
    if is_blank(line) || line.len() <= before_last {
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

/// Fewest blanks between two columns of a table aligned without a rule: one blank parts the
/// words of a name (`Depended by`), two or more part columns (npm, docker, kubectl and
/// `column -t` print two or three).
const ALIGNED_GAP_MIN: usize = 2;

/// Whether `text` starts with a table aligned without a rule (a header, then rows whose cells
/// stand in the header's columns: `npm outdated`, `docker ps`-like listings, `column -t`), read
/// on its first [`TABLE_MIN_ROWS`] rows ([`aligned`] reads the rest).
pub(super) fn looks_like_aligned_table(text: &str) -> bool {
    let head: Vec<&str> = text.split_lines().take(TABLE_MIN_ROWS + 1).collect();
    head.len() == TABLE_MIN_ROWS + 1 && aligned_rows(&head).is_some()
}

/// A table aligned without a rule, said as a padded one is: its header's names and each row's
/// cells one space apart (none but the last holds a blank or is empty, or the table is left
/// alone), a run of rows that differ only in their last cell (`npm outdated`'s package, once
/// for each package that depends on it) as the cells they share, `:`, then each row's last cell
/// on a line of its own. The table starts on the first line and ends at the first line that is
/// not one of its rows; what follows stays as written.
pub(super) fn aligned(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let end = lines
        .iter()
        .position(|l| is_blank(l))
        .unwrap_or(lines.len());
    let (header, rows) = aligned_rows(&lines[..end])?;
    let mut out: Vec<String> = Vec::with_capacity(rows.len() + lines.len() - end + 1);
    out.push(header.join(" "));
    let width = header.len();
    let mut i = 0;
    while i < rows.len() {
        let shared = &rows[i][..width - 1];
        let run = rows[i..]
            .iter()
            .take_while(|r| r[..width - 1] == *shared)
            .count();
        if run >= 2 && width >= 2 && rows[i..i + run].iter().all(|r| !r[width - 1].is_empty()) {
            out.push(format!("{}:", shared.join(" ")));
            out.extend(
                rows[i..i + run]
                    .iter()
                    .map(|r| format!(" {}", r[width - 1])),
            );
        } else {
            out.push(
                rows[i]
                    .iter()
                    .filter(|c| !c.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
        i += run.max(1);
    }
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    Some(join_lines(out))
}

/// The header's names and the rows' cells of `lines`, a table aligned without a rule: the
/// columns part where every line has [`ALIGNED_GAP_MIN`] blanks or more at the same places
/// (a column aligned to its right, as numbers are, parts from the one before it all the
/// same). `None` unless there are two columns or more, [`TABLE_MIN_ROWS`] rows or more, every
/// line is ASCII, each column's cells start at one place or end at one place, each header's
/// name has a letter, and no row's cell but the last holds a blank or is empty (they would not
/// read apart once the padding goes).
fn aligned_rows<'a>(lines: &[&'a str]) -> Option<(Vec<&'a str>, Vec<Vec<&'a str>>)> {
    if lines.len() < TABLE_MIN_ROWS + 1 || lines.iter().any(|l| !l.is_ascii() || l.contains('\t')) {
        return None;
    }
    let widest = lines.iter().map(|l| l.len()).max()?;
    // Where some line has a mark.
    let mut marked = vec![false; widest];
    for l in lines {
        for (at, b) in l.bytes().enumerate() {
            if b != b' ' {
                marked[at] = true;
            }
        }
    }
    // The columns: from a mark after a gap of ALIGNED_GAP_MIN blanks to the next such gap.
    let mut starts: Vec<usize> = Vec::new();
    let mut gap = ALIGNED_GAP_MIN;
    for (at, &m) in marked.iter().enumerate() {
        if m {
            if gap >= ALIGNED_GAP_MIN {
                starts.push(at);
            }
            gap = 0;
        } else {
            gap += 1;
        }
    }
    if starts.len() < 2 || starts[0] != 0 {
        return None;
    }
    let cells_of = |l: &'a str| -> Vec<&'a str> {
        (0..starts.len())
            .map(|i| {
                let from = starts[i].min(l.len());
                let to = starts.get(i + 1).map_or(l.len(), |&e| e.min(l.len()));
                l[from..to].trim()
            })
            .collect()
    };
    // Each column aligned on every line: its cells start at its start (left-aligned) or end at
    // one place (right-aligned, as numbers are). Indented text in a column (source lines after
    // `ag -C`'s `path:12-`) is neither, and its blanks are not padding.
    let aligned = (0..starts.len()).all(|i| {
        let to = starts.get(i + 1).copied();
        let mut left = true;
        let mut right: Option<Option<usize>> = None;
        for l in lines {
            let from = starts[i].min(l.len());
            let cell = &l[from..to.map_or(l.len(), |e| e.min(l.len()))];
            let Some(first) = cell.bytes().position(|b| b != b' ') else {
                continue;
            };
            left &= first == 0;
            let end = Some(from + cell.trim_end().len());
            right = match right {
                None => Some(end),
                Some(e) if e == end => Some(e),
                Some(_) => Some(None),
            };
        }
        left || right.is_some_and(|e| e.is_some())
    });
    if !aligned {
        return None;
    }
    let header = cells_of(lines[0]);
    if header
        .iter()
        .any(|n| !n.bytes().any(|b| b.is_ascii_alphabetic()))
    {
        return None;
    }
    let width = header.len();
    let rows: Vec<Vec<&str>> = lines[1..].iter().map(|l| cells_of(l)).collect();
    let plain = rows.iter().all(|r| {
        r[..width - 1]
            .iter()
            .all(|c| !c.is_empty() && !c.contains(' '))
    });
    plain.then_some((header, rows))
}

/// Fewest significant digits a benchmark's figure is said with (see [`benchmark_table`]).
const BENCHMARK_DIGITS: usize = 4;

/// A benchmark's table at line `at` of `lines` (pytest-benchmark's): a rule of `-` with its
/// title in it (`--- benchmark: 3 tests ---`), a header whose first name is the rows' (`Name
/// (time in us)`) and the others a word each, `-` rules above and under the rows, and rows of a
/// name then one number per column, each perhaps with its ratio to the column's best (`21.7999
/// (1.0)`), then perhaps a `Legend:` of indented lines. As (the line after it, the lines said):
/// the title, the names one space apart, each row's name and figures, a column the same on
/// every row said once beside the names. Dropped: the ratios (each cell over its column's
/// least, read off the figures), the legend (what the columns mean), each figure's digits past
/// the fourth significant one and its thousands separators (a benchmark's timings move by far
/// more than that between runs: the table's own `StdDev` column says how much); never a digit
/// before the point.
pub(super) fn benchmark_table(lines: &[&str], at: usize) -> Option<(usize, Vec<String>)> {
    let is_rule = |l: &str| l.len() > 8 && l.bytes().all(|b| b == b'-');
    let first = *lines.get(at)?;
    if !first.starts_with("---") || !first.ends_with("---") || is_rule(first) {
        return None;
    }
    let title = first.trim_matches(['-', ' ']);
    let header = *lines.get(at + 1)?;
    // A rule under the header first (a failure's `--- Captured stdout call ---` has none):
    // the header's names are split only for a table.
    if title.is_empty() || !is_rule(lines.get(at + 2)?) {
        return None;
    }
    let names: Vec<&str> = header
        .split("  ")
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if title.is_empty()
        || names.len() < 3
        || names[1..]
            .iter()
            .any(|n| n.contains(char::is_whitespace) || n.contains(['(', ')']))
        || !is_rule(lines.get(at + 2)?)
    {
        return None;
    }
    let columns = names.len() - 1;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut end = at + 3;
    loop {
        let line = *lines.get(end)?;
        end += 1;
        if is_rule(line) {
            break;
        }
        let mut words = line.split_whitespace().peekable();
        let mut row = vec![words.next()?.to_string()];
        while let Some(cell) = words.next() {
            row.push(figure(cell)?);
            // Its ratio to the column's best: `(1.0)`, `(26.12)`.
            if words.peek().is_some_and(|w| {
                w.strip_prefix('(')
                    .and_then(|w| w.strip_suffix(')'))
                    .is_some_and(|r| r.parse::<f64>().is_ok())
            }) {
                words.next();
            }
        }
        if row.len() != columns + 1 {
            return None;
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return None;
    }
    // The legend under it: `Legend:` and its indented lines.
    if lines.get(end).is_some_and(|l| is_blank(l))
        && lines
            .get(end + 1)
            .is_some_and(|l| l.trim_end() == "Legend:")
    {
        end += 2;
        while lines.get(end).is_some_and(|l| l.starts_with(' ')) {
            end += 1;
        }
    }
    let rows: Vec<Vec<&str>> = rows
        .iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect();
    let constant: Vec<bool> = (0..=columns)
        .map(|i| i > 0 && rows.iter().all(|r| r[i] == rows[0][i]))
        .collect();
    let said = |r: &[&str]| -> String {
        (0..=columns)
            .filter(|&i| !constant[i])
            .map(|i| r[i])
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = vec![
        title.to_string(),
        said(&names) + &every_row_note(&names, &rows[0], &constant),
    ];
    out.extend(rows.iter().map(|r| said(r)));
    Some((end, out))
}

/// A benchmark table's cell as said (see [`benchmark_table`]): a number without its thousands
/// separators, its decimals cut to [`BENCHMARK_DIGITS`] significant digits (rounded); a cell of
/// digits and `;` (pytest-benchmark's outliers, `87;1411`) as it is; `None` for any other.
fn figure(cell: &str) -> Option<String> {
    if !cell.is_empty() && cell.bytes().all(|b| b.is_ascii_digit() || b == b';') {
        return cell
            .bytes()
            .next()
            .filter(u8::is_ascii_digit)
            .map(|_| cell.to_string());
    }
    let plain: String = cell.chars().filter(|&c| c != ',').collect();
    let (whole, decimals) = plain.split_once('.').unwrap_or((&plain, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !all_digits(whole) || !all_digits(decimals) {
        return None;
    }
    let whole_digits = whole.trim_start_matches('0').len();
    let places = if whole_digits > 0 {
        BENCHMARK_DIGITS.saturating_sub(whole_digits)
    } else {
        decimals.bytes().take_while(|&b| b == b'0').count() + BENCHMARK_DIGITS
    }
    .min(decimals.len());
    // Rounded on the digits as written, half up (a binary float would say 99.575 as 99.57).
    let mut digits: Vec<u8> = whole.bytes().chain(decimals.bytes().take(places)).collect();
    if decimals.as_bytes().get(places).is_some_and(|&d| d >= b'5') {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let (whole, decimals) = digits.split_at(digits.len() - places);
    let whole = String::from_utf8_lossy(whole);
    Some(if places == 0 {
        whole.into_owned()
    } else {
        format!("{whole}.{}", String::from_utf8_lossy(decimals))
    })
}
