//! Which bash a Windows session runs: Git for Windows' `bash.exe`, found in the order the issue
//! fixed (the `shell` option; `AGENT_SHELL_BASH`; `CLAUDE_CODE_GIT_BASH_PATH`; `git.exe` on PATH;
//! the standard install roots; `bash.exe` on PATH except the WSL launchers), over a [`Host`] that
//! answers environment and file questions, so the order is tested on any OS with a fake one.
//! Never falls back to PowerShell or cmd: agent-shell promises bash.

/// What discovery asks of the machine: an environment variable, and whether a path is a file.
pub(crate) trait Host {
    fn var(&self, key: &str) -> Option<String>;
    fn is_file(&self, path: &str) -> bool;
}

/// Where a bash was found, and how: shown in errors and used to translate `/tmp`-style paths
/// (the install root).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    /// The `bash.exe` (or the program the `shell` option named) to start.
    pub(crate) path: String,
    /// What led to it: `shell`, `AGENT_SHELL_BASH`, `git.exe on PATH`, …
    pub(crate) via: &'static str,
}

/// No bash: the option or variable that pointed at nothing, or every place tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NotFound {
    /// An explicit choice (`shell`, `AGENT_SHELL_BASH`, `CLAUDE_CODE_GIT_BASH_PATH`) names a
    /// path that is not a file: no silent fall back to another bash.
    Pointed { by: &'static str, path: String },
    /// Nothing found; `tried` lists each place looked at, in order.
    Nowhere { tried: Vec<String> },
}

impl std::fmt::Display for NotFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotFound::Pointed { by, path } => write!(
                f,
                "{by} names {path:?}, which is not a file; point it at Git for Windows' bash.exe \
                 (for example C:\\Program Files\\Git\\bin\\bash.exe)"
            ),
            NotFound::Nowhere { tried } => write!(
                f,
                "no Git for Windows bash.exe found (tried: {}); install Git for Windows \
                 (https://gitforwindows.org, or `winget install Git.Git`), or point at a bash.exe \
                 with the `shell` option or the AGENT_SHELL_BASH environment variable \
                 (CLAUDE_CODE_GIT_BASH_PATH is read too)",
                tried.join("; ")
            ),
        }
    }
}

/// The environment variables read, in order, after the `shell` option.
pub(crate) const BASH_VARS: [&str; 2] = ["AGENT_SHELL_BASH", "CLAUDE_CODE_GIT_BASH_PATH"];

/// `<root>\bin\bash.exe`, then `<root>\usr\bin\bash.exe`: the two bashes of a Git for Windows
/// install (the first is a small launcher that sets up PATH, then runs the second).
const UNDER_ROOT: [&str; 2] = ["bin\\bash.exe", "usr\\bin\\bash.exe"];

/// Finds the bash to run. `shell`: the option as given (`None`, `bash` or `bash.exe` mean "find
/// Git Bash"; another bare name is looked up on PATH, and `sh` not found there is Git Bash's
/// `sh.exe`; anything with a separator or a drive is a path used as is).
pub(crate) fn find_bash(shell: Option<&str>, host: &dyn Host) -> Result<Found, NotFound> {
    let mut tried = Vec::new();
    if let Some(shell) = shell.filter(|s| !is_default_name(s)) {
        if looks_like_path(shell) {
            return if host.is_file(shell) {
                Ok(Found {
                    path: shell.to_string(),
                    via: "shell",
                })
            } else {
                Err(NotFound::Pointed {
                    by: "shell",
                    path: shell.to_string(),
                })
            };
        }
        let exe = with_exe(shell);
        for dir in path_dirs(host) {
            let candidate = join(&dir, &exe);
            if host.is_file(&candidate) && !is_wsl_launcher(&candidate, host) {
                return Ok(Found {
                    path: candidate,
                    via: "shell",
                });
            }
        }
        if !is_sh(shell) {
            return Err(NotFound::Nowhere {
                tried: vec![format!("shell {shell:?} on PATH")],
            });
        }
        // `sh` (a `PtySession`'s default) where no `sh.exe` is on PATH, as on most machines:
        // Git for Windows' own, beside the bash found as for the default (`bin\sh.exe`,
        // `usr\bin\sh.exe`), else that bash itself.
        let mut found = find_bash(None, host).map_err(|why| match why {
            NotFound::Nowhere { mut tried } => {
                tried.insert(0, format!("shell {shell:?} on PATH"));
                NotFound::Nowhere { tried }
            }
            pointed => pointed,
        })?;
        let (dir, _) = split_last(&found.path);
        let sibling = join(dir, "sh.exe");
        if host.is_file(&sibling) {
            found.path = sibling;
        }
        return Ok(found);
    }
    for var in BASH_VARS {
        if let Some(path) = host.var(var).filter(|v| !v.is_empty()) {
            return if host.is_file(&path) {
                Ok(Found { path, via: var })
            } else {
                Err(NotFound::Pointed { by: var, path })
            };
        }
        tried.push(format!("{var} (not set)"));
    }
    let mut saw_git = false;
    for dir in path_dirs(host) {
        if host.is_file(&join(&dir, "git.exe")) {
            saw_git = true;
            let root = git_root(&dir);
            for under in UNDER_ROOT {
                let candidate = join(&root, under);
                if host.is_file(&candidate) {
                    return Ok(Found {
                        path: candidate,
                        via: "git.exe on PATH",
                    });
                }
                tried.push(candidate);
            }
        }
    }
    if !saw_git {
        tried.push("git.exe on PATH (none)".into());
    }
    for root in install_roots(host) {
        for under in UNDER_ROOT {
            let candidate = join(&root, under);
            if host.is_file(&candidate) {
                return Ok(Found {
                    path: candidate,
                    via: "a standard install root",
                });
            }
            tried.push(candidate);
        }
    }
    let mut skipped = false;
    for dir in path_dirs(host) {
        let candidate = join(&dir, "bash.exe");
        if host.is_file(&candidate) {
            if is_wsl_launcher(&candidate, host) {
                tried.push(format!(
                    "{candidate} (the WSL launcher: commands would run in Linux)"
                ));
                skipped = true;
                continue;
            }
            return Ok(Found {
                path: candidate,
                via: "bash.exe on PATH",
            });
        }
    }
    if !skipped {
        tried.push("bash.exe on PATH (none)".into());
    }
    Err(NotFound::Nowhere { tried })
}

