//! Shell words as the classifier sees them: the value after quote removal when it is fixed, a best
//! guess when it depends on an expansion (variables assigned earlier, `$(echo …)`), and a shape
//! that keeps `$NAME` visible so `rm -rf "$HOME"/` is recognised without knowing `$HOME`.

use std::collections::HashMap;

use tree_sitter::Node;

use crate::syntax::quotes::{decode_ansi_c, unescape_double, unescape_unquoted};
use crate::syntax::tree::text;

/// Marks a part of a word's shape that is only known at run time and has no name.
pub const RUNTIME: char = '\u{1}';

/// Programs whose output is a download: a word that substitutes their output runs remote content.
pub const DOWNLOADERS: &[&str] = &["curl", "wget", "fetch", "aria2c", "http", "https", "xh"];

/// One shell word (a command name or an argument).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// As written.
    pub text: String,
    /// After quote removal, when nothing in it is expanded at run time.
    pub value: Option<String>,
    /// `value`, or a guess that resolves variables assigned earlier and `$(echo …)`.
    pub guess: Option<String>,
    /// Like `guess`, but an unresolved `$NAME` or `${NAME}` stays `$NAME` and any other run-time
    /// part is [`RUNTIME`].
    pub shape: String,
    /// Holds an unquoted `*`, `?` or `[`.
    pub glob: bool,
    /// Runs a downloader in a substitution: `"$(curl …)"`, `<(wget -O- …)`.
    pub downloads: bool,
}

impl Word {
    /// A word whose value is known: text split out of a string, or a test fixture.
    pub fn literal(text: &str) -> Word {
        Word {
            text: text.to_string(),
            value: Some(text.to_string()),
            guess: Some(text.to_string()),
            shape: text.to_string(),
            glob: false,
            downloads: false,
        }
    }

    /// True when the word's value is exactly `s`.
    pub fn is(&self, s: &str) -> bool {
        self.value.as_deref() == Some(s)
    }

    /// True when the word is, or could turn out to be at run time, an option (`-x`).
    pub fn may_be_option(&self) -> bool {
        match &self.value {
            Some(v) => v.starts_with('-'),
            None if self.is_pid() => false,
            None => !self
                .shape
                .starts_with(|c: char| c != '-' && c != '$' && c != RUNTIME),
        }
    }
}

impl Word {
    /// `$$`, `$!`, `$PPID`, `$BASHPID` (quoted or not): the shell's own parameters that hold a
    /// process id, a number bash sets (`PPID` and `BASHPID` cannot be assigned; `$!` may be
    /// empty, never an option).
    pub fn is_pid(&self) -> bool {
        const PID_PARAMETERS: &[&str] = &[
            "$$",
            "$!",
            "$PPID",
            "$BASHPID",
            "\"$$\"",
            "\"$!\"",
            "\"$PPID\"",
            "\"$BASHPID\"",
        ];
        self.value.is_none() && PID_PARAMETERS.contains(&self.text.as_str())
    }
}

/// Evaluates the word at `node` (a `word`, `string`, `concatenation`, …) of `src`, with `vars` the
/// variables assigned earlier in the script.
pub fn word(node: Node<'_>, src: &str, vars: &HashMap<String, String>) -> Word {
    word_at(node, src, vars, 0)
}

/// The value word of an assignment (`NAME=value`): as [`word`], but only known at run time where
/// bash expands a tilde in it, which it does at the start and after each `:`
/// (`GIT_DIR=~/.git`, `PATH=~/bin:$PATH`).
pub fn assigned(node: Node<'_>, src: &str, vars: &HashMap<String, String>) -> Word {
    let mut w = word(node, src, vars);
    if assigned_tilde(text(node, src)) {
        w.value = None;
    }
    w
}

/// Whether bash expands a tilde in `written`, an assignment's value as written: at its start
/// and after each `:` (`~/.git`, `/bin:~/bin`). Both `NAME=value` before a command and `env
/// NAME=value` (a word shaped as an assignment) expand so.
pub fn assigned_tilde(written: &str) -> bool {
    written.starts_with('~') || written.contains(":~")
}

const MAX_WORD_DEPTH: usize = 16; // `"$(echo "$(echo …)")"`: deeper guesses are not worth the stack

