//! The OS layer: every call that differs between platforms, behind one door (this file and
//! `native.rs`, which names this platform's module; no `#[cfg(target_os)]` and no `/proc` read
//! anywhere above `os/`). What differs on macOS is in `macos/`, on Linux in `linux/`, each with
//! its sandbox back-end. `os/` is a floor: nothing in it imports the code above it. What both
//! need is here: the process-table entry and a process's identity (`proc`), descriptor helpers
//! (`fd`), the host's own user and exit hook (`host`), what the classifier reads of a file's
//! metadata (`meta`), a start request (`request`), program lookup (`resolve`), the sandbox
//! policy (`sandbox`) and the exit watch (`watch`).
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
//! - terminals: `open_pty` (the pair, close-on-exec; the door's `open_pty` wraps it in
//!   `fd::PtyMaster`, which on Windows is a pseudo-console and its pipes: `windows/conpty.rs`);
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
//!
//! Windows (`windows/`) fills the same items its own way: the process table from a Toolhelp
//! snapshot (a process's identity is its pid and creation time), signals as `TerminateProcess`
//! with MSYS's numbers (`signal`), random bytes and `%TEMP%` scratch; its starts go into a job
//! object with the host as its supervisor (`windows/job.rs`, `windows/start.rs`), its pipes are
//! named pipes only the user can open. The descriptor helpers the code above uses (`fd`) are made
//! of handles there, readiness of a thread per registered handle (`windows/ready.rs`; see
//! docs/windows.md): this door mounts `windows/fd.rs` and `windows/signal.rs` under the names `fd`
//! and `signal`, and the POSIX-only modules (`posix/`, `resolve`) are not compiled there.

use std::io;
use std::path::Path;
use std::process::ExitStatus;

mod entry;
#[cfg(unix)]
pub(crate) mod fd;
#[cfg(windows)]
#[path = "windows/fd.rs"]
pub(crate) mod fd;
pub(crate) mod host;
mod launch;
#[cfg(target_os = "linux")]
pub(crate) mod linux;
#[cfg(target_os = "macos")]
pub(crate) mod macos;
pub(crate) mod meta;
pub(crate) mod native;
#[cfg(unix)]
pub(crate) mod posix;
pub(crate) mod proc;
pub(crate) mod request;
#[cfg(unix)]
pub(crate) mod resolve;
pub mod sandbox;
pub(crate) mod scope;
#[cfg(unix)]
pub(crate) mod signal;
#[cfg(windows)]
#[path = "windows/signal.rs"]
pub(crate) mod signal;
pub(crate) mod watch;
#[cfg(windows)]
pub(crate) mod windows;
// macOS's parsers are plain Rust: Linux's tests run them too.
#[cfg(all(test, not(target_os = "macos")))]
#[path = "macos/parse.rs"]
mod macos_parse;
// So are Windows' bash discovery, path translation and start bookkeeping.
#[cfg(all(test, not(windows)))]
#[path = "windows/discover.rs"]
mod windows_discover;
#[cfg(all(test, not(windows)))]
#[path = "windows/paths.rs"]
mod windows_paths;
#[cfg(all(test, not(windows)))]
#[path = "windows/plan.rs"]
mod windows_plan;

#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
compile_error!(
    "agent-shell's OS layer has Linux, macOS and Windows backends (src/process/os/); see docs/platforms.md"
);

pub use entry::{FdTarget, ProcEntry};
use fd::OwnedFd;
pub(crate) use launch::StartFailed;
pub use native::sandbox::Confinement;
pub use proc::Proc;
use request::Request;
use sandbox::SandboxPolicy;

/// Whether a program can be handed descriptors at any number (POSIX). Where it cannot
/// (Windows: a program inherits handles, and an MSYS program numbers only its stdio), a session
/// hands the shell its control and status channels as stdin and stdout, and the shell's script
/// moves them to their numbers first thing (`framing::CHANNELS_FROM_STDIO`).
pub(crate) const CHANNELS_AT_NUMBERS: bool = cfg!(unix);

