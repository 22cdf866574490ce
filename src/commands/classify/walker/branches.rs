//! Branches that never run: `false && …`, `true || …`, `if false; then …; fi`, `while false;
//! do …; done`, `until true; do …; done`. bash's `true`,
//! `false` and `:` builtins give a fixed status whatever their arguments, so the other side of
//! `&&`/`||` and the branch of an `if` they decide is never reached. Only where the status is
//! certain: the word is not a function or alias anywhere in the command (nor, with context, an
//! exported function, which the probe judges at the word itself), and `true` with a redirection
//! may fail to open it.

use tree_sitter::Node;

use super::{Stdin, Walker};
use crate::commands::classify::words;
use crate::syntax::tree;

impl Walker {
    /// `LEFT && RIGHT` / `LEFT || RIGHT`: RIGHT is walked unless LEFT's status keeps it from
    /// running.
    pub(super) fn list(&mut self, node: Node<'_>, src: &str) {
        let Some((left, operator, right)) = list_parts(node) else {
            self.children(node, src);
            return;
        };
        // `cd DIR && …`: the right side runs only where the `cd` took the command.
        let target = (operator == "&&")
            .then(|| self.chain_cd(left, src))
            .flatten();
        let before = target
            .as_ref()
            .and(self.probe.as_ref())
            .map(|p| p.dirs_now());
        self.statement(left, src, &Stdin::Inherited);
        let skipped = matches!(
            (self.fixed_status(left, src), operator),
            (Some(false), "&&") | (Some(true), "||")
        );
        if !skipped {
            let kept = match (target, before, self.probe.as_mut()) {
                (Some(target), Some(before), Some(probe)) => probe.after_cd(&before, &target),
                _ => None,
            };
            self.statement(right, src, &Stdin::Inherited);
            if let (Some(kept), Some(probe)) = (kept, self.probe.as_mut()) {
                probe.widen(kept);
            }
        }
    }

    /// The DIR of `cd DIR && A && B …` (or `cd DIR` alone), when nothing after the `cd` in that
    /// chain may change the directory again: no word `cd`, `pushd`, `popd`, `eval`, `source`,
    /// `.` or `exec`, and no function in the command (whose body may).
    fn chain_cd(&self, node: Node<'_>, src: &str) -> Option<String> {
        if let Some(target) = self.plain_cd(node, src) {
            return Some(target);
        }
        let (left, operator, right) = list_parts(node)?;
        const MOVES: &[&str] = &["cd", "pushd", "popd", "eval", "source", ".", "exec"];
        let moves = tree::text(right, src)
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
            .any(|w| MOVES.contains(&w));
        if operator != "&&" || moves || !self.functions.is_empty() {
            return None;
        }
        self.chain_cd(left, src)
    }

    /// `cd DIR` as a plain command (no option, redirection or assignment; DIR a fixed word not
    /// starting with `-` or `~`), run by bash's builtin: no function or alias of the command
    /// may be named cd, and nothing in it sets `CDPATH`.
    fn plain_cd(&self, node: Node<'_>, src: &str) -> Option<String> {
        if node.kind() != "command" {
            return None;
        }
        let mut cursor = node.walk();
        let parts: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let [name, dir] = parts.as_slice() else {
            return None;
        };
        let dir = words::word(*dir, src, &self.vars);
        let target = dir
            .value
            .filter(|v| !dir.glob && !v.is_empty() && !v.starts_with(['-', '~']))?;
        let cd_builtin = name.kind() == "command_name"
            && tree::text(*name, src) == "cd"
            && self.builtin_as_is("cd")
            && self.only_read("CDPATH");
        cd_builtin.then_some(target)
    }

