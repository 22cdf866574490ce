//! JS surface of the shell: `Shell`, `executeShell`, `killTree`, `listDescendants` (docs/api.md §2,
//! §3, §7). Options are read here, runs happen in `crate::shell`, and output is delivered through
//! `super::stream`.

use std::collections::HashMap;
use std::sync::Arc;

use napi::bindgen_prelude::*;
use napi_derive::napi;

use super::error::{throw, Coded};
use super::event_loop::LoopWatcher;
use super::host::{self, StatusWatch};
use super::js_thread::{FirstPoll, JsThread, OnSettle, Turn};
use super::literal::{ShellRunResult, ShellRunResultJs};
use super::minimize::{JsMinimizerOptions, JsMinimizerResult};
use super::options::{
    self, absolute, arg, js_name, js_readers, optional_arg, pairs, path, required, timeout,
    AbortListener, JsSandboxPolicy, Path, StringMap, TimeoutMs,
};
use super::output::{JsOutputOptions, JsOutputSummary};
use super::pool;
use super::stream::{self, ChunkFn};
use super::teardown;
use crate::error::Error;
use crate::minimize::{self, Capture, MinimizerOptions};
use crate::output::OutputOptions;
use crate::process::sandbox::SandboxPolicy;
use crate::process::tree;
use crate::run::CancelToken;
use crate::shell::session::Launch;
use crate::shell::{validate_run, RunOutcome, RunRequest, Session, ShellConfig, Stderr};

/// Options of a persistent session.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ShellOptions {
    /// Exported once, when the session's shell starts.
    pub session_env: Option<HashMap<String, String>>,
    /// A file sourced once when the session starts (functions, aliases, options).
    pub snapshot_path: Option<String>,
    /// Shell binary (name or path). @default "bash"
    pub shell: Option<String>,
    /// Apply the non-interactive environment (pagers off, `CI=true`, …). @default true
    pub non_interactive_env: Option<bool>,
    /// Confines the shell and everything it starts, fixed when the shell starts (its writable
    /// root by default: the host's directory then). @throws ERR_SANDBOX_UNAVAILABLE
    pub sandbox: Option<JsSandboxPolicy>,
    /// Output minimizer for every run of the session (a run's own `minimizer` replaces it).
    #[napi(ts_type = "MinimizerOptions")]
    pub minimizer: Option<JsMinimizerOptions>,
    /// After this long with no run, no live background job and nothing the session's state cannot
    /// carry (traps, open descriptors, positional parameters), the session's state is kept and its
    /// shell ends; the next run restores it in a fresh shell (`$$` then differs; docs/behaviour.md,
    /// Session semantics). 0 never parks. @default 60000
    pub idle_park_ms: Option<f64>,
}

/// How long a `Shell` stays idle before it parks (`ShellOptions.idleParkMs`).
const DEFAULT_IDLE_PARK: std::time::Duration = std::time::Duration::from_secs(60);

js_readers!(ShellOptions {
    session_env => StringMap,
    snapshot_path => Path,
    // The core checks it (`Session::new`), before the session exists.
    shell => String,
    non_interactive_env => bool,
    sandbox => SandboxPolicy,
    minimizer => MinimizerOptions,
    idle_park_ms => TimeoutMs,
});

/// One command on a `Shell`. This and `ShellExecuteOptions` declare the TypeScript types; the
/// options object is read property by property in `prepare`, because the AbortSignal must stay a
/// live JS object.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ShellRunOptions {
    /// Any script the shell accepts: several lines, here-docs, functions, `cd`, `export`.
    pub command: String,
    /// Run there (the session's directory moves there); absent: the session's directory carries over.
    pub cwd: Option<String>,
    /// Exported for this command only.
    pub env: Option<HashMap<String, String>>,
    /// Deadline in milliseconds from the command's start; absent or 0: none.
    pub timeout_ms: Option<f64>,
    /// Aborts this run.
    #[napi(ts_type = "unknown")]
    pub signal: Option<Unknown<'static>>,
    /// Native output sink for this run; the result then carries `output`.
    pub output: Option<JsOutputOptions>,
    /// Output minimizer for this run, instead of the session's.
    #[napi(ts_type = "MinimizerOptions")]
    pub minimizer: Option<JsMinimizerOptions>,
    /// `"merge"` (default): stderr with stdout, in arrival order, to `onChunk`. `"separate"`:
    /// stdout alone to `onChunk`, stderr to `onStderr`, and the result carries `stderr`.
    #[napi(ts_type = "'merge' | 'separate'")]
    pub stderr: Option<String>,
}

