//! What R and gawk load as they start, before an inline program that only prints:
//!
//! - R (`R`, `Rscript`): the user profile (`./.Rprofile`, else `~/.Rprofile`, or the file
//!   `R_PROFILE_USER` names) unless `--no-init-file`; `.Renviron` (here or in HOME, or
//!   `R_ENVIRON_USER`'s), which can set `R_PROFILE_USER` and the library path, unless
//!   `--no-environ`; the site profile `R_PROFILE` names unless `--no-site-file`; `R` (not
//!   `Rscript`) restores `./.RData`, whose `.First` runs, unless `--no-restore`; `--vanilla` is
//!   all of these. The default packages load from the library path (`R_LIBS`, `R_LIBS_USER`,
//!   `~/R/…-library`) before R's own: a package of the same name there runs instead. All
//!   measured with R 4.2.
//! - gawk: `-i LIB` searches `AWKPATH`, whose default is `.:/usr/share/awk` (a `LIB` or
//!   `LIB.awk` in the working directory is loaded first, measured with gawk 5.2), and the
//!   library found is an awk program, judged as one; `-l EXT` searches `AWKLIBPATH` (the
//!   default, gawk's own directory, has no `.`).

use std::path::{Path, PathBuf};

use super::files;
use super::{Here, Var};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;

/// R's default packages, which load at start from the first library that has them.
const DEFAULT_PACKAGES: &[&str] = &[
    "base",
    "datasets",
    "utils",
    "grDevices",
    "graphics",
    "stats",
    "methods",
];

const MAX_LIBRARIES: usize = 16; // `~/R/<platform>-library/<version>` directories looked at

pub fn r(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    // `R --version` prints its version from the command line, before any profile, environ file,
    // saved image or library is read (measured, R 4.2: R_PROFILE_USER, R_LIBS, ./.Rprofile and
    // ./.Renviron all planted, none read); Rscript prints its own before it starts R.
    if matches!(args, [only] if only.is("--version")) {
        return;
    }
    let given = |flag: &str| {
        args.iter()
            .take_while(|a| !a.is("--args"))
            .any(|a| a.is(flag))
    };
    let vanilla = given("--vanilla");
    let init = !(vanilla || given("--no-init-file"));
    let environ = !(vanilla || given("--no-environ"));
    let site = !(vanilla || given("--no-site-file"));
    let restore =
        here.program == "R" && !(vanilla || given("--no-restore") || given("--no-restore-data"));
    let program = here.program;
    let mut unknown = |what: String| out.push(Level::Unknown, format!("{program} {what}"));
    let mut vars = vec![
        "R_LIBS",
        "R_LIBS_USER",
        "R_LIBS_SITE",
        "R_DEFAULT_PACKAGES",
        "R_SCRIPT_DEFAULT_PACKAGES",
    ];
    if init {
        vars.push("R_PROFILE_USER");
    }
    if site {
        vars.push("R_PROFILE");
    }
    if environ {
        vars.extend(["R_ENVIRON_USER", "R_ENVIRON"]);
    }
    for name in vars {
        if here.env.is_set(name) {
            unknown(format!("loads what {name} names as it starts"));
        }
    }
    let home = here.env.home();
    let here_or_home = |name: &str| {
        std::iter::once(here.dir.join(name))
            .chain(home.as_ref().map(|h| h.join(name)))
            .find(|p| files::exists(p))
    };
    if init {
        if let Some(p) = here_or_home(".Rprofile") {
            unknown(format!("runs the profile {} as it starts", p.display()));
        }
    }
    if environ {
        if let Some(p) = here_or_home(".Renviron") {
            unknown(format!(
                "reads {} as it starts, which can name a profile or a library",
                p.display()
            ));
        }
    }
    if restore && files::exists(&here.dir.join(".RData")) {
        unknown("restores ./.RData, whose .First runs (--no-restore would not)".to_string());
    }
    if let Some(p) = home.as_deref().and_then(user_default_package) {
        unknown(format!(
            "loads its default packages from the user library first, which has {}",
            p.display()
        ));
    }
}

/// A default package in a user library under `~/R` (`~/R/x86_64-pc-linux-gnu-library/4.2/stats`).
fn user_default_package(home: &Path) -> Option<std::path::PathBuf> {
    let platforms = std::fs::read_dir(home.join("R")).ok()?;
    let versions = platforms
        .flatten()
        .filter_map(|p| std::fs::read_dir(p.path()).ok())
        .flat_map(|d| d.flatten())
        .take(MAX_LIBRARIES);
    for version in versions {
        if let Some(found) = DEFAULT_PACKAGES
            .iter()
            .map(|p| version.path().join(p))
            .find(|p| files::exists(p))
        {
            return Some(found);
        }
    }
    None
}

/// gawk's `-i LIB` and `-l EXT` (see the module header). A library found is judged as the awk
/// program it is ([`scripts::awk`]: its `system()`, pipes, redirections, network files); one not
/// found stops gawk before it runs anything.
pub fn gawk(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::{grammar, specs};
    let Some(parsed) = specs::find("awk").and_then(|spec| grammar::parse(spec, args).ok()) else {
        return;
    };
    let mut includes: Vec<&str> = Vec::new();
    for lib in parsed.all("-i|--include").filter_map(|o| o.value()) {
        match lib.value.as_deref() {
            Some("inplace" | "inplace.awk") => {} // awk's own verdict: it writes
            Some(name) => includes.push(name),
            None => out.push(
                Level::Unknown,
                format!("awk -i {} loads a library named only at run time", lib.text),
            ),
        }
    }
    let search = if includes.is_empty() {
        Vec::new()
    } else {
        match awk_search(&here.env, here.dir) {
            Some(search) => search,
            None => {
                out.push(
                    Level::Unknown,
                    "awk -i loads its library from AWKPATH, only known at run time",
                );
                Vec::new()
            }
        }
    };
    for name in includes {
        if let Some(file) = awk_library(name, here.dir, &search) {
            judge_awk_library(name, &file, out);
        }
    }
    if parsed.has("-l|--load") && here.env.is_set("AWKLIBPATH") {
        out.push(
            Level::Unknown,
            "awk -l loads its extension from AWKLIBPATH, which the environment sets",
        );
    }
}

