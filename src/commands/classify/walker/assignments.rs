//! `NAME=value`, before a command or on its own, and the declaration builtins (`export`,
//! `declare`, `local`, `readonly`, `typeset`): which variables could hijack later commands, and
//! what the walk remembers of their values.

use tree_sitter::Node;

use super::{Stdin, Walker};
use crate::commands::classify::env::{self, hijack_reason};
use crate::commands::classify::verdict::Level;
use crate::commands::classify::words;
use crate::syntax::tree;

impl Walker {
    /// A shell variable `name` the command assigns reaches no program (cls51): with the
    /// context, which does not export it (it is not in the environment the command starts
    /// with, and `SHELLOPTS` has no `allexport`), nothing in the command may export it (no
    /// `export`, `declare`, `typeset`, `local`, `readonly`, `set`, `eval`, `source` or `.`), and
    /// bash itself does not read it ([`env::read_only_unexported`]). Bash passes only exported
    /// variables to the programs it starts (bash(1), "ENVIRONMENT").
    pub(super) fn stays_in_shell(&self, name: &str) -> bool {
        const EXPORTING: &[&str] = &[
            "export", "declare", "typeset", "local", "readonly", "set", "eval", "source", ".",
        ];
        let Some(probe) = self.probe.as_ref() else {
            return false;
        };
        // Read from the text, not from the commands the walk has seen: this is asked at the
        // assignment, before the walk reaches an `export NAME` later in the command, and the
        // text also holds the words of code only known at run time (`eval "$c"`).
        let word_in = |src: &str, word: &str| {
            src.match_indices(word).any(|(at, _)| {
                let before = src[..at].chars().next_back();
                let after = src[at + word.len()..].chars().next();
                before.is_none_or(|c| {
                    !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.' || c == '/')
                }) && after.is_none_or(|c| c.is_whitespace() || matches!(c, ';' | '&' | '|' | ')'))
            })
        };
        env::read_only_unexported(name)
            && probe.start_value(name).is_none()
            && probe
                .start_value("SHELLOPTS")
                .is_none_or(|v| !v.contains("allexport"))
            && self
                .sources
                .iter()
                .all(|src| !EXPORTING.iter().any(|w| word_in(src, w)))
    }

    /// `NAME=value`; `shell` when it sets a shell variable rather than one command's environment.
    pub(super) fn assignment(&mut self, node: Node<'_>, src: &str, shell: bool) {
        let name_node = node.child_by_field_name("name");
        if let Some(subscript) = name_node.filter(|n| n.kind() == "subscript") {
            self.statement(subscript, src, &Stdin::Inherited);
        }
        let name = name_node
            .map(|n| {
                let text = tree::text(n, src);
                text.split('[').next().unwrap_or(text).to_string()
            })
            .unwrap_or_default();
        let value = node.child_by_field_name("value");
        let value_word = value.map(|v| words::assigned(v, src, &self.vars));
        let fixed = match &value_word {
            Some(w) => w.value.clone(),
            None => Some(String::new()),
        };
        let risk = (!env::harmless(&name, fixed.as_deref()))
            .then(|| hijack_reason(&name))
            .flatten()
            .or_else(|| {
                if shell {
                    env::shell_risk(&name, fixed.as_deref())
                } else {
                    env::prefix_risk(&name, fixed.as_deref())
                }
            })
            .filter(|_| !(shell && self.stays_in_shell(&name)));
        if let Some(reason) = risk {
            self.find(Level::Unknown, reason);
        }
        let Some(value) = value else {
            if shell {
                // `v=`: certain to be empty, as a value would be.
                if runs_first(node) && self.assigned_once.contains(&name) {
                    self.definite.insert(name.clone(), String::new());
                } else {
                    self.definite.remove(&name);
                }
                self.vars.insert(name, String::new());
            }
            return;
        };
        self.statement(value, src, &Stdin::Inherited);
        // `n=$(wc -l < f)`: its value is only known at run time, but it is a number.
        let prints_number = super::evaluation::numeric_output(value, src);
        let is_number = prints_number
            || fixed.as_deref().is_some_and(|v| {
                !v.is_empty()
                    && v.trim_start_matches('-')
                        .chars()
                        .all(|c| c.is_ascii_digit())
            });
        if is_number && shell && runs_first(node) {
            self.numeric.insert(name.clone());
        } else {
            self.numeric.remove(&name);
        }
        // A value built only of definite variables is definite too (`c="wc -l $f"`).
        let certain = fixed
            .clone()
            .or_else(|| value_word.as_ref().and_then(|w| self.definite_value(w)));
        match &certain {
            Some(v) if shell && runs_first(node) && self.assigned_once.contains(&name) => {
                self.definite.insert(name.clone(), v.clone());
            }
            _ => {
                self.definite.remove(&name);
            }
        }
        if shell {
            match value_word.and_then(|w| w.guess) {
                Some(guess) => self.vars.insert(name, guess),
                None => self.vars.remove(&name),
            };
        }
    }

