//! The sandbox on Windows: not available yet (restricted tokens and AppContainer are a later
//! step), so every policy fails closed with `ERR_SANDBOX_UNAVAILABLE`; nothing runs unconfined
//! in its place.

use std::path::Path;

use crate::error::{Error, Result};
use crate::process::os::sandbox::SandboxPolicy;

/// What a confined start would run under: none can be made on Windows.
#[derive(Debug)]
pub struct Confinement(super::super::fd::Never);

fn unavailable() -> Error {
    Error::SandboxUnavailable(
        "Windows has no sandbox back-end in agent-shell yet (restricted tokens are a later step); \
         the command was not run"
            .into(),
    )
}

pub(crate) fn check(_policy: &SandboxPolicy) -> Result<()> {
    Err(unavailable())
}

pub(crate) fn confine(
    _policy: &SandboxPolicy,
    _cwd: &Path,
    _session_dir: Option<&Path>,
) -> Result<Confinement> {
    Err(unavailable())
}

pub(crate) fn confine_apart(
    _policy: &SandboxPolicy,
    _cwd: &Path,
    _tmpdir: &Path,
    _control: &Path,
) -> Result<Confinement> {
    Err(unavailable())
}

impl Confinement {
    /// As on the other platforms; never called (no confinement exists).
    pub fn set_tmpdir(&self, _env: &mut Vec<(String, String)>, _caller: &[(String, String)]) {
        match self.0 {}
    }
}
