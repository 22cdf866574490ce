//! A query's answer said one field a line (sqlite3 `-line`: `   id = 1`, a blank line between
//! records), by its shape rather than the client that printed it: the names said once, then
//! each record's values as a row, a tab apart (a row's empty last cells left off). Records
//! whose names differ, or a value over two lines, leave the output as it is. (A drawn table,
//! psql's or sqlite3 `-box`'s, is `table::drawn`'s.)

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
