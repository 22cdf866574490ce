//! agent-shell: the native layer beneath the bash tool of AI coding agents.
//!
//! Everything but `napi/` is plain Rust, tested by `cargo test` without Node.

pub mod commands;
pub mod error;
pub mod jobs;
pub mod output;
pub mod process;
pub mod pty;
pub mod shell;

// Exports are registered with Node by napi-derive; a `cargo test` build has no caller for some.
#[cfg_attr(test, allow(dead_code))]
mod napi;
