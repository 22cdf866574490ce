//! A `Session` owns one long-lived shell process and runs commands on it one at a time.
//!
//! Each run gets its own output FIFO (so a background job of an earlier run can never write into
//! a later run's output), its script appended to the shell's script file, and a wake-up on the
//! control pipe. The run ends when the shell reports its status; the FIFO is then drained of what
//! is already in it and no longer: a grandchild that keeps the FIFO open cannot hold the run.
//!
//! Here: the line runs wait in, starting and finishing a run, abort and close, and delivery of a
//! run's output to a Rust receiver. The running shell itself is `live.rs`'s; starting and ending
//! one is `start.rs`'s.

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, Mutex, OwnedMutexGuard};

use crate::error::{Error, Result};
use crate::output::{
    deliver, deliver_while, ChunkReceiver, OutputOptions, OutputPipeline, OutputSummary,
    CHUNK_QUEUE,
};
use crate::process::tree::{self, Proc};
use crate::run::{validate, CancelToken, Deadline, Ending};
use crate::shell::framing::{self, RunScript};
use crate::shell::reading;
use crate::shell::status::StatusWatcher;

pub use super::live::Senders;
use super::live::{may_move_descriptors, Ended, KeptState, Live, StopSignals};
use super::neutral;
use super::pool::Pool;
use super::request::{validate_run, RunOutcome, RunRequest, ShellConfig, Stderr};
use super::start::{shell_command, start_shell};

/// A persistent shell session. Runs are serialized in call order.
pub struct Session {
    config: ShellConfig,
    /// In an `Arc` so that a started run can hold it across the thread hop (see `try_start`).
    inner: Arc<Mutex<Inner>>,
    /// Cancelled and replaced by `abort()`: each run holds the token current when it was
    /// called, so the runs called before an abort are cancelled and later ones are not.
    abort: std::sync::Mutex<CancelToken>,
    closed: AtomicBool,
    /// The running shell's supervisor (0: none), for [`Session::kill_now`], which cannot wait
    /// for a run to let go of the session.
    supervisor: AtomicI32,
    /// Who watches each shell's status pipe; `None`: a task on the runtime.
    watcher: Option<Arc<dyn StatusWatcher>>,
    /// Where a shell started ahead of need may be taken from instead of starting one.
    pool: Option<Arc<Pool>>,
    /// Parking the shell of an idle session (`session/park.rs`).
    parking: park::Parking,
    /// The state is read after each run, ahead of a job that starts from it
    /// (`session/aside.rs`, [`Session::capture_ahead`]).
    read_ahead: AtomicBool,
    /// Told after each state read ahead ([`Session::read_state_ahead`]).
    after_read_ahead: std::sync::Mutex<Option<AfterReadAhead>>,
    /// The session runs one command and is closed (a job's): see [`Session::for_one_run`].
    one_run: bool,
}

/// What a job manager does once a session's state was read ahead (it primes a shell with it).
/// Called with the state just read, in the session's turn, when it was read at once after a run
/// that may have changed it ([`Session::capture_ahead`]): nothing runs in the session until it
/// returns, so it must not wait. Called with `None` after a read a moment after a run, on a
/// task of its own: the state is then taken with [`Session::kept_state`].
pub type AfterReadAhead = Arc<dyn Fn(Option<&[u8]>) + Send + Sync>;

#[derive(Default)]
struct Inner {
    live: Option<Live>,
    started_once: bool,
    /// Undoes the previous run's `env`; prepended to the next chunk.
    restore: String,
    working_dir: Option<String>,
    /// The state of a parked session, which the next shell restores (`session/park.rs`).
    parked: Option<park::Parked>,
}

/// When [`Session`]'s `kill_live` kills a shell with nothing below it.
#[derive(Clone, Copy, PartialEq)]
enum IdleShell {
    KillNow,
    /// On the reaping thread, after the caller went on (`close_soon`).
    KillLater,
}

impl Session {
    pub fn new(config: ShellConfig) -> Result<Self> {
        validate::env("sessionEnv", &config.session_env)?;
        shell_command(&config.shell)?;
        Ok(Session {
            config,
            inner: Arc::new(Mutex::new(Inner::default())),
            abort: std::sync::Mutex::new(CancelToken::default()),
            closed: AtomicBool::new(false),
            supervisor: AtomicI32::new(0),
            watcher: None,
            pool: None,
            parking: park::Parking::default(),
            read_ahead: AtomicBool::new(false),
            after_read_ahead: std::sync::Mutex::new(None),
            one_run: false,
        })
    }

