//! `make -n` (and `make -q`) in context. A dry run prints the recipes instead of running them, but GNU make
//! still reads the makefile: `$(shell …)`, `!=`, `$(file …)`, `$(guile …)`, `load` and `$(eval
//! …)` run while it is read, included makefiles (and the makefile itself) are remade by running
//! their recipes, and recipe lines marked `+` or naming `$(MAKE)` run anyway. When the makefile
//! it will read has none of that, and nothing in the environment or the arguments adds to it,
//! the dry run only prints.

use std::path::{Path, PathBuf};

use super::files::{self, Contents};
use super::{Here, Var};
use crate::commands::classify::words::Word;

/// The context-free verdict's reason for `make`, which a harmless dry run takes back.
pub const RUNS_RECIPES: &str = "make runs the build recipes of a Makefile";

/// The variables that add options to every make run (`MAKEFILES`, which adds makefiles, is
/// read in [`dry_run_only_prints`]).
const VARIABLES: &[&str] = &["MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS", "MAKELEVEL"];

/// What makes a dry run do more than print, as it appears in a makefile's text.
const RUNS_WHILE_READING: &[&str] = &[
    "$(shell",
    "${shell",
    "!=",
    "$(file",
    "${file",
    "$(guile",
    "${guile",
    "$(eval",
    "${eval",
    "MAKE",          // $(MAKE) lines run under -n; MAKEFLAGS set inside; .MAKE targets
    ".RECIPEPREFIX", // another prefix hides a `+` line from the check below
];

/// Whether `make args` in `here` only prints: a dry run (see the module header), or a run with
/// no makefile but /dev/null and no target.
pub fn dry_run_only_prints(here: &Here<'_>, args: &[Word]) -> bool {
    // `MAKEFLAGS=-j4`: options that only set parallelism, verbosity and error handling.
    let harmless = |v: &str| {
        v.contains("FLAGS")
            && here
                .env
                .value(v)
                .is_some_and(crate::commands::classify::env::harmless_make_flags)
    };
    if VARIABLES
        .iter()
        .any(|v| !matches!(here.env.get(v), Var::Unset) && !harmless(v))
    {
        return false;
    }
    // Every variable of the environment is a make variable, expanded where the makefile uses
    // it, even in a dry run's printed recipe: `CC='$(shell touch x)' make -n` runs `touch`
    // (measured, GNU make 4.3). A value with a reference may call a function; one known only
    // at run time may hold one.
    if here.env.names().any(|n| match here.env.get(n) {
        Var::Set(v) => v.contains("$(") || v.contains("${"),
        Var::Runtime => true,
        Var::Unset => false,
    }) {
        return false;
    }
    let Some(values) = super::super::args::values(args) else {
        return false;
    };
    if args.iter().any(|a| a.glob) {
        return false;
    }
    let mut dry = false;
    let mut no_builtin = false;
    let mut dir = here.dir.to_path_buf();
    let mut makefiles: Vec<&str> = Vec::new();
    let mut targets = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            // `-q` runs no recipe either, with the same exceptions as `-n` (the GNU make
            // manual: "-n, -t and -q do not affect recipe lines that begin with + or contain
            // $(MAKE)").
            "-n" | "--just-print" | "--dry-run" | "--recon" | "-q" | "--question" => dry = true,
            "-f" | "--file" | "--makefile" => {
                let Some(f) = values.get(i) else { return false };
                makefiles.push(f);
                i += 1;
            }
            "-C" | "--directory" => {
                let Some(d) = values.get(i) else { return false };
                dir = files::join(&dir, d);
                i += 1;
            }
            "-r" | "--no-builtin-rules" => no_builtin = true,
            "-s"
            | "--silent"
            | "--quiet"
            | "-k"
            | "--keep-going"
            | "-w"
            | "--print-directory"
            | "--no-print-directory"
            | "-B"
            | "--always-make"
            | "-R"
            | "--no-builtin-variables"
            | "-p"
            | "--print-data-base"
            | "-S"
            | "--no-keep-going"
            | "--stop"
            | "-i"
            | "--ignore-errors"
            | "-e"
            | "--environment-overrides"
            | "--warn-undefined-variables" => {}
            "-j" if values.get(i).is_some_and(|n| n.parse::<u32>().is_ok()) => i += 1,
            o if o.starts_with("-j") || o.starts_with("--jobs") => {}
            o if o.starts_with("--file=") || o.starts_with("--makefile=") => {
                makefiles.push(o.split_once('=').map_or("", |(_, f)| f));
            }
            o if o.starts_with("-f") && o.len() > 2 => makefiles.push(&o[2..]),
            o if o.starts_with("-C") && o.len() > 2 => dir = files::join(&dir, &o[2..]),
            o if o.starts_with("--directory=") => {
                dir = files::join(&dir, o.split_once('=').map_or("", |(_, d)| d));
            }
            // `-ns`, `-sn`: a cluster of the flags above.
            o if o.starts_with('-')
                && !o.starts_with("--")
                && o.len() > 2
                && o[1..].chars().all(|c| "nqskwBRpSie".contains(c)) =>
            {
                dry |= o.contains('n') || o.contains('q');
            }
            // Any other option (`--eval`, `-I`, `-W`, `-o`, `-t` touches targets), and
            // `VAR=value` (it can set MAKEFLAGS or SHELL): not followed.
            o if o.starts_with('-') || o.contains('=') => return false,
            _ => targets = true,
        }
    }
    // `make -p -f /dev/null`: a makefile with no rules and no target named has no goal, so
    // nothing runs however the built-in rules read (measured, GNU make 4.3: "No targets").
    let empty = !makefiles.is_empty() && makefiles.iter().all(|f| *f == "/dev/null");
    if empty && !targets {
        return true;
    }
    // `make -pq` where there is no makefile: with no target named either, make reads only its
    // built-in rules, has no goal and stops ("No targets specified and no makefile found"),
    // dry or not (round 35's gmake -pq in an empty directory; measured, GNU make 4.3: nothing
    // written). A target named could be made by a built-in rule (`make hello` from hello.c).
    let none_found = makefiles.is_empty()
        && matches!(here.env.get("MAKEFILES"), Var::Unset)
        && ["GNUmakefile", "makefile", "Makefile"]
            .iter()
            .all(|n| files::absent(&dir.join(n)));
    if none_found && !targets {
        return true;
    }
    if !dry {
        return false;
    }
    // `MAKEFILES`: makefiles read before the others, each found first where make runs (GNU
    // make's manual, "The Variable MAKEFILES"), and remade as they are. Taken when each is a
    // plain name of a file that is there; judged with every makefile read.
    let extra: Vec<PathBuf> = match here.env.get("MAKEFILES") {
        Var::Unset => Vec::new(),
        Var::Runtime => return false,
        Var::Set(v) => {
            let mut extra = Vec::new();
            for name in v.split_whitespace() {
                let path = files::join(&dir, name);
                if !plain_name(name) || !files::is_file(&path) {
                    return false;
                }
                extra.push(path);
            }
            extra
        }
    };
    let read: Vec<PathBuf> = if makefiles.is_empty() {
        match ["GNUmakefile", "makefile", "Makefile"]
            .iter()
            .map(|n| dir.join(n))
            .find(|p| files::exists(p))
        {
            Some(p) => vec![p],
            None => return false,
        }
    } else {
        makefiles.iter().map(|f| files::join(&dir, f)).collect()
    };
    read.iter().all(|m| {
        let start: Vec<PathBuf> = extra.iter().chain([m]).cloned().collect();
        inert(&start, &dir, no_builtin)
    })
}

