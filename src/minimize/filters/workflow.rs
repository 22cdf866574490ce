//! GitHub Actions' workflow commands (`::error file=a.py,line=3,col=5,title=T::message`), the
//! format linters write for CI annotations (ruff's, eslint's and golangci-lint's `github`
//! formats): each command read as the diagnostic it annotates (its message unescaped, its place
//! before it unless the message names it), so the program's own filter reads the report; Azure
//! Pipelines' `##vso[task.logissue …]` (ruff's `azure` format) likewise. A few lines of the
//! program's own notes may come first.

use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;

/// The commands that annotate a place.
const ANNOTATIONS: [&str; 4] = ["error", "warning", "notice", "debug"];

/// Most lines of a program's own notes before its first command (ruff's `warning: … are
/// incompatible` on stderr): a report with commands deep inside is not one.
const LEAD_LINES: usize = 4;

/// The report as the lines its commands annotate, other lines as they are; `None` unless one
/// of its first lines (after at most [`LEAD_LINES`] of the program's notes) is a workflow
/// command.
pub(super) fn as_diagnostics(text: &str) -> Option<String> {
    text.split_lines()
        .filter(|l| !is_blank(l))
        .take(LEAD_LINES + 1)
        .find_map(|l| command(l).or_else(|| azure(l)))?;
    let mut out = String::with_capacity(text.len());
    for line in text.split_lines() {
        match command(line).or_else(|| azure(line)) {
            Some(said) => out.push_str(&said),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    Some(out)
}

/// `::name params::message` as the diagnostic it annotates: the message with `%0A` as a line
/// break (`%0D`, `%25` too); `file:line:col: name: title: message` when the message does not
/// already start with its place (ruff writes its own concise line as the message).
fn command(line: &str) -> Option<String> {
    let rest = line.strip_prefix("::")?;
    let (head, message) = rest.split_once("::")?;
    let (name, params) = head.split_once(' ').unwrap_or((head, ""));
    if !ANNOTATIONS.contains(&name) {
        return None;
    }
    let param = |key: &str| {
        params
            .split(',')
            .find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
            .map(unescape)
    };
    let message = unescape(message);
    let file = param("file");
    let Some(file) = file.filter(|f| !f.is_empty()) else {
        return Some(format!("{name}: {message}"));
    };
    let base = file.rsplit('/').next().unwrap_or(&file);
    let mut place = file.clone();
    for key in ["line", "col"] {
        if let Some(n) = param(key) {
            place.push(':');
            place.push_str(&n);
        }
    }
    let first = message.split_lines().next().unwrap_or("");
    let at = param("line").map_or(base.to_string(), |n| format!("{base}:{n}"));
    if first.contains(&at) {
        return Some(message);
    }
    Some(
        match param("title").filter(|t| !t.is_empty() && !first.contains(t.as_str())) {
            Some(title) => format!("{place}: {name}: {title}: {message}"),
            None => format!("{place}: {name}: {message}"),
        },
    )
}

/// Azure Pipelines' logging command, the same annotation in another CI's words (ruff's
/// `azure` format): `##vso[task.logissue type=error;sourcepath=a.py;linenumber=3;
/// columnnumber=5;code=F401;]message` as `a.py:3:5: F401 message` (the type said when it is
/// not `error`), the shape a linter's one-line format has.
fn azure(line: &str) -> Option<String> {
    let rest = line.strip_prefix("##vso[task.logissue ")?;
    let (params, message) = rest.split_once(']')?;
    let param = |key: &str| {
        params
            .split(';')
            .find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
            .filter(|v| !v.is_empty())
    };
    let kind = param("type").unwrap_or("error");
    let mut place = param("sourcepath").unwrap_or("").to_string();
    for key in ["linenumber", "columnnumber"] {
        if let Some(n) = param(key).filter(|_| !place.is_empty()) {
            place.push(':');
            place.push_str(n);
        }
    }
    let mut said = String::new();
    if !place.is_empty() {
        said.push_str(&place);
        said.push_str(": ");
    }
    if kind != "error" || param("code").is_none() {
        said.push_str(kind);
        said.push_str(": ");
    }
    if let Some(code) = param("code") {
        said.push_str(code);
        said.push(' ');
    }
    said.push_str(message);
    Some(said)
}

/// A workflow command's escapes undone: `%0A` a line break, `%0D` none, `%3A` `:`, `%2C` `,`,
/// `%25` `%` (last: `%250A` is `%0A` as written).
fn unescape(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    s.replace("%0D", "")
        .replace("%0A", "\n")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
}
