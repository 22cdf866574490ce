//! Starting a shell as the root of a tree we can always find and end: its own session (no
//! controlling terminal, no terminal signals from the host's), a child subreaper (orphans of the
//! commands it runs, `setsid` and double-forked escapees included, stay below it), default signal
//! dispositions (Node ignores SIGPIPE; children must not inherit that), and an exit watch so its
//! exit is noticed without a SIGCHLD handler (which would fight libuv's). Every program (a shell
//! session's shell, a PTY command) is started under a supervisor by the OS layer ([`super::os`]:
//! on Linux a `clone` of the host that copies nothing; on macOS `posix_spawn` and a watchdog).

use super::os::fd::{OwnedFd, RawFd};
use std::path::Path;

use super::os::fd;
pub(crate) use super::os::request::ScratchFile;
use super::os::request::{Request, SandboxFailed};
pub(crate) use super::os::watch::ExitWatch;
pub(crate) use super::os::Supervisor;
use super::os::{self, Proc, StartFailed};
use crate::error::{Error, Result};

// Kept here for their callers outside process/; they live with the other descriptor helpers.
pub(crate) use super::os::fd::{pipe, read_fd, set_nonblocking};
pub(crate) use super::os::request::ReportTo;

/// A started program: its identity, a descriptor that becomes readable when it exits, and its
/// supervisor, our direct child (see [`super::os`]).
pub struct Spawned {
    pub(crate) supervisor: Supervisor,
    pub proc: Proc,
    /// Readable once the program exited: a pidfd on Linux, a kqueue watching it on macOS.
    pub(crate) exit: ExitWatch,
    /// Write end of the supervisor's liveness pipe; closing it makes the supervisor kill what is
    /// left below it and exit.
    liveness: Option<OwnedFd>,
}

/// Where a supervisor reports the program's wait status: `prefix`, the status in decimal, NUL.
pub struct Report<'a> {
    pub to: ReportTo,
    pub prefix: &'a [u8],
    /// With the status, the directory the program was in when it exited (see
    /// [`Request::report_dir`]).
    pub dir: bool,
}

/// What to start and which of our descriptors it gets, at which numbers.
pub struct SpawnSpec<'a> {
    pub program: &'a str,
    pub args: &'a [String],
    pub env: &'a [(String, String)],
    pub cwd: Option<&'a Path>,
    /// `(our fd, fd number in the child)`; ours are close-on-exec, the child's copies are not.
    pub fds: &'a [(RawFd, RawFd)],
    /// Where the program's supervisor reports its exit.
    pub report: Report<'a>,
    /// A directory of the session's files that the supervisor removes if the host goes away
    /// without doing so (see [`Request::scratch_dir`]).
    pub scratch_dir: Option<&'a Path>,
    /// The file `scratch_dir` is made with, when it is not made yet (see
    /// [`Request::scratch_file`]).
    pub scratch_file: Option<ScratchFile<'a>>,
    /// A directory more that the supervisor removes with `scratch_dir` (see
    /// [`Request::tmpdir`]).
    pub tmpdir: Option<&'a Path>,
    /// The confinement the program and everything it starts live in (see [`super::os::sandbox`]).
    pub sandbox: Option<&'a os::Confinement>,
}

/// Starts `spec` with stdin, stdout and stderr on `/dev/null`. A program named without a `/` (a
/// session's shell) is looked up on the host's `PATH` (on Windows: Git Bash is found, see
/// [`os::find_program`]), not on the one in `spec.env`: that
/// environment is the caller's, for the commands the program runs (`env: { PATH: '' }` is a
/// command's business), and has no say in which shell starts.
pub fn spawn(spec: &SpawnSpec) -> Result<Spawned> {
    let spec_program = spec.program;
    let program = os::find_program(spec.program).map_err(|source| Error::SpawnFailed {
        field: None,
        program: spec.program.to_string(),
        source,
    })?;
    let spec = SpawnSpec {
        program: &program,
        args: spec.args,
        env: spec.env,
        cwd: spec.cwd,
        fds: spec.fds,
        report: Report {
            to: spec.report.to,
            prefix: spec.report.prefix,
            dir: spec.report.dir,
        },
        scratch_dir: spec.scratch_dir,
        scratch_file: spec.scratch_file,
        tmpdir: spec.tmpdir,
        sandbox: spec.sandbox,
    };
    // A failure names the program as the caller gave it.
    spawn_supervised(&spec, None).map_err(|e| match e {
        Error::SpawnFailed { field, source, .. } => Error::SpawnFailed {
            field,
            program: spec_program.to_string(),
            source,
        },
        other => other,
    })
}

/// Starts `spec` with the pseudo-terminal `slave` as stdin, stdout, stderr and controlling
/// terminal (it leads its own session, so the terminal's signals reach what it starts). Only the
/// program and what it starts hold the terminal; the supervisor has none.
pub(crate) fn spawn_on_terminal(spec: &SpawnSpec, slave: &fd::PtySlave) -> Result<Spawned> {
    spawn_supervised(spec, Some(fd::terminal_of(slave)))
}

