//! Which program a command runs, when it is a single simple command: one command (leading
//! `NAME=value` assignments and a `2>&1` allowed), no pipe, list, compound command, substitution or
//! redirection to a file. Anything else is `None`, and its output is never minimized: a pipe's or
//! a list's output may feed a parser downstream, and `cd x && git status` runs where we cannot see.

use tree_sitter::Node;

use crate::syntax::quotes::{unescape_double, unescape_unquoted};
use crate::syntax::tree::{parse, syntax_error, text};

/// A single simple command, its words as bash would pass them (quotes removed where static).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Invocation {
    /// The program's base name (`/usr/bin/git` -> `git`).
    pub program: String,
    /// The words after the program.
    pub args: Vec<String>,
}

impl Invocation {
    /// The first argument that is not an option (a subcommand, for git, cargo, npm, go...).
    pub fn subcommand(&self) -> Option<&str> {
        self.args
            .iter()
            .map(String::as_str)
            .find(|a| !a.starts_with('-'))
    }

    /// Whether a word equals one of `flags`, or is a bundle of short flags holding `short`.
    pub fn has_flag(&self, long: &[&str], short: Option<char>) -> bool {
        self.args.iter().any(|a| {
            long.contains(&a.as_str())
                || short.is_some_and(|c| {
                    a.len() > 1 && a.starts_with('-') && !a.starts_with("--") && a[1..].contains(c)
                })
        })
    }
}

/// The invocation `command` is, when it is a single simple command.
pub(crate) fn single_simple_command(command: &str) -> Option<Invocation> {
    let tree = parse(command)?;
    let root = tree.root_node();
    if syntax_error(root, command).is_some() {
        return None;
    }
    // `cmd &` runs in the background: its output is not this run's to rewrite.
    if (0..root.child_count()).any(|i| root.child(i).is_some_and(|c| c.kind() == "&")) {
        return None;
    }
    let mut statements = named_children(root).filter(|n| n.kind() != "comment");
    let statement = statements.next()?;
    if statements.next().is_some() {
        return None;
    }
    let command_node = match statement.kind() {
        "command" => statement,
        "redirected_statement" => {
            let mut body = None;
            for child in named_children(statement) {
                match child.kind() {
                    "command" if body.is_none() => body = Some(child),
                    "file_redirect" if is_stderr_to_stdout(child, command) => {}
                    _ => return None,
                }
            }
            body?
        }
        _ => return None,
    };
    let mut words = Vec::new();
    for child in named_children(command_node) {
        match child.kind() {
            "variable_assignment" if words.is_empty() => {}
            "command_name" => words.push(word(child.named_child(0)?, command)?),
            _ if words.is_empty() => return None,
            _ => words.push(word(child, command)?),
        }
    }
    let mut words = words.into_iter();
    let program = words.next()?;
    let program = program.rsplit('/').next().unwrap_or(&program).to_string();
    if program.is_empty() {
        return None;
    }
    Some(Invocation {
        program,
        args: words.collect(),
    })
}

fn named_children<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    (0..node.named_child_count()).filter_map(move |i| node.named_child(i as u32))
}

/// `2>&1`, the one redirection that leaves what the command prints where it was.
fn is_stderr_to_stdout(node: Node<'_>, src: &str) -> bool {
    text(node, src).split_whitespace().collect::<String>() == "2>&1"
}

/// A word's value; `None` for a command or process substitution (the command is then not
/// simple: it runs another one).
fn word(node: Node<'_>, src: &str) -> Option<String> {
    let raw = text(node, src);
    match node.kind() {
        "word" | "number" => Some(unescape_unquoted(raw)),
        "raw_string" => Some(raw.trim_matches('\'').to_string()),
        "string" => {
            if has_substitution(node) {
                return None;
            }
            let inner = raw.strip_prefix('"').and_then(|r| r.strip_suffix('"'));
            Some(unescape_double(inner.unwrap_or(raw)))
        }
        "concatenation" => named_children(node).map(|n| word(n, src)).collect(),
        "command_substitution" | "process_substitution" | "subshell" => None,
        _ if has_substitution(node) => None,
        // Expansions: their text stands for the value, which only bash knows.
        _ => Some(raw.to_string()),
    }
}

fn has_substitution(node: Node<'_>) -> bool {
    matches!(node.kind(), "command_substitution" | "process_substitution")
        || named_children(node).any(has_substitution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn inv(program: &str, args: &[&str]) -> Option<Invocation> {
        Some(Invocation {
            program: program.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        })
    }

    #[test]
    fn simple_commands_are_recognized() {
        assert_eq!(single_simple_command("git status"), inv("git", &["status"]));
        assert_eq!(
            single_simple_command("RUST_BACKTRACE=1 cargo test 2>&1"),
            inv("cargo", &["test"])
        );
        assert_eq!(
            single_simple_command("/usr/bin/grep -rn 'a b' \"src\""),
            inv("grep", &["-rn", "a b", "src"])
        );
        assert_eq!(
            single_simple_command("ls -la $HOME"),
            inv("ls", &["-la", "$HOME"])
        );
    }

    #[test]
    fn anything_but_a_single_simple_command_is_none() {
        for c in [
            "cd x && git status",
            "git status; echo",
            "git log | head",
            "git log |& cat",
            "cargo test > out.txt",
            "cat $(ls)",
            "cat <(ls)",
            "{ git status; }",
            "(git status)",
            "if true; then git status; fi",
            "for f in a; do cat $f; done",
            "git status &",
            "x=1",
            "git status\ngit log",
            "cat <<EOF\nx\nEOF",
            "grep x < file",
            "echo 'unterminated",
        ] {
            assert_eq!(single_simple_command(c), None, "{c:?}");
        }
    }
}