    /// Has `watcher` watch the status pipe of every shell this session starts, instead of a task
    /// on the runtime.
    pub fn with_status_watcher(mut self, watcher: Arc<dyn StatusWatcher>) -> Self {
        self.watcher = Some(watcher);
        self
    }

    /// For a session that runs one command and is then closed (a job's): the end of its run
    /// does not look at the shell for the next run (its descriptors, its children, its script's
    /// read offset: `Live::end_run`), since none comes; the close looks below the shell itself.
    pub fn for_one_run(mut self) -> Self {
        self.one_run = true;
        self
    }

    /// Has the session take its shells from `pool` when it holds one started as this session's
    /// would be (see `shell::pool`), and keep the pool filled.
    pub fn with_pool(mut self, pool: Arc<Pool>) -> Self {
        self.pool = Some(pool);
        self
    }

    /// Takes a run's place in the session's line now, on the caller's thread: runs start in the
    /// order of these calls, whatever thread their tasks later run on.
    pub fn queue(&self) -> Place {
        self.touch();
        self.place()
    }

    /// [`Session::queue`], not counted as activity (see `session/park.rs`).
    fn place(&self) -> Place {
        let closed = self.closed.load(Ordering::SeqCst);
        let aborted = self.abort_token();
        // Polled once here, the lock future joins the mutex's FIFO queue (or holds the lock); the
        // task that awaits it later only replaces the no-op waker.
        let mut lock: WaitingLock = Box::pin(self.inner.clone().lock_owned());
        let lock = match lock.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(guard) => Lock::Held(guard),
            Poll::Pending => Lock::Waiting(lock),
        };
        Place {
            aborted,
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
        self.run_in_to(place, req, Senders::merged(out), cancel)
            .await
    }

    /// [`Session::run_in`], with stderr to `out.err` when the run keeps it apart.
    pub async fn run_in_to(
        &self,
        place: Place,
        req: RunRequest,
        out: Senders,
        cancel: &CancelToken,
    ) -> Result<RunOutcome> {
        // Checked again here, where the run may have waited in line: a directory removed
        // meanwhile must not leave the command running wherever the shell was.
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
            || place.aborted.is_cancelled()
            || cancel.is_cancelled()
        {
            return Ok(RunOutcome {
                cancelled: true,
                working_dir: inner.working_dir.clone(),
                ..Default::default()
            });
        }
        let mut inner = inner;
        // A parked session's next shell restores its state (`ensure_live`): not one from the pool.
        if inner.live.is_none() && inner.parked.is_none() {
            // A shell being started for the pool is further along than one started now.
            if let Some(pool) = &self.pool {
                pool.until_filled().await;
            }
            if let Some(live) = self.take_pooled(&inner) {
                let restarted = self.install(&mut inner, live);
                let mut started = self.start(inner, req, place.aborted, Liveness::Seen);
                started.restarted |= restarted;
                return self.finish_to(started, out, cancel).await;
            }
        }
        let started = self.start(inner, req, place.aborted, Liveness::Unchecked);
        self.finish_to(started, out, cancel).await
    }

