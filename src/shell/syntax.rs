//! Which run texts the shell may read at top level, as the lines of a script. A text that does
//! not parse (a quote or here-document left open, a stray `)`, an `if` with no `fi`) would read on
//! past its own end and swallow the framing after it, printing it in an error or as a
//! here-document, and its syntax error would end the shell and the session's state with it. Such
//! a text is given to `eval` instead (see [`Reading::Eval`]).

use crate::commands::classify::parses_cleanly;
use crate::shell::framing::Reading;

/// Texts longer than this are read at top level unchecked: tree-sitter-bash takes about 0.4 ms a
/// kilobyte of dense script (25 ms for 64 KiB), and a long script is rarely a typo.
const CHECKED_MAX_BYTES: usize = 16 * 1024;

/// A text longer than this, and not plain, is checked on the runtime's threads rather than on
/// the caller's (the JS thread, see `Session::try_start`): at most about 0.4 ms there.
const CHECKED_ON_CALLER_MAX_BYTES: usize = 1024;

/// Whether [`reading_for`] is cheap enough for the JS thread.
pub fn cheap_to_check(command: &str) -> bool {
    command.len() <= CHECKED_ON_CALLER_MAX_BYTES
        || command.len() > CHECKED_MAX_BYTES
        || is_plain(command)
}

/// How the shell should read `command`: at top level when it certainly parses (tree-sitter-bash
/// finds no error, or it is a plain list of words), else through `eval`. A text that bash accepts
/// but tree-sitter-bash does not (an `extglob` pattern, `<>`) runs through `eval` just the same.
pub fn reading_for(command: &str) -> Reading {
    // A last line ending in a backslash continues into the framing's blank line, as it would
    // into the end of a script; tree-sitter-bash calls it an error.
    let trailing = command.bytes().rev().take_while(|&b| b == b'\\').count();
    let parsed = if trailing % 2 == 1 {
        &command[..command.len() - 1]
    } else {
        command
    };
    if command.len() > CHECKED_MAX_BYTES || is_plain(command) || parses_cleanly(parsed) {
        Reading::TopLevel
    } else {
        Reading::Eval
    }
}

/// Words that bash reads as syntax at the start of a command.
const RESERVED: &[&str] = &[
    "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in",
    "select", "then", "time", "until", "while",
];

/// Characters that are never syntax outside quotes (globs included: they only match).
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"_./=:,+@%~*?-".contains(&b)
}

/// Whitespace between words: a blank or a newline.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n')
}

