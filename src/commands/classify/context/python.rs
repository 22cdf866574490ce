//! Python in context: what an interpreter imports before and while it runs a `-c` program or a
//! `-m` module, and from where.
//!
//! - The first entry of the module path is the working directory for `-c`, `-m` and stdin
//!   (not with `-P`, `-I` or `PYTHONSAFEPATH`), and `PYTHONPATH`'s directories come next (not
//!   with `-E`/`-I`): a `json.py` or `json/__init__.py` there is imported instead of the standard
//!   module. The working directory is added after `site` ran, so only what the program imports
//!   is shadowed there; `PYTHONPATH` is in place before, so `sitecustomize` is imported from it.
//! - The user's site directory (`~/.local/lib/pythonX.Y/site-packages`, or `PYTHONUSERBASE`'s;
//!   not with `-s`, `-I`, `-S`, `PYTHONNOUSERSITE`): `import` lines of its `.pth` files run, and
//!   its `usercustomize`/`sitecustomize` are imported.
//! - `PYTHONSTARTUP` only for an interactive interpreter, which also writes its history.
//! - A `-c` program's imports of modules that are not standard are the project's: each is
//!   found where Python would look first (the directories of `sys.path.insert(0, "LIT")`, the
//!   working directory, `PYTHONPATH`) and judged, with what it imports in turn, as a module
//!   that only defines and prints ([`project_modules`]); importing one writes its bytecode
//!   beside it unless `-B` or `PYTHONDONTWRITEBYTECODE`.

use std::path::{Path, PathBuf};

use super::files::{self, Contents};
use super::{Here, Var};
use crate::commands::classify::python::{self, STDLIB};
use crate::commands::classify::verdict::{Level, Settle, Verdict};
use crate::commands::classify::words::Word;

/// Modules already imported when the program starts (built in or frozen): importing them again
/// reads nothing from the module path.
const PRELOADED: &[&str] = &[
    "sys",
    "builtins",
    "os",
    "io",
    "abc",
    "codecs",
    "stat",
    "site",
    "posixpath",
    "genericpath",
    "encodings",
    "marshal",
    "posix",
    "time",
    "errno",
];

/// The top-level modules a `-c` program imports (`import a.b, c as d`, `from e import f`).
pub fn imports(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for statement in code.split(['\n', ';']) {
        let s = statement.trim();
        let names: Vec<&str> = if let Some(rest) = s.strip_prefix("import ") {
            rest.split(',')
                .filter_map(|part| part.split_whitespace().next())
                .collect()
        } else if let Some(rest) = s.strip_prefix("from ") {
            rest.split_whitespace().next().into_iter().collect()
        } else {
            continue;
        };
        for name in names {
            let top = name.split('.').next().unwrap_or(name).trim();
            if !top.is_empty() && !out.iter().any(|o| o == top) {
                out.push(top.to_string());
            }
        }
    }
    out
}

/// How the interpreter is run.
#[derive(Debug, PartialEq, Eq)]
enum Mode {
    /// `--version`, `--help`: nothing is imported.
    Info,
    Code(Option<String>),
    Module(Option<String>),
    Script,
    Stdin,
}

struct Flags {
    isolated: bool,
    ignore_env: bool,
    no_user_site: bool,
    no_site: bool,
    safe_path: bool,
    interactive: bool,
    /// `-B`: no bytecode written for what is imported.
    no_bytecode: bool,
    mode: Mode,
}

/// The module `python -m MODULE` runs (`None` for any other form).
pub fn module(args: &[Word]) -> Option<String> {
    match flags(args).mode {
        Mode::Module(module) => module,
        _ => None,
    }
}

fn flags(args: &[Word]) -> Flags {
    let mut f = Flags {
        isolated: false,
        ignore_env: false,
        no_user_site: false,
        no_site: false,
        safe_path: false,
        interactive: false,
        no_bytecode: false,
        mode: Mode::Stdin,
    };
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            f.mode = Mode::Script;
            return f;
        };
        match v {
            "--version" | "-V" | "-VV" | "--help" | "-h" | "--help-all" | "--help-env"
            | "--help-xoptions" => {
                f.mode = Mode::Info;
                return f;
            }
            "-c" => {
                f.mode = Mode::Code(args.get(i).and_then(|c| c.value.clone()));
                return f;
            }
            "-m" => {
                f.mode = Mode::Module(args.get(i).and_then(|c| c.value.clone()));
                return f;
            }
            "-" => {
                f.mode = Mode::Stdin;
                return f;
            }
            "-X" | "-W" | "--check-hash-based-pycs" => i += 1,
            o if o.starts_with("--") => {}
            o if o.starts_with('-') => {
                for (at, c) in o.char_indices().skip(1) {
                    match c {
                        'I' => f.isolated = true,
                        'E' => f.ignore_env = true,
                        's' => f.no_user_site = true,
                        'S' => f.no_site = true,
                        'P' => f.safe_path = true,
                        'i' => f.interactive = true,
                        'B' => f.no_bytecode = true,
                        'c' | 'm' => {
                            let rest = &o[at + 1..];
                            let value = if rest.is_empty() {
                                args.get(i).and_then(|c| c.value.clone())
                            } else {
                                Some(rest.to_string())
                            };
                            f.mode = if c == 'c' {
                                Mode::Code(value)
                            } else {
                                Mode::Module(value)
                            };
                            return f;
                        }
                        'X' | 'W' => {
                            if o[at + 1..].is_empty() {
                                i += 1;
                            }
                            break;
                        }
                        _ => {}
                    }
                }
            }
            _ => {
                f.mode = Mode::Script;
                return f;
            }
        }
    }
    f
}

