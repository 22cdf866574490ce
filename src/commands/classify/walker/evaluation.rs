//! Where bash evaluates a value as code: arithmetic (`$((x))`, `((x))`, `[[ $x -eq 1 ]]`, array
//! subscripts, `${s:x}`), where a value like `a[$(cmd)]` runs `cmd`; indirection (`${!x}`),
//! prompt expansion (`${x@P}`), and unquoted words in `[ ]` that can split into `-v a[$(cmd)]`.

use std::collections::HashSet;

use tree_sitter::Node;

use super::Walker;
use crate::commands::classify::context::Probe;
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
            // `a=([k]=v)`, `declare -a a=([$k]=v)`: the key of an indexed array's element is
            // arithmetic, as in `a[k]=v` (measured, bash 5.2: a value `a[$(cmd)]` of k runs cmd);
            // an associative array's key is a plain word.
            "array" => {
                let assignment = node.parent().filter(|p| p.kind() == "variable_assignment");
                let array = assignment
                    .and_then(|a| a.child_by_field_name("name"))
                    .map(|n| tree::text(n, src))
                    .unwrap_or("");
                let declared_assoc = assignment
                    .and_then(|a| a.parent())
                    .filter(|d| d.kind() == "declaration_command")
                    .is_some_and(|d| {
                        let keyword = d.child(0).map_or("", |k| tree::text(k, src));
                        let mut cursor = d.walk();
                        let flags_a = d.named_children(&mut cursor).any(|c| {
                            let t = tree::text(c, src);
                            t.starts_with('-') && t.contains('A')
                        });
                        matches!(keyword, "declare" | "typeset" | "local") && flags_a
                    });
                if !(declared_assoc || self.is_assoc(array)) {
                    let mut cursor = node.walk();
                    for element in node.named_children(&mut cursor) {
                        let text = tree::text(element, src);
                        let Some(key) = text
                            .strip_prefix('[')
                            .and_then(|rest| rest.find("]=").map(|end| &rest[..end]))
                        else {
                            continue;
                        };
                        if let Some(unsafe_part) = self.unsafe_arithmetic(key) {
                            self.find(
                                Level::Unknown,
                                format!(
                                    "bash evaluates {unsafe_part} as arithmetic in the key of {text}, so a value like a[$(cmd)] runs cmd"
                                ),
                            );
                        }
                    }
                }
            }
            "subscript" => {
                let array = node
                    .child_by_field_name("name")
                    .map(|n| tree::text(n, src))
                    .unwrap_or("");
                if !self.is_assoc(array) && !local_assoc(node, src, array) {
                    operands.extend(node.child_by_field_name("index"));
                }
            }
            "test_command" => {
                // `[ $x ]`: the test builtin sees the words `$x` splits into, and `-v a[$(cmd)]`
                // among them runs cmd. `[[ ]]` does not split.
                if !text.starts_with("[[") {
                    self.single_bracket_redirects(node, src);
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
                                    if !self.is_numeric(&name) {
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
                            match once_expanded_subscript(&name) {
                                // `[[ -v a[$k] ]]`: the word is expanded once and what `$k`
                                // gave is not evaluated again (measured, bash 5.2); the base
                                // name is still checked.
                                Some(base) if text.starts_with("[[") => readers::variable_target(
                                    &mut verdict,
                                    "-v",
                                    &Word::literal(base),
                                ),
                                _ => readers::variable_target(&mut verdict, "-v", &word),
                            }
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
                // `v=HOME; echo "${!v}"`: when the name's value is certain here and is itself a
                // plain variable name, the indirection reads that variable and evaluates no
                // subscript (only a value like `a[$(cmd)]` runs code).
                let plain_target = inner.strip_prefix('!').is_some_and(|name| {
                    self.definite.get(name).is_some_and(|value| {
                        crate::syntax::scan::name_end(value.as_bytes(), 0) == value.len()
                            && !value.is_empty()
                    })
                });
                if inner.starts_with('!') && !lists && !plain_target {
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
                    let risk = hijack_reason(&assigned)
                        .or_else(|| env::shell_risk(&assigned, None))
                        .filter(|_| !self.stays_in_shell(&assigned));
                    if let Some(reason) = risk {
                        self.find(Level::Unknown, reason);
                    }
                }
                if inner.ends_with("@P") && !self.plain_prompt(&inner[..inner.len() - 2]) {
                    self.find(
                        Level::Unknown,
                        format!("{text} expands a value as a prompt, which can run commands"),
                    );
                }
                // The parameter: a name, the positional parameters' digits, or one of bash's
                // special parameters (`${@:N}`, `${*:1:N}` slice the positional parameters).
                let parameter = inner.trim_start_matches(['!', '#']);
                let name_len = match parameter.chars().next() {
                    Some('@' | '*' | '?' | '-' | '$' | '!') => 1,
                    Some(c) if c.is_ascii_digit() => parameter
                        .find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(parameter.len()),
                    _ => parameter
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(parameter.len()),
                };
                let after = parameter.get(name_len..).unwrap_or("");
                // `${a[@]:o}`, `${a[1]:o:n}`: the offset and length follow the subscript.
                let after = match after.strip_prefix('[') {
                    Some(subscript) => subscript.find(']').map_or("", |at| &subscript[at + 1..]),
                    None => after,
                };
                let offset =
                    after.starts_with(':') && !after[1..].starts_with(['-', '=', '?', '+']);
                if offset {
                    if let Some(unsafe_part) = self.unsafe_arithmetic(&after[1..]) {
                        self.find(
                            Level::Unknown,
                            format!(
                                "bash evaluates {unsafe_part} as arithmetic in {}, so a value like a[$(cmd)] runs cmd",
                                text.chars().take(40).collect::<String>()
                            ),
                        );
                    }
                }
            }
            _ => {}
        }
        for operand in operands {
            if let Some(name) = self.unsafe_in_arithmetic(operand, src, node) {
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

    /// `${name@P}` where the value is certain and bash's prompt expansion of it runs nothing:
    /// no `$` or backquote (parameter expansion, command substitution and arithmetic are what
    /// run code) and no octal escape (`\044(cmd)` makes a `$` that is then expanded: measured,
    /// bash 5.2). What the other escapes insert (`\w`, `\u`, `\h`, a `\$` too) is quoted
    /// before the expansion (a directory named `$(touch x)` shown by `\w` runs nothing). The
    /// value is the script's one fixed assignment, or the environment's when the script only
    /// reads the name (unset: empty; PS1 and PS2 are unset).
    fn plain_prompt(&self, name: &str) -> bool {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return false;
        }
        let value = match self.definite.get(name) {
            Some(v) => v.as_str(),
            None => match &self.probe {
                // bash unsets PS1 and PS2 when it is not interactive (variables.c; measured,
                // bash 5.2: `PS1='$(touch x)' bash -c 'echo "${PS1@P}"'` runs nothing).
                Some(_) if matches!(name, "PS1" | "PS2") && self.only_read(name) => "",
                Some(probe) if self.only_read(name) => probe.start_value(name).unwrap_or(""),
                _ => return false,
            },
        };
        let octal = value
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == b'\\' && (b'0'..=b'7').contains(&w[1]));
        !value.contains(['$', '`']) && !octal
    }

    /// The first part of arithmetic `node` (inside `context`) that is not a number, an operator
    /// or a variable assigned a number in this command.
    pub(super) fn unsafe_in_arithmetic(
        &self,
        node: Node<'_>,
        src: &str,
        context: Node<'_>,
    ) -> Option<String> {
        // A substitution that prints digits or nothing ([`numeric_output`]) stands for a number:
        // `(( n += $(git rev-list --count HEAD) ))`.
        let numbers = numbers_for_substitutions(node, src);
        let mut text = numbers.as_str();
        if node.id() == context.id() {
            // The whole `$((…))`, `$[…]` or `((…))`.
            text = text.trim_start_matches('$');
            text = text
                .strip_prefix("((")
                .and_then(|t| t.strip_suffix("))"))
                .or_else(|| text.strip_prefix('[').and_then(|t| t.strip_suffix(']')))
                .unwrap_or(text);
        }
        self.unsafe_arithmetic(text)
    }

    /// The first part of the arithmetic text `text` that could run code when bash evaluates it:
    /// anything but numbers, operators, `@`/`*` and variables that hold numbers. Quotes count
    /// (bash expands `$(…)` inside single quotes there), so do subscripts (`a[i]` evaluates `i`
    /// and the element), substitutions and `${…}` other than a length.
    pub(super) fn unsafe_arithmetic(&self, text: &str) -> Option<String> {
        const NUMERIC_SPECIALS: &[&str] = &[
            "#", "?", "$", "!", "RANDOM", "SECONDS", "LINENO", "BASHPID", "PPID", "UID", "EUID",
            "SRANDOM",
        ];
        if short_circuited(text) {
            return None;
        }
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let identifier = |at: usize| -> String {
            chars[at..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                .collect()
        };
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() || "+-*/%<>=!&|^~?:,()@".contains(c) {
                i += 1;
                continue;
            }
            if c.is_ascii_digit() {
                // 42, 0x1f, 2#101, 64#_@
                i += chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '#' | '_' | '@'))
                    .count();
                continue;
            }
            let name = if c == '$' {
                match chars.get(i + 1) {
                    Some('{') => {
                        let close = chars[i..].iter().position(|c| *c == '}')?;
                        let inner: String = chars[i + 2..i + close].iter().collect();
                        i += close + 1;
                        let length = inner.strip_prefix('#').is_some_and(|n| {
                            let n = n
                                .strip_suffix("[@]")
                                .or_else(|| n.strip_suffix("[*]"))
                                .unwrap_or(n);
                            !n.is_empty()
                                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        });
                        if length {
                            continue;
                        }
                        inner
                    }
                    Some(c) if "#?$!".contains(*c) => {
                        i += 2;
                        continue;
                    }
                    Some(c) if c.is_ascii_alphabetic() || *c == '_' => {
                        let name = identifier(i + 1);
                        i += 1 + name.len();
                        name
                    }
                    // `$(wc -l < f)`: the output of a command that only prints numbers, or
                    // `$((…))`, arithmetic of its own. The command itself is walked where it is.
                    Some('(') => {
                        let close = closing_paren(&chars, i + 1)?;
                        let inner: String = chars[i + 2..close].iter().collect();
                        let safe = match inner.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
                            Some(arithmetic) => self.unsafe_arithmetic(arithmetic).is_none(),
                            // A function of the script's own by that name prints what
                            // it likes.
                            None => {
                                prints_only_numbers(&inner)
                                    && inner
                                        .rsplit('|')
                                        .next()
                                        .and_then(|last| last.split_whitespace().next())
                                        .is_some_and(|p| !self.functions.contains(p))
                            }
                        };
                        if !safe {
                            return Some(chars[i..].iter().take(20).collect());
                        }
                        i = close + 1;
                        continue;
                    }
                    _ => return Some(chars[i..].iter().take(20).collect()),
                }
            } else if c.is_ascii_alphabetic() || c == '_' {
                let name = identifier(i);
                i += name.len();
                // `n = 3 + 4`: the target of a plain assignment is set, its old value not
                // evaluated (measured with bash 5.2: a value `a[$(cmd)]` ran for `n += 1`, not
                // for `n = 1`).
                let next = chars[i..].iter().position(|c| !c.is_whitespace());
                if next.is_some_and(|n| chars[i + n] == '=' && chars.get(i + n + 1) != Some(&'=')) {
                    continue;
                }
                // `count[w]`, `count[$w]` of an associative array that only ever holds
                // numbers: the key is a plain word, a number or a loop's plain word (bash
                // expands a key again in arithmetic, so a value like `$(cmd)` would run).
                if chars.get(i) == Some(&'[') && self.numeric_assoc(&name) {
                    let close = chars[i..].iter().position(|c| *c == ']')?;
                    let key: String = chars[i + 1..i + close].iter().collect();
                    if self.plain_key(&key) {
                        i += close + 1;
                        continue;
                    }
                }
                name
            } else {
                // Quotes, brackets, backquotes, backslashes: not plain arithmetic.
                return Some(chars[i..].iter().take(20).collect());
            };
            if !(NUMERIC_SPECIALS.contains(&name.as_str())
                || self.is_numeric(&name)
                || self.number_from_context(&name))
            {
                return Some(name);
            }
        }
        None
    }

    /// `[[ $N -gt 0 ]]` with `N=5` in the context's environment: a variable the command only
    /// reads keeps the value it starts with, and bash evaluates a value of decimal digits as that
    /// number, running nothing (a value like `a[$(cmd)]` would run cmd).
    fn number_from_context(&self, name: &str) -> bool {
        const MAX_DIGITS: usize = 18; // fits bash's 64-bit arithmetic; longer is not taken
        let Some(value) = self.probe.as_ref().and_then(|p| p.start_value(name)) else {
            return false;
        };
        let digits = value.strip_prefix('-').unwrap_or(value);
        (1..=MAX_DIGITS).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && self.only_read(name)
    }

    /// An array declared associative at the top level and never unset since: its keys are plain
    /// words, not arithmetic.
    fn is_assoc(&self, name: &str) -> bool {
        self.assoc.contains(name) && !self.tainted.contains(&format!("{UNSET}{name}"))
    }

    /// An associative array declared at the top level that the script only gives numbers.
    fn numeric_assoc(&self, name: &str) -> bool {
        self.is_assoc(name) && !self.tainted.contains(name)
    }

    /// A key that expands to a plain word: letters, digits and `_`, a number variable, or
    /// the variable of a loop over plain words.
    fn plain_key(&self, key: &str) -> bool {
        let plain =
            |k: &str| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let variable = key
            .strip_prefix("${")
            .and_then(|k| k.strip_suffix('}'))
            .or_else(|| key.strip_prefix('$'));
        match variable {
            Some(v) => plain(v) && (self.is_numeric(v) || self.word_loops.contains(v)),
            None => plain(key),
        }
    }

    /// The kinds of the nodes around the one being walked, nearest first.
    fn inside(&self) -> impl Iterator<Item = &str> + '_ {
        self.path.iter().rev().skip(1).map(String::as_str)
    }

    /// `[ a > f ]`: `[` is a command, so `>` and `<` there are redirections, which
    /// tree-sitter-bash reads as comparisons.
    fn single_bracket_redirects(&mut self, node: Node<'_>, src: &str) {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            let mut cursor = n.walk();
            for child in n.children(&mut cursor) {
                let operator = tree::text(child, src);
                if !child.is_named() && (operator.starts_with('>') || operator.starts_with('<')) {
                    let target = child
                        .next_named_sibling()
                        .map(|t| tree::text(t, src))
                        .unwrap_or("");
                    self.find(
                        if operator.starts_with('>') {
                            Level::Write
                        } else {
                            Level::Unknown
                        },
                        format!("in [ ], {operator} is a redirection ({operator} {target})"),
                    );
                }
                stack.push(child);
            }
        }
    }

    /// `` `…` ``: bash reads the text between the backquotes again after removing the
    /// backslashes before `\`, `` ` `` and `$`, so nested backquotes are commands too.
    pub(super) fn backticks(&mut self, node: Node<'_>, src: &str) {
        let raw = tree::text(node, src);
        let inner = raw
            .strip_prefix('`')
            .and_then(|r| r.strip_suffix('`'))
            .unwrap_or(raw);
        let in_string = self.inside().any(|k| k == "string");
        self.script(&backquoted_code(inner, in_string));
    }

    /// A here-document body tree-sitter-bash left as one plain text (it holds no `$`, as the
    /// parse has it): with an unquoted delimiter, bash still runs each `` `…` `` in it, and a
    /// `$(` or `$[` the parse missed (`<<-` with a tab before it at a line's start: measured,
    /// tree-sitter-bash 0.25) is code it does not show.
    pub(super) fn plain_heredoc(&mut self, node: Node<'_>, src: &str) {
        if quoted_heredoc(node, src) {
            return;
        }
        let text = tree::text(node, src);
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b'$' if matches!(bytes.get(i + 1), Some(b'(' | b'[')) => {
                    self.find(
                        Level::Unknown,
                        "a here-document holds a $( or $[ that the parse does not show as code",
                    );
                    i += 2;
                }
                b'`' => {
                    let start = i + 1;
                    let mut end = start;
                    while end < bytes.len() && bytes[end] != b'`' {
                        end += if bytes[end] == b'\\' { 2 } else { 1 };
                    }
                    if end >= bytes.len() {
                        self.find(
                            Level::Unknown,
                            "a here-document holds a backquote bash does not close, which the parse does not show",
                        );
                        return;
                    }
                    self.script(&backquoted_code(&text[start..end], false));
                    i = end + 1;
                }
                _ => i += 1,
            }
        }
    }

    /// A `$(` or backquote that tree-sitter-bash left inside plain text, where bash would run
    /// it (`"${x:+`cmd`}"`), or a single-quoted text where bash does not take the quotes as
    /// quotes: in `${x:-'…'}` within double quotes, in an array subscript, in arithmetic.
    pub(super) fn hidden_substitution(&mut self, node: Node<'_>, src: &str) {
        let text = tree::text(node, src);
        let expands = match node.kind() {
            "raw_string" => {
                let evaluated = self
                    .inside()
                    .take_while(|k| !matches!(*k, "command_substitution" | "program"))
                    .any(|k| matches!(k, "expansion" | "subscript"));
                evaluated && text.contains(['$', '`'])
            }
            "heredoc_content" => !quoted_heredoc(node, src) && unescaped_substitution(text),
            _ => unescaped_substitution(text),
        };
        if expands {
            self.find(
                Level::Unknown,
                format!(
                    "bash expands {} as code here, which the parse does not show",
                    text.chars().take(40).collect::<String>()
                ),
            );
        }
    }
}

