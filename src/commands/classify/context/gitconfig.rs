//! git's configuration as git reads it: the syntax (sections, subsections, quoting, escapes,
//! continued lines, comments), the files in git's order (system, global and XDG, the repository's,
//! the worktree's, the environment's `GIT_CONFIG_COUNT` and `GIT_CONFIG_PARAMETERS`, `-c`), and
//! `include.path` / `includeIf` followed within bounds: at most [`MAX_INCLUDE_DEPTH`] deep (git's
//! own limit) and [`MAX_FILES`] files, each read by [`files::read_text`] (size-bounded).

use std::path::{Path, PathBuf};

use super::files::{self, Contents};

const MAX_INCLUDE_DEPTH: usize = 10; // git stops at 10 too ("exceeded maximum include depth")
const MAX_FILES: usize = 32; // every file of a real setup, with room; a cycle or a fan-out stops here

/// One `key = value` as git sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// `section.name` or `section.subsection.name`, section and name lower-cased.
    pub key: String,
    /// `None` for a key without `=` (a boolean true).
    pub value: Option<String>,
    /// Where it was set, for reasons: a path, `GIT_CONFIG_COUNT`, `-c`.
    pub origin: String,
}

impl Entry {
    /// The subsection of `section.subsection.name`.
    pub fn subsection(&self) -> Option<&str> {
        let (_, rest) = self.key.split_once('.')?;
        let (sub, _) = rest.rsplit_once('.')?;
        Some(sub)
    }

    pub fn section(&self) -> &str {
        self.key.split('.').next().unwrap_or("")
    }

    pub fn name(&self) -> &str {
        self.key.rsplit('.').next().unwrap_or("")
    }

    pub fn text(&self) -> &str {
        self.value.as_deref().unwrap_or("true")
    }
}

/// A repository's configuration, in the order git reads it (a later entry wins).
#[derive(Debug, Default, Clone)]
pub struct Config {
    pub entries: Vec<Entry>,
    /// Files that exist but could not be read (too large, not text): what they set is unknown.
    pub unreadable: Vec<String>,
}

impl Config {
    /// The value git uses for `key` (the last one set).
    pub fn last(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }

    /// `key` as a boolean, git's way (`true`, `yes`, `on`, `1`, a bare key).
    pub fn bool(&self, key: &str) -> Option<bool> {
        self.last(key).map(|e| truthy(e.value.as_deref()))
    }

    /// Every entry of `section.*.name` (any subsection), last one per subsection.
    pub fn by_subsection<'a>(
        &'a self,
        section: &'a str,
        name: &'a str,
    ) -> impl Iterator<Item = &'a Entry> + 'a {
        self.entries.iter().enumerate().filter_map(move |(i, e)| {
            let wanted = e.section() == section && e.name() == name && e.subsection().is_some();
            let overridden = self.entries[i + 1..].iter().any(|later| later.key == e.key);
            (wanted && !overridden).then_some(e)
        })
    }
}

/// git's boolean: a bare key, `true`, `yes`, `on` or a non-zero number.
pub fn truthy(value: Option<&str>) -> bool {
    match value {
        None => true,
        Some(v) => {
            let v = v.trim().to_ascii_lowercase();
            match v.as_str() {
                "true" | "yes" | "on" => true,
                "false" | "no" | "off" | "" => false,
                n => n.parse::<i64>().map(|n| n != 0).unwrap_or(true),
            }
        }
    }
}

/// What `includeIf` conditions are tested against.
#[derive(Debug, Default, Clone)]
pub struct Conditions {
    pub home: Option<PathBuf>,
    /// The repository's git directory, as found and as resolved through links.
    pub git_dirs: Vec<PathBuf>,
    /// The branch HEAD names (`main`), when it names one.
    pub branch: Option<String>,
    /// Every `remote.*.url` value of the configuration, for `hasconfig:remote.*.url:`; `None`
    /// before they are known (the first of git's two reads), when such a condition holds.
    pub remote_urls: Option<Vec<String>>,
}

/// Reads configuration files into one [`Config`], following includes.
pub struct Loader<'a> {
    conditions: &'a Conditions,
    files: usize,
    /// Whether an `includeIf "hasconfig:remote.*.url:…"` was met.
    pub saw_remote_url_condition: bool,
}

impl<'a> Loader<'a> {
    pub fn new(conditions: &'a Conditions) -> Self {
        Loader {
            conditions,
            files: 0,
            saw_remote_url_condition: false,
        }
    }

    /// Adds the file at `path` (and what it includes) to `config`; a missing file adds nothing.
    pub fn file(&mut self, config: &mut Config, path: &Path) {
        self.file_at(config, path, 0);
    }

