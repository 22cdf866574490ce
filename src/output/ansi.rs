//! ANSI escape stripping, one-shot ([`strip_ansi`]) and streaming ([`AnsiStripper`]): removes what a
//! terminal would interpret rather than print (CSI, OSC, DCS/SOS/PM/APC strings, two-byte escapes,
//! C0 and C1 controls) and keeps every printable character, `\t`, `\n` and `\r`.

use std::borrow::Cow;

/// Longest escape sequence or control string followed before giving up on it, in bytes. A
/// terminal would wait for the terminator forever; an agent must not lose a command's whole output
/// to one stray `ESC ]` or `ESC P` (a binary file on stdout, a truncated write).
const MAX_SEQUENCE_BYTES: usize = 64 * 1024;

/// Bytes tested at once when looking for the next control: one SSE2 register.
const SCAN_BLOCK_BYTES: usize = 16;

const BEL: u8 = 0x07;
const CAN: u8 = 0x18;
const SUB: u8 = 0x1A;
const ESC: u8 = 0x1B;
const DEL: u8 = 0x7F;
/// Lead byte of U+0080..=U+00BF in UTF-8; the C1 controls are U+0080..=U+009F.
const C1_LEAD: u8 = 0xC2;
const C1_CSI: u8 = 0x9B;
const C1_ST: u8 = 0x9C;
const C1_OSC: u8 = 0x9D;

/// Removes ANSI escape sequences and control characters from `text`, keeping `\t`, `\n`, `\r`
/// and every printable character. An unterminated sequence at the end is dropped.
pub fn strip_ansi(text: &str) -> String {
    strip_ansi_borrowed(text).into_owned()
}

/// [`strip_ansi`] without the copy: `text` itself when it holds nothing to strip (most
/// outputs; the minimizer reads a long one without copying it).
pub fn strip_ansi_borrowed(text: &str) -> Cow<'_, str> {
    AnsiStripper::new().strip(text)
}

/// Where the parser stands between two characters; sequences may span chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Ground,
    /// After ESC.
    Escape,
    /// After ESC and intermediates (0x20..=0x2F), as in `ESC ( B`, waiting for the final byte.
    EscapeIntermediate,
    /// After `ESC [` or U+009B, until a final byte (0x40..=0x7E).
    Csi,
    /// Inside an OSC, DCS, SOS, PM or APC string, until ST (`ESC \` or U+009C).
    ControlString(StringKind),
    /// ESC inside a control string: `\` ends the string, anything else starts a new escape.
    ControlStringEscape(StringKind),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StringKind {
    /// OSC also ends at BEL, as xterm accepts (titles, hyperlinks).
    Osc,
    /// DCS, SOS, PM, APC: ST only.
    Other,
}

/// One character as the parser sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Ascii(u8),
    /// A C1 control U+0080..=U+009F, given by its code (0x80..=0x9F).
    C1(u8),
    /// Any other character (non-ASCII, printable).
    Other,
}

/// What a step did with the unit it was given.
enum Step {
    Consumed,
    /// The state changed and the same unit must be looked at again in the new state.
    Reprocess,
}

/// Strips escape sequences from a stream of text chunks; a sequence split across chunks is
/// recognised as a whole.
#[derive(Debug)]
pub struct AnsiStripper {
    state: State,
    /// Bytes consumed by the sequence in progress, for [`MAX_SEQUENCE_BYTES`].
    sequence_bytes: usize,
}

impl Default for AnsiStripper {
    fn default() -> Self {
        Self::new()
    }
}

impl AnsiStripper {
    pub fn new() -> Self {
        Self {
            state: State::Ground,
            sequence_bytes: 0,
        }
    }

    /// Strips one chunk and returns its printable text.
    #[cfg(test)]
    pub fn push(&mut self, input: &str) -> String {
        self.strip(input).into_owned()
    }

