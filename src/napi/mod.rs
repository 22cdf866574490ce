//! The JavaScript-facing skin: turns JS options into Rust requests and Rust results into JS
//! objects. No logic lives here that `cargo test` would need.

mod commands;
pub mod error;
mod event_loop;
mod host;
mod jobs;
mod js_thread;
mod literal;
mod minimize;
mod options;
mod output;
mod pool;
mod process;
mod pty;
mod shell;
mod snapshot;
mod stream;
mod teardown;
mod value;
