//! One process as the process table shows it, and what one of its descriptors points at: what
//! each platform fills in (`/proc` on Linux, libproc on macOS) and everything above reads.

use std::path::PathBuf;

/// One process as the table shows it at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcEntry {
    pub pid: i32,
    pub ppid: i32,
    /// The process group.
    pub pgid: i32,
    /// The session: the pid of its leader.
    pub session: i32,
    /// When it started, in the platform's unit (clock ticks since boot on Linux, microseconds
    /// since the epoch on macOS): only compared with other start times of the same machine.
    pub start_time: u64,
    /// As `ps` shows it: `R`/`S`/`D` running or sleeping, `T`/`t` stopped, `Z`/`X` gone.
    pub state: char,
}

impl ProcEntry {
    /// A zombie (or dead) process: exited, only not reaped yet.
    pub fn is_gone(&self) -> bool {
        matches!(self.state, 'Z' | 'X')
    }

    pub fn is_stopped(&self) -> bool {
        matches!(self.state, 'T' | 't')
    }
}

/// What one descriptor of a process points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FdTarget {
    /// A file, directory or device, by the path the OS gives (resolved: `/private/var/…` for
    /// `/var/…` on macOS).
    File(PathBuf),
    /// An end of a pipe (or FIFO), as a number both ends share.
    Pipe(u64),
    /// Anything else: a socket, an event or timer descriptor, a kqueue.
    Other,
}
