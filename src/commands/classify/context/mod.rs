//! Classification in context: what a command's programs will read before they run, read here
//! first (never run): the git repository that applies and the keys that make git run programs,
//! cargo's and rustup's configuration, npm's, yarn's and pnpm's, Python's module search path and
//! site files, RubyGems' plugins and Bundler's Gemfile, the pager and tool variables of the
//! environment, and what kind of file each program is (a bash script reads `BASH_ENV`). Each
//! program a command would run is looked at with the working directories it may run in
//! ([`Probe::cd`]) and its environment (the context's, with the command's own `NAME=value`
//! prefixes over it).
//!
//! Reading is bounded: a configuration file is read up to [`files::MAX_CONFIG_BYTES`], includes
//! [`gitconfig`]'s depth and count, directory walks a fixed number of directories; what is past a
//! bound is taken to apply (fail closed).

mod catalog;
mod elf;
mod files;
mod git;
mod gitconfig;
mod hg;
mod ini;
mod ldcache;
mod make;
mod node;
mod objects;
mod python;
mod ruby;
mod rust;
mod startup;
mod svn;
mod tools;
mod utilities;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::verdict::{Level, Nested, Settle, Verdict};
use super::words::Word;

/// Where a command will run and with what environment.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// The working directory (absolute).
    pub cwd: PathBuf,
    /// The environment the command starts with (its `HOME`, `PATH`, `GIT_DIR`, …).
    pub env: HashMap<String, String>,
}

/// A variable of a program's environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Var<'a> {
    Unset,
    Set(&'a str),
    /// Assigned by the command to a value only known at run time (`GIT_DIR=$d git …`).
    Runtime,
}

/// A program's environment: the context's, with the command's prefix assignments over it.
#[derive(Clone, Copy)]
pub struct Env<'a> {
    base: &'a HashMap<String, String>,
    prefix: &'a [(String, Option<String>)],
}

/// In a prefix, a name no variable has: `env -i` (nothing before it is passed on).
pub const CLEARED: &str = "";
/// In a prefix, a value no variable can hold (bash's strings have no NUL byte): `env -u NAME`.
pub const UNSET: &str = "\0";

impl<'a> Env<'a> {
    pub fn get(&self, name: &str) -> Var<'a> {
        for (n, value) in self.prefix.iter().rev() {
            if n == CLEARED {
                return Var::Unset;
            }
            if n == name {
                return match value.as_deref() {
                    Some(UNSET) => Var::Unset,
                    Some(v) => Var::Set(v),
                    None => Var::Runtime,
                };
            }
        }
        match self.base.get(name) {
            Some(v) => Var::Set(v),
            None => Var::Unset,
        }
    }

    /// The value when it is set and known.
    pub fn value(&self, name: &str) -> Option<&'a str> {
        match self.get(name) {
            Var::Set(v) => Some(v),
            _ => None,
        }
    }

    /// Set to something other than the empty string (or to a run-time value).
    pub fn is_set(&self, name: &str) -> bool {
        match self.get(name) {
            Var::Set(v) => !v.is_empty(),
            Var::Runtime => true,
            Var::Unset => false,
        }
    }

    pub fn home(&self) -> Option<PathBuf> {
        self.value("HOME")
            .filter(|h| h.starts_with('/'))
            .map(PathBuf::from)
    }

    /// The configuration directories `$XDG_CONFIG_HOME` may mean for a program running in `dir`:
    /// an absolute value; a relative one both as git takes it (from the directory it runs in)
    /// and as the XDG specification says to (ignored, so `~/.config`); unset or empty,
    /// `~/.config`.
    pub fn xdg_configs(&self, dir: &Path) -> Vec<PathBuf> {
        let fallback = self.home().map(|h| h.join(".config"));
        match self.value("XDG_CONFIG_HOME").filter(|x| !x.is_empty()) {
            Some(x) if x.starts_with('/') => vec![PathBuf::from(x)],
            Some(x) => std::iter::once(files::join(dir, x))
                .chain(fallback)
                .collect(),
            None => fallback.into_iter().collect(),
        }
    }

    /// Every name set, the prefix's included.
    pub fn names(&self) -> impl Iterator<Item = &'a str> + 'a {
        let env = *self;
        self.base
            .keys()
            .map(String::as_str)
            .chain(self.prefix.iter().map(|(n, _)| n.as_str()))
            .filter(move |n| !n.is_empty() && !matches!(env.get(n), Var::Unset))
    }
}

/// bash's builtins and keywords: bash runs its own, whatever `PATH` holds.
#[rustfmt::skip]
const BASH_BUILTINS: &[&str] = &[
    ".", ":", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen", "complete",
    "compopt", "continue", "declare", "dirs", "disown", "echo", "enable", "eval", "exec", "exit", "export",
    "false", "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let", "local", "logout",
    "mapfile", "popd", "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift",
    "shopt", "source", "suspend", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask",
    "unalias", "unset", "wait", "time", "coproc",
];

/// The context of one classification, as the walk goes: the directories the command may be in
/// by now, and what each program of it will read.
pub struct Probe {
    ctx: Context,
    /// Every directory a program may run in: the context's, then each `cd` target met so far (a
    /// `cd` in a subshell or a branch that does not run leaves the others current).
    dirs: Vec<PathBuf>,
    /// A `cd` to a directory only known at run time.
    lost: Option<String>,
    /// git aliases expanded so far in this command (they may name each other).
    aliases: usize,
    /// Files read for `source` so far in this command (a file may source itself).
    sourced: usize,
    /// The path the next program checked is run by ([`Probe::run_by_path`]).
    by_path: Option<String>,
    /// The program the next check is of, when another program starts it ([`Probe::run_by_exec`]).
    by_exec: Option<String>,
    /// Builtins the command turned off (`enable -n echo`): bash runs them from `PATH` after.
    disabled: Vec<String>,
}

