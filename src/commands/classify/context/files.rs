//! Reading what a command's programs will read, within bounds: a file's text up to a size, the
//! first bytes of a program (is it a script, and for which interpreter), a program's place on
//! `PATH`, and git's wildmatch for the patterns configuration files use. Nothing here runs
//! anything or follows more than it is asked to.

use std::fs;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// A configuration file larger than this is not read (and whoever asked fails closed): every
/// configuration this classifier reads is a few kilobytes when written by hand.
pub const MAX_CONFIG_BYTES: u64 = 256 * 1024;

/// What reading a file gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contents {
    Missing,
    /// Present but too large, unreadable or not text: its content is unknown.
    Unreadable,
    Text(String),
}

/// The text of `path` when it is a file of at most [`MAX_CONFIG_BYTES`].
pub fn read_text(path: &Path) -> Contents {
    let Ok(meta) = fs::metadata(path) else {
        return Contents::Missing;
    };
    if !meta.is_file() {
        return if meta.is_dir() {
            Contents::Unreadable
        } else {
            Contents::Missing
        };
    }
    if meta.len() > MAX_CONFIG_BYTES {
        return Contents::Unreadable;
    }
    let Ok(file) = fs::File::open(path) else {
        return Contents::Unreadable;
    };
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    if file
        .take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)
        .is_err()
        || bytes.len() as u64 > MAX_CONFIG_BYTES
    {
        return Contents::Unreadable;
    }
    match String::from_utf8(bytes) {
        Ok(text) => Contents::Text(text),
        Err(e) => Contents::Text(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// Whether the file at `path` says what `said` looks for in its text; one that is there but
/// cannot be read (too large, not text, a directory) is taken to say it: whoever asks fails closed.
pub fn says(path: &Path, said: impl Fn(&str) -> bool) -> bool {
    match read_text(path) {
        Contents::Missing => false,
        Contents::Unreadable => true,
        Contents::Text(t) => said(&t),
    }
}

/// The first of `candidates` that [`says`] what `said` looks for.
pub fn first_saying(
    candidates: impl IntoIterator<Item = PathBuf>,
    said: impl Fn(&str) -> bool,
) -> Option<PathBuf> {
    candidates.into_iter().find(|c| says(c, &said))
}

/// The first `n` bytes of `path` (fewer when it is shorter); `None` when it cannot be opened.
pub fn head(path: &Path, n: usize) -> Option<Vec<u8>> {
    let file = fs::File::open(path).ok()?;
    let mut bytes = Vec::with_capacity(n);
    file.take(n as u64).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

pub fn is_file(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_file())
}

pub fn is_dir(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_dir())
}

pub fn exists(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// Nothing is at `path`, not even a dangling link: the lookup failed because a part of it is
/// not there (or is not a directory), not for any other reason.
pub fn absent(path: &Path) -> bool {
    fs::symlink_metadata(path).is_err_and(|e| {
        matches!(
            e.kind(),
            std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
        )
    })
}

/// An executable file (what a hook, a shim or a program on `PATH` must be to run).
pub fn is_executable(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| crate::process::os::meta::is_executable_file(&m))
}

/// The home directory of the account this process runs as, from `/etc/passwd` (ssh and sqlite3
/// take `~` from there, not from `HOME`). The account is the owner of `/proc/self`.
pub fn account_home() -> Option<PathBuf> {
    let uid = crate::process::os::meta::account_uid()?.to_string();
    let Contents::Text(passwd) = read_text(Path::new("/etc/passwd")) else {
        return None;
    };
    passwd.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.len() >= 7 && fields[2] == uid).then(|| PathBuf::from(fields[5]))
    })
}

/// `path` joined onto `base` unless it is absolute, with `.` and `..` resolved in the text (not
/// through symbolic links, as a shell's `cd` does).
pub fn join(base: &Path, path: &str) -> PathBuf {
    normal(&base.join(path))
}

/// The directory the kernel is in after a `cd` to `dir` (its symbolic links resolved, as
/// `getcwd` gives it to git, cargo, node or python walking up for their configuration), or `dir`
/// as written when it cannot be resolved.
pub fn physical(dir: &Path) -> PathBuf {
    std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf())
}

/// `path` with `.` and `..` resolved in the text.
pub fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `path` with its tilde prefix expanded, as bash does for a word and git for a path in its
/// configuration: `~` and `~/…` from `home`, `~USER` and `~USER/…` from USER's entry in
/// /etc/passwd; `path` as it is when it has none. `None` when the prefix is not expanded here:
/// no `home`, bash's `~+`, `~-` and `~N` (its working directories and directory stack, which
/// are not git's), a user /etc/passwd does not list (name services are not asked: they may
/// reach the network).
pub fn expand_tilde(path: &str, home: Option<&Path>) -> Option<PathBuf> {
    let Some(prefixed) = path.strip_prefix('~') else {
        return Some(PathBuf::from(path));
    };
    let (user, rest) = prefixed.split_once('/').unwrap_or((prefixed, ""));
    let base = if user.is_empty() {
        home?.to_path_buf()
    } else {
        user_home(user)?
    };
    Some(if rest.is_empty() {
        base
    } else {
        base.join(rest)
    })
}

