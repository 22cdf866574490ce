//! The running shell of a session and the session's ends of its descriptors: handing it a
//! run's script, following the run to its status report (or the shell's exit, or a stop) while
//! its output is read from the run's FIFO, and stopping a run: the shell is frozen at once, and
//! kept only when its report had begun (see [`Live::stop_run`]).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use crate::error::{Error, Result};
use crate::output::Outbox;
use crate::process::fd::{self, AsyncFd, OwnedFd};
use crate::process::spawn::{self, Spawned};
use crate::process::tree::{self, Proc};
use crate::run::{self, CancelToken, Stop, EXIT_REPORT_MS, READ_CHUNK_BYTES};
use crate::shell::framing::{self, Framing, Record, ShellState};
use crate::shell::status::{Read, StatusPipe, Watch};

/// How much of the script the shell is past before its storage is freed: one call frees many
/// runs' chunks.
const PUNCH_STEP_BYTES: u64 = 64 * 1024;
/// How long a shell caught by a stop in the middle of its status report has to finish it (the
/// report is the framing's own few commands).
const REPORT_SETTLE_MS: u64 = 500;
/// How often a shell that is gone is checked for its exit report, whatever wakes us.
const SETTLE_POLL_MS: u64 = 10;
/// How long a SIGSTOP may take to stop the shell (it is delivered at once unless the shell sits
/// in an uninterruptible wait); past this, the shell is killed rather than trusted.
const STOP_TAKES_MS: u64 = 100;
/// The most read from the output FIFO in one go before the stop signals are looked at again, and
/// the most read once a run has ended: what the FIFO holds at most (its buffer is set to 1 MiB),
/// so that a writer that keeps it full (a background `yes`) cannot hold the run.
pub(super) const DRAIN_MAX_BYTES: usize = 1 << 20;

/// The running shell and the session's ends of its descriptors.
pub(super) struct Live {
    pub(super) spawned: Spawned,
    pub(super) exited: AsyncFd<OwnedFd>,
    pub(super) ctl: File,
    pub(super) status: Arc<StatusPipe>,
    pub(super) _status_watch: Option<Watch>,
    pub(super) framing: Framing,
    pub(super) records: framing::RecordParser,
    pub(super) script: File,
    pub(super) script_path: PathBuf,
    pub(super) script_len: u64,
    /// The shell's script and FIFOs (and, for a sandboxed shell, its commands' temp directory,
    /// unless `tmpdir` is that).
    pub(super) dir: PathBuf,
    /// A sandboxed shell's temp directory apart from `dir` (see `start::start_apart`), removed
    /// with it.
    pub(super) tmpdir: Option<PathBuf>,
    pub(super) state: ShellState,
    pub(super) fifo: Option<Fifo>,
    pub(super) fifo_seq: u64,
    /// The shell's children when the last run ended: background jobs (and orphans they left).
    /// A run that leaves a child that is not among them stops using its FIFO.
    pub(super) children: Vec<i32>,
    /// Set when the shell's stdout or stderr may no longer be the FIFO (a run's `exec >file`,
    /// `exec 1>&-`): the next run points them back.
    pub(super) redirect: bool,
    /// Whether a run may have moved the shell's stdout or stderr: set for good once a run's text
    /// could run `exec` (see [`may_move_descriptors`]), and from the start when a snapshot is
    /// sourced. Until then the check after each run (two /proc reads, 3 µs) is skipped.
    pub(super) watch_descriptors: bool,
    /// Whether `LINENO` may have been unset: set for good once a run's text names it, and from the
    /// start when the snapshot does (see `framing::LINE_RESET`).
    pub(super) lineno_named: bool,
    /// A duplicate of the shell's own descriptor on its script: it shares the shell's read offset,
    /// which tells, even after the shell died, whether it read the chunk it was woken for.
    pub(super) script_reader: Option<OwnedFd>,
    /// Whether the duplicate was tried for (once per shell, after its first run).
    pub(super) script_reader_tried: bool,
    /// Where the current chunk starts in the script.
    pub(super) chunk_start: u64,
    /// The session's state as the last capture read it (`session/aside.rs`): given again to
    /// captures until the shell is given anything to run ([`Live::append_and_wake`] drops it,
    /// and a run that cannot change the state gives it back: `session::begin`); a new shell
    /// (restart, park, exit) starts with none.
    pub(super) captured: Option<KeptState>,
    /// Where the script's storage was freed up to (see [`Live::append_and_wake`]).
    pub(super) punched: u64,
    /// The shell's children list, read after every run.
    pub(super) children_file: tree::ChildrenFile,
    /// Reused for every read of the output FIFO.
    pub(super) read_buf: Vec<u8>,
}

