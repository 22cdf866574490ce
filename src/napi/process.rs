//! JS surface of `Process` and `ProcessStatus` (docs/api.md §7a, the anchor's current process API):
//! reads the arguments, calls `crate::process::reference`, and turns cancellations into
//! `AbortError` rejections.

use std::time::Duration;

use napi::bindgen_prelude::*;
use napi_derive::napi;

use super::error::throw;
use super::js_thread::{FirstPoll, JsThread, Turn};
use super::options::{self, arg, js_readers, optional_arg, Path};
use crate::error::{Error, JsNumber};
use crate::process::reference::{self, ProcessRef, Terminate};

/// Current state of a process reference.
#[napi(string_enum)]
pub enum ProcessStatus {
    /// The referenced process is still running.
    #[napi(value = "running")]
    Running,
    /// The referenced process has exited (or its pid now names another process).
    #[napi(value = "exited")]
    Exited,
}

/// Options of `Process.terminate`.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ProcessTerminateOptions {
    /// Also signal the process's group (never the host's own group).
    pub group: Option<bool>,
    /// Milliseconds between TERM and KILL; negative: KILL at once. @default 1000
    pub graceful_ms: Option<f64>,
    /// Milliseconds to wait after KILL for the process to exit. @default 1000
    pub timeout_ms: Option<f64>,
    /// An `AbortSignal` that cancels the wait (rejects with an `AbortError`); typed `unknown` as
    /// the anchor's, checked when called.
    #[napi(ts_type = "unknown")]
    pub signal: Option<Unknown<'static>>,
}

js_readers!(ProcessTerminateOptions {
    group => bool,
    graceful_ms => f64,
    timeout_ms => f64,
    signal => Object<'env>,
});

/// Options of `Process.waitForExit`.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ProcessWaitOptions {
    /// Milliseconds to wait before resolving `false`; absent: until the process exits.
    pub timeout_ms: Option<f64>,
    /// An `AbortSignal` that cancels the wait (rejects with an `AbortError`); typed `unknown` as
    /// the anchor's, checked when called.
    #[napi(ts_type = "unknown")]
    pub signal: Option<Unknown<'static>>,
}

js_readers!(ProcessWaitOptions {
    timeout_ms => f64,
    signal => Object<'env>,
});

/// A stable process reference: a pid pinned by its start time, so a recycled pid is never read
/// or signalled. Made by `Process.fromPid` / `Process.fromPath`; there is no constructor.
#[napi]
pub struct Process {
    inner: ProcessRef,
}

