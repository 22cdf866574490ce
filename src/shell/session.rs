//! A `Session` owns one long-lived shell process and runs commands on it one at a time.
//!
//! Each run gets its own output FIFO (so a background job of an earlier run can never write into
//! a later run's output), its script appended to the shell's script file, and a wake-up on the
//! control pipe. The run ends when the shell reports its status; the FIFO is then drained of what
//! is already in it and no longer: a grandchild that keeps the FIFO open cannot hold the run.

use std::fs::File;
use std::future::Future;
use std::io::Write;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::fs::FileExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use tokio::io::unix::AsyncFd;
use tokio::sync::{mpsc, Mutex, Notify, OwnedMutexGuard};

use crate::error::{Error, Result};
use crate::process::env::{host_env_with, is_valid_env_key, NON_INTERACTIVE_ENV};
use crate::process::spawn::{self, Spawned};
use crate::process::tree::{self, Proc};
use crate::shell::framing::{self, Framing, Record, RunScript, ShellState};
use crate::shell::status::{self, Read, StatusPipe, StatusWatcher, Watch};
use crate::shell::syntax;

/// Bytes read from the output FIFO at a time.
const READ_CHUNK_BYTES: usize = 64 * 1024;
/// After an abort kills the command, how long the shell has to come back to the framing before it
/// is replaced. A builtin loop (`while :; do :; done`) never comes back.
const ABORT_SETTLE_MS: u64 = 500;
/// How often the settle phase kills processes the shell keeps starting.
const SETTLE_POLL_MS: u64 = 10;
/// How long to wait for the supervisor's report of the shell's exit status once the shell is
/// gone; it comes right after the reaping, so only a killed supervisor makes this run out.
const EXIT_REPORT_MS: u64 = 2000;

/// How a session's shell is started.
#[derive(Debug, Clone)]
pub struct ShellConfig {
    /// Program name or path; `bash` by default.
    pub shell: String,
    /// Exported once, when the shell starts.
    pub session_env: Vec<(String, String)>,
    /// Sourced once, when the shell starts.
    pub snapshot: Option<String>,
    /// Apply [`NON_INTERACTIVE_ENV`] under the caller's keys.
    pub non_interactive_env: bool,
    /// Directory the shell starts in; `None` for the host's.
    pub cwd: Option<PathBuf>,
}

impl Default for ShellConfig {
    fn default() -> Self {
        ShellConfig {
            shell: "bash".into(),
            session_env: Vec::new(),
            snapshot: None,
            non_interactive_env: true,
            cwd: None,
        }
    }
}

/// One command to run.
#[derive(Debug, Clone, Default)]
pub struct RunRequest {
    pub command: String,
    pub cwd: Option<PathBuf>,
    pub env: Vec<(String, String)>,
    pub timeout: Option<Duration>,
}

/// What became of a run. A command's failure is an outcome, never an error.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunOutcome {
    pub exit_code: Option<i32>,
    pub cancelled: bool,
    pub timed_out: bool,
    pub working_dir: Option<String>,
    pub duration: Duration,
    pub signal: Option<String>,
    pub session_restarted: bool,
}

/// Cancels one run (an AbortSignal's counterpart).
#[derive(Debug, Clone, Default)]
pub struct CancelToken(Arc<(AtomicBool, Notify)>);

impl CancelToken {
    pub fn cancel(&self) {
        self.0 .0.store(true, Ordering::SeqCst);
        self.0 .1.notify_waiters();
    }
    pub fn is_cancelled(&self) -> bool {
        self.0 .0.load(Ordering::SeqCst)
    }
    /// Resolves once `cancel()` was called (at once if it already was).
    pub async fn cancelled(&self) {
        loop {
            let notified = self.0 .1.notified();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }
}

/// Checks what a run asks for before anything starts.
pub fn validate_run(req: &RunRequest) -> Result<()> {
    if req.command.trim().is_empty() {
        return Err(Error::invalid("command", "must not be empty", &req.command));
    }
    if req.command.contains('\0') {
        return Err(Error::invalid(
            "command",
            "must not contain a NUL byte",
            &req.command,
        ));
    }
    validate_env("env", &req.env)?;
    if let Some(cwd) = &req.cwd {
        validate_cwd(cwd)?;
    }
    Ok(())
}

pub fn validate_env(field: &str, env: &[(String, String)]) -> Result<()> {
    for (key, value) in env {
        if !is_valid_env_key(key) {
            return Err(Error::invalid(
                format!("{field} key"),
                "must match ^[A-Za-z_][A-Za-z0-9_]*$",
                key,
            ));
        }
        if value.contains('\0') {
            return Err(Error::invalid(
                format!("{field}.{key}"),
                "must not contain a NUL byte",
                value,
            ));
        }
    }
    Ok(())
}

pub fn validate_cwd(cwd: &Path) -> Result<()> {
    match std::fs::metadata(cwd) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::CwdNotDir(cwd.to_path_buf())),
        Err(_) => Err(Error::CwdNotFound(cwd.to_path_buf())),
    }
}