/// A capture of the session's state, kept by the shell it was read from.
pub(super) struct KeptState {
    pub(super) text: std::sync::Arc<[u8]>,
    /// The aliases and functions it defines (`state::defined_names`).
    pub(super) names: std::collections::HashSet<Box<str>>,
    /// The directory a run may be moved to without changing the state (`state::cd_keeps`): the
    /// tool layer gives every run the session's directory.
    pub(super) cd_keeps: Option<String>,
}

pub(super) struct Fifo {
    pub(super) path: PathBuf,

    pub(super) read: AsyncFd<OwnedFd>,
    /// Held while the FIFO is current, so reads never see EOF between runs.
    pub(super) _write: OwnedFd,
    /// The shell's stderr, on a FIFO of its own while runs keep it apart (`Stderr::Separate`);
    /// `None`: stderr goes to this FIFO with stdout. Made, kept and retired with this one (its
    /// own `stderr` is always `None`).
    pub(super) stderr: Option<Box<Fifo>>,
}

/// Where a run's output goes: stdout (and stderr with it, unless the run keeps stderr apart),
/// and stderr apart. `None`: nobody wants it; it is read and dropped all the same.
#[derive(Clone, Default)]
pub struct Senders {
    pub out: Option<mpsc::Sender<Vec<u8>>>,
    pub err: Option<mpsc::Sender<Vec<u8>>>,
}

impl Senders {
    /// Everything (stdout and stderr, merged or not) to `out`.
    pub fn merged(out: Option<mpsc::Sender<Vec<u8>>>) -> Self {
        Senders { out, err: None }
    }
}

/// How one chunk of script ended.
pub(super) enum Ended {
    Status {
        state: ShellState,
        pwd: String,
    },
    /// The shell's wait status, `None` when its supervisor did not report it (it was killed),
    /// and the directory it was in when it exited, when its supervisor could tell.
    ShellExited {
        status: Option<ExitStatus>,
        pwd: Option<String>,
    },
    Stopped(Stop),
}

impl Ended {
    /// The shell's exit as its supervisor reported it: the raw wait status and the directory.
    fn exited(raw: i32, pwd: Option<String>) -> Ended {
        Ended::ShellExited {
            status: Some(fd::exit_status(raw)),
            pwd,
        }
    }
}

/// What stops a run early: its own cancel token and the session's abort token, and its deadline.
/// A wait that only a deadline ends leaves the tokens out.
pub(super) struct StopSignals<'a> {
    pub(super) tokens: [Option<&'a CancelToken>; 2],
    pub(super) deadline: Option<run::Deadline>,
}

impl StopSignals<'_> {
    async fn wait(&self) -> Stop {
        run::wait_for_stop(self.tokens, self.deadline.as_ref()).await
    }
}

enum Event {
    Output,
    /// The delivery has room for the output coalesced while it had none.
    Room,
    /// The same, for stderr apart.
    ErrRoom,
    Status,
    Exited,
    Stop(Stop),
}

impl Live {
    /// A FIFO for this run's output, stderr merged: see [`Live::prepare_fifos`].
    pub(super) fn prepare_fifo(&mut self) -> Result<Option<String>> {
        Ok(self.prepare_fifos(false)?.map(|(out, _)| out))
    }

