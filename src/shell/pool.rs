//! Shells started ahead of need: the process start that a real shell costs is paid before a call,
//! not during it. A [`Pool`] holds a few shells started on the plan of the last call that took
//! one, each waiting at its first wait with nothing yet run; a call whose shell would start on
//! the same plan takes one instead of starting its own, and the pool is refilled off the hot path.
//!
//! A shell taken from the pool is the shell the call would have started:
//! - it was started on an equal [`Plan`]: the same program, mode and script name, and the same
//!   environment (the host's environment as it is at the time of the call, compared entry by
//!   entry, the non-interactive defaults, the session's), and the host's identity and file-mode
//!   mask (the OS layer's `host_identity`: ids, groups, umask and, on Linux, capabilities) are
//!   as they were when it was started. Anything else (a host that changed its environment with
//!   `process.env.X = …` since) is a miss: the stale shells are ended and the call starts its own;
//! - it was started in its own temporary directory, as every shell is; its directory, `OLDPWD`
//!   and snapshot are handed to it when it is taken, before the run ([`Live::take`]), with the
//!   line count of the fresh bootstrap (the first run's `LINENO` is the same);
//! - it was started in the same second of the clock as the call: bash's `SECONDS` counts whole
//!   seconds of the clock since its start, so it reads what a fresh shell's would. Shells from
//!   an earlier second are replaced at each turn of the second while the pool is in use;
//! - it is used once: it is taken out of the pool, and ends with the session that took it;
//! - sandboxed sessions never take one (a sandbox confines a shell from its start), nor do
//!   sessions whose environment carries `SECONDS` (bash starts its clock from it), unless the
//!   pool is made for them ([`PoolOptions::jobs`]): a job manager's pool starts its shells
//!   confined by the policy of the last job that took one (the policy is part of what must be
//!   equal), and keeps them across seconds (see there).
//!
//! A job manager's pool may also hold one shell *primed* for a job started from a session
//! ([`Pool::prime`]): taken ahead as a job's shell is taken, it has sourced that session's state
//! while it waits. It is handed only to a job whose shell would be taken on the same plan, in the
//! same directory, with the same state file, word for word ([`Pool::claim`]); any other job
//! retires it (it is ended once that job is over, off its path), as a newer priming ends it: a
//! shell primed on a state that changed since is never used. The primed shell is kept beside the
//! plain ones, not in place of one: a job whose state changed since takes a plain one at once.
//!
//! Bounds: at most [`POOL_SIZE`] plain shells wait in a pool, and one primed beside them, all on
//! one plan (a call on another plan ends them). A pool with no call for [`IDLE_RELEASE`] ends its shells. Nothing is started
//! before the first call that could take a shell: a host that never runs a command pays nothing.
//! The owner ends a pool's shells with [`Pool::close`] (the Node bindings do at the teardown of
//! the JavaScript environment that made it); a host that dies takes them along (each shell's
//! supervisor ends its tree when the host goes away).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::runtime::Handle;

use super::live::Live;
use super::request::ShellConfig;
use super::start::{start_pooled, Plan};
use super::status::StatusWatcher;
use crate::process::os;
use crate::process::sandbox::SandboxPolicy;

/// The most shells waiting in one pool.
pub const POOL_SIZE: usize = 2;
/// A pool with no call for this long ends its shells.
pub const IDLE_RELEASE: Duration = Duration::from_secs(5);
/// The longest a call waits for a shell being started for the pool before it starts its own.
const FILL_WAIT: Duration = Duration::from_millis(100);
/// How long after a shell was taken (a job manager's: after the job ended) the pool starts its
/// replacement.
const REFILL_DELAY: Duration = Duration::from_millis(3);
/// How long after a job of the owner began the pool keeps its upkeep (a refill that a shell
/// still waiting makes needless now, a retired shell's end, a priming) off the processor while
/// that job runs: two cores, the job's shell and the host are busy (a confined call's first line
/// came 2.1 ms after its shell was handed the command when a priming ran beside it, 0.6 ms
/// alone, load 12). A job that runs longer (a build, a server) does not hold the upkeep back.
pub const BUSY_FOR: Duration = Duration::from_secs(1);
/// The longest a primed shell a job did not take waits to be ended when no job's end ends it
/// first ([`Pool::claim`]): a job that runs on.
const RETIRED_WAIT: Duration = Duration::from_secs(1);
/// The longest [`Pool::close`] waits for the shells being started for the pool.
const CLOSE_WAIT: Duration = Duration::from_millis(100);
/// A job manager's pool ends its shell after this long without a job: as long as an idle `Shell`
/// waits before it parks (`napi::shell`'s default), since an agent's calls come seconds apart.
pub const JOBS_IDLE_RELEASE: Duration = Duration::from_secs(60);

