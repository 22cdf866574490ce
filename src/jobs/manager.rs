//! The job manager: starts commands that run on while the caller goes on, keeps each one's unread
//! output (bounded), and reports how each ended. A job is one run on a fresh [`Session`] that is
//! closed when the run ends, exactly as `executeShell` runs a command: the same framing,
//! timeout, stop sequence and tree kill. Nothing polls: a job's task sleeps until its output or
//! its end arrives.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::{mpsc, watch};

use super::buffer::Unread;
use crate::commands::js_regex::JsRegex;
use crate::error::{Error, Result};
use crate::output::{deliver, ChunkReceiver, OutputOptions, OutputPipeline, Received};
use crate::run::CancelToken;
use crate::shell::framing::quote;
use crate::shell::session::aside::Aside;
use crate::shell::state::{self, Captured};
use crate::shell::validate_run;
use crate::shell::{Pool, RunOutcome, RunRequest, Session, ShellConfig};

/// Running jobs allowed at once unless the manager is told otherwise.
pub const DEFAULT_MAX_JOBS: usize = 64;
/// Unread output kept per job unless the manager is told otherwise: 1 MiB, about 15,000 lines of
/// a build log, far more than an agent reads at once.
pub const DEFAULT_BUFFER_BYTES: usize = 1 << 20;
/// Output chunks (of up to [`JOB_READ_CHUNK_BYTES`]) in flight between a job's shell and its buffer:
/// the buffer takes them as fast as they come, so this only smooths bursts.
const CHUNK_QUEUE: usize = 1;
/// What a job's session reads from its output at a time. A job's output mostly waits unread in
/// its buffer, and each job holds a read buffer and a chunk or two in flight of this size besides
/// (at the run layer's 64 KiB, `run::READ_CHUNK_BYTES`, 64 flooding jobs held 14 MiB more
/// than their buffers).
const JOB_READ_CHUNK_BYTES: usize = 16 * 1024;
/// The longest a priming waits for a shell being started for the pool: at load average 13 on
/// two cores, starting a confined shell took more than the pool's own 100 ms wait.
const PRIME_FILL_WAIT: Duration = Duration::from_secs(2);

/// How a job stands. Never `Completed` for a job that did not end by itself with status 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobStatus {
    Running,
    /// Ended by itself with exit status 0.
    Completed,
    /// Ended by itself with a non-zero status or a signal, or could not start.
    Failed,
    /// Ended by `kill` or `close` (or the manager's end).
    Killed,
    /// Ended by its own `timeoutMs`.
    TimedOut,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Running => "running",
            JobStatus::Completed => "completed",
            JobStatus::Failed => "failed",
            JobStatus::Killed => "killed",
            JobStatus::TimedOut => "timed_out",
        }
    }
}

/// How a manager bounds its jobs.
#[derive(Debug, Clone)]
pub struct ManagerOptions {
    /// Running jobs at once; starting one more fails with `TooManyJobs`.
    pub max_jobs: usize,
    /// Unread output kept per job, in bytes; older output is dropped and counted.
    pub buffer_bytes: usize,
    /// Where each job's whole output is also written, as `<id>.log`.
    pub artifact_dir: Option<PathBuf>,
}

impl Default for ManagerOptions {
    fn default() -> Self {
        ManagerOptions {
            max_jobs: DEFAULT_MAX_JOBS,
            buffer_bytes: DEFAULT_BUFFER_BYTES,
            artifact_dir: None,
        }
    }
}

/// What to run as a job.
#[derive(Debug, Clone, Default)]
pub struct JobSpec {
    pub label: Option<String>,
    /// The shell to start (for a job that starts from a session: its environment, before the
    /// session's state replaces it).
    pub config: ShellConfig,
    /// The command, its `cwd`, `env` and `timeout`.
    pub run: RunRequest,
    /// How output is cleaned (`stripAnsi`, `normalizeNewlines`) and how the artifact is capped
    /// (`artifactMaxBytes`, `artifactHeadBytes`); an `artifact_path` here overrides the
    /// manager's `artifact_dir` for this job. The in-memory budget is the manager's.
    pub output: OutputOptions,
    /// Kills the job when cancelled (an AbortSignal's counterpart), as `kill` does.
    pub cancel: CancelToken,
}

/// A job as `list()` shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct JobInfo {
    pub id: String,
    pub label: Option<String>,
    pub command: String,
    pub status: JobStatus,
    pub exit_code: Option<i32>,
    pub signal: Option<String>,
    /// Milliseconds since the Unix epoch, as `Date.now()`.
    pub started_at_ms: f64,
    pub ended_at_ms: Option<f64>,
    /// The job's shell, once it started.
    pub pid: Option<i32>,
    /// The directory the job's shell was in when its command ended (absent until then, and
    /// when the shell did not report one).
    pub working_dir: Option<String>,
}

