//! Output to JavaScript: the callbacks a run reports through, and the delivery loop that decodes,
//! coalesces and hands output to the chunk callback one call at a time, with backpressure.

use napi::bindgen_prelude::*;
use tokio::sync::mpsc;

use super::js_thread::{JsCallback, JsThread};
use super::output::JsOutputSummary;
use crate::error::Error;
use crate::output::{OutputPipeline, Utf8Decoder};

/// Chunks buffered between the reader and the callback; with 64 KiB reads this bounds undelivered
/// output to about 1 MiB, after which the command is slowed down.
pub const CHUNK_QUEUE: usize = 16;
/// Text coalesced into one callback stops growing past this. 64 KiB keeps each string small
/// enough for V8's young generation (objects over 128 KiB go to the large-object space): with
/// 1 MiB strings, streaming 256 MiB stalled the event loop for 13 to 29 ms at a time (full
/// collections), against 2 to 4 ms now, and throughput rose from 0.7-0.8x child_process's to
/// above it.
const COALESCE_MAX_BYTES: usize = 64 << 10;

/// The chunk callback of a run.
pub type ChunkFn = JsCallback<String>;

/// Makes a JS callback callable from the runtime's threads, through its owner's `JsThread`.
pub fn callback<T: 'static + Send + ToNapiValue>(
    js: &JsThread,
    env: &Env,
    f: Function<T, ()>,
    what: &str,
) -> crate::error::Result<JsCallback<T>> {
    js.callback(env, f).map_err(|e| {
        Error::io(
            format!("creating the {what} callback"),
            std::io::Error::other(e.reason.clone()),
        )
    })
}

/// The delivery side: coalesces what the reader queued, runs it through the sink, hands it to JS
/// one call at a time (awaiting each, so a slow callback backs up into the bounded queue).
pub async fn deliver(
    mut rx: mpsc::Receiver<Vec<u8>>,
    mut pipeline: Option<OutputPipeline>,
    chunk_fn: Option<ChunkFn>,
) -> Option<JsOutputSummary> {
    let mut decoder = Utf8Decoder::new();
    loop {
        let Some(first) = rx.recv().await else { break };
        let mut bytes = first;
        while bytes.len() < COALESCE_MAX_BYTES {
            match rx.try_recv() {
                Ok(more) => bytes.extend_from_slice(&more),
                Err(_) => break,
            }
        }
        let text = match &mut pipeline {
            Some(p) => p.push_bytes(&bytes),
            None => decoder.push(&bytes),
        };
        if let (Some(f), false) = (&chunk_fn, text.is_empty()) {
            f.call(text).await;
        }
    }
    let tail = match &mut pipeline {
        Some(p) => p.flush(),
        None => decoder.finish(),
    };
    if let (Some(f), false) = (&chunk_fn, tail.is_empty()) {
        f.call(tail).await;
    }
    pipeline.map(|p| p.finish(None).into())
}