/// A persistent shell session. Runs are serialized in call order.
pub struct Session {
    config: ShellConfig,
    /// In an `Arc` so that a started run can hold it across the thread hop (see `try_start`).
    inner: Arc<Mutex<Inner>>,
    /// Bumped by `abort()`: runs queued before the bump resolve as cancelled.
    abort_epoch: AtomicU64,
    abort_notify: Notify,
    closed: AtomicBool,
    /// Who watches each shell's status pipe; `None`: a task on the runtime.
    watcher: Option<Arc<dyn StatusWatcher>>,
}

#[derive(Default)]
struct Inner {
    live: Option<Live>,
    started_once: bool,
    /// Undoes the previous run's `env`; prepended to the next chunk.
    restore: String,
    working_dir: Option<String>,
}

/// The running shell and the session's ends of its descriptors.
struct Live {
    spawned: Spawned,
    exited: AsyncFd<OwnedFd>,
    ctl: File,
    status: Arc<StatusPipe>,
    _status_watch: Watch,
    framing: Framing,
    records: framing::RecordParser,
    script: File,
    script_path: PathBuf,
    script_len: u64,
    dir: PathBuf,
    state: ShellState,
    fifo: Option<Fifo>,
    fifo_seq: u64,
    /// The shell's children when the last run ended: background jobs (and orphans they left),
    /// which a later run's abort must spare.
    children: Vec<i32>,
    /// The shell's children list, read after every run.
    children_file: tree::ChildrenFile,
    /// Reused for every read of the output FIFO.
    read_buf: Vec<u8>,
}

struct Fifo {
    path: PathBuf,
    read: AsyncFd<OwnedFd>,
    /// Held while the FIFO is current, so reads never see EOF between runs.
    _write: OwnedFd,
}

/// Why a run stopped early.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Stop {
    Cancelled,
    TimedOut,
}

/// How one chunk of script ended.
enum Ended {
    Status {
        state: ShellState,
        pwd: String,
    },
    /// The shell's wait status, `None` when its supervisor did not report it (it was killed).
    ShellExited(Option<ExitStatus>),
    Stopped(Stop),
}

impl Session {
    pub fn new(config: ShellConfig) -> Result<Self> {
        validate_env("sessionEnv", &config.session_env)?;
        shell_command(&config.shell)?;
        Ok(Session {
            config,
            inner: Arc::new(Mutex::new(Inner::default())),
            abort_epoch: AtomicU64::new(0),
            abort_notify: Notify::new(),
            closed: AtomicBool::new(false),
            watcher: None,
        })
    }

    /// Has `watcher` watch the status pipe of every shell this session starts, instead of a task
    /// on the runtime.
    pub fn with_status_watcher(mut self, watcher: Arc<dyn StatusWatcher>) -> Self {
        self.watcher = Some(watcher);
        self
    }