/// A read of a job's output.
#[derive(Debug, Clone, PartialEq)]
pub struct JobOutput {
    pub info: JobInfo,
    /// Output since the last read (only the matching lines, for a filtered read).
    pub output: String,
    /// Output lost since the last read because the unread buffer was full.
    pub dropped_bytes: u64,
    pub artifact_path: Option<PathBuf>,
}

/// Called once when a job ends, with how it ended.
pub type OnExit = Box<dyn FnOnce(JobInfo) + Send>;

/// The task that runs one job to its end (see [`JobManager::prepare`]).
pub type JobTask = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// Background jobs, each on its own shell. Dropping the manager kills every job it has running.
pub struct JobManager {
    options: ManagerOptions,
    jobs: Mutex<Jobs>,
    /// Where jobs take a shell started ahead of need (see [`JobManager::with_pool`]).
    pool: Option<Arc<Pool>>,
    /// How the last job started from a session was started: the next one from it likely is
    /// alike, and a shell of the pool sources that session's state ahead of it (see [`prime`]).
    last_from: Arc<Mutex<Option<Template>>>,
}

#[derive(Default)]
struct Jobs {
    /// In start order.
    list: Vec<Arc<Job>>,
    by_id: HashMap<String, Arc<Job>>,
    next: u64,
    closed: bool,
}

struct Job {
    id: String,
    label: Option<String>,
    command: String,
    started_at_ms: f64,
    session: Arc<Session>,
    cancel: CancelToken,
    state: Mutex<JobState>,
    ended: watch::Sender<bool>,
}

struct JobState {
    status: JobStatus,
    exit_code: Option<i32>,
    signal: Option<String>,
    ended_at_ms: Option<f64>,
    pid: Option<i32>,
    working_dir: Option<String>,
    /// `kill`, `close` or the manager's end asked for it: how it then ends is `Killed`.
    kill_requested: bool,
    unread: Unread,
    artifact_path: Option<PathBuf>,
}

