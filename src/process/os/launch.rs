//! What a backend hands back when it started a program: the program, what watches it, and the
//! supervisor it runs under (each backend's own type; the door wraps it).

use super::fd::OwnedFd;
use std::io;

use super::watch::ExitWatch;

/// A program started, with what watches it. `S` is the process the host reaps last, whose pid
/// anchors the search for what the program left behind.
pub(crate) struct Launched<S> {
    pub(crate) supervisor: S,
    pub(crate) program: i32,
    /// The program's start time as the process table gives it, when the backend read it from
    /// its own handle on the program (Windows: `GetProcessTimes`, where a table read right after
    /// the start can miss it); `None`: the caller reads the table.
    pub(crate) start_time: Option<u64>,
    /// Readable once the program exited.
    pub(crate) exit: ExitWatch,
    /// The write end of the supervisor's liveness pipe: closing it ends the run.
    pub(crate) liveness: OwnedFd,
}

impl<S> Launched<S> {
    /// The same start with its supervisor wrapped (by the door, in its enum of backends).
    pub(crate) fn map<T>(self, wrap: impl FnOnce(S) -> T) -> Launched<T> {
        Launched {
            supervisor: wrap(self.supervisor),
            program: self.program,
            start_time: self.start_time,
            exit: self.exit,
            liveness: self.liveness,
        }
    }
}

/// Why a start failed: the program did not start, or it started but cannot be watched (and was
/// ended again).
pub(crate) enum StartFailed {
    Start(io::Error),
    Watch(io::Error),
}
