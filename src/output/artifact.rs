//! The artifact file: the full output, spilled to disk only once the in-memory budget no longer
//! holds it. Write failures are recorded for the summary, never raised mid-stream: a full disk must
//! not turn a command's result into an exception.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use crate::error::Error;

/// Write buffer of the artifact file, in bytes: large enough that a fast producer costs one
/// `write(2)` per 64 KiB, small enough to be a constant next to the budget.
const WRITE_BUFFER_BYTES: usize = 64 * 1024;

#[derive(Debug)]
enum State {
    /// No path configured: the output is never spilled.
    Disabled,
    /// A path is configured and the output still fits in memory: no file yet.
    Waiting(PathBuf),
    Writing(PathBuf, BufWriter<File>),
    /// The file was written and closed (cap reached, or the sink finished).
    Closed(PathBuf),
    Failed(String),
}

/// What the summary reports about the artifact.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ArtifactReport {
    /// Set when the file was written without error.
    pub path: Option<PathBuf>,
    pub error: Option<String>,
    /// The file stopped at `artifactMaxBytes` and misses the end of the output.
    pub truncated: bool,
}

#[derive(Debug)]
pub struct Artifact {
    state: State,
    /// 0: no cap.
    max_bytes: u64,
    written: u64,
    truncated: bool,
}

impl Artifact {
    pub fn new(path: Option<PathBuf>, max_bytes: u64) -> Self {
        let state = match path {
            Some(path) => State::Waiting(path),
            None => State::Disabled,
        };
        Self {
            state,
            max_bytes,
            written: 0,
            truncated: false,
        }
    }

    /// A path is configured and the file has not been created yet.
    pub fn is_waiting(&self) -> bool {
        matches!(self.state, State::Waiting(_))
    }

    /// Creates the file and writes `seen`, everything output so far.
    pub fn start(&mut self, seen: &[&[u8]]) {
        let State::Waiting(path) = std::mem::replace(&mut self.state, State::Disabled) else {
            return;
        };
        match File::create(&path) {
            Ok(file) => {
                self.state =
                    State::Writing(path, BufWriter::with_capacity(WRITE_BUFFER_BYTES, file));
                for part in seen {
                    self.write(part);
                }
            }
            Err(e) => self.state = State::Failed(describe(&path, e)),
        }
    }

    /// Appends `bytes` (whole characters) when the file is being written, up to the cap.
    pub fn write(&mut self, bytes: &[u8]) {
        let State::Writing(_, writer) = &mut self.state else {
            return;
        };
        let mut take = bytes.len();
        if self.max_bytes > 0 {
            let room = usize::try_from(self.max_bytes - self.written).unwrap_or(usize::MAX);
            if take > room {
                take = char_floor(bytes, room);
                self.truncated = true;
            }
        }
        let result = writer.write_all(&bytes[..take]);
        self.written += take as u64;
        match result {
            Err(e) => self.fail(e),
            Ok(()) if self.truncated => self.close(),
            Ok(()) => {}
        }
    }

    /// Pushes buffered bytes to the file, so that a summary taken mid-stream names a complete file.
    pub fn flush(&mut self) {
        if let State::Writing(_, writer) = &mut self.state {
            if let Err(e) = writer.flush() {
                self.fail(e);
            }
        }
    }

    /// Flushes and closes the file; later writes are ignored.
    pub fn close(&mut self) {
        self.flush();
        if let State::Writing(path, _) = &self.state {
            self.state = State::Closed(path.clone());
        }
    }

    pub fn report(&self) -> ArtifactReport {
        let (path, error) = match &self.state {
            State::Writing(path, _) | State::Closed(path) => (Some(path.clone()), None),
            State::Failed(error) => (None, Some(error.clone())),
            State::Disabled | State::Waiting(_) => (None, None),
        };
        ArtifactReport {
            path,
            error,
            truncated: self.truncated,
        }
    }

    fn fail(&mut self, e: std::io::Error) {
        let path = match &self.state {
            State::Writing(path, _) | State::Closed(path) | State::Waiting(path) => path.clone(),
            State::Disabled | State::Failed(_) => return,
        };
        self.state = State::Failed(describe(&path, e));
    }
}

fn describe(path: &std::path::Path, e: std::io::Error) -> String {
    Error::io(
        format!("cannot write the output artifact {}", path.display()),
        e,
    )
    .to_string()
}

/// The largest `n <= limit` such that `bytes[..n]` does not end inside a UTF-8 character.
fn char_floor(bytes: &[u8], limit: usize) -> usize {
    let mut n = limit.min(bytes.len());
    while n > 0 && n < bytes.len() && (bytes[n] & 0xC0) == 0x80 {
        n -= 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn char_floor_never_cuts_a_character() {
        let text = "a€b".as_bytes(); // a, 3-byte €, b
        let got: Vec<usize> = (0..=6).map(|limit| char_floor(text, limit)).collect();
        assert_eq!(got, vec![0, 1, 1, 1, 4, 5, 5]);
    }

    #[test]
    fn a_missing_directory_is_reported_not_raised() {
        let mut artifact = Artifact::new(
            Some(PathBuf::from("/nonexistent-dir-agent-shell/out.log")),
            0,
        );
        artifact.start(&[b"x"]);
        artifact.write(b"more");
        artifact.close();
        let report = artifact.report();
        assert_eq!(report.path, None);
        let error = report.error.unwrap_or_default();
        assert!(
            error.starts_with(
                "cannot write the output artifact /nonexistent-dir-agent-shell/out.log: "
            ),
            "{error}"
        );
    }
}
