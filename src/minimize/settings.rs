//! The minimizer's options as a caller gives them, the TOML settings file that may override their
//! defaults (trusted only when its xxHash64 matches `settingsHash`, when one is given), and the
//! resolved configuration a run uses.
//!
//! The file (keys as the anchor's; unknown keys are ignored):
//! ```toml
//! schema_version = 1
//! enabled = true
//! only = ["git", "cargo"]          # programs minimized; empty: all
//! except = ["ls"]                  # programs never minimized
//! max_capture_bytes = 4194304
//! source_outline_level = "aggressive"
//! [filters.mytool]                 # a line filter for a program without a built-in one
//! match_command = "^mytool\\b"     # regex on the command
//! strip_lines_matching = ["^DEBUG "]
//! keep_lines_matching = []         # when given, only matching lines stay
//! replace = [{ pattern = "\\s+$", replacement = "" }]
//! head_lines = 50                  # then keep the first head_lines and last tail_lines
//! tail_lines = 50
//! max_lines = 200
//! ```
//! Explicit options win over the file, the file over the defaults.

use std::collections::BTreeMap;
use std::path::PathBuf;

use regex::Regex;
use serde::Deserialize;

/// Captures above this pass raw: 4 MiB, as the anchor's.
pub(crate) const DEFAULT_MAX_CAPTURE_BYTES: usize = 4 << 20;

/// How much of a source file `cat` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum OutlineLevel {
    /// Declarations and signatures with their line numbers, imports counted, doc comments' first line.
    #[default]
    Default,
    /// Signatures only.
    Aggressive,
}

impl OutlineLevel {
    fn parse(s: &str) -> Option<Self> {
        match s {
            "default" => Some(OutlineLevel::Default),
            "aggressive" => Some(OutlineLevel::Aggressive),
            _ => None,
        }
    }
}

/// The options as a caller gave them (`MinimizerOptions`); absent fields take the file's value,
/// then the default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MinimizerOptions {
    pub enabled: Option<bool>,
    pub settings_path: Option<String>,
    pub settings_hash: Option<String>,
    pub only: Option<Vec<String>>,
    pub except: Option<Vec<String>>,
    pub max_capture_bytes: Option<usize>,
    pub source_outline_level: Option<String>,
    /// Accepted for the anchor's callers; there are no legacy filters here to fall back to.
    pub legacy_filters: Option<bool>,
}

/// What a run uses, resolved from the options and the settings file.
#[derive(Debug, Clone, Default)]
pub(crate) struct MinimizerConfig {
    pub enabled: bool,
    pub only: Vec<String>,
    pub except: Vec<String>,
    pub max_capture_bytes: usize,
    pub outline: OutlineLevel,
    user_filters: Vec<(String, UserFilter)>,
}

#[derive(Debug, Deserialize, Default)]
struct SettingsFile {
    schema_version: Option<i64>,
    enabled: Option<bool>,
    only: Option<Vec<String>>,
    except: Option<Vec<String>>,
    max_capture_bytes: Option<u64>,
    source_outline_level: Option<String>,
    #[serde(default)]
    filters: BTreeMap<String, UserFilterDef>,
}

#[derive(Debug, Deserialize, Default)]
struct UserFilterDef {
    match_command: Option<String>,
    #[serde(default)]
    strip_lines_matching: Vec<String>,
    #[serde(default)]
    keep_lines_matching: Vec<String>,
    #[serde(default)]
    replace: Vec<ReplaceDef>,
    head_lines: Option<usize>,
    tail_lines: Option<usize>,
    max_lines: Option<usize>,
}

#[derive(Debug, Deserialize)]
struct ReplaceDef {
    pattern: String,
    replacement: String,
}

#[derive(Debug, Clone)]
struct UserFilter {
    command: Regex,
    strip: Vec<Regex>,
    keep: Vec<Regex>,
    replace: Vec<(Regex, String)>,
    head_lines: Option<usize>,
    tail_lines: Option<usize>,
    max_lines: Option<usize>,
}

