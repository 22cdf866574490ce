//! The sandbox on macOS: Seatbelt. The program is started as `/usr/bin/sandbox-exec -p <profile>
//! -D NAME=path … -- program args` (as Codex does): `sandbox-exec` applies the generated profile
//! to itself, then execs the program, which and whose descendants inherit it. The profile starts
//! from `(deny default)`, allows processes, signals within the sandbox and reading (everywhere,
//! or the system directories and the readable roots), writing only beneath the writable roots
//! and the temp directory (paths are passed as parameters, never spliced into the profile), the
//! terminal devices, and the network only when allowed.
//!
//! Fail closed: without `/usr/bin/sandbox-exec`, [`check`] and [`confine`] fail with
//! `ERR_SANDBOX_UNAVAILABLE`; a profile the kernel refuses makes `sandbox-exec` exit (71) before
//! the program runs, so nothing runs unconfined. Never run on a Mac yet (see docs/platforms.md).

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::process::os::sandbox::{roots_exist, Network, SandboxPolicy};

/// Only this `sandbox-exec`: one earlier on `PATH` could be anyone's.
pub(crate) const SANDBOX_EXEC: &str = "/usr/bin/sandbox-exec";

/// Read everywhere when `readableRoots` narrows reading: what a shell and the usual tools need.
const SYSTEM_READABLE: &[&str] = &[
    "/bin",
    "/sbin",
    "/usr",
    "/System",
    "/Library",
    "/Applications/Xcode.app",
    "/opt/homebrew",
    "/usr/local",
    "/etc",
    "/private/etc",
    "/var/db/timezone",
    "/private/var/db/timezone",
    "/dev",
];

/// What the program is started with: the profile and its parameters. Owns the program's temp
/// directory when it made one (a PTY run's), removed on drop.
#[derive(Debug)]
pub struct Confinement {
    profile: String,
    /// `(name, path)` for `-D name=path`.
    params: Vec<(String, String)>,
    tmpdir: PathBuf,
    owns_tmpdir: bool,
}

impl Drop for Confinement {
    fn drop(&mut self) {
        if self.owns_tmpdir {
            let _ = std::fs::remove_dir_all(&self.tmpdir);
        }
    }
}

fn unavailable() -> Option<Error> {
    (!Path::new(SANDBOX_EXEC).exists()).then(|| {
        Error::SandboxUnavailable(format!(
            "{SANDBOX_EXEC} (Seatbelt) was not found on this Mac"
        ))
    })
}

pub(crate) fn check(policy: &SandboxPolicy) -> Result<()> {
    if let Some(e) = unavailable() {
        return Err(e);
    }
    roots_exist(policy)
}

pub(crate) fn confine(
    policy: &SandboxPolicy,
    cwd: &Path,
    session_dir: Option<&Path>,
) -> Result<Confinement> {
    check(policy)?;
    let (tmpdir, owns_tmpdir) = match session_dir {
        Some(dir) => (dir.to_path_buf(), false),
        None => (
            crate::process::os::fd::make_private_temp_dir("agent-shell-sandbox-")
                .map_err(|e| Error::io("creating the sandbox's temp directory", e))?,
            true,
        ),
    };
    let writable: Vec<PathBuf> = match &policy.writable_roots {
        None => vec![cwd.to_path_buf()],
        Some(roots) => roots.clone(),
    };
    let (profile, params) = profile(policy, &writable, &tmpdir);
    Ok(Confinement {
        profile,
        params,
        tmpdir,
        owns_tmpdir,
    })
}

/// Seatbelt could keep a shell's control files apart too; no memory filesystem is used here
/// (`MEMORY_DIRS` is empty), so nothing asks.
pub(crate) fn confine_apart(
    _policy: &SandboxPolicy,
    _cwd: &Path,
    _tmpdir: &Path,
    _control: &Path,
) -> Result<Confinement> {
    Err(Error::SandboxUnavailable(
        "a shell's control files apart from its temp directory are Linux's only".into(),
    ))
}

