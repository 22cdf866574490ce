//! A simple command: its prefix assignments and input, its name resolved (a path, a function, a
//! run-time word), its program judged ([`crate::commands::classify::programs`]), and the code the
//! program runs in turn (wrapped commands, `bash -c` scripts, scripts read from stdin) walked.

use tree_sitter::Node;

use super::{Stage, Stdin, Walker};
use crate::commands::classify::args;
use crate::commands::classify::context::{Alias, CLEARED, UNSET};
use crate::commands::classify::env;
use crate::commands::classify::m4;
use crate::commands::classify::programs;
use crate::commands::classify::scripts;
use crate::commands::classify::verdict::{EnvChange, Level, Nested, Settle, Verdict};
use crate::commands::classify::words::{self, Word};
use crate::commands::classify::wrappers;
use crate::syntax::tree;

/// The subshell a `time` keyword times: the command is named by a bare `time`, has no prefix
/// assignment (after one, bash runs the program `time` and `(` is a syntax error), and its
/// arguments are `-p` or `--` then one subshell.
fn keyword_time_subshell<'t>(
    name: Option<Node<'t>>,
    had_prefix: bool,
    args: &[Node<'t>],
    src: &str,
) -> Option<Node<'t>> {
    if name.map(|n| tree::text(n, src)) != Some("time") || had_prefix {
        return None;
    }
    let (last, options) = args.split_last()?;
    let options_ok = options
        .iter()
        .all(|o| o.kind() == "word" && matches!(tree::text(*o, src), "-p" | "--"));
    (last.kind() == "subshell" && options_ok).then_some(*last)
}

