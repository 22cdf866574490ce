//! The sandbox policy: what a program and everything it starts may write, read and reach. The
//! policy ([`SandboxPolicy`]) is the same everywhere; enforcing it is per platform, behind the
//! door (`SandboxPolicy::check` and `confine` there). On Linux (`linux/sandbox.rs`), a Landlock
//! ruleset (through the `landlock` crate) and a seccomp filter (`linux/seccomp.rs`), built in the
//! host and entered by the program's vfork child with raw system calls only, as the supervisor's
//! rules demand (no allocation, no locks). On macOS (`macos/sandbox.rs`), Seatbelt: the program
//! is started under `sandbox-exec` with a generated profile.
//!
//! Fail closed: a kernel that cannot enforce the policy makes `confine` fail with
//! [`Error::SandboxUnavailable`]; nothing ever runs unconfined instead. A new platform adds a
//! `sandbox` module with the same `check`, `confine`, `posix_command` and `Confinement`.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Whether the sandboxed program may use the network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Network {
    /// No TCP or UDP to any address, loopback included; no Unix socket connections.
    #[default]
    Denied,
    Allowed,
}

/// What a sandboxed program may do. The same type serves every entry point (sessions, PTY runs,
/// background jobs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SandboxPolicy {
    /// Where it may write; `None`: the working directory it starts in. The session's own temp
    /// directory (its `TMPDIR`) is writable in any case.
    pub writable_roots: Option<Vec<PathBuf>>,
    /// Where it may read; `None`: everywhere. System directories (`SYSTEM_READABLE` on Linux)
    /// and the writable roots are readable in any case.
    pub readable_roots: Option<Vec<PathBuf>>,
    pub network: Network,
    /// The terminal the program runs on (a `PtySession`'s `/dev/pts/N`), opened by the host; the
    /// only terminal besides `/dev/tty` it may open by name. Set by the PTY session, not by users.
    pub terminal: Option<PathBuf>,
}

impl SandboxPolicy {
    /// The policy with its default writable root made explicit as `cwd`, resolved as
    /// [`SandboxPolicy::resolved`] resolves a root: a session keeps the roots of its first start
    /// when its shell is replaced later in another directory. A `cwd` that leads nowhere is kept
    /// as it is: the start fails on it as a working directory.
    pub fn fixed_at(mut self, cwd: &Path) -> Self {
        self.writable_roots.get_or_insert_with(|| {
            vec![std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_path_buf())]
        });
        self
    }

    /// The policy with every root resolved once, for good: a root is the file or directory its
    /// path leads to when the policy is read, its symbolic links followed (`/tmp` on macOS is
    /// `/private/tmp`; a project directory is often reached through a link), and that is what is
    /// confined from then on, whatever the links lead to later. `field` names the option
    /// (`sandbox`); a root that leads nowhere is `ERR_INVALID_ARG` naming it in full
    /// (`sandbox.writableRoots[1]`), its value, and why.
    pub fn resolved(self, field: &str) -> Result<Self> {
        let resolve = |name: &str, roots: Option<Vec<PathBuf>>| -> Result<Option<Vec<PathBuf>>> {
            let Some(roots) = roots else {
                return Ok(None);
            };
            let mut out = Vec::with_capacity(roots.len());
            for (i, root) in roots.iter().enumerate() {
                out.push(resolve_root(&format!("{field}.{name}[{i}]"), root)?);
            }
            Ok(Some(out))
        };
        Ok(SandboxPolicy {
            writable_roots: resolve("writableRoots", self.writable_roots)?,
            readable_roots: resolve("readableRoots", self.readable_roots)?,
            ..self
        })
    }

    /// The policy with `file` readable too where reading is limited to roots: a file the
    /// confined shell itself is given to read at its start (a session's snapshot), as its own
    /// scratch directory is. Resolved as a root is; a file that leads nowhere is left out (the
    /// shell then fails to read it as it would anywhere).
    pub fn reading(mut self, file: &Path) -> Self {
        if let (Some(roots), Ok(real)) = (&mut self.readable_roots, std::fs::canonicalize(file)) {
            if !roots.contains(&real) {
                roots.push(real);
            }
        }
        self
    }

    /// The policy that allows only what both `self` and `outer` allow: what a program confined by
    /// `outer` (a sandboxed session) starts with a policy of its own (a job of that session)
    /// gets, so that nothing the session's commands left behind (a function, an alias) runs with
    /// more than the session had. Roots are subtrees, so the meet of two lists is, pair by pair,
    /// the deeper of two nested roots (paths compared once resolved); `None` (everything readable)
    /// meets anything as that thing. Both policies should be [`SandboxPolicy::fixed_at`] first.
    pub fn within(&self, outer: &SandboxPolicy) -> SandboxPolicy {
        fn meet(a: &Option<Vec<PathBuf>>, b: &Option<Vec<PathBuf>>) -> Option<Vec<PathBuf>> {
            let (a, b) = match (a, b) {
                (None, other) | (other, None) => return other.clone(),
                (Some(a), Some(b)) => (a, b),
            };
            let real = |p: &PathBuf| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
            let mut out = Vec::new();
            for x in a.iter().map(real) {
                for y in b.iter().map(real) {
                    let deeper = if x.starts_with(&y) {
                        x.clone()
                    } else if y.starts_with(&x) {
                        y
                    } else {
                        continue;
                    };
                    if !out.contains(&deeper) {
                        out.push(deeper);
                    }
                }
            }
            Some(out)
        }
        SandboxPolicy {
            writable_roots: meet(&self.writable_roots, &outer.writable_roots),
            readable_roots: meet(&self.readable_roots, &outer.readable_roots),
            network: if self.network == Network::Allowed && outer.network == Network::Allowed {
                Network::Allowed
            } else {
                Network::Denied
            },
            terminal: self.terminal.clone(),
        }
    }
}

