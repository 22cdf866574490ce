//! Processes: spawning a program with its descriptors under a supervisor, process-tree discovery
//! and tree kill (with pid-reuse safety), the sandbox, and the non-interactive environment every
//! non-PTY command gets. Raw OS calls live in `fd` (the host's) and `sys` (the supervisor's).

pub mod env;
pub(crate) mod fd;
mod request;
#[cfg(target_os = "linux")]
mod resolve;
pub mod sandbox;
pub mod spawn;
#[cfg(target_os = "linux")]
mod supervisor;
#[cfg(target_os = "linux")]
mod sys;
pub mod tree;