impl JobManager {
    /// A manager; its `artifact_dir` is created if missing.
    pub fn new(options: ManagerOptions) -> Result<Self> {
        if let Some(dir) = &options.artifact_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::io(format!("creating artifactDir {}", dir.display()), e))?;
        }
        Ok(JobManager {
            options,
            jobs: Mutex::new(Jobs::default()),
            pool: None,
            last_from: Arc::new(Mutex::new(None)),
        })
    }

    /// Has each job take a shell started ahead of need from `pool` (made with
    /// [`crate::shell::PoolOptions::jobs`]) when one waits there started as the job's would be, confined by
    /// the same policy; once a job ends, a shell is started ahead for the next on the same plan.
    /// The pool's shell ends with the manager ([`JobManager::close`], [`JobManager::kill_now`],
    /// its drop) or after the pool's idle time.
    pub fn with_pool(mut self, pool: Arc<Pool>) -> Self {
        self.pool = Some(pool);
        self
    }

    /// Starts `spec` and returns its id at once; the command runs on in a task of the current
    /// tokio runtime (call from within one; else see [`JobManager::prepare`]). With `from`, the job's shell starts from that
    /// session's state (see [`state`]), read through the session's queue without disturbing it.
    /// `on_exit` is called once when the job ends.
    #[cfg(test)]
    pub fn start(
        &self,
        spec: JobSpec,
        from: Option<Arc<Session>>,
        on_exit: Option<OnExit>,
    ) -> Result<String> {
        let (id, task) = self.prepare(spec, from, on_exit)?;
        if let Some(task) = begin(task) {
            tokio::spawn(task);
        }
        Ok(id)
    }

    /// Starts a job for a caller that runs the job's task itself (on a runtime it
    /// enters by other means): the job is registered and its id returned, with the task that
    /// runs it, which must be spawned at once.
    pub fn prepare(
        &self,
        spec: JobSpec,
        from: Option<Arc<Session>>,
        on_exit: Option<OnExit>,
    ) -> Result<(String, JobTask)> {
        let JobSpec {
            label,
            mut config,
            mut run,
            mut output,
            cancel,
        } = spec;
        validate_run(&run)?;
        if from.as_ref().is_some_and(|s| s.is_closed()) {
            return Err(Error::SessionClosed);
        }
        let mut jobs = self.lock_jobs();
        if jobs.closed {
            return Err(Error::JobsClosed);
        }
        let running = jobs.running();
        if running >= self.options.max_jobs {
            return Err(Error::TooManyJobs {
                running,
                limit: self.options.max_jobs,
            });
        }
        jobs.next += 1;
        let id = format!("job-{}", jobs.next);
        if output.artifact_path.is_none() {
            output.artifact_path = self
                .options
                .artifact_dir
                .as_ref()
                .map(|dir| dir.join(format!("{id}.log")));
        }
        // The budget in memory is the unread buffer; the sink keeps nothing and spills every
        // byte to the artifact from the first one.
        output.max_bytes = 0;
        output.head_bytes = 0;
        output.max_columns = 0;
        let pipeline = OutputPipeline::new(&output)?;
        // A shell for this job is wanted now: when none waits, a replacement started ahead that
        // still waits for its delay (the last job ended a moment ago) is started at once; when
        // one waits, the replacement waits for this job's end, not to compete with it.
        let under_way = self.pool.as_ref().map(|pool| {
            if !pool.has_ready() {
                pool.refill_if_due();
            }
            pool.job_under_way()
        });
        let snapshot = match &from {
            Some(session) => {
                // A manager that starts its shells ahead has the session read its state ahead
                // too, after each of its runs: the next job is then given it at once, and a
                // shell of the pool sources it ahead of that job.
                if let Some(pool) = &self.pool {
                    let (pool, last_from) = (Arc::downgrade(pool), self.last_from.clone());
                    let from = Arc::downgrade(session);
                    session.read_state_ahead(Some(Arc::new(
                        move |read: Option<&[u8]>| match read {
                            Some(kept) => prime_now(&pool, &last_from, &from, kept),
                            None => drop(tokio::spawn(prime(pool.clone(), last_from.clone()))),
                        },
                    )));
                }
                // The session's shell binary, so that `sh` sessions give `sh` jobs.
                config.shell = session.config().shell.clone();
                // A sandboxed session's job is confined at least as the session is: it runs
                // the session's functions and aliases, which must not run with more than it had.
                if let Some(outer) = &session.config().sandbox {
                    config.sandbox = Some(match config.sandbox.take() {
                        Some(own) => own.within(outer),
                        None => outer.clone(),
                    });
                }
                let path = snapshot_path(&id)?;
                // A `snapshotPath` of the job's own is sourced first, from the state file.
                let own = config.snapshot.replace(path.to_string_lossy().into_owned());
                // The state file is written once the state is read, after the shell's start
                // was planned; its one run takes the reset of `LINENO` that holds whatever the
                // file says (about 15,000 of bash's instructions, once) rather than have the
                // host read back the file it has just written (five system calls in the call's
                // time, 0.15 ms at load 9).
                config.snapshot_names_lineno = Some(true);
                // Explicit `env` and `sessionEnv` must win over the session's variables, which
                // the snapshot sets after the shell started: they go with the run.
                let mut env = std::mem::take(&mut config.session_env);
                env.extend(std::mem::take(&mut run.env));
                run.env = env;
                Some(StateFile { path, own })
            }
            None => {
                // One-shot, as executeShell: the run's env is the shell's environment.
                config.session_env.extend(std::mem::take(&mut run.env));
                config.cwd = run.cwd.take();
                None
            }
        };
        config.read_chunk_bytes = JOB_READ_CHUNK_BYTES;
        // A job's own `snapshotPath` is read when the job starts: a shell that sourced it
        // earlier may have read another text. Such jobs are not primed for.
        let primes = match (&from, &snapshot) {
            (Some(session), Some(file)) if self.pool.is_some() && file.own.is_none() => {
                let mut template = config.clone();
                template.snapshot = None;
                *lock(&self.last_from) = Some(Template {
                    session: Arc::downgrade(session),
                    own_tmpdir: own_tmpdir(&config, &run),
                    config: template,
                    cd: run.cwd.is_none(),
                });
                true
            }
            _ => false,
        };
        // One run, then closed: its end need not look at the shell for a next one.
        let session = Session::new(config)?.for_one_run();
        let session = match &self.pool {
            Some(pool) => session.with_pool(pool.clone()),
            None => session,
        };
        let session = Arc::new(session);
        let (ended, _) = watch::channel(false);
        let job = Arc::new(Job {
            id: id.clone(),
            label,
            command: run.command.clone(),
            started_at_ms: now_ms(),
            session,
            cancel,
            state: Mutex::new(JobState {
                status: JobStatus::Running,
                exit_code: None,
                signal: None,
                ended_at_ms: None,
                pid: None,
                working_dir: None,
                kill_requested: false,
                unread: Unread::new(self.options.buffer_bytes),
                artifact_path: None,
            }),
            ended,
        });
        jobs.forget_ended_beyond(self.options.max_jobs);
        jobs.list.push(job.clone());
        jobs.by_id.insert(id.clone(), job.clone());
        drop(jobs);
        let artifact = output.artifact_path.clone();
        let pool = self.pool.clone();
        let last_from = self.last_from.clone();
        let task = async move {
            drive(
                job,
                run,
                from,
                snapshot,
                pipeline,
                artifact,
                pool.clone(),
                on_exit,
            )
            .await;
            drop(under_way);
            // The next job's shell is started once this one is over, not while it runs, nor
            // while the host takes its result; and then primed with the session's state.
            if let Some(pool) = pool {
                pool.replenish_soon();
                if primes {
                    tokio::spawn(prime(Arc::downgrade(&pool), last_from));
                }
            }
        };
        Ok((id, Box::pin(task)))
    }

    /// What the job wrote since the last read; with `filter`, only the lines it matches (the rest
    /// is consumed too). While the job runs, a last line without its newline yet stays unread
    /// for a filtered read, to be matched whole.
    pub fn output(&self, id: &str, filter: Option<&JsRegex>) -> Result<JobOutput> {
        Ok(self.job(id)?.read(filter))
    }

    /// Resolves when the job ended, or after `timeout` (the job then still `Running`), with the
    /// output since the last read.
    pub async fn wait(&self, id: &str, timeout: Option<Duration>) -> Result<JobOutput> {
        let job = self.job(id)?;
        let mut ended = job.ended.subscribe();
        let until_ended = ended.wait_for(|e| *e);
        match timeout {
            Some(t) => drop(tokio::time::timeout(t, until_ended).await),
            None => drop(until_ended.await),
        }
        Ok(job.read(None))
    }

    /// Kills the job's whole process tree (TERM, a grace, KILL) and resolves once it ended, with
    /// what it left unread. A job that had already ended keeps its status.
    pub async fn kill(&self, id: &str) -> Result<JobOutput> {
        let job = self.job(id)?;
        job.kill().await;
        Ok(job.read(None))
    }

    /// Every job known, in start order (ended ones until forgotten).
    pub fn list(&self) -> Vec<JobInfo> {
        let jobs = self.lock_jobs();
        jobs.list.iter().map(|j| j.info()).collect()
    }

    /// Kills every job and refuses new ones; resolves when all ended. Idempotent.
    pub async fn close(&self) {
        let running: Vec<Arc<Job>> = {
            let mut jobs = self.lock_jobs();
            jobs.closed = true;
            jobs.list.clone()
        };
        for job in &running {
            job.request_kill();
        }
        for job in &running {
            job.kill().await;
        }
        if let Some(pool) = self.pool.clone() {
            let _ = tokio::task::spawn_blocking(move || pool.close()).await;
        }
    }

    /// Kills every job at once, from any thread, without waiting (a host tearing down).
    pub fn kill_now(&self) {
        let jobs = {
            let mut jobs = self.lock_jobs();
            jobs.closed = true;
            jobs.list.clone()
        };
        for job in jobs {
            job.request_kill();
            job.session.kill_now();
        }
        if let Some(pool) = &self.pool {
            pool.close();
        }
    }

    fn job(&self, id: &str) -> Result<Arc<Job>> {
        self.lock_jobs()
            .by_id
            .get(id)
            .cloned()
            .ok_or_else(|| Error::JobNotFound(id.to_string()))
    }

    fn lock_jobs(&self) -> MutexGuard<'_, Jobs> {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Drop for JobManager {
    fn drop(&mut self) {
        self.kill_now();
    }
}