js_readers!(ShellRunOptions {
    command => String,
    cwd => Path,
    env => StringMap,
    timeout_ms => TimeoutMs,
    signal => Object<'env>,
    output => OutputOptions,
    minimizer => MinimizerOptions,
    stderr => String,
});

/// A one-shot command (`executeShell`).
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ShellExecuteOptions {
    pub command: String,
    pub cwd: Option<String>,
    pub env: Option<HashMap<String, String>>,
    pub session_env: Option<HashMap<String, String>>,
    /// Deadline in milliseconds; absent or 0: none.
    pub timeout_ms: Option<f64>,
    pub snapshot_path: Option<String>,
    #[napi(ts_type = "unknown")]
    pub signal: Option<Unknown<'static>>,
    /// Shell binary (name or path). @default "bash"
    pub shell: Option<String>,
    /// @default true
    pub non_interactive_env: Option<bool>,
    pub output: Option<JsOutputOptions>,
    /// Confines the command and everything it starts (writable by default: `cwd` and a temp
    /// directory given as `TMPDIR`; network off). Rejects with ERR_SANDBOX_UNAVAILABLE where the
    /// kernel cannot enforce it.
    pub sandbox: Option<JsSandboxPolicy>,
    /// Output minimizer (docs/api.md §2a); the result carries `minimized` when a filter changed the text.
    #[napi(ts_type = "MinimizerOptions")]
    pub minimizer: Option<JsMinimizerOptions>,
    /// `"merge"` (default) or `"separate"`, as `ShellRunOptions.stderr`.
    #[napi(ts_type = "'merge' | 'separate'")]
    pub stderr: Option<String>,
}

js_readers!(ShellExecuteOptions {
    command => String,
    cwd => Path,
    env => StringMap,
    session_env => StringMap,
    timeout_ms => TimeoutMs,
    snapshot_path => Path,
    signal => Object<'env>,
    // Read here only by a job's `start`, which numbers the job before the core checks the
    // shell: checked as it is read, so that a bad one uses no number.
    shell => Path,
    non_interactive_env => bool,
    output => OutputOptions,
    sandbox => SandboxPolicy,
    minimizer => MinimizerOptions,
    stderr => String,
});

/// A persistent session on a real shell process: variables, functions, aliases, options and the
/// working directory carry over between `run()` calls, which are serialized in call order.
#[napi]
pub struct Shell {
    session: Arc<Session>,
    js: JsThread,
    /// The session's minimizer options, for runs that give none.
    minimizer: Option<MinimizerOptions>,
}

impl Shell {
    /// The session, for a job that starts from its state.
    pub(super) fn session(&self) -> &Arc<Session> {
        &self.session
    }
}