/// The supervisor and the program are started by the OS layer's backend (see
/// [`super::os`]): on Linux without copying the host.
fn spawn_supervised(spec: &SpawnSpec, terminal: Option<fd::TerminalRef>) -> Result<Spawned> {
    let report = &spec.report;
    let failed = |source| Error::SpawnFailed {
        field: None,
        program: spec.program.to_string(),
        source,
    };
    let started = os::start(&Request {
        program: spec.program,
        args: spec.args,
        env: spec.env,
        cwd: spec.cwd,
        fds: spec.fds,
        report: report.to,
        prefix: report.prefix,
        report_dir: report.dir,
        terminal,
        scratch_dir: spec.scratch_dir,
        scratch_file: spec.scratch_file,
        tmpdir: spec.tmpdir,
        sandbox: spec.sandbox,
    });
    let started = match started {
        Ok(started) => started,
        Err(StartFailed::Watch(e)) => return Err(Error::io("watching the program's exit", e)),
        Err(StartFailed::Start(e)) => {
            return Err(
                match e.get_ref().and_then(|e| e.downcast_ref::<SandboxFailed>()) {
                    Some(why) => Error::SandboxUnavailable(why.0.clone()),
                    None => failed(e),
                },
            )
        }
    };
    let os::Started {
        supervisor,
        program: pid,
        start_time,
        exit,
        liveness,
    } = started;
    let proc = match start_time {
        Some(start_time) => Proc { pid, start_time },
        None => Proc::current(pid).unwrap_or(Proc { pid, start_time: 0 }),
    };
    Ok(Spawned {
        supervisor,
        proc,
        exit,
        liveness: Some(liveness),
    })
}

impl Spawned {
    /// Kills the program and reaps the supervisor, which, its liveness pipe closed, first kills
    /// whatever is left below it.
    pub fn end(mut self) {
        self.signal_program(os::signal::SIGKILL);
        if self.supervisor.sweeps_on_close() {
            // The posix watchdog's sweep spawns processes; the same search in here does not.
            let anchor = self.supervisor.id() as i32;
            super::tree::terminate_below(anchor, std::time::Duration::ZERO);
            if let Some(liveness) = &self.liveness {
                self.supervisor.done(liveness);
            }
        }
        self.kill();
        let _ = self.supervisor.wait();
    }

    /// Kills the program and closes the liveness pipe, so that the supervisor kills whatever is
    /// left below it and exits; reaping it is left to [`Spawned::end`].
    pub fn kill(&mut self) {
        self.signal_program(os::signal::SIGKILL);
        drop(self.liveness.take());
    }

    /// Kills the program itself (not what it started), as [`Spawned::end`] does first.
    pub(crate) fn kill_program(&self) {
        self.signal_program(os::signal::SIGKILL);
    }

    /// Signals the program through its exit watch where the OS can (no /proc read: it cost
    /// `close()` a third of its time), else by its pid, checked.
    fn signal_program(&self, signal: i32) {
        if self.exit.signal(signal).is_none() {
            self.proc.signal(signal);
        }
    }

    /// Whether the process has exited, from its exit watch (no /proc read).
    pub fn has_exited(&self) -> bool {
        fd::readable_now(&self.exit).unwrap_or_else(|_| !self.proc.is_alive())
    }
}

/// The name of signal `n` (`SIGKILL`), for results.
pub fn signal_name(n: i32) -> Option<&'static str> {
    use super::os::signal as sig;
    Some(match n {
        sig::SIGHUP => "SIGHUP",
        sig::SIGINT => "SIGINT",
        sig::SIGQUIT => "SIGQUIT",
        sig::SIGILL => "SIGILL",
        sig::SIGTRAP => "SIGTRAP",
        sig::SIGABRT => "SIGABRT",
        sig::SIGBUS => "SIGBUS",
        sig::SIGFPE => "SIGFPE",
        os::signal::SIGKILL => "SIGKILL",
        sig::SIGUSR1 => "SIGUSR1",
        sig::SIGSEGV => "SIGSEGV",
        sig::SIGUSR2 => "SIGUSR2",
        sig::SIGPIPE => "SIGPIPE",
        sig::SIGALRM => "SIGALRM",
        sig::SIGTERM => "SIGTERM",
        sig::SIGXCPU => "SIGXCPU",
        sig::SIGXFSZ => "SIGXFSZ",
        sig::SIGSYS => "SIGSYS",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::os::find_program as on_host_path;

    #[test]
    fn a_name_is_found_on_the_host_path_and_made_absolute() {
        // The tests' own PATH is the host's here; `sh` is on every Linux PATH.
        let found = on_host_path("sh").expect("sh on the host's PATH");
        assert!(found.starts_with('/') && found.ends_with("/sh"), "{found}");
    }

    #[test]
    fn a_path_is_kept_and_a_missing_name_is_not_found() {
        assert_eq!(on_host_path("./x/bash").ok().as_deref(), Some("./x/bash"));
        let missing = on_host_path("no-such-shell-zq").expect_err("not on PATH");
        assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
    }
}