const MAX_DIRS: usize = 8; // `cd a; …; cd b; …`: more directory changes than this are not followed
const MAX_SOURCED: usize = 16; // files a command's `source`s read, nested ones included; past it they are not read
const MAX_ALIASES: usize = 8; // git stops an alias loop too; a chain longer than this is not followed

/// A git alias, expanded.
pub enum Alias {
    /// `!code`: a shell runs `code` with the arguments after it.
    Shell(String),
    /// Another git command line.
    Git(Vec<Word>),
}

impl Probe {
    pub fn new(ctx: Context) -> Self {
        let cwd = files::normal(&ctx.cwd);
        Probe {
            ctx,
            dirs: vec![cwd],
            lost: None,
            aliases: 0,
            sourced: 0,
            by_path: None,
            by_exec: None,
            disabled: Vec::new(),
        }
    }

    /// `enable -n NAME`: later, bash looks NAME up on `PATH` as a program, and a program of
    /// that name planted there is what runs.
    pub fn disable_builtin(&mut self, name: &str) {
        self.disabled.push(name.to_string());
    }

    fn env<'a>(&'a self, prefix: &'a [(String, Option<String>)]) -> Env<'a> {
        Env {
            base: &self.ctx.env,
            prefix,
        }
    }

    /// `cd DIR` (or `pushd DIR`, `env -C DIR`): later programs may run there. `None`: only
    /// known at run time (a glob among them: which directory it names is bash's).
    pub fn cd(&mut self, target: Option<&str>, shown: &str) {
        let Some(target) = target else {
            self.lost = Some(shown.to_string());
            return;
        };
        let target = if target.is_empty() || target == "~" {
            match self.ctx.env.get("HOME") {
                Some(home) => home.clone(),
                None => return,
            }
        } else if target == "-" {
            self.lost = Some(shown.to_string());
            return;
        } else {
            target.to_string()
        };
        if self.dirs.len() >= MAX_DIRS {
            self.lost = Some(shown.to_string());
            return;
        }
        let last = self.dirs.last().cloned().unwrap_or_default();
        // `cd ~+/x`, `cd ~-`, `cd ~nobody`: a tilde prefix not expanded here.
        let Some(expanded) = files::expand_tilde(&target, self.env(&[]).home().as_deref()) else {
            self.lost = Some(shown.to_string());
            return;
        };
        // bash's `cd` looks a TARGET that does not start with `/`, `.` or `..` (cd.def's
        // absolute_pathname) up in CDPATH's directories first (an empty or relative entry from
        // where the command is), and only then where the command is: each one that is there is
        // a place the command may go.
        let mut places = Vec::new();
        let dotted = |t: &Path| {
            t.components().next().is_some_and(|c| {
                matches!(
                    c,
                    std::path::Component::RootDir
                        | std::path::Component::CurDir
                        | std::path::Component::ParentDir
                )
            })
        };
        if let Some(cdpath) = self.ctx.env.get("CDPATH").filter(|v| !v.is_empty()) {
            if !dotted(&expanded) {
                for entry in cdpath.split(':') {
                    let base = last.join(if entry.is_empty() { "." } else { entry });
                    let candidate = files::normal(&base.join(&expanded));
                    if files::is_dir(&candidate) {
                        places.push(candidate);
                    }
                }
            }
        }
        places.push(files::normal(&last.join(&expanded)));
        for place in places {
            if self.dirs.len() >= MAX_DIRS {
                self.lost = Some(shown.to_string());
                return;
            }
            let dir = files::physical(&place);
            if !self.dirs.contains(&dir) {
                self.dirs.push(dir);
            }
        }
    }

    /// The directories, as they are now: handed to [`Probe::after_cd`].
    pub fn dirs_now(&self) -> Vec<PathBuf> {
        self.dirs.clone()
    }

    /// What follows `cd TARGET &&` runs only where that `cd` took the command: TARGET from the
    /// one directory it could be in before (`before`, as [`Probe::dirs_now`] gave it), or an
    /// absolute TARGET, a directory that is there. Taken when bash's `cd` resolves TARGET so (no
    /// `CDPATH`, no directory only known at run time), the directories are narrowed to it; what
    /// they were is handed back for [`Probe::widen`].
    pub fn after_cd(&mut self, before: &[PathBuf], target: &str) -> Option<Vec<PathBuf>> {
        let absolute = target.starts_with('/');
        if self.lost.is_some()
            || (before.len() != 1 && !absolute)
            || self.ctx.env.contains_key("CDPATH")
        {
            return None;
        }
        let from = before.first()?;
        let dir = files::normal(&from.join(target));
        // A directory that is not there leaves bash's `cd` to `cdable_vars` (a variable's value)
        // or to fail; only one that is there is certainly where it goes.
        if !files::is_dir(&dir) {
            return None;
        }
        Some(std::mem::replace(
            &mut self.dirs,
            vec![files::physical(&dir)],
        ))
    }

    /// After what [`Probe::after_cd`] narrowed: the directories it replaced, and those met since.
    pub fn widen(&mut self, kept: Vec<PathBuf>) {
        let since = std::mem::replace(&mut self.dirs, kept);
        for dir in since {
            if !self.dirs.contains(&dir) {
                self.dirs.push(dir);
            }
        }
    }

    /// The directory a `cd` argument only known at run time names, when the context tells:
    /// `$HOME/x` (a variable of the environment), `"$(git rev-parse --show-toplevel)"` (the top
    /// of the repository the walk is in).
    pub fn runtime_dir(&self, text: &str, shape: &str) -> Option<String> {
        let unquoted = text.trim_matches('"');
        if let Some(rest) = unquoted.strip_prefix("$(git rev-parse --show-toplevel)") {
            let dir = self.dirs.last()?;
            let top = files::ancestors(dir).find(|d| files::exists(&d.join(".git")))?;
            return Some(format!("{}{rest}", top.display()));
        }
        // `shape` keeps `$NAME` for an unresolved variable and marks anything else.
        let name_end = shape
            .strip_prefix('$')?
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(shape.len(), |i| i + 1);
        let name = &shape[1..name_end];
        let rest = &shape[name_end..];
        if rest.contains(['$', super::words::RUNTIME]) {
            return None;
        }
        let value = self.ctx.env.get(name)?;
        Some(format!("{value}{rest}"))
    }