#[napi]
impl Shell {
    /// @throws ERR_INVALID_ARG for a bad option.
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "options?: ShellOptions | undefined | null"
    )]
    pub fn new(env: Env, options: Option<Unknown>) -> Result<Self> {
        let mut minimizer = None;
        let mut idle_park = Some(DEFAULT_IDLE_PARK);
        let config = optional_arg::<Object>(options, "options")
            .and_then(|o| match o {
                Some(o) => {
                    minimizer = ShellOptions::minimizer(&o)?;
                    if let Some(ms) = ShellOptions::idle_park_ms(&o)? {
                        idle_park = timeout(Some(ms));
                    }
                    shell_config(&o)
                }
                None => Ok(ShellConfig::default()),
            })
            .and_then(|mut config| {
                // The roots are fixed now: a shell replaced later in another directory keeps them.
                if let Some(policy) = config.sandbox.take() {
                    let policy = policy.fixed_at(&start_dir(None));
                    policy.check()?;
                    config.sandbox = Some(policy);
                }
                Ok(config)
            })
            .map_err(|e| throw(&env, e))?;
        let js = JsThread::new(&env)?;
        let session = Session::new(config).map_err(|e| throw(&env, e))?;
        // Elsewhere than on Node's own libuv, the session's default watcher (the runtime) stays.
        let watcher = match host::status_watch(&env) {
            StatusWatch::EventLoop => LoopWatcher::new(js.shared()),
            StatusWatch::Runtime => None,
        };
        let session = match watcher {
            Some(watcher) => session.with_status_watcher(Arc::new(watcher)),
            None => session,
        };
        let session = match idle_park {
            Some(idle) => session.with_idle_park(idle),
            None => session,
        };
        let session = Arc::new(pool::pooled(&env, session)?);
        teardown::kill_at_teardown(&env, &session)?;
        Ok(Shell {
            session,
            js,
            minimizer,
        })
    }

    /// Runs a command in the session. Resolves when it ended and every chunk was delivered.
    /// Rejects with ERR_INVALID_ARG, ERR_CWD_NOT_FOUND, ERR_CWD_NOT_DIR, ERR_SPAWN_FAILED or
    /// ERR_SESSION_CLOSED.
    #[napi(
        catch_unwind,
        ts_args_type = "options: ShellRunOptions, onChunk?: ((error: Error | null, chunk: string) => void) | undefined | null, onStderr?: ((error: Error | null, chunk: string) => void) | undefined | null",
        ts_return_type = "Promise<ShellRunResult>"
    )]
    pub fn run<'env>(
        &self,
        env: &'env Env,
        options: Unknown<'env>,
        on_chunk: Option<Unknown<'env>>,
        on_stderr: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        let session = self.session.clone();
        let (prepared, listener) = prepare(env, options, [on_chunk, on_stderr], &self.js);
        let prepared = prepared.map(|mut p| {
            p.minimizer = p.minimizer.take().or_else(|| self.minimizer.clone());
            p
        });
        // Checked here, so that a bad call rejects at once rather than in its turn.
        let prepared = prepared.and_then(|p| validate_run(&p.req).map(|()| p));
        // The run takes its place in line now, in call order; an idle session starts the command
        // right here, before the task below is scheduled.
        let launched = prepared.map(|p| {
            let launch = match session.try_start(session.queue(), &p.req, &p.cancel) {
                Ok(started) => Launch::Started(started),
                Err(place) => Launch::Queued(place, p.req.clone()),
            };
            (launch, p)
        });
        // A started run's first steps only register what it waits for: they can be taken here.
        let (first_poll, turn) = match &launched {
            Ok((Launch::Started(_), ..)) => (FirstPoll::Here, Turn::InOrder),
            Ok((Launch::Queued(..), ..)) => (FirstPoll::OnRuntime, Turn::InOrder),
            Err(_) => (FirstPoll::OnRuntime, Turn::Free),
        };
        let promise = self
            .js
            .spawn(env, on_settle(listener), first_poll, turn, async move {
                let (launch, p) = launched?;
                let result = run_and_deliver(&session, launch, p).await;
                drop(session.capture_ahead());
                session.schedule_park();
                result.map(ShellRunResultJs)
            })?;
        Ok(Object::from_raw(env.raw(), promise))
    }

    /// Aborts the running command and every queued run (those called before this call); resolves
    /// when the session is idle.
    #[napi(catch_unwind, ts_return_type = "Promise<void>")]
    pub fn abort<'env>(&self, env: &'env Env) -> Result<Object<'env>> {
        // At once, not when a task gets to it: a run called right after abort() is not aborted.
        self.session.begin_abort();
        let session = self.session.clone();
        self.idle_promise(env, async move { session.idle().await })
    }

    /// Ends the session: aborts work, kills the shell and all its descendants. Idempotent. Runs
    /// called before it resolve as cancelled; runs called after it reject with ERR_SESSION_CLOSED.
    #[napi(catch_unwind, ts_return_type = "Promise<void>")]
    pub fn close<'env>(&self, env: &'env Env) -> Result<Object<'env>> {
        self.session.begin_close();
        let session = self.session.clone();
        self.idle_promise(env, async move { session.finish_close().await })
    }

    /// A promise that resolves (to undefined) when `done` does. `done` is first polled here, on
    /// the JS thread: a session with no run to wait for is closed (or found idle) within the
    /// call, and its promise settled, without a hop to a runtime thread and back (which cost
    /// `close()` 0.2 ms of its 0.2 ms on this machine).
    fn idle_promise<'env>(
        &self,
        env: &'env Env,
        done: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<Object<'env>> {
        let promise = self
            .js
            .spawn(env, None, FirstPoll::Here, Turn::Free, async move {
                done.await;
                Ok(())
            })?;
        Ok(Object::from_raw(env.raw(), promise))
    }

    /// Jobs started with `&` in this session that are still running.
    #[napi(ts_return_type = "Promise<number>")]
    pub async fn live_background_job_count(&self) -> Result<Coded<u32>> {
        Ok(Coded(
            self.session
                .live_background_job_count()
                .await
                .map(|n| n as u32),
        ))
    }
}

