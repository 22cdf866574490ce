//! cargo and rustup in context. rustup's proxies (`cargo`, `rustc`, `rustfmt`, … in
//! `~/.cargo/bin`) pick a toolchain from `RUSTUP_TOOLCHAIN`, a `+toolchain` argument or the
//! nearest `rust-toolchain.toml`/`rust-toolchain` up the tree: a `path` there runs that
//! directory's programs, and a channel, component or target not installed is downloaded.
//! cargo reads `.cargo/config.toml` (and `.cargo/config`) in every directory up the tree and in
//! `$CARGO_HOME`: `build.rustc`, `build.rustc-wrapper` and the like run on every command that asks
//! rustc about the target (metadata without --no-deps, tree, fetch; measured with cargo 1.9x; its
//! `[env]` is not given to that question),
//! and `cargo <name>` runs `cargo-<name>` from `$CARGO_HOME/bin` or `PATH` when `name` is not
//! cargo's own.

use std::path::{Path, PathBuf};

use super::files::{self, Contents};
use super::{Here, Var};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;

/// cargo's own commands (`cargo --list`, cargo 1.9x): `cargo <other>` runs `cargo-<other>`.
#[rustfmt::skip]
const BUILTIN: &[&str] = &[
    "add", "b", "bench", "build", "c", "check", "clean", "clippy-driver", "config", "d", "doc", "fetch", "fix",
    "generate-lockfile", "git-checkout", "help", "info", "init", "install", "locate-project", "login", "logout",
    "metadata", "new", "owner", "package", "pkgid", "publish", "r", "read-manifest", "remove", "report", "rm", "run",
    "rustc", "rustdoc", "search", "t", "test", "tree", "uninstall", "update", "vendor", "verify-project", "version",
    "yank",
];

/// Programs that rustup's proxies stand for, and rustup itself (`rustup --version` runs the
/// active toolchain's rustc; its other reading commands run none of it: [`runs_no_toolchain`]).
const PROXIES: &[&str] = &[
    "rustup",
    "cargo",
    "rustc",
    "rustdoc",
    "rustfmt",
    "cargo-fmt",
    "cargo-clippy",
    "clippy-driver",
    "rust-analyzer",
    "rust-gdb",
    "rust-lldb",
    "cargo-miri",
    "rls",
];

/// cargo's keys that name a program it runs when it asks rustc about the target.
const RUSTC_KEYS: &[&str] = &[
    "build.rustc",
    "build.rustc-wrapper",
    "build.rustc-workspace-wrapper",
];

/// The same, as environment variables.
const RUSTC_VARIABLES: &[&str] = &[
    "RUSTC",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "CARGO_BUILD_RUSTC",
    "CARGO_BUILD_RUSTC_WRAPPER",
    "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
];

pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict, _base: &mut Verdict) {
    let program = super::family(here.program);
    if is_proxy(here) {
        settings_made(here, out);
        if !runs_no_toolchain(here.program, args) {
            toolchain(here, args, out);
        }
    }
    if program != "cargo" {
        return;
    }
    let mut words = args.iter().filter_map(|a| a.value.as_deref()).peekable();
    if words.peek().is_some_and(|w| w.starts_with('+')) {
        words.next();
    }
    let options_first: Vec<&str> = words.clone().take_while(|w| w.starts_with('-')).collect();
    if options_first
        .iter()
        .any(|o| o.starts_with("--config") || *o == "-Z")
    {
        out.push(
            Level::Unknown,
            "cargo --config sets configuration on the command line, which is not checked here",
        );
    }
    let Some(sub) = words.find(|w| !w.starts_with('-')) else {
        return;
    };
    let rest: Vec<&str> = args
        .iter()
        .filter_map(|a| a.value.as_deref())
        .skip_while(|w| *w != sub)
        .skip(1)
        .collect();
    if !BUILTIN.contains(&sub) {
        external(here, sub, out);
        // cargo-fmt runs the rustfmt that RUSTFMT names (measured: `cargo fmt -- --check`).
        if sub == "fmt" && here.env.is_set("RUSTFMT") {
            out.push(Level::Unknown, "cargo fmt runs the program RUSTFMT names");
        }
        return;
    }
    let asks_rustc = match sub {
        "metadata" => !rest.contains(&"--no-deps"),
        "tree" | "fetch" => true,
        _ => false,
    };
    if !asks_rustc {
        return;
    }
    // Resolving the graph takes the package cache's lock, a file it creates in $CARGO_HOME
    // (with the global cache's database) the first time (measured: cargo 1.9x, `cargo tree
    // --offline` with no dependencies).
    if let Some(home) = cargo_home(here) {
        if let Some(missing) = [".package-cache", ".global-cache"]
            .iter()
            .map(|f| home.join(f))
            .find(|f| !files::exists(f))
        {
            out.push(
                Level::Write,
                format!(
                    "cargo {sub} creates {} (the package cache's lock and database, made on first use)",
                    missing.display()
                ),
            );
        }
    }
    for name in RUSTC_VARIABLES {
        if here.env.is_set(name) {
            out.push(
                Level::Unknown,
                format!("cargo {sub} runs the program {name} names"),
            );
        }
    }
    for (file, table) in configs(here) {
        for key in RUSTC_KEYS {
            if let Some(value) = lookup(&table, key) {
                out.push(
                    Level::Unknown,
                    format!(
                        "cargo {sub} runs {} ({key} in {})",
                        shown(value),
                        file.display()
                    ),
                );
            }
        }
    }
}