    fn file_at(&mut self, config: &mut Config, path: &Path, depth: usize) {
        let shown = path.display().to_string();
        if depth > MAX_INCLUDE_DEPTH || self.files >= MAX_FILES {
            config
                .unreadable
                .push(format!("{shown} (includes nest too deeply)"));
            return;
        }
        let text = match files::read_text(path) {
            Contents::Missing => return,
            Contents::Unreadable => {
                config.unreadable.push(shown);
                return;
            }
            Contents::Text(text) => text,
        };
        self.files += 1;
        let dir = path.parent().unwrap_or(Path::new("/")).to_path_buf();
        for (key, value) in parse(&text) {
            let include = match key.as_str() {
                "include.path" => value.clone(),
                k if k.starts_with("includeif.") && k.ends_with(".path") => {
                    let condition = &key["includeif.".len()..key.len() - ".path".len()];
                    // The subsection keeps its case; `parse` lower-cases only section and name.
                    self.holds(condition, &dir).then(|| value.clone()).flatten()
                }
                _ => None,
            };
            config.entries.push(Entry {
                key,
                value,
                origin: shown.clone(),
            });
            if let Some(target) = include {
                let Some(target) = files::expand_tilde(&target, self.conditions.home.as_deref())
                else {
                    continue;
                };
                let target = if target.is_absolute() {
                    target
                } else {
                    dir.join(target)
                };
                self.file_at(config, &target, depth + 1);
            }
        }
    }

    /// Whether an `includeIf` condition holds. Unknown conditions do not (as in git); any other
    /// `hasconfig:` is taken to hold, which reads more than git may, never less.
    /// `hasconfig:remote.*.url:PATTERN` holds when a URL of [`Conditions::remote_urls`] matches
    /// (git's `include_by_remote_url`: it first reads the whole configuration with every such
    /// include followed to collect the URLs, then tests them); before they are known it holds.
    fn holds(&mut self, condition: &str, dir: &Path) -> bool {
        let home = self.conditions.home.as_deref();
        let (pattern, folded) = if let Some(p) = condition.strip_prefix("gitdir:") {
            (p, false)
        } else if let Some(p) = condition.strip_prefix("gitdir/i:") {
            (p, true)
        } else if let Some(p) = condition.strip_prefix("onbranch:") {
            let Some(branch) = &self.conditions.branch else {
                return false;
            };
            let mut pattern = p.to_string();
            if pattern.ends_with('/') {
                pattern.push_str("**");
            }
            return files::wildmatch(&pattern, branch, false);
        } else if let Some(p) = condition.strip_prefix("hasconfig:remote.*.url:") {
            self.saw_remote_url_condition = true;
            return match &self.conditions.remote_urls {
                // `files::wildmatch` lets `**` match more than git's WM_PATHNAME does, never less.
                Some(urls) => urls.iter().any(|url| files::wildmatch(p, url, false)),
                None => true,
            };
        } else {
            return condition.starts_with("hasconfig:");
        };
        let mut pattern = if let Some(rest) = pattern.strip_prefix("~/") {
            match home {
                Some(h) => format!("{}/{rest}", h.display()),
                None => return false,
            }
        } else if let Some(rest) = pattern.strip_prefix("./") {
            format!("{}/{rest}", dir.display())
        } else if pattern.starts_with('/') {
            pattern.to_string()
        } else {
            format!("**/{pattern}")
        };
        if pattern.ends_with('/') {
            pattern.push_str("**");
        }
        self.conditions.git_dirs.iter().any(|gitdir| {
            let text = gitdir.display().to_string();
            files::wildmatch(&pattern, &text, folded)
                || files::wildmatch(&pattern, &format!("{text}/"), folded)
        })
    }
}

/// The `(key, value)` pairs of a configuration file's text, in order. Malformed lines are
/// skipped where git would stop with an error (it then runs nothing either).
pub fn parse(text: &str) -> Vec<(String, Option<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut section = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '#' || c == ';' {
            i = line_end(&chars, i);
            continue;
        }
        if c == '[' {
            match header(&chars, i + 1) {
                Some((name, end)) => {
                    section = name;
                    i = end;
                }
                None => {
                    section.clear();
                    i = line_end(&chars, i);
                }
            }
            continue;
        }
        if !c.is_ascii_alphabetic() || section.is_empty() {
            i = line_end(&chars, i);
            continue;
        }
        let start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '-') {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect::<String>().to_lowercase();
        while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
            i += 1;
        }
        let key = format!("{section}.{name}");
        if chars.get(i) == Some(&'=') {
            let (value, end) = value(&chars, i + 1);
            out.push((key, Some(value)));
            i = end;
        } else {
            out.push((key, None));
            i = line_end(&chars, i);
        }
    }
    out
}