/// Runs one command on a fresh shell that is closed afterwards: nothing it started outlives it.
#[napi(
    catch_unwind,
    ts_args_type = "options: ShellExecuteOptions, onChunk?: ((error: Error | null, chunk: string) => void) | undefined | null, onStderr?: ((error: Error | null, chunk: string) => void) | undefined | null",
    ts_return_type = "Promise<ShellRunResult>"
)]
pub fn execute_shell<'env>(
    env: &'env Env,
    options: Unknown<'env>,
    on_chunk: Option<Unknown<'env>>,
    on_stderr: Option<Unknown<'env>>,
) -> Result<Object<'env>> {
    let js = JsThread::new(env)?;
    let (prepared, listener) = prepare(env, options, [on_chunk, on_stderr], &js);
    // Read only once the run's options were: one error per call, the first met.
    let ready = prepared.and_then(|mut p| {
        let req = &mut p.req;
        let options = arg::<Object>(options, "options")?;
        let mut config = shell_config(&options)?;
        validate_run(req)?;
        // One-shot: the per-run env (read with the run's options) can simply be part of the
        // shell's environment.
        config.session_env.append(&mut req.env);
        config.cwd = req.cwd.take();
        config.sandbox = config
            .sandbox
            .map(|p| p.fixed_at(&start_dir(config.cwd.as_deref())));
        Ok((Session::new(config)?, p))
    });
    // With a shell from the pool, the run starts right here, before any task is scheduled.
    let ready = match ready {
        Ok((session, p)) => {
            let session = Arc::new(pool::pooled(env, session)?);
            teardown::kill_at_teardown(env, &session)?;
            let launch = match session.try_start(session.queue(), &p.req, &p.cancel) {
                Ok(started) => Launch::Started(started),
                Err(place) => Launch::Queued(place, p.req.clone()),
            };
            Ok((session, launch, p))
        }
        Err(e) => Err(e),
    };
    let first_poll = match &ready {
        Ok((_, Launch::Started(_), _)) => FirstPoll::Here,
        _ => FirstPoll::OnRuntime,
    };
    let promise = js.spawn(
        env,
        on_settle(listener),
        first_poll,
        Turn::Free,
        async move {
            let (session, launch, p) = ready?;
            let result = run_and_deliver(&session, launch, p).await;
            session.close_soon().await;
            result.map(ShellRunResultJs)
        },
    )?;
    Ok(Object::from_raw(env.raw(), promise))
}

/// Signals `pid` and all its descendants, children first; returns how many were signalled. Never
/// signals the host process or its ancestors. @throws ERR_INVALID_ARG for a pid that is not an
/// integer from 2 to 2^31-1, or a signal that is not an integer from 0 to 64.
#[napi(catch_unwind, ts_args_type = "pid: number, signal: number")]
pub fn kill_tree(env: Env, pid: Unknown, signal: Unknown) -> Result<u32> {
    (|| {
        let pid = integer(pid, "pid", 2, i32::MAX)?;
        let signal = integer(signal, "signal", 0, 64)?;
        Ok(tree::kill_tree(pid, signal) as u32)
    })()
    .map_err(|e| throw(&env, e))
}

/// The pids of every living descendant of `pid`, parents before children.
/// @throws ERR_INVALID_ARG for a pid that is not an integer from 1 to 2^31-1.
#[napi(catch_unwind, ts_args_type = "pid: number")]
pub fn list_descendants(env: Env, pid: Unknown) -> Result<Vec<i32>> {
    let pid = integer(pid, "pid", 1, i32::MAX).map_err(|e| throw(&env, e))?;
    Ok(tree::list_descendants(pid))
}

