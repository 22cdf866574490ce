//! The terminal model: a full terminal emulator (alacritty's, which Alacritty and Zed are built
//! on) fed with everything the command writes. It answers the queries a program sends to its
//! terminal and then waits on (cursor position, device status, device attributes), which would
//! otherwise block it forever with no terminal emulator on the other end, and it gives
//! `screen()` its text, with up to [`SCROLLBACK_LINES`] rows of scrollback above the screen.
//!
//! The emulator parses about 150 MB/s, near what a pty carries, so bulk plain text is
//! fast-forwarded: only the part of it that can still be on the screen or in the scrollback at
//! its end is parsed (see [`Terminal::feed_plain`]). The result is the same screen, scrollback,
//! cursor and replies as parsing all. A terminal is read at most 4 KiB at a time (the line
//! discipline's buffer), too little to fast-forward, so plain reads are batched first (at most
//! [`PLAIN_BATCH_BYTES`] held); anything else (a query among it) is parsed at once.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use alacritty_terminal::event::{Event, EventListener};
use alacritty_terminal::grid::Dimensions;
use alacritty_terminal::index::{Column, Line};
use alacritty_terminal::term::cell::Flags;
use alacritty_terminal::term::{Config, Term};
use alacritty_terminal::vte::ansi::{Processor, Timeout};

use super::size::TermSize;

/// Primary device attributes: a VT100 with the advanced video option, the answer programs that
/// only check "is there a terminal" accept.
const PRIMARY_DEVICE_ATTRIBUTES: &[u8] = b"\x1b[?1;2c";
/// Secondary device attributes: terminal type 0, version 0 (no xterm quirks to assume, and no
/// library version posing as a terminal's).
const SECONDARY_DEVICE_ATTRIBUTES: &[u8] = b"\x1b[>0;0;0c";

/// Rows kept above the screen once they scroll off: what `screen({ scrollback })` can show and
/// what a grown terminal pulls back down. xterm keeps 1024 by default; at 120 columns this is
/// about 3 MB per session at most (24-byte cells), allocated only as rows scroll off.
pub const SCROLLBACK_LINES: usize = 1000;

/// Plain text (see [`is_plain`]) shorter than this is parsed whole: the bookkeeping of
/// fast-forwarding would cost more than it saves.
const FAST_FORWARD_MIN_BYTES: usize = 8 * 1024;
/// Reads of plain text are held back and parsed together once this much is held (or before
/// anything else is parsed or the screen is read): large enough to fast-forward past the
/// screen and the scrollback, whose `rows + SCROLLBACK_LINES + 1` last lines (or as many
/// columns-wide rows of a long line, 125 KB at 120x40) are parsed per batch. Measured at
/// 120x40 on 256 MiB: 1 MiB batches parse one long line at half the rate of 4 MiB ones.
const PLAIN_BATCH_BYTES: usize = 4 * 1024 * 1024;

/// A screen with its scrollback, plus the replies owed to the program.
pub struct Terminal {
    term: Term<Replies>,
    parser: Processor<NoSync>,
    /// Where the emulator puts the replies it makes (`Term` keeps its listener private).
    replies: Replies,
    /// Rows of scrollback the emulator keeps.
    history: usize,
    /// Plain text not parsed yet (see [`PLAIN_BATCH_BYTES`]).
    held: Vec<u8>,
    /// How many characters without CR or LF plain text has written since the cursor last moved
    /// otherwise (0 when unknown): a long line that goes on from one batch to the next.
    run_in: usize,
    /// Where the parser may be in an escape sequence, after what it was given.
    sequence: Sequence,
    /// Bytes fast-forwarded, for tests to see that it happened.
    #[cfg(test)]
    skipped: usize,
}

/// Collects the replies to the queries found while parsing, in order.
#[derive(Clone, Default)]
struct Replies(Arc<Mutex<Vec<u8>>>);

