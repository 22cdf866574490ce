//! The cheap check: whether a text is in a small subset of bash that certainly parses, known by
//! one pass over its bytes (well under a microsecond, where tree-sitter-bash takes 10-20 µs). It
//! answers yes only when sure; anything else goes to the full parse ([`super::tree`]).

use super::scan::closing_single;

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
pub fn is_plain(command: &str) -> bool {
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
                        b'\'' => match closing_single(bytes, i) {
                            Some(end) => i = end,
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
    use crate::syntax::tree::parses_cleanly;

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
