//! A query's answer said one field a line (sqlite3 `-line`: `   id = 1`, a blank line between
//! records), by its shape rather than the client that printed it: the names said once, then
//! each record's values as a row, a tab apart (a row's empty last cells left off). Records
//! whose names differ, or a value over two lines, leave the output as it is. Records a field a
//! line under a marker (psql `\x`, mysql `\G`) stay a field a line, without the names' padding,
//! a field the same in every record said once. (A drawn table, psql's or sqlite3 `-box`'s, is
//! `table::drawn`'s.)

use crate::minimize::text::join_lines;
use crate::minimize::text::SplitLines;

/// Fewest records for them to be said as rows: one record's names cost what the header does.
const RECORDS_MIN: usize = 2;

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
pub(super) fn records(text: &str) -> Option<String> {
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

/// How a record of [`field_records`] is marked and its fields part a name from its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fields {
    /// psql's expanded display (`\x`): `-[ RECORD 1 ]+-----`, then `name   | value`.
    Bar,
    /// mysql's and MariaDB's vertical output (`\G`): `***… 1. row ***…`, then `   name: value`.
    Colon,
}

/// Fewest records for a field the same in every record to be said once.
const SHARED_MIN_RECORDS: usize = 3;

fn record_marker(line: &str) -> Option<Fields> {
    if line.starts_with("-[ RECORD ") && line.contains(" ]") {
        Some(Fields::Bar)
    } else if line.starts_with("*****") && line.contains(". row *") {
        Some(Fields::Colon)
    } else {
        None
    }
}

/// Where a field line parts its name from its value: psql's `|` after a blank, mysql's `:`
/// before one (or at the line's end), the name a word.
fn field_column(line: &str, style: Fields) -> Option<usize> {
    let at = match style {
        Fields::Bar => line.find(" |").map(|i| i + 1)?,
        Fields::Colon => line.find(':')?,
    };
    let name = line[..at].trim();
    (!name.contains(char::is_whitespace)).then_some(at)
}

/// Records said a field a line under a marker line, as psql `\x` and mysql `\G` print them
/// (`-[ RECORD 1 ]+---` then `id      | 1`; `*** 1. row ***` then `     id: 1`): the names'
/// padding is layout, and a field the same in every record (a batch's `created_at`) is said
/// once above the first record. The markers stay as printed (a record's number is its place),
/// and so does every line before the first record. Each field stays a line of its own: its
/// name and value read together. A line in a record that is no field (a value over lines
/// where the client does not mark it) leaves the output as it is.
pub(super) fn field_records(text: &str) -> Option<String> {
    // Most outputs fail here, on their first lines, before any is collected.
    let start = text
        .split_lines()
        .take(4)
        .position(|l| record_marker(l).is_some())?;
    let lines: Vec<&str> = text.split_lines().collect();
    let style = record_marker(lines[start])?;
    let col = lines.get(start + 1).and_then(|l| field_column(l, style))?;
    // Each record: its marker's line and its fields (name, the rest from the separator on).
    let mut records: Vec<(usize, Vec<(&str, &str)>)> = Vec::new();
    let mut end = lines.len();
    for (i, l) in lines.iter().enumerate().skip(start) {
        if record_marker(l) == Some(style) {
            records.push((i, Vec::new()));
            continue;
        }
        if l.is_empty() {
            end = i;
            break;
        }
        let b = l.as_bytes();
        let sep = match style {
            Fields::Bar => b'|',
            Fields::Colon => b':',
        };
        // A continuation (psql's wrapped value: no name) keeps the field before it going.
        let name = l.get(..col).map(str::trim)?;
        if b.get(col) != Some(&sep)
            || name.contains(char::is_whitespace)
            || (style == Fields::Bar && col > 0 && b[col - 1] != b' ')
        {
            return None;
        }
        records.last_mut()?.1.push((name, &l[col..]));
    }
    if records.len() < 2 {
        return None;
    }
    // A field the same in every record (by place; the records' names all the same), never the first.
    let same_names = records.iter().all(|r| {
        r.1.len() == records[0].1.len() && r.1.iter().zip(&records[0].1).all(|(a, b)| a.0 == b.0)
    });
    let shared: Vec<bool> = (0..records[0].1.len())
        .map(|k| {
            same_names
                && k > 0
                && records.len() >= SHARED_MIN_RECORDS
                && !records[0].1[k].0.is_empty()
                && records.iter().all(|r| r.1[k] == records[0].1[k])
        })
        .collect();
    let field = |(name, rest): (&str, &str)| -> String {
        match (style, name.is_empty()) {
            (_, true) => rest.trim_end().to_string(),
            (Fields::Bar, false) => format!("{name} {}", rest.trim_end()),
            (Fields::Colon, false) => format!("{name}{}", rest.trim_end()),
        }
    };
    let mut out: Vec<String> = lines[..start].iter().map(|l| l.to_string()).collect();
    for (k, _) in shared.iter().enumerate().filter(|(_, s)| **s) {
        out.push(format!("{} (every record)", field(records[0].1[k])));
    }
    for (marker, fields) in &records {
        out.push(lines[*marker].to_string());
        for (k, f) in fields.iter().enumerate() {
            if !shared.get(k).copied().unwrap_or(false) {
                out.push(field(*f));
            }
        }
    }
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    Some(join_lines(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn records_one_field_a_line_are_rows_under_their_names() {
        let text = "        id = 1\nvehicle_id = 5\n      note = \n\n        id = 2\nvehicle_id = 21\n      note = a = b\n";
        assert_eq!(
            records(text).as_deref(),
            Some("id\tvehicle_id\tnote\n1\t5\n2\t21\ta = b\n")
        );
        // Records whose names differ, a value on two lines, a lone record: as they are.
        for text in [
            "a = 1\nb = 2\n\na = 1\nc = 2\n",
            "a = 1\nb = x\ny\n\na = 1\nb = 2\n",
            "a = 1\nb = 2\n",
        ] {
            assert_eq!(records(text), None, "{text}");
        }
    }
}