/// Whether a shell may open a run's FIFO again while it holds it open (a POSIX FIFO takes any
/// number of writers). A Windows named pipe takes one client: a session points its shell at new
/// FIFOs instead.
pub(crate) const FIFOS_REOPEN: bool = cfg!(unix);

/// How programs are started and their trees found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Linux: the `clone` supervisor, a child subreaper.
    #[cfg(target_os = "linux")]
    Clone,
    /// `posix_spawn` and a run scope (`posix/`): macOS always; Linux when selected.
    #[cfg(unix)]
    Posix,
    /// Windows: a job object per start (`windows/job.rs`).
    #[cfg(windows)]
    Job,
}

/// The environment variable that selects the posix backend on Linux (`posix`); read once.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub const BACKEND_ENV: &str = "AGENT_SHELL_BACKEND";

/// The backend of this process: on Linux the `clone` supervisor unless [`BACKEND_ENV`] is
/// `posix` when first asked; on macOS the posix backend; on Windows a job object.
pub fn backend() -> Backend {
    #[cfg(target_os = "linux")]
    {
        static CHOSEN: std::sync::OnceLock<Backend> = std::sync::OnceLock::new();
        *CHOSEN.get_or_init(|| match std::env::var(BACKEND_ENV).as_deref() {
            Ok("posix") => Backend::Posix,
            _ => Backend::Clone,
        })
    }
    #[cfg(target_os = "macos")]
    {
        Backend::Posix
    }
    #[cfg(windows)]
    {
        Backend::Job
    }
}

/// What a started program runs under: the process the host reaps last, whose pid anchors the
/// search for what the program left behind.
pub(crate) enum Supervisor {
    #[cfg(target_os = "linux")]
    Clone(linux::supervisor::Supervisor),
    #[cfg(unix)]
    Posix(posix::Watchdog),
    /// Windows: no process; the program's job and the host's thread that reports its exit
    /// (`windows/start.rs`).
    #[cfg(windows)]
    Job(windows::start::JobSupervisor),
}

impl Supervisor {
    pub(crate) fn id(&self) -> u32 {
        match self {
            #[cfg(target_os = "linux")]
            Supervisor::Clone(s) => s.id(),
            #[cfg(unix)]
            Supervisor::Posix(w) => w.id(),
            #[cfg(windows)]
            Supervisor::Job(j) => j.id(),
        }
    }

    /// Reaps it (once its liveness pipe closed and what it watches is gone).
    pub(crate) fn wait(&mut self) -> io::Result<ExitStatus> {
        match self {
            #[cfg(target_os = "linux")]
            Supervisor::Clone(s) => s.wait(),
            #[cfg(unix)]
            Supervisor::Posix(w) => w.wait(),
            #[cfg(windows)]
            Supervisor::Job(j) => j.wait(),
        }
    }

    /// Whether closing the liveness pipe makes it search for what is left (the posix watchdog
    /// spawns `pkill` and `ps`): the host then ends the run itself and says [`Supervisor::done`].
    pub(crate) fn sweeps_on_close(&self) -> bool {
        #[cfg(unix)]
        {
            matches!(self, Supervisor::Posix(_))
        }
        #[cfg(windows)]
        {
            false
        }
    }

    /// Tells it the run was ended by the host, through its liveness pipe.
    pub(crate) fn done(&self, liveness: &OwnedFd) {
        #[cfg(unix)]
        if self.sweeps_on_close() {
            posix::Watchdog::done(liveness);
        }
        #[cfg(windows)]
        let _ = liveness;
    }
}

/// A program started, with what watches it.
pub(crate) type Started = launch::Launched<Supervisor>;

