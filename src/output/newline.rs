//! Streaming newline normalization: CRLF and lone CR become LF. A CR that ends a chunk is held until
//! the next chunk says whether an LF follows, so a CRLF split across two reads stays one newline.

use std::borrow::Cow;

/// Normalizes newlines in a stream of text chunks.
#[derive(Debug, Default)]
pub struct NewlineNormalizer {
    /// The previous chunk ended with a CR that has not been emitted yet.
    held_cr: bool,
}

impl NewlineNormalizer {
    pub fn new() -> Self {
        Self::default()
    }

    /// Normalizes one chunk; a trailing CR is held back.
    #[cfg(test)]
    pub fn push(&mut self, input: &str) -> String {
        self.normalize(input).into_owned()
    }

    /// Normalizes one chunk (a trailing CR is held back), borrowing `input` when it has no CR and
    /// nothing was held.
    pub fn normalize<'a>(&mut self, input: &'a str) -> Cow<'a, str> {
        if input.is_empty() {
            return Cow::Borrowed(input);
        }
        let mut bytes = input.as_bytes();
        let mut out = String::new();
        if self.held_cr {
            self.held_cr = false;
            out.reserve(input.len() + 1);
            out.push('\n');
            if bytes[0] == b'\n' {
                bytes = &bytes[1..];
            }
        }
        let Some(first_cr) = memchr::memchr(b'\r', bytes) else {
            if out.is_empty() {
                return Cow::Borrowed(input);
            }
            out.push_str(as_str(bytes));
            return Cow::Owned(out);
        };
        out.reserve(bytes.len());
        let mut start = 0;
        let mut cr = first_cr;
        loop {
            out.push_str(as_str(&bytes[start..cr]));
            match bytes.get(cr + 1) {
                None => {
                    self.held_cr = true;
                    break;
                }
                Some(b'\n') => start = cr + 2,
                Some(_) => start = cr + 1,
            }
            out.push('\n');
            match memchr::memchr(b'\r', &bytes[start..]) {
                Some(next) => cr = start + next,
                None => {
                    out.push_str(as_str(&bytes[start..]));
                    break;
                }
            }
        }
        Cow::Owned(out)
    }

    /// Ends the stream: a held CR is emitted as LF.
    pub fn finish(&mut self) -> &'static str {
        if std::mem::take(&mut self.held_cr) {
            "\n"
        } else {
            ""
        }
    }

    /// Whether a CR is held, waiting for the next chunk.
    #[cfg(test)]
    pub fn holds_cr(&self) -> bool {
        self.held_cr
    }
}

/// Every slice taken above starts and ends next to an ASCII CR or LF (or at the ends of a `&str`),
/// so it is valid UTF-8.
fn as_str(bytes: &[u8]) -> &str {
    // SAFETY: the slices come from a `&str` and are cut only next to ASCII bytes (`\r`, `\n`),
    // which are always char boundaries.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const CASES: &[(&str, &str)] = &[
        ("no newline", "no newline"),
        ("a\r\nb\r\n", "a\nb\n"),
        ("a\rb\rc", "a\nb\nc"),
        ("a\r\r\nb", "a\n\nb"),
        ("\r\n\r\n", "\n\n"),
        ("\r", "\n"),
        (
            "progress 10%\rprogress 100%\n",
            "progress 10%\nprogress 100%\n",
        ),
        ("ü\r\nß\rç", "ü\nß\nç"),
        ("a\n\rb", "a\n\nb"),
    ];

    fn run(chunks: &[&str]) -> String {
        let mut normalizer = NewlineNormalizer::new();
        let mut out: String = chunks.iter().map(|c| normalizer.push(c)).collect();
        out.push_str(normalizer.finish());
        out
    }

    #[test]
    fn normalizes_whole_inputs() {
        for (input, expected) in CASES {
            assert_eq!(run(&[input]), *expected, "{input:?}");
        }
    }

    #[test]
    fn normalizes_at_every_split() {
        for (input, expected) in CASES {
            for a in (0..=input.len()).filter(|&c| input.is_char_boundary(c)) {
                for b in (a..=input.len()).filter(|&c| input.is_char_boundary(c)) {
                    let got = run(&[&input[..a], &input[a..b], &input[b..]]);
                    assert_eq!(got, *expected, "{input:?} cut at {a},{b}");
                }
            }
        }
    }

    #[test]
    fn a_trailing_cr_waits_for_the_next_chunk() {
        let mut normalizer = NewlineNormalizer::new();
        assert_eq!(normalizer.push("a\r"), "a");
        assert!(normalizer.holds_cr());
        assert_eq!(normalizer.push(""), "");
        assert_eq!(normalizer.push("\nb"), "\nb");
        assert_eq!(normalizer.push("c\r"), "c");
        assert_eq!(normalizer.push("d"), "\nd");
        assert_eq!(normalizer.push("e\r"), "e");
        assert_eq!(normalizer.finish(), "\n");
        assert_eq!(normalizer.finish(), "");
    }

    #[test]
    fn text_without_cr_is_borrowed() {
        let mut normalizer = NewlineNormalizer::new();
        assert!(matches!(
            normalizer.normalize("a\nb\n"),
            Cow::Borrowed("a\nb\n")
        ));
    }
}