fn shown(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => format!("{other:?}"),
    }
}

/// `a.b` in a TOML table.
fn lookup<'a>(table: &'a toml::Table, key: &str) -> Option<&'a toml::Value> {
    let mut parts = key.split('.');
    let mut value = table.get(parts.next()?)?;
    for part in parts {
        value = value.as_table()?.get(part)?;
    }
    Some(value)
}

/// cargo's configuration files that apply in `here.dir`, nearest first, with their tables. A
/// file that cannot be read or parsed is given as an empty table under a name that says so.
fn configs(here: &Here<'_>) -> Vec<(PathBuf, toml::Table)> {
    let mut out = Vec::new();
    let mut paths: Vec<PathBuf> = Vec::new();
    for dir in files::ancestors(here.dir) {
        paths.push(dir.join(".cargo/config.toml"));
        paths.push(dir.join(".cargo/config"));
    }
    if let Some(home) = cargo_home(here) {
        paths.push(home.join("config.toml"));
        paths.push(home.join("config"));
    }
    for path in paths {
        match files::read_text(&path) {
            Contents::Missing => {}
            Contents::Unreadable => out.push((path, unreadable())),
            Contents::Text(text) => match text.parse::<toml::Table>() {
                Ok(table) => out.push((path, table)),
                Err(_) => out.push((path, unreadable())),
            },
        }
    }
    out
}

/// A table that stands for a file that could not be read: it names a wrapper, so it is flagged.
fn unreadable() -> toml::Table {
    let mut build = toml::Table::new();
    build.insert(
        "rustc-wrapper".into(),
        toml::Value::String("(a file that cannot be read, so what it sets is unknown)".into()),
    );
    let mut t = toml::Table::new();
    t.insert("build".into(), toml::Value::Table(build));
    t
}

fn cargo_home(here: &Here<'_>) -> Option<PathBuf> {
    match here.env.get("CARGO_HOME") {
        Var::Set(p) if !p.is_empty() => Some(files::join(here.dir, p)),
        _ => here.env.home().map(|h| h.join(".cargo")),
    }
}

fn rustup_home(here: &Here<'_>) -> Option<PathBuf> {
    match here.env.get("RUSTUP_HOME") {
        Var::Set(p) if !p.is_empty() => Some(files::join(here.dir, p)),
        _ => here.env.home().map(|h| h.join(".rustup")),
    }
}

/// A rustup proxy found on `PATH` writes `settings.toml` into its rustup home when there is none
/// (measured, rustup 1.29: `rustc --version` under a HOME with no `.rustup` made
/// `~/.rustup/settings.toml`, then said no toolchain was chosen).
fn settings_made(here: &Here<'_>, out: &mut Verdict) {
    if here.resolved.is_none() {
        return;
    }
    if let Some(home) = rustup_home(here) {
        let settings = home.join("settings.toml");
        if !files::exists(&settings) {
            out.push(
                Level::Write,
                format!(
                    "{} runs through rustup, which writes {} (not there yet)",
                    here.program,
                    settings.display()
                ),
            );
        }
    }
}

