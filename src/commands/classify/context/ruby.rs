//! Ruby's tools in context (each measured with RubyGems 3.3 and Bundler 2.3):
//!
//! - `gem` loads every `*_plugin.rb` of the `plugins` directory of each gem directory on every
//!   command, `gem -v` included: `GEM_HOME`, `GEM_PATH`'s entries (a relative one from the
//!   directory gem runs in), the user's (`~/.gem/ruby/*`, `$XDG_DATA_HOME/gem/ruby/*`), and those a
//!   gemrc (`GEMRC`, `~/.gemrc`, `$XDG_CONFIG_HOME/gem/gemrc`) names with `gemhome`/`gempath`.
//!   The machine's own gem directories are the machine's. `ruby`, `bundle` and `rake` load no
//!   plugin.
//! - A newer version of a gem Ruby loads at start (`did_you_mean`, `error_highlight`) or of a
//!   standard library (`json`) in one of those gem directories is loaded instead, by `ruby -e`
//!   and by every Ruby program (`gem`, `bundle`, `rake`), not by `ruby -v` or `ruby -c`.
//! - `bundle` evaluates the Gemfile (Ruby code) that `BUNDLE_GEMFILE` names, or the first
//!   `Gemfile`/`gems.rb` up the tree, for `list`, `check`, `info`, `lock --print` and the rest;
//!   `-v`, `version`, `help` and `config` read none.

use std::path::{Path, PathBuf};

use super::files;
use super::{Here, Var};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;

const MAX_RUBY_VERSIONS: usize = 16; // `~/.gem/ruby/*` entries looked at; more are taken to hold plugins

/// The gem directories RubyGems searches besides the machine's own: `GEM_HOME`, `GEM_PATH`'s
/// entries, the user's (`~/.gem/ruby/*`, `$XDG_DATA_HOME/gem/ruby/*`). `Err` with a reason when
/// they cannot be told.
fn gem_dirs(here: &Here<'_>) -> Result<Vec<PathBuf>, String> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    for name in ["GEM_HOME", "GEM_PATH"] {
        match here.env.get(name) {
            Var::Set(value) => dirs.extend(
                value
                    .split(':')
                    .filter(|d| !d.is_empty())
                    .map(|d| files::join(here.dir, d)),
            ),
            Var::Runtime => {
                return Err(format!(
                    "the gem directory {name} names is only known at run time"
                ))
            }
            Var::Unset => {}
        }
    }
    if let Some(home) = here.env.home() {
        let data = match here.env.value("XDG_DATA_HOME") {
            Some(x) if x.starts_with('/') => PathBuf::from(x),
            _ => home.join(".local/share"),
        };
        for versions in [home.join(".gem/ruby"), data.join("gem/ruby")] {
            let Ok(entries) = std::fs::read_dir(&versions) else {
                continue;
            };
            let found: Vec<PathBuf> = entries
                .take(MAX_RUBY_VERSIONS + 1)
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            if found.len() > MAX_RUBY_VERSIONS {
                return Err(format!(
                    "too many gem directories under {}",
                    versions.display()
                ));
            }
            dirs.extend(found);
        }
    }
    Ok(dirs)
}

pub fn gem(here: &Here<'_>, out: &mut Verdict) {
    let dirs = match gem_dirs(here) {
        Ok(dirs) => dirs,
        Err(why) => {
            out.push(Level::Unknown, format!("gem loads plugins: {why}"));
            return;
        }
    };
    if let Some(home) = here.env.home() {
        let mut rcs: Vec<PathBuf> = vec![home.join(".gemrc")];
        rcs.extend(
            here.env
                .xdg_configs(here.dir)
                .into_iter()
                .map(|c| c.join("gem/gemrc")),
        );
        if let Some(rc) = here.env.value("GEMRC").filter(|v| !v.is_empty()) {
            rcs.extend(rc.split(':').map(|r| files::join(here.dir, r)));
        }
        for rc in rcs {
            if files::says(&rc, |t| t.contains("gemhome") || t.contains("gempath")) {
                out.push(
                    Level::Unknown,
                    format!(
                        "gem loads the plugins of the gem directories {} names (gemhome, gempath)",
                        rc.display()
                    ),
                );
            }
        }
    }
    for dir in dirs {
        let plugins = dir.join("plugins");
        let loads = match std::fs::read_dir(&plugins) {
            Ok(entries) => entries.filter_map(Result::ok).any(|e| {
                e.file_name()
                    .to_str()
                    .is_none_or(|n| n.ends_with("_plugin.rb"))
            }),
            Err(e) => e.kind() != std::io::ErrorKind::NotFound && files::exists(&plugins),
        };
        if loads {
            out.push(
                Level::Unknown,
                format!(
                    "gem loads the plugins in {} (Ruby code) on every command",
                    plugins.display()
                ),
            );
        }
    }
}

