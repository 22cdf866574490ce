//! A query's answer said one field a line (sqlite3 `-line`: `   id = 1`, a blank line between
//! records), by its shape rather than the client that printed it: the names said once, then
//! each record's values as a row, a tab apart (a row's empty last cells left off). Records
//! whose names differ, or a value over two lines, leave the output as it is. Records a field a
//! line under a marker (psql `\x`, mysql `\G`) stay a field a line, without the names' padding,
//! a field the same in every record said once; so do header fields' records parted by `---`
//! (`pip show`'s packages). (A drawn table, psql's or sqlite3 `-box`'s, is `table::drawn`'s.)

use crate::minimize::text::is_blank;
use crate::minimize::text::join_lines;
use crate::minimize::text::text_has;
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

/// A header field's line (`Name: value`, `Requires:`): a capitalized name of letters, digits and
/// `-`, a colon, then a blank or the line's end.
fn header_field(line: &str) -> bool {
    line.split_once(':').is_some_and(|(name, value)| {
        name.starts_with(|c: char| c.is_ascii_uppercase())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && (value.is_empty() || value.starts_with(' '))
    })
}

/// Most lines a field's value may run on over before it is said by its first paragraph.
const VALUE_LINES_MAX: usize = 8;

/// Records of header fields (`Name: value` a line, a value run on over the lines under it)
/// parted by `---` lines, as `pip show` prints packages: a field the same in every record (of
/// [`SHARED_MIN_RECORDS`] or more; the install's `Location:`) is said once above the first, as
/// [`field_records`] says one, and a value that runs on over paragraphs unindented (a license's
/// text pasted into the metadata) keeps its first paragraph (the copyright line) and says how
/// many lines it had. A value run on indented (`Files:`' paths) stays. Fewer than
/// `min_records` records, a line before the first field, or nothing said once or shortened:
/// `None`.
pub(super) fn header_records(text: &str, min_records: usize) -> Option<String> {
    // What can be said shorter needs records to share a field (two `---` at least) or a value
    // over paragraphs (a blank line): most texts (`pip show -f`'s) are answered here, unread.
    let parted = memchr::memmem::find_iter(text.as_bytes(), b"\n---\n")
        .take(SHARED_MIN_RECORDS - 1)
        .count();
    if !text.split_lines().next().is_some_and(header_field)
        || parted + 1 < min_records
        || (parted + 1 < SHARED_MIN_RECORDS && !text_has(text, "\n\n"))
    {
        return None;
    }
    // Each record's fields, each as its line and the lines its value runs on over.
    let mut records: Vec<Vec<(&str, Vec<&str>)>> = vec![Vec::new()];
    for line in text.split_lines() {
        if line == "---" {
            records.push(Vec::new());
        } else if header_field(line) {
            records.last_mut()?.push((line.trim_end(), Vec::new()));
        } else {
            records.last_mut()?.last_mut()?.1.push(line);
        }
    }
    if records.len() < min_records || records.iter().any(Vec::is_empty) {
        return None;
    }
    // A field (never a record's first, its name) with one value in every record.
    let shared: Vec<&str> = if records.len() >= SHARED_MIN_RECORDS {
        records[0][1..]
            .iter()
            .filter(|(line, more)| {
                more.is_empty()
                    && line.split_once(':').is_some_and(|(_, v)| !is_blank(v))
                    && records[1..]
                        .iter()
                        .all(|r| r[1..].iter().any(|(l, m)| l == line && m.is_empty()))
            })
            .map(|(line, _)| *line)
            .collect()
    } else {
        Vec::new()
    };
    let mut shortened = false;
    let mut out: Vec<String> = shared
        .iter()
        .map(|l| format!("{l} (every record)"))
        .collect();
    for (k, record) in records.iter().enumerate() {
        if k > 0 {
            out.push("---".to_string());
        }
        for (line, more) in record {
            if shared.contains(line) {
                continue;
            }
            out.push(line.to_string());
            let body = {
                let end = more.iter().rposition(|l| !is_blank(l)).map_or(0, |n| n + 1);
                &more[..end]
            };
            let prose = body.len() > VALUE_LINES_MAX
                && body.iter().any(|l| is_blank(l))
                && !body.iter().any(|l| l.starts_with([' ', '\t']));
            if !prose {
                out.extend(body.iter().map(|l| l.to_string()));
                continue;
            }
            shortened = true;
            let from = body.iter().position(|l| !is_blank(l)).unwrap_or(0);
            let to = body[from..]
                .iter()
                .position(|l| is_blank(l))
                .map_or(body.len(), |n| from + n);
            out.extend(body[from..to].iter().map(|l| l.to_string()));
            let name = line.split_once(':').map_or("", |(n, _)| n);
            out.push(format!("[… {} more lines of {name}]", body.len() - to));
        }
    }
    (shortened || !shared.is_empty()).then(|| join_lines(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn header_records_say_a_shared_field_once_and_a_pasted_text_by_its_first_paragraph() {
        let license = "MIT License\n\nCopyright (c) 2018 A. Author\n\nPermission is hereby granted\nto any person\n\nThe above notice\nshall be included\n\nTHE SOFTWARE IS PROVIDED\nAS IS";
        let text = format!(
            "Name: a\nVersion: 1.0\nAuthor: \nLocation: /venv/site-packages\nRequires: \n---\nName: b\nVersion: 2.0\nLocation: /venv/site-packages\nRequires: a\n---\nName: c\nVersion: 3.0\nLicense: {license}\nLocation: /venv/site-packages\nRequires: \n"
        );
        assert_eq!(
            header_records(&text, 1).as_deref(),
            Some("Location: /venv/site-packages (every record)\nName: a\nVersion: 1.0\nAuthor:\nRequires:\n---\nName: b\nVersion: 2.0\nRequires: a\n---\nName: c\nVersion: 3.0\nLicense: MIT License\nCopyright (c) 2018 A. Author\n[… 9 more lines of License]\nRequires:\n")
        );
        // A value run on indented (`pip show -f`'s files), too few records, a line before the
        // first field: as they are.
        let files = "Name: a\nFiles:\n  a/1.py\n  a/2.py\n\n  a/3.py\n  a/4.py\n  a/5.py\n  a/6.py\n  a/7.py\n  a/8.py\n";
        assert_eq!(header_records(files, 1), None);
        assert_eq!(header_records(&text, 4), None);
        assert_eq!(header_records(&format!("note\n{text}"), 1), None);
    }

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
