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
    /// The policy with its default writable root made explicit as `cwd`: a session keeps the roots
    /// of its first start when its shell is replaced later in another directory.
    pub fn fixed_at(mut self, cwd: &Path) -> Self {
        self.writable_roots
            .get_or_insert_with(|| vec![cwd.to_path_buf()]);
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