fn word_at(node: Node<'_>, src: &str, vars: &HashMap<String, String>, depth: usize) -> Word {
    let mut builder = Builder {
        value: Some(String::new()),
        guess: Some(String::new()),
        shape: String::new(),
        glob: false,
        depth,
    };
    builder.node(node, src, vars);
    Word {
        text: shortened(text(node, src)),
        value: builder.value,
        guess: builder.guess,
        shape: builder.shape,
        glob: builder.glob,
        downloads: runs_downloader(node, src),
    }
}

const MAX_TEXT_CHARS: usize = 120; // `text` is for reasons shown to a user; a whole script is not

/// `raw`, cut to [`MAX_TEXT_CHARS`] with an ellipsis.
fn shortened(raw: &str) -> String {
    match raw.char_indices().nth(MAX_TEXT_CHARS) {
        Some((cut, _)) => format!("{}…", &raw[..cut]),
        None => raw.to_string(),
    }
}

struct Builder {
    value: Option<String>,
    guess: Option<String>,
    shape: String,
    glob: bool,
    /// Nesting of words inside substitutions inside words.
    depth: usize,
}

impl Builder {
    fn literal(&mut self, s: &str) {
        if let Some(v) = &mut self.value {
            v.push_str(s);
        }
        if let Some(g) = &mut self.guess {
            g.push_str(s);
        }
        self.shape.push_str(s);
    }

    /// A part known only at run time: `guess` is what it probably is, `shape` how to show it.
    fn runtime(&mut self, guess: Option<&str>, shape: &str) {
        self.value = None;
        match (guess, &mut self.guess) {
            (Some(g), Some(acc)) => acc.push_str(g),
            _ => self.guess = None,
        }
        self.shape.push_str(guess.unwrap_or(shape));
    }

    fn node(&mut self, node: Node<'_>, src: &str, vars: &HashMap<String, String>) {
        if self.depth > MAX_WORD_DEPTH {
            self.runtime(None, &RUNTIME.to_string());
            return;
        }
        self.depth += 1;
        self.node_inner(node, src, vars);
        self.depth -= 1;
    }

    fn node_inner(&mut self, node: Node<'_>, src: &str, vars: &HashMap<String, String>) {
        let raw = text(node, src);
        match node.kind() {
            "word" => {
                self.glob |= has_unquoted_glob(raw);
                self.literal(&unescape_unquoted(raw));
            }
            "number" | "extglob_pattern" | "variable_name" if node.named_child_count() == 0 => {
                self.glob |= node.kind() == "extglob_pattern";
                self.literal(raw);
            }
            "raw_string" => self.literal(
                raw.strip_prefix('\'')
                    .and_then(|r| r.strip_suffix('\''))
                    .unwrap_or(raw),
            ),
            "ansi_c_string" => {
                let inner = raw
                    .strip_prefix("$'")
                    .and_then(|r| r.strip_suffix('\''))
                    .unwrap_or(raw);
                self.literal(&decode_ansi_c(inner));
            }
            "string" => {
                let start = node.start_byte() + 1;
                let end = node.end_byte().saturating_sub(1).max(start);
                self.parts(node, src, vars, start, end, unescape_double);
            }
            "translated_string" | "concatenation" => {
                self.parts(node, src, vars, node.start_byte(), node.end_byte(), |s| {
                    s.to_string()
                });
            }
            "simple_expansion" | "expansion" => match plain_variable(node, src) {
                Some(name) => self.runtime(vars.get(name).map(String::as_str), &format!("${name}")),
                None => self.runtime(None, &RUNTIME.to_string()),
            },
            "command_substitution" => {
                let output = echo_output(node, src, vars, self.depth);
                // `$(pwd)` is the working directory: `rm -rf "$(pwd)"` is `rm -rf .`.
                let shape = if is_pwd(node, src) {
                    "$PWD".to_string()
                } else if prints_only_object_names(node, src) {
                    // Hexadecimal object names (or nothing): never an option, an absolute
                    // path or a name with a space.
                    format!("0{RUNTIME}")
                } else {
                    RUNTIME.to_string()
                };
                self.runtime(output.as_deref(), &shape);
            }
            // Expands to a path like /dev/fd/63, never to an option.
            "process_substitution" => self.runtime(None, &format!("/dev/fd/{RUNTIME}")),
            _ => self.runtime(None, &RUNTIME.to_string()),
        }
    }

