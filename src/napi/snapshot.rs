//! JS surface of `captureShellSnapshot`: reads the options once, runs `shell::snapshot::capture`
//! on the runtime and gives back `ShellSnapshotInfo`.

use std::time::Duration;

use napi::bindgen_prelude::*;
use napi_derive::napi;

use super::js_thread::{FirstPoll, JsThread, Turn};
use super::options::{
    abort_token, absolute, js_readers, on_settle, optional_arg, pairs, split_token, Path, StringMap,
};
use crate::error::{Error, JsNumber};
use crate::shell::snapshot::{self, Include, Kind, SnapshotInfo, SnapshotRequest, Status};

/// The longest capture asked for, in milliseconds: a startup file that needs more than 10
/// minutes is not one a snapshot can wait for.
const MAX_TIMEOUT_MS: f64 = 600_000.0;

/// Options of `captureShellSnapshot`.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ShellSnapshotOptions {
    /// The shell to capture, a name or a path: bash or zsh. @default `$SHELL` (of `env`, else
    /// of the host); another shell resolves with status `unsupported`.
    pub shell: Option<String>,
    /// Read the login startup files too (`/etc/profile`, `~/.bash_profile`, `~/.zprofile`, …),
    /// as a new terminal tab does on macOS. @default true on macOS, false elsewhere
    pub login: Option<bool>,
    /// Milliseconds the startup files may take; then everything they started is killed and the
    /// result's status is `timeout`. From 1 to 600000. @default 5000
    pub timeout_ms: Option<f64>,
    /// Where the startup files run (relative: from the host's directory). @default HOME
    pub cwd: Option<String>,
    /// The caller's environment: the capture starts from it, and the snapshot never sets a key
    /// it has (PATH is merged: the directories the startup files put in front stay in front,
    /// this PATH follows). Give a session's `sessionEnv` here too, so that it wins.
    /// @default process.env
    pub env: Option<std::collections::HashMap<String, String>>,
    /// Extension: what to take; each defaults to true.
    pub include: Option<ShellSnapshotInclude>,
    /// Extension: names of functions, aliases and variables to leave out (`*` matches any text,
    /// case is ignored).
    pub exclude: Option<Vec<String>>,
    /// Extension: variable names to treat as secrets (never written), beside those that look
    /// like one (`*TOKEN*`, `*SECRET*`, `*PASSWORD*`, `*API_KEY*`, `*_KEY`, a URL with a
    /// password, a known token format).
    pub redact: Option<Vec<String>>,
    /// Extension: capture again even when this process has a capture of the same shell,
    /// options, environment and startup files (a failure included). @default false
    pub refresh: Option<bool>,
    /// Extension: gives up waiting when it aborts: the promise rejects with an `AbortError`
    /// (code `ABORT_ERR`). Captures are shared: the capture itself stops, and everything its
    /// startup files started is ended before the promise rejects, once every caller waiting
    /// for it has given up; a later call captures anew.
    #[napi(ts_type = "AbortSignal")]
    pub signal: Option<Unknown<'static>>,
}

js_readers!(ShellSnapshotOptions {
    shell => Path,
    login => bool,
    timeout_ms => f64,
    cwd => Path,
    env => StringMap,
    include => Object<'env>,
    exclude => Vec<String>,
    redact => Vec<String>,
    refresh => bool,
    signal => Object<'env>,
});

/// What a snapshot takes (extension).
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ShellSnapshotInclude {
    /// @default true
    pub aliases: Option<bool>,
    /// @default true
    pub functions: Option<bool>,
    /// The options that change how commands read: extglob, globstar, dotglob, nullglob,
    /// failglob, nocaseglob, nocasematch (zsh's mapped to them). @default true
    pub options: Option<bool>,
    /// The environment the startup files added or changed. @default true
    pub env: Option<bool>,
}

js_readers!(ShellSnapshotInclude {
    aliases => bool,
    functions => bool,
    options => bool,
    env => bool,
});

/// How many of each a snapshot defines.
#[napi(object)]
pub struct ShellSnapshotCounts {
    pub aliases: u32,
    pub functions: u32,
    /// `shopt -s` lines, `expand_aliases` included.
    pub options: u32,
    /// Variables set (exported, PATH, and the shell variables a taken function reads).
    pub env: u32,
}

/// Something the startup files defined that the snapshot left out: its name, never its value.
#[napi(object)]
pub struct ShellSnapshotDropped {
    pub name: String,
    #[napi(ts_type = "'alias' | 'function' | 'option' | 'env'")]
    pub kind: String,
    /// Why: `a core tool`, `looks like a secret`, `set by the caller`, `did not take in bash`, …
    pub reason: String,
}

/// The result of `captureShellSnapshot`.
#[napi(object)]
pub struct ShellSnapshotInfo {
    /// `ok`: the file is written (some things may have been dropped); `timeout`: the startup
    /// files did not finish in `timeoutMs` (all they started was killed); `failed`; `unsupported`:
    /// the shell is neither bash nor zsh; `disabled`: `AGENT_SHELL_SNAPSHOT=0`, or this host runs
    /// inside a capture.
    #[napi(ts_type = "'ok' | 'timeout' | 'failed' | 'unsupported' | 'disabled'")]
    pub status: String,
    /// The snapshot, a bash file to give `Shell` as `snapshotPath` (status `ok` only). Mode 0600
    /// in a 0700 directory of this process's own, outside HOME and the project; removed when
    /// the process exits.
    pub path: Option<String>,
    /// Why the status is not `ok`.
    pub reason: Option<String>,
    /// The shell captured (its path), or as given when it could not be used.
    pub shell: String,
    /// How long the capture took (the first capture's, when this result was shared).
    pub duration_ms: f64,
    pub counts: ShellSnapshotCounts,
    pub dropped: Vec<ShellSnapshotDropped>,
    /// Extension: the names the snapshot defines as commands (its functions and aliases), which
    /// a command classifier must take as unknown programs.
    pub names: Vec<String>,
    /// Extension: this result is an earlier capture's of this process (same shell, options,
    /// environment and startup files).
    pub cached: bool,
}