/// How a pool keeps its shells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolOptions {
    /// The most shells waiting.
    pub size: usize,
    /// With no call for this long, the shells are ended.
    pub idle_release: Duration,
    /// Sessions with a sandbox may take shells, started confined by the same policy.
    pub sandboxed: bool,
    /// Shells started in an earlier second of the clock are replaced, so that `SECONDS` reads
    /// what a fresh shell's would.
    pub same_second: bool,
    /// A taken shell's replacement is started at once; else when the owner calls
    /// [`Pool::replenish_soon`] (a job manager, once the job that took it
    /// ended, so that the start does not compete with the job for the processor).
    pub refill_on_take: bool,
}

impl Default for PoolOptions {
    /// `executeShell`'s pool and the sessions': see the module.
    fn default() -> Self {
        PoolOptions {
            size: POOL_SIZE,
            idle_release: IDLE_RELEASE,
            sandboxed: false,
            same_second: true,
            refill_on_take: true,
        }
    }
}

impl PoolOptions {
    /// A job manager's pool: two shells (a confined call right after another, or beside it as
    /// an agent's parallel calls come, finds one started; one more idle bash: 3.1 MB resident,
    /// 0.3 MB of it its own), confined when the jobs are, kept while jobs come at most
    /// [`JOBS_IDLE_RELEASE`] apart. Its `SECONDS` counts from when it was started, not from when
    /// a job took it (assigning `SECONDS` is not done: see `framing::bootstrap_taken`); a job
    /// started from a session does not carry the session's `SECONDS` either.
    pub fn jobs() -> Self {
        PoolOptions {
            size: 2,
            idle_release: JOBS_IDLE_RELEASE,
            sandboxed: true,
            same_second: false,
            refill_on_take: false,
        }
    }
}

/// What two shells must share to be interchangeable.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    plan: Arc<Plan>,
    host: String,
    /// The policy a shell is confined by from its start.
    sandbox: Option<SandboxPolicy>,
}

impl Key {
    /// The key a shell started now on `config` would have; `None` when `config` may not use a
    /// pooled shell. A sandboxed one only when the pool takes them, and only when its
    /// confinement does not depend on where or how it is taken: its writable roots are fixed,
    /// it reads everywhere (the snapshot or state file a session hands it at take must be
    /// readable, whatever its path), and its `TMPDIR` is its own.
    fn now(config: &ShellConfig, options: &PoolOptions) -> Option<Key> {
        if let Some(policy) = &config.sandbox {
            let fixed = policy.writable_roots.is_some()
                && policy.readable_roots.is_none()
                && policy.terminal.is_none();
            let own_tmpdir = !config.session_env.iter().any(|(k, _)| k == "TMPDIR");
            if !(options.sandboxed && fixed && own_tmpdir) {
                return None;
            }
        }
        let plan = Plan::of(config).ok()?;
        if plan.env.iter().any(|(k, _)| k == "SECONDS") {
            return None;
        }
        let host = os::native::host_identity()?;
        Some(Key {
            plan,
            host,
            sandbox: config.sandbox.clone(),
        })
    }
}

/// Shells started ahead of need for one owner (a JavaScript environment). See the module.
pub struct Pool {
    /// The runtime the shells' descriptors are registered with, and the pool's work runs on.
    runtime: Handle,
    options: PoolOptions,
    state: Mutex<State>,
    /// Told whenever a shell started for the pool is ready (or failed to start).
    filled: tokio::sync::Notify,
}

