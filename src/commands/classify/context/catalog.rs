//! What the catalog's reading grammars leave to the context (issue 44's third pass): the
//! `diff_cmd` of colordiff's configuration files, ledger's init files, `LEDGER_*` variables,
//! price database and journals (whose `python` and `import` run Python), and the `.ctu-info`
//! files cppcheck removes beside each source it checks; the compiled modules an Erlang VM
//! (elixir, mix, iex) loads from the working directory; indent's profile and chktex's
//! configuration files (the fourth pass), whose options apply before the command line's; the
//! plugins GVBINDIR names to gvpack, highlight's Lua data directories and source-highlight's
//! configuration (the fifth pass); a versioned or variant name's file (the sixth pass, rule (b))
//! and apt's `APT_CONFIG`.

use std::path::{Path, PathBuf};

use crate::process::os::meta::same_file;

use super::files;
use super::{config_text, family, Here, Var};
use crate::commands::classify::catalog;
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;

pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = family(here.program);
    // apt's programs read the configuration file APT_CONFIG names (`-c`'s, which their grammars
    // leave out): apt-ftparchive's `APT::FTPArchive::DB` keeps a cache database.
    if matches!(program, "apt-ftparchive" | "apt-sortpkgs") && here.env.is_set("APT_CONFIG") {
        out.push(
            Level::Unknown,
            format!("{program} reads the configuration file APT_CONFIG names"),
        );
        return;
    }
    if matches!(
        program,
        "elixir" | "elixirc" | "iex" | "mix" | "escript" | "erl"
    ) {
        return erlang_code_path(here, args, out);
    }
    // gvpack lays its graphs out through graphviz's plugins, as dot does (context::tools).
    if program == "gvpack" && here.env.is_set("GVBINDIR") {
        out.push(Level::Unknown, "graphviz loads its plugins from GVBINDIR");
        return;
    }
    if !matches!(
        program,
        "colordiff"
            | "ledger"
            | "cppcheck"
            | "indent"
            | "chktex"
            | "highlight"
            | "source-highlight"
    ) {
        return;
    }
    // A word only known at run time left the grammar's verdict unknown already.
    let Some(values) = super::super::args::values(args) else {
        return;
    };
    match program {
        "colordiff" => colordiff(here, &values, out),
        "ledger" => ledger(here, &values, out),
        "indent" => indent(here, &values, out),
        "chktex" => chktex(here, out),
        "highlight" => highlight(here, out),
        "source-highlight" => {
            let paths: Vec<PathBuf> = here
                .env
                .home()
                .map(|h| h.join(".source-highlight/source-highlight.conf"))
                .into_iter()
                .collect();
            settings_files(
                here,
                "source-highlight",
                "SOURCE_HIGHLIGHT_DATADIR",
                &paths,
                out,
            )
        }
        _ => cppcheck(here, &values, out),
    }
}

/// Any of `paths` there (or not known to be absent) leaves `program` unknown: its options come
/// from that file first. `variable` set names another one.
fn settings_files(
    here: &Here<'_>,
    program: &str,
    variable: &str,
    paths: &[PathBuf],
    out: &mut Verdict,
) {
    if here.env.is_set(variable) {
        out.push(
            Level::Unknown,
            format!("{program} reads options from the file {variable} names"),
        );
        return;
    }
    for name in ["HOME", "XDG_CONFIG_HOME"] {
        if matches!(here.env.get(name), Var::Runtime) {
            out.push(
                Level::Unknown,
                format!(
                    "{program}'s {name} is only known at run time (an options file may be there)"
                ),
            );
            return;
        }
    }
    for path in paths {
        if !files::absent(path) {
            out.push(
                Level::Unknown,
                format!("{program} reads options from {}", path.display()),
            );
            return;
        }
    }
}

/// GNU indent 2.2.12 reads `INDENT_PROFILE`'s file, else `./.indent.pro`, else `~/.indent.pro`
/// (traced), unless `-npro`: a profile's options apply as the command line's (`-o FILE`).
fn indent(here: &Here<'_>, values: &[&str], out: &mut Verdict) {
    if values
        .iter()
        .any(|w| matches!(*w, "-npro" | "--ignore-profile"))
    {
        return;
    }
    let mut paths = vec![here.dir.join(".indent.pro")];
    paths.extend(here.env.home().map(|h| h.join(".indent.pro")));
    settings_files(here, "indent", "INDENT_PROFILE", &paths, out);
}

