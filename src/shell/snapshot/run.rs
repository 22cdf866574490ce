//! Running a shell for its dump: started by the process layer in a session of its own, with no
//! terminal and stdio on `/dev/null`, under a supervisor that kills everything below it when we
//! are done; its dump read from a FIFO ([`Channel`]: a session's kind, a named pipe on Windows; we hold a write end too, so that the FIFO never reads as
//! ended and the dump's own end marker says when it is whole); a deadline after which the whole
//! tree is killed. Whatever the startup files left running (a background job, an agent, a
//! `sleep`) is killed when the dump is whole, before the run returns.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cancel::CancelToken;
use crate::error::{Error, Result};
use crate::process::fd::{self, AsRawFd, OwnedFd};
use crate::process::spawn::{self, Report, ReportTo, SpawnSpec};
use crate::process::tree;

/// The most a dump may hold: an oh-my-zsh setup's is a few hundred KiB; a startup file that
/// defines a gigabyte of functions is cut off here rather than read into memory.
const DUMP_LIMIT_BYTES: usize = 64 << 20;

/// How long what the startup files left running (or, past the deadline, were still running) has
/// to exit once hung up, before it is killed: a script's EXIT trap that removes its lock (pyenv's
/// `rehash`, stopped by the deadline, otherwise leaves `.pyenv-shim` behind, and every later shell
/// of the user then waits a minute for it) takes a few milliseconds. Only what ignores HUP and
/// TERM makes a capture wait for it.
const HANG_UP_GRACE: Duration = Duration::from_millis(500);

/// How a run ended.
#[derive(Debug)]
pub(super) enum Outcome {
    /// The dump is whole (it ends with the run's end marker).
    Dumped(Vec<u8>),
    /// The shell exited before its dump was whole (a startup file that `exec`s another program
    /// or exits); its wait status.
    Exited(Option<i32>),
    TimedOut,
    /// Stopped by its `stop` token.
    Cancelled,
    /// The dump went past [`DUMP_LIMIT_BYTES`].
    TooLarge,
}

/// Where a run's dump goes: the FIFO, made where a session's FIFOs are (`fd::fifo_path_in`:
/// `dir/what` on Unix, a named pipe's name on Windows, whose namespace holds no plain file), and
/// the file the bash dump lists names in (`script`), a plain file in `dir`.
pub(super) struct Channel {
    pub(super) fifo: PathBuf,
    pub(super) names: PathBuf,
}

impl Channel {
    /// The channel named `what` of a run whose files go in `dir` (the snapshots' private one).
    pub(super) fn in_dir(dir: &Path, what: &str) -> Result<Channel> {
        let fifo =
            fd::fifo_path_in(dir, what).map_err(|e| Error::io("naming the capture's FIFO", e))?;
        Ok(Channel {
            fifo,
            names: dir.join(format!("{what}.names")),
        })
    }
}

/// What to run.
pub(super) struct Program<'a> {
    pub(super) path: &'a str,
    pub(super) args: &'a [String],
    pub(super) env: &'a [(String, String)],
    pub(super) cwd: &'a Path,
}

/// Runs `program`, which writes its dump to `channel`'s FIFO (made here) ending with `end`, for
/// at most `timeout` or until `stop` is cancelled. Call within the runtime.
pub(super) async fn run(
    program: &Program<'_>,
    channel: &Channel,
    end: &[u8],
    timeout: Duration,
    stop: &CancelToken,
) -> Result<Outcome> {
    let (read, _write) = fd::make_fifo(&channel.fifo)?;
    let (report_read, report_write) =
        spawn::pipe().map_err(|e| Error::io("the capture's exit report pipe", e))?;
    let spawned = spawn::spawn(&SpawnSpec {
        program: program.path,
        args: program.args,
        env: program.env,
        cwd: Some(program.cwd),
        fds: &[],
        report: Report {
            to: ReportTo::Own(report_write.as_raw_fd()),
            prefix: b"",
            dir: false,
        },
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
        sandbox: None,
    });
    drop(report_write);
    let spawned = spawned?;
    let outcome = collect(read, report_read, end, timeout, stop).await;
    // Everything the run started goes, while the shell still lives (the posix backend finds a
    // run's members through it: its session, its groups, and below it): a startup file's
    // background job, a `setsid` escapee, a daemon it started; as a closing terminal ends them,
    // so that a script stopped by the deadline runs its EXIT trap (see `HANG_UP_GRACE`).
    let ended = tokio::task::spawn_blocking(move || {
        tree::hang_up_below(spawned.supervisor.id() as i32, HANG_UP_GRACE);
        spawned.end();
    })
    .await;
    // On Windows the FIFO is a named pipe, gone with its last handle: nothing to remove.
    let _ = std::fs::remove_file(&channel.fifo);
    let _ = std::fs::remove_file(&channel.names);
    ended.map_err(|e| {
        Error::io(
            "ending the capture shell",
            std::io::Error::other(e.to_string()),
        )
    })?;
    outcome
}

async fn collect(
    read: OwnedFd,
    report: OwnedFd,
    end: &[u8],
    timeout: Duration,
    stop: &CancelToken,
) -> Result<Outcome> {
    let io = |e| Error::io("reading the capture", e);
    spawn::set_nonblocking(&report, true).map_err(io)?;
    let read = fd::register_readable(read).map_err(io)?;
    let report = fd::register_readable(report).map_err(io)?;
    let deadline = tokio::time::sleep(timeout);
    tokio::pin!(deadline);
    let mut dump = Vec::new();
    let mut buf = vec![0u8; 64 << 10];
    // Reads what the FIFO holds now; `Some` once the dump is whole or too large.
    let mut drain = |dump: &mut Vec<u8>| -> std::io::Result<Option<Outcome>> {
        loop {
            match fd::read_fd(read.get_ref(), &mut buf) {
                Ok(0) => return Ok(None),
                Ok(n) => {
                    dump.extend_from_slice(&buf[..n]);
                    if dump.len() > DUMP_LIMIT_BYTES {
                        return Ok(Some(Outcome::TooLarge));
                    }
                    if dump.ends_with(end) {
                        return Ok(Some(Outcome::Dumped(std::mem::take(dump))));
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Ok(None),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    };
    loop {
        tokio::select! {
            guard = read.readable() => {
                let mut guard = guard.map_err(io)?;
                if let Some(done) = drain(&mut dump).map_err(io)? {
                    return Ok(done);
                }
                guard.clear_ready();
            }
            guard = report.readable() => {
                let _ = guard.map_err(io)?;
                // What it wrote before it exited is in the FIFO already.
                if let Some(done) = drain(&mut dump).map_err(io)? {
                    return Ok(done);
                }
                let mut status = [0u8; 32];
                let n = fd::read_fd(report.get_ref(), &mut status).unwrap_or(0);
                let status = std::str::from_utf8(&status[..n])
                    .ok()
                    .and_then(|s| s.trim_end_matches('\0').parse().ok());
                return Ok(Outcome::Exited(status));
            }
            () = &mut deadline => return Ok(Outcome::TimedOut),
            () = stop.cancelled() => return Ok(Outcome::Cancelled),
        }
    }
}