    /// The value the command starts with for `name`, `None` when it is not set.
    pub fn start_value(&self, name: &str) -> Option<&str> {
        self.ctx.env.get(name).map(String::as_str)
    }

    /// Some variable of the context's environment is `value` (a descriptor's number, say).
    pub fn holds_value(&self, value: &str) -> bool {
        self.ctx.env.values().any(|v| v == value)
    }

    /// `program` is found on the context's `PATH` as the file `path` (both with their links
    /// resolved) from every directory the command may be in.
    pub fn finds_on_path(&self, program: &str, path: &str) -> bool {
        let (Some(search), Ok(wanted)) = (
            self.ctx.env.get("PATH"),
            std::fs::canonicalize(Path::new(path)),
        ) else {
            return false;
        };
        self.lost.is_none()
            && self.dirs.iter().all(|dir| {
                files::on_path(program, search, dir)
                    .and_then(|found| std::fs::canonicalize(found).ok())
                    .is_some_and(|found| found == wanted)
            })
    }

    /// `path` is a regular file (links followed) in every directory the command may be in.
    pub fn existing_file(&self, path: &str) -> bool {
        self.lost.is_none()
            && self
                .dirs
                .iter()
                .all(|dir| files::is_file(&files::join(dir, path)))
    }

    /// The size of `path`, a regular file (links followed) in every directory the command may
    /// be in: the largest.
    pub fn file_size(&self, path: &str) -> Option<u64> {
        if self.lost.is_some() || path.is_empty() || path.starts_with('~') {
            return None;
        }
        let mut size = 0;
        for dir in &self.dirs {
            let meta = std::fs::metadata(files::join(dir, path)).ok()?;
            if !meta.is_file() {
                return None;
            }
            size = size.max(meta.len());
        }
        Some(size)
    }

    /// `path` names something (a file, a directory, a link) in every directory the command may
    /// be in, the path taken as the kernel takes it (`x/..` needs `x`).
    pub fn existing(&self, path: &str) -> bool {
        self.lost.is_none()
            && !path.is_empty()
            && self.dirs.iter().all(|dir| files::exists(&dir.join(path)))
    }

    /// Every name under `start` (a relative path; itself a file or a directory), walked as
    /// `find` walks it without `-L` (a symbolic link is a name, not followed), is one of
    /// `plain` characters, in every directory the command may be in, and there are at most
    /// `max` of them in all. False when `start` is missing or a directory cannot be read.
    pub fn tree_names_all(&self, start: &str, max: usize, plain: impl Fn(char) -> bool) -> bool {
        if self.lost.is_some() || start.is_empty() || start.starts_with(['~', '/']) {
            return false;
        }
        let mut seen = 0;
        for dir in &self.dirs {
            let mut stack = vec![files::join(dir, start)];
            if std::fs::symlink_metadata(&stack[0]).is_err() {
                return false;
            }
            while let Some(path) = stack.pop() {
                let Ok(meta) = std::fs::symlink_metadata(&path) else {
                    return false;
                };
                if !meta.is_dir() {
                    continue;
                }
                let Ok(entries) = std::fs::read_dir(&path) else {
                    return false;
                };
                for entry in entries {
                    let Ok(entry) = entry else {
                        return false;
                    };
                    seen += 1;
                    let name = entry.file_name();
                    let Some(name) = name.to_str() else {
                        return false;
                    };
                    if seen > max || !name.chars().all(&plain) {
                        return false;
                    }
                    stack.push(entry.path());
                }
            }
        }
        true
    }

    /// `path` is a directory holding at least one entry in every directory the command may be
    /// in (`rmdir` fails on it with ENOTEMPTY).
    pub fn nonempty_dir(&self, path: &str) -> bool {
        self.lost.is_none()
            && !path.is_empty()
            && !path.starts_with('~')
            && self.dirs.iter().all(|dir| {
                std::fs::read_dir(files::join(dir, path)).is_ok_and(|mut d| d.next().is_some())
            })
    }

    /// Nothing is at `path` in any directory the command may be in (a relative path; one
    /// starting with `~` is not taken).
    pub fn absent(&self, path: &str) -> bool {
        self.lost.is_none()
            && !path.is_empty()
            && !path.starts_with('~')
            && self.dirs.iter().all(|dir| files::absent(&dir.join(path)))
    }

    /// The unary file test `operator` (`-e`, `-a`, `-d`, `-f`, `-s`, `-L`, `-h`) holds for
    /// `path` in every directory the command may be in: something is there (links followed but
    /// for `-L`/`-h`), a directory, a regular file, one not empty, a symbolic link. A judgement
    /// of the file system as the classifier sees it: what runs later may find it changed.
    pub fn file_test_holds(&self, operator: &str, path: &str) -> bool {
        if self.lost.is_some() || path.is_empty() || path.starts_with('~') {
            return false;
        }
        self.dirs.iter().all(|dir| {
            let at = dir.join(path);
            match operator {
                "-e" | "-a" => std::fs::metadata(&at).is_ok(),
                "-d" => std::fs::metadata(&at).is_ok_and(|m| m.is_dir()),
                "-f" => std::fs::metadata(&at).is_ok_and(|m| m.is_file()),
                "-s" => std::fs::metadata(&at).is_ok_and(|m| m.len() > 0),
                "-L" | "-h" => std::fs::symlink_metadata(&at).is_ok_and(|m| m.is_symlink()),
                _ => false,
            }
        })
    }

