//! The options of an output sink (docs/api.md §5 `OutputOptions`), with their defaults and validation.

use std::path::PathBuf;

use crate::error::{Error, Result};

/// Default in-memory budget, in bytes: what fits comfortably in an agent's context (the anchor's
/// `DEFAULT_MAX_BYTES`).
pub const DEFAULT_MAX_BYTES: usize = 50 * 1024;

/// Default head of a capped artifact, in bytes (the anchor's `ARTIFACT_DEFAULT_HEAD_BYTES`): the
/// start of a log says what ran; the rest of the cap keeps its end, where the error is.
pub const DEFAULT_ARTIFACT_HEAD_BYTES: u64 = 3 * 1024 * 1024;

/// How a command's output is processed and bounded. Field names in error messages are the JS
/// ones (`maxBytes`, ...), since that is where users set them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputOptions {
    /// In-memory budget (head + tail), in bytes.
    pub max_bytes: usize,
    /// Part of the budget kept from the start of the output, in bytes (clamped to `max_bytes / 2`);
    /// the rest keeps the most recent output.
    pub head_bytes: usize,
    /// Per-line cap in bytes, `…` included; longer lines are cut at a char boundary. 0: none.
    pub max_columns: usize,
    /// Where the full output is written once it exceeds the budget (or a line is capped).
    pub artifact_path: Option<PathBuf>,
    /// Echoed in the summary when the artifact was written.
    pub artifact_id: Option<String>,
    /// Cap on the artifact file, in bytes. 0: none.
    pub artifact_max_bytes: u64,
    /// With a cap: bytes kept from the start before the cut (clamped to the cap).
    pub artifact_head_bytes: u64,
    pub strip_ansi: bool,
    /// CRLF and lone CR become LF.
    pub normalize_newlines: bool,
}

impl Default for OutputOptions {
    fn default() -> Self {
        Self {
            max_bytes: DEFAULT_MAX_BYTES,
            head_bytes: 0,
            max_columns: 0,
            artifact_path: None,
            artifact_id: None,
            artifact_max_bytes: 0,
            artifact_head_bytes: DEFAULT_ARTIFACT_HEAD_BYTES,
            strip_ansi: true,
            normalize_newlines: true,
        }
    }
}

impl OutputOptions {
    /// Rejects what cannot be honoured. Sizes out of proportion are clamped instead, as the anchor
    /// clamps them (`headBytes` to `maxBytes / 2`, `artifactHeadBytes` to `artifactMaxBytes`).
    pub fn validate(&self) -> Result<()> {
        if let Some(path) = &self.artifact_path {
            if path.as_os_str().is_empty() {
                return Err(Error::invalid("artifactPath", "must not be empty", ""));
            }
        }
        Ok(())
    }
}

/// The sink options of a run's stderr kept apart (the run option `stderr: "separate"`): the
/// run's own `output` options, the defaults without them; its artifact, when there is one, is
/// written beside stdout's, at the same path with `.stderr` appended.
pub fn stderr_options(output: Option<&OutputOptions>) -> OutputOptions {
    let mut options = output.cloned().unwrap_or_default();
    options.artifact_path = options.artifact_path.map(|path| {
        let mut name = path.into_os_string();
        name.push(".stderr");
        PathBuf::from(name)
    });
    options
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn defaults_are_valid() {
        assert!(OutputOptions::default().validate().is_ok());
        assert_eq!(OutputOptions::default().max_bytes, 51_200);
    }

    #[test]
    fn stderr_apart_keeps_the_budgets_and_writes_its_own_artifact() {
        assert_eq!(stderr_options(None), OutputOptions::default());
        let output = OutputOptions {
            max_bytes: 100,
            head_bytes: 10,
            artifact_path: Some(PathBuf::from("/x/run.log")),
            artifact_id: Some("id".into()),
            ..Default::default()
        };
        let err = stderr_options(Some(&output));
        assert_eq!(err.artifact_path, Some(PathBuf::from("/x/run.log.stderr")));
        assert_eq!(
            err,
            OutputOptions {
                artifact_path: err.artifact_path.clone(),
                ..output
            }
        );
    }

    #[test]
    fn rejects_an_empty_artifact_path() {
        let options = OutputOptions {
            artifact_path: Some(PathBuf::new()),
            ..Default::default()
        };
        assert_eq!(
            options.validate().unwrap_err().to_string(),
            "artifactPath must not be empty (got \"\")"
        );
    }
}
