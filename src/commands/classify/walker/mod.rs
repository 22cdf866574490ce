//! The walk over a command's syntax tree: statements, pipelines (what each stage hands the next),
//! functions, and the state a script builds up as it goes (variables, functions, downloads).
//! Simple commands ([`invocations`]), assignments ([`assignments`]), redirections
//! ([`redirects`]), branches that never run ([`branches`]) and the places bash evaluates a value
//! as code ([`evaluation`]) have a file each; each adds to the one [`Walker`].

mod assignments;
mod branches;
mod calls;
mod documents;
mod evaluation;
mod invocations;
mod redirects;

use std::collections::{HashMap, HashSet};

use tree_sitter::Node;

use super::context::Probe;
use super::programs;
use super::readers;
use super::verdict::{Classification, ContextUse, Finding, Level};
use super::words::{self, Word};
use crate::syntax::tree::{self, parse, syntax_error};

const MAX_SCRIPT_DEPTH: usize = 8; // `bash -c "bash -c …"` nests; no honest command goes deeper
const MAX_TREE_DEPTH: usize = 200; // the walk recurses per syntax level; bounded so no input can overflow the stack

/// What a command's stdin is, as far as the code it might run goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stdin {
    Inherited,
    /// From the previous stage of a pipeline.
    Piped {
        downloads: bool,
        text: Option<String>,
        /// The stage before prints a diff ([`invocations`]'s `prints_a_diff`): text that starts
        /// like no compressed file.
        plain: bool,
        /// The stage before prints only object names ([`Stage::names`]).
        names: bool,
        /// The stage before is `ls` printing the names in these directories ([`Stage::lists`]).
        lists: Option<Vec<String>>,
        /// Every line of the stage before starts with this text ([`Stage::leads`]).
        leads: Option<String>,
        /// The stage before is `find` printing the paths under these ([`Stage::finds`]).
        finds: Option<Vec<String>>,
    },
    /// A here-document or here-string with fixed text.
    Text(String),
}

/// What a pipeline stage hands to the next one.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Stage {
    downloads: bool,
    output: Option<String>,
    /// It prints a diff, whose first bytes are its own (diffstat reads it as text).
    plain: bool,
    /// It prints only object names and whitespace on its stdout (`git log --format=%H`), so no
    /// word of it, however split, starts with `-`.
    names: bool,
    /// It is `ls` printing, one a line and as they are, the names in these directories (or the
    /// operand itself, for a file): no option that adds, quotes or decorates anything
    /// ([`invocations`]'s `ls_listing`). What they are is for the context to read.
    lists: Option<Vec<String>>,
    /// Every line it prints starts with this text, or with a `"` and then this text (never
    /// with `-`): `git ls-files 'src/*.py'` ([`invocations`]'s `ls_files_lead`).
    leads: Option<String>,
    /// It is `find` printing, one a line, the paths under these starting points and nothing
    /// else ([`invocations`]'s `find_listing`). What they are is for the context to read.
    finds: Option<Vec<String>>,
}