impl Jobs {
    fn running(&self) -> usize {
        self.list.iter().filter(|j| j.is_running()).count()
    }

    /// Keeps at most `keep` ended jobs (their info and unread output), forgetting the oldest.
    fn forget_ended_beyond(&mut self, keep: usize) {
        let ended = self.list.len() - self.running();
        let mut extra = ended.saturating_sub(keep);
        if extra == 0 {
            return;
        }
        let by_id = &mut self.by_id;
        self.list.retain(|job| {
            if extra > 0 && !job.is_running() {
                extra -= 1;
                by_id.remove(&job.id);
                return false;
            }
            true
        });
    }
}

impl Job {
    fn lock(&self) -> MutexGuard<'_, JobState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn is_running(&self) -> bool {
        self.lock().status == JobStatus::Running
    }

    fn info(&self) -> JobInfo {
        let state = self.lock();
        self.info_of(&state)
    }

    fn info_of(&self, state: &JobState) -> JobInfo {
        JobInfo {
            id: self.id.clone(),
            label: self.label.clone(),
            command: self.command.clone(),
            status: state.status,
            exit_code: state.exit_code,
            signal: state.signal.clone(),
            started_at_ms: self.started_at_ms,
            ended_at_ms: state.ended_at_ms,
            pid: state.pid,
            working_dir: state.working_dir.clone(),
        }
    }

    fn read(&self, filter: Option<&JsRegex>) -> JobOutput {
        let mut state = self.lock();
        let running = state.status == JobStatus::Running;
        let (output, dropped_bytes) = match filter {
            Some(re) => state.unread.take_matching(re, running),
            None => state.unread.take(),
        };
        if !running {
            state.unread.release();
        }
        JobOutput {
            info: self.info_of(&state),
            output,
            dropped_bytes,
            artifact_path: state.artifact_path.clone(),
        }
    }

    fn request_kill(&self) {
        let mut state = self.lock();
        if state.status == JobStatus::Running {
            state.kill_requested = true;
            self.cancel.cancel();
        }
    }

    async fn kill(&self) {
        self.request_kill();
        let mut ended = self.ended.subscribe();
        let _ = ended.wait_for(|e| *e).await;
    }
}

