//! The output sink: keeps a bounded head and tail of a command's text in memory, caps long lines,
//! spills the full text to an artifact file once it no longer fits, and summarizes it all as the
//! anchor's `OutputSink.dump()` does (oh-my-pi `session/streaming-output.ts`): same text, same
//! fields, except where docs/behaviour.md's table of deliberate differences says otherwise.
//!
//! Memory is `maxBytes` (head + tail) plus constant buffers, whatever the output's size or shape:
//! lines are capped before they are stored, and the tail is a ring that forgets its oldest bytes.
//! A capped artifact adds its pending tail (see `artifact.rs`).

use std::borrow::Cow;
use std::collections::VecDeque;
use std::path::PathBuf;

use crate::error::Result;

use super::artifact::Artifact;
use super::options::OutputOptions;

/// Appended to a line cut by `maxColumns`.
pub const COLUMN_ELLIPSIS: &str = "…";

/// What a sink saw and what it kept, with the anchor's field meanings (oh-my-pi
/// `session/streaming-output.ts`). Byte counts are of UTF-8 text after ANSI stripping and newline
/// normalization. Lines are counted as the anchor counts them: newlines + 1 for any non-empty text
/// (`"a\n"` is 2 lines, as `"a\n".split("\n")` has 2 parts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutputSummary {
    /// `[notice]` on the first line when a notice was given, then everything when it fits; else
    /// the tail alone (no head kept) or head, elision marker and tail.
    pub output: String,
    /// Output was left out of `output` because it exceeded the budget.
    pub truncated: bool,
    /// Bytes pushed, before line capping.
    pub total_bytes: u64,
    pub total_lines: u64,
    /// Of the body (head, marker, tail; not the notice line). At most `maxBytes`, plus the marker
    /// line when a head is kept and output was elided (see [`OutputSink::summary`]).
    pub output_bytes: u64,
    pub output_lines: u64,
    /// With a head kept and output elided: bytes of the line-capped text left out.
    pub elided_bytes: Option<u64>,
    /// With a head kept and output elided: lines left out (see [`elision_marker`]).
    pub elided_lines: Option<u64>,
    /// When truncated: lines of the body shown before the elision marker (0 when there is none),
    /// counted as a reader counts them (a final newline ends the last line).
    pub head_lines: Option<u64>,
    /// When truncated: lines of the body shown after the elision marker, or of the whole body when
    /// there is none, counted as `head_lines` is.
    pub tail_lines: Option<u64>,
    /// Bytes dropped by `maxColumns`, when there were any.
    pub column_dropped_bytes: Option<u64>,
    /// Lines cut by `maxColumns`, when there were any.
    pub column_truncated_lines: Option<u64>,
    /// `maxColumns`, when a line was cut.
    pub column_max: Option<u64>,
    /// The artifact file, when it was written (and no write failed).
    pub artifact_path: Option<PathBuf>,
    /// `artifactId` from the options, when the artifact was written.
    pub artifact_id: Option<String>,
    /// Why the artifact could not be written.
    pub artifact_error: Option<String>,
    /// The artifact reached `artifactMaxBytes` and its middle was cut.
    pub artifact_truncated: bool,
}

/// The marker that replaces elided output, on a line of its own, as the anchor writes it: lines
/// when more than one line was left out (`[…3ln elided…]`), else bytes (`[…120B elided…]`).
pub fn elision_marker(elided_lines: u64, elided_bytes: u64) -> String {
    if elided_lines <= 1 {
        format!("[…{elided_bytes}B elided…]")
    } else {
        format!("[…{elided_lines}ln elided…]")
    }
}

/// Bounded buffer for one command's output text (see the module docs).
#[derive(Debug)]
pub struct OutputSink {
    max_bytes: usize,
    head_limit: usize,
    /// The first bytes of the (line-capped) text, up to `head_limit`.
    head: String,
    /// No more text goes to the head: it is full, or text has gone to the tail.
    head_sealed: bool,
    tail: TailRing,
    columns: Option<ColumnCapper>,
    artifact: Artifact,
    artifact_id: Option<String>,
    total_bytes: u64,
    newlines: u64,
    /// Bytes of the line-capped text, the one the budget applies to.
    stored_bytes: u64,
    /// Set by [`Self::end`]: later pushes are ignored.
    ended: bool,
}

