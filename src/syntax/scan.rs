//! The plain scan: byte-level steps over bash text without a parser. Each step starts at a byte
//! index and returns the index after the construct there (a quoted string, a substitution, a
//! comment, a here-document operator or body). Unterminated text runs to the end of the input:
//! the callers split or recognise text that bash may yet reject, and nothing is lost for that.

/// A blank between words on one line.
pub fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The index after the longest bash NAME (`[A-Za-z_][A-Za-z0-9_]*`) that starts at `i`; `i`
/// when none does.
pub fn name_end(s: &[u8], i: usize) -> usize {
    match s.get(i) {
        Some(&first) if first.is_ascii_alphabetic() || first == b'_' => s[i + 1..]
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
            .map_or(s.len(), |n| i + 1 + n),
        _ => i,
    }
}

/// If an assignment word (`NAME=` or `NAME+=`) starts at `i`, the index where its value starts.
pub fn assignment_value_start(s: &[u8], i: usize) -> Option<usize> {
    let j = name_end(s, i);
    if j == i {
        return None;
    }
    match (s.get(j), s.get(j + 1)) {
        (Some(b'='), _) => Some(j + 1),
        (Some(b'+'), Some(b'=')) => Some(j + 2),
        _ => None,
    }
}

pub fn skip_blanks(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && is_blank(s[i]) {
        i += 1;
    }
    i
}

/// The end of the shell word starting at `i` (quotes, escapes and substitutions are part of it).
pub fn skip_word(s: &[u8], mut i: usize) -> usize {
    while i < s.len() {
        match s[i] {
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' => return i,
            b'(' => i = skip_parens(s, i),
            _ => i = skip_quoted(s, i).unwrap_or(i + 1),
        }
    }
    i
}

/// If a quoted or substituted region starts at `i` (or a backslash escape), the index after it.
pub fn skip_quoted(s: &[u8], i: usize) -> Option<usize> {
    match (s[i], s.get(i + 1)) {
        (b'\\', _) => Some((i + 2).min(s.len())),
        (b'\'', _) => Some(skip_single(s, i)),
        (b'"', _) => Some(skip_double(s, i)),
        (b'`', _) => Some(skip_backtick(s, i)),
        (b'$', Some(b'\'')) => Some(skip_ansi_c(s, i + 1)),
        (b'$', Some(b'"')) => Some(skip_double(s, i + 1)),
        (b'$', Some(b'(')) => Some(skip_parens(s, i + 1)),
        (b'$', Some(b'{')) => Some(skip_braces(s, i + 1)),
        (b'<' | b'>', Some(b'(')) => Some(skip_parens(s, i + 1)),
        _ => None,
    }
}

/// `i` is at an opening `'`: the index after the closing one, if there is one.
pub fn closing_single(s: &[u8], i: usize) -> Option<usize> {
    s[i + 1..]
        .iter()
        .position(|&b| b == b'\'')
        .map(|p| i + 1 + p + 1)
}

/// `i` is at an opening `'`; returns the index after the closing one.
fn skip_single(s: &[u8], i: usize) -> usize {
    closing_single(s, i).unwrap_or(s.len())
}

/// `i` is at the `'` of `$'…'`, where a backslash escapes the quote: the index after the
/// closing quote.
pub(super) fn skip_ansi_c(s: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            b'\'' => return i + 1,
            _ => i += 1,
        }
    }
    s.len()
}

/// `i` is at an opening `"`; substitutions inside may themselves hold quotes.
fn skip_double(s: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < s.len() {
        match (s[i], s.get(i + 1)) {
            (b'\\', _) => i += 2,
            (b'"', _) => return i + 1,
            (b'`', _) => i = skip_backtick(s, i),
            (b'$', Some(b'(')) => i = skip_parens(s, i + 1),
            (b'$', Some(b'{')) => i = skip_braces(s, i + 1),
            _ => i += 1,
        }
    }
    s.len()
}

fn skip_backtick(s: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            b'`' => return i + 1,
            _ => i += 1,
        }
    }
    s.len()
}

/// `i` is at an opening `(`; returns the index after its matching `)`. A `(…)` body is commands,
/// so it may hold comments.
fn skip_parens(s: &[u8], i: usize) -> usize {
    skip_balanced(s, i, b'(', b')', true)
}

/// `i` is at the `{` of `${`; returns the index after its matching `}`.
fn skip_braces(s: &[u8], i: usize) -> usize {
    skip_balanced(s, i, b'{', b'}', false)
}

/// `i` is at `open`; returns the index after its matching `close`, skipping quoted text (and
/// comments when `comments`).
fn skip_balanced(s: &[u8], mut i: usize, open: u8, close: u8, comments: bool) -> usize {
    let mut depth = 0usize;
    while i < s.len() {
        match s[i] {
            b if b == open => {
                depth += 1;
                i += 1;
            }
            b if b == close => {
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return i;
                }
            }
            b'#' if comments && i > 0 && matches!(s[i - 1], b' ' | b'\t' | b'\n') => {
                i = skip_comment(s, i)
            }
            _ => i = skip_quoted(s, i).unwrap_or(i + 1),
        }
    }
    s.len()
}