/// `$(` or a backquote not escaped by a backslash.
/// The code of a `` `…` `` (between the backquotes) as bash reads it again: a backslash before
/// `\\`, `` ` `` or `$` (and `"` within double quotes) is removed.
fn backquoted_code(inner: &str, in_string: bool) -> String {
    let mut code = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next))
                if matches!(next, '\\' | '`' | '$') || (in_string && next == '"') =>
            {
                code.push(next);
                chars.next();
            }
            _ => code.push(c),
        }
    }
    code
}

/// The here-document `node` is in has a quoted delimiter (`<<'EOF'`, `<<"EOF"`, `<<\\EOF`): its
/// body is taken as it is.
pub(super) fn quoted_heredoc(node: Node<'_>, src: &str) -> bool {
    std::iter::successors(node.parent(), |n| n.parent())
        .find(|n| n.kind() == "heredoc_redirect")
        .and_then(|r| {
            let mut cursor = r.walk();
            let start = r
                .children(&mut cursor)
                .find(|c| c.kind() == "heredoc_start");
            start
        })
        .is_some_and(|s| tree::text(s, src).contains(['\'', '"', '\\']))
}

fn unescaped_substitution(text: &str) -> bool {
    let mut escaped = false;
    let mut previous_dollar = false;
    for c in text.chars() {
        if escaped {
            escaped = false;
            previous_dollar = false;
            continue;
        }
        match c {
            '\\' => escaped = true,
            '`' => return true,
            '(' | '[' if previous_dollar => return true,
            _ => {}
        }
        previous_dollar = c == '$';
    }
    false
}

