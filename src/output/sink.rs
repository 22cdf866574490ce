//! The output sink: keeps a bounded head and tail of a command's text in memory, caps long lines,
//! spills the full text to an artifact file once it no longer fits, and summarizes it all with an
//! elision marker where output was left out.
//!
//! Memory is `maxBytes` (head + tail) plus constant buffers, whatever the output's size or shape:
//! lines are capped before they are stored, and the tail is a ring that forgets its oldest bytes.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::path::PathBuf;

use crate::error::Result;

use super::artifact::Artifact;
use super::options::OutputOptions;

/// Appended to a line cut by `maxColumns`.
pub const COLUMN_ELLIPSIS: &str = "…";

/// What a sink saw and what it kept. Byte counts are of UTF-8 text after ANSI stripping and newline
/// normalization; a line is a run of text ended by `\n` or by the end of the output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutputSummary {
    /// Everything, when it fits; otherwise head + elision marker + tail. Ends with the notice, on
    /// its own line, when one was given.
    pub output: String,
    /// Output was left out of `output` because it exceeded the budget.
    pub truncated: bool,
    /// Bytes pushed, before line capping.
    pub total_bytes: u64,
    pub total_lines: u64,
    /// Of `output`, marker and notice included.
    pub output_bytes: u64,
    pub output_lines: u64,
    /// When truncated: bytes of the (line-capped) text that `output` leaves out.
    pub elided_bytes: Option<u64>,
    /// When truncated: whole lines that `output` leaves out (see [`elision_marker`]).
    pub elided_lines: Option<u64>,
    /// Lines cut by `maxColumns`, when there were any.
    pub column_truncated_lines: Option<u64>,
    /// The artifact file, when it was written (and no write failed).
    pub artifact_path: Option<PathBuf>,
    /// Why the artifact could not be written.
    pub artifact_error: Option<String>,
    /// The artifact stopped at `artifactMaxBytes` and misses the end of the output.
    pub artifact_truncated: bool,
}

/// The marker that replaces elided output, on a line of its own.
///
/// The rule: when at least one whole line was left out, the marker counts lines
/// (`[…3 lines elided…]`, `[…1 line elided…]`); when only part of a line was (one line longer than
/// the budget), it counts bytes (`[…120 bytes elided…]`).
pub fn elision_marker(elided_lines: u64, elided_bytes: u64) -> String {
    match (elided_lines, elided_bytes) {
        (1, _) => "[…1 line elided…]".to_string(),
        (0, 1) => "[…1 byte elided…]".to_string(),
        (0, bytes) => format!("[…{bytes} bytes elided…]"),
        (lines, _) => format!("[…{lines} lines elided…]"),
    }
}

/// Bounded buffer for one command's output text (see the module docs).
#[derive(Debug)]
pub struct OutputSink {
    max_bytes: usize,
    head_limit: usize,
    /// The first bytes of the (line-capped) text, up to `head_limit`.
    head: String,
    /// No more text goes to the head: it is full, or the next character did not fit.
    head_sealed: bool,
    tail: TailRing,
    columns: Option<ColumnCapper>,
    artifact: Artifact,
    total_bytes: u64,
    newlines: u64,
    ends_with_newline: bool,
    /// Bytes of the line-capped text, the one the budget applies to.
    stored_bytes: u64,
}

impl OutputSink {
    /// A sink for `options` (validated here).
    pub fn new(options: &OutputOptions) -> Result<Self> {
        options.validate()?;
        let head_sealed = options.head_bytes == 0;
        Ok(Self {
            max_bytes: options.max_bytes,
            head_limit: options.head_bytes,
            head: String::new(),
            head_sealed,
            tail: TailRing::new(if head_sealed { options.max_bytes } else { 0 }),
            columns: (options.max_columns > 0).then(|| ColumnCapper::new(options.max_columns)),
            artifact: Artifact::new(options.artifact_path.clone(), options.artifact_max_bytes),
            total_bytes: 0,
            newlines: 0,
            ends_with_newline: false,
            stored_bytes: 0,
        })
    }

    /// Adds text. Never fails: artifact write errors are reported in the summary.
    pub fn push(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.total_bytes += text.len() as u64;
        self.newlines += count_newlines(text.as_bytes());
        self.ends_with_newline = text.ends_with('\n');

        let capped_before = self.column_truncated_lines();
        let capped = match &mut self.columns {
            Some(columns) => columns.cap(text),
            None => Cow::Borrowed(text),
        };
        let overflows = self.stored_bytes + capped.len() as u64 > self.max_bytes as u64;
        if self.artifact.is_waiting()
            && (overflows || self.column_truncated_lines() > capped_before)
        {
            // Until now nothing was capped or evicted, so head + tail is every byte seen so far.
            let (front, back) = self.tail.bytes.as_slices();
            self.artifact.start(&[self.head.as_bytes(), front, back]);
        }
        self.artifact.write(text.as_bytes());
        self.stored_bytes += capped.len() as u64;
        self.store(&capped);
    }