/// The directories gawk searches for a `-i` library or a `-f` program file without a slash:
/// `AWKPATH`'s (an empty entry is the working directory), else `.:/usr/share/awk`. `None` when
/// `AWKPATH` is only known at run time. Measured with gawk 5.2: `AWKPATH=lib gawk -f p.awk`
/// runs `lib/p.awk` and never `./p.awk`; `AWKPATH=` searches the working directory.
pub(crate) fn awk_search(env: &super::Env<'_>, dir: &Path) -> Option<Vec<PathBuf>> {
    match env.get("AWKPATH") {
        Var::Runtime => None,
        Var::Set(path) => Some(
            path.split(':')
                .map(|d| files::join(dir, if d.is_empty() { "." } else { d }))
                .collect(),
        ),
        Var::Unset => Some(vec![dir.to_path_buf(), PathBuf::from("/usr/share/awk")]),
    }
}

/// Where gawk finds the library `-i NAME` loads (and the program `-f NAME` runs): a name with a slash as it is; else `NAME` in
/// each directory of `search`, then `NAME.awk` in each (gawk 5.2's `find_source`).
pub(crate) fn awk_library(name: &str, dir: &Path, search: &[PathBuf]) -> Option<PathBuf> {
    let suffixed = (!name.ends_with(".awk")).then(|| format!("{name}.awk"));
    let names = std::iter::once(name.to_string()).chain(suffixed);
    if name.contains('/') {
        return names
            .map(|n| files::join(dir, &n))
            .find(|p| files::is_file(p));
    }
    names
        .flat_map(|n| search.iter().map(move |d| d.join(&n)))
        .find(|p| files::is_file(p))
}

/// A gawk library's text, judged as the program it is; `@include` and `@load` in it load more,
/// which is not followed.
fn judge_awk_library(name: &str, file: &Path, out: &mut Verdict) {
    let Some(text) = super::config_text(file, "awk", out) else {
        return;
    };
    let fx = crate::commands::classify::scripts::awk(&text);
    let shown = file.display();
    if fx.executes || !fx.commands.is_empty() || fx.network || fx.unreadable {
        out.push(
            Level::Unknown,
            format!("awk -i {name} loads {shown}, which runs commands or cannot be checked"),
        );
    }
    if text.contains("@include") || text.contains("@load") {
        out.push(
            Level::Unknown,
            format!("awk -i {name} loads {shown}, which loads more code"),
        );
    }
    if fx.writes {
        out.push(
            Level::Write,
            format!("awk -i {name} loads {shown}, which writes files"),
        );
    }
}

/// gnuplot runs `~/.gnuplot` as it starts unless `-d`/`--default-settings` (measured with
/// gnuplot 5.4: `./.gnuplot` and `$XDG_CONFIG_HOME/gnuplot/gnuplotrc` were not read; the
/// system's `gnuplotrc` is the machine's own).
pub fn gnuplot(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    if crate::commands::classify::printers::only_information(args)
        || args
            .iter()
            .any(|a| a.is("-d") || a.is("--default-settings"))
    {
        return;
    }
    match here.env.home() {
        Some(home) => {
            let rc = home.join(".gnuplot");
            let harmless = match files::read_text(&rc) {
                files::Contents::Missing => true,
                files::Contents::Text(text) => {
                    crate::commands::classify::printers::gnuplot_harmless_rc(&text)
                }
                files::Contents::Unreadable => false,
            };
            if !harmless {
                out.push(
                    Level::Unknown,
                    format!("gnuplot runs {} first (-d skips it)", rc.display()),
                );
            }
        }
        None => out.push(
            Level::Unknown,
            "gnuplot runs ~/.gnuplot first, under a HOME not known",
        ),
    }
}

const MAX_POPT_FILES: usize = 16; // files of /etc/popt.d read; more are taken to alias

/// popt, which parses rsync's options, reads aliases and `exec` lines for the program from
/// `/etc/popt`, `/etc/popt.d/*` and `~/.popt` (measured, rsync 3.2: `rsync alias --dry-run
/// --dry-run --log-file=LOG` wrote LOG): a line for `program` adds options not shown.
pub fn popt(here: &Here<'_>, program: &str, out: &mut Verdict) {
    let mut candidates = vec![std::path::PathBuf::from("/etc/popt")];
    if let Ok(entries) = std::fs::read_dir("/etc/popt.d") {
        let listed: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .take(MAX_POPT_FILES + 1)
            .collect();
        if listed.len() > MAX_POPT_FILES {
            out.push(
                Level::Unknown,
                "/etc/popt.d holds more files than are read here",
            );
        }
        candidates.extend(listed);
    }
    match here.env.home() {
        Some(home) => candidates.push(home.join(".popt")),
        None => out.push(
            Level::Unknown,
            format!("{program} reads popt aliases from ~/.popt, under a HOME not known"),
        ),
    }
    let names_program = |text: &str| {
        text.lines()
            .any(|l| l.split_whitespace().next() == Some(program))
    };
    if let Some(file) = files::first_saying(candidates, names_program) {
        out.push(
            Level::Unknown,
            format!(
                "{program} takes the options {} adds for it (popt aliases)",
                file.display()
            ),
        );
    }
}
