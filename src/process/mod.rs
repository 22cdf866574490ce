//! Processes: spawning a program with its descriptors under a supervisor, process-tree discovery
//! and tree kill (with pid-reuse safety), the sandbox, and the non-interactive environment every
//! non-PTY command gets. Raw OS calls live in a few modules made for them: `fd` (the host's
//! descriptors and processes), `sys` (the supervisor's system calls, without libc),
//! `supervisor::region` (the memory it runs on) and `sandbox::linux` (Landlock's version query).

pub mod env;
pub(crate) mod fd;
mod request;
#[cfg(target_os = "linux")]
mod resolve;
pub mod sandbox;
pub mod spawn;
#[cfg(target_os = "linux")]
pub(crate) mod supervisor;
#[cfg(target_os = "linux")]
mod sys;
pub(crate) mod reference;
pub mod tree;