impl MinimizerOptions {
    /// The configuration these options give, reading the settings file if one is named (and
    /// trusted). A file that is missing, does not parse, has another schema or fails the hash
    /// gate is ignored, as the anchor ignores it.
    pub(crate) fn resolve(&self) -> MinimizerConfig {
        let file = self.settings_file().unwrap_or_default();
        let outline = self
            .source_outline_level
            .as_deref()
            .or(file.source_outline_level.as_deref())
            .and_then(OutlineLevel::parse)
            .unwrap_or_default();
        let user_filters = file
            .filters
            .iter()
            .filter_map(|(name, def)| Some((name.clone(), def.compile()?)))
            .collect();
        MinimizerConfig {
            enabled: self.enabled.or(file.enabled).unwrap_or(false),
            only: self.only.clone().or(file.only).unwrap_or_default(),
            except: self.except.clone().or(file.except).unwrap_or_default(),
            max_capture_bytes: self
                .max_capture_bytes
                .or(file.max_capture_bytes.map(|n| n as usize))
                .unwrap_or(DEFAULT_MAX_CAPTURE_BYTES),
            outline,
            user_filters,
        }
    }

    fn settings_file(&self) -> Option<SettingsFile> {
        let path = expand_home(self.settings_path.as_deref()?);
        let content = std::fs::read(path).ok()?;
        if let Some(expected) = &self.settings_hash {
            if !hash_matches(&content, expected) {
                return None;
            }
        }
        let file: SettingsFile = toml::from_str(std::str::from_utf8(&content).ok()?).ok()?;
        match file.schema_version {
            None | Some(1) => Some(file),
            Some(_) => None,
        }
    }
}

/// xxHash64 (seed 0) of `content` against a hex digest, case and leading zeros aside.
pub(crate) fn hash_matches(content: &[u8], expected_hex: &str) -> bool {
    let hex = expected_hex.trim().trim_start_matches("0x");
    u64::from_str_radix(hex, 16).is_ok_and(|h| h == xxhash_rust::xxh64::xxh64(content, 0))
}

fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix('~'), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            let mut p = PathBuf::from(home);
            p.push(rest.trim_start_matches('/'));
            p
        }
        _ => PathBuf::from(path),
    }
}

impl UserFilterDef {
    fn compile(&self) -> Option<UserFilter> {
        let all = |v: &[String]| {
            v.iter()
                .map(|p| Regex::new(p).ok())
                .collect::<Option<Vec<_>>>()
        };
        Some(UserFilter {
            command: Regex::new(self.match_command.as_deref()?).ok()?,
            strip: all(&self.strip_lines_matching)?,
            keep: all(&self.keep_lines_matching)?,
            replace: self
                .replace
                .iter()
                .map(|r| Some((Regex::new(&r.pattern).ok()?, r.replacement.clone())))
                .collect::<Option<Vec<_>>>()?,
            head_lines: self.head_lines,
            tail_lines: self.tail_lines,
            max_lines: self.max_lines,
        })
    }
}

impl UserFilter {
    fn apply(&self, text: &str) -> String {
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| !self.strip.iter().any(|r| r.is_match(l)))
            .filter(|l| self.keep.is_empty() || self.keep.iter().any(|r| r.is_match(l)))
            .map(|l| {
                self.replace.iter().fold(l.to_string(), |l, (r, with)| {
                    r.replace_all(&l, with.as_str()).into_owned()
                })
            })
            .collect();
        let limit = self.max_lines.or(match (self.head_lines, self.tail_lines) {
            (None, None) => None,
            (h, t) => Some(h.unwrap_or(0) + t.unwrap_or(0)),
        });
        if let Some(limit) = limit {
            if lines.len() > limit {
                let head = self
                    .head_lines
                    .unwrap_or(limit.saturating_sub(self.tail_lines.unwrap_or(0)));
                let tail = limit.saturating_sub(head);
                let cut = lines.len() - head - tail;
                let rest = lines.split_off(head);
                lines.push(format!("[… {cut} lines elided …]"));
                lines.extend(rest.into_iter().skip(cut));
            }
        }
        lines.join("\n")
    }
}

impl MinimizerConfig {
    /// Whether `program` may be minimized under `only` and `except`.
    pub(crate) fn allows(&self, program: &str) -> bool {
        (self.only.is_empty() || self.only.iter().any(|p| p == program))
            && !self.except.iter().any(|p| p == program)
    }

    /// The first user filter whose `match_command` matches `command`, applied.
    pub(super) fn user_filter(&self, command: &str, text: &str) -> Option<(String, String)> {
        let (name, f) = self
            .user_filters
            .iter()
            .find(|(_, f)| f.command.is_match(command))?;
        Some((format!("user:{name}"), f.apply(text)))
    }
}
