//! Splits a bash command into flat segments on its unquoted list and pipeline operators (`&&`, `||`,
//! `;`, `|`, `|&`, `&`, newlines), the way the interceptor and head/tail normalization see it.
//! Quotes, escapes, `$( )`, `${ }`, backticks, process substitution and here-doc bodies are opaque.

/// One command of a flat split, as written (quotes and escapes kept).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment<'a> {
    /// The segment's text, trimmed as JavaScript's `String.prototype.trim` would.
    pub text: &'a str,
    /// Where `text` starts in the command, in bytes.
    pub start: usize,
    /// The operator that ended the previous segment.
    pub after: Separator,
}

impl Segment<'_> {
    /// True when the segment reads the previous stage's output through `|` or `|&`.
    pub fn piped_stdin(&self) -> bool {
        matches!(self.after, Separator::Pipe | Separator::PipeStderr)
    }
}

/// The operator in front of a segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Separator {
    /// The first segment, or one after a grouping `(`/`{`.
    Start,
    /// `;`, a newline, or the end of a subshell or group.
    Sequence,
    /// `&`
    Background,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `|`
    Pipe,
    /// `|&`
    PipeStderr,
}

/// Splits `command` into its flat segments; empty segments are dropped. Unterminated quotes or
/// substitutions run to the end of the command (bash would reject it; nothing is lost for matching).
pub fn split(command: &str) -> Vec<Segment<'_>> {
    Splitter {
        s: command.as_bytes(),
        command,
        segments: Vec::new(),
    }
    .run()
}

/// The command after its leading `NAME=value` assignments, or `None` when it has none or nothing
/// follows them.
pub fn strip_leading_assignments(segment: &str) -> Option<&str> {
    let s = segment.as_bytes();
    let mut i = skip_blanks(s, 0);
    let mut found = false;
    while let Some(after_name) = assignment_value_start(s, i) {
        i = skip_blanks(s, skip_word(s, after_name));
        found = true;
    }
    let rest = js_trim(&segment[i..]);
    (found && !rest.is_empty()).then_some(rest)
}

/// Trims the characters JavaScript's `String.prototype.trim` trims (WhiteSpace and LineTerminator),
/// so a segment handed to a rule is the string a JS implementation would test.
pub fn js_trim(text: &str) -> &str {
    text.trim_matches(is_js_whitespace)
}

fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{a}' | '\u{b}' | '\u{c}' | '\u{d}' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// If an assignment word (`NAME=` or `NAME+=`) starts at `i`, the index where its value starts.
fn assignment_value_start(s: &[u8], i: usize) -> Option<usize> {
    let first = *s.get(i)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let mut j = i + 1;
    while j < s.len() && (s[j].is_ascii_alphanumeric() || s[j] == b'_') {
        j += 1;
    }
    match (s.get(j), s.get(j + 1)) {
        (Some(b'='), _) => Some(j + 1),
        (Some(b'+'), Some(b'=')) => Some(j + 2),
        _ => None,
    }
}

fn skip_blanks(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && (s[i] == b' ' || s[i] == b'\t') {
        i += 1;
    }
    i
}

