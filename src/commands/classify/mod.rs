//! Classifies a bash command as read-only, write, dangerous or unknown by walking its real syntax
//! tree (tree-sitter-bash). It fails closed: read-only only when every command that would run is
//! proven to only read; anything it cannot parse or prove is unknown.
//!
//! Nested code is followed: substitutions, `bash -c '…'`, wrappers (`sudo`, `env`, `timeout`, …),
//! `xargs`, `find -exec`. Evasions that hide a command name (`$(echo rm)`, `X=rm; $X`) stay
//! unknown, but a guess at their value still surfaces anything dangerous.

mod args;
mod env;
mod files;
mod git;
mod grammar;
mod programs;
mod readers;
mod scripts;
mod specs;
mod system;
mod targets;
mod tools;
mod verdict;
mod words;
mod wrappers;

use std::collections::{HashMap, HashSet};

use tree_sitter::Node;

use crate::syntax::tree::{self, is_read_write_redirection, parse, syntax_error};

use env::hijack_reason;
use verdict::{Classification, Finding, Level, Nested, Verdict};
use words::Word;

const MAX_SCRIPT_DEPTH: usize = 8; // `bash -c "bash -c …"` nests; no honest command goes deeper
const MAX_TREE_DEPTH: usize = 200; // the walk recurses per syntax level; bounded so no input can overflow the stack

/// Classifies `command`.
pub fn classify(command: &str) -> Classification {
    let mut walker = Walker::default();
    walker.script(command);
    walker.finish()
}

/// What a command's stdin is, as far as the code it might run goes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Stdin {
    Inherited,
    /// From the previous stage of a pipeline.
    Piped {
        downloads: bool,
        text: Option<String>,
    },
    /// A here-document or here-string with fixed text.
    Text(String),
}

/// What a pipeline stage hands to the next one.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Stage {
    downloads: bool,
    output: Option<String>,
}

#[derive(Default)]
struct Walker {
    findings: Vec<Finding>,
    commands: Vec<String>,
    /// Functions defined so far: calling one runs a body already walked.
    functions: HashSet<String>,
    /// Variables assigned fixed values so far, to guess `$X` in `X=rm; $X -rf /`.
    vars: HashMap<String, String>,
    /// Files saved by a downloader earlier in the command (`curl -o x.sh`).
    downloaded: HashSet<String>,
    /// Variables assigned a number so far: safe to evaluate as arithmetic.
    numeric: HashSet<String>,
    /// Nested scripts being walked (`bash -c` inside `bash -c`).
    depth: usize,
    /// Syntax levels being walked.
    tree_depth: usize,
}

impl Walker {
    fn finish(self) -> Classification {
        let level = self
            .findings
            .iter()
            .map(|f| f.level)
            .max()
            .unwrap_or(Level::ReadOnly);
        let mut findings = self.findings;
        findings.sort_by_key(|f| std::cmp::Reverse(f.level));
        let mut reasons: Vec<String> = Vec::new();
        for finding in findings {
            if !reasons.contains(&finding.reason) {
                reasons.push(finding.reason);
            }
        }
        if level == Level::ReadOnly {
            reasons = vec![if self.commands.is_empty() {
                "nothing runs".to_string()
            } else {
                format!("every command only reads: {}", self.commands.join(", "))
            }];
        }
        Classification {
            level,
            commands: self.commands,
            reasons,
        }
    }

    fn find(&mut self, level: Level, reason: impl Into<String>) {
        self.findings.push(Finding {
            level,
            reason: reason.into(),
        });
    }

    fn record(&mut self, name: &str) {
        if !self.commands.iter().any(|c| c == name) {
            self.commands.push(name.to_string());
        }
    }

    /// Runs `f` on a guess (a value only known at run time): only what is dangerous counts.
    fn speculate(&mut self, f: impl FnOnce(&mut Self)) {
        let kept = std::mem::take(&mut self.findings);
        f(self);
        let guessed = std::mem::replace(&mut self.findings, kept);
        self.findings
            .extend(guessed.into_iter().filter(|f| f.level == Level::Dangerous));
    }

