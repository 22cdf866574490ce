//! A code frame as `@babel/code-frame` draws it, whatever printed it (babel, webpack's parse
//! errors, eslint's `codeframe` format, a bundler's plugin errors): source lines in a numbered
//! gutter (`  3 | code`), the one the message is about marked (`> 4 | code`), a caret line under
//! it (`    |   ^`). Kept: the marked lines and the carets (the place and what is wrong there).
//! Dropped: the unmarked lines around them, the file's own text, which the message's location
//! says where to read (one of them can be a whole minified bundle's line). A frame drawn without
//! the `>` mark (an OpenAPI or YAML linter's: `21 | post:` over `   | ^^^^`) marks the line its
//! caret line stands under. A notice drawn in a box (`╔═══╗`, `║ text ║`, `╚═══╝`) is said as
//! its text, without the drawing.

use crate::minimize::text::{join_lines, text_has, SplitLines};

/// What a line of a code frame is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FrameLine {
    /// `> 4 | code`: the line the message is about.
    Marked,
    /// `  3 | code`, `  6 |`: a line around it.
    Context,
    /// `    |   ^`: the marks under the marked line (a message may follow them).
    Caret,
}

/// A frame's line, unindented as `@babel/code-frame` draws it at the top of a message: the
/// gutter (an optional `>`, then spaces and the number, or the number at the line's start, as a
/// frame drawn without marks has it) and ` |`. An indented frame is a test runner's (jest's,
/// under its failure's heading), which its own filter reads.
fn frame_line(line: &str) -> Option<FrameLine> {
    let (marked, rest) = match line.strip_prefix('>') {
        Some(rest) => (true, rest),
        None if line.starts_with(|c: char| c.is_ascii_digit()) => (false, line),
        None => (false, line.strip_prefix(' ')?),
    };
    let gutter = rest.trim_start_matches(' ');
    let digits = gutter.bytes().take_while(u8::is_ascii_digit).count();
    // The caret line's gutter has no number: its `|` follows the padding.
    let after = match digits {
        0 => gutter.strip_prefix('|')?,
        _ => gutter[digits..].strip_prefix(" |")?,
    };
    if !(after.is_empty() || after.starts_with(' ')) {
        return None;
    }
    match (marked, digits) {
        (true, 0) => None,
        (true, _) => Some(FrameLine::Marked),
        (false, 0) => {
            let marks = after.trim_start();
            marks.starts_with(['^', '~']).then_some(FrameLine::Caret)
        }
        (false, _) => Some(FrameLine::Context),
    }
}

/// Fewest numbered lines in a frame without marks for its caret to mark the line above it: a
/// window of the file around that line (two before, two after), not a compiler's span of one
/// or two lines (rustc's `3 |` over `  | ^`), whose lines its own filter reads. A frame that
/// opens under a bare gutter (`  |`, after rustc's and ruff's ` --> path:line:col`) is theirs
/// too, whatever its length.
const UNMARKED_FRAME_MIN_LINES: usize = 3;