/// Whether `command` is in a subset of bash that certainly parses, known without a parser (the
/// parser costs 10-20 µs, the scan well under one): simple commands of words joined by `&&`,
/// `||`, `|` or `;`, one command or a continued one per line. A word is made of characters that
/// are never syntax, single-quoted text, and double-quoted text with no `$`, backquote or
/// backslash in it; no unquoted word is reserved (in any position, to keep the rule simple).
/// Anything else is for the parser: `echo $HOME` is not plain, though it parses.
fn is_plain(command: &str) -> bool {
    #[derive(PartialEq)]
    enum Last {
        /// Start of the text or of a line: a word must come next.
        LineStart,
        /// `&&`, `||`, `|` or `;`: a word must come next (a newline may, after all but `;`).
        Operator {
            continues: bool,
        },
        Word,
    }
    let bytes = command.as_bytes();
    let mut last = Last::LineStart;
    let mut words = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' => i += 1,
            b'\n' => {
                last = match last {
                    Last::Operator { continues: true } => last,
                    Last::Operator { continues: false } => return false,
                    _ => Last::LineStart,
                };
                i += 1;
            }
            b'&' | b'|' | b';' => {
                let end = bytes[i..]
                    .iter()
                    .position(|&b| is_space(b))
                    .map_or(bytes.len(), |n| i + n);
                let continues = match &bytes[i..end] {
                    b"&&" | b"||" | b"|" => true,
                    b";" => false,
                    _ => return false,
                };
                if last != Last::Word {
                    return false;
                }
                last = Last::Operator { continues };
                i = end;
            }
            _ => {
                let start = i;
                while i < bytes.len() && !is_space(bytes[i]) {
                    match bytes[i] {
                        b'\'' => match bytes[i + 1..].iter().position(|&b| b == b'\'') {
                            Some(n) => i += n + 2,
                            None => return false,
                        },
                        b'"' => match bytes[i + 1..].iter().position(|&b| b == b'"') {
                            Some(n)
                                if !bytes[i + 1..i + 1 + n]
                                    .iter()
                                    .any(|&b| matches!(b, b'$' | b'`' | b'\\')) =>
                            {
                                i += n + 2
                            }
                            _ => return false,
                        },
                        b if is_word_byte(b) => i += 1,
                        _ => return false,
                    }
                }
                if RESERVED.contains(&&command[start..i]) {
                    return false;
                }
                last = Last::Word;
                words += 1;
            }
        }
    }
    // A last line may end the text with its newline.
    last == Last::Word || (last == Last::LineStart && words > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn texts_that_parse_are_read_at_top_level_and_the_rest_through_eval() {
        let top_level = [
            "true",
            "make -j4 all",
            "cd /tmp\nls -la",
            "echo \"a b\" 'c' && ls | wc -l",
            "for i in 1 2; do echo $i; done",
            "f() { echo hi; }; f",
            "cat <<EOF\nhello\nEOF",
            "echo \"$(printf '%s' \"a)\")\"",
            "echo abc \\",
            "echo abc \\\\\\",
            "cat <<-EOF\n\thi\n\tEOF",
            "cat <<'EOF'\nhi $x\nEOF\necho after",
            "cat <<\"E F\"\nhi\nE F",
        ];
        let eval = [
            "echo \"abc",
            "echo 'abc",
            "cat <<EOF\nhello",
            "if true; then echo x",
            "echo $(echo a",
            "echo ${v",
            "case x in",
            "echo `date",
            "echo )",
            "git commit -m Fix (bug)",
            "ls &&",
            "if",
            "echo a\nthen",
            "echo 'abc \\",
            "cat <<EOF\nhi\nEOF ",
            "cat <<EOF\nhi\n EOF",
            "cat <<-EOF\nhi\n  EOF",
            "cat <<EOF\r\nhi\r\nEOF\r\n",
            // Valid, but tree-sitter-bash misreads two here-documents on one line: eval runs it.
            "cat <<A <<B\na\nA\nb\nB",
        ];
        for text in top_level {
            assert_eq!((text, reading_for(text)), (text, Reading::TopLevel));
        }
        for text in eval {
            assert_eq!((text, reading_for(text)), (text, Reading::Eval));
        }
    }

    #[test]
    fn plain_commands_skip_the_parser() {
        let plain = [
            "true",
            "npm run build -- --watch=false",
            "cd /tmp && ls -la | head -20",
            "git commit -m \"fix it (really)\" ; git push",
            "grep -rn 'a $b' src/*.rs || echo none",
            "make &&\n  make install",
            "echo a\n\necho b",
            "ls\n",
        ];
        for text in plain {
            assert!(is_plain(text), "{text:?}");
            assert!(parses_cleanly(text), "{text:?} must parse");
        }
        let not_plain = [
            "if",
            "echo a b\ndone",
            "echo $HOME",
            "echo \"$HOME\"",
            "echo \"abc",
            "echo 'abc",
            "ls &&",
            "&& ls",
            "a\n&& b",
            "a ; ; b",
            "a;b",
            "a &",
            "a |& b",
            "echo a >f",
            "echo (a)",
            "x=$(date)",
            "echo \"a\\\"b\"",
            "echo `date`",
            "echo héllo",
            "a;\n",
            "\n",
        ];
        for text in not_plain {
            assert!(!is_plain(text), "{text:?}");
        }
    }
}
