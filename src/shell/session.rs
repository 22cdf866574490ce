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
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use tokio::io::unix::AsyncFd;
use tokio::sync::{mpsc, Mutex, Notify, OwnedMutexGuard};

use crate::error::{Error, Result};
use crate::process::env::{host_env_with, is_valid_env_key, NON_INTERACTIVE_ENV};
use crate::process::sandbox::SandboxPolicy;
use crate::process::spawn::{self, Spawned};
use crate::process::tree::{self, Proc};
use crate::shell::framing::{self, Framing, Record, RunScript, ShellState};
use crate::shell::reading;
use crate::shell::status::{self, Read, StatusPipe, StatusWatcher, Watch};

/// Bytes read from the output FIFO at a time, by default.
pub(crate) const READ_CHUNK_BYTES: usize = 64 * 1024;
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
const DRAIN_MAX_BYTES: usize = 1 << 20;
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
    /// Confines the shell and all it starts, from its start (roots fixed by the caller).
    pub sandbox: Option<SandboxPolicy>,
    /// The most output read from the FIFO at a time, and so the largest chunk handed on: large
    /// for throughput by default; a background job, whose output mostly waits unread, holds less
    /// with a smaller one.
    pub read_chunk_bytes: usize,
}

impl Default for ShellConfig {
    fn default() -> Self {
        ShellConfig {
            shell: "bash".into(),
            session_env: Vec::new(),
            snapshot: None,
            non_interactive_env: true,
            cwd: None,
            sandbox: None,
            read_chunk_bytes: READ_CHUNK_BYTES,
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
    /// The running shell's supervisor (0: none), for [`Session::kill_now`], which cannot wait
    /// for a run to let go of the session.
    supervisor: AtomicI32,
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
    /// The shell's children when the last run ended: background jobs (and orphans they left).
    /// A run that leaves a child that is not among them stops using its FIFO.
    children: Vec<i32>,
    /// Set when the shell's stdout or stderr may no longer be the FIFO (a run's `exec >file`,
    /// `exec 1>&-`): the next run points them back.
    redirect: bool,
    /// Whether a run may have moved the shell's stdout or stderr: set for good once a run's text
    /// could run `exec` (see [`may_move_descriptors`]), and from the start when a snapshot is
    /// sourced. Until then the check after each run (two /proc reads, 3 µs) is skipped.
    watch_descriptors: bool,
    /// A duplicate of the shell's own descriptor on its script: it shares the shell's read offset,
    /// which tells, even after the shell died, whether it read the chunk it was woken for.
    script_reader: Option<OwnedFd>,
    /// Whether the duplicate was tried for (once per shell, after its first run).
    script_reader_tried: bool,
    /// Where the current chunk starts in the script.
    chunk_start: u64,
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
            supervisor: AtomicI32::new(0),
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
        let closed = self.closed.load(Ordering::SeqCst);
        let epoch = self.abort_epoch.load(Ordering::SeqCst);
        // Polled once here, the lock future joins the mutex's FIFO queue (or holds the lock); the
        // task that awaits it later only replaces the no-op waker.
        let mut lock: WaitingLock = Box::pin(self.inner.clone().lock_owned());
        let lock = match lock.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(guard) => Lock::Held(guard),
            Poll::Pending => Lock::Waiting(lock),
        };
        Place {
            epoch,
            closed,
            lock,
        }
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
        // Only a call made after `close()` is refused; one made before it is cancelled by it.
        if place.closed {
            return Err(Error::SessionClosed);
        }
        let inner = match place.lock {
            Lock::Held(guard) => guard,
            Lock::Waiting(lock) => lock.await,
        };
        if self.closed.load(Ordering::SeqCst)
            || self.abort_epoch.load(Ordering::SeqCst) != place.epoch
            || cancel.is_cancelled()
        {
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
    /// (see `reading::cheap_to_check`), or the run would not start anyway; [`Session::run_in`] then
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
        let closed = place.closed;
        // A live shell whose output FIFO can be reused: nothing to spawn or register with the
        // runtime, which the caller's thread may not be in.
        let ready = inner
            .live
            .as_ref()
            .is_some_and(|l| l.fifo.is_some() && !l.spawned.has_exited());
        let startable = ready
            && reading::cheap_to_check(&req.command)
            && validate_run(req).is_ok()
            && !self.closed.load(Ordering::SeqCst)
            && !cancel.is_cancelled()
            && self.abort_epoch.load(Ordering::SeqCst) == place.epoch;
        if !startable {
            return Err(Place {
                epoch: place.epoch,
                closed,
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
        let stop = StopSignals {
            cancel: Some(cancel),
            abort: Some((self, epoch)),
            deadline: req.timeout.map(|t| start + t),
        };
        let outcome = loop {
            let attempt = match begun {
                Ok(()) => self.run_on_live(&mut inner, &req, out.clone(), &stop).await,
                // The shell was gone before it could be woken: it read nothing of the run.
                Err(e) if is_broken_pipe(&e) => Ok(Attempt::NotBegun(RunOutcome {
                    exit_code: Some(-1),
                    working_dir: inner.working_dir.clone(),
                    ..Default::default()
                })),
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
        self.begin_abort();
        self.idle().await;
    }

    /// The part of [`Session::abort`] that takes effect at once: runs queued until now are
    /// cancelled, runs queued after this are not.
    pub fn begin_abort(&self) {
        self.abort_epoch.fetch_add(1, Ordering::SeqCst);
        self.abort_notify.notify_waiters();
    }

    /// Resolves when no run holds the session.
    pub async fn idle(&self) {
        drop(self.inner.lock().await);
    }

    /// Ends the session: aborts work, kills the shell and everything it started. Idempotent.
    pub async fn close(&self) {
        self.begin_close();
        self.finish_close().await;
    }

    /// The part of [`Session::close`] that takes effect at once: runs called until now are
    /// cancelled, runs called after this are refused.
    pub fn begin_close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        self.begin_abort();
    }

    /// Ends the session at once, from any thread, without waiting for a run to let go of it (a
    /// host tearing down the JS environment the session belongs to): runs called until now are
    /// cancelled, later ones refused, and the shell and everything below it are killed now.
    pub fn kill_now(&self) {
        self.begin_close();
        let supervisor = self.supervisor.swap(0, Ordering::SeqCst);
        if supervisor > 0 {
            tree::terminate_below(supervisor, Duration::ZERO);
        }
    }

    /// Kills the shell and everything below it once the runs ahead have let go of it.
    pub async fn finish_close(&self) {
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
            self.supervisor.store(0, Ordering::SeqCst);
            live.destroy_now();
        }
        let restarted = inner.started_once;
        let cwd = inner
            .working_dir
            .clone()
            .map(PathBuf::from)
            .filter(|p| p.is_dir())
            .or_else(|| self.config.cwd.clone());
        let live = start_shell(&self.config, cwd.as_deref(), self.watcher.as_deref())?;
        self.supervisor
            .store(live.spawned.supervisor.id() as i32, Ordering::SeqCst);
        inner.live = Some(live);
        inner.started_once = true;
        inner.restore.clear();
        Ok(restarted)
    }

    async fn kill_live(&self, inner: &mut Inner) {
        let Some(live) = inner.live.take() else {
            return;
        };
        self.supervisor.store(0, Ordering::SeqCst);
        let below = live.below();
        if below.is_empty() {
            // Nothing to give a grace period (the end of every `executeShell`): the shell is
            // killed now, and its supervisor, which then exits by itself, is reaped and the files
            // removed in the background. Waiting for that took half a millisecond.
            let mut live = live;
            live.spawned.kill();
            tokio::task::spawn_blocking(move || live.destroy(Duration::ZERO));
            return;
        }
        let grace = Duration::from_millis(tree::KILL_GRACE_MS);
        let _ = tokio::task::spawn_blocking(move || live.destroy(grace)).await;
    }

    async fn run_on_live(
        &self,
        inner: &mut Inner,
        req: &RunRequest,
        out: Option<mpsc::Sender<Vec<u8>>>,
        stop: &StopSignals<'_>,
    ) -> Result<Attempt> {
        let Some(live) = inner.live.as_mut() else {
            return Err(Error::io(
                "running a command",
                std::io::Error::other("no shell"),
            ));
        };
        let mut saved = Vec::new();
        let mut ended = live.drive(&out, stop, &mut saved).await?;
        // The run's env is exported in the shell however the run ends; a new shell has none.
        inner.restore = restore_for(&req.env, saved);
        let mut outcome = RunOutcome::default();
        if let Ended::Status { state, pwd } = ended {
            outcome.exit_code = Some(state.last_status);
            outcome.signal = signal_of_status(state.last_status);
            outcome.working_dir = Some(pwd.clone());
            inner.working_dir = Some(pwd);
            let trap = framing::exit_trap_command(&state.traps);
            live.state = state;
            ended = match trap {
                // The EXIT trap a run set is part of the run: it may be stopped as the run
                // may, and its status report leaves the run's status as it was.
                Some(trap) => {
                    let reading = reading::reading_for(&trap);
                    let script = live.framing.exit_trap_script(&live.state, &trap, reading);
                    live.append_and_wake(&script)?;
                    let mut ignored = Vec::new();
                    match live.drive(&out, stop, &mut ignored).await? {
                        Ended::Status { state, pwd } => Ended::Status { state, pwd },
                        Ended::ShellExited(status) => {
                            outcome.exit_code = Some(exit_code_of(status));
                            Ended::ShellExited(status)
                        }
                        stopped => stopped,
                    }
                }
                None => Ended::Status {
                    state: live.state.clone(),
                    pwd: outcome.working_dir.clone().unwrap_or_default(),
                },
            };
        } else {
            outcome.working_dir = inner.working_dir.clone();
        }
        let Some(live) = inner.live.as_mut() else {
            return Ok(Attempt::Ran(outcome));
        };
        match ended {
            Ended::Status { state, pwd } => {
                live.state = state;
                live.end_run();
                inner.working_dir = Some(pwd.clone());
                outcome.working_dir = Some(pwd);
            }
            Ended::ShellExited(status) => {
                let began = live.began_chunk();
                if outcome.exit_code.is_none() {
                    outcome.exit_code = Some(exit_code_of(status));
                    outcome.signal = status
                        .and_then(|s| s.signal())
                        .and_then(spawn::signal_name)
                        .map(String::from);
                }
                self.kill_live(inner).await;
                if !began {
                    return Ok(Attempt::NotBegun(outcome));
                }
            }
            Ended::Stopped(why) => {
                match live.stop_run(&out).await {
                    // The stop came after the script had ended: its report stands.
                    Some((state, pwd)) => {
                        if outcome.exit_code.is_none() {
                            outcome.exit_code = Some(state.last_status);
                            outcome.signal = signal_of_status(state.last_status);
                        }
                        live.state = state;
                        live.end_run();
                        inner.working_dir = Some(pwd.clone());
                        outcome.working_dir = Some(pwd);
                    }
                    None => {
                        outcome = RunOutcome {
                            cancelled: why == Stop::Cancelled,
                            timed_out: why == Stop::TimedOut,
                            working_dir: inner.working_dir.clone(),
                            ..Default::default()
                        };
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
    /// Whether the session was closed when the run was called: such a run is refused.
    closed: bool,
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
    /// Whether the script went to the shell, or why it could not.
    begun: Result<()>,
}

/// Whether `e` is the failure to wake a shell that is gone (nothing reads its control pipe).
fn is_broken_pipe(e: &Error) -> bool {
    matches!(e, Error::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe)
}

/// Appends the run's script to the live shell's and wakes it.
fn begin(inner: &mut Inner, req: &RunRequest) -> Result<()> {
    let restore = std::mem::take(&mut inner.restore);
    let Some(live) = inner.live.as_mut() else {
        return Err(Error::io(
            "starting a command",
            std::io::Error::other("no shell"),
        ));
    };
    live.watch_descriptors |= may_move_descriptors(&req.command);
    let new_fifo = live.prepare_fifo()?;
    let cwd = req.cwd.as_ref().map(|p| p.to_string_lossy().into_owned());
    let script = live.framing.run_script(
        &live.state,
        &RunScript {
            command: &req.command,
            reading: reading::reading_for(&req.command),
            fifo: new_fifo.as_deref(),
            cwd: cwd.as_deref(),
            env: &req.env,
            restore: &restore,
        },
    );
    live.append_and_wake(&script)
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
    /// else a new one. Returns the path the preamble must point stdout and stderr at, if any.
    fn prepare_fifo(&mut self) -> Result<Option<String>> {
        if let Some(fifo) = &self.fifo {
            if !std::mem::take(&mut self.redirect) {
                return Ok(None);
            }
            return Ok(Some(fifo.path.to_string_lossy().into_owned()));
        }
        self.redirect = false;
        self.fifo_seq += 1;
        let path = self.dir.join(format!("out-{}", self.fifo_seq));
        let fifo = make_fifo(&path)?;
        let text = path.to_string_lossy().into_owned();
        self.fifo = Some(fifo);
        Ok(Some(text))
    }

    /// After a run: notes the shell's children; if one is new (a background job of this run, or
    /// an orphan adopted since) it may hold the FIFO, so the FIFO is left to be drained in the
    /// background until its last writer is gone, and the next run gets a new one. Jobs of earlier
    /// runs hold earlier FIFOs only, so they cost later runs nothing. Also notes whether the shell
    /// still writes to the FIFO.
    fn end_run(&mut self) {
        if !self.script_reader_tried {
            self.script_reader_tried = true;
            self.script_reader = dup_script_descriptor(&self.spawned, &self.script_path);
        }
        let children = self.children_file.read();
        let new_child = children.iter().any(|c| !self.children.contains(c));
        self.children = children;
        if new_child {
            if let Some(fifo) = self.fifo.take() {
                let _ = std::fs::remove_file(&fifo.path);
                let read = fifo.read;
                tokio::spawn(async move { drain_to_eof(read).await });
            }
        } else if let Some(fifo) = self.fifo.as_ref().filter(|_| self.watch_descriptors) {
            self.redirect = !shell_writes_to(self.spawned.proc.pid, &fifo.path);
        }
    }

    /// Whether the shell read any of the chunk it was last woken for. From its read offset in the
    /// script when that is known: a shell that took the wake-up but was killed before its next
    /// read (a SIGKILL pending as the wake-up arrived) read nothing. Otherwise from the control
    /// pipe: only the shell's wait takes the newline that starts a chunk, and a failed wait ends
    /// the shell (see `framing::WAIT`), so a shell gone with it queued never read the chunk.
    fn began_chunk(&self) -> bool {
        if let Some(reader) = &self.script_reader {
            // SAFETY: lseek on a descriptor we own; SEEK_CUR with offset 0 only reads the offset.
            let at = unsafe { libc::lseek(reader.as_raw_fd(), 0, libc::SEEK_CUR) };
            if at >= 0 {
                return at as u64 > self.chunk_start;
            }
        }
        let mut queued: libc::c_int = 0;
        // SAFETY: FIONREAD writes one int; on either end of a pipe it counts what the pipe holds.
        let r = unsafe { libc::ioctl(self.ctl.as_raw_fd(), libc::FIONREAD, &mut queued) };
        !(r == 0 && queued > 0)
    }

    fn append_and_wake(&mut self, text: &str) -> Result<()> {
        self.script
            .write_all_at(text.as_bytes(), self.script_len)
            .map_err(|e| Error::io("writing the shell's script", e))?;
        self.chunk_start = self.script_len;
        self.script_len += text.len() as u64;
        self.ctl
            .write_all(b"\n")
            .map_err(|e| Error::io("waking the shell", e))
    }

    /// Pumps output until the chunk's status arrives, the shell exits, or a stop signal fires.
    /// The stop signals are looked at before anything else, and again after every
    /// [`DRAIN_MAX_BYTES`] of output, so that a flood cannot hide a stop.
    async fn drive(
        &mut self,
        out: &Option<mpsc::Sender<Vec<u8>>>,
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
                    Record::Exited(raw) => {
                        self.drain_output(out, DRAIN_MAX_BYTES).await;
                        return Ok(Ended::ShellExited(Some(ExitStatus::from_raw(raw))));
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
            let event = tokio::select! {
                biased;
                why = stop.wait() => Event::Stop(why),
                _ = self.status.filled() => Event::Status,
                r = fifo.read.readable() => { if let Ok(mut g) = r { g.clear_ready(); } Event::Output }
                r = self.exited.readable() => { let _ = r; Event::Exited }
            };
            match event {
                Event::Output => self.drain_output(out, DRAIN_MAX_BYTES).await,
                Event::Status => {}
                Event::Exited => return self.shell_exited(out).await,
                Event::Stop(why) => return Ok(Ended::Stopped(why)),
            }
        }
    }

    /// Once the shell is gone: takes the output it left and its wait status, which its
    /// supervisor reports on the status pipe right after reaping it.
    async fn shell_exited(&mut self, out: &Option<mpsc::Sender<Vec<u8>>>) -> Result<Ended> {
        let _ = self.exited.readable().await;
        self.drain_output(out, DRAIN_MAX_BYTES).await;
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

    /// Reads what the FIFO holds now, at most `limit` bytes, and hands it on.
    async fn drain_output(&mut self, out: &Option<mpsc::Sender<Vec<u8>>>, limit: usize) {
        let Some(fifo) = self.fifo.as_ref() else {
            return;
        };
        let mut taken = 0;
        while taken < limit {
            match spawn::read_fd(fifo.read.get_ref(), &mut self.read_buf) {
                Ok(0) => return,
                Ok(n) => {
                    taken += n;
                    if let Some(tx) = out {
                        let _ = tx.send(self.read_buf[..n].to_vec()).await;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return,
            }
        }
    }

    /// After a timeout or abort. The shell is frozen first, so that it starts nothing more. If
    /// it had already begun its status report, the run's script had ended before the stop: the
    /// shell is let go to finish the report, which stands, and the session is kept. Otherwise
    /// the shell is somewhere in the run's script, and only its death keeps it from running the
    /// rest (whatever the script did with signals): everything below its supervisor is frozen,
    /// the output written until then is taken, and the whole tree is ended (shells killed at
    /// once, the rest sent TERM, a grace, then KILL; see `tree::Frozen`). Returns the report
    /// when the shell was kept, `None` when it is gone and must be replaced.
    async fn stop_run(
        &mut self,
        out: &Option<mpsc::Sender<Vec<u8>>>,
    ) -> Option<(ShellState, String)> {
        let shell = self.spawned.proc;
        shell.signal(libc::SIGSTOP);
        if !stopped_in_time(shell).await {
            shell.signal(libc::SIGKILL);
        }
        if self.take_status(Read::Now).is_ok() && self.records.holds_status() {
            shell.signal(libc::SIGCONT);
            let settle = StopSignals {
                cancel: None,
                abort: None,
                deadline: Some(Instant::now() + Duration::from_millis(REPORT_SETTLE_MS)),
            };
            let mut ignored = Vec::new();
            if let Ok(Ended::Status { state, pwd }) = self.drive(out, &settle, &mut ignored).await {
                // A report that leaves an EXIT trap to run would have the stopped run go on.
                if framing::exit_trap_command(&state.traps).is_none() {
                    return Some((state, pwd));
                }
            }
            shell.signal(libc::SIGSTOP);
        }
        let supervisor = self.spawned.supervisor.id() as i32;
        let fifo = self
            .fifo
            .as_ref()
            .and_then(|f| f.read.get_ref().try_clone().ok());
        let frozen = tokio::task::spawn_blocking(move || {
            let frozen = tree::freeze_below(supervisor);
            let mut taken = Vec::new();
            if let Some(fifo) = fifo {
                read_available(&fifo, &mut taken, DRAIN_MAX_BYTES);
            }
            (frozen, taken)
        })
        .await;
        let Ok((frozen, taken)) = frozen else {
            return None;
        };
        if let Some(tx) = out {
            for chunk in taken.chunks(READ_CHUNK_BYTES) {
                let _ = tx.send(chunk.to_vec()).await;
            }
        }
        let grace = Duration::from_millis(tree::KILL_GRACE_MS);
        let _ = tokio::task::spawn_blocking(move || frozen.terminate(grace)).await;
        None
    }
}

/// Waits until `shell` is stopped (or gone); false if it did not stop in time.
async fn stopped_in_time(shell: Proc) -> bool {
    let deadline = Instant::now() + Duration::from_millis(STOP_TAKES_MS);
    loop {
        match tree::stat(shell.pid) {
            Some(s) if s.start_time == shell.start_time && !s.is_gone() => {
                if matches!(s.state, 'T' | 't') {
                    return true;
                }
            }
            _ => return true,
        }
        if Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
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
fn may_move_descriptors(command: &str) -> bool {
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

/// Whether `pid` (a shell waiting between runs) still has its stdout and stderr on `fifo`. The
/// shell waits inside the postamble's group, whose redirections saved its own stdout at the
/// first free descriptor from 10 and its stderr just above the status descriptor (where bash
/// saves descriptors a redirection replaces); anything else there (a run closed or moved them,
/// or holds descriptor 10 itself) is answered with a redirection on the next run, which is
/// harmless when it was not needed.
fn shell_writes_to(pid: i32, fifo: &Path) -> bool {
    let saved_stderr = framing::STATUS_FD + 1;
    [10, saved_stderr].iter().all(|fd| {
        std::fs::read_link(format!("/proc/{pid}/fd/{fd}")).is_ok_and(|target| target == fifo)
    })
}

/// A duplicate of the shell's descriptor on its script (bash keeps it high, at 255 or just
/// below), which shares the shell's read offset; `None` where the kernel cannot give one
/// (pidfd_getfd needs Linux 5.6) or the descriptor is not found.
fn dup_script_descriptor(spawned: &Spawned, script: &Path) -> Option<OwnedFd> {
    let pid = spawned.proc.pid;
    let fd = (200..=255).rev().find(|fd| {
        std::fs::read_link(format!("/proc/{pid}/fd/{fd}")).is_ok_and(|target| target == script)
    })?;
    spawn::pidfd_getfd(&spawned.pidfd, fd).ok()
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
    // O_NOFOLLOW: a sandboxed command may write in this directory, and must not get us to open a
    // file outside its roots by putting a symlink in the FIFO's place.
    let open = |flags| {
        let flags = flags | libc::O_NONBLOCK | libc::O_CLOEXEC | libc::O_NOFOLLOW;
        let fd = unsafe { libc::open(c.as_ptr(), flags) };
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
    if shell.contains('\0') {
        return Err(Error::invalid(
            "shell",
            "must not contain a NUL byte",
            shell,
        ));
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
    let (program, posix, name) = shell_command(&config.shell)?;
    let dir = make_temp_dir()?;
    // No failure may leave the directory behind.
    start_shell_in(dir.clone(), (program, posix, name), config, cwd, watcher).inspect_err(|_| {
        let _ = std::fs::remove_dir_all(&dir);
    })
}

fn start_shell_in(
    dir: PathBuf,
    (program, posix, name): (String, bool, String),
    config: &ShellConfig,
    cwd: Option<&Path>,
    watcher: Option<&dyn StatusWatcher>,
) -> Result<Live> {
    let script_path = dir.join(&name);
    let mut script = File::options()
        .create_new(true)
        .read(true)
        .write(true)
        .open(&script_path)
        .map_err(|e| Error::io("creating the shell's script", e))?;
    let mut env = shell_env(config);
    let cwd = match cwd {
        Some(dir) => dir.to_path_buf(),
        None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
    };
    let sandbox = match &config.sandbox {
        Some(policy) => Some(policy.confine(&cwd, Some(&dir))?),
        None => None,
    };
    if let Some(sandbox) = &sandbox {
        sandbox.set_tmpdir(&mut env, &config.session_env);
    }
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
        sandbox: sandbox.as_ref(),
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
        redirect: false,
        watch_descriptors: config.snapshot.is_some(),
        script_reader: None,
        script_reader_tried: false,
        chunk_start: 0,
        children_file: tree::ChildrenFile::open(spawned_pid),
        read_buf: vec![0; config.read_chunk_bytes.clamp(4096, DRAIN_MAX_BYTES)],
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
        self.destroy(Duration::ZERO);
    }

    /// Ends everything below the supervisor (the shell killed at once, what it started sent
    /// TERM, given `grace`, then KILLed), reaps it and removes its files.
    fn destroy(self, grace: Duration) {
        tree::terminate_below(self.spawned.supervisor.id() as i32, grace);
        // The shell itself has nothing to clean up: no grace needed.
        self.spawned.end();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[path = "session/aside.rs"]
pub(crate) mod aside;

#[cfg(test)]
#[path = "session/tests.rs"]
mod tests;