    /// Starts `req` on the caller's thread when its place is at the front of the line and the
    /// shell is running: the shell gets its script before any task is scheduled, which takes a
    /// thread hop off every round trip. Gives the place back (nothing done) when a run is ahead,
    /// the shell must first be started (a spawn does not belong on the caller's thread) or
    /// given a new FIFO, the text is long enough that checking its syntax would hold the caller
    /// (see `reading::cheap_to_check`), or the run would not start anyway; [`Session::run_in`] then
    /// takes the normal path. Finish with [`Session::finish`]. `req` must have passed
    /// [`validate_run`] in the same call: it is not checked again here.
    pub fn try_start(
        &self,
        place: Place,
        req: &RunRequest,
        cancel: &CancelToken,
    ) -> std::result::Result<Started, Place> {
        let Lock::Held(mut inner) = place.lock else {
            return Err(place);
        };
        let closed = place.closed;
        // `req` was checked by the caller a moment ago (`validate_run`, on this same call).
        let would_start = reading::cheap_to_check(&req.command)
            && !self.closed.load(Ordering::SeqCst)
            && !cancel.is_cancelled()
            && !place.aborted.is_cancelled();
        // No shell yet: one waiting in the pool is taken here (no spawn: nothing is started on
        // the caller's thread).
        let mut restarted = false;
        if would_start && inner.live.is_none() && inner.parked.is_none() {
            if let Some(live) = self.take_pooled(&inner) {
                restarted = self.install(&mut inner, live);
            }
        }
        // A live shell whose output FIFOs can be reused: nothing to spawn or register with the
        // runtime, which the caller's thread may not be in.
        let separate = req.stderr == Stderr::Separate;
        let ready = inner
            .live
            .as_ref()
            .is_some_and(|l| l.fifos_ready(separate) && !l.spawned.has_exited());
        let startable = ready && would_start;
        if !startable {
            return Err(Place {
                aborted: place.aborted,
                closed,
                lock: Lock::Held(inner),
            });
        }
        let mut started = self.start(inner, req.clone(), place.aborted, Liveness::Seen);
        started.restarted |= restarted;
        Ok(started)
    }

    /// Hands the shell the run's script (starting a shell first if there is none).
    fn start(
        &self,
        mut inner: OwnedMutexGuard<Inner>,
        req: RunRequest,
        aborted: CancelToken,
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
            aborted,
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
        self.finish_to(started, Senders::merged(out), cancel).await
    }

    /// [`Session::finish`], with stderr to `out.err` when the run keeps it apart.
    pub async fn finish_to(
        &self,
        started: Started,
        out: Senders,
        cancel: &CancelToken,
    ) -> Result<RunOutcome> {
        let Started {
            mut inner,
            req,
            aborted,
            start,
            mut restarted,
            mut begun,
        } = started;
        let mut retried = false;
        let stop = StopSignals {
            tokens: [Some(cancel), Some(&aborted)],
            deadline: req.timeout.map(|t| Deadline::new(start + t)),
        };
        let outcome = loop {
            let attempt = match begun {
                Ok(()) => self.run_on_live(&mut inner, &req, &out, &stop).await,
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
                self.kill_live(&mut inner, IdleShell::KillNow).await;
                return Err(e);
            }
        };
        outcome.session_restarted = restarted;
        outcome.duration = start.elapsed();
        Ok(outcome)
    }

    /// Aborts the running command and every run queued until now (runs queued after this are
    /// not); takes effect at once. [`Session::idle`] then tells when the session is idle.
    pub fn begin_abort(&self) {
        let mut current = self.abort.lock().unwrap_or_else(PoisonError::into_inner);
        current.cancel();
        *current = CancelToken::default();
    }