/// The end of the shell word starting at `i` (quotes, escapes and substitutions are part of it).
fn skip_word(s: &[u8], mut i: usize) -> usize {
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
fn skip_quoted(s: &[u8], i: usize) -> Option<usize> {
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

/// `i` is at an opening `'`; returns the index after the closing one.
fn skip_single(s: &[u8], i: usize) -> usize {
    match s[i + 1..].iter().position(|&b| b == b'\'') {
        Some(p) => i + 1 + p + 1,
        None => s.len(),
    }
}

/// `i` is at the `'` of `$'…'`, where a backslash escapes the quote.
fn skip_ansi_c(s: &[u8], mut i: usize) -> usize {
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
fn skip_comment(s: &[u8], i: usize) -> usize {
    s[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(s.len(), |p| i + p)
}

/// A here-document whose body starts after the current line.
struct PendingHeredoc {
    delimiter: String,
    strip_tabs: bool,
}

struct Splitter<'a> {
    s: &'a [u8],
    command: &'a str,
    segments: Vec<Segment<'a>>,
}

impl<'a> Splitter<'a> {
    fn run(mut self) -> Vec<Segment<'a>> {
        let s = self.s;
        let mut start = 0;
        let mut after = Separator::Start;
        let mut heredocs: Vec<PendingHeredoc> = Vec::new();
        let mut subshells = 0usize;
        let mut i = 0;
        while i < s.len() {
            // Bytes, not str: `i` may sit inside a multi-byte character after an escape.
            let at_segment_start = s[start..i].iter().all(|&b| b == b' ' || b == b'\t');
            let at_word_start =
                i == 0 || matches!(s[i - 1], b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(');
            match (s[i], s.get(i + 1).copied()) {
                (b'#', _) if at_word_start => {
                    let end = skip_comment(s, i);
                    // A comment-only line between `|` and the next stage keeps the pipe pending.
                    if self.push(start, i, after) {
                        after = Separator::Sequence;
                    }
                    start = end;
                    i = end;
                }
                (b'(', _) if at_segment_start => {
                    subshells += 1;
                    start = i + 1;
                    i += 1;
                }
                (b'{', Some(b' ' | b'\t' | b'\n')) if at_segment_start => {
                    start = i + 1;
                    i += 1;
                }
                (b'}', _) if at_segment_start => {
                    start = i + 1;
                    after = Separator::Sequence;
                    i += 1;
                }
                (b')', _) if subshells > 0 => {
                    subshells -= 1;
                    self.push(start, i, after);
                    after = Separator::Sequence;
                    start = i + 1;
                    i += 1;
                }
                (b'<', Some(b'<')) if s.get(i + 2) != Some(&b'<') => {
                    let (end, heredoc) = read_heredoc_operator(s, i + 2);
                    heredocs.extend(heredoc);
                    i = end;
                }
                (b'<', Some(b'<')) => i += 3,
                (b'\n', _) => {
                    let pushed = self.push(start, i, after);
                    if pushed || !matches!(after, Separator::Pipe | Separator::PipeStderr) {
                        after = Separator::Sequence;
                    }
                    i += 1;
                    for heredoc in heredocs.drain(..) {
                        i = skip_heredoc_body(s, i, &heredoc);
                    }
                    start = i;
                }
                (b';', _) => {
                    self.push(start, i, after);
                    after = Separator::Sequence;
                    i += 1;
                    start = i;
                }
                (b'|', _) if i > 0 && s[i - 1] == b'>' => i += 1, // `>|` overrides noclobber
                (b'|', next) => {
                    self.push(start, i, after);
                    (after, i) = match next {
                        Some(b'|') => (Separator::Or, i + 2),
                        Some(b'&') => (Separator::PipeStderr, i + 2),
                        _ => (Separator::Pipe, i + 1),
                    };
                    start = i;
                }
                // `>&`, `<&`, `&>` and `&>>` are redirections, not operators.
                (b'&', _) if i > 0 && matches!(s[i - 1], b'>' | b'<') => i += 1,
                (b'&', Some(b'>')) => i += 2,
                (b'&', next) => {
                    self.push(start, i, after);
                    (after, i) = match next {
                        Some(b'&') => (Separator::And, i + 2),
                        _ => (Separator::Background, i + 1),
                    };
                    start = i;
                }
                _ => i = skip_quoted(s, i).unwrap_or(i + 1),
            }
        }
        self.push(start, s.len(), after);
        self.segments
    }

    /// Records `command[start..end]` unless it is blank; says whether it did.
    fn push(&mut self, start: usize, end: usize, after: Separator) -> bool {
        let raw = &self.command[start..end.max(start)];
        let text = js_trim(raw);
        if text.is_empty() {
            return false;
        }
        let offset = start + (text.as_ptr() as usize - raw.as_ptr() as usize);
        self.segments.push(Segment {
            text,
            start: offset,
            after,
        });
        true
    }
}

/// Reads the `[-]WORD` after `<<` at `i`: returns where the operator ends and the pending body.
fn read_heredoc_operator(s: &[u8], mut i: usize) -> (usize, Option<PendingHeredoc>) {
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
fn skip_heredoc_body(s: &[u8], mut i: usize, heredoc: &PendingHeredoc) -> usize {
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

    fn texts(command: &str) -> Vec<(&str, Separator)> {
        split(command)
            .into_iter()
            .map(|s| (s.text, s.after))
            .collect()
    }

    #[test]
    fn splits_on_unquoted_operators() {
        use Separator::*;
        let cases: &[(&str, &[(&str, Separator)])] = &[
            ("ls", &[("ls", Start)]),
            ("  ls -la  ", &[("ls -la", Start)]),
            (
                "a && b || c; d & e",
                &[
                    ("a", Start),
                    ("b", And),
                    ("c", Or),
                    ("d", Sequence),
                    ("e", Background),
                ],
            ),
            (
                "a | b |& c",
                &[("a", Start), ("b", Pipe), ("c", PipeStderr)],
            ),
            (
                "a\nb\r\nc",
                &[("a", Start), ("b", Sequence), ("c", Sequence)],
            ),
            ("a |\n  b", &[("a", Start), ("b", Pipe)]),
            ("a |\n# note\n  b", &[("a", Start), ("b", Pipe)]),
            (
                "a 2>&1 | b >&2 && c &> f &>> g",
                &[("a 2>&1", Start), ("b >&2", Pipe), ("c &> f &>> g", And)],
            ),
            ("a >| f; b <&3", &[("a >| f", Start), ("b <&3", Sequence)]),
            (
                "echo 'a; b | c' && d",
                &[("echo 'a; b | c'", Start), ("d", And)],
            ),
            (
                "echo \"a && \\\" b\" | c",
                &[("echo \"a && \\\" b\"", Start), ("c", Pipe)],
            ),
            ("echo a\\;b \\| c", &[("echo a\\;b \\| c", Start)]),
            (
                "echo $'it\\'s; x' ; y",
                &[("echo $'it\\'s; x'", Start), ("y", Sequence)],
            ),
            (
                "x=$(a; b | c) && d",
                &[("x=$(a; b | c)", Start), ("d", And)],
            ),
            (
                "echo \"$(printf ')'; x)\" | y",
                &[("echo \"$(printf ')'; x)\"", Start), ("y", Pipe)],
            ),
            (
                "echo `a | b`; c",
                &[("echo `a | b`", Start), ("c", Sequence)],
            ),
            (
                "echo ${x:-a;b} | c",
                &[("echo ${x:-a;b}", Start), ("c", Pipe)],
            ),
            (
                "diff <(a | b) >(c; d) && e",
                &[("diff <(a | b) >(c; d)", Start), ("e", And)],
            ),
            (
                "echo $((1|2)) | x",
                &[("echo $((1|2))", Start), ("x", Pipe)],
            ),
            ("ls # a; b | c\nd", &[("ls", Start), ("d", Sequence)]),
            ("echo a#b; c", &[("echo a#b", Start), ("c", Sequence)]),
            (
                "(cd x && cat f) | g",
                &[("cd x", Start), ("cat f", And), ("g", Pipe)],
            ),
            (
                "{ a; b; } > f",
                &[("a", Start), ("b", Sequence), ("> f", Sequence)],
            ),
            (
                r"ǆ é && \é 😀 | ü",
                &[("ǆ é", Start), (r"\é 😀", And), ("ü", Pipe)],
            ),
        ];
        for (command, expected) in cases {
            assert_eq!(texts(command), expected.to_vec(), "{command:?}");
        }
    }

    #[test]
    fn here_doc_bodies_are_opaque() {
        use Separator::*;
        let cases: &[(&str, &[(&str, Separator)])] = &[
            (
                "cat <<EOF > f\na; b | c\nEOF\nls",
                &[("cat <<EOF > f", Start), ("ls", Sequence)],
            ),
            (
                "cat <<'EOF' | grep x\n$(rm) && y\nEOF",
                &[("cat <<'EOF'", Start), ("grep x", Pipe)],
            ),
            (
                "cat <<-\"END\" && z\n\ta | b\n\tEND\nw",
                &[("cat <<-\"END\"", Start), ("z", And), ("w", Sequence)],
            ),
            (
                "a <<X; b <<Y\nx | 1\nX\ny ; 2\nY\nc",
                &[("a <<X", Start), ("b <<Y", Sequence), ("c", Sequence)],
            ),
            ("cat <<EOF\nnever ends; x", &[("cat <<EOF", Start)]),
            (
                "cat <<< 'a | b' | c",
                &[("cat <<< 'a | b'", Start), ("c", Pipe)],
            ),
        ];
        for (command, expected) in cases {
            assert_eq!(texts(command), expected.to_vec(), "{command:?}");
        }
    }

    #[test]
    fn unterminated_syntax_runs_to_the_end() {
        use Separator::*;
        let cases: &[(&str, &[(&str, Separator)])] = &[
            ("echo 'a; b", &[("echo 'a; b", Start)]),
            ("echo \"a | b", &[("echo \"a | b", Start)]),
            ("echo $(a; b", &[("echo $(a; b", Start)]),
            ("echo `a | b", &[("echo `a | b", Start)]),
            ("echo \\", &[("echo \\", Start)]),
            ("", &[]),
            (" ; && | ", &[]),
        ];
        for (command, expected) in cases {
            assert_eq!(texts(command), expected.to_vec(), "{command:?}");
        }
    }

    #[test]
    fn segment_offsets_point_into_the_command() {
        let command = "  a  &&  b c ";
        let segments = split(command);
        assert_eq!(
            segments.iter().map(|s| s.start).collect::<Vec<_>>(),
            vec![2, 9]
        );
        assert!(segments
            .iter()
            .all(|s| &command[s.start..s.start + s.text.len()] == s.text));
    }

    #[test]
    fn strips_leading_assignments() {
        let cases: &[(&str, Option<&str>)] = &[
            ("FOO=1 cat f", Some("cat f")),
            ("A=1 B+=2\tC= cat f", Some("cat f")),
            ("A='x y' B=\"$(a b)\" C=$(d; e) cat f", Some("cat f")),
            ("A=`x y` cat", Some("cat")),
            ("arr=(a b) ls", Some("ls")),
            ("cat f", None),
            ("FOO=1", None),
            ("FOO=1   ", None),
            ("1A=2 cat", None),
            ("A==b cat", Some("cat")),
        ];
        for (segment, expected) in cases {
            assert_eq!(strip_leading_assignments(segment), *expected, "{segment:?}");
        }
    }
}
