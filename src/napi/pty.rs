//! JS surface of the pseudo-terminal session: `PtySession` (docs/api.md §4). Options are read here,
//! the command runs in `crate::pty`, and output is delivered through `super::stream`.

use std::collections::HashMap;

use napi::bindgen_prelude::*;
use napi_derive::napi;
use tokio::sync::mpsc;

use super::error::throw;
use super::js_thread::{FirstPoll, JsCallback, JsThread, OnSettle, Turn};
use super::options::{
    self, absolute, arg, js_name, js_readers, optional_arg, pairs, path, required, shown_name,
    timeout, AbortListener, JsSandboxPolicy, Path, StringMap, TimeoutMs,
};
use super::stream::{self, ChunkFn};
use crate::error::{Error, JsNumber};
use crate::output::{deliver, CHUNK_QUEUE};
use crate::process::sandbox::SandboxPolicy;
use crate::pty::{self, Program, PtyOutcome, PtyRequest, PtyRun, TermSize};

/// A command for `PtySession.start`.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct PtyStartOptions {
    /// Run as `<shell> -c <command>`.
    pub command: String,
    /// Directory to run in; relative to the host's. @default the host's directory
    pub cwd: Option<String>,
    /// Set over the host's environment. `TERM` is `xterm-256color` unless given here.
    pub env: Option<HashMap<String, String>>,
    /// Deadline in milliseconds from the start; absent or 0: none.
    pub timeout_ms: Option<f64>,
    /// Ends the command (the result is then `cancelled`).
    #[napi(ts_type = "unknown")]
    pub signal: Option<Unknown<'static>>,
    /// Terminal width, clamped to 20..400. @default 120
    pub cols: Option<f64>,
    /// Terminal height, clamped to 5..200. @default 40
    pub rows: Option<f64>,
    /// Shell binary (name or path). @default "sh"
    pub shell: Option<String>,
    /// Run the shell as a login shell (`-l`). @default false
    pub login: Option<bool>,
    /// Confines the command and everything it starts (writable by default: `cwd` and a temp
    /// directory given as `TMPDIR`; network off). Rejects with ERR_SANDBOX_UNAVAILABLE where the
    /// kernel cannot enforce it.
    pub sandbox: Option<JsSandboxPolicy>,
}

js_readers!(PtyStartOptions {
    command => String,
    cwd => Path,
    env => StringMap,
    timeout_ms => TimeoutMs,
    signal => Object<'env>,
    cols => f64,
    rows => f64,
    // The core checks it (`pty::session::validate`), before anything starts.
    shell => String,
    login => bool,
    sandbox => SandboxPolicy,
});

/// A program and its arguments for `PtySession.startArgv`, with no shell parsing.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct PtyArgvStartOptions {
    /// Name (looked up in `PATH`) or path of the program.
    pub application: String,
    pub args: Vec<String>,
    pub cwd: Option<String>,
    pub env: Option<HashMap<String, String>>,
    /// Deadline in milliseconds from the start; absent or 0: none.
    pub timeout_ms: Option<f64>,
    #[napi(ts_type = "unknown")]
    pub signal: Option<Unknown<'static>>,
    /// @default 120
    pub cols: Option<f64>,
    /// @default 40
    pub rows: Option<f64>,
    /// As `PtyStartOptions.sandbox`.
    pub sandbox: Option<JsSandboxPolicy>,
}

js_readers!(PtyArgvStartOptions {
    // As `shell`.
    application => String,
    args => Vec<String>,
    cwd => Path,
    env => StringMap,
    timeout_ms => TimeoutMs,
    signal => Object<'env>,
    cols => f64,
    rows => f64,
    sandbox => SandboxPolicy,
});

/// What `PtySession.screen` includes.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct PtyScreenOptions {
    /// Rows of scrollback to show above the screen, oldest first; more than are kept (1000)
    /// shows all kept. @default 0
    pub scrollback: Option<f64>,
}

js_readers!(PtyScreenOptions {
    scrollback => f64,
});

/// `scrollback`: a non-negative integer, or Infinity for all rows kept.
fn scrollback_rows(value: Option<f64>) -> crate::error::Result<usize> {
    match value {
        None => Ok(0),
        Some(n) if n == f64::INFINITY => Ok(usize::MAX),
        Some(n) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 => Ok(n as usize),
        Some(n) => Err(Error::invalid(
            shown_name(js_name!(scrollback)),
            "must be a non-negative integer or Infinity",
            JsNumber(n),
        )),
    }
}

/// How a PTY command ended. Its failure is a result, never a rejection.
#[napi(object)]
pub struct PtyRunResult {
    /// The exit status (128+n when it died of signal n); absent when cancelled or timed out.
    pub exit_code: Option<i32>,
    /// Ended by `kill()` or the AbortSignal.
    pub cancelled: bool,
    pub timed_out: bool,
    /// e.g. "SIGTERM" when the command died of a signal (also when it was cancelled or timed
    /// out), or when its status is 128+n, as a shell reports a child's death.
    pub signal: Option<String>,
}

