//! A query's answer, by its shape rather than the client that printed it: a drawn table
//! (sqlite3 `-box`/`-table`, psql's aligned output, mysql's `+----+` grid, a box of `│` and
//! `─`) and records said one field a line (sqlite3 `-line`: `   id = 1`, a blank line between
//! records). Both are said as rows of cells a tab apart (a row's empty last cells left off),
//! the header (the columns' names) first: the drawing and the padding are layout, and a
//! record's names are said once, not once a record. Lines around a drawn table (psql's `(8 rows)`) stay as written; a cell that
//! holds a tab, a row the drawing does not fit, or records whose names differ leave the
//! output as it is.

use crate::minimize::text::join_lines;
use crate::minimize::text::SplitLines;

/// How far down a drawn table's first rule may be: under a header, or a title above it.
const RULE_MAX_LINE: usize = 3;

/// Fewest records for them to be said as rows: one record's names cost what the header does.
const RECORDS_MIN: usize = 2;

/// The answer's rows of cells a tab apart, or `None` when it is neither a drawn table nor
/// records.
pub(super) fn table(text: &str) -> Option<String> {
    drawn(text).or_else(|| records(text))
}

/// A drawing's character that joins rules (`+`, `┼`, a box's corners): where the columns meet.
fn is_junction(c: char) -> bool {
    matches!(
        c,
        '+' | '┼'
            | '┬'
            | '┴'
            | '├'
            | '┤'
            | '┌'
            | '┐'
            | '└'
            | '┘'
            | '╪'
            | '╤'
            | '╧'
            | '╞'
            | '╡'
            | '╒'
            | '╕'
            | '╘'
            | '╛'
            | '╬'
            | '╦'
            | '╩'
            | '╠'
            | '╣'
            | '╔'
            | '╗'
            | '╚'
            | '╝'
    )
}

/// A rule's line character between junctions.
fn is_line(c: char) -> bool {
    matches!(c, '-' | '=' | '─' | '━' | '═')
}

/// A row's character at a junction's column: the wall between two cells.
fn is_wall(c: char) -> bool {
    matches!(c, '|' | '│' | '┃' | '║')
}

/// The columns (in characters) of a rule's junctions, or `None` when the line is no rule: a
/// line of rule characters and junctions only, with at least one junction and as many line
/// characters as the rest.
fn rule(line: &str) -> Option<Vec<usize>> {
    let line = line.trim_end();
    let mut junctions = Vec::new();
    let mut drawn = 0usize;
    for (i, c) in line.chars().enumerate() {
        if is_junction(c) {
            junctions.push(i);
        } else if is_line(c) {
            drawn += 1;
        } else {
            return None;
        }
    }
    (!junctions.is_empty() && drawn >= 2 * junctions.len()).then_some(junctions)
}

/// A row's cells between the walls at `junctions` (and before the first and after the last,
/// where the drawing has no outer wall, as psql's), trimmed; `None` when a junction's column
/// holds no wall (the row is not the table's) or a cell holds a tab.
fn row_cells(line: &str, junctions: &[usize], width: usize) -> Option<Vec<String>> {
    let chars: Vec<char> = line.trim_end().chars().collect();
    if chars.len() > width || chars.is_empty() {
        return None;
    }
    let mut cells = Vec::with_capacity(junctions.len() + 1);
    let mut from = 0;
    for &j in junctions {
        match chars.get(j) {
            Some(&c) if is_wall(c) => {}
            // psql pads no last cell: the row may end before the last wall.
            None if j + 1 == width => {}
            _ => return None,
        }
        if j > 0 {
            cells.push(
                chars[from.min(chars.len())..j.min(chars.len())]
                    .iter()
                    .collect(),
            );
        }
        from = j + 1;
    }
    if from < width {
        cells.push(chars[from.min(chars.len())..].iter().collect());
    }
    let cells: Vec<String> = cells
        .iter()
        .map(|c: &String| c.trim().to_string())
        .collect();
    (!cells.iter().any(|c| c.contains('\t'))).then_some(cells)
}

/// A drawn table near the top: its rules dropped, its rows (the header among them) as cells a
/// tab apart, the lines before and after as written.
fn drawn(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.split_lines().collect();
    let (first, junctions) = lines
        .iter()
        .take(RULE_MAX_LINE + 1)
        .enumerate()
        .find_map(|(i, l)| rule(l).map(|j| (i, j)))?;
    let width = lines[first].trim_end().chars().count();
    // Every junction of every rule at the same columns, the drawing's width the same.
    let same_rule =
        |l: &str| rule(l).is_some_and(|j| j == junctions) && l.trim_end().chars().count() == width;
    let mut start = first;
    while start > 0 && row_cells(lines[start - 1], &junctions, width).is_some() {
        start -= 1;
    }
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut end = start;
    while end < lines.len() {
        let l = lines[end];
        if same_rule(l) {
            end += 1;
            continue;
        }
        match row_cells(l, &junctions, width) {
            Some(cells) => rows.push(cells),
            None => break,
        }
        end += 1;
    }
    // A drawing with no row under its header is no answer to say again.
    if rows.len() < 2 || lines[end..].iter().any(|l| same_rule(l)) {
        return None;
    }
    let mut out: Vec<String> = lines[..start].iter().map(|l| l.to_string()).collect();
    out.extend(rows.into_iter().map(|r| r.join("\t")));
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    Some(join_lines(out))
}

