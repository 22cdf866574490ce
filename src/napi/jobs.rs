//! JS surface of background jobs: `JobManager` (docs/api.md §9). Options are read here, the jobs run in
//! `crate::jobs`. A running job does not keep the host alive by itself (a forgotten dev server
//! must not hold Node open); a pending `wait`/`kill`/`close` promise does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use napi::bindgen_prelude::*;
use napi_derive::napi;

use super::error::throw;
use super::js_thread::{FirstPoll, JsOnly, JsThread, Turn};
use super::options::{
    self, absolute, arg, get, js_name, js_readers, optional_arg, pairs, path, required, shown_name,
    timeout, Path, MAX_SAFE_INTEGER,
};
use super::shell::{Shell, ShellExecuteOptions};
use super::stream;
use super::value::shown;
use crate::commands::js_regex::JsRegex;
use crate::error::{Error, JsNumber};
use crate::jobs::{self, JobSpec, ManagerOptions};
use crate::minimize::{self, Captured, MinimizerConfig, MinimizerOptions};
use crate::shell::{Pool, PoolOptions, RunRequest, Session, ShellConfig};

/// Options of a `JobManager`.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct JobManagerOptions {
    /// Jobs that may run at once; `start` past it throws ERR_TOO_MANY_JOBS. @default 64
    pub max_jobs: Option<f64>,
    /// Unread output kept per job, in bytes; older output is dropped and counted in
    /// `droppedBytes`. @default 1048576 (1 MiB)
    pub buffer_bytes: Option<f64>,
    /// A directory (created if missing) where each job's whole output is also written, as
    /// `<id>.log`, capped as the sink's artifact is (`output.artifactMaxBytes`).
    pub artifact_dir: Option<String>,
    /// Keep two shells started ahead of need, as the last job's was (its program, environment
    /// and `sandbox`, the policy already entered), so that the next such job skips the shell's
    /// start (two: a job right after another, or beside it, finds one too): they are started when a
    /// job ends, each taken by one job only, and ended by `close()`, the
    /// manager's end, the JavaScript environment's teardown, or 60 s without a job. A job with
    /// `sandbox.readableRoots` or its own `TMPDIR` in `sessionEnv` never takes one. @default false
    pub start_ahead: Option<bool>,
}

js_readers!(JobManagerOptions {
    max_jobs => f64,
    buffer_bytes => f64,
    artifact_dir => Path,
    start_ahead => bool,
});

/// A job as `list()` shows it.
#[napi(object)]
pub struct JobInfo {
    pub id: String,
    pub label: Option<String>,
    pub command: String,
    /// `completed`: exit 0; `failed`: a non-zero exit, a signal, or a shell that could not start;
    /// `killed`: by `kill`, `close`, the `signal` option or the manager's end; `timed_out`: by its
    /// own `timeoutMs`.
    #[napi(ts_type = "'running' | 'completed' | 'failed' | 'killed' | 'timed_out'")]
    pub status: String,
    /// As `executeShell`'s: absent while running and for a killed or timed-out job.
    pub exit_code: Option<i32>,
    /// e.g. "SIGSEGV" when the command's last process died of a signal (`exitCode` is 128+n).
    pub signal: Option<String>,
    /// Milliseconds since the Unix epoch, as `Date.now()`.
    pub started_at: f64,
    pub ended_at: Option<f64>,
    /// The job's shell process, once started.
    pub pid: Option<i32>,
    /// The directory the job's shell was in when its command ended (absent until then).
    pub working_dir: Option<String>,
}

/// A read of a job's output, with the job's state at that moment.
#[napi(object)]
pub struct JobOutput {
    pub id: String,
    pub label: Option<String>,
    pub command: String,
    #[napi(ts_type = "'running' | 'completed' | 'failed' | 'killed' | 'timed_out'")]
    pub status: String,
    pub exit_code: Option<i32>,
    pub signal: Option<String>,
    pub started_at: f64,
    pub ended_at: Option<f64>,
    pub pid: Option<i32>,
    /// The directory the job's shell was in when its command ended (absent until then).
    pub working_dir: Option<String>,
    /// What the job wrote since the last read (decoded, ANSI-stripped, CRLF/CR as LF); for a
    /// filtered read, only the lines that matched.
    pub output: String,
    /// Bytes of output lost since the last read because more than `bufferBytes` were unread.
    pub dropped_bytes: f64,
    /// The job's whole output, when the manager has an `artifactDir` (once the job wrote
    /// something; complete once it ended).
    pub artifact_path: Option<String>,
    /// Extension: as a run's (docs/api.md §2a), when the job was started with an enabled `minimizer`
    /// and this read holds its whole output: the job ended, nothing was read before (no earlier
    /// read returned output), nothing was dropped, no `filter`. Absent otherwise.
    #[napi(ts_type = "MinimizerResult")]
    pub minimized: Option<super::minimize::JsMinimizerResult>,
}

