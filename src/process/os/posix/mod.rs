//! The posix backend: how programs start where there is no `clone` supervisor (macOS always; Linux
//! when [`super::BACKEND_ENV`] selects it, so that this code runs in Linux's tests).
//!
//! - The program is started with `posix_spawn` ([`spawn`]): a session of its own
//!   (`POSIX_SPAWN_SETSID`), default signal dispositions, an empty signal mask, the caller's
//!   descriptors at their numbers and nothing else of ours (close-on-exec, and on macOS
//!   `POSIX_SPAWN_CLOEXEC_DEFAULT`), and a marker in its environment, `AGENT_SHELL_RUN_<hex>=1`,
//!   unique to the run and inherited by what it starts.
//! - A reaper thread of the host waits for the program and reports its wait status where the
//!   clone supervisor would (`prefix`, the status in decimal, NUL); exit is noticed through the
//!   OS layer's `exit_watch`, set up before the reaper can reap.
//! - A watchdog, `/bin/sh` in a session of its own, holds the read end of the liveness pipe:
//!   when it closes (the host closed it, or died), it kills the program's session and process group
//!   (`kill -KILL -<pid>`, `pkill -KILL -s <pid>`), removes the scratch directory, and kills what
//!   `ps` shows with the run's marker in its environment. Its pid is
//!   the run's anchor (what the clone supervisor's is on Linux): unreaped until the run ends, so
//!   never reused meanwhile.
//! - There is no subreaper: what the run started is found by its [`Scope`] (see
//!   `tree::scope_members`), registered under the anchor while it lives.

pub(crate) mod keeper;
mod spawn;

use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;

use super::fd;
use super::launch::{Launched, StartFailed};
use super::native;
use super::proc::Proc;
use super::request::{ReportTo, Request, SandboxFailed};
use super::resolve::resolve;
use super::scope::{scopes, Scope, MARKER_PREFIX};
use super::watch::ExitWatch;

/// The watchdog of one run (see the module's header): our child until [`Watchdog::wait`].
pub(crate) struct Watchdog {
    pid: i32,
    status: Option<ExitStatus>,
}

/// The watchdog's script: `$1` the program's pid (its session and group), `$2` the scratch
/// directory or empty, `$3` the run's id (the marker is `AGENT_SHELL_RUN_$3=1`, spelled out only
/// here, so that no command line of the watchdog's holds it). It reads its stdin, the liveness
/// pipe, until `done` (the host ended the run itself) or EOF, then ends the program's group and session, removes the files, and ends every
/// process `ps` shows with the marker in its environment (BSD `ps e`: Linux's procps and macOS's
/// ps alike).
const WATCHDOG: &str = r#"while read -r word; do [ "$word" = done ] && exit 0; done
kill -KILL -- "-$1" 2>/dev/null
pkill -KILL -s "$1" 2>/dev/null
[ -n "$2" ] && rm -rf -- "$2"
m="AGENT_SHELL_RUN_$3=1"
ps axwwe -o pid= -o command= 2>/dev/null | while read -r pid rest; do
  case " $rest " in *" $m "*) kill -KILL "$pid" 2>/dev/null ;; esac
done
exit 0"#;

impl Watchdog {
    pub(crate) fn id(&self) -> u32 {
        self.pid as u32
    }

    pub(crate) fn wait(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.status {
            return Ok(status);
        }
        let raw = loop {
            if let Some(raw) = fd::waitpid(self.pid, true)? {
                break raw;
            }
        };
        scopes().remove(&self.pid);
        let status = ExitStatus::from_raw(raw);
        self.status = Some(status);
        Ok(status)
    }
}

/// What tells the watchdog the host ended the run itself.
const DONE: &[u8] = b"done\n";

impl Watchdog {
    /// Tells the watchdog behind `liveness` that the host ended the run: it exits at once.
    pub(crate) fn done(liveness: &OwnedFd) {
        let _ = fd::write_fd(liveness, DONE);
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        if self.status.is_some() {
            return;
        }
        if matches!(fd::waitpid(self.pid, false), Ok(Some(_))) {
            scopes().remove(&self.pid);
            return;
        }
        // Still running (its liveness pipe usually closes right after this): a thread reaps it.
        let pid = self.pid;
        let _ = std::thread::Builder::new()
            .name("agent-shell-reaper".into())
            .spawn(move || {
                let _ = fd::waitpid(pid, true);
                scopes().remove(&pid);
            });
    }
}

/// Starts `req` (see the module's header). A scratch directory to make is made here, before the
/// watchdog that would remove it exists: a host killed in between leaves it.
pub(crate) fn start(req: &Request) -> Result<Launched<Watchdog>, StartFailed> {
    let (Some(dir), Some(file)) = (req.scratch_dir, req.scratch_file) else {
        return start_watched(req);
    };
    file.make_in_host(dir).map_err(StartFailed::Start)?;
    start_watched(req).inspect_err(|_| {
        let _ = std::fs::remove_dir_all(dir);
    })
}

