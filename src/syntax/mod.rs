//! Bash syntax, for the session (`shell/`) and the command layer (`commands/`) alike; it imports
//! neither. Two readers of bash text live here, and they stay two on purpose:
//!
//! - [`scan`], the plain scan: byte-level steps over quotes, substitutions, comments and
//!   here-documents. It never fails and costs well under a microsecond, so it serves text that
//!   bash may yet reject. [`segments`] splits a command on its list and pipeline operators with
//!   it (the interceptor and head/tail normalization, whose answers must match the JavaScript
//!   implementation's, unparsable text included); [`plain`] recognises with it the subset of bash
//!   that certainly parses, so most run texts never reach the parser.
//! - [`tree`], the full parse (tree-sitter-bash, 10-20 µs for a short command, about 0.4 ms a
//!   kilobyte): the syntax tree the classifier walks, and whether a text parses at all. Only a
//!   tree sees nesting (functions, loops, substitutions inside words), and only the scan is cheap
//!   and tolerant enough for every keystroke-sized check; neither can stand in for the other.
//!
//! [`quotes`] gives the value of a quoted part of a word, once the parse has found the parts.
//! [`is_name`] is bash's NAME, shared with `process::env` (which names it `is_valid_env_key`).

pub(crate) mod continuations;
pub(crate) mod plain;
pub(crate) mod quotes;
pub(crate) mod scan;
pub(crate) mod segments;
pub(crate) mod tree;

/// Whether `word` is a bash NAME (`^[A-Za-z_][A-Za-z0-9_]*$`): what a variable, an exported
/// environment key or the left side of an assignment may be called.
pub fn is_name(word: &str) -> bool {
    !word.is_empty() && scan::name_end(word.as_bytes(), 0) == word.len()
}

/// bash's builtins and keywords (`compgen -b`, `compgen -k`, bash 5.2): an alias or function
/// named so changes how every script reads (`shell::snapshot::policy`); a command named so runs
/// in the shell itself (`shell::neutral`).
pub(crate) const BASH_WORDS: &[&str] = &[
    ".",
    ":",
    "[",
    "alias",
    "bg",
    "bind",
    "break",
    "builtin",
    "caller",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "fg",
    "getopts",
    "hash",
    "help",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "logout",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "suspend",
    "test",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
    "if",
    "then",
    "else",
    "elif",
    "fi",
    "case",
    "esac",
    "for",
    "select",
    "while",
    "until",
    "do",
    "done",
    "in",
    "function",
    "time",
    "{",
    "}",
    "!",
    "[[",
    "]]",
    "coproc",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_bash_names() {
        for ok in ["A", "_", "a_1", "PATH", "_x9"] {
            assert!(is_name(ok), "{ok}");
        }
        for bad in ["", "1A", "A-B", "A B", "A=", "é", "a.b", "$A"] {
            assert!(!is_name(bad), "{bad}");
        }
    }
}