/// Options of one read of a job's output.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct JobOutputOptions {
    /// Keep only the lines this JavaScript regular expression matches (`new RegExp(filter,
    /// flags)`); the other lines are consumed too.
    pub filter: Option<String>,
    pub flags: Option<String>,
}

js_readers!(JobOutputOptions {
    filter => String,
    flags => String,
});

/// Background jobs: commands that run on after `start` returned (an agent's `run_in_background`,
/// BashOutput and KillBash). Each job runs as `executeShell` runs a command, on its own shell,
/// and its status says how it really ended. A running job does not keep the host process alive
/// by itself; the host's exit, `close()`, or the manager being garbage-collected kills every job
/// it has running, with its whole process tree.
#[napi]
pub struct JobManager {
    core: Arc<jobs::JobManager>,
    js: JsThread,
    /// The jobs started with an enabled minimizer whose whole output has not been read yet.
    whole: Arc<Mutex<HashMap<String, WholeOutput>>>,
}

/// A job whose whole output may still be minimized, as a run's would be.
struct WholeOutput {
    command: String,
    config: MinimizerConfig,
}

/// The minimized text of `read`, when it is the whole output of a job started with a minimizer:
/// the job ended, no earlier read returned output, none was dropped, the read was not filtered.
/// A read that returned output (or lost some) ends the job's chance: later reads are pieces.
fn minimize_whole(
    whole: &Mutex<HashMap<String, WholeOutput>>,
    read: &jobs::JobOutput,
    filtered: bool,
) -> Option<super::minimize::JsMinimizerResult> {
    let mut whole = whole.lock().unwrap_or_else(|e| e.into_inner());
    let ended = read.info.status != jobs::JobStatus::Running;
    let consumed = !read.output.is_empty() || read.dropped_bytes > 0 || filtered;
    if !ended && !consumed {
        return None;
    }
    let job = whole.remove(&read.info.id)?;
    if !ended || filtered || read.dropped_bytes > 0 {
        return None;
    }
    let captured = if read.output.len() > job.config.max_capture_bytes {
        Captured::TooLarge
    } else {
        Captured::Text(read.output.clone())
    };
    minimize::minimize(&job.command, captured, &job.config, read.info.exit_code).map(Into::into)
}