    /// The children of a string or concatenation between `start` and `end`; text between
    /// children is literal (decoded with `decode`).
    fn parts(
        &mut self,
        node: Node<'_>,
        src: &str,
        vars: &HashMap<String, String>,
        start: usize,
        end: usize,
        decode: fn(&str) -> String,
    ) {
        let mut at = start;
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if child.start_byte() < at || child.end_byte() > end {
                continue;
            }
            self.literal(&decode(src.get(at..child.start_byte()).unwrap_or("")));
            if child.kind() == "string_content" {
                self.literal(&decode(text(child, src)));
            } else {
                self.node(child, src, vars);
            }
            at = child.end_byte();
        }
        self.literal(&decode(src.get(at..end).unwrap_or("")));
    }
}

/// `$NAME` or `${NAME}` (no operator, no index): the variable's name.
fn plain_variable<'s>(node: Node<'_>, src: &'s str) -> Option<&'s str> {
    let raw = text(node, src);
    let name = raw
        .strip_prefix("${")
        .and_then(|r| r.strip_suffix('}'))
        .or_else(|| raw.strip_prefix('$'))?;
    let simple = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        || (name.len() == 1 && "@*#?-$!0".contains(name));
    (simple && !name.is_empty()).then_some(name)
}

/// The words of the one simple command `node` holds (a substitution, a parsed script), with no
/// assignment or redirection, read at `depth`: `None` for anything else.
pub fn sole_command(
    node: Node<'_>,
    src: &str,
    vars: &HashMap<String, String>,
    depth: usize,
) -> Option<Vec<Word>> {
    let mut cursor = node.walk();
    let mut statements = node
        .named_children(&mut cursor)
        .filter(|c| c.kind() != "comment");
    let (Some(command), None) = (statements.next(), statements.next()) else {
        return None;
    };
    if command.kind() != "command" {
        return None;
    }
    let mut cursor = command.walk();
    let mut words = Vec::new();
    for child in command.named_children(&mut cursor) {
        match child.kind() {
            "command_name" => words.push(word_at(child.named_child(0)?, src, vars, depth)),
            "variable_assignment"
            | "file_redirect"
            | "herestring_redirect"
            | "heredoc_redirect" => return None,
            _ => words.push(word_at(child, src, vars, depth)),
        }
    }
    Some(words)
}

/// The output of `$(echo …)` / `$(printf …)` with fixed arguments: what an evasion like
/// `$(echo rm) -rf /` turns into.
fn echo_output(
    node: Node<'_>,
    src: &str,
    vars: &HashMap<String, String>,
    depth: usize,
) -> Option<String> {
    let words = sole_command(node, src, vars, depth + 1)?
        .into_iter()
        .map(|w| w.guess)
        .collect::<Option<Vec<String>>>()?;
    match words.split_first()? {
        (name, args) if name == "echo" => {
            let args: Vec<&str> = args
                .iter()
                .map(String::as_str)
                .skip_while(|a| matches!(*a, "-n" | "-e" | "-E"))
                .collect();
            Some(args.join(" "))
        }
        (name, [format]) if name == "printf" && !format.contains(['%', '\\']) => {
            Some(format.clone())
        }
        _ => None,
    }
}

/// `$(pwd)` or `` `pwd` ``.
fn is_pwd(node: Node<'_>, src: &str) -> bool {
    let mut cursor = node.walk();
    let statements: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    matches!(statements.as_slice(), [command] if command.kind() == "command" && text(*command, src).trim() == "pwd")
}

/// `$(command -v NAME)` (or it in double quotes), NAME a plain word: bash prints the path it
/// would run NAME from (a directory of PATH joined to NAME), NAME itself for a builtin, keyword
/// or function, `alias NAME=…` for an alias, or nothing. With every directory of PATH absolute
/// and plain, none of that starts with `-` (the walker checks PATH and that no function or alias
/// is named `command`).
pub fn prints_command_path(node: Node<'_>, src: &str) -> bool {
    let node = match node.kind() {
        "string" if node.named_child_count() == 1 => match node.named_child(0) {
            Some(inner) if text(node, src).len() == text(inner, src).len() + 2 => inner,
            _ => return false,
        },
        _ => node,
    };
    if node.kind() != "command_substitution" {
        return false;
    }
    let mut cursor = node.walk();
    let statements: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    let [command] = statements.as_slice() else {
        return false;
    };
    let words: Vec<&str> = text(*command, src).split_whitespace().collect();
    command.kind() == "command"
        && matches!(words.as_slice(), ["command", "-v", name]
            if !name.starts_with('-')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || "_.+-".contains(c)))
}