impl Replies {
    fn push(&self, reply: &[u8]) {
        // A poisoned lock only means a panic elsewhere mid-push; the bytes are still a Vec.
        let mut pending = self.0.lock().unwrap_or_else(|e| e.into_inner());
        pending.extend_from_slice(reply);
    }

    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl EventListener for Replies {
    fn send_event(&self, event: Event) {
        // Cursor position (6n), device status (5n) and the modes' reports are the emulator's
        // own; the device attributes stay the ones this crate always gave.
        if let Event::PtyWrite(text) = event {
            let reply = match text.as_bytes() {
                [b'\x1b', b'[', b'?', .., b'c'] => PRIMARY_DEVICE_ATTRIBUTES,
                [b'\x1b', b'[', b'>', .., b'c'] => SECONDARY_DEVICE_ATTRIBUTES,
                other => other,
            };
            self.push(reply);
        }
    }
}

/// Synchronized updates (`CSI ? 2026 h`) are not held back: with no frame to paint there is no
/// tearing to avoid, and a held update would hide the screen, and delay the answers to queries
/// inside it, until a timer that nothing here would fire.
#[derive(Default)]
struct NoSync;

impl Timeout for NoSync {
    fn set_timeout(&mut self, _: Duration) {}
    fn clear_timeout(&mut self) {}
    fn pending_timeout(&self) -> bool {
        false
    }
}

/// A size as the emulator takes it.
struct Size(TermSize);

impl Dimensions for Size {
    fn total_lines(&self) -> usize {
        self.screen_lines()
    }
    fn screen_lines(&self) -> usize {
        usize::from(self.0.rows.max(1))
    }
    fn columns(&self) -> usize {
        usize::from(self.0.cols.max(1))
    }
}

impl Terminal {
    pub fn new(size: TermSize) -> Self {
        Self::with_history(size, SCROLLBACK_LINES)
    }

    fn with_history(size: TermSize, history: usize) -> Self {
        let replies = Replies::default();
        let config = Config {
            scrolling_history: history,
            ..Config::default()
        };
        Terminal {
            term: Term::new(config, &Size(size), replies.clone()),
            parser: Processor::new(),
            replies,
            history,
            held: Vec::new(),
            run_in: 0,
            sequence: Sequence::Ground,
            #[cfg(test)]
            skipped: 0,
        }
    }

    /// Feeds what the program wrote; returns the replies it is owed (to write to its input), in
    /// the order of its queries. A query split across two feeds is answered when it completes.
    pub fn feed(&mut self, output: &[u8]) -> Vec<u8> {
        // Plain text completes no query when the parser is between sequences: nothing is owed
        // before the batch is parsed. Inside one (`ESC [ 6` read, `n` to come) it may.
        if self.sequence == Sequence::Ground && plain_len(output) == output.len() {
            self.held.extend_from_slice(output);
            if self.held.len() >= PLAIN_BATCH_BYTES {
                self.parse_held_batch();
            }
            return Vec::new();
        }
        self.parse_held();
        // The emulator does not answer `CSI ? 6 n` (DECXCPR): the parse stops after each one to
        // answer it from the cursor of that moment.
        let mut from = 0;
        for (i, &b) in output.iter().enumerate() {
            self.sequence = self.sequence.next(b);
            if self.sequence == Sequence::ExtendedCursorQuery {
                self.sequence = Sequence::Ground;
                self.parse(&output[from..=i]);
                from = i + 1;
                let point = self.term.grid().cursor.point;
                let mut reply = Vec::new();
                // Writes to a Vec cannot fail.
                let _ = write!(reply, "\x1b[?{};{}R", point.line.0 + 1, point.column.0 + 1);
                self.replies.push(&reply);
            }
        }
        self.parse(&output[from..]);
        self.replies.take()
    }

    /// [`Terminal::parse_held`] for a full batch, which more plain text may follow: a line still
    /// going on at its end keeps its last characters held, unparsed (see `feed_lines`), so that
    /// the next batch skips them if the line goes on. Parsing each batch's end, which the next
    /// batch of a long line overwrites, was two thirds of the model's time in a flood.
    fn parse_held_batch(&mut self) {
        let held = std::mem::take(&mut self.held);
        // Held text is plain, and a batch is long enough to fast-forward.
        let taken = self.feed_plain(&held, true);
        self.held = held;
        self.held.drain(..taken);
    }

    fn parse_held(&mut self) {
        if self.held.is_empty() {
            return;
        }
        let held = std::mem::take(&mut self.held);
        // Plain text: no replies.
        self.parse(&held);
        self.held = held;
        self.held.clear();
    }

    fn parse(&mut self, output: &[u8]) {
        let mut rest = output;
        while let Some((start, end)) = long_plain_run(rest) {
            self.process_any(&rest[..start]);
            self.feed_plain(&rest[start..end], false);
            rest = &rest[end..];
        }
        self.process_any(rest);
    }