/// `path` (absolute) with its symbolic links followed, or `ERR_INVALID_ARG` naming `field` and
/// saying why it leads nowhere.
pub(crate) fn resolve_root(field: &str, path: &Path) -> Result<PathBuf> {
    const MUST: &str = "must name an existing file or directory";
    std::fs::canonicalize(path).map_err(|e| {
        let why = match e.raw_os_error() {
            Some(libc::ELOOP) => ": its symbolic links lead round in a loop".to_string(),
            Some(libc::ENOENT) | Some(libc::ENOTDIR) => dangling_link(path)
                .map(|(link, to)| {
                    format!(
                        ": {} is a symbolic link to {}, which does not exist",
                        link.display(),
                        to.display()
                    )
                })
                .unwrap_or_default(),
            _ => format!(": it cannot be resolved ({e})"),
        };
        Error::invalid(field, format!("{MUST}{why}"), path.display())
    })
}

/// The first symbolic link on the way to `path` that leads nowhere, and where it points.
fn dangling_link(path: &Path) -> Option<(PathBuf, PathBuf)> {
    let mut at = PathBuf::new();
    for part in path.components() {
        at.push(part);
        let meta = std::fs::symlink_metadata(&at).ok()?;
        if meta.file_type().is_symlink() && std::fs::metadata(&at).is_err() {
            return Some((at.clone(), std::fs::read_link(&at).ok()?));
        }
    }
    None
}

/// Every root of `policy` names an existing file or directory (`ERR_INVALID_ARG` naming the first
/// that does not), as each platform's `check` requires.
pub(crate) fn roots_exist(policy: &SandboxPolicy) -> Result<()> {
    let named = |name: &str, roots: &Option<Vec<PathBuf>>| -> Result<()> {
        for (i, root) in roots.iter().flatten().enumerate() {
            if std::fs::metadata(root).is_err() {
                return Err(Error::invalid(
                    format!("sandbox.{name}[{i}]"),
                    "must name an existing file or directory",
                    root.display(),
                ));
            }
        }
        Ok(())
    };
    named("writableRoots", &policy.writable_roots)?;
    named("readableRoots", &policy.readable_roots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// Roots are resolved once, symbolic links followed; one that leads nowhere says why.
    #[test]
    fn roots_are_resolved_and_those_that_lead_nowhere_say_why() {
        let dir = crate::process::os::fd::make_private_temp_dir("agent-shell-roots-test-").unwrap();
        let dir = std::fs::canonicalize(&dir).unwrap();
        let at = |p: &str| dir.join(p);
        std::fs::create_dir(at("real")).unwrap();
        std::fs::write(at("file"), "").unwrap();
        for (link, to) in [
            ("link", "real"),
            ("file-link", "file"),
            ("dangling", "missing"),
            ("loop", "loop2"),
            ("loop2", "loop"),
        ] {
            crate::process::os::fd::symlink(&at(to), &at(link)).unwrap();
        }
        let policy = SandboxPolicy {
            writable_roots: Some(vec![at("link"), at("file-link")]),
            readable_roots: Some(vec![at("link/."), at("real")]),
            ..Default::default()
        }
        .resolved("sandbox")
        .unwrap();
        assert_eq!(policy.writable_roots, Some(vec![at("real"), at("file")]));
        assert_eq!(policy.readable_roots, Some(vec![at("real"), at("real")]));
        assert_eq!(
            SandboxPolicy::default()
                .fixed_at(&at("link"))
                .writable_roots,
            Some(vec![at("real")])
        );
        let show = |p: PathBuf| format!("{:?}", p.display().to_string());
        let cases = [
            (
                at("dangling"),
                format!(
                    "sandbox.writableRoots[0] must name an existing file or directory: {} is a \
                     symbolic link to {}, which does not exist (got {})",
                    at("dangling").display(),
                    at("missing").display(),
                    show(at("dangling"))
                ),
            ),
            (
                at("dangling/sub"),
                format!(
                    "sandbox.writableRoots[0] must name an existing file or directory: {} is a \
                     symbolic link to {}, which does not exist (got {})",
                    at("dangling").display(),
                    at("missing").display(),
                    show(at("dangling/sub"))
                ),
            ),
            (
                at("loop"),
                format!(
                    "sandbox.writableRoots[0] must name an existing file or directory: its \
                     symbolic links lead round in a loop (got {})",
                    show(at("loop"))
                ),
            ),
            (
                at("missing"),
                format!(
                    "sandbox.writableRoots[0] must name an existing file or directory (got {})",
                    show(at("missing"))
                ),
            ),
        ];
        for (root, message) in cases {
            let policy = SandboxPolicy {
                writable_roots: Some(vec![root]),
                ..Default::default()
            };
            let err = policy.resolved("sandbox").unwrap_err();
            assert_eq!(err.to_string(), message);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