/// Interactive commands on a pseudo-terminal, one at a time: the command sees a real terminal
/// (its stdin, stdout and stderr, and its controlling terminal), and queries it sends to the
/// terminal are answered. A `PtySession` whose command runs stays alive until the command ends;
/// one collected or torn down with the host ends its command's whole tree.
#[napi]
pub struct PtySession {
    core: pty::PtySession,
    js: JsThread,
}

type Started = crate::error::Result<(Option<PtyRun>, Option<ChunkFn>, Option<JsCallback<u32>>)>;

#[napi]
impl PtySession {
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env) -> Result<Self> {
        Ok(PtySession {
            core: pty::PtySession::new(),
            js: JsThread::new(&env)?,
        })
    }

    /// Runs `<shell> -c <command>` on a new terminal. Resolves when the command exited and every
    /// byte it wrote was delivered to `onChunk`; `onStart` gets its pid first. Rejects with
    /// ERR_PTY_BUSY while a command runs, ERR_INVALID_ARG, ERR_CWD_NOT_FOUND, ERR_CWD_NOT_DIR,
    /// ERR_SPAWN_FAILED (shell not found) or ERR_PTY (no terminal available).
    #[napi(
        catch_unwind,
        ts_args_type = "options: PtyStartOptions, onChunk?: ((error: Error | null, chunk: string) => void) | undefined | null, onStart?: ((error: Error | null, pid: number) => void) | undefined | null",
        ts_return_type = "Promise<PtyRunResult>"
    )]
    pub fn start<'env>(
        &self,
        env: &'env Env,
        this: This<'env>,
        options: Unknown<'env>,
        on_chunk: Option<Unknown<'env>>,
        on_start: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        let program = |options: &Object| {
            type O = PtyStartOptions;
            Ok(Program::Shell {
                command: required(O::command(options)?, js_name!(command))?,
                shell: O::shell(options)?.unwrap_or_else(|| "sh".into()),
                login: O::login(options)?.unwrap_or(false),
            })
        };
        let (started, listener) = self.start_program(env, options, program, on_chunk, on_start);
        settle(env, &self.js, &this, started, listener)
    }

    /// Runs `application` with `args` (no shell) on a new terminal; otherwise as `start`.
    /// ERR_SPAWN_FAILED when the application cannot be started.
    #[napi(
        catch_unwind,
        ts_args_type = "options: PtyArgvStartOptions, onChunk?: ((error: Error | null, chunk: string) => void) | undefined | null, onStart?: ((error: Error | null, pid: number) => void) | undefined | null",
        ts_return_type = "Promise<PtyRunResult>"
    )]
    pub fn start_argv<'env>(
        &self,
        env: &'env Env,
        this: This<'env>,
        options: Unknown<'env>,
        on_chunk: Option<Unknown<'env>>,
        on_start: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        let program = |options: &Object| {
            type O = PtyArgvStartOptions;
            Ok(Program::Argv {
                application: required(O::application(options)?, js_name!(application))?,
                args: O::args(options)?.unwrap_or_default(),
            })
        };
        let (started, listener) = self.start_program(env, options, program, on_chunk, on_start);
        settle(env, &self.js, &this, started, listener)
    }

    /// Sends `data` to the terminal's input, as if typed (`\r` is Enter, `\x03` is Ctrl-C).
    /// @throws ERR_PTY_NOT_RUNNING when no command runs.
    #[napi(catch_unwind, ts_args_type = "data: string")]
    pub fn write(&self, env: Env, data: Unknown) -> Result<()> {
        options::arg::<String>(data, "data")
            .and_then(|data| self.core.write(data.as_bytes()))
            .map_err(|e| throw(&env, e))
    }

    /// Resizes the terminal (clamped as at start); the command gets SIGWINCH.
    /// @throws ERR_PTY_NOT_RUNNING when no command runs, ERR_INVALID_ARG for a size that is not
    /// a positive integer.
    #[napi(catch_unwind, ts_args_type = "cols: number, rows: number")]
    pub fn resize(&self, env: Env, cols: Unknown, rows: Unknown) -> Result<()> {
        (|| {
            let size = TermSize::from_js(
                Some(options::arg::<f64>(cols, "cols")?),
                Some(options::arg::<f64>(rows, "rows")?),
            )?;
            self.core.resize(size)
        })()
        .map_err(|e| throw(&env, e))
    }

    /// Ends the command and all its descendants (TERM, a 1 s grace, KILL); its `start` resolves
    /// with `cancelled: true`. @throws ERR_PTY_NOT_RUNNING when no command runs.
    #[napi(catch_unwind)]
    pub fn kill(&self, env: Env) -> Result<()> {
        self.core.kill().map_err(|e| throw(&env, e))
    }

    /// What a terminal emulator (alacritty's, in Rust) shows for the running or last command, as
    /// plain text: one line per row, a row that wrapped continuing its line, trailing blanks and
    /// blank rows at the bottom left out. With `scrollback`, up to that many rows that scrolled
    /// off the top come first (1000 are kept). Empty before the first command.
    /// @throws ERR_INVALID_ARG when `scrollback` is not a non-negative integer (or Infinity).
    #[napi(
        catch_unwind,
        ts_args_type = "options?: PtyScreenOptions | undefined | null"
    )]
    pub fn screen(&self, env: Env, options: Option<Unknown>) -> Result<String> {
        (|| {
            let options = optional_arg::<Object>(options, "options")?;
            let scrollback = match options {
                Some(options) => PtyScreenOptions::scrollback(&options)?,
                None => None,
            };
            Ok(self.core.screen(scrollback_rows(scrollback)?))
        })()
        .map_err(|e| throw(&env, e))
    }
}