    /// Takes a run's place in the session's line now, on the caller's thread: runs start in the
    /// order of these calls, whatever thread their tasks later run on.
    pub fn queue(&self) -> Place {
        let epoch = self.abort_epoch.load(Ordering::SeqCst);
        // Polled once here, the lock future joins the mutex's FIFO queue (or holds the lock); the
        // task that awaits it later only replaces the no-op waker.
        let mut lock: WaitingLock = Box::pin(self.inner.clone().lock_owned());
        let lock = match lock.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(guard) => Lock::Held(guard),
            Poll::Pending => Lock::Waiting(lock),
        };
        Place { epoch, lock }
    }

    /// Runs one command; output bytes go to `out` (bounded: a slow consumer slows the command).
    pub async fn run(
        &self,
        req: RunRequest,
        out: Option<mpsc::Sender<Vec<u8>>>,
        cancel: CancelToken,
    ) -> Result<RunOutcome> {
        self.run_in(self.queue(), req, out, &cancel).await
    }

    /// Runs one command from its place in line.
    pub async fn run_in(
        &self,
        place: Place,
        req: RunRequest,
        out: Option<mpsc::Sender<Vec<u8>>>,
        cancel: &CancelToken,
    ) -> Result<RunOutcome> {
        validate_run(&req)?;
        if self.closed.load(Ordering::SeqCst) {
            return Err(Error::SessionClosed);
        }
        let inner = match place.lock {
            Lock::Held(guard) => guard,
            Lock::Waiting(lock) => lock.await,
        };
        if self.closed.load(Ordering::SeqCst) {
            return Err(Error::SessionClosed);
        }
        if self.abort_epoch.load(Ordering::SeqCst) != place.epoch || cancel.is_cancelled() {
            return Ok(RunOutcome {
                cancelled: true,
                working_dir: inner.working_dir.clone(),
                ..Default::default()
            });
        }
        let started = self.start(inner, req, place.epoch, Liveness::Unchecked);
        self.finish(started, out, cancel).await
    }

    /// Starts `req` on the caller's thread when its place is at the front of the line and the
    /// shell is running: the shell gets its script before any task is scheduled, which takes a
    /// thread hop off every round trip. Gives the place back (nothing done) when a run is ahead,
    /// the shell must first be started (a spawn does not belong on the caller's thread) or
    /// given a new FIFO, the text is long enough that checking its syntax would hold the caller
    /// (see `syntax::cheap_to_check`), or the run would not start anyway; [`Session::run_in`] then
    /// takes the normal path. Finish with [`Session::finish`].
    pub fn try_start(
        &self,
        place: Place,
        req: &RunRequest,
        cancel: &CancelToken,
    ) -> std::result::Result<Started, Place> {
        let Lock::Held(inner) = place.lock else {
            return Err(place);
        };
        // A live shell whose output FIFO can be reused: nothing to spawn or register with the
        // runtime, which the caller's thread may not be in.
        let ready = inner
            .live
            .as_ref()
            .is_some_and(|l| l.fifo.is_some() && !l.spawned.has_exited());
        let startable = ready
            && syntax::cheap_to_check(&req.command)
            && validate_run(req).is_ok()
            && !self.closed.load(Ordering::SeqCst)
            && !cancel.is_cancelled()
            && self.abort_epoch.load(Ordering::SeqCst) == place.epoch;
        if !startable {
            return Err(Place {
                epoch: place.epoch,
                lock: Lock::Held(inner),
            });
        }
        Ok(self.start(inner, req.clone(), place.epoch, Liveness::Seen))
    }

    /// Hands the shell the run's script (starting a shell first if there is none).
    fn start(
        &self,
        mut inner: OwnedMutexGuard<Inner>,
        req: RunRequest,
        epoch: u64,
        shell: Liveness,
    ) -> Started {
        let start = Instant::now();
        let live = match shell {
            Liveness::Seen => Ok(false),
            Liveness::Unchecked => self.ensure_live(&mut inner),
        };
        let (restarted, begun) = match live {
            Ok(restarted) => (restarted, begin(&mut inner, &req)),
            Err(e) => (false, Err(e)),
        };
        Started {
            inner,
            req,
            epoch,
            start,
            restarted,
            begun,
        }
    }

    /// Follows a started run to its end.
    pub async fn finish(
        &self,
        started: Started,
        out: Option<mpsc::Sender<Vec<u8>>>,
        cancel: &CancelToken,
    ) -> Result<RunOutcome> {
        let Started {
            mut inner,
            req,
            epoch,
            start,
            mut restarted,
            mut begun,
        } = started;
        let mut retried = false;
        let outcome = loop {
            let attempt = match begun {
                Ok(run_start_ticks) => {
                    let out = out.clone();
                    self.run_on_live(&mut inner, &req, out, cancel, epoch, start, run_start_ticks)
                        .await
                }
                Err(e) => Err(e),
            };
            match attempt {
                // The shell ended between runs (it was killed, or its wait failed) and never read
                // this run's script: the run goes to a new shell, as a run after a restart does.
                // Once: a shell that dies before its first wait (a snapshot that exits) would fare
                // no better again. Rare enough that the spawn may happen on whichever thread polls
                // the run, the JS thread included.
                Ok(Attempt::NotBegun(_)) if !retried => {
                    retried = true;
                    restarted = true;
                    begun = self
                        .ensure_live(&mut inner)
                        .and_then(|_| begin(&mut inner, &req));
                }
                other => break other.map(Attempt::into_outcome),
            }
        };
        let mut outcome = match outcome {
            Ok(o) => o,
            Err(e) => {
                self.kill_live(&mut inner).await;
                return Err(e);
            }
        };
        outcome.session_restarted = restarted;
        outcome.duration = start.elapsed();
        Ok(outcome)
    }

    /// Aborts the running command and every queued run; resolves when the session is idle.
    pub async fn abort(&self) {
        self.abort_epoch.fetch_add(1, Ordering::SeqCst);
        self.abort_notify.notify_waiters();
        drop(self.inner.lock().await);
    }

    /// Ends the session: aborts work, kills the shell and everything it started. Idempotent.
    pub async fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        self.abort_epoch.fetch_add(1, Ordering::SeqCst);
        self.abort_notify.notify_waiters();
        let mut inner = self.inner.lock().await;
        self.kill_live(&mut inner).await;
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// Jobs started with `&` in this session that are still running.
    pub async fn live_background_job_count(&self) -> Result<usize> {
        let inner = self.inner.lock().await;
        let Some(live) = &inner.live else {
            return Ok(0);
        };
        // Between runs every child of the shell is part of a background job (a pipeline's
        // processes are children each) or an adopted orphan of one.
        let running: Vec<i32> = live
            .children_file
            .read()
            .into_iter()
            .filter(|&p| Proc::current(p).is_some())
            .collect();
        Ok(tree::pipelines(&running))
    }

    /// The shell's pid, when it runs.
    pub async fn pid(&self) -> Option<i32> {
        self.inner
            .lock()
            .await
            .live
            .as_ref()
            .map(|l| l.spawned.proc.pid)
    }

    /// Starts the shell if there is none; returns whether this replaced an earlier one.
    fn ensure_live(&self, inner: &mut Inner) -> Result<bool> {
        if let Some(live) = &inner.live {
            if !live.spawned.has_exited() {
                return Ok(false);
            }
        }
        if let Some(live) = inner.live.take() {
            live.destroy_now();
        }
        let restarted = inner.started_once;
        let cwd = inner
            .working_dir
            .clone()
            .map(PathBuf::from)
            .filter(|p| p.is_dir())
            .or_else(|| self.config.cwd.clone());
        inner.live = Some(start_shell(
            &self.config,
            cwd.as_deref(),
            self.watcher.as_deref(),
        )?);
        inner.started_once = true;
        inner.restore.clear();
        Ok(restarted)
    }

    async fn kill_live(&self, inner: &mut Inner) {
        let Some(live) = inner.live.take() else {
            return;
        };
        let below = live.below();
        if below.is_empty() {
            // Nothing to give a grace period (the end of every `executeShell`): the shell is
            // killed now, and its supervisor, which then exits by itself, is reaped and the files
            // removed in the background. Waiting for that took half a millisecond.
            let mut live = live;
            live.spawned.kill();
            tokio::task::spawn_blocking(move || live.destroy(Vec::new(), Duration::ZERO));
            return;
        }
        let grace = Duration::from_millis(tree::KILL_GRACE_MS);
        let _ = tokio::task::spawn_blocking(move || live.destroy(below, grace)).await;
    }

    #[allow(clippy::too_many_arguments)]
    async fn run_on_live(
        &self,
        inner: &mut Inner,
        req: &RunRequest,
        out: Option<mpsc::Sender<Vec<u8>>>,
        cancel: &CancelToken,
        epoch: u64,
        start: Instant,
        run_start_ticks: u64,
    ) -> Result<Attempt> {
        let live = inner.live.as_mut().expect("started on a live shell");
        let deadline = req.timeout.map(|t| start + t);
        let stop = StopSignals {
            cancel: Some(cancel),
            abort: Some((self, epoch)),
            deadline,
        };

        let mut saved = Vec::new();
        let ended = live.drive(&out, &stop, &mut saved).await?;
        let mut outcome = RunOutcome::default();
        match ended {
            Ended::Status { state, pwd } => {
                outcome.exit_code = Some(state.last_status);
                outcome.signal = signal_of_status(state.last_status);
                outcome.working_dir = Some(pwd.clone());
                inner.working_dir = Some(pwd);
                let trap = framing::exit_trap_command(&state.traps);
                live.state = state;
                if let Some(trap) = trap {
                    let reading = syntax::reading_for(&trap);
                    let script = live.framing.exit_trap_script(&live.state, &trap, reading);
                    live.append_and_wake(&script)?;
                    let mut ignored = Vec::new();
                    match live.drive(&out, &stop, &mut ignored).await? {
                        Ended::Status { state, pwd } => {
                            live.state = state;
                            inner.working_dir = Some(pwd.clone());
                            outcome.working_dir = Some(pwd);
                        }
                        Ended::ShellExited(status) => {
                            outcome.exit_code = Some(exit_code_of(status));
                            self.kill_live(inner).await;
                        }
                        Ended::Stopped(_) => {}
                    }
                }
                if let Some(live) = inner.live.as_mut() {
                    live.end_run();
                }
                inner.restore = restore_for(&req.env, saved);
            }
            Ended::ShellExited(status) => {
                let began = !live.wake_unread();
                outcome.exit_code = Some(exit_code_of(status));
                outcome.signal = status
                    .and_then(|s| s.signal())
                    .and_then(spawn::signal_name)
                    .map(String::from);
                outcome.working_dir = inner.working_dir.clone();
                self.kill_live(inner).await;
                if !began {
                    return Ok(Attempt::NotBegun(outcome));
                }
            }
            Ended::Stopped(why) => {
                outcome.cancelled = why == Stop::Cancelled;
                outcome.timed_out = why == Stop::TimedOut;
                let survived = live.stop_run(run_start_ticks, &out).await;
                match survived {
                    Some((state, pwd)) => {
                        live.state = state;
                        live.end_run();
                        outcome.working_dir = Some(pwd.clone());
                        inner.working_dir = Some(pwd);
                        // The run's env is still exported: undo it before the next run.
                        inner.restore = restore_for(&req.env, saved);
                    }
                    None => {
                        outcome.working_dir = inner.working_dir.clone();
                        self.kill_live(inner).await;
                    }
                }
            }
        }
        Ok(Attempt::Ran(outcome))
    }
}