/// `for NAME in WORDS`, when every word is a number or a brace range of numbers (`{1..9}`):
/// NAME, which then holds a number in the body and after it.
pub(super) fn numeric_loop(node: Node<'_>, src: &str) -> Option<String> {
    let name = node.child_by_field_name("variable")?;
    let mut cursor = node.walk();
    let values: Vec<Node<'_>> = node.children_by_field_name("value", &mut cursor).collect();
    let number = |t: &str| {
        !t.is_empty()
            && t.trim_start_matches('-')
                .chars()
                .all(|c| c.is_ascii_digit())
    };
    let all_numbers = !values.is_empty()
        && values.iter().all(|v| {
            let text = tree::text(*v, src);
            let range = text
                .strip_prefix('{')
                .and_then(|t| t.strip_suffix('}'))
                .and_then(|t| t.split_once(".."))
                .is_some_and(|(a, b)| number(a) && number(b));
            number(text) || range || seq_integers(text)
        });
    all_numbers.then(|| tree::text(name, src).to_string())
}

/// `$(seq LAST)`, `$(seq FIRST LAST)`, `$(seq FIRST STEP LAST)` of integers: seq prints
/// integers one a line (GNU seq: without `-f`, `-s` or `-w` and with integer operands its
/// output is the numbers in decimal), so each word it splits into is a number.
fn seq_integers(text: &str) -> bool {
    let Some(inner) = text
        .strip_prefix("$(seq ")
        .and_then(|t| t.strip_suffix(')'))
    else {
        return false;
    };
    let operands: Vec<&str> = inner.split(' ').collect();
    (1..=3).contains(&operands.len())
        && operands.iter().all(|o| {
            let digits = o.strip_prefix('-').unwrap_or(o);
            !digits.is_empty() && digits.len() < 10 && digits.chars().all(|c| c.is_ascii_digit())
        })
}