    /// The FIFOs for this run: the current ones when nothing but the shell can still write to
    /// them, else new ones; with `separate`, one more for stderr. Returns the paths the preamble
    /// must point stdout and stderr at (stderr's `None`: at stdout's), if it must.
    pub(super) fn prepare_fifos(
        &mut self,
        separate: bool,
    ) -> Result<Option<(String, Option<String>)>> {
        let text = |p: &Path| p.to_string_lossy().into_owned();
        if !crate::process::os::FIFOS_REOPEN
            && self.fifo.is_some()
            && (self.redirect || !self.fifos_ready(separate))
        {
            // The shell cannot open its FIFO again while it holds it (a Windows named pipe
            // takes one client): new ones, which the preamble points it at.
            if let Some(mut fifo) = self.fifo.take() {
                if let Some(err) = fifo.stderr.take() {
                    retire(*err);
                }
                retire(fifo);
            }
        }
        if self.fifo.is_none() {
            self.redirect = false;
            let path = self.next_fifo_path("out")?;
            self.fifo = Some(make_fifo(&path)?);
        } else if !self.fifos_ready(separate) {
            // The run keeps stderr apart where the last one did not, or the other way round.
            self.redirect = true;
        } else if !std::mem::take(&mut self.redirect) {
            return Ok(None);
        }
        self.redirect = false;
        let err = match (separate, self.fifo.as_mut().and_then(|f| f.stderr.take())) {
            (true, Some(err)) => Some(err),
            (true, None) => {
                let path = self.next_fifo_path("err")?;
                // Failed, the run does not start: the next one must still point the shell at
                // its FIFOs.
                let made = make_fifo(&path).inspect_err(|_| self.redirect = true)?;
                Some(Box::new(made))
            }
            (false, Some(err)) => {
                // Only the shell writes to it (a new child would have retired it, see
                // `end_run`), and the preamble moves the shell's stderr away first thing.
                retire(*err);
                None
            }
            (false, None) => None,
        };
        let Some(fifo) = self.fifo.as_mut() else {
            return Ok(None);
        };
        fifo.stderr = err;
        Ok(Some((
            text(&fifo.path),
            fifo.stderr.as_ref().map(|e| text(&e.path)),
        )))
    }

    /// Whether the current FIFOs serve a run as they are (stderr apart or not, as `separate`
    /// says), so that [`Live::prepare_fifos`] makes and drops none.
    pub(super) fn fifos_ready(&self, separate: bool) -> bool {
        self.fifo
            .as_ref()
            .is_some_and(|f| f.stderr.is_some() == separate)
    }

    fn next_fifo_path(&mut self, what: &str) -> Result<PathBuf> {
        self.fifo_seq += 1;
        fd::fifo_path_in(&self.dir, &format!("{what}-{}", self.fifo_seq))
            .map_err(|e| Error::io("naming the output FIFO", e))
    }

    /// After a run: notes the shell's children; if one is new (a background job of this run, or
    /// an orphan adopted since) it may hold the FIFO, so the FIFO is left to be drained in the
    /// background until its last writer is gone, and the next run gets a new one. Jobs of earlier
    /// runs hold earlier FIFOs only, so they cost later runs nothing. Also notes whether the shell
    /// still writes to the FIFO.
    pub(super) fn end_run(&mut self) {
        if !self.script_reader_tried {
            self.script_reader_tried = true;
            self.script_reader = dup_script_descriptor(&self.spawned, &self.script_path);
        }
        let children = self.children_file.read();
        let new_child = children.iter().any(|c| !self.children.contains(c));
        self.children = children;
        if new_child {
            if let Some(mut fifo) = self.fifo.take() {
                if let Some(err) = fifo.stderr.take() {
                    retire(*err);
                }
                retire(fifo);
            }
        } else if let Some(fifo) = self.fifo.as_ref().filter(|_| self.watch_descriptors) {
            let err = fifo.stderr.as_ref().map_or(&fifo.path, |e| &e.path);
            self.redirect = !shell_writes_to(self.spawned.proc.pid, &fifo.path, err);
        }
    }

    /// Whether the shell read any of the chunk it was last woken for. From its read offset in the
    /// script when that is known: a shell that took the wake-up but was killed before its next
    /// read (a SIGKILL pending as the wake-up arrived) read nothing. Otherwise from the control
    /// pipe: only the shell's wait takes the newline that starts a chunk, and a failed wait ends
    /// the shell (see `framing::WAIT`), so a shell gone with it queued never read the chunk.
    pub(super) fn began_chunk(&self) -> bool {
        if let Some(reader) = &self.script_reader {
            if let Ok(at) = fd::offset(reader) {
                return at > self.chunk_start;
            }
        }
        !matches!(fd::queued_bytes(&self.ctl), Ok(queued) if queued > 0)
    }

