//! agent-shell: the native layer beneath the bash tool of AI coding agents.
//!
//! Everything but `napi/` is plain Rust, tested by `cargo test` without Node.

pub(crate) mod commands;
pub(crate) mod error;
pub(crate) mod jobs;
pub(crate) mod output;
pub(crate) mod process;
pub(crate) mod pty;
pub(crate) mod shell;
pub(crate) mod syntax;

// Exports are registered with Node by napi-derive; a `cargo test` build has no caller for some.
#[cfg_attr(test, allow(dead_code))]
mod napi;