#[napi]
impl JobManager {
    /// @throws ERR_INVALID_ARG for a bad option, ERR_IO when `artifactDir` cannot be created.
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "options?: JobManagerOptions | undefined | null"
    )]
    pub fn new(env: Env, options: Option<Unknown>) -> Result<Self> {
        let (options, start_ahead) = manager_options(options).map_err(|e| throw(&env, e))?;
        let mut core = jobs::JobManager::new(options).map_err(|e| throw(&env, e))?;
        if start_ahead {
            if let Ok(runtime) = napi::bindgen_prelude::within_runtime_if_available(
                tokio::runtime::Handle::try_current,
            ) {
                core = core.with_pool(Pool::with_options(runtime, PoolOptions::jobs()));
            }
        }
        let core = Arc::new(core);
        let js = JsThread::new(&env)?;
        kill_at_teardown(&env, &core)?;
        Ok(JobManager {
            core,
            js,
            whole: Default::default(),
        })
    }

    /// Starts a job and returns its id at once; the command runs on. Takes `executeShell`'s
    /// options, plus `label`, and `shell` given a `Shell`: the job then runs in a fresh bash that
    /// starts from that session's state (working directory, exported and shell variables,
    /// functions, aliases, options), read in the session's turn without disturbing it.
    /// `signal` kills the job when it aborts. `output` sets `stripAnsi`, `normalizeNewlines`,
    /// and the artifact's `artifactPath` (instead of `artifactDir`), `artifactMaxBytes` and
    /// `artifactHeadBytes`. `onExit` is called once, when the job ends, with its `JobInfo`.
    /// @throws ERR_INVALID_ARG, ERR_CWD_NOT_FOUND, ERR_CWD_NOT_DIR as `executeShell` rejects;
    /// ERR_TOO_MANY_JOBS past `maxJobs` running jobs; ERR_SESSION_CLOSED when the manager or the
    /// given `Shell` is closed.
    #[napi(
        catch_unwind,
        ts_args_type = "options: Omit<ShellExecuteOptions, 'shell' | 'stderr'> & { label?: string; shell?: string | Shell; stderr?: 'merge' }, onExit?: ((error: Error | null, info: JobInfo) => void) | undefined | null"
    )]
    pub fn start(&self, env: Env, options: Unknown, on_exit: Option<Unknown>) -> Result<String> {
        self.start_job(&env, options, on_exit)
            .map_err(|e| throw(&env, e))
    }

    fn start_job(
        &self,
        env: &Env,
        options: Unknown,
        on_exit: Option<Unknown>,
    ) -> crate::error::Result<String> {
        let (mut spec, from, minimizer) = job_spec(options)?;
        let command = spec.run.command.clone();
        let on_exit = optional_arg::<Function<JobInfo, ()>>(on_exit, "onExit")?
            .map(|f| stream::callback(&self.js, env, f, "onExit"))
            .transpose()?;
        let options = arg::<Object>(options, "options")?;
        // Last, so that nothing after it can fail and leave the listener behind.
        let (cancel, listener) = options::abort_token(env, ShellExecuteOptions::signal(&options))?;
        spec.cancel = cancel;
        let listener = listener.map(JsOnly::new);
        let shared = self.js.shared();
        let notify: jobs::OnExit = Box::new(move |info| {
            if let Some(listener) = listener {
                shared.queue(Box::new(move |env| {
                    listener.take().remove(&Env::from_raw(env))
                }));
            }
            if let Some(on_exit) = on_exit {
                tokio::spawn(async move { on_exit.call(info_js(info)).await });
            }
        });
        let (id, task) = self.core.prepare(spec, from, Some(notify))?;
        if let Some(config) = minimizer.map(|m| m.resolve()).filter(|c| c.enabled) {
            let mut whole = self.whole.lock().unwrap_or_else(|e| e.into_inner());
            // Jobs the manager forgot (never read to their end) are forgotten here too.
            let known: Vec<String> = self.core.list().into_iter().map(|i| i.id).collect();
            whole.retain(|id, _| known.contains(id));
            whole.insert(id.clone(), WholeOutput { command, config });
        }
        // Its first steps here, on the JS thread (`jobs::begin`): the command is handed to its
        // shell before this returns.
        let rest = napi::bindgen_prelude::within_runtime_if_available(|| jobs::begin(task));
        if let Some(rest) = rest {
            napi::bindgen_prelude::spawn(rest);
        }
        Ok(id)
    }

    /// What the job wrote since the last read, with its state. With `filter`, only the lines
    /// that match `new RegExp(filter, flags)` (the others are consumed too); while the job runs,
    /// a last line without its newline yet stays unread, to be matched whole.
    /// @throws ERR_JOB_NOT_FOUND for an unknown or forgotten id (the oldest ended jobs are
    /// forgotten past `maxJobs` of them); ERR_INVALID_ARG for a filter that does not compile.
    #[napi(
        catch_unwind,
        ts_args_type = "id: string, options?: JobOutputOptions | undefined | null"
    )]
    pub fn output(&self, env: Env, id: Unknown, options: Option<Unknown>) -> Result<JobOutput> {
        (|| {
            let id = arg::<String>(id, "id")?;
            let filter = match optional_arg::<Object>(options, "options")? {
                Some(o) => filter(&o)?,
                None => None,
            };
            let read = self.core.output(&id, filter.as_ref())?;
            let minimized = minimize_whole(&self.whole, &read, filter.is_some());
            Ok(output_js(read, minimized))
        })()
        .map_err(|e| throw(&env, e))
    }

    /// Resolves when the job ended, or after `timeoutMs` (absent or null: no limit; 0: at once)
    /// with status `running`; with the output since the last read.
    /// Rejects with ERR_JOB_NOT_FOUND or ERR_INVALID_ARG.
    #[napi(
        catch_unwind,
        ts_args_type = "id: string, timeoutMs?: number | undefined | null",
        ts_return_type = "Promise<JobOutput>"
    )]
    pub fn wait<'env>(
        &self,
        env: &'env Env,
        id: Unknown<'env>,
        timeout_ms: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        let read = (|| {
            let id = arg::<String>(id, "id")?;
            let timeout = optional_arg::<f64>(timeout_ms, "timeoutMs")?
                .map(|t| options::millis("timeoutMs", t))
                .transpose()?;
            Ok((id, timeout))
        })();
        let core = self.core.clone();
        let whole = self.whole.clone();
        self.promise(env, async move {
            let (id, timeout) = read?;
            let read = core.wait(&id, timeout).await?;
            let minimized = minimize_whole(&whole, &read, false);
            Ok(output_js(read, minimized))
        })
    }

    /// Kills the job's whole process tree (children, `setsid` escapees and all: TERM, a short
    /// grace, then KILL) and resolves once it ended, with what it had left unread. A job that had
    /// already ended keeps its status. Rejects with ERR_JOB_NOT_FOUND.
    #[napi(
        catch_unwind,
        ts_args_type = "id: string",
        ts_return_type = "Promise<JobOutput>"
    )]
    pub fn kill<'env>(&self, env: &'env Env, id: Unknown<'env>) -> Result<Object<'env>> {
        let id = arg::<String>(id, "id");
        let core = self.core.clone();
        let whole = self.whole.clone();
        self.promise(env, async move {
            let read = core.kill(&id?).await?;
            let minimized = minimize_whole(&whole, &read, false);
            Ok(output_js(read, minimized))
        })
    }

    /// Every job, running or ended (until forgotten), in start order.
    #[napi]
    pub fn list(&self) -> Vec<JobInfo> {
        self.core.list().into_iter().map(info_js).collect()
    }

    /// Kills every job (their whole trees) and resolves when all ended. Later `start` calls throw
    /// ERR_SESSION_CLOSED; reads of the jobs still answer. Idempotent.
    #[napi(catch_unwind, ts_return_type = "Promise<void>")]
    pub fn close<'env>(&self, env: &'env Env) -> Result<Object<'env>> {
        let core = self.core.clone();
        self.promise(env, async move {
            core.close().await;
            Ok(())
        })
    }

    fn promise<'env, T: ToNapiValue + Send + 'static>(
        &self,
        env: &'env Env,
        fut: impl std::future::Future<Output = crate::error::Result<T>> + Send + 'static,
    ) -> Result<Object<'env>> {
        let promise = self
            .js
            .spawn(env, None, FirstPoll::OnRuntime, Turn::Free, fut)?;
        Ok(Object::from_raw(env.raw(), promise))
    }
}