    pub(super) fn append_and_wake(&mut self, text: &str) -> Result<()> {
        // Whatever the shell runs may change its state.
        self.captured = None;
        fd::write_all_at(&self.script, text.as_bytes(), self.script_len)
            .map_err(|e| Error::io("writing the shell's script", e))?;
        // The shell waits at the end of the last chunk, so it is past every chunk before that
        // one and never reads them again (it only seeks back within the chunk it runs): their
        // storage is freed, a long session's script taking no more than its last chunks, in
        // memory or on disk.
        if self.chunk_start >= self.punched + PUNCH_STEP_BYTES {
            fd::punch(&self.script, self.punched, self.chunk_start);
            self.punched = self.chunk_start;
        }
        self.chunk_start = self.script_len;
        self.script_len += text.len() as u64;
        self.ctl
            .write_all(b"\n")
            .map_err(|e| Error::io("waking the shell", e))
    }

    /// Pumps output until the chunk's status arrives, the shell exits, or a stop signal fires.
    /// The stop signals are looked at before anything else, and again after every
    /// [`DRAIN_MAX_BYTES`] of output, so that a flood cannot hide a stop.
    pub(super) async fn drive(
        &mut self,
        senders: &Senders,
        stop: &StopSignals<'_>,
        saved: &mut Vec<Option<String>>,
    ) -> Result<Ended> {
        let mut outboxes = Outboxes {
            out: Outbox::new(senders.out.as_ref()),
            err: Outbox::new(senders.err.as_ref()),
        };
        let ended = self.drive_with(&mut outboxes, stop, saved).await;
        outboxes.out.flush().await;
        outboxes.err.flush().await;
        ended
    }

    async fn drive_with(
        &mut self,
        out: &mut Outboxes<'_>,
        stop: &StopSignals<'_>,
        saved: &mut Vec<Option<String>>,
    ) -> Result<Ended> {
        loop {
            // Only the shell (and what it started) holds the status pipe: its end means it is gone.
            let ended = self.take_status(Read::Watched)?;
            while let Some(record) = self.records.next_record() {
                match record {
                    Record::Saved(line) => saved.push(line),
                    Record::Status { state, pwd } => {
                        self.drain_output(out, DRAIN_MAX_BYTES).await;
                        return Ok(Ended::Status { state, pwd });
                    }
                    Record::Exited { status, pwd } => {
                        self.drain_output(out, DRAIN_MAX_BYTES).await;
                        return Ok(Ended::exited(status, pwd));
                    }
                }
            }
            if ended {
                return self.shell_exited(out).await;
            }
            let Some(fifo) = self.fifo.as_ref() else {
                return Err(Error::io(
                    "reading the command's output",
                    std::io::Error::other("no output FIFO"),
                ));
            };
            let err_readable = async {
                match &fifo.stderr {
                    Some(err) => {
                        if let Ok(mut g) = err.read.readable().await {
                            g.clear_ready();
                        }
                    }
                    None => std::future::pending().await,
                }
            };
            let event = tokio::select! {
                biased;
                why = stop.wait() => Event::Stop(why),
                _ = self.status.filled() => Event::Status,
                _ = out.out.room() => Event::Room,
                _ = out.err.room() => Event::ErrRoom,
                r = fifo.read.readable() => { if let Ok(mut g) = r { g.clear_ready(); } Event::Output }
                () = err_readable => Event::Output,
                r = self.exited.readable() => { let _ = r; Event::Exited }
            };
            match event {
                Event::Output => {
                    self.drain_output(out, DRAIN_MAX_BYTES).await;
                }
                Event::Room => out.out.flush().await,
                Event::ErrRoom => out.err.flush().await,
                Event::Status => {}
                Event::Exited => return self.shell_exited(out).await,
                Event::Stop(why) => return Ok(Ended::Stopped(why)),
            }
        }
    }

    /// Once the shell is gone: takes the output it left and its wait status, which its
    /// supervisor reports on the status pipe right after reaping it.
    async fn shell_exited(&mut self, out: &mut Outboxes<'_>) -> Result<Ended> {
        let _ = self.exited.readable().await;
        self.drain_output(out, DRAIN_MAX_BYTES).await;
        let deadline = Instant::now() + Duration::from_millis(EXIT_REPORT_MS);
        loop {
            let ended = self.take_status(Read::Now)?;
            while let Some(record) = self.records.next_record() {
                if let Record::Exited { status, pwd } = record {
                    return Ok(Ended::exited(status, pwd));
                }
            }
            let now = Instant::now();
            if ended || now >= deadline {
                return Ok(Ended::ShellExited {
                    status: None,
                    pwd: None,
                });
            }
            // Looks again soon even unwoken: the watcher may be a host's event loop that is busy.
            let wait = (deadline - now).min(Duration::from_millis(SETTLE_POLL_MS));
            let _ = tokio::time::timeout(wait, self.status.filled()).await;
        }
    }