/// Starts `req`, its scratch directory made, with its watchdog.
fn start_watched(req: &Request) -> Result<Launched<Watchdog>, StartFailed> {
    let failed = StartFailed::Start;
    let (program, args) = match req.sandbox {
        None => (req.program.to_string(), req.args.to_vec()),
        Some(confinement) => native::sandbox::posix_command(confinement, req.program, req.args)
            .map_err(|why| failed(io::Error::other(SandboxFailed(why))))?,
    };
    let path = resolve(&program, req.env, req.cwd).map_err(failed)?;
    let id = native::random_bytes().map_err(failed)?;
    let run_id = format!("{:016x}", u64::from_ne_bytes(id));
    let marker = format!("{MARKER_PREFIX}{run_id}=1");
    let mut env: Vec<String> = req.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    env.push(marker.clone());

    let null = fd::dev_null().map_err(failed)?;
    let stdio = req.terminal.unwrap_or(null.as_raw_fd());
    let mut table: Vec<(RawFd, RawFd)> = vec![(stdio, 0), (stdio, 1), (stdio, 2)];
    table.extend_from_slice(req.fds);
    let terminal = match req.terminal {
        Some(tty) => Some(spawn::tty_path(tty).map_err(failed)?),
        None => None,
    };
    let pid = spawn::spawn(&spawn::Spawn {
        path: &path,
        argv0: &program,
        args: &args,
        env: &env,
        cwd: req.cwd,
        fds: &table,
        terminal: terminal.as_deref(),
    })
    .map_err(failed)?;
    let abandon = |e: io::Error| {
        fd::kill(pid, libc::SIGKILL);
        let _ = fd::waitpid(pid, true);
        e
    };
    // Before the reaper can reap it: its pid is still its own.
    let exit = ExitWatch::open(pid).map_err(|e| StartFailed::Watch(abandon(e)))?;
    let started = native::entry(pid).map_or(0, |e| e.start_time);
    let report = report_fd(req).map_err(|e| failed(abandon(e)))?;
    let (live_read, liveness) = native::pipe().map_err(|e| failed(abandon(e)))?;
    let scratch = req
        .scratch_dir
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    let watchdog = spawn::spawn(&spawn::Spawn {
        path: c"/bin/sh",
        argv0: "sh",
        args: &[
            "-c".into(),
            WATCHDOG.into(),
            "sh".into(),
            pid.to_string(),
            scratch,
            run_id,
        ],
        env: &[],
        cwd: None,
        fds: &[
            (live_read.as_raw_fd(), 0),
            (null.as_raw_fd(), 1),
            (null.as_raw_fd(), 2),
        ],
        terminal: None,
    })
    .map_err(|e| failed(abandon(e)))?;
    drop(live_read);
    scopes().insert(
        watchdog,
        Scope {
            program: Proc {
                pid,
                start_time: started,
            },
            marker,
        },
    );
    let supervisor = Watchdog {
        pid: watchdog,
        status: None,
    };
    let reaper = std::thread::Builder::new()
        .name("agent-shell-reaper".into())
        .spawn(move || reap_and_report(pid, report));
    if let Err(e) = reaper {
        // Nothing would reap the program or report it: it must not run on.
        let mut supervisor = supervisor;
        drop(liveness);
        let _ = abandon(e);
        let _ = supervisor.wait();
        return Err(StartFailed::Watch(io::Error::other("no reaper thread")));
    }
    Ok(Launched {
        supervisor,
        program: pid,
        start_time: None,
        exit,
        liveness,
    })
}

/// Where the program's status is reported: our copy of the caller's descriptor, and the prefix.
struct Report {
    fd: OwnedFd,
    prefix: Vec<u8>,
}

fn report_fd(req: &Request) -> io::Result<Report> {
    let host_fd = match req.report {
        ReportTo::Own(fd) => fd,
        ReportTo::Target(target) => req
            .fds
            .iter()
            .find(|&&(_, to)| to == target)
            .map(|&(from, _)| from)
            .ok_or_else(|| io::Error::other(format!("no descriptor goes to {target}")))?,
    };
    Ok(Report {
        fd: fd::dup_cloexec(host_fd, 3)?,
        prefix: req.prefix.to_vec(),
    })
}

/// Waits for `pid` and writes its wait status as the clone supervisor does, never with a
/// directory ([`Request::report_dir`]): nothing shares the program's, which is gone with it.
fn reap_and_report(pid: i32, report: Report) {
    let Ok(Some(status)) = fd::waitpid(pid, true) else {
        return;
    };
    let mut record = report.prefix;
    record.extend_from_slice(status.to_string().as_bytes());
    record.push(0);
    let _ = fd::write_fd(&report.fd, &record);
}

#[cfg(test)]
mod tests;
