//! A code frame as `@babel/code-frame` draws it, whatever printed it (babel, webpack's parse
//! errors, eslint's `codeframe` format, a bundler's plugin errors): source lines in a numbered
//! gutter (`  3 | code`), the one the message is about marked (`> 4 | code`), a caret line under
//! it (`    |   ^`). Kept: the marked lines and the carets (the place and what is wrong there).
//! Dropped: the unmarked lines around them, the file's own text, which the message's location
//! says where to read (one of them can be a whole minified bundle's line).

use crate::minimize::text::{join_lines, SplitLines};

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
/// gutter (an optional `>`, then spaces and the number) and ` |`. An indented frame is a test
/// runner's (jest's, under its failure's heading), which its own filter reads.
fn frame_line(line: &str) -> Option<FrameLine> {
    let (marked, rest) = match line.strip_prefix('>') {
        Some(rest) => (true, rest),
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

/// `text` without the unmarked lines of each code frame that marks a line; `None` when it has
/// no such frame.
pub(super) fn without_context(text: &str) -> Option<String> {
    // Most outputs have no frame: one look for a marked line before collecting anything.
    if !text.starts_with('>') && !text.contains("\n>") {
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
