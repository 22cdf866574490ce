//! Whether a command can change the state of the shell that runs it: its variables, functions,
//! aliases, options, directory and traps, what `state::CAPTURE` reads. A capture of a session's
//! state stays true across a run that cannot (`Live::captured`), so that a job started right after
//! it needs no new capture.
//!
//! Judged from the text alone and only ever in one direction: `false` when unsure. A command keeps
//! the state when it runs only programs (a process of their own: nothing they do reaches the
//! shell), builtins that print ([`PRINTING_BUILTINS`]), and subshells (`( … )`, `$( … )`,
//! `<( … )`: whatever runs in them, the shell is a copy), with none of: an assignment that
//! stays (`x=1` alone, `${x:=1}`, `((x++))`, `$((x=1))`, `${a[i++]}`, a `for` loop's name,
//! `{fd}>file`), a function definition, a declaration, a background job (`&`: `$!` and the job
//! table), a name the session defines as a function or alias (it could run anything), or a
//! command name given by an expansion. Variables bash sets for itself on every command (`$_`,
//! `PIPESTATUS`, `BASH_REMATCH`, …) are not part of a capture (`state::SPECIAL`).

use tree_sitter::Node;

use crate::syntax::tree::{self, text};
use crate::syntax::BASH_WORDS;

/// Builtins that only print or test. `printf` but with `-v` (it assigns), `command` only with
/// `-v`/`-V` (otherwise it runs its argument as a command, which may be a builtin).
const PRINTING_BUILTINS: &[&str] = &[
    ":", "[", "caller", "command", "echo", "false", "help", "printf", "pwd", "test", "times",
    "true", "type",
];

/// Whether running `command` leaves the shell's state as it was (see the module's text).
/// `defined` tells whether the session has a function or alias of that name.
pub(crate) fn keeps_state(command: &str, defined: &dyn Fn(&str) -> bool) -> bool {
    let Some(parsed) = tree::parse(command) else {
        return false;
    };
    let root = parsed.root_node();
    if tree::syntax_error(root, command).is_some() || tree::misread(root, command).is_some() {
        return false;
    }
    keeps(root, command, defined)
}

fn keeps(node: Node<'_>, src: &str, defined: &dyn Fn(&str) -> bool) -> bool {
    match node.kind() {
        // A copy of the shell: nothing in it reaches this one.
        "subshell" | "command_substitution" | "process_substitution" => true,
        "command" => command_keeps(node, src, defined),
        "expansion" => !assigns(text(node, src), false) && children_keep(node, src, defined),
        "arithmetic_expansion" => {
            !assigns(text(node, src), true) && children_keep(node, src, defined)
        }
        // `[[ x=1 -eq 1 ]]` and `[[ i++ -lt 3 ]]` assign: the operands of an arithmetic
        // comparison are evaluated.
        "test_command" => {
            let t = text(node, src);
            let arithmetic = ["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]
                .iter()
                .any(|op| t.contains(op));
            !(arithmetic && assigns(t, true)) && children_keep(node, src, defined)
        }
        // `{fd}>file` assigns the descriptor's number to `fd` (tree-sitter-bash reads `{fd}` as
        // a word of the command, the redirection starting after it).
        "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
            let before = src.as_bytes()[..node.start_byte()].last();
            !text(node, src).starts_with('{')
                && before != Some(&b'}')
                && children_keep(node, src, defined)
        }
        // `((…))`: arithmetic, which may assign.
        "compound_statement" if text(node, src).starts_with("((") => {
            !assigns(text(node, src), true) && children_keep(node, src, defined)
        }
        "program"
        | "list"
        | "pipeline"
        | "compound_statement"
        | "if_statement"
        | "elif_clause"
        | "else_clause"
        | "while_statement"
        | "do_group"
        | "case_statement"
        | "case_item"
        | "negated_command"
        | "redirected_statement"
        | "string"
        | "concatenation"
        | "simple_expansion"
        | "brace_expression"
        | "binary_expression"
        | "unary_expression"
        | "parenthesized_expression"
        | "subscript"
        | "heredoc_body" => children_keep(node, src, defined),
        "word"
        | "raw_string"
        | "ansi_c_string"
        | "string_content"
        | "number"
        | "comment"
        | "variable_name"
        | "special_variable_name"
        | "file_descriptor"
        | "heredoc_start"
        | "heredoc_end"
        | "heredoc_content"
        | "regex"
        | "extglob_pattern"
        | "test_operator" => true,
        // Assignments, definitions, declarations, `for`/`select` (they assign their name), and
        // whatever this list does not know.
        _ => false,
    }
}

/// Every child keeps the state, and none is `&` (a background job sets `$!` and the job table).
fn children_keep(node: Node<'_>, src: &str, defined: &dyn Fn(&str) -> bool) -> bool {
    let mut cursor = node.walk();
    let all = node.children(&mut cursor).all(|child| {
        if child.is_named() {
            keeps(child, src, defined)
        } else {
            child.kind() != "&"
        }
    });
    all
}