    /// Strips one chunk, borrowing `input` when it holds nothing to strip (the common case).
    pub fn strip<'a>(&mut self, input: &'a str) -> Cow<'a, str> {
        if self.state == State::Ground && next_control(input.as_bytes(), 0).is_none() {
            return Cow::Borrowed(input);
        }
        let mut out = String::with_capacity(input.len());
        self.strip_into(input, &mut out);
        Cow::Owned(out)
    }

    /// Ends the stream; an unterminated sequence is dropped (it never prints anything).
    pub fn finish(&mut self) {
        self.state = State::Ground;
        self.sequence_bytes = 0;
    }

    /// Whether a sequence is in progress (its end has not been seen yet).
    #[cfg(test)]
    pub fn in_sequence(&self) -> bool {
        self.state != State::Ground
    }

    /// Appends the printable text of `input` to `out`.
    pub fn strip_into(&mut self, input: &str, out: &mut String) {
        let bytes = input.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if self.state == State::Ground {
                let Some(at) = next_control(bytes, i) else {
                    out.push_str(&input[i..]);
                    return;
                };
                // `at` is a control's first byte (ASCII or the C1 lead byte): a char boundary.
                out.push_str(&input[i..at]);
                let (unit, width) = unit_at(bytes, at);
                self.enter(unit);
                i = at + width;
                continue;
            }
            if self.state == State::Csi {
                // Fast path for the commonest sequence (SGR colours): parameter and intermediate
                // bytes, then the final byte; anything else goes through `step`.
                let params = bytes[i..]
                    .iter()
                    .take_while(|b| (0x20..=0x3F).contains(*b))
                    .count();
                i += params;
                self.sequence_bytes += params;
                if let Some(0x40..=0x7E) = bytes.get(i) {
                    i += 1;
                    self.state = State::Ground;
                    continue;
                }
                if self.sequence_bytes > MAX_SEQUENCE_BYTES {
                    self.state = State::Ground;
                    continue;
                }
                if i == bytes.len() {
                    break; // the sequence goes on in the next chunk
                }
            }
            let (unit, width) = unit_at(bytes, i);
            match self.step(unit, bytes[i], out) {
                Step::Consumed => {
                    i += width;
                    self.sequence_bytes += width;
                    if self.sequence_bytes > MAX_SEQUENCE_BYTES {
                        self.state = State::Ground;
                    }
                }
                Step::Reprocess => {}
            }
        }
    }

    /// A control met in the ground state: starts a sequence or is dropped.
    fn enter(&mut self, unit: Unit) {
        self.sequence_bytes = 0;
        self.state = match unit {
            Unit::Ascii(ESC) => State::Escape,
            Unit::C1(C1_CSI) => State::Csi,
            Unit::C1(C1_OSC) => State::ControlString(StringKind::Osc),
            Unit::C1(0x90 | 0x98 | 0x9E | 0x9F) => State::ControlString(StringKind::Other),
            _ => State::Ground,
        };
    }

    /// One unit inside a sequence. `byte` is the unit's first byte.
    fn step(&mut self, unit: Unit, byte: u8, out: &mut String) -> Step {
        match (self.state, unit) {
            (State::ControlString(kind), _) => {
                match unit {
                    Unit::Ascii(ESC) => self.state = State::ControlStringEscape(kind),
                    Unit::Ascii(BEL) if kind == StringKind::Osc => self.state = State::Ground,
                    Unit::Ascii(CAN | SUB) | Unit::C1(C1_ST) => self.state = State::Ground,
                    _ => {} // payload
                }
                Step::Consumed
            }
            (State::ControlStringEscape(_), Unit::Ascii(b'\\')) => {
                self.state = State::Ground;
                Step::Consumed
            }
            (State::ControlStringEscape(_), _) => {
                // The ESC ended the string and begins a new escape sequence.
                self.state = State::Escape;
                self.sequence_bytes = 1;
                Step::Reprocess
            }
            (State::Escape, Unit::Ascii(b)) if (0x20..=0x7E).contains(&b) => {
                self.state = match b {
                    b'[' => State::Csi,
                    b']' => State::ControlString(StringKind::Osc),
                    b'P' | b'X' | b'^' | b'_' => State::ControlString(StringKind::Other),
                    0x20..=0x2F => State::EscapeIntermediate,
                    _ => State::Ground, // a two-byte sequence such as `ESC 7` or `ESC =`
                };
                Step::Consumed
            }
            (State::EscapeIntermediate, Unit::Ascii(b)) if (0x20..=0x7E).contains(&b) => {
                if b >= 0x30 {
                    self.state = State::Ground;
                }
                Step::Consumed
            }
            (State::Csi, Unit::Ascii(b)) if (0x20..=0x7E).contains(&b) => {
                if b >= 0x40 {
                    self.state = State::Ground;
                }
                Step::Consumed
            }
            (_, Unit::Ascii(ESC)) => {
                self.state = State::Escape;
                self.sequence_bytes = 0;
                Step::Consumed
            }
            (_, Unit::Ascii(CAN | SUB)) => {
                self.state = State::Ground;
                Step::Consumed
            }
            (_, Unit::Ascii(b'\t' | b'\n' | b'\r')) => {
                // A terminal executes C0 controls met inside a sequence; these three are text.
                out.push(byte as char);
                Step::Consumed
            }
            (_, Unit::Ascii(_)) => Step::Consumed, // other C0 controls and DEL: executed, invisible
            (_, Unit::C1(_) | Unit::Other) => {
                // A C1 control starts over; a printable character cannot be part of the sequence,
                // which is abandoned so that the character prints.
                self.state = State::Ground;
                if let Unit::C1(_) = unit {
                    self.enter(unit);
                    Step::Consumed
                } else {
                    Step::Reprocess
                }
            }
        }
    }
}