/// `[section]`, `[section "sub"]` or the old `[section.sub]`, from after the `[`: the prefix
/// of keys (`section.sub`) and where the header ends.
fn header(chars: &[char], mut i: usize) -> Option<(String, usize)> {
    let start = i;
    while i < chars.len()
        && (chars[i].is_ascii_alphanumeric() || chars[i] == '-' || chars[i] == '.')
    {
        i += 1;
    }
    let name: String = chars[start..i].iter().collect::<String>().to_lowercase();
    if name.is_empty() {
        return None;
    }
    match chars.get(i) {
        Some(']') => Some((name, i + 1)),
        Some(' ' | '\t') => {
            while matches!(chars.get(i), Some(' ' | '\t')) {
                i += 1;
            }
            if chars.get(i) != Some(&'"') {
                return None;
            }
            i += 1;
            let mut sub = String::new();
            loop {
                match chars.get(i)? {
                    '\\' => {
                        sub.push(*chars.get(i + 1)?);
                        i += 2;
                    }
                    '"' => break,
                    '\n' => return None,
                    &c => {
                        sub.push(c);
                        i += 1;
                    }
                }
            }
            (chars.get(i + 1) == Some(&']')).then(|| (format!("{name}.{sub}"), i + 2))
        }
        _ => None,
    }
}

/// A value from after the `=`: quotes removed, escapes decoded, `\` at a line's end continuing
/// it, a comment ending it; spaces at its ends trimmed unless quoted.
fn value(chars: &[char], mut i: usize) -> (String, usize) {
    let mut out = String::new();
    let mut quoted = false;
    // Trailing unquoted spaces are dropped: `kept` is the length that ends with real content.
    let mut kept = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' if !quoted => break,
            '\n' => break,
            '"' => {
                quoted = !quoted;
                kept = out.len();
            }
            '#' | ';' if !quoted => {
                i = line_end(chars, i);
                break;
            }
            '\\' => {
                i += 1;
                match chars.get(i) {
                    Some('\n') => {}
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('b') => {
                        out.pop();
                    }
                    Some(&e) => out.push(e),
                    None => break,
                }
                kept = out.len();
            }
            ' ' | '\t' if !quoted => {
                if !out.is_empty() {
                    out.push(c);
                }
            }
            _ => {
                out.push(c);
                kept = out.len();
            }
        }
        i += 1;
    }
    out.truncate(kept);
    (out, i)
}

fn line_end(chars: &[char], i: usize) -> usize {
    chars[i..]
        .iter()
        .position(|&c| c == '\n')
        .map_or(chars.len(), |p| i + p)
}

/// `GIT_CONFIG_PARAMETERS` (what `git -c` passes to the git programs it starts): `'key'='value'`
/// or `'key=value'` items, shell-quoted; `None` when it cannot be read.
pub fn parameters(text: &str) -> Option<Vec<(String, Option<String>)>> {
    let mut out = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut in_word = false;
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        x => current.push(x),
                    }
                }
            }
            '\\' => {
                in_word = true;
                current.push(chars.next()?);
            }
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            other => {
                in_word = true;
                current.push(other);
            }
        }
    }
    if in_word {
        words.push(current);
    }
    for word in words {
        let (key, value) = match word.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (word.clone(), None),
        };
        out.push((canonical_key(&key)?, value));
    }
    Some(out)
}

/// `Section.Sub.Name` as git compares keys: section and name lower-cased, the subsection kept.
pub fn canonical_key(key: &str) -> Option<String> {
    let (section, rest) = key.split_once('.')?;
    Some(match rest.rsplit_once('.') {
        Some((sub, name)) => format!(
            "{}.{sub}.{}",
            section.to_ascii_lowercase(),
            name.to_ascii_lowercase()
        ),
        None => format!(
            "{}.{}",
            section.to_ascii_lowercase(),
            rest.to_ascii_lowercase()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn parses_like_git() {
        let text = "# c\n[core]\n\tfsmonitor = \"/a b/hook\" ; comment\n\tBare\n[diff \"Plain\"]\n  textconv = conv \\\n  --x\n[alias] st = status -sb\n[Section.Sub]\nkey=v\\\"q # c\n";
        assert_eq!(
            parse(text),
            vec![
                ("core.fsmonitor".into(), Some("/a b/hook".into())),
                ("core.bare".into(), None),
                ("diff.Plain.textconv".into(), Some("conv   --x".into())),
                ("alias.st".into(), Some("status -sb".into())),
                ("section.sub.key".into(), Some("v\"q".into())),
            ]
        );
        assert_eq!(
            parameters("'core.fsmonitor'='/x' 'alias.a=!sh'"),
            Some(vec![
                ("core.fsmonitor".into(), Some("/x".into())),
                ("alias.a".into(), Some("!sh".into())),
            ])
        );
    }
}
