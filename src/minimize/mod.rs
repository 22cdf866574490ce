//! The output minimizer (docs/api.md §2a): after a run, the captured output of a single simple command
//! whose program has a filter is rewritten into compact text for a model, keeping every fact an
//! agent acts on (failing tests and counts, errors and warnings with their `file:line`, summaries).
//! The original stays available; anything unsure passes unchanged. Memory: one capture per run,
//! bounded by `maxCaptureBytes` (default 4 MiB).

mod capture;
mod command;
mod filters;
mod settings;
mod text;

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

pub(crate) use capture::{Capture, Captured};
pub(crate) use command::single_simple_command;
pub(crate) use settings::{MinimizerConfig, MinimizerOptions};

use crate::output::strip_ansi_borrowed;

/// Output shorter than this (in characters) passes unchanged: a filter saves little there and a
/// model reads it whole anyway.
pub(crate) const MIN_INPUT_CHARS: usize = 1000;

/// A rewrite must save at least this many (of [`approx_tokens`]) to be used: the tool layer then
/// stores the original as an artifact and adds a footer naming it (about 12 tokens), which a
/// smaller saving would not pay for. An absolute floor, not a share: trimming 5 % of a long
/// output (a diff's index lines) is worth as much as trimming half of a short one.
const MIN_SAVING_TOKENS: f64 = 32.0;

/// A token count's stand-in, for the saving check: about four bytes a token, a punctuation byte
/// half of one (o200k_base joins a bracket, a colon or a slash to at most one neighbour: a log's
/// `[INFO] ` is 3 tokens in 7 bytes; over the 186 recorded outputs of 1,000 characters or more,
/// this estimate's median is 0.92 of the real count, 0.80 with every byte a quarter), a line
/// break one of its own (joining a list's lines onto rows saves tokens, not bytes), and a run of
/// one repeated blank or punctuation byte (a table's rule, a column's padding; 7 bytes or more)
/// about one per 32 bytes, as o200k_base encodes them (79 dashes are 2 tokens, 40 blanks 1):
/// dropping a table's four rules saves some 8 tokens, not the 80 their bytes would say.
fn approx_tokens(text: &str) -> f64 {
    const RUN_BYTES_PER_TOKEN: usize = 32;
    const PUNCTUATION_TOKENS: f64 = 0.5;
    let bytes = text.as_bytes();
    // Line breaks and ASCII punctuation counted by comparisons, not a table: the compiler
    // makes this loop SIMD (a table look-up per byte was as costly as a filter's own pass
    // over a long log; this runs on the input and on the rewrite of every call). Counted in
    // blocks of 240 bytes, each into a byte-wide count: a `usize` count per byte made the
    // loop widen every byte to 64 bits, two bytes to a vector instead of sixteen; and a block
    // of whole vectors (255 bytes left 15 to a byte-at-a-time tail in every block: a third of
    // the count's instructions).
    const BLOCK_BYTES: usize = 240; // 15 vectors of 16 bytes; a block's counts fit a u8
    #[inline(always)]
    fn count(block: &[u8]) -> (usize, usize) {
        let (mut block_lines, mut block_punctuation) = (0u8, 0u8);
        for &b in block {
            block_lines += u8::from(b == b'\n');
            block_punctuation += u8::from(
                (b'!'..=b'/').contains(&b)
                    | (b':'..=b'@').contains(&b)
                    | (b'['..=b'`').contains(&b)
                    | (b'{'..=b'~').contains(&b),
            );
        }
        (usize::from(block_lines), usize::from(block_punctuation))
    }
    let (blocks, rest) = bytes.as_chunks::<BLOCK_BYTES>();
    let (mut lines, mut punctuation) = count(rest);
    for block in blocks {
        let (l, p) = count(block);
        lines += l;
        punctuation += p;
    }
    let mut plain = bytes.len() - lines;
    let mut runs = 0;
    // A run is found by one of its aligned 4-byte pieces (a run of 7 or more always holds one),
    // then grown both ways. The pieces are tested two to an 8-byte word, without a branch (a
    // piece is one byte four times when its first three bytes each equal the next: the word
    // xored with itself shifted by a byte is zero there), into a mask of the uniform ones: most
    // blocks of text hold none and are skipped whole, and in the others only the uniform pieces
    // are looked at (a branch per piece cost as much as the counting above: an indented source
    // file's blanks made it mispredict, and nearly every block of one holds a uniform piece).
    const BLOCK_PIECES: usize = 8;
    let uniform = |piece: &[u8]| {
        let w = u32::from_le_bytes([piece[0], piece[1], piece[2], piece[3]]);
        w == (w & 0xff).wrapping_mul(0x0101_0101)
    };
    let mut done = 0; // bytes before this are counted
    let mut grow = |start: usize| {
        let b = bytes[start];
        if start < done || (b != b' ' && !b.is_ascii_punctuation()) {
            return;
        }
        let mut from = start;
        while from > done && bytes[from - 1] == b {
            from -= 1;
        }
        let mut to = start + 4;
        while to < bytes.len() && bytes[to] == b {
            to += 1;
        }
        plain -= to - from;
        if b != b' ' {
            punctuation -= to - from;
        }
        runs += (to - from).div_ceil(RUN_BYTES_PER_TOKEN);
        done = to;
    };
    let (blocks, _) = bytes.as_chunks::<{ 4 * BLOCK_PIECES }>();
    for (n, block) in blocks.iter().enumerate() {
        let mut mask = 0u8;
        for (k, word) in block.as_chunks::<8>().0.iter().enumerate() {
            let w = u64::from_le_bytes(*word);
            let same_as_next = w ^ (w >> 8);
            let pair = u8::from(same_as_next & 0x00ff_ffff == 0)
                | u8::from(same_as_next & 0x00ff_ffff_0000_0000 == 0) << 1;
            mask |= pair << (2 * k);
        }
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            grow(n * 4 * BLOCK_PIECES + k * 4);
        }
    }
    // The pieces after the last whole block.
    let tail = blocks.len() * 4 * BLOCK_PIECES;
    for (k, piece) in bytes[tail..].chunks_exact(4).enumerate() {
        if uniform(piece) {
            grow(tail + k * 4);
        }
    }
    (plain - punctuation) as f64 / 4.0
        + punctuation as f64 * PUNCTUATION_TOKENS
        + lines as f64
        + runs as f64
}