/// What the values of a `for NAME in WORDS` loop can be, when the words are fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LoopValues {
    /// Plain words (letters, digits, `_ . , : / + - @ %`): nothing in them is expanded again.
    Words,
    /// Globs and plain words, none under `/dev/`: the names of files that are there, or the
    /// words themselves; never a `/dev/tcp/…` path bash would open as a connection.
    Paths,
}

/// `for NAME in WORDS` whose words are fixed (no expansion but globs) and whose NAME nothing
/// else in the script `src` names (no assignment, `read`, `printf -v`, second loop): NAME and
/// what its values can be inside the loop.
pub(super) fn loop_values(node: Node<'_>, src: &str) -> Option<(String, LoopValues)> {
    let name = tree::text(node.child_by_field_name("variable")?, src).to_string();
    let mut cursor = node.walk();
    let values: Vec<Node<'_>> = node.children_by_field_name("value", &mut cursor).collect();
    if values.is_empty() {
        return None;
    }
    let mut kind = LoopValues::Words;
    for v in values {
        let text = tree::text(v, src);
        if text.contains(['$', '`', '\\', '{', '}', '~']) {
            return None;
        }
        let bare: String = text.chars().filter(|c| !matches!(c, '"' | '\'')).collect();
        if bare.is_empty() || bare.starts_with("/dev") {
            return None;
        }
        if !bare.chars().all(plain_char) {
            if !bare.chars().all(|c| plain_char(c) || "*?[]!".contains(c)) {
                return None;
            }
            kind = LoopValues::Paths;
        }
    }
    (named_once(&name, src)).then_some((name, kind))
}

/// A character of a plain word: nothing in it is expanded again (letters, digits, `_ . , : / + -
/// @ %`).
pub(super) fn plain_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_.,:/+-@%".contains(c)
}

/// The most words a `for NAME in WORDS` loop's body is walked with, once per word.
pub(super) const MAX_LOOP_WORDS: usize = 16;

/// `for NAME in WORDS` over plain words ([`LoopValues::Words`], at most [`MAX_LOOP_WORDS`]):
/// NAME and each word, unquoted. Inside the loop NAME holds exactly these, one at a time (nothing
/// else names it: see [`loop_values`]), so its body runs as if each were written there.
pub(super) fn loop_words(node: Node<'_>, src: &str) -> Option<(String, Vec<String>)> {
    let (name, kind) = loop_values(node, src)?;
    if kind != LoopValues::Words {
        return None;
    }
    let mut cursor = node.walk();
    let words: Vec<String> = node
        .children_by_field_name("value", &mut cursor)
        .map(|v| {
            tree::text(v, src)
                .chars()
                .filter(|c| !matches!(c, '"' | '\''))
                .collect()
        })
        .collect();
    (words.len() <= MAX_LOOP_WORDS).then_some((name, words))
}

/// `name` stands in `src` once as a word of its own (its loop), elsewhere only expanded
/// (`$name`, `${name…}`).
fn named_once(name: &str, src: &str) -> bool {
    bare_mentions(name, src) == 1
}

/// How many times `name` stands in `src` as a word of its own, not expanded (`$name`,
/// `${name…}`): each may set it (`name=`, `read name`, `printf -v name`, `for name in`).
pub(super) fn bare_mentions(name: &str, src: &str) -> usize {
    let bytes = src.as_bytes();
    let identifier = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut count = 0;
    let mut at = 0;
    while let Some(found) = src[at..].find(name) {
        let start = at + found;
        let end = start + name.len();
        at = end;
        if start > 0 && identifier(bytes[start - 1]) || end < bytes.len() && identifier(bytes[end])
        {
            continue;
        }
        let expanded = (start >= 1 && bytes[start - 1] == b'$')
            || (start >= 2 && bytes[start - 1] == b'{' && bytes[start - 2] == b'$');
        if !expanded {
            count += 1;
        }
    }
    count
}

/// Whether `src` may define a function `name` (`name()`, `name ()`, `function name`).
fn defines_function(src: &str, name: &str) -> bool {
    src.match_indices(name).any(|(at, _)| {
        let before = src[..at].trim_end();
        let after = src[at + name.len()..].trim_start();
        after.starts_with('(') || before.ends_with("function")
    })
}

/// Marks, in [`tainted`]'s answer, a name that the script unsets somewhere (no name has a space).
pub(super) const UNSET: &str = "unset ";

/// The text of `node` with each command substitution in it that prints a number
/// ([`numeric_output`]) written as `1`.
pub(super) fn numbers_for_substitutions(node: Node<'_>, src: &str) -> String {
    let start = node.start_byte();
    let mut text = tree::text(node, src).to_string();
    let mut numbers = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if numeric_output(n, src) {
            numbers.push((n.start_byte() - start, n.end_byte() - start));
            continue;
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
    }
    numbers.sort_unstable();
    for (from, to) in numbers.into_iter().rev() {
        text.replace_range(from..to, "1");
    }
    text
}