impl OutputSink {
    /// A sink for `options` (validated here). `headBytes` is clamped to `maxBytes / 2`, as the
    /// anchor clamps it.
    pub fn new(options: &OutputOptions) -> Result<Self> {
        options.validate()?;
        let head_limit = options.head_bytes.min(options.max_bytes / 2);
        let head_sealed = head_limit == 0;
        Ok(Self {
            max_bytes: options.max_bytes,
            head_limit,
            head: String::new(),
            head_sealed,
            tail: TailRing::new(if head_sealed { options.max_bytes } else { 0 }),
            columns: (options.max_columns > 0).then(|| ColumnCapper::new(options.max_columns)),
            artifact: Artifact::new(
                options.artifact_path.clone(),
                options.artifact_max_bytes,
                options.artifact_head_bytes,
            ),
            artifact_id: options.artifact_id.clone(),
            total_bytes: 0,
            newlines: 0,
            stored_bytes: 0,
            ended: false,
        })
    }

    /// Adds text. Never fails: artifact write errors are reported in the summary. Ignored once the
    /// sink has [ended](Self::end).
    pub fn push(&mut self, text: &str) {
        if text.is_empty() || self.ended {
            return;
        }
        self.total_bytes += text.len() as u64;
        self.newlines += count_newlines(text.as_bytes());

        let capped = match &mut self.columns {
            Some(columns) => columns.cap(text),
            None => Cow::Borrowed(text),
        };
        // The anchor's trigger: the budget overflows, or capping made this chunk shorter.
        let overflows = self.stored_bytes + capped.len() as u64 > self.max_bytes as u64;
        if self.artifact.is_waiting() && (overflows || capped.len() < text.len()) {
            // Until now nothing was evicted, so head + tail is every byte seen so far.
            let (front, back) = self.tail.bytes.as_slices();
            self.artifact.start(&[self.head.as_bytes(), front, back]);
        }
        self.artifact.write(text.as_bytes());
        self.stored_bytes += capped.len() as u64;
        self.store(&capped);
    }

    /// Ends the sink as the anchor's `dump()` does: the artifact is completed (a capped one gets
    /// its cut notice and tail) and closed, and later pushes are ignored.
    pub fn end(&mut self) {
        self.artifact.close();
        self.ended = true;
    }

