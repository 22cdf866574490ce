//! Where bash evaluates a value as code: arithmetic (`$((x))`, `((x))`, `[[ $x -eq 1 ]]`, array
//! subscripts, `${s:x}`), where a value like `a[$(cmd)]` runs `cmd`; indirection (`${!x}`),
//! prompt expansion (`${x@P}`), and unquoted words in `[ ]` that can split into `-v a[$(cmd)]`.

use tree_sitter::Node;

use super::Walker;
use crate::commands::classify::env::{self, hijack_reason};
use crate::commands::classify::readers;
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::{self, Word};
use crate::syntax::tree;

impl Walker {
    /// Places where bash evaluates a variable's value as code: arithmetic (`$((x))`, `((x))`,
    /// `[[ $x -eq 1 ]]`, array subscripts, `${s:x}`), where a value like `a[$(cmd)]` runs `cmd`;
    /// indirection (`${!x}`) and prompt expansion (`${x@P}`).
    pub(super) fn evaluated(&mut self, node: Node<'_>, src: &str) {
        let text = tree::text(node, src);
        let mut operands: Vec<Node<'_>> = Vec::new();
        match node.kind() {
            "arithmetic_expansion" => operands.push(node),
            "compound_statement" if text.starts_with("((") => operands.push(node),
            "c_style_for_statement" => {
                for field in ["condition", "update"] {
                    let mut cursor = node.walk();
                    operands.extend(node.children_by_field_name(field, &mut cursor));
                }
                if let Some(init) = node.child_by_field_name("initializer") {
                    if init.kind() != "variable_assignment" {
                        operands.push(init);
                    } else if let Some(value) = init.child_by_field_name("value") {
                        operands.push(value);
                    }
                }
            }
            "subscript" => operands.extend(node.child_by_field_name("index")),
            "test_command" => {
                // `[ $x ]`: the test builtin sees the words `$x` splits into, and `-v a[$(cmd)]`
                // among them runs cmd. `[[ ]]` does not split.
                if !text.starts_with("[[") {
                    let mut stack = vec![node];
                    while let Some(n) = stack.pop() {
                        let mut cursor = n.walk();
                        for child in n.named_children(&mut cursor) {
                            match child.kind() {
                                "string" | "raw_string" | "ansi_c_string" => {}
                                "simple_expansion" | "expansion" | "command_substitution" => {
                                    let name = tree::text(child, src)
                                        .trim_start_matches('$')
                                        .trim_start_matches('{')
                                        .trim_end_matches('}')
                                        .to_string();
                                    if !self.numeric.contains(&name) {
                                        self.find(
                                            Level::Unknown,
                                            format!(
                                                "{} is unquoted in [ ]: word splitting can turn it into -v a[$(cmd)], which runs cmd",
                                                tree::text(child, src)
                                            ),
                                        );
                                    }
                                }
                                _ => stack.push(child),
                            }
                        }
                    }
                }
                let mut stack = vec![node];
                while let Some(n) = stack.pop() {
                    let mut cursor = n.walk();
                    for child in n.named_children(&mut cursor) {
                        if child.kind() == "binary_expression" {
                            let operator = child
                                .child_by_field_name("operator")
                                .map(|o| tree::text(o, src))
                                .unwrap_or("");
                            // `[ $x -eq 1 ]` (the test builtin) takes numbers only; `[[ ]]`
                            // evaluates arithmetic.
                            let arithmetic = text.starts_with("[[");
                            if arithmetic
                                && ["-eq", "-ne", "-lt", "-le", "-gt", "-ge"].contains(&operator)
                            {
                                operands.extend(child.child_by_field_name("left"));
                                operands.extend(child.child_by_field_name("right"));
                            }
                        }
                        if child.kind() == "unary_expression"
                            && child.child(0).is_some_and(|o| tree::text(o, src) == "-v")
                        {
                            // `-v name`: a subscript in the name is evaluated.
                            let count = child.child_count();
                            let name: String = (1..count)
                                .filter_map(|i| child.child(i))
                                .map(|n| tree::text(n, src))
                                .collect();
                            let last = (child.named_child_count() as u32).saturating_sub(1);
                            let word = match child.named_child(last) {
                                Some(n) if name.starts_with(['\'', '"', '$']) => {
                                    words::word(n, src, &self.vars)
                                }
                                _ => Word::literal(&name),
                            };
                            let mut verdict = Verdict::read_only();
                            readers::variable_target(&mut verdict, "-v", &word);
                            self.findings.extend(verdict.findings);
                        }
                        stack.push(child);
                    }
                }
            }
            "expansion" => {
                let inner = text.trim_start_matches("${").trim_end_matches('}');
                let lists = inner.ends_with("[@]")
                    || inner.ends_with("[*]")
                    || inner.ends_with('*')
                    || inner.ends_with('@');
                if inner.starts_with('!') && !lists {
                    self.find(
                        Level::Unknown,
                        format!(
                            "{text} uses the value of a variable as a name, which can run code"
                        ),
                    );
                }
                // `${NAME:=value}` assigns NAME.
                let assigned: String = inner
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let rest = &inner[assigned.len()..];
                if rest.starts_with(":=") || rest.starts_with('=') {
                    let risk =
                        hijack_reason(&assigned).or_else(|| env::shell_risk(&assigned, None));
                    if let Some(reason) = risk {
                        self.find(Level::Unknown, reason);
                    }
                }
                if inner.ends_with("@P") {
                    self.find(
                        Level::Unknown,
                        format!("{text} expands a value as a prompt, which can run commands"),
                    );
                }
                let name_len = inner
                    .trim_start_matches(['!', '#'])
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(inner.len());
                let after = inner
                    .trim_start_matches(['!', '#'])
                    .get(name_len..)
                    .unwrap_or("");
                let offset =
                    after.starts_with(':') && !after[1..].starts_with(['-', '=', '?', '+']);
                if offset {
                    let mut cursor = node.walk();
                    operands.extend(node.named_children(&mut cursor).skip(1));
                }
            }
            _ => {}
        }
        for operand in operands {
            if let Some(name) = self.unsafe_in_arithmetic(operand, src) {
                self.find(
                    Level::Unknown,
                    format!(
                        "bash evaluates {name} as arithmetic in {}, so a value like a[$(cmd)] runs cmd",
                        tree::text(node, src).chars().take(40).collect::<String>()
                    ),
                );
            }
        }
    }