/// `$(git rev-list --max-parents=0 HEAD)`, `$(git rev-parse --verify HEAD)`, `$(git merge-base
/// a b)`: git commands that print only hexadecimal object names, one a line, or nothing (an
/// error goes to stderr). Only options that choose which commits are taken: `--boundary`
/// (`-` before a name), `--left-right` (`<`, `>`), `--objects` (paths) and the formats are not,
/// nor rev-parse without `--verify`, which prints an argument it cannot resolve as it is.
fn prints_only_object_names(node: Node<'_>, src: &str) -> bool {
    const REV_LIST: &[&str] = &[
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
        "--no-min-parents",
        "--no-max-parents",
        "--ancestry-path",
        "--full-history",
        "--simplify-by-decoration",
        "--dense",
        "--sparse",
        "--parents",
        "--children",
    ];
    const NUMBERED: &[&str] = &[
        "--max-parents=",
        "--min-parents=",
        "--max-count=",
        "--skip=",
    ];
    let mut cursor = node.walk();
    let statements: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    let [command] = statements.as_slice() else {
        return false;
    };
    let line = text(*command, src).trim();
    if command.kind() != "command"
        || line.contains(|c: char| !(c.is_ascii_alphanumeric() || " -=_./^~@:".contains(c)))
    {
        return false;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    let rev = |w: &&str| !w.starts_with('-');
    match words.as_slice() {
        ["git", "rev-list", rest @ ..] => {
            rest.iter().any(rev)
                && rest.iter().all(|w| {
                    rev(w)
                        || REV_LIST.contains(w)
                        || NUMBERED
                            .iter()
                            .any(|p| w.strip_prefix(p).is_some_and(number))
                        || w.strip_prefix('-').is_some_and(number)
                })
        }
        // Without `--verify` each revision is printed as its name, `^name` for `^rev`, or, when
        // it names none, echoed as written (`git rev-parse main` in a repository without a
        // main prints `main`): so no word given may be an absolute path.
        ["git", "rev-parse", rest @ ..] if !rest.contains(&"--verify") => {
            rest.iter().any(rev)
                && rest.iter().all(|w| {
                    (rev(w) && !w.starts_with('/'))
                        || matches!(*w, "-q" | "--quiet" | "--short")
                        || w.strip_prefix("--short=").is_some_and(number)
                })
        }
        ["git", "rev-parse", rest @ ..] => {
            rest.contains(&"--verify")
                && rest.iter().filter(|w| rev(w)).count() == 1
                && rest.iter().all(|w| {
                    rev(w)
                        || matches!(*w, "--verify" | "-q" | "--quiet" | "--short")
                        || w.strip_prefix("--short=").is_some_and(number)
                })
        }
        ["git", "merge-base", rest @ ..] => {
            rest.iter().filter(|w| rev(w)).count() >= 2
                && rest
                    .iter()
                    .all(|w| rev(w) || matches!(*w, "--all" | "--octopus" | "--independent"))
        }
        _ => false,
    }
}

const MAX_DOWNLOAD_SEARCH_DEPTH: usize = 32; // syntax levels searched under a word: several substitutions deep

/// True when a substitution inside `node` (not too deep) runs a downloader.
fn runs_downloader(node: Node<'_>, src: &str) -> bool {
    let mut stack = vec![(node, 0)];
    while let Some((n, depth)) = stack.pop() {
        if depth > MAX_DOWNLOAD_SEARCH_DEPTH {
            continue;
        }
        if n.kind() == "command_name" {
            let name = text(n, src).trim_matches(['\'', '"', '\\']);
            let base = name.rsplit('/').next().unwrap_or(name);
            if DOWNLOADERS.contains(&base) {
                return true;
            }
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor).map(|c| (c, depth + 1)));
    }
    false
}