/// The unit starting at `bytes[i]` and its width in bytes. `i` is a char boundary.
fn unit_at(bytes: &[u8], i: usize) -> (Unit, usize) {
    let b = bytes[i];
    if b < 0x80 {
        return (Unit::Ascii(b), 1);
    }
    if b == C1_LEAD {
        if let Some(&second) = bytes.get(i + 1) {
            if (0x80..=0x9F).contains(&second) {
                return (Unit::C1(second), 2);
            }
        }
    }
    let width = match b {
        0xF0.. => 4,
        0xE0.. => 3,
        _ => 2,
    };
    (Unit::Other, width)
}

/// A byte that may start a control: C0 but `\t` `\n` `\r`, DEL, and the lead byte of U+0080..=U+00BF
/// (only U+0080..=U+009F are controls; [`next_control`] tells them apart).
#[inline(always)]
fn is_candidate(b: u8) -> bool {
    (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r') || b == DEL || b == C1_LEAD
}

/// Position of the next control at or after `from`, in the ground state.
fn next_control(bytes: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let at = next_candidate(bytes, from)?;
        if bytes[at] != C1_LEAD || matches!(bytes.get(at + 1), Some(0x80..=0x9F)) {
            return Some(at);
        }
        from = at + 2; // U+00A0..=U+00BF, printable
    }
}

/// Position of the next [`is_candidate`] byte, testing [`SCAN_BLOCK_BYTES`] bytes at a time.
fn next_candidate(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(block) = bytes.get(i..i + SCAN_BLOCK_BYTES) {
        let mask = candidate_mask(block.try_into().unwrap_or(&[0; SCAN_BLOCK_BYTES]));
        if mask != 0 {
            return Some(i + mask.trailing_zeros() as usize);
        }
        i += SCAN_BLOCK_BYTES;
    }
    bytes[i..]
        .iter()
        .position(|&b| is_candidate(b))
        .map(|p| i + p)
}

/// Bit k of the result is set when `block[k]` is a candidate.
#[inline(always)]
fn candidate_mask(block: &[u8; SCAN_BLOCK_BYTES]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    return sse2_candidate_mask(block);
    #[cfg(not(target_arch = "x86_64"))]
    return portable_candidate_mask(block);
}