/// A command substitution (`$(…)`, or `"$(…)"` alone in quotes) whose command prints one number
/// whatever it reads: `wc` counting its stdin (`wc -l < f`: no file operand, so no name is
/// printed), `grep -c` with at most one file (more print `file:N`), `git rev-list --count`,
/// `nproc`, `echo`/`printf` of a literal number. Its value is safe where bash evaluates it as
/// arithmetic.
pub(super) fn numeric_output(node: Node<'_>, src: &str) -> bool {
    let node = match node.kind() {
        "string" if node.named_child_count() == 1 => match node.named_child(0) {
            Some(inner) if tree::text(node, src) == format!("\"{}\"", tree::text(inner, src)) => {
                inner
            }
            _ => return false,
        },
        _ => node,
    };
    if node.kind() != "command_substitution" || tree::text(node, src).starts_with('`') {
        return false;
    }
    let mut cursor = node.walk();
    let statements: Vec<Node<'_>> = node
        .named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect();
    let [statement] = statements.as_slice() else {
        return false;
    };
    let command = match statement.kind() {
        "command" => *statement,
        "redirected_statement" => {
            let body = statement.child_by_field_name("body");
            let mut c = statement.walk();
            let only_input = statement.named_children(&mut c).all(|r| {
                Some(r.id()) == body.map(|b| b.id())
                    || (r.kind() == "file_redirect" && {
                        let t = tree::text(r, src);
                        t.starts_with('<') && !t.starts_with("<>") && !t.starts_with("<&")
                    })
            });
            match body {
                Some(body) if body.kind() == "command" && only_input => body,
                _ => return false,
            }
        }
        _ => return false,
    };
    let mut c = command.walk();
    let mut name = None;
    let mut args: Vec<&str> = Vec::new();
    for child in command.named_children(&mut c) {
        match child.kind() {
            "command_name" => name = Some(tree::text(child, src)),
            "word" | "raw_string" | "string" | "number" => args.push(tree::text(child, src)),
            _ => return false,
        }
    }
    // An operand that expands to one word: quoted whole, or with no expansion or glob.
    let one_word = |a: &str| {
        let inner = a.get(1..a.len().saturating_sub(1)).unwrap_or("");
        let quoted = a.len() >= 2
            && ((a.starts_with('\'') && a.ends_with('\'') && !inner.contains('\''))
                || (a.starts_with('"') && a.ends_with('"') && !inner.contains(['"', '\\'])));
        quoted || !a.contains(['$', '`', '*', '?', '[', '{', '\\', '~', '\'', '"'])
    };
    // A function of the script's own by that name prints what it likes.
    if name.is_some_and(|n| defines_function(src, n)) {
        return false;
    }
    match name {
        Some("wc") => matches!(
            args.as_slice(),
            ["-l" | "-c" | "-w" | "-m" | "--lines" | "--bytes" | "--chars" | "--words"]
        ),
        Some("grep") => {
            let (options, operands): (Vec<&str>, Vec<&str>) =
                args.iter().partition(|a| a.starts_with('-'));
            let short = |o: &str| {
                !o.starts_with("--")
                    && o.len() > 1
                    && o[1..].chars().all(|c| "civFEwxs".contains(c))
            };
            let counts = options
                .iter()
                .any(|o| *o == "--count" || (short(o) && o.contains('c')));
            counts
                && options.iter().all(|o| {
                    short(o)
                        || matches!(
                            *o,
                            "--count"
                                | "--ignore-case"
                                | "--invert-match"
                                | "--fixed-strings"
                                | "--extended-regexp"
                                | "--word-regexp"
                                | "--line-regexp"
                                | "--no-messages"
                        )
                })
                && (1..=2).contains(&operands.len())
                && operands.iter().all(|a| one_word(a))
        }
        Some("git") => matches!(
            args.as_slice(),
            ["rev-list", "--count", rest @ ..]
                if rest.iter().all(|a| one_word(a) && !a.starts_with('-'))
        ),
        Some("nproc") => args.is_empty(),
        // `echo 1`, `printf 3`: a literal number printed (echo's options and printf's format
        // are not taken: only digits).
        Some("echo" | "printf") => {
            matches!(args.as_slice(), [n] if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        }
        _ => false,
    }
}

/// Every variable that something in the script at `root` may set to a value other than a
/// number: assignments of other values anywhere (`+=` included), `${x:=…}`, and any name an
/// argument word holds (`read x`, `printf -vx`, `mapfile x`, `for x in …`).
/// `numeric_read` names the `read` commands known to set their variable to a number
/// ([`read_number`]): their argument is not a taint.
pub(super) fn tainted(
    root: Node<'_>,
    src: &str,
    numeric_read: impl Fn(Node<'_>) -> bool,
) -> HashSet<String> {
    let mut out = HashSet::new();
    // Each node with whether it is part of a command's argument (where a word can name a
    // variable to set), not of arithmetic or a subscript (where a word reads one).
    let mut stack = vec![(root, false)];
    while let Some((n, in_argument)) = stack.pop() {
        let text = tree::text(n, src);
        match n.kind() {
            "command" if numeric_read(n) => continue,
            "variable_assignment" => {
                let name_node = n.child_by_field_name("name");
                let written = name_node.map(|m| tree::text(m, src)).unwrap_or("");
                let name = written.split('[').next().unwrap_or(written);
                let value = n.child_by_field_name("value");
                let number = |value: &str| {
                    !value.is_empty()
                        && value
                            .trim_start_matches('-')
                            .chars()
                            .all(|c| c.is_ascii_digit())
                };
                let numeric = value.is_none_or(|v| {
                    let value = tree::text(v, src);
                    v.kind() == "arithmetic_expansion"
                        || numeric_output(v, src)
                        || number(value)
                        || (v.kind() == "array" && numbers_array(value, number))
                });
                let appends = text
                    .get(written.len()..)
                    .is_some_and(|t| t.starts_with("+="));
                if !numeric || appends {
                    out.insert(name.to_string());
                }
            }
            "word" | "raw_string" | "string_content" if in_argument => {
                names_in_word(text, &mut out)
            }
            "for_statement" if numeric_loop(n, src).is_some() => {}
            "for_statement" | "select_statement" | "declaration_command" | "unset_command" => {
                // `declare -A m` gives m no value: it makes an empty associative array.
                let mut flags = n.walk();
                let associative = n.kind() == "declaration_command"
                    && n.named_children(&mut flags).any(|c| {
                        let t = tree::text(c, src);
                        t.starts_with('-') && t.contains('A')
                    });
                let mut cursor = n.walk();
                for child in n.named_children(&mut cursor) {
                    if associative && child.kind() == "variable_name" {
                        continue;
                    }
                    if matches!(child.kind(), "variable_name" | "word") {
                        let name = tree::text(child, src);
                        out.insert(name.to_string());
                        if n.kind() == "unset_command" {
                            // An array unset anywhere may be indexed when it is read.
                            out.insert(format!("{UNSET}{name}"));
                        }
                    }
                }
            }
            "expansion" => out.extend(default_assigned(text)),
            _ => {}
        }
        let argument = in_argument_below(n, text, in_argument);
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor).map(|c| (c, argument)));
    }
    out
}

/// The index of the `)` that closes the `(` at `open`, nested parentheses counted; `None` when
/// a quote or backslash makes the text more than parentheses can tell.
fn closing_paren(chars: &[char], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in chars.iter().enumerate().skip(open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            '\'' | '"' | '\\' | '`' => return None,
            _ => {}
        }
    }
    None
}