/// `python args` in `here.dir`.
pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if super::family(here.program) == "pip" {
        script(here, out);
        pip(here, args, out);
        return;
    }
    let f = flags(args);
    if let Mode::Module(Some(module)) = &f.mode {
        if module == "pip" {
            let after = args
                .iter()
                .position(|a| a.is("pip"))
                .map_or(&[][..], |i| &args[i + 1..]);
            pip(here, after, out);
        }
        if module == "docutils" {
            let after = args
                .iter()
                .position(|a| a.is("docutils"))
                .map_or(&[][..], |i| &args[i + 1..]);
            super::tools::docutils_config(here, after, out);
        }
        // `python -m mypy`: the tool's configuration, read as for the tool.
        if python::TOOL_MODULES.contains(&module.as_str()) {
            let after = args
                .iter()
                .position(|a| a.is(module))
                .map_or(&[][..], |i| &args[i + 1..]);
            let tool = Here {
                dir: here.dir,
                env: here.env,
                program: module.as_str(),
                resolved: here.resolved,
            };
            super::tools::check(&tool, after, out);
            super::utilities::check(&tool, after, out);
            // `-m` puts the working directory first on sys.path, where importlib.metadata
            // finds distributions too: a `*.dist-info` or `*.egg-info` there (an editable
            // install's) can register plugins the tool loads (pytest11, flake8.extension).
            let mut dirs = python_path(here);
            if !f.safe_path && !f.isolated {
                dirs.push(here.dir.to_path_buf());
            }
            for dir in dirs {
                let registered = std::fs::read_dir(&dir).is_ok_and(|entries| {
                    entries.flatten().take(4096).any(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        name.ends_with(".dist-info") || name.ends_with(".egg-info")
                    })
                });
                if registered {
                    out.push(
                        Level::Unknown,
                        format!(
                            "{} -m {module} loads the plugins the distributions in {} register",
                            here.program,
                            dir.display()
                        ),
                    );
                }
            }
        }
    }
    if f.mode == Mode::Info {
        return;
    }
    let ignore_env = f.ignore_env || f.isolated;
    environment(here, ignore_env, f.interactive, out);
    let mut user_on = false;
    if !f.no_site {
        // Run from a virtual environment (its `bin/python`), Python's `site` reads that
        // environment's site-packages, and the user's only when its `pyvenv.cfg` says
        // `include-system-site-packages = true` (Python 3.11 `site.venv`).
        let venv = here.resolved.and_then(venv_root);
        if let Some(root) = &venv {
            site_packages(&root.join("lib"), here.program, out);
        }
        let no_user = f.no_user_site
            || f.isolated
            || (!ignore_env && here.env.is_set("PYTHONNOUSERSITE"))
            || venv
                .as_deref()
                .is_some_and(|root| !includes_system_site(root));
        if !no_user {
            user_site(here, ignore_env, out);
        }
        user_on = !no_user;
    }
    let (names, everything): (Vec<String>, bool) = match &f.mode {
        Mode::Code(Some(code)) => {
            let names = imports(code);
            let more = names.iter().any(|n| !PRELOADED.contains(&n.as_str()));
            // A name that is not standard is the project's, judged by `project_modules`.
            let standard = names
                .into_iter()
                .filter(|n| STDLIB.contains(&n.as_str()))
                .collect();
            (standard, more)
        }
        Mode::Module(Some(module)) => {
            let mut names = vec![module.split('.').next().unwrap_or(module).to_string()];
            // `-m pydoc NAME` imports NAME too.
            if module == "pydoc" {
                let after = args.iter().position(|a| a.is("pydoc")).map_or(0, |i| i + 1);
                names.extend(
                    args[after..]
                        .iter()
                        .filter_map(|a| a.value.as_deref())
                        .map(|v| v.split('.').next().unwrap_or(v).to_string()),
                );
            }
            (names, true)
        }
        _ => (Vec::new(), true),
    };
    let safe = f.safe_path || f.isolated || (!ignore_env && here.env.is_set("PYTHONSAFEPATH"));
    if let Mode::Code(Some(code)) = &f.mode {
        let Some(inserted) = inserted_paths(here, code) else {
            out.push(
                Level::Unknown,
                format!("{} changes sys.path in a way not read here", here.program),
            );
            return;
        };
        for dir in &inserted {
            shadowing(here, dir, &names, everything, "sys.path", out);
        }
        let mut search = inserted;
        if !safe {
            search.push(here.dir.to_path_buf());
        }
        if !ignore_env {
            search.extend(python_path(here));
        }
        let bytecode =
            !f.no_bytecode && (ignore_env || !here.env.is_set("PYTHONDONTWRITEBYTECODE"));
        project_modules(here, code, &search, bytecode, user_on, out);
    }
    if !safe && f.mode != Mode::Script {
        shadowing(
            here,
            here.dir,
            &names,
            everything,
            "the working directory",
            out,
        );
    }
    if !ignore_env {
        for dir in python_path(here) {
            shadowing(here, &dir, &names, everything, "PYTHONPATH", out);
            for startup in ["sitecustomize", "usercustomize"] {
                if let Some(found) = module_in(&dir, startup) {
                    out.push(
                        Level::Unknown,
                        format!("python imports {} at startup (PYTHONPATH)", found.display()),
                    );
                }
            }
        }
    }
}

/// `pydoc NAME`: pydoc puts the working directory first on its path and imports NAME (and
/// modules of its own as it goes), so a module there of any standard name runs; on a terminal
/// it pages through `MANPAGER` or `PAGER`.
pub fn pydoc(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let names: Vec<String> = args
        .iter()
        .filter_map(|a| a.value.as_deref())
        .map(|v| v.split('.').next().unwrap_or(v).to_string())
        .collect();
    shadowing(here, here.dir, &names, true, "the working directory", out);
    for pager in ["MANPAGER", "PAGER"] {
        if let Var::Set(v) = here.env.get(pager) {
            if !matches!(v.trim(), "" | "cat" | "less" | "more") {
                out.push(
                    Level::Unknown,
                    format!("pydoc pages through {pager} ({v}) on a terminal"),
                );
            }
        }
    }
}

/// A program whose interpreter is Python (pip, and any script with a python `#!`).
pub fn script(here: &Here<'_>, out: &mut Verdict) {
    environment(here, false, false, out);
    if !here.env.is_set("PYTHONNOUSERSITE") {
        user_site(here, false, out);
    }
    for dir in python_path(here) {
        shadowing(here, &dir, &[], true, "PYTHONPATH", out);
        for startup in ["sitecustomize", "usercustomize"] {
            if let Some(found) = module_in(&dir, startup) {
                out.push(
                    Level::Unknown,
                    format!(
                        "{} imports {} at startup (PYTHONPATH)",
                        here.program,
                        found.display()
                    ),
                );
            }
        }
    }
}

fn python_path(here: &Here<'_>) -> Vec<PathBuf> {
    match here.env.get("PYTHONPATH") {
        Var::Set(p) => p
            .split(':')
            .filter(|d| !d.is_empty())
            .map(|d| files::join(here.dir, d))
            .collect(),
        _ => Vec::new(),
    }
}

/// Python's variables judged by [`environment`] and the other readers here (PYTHONPATH,
/// PYTHONUSERBASE, PYTHONWARNINGS, PYTHONSTARTUP, PYTHONHOME, PYTHONPLATLIBDIR, PYTHONINSPECT,
/// PYTHONPYCACHEPREFIX, PYTHONEXECUTABLE, PYTHONDONTWRITEBYTECODE), and those that change only
/// how it runs or what it prints to its own streams (Python 3.13's documentation, "Environment
/// variables"). PYTHONBREAKPOINT (imports what it names when the program calls `breakpoint()`),
/// PYTHONPERFSUPPORT and PYTHON_PERF_JIT_SUPPORT (write perf maps to /tmp) are not here.
#[rustfmt::skip]
const PYTHON_VARIABLES_KNOWN: &[&str] = &[
    "PYTHONPATH", "PYTHONUSERBASE", "PYTHONWARNINGS", "PYTHONSTARTUP", "PYTHONHOME", "PYTHONPLATLIBDIR",
    "PYTHONINSPECT", "PYTHONPYCACHEPREFIX", "PYTHONEXECUTABLE", "PYTHONDONTWRITEBYTECODE",
    "PYTHONUNBUFFERED", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONHASHSEED", "PYTHONNOUSERSITE", "PYTHONSAFEPATH",
    "PYTHONOPTIMIZE", "PYTHONVERBOSE", "PYTHONDEBUG", "PYTHONCASEOK", "PYTHONFAULTHANDLER", "PYTHONTRACEMALLOC",
    "PYTHONMALLOC", "PYTHONMALLOCSTATS", "PYTHONCOERCECLOCALE", "PYTHONDEVMODE", "PYTHONINTMAXSTRDIGITS",
    "PYTHONPROFILEIMPORTTIME", "PYTHONASYNCIODEBUG", "PYTHONWARNDEFAULTENCODING", "PYTHONNODEBUGRANGES",
    "PYTHONLEGACYWINDOWSFSENCODING", "PYTHONLEGACYWINDOWSSTDIO", "PYTHON_CPU_COUNT", "PYTHON_GIL", "PYTHON_COLORS",
    "PYTHON_FROZEN_MODULES", "PYTHON_BASIC_REPL", "PYTHON_HISTORY",
];