/// The home directory /etc/passwd gives `user` (its sixth field).
fn user_home(user: &str) -> Option<PathBuf> {
    let Contents::Text(passwd) = read_text(Path::new("/etc/passwd")) else {
        return None;
    };
    passwd.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.len() == 7 && fields[0] == user && fields[5].starts_with('/'))
            .then(|| PathBuf::from(fields[5]))
    })
}

/// The interpreter a program file names on its `#!` line (`/usr/bin/env bash` is `bash`), as
/// a bare name; `None` for a binary or an unreadable file.
pub fn interpreter(path: &Path) -> Option<String> {
    const SHEBANG_BYTES: usize = 256; // the kernel reads at most 256 bytes of a `#!` line too
    let head = head(path, SHEBANG_BYTES)?;
    let line = head.strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next()?;
    let line = String::from_utf8_lossy(line);
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let base = first.rsplit('/').next().unwrap_or(first);
    if base == "env" {
        return words
            .find(|w| !w.starts_with('-') && !w.contains('='))
            .map(|w| w.rsplit('/').next().unwrap_or(w).to_string());
    }
    Some(base.to_string())
}

/// Where `program` is found on `path_var` (a `PATH` value; an empty entry is `cwd`).
pub fn on_path(program: &str, path_var: &str, cwd: &Path) -> Option<PathBuf> {
    path_var
        .split(':')
        .map(|dir| if dir.is_empty() { "." } else { dir })
        .map(|dir| join(cwd, dir).join(program))
        .find(|candidate| is_executable(candidate))
}

/// How many directories [`ancestors`] walks up at most: deeper trees do not exist in practice;
/// the walk is bounded anyway.
pub const MAX_ANCESTORS: usize = 64;

/// The directories from `start` up to the root, `start` first.
pub fn ancestors(start: &Path) -> impl Iterator<Item = &Path> {
    start.ancestors().take(MAX_ANCESTORS)
}

/// git's wildmatch with `WM_PATHNAME`: `*` and `?` do not match `/`, `**` between slashes
/// matches any number of directories, `[…]` is a class. Configuration conditions
/// (`includeIf "gitdir:…"`) use it.
pub fn wildmatch(pattern: &str, text: &str, case_insensitive: bool) -> bool {
    let fold = |s: &str| {
        if case_insensitive {
            s.to_lowercase()
        } else {
            s.to_string()
        }
    };
    let p: Vec<char> = fold(pattern).chars().collect();
    let t: Vec<char> = fold(text).chars().collect();
    matches_at(&p, &t)
}

fn matches_at(p: &[char], t: &[char]) -> bool {
    match p.first() {
        None => t.is_empty(),
        Some('*') if p.get(1) == Some(&'*') => {
            // `**`: anything, slashes included; `**/` also matches no directory at all.
            let rest = &p[2..];
            let rest_after_slash = rest.strip_prefix(&['/']).unwrap_or(rest);
            (0..=t.len()).any(|i| matches_at(rest, &t[i..]))
                || (rest.first() == Some(&'/') && matches_at(rest_after_slash, t))
        }
        Some('*') => (0..=t.len())
            .take_while(|&i| i == 0 || t[i - 1] != '/')
            .any(|i| matches_at(&p[1..], &t[i..])),
        Some('?') => t.first().is_some_and(|&c| c != '/') && matches_at(&p[1..], &t[1..]),
        Some('[') => {
            let Some(close) = p.iter().skip(2).position(|&c| c == ']').map(|i| i + 2) else {
                return t.first() == Some(&'[') && matches_at(&p[1..], &t[1..]);
            };
            let Some(&c) = t.first() else {
                return false;
            };
            let class = &p[1..close];
            let (negated, class) = match class.first() {
                Some('!' | '^') => (true, &class[1..]),
                _ => (false, class),
            };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                if class.get(i + 1) == Some(&'-') && i + 2 < class.len() {
                    hit |= class[i] <= c && c <= class[i + 2];
                    i += 3;
                } else {
                    hit |= class[i] == c;
                    i += 1;
                }
            }
            hit != negated && c != '/' && matches_at(&p[close + 1..], &t[1..])
        }
        Some('\\') if p.len() > 1 => t.first() == Some(&p[1]) && matches_at(&p[2..], &t[1..]),
        Some(&c) => t.first() == Some(&c) && matches_at(&p[1..], &t[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_like_wildmatch() {
        for (pattern, text, expected) in [
            ("**/work/**", "/home/a/work/repo/.git", true),
            ("**/work/**", "/home/a/play/repo/.git", false),
            ("/a/*/c", "/a/b/c", true),
            ("/a/*/c", "/a/b/x/c", false),
            ("/a/**/c", "/a/b/x/c", true),
            ("/a/**/c", "/a/c", true),
            ("feat*", "feature", true),
            ("feat?re", "feature", true),
            ("[a-c]x", "bx", true),
            ("[!a-c]x", "bx", false),
        ] {
            assert_eq!(
                wildmatch(pattern, text, false),
                expected,
                "{pattern} {text}"
            );
        }
        assert!(wildmatch("/HOME/**", "/home/x", true));
    }
}
