//! Starting a shell as the root of a tree we can always find and end: its own session (no
//! controlling terminal, no terminal signals from the host's), a child subreaper (orphans of the
//! commands it runs, `setsid` and double-forked escapees included, stay below it), default signal
//! dispositions (Node ignores SIGPIPE; children must not inherit that), and a pidfd so its exit
//! is noticed without a SIGCHLD handler (which would fight libuv's). A supervised program (every
//! shell session, every PTY command) is started by [`super::supervisor`] without copying the
//! host; an unsupervised one by std's `Command`, one fork of the host as `child_process` does.

use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};

use crate::error::{Error, Result};
#[cfg(target_os = "linux")]
use crate::process::supervisor::{self, Supervisor};
use crate::process::tree::Proc;

/// A started program: its identity, a pidfd that becomes readable when it exits, and our direct
/// child, which is the program itself or, when supervised, its supervisor (see
/// [`super::supervisor`]).
pub struct Spawned {
    pub child: Child,
    pub proc: Proc,
    pub pidfd: OwnedFd,
    /// Write end of the supervisor's liveness pipe; closing it makes the supervisor kill what is
    /// left below it and exit.
    liveness: Option<OwnedFd>,
}

/// Our direct child: the program (started by std, a fork of the host) or its supervisor
/// (which shares the host's memory and must be reaped before that memory is released).
pub enum Child {
    Direct(std::process::Child),
    #[cfg(target_os = "linux")]
    Supervisor(Supervisor),
}

impl Child {
    pub fn id(&self) -> u32 {
        match self {
            Child::Direct(c) => c.id(),
            #[cfg(target_os = "linux")]
            Child::Supervisor(s) => s.id(),
        }
    }

    pub fn wait(&mut self) -> std::io::Result<ExitStatus> {
        match self {
            Child::Direct(c) => c.wait(),
            #[cfg(target_os = "linux")]
            Child::Supervisor(s) => s.wait(),
        }
    }

    pub fn kill(&mut self) -> std::io::Result<()> {
        match self {
            Child::Direct(c) => c.kill(),
            #[cfg(target_os = "linux")]
            Child::Supervisor(s) => s.kill(),
        }
    }
}

/// Where a supervisor reports the program's wait status: `prefix`, the status in decimal, NUL.
pub struct Report<'a> {
    pub to: ReportTo,
    pub prefix: &'a [u8],
}

/// The descriptor a supervisor reports the program's wait status on.
#[derive(Debug, Clone, Copy)]
pub enum ReportTo {
    /// A target number of [`SpawnSpec::fds`]: the program holds it too (a shell's status pipe).
    Target(RawFd),
    /// One of our descriptors that only the supervisor gets (the program's exit is all that is
    /// written to it, and its EOF says the supervisor is gone).
    Own(RawFd),
}

/// What to start and which of our descriptors it gets, at which numbers.
pub struct SpawnSpec<'a> {
    pub program: &'a str,
    pub args: &'a [String],
    pub env: &'a [(String, String)],
    pub cwd: Option<&'a Path>,
    /// `(our fd, fd number in the child)`; ours are close-on-exec, the child's copies are not.
    pub fds: &'a [(RawFd, RawFd)],
    /// Start the program under a supervisor that reports its exit here.
    pub supervise: Option<Report<'a>>,
}

/// Starts `spec` with stdin, stdout and stderr on `/dev/null`.
pub fn spawn(spec: &SpawnSpec) -> Result<Spawned> {
    match &spec.supervise {
        #[cfg(target_os = "linux")]
        Some(report) => spawn_supervised(spec, report, None),
        #[cfg(not(target_os = "linux"))]
        Some(_) => Err(Error::SpawnFailed {
            program: spec.program.to_string(),
            source: std::io::Error::from(std::io::ErrorKind::Unsupported),
        }),
        None => spawn_direct(spec, None),
    }
}

/// Starts `spec` with the pseudo-terminal `slave` as stdin, stdout, stderr and controlling
/// terminal (it leads its own session, so the terminal's signals reach what it starts). Under a
/// supervisor (`spec.supervise`), only the program and what it starts hold the terminal; the
/// supervisor has none. Without one, the host is forked as `child_process` does.
pub fn spawn_on_terminal(spec: &SpawnSpec, slave: BorrowedFd) -> Result<Spawned> {
    match &spec.supervise {
        #[cfg(target_os = "linux")]
        Some(report) => spawn_supervised(spec, report, Some(slave)),
        #[cfg(not(target_os = "linux"))]
        Some(_) => Err(Error::SpawnFailed {
            program: spec.program.to_string(),
            source: std::io::Error::from(std::io::ErrorKind::Unsupported),
        }),
        None => spawn_direct(spec, Some(slave)),
    }
}