    /// `export`, `declare`, `local`, `readonly`, `typeset`: they only set shell state, unless a
    /// name is only known at run time (`declare "$x"` evaluates `x`'s value as an assignment), a
    /// name reference (`-n`) or integer attribute (`-i`) makes later assignments evaluate code, or
    /// the variable configures programs.
    pub(super) fn declaration(&mut self, node: Node<'_>, src: &str) {
        let keyword = node.child(0).map(|k| tree::text(k, src).to_string());
        if let Some(keyword) = &keyword {
            self.record(keyword);
        }
        let keyword = keyword.unwrap_or_default();
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let has_flag = |flag: char| {
            children.iter().any(|c| {
                let flags = tree::text(*c, src);
                flags.starts_with('-') && flags.contains(flag)
            })
        };
        // `declare -n r=x`: r names x for good when x is a plain name the walk judges on its own
        // (not one that configures programs) and nothing in the script assigns r again (a later
        // `r=…`, `read r` or `for r in …` would name another variable, `a[$(cmd)]` included).
        let plain_names = children.iter().all(|c| match c.kind() {
            "variable_assignment" => {
                let name = c
                    .child_by_field_name("name")
                    .map_or("", |n| tree::text(n, src));
                let target = c
                    .child_by_field_name("value")
                    .and_then(|v| words::word(v, src, &self.vars).value)
                    .unwrap_or_default();
                self.assigned_once.contains(name)
                    && !target.is_empty()
                    && !target.starts_with(|ch: char| ch.is_ascii_digit())
                    && target
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
                    && hijack_reason(&target).is_none()
                    && env::shell_risk(&target, None).is_none()
            }
            _ => tree::text(*c, src).starts_with('-'),
        });
        // `declare -i n=3; n+=4`: an integer's later assignments are arithmetic, harmless when
        // every one in the script is of literal numbers ([`evaluation::literal_integers`]).
        let literal_integers = {
            let mut root = node;
            while let Some(parent) = root.parent() {
                root = parent;
            }
            children.iter().all(|c| {
                let name = match c.kind() {
                    "variable_assignment" => c.child_by_field_name("name"),
                    "variable_name" => Some(*c),
                    _ => return tree::text(*c, src).starts_with('-'),
                };
                name.is_some_and(|n| {
                    super::evaluation::literal_integers(root, src, tree::text(n, src))
                })
            })
        };
        let associative = matches!(keyword.as_str(), "declare" | "typeset") && has_flag('A');
        let arrays = has_flag('a') || has_flag('A');
        for child in children {
            match child.kind() {
                "variable_assignment" => {
                    if let Some(reason) = self.quoted_compound(child, src, &keyword, arrays) {
                        self.find(Level::Unknown, reason);
                    }
                    if associative && runs_first(node) {
                        if let Some(name) = child.child_by_field_name("name") {
                            self.assoc.insert(tree::text(name, src).to_string());
                        }
                    }
                    self.assignment(child, src, true)
                }
                "variable_name" => {
                    // `declare -A m` at the top level: m's subscripts are words from here on.
                    if associative && runs_first(node) {
                        self.assoc.insert(tree::text(child, src).to_string());
                    }
                }
                "word" | "raw_string" | "string" | "concatenation"
                    if words::word(child, src, &self.vars)
                        .value
                        .is_some_and(|v| v.starts_with('-') || v.starts_with('+')) =>
                {
                    let flags = words::word(child, src, &self.vars)
                        .value
                        .unwrap_or_default();
                    let evaluates = (flags.contains('i') && !literal_integers)
                        || (flags.contains('n') && !plain_names);
                    if evaluates && !flags.starts_with('+') {
                        self.find(
                            Level::Unknown,
                            format!("{keyword} {flags}: later assignments evaluate their values as names or arithmetic, which can run code"),
                        );
                    }
                }
                "word" => {
                    let word = words::word(child, src, &self.vars);
                    let harmless = word
                        .value
                        .as_deref()
                        .is_some_and(|v| v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
                    if !harmless {
                        self.find(
                            Level::Unknown,
                            format!(
                                "{keyword} is given {}, which bash evaluates as an assignment",
                                word.text
                            ),
                        );
                    }
                }
                _ => {
                    self.find(
                        Level::Unknown,
                        format!(
                            "{keyword} is given {}, only known at run time, which bash evaluates as an assignment",
                            tree::text(child, src)
                        ),
                    );
                    self.statement(child, src, &Stdin::Inherited);
                }
            }
        }
    }

    /// A declaration's value that bash takes for a compound assignment: with `-a`/`-A` (or of a
    /// variable that is an array by then, which only the run knows), a value that starts with
    /// `(` once expanded, quoted or not, has the words inside its parentheses expanded again
    /// (measured, bash 5.2: `declare -a a='($(cmd))'`, `declare -a a="$x"` with `x='($(cmd))'`
    /// and `declare a='($(cmd))'` of an existing array each run `cmd`; so do `local`, `typeset`,
    /// `readonly` and `export` with `-a`). A value known to hold no `$` or backquote expands to
    /// itself; a known one that starts with `(` and holds one is not read, nor, with `-a`/`-A`,
    /// is a value only the run knows.
    fn quoted_compound(
        &self,
        assignment: Node<'_>,
        src: &str,
        keyword: &str,
        arrays: bool,
    ) -> Option<String> {
        let value = assignment.child_by_field_name("value")?;
        if value.kind() == "array" {
            return None;
        }
        let word = words::word(value, src, &self.vars);
        let compound = match &word.value {
            Some(v) => v.starts_with('(') && v.contains(['$', '`']),
            None => arrays,
        };
        compound.then(|| {
            format!(
                "{keyword} may take {} for a compound assignment, whose words bash expands again",
                word.text
            )
        })
    }
}

/// Whether `node` runs whenever the script runs, before what follows it: a statement of the
/// script itself (not in a branch, loop, function or subshell), the first of an `&&`/`||` list,
/// a declaration's assignment, or the initializer of a `for ((…))`.
pub(super) fn runs_first(node: Node<'_>) -> bool {
    let mut n = node;
    while let Some(parent) = n.parent() {
        match parent.kind() {
            "program" => return true,
            "c_style_for_statement" => {
                return parent
                    .child_by_field_name("initializer")
                    .is_some_and(|i| i.id() == n.id());
            }
            "list"
                if parent
                    .named_child(0)
                    .is_some_and(|first| first.id() == n.id()) => {}
            "declaration_command" | "variable_assignments" => {}
            _ => return false,
        }
        n = parent;
    }
    false
}
