//! agent-shell: the native layer beneath the bash tool of AI coding agents.
//!
//! Everything but `napi/` is plain Rust, tested by `cargo test` without Node. The bindings are
//! the default feature `node`; without it the crate links into a plain Rust program.

// Without the bindings, what only they call has no caller: not dead in the addon.
#![cfg_attr(not(feature = "node"), allow(dead_code, unused_imports))]
// On Windows the shell session is not on the OS layer yet (its framing needs named pipes; see
// docs/windows.md): the POSIX start path, and the Windows job and pipe code built ahead of it,
// have no caller there.
#![cfg_attr(windows, allow(dead_code))]

pub(crate) mod cancel;
pub(crate) mod commands;
pub(crate) mod error;
pub(crate) mod jobs;
pub(crate) mod minimize;
pub(crate) mod output;
pub(crate) mod process;
pub(crate) mod pty;
pub(crate) mod run;
pub(crate) mod shell;
pub(crate) mod syntax;

// Exports are registered with Node by napi-derive; a `cargo test` build has no caller for some.
#[cfg(feature = "node")]
#[cfg_attr(test, allow(dead_code))]
mod napi;

/// The session's framing, for examples/framing_floor.rs (bench/'s floor), which drives bash with
/// the very protocol `Shell.run` sends. Only what it uses; not part of the addon's API.
#[doc(hidden)]
pub mod framing {
    pub use crate::shell::framing::{
        bootstrap, Framing, Record, RunScript, ShellState, CTL_FD, STATUS_FD,
    };
}
