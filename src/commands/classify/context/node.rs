//! npm, yarn and pnpm in context (`NODE_OPTIONS` is every node program's: see `tools`).
//!
//! - npm writes a debug log (`~/.npm/_logs`) and an update check stamp on every command but
//!   `--version` (measured with npm 11), unless `logs-max=0` and `update-notifier=false` (or `CI`)
//!   are set in its configuration: `npm_config_*` variables, the project's `.npmrc`, the user's,
//!   the global one.
//! - yarn runs the file `yarn-path` (`.yarnrc`) or `yarnPath` (`.yarnrc.yml`) names and loads
//!   `.yarnrc.yml`'s `plugins`, from any directory up the tree or HOME, on every command.
//! - pnpm loads `.pnpmfile.cjs` (or the file `pnpmfile`/`global-pnpmfile` names) on every
//!   command, `--version` included.
//! - corepack's shims download the package manager `packageManager` in package.json names.

use std::path::{Path, PathBuf};

use super::files::{self, Contents};
use super::{Here, Var};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;

pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = super::family(here.program);
    corepack(here, program, out);
    match program {
        "npm" | "npx" => npm(here, args, out),
        "yarn" => yarn(here, out),
        "pnpm" | "pnpx" => pnpm(here, out),
        _ => {}
    }
}

/// The nearest directory up the tree with a package.json or node_modules (npm's project).
fn project(dir: &Path) -> PathBuf {
    files::ancestors(dir)
        .find(|d| files::exists(&d.join("package.json")) || files::is_dir(&d.join("node_modules")))
        .unwrap_or(dir)
        .to_path_buf()
}

/// An npmrc's `key=value` lines (ini, `;` and `#` comments), keys as written.
fn npmrc(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(['#', ';', '[']))
        .filter_map(|l| {
            let (k, v) = l.split_once('=')?;
            Some((k.trim().to_string(), v.trim().trim_matches('"').to_string()))
        })
        .collect()
}

/// npm's configuration sources, highest precedence first: where, and the pairs it sets.
fn npm_sources(here: &Here<'_>) -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    let env_pairs: Vec<(String, String)> = here
        .env
        .names()
        .filter_map(|n| {
            let key = n
                .to_ascii_lowercase()
                .strip_prefix("npm_config_")?
                .replace('_', "-");
            let value = match here.env.get(n) {
                Var::Set(v) => v.to_string(),
                _ => "(only known at run time)".into(),
            };
            Some((key, value))
        })
        .collect();
    out.push(("the npm_config_* variables".to_string(), env_pairs));
    let mut files: Vec<PathBuf> = vec![project(here.dir).join(".npmrc")];
    let user = here
        .env
        .value("npm_config_userconfig")
        .or_else(|| here.env.value("NPM_CONFIG_USERCONFIG"))
        .map(|p| files::join(here.dir, p))
        .or_else(|| here.env.home().map(|h| h.join(".npmrc")));
    files.extend(user);
    let prefix = here
        .resolved
        .and_then(|p| std::fs::canonicalize(p).ok())
        .and_then(|p| {
            p.ancestors()
                .find(|a| a.ends_with("lib/node_modules/npm"))
                .and_then(|a| a.parent()?.parent()?.parent().map(Path::to_path_buf))
        })
        .unwrap_or_else(|| PathBuf::from("/usr"));
    files.push(prefix.join("etc/npmrc"));
    files.push(prefix.join("lib/node_modules/npm/npmrc"));
    for file in files {
        match files::read_text(&file) {
            Contents::Text(t) => out.push((file.display().to_string(), npmrc(&t))),
            Contents::Unreadable => out.push((
                file.display().to_string(),
                vec![("(unreadable)".into(), String::new())],
            )),
            Contents::Missing => {}
        }
    }
    out
}

/// The value npm uses for `key`, and where it comes from.
fn npm_value(sources: &[(String, Vec<(String, String)>)], key: &str) -> Option<(String, String)> {
    sources.iter().find_map(|(origin, pairs)| {
        pairs
            .iter()
            .rev()
            .find(|(k, _)| k.to_ascii_lowercase().replace('_', "-") == key)
            .map(|(_, v)| (v.clone(), origin.clone()))
    })
}