/// Gems Ruby loads when it starts to run code (not for `-v` or `-c`: measured with ruby 3.1), and
/// YAML's: with the standard libraries a one-liner may require (`ruby::LIBRARIES`), the gems a
/// newer version of which in a gem directory wins over the standard one (measured: a
/// `did_you_mean-99` in `~/.gem/ruby/3.1.0` ran on `ruby -e 1`, `gem list`; a `json-99` on `ruby
/// -rjson`).
const LOADED_AT_START: &[&str] = &[
    "did_you_mean",
    "error_highlight",
    "syntax_suggest",
    "psych",
    "yaml",
];

/// Whether a gem named `name` in a gem directory would shadow one Ruby loads (see
/// [`LOADED_AT_START`]).
fn shadowed(name: &str) -> bool {
    LOADED_AT_START.contains(&name) || super::super::ruby::LIBRARIES.contains(&name)
}

/// A program Ruby runs (ruby itself, or a script of it: gem, bundle, rake, erb, irb): a gem
/// directory that holds one of the [`shadowed`] gems loads that gem's code instead.
pub fn shadowed_gems(here: &Here<'_>, out: &mut Verdict) {
    let dirs = match gem_dirs(here) {
        Ok(dirs) => dirs,
        Err(why) => {
            out.push(
                Level::Unknown,
                format!("ruby may load gems at start: {why}"),
            );
            return;
        }
    };
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir.join("specifications")) else {
            continue;
        };
        let found = entries.filter_map(Result::ok).find(|e| {
            e.file_name().to_str().is_none_or(|n| {
                let name = n.rsplit_once('-').map_or(n, |(name, _)| name);
                shadowed(name)
            })
        });
        if let Some(spec) = found {
            out.push(
                Level::Unknown,
                format!(
                    "ruby loads {} instead of its own library (a gem directory's newer version wins)",
                    spec.path().display()
                ),
            );
        }
    }
}

/// `bundle`'s subcommands that read no Gemfile.
fn reads_no_gemfile(args: &[Word]) -> bool {
    let first = args.iter().find_map(|a| a.value.as_deref());
    matches!(
        first,
        Some("-v" | "--version" | "version" | "help" | "-h" | "--help" | "config")
    )
}

pub fn bundle(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if reads_no_gemfile(args) {
        return;
    }
    let gemfile = match here.env.get("BUNDLE_GEMFILE") {
        Var::Runtime => {
            out.push(
                Level::Unknown,
                "bundle evaluates the Gemfile BUNDLE_GEMFILE names, only known at run time",
            );
            return;
        }
        Var::Set(g) if !g.is_empty() => Some(files::join(here.dir, g)).filter(|g| files::exists(g)),
        _ => nearest_gemfile(here.dir),
    };
    if let Some(gemfile) = gemfile {
        out.push(
            Level::Unknown,
            format!("bundle evaluates {}, which is Ruby code", gemfile.display()),
        );
        return;
    }
    // Bundler's settings (`.bundle/config` up the tree, `~/.bundle/config`) can name a Gemfile.
    let settings = files::ancestors(here.dir)
        .map(|d| d.join(".bundle/config"))
        .chain(here.env.home().map(|h| h.join(".bundle/config")));
    if let Some(config) = files::first_saying(settings, |t| t.contains("GEMFILE")) {
        out.push(
            Level::Unknown,
            format!(
                "bundle evaluates the Gemfile {} names, which is Ruby code",
                config.display()
            ),
        );
    }
}

/// The Gemfile Bundler finds from `dir`: the first directory up the tree with a `Gemfile` or a
/// `gems.rb`.
fn nearest_gemfile(dir: &Path) -> Option<PathBuf> {
    files::ancestors(dir).find_map(|d| {
        ["Gemfile", "gems.rb"]
            .iter()
            .map(|n| d.join(n))
            .find(|p| files::exists(p))
    })
}
