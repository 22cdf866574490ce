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
//! [filters.mytool]                 # a line filter (the anchor's pipeline; RTK's keys)
//! match_command = "^mytool$"       # regex on the program (or on the whole command)
//! match_subcommand = "^build$"     # regex on the subcommand (first non-option argument)
//! only_on_exit = [0]               # run only for these exit codes (unknown code: never)
//! except_on_exit = [130]           # never for these exit codes
//! replace = [{ pattern = "\\s+$", replacement = "" }]          # 1. per line
//! match_output = [{ pattern = "total size is", message = "ok", unless = "(?i)error" }]
//!                                  # 2. the whole text matches (and not `unless`): `message`
//! strip_lines_matching = ["^DEBUG "]                           # 3. drop these lines
//! keep_lines_matching = []         #    when given, only matching lines stay
//! replace_after = [{ pattern = "^== (\\w+).*$", replacement = "$1" }] # 4. per kept line
//! truncate_lines_at = 300          # 5. a longer line is cut there, with `…`
//! head_lines = 50                  # 6. then the first head_lines and last tail_lines,
//! tail_lines = 50                  #    or max_lines in all
//! max_lines = 200
//! on_empty = "mytool: ok"          # 7. an empty result says this instead
//! preserve_if_empty = true         #    or the output passes unchanged
//! [[tests.mytool]]                 # the filter's own examples: parsed, not run when minimizing
//! name = "keeps errors"
//! input = "DEBUG x\nerror: y\n"
//! expected = "error: y\n"
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
    user_tests: BTreeMap<String, Vec<UserFilterTest>>,
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
    /// The filters' own examples (`[[tests.<filter>]]`): read so that a file with them parses;
    /// they are the filter author's checks (`failing_user_tests`), not part of a run.
    #[serde(default)]
    tests: BTreeMap<String, Vec<UserFilterTest>>,
}

/// One example of a user filter: `input` filtered gives `expected`.
#[derive(Debug, Deserialize, Default, Clone)]
pub(crate) struct UserFilterTest {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub input: String,
    #[serde(default)]
    pub expected: String,
}

#[derive(Debug, Deserialize, Default)]
struct UserFilterDef {
    match_command: Option<String>,
    match_subcommand: Option<String>,
    #[serde(default)]
    strip_lines_matching: Vec<String>,
    #[serde(default)]
    keep_lines_matching: Vec<String>,
    #[serde(default)]
    replace: Vec<ReplaceDef>,
    #[serde(default)]
    replace_after: Vec<ReplaceDef>,
    #[serde(default)]
    match_output: Vec<MatchOutputDef>,
    truncate_lines_at: Option<usize>,
    head_lines: Option<usize>,
    tail_lines: Option<usize>,
    max_lines: Option<usize>,
    on_empty: Option<String>,
    #[serde(default)]
    preserve_if_empty: bool,
    only_on_exit: Option<Vec<i32>>,
    except_on_exit: Option<Vec<i32>>,
}

#[derive(Debug, Deserialize)]
struct ReplaceDef {
    pattern: String,
    replacement: String,
}

#[derive(Debug, Deserialize)]
struct MatchOutputDef {
    pattern: String,
    message: String,
    unless: Option<String>,
}

#[derive(Debug, Clone)]
struct UserFilter {
    command: Regex,
    subcommand: Option<Regex>,
    strip: Vec<Regex>,
    keep: Vec<Regex>,
    replace: Vec<(Regex, String)>,
    replace_after: Vec<(Regex, String)>,
    /// (pattern, message, unless)
    match_output: Vec<(Regex, String, Option<Regex>)>,
    truncate_lines_at: Option<usize>,
    head_lines: Option<usize>,
    tail_lines: Option<usize>,
    max_lines: Option<usize>,
    on_empty: Option<String>,
    preserve_if_empty: bool,
    only_on_exit: Option<Vec<i32>>,
    except_on_exit: Vec<i32>,
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
            user_tests: file.tests,
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
        let replacements = |v: &[ReplaceDef]| {
            v.iter()
                .map(|r| Some((Regex::new(&r.pattern).ok()?, r.replacement.clone())))
                .collect::<Option<Vec<_>>>()
        };
        Some(UserFilter {
            command: Regex::new(self.match_command.as_deref()?).ok()?,
            subcommand: match &self.match_subcommand {
                Some(p) => Some(Regex::new(p).ok()?),
                None => None,
            },
            strip: all(&self.strip_lines_matching)?,
            keep: all(&self.keep_lines_matching)?,
            replace: replacements(&self.replace)?,
            replace_after: replacements(&self.replace_after)?,
            match_output: self
                .match_output
                .iter()
                .map(|m| {
                    let unless = match &m.unless {
                        Some(u) => Some(Regex::new(u).ok()?),
                        None => None,
                    };
                    Some((Regex::new(&m.pattern).ok()?, m.message.clone(), unless))
                })
                .collect::<Option<Vec<_>>>()?,
            truncate_lines_at: self.truncate_lines_at.filter(|n| *n > 0),
            head_lines: self.head_lines,
            tail_lines: self.tail_lines,
            max_lines: self.max_lines,
            on_empty: self.on_empty.clone(),
            preserve_if_empty: self.preserve_if_empty,
            only_on_exit: self.only_on_exit.clone(),
            except_on_exit: self.except_on_exit.clone().unwrap_or_default(),
        })
    }
}