/// What the minimizer made of a run's output (the contract's `MinimizerResult`).
#[derive(Debug, Clone, PartialEq)]
pub struct Minimized {
    /// Which filter ran, e.g. `git-log`, `cargo-test`, `vitest`.
    pub filter: String,
    pub text: String,
    pub original_text: String,
    pub input_bytes: usize,
    pub output_bytes: usize,
}

/// Minimizes `output`, the captured output of `command` that ended with `exit_code` (`None`:
/// unknown, or killed; only user filters gated on exit codes look at it); `None` when
/// nothing changed: minimizer off, not a single simple command, no filter for the program, output
/// short, over the capture bound, a filter that saved too little, failed or panicked.
pub(crate) fn minimize(
    command: &str,
    output: Captured,
    config: &MinimizerConfig,
    exit_code: Option<i32>,
) -> Option<Minimized> {
    // Taken, not borrowed: a rewrite hands the output back as its original, moved rather
    // than copied (a copy of the whole output was a hundredth of a 50 KB call).
    let taken = match output {
        Captured::Text(t) if config.enabled => t,
        _ => return None,
    };
    let original = &taken;
    // A character is at most four bytes: only a short text needs its characters counted.
    if original.len() < MIN_INPUT_CHARS
        || (original.len() < 4 * MIN_INPUT_CHARS && original.chars().count() < MIN_INPUT_CHARS)
    {
        return None;
    }
    let invocation = single_simple_command(command)?;
    if !config.allows(&invocation.program) {
        return None;
    }
    // Borrowed when there is nothing to strip or rewrite: the filters only read it.
    let mut clean = strip_ansi_borrowed(original);
    // The estimate of the output as printed, when colour codes were stripped or lines rewritten
    // in place were read as shown: the saving is counted from it (a reader is sent the codes
    // when nothing is rewritten).
    let stripped = matches!(clean, Cow::Owned(_));
    let mut printed_tokens = stripped.then(|| approx_tokens(original));
    if memchr::memchr(b'\r', clean.as_bytes()).is_some() {
        clean = clean.replace("\r\n", "\n").into();
        // A line rewritten in place (a progress bar's frames, a reporter's running line) is
        // read as the terminal shows it: its last state. A file's own `\r` stays.
        let shown = if filters::prints_file(&invocation.program) {
            Cow::Borrowed(clean.as_ref())
        } else {
            text::as_shown(&clean)
        };
        if let Cow::Owned(shown) = shown {
            printed_tokens = printed_tokens.or_else(|| Some(approx_tokens(&clean)));
            clean = shown.into();
        }
    }
    let rewrites = printed_tokens.is_some();
    let ctx = filters::Context {
        inv: &invocation,
        text: &clean,
        outline: config.outline,
    };
    // A filter is plain text processing; should one panic all the same, the output passes raw.
    let rewritten = catch_unwind(AssertUnwindSafe(|| {
        config
            .user_filter(command, &invocation, exit_code, &clean)
            .or_else(|| filters::run(&ctx))
            // No filter for the program: the lines rewritten in place are still said once, and
            // the colour codes go (`--color=always`, a reporter that colours a pipe).
            .or_else(|| {
                rewrites.then(|| {
                    let label = if stripped { "ansi" } else { "rewrites" };
                    (label.to_string(), format!("{}\n", clean.trim_end()))
                })
            })
    }))
    .ok()
    .flatten()?;
    let (filter, text) = rewritten;
    let before = printed_tokens.unwrap_or_else(|| approx_tokens(&clean));
    // A byte is at most one of `approx_tokens` (a line break; others half or less): a rewrite
    // whose bytes are that much fewer saves enough without its count.
    let saves = text.len() as f64 + MIN_SAVING_TOKENS <= before
        || approx_tokens(&text) + MIN_SAVING_TOKENS <= before;
    if !saves || crate::minimize::text::is_blank(&text) {
        return None;
    }
    // The readings of the output end here: it moves into the result.
    drop(clean);
    Some(Minimized {
        filter,
        output_bytes: text.len(),
        input_bytes: taken.len(),
        text,
        original_text: taken,
    })
}

#[cfg(test)]
mod shape_tests;
#[cfg(test)]
mod tests;