    /// The names a `for` loop's glob `pattern` (`*.json`, `src/test_?.py`: `*` and `?` in its
    /// last component only) can give its variable, in every directory the command may be in:
    /// the entries it matches there with bash's default options, and (so that `dotglob` and
    /// `nocaseglob`, which a session may have set, add nothing unseen) those it matches with
    /// them; the pattern itself when it matches nothing even with them (as bash gives it).
    /// `None` when it matches nothing with the defaults in a directory but something there or
    /// in another, past `max` names, for a name that is not a plain word (letters, digits, `_ . ,
    /// : + - @ %`), or where `GLOBIGNORE` or `BASHOPTS` is set.
    pub fn glob_names(&self, pattern: &str, max: usize) -> Option<Vec<String>> {
        let env = self.env(&[]);
        if self.lost.is_some() || env.is_set("GLOBIGNORE") || env.is_set("BASHOPTS") {
            return None;
        }
        let (parent, last) = match pattern.rsplit_once('/') {
            Some((parent, last)) => (Some(parent), last),
            None => (None, pattern),
        };
        let globbed = |t: &str| t.contains(['*', '?', '[', ']', '!']);
        if parent.is_some_and(|p| globbed(p) || p.is_empty())
            || !last.contains(['*', '?'])
            // `[…]` and `!` are not matched here; `(`, `)` and `|` make an extglob
            // (`*(x).o`, `@(a|b)`) under `shopt -s extglob`.
            || last.contains(['[', ']', '!', '(', ')', '|'])
            || last.starts_with('-')
            || pattern.starts_with('~')
        {
            return None;
        }
        let plain = |c: char| c.is_ascii_alphanumeric() || "_.,:+-@%".contains(c);
        let mut names: Vec<String> = Vec::new();
        let mut unmatched = false;
        for dir in &self.dirs {
            let read = match parent {
                Some(p) => std::fs::read_dir(files::join(dir, p)),
                None => std::fs::read_dir(dir),
            };
            // A parent that is not there (or not a directory) holds no name: the glob matches
            // nothing there.
            let read = match read {
                Ok(read) => Some(read),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                    ) =>
                {
                    None
                }
                Err(_) => return None,
            };
            let mut strict = false;
            for entry in read.into_iter().flatten() {
                let name = entry.ok()?.file_name().into_string().ok()?;
                let hidden = name.starts_with('.') && !last.starts_with('.');
                strict |= !hidden && files::wildmatch(last, &name, false);
                if !files::wildmatch(last, &name, true) {
                    continue;
                }
                if !name.chars().all(plain) {
                    return None;
                }
                let word = match parent {
                    Some(p) => format!("{p}/{name}"),
                    None => name,
                };
                if !names.contains(&word) {
                    names.push(word);
                }
                if names.len() > max {
                    return None;
                }
            }
            if !strict {
                unmatched = true;
            }
        }
        // Matched by nothing with the defaults in a directory, bash gives the pattern itself
        // there (`nullglob` gives nothing, `failglob` runs nothing): taken only where nothing
        // matches it even with `dotglob` and `nocaseglob`, in every directory.
        if unmatched {
            return names.is_empty().then(|| vec![pattern.to_string()]);
        }
        names.sort();
        Some(names)
    }

    /// How many names bash's default pathname expansion (no `dotglob`, `nocaseglob`,
    /// `GLOBIGNORE`) gives the glob `pattern` (`*` and `?` in a plain last part, in the working
    /// directory), the fewest over the directories the command may be in; `None` where
    /// `BASHOPTS` or `GLOBIGNORE` is set or the pattern is not of that shape.
    pub fn glob_count(&self, pattern: &str) -> Option<usize> {
        let env = self.env(&[]);
        if self.lost.is_some() || env.is_set("GLOBIGNORE") || env.is_set("BASHOPTS") {
            return None;
        }
        if pattern.contains(['/', '[', ']', '!', '\\', '~', '{'])
            || !pattern.contains(['*', '?'])
            || pattern.starts_with('.')
        {
            return None;
        }
        self.dirs
            .iter()
            .map(|dir| {
                std::fs::read_dir(dir).ok().map(|entries| {
                    entries
                        .flatten()
                        .filter_map(|e| e.file_name().into_string().ok())
                        .filter(|n| !n.starts_with('.') && files::wildmatch(pattern, n, false))
                        .count()
                })
            })
            .min()
            .flatten()
    }

    /// The permission bits (`mode & 0o7777`, links followed, as chmod follows an operand) of
    /// `path`, a regular file or a directory, when they are the same in every directory the
    /// command may be in.
    pub fn permission_bits(&self, path: &str) -> Option<u32> {
        if self.lost.is_some() || path.is_empty() || path.starts_with('~') {
            return None;
        }
        let mut bits = None;
        for dir in &self.dirs {
            let meta = std::fs::metadata(files::join(dir, path)).ok()?;
            if !meta.is_file() && !meta.is_dir() {
                return None;
            }
            let here = crate::process::os::meta::permission_bits(&meta)?;
            if bits.is_some_and(|b| b != here) {
                return None;
            }
            bits = Some(here);
        }
        bits
    }

    /// Whether the program started with the command prefix `prefix` has `name` set (or set to a
    /// value only known at run time).
    pub fn is_set(&self, name: &str, prefix: &[(String, Option<String>)]) -> bool {
        self.env(prefix).is_set(name)
    }

    /// The text of the file `source FILE` (or `. FILE`) runs, when it is the same small file in
    /// every directory the command may be in. A name without a slash is looked up in `PATH`
    /// first, so only a path is read.
    pub fn sourced(&mut self, written: &str) -> Option<String> {
        if self.lost.is_some() || !written.contains('/') || self.sourced >= MAX_SOURCED {
            return None;
        }
        self.sourced += 1;
        let home = self.env(&[]).home();
        let path =
            files::expand_tilde(written, home.as_deref()).unwrap_or_else(|| PathBuf::from(written));
        let mut text: Option<String> = None;
        for dir in &self.dirs {
            let files::Contents::Text(t) = files::read_text(&dir.join(&path)) else {
                return None;
            };
            match &text {
                Some(seen) if *seen != t => return None,
                _ => text = Some(t),
            }
        }
        text
    }

    /// The shell a script run by its path starts (`./scripts/deploy.sh`): in every directory the
    /// command may be in, the path names an executable regular file whose first line is
    /// `#!/bin/sh`, `#!/bin/bash`, `#!/usr/bin/bash`, `#!/bin/dash` or `#!/usr/bin/env` with
    /// `bash` or `sh`, and nothing more; the kernel then runs that shell with the file and the
    /// arguments after it (execve(2)). `None` for any other first line, a file that differs
    /// between the directories, or one that cannot be read.
    pub fn shebang_shell(&self, written: &str) -> Option<&'static str> {
        const SHEBANGS: &[(&str, &str)] = &[
            ("#!/bin/sh", "sh"),
            ("#!/bin/bash", "bash"),
            ("#!/usr/bin/bash", "bash"),
            ("#!/bin/dash", "dash"),
            ("#!/usr/bin/env bash", "bash"),
            ("#!/usr/bin/env sh", "sh"),
        ];
        if self.lost.is_some() || written.starts_with('~') {
            return None;
        }
        let mut found = None;
        for dir in &self.dirs {
            let path = dir.join(written);
            if !files::is_executable(&path) {
                return None;
            }
            let files::Contents::Text(text) = files::read_text(&path) else {
                return None;
            };
            let first = text.lines().next()?.trim_end();
            let shell = SHEBANGS
                .iter()
                .find(|(line, _)| *line == first)
                .map(|(_, shell)| *shell)?;
            if found.is_some_and(|f| f != shell) {
                return None;
            }
            found = Some(shell);
        }
        found
    }

    /// The text of the program file `gawk -f NAME` runs, for a NAME without a slash: found along
    /// `AWKPATH` as gawk's `-i` library is ([`startup::awk_search`], [`startup::awk_library`]),
    /// when it is the same small file in every directory the command may be in. `None` when it
    /// is found nowhere, differs between them, or `AWKPATH` is only known at run time.
    pub fn awk_program(
        &mut self,
        name: &str,
        prefix: &[(String, Option<String>)],
    ) -> Option<String> {
        if self.lost.is_some() || name.contains('/') || self.sourced >= MAX_SOURCED {
            return None;
        }
        self.sourced += 1;
        let mut text: Option<String> = None;
        for dir in &self.dirs {
            let search = startup::awk_search(&self.env(prefix), dir)?;
            let file = startup::awk_library(name, dir, &search)?;
            let files::Contents::Text(t) = files::read_text(&file) else {
                return None;
            };
            match &text {
                Some(seen) if *seen != t => return None,
                _ => text = Some(t),
            }
        }
        text
    }

    /// The first line of the regular file `path` (without its newline), when it is the same
    /// small file in every directory the command may be in.
    pub fn first_line(&self, path: &str) -> Option<String> {
        if self.lost.is_some() {
            return None;
        }
        let mut line: Option<String> = None;
        for dir in &self.dirs {
            let file = files::join(dir, path);
            if !files::is_file(&file) {
                return None;
            }
            let files::Contents::Text(t) = files::read_text(&file) else {
                return None;
            };
            let first = t.split('\n').next().unwrap_or("").to_string();
            match &line {
                Some(seen) if *seen != first => return None,
                _ => line = Some(first),
            }
        }
        line
    }

    /// The system interpreter a path names in every directory it may run in, when it is a chain
    /// of links that ends in one: a virtualenv's `.venv/bin/python` links to `/usr/bin/python3`.
    /// Only links are read (the target need not exist); nothing is run.
    pub fn system_interpreter(&self, written: &str) -> Option<String> {
        if self.lost.is_some() {
            return None;
        }
        let mut found: Option<String> = None;
        for dir in &self.dirs {
            let name = system_python_behind(&files::normal(&dir.join(written)))?;
            match &found {
                Some(f) if *f != name => return None,
                _ => found = Some(name),
            }
        }
        found
    }

    /// The next program checked is run by this path (`.venv/bin/python -c …`, a link to the
    /// system interpreter [`Probe::system_interpreter`] named): where its file is, rather than
    /// where `PATH` finds one of its name, so that the virtual environment it is in is read.
    /// `None` forgets it.
    pub fn run_by_path(&mut self, written: Option<&str>) {
        self.by_path = written.map(str::to_string);
    }

    /// The next program checked, `program`, is started by another program (`command ls`, `env
    /// ls`, `xargs ls`, `find -exec ls`) with execve, not looked up by bash: no function of that
    /// name runs instead. `None` forgets it.
    pub fn run_by_exec(&mut self, program: Option<&str>) {
        self.by_exec = program.map(str::to_string);
    }

    /// A program the repository provides: found through a relative `PATH` entry (`.`, an empty
    /// entry, `node_modules/.bin`), which names a directory under wherever the command runs, or
    /// through an absolute entry inside the work tree the command runs in. What it runs is the
    /// repository's to say, so it is not known.
    fn planted(&self, program: &str, path_var: &str, home: Option<&Path>, out: &mut Verdict) {
        let relative = path_var.split(':').find(|entry| !entry.starts_with('/'));
        if let (Some(entry), Some(lost)) = (relative, &self.lost) {
            out.push(
                Level::Unknown,
                format!("{program} may be found through the relative PATH entry {entry:?} after cd {lost}, a directory only known at run time"),
            );
            return;
        }
        // Cheap first: only a relative entry, or an absolute one under the same top directory
        // as where the command runs (`/work/…` for `/work/repo`), can be inside the work tree.
        let first = |p: &str| {
            p.trim_start_matches('/')
                .split('/')
                .next()
                .unwrap_or("")
                .to_string()
        };
        for dir in &self.dirs {
            let top_dir = first(&dir.to_string_lossy());
            let possible = path_var
                .split(':')
                .any(|e| !e.starts_with('/') || (!top_dir.is_empty() && first(e) == top_dir));
            if !possible {
                continue;
            }
            let found = path_var
                .split(':')
                .map(|entry| if entry.is_empty() { "." } else { entry })
                .find_map(|entry| {
                    let candidate = files::join(dir, entry).join(program);
                    files::is_executable(&candidate).then_some((entry, candidate))
                });
            let Some((entry, file)) = found else {
                continue;
            };
            let file = files::normal(&file);
            // A virtual environment's `bin/python`, a link to the system's: the system
            // interpreter, whose start `python::check` reads in that environment.
            if python::venv_root(&file).is_some() && system_python_behind(&file).is_some() {
                continue;
            }
            let top = files::ancestors(dir)
                .find(|d| files::exists(&d.join(".git")))
                .filter(|top| top.parent().is_some() && Some(*top) != home);
            let inside = top.is_some_and(|top| file.starts_with(top));
            if !entry.starts_with('/') || inside {
                out.push(
                    Level::Unknown,
                    format!(
                        "{program} is {}, found through the PATH entry {entry:?}: a program of the directory the command runs in, which runs whatever it holds",
                        file.display()
                    ),
                );
                return;
            }
        }
    }

    /// What `program args` (a bare program name) will read before it runs, in every directory it
    /// may run in: findings for the configuration that makes it run code or write.
    pub fn check(
        &mut self,
        program: &str,
        args: &[Word],
        prefix: &[(String, Option<String>)],
        verdict: &mut Verdict,
    ) {
        let mut out = Verdict::default();
        let by_path = self.by_path.take();
        let by_exec = self.by_exec.take().as_deref() == Some(program);
        let env = self.env(prefix);
        let (resolved, interpreter) = match (&by_path, env.value("PATH")) {
            (Some(written), _) => {
                let file = files::join(&self.dirs[0], written);
                let interpreter = files::interpreter(&file);
                (Some(file), interpreter)
            }
            (None, Some(path_var)) => {
                let resolved = files::on_path(program, path_var, &self.dirs[0]);
                let interpreter = resolved.as_deref().and_then(files::interpreter);
                (resolved, interpreter)
            }
            (None, None) => (None, None),
        };
        let runs_only_itself = verdict.nested.is_empty();
        tools::loader(&env, &self.dirs, program, args, runs_only_itself, &mut out);
        tools::shim(program, resolved.as_deref(), &env, &mut out);
        let builtin =
            BASH_BUILTINS.contains(&program) && !self.disabled.iter().any(|d| d == program);
        if !builtin && by_path.is_none() {
            if let Some(path) = env.value("PATH") {
                self.planted(program, path, env.home().as_deref(), &mut out);
            }
        }
        // `node -v`, `perl -v`: the interpreter prints its version before it reads its options
        // from the environment (measured: NODE_OPTIONS' --require and PERL5OPT's -M do not run).
        let version_only = interpreter.is_none()
            && matches!(family(program), "node" | "perl")
            && matches!(args, [only] if only.is("-v") || only.is("--version"));
        if !version_only {
            tools::interpreted(
                program,
                args,
                resolved.as_deref(),
                interpreter.as_deref(),
                &env,
                &mut out,
            );
        }
        // `BASH_FUNC_name%%` in the environment: bash defines `name`, which runs instead of
        // a program bash looks up (not one another program starts: `command ls`, `env ls`).
        let exported = [
            format!("BASH_FUNC_{program}%%"),
            format!("BASH_FUNC_{program}()"),
        ];
        if !by_exec && exported.iter().any(|n| !matches!(env.get(n), Var::Unset)) {
            out.push(
                Level::Unknown,
                format!("the environment defines a bash function {program}, which runs instead of the program"),
            );
        }
        let contextual = is_contextual(program);
        if contextual {
            if let Some(lost) = &self.lost {
                out.push(
                    Level::Unknown,
                    format!("{program} runs after cd {lost}, a directory only known at run time, whose configuration cannot be read"),
                );
            }
        }
        let kind = family(program);
        let python_script =
            kind != "python" && interpreter.as_deref().map(family) == Some("python");
        if kind == "sqlite3" {
            // Whether the database is there is for the context to say (`tools::sqlite`).
            verdict
                .findings
                .retain(|f| f.reason != super::modes::SQLITE_CREATES);
        }
        if kind == "git" {
            // Whether the hook is there is for the context to say (`git::check`).
            verdict
                .findings
                .retain(|f| f.reason != crate::commands::classify::git::HOOK_RUNS);
        }
        if kind == "gdb" {
            // Whether there are initialization files is for the context to say (`tools::gdb`).
            verdict
                .findings
                .retain(|f| f.reason != super::modes::GDB_INIT);
        }
        if kind == "mypy" || (kind == "python" && python::module(args).as_deref() == Some("mypy")) {
            // Whether a configuration file names a plugin is for the context to say
            // (`tools::mypy_config`; `python::check` for `python -m mypy`).
            verdict
                .findings
                .retain(|f| f.reason != super::modes::MYPY_PLUGINS);
        }
        if kind == "flock" {
            // Whether the lock file is there is for the context to say (`tools::flock`).
            verdict
                .findings
                .retain(|f| f.reason != crate::commands::classify::wrappers::FLOCK_CREATES);
        }
        for dir in &self.dirs {
            let at = Here {
                dir,
                env,
                program,
                resolved: resolved.as_deref(),
            };
            match kind {
                "git" => git::check(&at, args, &mut out),
                "cargo" | "rustc" | "rustup" | "rustdoc" | "rustfmt" | "cargo-fmt"
                | "cargo-clippy" | "clippy-driver" | "rust-analyzer" | "rust-gdb" | "rust-lldb" => {
                    rust::check(&at, args, &mut out, verdict)
                }
                "npm" | "npx" | "yarn" | "yarnpkg" | "pnpm" | "pnpx" | "corepack" => {
                    node::check(&at, args, &mut out)
                }
                "python" | "pip" => python::check(&at, args, &mut out),
                "pydoc" | "pydoc3" => python::pydoc(&at, args, &mut out),
                "hg" => hg::check(&at, args, &mut out),
                "svn" => svn::check(&at, args, &mut out),
                // Every other program: `tools::check` knows which of them read what.
                _ => {
                    tools::check(&at, args, &mut out);
                    utilities::check(&at, args, &mut out);
                    catalog::check(&at, args, &mut out);
                }
            }
            if python_script {
                python::script(&at, &mut out);
            }
            let ruby_runs = if kind == "ruby" {
                !args.iter().any(|a| {
                    a.is("-v") || a.is("--version") || a.value.as_deref().is_some_and(ruby_check)
                })
            } else {
                interpreter.as_deref().map(family) == Some("ruby")
            };
            if ruby_runs {
                ruby::shadowed_gems(&at, &mut out);
            }
        }
        // `split --filter` runs its filter with `$SHELL -c` (coreutils' split.c), `script -c`
        // its command (util-linux's script.c).
        let shell_runs = match kind {
            "split" => args.iter().any(|a| a.text.starts_with("--filter")),
            "script" => verdict
                .nested
                .iter()
                .any(|n| matches!(n, Nested::Script(_))),
            _ => false,
        };
        if shell_runs {
            let system_shell = |shell: &str| {
                let path = Path::new(shell);
                let dir = path.parent().and_then(Path::to_str);
                let name = path.file_name().and_then(|n| n.to_str());
                dir.is_some_and(|d| super::programs::SYSTEM_BIN_DIRS.contains(&d))
                    && name.is_some_and(|n| {
                        matches!(n, "sh" | "bash" | "dash" | "zsh" | "ksh" | "mksh")
                    })
            };
            if !matches!(env.get("SHELL"), Var::Unset)
                && !env.value("SHELL").is_some_and(system_shell)
            {
                out.push(
                    Level::Unknown,
                    format!("{kind} runs its command with the shell SHELL names, which is not the system's"),
                );
            }
        }
        if matches!(kind, "make" | "gmake")
            && self.lost.is_none()
            && self.dirs.iter().all(|dir| {
                let at = Here {
                    dir,
                    env,
                    program,
                    resolved: resolved.as_deref(),
                };
                make::dry_run_only_prints(&at, args)
            })
        {
            verdict.findings.retain(|f| f.reason != make::RUNS_RECIPES);
        }
        dedup(&mut out);
        verdict.findings.extend(out.findings);
        // What the context adds runs first (a login shell's startup file before its `-c` code).
        verdict.nested.splice(0..0, out.nested);
    }

    /// `git args` names an alias: its expansion (with the arguments after it), read from the
    /// configuration of the repository that applies in the first directory.
    pub fn git_alias(
        &mut self,
        args: &[Word],
        prefix: &[(String, Option<String>)],
    ) -> Option<Alias> {
        if self.aliases >= MAX_ALIASES {
            return None;
        }
        let env = self.env(prefix);
        let at = Here {
            dir: &self.dirs[0],
            env,
            program: "git",
            resolved: None,
        };
        let alias = git::alias(&at, args)?;
        self.aliases += 1;
        Some(alias)
    }

    /// Whether `git ARGS` may read `key` (a boolean) as true in any directory it may run in:
    /// true when a directory or repository is only known at run time.
    pub fn git_config_may_be_true(
        &self,
        args: &[Word],
        prefix: &[(String, Option<String>)],
        key: &str,
    ) -> bool {
        if self.lost.is_some() {
            return true;
        }
        self.dirs.iter().any(|dir| {
            let at = Here {
                dir,
                env: self.env(prefix),
                program: "git",
                resolved: None,
            };
            git::config_bool(&at, args, key) != Some(false)
        })
    }

    /// What the shell that runs the command reads before it (a `bash -c` started with the
    /// context's environment, as `executeShell` starts one): `BASH_ENV`'s file, options from
    /// `SHELLOPTS` that expand `PS4` as code.
    pub fn shell_startup(&self) -> Verdict {
        let mut v = Verdict::default();
        let env = self.env(&[]);
        if let Some(file) = env
            .value("BASH_ENV")
            .filter(|f| !f.is_empty() && !tools::bash_env_harmless(&env, &self.dirs[0]))
        {
            v.push(
                Level::Unknown,
                format!("the shell that runs the command sources BASH_ENV ({file}) first"),
            );
        }
        let xtrace = env
            .value("SHELLOPTS")
            .is_some_and(|o| o.split(':').any(|x| x == "xtrace"));
        if xtrace && env.value("PS4").is_some_and(|p| p.contains(['$', '`'])) {
            v.push(
                Level::Unknown,
                "the shell traces the command (SHELLOPTS has xtrace) and expands PS4 as code",
            );
        }
        v
    }

    /// Settles what a program's verdict left to the context: a finding marked with a
    /// [`Settle`] that the directories here disprove is dropped.
    pub fn settle(
        &self,
        program: &str,
        args: &[Word],
        prefix: &[(String, Option<String>)],
        verdict: &mut Verdict,
    ) {
        let env = self.env(prefix);
        // Whether `holds` for the program in each directory the command may run in.
        let in_every_dir = |holds: &dyn Fn(&Here<'_>) -> bool| {
            self.dirs.iter().all(|dir| {
                holds(&Here {
                    dir,
                    env,
                    program,
                    resolved: None,
                })
            })
        };
        verdict.findings.retain(|f| match f.settle {
            None => true,
            // `Probe::check` reads the interpreter's module path for the same program.
            Some(Settle::InlineCode) => false,
            // `Probe::check` reads the program's configuration (`hg`, `svn`, `tools`).
            Some(Settle::Configuration) => false,
            // The VM reads JAVA_TOOL_OPTIONS and _JAVA_OPTIONS (the java launcher
            // JDK_JAVA_OPTIONS, Maven's script MAVEN_OPTS) besides its command line; the last
            // -XX:±UsePerfData wins, and the command line's was read already (the finding is
            // there because it does not turn it off).
            // The walk knows the input (see where it drops these).
            Some(Settle::EmptyInput) => true,
            Some(Settle::PerfData) => {
                let mut names = vec!["JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS"];
                match program {
                    "java" => names.push("JDK_JAVA_OPTIONS"),
                    "mvn" => names.push("MAVEN_OPTS"),
                    _ => {}
                }
                let words: Vec<&str> = names
                    .iter()
                    .filter_map(|n| env.value(n))
                    .flat_map(str::split_whitespace)
                    .collect();
                let on = args
                    .iter()
                    .any(|a| a.is("-XX:+UsePerfData") || a.is("-J-XX:+UsePerfData"))
                    || words.contains(&"-XX:+UsePerfData");
                on || !words.contains(&"-XX:-UsePerfData")
            }
            Some(Settle::CacheOff) => {
                !(tools::cache_turned_off(program, &env)
                    || ((family(program) == "mypy"
                        || (family(program) == "python"
                            && python::module(args).as_deref() == Some("mypy")))
                        && in_every_dir(&tools::mypy_config_cache_off)))
            }
            Some(Settle::GoModule) => !in_every_dir(&|here| {
                tools::go_module_self_contained(here)
                    && (!args.first().is_some_and(|a| a.is("doc"))
                        || tools::go_doc_in_process(here, args))
            }),
            Some(Settle::SortBuffer) => !in_every_dir(&|here| tools::sort_fits(here, args)),
            Some(Settle::LocalRemote) => !in_every_dir(&|here| git::remote_is_local(here, args)),
            Some(Settle::GcAuto) => !in_every_dir(&|here| git::gc_auto_below(here, args)),
            Some(Settle::GoMainModule) => !in_every_dir(&|here| tools::go_main_module_reads(here)),
            Some(Settle::CargoLockfile) => {
                !in_every_dir(&|here| rust::lockfile_current(here, args))
            }
        });
    }
}