    /// Moves what was read from the status pipe into the record parser; returns whether it
    /// ended.
    fn take_status(&mut self, read: Read) -> Result<bool> {
        let records = &mut self.records;
        self.status
            .take(read, |bytes| records.push(bytes))
            .map_err(|e| Error::io("reading the shell's status", e))
    }

    /// Reads what the FIFOs hold now, at most `limit` bytes from each, and hands it on: stdout
    /// (or both, merged) to `out.out`, stderr apart to `out.err`.
    async fn drain_output(&mut self, out: &mut Outboxes<'_>, limit: usize) {
        let Some(fifo) = self.fifo.as_ref() else {
            return;
        };
        drain_fifo(fifo, &mut self.read_buf, &mut out.out, limit).await;
        if let Some(err) = &fifo.stderr {
            drain_fifo(err, &mut self.read_buf, &mut out.err, limit).await;
        }
    }

    /// After a timeout or abort. The shell is frozen first, so that it starts nothing more. If
    /// it had already begun its status report, the run's script had ended before the stop: the
    /// shell is let go to finish the report, which stands, and the session is kept. Otherwise
    /// the shell is somewhere in the run's script, and only its death keeps it from running the
    /// rest (whatever the script did with signals): everything below its supervisor is frozen,
    /// the output written until then is taken, and the whole tree is ended (shells killed at
    /// once, the rest sent TERM, a grace, then KILL: `run::end_below`). Returns the report
    /// when the shell was kept, `None` when it is gone and must be replaced.
    pub(super) async fn stop_run(&mut self, out: &Senders) -> Option<(ShellState, String)> {
        let shell = self.spawned.proc;
        shell.signal(crate::process::os::signal::SIGSTOP);
        if !stopped_in_time(shell).await {
            shell.signal(crate::process::os::signal::SIGKILL);
        }
        if self.take_status(Read::Now).is_ok() && self.records.holds_status() {
            shell.signal(crate::process::os::signal::SIGCONT);
            let settle = StopSignals {
                tokens: [None, None],
                deadline: Some(run::Deadline::new(
                    Instant::now() + Duration::from_millis(REPORT_SETTLE_MS),
                )),
            };
            let mut ignored = Vec::new();
            if let Ok(Ended::Status { state, pwd }) = self.drive(out, &settle, &mut ignored).await {
                // A report that leaves an EXIT trap to run would have the stopped run go on.
                if framing::exit_trap_command(&state.traps).is_none() {
                    return Some((state, pwd));
                }
            }
            shell.signal(crate::process::os::signal::SIGSTOP);
        }
        let supervisor = self.spawned.supervisor.id() as i32;
        let fifo = self
            .fifo
            .as_ref()
            .and_then(|f| f.read.get_ref().try_clone().ok());
        let err_fifo = self
            .fifo
            .as_ref()
            .and_then(|f| f.stderr.as_ref())
            .and_then(|f| f.read.get_ref().try_clone().ok());
        let taken = run::end_below(supervisor, move || {
            let take = |fifo: Option<OwnedFd>| {
                let mut taken = Vec::new();
                if let Some(fifo) = fifo {
                    read_available(&fifo, &mut taken, DRAIN_MAX_BYTES);
                }
                taken
            };
            (take(fifo), take(err_fifo))
        })
        .await;
        if let Some((taken, err_taken)) = taken {
            for (tx, taken) in [(&out.out, taken), (&out.err, err_taken)] {
                if let Some(tx) = tx {
                    for chunk in taken.chunks(READ_CHUNK_BYTES) {
                        let _ = tx.send(chunk.to_vec()).await;
                    }
                }
            }
        }
        None
    }
}

/// Waits until `shell` is stopped (or gone); false if it did not stop in time. On the blocking
/// pool: a look every millisecond of the runtime's timer would add one to every stop.
async fn stopped_in_time(shell: Proc) -> bool {
    let deadline = Instant::now() + Duration::from_millis(STOP_TAKES_MS);
    tokio::task::spawn_blocking(move || tree::poll_until(deadline, || shell.is_stopped_or_gone()))
        .await
        .unwrap_or(false)
}