/// Kills every job of `core` when `env` is torn down (a worker terminated, the host exiting):
/// running jobs must not outlive the JS environment that started them.
fn kill_at_teardown(env: &Env, core: &Arc<jobs::JobManager>) -> Result<()> {
    let weak = Arc::downgrade(core);
    env.add_env_cleanup_hook(weak, |weak| {
        if let Some(core) = weak.upgrade() {
            core.kill_now();
        }
    })?;
    Ok(())
}

/// The manager's options, and whether it starts shells ahead.
fn manager_options(options: Option<Unknown>) -> crate::error::Result<(ManagerOptions, bool)> {
    let mut read = ManagerOptions::default();
    let Some(options) = optional_arg::<Object>(options, "options")? else {
        return Ok((read, false));
    };
    type O = JobManagerOptions;
    if let Some(n) = O::max_jobs(&options)? {
        read.max_jobs = count(js_name!(max_jobs), n)?;
    }
    if let Some(n) = O::buffer_bytes(&options)? {
        read.buffer_bytes = count(js_name!(buffer_bytes), n)?;
    }
    read.artifact_dir = path(O::artifact_dir(&options)?).map(|d| absolute(&d));
    let start_ahead = O::start_ahead(&options)?.unwrap_or(false);
    Ok((read, start_ahead))
}

/// A count that must be a positive integer.
fn count(field: &std::ffi::CStr, n: f64) -> crate::error::Result<usize> {
    if n.fract() != 0.0 || !(1.0..=MAX_SAFE_INTEGER).contains(&n) {
        return Err(Error::invalid(
            shown_name(field),
            "must be an integer from 1 to Number.MAX_SAFE_INTEGER",
            JsNumber(n),
        ));
    }
    Ok(usize::try_from(n as u64).unwrap_or(usize::MAX))
}

/// The compiled `filter`, if given.
fn filter(options: &Object) -> crate::error::Result<Option<JsRegex>> {
    let Some(pattern) = JobOutputOptions::filter(options)? else {
        return Ok(None);
    };
    let flags = JobOutputOptions::flags(options)?.unwrap_or_default();
    JsRegex::new(&pattern, &flags).map(Some).map_err(|why| {
        Error::invalid(
            "filter",
            format!("must be a valid regular expression with flags {flags:?} ({why})"),
            &pattern,
        )
    })
}