/// A JS number that must be an integer in `min..=max` (never wrapped, as Node-API's int32 would).
fn integer(value: Unknown, field: &str, min: i32, max: i32) -> crate::error::Result<i32> {
    let n = arg::<f64>(value, field)?;
    if n.fract() != 0.0 || !(f64::from(min)..=f64::from(max)).contains(&n) {
        return Err(Error::invalid(
            field,
            format!("must be an integer from {min} to {max}"),
            crate::error::JsNumber(n),
        ));
    }
    Ok(n as i32)
}

/// Where a shell starts: `cwd`, else the host's directory.
pub(super) fn start_dir(cwd: Option<&std::path::Path>) -> std::path::PathBuf {
    match cwd {
        Some(dir) => dir.to_path_buf(),
        None => std::env::current_dir().unwrap_or_else(|_| "/".into()),
    }
}

/// The session options shared by `new Shell` and `executeShell`.
fn shell_config(options: &Object) -> crate::error::Result<ShellConfig> {
    type O = ShellOptions;
    Ok(ShellConfig {
        shell: O::shell(options)?.unwrap_or_else(|| "bash".into()),
        session_env: pairs(O::session_env(options)?),
        snapshot: path(O::snapshot_path(options)?),
        non_interactive_env: O::non_interactive_env(options)?.unwrap_or(true),
        cwd: None,
        sandbox: O::sandbox(options)?,
        ..Default::default()
    })
}

type Prepared = crate::error::Result<PreparedRun>;

/// Reads a run's options on the JS thread: everything that needs JS (the AbortSignal, the
/// callback) is turned into plain Rust here. The listener added to the AbortSignal, if any, is
/// returned apart: it stays on the JS thread, to be removed when the run settles.
fn prepare(
    env: &Env,
    options: Unknown,
    [on_chunk, on_stderr]: [Option<Unknown>; 2],
    js: &JsThread,
) -> (Prepared, Option<AbortListener>) {
    let read = arg::<Object>(options, "options").and_then(|options| {
        let on_chunk = optional_arg::<Function<String, ()>>(on_chunk, "onChunk")?;
        let on_stderr = optional_arg::<Function<String, ()>>(on_stderr, "onStderr")?;
        prepare_run(env, &options, [on_chunk, on_stderr], js)
    });
    match read {
        Ok((prepared, listener)) => (Ok(prepared), listener),
        Err(e) => (Err(e), None),
    }
}

/// A run's options, read on the JS thread.
struct PreparedRun {
    req: RunRequest,
    output: Option<OutputOptions>,
    cancel: CancelToken,
    chunk_fn: Option<ChunkFn>,
    /// With `stderr: "separate"`: the stderr callback.
    err_fn: Option<ChunkFn>,
    minimizer: Option<MinimizerOptions>,
}

fn prepare_run(
    env: &Env,
    options: &Object,
    [on_chunk, on_stderr]: [Option<Function<String, ()>>; 2],
    js: &JsThread,
) -> crate::error::Result<(PreparedRun, Option<AbortListener>)> {
    type O = ShellRunOptions;
    let command = required(O::command(options)?, js_name!(command))?;
    let timeout = timeout(O::timeout_ms(options)?);
    let output = O::output(options)?;
    let minimizer = O::minimizer(options)?;
    let stderr = stderr_option(options, on_stderr.is_some())?;
    let req = RunRequest {
        command,
        cwd: path(O::cwd(options)?).map(|c| absolute(&c)),
        env: pairs(O::env(options)?),
        timeout,
        stderr,
    };
    let chunk_fn = on_chunk
        .map(|f| stream::chunk_callback(js, env, f, "chunk"))
        .transpose()?;
    let err_fn = on_stderr
        .map(|f| stream::chunk_callback(js, env, f, "stderr"))
        .transpose()?;
    // Last, so that nothing after it can fail and leave the listener behind.
    let (cancel, listener) = options::abort_token(env, O::signal(options))?;
    let prepared = PreparedRun {
        req,
        output,
        cancel,
        chunk_fn,
        err_fn,
        minimizer,
    };
    Ok((prepared, listener))
}