/// Reads what `fd` (non-blocking) holds now, at most `limit` bytes, into `into`.
fn read_available(fd: &OwnedFd, into: &mut Vec<u8>, limit: usize) {
    let mut buf = vec![0u8; READ_CHUNK_BYTES];
    while into.len() < limit {
        match spawn::read_fd(fd, &mut buf) {
            Ok(0) => return,
            Ok(n) => into.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// Whether running `command` could move the shell's own descriptors: only the `exec` builtin
/// makes a redirection outlast its command, and a text reaches it by naming it, or through code
/// the text does not show (`eval`, `source`, `.`; a function defined by such a text was named
/// in it when defined). A word of these anywhere is enough: a needless check costs 3 µs.
pub(super) fn may_move_descriptors(command: &str) -> bool {
    let bytes = command.as_bytes();
    ["exec", "eval", "source"]
        .iter()
        .any(|w| command.contains(w))
        || bytes.windows(2).enumerate().any(|(i, w)| {
            w[0] == b'.'
                && matches!(w[1], b' ' | b'\t')
                && (i == 0
                    || matches!(
                        bytes[i - 1],
                        b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'('
                    ))
        })
}

/// Whether `pid` (a shell waiting between runs) still has its stdout on `out` and its stderr on
/// `err` (the same FIFO unless stderr is kept apart). The
/// shell waits inside the postamble's group, whose redirections saved its own stdout at the
/// first free descriptor from 10 and its stderr just above the status descriptor (where bash
/// saves descriptors a redirection replaces); anything else there (a run closed or moved them,
/// or holds descriptor 10 itself) is answered with a redirection on the next run, which is
/// harmless when it was not needed.
fn shell_writes_to(pid: i32, out: &Path, err: &Path) -> bool {
    let saved_stderr = framing::STATUS_FD + 1;
    tree::fd_is(pid, 10, out) && tree::fd_is(pid, saved_stderr, err)
}

/// A duplicate of the shell's descriptor on its script (bash keeps it high, at 255 or just
/// below), which shares the shell's read offset; `None` where the kernel cannot give one
/// (Linux 5.6's pidfd_getfd; macOS has none) or the descriptor is not found.
fn dup_script_descriptor(spawned: &Spawned, script: &Path) -> Option<OwnedFd> {
    let pid = spawned.proc.pid;
    let fd = (200..=255).rev().find(|&fd| tree::fd_is(pid, fd, script))?;
    spawned.exit.copy_fd(fd).ok()
}

/// The stdout and stderr ends of a delivery (see [`Senders`]).
struct Outboxes<'a> {
    out: Outbox<'a>,
    err: Outbox<'a>,
}

/// Reads what `fifo` holds now, at most `limit` bytes, into `out` through `buf`.
async fn drain_fifo(fifo: &Fifo, buf: &mut [u8], out: &mut Outbox<'_>, limit: usize) {
    let mut taken = 0;
    while taken < limit {
        match spawn::read_fd(fifo.read.get_ref(), buf) {
            Ok(0) => return,
            Ok(n) => {
                taken += n;
                out.push(&buf[..n]).await;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        }
    }
}

/// Takes `fifo` out of use: its name goes now, and what still writes to it is read and dropped
/// in the background until the last writer is gone.
fn retire(fifo: Fifo) {
    let _ = std::fs::remove_file(&fifo.path);
    let read = fifo.read;
    tokio::spawn(async move { drain_to_eof(read).await });
}

/// Reads and discards until every writer is gone.
async fn drain_to_eof(read: AsyncFd<OwnedFd>) {
    let mut buf = vec![0u8; READ_CHUNK_BYTES];
    loop {
        let Ok(mut guard) = read.readable().await else {
            return;
        };
        match spawn::read_fd(read.get_ref(), &mut buf) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => guard.clear_ready(),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

fn make_fifo(path: &Path) -> Result<Fifo> {
    let (read, write) = fd::make_fifo(path)?;
    let read =
        fd::register_readable(read).map_err(|e| Error::io("registering the output FIFO", e))?;
    Ok(Fifo {
        path: path.to_path_buf(),
        read,
        _write: write,
        stderr: None,
    })
}