/// A command line whose output is only numbers and blanks, whatever it reads: its last stage
/// (after a plain `|`) is `wc` with options and no file operand (it prints counts, not names),
/// `nproc`, `id -u`/`-g` or `date +%s`, with at most an input redirection from a plain name.
/// In arithmetic such output is numbers; a name printed (`wc -l FILE`) could be `a[$(cmd)]`.
fn prints_only_numbers(command: &str) -> bool {
    if command.contains(['&', ';', '\n', '$', '`', '\'', '"', '\\', '>', '(']) {
        return false;
    }
    let Some(last) = command.rsplit('|').next() else {
        return false;
    };
    let mut words: Vec<&str> = last.split_whitespace().collect();
    // `< FILE` or `<FILE`: where it reads from, not an operand.
    if let Some(at) = words.iter().position(|w| w.starts_with('<')) {
        let spans = if words[at] == "<" { 2 } else { 1 };
        if at + spans != words.len() || words[at..].concat().len() < 2 {
            return false;
        }
        words.truncate(at);
    }
    match words.as_slice() {
        ["wc", options @ ..] => options.iter().all(|o| {
            matches!(
                *o,
                "--lines" | "--bytes" | "--words" | "--chars" | "--max-line-length"
            ) || o
                .strip_prefix('-')
                .is_some_and(|f| !f.is_empty() && f.chars().all(|c| "lcwmL".contains(c)))
        }),
        ["nproc"] | ["nproc", "--all"] => true,
        ["id", flags @ ..] => {
            !flags.is_empty()
                && flags
                    .iter()
                    .all(|f| matches!(*f, "-u" | "-g" | "-r" | "-ur" | "-gr" | "-ru" | "-rg"))
                && flags.iter().any(|f| f.contains(['u', 'g']))
        }
        ["date", "+%s"] => true,
        // `$(echo 1)`: a literal number printed.
        ["echo" | "printf", n] => n.bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    }
}

/// `read NAME < FILE` or `read -r NAME < FILE` with a fixed FILE whose first line, in every
/// directory the command may be in, is a decimal number or empty (the context's, read here):
/// NAME, which then holds that number (bash's `read` strips the line's blanks; a value of
/// digits has nothing for `-r` or IFS to change). A verdict that relies on it assumes the file
/// is not changed between the verdict and the run, as one that reads a sourced file does.
pub(super) fn read_number(probe: &Probe, node: Node<'_>, src: &str) -> Option<String> {
    if node.kind() != "command" {
        return None;
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    let mut redirects: Vec<Node<'_>> = children
        .iter()
        .copied()
        .filter(|c| c.kind().ends_with("redirect"))
        .collect();
    if let Some(parent) = node.parent().filter(|p| p.kind() == "redirected_statement") {
        let mut cursor = parent.walk();
        redirects.extend(
            parent
                .named_children(&mut cursor)
                .filter(|c| c.kind().ends_with("redirect")),
        );
    }
    let mut words = children
        .iter()
        .filter(|c| !c.kind().ends_with("redirect"))
        .map(|c| tree::text(*c, src));
    if words.next() != Some("read") {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    let name = match rest.as_slice() {
        [name] | ["-r", name] => *name,
        _ => return None,
    };
    let [redirect] = redirects.as_slice() else {
        return None;
    };
    let file = tree::text(*redirect, src).strip_prefix('<')?.trim();
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,@%".contains(c);
    if !crate::syntax::is_name(name) || file.is_empty() || !file.chars().all(plain) {
        return None;
    }
    let line = probe.first_line(file)?;
    let value = line.trim_matches([' ', '\t']);
    let digits = value.strip_prefix('-').unwrap_or(value);
    (value.is_empty() || (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())))
        .then(|| name.to_string())
}

/// `(1 2)`, `([a]=1 [b]=2)`: an array literal of numbers, under plain keys.
fn numbers_array(value: &str, number: impl Fn(&str) -> bool) -> bool {
    let Some(inner) = value.strip_prefix('(').and_then(|v| v.strip_suffix(')')) else {
        return false;
    };
    inner.split_whitespace().all(|element| {
        let value = match element.strip_prefix('[').and_then(|e| e.split_once("]=")) {
            Some((key, value)) => {
                if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return false;
                }
                value
            }
            None => element,
        };
        number(value)
    })
}

/// Variables the script at `root` sets with exactly one assignment and by no other means: no
/// second assignment (anywhere, `+=` included), no `read`/`printf -v`/`mapfile` (any name in an
/// argument word counts), no loop or declaration naming it, no `${x:=…}`.
pub(super) fn assigned_once(root: Node<'_>, src: &str) -> HashSet<String> {
    let mut counts: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut other = HashSet::new();
    let mut stack = vec![(root, false)];
    while let Some((n, in_argument)) = stack.pop() {
        let text = tree::text(n, src);
        match n.kind() {
            "variable_assignment" => {
                let written = n
                    .child_by_field_name("name")
                    .map(|m| tree::text(m, src))
                    .unwrap_or("");
                let name = written.split('[').next().unwrap_or(written).to_string();
                let appends = text
                    .get(written.len()..)
                    .is_some_and(|t| t.starts_with("+="));
                *counts.entry(name.clone()).or_default() += if appends || written.contains('[') {
                    2
                } else {
                    1
                };
            }
            "word" | "raw_string" | "string_content" if in_argument => {
                names_in_word(text, &mut other)
            }
            "for_statement" | "select_statement" | "declaration_command" | "unset_command" => {
                let mut cursor = n.walk();
                for child in n.named_children(&mut cursor) {
                    if matches!(child.kind(), "variable_name" | "word") {
                        other.insert(tree::text(child, src).to_string());
                    }
                }
            }
            "expansion" => other.extend(default_assigned(text)),
            _ => {}
        }
        let argument = in_argument_below(n, text, in_argument);
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor).map(|c| (c, argument)));
    }
    counts
        .into_iter()
        .filter(|(name, count)| *count == 1 && !other.contains(name))
        .map(|(name, _)| name)
        .collect()
}

