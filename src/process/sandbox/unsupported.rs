//! The sandbox where it is not implemented yet (every platform but Linux): the same API, failing
//! closed. A policy is refused with `ERR_SANDBOX_UNAVAILABLE` naming the platform, so nothing
//! ever runs unconfined in its place. macOS (Seatbelt) or Windows (AppContainer) would replace
//! this module with one of their own.

use std::path::Path;

use super::SandboxPolicy;
use crate::error::{Error, Result};

/// Never made here: [`confine`] always fails. Kept so that callers compile unchanged.
#[derive(Debug)]
pub struct Confinement {
    _never: std::convert::Infallible,
}

impl Confinement {
    /// Sets `TMPDIR` for the program (never called: no confinement exists here).
    pub fn set_tmpdir(&self, _env: &mut Vec<(String, String)>, _caller: &[(String, String)]) {
        match self._never {}
    }
}

fn unavailable() -> Error {
    Error::SandboxUnavailable(format!(
        "the sandbox is implemented on Linux only; this platform is {}",
        std::env::consts::OS
    ))
}

pub(super) fn check(_policy: &SandboxPolicy) -> Result<()> {
    Err(unavailable())
}

pub(super) fn confine(
    _policy: &SandboxPolicy,
    _cwd: &Path,
    _session_dir: Option<&Path>,
) -> Result<Confinement> {
    Err(unavailable())
}
