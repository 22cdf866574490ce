//! Splits a bash command into flat segments on its unquoted list and pipeline operators (`&&`, `||`,
//! `;`, `|`, `|&`, `&`, newlines), the way the interceptor and head/tail normalization see it.
//! Quotes, escapes, `$( )`, `${ }`, backticks, process substitution and here-doc bodies are opaque
//! (the steps of [`super::scan`]).

use super::scan::{
    assignment_value_start, read_heredoc_operator, skip_blanks, skip_comment, skip_heredoc_body,
    skip_quoted, skip_word, PendingHeredoc,
};

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