/// How a run went on the shell it was given.
enum Attempt {
    Ran(RunOutcome),
    /// The shell was gone before it read the run's script: nothing of the run ran. Holds what to
    /// report should a new shell fare no better.
    NotBegun(RunOutcome),
}

impl Attempt {
    fn into_outcome(self) -> RunOutcome {
        match self {
            Attempt::Ran(o) | Attempt::NotBegun(o) => o,
        }
    }
}

/// A session dropped without `close()` (a `Shell` garbage-collected) still ends its shell and
/// everything below it, once the last holder of its state (the session, or a started run) is gone.
impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(live) = self.live.take() {
            live.destroy_now();
        }
    }
}

/// What a run's start knows of the shell: whether it must check that one is running.
enum Liveness {
    /// Just seen running (a start on the caller's thread checked): no second check.
    Seen,
    Unchecked,
}

/// A run's place in the session's line (see [`Session::queue`]).
pub struct Place {
    /// The abort epoch when the run was called: an `abort()` after that cancels it.
    epoch: u64,
    lock: Lock,
}

type WaitingLock = Pin<Box<dyn Future<Output = OwnedMutexGuard<Inner>> + Send>>;

enum Lock {
    Held(OwnedMutexGuard<Inner>),
    Waiting(WaitingLock),
}