/// rustup's own commands that name the toolchain without running any of its programs:
/// `show` (and `show active-toolchain`, `home`, `profile`), `which`, `toolchain list`, `target
/// list`, `component list`, `override list`, `default` without a name, `help` (measured with
/// strace, rustup 1.29, a `rust-toolchain.toml` naming a planted toolchain by `path`: no
/// execve but rustup's; `rustup --version` ran the planted rustc).
fn runs_no_toolchain(program: &str, args: &[Word]) -> bool {
    if program != "rustup" || args.iter().any(|a| a.value.is_none()) {
        return false;
    }
    let words: Vec<&str> = args.iter().filter_map(|a| a.value.as_deref()).collect();
    if words.iter().any(|w| matches!(*w, "-V" | "--version")) {
        return false;
    }
    let operands: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    matches!(
        operands.as_slice(),
        ["show"]
            | ["show", "active-toolchain" | "home" | "profile"]
            | ["which", _]
            | ["toolchain" | "target" | "component" | "override", "list"]
            | ["default"]
            | ["help", ..]
    ) || words.iter().all(|w| matches!(*w, "-h" | "--help"))
}

/// The program runs through a rustup proxy (its directory holds `rustup`), or cannot be found.
fn is_proxy(here: &Here<'_>) -> bool {
    if !PROXIES.contains(&here.program) {
        return false;
    }
    match here.resolved {
        Some(path) => path
            .parent()
            .is_some_and(|dir| files::is_executable(&dir.join("rustup"))),
        None => true,
    }
}

/// The toolchain rustup picks, and whether using it runs programs other than an installed
/// toolchain's or installs anything.
fn toolchain(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let program = here.program;
    // A rustup home in the working directory (a relative `RUSTUP_HOME`, or one below where the
    // command runs) is that directory's files: its settings pick a toolchain among its own.
    if let Var::Set(home) = here.env.get("RUSTUP_HOME") {
        if !home.is_empty() && files::join(here.dir, home).starts_with(here.dir) {
            out.push(
                Level::Unknown,
                format!("{program} runs a toolchain of the rustup home RUSTUP_HOME names in the working directory ({home})"),
            );
            return;
        }
    }
    let plus = args
        .first()
        .and_then(|a| a.value.as_deref())
        .and_then(|v| v.strip_prefix('+'));
    let (name, origin) = if let Some(tc) = plus {
        (Some(tc.to_string()), format!("+{tc}"))
    } else {
        match here.env.get("RUSTUP_TOOLCHAIN") {
            Var::Set(tc) if !tc.is_empty() => (Some(tc.to_string()), "RUSTUP_TOOLCHAIN".into()),
            Var::Runtime => {
                out.push(
                    Level::Unknown,
                    format!("{program} uses a toolchain only known at run time (RUSTUP_TOOLCHAIN)"),
                );
                return;
            }
            _ => match file_toolchain(here, out) {
                Some(found) => found,
                None => return,
            },
        }
    };
    let Some(name) = name else {
        return;
    };
    if name.contains('/') {
        out.push(
            Level::Unknown,
            format!("{program} runs the toolchain at {name} ({origin})"),
        );
        return;
    }
    // A channel (`stable`, `nightly-2024-01-01`, `1.80`) is downloaded when missing; another
    // name is a linked toolchain, and rustup stops when it is missing.
    let channel = ["stable", "beta", "nightly"]
        .iter()
        .any(|c| name == *c || name.starts_with(&format!("{c}-")))
        || name.starts_with(|c: char| c.is_ascii_digit());
    if channel && installed(here, &name).is_none() {
        out.push(
            Level::Write,
            format!("{program} installs the toolchain {name} ({origin}), which is not installed"),
        );
    }
}