/// Captures the user's shell as their terminal has it (aliases, functions, the glob options and
/// the environment their startup files set) into a bash file for `Shell`'s `snapshotPath`. The
/// shell runs interactive in a session of its own with no terminal, stdin on /dev/null and
/// `AGENT_SHELL_SNAPSHOT=1` (a startup file can test it to leave things out); what it prints
/// goes nowhere. Names of builtins and core tools (`cd`, `ls`, `rm`, `git`, …), zsh-only syntax,
/// completion machinery and variables that look like secrets are never taken. Captures are
/// shared: one per shell, options, environment and startup files' identity in this process (a
/// touched `~/.bashrc` is captured again), a failure remembered.
/// Resolves, never rejects for the capture itself (see `status`).
/// @throws ERR_INVALID_ARG for a malformed option; ABORT_ERR (an `AbortError`) when `signal`
/// aborts first
#[napi(
    catch_unwind,
    ts_args_type = "options?: ShellSnapshotOptions | undefined | null",
    ts_return_type = "Promise<ShellSnapshotInfo>"
)]
pub fn capture_shell_snapshot<'env>(
    env: &'env Env,
    options: Option<Unknown<'env>>,
) -> Result<Object<'env>> {
    let read = (|| match optional_arg::<Object>(options, "options")? {
        Some(o) => {
            let request = request(&o)?;
            // Last, so that nothing after it can fail and leave the listener behind.
            Ok((request, abort_token(env, ShellSnapshotOptions::signal(&o))?))
        }
        None => Ok((SnapshotRequest::default(), (Default::default(), None))),
    })();
    let (request, listener) = split_token(read);
    let js = JsThread::new(env)?;
    let promise = js.spawn(
        env,
        on_settle(listener),
        FirstPoll::OnRuntime,
        Turn::Free,
        async move {
            let (request, cancel) = request?;
            info_js(snapshot::capture(SnapshotRequest { cancel, ..request }).await)
        },
    )?;
    Ok(Object::from_raw(env.raw(), promise))
}

fn request(o: &Object) -> crate::error::Result<SnapshotRequest> {
    type O = ShellSnapshotOptions;
    let timeout = match O::timeout_ms(o)? {
        None => snapshot::DEFAULT_TIMEOUT,
        Some(ms) if ms.is_finite() && (1.0..=MAX_TIMEOUT_MS).contains(&ms) => {
            Duration::from_secs_f64(ms / 1000.0)
        }
        Some(ms) => {
            return Err(Error::invalid(
                "timeoutMs",
                format!("must be a number from 1 to {MAX_TIMEOUT_MS}"),
                JsNumber(ms),
            ))
        }
    };
    let mut include = Include::default();
    if let Some(i) = O::include(o)? {
        type I = ShellSnapshotInclude;
        include.aliases = I::aliases(&i)?.unwrap_or(true);
        include.functions = I::functions(&i)?.unwrap_or(true);
        include.options = I::options(&i)?.unwrap_or(true);
        include.env = I::env(&i)?.unwrap_or(true);
    }
    Ok(SnapshotRequest {
        shell: O::shell(o)?.map(|p| p.0),
        login: O::login(o)?,
        timeout,
        cwd: O::cwd(o)?.map(|p| absolute(&p.0)),
        env: O::env(o)?.map(|m| pairs(Some(m))),
        include,
        exclude: O::exclude(o)?.unwrap_or_default(),
        redact: O::redact(o)?.unwrap_or_default(),
        refresh: O::refresh(o)?.unwrap_or(false),
        cancel: Default::default(),
    })
}

/// The result as JS sees it; a cancelled capture is the caller's `AbortError`.
fn info_js(info: SnapshotInfo) -> crate::error::Result<ShellSnapshotInfo> {
    Ok(ShellSnapshotInfo {
        status: match info.status {
            Status::Ok => "ok",
            Status::Timeout => "timeout",
            Status::Failed => "failed",
            Status::Unsupported => "unsupported",
            Status::Disabled => "disabled",
            Status::Cancelled => return Err(Error::Aborted("the shell snapshot's capture")),
        }
        .into(),
        path: info.path.map(|p| p.to_string_lossy().into_owned()),
        reason: info.reason,
        shell: info.shell,
        duration_ms: info.duration.as_secs_f64() * 1000.0,
        counts: ShellSnapshotCounts {
            aliases: info.counts.aliases,
            functions: info.counts.functions,
            options: info.counts.options,
            env: info.counts.env,
        },
        dropped: info
            .dropped
            .into_iter()
            .map(|d| ShellSnapshotDropped {
                name: d.name,
                kind: match d.kind {
                    Kind::Alias => "alias",
                    Kind::Function => "function",
                    Kind::Option => "option",
                    Kind::Env => "env",
                }
                .into(),
                reason: d.reason,
            })
            .collect(),
        names: info.names,
        cached: info.cached,
    })
}