/// Seatbelt matches resolved paths (`/tmp` is `/private/tmp`): a root is given canonical.
fn canonical(p: &Path) -> String {
    std::fs::canonicalize(p)
        .unwrap_or_else(|_| p.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

/// The profile for `policy`, with `(param "…")` for every path, and the parameters.
pub(crate) fn profile(
    policy: &SandboxPolicy,
    writable: &[PathBuf],
    tmpdir: &Path,
) -> (String, Vec<(String, String)>) {
    let mut params: Vec<(String, String)> = Vec::new();
    let mut subpaths = |prefix: &str, paths: &mut dyn Iterator<Item = String>| -> String {
        let mut out = String::new();
        for p in paths {
            let name = format!("{prefix}_{}", params.len());
            out.push_str(&format!(" (subpath (param \"{name}\"))"));
            params.push((name, p));
        }
        out
    };
    let mut text = String::from(
        "(version 1)\n\
         (deny default)\n\
         (allow process-exec process-fork)\n\
         (allow signal (target same-sandbox))\n\
         (allow process-info* (target same-sandbox))\n\
         (allow user-preference-read)\n\
         (allow sysctl-read)\n\
         (allow mach-lookup (global-name \"com.apple.system.opendirectoryd.libinfo\"))\n\
         (allow ipc-posix-sem)\n\
         (allow pseudo-tty)\n\
         (allow file-read* file-write* file-ioctl (literal \"/dev/ptmx\") (regex #\"^/dev/ttys[0-9]+$\") (literal \"/dev/tty\"))\n\
         (allow file-write-data (literal \"/dev/null\") (literal \"/dev/zero\"))\n",
    );
    match &policy.readable_roots {
        None => text.push_str("(allow file-read*)\n"),
        Some(roots) => {
            let mut all = SYSTEM_READABLE
                .iter()
                .map(|p| p.to_string())
                .chain(roots.iter().map(|p| canonical(p)))
                .chain(writable.iter().map(|p| canonical(p)))
                .chain(std::iter::once(canonical(tmpdir)));
            let rules = subpaths("READABLE_ROOT", &mut all);
            // The root directory itself, so that paths can be resolved from it.
            text.push_str(&format!(
                "(allow file-read-metadata (literal \"/\"))\n(allow file-read*{rules})\n"
            ));
        }
    }
    let mut roots = writable
        .iter()
        .map(|p| canonical(p))
        .chain(std::iter::once(canonical(tmpdir)));
    let rules = subpaths("WRITABLE_ROOT", &mut roots);
    text.push_str(&format!("(allow file-write*{rules})\n"));
    if policy.network == Network::Allowed {
        text.push_str("(allow network-outbound)\n(allow network-inbound)\n(allow system-socket)\n");
    }
    (text, params)
}

impl Confinement {
    /// Sets `TMPDIR` in `env` to the confinement's temp directory, unless the caller's own
    /// variables (`caller`) set it.
    pub fn set_tmpdir(&self, env: &mut Vec<(String, String)>, caller: &[(String, String)]) {
        if caller.iter().any(|(k, _)| k == "TMPDIR") {
            return;
        }
        env.retain(|(k, _)| k != "TMPDIR");
        env.push(("TMPDIR".into(), self.tmpdir.to_string_lossy().into_owned()));
    }

    /// `program args` run under `sandbox-exec` with the profile.
    pub(crate) fn command(&self, program: &str, args: &[String]) -> (String, Vec<String>) {
        let mut out = vec!["-p".to_string(), self.profile.clone()];
        for (name, path) in &self.params {
            out.push("-D".into());
            out.push(format!("{name}={path}"));
        }
        out.push("--".into());
        out.push(program.to_string());
        out.extend(args.iter().cloned());
        (SANDBOX_EXEC.to_string(), out)
    }
}

/// The command the posix backend starts for `program args` confined by `c`: the program under
/// `sandbox-exec`.
pub(crate) fn posix_command(
    c: &Confinement,
    program: &str,
    args: &[String],
) -> std::result::Result<(String, Vec<String>), String> {
    Ok(c.command(program, args))
}