/// The words bash makes of the word at `node` by brace expansion (`a.txt{,.out}` is `a.txt
/// a.txt.out`), before any other expansion: `None` when it has no brace expression. Past
/// [`MAX_BRACE_WORDS`] words, one word only known at run time stands for them all.
pub fn expand_braces(
    node: Node<'_>,
    src: &str,
    vars: &HashMap<String, String>,
) -> Option<Vec<Word>> {
    if !matches!(node.kind(), "word" | "concatenation" | "brace_expression") {
        return None;
    }
    let raw = text(node, src);
    if !raw.contains('{') {
        return None;
    }
    let mut alternatives = Vec::new();
    if !brace_words(raw.as_bytes(), &mut alternatives) {
        return Some(vec![Word {
            text: shortened(raw),
            value: None,
            guess: None,
            shape: RUNTIME.to_string(),
            glob: true,
            downloads: runs_downloader(node, src),
        }]);
    }
    if alternatives.len() == 1 && alternatives[0] == raw.as_bytes() {
        return None;
    }
    // Each alternative is a word of its own: parse them as the arguments of one command.
    let mut line = String::from(":");
    for alternative in &alternatives {
        line.push(' ');
        line.push_str(&String::from_utf8_lossy(alternative));
    }
    let tree = crate::syntax::tree::parse(&line)?;
    let command = tree.root_node().named_child(0)?;
    if command.kind() != "command" {
        return None;
    }
    let mut cursor = command.walk();
    let words: Vec<Word> = command
        .children_by_field_name("argument", &mut cursor)
        .map(|arg| word(arg, &line, vars))
        .collect();
    (words.len() == alternatives.len()).then_some(words)
}

const MAX_BRACE_WORDS: usize = 64; // `{a,b}{c,d}…`: more words than this are not followed one by one

/// Brace-expands `raw` (shell text, quotes kept) into `out`; false past [`MAX_BRACE_WORDS`].
fn brace_words(raw: &[u8], out: &mut Vec<Vec<u8>>) -> bool {
    let Some((open, close, parts)) = first_brace(raw) else {
        out.push(raw.to_vec());
        return out.len() <= MAX_BRACE_WORDS;
    };
    for part in parts {
        let mut next = raw[..open].to_vec();
        next.extend_from_slice(&part);
        next.extend_from_slice(&raw[close + 1..]);
        if !brace_words(&next, out) {
            return false;
        }
    }
    true
}

/// The first brace expression of `s` outside quotes and substitutions: where it opens and
/// closes, and its alternatives (a comma list or a sequence).
fn first_brace(s: &[u8]) -> Option<(usize, usize, Vec<Vec<u8>>)> {
    use crate::syntax::scan::skip_quoted;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'{' => {
                if let Some(found) = brace_at(s, i) {
                    return Some(found);
                }
                i += 1;
            }
            _ => match skip_quoted(s, i) {
                Some(end) => i = end,
                None => i += 1,
            },
        }
    }
    None
}

fn brace_at(s: &[u8], open: usize) -> Option<(usize, usize, Vec<Vec<u8>>)> {
    use crate::syntax::scan::skip_quoted;
    let mut depth = 0;
    let mut commas = Vec::new();
    let mut i = open + 1;
    while i < s.len() {
        match s[i] {
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' if depth == 0 => {
                let inner = &s[open + 1..i];
                let parts: Vec<Vec<u8>> = if !commas.is_empty() {
                    let mut parts = Vec::new();
                    let mut start = open + 1;
                    for &c in &commas {
                        parts.push(s[start..c].to_vec());
                        start = c + 1;
                    }
                    parts.push(s[start..i].to_vec());
                    parts
                } else {
                    sequence(inner)?
                };
                return Some((open, i, parts));
            }
            b'}' => {
                depth -= 1;
                i += 1;
            }
            b',' if depth == 0 => {
                commas.push(i);
                i += 1;
            }
            b' ' | b'\t' | b'\n' => return None,
            _ => match skip_quoted(s, i) {
                Some(end) => i = end,
                None => i += 1,
            },
        }
    }
    None
}

/// `1..5`, `05..10..5`, `a..e`: the words of a sequence expression.
fn sequence(inner: &[u8]) -> Option<Vec<Vec<u8>>> {
    let text = std::str::from_utf8(inner).ok()?;
    let parts: Vec<&str> = text.split("..").collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let step: i64 = match parts.get(2) {
        Some(n) => n.parse::<i64>().ok()?.abs().max(1),
        None => 1,
    };
    let mut out = Vec::new();
    if let (Ok(a), Ok(b)) = (parts[0].parse::<i64>(), parts[1].parse::<i64>()) {
        let width = if parts[0].starts_with('0') || parts[1].starts_with('0') {
            parts[0].len().max(parts[1].len())
        } else {
            0
        };
        let count = (a - b).unsigned_abs() / step as u64 + 1;
        if count as usize > MAX_BRACE_WORDS {
            // More words than are followed: the caller stands one unknown word for them.
            return Some(vec![Vec::new(); MAX_BRACE_WORDS + 1]);
        }
        let mut n = a;
        loop {
            out.push(format!("{n:0width$}").into_bytes());
            if n == b {
                break;
            }
            n += if a < b { step } else { -step };
            if (a < b && n > b) || (a > b && n < b) {
                break;
            }
        }
        return Some(out);
    }
    let (a, b) = (parts[0].as_bytes(), parts[1].as_bytes());
    if a.len() == 1 && b.len() == 1 && a[0].is_ascii_alphabetic() && b[0].is_ascii_alphabetic() {
        let (a, b) = (a[0], b[0]);
        let mut c = a;
        loop {
            out.push(vec![c]);
            if c == b {
                break;
            }
            let next = if a < b {
                c as i64 + step
            } else {
                c as i64 - step
            };
            if (a < b && next > b as i64) || (a > b && next < b as i64) {
                break;
            }
            c = next as u8;
        }
        return Some(out);
    }
    None
}