/// Where a job that starts from a session gets the session's state: a file its shell sources
/// (after `own`, the job's own `snapshotPath`, if any).
struct StateFile {
    path: PathBuf,
    own: Option<String>,
}

/// How a job was started from a session, for a shell primed ahead of the next such job.
#[derive(Clone)]
struct Template {
    session: Weak<Session>,
    /// The job's shell's configuration, without its state file.
    config: ShellConfig,
    /// The state file moves to the session's directory (the run names none).
    cd: bool,
    /// See [`own_tmpdir`].
    own_tmpdir: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether a job keeps its own temp dir: a sandboxed job writes only in its own temp dir, which
/// its shell got as TMPDIR; the session's TMPDIR (or its lack of one) must not replace it, unless
/// the job's own `env` names one.
fn own_tmpdir(config: &ShellConfig, run: &RunRequest) -> bool {
    config.sandbox.is_some() && !run.env.iter().any(|(k, _)| k == "TMPDIR")
}

/// The text of a job's state file: the job's own snapshot sourced first (`own`), then the
/// session's state, after a move to the session's directory when `cd`; its temp dir kept when
/// `own_tmpdir`.
fn state_text(captured: &Captured, cd: bool, own: Option<&str>, own_tmpdir: bool) -> String {
    let mut text = match own {
        Some(own) => format!("\\builtin source -- {}\n", quote(own)),
        None => String::new(),
    };
    if own_tmpdir {
        text.push_str("__agsh_tmpdir=$TMPDIR\n");
    }
    text.push_str(&state::with_cwd(
        captured,
        cd.then_some(captured.cwd.as_str()),
    ));
    if own_tmpdir {
        text.push_str(
            "\n\\builtin export TMPDIR=$__agsh_tmpdir; \\builtin unset -v __agsh_tmpdir\n",
        );
    }
    text
}

/// What a primed shell was handed beyond its configuration ([`Pool::prime`]'s tag): the state
/// file's whole text and, where it moves to the session's directory, which directory that path
/// named then (one removed and made again since is another).
fn prime_tag(text: &str, captured: &Captured, cd: bool) -> String {
    let dir = cd
        .then(|| crate::process::os::meta::identity(std::path::Path::new(&captured.cwd)))
        .flatten();
    format!("{text}\0{dir:?}")
}

/// Has a shell of the pool source the state of the session the last job started from (as that
/// job's state file would hold it now), while it waits for the next such job: its state file
/// written, and the file sourced, off that job's path. Only from a state the session keeps (read
/// ahead, see `Session::capture_ahead`): nothing is run in the session, nothing waits for it. A
/// job is given the primed shell only when its own state file would be the same text
/// ([`Pool::claim`]); a state that changed since primes again (the session's read ahead calls
/// this 3 ms after a run that could not change the state, and [`prime_now`] in the session's
/// turn after one that may have; a job's end, as soon as the job's result is handed over: a
/// confined call right after another found the shell unprimed when this waited 3 ms, and its
/// shell sourced the state in its time, 6.4 ms at load 8-9 against 0.9 when primed).
async fn prime(pool: Weak<Pool>, last_from: Arc<Mutex<Option<Template>>>) {
    let Some(pool) = pool.upgrade() else {
        return;
    };
    let Some(template) = lock(&last_from).clone() else {
        return;
    };
    let Some(session) = template.session.upgrade() else {
        return;
    };
    // A shell still being started for the pool is waited for (each wait at most the pool's own
    // bound): on a loaded machine a confined shell's start can take longer than one.
    // The first wait also starts a refill still waiting for its delay (the job's end asked for
    // one a moment ago).
    let deadline = tokio::time::Instant::now() + PRIME_FILL_WAIT;
    pool.until_filled().await;
    while !pool.has_ready() && pool.has_waiting() && tokio::time::Instant::now() < deadline {
        pool.until_filled().await;
    }
    // A job under way primes again at its end: a shell sourcing the state now would compete
    // with it for the processor.
    if session.is_closed() || pool.is_busy() {
        return;
    }
    let Some(kept) = session.kept_state() else {
        return;
    };
    prime_from(&pool, template, &kept);
}

/// [`prime`] from the state `kept` that `from`'s shell printed at once after a run that may
/// have changed it (`Session::capture_ahead`), in the session's turn: with no wait, so that a
/// job started on that run's result (which waits for the session's turn to take its state)
/// finds the shell primed with it. A job under way does not hold it back, as it holds back
/// [`prime`]: a job that comes in this turn waits for this state. When no plain shell waits
/// (one is being started), [`prime`] does it on a task of its own once one does.
fn prime_now(
    pool: &Weak<Pool>,
    last_from: &Arc<Mutex<Option<Template>>>,
    from: &Weak<Session>,
    kept: &[u8],
) {
    let Some(pool) = pool.upgrade() else {
        return;
    };
    let Some(template) = lock(last_from).clone() else {
        return;
    };
    // The last job started from another session: its plan is not this one's.
    if !Weak::ptr_eq(&template.session, from) || from.upgrade().is_none_or(|s| s.is_closed()) {
        return;
    }
    if !pool.has_ready() {
        tokio::spawn(prime(Arc::downgrade(&pool), last_from.clone()));
        return;
    }
    prime_from(&pool, template, kept);
}

/// Primes a shell of `pool` with the state file `template`'s job would write from `kept` now,
/// unless the primed shell holds that one already.
fn prime_from(pool: &Arc<Pool>, template: Template, kept: &[u8]) {
    let config = template.config;
    let start = crate::shell::start_env(&config);
    let Some(captured) = state::snapshot(kept, start.as_deref()) else {
        return;
    };
    let text = state_text(&captured, template.cd, None, template.own_tmpdir);
    let tag = prime_tag(&text, &captured, template.cd);
    if pool.primed_with(&tag) {
        return;
    }
    let Ok(path) = snapshot_path("primed") else {
        return;
    };
    if write_private(&path, &text).is_err() {
        remove_state_file(&path);
        return;
    }
    let config = ShellConfig {
        snapshot: Some(path.to_string_lossy().into_owned()),
        ..config
    };
    // The pool owns the file from here (removes it if no shell takes it).
    pool.prime(&config, tag);
}

/// Runs the job to its end, then records how it ended and tells `on_exit`.
#[allow(clippy::too_many_arguments)]
async fn drive(
    job: Arc<Job>,
    run: RunRequest,
    from: Option<Arc<Session>>,
    snapshot: Option<StateFile>,
    pipeline: OutputPipeline,
    artifact: Option<PathBuf>,
    pool: Option<Arc<Pool>>,
    on_exit: Option<OnExit>,
) {
    let mut snapshot = snapshot;
    let (tx, rx) = mpsc::channel::<Vec<u8>>(CHUNK_QUEUE);
    let collect = collect(job.clone(), rx, pipeline, artifact);
    let run = run_job(&job, run, from, snapshot.as_mut(), pool.as_ref(), tx);
    let (outcome, ()) = tokio::join!(run, collect);
    job.session.close().await;
    if let Some(state) = snapshot {
        remove_state_file(&state.path);
    }
    let info = {
        let mut state = job.lock();
        match outcome {
            Ok(outcome) => settle(&mut state, &outcome),
            Err(e) => {
                state.status = if state.kill_requested {
                    JobStatus::Killed
                } else {
                    JobStatus::Failed
                };
                state.unread.push(&format!("agent-shell: {e}\n"));
            }
        }
        state.ended_at_ms = Some(now_ms());
        job.info_of(&state)
    };
    job.ended.send_replace(true);
    if let Some(on_exit) = on_exit {
        on_exit(info);
    }
}

/// Runs a job's task ([`JobManager::prepare`]) here, on the caller's thread, up to its first
/// wait, and returns the rest to spawn (`None` when it already ended). Call within the runtime.
/// The host calls this on its JavaScript thread: a confined call's state is taken (when the
/// session keeps it), its shell taken and handed the command before `start` returns, with no hop
/// to a worker thread first (0.27 ms at load 8-10). Nothing on the way blocks on a process or
/// on the session: a capture run in the session's turn, a shell still being started and a
/// shell started now (no shell waits) are awaited, the rest then running on the runtime.
pub fn begin(mut task: JobTask) -> Option<JobTask> {
    use std::task::{Context, Poll, Waker};
    // A no-op waker: the task, spawned right after, is polled again at once by the runtime and
    // registers its own wherever it waits.
    match task.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(()) => None,
        Poll::Pending => Some(task),
    }
}