/// A run whose script the shell has (or whose start failed); see [`Session::finish`]. Holds the
/// session until then.
pub struct Started {
    inner: OwnedMutexGuard<Inner>,
    req: RunRequest,
    epoch: u64,
    start: Instant,
    restarted: bool,
    /// When the script went to the shell (clock ticks since boot, see [`Live::stop_run`]), or why
    /// it could not.
    begun: Result<u64>,
}

/// Appends the run's script to the live shell's and wakes it.
fn begin(inner: &mut Inner, req: &RunRequest) -> Result<u64> {
    let restore = std::mem::take(&mut inner.restore);
    let live = inner.live.as_mut().expect("ensure_live ran");
    let run_start_ticks = tree::boot_ticks_now();
    let new_fifo = live.prepare_fifo()?;
    let cwd = req.cwd.as_ref().map(|p| p.to_string_lossy().into_owned());
    let script = live.framing.run_script(
        &live.state,
        &RunScript {
            command: &req.command,
            reading: syntax::reading_for(&req.command),
            fifo: new_fifo.as_deref(),
            cwd: cwd.as_deref(),
            env: &req.env,
            restore: &restore,
        },
    );
    live.append_and_wake(&script)?;
    Ok(run_start_ticks)
}

/// The three things that stop a run early; a wait that only a deadline ends leaves the others out.
struct StopSignals<'a> {
    cancel: Option<&'a CancelToken>,
    /// The session and the abort epoch the run started in.
    abort: Option<(&'a Session, u64)>,
    deadline: Option<Instant>,
}

impl StopSignals<'_> {
    async fn wait(&self) -> Stop {
        let cancelled = async {
            match self.cancel {
                Some(token) => token.cancelled().await,
                None => std::future::pending().await,
            }
        };
        let aborted = async {
            let Some((session, epoch)) = self.abort else {
                return std::future::pending().await;
            };
            loop {
                let notified = session.abort_notify.notified();
                if session.abort_epoch.load(Ordering::SeqCst) != epoch {
                    return;
                }
                notified.await;
            }
        };
        let timeout = async {
            match self.deadline {
                Some(d) => tokio::time::sleep_until(d.into()).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = cancelled => Stop::Cancelled,
            _ = aborted => Stop::Cancelled,
            _ = timeout => Stop::TimedOut,
        }
    }
}

enum Event {
    Output,
    Status,
    Exited,
    Stop(Stop),
}

impl Live {
    /// A FIFO for this run: the current one when nothing but the shell can still write to it,
    /// else a new one (whose path the preamble redirects to).
    fn prepare_fifo(&mut self) -> Result<Option<String>> {
        if self.fifo.is_some() {
            return Ok(None);
        }
        self.fifo_seq += 1;
        let path = self.dir.join(format!("out-{}", self.fifo_seq));
        let fifo = make_fifo(&path)?;
        let text = path.to_string_lossy().into_owned();
        self.fifo = Some(fifo);
        Ok(Some(text))
    }

    /// After a run: notes the shell's children, and if any may hold the FIFO (a background job,
    /// an adopted orphan), stops using it; it is drained in the background until its last writer
    /// is gone.
    fn end_run(&mut self) {
        self.children = self.children_file.read();
        if self.children.is_empty() {
            return;
        }
        if let Some(fifo) = self.fifo.take() {
            let _ = std::fs::remove_file(&fifo.path);
            let read = fifo.read;
            tokio::spawn(async move { drain_to_eof(read).await });
        }
    }

    /// Whether the newline that started the current chunk is still in the control pipe. Only the
    /// shell's wait takes it, and a failed wait ends the shell (see `framing::WAIT`): a shell gone
    /// with it queued never read the chunk.
    fn wake_unread(&self) -> bool {
        let mut queued: libc::c_int = 0;
        // FIONREAD on either end of a pipe counts what it holds.
        let r = unsafe { libc::ioctl(self.ctl.as_raw_fd(), libc::FIONREAD, &mut queued) };
        r == 0 && queued > 0
    }

    fn append_and_wake(&mut self, text: &str) -> Result<()> {
        self.script
            .write_all_at(text.as_bytes(), self.script_len)
            .map_err(|e| Error::io("writing the shell's script", e))?;
        self.script_len += text.len() as u64;
        self.ctl
            .write_all(b"\n")
            .map_err(|e| Error::io("waking the shell", e))
    }