/// One classification under way: what was found, and what the script has set up so far.
#[derive(Default)]
pub(super) struct Walker {
    findings: Vec<Finding>,
    commands: Vec<String>,
    /// Functions defined so far: calling one runs a body already walked.
    functions: HashSet<String>,
    /// Variables assigned fixed values so far, to guess `$X` in `X=rm; $X -rf /`.
    vars: HashMap<String, String>,
    /// Files saved by a downloader earlier in the command (`curl -o x.sh`).
    downloaded: HashSet<String>,
    /// Variables assigned a number so far, unconditionally (at the top level of the script):
    /// safe to evaluate as arithmetic unless [`Walker::tainted`].
    numeric: HashSet<String>,
    /// Variables that something in the script (a branch, a loop, a function body, `read`,
    /// `printf -v`, …) may set to a value other than a number, wherever it stands.
    tainted: HashSet<String>,
    /// Variables assigned once in the script, at its top level, a fixed value: their value is
    /// certain after that assignment (`cmd='wc -l f'; eval "$cmd"`).
    definite: HashMap<String, String>,
    /// Variables the script sets only with one plain assignment (no `read`, loop, `printf -v`,
    /// `${x:=…}`, second assignment): candidates for [`Walker::definite`].
    assigned_once: HashSet<String>,
    /// Arrays declared associative (`declare -A`) at the top level so far: their subscripts are
    /// words, not arithmetic.
    assoc: HashSet<String>,
    /// noclobber is on for what is walked now: `set -C` ran where it always runs (`>` then
    /// fails on an existing regular file instead of emptying it).
    noclobber: bool,
    /// Variables of the loops being walked whose values are fixed words or globs' matches,
    /// none under `/dev/` ([`evaluation::loop_values`]).
    path_loops: HashSet<String>,
    /// Those of them whose values are plain words.
    word_loops: HashSet<String>,
    /// The arrays coprocesses store their descriptors in (`coproc WC { …; }`: WC), in any
    /// script walked.
    coprocs: HashSet<String>,
    /// Nested scripts being walked (`bash -c` inside `bash -c`).
    depth: usize,
    /// Syntax levels being walked.
    tree_depth: usize,
    /// The kinds of the nodes being walked, outermost first (what a node is inside of).
    path: Vec<String>,
    /// The command's context, when given: what its programs will read.
    probe: Option<Probe>,
    /// The `NAME=value` prefixes of the commands being walked (a nested command inherits its
    /// wrapper's), with their values when fixed.
    prefix: Vec<(String, Option<String>)>,
    /// Every script walked (the command and the code nested in it), as written.
    sources: Vec<String>,
    /// What is walked runs on a terminal (`script -c`): programs page their output there.
    terminal: bool,
    /// The command being judged writes its stdout to a pipe or `/dev/null`, as written around
    /// it in the script being walked (a nested script starts from a terminal).
    stdout_away: bool,
    /// What the bodies of functions named like no program known here would do, kept aside
    /// until [`Walker::finish`] tells whether the script names them again ([`uncalled`]).
    deferred: Vec<(String, Vec<Finding>)>,
    /// Top-level `trap CODE ERR` (or `RETURN`) commands whose code never runs ([`unfired_err_traps`]).
    unfired: HashSet<usize>,
    /// The bodies of the functions kept in [`Walker::deferred`], to be judged again at a call
    /// with fixed words ([`calls`]); `None` once one is defined twice or called otherwise.
    templates: HashMap<String, Option<calls::Template>>,
    /// The calls judged so: (index in [`Walker::sources`], byte of the function's name).
    called_with_words: HashSet<(usize, usize)>,
    /// Functions a command word was found to run and that were not judged with words there:
    /// their bodies count, however the name was written (`\f`, `f""`, `${VISUAL:-f}`), which
    /// [`uncalled`]'s reading of the text may not see.
    called: HashSet<String>,
    /// The index in [`Walker::sources`] of the script being walked.
    source: usize,
    /// Where the command name of the simple command about to be invoked starts in that script.
    call_site: Option<usize>,
    /// A call's body is being judged with its words ([`calls`]): a function defined there is
    /// judged where it stands.
    judging_call: bool,
}

impl Walker {
    /// A walk that reads the command's context.
    pub(super) fn with_probe(probe: Probe) -> Self {
        Walker {
            probe: Some(probe),
            ..Walker::default()
        }
    }

    /// Findings about the command as a whole (what its shell reads first).
    pub(super) fn add(&mut self, verdict: super::verdict::Verdict) {
        self.findings.extend(verdict.findings);
    }