/// highlight 3.41 takes options from `HIGHLIGHT_OPTIONS`, and loads its language definitions,
/// themes and plug-ins (Lua, run as they load) from `HIGHLIGHT_DATADIR` and from `.highlight/`
/// in the account's home directory (the passwd entry's, not `HOME`: traced) before its system
/// directory.
fn highlight(here: &Here<'_>, out: &mut Verdict) {
    if here.env.is_set("HIGHLIGHT_OPTIONS") {
        out.push(
            Level::Unknown,
            "highlight takes options from HIGHLIGHT_OPTIONS",
        );
        return;
    }
    let data = files::account_home().map(|h| h.join(".highlight"));
    settings_files(
        here,
        "highlight",
        "HIGHLIGHT_DATADIR",
        &data.into_iter().collect::<Vec<_>>(),
        out,
    );
}

/// ChkTeX 1.7.8 reads the system's `/etc/chktexrc`, then `CHKTEXRC`'s, `$XDG_CONFIG_HOME/chktexrc`
/// (or `~/.config/chktexrc`), `~/.chktexrc` and `./.chktexrc` (traced): a `CmdLine` entry there
/// adds options (`-o FILE`).
fn chktex(here: &Here<'_>, out: &mut Verdict) {
    let mut paths: Vec<PathBuf> = here
        .env
        .xdg_configs(here.dir)
        .into_iter()
        .map(|d| d.join("chktexrc"))
        .collect();
    paths.extend(here.env.home().map(|h| h.join(".chktexrc")));
    paths.push(here.dir.join(".chktexrc"));
    settings_files(here, "chktex", "CHKTEXRC", &paths, out);
}

/// colordiff's configuration files as colordiff 1.0.20 lists them: the system's, then
/// `$XDG_CONFIG_HOME` (or `LOCALAPPDATA`, `APPDATA`) `/colordiff/colordiffrc`, else
/// `~/.config/colordiff/colordiffrc`, then `~/.colordiffrc` (`HOME`, else `USERPROFILE`).
fn colordiff(here: &Here<'_>, values: &[&str], out: &mut Verdict) {
    let runs_diff = catalog::colordiff_diff_args(values)
        .is_some_and(|rest| catalog::colordiff_runs_diff(&rest));
    if !runs_diff {
        return;
    }
    let var = |name: &str| match here.env.get(name) {
        Var::Set(v) if !v.is_empty() => Ok(Some(v)),
        Var::Set(_) | Var::Unset => Ok(None),
        Var::Runtime => Err(()),
    };
    let unknown = |out: &mut Verdict| {
        out.push(
            Level::Unknown,
            "colordiff's configuration directory is only known at run time (it may name a diff_cmd)",
        )
    };
    let (Ok(home), Ok(profile)) = (var("HOME"), var("USERPROFILE")) else {
        return unknown(out);
    };
    let home = home.or(profile).unwrap_or("");
    let mut configs = vec![PathBuf::from("/etc/colordiff/colordiffrc")];
    let mut user_dir = None;
    for name in ["XDG_CONFIG_HOME", "LOCALAPPDATA", "APPDATA"] {
        match var(name) {
            Ok(Some(dir)) => {
                user_dir = Some(files::join(here.dir, dir));
                break;
            }
            Ok(None) => {}
            Err(()) => return unknown(out),
        }
    }
    if user_dir.is_none() && !home.is_empty() {
        user_dir = Some(files::join(here.dir, home).join(".config"));
    }
    if let Some(dir) = user_dir {
        configs.push(dir.join("colordiff/colordiffrc"));
    }
    if !home.is_empty() {
        configs.push(files::join(here.dir, home).join(".colordiffrc"));
    }
    for path in configs {
        let Some(text) = config_text(&path, "colordiff", out) else {
            continue;
        };
        // Each line as colordiff reads it: `#` comments, all white space removed, `name=value`.
        let named = text.lines().find_map(|line| {
            if line.starts_with('#') {
                return None;
            }
            let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            let mut parts = squeezed.split('=');
            (parts.next() == Some("diff_cmd"))
                .then(|| parts.next().unwrap_or("").to_string())
                .filter(|cmd| cmd != "diff")
        });
        if let Some(cmd) = named {
            out.push(
                Level::Unknown,
                format!(
                    "colordiff runs {cmd}, the diff_cmd {} names, in place of diff",
                    path.display()
                ),
            );
        }
    }
}

