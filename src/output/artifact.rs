//! The artifact file: the full output, spilled to disk only once the in-memory budget no longer
//! holds it. Write failures are recorded for the summary, never raised mid-stream: a full disk must
//! not turn a command's result into an exception.
//!
//! With `artifactMaxBytes`, the file is exactly the anchor's capped artifact: its first
//! `artifactHeadBytes`, then, once closed, a line saying how much was cut, then the stream's last
//! `artifactMaxBytes - artifactHeadBytes` bytes: the end of a huge log, where the error usually is,
//! survives. The cap bounds head and tail; the notice line (about 100 bytes) comes on top. The last
//! bytes wait in a ring of that size: the only memory the artifact holds beyond its write buffer.

use std::collections::VecDeque;
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
    /// None: no cap.
    cap: Option<Cap>,
    truncated: bool,
}

/// A capped artifact's head (written as it comes) and tail (held until the file is closed).
#[derive(Debug)]
struct Cap {
    /// The cap's head part.
    head_limit: u64,
    head_written: u64,
    /// The head took all it could; everything else goes to the tail.
    head_closed: bool,
    tail_limit: usize,
    tail: VecDeque<u8>,
    /// Bytes that went past the head: the tail's and those it forgot.
    tail_incoming: u64,
}

impl Artifact {
    /// `max_bytes` 0: no cap. `head_bytes` is clamped to `max_bytes`.
    pub fn new(path: Option<PathBuf>, max_bytes: u64, head_bytes: u64) -> Self {
        let state = match path {
            Some(path) => State::Waiting(path),
            None => State::Disabled,
        };
        let cap = (max_bytes > 0).then(|| {
            let head_limit = head_bytes.min(max_bytes);
            Cap {
                head_limit,
                head_written: 0,
                head_closed: false,
                tail_limit: usize::try_from(max_bytes - head_limit).unwrap_or(usize::MAX),
                tail: VecDeque::new(),
                tail_incoming: 0,
            }
        });
        Self {
            state,
            cap,
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
        match create(&path) {
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

    /// Appends `bytes` (whole characters) when the file is being written; with a cap, what does
    /// not fit the head goes to the tail ring.
    pub fn write(&mut self, bytes: &[u8]) {
        let State::Writing(_, writer) = &mut self.state else {
            return;
        };
        let mut head = bytes;
        let mut rest: &[u8] = &[];
        if let Some(cap) = &mut self.cap {
            let room = if cap.head_closed {
                0
            } else {
                usize::try_from(cap.head_limit - cap.head_written).unwrap_or(usize::MAX)
            };
            if bytes.len() > room {
                let take = char_floor(bytes, room);
                (head, rest) = bytes.split_at(take);
                cap.head_closed = true;
            }
            cap.head_written += head.len() as u64;
            cap.push_tail(rest);
        }
        if let Err(e) = writer.write_all(head) {
            self.fail(e);
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

    /// Writes a capped artifact's cut notice and tail, flushes and closes the file; later writes
    /// are ignored.
    pub fn close(&mut self) {
        if let (State::Writing(_, writer), Some(cap)) = (&mut self.state, &mut self.cap) {
            let (notice, tail) = cap.ending();
            self.truncated = !notice.is_empty();
            let result = writer
                .write_all(notice.as_bytes())
                .and_then(|()| writer.write_all(tail));
            if let Err(e) = result {
                self.fail(e);
            }
        }
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

/// A sink dropped without being ended (a JS `OutputSink` with `keepOpen`, collected) still leaves a
/// complete file: a capped artifact gets its notice and tail.
impl Drop for Artifact {
    fn drop(&mut self) {
        self.close();
    }
}

impl Cap {
    fn push_tail(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        self.tail_incoming += bytes.len() as u64;
        let bytes = &bytes[bytes.len().saturating_sub(self.tail_limit)..];
        let overflow = (self.tail.len() + bytes.len()).saturating_sub(self.tail_limit);
        self.tail.drain(..overflow);
        if self.tail.capacity() < self.tail.len() + bytes.len() {
            // Geometric growth, never past the limit.
            let target = (self.tail.capacity() * 2)
                .max(self.tail.len() + bytes.len())
                .min(self.tail_limit);
            self.tail.reserve_exact(target - self.tail.len());
        }
        self.tail.extend(bytes);
    }

    /// The cut notice (empty when nothing was cut) and the tail, from its first whole character:
    /// the anchor's `[ARTIFACT TRUNCATED: …]` line between head and tail.
    fn ending(&mut self) -> (String, &[u8]) {
        let tail = self.tail.make_contiguous();
        let start = tail
            .iter()
            .take(3)
            .take_while(|&&b| b & 0xC0 == 0x80)
            .count();
        let tail = &tail[start..];
        let tail_bytes = tail.len() as u64;
        let dropped = self.tail_incoming - tail_bytes;
        if dropped == 0 {
            return (String::new(), tail);
        }
        let head_sep = if self.head_written > 0 { "\n" } else { "" };
        let tail_sep = if tail.first().is_some_and(|&b| b != b'\n') {
            "\n"
        } else {
            ""
        };
        let notice = format!(
            "{head_sep}[ARTIFACT TRUNCATED: kept first {} + last {} of {}; {} elided from the middle]{tail_sep}",
            format_bytes(self.head_written),
            format_bytes(tail_bytes),
            format_bytes(self.head_written + self.tail_incoming),
            format_bytes(dropped),
        );
        (notice, tail)
    }
}

/// A byte count as the anchor's `formatBytes` writes it: `512B`, `1.5KB`, `2.3MB`, `1.2GB`
/// (one decimal, rounded half up as JavaScript's `toFixed` does).
pub(crate) fn format_bytes(bytes: u64) -> String {
    const KIB: u128 = 1024;
    let n = u128::from(bytes);
    let (unit, name) = match n {
        n if n < KIB => return format!("{n}B"),
        n if n < KIB * KIB => (KIB, "KB"),
        n if n < KIB * KIB * KIB => (KIB * KIB, "MB"),
        _ => (KIB * KIB * KIB, "GB"),
    };
    let tenths = (n * 10 + unit / 2) / unit;
    format!("{}.{}{name}", tenths / 10, tenths % 10)
}

/// Opens the artifact for writing, emptied, refusing anything but a regular file of its own: the
/// path may lie in a directory a sandboxed command can write, which could have planted a symbolic
/// link there (to a file it may not write: the host would write it), a hard link, or a FIFO (that
/// would hold the host's open). The last component only: the directories on the way are the
/// caller's choice.
fn create(path: &std::path::Path) -> std::io::Result<File> {
    crate::process::fd::create_own_file(path)
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
    fn bytes_are_formatted_as_the_anchor_formats_them() {
        // (bytes, what oh-my-pi's formatBytes gives)
        let cases = [
            (0, "0B"),
            (1023, "1023B"),
            (1024, "1.0KB"),
            (1536, "1.5KB"),
            (1126, "1.1KB"), // 1.0996…
            (1075, "1.0KB"), // 1.0498…
            (1076, "1.1KB"), // 1.0507…: toFixed rounds the exact value
            (1024 * 1024 - 1, "1024.0KB"),
            (3 * 1024 * 1024, "3.0MB"),
            (5 * 1024 * 1024 + 1, "5.0MB"),
            (1024 * 1024 * 1024, "1.0GB"),
        ];
        for (bytes, expected) in cases {
            assert_eq!(format_bytes(bytes), expected, "{bytes}");
        }
    }

    fn capped(max: u64, head: u64, chunks: &[&str]) -> (String, bool) {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "agent-shell-artifact-{}-{n}.log",
            std::process::id()
        ));
        let mut artifact = Artifact::new(Some(path.clone()), max, head);
        artifact.start(&[]);
        for chunk in chunks {
            artifact.write(chunk.as_bytes());
        }
        artifact.close();
        let truncated = artifact.report().truncated;
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let _ = std::fs::remove_file(&path);
        (text, truncated)
    }

    #[test]
    fn a_capped_artifact_keeps_head_notice_and_tail() {
        // Fits: no notice. Spilled past the head but within the cap: verbatim, no notice.
        assert_eq!(
            capped(100, 10, &["0123456789", "abcdef"]),
            ("0123456789abcdef".into(), false)
        );
        assert_eq!(
            capped(100, 4, &["0123456789"]),
            ("0123456789".into(), false)
        );
        // Cut: head, the anchor's notice line, then the stream's last `max - head` bytes; the
        // notice comes on top of the cap (388 = 10 + 88 + 290), as in the anchor (expected values
        // from oh-my-pi's `OutputSink`, pi-tui 18.2.9 `tools/streaming-output.ts`).
        let x = "x".repeat(1000);
        let (text, truncated) = capped(300, 10, &["0123456789", &x, "\nthe error at the end\n"]);
        let expected = format!(
            "0123456789\n[ARTIFACT TRUNCATED: kept first 10B + last 290B of 1.0KB; 732B elided from the middle]\n{}\nthe error at the end\n",
            "x".repeat(268)
        );
        assert_eq!((text.as_str(), truncated), (expected.as_str(), true));
        // A cut inside a character: the tail starts at the next whole one (66 of the 200 bytes).
        let (text, _) = capped(200, 0, &[&"€".repeat(100)]);
        let expected = format!(
            "[ARTIFACT TRUNCATED: kept first 0B + last 198B of 300B; 102B elided from the middle]\n{}",
            "€".repeat(66)
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn a_capped_artifact_keeps_all_of_its_head_and_the_last_bytes() {
        let x = "x".repeat(10_000);
        let (text, truncated) = capped(4096, 2048, &["H".repeat(3000).as_str(), &x, "\nend\n"]);
        assert!(truncated);
        let expected = format!(
            "{}\n[ARTIFACT TRUNCATED: kept first 2.0KB + last 2.0KB of 12.7KB; 8.7KB elided from the middle]\n{}\nend\n",
            "H".repeat(2048),
            "x".repeat(2043)
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn a_dropped_artifact_still_gets_its_tail() {
        let path = std::env::temp_dir().join(format!(
            "agent-shell-artifact-{}-dropped.log",
            std::process::id()
        ));
        {
            let mut artifact = Artifact::new(Some(path.clone()), 150, 10);
            artifact.start(&[]);
            artifact.write("0123456789".as_bytes());
            artifact.write("x".repeat(500).as_bytes());
            artifact.write(b"the end\n");
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let _ = std::fs::remove_file(&path);
        let expected = format!(
            "0123456789\n[ARTIFACT TRUNCATED: kept first 10B + last 140B of 518B; 368B elided from the middle]\n{}the end\n",
            "x".repeat(132)
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn a_planted_link_is_refused_not_followed() {
        let dir = std::env::temp_dir().join(format!("agent-shell-artifact-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("target");
        std::fs::write(&target, "keep\n").unwrap();
        crate::process::fd::symlink_file(&target, &dir.join("sym.log")).unwrap();
        std::fs::hard_link(&target, dir.join("hard.log")).unwrap();
        for (name, why) in [("sym.log", "symbolic link"), ("hard.log", "hard link")] {
            let mut artifact = Artifact::new(Some(dir.join(name)), 0, 0);
            artifact.start(&[b"x"]);
            artifact.close();
            let report = artifact.report();
            assert_eq!(report.path, None, "{name}");
            let error = report.error.unwrap_or_default();
            assert!(error.contains(why), "{name}: {error}");
        }
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep\n");
        // A file of its own at the path is reused, emptied.
        std::fs::write(dir.join("old.log"), "old old old\n").unwrap();
        let mut artifact = Artifact::new(Some(dir.join("old.log")), 0, 0);
        artifact.start(&[b"new\n"]);
        artifact.close();
        assert_eq!(
            std::fs::read_to_string(dir.join("old.log")).unwrap(),
            "new\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_reported_not_raised() {
        let mut artifact = Artifact::new(
            Some(PathBuf::from("/nonexistent-dir-agent-shell/out.log")),
            0,
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