/// A simple command: named by a plain word that is no function or alias of the session; a
/// builtin only if it prints, with no assignment before it; its other parts keeping the state.
fn command_keeps(node: Node<'_>, src: &str, defined: &dyn Fn(&str) -> bool) -> bool {
    let Some(name) = node.child_by_field_name("name") else {
        // Assignments alone (`x=1`): they stay.
        return false;
    };
    let Some(word) = name.named_child(0).filter(|w| w.kind() == "word") else {
        return false;
    };
    let program = text(word, src);
    if program.contains('\\') || defined(program) {
        return false;
    }
    let mut cursor = node.walk();
    let parts: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    // A builtin or a reserved word (`time`, `coproc`, … take a command after them).
    if BASH_WORDS.contains(&program) {
        let args: Vec<&str> = parts
            .iter()
            .filter(|p| p.id() != name.id() && p.kind() != "variable_assignment")
            .map(|p| text(*p, src))
            .collect();
        let allowed = PRINTING_BUILTINS.contains(&program)
            && !parts.iter().any(|p| p.kind() == "variable_assignment")
            && match program {
                "printf" => !args.iter().any(|a| a.starts_with("-v")),
                "command" => matches!(args.first(), Some(&"-v" | &"-V")),
                _ => true,
            };
        if !allowed {
            return false;
        }
    }
    // A program's assignments are its environment only.
    parts.iter().filter(|p| p.id() != name.id()).all(|p| {
        p.kind() == "variable_assignment" && children_keep(*p, src, defined)
            || keeps(*p, src, defined)
    })
}

/// Whether an expansion's text may assign: `=` (but in `==`, `!=`, `<=`, `>=` when `arithmetic`;
/// `<<=` and `>>=` assign), `++` or `--`.
fn assigns(t: &str, arithmetic: bool) -> bool {
    if t.contains("++") || t.contains("--") {
        return true;
    }
    let b = t.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'='
            && !(arithmetic
                && (matches!(b.get(i + 1), Some(b'=') | Some(b'~'))
                    || (i > 0 && matches!(b[i - 1], b'=' | b'!'))
                    || (i > 0
                        && matches!(b[i - 1], b'<' | b'>')
                        && (i < 2 || b[i - 2] != b[i - 1]))))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keeps_here(command: &str) -> bool {
        keeps_state(command, &|name| matches!(name, "ll" | "myfn"))
    }

    #[test]
    fn programs_printing_builtins_and_subshells_keep_the_state() {
        for command in [
            "ls",
            "ls -la && git --version >/dev/null 2>&1; echo \"$V\"",
            "git status --short | head -50",
            "LC_ALL=C sort -u a.txt > /tmp/out.txt",
            "cat <<EOF | grep x\n$HOME x\nEOF",
            "(cd sub && make)",
            "echo \"$(cd / && pwd)\" ${HOME:-none} ${#PATH}",
            "if [[ -f Cargo.toml ]]; then cargo metadata --format-version 1 | head -c 100; fi",
            "while false; do echo; done",
            "case $1 in a) echo a;; *) printf '%s\\n' b;; esac",
            "diff <(sort a) <(sort b)",
            "command -v git || type cargo",
            "echo $(( 1 + 2 == 3 )) ${arr[1]}",
            "(( 1 <= 2 )) && echo $(( 3 >= 2 ))",
            "! grep -q x file",
            "grep -rn 'x=1' src -- | wc -l",
            "/usr/bin/env -i PATH=/bin ls",
        ] {
            assert!(keeps_here(command), "{command}");
        }
    }

    #[test]
    fn what_may_change_the_state_does_not() {
        for command in [
            "x=1",
            "x=1; ls",
            "cd /tmp",
            "ls && cd /tmp",
            "export A=1",
            "declare -A m",
            "local x",
            "unset PATH",
            "f() { :; }",
            "alias x=y",
            "set -e",
            "shopt -s extglob",
            "source ./env.sh",
            ". ./env.sh",
            "eval \"$cmd\"",
            "exec >/dev/null",
            "read -r line < file",
            "echo ${x:=1}",
            "echo ${x=1}",
            "echo $((x=1))",
            "echo $((i++))",
            "((n++))",
            "((x=1))",
            "((x<<=1))",
            "(( x += 2 ))",
            "echo $((x>>=1))",
            "echo ${arr[i++]}",
            "[[ i++ -lt 3 ]]",
            "for f in *; do echo $f; done",
            "printf -v out '%s' x",
            "command cd /",
            "builtin cd /",
            "sleep 1 &",
            "exec 3>file",
            "echo hi {fd}>file",
            "$cmd arg",
            "\"$(echo cd)\" /",
            "ll",
            "myfn arg",
            "trap 'x=1' EXIT",
            "X=1 :",
            "X=1 echo",
            "mapfile -t lines < f",
            "getopts ab opt",
            "hash -r",
            "umask 077",
            "coproc cat",
            "time cd /",
            "ls; exit 3",
            "if true; then cd /; fi",
            "echo 'unclosed",
        ] {
            assert!(!keeps_here(command), "{command}");
        }
    }
}