/// ledger 3.3 reads (traced) `$XDG_CONFIG_HOME/ledger/ledgerrc` (or `~/.config/…`),
/// `~/.ledgerrc` and `./.ledgerrc` as options, every `LEDGER_*` variable as an option
/// (`LEDGER_PAGER` is `--pager`), `~/.pricedb` and the journals (`-f`, the init files' `--file`,
/// `LEDGER_FILE`, `~/.ledger`). Its Python runs a journal's `python` block and `import`, a
/// line starting with `--` sets an option, and `include` reads more journals: a journal with
/// any of them (or a directive's old `!`/`@` spelling) is not read here.
fn ledger(here: &Here<'_>, values: &[&str], out: &mut Verdict) {
    let Some(parsed) = catalog::getopt(&catalog::LEDGER, values) else {
        return;
    };
    let mut journals: Vec<PathBuf> = Vec::new();
    let home = here.env.home();
    let named = |file: &str, out: &mut Verdict, journals: &mut Vec<PathBuf>| {
        if file == "-" {
            out.push(
                Level::Unknown,
                "ledger reads a journal from standard input, which may hold Python (python, import)",
            );
            return;
        }
        // `~user/…`: ledger asks the name service, which may know more than the /etc/passwd expand_tilde reads.
        let expanded = if file.starts_with('~') && file != "~" && !file.starts_with("~/") {
            None
        } else {
            files::expand_tilde(file, home.as_deref())
        };
        match expanded {
            Some(p) => journals.push(files::join(here.dir, &p.to_string_lossy())),
            None => out.push(
                Level::Unknown,
                format!("ledger reads the journal {file}, whose place is not known here"),
            ),
        }
    };
    for file in catalog::ledger_files(&parsed) {
        named(&file, out, &mut journals);
    }
    for name in here.env.names() {
        if !name.starts_with("LEDGER_") {
            continue;
        }
        match (name, here.env.get(name)) {
            ("LEDGER_FILE", Var::Set(file)) => named(file, out, &mut journals),
            _ => out.push(
                Level::Unknown,
                format!("ledger takes {name} as an option (LEDGER_PAGER runs a pager, LEDGER_OUTPUT writes)"),
            ),
        }
    }
    let Some(home) = home.as_deref() else {
        out.push(
            Level::Unknown,
            "ledger reads ~/.ledgerrc, and HOME is not known here",
        );
        return;
    };
    if matches!(here.env.get("XDG_CONFIG_HOME"), Var::Runtime) {
        out.push(
            Level::Unknown,
            "ledger reads $XDG_CONFIG_HOME/ledger/ledgerrc, a place only known at run time",
        );
        return;
    }
    let mut init = here.env.xdg_configs(here.dir);
    for dir in &mut init {
        *dir = dir.join("ledger/ledgerrc");
    }
    init.push(home.join(".ledgerrc"));
    init.push(here.dir.join(".ledgerrc"));
    for path in init {
        let Some(text) = config_text(&path, "ledger", out) else {
            continue;
        };
        let words: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with(['#', ';']))
            .flat_map(str::split_whitespace)
            .collect();
        // As on the command line: no grouped short options, and nothing but options.
        let grouped = words
            .iter()
            .any(|w| w.len() > 2 && w.starts_with('-') && !w.starts_with("--"));
        let options =
            catalog::getopt(&catalog::LEDGER, &words).filter(|p| !grouped && p.operands.is_empty());
        match options {
            Some(p) => {
                for file in catalog::ledger_files(&p) {
                    named(&file, out, &mut journals);
                }
            }
            None => out.push(
                Level::Unknown,
                format!(
                    "ledger reads options from {} that its reading grammar does not list",
                    path.display()
                ),
            ),
        }
    }
    journals.push(home.join(".pricedb"));
    journals.push(home.join(".ledger"));
    for path in journals {
        journal(&path, out);
    }
}

