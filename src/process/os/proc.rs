//! A process known by its pid *and* its start time ([`Proc`]), so that a pid recycled after the
//! process exited is never signalled. Everything that walks the table is written once over it.

use super::entry::ProcEntry;
use super::fd;
use super::native;

/// A process as seen at one moment: pid plus the start time that makes it unique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Proc {
    pub pid: i32,
    /// When it started (see [`ProcEntry::start_time`]).
    pub start_time: u64,
}

/// What the process table says about one process.
pub type Stat = ProcEntry;

/// One process's entry in the table; `None` when the process does not exist.
pub fn stat(pid: i32) -> Option<Stat> {
    native::entry(pid)
}

impl Proc {
    /// The process with this pid as it is now, if it exists and has not exited.
    pub fn current(pid: i32) -> Option<Proc> {
        let s = stat(pid)?;
        (!s.is_gone()).then_some(Proc {
            pid,
            start_time: s.start_time,
        })
    }

    /// Whether this very process (not a recycled pid) still runs.
    pub fn is_alive(&self) -> bool {
        matches!(stat(self.pid), Some(s) if s.start_time == self.start_time && !s.is_gone())
    }

    /// Whether this process is stopped (by SIGSTOP) or gone.
    pub fn is_stopped_or_gone(&self) -> bool {
        match stat(self.pid) {
            Some(s) if s.start_time == self.start_time && !s.is_gone() => s.is_stopped(),
            _ => true,
        }
    }

    /// Sends `signal` if the pid still belongs to this process. Returns whether it was sent.
    pub fn signal(&self, signal: i32) -> bool {
        // The window between this check and kill(2) is microseconds, while a pid is only reused
        // after the whole pid space has cycled, so the check is what makes reuse harmless.
        if !self.is_alive() {
            return false;
        }
        fd::kill(self.pid, signal)
    }

    /// Sends `signal` without looking first, to a process seen alive a moment ago (by the scan
    /// that found it, or a check just made) or frozen since (a stopped process does not exit by
    /// itself): the same window as [`Proc::signal`]'s, without its read of the process table,
    /// which a stop makes three times for each member of a tree.
    pub(crate) fn signal_seen(&self, signal: i32) -> bool {
        fd::kill(self.pid, signal)
    }
}