/// Reads `start`'s options in `executeShell`'s order, so that the first bad one is named.
type Spec = (JobSpec, Option<Arc<Session>>, Option<MinimizerOptions>);

fn job_spec(options: Unknown) -> crate::error::Result<Spec> {
    let options = arg::<Object>(options, "options")?;
    type O = ShellExecuteOptions;
    let command = required(O::command(&options)?, js_name!(command))?;
    let timeout = timeout(O::timeout_ms(&options)?);
    let output = O::output(&options)?.unwrap_or_default();
    // A job's output is read in pieces while it runs (bashOutput): it is minimized only when one
    // read holds all of it (`minimize_whole`).
    let minimizer = O::minimizer(&options)?;
    // A job's output is one stream that `bashOutput` reads in pieces: stderr stays merged.
    if let Some(stderr) = O::stderr(&options)? {
        if crate::shell::Stderr::parse("stderr", &stderr)? != crate::shell::Stderr::Merge {
            return Err(crate::error::Error::invalid(
                "stderr",
                "must be \"merge\" for a job (its output is one stream)",
                &stderr,
            ));
        }
    }
    let run = RunRequest {
        command,
        cwd: path(O::cwd(&options)?).map(|c| absolute(&c)),
        env: pairs(O::env(&options)?),
        timeout,
        ..Default::default()
    };
    let (shell, from) = shell_option(&options)?;
    let config = ShellConfig {
        shell: shell.unwrap_or_else(|| "bash".into()),
        session_env: pairs(O::session_env(&options)?),
        snapshot: path(O::snapshot_path(&options)?),
        non_interactive_env: O::non_interactive_env(&options)?.unwrap_or(true),
        cwd: None,
        // Fixed where the job starts, as executeShell's is; one the kernel cannot enforce is
        // refused here, not reported as a failed job.
        sandbox: O::sandbox(&options)?
            .map(|p| {
                let p = p.fixed_at(&super::shell::start_dir(run.cwd.as_deref()));
                p.check().map(|()| p)
            })
            .transpose()?,
        ..Default::default()
    };
    let label = get::<String>(&options, c"label")?;
    let spec = JobSpec {
        label,
        config,
        run,
        output,
        cancel: Default::default(),
    };
    Ok((spec, from, minimizer))
}

/// `shell`: a program (string), or a `Shell` whose state the job starts from.
fn shell_option(options: &Object) -> crate::error::Result<(Option<String>, Option<Arc<Session>>)> {
    let env = options.value().env;
    let value: Unknown = options
        .get_named_property_unchecked("shell")
        .map_err(|e| Error::invalid("shell", "could not be read", e.reason))?;
    match value.get_type() {
        Ok(ValueType::Undefined | ValueType::Null) => Ok((None, None)),
        Ok(ValueType::String) => Ok((path(ShellExecuteOptions::shell(options)?), None)),
        Ok(ValueType::Object) => {
            // SAFETY: `value` is a live object of this call's environment, on its thread.
            let shell = unsafe { ClassInstance::<Shell>::from_napi_value(env, value.raw()) }
                .map_err(|_| {
                    Error::invalid(
                        "shell",
                        "must be a program name or a Shell",
                        shown(env, value.raw()),
                    )
                })?;
            Ok((None, Some(shell.session().clone())))
        }
        _ => Err(Error::invalid(
            "shell",
            "must be a program name or a Shell",
            shown(env, value.raw()),
        )),
    }
}

fn status(status: jobs::JobStatus) -> String {
    status.as_str().to_string()
}

fn info_js(i: jobs::JobInfo) -> JobInfo {
    JobInfo {
        id: i.id,
        label: i.label,
        command: i.command,
        status: status(i.status),
        exit_code: i.exit_code,
        signal: i.signal,
        started_at: i.started_at_ms,
        ended_at: i.ended_at_ms,
        pid: i.pid,
        working_dir: i.working_dir,
    }
}

fn output_js(
    o: jobs::JobOutput,
    minimized: Option<super::minimize::JsMinimizerResult>,
) -> JobOutput {
    let i = o.info;
    JobOutput {
        id: i.id,
        label: i.label,
        command: i.command,
        status: status(i.status),
        exit_code: i.exit_code,
        signal: i.signal,
        started_at: i.started_at_ms,
        ended_at: i.ended_at_ms,
        pid: i.pid,
        working_dir: i.working_dir,
        output: o.output,
        dropped_bytes: o.dropped_bytes as f64,
        artifact_path: o.artifact_path.map(|p| p.to_string_lossy().into_owned()),
        minimized,
    }
}