/// The supervisor and the program are started without copying the host (see
/// [`super::supervisor`]).
#[cfg(target_os = "linux")]
fn spawn_supervised(
    spec: &SpawnSpec,
    report: &Report,
    terminal: Option<BorrowedFd>,
) -> Result<Spawned> {
    let failed = |source| Error::SpawnFailed {
        program: spec.program.to_string(),
        source,
    };
    let started = supervisor::start(&supervisor::Request {
        program: spec.program,
        args: spec.args,
        env: spec.env,
        cwd: spec.cwd,
        fds: spec.fds,
        report: report.to,
        prefix: report.prefix,
        terminal: terminal.map(|t| t.as_raw_fd()),
    })
    .map_err(failed)?;
    // The supervisor does not reap the program before `release`, so the pid is still its.
    let pidfd = pidfd_open(started.program).and_then(|fd| started.release().map(|()| fd));
    let supervisor::Started {
        mut supervisor,
        program: pid,
        liveness,
    } = started;
    let pidfd = match pidfd {
        Ok(fd) => fd,
        Err(e) => {
            // Out of descriptors, say: a program we cannot watch must not run on. The
            // supervisor, its liveness pipe closed, kills it.
            drop(liveness);
            let _ = supervisor.wait();
            return Err(Error::io("pidfd_open", e));
        }
    };
    Ok(Spawned {
        child: Child::Supervisor(supervisor),
        proc: Proc::current(pid).unwrap_or(Proc { pid, start_time: 0 }),
        pidfd,
        liveness: Some(liveness),
    })
}

fn spawn_direct(spec: &SpawnSpec, terminal: Option<BorrowedFd>) -> Result<Spawned> {
    let mut cmd = Command::new(spec.program);
    cmd.args(spec.args)
        .env_clear()
        .envs(spec.env.iter().map(|(k, v)| (k, v)));
    match terminal {
        Some(slave) => {
            let stdio = || -> Result<Stdio> {
                let copy = slave
                    .try_clone_to_owned()
                    .map_err(|e| Error::io("duplicating the terminal", e))?;
                Ok(Stdio::from(copy))
            };
            cmd.stdin(stdio()?).stdout(stdio()?).stderr(stdio()?);
        }
        None => {
            cmd.stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null());
        }
    }
    let controlling_terminal = terminal.is_some();
    if let Some(cwd) = spec.cwd {
        cmd.current_dir(cwd);
    }
    assert!(
        spec.fds.len() <= 7,
        "at most 7 descriptors are passed to a child"
    );
    let fds: Vec<(RawFd, RawFd)> = spec.fds.to_vec();
    unsafe {
        cmd.pre_exec(move || {
            // Only async-signal-safe calls between fork and exec.
            libc::setsid();
            // stdin is the terminal by now: std sets up stdio before running this.
            if controlling_terminal && libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigprocmask(libc::SIG_SETMASK, &set, std::ptr::null_mut());
            for sig in [
                libc::SIGPIPE,
                libc::SIGINT,
                libc::SIGQUIT,
                libc::SIGTERM,
                libc::SIGHUP,
                libc::SIGCHLD,
                libc::SIGTSTP,
                libc::SIGTTIN,
                libc::SIGTTOU,
                libc::SIGUSR1,
                libc::SIGUSR2,
            ] {
                libc::signal(sig, libc::SIG_DFL);
            }
            // A source may itself sit at a target number (hundreds of descriptors are open when
            // many sessions start at once): move every source above all targets first.
            let above = fds.iter().map(|&(_, to)| to).max().unwrap_or(2) + 1;
            let mut moved = [0 as RawFd; 8];
            for (i, &(from, _)) in fds.iter().enumerate() {
                moved[i] = libc::fcntl(from, libc::F_DUPFD_CLOEXEC, above);
                if moved[i] < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            for (i, &(_, to)) in fds.iter().enumerate() {
                if libc::dup2(moved[i], to) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let child = cmd.spawn().map_err(|source| Error::SpawnFailed {
        program: spec.program.to_string(),
        source,
    })?;
    let mut child = Child::Direct(child);
    let pid = child.id() as i32;
    let pidfd = match pidfd_open(pid) {
        Ok(fd) => fd,
        Err(e) => {
            // Out of descriptors, say: a child we cannot watch must not run on unreaped.
            let _ = child.kill();
            let _ = child.wait();
            return Err(Error::io("pidfd_open", e));
        }
    };
    let proc = Proc::current(pid).unwrap_or(Proc { pid, start_time: 0 });
    Ok(Spawned {
        child,
        proc,
        pidfd,
        liveness: None,
    })
}

impl Spawned {
    /// Kills the program and reaps our child; a supervisor, its liveness pipe closed, first kills
    /// whatever is left below it.
    pub fn end(mut self) {
        self.proc.signal(libc::SIGKILL);
        drop(self.liveness.take());
        let _ = self.child.wait();
    }

    /// Whether the process has exited, from its pidfd (no /proc read).
    pub fn has_exited(&self) -> bool {
        let mut fd = libc::pollfd {
            fd: self.pidfd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        match unsafe { libc::poll(&mut fd, 1, 0) } {
            0 => false,
            1 => true,
            _ => !self.proc.is_alive(),
        }
    }
}

/// A descriptor that becomes readable when `pid` exits (Linux 5.3+).
pub fn pidfd_open(pid: i32) -> std::io::Result<OwnedFd> {
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, libc::PIDFD_NONBLOCK) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// A close-on-exec pipe: `(read, write)`.
pub fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Sets or clears O_NONBLOCK.
pub fn set_nonblocking(fd: &impl AsRawFd, on: bool) -> std::io::Result<()> {
    let raw = fd.as_raw_fd();
    let flags = unsafe { libc::fcntl(raw, libc::F_GETFL) };
    if flags < 0 {
        return Err(std::io::Error::last_os_error());
    }
    let flags = if on {
        flags | libc::O_NONBLOCK
    } else {
        flags & !libc::O_NONBLOCK
    };
    if unsafe { libc::fcntl(raw, libc::F_SETFL, flags) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// The name of signal `n` (`SIGKILL`), for results.
pub fn signal_name(n: i32) -> Option<&'static str> {
    Some(match n {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return None,
    })
}