/// A journal ledger parses: refused when a line at its start runs Python, sets an option or
/// includes another file.
fn journal(path: &Path, out: &mut Verdict) {
    let Some(text) = config_text(path, "ledger", out) else {
        return;
    };
    let directive = text.lines().find(|line| {
        line.starts_with(['!', '@', '-'])
            || ["python", "import", "include"].iter().any(|d| {
                line.strip_prefix(d)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
            })
    });
    if let Some(line) = directive {
        let shown: String = line.chars().take(40).collect();
        out.push(
            Level::Unknown,
            format!(
                "ledger's journal {} holds '{shown}' (Python, an option or another journal)",
                path.display()
            ),
        );
    }
}

/// cppcheck 2.10 unlinks `FILE.ctu-info` beside each source FILE it checks (traced): any such
/// file under the paths it is given would be removed.
fn cppcheck(here: &Here<'_>, values: &[&str], out: &mut Verdict) {
    const MAX_ENTRIES: usize = 20_000; // each a directory entry read; past it, unknown
    let mut seen = 0usize;
    let mut stack: Vec<PathBuf> = Vec::new();
    for source in catalog::cppcheck_sources(values) {
        let path = files::join(here.dir, &source);
        if files::is_dir(&path) {
            stack.push(path);
        } else if files::exists(Path::new(&format!("{}.ctu-info", path.display()))) {
            out.push(
                Level::Write,
                format!("cppcheck removes {source}.ctu-info, beside the source it checks"),
            );
            return;
        }
    }
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > MAX_ENTRIES {
                out.push(
                    Level::Unknown,
                    "cppcheck checks a tree too large to look through here for the .ctu-info files it removes",
                );
                return;
            }
            let name = entry.file_name();
            if name.to_string_lossy().ends_with(".ctu-info") {
                out.push(
                    Level::Write,
                    format!(
                        "cppcheck removes {}, beside a source it checks",
                        entry.path().display()
                    ),
                );
                return;
            }
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(entry.path());
            }
        }
    }
}

/// An Erlang VM in interactive mode looks a module up in the working directory before its own
/// libraries ("." heads the code path): a `*.beam` there named as one of the kernel's replaces
/// it (measured, OTP 25: `elixir --version` and `mix --version` beside a planted
/// `inet_db.beam` loaded it, crashed, and wrote `erl_crash.dump` there). `erl -version`
/// prints the emulator's version without booting (measured: nothing loaded).
fn erlang_code_path(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    const MAX_ENTRIES: usize = 4096; // a directory listing bigger than this is data, not a project
    if here.program == "erl" && matches!(args, [only] if only.is("-version")) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(here.dir) else {
        return;
    };
    for (n, entry) in entries.flatten().enumerate() {
        let beam = entry.file_name().to_string_lossy().ends_with(".beam");
        if beam || n >= MAX_ENTRIES {
            out.push(
                Level::Unknown,
                format!(
                    "{} starts an Erlang VM, which loads modules from the working directory first ({})",
                    here.program,
                    if beam { "a .beam file is there" } else { "too many entries to look through" }
                ),
            );
            return;
        }
    }
}

/// A versioned or variant name (`catalog::ALIASES`: `guile-3.0`, `identify-im6`), or a name
/// that reads its own name (`catalog::SIBLINGS`: `unpigz`), is judged as its plain name because
/// Debian installs both as one file: here the name run (by PATH, or the path it was run by) must
/// be the file PATH finds for the plain name (a name found elsewhere, or without the plain name
/// beside it, is another program). One file is one device and inode after symbolic links
/// (`unpigz` is a hard link of `pigz`).
impl super::Probe {
    pub fn same_program(
        &self,
        written: &str,
        plain: &str,
        prefix: &[(String, Option<String>)],
        verdict: &mut Verdict,
    ) {
        let env = self.env(prefix);
        let Some(path) = env.value("PATH") else {
            return;
        };
        for dir in &self.dirs {
            let run = match &self.by_path {
                Some(by) => Some(files::join(dir, by)),
                None => files::on_path(written, path, dir),
            };
            // Not found: the command fails, running nothing.
            let Some(run) = run else {
                continue;
            };
            let same =
                files::on_path(plain, path, dir).is_some_and(|other| same_file(&run, &other));
            if !same {
                verdict.push(
                    Level::Unknown,
                    format!("{written} is read as {plain}, but here it is not the file PATH finds for {plain}"),
                );
                return;
            }
        }
    }