/// The status a run's outcome gives a job.
fn settle(state: &mut JobState, outcome: &RunOutcome) {
    state.working_dir = outcome.working_dir.clone();
    state.exit_code = outcome.exit_code;
    state.signal = outcome.signal.clone();
    state.status = if outcome.timed_out {
        JobStatus::TimedOut
    } else if outcome.cancelled || (state.kill_requested && outcome.exit_code != Some(0)) {
        state.exit_code = None;
        state.signal = None;
        JobStatus::Killed
    } else if outcome.exit_code == Some(0) && outcome.signal.is_none() {
        JobStatus::Completed
    } else {
        JobStatus::Failed
    };
}

/// Starts the job's shell (from the session's state, if any) and runs the command on it: a shell
/// of the pool primed with that same state file's text when there is one ([`prime`]), else one
/// handed the file now.
async fn run_job(
    job: &Job,
    mut run: RunRequest,
    from: Option<Arc<Session>>,
    snapshot: Option<&mut StateFile>,
    pool: Option<&Arc<Pool>>,
    tx: mpsc::Sender<Vec<u8>>,
) -> Result<RunOutcome> {
    let prepare = async {
        if let (Some(session), Some(file)) = (from, snapshot) {
            let from_config = session.config().clone();
            // The state the session keeps, when it is idle, is taken at once (no task, no
            // wait: see `begin`); else read in its turn.
            let aside = match session.kept_state() {
                Some(kept) => Aside::Ran(kept.to_vec()),
                None => {
                    // A task of its own: a kill while the session runs the capture must not drop
                    // the capture half-way (the session would lose track of its shell); it
                    // finishes and puts the session's `$?` back whatever becomes of the job.
                    let capture = tokio::spawn(async move { session.capture_state().await });
                    capture.await.map_err(|e| {
                        Error::io(
                            "reading the session's state",
                            std::io::Error::other(e.to_string()),
                        )
                    })??
                }
            };
            let captured = match aside {
                // The job's shell starts with the plan's environment (a waiting one too: it was
                // started on an equal plan): only what differs from it is declared.
                Aside::Ran(output) => state::snapshot(
                    &output,
                    crate::shell::start_env(job.session.config()).as_deref(),
                )
                .ok_or_else(|| {
                    Error::io(
                        "reading the session's state",
                        std::io::Error::other("the state report was cut short"),
                    )
                })?,
                Aside::NoShell { working_dir } => {
                    state::unstarted(from_config, working_dir.as_deref())
                }
            };
            // An explicit cwd is the shell's start (the bootstrap moves there); else the session's.
            let cd = run.cwd.is_none();
            let own_tmpdir = own_tmpdir(job.session.config(), &run);
            let text = state_text(&captured, cd, file.own.as_deref(), own_tmpdir);
            run.command.insert_str(0, &captured.trace);
            let primed = match (pool, &file.own) {
                (Some(pool), None) => {
                    pool.claim(job.session.config(), &prime_tag(&text, &captured, cd))
                }
                _ => None,
            };
            if let Some(primed) = primed {
                // The file it sourced is the job's to remove; the job's own name was never made.
                file.path = primed.state_file().to_path_buf();
                return job.session.launch_primed(primed).await;
            }
            write_private(&file.path, &text)?;
        }
        // A shell started now (none waits in the pool) is started on the runtime, not on the
        // thread that began the job (see `begin`).
        if !pool.is_some_and(|pool| pool.has_waiting()) {
            tokio::task::yield_now().await;
        }
        job.session.launch().await
    };
    let pid = tokio::select! {
        pid = prepare => pid?,
        _ = job.cancel.cancelled() => return Ok(RunOutcome { cancelled: true, ..Default::default() }),
    };
    job.lock().pid = Some(pid);
    job.session.run(run, Some(tx), job.cancel.clone()).await
}

