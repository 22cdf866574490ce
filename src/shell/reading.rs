//! Which run texts the shell may read at top level, as the lines of a script. A text that does
//! not parse (a quote or here-document left open, a stray `)`, an `if` with no `fi`) would read on
//! past its own end and swallow the framing after it, printing it in an error or as a
//! here-document, and its syntax error would end the shell and the session's state with it. Such
//! a text is given to `eval` instead (see [`Reading::Eval`]). The syntax itself is
//! [`crate::syntax`]'s; what it costs where, and what follows for the session, is decided here.

use crate::shell::framing::Reading;
use crate::syntax::plain::is_plain;
use crate::syntax::tree::parses_cleanly;

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
}