    /// The summary of everything pushed so far, with `[notice]` as the first line when a non-empty
    /// notice is given. The artifact is flushed; the sink keeps accepting text unless it ended.
    ///
    /// The body is the anchor's: everything when it fits; the tail alone when no head is kept; else
    /// head, marker and tail, each on its own line. Head and tail together stay within `maxBytes`
    /// (the tail keeps `maxBytes` minus the head); the marker line comes on top of them, as in the
    /// anchor, so an elided body is up to a marker and two separators (about 30 bytes) longer.
    pub fn summary(&mut self, notice: Option<&str>) -> OutputSummary {
        self.artifact.flush();
        let tail_bytes = self.tail.contiguous();
        let tail = trim_to_char(&tail_bytes);
        let total_lines = self.newlines + u64::from(self.total_bytes > 0);
        let column_dropped = self.columns.as_ref().map_or(0, |c| c.dropped_bytes);
        // Bytes that survived the column cap, as the anchor counts them (ellipses not added), so
        // that bytes a line cap dropped are not counted again as elided.
        let effective_total = self.total_bytes.saturating_sub(column_dropped);
        let head = self.head.as_str();
        let elided = !head.is_empty() && effective_total > (head.len() + tail.len()) as u64;
        let truncated = elided || self.tail.evicted > 0;

        let (body, output_lines, elision, shown) = if elided {
            let e = Elision::of(head, &tail, effective_total, total_lines);
            let shown = Shown {
                head_lines: e.head_lines,
                tail_lines: shown_lines(tail.strip_prefix('\n').unwrap_or(&tail)),
            };
            (
                e.body,
                e.head_lines + 1 + e.tail_lines,
                Some((e.bytes, e.lines)),
                Some(shown),
            )
        } else {
            let mut body = String::with_capacity(head.len() + tail.len());
            body.push_str(head);
            body.push_str(&tail);
            let lines = anchor_lines(&body);
            let shown = truncated.then(|| Shown {
                head_lines: 0,
                tail_lines: shown_lines(&body),
            });
            (body, lines, None, shown)
        };

        let notice_line = notice.filter(|n| !n.is_empty()).map(|n| format!("[{n}]\n"));
        let report = self.artifact.report();
        let columns = self.columns.as_ref();
        let column_truncated_lines = columns.map_or(0, |c| c.capped_lines);
        OutputSummary {
            truncated,
            total_bytes: self.total_bytes,
            total_lines,
            output_bytes: body.len() as u64,
            output_lines,
            elided_bytes: elision.map(|(bytes, _)| bytes),
            elided_lines: elision.map(|(_, lines)| lines),
            head_lines: shown.map(|s| s.head_lines),
            tail_lines: shown.map(|s| s.tail_lines),
            column_dropped_bytes: Some(column_dropped).filter(|&n| n > 0),
            column_truncated_lines: Some(column_truncated_lines).filter(|&n| n > 0),
            column_max: columns
                .filter(|c| c.capped_lines > 0)
                .map(|c| c.max_columns as u64),
            artifact_id: report.path.as_ref().and(self.artifact_id.clone()),
            artifact_path: report.path,
            artifact_error: report.error,
            artifact_truncated: report.truncated,
            output: match notice_line {
                Some(line) => line + &body,
                None => body,
            },
        }
    }

    /// [`Self::end`], then the summary.
    #[cfg(test)]
    pub fn finish(mut self, notice: Option<&str>) -> OutputSummary {
        self.end();
        self.summary(notice)
    }

    /// Bytes of memory held for text (head and tail buffers, by capacity). Bounded by `maxBytes`.
    #[cfg(test)]
    pub fn retained_bytes(&self) -> usize {
        self.head.capacity() + self.tail.bytes.capacity()
    }

    fn store(&mut self, mut text: &str) {
        if !self.head_sealed {
            let room = self.head_limit - self.head.len();
            let take = text.floor_char_boundary(room);
            reserve_within(&mut self.head, take, self.head_limit);
            self.head.push_str(&text[..take]);
            text = &text[take..];
            if !text.is_empty() || self.head.len() == self.head_limit {
                // Sealed for good: the anchor keeps filling a head that stopped short at a
                // character boundary, which puts later text before earlier text.
                self.head_sealed = true;
                self.tail = TailRing::new(self.max_bytes - self.head.len());
            }
        }
        if !text.is_empty() {
            self.tail.push(text.as_bytes());
        }
    }
}

/// Head, marker and tail of an elided body, with the anchor's counts (its `dump()`).
struct Elision {
    body: String,
    /// The head's lines: its newlines, plus its partial last line.
    head_lines: u64,
    /// The tail's lines as the anchor counts them (newlines + 1).
    tail_lines: u64,
    bytes: u64,
    lines: u64,
}

impl Elision {
    fn of(head: &str, tail: &str, effective_total: u64, total_lines: u64) -> Self {
        let head_lines =
            count_newlines(head.as_bytes()) + u64::from(!head.is_empty() && !head.ends_with('\n'));
        let tail_lines = anchor_lines(tail);
        let bytes = effective_total.saturating_sub((head.len() + tail.len()) as u64);
        let lines = total_lines.saturating_sub(head_lines + tail_lines);
        let marker = elision_marker(lines, bytes);
        let head_sep = if head.ends_with('\n') { "" } else { "\n" };
        let tail_sep = if tail.starts_with('\n') { "" } else { "\n" };
        Self {
            body: [head, head_sep, &marker, tail_sep, tail].concat(),
            head_lines,
            tail_lines,
            bytes,
            lines,
        }
    }
}

