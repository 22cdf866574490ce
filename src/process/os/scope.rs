//! A run's scope where there is no subreaper (the posix backend's runs): what identifies the
//! processes of one run, registered under the run's anchor while it lives. Plain data, so that
//! `tree.rs` reads it on every platform; only the posix backend registers any.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard};

use super::proc::Proc;

/// The start of the environment marker's name; the rest is 16 hex digits of a random run id.
pub const MARKER_PREFIX: &str = "AGENT_SHELL_RUN_";

/// What identifies the processes of one run without a subreaper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    /// The program as started: it leads its own session and process group, whose ids are its
    /// pid, and nothing of the run started before it.
    pub program: Proc,
    /// The run's environment entry (`AGENT_SHELL_RUN_<hex>=1`).
    pub marker: String,
}

pub(crate) fn scopes() -> MutexGuard<'static, HashMap<i32, Scope>> {
    static SCOPES: LazyLock<Mutex<HashMap<i32, Scope>>> = LazyLock::new(Default::default);
    SCOPES.lock().unwrap_or_else(|e| e.into_inner())
}

/// The scope of the run `anchor` (a watchdog's pid) anchors, while that watchdog is unreaped.
pub(crate) fn scope(anchor: i32) -> Option<Scope> {
    if anchor <= 0 {
        return None;
    }
    scopes().get(&anchor).cloned()
}