/// The nearest toolchain file: the toolchain it names (`None` when it names none) and where.
fn file_toolchain(here: &Here<'_>, out: &mut Verdict) -> Option<(Option<String>, String)> {
    let program = here.program;
    for dir in files::ancestors(here.dir) {
        for name in ["rust-toolchain.toml", "rust-toolchain"] {
            let path = dir.join(name);
            let Some(text) = super::config_text(&path, program, out) else {
                continue;
            };
            let origin = path.display().to_string();
            let table = match text.parse::<toml::Table>() {
                Ok(t) => t,
                Err(_) if name == "rust-toolchain" => {
                    let channel = text.lines().next().unwrap_or("").trim().to_string();
                    return Some(((!channel.is_empty()).then_some(channel), origin));
                }
                Err(_) => {
                    out.push(
                        Level::Unknown,
                        format!("{program} reads {origin}, which cannot be parsed here"),
                    );
                    return None;
                }
            };
            let Some(tc) = table.get("toolchain").and_then(|t| t.as_table()) else {
                return Some((None, origin));
            };
            if let Some(path_value) = tc.get("path") {
                out.push(
                    Level::Unknown,
                    format!(
                        "{program} runs the toolchain at {} (toolchain.path in {origin})",
                        shown(path_value)
                    ),
                );
                return None;
            }
            let channel = tc
                .get("channel")
                .and_then(|c| c.as_str())
                .map(str::to_string);
            let wants = |key: &str| -> Vec<String> {
                tc.get(key)
                    .and_then(|v| v.as_array())
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let components = wants("components");
            let targets = wants("targets");
            if !components.is_empty() || !targets.is_empty() {
                let dir = channel
                    .as_deref()
                    .map_or_else(|| default_toolchain(here), |c| installed(here, c));
                let missing: Vec<&String> = match &dir {
                    Some(dir) => components
                        .iter()
                        .filter(|c| !has_component(dir, c))
                        .chain(
                            targets
                                .iter()
                                .filter(|t| !files::is_dir(&dir.join("lib/rustlib").join(t))),
                        )
                        .collect(),
                    None => components.iter().chain(targets.iter()).collect(),
                };
                if !missing.is_empty() {
                    let list: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
                    out.push(
                        Level::Write,
                        format!(
                            "{program} installs {} ({origin}), which is not installed",
                            list.join(", ")
                        ),
                    );
                }
            }
            return Some((channel, origin));
        }
    }
    None
}

/// The installed toolchain directory for `name` (`stable` is `stable-<host>`).
fn installed(here: &Here<'_>, name: &str) -> Option<PathBuf> {
    let toolchains = rustup_home(here)?.join("toolchains");
    let exact = toolchains.join(name);
    if files::is_dir(&exact) {
        return Some(exact);
    }
    let entries = std::fs::read_dir(&toolchains).ok()?;
    entries.flatten().map(|e| e.path()).find(|p| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with(&format!("{name}-")))
    })
}

/// The default toolchain's directory (`default_toolchain` in rustup's settings).
fn default_toolchain(here: &Here<'_>) -> Option<PathBuf> {
    let Contents::Text(settings) = files::read_text(&rustup_home(here)?.join("settings.toml"))
    else {
        return None;
    };
    let table = settings.parse::<toml::Table>().ok()?;
    let name = table.get("default_toolchain")?.as_str()?;
    installed(here, name)
}

/// `component` (`rustfmt`, `clippy`, `rust-src`) is in the toolchain's component list.
fn has_component(toolchain: &Path, component: &str) -> bool {
    let Contents::Text(list) = files::read_text(&toolchain.join("lib/rustlib/components")) else {
        return false;
    };
    list.lines().any(|l| {
        l == component
            || l.starts_with(&format!("{component}-"))
            || l.starts_with(&format!("{component}-preview"))
    })
}

/// `cargo <sub>`, not cargo's own: the program it runs.
fn external(here: &Here<'_>, sub: &str, out: &mut Verdict) {
    let name = format!("cargo-{sub}");
    let from_home = cargo_home(here)
        .map(|h| h.join("bin").join(&name))
        .filter(|p| files::is_executable(p));
    let found = from_home.or_else(|| {
        here.env
            .value("PATH")
            .and_then(|p| files::on_path(&name, p, here.dir))
    });
    let Some(found) = found else {
        return;
    };
    let proxy = found
        .parent()
        .is_some_and(|d| files::is_executable(&d.join("rustup")))
        && same_file(&found, &found.with_file_name("rustup"));
    let system = found.starts_with("/usr/") || found.starts_with("/bin/");
    if !proxy && !system {
        out.push(
            Level::Unknown,
            format!("cargo {sub} runs {}", found.display()),
        );
    }
}

