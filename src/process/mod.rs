//! Processes: spawning a program with its descriptors under a supervisor, process-tree discovery
//! and tree kill (with pid-reuse safety), and the non-interactive environment every non-PTY
//! command gets. Everything that differs between platforms, the sandbox's enforcement and every
//! raw descriptor call included, is below the door `os/` (one folder per platform: `os/linux/`,
//! `os/macos/`, and `os/posix/`, the `posix_spawn` backend macOS uses); the rest is written once
//! over it.

pub mod env;
pub(crate) mod os;
pub(crate) mod reference;
pub mod spawn;
pub mod tree;

pub(crate) use os::fd;
pub(crate) use os::host;
pub use os::sandbox;
