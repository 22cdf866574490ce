//! Delivery of a run's output to whoever receives it (a JS callback, a job's reader): bytes from
//! the process reader's bounded queue are coalesced, decoded (or run through an
//! [`OutputPipeline`]) and handed to a [`ChunkReceiver`] one piece at a time, each awaited, so a
//! slow receiver backs up into the queue and from there slows the command down.

use std::future::Future;
use std::pin::Pin;

use tokio::sync::mpsc;

use super::pipeline::OutputPipeline;
use super::sink::OutputSummary;
use super::utf8::Utf8Decoder;
use crate::error::{Error, Result};

/// Chunks buffered between the reader and the receiver; with 64 KiB reads this bounds undelivered
/// output to about 1 MiB, after which the command is slowed down.
pub(crate) const CHUNK_QUEUE: usize = 16;

/// Text coalesced into one receive stops growing past this. 64 KiB keeps each string small
/// enough for V8's young generation (objects over 128 KiB go to the large-object space): with
/// 1 MiB strings, streaming 256 MiB stalled the event loop for 13 to 29 ms at a time (full
/// collections), against 2 to 4 ms now, and throughput rose from 0.7-0.8x child_process's to
/// above it.
pub(crate) const COALESCE_MAX_BYTES: usize = 64 << 10;

/// What a [`ChunkReceiver`] returns: done when the text has been taken (for a JS callback: when
/// the callback returned).
pub(crate) type Received<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Takes a run's output as text, in order, never a character split across two receives. The
/// core defines it and the host implements it (napi/: a JS callback), as with
/// `shell::status::StatusWatcher`.
pub(crate) trait ChunkReceiver: Send {
    /// Takes `text` (never empty). Delivery awaits the returned future before the next receive.
    fn receive(&mut self, text: String) -> Received<'_>;

    /// Done when every text received so far has been taken: delivery awaits it after the last
    /// receive. For a receiver whose receive is done before the text was taken (a JS callback
    /// with calls queued ahead, see `napi::stream`).
    fn finish(&mut self) -> Received<'_> {
        Box::pin(async {})
    }
}

/// Delivers what the reader queues on `rx` until every sender is gone: coalesced up to
/// [`COALESCE_MAX_BYTES`] per receive, through `pipeline` when given (which then also keeps the
/// output's summary), else only decoded. What the decoder or the pipeline still holds at the end
/// is flushed as a last receive. Returns once `receiver` took everything, with the pipeline's
/// summary. Runs on any tokio task; needs no host.
pub(crate) async fn deliver<R: ChunkReceiver>(
    mut rx: mpsc::Receiver<Vec<u8>>,
    mut pipeline: Option<OutputPipeline>,
    mut receiver: Option<R>,
) -> Option<OutputSummary> {
    let mut decoder = Utf8Decoder::new();
    while let Some(first) = rx.recv().await {
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
        if let (Some(r), false) = (&mut receiver, text.is_empty()) {
            r.receive(text).await;
        }
    }
    let tail = match &mut pipeline {
        Some(p) => p.flush(),
        None => decoder.finish(),
    };
    if let Some(r) = &mut receiver {
        if !tail.is_empty() {
            r.receive(tail).await;
        }
        r.finish().await;
    }
    pipeline.map(|p| p.finish(None))
}

/// The reader's end of a delivery: what it reads is sent at once while the queue has room, and
/// coalesced while it has none (the receiver is busy), up to [`COALESCE_MAX_BYTES`], past which
/// the reader waits for room (and so stops reading: the writer fills its pipe and waits). So a
/// receiver that keeps up gets each read as it comes, and a busy one gets fewer, larger pieces
/// for the same bytes, whatever size the writer writes in. A reader that holds coalesced bytes
/// must wait for [`Outbox::room`] beside its input, and [`Outbox::flush`] before it ends.
pub(crate) struct Outbox<'a> {
    tx: Option<&'a mpsc::Sender<Vec<u8>>>,
    pending: Vec<u8>,
}

impl<'a> Outbox<'a> {
    pub(crate) fn new(tx: Option<&'a mpsc::Sender<Vec<u8>>>) -> Self {
        Outbox {
            tx,
            pending: Vec::new(),
        }
    }

    /// Hands `bytes` on, or keeps them with what waits for room.
    pub(crate) async fn push(&mut self, bytes: &[u8]) {
        let Some(tx) = self.tx else {
            return;
        };
        if self.pending.is_empty() {
            match tx.try_reserve() {
                Ok(permit) => return permit.send(bytes.to_vec()),
                Err(mpsc::error::TrySendError::Closed(())) => return,
                Err(mpsc::error::TrySendError::Full(())) => {}
            }
        }
        self.pending.extend_from_slice(bytes);
        match tx.try_reserve() {
            Ok(permit) => permit.send(std::mem::take(&mut self.pending)),
            Err(mpsc::error::TrySendError::Full(())) => {
                if self.pending.len() >= COALESCE_MAX_BYTES {
                    self.flush().await;
                }
            }
            Err(mpsc::error::TrySendError::Closed(())) => self.pending.clear(),
        }
    }

    /// Whether bytes wait for room.
    pub(crate) fn holds(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Resolves when the queue has room for what waits (never, when nothing does); then call
    /// [`Outbox::flush`].
    pub(crate) async fn room(&self) {
        match self.tx {
            Some(tx) if self.holds() => {
                let _ = tx.reserve().await;
            }
            _ => std::future::pending().await,
        }
    }

    /// Sends what waits, waiting for room.
    pub(crate) async fn flush(&mut self) {
        if let (Some(tx), true) = (self.tx, self.holds()) {
            if tx.send(std::mem::take(&mut self.pending)).await.is_err() {
                self.pending.clear();
            }
        }
    }
}

/// Runs `run` with the sending end of a delivery to `receiver` through `pipeline` (`None` when
/// neither is given: nothing wants the output, which the run then drains itself), and returns
/// its value with the pipeline's summary once every chunk was received: whoever waits for the
/// run learns of its end only after the last receive.
pub(crate) async fn deliver_while<T, R, F>(
    pipeline: Option<OutputPipeline>,
    receiver: Option<R>,
    run: impl FnOnce(Option<mpsc::Sender<Vec<u8>>>) -> F,
) -> Result<(T, Option<OutputSummary>)>
where
    F: Future<Output = T>,
    R: ChunkReceiver + 'static,
{
    if pipeline.is_none() && receiver.is_none() {
        return Ok((run(None).await, None));
    }
    let (tx, rx) = mpsc::channel(CHUNK_QUEUE);
    let delivery = tokio::spawn(deliver(rx, pipeline, receiver));
    let value = run(Some(tx)).await;
    let summary = delivery
        .await
        .map_err(|e| Error::io("delivering output", std::io::Error::other(e.to_string())))?;
    Ok((value, summary))
}

#[cfg(test)]
#[path = "deliver_tests.rs"]
mod tests;
