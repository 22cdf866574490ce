//! The whole path of a command's output: bytes → UTF-8 text → ANSI stripping → newline
//! normalization → sink. Built for the process reader thread: each stage borrows its input when it
//! has nothing to change, so clean ASCII costs a validation, two vectorised scans and one copy.

use std::borrow::Cow;

use crate::error::Result;

use super::ansi::AnsiStripper;
use super::newline::NewlineNormalizer;
use super::options::OutputOptions;
use super::sink::{OutputSink, OutputSummary};
use super::utf8::Utf8Decoder;

/// Decoder, optional stripper, optional normalizer and sink, in that order.
#[derive(Debug)]
pub struct OutputPipeline {
    decoder: Utf8Decoder,
    stripper: Option<AnsiStripper>,
    normalizer: Option<NewlineNormalizer>,
    sink: OutputSink,
    /// [`Self::end`] was called: pushes are ignored.
    ended: bool,
}

impl OutputPipeline {
    /// A pipeline for `options` (validated here).
    pub fn new(options: &OutputOptions) -> Result<Self> {
        Ok(Self {
            decoder: Utf8Decoder::new(),
            stripper: options.strip_ansi.then(AnsiStripper::new),
            normalizer: options.normalize_newlines.then(NewlineNormalizer::new),
            sink: OutputSink::new(options)?,
            ended: false,
        })
    }

    /// Feeds one read of raw output (stdout and stderr alike). Returns the processed text of the
    /// chunk (decoded, stripped, normalized; not line-capped), which the sink has already taken:
    /// forward it to the caller's callback. May be empty (a held partial character or CR).
    pub fn push_bytes(&mut self, bytes: &[u8]) -> String {
        if self.ended {
            return String::new();
        }
        let decoded = self.decoder.decode(bytes);
        self.process(&decoded).into_owned()
    }

    /// As [`Self::push_bytes`], for text that is already decoded (the JS `OutputSink.push`).
    /// Borrows `text` when no stage changed it.
    pub fn push_str<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        if self.ended {
            return Cow::Borrowed("");
        }
        self.process(text)
    }

    /// Resolves what the stages hold back as if the output ended here: an incomplete character
    /// becomes U+FFFD, a held CR becomes LF, an unterminated escape sequence is dropped. Returns
    /// the text this released (already in the sink). Later pushes start from a clean state.
    pub fn flush(&mut self) -> String {
        let tail = self.decoder.finish();
        let mut released = self.process(&tail).into_owned();
        if let Some(stripper) = &mut self.stripper {
            stripper.finish();
        }
        if let Some(normalizer) = &mut self.normalizer {
            let newline = normalizer.finish();
            self.sink.push(newline);
            released.push_str(newline);
        }
        released
    }

    /// The summary of everything pushed so far, after a [`Self::flush`] (whose text is dropped:
    /// call `flush` first to forward it). The pipeline keeps accepting output.
    pub fn summary(&mut self, notice: Option<&str>) -> OutputSummary {
        if !self.ended {
            self.flush();
        }
        self.sink.summary(notice)
    }

    /// Ends the output as the anchor's `dump()` does: held state is flushed, the artifact is
    /// completed and closed, and later pushes are ignored. [`Self::summary`] still answers.
    pub fn end(&mut self) {
        if !self.ended {
            self.flush();
            self.sink.end();
            self.ended = true;
        }
    }

    /// The final summary: [`Self::end`], then [`Self::summary`].
    pub fn finish(mut self, notice: Option<&str>) -> OutputSummary {
        self.end();
        self.sink.summary(notice)
    }

    fn process<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        let stripped = match &mut self.stripper {
            Some(stripper) => stripper.strip(text),
            None => Cow::Borrowed(text),
        };
        let normalized = match (&mut self.normalizer, stripped) {
            (None, stripped) => stripped,
            (Some(normalizer), Cow::Borrowed(text)) => normalizer.normalize(text),
            (Some(normalizer), Cow::Owned(text)) => {
                let changed = match normalizer.normalize(&text) {
                    Cow::Owned(changed) => Some(changed),
                    Cow::Borrowed(_) => None,
                };
                Cow::Owned(changed.unwrap_or(text))
            }
        };
        self.sink.push(&normalized);
        normalized
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// Raw output with a split character, a split escape sequence and a split CRLF.
    const RAW: &[u8] =
        b"\x1b[32mgr\xc3\xbcn\x1b[0m ok\r\nprogress 50%\rprogress 100%\r\n\xe2\x82\xac end\xff\n";
    const TEXT: &str = "grün ok\nprogress 50%\nprogress 100%\n€ end\u{FFFD}\n";

    fn run(options: &OutputOptions, chunks: &[&[u8]]) -> (String, OutputSummary) {
        let mut pipeline = OutputPipeline::new(options).expect("valid options");
        let mut streamed: String = chunks.iter().map(|c| pipeline.push_bytes(c)).collect();
        streamed.push_str(&pipeline.flush());
        (streamed, pipeline.finish(None))
    }

    #[test]
    fn every_split_gives_the_same_text() {
        for a in 0..=RAW.len() {
            for b in a..=RAW.len() {
                let (streamed, summary) = run(
                    &OutputOptions::default(),
                    &[&RAW[..a], &RAW[a..b], &RAW[b..]],
                );
                assert_eq!(streamed, TEXT, "cut at {a},{b}");
                assert_eq!(summary.output, TEXT, "cut at {a},{b}");
                assert_eq!(summary.total_lines, 5); // the anchor counts newlines + 1
            }
        }
    }

    #[test]
    fn stages_can_be_turned_off() {
        let raw_only = OutputOptions {
            strip_ansi: false,
            normalize_newlines: false,
            ..Default::default()
        };
        let (streamed, _) = run(&raw_only, &[RAW]);
        assert_eq!(streamed, String::from_utf8_lossy(RAW));
        let keep_cr = OutputOptions {
            normalize_newlines: false,
            ..Default::default()
        };
        let (streamed, _) = run(&keep_cr, &[b"\x1b[1ma\r\nb\rc"]);
        assert_eq!(streamed, "a\r\nb\rc");
    }

    #[test]
    fn a_pipeline_can_move_to_a_reader_thread() {
        fn assert_send<T: Send + 'static>() {}
        assert_send::<OutputPipeline>();
        assert_send::<OutputSummary>();
    }

    #[test]
    fn flush_releases_held_state() {
        let mut pipeline = OutputPipeline::new(&OutputOptions::default()).expect("valid");
        assert_eq!(pipeline.push_bytes(b"a\r"), "a");
        assert_eq!(pipeline.push_bytes(b"\xe2\x82"), "");
        assert_eq!(pipeline.flush(), "\n\u{FFFD}");
        assert_eq!(pipeline.finish(Some("done")).output, "[done]\na\n\u{FFFD}");
    }
}