    /// The first value in arithmetic `node` that is not a number assigned in this command.
    pub(super) fn unsafe_in_arithmetic(&self, node: Node<'_>, src: &str) -> Option<String> {
        const NUMERIC_SPECIALS: &[&str] = &[
            "#", "?", "$", "!", "RANDOM", "SECONDS", "LINENO", "BASHPID", "PPID", "UID", "EUID",
            "SRANDOM",
        ];
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            let text = tree::text(n, src);
            let name = match n.kind() {
                "number" => None,
                "word" if matches!(text, "@" | "*") => None,
                "variable_name" | "word" => {
                    let identifier = text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        && !text.starts_with(|c: char| c.is_ascii_digit());
                    if identifier || n.kind() == "variable_name" {
                        Some(text.to_string())
                    } else if text
                        .chars()
                        .all(|c| c.is_ascii_digit() || "+-*/%<>=!&|^~?:(), x".contains(c))
                    {
                        None
                    } else {
                        Some(text.to_string())
                    }
                }
                "simple_expansion" | "expansion" => {
                    let inner = text
                        .trim_start_matches('$')
                        .trim_start_matches('{')
                        .trim_end_matches('}');
                    Some(inner.to_string())
                }
                "command_substitution" | "process_substitution" => return Some(text.to_string()),
                _ => {
                    let mut cursor = n.walk();
                    stack.extend(n.named_children(&mut cursor));
                    None
                }
            };
            if let Some(name) = name {
                let safe =
                    NUMERIC_SPECIALS.contains(&name.as_str()) || self.numeric.contains(&name);
                if !safe {
                    return Some(name);
                }
            }
        }
        None
    }
}