fn npm(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let version_only = matches!(args, [only] if only.is("-v") || only.is("--version"));
    if version_only {
        return;
    }
    let sources = npm_sources(here);
    if let Some((_, origin)) = sources
        .iter()
        .flat_map(|(o, pairs)| pairs.iter().map(move |(k, _)| (k, o)))
        .find(|(k, _)| k.as_str() == "(unreadable)")
    {
        out.push(
            Level::Unknown,
            format!("npm reads {origin}, which cannot be read here"),
        );
    }
    // `npm help <topic>` shows the page with `viewer`: man, or a browser (`browser`, BROWSER).
    let help = args
        .iter()
        .filter_map(|a| a.value.as_deref())
        .find(|v| !v.starts_with('-'))
        == Some("help");
    if help {
        let viewer = npm_value(&sources, "viewer");
        if let Some((value, origin)) = viewer.filter(|(v, _)| v.trim() != "man") {
            out.push(
                Level::Unknown,
                format!("npm help shows pages with {value} (viewer in {origin})"),
            );
        }
    }
    let logs_off = npm_value(&sources, "logs-max").is_some_and(|(v, _)| v.trim() == "0");
    if !logs_off {
        out.push(
            Level::Write,
            "npm writes a debug log under ~/.npm/_logs (logs-max is not 0 in its configuration)",
        );
    }
    let notifier_off = npm_value(&sources, "update-notifier")
        .is_some_and(|(v, _)| v.trim() == "false")
        || here.env.is_set("CI");
    if !notifier_off {
        out.push(
            Level::Write,
            "npm checks for a newer npm and writes ~/.npm/_update-notifier-last-checked (update-notifier is not false)",
        );
    }
}

/// `yarn-path` / `yarnPath` / `plugins` in the yarn configuration files that apply.
fn yarn(here: &Here<'_>, out: &mut Verdict) {
    for name in ["YARN_YARN_PATH", "YARN_PLUGINS", "YARN_RC_FILENAME"] {
        if here.env.is_set(name) {
            out.push(
                Level::Unknown,
                format!("yarn runs or reads what {name} names"),
            );
        }
    }
    let mut dirs: Vec<PathBuf> = files::ancestors(here.dir).map(Path::to_path_buf).collect();
    dirs.extend(here.env.home());
    for dir in dirs {
        for file in [".yarnrc.yml", ".yarnrc.yaml", ".yarnrc"] {
            let path = dir.join(file);
            let Some(text) = super::config_text(&path, "yarn", out) else {
                continue;
            };
            for line in text.lines() {
                let trimmed = line.trim_start();
                let key = trimmed
                    .split([':', ' ', '='])
                    .next()
                    .unwrap_or("")
                    .trim_matches('"');
                match key {
                    "yarn-path" | "yarnPath" => out.push(
                        Level::Unknown,
                        format!(
                            "yarn runs the file {key} names in {}: {}",
                            path.display(),
                            trimmed[key.len()..]
                                .trim_start_matches(['"', ':', '=', ' '])
                                .trim()
                                .trim_matches(['"', '\''])
                        ),
                    ),
                    "plugins" => {
                        let inline = trimmed["plugins".len()..]
                            .trim_start_matches([':', ' '])
                            .trim();
                        if inline != "[]" {
                            out.push(
                                Level::Unknown,
                                format!("yarn loads the plugins listed in {}", path.display()),
                            );
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// `.pnpmfile.cjs` up the tree, or the file `pnpmfile`/`global-pnpmfile` names.
fn pnpm(here: &Here<'_>, out: &mut Verdict) {
    for dir in files::ancestors(here.dir) {
        for name in [".pnpmfile.cjs", ".pnpmfile.mjs", "pnpmfile.js"] {
            let path = dir.join(name);
            if files::is_file(&path) {
                out.push(
                    Level::Unknown,
                    format!("pnpm loads {} on every command", path.display()),
                );
            }
        }
    }
    let sources = npm_sources(here);
    for key in ["pnpmfile", "global-pnpmfile"] {
        if let Some((value, origin)) = npm_value(&sources, key) {
            out.push(
                Level::Unknown,
                format!("pnpm loads {value} ({key} in {origin})"),
            );
        }
    }
    for dir in files::ancestors(here.dir) {
        let path = dir.join("pnpm-workspace.yaml");
        if let Contents::Text(t) = files::read_text(&path) {
            if t.lines()
                .any(|l| l.trim_start().starts_with("pnpmfile") || l.contains("Pnpmfile"))
            {
                out.push(
                    Level::Unknown,
                    format!("pnpm loads the pnpmfile {} names", path.display()),
                );
            }
        }
    }
    for config in here.env.xdg_configs(here.dir) {
        let rc = config.join("pnpm/rc");
        if let Contents::Text(t) = files::read_text(&rc) {
            for (k, v) in npmrc(&t) {
                if k.ends_with("pnpmfile") {
                    out.push(
                        Level::Unknown,
                        format!("pnpm loads {v} ({k} in {})", rc.display()),
                    );
                }
            }
        }
    }
}

/// A corepack shim downloads the package manager package.json's `packageManager` names.
fn corepack(here: &Here<'_>, program: &str, out: &mut Verdict) {
    let shim = here
        .resolved
        .and_then(|p| std::fs::canonicalize(p).ok())
        .is_some_and(|p| p.to_string_lossy().contains("corepack"));
    if !shim && program != "corepack" {
        return;
    }
    for dir in files::ancestors(here.dir) {
        let path = dir.join("package.json");
        if let Contents::Text(t) = files::read_text(&path) {
            if t.contains("\"packageManager\"") {
                out.push(
                    Level::Write,
                    format!(
                        "corepack downloads the package manager packageManager names in {}",
                        path.display()
                    ),
                );
            }
            return;
        }
    }
}
