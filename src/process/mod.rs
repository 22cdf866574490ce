//! Processes: spawning a program with its descriptors under a supervisor, process-tree discovery
//! and tree kill (with pid-reuse safety), the sandbox, and the non-interactive environment every
//! non-PTY command gets. Every call that differs between platforms is in `os/` (one folder per
//! platform: `os/linux/`, `os/macos/`, and `os/posix/`, the `posix_spawn` backend macOS uses);
//! the rest is written once. Other raw calls: `fd` (the host's descriptors and processes) and
//! `sandbox/` (its own per-platform door).

pub mod env;
pub(crate) mod fd;
pub(crate) mod os;
pub(crate) mod reference;
mod request;
mod resolve;
pub mod sandbox;
pub mod spawn;
pub mod tree;

// Where the Linux sandbox finds the raw system calls it enters its confinement with.
#[cfg(target_os = "linux")]
pub(crate) use os::linux::sys;