/// Whether every assignment to `name` in the script at `root` gives it literal arithmetic
/// (digits, `+-*/%`, parentheses, spaces; `n=3`, `n+=4`, `a[0]=1`), and nothing else sets it:
/// no loop, no `read`/`printf -v`/`mapfile`/`let` word naming it (any argument word that holds
/// the name counts), no `${n:=…}`, no name reference declared, and no `eval` or `source`
/// (which set names the walk does not see). With the integer attribute such values evaluate to
/// numbers and run nothing (bash 5.2).
pub(super) fn literal_integers(root: Node<'_>, src: &str, name: &str) -> bool {
    let script = tree::text(root, src);
    if name.is_empty() || script.contains("eval") || script.contains("source") {
        return false;
    }
    let literal = |v: &str| {
        v.chars()
            .all(|c| c.is_ascii_digit() || " +-*/%()".contains(c))
    };
    let mut stack = vec![(root, false)];
    while let Some((n, in_argument)) = stack.pop() {
        let text = tree::text(n, src);
        match n.kind() {
            "variable_assignment" => {
                let written = n
                    .child_by_field_name("name")
                    .map(|m| tree::text(m, src))
                    .unwrap_or("");
                if written.split('[').next() == Some(name) {
                    let value = n
                        .child_by_field_name("value")
                        .map_or("", |v| tree::text(v, src));
                    if !literal(value) {
                        return false;
                    }
                }
            }
            "command_name" if text == "." => return false,
            "word" | "raw_string" | "string_content" if in_argument => {
                let flag = text.starts_with(['-', '+'])
                    && n.parent()
                        .is_some_and(|p| p.kind() == "declaration_command");
                let mut names = HashSet::new();
                names_in_word(text, &mut names);
                if !flag && names.contains(name) {
                    return false;
                }
            }
            "for_statement" | "select_statement" => {
                let mut cursor = n.walk();
                if n.named_children(&mut cursor)
                    .any(|c| c.kind() == "variable_name" && tree::text(c, src) == name)
                {
                    return false;
                }
            }
            "declaration_command" => {
                let mut cursor = n.walk();
                for child in n.named_children(&mut cursor) {
                    let t = tree::text(child, src);
                    let reference = t.starts_with('-') && t.contains('n');
                    let runtime = matches!(
                        child.kind(),
                        "word" | "string" | "raw_string" | "concatenation"
                    ) && !t.starts_with('-')
                        && !t.starts_with('+');
                    if reference || runtime {
                        return false;
                    }
                }
            }
            "expansion" if default_assigned(text).as_deref() == Some(name) => return false,
            _ => {}
        }
        let argument = in_argument_below(n, text, in_argument);
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor).map(|c| (c, argument)));
    }
    true
}

/// Every name a command's argument word may set (`read x`, `printf -vx`, `mapfile x`): each name
/// in it, and every tail of a name after an option's dash.
fn names_in_word(text: &str, out: &mut HashSet<String>) {
    const MAX_NAME: usize = 64; // longer runs are not names anyone writes after a dash
    for run in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if run.len() > MAX_NAME {
            out.insert(run.to_string());
            continue;
        }
        for (at, _) in run.char_indices() {
            out.insert(run[at..].to_string());
        }
    }
}

/// The variable an expansion `${x:=…}` or `${x=…}` assigns.
fn default_assigned(text: &str) -> Option<String> {
    let inner = text.trim_start_matches("${");
    let name: String = inner
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let rest = &inner[name.len()..];
    (rest.starts_with(":=") || rest.starts_with('=')).then_some(name)
}

/// Whether the children of `n` (whose text is `text`) are part of a command's argument, where a
/// word can name a variable to set, rather than of arithmetic or a subscript, where a word reads
/// one.
fn in_argument_below(n: Node<'_>, text: &str, in_argument: bool) -> bool {
    match n.kind() {
        "command" => true,
        "command_name"
        | "arithmetic_expansion"
        | "subscript"
        | "c_style_for_statement"
        | "test_command" => false,
        "compound_statement" if text.starts_with("((") => false,
        _ => in_argument,
    }
}

/// Variables bash sets or changes itself (bash(1), "Shell Variables") and those the
/// non-interactive environment sets over the caller's: their value at run time is not the
/// context's.
fn set_by_shell(name: &str) -> bool {
    const SET: &[&str] = &[
        "PWD",
        "OLDPWD",
        "SHLVL",
        "HOSTNAME",
        "HOSTTYPE",
        "OSTYPE",
        "MACHTYPE",
        "IFS",
        "OPTIND",
        "OPTARG",
        "OPTERR",
        "PS1",
        "PS2",
        "PS3",
        "PS4",
        "PS0",
        "UID",
        "EUID",
        "PPID",
        "GROUPS",
        "RANDOM",
        "SRANDOM",
        "LINENO",
        "SECONDS",
        "COLUMNS",
        "LINES",
        "PATH",
        "DIRSTACK",
        "FUNCNAME",
        "EPOCHREALTIME",
        "EPOCHSECONDS",
        "PIPESTATUS",
        "SHELLOPTS",
        "REPLY",
        "MAIL",
        "MAILCHECK",
        "TMOUT",
        "CI",
        "_",
    ];
    SET.contains(&name)
        || ["BASH", "HIST", "COMP_", "READLINE_", "AGENT_SHELL"]
            .iter()
            .any(|p| name.starts_with(p))
        || crate::process::env::NON_INTERACTIVE_ENV
            .iter()
            .any(|(n, _)| *n == name)
}

impl Walker {
    /// `${NAME:-WORD}`, `${NAME-WORD}`, `${NAME:=WORD}`, `${NAME:?WORD}` (and the colon-less
    /// forms) with NAME set in the context (non-empty for the colon forms), `${NAME:+WORD}` and
    /// `${NAME+WORD}` with NAME unset there: bash does not expand WORD (measured, bash 5.2:
    /// `${HOME:-$(touch x)}` creates nothing). Only when nothing in the command assigns,
    /// unsets or declares NAME and bash does not set it itself.
    pub(super) fn word_unexpanded(&self, node: Node<'_>, src: &str) -> bool {
        // A nested script (`env -i bash -c …`) may run with another environment.
        let Some(probe) = self.probe.as_ref().filter(|_| self.depth == 1) else {
            return false;
        };
        let text = tree::text(node, src);
        let Some(inner) = text.strip_prefix("${").and_then(|t| t.strip_suffix('}')) else {
            return false;
        };
        let end = crate::syntax::scan::name_end(inner.as_bytes(), 0);
        let (name, rest) = inner.split_at(end);
        if name.is_empty()
            || name.starts_with(|c: char| c.is_ascii_digit())
            || set_by_shell(name)
            || !self.only_read_but_defaults(name)
            || self.sources.iter().any(|s| names_at_run_time(s))
        {
            return false;
        }
        let value = probe.start_value(name);
        let set = value.is_some();
        let full = value.is_some_and(|v| !v.is_empty());
        let op: String = rest.chars().take(2).collect();
        match op.as_str() {
            ":-" | ":=" | ":?" => full,
            // Unset: a `${NAME:=…}` elsewhere would set it, so only a command that only reads it.
            ":+" => !set && self.only_read(name),
            _ => match rest.chars().next() {
                Some('-' | '=' | '?') => set,
                Some('+') => !set && self.only_read(name),
                // `${NAME/PATTERN/STRING}` (`//`, `/#`, `/%`) of an unset NAME: bash expands
                // neither PATTERN nor STRING (measured, bash 5.2; an empty NAME's are expanded).
                Some('/') => !set && self.only_read(name),
                _ => false,
            },
        }
    }

    /// As [`Walker::only_read`], with `${NAME:=…}` and `${NAME=…}` taken as reads: they
    /// assign only when NAME is unset (or empty), which [`Walker::word_unexpanded`] rules out
    /// for the forms it accepts.
    fn only_read_but_defaults(&self, name: &str) -> bool {
        self.every_use_reads(name, |_, _| false)
    }

