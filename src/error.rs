//! The one error type of agent-shell. Every fallible operation returns it; `napi/error.rs` is the
//! only place that turns it into a JavaScript error with a string `code` (docs/api.md §8).

use std::path::PathBuf;

/// Everything that can go wrong before or around a command. A command's own failure (non-zero exit,
/// signal, timeout) is a result, never this.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An option is malformed; the message names the field and the value.
    #[error("{field} {problem} (got {value})")]
    InvalidArg {
        field: String,
        problem: String,
        value: String,
    },
    /// Reading an option ran the caller's own code (a getter, a Proxy trap), and it threw.
    #[error("{field} could not be read: reading it threw {shown}")]
    Threw {
        field: String,
        /// The thrown value as text.
        shown: String,
        /// The thrown value itself, for the JS error's `cause`.
        cause: Thrown,
    },
    #[error("cwd does not exist: {}", .0.display())]
    CwdNotFound(PathBuf),
    #[error("cwd is not a directory: {}", .0.display())]
    CwdNotDir(PathBuf),
    /// A program could not be started. `field` names the option that gave it (`shell`), once the
    /// caller that knows the option has said so with [`Error::naming_field`].
    #[error("{}", spawn_failed_message(*.field, .program, .source))]
    SpawnFailed {
        field: Option<&'static str>,
        program: String,
        source: std::io::Error,
    },
    /// The anchor's words: a `Shell` (or the session a job was to start from) was closed.
    #[error("Shell is closed")]
    SessionClosed,
    /// A `JobManager` was closed (the same code).
    #[error("the JobManager is closed")]
    JobsClosed,
    #[error("no pseudo-terminal available: {0}")]
    Pty(String),
    #[error("no command is running on this PtySession")]
    PtyNotRunning,
    #[error("a command is already running on this PtySession")]
    PtyBusy,
    #[error("no job with id {0:?}")]
    JobNotFound(String),
    #[error("{running} jobs are running, the limit is maxJobs = {limit}")]
    TooManyJobs { running: usize, limit: usize },
    /// The kernel cannot enforce the sandbox asked for; the message names what is missing.
    #[error("sandbox unavailable: {0}")]
    SandboxUnavailable(String),
    /// An AbortSignal given to a wait aborted it (`name` is `AbortError` in JS).
    #[error("{0} was aborted")]
    Aborted(&'static str),
    #[error("{context}: {source}")]
    Io {
        context: String,
        source: std::io::Error,
    },
}

/// A value thrown by the caller's JavaScript, held for the JS layer, which gives it back as the
/// `cause` of the coded error. Opaque here: the core holds no JS value.
pub struct Thrown(pub Box<dyn std::any::Any + Send>);

impl std::fmt::Debug for Thrown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Thrown")
    }
}

fn spawn_failed_message(field: Option<&str>, program: &str, source: &std::io::Error) -> String {
    match field {
        // E2BIG: what was too large is the environment and the arguments, which `field` names.
        Some(field) if source.raw_os_error() == Some(libc::E2BIG) => format!(
            "{field} too large: {program:?} cannot be started with them (the OS limits a program's \
             environment and arguments together): {source}"
        ),
        Some(field) => format!("{field} cannot be started (got {program:?}): {source}"),
        None => format!("cannot start {program}: {source}"),
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A number shown as JavaScript shows it (`-5`, `1.5`, `NaN`, `Infinity`), for the `(got …)` part
/// of a message about an option that arrived as a JS number.
pub struct JsNumber(pub f64);

impl std::fmt::Debug for JsNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            n if n == f64::INFINITY => f.write_str("Infinity"),
            n if n == f64::NEG_INFINITY => f.write_str("-Infinity"),
            n => write!(f, "{n}"),
        }
    }
}

impl Error {
    /// The contract's `code` for this error (docs/api.md §8).
    pub fn code(&self) -> &'static str {
        match self {
            Error::InvalidArg { .. } | Error::Threw { .. } => "ERR_INVALID_ARG",
            Error::CwdNotFound(_) => "ERR_CWD_NOT_FOUND",
            Error::CwdNotDir(_) => "ERR_CWD_NOT_DIR",
            Error::SpawnFailed { .. } => "ERR_SPAWN_FAILED",
            Error::SessionClosed | Error::JobsClosed => "ERR_SESSION_CLOSED",
            Error::Pty(_) => "ERR_PTY",
            Error::PtyNotRunning => "ERR_PTY_NOT_RUNNING",
            Error::PtyBusy => "ERR_PTY_BUSY",
            Error::JobNotFound(_) => "ERR_JOB_NOT_FOUND",
            Error::TooManyJobs { .. } => "ERR_TOO_MANY_JOBS",
            Error::SandboxUnavailable(_) => "ERR_SANDBOX_UNAVAILABLE",
            Error::Io { .. } => "ERR_IO",
            Error::Aborted(_) => "ABORT_ERR",
        }
    }

    /// `field must <problem> (got <value>)`, the shape of every bad-option message.
    pub fn invalid(
        field: impl Into<String>,
        problem: impl Into<String>,
        value: impl std::fmt::Debug,
    ) -> Self {
        Error::InvalidArg {
            field: field.into(),
            problem: problem.into(),
            value: format!("{value:?}"),
        }
    }

    /// An error about a field read inside a larger value, renamed by `rename` (for example to its
    /// full path, `rules[2].pattern`). Errors that name no field are returned as they are.
    pub fn renaming_field(self, rename: impl FnOnce(String) -> String) -> Self {
        match self {
            Error::InvalidArg {
                field,
                problem,
                value,
            } => Error::InvalidArg {
                field: rename(field),
                problem,
                value,
            },
            Error::Threw {
                field,
                shown,
                cause,
            } => Error::Threw {
                field: rename(field),
                shown,
                cause,
            },
            other => other,
        }
    }

    /// A spawn failure named after the option that gave the program:
    /// `shell cannot be started (got "/no/such/bash"): No such file or directory (os error 2)`.
    /// Other errors are returned as they are.
    pub fn naming_field(self, field: &'static str) -> Self {
        self.naming_fields(field, field)
    }

    /// As [`Error::naming_field`], naming `too_large` instead when the program could not start
    /// because its environment and arguments were too large (E2BIG).
    pub fn naming_fields(self, field: &'static str, too_large: &'static str) -> Self {
        match self {
            Error::SpawnFailed {
                program, source, ..
            } if source.raw_os_error() == Some(libc::E2BIG) => Error::SpawnFailed {
                field: Some(too_large),
                program,
                source,
            },
            Error::SpawnFailed {
                program, source, ..
            } => Error::SpawnFailed {
                field: Some(field),
                program,
                source,
            },
            other => other,
        }
    }

    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io {
            context: context.into(),
            source,
        }
    }
}

/// Rejects a string that must become a C string (a command, an argument, a path, an environment
/// value): one with a NUL byte, named with its field and where the byte is.
pub(crate) fn no_nul(field: &str, value: &str) -> Result<()> {
    match value.find('\0') {
        Some(at) => Err(Error::invalid(
            field,
            format!("must not contain a NUL byte (at {at})"),
            value,
        )),
        None => Ok(()),
    }
}