    /// Parses bytes that may move the cursor anywhere.
    fn process_any(&mut self, bytes: &[u8]) {
        if !bytes.is_empty() {
            self.run_in = 0;
            self.process(bytes);
        }
    }

    fn process(&mut self, bytes: &[u8]) {
        self.parser.advance(&mut self.term, bytes);
    }

    /// Parses plain text (no escapes, no controls but CR and LF), skipping whole lines that
    /// scroll out of sight and out of the scrollback before the text ends. That is only exact
    /// when every LF scrolls, i.e. the cursor sits on the bottom row of the scroll region (which
    /// the emulator does not expose), so it is checked on the screen itself: after one short
    /// line and its CRLF, the cursor is on the same row and that row is blank again. (Where an
    /// LF cannot scroll, the line would still be on that row, or the cursor would have moved
    /// down.) From then on plain text keeps it there, and the last `rows + history + 1` lines
    /// rewrite every row of the region and of the scrollback. With `open`, more plain text may
    /// follow: see `feed_lines`. Returns how much of `text` was taken (the rest is not parsed).
    fn feed_plain(&mut self, text: &[u8], open: bool) -> usize {
        let (rows, cols) = self.size();
        let keep = rows + self.history + 1;
        let ends: Vec<usize> = memchr::memmem::find_iter(text, b"\r\n")
            .map(|i| i + 2)
            .collect();
        if ends.len() < 2 * keep + 2 {
            return self.feed_lines(text, open);
        }
        self.feed_lines(&text[..ends[keep - 1]], false);
        let probe = &text[ends[keep - 1]..ends[keep]];
        let line = &probe[..probe.len() - 2];
        let row = self.term.grid().cursor.point.line;
        self.feed_lines(probe, false);
        let scrolled = line.len() < cols
            && line.iter().any(u8::is_ascii_graphic)
            && !line.iter().any(|&b| b == b'\r' || b == b'\n')
            && self.term.grid().cursor.point.line == row
            && self.row_is_blank(row);
        let resume = if scrolled {
            ends[ends.len() - keep - 1]
        } else {
            ends[keep]
        };
        #[cfg(test)]
        {
            self.skipped += resume - ends[keep];
        }
        resume + self.feed_lines(&text[resume..], open)
    }

    /// Parses plain text, skipping the middle of lines longer than the screen and scrollback.
    /// However the cursor starts, after `(rows + history + 1) * cols` characters without CR or
    /// LF it is in a cycle of period `cols` (scrolling the region a row per `cols` characters,
    /// or rewriting the bottom row when it cannot scroll, or stuck in the last column without
    /// autowrap), so skipping a multiple of `cols` leaves the screen and the scrollback as they
    /// were, once the last `(rows + history + 1) * cols` are parsed. A line that goes on from
    /// the last batch (see [`Terminal::run_in`]) is in its cycle from the start of this one.
    ///
    /// With `open` (more plain text may follow), a last line that was skipped into is left there:
    /// its last characters (`warm` and less than `cols` more) are not parsed, and the caller
    /// keeps them for the text that follows, whose parse takes them in or skips them as part of
    /// the same line; the screen is exact again whenever everything held is parsed. Returns how
    /// much of `text` was taken.
    fn feed_lines(&mut self, text: &[u8], open: bool) -> usize {
        let (rows, cols) = self.size();
        let warm = (rows + self.history + 1) * cols;
        let mut parsed_to = 0;
        let mut stretch_start = 0;
        let mut taken = self.run_in;
        let mut last_skipped = false;
        let breaks = memchr::memchr2_iter(b'\r', b'\n', text).chain(std::iter::once(text.len()));
        for end in breaks {
            // From where `warm` characters of the stretch are taken to where `warm` are left.
            let from = stretch_start + warm.saturating_sub(taken);
            let to = end.saturating_sub(warm);
            last_skipped = to > from + cols;
            if last_skipped {
                self.process(&text[parsed_to..from]);
                parsed_to = from + (to - from) / cols * cols;
                #[cfg(test)]
                {
                    self.skipped += parsed_to - from;
                }
            }
            taken = 0;
            stretch_start = end + 1;
        }
        let taken_to = match open && last_skipped {
            true => parsed_to,
            false => {
                self.process(&text[parsed_to..]);
                text.len()
            }
        };
        self.run_in = match memchr::memrchr2(b'\r', b'\n', &text[..taken_to]) {
            Some(at) => taken_to - at - 1,
            None => self.run_in.saturating_add(taken_to),
        };
        taken_to
    }