/// The system Python a path leads to through a chain of links, as a virtualenv's
/// `.venv/bin/python` links to `/usr/bin/python3` (its name); `None` for anything else, a
/// regular file at the path included. Only links are read (the target need not exist).
pub fn system_python_behind(path: &Path) -> Option<String> {
    const MAX_LINKS: usize = 8; // links followed; a longer chain is not a virtualenv's
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let target = std::fs::read_link(&path).ok()?;
        if target.is_absolute() {
            let target = files::normal(&target);
            let parent = target.parent().and_then(Path::to_str);
            let name = target.file_name().and_then(|n| n.to_str());
            if let (Some(parent), Some(name)) = (parent, name) {
                if super::programs::SYSTEM_BIN_DIRS.contains(&parent) && family(name) == "python" {
                    return Some(name.to_string());
                }
            }
        }
        path = files::normal(&path.parent()?.join(target));
    }
    None
}

/// One program in one directory.
pub struct Here<'a> {
    pub dir: &'a Path,
    pub env: Env<'a>,
    pub program: &'a str,
    /// Where `PATH` finds it.
    pub resolved: Option<&'a Path>,
}

/// Programs whose behaviour depends on the directory they run in.
fn is_contextual(program: &str) -> bool {
    matches!(
        family(program),
        "git"
            | "cargo"
            | "rustc"
            | "rustup"
            | "npm"
            | "npx"
            | "yarn"
            | "pnpm"
            | "python"
            | "pip"
            | "flock"
            | "sqlite3"
            | "gem"
            | "bundle"
            | "R"
            | "Rscript"
            | "hg"
            | "svn"
            | "just"
            | "gnuplot"
            | "mypy"
            | "prettier"
            | "codespell"
            | "ack"
            | "ack-grep"
    )
}