    fn script(&mut self, src: &str) {
        if self.depth >= MAX_SCRIPT_DEPTH {
            self.find(Level::Unknown, "shell code is nested too deeply to check");
            return;
        }
        let Some(parsed) = parse(src) else {
            self.find(Level::Unknown, "the command could not be parsed");
            return;
        };
        let root = parsed.root_node();
        if let Some(where_) = syntax_error(root, src) {
            self.find(
                Level::Unknown,
                format!("the command could not be parsed ({where_})"),
            );
        }
        self.depth += 1;
        self.statement(root, src, &Stdin::Inherited);
        self.depth -= 1;
    }

    fn statement(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) -> Stage {
        if self.tree_depth >= MAX_TREE_DEPTH {
            self.find(Level::Unknown, "the command is nested too deeply to check");
            return Stage::default();
        }
        self.tree_depth += 1;
        let stage = self.statement_inner(node, src, stdin);
        self.tree_depth -= 1;
        stage
    }

    fn statement_inner(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) -> Stage {
        match node.kind() {
            "command" => return self.command(node, src, stdin),
            "redirected_statement" => return self.redirected(node, src, stdin),
            "pipeline" => self.pipeline(node, src, stdin),
            "function_definition" => self.function(node, src),
            "variable_assignment" => self.assignment(node, src, true),
            "declaration_command" => self.declaration(node, src),
            "unset_command" => {
                self.record("unset");
                let mut cursor = node.walk();
                let args: Vec<Word> = node
                    .named_children(&mut cursor)
                    .map(|c| words::word(c, src, &self.vars))
                    .collect();
                let verdict = readers::builtin("unset", &args);
                self.findings.extend(verdict.findings);
                self.children(node, src);
            }
            "file_redirect" => self.redirect(node, src),
            "heredoc_redirect" => self.heredoc(node, src, None),
            "comment" | "heredoc_start" | "heredoc_end" => {}
            "arithmetic_expansion"
            | "c_style_for_statement"
            | "subscript"
            | "expansion"
            | "test_command"
            | "compound_statement" => {
                self.children(node, src);
                self.evaluated(node, src);
            }
            _ => self.children(node, src),
        }
        Stage::default()
    }

