//! A process's exit, as a descriptor: readable once the process exits (a pidfd on Linux, a
//! kqueue with `EVFILT_PROC`/`NOTE_EXIT` on macOS, a process handle on Windows, made readable by a
//! thread waiting on it: `windows/ready.rs`). Opened while the process cannot have been reaped
//! yet (on Windows: while the start holds its handle), so it names that very process whatever
//! becomes of its pid.

use super::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::io;

use super::native;

/// Readable once the process it was opened for exits.
#[derive(Debug)]
pub(crate) struct ExitWatch(OwnedFd);

impl ExitWatch {
    /// Watches `pid`, which the caller keeps from being reaped meanwhile.
    pub(crate) fn open(pid: i32) -> io::Result<ExitWatch> {
        native::exit_watch(pid).map(ExitWatch)
    }

    /// Sends `signal` to the watched process itself (Linux: `pidfd_send_signal`): `Some(false)`
    /// when it has exited; `None` where the watch cannot signal (macOS: the caller signals the
    /// pid).
    pub(crate) fn signal(&self, signal: i32) -> Option<bool> {
        native::signal_by_watch(&self.0, signal)
    }

    /// A close-on-exec copy of descriptor `fd` of the watched process (Linux 5.6+:
    /// `pidfd_getfd`; `Unsupported` elsewhere).
    pub(crate) fn copy_fd(&self, fd: RawFd) -> io::Result<OwnedFd> {
        native::dup_from(&self.0, fd)
    }
}

impl AsFd for ExitWatch {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.0.as_fd()
    }
}

impl AsRawFd for ExitWatch {
    fn as_raw_fd(&self) -> RawFd {
        self.0.as_raw_fd()
    }
}