    /// Whether every place the scripts' text names `name` is a part of a longer name or an
    /// expansion of it (`$name`, `${name…`), or one `also` accepts (given the text before and
    /// after it): nothing there can assign it.
    pub(super) fn every_use_reads(&self, name: &str, also: impl Fn(&str, &str) -> bool) -> bool {
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        self.sources.iter().all(|src| {
            src.match_indices(name).all(|(at, _)| {
                let before = &src[..at];
                let after = &src[at + name.len()..];
                before.chars().next_back().is_some_and(ident)
                    || after.chars().next().is_some_and(ident)
                    || before.ends_with('$')
                    || before.ends_with("${")
                    || also(before, after)
            })
        })
    }
}

/// Whether `src` may assign a variable whose name is only known at run time, or run code read
/// at run time that may: `eval`, `source`/`.`, `declare`/`typeset`/`local`/`export`/`readonly`,
/// `read`/`mapfile`/`readarray`/`getopts`, `printf -v`, `unset`, `let`.
fn names_at_run_time(src: &str) -> bool {
    let words: Vec<&str> = src
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')' | '`'))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().any(|w| {
        matches!(
            *w,
            "eval"
                | "source"
                | "."
                | "declare"
                | "typeset"
                | "local"
                | "export"
                | "readonly"
                | "read"
                | "mapfile"
                | "readarray"
                | "getopts"
                | "unset"
                | "let"
        )
    }) || (words.contains(&"printf") && words.contains(&"-v"))
}

/// The base name of `NAME[SUB]` when `SUB` holds only numbers, operators and parameter
/// expansions (`$k`, `${k}`, quoted or not): in `[[ -v NAME[SUB] ]]` bash expands the word once
/// and does not evaluate an expansion's value again (measured, bash 5.2: `k='$(touch x)';
/// [[ -v a[$k] ]]` runs nothing, on an indexed or an associative array). A bare name (`a[k]`)
/// is arithmetic that evaluates `k`'s value, a command or arithmetic substitution runs code:
/// `None` for those.
fn once_expanded_subscript(name: &str) -> Option<&str> {
    let (base, rest) = name.split_once('[')?;
    let sub = rest.strip_suffix(']')?;
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if base.is_empty() || !base.chars().all(ident) {
        return None;
    }
    let mut chars = sub.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' => match chars.next() {
                Some('{') => {
                    let mut closed = false;
                    for c in chars.by_ref() {
                        if c == '}' {
                            closed = true;
                            break;
                        }
                        if !ident(c) {
                            return None;
                        }
                    }
                    if !closed {
                        return None;
                    }
                }
                Some(c) if ident(c) => {
                    while chars.peek().is_some_and(|&c| ident(c)) {
                        chars.next();
                    }
                }
                _ => return None,
            },
            '0'..='9' | ' ' | '"' | '+' | '-' | '*' | '/' | '%' => {}
            _ => return None,
        }
    }
    Some(base)
}

/// `f() { local -A m=([k]=v); echo "${m[k]}"; }`: inside a function body, a statement of the
/// body itself (not in a branch or loop) before `node` that declares `array` associative with
/// `local`, `declare` or `typeset` (each makes a variable local to the call) makes its
/// subscripts in that body words, not arithmetic, as `declare -A` at the top level does for the
/// script. The whole body may not unset anything (an `unset m` would leave the global in
/// place) nor declare `array` in any other way.
fn local_assoc(node: Node<'_>, src: &str, array: &str) -> bool {
    if array.is_empty() {
        return false;
    }
    let mut body = None;
    let mut n = node;
    while let Some(parent) = n.parent() {
        if parent.kind() == "function_definition" {
            body = parent.child_by_field_name("body");
            break;
        }
        n = parent;
    }
    let Some(body) = body.filter(|b| b.kind() == "compound_statement") else {
        return false;
    };
    if tree::text(body, src).contains("unset") {
        return false;
    }
    let mut cursor = body.walk();
    let mut declared = false;
    for statement in body.named_children(&mut cursor) {
        if statement.end_byte() > node.start_byte() {
            break;
        }
        if statement.kind() != "declaration_command" {
            continue;
        }
        let keyword = statement.child(0).map_or("", |k| tree::text(k, src));
        let mut inner = statement.walk();
        let children: Vec<Node<'_>> = statement.named_children(&mut inner).collect();
        let names_it = children.iter().any(|c| {
            let name = match c.kind() {
                "variable_assignment" => c.child_by_field_name("name"),
                "variable_name" => Some(*c),
                _ => None,
            };
            name.is_some_and(|n| tree::text(n, src) == array)
        });
        if !names_it {
            continue;
        }
        let flags: Vec<&str> = children
            .iter()
            .map(|c| tree::text(*c, src))
            .filter(|t| t.starts_with('-') || t.starts_with('+'))
            .collect();
        let associative = matches!(keyword, "local" | "declare" | "typeset")
            && flags.iter().any(|f| f.starts_with('-') && f.contains('A'))
            && !flags.iter().any(|f| f.starts_with('+') || f.contains('g'));
        if !associative {
            return false;
        }
        declared = true;
    }
    declared
}

/// `0 && REST` and `N || REST` (N a number other than 0): bash evaluates none of REST (expr.c
/// counts `noeval`, under which a variable is not looked up: measured, bash 5.2, `(( 0 && x ))`
/// with `x='a[$(cmd)]'` ran nothing). Taken only when REST has nothing that ends the
/// short-circuited operand (`?:`, `,`, an assignment, and `||` after `0 &&` or `&&`… after
/// `N ||` do not: see below) and nothing bash expands before it evaluates (`$`, quotes,
/// backquotes, backslashes: `$(( 0 && $(cmd) ))` runs cmd).
fn short_circuited(text: &str) -> bool {
    let text = text.trim();
    let (left, operator, rest) = match (text.find("&&"), text.find("||")) {
        (Some(a), o) if o.is_none_or(|o| a < o) => (&text[..a], "&&", &text[a + 2..]),
        (_, Some(o)) => (&text[..o], "||", &text[o + 2..]),
        _ => return false,
    };
    let left = left.trim();
    let Ok(value) = left.parse::<u64>() else {
        return false;
    };
    if !left.chars().all(|c| c.is_ascii_digit()) || (left.len() > 1 && left.starts_with('0')) {
        return false;
    }
    let skips = match operator {
        "&&" => value == 0,
        _ => value != 0,
    };
    // `0 && x && y` is `(0 && x) && y`: y is skipped too, but `0 && x || y` evaluates y; `1 ||
    // x || y` skips both, and `1 || x && y` is `1 || (x && y)`.
    let ends = match operator {
        "&&" => rest.contains("||"),
        _ => false,
    };
    skips
        && !ends
        && !rest.trim().is_empty()
        && rest.chars().all(|c| {
            c.is_ascii_alphanumeric() || c.is_whitespace() || "_+-*/%<>!&|^~()[]".contains(c)
        })
        && !rest.contains("<=")
        && !rest.contains(">=")
}
