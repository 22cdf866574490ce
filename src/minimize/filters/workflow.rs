//! GitHub Actions' workflow commands (`::error file=a.py,line=3,col=5,title=T::message`), the
//! format linters write for CI annotations (ruff's, eslint's and golangci-lint's `github`
//! formats): each command read as the diagnostic it annotates (its message unescaped, its place
//! before it unless the message names it), so the program's own filter reads the report.

use crate::minimize::text::SplitLines;

/// The commands that annotate a place.
const ANNOTATIONS: [&str; 4] = ["error", "warning", "notice", "debug"];

/// The report as the lines its commands annotate, other lines as they are; `None` unless its
/// first line is a workflow command.
pub(super) fn as_diagnostics(text: &str) -> Option<String> {
    command(text.split_lines().find(|l| !l.trim().is_empty())?)?;
    let mut out = String::with_capacity(text.len());
    for line in text.split_lines() {
        match command(line) {
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