    /// Pumps output until the chunk's status arrives, the shell exits, or a stop signal fires.
    async fn drive(
        &mut self,
        out: &Option<mpsc::Sender<Vec<u8>>>,
        stop: &StopSignals<'_>,
        saved: &mut Vec<Option<String>>,
    ) -> Result<Ended> {
        let mut stopped = None;
        loop {
            // Only the shell (and what it started) holds the status pipe: its end means it is gone.
            // After a stop, what the pipe holds is read here: a report that was already there
            // wins (the command ended before the stop), even if its watcher has not run yet.
            let read = if stopped.is_some() {
                Read::Now
            } else {
                Read::Watched
            };
            let ended = self.take_status(read)?;
            while let Some(record) = self.records.next_record() {
                match record {
                    Record::Saved(line) => saved.push(line),
                    Record::Status { state, pwd } => {
                        self.drain_output(out).await;
                        return Ok(Ended::Status { state, pwd });
                    }
                    Record::Exited(raw) => {
                        self.drain_output(out).await;
                        return Ok(Ended::ShellExited(Some(ExitStatus::from_raw(raw))));
                    }
                }
            }
            if ended {
                return self.shell_exited(out).await;
            }
            if let Some(why) = stopped {
                return Ok(Ended::Stopped(why));
            }
            let fifo = self.fifo.as_ref().expect("a run has a FIFO");
            let event = tokio::select! {
                biased;
                _ = self.status.filled() => Event::Status,
                r = fifo.read.readable() => { if let Ok(mut g) = r { g.clear_ready(); } Event::Output }
                r = self.exited.readable() => { let _ = r; Event::Exited }
                why = stop.wait() => Event::Stop(why),
            };
            match event {
                Event::Output => self.drain_output(out).await,
                Event::Status => {}
                Event::Exited => return self.shell_exited(out).await,
                Event::Stop(why) => stopped = Some(why),
            }
        }
    }