/// `text` without the unmarked lines of each code frame that marks a line (with `>`, or, in a
/// frame without marks of [`UNMARKED_FRAME_MIN_LINES`] numbered lines or more, by a caret line
/// under it); `None` when it has no such frame.
pub(super) fn without_context(text: &str) -> Option<String> {
    // Most outputs have no frame: one look for a marked line or a caret line before collecting
    // anything.
    if !text.starts_with('>') && !text_has(text, "\n>") && !text_has(text, "| ^") {
        return None;
    }
    let lines: Vec<&str> = text.split_lines().collect();
    let kinds: Vec<Option<FrameLine>> = lines.iter().map(|l| frame_line(l)).collect();
    let mut drop = vec![false; lines.len()];
    let mut at = 0;
    while at < lines.len() {
        if kinds[at].is_none() {
            at += 1;
            continue;
        }
        let end = (at..lines.len())
            .find(|&i| kinds[i].is_none())
            .unwrap_or(lines.len());
        if kinds[at..end].contains(&Some(FrameLine::Marked)) {
            for i in at..end {
                drop[i] = kinds[i] == Some(FrameLine::Context);
            }
        } else if (at == 0 || lines[at - 1].trim() != "|")
            && kinds[at..end]
                .iter()
                .filter(|&&k| k == Some(FrameLine::Context))
                .count()
                >= UNMARKED_FRAME_MIN_LINES
        {
            // No mark: each caret line marks the numbered line right above it.
            let marked = |i: usize| {
                i + 1 < end
                    && kinds[i] == Some(FrameLine::Context)
                    && kinds[i + 1] == Some(FrameLine::Caret)
            };
            if (at..end).any(marked) {
                for i in at..end {
                    drop[i] = kinds[i] == Some(FrameLine::Context) && !marked(i);
                }
            }
        }
        at = end;
    }
    if !drop.contains(&true) {
        return None;
    }
    Some(join_lines(
        lines
            .iter()
            .zip(&drop)
            .filter(|(_, &d)| !d)
            .map(|(l, _)| *l),
    ))
}

/// A box's corners and its rule, as boxen and npm's notices draw them: (top left, top right,
/// bottom left, bottom right, rule, side).
const BOXES: [(char, char, char, char, char, char); 3] = [
    ('╔', '╗', '╚', '╝', '═', '║'),
    ('╭', '╮', '╰', '╯', '─', '│'),
    ('┌', '┐', '└', '┘', '─', '│'),
];

/// Fewest lines of text in a box for it to be a notice said without it: a box around one line
/// is a heading (semgrep's `│ Scan Status │`), which stays as drawn.
const BOX_MIN_LINES: usize = 2;

/// `text` with each notice drawn in a box (a deprecation or update notice: `╔═══╗`, `║  text
/// ║`, `╚═══╝`, or with `╭─╮`, `┌─┐`) said as its lines of text, without the frame, the padding
/// and the blank lines inside it; `None` when it has none. A notice has [`BOX_MIN_LINES`] or
/// more lines of text; a box is one column wide: a rule of
/// one character between its corners, each line inside between two sides and no other (a
/// drawn table's columns make it none).
pub(super) fn without_boxes(text: &str) -> Option<String> {
    // Most outputs draw no box: a search for its corners over the whole text says so.
    if !BOXES
        .iter()
        .any(|b| text_has(text, b.1.encode_utf8(&mut [0; 4])))
    {
        return None;
    }
    let lines: Vec<&str> = text.split_lines().collect();
    let mut out: Vec<&str> = Vec::with_capacity(lines.len());
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        match boxed(&lines[i..]) {
            Some((len, inner)) => {
                out.extend(inner);
                changed = true;
                i += len;
            }
            None => {
                out.push(lines[i]);
                i += 1;
            }
        }
    }
    changed.then(|| join_lines(out))
}