struct State {
    /// Each with the second of the clock its start began in.
    waiting: Vec<(Key, u64, Live)>,
    /// A shell that has sourced a session's state ahead of a job ([`Pool::prime`]).
    primed: Option<Primed>,
    /// Primed shells a job did not take ([`Pool::claim`]), never to be given: ended once that
    /// job is over ([`Pool::replenish_soon`]), or [`RETIRED_WAIT`] after, whichever is first.
    retired: Vec<Primed>,
    /// Shells being started for the pool.
    filling: usize,
    /// The plan of the last call: what the pool is filled on.
    want: Option<Key>,
    last_call: Instant,
    /// Whether a task waits to end the shells of an idle pool.
    reaper: bool,
    /// A refill waits for its delay ([`Pool::refill_later`]); a call that finds the pool empty
    /// meanwhile starts it at once ([`Pool::until_filled`]).
    refill_due: bool,
    /// The owner's jobs under way ([`Pool::job_under_way`]), and when the last one began.
    under_way: usize,
    last_began: Instant,
    closed: bool,
}

impl Pool {
    /// An empty pool; its shells will be registered with, and started on, `runtime`.
    pub fn new(runtime: Handle) -> Arc<Pool> {
        Pool::with_options(runtime, PoolOptions::default())
    }

    /// An empty pool that keeps its shells as `options` say.
    pub fn with_options(runtime: Handle, options: PoolOptions) -> Arc<Pool> {
        Arc::new(Pool {
            runtime,
            options,
            state: Mutex::new(State {
                waiting: Vec::new(),
                primed: None,
                retired: Vec::new(),
                filling: 0,
                want: None,
                last_call: Instant::now(),
                reaper: false,
                refill_due: false,
                under_way: 0,
                last_began: Instant::now(),
                closed: false,
            }),
            filled: tokio::sync::Notify::new(),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A shell for `config` in `cwd`, its status pipe watched by `watcher` (or a task on the
    /// runtime), as [`super::start::start_shell`] would start it now; `None` when the pool has
    /// none for it (the caller then starts its own). Either way the pool is refilled, in the
    /// background, on this call's plan. Never blocks on a process start: may be called on any
    /// thread.
    pub(super) fn take(
        self: &Arc<Self>,
        config: &ShellConfig,
        cwd: &Path,
        watcher: Option<&dyn StatusWatcher>,
    ) -> Option<Live> {
        let key = Key::now(config, &self.options)?;
        let (found, stale, emptied) = {
            let mut state = self.state();
            if state.closed {
                return None;
            }
            state.last_call = Instant::now();
            // Shells on another plan will not be taken: the pool follows the last call, once a
            // shell could be started on its plan (see `started`).
            if state.want.as_ref() != Some(&key) {
                state.want = None;
            }
            let stale = state.take_stale(self.options.same_second);
            let at = state.waiting.iter().position(|(k, ..)| *k == key);
            let found = at.map(|i| state.waiting.swap_remove(i).2);
            (found, stale, state.waiting.is_empty())
        };
        let _runtime = self.runtime.enter();
        // The shell is handed its first chunk first: it works on it while the rest is done.
        let mut unusable = stale;
        let taken = found.and_then(|mut live| {
            let handed = !live.spawned.has_exited()
                && live.take(config, &key.plan.env, cwd, watcher).is_ok();
            match handed {
                true => Some(live),
                false => {
                    unusable.push(live);
                    None
                }
            }
        });
        end_all(unusable);
        // While a shell still waits for the next call, the replacement can wait for this run to
        // be over; the last one's replacement (calls back to back) cannot.
        match (self.options.refill_on_take, emptied) {
            (false, _) => {}
            (true, true) => self.refill(),
            (true, false) => self.refill_later(),
        }
        taken
    }

    /// Tells the pool that a shell was just started on `config` (a call that found none to take
    /// started its own): the pool is filled on that plan from now on. Only then: a plan that
    /// cannot start (a missing program) has no shell started for the pool, nor its temp dir made.
    pub(super) fn started(self: &Arc<Self>, config: &ShellConfig) {
        let Some(key) = Key::now(config, &self.options) else {
            return;
        };
        {
            let mut state = self.state();
            state.last_call = Instant::now();
            state.want = Some(key);
        }
        if self.options.refill_on_take {
            let _runtime = self.runtime.enter();
            self.refill();
        }
    }

    /// Starts the shells the pool lacks on the plan of the last call (for a pool that does not
    /// refill on take: its owner's run that took a shell, or started one, is over), a moment
    /// later ([`REFILL_DELAY`]), once the owner has handed that run's result over: a start now (a
    /// sandboxed shell's, several milliseconds of processor) would compete with the host for it
    /// at the end of every confined call. From any thread.
    pub fn replenish_soon(self: &Arc<Self>) {
        self.refill_later();
    }

    /// [`Pool::refill`] once the run that took a shell is likely over: a shell started now would
    /// compete with it for the processor (two cores, the host and the taken shell are busy),
    /// and a run that finds the pool empty starts its own shell anyway.
    fn refill_later(self: &Arc<Self>) {
        self.state().refill_due = true;
        let pool = Arc::downgrade(self);
        self.runtime.spawn(async move {
            tokio::time::sleep(REFILL_DELAY).await;
            let Some(pool) = pool.upgrade() else {
                return;
            };
            // A job that began meanwhile and still runs has a shell waiting beside it: this
            // waits for its end (which asks again), not to compete with it.
            if pool.holds_back() {
                return;
            }
            pool.end_retired();
            pool.refill_if_due();
        });
    }

    /// Marks a job of the owner under way until the returned guard is dropped: the pool's upkeep
    /// waits for its end while a shell still waits for the next job ([`BUSY_FOR`] at most).
    pub fn job_under_way(self: &Arc<Self>) -> UnderWay {
        let mut state = self.state();
        state.under_way += 1;
        state.last_began = Instant::now();
        UnderWay(Arc::downgrade(self))
    }

    /// Whether a job of the owner runs, begun less than [`BUSY_FOR`] ago: upkeep that can wait
    /// (a priming) waits for its end.
    pub fn is_busy(&self) -> bool {
        let state = self.state();
        state.under_way > 0 && state.last_began.elapsed() < BUSY_FOR
    }

    /// [`Pool::is_busy`] while a plain shell waits: a refill can wait for the job's end.
    fn holds_back(&self) -> bool {
        let state = self.state();
        state.under_way > 0 && state.last_began.elapsed() < BUSY_FOR && !state.waiting.is_empty()
    }

    /// Sets `primed` aside, never to be given: ended with the pool's next refill (after the job
    /// under way, if one is), [`RETIRED_WAIT`] later at most.
    fn retire(self: &Arc<Self>, primed: Primed) {
        let closed = {
            let mut state = self.state();
            if !state.closed {
                state.retired.push(primed);
                None
            } else {
                Some(primed)
            }
        };
        match closed {
            // Closed meanwhile: `close` did not see it.
            Some(primed) => end_primed(primed),
            None => {
                let pool = Arc::downgrade(self);
                self.runtime.spawn(async move {
                    tokio::time::sleep(RETIRED_WAIT).await;
                    if let Some(pool) = pool.upgrade() {
                        pool.end_retired();
                    }
                });
            }
        }
    }

    /// Ends the primed shells no job will take ([`State::retired`]), with their state files.
    fn end_retired(&self) {
        let retired = std::mem::take(&mut self.state().retired);
        for primed in retired {
            end_primed(primed);
        }
    }

    /// [`Pool::refill`] now, when a refill waits for its delay ([`Pool::refill_later`],
    /// [`Pool::replenish_soon`]); else nothing. From any thread.
    pub fn refill_if_due(self: &Arc<Self>) {
        if std::mem::take(&mut self.state().refill_due) {
            self.refill();
        }
    }

    /// Starts shells on the wanted plan until the pool (with those being started) is full, and
    /// has the pool emptied once it is idle.
    fn refill(self: &Arc<Self>) {
        let mut state = self.state();
        let Some(key) = state.want.clone() else {
            return;
        };
        while !state.closed && state.held() < self.options.size {
            state.filling += 1;
            let (pool, key) = (self.clone(), key.clone());
            self.runtime.spawn_blocking(move || pool.fill(key));
        }
        if !state.reaper && !state.closed {
            state.reaper = true;
            let pool = Arc::downgrade(self);
            self.runtime.spawn(async move {
                loop {
                    let wait = match pool.upgrade() {
                        Some(pool) => pool.keep(),
                        None => return,
                    };
                    match wait {
                        Some(left) => tokio::time::sleep(left).await,
                        None => return,
                    }
                }
            });
        }
    }

    /// The pool's upkeep, at each turn of the second while it is in use: shells of an earlier
    /// second are replaced; once idle, its shells are ended. Returns how long until the next
    /// upkeep, `None` once the pool is idle.
    fn keep(self: &Arc<Self>) -> Option<Duration> {
        let mut state = self.state();
        let since = state.last_call.elapsed();
        let idle_release = self.options.idle_release;
        if since >= idle_release || state.closed {
            state.reaper = false;
            state.want = None;
            let ended = state.waiting.drain(..).map(|(.., l)| l).collect();
            let primed = state.primed.take();
            let retired = std::mem::take(&mut state.retired);
            drop(state);
            end_all(ended);
            for primed in primed.into_iter().chain(retired) {
                end_primed(primed);
            }
            return None;
        }
        let stale = state.take_stale(self.options.same_second);
        drop(state);
        end_all(stale);
        if self.options.refill_on_take {
            self.refill();
        }
        let left = idle_release - since;
        if !self.options.same_second {
            return Some(left);
        }
        let to_next_second =
            Duration::from_nanos(1_000_000_000 - u64::from(clock().subsec_nanos()) + 1_000_000);
        Some(to_next_second.min(left))
    }

    /// Waits (at most [`FILL_WAIT`]) until a shell waits in the pool, when none does and one is
    /// being started: a call that finds the pool empty takes the shell being started for it
    /// rather than starting one more beside it.
    /// A refill still waiting for its delay is started now (the call needs a shell: nothing runs
    /// that its start would compete with).
    pub(crate) async fn until_filled(self: &Arc<Self>) {
        if self.state().waiting.is_empty() {
            self.refill_if_due();
        }
        let deadline = tokio::time::Instant::now() + FILL_WAIT;
        loop {
            let notified = self.filled.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            {
                let state = self.state();
                if !state.waiting.is_empty() || state.filling == 0 || state.closed {
                    return;
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return;
            }
        }
    }

    /// Starts one shell on `key`'s plan; keeps it if the pool still wants that plan.
    /// It counts as being started until it waits in the pool or is ended (see [`Pool::close`]).
    fn fill(&self, key: Key) {
        let second = clock().as_secs();
        let live = start_pooled(key.plan.clone(), key.sandbox.as_ref());
        let mut state = self.state();
        let wanted = !state.closed
            && state.want.as_ref() == Some(&key)
            && state.waiting.len() < self.options.size;
        match live {
            Ok(live) if wanted => state.waiting.push((key, second, live)),
            Ok(live) => {
                drop(state);
                live.destroy_idle();
                state = self.state();
            }
            Err(_) => {}
        }
        state.filling -= 1;
        drop(state);
        self.filled.notify_waiters();
    }

    /// Ends the pool's shells now, and every shell started for it later: the pool takes no more.
    /// Waits (at most [`CLOSE_WAIT`]) until no shell is being started for it, nor ended for
    /// having been started too late: this is called as the host goes away, and its files should
    /// go with it.
    pub fn close(&self) {
        let ended: Vec<Live> = {
            let mut state = self.state();
            state.closed = true;
            state.want = None;
            let retired = std::mem::take(&mut state.retired);
            for primed in state.primed.take().into_iter().chain(retired) {
                state.waiting.push((primed.key, 0, primed.live));
                let _ = std::fs::remove_file(&primed.path);
            }
            state.waiting.drain(..).map(|(.., l)| l).collect()
        };
        for live in ended {
            live.destroy_idle();
        }
        let deadline = Instant::now() + CLOSE_WAIT;
        while self.state().filling > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Has a shell waiting on `config`'s plan taken now for `config`, as [`Pool::take`] hands one
    /// to a session when a job starts: it sources `config`'s snapshot (a job's state file) and
    /// waits for its first run. `tag` says everything else the shell was handed (the state
    /// file's whole text, and what it depends on): [`Pool::claim`] gives the shell only to a job
    /// whose tag is the same. Replaces the shell primed before (retired: ended with the next
    /// refill, as [`Pool::claim`] retires one). The plain shell it took is
    /// replaced a moment later ([`REFILL_DELAY`]): a job whose state changed since takes a plain
    /// one. Returns whether a shell was primed; if not, or once the primed shell is ended unused,
    /// the snapshot's file is removed (the pool owns it from now on). Call within the runtime.
    pub fn prime(self: &Arc<Self>, config: &ShellConfig, tag: String) -> bool {
        let Some(path) = config.snapshot.as_ref().map(PathBuf::from) else {
            return false;
        };
        let found = Key::now(config, &self.options).and_then(|key| {
            let mut state = self.state();
            if state.closed {
                return None;
            }
            let at = state.waiting.iter().position(|(k, ..)| *k == key)?;
            let live = state.waiting.swap_remove(at).2;
            Some((key, live))
        });
        let Some((key, mut live)) = found else {
            let _ = std::fs::remove_file(&path);
            return false;
        };
        let _runtime = self.runtime.enter();
        let cwd = take_dir(config);
        if live.spawned.has_exited() || live.take(config, &key.plan.env, &cwd, None).is_err() {
            end_all(vec![live]);
            let _ = std::fs::remove_file(&path);
            return false;
        }
        let primed = Primed {
            key,
            cwd,
            read_chunk_bytes: config.read_chunk_bytes,
            tag,
            path,
            live,
        };
        let (old, closed) = {
            let mut state = self.state();
            (state.primed.replace(primed), state.closed)
        };
        // Retired, not ended now: a priming at once after a session run that changed the state
        // is followed by a job that takes the new shell, and the old one's end (a kill, a reap,
        // two directories removed) would compete with that job for the processor.
        if let Some(old) = old {
            self.retire(old);
        }
        self.refill_later();
        if closed {
            // Closed meanwhile: `close` did not see it.
            if let Some(primed) = self.state().primed.take() {
                end_primed(primed);
            }
            return false;
        }
        true
    }

    /// Whether a shell waits in the pool now (not a primed one).
    pub fn has_ready(&self) -> bool {
        !self.state().waiting.is_empty()
    }

    /// Whether a shell waits in the pool (not a primed one), or is being started for it.
    pub fn has_waiting(&self) -> bool {
        let state = self.state();
        !state.waiting.is_empty() || state.filling > 0
    }

    /// Whether the shell primed now was primed with `tag` ([`Pool::prime`]).
    pub fn primed_with(&self, tag: &str) -> bool {
        self.state().primed.as_ref().is_some_and(|p| p.tag == tag)
    }

    /// The primed shell ([`Pool::prime`]) for a job's session on `config` whose tag is `tag`:
    /// `Some` only when it was primed on an equal plan (the host's environment and identity as
    /// they are now), in the directory the session would take a shell in now, with the same
    /// tag, and still runs. A primed shell that is not given is retired: never given to a
    /// later job either, and ended once this job is over ([`Pool::replenish_soon`]), not now,
    /// when its end (a kill, a reap, two directories removed) would compete with the job for the
    /// processor. Call within the runtime.
    pub fn claim(self: &Arc<Self>, config: &ShellConfig, tag: &str) -> Option<PrimedShell> {
        let primed = self.state().primed.take()?;
        let given = primed.tag == tag
            && primed.read_chunk_bytes == config.read_chunk_bytes
            && primed.cwd == take_dir(config)
            && Key::now(config, &self.options).as_ref() == Some(&primed.key)
            && !primed.live.spawned.has_exited();
        if !given {
            self.retire(primed);
            return None;
        }
        self.state().last_call = Instant::now();
        Some(PrimedShell {
            live: Some(primed.live),
            path: primed.path,
        })
    }

    /// How many plain shells wait in the pool (not the primed one).
    #[cfg(test)]
    pub(crate) fn waiting(&self) -> usize {
        self.state().waiting.len()
    }

    /// Whether any shell is kept by the pool (plain, primed or retired).
    #[cfg(test)]
    pub(crate) fn holds_any(&self) -> bool {
        let state = self.state();
        !state.waiting.is_empty() || state.primed.is_some() || !state.retired.is_empty()
    }

    /// The pids of the retired primed shells not yet ended.
    #[cfg(test)]
    pub(crate) fn retired_pids(&self) -> Vec<i32> {
        let state = self.state();
        state
            .retired
            .iter()
            .map(|p| p.live.spawned.proc.pid)
            .collect()
    }

    /// The pids of the shells that wait in the pool (a primed one among them).
    #[cfg(test)]
    pub(crate) fn waiting_pids(&self) -> Vec<i32> {
        let state = self.state();
        let primed = state.primed.as_ref().map(|p| &p.live);
        state
            .waiting
            .iter()
            .map(|(.., l)| l)
            .chain(primed)
            .map(|l| l.spawned.proc.pid)
            .collect()
    }

    /// The primed shell's pid and state file.
    #[cfg(test)]
    pub(crate) fn primed(&self) -> Option<(i32, PathBuf)> {
        let state = self.state();
        let primed = state.primed.as_ref()?;
        Some((primed.live.spawned.proc.pid, primed.path.clone()))
    }
}

impl State {
    /// The plain shells the pool holds or is starting (the primed one is kept beside them).
    fn held(&self) -> usize {
        self.waiting.len() + self.filling
    }

    /// Takes out the shells that may not be handed out any more: those on another plan than the
    /// wanted one, and (`same_second`) those whose start began in an earlier second of the clock
    /// than now.
    fn take_stale(&mut self, same_second: bool) -> Vec<Live> {
        let now = clock().as_secs();
        let want = self.want.clone();
        let (keep, stale) =
            std::mem::take(&mut self.waiting)
                .into_iter()
                .partition(|(k, second, _)| {
                    (!same_second || *second == now) && want.as_ref() == Some(k)
                });
        self.waiting = keep;
        stale.into_iter().map(|(.., l)| l).collect()
    }
}

/// A shell taken ahead for a job, that has sourced its state (see [`Pool::prime`]).
struct Primed {
    key: Key,
    /// The directory it was taken in.
    cwd: PathBuf,
    read_chunk_bytes: usize,
    tag: String,
    /// The state file it sourced.
    path: PathBuf,
    live: Live,
}

/// A job of the pool's owner under way ([`Pool::job_under_way`]), until dropped.
pub struct UnderWay(std::sync::Weak<Pool>);

impl Drop for UnderWay {
    fn drop(&mut self) {
        if let Some(pool) = self.0.upgrade() {
            let mut state = pool.state();
            state.under_way = state.under_way.saturating_sub(1);
        }
    }
}

/// The primed shell given to a job ([`Pool::claim`]): the session installs its shell
/// (`Session::launch_primed`). Dropped unused, the shell is ended and its state file removed.
pub struct PrimedShell {
    live: Option<Live>,
    path: PathBuf,
}

impl PrimedShell {
    /// The state file the shell sourced: the job's own from now on (its to remove).
    pub fn state_file(&self) -> &Path {
        &self.path
    }

    /// The shell, for the session that installs it; the state file is left to the job.
    pub(super) fn into_live(mut self) -> Option<Live> {
        self.path = PathBuf::new();
        self.live.take()
    }
}

impl Drop for PrimedShell {
    fn drop(&mut self) {
        if let Some(live) = self.live.take() {
            end_with_file(live, std::mem::take(&mut self.path));
        }
    }
}

/// The directory a job's session takes a shell in (`Session::take_pooled` for a session that
/// has not run yet): its configured one, else the host's.
fn take_dir(config: &ShellConfig) -> PathBuf {
    config
        .cwd
        .clone()
        .unwrap_or_else(|| std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")))
}

/// Ends a primed shell and removes its state file.
fn end_primed(primed: Primed) {
    end_with_file(primed.live, primed.path);
}

/// Ends `live` (a shell that runs nothing) and removes `path` (none when empty), off the caller's
/// thread where a runtime runs.
fn end_with_file(live: Live, path: PathBuf) {
    let end = move || {
        live.destroy_idle();
        if !path.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&path);
        }
    };
    match Handle::try_current() {
        Ok(runtime) => drop(runtime.spawn_blocking(end)),
        Err(_) => end(),
    }
}

/// The wall clock, as bash reads it for `SECONDS`.
fn clock() -> Duration {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
}

/// Ends shells off the caller's thread (reaping one takes a moment). Call within the runtime.
fn end_all(shells: Vec<Live>) {
    if shells.is_empty() {
        return;
    }
    tokio::task::spawn_blocking(move || {
        for live in shells {
            live.destroy_idle();
        }
    });
}

#[cfg(test)]
#[path = "pool_tests.rs"]
mod tests;