/// `line` with each replacement applied in turn.
fn replaced(line: &str, rules: &[(Regex, String)]) -> String {
    rules.iter().fold(line.to_string(), |l, (r, with)| {
        r.replace_all(&l, with.as_str()).into_owned()
    })
}

impl UserFilter {
    /// Whether the filter is for this run: its program (or whole command), its subcommand, its
    /// exit code. With `only_on_exit`, an unknown exit code (a killed run) does not qualify.
    fn applies(&self, command: &str, program: &str, sub: Option<&str>, exit: Option<i32>) -> bool {
        (self.command.is_match(program) || self.command.is_match(command))
            && self
                .subcommand
                .as_ref()
                .is_none_or(|r| sub.is_some_and(|s| r.is_match(s)))
            && self
                .only_on_exit
                .as_ref()
                .is_none_or(|codes| exit.is_some_and(|c| codes.contains(&c)))
            && !exit.is_some_and(|c| self.except_on_exit.contains(&c))
    }

    /// The anchor's pipeline: replace, match_output, strip/keep, replace_after,
    /// truncate_lines_at, head/tail/max_lines, then on_empty or preserve_if_empty.
    fn apply(&self, text: &str) -> String {
        let replaced_text: String = if self.replace.is_empty() {
            text.to_string()
        } else {
            text.lines()
                .map(|l| replaced(l, &self.replace) + "\n")
                .collect()
        };
        for (pattern, message, unless) in &self.match_output {
            if pattern.is_match(&replaced_text)
                && !unless.as_ref().is_some_and(|u| u.is_match(&replaced_text))
            {
                return message.clone();
            }
        }
        let mut lines: Vec<String> = replaced_text
            .lines()
            .filter(|l| !self.strip.iter().any(|r| r.is_match(l)))
            .filter(|l| self.keep.is_empty() || self.keep.iter().any(|r| r.is_match(l)))
            .map(|l| replaced(l, &self.replace_after))
            .map(|l| match self.truncate_lines_at {
                Some(n) if l.chars().count() > n => {
                    let mut cut: String = l.chars().take(n).collect();
                    cut.push('…');
                    cut
                }
                _ => l,
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
        let out = lines.join("\n");
        if !crate::minimize::text::is_blank(&out) {
            return out;
        }
        match (&self.on_empty, self.preserve_if_empty) {
            (_, true) => text.to_string(),
            (Some(message), false) => message.clone(),
            (None, false) => out,
        }
    }
}

impl MinimizerConfig {
    /// Whether `program` may be minimized under `only` and `except`.
    pub(crate) fn allows(&self, program: &str) -> bool {
        (self.only.is_empty() || self.only.iter().any(|p| p == program))
            && !self.except.iter().any(|p| p == program)
    }

    /// The first user filter for this run (program or command, subcommand, exit code), applied.
    pub(super) fn user_filter(
        &self,
        command: &str,
        inv: &super::command::Invocation,
        exit: Option<i32>,
        text: &str,
    ) -> Option<(String, String)> {
        let (name, f) = self
            .user_filters
            .iter()
            .find(|(_, f)| f.applies(command, &inv.program, inv.subcommand(), exit))?;
        Some((format!("user:{name}"), f.apply(text)))
    }

    /// Each `[[tests.<filter>]]` example of the settings file run through its filter: the
    /// failures, as `filter: name`. For a filter author's check (and this crate's tests); a run
    /// never calls it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn failing_user_tests(&self) -> Vec<String> {
        let mut failed = Vec::new();
        for (filter, tests) in &self.user_tests {
            let Some((_, f)) = self.user_filters.iter().find(|(n, _)| n == filter) else {
                failed.extend(
                    tests
                        .iter()
                        .map(|t| format!("{filter}: {} (no such filter)", t.name)),
                );
                continue;
            };
            for t in tests {
                let got = f.apply(&crate::output::strip_ansi(&t.input));
                if got.trim_end() != t.expected.trim_end() {
                    failed.push(format!("{filter}: {}", t.name));
                }
            }
        }
        failed
    }
}