/// The variables Python reads that run code or write.
fn environment(here: &Here<'_>, ignore_env: bool, interactive: bool, out: &mut Verdict) {
    let program = here.program;
    if interactive {
        out.push(
            Level::Write,
            format!("{program} runs interactively when its program comes from the terminal, and then writes its history (~/.python_history)"),
        );
    }
    if ignore_env {
        return;
    }
    if matches!(here.env.get("PYTHONPATH"), Var::Runtime) {
        out.push(
            Level::Unknown,
            format!("{program} imports from PYTHONPATH, only known at run time"),
        );
    }
    for (name, why) in [
        ("PYTHONHOME", "moves the standard library"),
        ("PYTHONPLATLIBDIR", "moves the standard library"),
        (
            "PYTHONINSPECT",
            "runs interactively after the program, then writes its history",
        ),
        ("PYTHONPYCACHEPREFIX", "writes compiled modules there"),
        ("PYTHONEXECUTABLE", "changes which interpreter runs"),
    ] {
        // Compiled modules go nowhere when Python writes none (PYTHONDONTWRITEBYTECODE) or
        // the prefix is /dev/null, under which no directory can be made (measured, Python
        // 3.11: nothing written).
        let nowhere = name == "PYTHONPYCACHEPREFIX"
            && (here.env.value(name) == Some("/dev/null")
                || here.env.is_set("PYTHONDONTWRITEBYTECODE"));
        // PYTHONHOME=/usr names the system's own prefix (Debian's /usr/bin/python3 is built
        // with it): the standard library and site directories under it are the machine's, as
        // without the variable; another Python finds its version's library there or stops.
        let system_prefix = name == "PYTHONHOME"
            && here
                .env
                .value(name)
                .is_some_and(|v| v.split(':').all(|p| matches!(p, "/usr" | "/usr/")));
        // PYTHONINSPECT prompts after the program only when stdin is a terminal (`-i`, which
        // sets no variable, also when it is not): with stdin empty, no prompt, no history and
        // no PYTHONSTARTUP (measured with strace, Python 3.11: `PYTHONINSPECT=1 python3 -c
        // 'print(1)' < /dev/null` opened nothing to write).
        if here.env.is_set(name) && !nowhere && !system_prefix {
            let reason = format!("{program}: {name} {why}");
            match name {
                "PYTHONINSPECT" => out.push_unless(Level::Unknown, reason, Settle::EmptyInput),
                _ => out.push(Level::Unknown, reason),
            }
        }
    }
    // Python reads only variables named PYTHON…: one this list does not know (a newer
    // version's, PYTHONPERFSUPPORT writing /tmp/perf-PID.map) may write or load.
    for name in here.env.names().filter(|n| n.starts_with("PYTHON")) {
        if !PYTHON_VARIABLES_KNOWN.contains(&name) && here.env.is_set(name) {
            out.push(
                Level::Unknown,
                format!(
                    "{program} reads {name}, not known to leave what it writes and loads alone"
                ),
            );
        }
    }
    if interactive && here.env.is_set("PYTHONSTARTUP") {
        out.push(
            Level::Unknown,
            format!("{program} runs the file PYTHONSTARTUP names when interactive"),
        );
    }
    if let Var::Set(w) = here.env.get("PYTHONWARNINGS") {
        // `action:message:category:module:lineno`: a category with a dot is imported.
        if w.split(',')
            .any(|f| f.split(':').nth(2).is_some_and(|c| c.contains('.')))
        {
            out.push(
                Level::Unknown,
                format!("{program} imports the warning category PYTHONWARNINGS names"),
            );
        }
    }
}

/// The user's site directories: `.pth` lines that run, `usercustomize`, `sitecustomize`.
fn user_site(here: &Here<'_>, ignore_env: bool, out: &mut Verdict) {
    let program = here.program;
    let base = match (ignore_env, here.env.get("PYTHONUSERBASE")) {
        (false, Var::Set(b)) if !b.is_empty() => Some(files::join(here.dir, b)),
        (false, Var::Runtime) => {
            out.push(
                Level::Unknown,
                format!("{program} reads the user site directory PYTHONUSERBASE names, only known at run time"),
            );
            return;
        }
        _ => here.env.home().map(|h| h.join(".local")),
    };
    let Some(base) = base else {
        return;
    };
    site_packages(&base.join("lib"), program, out);
}

/// The virtual environment a program file is in: `ROOT/bin/NAME` with `ROOT/pyvenv.cfg`.
pub fn venv_root(program_file: &Path) -> Option<PathBuf> {
    let bin = program_file.parent()?;
    let root = bin.parent()?;
    (bin.file_name()? == "bin" && files::is_file(&root.join("pyvenv.cfg")))
        .then(|| root.to_path_buf())
}

/// A virtual environment's `pyvenv.cfg` says `include-system-site-packages = true` (the key and
/// value as `site.venv` reads them: case-insensitive); a file that cannot be read, not.
fn includes_system_site(root: &Path) -> bool {
    let files::Contents::Text(cfg) = files::read_text(&root.join("pyvenv.cfg")) else {
        return false;
    };
    cfg.lines().any(|l| {
        l.split_once('=').is_some_and(|(k, v)| {
            k.trim()
                .eq_ignore_ascii_case("include-system-site-packages")
                && v.trim().eq_ignore_ascii_case("true")
        })
    })
}

/// The site directories under `lib` (`lib/pythonX.Y/site-packages`): `.pth` lines that run,
/// `usercustomize`, `sitecustomize`.
fn site_packages(lib: &Path, program: &str, out: &mut Verdict) {
    let Ok(entries) = std::fs::read_dir(lib) else {
        return;
    };
    for entry in entries.flatten().take(64) {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with("python") {
            continue;
        }
        let site = entry.path().join("site-packages");
        let Ok(files_there) = std::fs::read_dir(&site) else {
            continue;
        };
        for file in files_there.flatten().take(4096) {
            let path = file.path();
            let file_name = file.file_name().to_string_lossy().into_owned();
            if file_name.ends_with(".pth") {
                if let Some(t) = super::config_text(&path, program, out) {
                    if t.lines()
                        .any(|l| l.starts_with("import ") || l.starts_with("import\t"))
                    {
                        out.push(
                            Level::Unknown,
                            format!(
                                "{program} runs the import lines of {} at startup",
                                path.display()
                            ),
                        );
                    }
                    for added in t.lines().filter(|l| {
                        !l.is_empty() && !l.starts_with('#') && !l.starts_with("import")
                    }) {
                        let dir = files::join(&site, added.trim());
                        for startup in ["sitecustomize", "usercustomize"] {
                            if let Some(found) = module_in(&dir, startup) {
                                out.push(
                                    Level::Unknown,
                                    format!(
                                        "{program} imports {} at startup ({} adds its directory)",
                                        found.display(),
                                        path.display()
                                    ),
                                );
                            }
                        }
                    }
                }
            }
        }
        for startup in ["usercustomize", "sitecustomize"] {
            if let Some(found) = module_in(&site, startup) {
                out.push(
                    Level::Unknown,
                    format!("{program} imports {} at startup", found.display()),
                );
            }
        }
    }
}

/// A module or package named `name` in `dir`, as the path finder would take it.
fn module_in(dir: &Path, name: &str) -> Option<PathBuf> {
    [
        format!("{name}.py"),
        format!("{name}.pyc"),
        format!("{name}/__init__.py"),
        format!("{name}/__init__.pyc"),
    ]
    .iter()
    .map(|f| dir.join(f))
    .find(|p| files::is_file(p))
}

