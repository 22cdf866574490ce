//! Choosing what of a dump the snapshot takes (`policy` says what never is), and why each thing
//! left out was: only names go in that list, never a value.

use std::collections::{HashMap, HashSet};

use super::dump::Dump;
use super::file::{self, Plan, Var};
use super::policy;
use super::script::BASH_OPTIONS;
use super::{Dropped, Include, Kind, ShellKind};
use crate::process::env::NON_INTERACTIVE_ENV;
use crate::syntax::is_name;

/// What the choice depends on besides the dump.
pub(super) struct Choice<'a> {
    pub(super) kind: ShellKind,
    /// The caller's environment: what the capture started from, and what the snapshot never
    /// overrides (PATH is merged).
    pub(super) caller_env: &'a [(String, String)],
    /// The environment the capture's shell started with (the caller's and ours): a variable
    /// the startup files did not add or change is not theirs to give.
    pub(super) started_env: &'a [(String, String)],
    pub(super) include: Include,
    pub(super) exclude: &'a [String],
    pub(super) redact: &'a [String],
}

impl Choice<'_> {
    fn excluded(&self, name: &str) -> bool {
        self.exclude.iter().any(|p| policy::glob_matches(p, name))
    }
}

/// The plan of the file, and what was left out.
pub(super) fn select(dump: Dump, c: &Choice) -> (Plan, Vec<Dropped>) {
    let mut plan = Plan::default();
    let mut dropped = Vec::new();
    let mut drop = |name: &str, kind: Kind, reason: &str| {
        dropped.push(Dropped {
            name: name.to_string(),
            kind,
            reason: reason.to_string(),
        })
    };
    if c.include.options {
        plan.options = BASH_OPTIONS
            .iter()
            .filter(|o| dump.options.iter().any(|d| d == *o))
            .map(|o| o.to_string())
            .collect();
    }
    if c.include.functions {
        for f in &dump.functions {
            if policy::machinery(&f.name, &f.text, &f.source) {
                continue;
            }
            if let Some(why) = policy::reserved_name(&f.name) {
                drop(&f.name, Kind::Function, why);
                continue;
            }
            if c.excluded(&f.name) {
                drop(&f.name, Kind::Function, "excluded");
                continue;
            }
            let definition = match c.kind {
                ShellKind::Bash => trim_newlines(&f.text).to_vec(),
                ShellKind::Zsh => {
                    let Ok(body) = std::str::from_utf8(&f.text) else {
                        drop(&f.name, Kind::Function, "not UTF-8");
                        continue;
                    };
                    let definition = format!("{} () {{\n{}\n}}", f.name, body.trim_end());
                    if let Some(why) = policy::zsh_only(&definition) {
                        drop(&f.name, Kind::Function, &why);
                        continue;
                    }
                    definition.into_bytes()
                }
            };
            plan.functions.push((f.name.clone(), definition));
        }
    }
    if c.include.aliases {
        for (name, value) in &dump.aliases {
            if let Some(why) = policy::reserved_name(name) {
                drop(name, Kind::Alias, why);
            } else if c.excluded(name) {
                drop(name, Kind::Alias, "excluded");
            } else if let Some(why) = (c.kind == ShellKind::Zsh)
                .then(|| policy::zsh_only_alias(value))
                .flatten()
            {
                drop(name, Kind::Alias, &why);
            } else {
                plan.aliases.push((name.clone(), value.clone()));
            }
        }
        for name in &dump.zsh_aliases {
            drop(name, Kind::Alias, "a zsh global or suffix alias");
        }
        plan.expand_aliases = !plan.aliases.is_empty();
    }
    if c.include.env {
        let caller: HashMap<&str, &str> = c
            .caller_env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let started: HashMap<&str, &str> = c
            .started_env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let exported: HashSet<&str> = dump.exported.iter().map(|(n, _)| n.as_str()).collect();
        for (name, value) in &dump.exported {
            if !is_name(name) || policy::shell_state(name) {
                continue;
            }
            if started.get(name.as_str()).map(|v| v.as_bytes()) == Some(value.as_slice()) {
                continue;
            }
            if name == "PATH" {
                if c.excluded(name) {
                    drop(name, Kind::Env, "excluded");
                } else if let Some(merged) =
                    file::path_merge(value, caller.get("PATH").unwrap_or(&"").as_bytes())
                {
                    plan.vars.push(merged);
                }
                continue;
            }
            if let Some(why) = env_refusal(c, &caller, name, value) {
                drop(name, Kind::Env, why);
                continue;
            }
            plan.vars.push(Var::Exported(name.clone(), value.clone()));
        }
        // The shell variables a taken function reads (an activation script's helper, such as
        // mise's `__MISE_EXE`): without them the function would run with them empty.
        let read = referenced_names(plan.functions.iter().map(|(_, d)| d.as_slice()));
        for (name, value) in &dump.scalars {
            if !read.contains(name.as_str())
                || exported.contains(name.as_str())
                || !is_name(name)
                || policy::shell_state(name)
            {
                continue;
            }
            if let Some(why) = env_refusal(c, &caller, name, value) {
                drop(name, Kind::Env, why);
                continue;
            }
            plan.vars.push(Var::Shell(name.clone(), value.clone()));
        }
    }
    (plan, dropped)
}

/// Why a variable the startup files set is not taken, if it is not.
fn env_refusal(
    c: &Choice,
    caller: &HashMap<&str, &str>,
    name: &str,
    value: &[u8],
) -> Option<&'static str> {
    if c.redact.iter().any(|p| policy::glob_matches(p, name)) || policy::secret(name, value) {
        Some("looks like a secret")
    } else if c.excluded(name) {
        Some("excluded")
    } else if caller.contains_key(name) {
        Some("set by the caller")
    } else if NON_INTERACTIVE_ENV.iter().any(|(k, _)| *k == name) {
        Some("set by the non-interactive environment")
    } else if name == "SSH_AUTH_SOCK"
        && !std::path::Path::new(&*String::from_utf8_lossy(value)).exists()
    {
        // An agent the startup files started went with the capture.
        Some("names an agent started by the capture")
    } else {
        None
    }
}

/// The names a text reads as `$NAME` or `${NAME…}`.
fn referenced_names<'a>(texts: impl Iterator<Item = &'a [u8]>) -> HashSet<String> {
    let mut names = HashSet::new();
    for text in texts {
        for (i, _) in text.iter().enumerate().filter(|(_, &b)| b == b'$') {
            let start = i + 1 + usize::from(text.get(i + 1) == Some(&b'{'));
            let end = start + crate::syntax::scan::name_end(&text[start..], 0);
            if end > start {
                names.insert(String::from_utf8_lossy(&text[start..end]).into_owned());
            }
        }
    }
    names
}

fn trim_newlines(text: &[u8]) -> &[u8] {
    let end = text.iter().rposition(|&b| b != b'\n').map_or(0, |i| i + 1);
    &text[..end]
}