    /// Once the shell is gone: takes the output it left and its wait status, which its
    /// supervisor reports on the status pipe right after reaping it.
    async fn shell_exited(&mut self, out: &Option<mpsc::Sender<Vec<u8>>>) -> Result<Ended> {
        let _ = self.exited.readable().await;
        self.drain_output(out).await;
        let deadline = Instant::now() + Duration::from_millis(EXIT_REPORT_MS);
        loop {
            let ended = self.take_status(Read::Now)?;
            while let Some(record) = self.records.next_record() {
                if let Record::Exited(raw) = record {
                    return Ok(Ended::ShellExited(Some(ExitStatus::from_raw(raw))));
                }
            }
            let now = Instant::now();
            if ended || now >= deadline {
                return Ok(Ended::ShellExited(None));
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

    /// Reads everything the FIFO holds now and hands it on.
    async fn drain_output(&mut self, out: &Option<mpsc::Sender<Vec<u8>>>) {
        let Some(fifo) = self.fifo.as_ref() else {
            return;
        };
        loop {
            match spawn::read_fd(fifo.read.get_ref(), &mut self.read_buf) {
                Ok(0) => return,
                Ok(n) => {
                    if let Some(tx) = out {
                        let _ = tx.send(self.read_buf[..n].to_vec()).await;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return,
            }
        }
    }

    /// After a timeout or abort: keep the shell from running the rest of the script, end every
    /// process the run started, and give the shell a moment to report back. Returns the status
    /// when the shell survived, `None` when it has to be replaced.
    async fn stop_run(
        &mut self,
        run_start_ticks: u64,
        out: &Option<mpsc::Sender<Vec<u8>>>,
    ) -> Option<(ShellState, String)> {
        let shell = self.spawned.proc;
        self.cut_script_short();
        // The run's processes: children the shell did not have when the last run ended, minus
        // orphans of older background jobs adopted since (they started before this run).
        let before = std::mem::take(&mut self.children);
        let run_roots = || -> Vec<Proc> {
            tree::children_of_single_threaded(shell.pid)
                .into_iter()
                .filter(|p| !before.contains(p))
                .filter_map(Proc::current)
                .filter(|p| p.start_time >= run_start_ticks)
                .collect()
        };
        let roots = run_roots();
        let _ = tokio::task::spawn_blocking(move || {
            tree::terminate(&roots, Duration::from_millis(tree::KILL_GRACE_MS))
        })
        .await;
        let settle_until = Instant::now() + Duration::from_millis(ABORT_SETTLE_MS);
        let mut ignored = Vec::new();
        while Instant::now() < settle_until {
            for p in run_roots() {
                tree::kill_tree(p.pid, libc::SIGKILL);
            }
            let quiet = StopSignals {
                cancel: None,
                abort: None,
                deadline: Some(Instant::now() + Duration::from_millis(SETTLE_POLL_MS)),
            };
            match self.drive(out, &quiet, &mut ignored).await {
                Ok(Ended::Status { state, pwd }) => return Some((state, pwd)),
                Ok(Ended::Stopped(_)) => continue,
                _ => return None,
            }
        }
        None
    }

    /// Replaces the unread rest of the script with a bare postamble, so the commands after the
    /// one being killed never start. Only safe while the shell waits for a child: it has then
    /// synced its read position to exactly where it stopped parsing.
    fn cut_script_short(&mut self) {
        let pid = self.spawned.proc.pid;
        // Read before stopping it: a stopped process shows the stop in its wchan.
        let waiting = std::fs::read_to_string(format!("/proc/{pid}/wchan"))
            .map(|w| w.contains("do_wait"))
            .unwrap_or(false);
        if !self.spawned.proc.signal(libc::SIGSTOP) {
            return;
        }
        if waiting {
            if let Some(pos) = script_position(pid, &self.script_path) {
                if pos <= self.script_len {
                    let tail = self.framing.postamble();
                    if self.script.set_len(pos).is_ok()
                        && self.script.write_all_at(tail.as_bytes(), pos).is_ok()
                    {
                        self.script_len = pos + tail.len() as u64;
                    }
                }
            }
        }
        self.spawned.proc.signal(libc::SIGCONT);
    }
}

/// Where the shell's read offset in its script file is, from `/proc/<pid>/fdinfo`.
fn script_position(pid: i32, script: &Path) -> Option<u64> {
    for entry in std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.flatten() {
        if std::fs::read_link(entry.path()).ok().as_deref() == Some(script) {
            let info = std::fs::read_to_string(format!(
                "/proc/{pid}/fdinfo/{}",
                entry.file_name().to_string_lossy()
            ))
            .ok()?;
            return info
                .lines()
                .find_map(|l| l.strip_prefix("pos:"))
                .and_then(|v| v.trim().parse().ok());
        }
    }
    None
}

/// The text that gives each key of a run's `env` back the value `saved` reported for it (a key
/// whose report never arrived was unset).
fn restore_for(env: &[(String, String)], saved: Vec<Option<String>>) -> String {
    let saved = saved.into_iter().chain(std::iter::repeat(None));
    let pairs: Vec<(String, Option<String>)> =
        env.iter().map(|(k, _)| k.clone()).zip(saved).collect();
    framing::restore_env(&pairs)
}

/// `$?` above 128 is how bash reports a death by signal.
fn signal_of_status(status: i32) -> Option<String> {
    if status > 128 {
        spawn::signal_name(status - 128).map(String::from)
    } else {
        None
    }
}

/// The exit code as bash reports it (`128 + n` for a death by signal n); -1 when unknown.
fn exit_code_of(status: Option<ExitStatus>) -> i32 {
    status
        .and_then(|s| s.code().or_else(|| s.signal().map(|n| 128 + n)))
        .unwrap_or(-1)
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

/// Registers a descriptor we own with the runtime, for readability.
fn register(fd: OwnedFd) -> std::io::Result<AsyncFd<OwnedFd>> {
    // SAFETY: an `OwnedFd` is open, stays open while the `AsyncFd` owns it, and always returns
    // the same descriptor.
    unsafe { AsyncFd::register_with_interest(fd, tokio::io::Interest::READABLE) }
        .map_err(std::io::Error::from)
}

fn make_fifo(path: &Path) -> Result<Fifo> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| Error::io("FIFO path", std::io::ErrorKind::InvalidInput.into()))?;
    if unsafe { libc::mkfifo(c.as_ptr(), 0o600) } < 0 {
        return Err(Error::io(
            format!("creating {}", path.display()),
            std::io::Error::last_os_error(),
        ));
    }
    let open = |flags| {
        let fd = unsafe { libc::open(c.as_ptr(), flags | libc::O_NONBLOCK | libc::O_CLOEXEC) };
        if fd < 0 {
            Err(Error::io(
                format!("opening {}", path.display()),
                std::io::Error::last_os_error(),
            ))
        } else {
            Ok(unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) })
        }
    };
    let read = open(libc::O_RDONLY)?;
    let write = open(libc::O_WRONLY)?;
    // A bigger pipe buffer lets a fast producer run ahead of a slow reader for longer.
    unsafe { libc::fcntl(read.as_raw_fd(), libc::F_SETPIPE_SZ, 1 << 20) };
    let read = register(read).map_err(|e| Error::io("registering the output FIFO", e))?;
    Ok(Fifo {
        path: path.to_path_buf(),
        read,
        _write: write,
    })
}

/// The environment a shell starts with: the host's, the non-interactive defaults, the session's.
fn shell_env(config: &ShellConfig) -> Vec<(String, String)> {
    let defaults = if config.non_interactive_env {
        NON_INTERACTIVE_ENV
    } else {
        &[]
    };
    host_env_with(defaults, &config.session_env)
}

/// Shells known not to be bash, which the framing cannot drive.
const OTHER_SHELLS: &[&str] = &[
    "dash", "ash", "zsh", "ksh", "mksh", "fish", "csh", "tcsh", "nu", "pwsh",
];

/// The program, whether to add `--posix`, and the script's name (what `$0` reads) for a
/// configured shell. The framing speaks bash: `sh` is bash in POSIX mode, as bash runs when
/// invoked as `sh`; a shell known not to be bash is refused rather than left to fail obscurely.
fn shell_command(shell: &str) -> Result<(String, bool, String)> {
    let name = Path::new(shell)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name.is_empty() {
        return Err(Error::invalid("shell", "must name a program", shell));
    }
    if name == "sh" {
        return Ok(("bash".into(), true, name));
    }
    if OTHER_SHELLS.contains(&name.as_str()) {
        return Err(Error::invalid(
            "shell",
            "must be bash or sh (bash in POSIX mode): sessions are framed in bash",
            shell,
        ));
    }
    Ok((shell.to_string(), false, name))
}

/// Starts the shell on its script. The shell is started in the script's directory with the
/// script's bare name (the shell's own, `bash`), so that `$0`, `BASH_SOURCE` and error messages
/// read `bash: line 1: …` as under `bash -c`, never a temporary path; the bootstrap then moves to
/// `cwd`.
fn start_shell(
    config: &ShellConfig,
    cwd: Option<&Path>,
    watcher: Option<&dyn StatusWatcher>,
) -> Result<Live> {
    let dir = make_temp_dir()?;
    let (program, posix, name) = shell_command(&config.shell)?;
    let script_path = dir.join(&name);
    let mut script = File::options()
        .create_new(true)
        .read(true)
        .write(true)
        .open(&script_path)
        .map_err(|e| Error::io("creating the shell's script", e))?;
    let env = shell_env(config);
    let cwd = match cwd {
        Some(dir) => dir.to_path_buf(),
        None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
    };
    let oldpwd = env
        .iter()
        .find(|(k, _)| k == "OLDPWD")
        .map(|(_, v)| v.as_str());
    let boot = framing::bootstrap(&cwd.to_string_lossy(), oldpwd, config.snapshot.as_deref());
    let framing = Framing::random();
    script
        .write_all(boot.as_bytes())
        .map_err(|e| Error::io("writing the shell's script", e))?;
    let (ctl_read, ctl_write) = spawn::pipe().map_err(|e| Error::io("pipe", e))?;
    let (status_read, status_write) = spawn::pipe().map_err(|e| Error::io("pipe", e))?;
    let mut args = vec!["--noprofile".to_string(), "--norc".to_string(), name];
    if posix {
        args.insert(0, "--posix".into());
    }
    let spawned = spawn::spawn(&spawn::SpawnSpec {
        program: &program,
        args: &args,
        env: &env,
        cwd: Some(&dir),
        fds: &[
            (ctl_read.as_raw_fd(), framing::CTL_FD),
            (status_write.as_raw_fd(), framing::STATUS_FD),
        ],
        report: spawn::Report {
            to: spawn::ReportTo::Target(framing::STATUS_FD),
            prefix: &framing.exit_report_prefix(),
        },
        // The script and the FIFOs: a host that exits without close() (or dies) leaves no files.
        scratch_dir: Some(&dir),
    });
    let spawned = match spawned {
        Ok(s) => s,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&dir);
            return Err(e.naming_field("shell"));
        }
    };
    drop((ctl_read, status_write));
    spawn::set_nonblocking(&status_read, true).map_err(|e| Error::io("status pipe", e))?;
    let status = Arc::new(StatusPipe::new(status_read));
    let status_watch = match watcher {
        Some(w) => w.watch(status.clone()),
        None => status::watch_on_runtime(status.clone()),
    }
    .map_err(|e| Error::io("watching the status pipe", e))?;
    let exited = register(
        spawned
            .pidfd
            .try_clone()
            .map_err(|e| Error::io("pidfd", e))?,
    )
    .map_err(|e| Error::io("registering the pidfd", e))?;
    let spawned_pid = spawned.proc.pid;
    Ok(Live {
        spawned,
        exited,
        ctl: File::from(ctl_write),
        status,
        _status_watch: status_watch,
        records: framing.parser(),
        framing,
        script,
        script_path,
        script_len: boot.len() as u64,
        dir,
        state: ShellState::default(),
        fifo: None,
        fifo_seq: 0,
        children: Vec::new(),
        children_file: tree::ChildrenFile::open(spawned_pid),
        read_buf: vec![0; READ_CHUNK_BYTES],
    })
}