    /// Rule (b) made general (the seventh pass): `written`, run from PATH and known to no rule,
    /// is a known program `plain` when it is `plain` and a version (`-` or `.` or nothing, then
    /// digits and dots: `opt-14`, `gem3.1`, `pdb3.11`), both are one file on PATH in every
    /// directory the command may run in, and that file is named `written` (`plain` is a link to
    /// the versioned file, as `tclsh -> tclsh8.6`), or `plain` with the version set off by `-`
    /// or `.` (`opt-14 -> opt`). The binary then runs under its own name or a versioned one of
    /// it: a file named otherwise may choose its mode by name (`llvm-ranlib-14 -> llvm-ar`
    /// writes an index where `llvm-ar t` lists), and a digit joined to the name may be a mode
    /// (`ping4 -> ping` is `ping -4`). Tried longest first
    /// (`pdb3.11` is `pdb3`, then `pdb`). A name that only shares a prefix (`clang-cl-14` and
    /// `clang`, `pstree.x11` and `pstree`) is never tried: what is cut is a version, nothing
    /// else. Without the context no such name is read (`go-12` is gccgo's, `go` golang's).
    pub fn versioned<'a>(
        &self,
        written: &'a str,
        prefix: &[(String, Option<String>)],
    ) -> Option<&'a str> {
        use crate::commands::classify::programs;
        if self.by_path.is_some() || written.contains('/') || programs::is_known(written) {
            return None;
        }
        let candidates = version_cut(written);
        if candidates.is_empty() {
            return None;
        }
        let env = self.env(prefix);
        let path = env.value("PATH")?;
        candidates.into_iter().find(|plain| {
            programs::is_known(plain)
                && self.dirs.iter().all(|dir| {
                    match (
                        files::on_path(written, path, dir),
                        files::on_path(plain, path, dir),
                    ) {
                        (Some(a), Some(b)) => same_file(&a, &b) && named(&a, written, plain),
                        _ => false,
                    }
                })
        })
    }
}

/// The names `name` is with a version cut off, longest first: `pdb3.11` gives `pdb3` and `pdb`,
/// `opt-14` gives `opt`; none for a name without one or ending in a dot.
fn version_cut(name: &str) -> Vec<&str> {
    let tail = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if name.ends_with('.') || tail.len() == name.len() {
        return Vec::new();
    }
    let bytes = name.as_bytes();
    let mut cuts = Vec::new();
    for k in (tail.len()..name.len()).rev() {
        if !bytes[k].is_ascii_digit() || (k > tail.len() && bytes[k - 1] != b'.') {
            continue;
        }
        let before = &name[..k];
        let plain = if k > tail.len() {
            before.strip_suffix('.').unwrap_or(before)
        } else {
            before.strip_suffix('-').unwrap_or(before)
        };
        if plain.ends_with(|c: char| c.is_ascii_alphanumeric()) && !cuts.contains(&plain) {
            cuts.push(plain);
        }
    }
    cuts
}

/// Whether the file `path` runs (symbolic links followed) is named `written`, or `plain` when
/// `written` sets its version off by `-` or `.`.
fn named(path: &Path, written: &str, plain: &str) -> bool {
    let separated = written
        .strip_prefix(plain)
        .is_some_and(|rest| rest.starts_with(['-', '.']));
    std::fs::canonicalize(path).is_ok_and(|p| {
        p.file_name().is_some_and(|n| {
            n == std::ffi::OsStr::new(written) || (separated && n == std::ffi::OsStr::new(plain))
        })
    })
}