/// The Git for Windows roots looked in after PATH, in order: Program Files (64-bit, then as this
/// process sees it, then x86), the per-user install, Scoop's.
pub(crate) fn install_roots(host: &dyn Host) -> Vec<String> {
    let mut roots = Vec::new();
    for var in ["ProgramW6432", "ProgramFiles", "ProgramFiles(x86)"] {
        if let Some(dir) = host.var(var).filter(|v| !v.is_empty()) {
            roots.push(join(&dir, "Git"));
        }
    }
    if let Some(dir) = host.var("LOCALAPPDATA").filter(|v| !v.is_empty()) {
        roots.push(join(&dir, "Programs\\Git"));
    }
    let scoop = host.var("SCOOP").filter(|v| !v.is_empty()).or_else(|| {
        host.var("USERPROFILE")
            .filter(|v| !v.is_empty())
            .map(|h| join(&h, "scoop"))
    });
    if let Some(scoop) = scoop {
        roots.push(join(&scoop, "apps\\git\\current"));
    }
    let mut seen = Vec::<String>::new();
    roots.retain(|r| {
        let key = r.to_ascii_lowercase();
        let new = !seen.contains(&key);
        seen.push(key);
        new
    });
    roots
}

/// The install root of a Git for Windows whose `git.exe` is in `dir`: `<root>\cmd`,
/// `<root>\bin` and `<root>\mingw64\bin` (or `mingw32`, `clangarm64`) all hold one.
pub(crate) fn git_root(dir: &str) -> String {
    let dir = dir.trim_end_matches(['\\', '/']);
    let (parent, last) = split_last(dir);
    let last = last.to_ascii_lowercase();
    if last == "cmd" || last == "bin" {
        let (grand, prev) = split_last(parent);
        let prev = prev.to_ascii_lowercase();
        if last == "bin" && matches!(prev.as_str(), "mingw64" | "mingw32" | "clangarm64" | "usr") {
            return grand.to_string();
        }
        return parent.to_string();
    }
    dir.to_string()
}

/// Whether `path` is one of Windows' WSL launchers (`bash.exe` in System32, Sysnative, or the
/// user's WindowsApps), which run commands inside a Linux distribution.
pub(crate) fn is_wsl_launcher(path: &str, host: &dyn Host) -> bool {
    let norm = |p: &str| {
        p.replace('/', "\\")
            .trim_end_matches('\\')
            .to_ascii_lowercase()
    };
    let dir = norm(split_last(path).0);
    let system_root = host
        .var("SystemRoot")
        .or_else(|| host.var("windir"))
        .unwrap_or_else(|| "C:\\Windows".into());
    let mut launchers = vec![
        norm(&join(&system_root, "System32")),
        norm(&join(&system_root, "Sysnative")),
    ];
    if let Some(local) = host.var("LOCALAPPDATA") {
        launchers.push(norm(&join(&local, "Microsoft\\WindowsApps")));
    }
    // Without the variables, the usual places still count.
    launchers.push("c:\\windows\\system32".into());
    dir.ends_with("\\microsoft\\windowsapps") || launchers.contains(&dir)
}

fn is_sh(shell: &str) -> bool {
    shell.eq_ignore_ascii_case("sh") || shell.eq_ignore_ascii_case("sh.exe")
}

fn is_default_name(shell: &str) -> bool {
    shell.eq_ignore_ascii_case("bash") || shell.eq_ignore_ascii_case("bash.exe")
}

fn looks_like_path(s: &str) -> bool {
    s.contains(['\\', '/']) || s.as_bytes().get(1) == Some(&b':')
}

fn with_exe(name: &str) -> String {
    if name.to_ascii_lowercase().ends_with(".exe") {
        name.to_string()
    } else {
        format!("{name}.exe")
    }
}

/// PATH's directories (Windows separates them with `;`; entries may be quoted).
fn path_dirs(host: &dyn Host) -> Vec<String> {
    let path = host
        .var("PATH")
        .or_else(|| host.var("Path"))
        .unwrap_or_default();
    path.split(';')
        .map(|d| d.trim().trim_matches('"'))
        .filter(|d| !d.is_empty())
        .map(str::to_string)
        .collect()
}

/// `dir\name`, with one backslash between them.
pub(crate) fn join(dir: &str, name: &str) -> String {
    format!("{}\\{name}", dir.trim_end_matches(['\\', '/']))
}

/// A Windows path's parent and last component (either separator).
fn split_last(path: &str) -> (&str, &str) {
    match path.rfind(['\\', '/']) {
        Some(i) => (&path[..i], &path[i + 1..]),
        None => ("", path),
    }
}

#[cfg(test)]
#[path = "discover_tests.rs"]
mod tests;