/// A makefile's name with nothing make would expand or split: letters, digits, `/._-+`.
fn plain_name(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '+'))
}

const MAX_MAKEFILES: usize = 16; // a makefile and what it includes, nested included; past it, not followed

/// The makefile `path` and the makefiles it includes run nothing while they are read, remake
/// nothing, and have no recipe line that runs under -n. An `include` (`-include`, `sinclude`)
/// is followed when it names files by fixed relative or absolute names that exist (make reads
/// them from the directory it runs in): each is judged as the makefile is, and a rule in any of
/// them whose target is one of the files read (or a pattern that can match it) would remake it,
/// running its recipe even under -n (the GNU make manual, "How Makefiles Are Remade").
fn inert(paths: &[PathBuf], dir: &Path, no_builtin: bool) -> bool {
    let mut queue: Vec<PathBuf> = paths.iter().rev().cloned().collect();
    let mut read: Vec<(PathBuf, String)> = Vec::new();
    while let Some(file) = queue.pop() {
        if read.len() == MAX_MAKEFILES {
            return false;
        }
        if read.iter().any(|(p, _)| *p == file) {
            continue;
        }
        let Contents::Text(text) = files::read_text(&file) else {
            return false;
        };
        if RUNS_WHILE_READING.iter().any(|p| text.contains(p)) {
            return false;
        }
        for line in text.lines() {
            // `+cmd`, `@+cmd`: runs under -n.
            let recipe = line.strip_prefix('\t');
            if recipe.is_some_and(|r| r.trim_start_matches(['@', '-', ' ']).starts_with('+')) {
                return false;
            }
            let mut words = line.split_whitespace();
            let first = words.next().unwrap_or("");
            // A tab-indented line before any rule is read as makefile text, so a directive
            // counts wherever it is.
            match first {
                "include" | "-include" | "sinclude" => {
                    for name in words {
                        let included = files::join(dir, name);
                        if !plain_name(name) || !files::is_file(&included) {
                            return false;
                        }
                        queue.push(included);
                    }
                }
                "load" | "-load" | "sload" | "vpath" => return false,
                _ => {}
            }
        }
        read.push((file, text));
    }
    let names: Vec<String> = read
        .iter()
        .filter_map(|(p, _)| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect();
    let remade = |target: &str| {
        let base = target.rsplit('/').next().unwrap_or(target);
        names.iter().any(|name| {
            base == name || pattern_matches(target, name) || pattern_matches(base, name)
        })
    };
    for (_, text) in &read {
        for line in text.lines() {
            if line.starts_with('\t') {
                continue;
            }
            let line = line.trim_start();
            // A rule for a makefile read, or a pattern that can match its name, remakes it.
            if let Some((targets, _)) = line.split_once(':') {
                if targets.contains('=') || line[targets.len()..].starts_with(":=") {
                    continue;
                }
                if targets.split_whitespace().any(remade) {
                    return false;
                }
            }
        }
    }
    // make's built-in rules remake a makefile from RCS or SCCS files beside it.
    no_builtin
        || !read.iter().any(|(path, _)| {
            let (Some(name), Some(parent)) = (path.file_name(), path.parent()) else {
                return true;
            };
            let name = name.to_string_lossy();
            [
                format!("{name},v"),
                format!("s.{name}"),
                "RCS".into(),
                "SCCS".into(),
            ]
            .iter()
            .any(|f| files::exists(&parent.join(f)) || files::exists(&dir.join(f)))
        })
}

/// `%` stands for any non-empty stem.
fn pattern_matches(pattern: &str, name: &str) -> bool {
    let Some((before, after)) = pattern.split_once('%') else {
        return false;
    };
    name.len() > before.len() + after.len() && name.starts_with(before) && name.ends_with(after)
}
