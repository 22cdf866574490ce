//! Output to JavaScript: the callbacks a run reports through, and the JS chunk callback as the
//! core's [`ChunkReceiver`] (the delivery loop itself is `crate::output::deliver`).

use napi::bindgen_prelude::*;

use super::js_thread::{JsCallback, JsThread};
use crate::error::Error;
use crate::output::{ChunkReceiver, Received};

/// The chunk callback of a run.
pub type ChunkFn = JsCallback<String>;

/// Each receive is one call of the callback, complete when it returned: a slow callback slows
/// the delivery, and from there the command.
impl ChunkReceiver for ChunkFn {
    fn receive(&mut self, text: String) -> Received<'_> {
        Box::pin(self.call(text))
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
