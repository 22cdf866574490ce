//! The OS layer: every call that differs between platforms, behind one door (this file; no
//! `#[cfg(target_os)]` outside it in `process/`, `shell/` and `pty/`, except the sandbox's own
//! door in `sandbox.rs`). What differs on macOS is in `macos/`, on Linux in `linux/`.
//!
//! Each platform module (`native` below) provides the same items:
//! - the process table: [`ProcEntry`] by pid (`entry`), every pid (`all_pids`), a whole
//!   `snapshot`, a pid's `children` (and `ChildrenFile`, a cheap re-readable children list), its
//!   executable's name (`exe_name`), what its descriptors point at (`fd_path`, `fd_paths`,
//!   `pipe_id`), whether its environment holds a string (`environ_contains`);
//! - exit notification: `exit_watch(pid)`, a descriptor that becomes readable when the pid exits
//!   (a pidfd on Linux, a kqueue with `EVFILT_PROC`/`NOTE_EXIT` on macOS), `dup_from`, a copy
//!   of a descriptor of the process behind such a watch (Linux only: `pidfd_getfd`), and
//!   `signal_by_watch`, a signal to that process (Linux: `pidfd_send_signal`; macOS: `None`);
//! - descriptors: a close-on-exec `pipe`, `grow_pipe`, `random_bytes`, and `timer(after)`, a
//!   descriptor that becomes readable once `after` has passed (a timerfd on Linux, a kqueue with
//!   `EVFILT_TIMER` on macOS): the runtime's own timer counts whole milliseconds;
//! - terminals: `open_pty` (the pair, close-on-exec);
//! - `SPAWN_FLAGS`, the `posix_spawn` flags of the platform's libc that start a session (and on
//!   macOS close every descriptor not handed over).
//!
//! Starting a program has two backends, chosen by [`backend`]: Linux's `clone` supervisor
//! (`linux/supervisor/`: a child subreaper that shares the host's memory), and `posix/`, the one
//! macOS uses: `posix_spawn` of the program itself and of a watchdog (`/bin/sh`), a reaper thread
//! in the host, and a run scope (its session, process groups and an environment marker) in place
//! of a subreaper. The posix backend runs on Linux too (`AGENT_SHELL_BACKEND=posix`), so that
//! everything but the thin macOS calls of `macos/` is tested here.
//!
//! Everything above this layer is written once: walking the process table and the freeze, TERM,
//! grace, KILL policy (`tree.rs`), the stop sequence (`run/`), the FIFO framing (`shell/`).
//! Windows would add `windows/` with the same items (a Job Object for the tree, ConPTY for
//! terminals; see README, Platform).

use std::io;
use std::os::fd::OwnedFd;
use std::process::ExitStatus;

use super::request::Request;

#[cfg(target_os = "linux")]
pub(crate) mod linux;
#[cfg(target_os = "macos")]
pub(crate) mod macos;
pub(crate) mod posix;
// macOS's parsers are plain Rust: Linux's tests run them too.
#[cfg(all(test, not(target_os = "macos")))]
#[path = "macos/parse.rs"]
mod macos_parse;

#[cfg(target_os = "linux")]
pub(crate) use linux as native;
#[cfg(target_os = "macos")]
pub(crate) use macos as native;

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
compile_error!(
    "agent-shell's OS layer has Linux and macOS backends (src/process/os/); see README, Platform"
);

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

/// How programs are started and their trees found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Linux: the `clone` supervisor, a child subreaper.
    #[cfg(target_os = "linux")]
    Clone,
    /// `posix_spawn` and a run scope (`posix/`): macOS always; Linux when selected.
    Posix,
}

/// The environment variable that selects the posix backend on Linux (`posix`); read once.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub const BACKEND_ENV: &str = "AGENT_SHELL_BACKEND";

/// The backend of this process: on Linux the `clone` supervisor unless [`BACKEND_ENV`] is
/// `posix` when first asked; on macOS the posix backend.
pub fn backend() -> Backend {
    #[cfg(target_os = "linux")]
    {
        static CHOSEN: std::sync::OnceLock<Backend> = std::sync::OnceLock::new();
        *CHOSEN.get_or_init(|| match std::env::var(BACKEND_ENV).as_deref() {
            Ok("posix") => Backend::Posix,
            _ => Backend::Clone,
        })
    }
    #[cfg(not(target_os = "linux"))]
    Backend::Posix
}

/// What a started program runs under: the process the host reaps last, whose pid anchors the
/// search for what the program left behind.
pub(crate) enum Supervisor {
    #[cfg(target_os = "linux")]
    Clone(linux::supervisor::Supervisor),
    Posix(posix::Watchdog),
}

impl Supervisor {
    pub(crate) fn id(&self) -> u32 {
        match self {
            #[cfg(target_os = "linux")]
            Supervisor::Clone(s) => s.id(),
            Supervisor::Posix(w) => w.id(),
        }
    }

    /// Reaps it (once its liveness pipe closed and what it watches is gone).
    pub(crate) fn wait(&mut self) -> io::Result<ExitStatus> {
        match self {
            #[cfg(target_os = "linux")]
            Supervisor::Clone(s) => s.wait(),
            Supervisor::Posix(w) => w.wait(),
        }
    }
}

impl Supervisor {
    /// Whether closing the liveness pipe makes it search for what is left (the posix watchdog
    /// spawns `pkill` and `ps`): the host then ends the run itself and says [`Supervisor::done`].
    pub(crate) fn sweeps_on_close(&self) -> bool {
        matches!(self, Supervisor::Posix(_))
    }

    /// Tells it the run was ended by the host, through its liveness pipe.
    pub(crate) fn done(&self, liveness: &OwnedFd) {
        if self.sweeps_on_close() {
            posix::Watchdog::done(liveness);
        }
    }
}

/// A program started, with what watches it.
pub(crate) struct Started {
    pub(crate) supervisor: Supervisor,
    pub(crate) program: i32,
    /// Readable once the program exited (see the module's `exit_watch`).
    pub(crate) exit_fd: OwnedFd,
    /// The write end of the supervisor's liveness pipe: closing it ends the run.
    pub(crate) liveness: OwnedFd,
}

/// Why a start failed: the program did not start, or it started but cannot be watched (and was
/// ended again).
pub(crate) enum StartFailed {
    Start(io::Error),
    Watch(io::Error),
}

/// Starts `req` with the backend of this process.
pub(crate) fn start(req: &Request) -> Result<Started, StartFailed> {
    match backend() {
        #[cfg(target_os = "linux")]
        Backend::Clone => linux::start(req),
        Backend::Posix => posix::start(req),
    }
}
