//! The path-list shape that listings, `git status`, formatters and linters share: entries grouped
//! under their directory, the directory written once (`src/jobs/` then `  a.rs  b.rs` on rows),
//! a directory holding a single entry written as that entry's whole path.

/// Entries joined on a row up to about this width: a row break costs a token, and a longer row
/// stays well under the tool layer's 768-byte column cap.
const ROW_CHARS: usize = 160;

pub(super) use crate::minimize::text::FastHash;

/// Entries grouped by directory, in the order their directories first appear.
#[derive(Default)]
pub(super) struct PathList {
    groups: Vec<(String, Vec<String>)>,
    index: std::collections::HashMap<String, usize, FastHash>,
}

impl PathList {
    /// Adds `shown` (the entry as written under its directory) to `dir` (`src/jobs/`, or `""` for
    /// entries at the top).
    pub fn add(&mut self, dir: &str, shown: String) {
        // Entries of one directory mostly come together: the last group first, then the index.
        if let Some((_, entries)) = self.groups.last_mut().filter(|(d, _)| d == dir) {
            entries.push(shown);
            return;
        }
        let i = match self.index.get(dir) {
            Some(&i) => i,
            None => {
                self.groups.push((dir.to_string(), Vec::new()));
                self.index.insert(dir.to_string(), self.groups.len() - 1);
                self.groups.len() - 1
            }
        };
        self.groups[i].1.push(shown);
    }

    /// Adds a whole path, split at its last `/` (a trailing `/`, a directory's mark, stays
    /// with the name).
    pub fn add_path(&mut self, path: &str) {
        let (dir, name) = split_dir(path);
        self.add(dir, name.to_string());
    }

    pub fn len(&self) -> usize {
        self.groups.iter().map(|(_, e)| e.len()).sum()
    }

    /// `dir/` then its entries on indented rows; a directory with one entry as one line; entries
    /// at the top on unindented rows.
    pub fn render(self, out: &mut Vec<String>) {
        self.render_with("", out);
    }

    /// As [`PathList::render`], each directory (and each entry at the top) led by `prefix`, a
    /// state all the entries share (`M src/` then `  a.rs b.rs`). Entries at the top with a
    /// prefix go a line each (`A CHANGELOG.md`): on a row, `A a.md  A b.md` would be pairs only
    /// by their spacing, for about the same tokens.
    pub fn render_with(self, prefix: &str, out: &mut Vec<String>) {
        for (dir, entries) in self.groups {
            match entries.as_slice() {
                [] => out.push(format!("{prefix}{dir}")),
                [one] if !dir.is_empty() => out.push(format!("{prefix}{dir}{one}")),
                _ if dir.is_empty() && !prefix.is_empty() => {
                    out.extend(entries.into_iter().map(|e| format!("{prefix}{e}")))
                }
                _ if dir.is_empty() => rows(
                    entries
                        .into_iter()
                        .map(|e| format!("{prefix}{e}"))
                        .collect(),
                    "",
                    out,
                ),
                _ => {
                    out.push(format!("{prefix}{dir}"));
                    rows(entries, "  ", out);
                }
            }
        }
    }
}

/// `a/b/c.rs` as (`a/b/`, `c.rs`); `a/b/` as (`a/`, `b/`); `c.rs` as (``, `c.rs`).
pub(super) fn split_dir(path: &str) -> (&str, &str) {
    let trimmed = path.strip_suffix('/').unwrap_or(path);
    match trimmed.rfind('/') {
        Some(i) => (&path[..=i], &path[i + 1..]),
        None => ("", path),
    }
}

/// Entries on rows of about [`ROW_CHARS`], one space apart, or two when an entry holds a space
/// (`a.rs: 4, 20`, a name with a space) other than before a package tree's mark (`debug@4.4.3
/// deduped`: the mark is a word no package entry is) or in its groups (`(deduped: …)`, `(each
/// >…: …)`).
pub(super) fn rows(entries: Vec<String>, indent: &str, out: &mut Vec<String>) {
    let marked = |e: &str| {
        e.starts_with("(deduped: ")
            || e.starts_with("(each >")
            || e.split_once(' ')
                .is_some_and(|(_, mark)| matches!(mark, "deduped" | "extraneous" | "overridden"))
    };
    let sep = if entries.iter().any(|e| e.contains(' ') && !marked(e)) {
        "  "
    } else {
        " "
    };
    let mut row = String::new();
    for e in entries {
        if !row.is_empty() && row.len() + e.len() + sep.len() > ROW_CHARS {
            out.push(format!("{indent}{}", std::mem::take(&mut row)));
        }
        if !row.is_empty() {
            row.push_str(sep);
        }
        row.push_str(&e);
    }
    if !row.is_empty() {
        out.push(format!("{indent}{row}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn paths_are_grouped_under_their_directory() {
        let mut list = PathList::default();
        for p in [
            "a/x.rs",
            "b/only.rs",
            "a/y.rs",
            "top.txt",
            "other.txt",
            "a/sub/",
        ] {
            list.add_path(p);
        }
        let mut out = Vec::new();
        list.render(&mut out);
        assert_eq!(
            out,
            vec!["a/", "  x.rs y.rs sub/", "b/only.rs", "top.txt other.txt"]
        );
        assert_eq!(split_dir("a/b/"), ("a/", "b/"));
        assert_eq!(split_dir("/x"), ("/", "x"));
    }
}
