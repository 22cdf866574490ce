//! Streaming UTF-8 decoding: bytes from successive pipe reads become text without ever splitting a
//! character across two outputs. Invalid bytes become U+FFFD under the same policy as
//! `String::from_utf8_lossy` (one replacement per maximal invalid subpart, as WHATWG specifies).

use std::borrow::Cow;

/// The longest UTF-8 encoding of one character, in bytes.
const MAX_CHAR_BYTES: usize = 4;

/// Decodes a byte stream chunk by chunk. At most 3 bytes (an incomplete character at the end of a
/// chunk) are held between calls.
#[derive(Debug, Default)]
pub struct Utf8Decoder {
    /// The incomplete character that ended the previous chunk: a valid prefix, 0..=3 bytes.
    pending: [u8; MAX_CHAR_BYTES],
    pending_len: usize,
}

impl Utf8Decoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Decodes `input`, returning every complete character it ends. An incomplete character at the
    /// end is held for the next call.
    pub fn push(&mut self, input: &[u8]) -> String {
        self.decode(input).into_owned()
    }

    /// As [`Self::push`], but borrows from `input` when nothing was held and the chunk needs no
    /// repair, which is the common case on a pipe: no copy at all.
    pub fn decode<'a>(&mut self, input: &'a [u8]) -> Cow<'a, str> {
        let mut rest = input;
        let mut out = String::new();
        if self.pending_len > 0 {
            rest = self.complete_pending(rest, &mut out);
            if self.pending_len > 0 {
                // `rest` was too short to decide: it all went into `pending`.
                return Cow::Owned(out);
            }
        }
        if out.is_empty() {
            // Fast path: a valid chunk, possibly ending in an incomplete character, is borrowed.
            match std::str::from_utf8(rest) {
                Ok(text) => return Cow::Borrowed(text),
                Err(e) if e.error_len().is_none() => {
                    let (valid, tail) = rest.split_at(e.valid_up_to());
                    self.hold(tail);
                    return Cow::Borrowed(valid_prefix(valid));
                }
                Err(_) => {}
            }
        }
        out.reserve(rest.len());
        self.decode_into(rest, &mut out);
        Cow::Owned(out)
    }

    /// Ends the stream: a held incomplete character becomes one U+FFFD, as `from_utf8_lossy` does
    /// for a truncated sequence at the end of its input.
    pub fn finish(&mut self) -> String {
        if self.pending_len == 0 {
            return String::new();
        }
        self.pending_len = 0;
        char::REPLACEMENT_CHARACTER.to_string()
    }

    /// Bytes held for the next call (an incomplete character), for tests and accounting.
    #[cfg(test)]
    pub fn pending_len(&self) -> usize {
        self.pending_len
    }

    /// Decodes `input` (with nothing pending) into `out`, holding an incomplete tail.
    fn decode_into(&mut self, mut input: &[u8], out: &mut String) {
        loop {
            match std::str::from_utf8(input) {
                Ok(text) => {
                    out.push_str(text);
                    return;
                }
                Err(e) => {
                    let (valid, after) = input.split_at(e.valid_up_to());
                    out.push_str(valid_prefix(valid));
                    match e.error_len() {
                        Some(bad) => {
                            out.push(char::REPLACEMENT_CHARACTER);
                            input = &after[bad..];
                        }
                        None => {
                            self.hold(after);
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Completes the held character with the first bytes of `input`; returns what is left of it.
    fn complete_pending<'a>(&mut self, input: &'a [u8], out: &mut String) -> &'a [u8] {
        let held = self.pending_len;
        let take = input.len().min(MAX_CHAR_BYTES - held);
        let mut buf = self.pending;
        buf[held..held + take].copy_from_slice(&input[..take]);
        let candidate = &buf[..held + take];
        let consumed = match std::str::from_utf8(candidate) {
            // A held prefix is never a whole character, so success means it completed with bytes
            // from `input`; the first character is the one we held.
            Ok(text) => first_char_into(text, out),
            Err(e) if e.valid_up_to() > 0 => {
                first_char_into(valid_prefix(&candidate[..e.valid_up_to()]), out)
            }
            Err(e) => match e.error_len() {
                Some(bad) => {
                    out.push(char::REPLACEMENT_CHARACTER);
                    bad
                }
                None => {
                    // Still incomplete: `input` was shorter than the missing bytes.
                    self.pending = buf;
                    self.pending_len = held + take;
                    return &input[take..];
                }
            },
        };
        self.pending_len = 0;
        // `consumed` counts from the start of the held bytes; only the part past them is `input`'s.
        &input[consumed.saturating_sub(held)..]
    }

    fn hold(&mut self, tail: &[u8]) {
        debug_assert!(
            tail.len() < MAX_CHAR_BYTES,
            "from_utf8 reports at most 3 incomplete bytes"
        );
        self.pending[..tail.len()].copy_from_slice(tail);
        self.pending_len = tail.len();
    }
}

/// Pushes the first character of `text` and returns its length in bytes.
fn first_char_into(text: &str, out: &mut String) -> usize {
    match text.chars().next() {
        Some(c) => {
            out.push(c);
            c.len_utf8()
        }
        None => 0,
    }
}

/// Views as text a prefix that `from_utf8` has just reported valid (`..e.valid_up_to()`), without a
/// second validation pass: chunks that end inside a character are common on a pipe.
fn valid_prefix(bytes: &[u8]) -> &str {
    // SAFETY: every caller passes `&input[..e.valid_up_to()]` of a `Utf8Error` from `from_utf8`,
    // which guarantees those bytes are valid UTF-8.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// Units (UTF-16 units or UTF-8 bytes) checked at a time for a run of ASCII: a block is read
/// with one OR of its units (the loop vectorizes), and a run is copied in one step.
const ASCII_BLOCK_UNITS: usize = 16;

/// Where the run of ASCII that starts at `from` ends in `units` (UTF-16 units or UTF-8 bytes):
/// whole blocks first, then unit by unit up to the next unit that is not ASCII.
fn ascii_run_end<T>(units: &[T], from: usize) -> usize
where
    T: Copy + Default + PartialOrd + From<u8> + std::ops::BitOr<Output = T>,
{
    let ascii_end = T::from(0x80);
    let mut i = from;
    while let Some(block) = units.get(i..i + ASCII_BLOCK_UNITS) {
        if block.iter().fold(T::default(), |acc, &u| acc | u) >= ascii_end {
            break;
        }
        i += ASCII_BLOCK_UNITS;
    }
    while units.get(i).is_some_and(|&u| u < ascii_end) {
        i += 1;
    }
    i
}

/// UTF-16 text (a JS string as V8 holds it) as UTF-8, a lone surrogate as U+FFFD, as V8's own
/// UTF-8 writer makes it. Read here, not by V8: its writer walks a string holding any character
/// past Latin-1 twice (once for the length, once to write), a tenth of a 50 KB `minimizeOutput`.
pub(crate) fn utf8_from_utf16(units: &[u16]) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(units.len() + units.len() / 4);
    let mut i = 0;
    while i < units.len() {
        let run = i;
        i = ascii_run_end(units, i);
        out.extend(units[run..i].iter().map(|&u| u as u8));
        if i == units.len() {
            break;
        }
        // One character past ASCII: a surrogate pair, or a lone surrogate as U+FFFD.
        let unit = u32::from(units[i]);
        let (scalar, used) = match (unit, units.get(i + 1).map(|&u| u32::from(u))) {
            (0xD800..=0xDBFF, Some(low @ 0xDC00..=0xDFFF)) => {
                (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 2)
            }
            (0xD800..=0xDFFF, _) => (0xFFFD, 1),
            _ => (unit, 1),
        };
        // UTF-8 written by hand: the standard library's decode and encode cost about thirty
        // instructions a character, which text drawn with box characters is made of.
        match scalar {
            0x80..=0x7FF => {
                out.extend_from_slice(&[0xC0 | (scalar >> 6) as u8, 0x80 | (scalar & 0x3F) as u8])
            }
            0x800..=0xFFFF => out.extend_from_slice(&[
                0xE0 | (scalar >> 12) as u8,
                0x80 | ((scalar >> 6) & 0x3F) as u8,
                0x80 | (scalar & 0x3F) as u8,
            ]),
            _ => out.extend_from_slice(&[
                0xF0 | (scalar >> 18) as u8,
                0x80 | ((scalar >> 12) & 0x3F) as u8,
                0x80 | ((scalar >> 6) & 0x3F) as u8,
                0x80 | (scalar & 0x3F) as u8,
            ]),
        }
        i += used;
    }
    debug_assert!(std::str::from_utf8(&out).is_ok());
    // SAFETY: `out` holds ASCII bytes and the UTF-8 of scalar values only (a surrogate is never
    // encoded: a pair is one scalar past U+FFFF, a lone one U+FFFD), so it is valid UTF-8.
    unsafe { String::from_utf8_unchecked(out) }
}

/// UTF-8 text as UTF-16, for a JS string made from it: V8's own UTF-8 reader walks a text
/// holding any character past ASCII twice (to size it, then to decode it), a tenth of a 50 KB
/// `minimizeOutput` whose rewrite holds box drawings or quotes. Runs of ASCII found by
/// [`ascii_run_end`].
pub(crate) fn utf16_from_utf8(text: &str) -> Vec<u16> {
    let bytes = text.as_bytes();
    let mut out: Vec<u16> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let run = i;
        i = ascii_run_end(bytes, i);
        out.extend(bytes[run..i].iter().map(|&b| u16::from(b)));
        // `i` is at a character's start: past a run of ASCII, or past a whole character.
        let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
            break;
        };
        let mut buf = [0u16; 2];
        out.extend_from_slice(c.encode_utf16(&mut buf));
        i += c.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// Decodes `input` cut at every position in `cuts` and returns the outputs.
    fn decode_split(input: &[u8], cuts: &[usize]) -> Vec<String> {
        let mut decoder = Utf8Decoder::new();
        let mut outputs = Vec::new();
        let mut start = 0;
        for &cut in cuts.iter().chain(std::iter::once(&input.len())) {
            outputs.push(decoder.push(&input[start..cut]));
            start = cut;
        }
        outputs.push(decoder.finish());
        outputs
    }

    #[test]
    fn matches_from_utf8_lossy_at_every_split() {
        let cases: &[&[u8]] = &[
            "héllo wörld €uro 𝄞 end".as_bytes(),
            b"abc\xffdef",
            b"\xe2\x82",                 // truncated 3-byte char at the end
            b"a\xe2\x82b",               // truncated char followed by ASCII
            b"\xf0\x9f\x98\x80\xf0\x9f", // emoji then truncated emoji
            b"\xed\xa0\x80",             // surrogate: three replacements
            b"\xf4\x90\x80\x80",         // above U+10FFFF
            b"\xc0\xaf",                 // overlong
            b"\xe0\x80\xaf",             // overlong 3-byte
            b"\x80\x80\xc2",             // stray continuations
            b"\xf0\x9f\x98",             // truncated 4-byte only
            b"\xe2\x28\xa1",             // invalid second byte
        ];
        for input in cases {
            let expected = String::from_utf8_lossy(input).into_owned();
            for a in 0..=input.len() {
                for b in a..=input.len() {
                    let outputs = decode_split(input, &[a, b]);
                    assert_eq!(outputs.concat(), expected, "input {input:?} cut at {a},{b}");
                }
            }
        }
    }

    #[test]
    fn a_split_character_is_never_split_across_outputs() {
        let euro = "€".as_bytes();
        assert_eq!(decode_split(euro, &[1, 2]), vec!["", "", "€", ""]);
        assert_eq!(decode_split("a😀b".as_bytes(), &[2]), vec!["a", "😀b", ""]);
    }

    #[test]
    fn finish_flushes_an_incomplete_tail_as_one_replacement() {
        let mut decoder = Utf8Decoder::new();
        assert_eq!(decoder.push(b"ok\xf0\x9f\x98"), "ok");
        assert_eq!(decoder.pending_len(), 3);
        assert_eq!(decoder.finish(), "\u{FFFD}");
        assert_eq!(decoder.finish(), "");
    }

    #[test]
    fn valid_chunks_are_borrowed() {
        let mut decoder = Utf8Decoder::new();
        assert!(matches!(
            decoder.decode(b"plain ascii\n"),
            Cow::Borrowed("plain ascii\n")
        ));
        assert!(matches!(
            decoder.decode(b"cut \xe2\x82"),
            Cow::Borrowed("cut ")
        ));
        assert!(matches!(decoder.decode(b"\xac"), Cow::Owned(ref s) if s == "€"));
    }

    #[test]
    fn utf16_is_read_as_utf8_with_lone_surrogates_replaced() {
        for text in [
            "",
            "plain ascii",
            "├── a@1.0.0\n│ └── b",
            "é€😀 and 😀😀 past a block of sixteen ascii units é",
        ] {
            let units: Vec<u16> = text.encode_utf16().collect();
            assert_eq!(utf8_from_utf16(&units), text);
        }
        let lone = [0x61, 0xd800, 0x62, 0xdc00, 0xd83d];
        assert_eq!(utf8_from_utf16(&lone), "a\u{fffd}b\u{fffd}\u{fffd}");
        assert_eq!(utf8_from_utf16(&lone), String::from_utf16_lossy(&lone));
        // Every unit alone and after an ASCII letter, and every high surrogate before a sample of
        // units (the edges of each encoded length among them), as the standard library reads them.
        for unit in 0..=u16::MAX {
            for units in [vec![unit], vec![0x61, unit, 0x62]] {
                assert_eq!(utf8_from_utf16(&units), String::from_utf16_lossy(&units));
            }
        }
        for high in 0xD800..=0xDBFF {
            for next in [
                0x41, 0x7FF, 0x800, 0xD7FF, 0xDBFF, 0xDC00, 0xDE00, 0xDFFF, 0xE000, 0xFFFF,
            ] {
                let units = [high, next, 0xDC01];
                assert_eq!(utf8_from_utf16(&units), String::from_utf16_lossy(&units));
            }
        }
    }

    #[test]
    fn utf8_is_written_as_utf16() {
        for text in [
            "",
            "plain ascii",
            "├── a@1.0.0\n│ └── b",
            "é€😀 and 😀😀 past a block of sixteen ascii units é",
        ] {
            let units: Vec<u16> = text.encode_utf16().collect();
            assert_eq!(utf16_from_utf8(text), units);
        }
    }
}