/// `{name}` right before a redirection (`exec {fd}<f`, `exec {fd}<&-`): bash's named descriptor.
fn names_descriptor(node: Node<'_>, src: &str) -> bool {
    let text = tree::text(node, src);
    let named = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .is_some_and(|n| {
            // `{WC[1]}>&-`: an element of an array (a coprocess's descriptors) names one too
            // (measured, bash 5.2: it closes the coprocess's input).
            let n = match n.split_once('[') {
                Some((array, index)) => index
                    .strip_suffix(']')
                    .filter(|i| !i.is_empty() && i.chars().all(|c| c.is_ascii_digit()))
                    .map_or("", |_| array),
                None => n,
            };
            n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
    // Bash's rule is lexical: the word is followed at once by a redirection operator
    // (tree-sitter-bash may hang that redirection on the statement around the command).
    named && src[node.end_byte()..].starts_with(['<', '>'])
}

/// Whether the stdout of the command at `node` is, as written, not a terminal: a pipe to a
/// later stage of a pipeline, or `/dev/null`, through the statements around it (a list, a
/// group, a branch) up to the script's top or a function's body. Any other redirection of
/// stdout (`>&2`, a file, which is judged as a write anyway) is taken as a terminal.
fn stdout_away(node: Node<'_>, src: &str) -> bool {
    let mut child = node;
    let mut redirects: Vec<Node<'_>> = Vec::new();
    let mut cursor = node.walk();
    redirects.extend(
        node.named_children(&mut cursor)
            .filter(|c| c.kind() == "file_redirect"),
    );
    // tree-sitter-bash may hang a command's later redirections on the statement around it:
    // they are the command's all the same, in the order written.
    if let Some(parent) = node.parent().filter(|p| p.kind() == "redirected_statement") {
        let mut cursor = parent.walk();
        redirects.extend(
            parent
                .named_children(&mut cursor)
                .filter(|c| c.kind() == "file_redirect"),
        );
        redirects.sort_by_key(|r| r.start_byte());
        child = parent;
    }
    loop {
        // The innermost redirections of stdout decide (`{ x > /dev/null; } | y`), the last of
        // them as bash applies them in order (`> /dev/null 1>&2` is stderr's).
        if let Some(null) = redirects
            .iter()
            .filter_map(|r| stdout_redirect(tree::text(*r, src)))
            .next_back()
        {
            return null;
        }
        let Some(parent) = child.parent() else {
            return false;
        };
        redirects.clear();
        match parent.kind() {
            "redirected_statement" => {
                let body = parent.child_by_field_name("body").map(|b| b.id());
                let mut cursor = parent.walk();
                redirects.extend(
                    parent
                        .named_children(&mut cursor)
                        .filter(|c| Some(c.id()) != body && c.kind() == "file_redirect"),
                );
            }
            "pipeline" => {
                let mut cursor = parent.walk();
                let last = parent
                    .named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .last();
                if last.is_some_and(|l| l.id() != child.id()) {
                    return true;
                }
            }
            "list"
            | "subshell"
            | "compound_statement"
            | "if_statement"
            | "elif_clause"
            | "else_clause"
            | "while_statement"
            | "for_statement"
            | "c_style_for_statement"
            | "do_group"
            | "case_statement"
            | "case_item"
            | "negated_command" => {}
            _ => return false,
        }
        child = parent;
    }
}

/// What a redirection written as `text` does to stdout: `None` when it leaves it alone,
/// `Some(true)` when it sends it to `/dev/null`, `Some(false)` for anything else.
fn stdout_redirect(text: &str) -> Option<bool> {
    let text = text.trim();
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (fd, rest) = text.split_at(digits);
    if rest.starts_with('{') {
        return None;
    }
    let ops = ["&>>", "&>", ">>", ">|", ">&", "<>", "<&", "<", ">"];
    let op = ops.iter().find(|o| rest.starts_with(**o))?;
    let target = rest[op.len()..].trim();
    let null = matches!(target, "/dev/null" | "\"/dev/null\"" | "'/dev/null'");
    let fd = match (fd, *op) {
        ("", "&>>" | "&>") => return Some(null),
        ("", ">>" | ">|" | ">" | ">&") => "1",
        ("", _) => "0",
        (fd, _) => fd,
    };
    if fd != "1" {
        return None;
    }
    match *op {
        // `>&2`, `>&-`: another descriptor (or none); `>&file` is `&>file`.
        ">&" if target.chars().all(|c| c.is_ascii_digit() || c == '-') => Some(false),
        ">" | ">>" | ">|" | ">&" => Some(null),
        _ => Some(false),
    }
}

impl Walker {
    pub(super) fn command(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) -> Stage {
        // `read -r n < count.txt` where the file holds a number: n does too, from here on.
        let statement = node
            .parent()
            .filter(|p| p.kind() == "redirected_statement")
            .unwrap_or(node);
        if let Some(read) = self
            .probe
            .as_ref()
            .and_then(|p| super::evaluation::read_number(p, node, src))
        {
            if super::assignments::runs_first(statement) {
                self.numeric.insert(read);
            }
        }
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
                // `{fd}<file`: bash opens the file on a new descriptor and puts its number in
                // fd; the word is part of the redirection (judged there), not an argument.
                _ if names_descriptor(child, src) => {}
                _ => args.push(child),
            }
        }
        // `IFS=… read`: IFS only changes how the builtin splits what it reads.
        let reads_lines = name
            .map(|n| tree::text(n, src))
            .is_some_and(|n| matches!(n, "read" | "mapfile" | "readarray"));
        let outer_prefix = self.prefix.len();
        let had_prefix = !prefix.is_empty();
        for assignment in prefix {
            let name = assignment
                .child_by_field_name("name")
                .map(|n| tree::text(n, src).to_string())
                .unwrap_or_default();
            let value = assignment.child_by_field_name("value");
            let fixed = match value {
                Some(v) => words::assigned(v, src, &self.vars).value,
                None => Some(String::new()),
            };
            // `NAME="$NAME" cmd`: the value the command would have had anyway, when the
            // context says what it is and nothing in the command may have changed it.
            let kept = crate::commands::classify::wrappers::same_value(&Word::literal(tree::text(
                assignment, src,
            )))
            .and_then(|_| self.probe.as_ref()?.start_value(&name).map(str::to_string))
            .filter(|_| self.untouched(&name));
            if let Some(kept) = kept {
                self.prefix.push((name, Some(kept)));
                continue;
            }
            self.prefix.push((name.clone(), fixed));
            // `IFS=… read`: IFS only changes how the builtin splits what it reads. With the
            // context read, a variable it judges per program is judged there.
            let judged = self.probe.is_some() && env::judged_in_context(&name);
            if (name == "IFS" && reads_lines) || judged {
                if let Some(value) = value {
                    self.statement(value, src, &Stdin::Inherited);
                }
                continue;
            }
            self.assignment(assignment, src, false);
        }
        let mut stdin = stdin.clone();
        for r in &redirects {
            if let Some(input) = self.input(*r, src) {
                stdin = input;
            }
        }
        let stdin = &stdin;
        // Brace expansion comes first: `uniq a{,.out}` has two operands.
        let path_printed = |a: Node<'_>| words::prints_command_path(a, src) && self.plain_path();
        let mut arg_words: Vec<Word> = args
            .iter()
            .flat_map(|a| {
                words::expand_braces(*a, src, &self.vars).unwrap_or_else(|| {
                    let mut word = words::word(*a, src, &self.vars);
                    if word.value.is_none() && path_printed(*a) {
                        word.shape = format!("/{}", words::RUNTIME);
                    }
                    vec![word]
                })
            })
            .map(|word| self.glob_without_options(word))
            .collect();
        if name.map(|n| tree::text(n, src)) == Some("let") && !self.functions.contains("let") {
            self.let_builtin(&args, src);
            for part in args.iter().chain(&redirects) {
                self.statement(*part, src, &Stdin::Inherited);
            }
            self.prefix.truncate(outer_prefix);
            return Stage::default();
        }
        if let Some(n) = name.map(|n| tree::text(n, src)) {
            if matches!(n, "set" | "shopt") {
                self.shell_options(n, &arg_words, super::assignments::runs_first(node));
            }
        }
        // `time ( … )` and `time -p ( … )`: bash reads `time` at the start of a command as the
        // keyword timing the pipeline after it, and tree-sitter-bash leaves that subshell as an
        // argument of a command named `time`. The subshell is what runs, with this command's
        // input; `time` itself writes only to stderr.
        if let Some(sub) = keyword_time_subshell(name, had_prefix, &args, src) {
            self.record("time");
            let stage = self.statement(sub, src, stdin);
            for r in redirects {
                self.statement(r, src, &Stdin::Inherited);
            }
            self.prefix.truncate(outer_prefix);
            return stage;
        }
        let stage = match name
            .and_then(|n| n.named_child(0))
            .filter(|n| !n.is_missing())
        {
            Some(name_node) => {
                let expanded = words::expand_braces(name_node, src, &self.vars)
                    .filter(|names| !names.is_empty());
                let (name_word, mut rest) = match expanded {
                    Some(mut names) => {
                        let first = names.remove(0);
                        (first, names)
                    }
                    None => (words::word(name_node, src, &self.vars), Vec::new()),
                };
                rest.append(&mut arg_words);
                // `{ exec > /dev/tty; nohup ls; } | cat`: an `exec` can move stdout anywhere.
                let here =
                    !self.sources.iter().any(|s| s.contains("exec")) && stdout_away(node, src);
                let away = std::mem::replace(&mut self.stdout_away, here);
                self.call_site = Some(name_node.start_byte());
                let stage = self.invoke(&name_word, &rest, stdin);
                self.stdout_away = away;
                stage
            }
            None => Stage::default(),
        };
        for part in name.into_iter().chain(args) {
            self.statement(part, src, &Stdin::Inherited);
        }
        for r in redirects {
            self.statement(r, src, &Stdin::Inherited);
        }
        self.prefix.truncate(outer_prefix);
        stage
    }

    /// `file * | grep -v directory`: an argument that is a glob starting with `*` or `?` could
    /// expand to a name that starts with `-`, an option. With the context, when every name it
    /// can give in every directory the command may be in (dot files and other cases too, so that
    /// `dotglob` or `nocaseglob` add none unseen: the probe's `glob_names`) does not, it is an
    /// operand only known at run time (its value not taken: which names are given is bash's),
    /// shaped as written.
    fn glob_without_options(&self, word: Word) -> Word {
        let Some(pattern) = word.value.as_deref() else {
            return word;
        };
        if !(word.glob && pattern.starts_with(['*', '?'])) {
            return word;
        }
        let options = self
            .probe
            .as_ref()
            .and_then(|p| p.glob_names(pattern, MAX_NAMES))
            .is_none_or(|names| names.iter().any(|n| n.starts_with('-')));
        if options {
            return word;
        }
        Word {
            value: None,
            guess: None,
            shape: pattern.to_string(),
            ..word
        }
    }

    /// `let EXPR…`: each argument is evaluated as arithmetic, as `((EXPR))` is. A command
    /// substitution that prints a number ([`evaluation::numeric_output`]) stands for one.
    fn let_builtin(&mut self, args: &[Node<'_>], src: &str) {
        self.record("let");
        for arg in args {
            let text = super::evaluation::numbers_for_substitutions(*arg, src);
            // `let "n = 1 * 2"`, `let 'n=2*3'`: the quotes only keep the words together (what
            // is inside is read as arithmetic all the same).
            let expression = match arg.kind() {
                "string" => text
                    .strip_prefix('"')
                    .and_then(|t| t.strip_suffix('"'))
                    .unwrap_or(&text),
                "raw_string" => text
                    .strip_prefix('\'')
                    .and_then(|t| t.strip_suffix('\''))
                    .unwrap_or(&text),
                _ => &text,
            };
            // `n = …` assigns n; a plain `=` does not evaluate n's old value.
            let target = expression
                .trim_start()
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map(|end| expression.trim_start().split_at(end));
            let expression = match target {
                Some((name, rest))
                    if name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                        && rest.trim_start().starts_with('=')
                        && !rest.trim_start().starts_with("==") =>
                {
                    &rest.trim_start()[1..]
                }
                _ => expression,
            };
            if let Some(part) = self.unsafe_arithmetic(expression) {
                self.find(
                    Level::Unknown,
                    format!(
                        "let evaluates {part} as arithmetic, so a value like a[$(cmd)] runs cmd"
                    ),
                );
            }
        }
    }

    pub(super) fn invoke(&mut self, name: &Word, args: &[Word], stdin: &Stdin) -> Stage {
        // Only the simple command's own name is at its call site (not a name split from a
        // variable's value, nor a program a wrapper runs).
        let site = self
            .call_site
            .take()
            .filter(|_| name.value.as_deref() == Some(name.text.as_str()));
        // `cmd='ls -la'; $cmd`: an unquoted name whose value is certain is split into words (on
        // the default IFS), and those words are the command; what they hold is not parsed again
        // (`cmd='echo hi > out'` runs echo with the arguments `hi`, `>` and `out`).
        if let Some(words) = self.split_name(name) {
            if let Some((first, rest)) = words.split_first() {
                let mut all = rest.to_vec();
                all.extend(args.iter().cloned());
                return self.invoke(first, &all, stdin);
            }
        }
        // A name given by variables whose values are certain (a loop's plain words), as one
        // plain word: that word.
        let certain = match name.value {
            None => self
                .definite_value(name)
                .filter(|v| !v.is_empty() && v.chars().all(super::evaluation::plain_char))
                .map(|v| Word::literal(&v))
                .or_else(|| self.context_value(name)),
            Some(_) => None,
        };
        let name = certain.as_ref().unwrap_or(name);
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
        // `.venv/bin/python …`: a link to a system interpreter, which runs as that interpreter
        // does, from its virtual environment (read where the context is).
        let interpreter = match written.rsplit_once('/') {
            Some((dir, _)) if !programs::SYSTEM_BIN_DIRS.contains(&dir) => self
                .probe
                .as_ref()
                .and_then(|p| p.system_interpreter(&written)),
            _ => None,
        };
        if let Some(name) = interpreter {
            if let Some(probe) = self.probe.as_mut() {
                probe.run_by_path(Some(&written));
            }
            let stage = self.run(&name, args, stdin);
            // Spent by the interpreter's check; never left for another program's.
            if let Some(probe) = self.probe.as_mut() {
                probe.run_by_path(None);
            }
            return stage;
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
                // A shell script with a plain `#!` line: the kernel runs the shell on it.
                let shell = self.probe.as_ref().and_then(|p| p.shebang_shell(&written));
                if let Some(shell) = shell {
                    let mut all = vec![Word::literal(&written)];
                    all.extend(args.iter().cloned());
                    return self.run(shell, &all, stdin);
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
            let site = site.filter(|_| written == program);
            let program = program.to_string();
            self.call_with_words(&program, args, site);
            return Stage::default();
        }
        // `eval "$(dircolors -b)"`: dircolors prints one assignment of LS_COLORS, quoted by
        // itself, from its built-in database (dircolors(1)); the substitution is judged on its
        // own, and no function or alias of the script stands in for it (a session that expands
        // aliases takes one defined on an earlier line): eval is judged as given nothing.
        if program == "eval"
            && !self.functions.contains("dircolors")
            && !self.sources.iter().any(|s| s.contains("alias"))
            && matches!(args, [only] if DIRCOLORS_EVALS.contains(&only.text.as_str()))
        {
            return self.run("eval", &[], stdin);
        }
        let program = program.to_string();
        // `/bin/ls`: bash looks a name with a slash up as a path, never as a function, and it
        // refuses to import `BASH_FUNC_/bin/ls%%` (measured, bash 5.2: "error importing
        // function definition"), so an exported function of the base name does not run.
        let by_slash = written.contains('/');
        if by_slash {
            if let Some(probe) = self.probe.as_mut() {
                probe.run_by_exec(Some(&program));
            }
        }
        let stage = self.run(&program, args, stdin);
        if by_slash {
            if let Some(probe) = self.probe.as_mut() {
                probe.run_by_exec(None);
            }
        }
        stage
    }

    /// `set -C`/`set -o noclobber` where it runs whenever the script does turns noclobber on
    /// for what follows; `set +C`, or anything about noclobber not read, anywhere turns it off.
    fn shell_options(&mut self, program: &str, args: &[Word], runs_first: bool) {
        let mut on = None;
        let mut rest = args.iter();
        while let Some(a) = rest.next() {
            let Some(v) = a.value.as_deref() else {
                on = Some(false);
                break;
            };
            if program == "shopt" {
                if v == "noclobber" {
                    on = Some(false);
                }
                continue;
            }
            let Some(letters) = v.strip_prefix(['-', '+']).filter(|_| v != "--" && v != "-") else {
                continue;
            };
            let sets = v.starts_with('-');
            if letters.contains('C') {
                on = Some(sets);
            }
            if letters.contains('o') {
                match rest.next().map(|n| n.value.as_deref()) {
                    Some(Some("noclobber")) => on = Some(sets),
                    Some(Some(_)) => {}
                    _ => on = Some(false),
                }
            }
        }
        match on {
            Some(true) if runs_first => self.noclobber = true,
            Some(_) => self.noclobber = false,
            None => {}
        }
    }

    /// What `env` does to the environment of the command it runs, as prefixes of that command.
    fn change_env(&mut self, change: EnvChange) {
        match change {
            EnvChange::Clear => self.prefix.push((CLEARED.to_string(), None)),
            // A name only known at run time (already found unknown): any variable may be gone.
            EnvChange::Unset(name) if name.is_empty() => {
                self.prefix.push((CLEARED.to_string(), None))
            }
            EnvChange::Unset(name) => self.prefix.push((name, Some(UNSET.to_string()))),
            EnvChange::Set(name, value) => self.prefix.push((name, value)),
            EnvChange::Same(name) => {
                // The value the command started with, when the context says what it is and
                // nothing in the command may have changed it.
                let kept = self
                    .probe
                    .as_ref()
                    .and_then(|p| p.start_value(&name))
                    .filter(|_| self.untouched(&name))
                    .map(str::to_string);
                if kept.is_none() {
                    if let Some(reason) = env::prefix_risk(&name, None) {
                        let reason = env::hijack_reason(&name).unwrap_or(reason);
                        self.find(Level::Unknown, reason);
                    }
                }
                self.prefix.push((name, kept));
            }
            EnvChange::Chdir(dir) => {
                if let Some(probe) = &mut self.probe {
                    let shown = dir
                        .clone()
                        .unwrap_or_else(|| "(a directory only known at run time)".into());
                    probe.cd(dir.as_deref(), &shown);
                }
            }
        }
    }

    pub(super) fn run(&mut self, program: &str, args: &[Word], stdin: &Stdin) -> Stage {
        // Debian's versioned and variant names (`identify-im6`, `guile-3.0`) are judged, and
        // their context read, as the program they are (`catalog::ALIASES`); the context checks
        // first that the two names are one file here. An information mode traced under the
        // name itself (`catalog::INFO`: `lft.db --help`) stands as measured.
        // A name that reads its own name to choose a mode is judged so where that mode only
        // reads as its program's (`catalog::sibling`: `zstdmt`, `unpigz`), and in context a
        // versioned name of a known program that is the same file as it (`Probe::versioned`).
        let written = program;
        let program = match crate::commands::classify::catalog::alias(written) {
            Some(plain) if !crate::commands::classify::catalog::measured(written, args) => plain,
            _ => crate::commands::classify::catalog::sibling(written, args)
                .or_else(|| {
                    self.probe
                        .as_ref()
                        .and_then(|p| p.versioned(written, &self.prefix))
                })
                .unwrap_or(written),
        };
        // `getopts a "$V"`, `read -r "$NAME"`: a name given by a variable of the context's
        // environment that nothing here changes is that plain name (what the builtin sets is
        // then judged as written).
        let resolved: Vec<Word>;
        let args = if matches!(program, "getopts" | "read" | "mapfile" | "readarray")
            && args.iter().any(|a| a.value.is_none())
        {
            resolved = args
                .iter()
                .map(|a| match a.value {
                    None => self.context_value(a).unwrap_or_else(|| a.clone()),
                    Some(_) => a.clone(),
                })
                .collect();
            &resolved[..]
        } else {
            args
        };
        if let Some(probe) = &mut self.probe {
            match program {
                "cd" | "pushd" => {
                    let target = args
                        .iter()
                        .find(|a| a.is("-") || !a.may_be_option() || a.value.is_none());
                    match target {
                        Some(t) if t.glob => probe.cd(None, &t.text),
                        Some(t) => match &t.value {
                            Some(v) => probe.cd(Some(v), &t.text),
                            None => {
                                let known = probe.runtime_dir(&t.text, &t.shape);
                                probe.cd(known.as_deref(), &t.text)
                            }
                        },
                        None => probe.cd(Some(""), "~"),
                    }
                }
                "git" => match probe.git_alias(args, &self.prefix) {
                    Some(Alias::Shell(code)) => {
                        self.record("sh");
                        self.script(&code);
                        return Stage::default();
                    }
                    Some(Alias::Git(expanded)) => return self.run("git", &expanded, stdin),
                    None => {}
                },
                _ => {}
            }
        }
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
        // `source ./file`: the file's code, read from the context, is walked as a script.
        if matches!(program, "source" | ".") {
            let text = args
                .first()
                .filter(|f| !f.downloads)
                .filter(|f| {
                    let path = f.value.as_deref().map(normal_path);
                    !path.is_some_and(|p| self.downloaded.contains(&p))
                })
                .and_then(|f| f.value.as_deref())
                .map(str::to_string);
            let text = text
                .and_then(|f| self.probe.as_mut()?.sourced(&f))
                .or_else(|| args.first().and_then(|f| self.substituted_output(f)));
            if let Some(text) = text {
                self.script(&text);
                return Stage::default();
            }
        }
        if self.terminal && programs::pages_on_terminal(program, args) {
            self.find(
                Level::Unknown,
                format!("{program} runs on a terminal, where it pages its output (a pager can write files or run commands)"),
            );
        }
        // `echo 'select …;' | sqlite3 db`: with no SQL among its arguments sqlite3 runs what its
        // input holds, read here when it is fixed and has no dot-command (those go by lines,
        // which the argument reading does not split); with SQL there, the input is not read,
        // and judging it too only adds.
        let with_input: Vec<Word>;
        let args = match stdin {
            Stdin::Text(text)
            | Stdin::Piped {
                downloads: false,
                text: Some(text),
                ..
            } if program == "sqlite3"
                && !text.trim().is_empty()
                && !text.lines().any(|l| l.trim_start().starts_with('.')) =>
            {
                with_input = args
                    .iter()
                    .cloned()
                    .chain([Word::literal(text.trim_end())])
                    .collect();
                &with_input[..]
            }
            // m4 judges its input's text (`m4::check`), when it reads standard input.
            Stdin::Text(text)
            | Stdin::Piped {
                downloads: false,
                text: Some(text),
                ..
            } if program == "m4" => {
                with_input = args
                    .iter()
                    .cloned()
                    .chain([Word::literal(&format!("{}{text}", m4::STDIN_TEXT))])
                    .collect();
                &with_input[..]
            }
            _ => args,
        };
        let mut verdict = programs::check(program, args);
        if program == "hash" && self.hashes_own_program(args) {
            verdict = Verdict::read_only();
        }
        if program == "enable" && self.disables_plain_builtins(args) {
            verdict = Verdict::read_only();
        }
        if program == "xargs" && known_empty(stdin) {
            verdict = crate::commands::classify::files::xargs_empty_input(args);
        } else if program == "xargs" && matches!(stdin, Stdin::Piped { names: true, .. }) {
            verdict = crate::commands::classify::files::xargs_object_names(args);
        } else if program == "xargs" && self.plain_lines(stdin) {
            let lead = match stdin {
                Stdin::Piped { leads, .. } => leads.as_deref(),
                _ => None,
            };
            verdict = crate::commands::classify::files::xargs_plain_lines(args, lead);
        }
        if program == "fzf"
            && fzf_filters(args)
            && matches!(stdin, Stdin::Piped { .. } | Stdin::Text(_))
        {
            // The options the environment adds (FZF_DEFAULT_OPTS) are the context's to read.
            verdict = Verdict::read_only();
            verdict.push_unless(Level::Unknown, FZF_OPTIONS, Settle::Configuration);
        }
        if program == "diffstat" && plain_text(stdin) {
            verdict
                .findings
                .retain(|f| f.reason != super::super::readers::DIFFSTAT_STDIN);
        }
        if program == "tac" && tac_reads_a_pipe(args, stdin) {
            verdict.push(
                Level::Write,
                "tac copies input it cannot seek (a pipe, a here-string, <(…)) to a temporary file in TMPDIR first",
            );
        }
        // nohup makes nohup.out, and less -o its log, only when stdout is a terminal
        // (nohup.c: isatty(1); less's edit.c: `namelogfile != NULL && is_tty`; measured:
        // `nohup cat f | head` and `cat f | less -o log | head` make no file).
        if self.stdout_away {
            verdict.findings.retain(|f| {
                !((program == "nohup" && f.reason == wrappers::NOHUP_OUT)
                    || (matches!(program, "lz4" | "unlz4")
                        && f.reason == crate::commands::classify::files::LZ4_TERMINAL)
                    || (program == "less"
                        && f.reason == crate::commands::classify::specs::LESS_LOG))
            });
        }
        // `node -i < /dev/null > out`: the REPL reads no code from an empty input, and keeps no
        // history unless its output is a terminal (measured, node 20: none made, with
        // NODE_REPL_HISTORY set too); what node loads first is the context's.
        if program == "node"
            && self.stdout_away
            && *stdin == Stdin::Text(String::new())
            && matches!(args, [only] if only.is("-i") || only.is("--interactive"))
        {
            verdict = Verdict::read_only();
            verdict.push_unless(
                Level::Unknown,
                "node loads what NODE_OPTIONS names before its REPL starts",
                Settle::Configuration,
            );
        }
        if program == "sort" {
            for f in &mut verdict.findings {
                if f.reason == crate::commands::classify::specs::SORT_BUFFER {
                    f.settle = Some(Settle::SortBuffer);
                }
            }
        }
        if !verdict.findings.is_empty()
            && verdict.nested.is_empty()
            && self.changes_nothing_here(program, args, stdin)
        {
            verdict = Verdict::read_only();
        }
        if let Some(probe) = &mut self.probe {
            if written != program {
                probe.same_program(written, program, &self.prefix, &mut verdict);
            }
            probe.settle(program, args, &self.prefix, &mut verdict);
            probe.check(program, args, &self.prefix, &mut verdict);
            if *stdin == Stdin::Text(String::new()) {
                verdict
                    .findings
                    .retain(|f| f.settle != Some(Settle::EmptyInput));
            }
        }
        // ifne (moreutils) runs its command only when a first read of its input returns
        // something: on an input known empty (`< /dev/null`, a stage that prints nothing) the
        // command never starts. Not `-n`, which runs it on an empty input.
        // `ifne -n CMD` runs CMD only on an empty input, so never on one known to hold text
        // (`printf 'x\n' | ifne -n …`): it passes the text on instead.
        let never_runs = if ifne_reversed(args) {
            args.first().is_some_and(|a| a.is("-n")) && known_nonempty(stdin)
        } else {
            known_empty(stdin)
        };
        if program == "ifne" && never_runs {
            verdict
                .nested
                .retain(|n| !matches!(n, Nested::Command { .. }));
        }
        self.findings.extend(verdict.findings);
        // A function of the name may print something else (`printf() { echo x; }`).
        let output = verdict.output.filter(|_| !self.functions.contains(program));
        let names = !self.functions.contains(program)
            && match prints_only_object_names(program, args) {
                Names::No => false,
                Names::Always => true,
                // `log.showSignature` adds gpg's report, whose words are a signer's.
                Names::UnlessSignatures => self.probe.as_ref().is_some_and(|p| {
                    !p.git_config_may_be_true(args, &self.prefix, "log.showsignature")
                }),
            };
        let lists = (program == "ls" && !self.functions.contains(program))
            .then(|| ls_listing(args))
            .flatten();
        let finds = (program == "find" && !self.functions.contains(program))
            .then(|| find_listing(args))
            .flatten();
        let leads = match &finds {
            Some(starts) => common_prefix(starts),
            None => (program == "git" && !self.functions.contains(program))
                .then(|| ls_files_lead(args))
                .flatten(),
        };
        let mut stage = Stage {
            downloads: verdict.downloads,
            output,
            plain: prints_a_diff(program, args),
            names,
            lists,
            leads,
            finds,
        };
        for nested in verdict.nested {
            match nested {
                Nested::Command {
                    argv,
                    forwards_stdin,
                    env,
                } => {
                    let Some((name, rest)) = argv.split_first() else {
                        continue;
                    };
                    let inner_stdin = if forwards_stdin {
                        stdin.clone()
                    } else {
                        Stdin::Inherited
                    };
                    let outer_prefix = self.prefix.len();
                    for change in env {
                        self.change_env(change);
                    }
                    // Only bash's `time` and `coproc` look the name up as bash does (an exported
                    // function first); every other starts a program with execve (measured, bash
                    // 5.2: `command ls`, `exec ls`, `env ls`, `nice ls`, `xargs ls` ran the
                    // program where `BASH_FUNC_ls%%` was set, `time ls` the function).
                    let execs = !matches!(program, "time" | "coproc" | "builtin");
                    let exec_name = name
                        .value
                        .as_deref()
                        .filter(|_| execs)
                        .map(|v| v.rsplit_once('/').map_or(v, |(_, base)| base).to_string());
                    if let Some(probe) = self.probe.as_mut() {
                        probe.run_by_exec(exec_name.as_deref());
                    }
                    let inner = self.invoke(name, rest, &inner_stdin);
                    if let Some(probe) = self.probe.as_mut() {
                        probe.run_by_exec(None);
                    }
                    self.prefix.truncate(outer_prefix);
                    stage.downloads |= inner.downloads;
                    stage.output = stage.output.or(inner.output);
                }
                // `script -c CMD` runs CMD on a pseudo-terminal.
                Nested::Script(code) if program == "script" => {
                    let terminal = std::mem::replace(&mut self.terminal, true);
                    self.nested_script(program, &code);
                    self.terminal = terminal;
                }
                Nested::Script(code) => self.nested_script(program, &code),
                Nested::ScriptFile(file) => self.script_file(program, args, &file, stdin),
                Nested::StdinScript => match stdin {
                    Stdin::Text(text)
                    | Stdin::Piped {
                        downloads: false,
                        text: Some(text),
                        ..
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
                Nested::StdinEd => {
                    let text = match stdin {
                        Stdin::Text(text)
                        | Stdin::Piped {
                            downloads: false,
                            text: Some(text),
                            ..
                        } => Some(text.as_str()),
                        _ => None,
                    };
                    let effects = text.map(|t| scripts::ed(t, ed_file(args).as_deref()));
                    match effects {
                        Some(e) if !e.writes && !e.executes && !e.unreadable => {
                            // `r !cmd`, `!cmd`: each runs as `sh -c cmd`.
                            for command in e.commands {
                                self.record("sh");
                                self.script(&command);
                            }
                        }
                        _ => self.find(
                            Level::Write,
                            format!("{program} edits files with the commands of its input, which write or run something or are not known"),
                        ),
                    }
                }
                Nested::StdinCode => match stdin {
                    // `python3 - <<'EOF'`, `echo 'print(1)' | python3`: a fixed program is
                    // judged as the same program given inline.
                    Stdin::Text(text)
                    | Stdin::Piped {
                        downloads: false,
                        text: Some(text),
                        ..
                    } if wrappers::reads_stdin_code(program) => {
                        let operand = args.iter().position(|a| a.is("-"));
                        match wrappers::inline_form(program, args, operand, text) {
                            Some(inline) => {
                                self.run(program, &inline, &Stdin::Inherited);
                            }
                            None => self.find(
                                Level::Unknown,
                                format!("{program} runs code read from its input, which cannot be checked"),
                            ),
                        }
                    }
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

    /// A script file run by a shell or an interpreter (`Nested::ScriptFile`): its text, read from
    /// the context, is walked as the inline form would be. The verdict assumes the file is not
    /// changed between the verdict and the run.
    fn script_file(&mut self, program: &str, args: &[Word], file: &Word, stdin: &Stdin) {
        // awk and sed open the path they are given, as a shell does.
        let program_file = wrappers::program_file_flag(program).is_some();
        let shell = !program_file && wrappers::inline_flag(program).is_none();
        let path = file
            .value
            .as_deref()
            .filter(|_| !file.downloads && !file.glob);
        // A shell looks for a bare name in the working directory first, then in PATH (then it is
        // not read here: `./name` is). An interpreter opens the name itself; its module path
        // starts at the file's directory, which the context checks only for the working one.
        let path = path.and_then(|p| match p.strip_prefix("./").unwrap_or(p) {
            bare if !bare.contains('/') && !bare.is_empty() => Some(format!("./{bare}")),
            _ if shell || program_file => Some(p.to_string()),
            _ => None,
        });
        // sed's and awk's `-f -` is standard input. gawk looks for a `-f` name without a slash
        // along AWKPATH when it is set, as for `-i` (`awk` may be gawk, or mawk, which opens the
        // name as it is: both files are judged).
        let base = program.rsplit('/').next().unwrap_or(program);
        let bare = file
            .value
            .as_deref()
            .filter(|v| !v.contains('/') && !v.is_empty() && *v != "-");
        let awkpath = program_file
            && matches!(base, "awk" | "gawk")
            && self
                .probe
                .as_ref()
                .is_some_and(|p| p.is_set("AWKPATH", &self.prefix));
        let texts: Option<Vec<String>> = if file.is("-") && program_file {
            None
        } else if let (true, Some(name)) = (awkpath, bare) {
            let prefix = self.prefix.clone();
            let found = self
                .probe
                .as_mut()
                .and_then(|p| p.awk_program(name, &prefix));
            match found {
                Some(found) if base == "gawk" => Some(vec![found]),
                Some(found) => path
                    .and_then(|p| self.probe.as_mut()?.sourced(&p))
                    .map(|plain| vec![found, plain]),
                None => None,
            }
        } else {
            path.and_then(|p| self.probe.as_mut()?.sourced(&p))
                .map(|t| vec![t])
        };
        let Some(texts) = texts else {
            self.find(
                Level::Unknown,
                format!(
                    "{program} runs the script {}, which cannot be checked",
                    file.text
                ),
            );
            return;
        };
        let operand = args.iter().position(|a| a == file);
        if program_file {
            for text in texts {
                match operand.and_then(|at| wrappers::program_file_form(program, args, at, &text)) {
                    Some(inline) => {
                        self.run(program, &inline, stdin);
                    }
                    None => self.find(
                        Level::Unknown,
                        format!("{program} runs {}, which cannot be checked", file.text),
                    ),
                }
            }
            return;
        }
        // A shell's or an interpreter's script: one file, found as it is named.
        let text = texts.concat();
        // m4's input file, dc's program file, cmake's script: its text stands in the
        // operand's place (`m4::check`, `modes::dc`, `modes::cmake_script`).
        if matches!(base, "m4" | "dc" | "cmake" | "erb" | "exiftool") {
            let Some(at) = operand else {
                self.find(
                    Level::Unknown,
                    format!("{program} reads {}, which cannot be checked", file.text),
                );
                return;
            };
            let mut inline = args.to_vec();
            inline[at] = Word::literal(&format!("{}{text}", m4::FILE_TEXT));
            self.run(program, &inline, stdin);
            return;
        }
        if shell {
            self.child_shell(&text);
            return;
        }
        match wrappers::inline_form(program, args, operand, &text) {
            Some(inline) => {
                self.run(program, &inline, stdin);
            }
            None => self.find(
                Level::Unknown,
                format!("{program} runs {}, which cannot be checked", file.text),
            ),
        }
    }

    /// Shell code a new shell runs (`bash -c`, `bash FILE`): it starts without this script's
    /// functions (a name the script defined is a program there).
    fn child_shell(&mut self, code: &str) {
        let functions = std::mem::take(&mut self.functions);
        self.script(code);
        self.functions = functions;
    }

    pub(super) fn nested_script(&mut self, program: &str, code: &Word) {
        if let Some(text) = code
            .value
            .clone()
            .or_else(|| self.definite_value(code))
            .or_else(|| self.requoted_script(program, code))
        {
            let base = program.rsplit('/').next().unwrap_or(program);
            if programs::is_shell(base) {
                self.child_shell(&text);
            } else {
                self.script(&text);
            }
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
}

impl Walker {
    /// The value of `word` when every expansion in it is a variable of [`Walker::definite`]
    /// (`"$cmd"`, `${cmd}`), and nothing else in it is only known at run time.
    /// A command name that is one parameter expansion (`$EDITOR`, `"${VISUAL:-cat}"`,
    /// `${PAGER-less}`), when the context gives the environment and nothing in the command
    /// touches the variable: the value it starts with, or the default when it is unset (or
    /// empty, with `:-`). Only a plain word is taken (no splitting, no globbing to think of).
    fn context_value(&self, word: &Word) -> Option<Word> {
        let probe = self.probe.as_ref()?;
        let text = word.text.as_str();
        let (inner, quoted) = match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            Some(inner) => (inner, true),
            None => (text, false),
        };
        let (name, default) =
            if let Some(braced) = inner.strip_prefix("${").and_then(|t| t.strip_suffix('}')) {
                let end = crate::syntax::scan::name_end(braced.as_bytes(), 0);
                let (name, rest) = braced.split_at(end);
                match rest {
                    "" => (name, None),
                    _ if rest.starts_with(":-") => (name, Some((&rest[2..], true))),
                    _ if rest.starts_with('-') => (name, Some((&rest[1..], false))),
                    _ => return None,
                }
            } else {
                let name = inner.strip_prefix('$')?;
                (name, None)
            };
        let plain = |v: &str| !v.is_empty() && v.chars().all(super::evaluation::plain_char);
        if name.is_empty()
            || name.starts_with(|c: char| c.is_ascii_digit())
            || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            || !self.only_read(name)
            || default.is_some_and(|(d, _)| !d.is_empty() && !plain(d))
        {
            return None;
        }
        // Unquoted, the value is split on IFS: only the default IFS is known to leave a plain
        // word whole.
        if !quoted && (probe.start_value("IFS").is_some() || !self.only_read("IFS")) {
            return None;
        }
        let value = match (probe.start_value(name), default) {
            (Some(""), Some((d, true))) => d,
            (Some(v), _) => v,
            (None, Some((d, _))) => d,
            (None, None) => return None,
        };
        plain(value).then(|| Word::literal(value))
    }

    /// The words an unquoted command name splits into when its value is certain, IFS is the
    /// default and no word could be a glob pattern; `None` otherwise (one word stays whole).
    fn split_name(&self, name: &Word) -> Option<Vec<Word>> {
        if name.value.is_some() || name.text.starts_with('"') {
            return None;
        }
        let default_ifs = self.only_read("IFS")
            && self
                .probe
                .as_ref()
                .is_none_or(|p| p.start_value("IFS").is_none());
        if !default_ifs {
            return None;
        }
        let value = self.definite_value(name)?;
        if value.contains(['*', '?', '[', '(', '\\']) {
            return None;
        }
        let words: Vec<Word> = value.split_ascii_whitespace().map(Word::literal).collect();
        let plain = words
            .first()?
            .value
            .as_deref()?
            .chars()
            .all(super::evaluation::plain_char);
        (words.len() > 1 && plain).then_some(words)
    }

    /// What `command -v NAME` prints cannot start with `-` or split into such words: every
    /// directory of PATH (the context's, which nothing in the command changes, or bash's default
    /// when it is unset) is absolute and plain, no function or alias of the command is named
    /// `command`, and nothing in it fills bash's table of remembered paths (`hash -p PATH NAME`,
    /// which `command -v` prints as it is) or turns the builtin off (`enable -n`). Without
    /// context, PATH is taken to be plain.
    fn plain_path(&self) -> bool {
        let plain_dirs = |path: &str| {
            path.split(':')
                .all(|d| d.starts_with('/') && d.chars().all(super::evaluation::plain_char))
        };
        !self.functions.contains("command")
            && !self
                .sources
                .iter()
                .any(|s| ["alias", "hash", "enable"].iter().any(|w| s.contains(w)))
            && self.only_read("PATH")
            && self
                .probe
                .as_ref()
                .is_none_or(|p| p.start_value("PATH").is_none_or(plain_dirs))
    }

    /// `$(echo WORDS)` counts too, WORDS plain and none an option, where `echo` is bash's
    /// builtin (no function or alias of the command may be named echo; an exported one is the
    /// context's finding at the substitution): it prints WORDS joined by blanks, which the
    /// substitution gives with its newline stripped (`eval "grep -c def $(echo src/x.py)"` runs
    /// `grep -c def src/x.py`).
    pub(super) fn definite_value(&self, word: &Word) -> Option<String> {
        let text = word.text.as_str();
        // `…`: a word's text is shortened for reasons, and a part not shown is not checked.
        if text.contains(['`', '*', '?', '[', '…']) {
            return None;
        }
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut any = false;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' | b'\'' => return None,
                b'$' if bytes.get(i + 1) == Some(&b'(') => {
                    i += 2 + self.echo_substitution(&text[i + 2..])?;
                    any = true;
                }
                b'$' => {
                    let braced = bytes.get(i + 1) == Some(&b'{');
                    let start = if braced { i + 2 } else { i + 1 };
                    let end = crate::syntax::scan::name_end(bytes, start);
                    if end == start {
                        return None;
                    }
                    if braced && bytes.get(end) != Some(&b'}') {
                        return None;
                    }
                    if !self.definite.contains_key(&text[start..end]) {
                        return None;
                    }
                    any = true;
                    i = if braced { end + 1 } else { end };
                }
                _ => i += 1,
            }
        }
        if !any {
            return None;
        }
        word.guess.clone()
    }
}

impl Walker {
    /// `hash -p PATH NAME` where PATH is the very file bash would find for NAME on the
    /// context's `PATH` in every directory the command may be in (the context's view of the
    /// file system, links resolved: `/bin/ls` and `/usr/bin/ls` on a merged /usr): NAME then
    /// runs what it would have run anyway, with the same `argv[0]`. Not when anything in the
    /// command names `PATH` (it may change what the lookup finds) or a word is only known at
    /// run time. With the context only.
    fn hashes_own_program(&self, args: &[Word]) -> bool {
        let [flag, path, name] = args else {
            return false;
        };
        let (Some(path), Some(name)) = (path.value.as_deref(), name.value.as_deref()) else {
            return false;
        };
        flag.is("-p")
            && path.starts_with('/')
            && !name.is_empty()
            && !name.contains('/')
            && !args.iter().any(|a| a.glob)
            && !self.sources.iter().any(|s| s.contains("PATH"))
            && self
                .probe
                .as_ref()
                .is_some_and(|p| p.finds_on_path(name, path))
    }

    /// `enable -n NAME…` at the top of the command (in no loop, function, subshell or
    /// pipeline, and after no function definition, so every later use of NAME comes after it
    /// in the walk), each NAME a builtin whose program of the same name does what it does
    /// (`echo`, `printf`, `test`, `[`, `true`, `false`, `pwd`): bash then runs NAME from `PATH`,
    /// which the context checks as it checks any program's place there (a planted `echo` in a
    /// directory of the project is found). With the context only; the probe is told.
    fn disables_plain_builtins(&mut self, args: &[Word]) -> bool {
        const PLAIN: &[&str] = &["echo", "printf", "test", "[", "true", "false", "pwd"];
        const SEQUENTIAL: &[&str] = &["program", "list", "command", "redirected_statement"];
        let names: Vec<&str> = match args.split_first() {
            Some((flag, names)) if flag.is("-n") && !names.is_empty() => names
                .iter()
                .filter_map(|n| n.value.as_deref().filter(|_| !n.glob))
                .collect(),
            _ => return false,
        };
        let top = self.depth == 1
            && self.functions.is_empty()
            && self.path.iter().all(|k| SEQUENTIAL.contains(&k.as_str()));
        if names.len() + 1 != args.len() || !top || !names.iter().all(|n| PLAIN.contains(n)) {
            return false;
        }
        let Some(probe) = self.probe.as_mut() else {
            return false;
        };
        for name in names {
            probe.disable_builtin(name);
        }
        true
    }

    /// Bash's builtin `name` runs where the command names it: no function of the command is
    /// called so, and no text it runs defines an alias or a function (`alias`, `function`,
    /// `name(`) that could stand in for it.
    pub(super) fn builtin_as_is(&self, name: &str) -> bool {
        let definition = format!("{name}(");
        !self.functions.contains(name)
            && !self.sources.iter().any(|s| {
                s.contains("alias")
                    || s.contains("function")
                    || s.replace(' ', "").contains(&definition)
            })
    }

    /// `eval "CMD $(printf %q "$f")"`: bash's `printf %q` prints its argument quoted so that
    /// the shell reads it back as that one word, whatever it holds (`x$(touch P).txt` stays a
    /// name), so the text eval runs is CMD with `"$f"` in place of each such substitution, `f`
    /// holding the same value when eval runs. Only for `eval` of one double-quoted word (no
    /// field splitting of the substitution) whose other characters are plain text, with the
    /// argument a quoted variable (`"$f"`, `"${f}"`) and `printf` bash's builtin here.
    fn requoted_script(&self, program: &str, code: &Word) -> Option<String> {
        const OPEN: &str = "$(printf %q \"$";
        let inner = code
            .text
            .strip_prefix('"')?
            .strip_suffix('"')
            .filter(|_| program == "eval" && !code.text.contains('…'))?;
        if !inner.contains(OPEN) || !self.builtin_as_is("printf") {
            return None;
        }
        let mut script = String::new();
        let mut rest = inner;
        while let Some(at) = rest.find(OPEN) {
            let before = &rest[..at];
            if before.contains(['$', '`', '\\', '"']) {
                return None;
            }
            script.push_str(before);
            let after = &rest[at + OPEN.len()..];
            let braced = after.starts_with('{');
            let name_start = usize::from(braced);
            let name_end = crate::syntax::scan::name_end(after.as_bytes(), name_start);
            let name = &after[name_start..name_end];
            // name_end takes a name that starts with a letter or `_` (not `$1`).
            if name.is_empty() {
                return None;
            }
            let close = if braced { "}\")" } else { "\")" };
            rest = after[name_end..].strip_prefix(close)?;
            script.push_str(&format!("\"${{{name}}}\""));
        }
        if rest.contains(['$', '`', '\\', '"']) {
            return None;
        }
        script.push_str(rest);
        Some(script)
    }

    /// The length of `echo WORDS)` at the start of `rest` (what follows a `$(`), when WORDS are
    /// plain words, none an option (`-n`, `-e`), and echo can only be bash's builtin here.
    fn echo_substitution(&self, rest: &str) -> Option<usize> {
        let end = rest.find(')')?;
        let inside = &rest[..end];
        let mut words = inside.split(' ').filter(|w| !w.is_empty());
        let plain = inside
            .chars()
            .all(|c| c == ' ' || super::evaluation::plain_char(c));
        // Unquoted, the output is split on IFS: only the default leaves a plain word whole.
        let default_ifs = self.only_read("IFS")
            && self
                .probe
                .as_ref()
                .is_none_or(|p| p.start_value("IFS").is_none());
        let echo_builtin = default_ifs && self.builtin_as_is("echo");
        (plain
            && echo_builtin
            && words.next() == Some("echo")
            && words.all(|w| !w.starts_with('-')))
        .then_some(end + 1)
    }
}

/// The file `ed [OPTIONS] FILE` starts with (its default file name), when it is written as a
/// fixed name that is not `!cmd`.
fn ed_file(args: &[Word]) -> Option<String> {
    let mut values = args.iter();
    while let Some(a) = values.next() {
        let v = a.value.as_deref()?;
        if a.glob {
            return None;
        }
        match v {
            "-p" => {
                values.next();
            }
            v if v.starts_with('-') => {}
            v if v.starts_with('!') || v.is_empty() => return None,
            v => return Some(v.to_string()),
        }
    }
    None
}

/// `./x.sh` and `x.sh` name the same file.
fn normal_path(path: &str) -> String {
    path.trim_start_matches("./").to_string()
}

/// The spellings of `eval "$(dircolors -b)"`'s argument that print Bourne-shell code whatever
/// `SHELL` says (without `-b`, a csh `SHELL` makes it print `setenv …`).
const DIRCOLORS_EVALS: &[&str] = &[
    "\"$(dircolors -b)\"",
    "\"$(dircolors --sh)\"",
    "\"$(dircolors --bourne-shell)\"",
    "$(dircolors -b)",
    "`dircolors -b`",
    "\"`dircolors -b`\"",
];

impl Walker {
    /// What `<(CODE)` gives to read, when CODE is one `echo` or `printf` of fixed words
    /// (`source <(echo 'echo hi')`, `. <(printf 'v=1\n')`): bash's builtins. Only at the
    /// top of the command, outside loops and function bodies (where a function defined
    /// later may be what `echo` runs), with no function of the name defined before and no
    /// alias (an exported function is the context's finding on the substitution's own
    /// command, walked with the rest).
    fn substituted_output(&self, file: &Word) -> Option<String> {
        let later = self.path.iter().any(|k| {
            matches!(
                k.as_str(),
                "for_statement"
                    | "c_style_for_statement"
                    | "while_statement"
                    | "function_definition"
            )
        });
        if file.value.is_some() || file.downloads || self.depth != 1 || later {
            return None;
        }
        let code = file.text.strip_prefix("<(")?.strip_suffix(')')?;
        if !tree::parses_cleanly(code) || self.commands.iter().any(|c| c == "alias") {
            return None;
        }
        let parsed = tree::parse(code)?;
        let argv = words::sole_command(parsed.root_node(), code, &self.vars, 0)?;
        let (name, rest) = argv.split_first()?;
        let name = name.value.as_deref()?;
        if !matches!(name, "echo" | "printf") || self.functions.contains(name) {
            return None;
        }
        args::printed(name, rest)
    }

    /// A program that writes in general but, here, changes nothing: it asks before each change
    /// and its stdin is at its end (`< /dev/null`), which is an answer of no (coreutils' yesno:
    /// no line read is not a yes), or what it would make is there already (the context says).
    /// - `rm -i FILE…` asks before every removal (rm(1)), `-r` included.
    /// - `cp -i`, `mv -i`, `ln -i SOURCE DEST` ask when DEST exists (a file, not a directory
    ///   they would put SOURCE into), and do nothing on no.
    /// - `rm PATH…`, `truncate -c PATH…` and `touch -c PATH…` where nothing is at any PATH:
    ///   nothing is removed, made or touched (coreutils 9.1: ENOENT, `-f` silences it).
    /// - `mkdir [-p] DIR…` where every DIR exists: nothing is made (`-m` changes only the
    ///   directories it makes; measured with strace, coreutils 9.1: mkdir gets EEXIST).
    /// - `rmdir DIR…` where every DIR holds an entry: nothing is removed (ENOTEMPTY, which
    ///   `--ignore-fail-on-non-empty` only silences; without `-p`, which goes on to the parents).
    /// - `chmod MODE FILE…` where every FILE has that mode already ([`chmod_keeps`]).
    ///
    /// Every operand must be known before the command runs, and only the options named here
    /// are taken. A glob that matches nothing in every directory the command may be in (even
    /// with `dotglob` and `nocaseglob`: the probe's `glob_names`) stands for its pattern, a
    /// path where nothing is: bash passes the pattern itself by default, nothing with
    /// `nullglob`, and runs nothing with `failglob`, and with each a command that changes
    /// nothing where nothing is changes nothing (`rm -f build/*.o` with no object file). A
    /// judgement of the file system at classification time, as every rule here is.
    fn changes_nothing_here(&self, program: &str, args: &[Word], stdin: &Stdin) -> bool {
        let Some(probe) = &self.probe else {
            return false;
        };
        // `"$f"` in a loop's body over known names (or after `f=NAME`): its certain value, a
        // whole double-quoted word (no splitting, no globbing).
        let resolved: Vec<Word> = args
            .iter()
            .map(|a| {
                let quoted = a.text.len() > 2
                    && a.text.starts_with('"')
                    && a.text.ends_with('"')
                    && !a.text[1..a.text.len() - 1].contains(['"', '\\']);
                match (a.value.is_none() && quoted)
                    .then(|| self.definite_value(a))
                    .flatten()
                {
                    Some(value) => Word::literal(&value),
                    None => a.clone(),
                }
            })
            .collect();
        let args = &resolved[..];
        // A glob argument's pattern: its value, or (a glob starting with `*` or `?`, which
        // `glob_without_options` leaves as a shape only) its shape when that is only plain
        // characters and the glob's own (no expansion left in it).
        let pattern = |a: &Word| -> Option<String> {
            let literal = |t: &str| {
                t.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._-/*?,:@%".contains(c))
            };
            a.value
                .clone()
                .or_else(|| literal(&a.shape).then(|| a.shape.clone()))
        };
        let unmatched = |a: &Word| {
            a.glob
                && pattern(a).is_some_and(|p| {
                    probe.glob_names(&p, 1).as_deref() == Some(&[p.clone()][..]) && probe.absent(&p)
                })
        };
        let resolved: Vec<Word> = args
            .iter()
            .map(|a| match pattern(a).filter(|_| unmatched(a)) {
                Some(p) => Word::literal(&p),
                None => a.clone(),
            })
            .collect();
        let args = &resolved[..];
        if args.iter().any(|a| a.value.is_none() || a.glob) {
            return false;
        }
        let values: Vec<&str> = args.iter().filter_map(|a| a.value.as_deref()).collect();
        let (options, operands): (Vec<&str>, Vec<&str>) = {
            let end = values.iter().position(|v| *v == "--");
            let (before, after) = match end {
                Some(i) => (&values[..i], &values[i + 1..]),
                None => (&values[..], &[][..]),
            };
            let mut options = Vec::new();
            let mut operands: Vec<&str> = Vec::new();
            for v in before {
                if v.starts_with('-') && v.len() > 1 {
                    options.push(*v);
                } else {
                    operands.push(v);
                }
            }
            operands.extend(after.iter().copied());
            (options, operands)
        };
        let eof = *stdin == Stdin::Text(String::new());
        // The last of rm's -f, -i, -I and --interactive wins.
        let asks_last = |asks: &[&str], not: &[&str], shorts: &str| {
            let mut asked = false;
            for o in &options {
                if asks.contains(o) {
                    asked = true;
                } else if not.contains(o) {
                    asked = false;
                } else if !o.starts_with("--") {
                    for c in o[1..].chars() {
                        match c {
                            'i' => asked = true,
                            c if shorts.contains(c) => {}
                            _ => asked = false,
                        }
                    }
                }
            }
            asked
        };
        // Every option is one of `longs`, or a cluster of the short letters in `shorts`.
        let only = |longs: &[&str], shorts: &str| {
            options.iter().all(|o| {
                longs.contains(o)
                    || (!o.starts_with("--") && o[1..].chars().all(|c| shorts.contains(c)))
            })
        };
        match program {
            // `rm [-f] PATH…` where nothing is at any PATH removes nothing (a dangling link
            // is something); `truncate -c` (no create) of paths where nothing is makes nothing.
            "rm" if !operands.is_empty() && operands.iter().all(|p| probe.absent(p)) => only(
                &[
                    "-f",
                    "--force",
                    "-r",
                    "-R",
                    "--recursive",
                    "-d",
                    "--dir",
                    "-v",
                    "--verbose",
                ],
                "frRdv",
            ),
            "rm" if eof => {
                let known = only(
                    &[
                        "-i",
                        "--interactive",
                        "--interactive=always",
                        "--interactive=yes",
                        "-r",
                        "-R",
                        "--recursive",
                        "-d",
                        "--dir",
                        "-v",
                        "--verbose",
                    ],
                    "irRdv",
                );
                known
                    && !operands.is_empty()
                    && asks_last(
                        &[
                            "-i",
                            "--interactive",
                            "--interactive=always",
                            "--interactive=yes",
                        ],
                        &[],
                        "rRdv",
                    )
            }
            // `cp -n`/`mv -n` (no clobber) onto a file that exists leave it as it is (GNU
            // coreutils 9.1: skipped; later versions fail the same way): nothing changes.
            "cp" | "mv"
                if options.iter().any(|o| {
                    matches!(*o, "-n" | "--no-clobber")
                        || (!o.starts_with("--") && o[1..].contains('n'))
                }) =>
            {
                let known = only(
                    &[
                        "-n",
                        "--no-clobber",
                        "-v",
                        "--verbose",
                        "-T",
                        "--no-target-directory",
                    ],
                    "nvT",
                );
                let [source, dest] = operands.as_slice() else {
                    return false;
                };
                known && !source.is_empty() && probe.existing_file(dest)
            }
            "cp" | "mv" | "ln" if eof => {
                let known = only(
                    &[
                        "-i",
                        "--interactive",
                        "-v",
                        "--verbose",
                        "-T",
                        "--no-target-directory",
                    ],
                    "ivT",
                );
                let [source, dest] = operands.as_slice() else {
                    return false;
                };
                known
                    && asks_last(&["-i", "--interactive"], &[], "vT")
                    && !source.is_empty()
                    && probe.existing_file(dest)
            }
            // `truncate -c` (no create) makes no file: where nothing is at any operand,
            // nothing changes.
            "truncate" => no_create_operands(
                &values,
                (&["-o", "--io-blocks"], "o"),
                (&["-s", "--size", "-r", "--reference"], "sr"),
            )
            .is_some_and(|operands| operands.iter().all(|p| probe.absent(p))),
            // `touch -c` (no create) sets the times of files that exist and makes none
            // (coreutils 9.1's touch.c: no open with O_CREAT, utimensat's ENOENT is silent):
            // where nothing is at any operand, nothing changes. `-` is standard output's file.
            "touch" => {
                no_create_operands(
                    &values,
                    (&["-a", "-m", "-f", "-h", "--no-dereference"], "amfh"),
                    (
                        &["-d", "--date", "-r", "--reference", "-t", "--time"],
                        "drt",
                    ),
                )
                .is_some_and(|operands| operands.iter().all(|p| *p != "-" && probe.absent(p)))
                    || touch_to_itself(&values)
            }
            "mkdir" => {
                let mut i = 0;
                while let Some(o) = options.get(i) {
                    match *o {
                        "-p" | "--parents" | "-v" | "--verbose" | "-pv" | "-vp" => {}
                        "-m" | "--mode" => return false,
                        o if o.starts_with("--mode=") || (o.starts_with("-m") && o.len() > 2) => {}
                        _ => return false,
                    }
                    i += 1;
                }
                // `-m MODE`: the mode is the next word, which the split above took as an operand.
                !operands.is_empty() && operands.iter().all(|d| probe.existing(d))
            }
            // `chmod MODE FILE…` where every FILE has its mode already: chmod still calls
            // fchmodat, which changes nothing but the ctime (coreutils 9.1). Not `-R`, not
            // `--reference`, and a mode spelled as an option (`-x`) is not taken.
            "chmod" => {
                only(
                    &[
                        "-v",
                        "--verbose",
                        "-c",
                        "--changes",
                        "-f",
                        "--silent",
                        "--quiet",
                    ],
                    "vcf",
                ) && match operands.split_first() {
                    // A FILE where nothing is (not even a dangling link) is refused by chmod,
                    // which makes nothing (round 30, cls50).
                    Some((mode, files)) if !files.is_empty() => files.iter().all(|f| {
                        probe
                            .permission_bits(f)
                            .is_some_and(|bits| chmod_keeps(mode, bits))
                            || probe.absent(f)
                    }),
                    _ => false,
                }
            }
            "rmdir" => {
                only(&["--ignore-fail-on-non-empty", "-v", "--verbose"], "v")
                    && !operands.is_empty()
                    && operands.iter().all(|d| probe.nonempty_dir(d))
            }
            // `node -e CODE` that would only print but for `fs.mkdirSync` of directories that
            // exist (`javascript::only_prints_making_dirs`): nothing is made. What node loads
            // as it starts is the probe's to check after this, as for any inline program.
            "node" | "nodejs" => match values.as_slice() {
                [flag, code] if matches!(*flag, "-e" | "--eval" | "-p" | "--print") => {
                    crate::commands::classify::javascript::only_prints_making_dirs(code)
                        .is_some_and(|dirs| dirs.iter().all(|d| probe.existing(d)))
                }
                _ => false,
            },
            // `perl -e CODE` that opens files only to read them or appends nothing
            // (`perl::one_liner_only_prints_opening`): an append creates only a missing file.
            _ if program.starts_with("perl") => {
                crate::commands::classify::perl::one_liner_only_prints_opening(args)
                    .is_some_and(|files| files.iter().all(|f| probe.existing(f)))
            }
            // `python3 -c CODE` the same way (`python::only_prints_making_dirs`, which also
            // takes files opened `r+` or `a` and only read), after flags that take no value.
            _ if crate::commands::classify::context::family(program) == "python" => {
                python_inline_code(&values).is_some_and(|code| {
                    crate::commands::classify::python::only_prints_making_dirs(code)
                        .is_some_and(|dirs| dirs.iter().all(|d| probe.existing(d)))
                })
            }
            _ => false,
        }
    }
}

/// The program of `python3 [FLAGS] -c CODE …`, where every flag before it takes no value and
/// changes nothing it writes or loads (python's own reader, `python::invocation`, takes these).
fn python_inline_code<'a>(values: &[&'a str]) -> Option<&'a str> {
    const NO_VALUE: &str = "IEsSBuOqbPRv";
    for (at, v) in values.iter().enumerate() {
        let flags = v
            .strip_prefix('-')
            .filter(|f| !f.is_empty() && !f.starts_with('-'))?;
        if let Some(before) = flags.strip_suffix('c') {
            return before
                .chars()
                .all(|f| NO_VALUE.contains(f))
                .then(|| values.get(at + 1).copied())
                .flatten();
        }
        if !flags.chars().all(|f| NO_VALUE.contains(f)) {
            return None;
        }
    }
    None
}

/// Whether chmod's `mode` leaves a file whose permission bits are `bits` as it is: an octal
/// mode equal to them (a directory's set-id bits kept by GNU chmod make them differ, and the
/// answer is no), or symbolic clauses (`u+x`, `+x`, `go-w,a+r`) that each add only bits the
/// file has or remove only bits it lacks. Without `ugoa`, `+` adds the bits umask lets through
/// and `-` removes them: a subset either way, so the same answer holds whatever umask is. `=`,
/// `X`, `s`, `t` and copies (`g=u`) are not taken.
fn chmod_keeps(mode: &str, bits: u32) -> bool {
    if !mode.is_empty() && mode.len() <= 4 && mode.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return u32::from_str_radix(mode, 8).is_ok_and(|m| m == bits);
    }
    mode.split(',').all(|clause| {
        let who_end = clause
            .find(|c: char| !"ugoa".contains(c))
            .unwrap_or(clause.len());
        let (who, rest) = clause.split_at(who_end);
        let mut chars = rest.chars();
        let op = chars.next();
        let perms = chars.as_str();
        if perms.is_empty() || !perms.chars().all(|c| "rwx".contains(c)) {
            return false;
        }
        let mut whom = 0;
        for c in if who.is_empty() { "a" } else { who }.chars() {
            whom |= match c {
                'u' => 0o700,
                'g' => 0o070,
                'o' => 0o007,
                _ => 0o777,
            };
        }
        let mut perm = 0;
        for c in perms.chars() {
            perm |= match c {
                'r' => 0o444,
                'w' => 0o222,
                _ => 0o111,
            };
        }
        let touched = whom & perm;
        match op {
            Some('+') => bits & touched == touched,
            Some('-') => bits & touched == 0,
            _ => false,
        }
    })
}

/// The operands of a coreutils program given `-c`/`--no-create` (`truncate`, `touch`): `None`
/// without it, without an operand, or with an option other than `flags` (long names, short
/// letters) and `valued` (options that take the next word, or `--name=value`, or the rest of a
/// short cluster).
fn no_create_operands<'a>(
    values: &[&'a str],
    flags: (&[&str], &str),
    valued: (&[&str], &str),
) -> Option<Vec<&'a str>> {
    let mut no_create = false;
    let mut operands = Vec::new();
    let mut i = 0;
    let mut ended = false;
    while let Some(&v) = values.get(i) {
        i += 1;
        if ended || !v.starts_with('-') || v.len() == 1 {
            operands.push(v);
            continue;
        }
        match v {
            "--" => ended = true,
            "-c" | "--no-create" => no_create = true,
            o if flags.0.contains(&o) => {}
            o if valued.0.contains(&o) => i += 1,
            o if valued.0.iter().any(|l| {
                l.starts_with("--") && o.strip_prefix(l).is_some_and(|r| r.starts_with('='))
            }) => {}
            o if !o.starts_with("--") => {
                for (at, c) in o.char_indices().skip(1) {
                    if c == 'c' {
                        no_create = true;
                    } else if valued.1.contains(c) {
                        if at + 1 == o.len() {
                            i += 1;
                        }
                        break;
                    } else if !flags.1.contains(c) {
                        return None;
                    }
                }
            }
            _ => return None,
        }
    }
    (no_create && !operands.is_empty()).then_some(operands)
}

/// Whether `program args` prints a diff whose first bytes are its own (`diff --git`, `--- `,
/// `*** `, a line number, a space or a colon before a statistic), never a file's name or
/// content: `git diff` and GNU diff with options that keep their formats. `--name-only`,
/// `--check`, `--line-prefix`, `-D`, `-y`, the format options and any other option are not
/// taken (a name or a line of a file could come first). What git runs for the diff (an
/// external diff, a textconv filter) is its verdict's.
fn prints_a_diff(program: &str, args: &[Word]) -> bool {
    const GIT_DIFF: &[&str] = &[
        "--cached",
        "--staged",
        "-p",
        "-u",
        "--patch",
        "--stat",
        "--numstat",
        "--shortstat",
        "--summary",
        "--raw",
        "--no-color",
        "--color",
        "--color=always",
        "--color=never",
        "--minimal",
        "--patience",
        "--histogram",
        "-w",
        "-b",
        "--ignore-all-space",
        "--ignore-space-change",
        "--ignore-blank-lines",
        "--no-renames",
        "--text",
        "-a",
        "--binary",
        "--full-index",
        "--no-ext-diff",
        "--no-textconv",
        "--exit-code",
        "-R",
        "--no-prefix",
        "--",
    ];
    const DIFF: &[&str] = &[
        "-u",
        "-c",
        "-r",
        "-N",
        "-a",
        "-w",
        "-b",
        "-B",
        "-i",
        "-q",
        "-p",
        "--unified",
        "--context",
        "--recursive",
        "--new-file",
        "--text",
        "--ignore-all-space",
        "--ignore-space-change",
        "--ignore-blank-lines",
        "--ignore-case",
        "--brief",
        "--strip-trailing-cr",
        "--show-c-function",
        "--no-dereference",
        "--minimal",
        "-ru",
        "-Nru",
        "-urN",
        "-ruN",
        "-Naur",
        "-aur",
        "-uNr",
        "-Nu",
        "-uN",
        "-ur",
    ];
    let Some(values) = super::super::args::values(args) else {
        return false;
    };
    let counted = |v: &str, prefixes: &[&str]| {
        prefixes.iter().any(|p| {
            v.strip_prefix(p)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    };
    match program {
        "git" => {
            let mut rest = values.as_slice();
            while let Some((first, tail)) = rest.split_first() {
                match *first {
                    "--no-pager" | "-P" => rest = tail,
                    "-C" if !tail.is_empty() => rest = &tail[1..],
                    _ => break,
                }
            }
            let Some((&"diff", options)) = rest.split_first() else {
                return false;
            };
            options.iter().all(|v| {
                !v.starts_with('-')
                    || GIT_DIFF.contains(v)
                    || counted(v, &["-U", "--unified=", "-M", "-C", "-B"])
                    || matches!(*v, "-M" | "-C" | "-B" | "--find-renames" | "--find-copies")
            })
        }
        "diff" => values.iter().all(|v| {
            !v.starts_with('-')
                || DIFF.contains(v)
                || counted(v, &["-U", "--unified=", "-C", "--context="])
        }),
        _ => false,
    }
}

/// `touch -r F F`: every file given is the reference, so its times are set to what they are and
/// only its ctime changes, as a no-op `chmod`'s (measured); a missing reference ends touch
/// before any file is touched (coreutils 9.1's touch.c: the reference is read first). Only
/// `-a`, `-m`, `-c` and `-f` beside it (`-d`/`-t` would shift the times, `-h` names a link).
fn touch_to_itself(values: &[&str]) -> bool {
    let mut reference = None;
    let mut files = Vec::new();
    let mut i = 0;
    let mut only_files = false;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            _ if only_files => files.push(*v),
            "--" => only_files = true,
            "-r" | "--reference" => {
                reference = Some(values.get(i).copied());
                i += 1;
            }
            "--no-create" => {}
            o if o.starts_with("--reference=") => {
                reference = Some(o.split_once('=').map(|(_, r)| r))
            }
            o if o.starts_with('-') && o.len() > 1 => {
                if !o[1..].chars().all(|c| "acmf".contains(c)) {
                    return false;
                }
            }
            _ => files.push(*v),
        }
    }
    matches!(reference, Some(Some(r)) if r != "-" && !r.is_empty())
        && !files.is_empty()
        && files.iter().all(|f| Some(Some(*f)) == reference)
}

/// Whether a command prints only object names and whitespace on its stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Names {
    No,
    Always,
    /// Unless `log.showSignature` is set (git log's own setting; rev-list never reads it).
    UnlessSignatures,
}

/// `git log --format=%H`, `git rev-list HEAD`: a history walk that prints, per commit, only
/// object names (`%H %h %T %t %P %p`; rev-list's `commit <name>` line before a format), with
/// options that pick commits and order them and nothing else. Errors go to stderr. (`--graph`,
/// `--stat`, notes or decorations would add other words; none is taken.)
fn prints_only_object_names(program: &str, args: &[Word]) -> Names {
    const PICKS: &[&str] = &[
        "--all",
        "--branches",
        "--tags",
        "--remotes",
        "--no-merges",
        "--merges",
        "--first-parent",
        "--reverse",
        "--topo-order",
        "--date-order",
        "--author-date-order",
        "--ancestry-path",
        "--full-history",
        "--simplify-by-decoration",
        "--dense",
        "--sparse",
        "--no-walk",
        "--no-show-signature",
    ];
    const NUMBERED: &[&str] = &[
        "-n",
        "--max-count=",
        "--skip=",
        "--max-parents=",
        "--min-parents=",
    ];
    let Some(values) = super::super::args::values(args) else {
        return Names::No;
    };
    if program != "git" {
        return Names::No;
    }
    let mut rest = values.as_slice();
    while let Some((first, tail)) = rest.split_first() {
        match *first {
            "--no-pager" | "-P" => rest = tail,
            "-C" if !tail.is_empty() => rest = &tail[1..],
            _ => break,
        }
    }
    let (walk, options) = match rest.split_first() {
        Some((&"log", options)) => (Names::UnlessSignatures, options),
        Some((&"rev-list", options)) => (Names::Always, options),
        _ => return Names::No,
    };
    let number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    // Only object names, separated by spaces.
    let format = |f: &str| {
        let mut chars = f.chars();
        let mut any = false;
        while let Some(c) = chars.next() {
            match c {
                ' ' => {}
                '%' if matches!(chars.next(), Some('H' | 'h' | 'T' | 't' | 'P' | 'p')) => {
                    any = true
                }
                _ => return false,
            }
        }
        any
    };
    let mut formatted = walk == Names::Always;
    let mut paths = false;
    let mut i = 0;
    while let Some(v) = options.get(i) {
        i += 1;
        if paths || !v.starts_with('-') {
            continue;
        }
        if *v == "--" {
            paths = true;
        } else if *v == "-n" && options.get(i).is_some_and(|n| number(n)) {
            i += 1;
        } else if let Some(f) = ["--format=", "--pretty=format:", "--pretty=tformat:"]
            .iter()
            .find_map(|p| v.strip_prefix(p))
        {
            if !format(f) {
                return Names::No;
            }
            formatted = true;
        } else if !(PICKS.contains(v)
            || NUMBERED
                .iter()
                .any(|p| v.strip_prefix(p).is_some_and(number))
            || v.strip_prefix('-').is_some_and(number))
        {
            return Names::No;
        }
    }
    if formatted {
        walk
    } else {
        Names::No
    }
}

/// A glob, a listing or a tree with more names than this is not read name by name.
const MAX_NAMES: usize = 4096;

/// `find START… EXPRESSION` whose expression only picks what is printed, with the default
/// `-print` (or `-print` itself): one path a line, each starting with the starting point it
/// was found under (find prints `START` and `START/…` as given). Starting points of plain
/// characters, relative and not starting with `-`; no `-L`/`-H`/`-follow` (links followed
/// would reach names the context does not walk); tests that take one value, the operators,
/// and no action but `-print` and `-prune`.
fn find_listing(args: &[Word]) -> Option<Vec<String>> {
    const FLAGS: &[&str] = &[
        "-print",
        "-prune",
        "-empty",
        "-readable",
        "-writable",
        "-executable",
        "-true",
        "-false",
        "-not",
        "!",
        "-a",
        "-and",
        "-o",
        "-or",
        "(",
        ")",
        "-depth",
        "-xdev",
        "-mount",
        "-nowarn",
        "-warn",
        "-noleaf",
        "-ignore_readdir_race",
        "-P",
    ];
    const VALUED: &[&str] = &[
        "-type",
        "-xtype",
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-wholename",
        "-iwholename",
        "-regex",
        "-iregex",
        "-maxdepth",
        "-mindepth",
        "-mtime",
        "-mmin",
        "-ctime",
        "-cmin",
        "-atime",
        "-amin",
        "-size",
        "-newer",
        "-perm",
        "-user",
        "-group",
        "-uid",
        "-gid",
        "-links",
        "-inum",
        "-samefile",
        "-lname",
        "-ilname",
        "-regextype",
        "-used",
    ];
    let values = super::super::args::values(args)?;
    let mut starts = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        if v.starts_with('-') || matches!(*v, "!" | "(" | ")") {
            break;
        }
        if !v.chars().all(super::evaluation::plain_char) || v.starts_with('/') {
            return None;
        }
        starts.push(v.to_string());
        i += 1;
    }
    while let Some(v) = values.get(i) {
        i += 1;
        if VALUED.contains(v) {
            values.get(i)?;
            i += 1;
        } else if !FLAGS.contains(v) {
            return None;
        }
    }
    if starts.is_empty() {
        starts.push(".".to_string());
    }
    Some(starts)
}

/// The text every one of `texts` starts with, when not empty and not starting with `-`.
fn common_prefix(texts: &[String]) -> Option<String> {
    let (first, rest) = texts.split_first()?;
    let mut prefix = first.as_str();
    for t in rest {
        let same = prefix
            .char_indices()
            .zip(t.chars())
            .find(|((_, a), b)| a != b)
            .map_or(prefix.len().min(t.len()), |((at, _), _)| at);
        prefix = &prefix[..same];
    }
    (!prefix.is_empty() && !prefix.starts_with('-')).then(|| prefix.to_string())
}

/// `git ls-files PATHSPEC…` (with `-c`/`--cached` alone, `--` before them allowed) prints the
/// index's paths that match, each relative to the working directory and starting with what
/// the pathspecs' literal parts share: `'src/*.py'` gives lines that start with `src/` (or
/// `"src/`, git's quoting of a path with a newline or another unusual byte: never a line that
/// starts with `-`). Pathspecs whose literal part (before the first `*`, `?`, `[` or `\`)
/// starts with a letter, digit or `_` (no `./`, `..` anywhere, `:` magic or absolute path,
/// which git rewrites), and no option that adds a field or changes the path (`-s`, `-t`, `--full-name`,
/// `-z`, `--format`).
fn ls_files_lead(args: &[Word]) -> Option<String> {
    let values = super::super::args::values(args)?;
    let ("ls-files", rest) = values.split_first().map(|(f, r)| (*f, r))? else {
        return None;
    };
    let mut literals = Vec::new();
    let mut paths = false;
    for v in rest {
        if !paths && *v == "--" {
            paths = true;
            continue;
        }
        if !paths && matches!(*v, "-c" | "--cached") {
            continue;
        }
        let literal: String = v.chars().take_while(|c| !"*?[\\".contains(*c)).collect();
        // git normalizes a pathspec before matching: `a/../-x` (or `src/*/../../-x`) is `-x`.
        if !literal.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            || literal.contains(['\n', '"'])
            || v.contains("..")
        {
            return None;
        }
        literals.push(literal);
    }
    common_prefix(&literals)
}

/// An input whose text is known and starts like no compressed file (gzip, compress and pack's
/// magic bytes, bzip2's `BZh`, xz's, lzma's): diffstat reads it as it is.
fn plain_text(stdin: &Stdin) -> bool {
    let text = match stdin {
        Stdin::Piped { plain: true, .. } => return true,
        Stdin::Text(text) => text,
        Stdin::Piped {
            downloads: false,
            text: Some(text),
            ..
        } => text,
        _ => return false,
    };
    !(text.starts_with("BZh")
        || text.starts_with('\u{1f}')
        || text.starts_with('\u{fd}')
        || text.starts_with(']'))
}

/// The directories `ls ARGS` prints the names in, one a line and as they are (the operands,
/// or `.`): only options that choose or order the names (`-1`, `-a`, `-A`, `-r`, `-t`, `-S`,
/// `-U`, `-X`, `-v`, alone or grouped), no option that adds a field, a mark or quotes (`-l`,
/// `-F`, `-Q`, `-b`), operands of plain characters. Several operands print `DIR:` headers and
/// blank lines between them, plain too; a file operand prints itself, and a glob operand
/// (`src/*.py`, plain but for `*` and `?`) the names it gives, as the context reads them.
fn ls_listing(args: &[Word]) -> Option<Vec<String>> {
    let mut dirs = Vec::new();
    for a in args {
        let v = a.value.as_deref()?;
        if a.glob {
            // `ls src/*.py`: the names the glob gives (and what a directory among them holds),
            // read in context by [`Walker::plain_lines`].
            let pattern = |c: char| c == '*' || c == '?' || super::evaluation::plain_char(c);
            if v.starts_with('-') || !v.chars().all(pattern) {
                return None;
            }
            dirs.push(v.to_string());
            continue;
        }
        match v.strip_prefix('-') {
            Some(flags) if !flags.is_empty() => {
                if !flags.chars().all(|c| "1aArtSUXv".contains(c)) {
                    return None;
                }
            }
            _ if !v.is_empty() && v.chars().all(super::evaluation::plain_char) => {
                dirs.push(v.trim_end_matches('/').to_string())
            }
            _ => return None,
        }
    }
    if dirs.is_empty() {
        dirs.push(".".to_string());
    }
    Some(dirs)
}

impl Walker {
    /// Every line of `stdin` is known to be of plain characters (letters, digits, `_.,:/+-@%`),
    /// or empty: a fixed text, object names, or the names `ls` lists ([`ls_listing`]), each
    /// read from the directories the command may be in (every name there, dot files too) when
    /// the context is given, `QUOTING_STYLE` (which quotes them) is not set, and no alias of the
    /// command may stand for `ls`; or the paths `find` prints ([`find_listing`]), every name
    /// under its starting points read the same way. A directory that cannot be read, is empty
    /// or holds one name that is not plain fails.
    pub(super) fn plain_lines(&self, stdin: &Stdin) -> bool {
        let plain_line = |l: &str| l.chars().all(super::evaluation::plain_char);
        let item = crate::commands::classify::files::XARGS_ITEM;
        if self
            .probe
            .as_ref()
            .is_some_and(|p| p.start_value(item).is_some())
        {
            return false;
        }
        match stdin {
            Stdin::Piped { names: true, .. } => true,
            Stdin::Piped {
                downloads: false,
                text: Some(text),
                ..
            } => text.lines().all(plain_line),
            Stdin::Piped {
                downloads: false,
                lists: Some(dirs),
                ..
            } => {
                let Some(probe) = self.probe.as_ref() else {
                    return false;
                };
                probe.start_value("QUOTING_STYLE").is_none()
                    && !self
                        .sources
                        .iter()
                        .any(|s| s.contains("alias") || s.contains("QUOTING_STYLE"))
                    && dirs.iter().all(|dir| {
                        let listed = |dir: &str| {
                            probe
                                .glob_names(&format!("{dir}/*"), MAX_NAMES)
                                .is_some_and(|names| names.iter().all(|n| plain_line(n)))
                        };
                        if !dir.contains(['*', '?']) {
                            return listed(dir);
                        }
                        // A glob operand: each name it gives is printed, a directory's names
                        // instead; one that matches nothing is printed by no one (ls fails
                        // on it), but is taken as not plain here.
                        probe.glob_names(dir, MAX_NAMES).is_some_and(|names| {
                            names
                                .iter()
                                .all(|n| plain_line(n) && (probe.existing_file(n) || listed(n)))
                        })
                    })
            }
            Stdin::Piped {
                downloads: false,
                finds: Some(starts),
                ..
            } => {
                let Some(probe) = self.probe.as_ref() else {
                    return false;
                };
                !self.sources.iter().any(|s| s.contains("alias"))
                    && starts.iter().all(|start| {
                        probe.tree_names_all(start, MAX_NAMES, super::evaluation::plain_char)
                    })
            }
            _ => false,
        }
    }
}

/// An input known to be empty: `< /dev/null`, or a stage before whose output is known to be
/// nothing (`printf ''`).
fn known_empty(stdin: &Stdin) -> bool {
    match stdin {
        Stdin::Text(text) => text.is_empty(),
        Stdin::Piped {
            downloads: false,
            text: Some(text),
            ..
        } => text.is_empty(),
        _ => false,
    }
}

/// fzf's finding when it filters: what FZF_DEFAULT_OPTS adds (`context::tools`).
pub(crate) const FZF_OPTIONS: &str = "fzf takes options from FZF_DEFAULT_OPTS";

/// `fzf --filter=QUERY` on a pipe prints the lines that match and exits: no interface, so no
/// preview, binding (`start:execute(…)` included) or default command runs; only `--history`
/// writes (its file is made), and `--listen` serves HTTP (measured with strace, fzf 0.38: a
/// history file was written, nothing was run). Only options that choose what matches and how
/// it is printed are taken; the default command runs when stdin is a terminal, so the walk
/// takes only a pipe or a here-string.
fn fzf_filters(args: &[Word]) -> bool {
    const FLAGS: &[&str] = &[
        "-e",
        "--exact",
        "+e",
        "--no-exact",
        "-i",
        "+i",
        "--literal",
        "--no-sort",
        "+s",
        "--tac",
        "--no-tac",
        "--ansi",
        "--read0",
        "--print0",
        "-1",
        "-0",
        "--select-1",
        "--exit-0",
        "--sync",
        "-x",
        "--extended",
        "+x",
        "--no-extended",
    ];
    const VALUED: &[&str] = &[
        "-n",
        "--nth",
        "--with-nth",
        "-d",
        "--delimiter",
        "--tiebreak",
        "--algo",
        "--scheme",
        "-q",
        "--query",
    ];
    let mut filters = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        i += 1;
        if v == "-f" || v == "--filter" {
            filters = args.get(i).is_some_and(|q| q.value.is_some());
            i += 1;
        } else if v.starts_with("--filter=") || (v.starts_with("-f") && v.len() > 2) {
            filters = true;
        } else if VALUED.contains(&v) {
            i += 1;
        } else if !FLAGS.contains(&v)
            && !VALUED.iter().any(|o| {
                o.starts_with("--") && v.strip_prefix(o).is_some_and(|r| r.starts_with('='))
            })
        {
            return false;
        }
    }
    filters
}

/// An input known to hold text: a here-string or a stage before whose output is known and not
/// empty.
fn known_nonempty(stdin: &Stdin) -> bool {
    match stdin {
        Stdin::Text(text) => !text.is_empty(),
        Stdin::Piped {
            downloads: false,
            text: Some(text),
            ..
        } => !text.is_empty(),
        _ => false,
    }
}

/// `ifne -n CMD` runs CMD only on an empty input (ifne.c: getopt "+n", its one option): any
/// option before the command, or a first word not known before it runs, counts as `-n`.
fn ifne_reversed(args: &[Word]) -> bool {
    match args.first().map(|a| a.value.as_deref()) {
        Some(None) => true,
        Some(Some(v)) => v != "--" && v.starts_with('-') && v.len() > 1,
        None => false,
    }
}

/// Whether tac reads an input it cannot seek, which it copies to a temporary file to read
/// backwards (coreutils 9.1's tac.c; measured with strace: `cat f | tac`, `tac <<< text`, `tac
/// <(…)` and `tac /dev/stdin` in a pipeline make and remove `/tmp/tacXXXXXX`; `tac f` and `tac -
/// < f` make none). Standard input (no operand, or `-`) counts unless it is known empty (`<
/// /dev/null`): a pipeline's stage, a here-document or here-string (bash hands those over as a
/// pipe), what the caller gives (which may be a pipe), and a redirected file too, which the walk
/// does not tell from those (`tac < f` is asked about: a false alarm, not a hole). An operand
/// not known before it runs (a process substitution, a variable) or naming a descriptor counts.
fn tac_reads_a_pipe(args: &[Word], stdin: &Stdin) -> bool {
    let stdin_may_be_a_pipe = !matches!(stdin, Stdin::Text(t) if t.is_empty());
    let operands = args::operands(args, &["-s", "--separator"]);
    if operands.is_empty() {
        return stdin_may_be_a_pipe;
    }
    operands.iter().any(|w| match w.value.as_deref() {
        Some("-") => stdin_may_be_a_pipe,
        Some(v) => {
            v == "/dev/stdin" || v.starts_with("/dev/fd/") || v.starts_with("/proc/self/fd/")
        }
        None => true,
    })
}