    fn children(&mut self, node: Node<'_>, src: &str) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            self.statement(child, src, &Stdin::Inherited);
        }
    }

    /// Places where bash evaluates a variable's value as code: arithmetic (`$((x))`, `((x))`,
    /// `[[ $x -eq 1 ]]`, array subscripts, `${s:x}`), where a value like `a[$(cmd)]` runs `cmd`;
    /// indirection (`${!x}`) and prompt expansion (`${x@P}`).
    fn evaluated(&mut self, node: Node<'_>, src: &str) {
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
    fn unsafe_in_arithmetic(&self, node: Node<'_>, src: &str) -> Option<String> {
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

    fn pipeline(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) {
        let mut cursor = node.walk();
        let stages: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let mut input = stdin.clone();
        for stage in stages {
            let out = self.statement(stage, src, &input);
            input = Stdin::Piped {
                downloads: out.downloads,
                text: out.output,
            };
        }
    }

    fn redirected(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) -> Stage {
        let body = node.child_by_field_name("body");
        let mut cursor = node.walk();
        let redirects: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| Some(c.id()) != body.map(|b| b.id()))
            .collect();
        let mut body_stdin = stdin.clone();
        for r in &redirects {
            if let Some(text) = self.fixed_input(*r, src) {
                body_stdin = Stdin::Text(text);
            }
        }
        let stage = body
            .map(|b| self.statement(b, src, &body_stdin))
            .unwrap_or_default();
        // `cat <<EOF | sh`: a plain `cat` passes its here-document on to the next stage.
        let passes_on =
            body.is_some_and(|b| b.kind() == "command" && tree::text(b, src).trim() == "cat");
        for r in redirects {
            match (r.kind(), &body_stdin) {
                ("heredoc_redirect", Stdin::Text(text)) if passes_on => {
                    self.heredoc(r, src, Some(text.clone()))
                }
                _ => {
                    self.statement(r, src, &Stdin::Inherited);
                }
            }
        }
        stage
    }

    /// The text a here-document or here-string feeds, when it is fixed.
    fn fixed_input(&self, node: Node<'_>, src: &str) -> Option<String> {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        match node.kind() {
            "heredoc_redirect" => {
                let body = children.iter().find(|c| c.kind() == "heredoc_body")?;
                let mut body_cursor = body.walk();
                let expands = body
                    .named_children(&mut body_cursor)
                    .any(|c| c.kind() != "heredoc_content");
                (!expands).then(|| tree::text(*body, src).to_string())
            }
            "herestring_redirect" => {
                let word = words::word(*children.first()?, src, &self.vars);
                Some(word.value? + "\n")
            }
            _ => None,
        }
    }

    fn command(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) -> Stage {
        let mut name = None;
        let mut prefix = Vec::new();
        let mut args = Vec::new();
        let mut redirects = Vec::new();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "variable_assignment" => prefix.push(child),
                "command_name" => name = Some(child),
                "file_redirect" | "heredoc_redirect" | "herestring_redirect" => {
                    redirects.push(child)
                }
                "comment" => {}
                _ => args.push(child),
            }
        }
        for assignment in prefix {
            self.assignment(assignment, src, false);
        }
        let mut stdin = stdin.clone();
        for r in &redirects {
            if let Some(text) = self.fixed_input(*r, src) {
                stdin = Stdin::Text(text);
            }
        }
        let stdin = &stdin;
        let arg_words: Vec<Word> = args
            .iter()
            .map(|a| words::word(*a, src, &self.vars))
            .collect();
        let stage = match name
            .and_then(|n| n.named_child(0))
            .filter(|n| !n.is_missing())
        {
            Some(name_node) => {
                let name_word = words::word(name_node, src, &self.vars);
                self.invoke(&name_word, &arg_words, stdin)
            }
            None => Stage::default(),
        };
        for part in name.into_iter().chain(args) {
            self.statement(part, src, &Stdin::Inherited);
        }
        for r in redirects {
            self.statement(r, src, &Stdin::Inherited);
        }
        stage
    }

    fn invoke(&mut self, name: &Word, args: &[Word], stdin: &Stdin) -> Stage {
        let Some(written) = name.value.clone() else {
            self.record(&name.text);
            self.find(
                Level::Unknown,
                format!("the command name {} is only known at run time", name.text),
            );
            if let Some(guess) = name.guess.clone() {
                self.speculate(|w| {
                    w.invoke(&Word::literal(&guess), args, stdin);
                });
            }
            return Stage::default();
        };
        self.record(&written);
        if written.is_empty() {
            self.find(Level::Unknown, "the command name is empty");
            return Stage::default();
        }
        let program = match written.rsplit_once('/') {
            None => written.as_str(),
            Some((dir, base)) if programs::SYSTEM_BIN_DIRS.contains(&dir) => base,
            Some((_, base)) => {
                if self.downloaded.contains(&normal_path(&written)) {
                    self.find(
                        Level::Dangerous,
                        format!("{written} runs a file downloaded from the network earlier in the command"),
                    );
                }
                self.find(
                    Level::Unknown,
                    format!("{written} is not a system program, so it cannot be checked"),
                );
                let base = base.to_string();
                self.speculate(|w| {
                    w.run(&base, args, stdin);
                });
                return Stage::default();
            }
        };
        // A function of that name may have been defined: its body was walked where it was
        // defined. When a program has the name too, it may run instead (the definition may sit
        // in a subshell, or on a branch that does not run), so it is judged as well.
        if self.functions.contains(program) && !programs::is_known(program) {
            return Stage::default();
        }
        let program = program.to_string();
        self.run(&program, args, stdin)
    }

    fn run(&mut self, program: &str, args: &[Word], stdin: &Stdin) -> Stage {
        for file in programs::downloaded_files(program, args) {
            self.downloaded.insert(normal_path(&file));
        }
        if programs::runs_files(program) {
            let runs_download = args.iter().find(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|v| self.downloaded.contains(&normal_path(v)))
            });
            if let Some(file) = runs_download {
                self.find(
                    Level::Dangerous,
                    format!(
                        "{program} runs {}, downloaded from the network earlier in the command",
                        file.text
                    ),
                );
            }
        }
        let verdict = programs::check(program, args);
        self.findings.extend(verdict.findings);
        let mut stage = Stage {
            downloads: verdict.downloads,
            output: verdict.output,
        };
        for nested in verdict.nested {
            match nested {
                Nested::Command {
                    argv,
                    forwards_stdin,
                } => {
                    let Some((name, rest)) = argv.split_first() else {
                        continue;
                    };
                    let inner_stdin = if forwards_stdin {
                        stdin.clone()
                    } else {
                        Stdin::Inherited
                    };
                    let inner = self.invoke(name, rest, &inner_stdin);
                    stage.downloads |= inner.downloads;
                    stage.output = stage.output.or(inner.output);
                }
                Nested::Script(code) => self.nested_script(program, &code),
                Nested::StdinScript => match stdin {
                    Stdin::Text(text)
                    | Stdin::Piped {
                        downloads: false,
                        text: Some(text),
                    } => {
                        let text = text.clone();
                        self.script(&text);
                    }
                    Stdin::Piped {
                        downloads: true, ..
                    } => {
                        self.find(
                            Level::Dangerous,
                            format!("a script downloaded from the network is piped into {program}"),
                        );
                    }
                    _ => self.find(
                        Level::Unknown,
                        format!(
                            "{program} runs commands read from its input, which cannot be checked"
                        ),
                    ),
                },
                Nested::StdinCode => match stdin {
                    Stdin::Piped {
                        downloads: true, ..
                    } => {
                        self.find(
                            Level::Dangerous,
                            format!("code downloaded from the network is piped into {program}"),
                        );
                    }
                    _ => self.find(
                        Level::Unknown,
                        format!("{program} runs code read from its input, which cannot be checked"),
                    ),
                },
            }
        }
        stage
    }

    fn nested_script(&mut self, program: &str, code: &Word) {
        if let Some(text) = &code.value {
            self.script(text);
            return;
        }
        self.find(
            Level::Unknown,
            format!(
                "{program} runs shell code only known at run time: {}",
                code.text
            ),
        );
        if code.downloads {
            self.find(
                Level::Dangerous,
                format!("{program} runs a script downloaded from the network"),
            );
        }
        if let Some(guess) = code.guess.clone() {
            self.speculate(|w| w.script(&guess));
        }
    }

    /// `NAME=value`; `shell` when it sets a shell variable rather than one command's environment.
    fn assignment(&mut self, node: Node<'_>, src: &str, shell: bool) {
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
        let value_word = value.map(|v| words::word(v, src, &self.vars));
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
            });
        if let Some(reason) = risk {
            self.find(Level::Unknown, reason);
        }
        let Some(value) = value else {
            if shell {
                self.vars.insert(name, String::new());
            }
            return;
        };
        self.statement(value, src, &Stdin::Inherited);
        let is_number = fixed.as_deref().is_some_and(|v| {
            !v.is_empty()
                && v.trim_start_matches('-')
                    .chars()
                    .all(|c| c.is_ascii_digit())
        });
        if is_number {
            self.numeric.insert(name.clone());
        } else {
            self.numeric.remove(&name);
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
    fn declaration(&mut self, node: Node<'_>, src: &str) {
        let keyword = node.child(0).map(|k| tree::text(k, src).to_string());
        if let Some(keyword) = &keyword {
            self.record(keyword);
        }
        let keyword = keyword.unwrap_or_default();
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "variable_assignment" => self.assignment(child, src, true),
                "variable_name" => {}
                "word" | "raw_string" | "string" | "concatenation"
                    if words::word(child, src, &self.vars)
                        .value
                        .is_some_and(|v| v.starts_with('-') || v.starts_with('+')) =>
                {
                    let flags = words::word(child, src, &self.vars)
                        .value
                        .unwrap_or_default();
                    if flags.contains(['n', 'i']) && !flags.starts_with('+') {
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

    fn function(&mut self, node: Node<'_>, src: &str) {
        let name = node
            .child_by_field_name("name")
            .map(|n| tree::text(n, src).to_string())
            .unwrap_or_default();
        self.functions.insert(name.clone());
        let Some(body) = node.child_by_field_name("body") else {
            return;
        };
        if is_fork_bomb(&name, body, src) {
            self.find(
                Level::Dangerous,
                format!("fork bomb: {name}() starts copies of itself until the machine runs out of processes"),
            );
        }
        self.statement(body, src, &Stdin::Inherited);
    }

    fn redirect(&mut self, node: Node<'_>, src: &str) {
        let mut operator = String::new();
        let mut destinations = Vec::new();
        let mut cursor = node.walk();
        for (i, child) in node.children(&mut cursor).enumerate() {
            if node.field_name_for_child(i as u32) == Some("destination") {
                destinations.push(child);
            } else if !child.is_named() || is_read_write_redirection(child, src) {
                operator.push_str(tree::text(child, src));
            }
        }
        for destination in &destinations {
            self.statement(*destination, src, &Stdin::Inherited);
        }
        let Some(destination) = destinations.first() else {
            return;
        };
        let target = words::word(*destination, src, &self.vars);
        let duplicates_fd = target
            .value
            .as_deref()
            .is_some_and(|v| v == "-" || v.chars().all(|c| c.is_ascii_digit()));
        let shape = target.value.clone().unwrap_or_else(|| target.shape.clone());
        let network = shape.starts_with("/dev/tcp/") || shape.starts_with("/dev/udp/");
        if network {
            self.find(
                Level::Write,
                format!("redirection opens a network connection ({})", target.text),
            );
            return;
        }
        let writes = match operator.as_str() {
            ">" | ">|" | "&>" | "<>" | ">>" | "&>>" => true,
            ">&" => !duplicates_fd,
            _ => false,
        };
        if !writes {
            // Bash opens /dev/tcp/host/port itself: a path only known at run time could be one.
            let could_connect = target.value.is_none()
                && !duplicates_fd
                && (shape.starts_with(['$', words::RUNTIME]) || shape.starts_with("/dev/"))
                && !shape.starts_with("/dev/fd/");
            if could_connect && operator.starts_with('<') && operator != "<&" {
                self.find(
                    Level::Unknown,
                    format!(
                        "redirection reads {}, a path only known at run time (it could be /dev/tcp/…)",
                        target.text
                    ),
                );
            }
            return;
        }
        if let Some(finding) = targets::write_to("redirection", &target) {
            self.findings.push(finding);
        }
    }

    /// A here-document; `output` is what its command prints when known (a plain `cat`).
    fn heredoc(&mut self, node: Node<'_>, src: &str, output: Option<String>) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            if child.kind() == "pipeline" {
                // tree-sitter-bash puts the stages after `cmd <<EOF |` inside the here-doc.
                let mut stage_cursor = child.walk();
                let stages: Vec<Node<'_>> = child.named_children(&mut stage_cursor).collect();
                let mut input = Stdin::Piped {
                    downloads: false,
                    text: output.clone(),
                };
                for stage in stages {
                    let out = self.statement(stage, src, &input);
                    input = Stdin::Piped {
                        downloads: out.downloads,
                        text: out.output,
                    };
                }
            } else {
                self.statement(child, src, &Stdin::Inherited);
            }
        }
    }
}

/// `./x.sh` and `x.sh` name the same file.
fn normal_path(path: &str) -> String {
    path.trim_start_matches("./").to_string()
}

/// A function that runs itself in a pipeline or in the background multiplies without bound.
fn is_fork_bomb(name: &str, body: Node<'_>, src: &str) -> bool {
    let mut calls_itself = false;
    let mut multiplies = false;
    let mut stack = vec![body];
    while let Some(node) = stack.pop() {
        match node.kind() {
            "command_name" if tree::text(node, src) == name => calls_itself = true,
            "pipeline" | "&" => multiplies = true,
            _ => {}
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    calls_itself && multiplies
}

#[cfg(test)]
mod corpus_tests;
#[cfg(test)]
mod tests;