/// The box that starts `lines` (see [`without_boxes`]): how many lines it takes and its lines
/// of text.
fn boxed<'a>(lines: &[&'a str]) -> Option<(usize, Vec<&'a str>)> {
    let top = lines.first()?.trim();
    let &(tl, tr, bl, br, rule, side) = BOXES.iter().find(|b| top.starts_with(b.0))?;
    let ruled = |l: &str, left: char, right: char| {
        l.strip_prefix(left)
            .and_then(|l| l.strip_suffix(right))
            .is_some_and(|r| !r.is_empty() && r.chars().all(|c| c == rule))
    };
    if !ruled(top, tl, tr) {
        return None;
    }
    let mut inner = Vec::new();
    for (k, line) in lines.iter().enumerate().skip(1) {
        let t = line.trim();
        if ruled(t, bl, br) {
            return (inner.len() >= BOX_MIN_LINES).then_some((k + 1, inner));
        }
        let text = t.strip_prefix(side)?.strip_suffix(side)?;
        if text.contains(side) {
            return None;
        }
        let text = text.trim();
        if !text.is_empty() {
            inner.push(text);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_frames_unmarked_lines_go_its_marked_line_and_carets_stay() {
        let text = "SyntaxError: src/a.js: Unexpected token, expected \",\" (13:25)\n\n  11 | }\n  12 |\n> 13 | export function broken(a {\n     |                          ^\n  14 |   return a +;\n  15 | }\n    at constructor (/p/node_modules/@babel/parser/lib/index.js:369:19)\n";
        assert_eq!(
            without_context(text).as_deref(),
            Some("SyntaxError: src/a.js: Unexpected token, expected \",\" (13:25)\n\n> 13 | export function broken(a {\n     |                          ^\n    at constructor (/p/node_modules/@babel/parser/lib/index.js:369:19)\n")
        );
    }

    #[test]
    fn a_caret_with_its_message_and_two_marked_lines_stay() {
        let text = "  1 | a\n> 2 | b\n    | ^ here\n> 3 | c\n    | ^^\n  4 | d\n";
        assert_eq!(
            without_context(text).as_deref(),
            Some("> 2 | b\n    | ^ here\n> 3 | c\n    | ^^\n")
        );
    }

    #[test]
    fn a_frame_without_marks_keeps_the_line_over_its_caret() {
        let text = "[2] openapi.yaml:21:5 at #/paths\n\nOperation object should contain `summary` field.\n\n19 |   type: array\n20 |   items: x\n21 | post:\n   | ^^^^\n22 |   requestBody:\n23 |     content:\n\nError was generated by the operation-summary rule.\n";
        assert_eq!(
            without_context(text).as_deref(),
            Some("[2] openapi.yaml:21:5 at #/paths\n\nOperation object should contain `summary` field.\n\n21 | post:\n   | ^^^^\n\nError was generated by the operation-summary rule.\n")
        );
        // A compiler's span of one or two lines (rustc's) is its filter's, and so is a frame
        // under a bare gutter (ruff's window of five lines).
        assert_eq!(
            without_context("error: x\n --> a.rs:3:5\n  |\n3 |     let x = y;\n  |             ^ not found\n4 |     z\n"),
            None
        );
        assert_eq!(
            without_context("F401 x\n --> a.py:3:5\n  |\n1 | a\n2 | b\n3 | import y\n  | ^^^^^^\n4 | c\n5 | d\n  |\n"),
            None
        );
        // Numbered lines with no caret: a listing.
        assert_eq!(without_context("1 | a\n2 | b\n3 | c\n  | x\n"), None);
    }

    #[test]
    fn a_notices_box_is_said_as_its_text() {
        let text = "before\n    ╔══════════════╗\n    ║              ║\n    ║  Update to 22  ║\n    ║  now: see x  ║\n    ╚══════════════╝\nafter\n";
        assert_eq!(
            without_boxes(text).as_deref(),
            Some("before\nUpdate to 22\nnow: see x\nafter\n")
        );
        // A drawn table's columns: no box.
        let table = "┌───┐\n│ a │ b │\n└───┘\n";
        assert_eq!(without_boxes(table), None);
        assert_eq!(without_boxes("╭──╮\n│ open\n"), None);
        // A box around one line is a heading.
        assert_eq!(without_boxes("┌──────┐\n│ Scan │\n└──────┘\n"), None);
    }

    #[test]
    fn no_marked_line_an_indented_frame_or_a_quote_is_no_frame() {
        // Numbered lines without a marked one: a listing, not a frame.
        assert_eq!(without_context("  1 | a\n  2 | b\n"), None);
        // jest's frame under a failure's heading is indented: its filter's.
        assert_eq!(
            without_context("    ● t\n\n      11 | a\n    > 12 | b\n         | ^\n"),
            None
        );
        // A quoted reply (`> text`) has no gutter.
        assert_eq!(without_context("> quoted | text\n  3 | x\n"), None);
    }
}