/// `sub` is one of git's own commands.
pub fn git_command(sub: &str) -> bool {
    git::COMMANDS.contains(&sub)
}

/// `-c`, `-wc`: ruby only checks the syntax, before it loads any gem.
fn ruby_check(v: &str) -> bool {
    v.strip_prefix('-')
        .is_some_and(|l| l.contains('c') && l.chars().all(|c| matches!(c, 'c' | 'w')))
}

/// `python3.11` is `python`, `pip3` is `pip`, `nodejs` is `node`; a cross or versioned
/// toolchain name is its program (`x86_64-linux-gnu-gcc-12` is `gcc`: `programs::cross_tool`).
pub fn family(program: &str) -> &str {
    if let Some(tool) = super::programs::cross_tool(program) {
        return family(tool);
    }
    for base in ["python", "pip", "pypy", "ruby", "perl", "lua", "php"] {
        if let Some(rest) = program.strip_prefix(base) {
            if rest.chars().all(|c| c.is_ascii_digit() || c == '.') {
                return if base == "pypy" { "python" } else { base };
            }
        }
    }
    match program {
        "nodejs" => "node",
        "yarnpkg" => "yarn",
        "batcat" => "bat",
        other => other,
    }
}

/// The text of a configuration file `who` reads: `None` when it is not there, and when it cannot
/// be read here (too large, not text, a directory), which `out` is told (whoever reads it fails
/// closed).
pub(super) fn config_text(path: &Path, who: &str, out: &mut Verdict) -> Option<String> {
    match files::read_text(path) {
        files::Contents::Text(t) => Some(t),
        files::Contents::Missing => None,
        files::Contents::Unreadable => {
            out.push(
                Level::Unknown,
                format!("{who} reads {}, which cannot be read here", path.display()),
            );
            None
        }
    }
}

fn dedup(v: &mut Verdict) {
    let mut seen = std::collections::HashSet::new();
    v.findings.retain(|f| seen.insert(f.reason.clone()));
}

#[cfg(test)]
mod tests;

/// The files `options` name (`--config FILE` or `--config=FILE`; every one given), from `dir`:
/// flake8's and pylint's, eslint's `-c`/`--config` (eslint 9 takes `-c=FILE` too, and refuses
/// `-cFILE` before it loads anything: measured).
pub(crate) fn named_files(args: &[Word], options: &[&str], dir: &Path) -> Vec<PathBuf> {
    let mut named = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(v) = word.value.as_deref() else {
            continue;
        };
        let file = if options.contains(&v) {
            words.next().and_then(|w| w.value.clone())
        } else {
            options
                .iter()
                .find_map(|o| v.strip_prefix(o)?.strip_prefix('='))
                .map(str::to_string)
        };
        named.extend(file.map(|f| files::join(dir, &f)));
    }
    named
}
