//! INI-like configuration as Mercurial and Subversion read it: `[section]`, `key = value` (svn
//! also `key: value`), a line that starts with white space continues the value before it,
//! comments start a line with `#` or `;`; hg's `%include FILE` (relative to the including file)
//! and `%unset KEY`. Reading is bounded: [`MAX_INCLUDE_DEPTH`] and [`MAX_FILES`], each file by
//! [`files::read_text`]'s size. A file that cannot be read or parsed is recorded in
//! [`Ini::problems`], and whoever asks fails closed.

use std::path::Path;

use super::files::{self, Contents};

const MAX_INCLUDE_DEPTH: usize = 8; // hg sets no limit of its own; a real setup nests one or two
const MAX_FILES: usize = 32; // every file of a real setup, with room; a cycle or a fan-out stops here

/// Which program's syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Mercurial's `config.py`: `%include`, `%unset`, `=` only.
    Hg,
    /// Subversion's `config_file.c`: `=` or `:`, no directives.
    Svn,
}

/// One `key = value`, or one `%unset key` (a `None` value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub section: String,
    pub key: String,
    pub value: Option<String>,
    /// The file (or `--config`) that set it, for reasons.
    pub origin: String,
}

/// Every entry read, in order: a later one wins.
#[derive(Debug, Default)]
pub struct Ini {
    pub entries: Vec<Entry>,
    /// Why a file's content is unknown (too large, not text, a line that does not parse, an
    /// include past the bounds): what it sets may run anything.
    pub problems: Vec<String>,
    files: usize,
}

impl Ini {
    /// Adds the file at `path` (and what it includes); a missing file adds nothing.
    pub fn file(&mut self, path: &Path, dialect: Dialect, home: Option<&Path>) {
        self.file_at(path, dialect, home, 0);
    }

    fn file_at(&mut self, path: &Path, dialect: Dialect, home: Option<&Path>, depth: usize) {
        let shown = path.display().to_string();
        if depth > MAX_INCLUDE_DEPTH || self.files >= MAX_FILES {
            self.problems
                .push(format!("{shown} is included past the files read here"));
            return;
        }
        self.files += 1;
        match files::read_text(path) {
            Contents::Missing => {}
            Contents::Unreadable => self.problems.push(format!("{shown} cannot be read")),
            Contents::Text(text) => {
                let base = path.parent().unwrap_or(Path::new("/"));
                self.text(&text, &shown, dialect, &mut |ini, include| {
                    let target = match files::expand_tilde(include, home) {
                        Some(p) if p.is_absolute() => p,
                        Some(p) => base.join(p),
                        None => {
                            ini.problems.push(format!(
                                "{shown} includes {include}, under a HOME not known"
                            ));
                            return;
                        }
                    };
                    if include.contains('$') {
                        ini.problems.push(format!(
                            "{shown} includes {include}, a path with a variable"
                        ));
                        return;
                    }
                    ini.file_at(&files::normal(&target), dialect, home, depth + 1);
                });
            }
        }
    }