fn make_temp_dir() -> Result<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    let template = std::env::temp_dir().join("agent-shell-XXXXXX");
    let mut bytes = template.as_os_str().as_bytes().to_vec();
    bytes.push(0);
    let ptr = unsafe { libc::mkdtemp(bytes.as_mut_ptr().cast()) };
    if ptr.is_null() {
        return Err(Error::io(
            "creating a temporary directory",
            std::io::Error::last_os_error(),
        ));
    }
    bytes.pop();
    Ok(PathBuf::from(std::ffi::OsStr::from_bytes(&bytes)))
}

impl Live {
    /// What runs below the shell, and below its supervisor (what a shell that exited left
    /// behind).
    fn below(&self) -> Vec<Proc> {
        let shell = self.spawned.proc;
        let supervisor = self.spawned.supervisor.id() as i32;
        self.children_file
            .read()
            .into_iter()
            .chain(tree::children_of_single_threaded(supervisor))
            .filter(|&pid| pid != shell.pid)
            .filter_map(Proc::current)
            .collect()
    }

    /// Ends everything at once (KILL, no grace).
    fn destroy_now(self) {
        let below = self.below();
        self.destroy(below, Duration::ZERO);
    }

    /// Ends `below` (TERM, `grace`, KILL) and the shell, reaps it and removes its files.
    fn destroy(self, below: Vec<Proc>, grace: Duration) {
        if !below.is_empty() {
            tree::terminate(&below, grace);
        }
        // The shell itself has nothing to clean up: no grace needed.
        self.spawned.end();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
#[path = "session/tests.rs"]
mod tests;
