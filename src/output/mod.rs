//! Output handling: UTF-8 decoding across reads, ANSI stripping, newline normalization, and the
//! sink that keeps a bounded head and tail in memory and spills the full text to an artifact file.
//!
//! [`OutputPipeline`] chains them for a process reader: bytes in, processed text out (to forward to
//! a JS callback), an [`OutputSummary`] at the end. Each stage is usable on its own.
//! [`deliver()`] drives a pipeline from a reader's bounded queue to a [`ChunkReceiver`] the host
//! implements.

mod ansi;
mod artifact;
mod deliver;
mod newline;
mod options;
mod pipeline;
mod sink;
mod utf8;

pub use ansi::{strip_ansi, strip_ansi_borrowed};
pub(crate) use deliver::{deliver, deliver_while, ChunkReceiver, Outbox, Received, CHUNK_QUEUE};
pub use options::{stderr_options, OutputOptions};
pub use pipeline::OutputPipeline;
pub use sink::OutputSummary;
pub(crate) use utf8::{utf16_from_utf8, utf8_from_utf16};