    /// `(rows, cols)`.
    fn size(&self) -> (usize, usize) {
        (self.term.screen_lines(), self.term.columns())
    }

    fn row_is_blank(&self, row: Line) -> bool {
        let grid = self.term.grid();
        (0..grid.columns()).all(|col| grid[row][Column(col)].c == ' ')
    }

    /// Parses the plain text held back so far.
    pub fn flush(&mut self) {
        self.parse_held();
    }

    /// Resizes the screen as a terminal window does: the primary screen reflows its lines to
    /// the new width and, when it grows taller, pulls the rows that had scrolled off back down.
    pub fn resize(&mut self, size: TermSize) {
        self.parse_held();
        self.run_in = 0;
        self.term.resize(Size(size));
    }

    /// The visible screen as plain text, after up to `scrollback` rows from above it: one line
    /// per row, a row that wrapped continuing on the same line, trailing blanks and blank rows
    /// at the bottom left out.
    pub fn text(&mut self, scrollback: usize) -> String {
        self.parse_held();
        let grid = self.term.grid();
        let (rows, cols) = (grid.screen_lines(), grid.columns());
        let above = scrollback.min(grid.history_size());
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for row in -(above as i32)..rows as i32 {
            let row = &grid[Line(row)];
            for col in 0..cols {
                let cell = &row[Column(col)];
                if cell
                    .flags
                    .intersects(Flags::WIDE_CHAR_SPACER | Flags::LEADING_WIDE_CHAR_SPACER)
                {
                    continue;
                }
                // A tab leaves `\t` in the blank cell it starts at (for copying); it shows blank.
                line.push(if cell.c == '\t' { ' ' } else { cell.c });
                line.extend(cell.zerowidth().into_iter().flatten());
            }
            if !row[Column(cols - 1)].flags.contains(Flags::WRAPLINE) {
                lines.push(line.trim_end_matches(' ').to_owned());
                line.clear();
            }
        }
        if !line.is_empty() {
            lines.push(line.trim_end_matches(' ').to_owned());
        }
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines.join("\n")
    }
}

/// Whether the parser is inside an escape sequence: a coarse copy of the ECMA-48 states of
/// vte's parser, enough to know when plain bytes could end a query, and to spot `CSI ? 6 n`.
/// Where it is unsure it says "inside", which only costs batching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sequence {
    Ground,
    /// After ESC.
    Escape,
    /// After ESC and intermediate bytes (`ESC ( B`).
    EscapeIntermediate,
    /// After `ESC [`: ends at a final byte.
    Csi,
    /// After `ESC [ ?`, then `ESC [ ? 6`: on the way to `CSI ? 6 n`.
    CsiQuestion,
    CsiQuestionSix,
    /// `CSI ? 6 n` just ended (the extended cursor position report); else as `Ground`.
    ExtendedCursorQuery,
    /// After `ESC ]`: ends at BEL or ST (`ESC \`).
    Osc,
    /// After `ESC P`, `ESC X`, `ESC ^`, `ESC _`: ends at ST.
    String,
}

impl Sequence {
    fn next(self, b: u8) -> Sequence {
        use Sequence::*;
        match (self, b) {
            // CAN and SUB cancel any sequence; ESC starts one anywhere.
            (_, 0x18 | 0x1a) => Ground,
            (_, 0x1b) => Escape,
            (Ground | ExtendedCursorQuery, _) => Ground,
            (Escape, b'[') => Csi,
            (Escape, b']') => Osc,
            (Escape, b'P' | b'X' | b'^' | b'_') => String,
            (Escape | EscapeIntermediate, 0x20..=0x2f) => EscapeIntermediate,
            (Escape | EscapeIntermediate, 0x30..=0x7e) => Ground,
            (Csi, b'?') => CsiQuestion,
            (CsiQuestion, b'6') => CsiQuestionSix,
            (CsiQuestionSix, b'n') => ExtendedCursorQuery,
            (Csi | CsiQuestion | CsiQuestionSix, 0x40..=0x7e) => Ground,
            (CsiQuestion | CsiQuestionSix, 0x20..=0x3f) => Csi,
            (Osc, 0x07) => Ground,
            (state, _) => state,
        }
    }
}