/// Two paths are the same file (a rustup proxy is a hard or symbolic link to rustup).
fn same_file(a: &Path, b: &Path) -> bool {
    crate::process::os::meta::same_file(a, b)
}

/// `cargo tree`/`metadata` will not write Cargo.lock: it is there, newer than every manifest of
/// the workspace, names each of their packages and dependencies, and the command is offline (so
/// nothing is fetched to resolve it again).
pub fn lockfile_current(here: &Here<'_>, args: &[Word]) -> bool {
    let offline = args
        .iter()
        .any(|a| a.is("--offline") || a.is("--frozen") || a.is("--locked"))
        || here
            .env
            .value("CARGO_NET_OFFLINE")
            .is_some_and(|v| v == "true");
    if !offline {
        return false;
    }
    let Some(manifest) = files::ancestors(here.dir)
        .map(|d| d.join("Cargo.toml"))
        .find(|p| files::is_file(p))
    else {
        return false;
    };
    // The workspace root: the highest manifest up the tree with a [workspace] table, else this.
    let root = files::ancestors(here.dir)
        .map(|d| d.join("Cargo.toml"))
        .filter(|p| match files::read_text(p) {
            Contents::Text(t) => t.contains("[workspace]"),
            _ => false,
        })
        .last()
        .unwrap_or(manifest);
    let Some(root_dir) = root.parent() else {
        return false;
    };
    let lock = root_dir.join("Cargo.lock");
    let Contents::Text(lock_text) = files::read_text(&lock) else {
        return false;
    };
    let Ok(lock_table) = lock_text.parse::<toml::Table>() else {
        return false;
    };
    let locked: Vec<(String, String)> = lock_table
        .get("package")
        .and_then(|p| p.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|p| {
                    Some((
                        p.get("name")?.as_str()?.to_string(),
                        p.get("version")?.as_str()?.to_string(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    let Ok(lock_time) = std::fs::metadata(&lock).and_then(|m| m.modified()) else {
        return false;
    };
    let Contents::Text(root_text) = files::read_text(&root) else {
        return false;
    };
    let Ok(root_table) = root_text.parse::<toml::Table>() else {
        return false;
    };
    let mut manifests = vec![root.clone()];
    if let Some(members) = lookup(&root_table, "workspace.members").and_then(|m| m.as_array()) {
        for m in members.iter().filter_map(|m| m.as_str()) {
            if m.contains(['*', '?', '[']) {
                return false;
            }
            manifests.push(root_dir.join(m).join("Cargo.toml"));
        }
    }
    for manifest in manifests {
        let Ok(time) = std::fs::metadata(&manifest).and_then(|m| m.modified()) else {
            return false;
        };
        if time > lock_time {
            return false;
        }
        let Contents::Text(text) = files::read_text(&manifest) else {
            return false;
        };
        let Ok(table) = text.parse::<toml::Table>() else {
            return false;
        };
        if let Some(package) = table.get("package").and_then(|p| p.as_table()) {
            let name = package.get("name").and_then(|n| n.as_str());
            let version = package
                .get("version")
                .and_then(|v| v.as_str())
                .unwrap_or("0.0.0");
            match name {
                Some(name) if locked.iter().any(|(n, v)| n == name && v == version) => {}
                _ => return false,
            }
        }
        let mut deps: Vec<&str> = Vec::new();
        for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
            if let Some(t) = table.get(section).and_then(|d| d.as_table()) {
                for (name, spec) in t {
                    deps.push(spec.get("package").and_then(|p| p.as_str()).unwrap_or(name));
                }
            }
        }
        if table.contains_key("target")
            || table.contains_key("patch")
            || table.contains_key("replace")
        {
            // Platform-specific dependencies and patches: not followed here.
            return false;
        }
        if !deps.iter().all(|d| locked.iter().any(|(n, _)| n == d)) {
            return false;
        }
    }
    true
}