/// Feeds the job's output through the pipeline (decoding, ANSI stripping, newline
/// normalization, the artifact) into its unread buffer.
async fn collect(
    job: Arc<Job>,
    rx: mpsc::Receiver<Vec<u8>>,
    pipeline: OutputPipeline,
    artifact: Option<PathBuf>,
) {
    let receiver = UnreadReceiver {
        job: job.clone(),
        artifact,
    };
    let Some(summary) = deliver(rx, Some(pipeline), Some(receiver)).await else {
        return;
    };
    let mut state = job.lock();
    // The file as written, or none when writing it failed (or nothing was output).
    state.artifact_path = summary.artifact_path;
    if let Some(error) = summary.artifact_error {
        state
            .unread
            .push(&format!("agent-shell: the job's artifact: {error}\n"));
    }
}

/// Takes a job's output, as it is delivered, into its unread buffer.
struct UnreadReceiver {
    job: Arc<Job>,
    /// The artifact's path, shown from the first output on.
    artifact: Option<PathBuf>,
}

impl ChunkReceiver for UnreadReceiver {
    fn receive(&mut self, text: String) -> Received<'_> {
        let mut state = self.job.lock();
        state.unread.push(&text);
        if state.artifact_path.is_none() {
            state.artifact_path = self.artifact.take();
        }
        Box::pin(std::future::ready(()))
    }
}

