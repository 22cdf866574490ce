//! A run's output kept for the minimizer as it streams past: a [`ChunkReceiver`] that copies each
//! chunk (bounded) before handing it to the host's receiver, so the raw chunks still stream as
//! they come.

use std::sync::{Arc, Mutex};

use crate::output::{ChunkReceiver, Received};

/// What was captured.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Captured {
    Text(String),
    /// The output passed the capture bound: it is not minimized.
    TooLarge,
}

/// Tees chunks into a bounded buffer, then on to `inner` (when there is one).
pub(crate) struct Capture<R> {
    inner: Option<R>,
    shared: Arc<Mutex<Captured>>,
    max_bytes: usize,
}

impl<R> Capture<R> {
    /// A capture of at most `max_bytes`, and the handle to read it once the run ended.
    pub fn new(inner: Option<R>, max_bytes: usize) -> (Self, CaptureHandle) {
        let shared = Arc::new(Mutex::new(Captured::Text(String::new())));
        let handle = CaptureHandle(shared.clone());
        (
            Capture {
                inner,
                shared,
                max_bytes,
            },
            handle,
        )
    }
}

/// Reads what a [`Capture`] kept.
pub(crate) struct CaptureHandle(Arc<Mutex<Captured>>);

impl CaptureHandle {
    pub fn take(&self) -> Captured {
        match self.0.lock() {
            Ok(mut c) => std::mem::replace(&mut *c, Captured::TooLarge),
            Err(_) => Captured::TooLarge,
        }
    }
}

impl<R: ChunkReceiver> ChunkReceiver for Capture<R> {
    fn receive(&mut self, text: String) -> Received<'_> {
        if let Ok(mut c) = self.shared.lock() {
            if let Captured::Text(buf) = &mut *c {
                if buf.len() + text.len() > self.max_bytes {
                    *c = Captured::TooLarge;
                } else {
                    buf.push_str(&text);
                }
            }
        }
        match &mut self.inner {
            Some(r) => r.receive(text),
            None => Box::pin(async {}),
        }
    }

    fn finish(&mut self) -> Received<'_> {
        match &mut self.inner {
            Some(r) => r.finish(),
            None => Box::pin(async {}),
        }
    }
}
