//! The supervisor: a small process between the host and a shell (Linux). It is a child subreaper
//! above the shell, so what the shell leaves behind when it exits (`exit` with a daemon still
//! running) stays below a process we own instead of escaping to init; it reaps the shell and
//! reports its wait status; and it ends the whole tree when the host goes away, crash included,
//! by holding the read end of a pipe whose only write end the host holds.
//!
//! Neither it nor the shell is a copy of the host: the supervisor is a `clone(CLONE_VM)` of the
//! host running on a stack of its own, and it starts the shell with `clone(CLONE_VM |
//! CLONE_VFORK)` + `execve`, as `posix_spawn` does, so no page table of a 100+ MB host is copied
//! and the host takes no copy-on-write faults while sessions live. The price: both share the
//! host's memory but not its thread-local storage, so they make raw system calls only
//! ([`super::sys`]: no allocation, no locks, no `errno`) and touch only the region prepared
//! before the clone, which stays mapped until the supervisor has been reaped. The host's memory
//! stays alive while the supervisor runs, even after the host exited.
//!
//! This file is the host's side: [`start`], and the [`Supervisor`] handle that reaps it. The
//! memory they run on is `region`, the request's encoding into it `plan`, the code that runs in
//! the clones `child`.

mod child;
mod plan;
mod region;

use std::io;
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::atomic::Ordering;

use self::plan::{Descriptors, Encoded};
use super::{sandbox, sys};
use crate::process::os::fd;
use crate::process::os::launch::{Launched, StartFailed};
use crate::process::os::request::{Request, SandboxFailed};
use crate::process::os::resolve::resolve;
use crate::process::os::watch::ExitWatch;

/// A supervisor we started: reaping it unmaps the memory it runs on.
pub(crate) struct Supervisor {
    pid: i32,
    /// `None` once reaped.
    region: Option<Encoded>,
    status: Option<ExitStatus>,
}

/// A started program, its supervisor, and the write end of the liveness pipe. The program is
/// held as a zombie (not reaped, its pid not reusable) until [`Started::release`].
pub(crate) struct Started {
    pub(crate) supervisor: Supervisor,
    pub(crate) program: i32,
    pub(crate) liveness: OwnedFd,
}

impl Started {
    /// Lets the supervisor reap the program and report its status; until then it only waits
    /// (so the caller can open a pidfd for the program with no risk of pid reuse).
    pub(crate) fn release(&self) -> io::Result<()> {
        match fd::write_fd(&self.liveness, &[1]) {
            Ok(1) => Ok(()),
            Ok(_) => Err(io::ErrorKind::WriteZero.into()),
            Err(e) => Err(e),
        }
    }
}

/// Starts `req` under a `clone` supervisor and opens the program's exit watch (a pidfd) while
/// the supervisor still holds it unreaped (so the pid cannot have been reused), then lets it go.
pub(crate) fn launch(req: &Request) -> Result<Launched<Supervisor>, StartFailed> {
    let started = start(req).map_err(StartFailed::Start)?;
    let exit = ExitWatch::open(started.program).and_then(|w| started.release().map(|()| w));
    let Started {
        mut supervisor,
        program,
        liveness,
    } = started;
    match exit {
        Ok(exit) => Ok(Launched {
            supervisor,
            program,
            start_time: None,
            exit,
            liveness,
        }),
        Err(e) => {
            // Out of descriptors, say: a program we cannot watch must not run on. The
            // supervisor, its liveness pipe closed, kills it.
            drop(liveness);
            let _ = supervisor.wait();
            Err(StartFailed::Watch(e))
        }
    }
}

/// Starts `req` under a new supervisor; returns once the program was exec'd.
pub(crate) fn start(req: &Request) -> io::Result<Started> {
    let path = resolve(req.program, req.env, req.cwd)?;
    let (live_read, live_write) = fd::pipe()?;
    let (ready_read, ready_write) = fd::pipe()?;
    let table = Descriptors::new(
        req,
        fd::dev_null()?.as_raw_fd(),
        live_read.as_raw_fd(),
        ready_write.as_raw_fd(),
    )?;
    let region = plan::encode(req, &path, table)?;
    let pid = clone_supervisor(&region)?;
    drop((live_read, ready_write));
    let mut supervisor = Supervisor {
        pid,
        region: Some(region),
        status: None,
    };

    // The supervisor closes its copy of `ready` when the program was exec'd or failed to start.
    let mut buf = [0u8; 8];
    loop {
        match fd::read_fd(&ready_read, &mut buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            _ => break,
        }
    }
    let plan = supervisor.region.as_ref().map(Encoded::plan);
    let program = plan.map_or(0, |p| p.program.load(Ordering::Acquire));
    if program > 0 {
        return Ok(Started {
            supervisor,
            program,
            liveness: live_write,
        });
    }
    let errno = plan.map_or(0, |p| p.errno.load(Ordering::Acquire));
    let step = plan.and_then(|p| sandbox::Step::from_i32(p.sandbox_step.load(Ordering::Acquire)));
    drop(live_write);
    let _ = supervisor.wait();
    Err(match (step, errno) {
        (Some(step), e) => io::Error::other(SandboxFailed(step.describe(e))),
        (None, 0) => io::Error::other("the supervisor exited before starting the program"),
        (None, e) => io::Error::from_raw_os_error(e),
    })
}

/// Starts the supervisor on `region`'s stack, running [`child::supervise`] on its plan.
fn clone_supervisor(region: &Encoded) -> io::Result<i32> {
    // No host signal handler may ever run on the supervisor's stack with the host's TLS: the
    // supervisor starts with every signal blocked and keeps them so.
    let old = sys::sigprocmask(libc::SIG_SETMASK, sys::ALL_SIGNALS)
        .map_err(io::Error::from_raw_os_error)?;
    // SAFETY: the stack is the region's, which the `Supervisor` keeps mapped until the clone is
    // reaped; `supervise` makes raw system calls only and reads only the plan.
    let pid = unsafe {
        sys::clone(
            (libc::CLONE_VM | libc::SIGCHLD) as usize,
            region.supervisor_stack_top(),
            child::supervise,
            region.plan_ptr().cast(),
        )
    };
    let _ = sys::sigprocmask(libc::SIG_SETMASK, old);
    Ok(pid.map_err(io::Error::from_raw_os_error)? as i32)
}

impl Supervisor {
    pub(crate) fn id(&self) -> u32 {
        self.pid as u32
    }

    /// Reaps the supervisor (it exits once the liveness pipe closed and its children are gone)
    /// and unmaps the memory it ran on.
    pub(crate) fn wait(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.status {
            return Ok(status);
        }
        let status = loop {
            if let Some(status) = fd::waitpid(self.pid, true)? {
                break ExitStatus::from_raw(status);
            }
        };
        self.status = Some(status);
        self.region = None;
        Ok(status)
    }
}

impl Drop for Supervisor {
    fn drop(&mut self) {
        let Some(region) = self.region.take() else {
            return;
        };
        if matches!(fd::waitpid(self.pid, false), Ok(Some(_))) {
            return;
        }
        // Still running on the region (the liveness pipe usually closes right after this): a
        // thread reaps it and unmaps then. Without a thread, the region is leaked, never unmapped
        // under a running supervisor.
        let pid = self.pid;
        let region = ManuallyDrop::new(region);
        let _ = std::thread::Builder::new()
            .name("agent-shell-reaper".into())
            .spawn(move || {
                let _ = fd::waitpid(pid, true);
                drop(ManuallyDrop::into_inner(region));
            });
    }
}

#[cfg(test)]
mod tests;