/// Starts `req` with the backend of this process.
pub(crate) fn start(req: &Request) -> Result<Started, StartFailed> {
    match backend() {
        #[cfg(target_os = "linux")]
        Backend::Clone => linux::supervisor::launch(req).map(|l| l.map(Supervisor::Clone)),
        #[cfg(unix)]
        Backend::Posix => posix::start(req).map(|l| l.map(Supervisor::Posix)),
        #[cfg(windows)]
        Backend::Job => windows::start::launch(req).map(|l| l.map(Supervisor::Job)),
    }
}

/// A new pseudo-terminal of `cols` × `rows`: our master, the slave a start hands over, and the
/// slave's path where it has one (`/dev/pts/N`; a Windows pseudo-console has none). An error
/// names the step that failed.
#[allow(clippy::type_complexity)]
pub(crate) fn open_pty(
    ptmx: &Path,
    cols: u16,
    rows: u16,
) -> Result<(fd::PtyMaster, fd::PtySlave, Option<std::path::PathBuf>), (String, io::Error)> {
    #[cfg(unix)]
    {
        let (master, slave, path) = native::open_pty(ptmx)?;
        let master = fd::PtyMaster::new(master);
        master
            .set_size(cols, rows)
            .map_err(|e| ("sizing the pty".to_string(), e))?;
        Ok((master, slave, Some(path)))
    }
    #[cfg(windows)]
    {
        let _ = ptmx;
        windows::conpty::open(cols, rows)
    }
}

/// The program a session starts, as the host finds it: on Linux and macOS a path is kept and a
/// name is looked up on the host's `PATH` (made absolute); on Windows Git for Windows' bash is
/// found as `windows/discover.rs` says. The error says what was tried.
pub(crate) fn find_program(program: &str) -> io::Result<String> {
    #[cfg(unix)]
    {
        resolve::on_host_path(program)
    }
    #[cfg(windows)]
    {
        windows::find_shell(program)
    }
}

/// A symbol of the host process (Node's `uv_*`), or null: `dlsym(RTLD_DEFAULT)` on Linux and
/// macOS; on Windows always null (libuv's poll handles there take sockets, not pipes, so the
/// event-loop watcher is not used and the runtime watches instead).
pub(crate) fn host_symbol(name: &std::ffi::CStr) -> *mut std::ffi::c_void {
    #[cfg(unix)]
    {
        // SAFETY: `name` is NUL-terminated; a look-up in the loaded objects has no other
        // condition.
        unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) }
    }
    #[cfg(windows)]
    {
        let _ = name;
        std::ptr::null_mut()
    }
}

impl SandboxPolicy {
    /// Fails as [`SandboxPolicy::confine`] would, for what can be known before a start: whether
    /// the kernel can enforce the policy, whether its roots exist.
    pub fn check(&self) -> crate::error::Result<()> {
        native::sandbox::check(self)
    }

    /// Builds the confinement of a program started in `cwd`. `session_dir`: a directory of the
    /// session's own files (a shell's script and FIFOs), kept writable and given as its temp
    /// directory; without one, a temp directory is made and owned by the confinement.
    /// Fails with `ERR_SANDBOX_UNAVAILABLE` when the kernel cannot enforce the policy, and with
    /// `ERR_INVALID_ARG` when a root does not exist.
    pub fn confine(
        &self,
        cwd: &Path,
        session_dir: Option<&Path>,
    ) -> crate::error::Result<Confinement> {
        native::sandbox::confine(self, cwd, session_dir)
    }

    /// [`SandboxPolicy::confine`] for a shell whose script and FIFOs are in `control`, apart
    /// from its temp directory `tmpdir` (which is writable, as a session's directory is): in
    /// `control` its files may be read and its FIFOs written, nothing else. Linux only (where a
    /// memory filesystem holds `control`, see `fd::memory_scratch_dir`); elsewhere an error, and
    /// the shell is started in its temp directory.
    pub(crate) fn confine_apart(
        &self,
        cwd: &Path,
        tmpdir: &Path,
        control: &Path,
    ) -> crate::error::Result<Confinement> {
        native::sandbox::confine_apart(self, cwd, tmpdir, control)
    }
}