/// One record's fields, names and values (`  name = value`, the `=` at one column).
fn record<'a>(block: &[&'a str]) -> Option<(Vec<&'a str>, Vec<&'a str>)> {
    // The longest name starts the line: its ` = ` is the record's column.
    let at = block.iter().filter(|l| !l.starts_with(' ')).find_map(|l| {
        l.find(" = ")
            .or_else(|| l.ends_with(" =").then(|| l.len() - 2))
    })?;
    let mut names = Vec::with_capacity(block.len());
    let mut values = Vec::with_capacity(block.len());
    for l in block {
        let name = l.get(..at)?.trim_start();
        let value = match l.get(at..)? {
            " =" => "",
            rest => rest.strip_prefix(" = ")?,
        };
        if name.is_empty() || value.contains('\t') {
            return None;
        }
        names.push(name);
        values.push(value);
    }
    Some((names, values))
}

/// Records one field a line, a blank line between them, each with the same names in the same
/// order: the names once, then a row a record.
fn records(text: &str) -> Option<String> {
    // Most outputs fail on their first line: no ` = ` in it.
    let first = text.split_lines().find(|l| !l.is_empty())?;
    if !first.contains(" = ") && !first.ends_with(" =") {
        return None;
    }
    let lines: Vec<&str> = text.split_lines().collect();
    let mut names: Option<Vec<&str>> = None;
    let mut rows: Vec<String> = Vec::new();
    for block in lines.split(|l| l.is_empty()).filter(|b| !b.is_empty()) {
        let (n, v) = record(block)?;
        match &names {
            Some(known) if *known != n => return None,
            Some(_) => {}
            None => names = Some(n),
        }
        rows.push(v.join("\t"));
    }
    let names = names?;
    if rows.len() < RECORDS_MIN || names.len() < 2 {
        return None;
    }
    let mut out = Vec::with_capacity(rows.len() + 1);
    out.push(names.join("\t"));
    out.extend(rows);
    Some(join_lines(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn drawn_tables_are_rows_of_cells() {
        let cases = [
            // sqlite3 -box
            (
                "┌────┬──────────┬──────┐\n│ id │  plate   │ note │\n├────┼──────────┼──────┤\n│ 1  │ YX70 LAB │ a | b│\n│ 2  │ YX44 PXZ │      │\n└────┴──────────┴──────┘\n",
                Some("id\tplate\tnote\n1\tYX70 LAB\ta | b\n2\tYX44 PXZ\n"),
            ),
            // sqlite3 -table, mysql
            (
                "+----+-------+\n| id | plate |\n+----+-------+\n| 1  | A B   |\n| 2  | C     |\n+----+-------+\n",
                Some("id\tplate\n1\tA B\n2\tC\n"),
            ),
            // psql: no outer walls, the last cell unpadded, a count under it
            (
                " id | plate | kind\n----+-------+------\n  1 | A B   | van\n  2 | C     | bike\n(2 rows)\n",
                Some("id\tplate\tkind\n1\tA B\tvan\n2\tC\tbike\n(2 rows)\n"),
            ),
            // A header only: nothing to say again.
            ("+----+\n| id |\n+----+\n", None),
            // A rule and no walls under it: not a table.
            ("title\n----+----\nfree text\nmore\n", None),
        ];
        for (text, want) in cases {
            assert_eq!(table(text).as_deref(), want, "{text}");
        }
    }

    #[test]
    fn records_one_field_a_line_are_rows_under_their_names() {
        let text = "        id = 1\nvehicle_id = 5\n      note = \n\n        id = 2\nvehicle_id = 21\n      note = a = b\n";
        assert_eq!(
            table(text).as_deref(),
            Some("id\tvehicle_id\tnote\n1\t5\n2\t21\ta = b\n")
        );
        // Records whose names differ, a value on two lines, a lone record: as they are.
        for text in [
            "a = 1\nb = 2\n\na = 1\nc = 2\n",
            "a = 1\nb = x\ny\n\na = 1\nb = 2\n",
            "a = 1\nb = 2\n",
        ] {
            assert_eq!(table(text), None, "{text}");
        }
    }
}