    /// The summary of everything pushed so far, with `notice` (e.g. a timeout notice) appended on
    /// its own line. The artifact is flushed, and the sink keeps accepting text.
    pub fn summary(&mut self, notice: Option<&str>) -> OutputSummary {
        self.artifact.flush();
        let tail = self.tail.contiguous();
        let truncated = self.tail.evicted > 0;
        let (mut output, elided) = if truncated {
            let head = match self.head.rfind('\n') {
                Some(end) => &self.head[..=end],
                None => self.head.as_str(),
            };
            let tail = trim_tail(&tail, self.tail.starts_at_line_start());
            let elided_bytes = self
                .stored_bytes
                .saturating_sub((head.len() + tail.len()) as u64);
            let shown_newlines = count_newlines(head.as_bytes()) + count_newlines(tail.as_bytes());
            let elided_newlines = self.newlines.saturating_sub(shown_newlines);
            // The first elided newline ends a line whose start is shown: not a whole line.
            let head_is_partial = !head.is_empty() && !head.ends_with('\n');
            let elided_lines = elided_newlines - u64::from(head_is_partial && elided_newlines > 0);

            let mut output = String::with_capacity(head.len() + tail.len() + 64);
            output.push_str(head);
            if head_is_partial {
                output.push('\n');
            }
            output.push_str(&elision_marker(elided_lines, elided_bytes));
            if !tail.is_empty() {
                output.push('\n');
                output.push_str(&tail);
            }
            (output, Some((elided_bytes, elided_lines)))
        } else {
            let mut output = String::with_capacity(self.head.len() + tail.len());
            output.push_str(&self.head);
            output.push_str(&String::from_utf8_lossy(&tail));
            (output, None)
        };
        if let Some(notice) = notice {
            if !output.is_empty() && !output.ends_with('\n') {
                output.push('\n');
            }
            output.push_str(notice);
        }
        let report = self.artifact.report();
        OutputSummary {
            truncated,
            total_bytes: self.total_bytes,
            total_lines: self.newlines + u64::from(self.total_bytes > 0 && !self.ends_with_newline),
            output_bytes: output.len() as u64,
            output_lines: count_lines(&output),
            elided_bytes: elided.map(|(bytes, _)| bytes),
            elided_lines: elided.map(|(_, lines)| lines),
            column_truncated_lines: Some(self.column_truncated_lines()).filter(|&n| n > 0),
            artifact_path: report.path,
            artifact_error: report.error,
            artifact_truncated: report.truncated,
            output,
        }
    }

    /// The final summary; the artifact file is closed.
    pub fn finish(mut self, notice: Option<&str>) -> OutputSummary {
        self.artifact.close();
        self.summary(notice)
    }

    /// Bytes of memory held for text (head and tail buffers, by capacity). Bounded by `maxBytes`.
    pub fn retained_bytes(&self) -> usize {
        self.head.capacity() + self.tail.bytes.capacity()
    }

    fn column_truncated_lines(&self) -> u64 {
        self.columns.as_ref().map_or(0, |c| c.capped_lines)
    }

    fn store(&mut self, mut text: &str) {
        if !self.head_sealed {
            let room = self.head_limit - self.head.len();
            let take = text.floor_char_boundary(room);
            reserve_within(&mut self.head, take, self.head_limit);
            self.head.push_str(&text[..take]);
            text = &text[take..];
            if !text.is_empty() || self.head.len() == self.head_limit {
                self.head_sealed = true;
                // The head may stop short of its limit at a char boundary; the tail gets the rest.
                self.tail = TailRing::new(self.max_bytes - self.head.len());
            }
        }
        if !text.is_empty() {
            self.tail.push(text.as_bytes());
        }
    }
}

/// The tail: the most recent `limit` bytes, in a ring that grows on demand up to `limit`.
#[derive(Debug)]
struct TailRing {
    bytes: VecDeque<u8>,
    limit: usize,
    /// Bytes forgotten so far.
    evicted: u64,
    /// The last forgotten byte: `\n` means the tail starts at a line start.
    last_evicted: Option<u8>,
}

impl TailRing {
    fn new(limit: usize) -> Self {
        Self {
            bytes: VecDeque::new(),
            limit,
            evicted: 0,
            last_evicted: None,
        }
    }

    fn push(&mut self, data: &[u8]) {
        if data.len() >= self.limit {
            let keep_from = data.len() - self.limit;
            self.evicted += (self.bytes.len() + keep_from) as u64;
            self.last_evicted = match keep_from {
                0 => self.bytes.back().copied().or(self.last_evicted),
                _ => Some(data[keep_from - 1]),
            };
            self.bytes.clear();
            self.reserve(data.len() - keep_from);
            self.bytes.extend(&data[keep_from..]);
            return;
        }
        let overflow = (self.bytes.len() + data.len()).saturating_sub(self.limit);
        if overflow > 0 {
            self.last_evicted = Some(self.bytes[overflow - 1]);
            self.bytes.drain(..overflow);
            self.evicted += overflow as u64;
        }
        self.reserve(data.len());
        self.bytes.extend(data);
    }