/// [`candidate_mask`] in SSE2, which every x86_64 CPU has: a dozen instructions per 16 bytes.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn sse2_candidate_mask(block: &[u8; SCAN_BLOCK_BYTES]) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics are always available; the
    // unaligned load reads exactly the 16 bytes of `block`.
    unsafe {
        let v = _mm_loadu_si128(block.as_ptr().cast());
        let splat = |b: u8| _mm_set1_epi8(b as i8);
        let equals = |b: u8| _mm_cmpeq_epi8(v, splat(b));
        let below_space = _mm_cmpeq_epi8(_mm_min_epu8(v, splat(0x1F)), v);
        let text_controls = _mm_or_si128(_mm_or_si128(equals(b'\t'), equals(b'\n')), equals(b'\r'));
        let controls = _mm_andnot_si128(text_controls, below_space);
        let others = _mm_or_si128(equals(DEL), equals(C1_LEAD));
        _mm_movemask_epi8(_mm_or_si128(controls, others)) as u32
    }
}

/// [`candidate_mask`] in plain Rust: two 8-byte words tested at once by [`candidate_bits`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn portable_candidate_mask(block: &[u8; SCAN_BLOCK_BYTES]) -> u32 {
    let mut mask = 0;
    for (n, word) in block.chunks_exact(8).enumerate() {
        let bits = candidate_bits(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        for k in 0..8 {
            mask |= (((bits >> (8 * k + 7)) & 1) as u32) << (n * 8 + k);
        }
    }
    mask
}

