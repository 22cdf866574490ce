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
//!   `LIB.awk` in the working directory is loaded first, measured with gawk 5.2); `-l EXT`
//!   searches `AWKLIBPATH` (the default, gawk's own directory, has no `.`).

use std::path::Path;

use super::files;
use super::Here;
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

/// gawk's `-i LIB` and `-l EXT` (see the module header).
pub fn gawk(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    use crate::commands::classify::{grammar, specs};
    let Some(parsed) = specs::find("awk").and_then(|spec| grammar::parse(spec, args).ok()) else {
        return;
    };
    let includes: Vec<&Word> = parsed
        .all("-i|--include")
        .filter_map(|o| o.value())
        .collect();
    if !includes.is_empty() && here.env.is_set("AWKPATH") {
        out.push(
            Level::Unknown,
            "awk -i loads its library from AWKPATH, which the environment sets",
        );
    }
    for lib in includes {
        let Some(name) = lib.value.as_deref() else {
            continue;
        };
        let planted = [name.to_string(), format!("{name}.awk")]
            .iter()
            .map(|n| here.dir.join(n))
            .find(|p| files::exists(p));
        if let Some(p) = planted {
            out.push(
                Level::Unknown,
                format!(
                    "awk -i {name} loads {} (AWKPATH starts with the working directory)",
                    p.display()
                ),
            );
        }
    }
    if parsed.has("-l|--load") && here.env.is_set("AWKLIBPATH") {
        out.push(
            Level::Unknown,
            "awk -l loads its extension from AWKLIBPATH, which the environment sets",
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