/// The directories a `-c` program puts first on its module path: `sys.path.insert(0, "DIR")`
/// and `sys.path.append("DIR")` with a literal (an appended one is searched after the standard
/// library and site-packages, so it is taken as first here, which only makes more of the
/// project's files judged). `None` when `sys.path` is used otherwise than read in place
/// (`p = sys.path; p.insert(…)`, `from sys import path`), or given a directory not written out.
fn inserted_paths(here: &Here<'_>, code: &str) -> Option<Vec<PathBuf>> {
    // `from sys import path`, `import sys as s` (names for sys.path that the scan below does
    // not follow); `import pathlib` is another module.
    let imports_path = code.match_indices("import path").any(|(at, m)| {
        !code[at + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    });
    if imports_path
        || code.contains("path as")
        || code.contains("from sys import")
        || code.contains("sys as")
    {
        return None;
    }
    let mut dirs = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("sys.path") {
        let before = rest[..at].trim_end();
        let after = &rest[at + "sys.path".len()..];
        rest = after;
        let literal = |args: &str, skip_index: bool| -> Option<(String, usize)> {
            let mut text = args.trim_start();
            if skip_index {
                let comma = text.find(',')?;
                if !text[..comma].trim().chars().all(|c| c.is_ascii_digit()) || comma == 0 {
                    return None;
                }
                text = text[comma + 1..].trim_start();
            }
            let quote = text.chars().next().filter(|q| *q == '"' || *q == '\'')?;
            let end = text[1..].find(quote)? + 1;
            let dir = &text[1..end];
            if dir.contains('\\') || !text[end + 1..].trim_start().starts_with(')') {
                return None;
            }
            Some((dir.to_string(), end))
        };
        let added = if let Some(args) = after.strip_prefix(".insert(") {
            Some(literal(args, true)?)
        } else if let Some(args) = after.strip_prefix(".append(") {
            Some(literal(args, false)?)
        } else {
            None
        };
        match added {
            Some((dir, _)) => dirs.push(files::join(here.dir, &dir)),
            // Read in place: `print(sys.path)`, `len(sys.path)`, `sys.path[0]`,
            // `print(*sys.path)`, `x in sys.path`, `for p in sys.path:`, `sys.path.index(x)`;
            // passed to anything else, or named again (`p = sys.path`), it could be changed
            // there; `sys.path[0] = …`, `del sys.path[0]`, `sys.path += …` change it.
            None => {
                if !read_in_place(before, after) {
                    return None;
                }
            }
        }
    }
    Some(dirs)
}

/// Whether `sys.path`, between the code `before` and `after` it, is only read where it stands
/// ([`inserted_paths`]).
fn read_in_place(before: &str, after: &str) -> bool {
    // Python's built-ins that read a list they are given and keep nothing of it.
    const READERS: &[&str] = &[
        "print(",
        "len(",
        "list(",
        "tuple(",
        "sorted(",
        "set(",
        "frozenset(",
        "str(",
        "repr(",
        "any(",
        "all(",
        "enumerate(",
        ".join(",
        "reversed(",
        "bool(",
    ];
    // A subscript (`sys.path[0]`, `sys.path[:2]`) read, not assigned to.
    let mut rest = after;
    if let Some(inner) = rest.strip_prefix('[') {
        let Some(end) = inner.find(']') else {
            return false;
        };
        if inner[..end].contains(['[', '(', '=']) {
            return false;
        }
        rest = &inner[end + 1..];
    }
    let rest = rest.trim_start();
    let assigned = (rest.starts_with('=') && !rest.starts_with("=="))
        || [
            "+=", "-=", "*=", "|=", "&=", "^=", "<<=", ">>=", "/=", "%=", "@=", "//=", "**=",
        ]
        .iter()
        .any(|op| rest.starts_with(op))
        || before.ends_with("del");
    let subscripted = after.starts_with('[');
    let aliased = before
        .strip_suffix('=')
        .is_some_and(|b| !b.ends_with(['=', '!', '<', '>']));
    if assigned || aliased && !subscripted {
        return false;
    }
    // An element (a string) or a slice (a new list), whatever is done with it next.
    if subscripted {
        return true;
    }
    // A method that only reads: `.index(x)`, `.count(x)`, `.copy()` (a new list).
    if let Some(method) = rest.strip_prefix('.') {
        return ["index(", "count(", "copy("]
            .iter()
            .any(|m| method.starts_with(m));
    }
    let ends = rest.is_empty() || rest.starts_with([')', ',', ';', '\n', ':', ']', '}']);
    let by_builtin = READERS.iter().any(|r| before.ends_with(r)) || before.ends_with('*');
    let by_operator = before.ends_with(" in") || before.ends_with(" not in");
    ends && (by_builtin || by_operator)
}

/// The project's modules a `-c` program imports ([`python::inline_project_imports`]), found in
/// `search` (the first directory that has one is where Python takes it from) and judged with
/// what they import in turn; one not found there comes from site-packages (not read here), one
/// that an extension module (`NAME.*.so`) or a compiled file could stand for is not read.
fn project_modules(
    here: &Here<'_>,
    code: &str,
    search: &[PathBuf],
    bytecode: bool,
    user_site: bool,
    out: &mut Verdict,
) {
    let Some(first) = python::inline_project_imports(code) else {
        return;
    };
    imported_modules(
        here,
        first.into_iter().map(|w| (w, None)).collect(),
        search,
        bytecode,
        user_site,
        out,
    );
}

/// The project's modules `queue` names (each with the directory of the module that imports it,
/// for relative imports), found in `search` and judged with what they import in turn, as
/// [`project_modules`] says.
fn imported_modules(
    here: &Here<'_>,
    mut queue: Vec<(String, Option<PathBuf>)>,
    search: &[PathBuf],
    bytecode: bool,
    user_site: bool,
    out: &mut Verdict,
) {
    const MAX_MODULES: usize = 32; // a few helpers, as a one-liner imports them; more is a program
    let program = here.program;
    let mut judged: Vec<PathBuf> = Vec::new();
    while let Some((wanted, importer)) = queue.pop() {
        if let Some(library) = wanted.strip_prefix(python::LIBRARY) {
            if !super::ldcache::finds(library) {
                out.push(
                    Level::Write,
                    format!("{program}'s ctypes.util.find_library(\"{library}\") finds no lib{library} in the loader's cache (/etc/ld.so.cache, as ldconfig -p lists it), so it runs gcc, which writes temporary files"),
                );
            }
            continue;
        }
        if let Some(name) = wanted.strip_prefix(python::INSTALLED_MARK) {
            installed_module(here, name, search, user_site, bytecode, out);
            continue;
        }
        let optional = wanted.starts_with('?');
        let wanted = wanted.trim_start_matches('?');
        let sources = match &importer {
            _ if wanted.starts_with('.') => {
                let dots = wanted.len() - wanted.trim_start_matches('.').len();
                let base = importer
                    .as_ref()
                    .and_then(|dir| dir.ancestors().nth(dots - 1));
                base.and_then(|dir| module_files(dir, wanted.trim_start_matches('.')))
            }
            _ => search.iter().find_map(|dir| module_files(dir, wanted)),
        };
        let Some(sources) = sources else {
            if !optional {
                out.push(
                    Level::Unknown,
                    format!("{program} imports {wanted}, which is neither a standard module nor a file of the project found here"),
                );
            }
            continue;
        };
        for file in sources {
            if judged.contains(&file) {
                continue;
            }
            if judged.len() >= MAX_MODULES {
                out.push(
                    Level::Unknown,
                    format!("{program} imports more of the project's modules than are read here"),
                );
                return;
            }
            judged.push(file.clone());
            let more = match files::read_text(&file) {
                Contents::Text(text) => python::module_project_imports(&text),
                _ => None,
            };
            let Some(more) = more else {
                out.push(
                    Level::Unknown,
                    format!("{program} imports {} from the project, whose code does more than define and print", file.display()),
                );
                continue;
            };
            let dir = file.parent().map(Path::to_path_buf);
            queue.extend(more.into_iter().map(|m| (m, dir.clone())));
        }
    }
    if bytecode {
        if let Some(file) = judged.first() {
            out.push(
                Level::Write,
                format!("{program} imports {} and writes its bytecode into __pycache__ (no -B or PYTHONDONTWRITEBYTECODE)", file.display()),
            );
        }
    }
}

/// A module of [`python::INSTALLED`] (PyYAML's `yaml`) is taken as the standard library is
/// when the interpreter is the system's (in `/usr/bin` or `/bin`, not a virtual environment's)
/// and its first copy on the module path is the system's: none in `search` (the directories a
/// `-c` program puts first, the working directory, `PYTHONPATH`) nor in the user's site
/// directory when it is on the path, and one in the system's site directories
/// (`/usr/local/lib/python3.*/dist-packages`, `/usr/lib/python3/dist-packages`,
/// `/usr/lib/python3.*/site-packages`), owned by root and writable by no one else: installed by
/// the package manager (or root's pip), the machine's code as the interpreter is. Anything
/// else is the project's or the user's copy, not read here.
fn installed_module(
    here: &Here<'_>,
    name: &str,
    search: &[PathBuf],
    user_site: bool,
    bytecode: bool,
    out: &mut Verdict,
) {
    let program = here.program;
    let named = |dir: &Path| {
        std::fs::read_dir(dir).is_ok_and(|entries| {
            entries.flatten().take(4096).any(|e| {
                let file_name = e.file_name().to_string_lossy().into_owned();
                file_name.split('.').next() == Some(name)
            })
        })
    };
    if let Some(dir) = search.iter().find(|d| named(d)) {
        out.push(
            Level::Unknown,
            format!(
                "{program} imports {name} from {}, not the system's installed copy",
                dir.display()
            ),
        );
        return;
    }
    let system_interpreter = here.resolved.is_some_and(|r| {
        r.parent()
            .and_then(Path::to_str)
            .is_some_and(|p| crate::commands::classify::programs::SYSTEM_BIN_DIRS.contains(&p))
            && venv_root(r).is_none()
    });
    if !system_interpreter {
        out.push(
            Level::Unknown,
            format!("{program} imports {name}, installed where only the system's interpreter is read here"),
        );
        return;
    }
    let sites = |pattern_parent: &str, sub: &str| -> Vec<PathBuf> {
        std::fs::read_dir(pattern_parent)
            .map(|entries| {
                let mut dirs: Vec<PathBuf> = entries
                    .flatten()
                    .filter(|e| e.file_name().to_string_lossy().starts_with("python3"))
                    .map(|e| e.path().join(sub))
                    .collect();
                dirs.sort();
                dirs
            })
            .unwrap_or_default()
    };
    if user_site {
        let base = match here.env.value("PYTHONUSERBASE") {
            Some(b) if !b.is_empty() => Some(files::join(here.dir, b)),
            _ => here.env.home().map(|h| h.join(".local")),
        };
        let Some(base) = base else {
            out.push(
                Level::Unknown,
                format!("{program} may import {name} from the user's site directory, and HOME is not known"),
            );
            return;
        };
        let lib = base.join("lib");
        if let Some(dir) = sites(&lib.to_string_lossy(), "site-packages")
            .iter()
            .find(|d| named(d))
        {
            out.push(
                Level::Unknown,
                format!(
                    "{program} imports {name} from the user's site directory {}",
                    dir.display()
                ),
            );
            return;
        }
    }
    let mut system = sites("/usr/local/lib", "dist-packages");
    system.push(PathBuf::from("/usr/lib/python3/dist-packages"));
    system.extend(sites("/usr/lib", "site-packages"));
    let root_only = |path: &Path| {
        std::fs::symlink_metadata(path).is_ok_and(|m| {
            crate::process::os::meta::owner_uid(&m) == Some(0)
                && crate::process::os::meta::permission_bits(&m).is_some_and(|b| b & 0o022 == 0)
        })
    };
    let found = system.iter().find_map(|dir| {
        let package = dir.join(name);
        let file = dir.join(format!("{name}.py"));
        if files::is_file(&package.join("__init__.py")) {
            Some(vec![package.clone(), package.join("__init__.py")])
        } else if files::is_file(&file) {
            Some(vec![file])
        } else {
            named(dir).then(Vec::new)
        }
    });
    match found {
        Some(paths) if !paths.is_empty() && paths.iter().all(|p| root_only(p)) => {
            // Root may write the system's `__pycache__`: a module without its current
            // bytecode there gets it written (Debian compiles them when it installs).
            let as_root = crate::process::os::meta::account_uid() == Some(0);
            // The interpreter's own tag (`python3.11` is `cpython-311`), read through its links.
            let tag = here
                .resolved
                .and_then(|r| std::fs::canonicalize(r).ok())
                .and_then(|r| {
                    let name = r.file_name()?.to_str()?.strip_prefix("python")?.to_string();
                    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
                    (name.contains('.') && !digits.is_empty()).then(|| format!("cpython-{digits}"))
                })
                .unwrap_or_else(|| "cpython-".to_string());
            if bytecode && as_root && !compiled(&paths[0], &tag) {
                out.push(
                    Level::Write,
                    format!("{program} runs as root and writes the bytecode of {name} it lacks in {}", paths[0].display()),
                );
            }
        }
        _ => out.push(
            Level::Unknown,
            format!("{program} imports {name}, which is not found installed by root in the system's site directories"),
        ),
    }
}

/// Every `.py` of a package directory (or the one module file) has a compiled file in
/// `__pycache__` for the interpreter's `tag` (`cpython-311`) at least as new as itself.
fn compiled(path: &Path, tag: &str) -> bool {
    const MAX_FILES: usize = 256; // a package of more sources than this is not read
    let (dir, sources): (PathBuf, Vec<PathBuf>) = if path.is_dir() {
        let Ok(entries) = std::fs::read_dir(path) else {
            return false;
        };
        let sources: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "py"))
            .collect();
        (path.to_path_buf(), sources)
    } else {
        match path.parent() {
            Some(parent) => (parent.to_path_buf(), vec![path.to_path_buf()]),
            None => return false,
        }
    };
    if sources.len() > MAX_FILES {
        return false;
    }
    let cache: Vec<(String, std::time::SystemTime)> = std::fs::read_dir(dir.join("__pycache__"))
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| {
                    let modified = e.metadata().ok()?.modified().ok()?;
                    Some((e.file_name().to_string_lossy().into_owned(), modified))
                })
                .collect()
        })
        .unwrap_or_default();
    sources.iter().all(|source| {
        let Some(stem) = source.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
            return false;
        };
        let Some(written) = std::fs::metadata(source)
            .ok()
            .and_then(|m| m.modified().ok())
        else {
            return false;
        };
        cache.iter().any(|(name, at)| {
            name.strip_prefix(&format!("{stem}.{tag}"))
                .is_some_and(|rest| rest.ends_with(".pyc") && !rest.contains(".opt-"))
                && *at >= written
        })
    })
}