/// Runs a command on `session`, decoding and delivering output; resolves after the last chunk's
/// callback ran.
/// With a minimizer on, the chunks pass through a bounded capture, which the minimizer reads once
/// the run ended.
async fn run_and_deliver(
    session: &Session,
    launch: Launch,
    p: PreparedRun,
) -> crate::error::Result<ShellRunResult> {
    if p.req.stderr == Stderr::Separate {
        return run_apart(session, launch, p).await;
    }
    let minimizer = p.minimizer.map(|m| m.resolve()).filter(|c| c.enabled);
    let Some(config) = minimizer else {
        let (outcome, summary) = session
            .run_delivered(launch, p.output.as_ref(), p.chunk_fn, &p.cancel)
            .await?;
        return Ok(to_result(outcome, summary.map(JsOutputSummary::from), None));
    };
    let command = p.req.command;
    let (capture, captured) = Capture::new(p.chunk_fn, config.max_capture_bytes);
    let (outcome, summary) = session
        .run_delivered(launch, p.output.as_ref(), Some(capture), &p.cancel)
        .await?;
    let minimized = minimize::minimize(&command, captured.take(), &config, outcome.exit_code);
    Ok(to_result(
        outcome,
        summary.map(JsOutputSummary::from),
        minimized.map(JsMinimizerResult::from),
    ))
}

/// [`run_and_deliver`] for a run that keeps stderr apart: stdout as there (and minimized alone),
/// stderr to its own callback and summary.
async fn run_apart(
    session: &Session,
    launch: Launch,
    p: PreparedRun,
) -> crate::error::Result<ShellRunResult> {
    let err_output = crate::output::stderr_options(p.output.as_ref());
    let minimizer = p.minimizer.map(|m| m.resolve()).filter(|c| c.enabled);
    let Some(config) = minimizer else {
        let (outcome, summary, err) = session
            .run_delivered_apart(
                launch,
                p.output.as_ref(),
                p.chunk_fn,
                &err_output,
                p.err_fn,
                &p.cancel,
            )
            .await?;
        let mut result = to_result(outcome, summary.map(JsOutputSummary::from), None);
        result.stderr = Some(JsOutputSummary::from(err));
        return Ok(result);
    };
    let command = p.req.command;
    let (capture, captured) = Capture::new(p.chunk_fn, config.max_capture_bytes);
    let (outcome, summary, err) = session
        .run_delivered_apart(
            launch,
            p.output.as_ref(),
            Some(capture),
            &err_output,
            p.err_fn,
            &p.cancel,
        )
        .await?;
    let minimized = minimize::minimize(&command, captured.take(), &config, outcome.exit_code);
    let mut result = to_result(
        outcome,
        summary.map(JsOutputSummary::from),
        minimized.map(JsMinimizerResult::from),
    );
    result.stderr = Some(JsOutputSummary::from(err));
    Ok(result)
}

/// The run's `stderr` option; an `onStderr` callback needs `"separate"` (with stderr merged it
/// would never be called).
fn stderr_option(options: &Object, has_callback: bool) -> crate::error::Result<Stderr> {
    let field = "stderr";
    let stderr = match ShellRunOptions::stderr(options)? {
        Some(value) => Stderr::parse(field, &value)?,
        None => Stderr::Merge,
    };
    if has_callback && stderr != Stderr::Separate {
        return Err(Error::invalid(
            "onStderr",
            "needs the option stderr: \"separate\"",
            "a function",
        ));
    }
    Ok(stderr)
}

fn to_result(
    o: RunOutcome,
    output: Option<JsOutputSummary>,
    minimized: Option<JsMinimizerResult>,
) -> ShellRunResult {
    ShellRunResult {
        exit_code: o.exit_code,
        cancelled: o.cancelled,
        timed_out: o.timed_out,
        working_dir: o.working_dir,
        duration_ms: Some(o.duration.as_secs_f64() * 1000.0),
        signal: o.signal,
        session_restarted: Some(o.session_restarted),
        output,
        minimized,
        stderr: None,
    }
}

/// Removes a run's AbortSignal listener as its promise settles.
fn on_settle(listener: Option<AbortListener>) -> Option<OnSettle> {
    listener.map(|l| Box::new(move |env: &Env| l.remove(env)) as OnSettle)
}