/// The index of the newline that ends the comment starting at `i` (or the end).
pub fn skip_comment(s: &[u8], i: usize) -> usize {
    s[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(s.len(), |p| i + p)
}

/// A here-document whose body starts after the current line.
pub struct PendingHeredoc {
    delimiter: String,
    strip_tabs: bool,
}

impl PendingHeredoc {
    /// The delimiter line, quotes removed.
    pub fn delimiter(&self) -> &str {
        &self.delimiter
    }

    /// `<<-`: leading tabs are removed from each line, the delimiter's included.
    pub fn strips_tabs(&self) -> bool {
        self.strip_tabs
    }
}

/// Reads the `[-]WORD` after `<<` at `i`: returns where the operator ends and the pending body.
pub fn read_heredoc_operator(s: &[u8], mut i: usize) -> (usize, Option<PendingHeredoc>) {
    let strip_tabs = s.get(i) == Some(&b'-');
    if strip_tabs {
        i += 1;
    }
    i = skip_blanks(s, i);
    let mut delimiter = Vec::new();
    while i < s.len() {
        match s[i] {
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' => break,
            b'\\' if i + 1 < s.len() => {
                delimiter.push(s[i + 1]);
                i += 2;
            }
            // `$'…'` is quoted with its escapes decoded, `$"…"` as `"…"` (bash 5.2 reads
            // `<<$'E\x4fF'` and `<<$"EOF"` as a quoted `EOF`, measured).
            b'$' if s.get(i + 1) == Some(&b'\'') => {
                let end = skip_ansi_c(s, i + 1);
                let inner_end = if end > i + 2 && s.get(end - 1) == Some(&b'\'') {
                    end - 1
                } else {
                    end
                };
                let inner = String::from_utf8_lossy(&s[i + 2..inner_end.max(i + 2)]);
                delimiter.extend_from_slice(super::quotes::decode_ansi_c(&inner).as_bytes());
                i = end;
            }
            b'$' if s.get(i + 1) == Some(&b'"') => i += 1,
            quote @ (b'\'' | b'"') => {
                let end = if quote == b'\'' {
                    skip_single(s, i)
                } else {
                    skip_double(s, i)
                };
                let inner_end = if end > i + 1 && s.get(end - 1) == Some(&quote) {
                    end - 1
                } else {
                    end
                };
                delimiter.extend_from_slice(&s[i + 1..inner_end.max(i + 1)]);
                i = end;
            }
            b => {
                delimiter.push(b);
                i += 1;
            }
        }
    }
    if delimiter.is_empty() {
        return (i, None);
    }
    let delimiter = String::from_utf8_lossy(&delimiter).into_owned();
    (
        i,
        Some(PendingHeredoc {
            delimiter,
            strip_tabs,
        }),
    )
}

/// `i` is at the start of a here-doc body; returns the index after its delimiter line.
pub fn skip_heredoc_body(s: &[u8], mut i: usize, heredoc: &PendingHeredoc) -> usize {
    while i < s.len() {
        let line_end = s[i..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(s.len(), |p| i + p);
        let mut line = &s[i..line_end];
        if heredoc.strip_tabs {
            while let [b'\t', rest @ ..] = line {
                line = rest;
            }
        }
        i = (line_end + 1).min(s.len());
        if line == heredoc.delimiter.as_bytes() {
            return i;
        }
    }
    s.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn finds_names_and_assignments() {
        let names: &[(&str, usize)] = &[
            ("FOO=1", 3),
            ("_a1 b", 3),
            ("a", 1),
            ("1a", 0),
            ("=x", 0),
            ("", 0),
            ("é", 0),
        ];
        for (text, end) in names {
            assert_eq!((*text, name_end(text.as_bytes(), 0)), (*text, *end));
        }
        let assignments: &[(&str, Option<usize>)] = &[
            ("A=1", Some(2)),
            ("A+=1", Some(3)),
            ("A+1", None),
            ("A", None),
            ("1A=2", None),
            ("=2", None),
        ];
        for (text, start) in assignments {
            assert_eq!(
                (*text, assignment_value_start(text.as_bytes(), 0)),
                (*text, *start)
            );
        }
    }

    #[test]
    fn skips_quoted_and_substituted_regions() {
        // (text, index after the region that starts at 0)
        let cases: &[(&str, Option<usize>)] = &[
            ("'a b' c", Some(5)),
            ("'open", Some(5)),
            ("\"a \\\" $(b \")\") c\" d", Some(17)),
            ("`a \\` b` c", Some(8)),
            ("$'it\\'s' x", Some(8)),
            ("$(a (b) # )\n) x", Some(13)),
            ("${a:-}} x", Some(6)),
            ("<(a) x", Some(4)),
            ("\\x y", Some(2)),
            ("a b", None),
        ];
        for (text, end) in cases {
            assert_eq!((*text, skip_quoted(text.as_bytes(), 0)), (*text, *end));
        }
        assert_eq!(closing_single(b"'a' b", 0), Some(3));
        assert_eq!(closing_single(b"'a b", 0), None);
    }
}