/// The source files importing `dotted` (`a.b`) from `dir` runs: each package's `__init__.py`
/// and the module's file. `None` when the first part is not there as source, or when something
/// else could be imported in its place (an extension module, a compiled file, a package without
/// `__init__.py`); those are not read.
fn module_files(dir: &Path, dotted: &str) -> Option<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut at = dir.to_path_buf();
    let parts: Vec<&str> = dotted.split('.').collect();
    for (n, part) in parts.iter().enumerate() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            return None;
        };
        let shadowed = entries.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_prefix(part)
                .and_then(|r| r.strip_prefix('.'))
                .is_some_and(|r| {
                    r.ends_with("so") || r.ends_with("pyc") || r.ends_with("pyd") || r == "pyw"
                })
        });
        if shadowed {
            return None;
        }
        let package = at.join(part);
        let init = package.join("__init__.py");
        let file = at.join(format!("{part}.py"));
        if files::is_file(&init) {
            found.push(init);
            at = package;
        } else if files::is_file(&file) && n + 1 == parts.len() {
            found.push(file);
        } else {
            return None;
        }
    }
    Some(found)
}

/// Modules in `dir` that shadow `names` (or, with `everything`, any standard module).
fn shadowing(
    here: &Here<'_>,
    dir: &Path,
    names: &[String],
    everything: bool,
    which: &str,
    out: &mut Verdict,
) {
    const MAX_ENTRIES: usize = 4096; // a directory listing bigger than this is a data directory, not code
    if names.is_empty() && !everything {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for (n, entry) in entries.flatten().enumerate() {
        if n >= MAX_ENTRIES {
            out.push(
                Level::Unknown,
                format!(
                    "{} imports from {}, which has too many entries to check",
                    here.program,
                    dir.display()
                ),
            );
            return;
        }
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let stem = file_name.split('.').next().unwrap_or(&file_name);
        let wanted = names.iter().any(|n| n == stem) || (everything && STDLIB.contains(&stem));
        if !wanted {
            continue;
        }
        let is_module = file_name.ends_with(".py")
            || file_name.ends_with(".pyc")
            || file_name.ends_with(".so")
            || (entry.file_type().is_ok_and(|t| t.is_dir()) && module_in(dir, stem).is_some());
        if is_module {
            out.push(
                Level::Unknown,
                format!(
                    "{} imports {} from {which} ({}) instead of the standard module",
                    here.program,
                    stem,
                    entry.path().display()
                ),
            );
        }
    }
}

/// pip's commands that use the package index check for a newer pip first and record it in its
/// cache (`selfcheck`), unless told not to (`--disable-pip-version-check`, `--no-index`,
/// `PIP_DISABLE_PIP_VERSION_CHECK`, `disable-pip-version-check` in a pip.conf).
fn pip(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let sub = args
        .iter()
        .filter_map(|a| a.value.as_deref())
        .find(|v| !v.starts_with('-'));
    let mut configs: Vec<PathBuf> = vec![
        PathBuf::from("/etc/pip.conf"),
        PathBuf::from("/etc/xdg/pip/pip.conf"),
    ];
    if let Some(home) = here.env.home() {
        configs.push(home.join(".pip/pip.conf"));
    }
    for xdg in here.env.xdg_configs(here.dir) {
        configs.push(xdg.join("pip/pip.conf"));
    }
    // A virtual environment's own pip.conf (the pip run from it reads it).
    if let Some(venv) = here.env.value("VIRTUAL_ENV") {
        configs.push(files::join(here.dir, venv).join("pip.conf"));
    }
    let exe = here.resolved.map(Path::to_path_buf).or_else(|| {
        here.program
            .contains('/')
            .then(|| files::join(here.dir, here.program))
    });
    if let Some(venv) = exe.as_deref().and_then(Path::parent).and_then(Path::parent) {
        if venv.join("pyvenv.cfg").is_file() {
            configs.push(venv.join("pip.conf"));
        }
    }
    if let Some(file) = here.env.value("PIP_CONFIG_FILE") {
        configs.push(files::join(here.dir, file));
    }
    // `log =` (or log-file, local-log) in any section: every command appends to that file.
    let log_key = |l: &str| {
        let l = l.trim().to_ascii_lowercase().replace('_', "-");
        let key = l.split(['=', ':']).next().unwrap_or("").trim().to_string();
        matches!(key.as_str(), "log" | "log-file" | "local-log") && l.contains(['=', ':'])
    };
    // `pip --version`, `-V` and `--help` print and stop before the log is set up (measured, pip
    // 23.2: a `log =` file was not made by them, and was by `pip list`).
    let prints_only =
        matches!(args, [a] if ["--version", "-V", "--help", "-h"].iter().any(|o| a.is(o)));
    for c in &configs {
        match files::read_text(c) {
            Contents::Text(t) if !prints_only && t.lines().any(log_key) => out.push(
                Level::Write,
                format!("pip writes a log file that {} names (log =)", c.display()),
            ),
            Contents::Unreadable => out.push(
                Level::Unknown,
                format!(
                    "pip reads {}, which is too large or unreadable to check",
                    c.display()
                ),
            ),
            _ => {}
        }
    }
    // The same for a log the environment names (measured, pip 23.2: `PIP_LOG=f pip --version`
    // made no f).
    for name in ["PIP_LOG", "PIP_LOG_FILE", "PIP_LOCAL_LOG"] {
        if here.env.is_set(name) && !prints_only {
            out.push(
                Level::Write,
                format!("pip writes the log file {name} names"),
            );
        }
    }
    if !matches!(
        sub,
        Some("list" | "install" | "download" | "wheel" | "index")
    ) {
        return;
    }
    let flag = |name: &str| args.iter().any(|a| a.is(name));
    if flag("--disable-pip-version-check") || flag("--no-index") {
        return;
    }
    for name in ["PIP_DISABLE_PIP_VERSION_CHECK", "PIP_NO_INDEX"] {
        if here
            .env
            .value(name)
            .is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on"))
        {
            return;
        }
    }
    let disabled = configs.iter().any(|c| match files::read_text(c) {
        Contents::Text(t) => t.lines().any(|l| {
            let l = l.trim().to_ascii_lowercase().replace('_', "-");
            (l.starts_with("disable-pip-version-check") || l.starts_with("no-index"))
                && l.split('=')
                    .nth(1)
                    .is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes" | "on"))
        }),
        _ => false,
    });
    if !disabled {
        out.push(
            Level::Write,
            format!(
                "pip {} checks the index for a newer pip and records it in its cache (--disable-pip-version-check turns that off)",
                sub.unwrap_or("")
            ),
        );
    }
}

/// Python tools that import the project's own code before they answer, `--version` and `--help`
/// included (measured: pytest 7.2 imports the `conftest.py` files of the working directory, its
/// parents and its `test*` subdirectories, and of the directories its arguments name; flake8 7 the local plugins its
/// configuration names; tox 4 a `toxfile.py`; pylint 3's `--help` the plugins its rcfile
/// loads). Plugins installed as packages are the system's, as site-packages `.pth` files are.
pub fn plugin_host(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = here.program;
    let mut flag = |file: &Path, what: &str| {
        out.push(
            Level::Unknown,
            format!(
                "{program} imports {what} ({}) before it runs",
                file.display()
            ),
        )
    };
    match program {
        // pytest 9.2's `main` answers a command line holding exactly one `--version` or `-V`
        // (the two counted together) with its version before it reads an ini file, the
        // environment's PYTEST_ADDOPTS or PYTEST_PLUGINS, or any plugin (measured: `-p plug` in
        // PYTEST_ADDOPTS did not load; `-V -V` and `--help` loaded it).
        "pytest" | "py.test"
            if args.iter().all(|a| a.value.is_some())
                && args
                    .iter()
                    .filter(|a| a.is("--version") || a.is("-V"))
                    .count()
                    == 1 => {}
        "pytest" | "py.test" => {
            for name in ["PYTEST_PLUGINS", "PYTEST_ADDOPTS"] {
                if here.env.is_set(name) {
                    out.push(
                        Level::Unknown,
                        format!("{program} takes plugins or options from {name}"),
                    );
                    return;
                }
            }
            // `pytest --version` (`-V`) prints before it looks for conftest.py files (measured,
            // pytest 9.2: a planted one did not run; pytest 7.2 imported it), nor does it load
            // the plugins an ini file's `addopts = -p NAME` names (measured, pytest 9.2). Those
            // of the environment are still counted.
            let version_only = matches!(args, [only] if only.is("--version") || only.is("-V"));
            let mut dirs = if version_only {
                Vec::new()
            } else {
                vec![here.dir.to_path_buf()]
            };
            let mut words = args.iter();
            while let Some(word) = words.next() {
                let Some(value) = word.value.as_deref() else {
                    out.push(
                        Level::Unknown,
                        format!("{program}: a path known only at run time may hold a conftest.py"),
                    );
                    return;
                };
                let plugin = match value {
                    "-p" => words.next().and_then(|w| w.value.as_deref()),
                    v => v.strip_prefix("-p"),
                };
                if plugin.is_some_and(|p| !p.starts_with("no:")) {
                    out.push(
                        Level::Unknown,
                        format!("{program} imports the plugin -p names"),
                    );
                    return;
                }
                if value.starts_with('-') {
                    continue;
                }
                if version_only {
                    continue;
                }
                let path = files::join(here.dir, value.split("::").next().unwrap_or(value));
                dirs.push(if files::is_dir(&path) {
                    path
                } else {
                    path.parent().map_or(path.clone(), Path::to_path_buf)
                });
            }
            if args.iter().any(|a| a.is("--co") || a.is("--collect-only")) {
                return pytest_collection(here, args, &dirs, out);
            }
            // Each directory's parents, and its own subdirectories named `test*` (pytest loads
            // `tests/conftest.py` when run above it with no argument: measured, pytest 7.2).
            const MAX_ENTRIES: usize = 2_000; // a directory listed for `test*`; past it, unknown
            for dir in &dirs {
                let mut candidates: Vec<PathBuf> = files::ancestors(dir)
                    .map(|d| d.join("conftest.py"))
                    .collect();
                if let Ok(entries) = std::fs::read_dir(dir) {
                    for (n, entry) in entries.flatten().enumerate() {
                        if n == MAX_ENTRIES {
                            out.push(
                                Level::Unknown,
                                format!("{program}: {} has too many entries to look for its test directories' conftest.py", dir.display()),
                            );
                            return;
                        }
                        if entry.file_name().to_string_lossy().starts_with("test") {
                            candidates.push(entry.path().join("conftest.py"));
                        }
                    }
                }
                if let Some(conftest) = candidates.iter().find(|c| files::exists(c)) {
                    return flag(conftest, "the project's conftest.py");
                }
            }
            let inis =
                files::ancestors(here.dir).flat_map(|d| PYTEST_INI.iter().map(move |n| d.join(n)));
            let adds_plugins = |t: &str| {
                t.contains("required_plugins")
                    || t.lines().any(|l| {
                        l.contains("addopts") && l.split_whitespace().any(|w| w.starts_with("-p"))
                    })
            };
            if version_only {
                return;
            }
            if let Some(file) = files::first_saying(inis, adds_plugins) {
                flag(&file, "the plugins its addopts or required_plugins name");
            }
        }
        "flake8" => {
            let mut configs: Vec<PathBuf> = files::ancestors(here.dir)
                .flat_map(|d| [".flake8", "setup.cfg", "tox.ini"].map(|n| d.join(n)))
                .collect();
            configs.extend(super::named_files(
                args,
                &["--config", "--append-config"],
                here.dir,
            ));
            // `--isolated` reads no configuration file, `--config` and `--append-config`
            // included (flake8 7.5's `load_config`; measured: local plugins that run a
            // program did not load for `--isolated --version`).
            let isolated = args.iter().any(|a| a.is("--isolated"));
            if let Some(file) =
                files::first_saying(configs, |t| t.contains("local-plugins")).filter(|_| !isolated)
            {
                flag(
                    &file,
                    "the local plugins its flake8:local-plugins section names",
                );
            }
            // `output-file` is an option of the command line only: in a configuration file it
            // is not an option flake8 registers there, and the report goes to standard output
            // (flake8 7.5, `stage1_arg_parser`; measured with `output-file` and `output_file`
            // in setup.cfg's `[flake8]`: no file made).
            if let Some(operand) = crate::commands::classify::devtools::flake8_lone_operand(args) {
                if !files::is_file(&files::join(here.dir, &operand)) {
                    out.push(
                        Level::Write,
                        crate::commands::classify::devtools::FLAKE8_PARALLEL,
                    );
                }
            }
        }
        "tox" => {
            for d in files::ancestors(here.dir) {
                let toxfile = d.join("toxfile.py");
                if files::exists(&toxfile) {
                    return flag(&toxfile, "the project's toxfile.py");
                }
            }
        }
        // `pylint --version` prints before any rcfile is read (measured, pylint 4.1: an
        // init-hook that runs a program did not run, `--rcfile=.pylintrc` given too).
        "pylint" if matches!(args, [only] if only.is("--version")) => {}
        "pylint" => {
            let loads = |a: &Word| {
                a.value
                    .as_deref()
                    .is_none_or(|v| v.starts_with("--load-plugins") || v.starts_with("--init-hook"))
            };
            if args.iter().any(loads) {
                out.push(
                    Level::Unknown,
                    format!("{program} loads the plugins its options name"),
                );
                return;
            }
            // `--rcfile FILE` is the only rcfile read (none is searched for: measured, pylint
            // 4.1, `--rcfile=/dev/null` beside a .pylintrc whose init-hook runs a program).
            let named = super::named_files(args, &["--rcfile"], here.dir);
            let mut rcs: Vec<PathBuf> = files::ancestors(here.dir)
                .flat_map(|d| {
                    [
                        "pylintrc",
                        ".pylintrc",
                        "pylintrc.toml",
                        ".pylintrc.toml",
                        "pyproject.toml",
                        "setup.cfg",
                        "tox.ini",
                    ]
                    .map(|n| d.join(n))
                })
                .collect();
            if let Some(home) = here.env.home() {
                rcs.push(home.join(".pylintrc"));
                rcs.push(home.join(".config/pylintrc"));
            }
            if named.is_empty() {
                if let Some(rc) = here.env.value("PYLINTRC").filter(|v| !v.is_empty()) {
                    rcs.push(files::join(here.dir, rc));
                }
            } else {
                rcs = named;
            }
            let loads = |t: &str| t.contains("load-plugins") || t.contains("init-hook");
            if let Some(file) = files::first_saying(rcs.clone(), loads) {
                flag(&file, "the plugins or init-hook its rcfile names");
                return;
            }
            // An rcfile's `output` writes the report to a file, its `jobs` starts worker
            // processes (their semaphores are files in /dev/shm); measured, pylint 4.1:
            // `output-format = text:report.txt` writes report.txt.
            // An `output-format` other than the built-in ones writes a file (`text:report.txt`)
            // or loads a reporter class (a module).
            const FORMATS: &[&str] = &["text", "parseable", "colorized", "json", "json2", "msvs"];
            let sets = |t: &str| {
                t.lines().any(|l| {
                    let (key, value) = l.split_once(['=', ':']).unwrap_or((l, ""));
                    let value = value.trim().trim_matches(['"', '\'']);
                    match key.trim() {
                        "output" | "jobs" => true,
                        "output-format" | "output_format" => {
                            !l.split_once('=').is_some_and(|(_, v)| {
                                v.trim()
                                    .trim_matches(['"', '\''])
                                    .split(',')
                                    .all(|f| FORMATS.contains(&f.trim()))
                            }) || value.is_empty()
                        }
                        _ => false,
                    }
                })
            };
            if let Some(file) = files::first_saying(rcs, sets) {
                out.push(
                    Level::Write,
                    format!(
                        "{program} takes a report file or worker processes from {}",
                        file.display()
                    ),
                );
            }
        }
        _ => {}
    }
}

/// The files pytest reads its configuration from, in each directory up from where it runs.
const PYTEST_INI: &[&str] = &[
    "pytest.ini",
    ".pytest.ini",
    "pyproject.toml",
    "tox.ini",
    "setup.cfg",
];

/// `pytest --co` (the options `modes::pytest_collect` takes): collecting imports every test
/// module it finds (`test_*.py`, `*_test.py` under each path given, else the working directory;
/// directories starting with `.` are not entered, as by pytest's default `norecursedirs`), the
/// `__init__.py` of the packages they are in, and the `conftest.py` files of those directories
/// and their parents (unless `--noconftest`). Each is judged as a module of the project a `-c`
/// program imports ([`imported_modules`]), with what it imports found where pytest's default
/// import mode puts it (`prepend`: the first directory up from the module without an
/// `__init__.py`); `import pytest` is the pytest that runs. A directory there holding a module
/// named like a standard one may shadow it, and an ini file that changes what is collected or
/// how (`python_files`, `norecursedirs`, `pythonpath`, `addopts`, `--import-mode`,
/// `confcutdir`) is not read: neither is read-only. Imported, each writes its bytecode unless
/// `PYTHONDONTWRITEBYTECODE` (measured, pytest 9.2).
fn pytest_collection(here: &Here<'_>, args: &[Word], dirs: &[PathBuf], out: &mut Verdict) {
    const MAX_FILES: usize = 200; // test modules and directories walked; past it, not read
    let program = here.program;
    let inis = files::ancestors(here.dir).flat_map(|d| PYTEST_INI.iter().map(move |n| d.join(n)));
    let changes = |t: &str| {
        [
            "python_files",
            "norecursedirs",
            "pythonpath",
            "addopts",
            "import-mode",
            "confcutdir",
            "python_classes",
            "python_functions",
        ]
        .iter()
        .any(|k| t.contains(k))
    };
    if let Some(file) = files::first_saying(inis, changes) {
        out.push(
            Level::Unknown,
            format!(
                "{program} collects as {} says, which is not read here",
                file.display()
            ),
        );
        return;
    }
    // The paths given (their own directories for files), else the working directory.
    let given: Vec<PathBuf> = dirs.iter().skip(1).cloned().collect();
    let roots = if given.is_empty() {
        vec![here.dir.to_path_buf()]
    } else {
        given
    };
    let mut modules: Vec<PathBuf> = Vec::new();
    for a in args {
        let Some(v) = a.value.as_deref().filter(|v| !v.starts_with('-')) else {
            continue;
        };
        let path = files::join(here.dir, v.split("::").next().unwrap_or(v));
        if files::is_file(&path) {
            modules.push(path);
        }
    }
    let mut stack: Vec<PathBuf> = roots.iter().filter(|d| files::is_dir(d)).cloned().collect();
    let mut walked = 0;
    let mut entered: Vec<PathBuf> = Vec::new();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            walked += 1;
            if walked > MAX_FILES * 10 || modules.len() > MAX_FILES {
                out.push(
                    Level::Unknown,
                    format!("{program} collects more test modules than are read here"),
                );
                return;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if files::is_dir(&path) {
                if !name.starts_with('.') && name != "__pycache__" {
                    stack.push(path);
                }
            } else if name.ends_with(".py")
                && (name.starts_with("test_") || name.ends_with("_test.py"))
            {
                modules.push(path);
            } else if name == "conftest.py" {
                // Every directory pytest enters has its conftest.py imported.
                entered.push(path);
            }
        }
    }
    let conftests = !args.iter().any(|a| a.is("--noconftest"));
    let mut judged: Vec<PathBuf> = Vec::new();
    let mut queue: Vec<(String, Option<PathBuf>)> = Vec::new();
    let mut search: Vec<PathBuf> = Vec::new();
    let mut files_read: Vec<PathBuf> = Vec::new();
    for module in &modules {
        let Some(dir) = module.parent() else { continue };
        // The package chain: `__init__.py` of each directory up that has one; the first
        // directory without one is put first on the module path.
        let mut base = dir.to_path_buf();
        let mut chain = vec![module.clone()];
        while files::is_file(&base.join("__init__.py")) {
            chain.push(base.join("__init__.py"));
            match base.parent() {
                Some(up) => base = up.to_path_buf(),
                None => break,
            }
        }
        if conftests {
            chain.extend(
                files::ancestors(dir)
                    .map(|d| d.join("conftest.py"))
                    .filter(|c| files::is_file(c)),
            );
        }
        if !search.contains(&base) {
            search.push(base);
        }
        for file in chain {
            if !files_read.contains(&file) {
                files_read.push(file);
            }
        }
    }
    if conftests {
        for c in entered {
            if !files_read.contains(&c) {
                files_read.push(c);
            }
        }
        for root in &roots {
            for c in files::ancestors(root).map(|d| d.join("conftest.py")) {
                if files::is_file(&c) && !files_read.contains(&c) {
                    files_read.push(c);
                }
            }
        }
    }
    for base in &search {
        let Ok(entries) = std::fs::read_dir(base) else {
            continue;
        };
        let shadow = entries.flatten().find_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".py").unwrap_or(&name).to_string();
            STDLIB.contains(&stem.as_str()).then(|| e.path())
        });
        if let Some(shadow) = shadow {
            out.push(
                Level::Unknown,
                format!("{program} puts {} first on the module path, where {} is named like a standard module", base.display(), shadow.display()),
            );
            return;
        }
    }
    for file in &files_read {
        let imports = match files::read_text(file) {
            Contents::Text(text) => python::module_project_imports(&text),
            _ => None,
        };
        let Some(imports) = imports else {
            out.push(
                Level::Unknown,
                format!(
                    "{program} imports {}, whose code does more than define and print",
                    file.display()
                ),
            );
            return;
        };
        judged.push(file.clone());
        let dir = file.parent().map(Path::to_path_buf);
        queue.extend(
            imports
                .into_iter()
                .filter(|m| m.trim_start_matches('?').split('.').next() != Some("pytest"))
                .map(|m| (m, dir.clone())),
        );
    }
    imported_modules(here, queue, &search, false, true, out);
    let bytecode = !here.env.is_set("PYTHONDONTWRITEBYTECODE");
    if let (true, Some(file)) = (bytecode, judged.first()) {
        out.push(
            Level::Write,
            format!("{program} imports {} and writes its bytecode into __pycache__ (no PYTHONDONTWRITEBYTECODE)", file.display()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_imports() {
        assert_eq!(
            imports("import csv, sys as s; from os.path import join\nimport a.b"),
            vec!["csv", "sys", "os", "a"]
        );
        assert!(imports("print(1)").is_empty());
    }
}
