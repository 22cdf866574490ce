//! Output to JavaScript: the callbacks a run reports through, and the JS chunk callback as the
//! core's [`ChunkReceiver`] (the delivery loop itself is `crate::output::deliver`).

use std::collections::VecDeque;

use napi::bindgen_prelude::*;

use super::js_thread::{JsCallback, JsThread, Returned};
use crate::error::Error;
use crate::output::{ChunkReceiver, Received};

/// Calls of a chunk callback queued to the JS thread at once. With one, every chunk waited for
/// the JS thread to call the callback and tell the runtime it returned, and the JS thread then
/// waited for the next chunk: two wake-ups per chunk, each a few to tens of microseconds, in
/// which neither side worked. With two, the next chunk is there when a call returns, and a slow
/// callback still slows the delivery (and from there the command): at most two chunks (each at
/// most `COALESCE_MAX_BYTES`) wait for the JS thread.
const CALLS_QUEUED: usize = 2;

/// The chunk callback of a run.
pub struct ChunkFn {
    callback: JsCallback<String>,
    /// Told when each queued call returned, oldest first.
    queued: VecDeque<Returned>,
}

/// A receive is done once the callback was queued with fewer than [`CALLS_QUEUED`] calls ahead
/// of it not yet returned; [`ChunkReceiver::finish`] once every call returned.
impl ChunkReceiver for ChunkFn {
    fn receive(&mut self, text: String) -> Received<'_> {
        Box::pin(async move {
            self.queued.extend(self.callback.queue_call(text));
            while self.queued.len() >= CALLS_QUEUED {
                if let Some(returned) = self.queued.pop_front() {
                    returned.wait().await;
                }
            }
        })
    }

    fn finish(&mut self) -> Received<'_> {
        Box::pin(async move {
            while let Some(returned) = self.queued.pop_front() {
                returned.wait().await;
            }
        })
    }
}

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

/// [`callback`] for a run's chunks.
pub fn chunk_callback(
    js: &JsThread,
    env: &Env,
    f: Function<String, ()>,
    what: &str,
) -> crate::error::Result<ChunkFn> {
    Ok(ChunkFn {
        callback: callback(js, env, f, what)?,
        queued: VecDeque::new(),
    })
}