    pub(super) fn finish(mut self) -> Classification {
        for (name, findings) in std::mem::take(&mut self.deferred) {
            // Each call judged with its words stands for the body: dropped when every place
            // that names the function is one of them.
            let every_call_judged = matches!(self.templates.get(&name), Some(Some(_)))
                && self.sources.iter().enumerate().all(|(i, src)| {
                    mentions(src, &name)
                        .iter()
                        .all(|at| self.called_with_words.contains(&(i, *at)))
                });
            let named =
                self.called.contains(&name) || !self.sources.iter().all(|src| uncalled(src, &name));
            if !every_call_judged && named {
                self.findings.extend(findings);
            }
        }
        let context = if self.probe.is_some() {
            ContextUse::Read
        } else {
            ContextUse::Assumed
        };
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
            context,
        }
    }

    fn find(&mut self, level: Level, reason: impl Into<String>) {
        self.findings.push(Finding {
            level,
            reason: reason.into(),
            settle: None,
        });
    }

    /// `name` appears in no script walked but in `NAME="$NAME"` and its spellings: nothing in the
    /// command assigns, reads into or declares it.
    /// Every mention of the variable `name` in the command is an expansion that reads it
    /// (`$NAME`, `${NAME…}`, not `${NAME:=…}` or `${NAME=…}`): nothing in the command assigns,
    /// reads into, exports, unsets or declares it, so it keeps the context's value.
    fn only_read(&self, name: &str) -> bool {
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        self.sources.iter().all(|src| {
            src.match_indices(name).all(|(at, _)| {
                let end = at + name.len();
                let before = &src[..at];
                let after = &src[end..];
                if before.chars().next_back().is_some_and(ident)
                    || after.chars().next().is_some_and(ident)
                {
                    return true;
                }
                if before.ends_with('$') {
                    return true;
                }
                before.ends_with("${") && !after.starts_with('=') && !after.starts_with(":=")
            })
        })
    }

    fn untouched(&self, name: &str) -> bool {
        let own = [
            format!("{name}=\"${{{name}}}\""),
            format!("{name}=${{{name}}}"),
            format!("{name}=\"${name}\""),
            format!("{name}=${name}"),
        ];
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        self.sources.iter().all(|src| {
            let mut covered = vec![false; src.len()];
            for pattern in &own {
                for (at, _) in src.match_indices(pattern.as_str()) {
                    let end = at + pattern.len();
                    let before = src[..at].chars().next_back().is_some_and(ident);
                    let after = src[end..].chars().next().is_some_and(ident);
                    if !before && !after {
                        covered[at..end].iter_mut().for_each(|c| *c = true);
                    }
                }
            }
            src.match_indices(name).all(|(at, _)| {
                let end = at + name.len();
                let alone = !src[..at].chars().next_back().is_some_and(ident)
                    && !src[end..].chars().next().is_some_and(ident);
                !alone || covered[at]
            })
        })
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

    pub(super) fn script(&mut self, src: &str) {
        if self.depth >= MAX_SCRIPT_DEPTH {
            self.find(Level::Unknown, "shell code is nested too deeply to check");
            return;
        }
        let away = std::mem::replace(&mut self.stdout_away, false);
        self.script_text(src);
        self.stdout_away = away;
    }

    fn script_text(&mut self, src: &str) {
        // bash joins backslash-newlines before it reads words; tree-sitter-bash would split there.
        let joined = crate::syntax::continuations::join(src);
        self.coprocs.extend(tree::coprocess_names(&joined));
        let unnamed = tree::unname_coprocesses(&joined);
        let src: &str = unnamed.as_deref().unwrap_or(&joined);
        let descriptors = tree::stdin_descriptors(src);
        let src: &str = descriptors.as_deref().unwrap_or(src);
        let Some(parsed) = parse(src) else {
            self.find(Level::Unknown, "the command could not be parsed");
            return;
        };
        let root = parsed.root_node();
        // Whether a name is untouched (`NAME="$NAME"`, `${VISUAL:-cat}`) or an alias defined
        // (`eval "$(dircolors -b)"`) is read from the text.
        let outer_source = std::mem::replace(&mut self.source, self.sources.len());
        self.sources.push(src.to_string());
        if let Some(where_) = syntax_error(root, src) {
            self.find(
                Level::Unknown,
                format!("the command could not be parsed ({where_})"),
            );
        }
        if let Some(doubt) = tree::misread(root, src) {
            self.find(
                Level::Unknown,
                format!("bash may read the command differently than it looks ({doubt})"),
            );
        }
        // A nested script (`bash -c`) starts with nothing known about its variables.
        let numeric = std::mem::take(&mut self.numeric);
        let assoc = std::mem::take(&mut self.assoc);
        let tainted = self.tainted.clone();
        let probe = self.probe.as_ref();
        let numeric_read =
            |n: Node<'_>| probe.is_some_and(|p| evaluation::read_number(p, n, src).is_some());
        self.tainted
            .extend(evaluation::tainted(root, src, numeric_read));
        let outer_definite = std::mem::take(&mut self.definite);
        let outer_once = std::mem::replace(
            &mut self.assigned_once,
            evaluation::assigned_once(root, src),
        );
        // A nested script (or `eval`'s code) is walked with noclobber off, and what it sets
        // is not kept: both err towards a write.
        let noclobber = std::mem::take(&mut self.noclobber);
        if self.depth == 0 {
            self.unfired = unfired_err_traps(root, src);
        }
        self.depth += 1;
        self.statement(root, src, &Stdin::Inherited);
        self.depth -= 1;
        self.noclobber = noclobber;
        self.numeric = numeric;
        self.assoc = assoc;
        self.tainted = tainted;
        self.source = outer_source;
        // Code run by `eval`, a trap or `bash -c` may have set anything the outer script uses.
        drop(outer_definite);
        self.definite.clear();
        self.assigned_once = outer_once;
    }

    /// `name` holds a number whenever it is evaluated here.
    fn is_numeric(&self, name: &str) -> bool {
        self.numeric.contains(name) && !self.tainted.contains(name)
    }

    fn statement(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) -> Stage {
        if self.tree_depth >= MAX_TREE_DEPTH {
            self.find(Level::Unknown, "the command is nested too deeply to check");
            return Stage::default();
        }
        self.tree_depth += 1;
        self.path.push(node.kind().to_string());
        let stage = self.statement_inner(node, src, stdin);
        self.path.pop();
        self.tree_depth -= 1;
        stage
    }

    fn statement_inner(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) -> Stage {
        // The trap is set, and its code never runs: judged as `trap` alone (an exported
        // function named trap is still the context's finding).
        if self.depth == 1 && self.unfired.contains(&node.id()) {
            return self.run("trap", &[], stdin);
        }
        match node.kind() {
            "command" => return self.command(node, src, stdin),
            "redirected_statement" => return self.redirected(node, src, stdin),
            "pipeline" => self.pipeline(node, src, stdin),
            "list" => self.list(node, src),
            "if_statement" => self.if_statement(node, src),
            "while_statement" => self.while_statement(node, src, stdin),
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
            // `${HOME:-$(cmd)}` with HOME set: the word after the operator is never expanded.
            "expansion" if self.word_unexpanded(node, src) => {}
            "command_substitution" if tree::text(node, src).starts_with('`') => {
                self.backticks(node, src)
            }
            "word" | "string_content" | "raw_string" | "heredoc_content" => {
                self.hidden_substitution(node, src)
            }
            // A here-document body with no `$` expansion is one node with no children: its
            // backquotes are still commands when the delimiter is unquoted.
            // A quoted delimiter (`<<'EOF'`, `<<E\OF`, measured: bash 5.2 ran no `$(…)` of
            // the body): nothing in it is code, whatever tree-sitter-bash parsed there.
            "heredoc_body"
                if node.named_child_count() == 0 || evaluation::quoted_heredoc(node, src) =>
            {
                self.plain_heredoc(node, src)
            }
            // The pattern of `${x#…}`, `${x^^…}`, `[[ … =~ … ]]`: expanded before it is used, and
            // tree-sitter-bash leaves it as plain text.
            "regex" | "extglob_pattern" => {
                let text = tree::text(node, src);
                if text.contains("$(")
                    || text.contains('`')
                    || text.contains("${")
                    || text.contains("$[")
                {
                    self.script(&format!(": {text}"));
                }
            }
            "for_statement" => {
                // `for i in 1 2 3` / `for i in {1..9}`: i holds a number inside the loop.
                let numeric = self.numeric.clone();
                if let Some(name) = evaluation::numeric_loop(node, src) {
                    self.numeric.insert(name);
                }
                // `for f in *.txt`, `for w in a b`: f names a file or a word, w a plain word.
                let outer = (self.path_loops.clone(), self.word_loops.clone());
                if let Some((name, values)) = evaluation::loop_values(node, src) {
                    if values == evaluation::LoopValues::Words {
                        self.word_loops.insert(name.clone());
                    }
                    self.path_loops.insert(name);
                }
                // Over plain words: the body once per word, the name holding it (`for t in git
                // make; do "$t" --version; done` runs `git --version`, then `make --version`).
                // Over globs, with the context: once per name they can give (`for f in *.json;
                // do jq . "$f"; done` runs `jq . data.json`).
                let words =
                    evaluation::loop_words(node, src).or_else(|| self.glob_loop_words(node, src));
                match (words, node.child_by_field_name("body")) {
                    (Some((name, words)), Some(body)) => {
                        let before = (
                            self.vars.get(&name).cloned(),
                            self.definite.get(&name).cloned(),
                        );
                        for word in words {
                            self.vars.insert(name.clone(), word.clone());
                            self.definite.insert(name.clone(), word);
                            self.statement(body, src, &Stdin::Inherited);
                        }
                        match before.0 {
                            Some(value) => self.vars.insert(name.clone(), value),
                            None => self.vars.remove(&name),
                        };
                        match before.1 {
                            Some(value) => self.definite.insert(name, value),
                            None => self.definite.remove(&name),
                        };
                    }
                    _ => self.children(node, src),
                }
                self.numeric = numeric;
                (self.path_loops, self.word_loops) = outer;
            }
            "c_style_for_statement" => {
                // The initializer's numbers hold inside the loop only.
                let numeric = self.numeric.clone();
                self.children(node, src);
                self.evaluated(node, src);
                self.numeric = numeric;
            }
            "case_statement" => self.case(node, src),
            "heredoc_redirect" => self.heredoc(node, src, None),
            "herestring_redirect" => {
                self.temporary_document(node, src);
                self.children(node, src);
            }
            "comment" | "heredoc_start" | "heredoc_end" => {}
            // `v=1; echo "${v:-$(touch x)}"`: with v's value certain, the word after `:-`,
            // `:=`, `:?` (v empty), `-`, `=`, `?` (v unset) or `:+` (v not empty) is never
            // expanded, so nothing in it runs.
            "expansion" if self.unexpanded_word(tree::text(node, src)) => {}
            "test_command" if tree::text(node, src).starts_with("[[") => {
                let mut cursor = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                for child in children {
                    self.double_bracket(child, src);
                }
                self.evaluated(node, src);
            }
            "arithmetic_expansion"
            | "subscript"
            | "array"
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

    /// `${NAME OP WORD}` whose WORD bash does not expand, NAME's value being certain
    /// ([`Walker::definite`]).
    fn unexpanded_word(&self, text: &str) -> bool {
        let Some(inner) = text.strip_prefix("${").and_then(|t| t.strip_suffix('}')) else {
            return false;
        };
        let end = crate::syntax::scan::name_end(inner.as_bytes(), 0);
        let (name, rest) = inner.split_at(end);
        let Some(value) = self.definite.get(name) else {
            return false;
        };
        if rest.starts_with(":-") || rest.starts_with(":=") || rest.starts_with(":?") {
            !value.is_empty()
        } else if rest.starts_with(":+") {
            value.is_empty()
        } else {
            rest.starts_with(['-', '=', '?'])
        }
    }

    /// `case WORD in …`: with WORD a fixed word, only the items it reaches run. bash tests the
    /// patterns in order and runs the first item that matches; `;;` ends there, `;&` runs the
    /// next item's body as well, `;;&` goes on testing (bash(1), "case"). A pattern that is not
    /// a plain word, `*`, or a word with `*` and `?` is taken to maybe match: its item is walked
    /// and the walk goes on, as it does for every item when WORD is not fixed.
    fn case(&mut self, node: Node<'_>, src: &str) {
        let subject = node
            .child_by_field_name("value")
            .map(|v| words::word(v, src, &self.vars))
            .and_then(|w| w.value);
        // `shopt -s nocasematch` (in the command, or BASHOPTS from the environment) makes the
        // test ignore case.
        let nocase = self.sources.iter().any(|s| s.contains("nocasematch"))
            || self
                .probe
                .as_ref()
                .and_then(|p| p.start_value("BASHOPTS"))
                .is_some_and(|v| v.contains("nocasematch"));
        let Some(subject) = subject.filter(|_| !nocase) else {
            return self.children(node, src);
        };
        let mut cursor = node.walk();
        let items: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "case_item")
            .collect();
        // Whether the item reached next runs for sure (after `;&`).
        let mut falls_into = false;
        for item in items {
            let mut item_cursor = item.walk();
            let mut patterns = Vec::new();
            let mut body = Vec::new();
            let mut terminator = String::new();
            for (i, child) in item.children(&mut item_cursor).enumerate() {
                match item.field_name_for_child(i as u32) {
                    Some("value") => patterns.push(child),
                    Some("termination" | "fallthrough") => {
                        terminator = tree::text(child, src).to_string()
                    }
                    _ if child.is_named() && child.kind() != "comment" => body.push(child),
                    _ => {}
                }
            }
            let matched = if falls_into {
                Some(true)
            } else {
                let mut result = Some(false);
                for pattern in patterns {
                    let word = words::word(pattern, src, &self.vars);
                    let this = case_pattern(&word, &subject);
                    if this.is_none() {
                        // Expanded when it is tested: what it runs counts.
                        self.statement(pattern, src, &Stdin::Inherited);
                    }
                    match this {
                        Some(true) => {
                            result = Some(true);
                            break;
                        }
                        None => result = None,
                        Some(false) => {}
                    }
                }
                result
            };
            if matched == Some(false) {
                continue;
            }
            for statement in body {
                self.statement(statement, src, &Stdin::Inherited);
            }
            falls_into = terminator == ";&";
            if matched == Some(true) && terminator != ";&" && terminator != ";;&" {
                return;
            }
        }
    }

    fn children(&mut self, node: Node<'_>, src: &str) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            self.statement(child, src, &Stdin::Inherited);
        }
    }

    fn pipeline(&mut self, node: Node<'_>, src: &str, stdin: &Stdin) {
        let mut cursor = node.walk();
        let stages: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        // `a |& b` pipes a's errors too, whose words are anything.
        let mut all = node.walk();
        let merged = node
            .children(&mut all)
            .any(|c| !c.is_named() && tree::text(c, src) == "|&");
        let mut input = stdin.clone();
        let mut before = None;
        for stage in stages {
            self.sort_spills(stage, src, before);
            before = Some(stage);
            let out = self.statement(stage, src, &input);
            input = Stdin::Piped {
                downloads: out.downloads,
                text: out.output,
                plain: out.plain,
                names: out.names && !merged,
                lists: out.lists.filter(|_| !merged),
                leads: out.leads.filter(|_| !merged),
                finds: out.finds.filter(|_| !merged),
            };
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
        // A body runs when the function is called. A name no program known here has is only
        // run by naming it: a later call of the session names a program this classifier does
        // not know (so is never read-only), and in this script [`uncalled`] reads whether it
        // is named again; the body of one named like a known program (`ls() { rm x; }`) is
        // judged where it stands, since a later `ls` would be judged as the program.
        let defer = !self.judging_call
            && !name.is_empty()
            && !programs::is_known(&name)
            && !crate::syntax::BASH_WORDS.contains(&name.as_str())
            && name != "command_not_found_handle";
        let kept = defer.then(|| std::mem::take(&mut self.findings));
        self.statement(body, src, &Stdin::Inherited);
        // `f() { ls; } 2>/dev/null`: the redirections apply at every call. Those of a
        // descriptor from 2 up leave the body's input and output the caller's, so a call with
        // fixed words is judged as the body with them written in and these redirections after
        // it; one of stdin or stdout (`> f`, `&>`, `>&2`, `< f`) changes what the body reads or
        // prints to.
        let mut cursor = node.walk();
        let redirects: Vec<Node<'_>> = node
            .children_by_field_name("redirect", &mut cursor)
            .collect();
        let beside_the_body = redirects.iter().all(|r| {
            let text = tree::text(*r, src);
            text.starts_with(|c: char| ('2'..='9').contains(&c))
                && text[1..].starts_with(['<', '>'])
                && r.prev_sibling().is_none_or(|p| !p.is_error())
        });
        if defer {
            let template = match self.templates.contains_key(&name) {
                // Defined twice: which body a call runs depends on which definition ran last.
                true => None,
                false => calls::Template::of(body, src)
                    .filter(|_| beside_the_body)
                    .map(|t| t.redirected(&redirects, src)),
            };
            self.templates.insert(name.clone(), template);
        }
        // Judged with the body: where it is defined, kept aside until it is called (a call
        // with fixed words judges them again with the body, `Template::redirected`).
        for redirect in redirects {
            self.statement(redirect, src, &Stdin::Inherited);
        }
        if let Some(kept) = kept {
            let body = std::mem::replace(&mut self.findings, kept);
            let (now, later): (Vec<Finding>, Vec<Finding>) =
                body.into_iter().partition(|f| f.level == Level::Dangerous);
            self.findings.extend(now);
            if !later.is_empty() {
                self.deferred.push((name, later));
            }
        }
    }
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

/// Whether the script `src` names the function `name` only where it is defined and where `type`,
/// `declare -f`/`-F`, `typeset -f`/`-F`, `command -v`/`-V` or `unset -f` look it up: anything
/// else (a call, `trap NAME`, `x=NAME; $x`, a quoted word, an alias) may run it. Read from the
/// text, word by word, so a name inside any other word or string counts as a call.
pub(super) fn uncalled(src: &str, name: &str) -> bool {
    mentions(src, name).is_empty()
}

/// Where `src` names the function `name` other than as [`uncalled`] allows: the bytes each such
/// mention starts at.
fn mentions(src: &str, name: &str) -> Vec<usize> {
    let mut found_at = Vec::new();
    let boundary = |c: char| c.is_whitespace() || ";|&(){}`'\"=!<>".contains(c);
    let mut from = 0;
    while let Some(found) = src[from..].find(name) {
        let start = from + found;
        let end = start + name.len();
        from = end;
        let before = src[..start].chars().next_back();
        let after = src[end..].chars().next();
        if !before.is_none_or(boundary) || !after.is_none_or(boundary) {
            continue;
        }
        let rest = src[end..].trim_start();
        let statement_start = src[..start]
            .rfind(|c: char| "\n;|&({}`".contains(c))
            .map_or(0, |i| i + 1);
        let words: Vec<&str> = src[statement_start..start].split_whitespace().collect();
        // The definition: `NAME () …` or `function NAME …`.
        if (words.is_empty() && rest.starts_with('(')) || words == ["function"] {
            continue;
        }
        let Some((&program, options)) = words.split_first() else {
            found_at.push(start);
            continue;
        };
        if !options.iter().all(|o| o.starts_with('-')) {
            found_at.push(start);
            continue;
        }
        let has = |flags: &[char]| {
            options
                .iter()
                .any(|o| o.chars().skip(1).any(|c| flags.contains(&c)))
        };
        let lookup = match program {
            "type" => true,
            "declare" | "typeset" => has(&['f', 'F']),
            "command" => has(&['v', 'V']),
            "unset" => has(&['f']),
            _ => false,
        };
        if !lookup {
            found_at.push(start);
        }
    }
    found_at
}

/// Whether a `case` pattern matches the fixed word `subject`: `Some` when that is certain (a
/// word with no expansion, quoted or not; unquoted `*` and `?` as glob characters), `None` for
/// a pattern with an expansion, a class `[…]`, an extended glob or quotes beside a glob
/// character.
fn case_pattern(pattern: &Word, subject: &str) -> Option<bool> {
    let value = pattern.value.as_deref()?;
    if !pattern.glob {
        return Some(value == subject);
    }
    let plain =
        !pattern.text.contains(['\'', '"', '\\', '[', '(', '$', '`']) && pattern.text == value;
    if !plain {
        return None;
    }
    fn glob(p: &[char], t: &[char]) -> bool {
        match p.split_first() {
            None => t.is_empty(),
            Some(('*', rest)) => (0..=t.len()).any(|i| glob(rest, &t[i..])),
            Some(('?', rest)) => !t.is_empty() && glob(rest, &t[1..]),
            Some((c, rest)) => t.first() == Some(c) && glob(rest, &t[1..]),
        }
    }
    const MAX_CHARS: usize = 256; // the match backtracks per `*`: longer words, or more stars, are not decided
    let (p, t): (Vec<char>, Vec<char>) = (value.chars().collect(), subject.chars().collect());
    if p.len() + t.len() > MAX_CHARS || p.iter().filter(|c| **c == '*').count() > 4 {
        return None;
    }
    Some(glob(&p, &t))
}

/// The top-level `trap CODE RETURN` commands of a script that calls no function and sources no
/// file, and `trap CODE USR1` (or USR2) of one that sends no signal (below), and the top-level `trap CODE ERR` commands of a script whose later top-level
/// commands cannot fail: `true`, `:` and `echo`, with no expansion or redirection. bash runs an ERR trap only
/// when a command returns non-zero (bash(1), "trap"), so CODE never runs (r21's and r23's
/// `trap … ERR; true`, measured by their authors). `echo` fails only when its output cannot be
/// written, which is taken not to happen (a choice, as for a pipe's size elsewhere).
fn unfired_err_traps(root: Node<'_>, src: &str) -> HashSet<usize> {
    let mut cursor = root.walk();
    let statements: Vec<Node<'_>> = root
        .named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect();
    let plain = |n: &Node<'_>| {
        n.kind() == "command" && !tree::text(*n, src).contains(['$', '`', '<', '>', '(', '\\'])
    };
    let simple_cannot_fail = |n: &Node<'_>| {
        plain(n)
            && n.child_by_field_name("name")
                .is_some_and(|c| matches!(tree::text(c, src), "true" | ":" | "echo"))
    };
    // `false || true`, `test -f x && echo y`: bash runs no ERR trap for a command of an `&&` or
    // `||` list but the last (bash(1), "trap"; measured, bash 5.2: `false || true` and
    // `false && true` ran none), and the last is one that cannot fail; the others are plain
    // commands (no substitution or subshell, where another shell could run the trap).
    fn list_cannot_fail(
        n: &Node<'_>,
        plain: &dyn Fn(&Node<'_>) -> bool,
        last_ok: &dyn Fn(&Node<'_>) -> bool,
    ) -> bool {
        if n.kind() != "list" {
            return last_ok(n);
        }
        let mut cursor = n.walk();
        let parts: Vec<Node<'_>> = n.named_children(&mut cursor).collect();
        let Some((last, earlier)) = parts.split_last() else {
            return false;
        };
        list_cannot_fail(last, plain, last_ok)
            && earlier
                .iter()
                .all(|e| plain(e) || (e.kind() == "list" && list_cannot_fail(e, plain, plain)))
    }
    let cannot_fail = |n: &Node<'_>| list_cannot_fail(n, &plain, &simple_cannot_fail);
    // A function or an alias of the script may be named trap, true or echo.
    let text = tree::text(root, src);
    if ["()", "function", "alias"].iter().any(|w| text.contains(w)) {
        return HashSet::new();
    }
    // A RETURN trap runs when a function or a sourced file returns (bash(1), "trap"): a script
    // with no function (above), no `source` or `.`, and no `eval` (which could define either)
    // returns from none. A function the environment exports is the context's finding wherever
    // it is called.
    // SIGUSR1 and SIGUSR2 come only from a process that sends them: the host never does (it
    // stops a run with TERM and KILL), so only a `kill` (or pkill, killall) of the command
    // itself could.
    let signals = text.contains("kill");
    let returns = text.contains("source")
        || text.contains("eval")
        || text
            .split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | '{'))
            .any(|w| w == ".");
    let mut found = HashSet::new();
    for (i, statement) in statements.iter().enumerate() {
        if statement.kind() != "command" {
            continue;
        }
        let mut cursor = statement.walk();
        let words: Vec<&str> = statement
            .named_children(&mut cursor)
            .map(|c| tree::text(c, src))
            .collect();
        let err_only = matches!(
            words.as_slice(),
            ["trap", _, "ERR"] | ["trap", "--", _, "ERR"]
        );
        // `trap CODE RETURN USR1 …`: each condition one that never comes here.
        let conditions = match words.as_slice() {
            ["trap", "--", _, rest @ ..] | ["trap", _, rest @ ..] => rest,
            _ => &[][..],
        };
        let never = !conditions.is_empty()
            && conditions.iter().all(|c| match *c {
                "RETURN" => !returns,
                "USR1" | "USR2" | "SIGUSR1" | "SIGUSR2" => !signals,
                _ => false,
            });
        if (err_only && statements[i + 1..].iter().all(cannot_fail)) || never {
            found.insert(statement.id());
        }
    }
    found
}

