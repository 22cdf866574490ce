//! The door's start on Windows (`os::start`, `Supervisor::Job`): the program is started into a
//! job object of its own (`job.rs`: suspended, assigned, resumed; only the handles named
//! inherited), with no supervisor process. What a POSIX supervisor does is done here by the host:
//!
//! - the liveness pipe is the job's only handle: closing it (the run ended, or the host died)
//!   ends every process in the job (`KILL_ON_JOB_CLOSE`, no breakaway);
//! - the exit report: a thread of the host waits on the program's process handle, then writes
//!   `prefix`, its exit code in decimal and a NUL to the report's handle (a copy of it, so the
//!   channel stays open until the report is in), as the supervisor writes the wait status;
//!   no directory follows (Windows cannot tell where a process was);
//! - the scratch directory is made by the host before the start, and removed by the host; a
//!   host that dies leaves it in `%TEMP%`, with a record of that host in it, and the next host's
//!   first session start removes it (`scratch.rs`).
//!
//! On a terminal (`Request::terminal`, a pseudo-console: `conpty.rs`) the program is attached to
//! that console, which is its stdin, stdout and stderr. Otherwise its stdin, stdout and stderr
//! are `NUL`, or the handles handed at 0, 1 and 2; a handle
//! handed at another number is inherited but has no number in the program (Windows has none to
//! give): such channels are opened by name instead (see docs/windows.md).

use std::io;
use std::process::ExitStatus;
use std::time::Duration;

use super::job::{self, Job, StartSpec};
use super::ready::duplicate;
use super::Handle;
use crate::process::os::fd::{self, handle_of, not_yet, OwnedFd};
use crate::process::os::launch::{Launched, StartFailed};
use crate::process::os::request::{ReportTo, Request};
use crate::process::os::watch::ExitWatch;

/// What stands for a supervisor: the program's pid and a handle on its process. The thread that
/// reports its exit is not waited for: its write may wait for room in a status pipe nobody reads
/// any more (a background job filled it), until the session closes the pipe.
pub(crate) struct JobSupervisor {
    pid: u32,
    process: job::Started,
    status: Option<ExitStatus>,
}

impl JobSupervisor {
    /// The program's pid: what the search for what it left behind starts from.
    pub(crate) fn id(&self) -> u32 {
        self.pid
    }

    /// Waits for the program's exit: its exit code as a status.
    pub(crate) fn wait(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.status {
            return Ok(status);
        }
        let code = loop {
            if let Some(code) = self.process.wait(Duration::from_secs(24 * 3600))? {
                break code;
            }
        };
        let status = fd::exit_status(code as i32);
        self.status = Some(status);
        Ok(status)
    }
}

/// Starts `req` into a job of its own; see the module's notes.
pub(crate) fn launch(req: &Request) -> Result<Launched<JobSupervisor>, StartFailed> {
    let start = |e| StartFailed::Start(e);
    if req.sandbox.is_some() {
        return Err(start(not_yet("a sandbox")));
    }
    if let (Some(dir), Some(file)) = (req.scratch_dir, req.scratch_file) {
        if let Some(parent) = dir.parent() {
            super::scratch::sweep_once(parent);
        }
        file.make_in_host(dir).map_err(start)?;
        // Best effort: a directory without its record is only never swept (`scratch.rs`).
        let _ = super::scratch::record_host(dir);
    }
    let made_dir = req.scratch_file.and(req.scratch_dir);
    let started = start_in_job(req);
    if started.is_err() {
        if let Some(dir) = made_dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    started
}

fn start_in_job(req: &Request) -> Result<Launched<JobSupervisor>, StartFailed> {
    let start = |e| StartFailed::Start(e);
    let null = handle_of(fd::AsRawFd::as_raw_fd(&fd::dev_null().map_err(start)?));
    let mut stdio = [null; 3];
    for &(host, target) in req.fds {
        if let Some(slot) = usize::try_from(target).ok().and_then(|t| stdio.get_mut(t)) {
            *slot = handle_of(host);
        }
    }
    let report_to = match req.report {
        ReportTo::Own(host) => host,
        ReportTo::Target(target) => req
            .fds
            .iter()
            .find(|&&(_, t)| t == target)
            .map(|&(host, _)| host)
            .ok_or_else(|| start(io::Error::other("the report's target is not handed over")))?,
    };
    // Ours, taken before the start: the channel stays open until the report is in.
    let report = duplicate(handle_of(report_to)).map_err(start)?;
    let job = Job::new().map_err(start)?;
    // A name without a path (a PTY command's `sh`, an `application` given by name) is found as
    // the `shell` option is (`discover`): `bash` is Git Bash, another name is looked up on the
    // host's PATH. A session's shell comes here found already.
    let program = if is_bare_name(req.program) {
        super::find_shell(req.program).map_err(start)?
    } else {
        req.program.to_string()
    };
    let spec = StartSpec {
        program: &program,
        args: req.args,
        env: req.env,
        cwd: req.cwd,
        stdio,
        console: req.terminal,
    };
    let started = job::start(&spec, &job).map_err(start)?;
    let pid = started.pid;
    // Our own handle's answer: a Toolhelp read now can miss a process wine is still creating.
    let start_time = super::toolhelp::creation_time(started.process());
    // The job's only handle from now on: closing it ends the run.
    let liveness = OwnedFd::from_handle(job.into_handle());
    // Opened while `started` holds the process: the pid names that very process.
    let exit = match ExitWatch::open(pid as i32) {
        Ok(exit) => exit,
        Err(e) => {
            drop(liveness);
            return Err(StartFailed::Watch(e));
        }
    };
    let prefix = req.prefix.to_vec();
    let watched = match duplicate(started.process()) {
        Ok(h) => job::Started::of(pid, h),
        Err(e) => {
            drop(liveness);
            return Err(StartFailed::Watch(e));
        }
    };
    let reporter = std::thread::Builder::new()
        .name("agent-shell-exit".into())
        .stack_size(64 * 1024)
        .spawn(move || report_exit(watched, &report, &prefix));
    if let Err(e) = reporter {
        drop(liveness);
        return Err(StartFailed::Watch(e));
    }
    Ok(Launched {
        supervisor: JobSupervisor {
            pid,
            process: started,
            status: None,
        },
        program: pid as i32,
        start_time,
        exit,
        liveness,
    })
}

/// Whether `program` names no directory (no `\\`, `/` or drive).
fn is_bare_name(program: &str) -> bool {
    !program.contains(['\\', '/', ':'])
}

/// Waits for the program to exit, then writes `prefix`, its exit code and a NUL to `report`.
fn report_exit(started: job::Started, report: &Handle, prefix: &[u8]) -> io::Result<()> {
    let code = loop {
        if let Some(code) = started.wait(Duration::from_secs(24 * 3600))? {
            break code;
        }
    };
    let mut line = prefix.to_vec();
    line.extend_from_slice(code.to_string().as_bytes());
    line.push(0);
    let report = OwnedFd::from_handle(duplicate(report.raw())?);
    let mut rest = &line[..];
    while !rest.is_empty() {
        match fd::write_fd(&report, rest) {
            Ok(0) | Err(_) => break,
            Ok(n) => rest = &rest[n..],
        }
    }
    Ok(())
}