#[napi]
impl Process {
    /// The running process with this pid, or `null` when there is none (or `pid` is not a
    /// positive pid). @throws ERR_INVALID_ARG when `pid` is not an integer.
    #[napi(
        catch_unwind,
        ts_args_type = "pid: number",
        ts_return_type = "Process | null"
    )]
    pub fn from_pid(env: Env, pid: Unknown) -> Result<Option<Process>> {
        let n = arg::<f64>(pid, "pid").map_err(|e| throw(&env, e))?;
        if n.fract() != 0.0 || !n.is_finite() {
            return Err(throw(
                &env,
                Error::invalid("pid", "must be an integer", JsNumber(n)),
            ));
        }
        if !(1.0..=f64::from(i32::MAX)).contains(&n) {
            return Ok(None);
        }
        Ok(ProcessRef::from_pid(n as i32).map(|inner| Process { inner }))
    }

    /// Running processes whose executable path is exactly `path` (no symlink is resolved).
    #[napi(catch_unwind, ts_args_type = "path: string")]
    pub fn from_path(env: Env, path: Unknown) -> Result<Vec<Process>> {
        let Path(path) = arg::<Path>(path, "path").map_err(|e| throw(&env, e))?;
        Ok(ProcessRef::from_path(std::path::Path::new(&path))
            .into_iter()
            .map(|inner| Process { inner })
            .collect())
    }

    /// The process id.
    #[napi(getter)]
    pub fn pid(&self) -> i32 {
        self.inner.pid()
    }

    /// The parent's pid; `null` once the process is gone.
    #[napi(getter)]
    pub fn ppid(&self) -> Option<i32> {
        self.inner.ppid()
    }

    /// The process's argument vector; empty once it is gone (or unreadable).
    #[napi]
    pub fn args(&self) -> Vec<String> {
        self.inner.args()
    }

    /// Signals the process and its descendants, children first (never the host or its
    /// ancestors); returns how many were signalled. @default signal 9 (SIGKILL)
    /// @throws ERR_INVALID_ARG for a signal that is not an integer from 0 to 64.
    #[napi(catch_unwind, ts_args_type = "signal?: number | undefined | null")]
    pub fn kill_tree(&self, env: Env, signal: Option<Unknown>) -> Result<u32> {
        let signal = optional_arg::<f64>(signal, "signal")
            .and_then(|s| match s {
                None => Ok(crate::process::os::signal::SIGKILL),
                Some(n) if n.fract() == 0.0 && (0.0..=64.0).contains(&n) => Ok(n as i32),
                Some(n) => Err(Error::invalid(
                    "signal",
                    "must be an integer from 0 to 64",
                    JsNumber(n),
                )),
            })
            .map_err(|e| throw(&env, e))?;
        Ok(self.inner.kill_tree(signal) as u32)
    }

    /// Ends the process and its descendants: TERM (and CONT), up to `gracefulMs` for them to
    /// exit, KILL to what is left (found again, wherever it was re-parented), then up to
    /// `timeoutMs` for the process to exit. Resolves `true` when it is gone, `false` when it
    /// outlived `timeoutMs`. Rejects with an `AbortError` when `signal` aborts.
    /// @throws ERR_INVALID_ARG for a bad option.
    #[napi(
        catch_unwind,
        ts_args_type = "options?: ProcessTerminateOptions | undefined | null",
        ts_return_type = "Promise<boolean>"
    )]
    pub fn terminate<'env>(
        &self,
        env: &'env Env,
        options: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        let js = JsThread::new(env)?;
        let read = (|| {
            type O = ProcessTerminateOptions;
            let options = optional_arg::<Object>(options, "options")?;
            let Some(o) = options else {
                return Ok((default_terminate(), options::abort_token(env, Ok(None))?));
            };
            let grace = match O::graceful_ms(&o)? {
                None => Some(Duration::from_millis(reference::DEFAULT_GRACE_MS)),
                Some(g) if g.is_nan() => {
                    return Err(Error::invalid(
                        "gracefulMs",
                        "must be a number",
                        JsNumber(g),
                    ))
                }
                Some(g) if g < 0.0 => None,
                Some(g) => Some(options::millis("gracefulMs", g)?),
            };
            let kill_wait = match O::timeout_ms(&o)? {
                None => Duration::from_millis(reference::DEFAULT_KILL_WAIT_MS),
                Some(t) => options::millis("timeoutMs", t)?,
            };
            let how = Terminate {
                group: O::group(&o)?.unwrap_or(false),
                grace,
                kill_wait,
            };
            Ok((how, options::abort_token(env, O::signal(&o))?))
        })();
        let inner = self.inner;
        abortable(env, &js, read, "terminate", move |how, cancel| async move {
            inner.terminate(how, &cancel).await
        })
    }

    /// Waits until the process exits: `true` then, `false` when `timeoutMs` passed first.
    /// Rejects with an `AbortError` when `signal` aborts. @throws ERR_INVALID_ARG for a bad option.
    #[napi(
        catch_unwind,
        ts_args_type = "options?: ProcessWaitOptions | undefined | null",
        ts_return_type = "Promise<boolean>"
    )]
    pub fn wait_for_exit<'env>(
        &self,
        env: &'env Env,
        options: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        let js = JsThread::new(env)?;
        let read = (|| {
            type O = ProcessWaitOptions;
            let Some(o) = optional_arg::<Object>(options, "options")? else {
                return Ok((None, options::abort_token(env, Ok(None))?));
            };
            let timeout = O::timeout_ms(&o)?
                .map(|t| options::millis("timeoutMs", t))
                .transpose()?;
            Ok((timeout, options::abort_token(env, O::signal(&o))?))
        })();
        let inner = self.inner;
        abortable(
            env,
            &js,
            read,
            "waitForExit",
            move |timeout, cancel| async move { inner.wait_for_exit(timeout, &cancel).await },
        )
    }

    /// The process group id; `null` once the process is gone.
    #[napi]
    pub fn group_id(&self) -> Option<i32> {
        self.inner.group_id()
    }

    /// The direct children, as stable references; empty once the process is gone.
    #[napi]
    pub fn children(&self) -> Vec<Process> {
        self.inner
            .children()
            .into_iter()
            .map(|inner| Process { inner })
            .collect()
    }

    /// `running` while this very process runs; `exited` once it exited (a zombie counts as
    /// exited) or its pid was reused.
    #[napi]
    pub fn status(&self) -> ProcessStatus {
        match self.inner.is_running() {
            true => ProcessStatus::Running,
            false => ProcessStatus::Exited,
        }
    }
}

fn default_terminate() -> Terminate {
    Terminate {
        group: false,
        grace: Some(Duration::from_millis(reference::DEFAULT_GRACE_MS)),
        kill_wait: Duration::from_millis(reference::DEFAULT_KILL_WAIT_MS),
    }
}

/// The options as read, apart from the AbortSignal listener, which stays on the JS thread.
/// A promise of `wait(options, cancel)`, run with the options `read` read (their `signal` made a
/// token), that rejects with an `AbortError` naming `what` when the signal aborts, or with the
/// reading's error; the signal's listener is removed as it settles.
fn abortable<'env, T, F, Fut>(
    env: &'env Env,
    js: &JsThread,
    read: crate::error::Result<(T, options::Token)>,
    what: &'static str,
    wait: F,
) -> Result<Object<'env>>
where
    T: Send + 'static,
    F: FnOnce(T, crate::run::CancelToken) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = std::result::Result<bool, reference::Cancelled>> + Send,
{
    let (ready, listener) = options::split_token(read);
    let promise = js.spawn(
        env,
        options::on_settle(listener),
        FirstPoll::Here,
        Turn::Free,
        async move {
            let (options, cancel) = ready?;
            wait(options, cancel)
                .await
                .map_err(|_| Error::Aborted(what))
        },
    )?;
    Ok(Object::from_raw(env.raw(), promise))
}