    /// Adds the entries of `text`; `include` is called for each `%include`.
    fn text(
        &mut self,
        text: &str,
        origin: &str,
        dialect: Dialect,
        include: &mut dyn FnMut(&mut Ini, &str),
    ) {
        let mut section = String::new();
        // The entry a continuation line adds to.
        let mut open: Option<usize> = None;
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if line.starts_with([' ', '\t']) && !trimmed.is_empty() {
                match open {
                    Some(at) => {
                        let value = self.entries[at].value.get_or_insert_with(String::new);
                        if !value.is_empty() {
                            value.push('\n');
                        }
                        value.push_str(trimmed);
                        continue;
                    }
                    // hg reads an indented line with nothing before it as an entry.
                    None if dialect == Dialect::Hg => {}
                    None => {
                        self.problems.push(format!(
                            "{origin}:{}: a continued line with nothing to continue",
                            n + 1
                        ));
                        return;
                    }
                }
            }
            open = None;
            if trimmed.is_empty() || trimmed.starts_with(['#', ';']) {
                continue;
            }
            if let Some(name) = trimmed
                .strip_prefix('[')
                .and_then(|r| r.split_once(']'))
                .map(|(name, _)| name)
            {
                section = name.trim().to_string();
                continue;
            }
            if dialect == Dialect::Hg {
                if let Some(path) = trimmed.strip_prefix("%include") {
                    include(self, path.trim());
                    continue;
                }
                if let Some(key) = trimmed.strip_prefix("%unset") {
                    self.entries.push(Entry {
                        section: section.clone(),
                        key: key.trim().to_string(),
                        value: None,
                        origin: origin.to_string(),
                    });
                    continue;
                }
            }
            let split = match dialect {
                Dialect::Hg => trimmed.split_once('='),
                Dialect::Svn => trimmed
                    .find([':', '='])
                    .map(|at| (&trimmed[..at], &trimmed[at + 1..])),
            };
            let Some((key, value)) = split.filter(|(k, _)| !k.trim().is_empty()) else {
                self.problems
                    .push(format!("{origin}:{}: a line that does not parse", n + 1));
                return;
            };
            self.entries.push(Entry {
                section: section.clone(),
                key: key.trim().to_string(),
                value: Some(value.trim().to_string()),
                origin: origin.to_string(),
            });
            open = Some(self.entries.len() - 1);
        }
    }

    /// `section.key=value`, given on a command line (hg's `--config`).
    pub fn command_line(&mut self, setting: &str, origin: &str) {
        let parsed = setting
            .split_once('=')
            .and_then(|(name, value)| name.split_once('.').map(|(s, k)| (s, k, value)));
        match parsed {
            Some((section, key, value)) if !section.is_empty() && !key.is_empty() => {
                self.entries.push(Entry {
                    section: section.to_string(),
                    key: key.to_string(),
                    value: Some(value.to_string()),
                    origin: origin.to_string(),
                })
            }
            _ => self
                .problems
                .push(format!("{origin} {setting} does not parse")),
        }
    }

    /// The entries of `section` in effect: the last of each key, those `%unset` left out.
    pub fn section<'a>(&'a self, section: &'a str) -> impl Iterator<Item = &'a Entry> + 'a {
        self.entries.iter().enumerate().filter_map(move |(i, e)| {
            let last = !self.entries[i + 1..]
                .iter()
                .any(|later| later.section == e.section && later.key == e.key);
            (e.section == section && last && e.value.is_some()).then_some(e)
        })
    }

    /// The value in effect for `section.key`.
    pub fn get<'a>(&'a self, section: &'a str, key: &'a str) -> Option<&'a Entry> {
        self.section(section).find(|e| e.key == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn read(text: &str, dialect: Dialect) -> Ini {
        let mut ini = Ini::default();
        ini.text(text, "f", dialect, &mut |ini, path| {
            ini.problems.push(format!("include {path}"))
        });
        ini
    }

    #[test]
    fn reads_sections_continuations_and_directives() {
        let ini = read(
            "# c\n[hooks]\npre-log =\n  touch x\n  echo y\n; c\n[ui]\nusername = a = b\n%unset username\n%include other.rc\n",
            Dialect::Hg,
        );
        assert_eq!(
            ini.get("hooks", "pre-log").and_then(|e| e.value.clone()),
            Some("touch x\necho y".to_string())
        );
        assert_eq!(ini.get("ui", "username"), None);
        assert_eq!(ini.problems, vec!["include other.rc".to_string()]);
    }

    #[test]
    fn svn_takes_colons_and_fails_on_garbage() {
        let ini = read("[helpers]\ndiff-cmd: /bin/d\n", Dialect::Svn);
        assert_eq!(
            ini.get("helpers", "diff-cmd")
                .and_then(|e| e.value.as_deref()),
            Some("/bin/d")
        );
        let bad = read("[ui]\njust words\n", Dialect::Hg);
        assert_eq!(bad.problems.len(), 1);
    }
}