impl PtySession {
    /// Reads the options and starts the command on the JS thread, so that `write`, `resize` and
    /// `kill` reach it as soon as `start` returns.
    fn start_program(
        &self,
        env: &Env,
        options: Unknown,
        program: impl FnOnce(&Object) -> crate::error::Result<Program>,
        on_chunk: Option<Unknown>,
        on_start: Option<Unknown>,
    ) -> (Started, Option<AbortListener>) {
        let mut listener = None;
        let started = arg::<Object>(options, "options").and_then(|options| {
            let program = program(&options)?;
            let on_chunk = optional_arg::<Function<String, ()>>(on_chunk, "onChunk")?;
            let on_start = optional_arg::<Function<u32, ()>>(on_start, "onStart")?;
            self.start_with(
                env,
                &options,
                Ok(program),
                on_chunk,
                on_start,
                &mut listener,
            )
        });
        (started, listener)
    }

    /// [`PtySession::start_program`], leaving the AbortSignal's listener in `listener`.
    fn start_with(
        &self,
        env: &Env,
        options: &Object,
        program: crate::error::Result<Program>,
        on_chunk: Option<Function<String, ()>>,
        on_start: Option<Function<u32, ()>>,
        listener: &mut Option<AbortListener>,
    ) -> Started {
        // The fields `start` and `startArgv` share, read as `start`'s.
        type O = PtyStartOptions;
        let req = PtyRequest {
            program: program?,
            cwd: path(O::cwd(options)?).map(|c| absolute(&c)),
            env: pairs(O::env(options)?),
            timeout: timeout(O::timeout_ms(options)?),
            size: TermSize::from_js(O::cols(options)?, O::rows(options)?)?,
            sandbox: O::sandbox(options)?,
        };
        let (cancel, added) = options::abort_token(env, O::signal(options))?;
        *listener = added;
        let chunk_fn = on_chunk
            .map(|f| stream::chunk_callback(&self.js, env, f, "chunk"))
            .transpose()?;
        let start_fn = on_start
            .map(|f| stream::callback(&self.js, env, f, "start"))
            .transpose()?;
        pty::session::validate(&req)?;
        // An already aborted signal: nothing starts, as with a shell run.
        let run = match cancel.is_cancelled() {
            true => None,
            false => Some(self.core.start(req, cancel)?),
        };
        Ok((run, chunk_fn, start_fn))
    }
}

/// The promise of a start. It holds a reference to the session object until it settles: a
/// session whose command runs must not be collected (that would kill the command) just because
/// the caller only kept the promise.
fn settle<'env>(
    env: &'env Env,
    js: &JsThread,
    this: &This<'env>,
    started: Started,
    listener: Option<AbortListener>,
) -> Result<Object<'env>> {
    let session = this.create_ref::<false>()?;
    let on_settle: OnSettle = Box::new(move |env| {
        // Only fails when the environment is being torn down.
        let _ = session.unref(env);
        if let Some(listener) = listener {
            listener.remove(env);
        }
    });
    let promise = js.spawn(
        env,
        Some(on_settle),
        FirstPoll::OnRuntime,
        Turn::Free,
        drive(started),
    )?;
    Ok(Object::from_raw(env.raw(), promise))
}

/// Runs a started command to its end and delivers its output; resolves after the last chunk's
/// callback ran.
async fn drive(started: Started) -> crate::error::Result<PtyRunResult> {
    let (run, chunk_fn, start_fn) = started?;
    let Some(mut run) = run else {
        return Ok(to_result(PtyOutcome {
            cancelled: true,
            ..Default::default()
        }));
    };
    let pid = run.pid() as u32;
    let (tx, rx) = mpsc::channel::<Vec<u8>>(CHUNK_QUEUE);
    let tx = chunk_fn.is_some().then_some(tx);
    let delivery = tokio::spawn(async move {
        if let Some(f) = start_fn {
            f.call(pid).await;
        }
        deliver(rx, None, chunk_fn).await;
    });
    let outcome = run.wait(tx).await;
    let delivered = delivery.await;
    // Frees the session for the next start only now that every callback ran.
    drop(run);
    let outcome = outcome?;
    delivered.map_err(|e| Error::io("delivering output", std::io::Error::other(e.to_string())))?;
    Ok(to_result(outcome))
}

fn to_result(o: PtyOutcome) -> PtyRunResult {
    PtyRunResult {
        exit_code: o.exit_code,
        cancelled: o.cancelled,
        timed_out: o.timed_out,
        signal: o.signal,
    }
}