impl Walker {
    /// `for NAME in WORDS` over globs and plain words ([`evaluation::LoopValues::Paths`]), with
    /// the context: NAME and every word it can hold, each glob's names read from the
    /// directories the command may be in (`context::Probe::glob_names`), at most
    /// [`evaluation::MAX_LOOP_WORDS`] in all. A body that writes nothing makes no name a later
    /// pass would see.
    fn glob_loop_words(&self, node: Node<'_>, src: &str) -> Option<(String, Vec<String>)> {
        let probe = self.probe.as_ref()?;
        let (name, kind) = evaluation::loop_values(node, src)?;
        // `set -f` and most of `shopt`'s options (extglob, globstar, …) change what a glob
        // gives; not followed. `nullglob`, `failglob`, `dotglob` and `nocaseglob` only take
        // names from what `glob_names` gives (its superset has the dot files and other cases,
        // and the pattern that matches nothing, which nullglob drops and failglob never runs).
        if kind != evaluation::LoopValues::Paths || !glob_shopts_only(src) || src.contains("set ") {
            return None;
        }
        let mut cursor = node.walk();
        let mut words: Vec<String> = Vec::new();
        for value in node.children_by_field_name("value", &mut cursor) {
            let text = tree::text(value, src);
            if text.contains(['"', '\'']) {
                return None;
            }
            if text.chars().all(evaluation::plain_char) {
                words.push(text.to_string());
            } else {
                words.extend(probe.glob_names(text, evaluation::MAX_LOOP_WORDS)?);
            }
            if words.len() > evaluation::MAX_LOOP_WORDS {
                return None;
            }
        }
        Some((name, words))
    }
}

/// Every `shopt` in `src` is `shopt -s NAME…` or `shopt -u NAME…` whose names are among the
/// glob options that give a subset of what [`Probe::glob_names`] takes a glob to give
/// (`nullglob`, `failglob`, `dotglob`, `nocaseglob`); true when there is no `shopt`.
///
/// [`Probe::glob_names`]: super::context::Probe::glob_names
fn glob_shopts_only(src: &str) -> bool {
    const SUBSET: &[&str] = &["nullglob", "failglob", "dotglob", "nocaseglob"];
    src.match_indices("shopt").all(|(at, _)| {
        let rest = &src[at..];
        let end = rest
            .find([';', '&', '|', '\n', ')', '}'])
            .unwrap_or(rest.len());
        let words: Vec<&str> = rest[..end].split_whitespace().collect();
        matches!(
            words.as_slice(),
            ["shopt", "-s" | "-u", names @ ..]
                if !names.is_empty() && names.iter().all(|n| SUBSET.contains(n))
        )
    })
}