/// [`is_candidate`] for the 8 bytes of a little-endian word at once: the high bit of each byte of
/// the result is set when that byte is a candidate. Exact (no false positives across bytes),
/// because no step carries out of a byte.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn candidate_bits(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const fn splat(b: u8) -> u64 {
        u64::from_ne_bytes([b; 8])
    }
    let is_zero = |x: u64| !(((x & LOW7) + LOW7) | x) & HIGH;
    let equals = |b: u8| is_zero(word ^ splat(b));
    let below_space = !((((word & LOW7) + splat(0x60)) | word) & HIGH) & HIGH;
    let text_controls = equals(b'\t') | equals(b'\n') | equals(b'\r');
    (below_space & !text_controls) | equals(DEL) | equals(C1_LEAD)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const CASES: &[(&str, &str, &str)] = &[
        ("plain text", "hello wörld ✓ 日本", "hello wörld ✓ 日本"),
        ("keeps tab newline and CR", "a\tb\r\nc\rd", "a\tb\r\nc\rd"),
        (
            "SGR colours",
            "\x1b[1;31mred\x1b[0m plain \x1b[38;2;255;0;0mrgb\x1b[m",
            "red plain rgb",
        ),
        (
            "cursor movement and erase",
            "a\x1b[2K\x1b[1A\x1b[10;20Hb\x1b[?25l\x1b[Jc",
            "abc",
        ),
        ("OSC title ended by BEL", "\x1b]0;my title\x07text", "text"),
        (
            "OSC hyperlink ended by ST",
            "\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\ after",
            "link after",
        ),
        (
            "DCS SOS PM APC",
            "a\x1bPq#0;1\x1b\\b\x1bXsos\x1b\\c\x1b^pm\x1b\\d\x1b_apc\x1b\\e",
            "abcde",
        ),
        ("BEL does not end a DCS", "\x1bPpay\x07load\x1b\\x", "x"),
        (
            "two-byte escapes",
            "\x1b7saved\x1b8\x1bMup\x1b=\x1bc",
            "savedup",
        ),
        ("charset selection", "\x1b(Bascii\x1b)0\x1b#8", "ascii"),
        ("C0 controls", "a\x00b\x07c\x08d\x0be\x0cf\x7fg", "abcdefg"),
        (
            "C1 controls",
            "a\u{9b}31mb\u{9d}0;t\u{9c}c\u{85}d\u{90}x\u{9c}e",
            "abcde",
        ),
        (
            "latin-1 letters next to C1",
            "café ©°\u{a0}",
            "café ©°\u{a0}",
        ),
        ("CAN aborts a sequence", "\x1b[12\x18text", "text"),
        ("ESC restarts a sequence", "\x1b[1\x1b[2mtext", "text"),
        (
            "ESC inside OSC starts a new escape",
            "\x1b]0;t\x1b[1mx",
            "x",
        ),
        ("newline inside CSI survives", "\x1b[1\n2mx", "\nx"),
        ("non-ASCII aborts an escape", "\x1b€uro", "€uro"),
        ("unterminated at the end", "text\x1b[1;3", "text"),
        ("lone ESC at the end", "text\x1b", "text"),
        ("backspace removed", "a\x08_b", "a_b"),
    ];

    #[test]
    fn strips_every_kind_of_sequence() {
        for (name, input, expected) in CASES {
            assert_eq!(strip_ansi(input), *expected, "{name}");
        }
    }

    #[test]
    fn a_sequence_split_across_chunks_is_stripped() {
        for (name, input, expected) in CASES {
            for cut in (0..=input.len()).filter(|&c| input.is_char_boundary(c)) {
                let mut stripper = AnsiStripper::new();
                let joined = stripper.push(&input[..cut]) + &stripper.push(&input[cut..]);
                assert_eq!(joined, *expected, "{name} cut at {cut}");
            }
        }
    }

    #[test]
    fn one_character_at_a_time() {
        for (name, input, expected) in CASES {
            let mut stripper = AnsiStripper::new();
            let mut buf = [0u8; 4];
            let joined: String = input
                .chars()
                .map(|c| stripper.push(c.encode_utf8(&mut buf)))
                .collect();
            assert_eq!(joined, *expected, "{name}");
        }
    }

    #[test]
    fn block_tests_agree_with_the_byte_test() {
        for b in 0..=255u8 {
            for lane in 0..SCAN_BLOCK_BYTES {
                let mut block = [b'a'; SCAN_BLOCK_BYTES];
                block[lane] = b;
                let expected = if is_candidate(b) { 1u32 << lane } else { 0 };
                assert_eq!(
                    candidate_mask(&block),
                    expected,
                    "byte {b:#x} in lane {lane}"
                );
                assert_eq!(
                    portable_candidate_mask(&block),
                    expected,
                    "portable: byte {b:#x} in lane {lane}"
                );
            }
        }
        let text = "0123456789abcdefghijklmnopqrstuvwxyz0123456789\x1b";
        for from in 0..text.len() {
            assert_eq!(
                next_candidate(text.as_bytes(), from),
                Some(text.len() - 1),
                "from {from}"
            );
        }
    }

    #[test]
    fn clean_text_is_borrowed() {
        let mut stripper = AnsiStripper::new();
        let text = "y\n".repeat(100) + "© end";
        assert!(matches!(stripper.strip(&text), Cow::Borrowed(_)));
        assert!(matches!(stripper.strip("\x1b[1mx"), Cow::Owned(ref s) if s == "x"));
        assert!(!stripper.in_sequence());
        stripper.push("\x1b]0;never ended");
        assert!(stripper.in_sequence());
        stripper.finish();
        assert!(!stripper.in_sequence());
    }

    #[test]
    fn an_unterminated_string_does_not_swallow_everything() {
        let payload = "p".repeat(MAX_SEQUENCE_BYTES);
        let input = format!("a\x1b]0;{payload}tail");
        let out = strip_ansi(&input);
        assert!(
            out.starts_with('a') && out.ends_with("tail"),
            "{}",
            &out[out.len().saturating_sub(20)..]
        );
        assert!(out.len() < 10, "kept {} bytes", out.len());
    }
}
