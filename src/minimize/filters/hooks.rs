//! Hook runners (pre-commit, prek): a line per hook, its name and its result after a dot leader
//! (`ruff lint.....Failed`), a failing hook's `- hook id:` / `- exit code:` lines, then what the
//! hook printed. The result line loses its dot leader; the `- ` lines stay. Each hook's output is read by the filter of the program its id names (`ruff`,
//! `ruff-format` as `ruff format`) or by its shape (a diff, a match list); the hooks that passed
//! or were skipped are listed once per result.

use super::{run, Context};
use crate::minimize::approx_tokens;
use crate::minimize::command::Invocation;
use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use crate::re;

/// A hook's result line: its name, the dot leader, an optional note (`(no files to check)`) and
/// the result.
fn hook_line(line: &str) -> Option<(&str, &str, &str)> {
    let c = re!(r"^(\S.*?)\.{3,}(\([^)]*\))?(Passed|Failed|Skipped)$")?.captures(line)?;
    let (name, result) = (c.get(1)?.as_str(), c.get(3)?.as_str());
    Some((name, c.get(2).map_or("", |m| m.as_str()), result))
}

/// Whether `text` is a hook runner's report: its first line that is not the runner's own
/// `[INFO]`/`[WARNING]` notice is a hook's result line.
pub(super) fn looks_like_hook_run(text: &str) -> bool {
    text.split_lines()
        .find(|l| !is_blank(l) && !l.starts_with('['))
        .is_some_and(|l| hook_line(l).is_some())
}

/// One hook's section.
struct Hook<'a> {
    name: &'a str,
    note: &'a str,
    result: &'a str,
    /// `hook id: ruff`, `exit code: 1`, `files were modified by this hook`.
    meta: Vec<&'a str>,
    body: Vec<&'a str>,
}

/// The report with each failing hook's output read by its program's filter or its shape, and
/// the other hooks named once under their result.
pub(super) fn pre_commit(ctx: &Context) -> Option<String> {
    let mut before: Vec<&str> = Vec::new();
    let mut hooks: Vec<Hook> = Vec::new();
    for line in ctx.text.split_lines() {
        if let Some((name, note, result)) = hook_line(line) {
            hooks.push(Hook {
                name,
                note,
                result,
                meta: Vec::new(),
                body: Vec::new(),
            });
            continue;
        }
        match hooks.last_mut() {
            None => before.push(line),
            Some(h) if h.body.is_empty() && line.starts_with("- ") => {
                h.meta.push(&line[2..]);
            }
            Some(h) => h.body.push(line),
        }
    }
    if hooks.is_empty() {
        return None;
    }
    let mut out: Vec<String> = before.iter().map(|l| l.to_string()).collect();
    // The hooks that printed nothing, by result (and note): `Passed: a, b`.
    let mut quiet: Vec<(String, Vec<&str>)> = Vec::new();
    for h in &hooks {
        let body = trimmed(&h.body);
        if body.is_empty() && h.meta.is_empty() {
            let key = if h.note.is_empty() {
                h.result.to_string()
            } else {
                format!("{} {}", h.result, h.note)
            };
            match quiet.iter_mut().find(|(k, _)| *k == key) {
                Some((_, names)) => names.push(h.name),
                None => quiet.push((key, vec![h.name])),
            }
            continue;
        }
        out.push(format!("{}: {}{}", h.name, h.result, h.note));
        out.extend(h.meta.iter().map(|m| format!("- {m}")));
        if !body.is_empty() {
            out.push(hook_output(ctx, h, &body.join("\n")));
        }
    }
    for (key, names) in quiet {
        out.push(format!("{key}: {}", names.join(", ")));
    }
    Some(out.join("\n"))
}

/// A hook's output, rewritten by the filter of the program its id names or by its shape, when
/// that is shorter.
fn hook_output(ctx: &Context, hook: &Hook, body: &str) -> String {
    let id = hook
        .meta
        .iter()
        .find_map(|m| m.strip_prefix("hook id: "))
        .unwrap_or("");
    // `ruff-format` is `ruff format`; an id naming no program falls to the shape rules.
    let (program, args) = match id.split_once('-') {
        Some((p, rest)) => (p, vec![rest.to_string()]),
        None => (id, Vec::new()),
    };
    if matches!(program, "pre" | "prek" | "") {
        return body.to_string();
    }
    let inv = Invocation {
        program: program.to_string(),
        args,
    };
    let inner = Context {
        inv: &inv,
        text: body,
        outline: ctx.outline,
    };
    match run(&inner) {
        Some((_, text)) if approx_tokens(&text) < approx_tokens(body) => text,
        _ => body.to_string(),
    }
}

/// `lines` without the blank lines at either end.
fn trimmed<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let start = lines.iter().position(|l| !is_blank(l));
    let end = lines.iter().rposition(|l| !is_blank(l));
    match (start, end) {
        (Some(s), Some(e)) => lines[s..=e].to_vec(),
        _ => Vec::new(),
    }
}