    /// The token that the next `abort()` cancels.
    fn abort_token(&self) -> CancelToken {
        self.abort
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
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

    /// [`Session::close`] for a session no one will use again (the end of `executeShell`): when
    /// nothing runs below its shell (which then only waits for a run that will not come), the
    /// kill of the shell is left to the thread that reaps it, and the caller goes on at once;
    /// anything below it is ended as by `close` before this returns.
    pub async fn close_soon(&self) {
        self.begin_close();
        let mut inner = self.inner.lock().await;
        inner.parked = None;
        self.kill_live(&mut inner, IdleShell::KillLater).await;
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
        inner.parked = None;
        self.kill_live(&mut inner, IdleShell::KillNow).await;
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

    /// Starts the shell if there is none; returns whether this replaced an earlier one.
    fn ensure_live(&self, inner: &mut Inner) -> Result<bool> {
        if inner.live.is_none() {
            if let Some(unparked) = self.unpark(inner) {
                return unparked.map(|()| false);
            }
        }
        if let Some(live) = &inner.live {
            if !live.spawned.has_exited() {
                return Ok(false);
            }
        }
        if let Some(live) = inner.live.take() {
            self.supervisor.store(0, Ordering::SeqCst);
            live.destroy_now();
        }
        let live = match self.take_pooled(inner) {
            Some(live) => live,
            None => {
                let live = start_shell(
                    &self.config,
                    self.start_dir(inner).as_deref(),
                    self.watcher.as_deref(),
                )?;
                if let Some(pool) = &self.pool {
                    pool.started(&self.config);
                }
                live
            }
        };
        Ok(self.install(inner, live))
    }

    /// Where a new shell starts: where the last one was, else the configured directory.
    fn start_dir(&self, inner: &Inner) -> Option<PathBuf> {
        inner
            .working_dir
            .clone()
            .map(PathBuf::from)
            .filter(|p| p.is_dir())
            .or_else(|| self.config.cwd.clone())
    }

    /// A shell from the pool, made the one `start_shell` would start now.
    fn take_pooled(&self, inner: &Inner) -> Option<Live> {
        let pool = self.pool.as_ref()?;
        let cwd = match self.start_dir(inner) {
            Some(dir) => dir,
            None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
        };
        pool.take(&self.config, &cwd, self.watcher.as_deref())
    }

    /// Makes `live` the session's shell; returns whether it replaces an earlier one.
    fn install(&self, inner: &mut Inner, live: Live) -> bool {
        let restarted = inner.started_once;
        self.supervisor
            .store(live.spawned.supervisor.id() as i32, Ordering::SeqCst);
        inner.live = Some(live);
        inner.started_once = true;
        inner.restore.clear();
        restarted
    }

    /// Ends the shell and everything below it. Below it, a grace period first, awaited; a shell
    /// with nothing below it is killed now, or with `KillLater` by the thread that reaps it.
    async fn kill_live(&self, inner: &mut Inner, idle: IdleShell) {
        let Some(live) = inner.live.take() else {
            return;
        };
        self.supervisor.store(0, Ordering::SeqCst);
        let below = live.below();
        if below.is_empty() {
            // Nothing to give a grace period (the end of every `executeShell`): the shell is
            // killed now; its supervisor, its liveness pipe closed, removes the session's files
            // and exits, and is reaped in the background. Waiting for that took half a
            // millisecond, and removing a directory takes 0.4-2 ms on some filesystems (ext4
            // mounted with `discard`). A host that exits right after leaves nothing either: the
            // supervisor is a process of its own.
            let mut live = live;
            if idle == IdleShell::KillNow {
                live.spawned.kill();
            }
            // `destroy_idle` kills the shell too, if it is still there.
            tokio::task::spawn_blocking(move || live.destroy_idle());
            return;
        }
        let grace = Duration::from_millis(tree::KILL_GRACE_MS);
        let _ = tokio::task::spawn_blocking(move || live.destroy(grace)).await;
    }

    async fn run_on_live(
        &self,
        inner: &mut Inner,
        req: &RunRequest,
        out: &Senders,
        stop: &StopSignals<'_>,
    ) -> Result<Attempt> {
        let Some(live) = inner.live.as_mut() else {
            return Err(Error::io(
                "running a command",
                std::io::Error::other("no shell"),
            ));
        };
        let mut saved = Vec::new();
        let mut ended = live.drive(out, stop, &mut saved).await?;
        // The run's env is exported in the shell however the run ends; a new shell has none.
        inner.restore = restore_for(&req.env, saved);
        let mut outcome = RunOutcome::default();
        if let Ended::Status { state, pwd } = ended {
            outcome.set_ending(Ending::from_exit_code(state.last_status));
            outcome.working_dir = Some(pwd.clone());
            inner.working_dir = Some(pwd);
            let trap = framing::exit_trap_command(&state.traps);
            live.state = state;
            ended = match trap {
                // The EXIT trap a run set is part of the run: it may be stopped as the run
                // may, and its status report leaves the run's status as it was.
                Some(trap) => {
                    let reading = reading::reading_for(&trap);
                    let script = live.framing.exit_trap_script(
                        &live.state,
                        &trap,
                        reading,
                        live.lineno_named,
                    );
                    live.append_and_wake(&script)?;
                    let mut ignored = Vec::new();
                    match live.drive(out, stop, &mut ignored).await? {
                        Ended::Status { state, pwd } => Ended::Status { state, pwd },
                        Ended::ShellExited { status, pwd } => {
                            outcome.exit_code = Ending::exited(status).exit_code;
                            Ended::ShellExited { status, pwd }
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
            // The shell exited (`exit N`) before its framing reported a directory: where the run
            // started (the run's `cwd`, else the last one reported, else the one the session
            // started in; the anchor always gives `workingDir`), unless the supervisor tells
            // where the shell was when it exited (below).
            let asked = req.cwd.as_ref().map(|d| d.to_string_lossy().into_owned());
            outcome.working_dir = asked.or_else(|| inner.working_dir.clone()).or_else(|| {
                let start = self
                    .config
                    .cwd
                    .clone()
                    .or_else(|| std::env::current_dir().ok());
                start.map(|d| d.to_string_lossy().into_owned())
            });
        }
        let Some(live) = inner.live.as_mut() else {
            return Ok(Attempt::Ran(outcome));
        };
        match ended {
            Ended::Status { state, pwd } => {
                live.state = state;
                if !self.one_run {
                    live.end_run();
                }
                inner.working_dir = Some(pwd.clone());
                outcome.working_dir = Some(pwd);
            }
            Ended::ShellExited { status, pwd } => {
                let began = live.began_chunk();
                if outcome.exit_code.is_none() {
                    outcome.set_ending(Ending::exited(status));
                }
                // The directory the shell was in when it exited, as `cd sub; (exit 4)` would have
                // reported it; the next shell starts there.
                if let Some(pwd) = pwd {
                    outcome.working_dir = Some(spelled_from(pwd, outcome.working_dir.as_deref()));
                }
                inner.working_dir.clone_from(&outcome.working_dir);
                self.kill_live(inner, IdleShell::KillNow).await;
                if !began {
                    return Ok(Attempt::NotBegun(outcome));
                }
            }
            Ended::Stopped(why) => {
                match live.stop_run(out).await {
                    // The stop came after the script had ended: its report stands.
                    Some((state, pwd)) => {
                        if outcome.exit_code.is_none() {
                            outcome.set_ending(Ending::from_exit_code(state.last_status));
                        }
                        live.state = state;
                        if !self.one_run {
                            live.end_run();
                        }
                        inner.working_dir = Some(pwd.clone());
                        outcome.working_dir = Some(pwd);
                    }
                    None => {
                        outcome = RunOutcome {
                            working_dir: inner.working_dir.clone(),
                            ..Default::default()
                        };
                        outcome.set_ending(Ending::stopped(why, None));
                        self.kill_live(inner, IdleShell::KillNow).await;
                    }
                }
            }
        }
        Ok(Attempt::Ran(outcome))
    }
}

/// A run handed to the shell on the caller's thread ([`Session::try_start`]), or one still to
/// go through the session's line ([`Session::queue`]).
pub enum Launch {
    Started(Started),
    Queued(Place, RunRequest),
}

impl Session {
    /// Runs `launch` to its end with its output decoded (and run through `output`'s sink when
    /// given) and handed to `receiver`, each piece awaited (a slow receiver slows the command).
    /// Returns once the receiver took the last of it, with the sink's summary.
    pub async fn run_delivered<R: ChunkReceiver + 'static>(
        &self,
        launch: Launch,
        output: Option<&OutputOptions>,
        receiver: Option<R>,
        cancel: &CancelToken,
    ) -> Result<(RunOutcome, Option<OutputSummary>)> {
        let pipeline = output.map(OutputPipeline::new).transpose()?;
        let (outcome, summary) = deliver_while(pipeline, receiver, |out| async move {
            match launch {
                Launch::Started(started) => self.finish(started, out, cancel).await,
                Launch::Queued(place, req) => self.run_in(place, req, out, cancel).await,
            }
        })
        .await?;
        Ok((outcome?, summary))
    }

    /// [`Session::run_delivered`] for a run that keeps stderr apart: stdout goes as there, stderr
    /// through a pipeline of its own on `err_output` (always: its summary is the only place its
    /// text stays when `err_receiver` is `None`) to `err_receiver`. Each stream is delivered in
    /// its own order; returns once both receivers took the last of theirs, with stdout's summary
    /// (when `output` was given) and stderr's.
    pub async fn run_delivered_apart<R, E>(
        &self,
        launch: Launch,
        output: Option<&OutputOptions>,
        receiver: Option<R>,
        err_output: &OutputOptions,
        err_receiver: Option<E>,
        cancel: &CancelToken,
    ) -> Result<(RunOutcome, Option<OutputSummary>, OutputSummary)>
    where
        R: ChunkReceiver + 'static,
        E: ChunkReceiver + 'static,
    {
        let pipeline = output.map(OutputPipeline::new).transpose()?;
        let err_pipeline = OutputPipeline::new(err_output)?;
        let (inner, summary) = deliver_while(pipeline, receiver, |out| async move {
            // Stderr's delivery goes beside the run in the same task rather than in a task of
            // its own (as `deliver_while` does): stderr is mostly small, and a spawned task and
            // its join cost every run apart.
            let (tx, rx) = mpsc::channel(CHUNK_QUEUE);
            let senders = Senders { out, err: Some(tx) };
            let run = async move {
                match launch {
                    Launch::Started(started) => self.finish_to(started, senders, cancel).await,
                    Launch::Queued(place, req) => self.run_in_to(place, req, senders, cancel).await,
                }
            };
            tokio::join!(run, deliver(rx, Some(err_pipeline), err_receiver))
        })
        .await?;
        let (outcome, err_summary) = inner;
        let err_summary = err_summary
            .ok_or_else(|| Error::io("delivering stderr", std::io::Error::other("no summary")))?;
        Ok((outcome?, summary, err_summary))
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
    /// Cancelled by an `abort()` after the run was called.
    aborted: CancelToken,
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
    aborted: CancelToken,
    start: Instant,
    restarted: bool,
    /// Whether the script went to the shell, or why it could not.
    begun: Result<()>,
}

/// `dir`, a directory as the kernel names it (no symbolic link in it), spelled as the shell would
/// after moving there from `base` (the directory the run started in, as the shell spelled it):
/// below `base`'s real path, `base` and the rest; anything else as it is. A run started in
/// `~/proj`, a link to `/data/proj`, that ends in `sub` reports `~/proj/sub` (expanded).
fn spelled_from(dir: String, base: Option<&str>) -> String {
    let Some(base) = base else {
        return dir;
    };
    let Ok(real) = std::fs::canonicalize(base) else {
        return dir;
    };
    match std::path::Path::new(&dir).strip_prefix(&real) {
        Ok(rest) if rest.as_os_str().is_empty() => base.to_string(),
        Ok(rest) => std::path::Path::new(base)
            .join(rest)
            .to_string_lossy()
            .into_owned(),
        Err(_) => dir,
    }
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
    live.lineno_named |= req.command.contains("LINENO");
    let new_fifos = live.prepare_fifos(req.stderr == Stderr::Separate)?;
    // A capture of the state stays true across a run that cannot change it, with nothing of the
    // framing's that would: no `cwd` of the run's own but where the shell is with `OLDPWD` there
    // too (the tool layer gives every run the session's directory), no `env`, none of a run
    // before to undo, no trap (a trap's command may change anything, at any command).
    let kept = live.captured.take().filter(|kept| {
        req.cwd.as_ref().is_none_or(|dir| {
            dir.to_str()
                .is_some_and(|d| kept.cd_keeps.as_deref() == Some(d))
        }) && req.env.is_empty()
            && restore.is_empty()
            && live.state.traps.trim().is_empty()
            && neutral::keeps_state(&req.command, &|name| kept.names.contains(name))
    });
    let cwd = req.cwd.as_ref().map(|p| p.to_string_lossy().into_owned());
    let script = live.framing.run_script(
        &live.state,
        &RunScript {
            command: &req.command,
            reading: reading::reading_for(&req.command),
            fifo: new_fifos.as_ref().map(|(out, _)| out.as_str()),
            err_fifo: new_fifos.as_ref().and_then(|(_, err)| err.as_deref()),
            cwd: cwd.as_deref(),
            env: &req.env,
            restore: &restore,
            lineno_named: live.lineno_named,
        },
    );
    live.append_and_wake(&script)?;
    live.captured = kept;
    Ok(())
}

/// The text that gives each key of a run's `env` back the value `saved` reported for it (a key
/// whose report never arrived was unset).
fn restore_for(env: &[(String, String)], saved: Vec<Option<String>>) -> String {
    let saved = saved.into_iter().chain(std::iter::repeat(None));
    let pairs: Vec<(String, Option<String>)> =
        env.iter().map(|(k, _)| k.clone()).zip(saved).collect();
    framing::restore_env(&pairs)
}

#[path = "session/aside.rs"]
pub(crate) mod aside;

#[path = "session/park.rs"]
pub(crate) mod park;

#[cfg(test)]
#[path = "session/tests.rs"]
pub(crate) mod tests;

#[cfg(test)]
#[path = "session/stderr_tests.rs"]
mod stderr_tests;