/// What a truncated body shows, in lines as a reader counts them (see [`shown_lines`]).
#[derive(Clone, Copy)]
struct Shown {
    head_lines: u64,
    tail_lines: u64,
}

/// Lines of `text` as a reader counts them, and as `applyHeadTail` does: a final newline ends the
/// last line rather than starting an empty one; empty text has none.
fn shown_lines(text: &str) -> u64 {
    if text.is_empty() {
        0
    } else {
        count_newlines(text.as_bytes()) + 1 - u64::from(text.ends_with('\n'))
    }
}

/// Lines as the anchor counts them: newlines + 1, none for empty text.
fn anchor_lines(text: &str) -> u64 {
    if text.is_empty() {
        0
    } else {
        count_newlines(text.as_bytes()) + 1
    }
}

/// The tail as text: starts at the first character boundary (the ring may have cut a character).
fn trim_to_char(tail: &[u8]) -> Cow<'_, str> {
    let start = tail
        .iter()
        .take(3)
        .take_while(|&&b| b & 0xC0 == 0x80)
        .count();
    String::from_utf8_lossy(&tail[start..])
}

/// The tail: the most recent `limit` bytes, in a ring that grows on demand up to `limit`.
#[derive(Debug)]
struct TailRing {
    bytes: VecDeque<u8>,
    limit: usize,
    /// Bytes forgotten so far.
    evicted: u64,
}

impl TailRing {
    fn new(limit: usize) -> Self {
        Self {
            bytes: VecDeque::new(),
            limit,
            evicted: 0,
        }
    }

    fn push(&mut self, data: &[u8]) {
        if data.len() >= self.limit {
            let keep_from = data.len() - self.limit;
            self.evicted += (self.bytes.len() + keep_from) as u64;
            self.bytes.clear();
            self.reserve(data.len() - keep_from);
            self.bytes.extend(&data[keep_from..]);
            return;
        }
        let overflow = (self.bytes.len() + data.len()).saturating_sub(self.limit);
        if overflow > 0 {
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

    fn contiguous(&self) -> Vec<u8> {
        let (front, back) = self.bytes.as_slices();
        [front, back].concat()
    }
}

/// Caps each line to `max_columns` bytes, [`COLUMN_ELLIPSIS`] included, across chunks, as the
/// anchor does: within a chunk, the part of a line that would pass the cap keeps what fits before
/// a 3-byte `…`, and the rest of the line is dropped. A line that filled the cap exactly in one
/// chunk and goes on in the next is already out, so it gets the `…` after its `max_columns` bytes.
#[derive(Debug)]
struct ColumnCapper {
    max_columns: usize,
    /// Bytes of the current line kept so far.
    line_bytes: usize,
    /// The current line was cut: drop everything up to its newline.
    dropping: bool,
    capped_lines: u64,
    dropped_bytes: u64,
}

impl ColumnCapper {
    fn new(max_columns: usize) -> Self {
        Self {
            max_columns,
            line_bytes: 0,
            dropping: false,
            capped_lines: 0,
            dropped_bytes: 0,
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
                        self.dropped_bytes += at as u64;
                        self.dropping = false;
                        self.line_bytes = 0;
                        pos += at + 1;
                    }
                    None => {
                        self.dropped_bytes += (bytes.len() - pos) as u64;
                        pos = bytes.len();
                    }
                }
                continue;
            }
            let room = self.max_columns.saturating_sub(self.line_bytes);
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
                    let fits = room.saturating_sub(COLUMN_ELLIPSIS.len());
                    let keep = text[pos..].floor_char_boundary(fits);
                    out.push_str(&text[pos..pos + keep]);
                    out.push_str(COLUMN_ELLIPSIS);
                    self.line_bytes += keep + COLUMN_ELLIPSIS.len();
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

#[cfg(test)]
#[path = "sink_tests.rs"]
mod tests;