fn has_unquoted_glob(raw: &str) -> bool {
    let mut escaped = false;
    for c in raw.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '*' | '?' | '[' => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// The last argument of the first command in `src`.
    fn last_argument(src: &str, vars: &HashMap<String, String>) -> Word {
        let tree = crate::syntax::tree::parse(src).expect("parses");
        let mut stack = vec![tree.root_node()];
        while let Some(n) = stack.pop() {
            if n.kind() == "command" {
                let mut cursor = n.walk();
                let arg = n
                    .children_by_field_name("argument", &mut cursor)
                    .last()
                    .expect("has an argument");
                return word(arg, src, vars);
            }
            let mut cursor = n.walk();
            stack.extend(
                n.named_children(&mut cursor)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev(),
            );
        }
        panic!("no command in {src:?}");
    }

    #[test]
    fn evaluates_words() {
        let vars: HashMap<String, String> = [("X".to_string(), "/".to_string())].into();
        /// (source, value, guess, shape, glob)
        type Case = (
            &'static str,
            Option<&'static str>,
            Option<&'static str>,
            &'static str,
            bool,
        );
        let cases: &[Case] = &[
            ("e plain", Some("plain"), Some("plain"), "plain", false),
            ("e \\rm", Some("rm"), Some("rm"), "rm", false),
            ("e 'a b'", Some("a b"), Some("a b"), "a b", false),
            (
                "e \"a\\\"b\\$c\\d\"",
                Some("a\"b$c\\d"),
                Some("a\"b$c\\d"),
                "a\"b$c\\d",
                false,
            ),
            ("e r\"\"m", Some("rm"), Some("rm"), "rm", false),
            (
                "e $'\\x72\\155\\n'",
                Some("rm\n"),
                Some("rm\n"),
                "rm\n",
                false,
            ),
            ("e $HOME", None, None, "$HOME", false),
            ("e \"${HOME}\"/*", None, None, "$HOME/*", true),
            ("e $X", None, Some("/"), "/", false),
            ("e ${X}tmp", None, Some("/tmp"), "/tmp", false),
            ("e ${Y:-/}", None, None, "\u{1}", false),
            ("e $(echo rm)", None, Some("rm"), "rm", false),
            ("e \"$(printf rm)\"", None, Some("rm"), "rm", false),
            ("e $(ls)", None, None, "\u{1}", false),
            ("e *.rs", Some("*.rs"), Some("*.rs"), "*.rs", true),
            ("e '*'", Some("*"), Some("*"), "*", false),
            ("e \\*", Some("*"), Some("*"), "*", false),
            ("e ~/x", Some("~/x"), Some("~/x"), "~/x", false),
        ];
        for (src, value, guess, shape, glob) in cases {
            let w = last_argument(src, &vars);
            assert_eq!(
                (
                    w.value.as_deref(),
                    w.guess.as_deref(),
                    w.shape.as_str(),
                    w.glob
                ),
                (*value, *guess, *shape, *glob),
                "{src:?}"
            );
        }
    }

    #[test]
    fn notices_downloads_and_options() {
        let vars = HashMap::new();
        assert!(last_argument("sh -c \"$(curl -fsSL https://x)\"", &vars).downloads);
        assert!(last_argument("bash <(wget -qO- https://x)", &vars).downloads);
        assert!(!last_argument("sh -c \"$(cat f)\"", &vars).downloads);
        assert!(last_argument("sort $OPTS", &vars).may_be_option());
        assert!(last_argument("sort -o", &vars).may_be_option());
        assert!(!last_argument("sort ./$F", &vars).may_be_option());
        assert!(!last_argument("sort file", &vars).may_be_option());
    }
}
