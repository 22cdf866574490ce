//! What a session is configured with, what one run asks for, and what became of it.

use std::path::PathBuf;
use std::time::Duration;

use crate::error::Result;
use crate::process::sandbox::SandboxPolicy;
use crate::run::{validate, Ending, READ_CHUNK_BYTES};

/// How a session's shell is started.
#[derive(Debug, Clone)]
pub struct ShellConfig {
    /// Program name or path; `bash` by default.
    pub shell: String,
    /// Exported once, when the shell starts.
    pub session_env: Vec<(String, String)>,
    /// Sourced once, when the shell starts.
    pub snapshot: Option<String>,
    /// Whether `snapshot` may name `LINENO` (and so unset it), when its writer says so; `None`:
    /// the file is read at the start to find out (see `framing::LINE_RESET`).
    pub snapshot_names_lineno: Option<bool>,
    /// Apply the non-interactive environment (`process::env::NON_INTERACTIVE_ENV`) under the
    /// caller's keys.
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
            snapshot_names_lineno: None,
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
    /// Whether stderr goes with stdout (the default) or apart.
    pub stderr: Stderr,
}

/// Where a run's stderr goes (the JS option `stderr`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Stderr {
    /// With stdout, in arrival order: one stream (the anchor's contract).
    #[default]
    Merge,
    /// On a stream of its own, read beside stdout's: each stream in its own order.
    Separate,
}

impl Stderr {
    /// The JS option's value: `"merge"` or `"separate"`.
    pub fn parse(field: &str, value: &str) -> Result<Self> {
        match value {
            "merge" => Ok(Stderr::Merge),
            "separate" => Ok(Stderr::Separate),
            other => Err(crate::error::Error::invalid(
                field,
                "must be \"merge\" or \"separate\"",
                other,
            )),
        }
    }
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

impl RunOutcome {
    pub(super) fn set_ending(&mut self, ending: Ending) {
        self.exit_code = ending.exit_code;
        self.signal = ending.signal;
        self.cancelled = ending.cancelled;
        self.timed_out = ending.timed_out;
    }
}

/// Checks what a run asks for before anything starts.
pub fn validate_run(req: &RunRequest) -> Result<()> {
    validate::command("command", &req.command)?;
    validate::env("env", &req.env)?;
    if let Some(cwd) = &req.cwd {
        validate::cwd(cwd)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_reads_merge_or_separate_and_names_a_bad_value() {
        assert_eq!(Stderr::parse("stderr", "merge").unwrap(), Stderr::Merge);
        assert_eq!(
            Stderr::parse("stderr", "separate").unwrap(),
            Stderr::Separate
        );
        assert_eq!(
            Stderr::parse("stderr", "apart").unwrap_err().to_string(),
            "stderr must be \"merge\" or \"separate\" (got \"apart\")"
        );
    }
}