/// Printable ASCII, CR and LF: text that moves the cursor only by writing and by new lines.
fn is_plain(b: u8) -> bool {
    (0x20..0x7f).contains(&b) || b == b'\r' || b == b'\n'
}

/// The first run of at least [`FAST_FORWARD_MIN_BYTES`] plain bytes in `bytes`, as `(start, end)`.
fn long_plain_run(bytes: &[u8]) -> Option<(usize, usize)> {
    let mut start = 0;
    while start < bytes.len() {
        let len = plain_len(&bytes[start..]);
        if len >= FAST_FORWARD_MIN_BYTES {
            return Some((start, start + len));
        }
        start += len + 1;
    }
    None
}

/// How many bytes at the start of `bytes` are plain. Checks 64 bytes at a time without an early
/// exit inside them, which the compiler vectorizes (a pty carries 100 MB/s and more).
fn plain_len(bytes: &[u8]) -> usize {
    let mut done = 0;
    for chunk in bytes.chunks_exact(64) {
        if !chunk.iter().fold(true, |all, &b| all & is_plain(b)) {
            break;
        }
        done += 64;
    }
    let rest = &bytes[done..];
    done + rest
        .iter()
        .position(|&b| !is_plain(b))
        .unwrap_or(rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn terminal() -> Terminal {
        Terminal::new(TermSize { cols: 20, rows: 5 })
    }

    #[test]
    fn carriage_return_overwrites() {
        let mut t = terminal();
        assert_eq!(t.feed(b"abc\rX"), b"");
        assert_eq!(t.text(0), "Xbc");
    }

    #[test]
    fn answers_queries_with_the_state_at_the_query() {
        let mut t = terminal();
        let cases: &[(&[u8], &[u8])] = &[
            (b"\x1b[6n", b"\x1b[1;1R"),
            (b"ab\r\ncd\x1b[6nmore", b"\x1b[2;3R"),
            (b"\x1b[?6n", b"\x1b[?2;7R"),
            (b"\x1b[5n", b"\x1b[0n"),
            (b"\x1b[c", PRIMARY_DEVICE_ATTRIBUTES),
            (b"\x1b[0c", PRIMARY_DEVICE_ATTRIBUTES),
            (b"\x1b[>c", SECONDARY_DEVICE_ATTRIBUTES),
            (b"\x1b[H\x1b[6n\x1b[5;9H\x1b[6n", b"\x1b[1;1R\x1b[5;9R"),
            (b"\x1b[31mred\x1b[0m\x1b[2J", b""),
            // Not the extended cursor query: no reply.
            (b"\x1b[?16n\x1b[?66n\x1b[?6;1n", b""),
            (b"\x1b[3;4H\x1b[?6n\x1b[6n", b"\x1b[?3;4R\x1b[3;4R"),
            // Mode reports: autowrap is set, insert mode reset.
            (b"\x1b[?7$p\x1b[4$p", b"\x1b[?7;1$y\x1b[4;2$y"),
        ];
        for (output, reply) in cases {
            assert_eq!(
                String::from_utf8_lossy(&t.feed(output)),
                String::from_utf8_lossy(reply),
                "{}",
                String::from_utf8_lossy(output)
            );
        }
    }

    #[test]
    fn a_query_split_across_feeds_is_answered_once_complete() {
        let mut t = terminal();
        assert_eq!(t.feed(b"xy\x1b"), b"");
        assert_eq!(t.feed(b"["), b"");
        assert_eq!(t.feed(b"6"), b"");
        assert_eq!(t.feed(b"nz"), b"\x1b[1;3R");
        assert_eq!(t.text(0), "xyz");
    }

    /// A deterministic xorshift generator, so a failing case can be replayed.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Plain text of random lines: short, long (wrapping many times), blank, spaces only, bare
    /// CR and bare LF among the CRLFs. With `short`, every line fits on a row, so lines drawn
    /// over each other on a row that cannot scroll leave traces of the longer ones.
    fn plain_text(rng: &mut Rng, len: usize, cols: usize, short: bool) -> Vec<u8> {
        let mut out = Vec::new();
        while out.len() < len {
            let width = match (short, rng.below(10)) {
                (true, _) => rng.below(cols - 1),
                (false, 0) => 0,
                (false, 1) => 2000 + rng.below(3000),
                (false, _) => rng.below(60),
            };
            match rng.below(4) {
                0 => out.extend(std::iter::repeat_n(b' ', width)),
                // Patterns of period 90: skipping part of a line shows unless it skips whole
                // cycles of the screen's width.
                1 => {
                    let offset = rng.below(90);
                    out.extend((0..width).map(|i| b'!' + ((offset + i) % 90) as u8));
                }
                _ => out.extend((0..width).map(|_| b'!' + rng.below(90) as u8)),
            }
            if !short && rng.below(4) == 0 {
                out.push(b'a' + rng.below(26) as u8);
            }
            out.extend_from_slice(match rng.below(20) {
                0 if !short => b"\n",
                1 if !short => b"\r",
                _ => b"\r\n",
            });
        }
        out
    }

    #[test]
    fn fast_forward_gives_the_screen_of_parsing_everything() {
        let setups: &[&[u8]] = &[
            b"",
            b"start",
            b"\x1b[3;5r",
            b"\x1b[3;5r\x1b[1;1H",
            b"\x1b[3;5r\x1b[7;1H",
            b"\x1b[2;3r\x1b[5;1H",
            b"\x1b[2;4r\x1b[4;3H",
            b"\x1b[?7l",
            b"\x1b[?1049h",
            b"\x1b]0;an unterminated title ",
            b"\x1b[12",
            b"\x1b[1;4H",
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut skipped = 0;
        for case in 0..480 {
            // Every setup with every size, with and without short lines.
            let n = setups.len();
            let size = TermSize {
                cols: [20, 23, 31][case / n % 3],
                rows: [5, 7][case / n / 3 % 2],
            };
            let cols = usize::from(size.cols);
            let short = case / n / 6 % 2 == 1;
            let mut input = setups[case % n].to_vec();
            let len = 9_000 + rng.below(40_000);
            input.extend(plain_text(&mut rng, len, cols, short));
            input.extend_from_slice(b"\x1b[6ntail\x1b[6n");
            let len = rng.below(20_000);
            input.extend(plain_text(&mut rng, len, cols, short));
            input.extend_from_slice(b"\x07\x1b[6n");

            // Compared after every chunk: a later run of text would hide an earlier mistake.
            // With and without scrollback: skipping must leave it as parsing all does.
            let history = [0, 3][case / n / 12 % 2];
            let mut reference = Terminal::with_history(size, history);
            let mut fast = Terminal::with_history(size, history);
            let mut rest = &input[..];
            while !rest.is_empty() {
                let n = (1 + rng.below(70_000)).min(rest.len());
                reference.process(&rest[..n]);
                let want = reference.replies.take();
                let got = fast.feed(&rest[..n]);
                assert_eq!(fast.text(history), reference.text(history), "case {case}");
                assert_eq!(
                    fast.term.grid().cursor.point,
                    reference.term.grid().cursor.point,
                    "case {case}"
                );
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want),
                    "case {case}"
                );
                rest = &rest[n..];
            }
            skipped += fast.skipped;
        }
        assert!(skipped > 1_000_000, "only {skipped} bytes fast-forwarded");
    }

    #[test]
    fn plain_len_finds_the_first_other_byte() {
        let mut text = vec![b'a'; 300];
        assert_eq!(plain_len(&text), 300);
        for at in [0, 1, 63, 64, 65, 200, 299] {
            for other in [0x1b_u8, b'\t', 0x7f, 0xc3, 0x07] {
                text[at] = other;
                assert_eq!(plain_len(&text), at);
                text[at] = if at % 2 == 0 { b'\n' } else { b'\r' };
                assert_eq!(plain_len(&text), 300);
            }
        }
        let mut run = vec![b'x'; 3 * FAST_FORWARD_MIN_BYTES];
        run[10] = 0x1b;
        run[FAST_FORWARD_MIN_BYTES + 20] = 0x1b;
        assert_eq!(
            long_plain_run(&run),
            Some((11, FAST_FORWARD_MIN_BYTES + 20))
        );
    }

    #[test]
    fn terminal_sized_reads_are_batched_and_fast_forwarded() {
        let mut rng = Rng(7);
        for short in [false, true] {
            let mut input = plain_text(&mut rng, 1 << 20, 20, short);
            input.extend_from_slice(b"\x1b[6n");
            let size = TermSize { cols: 20, rows: 5 };
            let mut reference = Terminal::with_history(size, 3);
            reference.process(&input);
            let want = reference.replies.take();
            let mut fast = Terminal::with_history(size, 3);
            let mut got = Vec::new();
            for read in input.chunks(4096) {
                got.extend(fast.feed(read));
            }
            // The query was answered from the screen all the held text made.
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want)
            );
            assert_eq!(
                fast.text(SCROLLBACK_LINES),
                reference.text(SCROLLBACK_LINES)
            );
            assert!(
                fast.skipped > input.len() / 2,
                "only {} bytes fast-forwarded",
                fast.skipped
            );
        }
    }

    #[test]
    fn text_is_what_the_screen_shows() {
        let a19 = "a".repeat(19);
        let cases: &[(&str, &str)] = &[
            ("\x1b(0lqk\r\nmqj\x1b(Bq", "┌─┐\n└─┘q"),
            ("x\ty", "x       y"),
            ("日本\r\nok", "日本\nok"),
            // A wide character that does not fit in the last column starts the next row.
            (&format!("{a19}日x"), &format!("{a19}日x")),
            ("e\u{301}!", "e\u{301}!"),
            ("trailing   \r\n\r\n   \r\n", "trailing"),
            ("\r\n\r\nlow", "\n\nlow"),
        ];
        for (output, screen) in cases {
            let mut t = terminal();
            t.feed(output.as_bytes());
            assert_eq!(t.text(0), *screen, "{output:?}");
        }
    }

    #[test]
    fn scrollback_comes_first_and_a_wrapped_row_joins_across_the_top() {
        let mut t = terminal();
        t.feed(b"1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n");
        t.feed("w".repeat(30).as_bytes());
        t.feed(b"\r\n7\r\n8\r\n9\r\n10");
        // Screen: the wrapped line's second row, 7 to 10; above: its first row, 6, 5, ...
        assert_eq!(t.text(0), format!("{}\n7\n8\n9\n10", "w".repeat(10)));
        assert_eq!(t.text(1), format!("{}\n7\n8\n9\n10", "w".repeat(30)));
        assert_eq!(t.text(3), format!("5\n6\n{}\n7\n8\n9\n10", "w".repeat(30)));
        assert_eq!(t.text(usize::MAX).lines().count(), 11);
    }

    #[test]
    fn a_line_longer_than_a_batch_is_fast_forwarded_across_batches() {
        let size = TermSize { cols: 23, rows: 5 };
        // Period 90: a skip that is not a multiple of the width would show.
        let mut input: Vec<u8> = b"start\r\n".to_vec();
        input.extend((0..3 * PLAIN_BATCH_BYTES + 12_345).map(|i| b'!' + (i % 90) as u8));
        input.extend_from_slice(b"\x1b[6n");
        for history in [0, 3] {
            let mut reference = Terminal::with_history(size, history);
            reference.process(&input);
            let want = reference.replies.take();
            let mut fast = Terminal::with_history(size, history);
            let mut got = Vec::new();
            for read in input.chunks(64 * 1024) {
                got.extend(fast.feed(read));
            }
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want)
            );
            assert_eq!(fast.text(history), reference.text(history));

            // A resize in the middle of the line, and the line going on at the new width.
            let (head, tail) = input.split_at(PLAIN_BATCH_BYTES + 777);
            let wider = TermSize { cols: 31, rows: 6 };
            let mut reference = Terminal::with_history(size, history);
            reference.process(head);
            reference.resize(wider);
            reference.process(tail);
            let mut resized = Terminal::with_history(size, history);
            for read in head.chunks(64 * 1024) {
                resized.feed(read);
            }
            resized.resize(wider);
            for read in tail.chunks(64 * 1024) {
                resized.feed(read);
            }
            assert_eq!(resized.text(history), reference.text(history));
            // Only the first `warm` characters of the line and the last of each batch are parsed.
            let warm = (5 + history + 1) * 23;
            assert!(
                fast.skipped + 5 * warm + 5 * 23 > input.len(),
                "{}",
                fast.skipped
            );
        }
    }

    #[test]
    fn a_batch_leaves_the_end_of_a_line_that_goes_on_unparsed() {
        let size = TermSize { cols: 23, rows: 5 };
        let line = |n: usize, phase: usize| (0..n).map(move |i| b'!' + ((i + phase) % 89) as u8);
        // A long line over several batches; lines; a long line ending mid-batch; lines again;
        // then the same with the screen read (everything held parsed) in the middle.
        let mut input: Vec<u8> = b"start\r\n".to_vec();
        input.extend(line(3 * PLAIN_BATCH_BYTES + 999, 0));
        for i in 0..3000 {
            input.extend_from_slice(format!("\r\nline {i}").as_bytes());
        }
        input.extend_from_slice(b"\r\n");
        input.extend(line(PLAIN_BATCH_BYTES / 2 + 5, 7));
        input.extend_from_slice(b"\r\nlast\r\n");
        input.extend(line(PLAIN_BATCH_BYTES + 17, 3));
        input.extend_from_slice(b"\x1b[6n");
        for history in [0, 3] {
            let mut reference = Terminal::with_history(size, history);
            reference.process(&input);
            let want = reference.replies.take();
            for read_at in [None, Some(2 * PLAIN_BATCH_BYTES + 4097)] {
                let mut fast = Terminal::with_history(size, history);
                let mut got = Vec::new();
                let mut fed = 0;
                for read in input.chunks(4095) {
                    got.extend(fast.feed(read));
                    fed += read.len();
                    if read_at.is_some_and(|at| fed >= at && fed - read.len() < at) {
                        let mut partial = Terminal::with_history(size, history);
                        partial.process(&input[..fed]);
                        assert_eq!(fast.text(history), partial.text(history));
                    }
                }
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want)
                );
                assert_eq!(fast.text(history), reference.text(history));
                assert_eq!(
                    fast.term.grid().cursor.point,
                    reference.term.grid().cursor.point
                );
            }
        }
        // The first long line alone: its start and its end are parsed, not each batch's end.
        let mut input: Vec<u8> = b"start\r\n".to_vec();
        input.extend(line(5 * PLAIN_BATCH_BYTES + 999, 0));
        let mut fast = Terminal::with_history(size, 3);
        for read in input.chunks(4095) {
            fast.feed(read);
        }
        let mut reference = Terminal::with_history(size, 3);
        reference.process(&input);
        assert_eq!(fast.text(3), reference.text(3));
        let warm = (5 + 3 + 1) * 23;
        assert!(
            fast.skipped + 2 * warm + 3 * 23 + 7 >= input.len(),
            "{} of {}",
            fast.skipped,
            input.len()
        );
    }

    /// Whatever a program writes and however the terminal is resized, nothing panics (the
    /// model is fed on the reader under the session's lock).
    #[test]
    fn random_output_and_resizes_do_not_panic() {
        let pieces: &[&[u8]] = &[
            b"\x1b[",
            b"\x1b]",
            b"\x1b(0",
            b"\x1b[?1049h",
            b"\x1b[?1049l",
            b"\x1b[?7l",
            b"\x1b[4h",
            b"\x1b[2;3r",
            b"\x1b[?6n",
            b"\x1b[6n",
            b"\x1b[99;99H",
            b"\x1b[Z",
            b"\x1bD",
            b"\x1bM",
            b"\x1b[?2026h",
            b"\x1b[L",
            b"\x1b[M",
            b"\x1b[P",
            b"\x1b[@",
            b"\t",
            b"\r\n",
            b"\n",
            "日本\u{301}".as_bytes(),
            b"\xff\xfe",
            b"9;",
            b"abcdefghijklmnopqrstuvwxyz",
        ];
        let mut rng = Rng(42);
        let mut t = terminal();
        for step in 0..20_000 {
            let mut out = Vec::new();
            for _ in 0..rng.below(8) {
                match rng.below(3) {
                    0 => out.push(rng.below(256) as u8),
                    _ => out.extend_from_slice(pieces[rng.below(pieces.len())]),
                }
            }
            t.feed(&out);
            if step % 97 == 0 {
                let cols = 20 + rng.below(60) as u16;
                let rows = 5 + rng.below(30) as u16;
                t.resize(TermSize { cols, rows });
            }
            if step % 13 == 0 {
                t.text(rng.below(2000));
            }
        }
    }

    #[test]
    fn resize_keeps_the_text() {
        let mut t = terminal();
        t.feed(b"hello\r\nworld");
        t.resize(TermSize { cols: 40, rows: 10 });
        assert_eq!(t.feed(b"\x1b[6n"), b"\x1b[2;6R");
        assert_eq!(t.text(0), "hello\nworld");
    }
}