    /// Grows geometrically (amortized O(1) per byte) but never past `limit`.
    fn reserve(&mut self, additional: usize) {
        let needed = self.bytes.len() + additional;
        if needed > self.bytes.capacity() {
            let target = needed.max(self.bytes.capacity() * 2).min(self.limit);
            self.bytes.reserve_exact(target - self.bytes.len());
        }
    }

    fn starts_at_line_start(&self) -> bool {
        matches!(self.last_evicted, None | Some(b'\n'))
    }

    fn contiguous(&self) -> Vec<u8> {
        let (front, back) = self.bytes.as_slices();
        [front, back].concat()
    }
}

/// The tail as shown after an elision: starts at a character boundary, and at a line start unless
/// the tail is one line too long for the budget (then its partial first line is kept).
fn trim_tail(tail: &[u8], at_line_start: bool) -> Cow<'_, str> {
    let mut start = tail
        .iter()
        .take(3)
        .take_while(|&&b| b & 0xC0 == 0x80)
        .count();
    if !(at_line_start && start == 0) {
        if let Some(newline) = memchr::memchr(b'\n', &tail[start..]) {
            if start + newline + 1 < tail.len() {
                start += newline + 1;
            }
        }
    }
    String::from_utf8_lossy(&tail[start..])
}

/// Caps each line to `max_columns` bytes plus [`COLUMN_ELLIPSIS`], across chunks.
#[derive(Debug)]
struct ColumnCapper {
    max_columns: usize,
    /// Bytes of the current line kept so far (at most `max_columns`).
    line_bytes: usize,
    /// The current line was cut: drop everything up to its newline.
    dropping: bool,
    capped_lines: u64,
}

impl ColumnCapper {
    fn new(max_columns: usize) -> Self {
        Self {
            max_columns,
            line_bytes: 0,
            dropping: false,
            capped_lines: 0,
        }
    }

    /// `text` with every line capped; borrowed when no line needed it.
    ///
    /// Rather than visiting every newline, it looks at windows of `room + 1` bytes (room: what the
    /// current line may still take): the last newline of a window ends a run of lines that all fit,
    /// and a window without one holds a line that does not. Short lines cost one `memrchr` per window.
    fn cap<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        let bytes = text.as_bytes();
        // `None` while `text[..pos]` is kept as is; then the capped text up to `pos`.
        let mut out: Option<String> = None;
        let mut pos = 0;
        while pos < bytes.len() {
            if self.dropping {
                let out = out.get_or_insert_with(|| text[..pos].to_string());
                match memchr::memchr(b'\n', &bytes[pos..]) {
                    Some(at) => {
                        out.push('\n');
                        self.dropping = false;
                        self.line_bytes = 0;
                        pos += at + 1;
                    }
                    None => pos = bytes.len(),
                }
                continue;
            }
            let room = self.max_columns - self.line_bytes;
            let window_end = pos.saturating_add(room).saturating_add(1).min(bytes.len());
            match memchr::memrchr(b'\n', &bytes[pos..window_end]) {
                Some(at) => {
                    if let Some(out) = &mut out {
                        out.push_str(&text[pos..=pos + at]);
                    }
                    self.line_bytes = 0;
                    pos += at + 1;
                }
                None if window_end - pos <= room => {
                    // The text ends before the line reaches the cap.
                    if let Some(out) = &mut out {
                        out.push_str(&text[pos..]);
                    }
                    self.line_bytes += bytes.len() - pos;
                    pos = bytes.len();
                }
                None => {
                    let out = out.get_or_insert_with(|| text[..pos].to_string());
                    let keep = text[pos..].floor_char_boundary(room);
                    out.push_str(&text[pos..pos + keep]);
                    out.push_str(COLUMN_ELLIPSIS);
                    self.dropping = true;
                    self.capped_lines += 1;
                    pos += keep;
                }
            }
        }
        match out {
            Some(out) => Cow::Owned(out),
            None => Cow::Borrowed(text),
        }
    }
}

/// Reserves room for `additional` more bytes in `buf`, growing geometrically but never past `limit`.
fn reserve_within(buf: &mut String, additional: usize, limit: usize) {
    let needed = buf.len() + additional;
    if needed > buf.capacity() {
        let target = needed.max(buf.capacity() * 2).min(limit.max(needed));
        buf.reserve_exact(target - buf.len());
    }
}

/// Counts `\n` bytes. Blocks of 255 are summed in `u8` lanes, which the compiler vectorises.
pub(crate) fn count_newlines(bytes: &[u8]) -> u64 {
    bytes
        .chunks(255)
        .map(|block| u64::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

/// Lines in `text`: newlines, plus one for a last line without a newline.
fn count_lines(text: &str) -> u64 {
    count_newlines(text.as_bytes()) + u64::from(!text.is_empty() && !text.ends_with('\n'))
}

#[cfg(test)]
#[path = "sink_tests.rs"]
mod tests;