/// Removes a job's state file, now that its shell no longer needs it.
fn remove_state_file(path: &std::path::Path) {
    let _ = std::fs::remove_file(path);
}

/// This host's directory for the jobs' state files, made private at the first job started from
/// a session, where a plain shell's scratch files go ([`crate::process::fd::scratch_parent`]: a
/// memory filesystem when the host names no `TMPDIR` and one is usable, else the temp dir). Each
/// file is removed when its job ends; the directory, with whatever a job still running has in
/// it, when the host goes (`process::host::remove_when_gone`: its exit, or a signal), so that no
/// session's variables stay behind a host that did not wait for its jobs.
fn state_dir() -> Result<PathBuf> {
    let dir = STATE_DIR
        .get_or_init(|| {
            let parent = crate::process::fd::scratch_parent();
            let name = format!("agent-shell-{}-jobs-", std::process::id());
            let dir =
                crate::process::fd::scratch_path_in(&parent, &name).map_err(|e| e.to_string())?;
            crate::process::fd::create_private_dir(&dir).map_err(|e| e.to_string())?;
            crate::process::host::remove_when_gone(&dir);
            Ok(dir)
        })
        .as_ref()
        .map_err(|why| {
            let why = std::io::Error::other(why.clone());
            Error::io("making the jobs' state directory", why)
        })?;
    // Made again if something removed it (a temp-dir cleaner): the keeper has its name already.
    if std::fs::symlink_metadata(dir).is_err() {
        crate::process::fd::create_private_dir(dir)
            .map_err(|e| Error::io(format!("making {}", dir.display()), e))?;
    }
    Ok(dir.clone())
}

/// [`state_dir`], once made (or the reason it could not be).
static STATE_DIR: OnceLock<std::result::Result<PathBuf, String>> = OnceLock::new();

/// A file only the user can read, for the session's state (which may hold secrets).
fn write_private(path: &std::path::Path, text: &str) -> Result<()> {
    use std::io::Write;
    let mut file = crate::process::fd::create_private_file(path)
        .map_err(|e| Error::io(format!("creating {}", path.display()), e))?;
    file.write_all(text.as_bytes())
        .map_err(|e| Error::io(format!("writing {}", path.display()), e))
}

/// Where a job's snapshot of a session goes, with a name no other job picks: in this host's
/// [`state_dir`]. The file holds the session's variables (secrets among them), which on a memory
/// filesystem never reach a disk; and a file made and removed there costs a fraction of what it
/// costs on a disk filesystem (on this machine's journal-less ext4, whose inode allocator skips
/// every inode deleted in the last minutes, up to 0.8 ms of the host's processor per file while
/// confined calls come back to back).
fn snapshot_path(id: &str) -> Result<PathBuf> {
    let bytes = crate::process::fd::random_bytes()
        .map_err(|e| Error::io("naming the job's state file", e))?;
    let tag: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    Ok(state_dir()?.join(format!("{id}-{tag}.sh")))
}

fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

#[cfg(test)]
#[path = "manager_tests.rs"]
mod tests;