    /// `if COND; then BODY; [elif …] [else …] fi`: with COND's status fixed, BODY (on failure)
    /// or the `elif`/`else` clauses (on success) never run.
    pub(super) fn if_statement(&mut self, node: Node<'_>, src: &str) {
        let mut cursor = node.walk();
        let conditions: Vec<Node<'_>> = node
            .children_by_field_name("condition", &mut cursor)
            .filter(|c| c.is_named() && c.kind() != "comment")
            .collect();
        let Some(&last) = conditions.last() else {
            self.children(node, src);
            return;
        };
        let status = self.fixed_status(last, src);
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            let is_condition = conditions.iter().any(|c| c.id() == child.id());
            let is_alternative = matches!(child.kind(), "elif_clause" | "else_clause");
            let never = !is_condition
                && match status {
                    Some(true) => is_alternative,
                    Some(false) => !is_alternative,
                    None => false,
                };
            if !never {
                self.statement(child, src, &Stdin::Inherited);
            }
        }
    }

    /// `while COND; do BODY; done` / `until COND; do BODY; done`: COND runs first, and with its
    /// status fixed to end the loop (failure for `while`, success for `until`) BODY never runs.
    pub(super) fn while_statement(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) {
        let mut cursor = node.walk();
        let conditions: Vec<Node<'_>> = node
            .children_by_field_name("condition", &mut cursor)
            .filter(|c| c.is_named() && c.kind() != "comment")
            .collect();
        let until = node.child(0).is_some_and(|k| k.kind() == "until");
        let ends = match conditions.last() {
            Some(&last) => self.fixed_status(last, src) == Some(until),
            None => false,
        };
        if !ends {
            let lead = match (stdin, conditions.as_slice()) {
                // find's lines are its names, which may hold a newline: only when none does.
                (
                    Stdin::Piped {
                        leads: Some(lead),
                        finds,
                        ..
                    },
                    [read],
                ) if !until && (finds.is_none() || self.plain_lines(stdin)) => {
                    self.reads_a_whole_line(*read, src).map(|name| (name, lead))
                }
                _ => None,
            };
            let Some((name, lead)) = lead else {
                self.children(node, src);
                return;
            };
            // `… | while IFS= read -r f; do …; done`: f holds a line, which starts with the
            // lead: shaped so, it is no option, absolute path or `/dev/…` (a guess, not a value).
            let before = self
                .vars
                .insert(name.clone(), format!("{lead}{}", words::RUNTIME));
            self.children(node, src);
            match before {
                Some(value) => self.vars.insert(name, value),
                None => self.vars.remove(&name),
            };
            return;
        }
        for condition in conditions {
            self.statement(condition, src, &Stdin::Inherited);
        }
    }

    /// `read -r NAME` (or `read NAME`) with `IFS=` before it, or with IFS at its default (the
    /// script never names IFS, the context does not set it): NAME gets the whole line but for
    /// leading and trailing blanks, so a line's first character that is no blank or backslash
    /// stays its first. Only bash's `read` (no function or alias of the command so named).
    fn reads_a_whole_line(&self, node: Node<'_>, src: &str) -> Option<String> {
        if node.kind() != "command" || !self.builtin_kept("read") {
            return None;
        }
        let mut cursor = node.walk();
        let mut ifs_empty = false;
        let mut words = Vec::new();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "variable_assignment" if tree::text(child, src) == "IFS=" => ifs_empty = true,
                "command_name" | "word" => words.push(tree::text(child, src)),
                _ => return None,
            }
        }
        let name = match words.as_slice() {
            ["read", name] | ["read", "-r", name] => *name,
            _ => return None,
        };
        let default_ifs = !src.contains("IFS")
            && self
                .probe
                .as_ref()
                .is_none_or(|p| p.start_value("IFS").is_none());
        (crate::syntax::is_name(name) && (ifs_empty || default_ifs)).then(|| name.to_string())
    }

    /// The exit status `node` certainly has (`true`: success), when it is bash's `true`, `:` or
    /// `false`, `!` of one, or an `&&`/`||` list of them.
    fn fixed_status(&self, node: Node<'_>, src: &str) -> Option<bool> {
        match node.kind() {
            "command" => {
                let mut cursor = node.walk();
                let mut name = None;
                let mut redirected = false;
                for child in node.named_children(&mut cursor) {
                    match child.kind() {
                        "command_name" => name = Some(tree::text(child, src)),
                        "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                            redirected = true
                        }
                        _ => {}
                    }
                }
                let status = match name? {
                    "test" if !redirected => return self.test_builtin_status(node, src),
                    "false" => false,
                    // A redirection that cannot be opened makes the command fail.
                    "true" | ":" if !redirected => true,
                    _ => return None,
                };
                self.builtin_kept(name?).then_some(status)
            }
            "test_command" => self.test_command_status(node, src),
            // `false > x` fails whether or not x opens.
            "redirected_statement" => {
                let body = node.child_by_field_name("body")?;
                (self.fixed_status(body, src) == Some(false)).then_some(false)
            }
            "negated_command" => {
                let mut cursor = node.walk();
                let inner: Vec<Node<'_>> = node
                    .named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .collect();
                match inner.as_slice() {
                    [one] => self.fixed_status(*one, src).map(|s| !s),
                    _ => None,
                }
            }
            "list" => {
                let (left, operator, right) = list_parts(node)?;
                match (self.fixed_status(left, src)?, operator) {
                    (false, "&&") => Some(false),
                    (true, "||") => Some(true),
                    _ => self.fixed_status(right, src),
                }
            }
            _ => None,
        }
    }

    /// `test OP WORD` / `test WORD` as a command: [`Walker::unary_test`] (only the test
    /// builtin, with its words fixed).
    fn test_builtin_status(&self, node: Node<'_>, src: &str) -> Option<bool> {
        let mut cursor = node.walk();
        let parts: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        match parts.as_slice() {
            [name, operator, operand] if name.kind() == "command_name" => {
                if !self.builtin_kept("test") {
                    return None;
                }
                self.unary_test(tree::text(*operator, src), *operand, src, false)
            }
            _ => None,
        }
    }

    /// The value `[ … ]` or `[[ … ]]` certainly has, when its expression is one
    /// [`Walker::test_value`] decides.
    fn test_command_status(&self, node: Node<'_>, src: &str) -> Option<bool> {
        let double = tree::text(node, src).starts_with("[[");
        let mut cursor = node.walk();
        let parts: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        match parts.as_slice() {
            [expression] => self.test_value(*expression, src, double),
            _ => None,
        }
    }

    /// The value a test expression certainly has (`double`: inside `[[ ]]`), from its words
    /// alone or, for a file test, from the context's view of the file system:
    /// - `-n WORD`, `-z WORD`, a lone `WORD`, `WORD = WORD`, `==`, `!=`: fixed words (no
    ///   expansion left, no glob, no blank; in `[ ]` no unquoted expansion at all, which could
    ///   split or vanish) decide them; `=`/`!=` only when the two words are equal, or differ
    ///   even with case ignored (so that `nocasematch` changes nothing);
    /// - every unary file test is false when nothing is at the path ([`Probe::absent`]), and
    ///   `-e`, `-a`, `-d`, `-f`, `-s`, `-L`, `-h` are true when the path is such a thing in
    ///   every directory the command may be in ([`Probe::file_test_holds`]). A judgement at
    ///   classification time: nothing before the test in a read-only command can change the
    ///   file system (a command that writes anything is not read-only whatever its branches
    ///   do), and what runs later is confined by enforcement, not by this verdict;
    /// - `!`, and in `[[ ]]` `&&`, `||` and `( … )`, by their logic (`[ … -a … ]` and `-o`
    ///   are not taken).
    ///
    /// [`Probe::absent`]: crate::commands::classify::context::Probe::absent
    /// [`Probe::file_test_holds`]: crate::commands::classify::context::Probe::file_test_holds
    fn test_value(&self, node: Node<'_>, src: &str, double: bool) -> Option<bool> {
        match node.kind() {
            "unary_expression" => {
                let operator = tree::text(node.child(0)?, src);
                let mut cursor = node.walk();
                let operands: Vec<Node<'_>> = node
                    .named_children(&mut cursor)
                    .filter(|c| !matches!(c.kind(), "test_operator" | "comment"))
                    .collect();
                let [operand] = operands.as_slice() else {
                    return None;
                };
                if operator == "!" {
                    return self.test_value(*operand, src, double).map(|v| !v);
                }
                self.unary_test(operator, *operand, src, double)
            }
            "binary_expression" => {
                let left = node.child_by_field_name("left")?;
                let right = node.child_by_field_name("right")?;
                let operator = tree::text(node.child_by_field_name("operator")?, src);
                match operator {
                    "&&" | "||" if double => {
                        let and = operator == "&&";
                        match self.test_value(left, src, double) {
                            Some(l) if l != and => Some(l),
                            Some(_) => self.test_value(right, src, double),
                            None => self.test_value(right, src, double).filter(|r| *r != and),
                        }
                    }
                    "=" | "==" | "!=" => {
                        // Plain words only: no character `[[ ]]` reads as a pattern (`*`, `?`,
                        // `[`, an extglob's `+(…)`, `@(…)`), and none the test builtin could
                        // take for an operator.
                        let operand = |n| {
                            self.fixed_test_word(n, src, double).filter(|w| {
                                !w.starts_with('-')
                                    && w.chars()
                                        .all(|c| c.is_ascii_alphanumeric() || "._/:,%-".contains(c))
                            })
                        };
                        let l = operand(left)?;
                        let r = operand(right)?;
                        let equal = if l == r {
                            true
                        } else if l.eq_ignore_ascii_case(&r) {
                            return None;
                        } else {
                            false
                        };
                        Some(equal == (operator != "!="))
                    }
                    _ => None,
                }
            }
            "parenthesized_expression" if double => {
                let mut cursor = node.walk();
                let inner: Vec<Node<'_>> = node
                    .named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .collect();
                match inner.as_slice() {
                    [one] => self.test_value(*one, src, double),
                    _ => None,
                }
            }
            "word" | "string" | "raw_string" => self
                .fixed_test_word(node, src, double)
                .filter(|w| !w.starts_with(['-', '!', '(', ')']))
                .map(|w| !w.is_empty()),
            _ => None,
        }
    }

    /// A unary test `OPERATOR OPERAND` ([`Walker::test_value`]).
    fn unary_test(
        &self,
        operator: &str,
        operand: Node<'_>,
        src: &str,
        double: bool,
    ) -> Option<bool> {
        const FILE_TESTS: &[&str] = &[
            "-e", "-a", "-f", "-d", "-s", "-r", "-w", "-x", "-L", "-h", "-p", "-S", "-b", "-c",
            "-g", "-u", "-k", "-O", "-G", "-N",
        ];
        match operator {
            "-n" => self
                .fixed_test_word(operand, src, double)
                .map(|w| !w.is_empty()),
            "-z" => self
                .fixed_test_word(operand, src, double)
                .map(|w| w.is_empty()),
            _ if FILE_TESTS.contains(&operator) => {
                let probe = self.probe.as_ref()?;
                let word = words::word(operand, src, &self.definite);
                let path = word.value.as_deref().filter(|_| !word.glob)?;
                if probe.absent(path) {
                    return Some(false);
                }
                // True only of the one word bash tests: `[ -d $d ]` with `d` holding a blank
                // tests other words (and fails with too many).
                let fixed = self.fixed_test_word(operand, src, double)?;
                probe.file_test_holds(operator, &fixed).then_some(true)
            }
            _ => None,
        }
    }

    /// The value of a test's operand when it is fixed: no expansion left (variables of certain
    /// value aside), no glob, no blank; in `[ ]` (`double` false) no unquoted expansion at all.
    fn fixed_test_word(&self, node: Node<'_>, src: &str, double: bool) -> Option<String> {
        let word = words::word(node, src, &self.definite);
        let value = word.value.filter(|_| !word.glob)?;
        let unquoted_expansion = node.kind() == "word" && tree::text(node, src).contains('$');
        if value.contains(char::is_whitespace) || (!double && unquoted_expansion) {
            return None;
        }
        Some(value)
    }

    /// The words of `[[ … ]]` that bash expands: `&&` and `||` there evaluate their right side
    /// only when the left does not decide, so a right side after a left of certain value
    /// ([`Walker::test_value`]) is never expanded (`[[ -n x || $(cmd) ]]` runs nothing;
    /// measured by round 34's writer). `[ … ]` expands every word before the test runs.
    pub(super) fn double_bracket(&mut self, node: Node<'_>, src: &str) {
        match node.kind() {
            "binary_expression" => {
                let operator = node
                    .child_by_field_name("operator")
                    .map(|o| tree::text(o, src))
                    .unwrap_or("");
                let (Some(left), Some(right)) = (
                    node.child_by_field_name("left"),
                    node.child_by_field_name("right"),
                ) else {
                    return self.children(node, src);
                };
                if !matches!(operator, "&&" | "||") {
                    return self.children(node, src);
                }
                self.double_bracket(left, src);
                let decided = matches!(
                    (self.test_value(left, src, true), operator),
                    (Some(false), "&&") | (Some(true), "||")
                );
                if !decided {
                    self.double_bracket(right, src);
                }
            }
            "parenthesized_expression" | "unary_expression" => {
                let mut cursor = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                for child in children {
                    self.double_bracket(child, src);
                }
            }
            _ => {
                self.statement(node, src, &Stdin::Inherited);
            }
        }
    }

    /// `name` stays bash's builtin in every script walked: no function of that name is defined
    /// (`false() { …; }`, `function false`) and no alias can stand for it.
    fn builtin_kept(&self, name: &str) -> bool {
        self.sources.iter().all(|src| {
            if src.contains("alias") {
                return false;
            }
            src.match_indices(name).all(|(at, _)| {
                let before = src[..at].trim_end();
                let after = src[at + name.len()..].trim_start();
                !after.starts_with('(') && !before.ends_with("function")
            })
        })
    }
}

/// An `&&`/`||` list's two sides and its operator (tree-sitter-bash nests longer lists on the
/// left), comments aside.
fn list_parts<'t>(node: Node<'t>) -> Option<(Node<'t>, &'t str, Node<'t>)> {
    let mut cursor = node.walk();
    let parts: Vec<Node<'_>> = node
        .named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect();
    let operator = node
        .children(&mut node.walk())
        .find(|c| matches!(c.kind(), "&&" | "||"))
        .map(|c| c.kind())?;
    match parts.as_slice() {
        [left, right] => Some((*left, operator, *right)),
        _ => None,
    }
}
